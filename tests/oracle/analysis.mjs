// The full analysis of one deployment as the report's JSON shape: every
// number an exact rational (Q), so that rounding happens once, at the end.
// Sections that do not apply are left out, as the report leaves them out.

import {
  ceilDiv, draftKvBytes, draftKvShare, draftWeightBytes, expertsTouched, fitCheck, largestGpuLayers, floorSeconds, GIB, kvBytesRequest,
  attentionTokens, kvReadBytes, layerActivationBytes, layerTokens, makeContext, outputActivationBytes, PRECISION_BYTES, stateFlops, stepFlops,
  weightBytesRead, weightBytesTotal, windowOf,
} from './context.mjs';
import { realistic, realisticSpecStep } from './realistic.mjs';
import { LACKS, LOGITS_ON_HOST, NOT_ON, STEP_LOGIT_BYTES, POOL_OF_FREE, POOL_OF_START, poolOf, prefillChunkOf, sglangReserve } from './engines.mjs';
import { findRemedies } from './remedies.mjs';
import { Q, ZERO } from './rational.mjs';
import { dpAttentionStep, dpOf, dpSection, groupRequests, epSection, expertParallelStep, topologySection } from './scaleout.mjs';

const q = (x) => Q.of(x);
const gib = (bytes) => bytes.div(GIB);
const MS = 1000n;

function modelSection(m, c) {
  const kvReq = kvBytesRequest(c);
  const s = {
    name: m.name,
    model_type: m.type,
    params_total: q(m.paramsTotal),
    params_active: q(m.paramsActive),
    params_input_table: q(m.paramsInputTable),
    layers: q(m.layers),
    hidden: q(m.hidden),
    heads: q(m.heads),
    kv_heads: q(m.kvHeads),
    head_dim: q(m.headDim),
    vocab: q(m.vocab),
    experts: q(m.experts),
    top_k: q(m.topK),
    moe_layers: q(m.moeLayers),
    shared_expert_intermediate: q(m.shared),
    sliding_window: q(m.slidingWindow),
    sliding_layers: q(m.slidingLayers),
    mla: m.mla,
  };
  if (m.mla) {
    s.kv_lora_rank = q(m.kvLora);
    s.qk_rope_head_dim = q(m.qkRope);
  }
  s.kv_elems_per_token_per_layer = q(m.kvElems);
  if (m.linearLayers > 0n || m.mambaLayers > 0n || m.convLayers > 0n) {
    // Linear-attention layers, Mamba mixers and short convolutions: their fixed state, part of kv_bytes_per_request.
    if (m.linearLayers > 0n) s.linear_layers = q(m.linearLayers);
    if (m.mambaLayers > 0n) s.mamba_layers = q(m.mambaLayers);
    if (m.convLayers > 0n) s.conv_layers = q(m.convLayers);
    // The layers with attention, sliding ones included: a Mamba (v1) layer or a short convolution replaces it, a Mamba-2 mixer sits beside it.
    s.attention_layers = q(m.layers - (m.linearLayers ?? 0n) - m.convLayers - (m.mambaV1 ? m.mambaLayers : 0n));
    s.state_elems_per_layer = q(m.stateElems);
    s.state_bytes_per_request = q((m.linearLayers + m.mambaLayers + m.convLayers) * m.stateElems).mul(PRECISION_BYTES[m.dtype]);
  }
  if (m.nas) {
    // NAS blocks: the layers that attend, and the linears standing in for the others.
    s.attention_layers = q(m.layers - m.noAttnLayers);
    s.nas_linears = q(m.nasLinears);
  }
  s.kv_bytes_per_token = kvReq.div(c.deploy.seq);
  s.kv_bytes_per_request = kvReq;
  s.weight_bytes = weightBytesTotal(c);
  return s;
}

function gpuSection(g) {
  const s = { name: g.name, tflops: g.tflopsUnknown ? null : g.tflops };
  if (g.tflopsFp8.sign() > 0) s.tflops_fp8 = g.tflopsFp8;
  if (g.topsInt8.sign() > 0) s.tops_int8 = g.topsInt8;
  s.bandwidth_gbs = g.bandwidth;
  s.vram_gib = g.vram;
  s.memory = g.unified ? 'unified' : 'discrete';
  if (g.unified) s.ram_gib = g.ram;
  if (g.startFree && g.startFree.sign() > 0) s.start_free_gib = g.startFree;
  s.link_gbs = g.linkGbs;
  if (g.link) s.link = g.link;
  return s;
}

