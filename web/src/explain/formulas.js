// The "how is this computed" text: each formula of the spec, then the same
// formula with the user's own numbers in it, then the core's result. Nothing is
// computed here; every number is a report field, printed.

import * as f from '../format.js';

// Bytes per element, as roofline.h documents them; shown, never multiplied.
const BYTES = { fp32: '4', fp16: '2', bf16: '2', fp8: '1', int8: '1', int4: '0.5' };
const n = (v) => f.integer(v);
const bytesOf = (precision) => `${BYTES[precision] ?? '?'} B (${precision})`;
const bytes = (v) => `${Number.isInteger(v) ? n(v) : f.significant(v, 6)} B`;

function window(r) {
  const m = r.model;
  const local = m.sliding_layers ?? 0;
  return local > 0
    ? { text: `(${n(m.layers)} − ${n(local)}) · S + ${n(local)} · min(S, ${n(m.sliding_window)})`, note: `${n(local)} of ${n(m.layers)} layers keep a ${n(m.sliding_window)}-token window` }
    : { text: `${n(m.layers)} · S`, note: null };
}

function kvElems(r) {
  const m = r.model;
  return m.mla
    ? `kv_elems = kv_lora_rank + rope = ${n(m.kv_lora_rank)} + ${n(m.qk_rope_head_dim)} = ${n(m.kv_elems_per_token_per_layer)} (latent attention)`
    : `kv_elems = 2 · h_kv · d = 2 × ${n(m.kv_heads)} × ${n(m.head_dim)} = ${n(m.kv_elems_per_token_per_layer)}`;
}

function share(r) {
  if (r.model.mla) return 'kv_share = 1 (the latent is not split by tp)';
  const got = r.tp ? f.significant(r.tp.kv_share_per_gpu, 4) : '1';
  return `kv_share = ⌈h_kv/tp⌉/h_kv = ⌈${n(r.model.kv_heads)}/${n(r.config.tp)}⌉/${n(r.model.kv_heads)} = ${got}`;
}

function attnCoef(r) {
  const m = r.model;
  return m.mla
    ? `attn = 2·q·(kv_lora + rope) + 2·q·kv_lora = 2×${n(m.heads)}×(${n(m.kv_lora_rank)} + ${n(m.qk_rope_head_dim)}) + 2×${n(m.heads)}×${n(m.kv_lora_rank)}`
    : `attn = 4 · q · d = 4 × ${n(m.heads)} × ${n(m.head_dim)}`;
}

function weightRead(r) {
  return r.moe
    ? `W_read = ${f.si(r.moe.weight_bytes_read, 'B')}: always-read weights + ${f.significant(r.moe.experts_touched_per_layer, 4)} experts touched per MoE layer (${r.moe.read})`
    : `W_read = weight bytes = ${n(r.model.weight_bytes)} B`;
}

export function weights(r) {
  const c = r.config;
  const how = c.precision_source === 'checkpoint'
    ? `the checkpoint's own format: ${c.precision}${c.expert_precision ? ` with ${c.expert_precision} experts` : ''}`
    : `N · b_w = ${n(r.model.params_total)} × ${bytesOf(c.precision)}`;
  return {
    formula: 'weights per GPU = weight bytes / (tp · pp)',
    numbers: `= ${n(r.model.weight_bytes)} B / (${n(c.tp)} × ${n(c.pp)}); weight bytes from ${how}`,
    result: `= ${f.gib(r.memory.weights_gib_per_gpu)} (1 GiB = 2³⁰ bytes)`,
  };
}

export function kvPerToken(r) {
  const w = window(r);
  return {
    formula: 'KV bytes per request = kv_elems · b_kv · (tokens held by every layer); per token = that / S',
    numbers: `${kvElems(r)}; b_kv = ${bytesOf(r.config.kv_precision)}; layers × tokens = ${w.text}, S = ${n(r.config.seq)}${w.note ? ` (${w.note})` : ''}`,
    result: `= ${bytes(r.model.kv_bytes_per_request)} per request, ${bytes(r.model.kv_bytes_per_token)} per token`,
  };
}

