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
// lists, numbers by regex); ranges are the core's job, so a link restores
// exactly what was shared, errors included. Nothing here throws, and the result
// only ever holds known ids, vocabulary words, digit strings, sizes (digits, a
// point, an exponent, one suffix letter) or inflated text.

import { CUSTOM, FIELD, FIELDS, GPU_FIELDS, PARAMS, defaultInputs, gpuEdited } from './inputs.js';
import { base64urlToBytes, bytesToBase64url, deflateText, inflateText } from './link/deflate.js';
import { LANGS, t } from './i18n/index.js';
import { PLAN_KEYS, validTarget } from './plan.js';

/**
 * The page-only key: `lang`, the page's language (en, zh-CN). It is no input of
 * the core, so it is not a row of core/fields.json: the codec reads and writes
 * it beside the table's keys. Absent, the browser's language decides.
 */
export const LANG_KEY = 'lang';

/** The Plan view's page-only keys (web/src/plan.js): link name → {key, its check, its label's message}. */
const PAGE_KEY_OF = Object.freeze({
  [PLAN_KEYS.view]: { key: 'view', ok: (v) => v === 'plan' || v === 'main', labelKey: 'plan.views' },
  [PLAN_KEYS.max_ttft_ms]: { key: 'max_ttft_ms', ok: validTarget, labelKey: 'plan.max_ttft_ms' },
  [PLAN_KEYS.min_tokens_per_s_user]: { key: 'min_tokens_per_s_user', ok: validTarget, labelKey: 'plan.min_tokens_per_s_user' },
});

/** Notices in English by default; the page passes ctx.say to keep {code, ...params} and word them itself. */
const english = (code, params) => t(`notice.${code}`, params, 'en');

/** Input key → its short link key, for every row the link carries. */
export const URL_KEYS = Object.freeze(Object.fromEntries(FIELDS.filter((f) => typeof f.url === 'string').map((f) => [f.key, f.url])));
const KEY_OF = Object.fromEntries(Object.entries(URL_KEYS).map(([k, u]) => [u, k]));

export const MAX_QUERY_CHARS = 16 * 1024;
/** Same as the core's RL_CONFIG_MAX_BYTES. */
export const MAX_CONFIG_BYTES = 1024 * 1024;
/** Leaves room for the other keys under MAX_QUERY_CHARS. */
export const MAX_LINK_CONFIG_CHARS = 15 * 1024;

const WHOLE = /^\d{1,9}$/;
const DECIMAL = /^\d{1,7}(\.\d{1,9})?$/;
/** A size as the core reads one: 70B, 7.6b, 1.5T, 350M, 8e9, 70000000000. */
const SIZE = /^(\d{1,16}(\.\d{0,9})?|\.\d{1,9})([eE][+-]?\d{1,3})?[kKmMbBgGtT]?$/;

/** The shape check of each plain key, by its row's type; `ctx` holds the preset id lists. */
function shapeOf(key, ctx) {
  const field = FIELD[key];
  switch (field.type) {
    case 'preset': {
      const ids = field.preset === 'model' ? ctx.modelIds : ctx.gpuIds;
      // A GPU may be "custom" (its figures follow); a custom model travels as c.
      return field.preset === 'gpu' ? (v) => v === CUSTOM || ids.includes(v) : (v) => ids.includes(v);
    }
    case 'size': return (v) => SIZE.test(v);
    case 'enum': return (v) => field.choices.includes(v);
    case 'number': return (v) => DECIMAL.test(v);
    case 'count': return (v) => WHOLE.test(v);
    default: return () => false;
  }
}

function describe(key) {
  return { url: URL_KEYS[key], label: FIELD[key].label, field: key };
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
  const page = {};
  try {
    if (typeof search !== 'string' || search === '' || search === '?') return { state, notices, lang, page };
    if (search.length > MAX_QUERY_CHARS) {
      note('too_long', { kib: Math.ceil(search.length / 1024) });
      return { state, notices, lang, page };
    }
    let params;
    try {
      params = new URLSearchParams(search);
    } catch {
      note('unreadable');
      return { state, notices, lang, page };
    }
    const seen = new Map();
    let unknown = 0;
    let langs = 0;
    const pageSeen = new Map();
    for (const [name, value] of params) {
      if (Object.hasOwn(PAGE_KEY_OF, name)) {
        pageSeen.set(name, pageSeen.has(name) ? null : value);
        continue;
      }
      if (name === LANG_KEY) {
        langs++;
        lang = LANGS.includes(value) && langs === 1 ? value : null;
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
      const { key, ok, labelKey } = PAGE_KEY_OF[name];
      if (value !== null && ok(value)) page[key] = value;
      else note(value === null ? 'repeated' : 'invalid', { url: name, label: t(labelKey, {}, 'en'), labelKey });
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
  } catch {
    // Unreachable by design; a bug here must still leave a usable page.
    note('broken');
    return { state: defaultInputs(modelIds, gpuIds), notices, lang: null, page: {} };
  }
  return { state, notices, lang, page };
}

/** Compressed `c` value for a config text. */
export async function encodeConfig(text) {
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

  if (state.model === CUSTOM) {
    const c = ctx.encodedConfig ?? (state.config ? await encodeConfig(state.config) : '');
    if (c && c.length <= MAX_LINK_CONFIG_CHARS) put('config', c);
    else if (c) notices.push(say('config_too_big_for_link', { code: 'config_too_big_for_link', kib: Math.ceil(c.length / 1024), limit: MAX_LINK_CONFIG_CHARS / 1024 }));
  } else if (state.model === PARAMS) {
    if (shapeOf('params', shapeCtx)(clean('params'))) put('params', clean('params'));
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
    if (value !== defaults[key] && shapeOf(key, shapeCtx)(value)) put(key, value);
  }
  // The Plan view's page-only keys (ctx.page: web/src/plan.js, planLinkState): the view when not the main one, the targets set.
  const pg = ctx.page ?? {};
  if (pg.view === 'plan') parts.push(`${PLAN_KEYS.view}=plan`);
  for (const key of ['max_ttft_ms', 'min_tokens_per_s_user']) if (validTarget(pg[key])) parts.push(`${PLAN_KEYS[key]}=${String(pg[key]).trim()}`);
  // The page-only key, last: only when the language was chosen (by the toggle or a link).
  if (LANGS.includes(ctx.lang)) parts.push(`${LANG_KEY}=${ctx.lang}`);
  return { query: parts.length ? `?${parts.join('&')}` : '', notices };
}
