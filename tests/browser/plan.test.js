// The Plan view: the core's planner (the CLI's --plan) for the form's model and
// workload and two targets. Its figures are the core's, a Pareto point opens its
// setup in the analysis (which fits and meets the targets), and targets no
// setup meets say so in words, with no figures.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { decodeLink } from '../../web/src/url-codec.js';
import { buildRequest } from '../../web/src/request.js';
import { PLAN_TOP, candidateInputs, planRequest } from '../../web/src/plan.js';
import { axeSerious, loadBuiltCore, startPage, tid, waitForVerdict } from './helpers.js';

let env;
let core;
let ids;
before(async () => {
  env = await startPage();
  core = await loadBuiltCore();
  const presets = core.presets();
  ids = { modelIds: presets.models.map((m) => m.id), gpuIds: presets.gpus.map((g) => g.id) };
});
after(() => env?.close());

// The idle power gives the purchase its price (as in tests/c/plan_test.mjs): both options then have candidates.
const WORKLOAD = 'm=llama-3-8b&g=t4&rpd=50000&it=1000&ot=300&iw=40';
const TARGETS = { max_ttft_ms: 400, min_tokens_per_s_user: 25 };

/** The request the page builds from a link's inputs, as state.js does (the same modules). */
async function requestOf(query) {
  const { state } = await decodeLink(query, ids);
  return { state, built: buildRequest(state) };
}

/** The plan view, once the core's answer is on it (a table or the words saying there is none). */
async function openPlan(query) {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}${query}`);
  await page.waitForSelector(`${tid('plan-table')}, ${tid('plan-none')}`);
  return page;
}

const FIGURES = ['gpus', 'tp', 'pp', 'batch', 'ttft_ms', 'tokens_per_s_user', 'monthly_usd', 'usd_per_mtok_out'];
const attr = (page, id) => page.getAttribute(tid(id), 'data-value');

test('the plan view shows the core\'s candidates, figure for figure, and the number searched', async () => {
  const query = `?${WORKLOAD}&view=plan&ttft=${TARGETS.max_ttft_ms}&tpsu=${TARGETS.min_tokens_per_s_user}`;
  const { built } = await requestOf(query);
  const { plan } = core.plan(planRequest(built.request), TARGETS, built.configText, PLAN_TOP);
  assert.ok(plan.candidates.length > 0, 'the core finds candidates for this workload');
  const page = await openPlan(query);
  assert.equal(Number(await attr(page, 'plan.searched')), plan.searched);
  assert.equal(await page.locator(`${tid('plan-table')} tbody tr`).count(), plan.candidates.length);
  for (const [i, c] of plan.candidates.entries()) {
    assert.equal(await attr(page, `plan.candidates.${i}.option`), c.option, `candidate ${i}: option`);
    assert.equal(await attr(page, `plan.candidates.${i}.gpu`), c.gpu, `candidate ${i}: gpu`);
    assert.equal(await attr(page, `plan.candidates.${i}.precision`), c.precision, `candidate ${i}: precision`);
    for (const k of FIGURES) assert.equal(Number(await attr(page, `plan.candidates.${i}.${k}`)), c[k], `candidate ${i}: ${k}`);
  }
  // Every point of both fronts is drawn, buying and renting.
  assert.equal(await page.locator(`${tid('plan-chart')} .plan-point`).count(), plan.pareto.length);
  for (const option of ['buy', 'cloud']) {
    assert.ok(plan.pareto.some((c) => c.option === option), `a ${option} front`);
    assert.equal(await page.locator(`${tid('plan-chart')} .plan-point[data-option="${option}"]`).count(),
      plan.pareto.filter((c) => c.option === option).length, `the ${option} front's points`);
  }
  // The legend names each front in its line's colour, and the two colours differ.
  const colours = await page.evaluate(() => ['buy', 'cloud'].map((o) => [
    getComputedStyle(document.querySelector(`.plan-${o}-label`)).fill, getComputedStyle(document.querySelector(`.plan-${o}`)).stroke]));
  for (const [label, line] of colours) assert.equal(label, line, 'a legend entry has its line\'s colour');
  assert.notEqual(colours[0][1], colours[1][1], 'the fronts have two colours');
  await page.close();
});

