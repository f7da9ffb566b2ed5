/* The analysis: fit (floor and realistic budget), roofline, prefill, TP, PP,
 * paged KV, sliding windows, MLA and MoE reads. No allocation, no I/O.
 * The formulas a known-wrong version exists for are reached through the table
 * in ctx.F (formulas.h); everything else is computed here. */
#include "internal.h"

#include "formulas.h"
#include "realistic.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#define MXFP4_BYTES 0.53125                 /* 4 bits + one 8-bit scale per 32 values */
#define FP8_BLOCK_SCALE (4.0 / (128.0 * 128.0)) /* one fp32 scale per 128x128 block */

/* ---- the context of one analysis ---------------------------------------- */

typedef struct ctx {
    const rl_formulas *F;
    const rl_model *m;
    const rl_gpu *g;
    const rl_deploy *d;
    rl_precision w_prec, kv_prec, math_prec;
    double b_main, b_embed, b_expert, b_kv; /* bytes per parameter / element */
    double weight_total;                    /* all weights at their precisions, whole model */
    double kv_elems;                        /* cached elements per token per layer */
    double kv_share;
    double bw, peak;                        /* bytes/s, FLOP/s (0 when unknown) */
    double local_layers, global_layers;
    double state_layers, state_tokens;      /* linear-attention layers; each one's state in cached-token units */
    int64_t tokens;                         /* per request in the fit check (paged) */
    int64_t local_tokens_capacity;          /* per local layer in the fit check */
    bool offload;                           /* gpu_layers <= L: a host part in RAM */
    bool skip_host;                         /* the -ngl search: the GPU side alone */
    double gpu_frac;                        /* n/L of the layers on the GPU (1 without offload) */
    double host_bw;                         /* bytes/s of the host memory */
    int64_t chunk;                          /* tokens per prefill step: the deployment's, else the engine's own
                                               (rl_engine_chunk); 0: the whole prompt */
} ctx;

static double gpus_of(const rl_deploy *d) { return (double)d->tp * (double)d->pp; }

static double expert_bytes(const ctx *c) {
    const rl_model *m = c->m;
    return m->params_expert_matrix * c->b_expert + (m->params_expert - m->params_expert_matrix) * c->b_main;
}

/* Expert parallelism (ep > 1): the EP group is the tp group (expert_parallel.c), so the ranks
 * follow tp when a way out changes it. */
static double ep_of(const rl_deploy *d) { return d->ep > 1 ? (double)d->tp : 1.0; }

/* Data-parallel attention (dp_attention.c): D groups of a = tp / D GPUs run everything but the routed
 * experts, each for its own requests; the busiest group holds ceil(B / D) of them, and every figure
 * per GPU that grows with the requests (their KV, their logits) is that group's. */
static int64_t dp_of(const rl_deploy *d) { return RL_SCALE_OUT && d->dp_attention > 1 ? d->dp_attention : 1; }
static int64_t attn_tp(const rl_deploy *d) {
    return dp_of(d) == 1 ? d->tp : rl_formulas_in_use()->dp_group_gpus(d->tp, dp_of(d));
}
static double group_batch(const rl_deploy *d) {
    return (double)(dp_of(d) == 1 ? d->batch : rl_formulas_in_use()->dp_group_requests(d->batch, dp_of(d)));
}

/* An attention group's prefill token budget: the chunk, except that SGLang divides its --chunked-prefill-size over
 * its DP ranks ("DP attention is enabled. The chunked prefill size is adjusted to 5120" for 81920 over 16 ranks,
 * sgl-project/sglang#6017), one token at least; vLLM's ranks each schedule their own --max-num-batched-tokens. */
static double group_chunk(const rl_deploy *d, const rl_gpu *g, int64_t chunk) {
    int64_t D = dp_of(d);
    if (D > 1 && rl_engine_for(d->engine, g->name) == RL_ENGINE_SGLANG) chunk = chunk / D > 0 ? chunk / D : 1;
    return (double)chunk;
}

/* All weights at their precisions, whole model. */
static double weight_bytes_total(const ctx *c) {
    const rl_model *m = c->m;
    double experts = (double)m->moe_layers * (double)m->experts;
    return m->params_embed * c->b_embed + (m->params_always_read - m->params_embed) * c->b_main +
           experts * expert_bytes(c) + m->params_vision * c->b_main; /* the vision tower is held, never read per step */
}

/* Bytes per weight and per KV element, and the compute roof, from the
 * precisions asked for (AUTO: the checkpoint's own format). */
static void resolve_precision(ctx *c) {
    const rl_model *m = c->m;
    const rl_deploy *d = c->d;
    const rl_gpu *g = c->g;
    if (d->precision == RL_PREC_AUTO) {
        /* The checkpoint as published: quantization_config, else torch_dtype. */
        rl_precision dtype = (rl_precision)m->dtype;
        double b = rl_prec_bytes(dtype);
        c->b_embed = b;
        c->b_main = m->quant == RL_QUANT_FP8 ? 1.0 + FP8_BLOCK_SCALE : b;
        c->b_expert = m->quant == RL_QUANT_FP8 ? 1.0 + FP8_BLOCK_SCALE : m->quant == RL_QUANT_MXFP4 ? MXFP4_BYTES : b;
        c->w_prec = m->quant == RL_QUANT_FP8 ? RL_PREC_FP8 : dtype;
        /* Quantized checkpoints still run activations, and so the KV, in torch_dtype. */
        c->kv_prec = d->kv_precision == RL_PREC_AUTO ? dtype : d->kv_precision;
    } else {
        c->w_prec = d->precision;
        c->b_main = c->b_embed = c->b_expert = rl_prec_bytes(d->precision);
        /* The KV holds activations: in the weights' type when that is a float type, else (quantized
         * weights: fp8, int8, int4, the block formats) in torch_dtype, as engines default (vLLM and
         * SGLang kv_cache_dtype "auto" = the model's dtype; llama.cpp -ctk f16). */
        c->kv_prec = d->kv_precision != RL_PREC_AUTO       ? d->kv_precision
                     : rl_prec_is_float(d->precision) ? d->precision
                                                      : (rl_precision)m->dtype;
    }
    c->b_kv = c->F->kv_element_bytes(rl_prec_bytes(c->kv_prec), c->b_main);
    c->weight_total = weight_bytes_total(c);

    /* The roof matches the math: fp8 and int8 weights run W8A8 where the GPU has
     * that peak; int4 and MXFP4 are weight-only and compute in 16-bit. */
    c->math_prec = RL_PREC_FP16;
    c->peak = g->tflops_unknown ? 0.0 : g->tflops * 1e12;
    if (c->w_prec == RL_PREC_FP8 && g->tflops_fp8 > 0) {
        c->math_prec = RL_PREC_FP8;
        c->peak = g->tflops_fp8 * 1e12;
    } else if (c->w_prec == RL_PREC_INT8 && g->tops_int8 > 0) {
        c->math_prec = RL_PREC_INT8;
        c->peak = g->tops_int8 * 1e12;
    }
}

/* Tokens a request holds in the fit check: paging rounds the context, and the
 * window, up to whole blocks. */
static void set_tokens(ctx *c) {
    const rl_deploy *d = c->d;
    c->tokens = d->kv_block > 0 ? rl_ceil_div(d->seq, d->kv_block) * d->kv_block : d->seq;
    int64_t window = c->m->sliding_window;
    if (d->kv_block > 0 && window > 0) window = rl_ceil_div(window, d->kv_block) * d->kv_block;
    c->local_tokens_capacity = window > 0 && window < c->tokens ? window : c->tokens;
}

/* Offload: the last n of the L layers on the GPU (llama.cpp -ngl n); n > L is everything. */
static void set_gpu_layers(ctx *c, int64_t n) {
    c->offload = RL_FULL && n <= c->m->layers; /* the verdict module refuses offload (request.c) */
    c->gpu_frac = c->offload ? (double)n / (double)c->m->layers : 1.0;
}

static void ctx_init(ctx *c, const rl_formulas *F, const rl_model *m, const rl_gpu *g, const rl_deploy *d) {
    c->F = F;
    c->m = m;
    c->g = g;
    c->d = d;
    resolve_precision(c);
    c->kv_elems = F->kv_elems_per_token(m);
    c->kv_share = F->kv_share(m, attn_tp(d)); /* a group's GPUs split its requests' KV */
    c->bw = g->bandwidth_gbs * 1e9;
    c->local_layers = F->local_layers(m);
    /* Linear-attention layers (and Mamba mixers) hold a fixed state, not a KV that grows with S:
     * counted as the cached tokens that state weighs (state elements / KV elements). */
    c->state_layers = (double)(m->linear_layers + m->mamba_layers + m->conv_layers);
    /* The states stay at the checkpoint's dtype whatever the KV precision (vLLM's mamba_cache_dtype
     * "auto": the model dtype; --kv-cache-dtype applies to attention only). */
    c->state_tokens = c->state_layers > 0 ? m->state_elems_per_layer * rl_precision_bytes((rl_precision)m->dtype) /
                                                (c->kv_elems * c->b_kv)
                                          : 0.0;
    c->global_layers = (double)rl_attention_layers(m) - c->local_layers;
    set_tokens(c);
    set_gpu_layers(c, d->gpu_layers);
    c->skip_host = false;
    c->host_bw = rl_deploy_host_gbs(d) * 1e9;
    c->chunk = d->prefill_chunk > 0 ? d->prefill_chunk : rl_engine_chunk(d->engine, g->vram_gib, g->name);
}

