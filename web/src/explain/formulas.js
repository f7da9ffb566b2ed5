// The "how is this computed" text: each formula of the spec, then the same
// formula with the user's own numbers in it, then the core's result. Nothing is
// computed here; every number is a report field, printed. The words come from
// the message table (fx.* keys); the symbols and numbers are the same in every language.

import * as f from '../format.js';
import { t } from '../i18n/index.js';

// Bytes per element, as roofline.h documents them; shown, never multiplied.
const BYTES = { fp32: '4', fp16: '2', bf16: '2', fp8: '1', int8: '1', int4: '0.5' };
const n = (v) => f.integer(v);
const bytesOf = (precision) => `${BYTES[precision] ?? '?'} B (${precision})`;
const bytes = (v) => `${Number.isInteger(v) ? n(v) : f.significant(v, 6)} B`;

function window(r) {
  const m = r.model;
  const local = m.sliding_layers ?? 0;
  return local > 0
    ? { text: `(${n(m.layers)} − ${n(local)}) · S + ${n(local)} · min(S, ${n(m.sliding_window)})`, note: t('fx.windowNote', { local: n(local), layers: n(m.layers), window: n(m.sliding_window) }) }
    : { text: `${n(m.layers)} · S`, note: null };
}

function kvElems(r) {
  const m = r.model;
  return m.mla
    ? `kv_elems = kv_lora_rank + rope = ${n(m.kv_lora_rank)} + ${n(m.qk_rope_head_dim)} = ${n(m.kv_elems_per_token_per_layer)}${t('fx.latent')}`
    : `kv_elems = 2 · h_kv · d = 2 × ${n(m.kv_heads)} × ${n(m.head_dim)} = ${n(m.kv_elems_per_token_per_layer)}`;
}

function share(r) {
  if (r.model.mla) return t('fx.shareMla');
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
    ? t('fx.wreadMoe', { bytes: f.si(r.moe.weight_bytes_read, 'B'), touched: f.significant(r.moe.experts_touched_per_layer, 4), read: r.moe.read })
    : t('fx.wread', { bytes: n(r.roofline.weight_bytes_read) });
}

export function weights(r) {
  const c = r.config;
  const how = c.precision_source === 'checkpoint'
    ? t('fx.checkpoint', { precision: c.precision, experts: c.expert_precision ? t('fx.withExperts', { p: c.expert_precision }) : '' })
    : `N · b_w = ${n(r.model.params_total)} × ${bytesOf(c.precision)}`;
  return {
    formula: t('fx.weights.formula'),
    numbers: t('fx.weights.numbers', { bytes: n(r.model.weight_bytes), tp: n(c.tp), pp: n(c.pp), how }),
    result: t('fx.weights.result', { gib: f.gib(r.memory.weights_gib_per_gpu) }),
  };
}

export function kvPerToken(r) {
  const w = window(r);
  return {
    formula: t('fx.kvToken.formula'),
    numbers: `${kvElems(r)}; b_kv = ${bytesOf(r.config.kv_precision)}; ${t('fx.layersTokens')} = ${w.text}, S = ${n(r.config.seq)}${w.note ? ` (${w.note})` : ''}`,
    result: t('fx.kvToken.result', { request: bytes(r.model.kv_bytes_per_request), token: bytes(r.model.kv_bytes_per_token) }),
  };
}

export function kvPerRequest(r) {
  const held = r.paged
    ? t('fx.heldPaged', { seq: n(r.config.seq), block: n(r.paged.kv_block), held: n(r.paged.tokens_per_request) })
    : t('fx.held', { seq: n(r.config.seq) });
  return {
    formula: t('fx.kvRequest.formula'),
    numbers: `${held}; ${share(r)}; pp = ${n(r.config.pp)}`,
    result: `= ${f.gib(r.memory.kv_gib_per_request)}`,
  };
}

export function kvPerGpu(r) {
  return {
    formula: t('fx.kvGpu.formula'),
    numbers: `= ${n(r.config.batch)} × ${f.gib(r.memory.kv_gib_per_request)}`,
    result: `= ${f.gib(r.memory.kv_gib_per_gpu)}`,
  };
}

export function free(r) {
  return {
    formula: t('fx.free.formula'),
    numbers: `= ${f.capacity(r.gpu.vram_gib)} − ${f.gib(r.memory.weights_gib_per_gpu)}`,
    result: `= ${f.gib(r.memory.free_gib_per_gpu)}`,
  };
}

export function maxBatch(r) {
  return {
    formula: t('fx.maxBatch.formula'),
    numbers: `= ⌊${f.gib(r.memory.free_gib_per_gpu)} / ${f.gib(r.memory.kv_gib_per_request)}⌋`,
    result: `= ${n(r.memory.max_batch)}`,
  };
}

