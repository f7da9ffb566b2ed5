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
import { CUSTOM, FIELD, PARAMS, PRECISIONS, defaultInputs } from '../../web/src/inputs.js';
import { createState } from '../../web/src/state.js';
import { LANGS, lang, loadLang, missingKeys, t } from '../../web/src/i18n/index.js';
import { InputsPanel } from '../../web/src/components/InputsPanel.jsx';
import { Verdict } from '../../web/src/components/Verdict.jsx';
import { loadEstimate } from '../../web/src/components/EstimateSlot.jsx';
import { CostPanel } from '../../web/src/components/CostPanel.jsx';
import { AssumptionTable } from '../../web/src/components/AssumptionTable.jsx';
import { PresetSource } from '../../web/src/components/PresetSource.jsx';
import { addProse } from '../../web/src/presets.js';
import { allowList, englishWords } from './english.js';
import { MemoryPanel } from '../../web/src/components/MemoryPanel.jsx';
import { ModelPanel } from '../../web/src/components/ModelPanel.jsx';
import { ParallelPanel } from '../../web/src/components/ParallelPanel.jsx';
import { PagingPanel } from '../../web/src/components/PagingPanel.jsx';
import { ComparePanel } from '../../web/src/components/ComparePanel.jsx';
import { createCompare } from '../../web/src/compare.js';
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
  size: { model: PARAMS, params: '70B', gpu: 'h100-sxm', tp: '2' },
  sizeRefused: { model: PARAMS, params: '70B', gpu: 'h100-sxm' },
  speculative: { model: 'llama-3-8b', gpu: 'h100-sxm', spec_draft: 'llama-3.2-1b', spec_tokens: '4', spec_accept: '0.7' },
  mtp: { model: 'deepseek-v3', gpu: 'h200-sxm', tp: '8', spec_draft: 'mtp', spec_tokens: '1', spec_accept: '0.85' },
  cost: { model: 'llama-3-70b', gpu: 'h100-sxm', tp: '2', pp: '2', kv_block: '16', requests_per_day: '10000', input_tokens: '1000', output_tokens: '500' },
  refusal: { model: 'llama-3-70b', gpu: 'a100-40g' },
  offload: { model: 'llama-3-8b', gpu: 'rtx-3060m-6g', engine: 'llama.cpp', gpu_layers: '10', ram_gib: '64', host_memory: 'ddr5-5600-2ch' },
  // SGLang's pool, a share of what the CUDA context and NCCL leave: a tight fit, and a size alone that it refuses.
  sglang: { model: 'qwen3-32b', gpu: 'h100-sxm', batch: '10', engine: 'sglang' },
  sizeSglang: { model: PARAMS, params: '70B', gpu: 'l40s', precision: 'fp8', engine: 'sglang' },
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
beforeAll(async () => {
  saved = lang.value;
  // The size-only estimate's module loads on demand (EstimateSlot.jsx); the page loads it before a
  // first render that needs it (main.jsx), as this does before rendering one.
  await loadEstimate();
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

// Chinese sets no space after its full-width punctuation: two sentences of one paragraph
// (the verdict's "fits" and "largest batch", the cost's workload and basis, the offload's
// figures and step) join with the table's sep.sentence, not with a space written into the JSX.
// The setups that show a tight fit and an unsourced GPU's note are added to the ones above.
test.each(Object.entries({ ...SETUPS, tight: { model: 'llama-3.1-70b', gpu: 'h100-sxm', tp: '2', precision: 'fp8', batch: '32', seq: '8192' },
  unsourced: { model: 'llama-3-8b', gpu: 'm4-max-128g', requests_per_day: '1000', input_tokens: '500', output_tokens: '200' } }))(
  'zh-CN: no space after a full-width full stop, comma, colon or semicolon in the %s page', (name, setup) => {
    lang.value = 'zh-CN';
    const { root } = renderPage(setup);
    const spaced = [...root.descendants()].filter((el) => el.localName === 'p').map((el) => el.textContent).filter((text) => /[。，：；] /.test(text));
    render(null, root);
    expect(spaced).toEqual([]);
  });

// What "auto" resolved the weights to, and from where: a checkpoint's torch_dtype, or (a config.json
// without one) the default fp16, which the page must not call the checkpoint's format.
test.each([
  ['qwen3-8b', 'bf16', 'form.fromCheckpoint'],
  ['qwen3-4b', 'fp16', 'form.fromDefault'],
  ['gpt-oss-20b', 'fp16', 'form.fromCheckpoint'],
])('auto weights of %s: analysed as %s, from %s', (model, precision, from) => {
  for (const code of LANGS) {
    lang.value = code;
    const { root, app } = renderPage({ model });
    expect(app.report.value.config.precision).toBe(precision);
    const hints = [...root.descendants()].filter((el) => el.localName === 'p' && el.getAttribute('class') === 'hint').map((el) => el.textContent);
    render(null, root);
    expect(hints.filter((text) => text.includes(t(from))), hints.join('\n')).toHaveLength(1);
  }
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

// ---------------------------------------------------------------------------
// The Chinese page: the sections the audit found English in, opened, read for English
// words (tests/web/english.js: names, units and quoted citations allowed).
// ---------------------------------------------------------------------------

const allow = allowList([...presets.models.map((m) => m.name), ...presets.gpus.map((g) => g.name)]);

/** An element's text, leaving out what is marked as a quotation (<cite lang="en">), with its worded attributes. */
function readable(node) {
  if (node.nodeType === 3) return node.data;
  if (node.localName === 'cite' && node.getAttribute('lang') === 'en') return ' ';
  const attrs = ['placeholder', 'aria-label', 'title'].map((a) => node.getAttribute?.(a)).filter(Boolean).join(' ');
  return `${attrs} ${node.childNodes.map(readable).join('')} `;
}

function renderIn(code, vnode) {
  lang.value = code;
  missingKeys.clear();
  const root = createDocument().createElement('div');
  render(vnode, root);
  return root;
}

const ENGINES = FIELD.engine.choices;
const numbersOf = (text) => text.match(/\d+(?:\.\d+)?/g) ?? [];

describe('zh-CN: "How is the expected figure computed?", for every engine', () => {
  const cases = ENGINES.flatMap((engine) => ['bf16', 'int4', 'q4_k_m'].flatMap((precision) => [{ tp: 1 }, { tp: 2 }, { pp: 2 }].map((split) =>
    ({ model: 'llama-3-8b', gpu: 'h100-sxm', engine, precision, ...split }))));
  cases.push({ model: 'llama-3-8b', gpu: 'h100-sxm', tp: 2, bw_efficiency: 0.7, kernel_us: 5, allreduce_us: 9, host_ms: 1, prefill_efficiency: 0.5, ttft_overhead_ms: 20 });
  cases.push({ model: 'llama-3-8b', gpu: { tflops: 100, bandwidth_gbs: 900, vram_gib: 80 }, tp: 2 });
  const english = new Map(); // the Chinese sentence → the core's English sentences it stands for

  test.each(cases.map((c) => [JSON.stringify(c), c]))('%s', (_, request) => {
    const r = core.analyze(request);
    expect(r.realistic, JSON.stringify(r.error)).toBeDefined();
    const root = renderIn('zh-CN', h(AssumptionTable, { list: r.realistic.assumptions, report: r }));
    const rows = [...root.descendants()].filter((el) => el.localName === 'tr' && el.getAttribute('data-code'));
    expect(rows.map((el) => el.getAttribute('data-code'))).toEqual(r.realistic.assumptions.map((a) => a.name));
    expect(englishWords(readable(root), allow)).toEqual([]);
    expect([...missingKeys]).toEqual([]);
    for (const [i, a] of r.realistic.assumptions.entries()) {
      const cells = rows[i].childNodes.filter((el) => el.nodeType === 1);
      // Every source in the page's own words, none quoted from the core, its numbers kept.
      expect([...cells[2].descendants()].some((el) => el.localName === 'cite'), `${a.name}: ${a.source}`).toBe(false);
      const zh = cells[2].textContent;
      expect(zh).toMatch(/[\u4e00-\u9fff]/);
      if (a.origin !== 'given') for (const x of numbersOf(a.source)) expect(zh, `${x} of "${a.source}"`).toContain(x);
      if (!english.has(zh)) english.set(zh, new Set());
      english.get(zh).add(a.source);
      expect(cells[1].textContent).not.toMatch(/fraction|kernels|\bus\b/);
    }
    render(null, root);
  });

  test('one Chinese sentence stands for one English one: a source the core changes for one engine is not hidden', () => {
    expect(english.size).toBeGreaterThan(20);
    for (const [zh, sources] of english) expect([...sources], zh).toHaveLength(1);
  });

  test('the formula is worded too', () => {
    const r = core.analyze(cases[0]);
    const root = renderIn('zh-CN', h(AssumptionTable, { list: r.realistic.assumptions, report: r }));
    const formula = [...root.descendants()].find((el) => el.localName === 'code').textContent;
    expect(formula).toMatch(/^步长 = max\(字节数/);
    expect(englishWords(formula, allow)).toEqual([]);
  });
});

describe('zh-CN: the cost panel, its missing prices and every figure with its source', () => {
  const workload = { requests_per_day: 10000, input_tokens: 1000, output_tokens: 500 };
  const cases = {
    // Prices from the presets: the H100's power is its board figure, its idle power the rule's (no idle figure is sourced).
    presets: { model: 'llama-3-70b', gpu: 'h100-sxm', tp: 2, precision: 'fp8', ...workload },
    // Every price and term given.
    given: { model: 'llama-3-8b', gpu: 'h100-sxm', ...workload, hardware_usd: 25000, resale_fraction: 0.3, months: 24, active_watts: 700, idle_watts: 90,
      electricity_usd_kwh: 0.1, cloud_usd_hour: 2, boot_factor: 1.2, api_usd_mtok_in: 0.5, api_usd_mtok_out: 1 },
    // A GPU without a sourced TFLOPS figure: no prefill time, the floor's step.
    unsourced: { model: 'llama-3-8b', gpu: 'm4-max-128g', ...workload },
    // Nothing priced: every option missing.
    custom: { model: 'llama-3-8b', gpu: { tflops: 900, bandwidth_gbs: 3350, vram_gib: 80 }, ...workload, idle_watts: 50 },
  };
  test.each(Object.entries(cases))('%s', (name, request) => {
    const r = core.analyze(request);
    expect(r.cost, JSON.stringify(r.error)).toBeDefined();
    const root = renderIn('zh-CN', h(CostPanel, { report: r }));
    expect(englishWords(readable(root), allow)).toEqual([]);
    expect([...missingKeys]).toEqual([]);
    // No raw code: neither a missing price's (buy.idle_watts) nor a figure's name (usd_per_kwh).
    expect(readable(root)).not.toMatch(/\b(buy|cloud|api)\.\w+|\b[a-z]+_[a-z_]+\b/);
    // A price preset's source is quoted as it is, marked as a quotation.
    const cites = [...root.descendants()].filter((el) => el.localName === 'cite');
    for (const el of cites) expect(el.getAttribute('lang')).toBe('en');
    const quoted = r.cost.assumptions.filter((a) => ['preset', 'board', 'rule'].includes(a.origin));
    expect(cites).toHaveLength(quoted.length);
    // A board power standing in for a wall power is said so, before its citation.
    const boards = r.cost.assumptions.filter((a) => a.origin === 'board').length;
    expect(readable(root).split(t('csrc.board', {}, 'zh-CN')).length - 1).toBe(boards);
    if (name === 'presets') expect(boards).toBe(1);
    render(null, root);
  });

  test('the core says where each figure comes from as a code, which the page words: no English is read', () => {
    const origin = (list, name) => list.find((a) => a.name === name).origin;
    const given = core.analyze(cases.given).cost.assumptions;
    expect(given.map((a) => a.origin)).toEqual(['analysis', 'analysis', 'analysis', 'spec', ...Array(7).fill('given'), 'given', 'given', 'given']);
    const presets = core.analyze(cases.presets).cost.assumptions;
    expect(origin(presets, 'hardware_usd')).toBe('preset');
    expect(origin(presets, 'resale_fraction')).toBe('spec');
    expect(origin(presets, 'months')).toBe('spec');
    // The board power standing in for the wall power: the origin says so, the source is the board figure's citation.
    const board = presets.find((a) => a.name === 'active_watts');
    expect([board.origin, board.source]).toEqual(['board', expect.stringMatching(/^\(as of \d{4}-\d{2}-\d{2}\): Hugging Face hardware page /)]);
    // No idle figure sourced for the H100: the rule's, said so by its origin.
    expect(origin(presets, 'idle_watts')).toBe('rule');
    const overridden = core.analyze({ model: 'llama-3-8b', gpu: 'h100-sxm', kernel_us: 5, tp: 2 }).realistic.assumptions;
    expect(Object.fromEntries(overridden.map((a) => [a.name, a.origin]))).toEqual({
      bw_efficiency: 'engine', compute_efficiency: 'engine', prefill_efficiency: 'engine', kernel_us: 'given',
      kernels_per_dense_layer: 'engine', kernels_per_moe_layer: 'engine', allreduce_us: 'engine', link_gbs: 'gpu',
      host_ms: 'engine', ttft_overhead_ms: 'input', band_low: 'engine', band_high: 'engine',
    });
    // Weight-only formats read the engine's other bandwidth figure; fp8 runs in 8-bit math and does not.
    for (const [precision, want] of [['int4', 'engine_quant'], ['q4_k_m', 'engine_quant'], ['int8', 'engine_quant'], ['fp8', 'engine'], ['bf16', 'engine']])
      expect(origin(core.analyze({ model: 'llama-3-8b', gpu: 'h100-sxm', precision }).realistic.assumptions, 'bw_efficiency'), precision).toBe(want);
    expect(core.analyze(cases.unsourced).cost.assumptions.find((a) => a.name === 'prefill_ms').value).toBe(0);
  });
});

test('zh-CN: the parameters-only estimate, its formulas included', () => {
  const { root } = (() => {
    lang.value = 'zh-CN';
    missingKeys.clear();
    return renderPage(SETUPS.size);
  })();
  const estimate = [...root.descendants()].find((el) => el.getAttribute('data-testid') === 'estimate');
  expect(estimate).toBeDefined();
  expect(englishWords(readable(estimate), allow)).toEqual([]);
  const notes = [...estimate.descendants()].filter((el) => el.getAttribute('class') === 'note').map((el) => el.textContent);
  expect(notes).toContain('⌈权重 / 每张可用⌉');
  expect(notes).toContain('峰值 / 带宽');
  render(null, root);
});

// A size whose weights do not fit on the GPUs given: it cannot run, so the estimate is a refusal, with
// the GPUs it needs, the shortfall and the ways out, and says why there is no intensity, roof or lever;
// none of them is in the page.
test.each(LANGS)('the parameters-only estimate that does not fit: a refusal, its ways out, no throughput figure (%s)', (code) => {
  lang.value = code;
  const { root } = renderPage(SETUPS.sizeRefused);
  const all = [...root.descendants()];
  const ids = all.map((el) => el.getAttribute('data-testid')).filter(Boolean);
  const word = all.find((el) => el.getAttribute('id') === 'estimate-word').textContent;
  const ways = all.find((el) => el.getAttribute('data-testid') === 'estimate.remedies');
  const items = ways ? [...ways.descendants()].filter((el) => el.localName === 'li') : [];
  const texts = items.map((li) => li.firstChild.textContent);
  const codes = items.map((li) => li.getAttribute('data-code'));
  const estimate = all.find((el) => el.getAttribute('data-testid') === 'estimate');
  render(null, root);
  expect(word).toBe(t('level.refused'));
  expect(estimate.getAttribute('class')).toBe('verdict estimate bad');
  // 70B in 16 bits on one H100: fp8 alone, tp=2, or a 148.44 GiB GPU; each worded from its code and values.
  expect(codes).toEqual(['lower_weight_precision', 'more_tp', 'bigger_gpu']);
  expect(texts).toEqual(code === 'en'
    ? ['Store the weights in fp8 (now fp16).', 'Split the model over more GPUs with tensor parallelism: tp=2.', 'Use GPUs with at least 148.44 GiB of memory each.']
    : ['把权重存为 fp8（当前 fp16）。', '用张量并行把模型拆到更多 GPU 上：tp=2。', '使用每张至少 148.44 GiB 显存的 GPU。']);
  expect(ids).toEqual(expect.arrayContaining(['estimate.gpus_needed', 'estimate.fits', 'estimate.shortfall_gib', 'estimate-no-speed']));
  for (const id of ['estimate.decode_ai', 'estimate.ridge', 'estimate.attainable_tflops', 'estimate.bound', 'estimate.ceiling_fraction', 'levers']) {
    expect(ids).not.toContain(id);
  }
});

// Reserves larger than the pool (a 5% pool and a 4 GiB context on a 15 GiB T4): the estimate's usable
// memory is none, and by how much it is over, as the memory panel says free memory below zero; never a
// negative size. The data-value keeps the core's figure.
test.each(LANGS)('the parameters-only estimate whose reserves exceed the pool: usable is none, not negative (%s)', (code) => {
  lang.value = code;
  const { root, app } = renderPage({ model: PARAMS, params: '1B', gpu: 't4', pool_fraction: '0.05', context_reserve_gib: '4' });
  const usable = [...root.descendants()].find((el) => el.getAttribute('data-testid') === 'estimate.usable_gib_per_gpu');
  const value = app.report.value.estimate.usable_gib_per_gpu;
  const shown = usable.textContent;
  // Words wrap in their cell (.num.words) instead of running into the next one, the GPUs-needed "none" too.
  const needed = [...root.descendants()].find((el) => el.getAttribute('data-testid') === 'estimate.gpus_needed');
  const classes = [usable, needed].map((el) => el.getAttribute('class'));
  render(null, root);
  expect(classes.map((c) => c?.split(' ').includes('words'))).toEqual([true, true]);
  expect(value).toBeLessThan(-1);
  expect(usable.getAttribute('data-value')).toBe(String(value));
  expect(shown).not.toMatch(/[-−]\s*\d/);
  expect(shown).toContain(`${(-value).toFixed(2)} GiB`);
  expect(shown).toMatch(code === 'en' ? /^none: .* over$/ : /^无：/);
});

// What the pool fraction is a share of, in the form and in the size-only estimate: the GPU (vLLM's), or, under
// SGLang, what the CUDA context and NCCL leave (config.pool_of / estimate.pool_of "free_at_start").
test.each(LANGS.flatMap((code) => [['sglang', 'engine.pool_fraction.unitStart', code], ['preset', 'engine.pool_fraction.unit', code]]))(
  'the pool fraction\'s unit of the %s page is %s (%s)', (name, key, code) => {
    lang.value = code;
    const { root, app } = renderPage(SETUPS[name]);
    const field = [...root.descendants()].find((el) => el.getAttribute('data-testid') === 'pool_fraction');
    const units = [...field.parentNode.descendants()].filter((el) => el.getAttribute('class') === 'unit').map((el) => el.textContent);
    render(null, root);
    expect(app.report.value.config.pool_of).toBe(name === 'sglang' ? 'free_at_start' : 'gpu');
    expect(units).toEqual([t(key)]);
  });

test.each(LANGS)('the size-only estimate under SGLang: usable memory is its pool of what the context leaves (%s)', (code) => {
  lang.value = code;
  const { root, app } = renderPage(SETUPS.sizeSglang);
  const usable = [...root.descendants()].find((el) => el.getAttribute('data-testid') === 'estimate.usable_gib_per_gpu');
  const note = usable.parentNode.parentNode.childNodes.find((el) => el.getAttribute?.('class') === 'note')?.textContent;
  render(null, root);
  const e = app.report.value.estimate;
  expect(e.pool_of).toBe('free_at_start');
  expect(note).toBe(t('est.f.usableStart'));
  // pool · (VRAM − context) / (1 + overhead), from the L40S preset and the field table's defaults.
  const vram = presets.gpus.find((g) => g.id === 'l40s').vram_gib;
  const want = (e.pool_fraction * (vram - FIELD.context_reserve_gib.default)) / (1 + FIELD.weight_overhead.default);
  expect(Math.abs(e.usable_gib_per_gpu - want)).toBeLessThan(1e-9);
});

test.each(Object.keys(SETUPS))('zh-CN: the form\'s units, placeholders and hints (%s)', (name) => {
  lang.value = 'zh-CN';
  missingKeys.clear();
  const { root } = renderPage(SETUPS[name]);
  const form = [...root.descendants()].find((el) => el.localName === 'form');
  const units = [...form.descendants()].filter((el) => el.getAttribute('class') === 'unit').map((el) => el.textContent);
  expect(units.length).toBeGreaterThan(5);
  const placeholders = [...form.descendants()].map((el) => el.getAttribute('placeholder')).filter(Boolean);
  for (const text of [...units, ...placeholders]) expect(englishWords(text, allow), text).toEqual([]);
  expect(placeholders).toContain('组织/模型名');
  render(null, root);
});

test('a GPU figure its preset leaves null is said in words in the source notes, never as the literal null', () => {
  const a100 = { ...presets.gpus.find((g) => g.id === 'a100-40g') };
  expect(a100.tflops_fp8).toBe(null);
  addProse({ models: [], gpus: [a100] }, { gpus: { 'a100-40g': { source: 'A100 datasheet.', notes: 'No FP8 support on Ampere (tflops_fp8 null). 40 GB HBM2.' } } });
  for (const [code, words] of [['en', 'tflops_fp8: no sourced figure'], ['zh-CN', 'tflops_fp8：无可考数值']]) {
    const root = renderIn(code, h(PresetSource, { preset: a100, testid: 'gpu-source' }));
    expect(root.textContent).toContain(`(${words})`);
    expect(root.textContent).not.toMatch(/\bnull\b/);
    render(null, root);
  }
  // A model's null (a config field, not an unsourced figure) is the file's own words.
  const model = { id: 'x', name: 'X', sliding_window: null, notes: 'sliding_window null: full attention' };
  const root = renderIn('en', h(PresetSource, { preset: model, testid: 'model-source' }));
  expect(root.textContent).toContain('sliding_window null: full attention');
});

// The Compare view, in every language: each column's verdict in the main view's words (a size-only
// setup whose weights fit says so with the GPUs given, whichever column it is in; one that does not fit
// is a refusal with its shortfall and ways out), every key in a table, and no English in Chinese.
test.each(LANGS)('Compare: a fitting and a refused size beside a full analysis, in the main view\'s words (%s)', (code) => {
  lang.value = code;
  missingKeys.clear();
  const app = createState(core, presets, { ...defaults, model: 'qwen3-8b', gpu: 'h100-sxm' });
  const size = { ...defaults, model: PARAMS, gpu: 'h100-sxm' };
  const compare = createCompare(app, [{ ...size, params: '8B', tp: '2' }, { ...size, params: '70B' }]);
  const root = renderIn(code, h(ComparePanel, { app, compare }));
  const byId = (id) => [...root.descendants()].find((el) => el.getAttribute('data-testid') === id);
  const fits = byId('compare.1.estimate.fits');
  const refused = byId('compare.2.estimate.fits');
  const fitCell = fits.parentNode.textContent;
  const refusedCell = refused.parentNode.textContent;
  const ways = byId('compare.2.estimate.remedies');
  const text = readable(root);
  render(null, root);
  expect([...missingKeys]).toEqual([]);
  expect(fits.getAttribute('data-value')).toBe('true');
  expect(fitCell).toContain(t('est.word'));
  expect(fits.textContent).toBe(t('est.givenFits', { gpus: '2', gpusN: 2 }));
  expect(refused.getAttribute('data-value')).toBe('false');
  expect(refusedCell).toContain(t('level.refused'));
  expect(ways).toBeDefined();
  // The precision selects hold their values as the form and the CLI take them (auto, fp16, ...).
  if (code !== 'en') expect(englishWords(text, allowList([...presets.models.map((m) => m.name), ...presets.gpus.map((g) => g.name), ...PRECISIONS]))).toEqual([]);
});

// The prefill chunk left empty is the engine's own, and the field says which: its placeholder is the report's
// config.prefill_chunk, vLLM's 8192 on an H100 and 2048 on an A100 (vllm/engine/arg_utils.py get_batch_defaults),
// llama.cpp's 512, gpt-fast's whole prompt; a chunk typed in is the chunk.
test.each([
  [{ model: 'llama-3-8b', gpu: 'h100-sxm' }, '8192', 'engine'],
  [{ model: 'llama-3-8b', gpu: 'a100-80g' }, '2048', 'engine'],
  [{ model: 'llama-3-8b', gpu: 'h100-sxm', engine: 'llama.cpp' }, '512', 'engine'],
  [{ model: 'llama-3-8b', gpu: 'h100-sxm', engine: 'gpt-fast', seq: '3000' }, '3000', 'engine'],
  [{ model: 'llama-3-8b', gpu: 'h100-sxm', prefill_chunk: '1024' }, '1024', 'chosen'],
])('the prefill chunk of %j: %s tokens, %s', (initial, shown, source) => {
  lang.value = 'en';
  const { root, app } = renderPage(initial);
  const field = [...root.descendants()].find((el) => el.getAttribute?.('data-testid') === 'prefill_chunk');
  expect(app.report.value.config.prefill_chunk_source).toBe(source);
  expect(String(app.report.value.config.prefill_chunk)).toBe(shown);
  expect(field.getAttribute('placeholder')).toBe(shown);
  render(null, root);
});
