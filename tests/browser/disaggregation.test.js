// Prefill/decode disaggregation on the page (issue 37, item 4): the field table's three rows in the scale-out
// block (link keys pi, pt, di), the two pools side by side, the KV moved and its transfer, the disaggregated TTFT
// and the balance (DisaggPools.jsx), the pools and their link in the topology view. Every figure is compared with
// the built core's own report for the same request (data-value, exact), never with a figure typed here.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TIMING_TESTIDS, loadBuiltCore, startPage, tid, vectorsByName, waitForVerdict } from './helpers.js';
import { allowList, englishWords } from '../web/english.js';
import table from '../../core/fields.json' with { type: 'json' };

let env;
let core;
before(async () => {
  env = await startPage();
  core = await loadBuiltCore();
});
after(() => env?.close());

const all = vectorsByName();
const URL_KEY = Object.fromEntries(table.fields.filter((f) => f.url).map((f) => [f.key, f.url]));

/** A vector's request as a link in the field table's short keys. */
function linkOf(input, extra = '') {
  const q = Object.entries(input).map(([k, v]) => {
    const key = { model: 'm', gpu: 'g' }[k] ?? URL_KEY[k];
    assert.ok(key, `${k} has a link key`);
    return `${key}=${encodeURIComponent(v)}`;
  });
  return `${env.server.url}?${q.join('&')}${extra}`;
}

/** The leaves of a report section, as [path, value]. */
function leaves(obj, prefix) {
  return Object.entries(obj).flatMap(([k, v]) => (v && typeof v === 'object' ? leaves(v, `${prefix}.${k}`) : [[`${prefix}.${k}`, v]]));
}

async function openAt(url, locale = 'en-US') {
  const context = await env.browser.newContext({ locale });
  const page = await context.newPage();
  await page.goto(url);
  await waitForVerdict(page);
  // The scale-out rows wait for the full module (the first verdict's module lacks them): then the panel follows.
  await page.waitForSelector(tid('disaggregation'));
  return { context, page };
}

// Figures the page does not repeat: the realistic balance's rate is the same request rate as the floor's.
const NOT_SHOWN = ['disaggregation.realistic.balance.requests_per_s'];

