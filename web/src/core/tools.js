// The core's calls that a first verdict does not make (the lint, the planner, the checkpoint reader, the
// bench), added to a core that bridge.js opened, through its io. The hosted page loads this module after its
// first verdict (start.js); loader.js's loadCore adds them at once.

/**
 * The verdict module (roofline-verdict.wasm) exports only what a first verdict calls; the full
 * module (roofline.wasm) adds these. Both are built from the same sources with the same flags.
 */
export const FEATURE_EXPORTS = ['rlw_sweep', 'rlw_lint', 'rlw_plan', 'rlw_index_buffer', 'rlw_checkpoint'];

/**
 * Gives `core` (a verdict module's object) the full module's sweep, lint, plan and checkpoint, in
 * place, so that whatever holds `core` gains them, and its analyze: the verdict module computes no
 * cost (CMakeLists.txt, RL_FULL=0: it carries no price presets) and reads no scale-out input; the full
 * module's analyze gives the same report with them. The presets stay the first module's (the same
 * objects: the page holds them). Returns `core`.
 */
export function addFeatures(core, full) {
  for (const name of ['analyze', 'sweep', 'lint', 'plan', 'checkpoint']) core[name] = full[name];
  core.exportNames = [...new Set([...core.exportNames, ...full.exportNames])];
  return core;
}

/** Adds lint, plan, checkpoint and bench to `core` (bridge.js's openCore), in place; returns it. */
export function withTools(core) {
  const { x, encoder, put, output, raw } = core.io;
  return Object.assign(core, {
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
  });
}
