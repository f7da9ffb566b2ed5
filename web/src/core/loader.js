// Hand-written loader for the standalone wasm core (core/wasm/bridge.c).
// No Emscripten glue: the module needs no imports, and every call is
// "write UTF-8 into a static buffer, call, read JSON back". Runs in browsers and Node.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The exports the page relies on; core/wasm/exports.txt is the full list. */
export const REQUIRED_EXPORTS = [
  'memory', 'rlw_request_buffer', 'rlw_request_capacity', 'rlw_config_buffer', 'rlw_config_capacity',
  'rlw_output', 'rlw_analyze', 'rlw_preset_count', 'rlw_preset',
];

/**
 * The verdict module (roofline-verdict.wasm) exports only what a first verdict calls; the full
 * module (roofline.wasm) adds these. Both are built from the same sources with the same flags.
 */
export const FEATURE_EXPORTS = ['rlw_sweep', 'rlw_lint', 'rlw_plan', 'rlw_index_buffer', 'rlw_checkpoint'];

/**
 * Gives `core` (a verdict module's object) the full module's sweep, lint, plan and checkpoint, in
 * place, so that whatever holds `core` gains them, and its analyze: the verdict module's price
 * presets carry no citations (core/gen_presets.cmake, STRIP_CITATIONS), so its cost cites a price
 * by provider and date alone; the full module's gives the same figures with their sources. The
 * presets stay the first module's (the same objects: the page holds them). Returns `core`.
 */
export function addFeatures(core, full) {
  for (const name of ['analyze', 'sweep', 'lint', 'plan', 'checkpoint']) core[name] = full[name];
  core.exportNames = [...new Set([...core.exportNames, ...full.exportNames])];
  return core;
}

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
 * Returns { analyze, sweep, presets, bench, exportNames }.
 */
export async function loadCore(source) {
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
    /**
     * Times `iterations` analyses of one request inside the module (rlw_bench: the
     * request is parsed once, then analysed with batches 1..64), for `npm run bench`.
     * Returns {iterations, seconds, analysesPerSecond, fits}.
     */
    bench(request, iterations, configText) {
      if (typeof x.rlw_bench !== 'function') throw new Error('the roofline core lacks the export rlw_bench');
      const start = performance.now();
      const fits = raw(x.rlw_bench, request, configText, iterations) >>> 0;
      const seconds = (performance.now() - start) / 1000;
      return { iterations, seconds, analysesPerSecond: iterations / seconds, fits };
    },
    /**
     * Lints a serve command (vllm serve / sglang / llama-server / trtllm-serve) with a request
     * holding the GPU ({gpu: "h100-sxm"}); {lint, report} or {error}.
     */
    lint(command, request = {}, configText) {
      if (typeof x.rlw_lint !== 'function') throw new Error('the roofline core lacks the export rlw_lint');
      const cmd = encoder.encode(command);
      const text = encoder.encode(typeof request === 'string' ? request : JSON.stringify(request));
      const cap = x.rlw_request_capacity();
      const both = new Uint8Array(cmd.length + text.length);
      both.set(cmd);
      both.set(text, cmd.length);
      new Uint8Array(x.memory.buffer, x.rlw_request_buffer(), Math.min(both.length, cap)).set(both.subarray(0, cap));
      const hasConfig = typeof configText === 'string';
      const configLength = hasConfig ? put(configText, x.rlw_config_buffer(), x.rlw_config_capacity()) : 0;
      return JSON.parse(output(x.rlw_lint(cmd.length, text.length, configLength, hasConfig ? 1 : 0)));
    },
    /**
     * The SLA planner (rlw_plan: the core's rl_plan, the CLI's --plan): a base request
     * holding the model and the workload (planRequest in web/src/plan.js drops the keys
     * the plan sets), targets {max_ttft_ms, min_tokens_per_s_user, allow_tight, precision,
     * gpus} (precision: one of auto, fp8, int4, q8_0, q4_k_m, int8, else auto and the engine's own two; gpus: GPU preset ids, empty
     * or absent for every preset: the CLI's --precision and --gpus), the `top` cheapest of
     * each option. {plan: {searched, candidates, pareto, ...}} or {error}.
     */
    plan(request, targets = {}, configText, top = 10) {
      if (typeof x.rlw_plan !== 'function') throw new Error('the roofline core lacks the export rlw_plan');
      const ttft = Number(targets.max_ttft_ms) || 0;
      const speed = Number(targets.min_tokens_per_s_user) || 0;
      const gpus = Array.isArray(targets.gpus) ? targets.gpus.map(String) : [];
      const precision = typeof targets.precision === 'string' ? targets.precision : '';
      // The search follows the request in its buffer: "PRECISION|ID,ID" (the bridge checks both).
      const filter = precision || gpus.length ? encoder.encode(`${precision}|${gpus.join(',')}`) : new Uint8Array(0);
      const [length, configLength, hasConfig] = raw((...lengths) => lengths, request, configText);
      const cap = x.rlw_request_capacity();
      if (length + filter.length <= cap) new Uint8Array(x.memory.buffer, x.rlw_request_buffer() + length, filter.length).set(filter);
      return JSON.parse(output(x.rlw_plan(length, configLength, hasConfig, ttft, speed, targets.allow_tight ? 1 : 0, top, filter.length)));
    },
    /**
     * A model.safetensors.index.json, summed up by the core (rl_checkpoint_from_index): the
     * request's "checkpoint" object ({total_size, tensors, lm_head, layers, ...}) or {error}.
     * The index may be megabytes: the bridge grows the memory to hold it.
     */
    checkpoint(text) {
      if (typeof x.rlw_checkpoint !== 'function') throw new Error('the roofline core lacks the export rlw_checkpoint');
      const bytes = encoder.encode(String(text));
      const at = x.rlw_index_buffer(bytes.length);
      if (at !== 0) new Uint8Array(x.memory.buffer, at, bytes.length).set(bytes);
      return JSON.parse(output(x.rlw_checkpoint(bytes.length)));
    },
    exportNames: Object.keys(x),
  };
}
