// The Plan view's pure parts: the Pareto chart's geometry (log scales into the
// plot box), the request the planner is given, the targets' text, the view and
// targets in the link; and core.plan through the loader (the core's rl_plan).
import { expect, test } from 'vitest';
import { loadTestCore } from './core.js';
import { planGeometry, planLayout } from '../../web/src/charts/planScale.js';
import { PLAN_FORMATS, PLAN_PRECISIONS, candidateInputs, planInput, planPrecisions, planRequest, runPlan, targetValue, validTarget } from '../../web/src/plan.js';
import { decodeLink, encodeLink } from '../../web/src/url-codec.js';

const point = (option, speed, cost) => ({ option, tokens_per_s_user: speed, usd_per_mtok_out: cost, gpu: 'x', tp: 1, pp: 1, gpus: 1, batch: 1 });

test('the geometry puts every front point inside the box: faster right, cheaper lower, on log scales', () => {
  const { box } = planLayout(640);
  const pareto = [point('buy', 20, 0.05), point('buy', 80, 0.4), point('cloud', 30, 0.5), point('cloud', 300, 9)];
  const g = planGeometry(pareto, box);
  expect(g.points).toHaveLength(4);
  for (const p of g.points) {
    expect(p.cx).toBeGreaterThanOrEqual(box.left);
    expect(p.cx).toBeLessThanOrEqual(box.right);
    expect(p.cy).toBeGreaterThanOrEqual(box.top);
    expect(p.cy).toBeLessThanOrEqual(box.bottom);
  }
  expect(g.points[1].cx).toBeGreaterThan(g.points[0].cx);
  expect(g.points[1].cy).toBeLessThan(g.points[0].cy); // dearer sits higher
  // Log: one decade of speed is the same width wherever it starts.
  expect(g.x(100) - g.x(10)).toBeCloseTo(g.x(1000) - g.x(100), 9);
  expect(g.xDomain).toEqual([10, 1000]);
  expect(g.yDomain).toEqual([0.01, 10]);
  expect(g.lines.buy.split(' ')).toHaveLength(2);
  expect(g.lines.cloud.split(' ')).toHaveLength(2);
  expect(g.points.map((p) => p.index)).toEqual([0, 1, 2, 3]);
});

test('a point no log axis can hold is left out, keeping the others\' places', () => {
  const { box } = planLayout(320);
  const g = planGeometry([point('buy', 0, 1), point('buy', 10, null), point('cloud', 50, 2)], box);
  expect(g.points.map((p) => p.index)).toEqual([2]);
  expect(g.lines.buy).toBe('');
  expect(planGeometry([], box).points).toEqual([]);
});

test('the planner is given the form\'s request without the keys it searches', () => {
  const base = planRequest({ model: 'm', gpu: 'h100-sxm', gpu_limit: 'raised', tp: 2, pp: 2, batch: 8, precision: 'fp8', kv_precision: 'fp8',
    seq: 4096, micro_batches: 4, requests_per_day: 10, input_tokens: 1, output_tokens: 1 });
  expect(base).toEqual({ model: 'm', gpu_limit: 'raised', kv_precision: 'fp8', requests_per_day: 10, input_tokens: 1, output_tokens: 1 });
  expect(planRequest({ gpu: { tflops: 1 } })).toEqual({});
  // The search's input ignores what it searches: a new batch or GPU does not rerun it; a new workload does.
  const built = (extra) => ({ request: { model: 'm', requests_per_day: 10, ...extra }, configText: undefined });
  expect(planInput(built({ batch: 4, gpu: 'a' }))).toBe(planInput(built({ batch: 8, gpu: 'b', tp: 2 })));
  expect(planInput(built({ requests_per_day: 11 }))).not.toBe(planInput(built({})));
});

