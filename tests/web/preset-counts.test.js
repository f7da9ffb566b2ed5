// The preset tables the core carries: how many there are, that they are the files
// in presets/, and that every model preset's checkpoint total is what the core counts.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, test } from 'vitest';
import { ROOT, loadTestCore } from './core.js';

let core;
let presets;
beforeAll(async () => {
  core = await loadTestCore();
  presets = core.presets();
});

const files = (kind) =>
  readdirSync(fileURLToPath(new URL(`presets/${kind}`, ROOT)))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();

test('the core carries at least 50 accelerators and 40 models', () => {
  expect(presets.gpus.length).toBeGreaterThanOrEqual(50);
  expect(presets.models.length).toBeGreaterThanOrEqual(40);
});

test('the core tables are exactly the files in presets/', () => {
  for (const kind of ['models', 'gpus']) {
    expect(presets[kind].map((p) => p.id).sort(), kind).toEqual(files(kind));
  }
});

test('every model preset analyses by id, and its checkpoint total is the core count', () => {
  for (const m of presets.models) {
    const report = core.analyze({ model: m.id, gpu: 'b200', seq: 1024, batch: 1 });
    expect(report.error, m.id).toBeUndefined();
    expect(report.model.params_total, m.id).toBe(m.params_total);
  }
});

test('every GPU preset names its link: a name, or null for a single SoC (then no bandwidth), and a source', () => {
  for (const g of presets.gpus) {
    expect(g.link === null || (typeof g.link === 'string' && g.link.length > 0), g.id).toBe(true);
    expect(g.link_gbs === null || (typeof g.link_gbs === 'number' && g.link_gbs > 0), g.id).toBe(true);
    if (g.link === null) expect(g.link_gbs, g.id).toBeNull();
    // The source is prose, kept out of the wasm: read it from the file.
    const file = JSON.parse(readFileSync(fileURLToPath(new URL(`presets/gpus/${g.id}.json`, ROOT)), 'utf8'));
    expect(typeof file.link_source === 'string' && file.link_source.length > 0, g.id).toBe(true);
  }
});
