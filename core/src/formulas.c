/* The right formulas: the ones tests/vectors pins, each with its reason.
 * The analysis reaches them through rl_right_formulas (see formulas.h). */
#include "formulas.h"

#include "internal.h"

#include <math.h>

static double kv_share(const rl_model *m, int64_t tp) {
    /* MLA's latent is one vector per token: every TP rank keeps all of it. */
    if (m->mla) return 1.0;
    /* Each TP rank keeps whole KV heads; past h_kv ranks they are replicated. */
    return (double)rl_ceil_div(m->kv_heads, tp) / (double)m->kv_heads;
}

/* 2·h_kv·d (a K and a V per KV head), or MLA's kv_lora_rank + qk_rope_head_dim,
 * as rl_model_finish derived it. */
static double kv_elems_per_token(const rl_model *m) { return m->kv_elems_per_token_per_layer; }

/* The KV cache has its own precision, whatever the weights are stored in. */
static double kv_element_bytes(double kv_precision_bytes, double weight_bytes) {
    (void)weight_bytes;
    return kv_precision_bytes;
}

/* Sliding-window layers keep only the window; the reader counted them. */
static double local_layers(const rl_model *m) { return (double)m->sliding_layers; }

/* Uniform routing: each of b tokens picks k of E experts. union is the
 * expected number of distinct experts, E·(1−(1−k/E)^b); distinct the worst
 * case, min(b·k, E). */
static double experts_touched(const rl_model *m, rl_moe_read read, double b) {
    if (m->experts == 0) return 0.0;
    double E = (double)m->experts, k = (double)m->top_k;
    if (read == RL_MOE_DISTINCT) return fmin(b * k, E);
    return E * (1.0 - pow(1.0 - k / E, b));
}

/* Every MoE layer routes on its own, so each reads the experts its tokens touch. */
static double expert_layers(const rl_model *m) { return (double)m->moe_layers; }

/* Decode batches the requests: one pass over the weights serves the whole step. */
static double weight_passes(double b) {
    (void)b;
    return 1.0;
}

/* The engine's pool minus the driver context, NCCL buffers, weight overhead,
 * the prefill activations and the weights; every request also holds fp32
 * logits over the vocabulary, gathered on every rank. */
static rl_kv_room kv_room(const rl_budget *b) {
    rl_kv_room r;
    r.room = b->pool - b->context - b->nccl - b->overhead - b->act_chunk - b->weights;
    r.logits_per_request = 4.0 * b->vocab;
    return r;
}

/* Each micro-batch re-reads its stage's weights, so the honest comparison is
 * one GPU's floor for the whole batch against the pipeline's drain. */
static double pp_speedup(double one_gpu_s, double drain_s, double pp, double micro_batches) {
    (void)pp;
    (void)micro_batches;
    return one_gpu_s / drain_s;
}

/* llama.cpp runs the layers in order: the GPU's, then the host's (or the other
 * way round); a token's pass cannot overlap them, so the two parts add up. */
static double offload_step(double gpu_s, double host_s) { return gpu_s + host_s; }

/* Expert parallelism: each rank holds (E + R)/ep whole expert slots (EPLB's redundant experts
 * spread a hot expert's tokens over its copies), and routing is taken as uniform over the
 * slots, so a slot meets a token's k choices with probability k/(E + R). The mean rank
 * touches its slots' union, (E + R)/ep · (1 − (1 − k/(E + R))^b), or at worst its share of
 * min(b·k, E + R); the busiest carries `imbalance` times the mean's tokens, and touches at
 * most the slots it holds. */
#if RL_SCALE_OUT
static double ep_rank_touched(double experts, double redundant, double ep, double k, double b, rl_moe_read read,
                              double imbalance) {
    double slots = experts + redundant, per_rank = slots / ep;
    double mean = read == RL_MOE_DISTINCT ? fmin(b * k, slots) / ep : per_rank * (1.0 - pow(1.0 - k / slots, b));
    return fmin(per_rank, imbalance * mean);
}

/* Uniform routing: of a rank's token copies, the ones for its own (1/ep of the) slots stay. */
static double ep_leaving(double ep) { return (ep - 1.0) / ep; }