test('DeepSeek-V3 disaggregated (LMSYS 4 x 8 prefill, 9 x 8 decode): both pools, the transfer, TTFT and balance are the core\'s', async () => {
  const v = all.get('disagg-deepseek-v3-h100-lmsys-p4x8-d9x8');
  const { context, page } = await openAt(linkOf(v.input));
  const report = core.analyze(v.input);
  assert.equal(report.verdict, 'fits');
  const d = leaves(report.disaggregation, 'disaggregation');
  assert.ok(d.length >= 30, 'the core reports the pools, the transfer, the times and the balance');
  for (const [path, want] of d) {
    if (NOT_SHOWN.includes(path)) continue;
    const el = page.locator(`${tid('disaggregation')} ${tid(path)}`);
    assert.equal(await el.count(), 1, `${path} is shown once in the pools' panel`);
    assert.equal(await el.getAttribute('data-value'), String(want), path);
  }
  // The verdict's time to first token is the disaggregated one (prefill pool + transfer + one step), floor and expected,
  // not the decode instance's own prefill; and its heading counts both pools' GPUs.
  const verdict = page.locator(tid('verdict'));
  assert.equal(await verdict.locator(tid('disaggregation.ttft_ms')).getAttribute('data-value'), String(report.disaggregation.ttft_ms));
  assert.equal(await verdict.locator(tid('disaggregation.realistic.ttft_ms')).getAttribute('data-value'),
    String(report.disaggregation.realistic.ttft_ms));
  assert.equal(await verdict.locator(`${tid('prefill.ttft_ms')}, ${tid('realistic.ttft_ms')}`).count(), 0);
  const gpus = report.disaggregation.prefill_gpus + report.disaggregation.decode_gpus;
  assert.match(await verdict.locator('h2').first().textContent(), new RegExp(`on ${gpus} × `));
  // Floor and realistic are labelled as such.
  const ttft = await page.textContent('.pd-ttft');
  assert.match(ttft, /Time to first token, floor:/);
  assert.match(ttft, /Time to first token, realistic:/);
  assert.equal(await page.getAttribute(tid('disaggregation.balance.limited_by'), 'data-value'), report.disaggregation.balance.limited_by);
  // Both pools fit; the decode pool's parallelism is the report's config.
  assert.equal(await page.getAttribute(tid('disaggregation.prefill_pool'), 'data-refused'), 'false');
  assert.match(await page.textContent(tid('disaggregation.decode_pool')), /tp 72 · ep 72 · DP attention 72/);
  assert.match(await page.textContent(tid('disaggregation.prefill_pool')), /tp 32 · ep 32/);
  assert.equal(await page.locator(tid('disaggregation.refused_pool')).count(), 0);
  // The topology view: the decode instance's nodes, then the two pools and the link the KV crosses.
  const pools = page.locator(`${tid('topology')} ${tid('topology.disaggregation')}`);
  assert.equal(await pools.count(), 1);
  assert.equal(await page.getAttribute(tid('topology.prefill_pool'), 'data-value'), String(report.disaggregation.prefill_gpus));
  assert.equal(await page.getAttribute(tid('topology.decode_pool'), 'data-value'), String(report.disaggregation.decode_gpus));
  assert.match(await pools.textContent(), new RegExp(`KV over ${report.disaggregation.link}, ${report.disaggregation.link_gbs} GB/s`));
  // The inputs: the scale-out block is open with the link's values.
  assert.equal(await page.locator('details.scale-out').evaluate((el) => el.open), true);
  assert.equal(await page.inputValue(tid('prefill_instances')), '1');
  assert.equal(await page.inputValue(tid('prefill_tp')), '32');
  assert.equal(await page.inputValue(tid('decode_instances')), '1');
  await context.close();
});

test('a refused prefill pool: it can\'t run, which pool, why, the shortfall and the ways out; no time in the DOM', async () => {
  const v = all.get('disagg-llama-3.1-70b-refused-prefill-pool');
  const { context, page } = await openAt(linkOf(v.input));
  const report = core.analyze(v.input);
  assert.equal(report.disaggregation.refused_pool, 'prefill');
  await page.waitForSelector(`${tid('verdict')}[data-fits="false"]`);
  const refusal = page.locator(tid('disaggregation.refused_pool'));
  assert.equal(await refusal.getAttribute('data-value'), 'prefill');
  const text = await refusal.textContent();
  assert.match(text, /It can’t run\. The prefill pool does not fit/);
  assert.match(text, /The weights do not fit; short per GPU:/);
  assert.equal(await refusal.locator('[data-of="memory.shortfall_gib"]').getAttribute('data-value'), String(report.memory.shortfall_gib));
  const ways = await refusal.locator(`${tid('disaggregation.remedies')} li`).evaluateAll((els) => els.map((el) => el.dataset.code));
  assert.deepEqual(ways, report.remedies.map((x) => x.code));
  assert.ok(ways.length > 0, 'ways out');
  // The verdict's sentence speaks of the refusing pool's weights, as its shortfall does, not the decode pool's.
  const verdict = await page.textContent(tid('verdict'));
  assert.ok(verdict.includes(`${report.disaggregation.prefill_pool.weights_gib_per_gpu.toFixed(2)} GiB per GPU`), verdict);
  assert.ok(!verdict.includes(`${report.memory.weights_gib_per_gpu.toFixed(2)} GiB`), verdict);
  assert.equal(await page.getAttribute(tid('disaggregation.prefill_pool'), 'data-refused'), 'true');
  assert.equal(await page.getAttribute(tid('disaggregation.prefill_pool.verdict'), 'data-value'), report.disaggregation.prefill_pool.verdict);
  assert.equal(await page.getAttribute(tid('disaggregation.prefill_pool.free_gib_per_gpu'), 'data-value'), String(report.disaggregation.prefill_pool.free_gib_per_gpu));
  // No time, speed or balance anywhere: neither in the core's report nor in the DOM.
  for (const key of ['ttft_ms', 'transfer_ms', 'prefill_ms', 'prefill_tokens_per_s_per_gpu', 'decode_tokens_per_s_per_gpu', 'balance', 'realistic']) {
    assert.equal(report.disaggregation[key], undefined, key);
  }
  // The figures shown (the form's inputs, named by their request keys, are not figures).
  const timed = await page.evaluate(() => [...document.querySelectorAll('[data-testid], [data-of]')]
    .filter((el) => !el.closest('form'))
    .map((el) => el.dataset.testid ?? el.dataset.of)
    .filter((id) => /(_ms|tokens_per_s|ttft|balance|requests_per_s)/.test(id)));
  assert.deepEqual(timed, []);
  for (const id of TIMING_TESTIDS) assert.equal(await page.locator(tid(id)).count(), 0, id);
  const panel = await page.textContent(tid('disaggregation'));
  assert.doesNotMatch(panel, /\bms\b|tok\/s|requests\/s|Time to first token/);
  await context.close();
});

