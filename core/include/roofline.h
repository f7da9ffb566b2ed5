/*
 * roofline.h — the one public header of the roofline-lint core.
 *
 * The core answers three questions for an LLM on a GPU setup, in order:
 *   1. Does it fit?  (weights per GPU <= memory, batch x KV per request <= what is left)
 *   2. If it fits, where is the decode bottleneck?  (roofline arithmetic intensity)
 *   3. What do batch, TP, PP, paged KV, MoE routing and precision change?
 *
 * When a deployment does not fit, the analysis produces no time and no
 * throughput: those fields stay 0 and rl_result.has_timing is 0.
 *
 * Conventions, everywhere in this header:
 *   memory     GiB   (2^30 bytes)
 *   bandwidth  GB/s  (10^9 bytes per second)
 *   compute    dense TFLOPS (10^12 FLOP/s, no sparsity)
 *   time       ms
 *   Every figure in rl_result is per GPU unless its comment says otherwise.
 *
 * The analysis path (rl_analyze, rl_sweep) does no allocation and no I/O.
 * The JSON reader keeps its tokens on the stack (see RL_CONFIG_MAX_TOKENS) and
 * the writers work in caller-provided buffers. The core keeps no mutable
 * global state, so calls on different threads with their own outputs do not
 * interfere.
 */
#ifndef ROOFLINE_H
#define ROOFLINE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RL_VERSION "0.1.0"

/* ======================================================================== */
/* Status codes                                                              */
/* ======================================================================== */

/* Pinned values: they appear in test vectors and in the CLI's JSON, never
 * renumber them. rl_status_name() gives the stable lowercase name. */
typedef enum rl_status {
    RL_OK = 0,
    RL_E_NULL = 1,              /* a required pointer argument was NULL, or a model not finished */
    RL_E_RANGE = 2,             /* a number is outside its valid range (field named) */
    RL_E_NOT_INTEGER = 3,       /* a count was given with a fraction, or is not a number */
    RL_E_UNKNOWN_PRESET = 4,    /* no model or GPU preset has that id */
    RL_E_UNKNOWN_NAME = 5,      /* an unknown precision, moe-read mode or enum word */
    RL_E_JSON_SYNTAX = 6,       /* malformed or truncated JSON */
    RL_E_JSON_TYPE = 7,         /* a JSON value has the wrong type (field named) */
    RL_E_JSON_MISSING = 8,      /* a required config.json field is missing */
    RL_E_CONTRADICTION = 9,     /* fields that cannot hold together (e.g. heads % kv_heads) */
    RL_E_TOO_LARGE = 10,        /* input text or derived size over the limit */
    RL_E_MICROBATCH = 11,       /* micro-batches without pp > 1, or more than the batch */
    RL_E_DUPLICATE_KEY = 12,    /* a JSON object names the same key twice */
    RL_E_UNSUPPORTED = 13,      /* a valid config the core does not model */
    RL_E_FILE = 14,             /* the CLI could not read a file it was given (--config PATH) */
    RL_E_USAGE = 15,            /* a command-line flag is unknown, lacks its value, or takes none */
    RL_STATUS_COUNT_ = 16
} rl_status;

/* The rule an input broke, beyond its status: for an error whose status, field and range
 * do not say it all (two fields that contradict each other, a structure not modelled, a
 * field that another one makes necessary or bounds: offload's host RAM, a context), so
 * that another language can word the sentence from this code and the error's values (the
 * page's and the CLI's message tables: error.why.<name>). RL_WHY_NONE for the rest (a plain range,
 * a syntax error, an unknown name). Pinned values and names, as the statuses; rl_why_name() gives the name. */
typedef enum rl_why {
    RL_WHY_NONE = 0,
    RL_WHY_OFFLOAD_UNIFIED = 1,      /* gpu_layers on a unified-memory GPU: values gpu, ngl, layers */
    RL_WHY_OFFLOAD_PARALLEL = 2,     /* gpu_layers with tp or pp > 1: ngl, layers */
    RL_WHY_ATTENTION_KIND = 3,       /* a layer mixer not modelled for the model_type: feature, model_type */
    RL_WHY_TOO_MANY_COPIES = 4,      /* the traffic needs more copies than a cost counts: requests, copies, per_copy */
    RL_WHY_SPEC_NEEDS_DRAFT = 5,     /* spec_tokens without spec_draft */
    RL_WHY_SPEC_NEEDS_ACCEPT = 6,    /* spec_tokens without spec_accept */
    RL_WHY_SPEC_NEEDS_TOKENS = 7,    /* spec_draft or spec_accept without spec_tokens */
    RL_WHY_SPEC_WITH_PP = 8,         /* speculative decoding with pp > 1: pp */
    RL_WHY_KV_HEADS_DIVIDE = 9,      /* num_key_value_heads does not divide num_attention_heads: kv_heads, heads */
    RL_WHY_WINDOW_OVER_POSITIONS = 10, /* retired: no longer raised (a window past the context is full attention); kept so the numbers stay pinned */
    RL_WHY_TOP_K_OVER_EXPERTS = 11,  /* num_experts_per_tok outside 1..num_experts: top_k, experts */
    RL_WHY_LINEAR_SLIDING_LAYERS = 12, /* linear-attention + sliding layers > layers: linear, sliding, layers */
    RL_WHY_MAMBA_HEADS = 13,         /* mamba_d_head x mamba_n_heads != mamba_d_ssm: d_head, n_heads, d_ssm */
    RL_WHY_MAMBA_SLIDING_LAYERS = 14, /* Mamba + sliding layers > layers: mamba, sliding, layers */
    RL_WHY_MAMBA_WITH_LINEAR = 15,   /* Mamba mixers with linear-attention layers */
    RL_WHY_LIST_LENGTH = 16,         /* a per-layer list whose length is not the layer count: entries, layers */
    RL_WHY_LAYER_KIND = 17,          /* a layer_types entry not modelled: kind */
    RL_WHY_QUANT_METHOD = 18,        /* a quantization_config.quant_method not modelled: method */
    RL_WHY_MLA_ATTENTION_BIAS = 19,  /* attention_bias with multi-head latent attention */
    RL_WHY_HEAD_DIM = 20,            /* no head_dim, and hidden_size is not a multiple of the heads: hidden, heads */
    RL_WHY_PRESET_PARAMS = 21,       /* a preset's config and checkpoint disagree on the count: preset, config, checkpoint */
    RL_WHY_GPU_NO_LIMIT = 22,        /* a unified-memory GPU preset with no GPU memory limit: preset */
    RL_WHY_GPU_NO_BANDWIDTH = 23,    /* a GPU preset with no sourced bandwidth: preset */
    RL_WHY_MODEL_SOURCES = 24,       /* not exactly one of model, config, config.json text or params */
    RL_WHY_MTP_WITHOUT_MODULES = 25, /* spec_draft "mtp" on a model without MTP modules: model */
    RL_WHY_SEQ_VS_CONTEXT = 26,      /* seq given and not input_tokens + output_tokens: seq, context */
    RL_WHY_COST_NEEDS_CONFIG = 27,   /* a workload's cost for a size alone */
    RL_WHY_IMAGE_PATCH = 28,         /* vision image_size not a multiple of patch_size: image, patch */
    RL_WHY_VISION_TOWER = 29,        /* a vision tower whose model_type is not counted: model_type */
    RL_WHY_OFFLOAD_NEEDS_RAM = 30,   /* gpu_layers below the layers without ram_gib: ngl, layers */
    RL_WHY_OFFLOAD_NEEDS_HOST_BANDWIDTH = 31, /* gpu_layers below the layers with no host bandwidth */
    RL_WHY_CONTEXT_TOO_LONG = 32,    /* input_tokens + output_tokens over the longest context: max, context */
    RL_WHY_WORKLOAD_INCOMPLETE = 33, /* a workload with one or two of its three figures */
    RL_WHY_COST_NEEDS_WORKLOAD = 34, /* cost inputs (prices, hours) without a workload */
    RL_WHY_GPUS_VS_NODES = 35,       /* tp x pp is not nodes x gpus_per_node: gpus, nodes, per_node */
    RL_WHY_EP_DENSE = 36,            /* ep > 1 on a model without experts: model */
    RL_WHY_EP_OVER_GPUS = 37,        /* ep over the tp x pp GPUs: ep, gpus */
    RL_WHY_EP_VS_TP = 38,            /* ep > 1 and not the tp group (the experts span every tp GPU): ep, tp */
    RL_WHY_EP_DIVIDE = 39,           /* ep does not divide experts + redundant_experts: ep, experts, redundant */
    RL_WHY_EP_WITH_PP = 40,          /* expert parallelism with pp > 1: pp */
    RL_WHY_EP_INPUTS_WITHOUT_EP = 41, /* redundant_experts or ep_imbalance without ep > 1 */
    RL_WHY_DP_DIVIDE = 42,           /* dp_attention does not divide tp: dp, tp */
    RL_WHY_DP_DENSE = 43,            /* dp_attention > 1 on a model without experts: model, groups, group_tp */
    RL_WHY_DP_WITH_PP = 44,          /* dp_attention > 1 with pp > 1: pp */
    RL_WHY_DP_WITH_SPEC = 45,        /* dp_attention > 1 with speculative decoding */
    RL_WHY_START_FREE = 46,          /* vLLM's start check: pool_fraction x the CUDA total over the memory free at start
                                        (a unified-memory GPU that gives it): pool, requested, free, largest */
    RL_WHY_DISAGG_INPUTS_WITHOUT = 47, /* prefill_tp or decode_instances without prefill_instances */
    RL_WHY_DISAGG_POOL_ZERO = 48,    /* prefill_instances > 0 with no decode_instances: a pool of zero */
    RL_WHY_DISAGG_PREFILL_TP_HEADS = 49, /* prefill_tp does not divide the attention heads: prefill_tp, heads */
    RL_WHY_DISAGG_PREFILL_POOL = 50, /* the prefill pool's own setup is refused (its message says why): prefill_tp */
    RL_WHY_FULL_MODULE = 51,         /* the hosted page's verdict module only: an input its full module reads (the field) */
    RL_WHY_COUNT_ = 52
} rl_why;

#define RL_ERROR_MAX_VALUES 4
/* Room for a message: four times the longest the core writes (about 250 bytes,
 * the unmodeled-layer refusal with a 31-byte model_type), so none is ever cut. */
#define RL_ERROR_MESSAGE_MAX 1024

/* Error detail filled by every function that can fail. `field` names the
 * flag, config.json key or request key at fault ("batch", "config.num_key_value_heads");
 * `message` is one English sentence that names the field and its valid range. With a
 * `why`, `value` holds the sentence's figures as it prints them (value_name[i] names
 * value[i]; an empty name ends the list), for the other languages' sentences. */
typedef struct rl_error {
    rl_status status;
    char field[64];
    char message[RL_ERROR_MESSAGE_MAX];
    rl_why why;
    char value_name[RL_ERROR_MAX_VALUES][16];
    char value[RL_ERROR_MAX_VALUES][48];
} rl_error;

/* Stable lowercase name of a status ("ok", "range", "json_syntax", ...).
 * Never NULL; an out-of-range value gives "unknown". */
const char *rl_status_name(rl_status status);
/* Stable lowercase name of a why ("kv_heads_divide", ...); "" for RL_WHY_NONE or out of range. */
const char *rl_why_name(rl_why why);

/* ======================================================================== */
/* Precisions and enums                                                      */
/* ======================================================================== */

typedef enum rl_precision {
    RL_PREC_AUTO = 0, /* weights: the checkpoint's own format (quantization_config, else
                         torch_dtype); KV: the activations' type, as engines default (vLLM
                         and SGLang kv_cache_dtype auto, llama.cpp -ctk f16): the weights'
                         when they are fp32/fp16/bf16, else the checkpoint's torch_dtype */
    RL_PREC_FP32 = 1, /* 4 bytes */
    RL_PREC_FP16 = 2, /* 2 bytes */
    RL_PREC_BF16 = 3, /* 2 bytes */
    RL_PREC_FP8 = 4,  /* 1 byte */
    RL_PREC_INT8 = 5, /* 1 byte */
    RL_PREC_INT4 = 6, /* 0.5 byte */
    /* Formats real runs use (bits per weight from the ggml block layouts in
     * ggml-org/llama.cpp ggml/src/ggml-common.h; the K-quant mixes are whole-file
     * averages, see README "Quantized formats"). Weight-only: the math roof is 16-bit.
     * As a KV precision only q8_0, q4_0 (llama.cpp cache types) and nvfp4 exist. */
    RL_PREC_Q8_0 = 7,    /* 34 B per 32 weights: 8.5 bpw */
    RL_PREC_Q6_K = 8,    /* 210 B per 256: 6.5625 bpw */
    RL_PREC_Q5_K_M = 9,  /* mix: 5.70 bpw average */
    RL_PREC_Q4_K_M = 10, /* mix: 4.90 bpw average */
    RL_PREC_Q4_0 = 11,   /* 18 B per 32: 4.5 bpw */
    RL_PREC_Q3_K_M = 12, /* mix: 4.00 bpw average */
    RL_PREC_Q2_K = 13,   /* 84 B per 256: 2.625 bpw */
    RL_PREC_IQ4_XS = 14, /* 136 B per 256: 4.25 bpw */
    RL_PREC_MXFP4 = 15,  /* 4 bits + one 8-bit scale per 32: 4.25 bpw */
    RL_PREC_NVFP4 = 16,  /* 4 bits + one fp8 scale per 16: 4.5 bpw */
    RL_PREC_COUNT_ = 17
} rl_precision;

/* 1 when p is a KV cache format (auto, the float and int formats, q8_0, q4_0, nvfp4). */
int rl_precision_is_kv(rl_precision p);

/* Bytes per element of a precision; 0 for RL_PREC_AUTO or an invalid value. */
double rl_precision_bytes(rl_precision p);
/* "fp32", "fp16", "bf16", "fp8", "int8", "int4", "auto"; "unknown" otherwise. */
const char *rl_precision_name(rl_precision p);
/* Parses a precision name (case-sensitive, as above). RL_E_UNKNOWN_NAME if none. */
rl_status rl_precision_parse(const char *name, rl_precision *out);

/* How a decode step counts the experts it reads in each MoE layer. */
typedef enum rl_moe_read {
    RL_MOE_UNION = 0,    /* expected distinct experts, uniform routing: E·(1−(1−k/E)^B) */
    RL_MOE_DISTINCT = 1  /* worst case, every token picks new experts: min(B·k, E) */
} rl_moe_read;
const char *rl_moe_read_name(rl_moe_read m);
rl_status rl_moe_read_parse(const char *name, rl_moe_read *out);

/* The floor (weights + KV) decides a refusal; the realistic budget (runtime
 * reserves) only turns a fit into RL_TIGHT, which still runs and shows times. */
typedef enum rl_verdict {
    RL_FITS = 0,
    RL_WEIGHTS_DO_NOT_FIT = 1,
    RL_KV_DOES_NOT_FIT = 2,
    RL_TIGHT = 3,
    RL_HOST_DOES_NOT_FIT = 4 /* offload (gpu_layers < L): the host part does not fit ram_gib */
} rl_verdict;
/* "fits", "weights_do_not_fit", "kv_does_not_fit", "tight", "host_ram_does_not_fit". */
const char *rl_verdict_name(rl_verdict v);

typedef enum rl_bound { RL_BOUND_NONE = 0, RL_BOUND_MEMORY = 1, RL_BOUND_COMPUTE = 2, RL_BOUND_UNKNOWN = 3 } rl_bound;
/* "memory", "compute"; "unknown" without a sourced TFLOPS figure; "none" when not computed. */
const char *rl_bound_name(rl_bound b);

/* ======================================================================== */
/* Model                                                                     */
/* ======================================================================== */

/* How the checkpoint stores its weights, read from quantization_config. */
typedef enum rl_quant {
    RL_QUANT_NONE = 0,  /* every weight at torch_dtype */
    RL_QUANT_FP8 = 1,   /* fp8 linear weights + one fp32 scale per 128x128 block (DeepSeek-V3) */
    RL_QUANT_MXFP4 = 2  /* routed-expert matrices in MXFP4: 4 bits + one 8-bit scale per 32 (gpt-oss) */
} rl_quant;

/* What a checkpoint's model.safetensors.index.json says of it: its exact size
 * in bytes (metadata.total_size) and what its tensor names show (weight_map's
 * keys), summed up by rl_checkpoint_from_index() so that a request carries a
 * few numbers, not a list of every tensor. The counts tell which parts of a
 * checkpoint the config does not describe: an LM head stored though the
 * embeddings are tied, layers past num_hidden_layers (multi-token prediction),
 * a vision tower, quantization scales. present = 0: no index was given. */