/* Data-parallel attention: each of the D groups is a tensor-parallel replica of all but the
 * routed experts on tp / D GPUs, serving its own requests; the busiest holds ceil(B / D) of them. */
static int64_t dp_group_gpus(int64_t tp, int64_t groups) { return tp / groups; }
static int64_t dp_group_requests(int64_t batch, int64_t groups) { return rl_ceil_div(batch, groups); }
/* Each GPU sends (or receives) its own shard over its own NIC, all at once: the larger shard sets the time. */
static double disagg_transfer_share(double sent, double received) { return sent > received ? sent : received; }
/* The first token waits for the prompt's prefill, its KV's transfer (not overlapped), then one decode step. */
static double disagg_ttft(double prefill_ttft_ms, double transfer_ms, double step_ms) {
    return prefill_ttft_ms + transfer_ms + step_ms;
}
/* A disaggregated deployment pays for both pools' GPUs, the idle part of the pool that does not bind included. */
static int64_t disagg_cost_gpus(int64_t prefill_gpus, int64_t decode_gpus) { return prefill_gpus + decode_gpus; }
#endif

/* SGLang (its pool is a share of the memory free once its context and NCCL are up), TensorRT-LLM (its KV cache a
 * share of the memory free after the weights) and llama.cpp/gpt-fast (they allocate until it runs out) fill what is
 * free; that figure, torch.cuda.mem_get_info's, is taken with the context up, so the context is added back for the
 * budget that counts it. vLLM's pool is a share of the total instead, behind its start check (rl_analyze). */
static double engine_memory(double vram, double start_free, double context, int takes_free) {
    if (!(start_free > 0.0) || !takes_free) return vram;
    double m = start_free + context;
    return m < vram ? m : vram;
}

/* Engines batch prefill: a step takes prompts (and, chunked, pieces of prompts) until its token budget is full or
 * every running request is in it (vLLM's scheduler, max_num_batched_tokens; SGLang's --chunked-prefill-size). */
static double prefill_step_tokens(double chunk, double batch, double seq) {
    double all = batch * seq;
    return chunk < all ? chunk : all;
}

const rl_formulas rl_right_formulas = {
    .kv_share = kv_share,
    .kv_elems_per_token = kv_elems_per_token,
    .kv_element_bytes = kv_element_bytes,
    .local_layers = local_layers,
    .experts_touched = experts_touched,
    .expert_layers = expert_layers,
    .weight_passes = weight_passes,
    .kv_room = kv_room,
    .engine_memory = engine_memory,
    .pp_speedup = pp_speedup,
    /* Prefill attention is causal: fused kernels skip the masked half, so a query
     * meets half the tokens on average (2·L·q·d·S², not 4·L·q·d·S²). */
    .prefill_attention_share = 0.5,
    .prefill_step_tokens = prefill_step_tokens,
    /* A step reads the LM head (vocab × hidden); the input table is looked up by
     * B rows, and tied embeddings are one matrix, read once as the head. */
    .reads_input_embedding = 0,
    /* A token's FLOPs are its matmuls: an untied input embedding is a lookup of one
     * row, so 2·(N_act − N_in); a tied one is multiplied once, as the LM head. */
    .input_embedding_flops = 0,
    /* A linear-attention or Mamba state is updated and read out once per token: a multiply-add
     * per element for each, the least any of those recurrences does (a decay and an outer product
     * in, a contraction out). Its bytes are counted as the cached tokens they weigh; its FLOPs are not. */
    .state_flops_per_elem = 4.0,
    .state_flops_as_attention = 0,
    .offload_step = offload_step,
#if RL_SCALE_OUT
    .ep_rank_touched = ep_rank_touched,
    .ep_leaving = ep_leaving,
    .dp_group_gpus = dp_group_gpus,
    .dp_group_requests = dp_group_requests,
    .disagg_transfer_share = disagg_transfer_share,
    .disagg_ttft = disagg_ttft,
    .disagg_cost_gpus = disagg_cost_gpus,
#endif
};
