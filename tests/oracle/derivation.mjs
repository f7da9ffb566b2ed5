// The figures a vector's comment shows in its "Derivation:" (the arithmetic, README.md):
// each one a labelled number the oracle's report holds. --write prints them again from the
// oracle, at the digits the comment gave, so that a changed formula cannot leave the
// arithmetic it shows behind; --check fails on one the oracle's value does not round to.
//
// Only the labels below are read; the rest of a comment is prose, left as it is.

import { lookup } from './paths.mjs';
import { Q } from './rational.mjs';

const NUM = '(\\d[\\d,]*(?:\\.\\d+)?(?:e[+-]?\\d+)?)';
// A figure that may be negative (a room, a shortfall).
const SNUM = '(-?\\d[\\d,]*(?:\\.\\d+)?(?:e[+-]?\\d+)?)';

// [regex, [report path per captured number]]: a number's path, or "derived.*" for a
// figure the report does not carry (report.derived: the step and prefill a cost used, oracle.mjs).
const FIGURES = [
  // The first derivations' shape: "FLOPs = B*(…)/tp = 1,234; bytes = … = 5,678. AI = …"
  [`FLOPs = B\\*\\([^=]*\\)/tp = ${NUM}`, ['roofline.flops_per_step']],
  [`bytes = Wread\\(B\\)/tp \\+ B\\*S\\*kvbpt\\*kv_frac = ${NUM}`, ['roofline.bytes_per_step']],
  [`\\bAI = ${NUM}, ridge`, ['roofline.ai']],
  [`ceiling = min\\(1, AI/ridge\\) = ${NUM}`, ['roofline.ceiling_fraction']],
  [`\\bstep = ${NUM} ms`, ['decode.step_ms']],
  [`ms/token = step/B = ${NUM}`, ['decode.ms_per_token']],
  [`tok/s = B/step = ${NUM}`, ['decode.tokens_per_s']],
  [`prefill AI = \\([^=]*\\)/Wread\\(S\\) = ${NUM}`, ['prefill.ai']],
  [`stage = max\\(bytes/BW, flops/peak\\) = ${NUM} ms`, ['pp.stage_ms']],
  [`drain = \\(M\\+pp-1\\)\\*stage = ${NUM} ms`, ['pp.drain_ms']],
  [`bubble = \\(pp-1\\)/\\(M\\+pp-1\\) = ${NUM}`, ['pp.bubble']],
  [`speedup = one_gpu/drain = ${NUM}`, ['pp.speedup_vs_one_gpu']],
  [`allreduce = 8\\*\\(tp-1\\)/tp\\*L\\*H\\*B = ${NUM} B`, ['tp.allreduce_bytes_per_gpu']],
  // The later shape: "step: FLOPs 1,234, bytes 5,678, AI 1; … ridge 200.6, memory-bound, ceiling …"
  [`step: FLOPs ${NUM}, bytes ${NUM}, AI ${NUM}`, ['roofline.flops_per_step', 'roofline.bytes_per_step', 'roofline.ai']],
  [`-> ridge ${NUM}, (?:memory|compute)-bound, ceiling ${NUM}`, ['roofline.ridge', 'roofline.ceiling_fraction']],
  [`; step ${NUM} ms, ${NUM} tok/s`, ['decode.step_ms', 'decode.tokens_per_s']],
  [`prefill: FLOPs [^=]* = ${NUM}, Wread\\(S\\) = ${NUM} B, AI ${NUM}`, ['prefill.flops', 'prefill.weight_bytes_read', 'prefill.ai']],
  [`prefill ms = max\\([^)]*\\) = ${NUM}, ttft = [\\d.]+ \\+ that = ${NUM}`, ['prefill.ms', 'prefill.ttft_ms']],
  // A cost: "(prefill 67.99 ms at seq 1000 + 500 x step 20.71 ms / batch 16) / 3.6e6 = 0.0001986 h; active … h/month"
  [`\\(prefill ${NUM} ms at seq \\d+ \\+ \\d+ x step ${NUM} ms / batch \\d+\\) / 3\\.6e6 = ${NUM} h`,
    ['derived.cost_prefill_ms', 'derived.cost_step_ms', 'cost.workload.hours_per_request']],
  [`active ${NUM} h/month`, ['cost.workload.active_hours_per_month']],
  // The realistic budget: "realistic: pool 0.9*80 = 72, … room for KV + logits = pool - reserves - weights = 63.7 GiB
  // vs B*(KV/request + 4V) = 0.56 GiB -> fits; max_batch_realistic = … = 113; kv_room_gib = room - B*4V = 63.6"
  [`realistic: pool ${NUM}\\*${NUM} = ${NUM}, context`, ['config.pool_fraction', 'gpu.vram_gib', 'memory.realistic.pool_gib']],
  [`room for KV \\+ logits = pool - reserves - weights = (-?\\d[\\d,]*(?:\\.\\d+)?(?:e[+-]?\\d+)?) GiB vs B\\*\\(KV/request \\+ 4V\\) = ${NUM} GiB`,
    ['memory.realistic.room_gib', 'memory.realistic.need_gib']],
  // TensorRT-LLM's budget (a share of the free memory): "free after weights and reserves = 80 - … = 12.06 GiB,
  // x 0.9 = 10.85 GiB for KV + logits vs B*(KV/request + 4V) = 2.5 GiB"
  [`free after weights and reserves = [^=]* = (-?\\d[\\d,]*(?:\\.\\d+)?(?:e[+-]?\\d+)?) GiB, x ${NUM} = (-?\\d[\\d,]*(?:\\.\\d+)?(?:e[+-]?\\d+)?) GiB for KV \\+ logits vs B\\*\\(KV/request \\+ 4V\\) = ${NUM} GiB`,
    ['memory.realistic.free_after_reserves_gib', 'config.pool_fraction', 'memory.realistic.room_gib', 'memory.realistic.need_gib']],
  [`max_batch_realistic = floor\\(room/\\(KV/request \\+ 4V\\)\\) = ${NUM}`, ['memory.max_batch_realistic']],
  // The activation line: "activation chunk C=2048*(2*256+272+2*512)*2/tp = 0.006896973 GiB", C being min(chunk, S) with
  // the chunk given or the engine's own (engines.mjs engineChunk), so that a changed default cannot leave it behind.
  [`activation chunk C=${NUM}\\*\\([^)]*\\)\\*2/tp = ${NUM} GiB`, ['memory.realistic.chunk_tokens', 'memory.realistic.activation_chunk_gib']],
  // Where the step computes every token's logits (llama.cpp, gpt-fast): "output layer C*(V+H)*4 = 0.2524414 GiB".
  [`output layer C\\*\\(V\\+H\\)\\*[24] = ${NUM} GiB`, ['memory.realistic.output_step_gib']],
  [`kv_room_gib = room - B\\*4V = (-?\\d[\\d,]*(?:\\.\\d+)?(?:e[+-]?\\d+)?)`, ['memory.realistic.kv_room_gib']],
  // SGLang's budget: its fraction is a share of what the context and NCCL leave (they are up before it is taken), and
  // the activations and logits are outside its pool, so the room is for KV alone: "realistic: pool = ctx + nccl +
  // f*(V - ctx - nccl) = 0.6 + 0 + 0.83*(80 - 0.6 - 0) = 66.502 GiB; room for KV = pool - reserves - weights =
  // 50.64532 GiB vs B*KV/request = 0.5 GiB -> fits; max_batch_realistic = floor(room/(KV/request)) = 101; kv_room_gib = room = 50.64532"
  [`pool = ctx \\+ nccl \\+ f\\*\\(V - ctx - nccl\\) = ${NUM} \\+ ${NUM} \\+ ${NUM}\\*\\(${NUM} - ${NUM} - ${NUM}\\) = ${NUM}`,
    ['memory.realistic.context_reserve_gib', 'memory.realistic.nccl_gib', 'config.pool_fraction', 'gpu.vram_gib',
      'memory.realistic.context_reserve_gib', 'memory.realistic.nccl_gib', 'memory.realistic.pool_gib']],
  [`free at start = V - ctx - nccl = ${SNUM} GiB`, ['memory.realistic.free_at_start_gib']],
  [`room for KV = pool - reserves - weights = ${SNUM} GiB vs B\\*KV/request = ${NUM} GiB`,
    ['memory.realistic.room_gib', 'memory.realistic.need_gib']],
  [`max_batch_realistic = floor\\(room/\\(KV/request\\)\\) = ${NUM}`, ['memory.max_batch_realistic']],
  [`kv_room_gib = room = ${SNUM}`, ['memory.realistic.kv_room_gib']],
  // Its way out of a tight fit: the share of what the context and NCCL leave that holds the weights, overhead and KV.
  [`raise_pool_fraction = ceil\\(100\\*\\(weights \\+ overhead \\+ B\\*KV/request\\)/free at start\\)/100 = ${NUM}`,
    ['remedies.raise_pool_fraction.value']],
  // The size-only estimate under SGLang: "usable = f*(V - ctx)/(1 + overhead) = 0.83*(80 - 0.6)/1.02 = 64.6098"
  [`usable = f\\*\\(V - ctx\\)/\\(1 \\+ overhead\\) = ${NUM}\\*\\(${NUM} - [\\d.]+\\)/[\\d.]+ = ${NUM}`,
    ['estimate.pool_fraction', 'gpu.vram_gib', 'estimate.usable_gib_per_gpu']],
  [`buy ${NUM} = depreciation ${NUM} \\+ energy ${NUM}`, ['cost.buy.monthly_usd', 'cost.buy.depreciation_usd_per_month', 'cost.buy.energy_usd_per_month']],
  [`cloud ${NUM} = ${NUM} h x`, ['cost.cloud.monthly_usd', 'cost.workload.active_hours_per_month']],
  [`cloud ${NUM} = active h`, ['cost.cloud.monthly_usd']],
  [`API ${NUM} = Mtok`, ['cost.api.monthly_usd']],
].map(([source, paths]) => [new RegExp(source, 'g'), paths]);

