// The share-link codec: exact round trips, and a decoder that nothing in a URL
// can make throw, hang or pass through unchecked.
import { deflateRawSync } from 'node:zlib';
import { describe, expect, test, vi } from 'vitest';
import { decodeLink, encodeLink, encodeConfig, MAX_CONFIG_BYTES, MAX_QUERY_CHARS, URL_KEYS } from '../../web/src/url-codec.js';
import { base64urlToBytes, bytesToBase64url, inflateText } from '../../web/src/link/deflate.js';
import { CUSTOM, FIELD, FIELDS, GPU_LIMITS, INPUT_KEYS, KV_PRECISIONS, MOE_READS, PARAMS, PRECISIONS, defaultInputs } from '../../web/src/inputs.js';

const modelIds = ['qwen3-4b', 'llama-3-70b', 'mixtral-8x7b'];
const gpuIds = ['a100-40g', 'h100-sxm', 'm4-max-128g'];
const ctx = { modelIds, gpuIds };
const defaults = defaultInputs(modelIds, gpuIds);

const b64 = (bytes) => Buffer.from(bytes).toString('base64url');

/** The integer digits of a row's max in the field table: 1e12 → 13, 0.99 → 1. */
const wholeDigits = (key) => String(Math.trunc(FIELD[key].max)).length;

/** Every value a decoded state may hold: defaults, ids, vocabulary, digits, or inflated config text. */
function assertValidState(state) {
  expect(Object.keys(state).sort()).toEqual([...INPUT_KEYS].sort());
  for (const key of INPUT_KEYS) expect(typeof state[key]).toBe('string');
  expect([...modelIds, CUSTOM, PARAMS]).toContain(state.model);
  if (state.model !== CUSTOM) expect(state.config).toBe('');
  // A size: digits, a point, an exponent and one suffix letter, or nothing.
  expect(state.params).toMatch(/^([\d.]{1,26}([eE][+-]?\d{1,3})?[kKmMbBgGtT]?)?$/);
  if (state.model === PARAMS) expect(state.params).not.toBe('');
  expect([...gpuIds, CUSTOM]).toContain(state.gpu);
  expect(PRECISIONS).toContain(state.precision);
  expect(KV_PRECISIONS).toContain(state.kv_precision);
  expect(MOE_READS).toContain(state.moe_read);
  expect(GPU_LIMITS).toContain(state.gpu_limit);
  expect(FIELD.engine.choices).toContain(state.engine);
  expect(FIELD.host_memory.choices).toContain(state.host_memory);
  const numbers = ['gpu.tflops', 'gpu.tflops_fp8', 'gpu.tops_int8', 'gpu.bandwidth_gbs', 'gpu.vram_gib', 'gpu.link_gbs', 'pool_fraction', 'context_reserve_gib', 'nccl_gib_per_peer', 'weight_overhead', 'launch_ms',
    'bw_efficiency', 'kernel_us', 'allreduce_us', 'host_ms', 'prefill_efficiency', 'ttft_overhead_ms', 'spec_accept', 'ram_gib', 'cpu_bandwidth_gbs',
    'hardware_usd', 'months', 'resale_fraction', 'electricity_usd_kwh', 'active_watts', 'idle_watts', 'cloud_usd_hour', 'boot_factor',
    'api_usd_mtok_in', 'api_usd_mtok_out', 'ep_imbalance'];
  // Digits only: as many integer digits as the row's max has (core/fields.json), a double's worth after the point.
  for (const key of numbers) expect(state[key]).toMatch(new RegExp(`^(\\d{1,${wholeDigits(key)}}(\\.\\d{1,20})?)?$`));
  const counts = ['seq', 'batch', 'tp', 'pp', 'micro_batches', 'kv_block', 'prefill_chunk', 'gpu_layers', 'spec_tokens', 'requests_per_day', 'input_tokens', 'output_tokens',
    'nodes', 'gpus_per_node', 'ep', 'redundant_experts', 'dp_attention', 'prefill_instances', 'prefill_tp', 'decode_instances'];
  expect(['', ...FIELD.scale_out_link.choices]).toContain(state.scale_out_link);
  if (state.spec_draft !== '') expect([...modelIds, ...FIELD.spec_draft.also]).toContain(state.spec_draft);
  for (const key of counts) expect(state[key]).toMatch(new RegExp(`^\\d{0,${wholeDigits(key)}}$`));
  // Every key the table types as a number or a count is one of those.
  expect(FIELDS.filter((f) => f.type === 'number').map((f) => f.key).sort()).toEqual([...numbers].sort());
  expect(FIELDS.filter((f) => f.type === 'count').map((f) => f.key).sort()).toEqual([...counts].sort());
}