/* The remedies try one change at a time: each starts from the analysis'
 * context and recomputes only what depends on the input it changes (in *t, a
 * copy of the deployment). */
static void vary(ctx *tc, const ctx *c, rl_deploy *t) {
    *tc = *c;
    tc->d = t;
}

/* Cached tokens the attending layers hold (global ones all, local ones the window), the
 * states left out: what attention's FLOPs run over. */
static double attention_tokens(const ctx *c, double global_tokens, double local_tokens) {
    return c->global_layers * global_tokens + c->local_layers * local_tokens;
}

/* Cached tokens summed over layers: the attending layers', and each state in the tokens it weighs. */
static double layer_tokens(const ctx *c, double global_tokens, double local_tokens) {
    return attention_tokens(c, global_tokens, local_tokens) + c->state_layers * c->state_tokens;
}

static double window_of(const ctx *c, double s) {
    double w = (double)c->m->sliding_window;
    return w > 0 && w < s ? w : s;
}

static double experts_touched(const ctx *c, double b) { return c->F->experts_touched(c->m, c->d->moe_read, b); }

/* Weight bytes one step reads for b requests, whole model: the shared weights
 * once, plus in every MoE layer the experts the batch touches (`touched`,
 * from experts_touched(c, b)). Of the embeddings only the LM head
 * (vocab × hidden) is read: the input lookup touches b rows of its table, not
 * the table, and tied embeddings are one matrix, read once as the head. */
static double weight_bytes_read(const ctx *c, double b, double touched) {
    const rl_model *m = c->m;
    double embed = c->F->reads_input_embedding ? m->params_embed : (double)m->vocab * (double)m->hidden;
    double read = embed * c->b_embed + (m->params_always_read - m->params_embed) * c->b_main;
    if (m->experts > 0) read += c->F->expert_layers(m) * touched * expert_bytes(c);
    return read * c->F->weight_passes(b);
}

/* The parameters a token multiplies: N_act less an untied input embedding, of
 * which it looks up one row (formulas.c). */
static double matmul_params(const ctx *c, double active, double input_table) {
    return c->F->input_embedding_flops ? active : active - input_table;
}

/* One token's FLOPs in the linear-attention and Mamba layers: a pass over each state (formulas.c),
 * whatever the KV precision. */
static double state_flops(const ctx *c) {
    if (c->F->state_flops_as_attention) return c->m->attn_flops_per_token_pair * c->state_layers * c->state_tokens;
    return c->F->state_flops_per_elem * c->state_layers * c->m->state_elems_per_layer;
}

/* FLOPs of a decode step of b requests; `attn_tokens` is attention_tokens at S. */
static double step_flops(const ctx *c, double b, double attn_tokens) {
    return b * (2.0 * matmul_params(c, c->m->params_active, c->m->params_input_table) +
                c->m->attn_flops_per_token_pair * attn_tokens + state_flops(c));
}

static double floor_seconds(const ctx *c, double bytes, double flops) {
    double t = bytes / c->bw;
    return c->peak > 0 ? fmax(t, flops / c->peak) : t;
}

/* ---- fit ------------------------------------------------------------------ */

typedef struct fit {
    rl_verdict verdict;
    double weights, kv_req, kv, free; /* bytes per GPU: the floor */
    int64_t max_batch;
    double pool, context, nccl, overhead, act_chunk, act_logits_per_request; /* realistic budget */
    double memory;                 /* what the engine may fill: the GPU's, or what is free at its start (engine_memory) */
    double taken;                  /* weights + context + nccl + overhead + act_chunk: all but the batch's KV and logits */
    double kv_room;                /* for KV and logits: pool − reserves − weights */
    int64_t max_batch_realistic;
    double host_weights, host_kv;  /* offload: bytes in host RAM (weights; the batch's KV) */
    double host_kv_req, host_room; /* offload: one request's host KV; RAM − host weights */
    bool offload;
} fit;

/* Largest n with n·per ≤ room, computed so that it agrees exactly with that comparison. */
static int64_t max_count(double room, double per) {
    if (!(room >= 0.0) || !(per > 0.0)) return 0;
    double q = room / per; /* >= 0, so the conversion's truncation is the floor */
    int64_t n = q > 1e15 ? (int64_t)1e15 : (int64_t)q;
    while (n > 0 && (double)n * per > room) n--;
    while ((double)(n + 1) * per <= room && n < (int64_t)1e15) n++;
    return n;
}

/* The tokens of the prefill step whose activations the engine keeps room for: the whole chunk for vLLM and
 * TensorRT-LLM, which size that room for a step of their chunk whatever the prompt (rl_engine_steps_whole_chunk);
 * else the chunk, or the whole prompt when it is shorter or not chunked. */
static int64_t chunk_tokens(const ctx *c) {
    if (c->chunk > 0 && rl_engine_steps_whole_chunk(c->d->engine)) return c->chunk;
    return c->chunk > 0 && c->chunk < c->d->seq ? c->chunk : c->d->seq;
}

/* The layers' activation/workspace peak of one prefill chunk of C tokens, per GPU:
 * C·(2·hidden + qkv width + 2·MLP width)·2 bytes / tp, where the MLP width is
 * the widest of the dense MLP and the k routed + shared experts. */
static double layer_activation_bytes(const ctx *c) {
    const rl_model *m = c->m;
    double chunk = (double)chunk_tokens(c);
    double mlp = m->layers > m->moe_layers ? (double)m->intermediate : 0.0;
    if (m->moe_layers > 0)
        mlp = fmax(mlp, (double)m->top_k * (double)m->moe_intermediate + (double)m->shared_intermediate);
    return chunk * (2.0 * (double)m->hidden + m->qkv_width + 2.0 * mlp) * 2.0 / (double)c->d->tp;
}

/* The step's peak at its output layer, where the engine computes the logits of every one of its C tokens
 * (rl_engine_step_logit_bytes b): C·(vocab + hidden)·b, the logits and the hidden state feeding them, on the GPU
 * that holds the output layer; 0 where the engine computes the last token's only, or where offload keeps the
 * output layer in host RAM (-ngl <= L). */
static double output_activation_bytes(const ctx *c) {
    double b = rl_engine_step_logit_bytes(c->d->engine);
    if (!(b > 0.0) || c->offload) return 0.0;
    return (double)chunk_tokens(c) * ((double)c->m->vocab + (double)c->m->hidden) * b;
}

/* The step's peak, per GPU: the layers' or, the larger, its output layer's (the tensors of one are freed before
 * the other's are made). */
static double activation_chunk_bytes(const ctx *c) { return fmax(layer_activation_bytes(c), output_activation_bytes(c)); }

#if defined(__GNUC__)
#define RL_COLD __attribute__((noinline, cold))
#else
#define RL_COLD
#endif

/* A speculative draft's weights, whole model, at the target's weight precision. */
static double draft_weight_bytes(const ctx *c) { return c->d->draft.params_total * c->b_main; }

/* A draft's KV for `tokens` tokens, whole model, at the target's KV precision. */
static double draft_kv_bytes(const ctx *c, double tokens) {
    const rl_draft *x = &c->d->draft;
    return x->kv_elems_per_token_per_layer * x->layers * tokens * c->b_kv;
}

/* The share of the draft's KV one GPU holds: a model preset's is split over the
 * GPUs; "mtp" layers are the target's kind, so their KV splits as the target's
 * does (an MLA cache is whole on every GPU under tensor parallelism). */
static double draft_kv_share(const ctx *c) {
    return c->d->draft.modules > 0.0 ? c->kv_share : 1.0 / gpus_of(c->d);
}

/* The draft's weights and KV, split over the GPUs like the target's; kept out
 * of line so that the floor check stays small where the remedies call it often. */
RL_COLD static void add_draft(const ctx *c, fit *f) {
    f->weights += draft_weight_bytes(c) / gpus_of(c->d);
    f->kv_req += draft_kv_bytes(c, (double)c->tokens) * draft_kv_share(c);
}

/* Weights per GPU: split over the tp·pp GPUs; under expert parallelism each MoE layer's
 * experts are not sharded but held whole, (E + redundant)/ep slots on each rank of a stage. */
static double weights_per_gpu_tp(const ctx *c) {
    const rl_deploy *d = c->d;
    if (!RL_SCALE_OUT || d->ep <= 1 || c->m->experts == 0) return c->weight_total / gpus_of(d);
    double layers_experts = (double)c->m->moe_layers * expert_bytes(c);
    double sharded = c->weight_total - layers_experts * (double)c->m->experts;
    double slots = ((double)c->m->experts + (double)d->redundant_experts) / ep_of(d);
    return sharded / gpus_of(d) + layers_experts * slots / (double)d->pp;
}

/* Weights per GPU: under data-parallel attention (pp 1) all but the routed experts are split
 * over a group's a GPUs, not the tp, so each GPU holds tp / a times its tp share of them. */