// The bound each shape names beside its ridge and prefill AI.
const BOUNDS = [
  [/(ridge = [^>;]*-> )(memory|compute)(-bound)/g, 'roofline.bound'],
  [/(-> ridge [\d.]+, )(memory|compute)(-bound)/g, 'roofline.bound'],
  [/(prefill AI = \([^=]*\)\/Wread\(S\) = [\d.e+-]+ -> )(memory|compute)()/g, 'prefill.bound'],
  [/(prefill: FLOPs [^;]*?, AI [\d.e+-]+ \()(memory|compute)(\))/g, 'prefill.bound'],
  [/(room for KV \+ logits = [^>]*-> )(fits|tight)()/g, 'level'],
  [/(room for KV = [^>]*-> )(fits|tight)()/g, 'level'],
];

// The formulas as the analysis computes them: a token's matmuls leave out an untied input
// table (N_in, looked up), and prefill attention is causal (half of the S x S term).
const FORMULAS = [
  [/2\*N_act\b/g, '2*(N_act - N_in)'],
  [/4\*L\*q\*d\*S\^2/g, '2*L*q*d*S^2'],
];

// Under SGLang (config.pool_of "free_at_start") the other engines' budget is a formula the analysis does not compute:
// its pool is not f*V but the context and NCCL plus f of what they leave, and no logits are in it. Each is rewritten
// to SGLang's shape (FIGURES), the pool's figures taken from the report.
const FREE_AT_START = [
  [/room for KV \+ logits = /g, () => 'room for KV = '],
  [/B\*\(KV\/request \+ 4V\)/g, () => 'B*KV/request'],
  [/floor\(room\/\(KV\/request \+ 4V\)\)/g, () => 'floor(room/(KV/request))'],
  [/kv_room_gib = room - B\*4V/g, () => 'kv_room_gib = room'],
  [new RegExp(`realistic: pool ${NUM}\\*${NUM} = ${NUM},`, 'g'), (report) => {
    const at = (path, like) => writeLike(like, lookup(report, path).value);
    const ctx = at('memory.realistic.context_reserve_gib', '0.6'), nccl = at('memory.realistic.nccl_gib', '0');
    return `realistic: pool = ctx + nccl + f*(V - ctx - nccl) = ${ctx} + ${nccl} + ${at('config.pool_fraction', '0.9')}*(` +
      `${at('gpu.vram_gib', '80')} - ${ctx} - ${nccl}) = ${at('memory.realistic.pool_gib', '0.0000001')},`;
  }],
];

