// Imported first by main.jsx, so that it runs before the rest of the bundle is
// evaluated: the wasm core starts downloading, inflating and compiling (off the
// main thread) while the page's own code is still being set up.
import wasmSource from 'virtual:wasm-source';
import wasmFull from 'virtual:wasm-full';
import { addFeatures, loadCore } from './loader.js';
import { citationsLoaded } from '../presets.js';

/** The first core: what the first verdict calls (web/build/wasm-source.js says which module, by build). */
export const corePromise = loadCore(wasmSource);
// A failure is reported by boot(), which awaits this promise; never an unhandled rejection here.
corePromise.catch(() => {});

// The verdict module cites no price's source: the page's analyses follow the full module's once it is there.
if (wasmFull) citationsLoaded.value = false;

let features = null;
/**
 * The sweep, the lint, the planner and the checkpoint reader added to `core` (the first core's object, which
 * the page's states hold), from the full module, with its analyze (whose cost cites each price's source):
 * the hosted page loads it once its first verdict is on screen; in the single file the first module is
 * the full one already.
 */
export function loadFeatures(core) {
  features ??= wasmFull
    ? loadCore(wasmFull).then((full) => {
        addFeatures(core, full);
        citationsLoaded.value = true; // the report is computed again, by the full module
        return core;
      })
    : Promise.resolve(core);
  return features;
}
