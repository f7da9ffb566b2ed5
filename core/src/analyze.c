/* The analysis: fit, roofline, TP, PP, paged KV and MoE reads. No allocation, no I/O. */
#include "internal.h"

#include <math.h>
#include <string.h>

/* ---- testing hook -------------------------------------------------------- */

static rl_fault active_fault = RL_FAULT_NONE;

void rl_testing_set_fault(rl_fault f) {
    active_fault = (unsigned)f < RL_FAULT_COUNT_ ? f : RL_FAULT_NONE;
}
rl_fault rl_active_fault(void) { return active_fault; }

static const char *const fault_names[RL_FAULT_COUNT_] = {
    "none",
    "weights-read-per-request",
    "textbook-pp-speedup",
    "kv-with-query-heads",
    "moe-reads-all-experts",
    "kv-precision-ignored",
    "moe-experts-once-per-model",
};
const char *rl_fault_name(rl_fault f) {
    return (unsigned)f < RL_FAULT_COUNT_ ? fault_names[f] : "unknown";
}

/* ---- inputs ------------------------------------------------------------- */

rl_gpu rl_gpu_default(void) {
    rl_gpu g;
    memset(&g, 0, sizeof g);
    memcpy(g.name, "custom", 7);
    return g;
}

static rl_status check_positive(double v, const char *field, const char *unit, rl_error *err) {
    if (!(v > 0.0 && v <= 1e6)) /* also refuses NaN */
        return rl_fail(err, RL_E_RANGE, field, "%s must be a number above 0 and at most 1e6 %s (got %g)",
                       field, unit, v);
    return RL_OK;
}

rl_status rl_gpu_validate(const rl_gpu *g, rl_error *err) {
    if (g == NULL) return rl_fail(err, RL_E_NULL, "gpu", "gpu: no GPU was given");
    rl_status st;
    if ((st = check_positive(g->tflops, "gpu.tflops", "TFLOPS", err))) return st;
    if ((st = check_positive(g->bandwidth_gbs, "gpu.bandwidth_gbs", "GB/s", err))) return st;
    return check_positive(g->vram_gib, "gpu.vram_gib", "GiB", err);
}

rl_deploy rl_deploy_default(void) {
    rl_deploy d;
    memset(&d, 0, sizeof d);
    d.precision = RL_PREC_FP16;
    d.kv_precision = RL_PREC_AUTO;
    d.seq = 4096;
    d.batch = 1;
    d.tp = 1;
    d.pp = 1;
    d.micro_batches = 0;
    d.kv_block = 0;
    d.moe_read = RL_MOE_UNION;
    return d;
}

rl_status rl_deploy_validate(const rl_deploy *d, rl_error *err) {
    if (d == NULL) return rl_fail(err, RL_E_NULL, "deploy", "deploy: no deployment was given");
    rl_status st;
    if (d->precision <= RL_PREC_AUTO || d->precision >= RL_PREC_COUNT_)
        return rl_fail(err, RL_E_UNKNOWN_NAME, "precision",
                       "precision must be one of fp32, fp16, bf16, fp8, int8, int4");
    if ((unsigned)d->kv_precision >= RL_PREC_COUNT_)
        return rl_fail(err, RL_E_UNKNOWN_NAME, "kv_precision",
                       "kv_precision must be one of auto, fp32, fp16, bf16, fp8, int8, int4");
    if (d->moe_read != RL_MOE_UNION && d->moe_read != RL_MOE_DISTINCT)
        return rl_fail(err, RL_E_UNKNOWN_NAME, "moe_read", "moe_read must be union or distinct");
    if ((st = rl_check_int(d->seq, "seq", 1, RL_MAX_SEQ, err))) return st;
    if ((st = rl_check_int(d->batch, "batch", 1, RL_MAX_BATCH, err))) return st;
    if ((st = rl_check_int(d->tp, "tp", 1, RL_MAX_PARALLEL, err))) return st;
    if ((st = rl_check_int(d->pp, "pp", 1, RL_MAX_PARALLEL, err))) return st;
    /* 0 means paging is off; anything else must be a real block size. */
    if (d->kv_block != 0 && (st = rl_check_int(d->kv_block, "kv_block", 1, RL_MAX_SEQ, err))) return st;
    if (d->micro_batches != 0) {
        if (d->pp <= 1)
            return rl_fail(err, RL_E_MICROBATCH, "micro_batch",
                           "micro_batch needs pipeline parallelism: set pp to 2 or more, or drop micro_batch");
        if (d->micro_batches < 1 || d->micro_batches > d->batch)
            return rl_fail(err, RL_E_MICROBATCH, "micro_batch",
                           "micro_batch must be an integer from 1 to the batch (%lld) (got %lld)",
                           (long long)d->batch, (long long)d->micro_batches);
    }
    return RL_OK;
}

