// The prefill chunk: each engine's own when not given (engines.mjs engineChunk), the report's chunk and its
// source, SGLang's reserve at a given chunk, and vLLM's bigger GPU at the chunk of the GPU it names.
// Run: node --test tests/oracle/
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { engineChunk } from './engines.mjs';
import { computeVector } from './oracle.mjs';
import { Q } from './rational.mjs';

const run = (input) => computeVector({ input });
const biggerGpu = (r) => r.remedies.find((x) => x.code === 'bigger_gpu').value;

test('each engine\'s own chunk: vLLM\'s by the GPU (70 GiB, not an A100), SGLang\'s by its tiers, the fixed ones, gpt-fast\'s seq', () => {
  assert.equal(engineChunk('vllm', new Q(70n), 'custom', 4096n), 8192n);
  assert.equal(engineChunk('vllm', new Q(6999n, 100n), 'custom', 4096n), 2048n);
  assert.equal(engineChunk('vllm', new Q(80n), 'a100-80g', 4096n), 2048n);
  assert.equal(engineChunk('sglang', new Q(80n), 'h100-sxm', 4096n), 8192n);
  assert.equal(engineChunk('trt-llm', new Q(24n), 'rtx-4090', 4096n), 8192n);
  assert.equal(engineChunk('llama.cpp', new Q(80n), 'h100-sxm', 4096n), 512n);
  assert.equal(engineChunk('gpt-fast', new Q(80n), 'h100-sxm', 1000n), 1000n);
});

test('the report gives the chunk in use and its source, right after prefill_chunk; none given is the engine\'s', () => {
  for (const [input, chunk, source] of [
    [{ model: 'qwen3-4b', gpu: 'h100-sxm' }, 8192, 'engine'],
    [{ model: 'qwen3-4b', gpu: 'a100-80g' }, 2048, 'engine'],
    [{ model: 'qwen3-4b', gpu: 'h100-sxm', engine: 'gpt-fast', seq: 1000 }, 1000, 'engine'],
    [{ model: 'qwen3-4b', gpu: 'h100-sxm', prefill_chunk: 100 }, 100, 'chosen'],
  ]) {
    const { config } = run(input);
    assert.equal(config.prefill_chunk.toNumber(), chunk);
    assert.equal(config.prefill_chunk_source, source);
    const keys = Object.keys(config);
    assert.equal(keys[keys.indexOf('prefill_chunk') + 1], 'prefill_chunk_source');
  }
  assert.throws(() => run({ model: 'qwen3-4b', gpu: 'h100-sxm', prefill_chunk: 2 ** 24 + 1 }));
  assert.throws(() => run({ model: 'qwen3-4b', gpu: 'h100-sxm', prefill_chunk: 0 }));
});

test('an engine\'s own chunk is a chosen one of the same size', () => {
  const act = (input) => run(input).memory.realistic.activation_gib;
  assert.ok(act({ model: 'qwen3-4b', gpu: 'h100-sxm' }).eq(act({ model: 'qwen3-4b', gpu: 'h100-sxm', prefill_chunk: 8192 })));
  assert.ok(act({ model: 'qwen3-4b', gpu: 'h100-sxm', engine: 'llama.cpp' })
    .eq(act({ model: 'qwen3-4b', gpu: 'h100-sxm', engine: 'llama.cpp', prefill_chunk: 512 })));
});

test('vLLM and TensorRT-LLM count the whole chunk however short the prompt; llama.cpp and gpt-fast at most the prompt; SGLang none', () => {
  const tokens = (input) => run({ model: 'qwen3-4b', gpu: 'h100-sxm', seq: 1000, ...input }).memory.realistic.activation_tokens.toNumber();
  assert.equal(tokens({}), 8192);
  assert.equal(tokens({ prefill_chunk: 2048 }), 2048);
  assert.equal(tokens({ engine: 'trt-llm' }), 8192);
  assert.equal(tokens({ engine: 'llama.cpp', prefill_chunk: 2048 }), 1000);
  assert.equal(tokens({ engine: 'llama.cpp', seq: 300 }), 300);
  assert.equal(tokens({ engine: 'llama.cpp' }), 512);
  assert.equal(tokens({ engine: 'gpt-fast' }), 1000);
  assert.equal(tokens({ engine: 'sglang' }), 0);
  // The shorter prompt changes nothing under vLLM: its activations at S 1000 are those at S 8192.
  const act = (seq) => run({ model: 'qwen3-4b', gpu: 'h100-sxm', seq }).memory.realistic.activation_gib;
  assert.ok(act(1000).eq(act(8192)));
  // The key sits right after activation_gib.
  const keys = Object.keys(run({ model: 'qwen3-4b', gpu: 'h100-sxm' }).memory.realistic);
  assert.equal(keys[keys.indexOf('activation_gib') + 1], 'activation_tokens');
});

