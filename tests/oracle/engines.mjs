// The serving engines of the realistic estimate, as the specification states
// them (README "Realistic estimate" and tests/measured/README.md), transcribed
// here from the sources, not imported from the core. Decimal strings are read
// as the decimals they spell.

import { Q } from './rational.mjs';

const D = (x) => x; // a decimal spelled as a string, read by Q.fromDecimal

export const ENGINES = {
  vllm: {
    bw: D('0.89'), bwQuant: D('0.89'), compute: D('0.81'), prefill: D('0.61'), kernelUs: D('4.5'),
    kernelsDense: D('10'), kernelsMoe: D('13'), allreduceUs: [D('20'), D('20'), D('20')], hostMs: D('1.5'),
    bandLow: D('0.75'), bandHigh: D('1.3'), gpus: ['h200'],
  },
  sglang: {
    bw: D('0.89'), bwQuant: D('0.89'), compute: D('0.81'), prefill: D('0.61'), kernelUs: D('4.5'),
    kernelsDense: D('10'), kernelsMoe: D('13'), allreduceUs: [D('2.8'), D('3.3'), D('3.6')], hostMs: D('1.5'),
    bandLow: D('0.6'), bandHigh: D('1.6'), gpus: [],
  },
  'trt-llm': {
    bw: D('0.80'), bwQuant: D('0.80'), compute: D('0.81'), prefill: D('0.61'), kernelUs: D('3.0'),
    kernelsDense: D('10'), kernelsMoe: D('13'), allreduceUs: [D('2.8'), D('3.3'), D('3.6')], hostMs: D('2.8'),
    bandLow: D('0.75'), bandHigh: D('1.3'), gpus: ['h100'],
  },
  'llama.cpp': {
    bw: D('0.82'), bwQuant: D('0.74'), compute: D('0.81'), prefill: D('0.61'), kernelUs: D('7.3'),
    kernelsDense: D('10'), kernelsMoe: D('13'), allreduceUs: [D('8.8'), D('16.4'), D('31.6')], hostMs: D('0.35'),
    bandLow: D('0.8'), bandHigh: D('1.3'), gpus: ['rtx-', 'a100', 'h100', 'm2-', 'm3-', 'm4-'],
  },
  'gpt-fast': {
    bw: D('0.75'), bwQuant: D('0.50'), compute: D('0.81'), prefill: D('0.61'), kernelUs: D('3.0'),
    kernelsDense: D('10'), kernelsMoe: D('13'), allreduceUs: [D('7'), D('11'), D('17')], hostMs: D('0.6'),
    bandLow: D('0.72'), bandHigh: D('1.3'), gpus: ['a100', 'mi250'],
  },
};
export const ENGINE_NAMES = Object.keys(ENGINES);

