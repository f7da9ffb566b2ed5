// The state factory over the real core: inputs → request → report/sweep, and
// the couplings a person expects when switching presets.
import { describe, expect, test } from 'vitest';
import { createState } from '../../web/src/state.js';
import { buildRequest, inputForErrorField, inputsAsRead, numberOrText } from '../../web/src/request.js';
import { CUSTOM, PARAMS } from '../../web/src/inputs.js';
import { sizeText, unifiedLimitGib } from '../../web/src/state.js';
import { loadTestCore } from './core.js';

const core = await loadTestCore();
const presets = core.presets();
const make = (initial) => createState(core, presets, initial);

describe('requests', () => {
  test('numbers as numbers, anything else as typed (the core names the fault)', () => {
    expect(numberOrText(' 8 ')).toBe(8);
    expect(numberOrText('1e3')).toBe(1000);
    expect(numberOrText('1.5')).toBe(1.5);
    expect(numberOrText('abc')).toBe('abc');
    expect(numberOrText('')).toBe('');
    expect(numberOrText('1e999')).toBe('1e999');
  });
  test('empty optional fields are left to the core defaults', () => {
    const { request } = buildRequest(make().values.value);
    expect(request).toEqual({ model: 'qwen3-4b', gpu: 'a100-40g', precision: 'auto', kv_precision: 'auto', seq: 4096, batch: 1, tp: 1, pp: 1, moe_read: 'union', engine: 'auto', host_memory: 'none' });
  });
  test('only the size: the estimate request carries what the estimate reads', () => {
    const v = { ...make().values.value, model: PARAMS, params: ' 70B ', batch: '8', precision: 'fp8', tp: '4', seq: '8192', pool_fraction: '0.8', launch_ms: '20' };
    expect(buildRequest(v)).toEqual({ request: { params: '70B', gpu: 'a100-40g', precision: 'fp8', batch: 8, tp: 4, pp: 1, engine: 'auto', pool_fraction: 0.8 }, configText: undefined });
    // The engine too: its own pool (SGLang's by the GPU and tp) and the formats it offers as ways out.
    expect(buildRequest({ ...v, engine: 'sglang', pool_fraction: '' }).request).toEqual({ params: '70B', gpu: 'a100-40g', precision: 'fp8', batch: 8, tp: 4, pp: 1, engine: 'sglang' });
    // And a prefill chunk, from which SGLang derives its own pool (the CLI's --params passes it too).
    expect(buildRequest({ ...v, engine: 'sglang', pool_fraction: '', prefill_chunk: '2048' }).request)
      .toEqual({ params: '70B', gpu: 'a100-40g', precision: 'fp8', batch: 8, tp: 4, pp: 1, engine: 'sglang', prefill_chunk: 2048 });
  });
  test('only the size: a prefill chunk under SGLang reaches its own pool, as on the CLI', async () => {
    const { loadTestCore } = await import('./core.js');
    const core = await loadTestCore();
    const v = { ...make().values.value, model: PARAMS, params: '70B', gpu: 'h100-sxm', engine: 'sglang', pool_fraction: '' };
    const own = core.analyze(buildRequest(v).request), given = core.analyze(buildRequest({ ...v, prefill_chunk: '2048' }).request);
    expect([own.estimate.pool_fraction, given.estimate.pool_fraction]).toEqual([0.83, 0.875]);
  });
  test('error fields map to inputs: the same key (config.* → config)', () => {
    expect(inputForErrorField('params')).toBe('params');
    expect(inputForErrorField('config.num_key_value_heads')).toBe('config');
    expect(inputForErrorField('gpu.bandwidth_gbs')).toBe('gpu.bandwidth_gbs');
    expect(inputForErrorField('micro_batches')).toBe('micro_batches');
    expect(inputForErrorField('gpu_limit')).toBe('gpu_limit');
    expect(inputForErrorField('pool_fraction')).toBe('pool_fraction');
    expect(inputForErrorField('micro_batch')).toBeNull();
    expect(inputForErrorField('output')).toBeNull();
    expect(inputForErrorField(undefined)).toBeNull();
  });
  test('a custom GPU: its figures under gpu, no TFLOPS sent as null, empty figures left out', () => {
    const v = { ...make().values.value, gpu: CUSTOM, 'gpu.bandwidth_gbs': '900', 'gpu.vram_gib': ' 20 ', 'gpu.tops_int8': 'x' };
    expect(buildRequest(v).request.gpu).toEqual({ tflops: null, bandwidth_gbs: 900, vram_gib: 20, tops_int8: 'x' });
    const limit = { ...make().values.value, gpu: 'm4-max-128g', gpu_limit: 'raised', micro_batches: '2', kv_block: '16', pool_fraction: '0.8' };
    expect(buildRequest(limit).request).toMatchObject({ gpu: 'm4-max-128g', gpu_limit: 'raised', micro_batches: 2, kv_block: 16, pool_fraction: 0.8 });
  });
});