test('SGLang\'s own pool: a given chunk sizes its reserve, its fraction and its bigger GPU', () => {
  const own = run({ model: 'llama-3-70b', gpu: 'h100-sxm', engine: 'sglang' });
  const given = run({ model: 'llama-3-70b', gpu: 'h100-sxm', engine: 'sglang', prefill_chunk: 2048 });
  assert.equal(own.config.pool_reserve.chunk.toNumber(), 8192);
  assert.equal(given.config.pool_reserve.chunk.toNumber(), 2048);
  assert.ok(given.config.pool_fraction.gt(own.config.pool_fraction));
  assert.ok(biggerGpu(given).lt(biggerGpu(own)));
  assert.equal(given.config.prefill_chunk_source, 'chosen');
});

test('vLLM\'s bigger GPU is found at the chunk of the GPU it names; a chosen chunk stays', () => {
  // A T4 (16 GiB, 2048) whose way out is over 70 GiB: the need at the whole 8192-token step, as if 8192 were chosen.
  const t4 = { model: 'llama-3-70b', gpu: 't4', batch: 4096 };
  assert.ok(biggerGpu(run(t4)).eq(biggerGpu(run({ ...t4, prefill_chunk: 8192 }))));
  assert.ok(biggerGpu(run(t4)).gt(biggerGpu(run({ ...t4, prefill_chunk: 2048 }))));
  // An A100 stays at 2048 whatever its size.
  const a100 = { model: 'llama-3-70b', gpu: 'a100-40g', batch: 64 };
  assert.ok(biggerGpu(run(a100)).eq(biggerGpu(run({ ...a100, prefill_chunk: 2048 }))));
});

test('a derivation\'s activation line follows the chunk in use; an exact tie may be shown rounded either way', async () => {
  const { refreshDerivation } = await import('./derivation.mjs');
  const realistic = {};
  Object.defineProperty(realistic, 'chunk_tokens', { value: new Q(4096n), enumerable: false });
  Object.defineProperty(realistic, 'activation_chunk_gib', { value: new Q(41n, 256n), enumerable: false }); // 0.16015625
  const report = { memory: { realistic } };
  const { text, stale } = refreshDerivation('Derivation: activation chunk C=2048*(2*4096+6144+2*14336)*2/tp = 0.1601562 GiB', report);
  assert.equal(text, 'Derivation: activation chunk C=4096*(2*4096+6144+2*14336)*2/tp = 0.1601562 GiB');
  assert.deepEqual(stale.map((s) => s.path), ['memory.realistic.chunk_tokens']);
  assert.deepEqual(refreshDerivation(text.replace('0.1601562', '0.1601563'), report).stale, []);
});

test('llama.cpp and gpt-fast: the step peaks at the output layer with every token\'s logits; llama.cpp\'s go to host memory', () => {
  // A published llama.cpp log: Llama 3 8B Q4_K_M at n_ctx = n_ubatch = 512, "CUDA0 compute buffer size = 258.50 MiB".
  const llama = run({ model: 'llama-3-8b', gpu: 'rtx-3080', engine: 'llama.cpp', precision: 'q4_k_m', seq: 512, batch: 8 });
  const real = llama.memory.realistic;
  assert.ok(real.activation_gib.eq(new Q(2585n, 10240n)));
  assert.equal(real.activation_at_logits, true);
  assert.equal(real.logits_on_host, true);
  assert.equal(real.step_logit_bytes.toNumber(), 4);
  // gpt-fast's bf16 logits of every prompt position, (V + H)·S·2, and its per-request fp32 logits besides.
  const gf = run({ model: 'llama-3-8b', gpu: 'h100-sxm', engine: 'gpt-fast', seq: 4096, batch: 1 }).memory.realistic;
  assert.ok(gf.activation_gib.eq(new Q(4096n * (128256n + 4096n) * 2n + 4n * 128256n, 1n << 30n)));
  assert.equal(gf.logits_on_host, false);
  // Offloaded, the output layer is on the host: the layers' step alone, 512 × 86,016 bytes.
  const off = run({ model: 'llama-3-8b', gpu: 'rtx-3080', engine: 'llama.cpp', precision: 'q4_k_m', seq: 512, gpu_layers: 32, ram_gib: 64, host_memory: 'ddr4-3200-2ch' });
  assert.ok(off.memory.realistic.activation_gib.eq(new Q(512n * 86016n, 1n << 30n)));
  assert.equal(off.memory.realistic.activation_at_logits, false);
  // vLLM: the layers' step, the logits per request.
  const vllm = run({ model: 'llama-3-8b', gpu: 'h100-sxm', seq: 8192 }).memory.realistic;
  assert.equal(vllm.activation_at_logits, false);
  assert.equal(vllm.step_logit_bytes.toNumber(), 0);
});
