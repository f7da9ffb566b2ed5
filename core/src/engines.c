/* Serving engines as presets of the realistic estimate: every parameter with
 * its source. A parameter marked "fitted" was fitted on the named runs of the
 * calibration corpus (tests/measured/runs.json) by tests/measured/fit.mjs;
 * the rest are public figures taken as they are. */
#include "internal.h"
#include "realistic.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define SRC_GEMM_H200 \
    "measured: an 8192^3 bf16 GEMM runs at 805 of 989 TFLOPS (0.81) on one H200 SXM (PyTorch 2.11, CUDA 13, 2026-11-30)"
#define SRC_PREFILL_H200 \
    "measured: Llama-3.1-8B bf16 prefills 8192 tokens in 232 ms on one H200 (a measurement given with the realistic-estimate work, 2026-11-30): 1.41e14 FLOPs " \
    "(matmuls without the input embedding's lookup, causal attention) = 606 TFLOPS, 0.61 of 989"
#define SRC_KERNELS \
    "dense: a Llama-style decoder layer runs 10 kernels (2 RMSNorms, QKV GEMM, RoPE, attention, O GEMM, gate/up GEMM, " \
    "SiLU*mul, down GEMM, residual add); MoE: 13 modules per MoE layer (TensorRT-LLM blog, DeepSeek-R1 min-latency on B200)"
#define SRC_MARLIN \
    "taken equal to the 16-bit figure: Marlin-class 4-bit kernels (Frantar et al. 2024) reach close to the ideal " \
    "speed-up over fp16 at small batches (no quantized run of this engine in the corpus)"
#define SRC_BAND_POOLED \
    "pooled spread of measured/estimate over the gpt-fast and llama.cpp runs (1-22, 111-124): too few runs of this " \
    "engine to read its own"
#define SRC_AR_TRT "measured decode-size AllReduce on H100, TensorRT-LLM custom kernel: 2.8/3.3/3.6 us at tp 2/4/8"
#define SRC_AR_NCCL "measured decode-size AllReduce on H100, NCCL: 7/11/17 us at tp 2/4/8"
#define SRC_BW_H200                                                                                              \
    "measured: a read-only reduction over 4 GiB of bf16 moves 4.26 of 4.8 TB/s (0.89) on one H200 SXM (PyTorch 2.11, " \
    "CUDA 13, 2026-11-30)"
#define SRC_VIDUR                                                                                                \
    "Vidur (Agrawal et al., MLSys 2024): profiled H100/A100 GEMMs fit 4.5-4.9 us + bytes/(0.90 or 0.81 x bandwidth); " \
    "the low end"
#define SRC_AR_VLLM "measured decode-size AllReduce on H100, vLLM custom AllReduce: about 20 us at tp 2/4/8"
#define SRC_AR_GENZ "GenZ (Bambhaniya et al. 2024): 5 us + 2(N-1)*1.9 us per AllReduce"

static const char *const vllm_gpus[] = {"h200", NULL};
static const char *const trt_gpus[] = {"h100", NULL};
static const char *const llama_gpus[] = {"rtx-", "a100", "h100", "m2-", "m3-", "m4-", NULL};
static const char *const gptfast_gpus[] = {"a100", "mi250", NULL};
static const char *const none_gpus[] = {NULL};

/* The GPU presets each engine has no backend for (docs/formulas.md "Ways out"), by preset-id prefix; a custom GPU is never
 * flagged. Apple's GPUs (m1- .. m4-) run none of vLLM (its macOS support is its CPU backend), SGLang (CUDA, ROCm,
 * CPU, Ascend) or TensorRT-LLM (NVIDIA GPUs only, so no AMD Instinct or Strix Halo, Intel Arc or Gaudi, or TPU
 * either); ggml, llama.cpp's library, has no TPU or Gaudi backend, nor has gpt-fast (PyTorch on CUDA or ROCm). */
#define APPLE_GPU_IDS "m1-", "m2-", "m3-", "m4-" /* Apple's GPU presets, by id prefix */
static const char *const apple[] = {APPLE_GPU_IDS, NULL};
static const char *const not_nvidia[] = {APPLE_GPU_IDS, "mi", "strix-halo", "arc-", "gaudi", "tpu-", NULL};
static const char *const tpu_gaudi[] = {"tpu-", "gaudi", NULL};