export function kvPerRequest(r) {
  const held = r.paged
    ? `held tokens T = ⌈S/block⌉·block = ⌈${n(r.config.seq)}/${n(r.paged.kv_block)}⌉ × ${n(r.paged.kv_block)} = ${n(r.paged.tokens_per_request)}`
    : `held tokens = S = ${n(r.config.seq)} (no paging)`;
  return {
    formula: 'KV per request per GPU = KV bytes of the held tokens · kv_share / pp',
    numbers: `${held}; ${share(r)}; pp = ${n(r.config.pp)}`,
    result: `= ${f.gib(r.memory.kv_gib_per_request)}`,
  };
}

export function kvPerGpu(r) {
  return {
    formula: 'KV per GPU = B × KV per request per GPU',
    numbers: `= ${n(r.config.batch)} × ${f.gib(r.memory.kv_gib_per_request)}`,
    result: `= ${f.gib(r.memory.kv_gib_per_gpu)}`,
  };
}

export function free(r) {
  return {
    formula: 'free for KV = VRAM − weights per GPU',
    numbers: `= ${f.capacity(r.gpu.vram_gib)} − ${f.gib(r.memory.weights_gib_per_gpu)}`,
    result: `= ${f.gib(r.memory.free_gib_per_gpu)}`,
  };
}

export function maxBatch(r) {
  return {
    formula: 'max batch (floor) = ⌊free / KV per request per GPU⌋ (0 when the weights do not fit)',
    numbers: `= ⌊${f.gib(r.memory.free_gib_per_gpu)} / ${f.gib(r.memory.kv_gib_per_request)}⌋`,
    result: `= ${n(r.memory.max_batch)}`,
  };
}

export function shortfall(r) {
  const weightsShort = r.verdict === 'weights_do_not_fit';
  return {
    formula: weightsShort ? 'shortfall = weights per GPU − VRAM' : 'shortfall = KV per GPU − free',
    numbers: weightsShort
      ? `= ${f.gib(r.memory.weights_gib_per_gpu)} − ${f.capacity(r.gpu.vram_gib)}`
      : `= ${f.gib(r.memory.kv_gib_per_gpu)} − ${f.gib(r.memory.free_gib_per_gpu)}`,
    result: `= ${f.gib(r.memory.shortfall_gib)}`,
  };
}

export function reserve(r) {
  const c = r.config;
  const real = r.memory.realistic;
  return {
    formula: 'reserve = CUDA context + NCCL per peer · (GPUs − 1) + weight overhead · weights + activations (one prefill chunk + B · 4·V bytes of fp32 logits)',
    numbers: `= ${f.gib(real.context_reserve_gib)} + ${f.gib(real.nccl_gib)} + ${f.gib(real.weight_overhead_gib)} + ${f.gib(real.activation_gib)}; NCCL ${c.nccl_gib_per_peer} GiB × (${n(r.memory.gpus)} − 1), overhead ${c.weight_overhead} × weights, chunk min(${n(c.prefill_chunk)}, S) tokens, V = ${n(r.model.vocab)}`,
    result: `= ${f.gib(real.reserve_gib)}`,
  };
}

export function kvRoom(r) {
  const real = r.memory.realistic;
  return {
    formula: 'room for KV = pool − reserve − weights, pool = pool_fraction × VRAM',
    numbers: `= ${f.gib(real.pool_gib)} − ${f.gib(real.reserve_gib)} − ${f.gib(r.memory.weights_gib_per_gpu)}; pool = ${r.config.pool_fraction} × ${f.capacity(r.gpu.vram_gib)}`,
    result: `= ${f.gib(real.kv_room_gib)}; this batch needs ${f.gib(r.memory.kv_gib_per_gpu)}${real.missing_gib > 0 ? `: ${f.gib(real.missing_gib)} missing (tight)` : ''}`,
  };
}

export function maxBatchRealistic(r) {
  return {
    formula: 'realistic max batch = ⌊room before logits / (KV per request per GPU + 4·V bytes)⌋',
    numbers: `each request also holds its fp32 logits: 4 × ${n(r.model.vocab)} bytes; KV per request ${f.gib(r.memory.kv_gib_per_request)}`,
    result: `= ${n(r.memory.realistic.max_batch)}`,
  };
}

