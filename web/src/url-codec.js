// The share-link codec: page inputs ↔ a readable query string.
//
// Keys, labels and shapes come from the field table (core/fields.json, `url`,
// `label`, `type`): m model preset, c custom config.json (deflate-raw,
// base64url), n the model's size alone for the parameters-only estimate ("70B"),
// g GPU preset or "custom", gl unified-memory GPU limit, tf/f8/i8/bw/vr the GPU's
// own figures (TFLOPS, FP8 TFLOPS, INT8 TOPS, GB/s, GiB; present = a custom GPU),
// p weight precision, kp KV precision, s context, b batch, tp, pp, mb
// micro-batches, kb KV block, mr MoE read, and the engine budget: pf pool
// fraction, cr context reserve GiB, nc NCCL GiB per peer, wo weight overhead, pc
// prefill chunk, lm launch ms.
//
// Precedence, per key: a valid value in the link > the preset default. A missing
// key takes the default silently; a malformed one takes the default and adds a
// notice. c wins over n, and n over m. Values are checked for shape only (ids from the preset
// lists, counts and numbers as plain digits, as many integer digits as the row's max has in
// core/fields.json); ranges are the core's job, so a link restores what was shared, errors
// included, as long as it is written in no more digits than the row's max. A typed value that
// cannot travel is left out with a notice (Copy link shows it). Nothing here throws, and the result
// only ever holds known ids, vocabulary words, digit strings, sizes (digits, a
// point, an exponent, one suffix letter) or inflated text.

import { CUSTOM, FIELD, FIELDS, GPU_FIELDS, PARAMS, defaultInputs, gpuEdited } from './inputs.js';
import { LANGS, t } from './i18n/index.js';
import { FIELD_LINKS } from './field-links.js';
import { PLAN_KEYS, PLAN_PRECISIONS, checkedGpus, validTarget } from './plan.js';
// The page sets the Plan view's state a link carries through this module (main.jsx), which loads only for a link:
// plan.js is no part of the entry script.
export { restorePlan } from './plan.js';

/**
 * The page-only key: `lang`, the page's language (en, zh-CN; zh, the CLI's word, is read as zh-CN). It is no input of
 * the core, so it is not a row of core/fields.json: the codec reads and writes
 * it beside the table's keys. Absent, the browser's language decides.
 */
export const LANG_KEY = 'lang';
// The CLI's short word for a language (`--lang zh`), read in a link as the page's code for it.
const LANG_ALIASES = Object.freeze({ zh: 'zh-CN' });

/**
 * The Plan view's page-only keys (web/src/plan.js): link name → {key, its check, its label's message,
 * and `as`, the value the page keeps (the text itself when absent)}. The GPUs to search (gpus, preset
 * ids) are read apart: unknown ids are dropped, counted, never kept.
 */
const PAGE_KEY_OF = Object.freeze({
  [PLAN_KEYS.view]: { key: 'view', ok: (v) => v === 'plan' || v === 'main', labelKey: 'plan.views' },
  [PLAN_KEYS.max_ttft_ms]: { key: 'max_ttft_ms', ok: validTarget, labelKey: 'plan.max_ttft_ms' },
  [PLAN_KEYS.min_tokens_per_s_user]: { key: 'min_tokens_per_s_user', ok: validTarget, labelKey: 'plan.min_tokens_per_s_user' },
  [PLAN_KEYS.gpus]: { key: 'gpus', ok: (v) => v !== '', labelKey: 'plan.gpus' },
  [PLAN_KEYS.precision]: { key: 'precision', ok: (v) => PLAN_PRECISIONS.includes(v), labelKey: 'plan.precision' },
  [PLAN_KEYS.allow_tight]: { key: 'allow_tight', ok: (v) => v === '1', labelKey: 'plan.allow_tight', as: () => true },
});

/** The GPUs of a `gpus` value: the preset ids among its comma-separated items, and how many items are none. */
function readGpus(value, gpuIds) {
  const items = new Set(value.split(','));
  const gpus = checkedGpus([...items], gpuIds);
  return { gpus, dropped: items.size - gpus.length };
}

/** Notices in English by default; the page passes ctx.say to keep {code, ...params} and word them itself. */
const english = (code, params) => t(`notice.${code}`, params, 'en');

