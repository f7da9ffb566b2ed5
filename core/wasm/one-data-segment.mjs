// Rewrites a wasm module's data section as one active segment: the memory image it
// describes, gaps between segments filled with the zeros memory starts with anyway.
// Why: binaryen's memory-packing (part of emcc -Oz) splits the data around every run of
// zeros that outweighs a segment header in raw bytes; the page is shipped gzipped, and
// gzip stores a run of zeros in a few bits but each of ~500 segment headers (offset,
// length) in full. One segment: the same bytes in memory, 1.8-2.3 KiB less gzipped.
// Usage: node core/wasm/one-data-segment.mjs IN.wasm OUT.wasm
// Refuses (exit 1, file untouched) a module with passive segments, a second memory or a
// non-constant offset: memory.init/data.drop would name segments this renumbers.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DATA = 11;
const DATA_COUNT = 12;

function uleb(n) {
  const out = [];
  do {
    let byte = n & 0x7f;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return out;
}

function sleb(n) {
  const out = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    const done = (n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

/** A reader over bytes: unsigned and signed LEB128 (32-bit), and plain bytes. */
function reader(bytes, at = 0) {
  return {
    get at() { return at; },
    set at(v) { at = v; },
    byte: () => bytes[at++],
    uleb() {
      let result = 0, shift = 0, b;
      do { b = bytes[at++]; result += (b & 0x7f) * 2 ** shift; shift += 7; } while (b & 0x80);
      return result;
    },
    sleb() {
      let result = 0, shift = 0, b;
      do { b = bytes[at++]; result |= (b & 0x7f) << shift; shift += 7; } while (b & 0x80);
      return shift < 32 && (b & 0x40) ? result | (-1 << shift) : result;
    },
  };
}

/** The active segments of a data section's payload: [{offset, bytes}]; throws on any other kind. */
function segmentsOf(payload) {
  const r = reader(payload);
  const count = r.uleb();
  const segments = [];
  for (let i = 0; i < count; i++) {
    const flags = r.uleb();
    if (flags !== 0) throw new Error(`data segment ${i}: flags ${flags} (passive or explicit memory); not rewritten`);
    if (r.byte() !== 0x41) throw new Error(`data segment ${i}: offset is not an i32.const; not rewritten`);
    const offset = r.sleb();
    if (r.byte() !== 0x0b) throw new Error(`data segment ${i}: offset expression longer than one constant; not rewritten`);
    const length = r.uleb();
    segments.push({ offset, bytes: payload.subarray(r.at, r.at + length) });
    r.at += length;
  }
  if (r.at !== payload.length) throw new Error('data section: trailing bytes; not rewritten');
  return segments;
}

/** The module with its data as one segment; returns the input unchanged when it has none. */
export function oneDataSegment(wasm) {
  const r = reader(wasm, 8);
  const parts = [wasm.subarray(0, 8)];
  while (r.at < wasm.length) {
    const start = r.at;
    const id = r.byte();
    const size = r.uleb();
    const body = wasm.subarray(r.at, r.at + size);
    r.at += size;
    if (id === DATA) {
      const segments = segmentsOf(body);
      if (segments.length === 0) { parts.push(wasm.subarray(start, r.at)); continue; }
      const low = Math.min(...segments.map((s) => s.offset));
      const high = Math.max(...segments.map((s) => s.offset + s.bytes.length));
      const image = Buffer.alloc(high - low);
      for (const s of segments) image.set(s.bytes, s.offset - low);
      const payload = Buffer.concat([Buffer.from([...uleb(1), 0, 0x41, ...sleb(low), 0x0b, ...uleb(image.length)]), image]);
      parts.push(Buffer.from([DATA, ...uleb(payload.length)]), payload);
    } else if (id === DATA_COUNT) {
      parts.push(Buffer.from([DATA_COUNT, 1, 1]));
    } else {
      parts.push(wasm.subarray(start, r.at));
    }
  }
  return Buffer.concat(parts);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [input, output] = process.argv.slice(2);
  if (!input || !output) {
    console.error('usage: node core/wasm/one-data-segment.mjs IN.wasm OUT.wasm');
    process.exit(2);
  }
  try {
    writeFileSync(output, oneDataSegment(readFileSync(input)));
  } catch (e) {
    console.error(`${input}: ${e.message}`);
    process.exit(1);
  }
}
