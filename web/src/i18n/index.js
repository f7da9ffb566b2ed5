// The page's words: one message table per language, keyed by code (en.js,
// zh-CN.js). The core's warnings, remedies, levers and errors are keyed by
// their JSON codes and rendered from their values, never matched by text.
// `lang` is a signal: a component that calls t() re-renders when it changes.
import { signal } from '@preact/signals';
import en from './en.js';
import { FIELD } from '../inputs.js';
import { numberOrText } from '../request.js';
import { integer } from '../format.js';
import { remedyValues, warningValues } from './core-values.js';

/** The tables loaded so far: English always; the others when first needed (their own chunk in the hosted build). */
export const TABLES = { en };
const LOADERS = { 'zh-CN': () => import('./zh-CN.js') };
export const LANGS = Object.freeze(['en', ...Object.keys(LOADERS)]);
/**
 * Each language named in itself, for the toggle, which shows the other language's name while the page
 * speaks this one: it must not wait for that language's table (an English page would say "English").
 */
export const LANG_NAMES = Object.freeze({ en: 'English', 'zh-CN': '中文' });
export const DEFAULT_LANG = 'en';

let laterWords = null;
/**
 * The English rows that only what follows the first verdict shows: the hosted build moves them out
 * of en.js's chunk into en-later.js's (web/build/en-split.js; in the sources that file is empty and
 * en.js whole). The rest of the page, the formulas and the report wait for this before they speak.
 */
export function loadLaterWords() {
  laterWords ??= import('./en-later.js').then(({ default: rows }) => {
    Object.assign(en, rows);
  });
  return laterWords;
}

/** Loads a language's table (once); resolves when t() can speak it. */
export async function loadLang(code) {
  if (!TABLES[code] && LOADERS[code]) TABLES[code] = (await LOADERS[code]()).default;
  return TABLES[code];
}

/** The first of the browser's languages that the page speaks (zh, zh-Hans, zh-SG → zh-CN). */
export function pickLang(preferred) {
  for (const tag of preferred ?? []) {
    const low = String(tag).toLowerCase();
    if (low.startsWith('zh')) return 'zh-CN';
    if (low.startsWith('en')) return 'en';
  }
  return DEFAULT_LANG;
}

export const lang = signal(DEFAULT_LANG);
/** True once the language was chosen (the toggle, or `lang` in a link): then the link carries it. */
export const langChosen = signal(false);

export async function setLang(code, chosen = true) {
  if (!LANGS.includes(code)) return;
  await loadLang(code);
  lang.value = code;
  if (chosen) langChosen.value = true;
  if (typeof document !== 'undefined') {
    document.documentElement.lang = code;
    document.title = t('app.title', {}, code);
  }
}

/**
 * The keys asked for that no table has: t() then shows the key itself, as a label or a sentence.
 * Tests render the page and read this, so a raw key on the page fails one (tests/web/i18n.test.js).
 */
export const missingKeys = new Set();

function lookup(key, code) {
  const table = TABLES[code] ?? en;
  const m = Object.hasOwn(table, key) ? table[key] : Object.hasOwn(en, key) ? en[key] : undefined;
  if (m === undefined) missingKeys.add(key);
  return m;
}

const HOLE = /\{(\w+)\}/g;

/** The message `key` in the page's language, with {name} holes filled from params. */
export function t(key, params = {}, code = lang.value) {
  const m = lookup(key, code);
  if (typeof m === 'function') return m(params);
  if (typeof m !== 'string') return key;
  return m.replace(HOLE, (_, name) => (params[name] === undefined ? '' : String(params[name])));
}

/** Like t(), but a hole may hold a vnode (a <Num>): the result is an array of children. */
export function tx(key, params = {}, code = lang.value) {
  const m = lookup(key, code);
  if (typeof m === 'function') return m(params);
  if (typeof m !== 'string') return key;
  const out = [];
  let last = 0;
  for (const match of m.matchAll(HOLE)) {
    if (match.index > last) out.push(m.slice(last, match.index));
    const v = params[match[1]];
    out.push(v === undefined ? '' : v);
    last = match.index + match[0].length;
  }
  if (last < m.length) out.push(m.slice(last));
  return out;
}

// ---- the core's messages, by code --------------------------------------------

/** The tight warning's variant by what the pool is a share of (config.pool_of); a share of the GPU has none. */
const TIGHT_POOL_OF = { free: '.free', free_at_start: '.start' };

/** A core warning ({code, message}) for the report r: a template filled from the report's values (core-values.js). */
export function warningText(w, r, code = lang.value) {
  // Latent attention replicates the KV for another reason than too few heads; a tight fit with no room
  // left for the KV is an engine that cannot start: each has its own sentence.
  // A pool that is a share of the free memory (TensorRT-LLM's), or of what the CUDA context and NCCL leave
  // (SGLang's), has its own sentences too. The CLI picks the same keys (core/cli/messages.c: warning_key).
  const real = r.memory?.realistic;
  const key =
    w.code === 'kv_replicated_across_tp' && r.model?.mla
      ? `warning.${w.code}.mla`
      : w.code === 'tight'
        ? `warning.tight${real?.kv_room_gib <= 0 ? '.noRoom' : ''}${TIGHT_POOL_OF[r.config?.pool_of] ?? ''}`
        : `warning.${w.code}`;
  return t(key, { w, r, ...warningValues(r) }, code);
}
/** A core remedy ({code, message, value}) for the report r; raising a pool of the free memory has its own sentence. */
export const remedyText = (x, r, code = lang.value) =>
  t(`remedy.${x.code}${x.code === 'raise_pool_fraction' && x.of === 'free' ? '.free' : ''}`, { x, r, ...remedyValues(x, r) }, code);
