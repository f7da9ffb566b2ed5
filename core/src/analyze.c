/* The analysis: fit (floor and realistic budget), roofline, prefill, TP, PP,
 * paged KV, sliding windows, MLA and MoE reads. No allocation, no I/O. */
#include "internal.h"

#include <math.h>
#include <string.h>

#define MXFP4_BYTES 0.53125                 /* 4 bits + one 8-bit scale per 32 values */
#define FP8_BLOCK_SCALE (4.0 / (128.0 * 128.0)) /* one fp32 scale per 128x128 block */

static double kv_share_of(const rl_model *m, int64_t tp) {
    if (rl_active_fault() == RL_FAULT_KV_SPLIT_PAST_KV_HEADS) return 1.0 / (double)tp;
    /* MLA's latent is one vector per token: every TP rank keeps all of it. */
    if (m->mla) return 1.0;
    /* Each TP rank keeps whole KV heads; past h_kv ranks they are replicated. */
    return (double)rl_ceil_div(m->kv_heads, tp) / (double)m->kv_heads;
}

/* ---- the context of one analysis ---------------------------------------- */

typedef struct ctx {
    const rl_model *m;
    const rl_gpu *g;
    const rl_deploy *d;
    rl_fault fault;
    rl_precision w_prec, kv_prec, math_prec;
    double b_main, b_embed, b_expert, b_kv; /* bytes per parameter / element */
    double kv_elems;                        /* cached elements per token per layer */
    double kv_share;
    double bw, peak;                        /* bytes/s, FLOP/s (0 when unknown) */
    double local_layers, global_layers;
    int64_t tokens;                         /* per request in the fit check (paged) */
    int64_t local_tokens_capacity;          /* per local layer in the fit check */
} ctx;

static double gpus_of(const rl_deploy *d) { return (double)d->tp * (double)d->pp; }

