// The wasm core as the page's script receives it, by build:
//  - hosted: {deflateRawUrl}, the URL of an emitted file that holds the module deflated
//    (fetched, inflated and compiled while it streams; see wasmSource below). Two
//    modules: `virtual:wasm-source` is the verdict module (roofline-verdict.wasm: analyze,
//    sweep and the presets, what the first verdict calls), `virtual:wasm-full` the full one
//    (roofline.wasm: the lint, the planner and the checkpoint reader too), which the page
//    loads once its first verdict is on screen;
//  - single file: {deflateRaw: base64}, the full module deflated (RFC 1951) and then
//    base64-encoded into the script, as `virtual:wasm-source`; `virtual:wasm-full` is null
//    (the first module is the full one). The loader inflates it with the browser's
//    DecompressionStream: no fetch at all (so the page's CSP allows no connection),
//    and ~11 KB less gzipped than a base64 data: URL of the raw module, whose
//    6-bit characters gzip poorly.
import { execFileSync } from 'node:child_process';
import { basename } from 'node:path';

const FIRST = 'virtual:wasm-source';
const FULL = 'virtual:wasm-full';

/**
 * The single file's payload: the same bytes deflated by zopfli (Debian's `zopfli`, which
 * core/scripts/setup.sh installs), which searches harder than zlib for the same format: the
 * full module is 97,628 B deflated by zlib -9 and 91,725 B by zopfli's default 15 iterations
 * (1.3 s; 50 gain 20 more bytes for 3.5 s). The browser's DecompressionStream inflates either.
 * Deterministic, like zlib: the same module gives the same payload on every machine.
 */
export function deflatedWasm(file) {
  return zopfli(file).toString('base64');
}

/** The module's bytes deflated (RFC 1951) by zopfli. */
export function zopfli(file) {
  try {
    return execFileSync('zopfli', ['--deflate', '--i15', '-c', file], { maxBuffer: 1 << 28 });
  } catch (e) {
    if (e.code === 'ENOENT') throw new Error('zopfli is missing: `npm run setup` installs it (the Debian package zopfli)');
    throw e;
  }
}

const url = (file) => `export { default } from ${JSON.stringify(`${file}?url`)};`;

/**
 * full: the full module's path; verdict: the verdict module's (hosted only).
 * The hosted build emits each module deflated by zopfli, as assets/NAME.deflate-HASH.wasm (the
 * name keeps .wasm so that the service worker caches it with the rest), and the page gets
 * {deflateRawUrl}: the loader fetches it and inflates it with DecompressionStream while it
 * compiles. The bytes a visitor downloads are then zopfli's whatever the server compresses
 * with: the verdict module is 60,232 B so, 64,645 gzipped -9, 64,880 at gzip's usual -6,
 * 61,468 at Brotli's on-the-fly level 5 (only Brotli -11, precompressed, is smaller: 56,284).
 * `vite dev` (serve) gets the plain file's URL: it emits no assets.
 */
export function wasmSource({ full, verdict }, { inline }) {
  let serve = false;
  return {
    name: 'roofline:wasm-source',
    configResolved(config) { serve = config.command === 'serve'; },
    resolveId: (source) => (source === FIRST || source === FULL ? `\0${source}` : null),
    load(id) {
      if (id !== `\0${FIRST}` && id !== `\0${FULL}`) return null;
      const first = id === `\0${FIRST}`;
      if (!inline && serve) return url(first ? verdict : full);
      if (!inline) {
        const file = first ? verdict : full;
        this.addWatchFile(file);
        const ref = this.emitFile({ type: 'asset', name: `${basename(file, '.wasm')}.deflate.wasm`, source: zopfli(file) });
        return `export default { deflateRawUrl: import.meta.ROLLUP_FILE_URL_${ref} };`;
      }
      if (!first) return 'export default null;';
      this.addWatchFile(full);
      return `export default { deflateRaw: ${JSON.stringify(deflatedWasm(full))} };`;
    },
  };
}
