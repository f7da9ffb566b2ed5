// The presets' prose (source, notes) as a build-time module. The wasm core carries
// only the numbers, the ids and names and each model's hf_repo (its build strips the
// prose to keep the module small; the page reads hf_repo from the core, so it is not
// here twice); the page shows where each figure comes from, read here from presets/,
// the single source of truth, as plain text that compresses well.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ID = 'virtual:preset-prose';
const PROSE = ['source', 'notes'];

export function readPresetProse(presetsDir) {
  const out = { models: {}, gpus: {} };
  const files = [];
  for (const kind of Object.keys(out)) {
    const dir = join(presetsDir, kind);
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
      const file = join(dir, name);
      files.push(file);
      const preset = JSON.parse(readFileSync(file, 'utf8'));
      out[kind][preset.id] = Object.fromEntries(PROSE.filter((k) => typeof preset[k] === 'string').map((k) => [k, preset[k]]));
    }
  }
  return { prose: out, files };
}

export function presetProse(presetsDir) {
  return {
    name: 'roofline:preset-prose',
    resolveId: (source) => (source === ID ? `\0${ID}` : null),
    load(id) {
      if (id !== `\0${ID}`) return null;
      const { prose, files } = readPresetProse(presetsDir);
      for (const file of files) this.addWatchFile(file);
      return `export default ${JSON.stringify(prose)};`;
    },
  };
}