static void resolve_precision(ctx *c) {
    const rl_model *m = c->m;
    const rl_deploy *d = c->d;
    const rl_gpu *g = c->g;
    if (d->precision == RL_PREC_AUTO) {
        /* The checkpoint as published: quantization_config, else torch_dtype. */
        rl_precision dtype = (rl_precision)m->dtype;
        double b = rl_precision_bytes(dtype);
        c->b_embed = b;
        c->b_main = m->quant == RL_QUANT_FP8 ? 1.0 + FP8_BLOCK_SCALE : b;
        c->b_expert = m->quant == RL_QUANT_FP8 ? 1.0 + FP8_BLOCK_SCALE : m->quant == RL_QUANT_MXFP4 ? MXFP4_BYTES : b;
        c->w_prec = m->quant == RL_QUANT_FP8 ? RL_PREC_FP8 : dtype;
        /* Quantized checkpoints still run activations, and so the KV, in torch_dtype. */
        c->kv_prec = d->kv_precision == RL_PREC_AUTO ? dtype : d->kv_precision;
    } else {
        c->w_prec = d->precision;
        c->b_main = c->b_embed = c->b_expert = rl_precision_bytes(d->precision);
        c->kv_prec = d->kv_precision == RL_PREC_AUTO ? d->precision : d->kv_precision;
    }
    c->b_kv = rl_precision_bytes(c->kv_prec);
    if (c->fault == RL_FAULT_KV_PRECISION_IGNORED) c->b_kv = c->b_main;

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

static void ctx_init(ctx *c, const rl_model *m, const rl_gpu *g, const rl_deploy *d) {
    c->m = m;
    c->g = g;
    c->d = d;
    c->fault = rl_active_fault();
    resolve_precision(c);
    if (m->mla && c->fault == RL_FAULT_MLA_AS_MHA) c->kv_elems = 2.0 * (double)m->kv_heads * (double)m->head_dim;
    else if (c->fault == RL_FAULT_KV_QUERY_HEADS && !m->mla) c->kv_elems = 2.0 * (double)m->heads * (double)m->head_dim;
    else c->kv_elems = m->kv_elems_per_token_per_layer;
    c->kv_share = kv_share_of(m, d->tp);
    c->bw = g->bandwidth_gbs * 1e9;
    c->local_layers = c->fault == RL_FAULT_SLIDING_WINDOW_IGNORED ? 0.0 : (double)m->sliding_layers;
    c->global_layers = (double)m->layers - c->local_layers;
    c->tokens = d->kv_block > 0 ? rl_ceil_div(d->seq, d->kv_block) * d->kv_block : d->seq;
    int64_t window = m->sliding_window;
    if (d->kv_block > 0 && window > 0) window = rl_ceil_div(window, d->kv_block) * d->kv_block;
    c->local_tokens_capacity = window > 0 && window < c->tokens ? window : c->tokens;
}

/* Cached tokens summed over layers: global layers hold them all, local ones the window. */
static double layer_tokens(const ctx *c, double global_tokens, double local_tokens) {
    return c->global_layers * global_tokens + c->local_layers * local_tokens;
}

static double window_of(const ctx *c, double s) {
    double w = (double)c->m->sliding_window;
    return w > 0 && w < s ? w : s;
}

/* One request's KV bytes at S tokens (whole model, unpadded). */
static double kv_bytes_request(const ctx *c) {
    double s = (double)c->d->seq;
    return c->kv_elems * c->b_kv * layer_tokens(c, s, window_of(c, s));
}

/* Distinct experts that b tokens route to in one MoE layer. */
static double experts_touched(const ctx *c, double b) {
    const rl_model *m = c->m;
    if (m->experts == 0) return 0.0;
    double E = (double)m->experts, k = (double)m->top_k;
    if (c->fault == RL_FAULT_MOE_ALL_EXPERTS) return E;
    if (c->d->moe_read == RL_MOE_DISTINCT) return fmin(b * k, E);
    return E * (1.0 - pow(1.0 - k / E, b));
}

static double expert_bytes(const ctx *c) {
    const rl_model *m = c->m;
    return m->params_expert_matrix * c->b_expert + (m->params_expert - m->params_expert_matrix) * c->b_main;
}

/* All weights at their precisions, whole model. */
static double weight_bytes_total(const ctx *c) {
    const rl_model *m = c->m;
    double experts = (double)m->moe_layers * (double)m->experts;
    return m->params_embed * c->b_embed + (m->params_always_read - m->params_embed) * c->b_main +
           experts * expert_bytes(c);
}

/* Weight bytes one step reads for b requests, whole model: the shared weights
 * once, plus in every MoE layer the experts the batch touches. */
static double weight_bytes_read(const ctx *c, double b) {
    const rl_model *m = c->m;
    double read;
    if (m->experts == 0) {
        read = weight_bytes_total(c);
    } else {
        double layers = c->fault == RL_FAULT_MOE_ONCE_PER_MODEL ? 1.0 : (double)m->moe_layers;
        read = m->params_embed * c->b_embed + (m->params_always_read - m->params_embed) * c->b_main +
               layers * experts_touched(c, b) * expert_bytes(c);
    }
    if (c->fault == RL_FAULT_WEIGHTS_PER_REQUEST) read *= b;
    return read;
}

static double step_flops(const ctx *c, double b) {
    double s = (double)c->d->seq;
    double attn = c->m->attn_flops_per_token_pair * layer_tokens(c, s, window_of(c, s));
    return b * (2.0 * c->m->params_active + attn);
}

static double kv_read_bytes(const ctx *c, double b) { return b * kv_bytes_request(c); }

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
    double realistic_free;          /* for KV and logits: pool − reserves − weights */
    int64_t max_batch_realistic;
    bool realistic_ok;
} fit;

/* Largest n with n·per ≤ room, computed so that it agrees exactly with that comparison. */
static int64_t max_count(double room, double per) {
    if (!(room >= 0.0) || !(per > 0.0)) return 0;
    double q = floor(room / per);
    int64_t n = q > 1e15 ? (int64_t)1e15 : (int64_t)q;
    while (n > 0 && (double)n * per > room) n--;
    while ((double)(n + 1) * per <= room && n < (int64_t)1e15) n++;
    return n;
}

