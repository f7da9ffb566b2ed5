// Where the single file's bytes go: dist/roofline-lint.html cut into the wasm core's
// payload (deflate-raw, base64, in the script: web/build/wasm-source.js), the rest of the
// script (the page's JS with the presets' prose and the zh-CN table inlined), the
// style and the HTML around them, each gzipped (-9) alone. The parts gzipped alone
// add up to a little less than the whole file gzipped (one stream mixes them).
// `node web/scripts/size-split.mjs` prints it; web/scripts/bench.mjs prints it too.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync, inflateRawSync } from 'node:zlib';

const gz = (text) => gzipSync(Buffer.from(text, 'utf8'), { level: 9 }).length;

/**
 * A wasm module's bytes by kind, each gzipped (-9) alone: `code` (the functions' bodies), `data`
 * (the memory image: the presets' JSON, the messages, the tables) and `rest` (types, imports,
 * exports, the other sections). Where a module's weight goes tells which cut can help: code
 * shrinks only with less code in the module, data with less or better-packed content.
 */
export function wasmSplit(bytes) {
  let at = 8;
  const uleb = () => { let r = 0, s = 0, b; do { b = bytes[at++]; r += (b & 0x7f) * 2 ** s; s += 7; } while (b & 0x80); return r; };
  const parts = { code: [], data: [], rest: [bytes.subarray(0, 8)] };
  while (at < bytes.length) {
    const start = at;
    const id = bytes[at++];
    const size = uleb();
    at += size;
    parts[id === 10 ? 'code' : id === 11 ? 'data' : 'rest'].push(bytes.subarray(start, at));
  }
  return Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, gzipSync(Buffer.concat(v), { level: 9 }).length]));
}

/** The single file's wasm module: its payload (deflate-raw, base64) inflated; null without one. */
export function singleFileWasm(html) {
  const payload = html.match(/[`"']([A-Za-z0-9+/]{20000,}={0,2})[`"']/)?.[1];
  return payload ? inflateRawSync(Buffer.from(payload, 'base64')) : null;
}

export function singleFileSplit(html) {
  const script = html.match(/<script\b[^>]*>([\s\S]*?)<\/script>/)?.[1] ?? '';
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  // The payload: the one long base64 literal in the script.
  const payload = script.match(/[`"']([A-Za-z0-9+/]{20000,}={0,2})[`"']/)?.[1] ?? '';
  const rest = styles.reduce((h, style) => h.replace(style, ''), html.replace(script, ''));
  return { wasm: gz(payload), JS: gz(script.replace(payload, '')), CSS: gz(styles.join('')), HTML: gz(rest) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = fileURLToPath(new URL('../../dist/roofline-lint.html', import.meta.url));
  const html = readFileSync(file, 'utf8');
  const split = singleFileSplit(html);
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  const list = (parts) => Object.entries(parts).map(([k, v]) => `${k} ${kb(v)}`).join(', ');
  console.log(`dist/roofline-lint.html: ${gzipSync(readFileSync(file), { level: 9 }).length} bytes gzipped; alone: ${list(split)}`);
  const wasm = singleFileWasm(html);
  if (wasm) console.log(`  its wasm module, ${wasm.length} bytes, by section gzipped alone: ${list(wasmSplit(wasm))}`);
}
