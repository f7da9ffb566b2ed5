// Where each figure of the expected estimate and of the cost comes from, in the page's
// language. The core lists them as {name, value, unit, origin, source}: `name` and
// `origin` are codes (rl_origin in core/include/roofline.h: engine, engine_quant, given,
// gpu, input, analysis, spec, preset, board), and the source is the core's English
// sentence, chosen by the engine preset (core/src/engines.c) or the price preset
// (presets/prices/) and the inputs. The page words each from codes and values: the
// assumption's name and origin, the report's engine, the cost's basis; never from the
// English sentence. The price presets' sources are quotations of documents (a page, its
// URL, its date): they are shown as given, marked as a citation, after the page's own words.
import { FIELD } from '../inputs.js';
import { t } from './index.js';

/** The engine parameter each assumption reads (core/src/realistic.c: rl_realistic_assumptions). */
const ENGINE_PARAM = Object.freeze({
  bw_efficiency: 'bw',
  compute_efficiency: 'compute',
  prefill_efficiency: 'prefill',
  kernel_us: 'kernel',
  kernels_per_dense_layer: 'kernels',
  kernels_per_moe_layer: 'kernels',
  allreduce_us: 'allreduce',
  host_ms: 'host',
  band_low: 'band',
  band_high: 'band',
});

/**
 * One assumption of the expected estimate (report.realistic.assumptions[i]) of the report r:
 * {text}, the page's words, or {cite}, the core's own when the page has none for it.
 */
/** Scale-out's assumptions (docs/scale-out.md), each worded under its own name. */
const SCALE_OUT = Object.freeze(['scale_out_gbs', 'ep_imbalance', 'a2a_bytes_per_value', 'a2a_overlap']);

export function assumptionSource(a, r, code) {
  const source = String(a.source ?? '');
  if (a.origin === 'given') return { text: t('asrc.request', { source }, code) };
  const engine = r.realistic?.engine;
  const param = ENGINE_PARAM[a.name];
  let key = null;
  let params = { source };
  if (param) {
    // The bandwidth efficiency the engine has for weight-only formats (int8, int4, the block formats).
    const variant = a.origin === 'engine_quant' ? 'bw_quant' : param;
    key = `asrc.${engine}.${variant}`;
  } else if (a.name === 'link_gbs') {
    key = a.value > 0 ? 'asrc.link' : 'asrc.link_unknown';
  } else if (SCALE_OUT.includes(a.name)) {
    key = `asrc.${a.name}`;
  } else if (a.name === 'ttft_overhead_ms') {
    key = 'asrc.ttft_launch';
    params = { source, default: FIELD.launch_ms.default };
  }
  const text = key ? t(key, params, code) : key;
  // A name the page has no words for (a newer core): the core's sentence, as a quotation.
  return text && text !== key ? { text } : { cite: source };
}

/** The figures the cost reads from a price preset (a quotation), or from the inputs. */
const PRICES = Object.freeze(['hardware_usd', 'active_watts', 'idle_watts', 'usd_per_kwh', 'usd_per_gpu_hour', 'api_usd_per_mtok_in', 'api_usd_per_mtok_out']);

/**
 * One assumption of the cost (report.cost.assumptions[i]) of the cost c: {text}, the page's
 * words, and {cite} after them when the figure is a price preset's.
 */
export function costSource(a, c, code) {
  const source = String(a.source ?? '');
  const given = a.origin === 'given';
  const say = (key, params = {}) => ({ text: t(key, { source, ...params }, code) });
  switch (a.name) {
    case 'step_ms': return say(c.basis === 'realistic' ? 'csrc.step_ms.realistic' : 'csrc.step_ms.floor');
    case 'prefill_ms': return say(a.value > 0 ? 'csrc.prefill_ms' : 'csrc.prefill_ms.none');
    case 'batch': return say('csrc.batch');
    case 'days_per_month': return say('csrc.spec');
    case 'months': return say(given ? 'csrc.given' : 'csrc.spec');
    case 'boot_factor': return say(given ? 'csrc.given' : 'csrc.boot_factor');
    case 'resale_fraction': return say(given ? 'csrc.given' : 'csrc.resale_fraction');
    default: break;
  }
  if (!PRICES.includes(a.name)) return { cite: source };
  if (given) return say('csrc.given');
  // A price preset's figure: the citation quotes its source.
  const stale = isStale(a.as_of);
  if (a.origin === 'board') return { text: t('csrc.board', {}, code), cite: source, stale };
  if (a.origin === 'rule') return { text: t('csrc.rule', {}, code), cite: source, stale };
  return { text: t('csrc.preset', {}, code), cite: source, stale };
}

const STALE_DAYS = 365; // RL_PRICE_STALE_DAYS

/**
 * Days from a price's date (YYYY-MM-DD, or YYYY: from that year's last day) to `today` (YYYY-MM-DD);
 * -1 when either is not such a date or the price is dated after today (the core's rl_price_age_days).
 */
export function priceAgeDays(asOf, today) {
  const day = (s, yearOk) => {
    const m = /^(\d{4})(?:-(\d{2})-(\d{2}))?$/.exec(String(s ?? ''));
    if (!m || (!yearOk && m[2] === undefined)) return null;
    const [y, mo, d] = m[2] === undefined ? [+m[1], 12, 31] : [+m[1], +m[2], +m[3]];
    const t = Date.UTC(y, mo - 1, d);
    const back = new Date(t);
    return back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? t / 86400000 : null;
  };
  const a = day(asOf, true), t = day(today, false);
  return a === null || t === null || a > t ? -1 : t - a;
}

/** A price over 12 months old on this machine's date. */
export function isStale(asOf, today = new Date().toISOString().slice(0, 10)) {
  return priceAgeDays(asOf, today) > STALE_DAYS;
}
