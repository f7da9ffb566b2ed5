// The parameters-only path: "Only the size (e.g. 70B)" gives the core's
// approximate estimate, clearly marked, with no full verdict and no time or
// tokens/s anywhere (and no intensity, roof or lever either when the weights do
// not fit on the tp × pp GPUs given); a bad size shows the core's message on its
// field; the size travels in the link as n.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { ESTIMATE_INPUTS } from '../../web/src/inputs.js';
import { atPath, compareValue } from '../web/vector-rules.js';
import { ESTIMATE_PATHS, ROOT, SINGLE_FILE_URL, TIMING_TESTIDS, loadBuiltCore, setInputs, shownValue, snapshot, startPage, tid, vectorsByName, waitForVerdict } from './helpers.js';

let env;
let core;
// The field table's workload rows: a size alone cannot carry them.
const WORKLOAD_KEYS = JSON.parse(readFileSync(new URL('core/fields.json', ROOT), 'utf8')).fields
  .filter((f) => f.group === 'workload').map((f) => f.key);
before(async () => {
  env = await startPage();
  core = await loadBuiltCore();
});
after(() => env?.close());

async function waitForEstimate(page) {
  await page.waitForSelector(tid('estimate'));
  await page.waitForSelector(`${tid('results')}[data-ready="true"]`);
}

/** The estimate's figures on the page must be the core's, to the bit (data-value). */
async function assertShowsEstimate(page, request) {
  const { estimate: e } = core.analyze(request);
  assert.ok(e, `the core gives an estimate for ${JSON.stringify(request)}`);
  const banner = page.locator(tid('estimate-banner'));
  assert.ok(await banner.isVisible(), 'the approximate banner is visible');
  assert.equal(
    (await banner.textContent()).replace(/\s+/g, ' ').trim(),
    'Approximate: parameters only — no KV cache, attention or MoE; less exact than a config.json.',
  );
  const figures = {
    'estimate.weights_gib': e.weights_gib,
    'estimate.usable_gib_per_gpu': e.usable_gib_per_gpu,
    'estimate.gpus_needed': e.gpus_needed,
    'estimate.fits': e.fits,
    'estimate.decode_ai': e.decode_ai,
    'estimate.attainable_tflops': e.attainable_tflops,
    'estimate.bound': e.bound,
    'estimate.ridge': e.ridge,
    'estimate.ceiling_fraction': e.ceiling_fraction,
  };
  for (const [id, value] of Object.entries(figures)) {
    if (value === undefined) assert.equal(await page.locator(tid(id)).count(), 0, `${id} is absent when the core gives none`);
    else assert.equal(await page.getAttribute(tid(id), 'data-value'), String(value), id);
  }
  // The levers, in the core's order, each with its gain.
  const levers = await page.$$eval(`${tid('levers')} > li`, (items) =>
    items.map((li) => ({ code: li.dataset.code, gain: li.querySelector('[data-value]').dataset.value, message: li.querySelector('span').textContent })));
  assert.deepEqual(levers, (e.levers ?? []).map((l) => ({ code: l.code, gain: String(l.gain), message: l.message })));
  // Weights that do not fit: no throughput figure, and the words that say why.
  assert.equal(await page.locator(tid('estimate-no-speed')).count(), e.fits ? 0 : 1);
  return e;
}

/** No verdict, no time or throughput, no roofline or sweep chart: the core gives none for a size alone. */
async function assertNoAnalysis(page) {
  for (const id of ['verdict', 'roofline-plot', 'sweep-plot', 'memory-bar', 'memory.max_batch', 'roofline.ai', ...TIMING_TESTIDS]) {
    assert.equal(await page.locator(tid(id)).count(), 0, `${id} must not be on the page`);
  }
  assert.equal(await page.locator('[data-fits]').count(), 0);
  const text = await page.textContent('body');
  assert.doesNotMatch(text, /tok\/s|\d ms\b/, 'no throughput or time in the text');
}