static double weights_per_gpu(const ctx *c) {
    const rl_deploy *d = c->d;
    double w = weights_per_gpu_tp(c);
    if (dp_of(d) == 1) return w;
    double rest = c->weight_total - (double)c->m->moe_layers * (double)c->m->experts * expert_bytes(c);
    return w + rest / (double)attn_tp(d) - rest / (double)d->tp;
}

/* The floor: weights and KV per GPU against its memory (with a speculative
 * draft, its weights and KV too, split over the GPUs like the target's). */
static void fit_floor(const ctx *c, fit *f) {
    const rl_deploy *d = c->d;
    double vram = c->g->vram_gib * RL_GIB;
    f->weights = weights_per_gpu(c);
    f->kv_req = c->kv_elems * c->b_kv *
                layer_tokens(c, (double)c->tokens, (double)c->local_tokens_capacity) * c->kv_share / (double)d->pp;
    f->host_weights = f->host_kv = f->host_kv_req = f->host_room = 0.0;
    f->offload = c->offload;
    if (c->offload) {
        /* tp = pp = 1. The GPU holds n/L of the layer weights and of the KV; host RAM
         * the rest, with the embeddings, the LM head and any vision tower. */
        const rl_model *m = c->m;
        double outside = m->params_embed * c->b_embed + m->params_vision * c->b_main;
        double kv_all = f->kv_req;
        f->weights = (c->weight_total - outside) * c->gpu_frac;
        f->host_weights = c->weight_total - f->weights;
        f->kv_req = kv_all * c->gpu_frac;
        f->host_kv_req = kv_all - f->kv_req;
        f->host_kv = (double)d->batch * f->host_kv_req;
        f->host_room = d->ram_gib * RL_GIB - f->host_weights;
    }
    if (RL_FULL && d->spec_tokens > 0) add_draft(c, f); /* the verdict module refuses a draft (request.c) */
    f->kv = group_batch(d) * f->kv_req;
    f->free = vram - f->weights;
    if (f->weights > vram) f->verdict = RL_WEIGHTS_DO_NOT_FIT;
    else if (f->kv > f->free) f->verdict = RL_KV_DOES_NOT_FIT;
    else if (c->offload && !c->skip_host && f->host_weights + f->host_kv > d->ram_gib * RL_GIB)
        f->verdict = RL_HOST_DOES_NOT_FIT;
    else f->verdict = RL_FITS;
}

/* The pool fraction of this deployment (SGLang's own follows the GPU, the tp and the pp, so a way out with more tp
 * gets the pool the engine would give it). c->d->engine is resolved (not auto). */
static double pool_of(const ctx *c) { return rl_deploy_pool(c->d, c->d->engine, c->g->vram_gib, c->m); }

/* The memory the engine may use, of vram bytes, when the weights and the runtime reserves take taken bytes, of
 * which the context and NCCL (started) are up before the weights load: its pool fraction of the whole GPU; or (TensorRT-LLM's, rl_engine_pool_of_free)
 * all it takes plus that fraction of what is left free, which is its KV cache; or (SGLang's,
 * rl_engine_pool_of_start) the context and NCCL plus that fraction of what they leave, which holds the weights and
 * the KV cache. With nothing left free the pool is the GPU: the KV room is then the whole shortfall, which no
 * fraction shrinks. */
static double engine_pool_bytes(const ctx *c, double vram, double taken, double started) {
    const rl_deploy *d = c->d;
    double fraction = pool_of(c);
    if (rl_engine_pool_of_start(d->engine)) taken = started;
    else if (!rl_engine_pool_of_free(d->engine)) return fraction * vram;
    double left = vram - taken;
    return left > 0 ? taken + fraction * left : vram;
}

/* The GPUs whose NCCL buffers one GPU holds: the other tp − 1 ranks of its tensor-parallel group (the AllReduce's
 * communicator) and its pipeline neighbours, the stage before it and the one after (the activations' send and
 * receive: one for pp = 2, two for a middle stage). Not every GPU of the deployment: a GPU of a tp 8 x pp 8
 * layout exchanges with 9 others, not 63 (vLLM's parallel_state: one device communicator per TP group and per PP
 * group, and NCCL connects the peers a collective or a send/recv uses). */
static int64_t nccl_peers(const rl_deploy *d) {
    return (d->tp - 1) + (d->pp - 1 < 2 ? d->pp - 1 : 2);
}

/* The realistic budget's lines, after fit_floor(); a fit that the budget
 * cannot hold becomes RL_TIGHT. */
static void fit_budget(const ctx *c, fit *f) {
    const rl_deploy *d = c->d;
    double B = group_batch(d);
    f->context = d->context_reserve_gib * RL_GIB;
    /* On a GPU that gives the memory free at an engine's start (DGX Spark), an engine that takes what is free fills
     * that, its context included; vLLM's pool stays a share of the total, behind its start check (rl_analyze). */
    double vram = f->memory = c->F->engine_memory(c->g->vram_gib * RL_GIB, c->g->start_free_gib * RL_GIB, f->context,
                                                  !rl_engine_start_check(d->engine));
    f->nccl = d->nccl_gib_per_peer * RL_GIB * (double)nccl_peers(d);
    f->overhead = d->weight_overhead * f->weights;
    /* SGLang keeps a prefill chunk's activations and the logits out of its pool, in the reserve it derives the
     * fraction from (rl_engine_pool_of_start). */
    bool outside = rl_engine_pool_of_start(d->engine);
    f->act_chunk = outside ? 0.0 : activation_chunk_bytes(c);
    f->taken = f->weights + f->context + f->nccl + f->overhead + f->act_chunk;
    f->pool = engine_pool_bytes(c, vram, f->taken, f->context + f->nccl);
    rl_budget budget = {.free = f->free,
                        .pool = f->pool,
                        .context = f->context,
                        .nccl = f->nccl,
                        .overhead = f->overhead,
                        .act_chunk = f->act_chunk,
                        .weights = f->weights,
                        .vocab = (double)c->m->vocab};
    rl_kv_room room = c->F->kv_room(&budget);
    f->kv_room = room.room;
    /* llama.cpp's decode logits are inside its compute buffer on the GPU, then copied to host memory. */
    f->act_logits_per_request = outside || rl_engine_logits_on_host(d->engine) ? 0.0 : room.logits_per_request;
    if (f->verdict == RL_FITS && !(B * (f->kv_req + f->act_logits_per_request) <= f->kv_room))
        f->verdict = RL_TIGHT;
}

/* The verdict and the memory lines of both budgets; the max batches are left
 * to fit_counts(), which only the reported analysis needs. */
static void fit_check(const ctx *c, fit *f) {
    fit_floor(c, f);
    fit_budget(c, f);
}

#define COUNT_CAP ((int64_t)1e15)

/* Offload: the requests whose host KV fits the RAM left after the host weights bound
 * both max batches too. A GPU that holds no KV (-ngl 0) leaves the bound to the host. */
static int64_t host_bound(const fit *f, int64_t n, bool gpu_holds_kv) {
    if (!f->offload) return n;
    int64_t h = f->host_kv_req > 0 ? max_count(f->host_room, f->host_kv_req) : f->host_room >= 0 ? COUNT_CAP : 0;
    if (!gpu_holds_kv) return h;
    return n < h ? n : h;
}

static void fit_counts(const rl_deploy *d, fit *f) {
    f->max_batch = host_bound(f, f->free >= 0 ? max_count(f->free, f->kv_req) : 0, f->kv_req > 0 || f->free < 0);
    /* A GPU that holds no KV and no logits (-ngl 0 under llama.cpp, whose logits go to host memory) bounds no batch
     * while its room holds: the host does. */
    double per = f->kv_req + f->act_logits_per_request;
    f->max_batch_realistic = host_bound(f, max_count(f->kv_room, per), per > 0 || f->kv_room < 0);
    /* Data-parallel attention: each group holds as many as one GPU of it does (offload is tp 1, so D is 1 there). */
    f->max_batch *= dp_of(d);
    f->max_batch_realistic *= dp_of(d);
}

/* Does this deployment get past the floor, or with `realistic` also into the
 * realistic budget? */
static bool reaches(const ctx *c, bool realistic) {
    fit f;
    fit_floor(c, &f);
    if (f.verdict != RL_FITS || !realistic) return f.verdict == RL_FITS;
    fit_budget(c, &f);
    return f.verdict == RL_FITS;
}

/* The largest -ngl whose GPU part (weights, KV, reserves) gets into the realistic
 * budget: L + 1 when everything does, -1 when not even 0 layers do. The GPU part
 * grows with n, so a bisection finds it. */
static int64_t largest_gpu_layers(const ctx *c) {
    rl_deploy t = *c->d;
    ctx tc;
    vary(&tc, c, &t);
    tc.skip_host = true;
    int64_t L = c->m->layers;
    set_gpu_layers(&tc, L + 1);
    if (reaches(&tc, true)) return L + 1;
    int64_t lo = -1, hi = L; /* reaches(lo) (or lo = -1), and not reaches(hi + 1) */
    while (lo < hi) {
        int64_t mid = lo + (hi - lo + 1) / 2;
        set_gpu_layers(&tc, mid);
        if (reaches(&tc, true)) lo = mid;
        else hi = mid - 1;
    }
    return lo;
}

/* c with another context length. */
static void with_seq(ctx *tc, const ctx *c, rl_deploy *t, int64_t seq) {
    t->seq = seq;
    vary(tc, c, t);
    set_tokens(tc);
}

