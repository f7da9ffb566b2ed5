// The built module exports every function core/wasm/exports.txt lists.
import { readFileSync, readdirSync } from 'node:fs';
import { expect, test } from 'vitest';
import { FEATURE_EXPORTS, addFeatures, loadCore } from '../../web/src/core/loader.js';
import { ROOT, loadTestCore } from './core.js';

const listed = readFileSync(new URL('core/wasm/exports.txt', ROOT), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

test('exports.txt lists the bridge functions', () => {
  expect(listed.length).toBeGreaterThan(0);
});

test('the module exports every name in exports.txt', async () => {
  const core = await loadTestCore();
  const missing = listed.filter((name) => !core.exportNames.includes(name));
  expect(missing).toEqual([]);
});

test('the loader can time the core (rlw_bench)', async () => {
  const core = await loadTestCore();
  const run = core.bench({ model: 'qwen3-4b', gpu: 'a100-40g' }, 640);
  expect(run.iterations).toBe(640);
  expect(run.fits).toBe(570); // batches 1..64 cycle; the first 57 of each 64 fit
  expect(run.analysesPerSecond).toBeGreaterThan(0);
});

// The hosted page's first module (roofline-verdict.wasm): exports-verdict.txt's names, a subset of
// exports.txt, none of the features the full module adds; the same sources, so the same reports.
const readList = (name) => readFileSync(new URL(`core/wasm/${name}`, ROOT), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
const verdictListed = readList('exports-verdict.txt');
const loadVerdictCore = () => loadCore(readFileSync(new URL('web/generated/roofline-verdict.wasm', ROOT)));

test('the verdict module exports exports-verdict.txt, a subset of exports.txt, and none of the features', async () => {
  expect(verdictListed.filter((name) => !listed.includes(name))).toEqual([]);
  const verdict = await loadVerdictCore();
  expect(verdictListed.filter((name) => !verdict.exportNames.includes(name))).toEqual([]);
  expect(FEATURE_EXPORTS.filter((name) => verdict.exportNames.includes(name))).toEqual([]);
  expect(FEATURE_EXPORTS.filter((name) => !listed.includes(name))).toEqual([]);
  expect(() => verdict.lint('vllm serve x', { gpu: 'h100-sxm' })).toThrow(/rlw_lint/);
});

test('the verdict module reports every vector and preset as the full module does; addFeatures gives it the rest', async () => {
  const [verdict, full] = await Promise.all([loadVerdictCore(), loadTestCore()]);
  expect(verdict.presets()).toEqual(full.presets());
  const dir = new URL('tests/vectors/', ROOT);
  let compared = 0;
  for (const file of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    for (const v of JSON.parse(readFileSync(new URL(file, dir), 'utf8')).vectors ?? []) {
      if (typeof v.lint === 'string') continue;
      const request = typeof v.request_text === 'string' ? v.request_text : v.input;
      const config = typeof v.config_text === 'string' ? v.config_text : undefined;
      expect(verdict.analyze(request, config), v.name).toEqual(full.analyze(request, config));
      compared++;
    }
  }
  expect(compared).toBeGreaterThan(100);
  addFeatures(verdict, full);
  const request = { model: 'qwen3-4b', gpu: 'a100-40g', batch: 8 };
  expect(verdict.sweep(request)).toEqual(full.sweep(request));
  expect(verdict.lint('vllm serve Qwen/Qwen3-4B', { gpu: 'a100-40g' })).toEqual(full.lint('vllm serve Qwen/Qwen3-4B', { gpu: 'a100-40g' }));
});
