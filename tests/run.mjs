#!/usr/bin/env node
// npm test: installs what is missing, builds, and runs every suite, as many
// steps at once as the machine has cores (tests/runner/suites.mjs lists them,
// tests/runner/schedule.mjs runs them), then prints a table: each step, its
// time and its count of tests. A failed step's log is printed whole.
//
// Usage: node tests/run.mjs [--quick] [--fuzz SECONDS] [--jobs N]
//   --quick         the inner loop (npm run test:quick): no sanitizers, no oracle unit
//                   tests or matrix, and the browser's core paths only
//   --fuzz SECONDS  every libFuzzer target too, each for SECONDS on one core (.ci/run: 60)
//   --jobs N        steps at once (default: the cores)
import { mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { runSteps } from './runner/schedule.mjs';
import { suites } from './runner/suites.mjs';
import { table } from './runner/table.mjs';

const USAGE = 'usage: node tests/run.mjs [--quick] [--fuzz SECONDS] [--jobs N]';

function parseArgs(argv) {
  const opts = { quick: false, fuzzSeconds: 0, jobs: availableParallelism() };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || !/^[1-9][0-9]{0,5}$/.test(v)) throw new Error(`${flag} takes a whole number of 1 or more (got ${v === undefined ? 'nothing' : JSON.stringify(v)})`);
      return Number(v);
    };
    if (flag === '--quick') opts.quick = true;
    else if (flag === '--fuzz') opts.fuzzSeconds = value();
    else if (flag === '--jobs') opts.jobs = value();
    else throw new Error(`unknown flag ${JSON.stringify(argv[i])}`);
  }
  return opts;
}

let opts;
try {
  opts = parseArgs(process.argv.slice(2));
} catch (e) {
  console.error(`tests/run.mjs: ${e.message}\n${USAGE}`);
  process.exit(2);
}

const root = fileURLToPath(new URL('../', import.meta.url));
const logDir = `${root}build-logs`;
mkdirSync(logDir, { recursive: true });
const steps = suites(opts);
const t0 = Date.now();
const clock = () => `${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s`;
console.log(`${opts.quick ? 'test:quick' : 'npm test'}: ${steps.length} steps, ${opts.jobs} at once; logs in build-logs/`);

const outcomes = await runSteps(steps, {
  slots: opts.jobs,
  logDir,
  cwd: root,
  onEvent(kind, step, outcome) {
    if (kind === 'start') return;
    const mark = { passed: 'ok  ', failed: 'FAIL', skipped: 'skip' }[outcome.status];
    console.log(`${clock()}  ${mark} ${step.name}${outcome.seconds ? ` (${outcome.seconds.toFixed(1)} s)` : ''}${outcome.why ? `: ${outcome.why}` : ''}`);
    if (outcome.status === 'failed') {
      // The whole log of what failed: CI keeps only what is printed.
      console.log(`----- ${step.name}: ${outcome.log} -----`);
      process.stdout.write(readFileSync(outcome.log, 'utf8'));
      console.log(`----- end of ${step.name} -----`);
    }
  },
});

const wall = (Date.now() - t0) / 1000;
console.log(`\n${table(steps, outcomes, { wall, jobs: opts.jobs })}`);
const failed = [...outcomes.values()].filter((o) => o.status !== 'passed').length;
process.exit(failed ? 1 : 0);