// Each engine's own memory pool, a share of each GPU's memory, when pool_fraction is not given (README
// "Realistic budget"): vLLM's gpu_memory_utilization 0.9; SGLang's mem_fraction_static as it derives it from
// the GPU (sglangPool), a share of the memory free once the context and NCCL are up (POOL_OF_START); TensorRT-LLM's
// free_gpu_memory_fraction 0.9, a share of the memory free after the weights and reserves, which is all
// the KV cache's (POOL_OF_FREE); llama.cpp and gpt-fast have no pool (1).
// vLLM's, SGLang's and TensorRT-LLM's pools are settings that the raise_pool_fraction way out can name.
const POOL = { vllm: '0.90', 'trt-llm': '0.90', 'llama.cpp': '1', 'gpt-fast': '1' };
// Each one's setting, as the way out names it (the engines' command-line flags).
export const POOL_SETTING = {
  vllm: 'vLLM --gpu-memory-utilization',
  sglang: 'SGLang --mem-fraction-static',
  'trt-llm': 'TensorRT-LLM --kv_cache_free_gpu_memory_fraction',
};
export const POOL_IS_A_SETTING = Object.keys(POOL_SETTING);
export const POOL_OF_FREE = ['trt-llm'];
// vLLM checks at its start, once NCCL is up, that gpu_memory_utilization x the total CUDA reports is free, and raises
// "Free memory on device ... is less than desired GPU memory utilization" otherwise (vllm-project/vllm@35d5cda1:
// vllm/v1/worker/gpu_worker.py, Worker.init_device); its pool stays that share of the total. The others take what is
// free at their start: on a GPU that gives it (DGX Spark's free_at_start_gib, measured with the context up), they
// fill that and the context, not the total.
export const START_CHECK = ['vllm'];
// SGLang's mem_fraction_static is a share of the memory free once the CUDA context and NCCL are up, before the
// weights load (python/sglang/srt/model_executor/model_runner_kv_cache_mixin.py, profile_max_num_token: the KV cache
// is the memory free after the weights load less (1 − fraction) of the memory free before it). That share holds the
// weights, their overhead and the KV cache; the prefill chunk's activations and the logits are in the (1 − fraction)
// it leaves out. So its pool is context + NCCL + fraction·(V − context − NCCL), and the room for KV is
// fraction·(V − context − NCCL) − overhead − weights, with no activation or logits term.
export const POOL_OF_START = ['sglang'];
// The engines that keep room for the activations of a whole step of their chunk, however short the prompt: vLLM
// profiles one dummy step of max_num_batched_tokens tokens before it sizes its KV cache (v1 gpu_model_runner.py
// profile_run), and TensorRT-LLM sizes that term at max_num_tokens (pyexecutor/_util.py,
// _create_dummy_context_requests); both fill a step with several requests' prompts.
export const STEPS_WHOLE_CHUNK = ['vllm', 'trt-llm'];
// The engines whose prefill step computes the logits of every token it holds, and the bytes of each: llama.cpp's
// compute buffer is reserved for a prompt graph of n_ubatch tokens with n_ubatch outputs, in F32
// (src/llama-context.cpp, graph_reserve(n_tokens, n_seqs, n_tokens)); gpt-fast's forward pass returns the logits of
// every prompt position in the model's bf16 (model.py, logits = self.output(x)). The step's memory then peaks at the
// output layer, with the logits and the hidden state feeding them, when that is more than the layers' activations.
// A published llama.cpp log: "CUDA0 compute buffer size = 258.50 MiB" for Llama 3 8B at n_ubatch 512, that is
// (128256 + 4096) x 512 x 4 bytes (github developer0hye/llama-3-korean-bllossom-8b-q4-docker, README).
export const STEP_LOGIT_BYTES = { 'llama.cpp': 4n, 'gpt-fast': 2n };
// llama.cpp copies the decode logits out of that buffer into host memory ("CUDA_Host output buffer"): no request
// adds logits on the GPU.
export const LOGITS_ON_HOST = ['llama.cpp'];
// SGLang's own mem_fraction_static (docs/formulas.md "Realistic budget"; sglang python/sglang/srt/arg_groups/memory_hook.py,
// handle_gpu_memory_settings, with its CUDA graphs as it ships), in MiB of a GPU of V GiB (V·1024):
//   chunk (chunked_prefill_size): 2048 below 20 GiB, 4096 below 60, 8192 below 160, else 16384;
//   the decode graphs' largest batch: 8 below 20 GiB; 48 (160 from tp 4) below 35; 32 (160) below 60;
//   256 (512) below 160; else 512;
//   reserve = 512 + 3/2·max(chunk, 2048) + tp·pp·1024/8 + 2·(that batch) + the prefill graphs: 8 MiB for each
//   size it captures up to the chunk (up to 8192 under pp) — 4..32 by 4, 48..256 by 16, 288..512 by 32,
//   576..1024 by 64, 1280..4096 by 256, then by 512 — or 1536 MiB with MLA; at least 10240 above 60 GiB;
//   fraction = (V·1024 − reserve)/(V·1024) rounded half up to 3 decimals, and 0.05 at least.
const SIZE_RUNS = [[4n, 32n, 4n], [48n, 256n, 16n], [288n, 512n, 32n], [576n, 1024n, 64n], [1280n, 4096n, 256n]];
function capturedSizes(upTo) {
  let n = 0n;
  for (const [first, last, step] of SIZE_RUNS) if (upTo >= first) n += ((upTo < last ? upTo : last) - first) / step + 1n;
  if (upTo >= 4608n) n += (upTo - 4608n) / 512n + 1n;
  return n;
}
export function sglangChunk(vramGib) {
  const mib = vramGib.mul(1024n);
  return mib.lt(Q.of(20480n)) ? 2048n : mib.lt(Q.of(61440n)) ? 4096n : mib.lt(Q.of(163840n)) ? 8192n : 16384n;
}
// The reserve and its parts (the report's config.pool_reserve).
export function sglangReserve(vramGib, tp, pp, mla, chunkGiven = 0n) {
  const mib = vramGib.mul(1024n);
  const chunk = chunkGiven > 0n ? chunkGiven : sglangChunk(vramGib);
  const wide = tp >= 4n;
  const below = (gib) => mib.lt(Q.of(gib * 1024n));
  const graphBatch = below(20n) ? 8n : below(35n) ? (wide ? 160n : 48n) : below(60n) ? (wide ? 160n : 32n) : below(160n) ? (wide ? 512n : 256n) : 512n;
  const graphTokens = pp > 1n && chunk > 8192n ? 8192n : chunk;
  const parallel = new Q(tp * pp * 1024n, 8n);
  const prefill = Q.of(mla ? 1536n : 8n * capturedSizes(graphTokens));
  const sum = Q.of(512n).add(new Q(3n * (chunk > 2048n ? chunk : 2048n), 2n)).add(parallel).add(Q.of(2n * graphBatch)).add(prefill);
  const least = mib.gt(Q.of(61440n)) && sum.lt(Q.of(10240n));
  return { mib: least ? Q.of(10240n) : sum, chunk: Q.of(chunk), parallel_mib: parallel, decode_graph_batch: Q.of(graphBatch),
    prefill_graph_mib: prefill };
}
export const sglangReserveMib = (vramGib, tp, pp, mla, chunk = 0n) => sglangReserve(vramGib, tp, pp, mla, chunk).mib;
const LEAST_POOL = new Q(5n, 100n);
export function sglangPool(vramGib, tp, pp, mla, chunk = 0n) {
  const mib = vramGib.mul(1024n);
  const thousandths = mib.sub(sglangReserveMib(vramGib, tp, pp, mla, chunk)).div(mib).mul(1000n).add(new Q(1n, 2n)).floor();
  const f = new Q(thousandths, 1000n);
  return f.gt(LEAST_POOL) ? f : LEAST_POOL;
}
// gpu: its vram (GiB); model: its mla flag. A prefill_chunk the request gives is SGLang's --chunked-prefill-size,
// which its reserve is sized by in place of the chunk it derives from the GPU (d.prefillChunk 0: not given).
export function poolOf(d, gpu, model) {
  if (d.poolFraction.sign() > 0) return d.poolFraction;
  if (d.engine !== 'sglang') return Q.fromDecimal(POOL[d.engine]);
  return sglangPool(gpu.vram, d.tp, d.pp, model.mla, d.prefillChunk);
}

