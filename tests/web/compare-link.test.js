// The Compare view's link: setups B and C as their differences from A (c1, c2),
// in the field table's short keys. Round trips, shape checks, notices, no script.
import { describe, expect, test } from 'vitest';
import { COMPARE_KEYS, URL_KEYS, decodeCompare, decodeLink, encodeCompare, encodeLink } from '../../web/src/url-codec.js';
import { CUSTOM, FIELD, INPUT_KEYS, PARAMS, defaultInputs } from '../../web/src/inputs.js';
import { TABLES, loadLang, noticeText } from '../../web/src/i18n/index.js';

await loadLang('zh-CN');

const modelIds = ['qwen3-8b', 'qwen3-4b', 'llama-3-70b'];
const gpuIds = ['h100-sxm', 'mi300x', 'a100-40g'];
const ctx = { modelIds, gpuIds };
/** Notices kept as {code, ...params}, as the page reads them (the default words them in English). */
const raw = { ...ctx, say: (code, params) => params };
const defaults = defaultInputs(modelIds, gpuIds);
const A = { ...defaults, model: 'qwen3-8b', gpu: 'h100-sxm', precision: 'fp8' };

async function roundTrip(base, setups) {
  const { query } = await encodeLink(base, { ...ctx, compare: setups });
  return { query, ...(await decodeLink(query, ctx)) };
}

describe('round trips', () => {
  test('two setups: the same model on another GPU and precision', async () => {
    const B = { ...A, gpu: 'mi300x', precision: 'int4' };
    const { query, state, compare, notices } = await roundTrip(A, [B]);
    expect(query).toContain('c1=g:mi300x,p:int4');
    expect(notices).toEqual([]);
    expect(state).toEqual(A);
    expect(compare).toEqual([B]);
  });

  test('three setups, every input the column edits, an emptied field, a size and a custom GPU', async () => {
    const B = { ...A, model: 'llama-3-70b', kv_precision: 'int4', seq: '8192', batch: '16', tp: '4', pp: '2', engine: 'llama.cpp', micro_batches: '' };
    const C = { ...A, model: PARAMS, params: '70B', gpu: CUSTOM, 'gpu.bandwidth_gbs': '3350', 'gpu.vram_gib': '80', 'gpu.tflops': '989.5' };
    const { compare, notices } = await roundTrip({ ...A, micro_batches: '2' }, [B, C]);
    expect(notices).toEqual([]);
    expect(compare).toEqual([B, C]);
  });

  test('a copy of A is an empty c1; no setups, no c1', async () => {
    expect((await roundTrip(A, [{ ...A }])).query).toMatch(/[?&]c1=(&|$)/);
    expect((await roundTrip(A, [{ ...A }])).compare).toEqual([A]);
    const { query, compare } = await roundTrip(A, []);
    expect(query).not.toMatch(/c1=/);
    expect(compare).toEqual([]);
  });

  test('each setup is read over A as the link gives it, not over the defaults', async () => {
    const { compare } = await decodeLink('?m=qwen3-8b&g=h100-sxm&b=4&c1=g:mi300x&c2=b:8', ctx);
    expect(compare.map((s) => [s.model, s.gpu, s.batch])).toEqual([['qwen3-8b', 'mi300x', '4'], ['qwen3-8b', 'h100-sxm', '8']]);
  });

  test('the compare keys are no row of the field table', () => {
    for (const key of COMPARE_KEYS) expect(Object.values(URL_KEYS)).not.toContain(key);
  });
});

describe('hostile and broken values', () => {
  const payloads = ['<script>window.__pwned=1</script>', 'javascript:alert(1)', '"><img src=x onerror=alert(1)>', '../../etc/passwd', '\u0000\u202e', '1e309', '-1'];
  test.each(payloads)('%s as every item of c1 and as c2 whole', async (payload) => {
    const items = Object.values(URL_KEYS).map((k) => `${k}:${encodeURIComponent(payload)}`).join(',');
    const { state, compare, notices } = await decodeLink(`?m=qwen3-8b&c1=${items}&c2=${encodeURIComponent(payload)}`, ctx);
    expect(state.model).toBe('qwen3-8b');
    expect(notices.length).toBeGreaterThan(0);
    expect(JSON.stringify(compare)).not.toContain('<');
    expect(JSON.stringify(notices)).not.toContain(payload.length > 3 ? payload : '\u0000never');
    for (const setup of compare) {
      expect(Object.keys(setup).sort()).toEqual([...INPUT_KEYS].sort());
      expect([...modelIds, CUSTOM, PARAMS]).toContain(setup.model);
      expect([...gpuIds, CUSTOM]).toContain(setup.gpu);
      expect(FIELD.precision.choices).toContain(setup.precision);
      expect(FIELD.engine.choices).toContain(setup.engine);
      for (const key of ['seq', 'batch', 'tp', 'pp']) expect(setup[key]).toMatch(/^\d{0,9}$/);
    }
  });

  test('a bad item is dropped with a notice naming the setup and the key; the rest apply', async () => {
    const { compare, notices } = await decodeLink('?m=qwen3-8b&g=h100-sxm&c1=g:no-such-gpu,b:8,zz:1,c:abc,m:,p:int4', raw);
    expect(compare).toHaveLength(1);
    expect(compare[0]).toMatchObject({ gpu: 'h100-sxm', batch: '8', model: 'qwen3-8b', precision: 'int4' });
    expect(notices.map((n) => [n.code, n.setup, n.url])).toEqual([
      ['compare_invalid', 'B', 'g'], ['compare_invalid', 'B', 'zz'], ['compare_invalid', 'B', 'c'], ['compare_invalid', 'B', 'm'],
    ]);
  });

  test('a repeated c1, a repeated item and an oversized value', async () => {
    const repeated = await decodeLink('?m=qwen3-8b&c1=b:2&c1=b:4&c2=b:8,b:9', raw);
    expect(repeated.compare.map((s) => s.batch)).toEqual(['8']);
    expect(repeated.notices.map((n) => n.code)).toEqual(['compare_repeated', 'compare_invalid']);
    const big = await decodeLink(`?c1=b:${'9'.repeat(5000)}`, raw);
    expect(big.compare).toEqual([]);
    expect(big.notices.map((n) => n.code)).toEqual(['compare_invalid']);
    // A third compared setup is no key of the page: an unknown setting.
    expect((await decodeLink('?c3=b:2', raw)).notices.map((n) => n.code)).toEqual(['unknown']);
  });

  test('the notices are worded in both languages', async () => {
    const { notices } = await decodeLink('?c1=b:x&c1=b:y', raw);
    const again = await decodeLink('?c2=g:nope', raw);
    expect(notices.length + again.notices.length).toBe(2);
    for (const n of [...notices, ...again.notices]) {
      for (const lang of ['en', 'zh-CN']) {
        expect(TABLES[lang]).toBeTruthy();
        const text = noticeText(n, lang);
        expect(text).not.toMatch(/\{\w+\}|notice\./);
      }
    }
  });

  test('decodeCompare alone never throws on junk', () => {
    for (const raw of [null, undefined, 'c1', [5], [null], [['c1', 5]], [['c1', null]], [['x', 'b:1']], [['c1', 'b:1,'.repeat(900)]]]) {
      expect(() => decodeCompare(raw, A, ctx)).not.toThrow();
    }
    expect(encodeCompare(A, [], ctx)).toBe('');
  });
});