test('choosing "Only the size" gives the marked estimate, and nothing the core does not give', async () => {
  const page = await env.browser.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text()); });
  await page.goto(env.server.url);
  await waitForVerdict(page);
  await page.selectOption(tid('model'), 'params');
  await waitForEstimate(page);
  // The size starts from the model that was shown (qwen3-4b, 4,022,468,096 parameters).
  assert.equal(await page.inputValue(tid('params')), '4.02B');
  await assertShowsEstimate(page, { params: '4.02B', gpu: 'a100-40g', precision: 'auto', batch: 1 });

  await page.fill(tid('params'), '70B');
  await page.selectOption(tid('gpu'), 'h100-sxm');
  await page.fill(tid('batch'), '8');
  // 70B in 16 bits needs two H100s: on the one given it cannot run, so no intensity, roof or lever.
  await page.waitForSelector(tid('estimate-no-speed'));
  const refused = await assertShowsEstimate(page, { params: '70B', gpu: 'h100-sxm', precision: 'auto', batch: 8 });
  assert.deepEqual([refused.gpus_needed, refused.fits], [2, false]);
  assert.equal(await page.getAttribute(tid('estimate'), 'data-bound'), null);
  await assertNoAnalysis(page);
  // It is a refusal: its word, the shortfall, and the ways out in the core's order and words.
  assert.equal(await page.textContent('#estimate-word'), 'Does not fit');
  assert.equal(await page.getAttribute(tid('estimate.shortfall_gib'), 'data-value'), String(refused.shortfall_gib));
  const ways = await page.$$eval(`${tid('estimate.remedies')} > li`, (items) =>
    items.map((li) => ({ code: li.dataset.code, message: li.querySelector('span').textContent })));
  assert.deepEqual(ways, refused.remedies.map((x) => ({ code: x.code, message: x.message })));
  assert.deepEqual(ways.map((x) => x.code), ['lower_weight_precision', 'more_tp', 'bigger_gpu']);
  // One way out applied: fp8 holds the 70B on the one H100, and the throughput figures come back.
  await page.click(`${tid('estimate.remedies')} > li[data-code="lower_weight_precision"] > button`);
  await page.waitForSelector(`${tid('estimate.decode_ai')}[data-value="8"]`);
  assert.equal(await page.inputValue(tid('precision')), 'fp8');
  assert.equal(await page.locator(tid('estimate.remedies')).count(), 0);
  assert.equal(await page.locator(tid('estimate.shortfall_gib')).count(), 0);
  assert.equal(await page.textContent('#estimate-word'), 'Estimate');
  await page.selectOption(tid('precision'), 'auto');
  await page.waitForSelector(tid('estimate-no-speed'));
  // tp × pp are the GPUs given: on two it runs.
  await page.fill(tid('tp'), '2');
  await page.waitForSelector(`${tid('estimate.decode_ai')}[data-value="4"]`);
  const e = await assertShowsEstimate(page, { params: '70B', gpu: 'h100-sxm', precision: 'auto', batch: 8, tp: 2 });
  assert.equal(e.gpus_needed, 2);
  assert.equal(await page.getAttribute(tid('estimate'), 'data-bound'), 'memory');
  await assertNoAnalysis(page);
  assert.equal(await page.locator(tid('estimate-limits')).count(), 1);

  // What the estimate does not read is greyed out; what it reads is not.
  for (const id of ['seq', 'micro_batches', 'kv_block', 'kv_precision', 'moe_read']) {
    assert.equal(await page.isDisabled(tid(id)), true, `${id} is disabled`);
  }
  for (const id of ['params', 'batch', 'precision', 'gpu', 'tp', 'pp']) {
    assert.equal(await page.isDisabled(tid(id)), false, `${id} is enabled`);
  }

  // Precision and the engine budget reach the estimate.
  await page.selectOption(tid('precision'), 'int4');
  await page.locator('details.engine > summary').click();
  await page.fill(tid('pool_fraction'), '0.8');
  await page.waitForSelector(`${tid('estimate.decode_ai')}[data-value="16"]`);
  await assertShowsEstimate(page, { params: '70B', gpu: 'h100-sxm', precision: 'int4', batch: 8, tp: 2, pool_fraction: 0.8 });

  // A compute-bound batch: no levers, said in words.
  await page.fill(tid('batch'), '1024');
  await page.waitForSelector(`${tid('estimate')}[data-bound="compute"]`);
  assert.equal(await page.locator(tid('levers')).count(), 0);
  await assertShowsEstimate(page, { params: '70B', gpu: 'h100-sxm', precision: 'int4', batch: 1024, tp: 2, pool_fraction: 0.8 });

  // Every figure carries its exact value, and every testid is unique.
  const { duplicates, bare, paths } = await page.evaluate(() => {
    const seen = new Map();
    for (const el of document.querySelectorAll('[data-testid]')) seen.set(el.dataset.testid, (seen.get(el.dataset.testid) ?? 0) + 1);
    return {
      duplicates: [...seen].filter(([, n]) => n > 1).map(([id]) => id),
      bare: [...document.querySelectorAll('.num')].filter((el) => !el.dataset.testid || el.dataset.value === undefined).length,
      paths: [...document.querySelectorAll('.num')].map((el) => [el.dataset.testid, el.dataset.value]),
    };
  });
  assert.deepEqual(duplicates, []);
  assert.equal(bare, 0);
  // Each figure's testid is its path in the core's answer, its data-value that value.
  const answer = core.analyze({ params: '70B', gpu: 'h100-sxm', precision: 'int4', batch: 1024, tp: 2, pool_fraction: 0.8 });
  for (const [path, value] of paths) assert.equal(value, String(atPath(answer, path)), path);

  // Back to a preset: the full analysis returns, and the inputs are enabled again.
  await page.selectOption(tid('model'), 'llama-3-70b');
  await page.fill(tid('batch'), '8');
  await waitForVerdict(page);
  assert.equal(await page.locator(tid('estimate')).count(), 0);
  assert.equal(await page.isDisabled(tid('seq')), false);
  assert.deepEqual(problems, []);
});

