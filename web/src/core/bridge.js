// The wasm core's bridge (core/wasm/bridge.c), what a first verdict calls: instantiate, analyze, sweep, the
// presets. No Emscripten glue: the module needs no imports, and every call is "write UTF-8 into a static
// buffer, call, read JSON back". Runs in browsers and Node. The rest of the core's calls (the lint, the
// planner, the checkpoint reader, the bench) are tools.js's, which the hosted page loads after its first
// verdict; loader.js's loadCore gives both at once.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The exports the page relies on; core/wasm/exports.txt is the full list. */
export const REQUIRED_EXPORTS = [
  'memory', 'rlw_request_buffer', 'rlw_request_capacity', 'rlw_config_buffer', 'rlw_config_capacity',
  'rlw_output', 'rlw_analyze', 'rlw_preset_count', 'rlw_preset',
];

/** Base64 → bytes. */
function fromBase64(text) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function instantiate(source) {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.instantiate(source, {});
  let response;
  if (typeof source?.deflateRaw === 'string') {
    // The single file's inlined module: inflated by the platform, compiled as it inflates. No fetch.
    const stream = new Blob([fromBase64(source.deflateRaw)]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
    response = new Response(stream, { headers: { 'content-type': 'application/wasm' } });
  } else if (typeof source?.deflateRawUrl === 'string') {
    // The hosted page's modules, deflated at build time (web/build/wasm-source.js): inflated as they arrive.
    const fetched = await fetch(source.deflateRawUrl);
    if (!fetched.ok) throw new Error(`cannot load the roofline core (${fetched.status})`);
    response = new Response(fetched.body.pipeThrough(new DecompressionStream('deflate-raw')), { headers: { 'content-type': 'application/wasm' } });
  } else {
    response = await fetch(source);
  }
  if (!response.ok) throw new Error(`cannot load the roofline core (${response.status})`);
  // Streaming compiles while the bytes arrive; it needs the wasm MIME type (the inflated one is given it).
  const type = response.headers.get('content-type') ?? '';
  if (typeof WebAssembly.instantiateStreaming === 'function' && type.startsWith('application/wasm')) {
    return WebAssembly.instantiateStreaming(response, {});
  }
  return WebAssembly.instantiate(await response.arrayBuffer(), {});
}

/**
 * Instantiates the core. `source` is the .wasm bytes, a URL, {deflateRaw: base64} (the
 * module deflated, as the single file carries it) or {deflateRawUrl} (the URL of the module
 * deflated, as the hosted page has it).
 * Returns { analyze, sweep, presets, exportNames, io } (io: the bridge's own calls, for tools.js).
 */
export async function openCore(source) {
  const { instance } = await instantiate(source);
  const x = instance.exports;
  for (const name of REQUIRED_EXPORTS) {
    if (!(name in x)) throw new Error(`the roofline core lacks the export ${name}`);
  }
  if (typeof x._initialize === 'function') x._initialize();

  // Writes text into a bridge buffer; returns its full byte length, which may
  // exceed the capacity: the core then refuses it as too large without reading it.
  function put(text, pointer, capacity) {
    const bytes = encoder.encode(text);
    const n = Math.min(bytes.length, capacity);
    new Uint8Array(x.memory.buffer, pointer, n).set(bytes.subarray(0, n));
    return bytes.length;
  }

  function output(length) {
    return decoder.decode(new Uint8Array(x.memory.buffer, x.rlw_output(), length));
  }

  function raw(fn, request, configText, ...extra) {
    // A string is sent as is: requests JSON.stringify cannot express (NaN, bad syntax) stay testable.
    const text = typeof request === 'string' ? request : JSON.stringify(request);
    const requestLength = put(text, x.rlw_request_buffer(), x.rlw_request_capacity());
    const hasConfig = typeof configText === 'string';
    const configLength = hasConfig ? put(configText, x.rlw_config_buffer(), x.rlw_config_capacity()) : 0;
    return fn(requestLength, configLength, hasConfig ? 1 : 0, ...extra);
  }

  function call(fn, request, configText, ...extra) {
    return JSON.parse(output(raw(fn, request, configText, ...extra)));
  }

  return {
    /**
     * The full report (or {error}) for a request object, or for request JSON text;
     * configText is an optional pasted config.json. A {params: "70B", ...} request gives {estimate}.
     */
    analyze: (request, configText) => call(x.rlw_analyze, request, configText),
    /** {points: [{batch, ai, ms_per_token, tokens_per_s, step_ms, tight, realistic_step_ms, realistic_tokens_per_s,
     * realistic_batch}]} from batch 1 to the max batch that fits (core: rl_sweep_json). */
    sweep(request, configText, maxPoints = 48) {
      if (typeof x.rlw_sweep !== 'function') throw new Error('the roofline core lacks the export rlw_sweep');
      return call(x.rlw_sweep, request, configText, maxPoints);
    },
    /** {models: [preset file objects], gpus: [...]}, exactly as in presets/. */
    presets() {
      const read = (kind) => {
        const list = [];
        for (let i = 0; i < x.rlw_preset_count(kind); i++) list.push(JSON.parse(output(x.rlw_preset(kind, i))));
        return list;
      };
      return { models: read(0), gpus: read(1) };
    },
    exportNames: Object.keys(x),
    io: { x, encoder, put, output, raw },
  };
}
