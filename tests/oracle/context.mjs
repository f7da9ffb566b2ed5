// One deployment's resolved precisions, byte sizes and the fit check (the
// floor and the realistic budget), in exact rationals.

import { LOGITS_ON_HOST, POOL_OF_FREE, POOL_OF_START, START_CHECK, STEP_LOGIT_BYTES, STEPS_WHOLE_CHUNK, poolOf, prefillChunkOf } from './engines.mjs';
import { powUnit, Q, ZERO } from './rational.mjs';
import { weightsPerGpu } from './scaleout.mjs';

export const GIB = new Q(1n << 30n);

export const PRECISION_BYTES = {
  fp32: new Q(4n),
  fp16: new Q(2n),
  bf16: new Q(2n),
  fp8: new Q(1n),
  int8: new Q(1n),
  int4: new Q(1n, 2n),
  // Bits per weight / 8. ggml block layouts (llama.cpp ggml/src/ggml-common.h): q8_0 34 B per 32,
  // q4_0 18 B per 32, q6_K 210 B per 256, q2_K 84 B per 256, iq4_xs 136 B per 256. K-quant mixes:
  // llama.cpp quantize.cpp's Llama-3-8B file sizes (5.33, 4.58, 3.74 GiB over 8.03 B weights):
  // 5.70, 4.90, 4.00 bpw. MXFP4: 4 bits + 8-bit scale per 32; NVFP4: 4 bits + fp8 scale per 16.
  q8_0: new Q(34n, 32n),
  q6_k: new Q(210n, 256n),
  q5_k_m: Q.fromDecimal('5.70').div(8n),
  q4_k_m: Q.fromDecimal('4.90').div(8n),
  q4_0: new Q(18n, 32n),
  q3_k_m: Q.fromDecimal('4.00').div(8n),
  q2_k: new Q(84n, 256n),
  iq4_xs: new Q(136n, 256n),
  mxfp4: new Q(17n, 32n),
  nvfp4: new Q(9n, 16n),
};
// MXFP4: 4 bits per value plus one 8-bit scale per 32 values.
const MXFP4_BYTES = new Q(17n, 32n);
// FP8 checkpoints with 128x128 block scales: one fp32 scale per block.
const FP8_BLOCK_BYTES = new Q(1n).add(new Q(4n, 128n * 128n));

const q = (x) => Q.of(x);

function resolvePrecision(c) {
  const { model: m, deploy: d, gpu: g } = c;
  if (d.precision === 'auto') {
    // The checkpoint as published: quantization_config, else torch_dtype.
    const b = PRECISION_BYTES[m.dtype];
    c.bEmbed = b;
    c.bMain = m.quant === 'fp8' ? FP8_BLOCK_BYTES : b;
    c.bExpert = m.quant === 'fp8' ? FP8_BLOCK_BYTES : m.quant === 'mxfp4' ? MXFP4_BYTES : b;
    c.weightPrecision = m.quant === 'fp8' ? 'fp8' : m.dtype;
    // Quantized checkpoints still keep activations, and so the KV, in torch_dtype.
    c.kvPrecision = d.kvPrecision === 'auto' ? m.dtype : d.kvPrecision;
  } else {
    c.weightPrecision = d.precision;
    c.bEmbed = c.bMain = c.bExpert = PRECISION_BYTES[d.precision];
    // The KV holds activations: in the weights' type if that is a float type, else in torch_dtype
    // (engines' default KV type is the model's dtype; llama.cpp's is f16).
    const float = d.precision === 'fp32' || d.precision === 'fp16' || d.precision === 'bf16';
    c.kvPrecision = d.kvPrecision !== 'auto' ? d.kvPrecision : float ? d.precision : m.dtype;
  }
  c.bKv = PRECISION_BYTES[c.kvPrecision];

  // The roof that matches the math: fp8/int8 weights run W8A8 where the GPU
  // has that peak; int4 and MXFP4 are weight-only and compute in 16-bit.
  c.computePrecision = 'fp16';
  c.peak = g.tflopsUnknown ? ZERO : g.tflops.mul(10n ** 12n);
  if (c.weightPrecision === 'fp8' && g.tflopsFp8.sign() > 0) {
    c.computePrecision = 'fp8';
    c.peak = g.tflopsFp8.mul(10n ** 12n);
  } else if (c.weightPrecision === 'int8' && g.topsInt8.sign() > 0) {
    c.computePrecision = 'int8';
    c.peak = g.topsInt8.mul(10n ** 12n);
  }
}

