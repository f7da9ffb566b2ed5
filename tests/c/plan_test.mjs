#!/usr/bin/env node
// roofline-lint --plan against an exhaustive search of a small grid:
// every candidate, re-analysed alone, fits and meets the targets with the same
// cost; and no setup of the grid, at any batch, is cheaper than the plan's
// cheapest, for buying and for renting. Usage: node plan_test.mjs path/to/roofline-lint
// The grid's setups go through one `roofline-lint --requests -`, a line each (under
// ASan, 1,561 processes took two minutes); each candidate is re-run alone, from flags.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import assert from 'node:assert/strict';

const cli = process.argv[2];
if (!cli) {
  console.error('usage: plan_test.mjs ROOFLINE_LINT');
  process.exit(2);
}
const run = (args) => {
  try {
    return JSON.parse(execFileSync(cli, [...args, '--json'], { encoding: 'utf8' }));
  } catch (e) {
    if (e.stdout) return JSON.parse(e.stdout); // exit 3: a refusal, still JSON
    throw e;
  }
};

const gpus = ['t4', 'rtx-3090'];
const precision = 'fp8';
const targets = { ttft: 400, speed: 25 };
const workload = ['--model', 'llama-3-8b', '--requests-per-day', '50000', '--input-tokens', '1000', '--output-tokens', '300',
  '--idle-watts', '40'];
const plan = run(['--plan', ...workload, '--gpus', gpus.join(','), '--precision', precision,
  '--max-ttft-ms', String(targets.ttft), '--min-tokens-per-s-user', String(targets.speed), '--top', '1000']).plan;
assert.ok(plan.candidates.length > 0, 'the plan finds candidates');
assert.equal(plan.basis, 'realistic', "the plan holds setups to the engine's expected figures");
assert.equal(plan.searched, gpus.length * 4 * 4, 'every setup of the grid is searched');

// What the plan holds a setup to, from a plain analysis of it.
function judge(r, batch) {
  if (!r.fits || r.level === 'tight' || !r.cost) return null;
  const c = r.cost, a = Object.fromEntries(c.assumptions.map((x) => [x.name, x.value]));
  // One request's step under the traffic: the batch's step, and between two of them the prefills of
  // the requests that replace the batch's other batch - 1, one each per output_tokens steps.
  const loaded = a.step_ms + ((batch - 1) * a.prefill_ms) / c.workload.output_tokens;
  const speed = 1000 / loaded;
  // The engine's fixed TTFT overhead plus the expected prefill of the input tokens (the cost's).
  assert.equal(c.basis, 'realistic', 'a fit is costed on the realistic estimate');
  const ttft = r.realistic.ttft_ms - r.realistic.prefill_ms + a.prefill_ms;
  const inFlight = (c.workload.requests_per_day / 86400) * ((a.prefill_ms + c.workload.output_tokens * loaded) / 1000);
  return { speed, ttft, inFlight, ok: speed >= targets.speed && ttft <= targets.ttft && (batch === 1 || batch <= inFlight),
    buy: c.buy?.usd_per_mtok_out, cloud: c.cloud?.usd_per_mtok_out };
}
const setupArgs = (gpu, tp, pp, batch) => [...workload, '--gpu', gpu, '--tp', String(tp), '--pp', String(pp), '--precision', precision,
  '--batch', String(batch)];
// The same setup as a request object (the field table's keys for the flags above).
const setupRequest = (gpu, tp, pp, batch) => ({
  model: 'llama-3-8b', requests_per_day: 50000, input_tokens: 1000, output_tokens: 300, idle_watts: 40,
  gpu, tp, pp, precision, batch,
});

// One CLI answering the grid, a question at a time: --requests flushes each answer before reading on.
const answering = spawn(cli, ['--requests', '-'], { stdio: ['pipe', 'pipe', 'inherit'] });
const answers = createInterface({ input: answering.stdout })[Symbol.asyncIterator]();
async function ask(request) {
  answering.stdin.write(`${JSON.stringify(request)}\n`);
  const { value, done } = await answers.next();
  assert.ok(!done, 'roofline-lint --requests answers every line');
  const r = JSON.parse(value);
  refusedAny ||= r.fits === false;
  return r;
}
let refusedAny = false;

