// The "How is it computed?" formulas: the numbers they show put back into the formula they
// print give the figure beside them. Each explanation's numbers are read back from its text and
// evaluated as printed (× · − ⌈⌉ ⌊⌋ min max, B GiB GB/s TFLOPS ms), then compared with the report's
// own figure; a factor, a quantity or a division the text leaves out makes it differ.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import * as fx from '../../web/src/explain/formulas.js';
import { LANGS, lang, loadLang, missingKeys } from '../../web/src/i18n/index.js';
import { allowList, englishWords } from './english.js';
import { gib as fmtGib } from '../../web/src/format.js';
import { ROOT, loadTestCore } from './core.js';

const core = await loadTestCore();
beforeAll(async () => {
  for (const code of LANGS) await loadLang(code);
  lang.value = 'en';
});

const GIB = 2 ** 30;
const shown = (text, name) => Number(text.match(new RegExp(`${name} = ([\\d,]+)`))[1].replace(/,/g, ''));

const NUM = String.raw`\d+(?:\.\d+)?(?:e[+-]?\d+)?`;
const UNITS = [
  ['GiB', GIB], ['GB/s', 1e9], ['TFLOPS', 1e12], ['ms', 1e-3],
  ['PB', 1e15], ['TB', 1e12], ['GB', 1e9], ['MB', 1e6], ['kB', 1e3], ['B', 1],
  ['PFLOP', 1e15], ['TFLOP', 1e12], ['GFLOP', 1e9], ['MFLOP', 1e6], ['kFLOP', 1e3], ['FLOP', 1],
];

/** Arithmetic as the explanations print it, units and all, in bytes, FLOPs and seconds. */
function evaluate(text, vars = {}) {
  let e = ` ${text} `.replace(/(\d),(?=\d{3}(?!\d))/g, '$1'); // thousands separators; a list's ", " keeps its space
  for (const [unit, scale] of UNITS) {
    // A unit binds to its number: "3350 GB/s" is (3350 * 1e9) wherever it stands in a quotient.
    e = e.replace(new RegExp(`(${NUM}) ${unit.replace('/', '\\/')}(?![\\w/])`, 'g'), `($1 * ${scale})`);
    e = e.replace(new RegExp(`\\) ${unit.replace('/', '\\/')}(?![\\w/])`, 'g'), `) * ${scale}`); // "(a − b) B"
  }
  e = e.replace(/[×·]/g, '*').replace(/−/g, '-')
    .replace(/⌈/g, 'ceil(').replace(/⌉/g, ')').replace(/⌊/g, 'floor(').replace(/⌋/g, ')');
  for (const [name, value] of Object.entries(vars)) e = e.replace(new RegExp(`\\b${name}\\b`, 'g'), `(${value})`);
  const words = e.replace(new RegExp(NUM, 'g'), '0').match(/[A-Za-z_]+/g)?.filter((w) => !['ceil', 'floor', 'min', 'max'].includes(w));
  if (words?.length) throw new Error(`cannot evaluate "${text}": ${words.join(', ')}`);
  return Function('ceil', 'floor', 'min', 'max', `return (${e});`)(Math.ceil, Math.floor, Math.min, Math.max);
}

/** The text after `label = ` up to `stop` (the next "; " by default), evaluated; `last`: its last "= x". */
function valueOf(text, label, vars, stop = /;|$/, last = false) {
  const at = text.indexOf(`${label} = `);
  if (at < 0) throw new Error(`no "${label} =" in "${text}"`);
  const rest = text.slice(at + label.length + 3);
  const end = rest.search(stop);
  const item = end < 0 ? rest : rest.slice(0, end);
  return evaluate(last ? item.split(' = ').at(-1) : item, vars);
}

/**
 * The pool the room for KV is taken from, as the explanation prints it: pool_fraction × VRAM (a share of the
 * GPU), or TensorRT-LLM's share of what the weights and reserves leave free (config.pool_of "free"), whose
 * "free = VRAM − weights − (reserve − logits)" is the report's free_after_reserves_gib, or SGLang's share of
 * what the CUDA context and NCCL leave (config.pool_of "free_at_start"), whose "free at start = VRAM − context −
 * NCCL" is the report's free_at_start_gib and whose "pool = context + NCCL + pool_fraction × free at start" is
 * its pool_gib (each GiB figure shown to 2 decimals).
 */
function checkPool(r, numbers) {
  const real = r.memory.realistic;
  if (r.config.pool_of === 'free') {
    expect(numbers).not.toContain('pool = ');
    expect(real.free_at_start_gib).toBeUndefined();
    near(valueOf(numbers, 'free') / GIB, real.free_after_reserves_gib, 0.015);
    expect(numbers.startsWith(real.free_after_reserves_gib > 0 ? `= ${r.config.pool_fraction} × ` : '= −')).toBe(true);
  } else if (r.config.pool_of === 'free_at_start') {
    expect(real.free_after_reserves_gib).toBeUndefined();
    near(valueOf(numbers, 'free at start') / GIB, real.free_at_start_gib, 0.01);
    near(valueOf(numbers, 'pool') / GIB, real.pool_gib, 0.015);
    expect(numbers.startsWith(real.free_at_start_gib > 0 ? `= ${r.config.pool_fraction} × ` : '= −')).toBe(true);
  } else {
    expect(r.config.pool_of).toBe('gpu');
    expect(real.free_after_reserves_gib).toBeUndefined();
    expect(real.free_at_start_gib).toBeUndefined();
    close(valueOf(numbers, 'pool') / GIB, real.pool_gib, EXACT);
  }
}

