// "Download report": one self-contained HTML file with the verdict, the figures
// and the charts as SVG; no script, no outside resource, the page's language.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SINGLE_FILE_URL, startPage, tid, waitForVerdict } from './helpers.js';

let env;
before(async () => {
  env = await startPage();
});
after(() => env?.close());

async function download(page) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(tid('download-report'))]);
  // Read through its stream: a browser shared over a connection (tests/runner/browser.mjs) has no local path for it.
  const chunks = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk);
  return { name: file.suggestedFilename(), html: Buffer.concat(chunks).toString('utf8') };
}

test('a fitting setup: verdict, figures, both charts and the memory bar, self-contained', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}?m=qwen3-4b&g=a100-40g&b=8`);
  await waitForVerdict(page);
  await page.waitForSelector(tid('sweep-plot'));
  const tps = await page.textContent(tid('decode.tokens_per_s'));
  const { name, html } = await download(page);
  assert.equal(name, 'roofline-lint-qwen3-4b-a100-40g.html');
  assert.match(html, /^<!doctype html>/);
  assert.match(html, /Fits/);
  assert.ok(html.includes(tps), `the throughput ${tps}`);
  for (const chart of ['memory-bar', 'roofline-plot', 'sweep-plot']) assert.match(html, new RegExp(`<svg[^>]*data-testid="${chart}"`), chart);
  // Self-contained and inert: no script, no stylesheet or image from elsewhere, a CSP that allows none.
  assert.doesNotMatch(html, /<script/i);
  assert.doesNotMatch(html, /<link /i);
  assert.doesNotMatch(html, /\son[a-z]+=/i);
  assert.match(html, /Content-Security-Policy" content="default-src 'none'/);
  assert.match(html, /<style>[\s\S]*\.verdict/);
  assert.match(html, /\?m=qwen3-4b&amp;g=a100-40g&amp;b=8/);
  // Nothing that only works on the live page: the empty serve-command box, the roofline's hover hint.
  assert.doesNotMatch(html, /lint-box/);
  assert.doesNotMatch(html, /Hover or tab/);
  assert.match(await page.textContent('[data-testid="results"]'), /Hover or tab/);
  // The title: the setup's head and its detail apart (it once read "...A100 40GBbf16 weights").
  const title = html.match(/<title>([^<]*)<\/title>/)[1];
  const [head, detail] = await page.$eval('[data-testid="verdict"] h2, .verdict h2', (h2) => [
    [...h2.childNodes].filter((n) => !(n.classList?.contains('setup-detail'))).map((n) => n.textContent).join('').trim(),
    h2.querySelector('.setup-detail').textContent.trim(),
  ]);
  assert.ok(title.endsWith(`${head} ${detail}`), `${title} ends with "${head} ${detail}"`);

  // The file opens on its own, with no request.
  const context = await env.browser.newContext({ offline: true });
  const view = await context.newPage();
  let requests = 0;
  view.on('request', () => requests++);
  await view.setContent(html);
  assert.equal(await view.locator('svg').count() >= 3, true);
  assert.equal(requests, 0);
  await context.close();
  await page.close();
});

test('a refusal in Chinese, from the single file: the reason and the ways out, no speed', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${SINGLE_FILE_URL}?m=qwen3-4b&g=a100-40g&b=128&lang=zh-CN`);
  await waitForVerdict(page);
  const { html } = await download(page);
  assert.match(html, /<html lang="zh-CN">/);
  assert.match(html, /装不下/);
  // The inputs as the form shows them: the model and GPU by name, not by their codes.
  const inputs = html.match(/<table class="inputs-table">([\s\S]*?)<\/table>/)[1];
  assert.match(inputs, /Qwen3-4B（4\.02 B 参数）/);
  assert.match(inputs, /NVIDIA A100 40GB/);
  assert.doesNotMatch(inputs, /<td>(qwen3-4b|a100-40g)<\/td>/);
  assert.match(html, /data-code="more_tp"/);
  assert.doesNotMatch(html, /tokens_per_s/);
  assert.doesNotMatch(html, /<script/i);
  await page.close();
});

test('with a comparison: the Compare table, each setup\'s own inputs as text and its figures', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}?m=qwen3-8b&g=h100-sxm&c1=g:mi300x,b:8`);
  await waitForVerdict(page);
  await page.waitForSelector(tid('compare.1.decode.step_ms'));
  const stepA = await page.textContent(tid('compare.0.decode.step_ms'));
  const stepB = await page.textContent(tid('compare.1.decode.step_ms'));
  assert.notEqual(stepA, stepB, 'the two setups differ');
  const { html } = await download(page);
  const view = await env.browser.newPage();
  await view.setContent(html);
  const table = view.locator('[data-testid="compare"] table');
  assert.equal(await table.count(), 1, 'the Compare table is in the report');
  assert.equal(await view.textContent(tid('compare.0.decode.step_ms')), stepA);
  assert.equal(await view.textContent(tid('compare.1.decode.step_ms')), stepB);
  // B's inputs were fields on the page: the report shows what they held, as text, and no field.
  const gpuRow = await view.locator('[data-testid="compare"] tr.compare-input').nth(1).textContent();
  // Both columns as the page words them: each GPU's name, not its id.
  assert.match(gpuRow, /NVIDIA H100 SXM/);
  assert.match(gpuRow, /MI300X/);
  assert.doesNotMatch(gpuRow, /h100-sxm|mi300x/);
  assert.equal(await view.locator('[data-testid="compare"] input, [data-testid="compare"] select, [data-testid="compare"] button').count(), 0);
  assert.doesNotMatch(html, /<script/i);
  await view.close();
  await page.close();
});

test('from the Plan view: the plan stands where the verdict does', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}?m=llama-3-8b&g=t4&rpd=50000&it=1000&ot=300&view=plan&ttft=400&tpsu=25`);
  await page.waitForSelector(`${tid('plan-table')}, ${tid('plan-none')}`);
  const searched = await page.getAttribute(tid('plan.searched'), 'data-value');
  const { html } = await download(page);
  const view = await env.browser.newPage();
  await view.setContent(html);
  assert.equal(await view.getAttribute(tid('plan.searched'), 'data-value'), searched);
  assert.equal(await view.locator(tid('plan-table')).count(), await page.locator(tid('plan-table')).count());
  assert.match(await view.title(), new RegExp(await page.textContent('#plan-h')));
  await view.close();
  await page.close();
});
