// core/wasm/one-data-segment.mjs rewrites a module's data as one segment (core/scripts/build.sh
// runs it on both built modules): the memory a module starts with must be the same byte for byte,
// and a module it cannot rewrite safely is refused, not changed.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { oneDataSegment } from '../../core/wasm/one-data-segment.mjs';
import { ROOT } from './core.js';

const HEADER = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
const MEMORY = [5, 3, 1, 0, 1]; // one memory, one page
const EXPORT = [7, 7, 1, 3, 0x6d, 0x65, 0x6d, 2, 0]; // "mem"
// Three active segments with gaps: 1 2 3 at 16, 9 9 at 100 (signed LEB 0xe4 0x00), 7 at 200 (0xc8 0x01).
const SEGMENTS = [3, 0, 0x41, 0x10, 0x0b, 3, 1, 2, 3, 0, 0x41, 0xe4, 0x00, 0x0b, 2, 9, 9, 0, 0x41, 0xc8, 0x01, 0x0b, 1, 7];
const module3 = Buffer.from([...HEADER, ...MEMORY, ...EXPORT, 12, 1, 3, 11, SEGMENTS.length, ...SEGMENTS]);

const memoryOf = async (bytes) => {
  const { instance } = await WebAssembly.instantiate(bytes, { env: { emscripten_notify_memory_growth() {} } });
  return Buffer.from(instance.exports.mem?.buffer ?? instance.exports.memory.buffer);
};

/** How many data segments a module declares (the count leading its data section), 0 without one. */
function segmentCount(wasm) {
  let at = 8;
  const uleb = () => { let r = 0, s = 0, b; do { b = wasm[at++]; r += (b & 0x7f) * 2 ** s; s += 7; } while (b & 0x80); return r; };
  while (at < wasm.length) {
    const id = wasm[at++];
    const size = uleb();
    if (id === 11) return uleb();
    at += size;
  }
  return 0;
}

test('three segments with gaps become one, and memory starts the same', async () => {
  const out = oneDataSegment(module3);
  expect(WebAssembly.validate(out)).toBe(true);
  expect(segmentCount(module3)).toBe(3);
  expect(segmentCount(out)).toBe(1);
  const before = await memoryOf(module3);
  expect([before[16], before[17], before[18], before[100], before[101], before[200]]).toEqual([1, 2, 3, 9, 9, 7]);
  expect((await memoryOf(out)).equals(before)).toBe(true);
});

test('a passive segment is refused: memory.init would name segments the rewrite renumbers', () => {
  const passive = [1, 1, 2, 5, 6];
  const bytes = Buffer.from([...HEADER, ...MEMORY, 12, 1, 1, 11, passive.length, ...passive]);
  expect(WebAssembly.validate(bytes)).toBe(true);
  expect(() => oneDataSegment(bytes)).toThrow(/flags 1/);
});

test('the built modules carry one data segment each, and start with the memory the linker laid out', async () => {
  for (const name of ['roofline', 'roofline-verdict']) {
    const shipped = readFileSync(fileURLToPath(new URL(`web/generated/${name}.wasm`, ROOT)));
    expect(segmentCount(shipped)).toBe(1);
    const linked = fileURLToPath(new URL(`build-wasm/${name}.wasm`, ROOT));
    let original = null;
    try { original = readFileSync(linked); } catch { continue; } // a checkout without build-wasm/
    expect(segmentCount(original)).toBeGreaterThan(1);
    expect((await memoryOf(shipped)).equals(await memoryOf(original))).toBe(true);
  }
});