describe('state', () => {
  test('defaults: the worked example fits, with a sweep up to the max batch', () => {
    const s = make();
    expect(s.report.value.fits).toBe(true);
    expect(s.report.value.memory.max_batch).toBe(57);
    expect(s.sweep.value.at(-1).batch).toBe(57);
  });

  test('every change recomputes synchronously', () => {
    const s = make();
    s.set('batch', '128');
    expect(s.report.value.verdict).toBe('kv_does_not_fit');
    expect(s.sweep.value).toBeNull();
    s.set('batch', '8');
    expect(s.report.value.config.batch).toBe(8);
  });

  test('a bad value marks its own field with the core message', () => {
    const s = make();
    s.set('batch', '0');
    expect(s.error.value.field).toBe('batch');
    expect(s.fieldErrors.value).toEqual({ batch: s.error.value.message });
    s.set('batch', '');
    expect(s.fieldErrors.value.batch).toMatch(/batch/);
    s.set('batch', '4');
    s.set('micro_batches', '2');
    expect(Object.keys(s.fieldErrors.value)).toEqual(['micro_batches']);
  });

  test('a preset without sourced TFLOPS: bandwidth floors by id, then TFLOPS make it custom', () => {
    const s = make();
    s.set('gpu', 'm4-max-128g');
    expect(s.edited.value).toBe(false);
    expect(s.report.value.roofline.bound).toBe('unknown');
    // The fields show the core's figures (the wired-memory limit, not the RAM).
    expect(s.gpuShown.value).toMatchObject({ 'gpu.tflops': '', 'gpu.bandwidth_gbs': '546', 'gpu.vram_gib': String(s.report.value.gpu.vram_gib) });
    s.set('gpu.tflops', '30');
    expect(s.edited.value).toBe(true);
    expect(s.report.value.gpu).toMatchObject({ name: 'custom', tflops: 30, bandwidth_gbs: 546, vram_gib: 99.84 });
    s.resetGpu();
    expect(s.report.value.gpu.name).toBe('m4-max-128g');
  });

  test('a unified-memory preset after a core error: the fields show the GPU limit, not the RAM', () => {
    for (const [gpu, limit] of [['m4-max-128g', 'default'], ['m4-max-128g', 'raised'], ['m2-ultra-192g', 'default'], ['m2-ultra-192g', 'raised'], ['m3-max-128g', 'default']]) {
      const s = make();
      s.set('gpu', gpu);
      s.set('gpu_limit', limit);
      // The core's figure for this preset and limit, while the request is valid.
      const vram = s.report.value.gpu.vram_gib;
      expect(vram).toBeLessThan(s.report.value.gpu.ram_gib);
      expect(s.gpuShown.value['gpu.vram_gib']).toBe(String(vram));
      // A core error on another field: no report, so the page falls back to the preset file.
      s.set('batch', '0');
      expect(s.error.value.field).toBe('batch');
      expect(s.report.value.gpu).toBeUndefined();
      expect(s.gpuShown.value['gpu.vram_gib']).toBe(String(vram));
      // "Copy shown figures" (editing one figure makes a custom GPU from all shown) carries the limit.
      s.set('batch', '1');
      s.set('gpu.tflops', '30');
      expect(s.inputs['gpu.vram_gib'].value).toBe(String(vram));
      expect(s.report.value.gpu).toMatchObject({ name: 'custom', vram_gib: vram });
    }
    // M4 Max, 128 GB: min(0.78 × 128, 128 − 6) by default; min(0.88 × 128, 128 − 4.5) raised.
    expect(unifiedLimitGib(presets.gpus.find((g) => g.id === 'm4-max-128g'), 'default')).toBe(99.84);
    expect(unifiedLimitGib(presets.gpus.find((g) => g.id === 'm4-max-128g'), 'raised')).toBe(0.88 * 128);
    expect(unifiedLimitGib(presets.gpus.find((g) => g.id === 'strix-halo-128g'), 'raised')).toBe(110);
    expect(unifiedLimitGib({ memory: 'unified', vram_gib: 64 }, 'default')).toBeNull();
  });

  test('a preset the core cannot analyse shows its file figures and the core message', () => {
    const s = make();
    // strix-halo-128g analyses since its 256 GB/s was sourced, DGX Spark since its CUDA total and
    // free memory at start were; Jetson AGX Orin gives no GPU-usable limit for its unified memory,
    // so the core refuses it.
    s.set('gpu', 'jetson-agx-orin-64g');
    expect(s.error.value.field).toBe('gpu');
    expect(Object.keys(s.fieldErrors.value)).toEqual(['gpu']);
    expect(s.gpuShown.value).toMatchObject({ 'gpu.bandwidth_gbs': '204.8', 'gpu.vram_gib': '64' });
    s.set('gpu.vram_gib', '50');
    expect(s.report.value.gpu).toMatchObject({ name: 'custom', tflops: null, bandwidth_gbs: 204.8, vram_gib: 50 });
  });

  test('custom GPU starts from the preset it replaces', () => {
    const s = make();
    s.set('gpu', CUSTOM);
    expect(s.report.value.gpu).toMatchObject({ tflops: 312, bandwidth_gbs: 1555, vram_gib: 40 });
    s.set('gpu', 'h100-sxm');
    expect(s.edited.value).toBe(false);
  });

  test('engine knobs reach the core, and the core names their errors', () => {
    const s = make();
    s.set('batch', '57');
    expect(s.report.value.level).toBe('tight');
    s.set('pool_fraction', '0.98');
    expect(s.report.value.config.pool_fraction).toBe(0.98);
    s.set('pool_fraction', '2');
    expect(Object.keys(s.fieldErrors.value)).toEqual(['pool_fraction']);
  });

  test('custom model starts from the preset config and gives the same figures', () => {
    const s = make();
    const before = s.report.value;
    s.set('model', CUSTOM);
    expect(s.inputs.config.value).toContain('"num_hidden_layers": 36');
    expect(s.report.value.model.params_total).toBe(before.model.params_total);
    s.set('config', '{"hidden_size": 12');
    expect(s.fieldErrors.value.config).toMatch(/config/);
  });

  test('typing a config switches the model to it', () => {
    const s = make();
    s.set('config', '{}');
    expect(s.inputs.model.value).toBe(CUSTOM);
    expect(s.error.value.field).toMatch(/^config/);
  });

  test('only the size: the estimate, its errors on the size field, and greyed inputs', () => {
    const s = make();
    s.set('model', PARAMS);
    // The size starts from the model that was shown.
    expect(s.inputs.params.value).toBe('4.02B');
    expect(s.ignored.value).toMatchObject({ seq: true, kv_precision: true, micro_batches: true, launch_ms: true });
    // tp × pp are the GPUs the weights must fit on: the estimate reads them.
    expect([s.ignored.value.batch, s.ignored.value.tp, s.ignored.value.pp]).toEqual([undefined, undefined, undefined]);
    s.set('params', '70B');
    s.set('gpu', 'h100-sxm');
    // On one GPU the weights do not fit: the GPUs needed, and no throughput figure.
    const refused = s.estimate.value;
    expect(refused).toEqual(core.analyze({ params: '70B', gpu: 'h100-sxm', precision: 'auto', batch: 1, tp: 1, pp: 1 }).estimate);
    expect(refused).toMatchObject({ approximate: true, params: 7e10, gpus_needed: 2, gpus: 1, fits: false });
    for (const key of ['decode_ai', 'ridge', 'attainable_tflops', 'bound', 'levers']) expect(refused[key]).toBeUndefined();
    s.set('tp', '2');
    const e = s.estimate.value;
    expect(e).toEqual(core.analyze({ params: '70B', gpu: 'h100-sxm', precision: 'auto', batch: 1, tp: 2, pp: 1 }).estimate);
    expect(e).toMatchObject({ approximate: true, params: 7e10, gpus_needed: 2, gpus: 2, fits: true, decode_ai: 0.5, bound: 'memory' });
    expect(s.fits.value).toBe(false);
    expect(s.sweep.value).toBeNull();
    // The GPU fields still show the preset's figures (an estimate's gpu has no TFLOPS).
    expect(s.gpuShown.value).toMatchObject({ 'gpu.tflops': '989', 'gpu.bandwidth_gbs': '3350', 'gpu.vram_gib': '80' });
    s.set('params', '7Q');
    expect(s.estimate.value).toBeNull();
    expect(s.fieldErrors.value).toEqual({ params: s.error.value.message });
    expect(s.error.value.message).toMatch(/params must be a size/);
    s.set('model', 'qwen3-4b');
    expect(s.report.value.fits).toBe(true);
    expect(s.ignored.value).toEqual({});
  });

  test('a workload sets the context: the context input is not read, and the inputs as read carry the workload\'s', () => {
    const s = make();
    s.set('seq', '8192');
    expect(s.ignored.value.seq).toBeUndefined();
    s.set('requests_per_day', '20000');
    s.set('input_tokens', '500');
    s.set('output_tokens', '200');
    expect(s.report.value.config.seq).toBe(700);
    expect(s.ignored.value).toEqual({ seq: true });
    expect(s.inputs.seq.value).toBe('8192'); // the typed text stays, for when the workload goes
    expect(inputsAsRead(s.values.value, s.report.value)).toMatchObject({ seq: '700', requests_per_day: '20000' });
    for (const k of ['requests_per_day', 'input_tokens', 'output_tokens']) s.set(k, '');
    expect(s.ignored.value).toEqual({});
    expect(s.report.value.config.seq).toBe(8192);
    expect(inputsAsRead(s.values.value, s.report.value).seq).toBe('8192');
  });

  test('typing a size switches the model to it', () => {
    const s = make();
    s.set('params', '8e9');
    expect(s.inputs.model.value).toBe(PARAMS);
    expect(s.estimate.value.params).toBe(8e9);
  });

  test('sizes for the size field', () => {
    expect(sizeText(4022468096)).toBe('4.02B');
    expect(sizeText(70553706496)).toBe('70.6B');
    expect(sizeText(671026419200)).toBe('671B');
    expect(sizeText(1.5e12)).toBe('1.5T');
    expect(sizeText(350e6)).toBe('350M');
  });
});

describe('the hosted page\'s verdict module as the core', () => {
  test('an input it leaves to the full module marks no field: it is not wrong, only not read yet', async () => {
    const { readFileSync } = await import('node:fs');
    const { loadCore } = await import('../../web/src/core/loader.js');
    const { ROOT } = await import('./core.js');
    const verdict = await loadCore(readFileSync(new URL('web/generated/roofline-verdict.wasm', ROOT)));
    const s = createState(verdict, verdict.presets(), {});
    s.set('spec_tokens', '4');
    s.set('spec_draft', 'qwen3-0.6b');
    s.set('spec_accept', '0.7');
    expect(s.error.value).toMatchObject({ why: 'full_module', field: 'spec_tokens' });
    expect(s.fieldErrors.value).toEqual({});
    // A wrong value is still marked on its field.
    s.set('spec_tokens', '');
    s.set('batch', '0');
    expect(Object.keys(s.fieldErrors.value)).toEqual(['batch']);
  });
});
