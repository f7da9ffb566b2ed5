/* Known-wrong formulas for --prove-red, each one a mistake a plausible
 * implementation makes. rl_testing_set_fault() swaps one of them into a copy
 * of the right table (core/src/formulas.c), and this file's rl_formulas_in_use()
 * hands that table to the analysis. Linked only into the native testing
 * library, in place of core/src/formulas_in_use.c. */
#include "faults.h"

#include "formulas.h"

#include <math.h>
#include <stddef.h>

/* Every rank divides the KV by tp, even past h_kv heads and for MLA's shared latent. */
static double kv_split_past_kv_heads(const rl_model *m, int64_t tp) {
    (void)m;
    return 1.0 / (double)tp;
}

/* K and V sized with the query heads instead of the KV heads (MLA is left alone). */
static double kv_with_query_heads(const rl_model *m) {
    if (m->mla) return m->kv_elems_per_token_per_layer;
    return 2.0 * (double)m->heads * (double)m->head_dim;
}

/* MLA's latent cache sized as if it were multi-head attention. */
static double mla_sized_as_mha(const rl_model *m) {
    if (!m->mla) return m->kv_elems_per_token_per_layer;
    return 2.0 * (double)m->kv_heads * (double)m->head_dim;
}

/* The KV cache stored at the weights' precision, whatever was asked for. */
static double kv_precision_ignored(double kv_precision_bytes, double weight_bytes) {
    (void)kv_precision_bytes;
    return weight_bytes;
}

/* No layer keeps only a window. */
static double sliding_window_ignored(const rl_model *m) {
    (void)m;
    return 0.0;
}

/* Every expert read on every step, however small the batch. */
static double moe_reads_all_experts(const rl_model *m, rl_moe_read read, double b) {
    (void)read;
    (void)b;
    return m->experts == 0 ? 0.0 : (double)m->experts;
}

/* The touched experts counted once for the whole model, not in every MoE layer. */
static double moe_experts_once_per_model(const rl_model *m) {
    (void)m;
    return 1.0;
}

/* Each request reads the weights on its own. */
static double weights_read_per_request(double b) { return b; }

/* No runtime reserve: the floor's room is all the KV gets, with no logits. */
static rl_kv_room runtime_reserve_ignored(const rl_budget *b) {
    rl_kv_room r;
    r.room = b->free;
    r.logits_per_request = 0.0;
    return r;
}

/* The textbook pipeline speedup P·M/(M+P−1), blind to the re-read weights. */
static double textbook_pp_speedup(double one_gpu_s, double drain_s, double pp, double micro_batches) {
    (void)one_gpu_s;
    (void)drain_s;
    return pp * micro_batches / (micro_batches + pp - 1.0);
}

/* The GPU part and the host part taken as overlapping: only the slower counts. */
static double offload_parts_overlapped(double gpu_s, double host_s) { return gpu_s > host_s ? gpu_s : host_s; }

/* Expert parallelism read as tensor parallelism's shard of the union: E/ep of it, blind to the
 * redundant slots and to the busiest rank the step waits on. */
static double ep_sharded_like_tp(double experts, double redundant, double ep, double k, double b, rl_moe_read read,
                                 double imbalance) {
    (void)redundant;
    (void)imbalance;
    double touched = read == RL_MOE_DISTINCT ? (b * k < experts ? b * k : experts)
                                             : experts * (1.0 - pow(1.0 - k / experts, b));
    return touched / ep;
}

/* Data-parallel attention's groups read as tp: the attention and dense weights, and the KV heads,
 * split over all tp GPUs instead of one group's. */
static int64_t dp_attention_over_tp(int64_t tp, int64_t groups) {
    (void)groups;
    return tp;
}

/* Every GPU holding the KV of every request, as under tp, not only its group's. */
static int64_t dp_kv_of_every_request(int64_t batch, int64_t groups) {
    (void)groups;
    return batch;
}

/* Every token copy counted as leaving its rank, the local ones included. */
static double a2a_counts_local(double ep) {
    (void)ep;
    return 1.0;
}

/* The memory free at an engine's start ignored: every engine fills what CUDA reports as total. */
static double start_free_ignored(double vram, double start_free, double context, int takes_free) {
    (void)start_free;
    (void)context;
    (void)takes_free;
    return vram;
}

/* Disaggregation: the request's whole KV through one NIC, blind to the shards the pools' GPUs move at once. */
static double disagg_kv_over_one_nic(double sent, double received) {
    (void)sent;
    (void)received;
    return 1.0;
}

/* Disaggregation: TTFT as the colocated one, the prefill alone (the KV's transfer and the decode step left out). */
static double disagg_ttft_without_transfer(double prefill_ttft_ms, double transfer_ms, double step_ms) {
    (void)transfer_ms;
    (void)step_ms;
    return prefill_ttft_ms;
}

/* Disaggregation: the cost pays for the decode pool alone, as if the prefill GPUs came free. */
static int64_t disagg_cost_decode_only(int64_t prefill_gpus, int64_t decode_gpus) {
    (void)prefill_gpus;
    return decode_gpus;
}

