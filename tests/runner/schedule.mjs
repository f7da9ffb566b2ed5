// Runs steps as a graph on a fixed number of slots (the machine's cores): a
// step starts once every step it comes after has passed and a slot is free,
// earliest-listed first, so the list's order is the priority (the longest chain
// first). Each step's output goes to its own log file; a failed step's
// dependants are skipped, and the others still run, so one run reports every
// failure it can.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * @typedef {object} Step
 * @property {string} name       unique; also its log's file name
 * @property {string[]} cmd      argv, run from the repository root
 * @property {string[]} [after]  names of the steps it needs
 * @property {object} [env]      added to the environment
 * @property {(log: string) => ({passed:number, failed:number, runs?:number} | null)} [count]
 *   a test step's reader of its own counts (tests/runner/counts.mjs); none for a build step
 *
 * @typedef {object} Outcome
 * @property {'passed'|'failed'|'skipped'} status
 * @property {number} seconds   wall time of the step (0 when skipped)
 * @property {{passed:number, failed:number, runs?:number} | null} counts
 * @property {string} log       path of its log file
 * @property {string} [why]     for a failure or a skip, in words
 */

/** A step's verdict from its exit code and its own counts: both must say it passed, and a test step must have run tests. */
export function judge(step, code, signal, logText) {
  const counts = step.count ? step.count(logText) : null;
  if (signal) return { status: 'failed', counts, why: `killed by ${signal}` };
  if (code !== 0) return { status: 'failed', counts, why: `exit ${code}` };
  if (step.count && !counts) return { status: 'failed', counts, why: 'its output has no closing count' };
  if (counts && counts.failed > 0) return { status: 'failed', counts, why: `${counts.failed} failed` };
  if (counts && counts.passed === 0) return { status: 'failed', counts, why: 'it ran no test' };
  return { status: 'passed', counts };
}

/**
 * Runs the steps; resolves to a Map name -> Outcome once every step has passed, failed or been skipped.
 * onEvent(kind, step, outcome) is called at 'start' and 'end'.
 */
export function runSteps(steps, { slots, logDir, cwd, onEvent = () => {} }) {
  const names = new Set(steps.map((s) => s.name));
  for (const s of steps) {
    for (const a of s.after ?? []) if (!names.has(a)) throw new Error(`step ${s.name} comes after ${a}, which is not a step`);
  }
  const outcomes = new Map();
  const running = new Map();
  return new Promise((resolve) => {
    const pump = () => {
      // Skip what can no longer run: a step after one that did not pass.
      let changed = true;
      while (changed) {
        changed = false;
        for (const s of steps) {
          if (outcomes.has(s.name) || running.has(s.name)) continue;
          const blocker = (s.after ?? []).find((a) => outcomes.has(a) && outcomes.get(a).status !== 'passed');
          if (blocker) {
            outcomes.set(s.name, { status: 'skipped', seconds: 0, counts: null, log: '', why: `${blocker} did not pass` });
            onEvent('end', s, outcomes.get(s.name));
            changed = true;
          }
        }
      }
      for (const s of steps) {
        if (running.size >= slots) break;
        if (outcomes.has(s.name) || running.has(s.name)) continue;
        if ((s.after ?? []).every((a) => outcomes.get(a)?.status === 'passed')) start(s);
      }
      if (running.size === 0 && outcomes.size === steps.length) resolve(outcomes);
    };
    const start = (s) => {
      const log = join(logDir, `${s.name.replace(/[^A-Za-z0-9_.-]+/g, '-')}.log`);
      const fd = openSync(log, 'w');
      const t0 = Date.now();
      // Its own process group, so that an interrupt stops it with all it started.
      const child = spawn(s.cmd[0], s.cmd.slice(1), {
        cwd, env: { ...process.env, ...s.env }, stdio: ['ignore', fd, fd], detached: true,
      });
      running.set(s.name, child);
      onEvent('start', s);
      let done = false;
      const finish = (code, signal) => {
        if (done) return;
        done = true;
        closeSync(fd);
        running.delete(s.name);
        const outcome = { ...judge(s, code, signal, readFileSync(log, 'utf8')), seconds: (Date.now() - t0) / 1000, log };
        outcomes.set(s.name, outcome);
        onEvent('end', s, outcome);
        pump();
      };
      // A command that cannot start (not installed): exit 127, as a shell says it.
      child.on('error', () => finish(127, null));
      child.on('exit', finish);
    };
    const stop = (signal) => {
      for (const child of running.values()) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      process.exit(signal === 'SIGINT' ? 130 : 143);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    pump();
  });
}