/* The activation/workspace peak of one prefill chunk of C tokens, per GPU:
 * C·(2·hidden + qkv width + 2·MLP width)·2 bytes / tp, where the MLP width is
 * the widest of the dense MLP and the k routed + shared experts. */
static double activation_chunk_bytes(const ctx *c) {
    const rl_model *m = c->m;
    double chunk = (double)(c->d->prefill_chunk < c->d->seq ? c->d->prefill_chunk : c->d->seq);
    double mlp = m->layers > m->moe_layers ? (double)m->intermediate : 0.0;
    if (m->moe_layers > 0)
        mlp = fmax(mlp, (double)m->top_k * (double)m->moe_intermediate + (double)m->shared_intermediate);
    return chunk * (2.0 * (double)m->hidden + m->qkv_width + 2.0 * mlp) * 2.0 / (double)c->d->tp;
}

static void fit_check(const ctx *c, fit *f) {
    const rl_deploy *d = c->d;
    double gpus = gpus_of(d);
    double vram = c->g->vram_gib * RL_GIB;
    double B = (double)d->batch;
    f->weights = weight_bytes_total(c) / gpus;
    f->kv_req = c->kv_elems * c->b_kv *
                layer_tokens(c, (double)c->tokens, (double)c->local_tokens_capacity) * c->kv_share / (double)d->pp;
    f->kv = B * f->kv_req;
    f->free = vram - f->weights;
    f->max_batch = f->free >= 0 ? max_count(f->free, f->kv_req) : 0;
    if (f->weights > vram) f->verdict = RL_WEIGHTS_DO_NOT_FIT;
    else if (f->kv > f->free) f->verdict = RL_KV_DOES_NOT_FIT;
    else f->verdict = RL_FITS;

    f->pool = d->pool_fraction * vram;
    f->context = d->context_reserve_gib * RL_GIB;
    f->nccl = d->nccl_gib_per_peer * RL_GIB * (gpus - 1.0);
    f->overhead = d->weight_overhead * f->weights;
    f->act_chunk = activation_chunk_bytes(c);
    /* fp32 logits of the decode batch, gathered on every rank. */
    f->act_logits_per_request = 4.0 * (double)c->m->vocab;
    f->realistic_free = f->pool - f->context - f->nccl - f->overhead - f->act_chunk - f->weights;
    if (c->fault == RL_FAULT_RESERVE_IGNORED) {
        f->realistic_free = f->free;
        f->act_logits_per_request = 0.0;
    }
    double per = f->kv_req + f->act_logits_per_request;
    f->max_batch_realistic = max_count(f->realistic_free, per);
    f->realistic_ok = B * per <= f->realistic_free;
    if (f->verdict == RL_FITS && !f->realistic_ok) f->verdict = RL_TIGHT;
}

/* Does this deployment get past the floor, or with `realistic` also into the
 * realistic budget? */
static bool ctx_reaches(const ctx *c, bool realistic) {
    fit f;
    fit_check(c, &f);
    return realistic ? f.verdict == RL_FITS : (f.verdict == RL_FITS || f.verdict == RL_TIGHT);
}

static bool reaches(const rl_model *m, const rl_gpu *g, const rl_deploy *d, bool realistic) {
    ctx c;
    ctx_init(&c, m, g, d);
    return ctx_reaches(&c, realistic);
}

/* The longest context that gets through with this batch. The KV is linear in
 * the tokens up to the window, so a closed-form guess is usually exact; it is
 * checked, and a bisection takes over when the guess is off (activation sizes
 * that shrink with S, windows, block rounding). */