/* Prefill one prompt a step: the engine's token budget per step ignored (the batched prefill's figure is then the
 * single prompt's). */
static double prefill_one_prompt(double chunk, double batch, double seq) {
    (void)chunk;
    (void)batch;
    return seq;
}

static const char *const fault_names[RL_FAULT_COUNT_] = {
    "none",
    "weights-read-per-request",
    "textbook-pp-speedup",
    "kv-with-query-heads",
    "moe-reads-all-experts",
    "kv-precision-ignored",
    "moe-experts-once-per-model",
    "sliding-window-ignored",
    "mla-sized-as-mha",
    "kv-split-past-kv-heads",
    "runtime-reserve-ignored",
    "acausal-prefill",
    "input-embedding-read",
    "offload-parts-overlapped",
    "input-embedding-flops",
    "state-flops-as-attention",
    "ep-sharded-like-tp",
    "a2a-counts-local-tokens",
    "dp-attention-over-tp",
    "dp-kv-of-every-request",
    "start-free-ignored",
    "disagg-kv-over-one-nic",
    "disagg-ttft-without-transfer",
    "disagg-cost-decode-pool-only",
    "prefill-one-prompt-a-step",
};

const char *rl_fault_name(rl_fault f) { return (unsigned)f < RL_FAULT_COUNT_ ? fault_names[f] : "unknown"; }

static rl_formulas faulted;
static const rl_formulas *in_use = &rl_right_formulas;

void rl_testing_set_fault(rl_fault f) {
    faulted = rl_right_formulas;
    switch (f) {
    case RL_FAULT_WEIGHTS_PER_REQUEST: faulted.weight_passes = weights_read_per_request; break;
    case RL_FAULT_TEXTBOOK_PP_SPEEDUP: faulted.pp_speedup = textbook_pp_speedup; break;
    case RL_FAULT_KV_QUERY_HEADS: faulted.kv_elems_per_token = kv_with_query_heads; break;
    case RL_FAULT_MOE_ALL_EXPERTS: faulted.experts_touched = moe_reads_all_experts; break;
    case RL_FAULT_KV_PRECISION_IGNORED: faulted.kv_element_bytes = kv_precision_ignored; break;
    case RL_FAULT_MOE_ONCE_PER_MODEL: faulted.expert_layers = moe_experts_once_per_model; break;
    case RL_FAULT_SLIDING_WINDOW_IGNORED: faulted.local_layers = sliding_window_ignored; break;
    case RL_FAULT_MLA_AS_MHA: faulted.kv_elems_per_token = mla_sized_as_mha; break;
    case RL_FAULT_KV_SPLIT_PAST_KV_HEADS: faulted.kv_share = kv_split_past_kv_heads; break;
    case RL_FAULT_RESERVE_IGNORED: faulted.kv_room = runtime_reserve_ignored; break;
    /* Prefill attention as if every query met every token (no causal mask skipped). */
    case RL_FAULT_ACAUSAL_PREFILL: faulted.prefill_attention_share = 1.0; break;
    /* Every embedding parameter read each step, the input table included. */
    case RL_FAULT_INPUT_EMBEDDING_READ: faulted.reads_input_embedding = 1; break;
    case RL_FAULT_OFFLOAD_OVERLAPPED: faulted.offload_step = offload_parts_overlapped; break;
    /* 2·N_act FLOPs per token, the input embedding's lookup counted as a matmul. */
    case RL_FAULT_INPUT_EMBEDDING_FLOPS: faulted.input_embedding_flops = 1; break;
    /* The state charged 4·q·d per pseudo-token: its bytes over one cached token's, at the KV precision. */
    case RL_FAULT_STATE_AS_ATTENTION: faulted.state_flops_as_attention = 1; break;
    case RL_FAULT_EP_SHARDED_LIKE_TP: faulted.ep_rank_touched = ep_sharded_like_tp; break;
    case RL_FAULT_A2A_LOCAL_TOKENS: faulted.ep_leaving = a2a_counts_local; break;
    case RL_FAULT_DP_ATTENTION_OVER_TP: faulted.dp_group_gpus = dp_attention_over_tp; break;
    case RL_FAULT_DP_KV_EVERY_REQUEST: faulted.dp_group_requests = dp_kv_of_every_request; break;
    case RL_FAULT_START_FREE_IGNORED: faulted.engine_memory = start_free_ignored; break;
    case RL_FAULT_DISAGG_KV_ONE_NIC: faulted.disagg_transfer_share = disagg_kv_over_one_nic; break;
    case RL_FAULT_DISAGG_TTFT_NO_TRANSFER: faulted.disagg_ttft = disagg_ttft_without_transfer; break;
    case RL_FAULT_DISAGG_COST_DECODE_ONLY: faulted.disagg_cost_gpus = disagg_cost_decode_only; break;
    case RL_FAULT_PREFILL_ONE_PROMPT: faulted.prefill_step_tokens = prefill_one_prompt; break;
    default: in_use = &rl_right_formulas; return; /* RL_FAULT_NONE, or out of range: no fault */
    }
    in_use = &faulted;
}

const rl_formulas *rl_formulas_in_use(void) { return in_use; }
