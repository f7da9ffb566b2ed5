// The memory panel when the weights alone pass the GPU: what is left for the KV cache is
// said as how far over, in the page's language, not as a negative size; data-value keeps
// the raw figure, as the report has it.
import { h, render } from 'preact';
import { beforeAll, expect, test } from 'vitest';
import { MemoryPanel } from '../../web/src/components/MemoryPanel.jsx';
import { LANGS, lang, loadLang } from '../../web/src/i18n/index.js';
import { createDocument } from './mini-dom.js';
import { loadTestCore } from './core.js';

const core = await loadTestCore();
beforeAll(async () => {
  for (const code of LANGS) await loadLang(code);
});

/** The panel rendered in a language; read(nodes) takes what a test needs from it before it is unmounted. */
function mounted(report, code, read) {
  lang.value = code;
  const root = createDocument().createElement('div');
  render(h(MemoryPanel, { report }), root);
  const out = read([...root.descendants()]);
  render(null, root);
  return out;
}

/** A figure by its data-testid: its text and raw value; undefined when the panel does not show it. */
function figure(report, code, testid) {
  return mounted(report, code, (nodes) => {
    const el = nodes.find((x) => x.getAttribute?.('data-testid') === testid);
    return el && { text: el.textContent, value: Number(el.getAttribute('data-value')) };
  });
}

test.each([
  ['en', 'none: 107.42 GiB over', 'none: 113.37 GiB over'],
  ['zh-CN', '无：超出 107.42 GiB', '无：超出 113.37 GiB'],
])('%s: llama-3-70b on one RTX 4090', (code, free, room) => {
  const r = core.analyze({ model: 'llama-3-70b', gpu: 'rtx-4090' });
  expect(r.verdict).toBe('weights_do_not_fit');
  expect(figure(r, code, 'memory.free_gib_per_gpu')).toEqual({ text: free, value: r.memory.free_gib_per_gpu });
  expect(r.memory.free_gib_per_gpu).toBeLessThan(0);
  expect(figure(r, code, 'memory.realistic.kv_room_gib')).toEqual({ text: room, value: r.memory.realistic.kv_room_gib });
});

test('room left is shown as a size', () => {
  const r = core.analyze({ model: 'qwen3-4b', gpu: 'a100-40g', precision: 'fp16' });
  expect(figure(r, 'en', 'memory.free_gib_per_gpu').text).toBe('32.51 GiB');
  expect(figure(r, 'en', 'memory.realistic.kv_room_gib').text).toBe('27.64 GiB');
});

// The sentence over the budget follows the pool: an engine's own pool of the whole GPU is no pool
// (llama.cpp, gpt-fast), a share is a pool, a pool the user chose is theirs whatever its size, and
// TensorRT-LLM's is a share of what the weights and reserves leave free.
function sentence(report, code) {
  return mounted(report, code, (nodes) => {
    const title = nodes.findIndex((x) => x.tagName?.toLowerCase() === 'h3');
    return nodes.slice(title).find((x) => x.tagName?.toLowerCase() === 'p' && x.getAttribute?.('class') === 'sub')?.textContent;
  });
}

test.each([
  [{ engine: 'llama.cpp' }, 'en', 'llama.cpp has no memory pool: it may use the whole GPU, less a runtime reserve.'],
  [{ engine: 'gpt-fast' }, 'zh-CN', 'gpt-fast 没有内存池：它可以使用整张 GPU，减去运行时预留。'],
  [{ engine: 'vllm' }, 'en', 'it takes a pool (90.0% of memory)'],
  // SGLang's own at tp 2 on 80 GiB: (81920 − 14032)/81920 MiB → 0.829 (memory_hook.py; README "Realistic budget"), a
  // share of what the CUDA context and NCCL leave before the weights load (profile_max_num_token).
  [{ engine: 'sglang', tp: 2 }, 'en', 'SGLang takes a pool of 82.9% of the memory the CUDA context and NCCL leave, before the weights load'],
  [{ engine: 'sglang', tp: 2 }, 'zh-CN', 'SGLang 的内存池是 CUDA 上下文和 NCCL 剩下的内存的 82.9%，在加载权重之前量出'],
  [{ engine: 'vllm', pool_fraction: 1 }, 'en', 'it takes a pool (100.0% of memory)'],
  [{ engine: 'trt-llm' }, 'en', 'TensorRT-LLM gives its KV cache 90.0% of the memory that the weights and a runtime reserve leave free'],
  [{ engine: 'trt-llm' }, 'zh-CN', 'TensorRT-LLM 把权重和运行时预留剩下的空闲内存的 90.0% 给 KV 缓存'],
])('the budget sentence of %j (%s)', (input, code, words) => {
  const r = core.analyze({ model: 'qwen3-4b', gpu: 'a100-80g', ...input });
  expect(sentence(r, code)).toContain(words);
});

// Only a pool of the free memory (TensorRT-LLM's) shows that memory, as a figure of its own (data-value:
// the report's free_after_reserves_gib); a pool of the GPU has none.
test.each([
  [{ engine: 'trt-llm' }, 'free'],
  [{ engine: 'vllm' }, 'gpu'],
  [{ engine: 'llama.cpp' }, 'gpu'],
])('%j: the free memory after the weights and reserves', (input, of) => {
  const r = core.analyze({ model: 'qwen3-32b', gpu: 'h100-sxm', batch: 10, ...input });
  expect(r.config.pool_of).toBe(of);
  const free = figure(r, 'en', 'memory.realistic.free_after_reserves_gib');
  // 80 − 0.6 context − 1.02 × 61.02 GiB of weights − the activations of TensorRT-LLM's whole 8192-token step, which
  // it keeps room for however short the prompt (8192 × 143,360 bytes = 1.09375 GiB).
  if (of === 'free') expect(free).toEqual({ text: '16.06 GiB', value: r.memory.realistic.free_after_reserves_gib });
  else expect(free).toBeUndefined();
});

// SGLang's pool is a share of what the CUDA context and NCCL leave: that memory is a figure of its own (data-value:
// the report's free_at_start_gib, VRAM − context − NCCL per peer × (GPUs − 1)); the other engines have none.
test.each([
  [{ engine: 'sglang' }, 'free_at_start', 'en'],
  [{ engine: 'sglang', tp: 4 }, 'free_at_start', 'zh-CN'],
  [{ engine: 'sglang', pp: 2, pool_fraction: 0.7 }, 'free_at_start', 'en'],
  [{ engine: 'vllm' }, 'gpu', 'en'],
  [{ engine: 'trt-llm' }, 'free', 'en'],
])('%j: the free memory once the CUDA context and NCCL are up (%s, %s)', (input, of, code) => {
  const r = core.analyze({ model: 'qwen3-32b', gpu: 'h100-sxm', batch: 10, ...input });
  expect(r.config.pool_of).toBe(of);
  const free = figure(r, code, 'memory.realistic.free_at_start_gib');
  if (of !== 'free_at_start') {
    expect(free).toBeUndefined();
    return;
  }
  const c = r.config;
  const want = r.gpu.vram_gib - c.context_reserve_gib - c.nccl_gib_per_peer * (c.tp * c.pp - 1);
  expect(Math.abs(r.memory.realistic.free_at_start_gib - want)).toBeLessThan(1e-9);
  expect(free).toEqual({ text: `${want.toFixed(2)} GiB`, value: r.memory.realistic.free_at_start_gib });
  expect(figure(r, code, 'memory.realistic.free_after_reserves_gib')).toBeUndefined();
});
