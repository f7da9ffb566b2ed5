// Broken, oversized and hostile links: defaults per key, a visible notice, no
// script run, no dialog, no CSP violation, and a verdict within one second.
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { SINGLE_FILE_URL, startPage, tid, waitForVerdict } from './helpers.js';

const KEYS = ['m', 'c', 'n', 'g', 'tf', 'bw', 'vr', 'p', 'kp', 's', 'b', 'tp', 'pp', 'mb', 'kb', 'mr'];
const every = (payload) => `?${KEYS.map((k) => `${k}=${encodeURIComponent(payload)}`).join('&')}`;
const bomb = deflateRawSync(Buffer.alloc(12 << 20), { level: 9 }).toString('base64url');

const CASES = {
  'a script tag in every key': every('<script>window.__pwned=1</script>'),
  'javascript: in every key': every('javascript:window.__pwned=1'),
  'an attribute breakout in every key': every('"><img src=x onerror="window.__pwned=1;alert(1)">'),
  'an svg onload in every key': every('<svg onload=window.__pwned=1>'),
  'a 1 MB query': `?b=8&m=${'A'.repeat(1 << 20)}`,
  'invalid base64 in c': '?c=%%%not*base64!!&b=2',
  'base64 that is not deflate in c': `?c=${Buffer.from('<script>window.__pwned=1</script>').toString('base64url')}`,
  'a deflate bomb in c': `?c=${bomb}`,
  'a truncated link': '?m=qwen3-4b&g=a100-40g&b=8&c=8ZBBCsIwEEX3nm',
};

let env;
before(async () => {
  env = await startPage();
});
after(() => env?.close());

async function open(base, query) {
  const context = await env.browser.newContext();
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  const dialogs = [];
  const console = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    d.dismiss();
  });
  page.on('console', (m) => console.push(m.text()));
  await page.goto(base + query);
  await waitForVerdict(page);
  return { context, page, dialogs, console };
}

/** Nav → verdict, and the page's own share of it (boot → verdict), in ms. */
const timings = (page) =>
  page.evaluate(() => ['rl:boot', 'rl:first-verdict'].map((m) => performance.getEntriesByName(m)[0]?.startTime));

for (const [where, baseOf] of [['hosted', () => env.server.url], ['single file', () => SINGLE_FILE_URL]]) {
  describe(`hostile links, ${where}`, () => {
    for (const [name, query] of Object.entries(CASES)) {
      test(name, async () => {
        let { context, page, dialogs, console } = await open(baseOf(), query);
        // A 1 MB URL costs Chromium itself a good part of a second before any page script runs.
        const navBudget = query.length > 1e5 ? 3000 : 1000;
        let [boot, verdict] = await timings(page);
        if (verdict - boot >= 1000 || verdict >= navBudget) {
          // This machine is shared with fuzzers: one slow load is retried, a real freeze fails twice.
          await context.close();
          ({ context, page, dialogs, console } = await open(baseOf(), query));
          [boot, verdict] = await timings(page);
        }
        assert.ok(verdict - boot < 1000, `the page took ${verdict - boot} ms to its verdict`);
        assert.ok(verdict < navBudget, `verdict ${verdict} ms after navigation`);
        await page.waitForSelector(tid('link-notice'));
        assert.ok((await page.textContent(tid('link-notice'))).length > 20);
        await page.waitForTimeout(300);
        assert.equal(await page.evaluate(() => window.__pwned), undefined);
        assert.deepEqual(dialogs, []);
        assert.deepEqual(await page.evaluate(() => window.__violations), []);
        assert.deepEqual(console.filter((t) => /Content.Security.Policy|Trusted Type/i.test(t)), []);
        assert.equal(await page.locator('img, iframe, object, embed').count(), 0);
        assert.equal(await page.locator('script').count(), 1, 'only the page script');
        // The address bar now holds the cleaned link, not the payload.
        await page.waitForFunction(() => !/%3C|<|javascript/i.test(location.search));
        await context.close();
      });
    }
  });
}