/* tc (whose deployment is t) on another tp: a TP rank's share of the KV follows it. */
static void set_tp(ctx *tc, rl_deploy *t, int64_t tp) {
    t->tp = tp;
    if (t->ep > 1) t->ep = tp;
    tc->kv_share = tc->F->kv_share(tc->m, attn_tp(t)); /* the groups stay D, each on tp / D GPUs */
}

/* The longest context that gets through with this batch. The KV is linear in
 * the tokens up to the window, so a closed-form guess is usually exact; it is
 * checked, and a bisection takes over when the guess is off (activation sizes
 * that shrink with S, windows, block rounding). */
static int64_t longest_context(const ctx *c, const fit *f, bool realistic) {
    const rl_deploy *d = c->d;
    double room = realistic ? f->kv_room - group_batch(d) * f->act_logits_per_request : f->free;
    double per_token = c->kv_elems * c->b_kv * (double)c->m->layers * c->kv_share / (double)d->pp;
    double guess = floor(room / (group_batch(d) * per_token));
    int64_t block = d->kv_block > 0 ? d->kv_block : 1;
    int64_t s = guess >= (double)d->seq ? d->seq - 1 : guess < 0 ? 0 : (int64_t)guess;
    s -= s % block;
    rl_deploy t = *d;
    ctx tc;
    with_seq(&tc, c, &t, s);
    bool fits_s = s >= 1 && reaches(&tc, realistic);
    with_seq(&tc, c, &t, s + block);
    bool fits_next = s + block < d->seq && reaches(&tc, realistic);
    if (fits_s && !fits_next) return s;

    int64_t lo = 0, hi = d->seq - 1;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo + 1) / 2;
        with_seq(&tc, c, &t, mid);
        if (reaches(&tc, realistic)) lo = mid;
        else hi = mid - 1;
    }
    return lo - lo % block;
}

/* The deployment with weights in p (the KV kept at its effective precision) into t and tc; true when
 * p stores fewer bytes than the weights now do (only then is it a lower precision to offer). */
static bool with_lower_weights(ctx *tc, const ctx *c, rl_deploy *t, rl_precision p) {
    *t = *c->d;
    t->precision = p;
    t->kv_precision = c->kv_prec;
    vary(tc, c, t);
    resolve_precision(tc);
    return tc->weight_total < c->weight_total;
}

/* The memory taken before the pool fraction applies: the context and NCCL under SGLang, whose fraction is of what
 * they leave (rl_engine_pool_of_start); else none. */
static double taken_before_pool(const ctx *c, const fit *f) {
    return rl_engine_pool_of_start(c->d->engine) ? f->context + f->nccl : 0.0;
}

/* The least GPU, in bytes, whose engine pool holds everything the realistic budget must (a fit, never a tight one),
 * with extra bytes of activations over the budget's: of_free, the weights and reserves and the KV over the fraction
 * that goes to it; under SGLang, the least GPU whose own fraction of what the context and NCCL leave holds the rest;
 * else the whole over the fraction. batch_kv: the batch's KV and logits. */
static double bigger_gpu_bytes(const ctx *c, const fit *f, double batch_kv, double extra) {
    const rl_deploy *d = c->d;
    double taken = f->taken + extra;
    if (rl_engine_pool_of_free(d->engine)) return taken + batch_kv / pool_of(c);
    double first = taken_before_pool(c, f);
    return rl_engine_gpu_for(d, d->engine, c->m, (taken + batch_kv - first) / RL_GIB, first / RL_GIB) * RL_GIB;
}

/* Each remedy is a single change that gets this deployment through: into the
 * realistic budget when tight; on a refusal, into that budget too when one change
 * does (so that applying it gives a fit the engine can start, not a tight fit
 * whose budget holds no request), else past the floor alone. The one pair of
 * changes (a lower weight precision on more tp) only into that budget. */
static void find_remedies(const ctx *c, const fit *f, rl_result *r) {
    const rl_deploy *d = c->d;
    /* The lower formats are the engine's own: a way out it cannot take is none (engines.c). */
    const rl_precision *lower = rl_engine_preset_of(d->engine)->lower_weights;
    const rl_precision *lower_kv = rl_engine_preset_of(d->engine)->lower_kv;
    size_t n_lower = rl_ladder_len(lower), n_lower_kv = rl_ladder_len(lower_kv);
    bool realistic = f->verdict == RL_TIGHT;
    bool kv_problem = f->verdict != RL_WEIGHTS_DO_NOT_FIT;
    /* The budgets each search tries, in order: the realistic one first, then (a refusal) the floor. */
    const bool passes[2] = {true, false};
    int npass = realistic ? 1 : 2;
    rl_deploy t;
    ctx tc;

    for (int p = 0; p < npass && !(r->remedies & RL_REMEDY_WEIGHT_PRECISION); p++) {
        for (size_t i = 0; i < n_lower; i++) {
            if (!with_lower_weights(&tc, c, &t, lower[i])) continue;
            if (reaches(&tc, passes[p])) {
                r->remedies |= RL_REMEDY_WEIGHT_PRECISION;
                r->remedy_precision = lower[i];
                break;
            }
        }
    }

    for (int p = 0; kv_problem && p < npass && !(r->remedies & RL_REMEDY_KV_PRECISION); p++) {
        for (size_t i = 0; i < n_lower_kv; i++) {
            if (rl_prec_bytes(lower_kv[i]) >= c->b_kv) continue;
            t = *d;
            t.kv_precision = lower_kv[i];
            vary(&tc, c, &t);
            resolve_precision(&tc);
            if (reaches(&tc, passes[p])) {
                r->remedies |= RL_REMEDY_KV_PRECISION;
                r->remedy_kv_precision = lower_kv[i];
                break;
            }
        }
    }

    for (int p = 0; p < npass && !(r->remedies & RL_REMEDY_MORE_TP); p++) {
        t = *d;
        vary(&tc, c, &t);
        for (int64_t tp = 2; tp <= RL_MAX_PARALLEL && !c->offload; tp *= 2) { /* offload runs on one GPU */
            if (tp <= d->tp || tp % dp_of(d) != 0) continue; /* the D attention groups must divide it */
            set_tp(&tc, &t, tp);
            if (reaches(&tc, passes[p])) {
                r->remedies |= RL_REMEDY_MORE_TP;
                r->remedy_tp = tp;
                break;
            }
        }
    }

    /* A lower weight precision and more tp at once, when neither alone is the cheap way out: Llama-3-70B
     * on 24 GiB GPUs needs tp=8 in fp16, but int4 on two. Offered only when the precision alone does not
     * get through (else it needs no more GPUs at all), on fewer GPUs than tp alone needs, and into the
     * realistic budget (a deployment the engine starts; two changes that only pass the floor would still
     * leave it refusing to start): the fewest GPUs, and of those the highest precision (the least quality
     * given up). */
    if (!(r->remedies & RL_REMEDY_WEIGHT_PRECISION) && !c->offload) {
        int64_t above = r->remedies & RL_REMEDY_MORE_TP ? r->remedy_tp : 2 * RL_MAX_PARALLEL;
        for (size_t i = 0; i < n_lower; i++) {
            if (!with_lower_weights(&tc, c, &t, lower[i])) continue;
            for (int64_t tp = 2; tp < above; tp *= 2) {
                if (tp <= d->tp || tp % dp_of(d) != 0) continue;
                set_tp(&tc, &t, tp);
                if (reaches(&tc, true)) {
                    r->remedies |= RL_REMEDY_PRECISION_AND_TP;
                    r->remedy_pair_precision = lower[i];
                    r->remedy_pair_tp = tp;
                    above = tp; /* a lower precision must need fewer GPUs still */
                    break;
                }
            }
        }
    }

    int64_t batch_limit = realistic || f->max_batch_realistic >= 1 ? f->max_batch_realistic : f->max_batch;
    if (kv_problem && batch_limit >= 1) {
        r->remedies |= RL_REMEDY_SMALLER_BATCH;
        r->remedy_batch = batch_limit;
    }

    for (int p = 0; kv_problem && p < npass && !(r->remedies & RL_REMEDY_SHORTER_CONTEXT); p++) {
        int64_t s = longest_context(c, f, passes[p]);
        if (s >= 1) {
            r->remedies |= RL_REMEDY_SHORTER_CONTEXT;
            r->remedy_seq = s;
        }
    }

    /* Everything the realistic budget must hold, per GPU: what the weights and reserves take, and the batch's KV
     * and logits. */
    double batch_kv = group_batch(d) * (f->kv_req + f->act_logits_per_request), need = f->taken + batch_kv;
    /* Only an engine whose pool is a setting (vLLM's, SGLang's, TensorRT-LLM's) can raise it: to the share of the
     * GPU the budget needs, or (TensorRT-LLM) the share of what the weights and reserves leave free that the
     * batch's KV and logits need. */
    double vram = f->memory;
    int of_free = rl_engine_pool_of_free(d->engine);
    double first = taken_before_pool(c, f);
    if (realistic && rl_engine_pool_knob(d->engine) != NULL && (of_free ? vram > f->taken : vram > first)) {
        double fraction = of_free ? batch_kv / (vram - f->taken) : (need - first) / (vram - first);
        /* vLLM's start check caps its pool at what is free at its start (rl_engine_start_pool_limit). */
        if (fraction <= 0.98 && !(ceil(fraction * 100.0) / 100.0 > rl_engine_start_pool_limit(d->engine, c->g))) {
            r->remedies |= RL_REMEDY_RAISE_POOL;
            r->remedy_pool_fraction = ceil(fraction * 100.0) / 100.0;
        }
    }

    /* Fewer layers on the GPU, the rest in host RAM: offered when the host is described (which the verdict module
     * refuses: request.c). */
    if (RL_FULL && d->tp == 1 && d->pp == 1 && d->ram_gib > 0 && c->host_bw > 0) {
        int64_t n = r->max_gpu_layers;
        int64_t now = d->gpu_layers <= c->m->layers ? d->gpu_layers : c->m->layers + 1;
        t = *d;
        vary(&tc, c, &t);
        set_gpu_layers(&tc, n);
        if (n >= 0 && n < now && reaches(&tc, realistic)) {
            r->remedies |= RL_REMEDY_FEWER_GPU_LAYERS;
            r->remedy_gpu_layers = n;
        }
    }

    r->remedies |= RL_REMEDY_BIGGER_GPU;
    double need_gib = bigger_gpu_bytes(c, f, batch_kv, 0.0);
    /* The engine's own chunk may follow the GPU's size (vLLM's is 8192 from 70 GiB): the bigger GPU counts the
     * activations of the chunk it would run with, until the chunk at the answer is the one counted (vLLM's two
     * sizes settle in two rounds). SGLang's activations are outside its pool, whatever its chunk. */
    if (d->prefill_chunk <= 0 && !rl_engine_pool_of_start(d->engine)) {
        ctx at = *c;
        for (int round = 0; round < 3; round++) {
            int64_t k = rl_engine_chunk(d->engine, need_gib / RL_GIB, c->g->name);
            if (k == at.chunk) break;
            at.chunk = k;
            need_gib = bigger_gpu_bytes(c, f, batch_kv, activation_chunk_bytes(&at) - f->act_chunk);
        }
    }
    if (f->verdict == RL_HOST_DOES_NOT_FIT) {
        /* The host is short: a GPU that holds the whole model (weights + KV, no offload) is the way out. */
        fit all;
        t = *d;
        vary(&tc, c, &t);
        set_gpu_layers(&tc, c->m->layers + 1);
        fit_floor(&tc, &all);
        need_gib = all.weights + all.kv;
    }
    r->remedy_vram_gib = need_gib / RL_GIB;
}

