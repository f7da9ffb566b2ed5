// npm test's runner must never call a failed suite passed: its readers of each
// tool's closing lines, its verdict on a step, and its graph (a failed step's
// dependants skipped, the rest still run). Run: node --test tests/runner/
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import * as count from './counts.mjs';
import { judge, runSteps } from './schedule.mjs';
import { suites } from './suites.mjs';
import { table } from './table.mjs';

const logDir = mkdtempSync(join(tmpdir(), 'rl-runner-'));
after(() => rmSync(logDir, { recursive: true, force: true }));

test('ctest: passed and failed out of the total', () => {
  assert.deepEqual(count.ctest('...\n100% tests passed, 0 tests failed out of 21\n\nTotal Test time (real) =  40.22 sec'), { passed: 21, failed: 0 });
  assert.deepEqual(count.ctest('95% tests passed, 1 tests failed out of 21\n'), { passed: 20, failed: 1 });
  assert.equal(count.ctest('No tests were found!!!'), null);
});

test('TAP: the closing pass and fail, cancelled counted as failed', () => {
  const tap = (p, f, c) => `ok 1 - x\n1..3\n# tests 3\n# suites 0\n# pass ${p}\n# fail ${f}\n# cancelled ${c}\n# skipped 0\n`;
  assert.deepEqual(count.tap(tap(198, 0, 0)), { passed: 198, failed: 0 });
  assert.deepEqual(count.tap(tap(196, 1, 1)), { passed: 196, failed: 2 });
  // A subtest's own "# pass" lines are indented; only the last closing one counts.
  assert.deepEqual(count.tap(`    # pass 5\n${tap(7, 0, 0)}`), { passed: 7, failed: 0 });
  assert.equal(count.tap('not ok 1 - crashed before the summary'), null);
});

test('Vitest: its Tests line, coloured or not', () => {
  assert.deepEqual(count.vitest(' Test Files  25 passed (25)\n      Tests  3486 passed (3486)\n'), { passed: 3486, failed: 0 });
  const red = '\x1b[2m      Tests \x1b[22m \x1b[1m\x1b[31m14 failed\x1b[39m\x1b[22m\x1b[2m | \x1b[22m\x1b[1m\x1b[32m3472 passed\x1b[39m\x1b[22m\x1b[90m (3486)\x1b[39m';
  assert.deepEqual(count.vitest(red), { passed: 3472, failed: 14 });
  assert.equal(count.vitest('Error: no test files found'), null);
});

test('the plain closing line, and a fuzz target', () => {
  assert.deepEqual(count.passedFailed('453 vectors not computed\n500 passed, 0 failed\n'), { passed: 500, failed: 0 });
  assert.deepEqual(count.passedFailed('cli: 289 passed, 1 failed'), { passed: 289, failed: 1 });
  const clean = '== fuzz_lint: 60s\n  stat::number_of_executed_units: 147170\nfuzz_lint: no findings\n';
  assert.deepEqual(count.fuzz(clean), { passed: 1, failed: 0, runs: 147170 });
  assert.deepEqual(count.fuzz('FUZZ FINDING in fuzz_lint (exit 1)\nfuzz_lint: FAILED (1 file(s)):\n'), { passed: 0, failed: 1, runs: undefined });
  assert.equal(count.fuzz('fuzz: build-fuzz/fuzz_lint is not built'), null);
});

test('a step passes only on exit 0 with tests run and none failed', () => {
  const tests = { count: count.passedFailed };
  assert.equal(judge(tests, 0, null, '3 passed, 0 failed').status, 'passed');
  assert.equal(judge(tests, 1, null, '3 passed, 0 failed').status, 'failed', 'a non-zero exit fails whatever it printed');
  assert.equal(judge(tests, 0, null, '3 passed, 1 failed').status, 'failed', 'a failed test fails an exit 0');
  assert.equal(judge(tests, 0, null, '0 passed, 0 failed').status, 'failed', 'no test run is a failure');
  assert.equal(judge(tests, 0, null, 'nothing to say').status, 'failed', 'no closing count is a failure');
  assert.equal(judge(tests, null, 'SIGKILL', '3 passed, 0 failed').status, 'failed');
  assert.equal(judge({}, 0, null, '').status, 'passed', 'a build step has no count');
  assert.equal(judge({}, 2, null, '').status, 'failed');
});

