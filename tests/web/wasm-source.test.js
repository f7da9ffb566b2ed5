// The single file carries the wasm deflated and base64-encoded in its script
// (web/build/wasm-source.js); the loader inflates it with DecompressionStream.
// The inflated module must be the built one, byte for byte in its behaviour.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { deflatedWasm } from '../../web/build/wasm-source.js';
import { loadCore } from '../../web/src/core/loader.js';
import { ROOT, loadTestCore } from './core.js';

const file = fileURLToPath(new URL('web/generated/roofline.wasm', ROOT));

test('the payload inflates to the built module, and is smaller', () => {
  const raw = readFileSync(file);
  const payload = deflatedWasm(file);
  expect(payload).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
  expect(inflateRawSync(Buffer.from(payload, 'base64')).equals(raw)).toBe(true);
  expect(payload.length).toBeLessThan(raw.length * 0.6);
  // zopfli, not zlib: at least 4% under zlib's best for the same module (6% when measured).
  expect(Buffer.from(payload, 'base64').length).toBeLessThan(deflateRawSync(raw, { level: 9 }).length * 0.96);
});

test('the loader runs the deflated module like the plain one', async () => {
  const inflated = await loadCore({ deflateRaw: deflatedWasm(file) });
  const plain = await loadTestCore();
  expect(inflated.exportNames).toEqual(plain.exportNames);
  for (const request of [{ model: 'qwen3-4b', gpu: 'a100-40g', batch: 8 }, { params: '70B', gpu: 'h100-sxm' }, { model: 'qwen3-4b', gpu: 'a100-40g', batch: 0 }]) {
    expect(inflated.analyze(request)).toEqual(plain.analyze(request));
  }
  expect(inflated.presets()).toEqual(plain.presets());
});

test('a corrupt payload rejects: the page shows its boot error', async () => {
  await expect(loadCore({ deflateRaw: Buffer.from('not deflate at all').toString('base64') })).rejects.toThrow();
});

test("the loader runs a module fetched deflated (the hosted page's {deflateRawUrl}) like the plain one", async () => {
  // A data: URL stands in for the emitted asset: Node's fetch reads it as a browser reads the file.
  const deflateRawUrl = `data:application/octet-stream;base64,${deflatedWasm(file)}`;
  const fetched = await loadCore({ deflateRawUrl });
  const plain = await loadTestCore();
  expect(fetched.exportNames).toEqual(plain.exportNames);
  const request = { model: 'qwen3-4b', gpu: 'a100-40g', batch: 8 };
  expect(fetched.analyze(request)).toEqual(plain.analyze(request));
  await expect(loadCore({ deflateRawUrl: 'data:application/octet-stream;base64,AAAA' })).rejects.toThrow();
});