/* Speculative decoding (pp 1): gamma draft steps, then one target step over
 * gamma+1 tokens per request, which reads the same bytes and does gamma+1 times
 * the FLOPs; it yields (1 − α^(γ+1))/(1 − α) tokens per request on average. */
static void speculate(const ctx *c, const rl_realistic_in *in, double B, double S, double step, rl_result *r) {
    const rl_deploy *d = c->d;
    const rl_draft *x = &d->draft;
    double tp = (double)d->tp, gamma = (double)d->spec_tokens, a = d->spec_accept;
    double tokens = (1.0 - pow(a, gamma + 1.0)) / (1.0 - a);
    /* A draft step reads the draft's weights but its input table (its LM head
     * included), and its batch's KV at S. A model preset runs whole; "mtp" runs
     * one of its modules, whose routed experts are read as the batch touches
     * them, the same share as in the target's MoE layers (r->experts_touched,
     * set for this batch before the estimate). */
    double share = x->modules > 0.0 ? 1.0 / x->modules : 1.0;
    double own = (x->params_total - x->params_embed) * share;
    if (x->params_routed > 0.0)
        own -= x->params_routed * (1.0 - r->experts_touched / (double)c->m->experts);
    double draft_read = (own + x->vocab * x->hidden) * c->b_main;
    double draft_bytes = draft_read / tp + B * share * draft_kv_bytes(c, S) * draft_kv_share(c);
    double draft_flops = B * (2.0 * matmul_params(c, x->params_active, x->params_input_table) + x->attn_flops_per_token_pair * x->layers * share * S) / tp;
    double verify = floor_seconds(c, in->step_bytes, in->step_flops * (gamma + 1.0));
    double spec = gamma * floor_seconds(c, draft_bytes, draft_flops) + verify;
    r->spec_tokens_per_step = tokens;
    r->spec_step_ms = spec * 1e3;
    r->spec_ms_per_token = spec * 1e3 / tokens;
    r->spec_tokens_per_s = B * tokens / spec;
    r->spec_speedup = tokens * step / spec;
    double real = rl_realistic_spec_step_s(in, c->g, d, draft_bytes, draft_flops);
    r->spec_realistic_step_ms = real * 1e3;
    r->spec_realistic_floor_step_ms = r->spec_step_ms;
    r->spec_realistic_speedup = tokens * r->realistic.step_ms / (real * 1e3);
    if (r->spec_realistic_speedup < 1.0) r->warnings |= RL_WARN_SPECULATION_SLOWER;
}

/* ---- expert parallelism ----------------------------------------------------- */

/* Dispatch + combine bytes one GPU sends in every MoE layer for `tokens` tokens: the rank's
 * 1/ep share of them, each copied to its k experts, hidden·2 bytes (16-bit activations) a
 * copy, less the copies for its own slots (ep_leaving), once out and once back. */
static double a2a_bytes(const ctx *c, double tokens) {
    double ep = ep_of(c->d);
    return 2.0 * c->F->expert_layers(c->m) * tokens / ep * (double)c->m->top_k * (double)c->m->hidden * 2.0 *
           c->F->ep_leaving(ep);
}

/* Their time: the copies for the GPUs of the rank's node on the scale-up link, those for other
 * nodes on the NIC, both at once, so the slower of the two (no scale-up figure: that part 0). */
static double a2a_seconds(const rl_result *r, double bytes) {
    double ep = (double)r->ep_size, local = ep < (double)r->topo_gpus_per_node ? ep : (double)r->topo_gpus_per_node;
    double intra = bytes * (local - 1.0) / (ep - 1.0), inter = bytes - intra;
    double t_intra = r->scale_up_gbs > 0 ? intra / (r->scale_up_gbs * 1e9) : 0.0;
    double t_inter = inter > 0 ? inter / (r->scale_out_gbs * 1e9) : 0.0;
    return t_intra > t_inter ? t_intra : t_inter;
}

/* The decode step per GPU under EP (pp 1): the shared weights and the KV as under tp, and of the
 * experts the slots the busiest rank touches (its FLOPs `imbalance` x the mean's); the all-to-all
 * is reported beside it, not in the floor (engines overlap it with compute: DeepSeek's two
 * micro-batches), and the realistic estimate adds it. */
static void expert_parallel_step(const ctx *c, double B, double touched, rl_result *r,
                                 double *bytes, double *flops) {
    const rl_model *m = c->m;
    const rl_deploy *d = c->d;
    double ep = ep_of(d), tp = (double)d->tp, layers = c->F->expert_layers(m), passes = c->F->weight_passes(B);
    double experts_read = layers * touched * expert_bytes(c) * passes;
    double rank_touched = c->F->ep_rank_touched((double)m->experts, (double)d->redundant_experts, ep,
                                                (double)m->top_k, B, d->moe_read, d->ep_imbalance);
    double expert_flops = B * 2.0 * (double)m->top_k * layers * m->params_expert;
    r->ep_size = d->ep;
    r->ep_experts_per_gpu = ((double)m->experts + (double)d->redundant_experts) / ep;
    r->ep_slots_touched = rank_touched;
    r->ep_expert_bytes_read = layers * rank_touched * expert_bytes(c) * passes;
    *bytes += r->ep_expert_bytes_read - experts_read / tp;
    *flops += (d->ep_imbalance * expert_flops / ep) - expert_flops / tp;
    r->ep_a2a_bytes = a2a_bytes(c, B);
    r->ep_a2a_ms = a2a_seconds(r, r->ep_a2a_bytes) * 1e3;
    r->ep_a2a_prefill_bytes = a2a_bytes(c, (double)r->prefill_chunk);
}

/* ---- data-parallel attention -------------------------------------------------- */

/* AllReduces of a group per layer: after attention in every layer and after the dense MLP in the
 * L − L_moe dense layers (the MoE layers' output is reduced over all tp GPUs instead). */
static double group_allreduces(const rl_model *m) { return 2.0 * (double)m->layers - (double)m->moe_layers; }

/* Bytes one GPU sends for a group's `group_tokens` and all groups' `tokens` (16-bit activations):
 * its group's ring AllReduces, 2·(a − 1)/a of the message each, and around each MoE layer an
 * all-gather of every group's tokens over the tp GPUs and a reduce-scatter back, (tp − 1)/tp each;
 * under ep the all-to-all moves the tokens instead (expert_parallel_step). */
static double dp_group_bytes(const ctx *c, double group_tokens) {
    double a = (double)attn_tp(c->d);
    return group_allreduces(c->m) * 2.0 * (a - 1.0) / a * group_tokens * (double)c->m->hidden * 2.0;
}
static double dp_gather_bytes(const ctx *c, double tokens) {
    const rl_deploy *d = c->d;
    if (d->ep > 1) return 0.0;
    double tp = (double)d->tp;
    return (double)c->m->moe_layers * 2.0 * (tp - 1.0) / tp * tokens * (double)c->m->hidden * 2.0;
}

