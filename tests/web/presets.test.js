// The page's preset list: the core's numbers, the prose from presets/.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { withProse } from '../../web/src/presets.js';
import { readPresetProse } from '../../web/build/preset-prose.js';
import { ROOT, loadTestCore } from './core.js';

test('every core preset gets its source back, and the core figures win', async () => {
  const core = await loadTestCore();
  const { prose } = readPresetProse(fileURLToPath(new URL('presets', ROOT)));
  const presets = withProse(core.presets(), prose);
  for (const kind of ['models', 'gpus']) {
    expect(presets[kind].length).toBeGreaterThan(0);
    for (const p of presets[kind]) expect(typeof p.source, `${kind} ${p.id}`).toBe('string');
  }
  // The prose module leaves hf_repo to the core (web/build/preset-prose.js): every model's is there.
  for (const p of presets.models) {
    const file = JSON.parse(readFileSync(fileURLToPath(new URL(`presets/models/${p.id}.json`, ROOT)), 'utf8'));
    expect(p.hf_repo, p.id).toBe(file.hf_repo);
  }
  expect(withProse({ models: [{ id: 'a', name: 'core' }], gpus: [] }, { models: { a: { name: 'prose', source: 's' } } }).models[0])
    .toEqual({ id: 'a', name: 'core', source: 's' });
});
