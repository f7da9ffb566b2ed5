// The Compare view: setups side by side from a link, each column's figures the
// core's analysis of that setup (data-value), what differs from A marked and
// nothing else, the link round-tripping through a reload, a refused column with
// its reason and shortfall and no time, speed or cost element, and "Compare
// with…" starting a copy of A that the link then carries.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { axeSerious, loadBuiltCore, startPage, tid, waitForVerdict } from './helpers.js';

let env;
let core;
before(async () => {
  env = await startPage();
  core = await loadBuiltCore();
});
after(() => env?.close());

/** The figures each column shows, by report path (ComparePanel.jsx, core/cli/compare.c). */
const FIGURES = [
  'memory.gpus', 'memory.weights_gib_per_gpu', 'memory.kv_gib_per_gpu', 'memory.max_batch',
  'decode.step_ms', 'decode.tokens_per_s', 'realistic.step_ms', 'realistic.tokens_per_s', 'prefill.ttft_ms', 'realistic.ttft_ms',
];
const TIMING = /^compare\.\d\.(decode|realistic|prefill|cost)\./;
const at = (r, path) => path.split('.').reduce((o, k) => o?.[k], r);

async function openCompare(page, query) {
  await page.goto(`${env.server.url}${query}`);
  await waitForVerdict(page);
  await page.waitForSelector(tid('compare'));
}

/** Every data-value of the Compare view and every input of its columns, by test id. */
function compareSnapshot(page) {
  return page.evaluate(() => {
    const out = {};
    for (const el of document.querySelectorAll('[data-testid="compare"] [data-testid]')) {
      const v = el.matches('input, select') ? el.value : el.dataset.value;
      if (v !== undefined) out[el.dataset.testid] = v;
    }
    return out;
  });
}

const differs = (page, id) => page.locator(tid(id)).evaluate((el) => el.closest('td').dataset.differs === 'true');

test('qwen3-8b on h100-sxm at fp8 against mi300x at int4: each column is the core\'s analysis, differences marked', async () => {
  const page = await env.browser.newPage();
  await openCompare(page, '?m=qwen3-8b&g=h100-sxm&p=fp8&c1=g:mi300x,p:int4');
  const setups = [
    { model: 'qwen3-8b', gpu: 'h100-sxm', precision: 'fp8' },
    { model: 'qwen3-8b', gpu: 'mi300x', precision: 'int4' },
  ];
  const reports = setups.map((s) => core.analyze(s));
  for (const [i, r] of reports.entries()) {
    assert.equal(r.fits, true, `setup ${i} fits`);
    assert.equal(await page.getAttribute(tid(`compare.${i}.level`), 'data-value'), r.level);
    for (const path of FIGURES) {
      const shown = await page.getAttribute(tid(`compare.${i}.${path}`), 'data-value');
      assert.equal(Number(shown), at(r, path), `compare.${i}.${path}`);
    }
  }
  // Column B's own inputs hold its setup.
  assert.equal(await page.inputValue(tid('compare.1.gpu')), 'mi300x');
  assert.equal(await page.inputValue(tid('compare.1.precision')), 'int4');
  assert.equal(await page.inputValue(tid('compare.1.model')), 'qwen3-8b');
  // Setup A's inputs, as text, are worded as the selects word them: the model's and the GPU's names, not their ids.
  const rowText = (i) => page.locator('[data-testid="compare"] tr.compare-input').nth(i).locator('td').first().textContent();
  assert.equal(await rowText(0), 'Qwen3-8B');
  assert.equal(await rowText(1), 'NVIDIA H100 SXM');
  assert.equal(await rowText(2), 'fp8');
  assert.equal(await page.locator(`${tid('compare.1.model')} option[value="qwen3-8b"]`).textContent(), 'Qwen3-8B');

  // Marked where B differs from A, and only there; A is never marked.
  assert.equal(await differs(page, 'compare.1.gpu'), true);
  assert.equal(await differs(page, 'compare.1.precision'), true);
  assert.equal(await differs(page, 'compare.1.model'), false);
  assert.equal(await differs(page, 'compare.1.batch'), false);
  for (const path of FIGURES) {
    const same = at(reports[0], path) === at(reports[1], path);
    assert.equal(await differs(page, `compare.1.${path}`), !same, `compare.1.${path} marked: ${!same}`);
    assert.equal(await differs(page, `compare.0.${path}`), false, `A's ${path} is not marked`);
  }
  assert.equal(await differs(page, 'compare.1.memory.gpus'), false, 'one GPU each: not marked');
  assert.equal(await differs(page, 'compare.1.decode.step_ms'), true);
  // The mark is visible text (≠ and the ratio to A), not colour alone.
  const mark = await page.locator(`td:has(${tid('compare.1.decode.step_ms')}) .differs-mark`).textContent();
  assert.match(mark, /≠/);
  assert.equal(await page.locator(`td:has(${tid('compare.1.memory.gpus')}) .differs-mark`).count(), 0);

  // The link round-trips: a reload shows the same columns.
  await page.waitForURL((u) => new URL(u).searchParams.get('c1') === 'g:mi300x,p:int4');
  const before = await compareSnapshot(page);
  assert.ok(Object.keys(before).length > 20, 'the snapshot holds the columns');
  await page.reload();
  await waitForVerdict(page);
  await page.waitForSelector(tid('compare.1.decode.step_ms'));
  assert.deepEqual(await compareSnapshot(page), before);
  await page.close();
});

