// The page state: one signal per input, and the core's answers as computed
// signals. Every change re-runs analyze + sweep synchronously (microseconds).

import { batch, computed, signal } from '@preact/signals';
import { CUSTOM, ESTIMATE_INPUTS, GPU_FIELDS, INPUT_KEYS, PARAMS, SCALE_FIELDS, defaultInputs, gpuEdited } from './inputs.js';
import { buildRequest, inputForErrorField, workloadSetsContext } from './request.js';
import { significant } from './format.js';
import { planSearches, view } from './view.js';
import { citationsLoaded } from './presets.js';

export const SWEEP_POINTS = 48;

function safely(run) {
  try {
    return run();
  } catch (e) {
    return { error: { code: 'internal', field: '', message: `The core failed: ${e?.message ?? e}` } };
  }
}

const text = (v) => (v === null || v === undefined ? '' : String(v));

/** A preset's size as the size field reads it: 4022468096 → "4.02B", 70553706496 → "70.6B". */
export function sizeText(params) {
  if (!(params > 0)) return '';
  const [scale, suffix] = params >= 1e12 ? [1e12, 'T'] : params >= 1e9 ? [1e9, 'B'] : [1e6, 'M'];
  return `${significant(params / scale, 3)}${suffix}`;
}

/**
 * The GPU memory a unified-memory preset lets the core use, by the preset's own
 * rule (core/src/presets.c, unified_limit): a wired limit, min(fraction × RAM,
 * RAM − reserve) (Apple's iogpu.wired_limit_mb), or a stated usable size (Strix
 * Halo). The preset's vram_gib is then the machine's RAM, not the GPU's share.
 * Null when the preset states no rule (the core refuses it).
 */
export function unifiedLimitGib(preset, setting) {
  const raised = setting === 'raised';
  const wired = preset.wired_limit;
  if (wired && typeof wired === 'object') {
    const ram = preset.vram_gib;
    const fraction = (raised ? wired.raised_fraction : wired.default_fraction) ?? 0;
    const reserve = (raised ? wired.raised_reserve_gib : wired.default_reserve_gib) ?? 0;
    return Math.min(fraction * ram, ram - reserve);
  }
  const usable = preset.usable_gib;
  if (usable && typeof usable === 'object') return (raised ? usable.tuned : usable.default) ?? 0;
  // DGX Spark: what CUDA reports as total (the core's GPU memory; free_at_start_gib bounds vLLM's pool).
  if (typeof preset.cuda_total_gib === 'number') return preset.cuda_total_gib;
  return null;
}

/** A preset's figures as its file states them, memory as the core would use it (used when the core has no report for it). */
function presetFigures(preset, limitSetting) {
  const limit = preset.memory === 'unified' ? unifiedLimitGib(preset, limitSetting) : null;
  return Object.fromEntries(GPU_FIELDS.map((key) => {
    const member = key.slice(4);
    return [key, text(member === 'vram_gib' && limit !== null ? limit : preset[member])];
  }));
}

/**
 * core: the loader's object; presets: core.presets(); initial: inputs from the
 * link (url-codec), already shape-checked.
 */
