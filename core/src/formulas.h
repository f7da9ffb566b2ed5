/* The formulas of the analysis that a plausible wrong version exists for: the
 * KV share under tensor parallelism, the cached elements per token, KV bytes
 * per element, the sliding-window layers, the experts a decode step touches,
 * the MoE layers that read them, weight passes per step, the runtime reserve
 * the pipeline speedup and the offloaded step. The analysis (analyze.c) reaches each one only
 * through the table rl_formulas_in_use() returns. The shipped core's table is
 * rl_right_formulas (formulas.c); only the native testing library
 * (core/testing/faults.c, for --prove-red) returns another, with one wrong
 * formula in it, so that the vector suite can be shown to catch it. */
#ifndef RL_FORMULAS_H
#define RL_FORMULAS_H

#include "roofline.h"

/* The lines of the realistic budget, bytes per GPU. */
typedef struct rl_budget {
    double free;       /* the floor's room: memory − weights */
    double pool;       /* pool_fraction × memory */
    double context;    /* driver/CUDA context */
    double nccl;       /* NCCL buffers for the other GPUs */
    double overhead;   /* container/alignment share of the weights */
    double act_chunk;  /* activation peak of one prefill chunk */
    double weights;    /* weights per GPU */
    double vocab;      /* vocab_size, for the decode logits */
} rl_budget;

/* What the realistic budget leaves for the batch. */
typedef struct rl_kv_room {
    double room;               /* bytes for the batch's KV and logits */
    double logits_per_request; /* bytes of logits each request adds */
} rl_kv_room;

typedef struct rl_formulas {
    /* Of one request's KV, the share a TP rank holds. */
    double (*kv_share)(const rl_model *m, int64_t tp);
    /* Elements cached per token per layer. */
    double (*kv_elems_per_token)(const rl_model *m);
    /* Bytes per cached element, given the KV precision's and the main weights' bytes. */
    double (*kv_element_bytes)(double kv_precision_bytes, double weight_bytes);
    /* Layers that keep only the sliding window (the rest keep every token). */
    double (*local_layers)(const rl_model *m);
    /* Distinct experts b tokens route to in one MoE layer (0 for a dense model). */
    double (*experts_touched)(const rl_model *m, rl_moe_read read, double b);
    /* MoE layers whose touched experts one step reads. */
    double (*expert_layers)(const rl_model *m);
    /* Passes over the weights one decode step of b requests makes. */
    double (*weight_passes)(double b);
    /* The room the runtime reserve leaves for the batch. */
    rl_kv_room (*kv_room)(const rl_budget *b);
    /* The memory an engine may fill, bytes per GPU: the GPU's (what CUDA reports as total), or, on a GPU that
     * gives the memory free at an engine's start (rl_gpu.start_free_gib, > 0) and for an engine without vLLM's
     * start check (takes_free), that free memory and the context it was measured with (its context is up). */
    double (*engine_memory)(double vram, double start_free, double context, int takes_free);
    /* Pipeline speedup over one GPU running the whole batch. */
    double (*pp_speedup)(double one_gpu_s, double drain_s, double pp, double micro_batches);
    /* Of a full S x S attention, the share a prefill computes (a value, not a
     * function: it sits on the hot path, where an indirect call costs about 3%). */
    double prefill_attention_share;
    /* The prompt tokens one prefill step of a stream of prompts of seq tokens carries: the engine's budget per step
     * (chunk: its max_num_batched_tokens / --chunked-prefill-size / max_num_tokens, or seq where it does not chunk),
     * as many as the batch's requests fill (batch x seq at most). */
    double (*prefill_step_tokens)(double chunk, double batch, double seq);
    /* 1 when a step reads the input embedding table as well as the LM head (a wrong formula). */
    int reads_input_embedding;
    /* 1 when the FLOPs count the untied input embedding's lookup as a matmul, 2·N_act per
     * token instead of 2·(N_act − N_in) (a wrong formula). */
    int input_embedding_flops;
    /* FLOPs per token per element of a linear-attention or Mamba layer's state. */
    double state_flops_per_elem;
    /* 1 when a state's FLOPs are counted as attention over the cached tokens its bytes weigh (a wrong
     * formula: it moves with the KV precision). */
    int state_flops_as_attention;
    /* Offload: the decode step from its GPU part and its host part. */
    double (*offload_step)(double gpu_s, double host_s);
    /* Expert parallelism: the expert slots of one MoE layer the busiest of ep ranks reads in a step of b
     * tokens, each routed to k of E experts spread over E + redundant slots, its load `imbalance` x the mean. */
    double (*ep_rank_touched)(double experts, double redundant, double ep, double k, double b, rl_moe_read read,
                              double imbalance);
    /* Of the token copies a rank sends to the experts, the share bound for another rank. */
    double (*ep_leaving)(double ep);
    /* Data-parallel attention, D groups over tp GPUs: the GPUs one group splits its attention over, and the
     * requests of a batch the busiest group holds (so their KV on each of its GPUs). */
    int64_t (*dp_group_gpus)(int64_t tp, int64_t groups);
    int64_t (*dp_group_requests)(int64_t batch, int64_t groups);
    /* Prefill/decode disaggregation: of a request's KV, the share the slowest GPU of the transfer moves
     * over its own NIC, from the share a prefill GPU holds (sends) and a decode GPU holds (receives). */
    double (*disagg_transfer_share)(double sent, double received);
    /* Disaggregated TTFT from the prefill pool's TTFT, the KV transfer and one decode step, ms. */
    double (*disagg_ttft)(double prefill_ttft_ms, double transfer_ms, double step_ms);
    /* Disaggregated cost: the GPUs a deployment of both pools pays for, from each pool's. */
    int64_t (*disagg_cost_gpus)(int64_t prefill_gpus, int64_t decode_gpus);
} rl_formulas;

extern const rl_formulas rl_right_formulas;

/* The table the analysis uses: rl_right_formulas, except in the testing library. */
const rl_formulas *rl_formulas_in_use(void);

#endif