typedef struct rl_checkpoint {
    int present;
    double total_size;       /* bytes of every tensor, metadata.total_size: 1 .. 2^53 */
    int64_t tensors;         /* names in weight_map */
    int64_t lm_head;         /* names ending in lm_head.weight */
    int64_t layers;          /* 1 + the largest N of a language-model "layers.N." name; 0 when none */
    int64_t layer_embeddings; /* names under "layers.N." holding embed_tokens or shared_head.head (DeepSeek's MTP layer
                                keeps its own copies) */
    int64_t vision;          /* names of a vision tower or its projector (visual., vision_tower, vision_model,
                                multi_modal_projector, ...) */
    int64_t scales;          /* names of quantization scales and zeros (*scale, *scale_inv, *scales, *qzeros, *g_idx) */
    int64_t mtp;             /* names under "mtp." (Qwen3-Next, MiMo: multi-token-prediction layers kept apart) */
    double hub_params;       /* the Hub model API's safetensors.total: the checkpoint's parameters, exactly, whatever
                                their dtypes (the page's Hugging Face fetch reads it); 0 = not given. With it the
                                count is set beside this figure, not beside total_size over the dtype's bytes */
} rl_checkpoint;

/* Reads model.safetensors.index.json text (`len` bytes, at most RL_INDEX_MAX_BYTES) into *out,
 * without keeping its tokens: any number of tensors. Errors: RL_E_JSON_SYNTAX, RL_E_JSON_TYPE (not
 * an object, or metadata / weight_map / total_size of the wrong type), RL_E_JSON_MISSING (no
 * metadata.total_size), RL_E_RANGE (total_size not a whole number of bytes from 1 to 2^53),
 * RL_E_TOO_LARGE; the field is "index" or "index.metadata.total_size". */
#define RL_INDEX_MAX_BYTES (64u * 1024u * 1024u)
rl_status rl_checkpoint_from_index(const char *text, size_t len, rl_checkpoint *out, rl_error *err);

/* The summary as the request's "checkpoint" object ({"total_size", "tensors", ...}): what the CLI's
 * --index and the page put in a request. Returns the bytes the full text needs, as snprintf does. */
size_t rl_checkpoint_json(const rl_checkpoint *ck, char *buf, size_t cap);

/* The largest shapes the config reader and rl_model_finish() accept. */
#define RL_MAX_LAYERS 100000          /* layers: num_hidden_layers, and a config's layer strides and patterns */
#define RL_MAX_HIDDEN 1048576         /* elements: hidden_size, and MLA's q_lora_rank and kv_lora_rank */
#define RL_MAX_HEADS 65536            /* heads: num_attention_heads and num_key_value_heads */
#define RL_MAX_HEAD_DIM 65536         /* elements per head: head_dim; MLA's qk_nope + qk_rope, and v_head_dim */
#define RL_MAX_EXPERTS 65536          /* experts: routed per MoE layer, per token, and shared */
#define RL_MAX_MTP_MODULES 16         /* num_nextn_predict_layers: multi-token-prediction modules */
#define RL_MAX_VOCAB 16777216         /* tokens: vocab_size */
#define RL_MAX_INTERMEDIATE 16777216  /* elements: the MLP widths (dense, routed and shared experts) */
#define RL_MAX_POSITIONS ((int64_t)1 << 40) /* tokens: max_position_embeddings and sliding_window */

/* rl_model.finished once rl_model_finish() has succeeded. */
#define RL_MODEL_FINISHED 0x464e5348u

/* A model's shape, as read from a Hugging Face config.json. Fill it with
 * rl_model_from_config_json() or rl_model_preset(); both run the same reader,
 * then rl_model_finish() derives the parameter counts. Counts are doubles that
 * hold integers exactly (every count is checked to stay below 2^53).
 * A model built or edited by hand must go through rl_model_finish() after its
 * last change: rl_analyze() reads the derived fields as they are. */
typedef struct rl_model {
    char name[64];            /* preset id or "custom" */
    char model_type[32];      /* config.json model_type, "" when absent */

    int64_t layers;           /* L, num_hidden_layers, 1..RL_MAX_LAYERS */
    int64_t hidden;           /* hidden_size, 1..RL_MAX_HIDDEN */
    int64_t heads;            /* q, num_attention_heads, 1..RL_MAX_HEADS */
    int64_t kv_heads;         /* h_kv, num_key_value_heads, 1..heads, divides heads */
    int64_t head_dim;         /* d, head_dim or hidden/heads (MLA: qk_nope + qk_rope) */
    int64_t vocab;            /* vocab_size, 1..RL_MAX_VOCAB */
    int64_t intermediate;     /* intermediate_size: the dense MLP's width (gated, or plain when mlp_plain) */
    int64_t max_positions;    /* max_position_embeddings, 0 when absent */
    int tied_embeddings;      /* tie_word_embeddings: 1 = one vocab×hidden matrix */
    int qk_norm;              /* per-head q/k RMSNorm weights (the reader sets it for Qwen3, Gemma 3) */
    int qk_norm_full;         /* q/k RMSNorm over the whole projection, q·d and h_kv·d weights (OLMo 2/3) */
    int norms_per_layer;      /* RMSNorms per layer: 0 = the usual 2; the reader sets 4 for Gemma 2/3 */
    int attn_bias_qkv;        /* q/k/v projection biases (attention_bias, Qwen2) */
    int attn_bias_o;          /* output projection bias (attention_bias) */
    int attn_sinks;           /* one learned sink logit per head (gpt-oss) */

    /* The classic layouts (GPT-2, GPT-J, GPT-NeoX, OPT, BLOOM, Falcon, Phi, StarCoder2), set by
     * the reader from its family table (families.c); all 0 for the gated-MLP, RMSNorm decoders. */
    int mlp_plain;            /* the MLP is an up and a down projection, no gate: 2·H·I, not 3·H·I */
    int mlp_bias;             /* biases on the MLP's projections: I (+ I for a gate) + H */
    int norm_bias;            /* LayerNorms with a bias: 2·H per norm (final and q/k norms likewise) */
    int embed_norm;           /* a LayerNorm right after the token embedding (BLOOM) */
    int lm_head_bias;         /* a bias on the LM head: vocab more (GPT-J, Phi) */
    int64_t position_rows;    /* learned absolute positions: rows of the table (GPT-2: n_positions; OPT: + 2), 0 = none */

    /* Sliding-window attention: `sliding_layers` of the L layers keep only the
     * last `sliding_window` tokens (Mistral: all layers; Gemma 3: 5 of 6; gpt-oss: half). */
    int64_t sliding_window;   /* W, 0 when none */
    int64_t sliding_layers;   /* 0..L */

    /* Multi-head latent attention (DeepSeek-V2/V3, Kimi-K2): mla = 1. The cache
     * holds one kv_lora_rank latent + one qk_rope_head_dim key per token per layer. */
    int mla;
    int64_t q_lora_rank;      /* 0 = queries projected directly from the hidden state */
    int64_t kv_lora_rank;
    int64_t qk_nope_head_dim;
    int64_t qk_rope_head_dim;
    int64_t v_head_dim;

    /* Mixture of experts: experts == 0 means dense. */
    int64_t experts;          /* E, routed experts per MoE layer, 0..RL_MAX_EXPERTS */
    int64_t top_k;            /* k, experts per token, 1..E */
    int64_t moe_intermediate; /* width of one routed expert's gated MLP */
    int64_t moe_layers;       /* how many of the L layers are MoE layers (the rest are dense) */
    int64_t shared_intermediate; /* total width of the always-on shared expert(s), 0 = none */
    int shared_expert_gate;   /* Qwen2-MoE: a hidden→1 gate on the shared expert */
    int router_bias;          /* E router biases per MoE layer (gpt-oss; DeepSeek's e_score_correction_bias) */
    int expert_bias;          /* biases in every expert's projections (gpt-oss) */

    /* Checkpoint format, used by precision RL_PREC_AUTO. */
    int dtype;                /* rl_precision of torch_dtype: FP32, FP16 or BF16 (FP16 when absent) */
    int dtype_defaulted;      /* 1 when config.json gives no torch_dtype: dtype is FP16, as vLLM's dtype "auto"
                                 loads such a model; the report says "default", not "checkpoint" */
    rl_quant quant;

    /* Linear-attention layers (Qwen3-Next's gated DeltaNet): `linear_layers` of
     * the L layers keep no KV cache but a fixed recurrent state per request, a
     * causal-conv window of (conv_dim x (kernel - 1)) and a (value heads x key
     * dim x value dim) matrix; the other layers are full attention. 0 = none. */
    int64_t linear_layers;
    int64_t lin_key_heads;    /* linear_num_key_heads */
    int64_t lin_value_heads;  /* linear_num_value_heads */
    int64_t lin_key_dim;      /* linear_key_head_dim */
    int64_t lin_value_dim;    /* linear_value_head_dim */
    int64_t lin_conv_kernel;  /* linear_conv_kernel_dim */
    int attn_output_gate;     /* full attention gates its output: q_proj is twice as wide (Qwen3-Next) */

    /* Heterogeneous blocks (DeciLM / Nemotron Super and Ultra: block_configs): each layer has
     * attention, an H x H linear in its place, or nothing, and a SwiGLU of its own width, a linear, or
     * nothing; each present one with its RMSNorm. The attention layers share one KV head count. */
    int nas;                  /* 1 when block_configs gave the layers */
    int64_t no_attn_layers;   /* layers without attention (a linear or nothing in its place) */
    int64_t nas_linears;      /* H x H linears standing in for an attention or an FFN */
    int64_t nas_norms;        /* the layers' RMSNorms: one per attention or linear, one per FFN or linear */
    double nas_ffn_params;    /* every layer's SwiGLU matrices, summed (intermediate holds the widest) */

    /* LFM2's short-convolution layers, which replace attention in `conv_layers` of the L layers:
     * in_proj (H -> 3H: two gates and the input), a depthwise conv of conv_kernel taps, out_proj
     * (H -> H). Each keeps per request the last conv_kernel - 1 inputs, H wide. 0 = none. */
    int64_t conv_layers;
    int64_t conv_kernel;      /* conv_L_cache */
    int conv_bias;            /* conv_bias: in_proj, conv and out_proj biased */

    /* Mamba-2 mixers beside the attention of `mamba_layers` layers (Falcon-H1: every
     * layer, in parallel with attention). Each keeps per request a conv window of
     * (d_ssm + 2·groups·d_state) x (d_conv - 1) and a heads x head_dim x d_state state. */
    int64_t mamba_layers;
    int64_t mamba_heads;      /* mamba_n_heads */
    int64_t mamba_head_dim;   /* mamba_d_head (d_ssm / heads when "auto") */
    int64_t mamba_d_ssm;      /* mamba_d_ssm: the mixer's inner width */
    int64_t mamba_d_state;    /* mamba_d_state */
    int64_t mamba_groups;     /* mamba_n_groups */
    int64_t mamba_d_conv;     /* mamba_d_conv */
    int mamba_norm;           /* mamba_rms_norm: a gated RMSNorm over d_ssm */
    int mamba_conv_bias;      /* mamba_conv_bias */
    int mamba_proj_bias;      /* mamba_proj_bias: in_proj bias */
    int mamba_out_bias;       /* projectors_bias: out_proj bias */
    int mamba_v1;             /* Mamba (v1) mixers in place of attention (Jamba): x_proj, dt_proj and a
                                 d_ssm x d_state state; 0 = Mamba-2 beside attention (Falcon-H1) */
    int64_t mamba_dt_rank;    /* mamba_dt_rank (v1) */

    /* Multimodal checkpoints: the vision tower and projector, counted by the
     * config reader from vision_config (0 for a text-only model). They take
     * memory with the rest of the weights, at the weights' precision, but a
     * decode step does not read them. */
    double params_vision;
    /* The vision tower's size as SGLang weighs it to lower its pool for a multimodal model: num_hidden_layers ·
     * hidden_size² over ViT-L/14's 24 · 1024², as its vision config reads (a config class with no
     * num_hidden_layers, Qwen-VL's "depth", counts 24); 0 for a text-only model. [0, 1e12]. */
    double vision_complexity;

    /* Multi-token prediction (DeepSeek-V3/R1: num_nextn_predict_layers): modules the
     * checkpoint carries beside the model, each one decoder layer shaped like the
     * last (MoE when the model has MoE layers) with its own norms and a 2·hidden →
     * hidden projection; they share the embeddings and the LM head. 0..16, 0 = none.
     * They are not in params_total (the published model counts leave them out)
     * and a plain decode step never runs them: only `spec_draft "mtp"` does. */
    int64_t mtp_modules;

    /* Derived by rl_model_finish(). */
    double params_total;          /* N: every tensor in the checkpoint (params_text + params_vision) */
    double params_text;           /* the language model alone: embeddings, decoder layers, LM head */
    double params_active;         /* N_act: params one token touches (k of E experts) */
    double params_embed;          /* input embedding + LM head (once when tied) */
    double params_input_table;    /* N_in: the untied input embedding (vocab × hidden), 0 when tied; a token
                                     looks up one row of it, so it is in N_act but does no FLOPs */
    double params_expert;         /* one routed expert: matrices + biases */
    double params_expert_matrix;  /* one routed expert's three matrices */
    double params_always_read;    /* N minus all routed experts: read fully every step */
    double params_mtp_module;     /* one multi-token-prediction module's own weights, 0 when none */
    double kv_elems_per_token_per_layer; /* 2·h_kv·d, or kv_lora_rank + qk_rope_head_dim with MLA */
    double state_elems_per_layer; /* one request's recurrent state in one linear-attention or Mamba layer, 0 = none */
    double attn_flops_per_token_pair;    /* FLOPs of one query token against one cached token in one
                                            layer: 4·q·d, or 2·q·(2·kv_lora + rope) with absorbed MLA */
    double qkv_width;             /* q/k/v projection outputs per token (activation sizing) */
    /* The published checkpoint's index, when the request gives one ("checkpoint"): the report
     * sets its size beside the count (rl_checkpoint_compare). Not a shape field. */
    rl_checkpoint checkpoint;
    unsigned finished;            /* RL_MODEL_FINISHED, set by rl_model_finish(); rl_analyze() refuses a
                                     model without it. Editing a field does not clear it: finish again */
} rl_model;

/* Zeroed model named "custom". */
rl_model rl_model_default(void);

/* The count beside the checkpoint's own size. A checkpoint in one 16- or 32-bit dtype (no
 * quantization_config) holds total_size / bytes-per-parameter parameters exactly; a quantized one
 * mixes formats and scales, and is compared in bytes only (published_params < 0). Each part the
 * index shows and the config does not describe is listed with its parameters where the core can
 * size it (0 where it cannot). */
typedef enum rl_checkpoint_part {
    RL_PART_LM_HEAD_STORED = 0,   /* lm_head.weight stored though tie_word_embeddings: + vocab·hidden */
    RL_PART_NO_LM_HEAD = 1,       /* untied by the config, yet no lm_head.weight: - vocab·hidden */
    RL_PART_EXTRA_LAYERS = 2,     /* layers past num_hidden_layers (multi-token prediction) */
    RL_PART_LAYER_EMBEDDINGS = 3, /* those layers' own embed_tokens / shared_head.head: vocab·hidden each */
    RL_PART_MTP = 4,              /* "mtp." tensors: a multi-token-prediction block kept apart */
    RL_PART_VISION = 5,           /* a vision tower the config does not describe */
    RL_PART_FEWER_LAYERS = 6,     /* fewer layers than num_hidden_layers */
    RL_PART_SCALES = 7,           /* quantization scales and zeros */
    RL_PART_COUNT_ = 8
} rl_checkpoint_part;
/* "lm_head_stored", "no_lm_head", "extra_layers", "layer_embeddings", "mtp", "vision", "fewer_layers",
 * "scales"; "" out of range. */
const char *rl_checkpoint_part_name(rl_checkpoint_part p);

typedef struct rl_checkpoint_check {
    double bytes_per_param;   /* of torch_dtype; 0 for a quantized checkpoint */
    double published_params;  /* hub_params when given, else total_size / bytes_per_param; -1 for a quantized
                                 checkpoint known by its bytes alone */
    int from_hub;             /* 1 when published_params is the Hub API's count */
    double counted_params;    /* params_total */
    double difference;        /* published - counted, parameters (0 when published < 0) */
    double relative;          /* difference / published */
    int matches;              /* |relative| <= 0.001 (the issue's 0.1%); -1 when not comparable (quantized) */
    int parts;                /* how many of part[] are set */
    rl_checkpoint_part part[RL_PART_COUNT_];
    double part_count[RL_PART_COUNT_];  /* the part's layers or tensors */
    double part_params[RL_PART_COUNT_]; /* its parameters, signed; 0 where the core cannot size it */
    int explained;            /* the sized parts add up to the difference exactly */
} rl_checkpoint_check;
/* Fills *out from m (finished, with m->checkpoint.present). Returns 0 when there is no checkpoint, else 1. */
int rl_checkpoint_compare(const rl_model *m, rl_checkpoint_check *out);

/* Validates the shape fields of *m, derives the params_* and other derived
 * fields, and marks the model finished. Run it again after any change to a
 * shape field. On an error the model is left unfinished.
 * RL_E_RANGE / RL_E_CONTRADICTION / RL_E_TOO_LARGE name the field at fault. */
rl_status rl_model_finish(rl_model *m, rl_error *err);

