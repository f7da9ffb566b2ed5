// The "how is this computed" text: each formula of the spec, then the same
// formula with the user's own numbers in it, then the core's result. Nothing is
// computed here; every number is a report field, printed. The words come from
// the message table (fx.* keys); the symbols and numbers are the same in every language.

import * as f from '../format.js';
import { t } from '../i18n/index.js';
import { engineName } from '../names.js';

const n = (v) => f.integer(v);
/** Bytes per element as the report gives them (config.weight_bytes_per_param, kv_bytes_per_element), with the format's name. */
const bytesOf = (value, precision) => `${value ?? '?'} B (${precision})`;
const bytes = (v) => `${Number.isInteger(v) ? n(v) : f.significant(v, 6)} B`;
/** A GiB figure that a floor divides: enough digits that ⌊a/b⌋ comes out as the core's. */
const gibFine = (v) => `${f.significant(v, 7)} GiB`;
const peakOf = (r) => r.roofline.peak_tflops ?? r.gpu.tflops;

/**
 * The cached tokens summed over the layers, as the core counts them (layer_tokens in analyze.c): the
 * attending layers keep all `sym` tokens, a sliding one min(sym, window); linear-attention and Mamba layers
 * keep a fixed state, counted as the cached tokens it weighs (its bytes over kv_elems · b_kv). `win` is the
 * window as the text shows it (paging rounds it up to whole blocks).
 */