const sh = (script) => ['bash', '-c', script];

test('the graph: a failed step skips what needs it, the others still run, and the table says so', async () => {
  const steps = [
    { name: 'build', what: 'fails', cmd: sh('echo broken; exit 3') },
    { name: 'uses-build', what: 'needs build', cmd: sh('echo "1 passed, 0 failed"'), after: ['build'], count: count.passedFailed },
    { name: 'alone', what: 'needs nothing', cmd: sh('echo "2 passed, 0 failed"'), count: count.passedFailed },
  ];
  const events = [];
  const outcomes = await runSteps(steps, { slots: 2, logDir, cwd: process.cwd(), onEvent: (kind, s) => events.push(`${kind} ${s.name}`) });
  assert.equal(outcomes.get('build').status, 'failed');
  assert.equal(outcomes.get('build').why, 'exit 3');
  assert.equal(outcomes.get('uses-build').status, 'skipped');
  assert.ok(!events.includes('start uses-build'), 'a step after a failure never starts');
  assert.equal(outcomes.get('alone').status, 'passed');
  assert.deepEqual(outcomes.get('alone').counts, { passed: 2, failed: 0 });
  const printed = table(steps, outcomes, { wall: 1, jobs: 2 });
  assert.match(printed, /^build +failed/m);
  assert.match(printed, /^uses-build +skipped/m);
  // The closing line counts the failed steps that had no counts of their own.
  assert.match(printed, /\n2 passed, 2 failed$/);
});

test('the graph: never more steps at once than slots, and a step only after those it needs', async () => {
  const marks = join(logDir, 'marks');
  const step = (name, after = []) => ({ name, what: name, after, cmd: sh(`echo "start ${name}" >> ${marks}; sleep 0.2; echo "end ${name}" >> ${marks}`) });
  const steps = [step('a'), step('b'), step('c', ['a']), step('d', ['c', 'b'])];
  const outcomes = await runSteps(steps, { slots: 2, logDir, cwd: process.cwd() });
  assert.ok([...outcomes.values()].every((o) => o.status === 'passed'));
  const { readFileSync } = await import('node:fs');
  const lines = readFileSync(marks, 'utf8').trim().split('\n');
  let running = 0;
  for (const line of lines) {
    running += line.startsWith('start') ? 1 : -1;
    assert.ok(running <= 2, `at most 2 at once: ${lines.join(', ')}`);
  }
  const at = (l) => lines.indexOf(l);
  assert.ok(at('end a') < at('start c'), 'c after a');
  assert.ok(at('end c') < at('start d') && at('end b') < at('start d'), 'd after c and b');
});

test('the suites: every step a step needs is listed, and every test step reads its counts', () => {
  for (const opts of [{}, { quick: true }, { fuzzSeconds: 60 }]) {
    const steps = suites(opts);
    const names = new Set(steps.map((s) => s.name));
    assert.equal(names.size, steps.length, 'names are unique');
    for (const s of steps) for (const a of s.after ?? []) assert.ok(names.has(a), `${s.name} needs ${a}`);
    for (const s of steps) if (!s.name.startsWith('build:') && !s.name.startsWith('setup:')) assert.ok(s.count, `${s.name} reads its counts`);
  }
  const full = suites({ fuzzSeconds: 60 }).map((s) => s.name);
  for (const name of ['native', 'native:san', 'vitest', 'oracle:vectors', 'oracle', 'matrix', 'browser', 'runner', 'fuzz:config', 'fuzz:analysis', 'fuzz:request', 'fuzz:lint']) {
    assert.ok(full.includes(name), `CI runs ${name}`);
  }
});
