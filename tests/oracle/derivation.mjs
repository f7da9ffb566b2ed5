// The figures a vector's comment shows in its "Derivation:" (the arithmetic, README.md):
// each one a labelled number the oracle's report holds. --write prints them again from the
// oracle, at the digits the comment gave, so that a changed formula cannot leave the
// arithmetic it shows behind; --check fails on one the oracle's value does not round to.
//
// Only the labels below are read; the rest of a comment is prose, left as it is.

import { lookup } from './paths.mjs';
import { Q } from './rational.mjs';

const NUM = '(\\d[\\d,]*(?:\\.\\d+)?(?:e[+-]?\\d+)?)';

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
  [`kv_room_gib = room - B\\*4V = (-?\\d[\\d,]*(?:\\.\\d+)?(?:e[+-]?\\d+)?)`, ['memory.realistic.kv_room_gib']],
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
];

// The formulas as the analysis computes them: a token's matmuls leave out an untied input
// table (N_in, looked up), and prefill attention is causal (half of the S x S term).
const FORMULAS = [
  [/2\*N_act\b/g, '2*(N_act - N_in)'],
  [/4\*L\*q\*d\*S\^2/g, '2*L*q*d*S^2'],
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
    text = text.replace(re, (whole, ...groups) => {
      let out = whole;
      let from = 0;
      paths.forEach((path, i) => {
        const shown = groups[i];
        const got = valueAt(report, path);
        const start = out.indexOf(shown, from);
        if (!got.found || start < 0) return;
        const fresh = writeLike(shown, got.value);
        if (numberOf(fresh) !== numberOf(shown)) stale.push({ path, shown, oracle: fresh });
        out = out.slice(0, start) + fresh + out.slice(start + shown.length);
        from = start + fresh.length;
      });
      return out;
    });
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
  return { text: comment.slice(0, at) + text, stale };
}
