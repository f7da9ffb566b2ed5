// The page's inputs: their names, their choices and their defaults. Values are
// kept as the text the user typed; request.js turns them into a core request.

export const CUSTOM = 'custom';
/** The model choice "only the size": a parameters-only estimate from the `params` text ("70B"). */
export const PARAMS = 'params';

/** The GPU's own figures: empty on a preset until the user edits one (then the GPU is custom). */
export const GPU_FIELDS = ['tflops', 'tflopsFp8', 'topsInt8', 'bandwidth', 'vram'];

/** Engine-budget knobs, by input name → request key. Empty means "the core's default". */
export const ENGINE_FIELDS = {
  pool: 'pool_fraction',
  contextReserve: 'context_reserve_gib',
  ncclPerPeer: 'nccl_gib_per_peer',
  weightOverhead: 'weight_overhead',
  prefillChunk: 'prefill_chunk',
  launchMs: 'launch_ms',
};

export const INPUT_KEYS = [
  'model', 'config', 'params', 'gpu', 'gpuLimit', ...GPU_FIELDS, 'precision', 'kvPrecision',
  'seq', 'batch', 'tp', 'pp', 'microBatch', 'kvBlock', 'moeRead', ...Object.keys(ENGINE_FIELDS),
];

// The core's vocabulary (roofline.h): the names a request may use.
export const PRECISIONS = ['auto', 'fp32', 'fp16', 'bf16', 'fp8', 'int8', 'int4'];
export const KV_PRECISIONS = PRECISIONS;
export const MOE_READS = ['union', 'distinct'];
export const GPU_LIMITS = ['default', 'raised'];

export const PREFERRED_MODEL = 'qwen3-4b';
export const PREFERRED_GPU = 'a100-40g';

/** Defaults: the core's own request defaults, on the preferred presets when they exist. */
export function defaultInputs(modelIds = [PREFERRED_MODEL], gpuIds = [PREFERRED_GPU]) {
  const values = Object.fromEntries(INPUT_KEYS.map((k) => [k, '']));
  return {
    ...values,
    model: modelIds.includes(PREFERRED_MODEL) ? PREFERRED_MODEL : (modelIds[0] ?? CUSTOM),
    gpu: gpuIds.includes(PREFERRED_GPU) ? PREFERRED_GPU : (gpuIds[0] ?? CUSTOM),
    gpuLimit: 'default',
    precision: 'auto',
    kvPrecision: 'auto',
    seq: '4096',
    batch: '1',
    tp: '1',
    pp: '1',
    moeRead: 'union',
  };
}

/**
 * What the parameters-only estimate reads (roofline.h, rl_estimate_params): the
 * GPU, the weight precision, the batch and the engine's pool, context reserve and
 * weight overhead. The other inputs need an architecture; they wait for a model.
 */
export const ESTIMATE_INPUTS = ['params', 'gpu', 'gpuLimit', ...GPU_FIELDS, 'precision', 'batch', 'pool', 'contextReserve', 'weightOverhead'];

/** True when the request describes the GPU by its figures rather than by a preset id. */
export function gpuEdited(values) {
  return values.gpu === CUSTOM || GPU_FIELDS.some((k) => String(values[k] ?? '').trim() !== '');
}