export function createState(core, presets, initial = {}) {
  const modelIds = presets.models.map((m) => m.id);
  const gpuIds = presets.gpus.map((g) => g.id);
  const defaults = defaultInputs(modelIds, gpuIds);
  const inputs = {};
  for (const key of INPUT_KEYS) {
    inputs[key] = signal(typeof initial[key] === 'string' ? initial[key] : defaults[key]);
  }

  const values = computed(() => Object.fromEntries(INPUT_KEYS.map((k) => [k, inputs[k].value])));
  const modelPreset = computed(() => presets.models.find((m) => m.id === inputs.model.value) ?? null);
  const gpuPreset = computed(() => presets.gpus.find((g) => g.id === inputs.gpu.value) ?? null);
  const edited = computed(() => gpuEdited(values.value));
  // The scale-out rows go to the core only once the full module answers (start.js sets citationsLoaded then; the
  // single file's one module is the full one): the hosted first-verdict module is built without them.
  const scaleOut = computed(() => citationsLoaded.value);
  const built = computed(() => buildRequest(values.value, { scaleOut: scaleOut.value }));
  const report = computed(() => {
    // Read so that the report follows when the full module's analyze stands in (presets.js: citationsLoaded).
    citationsLoaded.value;
    return safely(() => core.analyze(built.value.request, built.value.configText));
  });
  const error = computed(() => report.value.error ?? null);
  const fits = computed(() => report.value.fits === true);
  /** The parameters-only estimate, when the model is given by its size alone. */
  const estimate = computed(() => report.value.estimate ?? null);
  // The inputs the estimate does not read: disabled while the model is only a size.
  const NONE = Object.freeze({});
  const IGNORED = Object.freeze(Object.fromEntries(INPUT_KEYS.filter((k) => k !== 'model' && k !== 'config' && !ESTIMATE_INPUTS.includes(k)).map((k) => [k, true])));
  // The Plan view searches the GPU, tp, pp, batch, precision and context itself: the form's are not read.
  const SEARCHED = Object.freeze(Object.fromEntries(INPUT_KEYS.filter(planSearches).map((k) => [k, true])));
  // A workload sets the context (input + output): the context input is shown with it, not read.
  const FROM_WORKLOAD = Object.freeze({ seq: true });
  // Until the full module answers, the scale-out inputs are not read (nor sent): disabled.
  const WAITING = Object.freeze(Object.fromEntries(SCALE_FIELDS.map((k) => [k, true])));
  const ignored = computed(() =>
    inputs.model.value === PARAMS ? IGNORED : view.value === 'plan' ? SEARCHED : !scaleOut.value ? WAITING : workloadSetsContext(values.value) ? FROM_WORKLOAD : NONE,
  );
  // No sweep for a refusal: it would be throughput for a deployment that cannot run.
  const sweep = computed(() => {
    if (!fits.value) return null;
    const s = safely(() => core.sweep(built.value.request, built.value.configText, SWEEP_POINTS));
    // A point the core could not give finite figures for cannot be drawn; it is left out.
    const finite = (p) => [p.batch, p.ai, p.ms_per_token, p.tokens_per_s, p.step_ms].every(Number.isFinite);
    return Array.isArray(s.points) ? s.points.filter(finite) : null;
  });
  // A stable empty object: the fields that read it re-render only when an error comes or goes.
  const NO_ERRORS = Object.freeze({});
  let lastErrors = NO_ERRORS;
  const fieldErrors = computed(() => {
    const e = error.value;
    // An input the verdict module leaves to the full one (why full_module) is not wrong: no field is marked.
    const key = e && e.why !== 'full_module' ? inputForErrorField(e.field) : null;
    const next = key ? { [key]: e.message } : NO_ERRORS;
    if (next !== NO_ERRORS && lastErrors[key] === e.message && Object.keys(lastErrors).length === 1) return lastErrors;
    lastErrors = next;
    return next;
  });

  /** What the GPU fields show before any edit: the core's figures for the preset, else its file's. */
  const gpuShown = computed(() => {
    if (edited.value) return Object.fromEntries(GPU_FIELDS.map((k) => [k, inputs[k].value]));
    const preset = gpuPreset.value;
    if (!preset) return Object.fromEntries(GPU_FIELDS.map((k) => [k, '']));
    const file = presetFigures(preset, inputs.gpu_limit.value);
    const g = report.value.gpu;
    if (g && g.name === preset.id) {
      // An estimate's gpu holds only the memory and the bandwidth: the peaks come from the file.
      return Object.fromEntries(GPU_FIELDS.map((k) => [k, Object.hasOwn(g, k.slice(4)) ? text(g[k.slice(4)]) : file[k]]));
    }
    return file;
  });

  let lastPresetModel = modelPreset.value ?? presets.models[0] ?? null;

  function copyShownFigures() {
    const shown = gpuShown.value;
    for (const k of GPU_FIELDS) inputs[k].value = shown[k];
  }

  /** Sets one input, with the few couplings a person expects. */
  function set(key, value) {
    const next = String(value);
    batch(() => {
      if (key === 'model') {
        if (next === CUSTOM && inputs.config.value.trim() === '' && lastPresetModel) {
          // Start the user's own config from the model they were looking at.
          inputs.config.value = `${JSON.stringify(lastPresetModel.config, null, 2)}\n`;
        }
        if (next === PARAMS && inputs.params.value.trim() === '' && lastPresetModel) {
          // Likewise the size: the one of the model they were looking at.
          inputs.params.value = sizeText(lastPresetModel.params_total);
        }
        const preset = presets.models.find((m) => m.id === next);
        if (preset) lastPresetModel = preset;
      } else if (key === 'config' && inputs.model.value !== CUSTOM) {
        inputs.model.value = CUSTOM;
      } else if (key === 'params' && inputs.model.value !== PARAMS) {
        inputs.model.value = PARAMS;
      } else if (key === 'gpu') {
        // A custom GPU starts from the figures shown; a preset starts from its own.
        if (next === CUSTOM && !edited.value) copyShownFigures();
        else if (next !== CUSTOM) for (const k of GPU_FIELDS) inputs[k].value = '';
      } else if (GPU_FIELDS.includes(key) && !edited.value) {
        // The first edit of a preset's figure makes a custom GPU from all of them.
        copyShownFigures();
      }
      inputs[key].value = next;
    });
  }

  /** Back to the preset's own figures. */
  function resetGpu() {
    batch(() => {
      for (const k of GPU_FIELDS) inputs[k].value = '';
    });
  }

  return {
    core, presets, modelIds, gpuIds, defaults, inputs, values, modelPreset, gpuPreset, edited, gpuShown,
    built, report, error, fits, estimate, ignored, sweep, fieldErrors, set, resetGpu, scaleOut,
  };
}