test('targets: a non-negative decimal, else no target', () => {
  expect(targetValue('400')).toBe(400);
  expect(targetValue(' 2.5 ')).toBe(2.5);
  for (const bad of ['', '-1', 'abc', '1e9', 'NaN', null]) expect(targetValue(bad)).toBe(0);
  expect(validTarget('25')).toBe(true);
  expect(validTarget('')).toBe(false);
  const off = { ep: '', dp_attention: '', nodes: '', gpus_per_node: '', redundant_experts: '', ep_imbalance: '',
    prefill_instances: '', prefill_tp: '', decode_instances: '' };
  expect(candidateInputs({ gpu: 'a', precision: 'fp8', tp: 2, pp: 1, batch: 7, ep: 1, dp_attention: 1, nodes: 1 }))
    .toEqual({ gpu: 'a', precision: 'fp8', tp: '2', pp: '1', batch: '7', micro_batches: '', ...off });
  // A scale-out candidate opens with its layout: its nodes hold 8 GPUs each, as the planner ran it.
  expect(candidateInputs({ gpu: 'a', precision: 'fp8', tp: 16, pp: 1, batch: 7, ep: 16, dp_attention: 16, nodes: 2 }))
    .toEqual({ gpu: 'a', precision: 'fp8', tp: '16', pp: '1', batch: '7', micro_batches: '', ...off, ep: '16', dp_attention: '16', nodes: '2', gpus_per_node: '8' });
  // A disaggregated candidate opens with its pools; a colocated one (above) clears them.
  expect(candidateInputs({ gpu: 'a', precision: 'fp8', tp: 8, pp: 1, batch: 64, ep: 1, dp_attention: 1, nodes: 1, prefill_instances: 3, prefill_tp: 4, decode_instances: 2 }))
    .toEqual({ gpu: 'a', precision: 'fp8', tp: '8', pp: '1', batch: '64', micro_batches: '', ...off, prefill_instances: '3', prefill_tp: '4', decode_instances: '2' });
});

test('the view and the targets travel in the link, page-only keys beside the table\'s', async () => {
  const ctx = { modelIds: ['llama-3-8b'], gpuIds: ['t4'] };
  const { state } = await decodeLink('?m=llama-3-8b&g=t4', ctx);
  const { query } = await encodeLink(state, { ...ctx, page: { view: 'plan', max_ttft_ms: '400', min_tokens_per_s_user: '25' } });
  expect(query).toBe('?m=llama-3-8b&g=t4&view=plan&ttft=400&tpsu=25');
  const back = await decodeLink(query, ctx);
  expect(back.page).toEqual({ view: 'plan', max_ttft_ms: '400', min_tokens_per_s_user: '25' });
  expect(back.notices).toEqual([]);
  const main = await encodeLink(state, { ...ctx, page: { view: 'main', max_ttft_ms: '', min_tokens_per_s_user: 'x' } });
  expect(main.query).toBe('?m=llama-3-8b&g=t4');
  const bad = await decodeLink('?view=nope&ttft=-3&tpsu=1&tpsu=2', ctx);
  expect(bad.page).toEqual({});
  expect(bad.notices.map((n) => n.split(' ')[0])).toEqual(['“view”', '“ttft”', '“tpsu”']);
});

test('core.plan is the core\'s planner: its candidates ranked, fronts among them, refusals named', async () => {
  const core = await loadTestCore();
  const base = { model: 'llama-3-8b', requests_per_day: 50000, input_tokens: 1000, output_tokens: 300 };
  const { plan } = core.plan(base, { max_ttft_ms: 400, min_tokens_per_s_user: 25 }, undefined, 5);
  expect(plan.searched).toBeGreaterThan(0);
  expect(plan.candidates.length).toBeGreaterThan(0);
  expect(plan.candidates.length).toBeLessThanOrEqual(10);
  for (const c of plan.candidates) {
    expect(c.ttft_ms).toBeLessThanOrEqual(400);
    expect(c.tokens_per_s_user).toBeGreaterThanOrEqual(25);
  }
  for (const option of ['buy', 'cloud']) {
    const costs = plan.candidates.filter((c) => c.option === option).map((c) => c.usd_per_mtok_out);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    const front = plan.pareto.filter((c) => c.option === option);
    if (costs.length) expect(front[0].usd_per_mtok_out).toBe(costs[0]);
    for (let i = 1; i < front.length; i++) expect(front[i].tokens_per_s_user).toBeGreaterThan(front[i - 1].tokens_per_s_user);
  }
  expect(core.plan({ model: 'llama-3-8b' }).error.field).toBe('requests_per_day');
  expect(core.plan({ ...base, tp: 2 }).error.code).toBe('duplicate_key');
  const none = core.plan(base, { min_tokens_per_s_user: 1e9 }).plan;
  expect(none.candidates).toEqual([]);
  expect(none.best_tokens_per_s_user).toBeGreaterThan(0);
});