function configSection(m, d, c, microBatches) {
  // auto: the checkpoint's format, or (no torch_dtype, no quantization_config) the default fp16.
  const defaulted = d.precision === 'auto' && m.dtypeDefaulted && m.quant === 'none';
  const s = {
    precision: c.weightPrecision,
    precision_source: d.precision !== 'auto' ? 'chosen' : defaulted ? 'default' : 'checkpoint',
  };
  if (d.precision === 'auto' && m.quant === 'mxfp4') s.expert_precision = 'mxfp4';
  Object.assign(s, { kv_precision: c.kvPrecision });
  // Bytes per weight when a precision is chosen or the default (a checkpoint mixes several), and per KV element.
  if (d.precision !== 'auto' || defaulted) s.weight_bytes_per_param = PRECISION_BYTES[c.weightPrecision];
  Object.assign(s, {
    kv_bytes_per_element: PRECISION_BYTES[c.kvPrecision],
    seq: q(d.seq),
    batch: q(d.batch),
    tp: q(d.tp),
    pp: q(d.pp),
    micro_batches: q(microBatches),
    kv_block: q(d.kvBlock),
    moe_read: d.moeRead,
    pool_fraction: poolOf(d, c.gpu, m),
    pool_source: d.poolFraction.sign() > 0 ? 'chosen' : 'engine',
    // What the fraction is a share of: the GPU; the memory the weights and reserves leave (TensorRT-LLM); the memory
    // free once the context and NCCL are up, before the weights load (SGLang).
    pool_of: POOL_OF_FREE.includes(d.engine) ? 'free' : POOL_OF_START.includes(d.engine) ? 'free_at_start' : 'gpu',
    // SGLang's own reserve, sized by the chunk given, else by the one it derives from the GPU.
    ...(d.engine === 'sglang' && d.poolFraction.sign() === 0 ? { pool_reserve: sglangReserve(c.gpu.vram, d.tp, d.pp, m.mla, d.prefillChunk) } : {}),
    context_reserve_gib: d.contextReserveGib,
    nccl_gib_per_peer: d.ncclGibPerPeer,
    weight_overhead: d.weightOverhead,
    // The chunk in use: the one given, or the engine's own at this GPU (gpt-fast's: the seq); which of the two, as
    // pool_source says of the pool.
    prefill_chunk: q(prefillChunkOf(d, c.gpu)),
    prefill_chunk_source: d.prefillChunk > 0n ? 'chosen' : 'engine',
    launch_ms: d.launchMs,
    engine: d.engine,
    engine_source: d.engineSource,
    gpu_layers: q(d.gpuLayers),
    ram_gib: d.ramGib,
    host_memory: d.hostMemory,
    cpu_bandwidth_gbs: d.cpuBandwidthGbs,
    nodes: q(d.nodes),
    gpus_per_node: q(d.gpusPerNode),
    scale_out_link: d.scaleOutLink,
    ep: q(d.ep),
    redundant_experts: q(d.redundantExperts),
    ep_imbalance: d.epImbalance,
    dp_attention: q(d.dpAttention),
    prefill_instances: q(d.prefillInstances ?? 0n),
    prefill_tp: q(d.prefillTp ?? 0n),
    decode_instances: q(d.decodeInstances ?? 0n),
  });
  return s;
}