const ceilDiv = (a, b) => (a + b - 1n) / b;

export function makeContext(model, gpu, deploy) {
  const c = { model, gpu, deploy };
  resolvePrecision(c);
  // Each TP rank keeps whole KV heads (replicated past h_kv); MLA's latent is on every rank.
  // Under data-parallel attention a group's tp / D GPUs split its requests' KV.
  const attnTp = deploy.tp / (deploy.dpAttention ?? 1n);
  c.kvShare = model.mla ? q(1n) : new Q(ceilDiv(model.kvHeads, attnTp), model.kvHeads);
  c.bw = gpu.bandwidth.mul(10n ** 9n);
  c.localLayers = model.slidingLayers;
  // Linear-attention layers keep a fixed state, weighed in cached tokens (state elements / KV elements).
  c.stateLayers = (model.linearLayers ?? 0n) + (model.mambaLayers ?? 0n) + (model.convLayers ?? 0n);
  // The states stay at the checkpoint's dtype (vLLM's mamba_cache_dtype "auto"), whatever the KV precision.
  c.stateTokens = c.stateLayers > 0n
    ? q(model.stateElems).mul(PRECISION_BYTES[model.dtype]).div(q(model.kvElems).mul(c.bKv))
    : q(0n);
  // Falcon-H1's Mamba mixers sit beside the attention; linear-attention layers and Jamba's Mamba layers replace it.
  c.globalLayers = model.layers - model.slidingLayers - (model.linearLayers ?? 0n) - (model.convLayers ?? 0n) - (model.noAttnLayers ?? 0n) -
    (model.mambaV1 ? model.mambaLayers : 0n);
  // Paged KV: a request occupies whole blocks, and so does a window.
  const blk = deploy.kvBlock;
  c.tokens = blk > 0n ? ceilDiv(deploy.seq, blk) * blk : deploy.seq;
  let window = model.slidingWindow;
  if (blk > 0n && window > 0n) window = ceilDiv(window, blk) * blk;
  c.localTokensCapacity = window > 0n && window < c.tokens ? window : c.tokens;
  // Offload (llama.cpp -ngl n, tp = pp = 1): the last n of the L layers on the GPU, taken as
  // equal shares n/L of the layer weights and of the KV; n > L keeps everything on the GPU.
  c.offload = deploy.gpuLayers <= model.layers;
  c.gpuFrac = c.offload ? new Q(deploy.gpuLayers, model.layers) : q(1n);
  c.hostBw = deploy.hostGbs.mul(10n ** 9n);
  return c;
}

// Cached tokens summed over the layers: the attending layers' (below), and each state in the tokens it weighs.
export function layerTokens(c, globalTokens, localTokens) {
  return attentionTokens(c, globalTokens, localTokens).add(q(c.stateLayers).mul(c.stateTokens));
}

// The tokens attention runs over: the attending layers' alone (a state is no attention).
export function attentionTokens(c, globalTokens, localTokens) {
  return q(c.globalLayers).mul(globalTokens).add(q(c.localLayers).mul(localTokens));
}

// A token's pass over every linear-attention or Mamba state: a multiply-add to update each element and one to read it out.
export const stateFlops = (c) => q(4n * c.stateLayers * (c.model.stateElems ?? 0n));

export function windowOf(c, s) {
  const w = c.model.slidingWindow;
  return w > 0n && w < s ? w : s;
}

// One request's KV bytes at S tokens, whole model, unpadded.
export function kvBytesRequest(c) {
  const s = c.deploy.seq;
  return q(c.model.kvElems).mul(c.bKv).mul(layerTokens(c, s, windowOf(c, s)));
}

