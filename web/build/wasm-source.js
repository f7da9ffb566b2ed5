// The wasm core as the page's script receives it, by build:
//  - hosted: the URL of the emitted .wasm file (fetched, compiled while it streams);
//  - single file: {bytes}, a function that decodes the module from an LZMA payload,
//    base64-encoded into the script (web/src/core/lzma.js decodes it). No fetch at all,
//    so the page's CSP allows no connection. LZMA, because the payload is as large as
//    its compressed bytes whatever the page's own gzip does (base64 of compressed data
//    does not compress again), and LZMA packs the module ~14% tighter than deflate at
//    level 9 (57 against 67 KB); no browser decompresses LZMA, hence the small decoder.
//    The compressor is xz (xz-utils), in its .lzma format.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const ID = 'virtual:wasm-source';
const DECODER = new URL('../src/core/lzma.js', import.meta.url).pathname;

/** The single file's payload: the module as .lzma (its size in the header, as lzma.js wants), base64. */
export function lzmaWasm(file) {
  const raw = readFileSync(file);
  let packed;
  try {
    packed = execFileSync('xz', ['--format=lzma', '-9e', '--stdout', file], { maxBuffer: 64 << 20 });
  } catch (error) {
    throw new Error(`cannot compress ${file} with xz (Debian: xz-utils): ${error.message}`);
  }
  // xz writes "size unknown" (all ones) and an end marker; the decoder wants the size.
  packed.writeBigUInt64LE(BigInt(raw.length), 5);
  return packed.toString('base64');
}

export function wasmSource(file, { inline }) {
  return {
    name: 'roofline:wasm-source',
    resolveId: (source) => (source === ID ? `\0${ID}` : null),
    load(id) {
      if (id !== `\0${ID}`) return null;
      if (!inline) return `export { default } from ${JSON.stringify(`${file}?url`)};`;
      this.addWatchFile(file);
      return `import { unlzmaBase64 } from ${JSON.stringify(DECODER)};
const payload = ${JSON.stringify(lzmaWasm(file))};
export default { bytes: () => unlzmaBase64(payload) };`;
    },
  };
}
