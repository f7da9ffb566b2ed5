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
// "Realistic budget"): vLLM's gpu_memory_utilization 0.9; SGLang's mem_fraction_static by tp (v0.4.x:
// 0.88 at tp 1, 0.87 at 2, 0.85 at 4, 0.81 at 8, 0.79 at 16 and past); TensorRT-LLM's
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
export function poolOf(d) {
  if (d.poolFraction.sign() > 0) return d.poolFraction;
  if (d.engine !== 'sglang') return Q.fromDecimal(POOL[d.engine]);
  const tp = d.tp;
  return Q.fromDecimal(tp >= 16n ? '0.79' : tp >= 8n ? '0.81' : tp >= 4n ? '0.85' : tp >= 2n ? '0.87' : '0.88');
}

// The formats a way out may offer in each engine, highest first (README "Ways out"): only what the
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

// The formats each engine is known not to run (README "Ways out"): the warnings
// engine_lacks_weight_format and engine_lacks_kv_format. A format not listed is not flagged.
const GGUF = ['q8_0', 'q6_k', 'q5_k_m', 'q4_k_m', 'q4_0', 'q3_k_m', 'q2_k', 'iq4_xs'];
// auto: llama.cpp on Apple's GPUs and Strix Halo (vLLM, SGLang and TensorRT-LLM have no backend for
// them; the calibration corpus has llama.cpp runs on Apple), vLLM on every other GPU, a custom one too.
export function usualEngine(engine, gpuName) {
  if (engine !== 'auto') return engine;
  return ['m1-', 'm2-', 'm3-', 'm4-', 'strix-halo'].some((p) => gpuName.startsWith(p)) ? 'llama.cpp' : 'vllm';
}

// The GPU presets each engine has no backend for, by id prefix (README "Ways out"): the warning
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
