// The hosted build's service worker, run against fake caches: it precaches the
// build's files, drops every older roofline-lint cache on activation (versioned
// invalidation), and answers a navigation from the cache when the network fails.
// The version is a hash of the build's files: a changed file changes it.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MANIFEST, iconPng, publicFiles, publicOnDisk, pwa, serviceWorker } from '../../web/build/pwa.js';

function fakeWorld(existing = {}) {
  const stores = new Map(Object.entries(existing).map(([k, v]) => [k, new Map(v)]));
  const listeners = {};
  const caches = {
    keys: async () => [...stores.keys()],
    delete: async (k) => stores.delete(k),
    open: async (k) => {
      if (!stores.has(k)) stores.set(k, new Map());
      const m = stores.get(k);
      return {
        addAll: async (files) => files.forEach((f) => m.set(f, `body of ${f}`)),
        match: async (req) => m.get(typeof req === 'string' ? req : new URL(req.url).pathname.replace(/^\//, './')) ?? undefined,
      };
    },
  };
  const self = { addEventListener: (type, fn) => (listeners[type] = fn), skipWaiting: async () => {}, clients: { claim: async () => {} }, location: { origin: 'https://x.test' } };
  return { stores, listeners, caches, self };
}

async function run(source, world, fetchImpl) {
  new Function('self', 'caches', 'fetch', source)(world.self, world.caches, fetchImpl);
  return world.listeners;
}

describe('service worker', () => {
  test('install precaches, activate keeps only this version', async () => {
    const world = fakeWorld({ 'roofline-lint-old': [['./', 'old']], 'someone-else': [['x', 'y']] });
    const on = await run(serviceWorker('abc123', ['./', './assets/a.wasm']), world, async () => { throw new Error('offline'); });
    let wait;
    on.install({ waitUntil: (p) => (wait = p) });
    await wait;
    on.activate({ waitUntil: (p) => (wait = p) });
    await wait;
    expect([...world.stores.keys()].sort()).toEqual(['roofline-lint-abc123', 'someone-else']);
    expect([...world.stores.get('roofline-lint-abc123').keys()]).toEqual(['./', './assets/a.wasm']);
  });

  test('offline, a navigation with any query gets the cached page', async () => {
    const world = fakeWorld({ 'roofline-lint-v1': [['./', 'the page']] });
    const on = await run(serviceWorker('v1', ['./']), world, async () => { throw new Error('offline'); });
    let answer;
    on.fetch({ request: { method: 'GET', mode: 'navigate', url: 'https://x.test/?m=qwen3-4b' }, respondWith: (p) => (answer = p) });
    expect(await answer).toBe('the page');
  });

  test('the plugin names the cache by the content of the build, public/ included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rl-public-'));
    writeFileSync(join(dir, 'manifest.webmanifest'), '{}');
    const publicDir = pathToFileURL(`${dir}/`);
    const emitted = (code) => {
      const files = {};
      const plugin = pwa(publicDir);
      plugin.generateBundle.call({ emitFile: (f) => (files[f.fileName] = f.source) }, {}, {
        'assets/index.js': { type: 'chunk', code },
        'assets/roofline.wasm': { type: 'asset', source: new Uint8Array([0, 97, 115, 109]) },
      });
      return files;
    };
    const a = emitted('console.log(1)');
    const b = emitted('console.log(2)');
    writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"x"}');
    const c = emitted('console.log(1)');
    rmSync(dir, { recursive: true });
    const version = (sw) => sw.match(/roofline-lint-([0-9a-f]{16})/)[1];
    expect(version(a['sw.js'])).not.toBe(version(b['sw.js']));
    expect(version(a['sw.js'])).not.toBe(version(c['sw.js']));
    expect(a['sw.js']).toContain('./assets/roofline.wasm');
    expect(a['sw.js']).toContain('./manifest.webmanifest');
    expect(Object.keys(a)).toEqual(['sw.js']); // the static assets come from public/, not from the plugin
  });

  test('public/ holds the manifest and the icons exactly as pwa.js draws them', () => {
    const drawn = publicFiles();
    const disk = publicOnDisk();
    expect(Object.keys(disk).sort()).toEqual(Object.keys(drawn).sort());
    for (const [name, bytes] of Object.entries(drawn)) expect(Buffer.compare(disk[name], bytes), `${name}: run node web/scripts/make-public.mjs`).toBe(0);
    const manifest = JSON.parse(disk['manifest.webmanifest']);
    expect(manifest.icons).toEqual(MANIFEST.icons);
    for (const icon of manifest.icons) expect(Object.keys(disk)).toContain(icon.src);
  });

  test('the PNG icons are PNGs of the stated size', () => {
    for (const size of [192, 512]) {
      const png = iconPng(size);
      expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
      expect(png.readUInt32BE(16)).toBe(size);
      expect(png.readUInt32BE(20)).toBe(size);
    }
  });
});