// Distinct experts that b requests route to in one MoE layer (routing taken as uniform).
export function expertsTouched(c, b) {
  const m = c.model;
  if (m.experts === 0n) return ZERO;
  const E = q(m.experts), k = q(m.topK), B = q(b);
  if (c.deploy.moeRead === 'distinct') return Q.min(B.mul(k), E);
  return E.mul(q(1n).sub(powUnit(q(1n).sub(k.div(E)), b)));
}

export function expertBytes(c) {
  const m = c.model;
  return q(m.paramsExpertMatrix).mul(c.bExpert).add(q(m.paramsExpert - m.paramsExpertMatrix).mul(c.bMain));
}

function sharedBytes(c) {
  const m = c.model;
  return q(m.paramsEmbed).mul(c.bEmbed).add(q(m.paramsAlwaysRead - m.paramsEmbed).mul(c.bMain));
}

// All weights at their precisions, whole model.
export function weightBytesTotal(c) {
  const m = c.model;
  return sharedBytes(c).add(q(m.moeLayers * m.experts).mul(expertBytes(c)));
}

// Weights one step reads for b requests: the shared weights once, plus in
// every MoE layer the experts the batch touches. Of the embeddings only the
// LM head (vocab x hidden) is read; the input table is looked up by b rows,
// and tied embeddings are one matrix, read once as the head.
export function weightBytesRead(c, b) {
  const m = c.model;
  const shared = q(m.vocab * m.hidden).mul(c.bEmbed).add(q(m.paramsAlwaysRead - m.paramsEmbed).mul(c.bMain));
  if (m.experts === 0n) return shared;
  return shared.add(q(m.moeLayers).mul(expertsTouched(c, b)).mul(expertBytes(c)));
}

export function stepFlops(c, b) {
  const s = c.deploy.seq;
  const attn = q(c.model.attnFlopsPerPair).mul(attentionTokens(c, s, windowOf(c, s)));
  // The matmuls: N_act less the untied input table, which a token only looks a row up in.
  return q(b).mul(q(2n * (c.model.paramsActive - c.model.paramsInputTable)).add(attn).add(stateFlops(c)));
}

export const kvReadBytes = (c, b) => q(b).mul(kvBytesRequest(c));

export function floorSeconds(c, bytes, flops) {
  const t = bytes.div(c.bw);
  return c.peak.sign() > 0 ? Q.max(t, flops.div(c.peak)) : t;
}

// The largest n with n·per <= room (0 when room < 0).
export function maxCount(room, per) {
  if (room.sign() < 0 || per.sign() <= 0) return 0n;
  const n = room.div(per).floor();
  return n > 10n ** 15n ? 10n ** 15n : n;
}

// Activation peak of one prefill chunk, per GPU: C·(2·hidden + qkv width +
// 2·MLP width)·2 bytes / tp, the MLP width being the widest of the dense MLP
// and the k routed plus shared experts. C is the chunk, the one given or else
// the engine's own at this GPU (engines.mjs engineChunk: vLLM's follows the
// GPU's size, gpt-fast's is the whole prompt): all of it under vLLM and
// TensorRT-LLM (STEPS_WHOLE_CHUNK), which keep room for a whole step however
// short the prompt; min(chunk, S) under the others.
export function activationChunkTokens(c) {
  const resolved = prefillChunkOf(c.deploy, c.gpu);
  if (STEPS_WHOLE_CHUNK.includes(c.deploy.engine)) return resolved;
  return resolved < c.deploy.seq ? resolved : c.deploy.seq;
}
export function layerActivationBytes(c) {
  const m = c.model, d = c.deploy;
  const chunk = activationChunkTokens(c);
  let mlp = m.layers > m.moeLayers ? m.intermediate : 0n;
  if (m.moeLayers > 0n) {
    const moe = m.topK * m.moeIntermediate + m.shared;
    if (moe > mlp) mlp = moe;
  }
  return new Q(chunk * (2n * m.hidden + m.qkvWidth + 2n * mlp) * 2n, d.tp);
}
// The output layer's peak, where the engine computes every token's logits (STEP_LOGIT_BYTES b): C·(V + H)·b on the
// GPU holding the output layer; none where offload leaves that layer in host RAM (-ngl <= L).
export function outputActivationBytes(c) {
  const b = STEP_LOGIT_BYTES[c.deploy.engine];
  if (b === undefined || c.offload) return ZERO;
  return q(activationChunkTokens(c) * (c.model.vocab + c.model.hidden) * b);
}
// The step's peak: the layers' or the output layer's, whichever is the more.
export function activationChunkBytes(c) {
  const layers = layerActivationBytes(c), output = outputActivationBytes(c);
  return output.gt(layers) ? output : layers;
}

