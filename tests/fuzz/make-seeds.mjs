#!/usr/bin/env node
// The fuzzers' starting corpora. Two kinds, kept apart so that neither can fall behind:
//
//   node tests/fuzz/make-seeds.mjs --derived DIR
//       writes the seeds derived from the repository into DIR/<target>/, fresh on every
//       fuzz run (core/scripts/fuzz.sh calls it; nothing of it is committed):
//         config/   every preset's HF "config" object, and every published config.json
//                   of tests/configs/ (and tests/configs/shaped/) byte for byte
//         request/  every vector's request (input, request_text, or input NUL config_text:
//                   the layout fuzz_request.c reads)
//         lint/     every lint vector's serve command NUL its request (fuzz_lint.c), and every real
//                   command of tests/lint-corpus/ NUL {"gpu": its preset}
//   node tests/fuzz/make-seeds.mjs
//       rewrites the hand-made seeds committed in tests/fuzz/seeds/ (malformed and edge-case
//       configs, the binary inputs of fuzz_analysis.c) and writes any reproducer of
//       tests/fuzz/regressions/ that is missing (a committed reproducer is never rewritten).
//
// The seeds are inputs, not expectations: nothing here says what the core should answer.
// A vector added to tests/vectors/ is a seed on the next fuzz run, with no step to forget.
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const json = (path) => JSON.parse(readFileSync(path, 'utf8'));
const jsonFiles = (dir) => readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'manifest.json').sort();

function write(dir, name, data) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), data);
}

/* ---- derived from the repository ------------------------------------------------ */

function derived(out) {
  const counts = { config: 0, request: 0, lint: 0 };
  const presets = join(ROOT, 'presets', 'models');
  for (const f of jsonFiles(presets)) {
    write(join(out, 'config'), `preset-${f}`, `${JSON.stringify(json(join(presets, f)).config, null, 2)}\n`);
    counts.config++;
  }
  for (const sub of ['tests/configs', 'tests/configs/shaped']) {
    for (const f of jsonFiles(join(ROOT, sub))) {
      write(join(out, 'config'), `${sub.endsWith('shaped') ? 'shaped-' : 'published-'}${f}`, readFileSync(join(ROOT, sub, f)));
      counts.config++;
    }
  }
  const vectors = join(ROOT, 'tests', 'vectors');
  for (const f of jsonFiles(vectors)) {
    for (const v of json(join(vectors, f)).vectors ?? []) {
      let request = v.request_text ?? JSON.stringify(v.input);
      if (v.config_text !== undefined) request += `\0${v.config_text}`;
      write(join(out, 'request'), `${v.name}.json`, request);
      counts.request++;
      if (v.lint !== undefined) {
        write(join(out, 'lint'), v.name, `${v.lint}\0${JSON.stringify(v.input)}`);
        counts.lint++;
      }
    }
  }
  for (const e of json(join(ROOT, 'tests', 'lint-corpus', 'commands.json')).entries) {
    write(join(out, 'lint'), `corpus-${e.id}`, `${e.command}\0${JSON.stringify({ gpu: e.gpu_preset })}`);
    counts.lint++;
  }
  return counts;
}

/* ---- hand-made configs ---------------------------------------------------------- */

// Python's json.dumps layout (", " and ": "), which the committed seeds were first written in:
// regenerating them leaves their bytes as they are.
const dumps = (x) => {
  if (Array.isArray(x)) return `[${x.map(dumps).join(', ')}]`;
  if (x && typeof x === 'object') return `{${Object.entries(x).map(([k, v]) => `${JSON.stringify(k)}: ${dumps(v)}`).join(', ')}}`;
  return JSON.stringify(x);
};

