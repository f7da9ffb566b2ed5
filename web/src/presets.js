// The preset list the page shows: the core's preset objects (its numbers win),
// with the prose the wasm build leaves out added back by id.
export function withProse(presets, prose = {}) {
  const add = (list, table) => list.map((p) => ({ ...(table?.[p.id] ?? {}), ...p }));
  return { models: add(presets.models, prose.models), gpus: add(presets.gpus, prose.gpus) };
}
