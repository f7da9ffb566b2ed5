/* The realistic estimate: the floor's formula with a serving engine's
 * efficiencies and fixed costs (engines.c holds the engines, realistic.c the
 * arithmetic). Internal to the core. */
#ifndef RL_REALISTIC_H
#define RL_REALISTIC_H

#include "roofline.h"

#include <stdbool.h>
#include <stddef.h>

/* The longest list of formats an engine's ways out try (rl_engine_preset.lower_*). */
enum { RL_LADDER_MAX = 6 };

/* One engine's parameters, each with its source (engines.c). */
typedef struct rl_engine_preset {
    const char *name;
    double bw_efficiency;      /* η_bw: fraction of the memory bandwidth a decode step reaches */
    const char *bw_source;
    double quant_bw_efficiency; /* η_bw with weight-only quantized weights (int8, int4, GGUF, FP4): dequantizing costs */
    const char *quant_bw_source;
    double compute_efficiency; /* η_c: fraction of peak FLOPS a decode step's GEMMs reach */
    const char *compute_source;
    double prefill_efficiency; /* η_prefill */
    const char *prefill_source;
    double kernel_us;          /* fixed cost per kernel */
    const char *kernel_source;
    double kernels_dense;      /* kernels per dense layer */
    double kernels_moe;        /* kernels per MoE layer */
    const char *kernels_source;
    double allreduce_us[3];    /* α at tp 2, 4, 8 (tp 3 takes 4's, 5..7 take 8's; past 8: GenZ's 2·1.9 µs a hop) */
    const char *allreduce_source;
    double host_ms;            /* host time per decode step */
    const char *host_source;
    double band_low, band_high; /* the band: central × low .. central × high */
    const char *band_source;
    const char *const *gpu_families; /* preset-id prefixes the corpus has runs of this engine on; NULL-terminated */
    /* The formats a way out of a refusal or a tight fit may offer, highest first, each one this engine
     * runs as it ships; RL_PREC_AUTO (0) ends a list early. A way out the engine cannot take is no way out. */
    rl_precision lower_weights[RL_LADDER_MAX]; /* "store the weights in ..." (and the pair with more tp) */
    rl_precision lower_kv[RL_LADDER_MAX];      /* "store the KV cache in ..." (below 16-bit only) */
    /* Formats this engine is known not to run (bit 1 << rl_precision): flagged by the
     * RL_WARN_ENGINE_LACKS_* warnings. A format not known to be missing is not flagged. */
    unsigned lacks_weights, lacks_kv;
    rl_precision plan_formats[2]; /* the 8-bit and the 4-bit weight format the planner searches beside auto */
    const char *const *not_on;    /* GPU preset-id prefixes this engine has no backend for (RL_WARN_ENGINE_NOT_ON_GPU) */
    /* The engine's own memory pool (rl_engine_pool): a share of each GPU's memory; 0 = by the GPU (SGLang's).
     * Its source is beside each engine's value (engines.c) and in the docs/formulas.md "Realistic budget". */
    double pool_fraction;
    /* 1: pool_fraction is a share of the memory free after the weights and reserves (rl_engine_pool_of_free). */
    int pool_of_free;
    /* 1: pool_fraction is a share of the memory free once the CUDA context and NCCL are up, before the weights load
     * (rl_engine_pool_of_start). */
    int pool_of_start;
    /* 1: the engine refuses to start when pool_fraction x the GPU's total is more than the memory free at its start
     * (rl_engine_start_check). */
    int start_check;
    /* 1: the engine sizes its activations for a whole prefill step of its chunk whatever the prompt's length
     * (rl_engine_steps_whole_chunk); 0: for the step it runs, which a shorter prompt shortens. */
    int steps_whole_chunk;
    /* Bytes per logit where a prefill step computes the logits of every one of its tokens, which its compute
     * memory then holds with the final hidden state (rl_engine_step_logit_bytes); 0: the last token's only. */
    double step_logit_bytes;
    /* 1: the batch's decode logits are inside that compute memory on the GPU and are copied to a host buffer, so
     * no request adds logits on the GPU (rl_engine_logits_on_host). */
    int logits_on_host;
    /* The setting that raises the pool, as the raise_pool_fraction remedy names it; NULL: the engine has none,
     * so that remedy is not offered. */
    const char *pool_knob;
} rl_engine_preset;

/* The formats of a ladder (rl_engine_preset.lower_*): those before its first RL_PREC_AUTO. */
static inline size_t rl_ladder_len(const rl_precision *ladder) {
    size_t n = 0;
    while (n < RL_LADDER_MAX && ladder[n] != RL_PREC_AUTO) n++;
    return n;
}