static int64_t longest_context(const rl_model *m, const rl_gpu *g, const rl_deploy *d, const ctx *c, const fit *f,
                               bool realistic) {
    double room = realistic ? f->realistic_free - (double)d->batch * f->act_logits_per_request : f->free;
    double per_token = c->kv_elems * c->b_kv * (double)m->layers * c->kv_share / (double)d->pp;
    double guess = floor(room / ((double)d->batch * per_token));
    int64_t block = d->kv_block > 0 ? d->kv_block : 1;
    int64_t s = guess >= (double)d->seq ? d->seq - 1 : guess < 0 ? 0 : (int64_t)guess;
    s -= s % block;
    rl_deploy t = *d;
    t.seq = s;
    bool fits_s = s >= 1 && reaches(m, g, &t, realistic);
    t.seq = s + block;
    bool fits_next = s + block < d->seq && reaches(m, g, &t, realistic);
    if (fits_s && !fits_next) return s;

    int64_t lo = 0, hi = d->seq - 1;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo + 1) / 2;
        t.seq = mid;
        if (reaches(m, g, &t, realistic)) lo = mid;
        else hi = mid - 1;
    }
    return lo - lo % block;
}

/* Each remedy is a single change that gets this deployment through: past the
 * floor on a refusal, into the realistic budget when tight. */
static void find_remedies(const rl_model *m, const rl_gpu *g, const rl_deploy *d, const ctx *c, const fit *f,
                          rl_result *r) {
    static const rl_precision lower[] = {RL_PREC_FP16, RL_PREC_FP8, RL_PREC_INT4};
    bool realistic = f->verdict == RL_TIGHT;
    bool kv_problem = f->verdict != RL_WEIGHTS_DO_NOT_FIT;
    double current_weights = weight_bytes_total(c);
    rl_deploy t;

    for (size_t i = 0; i < sizeof lower / sizeof lower[0]; i++) {
        t = *d;
        t.precision = lower[i];
        t.kv_precision = c->kv_prec;
        ctx tc;
        ctx_init(&tc, m, g, &t);
        if (weight_bytes_total(&tc) >= current_weights) continue;
        if (ctx_reaches(&tc, realistic)) {
            r->remedies |= RL_REMEDY_WEIGHT_PRECISION;
            r->remedy_precision = lower[i];
            break;
        }
    }

    if (kv_problem) {
        for (size_t i = 1; i < sizeof lower / sizeof lower[0]; i++) {
            if (rl_precision_bytes(lower[i]) >= c->b_kv) continue;
            t = *d;
            t.kv_precision = lower[i];
            if (reaches(m, g, &t, realistic)) {
                r->remedies |= RL_REMEDY_KV_PRECISION;
                r->remedy_kv_precision = lower[i];
                break;
            }
        }
    }

    for (int64_t tp = 2; tp <= RL_MAX_PARALLEL; tp *= 2) {
        if (tp <= d->tp) continue;
        t = *d;
        t.tp = tp;
        if (reaches(m, g, &t, realistic)) {
            r->remedies |= RL_REMEDY_MORE_TP;
            r->remedy_tp = tp;
            break;
        }
    }

    int64_t batch_limit = realistic ? f->max_batch_realistic : f->max_batch;
    if (kv_problem && batch_limit >= 1) {
        r->remedies |= RL_REMEDY_SMALLER_BATCH;
        r->remedy_batch = batch_limit;
    }

    if (kv_problem) {
        int64_t s = longest_context(m, g, d, c, f, realistic);
        if (s >= 1) {
            r->remedies |= RL_REMEDY_SHORTER_CONTEXT;
            r->remedy_seq = s;
        }
    }

    if (realistic) {
        double need = f->weights + f->overhead + f->context + f->nccl + f->act_chunk +
                      (double)d->batch * (f->kv_req + f->act_logits_per_request);
        double fraction = need / (c->g->vram_gib * RL_GIB);
        if (fraction <= 0.98) {
            r->remedies |= RL_REMEDY_RAISE_POOL;
            r->remedy_pool_fraction = ceil(fraction * 100.0) / 100.0;
        }
    }

    r->remedies |= RL_REMEDY_BIGGER_GPU;
    double need_gib = realistic ? (f->weights + f->overhead + f->context + f->nccl + f->act_chunk +
                                   (double)d->batch * (f->kv_req + f->act_logits_per_request)) /
                                      d->pool_fraction
                                : f->weights + f->kv;
    r->remedy_vram_gib = need_gib / RL_GIB;
}