// Each engine's own prefill chunk (tokens per prefill step), when prefill_chunk is not given (0): it sizes the
// activation line of the realistic budget, min(chunk, S).
//   vLLM: the OpenAI server's max_num_batched_tokens (vllm/engine/arg_utils.py, get_batch_defaults): 8192 on a GPU
//     of at least 70 GiB that is not an A100 ("a100" not in the device name), else 2048; so it follows the GPU's size.
//   SGLang: its chunked_prefill_size as it derives it from the GPU (sglangChunk); its activations are outside its
//     pool (POOL_OF_START), so this shows only in the report.
//   TensorRT-LLM: trtllm-serve's --max_num_tokens, 8192 by default.
//   llama.cpp: n_ubatch, 512 (common/common.h).
//   gpt-fast: no chunking, the whole prompt: the deployment's seq.
export function engineChunk(engine, vramGib, gpuName, seq) {
  switch (engine) {
    case 'vllm': return vramGib.ge(Q.of(70n)) && !gpuName.startsWith('a100') ? 8192n : 2048n;
    case 'sglang': return sglangChunk(vramGib);
    case 'trt-llm': return 8192n;
    case 'llama.cpp': return 512n;
    case 'gpt-fast': return seq;
    default: throw new Error(`no engine ${engine}`);
  }
}
// The chunk in use: the one the request gives, else the engine's own at this GPU.
export const prefillChunkOf = (d, gpu) => (d.prefillChunk > 0n ? d.prefillChunk : engineChunk(d.engine, gpu.vram, gpu.name, d.seq));

