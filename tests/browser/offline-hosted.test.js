// Installable and offline after one visit: the hosted build links a web manifest
// with icons and registers a service worker that caches the page and the wasm
// under a versioned cache. One visit, then no network: a reload still answers.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startPage, tid, waitForVerdict } from './helpers.js';

let env;
before(async () => {
  env = await startPage();
});
after(() => env?.close());

test('the hosted page is installable: a manifest with icons that load', async () => {
  const page = await env.browser.newPage();
  await page.goto(env.server.url);
  await waitForVerdict(page);
  const href = await page.getAttribute('link[rel="manifest"]', 'href');
  const manifest = await page.evaluate(async (u) => (await fetch(u)).json(), href);
  assert.equal(manifest.display, 'standalone');
  assert.ok(manifest.start_url);
  const sizes = manifest.icons.map((i) => i.sizes);
  assert.ok(sizes.includes('192x192') && sizes.includes('512x512'), sizes.join());
  for (const icon of manifest.icons) {
    const [status, type, length] = await page.evaluate(async (u) => {
      const r = await fetch(u);
      return [r.status, r.headers.get('content-type'), (await r.arrayBuffer()).byteLength];
    }, new URL(icon.src, new URL(href, env.server.url)).href);
    assert.equal(status, 200, icon.src);
    assert.ok(type.startsWith(icon.type), `${icon.src}: ${type}`);
    assert.ok(length > 100, icon.src);
  }
  await page.close();
});

test('after one visit the page answers with the network gone', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const url = `${env.server.url}?m=llama-3-70b&g=h100-sxm&tp=2&b=16`;
  await page.goto(url);
  await waitForVerdict(page);
  const fits = await page.getAttribute(tid('verdict'), 'data-fits');
  // The worker is installed and its cache holds the wasm, under one versioned name.
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!reg.active) return false;
    const keys = await caches.keys();
    if (keys.length !== 1 || !keys[0].startsWith('roofline-lint-')) return false;
    const cache = await caches.open(keys[0]);
    return (await cache.keys()).some((r) => r.url.endsWith('.wasm'));
  });

  await context.setOffline(true);
  assert.equal(await page.evaluate(() => navigator.onLine), false);
  await page.reload();
  await waitForVerdict(page);
  assert.equal(await page.getAttribute(tid('verdict'), 'data-fits'), fits);
  assert.match(await page.textContent('#verdict-word'), /\S/);
  // Another setup, offline: the core runs from the cache.
  await page.goto(`${env.server.url}?m=qwen3-4b&g=a100-40g&b=128`);
  await waitForVerdict(page);
  assert.equal(await page.getAttribute(tid('verdict'), 'data-fits'), 'false');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the cache is named by the build: the one cache is the version sw.js names', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(env.server.url);
  await waitForVerdict(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  const version = await page.evaluate(async () => (await (await fetch('./sw.js')).text()).match(/roofline-lint-[0-9a-f]{16}/)[0]);
  await page.waitForFunction(async (v) => JSON.stringify(await caches.keys()) === JSON.stringify([v]), version);
  await context.close();
});