/** The last "= x" of a labelled item: kv_elems = 2 · h_kv · d = 2 × 8 × 128 = 2,048 → 2048. */
function lastValue(text, label) {
  const at = text.indexOf(`${label} = `);
  if (at < 0) throw new Error(`no "${label} =" in "${text}"`);
  const item = text.slice(at).split(/;/)[0];
  return evaluate(item.split(' = ').at(-1).replace(/ \([A-Za-z].*$/, '')); // a note in brackets is not a number
}

/** F_state = 4 · layers with a state × state elements = 4 × 36 × 548,864 (…) → its product. */
const fState = (text) => evaluate(text.match(/F_state = [^=]*= ([^(;]*)/)[1]);
const layersTokens = (text, vars) => valueOf(text, 'layers × tokens', vars, /, [ST] = |;| \(\d[\d,]* of |$/);
const close = (got, want, rel) => expect(Math.abs(got - want)).toBeLessThanOrEqual(rel * Math.abs(want));
const near = (got, want, abs) => expect(Math.abs(got - want)).toBeLessThanOrEqual(abs);
// Figures shown to the byte or the FLOP differ from the core's doubles by the rounding and the order of
// the sums alone; figures shown to 3 significant digits by up to half a unit in the last.
const EXACT = 1e-10;
const DIGITS3 = 5e-3;

const vector = (name) => JSON.parse(readFileSync(new URL('tests/vectors/attention-kinds.json', ROOT), 'utf8')).vectors.find((v) => v.name === name).input.config;
const OFFLOAD = { ram_gib: 64, host_memory: 'ddr5-5600-2ch' };
const SETUPS = {
  'dense untied (llama-3-8b)': { model: 'llama-3-8b', gpu: 'h100-sxm', batch: 8, seq: 4096 },
  'tied (qwen3-4b)': { model: 'qwen3-4b', gpu: 'h100-sxm', batch: 8, seq: 4096 },
  'MoE (qwen3-30b-a3b)': { model: 'qwen3-30b-a3b', gpu: 'h100-sxm', batch: 16, seq: 4096 },
  'MoE tp 2 (mixtral-8x7b)': { model: 'mixtral-8x7b', gpu: 'h100-sxm', tp: 2, batch: 8, seq: 8192 },
  'MLA tp 8 (deepseek-v3)': { model: 'deepseek-v3', gpu: 'h200-sxm', tp: 8, batch: 16, seq: 8192 },
  'sliding, S over the window (gpt-oss-120b)': { model: 'gpt-oss-120b', gpu: 'h100-sxm', batch: 8, seq: 8192 },
  'every layer sliding (mistral-7b)': { model: 'mistral-7b', gpu: 'h100-sxm', batch: 8, seq: 8192 },
  'tp 16 over 8 KV heads (llama-3-70b)': { model: 'llama-3-70b', gpu: 'h100-sxm', tp: 16, batch: 8, seq: 4096 },
  'pp 2 tp 2 (llama-3-70b)': { model: 'llama-3-70b', gpu: 'h100-sxm', tp: 2, pp: 2, batch: 16, micro_batches: 4, seq: 4096 },
  'pp 2, MoE, B not a multiple of M (qwen3-30b-a3b)': { model: 'qwen3-30b-a3b', gpu: 'h100-sxm', pp: 2, batch: 7, micro_batches: 3, seq: 4096 },
  'paged, window rounded to blocks (gpt-oss-120b)': { model: 'gpt-oss-120b', gpu: 'h100-sxm', batch: 8, seq: 8000, kv_block: 48 },
  'offload (llama-3-8b, -ngl 24)': { model: 'llama-3-8b', gpu: 'rtx-4090', batch: 2, seq: 4096, gpu_layers: 24, ...OFFLOAD },
  'offload, MoE (gpt-oss-20b, -ngl 10)': { model: 'gpt-oss-20b', gpu: 'rtx-4090', batch: 2, seq: 4096, gpu_layers: 10, ...OFFLOAD },
  'offload, no sourced TFLOPS (rtx-3060)': { model: 'llama-3-8b', gpu: 'rtx-3060-12g', batch: 1, seq: 4096, gpu_layers: 20, ...OFFLOAD },
  'speculative (llama-3-70b + llama-3.2-1b)': { model: 'llama-3-70b', gpu: 'h200-sxm', tp: 2, batch: 8, seq: 4096, spec_tokens: 4, spec_draft: 'llama-3.2-1b', spec_accept: 0.7 },
  'block formats (q4_k_m weights, q8_0 KV)': { model: 'llama-3-8b', gpu: 'h100-sxm', precision: 'q4_k_m', kv_precision: 'q8_0', batch: 8, seq: 4096 },
  'fp8 KV': { model: 'qwen3-8b', gpu: 'h100-sxm', kv_precision: 'fp8', batch: 8, seq: 4096 },
  'linear attention (Qwen3-Next)': { config: vector('qwen3-next-gated-deltanet-s131072'), gpu: 'h200-sxm', tp: 2, batch: 4, seq: 131072 },
  'Mamba in place of attention (Jamba)': { config: vector('jamba-mamba-s4096'), gpu: 'h200-sxm', batch: 4, seq: 16384, kv_block: 16 },
  'Mamba-2 beside attention (Falcon-H1)': { config: vector('falcon-h1-mamba2-s4096'), gpu: 'h200-sxm', batch: 4, seq: 32768 },
  // A pipeline of a hybrid: the speedup's one-GPU FLOPs carry the states' own FLOPs, not their bytes' worth of tokens.
  'pp 2, Mamba in place of attention, compute-bound (Jamba)': { config: vector('jamba-mamba-s4096'), gpu: 'h200-sxm', pp: 2, batch: 1024, micro_batches: 4, seq: 256 },
  'tight (llama-3-8b, batch 120)': { model: 'llama-3-8b', gpu: 'h100-sxm', batch: 120, seq: 4096 },
  // The batch's logits weigh: 256 × 4·V is 0.15 GiB beside 7 MiB of KV per request.
  'short context, large batch (qwen3-0.6b, 128 tokens)': { model: 'qwen3-0.6b', gpu: 'h100-sxm', batch: 256, seq: 128 },
};
const REFUSED = {
  'weights do not fit (llama-3-70b on a 4090)': { model: 'llama-3-70b', gpu: 'rtx-4090', batch: 1, seq: 4096 },
  'KV does not fit (llama-3-8b, batch 512 at 32K)': { model: 'llama-3-8b', gpu: 'h100-sxm', batch: 512, seq: 32768 },
  'host RAM does not fit (llama-3-70b, -ngl 10)': { model: 'llama-3-70b', gpu: 'rtx-4090', batch: 1, seq: 4096, gpu_layers: 10, ...OFFLOAD },
  'pp refused (llama-3.1-405b on 2 x 2 H100)': { model: 'llama-3.1-405b', gpu: 'h100-sxm', tp: 2, pp: 2, batch: 8, seq: 4096 },
};
const reports = {};
const analyze = (name) => (reports[name] ??= core.analyze(SETUPS[name] ?? REFUSED[name]));
const fitting = Object.keys(SETUPS);
const all = [...fitting, ...Object.keys(REFUSED)];
const where = (pick) => all.filter((name) => pick(analyze(name)));

test('the setups are what their names say', () => {
  for (const name of fitting) expect(analyze(name).fits, name).toBe(true);
  for (const name of Object.keys(REFUSED)) expect(analyze(name).fits, name).toBe(false);
  expect(analyze('tight (llama-3-8b, batch 120)').verdict).toBe('tight');
  expect(analyze('host RAM does not fit (llama-3-70b, -ngl 10)').verdict).toBe('host_ram_does_not_fit');
  expect(analyze('offload, no sourced TFLOPS (rtx-3060)').decode.bandwidth_floor_only).toBe(true);
  expect(analyze('linear attention (Qwen3-Next)').model.linear_layers).toBeGreaterThan(0);
  expect(analyze('Mamba in place of attention (Jamba)').model.attention_layers).toBeLessThan(analyze('Mamba in place of attention (Jamba)').model.layers);
  expect(analyze('Mamba-2 beside attention (Falcon-H1)').model.attention_layers).toBe(analyze('Mamba-2 beside attention (Falcon-H1)').model.layers);
  expect(analyze('paged, window rounded to blocks (gpt-oss-120b)').model.sliding_window % 48).not.toBe(0);
});

describe('FLOPs: 2·(N_act − N_in) per token, and attention', () => {
  // Attention grows with the context, the matmuls do not: two contexts give the matmul part.
  const at = (model, seq) => core.analyze({ model, gpu: 'h100-sxm', batch: 4, seq });
  test.each([
    ['llama-3-8b', 128256 * 4096], // untied: the input table is left out
    ['qwen3-4b', 0], // tied: one matrix, multiplied as the LM head
    ['qwen3-30b-a3b', 151936 * 2048], // MoE: k of E experts' matmuls
  ])('%s', (model, table) => {
    const a = at(model, 1024), b = at(model, 2048);
    const text = fx.flops(a).numbers;
    expect(shown(text, 'N_in')).toBe(table);
    expect(a.model.params_input_table).toBe(table);
    const matmuls = 2 * a.roofline.flops_per_step - b.roofline.flops_per_step; // attention is linear in S here
    expect(matmuls / (4 * 2 * (shown(text, 'N_act') - shown(text, 'N_in')))).toBeCloseTo(1, 9);
    expect(fx.prefill(a).numbers).toContain(`N_in = ${table.toLocaleString('en-US')}`);
  });

  test.each(fitting)('FLOPs per step per GPU, %s', (name) => {
    const r = analyze(name);
    const x = fx.flops(r).numbers;
    const S = r.config.seq;
    // A recurrent state (linear attention, Mamba) costs F_state per token, whatever the KV precision.
    const state = r.model.state_bytes_per_request > 0;
    expect(fx.flops(r).formula).toBe(r.config.pp > 1
      ? `FLOPs per step per GPU = M · b · (2·(N_act − N_in) + attn · layers × tokens${state ? ' + F_state' : ''}) / (tp·pp)`
      : `FLOPs per step per GPU = B · (2·(N_act − N_in) + attn · layers × tokens${state ? ' + F_state' : ''}) / tp`);
    const who = r.config.pp > 1 ? valueOf(x, 'M', {}, /;|, /) * valueOf(x, 'b = ⌈B/M⌉', {}, /, /) : valueOf(x, 'B', {});
    const div = r.config.pp > 1 ? valueOf(x, '(tp · pp)') : valueOf(x, 'tp');
    const perToken = 2 * (shown(x, 'N_act') - shown(x, 'N_in')) + lastValue(x, 'attn') * layersTokens(x, { S }) + (state ? fState(x) : 0);
    close(who * perToken / div, r.roofline.flops_per_step, EXACT);
  });
});

describe('bytes per step: W_read/tp + B · KV bytes per request · kv_share (pp: per micro-batch)', () => {
  test.each(fitting)('%s', (name) => {
    const r = analyze(name);
    const x = fx.bytesPerStep(r).numbers;
    expect(fx.bytesPerStep(r).formula).toBe(r.config.pp > 1
      ? 'bytes per step per GPU = M · (W_read(b)/(tp·pp) + b · KV bytes per request · kv_share / pp)'
      : 'bytes per step per GPU = W_read(B)/tp + B · KV bytes per request · kv_share');
    const read = valueOf(x, r.config.pp > 1 ? 'W_read(b)' : 'W_read', {}, /:|;/, true);
    const kv = valueOf(x, 'KV bytes per request', {}, / \(/);
    const share = lastValue(x, 'kv_share');
    const tp = valueOf(x, 'tp', {}, /;|, /);
    let bytes;
    if (r.config.pp > 1) {
      const M = valueOf(x, 'M', {}, /, /), b = valueOf(x, 'b = ⌈B/M⌉', {}, /, /), pp = valueOf(x, 'pp', {}, /;|, /);
      bytes = M * (read / (tp * pp) + b * kv * share / pp);
    } else {
      bytes = read / tp + valueOf(x, 'B', {}, /, /) * kv * share;
    }
    close(bytes, r.roofline.bytes_per_step, EXACT);
    // The weights a step reads: never more than all of them, and less by the untied input table.
    expect(read).toBeLessThanOrEqual(r.model.weight_bytes + 1);
    if (r.model.params_input_table > 0 && !r.moe) expect(read).toBeLessThan(r.model.weight_bytes);
  });
});

describe('arithmetic intensity, ridge, step and per token', () => {
  test.each(fitting)('%s', (name) => {
    const r = analyze(name);
    expect(fx.ai(r).formula).toBe('arithmetic intensity = FLOPs per step / bytes per step');
    const a = fx.ai(r).numbers.slice(2).split(' / ').map(evaluate);
    close(a[0] / a[1], r.roofline.ai, EXACT);
    if (r.roofline.ridge !== undefined) {
      const [peak, bw] = fx.ridge(r).numbers.match(/= ([\d.]+)·10¹² .* \/ \(([\d.]+)·10⁹\)/).slice(1).map(Number);
      close(peak * 1e12 / (bw * 1e9), r.roofline.ridge, EXACT);
    }
    const s = fx.step(r).numbers;
    const formula = fx.step(r).formula;
    if (r.offload) {
      expect(formula).toContain('n/L · (bytes per step − LM head) / BW');
      expect(formula).toContain('(the rest of the bytes, LM head included) / host bandwidth');
      const [gpu, host] = s.slice(2).split(' = ')[0].split(/ \+ (?=\()/).map((p) => evaluate(p));
      close(gpu * 1e3, r.offload.gpu_ms, EXACT);
      close(host * 1e3, r.offload.host_ms, EXACT);
      close((gpu + host) * 1e3, r.decode.step_ms, EXACT);
    } else if (r.config.pp > 1) {
      expect(formula).toBe('step = drain = (M + pp − 1) · stage, stage = max(bytes per step / M / BW, FLOPs per step / M / peak)');
      const stage = valueOf(s, 'stage', {}, / = \d/);
      close(stage * 1e3, r.pp.stage_ms, EXACT);
      close(valueOf(s, 'step', {}) * 1e3, r.decode.step_ms, DIGITS3); // the stage as shown
    } else {
      expect(formula).toBe('step = max(bytes per step / bandwidth, FLOPs per step / peak)');
      close(evaluate(s.slice(2)) * 1e3, r.decode.step_ms, DIGITS3); // bytes and FLOPs as shown
    }
    const [ms, tps] = fx.perToken(r).numbers.slice(2).split(';').map((p) => evaluate(p));
    close(ms * 1e3, r.decode.ms_per_token, DIGITS3);
    close(tps, r.decode.tokens_per_s, DIGITS3);
  });
});

describe('prefill: (2·(N_act − N_in)·S + ½ · attn · S · layers × tokens) / W_read(S), and TTFT', () => {
  test.each(fitting)('%s', (name) => {
    const r = analyze(name);
    const x = fx.prefill(r).numbers;
    const S = shown(x, 'S');
    const state = r.model.state_bytes_per_request > 0;
    expect(fx.prefill(r).formula).toBe(`prefill AI = (2·(N_act − N_in)·S + ½ · attn · S · layers × tokens${state ? ' + S · F_state' : ''}) / W_read(S), ½: causal attention`);
    const flops = 2 * (shown(x, 'N_act') - shown(x, 'N_in')) * S + 0.5 * lastValue(x, 'attn') * S * layersTokens(x, { S }) + (state ? S * fState(x) : 0);
    close(flops, valueOf(x, 'prefill FLOPs'), EXACT);
    close(flops / valueOf(x, 'W_read(S)', {}, /;|$/, true), r.prefill.ai, EXACT);
    if (r.prefill.ms === undefined) return;
    expect(fx.ttft(r).formula).toContain('launch + prefill, prefill = max(prefill FLOPs / tp / peak, W_read(S) / tp / bandwidth)');
    const t = fx.ttft(r).numbers;
    const prefill = valueOf(t, 'prefill', {}, / = \d/);
    close(prefill * 1e3, r.prefill.ms, EXACT);
    close(evaluate(t.split('; ')[1].slice(2)) * 1e3, r.prefill.ttft_ms, DIGITS3);
  });
});

describe('KV: per token, per request per GPU, per GPU', () => {
  test.each(fitting)('%s', (name) => {
    const r = analyze(name);
    const x = fx.kvPerToken(r).numbers;
    const S = r.config.seq;
    expect(fx.kvPerToken(r).formula).toMatch(/^KV bytes per request = kv_elems · b_kv · \(tokens held by every layer\); per token = that \/ S$/);
    const perRequest = lastValue(x, 'kv_elems') * valueOf(x, 'b_kv', {}, / \(/) * layersTokens(x, { S });
    close(perRequest, r.model.kv_bytes_per_request, EXACT);

    const y = fx.kvPerRequest(r).numbers;
    expect(fx.kvPerRequest(r).formula).toBe('KV per request per GPU = kv_elems · b_kv · (layers × tokens, over the held tokens) · kv_share / pp' +
      (r.offload ? ' · n/L (the layers on the GPU)' : '') + (r.speculative ? " + the draft model's KV per request per GPU" : ''));
    expect(fx.kvPerGpu(r).formula).toBe('KV per GPU = B × KV per request per GPU');
    const T = r.paged ? lastValue(y, 'held tokens T') : S;
    let kv = lastValue(y, 'kv_elems') * valueOf(y, 'b_kv', {}, / \(/) * layersTokens(y, { S: T, T }) * lastValue(y, 'kv_share') / valueOf(y, 'pp');
    if (r.offload) kv *= valueOf(y, 'n/L');
    if (r.speculative) {
      kv += evaluate(y.match(/the draft: ([^;]*)/)[1]); // shown in GiB, to 4 digits
      close(kv / GIB, r.memory.kv_gib_per_request, 1e-3);
    } else {
      close(kv / GIB, r.memory.kv_gib_per_request, EXACT);
    }
    close(evaluate(fx.kvPerGpu(r).numbers.slice(2)) / GIB, r.memory.kv_gib_per_gpu, DIGITS3); // KV per request as shown
  });
});

describe('memory: weights, free, the max batches, the reserve and the room for KV', () => {
  test.each(all)('%s', (name) => {
    const r = analyze(name);
    const w = fx.weights(r);
    expect(w.formula).toMatch(r.offload ? /^weights on the GPU = n\/L · layer weights/ : /^weights per GPU = weight bytes \/ \(tp · pp\)/);
    expect(w.formula.endsWith(" + the draft model's weights per GPU")).toBe(Boolean(r.speculative));
    const x = w.numbers;
    const [main, drafted] = x.slice(2).split(';')[0].split(' + ');
    expect(drafted !== undefined).toBe(Boolean(r.speculative));
    const draft = r.speculative ? evaluate(drafted.replace(/ \(.*$/, '')) : 0;
    close((evaluate(main) + draft) / GIB, r.memory.weights_gib_per_gpu, r.speculative ? 1e-4 : EXACT); // the draft in GiB, to 4 digits
    // A chosen precision, or the default one of a config.json without torch_dtype (qwen3-4b, llama-3-8b): N · b_w.
    if (r.config.precision_source !== 'checkpoint') close(evaluate(x.split('N · b_w = ')[1].replace(/ \(.*$/, '')), r.model.weight_bytes, 1e-9);

    near(evaluate(fx.free(r).numbers.slice(2)) / GIB, r.memory.free_gib_per_gpu, 0.01); // GiB to 2 decimals
    expect(fx.maxBatch(r).formula.includes('(host RAM − host weights) / host KV per request')).toBe(Boolean(r.offload));
    expect(Math.max(0, evaluate(fx.maxBatch(r).numbers.slice(2)))).toBe(r.memory.max_batch);
    if (!r.fits) {
      expect(fx.shortfall(r).formula).toBe({
        weights_do_not_fit: 'shortfall = weights per GPU − VRAM', kv_does_not_fit: 'shortfall = KV per GPU − free', host_ram_does_not_fit: 'shortfall = host weights + host KV − host RAM',
      }[r.verdict]);
    }
    if (!r.fits) near(evaluate(fx.shortfall(r).numbers.slice(2)) / GIB, r.memory.shortfall_gib, 0.01);

    const real = r.memory.realistic;
    near(evaluate(fx.reserve(r).numbers.slice(2).split(';')[0]) / GIB, real.reserve_gib, 0.01);
    const room = fx.kvRoom(r).numbers;
    near(evaluate(room.slice(2).split(';')[0]) / GIB, real.kv_room_gib, 0.015);
    checkPool(r, room);
    expect(fx.maxBatchRealistic(r).formula).toContain('room before logits = room for KV + B · 4·V bytes');
    expect(Math.max(0, evaluate(fx.maxBatchRealistic(r).numbers.slice(2).split(';')[0]))).toBe(real.max_batch);
  });
});

describe('offload, paging, pipeline and tensor parallel', () => {
  test.each(where((r) => r.offload))('offload: host RAM left, %s', (name) => {
    const r = analyze(name);
    const x = fx.offload(r).numbers;
    const [, hostW, hostKv, ram] = x.match(/host ([\d.]+) GiB weights \+ ([\d.]+) GiB KV in ([\d.]+) GiB/).map(Number);
    near(ram - hostW - hostKv, r.offload.host_free_gib, 0.015);
  });

  test.each(where((r) => r.paged))('paging: %s', (name) => {
    const r = analyze(name);
    const [T, pad, waste] = fx.paging(r).numbers.slice(2).split(';').map((p) => evaluate(p));
    expect([T, pad]).toEqual([r.paged.tokens_per_request, r.paged.padding_tokens]);
    close(waste, r.paged.waste_fraction, EXACT);
  });

  test.each(where((r) => r.pp))('pipeline: bubble and speedup, %s', (name) => {
    const r = analyze(name);
    close(evaluate(fx.bubble(r).numbers.slice(2)), r.pp.bubble, EXACT);
    if (r.fits) {
      expect(fx.speedup(r).formula).toBe('speedup = one GPU / drain, one GPU = max((W_read(B) + KV_read(B)) / BW, FLOPs(B) / peak), drain = (M + pp − 1) · stage');
      const x = fx.speedup(r).numbers;
      const one = valueOf(x, 'one GPU', { S: r.config.seq }, / = [\d.]+ ms|;/);
      close(one * 1e3, r.pp.one_gpu_ms, EXACT);
      const drain = valueOf(x, 'drain', {}, / = /);
      close(one / drain, r.pp.speedup_vs_one_gpu, DIGITS3); // the stage as shown
    } else {
      // A refusal: no time, and no speedup (a ratio of two times), nor the warning that reads it.
      expect(r.pp.one_gpu_ms).toBeUndefined();
      expect(r.pp.speedup_vs_one_gpu).toBeUndefined();
      expect(r.warnings.map((w) => w.code)).not.toContain('pp_slower_than_one_gpu');
    }
  });

  test.each(where((r) => r.tp))('AllReduce: %s', (name) => {
    const r = analyze(name);
    close(evaluate(fx.allreduce(r).numbers.slice(2)), r.tp.allreduce_bytes_per_gpu, EXACT);
  });
});

// The kv-room explanation names where its pool fraction comes from: the input, or each engine's own.
describe('the pool fraction names its source', () => {
  test.each([
    [{ engine: 'vllm' }, 'gpu_memory_utilization 0.9'],
    [{ engine: 'sglang', tp: 2 }, 'SGLang’s own mem_fraction_static'],
    [{ engine: 'trt-llm' }, 'free_gpu_memory_fraction'],
    [{ engine: 'llama.cpp' }, 'llama.cpp has no pool'],
    [{ engine: 'gpt-fast' }, 'gpt-fast has no pool'],
    [{ engine: 'llama.cpp', pool_fraction: 0.8 }, 'the value you gave'],
    [{}, 'gpu_memory_utilization 0.9'],
  ])('%j', (input, words) => {
    const r = core.analyze({ model: 'qwen3-4b', gpu: 'a100-80g', ...input });
    expect(fx.kvRoom(r).source).toContain(words);
    checkPool(r, fx.kvRoom(r).numbers);
    near(evaluate(fx.kvRoom(r).numbers.slice(2).split(';')[0]) / GIB, r.memory.realistic.kv_room_gib, 0.015);
  });
  // TensorRT-LLM with nothing free after the weights and reserves: the room is the shortfall, no share of it.
  test('trt-llm, nothing free', () => {
    const r = core.analyze({ model: 'qwen3-32b', gpu: { tflops: 500, bandwidth_gbs: 2000, vram_gib: 62 }, seq: 512, engine: 'trt-llm' });
    expect(r.memory.realistic.free_after_reserves_gib).toBeLessThan(0);
    checkPool(r, fx.kvRoom(r).numbers);
    near(evaluate(fx.kvRoom(r).numbers.slice(2).split(';')[0]) / GIB, r.memory.realistic.kv_room_gib, 0.015);
  });
  // SGLang's own fraction: its reserve's sum adds up to the report's reserve, and the rounded share of the GPU
  // that the reserve leaves is the pool fraction the analysis used, on each of its GPU tiers, with MLA and pp.
  test.each([
    [{ model: 'qwen3-8b', gpu: 'h100-sxm' }],
    [{ model: 'qwen3-8b', gpu: 'h200-sxm', tp: 8 }],
    [{ model: 'deepseek-v3', gpu: 'h200-sxm', tp: 8 }],
    [{ model: 'qwen3-8b', gpu: 'rtx-4090' }],
    [{ model: 'qwen3-4b', gpu: 'a10' }],
    [{ model: 'qwen3-0.6b', gpu: { tflops: 10, bandwidth_gbs: 100, vram_gib: 16 } }],
    [{ model: 'llama-3.1-70b', gpu: 'b200', pp: 2 }],
    [{ model: 'qwen3-0.6b', gpu: { tflops: 10, bandwidth_gbs: 100, vram_gib: 4 } }],
    [{ config: 'google--gemma-3-27b-it.json', gpu: 'h100-sxm' }],
    [{ config: 'Qwen--Qwen2.5-VL-7B-Instruct.json', gpu: 'h200-sxm', tp: 4 }],
  ])('SGLang’s own pool: %j', (input) => {
    const { config, ...rest } = input;
    const r = config ? core.analyze({ engine: 'sglang', ...rest }, readFileSync(new URL(`tests/configs/${config}`, ROOT), 'utf8'))
      : core.analyze({ engine: 'sglang', ...input });
    const x = r.config.pool_reserve;
    const source = fx.kvRoom(r).source;
    const mib = r.gpu.vram_gib * 1024;
    close(valueOf(source, 'reserve', {}, / = [\d,]+ MiB/), x.mib, EXACT);
    close(valueOf(source, 'reserve', {}, / MiB/, true), x.mib, EXACT);
    const [, share, vision, shown] = source.match(/fraction = round\((.+?), 3\)(.*?) = ([\d.]+)/);
    // round(·, 3) as SGLang writes it, times a multimodal model's factor, then the 0.05 the pool never goes under.
    const product = (Math.round(evaluate(share) * 1000) / 1000) * (vision ? evaluate(`1${vision}`) : 1);
    near(product, Number(shown), 1e-4);
    near(Math.max(0.05, product), r.config.pool_fraction, 1e-4);
    expect(Boolean(vision)).toBe(r.config.pool_reserve.vision_factor !== undefined);
    expect(source.includes('vision tower')).toBe(Boolean(vision));
    expect(source.includes('0.05, the least pool')).toBe(Math.round(((mib - x.mib) / mib) * 1000) / 1000 * (x.vision_factor ?? 1) < 0.05);
    // The fraction is of what the CUDA context and NCCL leave (profile_max_num_token), from the inputs the report echoes.
    const start = startOf(r);
    close(r.memory.realistic.free_at_start_gib, start.free, EXACT);
    close(r.memory.realistic.pool_gib, start.context + start.nccl + r.config.pool_fraction * start.free, EXACT);
  });
});

/** SGLang's accounting from the inputs the report echoes: the context, NCCL over the other GPUs, and what they leave. */
function startOf(r) {
  const c = r.config;
  const context = c.context_reserve_gib;
  const nccl = c.nccl_gib_per_peer * (c.tp * c.pp - 1);
  return { context, nccl, free: r.gpu.vram_gib - context - nccl };
}

// SGLang's pool (config.pool_of "free_at_start", model_runner_kv_cache_mixin.py: profile_max_num_token): the KV
// room is pool_fraction × (VRAM − context − NCCL) − overhead − weights; a prefill chunk's activations and the
// logits are in its reserve outside the pool, so neither the reserve nor the max batch counts them.
describe('SGLang: the room for KV is a share of what the CUDA context and NCCL leave', () => {
  const SGLANG = {
    'llama-3.1-8b on one H100': { model: 'llama-3.1-8b', gpu: 'h100-sxm', batch: 8, seq: 4096 },
    'llama-3.1-8b, tp 4 on H100s': { model: 'llama-3.1-8b', gpu: 'h100-sxm', tp: 4, batch: 8, seq: 4096 },
    'deepseek-v3, tp 8 on H200s (MLA)': { model: 'deepseek-v3', gpu: 'h200-sxm', tp: 8, batch: 8, seq: 8192 },
    'llama-3.1-70b, pp 2 on B200s': { model: 'llama-3.1-70b', gpu: 'b200', pp: 2, batch: 16, seq: 8192 },
    'qwen3-8b on an RTX 4090': { model: 'qwen3-8b', gpu: 'rtx-4090', batch: 4, seq: 4096 },
    'qwen3-4b on an A10, a pool chosen': { model: 'qwen3-4b', gpu: 'a10', pool_fraction: 0.7, batch: 2, seq: 4096 },
    'tight (qwen3-32b, batch 10)': { model: 'qwen3-32b', gpu: 'h100-sxm', batch: 10, seq: 4096 },
    'no room (llama-3-70b fp8 on one H100)': { model: 'llama-3-70b', gpu: 'h100-sxm', precision: 'fp8', batch: 1, seq: 4096 },
    'offload (llama-3-8b, -ngl 24)': { model: 'llama-3-8b', gpu: 'rtx-4090', batch: 2, seq: 4096, gpu_layers: 24, ...OFFLOAD },
    'nothing free at start (a 1 GiB GPU, a 2 GiB context)': { model: 'qwen3-0.6b', gpu: { tflops: 10, bandwidth_gbs: 100, vram_gib: 1 }, context_reserve_gib: 2 },
  };
  const at = (name) => (reports[`sglang: ${name}`] ??= core.analyze({ engine: 'sglang', ...SGLANG[name] }));

  test('the setups are what their names say', () => {
    expect(at('tight (qwen3-32b, batch 10)').verdict).toBe('tight');
    expect(at('tight (qwen3-32b, batch 10)').memory.realistic.kv_room_gib).toBeGreaterThan(0);
    expect(at('no room (llama-3-70b fp8 on one H100)').verdict).toBe('tight');
    expect(at('no room (llama-3-70b fp8 on one H100)').memory.realistic.kv_room_gib).toBeLessThan(0);
    expect(at('offload (llama-3-8b, -ngl 24)').offload).toBeDefined();
    expect(at('nothing free at start (a 1 GiB GPU, a 2 GiB context)').memory.realistic.free_at_start_gib).toBeLessThan(0);
    expect(at('qwen3-4b on an A10, a pool chosen').config.pool_source).toBe('chosen');
    for (const name of Object.keys(SGLANG)) expect(at(name).config.pool_of, name).toBe('free_at_start');
  });

  test.each(Object.keys(SGLANG))('%s', (name) => {
    const r = at(name);
    const real = r.memory.realistic;
    const start = startOf(r);
    // The report's figures, from the inputs: SGLang's accounting, not the share of the GPU vLLM's is.
    close(real.free_at_start_gib, start.free, EXACT);
    if (start.free > 0) close(real.pool_gib, start.context + start.nccl + r.config.pool_fraction * start.free, EXACT);
    expect(real.activation_gib).toBe(0);

    const room = fx.kvRoom(r);
    expect(room.formula).toBe('room for KV = pool_fraction × free at start − weight overhead − weights, free at start = VRAM − CUDA context − NCCL (the memory free before the weights load), pool = CUDA context + NCCL + pool_fraction × free at start (when nothing is free at start, the pool is the whole GPU)');
    near(evaluate(room.numbers.slice(2).split(';')[0]) / GIB, real.kv_room_gib, 0.015);
    checkPool(r, room.numbers);
    // The weights the room takes are the report's, and so is the overhead (the reserve's third term).
    expect(room.numbers.split(';')[0]).toContain(` − ${fmtGib(real.weight_overhead_gib)} − ${fmtGib(r.memory.weights_gib_per_gpu)}`);

    // The reserve: context + NCCL + overhead, no activations (they are in SGLang's own reserve, outside the pool).
    const reserve = fx.reserve(r);
    expect(reserve.formula).toContain('SGLang keeps a prefill chunk’s activations and the logits in its own reserve, outside its pool');
    expect(reserve.formula).not.toContain('+ activations');
    const terms = reserve.numbers.slice(2).split(';')[0];
    expect(terms.split(' + ')).toHaveLength(3);
    near(evaluate(terms) / GIB, real.reserve_gib, 0.01);
    near(evaluate(terms) / GIB, real.context_reserve_gib + real.nccl_gib + real.weight_overhead_gib, 0.01);

    // The max batch: the room holds the KV alone (the logits are outside the pool).
    const most = fx.maxBatchRealistic(r);
    expect(most.formula).not.toContain('room before logits');
    expect(most.formula.includes('(host RAM − host weights) / host KV per request')).toBe(Boolean(r.offload));
    expect(Math.max(0, evaluate(most.numbers.slice(2).split(';')[0]))).toBe(real.max_batch);
  });

  // The explanations in Chinese: every key in the table, no English words but names and symbols, the same numbers.
  // logits: the zh-CN table writes the word in Latin letters, as its fx.maxReal formulas do.
  const LATIN = allowList(['logits']);
  test.each(['tight (qwen3-32b, batch 10)', 'offload (llama-3-8b, -ngl 24)'])('in zh-CN, %s', (name) => {
    const r = at(name);
    missingKeys.clear();
    lang.value = 'zh-CN';
    const said = [fx.kvRoom, fx.reserve, fx.maxBatchRealistic].map((of) => of(r));
    lang.value = 'en';
    const english = [fx.kvRoom, fx.reserve, fx.maxBatchRealistic].map((of) => of(r));
    expect([...missingKeys]).toEqual([]);
    for (const [i, x] of said.entries()) {
      expect(x.formula).toMatch(/[\u4e00-\u9fff]/);
      expect(englishWords(`${x.formula} ${x.numbers}`.replace(/[⌊⌋⌈⌉]/g, ' '), LATIN)).toEqual([]); // floors are symbols, not letters
      expect(x.numbers.match(/\d+(?:\.\d+)?/g)).toEqual(english[i].numbers.match(/\d+(?:\.\d+)?/g));
    }
    expect(said[0].numbers).toContain('启动时空闲 = ');
  });

  // The same setups under vLLM keep the reserve's activations and the logits, and their own formulas.
  test.each(['llama-3.1-8b on one H100', 'tight (qwen3-32b, batch 10)'])('under vLLM, %s', (name) => {
    const r = core.analyze({ engine: 'vllm', ...SGLANG[name] });
    expect(r.config.pool_of).toBe('gpu');
    expect(r.memory.realistic.activation_gib).toBeGreaterThan(0);
    expect(fx.reserve(r).numbers.slice(2).split(';')[0].split(' + ')).toHaveLength(4);
    expect(fx.maxBatchRealistic(r).formula).toContain('room before logits');
  });

  // The reserve names the prefill step the core counted (memory.realistic.activation_tokens) and why: the whole chunk
  // under an engine that keeps room for it past a shorter prompt, else min(chunk, S).
  test.each([
    [{ engine: 'vllm', seq: 1024 }, 8192, 'the whole 8,192-token chunk, which vLLM keeps room for however short the prompt'],
    [{ engine: 'trt-llm', seq: 1024, prefill_chunk: 2048 }, 2048, 'the whole 2,048-token chunk, which TensorRT-LLM keeps room for however short the prompt'],
    [{ engine: 'llama.cpp', seq: 1024, prefill_chunk: 2048 }, 1024, 'min(chunk 2,048, S 1,024)'],
    [{ engine: 'vllm', seq: 8192 }, 8192, 'min(chunk 8,192, S 8,192)'],
  ])('the reserve\'s prefill step, %o', (setup, tokens, why) => {
    const r = core.analyze({ model: 'llama-3-8b', gpu: 'h100-sxm', ...setup });
    expect(r.memory.realistic.activation_tokens).toBe(tokens);
    expect(fx.reserve(r).numbers).toContain(`a prefill step of ${tokens.toLocaleString('en-US')} tokens (${why})`);
  });

  // llama.cpp's compute buffer peaks at its output layer (every token's F32 logits and hidden state) and its batch's
  // logits go to host memory: the reserve says so, and the realistic max batch divides the room by the KV alone.
  test('llama.cpp: the step at its output layer, the logits in host memory', () => {
    const r = core.analyze({ model: 'llama-3-8b', gpu: 'rtx-3080', engine: 'llama.cpp', precision: 'q4_k_m', seq: 512, batch: 4 });
    const real = r.memory.realistic;
    expect([real.activation_at_logits, real.step_logit_bytes, real.logits_on_host]).toEqual([true, 4, true]);
    expect(real.activation_gib).toBe(258.5 / 1024); // the published log's "CUDA0 compute buffer size = 258.50 MiB"
    const reserve = fx.reserve(r);
    expect(reserve.formula).toContain('llama.cpp copies the batch’s logits to host memory');
    expect(reserve.numbers).toContain('peaks at its output layer, every token’s logits and their hidden state: 512 × (128,256 + 4,096) × 4 bytes');
    const max = fx.maxBatchRealistic(r);
    expect(max.formula).toContain('llama.cpp copies the logits to host memory');
    expect(max.numbers).not.toContain('4 ×');
    expect(Math.floor(real.kv_room_gib / r.memory.kv_gib_per_request)).toBe(real.max_batch);
    // Offloaded to nothing (-ngl 0), the GPU holds no KV and no logits and bounds no batch: the host does.
    const none = core.analyze({ model: 'llama-3-8b', gpu: 'rtx-3080', engine: 'llama.cpp', gpu_layers: 0, ram_gib: 64, host_memory: 'ddr4-3200-2ch' });
    expect(fx.maxBatchRealistic(none).numbers).toMatch(/^= min\(∞, /);
    expect(none.memory.realistic.max_batch).toBeGreaterThan(0);
    // vLLM keeps them per request, in the room.
    expect(fx.maxBatchRealistic(core.analyze({ model: 'llama-3-8b', gpu: 'rtx-3080' })).numbers).toContain('4 × 128,256 B');
  });
});
