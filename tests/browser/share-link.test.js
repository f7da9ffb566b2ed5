// A share link restores the exact state: same inputs, same figures.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setInputs, snapshot, startPage, tid, waitForVerdict } from './helpers.js';

let env;
before(async () => {
  env = await startPage();
});
after(() => env?.close());

async function copyLink(page) {
  await page.click(tid('copy-link'));
  const field = page.locator(tid('share-url'));
  await field.waitFor();
  return field.inputValue();
}

/** A new tab at url, once its verdict is shown. */
async function openAt(url) {
  const page = await env.browser.newPage();
  await page.goto(url);
  await waitForVerdict(page);
  return page;
}

test('changed inputs survive a share link', async () => {
  const page = await openAt(env.server.url);
  await setInputs(page, {
    model: 'llama-3-70b', gpu: 'h100-sxm', precision: 'bf16', kv_precision: 'fp8', moe_read: 'distinct',
    seq: 8192, batch: 16, tp: 2, pp: 2, micro_batches: 4, kv_block: 32,
  });
  await waitForVerdict(page);
  const before = await snapshot(page);
  const url = await copyLink(page);
  assert.match(url, /\?m=llama-3-70b&g=h100-sxm&p=bf16&kp=fp8&s=8192&b=16&tp=2&pp=2&mb=4&kb=32&mr=distinct$/);
  const again = await openAt(url);
  assert.deepEqual(await snapshot(again), before);
  assert.equal(await again.locator(tid('link-notice')).count(), 0);
  // The address bar follows the inputs too.
  await page.waitForFunction((u) => location.href === u, url);
});

test('a custom config.json and a custom GPU survive a share link', async () => {
  const page = await openAt(env.server.url);
  await page.selectOption(tid('model'), 'custom');
  const config = (await page.inputValue(tid('config'))).replace('"num_hidden_layers": 36', '"num_hidden_layers": 30');
  await page.fill(tid('config'), config);
  await setInputs(page, { gpu: { tflops: 100.5, bandwidth_gbs: 900, vram_gib: 20 }, batch: 3 });
  await waitForVerdict(page);
  const before = await snapshot(page);
  assert.equal(before.inputs.config, config);
  const url = await copyLink(page);
  assert.match(url, /\?c=[A-Za-z0-9_-]+&g=custom&tf=100.5&bw=900&vr=20&b=3$/);
  const again = await openAt(url);
  assert.deepEqual(await snapshot(again), before);
});

test('an invalid input travels too, and shows the same error', async () => {
  const page = await openAt(env.server.url);
  await page.fill(tid('batch'), '0');
  const url = await copyLink(page);
  const again = await openAt(url);
  assert.equal(await again.getAttribute(tid('batch'), 'aria-invalid'), 'true');
  assert.equal(await again.textContent(tid('error-batch')), await page.textContent(tid('error-batch')));
});

test('the largest values the field table allows stay in the address bar: 5e9 requests a day, a 25,000,000 USD price', async () => {
  const page = await openAt(env.server.url);
  await setInputs(page, { requests_per_day: 5000000000, input_tokens: 100, output_tokens: 100, hardware_usd: 25000000 });
  await waitForVerdict(page);
  const before = await snapshot(page);
  await page.waitForFunction(() => location.search.includes('rpd=5000000000') && location.search.includes('hw=25000000'));
  const url = await copyLink(page);
  assert.match(url, /&rpd=5000000000&it=100&ot=100&hw=25000000$/);
  assert.equal(await page.locator(`${tid('share-url')} ~ .hint`).count(), 0, 'no notice: every value is in the link');
  const again = await openAt(url);
  assert.equal(await again.locator(tid('link-notice')).count(), 0);
  assert.deepEqual(await snapshot(again), before);
});

test('a typed value the link cannot carry is named by a notice under the copied link', async () => {
  const page = await openAt(env.server.url);
  await page.fill(tid('batch'), '1e3');
  const url = await copyLink(page);
  assert.doesNotMatch(url, /[?&]b=/);
  assert.match(await page.textContent('.share-result'), /leaves “b” \(batch\) out/);
});
