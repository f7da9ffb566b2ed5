// A vector's request: the model (preset, inline config or config text), the
// GPU (preset or custom) and the deployment, with the defaults of docs/formulas.md.
// Numbers become exact rationals here; presets are read as data from presets/.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OracleError } from './errors.mjs';
import { ENGINE_NAMES, usualEngine } from './engines.mjs';
import { readModel } from './model.mjs';
import { Q, ZERO } from './rational.mjs';
import { SCALE_OUT_LINKS, gpusPerNode } from './scaleout.mjs';

const PRESETS = fileURLToPath(new URL('../../presets/', import.meta.url));

function preset(kind, id) {
  if (typeof id !== 'string' || !/^[a-z0-9.-]+$/.test(id)) throw new OracleError(`no ${kind} preset ${id}`);
  try {
    return JSON.parse(readFileSync(`${PRESETS}${kind}/${id}.json`, 'utf8'));
  } catch {
    throw new OracleError(`no ${kind} preset ${id}`);
  }
}

const num = (v) => (v === null || v === undefined ? ZERO : Q.of(v));

function presetGpu(id, raised) {
  const p = preset('gpus', id);
  const g = {
    name: id,
    tflops: num(p.tflops),
    tflopsFp8: num(p.tflops_fp8),
    topsInt8: num(p.tops_int8),
    bandwidth: num(p.bandwidth_gbs),
    vram: num(p.vram_gib),
    unified: p.memory === 'unified',
    link: p.link ?? '',
    linkGbs: num(p.link_gbs),
  };
  g.tflopsUnknown = g.tflops.sign() === 0;
  if (g.bandwidth.sign() === 0) throw new OracleError(`gpu ${id} has no sourced bandwidth`);
  if (g.unified) {
    // vram_gib is the machine's RAM; the GPU may wire only part of it.
    g.ram = g.vram;
    if (p.cuda_total_gib != null) {
      // What CUDA reports: its total is the GPU's memory, and what is free at an engine's start is the preset's too.
      g.vram = num(p.cuda_total_gib);
      g.startFree = num(p.free_at_start_gib);
      if (g.startFree.sign() <= 0) throw new OracleError(`gpu ${id} gives its CUDA total but not the memory free at start`);
    } else if (p.wired_limit) {
      const w = p.wired_limit;
      const fraction = num(raised ? w.raised_fraction : w.default_fraction);
      const reserve = num(raised ? w.raised_reserve_gib : w.default_reserve_gib);
      g.vram = Q.min(fraction.mul(g.ram), g.ram.sub(reserve));
    } else if (p.usable_gib) {
      g.vram = num(raised ? p.usable_gib.tuned : p.usable_gib.default);
    } else throw new OracleError(`gpu ${id} gives no GPU memory limit`);
  }
  return g;
}

// A figure the request gives: the exact value of the double that JSON number
// parses to, as the core reads it (a vram_gib written as the shortest spelling
// of 3385856/2^30 is exactly 3385856 bytes).
function given(o, key, optional) {
  const v = o[key];
  if ((v === undefined || v === 0) && optional) return ZERO;
  if (typeof v !== 'number' || !(v > 0)) throw new OracleError(`gpu.${key} must be a positive number`);
  return Q.fromDouble(v);
}

function customGpu(o) {
  const known = new Set(['tflops', 'bandwidth_gbs', 'vram_gib', 'tflops_fp8', 'tops_int8', 'link_gbs']);
  for (const k of Object.keys(o)) if (!known.has(k)) throw new OracleError(`gpu.${k} is not a known key`);
  if (o.bandwidth_gbs === undefined || o.vram_gib === undefined) throw new OracleError('custom gpu is incomplete');
  const g = {
    name: 'custom',
    // Left out, like null: no sourced figure.
    tflops: o.tflops == null ? ZERO : given(o, 'tflops'),
    tflopsUnknown: o.tflops == null,
    tflopsFp8: given(o, 'tflops_fp8', true),
    topsInt8: given(o, 'tops_int8', true),
    bandwidth: given(o, 'bandwidth_gbs'),
    vram: given(o, 'vram_gib'),
    unified: false,
    link: '',
    linkGbs: given(o, 'link_gbs', true),
  };
  return g;
}

const PRECISIONS = ['auto', 'fp32', 'fp16', 'bf16', 'fp8', 'int8', 'int4', 'q8_0', 'q6_k', 'q5_k_m', 'q4_k_m', 'q4_0',
  'q3_k_m', 'q2_k', 'iq4_xs', 'mxfp4', 'nvfp4'];