async function roundTrip(state) {
  const { query, notices: encodeNotices } = await encodeLink(state, ctx);
  const decoded = await decodeLink(query, ctx);
  return { query, encodeNotices, ...decoded };
}

describe('round trips', () => {
  test('every key, with a custom GPU', async () => {
    const state = {
      ...defaults, model: 'mixtral-8x7b', gpu: 'm4-max-128g', gpu_limit: 'raised', 'gpu.tflops': '123.5', 'gpu.tflops_fp8': '250', 'gpu.tops_int8': '500',
      'gpu.bandwidth_gbs': '2000', 'gpu.vram_gib': '24', precision: 'fp8', kv_precision: 'int4', seq: '8192', batch: '12', tp: '2', pp: '3',
      micro_batches: '4', kv_block: '16', moe_read: 'distinct', pool_fraction: '0.85', context_reserve_gib: '1', nccl_gib_per_peer: '0.5',
      weight_overhead: '0.03', prefill_chunk: '512', launch_ms: '20', 'gpu.link_gbs': '900', engine: 'llama.cpp', bw_efficiency: '0.7',
      kernel_us: '5', allreduce_us: '12', host_ms: '0.5', prefill_efficiency: '0.6', ttft_overhead_ms: '40',
      spec_draft: 'qwen3-4b', spec_tokens: '4', spec_accept: '0.7',
      requests_per_day: '10000', input_tokens: '1000', output_tokens: '500', hardware_usd: '30000', months: '24', resale_fraction: '0.3',
      electricity_usd_kwh: '0.12', active_watts: '700', idle_watts: '90', cloud_usd_hour: '2.5', boot_factor: '1.2', api_usd_mtok_in: '0.5',
      api_usd_mtok_out: '0.8',
      gpu_layers: '20', ram_gib: '64', host_memory: 'ddr5-5600-2ch', cpu_bandwidth_gbs: '80',
      nodes: '2', gpus_per_node: '8', scale_out_link: 'roce-400', ep: '16', redundant_experts: '32', ep_imbalance: '1.25', dp_attention: '4',
      prefill_instances: '3', prefill_tp: '8', decode_instances: '2',
    };
    const { query, state: back, notices } = await roundTrip(state);
    expect(notices).toEqual([]);
    expect(back).toEqual(state);
    for (const key of Object.keys(URL_KEYS).filter((k) => k !== 'config' && k !== 'params')) expect(query).toContain(`${URL_KEYS[key]}=`);
  });

  test("the draft may be the model's own MTP module, a word the table lists beside the presets; no other word passes", async () => {
    expect(FIELD.spec_draft.also).toEqual(['mtp']);
    const state = { ...defaults, model: 'mixtral-8x7b', gpu: 'h100-sxm', spec_draft: 'mtp', spec_tokens: '1', spec_accept: '0.85' };
    const { query, state: back, notices } = await roundTrip(state);
    expect(query).toContain(`${URL_KEYS.spec_draft}=mtp`);
    expect(notices).toEqual([]);
    expect(back).toEqual(state);
    const bad = await decodeLink(`?m=mixtral-8x7b&${URL_KEYS.spec_draft}=mtp2`, ctx);
    expect(bad.state.spec_draft).toBe('');
    expect(bad.notices.length).toBeGreaterThan(0);
  });

  test('only the size: n carries it in place of m', async () => {
    const state = { ...defaults, model: PARAMS, params: '70B', gpu: 'h100-sxm', precision: 'fp8', batch: '8', pool_fraction: '0.8' };
    const { query, state: back, notices } = await roundTrip(state);
    expect(query).toBe('?n=70B&g=h100-sxm&p=fp8&b=8&pf=0.8');
    expect(notices).toEqual([]);
    expect(back).toEqual(state);
  });

  test.each(['7.6b', '1.5T', '350M', '8e9', '70000000000', '1e+12', '.5T', '0.5t', '1k', '2000T'])('the size %s travels as typed (the core judges its range)', async (params) => {
    const state = { ...defaults, model: PARAMS, params };
    const { query, state: back, notices } = await roundTrip(state);
    expect(query).toBe(`?n=${encodeURIComponent(params)}&g=a100-40g`);
    expect(notices).toEqual([]);
    expect(back).toEqual(state);
  });

  test('a size that is not one is left out of the link: the preset default comes back', async () => {
    for (const params of ['7Q', '70 B', '', '-1', '0x10', 'inf', '70BB']) {
      const { query, state: back } = await roundTrip({ ...defaults, model: PARAMS, params, batch: '2' });
      expect(query).toBe('?g=a100-40g&b=2');
      expect(back.model).toBe(defaults.model);
    }
  });

  test('a size kept while a preset is shown does not travel', async () => {
    const { query } = await roundTrip({ ...defaults, params: '70B' });
    expect(query).toBe('?m=qwen3-4b&g=a100-40g');
  });

  test('readable short keys, defaults left out', async () => {
    const { query } = await roundTrip({ ...defaults, batch: '8' });
    expect(query).toBe('?m=qwen3-4b&g=a100-40g&b=8');
  });

  test('a preset with edited figures carries them: a custom GPU based on it', async () => {
    const state = { ...defaults, gpu: 'm4-max-128g', 'gpu.tflops': '34', 'gpu.bandwidth_gbs': '546', 'gpu.vram_gib': '99.84' };
    const { query, state: back } = await roundTrip(state);
    expect(query).toBe('?m=qwen3-4b&g=m4-max-128g&tf=34&bw=546&vr=99.84');
    expect(back).toEqual(state);
  });

  test('a custom GPU without TFLOPS travels as such', async () => {
    const state = { ...defaults, gpu: CUSTOM, 'gpu.bandwidth_gbs': '500', 'gpu.vram_gib': '40' };
    const { query, state: back } = await roundTrip(state);
    expect(query).toBe('?m=qwen3-4b&g=custom&bw=500&vr=40');
    expect(back).toEqual(state);
  });

  test('a custom config.json, byte for byte', async () => {
    const config = `{\n  "model_type": "llama",\n  "hidden_size": 4096,\n  "note": "ünïcødé ✓ \\u0000 <script>"\n}\n`;
    const state = { ...defaults, model: CUSTOM, config, batch: '3' };
    const { query, state: back, notices } = await roundTrip(state);
    expect(query).toMatch(/^\?c=[A-Za-z0-9_-]+&g=a100-40g&b=3$/);
    expect(notices).toEqual([]);
    expect(back).toEqual(state);
  });

  test('a config too large for a link is left out, with a notice', async () => {
    const config = JSON.stringify({ junk: Array.from({ length: 40000 }, (_, i) => (i * 2654435761) % 1000003) });
    const { query, encodeNotices } = await encodeLink({ ...defaults, model: CUSTOM, config }, ctx).then((r) => ({ ...r, encodeNotices: r.notices }));
    expect(query).not.toContain('c=');
    expect(encodeNotices.length).toBe(1);
  });

  test('values the decoder would refuse are not written, and the link says which', async () => {
    const { query, encodeNotices } = await roundTrip({ ...defaults, batch: 'abc', seq: '1e3', tp: ' 4 ' });
    expect(query).toBe('?m=qwen3-4b&g=a100-40g&tp=4');
    expect(encodeNotices).toHaveLength(2);
    expect(encodeNotices[0]).toMatch(/^The link leaves “s” \(context\) out/);
    expect(encodeNotices[1]).toMatch(/^The link leaves “b” \(batch\) out/);
  });

  test('out-of-range values travel: the core, not the link, judges them', async () => {
    const { state, notices } = await decodeLink('?b=0&s=99999999', ctx);
    expect(notices).toEqual([]);
    expect(state.batch).toBe('0');
    expect(state.seq).toBe('99999999');
  });

  test('a value with more integer digits than its row\'s max is no value of the field: refused with a notice', async () => {
    // seq's max, 16777216, has 8 digits; 9 cannot be in range. requests_per_day's max, 1e12, has 13.
    const { state, notices } = await decodeLink('?s=999999999&rpd=10000000000000&hw=10000000000', ctx);
    expect(state.seq).toBe(defaults.seq);
    expect(state.requests_per_day).toBe('');
    expect(state.hardware_usd).toBe('');
    expect(notices).toHaveLength(3);
  });
});