test('what the plan searches travels in the link: preset ids only, a planner\'s precision, tight fits', async () => {
  const ctx = { modelIds: ['llama-3-8b'], gpuIds: ['t4', 'l4', 'h100-sxm'] };
  const { state } = await decodeLink('?m=llama-3-8b&g=t4', ctx);
  const page = { view: 'plan', max_ttft_ms: '', min_tokens_per_s_user: '', gpus: ['h100-sxm', 't4'], precision: 'fp8', allow_tight: true };
  const { query } = await encodeLink(state, { ...ctx, page });
  // In the presets' order, whatever order they were ticked in.
  expect(query).toBe('?m=llama-3-8b&g=t4&view=plan&gpus=t4,h100-sxm&prec=fp8&tight=1');
  const back = await decodeLink(query, ctx);
  expect(back.page).toEqual({ view: 'plan', gpus: ['t4', 'h100-sxm'], precision: 'fp8', allow_tight: true });
  expect(back.notices).toEqual([]);
  expect((await encodeLink(state, { ...ctx, page: back.page })).query).toBe(query);
  // Everything searched is the default: nothing in the link (every preset ticked is all of them).
  for (const all of [{ gpus: [], precision: '', allow_tight: false }, { gpus: ['l4', 't4', 'h100-sxm'] }]) {
    expect((await encodeLink(state, { ...ctx, page: all })).query).toBe('?m=llama-3-8b&g=t4');
  }
  // Unknown ids, never kept or written back: only the presets are.
  const hostile = { gpus: ['t4', '<b>x</b>', '__proto__', 'a&prec=int4'], precision: 'fp16', allow_tight: 'yes' };
  expect((await encodeLink(state, { ...ctx, page: hostile })).query).toBe('?m=llama-3-8b&g=t4&gpus=t4');
});

test('hostile search keys: unknown GPU ids dropped with a notice that never echoes them, bad values left at the default', async () => {
  const ctx = { modelIds: ['llama-3-8b'], gpuIds: ['t4', 'l4'] };
  const evil = encodeURIComponent('<img src=x onerror=alert(1)>');
  const r = await decodeLink(`?gpus=l4,${evil},__proto__,l4,,constructor&prec=fp16&tight=true`, ctx);
  expect(r.page).toEqual({ gpus: ['l4'] });
  expect(r.notices).toHaveLength(3);
  expect(r.notices[0]).toMatch(/^4 items of “gpus” \(GPUs to search\) in the link are no GPU preset: they were dropped\.$/);
  expect(r.notices.map((n) => n.split(' ')[0])).toEqual(['4', '“prec”', '“tight”']);
  for (const n of r.notices) expect(n).not.toMatch(/img|proto|constructor|fp16|true/);
  const none = await decodeLink(`?gpus=${evil}`, ctx);
  expect(none.page).toEqual({});
  expect(none.notices[0]).toMatch(/1 item .* dropped, and every preset is searched\.$/);
  for (const q of ['?gpus=', '?gpus=t4&gpus=l4', '?prec=auto&prec=auto', '?tight=0']) {
    const x = await decodeLink(q, ctx);
    expect(x.page, q).toEqual({});
    expect(x.notices, q).toHaveLength(1);
  }
  expect((await decodeLink('?prec=int4&tight=1', ctx)).page).toEqual({ precision: 'int4', allow_tight: true });
});

