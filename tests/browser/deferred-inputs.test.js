// The inputs the hosted page's verdict module leaves to the full one (core/src/internal.h, RL_FULL: a vision
// tower, the rarer model families, speculative decoding, offload, a size alone): a link with one paints its first
// verdict from the full module (web/src/main.jsx), never the verdict module's "read by the full core" refusal, and
// that first verdict is the one the page settles on.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startPage, tid, waitForVerdict } from './helpers.js';

let env;
before(async () => {
  env = await startPage();
});
after(() => env?.close());

/** Records, from the first DOM mutation on, whether the deferral's refusal was ever shown and the first verdict's state. */
function recordFirstFrame() {
  window.first = { deferred: false, fits: null, step: null };
  new MutationObserver(() => {
    if (document.querySelector('[data-why="full_module"]')) window.first.deferred = true;
    // A size alone is answered by the estimate's card, not a verdict.
    const verdict = document.querySelector('[data-testid="verdict"]:is([data-fits], [data-state="error"]), [data-testid="estimate"]');
    if (verdict && window.first.fits === null) {
      window.first.fits = verdict.getAttribute('data-fits') ?? verdict.getAttribute('data-state') ?? 'estimate';
      window.first.step = document.querySelector('[data-testid="realistic.step_ms"]')?.getAttribute('data-value') ?? null;
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

const LINKS = [
  ['Llama 4\'s chunked attention', '?m=llama-4-scout-17b-16e&g=h200-sxm'],
  ['a linear-attention family (Qwen3-Next)', '?m=qwen3-next-80b-a3b&g=h200-sxm'],
  ['speculative decoding', '?m=llama-3.1-8b&g=h100-sxm&sg=4&sd=llama-3.2-1b&sa=0.7'],
  ['a size alone', '?n=70B&g=h100-sxm'],
];

for (const [what, query] of LINKS) {
  test(`a link with ${what}: the first verdict is the full module's`, async () => {
    const page = await env.browser.newPage();
    await page.addInitScript(recordFirstFrame);
    await page.goto(`${env.server.url}${query}`);
    await (query.startsWith('?n=') ? page.waitForSelector(tid('estimate')) : waitForVerdict(page));
    await page.waitForFunction(() => performance.getEntriesByName('rl:settled').length > 0);
    const first = await page.evaluate(() => window.first);
    assert.equal(first.deferred, false, 'the verdict module\'s refusal is never shown');
    assert.notEqual(first.fits, null, 'a first verdict was recorded');
    assert.notEqual(first.fits, 'error', `the first verdict is an analysis (${first.fits})`);
    const fits = query.startsWith('?n=') ? 'estimate' : await page.getAttribute(`${tid('verdict')}`, 'data-fits');
    assert.equal(first.fits, fits, 'the first verdict is the one the page settles on');
    // A refusal has no expected step: then neither frame has one.
    const expected = page.locator(tid('realistic.step_ms'));
    const step = (await expected.count()) > 0 ? await expected.getAttribute('data-value') : null;
    assert.equal(first.step, step, 'the first expected step is the settled one');
    await page.close();
  });
}
