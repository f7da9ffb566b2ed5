// Imported first by main.jsx, so that it runs before the rest of the bundle is
// evaluated: the wasm core starts downloading, inflating and compiling (off the
// main thread) while the page's own code is still being set up.
import wasmSource from 'virtual:wasm-source';
import { loadCore } from './loader.js';

export const corePromise = loadCore(wasmSource);
// A failure is reported by boot(), which awaits this promise; never an unhandled rejection here.
corePromise.catch(() => {});