/* The decode step per GPU under data-parallel attention (pp 1), from tp's (or EP's): all but the
 * routed experts is read over a GPUs instead of tp, and computed for the busiest group's Bg
 * requests instead of the batch; the KV is Bg requests' at a's share. The experts' part is
 * unchanged: the MoE layers take every group's tokens. The collectives are reported beside the
 * step, not in the floor; the realistic estimate adds them. */
static void dp_attention_step(const ctx *c, double B, double attn_tokens, double kv_request, rl_result *r,
                              double *bytes, double *flops) {
    const rl_model *m = c->m;
    const rl_deploy *d = c->d;
    double a = (double)attn_tp(d), tp = (double)d->tp, Bg = group_batch(d);
    double rest_read = weight_bytes_read(c, B, 0.0);
    double expert_flops = 2.0 * (double)m->top_k * c->F->expert_layers(m) * m->params_expert;
    double rest_flops = step_flops(c, 1.0, attn_tokens) - expert_flops; /* per request */
    *bytes += rest_read / a - rest_read / tp + (Bg - B) * kv_request * c->kv_share;
    *flops += rest_flops * (Bg / a - B / tp);
    r->dp_group_allreduce_bytes = dp_group_bytes(c, Bg);
    r->dp_gather_bytes = dp_gather_bytes(c, B);
    r->dp_prefill_bytes = dp_group_bytes(c, (double)r->prefill_chunk) + dp_gather_bytes(c, (double)r->prefill_chunk);
}

/* ---- the analysis ---------------------------------------------------------- */

rl_status rl_offload_check(const rl_model *m, const rl_gpu *g, const rl_deploy *d, rl_error *err) {
    if (d->gpu_layers > m->layers) return RL_OK;
    /* Offload moves layers from VRAM to host RAM; on unified memory they are the
     * same memory at the same bandwidth, so it frees nothing and would count the
     * host part twice against one pool. */
    if (g->unified)
        return rl_fail_why(err, RL_E_CONTRADICTION, "gpu_layers", RL_WHY_OFFLOAD_UNIFIED, "gpu ngl layers",
                       "gpu_layers: %s has unified memory (the GPU and the host share it), so offloading "
                       "layers (%lld of the %lld on the GPU) frees nothing; drop gpu_layers",
                       g->name, (long long)d->gpu_layers, (long long)m->layers);
    if (d->tp > 1 || d->pp > 1)
        return rl_fail_why(err, RL_E_CONTRADICTION, "gpu_layers", RL_WHY_OFFLOAD_PARALLEL, "ngl layers",
                       "gpu_layers: offloading (%lld of the %lld layers on the GPU) needs tp = 1 and pp = 1",
                       (long long)d->gpu_layers, (long long)m->layers);
    if (!(d->ram_gib > 0))
        return rl_fail_why(err, RL_E_RANGE, "ram_gib", RL_WHY_OFFLOAD_NEEDS_RAM, "ngl layers",
                       "ram_gib: offloading (gpu_layers %lld of %lld) needs the host RAM, a number at least "
                       "0.001 and at most 1e+06 GiB",
                       (long long)d->gpu_layers, (long long)m->layers);
    if (!(rl_deploy_host_gbs(d) > 0))
        return rl_fail_why(err, RL_E_RANGE, "cpu_bandwidth_gbs", RL_WHY_OFFLOAD_NEEDS_HOST_BANDWIDTH, "",
                       "cpu_bandwidth_gbs: offloading needs the host memory bandwidth, a number at least 0.001 "
                       "and at most 1e+06 GB/s, or a host_memory preset");
    return RL_OK;
}

/* Zeroes *r in 64-byte pieces, which compilers store with vector moves: a
 * single memset of the whole struct becomes `rep stos` on x86-64, whose
 * start-up alone cost about 5% of an analysis. */
static void clear_bytes(char *p, size_t n) {
    for (size_t i = 0; i + 64 <= n; i += 64) memset(p + i, 0, 64);
    memset(p + (n & ~(size_t)63), 0, n % 64);
}

/* Everything before the realistic estimate: a fitting analysis writes every
 * field of that estimate, so only the other paths clear it (clear_realistic). */
static void clear_result(rl_result *r) { clear_bytes((char *)r, offsetof(rl_result, realistic)); }

static void clear_realistic(rl_result *r) { clear_bytes((char *)&r->realistic, sizeof r->realistic); }

void rl_result_strip_timing(rl_result *r) {
    r->has_timing = 0;
    r->step_ms = r->ms_per_token = r->tokens_per_s = 0;
    r->prefill_ms = r->prefill_tokens_per_s = r->ttft_ms = 0;
    r->prefill_step_tokens = r->prefill_step_ms = r->prefill_step_tokens_per_s_per_gpu = 0;
    r->pp_stage_ms = r->pp_drain_ms = 0;
    r->flops_per_step = r->bytes_per_step = r->ai = r->ceiling_fraction = 0;
    r->bound = RL_BOUND_NONE;
    /* The engine's expected figures are times too: a deployment that does not run has none. */
    r->has_realistic = 0;
    clear_realistic(r);
    r->gpu_part_ms = r->host_part_ms = 0;
    r->spec_step_ms = r->spec_ms_per_token = r->spec_tokens_per_s = r->spec_realistic_step_ms = 0;
}

static void set_memory(rl_result *r, const rl_deploy *d, const fit *f, const rl_gpu *g) {
    r->verdict = f->verdict;
    r->fits = f->verdict == RL_FITS || f->verdict == RL_TIGHT;
    r->weights_gib = f->weights / RL_GIB;
    r->kv_gib_per_request = f->kv_req / RL_GIB;
    r->kv_gib = f->kv / RL_GIB;
    r->free_gib = f->free / RL_GIB;
    r->max_batch = f->max_batch;
    if (f->verdict == RL_WEIGHTS_DO_NOT_FIT) r->shortfall_gib = (f->weights - g->vram_gib * RL_GIB) / RL_GIB;
    else if (f->verdict == RL_KV_DOES_NOT_FIT) r->shortfall_gib = (f->kv - f->free) / RL_GIB;
    else if (f->verdict == RL_HOST_DOES_NOT_FIT)
        r->shortfall_gib = (f->host_weights + f->host_kv - d->ram_gib * RL_GIB) / RL_GIB;
    r->host_weights_gib = f->host_weights / RL_GIB;
    r->host_kv_gib = f->host_kv / RL_GIB;
    r->host_free_gib = (d->ram_gib * RL_GIB - f->host_weights - f->host_kv) / RL_GIB;

    double logits = group_batch(d) * f->act_logits_per_request;
    r->pool_gib = f->pool / RL_GIB;
    (void)g;
    if (r->pool_of_free) r->free_after_reserves_gib = (f->memory - f->taken) / RL_GIB;
    if (r->pool_of_start) r->free_at_start_gib = (f->memory - f->context - f->nccl) / RL_GIB;
    r->reserve_context_gib = f->context / RL_GIB;
    r->reserve_nccl_gib = f->nccl / RL_GIB;
    r->nccl_peers = nccl_peers(d);
    r->reserve_weights_gib = f->overhead / RL_GIB;
    r->activation_gib = (f->act_chunk + logits) / RL_GIB;
    r->reserve_gib = (f->context + f->nccl + f->overhead + f->act_chunk + logits) / RL_GIB;
    r->kv_room_gib = (f->kv_room - logits) / RL_GIB;
    r->max_batch_realistic = f->max_batch_realistic;
    if (f->verdict == RL_TIGHT) r->missing_gib = (f->kv - (f->kv_room - logits)) / RL_GIB;
}

/* A tight fit whose engine budget holds fewer requests than asked: the engine runs only those at once, so
 * its estimate (and speculation's, with the warning that reads it) is that of the same setup at that batch,
 * which the budget holds. The floor's figures stay at the batch asked for. Terminates: the batch is smaller. */
static void engine_at_its_batch(const rl_model *m, const rl_gpu *g, const rl_deploy *d, int64_t batch, rl_result *r) {
    rl_deploy fewer = *d;
    fewer.batch = batch;
    if (fewer.micro_batches > batch) fewer.micro_batches = batch; /* M ≤ B */
    rl_result at;
    if (rl_analyze(m, g, &fewer, &at, NULL) != RL_OK || !at.has_realistic) return;
    r->realistic = at.realistic; /* its floor_step_ms is the floor at that batch, the one it compares with */
    r->has_realistic = 1;
    if (d->spec_tokens > 0) {
        r->spec_realistic_step_ms = at.spec_realistic_step_ms;
        r->spec_realistic_floor_step_ms = at.spec_step_ms;
        r->spec_realistic_speedup = at.spec_realistic_speedup;
        r->warnings = (r->warnings & ~RL_WARN_SPECULATION_SLOWER) | (at.warnings & RL_WARN_SPECULATION_SLOWER);
    }
}

