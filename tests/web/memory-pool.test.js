// The realistic budget's pool, as the memory panel words it: a share of the GPU (vLLM), no pool
// (llama.cpp), or TensorRT-LLM's share of what the weights and reserves leave free, whose free
// memory is then a figure of its own (data-value: the report's free_after_reserves_gib).
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

function panel(report, code) {
  lang.value = code;
  const root = createDocument().createElement('div');
  render(h(MemoryPanel, { report }), root);
  const nodes = [...root.descendants()];
  const free = nodes.find((x) => x.getAttribute?.('data-testid') === 'memory.realistic.free_after_reserves_gib');
  const out = { text: root.textContent, free: free ? Number(free.getAttribute('data-value')) : undefined };
  render(null, root);
  return out;
}

test.each([
  ['en', 'TensorRT-LLM gives its KV cache 90.0% of the memory that the weights and a runtime reserve leave free'],
  ['zh-CN', 'TensorRT-LLM 把权重和运行时预留剩下的空闲内存的 90.0% 给 KV 缓存'],
])('%s: TensorRT-LLM\'s pool is a share of the free memory, shown with that memory', (code, words) => {
  const r = core.analyze({ model: 'qwen3-32b', gpu: 'h100-sxm', batch: 10, engine: 'trt-llm' });
  expect(r.config.pool_of).toBe('free');
  const p = panel(r, code);
  expect(p.text).toContain(words);
  expect(p.free).toBe(r.memory.realistic.free_after_reserves_gib);
});

test.each([
  [{ engine: 'vllm' }, 'it takes a pool (90.0% of memory)'],
  [{ engine: 'llama.cpp' }, 'llama.cpp has no memory pool'],
])('%j: a pool of the GPU says so, with no free-memory figure', (input, words) => {
  const r = core.analyze({ model: 'qwen3-32b', gpu: 'h100-sxm', batch: 10, ...input });
  expect(r.config.pool_of).toBe('gpu');
  const p = panel(r, 'en');
  expect(p.text).toContain(words);
  expect(p.free).toBeUndefined();
});
