// The Plan view's state: which view shows (view.js), the two service-level targets, and
// the request the core's planner (core.plan, rlw_plan: the CLI's --plan) is
// given. The search itself is the core's; nothing here ranks or filters.
import { signal } from '@preact/signals';
import { SEARCHED, view } from './view.js';

// The view and the searched inputs live in view.js, which the entry script reads without this module.
export { planSearches, view } from './view.js';

/**
 * The page-only link keys of the Plan view. Like `lang`, they are no input of
 * the core's request (the C reader would refuse them), so they are not rows of
 * core/fields.json: the URL codec reads and writes them beside the table's keys.
 * view=plan opens the Plan view; ttft and tpsu are its targets; gpus (preset ids,
 * comma-separated), prec and tight=1 what it searches (the CLI's --gpus, --precision, --allow-tight).
 */
export const PLAN_KEYS = Object.freeze({
  view: 'view', max_ttft_ms: 'ttft', min_tokens_per_s_user: 'tpsu', gpus: 'gpus', precision: 'prec', allow_tight: 'tight',
});
export const VIEWS = Object.freeze(['main', 'plan']);

/** The targets as typed (text, like the form's inputs); '' is no target. */
export const targets = {
  max_ttft_ms: signal(''),
  min_tokens_per_s_user: signal(''),
};

/**
 * The 8-bit and 4-bit weight formats the planner searches beside auto, by engine (rl_plan's, engines.c
 * plan_formats): each engine's own, as its ways out (GGUF has no fp8; gpt-fast quantizes to int8 and int4).
 * The core's plan JSON lists the precisions it searched; a test holds the two equal.
 */
export const PLAN_FORMATS = Object.freeze({
  vllm: ['fp8', 'int4'], sglang: ['fp8', 'int4'], 'trt-llm': ['fp8', 'int4'], 'llama.cpp': ['q8_0', 'q4_k_m'], 'gpt-fast': ['int8', 'int4'],
});
/** auto resolves by the GPU (rl_engine_for): vLLM on most, llama.cpp on Apple's and Strix Halo. */
const AUTO_ENGINES = Object.freeze(['vllm', 'llama.cpp']);
/**
 * The precisions the planner searches for an engine: auto and its two formats ('' searches them all);
 * with auto, those of both engines it resolves to, each once.
 */
export const planPrecisions = (engine) => [...new Set(['auto', ...(engine === 'auto' || engine == null || engine === ''
  ? AUTO_ENGINES.flatMap((e) => PLAN_FORMATS[e]) : PLAN_FORMATS[engine] ?? PLAN_FORMATS.vllm)])];
/** Every precision a plan may be restricted to, in any engine: what a link's prec may hold. */
export const PLAN_PRECISIONS = Object.freeze([...new Set(Object.keys(PLAN_FORMATS).flatMap(planPrecisions))]);

/** What the search covers: GPU preset ids ([] = every preset), one precision ('' = all), tight fits too. */
export const search = {
  gpus: signal([]),
  precision: signal(''),
  allow_tight: signal(false),
};

/** The GPU ids of a list that are presets, once each, in the presets' order: [] when none. */
export function checkedGpus(list, gpuIds) {
  const chosen = new Set(Array.isArray(list) ? list : []);
  return gpuIds.filter((id) => chosen.has(id));
}

/** The search's settings now (signals read here are tracked by the caller's effect). */
export const searchSettings = () => ({ gpus: search.gpus.value, precision: search.precision.value, allow_tight: search.allow_tight.value });

/** Candidates of each option the page lists (the CLI's --top). */
export const PLAN_TOP = 10;

/** The form's request without the keys the plan searches: the base the core adds each setup to. */
export function planRequest(request) {
  const base = {};
  for (const [key, value] of Object.entries(request ?? {})) if (!SEARCHED.has(key)) base[key] = value;
  return base;
}

const TARGET = /^\d{1,9}(\.\d{1,9})?$/;

/** A target's text as the core takes it: a non-negative number, or 0 (no target) when empty or unreadable. */
export function targetValue(text) {
  const s = String(text ?? '').trim();
  return TARGET.test(s) ? Number(s) : 0;
}

/** True when a target's text is one the link may carry and the core reads. */
export const validTarget = (text) => TARGET.test(String(text ?? '').trim());

/** Sets the view and targets from a decoded link ({view, max_ttft_ms, min_tokens_per_s_user}). */
export function restorePlan(page = {}) {
  if (VIEWS.includes(page.view)) view.value = page.view;
  for (const key of Object.keys(targets)) if (typeof page[key] === 'string') targets[key].value = page[key];
  if (Array.isArray(page.gpus)) search.gpus.value = page.gpus;
  if (PLAN_PRECISIONS.includes(page.precision)) search.precision.value = page.precision;
  if (page.allow_tight === true) search.allow_tight.value = true;
}

/** What the link carries of the Plan view: the view when it is not the main one, and the targets set. */
export function planLinkState() {
  return { view: view.value, max_ttft_ms: targets.max_ttft_ms.value, min_tokens_per_s_user: targets.min_tokens_per_s_user.value, ...searchSettings() };
}

/** The planner's input for the form's built request ({request, configText}), as one string: equal inputs, equal text. */
export function planInput(built) {
  return JSON.stringify([planRequest(built.request), built.configText ?? null]);
}

/** The targets' texts now (signals read here are tracked by the caller's effect). */
export const targetTexts = () => ({ max_ttft_ms: targets.max_ttft_ms.value, min_tokens_per_s_user: targets.min_tokens_per_s_user.value });

/**
 * The core's plan for a planInput text, the targets' texts and the search's settings: {plan} or {error}.
 * `core` is the loader's object.
 */
export function runPlan(core, input, goal = targetTexts(), settings = searchSettings()) {
  try {
    const [request, configText] = JSON.parse(input);
    return core.plan(request, {
      max_ttft_ms: targetValue(goal.max_ttft_ms),
      min_tokens_per_s_user: targetValue(goal.min_tokens_per_s_user),
      allow_tight: settings.allow_tight === true,
      // A precision another engine searches (chosen before the engine changed) searches this engine's all.
      precision: planPrecisions(request?.engine).includes(settings.precision) ? settings.precision : '',
      gpus: Array.isArray(settings.gpus) ? settings.gpus : [],
    }, configText ?? undefined, PLAN_TOP);
  } catch (e) {
    return { error: { code: 'internal', field: '', message: `The core failed: ${e?.message ?? e}` } };
  }
}

/** The form values that open candidate c in the main view (the setup; the model and workload stay). */
export function candidateInputs(c) {
  // The scale-out layout as the plan ran it (empty: the core's default, off); its nodes hold 8 GPUs each (plan.c).
  const layout = (n) => (n > 1 ? String(n) : '');
  return {
    gpu: c.gpu, precision: c.precision, tp: String(c.tp), pp: String(c.pp), batch: String(c.batch), micro_batches: '',
    ep: layout(c.ep), dp_attention: layout(c.dp_attention), nodes: layout(c.nodes), gpus_per_node: c.nodes > 1 ? '8' : '',
    redundant_experts: '', ep_imbalance: '',
    // A disaggregated setup's pools (plan.c writes them only for one); a colocated setup clears any the form had.
    ...Object.fromEntries(['prefill_instances', 'prefill_tp', 'decode_instances'].map((k) => [k, c.prefill_instances > 0 ? String(c[k]) : ''])),
  };
}