// Of the block formats only llama.cpp's q8_0 and q4_0 cache types and NVFP4 are KV cache formats.
const KV_PRECISIONS = ['auto', 'fp32', 'fp16', 'bf16', 'fp8', 'int8', 'int4', 'q8_0', 'q4_0', 'nvfp4'];
const REQUEST_KEYS = new Set([
  'model', 'config', 'gpu', 'gpu_limit', 'precision', 'kv_precision', 'seq', 'batch', 'tp', 'pp', 'micro_batches',
  'kv_block', 'moe_read', 'pool_fraction', 'context_reserve_gib', 'nccl_gib_per_peer', 'weight_overhead',
  'prefill_chunk', 'launch_ms', 'params', 'engine', 'bw_efficiency', 'kernel_us', 'allreduce_us', 'host_ms',
  'prefill_efficiency', 'ttft_overhead_ms', 'spec_draft', 'spec_tokens', 'spec_accept', 'gpu_layers', 'ram_gib', 'host_memory',
  'cpu_bandwidth_gbs', 'nodes', 'gpus_per_node', 'scale_out_link', 'ep', 'redundant_experts', 'ep_imbalance', 'dp_attention',
  'prefill_instances', 'prefill_tp', 'decode_instances',
]);

// Host-memory presets for offload: channels x 8 bytes (one 64-bit DDR4 channel, or a DDR5
// DIMM's two 32-bit subchannels) x megatransfers per second, in GB/s (JEDEC JESD79-4 and
// JESD79-5; Intel 4th Gen Xeon: 8 x DDR5-4800; AMD EPYC 9005: 12 x DDR5-6000).
const HOST_MEMORY = {
  none: [0n, 0n],
  'ddr4-3200-2ch': [2n, 3200n],
  'ddr5-5600-2ch': [2n, 5600n],
  'ddr5-4800-8ch': [8n, 4800n],
  'ddr5-6000-12ch': [12n, 6000n],
};
export const hostMemoryGbs = (name) => new Q(HOST_MEMORY[name][0] * 8n * HOST_MEMORY[name][1], 1000n);

function count(input, key, fallback, lo, hi) {
  if (!Object.hasOwn(input, key)) return fallback;
  const v = input[key];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) throw new OracleError(`${key} out of range`);
  return BigInt(v);
}

// A request knob: the double the request gives, or the specification's decimal default.
function real(input, key, fallback, lo, hi, zeroIsUnset = false) {
  if (!Object.hasOwn(input, key)) return Q.fromDecimal(fallback);
  const v = input[key];
  if (typeof v !== 'number' || !((v >= lo && v <= hi) || (zeroIsUnset && v === 0))) throw new OracleError(`${key} out of range`);
  return Q.fromDouble(v);
}

function word(input, key, allowed, fallback) {
  if (!Object.hasOwn(input, key)) return fallback;
  if (!allowed.includes(input[key])) throw new OracleError(`${key} is not one of ${allowed}`);
  return input[key];
}

// "70B", "7.6b", "8e9": a number with one optional scale letter, floored.
function parseParams(v) {
  let value;
  if (typeof v === 'string') {
    const m = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)([kKmMbBgGtT])?$/.exec(v);
    if (!m) throw new OracleError(`params ${v} is not a size`);
    const scale = { k: 3n, m: 6n, b: 9n, g: 9n, t: 12n }[(m[2] ?? '').toLowerCase()] ?? 0n;
    value = Q.fromDecimal(m[1]).mul(10n ** scale);
    value = new Q(value.floor());
  } else if (typeof v === 'number') value = Q.fromDouble(v);
  else throw new OracleError('params is not a size');
  if (value.lt(1000000n) || value.gt(10n ** 15n)) throw new OracleError('params out of range');
  return value;
}