/* Reads a Hugging Face config.json (UTF-8 JSON text of `len` bytes, at most
 * RL_CONFIG_MAX_BYTES, need not be NUL-terminated) into *out and finishes it.
 * Errors: RL_E_JSON_SYNTAX (malformed, truncated), RL_E_JSON_TYPE (not an
 * object, or a field of the wrong type), RL_E_JSON_MISSING (a required field),
 * RL_E_DUPLICATE_KEY, RL_E_RANGE, RL_E_NOT_INTEGER, RL_E_CONTRADICTION,
 * RL_E_TOO_LARGE (text over the limit, or more than RL_CONFIG_MAX_TOKENS tokens). */
#define RL_CONFIG_MAX_BYTES (1024u * 1024u)
/* The JSON readers check the grammar and record the tokens in one pass, into
 * a fixed array on the stack: RL_CONFIG_MAX_TOKENS tokens of 16 bytes, 128 KiB
 * per JSON document. Reading a request holds two documents at once when it
 * names a preset (the request's and the preset's), or comes with config.json
 * text: up to about 300 KiB of stack for rl_request_from_json, rl_run_request
 * and rl_run_json (the wasm has 1 MiB). The cost of a workload reads its price
 * presets one at a time, next to the request's: no more than that. 8192 holds
 * the largest published config met: Llama-3_1-Nemotron-Ultra-253B-v1's 162
 * block_configs, 4,771 tokens. */
#define RL_CONFIG_MAX_TOKENS 8192
rl_status rl_model_from_config_json(const char *json, size_t len, rl_model *out, rl_error *err);

/* ======================================================================== */
/* GPU                                                                       */
/* ======================================================================== */

typedef struct rl_gpu {
    char name[64];          /* preset id or "custom" */
    double tflops;          /* dense FP16/BF16 peak, TFLOPS, (0, 1e6]; see tflops_unknown */
    int tflops_unknown;     /* 1 when no sourced figure exists (Apple GPUs): times become
                               memory-bandwidth floors and the bound is not classified */
    double tflops_fp8;      /* dense FP8 peak, 0 = none; used when the math runs in fp8 */
    double tops_int8;       /* dense INT8 peak, 0 = none; used when the math runs in int8 */
    double bandwidth_gbs;   /* memory bandwidth, GB/s, (0, 1e6] */
    double vram_gib;        /* memory the GPU can use, GiB, (0, 1e6]; for unified memory
                               this is the wired limit, not the RAM */
    int unified;            /* 1 for unified memory (Apple Silicon, Strix Halo) */
    double ram_gib;         /* unified: the machine's RAM, GiB; 0 otherwise */
    double start_free_gib;  /* unified: what CUDA reports free at an engine's start, once its context is up
                               (torch.cuda.mem_get_info's free; DGX Spark: the OS and page cache hold the rest of
                               the vram_gib CUDA reports as total), GiB, (0, vram_gib]; 0 = not given (discrete
                               GPUs): all of vram_gib is free. vLLM's start check refuses a pool_fraction ×
                               vram_gib above it; the engines that take what is free (SGLang, TensorRT-LLM,
                               llama.cpp, gpt-fast) see it, with the context, as the GPU's memory. */
    /* The GPU-to-GPU link, for the realistic AllReduce and pipeline transfers:
     * the vendor's per-GPU headline figure, both directions summed (NVLink 4:
     * 900 GB/s); the collectives use half of it, one direction. 0 = unknown
     * (only the AllReduce latency is counted). */
    double link_gbs;        /* GB/s, [0, 1e6] */
    char link[32];          /* its short name ("NVLink 4", "PCIe 5.0 x16"), "" when unknown */
} rl_gpu;

rl_gpu rl_gpu_default(void); /* zeroed, named "custom": must be filled before use */
/* RL_E_RANGE naming "gpu.tflops", "gpu.bandwidth_gbs", "gpu.vram_gib",
 * "gpu.tflops_fp8" or "gpu.tops_int8" (the last two may be 0), or "gpu.start_free_gib"
 * (0, or above 0 and at most vram_gib). */
rl_status rl_gpu_validate(const rl_gpu *g, rl_error *err);

/* ======================================================================== */
/* Presets (compiled in from the files in presets/, the single source of truth) */
/* ======================================================================== */

typedef enum rl_preset_kind { RL_PRESET_MODEL = 0, RL_PRESET_GPU = 1 } rl_preset_kind;

/* Number of presets of a kind. */
size_t rl_preset_count(rl_preset_kind kind);
/* Id of preset i (0-based), or NULL past the end. */
const char *rl_preset_id(rl_preset_kind kind, size_t i);
/* The preset's JSON file text (NUL-terminated), or NULL for an unknown id. */
const char *rl_preset_json(rl_preset_kind kind, const char *id);

/* Loads a model preset through the same reader as a user's config.json, and
 * checks that the derived count equals the preset's verified params_total.
 * RL_E_UNKNOWN_PRESET names "model". */
rl_status rl_model_preset(const char *id, rl_model *out, rl_error *err);
/* RL_E_UNKNOWN_PRESET names "gpu". For unified memory, vram_gib is what the GPU
 * may use: Apple Silicon wires min(fraction × RAM, RAM − reserve), with the
 * preset's default fraction/reserve or, when `raised` (sysctl
 * iogpu.wired_limit_mb), its raised ones; Strix Halo takes the preset's
 * default or tuned usable GiB; DGX Spark takes what CUDA reports as its total (cuda_total_gib) and the memory
 * free at start (free_at_start_gib: start_free_gib). Discrete GPUs ignore `raised`. A preset without
 * a sourced TFLOPS figure loads with tflops_unknown = 1; one without a
 * bandwidth fails with RL_E_UNSUPPORTED. */
rl_status rl_gpu_preset(const char *id, int raised, rl_gpu *out, rl_error *err);

/* ======================================================================== */
/* Deployment                                                                */
/* ======================================================================== */

/* Serving engines: each is a preset of the realistic estimate's parameters
 * (core/src/engines.c, every one with its source). */
typedef enum rl_engine {
    RL_ENGINE_VLLM = 0,
    RL_ENGINE_SGLANG = 1,
    RL_ENGINE_TRT_LLM = 2,
    RL_ENGINE_LLAMA_CPP = 3,
    RL_ENGINE_GPT_FAST = 4,
    RL_ENGINE_COUNT_ = 5, /* the engines; RL_ENGINE_AUTO is a choice among them, not one */
    /* The default: the engine the GPU is usually served with, as rl_engine_for resolves it. */
    RL_ENGINE_AUTO = 5
} rl_engine;
/* "vllm", "sglang", "trt-llm", "llama.cpp", "gpt-fast", "auto"; "unknown" otherwise. */
const char *rl_engine_name(rl_engine e);
/* The engine an analysis uses: e itself, or for RL_ENGINE_AUTO llama.cpp on Apple's GPUs and Strix Halo (the
 * presets whose id starts m1- .. m4- or strix-halo: vLLM, SGLang and TensorRT-LLM have no backend for them)
 * and vLLM on every other GPU, a custom one included. gpu_id: rl_gpu.name. */
rl_engine rl_engine_for(rl_engine e, const char *gpu_id);
/* The engine's own pool fraction, used when rl_deploy.pool_fraction is 0: vLLM 0.90 (gpu_memory_utilization);
 * SGLang's mem_fraction_static as it derives it from the GPU (rl_sglang_pool with its own chunk); TensorRT-LLM
 * 0.90 (free_gpu_memory_fraction: of the memory free after the weights and buffers, see rl_engine_pool_of_free);
 * llama.cpp and gpt-fast 1 (no pool: they allocate what they need). e: an engine, not RL_ENGINE_AUTO (resolve it
 * with rl_engine_for first); vram_gib: memory per GPU; tp, pp: the parallel degrees; m: the model (its mla and
 * vision_complexity; NULL: neither, as for a size alone). Sources: engines.c. */
double rl_engine_pool(rl_engine e, double vram_gib, int64_t tp, int64_t pp, const rl_model *m);
/* The engine's own tokens per prefill step, used when rl_deploy.prefill_chunk is 0: vLLM's max_num_batched_tokens
 * for its OpenAI server, 8192 on a GPU of 70 GiB or more whose id does not start with a100, else 2048
 * (vllm/engine/arg_utils.py, get_batch_defaults); SGLang's --chunked-prefill-size (rl_sglang_chunk); TensorRT-LLM's
 * max_num_tokens 8192 (trtllm-serve --max_num_tokens); llama.cpp's n_ubatch 512 (common/common.h); gpt-fast 0: no
 * chunking, the whole prompt in one step. e: RL_ENGINE_AUTO is resolved by gpu_id (rl_engine_for); gpu_id:
 * rl_gpu.name, NULL for a GPU known by its size alone. */
int64_t rl_engine_chunk(rl_engine e, double vram_gib, const char *gpu_id);
/* SGLang's default --chunked-prefill-size for a GPU of vram_gib: 2048 below 20 GiB, 4096 below 60, 8192 below
 * 160, else 16384 tokens (python/sglang/srt/arg_groups/memory_hook.py, handle_gpu_memory_settings). */
int64_t rl_sglang_chunk(double vram_gib);
/* The memory, in MiB, SGLang keeps out of its static pool when --mem-fraction-static is not given (same source,
 * with its CUDA graphs on as it ships): 512 + 1.5·max(chunk, 2048) activations + 128·tp·pp + 2 per decode-graph
 * batch (its largest: 8; 48 or 160; 32 or 160; 256 or 512; 512 by the GPU's tier, the second at tp >= 4) + the
 * prefill graphs (8 per captured size up to the chunk, 8192 at most under pp; 1536 with MLA); at least 10 GiB on
 * a GPU above 60 GiB. chunk: --chunked-prefill-size, 0: SGLang's own (rl_sglang_chunk). */
double rl_sglang_reserve_mib(double vram_gib, int64_t tp, int64_t pp, int mla, int64_t chunk);
/* That reserve's parts, as the page's "how is this computed" shows them. */
typedef struct rl_sglang_reserve {
    int64_t chunk;             /* tokens of a prefill chunk (its activations: 1.5 MiB per token, 2048 at least) */
    double parallel_mib;       /* 128·tp·pp */
    double decode_graph_batch; /* the decode CUDA graphs' largest batch (2 MiB each) */
    double prefill_graph_mib;  /* the prefill CUDA graphs: 8 per captured size, or 1536 with MLA */
    int least_applied;         /* 1: the sum was under 10240 MiB on a GPU above 60 GiB, which takes 10240 */
    double mib;                /* the reserve */
} rl_sglang_reserve;
rl_sglang_reserve rl_sglang_reserve_of(double vram_gib, int64_t tp, int64_t pp, int mla, int64_t chunk);
/* SGLang's lowering of its pool for a multimodal model (adjust_mem_fraction_for_vlm, same source):
 * 0.95 · clamp(1 − 0.1·(vision_complexity − 1), 0.8, 1.05); 1 for a text-only model or m NULL. */
double rl_sglang_vision_factor(const rl_model *m);
/* SGLang's default mem_fraction_static: round((vram − reserve) / vram, 3) in MiB, with rl_sglang_reserve_mib (m's
 * mla), times rl_sglang_vision_factor(m); 0.05 (the least pool_fraction) where the reserve leaves less. m: NULL
 * for a text-only model without MLA. */
double rl_sglang_pool(double vram_gib, int64_t tp, int64_t pp, const rl_model *m, int64_t chunk);
/* 1 when the engine's pool fraction (its own or rl_deploy.pool_fraction) is a share of the memory free after
 * the weights and the runtime reserves, all of which goes to the KV cache: TensorRT-LLM's
 * free_gpu_memory_fraction (trtllm-serve --kv_cache_free_gpu_memory_fraction). 0: a share of each GPU's whole
 * memory, in which the weights, the reserves and the KV cache must all fit (vLLM and the others), or SGLang's
 * (rl_engine_pool_of_start). */
int rl_engine_pool_of_free(rl_engine e);
/* 1 when the engine's pool fraction is a share of the memory free once the CUDA context and NCCL are up, before
 * the weights load, and holds the weights and the KV cache, its activations and logits being kept out of it in
 * the rest: SGLang's mem_fraction_static (profile_max_num_token: the KV cache is the memory free after the
 * weights load less (1 − fraction) of the memory free before). 0 for the others. */
int rl_engine_pool_of_start(rl_engine e);
/* 1 when the engine refuses to start on a GPU whose memory free at start (rl_gpu.start_free_gib) is less than its
 * pool fraction of the GPU's total: vLLM (vllm/v1/worker/gpu_worker.py Worker.init_device, "Free memory on device ...
 * is less than desired GPU memory utilization"); rl_analyze then fails with RL_E_UNSUPPORTED naming pool_fraction
 * (why start_free). 0: the engine takes what is free (SGLang, TensorRT-LLM, llama.cpp, gpt-fast), and its budget
 * fills start_free_gib plus the context instead of vram_gib. e: not RL_ENGINE_AUTO. */
int rl_engine_start_check(rl_engine e);
/* The largest pool fraction, in hundredths, that the engine's start check passes on g: floor(100 × start_free_gib /
 * vram_gib) / 100 where rl_engine_start_check (0.83 for vLLM on DGX Spark); 1 where there is none. e: RL_ENGINE_AUTO
 * is resolved by g's name. */
double rl_engine_start_pool_limit(rl_engine e, const rl_gpu *g);
/* 1 when the engine keeps room for the activations of a whole prefill step of its chunk (rl_deploy.prefill_chunk,
 * else rl_engine_chunk), however short the prompt: vLLM profiles one dummy step of max_num_batched_tokens tokens
 * before it sizes its KV cache, and TensorRT-LLM sizes its buffers for max_num_tokens; both fill a step with the
 * prompts of several requests. 0: the step is at most the prompt, min(chunk, seq) (llama.cpp's n_ubatch is capped
 * by its context; gpt-fast prefills the prompt; SGLang's activations are outside its pool). e: not RL_ENGINE_AUTO. */
int rl_engine_steps_whole_chunk(rl_engine e);
/* Bytes per logit where the engine's prefill step computes the logits of every token it holds, so that its compute
 * memory peaks at the output layer with (vocab + hidden) x tokens x these bytes when that is more than the layers'
 * activations: llama.cpp 4 (F32; its compute buffer is reserved for n_ubatch tokens with n_ubatch outputs), gpt-fast
 * 2 (the model's bf16; its forward pass returns the logits of every prompt position). 0: only the last token's
 * (vLLM, SGLang, TensorRT-LLM), the per-request logits of the budget. e: not RL_ENGINE_AUTO. */
double rl_engine_step_logit_bytes(rl_engine e);
/* 1 when the batch's decode logits live inside that compute memory on the GPU and are copied to a host buffer, so
 * that a request adds no logits on the GPU: llama.cpp (its output buffer is CUDA_Host). 0 for the others, whose
 * budget counts 4 x vocab bytes of fp32 logits per request. e: not RL_ENGINE_AUTO. */
int rl_engine_logits_on_host(rl_engine e);
/* The engine's setting of its pool, as the raise_pool_fraction way out names it ("vLLM --gpu-memory-utilization",
 * "SGLang --mem-fraction-static", "TensorRT-LLM --kv_cache_free_gpu_memory_fraction"); NULL where it has none
 * (llama.cpp, gpt-fast: no pool), and that way out is then never offered. */
const char *rl_engine_pool_knob(rl_engine e);

/* A draft model for speculative decoding, as the request reader copies it
 * from a model preset (spec_draft): plain numbers, so that rl_deploy stays data.
 * params_total == 0 means no draft. The draft is stored at the target's
 * weight and KV precisions and split over tp·pp like the target. */
/* A speculative draft, as plain numbers: a model preset (a whole model, run in
 * full on every draft step), or "mtp", the target's own multi-token-prediction
 * modules (memory holds `modules` of them, a draft step runs one). */
typedef struct rl_draft {
    char name[64];
    double params_total;    /* weights held: the whole draft model, or every MTP module */
    double params_active;   /* params one token touches in one draft step (its LM head included) */
    double params_embed;    /* the draft's own input embedding + LM head; 0 for MTP (it shares the target's) */
    double params_input_table; /* its untied input embedding (rl_model.params_input_table): looked up, no FLOPs;
                                  0 when tied, and for MTP (the lookup is the target's) */
    double params_routed;   /* routed experts of the layer one draft step runs, read as the batch touches
                               them (MTP of an MoE model); 0 = every weight read */
    double modules;         /* MTP modules held; 0 for a model preset */
    double layers, hidden, vocab;
    double kv_elems_per_token_per_layer;
    double attn_flops_per_token_pair;
} rl_draft;