/* The ways out in formats each engine runs as it ships (docs/formulas.md "Ways out"), highest first; the lowest
 * offered is 4-bit in every engine. Weights: vLLM, SGLang and TensorRT-LLM run fp8 checkpoints and
 * 4-bit AWQ/GPTQ ones (vLLM and SGLang --quantization fp8/awq/gptq; TensorRT-LLM's FP8 and INT4-AWQ
 * recipes); llama.cpp runs GGUF files, whose types have no fp8 (llama-quantize: F16, Q8_0, Q6_K,
 * Q5_K_M, Q4_K_M); gpt-fast's quantize.py makes int8 and int4 weight-only checkpoints, no fp8.
 * KV cache: vLLM's --kv-cache-dtype quantizes to fp8 only (docs.vllm.ai, "Quantized KV Cache"); SGLang's
 * FP4 cache is marked experimental in its docs and TensorRT-LLM's NVFP4 cache needs Blackwell, which a
 * GPU preset does not record, so both offer fp8; llama.cpp's -ctk/-ctv take q8_0 and q4_0 (common/arg.cpp
 * kv_cache_types); gpt-fast's KVCache is kept in the model's dtype, so it offers none. */
#define WEIGHTS_FP8_INT4 {RL_PREC_FP16, RL_PREC_FP8, RL_PREC_INT4}
#define KV_FP8 {RL_PREC_FP8}

/* The formats each engine is known not to run, for the RL_WARN_ENGINE_LACKS_* warnings (docs/formulas.md "Ways
 * out"). Weights: TensorRT-LLM builds no GGUF file; GGUF has no fp8 type (ggml's type list), so neither
 * has llama.cpp; gpt-fast's quantize.py makes int8 and int4 alone (no fp8, GGUF or FP4). vLLM and SGLang
 * load every format here (GGUF too). KV cache: vLLM's --kv-cache-dtype is auto, bfloat16 or an fp8;
 * SGLang's adds an experimental FP4 (counted as int4 by the lint, so int4 is not flagged); TensorRT-LLM
 * quantizes it to FP8, INT8 or NVFP4; llama.cpp's -ctk/-ctv types have no fp8 or NVFP4 (its q4_1, q5_0,
 * iq4_nl and q5_1 are counted as int4 and int8, so those are not flagged); gpt-fast keeps the model's dtype.
 * A format not known to be missing is never flagged. */
#define P(x) (1u << RL_PREC_##x)
#define GGUF_TYPES (P(Q8_0) | P(Q6_K) | P(Q5_K_M) | P(Q4_K_M) | P(Q4_0) | P(Q3_K_M) | P(Q2_K) | P(IQ4_XS))