/* ---- the arithmetic ----------------------------------------------------- */

double rl_kv_share(const rl_model *m, int64_t tp) {
    /* Each TP rank keeps whole KV heads; past h_kv ranks they are replicated. */
    return (double)rl_ceil_div(m->kv_heads, tp) / (double)m->kv_heads;
}

typedef struct ctx {
    const rl_model *m;
    const rl_gpu *g;
    const rl_deploy *d;
    double b_w, b_kv;
    double kv_bytes_per_token; /* whole model */
    double kv_share;           /* of one request's KV held by one TP rank */
    double bw, peak;           /* bytes/s, FLOP/s */
    int64_t tokens;            /* per request in the fit check (paged) */
} ctx;

static rl_precision kv_prec_of(const rl_deploy *d) {
    return d->kv_precision == RL_PREC_AUTO ? d->precision : d->kv_precision;
}

static void ctx_init(ctx *c, const rl_model *m, const rl_gpu *g, const rl_deploy *d) {
    c->m = m;
    c->g = g;
    c->d = d;
    c->b_w = rl_precision_bytes(d->precision);
    c->b_kv = rl_precision_bytes(kv_prec_of(d));
    if (active_fault == RL_FAULT_KV_PRECISION_IGNORED) c->b_kv = c->b_w;
    double heads = active_fault == RL_FAULT_KV_QUERY_HEADS ? (double)m->heads : (double)m->kv_heads;
    c->kv_bytes_per_token = 2.0 * (double)m->layers * heads * (double)m->head_dim * c->b_kv;
    c->kv_share = rl_kv_share(m, d->tp);
    c->bw = g->bandwidth_gbs * 1e9;
    c->peak = g->tflops * 1e12;
    c->tokens = d->kv_block > 0 ? rl_ceil_div(d->seq, d->kv_block) * d->kv_block : d->seq;
}

/* Distinct experts that b tokens route to in one MoE layer. */
static double experts_touched(const ctx *c, double b) {
    const rl_model *m = c->m;
    if (m->experts == 0) return 0.0;
    double E = (double)m->experts, k = (double)m->top_k;
    if (active_fault == RL_FAULT_MOE_ALL_EXPERTS) return E;
    if (c->d->moe_read == RL_MOE_DISTINCT) return fmin(b * k, E);
    return E * (1.0 - pow(1.0 - k / E, b));
}

/* Weight bytes one step reads for b requests, whole model. */
static double weight_bytes_read(const ctx *c, double b) {
    const rl_model *m = c->m;
    double read;
    if (m->experts == 0) {
        read = m->params_total * c->b_w;
    } else {
        double per_layer = experts_touched(c, b) * m->params_expert;
        double layers = active_fault == RL_FAULT_MOE_ONCE_PER_MODEL ? 1.0 : (double)m->moe_layers;
        read = (m->params_always_read + layers * per_layer) * c->b_w;
    }
    if (active_fault == RL_FAULT_WEIGHTS_PER_REQUEST) read *= b;
    return read;
}

static double step_flops(const ctx *c, double b) {
    const rl_model *m = c->m;
    double attn = 4.0 * (double)m->layers * (double)m->heads * (double)m->head_dim * (double)c->d->seq;
    return b * (2.0 * m->params_active + attn);
}

static double kv_read_bytes(const ctx *c, double b) {
    return b * (double)c->d->seq * c->kv_bytes_per_token;
}

static double floor_seconds(const ctx *c, double bytes, double flops) {
    return fmax(bytes / c->bw, flops / c->peak);
}

/* ---- fit ---------------------------------------------------------------- */

typedef struct fit {
    rl_verdict verdict;
    double weights, kv_req, kv, free; /* bytes per GPU */
    int64_t max_batch;
} fit;

static void fit_check(const ctx *c, fit *f) {
    const rl_deploy *d = c->d;
    double gpus = (double)d->tp * (double)d->pp;
    double vram = c->g->vram_gib * RL_GIB;
    f->weights = c->m->params_total * c->b_w / gpus;
    f->kv_req = (double)c->tokens * c->kv_bytes_per_token * c->kv_share / (double)d->pp;
    f->kv = (double)d->batch * f->kv_req;
    f->free = vram - f->weights;
    f->max_batch = 0;
    if (f->free >= 0.0) {
        double mb = floor(f->free / f->kv_req);
        int64_t n = mb > 1e18 ? (int64_t)1e18 : (int64_t)mb;
        /* Keep max_batch and the verdict's comparison in exact agreement. */
        while (n > 0 && (double)n * f->kv_req > f->free) n--;
        while ((double)(n + 1) * f->kv_req <= f->free && n < (int64_t)1e18) n++;
        f->max_batch = n;
    }
    if (f->weights > vram) f->verdict = RL_WEIGHTS_DO_NOT_FIT;
    else if (f->kv > f->free) f->verdict = RL_KV_DOES_NOT_FIT;
    else f->verdict = RL_FITS;
}