typedef struct rl_deploy {
    rl_precision precision;     /* weights; default AUTO (the checkpoint's format) */
    rl_precision kv_precision;  /* KV cache; AUTO: see RL_PREC_AUTO. default AUTO */
    int64_t seq;                /* S, context tokens per request (prompt + generated), 1..RL_MAX_SEQ, default 4096 */
    int64_t batch;              /* B, concurrent requests, 1..RL_MAX_BATCH, default 1 */
    int64_t tp;                 /* tensor-parallel degree, 1..RL_MAX_PARALLEL, default 1 */
    int64_t pp;                 /* pipeline stages, 1..RL_MAX_PARALLEL, default 1 */
    int64_t micro_batches;      /* M, 0 = default (B when pp > 1); else 1..B and only with pp > 1 */
    int64_t kv_block;           /* paged-KV block in tokens, 0 = off, else 1..RL_MAX_SEQ */
    rl_moe_read moe_read;       /* default RL_MOE_UNION */

    /* The realistic memory budget (each line shown in the report). */
    double context_reserve_gib; /* driver/CUDA context, [0, 64]; default 0.6 (headless; 1.0 with a display) */
    double nccl_gib_per_peer;   /* NCCL buffers per other GPU in the group, [0, 64]; default 0.35 */
    double weight_overhead;     /* container/alignment share on the weights, [0, 1]; default 0.02 */
    double pool_fraction;       /* the engine's memory pool, a share of each GPU's memory (vLLM gpu_memory_utilization),
                                   of the memory the CUDA context and NCCL leave (SGLang mem_fraction_static:
                                   rl_engine_pool_of_start) or, for TensorRT-LLM, of the memory free after the weights
                                   and reserves (free_gpu_memory_fraction: rl_engine_pool_of_free), [0.05, 1]; default 0:
                                   the engine's own (rl_engine_pool) */
    int64_t prefill_chunk;      /* tokens per prefill step, which sizes the activation peak, 1..RL_MAX_SEQ; default 0:
                                   the engine's own (rl_engine_chunk); under SGLang's own pool it sizes the reserve
                                   that pool is derived from */
    double launch_ms;           /* fixed TTFT overhead, ms, [0, 1e6]; default 35 */

    /* The realistic estimate: the serving engine and overrides of its
     * parameters; 0 in any override = the engine's own value. */
    rl_engine engine;           /* default RL_ENGINE_AUTO: resolved by the GPU (rl_engine_for) */
    double bw_efficiency;       /* η_bw, fraction of the memory bandwidth a decode step reaches, (0, 1] */
    double kernel_us;           /* fixed cost per kernel, µs */
    double allreduce_us;        /* AllReduce latency α at any tp, µs */
    double host_ms;             /* host time per decode step (scheduler, sampling), ms */
    double prefill_efficiency;  /* η_prefill, fraction of peak FLOPS prefill reaches, (0, 1] */
    double ttft_overhead_ms;    /* fixed time-to-first-token overhead of the engine, ms */

    /* Speculative decoding: gamma draft tokens per verify step, each accepted with
     * probability alpha; off when spec_tokens is 0. Needs a draft (pp 1 only). */
    int64_t spec_tokens;        /* gamma, 0 = off, else 1..16 */
    double spec_accept;         /* alpha, 0.01..0.99 (0 only when off) */
    rl_draft draft;             /* set by the reader from the spec_draft preset */
    /* llama.cpp-style offload (-ngl). The last `gpu_layers` of the L layers
     * live on the GPU, the others in host RAM; the output layer (LM head) goes
     * to the GPU only when gpu_layers > L, as in llama.cpp. A decode step reads
     * the GPU part at the GPU's bandwidth, then the host part at the host's.
     * Layers are taken as equal shares: each holds 1/L of the layer weights and
     * of the KV. Offload needs tp = pp = 1, ram_gib and a host bandwidth. */
    int64_t gpu_layers;         /* 0..RL_GPU_LAYERS_ALL; default RL_GPU_LAYERS_ALL (every layer and the output) */
    double ram_gib;             /* host RAM for the host part, GiB, [0, 1e6]; 0 = not given */
    double cpu_bandwidth_gbs;   /* host memory bandwidth, GB/s, [0, 1e6]; 0 = the host_memory preset's */
    int host_memory;            /* rl_host_memory preset; default RL_HOST_MEMORY_NONE */

    /* Scale-out (core/src/interconnect.c): the tp x pp GPUs on `nodes` nodes of `gpus_per_node`, each node
     * (or NVLink domain) joined by the GPU's own link (rl_gpu.link_gbs), the nodes by `scale_out_link`. */
    int64_t nodes;              /* 1..4096; default 1 */
    int64_t gpus_per_node;      /* 1..1024; 0: tp x pp on one node, 8 across nodes (72 on GB200/GB300) */
    int scale_out_link;         /* rl_scale_out_link; default RL_SCALE_OUT_AUTO */
    /* Expert parallelism: the MoE layers' experts split whole over the ep ranks of the tp group. */
    int64_t ep;                 /* 1 (off) or tp; default 1 */
    int64_t redundant_experts;  /* EPLB's extra expert slots per MoE layer, 0..65536; default 0 */
    double ep_imbalance;        /* tokens on the busiest EP rank / the mean, [1, 64]; default 1 (uniform routing) */
    /* Data-parallel attention (docs/scale-out.md): the tp GPUs run everything but the routed experts as
     * dp_attention groups of tp / dp_attention GPUs, each with its own requests and their KV. */
    int64_t dp_attention;       /* D, 1..1024, divides tp; default 1 (off) */
    /* Prefill/decode disaggregation (core/src/disaggregation.c, docs/scale-out.md): the fields above describe one
     * DECODE instance; prefill_instances > 0 adds a separate prefill pool of instances of prefill_tp GPUs each. */
    int64_t prefill_instances;  /* 0 (not disaggregated)..4096 */
    int64_t prefill_tp;         /* 1..1024, divides the heads; 0: the decode instance's tp */
    int64_t decode_instances;   /* 1..4096 when disaggregated; 0: not given */
} rl_deploy;

/* The scale-out link choices, in core/fields.json's order (presets/links/<id>.json). */
typedef enum rl_scale_out_link {
    RL_SCALE_OUT_AUTO = 0,  /* ib-xdr-800 on B300/GB300, ib-ndr-400 elsewhere */
    RL_SCALE_OUT_IB_NDR_400 = 1,
    RL_SCALE_OUT_IB_XDR_800 = 2,
    RL_SCALE_OUT_ROCE_400 = 3,
    RL_SCALE_OUT_COUNT_ = 4
} rl_scale_out_link;

/* gpu_layers at or above L + 1 puts everything on the GPU (llama.cpp: -ngl 999). */
#define RL_GPU_LAYERS_ALL ((int64_t)1000000)

/* Host-memory presets for offload: peak bandwidth = channels x 8 bytes (a 64-bit
 * DDR4 channel, or a DDR5 DIMM's two 32-bit subchannels) x transfers per second.
 * Sources: JEDEC JESD79-4 (DDR4) and JESD79-5 (DDR5) for the 64-bit channel and the
 * speed grades; Intel 4th Gen Xeon Scalable (8 channels of DDR5-4800) and AMD EPYC
 * 9005 (12 channels of DDR5-6000) product specifications for the server channel counts. */
typedef enum rl_host_memory {
    RL_HOST_MEMORY_NONE = 0,           /* no preset: cpu_bandwidth_gbs must be given */
    RL_HOST_MEMORY_DDR4_3200_2CH = 1,  /* 2 x 8 B x 3200 MT/s = 51.2 GB/s (desktop) */
    RL_HOST_MEMORY_DDR5_5600_2CH = 2,  /* 2 x 8 B x 5600 MT/s = 89.6 GB/s (desktop) */
    RL_HOST_MEMORY_DDR5_4800_8CH = 3,  /* 8 x 8 B x 4800 MT/s = 307.2 GB/s (Xeon Sapphire Rapids) */
    RL_HOST_MEMORY_DDR5_6000_12CH = 4, /* 12 x 8 B x 6000 MT/s = 576 GB/s (EPYC 9005) */
    RL_HOST_MEMORY_COUNT_ = 5
} rl_host_memory;
/* The preset's bandwidth in GB/s (channels x 8 x MT/s / 1000); 0 for none or an invalid value. */
double rl_host_memory_gbs(int preset);
/* The bandwidth an analysis uses: cpu_bandwidth_gbs when set, else the preset's. */
double rl_deploy_host_gbs(const rl_deploy *d);

#define RL_MAX_SEQ ((int64_t)1 << 24)
#define RL_MAX_BATCH ((int64_t)1 << 20)
#define RL_MAX_PARALLEL ((int64_t)1024)

rl_deploy rl_deploy_default(void);

/* Checks every field against its range. Errors: RL_E_RANGE, RL_E_UNKNOWN_NAME,
 * RL_E_MICROBATCH; err->field is the request key ("batch", "micro_batch",
 * "kv_block", ...), which is the CLI flag with '_' for '-'. */
rl_status rl_deploy_validate(const rl_deploy *d, rl_error *err);

/* ======================================================================== */
/* Fields: the one vocabulary of inputs                                      */
/* ======================================================================== */

/* One row per input, generated at build time from core/fields.json, which the
 * page imports too. The request reader, rl_deploy_default(), rl_deploy_validate(),
 * the CLI's flags and its --help all walk this table, so a flag, a request key,
 * a link key and a form field cannot disagree. */
typedef enum rl_field_type {
    RL_FIELD_PRESET = 0, /* a preset id (model or GPU) */
    RL_FIELD_TEXT = 1,   /* a config.json (the CLI takes a file path) */
    RL_FIELD_SIZE = 2,   /* a parameter count as text: "70B", "7.6b", "8e9" */
    RL_FIELD_ENUM = 3,   /* one of `choices`; the index is the C enum value */
    RL_FIELD_COUNT = 4,  /* an integer in [min, max] */
    RL_FIELD_NUMBER = 5, /* a finite number in [min, max] */
    RL_FIELD_SWITCH = 6  /* a CLI flag without a value; sets field `sets_key` to `sets_value` */
} rl_field_type;

typedef enum rl_field_target {
    RL_TARGET_NONE = 0,   /* read by hand (model, config, params, gpu, gpu_limit) */
    RL_TARGET_DEPLOY = 1, /* an rl_deploy member at `offset` */
    RL_TARGET_GPU = 2,    /* an rl_gpu member at `offset` */
    RL_TARGET_WORKLOAD = 3 /* an rl_workload member at `offset` (the Cost section) */
} rl_field_target;

enum {
    RL_FIELD_NULLABLE = 1u << 0,     /* null is a value: gpu.tflops null = no sourced figure */
    RL_FIELD_REQUIRED = 1u << 1,     /* a custom GPU must give it */
    RL_FIELD_ZERO_IS_UNSET = 1u << 2, /* 0 in the struct means `zero_means` (off, none, the batch) */
    RL_FIELD_ZERO_REFUSED = 1u << 3   /* a 0 given is refused with the row's range (a price or a power of 0 is
                                         none: left out, the preset's stands in), though 0 in the struct means unset */
};

typedef struct rl_field {
    const char *key;        /* request key = the page's input name and data-testid ("micro_batches", "gpu.tflops") */
    const char *flag;       /* CLI flag ("--micro-batches"); "" in the wasm build */
    const char *aliases;    /* older flags, space-separated ("--micro-batch"), "" if none or in the wasm build */
    const char *url;        /* share-link key ("mb"), NULL if none or in the wasm build */
    const char *report;     /* report JSON path echoing it ("config.micro_batches"), NULL if none or in the wasm build */
    const char *group;      /* rl_field_group key; "" in the wasm build */
    const char *label;      /* short form label; "" in the wasm build */
    const char *unit;       /* "tokens", "GiB", "GB/s", "ms", "fraction", ... or "" */
    const char *help;       /* one line for --help; "" in the wasm build */
    const char *zero_means; /* with RL_FIELD_ZERO_IS_UNSET: what 0 stands for; "" in the wasm build */
    rl_field_type type;
    double min, max;        /* inclusive range of COUNT, NUMBER and SIZE */
    double def;             /* default: the value, or the choice index of an ENUM */
    const char *const *choices; /* ENUM: NULL-terminated, in the C enum's order */
    const char *sets_key;   /* SWITCH; NULL in the wasm build */
    const char *sets_value; /* SWITCH; NULL in the wasm build */
    rl_field_target target;
    size_t offset;          /* offsetof the member in rl_deploy / rl_gpu */
    unsigned flags;         /* RL_FIELD_* bits */
} rl_field;

typedef struct rl_field_group {
    const char *key;   /* "model", "gpu", "deployment", "budget" */
    const char *title; /* "" in the wasm build */
} rl_field_group;

size_t rl_field_count(void);
const rl_field *rl_field_at(size_t i);           /* NULL past the end */
const rl_field *rl_field_by_key(const char *key); /* NULL when unknown */
const rl_field *rl_field_by_flag(const char *flag); /* the flag or one of its aliases; NULL when unknown */
size_t rl_field_group_count(void);
const rl_field_group *rl_field_group_at(size_t i);

/* ======================================================================== */
/* Analysis                                                                  */
/* ======================================================================== */

/* Warning bits in rl_result.warnings. */
enum {
    RL_WARN_KV_HEADS_NOT_DIVISIBLE_BY_TP = 1u << 0,
    RL_WARN_LAYERS_NOT_DIVISIBLE_BY_PP = 1u << 1,
    RL_WARN_PP_SLOWER_THAN_ONE_GPU = 1u << 2,
    RL_WARN_KV_REPLICATED_ACROSS_TP = 1u << 3, /* tp > h_kv, or MLA's latent: per-GPU KV stops falling */
    RL_WARN_SEQ_OVER_MAX_POSITIONS = 1u << 4,
    RL_WARN_BATCH_NOT_DIVISIBLE_BY_MICRO = 1u << 5,
    RL_WARN_TIGHT = 1u << 6,                   /* fits the floor, not the realistic budget */
    RL_WARN_NO_SOURCED_TFLOPS = 1u << 7,       /* times are bandwidth floors only */
    RL_WARN_SPECULATION_SLOWER = 1u << 8,      /* the expected speculative speed-up is below 1 */
    /* The engine (rl_deploy.engine) does not run the weights' or the KV cache's format (llama.cpp has no
     * fp8, vLLM no int4 KV cache, ...; README "Ways out"): its budget and estimate are of a setup it cannot
     * run. Only formats known to be missing are flagged; the floor holds for any engine that has them. */
    RL_WARN_ENGINE_LACKS_WEIGHT_FORMAT = 1u << 9,
    RL_WARN_ENGINE_LACKS_KV_FORMAT = 1u << 10,
    /* The engine has no backend for this GPU preset (vLLM, SGLang and TensorRT-LLM on Apple's GPUs, TensorRT-LLM on
     * any but NVIDIA's, llama.cpp and gpt-fast on TPUs and Gaudi; README "Ways out"); never for a custom GPU. */
    RL_WARN_ENGINE_NOT_ON_GPU = 1u << 11,
    /* dp_attention groups over the batch: some attention groups serve no request, yet their GPUs still hold
     * the attention weights and join every MoE layer's collectives (legal, wasteful). */
    RL_WARN_DP_GROUPS_IDLE = 1u << 12,
    RL_WARN_COUNT_ = 13
};
/* Stable lowercase code of warning bit number i (0-based), "" past the end. */
const char *rl_warning_code(unsigned bit_index);

/* Remedy bits in rl_result.remedies: each is a way out that alone makes the
 * deployment fit (one change; RL_REMEDY_PRECISION_AND_TP is the one pair of
 * changes). When tight: into the realistic budget. On a refusal: into the
 * realistic budget when a change of that kind can, else past the floor (a tight
 * fit). The figure that does it is in the rl_result.remedy_* fields. */
enum {
    RL_REMEDY_WEIGHT_PRECISION = 1u << 0, /* remedy_precision */
    RL_REMEDY_KV_PRECISION = 1u << 1,     /* remedy_kv_precision */
    RL_REMEDY_MORE_TP = 1u << 2,          /* remedy_tp */
    RL_REMEDY_SMALLER_BATCH = 1u << 3,    /* remedy_batch (= max_batch_realistic, or max_batch when that is 0) */
    RL_REMEDY_SHORTER_CONTEXT = 1u << 4,  /* remedy_seq */
    RL_REMEDY_BIGGER_GPU = 1u << 5,       /* remedy_vram_gib */
    RL_REMEDY_RAISE_POOL = 1u << 6,       /* remedy_pool_fraction (tight only) */
    RL_REMEDY_FEWER_GPU_LAYERS = 1u << 7, /* remedy_gpu_layers: the largest -ngl that fits (offload) */
    RL_REMEDY_PRECISION_AND_TP = 1u << 8, /* remedy_pair_precision on remedy_pair_tp GPUs: two changes at once, offered
                                             only when a lower weight precision alone is no way out and the pair needs
                                             fewer GPUs than more tp alone (or tp alone reaches nothing) */
    RL_REMEDY_COUNT_ = 9
};
const char *rl_remedy_code(unsigned bit_index);

/* Where an assumption's figure comes from, as a code: a reader words it in its own
 * language from this and the assumption's name, never from the English `source`.
 * Values are pinned; new origins are appended. rl_origin_name() gives the code. */