/** Input key → its short link key, for every row the link carries. */
export const URL_KEYS = Object.freeze(Object.fromEntries(FIELDS.filter((f) => typeof FIELD_LINKS[f.key].url === 'string').map((f) => [f.key, FIELD_LINKS[f.key].url])));
const KEY_OF = Object.fromEntries(Object.entries(URL_KEYS).map(([k, u]) => [u, k]));

export const MAX_QUERY_CHARS = 16 * 1024;
/** Same as the core's RL_CONFIG_MAX_BYTES. */
export const MAX_CONFIG_BYTES = 1024 * 1024;
/** Leaves room for the other keys under MAX_QUERY_CHARS. */
export const MAX_LINK_CONFIG_CHARS = 15 * 1024;

/**
 * The digits a value of a row may have, from the field table's range: its integer part as many
 * as the row's max has (requests_per_day, to 1e12: 13; hardware_usd, to 1e9: 10), so that every
 * value the table allows travels and no longer digit string does. A number's fractional part
 * holds a double's 17 significant digits after the leading zeros of the table's smallest positive
 * min (0.001: 3).
 */
const integerDigits = (field) => String(Math.trunc(Math.abs(field.max))).length;
const SMALLEST_MIN = Math.min(...FIELDS.filter((f) => f.type === 'number' && f.min > 0).map((f) => f.min));
export const FRACTION_DIGITS = 17 + Math.max(0, Math.ceil(-Math.log10(SMALLEST_MIN)));
const SHAPES = new Map();
/** The regex a count's or a number's link value must match: digits only, bounded as above. */
export function digitsShape(field) {
  if (!SHAPES.has(field.key)) {
    const whole = `\\d{1,${integerDigits(field)}}`;
    SHAPES.set(field.key, new RegExp(field.type === 'count' ? `^${whole}$` : `^${whole}(\\.\\d{1,${FRACTION_DIGITS}})?$`));
  }
  return SHAPES.get(field.key);
}
/** A size as the core reads one: 70B, 7.6b, 1.5T, 350M, 8e9, 70000000000. */
const SIZE = /^(\d{1,16}(\.\d{0,9})?|\.\d{1,9})([eE][+-]?\d{1,3})?[kKmMbBgGtT]?$/;

/** The shape check of each plain key, by its row's type; `ctx` holds the preset id lists. */
function shapeOf(key, ctx) {
  const field = FIELD[key];
  switch (field.type) {
    case 'preset': {
      const ids = field.preset === 'model' ? ctx.modelIds : ctx.gpuIds;
      // A GPU may be "custom" (its figures follow); a custom model travels as c; a row's
      // `also` lists the words it takes beside the presets (spec_draft: mtp).
      const also = field.also ?? [];
      return field.preset === 'gpu' ? (v) => v === CUSTOM || ids.includes(v) : (v) => ids.includes(v) || also.includes(v);
    }
    case 'size': return (v) => SIZE.test(v);
    case 'enum': return (v) => field.choices.includes(v);
    case 'number':
    case 'count': {
      const shape = digitsShape(field);
      return (v) => shape.test(v);
    }
    default: return () => false;
  }
}

function describe(key) {
  return { url: URL_KEYS[key], label: FIELD_LINKS[key].label, field: key };
}

const CONFIG_PROBLEMS = ['too_large', 'corrupt', 'not_utf8', 'too_many_steps'];

/**
 * Reads a query string. Resolves to {state, notices}; never rejects.
 * ctx: {modelIds, gpuIds} (the preset ids the core knows).
 */