static const rl_engine_preset engines[RL_ENGINE_COUNT_] = {
    [RL_ENGINE_VLLM] = {
        .name = "vllm",
        .bw_efficiency = 0.89,
        .bw_source = SRC_BW_H200,
        .quant_bw_efficiency = 0.89, .quant_bw_source = SRC_MARLIN,
        .compute_efficiency = 0.81, .compute_source = SRC_GEMM_H200,
        .prefill_efficiency = 0.61, .prefill_source = SRC_PREFILL_H200,
        .kernel_us = 4.5,
        .kernel_source = SRC_VIDUR,
        .kernels_dense = 10, .kernels_moe = 13, .kernels_source = SRC_KERNELS,
        .allreduce_us = {20, 20, 20}, .allreduce_source = SRC_AR_VLLM,
        .host_ms = 1.5, .host_source = "fitted on runs 70, 71, 72 (vLLM nightly latency tests on H200) with the rest fixed",
        .band_low = 0.75, .band_high = 1.3, .band_source = SRC_BAND_POOLED,
        .gpu_families = vllm_gpus,
        .lower_weights = WEIGHTS_FP8_INT4, .lower_kv = KV_FP8,
        .lacks_weights = 0, .lacks_kv = P(INT8) | P(INT4) | P(Q8_0) | P(Q4_0),
        .plan_formats = {RL_PREC_FP8, RL_PREC_INT4},
        .not_on = apple,
        .pool_fraction = 0.90, /* vllm/config/cache.py CacheConfig.gpu_memory_utilization (default 0.9) */
        /* vllm/v1/worker/gpu_model_runner.py profile_run: _dummy_run(self.max_num_tokens, is_profile=True), with
         * max_num_tokens = scheduler_config.max_num_batched_tokens, spread over up to max_num_seqs dummy requests;
         * the peak it measures is kept out of the KV cache (gpu_worker.py determine_available_memory), whatever
         * --max-model-len is, and the scheduler fills a step with several prompts' tokens. */
        .steps_whole_chunk = 1,
        /* vllm/v1/worker/gpu_worker.py Worker.init_device (vllm-project/vllm@35d5cda123ec28581759b6d34cde8052314fb1e6):
         * once NCCL is up it takes a memory snapshot and raises "Free memory on device (free/total GiB) on startup is
         * less than desired GPU memory utilization (fraction, requested GiB)" when free < total x
         * gpu_memory_utilization; the KV cache is then requested_memory less what the profile run holds. */
        .start_check = 1,
        .pool_knob = "vLLM --gpu-memory-utilization",
    },
    [RL_ENGINE_SGLANG] = {
        .name = "sglang",
        .bw_efficiency = 0.89,
        .bw_source = SRC_BW_H200,
        .quant_bw_efficiency = 0.89, .quant_bw_source = SRC_MARLIN,
        .compute_efficiency = 0.81, .compute_source = SRC_GEMM_H200,
        .prefill_efficiency = 0.61, .prefill_source = SRC_PREFILL_H200,
        .kernel_us = 4.5,
        .kernel_source = SRC_VIDUR,
        .kernels_dense = 10, .kernels_moe = 13, .kernels_source = SRC_KERNELS,
        .allreduce_us = {2.8, 3.3, 3.6},
        .allreduce_source = SRC_AR_TRT " (SGLang's custom AllReduce in sgl-kernel is adapted from TensorRT-LLM's)",
        .host_ms = 1.5, .host_source = "vLLM's value (fitted on runs 70-72), taken for SGLang: no SGLang run in the corpus",
        .band_low = 0.6, .band_high = 1.6, .band_source = "uncalibrated: no SGLang run in the corpus, so twice the pooled band of the calibrated engines",
        .gpu_families = none_gpus,
        .lower_weights = WEIGHTS_FP8_INT4, .lower_kv = KV_FP8,
        .lacks_weights = 0, .lacks_kv = P(INT8) | P(Q8_0) | P(Q4_0),
        .plan_formats = {RL_PREC_FP8, RL_PREC_INT4},
        .not_on = apple,
        .pool_fraction = 0, /* by the GPU and the deployment: rl_sglang_pool() */
        /* Its KV cache is what the weights leave of mem_fraction_static times the memory free once the CUDA context
         * and NCCL are up (python/sglang/srt/model_executor/model_runner_kv_cache_mixin.py at commit 001ccef0, profile_max_num_token:
         * rest = free after the weights load − free before it × (1 − fraction)); its activations, logits and CUDA
         * graphs live in the rest, the reserve it derives the fraction from. */
        .pool_of_start = 1,
        .pool_knob = "SGLang --mem-fraction-static",
    },
    [RL_ENGINE_TRT_LLM] = {
        .name = "trt-llm",
        .bw_efficiency = 0.80,
        .bw_source = "NVIDIA AIConfigurator's system files use 0.8 of the memory bandwidth (github ai-dynamo/aiconfigurator, "
                     "aic-core systems/*.yaml)",
        .quant_bw_efficiency = 0.80, .quant_bw_source = SRC_MARLIN,
        .compute_efficiency = 0.81, .compute_source = SRC_GEMM_H200,
        .prefill_efficiency = 0.61, .prefill_source = SRC_PREFILL_H200,
        .kernel_us = 3.0,
        .kernel_source = "NVIDIA AIConfigurator: 3 us per memory op (github ai-dynamo/aiconfigurator, aic-core systems/*.yaml)",
        .kernels_dense = 10, .kernels_moe = 13, .kernels_source = SRC_KERNELS,
        .allreduce_us = {2.8, 3.3, 3.6}, .allreduce_source = SRC_AR_TRT,
        .host_ms = 2.8, .host_source = "fitted on runs 73, 74 (NVIDIA NIM 1.8.0, Llama-3.3-70B fp8 on 2 x H100) with the rest fixed; it also holds whatever fp8 kernels lose",
        .band_low = 0.75, .band_high = 1.3, .band_source = SRC_BAND_POOLED,
        .gpu_families = trt_gpus,
        .lower_weights = WEIGHTS_FP8_INT4, .lower_kv = KV_FP8,
        .lacks_weights = GGUF_TYPES, .lacks_kv = P(INT4) | P(Q8_0) | P(Q4_0),
        .plan_formats = {RL_PREC_FP8, RL_PREC_INT4},
        .not_on = not_nvidia,
        /* tensorrt_llm KvCacheConfig.free_gpu_memory_fraction (default 0.9): "TensorRT LLM will try to allocate 90%
         * of free GPU memory for KV cache" (docs, examples/kvcacheconfig), free after the weights and buffers
         * (trtllm-serve --kv_cache_free_gpu_memory_fraction: "Free GPU memory fraction reserved for KV Cache, after
         * allocating model weights and buffers"). */
        .pool_fraction = 0.90,
        .pool_of_free = 1,
        /* max_num_tokens sizes its buffers "regardless of the batch size or context length" (the tokens a step
         * batches over all requests); the PyTorch backend estimates its KV cache after a dummy step that fills
         * max_num_tokens with context requests (pyexecutor/_util.py, _create_dummy_context_requests). */
        .steps_whole_chunk = 1,
        .pool_knob = "TensorRT-LLM --kv_cache_free_gpu_memory_fraction",
    },
    [RL_ENGINE_LLAMA_CPP] = {
        .name = "llama.cpp",
        .bw_efficiency = 0.82, .bw_source = "fitted on the F16 runs 112, 114, 116, 120, 123 (XiongjieDai/GPU-Benchmarks-on-LLM-Inference)",
        .quant_bw_efficiency = 0.74, .quant_bw_source = "fitted on the Q4_0 and Q4_K_M runs 111, 113, 115, 117, 118, 119, 121, 122, 124 (XiongjieDai/GPU-Benchmarks-on-LLM-Inference)",
        .compute_efficiency = 0.81, .compute_source = SRC_GEMM_H200,
        .prefill_efficiency = 0.61, .prefill_source = SRC_PREFILL_H200 " (no llama.cpp prefill in the corpus)",
        .kernel_us = 7.3,
        .kernel_source = "measured: back-to-back tiny kernels cost 7.3 us each on one H200 SXM (PyTorch 2.11, CUDA 13, "
                         "2026-11-30)",
        .kernels_dense = 10, .kernels_moe = 13, .kernels_source = SRC_KERNELS,
        .allreduce_us = {8.8, 16.4, 31.6}, .allreduce_source = SRC_AR_GENZ,
        .host_ms = 0.35, .host_source = "fitted on runs 111-124 with the rest fixed",
        .band_low = 0.8, .band_high = 1.3, .band_source = "spread of measured/estimate over runs 111-124 (0.82 to 1.28)",
        .gpu_families = llama_gpus,
        .lower_weights = {RL_PREC_FP16, RL_PREC_Q8_0, RL_PREC_Q6_K, RL_PREC_Q5_K_M, RL_PREC_Q4_K_M},
        .lower_kv = {RL_PREC_Q8_0, RL_PREC_Q4_0},
        .lacks_weights = P(FP8), .lacks_kv = P(FP8) | P(NVFP4),
        .plan_formats = {RL_PREC_Q8_0, RL_PREC_Q4_K_M},
        .not_on = tpu_gaudi,
        /* No pool setting: llama.cpp allocates the weights, the KV cache of its context (-c) and its compute
         * buffers, and stops if they do not fit. The serve-command lint leaves a llama-server command this pool
         * (lint-llama-fits pins its pool_source). */
        .pool_fraction = 1.0,
        /* Its compute buffer is reserved for the worst-case prompt graph, n_ubatch tokens with n_ubatch outputs
         * (src/llama-context.cpp: n_tokens = min(n_ctx, n_ubatch); graph_reserve(n_tokens, n_seqs, n_tokens)):
         * the F32 logits of every token of the step and the hidden state feeding them. A decode step's logits are
         * in that buffer and are copied to a host one ("CUDA_Host output buffer size = 0.49 MiB" = 128256 x 4
         * bytes for one sequence, beside "CUDA0 compute buffer size = 258.50 MiB" = (128256 + 4096) x 512 x 4 for
         * Llama 3 8B at n_ubatch 512: github developer0hye/llama-3-korean-bllossom-8b-q4-docker, README). */
        .step_logit_bytes = 4,
        .logits_on_host = 1,
        .pool_knob = NULL,
    },
    [RL_ENGINE_GPT_FAST] = {
        .name = "gpt-fast",
        .bw_efficiency = 0.75, .bw_source = "fitted on the bf16 runs 1, 6-11, 14, 16-18 (pytorch-labs/gpt-fast READMEs; A100s power-limited to 330 W)",
        .quant_bw_efficiency = 0.50, .quant_bw_source = "fitted on the int8 and int4 weight-only runs 2-5, 12, 13, 15, 19-22 (pytorch-labs/gpt-fast READMEs)",
        .compute_efficiency = 0.81, .compute_source = SRC_GEMM_H200,
        .prefill_efficiency = 0.61, .prefill_source = SRC_PREFILL_H200,
        .kernel_us = 3.0,
        .kernel_source = "NVIDIA AIConfigurator: 3 us per memory op (torch.compile with CUDA graphs, as a compiled engine)",
        .kernels_dense = 10, .kernels_moe = 13, .kernels_source = SRC_KERNELS,
        .allreduce_us = {7, 11, 17}, .allreduce_source = SRC_AR_NCCL " (gpt-fast calls torch.distributed, that is NCCL)",
        .host_ms = 0.6, .host_source = "fitted on runs 1-22 with the rest fixed",
        .band_low = 0.72, .band_high = 1.3, .band_source = "spread of measured/estimate over runs 1-22 (0.74 to 1.26)",
        .gpu_families = gptfast_gpus,
        .lower_weights = {RL_PREC_FP16, RL_PREC_INT8, RL_PREC_INT4},
        .lower_kv = {RL_PREC_AUTO},
        .lacks_weights = P(FP8) | GGUF_TYPES | P(MXFP4) | P(NVFP4),
        .lacks_kv = P(FP8) | P(INT8) | P(INT4) | P(Q8_0) | P(Q4_0) | P(NVFP4),
        .plan_formats = {RL_PREC_INT8, RL_PREC_INT4},
        .not_on = tpu_gaudi,
        /* No pool setting: generate.py allocates a static KV cache for max_seq_length through PyTorch's
         * allocator, beside the weights. */
        .pool_fraction = 1.0,
        /* model.py Transformer.forward: logits = self.output(x) at every position, so the prefill of the whole
         * prompt holds S x vocab logits in the model's dtype (bf16) beside the hidden state. */
        .step_logit_bytes = 2,
        .pool_knob = NULL,
    },
};