// 1. Each candidate, alone.
for (const c of plan.candidates) {
  const r = run(setupArgs(c.gpu, c.tp, c.pp, c.batch));
  const j = judge(r, c.batch);
  assert.ok(j && j.ok, `${c.gpu} tp ${c.tp} pp ${c.pp} batch ${c.batch}: fits and meets the targets alone`);
  assert.equal(j[c.option], c.usd_per_mtok_out, `${c.gpu} tp ${c.tp} pp ${c.pp} batch ${c.batch}: the same ${c.option} cost alone`);
  assert.equal(r.config.precision, c.precision);
}

// 2. The whole grid, every batch up to where the traffic can no longer fill it:
// the cheapest batch of each setup is the one the plan lists for it.
const best = { buy: Infinity, cloud: Infinity };
const listed = (gpu, tp, pp, option) => plan.candidates.find((c) => c.gpu === gpu && c.tp === tp && c.pp === pp && c.option === option);
let points = 0;
for (const gpu of gpus)
  for (const tp of [1, 2, 4, 8])
    for (const pp of [1, 2, 3, 4])
      for (let batch = 1, setupBest = { buy: Infinity, cloud: Infinity }; ; batch++) {
        const r = await ask(setupRequest(gpu, tp, pp, batch));
        points++;
        const j = judge(r, batch);
        if (j?.ok) for (const o of ['buy', 'cloud']) if (j[o] !== undefined) setupBest[o] = Math.min(setupBest[o], j[o]);
        const done = !r.fits || r.level === 'tight' || (j && batch > 1 && batch > j.inFlight);
        if (done) {
          for (const o of ['buy', 'cloud']) {
            best[o] = Math.min(best[o], setupBest[o]);
            assert.equal(listed(gpu, tp, pp, o)?.usd_per_mtok_out ?? Infinity, setupBest[o], `${gpu} tp ${tp} pp ${pp} ${o}: the plan lists the setup's cheapest batch`);
          }
        }
        // Past the memory, or past what the traffic keeps in flight, no larger batch qualifies.
        if (!r.fits || r.level === 'tight' || (j && batch > 1 && batch > j.inFlight)) break;
        assert.ok(batch < 4096, 'the grid ends');
      }
answering.stdin.end();
const [exitCode] = await once(answering, 'exit');
assert.equal(exitCode, refusedAny ? 3 : 0, '--requests: no line was bad; 3 when a setup of the grid was refused');
for (const option of ['buy', 'cloud']) {
  const cheapest = plan.candidates.filter((c) => c.option === option).map((c) => c.usd_per_mtok_out)[0] ?? Infinity;
  assert.equal(cheapest, best[option], `${option}: the plan's cheapest is the grid's cheapest`);
}
console.log(`plan: ${plan.candidates.length} candidates checked alone; ${points} grid points, none cheaper (buy ${best.buy}, cloud ${best.cloud})`);

// 3. Its refusals: what it cannot plan is a usage error (exit 2) naming the flag, and targets no setup meets give no candidate (exit 3).
const status = (args) => {
  try {
    execFileSync(cli, args, { encoding: 'utf8', stdio: 'pipe' });
    return { code: 0 };
  } catch (e) {
    return { code: e.status, out: `${e.stdout}${e.stderr}` };
  }
};
assert.equal(status(['--plan', '--model', 'llama-3-8b']).code, 2, 'no workload: nothing to rank');
const fixed = status(['--plan', ...workload, '--tp', '2', '--json']);
assert.equal(fixed.code, 2, '--tp is what the plan searches');
assert.match(fixed.out, /"field":"--tp"/);
const impossible = status(['--plan', ...workload, '--gpus', 't4', '--min-tokens-per-s-user', '1e9']);
assert.equal(impossible.code, 3, 'no setup meets an impossible speed');
assert.match(impossible.out, /none: no setup/);
console.log('plan: usage errors and an impossible target behave');
