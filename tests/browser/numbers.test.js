// Numbers as a reader wants them: a value out of range named as it was given (never as the
// core's %g, 1.04858e+06), large figures grouped in thousands, and a GPU figure its preset
// leaves null said in words in the source notes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startPage, tid, waitForVerdict } from './helpers.js';

let env;
before(async () => {
  env = await startPage();
});
after(() => env?.close());

async function open(query, wait = waitForVerdict) {
  const page = await env.browser.newPage();
  await page.goto(env.server.url + query);
  await wait(page);
  return page;
}

test('a value out of range is named as it was given, in the verdict and on its field', async () => {
  const page = await open('?m=qwen3-4b&g=a100-40g&b=1048577');
  const said = await page.textContent(tid('error-message'));
  assert.equal(said, 'batch must be an integer from 1 to 1,048,576 requests (got 1048577)');
  assert.equal(await page.textContent(tid('error-batch')), said);
  await page.close();

  const gpu = await open('?m=qwen3-4b&g=custom&tf=9999999&bw=100&vr=40');
  assert.match(await gpu.textContent(tid('error-message')), /\(got 9999999\)$/);
  assert.doesNotMatch(await gpu.textContent(tid('verdict')), /e\+/);
  await gpu.close();

  const zh = await open('?m=qwen3-4b&g=a100-40g&b=1048577&lang=zh-CN');
  assert.match(await zh.textContent(tid('error-message')), /1,048,576.*（输入为 1048577）/);
  await zh.close();
});

test('large figures are grouped in thousands: a size of 1e15 parameters', async () => {
  const page = await open('?n=1e15&g=h100-sxm', (p) => p.waitForSelector(tid('estimate')));
  assert.equal(await page.textContent(tid('estimate.params')), '1,000,000 B');
  assert.match(await page.textContent(tid('estimate.weights_gib')), /^\d{1,3}(,\d{3})+\.\d\d GiB$/);
  await page.close();
});

test("the A100's source notes say its missing FP8 figure in words, not as null", async () => {
  const page = await open('?m=qwen3-4b&g=a100-40g');
  const source = page.locator(tid('gpu-source'));
  await source.locator('summary').click();
  const text = await source.textContent();
  assert.match(text, /tflops_fp8: no sourced figure/);
  assert.doesNotMatch(text, /\bnull\b/);
  await page.close();
});

test('with a workload the context field shows the context the analysis read (input + output), not the text typed before', async () => {
  const page = await open('?m=llama-3.1-8b&g=rtx-4090&rpd=20000&it=500&ot=200&s=8192');
  const field = page.locator(tid('seq'));
  assert.equal(await field.inputValue(), '700');
  assert.equal(await field.isDisabled(), true);
  assert.match(await page.textContent('#hint-seq'), /workload/);
  // Without the workload, the typed context is read again.
  await page.goto(`${env.server.url}?m=llama-3.1-8b&g=rtx-4090&s=8192`);
  await waitForVerdict(page);
  assert.equal(await page.locator(tid('seq')).inputValue(), '8192');
  assert.equal(await page.locator(tid('seq')).isDisabled(), false);
  await page.close();
});
