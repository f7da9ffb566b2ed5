// The core's values that its messages' holes name ({kv_heads}, {speedup}, ...),
// written as the core's English sentences write them (printf's %lld, %.2f,
// %.4g, %.0f). The page fills the message tables' templates from these; the
// CLI (core/cli/messages.c) fills the same templates from the same values
// under the same names, so one zh-CN table words both.
export const n = (v) => String(v);
const ceilDiv = (a, b) => Math.ceil(a / b);
export const g4 = (v) => (Number.isFinite(v) ? String(Number(v.toPrecision(4))) : String(v));
// C's "%.2f": the nearest value, and on an exact binary tie the even digit,
// where toFixed rounds up (28.125 → 28.12).
export function cFixed(v, d) {
  if (!Number.isFinite(v)) return String(v);
  const exact = Math.abs(v).toFixed(Math.min(100, d + 70));
  const dot = exact.indexOf('.');
  const rest = exact.slice(dot + 1 + d);
  if (/^50*$/.test(rest)) {
    const cut = exact.slice(0, dot + 1 + d).replace(/\.$/, '');
    if (Number(cut[cut.length - 1]) % 2 === 0) return (v < 0 ? '-' : '') + cut;
  }
  return v.toFixed(d);
}
export const f2 = (v) => cFixed(v, 2);
// C's "%.3g": three significant digits, trailing zeros dropped.
export const g3 = (v) => (Number.isFinite(v) ? String(Number(v.toPrecision(3))) : String(v));
const f0 = (v) => cFixed(v, 0);

/** The holes of the warnings, from the report r (core/cli/messages.c: warning_values). */
export function warningValues(r) {
  const micro = r.pp?.micro_batches ?? r.config.micro_batches;
  const real = r.memory?.realistic ?? {};
  const sp = r.speculative ?? {};
  return {
    kv_heads: n(r.model?.kv_heads),
    tp: n(r.config.tp),
    per_rank: n(ceilDiv(r.model?.kv_heads, r.config.tp)),
    kv_share: g4(r.tp?.kv_share_per_gpu),
    layers: n(r.model?.layers),
    pp: n(r.config.pp),
    stage_layers: n(ceilDiv(r.model?.layers, r.config.pp)),
    micro: n(micro),
    speedup: f2(r.pp?.speedup_vs_one_gpu),
    seq: n(r.config.seq),
    batch: n(r.config.batch),
    per_micro: n(ceilDiv(r.config.batch, micro)),
    pool_pct: f0(r.config.pool_fraction * 100),
    reserve: f2(real.reserve_gib),
    kv_room: f2(real.kv_room_gib),
    over: f2(-real.kv_room_gib),
    kv_need: f2(r.memory?.kv_gib_per_gpu),
    missing: f2(real.missing_gib),
    max_real: n(r.memory?.max_batch_realistic ?? real.max_batch),
    left: f2(real.free_after_reserves_gib),
    // SGLang's (the tight warning's .start sentences): what its fraction is a share of.
    free_at_start: f2(real.free_at_start_gib),
    spec_tokens: n(sp.tokens),
    accept: f2(sp.accept),
    tokens_per_step: g3(sp.tokens_per_step),
    spec_speedup: f2(sp.realistic_speedup),
    engine: n(r.config.engine),
    // engine_lacks_weight_format's, the one warning that names it (core: rl_lacked_weight_format): an MXFP4
    // checkpoint's experts when the report has them (its other weights are 16-bit, which every engine runs).
    precision: n(r.config.expert_precision ?? r.config.precision),
    kv_precision: n(r.config.kv_precision),
    // dp_groups_idle's: the data-parallel attention groups.
    groups: n(r.config.dp_attention),
  };
}

/**
 * The holes of a remedy x of the report r (core/cli/messages.c: remedy_values). A size-only
 * estimate's report has no config: its ways out name only their value, tp and the precision now.
 */
export function remedyValues(x, r) {
  const c = r.config ?? {};
  return {
    value: n(x.value),
    value_f2: f2(x.value),
    precision: n(c.precision ?? r.estimate?.precision),
    batch: n(c.batch),
    seq: n(c.seq),
    layers: n(r.model?.layers),
    pool_now: f2(c.pool_fraction),
    // raise_pool_fraction's: the engine's setting (core: rl_engine_pool_knob).
    knob: n(x.setting),
    // lower_precision_more_tp's second change (its value is the precision).
    tp: n(x.tp),
  };
}