export async function decodeLink(search, ctx) {
  const modelIds = Array.isArray(ctx?.modelIds) ? ctx.modelIds : [];
  const gpuIds = Array.isArray(ctx?.gpuIds) ? ctx.gpuIds : [];
  const state = defaultInputs(modelIds, gpuIds);
  const notices = [];
  const say = typeof ctx?.say === 'function' ? ctx.say : english;
  const note = (code, params = {}) => notices.push(say(code, { code, ...params }));
  let lang = null;
  let compare = [];
  const compareRaw = [];
  const page = {};
  try {
    if (typeof search !== 'string' || search === '' || search === '?') return { state, notices, lang, compare, page };
    if (search.length > MAX_QUERY_CHARS) {
      note('too_long', { kib: Math.ceil(search.length / 1024) });
      return { state, notices, lang, compare, page };
    }
    let params;
    try {
      params = new URLSearchParams(search);
    } catch {
      note('unreadable');
      return { state, notices, lang, compare, page };
    }
    const seen = new Map();
    let unknown = 0;
    let langs = 0;
    const pageSeen = new Map();
    for (const [name, value] of params) {
      if (COMPARE_KEYS.includes(name)) {
        compareRaw.push([name, value]);
        continue;
      }
      if (Object.hasOwn(PAGE_KEY_OF, name)) {
        pageSeen.set(name, pageSeen.has(name) ? null : value);
        continue;
      }
      if (name === LANG_KEY) {
        langs++;
        const code = LANGS.includes(value) ? value : Object.hasOwn(LANG_ALIASES, value) ? LANG_ALIASES[value] : null;
        lang = langs === 1 ? code : null;
        continue;
      }
      const key = Object.hasOwn(KEY_OF, name) ? KEY_OF[name] : null;
      if (key === null) unknown++;
      else if (seen.has(key)) seen.set(key, null);
      else seen.set(key, value);
    }
    if (langs > 0 && lang === null) note(langs > 1 ? 'repeated' : 'invalid', { url: LANG_KEY, label: t('lang.label', {}, 'en'), labelKey: 'lang.label' });
    if (unknown) note('unknown', { count: unknown });
    for (const [name, value] of pageSeen) {
      const { key, ok, labelKey, as } = PAGE_KEY_OF[name];
      const about = { url: name, label: t(labelKey, {}, 'en'), labelKey };
      if (value === null || !ok(value)) {
        note(value === null ? 'repeated' : 'invalid', about);
      } else if (key === 'gpus') {
        const { gpus, dropped } = readGpus(value, gpuIds);
        if (gpus.length) page.gpus = gpus;
        if (dropped) note('gpus_dropped', { ...about, count: dropped, left: gpus.length });
      } else {
        page[key] = as ? as(value) : value;
      }
    }
    const shapeCtx = { modelIds, gpuIds };
    for (const [key, value] of seen) {
      if (key === 'config') continue;
      if (value === null) {
        note('repeated', describe(key));
      } else if (shapeOf(key, shapeCtx)(value)) {
        state[key] = value;
      } else {
        note('invalid', describe(key));
      }
    }
    // A valid size chooses the parameters-only estimate over a preset.
    if (state.params !== '') state.model = PARAMS;
    if (seen.has('config')) {
      const value = seen.get('config');
      // The deflate codec loads only for a link that carries a config (its own chunk in the hosted build).
      const { base64urlToBytes, inflateText } = await import('./link/deflate.js');
      const bytes = value === null ? null : base64urlToBytes(value);
      if (value === null) {
        note('config_repeated', describe('config'));
      } else if (bytes === null || bytes.length === 0) {
        note('config_base64', describe('config'));
      } else {
        const result = await inflateText(bytes, MAX_CONFIG_BYTES);
        if (typeof result.text === 'string') {
          state.model = CUSTOM;
          state.config = result.text;
        } else {
          note(CONFIG_PROBLEMS.includes(result.error) ? `config_${result.error}` : 'config_unreadable', describe('config'));
        }
      }
    }
    // The compared setups, each over the first one's inputs as read above.
    const read = decodeCompare(compareRaw, state, { modelIds, gpuIds });
    compare = read.setups;
    for (const n of read.notices) note(n.code, n);
  } catch {
    // Unreachable by design; a bug here must still leave a usable page.
    note('broken');
    return { state: defaultInputs(modelIds, gpuIds), notices, lang: null, compare: [], page: {} };
  }
  return { state, notices, lang, compare, page };
}

/** Compressed `c` value for a config text. */
export async function encodeConfig(text) {
  const { bytesToBase64url, deflateText } = await import('./link/deflate.js');
  return bytesToBase64url(await deflateText(text));
}

/**
 * Writes a query string ('' or '?…') for the inputs. Defaults are left out,
 * except the model and the GPU, which make a link readable. A value the decoder
 * would reject is left out too, so the link falls back to the default for it.
 * ctx: {modelIds, gpuIds}, and optionally encodedConfig (a cached encodeConfig
 * result for state.config). Resolves to {query, notices}.
 */
