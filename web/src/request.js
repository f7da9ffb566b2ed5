// Inputs → the core's request object, built from the field table: each input's
// key is its request path (gpu.tflops → request.gpu.tflops), its type says how
// its text is sent. A mapping, not a calculation: text that reads as a number is
// sent as a number, anything else is sent as typed, so the core's reader rejects
// it with its own field-named message.

import { CUSTOM, ESTIMATE_INPUTS, FIELDS, PARAMS, SCALE_FIELDS, emptyMeansCoreDefault, gpuEdited } from './inputs.js';

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function numberOrText(text) {
  const t = String(text).trim();
  if (NUMBER.test(t)) {
    const n = Number(t);
    if (Number.isFinite(n)) return n;
  }
  return t;
}

const filled = (text) => String(text ?? '').trim() !== '';

/** A workload sets the context (input + output tokens): the context input is then not read. */
export const workloadSetsContext = (v) => filled(v.requests_per_day);

/**
 * The inputs as the analysis read them: with a workload, the context is the one it
 * set (the report's config.seq), not the text left in the context input.
 */
export function inputsAsRead(values, report) {
  if (!workloadSetsContext(values) || !Number.isFinite(report?.config?.seq)) return values;
  return { ...values, seq: String(report.config.seq) };
}

/** An input's text as its row's type is sent: counts and numbers as numbers when they read as one. */
function valueOf(field, text) {
  return field.type === 'count' || field.type === 'number' ? numberOrText(text) : String(text ?? '');
}

// The rows the model and GPU choices decide (the model, its config or size, the GPU
// and its limit): handled first, by the choice; every other row is a plain request key.
const CHOSEN = new Set(['model', 'config', 'checkpoint', 'params', 'gpu', 'gpu_limit']);

/**
 * {request, configText} for core.analyze / core.sweep. With only the size, the
 * request is the estimate's: {params: "70B", gpu, precision, batch, and the
 * engine knobs it reads}; the size goes as typed text, so the core's own reader
 * ("70B", "7.6b", "8e9") judges it and names the field. scaleOut false leaves the scale-out rows out: the
 * hosted page's first-verdict module lacks them (state.js sends them once the full module answers).
 */
export function buildRequest(v, { scaleOut = true } = {}) {
  const request = {};
  let configText;
  const estimate = v.model === PARAMS;
  if (estimate) request.params = String(v.params ?? '').trim();
  else if (v.model === CUSTOM) configText = v.config;
  else request.model = v.model;
  // A checkpoint's index, as the core summed it up (CheckpointField): set beside a config's count.
  if (!estimate && filled(v.checkpoint)) {
    try {
      request.checkpoint = JSON.parse(v.checkpoint);
    } catch {
      request.checkpoint = v.checkpoint; // not an object: the core names the field
    }
  }

  const custom = gpuEdited(v);
  if (custom) {
    request.gpu = {};
  } else {
    request.gpu = v.gpu;
    if (v.gpu_limit && v.gpu_limit !== 'default') request.gpu_limit = v.gpu_limit;
  }

  for (const field of FIELDS) {
    const { key } = field;
    if (CHOSEN.has(key)) continue;
    if (estimate && !ESTIMATE_INPUTS.includes(key)) continue;
    if (!scaleOut && SCALE_FIELDS.includes(key)) continue;
    const text = v[key];
    if (key.startsWith('gpu.')) {
      if (!custom) continue;
      // No TFLOPS is a statement, not an omission: the core then gives bandwidth floors.
      if (filled(text)) request.gpu[key.slice(4)] = valueOf(field, text);
      else if (field.nullable) request.gpu[key.slice(4)] = null;
      continue;
    }
    // Empty means "the core's default": M = batch under pp, paging off, the engine defaults.
    if (!filled(text) && emptyMeansCoreDefault(key)) continue;
    // A workload sets the context (input + output tokens); the context input would contradict it.
    if (key === 'seq' && workloadSetsContext(v)) continue;
    request[key] = valueOf(field, text);
  }
  return { request, configText };
}

const INPUTS = new Set(FIELDS.map((f) => f.key));

/** The input that a core error's field names (its key), or null when no input owns it. */
export function inputForErrorField(field) {
  if (typeof field !== 'string') return null;
  if (field === 'config' || field.startsWith('config.')) return 'config';
  return INPUTS.has(field) ? field : null;
}