test('a GPU without a sourced TFLOPS: the bound is unknown and the attainable figure is a bandwidth bound', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}?n=70B&g=m4-max-128g&p=int4`);
  await waitForEstimate(page);
  assert.equal((await assertShowsEstimate(page, { params: '70B', gpu: 'm4-max-128g', precision: 'int4', batch: 1 })).fits, true);
  assert.equal(await page.getAttribute(tid('estimate.bound'), 'data-value'), 'unknown');
  // The GPU fields keep the preset's figures: the core's memory limit, no TFLOPS.
  assert.equal(await page.inputValue(tid('gpu.tflops')), '');
  assert.equal(await page.inputValue(tid('gpu.bandwidth_gbs')), '546');
  assert.equal(await page.inputValue(tid('gpu.vram_gib')), String(core.analyze({ params: '70B', gpu: 'm4-max-128g' }).gpu.vram_gib));
});

test('an invalid size shows the core message on the size field', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}?n=70B&g=h100-sxm`);
  await waitForEstimate(page);
  for (const [value, request] of [['7Q', '7Q'], ['1k', '1k'], ['2000T', '2000T'], ['', ''], ['70 B', '70 B']]) {
    await page.fill(tid('params'), value);
    await page.waitForSelector(`${tid('params')}[aria-invalid="true"]`);
    const { error } = core.analyze({ params: request, gpu: 'h100-sxm', precision: 'auto', batch: 1 });
    assert.equal(error.field, 'params');
    assert.equal(await page.textContent(tid('error-params')), error.message, value);
    assert.equal(await page.getAttribute(tid('params'), 'aria-describedby'), 'hint-params err-params');
    assert.equal(await page.locator('[aria-invalid="true"]').count(), 1);
    assert.equal(await page.getAttribute(tid('verdict'), 'data-state'), 'error');
    assert.equal(await page.locator(tid('estimate')).count(), 0);
  }
  await page.fill(tid('params'), '1.5T');
  await waitForEstimate(page);
  assert.equal(await page.getAttribute(tid('params'), 'aria-invalid'), 'false');
});

