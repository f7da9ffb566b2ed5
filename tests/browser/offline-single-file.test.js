// dist/roofline-lint.html works from file:// with the network off and makes no
// request that is not file: or data:. Its CSP pins the inline script by hash.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { after, before, test } from 'node:test';
import { browserForTests } from '../../web/scripts/browser.mjs';
import { DIST, SINGLE_FILE_URL, requireDist, tid, waitForVerdict } from './helpers.js';

let browser;
before(async () => {
  requireDist();
  browser = await browserForTests();
});
after(() => browser?.close());

test('the single file pins its inline script and style by sha256, without unsafe-inline', () => {
  const html = readFileSync(`${DIST}roofline-lint.html`, 'utf8');
  const policy = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)">/)?.[1];
  assert.ok(policy, 'a CSP meta');
  assert.doesNotMatch(policy, /'unsafe-inline'|'unsafe-eval'/);
  const script = html.match(/<script\b[^>]*>([\s\S]*?)<\/script>/)[1];
  const hash = createHash('sha256').update(script).digest('base64');
  assert.match(policy, new RegExp(`script-src 'sha256-${hash.replace(/[+/]/g, '\\$&')}' 'wasm-unsafe-eval'`));
  // The wasm is inflated in memory from the script: the page may connect only to the Hub, for "Fetch".
  assert.match(policy, /(^|; )connect-src https:\/\/huggingface\.co(;|$)/);
  assert.match(policy, /default-src 'none'/);
  assert.doesNotMatch(html, /data:application\/wasm/);
  assert.match(html, /deflateRaw:[`"'][A-Za-z0-9+/]{40000,}={0,2}[`"']/);
  assert.ok(html.indexOf('Content-Security-Policy') < html.indexOf('<script'), 'the policy comes before the script');
});

test('the hosted page allows scripts from itself and wasm compilation only', () => {
  const html = readFileSync(`${DIST}index.html`, 'utf8');
  const policy = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)">/)?.[1];
  assert.match(policy, /script-src 'self' 'wasm-unsafe-eval'/);
  assert.doesNotMatch(policy, /unsafe-inline/);
  assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script');
});

test('file://, offline: a verdict, and zero requests off the file', async () => {
  const context = await browser.newContext({ offline: true });
  const page = await context.newPage();
  const outside = [];
  const problems = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:') || url.startsWith('data:')) return route.continue();
    outside.push(url);
    return route.abort();
  });
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${SINGLE_FILE_URL}?m=qwen3-4b&g=a100-40g&b=8`);
  await waitForVerdict(page);
  assert.equal(await page.getAttribute(tid('verdict'), 'data-fits'), 'true');
  assert.equal(await page.getAttribute(tid('decode.tokens_per_s'), 'data-value') !== null, true);
  await page.fill(tid('batch'), '128');
  await page.waitForSelector(`${tid('verdict')}[data-fits="false"]`);
  assert.deepEqual(outside, []);
  assert.deepEqual(problems, []);
  await context.close();
});