typedef enum rl_origin {
    RL_ORIGIN_ENGINE = 0,       /* "engine": the engine preset's figure (core/src/engines.c) */
    RL_ORIGIN_ENGINE_QUANT = 1, /* "engine_quant": the engine's figure for weight-only formats (rl_weight_only_quant) */
    RL_ORIGIN_GIVEN = 2,        /* "given": the request's own value, in place of the default */
    RL_ORIGIN_GPU = 3,          /* "gpu": the GPU's figure (link_gbs; 0 when the GPU gives none) */
    RL_ORIGIN_INPUT = 4,        /* "input": another input of the request (launch_ms for the TTFT overhead) */
    RL_ORIGIN_ANALYSIS = 5,     /* "analysis": this deployment's analysis (its step, prefill and batch) */
    RL_ORIGIN_SPEC = 6,         /* "spec": the specification's constant or default (30 days, 36 months, resale by class) */
    RL_ORIGIN_PRESET = 7,       /* "preset": a price preset's figure; `source` quotes its document and date */
    RL_ORIGIN_BOARD = 8,        /* "board": a preset's board power standing in for an unsourced wall power */
    RL_ORIGIN_RULE = 9,         /* "rule": idle power as RL_IDLE_FRACTION of the board power, no idle figure being sourced */
    RL_ORIGIN_COUNT_ = 10
} rl_origin;
const char *rl_origin_name(rl_origin origin); /* "" for a value outside the enum */

/* One parameter of the realistic estimate as used: the engine's, or the
 * request's override. `origin` says where the figure comes from as a code,
 * `source` in English. */
typedef struct rl_assumption {
    const char *name;   /* "bw_efficiency", "kernel_us", ... (the request key when it has one) */
    double value;
    const char *unit;   /* "fraction", "us", "ms", "GB/s", "kernels" */
    rl_origin origin;   /* engine, engine_quant, given, gpu or input */
    const char *source; /* prose naming the public source, or "request" for an override */
} rl_assumption;

#define RL_MAX_ASSUMPTIONS 18

/* The parameters the realistic estimate uses for this GPU, deployment and
 * resolved weight precision (rl_result.weight_precision), in a fixed order,
 * into out[0..cap); returns how many there are. No allocation. */
size_t rl_realistic_assumptions(const rl_gpu *g, const rl_deploy *d, rl_precision weights, rl_assumption *out,
                                size_t cap);
/* 1 when weights in this precision are dequantized on the fly (weight-only
 * quantization: int8, int4 and the block formats), which the engines' bandwidth
 * efficiency tells apart. */
int rl_weight_only_quant(rl_precision weights);

/* The realistic estimate (set only when the deployment fits): the floor's
 * formula with the engine's efficiencies and fixed costs. Every time here is
 * at least the floor's. */
typedef struct rl_realistic {
    double step_ms;          /* central decode step: the per-user inter-token latency of the batch */
    double step_ms_low;      /* band: max(floor, central·low factor) */
    double step_ms_high;     /* band: central·high factor */
    double floor_step_ms;    /* the floor's step at this estimate's batch (below): the one it is compared with */
    double ms_per_token;     /* step/B, as the floor's */
    double tokens_per_s;     /* B/step, aggregate over the batch, as the floor's */
    double tokens_per_s_per_user; /* 1/step */
    double allreduce_ms;     /* AllReduce time in the step (tp > 1), ms */
    double allreduce_share;  /* allreduce_ms / step_ms */
    double kernel_ms;        /* fixed per-kernel costs in the step, ms */
    double host_ms;          /* host time in the step, ms */
    double p2p_ms;           /* pipeline transfers in the step (pp > 1), ms */
    double a2a_ms;           /* expert-parallel dispatch + combine in the step (ep > 1), ms, not overlapped */
    int has_prefill;         /* 0 without a sourced TFLOPS figure */
    double prefill_ms;
    double ttft_ms;          /* ttft overhead + prefill */
    double prefill_step_ms;  /* a batched prefill step of rl_result.prefill_step_tokens (has_prefill) */
    double prefill_step_tokens_per_s_per_gpu;
    rl_engine engine;
    int calibrated;          /* 1 when the corpus (tests/measured) has runs of this engine on this GPU family */
    /* The requests the engine runs at once: deploy.batch, or on a tight fit the fewer its budget holds
     * (max_batch_realistic): the engine runs that many and the others wait (vLLM's scheduler admits a
     * request only when its KV blocks are free). Every figure above is for this batch. */
    int64_t batch;
} rl_realistic;

typedef struct rl_result {
    rl_verdict verdict;
    rl_engine engine;              /* the engine the analysis used: rl_engine_for(deploy.engine, gpu.name) */
    int fits;                      /* 1 when the floor fits (RL_FITS or RL_TIGHT) */
    int has_timing;                /* 1 only when it fits: the roofline, decode and prefill
                                      fields and the pp stage/drain times are set */

    /* Memory, per GPU (GiB): the floor. */
    double weights_gib;            /* weight bytes/(tp·pp) */
    double kv_gib_per_request;     /* one request's KV, per GPU (paged tokens when paging) */
    double kv_gib;                 /* B × kv_gib_per_request */
    double free_gib;               /* vram − weights (negative when weights do not fit) */
    double shortfall_gib;          /* how much is missing for the refusal, 0 when it fits */
    int64_t max_batch;             /* floor(free / kv_gib_per_request), 0 when weights do not fit */

    /* Memory, per GPU (GiB): the realistic budget. */
    double pool_fraction;          /* the pool fraction used: deploy.pool_fraction, or the engine's own (rl_engine_pool) */
    int pool_of_free;              /* rl_engine_pool_of_free(engine): the fraction is of the memory free after the
                                      weights and the reserves (TensorRT-LLM), not of the whole GPU */
    double pool_gib;               /* what the engine may use: pool_fraction × vram; with pool_of_free, the weights and
                                      reserves + pool_fraction × (vram − weights − reserves) when that is positive, else vram */
    double free_after_reserves_gib; /* with pool_of_free: vram − weights − the reserves but the logits (context, NCCL,
                                       weight overhead, prefill chunk), of which pool_fraction is the KV cache's; else 0 */
    int pool_of_start;             /* rl_engine_pool_of_start(engine): the fraction is of the memory free once the
                                      context and NCCL are up (SGLang); pool_gib is then context + NCCL +
                                      pool_fraction × free_at_start_gib, and the activations and logits are outside it
                                      (activation_gib 0) */
    double free_at_start_gib;      /* with pool_of_start: vram − context − NCCL; else 0 */
    double reserve_context_gib;    /* driver/CUDA context */
    double reserve_nccl_gib;       /* nccl_gib_per_peer × nccl_peers */
    int64_t nccl_peers;            /* the GPUs whose NCCL buffers each GPU holds: its tp − 1 tensor-parallel peers and
                                      its pipeline neighbours, min(pp − 1, 2) (the stage before and the one after) */
    double reserve_weights_gib;    /* weight_overhead × weights */
    double activation_gib;         /* the prefill step's activation/workspace peak (the layers' or, where larger, its
                                      output layer's: activation_at_logits) + the batch's decode logits (none with
                                      logits_on_host); 0 with pool_of_start */
    int64_t prefill_chunk;         /* the tokens per prefill step: deploy.prefill_chunk, or the engine's own
                                      (rl_engine_chunk), the seq when it does not chunk */
    int64_t activation_tokens;     /* the tokens of the prefill step activation_gib counts: prefill_chunk where the
                                      engine keeps room for a whole one (rl_engine_steps_whole_chunk), else
                                      min(prefill_chunk, seq); 0 with pool_of_start */
    int activation_at_logits;      /* 1 when the step's peak is at its output layer, (vocab + hidden) x
                                      activation_tokens x rl_engine_step_logit_bytes, which is more than the layers'
                                      activations (llama.cpp, gpt-fast with the output layer on the GPU); 0 else */
    double step_logit_bytes;       /* rl_engine_step_logit_bytes(engine): 4, 2, or 0 (the last token's logits only) */
    int logits_on_host;            /* rl_engine_logits_on_host(engine): activation_gib holds no per-request logits */
    double reserve_gib;            /* everything above but the pool: context + nccl + overhead + activations */
    double kv_room_gib;     /* pool − reserve − weights: what the KV may use */
    double missing_gib;      /* > 0 when RL_TIGHT: what the realistic budget lacks */
    int64_t max_batch_realistic;   /* floor(kv_room / kv_gib_per_request) */

    /* Model-level accounting (whole model, not per GPU). */
    double weight_bytes;           /* all weights at the resolved precisions */
    double kv_bytes_per_request;   /* at S tokens, unpadded, with sliding windows applied */
    double kv_bytes_per_token;     /* kv_bytes_per_request / S */
    double experts_touched;        /* per MoE layer per decode step, 0 for dense */
    double weight_bytes_read;      /* per decode step, whole model */
    rl_precision weight_precision; /* resolved: the checkpoint's dtype for AUTO */
    rl_precision kv_precision;     /* resolved */
    rl_precision compute_precision; /* the roof used: FP16, FP8 or INT8 */
    double peak_tflops;            /* that roof's peak */

    /* Roofline (set only when has_timing). */
    double flops_per_step;         /* per GPU */
    double bytes_per_step;         /* per GPU */
    double ai;                     /* FLOP/byte */
    double ridge;                  /* FLOP/byte: peak / bandwidth, set even on a refusal (0 when TFLOPS are unknown) */
    rl_bound bound;
    double ceiling_fraction;       /* min(1, ai/ridge) */
    double step_ms;                /* decode step floor (the drain when pp > 1) */
    double ms_per_token;           /* step/B */
    double tokens_per_s;           /* B/step, aggregate over the batch */
    int times_are_bandwidth_floors; /* no sourced TFLOPS: every time is bytes/bandwidth, a lower bound */
    double prefill_ai;             /* weight-dominated prefill intensity for S tokens */
    rl_bound prefill_bound;
    double prefill_ms;             /* max(prefill FLOPs/peak, weight bytes/bandwidth) per GPU; 0 when TFLOPS unknown */
    double prefill_tokens_per_s;   /* S / prefill time */
    double ttft_ms;                /* launch_ms + prefill_ms */
    double prefill_flops;          /* has_timing: the prefill's FLOPs over S tokens, whole model */
    double prefill_weight_bytes_read; /* has_timing: the weights the prefill reads (the experts S tokens touch), whole model */
    /* Prefill at scale (has_timing, a sourced TFLOPS figure): a stream of prompts of S tokens, prefilled in steps of
     * prefill_step_tokens = min(prefill_chunk, batch x S) tokens (the engine's token budget per step, as many prompts
     * or pieces of prompts as fill it; dp_attention D > 1: D x min(chunk_g, ceil(batch/D) x S), each attention
     * group its own budget chunk_g: prefill_chunk, or under SGLang, which divides it over its DP ranks, prefill_chunk / D),
     * each prompt's attention over its own tokens: a step's FLOPs are
     * prefill_step_tokens / S x prefill_flops, its bytes the weights those tokens touch, spread over tp x pp GPUs. */
    double prefill_step_tokens;
    double prefill_step_ms;        /* max(FLOPs/(tp·pp)/peak, bytes/(tp·pp)/bandwidth): a step (a stage's, pipelined) */
    double prefill_step_tokens_per_s_per_gpu; /* prefill_step_tokens / prefill_step_ms / (tp·pp) */

    /* Topology (core/src/interconnect.c): where the GPUs are and the link each collective crosses, one
     * direction, GB/s (0: no figure). A group inside a node uses the GPU's link (link_gbs / 2); one that spans
     * nodes is bounded by its slowest hop, the scale-out NIC (the lesser of the two). */
    int64_t topo_nodes, topo_gpus_per_node;
    const char *scale_out_link;    /* the link preset id in use ("ib-ndr-400") */
    double scale_up_gbs, scale_out_gbs; /* one direction per GPU */
    int tp_crosses_nodes, pp_crosses_nodes, ep_crosses_nodes;
    double tp_link_gbs, pp_link_gbs;    /* the AllReduce's and the pipeline hop's link */

    /* Expert parallelism (ep > 1): per GPU, the busiest rank's. */
    int64_t ep_size;
    double ep_experts_per_gpu;     /* (E + redundant) / ep slots per MoE layer, whole experts */
    double ep_slots_touched;       /* per MoE layer on the busiest rank: min(slots, imbalance x the mean rank's) */
    double ep_expert_bytes_read;   /* per decode step on the busiest rank, every MoE layer */
    double ep_a2a_bytes;           /* dispatch + combine bytes one GPU sends per decode step, every MoE layer */
    double ep_a2a_ms;              /* their time on the links crossed (the slower of the two), not in the floor */
    double ep_a2a_prefill_bytes;   /* the same for one prefill chunk of prefill_chunk tokens */
    /* Data-parallel attention (dp_attention > 1): D groups of attention tp a = tp / D. */
    int64_t dp_groups, dp_attention_tp;
    int64_t dp_requests_per_group;  /* the busiest group's: ceil(batch / D) */
    int dp_group_crosses_nodes;     /* the group's AllReduce spans nodes: a > gpus_per_node */
    double dp_group_link_gbs;       /* its link, one direction */
    double dp_group_allreduce_bytes; /* per GPU per decode step: the group's AllReduces (2L − L_moe of them) */
    double dp_gather_bytes;         /* per GPU per decode step: all-gather + reduce-scatter of the batch around the
                                       MoE layers over the tp GPUs (0 under ep: the all-to-all moves the tokens) */
    double dp_prefill_bytes;        /* both, for one prefill chunk of prefill_chunk tokens; their time is the
                                       realistic estimate's allreduce_ms (not in the floor) */

    /* Prefill/decode disaggregation (prefill_instances > 0; core/src/disaggregation.c). The decode pool is
     * the figures above; the prefill pool is the same model on prefill_tp GPUs prefilling in steps of its token budget (disaggregation.c). */
    struct rl_disagg {
        int on;                    /* prefill_instances > 0 */
        int refused_pool;          /* 0: both fit; 1: the prefill pool does not fit; 2: the decode pool does not */
        int64_t prefill_tp, prefill_instances, decode_instances;
        int64_t decode_gpus_per_instance;   /* tp x pp */
        double prompt_tokens;      /* the prompt prefilled and moved: seq, or the workload's input_tokens */
        double output_tokens;      /* the workload's output_tokens; 0 without a workload (no balance then) */
        double requests_per_s;     /* the workload's requests_per_day / 86400; 0 without one */
        rl_verdict prefill_verdict;
        double prefill_weights_gib, prefill_kv_gib, prefill_free_gib; /* per prefill GPU */
        double kv_bytes;           /* KV moved per request: the prompt's, whole model (all layers, KV dtype) */
        double kv_share_sent, kv_share_received; /* of it, a prefill GPU sends / a decode GPU receives */
        const char *link;          /* the link between the pools: the scale-out NIC preset id */
        double link_gbs;           /* its GB/s one way, per GPU */
        int has_times;             /* fits, with a sourced TFLOPS figure */
        double transfer_ms;        /* max(sent, received) bytes per GPU / link, not overlapped */
        double prefill_ms, ttft_ms; /* floor: the prefill pool's prefill; + transfer + one decode step */
        double prefill_tps_per_gpu, decode_tps_per_gpu; /* floor: prompt tokens/s and output tokens/s per GPU */
        int has_realistic;
        double real_prefill_ms, real_ttft_ms, real_prefill_tps_per_gpu, real_decode_tps_per_gpu;
        /* With a workload (output_tokens > 0): the balance, floor [0] and realistic [1]. */
        int has_balance;
        double gpu_ratio[2];       /* prefill GPUs per decode GPU that keeps both pools busy */
        double prefill_needed[2], decode_needed[2]; /* instances the request rate needs (0 without a rate) */
        double sustained_rps[2];   /* requests/s the given instances sustain: the lesser pool's */
        int limited_by[2];         /* 1: the prefill pool, 2: the decode pool */
    } disagg;

    /* Tensor parallel (tp > 1). */
    double allreduce_bytes_per_gpu; /* ideal ring: 8·(tp−1)/tp·L·hidden·B, shown not added */
    double kv_share;               /* of one request's KV a TP rank holds: ceil(h_kv/tp)/h_kv, 1 with MLA */

    /* Pipeline parallel (pp > 1). */
    int64_t micro_batches;         /* M in effect */
    double pp_bubble;              /* (pp−1)/(M+pp−1) */
    double pp_speedup;             /* one-GPU floor of the whole batch / drain; has_timing only (0 when refused) */
    double pp_stage_ms;            /* has_timing only */
    double pp_drain_ms;            /* has_timing only */
    double pp_weight_bytes_read;   /* the weights one micro-batch of ceil(B/M) requests reads, whole model */
    double pp_one_gpu_ms;          /* the floor of the whole batch on one GPU, which pp_speedup divides by the drain;
                                      has_timing only */

    /* Paged KV (kv_block > 0). */
    int64_t tokens_per_request;    /* ceil(S/block)·block, or S without paging */
    int64_t padding_tokens;
    double waste_fraction;         /* padding/S */

    unsigned warnings;             /* RL_WARN_* bits */
    unsigned remedies;             /* RL_REMEDY_* bits, on a refusal or when tight */
    rl_precision remedy_precision; /* highest weight precision below the current one that fits, of the engine's own formats (fp16, fp8, int4; llama.cpp: fp16, q8_0, q6_k, q5_k_m, q4_k_m; gpt-fast: fp16, int8, int4) */
    /* remedy_kv_precision: of the engine's KV cache formats below 16-bit (fp8; llama.cpp q8_0, q4_0; gpt-fast none) */
    rl_precision remedy_kv_precision;
    rl_precision remedy_pair_precision; /* with remedy_pair_tp: the weight precision of the fewest GPUs (the highest of a tie) */
    int64_t remedy_tp;             /* smallest power-of-two tp (≤ 1024) that fits */
    int64_t remedy_batch;          /* largest batch that fits */
    int64_t remedy_seq;            /* largest context that fits this batch */
    double remedy_vram_gib;        /* GiB per GPU whose engine pool holds the realistic budget (a host refusal: weights + KV) */
    double remedy_pool_fraction;   /* the pool fraction that would make a tight setup fit */
    int64_t remedy_gpu_layers;     /* fewer layers on the GPU (-ngl) with the rest in host RAM */
    int64_t remedy_pair_tp;        /* the power-of-two tp that remedy_pair_precision needs, below remedy_tp */

    /* Offload (gpu_layers <= L, tp = pp = 1): the host part and its time. */
    int offload;                   /* 1 when some weights live in host RAM */
    int64_t layers_on_gpu;         /* min(gpu_layers, L) */
    double host_weights_gib;       /* weights in host RAM: the (L − n)/L share of the layers, the embeddings and LM head */
    double host_kv_gib;            /* the batch's KV of the host layers */
    double host_free_gib;          /* ram − host weights − host KV (negative when it does not fit) */
    double host_bandwidth_gbs;     /* the host bandwidth in use */
    double layer_weight_bytes;     /* the layers' weights, whole model (all but the embeddings, the LM head and any
                                      vision tower): n/L of them on the GPU */
    double lm_head_bytes;          /* the LM head a step reads (vocab × hidden), on the host */
    int64_t max_gpu_layers;        /* the largest -ngl whose GPU part (weights, KV, reserves) fits the realistic
                                      budget; L + 1 = everything; -1 when not even 0 fits. Searched for an
                                      offload, or for a single-GPU setup that does not fit when ram_gib is given */
    double gpu_part_ms;            /* has_timing: the GPU part of the step (the floor) */
    double host_part_ms;           /* has_timing: the host part, bytes / host bandwidth */

    /* Speculative decoding (spec_tokens > 0): the draft's memory is in the fit
     * above; the times only when has_timing. Per GPU, like the rest. */
    double draft_weights_gib;      /* draft weights per GPU */
    double draft_kv_gib_per_request; /* draft KV per request per GPU */
    double spec_tokens_per_step;   /* (1 − α^(γ+1)) / (1 − α) */
    double spec_step_ms;           /* floor: γ draft steps + one target step over γ+1 tokens per request */
    double spec_ms_per_token;      /* per user: spec_step / tokens per step */
    double spec_tokens_per_s;      /* aggregate: B · tokens per step / spec_step */
    double spec_speedup;           /* floor: tokens per step · step / spec_step */
    double spec_realistic_step_ms; /* the same with the engine's efficiencies and fixed costs, at the batch its engine
                                      runs (realistic.batch: on a tight fit, fewer than asked) */
    double spec_realistic_floor_step_ms; /* the floor's spec_step_ms at that batch: the one spec_realistic_step_ms
                                            is compared with (spec_step_ms itself is at the batch asked for) */
    double spec_realistic_speedup; /* against the realistic step without speculation, at that batch */

    /* The realistic estimate, only when has_timing. */
    int has_realistic;
    rl_realistic realistic;
} rl_result;

