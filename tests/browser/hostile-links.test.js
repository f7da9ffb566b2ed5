// Broken, oversized and hostile links: defaults per key, a notice that says
// what was wrong, a verdict, no script run, no dialog, no CSP violation, and an
// address bar cleaned of the payload. How fast the page gets there is printed
// by `npm run bench` (hostile links), never asserted here.
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { SINGLE_FILE_URL, startPage, tid, waitForVerdict } from './helpers.js';

const KEYS = ['m', 'c', 'n', 'g', 'tf', 'bw', 'vr', 'p', 'kp', 's', 'b', 'tp', 'pp', 'mb', 'kb', 'mr'];
const every = (payload) => `?${KEYS.map((k) => `${k}=${encodeURIComponent(payload)}`).join('&')}`;
const bomb = deflateRawSync(Buffer.alloc(12 << 20), { level: 9 }).toString('base64url');

// Each case, and what its notice must say (the key at fault, or the limit it broke).
const CASES = {
  'a script tag in every key': [every('<script>window.__pwned=1</script>'), /not a valid value/],
  'javascript: in every key': [every('javascript:window.__pwned=1'), /not a valid value/],
  'an attribute breakout in every key': [every('"><img src=x onerror="window.__pwned=1;alert(1)">'), /not a valid value/],
  'an svg onload in every key': [every('<svg onload=window.__pwned=1>'), /not a valid value/],
  'a 1 MB query': [`?b=8&m=${'A'.repeat(1 << 20)}`, /over the 16 KiB limit/],
  'invalid base64 in c': ['?c=%%%not*base64!!&b=2', /“c” \(custom config\.json\) in the link is not valid base64url/],
  'base64 that is not deflate in c': [`?c=${Buffer.from('<script>window.__pwned=1</script>').toString('base64url')}`, /“c” .* is not valid compressed data/],
  'a deflate bomb in c': [`?c=${bomb}`, /“c” .* expands beyond 1 MiB/],
  'payloads in the plan\'s search keys': [`?gpus=t4,${encodeURIComponent('"><img src=x onerror="window.__pwned=1">')}&prec=${encodeURIComponent('<script>window.__pwned=1</script>')}&tight=${encodeURIComponent('<svg onload=window.__pwned=1>')}`,
    /1 item of “gpus” \(GPUs to search\) in the link is no GPU preset: it was dropped\./],
  'a truncated link': ['?m=qwen3-4b&g=a100-40g&b=8&c=8ZBBCsIwEEX3nm', /“c” .* is not valid compressed data/],
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

for (const [where, baseOf] of [['hosted', () => env.server.url], ['single file', () => SINGLE_FILE_URL]]) {
  describe(`hostile links, ${where}`, () => {
    for (const [name, [query, notice]] of Object.entries(CASES)) {
      test(name, async () => {
        const { context, page, dialogs, console } = await open(baseOf(), query);
        // The defaults answer: a verdict or the core's message, and the notice naming the fault.
        assert.ok(await page.locator(tid('verdict')).isVisible());
        await page.waitForSelector(tid('link-notice'));
        assert.match(await page.textContent(tid('link-notice')), notice);
        // The address bar now holds the cleaned link, not the payload. It is written once the
        // page has settled after its first render, so any handler the payload could have
        // planted (an onerror, an onload) has had its chance to run by then.
        await page.waitForFunction(() => !/%3C|<|javascript/i.test(location.search));
        await page.waitForLoadState('load');
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        assert.equal(await page.evaluate(() => window.__pwned), undefined);
        assert.deepEqual(dialogs, []);
        assert.deepEqual(await page.evaluate(() => window.__violations), []);
        assert.deepEqual(console.filter((t) => /Content.Security.Policy|Trusted Type/i.test(t)), []);
        assert.equal(await page.locator('img, iframe, object, embed').count(), 0);
        assert.equal(await page.locator('script').count(), 1, 'only the page script');
        await context.close();
      });
    }
  });
}