test('on a 1280 px screen the plan table fits its box: its last column, "Open", needs no sideways scroll', async () => {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${env.server.url}?${WORKLOAD}&view=plan&ttft=${TARGETS.max_ttft_ms}&tpsu=${TARGETS.min_tokens_per_s_user}`);
  await page.waitForSelector(tid('plan-table'));
  const [table, box] = await page.evaluate(() => {
    const scroll = document.querySelector('.plan-scroll');
    return [scroll.scrollWidth, scroll.clientWidth];
  });
  assert.ok(table <= box, `the table is ${table} px wide in a ${box} px box`);
  await page.close();
});

test('a new target replans: the table becomes the core\'s plan for it, and the link keeps it', async () => {
  const query = `?${WORKLOAD}&view=plan&ttft=${TARGETS.max_ttft_ms}&tpsu=${TARGETS.min_tokens_per_s_user}`;
  const { built } = await requestOf(query);
  const faster = { ...TARGETS, min_tokens_per_s_user: 120 };
  const { plan } = core.plan(planRequest(built.request), faster, built.configText, PLAN_TOP);
  assert.ok(plan.candidates.length > 0);
  const page = await openPlan(query);
  await page.fill(tid('plan.min_tokens_per_s_user'), '120');
  await page.press(tid('plan.min_tokens_per_s_user'), 'Enter');
  await page.locator(tid('plan.min_tokens_per_s_user')).blur();
  // Replanned once the typing pauses: wait for the new table, never for a time.
  await page.waitForFunction((n) => {
    const rows = document.querySelectorAll('[data-testid="plan-table"] tbody tr');
    const speeds = [...document.querySelectorAll('[data-testid$=".tokens_per_s_user"]')].map((e) => Number(e.dataset.value));
    return rows.length === n && speeds.every((v) => v >= 120) && document.querySelector('[data-testid="plan-view"]').dataset.busy === 'false';
  }, plan.candidates.length);
  for (const [i, c] of plan.candidates.entries()) {
    assert.equal(Number(await attr(page, `plan.candidates.${i}.usd_per_mtok_out`)), c.usd_per_mtok_out, `candidate ${i}`);
    assert.equal(await attr(page, `plan.candidates.${i}.gpu`), c.gpu, `candidate ${i}: gpu`);
  }
  await page.waitForFunction(() => location.search.includes('tpsu=120'));
  await page.close();
});

test('a Pareto point opens its setup in the analysis, which fits and meets the targets', async () => {
  const query = `?${WORKLOAD}&view=plan&ttft=${TARGETS.max_ttft_ms}&tpsu=${TARGETS.min_tokens_per_s_user}`;
  const { state, built } = await requestOf(query);
  const { plan } = core.plan(planRequest(built.request), TARGETS, built.configText, PLAN_TOP);
  const i = plan.pareto.findIndex((c) => c.option === 'buy' && c.tp * c.pp > 1) >= 0
    ? plan.pareto.findIndex((c) => c.option === 'buy' && c.tp * c.pp > 1) // a setup on more than one GPU
    : plan.pareto.length - 1;
  const c = plan.pareto[i];
  const page = await openPlan(query);
  await page.click(tid(`plan.pareto.${i}`));
  await waitForVerdict(page);
  assert.equal(await page.inputValue(tid('gpu')), c.gpu);
  assert.equal(await page.inputValue(tid('precision')), c.precision);
  assert.equal(await page.inputValue(tid('tp')), String(c.tp));
  assert.equal(await page.inputValue(tid('pp')), String(c.pp));
  assert.equal(await page.inputValue(tid('batch')), String(c.batch));
  assert.equal(await page.getAttribute(tid('verdict'), 'data-fits'), 'true');
  assert.notEqual(await page.getAttribute(tid('verdict'), 'data-level'), 'tight');
  assert.equal(await page.locator(tid('plan-view')).count(), 0, 'the main view shows');
  // The analysis of that setup alone, through the page's own request builder: the targets hold.
  const r = core.analyze(buildRequest({ ...state, ...candidateInputs(c) }).request);
  assert.ok(r.fits && r.level !== 'tight' && r.cost, 'the setup fits with a cost');
  const a = Object.fromEntries(r.cost.assumptions.map((x) => [x.name, x.value]));
  assert.ok(r.config.launch_ms + a.prefill_ms <= TARGETS.max_ttft_ms, 'within the TTFT target');
  assert.ok(1000 / a.step_ms >= TARGETS.min_tokens_per_s_user, 'at least the per-user speed');
  assert.equal(Number(await page.getAttribute(tid(`cost.${c.option}.usd_per_mtok_out`), 'data-value')), c.usd_per_mtok_out,
    'the cost panel shows the plan\'s price');
  await page.close();
});

test('targets no setup meets: the words say why, and no figure is shown', async () => {
  const page = await openPlan(`?${WORKLOAD}&view=plan&tpsu=999999999`);
  const none = page.locator(tid('plan-none'));
  await none.waitFor();
  const text = await none.textContent();
  assert.match(text, /No setup meets these targets/);
  assert.match(text, /per user, even at batch 1/);
  assert.equal(await page.locator('[data-testid^="plan.candidates."]').count(), 0);
  assert.equal(await page.locator(tid('plan-chart')).count(), 0);
  assert.equal(await page.locator(`${tid('plan-view')} [data-value]:not([data-testid="plan.searched"])`).count(), 0);
  await page.close();
});

test('the view toggle opens the plan and keeps it in the address bar', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}?${WORKLOAD}`);
  await waitForVerdict(page);
  await page.click(tid('view.plan'));
  await page.waitForSelector(`${tid('plan-table')}, ${tid('plan-none')}`);
  await page.waitForFunction(() => location.search.includes('view=plan'));
  await page.close();
});