/* Whether the engine is known not to run precision p for the weights (kv = 0) or the KV cache (kv = 1). */
bool rl_engine_lacks(rl_engine e, rl_precision p, int kv);
/* Whether a GPU preset id starts with one of the NULL-terminated prefixes ("custom" matches none given here). */
bool rl_gpu_id_in(const char *const *prefixes, const char *gpu_id);

const rl_engine_preset *rl_engine_preset_of(rl_engine e);
/* The pool fraction a deployment runs with: d->pool_fraction when given, else (0) the engine's own for its GPU of
 * vram_gib, tp and pp (rl_engine_pool; SGLang's derived with d->prefill_chunk when given, as it derives it from
 * --chunked-prefill-size). engine: d->engine resolved (not RL_ENGINE_AUTO). */
double rl_deploy_pool(const rl_deploy *d, rl_engine engine, double vram_gib, const rl_model *m);
/* What a pool fraction is a share of, as the JSON names it (config.pool_of, estimate.pool_of, a raise_pool_fraction's
 * "of"): "free" (rl_engine_pool_of_free), "free_at_start" (rl_engine_pool_of_start), else "gpu". */
static inline const char *rl_pool_of_name(int of_free, int of_start) {
    return of_free ? "free" : of_start ? "free_at_start" : "gpu";
}
/* The least memory per GPU, in GiB, whose pool (rl_deploy_pool) holds need_gib when first_gib is taken before the
 * fraction applies (the pool is fraction × (GPU − first)): need / fraction + first, or under SGLang's own pool,
 * which grows with the GPU, the least GPU whose own fraction of what first leaves holds need. */
double rl_engine_gpu_for(const rl_deploy *d, rl_engine engine, const rl_model *m, double need_gib, double first_gib);

/* Everything the estimate needs from the analysis, per GPU unless said. */
typedef struct rl_realistic_in {
    double layers, moe_layers, hidden;
    double batch, tp, pp, micro_batches, micro_batch; /* M and ceil(B/M) when pp > 1 */
    double step_bytes, step_flops; /* the step's (pp = 1) or one stage's for one micro-batch (pp > 1) */
    double floor_step_s;           /* the floor's step (the drain when pp > 1) */
    double bw, peak;               /* bytes/s, FLOP/s (0 = unknown) */
    double seq;
    int weight_only_quant;         /* the weights are dequantized on the fly (not fp32/fp16/bf16/fp8) */
    double prefill_flops, prefill_bytes; /* one request's prefill, whole model */
    double floor_prefill_s;        /* 0 when the peak is unknown */
    double floor_ttft_ms;
    double host_s;                 /* offload: the host part of the step, bytes / host bandwidth (0 without) */
    double tp_link_Bps;            /* one direction, bytes/s, of the link the AllReduce crosses (0: no figure) */
    double pp_link_Bps;            /* of the link the pipeline hop crosses */
    double a2a_s;                  /* expert parallelism's dispatch + combine per decode step on their links */
    double a2a_prefill_s;          /* the same over the prompt's tokens */
    /* Prefill at scale: a step of step_tokens prompt tokens (rl_result.prefill_step_tokens), its FLOPs and bytes
     * (whole model), the floor's step and the all-to-all over its tokens; gpus = tp x pp. */
    double step_tokens, step_prefill_flops, step_prefill_bytes, floor_step_prefill_s, gpus, a2a_step_prefill_s;
    /* Data-parallel attention (dp_groups > 1): in place of tp's AllReduces, group_allreduces per step over
     * the group's attn_tp GPUs of group_batch requests, on group_link_Bps; and around each of gather_layers
     * MoE layers an all-gather and a reduce-scatter of the batch over the tp GPUs, on tp_link_Bps. */
    double dp_groups, group_batch, attn_tp, group_link_Bps, group_allreduces, gather_layers;
} rl_realistic_in;

/* Speculative decoding's step with the engine's costs, seconds: gamma draft
 * steps (the draft's roof + its dense layers' kernels + its AllReduces) and one
 * target step over gamma+1 tokens per request (FLOPs and AllReduce messages
 * times gamma+1, the same bytes), plus the host time once. */
double rl_realistic_spec_step_s(const rl_realistic_in *in, const rl_gpu *g, const rl_deploy *d, double draft_bytes,
                                double draft_flops);

/* vLLM's start check (rl_engine_start_check) on g: RL_OK where pool x vram_gib is free at its start (or g gives no
 * start_free_gib, or the engine takes what is free); else RL_E_UNSUPPORTED naming pool_fraction, why start_free, with
 * the values pool, requested, free and largest. e: RL_ENGINE_AUTO is resolved by g's name. */
rl_status rl_engine_start_fail(const rl_gpu *g, rl_engine e, double pool, rl_error *err);

/* Fills *out; no allocation. */
void rl_realistic_compute(const rl_realistic_in *in, const rl_gpu *g, const rl_deploy *d, rl_realistic *out);

#endif
