// Which view shows (main or Plan), and the inputs the Plan view searches itself: what the first
// verdict's modules read of the Plan view (App.jsx, HeaderButtons.jsx, state.js). The rest of the
// Plan view's state (plan.js: its targets, its search, the link's keys, the planner's request)
// is no part of the entry script: it loads with the Plan view, the URL codec and the link's mirror.
import { signal } from '@preact/signals';
import { GPU_FIELDS } from './inputs.js';

/** 'main' or 'plan'. */
export const view = signal('main');

/** The request keys the plan sets itself (the CLI refuses their flags with --plan). */
// The scale-out layout too (an MoE model's plan searches ep, dp_attention and nodes; the EP knobs would contradict
// its TP-only setups), but not the link between nodes, which the base request may set; and the disaggregation pools
// (the plan's disaggregated setups set them, plan.c).
export const SEARCHED = new Set(['gpu', 'tp', 'pp', 'batch', 'precision', 'seq', 'micro_batches', 'nodes', 'gpus_per_node', 'ep',
  'redundant_experts', 'ep_imbalance', 'dp_attention', 'prefill_instances', 'prefill_tp', 'decode_instances']);

/** The form's inputs the plan does not read (it searches them), a custom GPU's figures included: disabled in the Plan view. */
export const planSearches = (key) => SEARCHED.has(key) || GPU_FIELDS.includes(key);