// The least memory per GPU (GiB) whose pool holds need (GiB) when first (GiB) is taken before the fraction applies
// (SGLang: the context and NCCL, up before its fraction is taken; 0 for the others, whose fraction is of the whole
// GPU): need over the fraction plus first, or, under SGLang's own pool, which grows with the GPU, the least GPU whose
// own fraction of what first leaves holds it. Within each of its tiers the reserve R is fixed; the rounded fraction is
// at least k/1000 from 1000·R/(1000.5 − k) MiB up, and k/1000 of what first leaves holds need from 1000·need/k + first
// up, so the tier's least is the least over k of the larger of the two (k from 50: 0.05 is the least pool, to 1000:
// a GPU over 2000 times the reserve rounds its fraction up to 1), and no
// less than the tier's own start.
const TIERS = [[0n, 20n], [20n, 35n], [35n, 60n], [60n, 60n], [60n, 160n], [160n, null]];
export function gpuFor(need, d, model, first = new Q(0n)) {
  if (d.poolFraction.sign() > 0 || d.engine !== 'sglang') return need.div(poolOf(d, { vram: new Q(1n) }, model)).add(first);
  const needMib = need.mul(1024n), firstMib = first.mul(1024n);
  let best = null;
  TIERS.forEach(([lo, hi], i) => {
    // A GPU inside the tier gives its reserve: its middle, 61 GiB in (60, 160), 60 itself, or 160.
    const inside = hi === null ? Q.of(lo) : lo === hi ? Q.of(lo) : i === 4 ? Q.of(61n) : new Q(lo + hi, 2n);
    // A given chunk sizes every tier's reserve; else each size's own (chunk 0).
    const R = sglangReserveMib(inside, d.tp, d.pp, model.mla, d.prefillChunk);
    let least = null;
    for (let k = 50n; k <= 1000n; k++) {
      const v = Q.max(R.mul(1000n).div(new Q(20010n - 20n * k, 20n)), needMib.mul(1000n).div(Q.of(k)).add(firstMib));
      if (least === null || v.lt(least)) least = v;
    }
    let v = Q.max(least.div(1024n), Q.of(lo));
    const inTier = hi === null || (lo === hi ? v.le(Q.of(hi)) : v.lt(Q.of(hi)));
    if (inTier && (best === null || v.lt(best))) best = v;
  });
  return best;
}

// The formats a way out may offer in each engine, highest first (docs/formulas.md "Ways out"): only what the
// engine runs as it ships, and nothing below 4-bit. llama.cpp's are GGUF types (no fp8 among them),
// gpt-fast quantizes weights to int8 or int4 and keeps its KV cache in the model's dtype.
const STANDARD = { weights: ['fp16', 'fp8', 'int4'], kv: ['fp8'] };
export const WAYS_OUT = {
  vllm: STANDARD,
  sglang: STANDARD,
  'trt-llm': STANDARD,
  'llama.cpp': { weights: ['fp16', 'q8_0', 'q6_k', 'q5_k_m', 'q4_k_m'], kv: ['q8_0', 'q4_0'] },
  'gpt-fast': { weights: ['fp16', 'int8', 'int4'], kv: [] },
};

// The formats each engine is known not to run (docs/formulas.md "Ways out"): the warnings
// engine_lacks_weight_format and engine_lacks_kv_format. A format not listed is not flagged.
const GGUF = ['q8_0', 'q6_k', 'q5_k_m', 'q4_k_m', 'q4_0', 'q3_k_m', 'q2_k', 'iq4_xs'];
// auto: llama.cpp on Apple's GPUs and Strix Halo (vLLM, SGLang and TensorRT-LLM have no backend for
// them; the calibration corpus has llama.cpp runs on Apple), vLLM on every other GPU, a custom one too.
export function usualEngine(engine, gpuName) {
  if (engine !== 'auto') return engine;
  return ['m1-', 'm2-', 'm3-', 'm4-', 'strix-halo'].some((p) => gpuName.startsWith(p)) ? 'llama.cpp' : 'vllm';
}

// The GPU presets each engine has no backend for, by id prefix (docs/formulas.md "Ways out"): the warning
// engine_not_on_gpu. Apple's GPUs have none of vLLM, SGLang or TensorRT-LLM; TensorRT-LLM runs on NVIDIA's
// alone; llama.cpp and gpt-fast have no TPU or Gaudi backend. A custom GPU is never flagged.
const APPLE = ['m1-', 'm2-', 'm3-', 'm4-'];
export const NOT_ON = {
  vllm: APPLE,
  sglang: APPLE,
  'trt-llm': [...APPLE, 'mi', 'strix-halo', 'arc-', 'gaudi', 'tpu-'],
  'llama.cpp': ['tpu-', 'gaudi'],
  'gpt-fast': ['tpu-', 'gaudi'],
};

export const LACKS = {
  vllm: { weights: [], kv: ['int8', 'int4', 'q8_0', 'q4_0'] },
  sglang: { weights: [], kv: ['int8', 'q8_0', 'q4_0'] },
  'trt-llm': { weights: GGUF, kv: ['int4', 'q8_0', 'q4_0'] },
  'llama.cpp': { weights: ['fp8'], kv: ['fp8', 'nvfp4'] },
  'gpt-fast': { weights: ['fp8', ...GGUF, 'mxfp4', 'nvfp4'], kv: ['fp8', 'int8', 'int4', 'q8_0', 'q4_0', 'nvfp4'] },
};