/** The plan's table once it is `plan` (the core's): no replan pending, its rows, each one's option, GPU, precision and figures. */
async function waitForPlan(page, plan) {
  await page.waitForFunction((want) => {
    if (document.querySelector('[data-testid="plan-view"]')?.dataset.busy !== 'false') return false;
    const rows = document.querySelectorAll('[data-testid="plan-table"] tbody tr');
    if (rows.length !== want.length) return false;
    const at = (i, k) => document.querySelector(`[data-testid="plan.candidates.${i}.${k}"]`)?.dataset.value;
    return want.every((c, i) => at(i, 'gpu') === c.gpu && at(i, 'precision') === c.precision && Number(at(i, 'usd_per_mtok_out')) === c.usd_per_mtok_out);
  }, plan.candidates.map((c) => ({ gpu: c.gpu, precision: c.precision, usd_per_mtok_out: c.usd_per_mtok_out })));
  for (const [i, c] of plan.candidates.entries()) {
    assert.equal(await attr(page, `plan.candidates.${i}.option`), c.option, `candidate ${i}: option`);
    for (const k of FIGURES) assert.equal(Number(await attr(page, `plan.candidates.${i}.${k}`)), c[k], `candidate ${i}: ${k}`);
  }
}

test('two GPUs and fp8 chosen from the keyboard: only those are shown, figure for figure the core\'s, and the link keeps them', async () => {
  const query = `?${WORKLOAD}&view=plan&ttft=${TARGETS.max_ttft_ms}&tpsu=${TARGETS.min_tokens_per_s_user}`;
  const { built } = await requestOf(query);
  const chosen = ['l40s', 'h100-sxm'];
  const settings = { ...TARGETS, gpus: chosen, precision: 'fp8' };
  const { plan } = core.plan(planRequest(built.request), settings, built.configText, PLAN_TOP);
  assert.ok(plan.candidates.length > 0, 'the core finds candidates on these GPUs at fp8');
  const page = await openPlan(query);
  await page.focus(tid('plan.gpus'));
  await page.keyboard.press('Enter'); // opens the list
  for (const id of chosen) {
    await page.focus(tid(`plan.gpu.${id}`));
    await page.keyboard.press('Space');
  }
  await page.focus(tid('plan.precision'));
  await page.selectOption(tid('plan.precision'), 'fp8');
  await waitForPlan(page, plan);
  assert.equal(Number(await attr(page, 'plan.searched')), plan.searched);
  for (const i of plan.candidates.keys()) {
    assert.ok(chosen.includes(await attr(page, `plan.candidates.${i}.gpu`)), `candidate ${i}: a chosen GPU`);
    assert.equal(await attr(page, `plan.candidates.${i}.precision`), 'fp8', `candidate ${i}: fp8`);
  }
  // The link: the GPUs in the presets' order, the precision; opened afresh, the same controls and plan.
  const gpus = ids.gpuIds.filter((id) => chosen.includes(id)).join(',');
  await page.waitForFunction((want) => location.search.includes(want), `gpus=${gpus}&prec=fp8`);
  const link = await page.evaluate(() => location.search);
  await page.close();
  const again = await openPlan(link);
  assert.equal(await again.getAttribute(tid('plan.gpus'), 'data-chosen'), gpus);
  assert.equal(await again.inputValue(tid('plan.precision')), 'fp8');
  assert.equal(await again.isChecked(tid('plan.allow_tight')), false);
  for (const id of chosen) assert.equal(await again.isChecked(tid(`plan.gpu.${id}`)), true);
  await waitForPlan(again, plan);
  await again.close();
});

