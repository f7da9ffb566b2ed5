// Offload on the page (OffloadFields.jsx): a share link with -ngl, host RAM and a
// host-memory preset opens the offload block with the split's figures, which are
// the core's (tests/vectors/offload.json pins them); a host-RAM refusal names it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startPage, tid, vectorsByName, waitForVerdict } from './helpers.js';
import { compareValue } from '../web/vector-rules.js';

let env;
before(async () => {
  env = await startPage();
});
after(() => env?.close());

test('a link with -ngl 20 shows the split: host RAM, the two parts of the step, the largest -ngl', async () => {
  const v = vectorsByName().get('offload-llama-3-8b-ngl20-rtx-4090-ddr5');
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}?m=llama-3-8b&g=rtx-4090&p=fp16&e=llama.cpp&ngl=20&ram=64&hmem=ddr5-5600-2ch`);
  await waitForVerdict(page);
  assert.equal(await page.locator('details.offload').evaluate((d) => d.open), true);
  assert.equal(await page.inputValue(tid('gpu_layers')), '20');
  assert.equal(await page.inputValue(tid('host_memory')), 'ddr5-5600-2ch');
  const figures = await page.textContent(tid('offload-figures'));
  assert.match(figures, /of 64(\.00)? GiB, read at 89\.6 GB\/s/);
  // Each figure is the core's, exact in data-value, as the vector pins it.
  for (const path of ['offload.host_gib', 'offload.host_bandwidth_gbs', 'offload.gpu_ms', 'offload.host_ms']) {
    const got = Number(await page.getAttribute(tid(path), 'data-value'));
    assert.equal(compareValue(path, v.expected[path], got, v.tol), null, path);
  }
  assert.match(await page.textContent(tid('offload-max')), /Every layer fits on the GPU/);
  // "How is this computed?": the split with the user's numbers, and the core's result.
  await page.click('details.offload details.explain > summary');
  await page.locator('details.offload details.explain .formula').first().waitFor();
  const how = await page.textContent('details.offload details.explain');
  assert.match(how, /n = 20 of L = 32: GPU 8\.13 GiB weights \+ 0\.3125 GiB KV; host 6\.83 GiB weights \+ 0\.1875 GiB KV in 64(\.00)? GiB/);
  assert.match(how, /every layer fits on the GPU/);
  await page.close();
});

test('an empty -ngl is every layer: no offload figures; the host-RAM refusal is worded as such', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}?m=llama-3-70b&g=rtx-4090&p=fp16&ngl=12&ram=64&hmem=ddr5-5600-2ch`);
  await waitForVerdict(page);
  assert.equal(await page.getAttribute(tid('verdict'), 'data-verdict'), 'host_ram_does_not_fit');
  assert.match(await page.textContent(`${tid('verdict')} .reason`), /layers left in host RAM need/);
  assert.match(await page.textContent(tid('offload-max')), /largest -ngl whose GPU part fits: 12/);
  await page.fill(tid('gpu_layers'), '');
  await page.waitForSelector(`${tid('verdict')}[data-verdict="weights_do_not_fit"]`);
  assert.equal(await page.locator(tid('offload-figures')).count(), 0);
  await page.close();
});