// input: the request object; configText: the raw config.json, when the vector gives one.
export function readRequest(input, configText) {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw new OracleError('request is not an object');
  for (const k of Object.keys(input)) if (!REQUEST_KEYS.has(k)) throw new OracleError(`${k} is not a known key`);
  const sources = ['model', 'config', 'params'].filter((k) => Object.hasOwn(input, k)).length + (configText !== undefined ? 1 : 0);
  if (sources !== 1) throw new OracleError('give exactly one model');

  const raised = word(input, 'gpu_limit', ['default', 'raised'], 'default') === 'raised';
  if (!Object.hasOwn(input, 'gpu')) throw new OracleError('gpu is missing');
  const gpu = typeof input.gpu === 'string' ? presetGpu(input.gpu, raised) : customGpu(input.gpu);

  const maxSeq = 2 ** 24, maxBatch = 2 ** 20, maxParallel = 1024;
  const deploy = {
    precision: word(input, 'precision', PRECISIONS, 'auto'),
    kvPrecision: word(input, 'kv_precision', KV_PRECISIONS, 'auto'),
    moeRead: word(input, 'moe_read', ['union', 'distinct'], 'union'),
    seq: count(input, 'seq', 4096n, 1, maxSeq),
    batch: count(input, 'batch', 1n, 1, maxBatch),
    tp: count(input, 'tp', 1n, 1, maxParallel),
    pp: count(input, 'pp', 1n, 1, maxParallel),
    kvBlock: count(input, 'kv_block', 0n, 1, maxSeq),
    // 0: not given, which means one micro-batch per request.
    microBatches: count(input, 'micro_batches', 0n, 1, maxBatch),
    // 0: not given, which means the engine's own, resolved per analysis once the engine is (engines.mjs
    // engineChunk); 1..2^24: the chunk chosen. A count's 0 is never written, as micro_batches' is not.
    prefillChunk: count(input, 'prefill_chunk', 0n, 1, maxSeq),
    // 0 (the default): the engine's own pool (engines.mjs poolOf).
    poolFraction: real(input, 'pool_fraction', '0', 0.05, 1, true),
    contextReserveGib: real(input, 'context_reserve_gib', '0.6', 0, 64),
    ncclGibPerPeer: real(input, 'nccl_gib_per_peer', '0.35', 0, 64),
    weightOverhead: real(input, 'weight_overhead', '0.02', 0, 1),
    launchMs: real(input, 'launch_ms', '35', 0, 1e6),
    // The realistic estimate: the engine, and overrides of its parameters (0: the engine's).
    // auto (the default) is the GPU's usual engine: llama.cpp where the others have no backend.
    engine: usualEngine(word(input, 'engine', [...ENGINE_NAMES, 'auto'], 'auto'), gpu.name),
    engineSource: word(input, 'engine', [...ENGINE_NAMES, 'auto'], 'auto') === 'auto' ? 'auto' : 'chosen',
    bwEfficiency: real(input, 'bw_efficiency', '0', 0, 1),
    kernelUs: real(input, 'kernel_us', '0', 0, 1e6),
    allreduceUs: real(input, 'allreduce_us', '0', 0, 1e6),
    hostMs: real(input, 'host_ms', '0', 0, 1e6),
    prefillEfficiency: real(input, 'prefill_efficiency', '0', 0, 1),
    ttftOverheadMs: real(input, 'ttft_overhead_ms', '0', 0, 1e6),
    // Offload (llama.cpp -ngl): more than L layers (the default, 10^6) keeps everything on the GPU.
    gpuLayers: count(input, 'gpu_layers', 1000000n, 0, 1000000),
    ramGib: real(input, 'ram_gib', '0', 0, 1e6),
    hostMemory: word(input, 'host_memory', Object.keys(HOST_MEMORY), 'none'),
    cpuBandwidthGbs: real(input, 'cpu_bandwidth_gbs', '0', 0, 1e6),
    // Speculative decoding: gamma draft tokens accepted with probability alpha, and the draft preset.
    specTokens: count(input, 'spec_tokens', 0n, 1, 16),
    specAccept: real(input, 'spec_accept', '0', 0.01, 0.99),
    draft: null,
    // Scale-out: the nodes the GPUs fill, and the link between them (docs/scale-out.md).
    nodes: count(input, 'nodes', 1n, 1, 4096),
    gpusPerNode: count(input, 'gpus_per_node', 0n, 1, 1024),
    scaleOutLink: word(input, 'scale_out_link', SCALE_OUT_LINKS, 'auto'),
    // Expert parallelism: 1 is off; the extra slots and the busiest rank's load over the mean.
    ep: count(input, 'ep', 1n, 1, maxParallel),
    redundantExperts: count(input, 'redundant_experts', 0n, 0, 65536),
    epImbalance: real(input, 'ep_imbalance', '1', 1, 64),
    // Data-parallel attention: D groups of tp / D GPUs; 1 is off.
    dpAttention: count(input, 'dp_attention', 1n, 1, 1024),
    // Prefill/decode disaggregation (disaggregation.mjs): 0 instances is not disaggregated; prefill_tp 0 is tp.
    prefillInstances: count(input, 'prefill_instances', 0n, 0, 4096),
    prefillTp: count(input, 'prefill_tp', 0n, 1, 1024),
    decodeInstances: count(input, 'decode_instances', 0n, 1, 4096),
  };
  const gpus = deploy.tp * deploy.pp, perNode = gpusPerNode(deploy, gpu);
  if (deploy.nodes > 1n ? gpus !== deploy.nodes * perNode : gpus > perNode) throw new OracleError('tp x pp must fill the nodes');
  if (deploy.ep <= 1n && (deploy.redundantExperts !== 0n || !deploy.epImbalance.eq(1n))) throw new OracleError('EP inputs without ep');
  // "mtp", the target's own modules, is filled in once the target is read (below).
  if (Object.hasOwn(input, 'spec_draft') && input.spec_draft === 'mtp') deploy.draft = { name: 'mtp', mtp: true };
  else if (Object.hasOwn(input, 'spec_draft')) {
    const p = preset('models', input.spec_draft);
    deploy.draft = { ...readModel(p.config, input.spec_draft), name: input.spec_draft };
  }
  if ((deploy.specTokens > 0n) !== (deploy.draft !== null) || (deploy.specTokens > 0n) !== (deploy.specAccept.sign() > 0)) {
    throw new OracleError('spec_tokens, spec_draft and spec_accept go together');
  }
  if (deploy.specTokens > 0n && deploy.pp > 1n) throw new OracleError('speculative decoding needs pp 1');
  // The host bandwidth in use: cpu_bandwidth_gbs when given, else the preset's.
  deploy.hostGbs = deploy.cpuBandwidthGbs.sign() > 0 ? deploy.cpuBandwidthGbs : hostMemoryGbs(deploy.hostMemory);
  if (deploy.microBatches !== 0n && (deploy.pp <= 1n || deploy.microBatches > deploy.batch)) {
    throw new OracleError('micro_batches needs pp > 1 and at most the batch');
  }

  if (Object.hasOwn(input, 'params')) {
    if (deploy.draft?.mtp) throw new OracleError('spec_draft mtp needs a model config');
    return { kind: 'estimate', params: parseParams(input.params), gpu, deploy };
  }
  let model;
  if (configText !== undefined) model = readModel(JSON.parse(configText));
  else if (Object.hasOwn(input, 'config')) model = readModel(input.config);
  else {
    const p = preset('models', input.model);
    model = readModel(p.config, input.model);
    // A preset carries its checkpoint's verified count; a config that disagrees is refused.
    if (!Q.of(p.params_total).eq(model.paramsTotal)) throw new OracleError(`preset ${input.model}: counted ${model.paramsTotal}, verified ${p.params_total}`);
  }
  if (deploy.draft?.mtp) {
    if (model.mtpModules === 0n) throw new OracleError('spec_draft mtp: the model has no MTP module');
    // Memory holds every module; a draft step runs one, with the target's LM head.
    const n = model.mtpModules, E = model.experts;
    deploy.draft = {
      name: 'mtp', mtp: true, modules: n, layers: n, hidden: model.hidden, vocab: model.vocab,
      paramsTotal: n * model.paramsMtpModule, paramsEmbed: 0n,
      stepFixed: model.mtpFixed, stepExpert: model.mtpRouted > 0n ? model.paramsExpert : 0n,
      paramsActive: model.mtpFixed + (model.mtpRouted > 0n ? model.topK * model.paramsExpert : 0n) + model.vocab * model.hidden,
      kvElems: model.kvElems, attnFlopsPerPair: model.attnFlopsPerPair, routes: model.mtpRouted > 0n && E > 0n,
    };
  }
  if (deploy.ep > 1n) {
    const slots = model.experts + deploy.redundantExperts;
    if (model.experts === 0n || deploy.ep > gpus || deploy.pp > 1n || deploy.ep !== deploy.tp || slots % deploy.ep !== 0n) {
      throw new OracleError('ep needs an MoE model, pp 1, ep = tp and whole experts per rank');
    }
  }
  // D groups must split tp evenly, join at MoE layers (a dense model's groups are separate servers), and
  // are not modelled with pipeline stages or speculation.
  if (deploy.dpAttention > 1n) {
    if (deploy.tp % deploy.dpAttention !== 0n) throw new OracleError('dp_attention must divide tp');
    if (model.experts === 0n) throw new OracleError('dp_attention needs an MoE model');
    if (deploy.pp > 1n || deploy.specTokens > 0n) throw new OracleError('dp_attention needs pp 1 and no speculation');
  }
  if (deploy.prefillInstances === 0n && (deploy.prefillTp !== 0n || deploy.decodeInstances !== 0n)) {
    throw new OracleError('prefill_tp and decode_instances need prefill_instances');
  }
  if (deploy.prefillInstances > 0n) {
    const p = deploy.prefillTp > 0n ? deploy.prefillTp : deploy.tp;
    if (deploy.decodeInstances === 0n) throw new OracleError('a disaggregated deployment needs decode instances');
    if (p > 1n && model.heads % p !== 0n) throw new OracleError('prefill_tp must divide the heads');
  }
  // Offload moves layers to host RAM; on unified memory that is the same pool.
  if (gpu.unified && deploy.gpuLayers <= model.layers) throw new OracleError('offload on unified memory frees nothing');
  return { kind: 'analysis', model, gpu, deploy };
}