test('the size survives a share link, as n, and the link beats the default', async () => {
  const page = await env.browser.newPage();
  await page.goto(env.server.url);
  await waitForVerdict(page);
  await page.fill(tid('params'), '70B'); // typing a size chooses the estimate
  await page.selectOption(tid('gpu'), 'h100-sxm');
  await page.fill(tid('batch'), '8');
  await page.fill(tid('tp'), '2');
  await page.waitForSelector(`${tid('estimate.decode_ai')}[data-value="4"]`);
  assert.equal(await page.inputValue(tid('model')), 'params');
  const before = await snapshot(page);
  await page.click(tid('copy-link'));
  const field = page.locator(tid('share-url'));
  await field.waitFor();
  const url = await field.inputValue();
  assert.match(url, /\?n=70B&g=h100-sxm&b=8&tp=2$/);
  const again = await env.browser.newPage();
  await again.goto(url);
  await waitForEstimate(again);
  assert.deepEqual(await snapshot(again), before);
  assert.equal(await again.locator(tid('link-notice')).count(), 0);
  // n beats m; a malformed n falls back to the preset, with a notice.
  await again.goto(`${env.server.url}?m=llama-3-70b&n=7.6b&g=a100-80g&p=fp8&b=8`);
  await waitForEstimate(again);
  await assertShowsEstimate(again, { params: '7.6b', gpu: 'a100-80g', precision: 'fp8', batch: 8 });
  await again.goto(`${env.server.url}?n=%3Cscript%3E&b=8`);
  await waitForVerdict(again);
  assert.match(await again.textContent(tid('link-notice')), /“n” \(model size\)/);
  assert.equal(await again.inputValue(tid('model')), 'qwen3-4b');
});

test('the single file from file://, offline: the estimate from a link', async () => {
  const context = await env.browser.newContext({ offline: true });
  const page = await context.newPage();
  await page.goto(`${SINGLE_FILE_URL}?n=1.5T&g=h200-sxm&p=int4&b=8`);
  await waitForEstimate(page);
  // 1.5T at int4 needs six H200s: on the one given, the GPUs needed and no throughput figure.
  const e = await assertShowsEstimate(page, { params: '1.5T', gpu: 'h200-sxm', precision: 'int4', batch: 8 });
  assert.deepEqual([e.gpus_needed, e.fits], [6, false]);
  assert.equal(await page.getAttribute(tid('estimate.gpus_needed'), 'data-value'), String(e.gpus_needed));
  await assertNoAnalysis(page);
  await context.close();
});

