// Inputs → the core's request object. A mapping, not a calculation: text that
// reads as a number is sent as a number, anything else is sent as typed, so the
// core's reader rejects it with its own field-named message.

import { CUSTOM, ENGINE_FIELDS, ESTIMATE_INPUTS, PARAMS, gpuEdited } from './inputs.js';

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

function customGpu(v) {
  // No TFLOPS is a statement, not an omission: the core then gives bandwidth floors.
  const gpu = { tflops: filled(v.tflops) ? numberOrText(v.tflops) : null };
  if (filled(v.bandwidth)) gpu.bandwidth_gbs = numberOrText(v.bandwidth);
  if (filled(v.vram)) gpu.vram_gib = numberOrText(v.vram);
  if (filled(v.tflopsFp8)) gpu.tflops_fp8 = numberOrText(v.tflopsFp8);
  if (filled(v.topsInt8)) gpu.tops_int8 = numberOrText(v.topsInt8);
  return gpu;
}

/**
 * {request, configText} for core.analyze / core.sweep. With only the size, the
 * request is the estimate's: {params: "70B", gpu, precision, batch, and the
 * engine knobs it reads}; the size goes as typed text, so the core's own reader
 * ("70B", "7.6b", "8e9") judges it and names the field.
 */
export function buildRequest(v) {
  const request = {};
  let configText;
  const estimate = v.model === PARAMS;
  if (estimate) request.params = String(v.params ?? '').trim();
  else if (v.model === CUSTOM) configText = v.config;
  else request.model = v.model;

  if (gpuEdited(v)) {
    request.gpu = customGpu(v);
  } else {
    request.gpu = v.gpu;
    if (v.gpuLimit && v.gpuLimit !== 'default') request.gpu_limit = v.gpuLimit;
  }

  request.precision = v.precision;
  if (estimate) {
    request.batch = numberOrText(v.batch);
    for (const [name, key] of Object.entries(ENGINE_FIELDS)) {
      if (ESTIMATE_INPUTS.includes(name) && filled(v[name])) request[key] = numberOrText(v[name]);
    }
    return { request, configText };
  }
  request.kv_precision = v.kvPrecision;
  request.seq = numberOrText(v.seq);
  request.batch = numberOrText(v.batch);
  request.tp = numberOrText(v.tp);
  request.pp = numberOrText(v.pp);
  // Empty means "the core's default": M = batch under pp, paging off, the engine defaults.
  if (filled(v.microBatch)) request.micro_batch = numberOrText(v.microBatch);
  if (filled(v.kvBlock)) request.kv_block = numberOrText(v.kvBlock);
  request.moe_read = v.moeRead;
  for (const [name, key] of Object.entries(ENGINE_FIELDS)) {
    if (filled(v[name])) request[key] = numberOrText(v[name]);
  }
  return { request, configText };
}

const ERROR_INPUT = {
  model: 'model', params: 'params', gpu: 'gpu', gpu_limit: 'gpuLimit', 'gpu.tflops': 'tflops', 'gpu.bandwidth_gbs': 'bandwidth',
  'gpu.vram_gib': 'vram', 'gpu.tflops_fp8': 'tflopsFp8', 'gpu.tops_int8': 'topsInt8', precision: 'precision',
  kv_precision: 'kvPrecision', seq: 'seq', batch: 'batch', tp: 'tp', pp: 'pp', micro_batch: 'microBatch',
  kv_block: 'kvBlock', moe_read: 'moeRead',
  ...Object.fromEntries(Object.entries(ENGINE_FIELDS).map(([name, key]) => [key, name])),
};

/** The input that a core error's field names, or null when no input owns it. */
export function inputForErrorField(field) {
  if (typeof field !== 'string') return null;
  if (field === 'config' || field.startsWith('config.')) return 'config';
  return Object.hasOwn(ERROR_INPUT, field) ? ERROR_INPUT[field] : null;
}