function valueAt(report, path) {
  if (path.startsWith('derived.')) {
    const v = report.derived?.[path.slice(8)];
    return v === undefined ? { found: false } : { found: true, value: v };
  }
  return lookup(report, path);
}

const digitsOf = (text) => text.replace(/e.*$/, '').replace(/[^\d]/g, '').replace(/^0+/, '').length;

/**
 * `value` written the way `like` is: grouped integer, exponent (its digits, its exponent's width),
 * dollars and cents, or decimal to as many significant digits (at least 7).
 */
export function writeLike(like, value) {
  const x = value instanceof Q ? value.toNumber() : value;
  if (/e/.test(like)) {
    const mantissa = like.replace(/e.*$/, '');
    const out = x.toExponential(Math.max(0, digitsOf(mantissa) - 1)).replace(/\.?0+e/, 'e');
    const width = like.match(/e[+-]?(\d+)$/)[1].length;
    return out.replace(/e([+-])(\d+)$/, (_, sign, d) => `e${sign}${d.padStart(width, '0')}`);
  }
  if (/^\d+\.\d\d$/.test(like)) return x.toFixed(2);
  if (!like.includes('.') && (like.includes(',') || Number.isInteger(x))) {
    const whole = Math.round(x);
    return like.includes(',') ? whole.toLocaleString('en-US') : String(whole);
  }
  const s = Number(x.toPrecision(Math.min(17, Math.max(7, digitsOf(like))))).toString();
  return /e/.test(s) ? Number(s).toLocaleString('en-US', { useGrouping: false, maximumSignificantDigits: 17 }) : s;
}