const rl_engine_preset *rl_engine_preset_of(rl_engine e) {
    return (unsigned)e < RL_ENGINE_COUNT_ ? &engines[e] : &engines[RL_ENGINE_VLLM];
}

bool rl_engine_lacks(rl_engine e, rl_precision p, int kv) {
    const rl_engine_preset *x = rl_engine_preset_of(e);
    return (unsigned)p < RL_PREC_COUNT_ && ((kv ? x->lacks_kv : x->lacks_weights) >> p & 1u);
}

bool rl_gpu_id_in(const char *const *prefixes, const char *gpu_id) {
    for (; prefixes != NULL && *prefixes != NULL; prefixes++) {
        const char *p = *prefixes, *n = gpu_id;
        while (*p != '\0' && *p == *n) p++, n++;
        if (*p == '\0') return true;
    }
    return false;
}

/* SGLang sizes its defaults from the GPU's memory in MiB (nvidia-smi's memory.total; here vram_gib·1024), by tier
 * (python/sglang/srt/arg_groups/memory_hook.py, handle_gpu_memory_settings, sgl-project/sglang commit 031ed82d). */
#define MIB_PER_GIB 1024.0
#define SGLANG_LEAST_POOL 0.05 /* the least pool_fraction a request takes (core/fields.json) */
int64_t rl_sglang_chunk(double vram_gib) {
    double mib = vram_gib * MIB_PER_GIB;
    return mib < 20 * 1024 ? 2048 : mib < 60 * 1024 ? 4096 : mib < 160 * 1024 ? 8192 : 16384;
}