function window(r, sym = 'S', win = n(r.model.sliding_window), { states = true } = {}) {
  const m = r.model;
  const local = m.sliding_layers ?? 0;
  const attending = m.attention_layers ?? m.layers;
  const notes = [];
  let text = local > 0 ? `(${n(attending)} − ${n(local)}) · ${sym} + ${n(local)} · min(${sym}, ${win})` : `${n(attending)} · ${sym}`;
  if (local > 0) notes.push(t('fx.windowNote', { local: n(local), layers: n(m.layers), window: n(m.sliding_window) }));
  if (states && m.state_bytes_per_request > 0) {
    text += ` + ${n(m.state_bytes_per_request)} B / (${n(m.kv_elems_per_token_per_layer)} × ${r.config.kv_bytes_per_element} B)`;
    notes.push(t('fx.stateNote', {
      attending: n(attending), layers: n(m.layers), states: n((m.linear_layers ?? 0) + (m.mamba_layers ?? 0) + (m.conv_layers ?? 0)), state: n(m.state_bytes_per_request),
    }));
  }
  return { text, note: notes.length > 0 ? notes.join('; ') : null };
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

/** attn's arithmetic alone, to write inside a longer product. */
function attnValue(r) {
  const m = r.model;
  return m.mla
    ? `(2×${n(m.heads)}×(${n(m.kv_lora_rank)} + ${n(m.qk_rope_head_dim)}) + 2×${n(m.heads)}×${n(m.kv_lora_rank)})`
    : `4 × ${n(m.heads)} × ${n(m.head_dim)}`;
}

function attnCoef(r) {
  const m = r.model;
  return m.mla
    ? `attn = 2·q·(kv_lora + rope) + 2·q·kv_lora = 2×${n(m.heads)}×(${n(m.kv_lora_rank)} + ${n(m.qk_rope_head_dim)}) + 2×${n(m.heads)}×${n(m.kv_lora_rank)}`
    : `attn = 4 · q · d = 4 × ${n(m.heads)} × ${n(m.head_dim)}`;
}

/** W_read of the whole batch, or with pp > 1 of one micro-batch (its experts are those b requests touch). */
function weightRead(r) {
  if (r.config.pp > 1) {
    return t(r.moe ? 'fx.wreadMoePp' : 'fx.wreadPp', { bytes: n(r.pp.weight_bytes_read), read: r.moe?.read ?? '' });
  }
  return r.moe
    ? t('fx.wreadMoe', { bytes: n(r.moe.weight_bytes_read), touched: f.significant(r.moe.experts_touched_per_layer, 4), read: r.moe.read })
    : t('fx.wread', { bytes: n(r.roofline.weight_bytes_read) });
}

export function weights(r) {
  const c = r.config;
  const how = c.precision_source === 'checkpoint'
    ? t('fx.checkpoint', { precision: c.precision, experts: c.expert_precision ? t('fx.withExperts', { p: c.expert_precision }) : '' })
    : `N · b_w = ${n(r.model.params_total)} × ${bytesOf(c.weight_bytes_per_param, c.precision)}`;
  // A speculative draft's weights are split over the GPUs like the target's (the report gives them per GPU).
  const draft = r.speculative ? t('fx.weights.draftNumbers', { draft: f.gib(r.speculative.draft_weights_gib_per_gpu) }) : '';
  return {
    formula: t(r.offload ? 'fx.weights.formulaOffload' : 'fx.weights.formula') + (r.speculative ? t('fx.weights.draft') : ''),
    // Offload: the GPU holds n/L of the layers' weights; the embeddings, the LM head and any vision tower stay in host RAM.
    numbers: r.offload
      ? t('fx.weights.numbersOffload', { n: n(r.offload.gpu_layers), layers: n(r.model.layers), layerBytes: n(r.offload.layer_weight_bytes), bytes: n(r.model.weight_bytes), how, draft })
      : t('fx.weights.numbers', { bytes: n(r.model.weight_bytes), tp: n(c.tp), pp: n(c.pp), how, draft }),
    result: t('fx.weights.result', { gib: f.gib(r.memory.weights_gib_per_gpu) }),
  };
}

export function kvPerToken(r) {
  const w = window(r);
  return {
    formula: t('fx.kvToken.formula'),
    numbers: `${kvElems(r)}; b_kv = ${bytesOf(r.config.kv_bytes_per_element, r.config.kv_precision)}; ${t('fx.layersTokens')} = ${w.text}, S = ${n(r.config.seq)}${w.note ? ` (${w.note})` : ''}`,
    result: t('fx.kvToken.result', { request: bytes(r.model.kv_bytes_per_request), token: bytes(r.model.kv_bytes_per_token) }),
  };
}

export function kvPerRequest(r) {
  const m = r.model;
  const block = r.paged?.kv_block;
  const held = r.paged
    ? t('fx.heldPaged', { seq: n(r.config.seq), block: n(block), held: n(r.paged.tokens_per_request) })
    : t('fx.held', { seq: n(r.config.seq) });
  // Paging rounds a sliding window up to whole blocks too (set_tokens in analyze.c).
  const win = r.paged && m.sliding_layers > 0 ? `⌈${n(m.sliding_window)}/${n(block)}⌉ × ${n(block)}` : n(m.sliding_window);
  const w = window(r, r.paged ? 'T' : 'S', win);
  const parts = [held, kvElems(r), `b_kv = ${bytesOf(r.config.kv_bytes_per_element, r.config.kv_precision)}`, `${t('fx.layersTokens')} = ${w.text}${w.note ? ` (${w.note})` : ''}`, share(r), `pp = ${n(r.config.pp)}`];
  if (r.offload) parts.push(t('fx.kvRequest.offloadNumbers', { n: n(r.offload.gpu_layers), layers: n(m.layers) }));
  if (r.speculative) parts.push(t('fx.kvRequest.draftNumbers', { draft: f.gib(r.speculative.draft_kv_gib_per_request) }));
  return {
    formula: t('fx.kvRequest.formula') + (r.offload ? t('fx.kvRequest.offload') : '') + (r.speculative ? t('fx.kvRequest.draft') : ''),
    numbers: parts.join('; '),
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

/** Offload: the requests whose host KV fits the RAM the host weights leave bound both max batches. */
function hostBound(r) {
  const o = r.offload;
  return `⌊(${f.capacity(o.ram_gib)} − ${gibFine(o.host_weights_gib)}) / (${gibFine(o.host_kv_gib)} / ${n(r.config.batch)})⌋`;
}

export function maxBatch(r) {
  const floor = `⌊${gibFine(r.memory.free_gib_per_gpu)} / ${gibFine(r.memory.kv_gib_per_request)}⌋`;
  return {
    formula: t(r.offload ? 'fx.maxBatch.formulaHost' : 'fx.maxBatch.formula'),
    numbers: r.offload ? `= min(${floor}, ${hostBound(r)})` : `= ${floor}`,
    result: `= ${n(r.memory.max_batch)}`,
  };
}

export function shortfall(r) {
  const which = r.verdict === 'weights_do_not_fit' ? 'weights' : r.verdict === 'host_ram_does_not_fit' ? 'host' : 'kv';
  const numbers = {
    weights: () => `= ${f.gib(r.memory.weights_gib_per_gpu)} − ${f.capacity(r.gpu.vram_gib)}`,
    kv: () => `= ${f.gib(r.memory.kv_gib_per_gpu)} − ${f.gib(r.memory.free_gib_per_gpu)}`,
    host: () => `= ${f.gib(r.offload.host_weights_gib)} + ${f.gib(r.offload.host_kv_gib)} − ${f.capacity(r.offload.ram_gib)}`,
  };
  return {
    formula: t(`fx.shortfall.${which}`),
    numbers: numbers[which](),
    result: `= ${f.gib(r.memory.shortfall_gib)}`,
  };
}

export function reserve(r) {
  const real = r.memory.realistic;
  return {
    ...(r.config.pool_of === 'free_at_start' ? reserveOutsidePool(r) : reserveInPool(r)),
    result: `= ${f.gib(real.reserve_gib)}`,
  };
}

/**
 * The reserve inside the pool: the context, NCCL, the weights' overhead, and a prefill step's activations and the
 * logits. The step is the core's (memory.realistic.activation_tokens): longer than the prompt only where the engine
 * keeps room for its whole chunk however short the prompt (vLLM, TensorRT-LLM); else min(chunk, S).
 */
function reserveInPool(r) {
  const c = r.config;
  const real = r.memory.realistic;
  const tokens = real.activation_tokens;
  const why = tokens > c.seq
    ? t('fx.reserve.stepWhole', { chunk: n(c.prefill_chunk), engine: engineName(c.engine) })
    : t('fx.reserve.stepCapped', { chunk: n(c.prefill_chunk), seq: n(c.seq) });
  // Where the engine computes every token's logits (llama.cpp, gpt-fast), the step may peak at its output layer.
  const peak = real.activation_at_logits
    ? t('fx.reserve.peakLogits', { tokens: n(tokens), vocab: n(r.model.vocab), hidden: n(r.model.hidden), bytes: n(real.step_logit_bytes) })
    : '';
  return {
    formula: real.logits_on_host ? t('fx.reserve.formulaHost', { engine: engineName(c.engine) }) : t('fx.reserve.formula'),
    numbers: `= ${f.gib(real.context_reserve_gib)} + ${f.gib(real.nccl_gib)} + ${f.gib(real.weight_overhead_gib)} + ${f.gib(real.activation_gib)}; ${t('fx.reserve.numbers', { nccl: c.nccl_gib_per_peer, peers: n(real.nccl_peers), overhead: c.weight_overhead, tokens: n(tokens), why, vocab: n(r.model.vocab) })}${peak}`,
  };
}

/**
 * SGLang's (config.pool_of "free_at_start"): the context, NCCL and the weights' overhead only. Its activations and
 * logits are in the reserve that its fraction leaves outside the pool (config.pool_reserve, which the pool's
 * source explains), so the report counts them nowhere in the pool (activation_gib 0).
 */
function reserveOutsidePool(r) {
  const c = r.config;
  const real = r.memory.realistic;
  return {
    formula: t('fx.reserve.formulaStart', { engine: engineName(c.engine) }),
    numbers: `= ${f.gib(real.context_reserve_gib)} + ${f.gib(real.nccl_gib)} + ${f.gib(real.weight_overhead_gib)}; ${t('fx.reserve.numbersStart', { nccl: c.nccl_gib_per_peer, peers: n(real.nccl_peers), overhead: c.weight_overhead })}`,
  };
}

/** The room when the pool is a share of what the weights and reserves leave free (TensorRT-LLM's, config.pool_of
 * "free"): that share of the free memory, less the batch's logits (4 bytes per vocabulary entry per request). */
function kvRoomOfFree(r) {
  const real = r.memory.realistic;
  const left = real.free_after_reserves_gib;
  const logits = `${n(r.config.batch)} × 4 × ${n(r.model.vocab)} B`;
  const share = left > 0 ? `${r.config.pool_fraction} × ${f.gib(left)}` : f.gib(left);
  return {
    formula: t('fx.kvRoom.formulaFree'),
    numbers: `= ${share} − ${logits}; ${t('fx.kvRoom.free')} = ${f.capacity(r.gpu.vram_gib)} − ${f.gib(r.memory.weights_gib_per_gpu)} − (${f.gib(real.reserve_gib)} − ${logits})`,
  };
}

/**
 * The room when the pool is a share of what the CUDA context and NCCL leave, measured before the weights load
 * (SGLang's, config.pool_of "free_at_start"; profile_max_num_token in its model_runner_kv_cache_mixin.py): the
 * pool holds the context, NCCL, the weights with their overhead and the KV cache. With nothing left once the
 * context and NCCL are up, the pool is the whole GPU and no fraction shrinks the room (as for "free").
 */
function kvRoomOfStart(r) {
  const real = r.memory.realistic;
  const left = real.free_at_start_gib;
  const share = left > 0 ? `${r.config.pool_fraction} × ${f.gib(left)}` : f.gib(left);
  return {
    formula: t('fx.kvRoom.formulaStart'),
    numbers: `= ${share} − ${f.gib(real.weight_overhead_gib)} − ${f.gib(r.memory.weights_gib_per_gpu)}; ${t('fx.kvRoom.atStart')} = ${f.capacity(r.gpu.vram_gib)} − ${f.gib(real.context_reserve_gib)} − ${f.gib(real.nccl_gib)}; ${t('fx.kvRoom.pool')} = ${f.gib(real.context_reserve_gib)} + ${f.gib(real.nccl_gib)} + ${share}`,
  };
}

/** The room when the pool is a share of the whole GPU (vLLM's; an engine without a pool has all of it). */
function kvRoomOfGpu(r) {
  const real = r.memory.realistic;
  return {
    formula: t('fx.kvRoom.formula'),
    numbers: `= ${f.gib(real.pool_gib)} − ${f.gib(real.reserve_gib)} − ${f.gib(r.memory.weights_gib_per_gpu)}; ${t('fx.kvRoom.pool')} = ${r.config.pool_fraction} × ${f.capacity(r.gpu.vram_gib)}`,
  };
}

const KV_ROOM_OF = { free: kvRoomOfFree, free_at_start: kvRoomOfStart, gpu: kvRoomOfGpu };

export function kvRoom(r) {
  const real = r.memory.realistic;
  return {
    ...(KV_ROOM_OF[r.config.pool_of] ?? kvRoomOfGpu)(r),
    result: `= ${f.gib(real.kv_room_gib)}; ${t('fx.kvRoom.needs', { kv: f.gib(r.memory.kv_gib_per_gpu) })}${real.missing_gib > 0 ? t('fx.kvRoom.missing', { missing: f.gib(real.missing_gib) }) : ''}`,
    // The pool fraction's source: the input, or the engine's own setting (docs/formulas.md "Realistic budget").
    source: r.config.pool_source !== 'engine' ? t('fx.pool.chosen') : r.config.pool_reserve ? sglangPool(r) : t(`fx.pool.${r.config.engine}`),
  };
}

/** SGLang's own fraction, from the reserve the report gives and its parts (config.pool_reserve, in MiB). */
function sglangPool(r) {
  const x = r.config.pool_reserve;
  const mib = r.gpu.vram_gib * 1024;
  const sum = `512 + 1.5 × ${n(Math.max(x.chunk, 2048))} + ${n(x.parallel_mib)} + 2 × ${n(x.decode_graph_batch)} + ${n(x.prefill_graph_mib)}`;
  // A sum under 10 GiB on a GPU above 60 GiB is raised to it; the fraction is 0.05 at least.
  const rounded = Math.round(((mib - x.mib) / mib) * 1000) / 1000;
  // A multimodal model's: times 0.95 and 1 − 0.1·(complexity − 1), held within 0.8 and 1.05.
  const c = x.vision_complexity;
  const adjust = 1 - 0.1 * (c - 1);
  const vision = !x.vision_factor ? '' : ` × 0.95 × ${adjust < 0.8 ? '0.8' : adjust > 1.05 ? '1.05' : `(1 − 0.1 × (${c.toPrecision(6)} − 1))`}`;
  const product = rounded * (x.vision_factor ?? 1);
  const least = product < r.config.pool_fraction ? t('fx.pool.least') : '';
  return t('fx.pool.sglang', {
    mib: n(mib), reserve: n(x.mib), vision, fraction: Number(product.toPrecision(4)), least,
    sum: x.mib > 10240 || mib <= 61440 ? sum : `max(${sum}, 10,240)`,
    chunk: n(x.chunk), graphs: n(x.decode_graph_batch),
  }) + (x.vision_factor ? t('fx.pool.vision') : '');
}

export function maxBatchRealistic(r) {
  if (r.config.pool_of === 'free_at_start') return maxBatchLogitsOutside(r, 'Start');
  return r.memory.realistic.logits_on_host ? maxBatchLogitsOutside(r, 'LogitsHost') : maxBatchLogitsInside(r);
}

/** Each request's fp32 logits come out of the room, as its KV does. */
function maxBatchLogitsInside(r) {
  const v = n(r.model.vocab);
  // The room before this batch's logits (kv_room plus them back), over what one request takes.
  const floor = `⌊(${gibFine(r.memory.realistic.kv_room_gib)} + ${n(r.config.batch)} × 4 × ${v} B) / (${gibFine(r.memory.kv_gib_per_request)} + 4 × ${v} B)⌋`;
  return {
    formula: t(r.offload ? 'fx.maxReal.formulaHost' : 'fx.maxReal.formula'),
    numbers: `${r.offload ? `= min(${floor}, ${hostBound(r)})` : `= ${floor}`}; ${t('fx.maxReal.numbers', { vocab: v })}`,
    result: `= ${n(r.memory.realistic.max_batch)}`,
  };
}

/**
 * The room holds the KV alone where the logits are elsewhere: SGLang's in the reserve outside its pool (see
 * reserveOutsidePool, kind 'Start'), llama.cpp's copied to host memory ('LogitsHost'). A GPU that holds no KV then
 * (-ngl 0) bounds no batch: the host does.
 */
function maxBatchLogitsOutside(r, kind) {
  const floor = r.memory.kv_gib_per_request > 0 ? `⌊${gibFine(r.memory.realistic.kv_room_gib)} / ${gibFine(r.memory.kv_gib_per_request)}⌋` : '∞';
  const engine = engineName(r.config.engine);
  return {
    formula: t(r.offload ? `fx.maxReal.formula${kind}Host` : `fx.maxReal.formula${kind}`, { engine }),
    numbers: `${r.offload ? `= min(${floor}, ${hostBound(r)})` : `= ${floor}`}; ${t(`fx.maxReal.numbers${kind}`, { engine })}`,
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

/** The layers with a recurrent state (linear attention, Mamba), or 0. */
const stateLayers = (m) => (m.state_bytes_per_request > 0 ? (m.linear_layers ?? 0) + (m.mamba_layers ?? 0) + (m.conv_layers ?? 0) : 0);

/** A recurrent state's FLOPs per token, defined: a pass over each state, 4 per element; '' without one. */
function stateFlops(r) {
  const m = r.model;
  return stateLayers(m) > 0 ? `; ${t('fx.stateFlops', { states: n(stateLayers(m)), elems: n(m.state_elems_per_layer) })}` : '';
}
/** Where the formulas show F_state: the recurrent states' term, for the models that have them. */
const stateTerm = (r, times = '') => (stateLayers(r.model) > 0 ? ` + ${times}F_state` : '');

export function flops(r) {
  const s = perStep(r);
  // Attention runs over the attending layers' tokens; a state costs its own FLOPs, not its bytes' worth of tokens.
  const w = window(r, 'S', undefined, { states: false });
  return {
    formula: t('fx.flops.formula', { who: r.config.pp > 1 ? 'M · b' : 'B', div: r.config.pp > 1 ? '(tp·pp)' : 'tp', state: stateTerm(r) }),
    numbers: `${s.who}; N_act = ${n(r.model.params_active)}, ${inputTable(r)}; ${attnCoef(r)}; ${t('fx.layersTokens')} = ${w.text}, S = ${n(r.config.seq)}${stateFlops(r)}; ${t('fx.dividedBy', { div: s.div })}`,
    result: `= ${f.si(r.roofline.flops_per_step, 'FLOP')} (${n(r.roofline.flops_per_step)})`,
  };
}

export function bytesPerStep(r) {
  const c = r.config;
  const who = c.pp > 1
    ? `M = ${n(c.micro_batches)}, b = ⌈B/M⌉ = ⌈${n(c.batch)}/${n(c.micro_batches)}⌉, tp = ${n(c.tp)}, pp = ${n(c.pp)}`
    : `B = ${n(c.batch)}, tp = ${n(c.tp)}`;
  return {
    formula: t(c.pp > 1 ? 'fx.bytes.formulaPp' : 'fx.bytes.formula'),
    numbers: `${who}; ${weightRead(r)}; ${t('fx.bytes.kv', { kv: n(r.model.kv_bytes_per_request) })}; ${share(r)}`,
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
    numbers: t('fx.ridge.numbers', { peak: peakOf(r), precision: rl.compute_precision ?? 'fp16', bw: r.gpu.bandwidth_gbs }),
    result: t('fx.ridge.result', { ridge: f.intensity(rl.ridge) }),
  };
}

export function step(r) {
  const c = r.config;
  const rl = r.roofline;
  const known = rl.peak_tflops != null;
  if (r.offload?.gpu_ms !== undefined) {
    const o = r.offload;
    const share = `${n(o.gpu_layers)}/${n(r.model.layers)}`;
    const gpuBytes = `${share} × (${n(rl.bytes_per_step)} − ${n(o.lm_head_bytes)}) B / ${r.gpu.bandwidth_gbs} GB/s`;
    const gpu = known ? `max(${gpuBytes}, ${share} × ${n(rl.flops_per_step)} FLOP / ${peakOf(r)} TFLOPS)` : gpuBytes;
    return {
      formula: t(known ? 'fx.step.formulaOffload' : 'fx.step.formulaOffloadFloor'),
      numbers: t('fx.step.numbersOffload', {
        gpu, rest: `(${n(rl.bytes_per_step)} B − ${share} × (${n(rl.bytes_per_step)} − ${n(o.lm_head_bytes)}) B) / ${o.host_bandwidth_gbs} GB/s`,
        gpuMs: f.ms(o.gpu_ms), hostMs: f.ms(o.host_ms),
      }),
      result: t(known ? 'fx.step.result' : 'fx.step.resultFloor', { step: f.ms(r.decode.step_ms) }),
    };
  }
  if (c.pp > 1 && r.pp?.stage_ms !== undefined) {
    const M = n(c.micro_batches);
    const stageBytes = `${n(rl.bytes_per_step)} B / ${M} / ${r.gpu.bandwidth_gbs} GB/s`;
    const stage = known ? `max(${stageBytes}, ${n(rl.flops_per_step)} FLOP / ${M} / ${peakOf(r)} TFLOPS)` : stageBytes;
    return {
      formula: t('fx.step.formulaPp'),
      numbers: t('fx.step.numbersPp', { stage, stageMs: f.ms(r.pp.stage_ms), m: M, pp: n(c.pp) }),
      result: t('fx.step.resultPp', { step: f.ms(r.decode.step_ms) }),
    };
  }
  if (r.decode.bandwidth_floor_only) {
    return {
      formula: t('fx.step.formulaFloor'),
      numbers: `= ${f.si(rl.bytes_per_step, 'B')} / ${r.gpu.bandwidth_gbs} GB/s`,
      result: t('fx.step.resultFloor', { step: f.ms(r.decode.step_ms) }),
    };
  }
  return {
    formula: t('fx.step.formula'),
    numbers: `= max(${f.si(rl.bytes_per_step, 'B')} / ${r.gpu.bandwidth_gbs} GB/s, ${f.si(rl.flops_per_step, 'FLOP')} / ${peakOf(r)} TFLOPS)`,
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
  const p = r.prefill;
  return {
    formula: t('fx.prefill.formula', { state: stateTerm(r, 'S · ') }),
    numbers: `N_act = ${n(r.model.params_active)}, ${inputTable(r)}, S = ${n(r.config.seq)}; ${attnCoef(r)}; ${t('fx.layersTokens')} = ${window(r, 'S', undefined, { states: false }).text}${stateFlops(r)}; ${t('fx.prefill.flops', { flops: n(p.flops) })}; ${t(r.moe ? 'fx.prefill.wreadMoe' : 'fx.prefill.wread', { bytes: n(p.weight_bytes_read) })}`,
    result: t('fx.prefill.result', { ai: f.intensity(p.ai), bound: t(`boundAdj.${p.bound}`) }),
  };
}

export function ttft(r) {
  const p = r.prefill;
  const tp = n(r.config.tp);
  return {
    formula: t('fx.ttft.formula'),
    numbers: `${t('fx.ttft.prefill', {
      flops: `${n(p.flops)} FLOP / ${tp} / ${peakOf(r)} TFLOPS`, bytes: `${n(p.weight_bytes_read)} B / ${tp} / ${r.gpu.bandwidth_gbs} GB/s`, ms: f.ms(p.ms),
    })}; = ${f.ms(r.config.launch_ms)} + ${f.ms(p.ms)}; ${t('fx.ttft.rate', { tps: f.tokensPerS(p.tokens_per_s) })}`,
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
  const c = r.config;
  const p = r.pp;
  const B = n(c.batch);
  // The whole batch on one GPU: the weights once, every request's whole KV, all the FLOPs. Shown only for a
  // deployment that runs (ParallelPanel): a refusal's report has no speedup, no roofline and no time.
  const rl = r.roofline;
  const read = `(${n(rl.weight_bytes_read)} + ${B} × ${n(r.model.kv_bytes_per_request)}) B / ${r.gpu.bandwidth_gbs} GB/s`;
  // Attention over the attending layers' tokens, and each recurrent state's own FLOPs (as in flops()).
  const states = stateLayers(r.model) > 0 ? ` + 4 × ${n(stateLayers(r.model))} × ${n(r.model.state_elems_per_layer)}` : '';
  const work = `${B} × (2 × (${n(r.model.params_active)} − ${n(r.model.params_input_table)}) + ${attnValue(r)} × (${window(r, 'S', undefined, { states: false }).text})${states}) FLOP / ${rl.peak_tflops} TFLOPS`;
  const one = rl.peak_tflops != null ? `max(${read}, ${work})` : read;
  const drain = t('fx.speedup.drain', { m: n(p.micro_batches), pp: n(c.pp), stage: f.ms(p.stage_ms), drain: f.ms(p.drain_ms) });
  return {
    formula: t('fx.speedup.formula'),
    numbers: `${t('fx.speedup.one', { one, seq: n(c.seq), ms: f.ms(p.one_gpu_ms) })}; ${drain}; ${t('fx.speedup.numbers', { m: n(p.micro_batches), pp: n(c.pp) })}`,
    result: `= ${f.times(p.speedup_vs_one_gpu)}${p.speedup_vs_one_gpu < 1 ? t('fx.speedup.slower') : ''}`,
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