/* Runs the whole analysis. The model must be finished (rl_model_finish(), or
 * the config reader and rl_model_preset(), which finish it) after its last
 * edit: its derived fields are read through the pointer as they are, neither
 * copied nor re-derived, and an unfinished model is refused with RL_E_NULL
 * naming "model". The GPU and the deployment are validated on every call. On
 * an error *out is zeroed and the status says why. RL_OK is returned for
 * refusals too: read out->verdict. No allocation, no I/O. */
rl_status rl_analyze(const rl_model *m, const rl_gpu *g, const rl_deploy *d,
                     rl_result *out, rl_error *err);

/* One point of a batch sweep. */
typedef struct rl_sweep_point {
    int64_t batch;
    double ai;
    double ms_per_token;
    double tokens_per_s;
    double step_ms;
    int tight;          /* 1 past the realistic budget's max batch */
    double realistic_step_ms;      /* the engine estimate at this batch (0 when none) */
    double realistic_tokens_per_s; /* aggregate, from realistic_step_ms */
    int64_t realistic_batch;       /* the requests the engine runs at once (rl_realistic.batch): this batch, or past
                                      the realistic budget's max batch that max (its step and tokens/s are for it) */
} rl_sweep_point;

/* Fills up to `cap` points for batches from 1 to the max batch that fits
 * (roughly log-spaced, always including 1, the current batch when it fits,
 * and the max batch). Returns the number written; 0 when even B = 1 does not
 * fit or on a bad input. */
size_t rl_sweep(const rl_model *m, const rl_gpu *g, const rl_deploy *d,
                rl_sweep_point *points, size_t cap);
/* Writes {"points": [{"batch", "ai", "ms_per_token", "tokens_per_s", "step_ms",
 * "tight", "realistic_step_ms", "realistic_tokens_per_s", "realistic_batch"}, ...]} for n points
 * (rl_report_json's return convention; the realistic three only when set). */
size_t rl_sweep_json(const rl_sweep_point *points, size_t n, char *buf, size_t cap);

/* ======================================================================== */
/* The parameters-only estimate (less exact than a config)                   */
/* ======================================================================== */

/* For people who know only a model's size ("70B"). No architecture means no KV
 * cache, no attention FLOPs and no MoE: decode AI ≈ B / b_w (2·N FLOPs over
 * N·b_w bytes). Always marked approximate in reports. */
enum {
    RL_LEVER_BATCH = 0,           /* raise the batch toward the ridge */
    RL_LEVER_WEIGHT_PRECISION = 1, /* fewer bytes per weight */
    RL_LEVER_KV_PRECISION = 2,    /* fewer KV bytes (not in this model; small at short context) */
    RL_LEVER_SPECULATIVE = 3,     /* several tokens per weight pass */
    RL_LEVER_TP = 4,              /* split the bytes over more GPUs */
    RL_LEVER_COUNT_ = 5
};
const char *rl_lever_code(unsigned lever);

typedef struct rl_estimate {
    double params;                 /* N */
    double bytes_per_param;        /* b_w (auto = 2) */
    double weights_gib;            /* N·b_w */
    double pool_fraction;          /* the pool fraction used: deploy.pool_fraction, or the engine's own (rl_engine_pool) */
    int pool_of_free;              /* rl_engine_pool_of_free: the fraction is of what the weights leave, so the weights
                                      may use the whole GPU (the pool below is then vram) */
    int pool_of_start;             /* rl_engine_pool_of_start (SGLang): the fraction is of what the context leaves */
    double usable_gib_per_gpu;     /* (share × vram − context reserve) / (1 + weight overhead); share: pool_fraction,
                                      or 1 with pool_of_free; with pool_of_start, pool_fraction × (vram − context
                                      reserve) / (1 + weight overhead) */
    int64_t gpus_needed;           /* ceil(weights·(1 + overhead) / (pool × vram − context reserve)); 0: none holds any */
    int64_t gpus;                  /* tp × pp: the GPUs the deployment gives */
    int fits;                      /* 1 ≤ gpus_needed ≤ gpus: the weights fit on them (the KV cache is not counted) */
    rl_precision weight_precision; /* the precision the weights are counted in (auto: fp16, 2 bytes) */
    /* Only when the weights do not fit (0 otherwise): how far short each GPU is, and the ways out, each
     * of which alone makes the weights fit. They are the full analysis's RL_REMEDY_* bits (of them only
     * WEIGHT_PRECISION, MORE_TP, BIGGER_GPU and PRECISION_AND_TP), so the same sentences word them. */
    double shortfall_gib;          /* weights / gpus − usable per GPU: what each GPU lacks for its share, GiB */
    unsigned remedies;             /* RL_REMEDY_* bits */
    rl_precision remedy_precision; /* the highest of the engine's lower formats (fp16, fp8, int4 but for llama.cpp and gpt-fast) below weight_precision that fits on the gpus */
    int64_t remedy_tp;             /* the smallest power-of-two tp (≤ 1024) with tp × pp ≥ gpus_needed */
    rl_precision remedy_pair_precision; /* only when no precision alone fits: the precision of the fewest GPUs */
    int64_t remedy_pair_tp;        /* its power-of-two tp, below remedy_tp (of a tie, the higher precision) */
    double remedy_vram_gib;        /* VRAM per GPU whose usable share holds weights / gpus */
    /* The rest only when fits (0, RL_BOUND_NONE and no levers otherwise): a deployment whose weights do
     * not fit has no throughput, so no intensity, roof or lever is computed for it. */
    double decode_ai;              /* B / b_w */
    double ridge;                  /* 0 when TFLOPS are unknown */
    double attainable_tflops;      /* min(peak, bandwidth·AI) (bandwidth·AI when the peak is unknown) */
    rl_bound bound;
    double ceiling_fraction;
    unsigned lever_order[RL_LEVER_COUNT_]; /* most effect first; only when memory-bound */
    double lever_gain[RL_LEVER_COUNT_];    /* by lever: the factor it could bring on decode throughput */
    int lever_count;
    /* Sized from a checkpoint's index (rl_run_request): a config whose layers the core does not
     * model (refused as RL_E_UNSUPPORTED) with the request's "checkpoint". params is then the
     * index's total_size / 2 (its 16-bit weights, exactly), and the refusal is kept: the field and
     * why (with its rule and figures, for the other languages), which the report states with the
     * estimate. 0 and status RL_OK otherwise. */
    int from_index;
    double index_bytes;
    rl_error unmodeled;
} rl_estimate;

/* Parses a size such as "70B", "7.6b", "1.5T", "350M" or "8e9" into a count.
 * RL_E_NOT_INTEGER when unreadable, RL_E_RANGE outside 1e6..1e15; field "params". */
rl_status rl_parse_params(const char *text, double *out, rl_error *err);
rl_status rl_estimate_params(double params, const rl_gpu *g, const rl_deploy *d, rl_estimate *out, rl_error *err);
size_t rl_estimate_json(const rl_gpu *g, const rl_deploy *d, const rl_estimate *e, char *buf, size_t cap);
/* The estimate's ways out in the remedy fields of a zeroed result (remedies, remedy_*, weight_precision),
 * so that rl_remedy_text and the CLI's message tables word them as they word a refusal's. */
void rl_estimate_ways_out(const rl_estimate *e, rl_result *out);

/* ======================================================================== */
/* Cost: a workload, and buy vs cloud vs serverless API           */
/* ======================================================================== */

/* The workload and the price inputs of a request: the rows of group
 * "workload" in core/fields.json. Money is USD, power W, energy kWh, time
 * hours; a month is 30 days (720 hours). A price left out comes from the
 * price presets (presets/prices/), each with its source and date; a price
 * no preset has stays missing and the cost says which. Every member is 8
 * bytes so that `given` can say which ones the request named. */
typedef struct rl_workload {
    int64_t requests_per_day;    /* 0 = no workload: no cost is computed */
    int64_t input_tokens;        /* prompt tokens per request */
    int64_t output_tokens;       /* generated tokens per request; context = input + output */
    double hardware_usd;         /* one GPU, or the whole system for Apple and mini-PCs */
    double months;               /* straight-line depreciation, default 36 */
    double resale_fraction;      /* of the hardware price, at the end */
    double electricity_usd_kwh;
    double active_watts;         /* wall power per GPU (per system) while serving */
    double idle_watts;           /* wall power per GPU (per system) while idle */
    double cloud_usd_hour;       /* on-demand $ per GPU-hour */
    double boot_factor;          /* billed hours per active hour, default 1.15 */
    double api_usd_mtok_in;      /* serverless API, $ per million input tokens */
    double api_usd_mtok_out;     /* serverless API, $ per million output tokens */
    uint64_t given;              /* bit (offset / 8) set for each member the request gave */
} rl_workload;

/* The workload rows' defaults (no workload, 36 months, boot factor 1.15), nothing given. */
rl_workload rl_workload_default(void);
/* 1 when the request gave member at `offset` (offsetof(rl_workload, ...)). */
int rl_workload_given(const rl_workload *w, size_t offset);

/* What the cost is computed from: the time the deployment spends on the
 * traffic. One input, so that the realistic estimate can replace
 * the roofline floor without touching the cost code. */
typedef struct rl_cost_basis {
    double step_ms;      /* one decode step of the whole batch (the drain when pp > 1) */
    double prefill_ms;   /* prefill of one request's input tokens, 0 when unknown */
    int64_t batch;       /* requests decoded together: the batch in the inputs, or the engine's (rl_realistic.batch) */
    int64_t gpus;        /* tp × pp */
    int realistic;       /* 0: the roofline floor, 1: the realistic estimate */
} rl_cost_basis;

/* Figures the cost needs and no input or preset gave (rl_cost.missing). */
enum {
    RL_COST_MISSING_HARDWARE_USD = 1u << 0,
    RL_COST_MISSING_RESALE_FRACTION = 1u << 1,
    RL_COST_MISSING_ACTIVE_WATTS = 1u << 2,
    RL_COST_MISSING_IDLE_WATTS = 1u << 3,
    RL_COST_MISSING_ELECTRICITY = 1u << 4,
    RL_COST_MISSING_CLOUD_USD_HOUR = 1u << 5,
    RL_COST_MISSING_API_PRICE = 1u << 6,
    RL_COST_MISSING_COUNT_ = 7
};
/* "buy.hardware_usd", "buy.resale_fraction", "buy.active_watts", "buy.idle_watts",
 * "buy.usd_per_kwh", "cloud.usd_per_gpu_hour", "api.usd_per_mtok"; "" past the end. */
const char *rl_cost_missing_name(unsigned bit_index);

/* One line of the assumptions list: a figure the cost used and where it came from. */
#define RL_COST_MAX_ASSUMPTIONS 20
typedef struct rl_cost_assumption {
    char name[32];
    double value;
    char unit[16];
    rl_origin origin;   /* analysis, spec, given, preset, board or rule */
    char source[400];   /* "given", a formula, or a price preset's "provider (as of date): source" (board: the board figure's) */
    char as_of[12];     /* a preset price's date, YYYY-MM-DD or YYYY (a front end flags one over 12 months old); "" otherwise */
} rl_cost_assumption;

/* The most copies of a deployment a cost counts: a traffic needing more is refused
 * (RL_E_CONTRADICTION on requests_per_day) (inputs each within range can ask for ~1e19, past what int64 counts). */
#define RL_COST_MAX_REPLICAS 1e9

typedef struct rl_cost {
    int present;                   /* 1 when a workload was given and the deployment fits */
    int realistic;                 /* basis: 1 "realistic", 0 "floor" */
    double step_ms, prefill_ms;    /* the basis the cost used (rl_cost_basis) */
    int64_t batch;                 /* the basis's batch: on a tight fit, the requests the engine's budget holds at once */
    /* workload */
    int64_t requests_per_day, input_tokens, output_tokens;
    double days_per_month;         /* 30 */
    double mtok_in_per_month;      /* requests/day × 30 × input / 1e6 */
    double mtok_out_per_month;
    double hours_per_request;      /* (prefill + output × step / batch) / 3.6e6: the deployment's time per request */
    double active_hours_per_month; /* requests/day × 30 × hours_per_request */
    double capacity_requests_per_day; /* what one deployment serves in 24 h: 24 / hours_per_request */
    /* The step a request sees under this traffic, ms: step_ms + (batch - 1) x prefill_ms / output_tokens.
     * The batch's other requests finish one per output_tokens steps each, and the prefills of the
     * requests that take their places run between this request's steps (its own prefill is its
     * TTFT). The same accounting as hours_per_request: a request lives prefill + output x this step.
     * Engines that overlap prefill chunks with decode steps can do better. Equals step_ms at batch 1. */
    double loaded_step_ms;
    double tokens_per_s_user;      /* 1000 / loaded_step_ms: one request's speed under this traffic */
    int64_t gpus;
    /* Disaggregated (rl_cost_basis.hold_ms > 0): gpus is both pools', the time per request the binding pool's. */
    int disagg;
    int64_t prefill_gpus, decode_gpus;
    int limited_by;                /* 1 prefill, 2 decode */
    double sustained_requests_per_s; /* 1000 / hold_ms: what one deployment (both pools) serves */
    /* buy (has_buy when every figure is known) */
    int has_buy;
    double hardware_usd;           /* per GPU (per system) × gpus × replicas */
    double resale_fraction, months;
    int64_t replicas;              /* deployments the traffic needs: ceil(active hours / 720), 1..RL_COST_MAX_REPLICAS */
    double depreciation_usd_per_month; /* hardware × (1 − resale) / months */
    double active_watts, idle_watts, usd_per_kwh;
    double hours_per_month;        /* 720 × replicas */
    double idle_hours_per_month;   /* hours_per_month − active hours */
    double energy_kwh_per_month;   /* gpus × (active h × active W + idle h × idle W) / 1000 */
    double energy_usd_per_month;
    double buy_monthly_usd, buy_usd_per_mtok_out;
    /* cloud */
    int has_cloud;
    double usd_per_gpu_hour, boot_factor, cloud_monthly_usd, cloud_usd_per_mtok_out;
    /* serverless API */
    int has_api;
    double api_usd_per_mtok_in, api_usd_per_mtok_out, api_monthly_usd, api_usd_per_mtok_out_effective;
    /* break-even traffic, requests/day (has_* 0: the lines do not cross within one deployment) */
    int has_breakeven_cloud, has_breakeven_api;
    double breakeven_cloud_requests_per_day, breakeven_api_requests_per_day;
    /* The chart of monthly cost against requests/day, over one deployment's
     * capacity: each option is a straight line there, so its two ends are
     * enough to draw it (the crossings are the break-evens above). */
    double chart_max_requests_per_day; /* = capacity_requests_per_day */
    double chart_buy_usd_at_zero, chart_buy_usd_at_max, chart_cloud_usd_at_max, chart_api_usd_at_max;
    unsigned missing;              /* RL_COST_MISSING_* */
    int assumption_count;
    rl_cost_assumption assumptions[RL_COST_MAX_ASSUMPTIONS];
} rl_cost;