int64_t rl_engine_chunk(rl_engine e, double vram_gib, const char *gpu_id) {
    switch (rl_engine_for(e, gpu_id)) {
    case RL_ENGINE_VLLM:
        /* vllm/engine/arg_utils.py get_batch_defaults, for the OpenAI server: 8192 on a GPU of 70 GiB or more other
         * than an A100, else 2048 (the lint reads the same default from a vllm serve line). */
        return vram_gib >= 70.0 && !(gpu_id != NULL && strncmp(gpu_id, "a100", 4) == 0) ? 8192 : 2048;
    case RL_ENGINE_SGLANG: return rl_sglang_chunk(vram_gib);
    case RL_ENGINE_TRT_LLM: return 8192; /* trtllm-serve --max_num_tokens, default 8192 */
    case RL_ENGINE_LLAMA_CPP: return 512; /* common/common.h n_ubatch = 512: the physical batch its buffers fit */
    default: return 0; /* gpt-fast (generate.py prefill): the whole prompt in one forward pass */
    }
}

/* The decode CUDA graph's largest batch, by the same tiers: 8, 48 / 160 (tp < 4 / tp >= 4), 32 / 160, 256 / 512,
 * 512. */
static double sglang_graph_bs(double mib, int64_t tp) {
    bool wide = tp >= 4;
    return mib < 20 * 1024 ? 8 : mib < 35 * 1024 ? (wide ? 160 : 48) : mib < 60 * 1024 ? (wide ? 160 : 32)
           : mib < 160 * 1024 ? (wide ? 512 : 256) : 512;
}

