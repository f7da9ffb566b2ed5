// The wasm core as the page's script receives it, by build:
//  - hosted: the URL of the emitted .wasm file (fetched, compiled while it streams);
//  - single file: {deflateRaw: base64}, the module deflated (RFC 1951) and then
//    base64-encoded into the script. The loader inflates it with the browser's
//    DecompressionStream: no fetch at all (so the page's CSP allows no connection),
//    and ~11 KB less gzipped than a base64 data: URL of the raw module, whose
//    6-bit characters gzip poorly.
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';

const ID = 'virtual:wasm-source';

/** The single file's payload: the same bytes, deflated at the highest level. */
export function deflatedWasm(file) {
  return deflateRawSync(readFileSync(file), { level: 9 }).toString('base64');
}

export function wasmSource(file, { inline }) {
  return {
    name: 'roofline:wasm-source',
    resolveId: (source) => (source === ID ? `\0${ID}` : null),
    load(id) {
      if (id !== `\0${ID}`) return null;
      if (!inline) return `export { default } from ${JSON.stringify(`${file}?url`)};`;
      this.addWatchFile(file);
      return `export default { deflateRaw: ${JSON.stringify(deflatedWasm(file))} };`;
    },
  };
}
