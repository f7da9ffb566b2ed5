// The hosted page's first verdict runs on roofline-verdict.wasm, which computes no cost (CMakeLists.txt,
// RL_FULL=0: no price presets); its cost panel comes with the full module, whose analyze then stands in
// (web/src/core/start.js), so each price is cited with its source, never by provider and date alone.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startPage, tid, waitForVerdict } from './helpers.js';

let env;
before(async () => {
  env = await startPage();
});
after(() => env?.close());

test('the hosted page: the first verdict on the verdict module, the cost panel citing each price in full', async () => {
  const page = await env.browser.newPage();
  const wasm = [];
  page.on('request', (r) => { if (/\.wasm$/.test(new URL(r.url()).pathname)) wasm.push(new URL(r.url()).pathname); });
  await page.goto(`${env.server.url}?m=llama-3-70b&g=h100-sxm&tp=2&p=fp8&rpd=10000&it=1000&ot=500`);
  await waitForVerdict(page);
  const cloud = page.locator(`${tid('cost-assumptions')} li[data-code="usd_per_gpu_hour"] cite`);
  await cloud.waitFor({ state: 'attached' });
  assert.ok(wasm.some((p) => /roofline-verdict[^/]*\.wasm$/.test(p)), `the verdict module first: ${wasm.join(', ')}`);
  assert.match(await cloud.textContent(), /^RunPod \(Secure Cloud, H100 SXM 80GB\) \(as of \d{4}-\d\d-\d\d\): .*runpod\.io\/pricing/);
  // Every price the panel cites has its source after its date; none is cut to "provider (as of date)".
  const cites = await page.locator(`${tid('cost-assumptions')} cite`).allTextContents();
  assert.ok(cites.length >= 5, cites.join('\n'));
  for (const cite of cites) assert.doesNotMatch(cite, /\(as of [\d-]+\)$/, cite);
  assert.equal(await page.locator(`${tid('cost-assumptions')} .muted`).count(), 0);
  await page.close();
});