test('the three inputs travel in the link (pi, pt, di) and come back the same', async () => {
  const { context, page } = await openAt(`${env.server.url}?m=llama-3.1-70b&g=h100-sxm&tp=4&b=8&pi=2&pt=8&di=3`);
  assert.equal(await page.inputValue(tid('prefill_instances')), '2');
  // Changed through the form, as a person would.
  await page.fill(tid('decode_instances'), '5');
  await page.waitForFunction(() => document.querySelector('[data-testid="disaggregation.decode_instances"]')?.dataset.value === '5');
  await page.click(tid('copy-link'));
  const url = await page.locator(tid('share-url')).inputValue();
  const q = new URL(url).searchParams;
  assert.deepEqual([q.get('pi'), q.get('pt'), q.get('di')], ['2', '8', '5']);
  const again = await openAt(url);
  for (const [key, want] of [['prefill_instances', '2'], ['prefill_tp', '8'], ['decode_instances', '5']]) {
    assert.equal(await again.page.inputValue(tid(key)), want, key);
  }
  const report = core.analyze({ model: 'llama-3.1-70b', gpu: 'h100-sxm', tp: 4, batch: 8, prefill_instances: 2, prefill_tp: 8, decode_instances: 5 });
  assert.equal(await again.page.getAttribute(tid('disaggregation.ttft_ms'), 'data-value'), String(report.disaggregation.ttft_ms));
  await again.context.close();
  await context.close();
});

test('the Chinese page: the pools, the transfer and a refusal in Chinese, no English left', async () => {
  const presets = core.presets();
  const allow = allowList([...presets.models.map((m) => m.name), ...presets.gpus.map((g) => g.name)]);
  // The parallelism's names stay as the CLI writes them, as tp and pp do in the zh-CN tables: ep, DP (attention).
  allow.words.add('ep');
  allow.words.add('DP');
  allow.words.add('MB'); // the KV moved, in decimal bytes (format.js si), as GB is
  for (const name of ['disagg-deepseek-v3-h100-lmsys-p4x8-d9x8', 'disagg-llama-3.1-70b-refused-prefill-pool']) {
    const { context, page } = await openAt(linkOf(all.get(name).input, '&lang=zh-CN'));
    // Each text node apart: the SVG's labels touch in textContent.
    const text = await page.locator(`${tid('disaggregation')}, ${tid('topology.disaggregation')}`).evaluateAll((els) => els.map((el) => {
      const texts = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) texts.push(walker.currentNode.data);
      return texts.join(' ');
    }).join(' '));
    assert.match(text, /预填充池/);
    assert.match(text, /解码池/);
    assert.deepEqual(englishWords(text, allow), [], name);
    const form = await page.locator('details.scale-out').textContent();
    assert.match(form, /预填充实例数/);
    await context.close();
  }
});