const numberOf = (text) => Number(text.replace(/,/g, ''));
// Whether the exact value lies exactly halfway between two printings of it.
const isTie = (a, b, value) => value instanceof Q
  && value.mul(2n).eq(Q.fromDecimal(a.replace(/,/g, '')).add(Q.fromDecimal(b.replace(/,/g, ''))));

/**
 * The comment with its derivation's figures, bounds and formulas as the oracle computes them,
 * and the figures it showed that the oracle's values do not round to ({path, shown, oracle}).
 */
export function refreshDerivation(comment, report) {
  const at = comment.indexOf('Derivation:');
  if (at < 0 || !report) return { text: comment, stale: [] };
  const stale = [];
  let text = comment.slice(at);
  for (const [re, paths] of FIGURES) {
    // Each figure is replaced where its own group matched (the 'd' flag's indices), not where its text
    // first occurs after the previous one: a figure shown as "0" would otherwise land in the "2000"
    // of an uncaptured "seq 2000" beside it.
    const edits = [];
    for (const m of text.matchAll(new RegExp(re.source, 'dg'))) {
      paths.forEach((path, i) => {
        const shown = m[i + 1];
        const got = valueAt(report, path);
        if (!got.found || shown === undefined) return;
        let fresh = writeLike(shown, got.value);
        // An exact tie (0.16015625 at 7 digits) may be shown rounded either way (half to even, as C's printf does): kept.
        if (numberOf(fresh) !== numberOf(shown) && isTie(shown, fresh, got.value)) fresh = shown;
        if (numberOf(fresh) !== numberOf(shown)) stale.push({ path, shown, oracle: fresh });
        const [start, end] = m.indices[i + 1];
        edits.push({ start, end, fresh });
      });
    }
    for (const { start, end, fresh } of edits.sort((a, b) => b.start - a.start)) text = text.slice(0, start) + fresh + text.slice(end);
  }
  for (const [re, path] of BOUNDS) {
    const got = valueAt(report, path);
    if (!got.found || typeof got.value !== 'string') continue;
    text = text.replace(re, (whole, before, bound, after) => {
      if (bound !== got.value) stale.push({ path, shown: bound, oracle: got.value });
      return before + got.value + after;
    });
  }
  for (const [re, right] of FORMULAS) {
    text = text.replace(re, (wrong) => {
      stale.push({ path: 'formula', shown: wrong, oracle: right });
      return right;
    });
  }
  if (lookup(report, 'config.pool_of').value === 'free_at_start') {
    for (const [re, right] of FREE_AT_START) {
      text = text.replace(re, (wrong) => {
        const fresh = right(report);
        stale.push({ path: 'formula', shown: wrong, oracle: fresh });
        return fresh;
      });
    }
  }
  return { text: comment.slice(0, at) + text, stale };
}
