// --write: regenerates one vector file's expected figures, warnings and
// remedies, and the figures its comments' derivations show (derivation.mjs), from
// the oracle, editing only the values that change so that the rest of the text
// stays byte for byte as it was.

import { storedForm } from './compare.mjs';
import { applyEdits, indentAt, member, parseSpans } from './jsontext.mjs';
import { judgeVector } from './oracle.mjs';
import { refreshDerivation } from './derivation.mjs';
import { codes, lookup } from './paths.mjs';
import { Q } from './rational.mjs';

// Report fields that are counts: the README lets them stay bare integers.
const COUNT = new RegExp(
  '^(model\\.(params_total|params_active|layers|hidden|heads|kv_heads|head_dim|vocab|experts|top_k|moe_layers|' +
    'shared_expert_intermediate|sliding_window|sliding_layers|kv_lora_rank|qk_rope_head_dim|' +
    'kv_elems_per_token_per_layer|kv_bytes_per_token)|config\\.(seq|batch|tp|pp|micro_batches|kv_block|prefill_chunk|gpu_layers|' +
    'nodes|gpus_per_node|ep|redundant_experts|dp_attention|prefill_instances|prefill_tp|decode_instances)|' +
    'disaggregation\\.(prefill_tp|prefill_instances|decode_instances|prefill_gpus|decode_gpus|prompt_tokens|output_tokens|' +
    '(realistic\\.)?balance\\.(prefill|decode)_instances_needed)|dp_attention\\.(groups|attention_tp|requests_per_group)|topology\\.(nodes|gpus_per_node|gpus)|' +
    'prefill\\.step_tokens|memory\\.(max_batch|max_batch_realistic|gpus|realistic\\.max_batch|max_gpu_layers)|pp\\.micro_batches|' +
    'offload\\.(gpu_layers|layers_on_host|max_gpu_layers)|cost\\.(workload\\.(gpus|replicas)|disaggregated\\.(prefill|decode)_gpus)|' +
    'paged\\.(kv_block|tokens_per_request|padding_tokens)|remedies\\.(more_tp|smaller_batch|shorter_context|fewer_gpu_layers)\\.value|remedies\\.lower_precision_more_tp\\.tp|' +
    'estimate\\.(gpus_needed|batch|gpus|remedies\\.more_tp\\.value|remedies\\.lower_precision_more_tp\\.tp))$',
);

const isPrinted = (v) => v.name.endsWith('-printed');

function arrayText(list, indent) {
  if (list.length === 0) return '[]';
  return `[\n${list.map((c) => `${indent}  ${JSON.stringify(c)}`).join(',\n')}\n${indent}]`;
}

export function rewriteFile(text) {
  const root = parseSpans(text);
  const doc = JSON.parse(text);
  const nodes = member(root, 'vectors').items;
  const edits = [], problems = [], notes = [];
  let figures = 0, vectors = 0;

  doc.vectors.forEach((v, i) => {
    if (v.error || v.lint || isPrinted(v)) return; // lint vectors: engine behaviour, checked by hand (tests/vectors/lint.json)
    const node = nodes[i];
    const { report, error } = judgeVector(v);
    if (error) {
      problems.push(`${v.name}: not computed: ${error.message}`);
      return;
    }
    let changed = 0;
    const expectedNode = member(node, 'expected');
    for (const [path, stored] of Object.entries(v.expected ?? {})) {
      const got = lookup(report, path);
      if (!got.found) {
        problems.push(`${v.name} ${path}: no such figure in the oracle report`);
        continue;
      }
      const value = storedForm(got.value);
      if (Object.is(value, stored)) continue;
      const span = member(expectedNode, path);
      edits.push({ start: span.start, end: span.end, text: JSON.stringify(value) });
      changed++;
      if (got.value instanceof Q && Number.isInteger(value) && value !== 0 && !COUNT.test(path) && v.tol?.[path] === undefined) {
        notes.push(`${v.name} ${path}: ${value} is a whole number in a float field; give it a tol of 1e-9·|value|`);
      }
    }
    for (const path of v.absent ?? []) {
      if (lookup(report, path).found) problems.push(`${v.name}: listed as absent, but the oracle reports ${path}`);
    }
    for (const key of ['warnings', 'remedies']) {
      if (v[key] === undefined) continue;
      const mine = codes(report[key]) ?? [];
      const kept = v[key].filter((c) => mine.includes(c));
      const next = [...kept, ...mine.filter((c) => !kept.includes(c))];
      if (next.length === v[key].length && kept.length === next.length) continue;
      const span = member(node, key);
      edits.push({ start: span.start, end: span.end, text: arrayText(next, indentAt(text, span.start)) });
      changed++;
    }
    const derivation = refreshDerivation(v.comment ?? '', report);
    if (derivation.text !== (v.comment ?? '')) {
      const span = member(node, 'comment');
      edits.push({ start: span.start, end: span.end, text: JSON.stringify(derivation.text) });
      changed += derivation.stale.length;
    }
    if (changed > 0) {
      figures += changed;
      vectors++;
    }
  });
  return { text: applyEdits(text, edits), problems, notes, figures, vectors };
}
