// Imported first by main.jsx, so that it runs before the rest of the bundle is
// evaluated: the wasm core starts downloading, inflating and compiling (off the
// main thread) while the page's own code is still being set up.
import wasmSource from 'virtual:wasm-source';
import wasmFull from 'virtual:wasm-full';
import { openCore } from './bridge.js';
import { citationsLoaded } from '../presets.js';

/** The first core: what the first verdict calls (web/build/wasm-source.js says which module, by build). */
export const corePromise = openCore(wasmSource);
// A failure is reported by boot(), which awaits this promise; never an unhandled rejection here.
corePromise.catch(() => {});

// The verdict module computes no cost and reads no scale-out input: the page's analyses follow the full module's
// once it is there (citationsLoaded: the full module answers).
if (wasmFull) citationsLoaded.value = false;

let features = null;
/**
 * The sweep, the lint, the planner and the checkpoint reader added to `core` (the first core's object, which
 * the page's states hold), from the full module, with its analyze (the cost and scale-out, which the verdict module lacks):
 * the hosted page loads it once its first verdict is on screen; in the single file the first module is
 * the full one already.
 */
export function loadFeatures(core) {
  // The calls a first verdict does not make (tools.js: the lint, the planner, the checkpoint reader) are not on
  // the critical path: loaded here, with the full module on the hosted page, or alone in the single file.
  if (features) return features;
  const tools = import('./tools.js');
  features = wasmFull
    ? Promise.all([openCore(wasmFull), tools]).then(([full, { addFeatures, withTools }]) => {
        addFeatures(core, withTools(full));
        citationsLoaded.value = true; // the report is computed again, by the full module
        return core;
      })
    : tools.then(({ withTools }) => withTools(core));
  return features;
}
