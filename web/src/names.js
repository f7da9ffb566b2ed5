// Display names for what the report calls by id ("qwen3-4b", "custom").
import { CUSTOM } from './inputs.js';
import { t } from './i18n/index.js';

export function modelName(app) {
  const preset = app.modelPreset.value;
  return app.inputs.model.value === CUSTOM || !preset ? t('name.customModel') : preset.name;
}

export function gpuName(app) {
  const preset = app.gpuPreset.value;
  if (!preset) return t('name.customGpu');
  return app.edited.value ? t('name.yourFigures', { name: preset.name }) : preset.name;
}

export function plural(count, one, many = `${one}s`) {
  return count === 1 ? one : many;
}

/** The serving engines as their projects write their names; the id (the CLI's --engine value) otherwise. */
const ENGINE_NAMES = Object.freeze({ vllm: 'vLLM', sglang: 'SGLang', 'trt-llm': 'TensorRT-LLM', 'llama.cpp': 'llama.cpp', 'gpt-fast': 'gpt-fast' });

export function engineName(id) {
  return Object.hasOwn(ENGINE_NAMES, id) ? ENGINE_NAMES[id] : String(id ?? '');
}

/** A choice of the engine menu: an engine's name, or auto with the engine it resolved to when known (the report's config.engine). */
export function engineChoice(id, resolved) {
  if (id !== 'auto') return engineName(id);
  return resolved && resolved !== 'auto' ? t('engine.auto.is', { engine: engineName(resolved) }) : t('engine.auto');
}
