// Hand-written loader for the standalone wasm core (core/wasm/bridge.c): the whole API at once, the
// bridge's calls (bridge.js: analyze, sweep, presets) and the tools (tools.js: lint, plan, checkpoint,
// bench). The page's start (start.js) takes the two apart, so that its first verdict loads only bridge.js.

import { openCore } from './bridge.js';
import { withTools } from './tools.js';

export { REQUIRED_EXPORTS } from './bridge.js';
export { FEATURE_EXPORTS, addFeatures, withTools } from './tools.js';
export { openCore };

/**
 * Instantiates the core with every call. `source` is the .wasm bytes, a URL, {deflateRaw: base64} (the
 * module deflated, as the single file carries it) or {deflateRawUrl} (the URL of the module
 * deflated, as the hosted page has it).
 * Returns { analyze, sweep, presets, lint, plan, checkpoint, bench, exportNames, io }.
 */
export async function loadCore(source) {
  return withTools(await openCore(source));
}