describe('every value the field table allows travels (derived from core/fields.json, not fixed digit counts)', () => {
  const digitRows = FIELDS.filter((f) => (f.type === 'count' || f.type === 'number') && typeof f.url === 'string');
  // A custom GPU carries the GPU's figures; every other row travels on the default GPU.
  const withValue = (f, value) => ({ ...defaults, ...(f.key.startsWith('gpu.') ? { gpu: CUSTOM } : {}), [f.key]: value });

  test('the rows: every count and number row of the table has a link key', () => {
    expect(digitRows.length).toBe(FIELDS.filter((f) => f.type === 'count' || f.type === 'number').length);
    expect(digitRows.length).toBeGreaterThan(40);
  });

  test.each(digitRows.map((f) => [f.key, f]))('%s at its max, at its min and just under its max', async (key, f) => {
    for (const value of [String(f.max), String(f.min), f.type === 'count' ? String(f.max - 1) : String(f.max * 0.999999)]) {
      const state = withValue(f, value);
      const { query, encodeNotices, notices, state: back } = await roundTrip(state);
      expect(encodeNotices, `${key}=${value}`).toEqual([]);
      expect(notices, `${key}=${value}`).toEqual([]);
      // A default is left out of the link (batch 1, tp 1) and comes back all the same.
      if (value !== defaults[key]) expect(query).toContain(`${f.url}=${value}`);
      expect(back[key]).toBe(value);
    }
  });

  test('the reported values: 5,000,000,000 requests a day and a 25,000,000 USD price', async () => {
    const state = { ...defaults, requests_per_day: '5000000000', input_tokens: '100', output_tokens: '100', hardware_usd: '25000000' };
    const { query, encodeNotices, notices, state: back } = await roundTrip(state);
    expect(query).toBe('?m=qwen3-4b&g=a100-40g&rpd=5000000000&it=100&ot=100&hw=25000000');
    expect(encodeNotices).toEqual([]);
    expect(notices).toEqual([]);
    expect(back).toEqual(state);
  });

  test('a fraction as precise as a double: 17 significant digits after the leading zeros', async () => {
    const state = { ...defaults, 'gpu.bandwidth_gbs': '0.00112345678901234567', 'gpu.vram_gib': '999999.99999999999999999', gpu: CUSTOM, spec_accept: '0.98765432109876543' };
    const { encodeNotices, notices, state: back } = await roundTrip(state);
    expect(encodeNotices).toEqual([]);
    expect(notices).toEqual([]);
    expect(back).toEqual(state);
  });

  test('the compared setups carry the same values', async () => {
    const setups = [{ ...defaults, requests_per_day: '1000000000000', hardware_usd: '1000000000' }];
    const { query } = await encodeLink({ ...defaults }, { ...ctx, compare: setups });
    expect(query).toContain('c1=rpd:1000000000000,hw:1000000000');
    const { compare, notices } = await decodeLink(query, ctx);
    expect(notices).toEqual([]);
    expect(compare[0].requests_per_day).toBe('1000000000000');
    expect(compare[0].hardware_usd).toBe('1000000000');
  });
});