test('allow tight fits: the plan takes what the core then qualifies, and the link keeps it', async () => {
  // A case where the core, allowed tight fits, qualifies more setups (found here, not assumed).
  const cases = [
    { model: 'llama-3-70b', gpus: ['t4'], precision: 'auto' },
    { model: 'qwen2.5-32b', gpus: ['t4'], precision: 'auto' },
    { model: 'llama-3-70b', gpus: ['rtx-4090'], precision: 'auto' },
  ];
  let found;
  for (const x of cases) {
    const query = `?m=${x.model}&g=${x.gpus[0]}&rpd=50000&it=1000&ot=300&iw=40&view=plan&gpus=${x.gpus.join(',')}&prec=${x.precision}`;
    const { built } = await requestOf(query);
    const ask = (allow_tight) => core.plan(planRequest(built.request), { ...x, allow_tight }, built.configText, PLAN_TOP).plan;
    const [strict, tight] = [ask(false), ask(true)];
    if (tight.candidates.length > strict.candidates.length) {
      found = { query, strict, tight };
      break;
    }
  }
  assert.ok(found, 'a case where allowing tight fits gives more candidates');
  const page = await openPlan(found.query);
  await waitForPlan(page, found.strict);
  await page.focus(tid('plan.allow_tight'));
  await page.keyboard.press('Space');
  await waitForPlan(page, found.tight);
  await page.waitForFunction(() => location.search.includes('tight=1'));
  const link = await page.evaluate(() => location.search);
  await page.close();
  const again = await openPlan(link);
  assert.equal(await again.isChecked(tid('plan.allow_tight')), true);
  await waitForPlan(again, found.tight);
  await again.close();
});