export async function encodeLink(state, ctx) {
  const modelIds = ctx.modelIds ?? [];
  const gpuIds = ctx.gpuIds ?? [];
  const defaults = defaultInputs(modelIds, gpuIds);
  const shapeCtx = { modelIds, gpuIds };
  const parts = [];
  const notices = [];
  const say = typeof ctx?.say === 'function' ? ctx.say : english;
  const put = (key, value) => parts.push(`${URL_KEYS[key]}=${encodeURIComponent(value)}`);
  const clean = (key) => String(state[key] ?? '').trim();
  // A typed value the decoder would refuse is not written; the link says so rather than drop it unseen.
  const leftOut = (key) => notices.push(say('not_in_link', { code: 'not_in_link', ...describe(key) }));

  if (state.model === CUSTOM) {
    const c = ctx.encodedConfig ?? (state.config ? await encodeConfig(state.config) : '');
    if (c && c.length <= MAX_LINK_CONFIG_CHARS) put('config', c);
    else if (c) notices.push(say('config_too_big_for_link', { code: 'config_too_big_for_link', kib: Math.ceil(c.length / 1024), limit: MAX_LINK_CONFIG_CHARS / 1024 }));
  } else if (state.model === PARAMS) {
    if (shapeOf('params', shapeCtx)(clean('params'))) put('params', clean('params'));
    else if (clean('params') !== '') leftOut('params');
  } else if (shapeOf('model', shapeCtx)(state.model)) {
    put('model', state.model);
  }
  if (shapeOf('gpu', shapeCtx)(state.gpu)) put('gpu', state.gpu);
  // The figures travel only when they describe the GPU (a custom or edited one).
  const figures = gpuEdited(state);
  for (const key of Object.keys(URL_KEYS)) {
    if (key === 'model' || key === 'config' || key === 'params' || key === 'gpu') continue;
    if (GPU_FIELDS.includes(key) && !figures) continue;
    const value = clean(key);
    if (value === defaults[key]) continue;
    if (shapeOf(key, shapeCtx)(value)) put(key, value);
    else if (value !== '') leftOut(key);
  }
  // The compared setups (ctx.compare: their inputs), as their differences from these.
  if (Array.isArray(ctx.compare) && ctx.compare.length) parts.push(encodeCompare(state, ctx.compare, shapeCtx));
  // The Plan view's page-only keys (ctx.page: web/src/plan.js, planLinkState): the view when not the main one, the targets set.
  const pg = ctx.page ?? {};
  if (pg.view === 'plan') parts.push(`${PLAN_KEYS.view}=plan`);
  for (const key of ['max_ttft_ms', 'min_tokens_per_s_user']) if (validTarget(pg[key])) parts.push(`${PLAN_KEYS[key]}=${String(pg[key]).trim()}`);
  // What the plan searches, when not everything: preset ids only (every one chosen is all), a planner's precision.
  const gpus = checkedGpus(pg.gpus, gpuIds);
  if (gpus.length && gpus.length < gpuIds.length) parts.push(`${PLAN_KEYS.gpus}=${gpus.join(',')}`);
  if (PLAN_PRECISIONS.includes(pg.precision)) parts.push(`${PLAN_KEYS.precision}=${pg.precision}`);
  if (pg.allow_tight === true) parts.push(`${PLAN_KEYS.allow_tight}=1`);
  // The page-only key, last: only when the language was chosen (by the toggle or a link).
  if (LANGS.includes(ctx.lang)) parts.push(`${LANG_KEY}=${ctx.lang}`);
  return { query: parts.length ? `?${parts.join('&')}` : '', notices };
}

// ---------------------------------------------------------------------------
// Compare: the second and third setups of the Compare view.
//
// `c1` and `c2` (page keys, like `lang`: not rows of the field table) each hold
// one setup as its differences from the first one, in the table's short link
// keys: `c1=g:mi300x,p:int4` is the first setup on an MI300X at int4. An empty
// value after the colon is an empty input (the core's default: `mb:`); `c1=`
// alone is a plain copy. Each value is checked for shape as the plain keys are;
// a bad or unknown item is dropped with a notice (that input stays the first
// setup's). A custom config.json (`c`) is not carried: a compared setup uses the
// first setup's model text, or a preset, or a size.
// ---------------------------------------------------------------------------

