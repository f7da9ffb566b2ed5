// Loads web/generated/roofline.wasm through the page's loader, once per test file.
import { readFileSync } from 'node:fs';
import { loadCore } from '../../web/src/core/loader.js';

export const ROOT = new URL('../../', import.meta.url);

export function loadTestCore() {
  return loadCore(readFileSync(new URL('web/generated/roofline.wasm', ROOT)));
}