test('the plan view is accessible: axe finds nothing serious, no scroll at 390 px, a point opens from the keyboard', async () => {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${env.server.url}?${WORKLOAD}&view=plan&ttft=${TARGETS.max_ttft_ms}&tpsu=${TARGETS.min_tokens_per_s_user}`);
  await page.waitForSelector(tid('plan-table'));
  await page.click(tid('plan.gpus')); // the GPU list open, its boxes checked by axe too
  await page.waitForSelector(tid('plan.gpu.t4'));
  assert.deepEqual(await axeSerious(page), []);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no horizontal scroll');
  const gpu = await page.getAttribute(tid('plan.pareto.0'), 'aria-label');
  await page.focus(tid('plan.pareto.0'));
  await page.keyboard.press('Enter');
  await waitForVerdict(page);
  assert.ok(gpu.includes(await page.inputValue(tid('gpu'))), 'the point named its GPU, now the form\'s');
  await context.close();
});

test('in the Plan view the form\'s searched fields are disabled, the model and workload are not; back in the analysis, all are', async () => {
  const page = await openPlan(`?${WORKLOAD}&view=plan&ttft=${TARGETS.max_ttft_ms}&tpsu=${TARGETS.min_tokens_per_s_user}`);
  await page.waitForSelector(tid('batch'));
  const SEARCHED = ['gpu', 'batch', 'tp', 'pp', 'precision', 'seq'];
  const KEPT = ['model', 'requests_per_day', 'input_tokens', 'output_tokens', 'kv_precision'];
  for (const id of SEARCHED) assert.equal(await page.isDisabled(tid(id)), true, `${id} is the plan's to choose`);
  for (const id of KEPT) assert.equal(await page.isDisabled(tid(id)), false, `${id} is read by the plan`);
  await page.click(tid('view.main'));
  await waitForVerdict(page);
  // In the analysis the workload sets the context (input + output): that field alone stays disabled.
  for (const id of [...SEARCHED, ...KEPT]) assert.equal(await page.isDisabled(tid(id)), id === 'seq', `${id} in the analysis`);
  await page.close();
});

test('an MoE model at a large batch: the plan picks an EP setup, says by how much it beats TP only, and opens it', async () => {
  // DeepSeek-V3 fp8 on H200 at 5 million requests a day (tests/c/plan_core_test.c: tp 8, ep 8, DP attention 8 wins).
  const query = '?m=deepseek-v3&rpd=5000000&it=1000&ot=300&view=plan&gpus=h200-sxm&prec=fp8';
  const { built } = await requestOf(query);
  const { plan } = core.plan(planRequest(built.request), { gpus: ['h200-sxm'], precision: 'fp8' }, built.configText, PLAN_TOP);
  const best = plan.candidates[0];
  assert.ok(best.ep > 1, 'the core\'s cheapest setup uses EP');
  assert.ok(plan.scale_out.length > 0, 'the core says the scale-out setup wins');
  const page = await openPlan(query);
  assert.equal(Number(await attr(page, 'plan.searched')), plan.searched);
  assert.equal(await attr(page, 'plan.candidates.0.layout'), 'scale-out');
  for (const k of ['tp', 'usd_per_mtok_out']) {
    assert.equal(Number(await attr(page, `plan.candidates.0.${k}`)), best[k], `the cheapest candidate's ${k}`);
  }
  // The layout cell names only what the setup uses: no "DP 1" or "1 node".
  for (const k of ['ep', 'dp_attention', 'nodes']) {
    if (best[k] > 1) assert.equal(Number(await attr(page, `plan.candidates.0.${k}`)), best[k], `the cheapest candidate's ${k}`);
    else assert.equal(await page.locator(tid(`plan.candidates.0.${k}`)).count(), 0, `no ${k} of 1 in the layout cell`);
  }
  assert.doesNotMatch(await page.textContent(tid('plan.candidates.0.layout')), /\b1 nodes?\b|DP attention 1\b|ep 1\b/);
  // The gain, per GPU and per dollar, as the core gives it.
  for (const k of ['tokens_per_s_gpu_x', 'usd_per_mtok_x']) {
    assert.equal(Number(await attr(page, `plan.scale_out.0.${k}`)), plan.scale_out[0][k], `the gain's ${k}`);
  }
  assert.ok(plan.scale_out[0].usd_per_mtok_x > 1);
  const gain = await page.textContent(tid('plan.scale_out.0'));
  assert.match(gain, /beats the cheapest TP-only one/);
  // The setup named by what it uses: no "1 node(s)" for a setup on one node.
  assert.doesNotMatch(gain, /node\(s\)|\b1 nodes?\b/);
  // Opening it sets its layout in the form: the analysis then shows EP's all-to-all on the topology view.
  await page.click(tid('plan.candidates.0.open'));
  await waitForVerdict(page);
  await page.waitForSelector(tid('topology.a2a_crosses'));
  assert.equal(await page.inputValue(tid('ep')), String(best.ep));
  assert.equal(await page.inputValue(tid('tp')), String(best.tp));
  await page.close();
});

