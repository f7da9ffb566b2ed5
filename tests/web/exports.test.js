// The built module exports every function core/wasm/exports.txt lists.
import { readFileSync, readdirSync } from 'node:fs';
import { expect, test } from 'vitest';
import { FEATURE_EXPORTS, addFeatures, loadCore } from '../../web/src/core/loader.js';
import { ROOT, loadTestCore } from './core.js';

const listed = readFileSync(new URL('core/wasm/exports.txt', ROOT), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

test('exports.txt lists the bridge functions', () => {
  expect(listed.length).toBeGreaterThan(0);
});

test('the module exports every name in exports.txt', async () => {
  const core = await loadTestCore();
  const missing = listed.filter((name) => !core.exportNames.includes(name));
  expect(missing).toEqual([]);
});

test('the loader can time the core (rlw_bench)', async () => {
  const core = await loadTestCore();
  const run = core.bench({ model: 'qwen3-4b', gpu: 'a100-40g' }, 640);
  expect(run.iterations).toBe(640);
  expect(run.fits).toBe(570); // batches 1..64 cycle; the first 57 of each 64 fit
  expect(run.analysesPerSecond).toBeGreaterThan(0);
});

// The hosted page's first module (roofline-verdict.wasm): exports-verdict.txt's names, a subset of
// exports.txt, none of the features the full module adds; the same sources, so the same reports.
const readList = (name) => readFileSync(new URL(`core/wasm/${name}`, ROOT), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
const verdictListed = readList('exports-verdict.txt');
const loadVerdictCore = () => loadCore(readFileSync(new URL('web/generated/roofline-verdict.wasm', ROOT)));

test('the verdict module exports exports-verdict.txt, a subset of exports.txt, and none of the features', async () => {
  expect(verdictListed.filter((name) => !listed.includes(name))).toEqual([]);
  const verdict = await loadVerdictCore();
  expect(verdictListed.filter((name) => !verdict.exportNames.includes(name))).toEqual([]);
  expect(FEATURE_EXPORTS.filter((name) => verdict.exportNames.includes(name))).toEqual([]);
  expect(FEATURE_EXPORTS.filter((name) => !listed.includes(name))).toEqual([]);
  expect(() => verdict.lint('vllm serve x', { gpu: 'h100-sxm' })).toThrow(/rlw_lint/);
});

// The verdict module computes no cost (CMakeLists.txt, RL_COST=0; no price presets: gen_presets.cmake, NO_PRICES:
// a cost is no part of a first verdict), so the page's cost panel waits for the full module's analyze (start.js,
// addFeatures). A report of a request with a workload differs by its cost alone: the verdict module's has none.
// A cost's own refusal (requests_per_day: a traffic no count of copies serves) is the full module's too:
// the verdict module's report of such a request is the analysis without it, which the full module's error replaces.
function withoutCost(verdictReport, fullReport) {
  if (fullReport?.error && !verdictReport?.error && fullReport.error.field === 'requests_per_day') return [verdictReport, 1];
  if (!fullReport || typeof fullReport !== 'object' || !('cost' in fullReport)) return [fullReport, 0];
  expect(verdictReport).not.toHaveProperty('cost');
  const { cost, ...rest } = fullReport;
  return [rest, 1];
}

const SCALE_OUT_KEYS = ['nodes', 'gpus_per_node', 'scale_out_link', 'ep', 'redundant_experts', 'ep_imbalance', 'dp_attention',
  'prefill_instances', 'prefill_tp', 'decode_instances'];
function withoutScaleOut(report) {
  if (!report || typeof report !== 'object') return report;
  const { topology, ep, dp_attention: dp, disaggregation, ...rest } = report;
  if (rest.config) rest.config = Object.fromEntries(Object.entries(rest.config).filter(([k]) => !SCALE_OUT_KEYS.includes(k)));
  return rest;
}

test('the verdict module reports every vector and preset as the full module does, but the cost and scale-out; addFeatures gives it the rest', async () => {
  const [verdict, full] = await Promise.all([loadVerdictCore(), loadTestCore()]);
  expect(verdict.presets()).toEqual(full.presets());
  const dir = new URL('tests/vectors/', ROOT);
  let compared = 0;
  let costed = 0;
  for (const file of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    for (const v of JSON.parse(readFileSync(new URL(file, dir), 'utf8')).vectors ?? []) {
      if (typeof v.lint === 'string') continue;
      const request = typeof v.request_text === 'string' ? v.request_text : v.input;
      const config = typeof v.config_text === 'string' ? v.config_text : undefined;
      // Scale-out (nodes, links, expert parallelism) is the full module's alone (CMakeLists.txt, RL_SCALE_OUT):
      // a request naming one of its keys waits for it, and the verdict module reports no topology, ep or echo of them.
      if (SCALE_OUT_KEYS.some((k) => Object.hasOwn(v.input ?? {}, k))) continue;
      const fromVerdict = verdict.analyze(request, config);
      const [fromFull, costs] = withoutCost(fromVerdict, withoutScaleOut(full.analyze(request, config)));
      costed += costs;
      expect(fromVerdict, v.name).toEqual(fromFull);
      compared++;
    }
  }
  expect(compared).toBeGreaterThan(100);
  expect(costed).toBeGreaterThan(20);
  const priced = { model: 'llama-3-70b', gpu: 'h100-sxm', tp: 2, precision: 'fp8', requests_per_day: 10000, input_tokens: 1000, output_tokens: 500 };
  expect(verdict.analyze(priced)).not.toHaveProperty('cost');
  addFeatures(verdict, full);
  expect(verdict.analyze(priced)).toEqual(full.analyze(priced));
  expect(verdict.analyze(priced).cost.assumptions.find((a) => a.name === 'usd_per_gpu_hour').source).toMatch(/^RunPod .*\): .*runpod\.io/);
  const request = { model: 'qwen3-4b', gpu: 'a100-40g', batch: 8 };
  expect(verdict.sweep(request)).toEqual(full.sweep(request));
  expect(verdict.lint('vllm serve Qwen/Qwen3-4B', { gpu: 'a100-40g' })).toEqual(full.lint('vllm serve Qwen/Qwen3-4B', { gpu: 'a100-40g' }));
});
