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

// The verdict module computes no cost (CMakeLists.txt, RL_FULL=0; no price presets: gen_presets.cmake, NO_PRICES:
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

// The inputs the verdict module leaves to the full one (core/src/internal.h, RL_FULL), refused with why full_module
// naming the input: the page's first verdict then waits for the full module (web/src/main.jsx). Each refusal must
// be of a request that has that input, so that no plain request is deferred.
// The rarer families, and the classic layouts of core/src/families.c (no preset is one).
const DEFERRED_TYPES = ['llama4_text', 'qwen3_next', 'falcon_h1', 'jamba', 'lfm2', 'nemotron-nas', 'gpt2', 'gpt_bigcode', 'gptj',
  'gpt_neox', 'opt', 'bloom', 'falcon', 'phi', 'starcoder2', 'persimmon', 'qwen', 'stablelm', 'stablelm_epoch'];
function deferredRightly(error, input, fullReport) {
  const req = typeof input === 'string' ? (() => { try { return JSON.parse(input); } catch { return {}; } })() : input ?? {};
  switch (error.field) {
    case 'params': return typeof req.params === 'string' || typeof req.params === 'number';
    case 'checkpoint': return req.checkpoint !== undefined;
    case 'spec_tokens': return req.spec_tokens > 0;
    case 'gpu_layers': return req.gpu_layers !== undefined;
    case 'ram_gib': return req.ram_gib > 0;
    // A config the full module reads as one of those families or with a vision tower (or refuses on its config).
    case 'config.model_type': return DEFERRED_TYPES.includes(fullReport.model?.model_type) || /^config\./.test(fullReport.error?.field ?? '');
    case 'config.vision_config': return fullReport.model?.params_vision > 0 || /^config\./.test(fullReport.error?.field ?? '');
    default: return false;
  }
}

const SCALE_OUT_KEYS = ['nodes', 'gpus_per_node', 'scale_out_link', 'ep', 'redundant_experts', 'ep_imbalance', 'dp_attention',
  'prefill_instances', 'prefill_tp', 'decode_instances'];
function withoutScaleOut(report) {
  if (!report || typeof report !== 'object') return report;
  const { topology, ep, dp_attention: dp, disaggregation, ...rest } = report;
  if (rest.config) rest.config = Object.fromEntries(Object.entries(rest.config).filter(([k]) => !SCALE_OUT_KEYS.includes(k)));
  return rest;
}

test('the verdict module reports every vector and preset as the full module does, but the cost, scale-out and the inputs it defers; addFeatures gives it the rest', async () => {
  const [verdict, full] = await Promise.all([loadVerdictCore(), loadTestCore()]);
  expect(verdict.presets()).toEqual(full.presets());
  const dir = new URL('tests/vectors/', ROOT);
  let compared = 0;
  let costed = 0;
  const deferred = new Set();
  for (const file of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    for (const v of JSON.parse(readFileSync(new URL(file, dir), 'utf8')).vectors ?? []) {
      if (typeof v.lint === 'string') continue;
      const request = typeof v.request_text === 'string' ? v.request_text : v.input;
      const config = typeof v.config_text === 'string' ? v.config_text : undefined;
      // Scale-out (nodes, links, expert parallelism) is the full module's alone (CMakeLists.txt, RL_SCALE_OUT):
      // a request naming one of its keys waits for it, and the verdict module reports no topology, ep or echo of them.
      if (SCALE_OUT_KEYS.some((k) => Object.hasOwn(v.input ?? {}, k))) continue;
      const fromVerdict = verdict.analyze(request, config);
      if (fromVerdict.error?.why === 'full_module') {
        const fullReport = full.analyze(request, config);
        expect(deferredRightly(fromVerdict.error, request, fullReport), `${v.name}: deferred on ${fromVerdict.error.field}`).toBe(true);
        deferred.add(fromVerdict.error.field);
        continue;
      }
      const [fromFull, costs] = withoutCost(fromVerdict, withoutScaleOut(full.analyze(request, config)));
      costed += costs;
      expect(fromVerdict, v.name).toEqual(fromFull);
      compared++;
    }
  }
  expect(compared).toBeGreaterThan(100);
  expect(costed).toBeGreaterThan(20);
  expect([...deferred].sort()).toEqual(['config.model_type', 'config.vision_config', 'gpu_layers', 'params', 'ram_gib', 'spec_tokens']);
  // No vector sets a checkpoint's summary beside a model (the page's Hugging Face fetch does): deferred too.
  const withIndex = { model: 'qwen3-4b', gpu: 'a100-40g', checkpoint: { total_size: 8044936192 } };
  expect(verdict.analyze(withIndex).error).toMatchObject({ why: 'full_module', field: 'checkpoint' });
  expect(full.analyze(withIndex).error?.why).not.toBe('full_module');
  const priced = { model: 'llama-3-70b', gpu: 'h100-sxm', tp: 2, precision: 'fp8', requests_per_day: 10000, input_tokens: 1000, output_tokens: 500 };
  expect(verdict.analyze(priced)).not.toHaveProperty('cost');
  addFeatures(verdict, full);
  expect(verdict.analyze(priced)).toEqual(full.analyze(priced));
  expect(verdict.analyze(priced).cost.assumptions.find((a) => a.name === 'usd_per_gpu_hour').source).toMatch(/^RunPod .*\): .*runpod\.io/);
  const request = { model: 'qwen3-4b', gpu: 'a100-40g', batch: 8 };
  expect(verdict.sweep(request)).toEqual(full.sweep(request));
  expect(verdict.lint('vllm serve Qwen/Qwen3-4B', { gpu: 'a100-40g' })).toEqual(full.lint('vllm serve Qwen/Qwen3-4B', { gpu: 'a100-40g' }));
});
