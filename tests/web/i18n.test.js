// Every message code in both languages. The core's codes are read from the
// core itself (its code tables in core/src, counted against roofline.h), and
// every vector is run through the wasm core so that each warning, remedy, lever
// and error it reports is worded in zh-CN from its code and values: no English
// left, no hole unfilled, and every number of the core's own sentence kept.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ROOT, loadTestCore } from './core.js';
import { LANG_NAMES, LANGS, TABLES, errorText, fieldLabel, findingText, leverText, loadLang, noticeText, pickLang, remedyText, t, warningText } from '../../web/src/i18n/index.js';
import { LANG_KEY, decodeLink, encodeLink } from '../../web/src/url-codec.js';
import { defaultInputs } from '../../web/src/inputs.js';

const read = (path) => readFileSync(new URL(path, ROOT), 'utf8');
const header = read('core/include/roofline.h');
const common = read('core/src/common.c');
const estimate = read('core/src/estimate.c');

/** The string literals of a C array `name[...] = { ... };`. */
function cArray(source, name) {
  const m = source.match(new RegExp(`\\b${name}\\[[^\\]]*\\]\\s*=\\s*\\{([\\s\\S]*?)\\};`));
  if (!m) throw new Error(`no C array ${name}`);
  return [...m[1].matchAll(/"([^"]*)"/g)].map((x) => x[1]);
}
const count = (name) => Number(header.match(new RegExp(`\\b${name}\\s*=\\s*(\\d+)`))[1]);

const CODES = {
  warning: cArray(common, 'warning_codes'),
  remedy: cArray(common, 'remedy_codes'),
  error: cArray(common, 'status_names'),
  lever: cArray(estimate, 'lever_codes'),
  // The rule an input broke (rl_why), worded as error.why.<name>; the first entry is RL_WHY_NONE's "".
  'error.why': cArray(common, 'why_names').filter(Boolean),
};

// Every table but English loads on demand (the page loads the one it speaks).
for (const code of LANGS) await loadLang(code);
const zh = TABLES['zh-CN'];
const en = TABLES.en;
const CJK = /[\u4e00-\u9fff]/;
const NUMBER = /\d+(?:\.\d+)?/g;

