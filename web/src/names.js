// Display names for what the report calls by id ("qwen3-4b", "custom").
import { CUSTOM } from './inputs.js';

export function modelName(app) {
  const preset = app.modelPreset.value;
  return app.inputs.model.value === CUSTOM || !preset ? 'Your config.json model' : preset.name;
}

export function gpuName(app) {
  const preset = app.gpuPreset.value;
  if (!preset) return 'custom GPU';
  return app.edited.value ? `${preset.name} (your figures)` : preset.name;
}

export function plural(count, one, many = `${one}s`) {
  return count === 1 ? one : many;
}