/* The cost of serving workload *w with the deployment whose time is *basis,
 * on GPU preset `gpu_id` for model preset `model_id` (either may name no
 * preset: its prices are then missing unless given). Reads the compiled-in
 * price presets; no allocation, no I/O. out->present is 0 without a workload. */
rl_status rl_cost_compute(const rl_workload *w, const rl_cost_basis *basis, const char *gpu_id,
                          const char *model_id, rl_cost *out, rl_error *err);

/* One figure of a price preset: its value and "source (as of date)"; ok 0 when
 * the preset gives none (null, absent, or no preset for the id). */
typedef struct rl_price_figure {
    int ok;
    double value;
    rl_origin origin; /* preset; board (a board power standing in for an unsourced wall power); rule (idle power from
                         RL_IDLE_FRACTION of the board power) */
    char source[sizeof(((rl_cost_assumption *)0)->source)];
    char as_of[sizeof(((rl_cost_assumption *)0)->as_of)];
} rl_price_figure;

/* Idle power where no preset gives one, for a data-center or desktop card (not an Apple or mini-PC
 * system): this fraction of its rated board power, an assumption said so (origin "rule"). It is the
 * highest idle-to-board ratio among the price presets with a measured idle reading, the A100 80GB's
 * 62.13 W of 400 W (NVML, presets/prices/a100-80g.json); the T4 (13.0%), RTX 3090 (6.4%) and RTX 5090
 * (1.9%) idle lower. The highest, so that an idle month is not undercounted. tests/c/cost_test.c
 * recomputes it from the presets. */
#define RL_IDLE_FRACTION (62.13 / 400.0)

/* What the price presets give for one GPU preset and one model preset, as
 * rl_cost_compute reads them. A caller that costs one setup at many batches
 * (the planner) reads them once and passes them to rl_cost_compute_priced. */
typedef struct rl_cost_prices {
    rl_price_figure hardware_usd, resale_fraction, active_watts, idle_watts, usd_per_gpu_hour;
    rl_price_figure usd_per_kwh, api_usd_per_mtok_in, api_usd_per_mtok_out;
} rl_cost_prices;

/* Reads the price presets of `gpu_id` and `model_id` (either may be NULL or name
 * no preset: its figures are then not ok). */
rl_status rl_cost_read_prices(const char *gpu_id, const char *model_id, rl_cost_prices *out, rl_error *err);
/* Days from a price's date to `today` (both YYYY-MM-DD; a price dated by its year alone, YYYY, counts from
 * that year's last day, the most recent it can mean). -1 when either is not such a date or the price is
 * dated after today. A price more than RL_PRICE_STALE_DAYS old is flagged by the CLI and the page. */
int64_t rl_price_age_days(const char *as_of, const char *today);
#define RL_PRICE_STALE_DAYS 365
/* rl_cost_compute with the prices already read: the same cost, field for field. */
rl_status rl_cost_compute_priced(const rl_workload *w, const rl_cost_basis *basis, const rl_cost_prices *prices,
                                 rl_cost *out, rl_error *err);
/* A disaggregated deployment's pools re-read at a workload's input and output lengths and its rate (its
 * prefill pool, transfer and balance: r->disagg), as rl_run_request does after rl_analyze, which reads them at
 * seq alone. Does nothing for a colocated deployment, without a workload, or when r does not fit. */
rl_status rl_disagg_workload(const rl_model *m, const rl_gpu *g, const rl_deploy *d, const rl_workload *w,
                             rl_result *r, rl_error *err);
/* Writes "cost": {...} as the report carries it (the cost's JSON contract)
 * into buf (rl_report_json's return convention); "" when !c->present. */
size_t rl_cost_json(const rl_cost *c, char *buf, size_t cap);
/* The report with its cost (rl_report_json's convention); c may be NULL. */
size_t rl_report_json_cost(const rl_model *m, const rl_gpu *g, const rl_deploy *d, const rl_result *r,
                           const rl_cost *c, char *buf, size_t cap);

/* ======================================================================== */
/* Requests and reports (JSON)                                               */
/* ======================================================================== */

/* Reads a request object, the shape the test vectors, the web page and the CLI use
 * (the CLI turns its flags into one):
 *   {"model": "<preset id>" | "config": {<HF config.json>} | "params": "70B",
 *    "gpu": "<preset id>"
 *         | {"tflops": T | null, "bandwidth_gbs": B, "vram_gib": V, "tflops_fp8": F, "tops_int8": I}
 *         | {"base": "<preset id>", <any of those figures, overriding the preset's>},
 *    "gpu_limit": "default" | "raised", "precision": "fp16", "kv_precision": "fp8",
 *    "seq": 4096, "batch": 1, "tp": 1, "pp": 1, "micro_batches": 8, "kv_block": 16,
 *    "moe_read": "union", the realistic budget's keys, and offload's "gpu_layers": 20,
 *    "ram_gib": 64, "host_memory": "ddr5-5600-2ch", "cpu_bandwidth_gbs": 89.6}
 * The keys, their types, ranges and defaults are the rows of the field table
 * (rl_field_at, core/fields.json). Every key but the model and gpu is optional.
 * Unknown keys are an error (RL_E_UNKNOWN_NAME naming the key) so that a typo
 * never passes silently. When config_text is not NULL it is the model (a
 * config.json of config_len bytes, as a user pasted it) and the request must
 * not name "model", "config" or "params". Errors name the request key
 * ("batch", "micro_batches", "gpu.tflops", ...) or, for the model, "config.<field>". */
#define RL_REQUEST_MAX_BYTES (64u * 1024u)
rl_status rl_request_from_json(const char *json, size_t len, const char *config_text,
                               size_t config_len, rl_model *m, rl_gpu *g, rl_deploy *d,
                               rl_error *err);

/* Writes the report object described in README.md ("verdict", "fits", "model",
 * "gpu", "config", "memory", "roofline", "decode", "prefill", "tp", "pp",
 * "paged", "warnings", "remedies") into buf (always NUL-terminated when cap > 0).
 * Times and throughput appear only when r->has_timing. Returns the length the
 * full text needs, excluding the NUL: a return >= cap means it was cut. */
size_t rl_report_json(const rl_model *m, const rl_gpu *g, const rl_deploy *d,
                      const rl_result *r, char *buf, size_t cap);

/* One request, read and analysed: what rl_run_json writes as JSON, kept as
 * structs so that a caller (the CLI) can print text and take its exit code from
 * the result itself. A few KB (sizeof(rl_run)). */
typedef struct rl_run {
    rl_status status;     /* RL_OK for refusals too; else `error` says why */
    rl_error error;
    int is_estimate;      /* a "params" request: `estimate` is set, `result` is not */
    rl_model model;
    rl_gpu gpu;
    rl_deploy deploy;
    rl_result result;
    rl_estimate estimate;
    rl_workload workload; /* the request's workload and price inputs (Cost section) */
    rl_cost cost;         /* cost.present only when a workload is given and it fits */
} rl_run;

/* Reads the request (as rl_request_from_json, plus "params" for the estimate)
 * and runs the analysis or the estimate. Returns out->status. */
rl_status rl_run_request(const char *request, size_t len, const char *config_text, size_t config_len,
                         rl_run *out);
/* The report, the estimate or the error JSON of a run (rl_report_json's return convention). */
size_t rl_run_write_json(const rl_run *run, char *buf, size_t cap);

/* The whole request path in one call, as the wasm bridge and both vector
 * runners use it: rl_run_request followed by rl_run_write_json. *status gets
 * the outcome (RL_OK for refusals too). */
size_t rl_run_json(const char *request, size_t len, const char *config_text, size_t config_len, char *buf,
                   size_t cap, rl_status *status);

/* Writes {"error": {"code": "<status name>", "status": N, "field": "...",
 * "message": "..."}}. Same return convention as rl_report_json. */
size_t rl_error_json(const rl_error *err, char *buf, size_t cap);

/* The weight format RL_WARN_ENGINE_LACKS_WEIGHT_FORMAT names: r->weight_precision when r->engine lacks it,
 * else mxfp4 (the experts of an MXFP4 checkpoint analysed at precision auto). */
rl_precision rl_lacked_weight_format(const rl_result *r);
/* English sentence for warning bit i, with this analysis' numbers in it. */
size_t rl_warning_text(unsigned bit_index, const rl_model *m, const rl_deploy *d,
                       const rl_result *r, char *buf, size_t cap);
/* The figure of remedy bit i in r, the one the JSON's "value" holds: a precision's name (returned;
 * *number untouched), or NULL with the number in *number (a tp, batch, tokens, GiB, fraction or layer count). */
const char *rl_remedy_value(unsigned bit_index, const rl_result *r, double *number);
/* English sentence for remedy bit i. */
size_t rl_remedy_text(unsigned bit_index, const rl_model *m, const rl_deploy *d,
                      const rl_result *r, char *buf, size_t cap);

/* ======================================================================== */
/* Parsing helpers (for command-line flags)                                  */
/* ======================================================================== */

/* Parses a whole number from text ("8", "1e3"). RL_E_NOT_INTEGER when it is
 * not a number or has a fraction, RL_E_RANGE outside [lo, hi]; the message
 * names `field` and the range. */
rl_status rl_parse_count(const char *text, const char *field, int64_t lo, int64_t hi, int64_t *out,
                         rl_error *err);
/* Parses a finite number from text. RL_E_NOT_INTEGER when it is not a number
 * (NaN included), RL_E_RANGE for ±inf or overflow. */
rl_status rl_parse_number(const char *text, const char *field, double *out, rl_error *err);


/* ======================================================================== */
/* Lint: a pasted serve command (vLLM, SGLang, llama-server, trtllm-serve)   */
/* ======================================================================== */

/* rl_lint_run reads a serve command as people paste it, maps the flags it
 * knows to one request, applies the engine's own defaults to the flags that
 * are absent, runs the analysis, and answers in the engine's terms: does it
 * start, how many requests of full length run at once, and a corrected
 * command. No allocation, no I/O: everything lives in the caller's rl_lint
 * (about 75 KB; keep it static or on the heap) and on the stack (the request
 * reader's two JSON documents, as for rl_run_request).
 *
 * The command is tokenised like a POSIX shell would: blanks split words,
 * '...' and "..." quote, a backslash escapes the next character and a
 * backslash-newline continues the line; `--flag=value` is split at the '='.
 * Leading VAR=value assignments are skipped. Flags the engine takes that the
 * lint does not read are listed in `ignored`, never an error. */
#define RL_LINT_MAX_BYTES 8192u  /* command text */
#define RL_LINT_MAX_ARGS 256     /* words in the command */
#define RL_LINT_MAX_FINDINGS 12

/* The serving program a command starts (not the realistic estimate's rl_engine). */
typedef enum rl_serve_engine {
    RL_SERVE_VLLM = 0,
    RL_SERVE_SGLANG = 1,
    RL_SERVE_LLAMA_SERVER = 2,
    RL_SERVE_TRTLLM = 3 /* TensorRT-LLM's trtllm-serve (its PyTorch backend): the realistic estimate's trt-llm */
} rl_serve_engine;
/* "vllm", "sglang", "llama-server", "trtllm-serve". */
const char *rl_serve_engine_name(rl_serve_engine e);

/* In the engine's terms: it starts and serves what it was asked (FITS); it
 * starts but caps something (concurrency, request length) or the realistic
 * budget is short (TIGHT); it does not start (REFUSED). Exit codes as for an
 * analysis: 0, 0, 3. */
typedef enum rl_lint_verdict { RL_LINT_FITS = 0, RL_LINT_TIGHT = 1, RL_LINT_REFUSED = 2 } rl_lint_verdict;
/* "fits", "tight", "refused". */
const char *rl_lint_verdict_name(rl_lint_verdict v);

#define RL_LINT_MAX_VALUES 8
typedef struct rl_lint_finding {
    char code[40];     /* stable snake_case code, e.g. "vllm_max_model_len_too_long" */
    char message[384]; /* one sentence in the engine's words, with this command's numbers */
    /* The sentence's values by name, written as the sentence writes them ("seq": "32768",
     * "room": "4.37"): a translation words the finding from its code and these. A
     * "variant" names another sentence of the same code (web/src/i18n lintf.<code>.<variant>). */
    int value_count;
    char value_name[RL_LINT_MAX_VALUES][16];
    char value[RL_LINT_MAX_VALUES][96];
} rl_lint_finding;

/* Why a corrected command was chosen: the rule that ranks every command the search found (the levers an
 * engine's flags express: tp, pp, fp8 weights, fp8 KV cache, context, concurrency, memory fraction; for
 * llama-server -ngl, -c and -np), best first. "Precision" counts a changed weight format twice a changed KV
 * format; "context" is the longest request; "concurrency" the requests of full length at once. */
typedef enum rl_lint_rule {
    RL_LINT_RULE_CLOSEST = 0,     /* fewest GPUs, then the precision asked, then the context, then the concurrency */
    RL_LINT_RULE_PRECISION = 1,   /* the precision asked, then fewest GPUs, then the context, then the concurrency */
    RL_LINT_RULE_CONTEXT = 2,     /* the longest context, then fewest GPUs, then the precision, then the concurrency */
    RL_LINT_RULE_CONCURRENCY = 3, /* the most concurrency on at most twice the best's GPUs, then fewest GPUs, ... */
    RL_LINT_RULE_COUNT_ = 4
} rl_lint_rule;
/* "closest", "precision", "context", "concurrency". */
const char *rl_lint_rule_name(rl_lint_rule r);

/* A corrected command's deployment: what it asks of the engine. */
typedef struct rl_lint_levers {
    rl_lint_rule rule;
    int64_t gpus, tp, pp;       /* gpus = tp x pp */
    rl_precision weights, kv;   /* resolved formats */
    int64_t seq;                /* tokens per request */
    int64_t max_seqs;           /* requests at once it asks for (= those of full length it holds) */
    double pool_fraction;       /* vLLM / SGLang / trtllm-serve memory fraction it runs at; 0 for llama-server */
    int64_t gpu_layers;         /* llama-server -ngl; -1 all */
    int changed;                /* flags it sets or changes */
} rl_lint_levers;
#define RL_LINT_MAX_ALTERNATIVES 2

typedef struct rl_lint {
    rl_status status;     /* RL_OK for refusals too; else `error` says why, naming the flag */
    rl_error error;
    rl_serve_engine engine;
    char model_id[256];   /* as the command names it: HF repo, path or GGUF file */
    char preset[64];      /* the model preset it maps to; "" with config.json text */

    /* The command's words, NUL-separated in `words`; word i starts at
     * word_at[i]. A --flag=value word is kept as two words, flag and value. */
    char words[RL_LINT_MAX_BYTES + RL_LINT_MAX_ARGS];
    int word_at[RL_LINT_MAX_ARGS];
    int word_count;
    /* 1 where word i is the value split off word i-1's --flag=value: the
     * corrected command writes the two joined again, so that it reads back
     * as the same words (a value such as --x=y would split once more). */
    unsigned char joined[RL_LINT_MAX_ARGS];
    /* Recognized flags: the word index of the flag and of its value (-1 for a switch the analysis counts, such
     * as vLLM's --enable-expert-parallel: "on"). */
    int recognized_flag[RL_LINT_MAX_ARGS];
    int recognized_value[RL_LINT_MAX_ARGS];
    int recognized_count;
    int ignored[RL_LINT_MAX_ARGS];             /* word index of each ignored flag */
    int ignored_count;
    /* Engine defaults applied to absent flags: "--max-num-seqs" -> "256", with why. */
    char defaults[8][3][160];                  /* flag, value, source */
    int default_count;

    int64_t max_seqs;     /* what the command asks to run at once: --max-num-seqs, --max-running-requests, -np,
                             --max_batch_size */
    int64_t concurrency;  /* requests of full length the KV cache holds at once (0 when refused) */
    int64_t gpu_layers;   /* llama-server -ngl as given, -1 when absent (all layers) */
    int64_t sglang_chunk; /* SGLang: the prefill chunk its default --mem-fraction-static is sized for (its
                             --chunked-prefill-size, or --max-prefill-tokens 16384 with chunking off) */

    rl_lint_verdict verdict;
    rl_lint_finding findings[RL_LINT_MAX_FINDINGS];
    int finding_count;
    char corrected[RL_LINT_MAX_BYTES]; /* the corrected command, one line; "" when none is needed or possible */
    int has_corrected;
    rl_lint_levers correction;         /* its deployment (rule RL_LINT_RULE_CLOSEST), when has_corrected */
    /* Up to two more that trade differently: the best by another rule, each distinct from the others. Every
     * one lints as "fits" on the same GPUs, and uses only flags its engine has. */
    char alternative[RL_LINT_MAX_ALTERNATIVES][RL_LINT_MAX_BYTES];
    rl_lint_levers alternative_levers[RL_LINT_MAX_ALTERNATIVES];
    int alternative_count;

    char request[1024];   /* the request the command maps to (JSON), as the engine will run it */
    int has_report;       /* 1 when `run` holds an analysis (the model is known) */
    rl_run run;           /* that analysis; without times when the engine refuses */
} rl_lint;