rl_status rl_analyze(const rl_model *m, const rl_gpu *g, const rl_deploy *d, rl_result *out, rl_error *err) {
    rl_clear_error(err);
    if (out == NULL) return rl_fail(err, RL_E_NULL, "result", "result: no output was given");
    clear_result(out);
    rl_status st = RL_OK;
    if (m == NULL) st = rl_fail(err, RL_E_NULL, "model", "model: no model was given");
    else if (m->finished != RL_MODEL_FINISHED)
        /* The derived counts are read as they are: re-deriving them on every call
         * would cost as much as the analysis itself. */
        st = rl_fail(err, RL_E_NULL, "model",
                     "model: not finished; call rl_model_finish() after the last change to its fields");
    else if ((st = rl_gpu_validate(g, err)) == RL_OK && (st = rl_deploy_validate(d, err)) == RL_OK)
        if ((st = rl_offload_check(m, g, d, err)) == RL_OK && (st = rl_ep_check(m, d, err)) == RL_OK &&
            (st = rl_dp_check(m, d, err)) == RL_OK && (st = rl_disagg_check(m, d, err)) == RL_OK && RL_SCALE_OUT)
            st = rl_topology_check(d, g, err);
    if (st) {
        clear_realistic(out);
        return st;
    }
    /* auto: the GPU's usual engine, for every figure below (a copy: the caller's deployment stays as given). */
    rl_deploy resolved;
    if (d->engine == RL_ENGINE_AUTO) {
        resolved = *d;
        resolved.engine = rl_engine_for(d->engine, g->name);
        d = &resolved;
    }
    out->engine = d->engine;
    out->pool_fraction = rl_deploy_pool(d, d->engine, g->vram_gib, m);
    /* vLLM's start check: its pool of the GPU's total must be free at its start, else it raises "Free memory on
     * device ... is less than desired GPU memory utilization" and does not start (rl_engine_start_check). */
    if ((st = rl_engine_start_fail(g, d->engine, out->pool_fraction, err)) != RL_OK) {
        clear_result(out);
        clear_realistic(out);
        return st;
    }
    out->pool_of_free = rl_engine_pool_of_free(d->engine);
    out->pool_of_start = rl_engine_pool_of_start(d->engine);

    ctx c;
    fit f;
    ctx_init(&c, rl_formulas_in_use(), m, g, d);
    out->prefill_chunk = c.chunk > 0 ? c.chunk : d->seq;
    out->activation_tokens = out->pool_of_start ? 0 : chunk_tokens(&c);
    out->activation_at_logits = !out->pool_of_start && output_activation_bytes(&c) > layer_activation_bytes(&c);
    out->step_logit_bytes = rl_engine_step_logit_bytes(d->engine);
    out->logits_on_host = rl_engine_logits_on_host(d->engine);
    fit_check(&c, &f);
    fit_counts(d, &f);

    rl_result *r = out;
    double B = (double)d->batch, tp = (double)d->tp, pp = (double)d->pp, S = (double)d->seq;
    set_memory(r, d, &f, g);
    if (RL_SCALE_OUT) {
        rl_topology(d, g, r);
        if (dp_of(d) > 1) {
            r->dp_groups = dp_of(d);
            r->dp_attention_tp = attn_tp(d);
            r->dp_requests_per_group = rl_ceil_div(d->batch, dp_of(d));
            /* Legal but wasteful: a group with no request still holds its weights and joins the MoE layers. */
            if (d->batch < dp_of(d)) r->warnings |= RL_WARN_DP_GROUPS_IDLE;
        }
    } else { /* one node: every collective on the GPU's own link */
        r->tp_link_gbs = r->pp_link_gbs = g->link_gbs / 2.0;
    }
    if (d->spec_tokens > 0) {
        r->draft_weights_gib = draft_weight_bytes(&c) / gpus_of(d) / RL_GIB;
        r->draft_kv_gib_per_request = draft_kv_bytes(&c, (double)c.tokens) * draft_kv_share(&c) / RL_GIB;
    }

    /* Cached tokens over the layers at S, unpadded: the KV bytes follow (the states included), and
     * attention's FLOPs (over the attending layers' tokens alone). */
    double local = window_of(&c, S);
    double tokens = layer_tokens(&c, S, local);
    double attn_tokens = attention_tokens(&c, S, local);
    double kv_request = c.kv_elems * c.b_kv * tokens;
    double touched = experts_touched(&c, B);
    r->weight_precision = c.w_prec;
    r->kv_precision = c.kv_prec;
    r->compute_precision = c.math_prec;
    r->peak_tflops = c.peak / 1e12;
    r->weight_bytes = c.weight_total;
    r->kv_bytes_per_request = kv_request;
    r->kv_bytes_per_token = kv_request / S;
    r->kv_share = c.kv_share;
    r->experts_touched = touched;
    r->weight_bytes_read = weight_bytes_read(&c, B, touched);
    r->ridge = c.peak / c.bw;

    r->tokens_per_request = c.tokens;
    r->padding_tokens = c.tokens - d->seq;
    r->waste_fraction = (double)r->padding_tokens / S;

    if (d->tp > 1) r->allreduce_bytes_per_gpu = 8.0 * (tp - 1.0) / tp * (double)m->layers * (double)m->hidden * B;

    /* The decode step: one pass over the weights for the whole batch, or with
     * pp > 1 the drain of M micro-batches through pp stages. */
    double batch_flops = step_flops(&c, B, attn_tokens), batch_kv = B * kv_request;
    double flops, bytes, step;
    double unit_bytes, unit_flops, mb = B; /* what the realistic estimate scales: the step, or one stage */
    double host_s = 0.0;                   /* offload: the host part of the step */
    if (d->pp > 1) {
        int64_t M = d->micro_batches > 0 ? d->micro_batches : d->batch;
        mb = (double)rl_ceil_div(d->batch, M);
        double gpus = tp * pp;
        double stage_flops = step_flops(&c, mb, attn_tokens) / gpus;
        double stage_read = weight_bytes_read(&c, mb, mb == B ? touched : experts_touched(&c, mb));
        double stage_bytes = stage_read / gpus + mb * kv_request * c.kv_share / pp;
        double stage = floor_seconds(&c, stage_bytes, stage_flops);
        unit_bytes = stage_bytes;
        unit_flops = stage_flops;
        double drain = ((double)M + pp - 1.0) * stage;
        r->micro_batches = M;
        r->pp_bubble = (pp - 1.0) / ((double)M + pp - 1.0);
        r->pp_weight_bytes_read = stage_read;
        flops = (double)M * stage_flops;
        bytes = (double)M * stage_bytes;
        step = drain;
        if (r->fits) {
            /* The speedup compares two times, so a refusal has none (nor its "slower" warning):
             * it would be a speed for a deployment that cannot run. */
            double one_gpu = floor_seconds(&c, r->weight_bytes_read + batch_kv, batch_flops);
            r->pp_stage_ms = stage * 1e3;
            r->pp_drain_ms = drain * 1e3;
            r->pp_one_gpu_ms = one_gpu * 1e3;
            r->pp_speedup = c.F->pp_speedup(one_gpu, drain, pp, (double)M);
            if (r->pp_speedup < 1.0) r->warnings |= RL_WARN_PP_SLOWER_THAN_ONE_GPU;
        }
        if (m->layers % d->pp != 0) r->warnings |= RL_WARN_LAYERS_NOT_DIVISIBLE_BY_PP;
        if (d->batch % M != 0) r->warnings |= RL_WARN_BATCH_NOT_DIVISIBLE_BY_MICRO;
    } else if (c.offload) {
        /* tp = 1. The GPU reads its n/L share of the layers' weights and KV at its
         * bandwidth (or its FLOPs at its peak); then the host reads the rest, the LM
         * head included, at the host's bandwidth: the two run one after the other. */
        r->micro_batches = 1;
        double head = (double)m->vocab * (double)m->hidden * c.b_embed * c.F->weight_passes(B);
        double layers_read = r->weight_bytes_read - head;
        double gpu_bytes = (layers_read + batch_kv) * c.gpu_frac;
        double host_bytes = r->weight_bytes_read + batch_kv - gpu_bytes;
        double gpu_s = floor_seconds(&c, gpu_bytes, batch_flops * c.gpu_frac);
        host_s = host_bytes / c.host_bw;
        flops = batch_flops;
        bytes = gpu_bytes + host_bytes;
        step = c.F->offload_step(gpu_s, host_s);
        unit_bytes = gpu_bytes;
        unit_flops = batch_flops * c.gpu_frac;
        r->gpu_part_ms = gpu_s * 1e3;
        r->host_part_ms = host_s * 1e3;
    } else {
        r->micro_batches = 1;
        flops = batch_flops / tp;
        bytes = r->weight_bytes_read / tp + batch_kv * c.kv_share;
        if (RL_SCALE_OUT && d->ep > 1) expert_parallel_step(&c, B, touched, r, &bytes, &flops);
        if (dp_of(d) > 1) dp_attention_step(&c, B, attn_tokens, kv_request, r, &bytes, &flops);
        step = floor_seconds(&c, bytes, flops);
        unit_bytes = bytes;
        unit_flops = flops;
    }

    if (d->tp > 1 && !m->mla && d->tp < m->kv_heads && m->kv_heads % d->tp != 0)
        r->warnings |= RL_WARN_KV_HEADS_NOT_DIVISIBLE_BY_TP;
    if (d->tp > 1 && (m->mla || d->tp > m->kv_heads)) r->warnings |= RL_WARN_KV_REPLICATED_ACROSS_TP;
    if (m->max_positions > 0 && d->seq > m->max_positions) r->warnings |= RL_WARN_SEQ_OVER_MAX_POSITIONS;
    if (f.verdict == RL_TIGHT) r->warnings |= RL_WARN_TIGHT;
    /* The weights' format, and an MXFP4 checkpoint's experts kept as they are (gpt-fast runs neither FP4). */
    if (rl_engine_lacks(d->engine, c.w_prec, 0) ||
        (d->precision == RL_PREC_AUTO && m->quant == RL_QUANT_MXFP4 && rl_engine_lacks(d->engine, RL_PREC_MXFP4, 0)))
        r->warnings |= RL_WARN_ENGINE_LACKS_WEIGHT_FORMAT;
    if (rl_engine_lacks(d->engine, c.kv_prec, 1)) r->warnings |= RL_WARN_ENGINE_LACKS_KV_FORMAT;
    if (rl_gpu_id_in(rl_engine_preset_of(d->engine)->not_on, g->name)) r->warnings |= RL_WARN_ENGINE_NOT_ON_GPU;
    /* Only the roof actually used matters: a sourced FP8 peak serves fp8 math. */
    if (c.peak <= 0) r->warnings |= RL_WARN_NO_SOURCED_TFLOPS;

    if (r->fits) {
        /* Prefill of S tokens: the weights are read once for the whole prompt.
         * Attention is causal: fused kernels skip the masked half, so a query
         * meets half the layer's cached tokens on average (2·L·q·d·S², not 4·). Each
         * token also passes once over every recurrent state. */
        double prefill_flops = 2.0 * matmul_params(&c, m->params_active, m->params_input_table) * S +
                               c.F->prefill_attention_share * m->attn_flops_per_token_pair * S * attn_tokens +
                               S * state_flops(&c);
        double prefill_weights = weight_bytes_read(&c, S, experts_touched(&c, S));
        /* Prefill at scale: a step of T prompt tokens (the engine's budget, as many prompts as fill it; under
         * dp_attention each attention group's budget (group_chunk) and requests), each
         * prompt's attention over its own tokens, so T / S of one prompt's FLOPs; the weights read once a step
         * (the experts T tokens touch), every GPU a 1/(tp·pp) share of both (a pipeline's stages each on its own
         * step). */
        double step_tokens = (double)dp_of(d) * c.F->prefill_step_tokens(group_chunk(d, g, r->prefill_chunk), group_batch(d), S);
        double step_prefill_flops = prefill_flops * (step_tokens / S);
        double step_prefill_bytes = weight_bytes_read(&c, step_tokens, experts_touched(&c, step_tokens));
        double gpus = gpus_of(d);
        r->prefill_step_tokens = step_tokens;
        r->has_timing = 1;
        r->flops_per_step = flops;
        r->bytes_per_step = bytes;
        r->ai = flops / bytes;
        r->step_ms = step * 1e3;
        r->ms_per_token = step * 1e3 / B;
        r->tokens_per_s = B / step;
        r->prefill_ai = prefill_flops / prefill_weights;
        r->prefill_flops = prefill_flops;
        r->prefill_weight_bytes_read = prefill_weights;
        if (c.peak > 0) {
            r->bound = r->ai < r->ridge ? RL_BOUND_MEMORY : RL_BOUND_COMPUTE;
            r->ceiling_fraction = fmin(1.0, r->ai / r->ridge);
            r->prefill_bound = r->prefill_ai < r->ridge ? RL_BOUND_MEMORY : RL_BOUND_COMPUTE;
            /* Prefill of one request: its stages run one after another, so pp does not divide it. */
            double prefill_s = fmax(prefill_flops / tp / c.peak, prefill_weights / tp / c.bw);
            r->prefill_ms = prefill_s * 1e3;
            r->prefill_tokens_per_s = S / prefill_s;
            r->ttft_ms = d->launch_ms + r->prefill_ms;
            double step_s = fmax(step_prefill_flops / gpus / c.peak, step_prefill_bytes / gpus / c.bw);
            r->prefill_step_ms = step_s * 1e3;
            r->prefill_step_tokens_per_s_per_gpu = step_tokens / step_s / gpus;
        } else {
            r->times_are_bandwidth_floors = 1;
            r->bound = RL_BOUND_UNKNOWN;
            r->prefill_bound = RL_BOUND_UNKNOWN;
        }
        rl_realistic_in in = {.layers = (double)m->layers,
                              .moe_layers = (double)m->moe_layers,
                              .hidden = (double)m->hidden,
                              .batch = B,
                              .tp = tp,
                              .pp = pp,
                              .micro_batches = (double)r->micro_batches,
                              .micro_batch = mb,
                              .step_bytes = unit_bytes,
                              .step_flops = unit_flops,
                              .floor_step_s = step,
                              .bw = c.bw,
                              .peak = c.peak,
                              .seq = S,
                              .weight_only_quant = rl_weight_only_quant(c.w_prec),
                              .prefill_flops = prefill_flops,
                              .prefill_bytes = prefill_weights,
                              .floor_prefill_s = r->prefill_ms / 1e3,
                              .floor_ttft_ms = r->ttft_ms,
                              .host_s = host_s,
                              .tp_link_Bps = r->tp_link_gbs * 1e9,
                              .pp_link_Bps = r->pp_link_gbs * 1e9,
                              .a2a_s = r->ep_a2a_ms / 1e3,
                              .a2a_prefill_s = RL_SCALE_OUT && d->ep > 1 ? a2a_seconds(r, a2a_bytes(&c, S)) : 0.0,
                              .step_tokens = step_tokens,
                              .step_prefill_flops = step_prefill_flops,
                              .step_prefill_bytes = step_prefill_bytes,
                              .floor_step_prefill_s = r->prefill_step_ms / 1e3,
                              .gpus = gpus,
                              .a2a_step_prefill_s =
                                  RL_SCALE_OUT && d->ep > 1 ? a2a_seconds(r, a2a_bytes(&c, step_tokens)) : 0.0,
                              .dp_groups = (double)dp_of(d),
                              .group_batch = group_batch(d),
                              .attn_tp = (double)attn_tp(d),
                              .group_link_Bps = r->dp_group_link_gbs * 1e9,
                              .group_allreduces = group_allreduces(m),
                              .gather_layers = d->ep > 1 ? 0.0 : (double)m->moe_layers};
        /* The engine's estimate is for an engine that starts: none when its budget holds no request
         * (a tight fit with max_batch_realistic 0, where vLLM stops at "No available memory for the
         * cache blocks"); the floor stays, labelled as the floor. */
        if (f.max_batch_realistic >= 1) {
            rl_realistic_compute(&in, g, d, &r->realistic);
            r->realistic.batch = d->batch;
            r->realistic.floor_step_ms = r->step_ms;
            r->has_realistic = 1;
            if (RL_FULL && d->spec_tokens > 0) speculate(&c, &in, B, S, step, r);
            /* Tight: the budget holds fewer than asked, and the engine runs only those. */
            if (f.max_batch_realistic < d->batch) engine_at_its_batch(m, g, d, f.max_batch_realistic, r);
        } else {
            clear_realistic(r);
        }
    } else {
        clear_realistic(r);
    }
    if (c.offload) {
        r->offload = 1;
        r->layers_on_gpu = d->gpu_layers;
        r->layer_weight_bytes = c.weight_total - m->params_embed * c.b_embed - m->params_vision * c.b_main;
        r->lm_head_bytes = (double)m->vocab * (double)m->hidden * c.b_embed * c.F->weight_passes(B);
        r->host_bandwidth_gbs = c.host_bw / 1e9;
    }
    /* The largest -ngl is a search: it is made for an offload, or for a setup that does not
     * fit when host RAM is given (offload is then a way out), not for every refusal. */
    if (d->tp == 1 && d->pp == 1 && (c.offload || (f.verdict != RL_FITS && d->ram_gib > 0)))
        r->max_gpu_layers = largest_gpu_layers(&c);
    if (!r->fits) {
        r->gpu_part_ms = r->host_part_ms = 0.0;
    }
    if (f.verdict != RL_FITS) find_remedies(&c, &f, r);
    /* Disaggregated (disaggregation.c): the prefill pool at the context as its prompt (a request's workload
     * reads it at its input tokens); a pool that does not fit refuses the whole deployment, with no time. */
    if (RL_SCALE_OUT && d->prefill_instances > 0) {
        if ((st = rl_disagg(m, g, d, S, 0.0, 0.0, r, err)) != RL_OK) {
            clear_realistic(r);
            return st;
        }
        if (r->disagg.refused_pool == 1) {
            r->fits = 0;
            r->verdict = r->disagg.prefill_verdict;
            r->max_batch = r->max_batch_realistic = 0; /* a deployment that cannot prefill serves no request */
            /* No time, speed or roofline position for a deployment that cannot run: the decode pool's are cleared. */
            rl_result_strip_timing(r);
            r->prefill_ai = 0.0;
            r->prefill_bound = RL_BOUND_NONE;
            r->pp_speedup = r->pp_one_gpu_ms = 0.0;
            r->warnings &= ~RL_WARN_PP_SLOWER_THAN_ONE_GPU;
        }
    }
    return RL_OK;
}