function memorySection(f, d, g, c) {
  // The busiest attention group's requests (all of them without data-parallel attention).
  const held = ceilDiv(d.batch, d.dpAttention);
  const logits = f.logitsPerRequest.mul(held);
  let shortfall = ZERO;
  if (f.verdict === 'weights_do_not_fit') shortfall = gib(f.weights.sub(g.vram.mul(GIB)));
  else if (f.verdict === 'kv_does_not_fit') shortfall = gib(f.kv.sub(f.free));
  else if (f.verdict === 'host_ram_does_not_fit') shortfall = gib(f.hostWeights.add(f.hostKv).sub(d.ramGib.mul(GIB)));
  const kvRoom = f.realisticFree.sub(logits);
  const realistic = {
    pool_gib: gib(f.pool),
    ...(f.poolOfFree ? { free_after_reserves_gib: gib(f.leftFree) } : {}),
    // SGLang: the memory its fraction is a share of, V − context − NCCL (negative when they take more than the GPU).
    ...(f.poolOfStart ? { free_at_start_gib: gib(f.freeAtStart) } : {}),
    context_reserve_gib: gib(f.context),
    nccl_gib: gib(f.nccl),
    nccl_peers: new Q(f.ncclPeers),
    weight_overhead_gib: gib(f.overhead),
    activation_gib: gib(f.actChunk.add(logits)),
    // The prefill step's tokens that activation_gib counts; none under SGLang, whose activations are outside its pool.
    activation_tokens: f.poolOfStart ? ZERO : q(f.chunkTokens),
    // Whether that step peaks at its output layer (every token's logits: llama.cpp, gpt-fast), and whether the batch's
    // logits are in host memory (llama.cpp), so that activation_gib holds none per request.
    activation_at_logits: f.atLogits,
    step_logit_bytes: q(STEP_LOGIT_BYTES[d.engine] ?? 0n),
    logits_on_host: LOGITS_ON_HOST.includes(d.engine),
    reserve_gib: gib(f.context.add(f.nccl).add(f.overhead).add(f.actChunk).add(logits)),
    kv_room_gib: gib(kvRoom),
    missing_gib: f.verdict === 'tight' ? gib(f.kv.sub(kvRoom)) : ZERO,
    max_batch: q(f.maxBatchRealistic),
  };
  // The room for KV and logits, and what the batch needs of it: figures the core does not report, which
  // the derivations in vector comments show (derivation.mjs). Not enumerable: no report key.
  Object.defineProperty(realistic, 'room_gib', { value: gib(f.realisticFree), enumerable: false });
  Object.defineProperty(realistic, 'need_gib', { value: gib(f.kvReq.add(f.logitsPerRequest).mul(held)), enumerable: false });
  // The activation line's chunk (activation_tokens) and its bytes alone (activation_gib adds the logits): a derivation's
  // "activation chunk C=…*(…)*2/tp = … GiB". None under SGLang, whose activations are outside its pool.
  if (!f.poolOfStart) {
    Object.defineProperty(realistic, 'chunk_tokens', { value: q(f.chunkTokens), enumerable: false });
    Object.defineProperty(realistic, 'activation_chunk_gib', { value: gib(layerActivationBytes(c)), enumerable: false });
    Object.defineProperty(realistic, 'output_step_gib', { value: gib(outputActivationBytes(c)), enumerable: false });
  }
  return {
    weights_gib_per_gpu: gib(f.weights),
    kv_gib_per_request: gib(f.kvReq),
    kv_gib_per_gpu: gib(f.kv),
    free_gib_per_gpu: gib(f.free),
    max_batch: q(f.maxBatch),
    max_batch_realistic: q(f.maxBatchRealistic),
    shortfall_gib: shortfall,
    gpus: q(d.tp * d.pp),
    realistic,
  };
}

