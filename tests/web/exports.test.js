// The built module exports every function core/wasm/exports.txt lists.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
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