// Every parameters-only vector (tests/vectors/*.json: a request with params and
// a preset GPU, nothing the form cannot express), set through the form: the
// figures shown (data-value) must match the vector within its tolerance, and an
// invalid size must mark the size field.
describe('parameters-only vectors through the form', () => {
  // The form's GPU menu holds only presets: a vector naming another id cannot be set through it.
  const isGpuPreset = (id) => existsSync(new URL(`../../presets/gpus/${id}.json`, import.meta.url));
  const vectors = [...vectorsByName().values()].filter((v) =>
    v.input && v.input.params !== undefined && typeof v.input.gpu === 'string' && isGpuPreset(v.input.gpu) &&
    v.input.model === undefined && v.input.config === undefined && v.config_text === undefined &&
    v.request_text === undefined && !WORKLOAD_KEYS.some((k) => v.input[k] !== undefined) &&
    // The form greys what the estimate does not read (a speculative draft, say): such vectors are for the request path.
    Object.keys(v.input).every((k) => k === 'model' || ESTIMATE_INPUTS.includes(k)));
  test('there are such vectors', () => assert.ok(vectors.length >= 10, `${vectors.length} vectors`));

  // A size alone gives no time, so no cost: the page greys the workload inputs, and
  // the vectors that send a workload with a size are for the request path only.
  test('the size alone greys the workload inputs', async () => {
    const page = await env.browser.newPage();
    await page.goto(env.server.url);
    await waitForVerdict(page);
    await page.selectOption(tid('model'), 'params');
    await page.fill(tid('params'), '70B');
    await page.waitForSelector(tid('estimate'));
    for (const key of WORKLOAD_KEYS) {
      if ((await page.locator(tid(key)).count()) === 0) continue;
      assert.ok(await page.locator(tid(key)).isDisabled(), `${key} is greyed with the size alone`);
    }
    await page.close();
  });

  /** The vector's failures as the page shows it now. */
  async function failuresOf(page, v) {
    const failures = [];
    if ((await page.locator(tid('estimate')).count()) === 0) return ['no estimate on the page'];
    for (const [path, want] of Object.entries(v.expected ?? {})) {
      // A figure's data-testid is its path; a lever's gain too (estimate.levers.<code>.gain).
      const lever = /^estimate\.levers\.[a-z_]+\.gain$/.test(path);
      const id = lever || ESTIMATE_PATHS.includes(path) ? path : null;
      // A way out (estimate.remedies.<code>.value or .tp): its item is in the list (its words, the core's, are compared elsewhere).
      const way = /^estimate\.remedies\.([a-z_]+)\.(value|tp)$/.exec(path);
      if (way && (await page.locator(`${tid('estimate.remedies')} > li[data-code="${way[1]}"]`).count()) !== 1) failures.push(`the way out ${way[1]} is not shown`);
      if (!id) continue; // estimate.approximate is the banner; gpu.* are the GPU fields
      const problem = compareValue(path, want, await shownValue(page, id), v.tol);
      if (problem) failures.push(problem);
    }
    for (const path of v.absent ?? []) {
      const lever = /^estimate\.levers\.[a-z_]+$/.test(path);
      if (lever && (await page.locator(tid(`${path}.gain`)).count()) !== 0) failures.push(`${path} is shown`);
      if (path === 'estimate.levers' && (await page.locator(tid('levers')).count()) !== 0) failures.push('the levers are shown');
      if (ESTIMATE_PATHS.includes(path) && (await page.locator(tid(path)).count()) !== 0) failures.push(`${path} is shown`);
      const way = /^estimate\.remedies(?:\.([a-z_]+))?$/.exec(path);
      const shown = way && (await page.locator(`${tid('estimate.remedies')}${way[1] ? ` > li[data-code="${way[1]}"]` : ''}`).count());
      if (shown) failures.push(`${path} is shown`);
    }
    return failures;
  }

  for (const v of vectors) {
    test(v.name, async () => {
      const page = await env.browser.newPage();
      await page.goto(env.server.url);
      await waitForVerdict(page);
      await setInputs(page, v.input);
      if (v.error) {
        // The field the core names is marked (it may sit in a folded group: attached, not necessarily visible),
        // with its error's words beside it.
        const field = v.error.field;
        await page.waitForSelector(`${tid(field)}[aria-invalid="true"]`, { state: 'attached' });
        assert.ok((await page.textContent(tid(`error-${field}`))).length > 10);
        await page.close();
        return;
      }
      // The last input's render may still be on its way: wait until the page shows the
      // core's estimate for this request (the same wasm, here in Node), then compare.
      // Should the page never get there, the comparison below says what differs.
      const answer = core.analyze(v.input);
      const want = Object.fromEntries(ESTIMATE_PATHS.map((path) => {
        const value = atPath(answer, path);
        return [path, value === undefined ? null : String(value)];
      }));
      const settled = await page.waitForFunction((figures) => Object.entries(figures).every(([id, value]) => {
        const el = document.querySelector(`[data-testid="${id}"]`);
        return value === null ? el === null : el?.dataset.value === value;
      }), want).then(() => true, () => false);
      assert.deepEqual(await failuresOf(page, v), []);
      assert.ok(settled, 'the page shows the core\'s estimate for the vector\'s request');
      assert.ok(await page.locator(tid('estimate-banner')).isVisible());
      await assertNoAnalysis(page);
      await page.close();
    });
  }
});