/** The compared setups' link keys, in column order (setup B, setup C). */
export const COMPARE_KEYS = Object.freeze(['c1', 'c2']);
/** A setup's letter by its index (0 is the first setup, the page's main inputs). */
export const SETUP_NAMES = Object.freeze(['A', 'B', 'C']);
const MAX_COMPARE_CHARS = 4096;
const ITEM = /^([a-z0-9]{1,8}):(.*)$/;
/** An empty input is the core's default for a number (the GPU's figures, the engine's knobs), never a choice. */
const mayBeEmpty = (key) => FIELD[key].type !== 'preset' && FIELD[key].type !== 'enum' && key !== 'params';
/** Keeps a value's `:` readable; everything else as encodeURIComponent writes it (no valid value holds a `,`). */
const compareEscape = (v) => encodeURIComponent(v).replace(/%3A/gi, ':');

/**
 * The `c1=…&c2=…` part of a query for the compared setups' inputs, each against
 * the first setup's (base). A value the decoder would refuse is left out (that
 * input then follows the first setup). Returns '' for no setups.
 */
export function encodeCompare(base, setups, ctx = {}) {
  const shapeCtx = { modelIds: ctx.modelIds ?? [], gpuIds: ctx.gpuIds ?? [] };
  const parts = [];
  setups.slice(0, COMPARE_KEYS.length).forEach((values, i) => {
    const items = [];
    const clean = (v) => String(v ?? '').trim();
    for (const key of Object.keys(URL_KEYS)) {
      if (key === 'config') continue;
      const value = clean(values[key]);
      if (key === 'model') {
        // The model choice: a preset by id, a size by `n` (below), a config.json by the first setup's.
        if (values.model === base.model || values.model === PARAMS || values.model === CUSTOM) continue;
      } else if (key === 'params') {
        if (values.model !== PARAMS || (base.model === PARAMS && value === clean(base.params))) continue;
      } else if (value === clean(base[key])) {
        continue;
      }
      if (value === '' ? mayBeEmpty(key) : shapeOf(key, shapeCtx)(value)) items.push(`${URL_KEYS[key]}:${compareEscape(value)}`);
    }
    parts.push(`${COMPARE_KEYS[i]}=${items.join(',')}`);
  });
  return parts.join('&');
}

/**
 * The compared setups of a link: raw is [[key, value], …] for the COMPARE_KEYS
 * found in it, base the first setup's inputs. Resolves to {setups: [inputs, …],
 * notices: [{code, setup, url, label, field}]}; never throws, and a setup only
 * ever holds what the plain keys may hold (known ids, vocabulary words, digits,
 * sizes), or the first setup's own text, or ''.
 */
export function decodeCompare(raw, base, ctx = {}) {
  const shapeCtx = { modelIds: ctx.modelIds ?? [], gpuIds: ctx.gpuIds ?? [] };
  const setups = [];
  const notices = [];
  const byKey = new Map();
  for (const entry of Array.isArray(raw) ? raw : []) {
    if (!Array.isArray(entry) || !COMPARE_KEYS.includes(entry[0])) continue;
    byKey.set(entry[0], byKey.has(entry[0]) ? null : entry[1]);
  }
  for (const name of COMPARE_KEYS) {
    if (!byKey.has(name)) continue;
    const setup = SETUP_NAMES[setups.length + 1];
    const value = byKey.get(name);
    if (value === null || typeof value !== 'string' || value.length > MAX_COMPARE_CHARS) {
      notices.push({ code: value === null ? 'compare_repeated' : 'compare_invalid', setup, url: name, label: name });
      continue;
    }
    const state = { ...base };
    const seen = new Set();
    const applied = new Set();
    for (const item of value === '' ? [] : value.split(',')) {
      const m = ITEM.exec(item);
      const key = m && Object.hasOwn(KEY_OF, m[1]) ? KEY_OF[m[1]] : null;
      if (key === null || key === 'config' || seen.has(key)) {
        notices.push({ code: 'compare_invalid', setup, url: m ? m[1] : name, label: key ? FIELD_LINKS[key].label : name, ...(key ? { field: key } : {}) });
        continue;
      }
      seen.add(key);
      const v = m[2];
      if (v === '' ? mayBeEmpty(key) : shapeOf(key, shapeCtx)(v)) {
        state[key] = v;
        applied.add(key);
      } else {
        notices.push({ code: 'compare_invalid', setup, ...describe(key) });
      }
    }
    // A size chooses the estimate over a preset, as the plain keys do.
    if (applied.has('params')) state.model = PARAMS;
    if (state.model !== CUSTOM) state.config = '';
    setups.push(state);
  }
  return { setups, notices };
}