export function shortfall(r) {
  const weightsShort = r.verdict === 'weights_do_not_fit';
  return {
    formula: t(weightsShort ? 'fx.shortfall.weights' : 'fx.shortfall.kv'),
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
    formula: t('fx.reserve.formula'),
    numbers: `= ${f.gib(real.context_reserve_gib)} + ${f.gib(real.nccl_gib)} + ${f.gib(real.weight_overhead_gib)} + ${f.gib(real.activation_gib)}; ${t('fx.reserve.numbers', { nccl: c.nccl_gib_per_peer, gpus: n(r.memory.gpus), overhead: c.weight_overhead, chunk: n(c.prefill_chunk), vocab: n(r.model.vocab) })}`,
    result: `= ${f.gib(real.reserve_gib)}`,
  };
}

export function kvRoom(r) {
  const real = r.memory.realistic;
  return {
    formula: t('fx.kvRoom.formula'),
    numbers: `= ${f.gib(real.pool_gib)} − ${f.gib(real.reserve_gib)} − ${f.gib(r.memory.weights_gib_per_gpu)}; pool = ${r.config.pool_fraction} × ${f.capacity(r.gpu.vram_gib)}`,
    result: `= ${f.gib(real.kv_room_gib)}; ${t('fx.kvRoom.needs', { kv: f.gib(r.memory.kv_gib_per_gpu) })}${real.missing_gib > 0 ? t('fx.kvRoom.missing', { missing: f.gib(real.missing_gib) }) : ''}`,
  };
}

export function maxBatchRealistic(r) {
  return {
    formula: t('fx.maxReal.formula'),
    numbers: t('fx.maxReal.numbers', { vocab: n(r.model.vocab), kv: f.gib(r.memory.kv_gib_per_request) }),
    result: `= ${n(r.memory.realistic.max_batch)}`,
  };
}

function perStep(r) {
  const c = r.config;
  return c.pp > 1
    ? { who: t('fx.whoPp', { batch: n(c.batch), m: n(c.micro_batches) }), div: `(tp · pp) = (${n(c.tp)} · ${n(c.pp)})` }
    : { who: `B = ${n(c.batch)}`, div: `tp = ${n(c.tp)}` };
}

/** N_in: the untied input embedding, which a token looks a row up in (no matmul); 0 when the embeddings are tied. */
const inputTable = (r) => `N_in = ${n(r.model.params_input_table)}${r.model.params_input_table > 0 ? '' : ` (${t('fx.tied')})`}`;

export function flops(r) {
  const s = perStep(r);
  return {
    formula: t('fx.flops.formula', { who: r.config.pp > 1 ? 'M · b' : 'B', div: r.config.pp > 1 ? '(tp·pp)' : 'tp' }),
    numbers: `${s.who}; N_act = ${n(r.model.params_active)}, ${inputTable(r)}; ${attnCoef(r)}; ${t('fx.layersTokens')} = ${window(r).text}, S = ${n(r.config.seq)}; ${t('fx.dividedBy', { div: s.div })}`,
    result: `= ${f.si(r.roofline.flops_per_step, 'FLOP')} (${n(r.roofline.flops_per_step)})`,
  };
}

export function bytesPerStep(r) {
  const c = r.config;
  return {
    formula: t(c.pp > 1 ? 'fx.bytes.formulaPp' : 'fx.bytes.formula'),
    numbers: `${weightRead(r)}; ${t('fx.bytes.kv', { kv: n(r.model.kv_bytes_per_request) })}; ${share(r)}`,
    result: `= ${f.si(r.roofline.bytes_per_step, 'B')} (${n(r.roofline.bytes_per_step)} B)`,
  };
}

export function ai(r) {
  const rl = r.roofline;
  return {
    formula: t('fx.ai.formula'),
    numbers: `= ${n(rl.flops_per_step)} / ${n(rl.bytes_per_step)}`,
    result: rl.ridge == null
      ? t('fx.ai.noRidge', { ai: f.intensity(rl.ai) })
      : t('fx.ai.result', { ai: f.intensity(rl.ai), bound: t(`boundAdj.${rl.bound}`), ridge: f.intensity(rl.ridge), share: f.percent(rl.ceiling_fraction) }),
  };
}

export function ridge(r) {
  const rl = r.roofline;
  return {
    formula: t('fx.ridge.formula'),
    numbers: t('fx.ridge.numbers', { peak: rl.peak_tflops ?? r.gpu.tflops, precision: rl.compute_precision ?? 'fp16', bw: r.gpu.bandwidth_gbs }),
    result: t('fx.ridge.result', { ridge: f.intensity(rl.ridge) }),
  };
}

