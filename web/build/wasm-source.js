// The wasm core as the page's script receives it, by build:
//  - hosted: the URL of an emitted .wasm file (fetched, compiled while it streams). Two
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
  try {
    return execFileSync('zopfli', ['--deflate', '--i15', '-c', file], { maxBuffer: 1 << 28 }).toString('base64');
  } catch (e) {
    if (e.code === 'ENOENT') throw new Error('zopfli is missing: `npm run setup` installs it (the Debian package zopfli)');
    throw e;
  }
}

const url = (file) => `export { default } from ${JSON.stringify(`${file}?url`)};`;

/** full: the full module's path; verdict: the verdict module's (hosted only). */
export function wasmSource({ full, verdict }, { inline }) {
  return {
    name: 'roofline:wasm-source',
    resolveId: (source) => (source === FIRST || source === FULL ? `\0${source}` : null),
    load(id) {
      if (id !== `\0${FIRST}` && id !== `\0${FULL}`) return null;
      const first = id === `\0${FIRST}`;
      if (!inline) return url(first ? verdict : full);
      if (!first) return 'export default null;';
      this.addWatchFile(full);
      return `export default { deflateRaw: ${JSON.stringify(deflatedWasm(full))} };`;
    },
  };
}