static bool fits_with(const rl_model *m, const rl_gpu *g, const rl_deploy *d) {
    ctx c;
    fit f;
    ctx_init(&c, m, g, d);
    fit_check(&c, &f);
    return f.verdict == RL_FITS;
}

/* Each remedy is a single change that makes this deployment fit. */
static void find_remedies(const rl_model *m, const rl_gpu *g, const rl_deploy *d, const ctx *c,
                          const fit *f, rl_result *r) {
    static const rl_precision lower[] = {RL_PREC_FP16, RL_PREC_FP8, RL_PREC_INT4};
    rl_deploy t;

    t = *d;
    t.kv_precision = kv_prec_of(d);
    for (size_t i = 0; i < sizeof lower / sizeof lower[0]; i++) {
        if (rl_precision_bytes(lower[i]) >= c->b_w) continue;
        t.precision = lower[i];
        if (fits_with(m, g, &t)) {
            r->remedies |= RL_REMEDY_WEIGHT_PRECISION;
            r->remedy_precision = lower[i];
            break;
        }
    }

    if (f->verdict == RL_KV_DOES_NOT_FIT) {
        t = *d;
        for (size_t i = 1; i < sizeof lower / sizeof lower[0]; i++) {
            if (rl_precision_bytes(lower[i]) >= c->b_kv) continue;
            t.kv_precision = lower[i];
            if (fits_with(m, g, &t)) {
                r->remedies |= RL_REMEDY_KV_PRECISION;
                r->remedy_kv_precision = lower[i];
                break;
            }
        }
    }

    t = *d;
    for (int64_t tp = 1; tp <= RL_MAX_PARALLEL; tp *= 2) {
        if (tp <= d->tp) continue;
        t.tp = tp;
        if (fits_with(m, g, &t)) {
            r->remedies |= RL_REMEDY_MORE_TP;
            r->remedy_tp = tp;
            break;
        }
    }

    if (f->verdict == RL_KV_DOES_NOT_FIT && f->max_batch >= 1) {
        r->remedies |= RL_REMEDY_SMALLER_BATCH;
        r->remedy_batch = f->max_batch;
    }

    if (f->verdict == RL_KV_DOES_NOT_FIT) {
        double per_token = c->kv_bytes_per_token * c->kv_share / (double)d->pp;
        double tokens = floor(f->free / ((double)d->batch * per_token));
        int64_t s = tokens > (double)RL_MAX_SEQ ? RL_MAX_SEQ : (int64_t)tokens;
        if (d->kv_block > 0) s -= s % d->kv_block;
        t = *d;
        t.seq = s;
        while (s >= 1 && !fits_with(m, g, &t)) t.seq = --s;
        if (s >= 1) {
            r->remedies |= RL_REMEDY_SHORTER_CONTEXT;
            r->remedy_seq = s;
        }
    }

    r->remedies |= RL_REMEDY_BIGGER_GPU;
    r->remedy_vram_gib = (f->weights + f->kv) / RL_GIB;
}

/* ---- the analysis -------------------------------------------------------- */