function edgeConfigs() {
  const small = { model_type: 'llama', hidden_size: 64, intermediate_size: 128, num_hidden_layers: 2,
    num_attention_heads: 4, num_key_value_heads: 2, vocab_size: 100 };
  const moe = { ...small, model_type: 'qwen3_moe', num_experts: 8, num_experts_per_tok: 2, moe_intermediate_size: 32,
    decoder_sparse_step: 2, mlp_only_layers: [0] };
  const s = dumps(small);
  return {
    'small-llama.json': s,
    'small-moe.json': dumps(moe),
    'gemma3-text-config.json': dumps({ model_type: 'gemma3', tie_word_embeddings: false,
      text_config: { ...small, model_type: 'gemma3_text' } }),
    'gpt-oss-like.json': dumps({ ...small, model_type: 'gpt_oss', num_local_experts: 4, experts_per_token: 2,
      attention_bias: true, sliding_window: 16, max_position_embeddings: 4096 }),
    'qwen2-bias.json': dumps({ ...small, model_type: 'qwen2', use_sliding_window: false, sliding_window: 4096 }),
    'escaped-keys.json': '{"model_type":"llama","\\u0068idden_size":64,"intermediate_size":128,'
      + '"num_hidden_layers":2,"num_attention_heads":4,"vocab_size":100}',
    'nulls.json': dumps({ ...small, num_key_value_heads: null, head_dim: null, num_experts: null }),
    'truncated.json': s.slice(0, 57),
    'trailing-comma.json': `${s.slice(0, -1)},}`,
    'nan.json': s.replace('64', 'NaN'),
    'duplicate.json': `${s.slice(0, -1)}, "hidden_size": 65}`,
    'deep.json': `{"a":${'['.repeat(70)}${']'.repeat(70)}}`,
    'not-object.json': '[1, 2, 3]',
    'empty.json': '',
    'huge-number.json': s.replaceAll('100}', `1${'0'.repeat(80)}}`),
    'fraction.json': s.replace('64', '64.5'),
    'shared-experts.json': dumps({ ...moe, n_shared_experts: 1 }),
    'mla.json': dumps({ ...small, kv_lora_rank: 512 }),
    'long-mlp-only.json': dumps({ ...moe, mlp_only_layers: Array.from({ length: 100 }, (_, i) => i % 2) }),
  };
}

/* ---- fuzz_analysis.c's layout ----------------------------------------------------- */
// int64: a selector byte; 1 -> 8 raw bytes little endian, 2 -> one byte, 3 -> two bytes.
// double: selector 1 -> 8 raw bytes little endian.

const bytes = (...b) => Buffer.from(b);
function i64(v) {
  if (v >= 0 && v < 256) return bytes(2, v);
  const b = Buffer.alloc(v >= 0 && v < 65536 ? 3 : 9);
  b[0] = b.length === 3 ? 3 : 1;
  if (b.length === 3) b.writeUInt16LE(v, 1);
  else b.writeBigInt64LE(BigInt(v), 1);
  return b;
}
function f64(v) {
  const b = Buffer.alloc(9);
  b[0] = 1;
  b.writeDoubleLE(v, 1);
  return b;
}

function analysisSeed(shape, o = {}) {
  const m = { maxpos: 0, window: 0, sliding_layers: 0, experts: 0, topk: 0, moe_inter: 0, moe_layers: 0, shared: 0,
    flags: 0, flags2: 0, dtype_index: 0, quant: 0, ...shape };
  const d = { gpu: [312.0, 1555.0, 40.0], gflags: 0, prec: 0, kvprec: 0, moe_read: 0, seq: 4096, batch: 1, tp: 1,
    pp: 1, micro: 0, block: 0, cap: 4, ...o };
  const parts = ['layers', 'hidden', 'heads', 'kv', 'hd', 'vocab', 'inter', 'maxpos', 'window', 'sliding_layers',
    'experts', 'topk', 'moe_inter', 'moe_layers', 'shared'].map((k) => i64(m[k]));
  parts.push(bytes((m.flags & 0x3f) | (m.mla ? 0x40 : 0)));
  if (m.mla) parts.push(...m.mla.map(i64)); // q_lora, kv_lora, nope, rope, v
  const raw = d.dtype_raw !== undefined;
  parts.push(bytes((m.flags2 & 3) | (raw ? 8 : 0) | (m.dtype_index << 4) | (m.quant << 6)));
  if (raw) parts.push(bytes(d.dtype_raw & 0xff));
  parts.push(bytes(1, 0)); // model_type "llama"; name "" (the harness then names it "custom")
  parts.push(...d.gpu.map(f64));
  const optional = [d.fp8, d.int8, d.ram];
  parts.push(bytes(d.gflags | optional.reduce((g, x, i) => g | (x !== undefined ? 4 << i : 0), 0)));
  for (const x of optional) if (x !== undefined) parts.push(f64(x));
  const knobs = [d.chunk, d.reserves, d.overhead, d.pool, d.launch];
  let which = (d.prec ? 1 : 0) | (d.kvprec ? 2 : 0) | (d.moe_read ? 4 : 0);
  knobs.forEach((x, i) => { if (x !== undefined) which |= 8 << i; });
  parts.push(bytes(which));
  for (const x of [d.prec, d.kvprec, d.moe_read]) if (x) parts.push(bytes(x));
  parts.push(...[d.seq, d.batch, d.tp, d.pp, d.micro, d.block].map(i64));
  if (d.chunk !== undefined) parts.push(i64(d.chunk));
  if (d.reserves !== undefined) parts.push(...d.reserves.map(f64));
  for (const x of [d.overhead, d.pool, d.launch]) if (x !== undefined) parts.push(f64(x));
  parts.push(bytes(d.cap));
  return Buffer.concat(parts);
}

