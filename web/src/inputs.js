// The page's inputs: one per row of core/fields.json (the one table of inputs,
// shared with the core's reader and the CLI), named by the row's key, the request
// key (a dot for nested keys, e.g. gpu.tflops). Values are kept as the text the
// user typed; request.js turns them into a core request.

import table from '../../core/fields.json' with { type: 'json' };

export const CUSTOM = 'custom';
/** The model choice "only the size": a parameters-only estimate from the `params` text ("70B"). */
export const PARAMS = 'params';

/** The rows the page has an input for: all but the CLI's switches (flags that set other fields). */
export const FIELDS = Object.freeze(table.fields.filter((f) => f.type !== 'switch'));
/** A row by its key. */
export const FIELD = Object.freeze(Object.fromEntries(FIELDS.map((f) => [f.key, f])));
export const INPUT_KEYS = Object.freeze(FIELDS.map((f) => f.key));

/** The GPU's own figures: empty on a preset until the user edits one (then the GPU is custom). */
export const GPU_FIELDS = Object.freeze(INPUT_KEYS.filter((k) => k.startsWith('gpu.')));

/** Engine-budget knobs (the table's budget group). Empty means "the core's default". */
export const ENGINE_FIELDS = Object.freeze(FIELDS.filter((f) => f.group === 'budget').map((f) => f.key));
/**
 * The scale-out rows (the table's scale group: nodes, links, expert parallelism, DP attention). The hosted page's
 * first-verdict module is built without them (RL_SCALE_OUT=0): they are sent only once the full module answers.
 */
export const SCALE_FIELDS = Object.freeze(FIELDS.filter((f) => f.group === 'scale').map((f) => f.key));
/** The workload and its prices: the table's workload group. */
export const WORKLOAD_FIELDS = Object.freeze(FIELDS.filter((f) => f.group === 'workload').map((f) => f.key));

/**
 * Inputs left empty unless the user types one, so that the core applies its own
 * default (which the report echoes and the page shows as a placeholder): the
 * engine budget, and the counts whose 0 means something ("the batch", "off").
 */
export function emptyMeansCoreDefault(key) {
  const f = FIELD[key];
  // The workload and its prices: empty is "no workload" and "the price preset's"; -ngl's
  // default (every layer on the GPU) is left to the core too: the field shows "all".
  // The scale-out rows too: left to the core, they are never sent to the first-verdict module, which lacks them.
  return f !== undefined && (f.group === 'budget' || f.group === 'workload' || f.group === 'scale' || f.zero_means !== undefined ||
    (f.group === 'offload' && f.type === 'count'));
}

// The core's vocabulary: the names a request may use.
export const PRECISIONS = Object.freeze([...FIELD.precision.choices]);
export const KV_PRECISIONS = Object.freeze([...FIELD.kv_precision.choices]);
export const MOE_READS = Object.freeze([...FIELD.moe_read.choices]);
export const GPU_LIMITS = Object.freeze([...FIELD.gpu_limit.choices]);

// Page-only defaults: the presets the page opens on, when the core has them.
export const PREFERRED_MODEL = 'qwen3-4b';
export const PREFERRED_GPU = 'a100-40g';

/** Defaults: the table's (the core's request defaults), on the preferred presets when they exist. */
export function defaultInputs(modelIds = [PREFERRED_MODEL], gpuIds = [PREFERRED_GPU]) {
  const values = Object.fromEntries(FIELDS.map((f) => [f.key, f.default === undefined || emptyMeansCoreDefault(f.key) ? '' : String(f.default)]));
  return {
    ...values,
    model: modelIds.includes(PREFERRED_MODEL) ? PREFERRED_MODEL : (modelIds[0] ?? CUSTOM),
    gpu: gpuIds.includes(PREFERRED_GPU) ? PREFERRED_GPU : (gpuIds[0] ?? CUSTOM),
  };
}

/**
 * What the parameters-only estimate reads (roofline.h, rl_estimate_params): the
 * GPU, the weight precision, the batch, tp × pp (the GPUs the weights must fit on),
 * the engine (its own pool, SGLang's by the GPU, tp and its prefill chunk, and the
 * lower formats it offers as ways out) and its pool, context reserve, weight
 * overhead and prefill chunk. The other inputs need an architecture; they wait
 * for a model.
 */
export const ESTIMATE_INPUTS = Object.freeze([
  'params', 'gpu', 'gpu_limit', ...GPU_FIELDS, 'precision', 'batch', 'tp', 'pp', 'engine', 'pool_fraction', 'context_reserve_gib',
  'weight_overhead', 'prefill_chunk',
]);

/** True when the request describes the GPU by its figures rather than by a preset id. */
export function gpuEdited(values) {
  return values.gpu === CUSTOM || GPU_FIELDS.some((k) => String(values[k] ?? '').trim() !== '');
}