test('core.plan searches what it is given: the GPUs and precision chosen, nothing but presets and the planner\'s precisions', async () => {
  const core = await loadTestCore();
  const base = { model: 'llama-3-8b', requests_per_day: 50000, input_tokens: 1000, output_tokens: 300 };
  const goal = { max_ttft_ms: 400, min_tokens_per_s_user: 25 };
  const { plan } = core.plan(base, { ...goal, gpus: ['l40s', 'h100-sxm'], precision: 'fp8' });
  expect(plan.searched).toBe(2 * 4 * 4);
  expect(plan.candidates.length).toBeGreaterThan(0);
  for (const c of plan.candidates) {
    expect(['l40s', 'h100-sxm']).toContain(c.gpu);
    expect(c.precision).toBe('fp8');
  }
  expect(core.plan(base, { ...goal, gpus: ['t4'] }).plan.searched).toBe(4 * 4 * 3);
  expect(core.plan(base, { ...goal, precision: 'int4' }).plan.searched * 3).toBe(core.plan(base, goal).plan.searched);
  expect(core.plan(base, { gpus: ['t4', 'no-such-gpu'] }).error).toMatchObject({ code: 'unknown_preset', field: 'gpu' });
  expect(core.plan(base, { gpus: ['t4"},"x":{'] }).error.field).toBe('gpu');
  expect(core.plan(base, { precision: 'fp16' }).error).toMatchObject({ code: 'unknown_name', field: 'precision' });
});

test('each engine\'s plan searches auto and its own two formats: the page\'s list is the core\'s', async () => {
  const core = await loadTestCore();
  const base = { model: 'llama-3-8b', requests_per_day: 50000, input_tokens: 1000, output_tokens: 300 };
  for (const engine of ['vllm', 'sglang', 'trt-llm', 'llama.cpp', 'gpt-fast']) {
    const { plan } = core.plan({ ...base, engine }, { gpus: ['rtx-4090'] });
    expect(plan.precisions, engine).toEqual(planPrecisions(engine));
    // Every candidate's precision is one searched (auto resolves to the checkpoint's 16-bit type).
    for (const c of plan.candidates) expect(['fp16', 'bf16', ...PLAN_FORMATS[engine]], `${engine} ${c.precision}`).toContain(c.precision);
  }
  expect(planPrecisions('llama.cpp')).toEqual(['auto', 'q8_0', 'q4_k_m']);
  // auto (the default): each GPU's usual engine, vLLM's formats on an RTX 4090, llama.cpp's on an M4 Max.
  const mixed = core.plan(base, { gpus: ['rtx-4090', 'm4-max-128g'] }).plan;
  expect(mixed.precisions).toEqual(planPrecisions('auto'));
  expect(planPrecisions(undefined)).toEqual(['auto', 'fp8', 'int4', 'q8_0', 'q4_k_m']);
  expect(core.plan(base, { gpus: ['m4-max-128g'] }).plan.precisions).toEqual(['auto', 'q8_0', 'q4_k_m']);
  // One precision asked for: searched alone, and listed as the search's.
  const one = core.plan({ ...base, engine: 'llama.cpp' }, { gpus: ['rtx-4090'], precision: 'q8_0' }).plan;
  expect(one.precisions).toEqual(['q8_0']);
  expect(one.candidates.every((c) => c.precision === 'q8_0')).toBe(true);
  // The page's runPlan: a precision of another engine (fp8 chosen before llama.cpp was) searches this engine's all.
  const input = planInput({ request: { ...base, engine: 'llama.cpp' } });
  const r = runPlan(core, input, {}, { gpus: ['rtx-4090'], precision: 'fp8', allow_tight: false });
  expect(r.plan.precisions).toEqual(['auto', 'q8_0', 'q4_k_m']);
  // A link's prec takes any engine's: the union, and nothing else.
  expect([...PLAN_PRECISIONS].sort()).toEqual(['auto', 'fp8', 'int4', 'int8', 'q4_k_m', 'q8_0']);
});