describe('precedence', () => {
  test('link > preset default, per key', async () => {
    const { state, notices } = await decodeLink('?b=8&tp=zz', ctx);
    expect(state.batch).toBe('8');
    expect(state.tp).toBe(defaults.tp);
    expect(notices).toHaveLength(1);
  });
  test('c wins over m', async () => {
    const c = await encodeConfig('{"a":1}');
    const { state } = await decodeLink(`?m=llama-3-70b&c=${c}`, ctx);
    expect(state.model).toBe(CUSTOM);
    expect(state.config).toBe('{"a":1}');
  });
  test('n wins over m; c wins over n', async () => {
    let { state, notices } = await decodeLink('?m=llama-3-70b&n=70B&b=8', ctx);
    expect(state).toEqual({ ...defaults, model: PARAMS, params: '70B', batch: '8' });
    expect(notices).toEqual([]);
    const c = await encodeConfig('{"a":1}');
    ({ state, notices } = await decodeLink(`?n=70B&c=${c}`, ctx));
    expect(state.model).toBe(CUSTOM);
    expect(state.config).toBe('{"a":1}');
    expect(notices).toEqual([]);
  });
  test('a malformed n takes the preset default, with a notice naming the key', async () => {
    for (const n of ['7Q', '', '70%20B', '-70B', '1e3B%3Cscript%3E', '9'.repeat(40)]) {
      const { state, notices } = await decodeLink(`?n=${n}&b=2`, ctx);
      expect(state).toEqual({ ...defaults, batch: '2' });
      expect(notices).toEqual(['“n” (model size) in the link is not a valid value: the default is used.']);
    }
  });
  test('n given twice takes the preset, with a notice', async () => {
    const { state, notices } = await decodeLink('?n=70B&n=8B', ctx);
    expect(state.model).toBe(defaults.model);
    expect(state.params).toBe('');
    expect(notices).toHaveLength(1);
  });
  test('a key given twice takes the default, with a notice', async () => {
    const { state, notices } = await decodeLink('?b=8&b=9', ctx);
    expect(state.batch).toBe(defaults.batch);
    expect(notices).toHaveLength(1);
  });
  test('m=custom without c is refused', async () => {
    const { state, notices } = await decodeLink('?m=custom', ctx);
    expect(state.model).toBe(defaults.model);
    expect(notices).toHaveLength(1);
  });
});