/* Reads `command` (len bytes, at most RL_LINT_MAX_BYTES) with the deployment it
 * does not name in `request`: a request object holding the GPU ("gpu",
 * "gpu_limit") and optionally the realistic-budget keys, as rl_run_request
 * reads it (NULL or "" for none: then the GPU is missing and named so). Keys
 * the command sets (model, seq, batch, tp, pp, precision, kv_precision,
 * kv_block, pool_fraction) replace the request's. config_text, when not NULL,
 * is the model's config.json (the CLI's --config): then the command's model id
 * is only recorded. Errors name the flag ("--max-model-len"), "lint" for the
 * command as a whole (an unterminated quote, an unknown program), "-m" /
 * "--model" for a model with no preset (pass --config), or the request key.
 * Returns out->status. */
rl_status rl_lint_run(const char *command, size_t len, const char *request, size_t request_len,
                      const char *config_text, size_t config_len, rl_lint *out);

/* {"lint": {"engine", "model", "preset", "recognized": {flag: value},
 * "ignored": [flags], "defaults": {flag: value}, "verdict", "max_seqs",
 * "concurrency", "findings": [{"code", "message", "values": {name: text}}], "corrected_command":
 * text | null, "request": {...}}, "report": {...}} — "report" only when the
 * model is known; or the error object. rl_report_json's return convention. */
size_t rl_lint_write_json(const rl_lint *l, char *buf, size_t cap);

/* rl_lint_run into *work, then rl_lint_write_json into buf: the one entry
 * point of the wasm bridge and both vector runners. *status gets the outcome
 * (RL_OK for refusals too). The caller's `work` keeps the core free of global state. */
size_t rl_lint_json(const char *command, size_t len, const char *request, size_t request_len,
                    const char *config_text, size_t config_len, rl_lint *work, char *buf, size_t cap,
                    rl_status *status);

/* ======================================================================== */
/* Plan: the cheapest setups that meet service-level targets                 */
/* ======================================================================== */

/* rl_plan searches GPU presets x tp {1, 2, 4, 8} (one node) x pp {1..4}
 * (nodes) x weight precision {auto, fp8, int4} (or the one given), and for an MoE
 * model RL_PLAN_SCALE_SETUPS scale-out setups more (EP, DP attention, multi-node tp), each setup
 * at its best batch, for a base request that holds the model and a workload
 * (requests_per_day, input_tokens, output_tokens, and any prices) but none of
 * the keys the plan sets (gpu, tp, pp, precision, batch, seq, micro_batches:
 * the reader then refuses the key as a duplicate). A setup qualifies when its
 * analysis fits (not tight unless allow_tight), has a cost, meets both
 * targets, and the traffic keeps its batch full; its best batch is the
 * largest such one that its engine runs (bisected over 1..max_batch_realistic,
 * the requests the engine's budget holds: a larger batch would wait in the
 * engine's queue, at the smaller one's speed and cost; the cost per token only
 * falls as the batch grows, the tests only turn false). Every figure is a
 * plain rl_run_request of that setup, so a candidate is exactly what an
 * analysis of it alone says. Times are the cost's basis: the engine's
 * expected figures, or the floor's where it has no estimate
 * (rl_plan_summary.floor_basis). Used by the CLI's --plan and by the page's
 * Plan view (the wasm bridge's rlw_plan).
 * No allocation, no I/O: the caller gives the work area and the output. */
#define RL_PLAN_MAX_GPUS 64
#define RL_PLAN_TPS 4        /* tp 1, 2, 4, 8 */
#define RL_PLAN_PPS 4        /* pp 1, 2, 3, 4 */
#define RL_PLAN_PRECISIONS 3 /* per GPU: auto and its engine's 8-bit and 4-bit formats: fp8, int4 (llama.cpp q8_0,
                                q4_k_m; gpt-fast int8, int4) */
#define RL_PLAN_PRECISION_NAMES 7 /* the most distinct precisions one search can list: auto and two per engine */
/* An MoE model's scale-out setups per GPU and precision (plan.c, SCALE; docs/scale-out.md), pp 1: tp 2, 4, 8 on
 * one node with ep = tp, dp_attention = tp, or both (9), and tp 16, 32 on 2, 4 nodes of 8 GPUs (the default
 * scale-out link) alone, with ep = tp, dp_attention = tp, or both (8). A dense model gets none. */
#define RL_PLAN_SCALE_SETUPS 17
/* Setups searched at most: every GPU of the query x tp x pp x precision.
 * Each gives at most two candidates (buy and cloud), so an output of
 * 2 x RL_PLAN_MAX_SETUPS candidates always holds them all. */
#define RL_PLAN_MAX_SETUPS (RL_PLAN_MAX_GPUS * (RL_PLAN_TPS * RL_PLAN_PPS + RL_PLAN_SCALE_SETUPS) * RL_PLAN_PRECISIONS)

typedef struct rl_plan_query {
    double max_ttft_ms;           /* ms, >= 0; 0 = no target. Setups whose GPU has no TFLOPS then never qualify */
    double min_tokens_per_s_user; /* decode tokens/s each user sees under the traffic (rl_cost.tokens_per_s_user), >= 0;
                                     0 = no target */
    int allow_tight;              /* 1: a setup whose engine budget holds no request (tight at batch 1, no engine
                                     estimate) qualifies, on the floor's figures up to the floor's max batch */
    const char *precision;        /* NULL: auto and the engine's 8-bit and 4-bit formats (RL_PLAN_PRECISIONS), leaving out a
                                     setup whose auto format the engine does not run (RL_WARN_ENGINE_LACKS_WEIGHT_FORMAT:
                                     DeepSeek-V3's fp8 under llama.cpp); else only this weight precision, as given */
    const char *const *gpus;      /* GPU preset ids to search; NULL or gpu_count 0: every GPU preset (at most RL_PLAN_MAX_GPUS)
                                     but those the engine has no backend for (RL_WARN_ENGINE_NOT_ON_GPU) */
    size_t gpu_count;             /* at most RL_PLAN_MAX_GPUS are searched */
} rl_plan_query;

typedef enum rl_plan_option { RL_PLAN_BUY = 0, RL_PLAN_CLOUD = 1 } rl_plan_option;
/* "buy", "cloud". */
const char *rl_plan_option_name(rl_plan_option o);

/* One qualifying setup at its best batch, priced one way. */
typedef struct rl_plan_candidate {
    char gpu[64];                 /* the GPU preset id */
    int64_t gpus, tp, pp, batch;  /* gpus = tp x pp */
    int64_t ep, dp_attention, nodes; /* the scale-out layout: 1, 1, 1 for a TP-only setup */
    char precision[8], kv_precision[8]; /* as the analysis resolved them ("fp16" for auto) */
    double ttft_ms;               /* ms: the engine's TTFT overhead + the expected prefill of one request's
                                     input (on the floor: launch + prefill) */
    double tokens_per_s_user;     /* the cost's: 1000 / the loaded step, the expected decode step (on the floor: the
                                     floor's) + (batch - 1) x prefill / output tokens, the speed under the traffic */
    double tokens_per_s_gpu;      /* batch x tokens_per_s_user / gpus: the output tokens/s each GPU gives */
    double monthly_usd;           /* USD per 30-day month for the workload */
    double usd_per_mtok_out;      /* USD per million output tokens */
    rl_plan_option option;
    uint32_t order;               /* the search order, the last tie-break of the ranking */
    /* Disaggregated (rl_plan_summary.disagg only): the pools, prefill_instances of prefill_tp GPUs beside
     * decode_instances of the tp x pp layout above; gpus is both pools', tokens_per_s_gpu the deployment's
     * output tokens/s (sustained requests/s x output tokens) / gpus, ttft_ms the disaggregated TTFT. 0 colocated. */
    int64_t prefill_instances, prefill_tp, decode_instances;
    int prefill_timed;            /* 1: the GPU has a sourced TFLOPS figure, so the cost counts its prefill (0: its
                                     cost holds the decode steps alone, and no TTFT target can be met) */
} rl_plan_candidate;

/* The disaggregated setups (plan.c, docs/scale-out.md "The planner"): the decode layouts (GPU, precision, tp,
 * pp, ep, dp_attention, nodes) of the RL_PLAN_DISAGG_DECODE cheapest distinct colocated candidates on a GPU with a
 * sourced TFLOPS figure (a pool without one has no prefill time, so no balance and no cost), each with a
 * prefill pool of prefill_tp 1, 2, 4 or 8 on the same GPU and precision: at most 4 x 4 = 16 splits. Each split's
 * decode batch is bisected as the colocated search's (one instance of each pool); its instance counts are then
 * those, up to RL_PLAN_DISAGG_MAX_PREFILL x RL_PLAN_DISAGG_MAX_DECODE, that pay for the fewest GPUs per sustained
 * request (the balance) with a decode pool the traffic fills. Each candidate is a plain run of its request. */
#define RL_PLAN_DISAGG_DECODE 4
#define RL_PLAN_DISAGG_PREFILL_TPS 4
#define RL_PLAN_DISAGG_MAX_PREFILL 32
#define RL_PLAN_DISAGG_MAX_DECODE 8

/* What the search saw, for a plan with no candidate to say why. */
typedef struct rl_plan_summary {
    long searched;                /* setups searched */
    long scale_out_searched;      /* of those, the scale-out ones (ep, dp_attention or nodes over 1): MoE models only */
    long fit;                     /* setups that fit at batch 1 (not tight unless allowed) with a cost */
    long met_ttft;                /* of those, the ones within max_ttft_ms */
    double best_ttft_ms;          /* the lowest TTFT of a fitting setup with TFLOPS (ms); 0 when none */
    double best_tokens_per_s_user;/* the highest batch-1 speed of a setup within the TTFT target; 0 when none */
    size_t found;                 /* candidates found; more than `count` when the output was too small */
    size_t count;                 /* candidates written to the output */
    int floor_basis;              /* 1 when a candidate's times are the floor's (no realistic estimate);
                                     0: every candidate is on the realistic estimate, as every fit is */
    const char *precisions[RL_PLAN_PRECISION_NAMES]; /* the weight precisions searched, by name, each once in the order
                                     first searched (with engine auto, those of each GPU's engine: fp8, int4, q8_0, q4_k_m) */
    size_t precision_count;       /* 1 with a query precision; else RL_PLAN_PRECISIONS, or up to 5 with engine auto */
    long disagg_searched;         /* disaggregated splits searched (RL_PLAN_DISAGG_*); 0 with no colocated candidate */
    int has_disagg[2];            /* per option (rl_plan_option): a disaggregated setup qualified */
    rl_plan_candidate disagg[2];  /* per option: the cheapest qualifying disaggregated setup */
} rl_plan_summary;

/* What the runs of one search share, read once and kept by id (the planner's setups
 * all name the base request's model, and each GPU is costed at many setups): the
 * model preset, and the price presets of the last GPU and model costed. Both depend
 * on their ids alone. An empty id holds nothing. */
typedef struct rl_run_memo {
    char model_id[64];
    rl_model model;
    char price_gpu[64], price_model[64]; /* the ids `prices` were read for */
    rl_cost_prices prices;
} rl_run_memo;

/* The work area of one search: the request of each setup and its run, and what the
 * setups share. rl_plan sets it up itself; the caller only provides it. */
typedef struct rl_plan_work {
    char request[RL_REQUEST_MAX_BYTES];
    rl_run run;
    rl_run_memo memo;
} rl_plan_work;

/* Searches, writes up to `cap` candidates into out (cheapest $/Mtok out first,
 * then the faster per user, then by GPU id, then in search order: buy and
 * cloud mixed) and fills *summary. Errors (then nothing is searched): the
 * base request's own, from a probe of the first GPU at tp 1, pp 1, batch 1
 * (a model the core does not model is no error: it only gives no candidate),
 * RL_E_USAGE naming "requests_per_day" without a workload, "max_ttft_ms" for
 * a negative or non-finite target, RL_E_TOO_LARGE naming "plan" for a base
 * request that is not a JSON object text ending in '}' with room for the setup. */
rl_status rl_plan(const char *base_request, size_t len, const char *config_text, size_t config_len,
                  const rl_plan_query *q, rl_plan_work *work, rl_plan_candidate *out, size_t cap,
                  rl_plan_summary *summary, rl_error *err);

/* The Pareto front of one option among candidates sorted as rl_plan writes
 * them: each kept candidate is faster per user than every cheaper one of its
 * option. Writes up to `cap` indices into `index`; returns how many are on the front. */
size_t rl_plan_pareto(const rl_plan_candidate *sorted, size_t n, rl_plan_option option, size_t *index, size_t cap);

/* Whether the cheapest scale-out candidate of an option (ep, dp_attention or nodes over 1) costs less per
 * million output tokens than the cheapest TP-only one (or there is no TP-only one), among candidates sorted as
 * rl_plan writes them. Returns 1 and fills *g then, else 0. */
typedef struct rl_plan_gain {
    size_t scale_out;             /* index of the cheapest scale-out candidate */
    size_t tp_only;               /* index of the cheapest TP-only candidate, when has_tp_only */
    int has_tp_only;
    double tokens_per_s_gpu_x;    /* scale-out tokens/s per GPU / TP-only's (0 without a TP-only one) */
    double usd_per_mtok_x;        /* TP-only $/Mtok out / scale-out's: how many times cheaper (0 without one) */
} rl_plan_gain;
int rl_plan_scale_out_gain(const rl_plan_candidate *sorted, size_t n, rl_plan_option option, rl_plan_gain *g);

/* The cheapest disaggregated setup of an option (summary->disagg) against the cheapest colocated candidate of
 * that option whose cost counts its prefill (prefill_timed: a disaggregated setup always does; one on a GPU with no
 * TFLOPS figure would win on a cost that leaves its prefills out), sorted as rl_plan writes them: 0 when no
 * disaggregated setup qualified. beats: it costs less per
 * million output tokens (or there is no colocated one). When it does not (rl_plan_json's why "no_gpu_time_saved"):
 * under this model a prompt's prefill costs the same GPU time on either pool, and the colocated prefills' stall
 * counts only against each user's speed (the loaded step), so a split saves GPU time only where a per-user speed
 * target holds the colocated batch down; otherwise it pays for the idle share of the pool that does not bind
 * (docs/scale-out.md, "The planner"). */
typedef struct rl_plan_disagg_cmp {
    int has_colocated;
    size_t colocated;             /* index of the cheapest colocated candidate of the option */
    int beats;
    double tokens_per_s_gpu_x;    /* disaggregated tokens/s per GPU / colocated's (0 without one) */
    double usd_per_mtok_x;        /* colocated $/Mtok out / disaggregated's: > 1 when it beats (0 without one) */
} rl_plan_disagg_cmp;
int rl_plan_disagg_gain(const rl_plan_summary *s, const rl_plan_candidate *sorted, size_t n, rl_plan_option option,
                        rl_plan_disagg_cmp *g);

/* {"plan": {"basis": "realistic" (or "floor", see floor_basis), "searched": N, "fit": N, "met_ttft": N,
 * "best_ttft_ms": x, "best_tokens_per_s_user": x, "targets": {"max_ttft_ms",
 * "min_tokens_per_s_user"}, "candidates": [the `top` cheapest of each option,
 * buy first], "pareto": [buy's front, then cloud's], "scale_out_searched": N, "scale_out": [for each
 * option whose scale-out setup wins (rl_plan_scale_out_gain): {"option", "setups": [the scale-out candidate, then
 * the TP-only one when there is one], "tokens_per_s_gpu_x", "usd_per_mtok_x"}]}}, each candidate {"gpu",
 * "gpus", "tp", "pp", "ep", "dp_attention", "nodes", "precision", "kv_precision", "batch", "ttft_ms",
 * "tokens_per_s_user", "tokens_per_s_gpu", "option", "monthly_usd", "usd_per_mtok_out"} (the CLI's
 * --plan --json adds each one's page "link"). rl_report_json's return convention. */
size_t rl_plan_json(const rl_plan_query *q, const rl_plan_summary *s, const rl_plan_candidate *sorted, size_t top,
                    char *buf, size_t cap);

/* rl_plan, then rl_plan_json, or the error JSON: the wasm bridge's one call. */
size_t rl_plan_run_json(const char *base_request, size_t len, const char *config_text, size_t config_len,
                        const rl_plan_query *q, size_t top, rl_plan_work *work, rl_plan_candidate *out, size_t cap,
                        char *buf, size_t buf_cap, rl_status *status);

#ifdef __cplusplus
}
#endif
#endif /* ROOFLINE_H */
