// The single file carries the wasm as LZMA, base64-encoded in its script
// (web/build/wasm-source.js); web/src/core/lzma.js decodes it in the page.
// The decoded module must be the built one, byte for byte.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { lzmaWasm } from '../../web/build/wasm-source.js';
import { loadCore } from '../../web/src/core/loader.js';
import { unlzma, unlzmaBase64 } from '../../web/src/core/lzma.js';
import { ROOT, loadTestCore } from './core.js';

const file = fileURLToPath(new URL('web/generated/roofline.wasm', ROOT));

/** xz's .lzma of `bytes`, with the size in its header as the build writes it. */
function lzma(bytes, args = []) {
  const packed = execFileSync('xz', ['--format=lzma', ...args, '--stdout'], { input: bytes, maxBuffer: 64 << 20 });
  packed.writeBigUInt64LE(BigInt(bytes.length), 5);
  return new Uint8Array(packed);
}

test('the payload decodes to the built module, and is smaller than deflate at level 9', () => {
  const raw = readFileSync(file);
  const payload = lzmaWasm(file);
  expect(payload).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
  expect(Buffer.from(unlzmaBase64(payload)).equals(raw)).toBe(true);
  expect(Buffer.from(payload, 'base64').length).toBeLessThan(deflateRawSync(raw, { level: 9 }).length * 0.9);
});

test('the decoder round-trips text, random bytes, runs, an empty input and other lc/lp/pb', () => {
  let seed = 7;
  const random = Uint8Array.from({ length: 70_000 }, () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24);
  const text = Buffer.from('the roofline of a decode step, '.repeat(3000) + 'é€😀'.repeat(100));
  const cases = [[random], [text], [new Uint8Array(100_000).fill(0x41)], [new Uint8Array(0)], [text, ['--lzma1=preset=6,lc=0,lp=2,pb=0']], [random, ['--lzma1=preset=1,lc=4,lp=0,pb=4']]];
  for (const [bytes, args] of cases) {
    expect(Buffer.from(unlzma(lzma(bytes, args))).equals(Buffer.from(bytes))).toBe(true);
  }
});

test('corrupt or truncated data throws, never returns wrong bytes silently', () => {
  const good = lzma(Buffer.from('abcabcabc'.repeat(500)));
  expect(() => unlzma(good.subarray(0, 20))).toThrow(/corrupt LZMA/);
  expect(() => unlzma(Uint8Array.of(225, ...new Uint8Array(20)))).toThrow(/corrupt LZMA/);
  const huge = good.slice();
  huge[12] = 1;
  expect(() => unlzma(huge)).toThrow(/corrupt LZMA/);
  const flipped = good.slice();
  flipped[13] = 1;
  expect(() => unlzma(flipped)).toThrow(/corrupt LZMA/);
});

test('the loader runs the decoded module like the plain one', async () => {
  const payload = lzmaWasm(file);
  const decoded = await loadCore({ bytes: () => unlzmaBase64(payload) });
  const plain = await loadTestCore();
  expect(decoded.exportNames).toEqual(plain.exportNames);
  for (const request of [{ model: 'qwen3-4b', gpu: 'a100-40g', batch: 8 }, { params: '70B', gpu: 'h100-sxm' }, { model: 'qwen3-4b', gpu: 'a100-40g', batch: 0 }]) {
    expect(decoded.analyze(request)).toEqual(plain.analyze(request));
  }
  expect(decoded.presets()).toEqual(plain.presets());
});

test('a corrupt payload rejects: the page shows its boot error', async () => {
  await expect(loadCore({ bytes: () => unlzmaBase64(Buffer.from('not lzma at all, not at all').toString('base64')) })).rejects.toThrow();
});
