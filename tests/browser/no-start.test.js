// vLLM's start check on unified memory: on a DGX Spark its default pool (0.9 of the CUDA total) asks for more than is
// free when it starts, and vLLM refuses to start. The core names it as an input error (why start_free); the page shows
// it as a deployment that does not start, with the ways out that start it, and no time figure (Verdict.jsx, NoStart).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startPage, tid, TIMING_TESTIDS, waitForVerdict } from './helpers.js';

let env;
before(async () => {
  env = await startPage();
});
after(() => env?.close());

test('DGX Spark under vLLM\'s default pool: "does not start", its two ways out, and each applied starts it', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}?m=llama-3.1-8b&g=dgx-spark&e=vllm`);
  await waitForVerdict(page);
  const verdict = page.locator(tid('verdict'));
  assert.equal(await verdict.getAttribute('data-verdict'), 'engine_does_not_start');
  assert.equal(await page.locator(tid('error-message')).getAttribute('data-why'), 'start_free');
  // The message carries the check's own figures: asked for, free, the largest fraction that starts.
  assert.match(await page.locator(tid('error-message')).textContent(), /0\.9.*101\.30 GiB.*0\.83/);
  for (const id of TIMING_TESTIDS) assert.equal(await page.locator(tid(id)).count(), 0, `${id} shown for a deployment that does not start`);
  const ways = await page.locator(`${tid('remedies')} li`).evaluateAll((l) => l.map((x) => x.dataset.code));
  assert.deepEqual(ways, ['lower_pool_fraction', 'engine_takes_free']);

  await page.locator(`${tid('remedies')} li[data-code="lower_pool_fraction"] button`).click();
  await page.waitForSelector(`${tid('verdict')}[data-fits]`);
  assert.equal(await page.locator(tid('pool_fraction')).inputValue(), '0.83');
  assert.notEqual(await verdict.getAttribute('data-level'), 'refused');

  await page.goto(`${env.server.url}?m=llama-3.1-8b&g=dgx-spark&e=vllm`);
  await waitForVerdict(page);
  await page.locator(`${tid('remedies')} li[data-code="engine_takes_free"] button`).click();
  await page.waitForSelector(`${tid('verdict')}[data-fits]`);
  assert.equal(await page.locator(tid('engine')).inputValue(), 'sglang');
  await page.close();
});