/* The prefill CUDA graph's captured sizes up to max_tokens (generate_prefill_cuda_graph_batch_sizes): 4 to 32 by 4,
 * 48 to 256 by 16, 288 to 512 by 32, 576 to 1024 by 64, 1280 to 4096 by 256, then by 512. */
static double prefill_graph_sizes(int64_t max_tokens) {
    static const int64_t runs[][3] = {{4, 32, 4}, {48, 256, 16}, {288, 512, 32}, {576, 1024, 64}, {1280, 4096, 256},
                                      {4608, INT64_MAX, 512}};
    double n = 0;
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        int64_t last = runs[i][1] < max_tokens ? runs[i][1] : max_tokens;
        if (last >= runs[i][0]) n += (double)((last - runs[i][0]) / runs[i][2] + 1);
    }
    return n;
}

rl_sglang_reserve rl_sglang_reserve_of(double vram_gib, int64_t tp, int64_t pp, int mla, int64_t chunk) {
    double mib = vram_gib * MIB_PER_GIB;
    rl_sglang_reserve x;
    x.chunk = chunk > 0 ? chunk : rl_sglang_chunk(vram_gib);
    x.decode_graph_batch = sglang_graph_bs(mib, tp);
    x.parallel_mib = (double)tp * (double)pp / 8.0 * 1024.0; /* slack for large parallel sizes */
    /* The prefill graph's sizes stop at the chunk, and at 8192 tokens under pp (its breakable graph's cap); MLA's
     * backends take a flat 1.5 GiB instead. */
    int64_t graph_tokens = pp > 1 && x.chunk > 8192 ? 8192 : x.chunk;
    x.prefill_graph_mib = mla ? 1.5 * 1024.0 : 8.0 * prefill_graph_sizes(graph_tokens);
    double sum = 512.0                                            /* constant metadata (attention backend) */
                 + 1.5 * (double)(x.chunk > 2048 ? x.chunk : 2048) /* activations of one prefill chunk */
                 + x.parallel_mib + 2.0 * x.decode_graph_batch + x.prefill_graph_mib;
    x.least_applied = mib > 60 * 1024 && sum < 10 * 1024;
    x.mib = x.least_applied ? 10 * 1024 : sum;
    return x;
}