export function step(r) {
  const c = r.config;
  if (r.offload?.gpu_ms !== undefined) {
    return {
      formula: t('fx.step.formulaOffload'),
      numbers: `= ${f.ms(r.offload.gpu_ms)} + ${f.ms(r.offload.host_ms)};  n/L = ${n(r.offload.gpu_layers)}/${n(r.model.layers)}, ${r.gpu.bandwidth_gbs} GB/s, ${r.offload.host_bandwidth_gbs} GB/s`,
      result: t('fx.step.result', { step: f.ms(r.decode.step_ms) }),
    };
  }
  if (c.pp > 1 && r.pp?.stage_ms !== undefined) {
    return {
      formula: t('fx.step.formulaPp'),
      numbers: `= (${n(c.micro_batches)} + ${n(c.pp)} − 1) × ${f.ms(r.pp.stage_ms)}`,
      result: t('fx.step.resultPp', { step: f.ms(r.decode.step_ms) }),
    };
  }
  if (r.decode.bandwidth_floor_only) {
    return {
      formula: t('fx.step.formulaFloor'),
      numbers: `= ${f.si(r.roofline.bytes_per_step, 'B')} / ${r.gpu.bandwidth_gbs} GB/s`,
      result: t('fx.step.resultFloor', { step: f.ms(r.decode.step_ms) }),
    };
  }
  return {
    formula: t('fx.step.formula'),
    numbers: `= max(${f.si(r.roofline.bytes_per_step, 'B')} / ${r.gpu.bandwidth_gbs} GB/s, ${f.si(r.roofline.flops_per_step, 'FLOP')} / ${r.roofline.peak_tflops ?? r.gpu.tflops} TFLOPS)`,
    result: t('fx.step.result', { step: f.ms(r.decode.step_ms) }),
  };
}

export function perToken(r) {
  return {
    formula: t('fx.perToken.formula'),
    numbers: `= ${f.ms(r.decode.step_ms)} / ${n(r.config.batch)};  ${n(r.config.batch)} / ${f.ms(r.decode.step_ms)}`,
    result: t('fx.perToken.result', { ms: f.ms(r.decode.ms_per_token), tps: f.tokensPerS(r.decode.tokens_per_s) }),
  };
}

export function prefill(r) {
  return {
    formula: t('fx.prefill.formula'),
    numbers: `N_act = ${n(r.model.params_active)}, ${inputTable(r)}, S = ${n(r.config.seq)}; ${attnCoef(r)}; ${t('fx.layersTokens')} = ${window(r).text}; ${t(r.moe ? 'fx.prefill.wreadMoe' : 'fx.prefill.wread')}`,
    result: t('fx.prefill.result', { ai: f.intensity(r.prefill.ai), bound: t(`boundAdj.${r.prefill.bound}`) }),
  };
}

export function ttft(r) {
  const p = r.prefill;
  return {
    formula: t('fx.ttft.formula'),
    numbers: `= ${f.ms(r.config.launch_ms)} + ${f.ms(p.ms)}; ${t('fx.ttft.rate', { tps: f.tokensPerS(p.tokens_per_s) })}`,
    result: `= ${f.ms(p.ttft_ms)}`,
  };
}

export function allreduce(r) {
  const c = r.config;
  return {
    formula: t('fx.allreduce.formula'),
    numbers: `= 8 × (${n(c.tp)} − 1)/${n(c.tp)} × ${n(r.model.layers)} × ${n(r.model.hidden)} × ${n(c.batch)}`,
    result: t('fx.allreduce.result', { si: f.si(r.tp.allreduce_bytes_per_gpu, 'B'), bytes: n(r.tp.allreduce_bytes_per_gpu) }),
  };
}

export function bubble(r) {
  const c = r.config;
  return {
    formula: 'bubble = (pp − 1) / (M + pp − 1)',
    numbers: `= (${n(c.pp)} − 1) / (${n(r.pp.micro_batches)} + ${n(c.pp)} − 1)`,
    result: t('fx.bubble.result', { share: f.percent(r.pp.bubble) }),
  };
}

export function speedup(r) {
  return {
    formula: t('fx.speedup.formula'),
    numbers: t('fx.speedup.numbers', { m: n(r.pp.micro_batches), pp: n(r.config.pp) }),
    result: `= ${f.times(r.pp.speedup_vs_one_gpu)}${r.pp.speedup_vs_one_gpu < 1 ? t('fx.speedup.slower') : ''}`,
  };
}

/** Offload (llama.cpp -ngl): what lives where, and the largest -ngl that fits. */
export function offload(r) {
  const o = r.offload;
  return {
    formula: t('fx.offload.formula'),
    numbers: t('fx.offload.numbers', {
      n: n(o.gpu_layers), layers: n(r.model.layers), gpu: f.gib(r.memory.weights_gib_per_gpu), kv: f.gib(r.memory.kv_gib_per_gpu),
      hostW: f.gib(o.host_weights_gib), hostKv: f.gib(o.host_kv_gib), ram: f.gib(o.ram_gib),
    }),
    result: t(o.max_gpu_layers > r.model.layers ? 'fx.offload.resultAll' : 'fx.offload.result', { max: n(o.max_gpu_layers), free: f.gib(o.host_free_gib) }),
  };
}

export function paging(r) {
  const p = r.paged;
  return {
    formula: t('fx.paging.formula'),
    numbers: `= ⌈${n(r.config.seq)} / ${n(p.kv_block)}⌉ × ${n(p.kv_block)};  ${n(p.tokens_per_request)} − ${n(r.config.seq)};  ${n(p.padding_tokens)} / ${n(r.config.seq)}`,
    result: `= ${t('unit.tokens', { n: n(p.tokens_per_request) })};  ${t('unit.tokens', { n: n(p.padding_tokens) })};  ${f.percent(p.waste_fraction)}`,
  };
}