test('a refused setup shows its reason and shortfall, and no time, speed or cost element', async () => {
  const page = await env.browser.newPage();
  // A: llama-3-70b on four H100s fits; B: on one it cannot (the weights alone are over 80 GB).
  await openCompare(page, '?m=llama-3-70b&g=h100-sxm&tp=4&rpd=10000&it=1000&ot=200&c1=tp:1');
  const refused = core.analyze({ model: 'llama-3-70b', gpu: 'h100-sxm', tp: 1, requests_per_day: 10000, input_tokens: 1000, output_tokens: 200 });
  assert.equal(refused.fits, false);
  assert.equal(await page.getAttribute(tid('compare.1.level'), 'data-value'), 'refused');
  assert.equal(await page.getAttribute(tid('compare.1.verdict'), 'data-value'), refused.verdict);
  assert.equal(Number(await page.getAttribute(tid('compare.1.memory.shortfall_gib'), 'data-value')), refused.memory.shortfall_gib);
  assert.equal(await differs(page, 'compare.1.level'), true);
  // A's timing and cost are there; B's are not in the DOM at all, and its cells say it can't run.
  assert.ok(await page.locator(tid('compare.0.decode.step_ms')).count() === 1);
  assert.ok(await page.locator(tid('compare.0.cost.cloud.usd_per_mtok_out')).count() === 1, 'A has a cost');
  const ids = await page.evaluate(() => [...document.querySelectorAll('[data-testid^="compare.1."]')].map((el) => el.dataset.testid));
  assert.deepEqual(ids.filter((id) => TIMING.test(id)), []);
  assert.ok((await page.locator(`${tid('compare')} td.cant`).count()) >= 6, 'every timing row says it cannot run');
  assert.match(await page.locator(`${tid('compare')} td.cant`).first().textContent(), /can.t run/);
  // With a workload the context both setups analyse is input + output (1000 + 200), shown as such.
  assert.equal(await page.inputValue(tid('compare.1.seq')), '1200');
  assert.match(await page.locator('tr.compare-input', { hasText: 'Context' }).locator('td').first().textContent(), /^1200/);
  // Its ways out, each the core's, as the verdict lists them.
  const ways = await page.$$eval(`${tid('compare.1.remedies')} > li`, (items) => items.map((li) => [li.dataset.code, li.dataset.value]));
  assert.deepEqual(ways, refused.remedies.map((x) => [x.code, String(x.value)]));
  assert.ok(ways.length > 0);
  await page.close();
});

