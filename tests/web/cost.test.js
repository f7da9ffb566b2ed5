// The cost panel: every figure it shows is the core's, exact in
// data-value under its report path; a refusal has no cost and no panel; the
// page's request lets the workload set the context.
import { h, render } from 'preact';
import { beforeAll, describe, expect, test } from 'vitest';
import { CostPanel } from '../../web/src/components/CostPanel.jsx';
import { Expected } from '../../web/src/components/Expected.jsx';
import * as f from '../../web/src/format.js';
import { buildRequest } from '../../web/src/request.js';
import { defaultInputs } from '../../web/src/inputs.js';
import { createDocument } from './mini-dom.js';
import { loadTestCore } from './core.js';
import en from '../../web/src/i18n/en.js';

let core;
beforeAll(async () => {
  core = await loadTestCore();
});

function renderPanel(report) {
  const doc = createDocument();
  const root = doc.createElement('div');
  render(h(CostPanel, { report }), root);
  const els = [...root.descendants()];
  render(null, root);
  return els;
}
const byId = (els, id) => els.find((el) => el.getAttribute('data-testid') === id);

const workload = { requests_per_day: 10000, input_tokens: 1000, output_tokens: 500 };

describe('the cost panel', () => {
  test('more traffic than one deployment serves is said as the core\'s count of copies, not "busy N hours of 720"', () => {
    const report = core.analyze({ model: 'llama-3.1-8b', gpu: 'rtx-4090', requests_per_day: 500000000, input_tokens: 500, output_tokens: 200 });
    expect(report.cost.workload.replicas).toBeGreaterThan(1);
    const els = renderPanel(report);
    expect(Number(byId(els, 'cost.workload.replicas').getAttribute('data-value'))).toBe(report.cost.workload.replicas);
    const sub = els.find((el) => el.getAttribute('class') === 'sub').textContent;
    expect(sub).not.toContain('of 720.');
    expect(sub).toContain(f.integer(report.cost.workload.replicas));
    // Within one deployment's month, the one-deployment sentence and no count of copies.
    const one = renderPanel(core.analyze({ model: 'llama-3.1-8b', gpu: 'rtx-4090', ...workload, requests_per_day: 100 }));
    expect(byId(one, 'cost.workload.replicas')).toBeUndefined();
    expect(one.find((el) => el.getAttribute('class') === 'sub').textContent).toContain('of 720.');
  });

  test('a traffic past one deployment\'s capacity, the chart\'s right end, is drawn at that end and says so', () => {
    const legend = (report) => byId(renderPanel(report), 'cost-legend-traffic').textContent;
    const past = core.analyze({ model: 'llama-3-70b', gpu: 'h100-sxm', tp: 2, precision: 'fp8', ...workload });
    const max = past.cost.chart.max_requests_per_day;
    expect(past.cost.workload.requests_per_day).toBeGreaterThan(max);
    const els = renderPanel(past);
    expect(Number(byId(els, 'cost-traffic').getAttribute('data-value'))).toBe(workload.requests_per_day);
    expect(legend(past)).toContain(f.integer(workload.requests_per_day));
    expect(legend(past)).toContain(f.integer(Math.floor(max)));
    expect(legend(past)).toContain('past the');
    // Within it: the traffic alone.
    const within = core.analyze({ model: 'llama-3-70b', gpu: 'h100-sxm', tp: 2, precision: 'fp8', ...workload, requests_per_day: 1000 });
    expect(within.cost.workload.requests_per_day).toBeLessThan(within.cost.chart.max_requests_per_day);
    expect(legend(within)).toBe('your traffic, 1,000/day');
  });

  test('shows the three options, the break-evens and the chart, each figure the core\'s', () => {
    const report = core.analyze({ model: 'llama-3-70b', gpu: 'h100-sxm', tp: 2, batch: 16, precision: 'fp8', ...workload, idle_watts: 100 });
    // Every fit has the engine's estimate, so the cost is charged on it, not on the floor.
    expect(report.cost.basis).toBe('realistic');
    const els = renderPanel(report);
    for (const path of ['cost.buy.monthly_usd', 'cost.buy.usd_per_mtok_out', 'cost.cloud.monthly_usd', 'cost.cloud.usd_per_mtok_out',
      'cost.api.monthly_usd', 'cost.api.effective_usd_per_mtok_out', 'cost.break_even.buy_vs_cloud_requests_per_day',
      'cost.break_even.buy_vs_api_requests_per_day', 'cost.workload.active_hours_per_month', 'cost.workload.loaded_step_ms',
      'cost.workload.tokens_per_s_user']) {
      const el = byId(els, path);
      expect(el, path).toBeDefined();
      const value = path.split('.').reduce((o, k) => o[k], report);
      expect(Number(el.getAttribute('data-value')), path).toBe(value);
    }
    expect(byId(els, 'cost-chart')).toBeDefined();
    for (const k of ['buy', 'cloud', 'api']) expect(byId(els, `cost-line-${k}`), k).toBeDefined();
    expect(Number(byId(els, 'cost-cross-buy_vs_cloud_requests_per_day').getAttribute('data-value')))
      .toBe(report.cost.break_even.buy_vs_cloud_requests_per_day);
  });

  test('each user\'s speed under the traffic: the loaded step, and at batch 1 no one else\'s prefill', () => {
    const lead = (key) => en[key].slice(0, en[key].indexOf('{'));
    const at = (batch) => core.analyze({ model: 'llama-3-8b', gpu: 'h100-sxm', batch, ...workload });
    const one = at(1);
    const step = (r) => r.cost.assumptions.find((a) => a.name === 'step_ms').value;
    expect(one.cost.workload.loaded_step_ms).toBe(step(one));
    const alone = byId(renderPanel(one), 'cost-per-user').textContent;
    expect(alone.startsWith(lead('cost.perUserAlone'))).toBe(true);
    const many = at(16);
    expect(many.cost.workload.loaded_step_ms).toBeGreaterThan(step(many));
    const els = renderPanel(many);
    const text = byId(els, 'cost-per-user').textContent;
    expect(text.startsWith(lead('cost.perUser'))).toBe(true);
    // The other 15 requests, each replaced once every output_tokens (500) steps.
    expect(text).toContain(' 15 ');
    expect(text).toContain(' 500 ');
    for (const path of ['cost.workload.loaded_step_ms', 'cost.workload.tokens_per_s_user'])
      expect(Number(byId(els, path).getAttribute('data-value')), path).toBe(path.split('.').reduce((o, k) => o[k], many));
  });

  test('the expected figures name the speed per user under the traffic too, when the traffic slows it', () => {
    const note = (report) => {
      const doc = createDocument();
      const root = doc.createElement('div');
      render(h(Expected, { report }), root);
      const tile = [...root.descendants()].find((el) => el.getAttribute('data-testid') === 'realistic.tokens_per_s_per_user').parentNode;
      const text = tile.textContent;
      render(null, root);
      return text;
    };
    const base = { model: 'llama-3-8b', gpu: 'h100-sxm', batch: 16 };
    const loaded = core.analyze({ ...base, ...workload });
    expect(loaded.cost.workload.tokens_per_s_user).toBeLessThan(loaded.realistic.tokens_per_s_per_user);
    expect(note(loaded)).toContain(f.tokensPerS(loaded.cost.workload.tokens_per_s_user));
    // No workload, or batch 1 (nobody else's prefill): the plain figure alone, then the roofline's bound beside it.
    for (const report of [core.analyze(base), core.analyze({ ...base, batch: 1, ...workload })])
      expect(note(report)).toBe(`${f.tokensPerS(report.realistic.tokens_per_s_per_user)} per user; roofline bound ${f.tokensPerS(report.decode.tokens_per_s)}`);
  });

  test('each engine is named as its project writes it (vLLM, SGLang, TensorRT-LLM), its id staying the value', () => {
    const names = { vllm: 'vLLM', sglang: 'SGLang', 'trt-llm': 'TensorRT-LLM', 'llama.cpp': 'llama.cpp', 'gpt-fast': 'gpt-fast' };
    for (const [engine, name] of Object.entries(names)) {
      const report = core.analyze({ model: 'llama-3-8b', gpu: 'h100-sxm', batch: 4, engine, ...workload });
      expect(report.realistic.engine).toBe(engine);
      const doc = createDocument();
      const root = doc.createElement('div');
      render(h(Expected, { report }), root);
      const title = [...root.descendants()].find((el) => el.localName === 'h3').textContent;
      render(null, root);
      expect(title.startsWith(`Expected with ${name} `), title).toBe(true);
      const basis = renderPanel(report).find((el) => el.getAttribute('class') === 'sub').textContent;
      expect(basis, basis).toContain(` ${name} `);
    }
  });

  test('an option without a sourced price says which figure is missing', () => {
    // An Apple system: its chip's power is sourced, its idle power is not, and the idle rule is for cards only.
    const report = core.analyze({ model: 'llama-3-8b', gpu: 'm4-max-128g', ...workload, hardware_usd: 4000 });
    expect(report.cost.buy).toBeUndefined();
    expect(report.cost.missing).toContain('buy.idle_watts');
    const els = renderPanel(report);
    expect(byId(els, 'cost.buy.monthly_usd')).toBeUndefined();
    // Named in words by its code, never as the code itself; the code stays in data-missing.
    const buy = byId(els, 'cost-option-buy');
    expect(buy.textContent).toContain(en['cost.miss.buy.idle_watts']);
    expect(buy.textContent).not.toContain('buy.idle_watts');
    expect([...buy.descendants()].find((el) => el.getAttribute('data-missing') !== null).getAttribute('data-missing')).toContain('buy.idle_watts');
  });

  test('a preset with figures of the user\'s own keeps the preset\'s prices', () => {
    const report = core.analyze({ model: 'llama-3-8b', gpu: { base: 'h100-sxm', tflops: 900 }, ...workload, idle_watts: 50 });
    expect(report.gpu.name).toBe('h100-sxm (custom)');
    expect(report.cost.buy.hardware_usd).toBe(30000);
    expect(report.cost.cloud.usd_per_gpu_hour).toBe(3.99);
    expect(report.cost.assumptions.find((a) => a.name === 'usd_per_gpu_hour').source).toMatch(/RunPod/);
    const plain = core.analyze({ model: 'llama-3-8b', gpu: { tflops: 900, bandwidth_gbs: 3350, vram_gib: 80 }, ...workload, idle_watts: 50 });
    expect(plain.cost.buy).toBeUndefined();
    expect(plain.cost.missing).toEqual(['buy.hardware_usd', 'buy.resale_fraction', 'buy.active_watts', 'cloud.usd_per_gpu_hour']);
  });

  test('a refusal has no cost, so no panel', () => {
    const report = core.analyze({ model: 'llama-3-70b', gpu: 'rtx-4090', precision: 'fp16', ...workload });
    expect(report.fits).toBe(false);
    expect(report.cost).toBeUndefined();
    expect(renderPanel(report)).toEqual([]);
  });

  test('the page sends the workload without its context input, so the two never contradict', () => {
    const inputs = { ...defaultInputs(['llama-3-70b'], ['h100-sxm']), model: 'llama-3-70b', gpu: 'h100-sxm', seq: '4096', tp: '2', precision: 'fp8',
      requests_per_day: '10000', input_tokens: '1000', output_tokens: '500' };
    const { request } = buildRequest(inputs);
    expect(request.seq).toBeUndefined();
    expect(request.months).toBeUndefined();
    const report = core.analyze(request);
    expect(report.config.seq).toBe(1500);
    expect(report.cost.workload.requests_per_day).toBe(10000);
  });
});