describe('hostile links', () => {
  const payloads = ['<script>window.__pwned=1</script>', 'javascript:alert(1)', '"><img src=x onerror=alert(1)>', "'-alert(1)-'", '../../etc/passwd', '\u0000\u202e', '1e309', '-1', '0x10', '１２'];
  test.each(payloads)('%s in every key', async (payload) => {
    const query = `?${Object.values(URL_KEYS).map((k) => `${k}=${encodeURIComponent(payload)}`).join('&')}`;
    // Every input but the checkpoint's index (an uploaded file, never carried in a link) has a key.
    expect(INPUT_KEYS.filter((k) => !Object.hasOwn(URL_KEYS, k))).toEqual(['checkpoint']);
    expect(query.split('&')).toHaveLength(INPUT_KEYS.length - 1);
    const { state, notices } = await decodeLink(query, ctx);
    assertValidState(state);
    expect(notices.length).toBeGreaterThan(0);
    expect(JSON.stringify(state)).not.toContain('<');
    expect(JSON.stringify(notices)).not.toContain(payload.length > 3 ? payload : '\u0000never');
  });

  test('a 1 MB query is ignored whole, without being parsed', async () => {
    // The size check comes before any parsing: the work is bounded by the cap, not the query.
    let parsed = 0;
    vi.stubGlobal('URLSearchParams', class extends URLSearchParams {
      constructor(...args) {
        super(...args);
        parsed++;
      }
    });
    try {
      const { state, notices } = await decodeLink(`?b=${'9'.repeat(1 << 20)}`, ctx);
      expect(state).toEqual(defaults);
      expect(notices).toEqual(['The link’s settings are 1025 KiB long, over the 16 KiB limit: all were ignored and the defaults are shown.']);
      expect(parsed).toBe(0);
      await decodeLink('?b=8', ctx);
      expect(parsed).toBe(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  test('a query just under the cap is read', async () => {
    const { notices } = await decodeLink(`?b=8&zz=${'x'.repeat(MAX_QUERY_CHARS - 20)}`, ctx);
    expect(notices).toEqual(['1 unknown setting in the link was ignored.']);
  });

  test('invalid base64 in c', async () => {
    for (const c of ['!!!', 'abc=', 'a', 'Zm9v+/', '%%%', '']) {
      const { state, notices } = await decodeLink(`?c=${encodeURIComponent(c)}`, ctx);
      expect(state.model).toBe(defaults.model);
      expect(notices.length).toBe(1);
    }
  });

  test('valid base64 that is not deflate, or is truncated', async () => {
    const good = await encodeConfig(JSON.stringify({ hidden_size: 4096, pad: 'x'.repeat(500) }));
    for (const c of [b64([1, 2, 3, 4, 5]), good.slice(0, Math.floor(good.length / 2))]) {
      const { state, notices } = await decodeLink(`?c=${c}`, ctx);
      expect(state.model).toBe(defaults.model);
      expect(notices).toHaveLength(1);
    }
  });

  test('a deflate bomb in c stops at the 1 MiB budget, having read little more than it', async () => {
    const bomb = b64(deflateRawSync(Buffer.alloc(12 << 20), { level: 9 }));
    expect(bomb.length).toBeLessThan(MAX_QUERY_CHARS);
    // Counts the inflated bytes the decoder reads: bounded by the budget, not by the 12 MiB inside.
    let read = 0;
    let reads = 0;
    const Native = DecompressionStream;
    vi.stubGlobal('DecompressionStream', class {
      constructor(format) {
        const inner = new Native(format);
        this.writable = inner.writable;
        this.readable = inner.readable.pipeThrough(new TransformStream({
          transform(chunk, controller) {
            read += chunk.length;
            reads++;
            controller.enqueue(chunk);
          },
        }));
      }
    });
    try {
      const { state, notices } = await decodeLink(`?c=${bomb}`, ctx);
      expect(state.model).toBe(defaults.model);
      expect(notices).toEqual(['“c” (custom config.json) in the link expands beyond 1 MiB: the preset model is used.']);
      expect(read).toBeGreaterThan(MAX_CONFIG_BYTES);
      // The budget, plus the few chunks the stream had ready when reading stopped: never the 12 MiB.
      expect(read).toBeLessThan(2 * MAX_CONFIG_BYTES);
      expect(reads).toBeLessThan(4096);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  test('deflated bytes that are not UTF-8', async () => {
    const { notices } = await decodeLink(`?c=${b64(deflateRawSync(Buffer.from([0xff, 0xfe, 0xfd])))}`, ctx);
    expect(notices[0]).toMatch(/UTF-8/);
  });

  test('non-string and odd inputs', async () => {
    for (const search of [undefined, null, 42, {}, '?', '?&&&', '?=', '?%', '?%E0%A4%A', '#b=8']) {
      const { state } = await decodeLink(search, ctx);
      assertValidState(state);
    }
  });
});

describe('fuzzing the decoder', () => {
  // A small deterministic generator: failures reproduce.
  let seed = 0x2545f491;
  const rand = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const alphabet = 'abcXYZ0123456789-_.~%&=?#+/<>"\' \u00e9\u4e2d\ud83d\ude00\\';
  const text = (max) => Array.from({ length: Math.floor(rand() * max) }, () => pick([...alphabet])).join('');
  const keys = [...Object.values(URL_KEYS), 'x', '', 'constructor', '__proto__'];

  test('1,000 generated links: never a throw, always a valid state', async () => {
    const valid = await encodeConfig('{"hidden_size": 8}');
    for (let i = 0; i < 1000; i++) {
      const parts = Array.from({ length: 1 + Math.floor(rand() * 6) }, () => {
        const k = pick(keys);
        const kind = rand();
        let v;
        if (k === 'c' && kind < 0.3) v = b64(Array.from({ length: Math.floor(rand() * 64) }, () => Math.floor(rand() * 256)));
        else if (k === 'c' && kind < 0.5) v = valid.slice(0, Math.floor(rand() * valid.length));
        else if (kind < 0.7) v = encodeURIComponent(text(24));
        else v = text(24);
        return `${k}=${v}`;
      });
      const search = `?${parts.join(pick(['&', '&&', ';', '&amp;']))}`;
      const result = await decodeLink(search, ctx);
      assertValidState(result.state);
      expect(Array.isArray(result.notices)).toBe(true);
      for (const n of result.notices) expect(typeof n).toBe('string');
    }
  });
});

describe('base64url and inflate', () => {
  test('bytes round trip for every length 0..300', () => {
    for (let n = 0; n <= 300; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 255);
      expect(base64urlToBytes(bytesToBase64url(bytes))).toEqual(bytes);
    }
  });
  test('inflate reports instead of throwing', async () => {
    expect(await inflateText(new Uint8Array([0xff, 0xff]), 100)).toEqual({ error: 'corrupt' });
    expect(await inflateText(deflateRawSync(Buffer.from('hello')), 100)).toEqual({ text: 'hello' });
    expect(await inflateText(deflateRawSync(Buffer.from('hello')), 4)).toEqual({ error: 'too_large' });
  });
  test('inflate is bounded by steps as well as bytes, and says which bound it hit', async () => {
    // 200 KB of text that does not compress away: several reads of inflated output.
    const text = Array.from({ length: 200000 }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 26))).join('');
    const packed = deflateRawSync(Buffer.from(text));
    expect(await inflateText(packed, 1 << 20)).toEqual({ text });
    expect(await inflateText(packed, 1 << 20, 2)).toEqual({ error: 'too_many_steps' });
    expect(await inflateText(packed, 1000)).toEqual({ error: 'too_large' });
    // Truncated input is corrupt, whatever the bounds.
    expect(await inflateText(packed.subarray(0, packed.length >> 1), 1 << 20)).toEqual({ error: 'corrupt' });
  });
});