function perStep(r) {
  const c = r.config;
  return c.pp > 1
    ? { who: `M · b with b = ⌈B/M⌉ = ⌈${n(c.batch)}/${n(c.micro_batches)}⌉, M = ${n(c.micro_batches)}`, div: `(tp · pp) = (${n(c.tp)} · ${n(c.pp)})` }
    : { who: `B = ${n(c.batch)}`, div: `tp = ${n(c.tp)}` };
}

export function flops(r) {
  const s = perStep(r);
  return {
    formula: `FLOPs per step per GPU = ${r.config.pp > 1 ? 'M · b' : 'B'} · (2·N_act + attn · layers × tokens) / ${r.config.pp > 1 ? '(tp·pp)' : 'tp'}`,
    numbers: `${s.who}; N_act = ${n(r.model.params_active)}; ${attnCoef(r)}; layers × tokens = ${window(r).text}, S = ${n(r.config.seq)}; divided by ${s.div}`,
    result: `= ${f.si(r.roofline.flops_per_step, 'FLOP')} (${n(r.roofline.flops_per_step)})`,
  };
}

export function bytesPerStep(r) {
  const c = r.config;
  return {
    formula: c.pp > 1
      ? 'bytes per step per GPU = M · (W_read(b)/(tp·pp) + b · KV bytes per request · kv_share / pp)'
      : 'bytes per step per GPU = W_read(B)/tp + B · KV bytes per request · kv_share',
    numbers: `${weightRead(r)}; KV bytes per request = ${n(r.model.kv_bytes_per_request)} (S tokens, not the padded T); ${share(r)}`,
    result: `= ${f.si(r.roofline.bytes_per_step, 'B')} (${n(r.roofline.bytes_per_step)} B)`,
  };
}

export function ai(r) {
  const rl = r.roofline;
  return {
    formula: 'arithmetic intensity = FLOPs per step / bytes per step',
    numbers: `= ${n(rl.flops_per_step)} / ${n(rl.bytes_per_step)}`,
    result: rl.ridge == null
      ? `= ${f.intensity(rl.ai)} FLOP/byte; no sourced TFLOPS, so no ridge to compare with`
      : `= ${f.intensity(rl.ai)} FLOP/byte, ${rl.bound}-bound (ridge ${f.intensity(rl.ridge)}), ${f.percent(rl.ceiling_fraction)} of the compute roof`,
  };
}

export function ridge(r) {
  const rl = r.roofline;
  return {
    formula: 'ridge = peak / bandwidth = TFLOPS·10¹² / (GB/s·10⁹); the peak is the fp8 or int8 one when the weights use it and the GPU has it',
    numbers: `= ${rl.peak_tflops ?? r.gpu.tflops}·10¹² (${rl.compute_precision ?? 'fp16'} peak) / (${r.gpu.bandwidth_gbs}·10⁹)`,
    result: `= ${f.intensity(rl.ridge)} FLOP/byte: below it decode is memory-bound`,
  };
}

export function step(r) {
  const c = r.config;
  if (c.pp > 1 && r.pp?.stage_ms !== undefined) {
    return {
      formula: 'step = drain = (M + pp − 1) · stage, stage = max(stage bytes / BW, stage FLOPs / peak)',
      numbers: `= (${n(c.micro_batches)} + ${n(c.pp)} − 1) × ${f.ms(r.pp.stage_ms)}`,
      result: `= ${f.ms(r.decode.step_ms)} per decode step for the whole batch`,
    };
  }
  if (r.decode.bandwidth_floor_only) {
    return {
      formula: 'step ≥ bytes per step / bandwidth (no sourced TFLOPS: the compute term is unknown)',
      numbers: `= ${f.si(r.roofline.bytes_per_step, 'B')} / ${r.gpu.bandwidth_gbs} GB/s`,
      result: `= ${f.ms(r.decode.step_ms)}, a lower bound`,
    };
  }
  return {
    formula: 'step = max(bytes per step / bandwidth, FLOPs per step / peak)',
    numbers: `= max(${f.si(r.roofline.bytes_per_step, 'B')} / ${r.gpu.bandwidth_gbs} GB/s, ${f.si(r.roofline.flops_per_step, 'FLOP')} / ${r.roofline.peak_tflops ?? r.gpu.tflops} TFLOPS)`,
    result: `= ${f.ms(r.decode.step_ms)} (a floor: perfect overlap, no kernel overheads)`,
  };
}

