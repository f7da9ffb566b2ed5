// Where each figure of the expected estimate and of the cost comes from, in the page's
// language. The core lists them as {name, value, unit, source}: `name` is a code, and the
// source is the core's English sentence, chosen by the engine preset (core/src/engines.c)
// or the price preset (presets/prices/) and the inputs. The page words each from codes
// and values it has: the assumption's name, the report's engine, the resolved weight
// precision, the cost's basis; never from the English sentence. The price presets'
// sources are quotations of documents (a page, its URL, its date): they are shown as
// given, marked as a citation, after the page's own words.
//
// The core marks three cases with fixed words instead of a code, and the page reads
// those as codes (tests/web/page-text.test.js checks the core still writes them):
// "request" (an engine parameter the inputs override), "given" (a price or term the
// inputs give) and the prefix it puts before a board-power figure that stands in for an
// unsourced wall-power one.
import { FIELD } from '../inputs.js';
import { t } from './index.js';

export const CORE_MARKS = Object.freeze({
  request: 'request',
  given: 'given',
  board: 'board power, no wall figure sourced: ',
});

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

/** The weight formats the engines run weight-only (16-bit math): they read the engine's quantized bandwidth figure. */
export const weightOnlyQuant = (precision) => !['fp32', 'fp16', 'bf16', 'fp8'].includes(precision);

/**
 * One assumption of the expected estimate (report.realistic.assumptions[i]) of the report r:
 * {text}, the page's words, or {cite}, the core's own when the page has none for it.
 */
export function assumptionSource(a, r, code) {
  const source = String(a.source ?? '');
  if (source === CORE_MARKS.request) return { text: t('asrc.request', { source }, code) };
  const engine = r.realistic?.engine;
  const param = ENGINE_PARAM[a.name];
  let key = null;
  let params = { source };
  if (param) {
    const variant = param === 'bw' && weightOnlyQuant(r.config?.precision) ? 'bw_quant' : param;
    key = `asrc.${engine}.${variant}`;
  } else if (a.name === 'link_gbs') {
    key = a.value > 0 ? 'asrc.link' : 'asrc.link_unknown';
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
  const given = source === CORE_MARKS.given;
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
  if (source.startsWith(CORE_MARKS.board)) return { text: t('csrc.board', {}, code), cite: source.slice(CORE_MARKS.board.length) };
  return { text: t('csrc.preset', {}, code), cite: source };
}