rl_status rl_analyze(const rl_model *model, const rl_gpu *g, const rl_deploy *d, rl_result *out,
                     rl_error *err) {
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
    double B = (double)d->batch, tp = (double)d->tp, pp = (double)d->pp;
    r->verdict = f.verdict;
    r->fits = f.verdict == RL_FITS;
    r->weights_gib = f.weights / RL_GIB;
    r->kv_gib_per_request = f.kv_req / RL_GIB;
    r->kv_gib = f.kv / RL_GIB;
    r->free_gib = f.free / RL_GIB;
    r->max_batch = f.max_batch;
    if (f.verdict == RL_WEIGHTS_DO_NOT_FIT) r->shortfall_gib = (f.weights - g->vram_gib * RL_GIB) / RL_GIB;
    else if (f.verdict == RL_KV_DOES_NOT_FIT) r->shortfall_gib = (f.kv - f.free) / RL_GIB;

    r->kv_bytes_per_token = c.kv_bytes_per_token;
    r->experts_touched = experts_touched(&c, B);
    r->weight_bytes_read = weight_bytes_read(&c, B);
    r->ridge = c.peak / c.bw;

    r->tokens_per_request = c.tokens;
    r->padding_tokens = c.tokens - d->seq;
    r->waste_fraction = (double)r->padding_tokens / (double)d->seq;

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
        double one_gpu = floor_seconds(&c, weight_bytes_read(&c, B) + kv_read_bytes(&c, B), step_flops(&c, B));
        r->micro_batches = M;
        r->pp_bubble = (pp - 1.0) / ((double)M + pp - 1.0);
        r->pp_speedup = active_fault == RL_FAULT_TEXTBOOK_PP_SPEEDUP ? pp * (double)M / ((double)M + pp - 1.0)
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
        bytes = weight_bytes_read(&c, B) / tp + kv_read_bytes(&c, B) * c.kv_share;
        step = floor_seconds(&c, bytes, flops);
    }

    if (d->tp > 1 && m.kv_heads % d->tp != 0) r->warnings |= RL_WARN_KV_HEADS_NOT_DIVISIBLE_BY_TP;
    if (m.sliding_window > 0 && m.sliding_window < d->seq) r->warnings |= RL_WARN_SLIDING_WINDOW_UPPER_BOUND;
    if (m.max_positions > 0 && d->seq > m.max_positions) r->warnings |= RL_WARN_SEQ_OVER_MAX_POSITIONS;

    if (r->fits) {
        r->has_timing = 1;
        r->flops_per_step = flops;
        r->bytes_per_step = bytes;
        r->ai = flops / bytes;
        r->bound = r->ai < r->ridge ? RL_BOUND_MEMORY : RL_BOUND_COMPUTE;
        r->ceiling_fraction = fmin(1.0, r->ai / r->ridge);
        r->step_ms = step * 1e3;
        r->ms_per_token = step * 1e3 / B;
        r->tokens_per_s = B / step;
        double S = (double)d->seq;
        double prefill_flops = 2.0 * m.params_active * S +
                               4.0 * (double)m.layers * (double)m.heads * (double)m.head_dim * S * S;
        r->prefill_ai = prefill_flops / weight_bytes_read(&c, S);
        r->prefill_bound = r->prefill_ai < r->ridge ? RL_BOUND_MEMORY : RL_BOUND_COMPUTE;
    } else {
        find_remedies(&m, g, d, &c, &f, r);
    }
    return RL_OK;
}

/* ---- sweep ---------------------------------------------------------------- */

static void insert_sorted(int64_t *v, size_t *n, size_t cap, int64_t x) {
    size_t i = 0;
    while (i < *n && v[i] < x) i++;
    if (i < *n && v[i] == x) return;
    if (*n == cap) return;
    for (size_t k = *n; k > i; k--) v[k] = v[k - 1];
    v[i] = x;
    (*n)++;
}

size_t rl_sweep(const rl_model *m, const rl_gpu *g, const rl_deploy *d, rl_sweep_point *points,
                size_t cap) {
    rl_result r;
    if (points == NULL || cap == 0 || d == NULL) return 0;
    rl_deploy t = *d;
    t.batch = 1;
    if (t.micro_batches > 1) t.micro_batches = 1;
    if (rl_analyze(m, g, &t, &r, NULL) != RL_OK || !r.fits) return 0;
    int64_t max_b = r.max_batch < RL_MAX_BATCH ? r.max_batch : RL_MAX_BATCH;

    enum { MAX_POINTS = 256 };
    int64_t batches[MAX_POINTS];
    size_t n = 0, want = cap < MAX_POINTS ? cap : MAX_POINTS;
    insert_sorted(batches, &n, want, 1);
    insert_sorted(batches, &n, want, max_b);
    if (d->batch <= max_b) insert_sorted(batches, &n, want, d->batch);
    if (want > n && max_b > 1) {
        size_t steps = want - n;
        double lmax = log((double)max_b);
        for (size_t i = 1; i <= steps && n < want; i++) {
            int64_t b = (int64_t)llround(exp(lmax * (double)i / (double)(steps + 1)));
            if (b >= 1 && b <= max_b) insert_sorted(batches, &n, want, b);
        }
    }
    size_t out = 0;
    for (size_t i = 0; i < n; i++) {
        t.batch = batches[i];
        t.micro_batches = d->micro_batches > batches[i] ? batches[i] : d->micro_batches;
        if (rl_analyze(m, g, &t, &r, NULL) != RL_OK || !r.fits) continue;
        points[out].batch = batches[i];
        points[out].ai = r.ai;
        points[out].ms_per_token = r.ms_per_token;
        points[out].tokens_per_s = r.tokens_per_s;
        points[out].step_ms = r.step_ms;
        out++;
    }
    return out;
}