const Q4 = { layers: 36, hidden: 2560, heads: 32, kv: 8, hd: 128, vocab: 151936, inter: 9728, maxpos: 40960, dtype_index: 1 };
const H100 = [989.0, 3350.0, 80.0];

function analysisSeeds() {
  const l70 = { layers: 80, hidden: 8192, heads: 64, kv: 8, hd: 128, vocab: 128256, inter: 28672, maxpos: 8192, dtype_index: 1 };
  const mix = { layers: 32, hidden: 4096, heads: 32, kv: 8, hd: 128, vocab: 32000, inter: 14336, experts: 8, topk: 2,
    moe_inter: 14336, moe_layers: 32, window: 4096, sliding_layers: 32, maxpos: 32768, dtype_index: 1 };
  const ds = { layers: 61, hidden: 7168, heads: 128, kv: 128, hd: 192, vocab: 129280, inter: 18432, maxpos: 163840,
    experts: 256, topk: 8, moe_inter: 2048, moe_layers: 58, shared: 2048, mla: [1536, 512, 128, 64, 128], flags2: 2,
    dtype_index: 1, quant: 1 };
  const gemma = { layers: 62, hidden: 5376, heads: 32, kv: 16, hd: 128, vocab: 262208, inter: 21504, maxpos: 131072,
    window: 1024, sliding_layers: 52, flags: 0b11, dtype_index: 1 };
  const h200 = [989.0, 4800.0, 141.0];
  const ones = { layers: 1, hidden: 1, heads: 1, kv: 1, hd: 1, vocab: 1, inter: 1 };
  const max = { layers: 100000, hidden: 1048576, heads: 65536, kv: 65536, hd: 65536, vocab: 16777216, inter: 16777216 };
  return {
    'qwen3-4b-a100.bin': analysisSeed(Q4),
    'qwen3-4b-batch64-fp8kv.bin': analysisSeed(Q4, { prec: 2, kvprec: 4, batch: 64 }),
    'qwen3-4b-paged.bin': analysisSeed(Q4, { block: 16, seq: 4000, batch: 8 }),
    'qwen3-4b-tight.bin': analysisSeed(Q4, { gpu: [312.0, 1555.0, 9.0], batch: 2 }),
    'qwen3-4b-knobs.bin': analysisSeed(Q4, { chunk: 512, reserves: [1.0, 0.5], overhead: 0.1, pool: 0.5, launch: 0.0, tp: 2 }),
    'llama70b-refused.bin': analysisSeed(l70, { gpu: H100 }),
    'llama70b-tp4.bin': analysisSeed(l70, { gpu: H100, tp: 4, batch: 16 }),
    'llama70b-pp4.bin': analysisSeed(l70, { gpu: H100, pp: 4, micro: 4, batch: 16 }),
    'llama70b-pp3-kv-refusal.bin': analysisSeed(l70, { gpu: H100, pp: 3, batch: 512, seq: 32768 }),
    'llama70b-fp8-roof.bin': analysisSeed(l70, { gpu: H100, fp8: 1979.0, int8: 1979.0, prec: 4, tp: 2 }),
    'llama70b-int8-roof.bin': analysisSeed(l70, { gpu: H100, int8: 1979.0, prec: 5, tp: 2 }),
    'mixtral-union.bin': analysisSeed(mix, { gpu: h200, batch: 8 }),
    'mixtral-distinct-int4.bin': analysisSeed(mix, { gpu: h200, prec: 6, moe_read: 1, batch: 3 }),
    'deepseek-mla-fp8.bin': analysisSeed(ds, { gpu: [2250.0, 8000.0, 180.0], fp8: 4500.0, tp: 8, batch: 4 }),
    'gemma3-windows.bin': analysisSeed(gemma, { gpu: H100, seq: 32768, block: 16 }),
    'apple-unknown-tflops.bin': analysisSeed(Q4, { gpu: [0.0, 546.0, 96.0], gflags: 3, ram: 128.0 }),
    'tiny-model-huge-gpu.bin': analysisSeed(ones, { gpu: [1e6, 1e6, 1e6], seq: 1 }),
    'max-shapes.bin': analysisSeed(max),
    'paged-block-max.bin': analysisSeed(Q4, { block: 1 << 24, seq: 1 << 24, batch: 1 << 20 }),
    // Raw specials: all-zero, all-0xff, one selector of each kind.
    'zeros.bin': Buffer.alloc(64),
    'ones.bin': Buffer.alloc(200, 0xff),
    'specials.bin': Buffer.concat([0, 1].map(() => Buffer.from(Array.from({ length: 64 }, (_, i) => i * 4)))),
  };
}

