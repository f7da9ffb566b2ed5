/* Testing hooks for --prove-red: named wrong formulas. Native only: this
 * header and core/testing/faults.c make up the testing library that the CLI
 * and the C tests link; the shipped core (and so the wasm) has none of it. */
#ifndef RL_FAULTS_H
#define RL_FAULTS_H

#include "roofline.h"

#ifdef __cplusplus
extern "C" {
#endif

/* With a fault set, rl_analyze computes that one wrong formula, so the vector
 * suite must go red. Process-wide, not thread-safe; RL_FAULT_NONE by default. */
typedef enum rl_fault {
    RL_FAULT_NONE = 0,
    RL_FAULT_WEIGHTS_PER_REQUEST = 1,   /* weights read once per request, not per step */
    RL_FAULT_TEXTBOOK_PP_SPEEDUP = 2,   /* speedup = P·M/(M+P−1) */
    RL_FAULT_KV_QUERY_HEADS = 3,        /* KV sized with query heads */
    RL_FAULT_MOE_ALL_EXPERTS = 4,       /* every expert read every step */
    RL_FAULT_KV_PRECISION_IGNORED = 5,  /* KV stored at weight precision */
    RL_FAULT_MOE_ONCE_PER_MODEL = 6,    /* touched experts counted once for the model */
    RL_FAULT_SLIDING_WINDOW_IGNORED = 7, /* local layers hold the whole context */
    RL_FAULT_MLA_AS_MHA = 8,            /* MLA cache sized as 2·h_kv·d per layer */
    RL_FAULT_KV_SPLIT_PAST_KV_HEADS = 9, /* KV divided by tp even past h_kv (and for MLA) */
    RL_FAULT_RESERVE_IGNORED = 10,      /* no runtime reserve: nothing is ever tight */
    RL_FAULT_ACAUSAL_PREFILL = 11,      /* prefill attention over the full S x S, not the causal half */
    RL_FAULT_INPUT_EMBEDDING_READ = 12, /* a step reads the input embedding table as well as the head */
    RL_FAULT_OFFLOAD_OVERLAPPED = 13,   /* offload: the GPU and host parts of a step overlap (max, not sum) */
    RL_FAULT_INPUT_EMBEDDING_FLOPS = 14, /* FLOPs count the untied input embedding's lookup as a matmul */
    RL_FAULT_STATE_AS_ATTENTION = 15,   /* a recurrent state's FLOPs as attention over the tokens its bytes weigh */
    RL_FAULT_EP_SHARDED_LIKE_TP = 16,   /* EP's experts read as tp's shard: no redundant slots, no busiest rank */
    RL_FAULT_A2A_LOCAL_TOKENS = 17,     /* the all-to-all sends the copies for the rank's own experts too */
    RL_FAULT_DP_ATTENTION_OVER_TP = 18, /* dp_attention's groups split the attention over all tp GPUs */
    RL_FAULT_DP_KV_EVERY_REQUEST = 19,  /* dp_attention: every GPU holds every request's KV */
    RL_FAULT_START_FREE_IGNORED = 20,   /* unified memory: the engines that take what is free fill CUDA's total */
    RL_FAULT_DISAGG_KV_ONE_NIC = 21,    /* disaggregation: a request's whole KV over one NIC, not its shards at once */
    RL_FAULT_DISAGG_TTFT_NO_TRANSFER = 22, /* disaggregation: TTFT is the prefill's alone (no transfer, no decode step) */
    RL_FAULT_DISAGG_COST_DECODE_ONLY = 23, /* disaggregation: the cost pays for the decode pool's GPUs alone */
    RL_FAULT_PREFILL_ONE_PROMPT = 24,   /* a prefill step carries one prompt, whatever the engine's token budget */
    RL_FAULT_COUNT_ = 25
} rl_fault;

/* Sets the fault every later analysis uses; a value out of range is RL_FAULT_NONE. */
void rl_testing_set_fault(rl_fault f);
/* Stable kebab-case name ("weights-read-per-request"); "unknown" out of range. */
const char *rl_fault_name(rl_fault f);

#ifdef __cplusplus
}
#endif
#endif /* RL_FAULTS_H */
