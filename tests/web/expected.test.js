// The engine's estimate on a tight fit: the engine runs only the requests its budget holds, so the
// estimate is for that batch, and the panel says so (in each language); a fit says nothing of it.
import { h, render } from 'preact';
import { beforeAll, expect, test } from 'vitest';
import { Expected } from '../../web/src/components/Expected.jsx';
import { LANGS, lang, loadLang } from '../../web/src/i18n/index.js';
import { createDocument } from './mini-dom.js';
import { loadTestCore } from './core.js';

const core = await loadTestCore();
beforeAll(async () => {
  for (const code of LANGS) await loadLang(code);
});

function batchNote(report, code) {
  lang.value = code;
  const root = createDocument().createElement('div');
  render(h(Expected, { report }), root);
  const el = [...root.descendants()].find((x) => x.getAttribute?.('data-testid') === 'realistic.batch');
  const out = el ? { text: el.textContent, value: Number(el.getAttribute('data-value')) } : null;
  render(null, root);
  return out;
}

test.each([
  ['en', 'The engine runs 8 of the 10 requests at once'],
  ['zh-CN', '引擎同时只运行 10 个请求中的 8 个'],
])('%s: a tight fit names the batch its engine runs', (code, words) => {
  const r = core.analyze({ model: 'qwen3-32b', gpu: 'h100-sxm', batch: 10 });
  expect(r.verdict).toBe('tight');
  expect(r.realistic.batch).toBe(r.memory.max_batch_realistic);
  expect(r.realistic.tokens_per_s).toBeCloseTo(r.realistic.batch / (r.realistic.step_ms / 1000), 6);
  const note = batchNote(r, code);
  expect(note.value).toBe(8);
  expect(note.text).toContain(words);
});

test('the estimate is compared with the floor at its own batch', () => {
  const r = core.analyze({ model: 'qwen3-32b', gpu: 'h100-sxm', batch: 10 });
  const at8 = core.analyze({ model: 'qwen3-32b', gpu: 'h100-sxm', batch: 8 });
  expect(r.realistic.floor_step_ms).toBe(at8.decode.step_ms);
  expect(r.realistic.floor_step_ms).toBeLessThan(r.decode.step_ms);
  lang.value = 'en';
  const root = createDocument().createElement('div');
  render(h(Expected, { report: r }), root);
  const text = root.textContent;
  render(null, root);
  expect(text).toContain('floor 21.7 ms');
  expect(text).not.toContain('floor 22.3 ms');
});

test('a fit runs the batch asked for, and says nothing of it', () => {
  const r = core.analyze({ model: 'qwen3-32b', gpu: 'h100-sxm', batch: 8 });
  expect(r.verdict).toBe('fits');
  expect(r.realistic.batch).toBe(8);
  expect(batchNote(r, 'en')).toBeNull();
});