/* ---- reproducers of findings: each failed its target until the core was fixed ---- */

function regressions() {
  const slow = { model_type: 'qwen3_moe', hidden_size: 1, intermediate_size: 1, num_hidden_layers: 100000,
    num_attention_heads: 1, vocab_size: 1, num_experts: 2, num_experts_per_tok: 1, moe_intermediate_size: 1,
    mlp_only_layers: Array.from({ length: 4000 }, (_, i) => i) };
  return {
    // rl_model_default() left dtype 0 (RL_PREC_AUTO) and rl_model_finish accepted it: with the default
    // precision "auto" the weights and the KV resolved to 0 bytes and the step to 0 s.
    'analysis/model-dtype-auto.bin': analysisSeed(Q4, { dtype_raw: 0, gpu: H100 }),
    // rl_model_finish accepted experts < 0 (it only checked experts > 0): -1 experts, distinct reads.
    'analysis/model-negative-experts.bin': analysisSeed({ ...Q4, experts: -1 }, { gpu: H100, moe_read: 1 }),
    // rl_gpu_validate never looked at ram_gib: a unified GPU with ram_gib NaN echoed null in the report.
    'analysis/gpu-unified-ram-nan.bin': analysisSeed(Q4, { gpu: H100, gflags: 2, ram: NaN }),
    // Positive but tiny GPU figures: every time overflowed to infinity.
    'analysis/gpu-denormal.bin': analysisSeed(Q4, { gpu: [5e-324, 5e-324, 1e6] }),
    'analysis/pool-fraction-1e-300.bin': analysisSeed(Q4, { gpu: H100, pool: 1e-300 }),
    'request/gpu-tflops-1e-305.json': '{"model":"qwen3-4b","gpu":{"tflops":1e-305,"bandwidth_gbs":3350,"vram_gib":80}}',
    'request/gpu-bandwidth-denormal.json': '{"model":"qwen3-4b","gpu":{"tflops":989,"bandwidth_gbs":5e-324,"vram_gib":80}}',
    'request/pool-fraction-1e-300.json': '{"model":"qwen3-4b","gpu":"h100-sxm","pool_fraction":1e-300}',
    // A GPU preset without a sourced bandwidth: the error named the field "gpu", its message did not.
    'request/gpu-preset-without-limit.json': '{"model": "qwen3-4b", "gpu": "dgx-spark"}\n',
    // An unknown key of valid UTF-8, cut at 40 bytes inside a character: the error JSON was not UTF-8.
    'request/unknown-key-utf8-cut.json': `{"model":"qwen3-4b","gpu":"h100-sxm","a${'\u00e9'.repeat(25)}":1}`,
    // count_moe_layers re-read the whole mlp_only_layers list for every layer: O(L x list). 100000 layers
    // and a 4000-entry list (23 KB of config.json) took about 24 s in a release build.
    'config/mlp-only-layers-quadratic.json': dumps(slow),
  };
}

function handMade() {
  const seeds = join(ROOT, 'tests', 'fuzz', 'seeds');
  for (const [name, text] of Object.entries(edgeConfigs())) write(join(seeds, 'config'), name, text);
  for (const [name, data] of Object.entries(analysisSeeds())) write(join(seeds, 'analysis'), name, data);
  let added = 0;
  for (const [name, data] of Object.entries(regressions())) {
    const path = join(ROOT, 'tests', 'fuzz', 'regressions', name);
    if (existsSync(path)) continue;
    write(dirname(path), name.split('/').pop(), data);
    added++;
  }
  console.error(`hand-made seeds written to ${seeds}; ${added} missing reproducer(s) written`);
}

const at = process.argv.indexOf('--derived');
if (at >= 0) {
  const out = process.argv[at + 1];
  if (!out) {
    console.error('usage: make-seeds.mjs [--derived DIR]');
    process.exit(2);
  }
  const c = derived(resolve(out));
  console.error(`derived seeds in ${out}: ${c.config} configs, ${c.request} requests, ${c.lint} serve commands`);
} else {
  handMade();
}