test('"Compare with…" starts a copy of A; an edit in its column goes into the link', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}?m=qwen3-8b&g=h100-sxm`);
  await waitForVerdict(page);
  await page.click(tid('compare-add'));
  await page.waitForSelector(tid('compare.1.decode.step_ms'));
  // The new setup's first input has the focus, for a keyboard user.
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'compare.1.model');
  assert.equal(await page.getAttribute(tid('compare.1.decode.step_ms'), 'data-value'), await page.getAttribute(tid('compare.0.decode.step_ms'), 'data-value'));
  assert.equal(await page.locator(`${tid('compare')} td[data-differs="true"]`).count(), 0, 'a copy differs in nothing');
  await page.selectOption(tid('compare.1.gpu'), 'mi300x');
  await page.fill(tid('compare.1.batch'), '8');
  await page.waitForURL((u) => new URL(u).searchParams.get('c1') === 'g:mi300x,b:8');
  const want = core.analyze({ model: 'qwen3-8b', gpu: 'mi300x', batch: 8 });
  await page.waitForSelector(`${tid('compare.1.decode.step_ms')}[data-value="${want.decode.step_ms}"]`);
  // A third, then no more; removing one takes it out of the link.
  await page.click(tid('compare-add'));
  await page.waitForSelector(tid('compare.2.level'));
  assert.equal(await page.isDisabled(tid('compare-add')), true);
  await page.click(tid('compare.1.remove'));
  await page.waitForURL((u) => new URL(u).searchParams.get('c1') === '' && !new URL(u).searchParams.has('c2'));
  await page.close();
});

test('a size-only setup and a setup with a bad input: their own figures or the core\'s message, no time', async () => {
  const page = await env.browser.newPage();
  await openCompare(page, '?m=qwen3-8b&g=h100-sxm&c1=n:70B&c2=b:');
  const estimate = core.analyze({ params: '70B', gpu: 'h100-sxm', precision: 'auto', batch: 1 }).estimate;
  assert.equal(Number(await page.getAttribute(tid('compare.1.estimate.gpus_needed'), 'data-value')), estimate.gpus_needed);
  assert.equal(Number(await page.getAttribute(tid('compare.1.estimate.weights_gib'), 'data-value')), estimate.weights_gib);
  // 70B in 16 bits on one H100 cannot run: the cell says so, with the shortfall and the core's ways out.
  assert.equal(await page.getAttribute(tid('compare.1.estimate.fits'), 'data-value'), 'false');
  assert.equal(await page.getAttribute(tid('compare.1.estimate.shortfall_gib'), 'data-value'), String(estimate.shortfall_gib));
  const ways = await page.$$eval(`${tid('compare.1.estimate.remedies')} > li`, (items) => items.map((li) => [li.dataset.code, li.textContent]));
  assert.deepEqual(ways, estimate.remedies.map((x) => [x.code, x.message]));
  assert.equal(await page.getAttribute(tid('compare.2.error'), 'data-code'), core.analyze({ model: 'qwen3-8b', gpu: 'h100-sxm', batch: '' }).error.code);
  const ids = await page.evaluate(() => [...document.querySelectorAll('[data-testid^="compare.1."], [data-testid^="compare.2."]')].map((el) => el.dataset.testid));
  assert.deepEqual(ids.filter((id) => TIMING.test(id)), []);
  await page.close();
});

for (const scheme of ['light', 'dark']) {
  test(`axe: a comparison with a refused setup, ${scheme}, has no serious or critical violation; no page scroll at 390 px`, async () => {
    const context = await env.browser.newContext({ colorScheme: scheme, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await openCompare(page, '?m=llama-3-70b&g=h100-sxm&tp=4&c1=tp:1&c2=g:mi300x,p:fp8,tp:1');
    assert.deepEqual(await axeSerious(page), []);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the table scrolls in its own box');
    await context.close();
  });
}
