/* Serving engines as presets of the realistic estimate: every parameter with
 * its source. A parameter marked "fitted" was fitted on the named runs of the
 * calibration corpus (tests/measured/runs.json) by tests/measured/fit.mjs;
 * the rest are public figures taken as they are. */
#include "realistic.h"

#include <stddef.h>

#define SRC_GEMM_H200 \
    "measured: an 8192^3 bf16 GEMM runs at 805 of 989 TFLOPS (0.81) on one H200 SXM (PyTorch 2.11, CUDA 13, 2026-11-30)"
#define SRC_PREFILL_H200 \
    "measured: Llama-3.1-8B bf16 prefills 8192 tokens in 232 ms on one H200 (issue 9): 1.49e14 FLOPs with causal " \
    "attention = 643 TFLOPS, 0.65 of 989"
#define SRC_KERNELS \
    "dense: a Llama-style decoder layer runs 10 kernels (2 RMSNorms, QKV GEMM, RoPE, attention, O GEMM, gate/up GEMM, " \
    "SiLU*mul, down GEMM, residual add); MoE: 13 modules per MoE layer (TensorRT-LLM blog, DeepSeek-R1 min-latency on B200)"
#define SRC_AR_TRT "measured decode-size AllReduce on H100, TensorRT-LLM custom kernel: 2.8/3.3/3.6 us at tp 2/4/8"
#define SRC_AR_NCCL "measured decode-size AllReduce on H100, NCCL: 7/11/17 us at tp 2/4/8"
#define SRC_AR_VLLM "measured decode-size AllReduce on H100, vLLM custom AllReduce: about 20 us at tp 2/4/8"
#define SRC_AR_GENZ "GenZ (Bambhaniya et al. 2024): 5 us + 2(N-1)*1.9 us per AllReduce"

static const char *const vllm_gpus[] = {"h200", NULL};
static const char *const trt_gpus[] = {"h100", NULL};
static const char *const llama_gpus[] = {"rtx-", "a100", "h100", "m2-", "m3-", "m4-", NULL};
static const char *const gptfast_gpus[] = {"a100", "mi250", NULL};
static const char *const none_gpus[] = {NULL};