/** A lint finding ({code, message, values}): worded from its code and values; a "variant" value picks another sentence of the code. */
export function findingText(f, code = lang.value) {
  const key = f.values?.variant ? `lintf.${f.code}.${f.values.variant}` : `lintf.${f.code}`;
  if (!Object.hasOwn(TABLES[code] ?? en, key)) return f.message;
  return t(key, { ...f.values, f }, code);
}
/** A parameters-only lever ({code, message, gain}). */
export const leverText = (l, code = lang.value) => t(`lever.${l.code}`, { l }, code);

/** A bound of the field table (1048576, 1e6, 0.001) as the page writes figures: 1,048,576; 1,000,000; 0.001. */
const bound = (v) => (Number.isInteger(v) && Math.abs(v) >= 1e4 ? integer(v) : String(v));

/**
 * The text typed for a count or number row (values: the inputs as typed, by key) when it reads
 * as a number outside the row's range, or a fraction for a count; else null. Only then is the
 * core's range the field table's: a value within it broke another rule (micro_batches ≤ batch).
 */
function typedOutOfRange(row, values) {
  if (!row || (row.type !== 'count' && row.type !== 'number') || !values) return null;
  const text = String(values[row.key] ?? '').trim();
  const v = numberOrText(text);
  if (typeof v !== 'number') return null;
  return v < row.min || v > row.max || (row.type === 'count' && !Number.isInteger(v)) ? text : null;
}

/**
 * The core's error ({code, field, message}): by its status name and field. `values` (optional):
 * the inputs as typed, by key. A count or number out of its range is then said with the value as
 * the user gave it (1048577, 9999999), where the core's sentence prints it as %g (1.04858e+06, 1e+07).
 */
export function errorText(e, code = lang.value, values = undefined) {
  if (!e) return '';
  const field = e.field ? fieldLabel(e.field, code) : '';
  // The field table's range for the field at fault (the core's message states the same one).
  const row = FIELD[e.field];
  const given = (e.code === 'range' || e.code === 'not_integer') ? typedOutOfRange(row, values) : null;
  if (given !== null) {
    const unit = unitText(row.unit, code);
    return t(`error.${e.code}.${row.type}`, { field, min: bound(row.min), max: bound(row.max), unit: unit ? ` ${unit}` : '', given }, code);
  }
  // The rule broken, worded from its code and the error's figures (the core's why and values).
  const why = e.why ? `error.why.${e.why}` : '';
  if (why && Object.hasOwn(TABLES[code] ?? en, why)) return t(why, { e, ...e.values, field, message: e.message }, code);
  const bounds = `error.${e.code}.bounds`;
  const range = row && row.min !== undefined && row.max !== undefined && Object.hasOwn(TABLES[code] ?? en, bounds)
    ? t(bounds, { min: bound(row.min), max: bound(row.max) }, code)
    : '';
  return t(`error.${e.code}`, { e, field, range, message: e.message }, code);
}

/**
 * A unit by its code, as core/fields.json's rows and the core's assumptions name it (requests/day,
 * fraction, USD/GPU-hour): its word in the page's language (unitName.<code>); the code when no table has
 * it, and the key then counts as missing.
 */
export function unitText(unit, code = lang.value) {
  if (!unit) return '';
  const key = `unitName.${unit}`;
  if (Object.hasOwn(TABLES[code] ?? en, key) || Object.hasOwn(en, key)) return t(key, {}, code);
  missingKeys.add(key);
  return unit;
}

// The keys of the labels the form gives the fields that have no field.<key> row: the workload's and the
// engine's fields by their group, and two by name. One vocabulary: an error, a link notice or the report
// in another language names such a field as its form does.
const FORM_LABEL = { engine: 'engine.select', 'gpu.link_gbs': 'gpu.link' };

/**
 * A form field's name, by its request key; a config.json key as written. English names a field by its
 * key (the core's messages do) unless it has a field.<key> row; another language by its own words.
 */
export function fieldLabel(key, code = lang.value) {
  const table = TABLES[code] ?? en;
  const own = [`field.${key}`];
  if (table !== en) own.push(FORM_LABEL[key] ?? `${FIELD[key]?.group}.${key}`);
  const k = own.find((x) => Object.hasOwn(table, x));
  return k ? table[k] : key;
}

/** A link notice, {code, ...params}, or a plain string from older callers. */
export function noticeText(n, code = lang.value) {
  if (typeof n === 'string') return n;
  // The field's name in the page's language when the table has one (the field table's label otherwise).
  const table = TABLES[code] ?? en;
  const label = (n.field && table[`field.${n.field}`]) || (n.labelKey && t(n.labelKey, {}, code)) || n.label;
  return t(`notice.${n.code}`, { ...n, label }, code);
}

