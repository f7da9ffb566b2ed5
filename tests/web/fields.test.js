// The field table (core/fields.json) is the page's one vocabulary of inputs: every
// row the link carries round-trips through the URL codec under its short key, and
// every input the form renders is a row, named (and test-id'd) by its key.
import { h, render } from 'preact';
import { describe, expect, test } from 'vitest';
import table from '../../core/fields.json' with { type: 'json' };
import { CUSTOM, FIELD, FIELDS, INPUT_KEYS, PARAMS, defaultInputs } from '../../web/src/inputs.js';
import { URL_KEYS, decodeLink, encodeLink } from '../../web/src/url-codec.js';
import { createState } from '../../web/src/state.js';
import { InputsPanel } from '../../web/src/components/InputsPanel.jsx';
import { createDocument } from './mini-dom.js';
import { loadTestCore } from './core.js';

const core = await loadTestCore();
const presets = core.presets();
const modelIds = presets.models.map((m) => m.id);
const gpuIds = presets.gpus.map((g) => g.id);
const ctx = { modelIds, gpuIds };
const defaults = defaultInputs(modelIds, gpuIds);

/** A value of the row's type that is not the page's default, as its input would hold it. */
function sample(field) {
  switch (field.type) {
    case 'preset': return (field.preset === 'model' ? modelIds : gpuIds).find((id) => id !== defaults[field.key]);
    case 'text': return '{"hidden_size": 64}\n';
    case 'size': return '70B';
    case 'enum': return field.choices.find((c) => c !== defaults[field.key]);
    case 'count': return '7';
    case 'number': return '0.5';
    default: throw new Error(`no sample for type ${field.type}`);
  }
}

describe('the link, from the table', () => {
  const linked = table.fields.filter((f) => typeof f.url === 'string');

  test('the short keys are the table\'s, unique, and the ones old links use', () => {
    expect(URL_KEYS).toEqual(Object.fromEntries(linked.map((f) => [f.key, f.url])));
    expect(new Set(linked.map((f) => f.url)).size).toBe(linked.length);
    // Links shared before the table keep working: the same short key for the same input.
    expect(Object.values(URL_KEYS)).toEqual(['m', 'c', 'n', 'g', 'gl', 'tf', 'f8', 'i8', 'bw', 'vr', 'lk', 'p', 'kp', 's', 'b', 'tp', 'pp', 'mb', 'kb', 'mr', 'nn', 'gn', 'so', 'ep', 're', 'ei', 'dp', 'pi', 'pt', 'di', 'pc', 'pf', 'cr', 'nc', 'wo', 'lm', 'ngl', 'ram', 'hmem', 'cbw', 'e', 'be', 'ku', 'ar', 'hm', 'pe', 'to', 'sd', 'sg', 'sa',
      'rpd', 'it', 'ot', 'hw', 'mo', 'rs', 'el', 'aw', 'iw', 'ch', 'bf', 'ai', 'ao']);
  });

  test.each(linked.map((f) => [f.key, f]))('%s round-trips under its short key', async (key, field) => {
    const value = sample(field);
    expect(value).toBeDefined();
    const state = { ...defaults, [key]: value };
    if (key === 'config') state.model = CUSTOM;
    if (key === 'params') state.model = PARAMS;
    const { query, notices: written } = await encodeLink(state, ctx);
    expect(written).toEqual([]);
    expect(new URLSearchParams(query).has(field.url)).toBe(true);
    if (key !== 'config') expect(new URLSearchParams(query).get(field.url)).toBe(value);
    const { state: back, notices } = await decodeLink(query, ctx);
    expect(notices).toEqual([]);
    expect(back).toEqual(state);
  });

  test.each(linked.filter((f) => f.key !== 'config').map((f) => [f.key, f]))('a malformed %s is named by its short key and label', async (key, field) => {
    const { state, notices } = await decodeLink(`?${field.url}=%3Cx%3E`, ctx);
    expect(state[key]).toBe(defaults[key]);
    expect(notices).toEqual([`“${field.url}” (${field.label}) in the link is not a valid value: the default is used.`]);
  });
});

describe('the form, from the table', () => {
  /** The form as the page renders it for these inputs (mini-dom: elements and attributes, no browser). */
  function renderForm(initial) {
    const doc = createDocument();
    const root = doc.createElement('div');
    const app = createState(core, presets, { ...defaults, ...initial });
    render(h(InputsPanel, { app }), root);
    const controls = [...root.descendants()].filter((el) => ['input', 'select', 'textarea'].includes(el.localName));
    render(null, root);
    return controls;
  }

  // A discrete GPU, a unified-memory one (its limit select), a custom GPU, and the size-only estimate.
  const setups = { preset: {}, unified: { gpu: 'm4-max-128g' }, custom: { gpu: CUSTOM, 'gpu.bandwidth_gbs': '900', 'gpu.vram_gib': '20' }, size: { model: PARAMS, params: '70B' } };

  test.each(Object.entries(setups))('every input rendered (%s) has a row, and its key is its test id', (name, initial) => {
    const controls = renderForm(initial);
    expect(controls.length).toBeGreaterThan(10);
    for (const el of controls) {
      const id = el.getAttribute('data-testid');
      // The file pickers are a second way of entering the config and checkpoint rows.
      if (el.getAttribute('type') === 'file') {
        expect(['config-file', 'checkpoint-file']).toContain(id);
        continue;
      }
      // The Hub id is a third: "Fetch" loads that repo's config.json into the config row.
      if (id === 'hf-repo') continue;
      expect(Object.hasOwn(FIELD, id), `${el.localName} data-testid="${id}" is a row of core/fields.json`).toBe(true);
      expect(FIELD[id].type).not.toBe('switch');
    }
  });

  test('every row but the CLI switches has an input', () => {
    const shown = new Set(Object.values(setups).flatMap((initial) => renderForm(initial).map((el) => el.getAttribute('data-testid'))));
    expect([...INPUT_KEYS].filter((key) => !shown.has(key))).toEqual([]);
    // The scale-out group (nodes, links, expert parallelism, DP attention) included (issue 37, item 5).
    expect(INPUT_KEYS).toEqual(table.fields.filter((f) => f.type !== 'switch').map((f) => f.key));
    expect(FIELDS.length).toBe(INPUT_KEYS.length);
  });

  test('choices and defaults come from the table', () => {
    const controls = renderForm({});
    for (const key of ['precision', 'kv_precision', 'moe_read']) {
      const select = controls.find((el) => el.getAttribute('data-testid') === key);
      const options = [...select.descendants()].filter((el) => el.localName === 'option').map((el) => el.getAttribute('value'));
      expect(options).toEqual(FIELD[key].choices);
    }
    for (const key of ['precision', 'kv_precision', 'moe_read', 'gpu_limit', 'seq', 'batch', 'tp', 'pp']) expect(defaults[key]).toBe(String(FIELD[key].default));
  });
});