test('disaggregated setups: the plan says whether the cheapest beats the colocated one, per GPU and per dollar, as the core does', async () => {
  // DeepSeek-V3 fp8 on H200 at 5 million requests a day: without a speed target and at 40 tokens/s per user
  // (tests/c/plan_core_test.c prints both verdicts); the page shows what the core's plan says, line by line.
  for (const tpsu of ['', '40']) {
    const query = `?m=deepseek-v3&rpd=5000000&it=1000&ot=300&view=plan&gpus=h200-sxm&prec=fp8${tpsu ? `&tpsu=${tpsu}` : ''}`;
    const { built } = await requestOf(query);
    const { plan } = core.plan(planRequest(built.request), { gpus: ['h200-sxm'], precision: 'fp8', min_tokens_per_s_user: Number(tpsu) || 0 },
      built.configText, PLAN_TOP);
    assert.ok(plan.disaggregated.length > 0 && plan.disaggregated_searched > 0, 'the core searched disaggregated setups');
    const page = await openPlan(query);
    for (const [i, g] of plan.disaggregated.entries()) {
      const id = `plan.disaggregated.${i}`;
      await page.waitForSelector(tid(id));
      assert.equal(await page.getAttribute(tid(id), 'data-beats'), String(g.beats), `${id}: beats as the core says`);
      for (const k of ['tokens_per_s_gpu_x', 'usd_per_mtok_x']) assert.equal(Number(await attr(page, `${id}.${k}`)), g[k], `${id}: ${k}`);
      const [d, co] = g.setups;
      assert.equal(g.beats, d.usd_per_mtok_out < co.usd_per_mtok_out, 'beats is the cheaper $/Mtok out');
      const text = await page.textContent(tid(id));
      assert.match(text, g.beats ? /beats the cheapest colocated one/ : /does not beat the cheapest colocated one.*no prefill\/decode interference term/);
    }
    await page.close();
  }
});

test('an MoE plan at 1280 px: the layout line under the GPUs widens the table by nothing', async () => {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${env.server.url}?m=deepseek-v3&rpd=5000000&it=1000&ot=300&view=plan&gpus=h200-sxm&prec=fp8`);
  await page.waitForSelector(tid('plan.candidates.0.layout'));
  const [shown, hidden] = await page.evaluate(() => {
    const scroll = document.querySelector('.plan-scroll');
    const width = scroll.scrollWidth;
    for (const e of document.querySelectorAll('.plan-layout')) e.style.display = 'none';
    return [width, scroll.scrollWidth];
  });
  assert.equal(shown, hidden, `the table is ${shown} px with the layout lines, ${hidden} px without`);
  await page.close();
});

test('a dense model: no scale-out setup, no scale-out column', async () => {
  const page = await openPlan(`?${WORKLOAD}&view=plan`);
  assert.equal(await page.locator(`${tid('plan-table')} [data-testid$=".layout"]`).count(), 0);
  assert.equal(await page.locator('[data-testid^="plan.scale_out."]').count(), 0);
  await page.close();
});