// The decode step: one pass over the weights for the whole batch, or with
// pp > 1 the drain of M micro-batches of ceil(B/M) requests through pp stages,
// each stage re-reading its weights once per micro-batch.
function decodeStep(c, d, warnings) {
  const B = d.batch, tp = q(d.tp), pp = q(d.pp);
  if (d.pp > 1n) {
    const M = d.microBatches > 0n ? d.microBatches : B;
    const mb = ceilDiv(B, M);
    const gpus = d.tp * d.pp;
    const stageFlops = stepFlops(c, mb).div(gpus);
    const stageBytes = weightBytesRead(c, mb).div(gpus).add(kvReadBytes(c, mb).mul(c.kvShare).div(pp));
    const stage = floorSeconds(c, stageBytes, stageFlops);
    const drain = stage.mul(M + d.pp - 1n);
    const oneGpu = floorSeconds(c, weightBytesRead(c, B).add(kvReadBytes(c, B)), stepFlops(c, B));
    const pipe = {
      micro_batches: q(M),
      bubble: new Q(d.pp - 1n, M + d.pp - 1n),
      // One micro-batch's weight read; the speedup and its one-GPU time come only when it fits (below).
      weight_bytes_read: weightBytesRead(c, mb),
    };
    if (c.model.layers % d.pp !== 0n) warnings.add('layers_not_divisible_by_pp');
    if (B % M !== 0n) warnings.add('batch_not_divisible_by_micro_batches');
    return { M, mb, stageFlops, stageBytes, flops: stageFlops.mul(M), bytes: stageBytes.mul(M), step: drain, stage, drain, pipe, oneGpu };
  }
  if (c.offload) {
    // tp = 1: the GPU reads its n/L share of the layers' weights and KV; then the host reads
    // the rest, the LM head included, at its bandwidth, one after the other.
    const read = weightBytesRead(c, B), kv = kvReadBytes(c, B);
    const head = q(c.model.vocab * c.model.hidden).mul(c.bEmbed);
    const gpuBytes = read.sub(head).add(kv).mul(c.gpuFrac);
    const hostBytes = read.add(kv).sub(gpuBytes);
    const flops = stepFlops(c, B);
    const gpuFlops = flops.mul(c.gpuFrac);
    const gpuS = floorSeconds(c, gpuBytes, gpuFlops);
    const hostS = hostBytes.div(c.hostBw);
    return { M: 1n, flops, bytes: gpuBytes.add(hostBytes), step: gpuS.add(hostS), gpuBytes, gpuFlops, gpuS, hostS };
  }
  if (dpOf(d) > 1n) {
    // Data-parallel attention: all but the experts over a group's GPUs, for its requests (scaleout.mjs).
    const { bytes, flops } = dpAttentionStep(c, B);
    return { M: 1n, flops, bytes, step: floorSeconds(c, bytes, flops) };
  }
  if (d.ep > 1n) {
    // Expert parallelism: the busiest rank's experts and FLOPs (scaleout.mjs); the all-to-all is not in the floor.
    const { bytes, flops } = expertParallelStep(c, B, kvReadBytes(c, B).mul(c.kvShare));
    return { M: 1n, flops, bytes, step: floorSeconds(c, bytes, flops) };
  }
  const flops = stepFlops(c, B).div(tp);
  const bytes = weightBytesRead(c, B).div(tp).add(kvReadBytes(c, B).mul(c.kvShare));
  return { M: 1n, flops, bytes, step: floorSeconds(c, bytes, flops) };
}

// Speculative decoding (pp 1): gamma draft steps, then one target step over gamma+1
// tokens per request (same bytes, gamma+1 times the FLOPs); (1 − α^(γ+1))/(1 − α)
// tokens per request per step. The draft reads its weights but its input table.
function speculative(c, m, gpu, d, step, real, warnings) {
  const x = d.draft, gpus = d.tp * d.pp, gamma = d.specTokens, a = d.specAccept, B = d.batch, S = d.seq;
  const s = {
    draft: x.name,
    tokens: q(gamma),
    accept: a,
    draft_weights_gib_per_gpu: draftWeightBytes(c).div(gpus).div(GIB),
    draft_kv_gib_per_request: draftKvBytes(c, c.tokens).mul(draftKvShare(c)).div(GIB),
  };
  if (!real) return s;
  const tokens = q(1n).sub(a.pow(gamma + 1n)).div(q(1n).sub(a));
  // "mtp" runs one module per draft step: its fixed part, the routed experts the batch
  // touches (as in the target's MoE layers), the shared head; one layer's KV.
  const read = x.mtp
    ? q(x.stepFixed + x.vocab * x.hidden).add(expertsTouched(c, B).mul(x.stepExpert)).mul(c.bMain)
    : q(x.paramsTotal - x.paramsEmbed + x.vocab * x.hidden).mul(c.bMain);
  const stepLayers = x.mtp ? 1n : x.layers;
  const draftBytes = read.div(d.tp).add(q(x.kvElems * stepLayers * S).mul(c.bKv).mul(B).mul(draftKvShare(c)));
  // A draft model's own untied input table is a lookup too; MTP modules have none (the target's is shared).
  const draftTable = x.mtp ? 0n : x.paramsEmbed - x.vocab * x.hidden;
  const draftFlops = q(B).mul(q(2n * (x.paramsActive - draftTable)).add(q(x.attnFlopsPerPair * stepLayers * S))).div(d.tp);
  const verify = floorSeconds(c, step.bytes, step.flops.mul(gamma + 1n));
  const spec = q(gamma).mul(floorSeconds(c, draftBytes, draftFlops)).add(verify);
  const realSpec = realisticSpecStep(c, m, gpu, d, step, draftBytes, draftFlops);
  Object.assign(s, {
    tokens_per_step: tokens,
    step_ms: spec.mul(MS),
    ms_per_token: spec.mul(MS).div(tokens),
    tokens_per_s: q(B).mul(tokens).div(spec),
    speedup: tokens.mul(step.step).div(spec),
    realistic_step_ms: realSpec.mul(MS),
    realistic_floor_step_ms: spec.mul(MS),
    realistic_speedup: tokens.mul(real.step_ms).div(realSpec.mul(MS)),
  });
  if (s.realistic_speedup.lt(1n)) warnings.add('speculation_slower');
  return s;
}