double rl_sglang_reserve_mib(double vram_gib, int64_t tp, int64_t pp, int mla, int64_t chunk) {
    return rl_sglang_reserve_of(vram_gib, tp, pp, mla, chunk).mib;
}

double rl_sglang_vision_factor(const rl_model *m) {
    if (m == NULL || !(m->vision_complexity > 0)) return 1.0;
    /* 0.95 for any tower, and 10% less for each ViT-L/14 more (10% more for each one less), within 0.8 and 1.05. */
    double adjust = 1.0 - 0.1 * (m->vision_complexity - 1.0);
    return 0.95 * (adjust < 0.8 ? 0.8 : adjust > 1.05 ? 1.05 : adjust);
}

double rl_sglang_pool(double vram_gib, int64_t tp, int64_t pp, const rl_model *m, int64_t chunk) {
    double mib = vram_gib * MIB_PER_GIB;
    int mla = m != NULL && m->mla;
    double f = round((mib - rl_sglang_reserve_mib(vram_gib, tp, pp, mla, chunk)) / mib * 1000.0) / 1000.0;
    f *= rl_sglang_vision_factor(m);
    /* A GPU too small for SGLang's reserve: the least pool a request takes, where nothing fits either way. */
    return f > SGLANG_LEAST_POOL ? f : SGLANG_LEAST_POOL;
}

/* The engine's own pool fraction, SGLang's derived with a prefill chunk of chunk tokens (0: its own). */
static double own_pool(rl_engine e, double vram_gib, int64_t tp, int64_t pp, const rl_model *m, int64_t chunk) {
    const rl_engine_preset *x = rl_engine_preset_of(e);
    return x->pool_fraction > 0 ? x->pool_fraction : rl_sglang_pool(vram_gib, tp, pp, m, chunk);
}

double rl_engine_pool(rl_engine e, double vram_gib, int64_t tp, int64_t pp, const rl_model *m) {
    return own_pool(e, vram_gib, tp, pp, m, 0);
}

int rl_engine_pool_of_free(rl_engine e) { return rl_engine_preset_of(e)->pool_of_free; }

int rl_engine_pool_of_start(rl_engine e) { return rl_engine_preset_of(e)->pool_of_start; }

int rl_engine_start_check(rl_engine e) { return rl_engine_preset_of(e)->start_check; }

rl_status rl_engine_start_fail(const rl_gpu *g, rl_engine e, double pool, rl_error *err) {
    e = rl_engine_for(e, g->name);
    if (!(g->start_free_gib > 0.0) || !rl_engine_start_check(e) || !(pool * g->vram_gib > g->start_free_gib)) return RL_OK;
    return rl_fail_why(err, RL_E_UNSUPPORTED, "pool_fraction", RL_WHY_START_FREE, "pool requested free largest engine knob gpu",
                       "pool_fraction: %g of the GPU asks for %.2f GiB at the engine's start and %.2f GiB are free; %.2f is the "
                       "largest fraction that starts: %s refuses to start (\"Free memory on device ... is less than desired "
                       "GPU memory utilization\"); lower %s on %s",
                       pool, pool * g->vram_gib, g->start_free_gib, rl_engine_start_pool_limit(e, g), rl_engine_name(e),
                       rl_engine_pool_knob(e), g->name);
}

double rl_engine_start_pool_limit(rl_engine e, const rl_gpu *g) {
    if (g == NULL || !(g->start_free_gib > 0.0) || !(g->vram_gib > 0.0) || !rl_engine_start_check(rl_engine_for(e, g->name)))
        return 1.0;
    return floor(g->start_free_gib / g->vram_gib * 100.0) / 100.0;
}

int rl_engine_steps_whole_chunk(rl_engine e) { return rl_engine_preset_of(e)->steps_whole_chunk; }

double rl_engine_step_logit_bytes(rl_engine e) { return rl_engine_preset_of(e)->step_logit_bytes; }

int rl_engine_logits_on_host(rl_engine e) { return rl_engine_preset_of(e)->logits_on_host; }

const char *rl_engine_pool_knob(rl_engine e) { return rl_engine_preset_of(e)->pool_knob; }

