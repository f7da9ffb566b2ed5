// The preset list the page shows: the core's preset objects (its numbers win),
// with the prose the wasm build leaves out added back by id. The prose (sources,
// notes, Hugging Face repos) is not needed for the verdict: the page adds it
// once it has loaded, after the first verdict is on screen.
import { signal } from '@preact/signals';

export function withProse(presets, prose = {}) {
  const add = (list, table) => list.map((p) => ({ ...(table?.[p.id] ?? {}), ...p }));
  return { models: add(presets.models, prose.models), gpus: add(presets.gpus, prose.gpus) };
}

/** Flips to true once addProse ran: what shows prose reads it, and so follows. */
export const proseLoaded = signal(false);

/**
 * Whether the core the page analyses with is the full one. The hosted page's first module
 * (roofline-verdict.wasm) computes no cost and reads no scale-out input; start.js sets this to false
 * while it is the one, and to true once the full module's analyze stands in (loader.js, addFeatures).
 * The report reads it, so it is computed again then: the cost panel appears with the full module.
 */
export const citationsLoaded = signal(true);

/** Adds the prose to the page's preset objects in place (the core's fields win). */
export function addProse(presets, prose = {}) {
  for (const kind of ['models', 'gpus']) {
    for (const p of presets[kind]) {
      for (const [k, v] of Object.entries(prose[kind]?.[p.id] ?? {})) if (!(k in p)) p[k] = v;
    }
  }
  proseLoaded.value = true;
}
