// Where the single file's bytes go: dist/roofline-lint.html cut into the wasm core's
// payload (deflate-raw, base64, in the script: web/build/wasm-source.js), the rest of the
// script (the page's JS with the presets' prose and the zh-CN table inlined), the
// style and the HTML around them, each gzipped (-9) alone. The parts gzipped alone
// add up to a little less than the whole file gzipped (one stream mixes them).
// `node web/scripts/size-split.mjs` prints it; web/scripts/bench.mjs prints it too.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const gz = (text) => gzipSync(Buffer.from(text, 'utf8'), { level: 9 }).length;

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
  console.log(`dist/roofline-lint.html: ${gzipSync(readFileSync(file), { level: 9 }).length} bytes gzipped; alone: ${Object.entries(split).map(([k, v]) => `${k} ${kb(v)}`).join(', ')}`);
}