export function analyze(model, gpu, deploy) {
  const m = model, d = deploy;
  const c = makeContext(m, gpu, d);
  const f = fitCheck(c);
  const fits = f.verdict === 'fits' || f.verdict === 'tight';
  const warnings = new Set();
  const S = q(d.seq), B = q(d.batch), tp = q(d.tp);
  const ridge = c.peak.div(c.bw);
  const step = decodeStep(c, d, warnings);

  if (d.tp > 1n && !m.mla && d.tp < m.kvHeads && m.kvHeads % d.tp !== 0n) warnings.add('kv_heads_not_divisible_by_tp');
  if (d.tp > 1n && (m.mla || d.tp > m.kvHeads)) warnings.add('kv_replicated_across_tp');
  if (m.maxPositions > 0n && d.seq > m.maxPositions) warnings.add('seq_over_max_positions');
  if (f.verdict === 'tight') warnings.add('tight');
  if (c.peak.sign() <= 0) warnings.add('no_sourced_tflops');
  // The weights' format, and an MXFP4 checkpoint's experts analysed as they are (precision auto).
  const experts = d.precision === 'auto' && m.quant === 'mxfp4' ? 'mxfp4' : null;
  if (LACKS[d.engine].weights.includes(c.weightPrecision) || (experts && LACKS[d.engine].weights.includes(experts))) {
    warnings.add('engine_lacks_weight_format');
  }
  if (LACKS[d.engine].kv.includes(c.kvPrecision)) warnings.add('engine_lacks_kv_format');
  if (NOT_ON[d.engine].some((prefix) => gpu.name.startsWith(prefix))) warnings.add('engine_not_on_gpu');

  const report = {
    verdict: f.verdict,
    level: f.verdict === 'fits' ? 'fits' : f.verdict === 'tight' ? 'tight' : 'refused',
    fits,
    model: modelSection(m, c),
    gpu: gpuSection(gpu),
    config: configSection(m, d, c, step.M),
    memory: memorySection(f, d, gpu, c),
  };

  if (fits) {
    const known = c.peak.sign() > 0;
    const ai = step.flops.div(step.bytes);
    const roof = { ai };
    if (known) roof.ridge = ridge;
    roof.bound = known ? (ai.lt(ridge) ? 'memory' : 'compute') : 'unknown';
    if (known) roof.ceiling_fraction = Q.min(1n, ai.div(ridge));
    roof.compute_precision = c.computePrecision;
    if (known) roof.peak_tflops = c.peak.div(10n ** 12n);
    roof.flops_per_step = step.flops;
    roof.bytes_per_step = step.bytes;
    // One step's weight read, whole model: all but an untied input table (looked up), the touched experts.
    roof.weight_bytes_read = weightBytesRead(c, d.batch);
    report.roofline = roof;

    report.decode = {
      step_ms: step.step.mul(MS),
      ms_per_token: step.step.mul(MS).div(B),
      tokens_per_s: B.div(step.step),
    };
    if (!known) report.decode.bandwidth_floor_only = true;

    // Prefill of one request over S tokens: causal attention, so a query meets
    // half the layer's cached tokens on average (fused kernels skip the masked
    // half); pp does not divide it (its stages run one after another).
    const prefillFlops = q(2n * (m.paramsActive - m.paramsInputTable)).mul(S)
      .add(q(m.attnFlopsPerPair).mul(S).mul(attentionTokens(c, d.seq, windowOf(c, d.seq))).div(2n))
      .add(S.mul(stateFlops(c)));
    const prefillWeights = weightBytesRead(c, d.seq);
    const pai = prefillFlops.div(prefillWeights);
    report.prefill = {
      ai: pai,
      bound: known ? (pai.lt(ridge) ? 'memory' : 'compute') : 'unknown',
      flops: prefillFlops,
      weight_bytes_read: prefillWeights,
    };
    if (known) {
      const seconds = Q.max(prefillFlops.div(tp).div(c.peak), prefillWeights.div(tp).div(c.bw));
      report.prefill.ms = seconds.mul(MS);
      report.prefill.tokens_per_s = S.div(seconds);
      report.prefill.ttft_ms = d.launchMs.add(seconds.mul(MS));
    }
    // Prefill at scale: a stream of prompts of S tokens in steps of T = min(the engine's budget, batch x S)
    // tokens, each prompt's attention over its own tokens (T/S of one prompt's FLOPs), the weights T tokens
    // touch read once a step, all spread over the tp x pp GPUs (a pipeline's stages each on its own step).
    // Under dp_attention D, each attention group its own budget and its ceil(B/D) requests.
    // SGLang divides its --chunked-prefill-size over its DP ranks (sgl-project/sglang#6017); vLLM's ranks each have theirs.
    const given = prefillChunkOf(d, gpu), split = d.engine === 'sglang' && dpOf(d) > 1n ? given / dpOf(d) : given;
    const chunk = split > 0n ? split : 1n, all = groupRequests(d, d.batch) * d.seq;
    const stepTokens = dpOf(d) * (chunk < all ? chunk : all);
    const stepPrefill = {
      tokens: stepTokens,
      flops: prefillFlops.mul(new Q(stepTokens, d.seq)),
      bytes: weightBytesRead(c, stepTokens),
      gpus: d.tp * d.pp,
    };
    if (known) {
      const g = q(stepPrefill.gpus);
      const stepS = Q.max(stepPrefill.flops.div(g).div(c.peak), stepPrefill.bytes.div(g).div(c.bw));
      stepPrefill.floorS = stepS;
      report.prefill.step_tokens = q(stepTokens);
      report.prefill.step_ms = stepS.mul(MS);
      report.prefill.step_tokens_per_s_per_gpu = q(stepTokens).div(stepS).div(g);
    }
    // The engine's estimate is for an engine that starts: none when its budget holds no request.
    if (f.maxBatchRealistic >= 1n) report.realistic = realistic(c, m, gpu, d, step, {
      flops: prefillFlops,
      bytes: prefillWeights,
      floorS: known ? report.prefill.ms.div(MS) : ZERO,
      floorTtftMs: known ? report.prefill.ttft_ms : ZERO,
      step: stepPrefill,
    });
  }
  if (d.specTokens > 0n) report.speculative = speculative(c, m, gpu, d, step, fits ? report.realistic ?? null : null, warnings);
  // A tight fit whose engine budget holds fewer requests than asked: the engine runs only those at once (vLLM
  // admits a request when its KV blocks are free), so its estimate is the same setup's at that batch, and so
  // are speculation's realistic figures and the warning that reads them. The floor stays at the batch asked for.
  if (report.realistic && f.maxBatchRealistic < d.batch) {
    const fewer = f.maxBatchRealistic;
    const at = analyze(model, gpu, { ...deploy, batch: fewer, microBatches: d.microBatches > fewer ? fewer : d.microBatches });
    report.realistic = at.realistic;
    if (report.speculative) {
      report.speculative.realistic_step_ms = at.speculative.realistic_step_ms;
      report.speculative.realistic_floor_step_ms = at.speculative.step_ms;
      report.speculative.realistic_speedup = at.speculative.realistic_speedup;
      warnings.delete('speculation_slower');
      if (at.warnings.some((w) => w.code === 'speculation_slower')) warnings.add('speculation_slower');
    }
  }

  if (m.experts > 0n) {
    report.moe = {
      experts_touched_per_layer: expertsTouched(c, d.batch),
      read: d.moeRead,
      weight_bytes_read: weightBytesRead(c, d.batch),
    };
  }
  if (d.tp * d.pp > 1n) report.topology = topologySection(d, gpu);
  if (d.ep > 1n) report.ep = epSection(c, d.batch, prefillChunkOf(d, gpu), fits);
  if (dpOf(d) > 1n) report.dp_attention = dpSection(c, d.batch, prefillChunkOf(d, gpu), gib(f.kv));
  if (d.tp > 1n) {
    report.tp = {
      // Ideal-ring all-reduce lower bound, shown and not added to the step.
      allreduce_bytes_per_gpu: new Q(8n * (d.tp - 1n) * m.layers * m.hidden * d.batch, d.tp),
      kv_share_per_gpu: c.kvShare,
    };
  }
  if (d.pp > 1n) {
    report.pp = { ...step.pipe };
    if (fits) {
      // A speedup compares two times: a refusal has neither, nor the warning that reads it.
      report.pp.speedup_vs_one_gpu = step.oneGpu.div(step.drain);
      if (report.pp.speedup_vs_one_gpu.lt(1n)) warnings.add('pp_slower_than_one_gpu');
      report.pp.stage_ms = step.stage.mul(MS);
      report.pp.drain_ms = step.drain.mul(MS);
      report.pp.one_gpu_ms = step.oneGpu.mul(MS);
    }
  }
  // The largest -ngl: for an offload, or for a setup that does not fit when host RAM is given.
  const ngl = d.tp === 1n && d.pp === 1n && (c.offload || (f.verdict !== 'fits' && d.ramGib.sign() > 0))
    ? largestGpuLayers(m, gpu, d) : undefined;
  if (ngl !== undefined) report.memory.max_gpu_layers = q(ngl);
  if (c.offload) {
    report.offload = {
      gpu_layers: q(d.gpuLayers),
      layers_on_host: q(m.layers - d.gpuLayers),
      host_weights_gib: gib(f.hostWeights),
      host_kv_gib: gib(f.hostKv),
      host_gib: gib(f.hostWeights.add(f.hostKv)),
      ram_gib: d.ramGib,
      host_free_gib: gib(d.ramGib.mul(GIB).sub(f.hostWeights).sub(f.hostKv)),
      host_bandwidth_gbs: d.hostGbs,
      // The layers' weights (all but the embeddings and the LM head), n/L of them on the GPU; the LM head a step reads.
      layer_weight_bytes: weightBytesTotal(c).sub(q(m.paramsEmbed).mul(c.bEmbed)),
      lm_head_bytes: q(m.vocab * m.hidden).mul(c.bEmbed),
      max_gpu_layers: q(ngl),
    };
    if (fits) {
      report.offload.gpu_ms = step.gpuS.mul(MS);
      report.offload.host_ms = step.hostS.mul(MS);
    }
  }
  if (d.kvBlock > 0n) {
    report.paged = {
      kv_block: q(d.kvBlock),
      tokens_per_request: q(c.tokens),
      padding_tokens: q(c.tokens - d.seq),
      waste_fraction: new Q(c.tokens - d.seq, d.seq),
    };
  }
  // More attention groups than requests: legal, but a group with none still holds its weights.
  if (d.batch < dpOf(d)) warnings.add('dp_groups_idle');
  report.warnings = [...warnings].map((code) => ({ code }));
  report.remedies = f.verdict === 'fits' ? [] : findRemedies(c, f).map((x) => {
    const bare = (v) => (typeof v === 'bigint' ? q(v) : v);
    // The pair's tp; raising a pool, the engine's setting and what it is a share of.
    const extra = x.tp !== undefined ? { tp: bare(x.tp) } : x.setting !== undefined ? { setting: x.setting, of: x.of } : {};
    return { code: x.code, value: bare(x.value), ...extra };
  });
  return report;
}
