// The page's words as the page renders them (mini-dom, no browser), in every language:
// no key shown in place of its message, whichever way a component builds the key.
//
// "both tables have the same keys" (i18n.test.js) compares the two tables with each
// other, so a key that neither has passes it: the form builds its labels from the field
// table (realistic.${key}), and realistic.spec_draft, spec_tokens and spec_accept, rows
// added later, were shown as those raw keys in both languages. Here the form and the
// results are rendered for setups that show every folded section, and every key that
// t() was asked for and no table has (i18n/index.js: missingKeys) fails the test.
import { h, render } from 'preact';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CUSTOM, PARAMS, defaultInputs } from '../../web/src/inputs.js';
import { createState } from '../../web/src/state.js';
import { LANGS, lang, loadLang, missingKeys } from '../../web/src/i18n/index.js';
import { InputsPanel } from '../../web/src/components/InputsPanel.jsx';
import { Verdict } from '../../web/src/components/Verdict.jsx';
import { CostPanel } from '../../web/src/components/CostPanel.jsx';
import { MemoryPanel } from '../../web/src/components/MemoryPanel.jsx';
import { ModelPanel } from '../../web/src/components/ModelPanel.jsx';
import { ParallelPanel } from '../../web/src/components/ParallelPanel.jsx';
import { PagingPanel } from '../../web/src/components/PagingPanel.jsx';
import { createDocument } from './mini-dom.js';
import { loadTestCore } from './core.js';

const core = await loadTestCore();
const presets = core.presets();
const defaults = defaultInputs(presets.models.map((m) => m.id), presets.gpus.map((g) => g.id));
for (const code of LANGS) await loadLang(code);

/** Setups that between them show every input and every result section (values as the form holds them). */
export const SETUPS = {
  preset: {},
  unified: { gpu: 'm4-max-128g' },
  custom: { gpu: CUSTOM, 'gpu.bandwidth_gbs': '900', 'gpu.vram_gib': '20' },
  size: { model: PARAMS, params: '70B', gpu: 'h100-sxm' },
  speculative: { model: 'llama-3-8b', gpu: 'h100-sxm', spec_draft: 'llama-3.2-1b', spec_tokens: '4', spec_accept: '0.7' },
  mtp: { model: 'deepseek-v3', gpu: 'h200-sxm', tp: '8', spec_draft: 'mtp', spec_tokens: '1', spec_accept: '0.85' },
  cost: { model: 'llama-3-70b', gpu: 'h100-sxm', tp: '2', pp: '2', kv_block: '16', requests_per_day: '10000', input_tokens: '1000', output_tokens: '500' },
  refusal: { model: 'llama-3-70b', gpu: 'a100-40g' },
  offload: { model: 'llama-3-8b', gpu: 'rtx-3060m-6g', engine: 'llama.cpp', gpu_layers: '10', ram_gib: '64', host_memory: 'ddr5-5600-2ch' },
};

/** The form and the results, rendered for one setup; returns the root (mini-dom) and the state. */
export function renderPage(initial) {
  const doc = createDocument();
  const root = doc.createElement('div');
  const app = createState(core, presets, { ...defaults, ...initial });
  const r = app.report.value;
  render(h('div', null,
    h(InputsPanel, { app }),
    h(Verdict, { app }),
    !r.error && !r.estimate && h(MemoryPanel, { report: r }),
    !r.error && !r.estimate && r.fits && h(CostPanel, { report: r }),
    !r.error && !r.estimate && h(ParallelPanel, { report: r }),
    !r.error && !r.estimate && h(PagingPanel, { report: r }),
    !r.error && !r.estimate && h(ModelPanel, { report: r })), root);
  return { root, app };
}

/** Every text the page shows, each text node and each worded attribute, in document order. */
export function shownTexts(root) {
  const out = [];
  const walk = (node) => {
    if (node.nodeType === 3) {
      if (node.data.trim()) out.push(node.data.trim());
      return;
    }
    for (const name of ['placeholder', 'aria-label', 'title', 'label']) {
      const v = node.getAttribute?.(name);
      if (v) out.push(v);
    }
    for (const c of node.childNodes) walk(c);
  };
  walk(root);
  return out;
}

let saved;
beforeAll(() => {
  saved = lang.value;
});
afterAll(() => {
  lang.value = saved;
});

describe.each(LANGS)('every message the page asks for is in a table (%s)', (code) => {
  test.each(Object.keys(SETUPS))('%s', (name) => {
    lang.value = code;
    missingKeys.clear();
    const { root } = renderPage(SETUPS[name]);
    const texts = shownTexts(root);
    render(null, root);
    expect([...missingKeys]).toEqual([]);
    expect(texts.length).toBeGreaterThan(50);
  });
});

test('the speculative-decoding inputs have their own labels, and the draft is a choice: none, mtp, or a model preset', () => {
  for (const code of LANGS) {
    lang.value = code;
    const { root } = renderPage(SETUPS.speculative);
    const els = [...root.descendants()];
    for (const key of ['spec_draft', 'spec_tokens', 'spec_accept']) {
      const label = els.find((el) => el.localName === 'label' && el.getAttribute('for') === `in-${key}`);
      expect(label, key).toBeDefined();
      expect(label.textContent).not.toMatch(/realistic\.|spec_/);
      expect(label.textContent.length).toBeGreaterThan(1);
    }
    const draft = els.find((el) => el.getAttribute('data-testid') === 'spec_draft');
    expect(draft.localName).toBe('select');
    expect(draft.getAttribute('value')).toBe('llama-3.2-1b');
    const values = [...draft.descendants()].filter((el) => el.localName === 'option').map((el) => el.getAttribute('value'));
    expect(values).toEqual(['', 'mtp', ...presets.models.map((m) => m.id)]);
    render(null, root);
  }
});