// The lint's finding codes, as core/src/lint.c adds them.
const LINT_CODES = [...new Set([...read('core/src/lint.c').matchAll(/add_finding\(l, "(\w+)"/g)].map((m) => m[1]))];

test('the code tables read from the core are complete (counted against roofline.h)', () => {
  expect(CODES.warning).toHaveLength(count('RL_WARN_COUNT_'));
  expect(CODES.remedy).toHaveLength(count('RL_REMEDY_COUNT_'));
  expect(CODES.lever).toHaveLength(count('RL_LEVER_COUNT_'));
  expect(CODES['error.why']).toHaveLength(count('RL_WHY_COUNT_') - 1);
  expect(CODES.error.length).toBeGreaterThanOrEqual(15);
});

test('every language has its own name for the toggle, and only the languages the page speaks', () => {
  expect(Object.keys(LANG_NAMES).sort()).toEqual([...LANGS].sort());
  // Named in itself: the Chinese name in Chinese characters, the English one in none.
  expect(LANG_NAMES['zh-CN']).toMatch(CJK);
  expect(LANG_NAMES.en).not.toMatch(CJK);
});

describe('every core code has a message in every language', () => {
  for (const [kind, codes] of Object.entries(CODES)) {
    for (const code of codes) {
      test(`${kind}.${code}`, () => {
        for (const lang of LANGS) expect(Object.hasOwn(TABLES[lang], `${kind}.${code}`), `${lang}: ${kind}.${code}`).toBe(true);
      });
    }
  }
});

describe('every lint finding code has a message in every language', () => {
  test('the lint has finding codes', () => expect(LINT_CODES.length).toBeGreaterThanOrEqual(20));
  for (const code of LINT_CODES) {
    test(`lintf.${code}`, () => {
      for (const lang of LANGS) expect(Object.hasOwn(TABLES[lang], `lintf.${code}`), `${lang}: lintf.${code}`).toBe(true);
    });
  }
});

test('both tables have the same keys (zh-CN adds only field names for errors)', () => {
  const enKeys = Object.keys(en).sort();
  const zhKeys = Object.keys(zh).filter((k) => !k.startsWith('field.')).sort();
  expect(zhKeys).toEqual(enKeys);
});

// The comparison above cannot see a key that neither table has. The keys the sources name
// literally are checked here; the ones a component builds (realistic.${key}, from the field
// table) by rendering the page in each language: tests/web/page-text.test.js.
test("every key the page's sources name literally, t('…') or tx('…'), is in both tables", () => {
  const src = new URL('web/src/', ROOT);
  const files = readdirSync(src, { recursive: true }).filter((f) => /\.(js|jsx)$/.test(f));
  const named = new Set();
  for (const f of files) for (const m of read(`web/src/${f}`).matchAll(/\btx?\(\s*'([A-Za-z][\w.-]*)'/g)) named.add(m[1]);
  expect(named.size).toBeGreaterThan(300);
  expect([...named].filter((k) => !Object.hasOwn(en, k) || !Object.hasOwn(zh, k))).toEqual([]);
});

test('every zh-CN message is Chinese, and its holes are the English holes', () => {
  const holes = (m) => (typeof m === 'string' ? [...m.matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort() : null);
  const untranslated = [];
  for (const [key, m] of Object.entries(zh)) {
    if (typeof m === 'string') {
      // Units, symbols and formulas are the same in both: a message with letters only in symbols is allowed.
      const words = m.replace(/\{\w+\}/g, '').replace(/[A-Za-z_]+\([^)]*\)|\b(?:[A-Z]{2,}|[a-z]+_[a-z_]+|tp|pp|tok\/s|ms|fp\d+|int\d|tokens?|rope|top|KV|AI|MoE|MLA|TTFT|GiB|GB\/s|FLOP|byte|Hugging|Face|macOS|iogpu|vLLM|config\.json|base64url|UTF|union|distinct|latent|sysctl|S|B|T|L|H|V|M|N|W|b|d|q|k|E|e|g)\b/g, '');
      if (/[a-z]{3,}/i.test(words) && !CJK.test(m)) untranslated.push(key);
      if (key in en && typeof en[key] === 'string') expect(holes(m), key).toEqual(holes(en[key]));
    }
  }
  expect(untranslated).toEqual([]);
});

// The core's own reports: every warning, remedy, lever and error the vectors make it give.
const core = await loadTestCore();
const seen = { warning: new Map(), remedy: new Map(), lever: new Map(), error: new Map(), why: new Map() };
for (const file of readdirSync(new URL('tests/vectors/', ROOT)).filter((n) => n.endsWith('.json'))) {
  for (const v of JSON.parse(read(`tests/vectors/${file}`)).vectors ?? []) {
    const request = typeof v.request_text === 'string' ? v.request_text : v.input;
    if (request === undefined) continue;
    const r = core.analyze(request, typeof v.config_text === 'string' ? v.config_text : undefined);
    if (r.error) seen.error.set(`${r.error.code}:${r.error.field}`, r.error);
    if (r.error?.why) seen.why.set(`${r.error.why}:${v.name}`, r.error);
    for (const w of r.warnings ?? []) seen.warning.set(`${w.code}:${v.name}`, [w, r]);
    for (const x of r.remedies ?? []) seen.remedy.set(`${x.code}:${v.name}`, [x, r]);
    for (const l of r.estimate?.levers ?? []) seen.lever.set(l.code, l);
  }
}

// Every finding the lint vectors make the core give, with its values.
const findings = new Map();
for (const v of JSON.parse(read('tests/vectors/lint.json')).vectors) {
  const request = typeof v.request_text === 'string' ? v.request_text : JSON.stringify(v.input ?? {});
  const out = core.lint(v.lint, request, typeof v.config_text === 'string' ? v.config_text : undefined);
  for (const f of out.lint?.findings ?? []) findings.set(`${f.code}.${f.values?.variant ?? ''}:${v.name}`, f);
}

describe('lint findings in zh-CN: from the code and values, numbers kept', () => {
  for (const [key, f] of findings) {
    test(key, () => {
      const text = findingText(f, 'zh-CN');
      expect(text).toMatch(CJK);
      expect(text).not.toMatch(/undefined|NaN|\{\w+\}/);
      expect(text).not.toBe(f.message);
      expect(findingText(f, 'en')).toBe(f.message);
      // The numbers of the English sentence, but the lint's own limits and a model name's digits, are in the Chinese one.
      for (const x of Object.values(f.values ?? {}).filter((x) => /^\d+(?:\.\d+)?$/.test(x))) expect(text, `${x} of "${f.message}"`).toContain(x);
    });
  }
});

test('the vectors reach every warning, remedy and lever code the core has', () => {
  const reached = (map) => new Set([...map.keys()].map((k) => k.split(':')[0]));
  expect([...reached(seen.warning)].sort()).toEqual([...CODES.warning].sort());
  expect([...reached(seen.remedy)].sort()).toEqual([...CODES.remedy].sort());
  expect([...seen.lever.keys()].sort()).toEqual([...CODES.lever].sort());
});

// The whys no request can reach: a config's layer_types counts each layer once, so linear-attention
// and sliding layers cannot outnumber the layers, and Mamba and linear attention belong to different
// model_types (both are reached through the C API in api_test); a preset whose config and checkpoint
// disagree, or that has no sourced bandwidth, is a broken preset file, and none ships.
// window_over_positions is retired: a window past max_position_embeddings is read as full attention, not refused.
// full_module is the hosted page's verdict module's alone (core/src/internal.h, RL_FULL; tests/web/exports.test.js reaches it).
const WHY_UNREACHABLE = ['linear_sliding_layers', 'mamba_with_linear', 'preset_params', 'gpu_no_bandwidth', 'window_over_positions', 'full_module'];

test('the vectors reach every why the core has, but those no request can reach', () => {
  const reached = new Set([...seen.why.keys()].map((k) => k.split(':')[0]));
  expect([...reached].sort()).toEqual(CODES['error.why'].filter((w) => !WHY_UNREACHABLE.includes(w)).sort());
});

describe('an error that says which rule it broke is worded in zh-CN from its why and values, numbers kept', () => {
  for (const [key, e] of seen.why) {
    test(key, () => {
      const text = errorText(e, 'zh-CN');
      expect(text).toMatch(CJK);
      expect(text).not.toMatch(/undefined|NaN|\{\w+\}/);
      expect(text).not.toBe(t(`error.${e.code}`, { field: '' }, 'zh-CN').trim());
      expect(errorText(e, 'en')).toBe(e.message);
      // Each figure the core names is in the sentence as the core printed it (a value of words, such as
      // a model_type or a preset id, is said where the sentence needs it).
      for (const x of Object.values(e.values ?? {}).filter((x) => /^-?\d/.test(x))) expect(text, `${x} of "${e.message}"`).toContain(x);
    });
  }
});

/** The numbers of the core's English sentence: the zh-CN sentence keeps each, written the same way. */
const numbersOf = (text) => text.match(NUMBER) ?? [];

describe('warnings and remedies in zh-CN: from the code and values, numbers kept', () => {
  for (const kind of ['warning', 'remedy']) {
    for (const [key, [item, r]] of seen[kind]) {
      test(`${kind} ${key}`, () => {
        const text = kind === 'warning' ? warningText(item, r, 'zh-CN') : remedyText(item, r, 'zh-CN');
        expect(text).toMatch(CJK);
        expect(text).not.toMatch(/undefined|NaN|\{\w+\}/);
        const english = kind === 'warning' ? warningText(item, r, 'en') : remedyText(item, r, 'en');
        expect(english).toBe(item.message);
        let wanted = numbersOf(item.message);
        // max_position_embeddings is not in the report JSON: the zh-CN sentence names it without its value.
        if (item.code === 'seq_over_max_positions') wanted = wanted.slice(0, 1);
        for (const x of wanted) expect(text, `${x} of "${item.message}"`).toContain(x);
        // The format an engine lacks is named as the core names it (an MXFP4 checkpoint's experts: mxfp4, not bf16).
        const format = item.message.match(/ has no (\S+) format for the /)?.[1];
        if (format) expect(text, `${format} of "${item.message}"`).toContain(` ${format} `);
        // Raising a pool names the engine's own setting, in both languages (TensorRT-LLM's is of the free memory).
        if (item.setting) for (const said of [text, english]) expect(said).toContain(item.setting);
      });
    }
  }
  for (const [code, l] of seen.lever) {
    test(`lever ${code}`, () => {
      expect(leverText(l, 'zh-CN')).toMatch(CJK);
      expect(leverText(l, 'en')).toBe(l.message);
    });
  }
});

test('every field of the table has a name in zh-CN, from its field row or its form label (errors, notices and the report use it)', () => {
  const TERMS = new Set(['config', 'gpu', 'tp', 'pp']); // config.json, GPU, tp, pp: the same in both languages
  const fields = JSON.parse(read('core/fields.json')).fields;
  const unnamed = fields.filter((f) => !TERMS.has(f.key) && !CJK.test(fieldLabel(f.key, 'zh-CN'))).map((f) => f.key);
  expect(unnamed).toEqual([]);
  // English keeps naming a field by its request key, as the core's messages do.
  expect(fieldLabel('requests_per_day', 'en')).toBe('requests_per_day');
});

test('a tight fit with no room left for the KV says so, in both languages, with no negative size', () => {
  const noRoom = [...seen.warning.values()].filter(([w, r]) => w.code === 'tight' && r.memory.realistic.kv_room_gib <= 0);
  expect(noRoom.length).toBeGreaterThan(0);
  for (const [w, r] of noRoom) {
    for (const lang of ['en', 'zh-CN']) {
      const text = warningText(w, r, lang);
      expect(text, lang).not.toMatch(/-\d/);
      expect(text, lang).toContain(String((-r.memory.realistic.kv_room_gib).toFixed(2)));
    }
  }
});

// SGLang's pool is a share of what the CUDA context and NCCL leave (config.pool_of "free_at_start"): its tight
// warning has its own sentences ('warning.tight.start', 'warning.tight.noRoom.start'), as the CLI picks them
// (core/cli/messages.c: warning_key), and the zh-CN one names that memory, the report's free_at_start_gib.
describe('a tight fit under SGLang: its own sentences, with the memory its pool is a share of', () => {
  const CASES = {
    room: { model: 'qwen3-32b', gpu: 'h100-sxm', batch: 10, engine: 'sglang' },
    noRoom: { model: 'llama-3-70b', gpu: 'h100-sxm', precision: 'fp8', engine: 'sglang' },
    'room, tp 2': { model: 'llama-3.1-70b', gpu: 'h100-sxm', tp: 2, precision: 'fp8', batch: 32, seq: 8192, engine: 'sglang' },
  };
  const tightOf = (request) => {
    const r = core.analyze(request);
    return [r.warnings.find((w) => w.code === 'tight'), r];
  };

  test.each(Object.keys(CASES))('%s', (name) => {
    const [w, r] = tightOf(CASES[name]);
    expect(r.verdict).toBe('tight');
    expect(r.config.pool_of).toBe('free_at_start');
    const real = r.memory.realistic;
    expect(real.kv_room_gib <= 0).toBe(name === 'noRoom');
    // The figure as the core prints it (%.2f), from the inputs: VRAM − context − NCCL per peer × (GPUs − 1).
    const c = r.config;
    const free = (r.gpu.vram_gib - c.context_reserve_gib - c.nccl_gib_per_peer * (c.tp * c.pp - 1)).toFixed(2);
    expect(real.free_at_start_gib.toFixed(2)).toBe(free);
    expect(w.message).toContain(`of the ${free} GiB the CUDA context and NCCL leave`);
    expect(warningText(w, r, 'en')).toBe(w.message);
    const zhText = warningText(w, r, 'zh-CN');
    expect(zhText).toContain(`CUDA 上下文和 NCCL 剩下的 ${free} GiB 的 ${(c.pool_fraction * 100).toFixed(0)}%`);
    expect(zhText).not.toMatch(/undefined|NaN|\{\w+\}/);
    for (const x of numbersOf(w.message)) expect(zhText, `${x} of "${w.message}"`).toContain(x);
    // Not the sentences of a share of the GPU ('warning.tight') or of the free memory ('.free').
    expect(zhText).not.toContain('GPU 的');
    expect(zhText).not.toContain('剩下的空闲内存');
  });

  test('the variant follows config.pool_of: the same report read as a share of the GPU or of the free memory has their sentences', () => {
    const [w, r] = tightOf(CASES.room);
    const as = (of) => warningText(w, { ...r, config: { ...r.config, pool_of: of } }, 'zh-CN');
    const pct = `${(r.config.pool_fraction * 100).toFixed(0)}%`;
    expect(as('free_at_start')).toContain(`剩下的 ${r.memory.realistic.free_at_start_gib.toFixed(2)} GiB 的 ${pct}`);
    expect(as('gpu')).toContain(`引擎的内存池（GPU 的 ${pct}）`);
    expect(as('gpu')).not.toContain('CUDA 上下文和 NCCL');
    expect(as('free')).toContain(`剩下的空闲内存的 ${pct}`);
  });

  test('raising the pool: of what the context and NCCL leave, with its setting, in both languages', () => {
    const [, r] = tightOf(CASES.room);
    const x = r.remedies.find((m) => m.code === 'raise_pool_fraction');
    expect(x.of).toBe('free_at_start');
    expect(remedyText(x, r, 'en')).toBe(x.message);
    const zhText = remedyText(x, r, 'zh-CN');
    expect(zhText).toMatch(CJK);
    for (const said of [zhText, x.message]) expect(said).toContain(x.setting);
    expect(zhText).toContain(x.value.toFixed(2));
  });
});

test('every error status the vectors produce is worded in zh-CN with its field', () => {
  expect(seen.error.size).toBeGreaterThan(10);
  for (const e of seen.error.values()) {
    const text = errorText(e, 'zh-CN');
    expect(text, e.code).toMatch(CJK);
    expect(text).not.toMatch(/undefined|\{\w+\}/);
    expect(errorText(e, 'en')).toBe(e.message);
  }
  // A range error keeps the range the core states, from the same field table.
  const batch = core.analyze({ model: 'qwen3-4b', gpu: 'a100-40g', batch: 0 }).error;
  expect(batch.message).toMatch(/1048576/);
  expect(errorText(batch, 'zh-CN')).toMatch(/批次.*1 到 1,048,576/);
});

describe('a count or number out of its range is said with the value as typed, never as the core\'s %g', () => {
  const FIELDS = JSON.parse(read('core/fields.json')).fields.filter((f) => (f.type === 'count' || f.type === 'number') && typeof f.url === 'string');
  const base = { model: 'qwen3-4b', gpu: 'h100-sxm' };
  // Each row just past its max, typed as a person would: 1048577, 9999999.
  const past = (f) => (f.type === 'count' ? String(f.max + 1) : String(f.max * 10 - 1));
  /** The request the page sends for one typed value (the GPU's figures make a custom GPU). */
  const request = (f, text) => {
    if (!f.key.startsWith('gpu.')) return { ...base, ...(f.group === 'workload' ? { requests_per_day: 10, input_tokens: 10, output_tokens: 10 } : {}), [f.key]: Number(text) };
    return { model: 'qwen3-4b', gpu: { tflops: 100, bandwidth_gbs: 900, vram_gib: 80, [f.key.slice(4)]: Number(text) } };
  };

  test('the reported cases: ?b=1048577 and tf=9999999', () => {
    const b = core.analyze({ ...base, batch: 1048577 }).error;
    expect(b.message).toMatch(/\(got 1048577\)$/); // the core echoes it to its last digit too
    expect(errorText(b, 'en', { batch: '1048577' })).toBe('batch must be an integer from 1 to 1,048,576 requests (got 1048577)');
    expect(errorText(b, 'zh-CN', { batch: '1048577' })).toBe('批次 超出有效范围：须为 1 到 1,048,576 个请求之间的整数（输入为 1048577）。');
    const tf = core.analyze({ model: 'qwen3-4b', gpu: { tflops: 9999999, bandwidth_gbs: 100, vram_gib: 40 } }).error;
    expect(tf.message).toMatch(/\(got 9999999\)$/);
    expect(errorText(tf, 'en', { 'gpu.tflops': '9999999' })).toBe('gpu.tflops must be a number from 0.001 to 1,000,000 TFLOPS (got 9999999)');
  });

  test.each(FIELDS.map((f) => [f.key, f]))('%s', (key, f) => {
    const text = past(f);
    const e = core.analyze(request(f, text)).error;
    expect(e, `${key}=${text}`).toBeDefined();
    expect(e.field).toBe(key);
    for (const code of LANGS) {
      const said = errorText(e, code, { [key]: text });
      expect(said, code).toContain(text);
      expect(said, code).not.toMatch(/\de[+-]\d/);
    }
  });

  test('a value within the range that breaks another rule keeps the core\'s sentence; so does an error without the typed values', () => {
    const e = core.analyze({ ...base, pp: 2, batch: 4, micro_batches: 8 }).error;
    expect(e.field).toBe('micro_batches');
    expect(errorText(e, 'en', { micro_batches: '8', batch: '4', pp: '2' })).toBe(e.message);
    const b = core.analyze({ ...base, batch: 1048577 }).error;
    expect(errorText(b, 'en')).toBe(b.message);
  });
});

test('a missing translation fails: a table without one key is caught', () => {
  const broken = { ...zh };
  delete broken['warning.tight'];
  expect(Object.hasOwn(broken, `warning.${CODES.warning.find((c) => c === 'tight')}`)).toBe(false);
  expect(t('level.fits', {}, 'zh-CN')).toBe('装得下');
  expect(t('level.fits', {}, 'en')).toBe('Fits');
});

test('the language comes from the browser: zh of any region is zh-CN, otherwise English', () => {
  expect(pickLang(['zh-TW', 'en'])).toBe('zh-CN');
  expect(pickLang(['fr-FR', 'zh-CN'])).toBe('zh-CN');
  expect(pickLang(['en-US', 'zh-CN'])).toBe('en');
  expect(pickLang(['fr'])).toBe('en');
  expect(pickLang([])).toBe('en');
});

describe('lang in the link: a page-only key beside core/fields.json', () => {
  const ctx = { modelIds: ['qwen3-4b'], gpuIds: ['a100-40g'] };
  test('is read, kept apart from the inputs, and written only when chosen', async () => {
    const { state, notices, lang } = await decodeLink('?m=qwen3-4b&lang=zh-CN', ctx);
    expect(lang).toBe('zh-CN');
    expect(notices).toEqual([]);
    expect(state).toEqual(defaultInputs(ctx.modelIds, ctx.gpuIds));
    expect((await encodeLink(state, { ...ctx, lang: 'zh-CN' })).query).toBe('?m=qwen3-4b&g=a100-40g&lang=zh-CN');
    expect((await encodeLink(state, ctx)).query).toBe('?m=qwen3-4b&g=a100-40g');
    expect(LANG_KEY).toBe('lang');
    const fields = JSON.parse(read('core/fields.json')).fields;
    expect(fields.some((f) => f.url === LANG_KEY)).toBe(false);
  });
  test('zh, the CLI\'s word for it (--lang zh), is read as zh-CN, and written back as zh-CN', async () => {
    const { state, notices, lang } = await decodeLink('?m=qwen3-4b&lang=zh', ctx);
    expect(lang).toBe('zh-CN');
    expect(notices).toEqual([]);
    expect((await encodeLink(state, { ...ctx, lang })).query).toBe('?m=qwen3-4b&g=a100-40g&lang=zh-CN');
  });
  test('a bad or repeated value is ignored with a notice, and never reaches the page', async () => {
    for (const q of ['?lang=%3Cscript%3E', '?lang=fr', '?lang=en&lang=zh-CN', '?lang=zh&lang=zh', '?lang=constructor', '?lang=ZH']) {
      const { lang, notices } = await decodeLink(q, ctx);
      expect(lang).toBe(null);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatch(/“lang”/);
    }
  });
});

test('link notices are worded in the page language, field names included', async () => {
  const ctx = { modelIds: ['qwen3-4b'], gpuIds: ['a100-40g'], say: (code, params) => params };
  const { notices } = await decodeLink('?b=zz&lang=fr&x=1', ctx);
  expect(notices.map((n) => n.code).sort()).toEqual(['invalid', 'invalid', 'unknown']);
  const zhText = notices.map((n) => noticeText(n, 'zh-CN')).join(' ');
  expect(zhText).toMatch(/“b”（批次）/);
  expect(zhText).toMatch(/“lang”（语言）/);
  const enText = notices.map((n) => noticeText(n, 'en')).join(' ');
  expect(enText).toMatch(/“b” \(batch\) in the link is not a valid value/);
  expect(enText).not.toMatch(CJK);
});