export function perToken(r) {
  return {
    formula: 'ms per token = step / B;  tokens per second = B / step (aggregate over the batch)',
    numbers: `= ${f.ms(r.decode.step_ms)} / ${n(r.config.batch)};  ${n(r.config.batch)} / ${f.ms(r.decode.step_ms)}`,
    result: `= ${f.ms(r.decode.ms_per_token)} per token;  ${f.tokensPerS(r.decode.tokens_per_s)}`,
  };
}

export function prefill(r) {
  return {
    formula: 'prefill AI = (2·N_act·S + attn · S · layers × tokens) / W_read(S)',
    numbers: `N_act = ${n(r.model.params_active)}, S = ${n(r.config.seq)}; ${attnCoef(r)}; layers × tokens = ${window(r).text}; W_read(S) = weights read for S tokens${r.moe ? ' (MoE: experts touched by S tokens)' : ''}`,
    result: `= ${f.intensity(r.prefill.ai)} FLOP/byte: ${r.prefill.bound}-bound`,
  };
}

export function ttft(r) {
  const p = r.prefill;
  return {
    formula: 'time to first token = launch + prefill, prefill = max(prefill FLOPs / tp / peak, W_read(S) / tp / bandwidth); pp does not divide it',
    numbers: `= ${f.ms(r.config.launch_ms)} + ${f.ms(p.ms)}; prefill runs at ${f.tokensPerS(p.tokens_per_s)}`,
    result: `= ${f.ms(p.ttft_ms)}`,
  };
}

export function allreduce(r) {
  const c = r.config;
  return {
    formula: 'AllReduce bytes per GPU per step = 8 · (tp − 1)/tp · L · H · B (ideal ring)',
    numbers: `= 8 × (${n(c.tp)} − 1)/${n(c.tp)} × ${n(r.model.layers)} × ${n(r.model.hidden)} × ${n(c.batch)}`,
    result: `= ${f.si(r.tp.allreduce_bytes_per_gpu, 'B')} (${n(r.tp.allreduce_bytes_per_gpu)} B); shown, not added to the step time`,
  };
}

export function bubble(r) {
  const c = r.config;
  return {
    formula: 'bubble = (pp − 1) / (M + pp − 1)',
    numbers: `= (${n(c.pp)} − 1) / (${n(r.pp.micro_batches)} + ${n(c.pp)} − 1)`,
    result: `= ${f.percent(r.pp.bubble)} of the drain is idle`,
  };
}

export function speedup(r) {
  return {
    formula: 'speedup = one GPU / drain, one GPU = max((W_read(B) + KV_read(B)) / BW, FLOPs(B) / peak), drain = (M + pp − 1) · stage',
    numbers: `M = ${n(r.pp.micro_batches)}, pp = ${n(r.config.pp)}: each micro-batch re-reads every stage's weights`,
    result: `= ${f.times(r.pp.speedup_vs_one_gpu)}${r.pp.speedup_vs_one_gpu < 1 ? ': slower than one GPU' : ''}`,
  };
}

export function paging(r) {
  const p = r.paged;
  return {
    formula: 'T = ⌈S / block⌉ · block;  padding = T − S;  waste = padding / S',
    numbers: `= ⌈${n(r.config.seq)} / ${n(p.kv_block)}⌉ × ${n(p.kv_block)};  ${n(p.tokens_per_request)} − ${n(r.config.seq)};  ${n(p.padding_tokens)} / ${n(r.config.seq)}`,
    result: `= ${n(p.tokens_per_request)} tokens;  ${n(p.padding_tokens)} tokens;  ${f.percent(p.waste_fraction)}`,
  };
}