export const draftWeightBytes = (c) => q(c.deploy.draft.paramsTotal).mul(c.bMain);
// A preset draft's KV is split over the GPUs; MTP layers are the target's kind and split as its KV does.
export const draftKvShare = (c) => (c.deploy.draft.mtp ? c.kvShare : new Q(1n, c.deploy.tp * c.deploy.pp));
export const draftKvBytes = (c, tokens) => q(c.deploy.draft.kvElems * c.deploy.draft.layers * tokens).mul(c.bKv);

// skipHost: the GPU side alone (the search for the largest -ngl).
export function fitCheck(c, skipHost = false) {
  const d = c.deploy, m = c.model;
  const gpus = d.tp * d.pp;
  const vram = c.gpu.vram.mul(GIB);
  // The requests one GPU holds the KV of: all of them, or under D attention groups the busiest group's ceil(B/D).
  const D = d.dpAttention ?? 1n;
  const B = q(ceilDiv(d.batch, D));
  const f = {};
  f.weights = weightsPerGpu(c);
  f.kvReq = q(m.kvElems).mul(c.bKv).mul(layerTokens(c, c.tokens, c.localTokensCapacity)).mul(c.kvShare).div(d.pp);
  f.hostWeights = ZERO;
  f.hostKv = ZERO;
  if (c.offload) {
    // Host RAM holds the other layers' share, the embeddings and the LM head.
    const total = weightBytesTotal(c);
    const kvAll = f.kvReq;
    f.weights = total.sub(q(m.paramsEmbed).mul(c.bEmbed)).mul(c.gpuFrac);
    f.hostWeights = total.sub(f.weights);
    f.kvReq = kvAll.mul(c.gpuFrac);
    f.hostKv = B.mul(kvAll.sub(f.kvReq));
  }
  if (d.specTokens > 0n) {
    // A speculative draft at the target's precisions, split over the GPUs like the target.
    f.weights = f.weights.add(draftWeightBytes(c).div(gpus));
    f.kvReq = f.kvReq.add(draftKvBytes(c, c.tokens).mul(draftKvShare(c)));
  }
  f.kv = B.mul(f.kvReq);
  f.free = vram.sub(f.weights);
  f.maxBatch = f.free.sign() >= 0 ? maxCount(f.free, f.kvReq) : 0n;
  // Offload: the requests whose host KV fits the RAM left after the host weights bound the
  // max batches too; a GPU that holds no KV (-ngl 0) leaves the bound to the host.
  const hostBound = (n, gpuHoldsKv) => {
    if (!c.offload) return n;
    const room = d.ramGib.mul(GIB).sub(f.hostWeights), per = f.hostKv.div(d.batch);
    const h = per.sign() > 0 ? maxCount(room, per) : room.sign() >= 0 ? 10n ** 15n : 0n;
    if (!gpuHoldsKv) return h;
    return n < h ? n : h;
  };
  f.maxBatch = D * hostBound(f.maxBatch, f.kvReq.sign() > 0 || f.free.sign() < 0);
  if (f.weights.gt(vram)) f.verdict = 'weights_do_not_fit';
  else if (f.kv.gt(f.free)) f.verdict = 'kv_does_not_fit';
  else if (c.offload && !skipHost && f.hostWeights.add(f.hostKv).gt(d.ramGib.mul(GIB))) f.verdict = 'host_ram_does_not_fit';
  else f.verdict = 'fits';

  f.context = d.contextReserveGib.mul(GIB);
  // What the engine fills: the GPU's total, or (a GPU that gives the memory free at an engine's start, for an engine
  // without vLLM's start check, START_CHECK) that free memory and the context it was measured with, at most the total.
  const takesFree = c.gpu.startFree && c.gpu.startFree.sign() > 0 && !START_CHECK.includes(d.engine);
  const mem = takesFree ? Q.min(vram, c.gpu.startFree.mul(GIB).add(f.context)) : vram;
  f.memory = mem;
  // NCCL buffers for the GPUs one GPU exchanges with: its tp − 1 tensor-parallel peers and its pipeline
  // neighbours (the stage before and the one after: min(pp − 1, 2)), not every GPU of the deployment.
  f.ncclPeers = (d.tp - 1n) + (d.pp - 1n < 2n ? d.pp - 1n : 2n);
  f.nccl = d.ncclGibPerPeer.mul(GIB).mul(f.ncclPeers);
  f.overhead = d.weightOverhead.mul(f.weights);
  // SGLang keeps the prefill chunk's activations and the logits in the part its fraction leaves out (POOL_OF_START):
  // neither is in its pool, and neither is charged to the room for KV.
  f.poolOfStart = POOL_OF_START.includes(d.engine);
  f.actChunk = f.poolOfStart ? ZERO : activationChunkBytes(c);
  f.chunkTokens = activationChunkTokens(c);
  // The pool: a share of the GPU; or (TensorRT-LLM) all that the weights and reserves take, and the share of
  // what they leave free that is the KV cache; or (SGLang) the context and NCCL, up first, and the share of what
  // they leave free; nothing left free: the whole GPU (the room is the shortfall).
  f.taken = f.weights.add(f.context).add(f.nccl).add(f.overhead).add(f.actChunk);
  f.leftFree = mem.sub(f.taken);
  f.started = f.context.add(f.nccl);
  f.freeAtStart = mem.sub(f.started);
  f.poolOfFree = POOL_OF_FREE.includes(d.engine);
  const pool = poolOf(d, c.gpu, c.model);
  if (f.poolOfFree) f.pool = f.leftFree.sign() > 0 ? f.taken.add(pool.mul(f.leftFree)) : mem;
  else if (f.poolOfStart) f.pool = f.freeAtStart.sign() > 0 ? f.started.add(pool.mul(f.freeAtStart)) : mem;
  else f.pool = pool.mul(mem);
  // fp32 logits of each request in the decode batch, gathered on every rank (none in SGLang's pool, above).
  f.logitsPerRequest = f.poolOfStart || LOGITS_ON_HOST.includes(d.engine) ? ZERO : q(4n * m.vocab);
  f.atLogits = !f.poolOfStart && outputActivationBytes(c).gt(layerActivationBytes(c));
  // Under SGLang: fraction·(V − context − NCCL) − overhead − weights.
  f.realisticFree = f.pool.sub(f.context).sub(f.nccl).sub(f.overhead).sub(f.actChunk).sub(f.weights);
  const per = f.kvReq.add(f.logitsPerRequest);
  // A GPU that holds no KV and no logits (-ngl 0 under llama.cpp, whose logits go to host memory) bounds no batch
  // while its room holds: the host does.
  f.maxBatchRealistic = D * hostBound(maxCount(f.realisticFree, per), per.sign() > 0 || f.realisticFree.sign() < 0);
  f.realisticOk = B.mul(per).le(f.realisticFree);
  if (f.verdict === 'fits' && !f.realisticOk) f.verdict = 'tight';
  return f;
}

// Past the floor, or with `realistic` into the realistic budget.
export function reaches(model, gpu, deploy, realistic) {
  const v = fitCheck(makeContext(model, gpu, deploy)).verdict;
  return realistic ? v === 'fits' : v === 'fits' || v === 'tight';
}

// The largest -ngl whose GPU part (weights, KV, reserves) gets into the realistic budget:
// L + 1 when everything does, -1 when not even 0 layers do (searched from the top down).
export function largestGpuLayers(model, gpu, deploy) {
  const gpuFits = (n) => fitCheck(makeContext(model, gpu, { ...deploy, gpuLayers: n }), true).verdict === 'fits';
  if (gpuFits(model.layers + 1n)) return model.layers + 1n;
  for (let n = model.layers; n >= 0n; n--) if (gpuFits(n)) return n;
  return -1n;
}

export { ceilDiv };