double rl_deploy_pool(const rl_deploy *d, rl_engine engine, double vram_gib, const rl_model *m) {
    /* SGLang's own follows its chunk: the one given, else its own for this GPU (0). */
    return d->pool_fraction > 0 ? d->pool_fraction : own_pool(engine, vram_gib, d->tp, d->pp, m, d->prefill_chunk);
}

/* The least GPU memory of one tier whose SGLang pool, round((V − R)/V, 3)·(V − first) with the tier's reserve R,
 * holds need (all in MiB). The rounded fraction is at least k/1000 from V = 1000·R/(1000.5 − k) up, and k/1000 of
 * V − first holds need from V = 1000·need/k + first up: the answer is the least over k of the larger of the two,
 * found where they cross (the first rises with k, the second falls). k from 50: the fractions SGLang gives, above
 * the least pool, to 1000: a GPU over 2000 times its reserve rounds its fraction up to 1. */
static double sglang_tier_gpu_for(double reserve, double need, double first) {
    int lo = (int)(SGLANG_LEAST_POOL * 1000.0), hi = 1000; /* the crossing lies in [lo, hi] */
    while (lo < hi) {
        int k = (lo + hi) / 2;
        if (1000.0 * reserve / (1000.5 - k) >= 1000.0 * need / k + first) hi = k;
        else lo = k + 1;
    }
    double at = fmax(1000.0 * reserve / (1000.5 - lo), 1000.0 * need / lo + first);
    if (lo > (int)(SGLANG_LEAST_POOL * 1000.0)) {
        int k = lo - 1;
        at = fmin(at, fmax(1000.0 * reserve / (1000.5 - k), 1000.0 * need / k + first));
    }
    return at;
}

double rl_engine_gpu_for(const rl_deploy *d, rl_engine engine, const rl_model *m, double need_gib, double first_gib) {
    if (d->pool_fraction > 0 || rl_engine_preset_of(engine)->pool_fraction > 0)
        return need_gib / rl_deploy_pool(d, engine, 0.0, m) + first_gib;
    int mla = m != NULL && m->mla;
    /* SGLang's own: its reserve is constant within each tier of the GPU's memory, so the least GPU of each tier
     * that holds need, and the least of those. The tiers' bounds in GiB: [lo, hi), 60 alone (the 10 GiB least
     * reserve starts above it). */
    static const double tiers[][2] = {{0, 20}, {20, 35}, {35, 60}, {60, 60}, {60, 160}, {160, INFINITY}};
    /* The vision factor scales the rounded fraction: the GPU must hold need over it. */
    double need = need_gib * MIB_PER_GIB / rl_sglang_vision_factor(m), first = first_gib * MIB_PER_GIB, best = INFINITY;
    for (size_t i = 0; i < sizeof tiers / sizeof tiers[0]; i++) {
        double lo = tiers[i][0], hi = tiers[i][1];
        /* A GiB inside the tier, whose reserve is the tier's: its middle, or just above 60 for (60, 160). */
        double inside = lo == hi ? lo : isinf(hi) ? lo : i == 4 ? lo + 1.0 : (lo + hi) / 2.0;
        double v = fmax(lo, sglang_tier_gpu_for(rl_sglang_reserve_mib(inside, d->tp, d->pp, mla, d->prefill_chunk), need, first) / MIB_PER_GIB);
        if (i == 4 && v <= lo) v = nextafter(lo, INFINITY);
        if ((lo == hi ? v <= hi : v < hi) && v < best) best = v;
    }
    return best;
}

const char *rl_engine_name(rl_engine e) {
    return (unsigned)e < RL_ENGINE_COUNT_ ? engines[e].name : e == RL_ENGINE_AUTO ? "auto" : "unknown";
}

rl_engine rl_engine_for(rl_engine e, const char *gpu_id) {
    /* llama.cpp on the GPUs the others have no backend for and the calibration corpus has its runs of. */
    static const char *const llama_cpp_gpus[] = {APPLE_GPU_IDS, "strix-halo", NULL};
    if (e != RL_ENGINE_AUTO) return e;
    return gpu_id != NULL && rl_gpu_id_in(llama_cpp_gpus, gpu_id) ? RL_ENGINE_LLAMA_CPP : RL_ENGINE_VLLM;
}