static const rl_engine_preset engines[RL_ENGINE_COUNT_] = {
    [RL_ENGINE_VLLM] = {
        .name = "vllm",
        .bw_efficiency = 0.80,
        .bw_source = "NVIDIA AIConfigurator's system files use 0.8 of the memory bandwidth (github ai-dynamo/aiconfigurator, "
                     "aic-core systems/*.yaml)",
        .compute_efficiency = 0.81, .compute_source = SRC_GEMM_H200,
        .prefill_efficiency = 0.65, .prefill_source = SRC_PREFILL_H200,
        .kernel_us = 4.5,
        .kernel_source = "Vidur (Agrawal et al., MLSys 2024): profiled H100/A100 GEMMs fit 4.5-4.9 us + bytes/(0.90 or 0.81 x "
                         "bandwidth); the low end",
        .kernels_dense = 10, .kernels_moe = 13, .kernels_source = SRC_KERNELS,
        .allreduce_us = {20, 20, 20}, .allreduce_source = SRC_AR_VLLM,
        .host_ms = 1.0, .host_source = "fitted",
        .band_low = 0.8, .band_high = 1.3, .band_source = "fitted",
        .gpu_families = vllm_gpus,
    },
    [RL_ENGINE_SGLANG] = {
        .name = "sglang",
        .bw_efficiency = 0.80,
        .bw_source = "NVIDIA AIConfigurator's system files use 0.8 of the memory bandwidth (github ai-dynamo/aiconfigurator, "
                     "aic-core systems/*.yaml)",
        .compute_efficiency = 0.81, .compute_source = SRC_GEMM_H200,
        .prefill_efficiency = 0.65, .prefill_source = SRC_PREFILL_H200,
        .kernel_us = 4.5,
        .kernel_source = "Vidur (Agrawal et al., MLSys 2024): profiled H100/A100 GEMMs fit 4.5-4.9 us + bytes/(0.90 or 0.81 x "
                         "bandwidth); the low end",
        .kernels_dense = 10, .kernels_moe = 13, .kernels_source = SRC_KERNELS,
        .allreduce_us = {2.8, 3.3, 3.6},
        .allreduce_source = SRC_AR_TRT " (SGLang's custom AllReduce in sgl-kernel is adapted from TensorRT-LLM's)",
        .host_ms = 1.0, .host_source = "vLLM's fitted value, taken for SGLang (no SGLang run in the corpus)",
        .band_low = 0.7, .band_high = 1.5, .band_source = "uncalibrated: vLLM's band widened (no SGLang run in the corpus)",
        .gpu_families = none_gpus,
    },
    [RL_ENGINE_TRT_LLM] = {
        .name = "trt-llm",
        .bw_efficiency = 0.80,
        .bw_source = "NVIDIA AIConfigurator's system files use 0.8 of the memory bandwidth (github ai-dynamo/aiconfigurator, "
                     "aic-core systems/*.yaml)",
        .compute_efficiency = 0.81, .compute_source = SRC_GEMM_H200,
        .prefill_efficiency = 0.65, .prefill_source = SRC_PREFILL_H200,
        .kernel_us = 3.0,
        .kernel_source = "NVIDIA AIConfigurator: 3 us per memory op (github ai-dynamo/aiconfigurator, aic-core systems/*.yaml)",
        .kernels_dense = 10, .kernels_moe = 13, .kernels_source = SRC_KERNELS,
        .allreduce_us = {2.8, 3.3, 3.6}, .allreduce_source = SRC_AR_TRT,
        .host_ms = 0.5, .host_source = "fitted",
        .band_low = 0.8, .band_high = 1.3, .band_source = "fitted",
        .gpu_families = trt_gpus,
    },
    [RL_ENGINE_LLAMA_CPP] = {
        .name = "llama.cpp",
        .bw_efficiency = 0.70, .bw_source = "fitted",
        .compute_efficiency = 0.81, .compute_source = SRC_GEMM_H200,
        .prefill_efficiency = 0.5, .prefill_source = "fitted",
        .kernel_us = 7.3,
        .kernel_source = "measured: back-to-back tiny kernels cost 7.3 us each on one H200 SXM (PyTorch 2.11, CUDA 13, "
                         "2026-11-30)",
        .kernels_dense = 10, .kernels_moe = 13, .kernels_source = SRC_KERNELS,
        .allreduce_us = {8.8, 16.4, 31.6}, .allreduce_source = SRC_AR_GENZ,
        .host_ms = 0.5, .host_source = "fitted",
        .band_low = 0.8, .band_high = 1.3, .band_source = "fitted",
        .gpu_families = llama_gpus,
    },
    [RL_ENGINE_GPT_FAST] = {
        .name = "gpt-fast",
        .bw_efficiency = 0.75, .bw_source = "fitted",
        .compute_efficiency = 0.81, .compute_source = SRC_GEMM_H200,
        .prefill_efficiency = 0.65, .prefill_source = SRC_PREFILL_H200,
        .kernel_us = 3.0,
        .kernel_source = "NVIDIA AIConfigurator: 3 us per memory op (torch.compile with CUDA graphs, as a compiled engine)",
        .kernels_dense = 10, .kernels_moe = 13, .kernels_source = SRC_KERNELS,
        .allreduce_us = {7, 11, 17}, .allreduce_source = SRC_AR_NCCL " (gpt-fast calls torch.distributed, that is NCCL)",
        .host_ms = 0.0, .host_source = "none: the whole step is one compiled CUDA graph",
        .band_low = 0.8, .band_high = 1.3, .band_source = "fitted",
        .gpu_families = gptfast_gpus,
    },
};

const rl_engine_preset *rl_engine_preset_of(rl_engine e) {
    return (unsigned)e < RL_ENGINE_COUNT_ ? &engines[e] : &engines[RL_ENGINE_VLLM];
}

const char *rl_engine_name(rl_engine e) { return (unsigned)e < RL_ENGINE_COUNT_ ? engines[e].name : "unknown"; }