/* ---- the analysis ---------------------------------------------------------- */

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

    double logits = (double)d->batch * f->act_logits_per_request;
    r->pool_gib = f->pool / RL_GIB;
    r->reserve_context_gib = f->context / RL_GIB;
    r->reserve_nccl_gib = f->nccl / RL_GIB;
    r->reserve_weights_gib = f->overhead / RL_GIB;
    r->activation_gib = (f->act_chunk + logits) / RL_GIB;
    r->reserve_gib = (f->context + f->nccl + f->overhead + f->act_chunk + logits) / RL_GIB;
    r->realistic_free_gib = (f->realistic_free - logits) / RL_GIB;
    r->max_batch_realistic = f->max_batch_realistic;
    if (f->verdict == RL_TIGHT) r->tight_missing_gib = (f->kv - (f->realistic_free - logits)) / RL_GIB;
}

rl_status rl_analyze(const rl_model *model, const rl_gpu *g, const rl_deploy *d, rl_result *out, rl_error *err) {
    rl_clear_error(err);
    if (out == NULL) return rl_fail(err, RL_E_NULL, "result", "result: no output was given");
    memset(out, 0, sizeof *out);
    rl_status st;
    if (model == NULL) return rl_fail(err, RL_E_NULL, "model", "model: no model was given");
    rl_model m = *model; /* re-derive: a caller may have edited fields after finishing */
    if ((st = rl_model_finish(&m, err))) return st;
    if ((st = rl_gpu_validate(g, err))) return st;
    if ((st = rl_deploy_validate(d, err))) return st;

    ctx c;
    fit f;
    ctx_init(&c, &m, g, d);
    fit_check(&c, &f);

    rl_result *r = out;
    double B = (double)d->batch, tp = (double)d->tp, pp = (double)d->pp, S = (double)d->seq;
    set_memory(r, d, &f, g);

    r->weight_precision = c.w_prec;
    r->kv_precision = c.kv_prec;
    r->compute_precision = c.math_prec;
    r->peak_tflops = c.peak / 1e12;
    r->weight_bytes = weight_bytes_total(&c);
    r->kv_bytes_per_request = kv_bytes_request(&c);
    r->kv_bytes_per_token = r->kv_bytes_per_request / S;
    r->kv_share = c.kv_share;
    r->experts_touched = experts_touched(&c, B);
    r->weight_bytes_read = weight_bytes_read(&c, B);
    r->ridge = c.peak / c.bw;

    r->tokens_per_request = c.tokens;
    r->padding_tokens = c.tokens - d->seq;
    r->waste_fraction = (double)r->padding_tokens / S;

    if (d->tp > 1) r->allreduce_bytes_per_gpu = 8.0 * (tp - 1.0) / tp * (double)m.layers * (double)m.hidden * B;

    /* The decode step: one pass over the weights for the whole batch, or with
     * pp > 1 the drain of M micro-batches through pp stages. */
    double flops, bytes, step;
    if (d->pp > 1) {
        int64_t M = d->micro_batches > 0 ? d->micro_batches : d->batch;
        double mb = (double)rl_ceil_div(d->batch, M);
        double gpus = tp * pp;
        double stage_flops = step_flops(&c, mb) / gpus;
        double stage_bytes = weight_bytes_read(&c, mb) / gpus + kv_read_bytes(&c, mb) * c.kv_share / pp;
        double stage = floor_seconds(&c, stage_bytes, stage_flops);
        double drain = ((double)M + pp - 1.0) * stage;
        double one_gpu = floor_seconds(&c, r->weight_bytes_read + kv_read_bytes(&c, B), step_flops(&c, B));
        r->micro_batches = M;
        r->pp_bubble = (pp - 1.0) / ((double)M + pp - 1.0);
        r->pp_speedup = c.fault == RL_FAULT_TEXTBOOK_PP_SPEEDUP ? pp * (double)M / ((double)M + pp - 1.0)
                                                                : one_gpu / drain;
        flops = (double)M * stage_flops;
        bytes = (double)M * stage_bytes;
        step = drain;
        if (r->fits) {
            r->pp_stage_ms = stage * 1e3;
            r->pp_drain_ms = drain * 1e3;
        }
        if (m.layers % d->pp != 0) r->warnings |= RL_WARN_LAYERS_NOT_DIVISIBLE_BY_PP;
        if (r->pp_speedup < 1.0) r->warnings |= RL_WARN_PP_SLOWER_THAN_ONE_GPU;
        if (d->batch % M != 0) r->warnings |= RL_WARN_BATCH_NOT_DIVISIBLE_BY_MICRO;
    } else {
        r->micro_batches = 1;
        flops = step_flops(&c, B) / tp;
        bytes = r->weight_bytes_read / tp + kv_read_bytes(&c, B) * c.kv_share;
        step = floor_seconds(&c, bytes, flops);
    }

    if (d->tp > 1 && !m.mla && d->tp < m.kv_heads && m.kv_heads % d->tp != 0)
        r->warnings |= RL_WARN_KV_HEADS_NOT_DIVISIBLE_BY_TP;
    if (d->tp > 1 && (m.mla || d->tp > m.kv_heads)) r->warnings |= RL_WARN_KV_REPLICATED_ACROSS_TP;
    if (m.max_positions > 0 && d->seq > m.max_positions) r->warnings |= RL_WARN_SEQ_OVER_MAX_POSITIONS;
    if (f.verdict == RL_TIGHT) r->warnings |= RL_WARN_TIGHT;
    /* Only the roof actually used matters: a sourced FP8 peak serves fp8 math. */
    if (c.peak <= 0) r->warnings |= RL_WARN_NO_SOURCED_TFLOPS;

    double prefill_flops = 2.0 * m.params_active * S + m.attn_flops_per_token_pair * S * layer_tokens(&c, S, window_of(&c, S));
    double prefill_weights = r->fits ? weight_bytes_read(&c, S) : 0.0; /* only a fit gets prefill figures */
    r->prefill_ai = 0.0;
    if (r->fits) {
        r->has_timing = 1;
        r->flops_per_step = flops;
        r->bytes_per_step = bytes;
        r->ai = flops / bytes;
        r->step_ms = step * 1e3;
        r->ms_per_token = step * 1e3 / B;
        r->tokens_per_s = B / step;
        r->prefill_ai = prefill_flops / prefill_weights;
        if (c.peak > 0) {
            r->bound = r->ai < r->ridge ? RL_BOUND_MEMORY : RL_BOUND_COMPUTE;
            r->ceiling_fraction = fmin(1.0, r->ai / r->ridge);
            r->prefill_bound = r->prefill_ai < r->ridge ? RL_BOUND_MEMORY : RL_BOUND_COMPUTE;
            /* Prefill of one request: its stages run one after another, so pp does not divide it. */
            double prefill_s = fmax(prefill_flops / tp / c.peak, prefill_weights / tp / c.bw);
            r->prefill_ms = prefill_s * 1e3;
            r->prefill_tokens_per_s = S / prefill_s;
            r->ttft_ms = d->launch_ms + r->prefill_ms;
        } else {
            r->times_are_bandwidth_floors = 1;
            r->bound = RL_BOUND_UNKNOWN;
            r->prefill_bound = RL_BOUND_UNKNOWN;
        }
    }
    if (f.verdict != RL_FITS) find_remedies(&m, g, d, &c, &f, r);
    return RL_OK;
}
