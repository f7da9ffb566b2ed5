// The check must pass on the corpus as committed and fail, naming the vector
// and the path, when a single stored figure is wrong. Run: node --test tests/oracle/

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const CORPUS = fileURLToPath(new URL('../vectors/', import.meta.url));
const SCRIPT = fileURLToPath(new URL('./vectors.mjs', import.meta.url));
const scratch = [];
after(() => scratch.forEach((d) => rmSync(d, { recursive: true, force: true })));

function run(...args) {
  const r = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  return { status: r.status, out: r.stdout + r.stderr };
}

function copyCorpus() {
  const dir = mkdtempSync(join(tmpdir(), 'oracle-vectors-'));
  scratch.push(dir);
  cpSync(CORPUS, dir, { recursive: true });
  return dir;
}

// The first vector that is not printed-precision, has no error, and expects `path` with no tol.
function pick(dir, path) {
  for (const file of ['worked-numbers.json', 'fit.json', 'tp.json']) {
    const doc = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const v = doc.vectors.find((x) => !x.error && !x.name.endsWith('-printed') && x.expected?.[path] !== undefined && x.tol?.[path] === undefined);
    if (v) return { file, doc, v };
  }
  throw new Error(`no vector expects ${path}`);
}

const save = (dir, file, doc) => writeFileSync(join(dir, file), `${JSON.stringify(doc, null, 2)}\n`);

test('the committed corpus passes the check', () => {
  const r = run('--check', '--dir', CORPUS);
  assert.equal(r.status, 0, r.out);
  assert.match(r.out, /^\d+ passed, 0 failed$/m);
  assert.match(r.out, /^\d+ vectors not computed/m);
});

test('a weights figure nudged by one part in a million fails the check', () => {
  const dir = copyCorpus();
  const path = 'memory.weights_gib_per_gpu';
  const { file, doc, v } = pick(dir, path);
  v.expected[path] *= 1 + 1e-6;
  save(dir, file, doc);
  const r = run('--check', '--dir', dir);
  assert.notEqual(r.status, 0, r.out);
  assert.ok(r.out.split('\n').some((l) => l.startsWith('FAIL') && l.includes(` ${v.name} ${path}:`)), r.out);
  assert.match(r.out, /^\d+ passed, 1 failed$/m);
});

test('a changed verdict fails the check', () => {
  const dir = copyCorpus();
  const { file, doc, v } = pick(dir, 'verdict');
  v.expected.verdict = v.expected.verdict === 'fits' ? 'tight' : 'fits';
  save(dir, file, doc);
  const r = run('--check', '--dir', dir);
  assert.notEqual(r.status, 0, r.out);
  assert.ok(r.out.split('\n').some((l) => l.startsWith('FAIL') && l.includes(` ${v.name} verdict:`)), r.out);
});

test('a remedy missing from the set fails the check', () => {
  const dir = copyCorpus();
  const file = 'remedies.json';
  const doc = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const v = doc.vectors.find((x) => x.remedies?.length > 1);
  v.remedies = v.remedies.slice(1);
  save(dir, file, doc);
  const r = run('--check', '--dir', dir);
  assert.notEqual(r.status, 0, r.out);
  assert.ok(r.out.includes(` ${v.name} remedies:`), r.out);
});

test('--write restores a wrong figure and leaves printed-precision vectors alone', () => {
  const dir = copyCorpus();
  const path = 'memory.weights_gib_per_gpu';
  const { file, doc, v } = pick(dir, path);
  const right = v.expected[path];
  v.expected[path] = right * 2;
  const printed = doc.vectors.find((x) => x.name.endsWith('-printed'));
  save(dir, file, doc);
  const r = run('--write', '--dir', dir);
  assert.equal(r.status, 0, r.out);
  const after = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const back = after.vectors.find((x) => x.name === v.name);
  assert.ok(Math.abs(back.expected[path] - right) <= 1e-15 * right, `${back.expected[path]} vs ${right}`);
  if (printed) assert.deepEqual(after.vectors.find((x) => x.name === printed.name).expected, printed.expected);
});

// The arithmetic a comment shows (derivation.mjs): a figure in a "Derivation:" that the
// oracle's value does not round to fails the check, naming the comment's figure, and
// --write prints it again at the digits it had.
test('a derivation showing a stale figure fails the check, and --write prints the oracle\'s', () => {
  const dir = copyCorpus();
  const file = 'fit.json';
  const doc = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const v = doc.vectors.find((x) => /step = [\d.]+ ms/.test(x.comment ?? '') && x.expected?.['decode.step_ms'] !== undefined);
  const right = v.comment.match(/step = ([\d.]+) ms/)[1];
  v.comment = v.comment.replace(`step = ${right} ms`, `step = ${(Number(right) * 1.001).toPrecision(8)} ms`);
  save(dir, file, doc);
  const stale = run('--check', '--dir', dir);
  assert.notEqual(stale.status, 0, stale.out);
  assert.ok(stale.out.split('\n').some((l) => l.startsWith('FAIL') && l.includes(` ${v.name} comment: decode.step_ms:`)), stale.out);
  assert.equal(run('--write', '--dir', dir).status, 0);
  const back = JSON.parse(readFileSync(join(dir, file), 'utf8')).vectors.find((x) => x.name === v.name);
  assert.equal(back.comment.match(/step = ([\d.]+) ms/)[1], right);
  assert.equal(run('--check', '--dir', dir).status, 0);
});

test('a derivation with a formula the analysis no longer computes fails the check', () => {
  const dir = copyCorpus();
  const file = 'fit.json';
  const doc = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const v = doc.vectors.find((x) => (x.comment ?? '').includes('2*(N_act - N_in)'));
  v.comment = v.comment.replace('2*(N_act - N_in)', '2*N_act');
  save(dir, file, doc);
  const r = run('--check', '--dir', dir);
  assert.notEqual(r.status, 0, r.out);
  assert.ok(r.out.includes(` ${v.name} comment: formula: stored 2*N_act`), r.out);
});
