/* The parameters-only estimate: for "70B" and nothing else. */
#include "formulas.h"
#include "internal.h"
#include "realistic.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const lever_codes[RL_LEVER_COUNT_] = {"batch", "weight_precision", "kv_precision",
                                                         "speculative_decoding", "tensor_parallel"};
const char *rl_lever_code(unsigned lever) { return lever < RL_LEVER_COUNT_ ? lever_codes[lever] : ""; }

rl_status rl_parse_params(const char *text, double *out, rl_error *err) {
    if (text == NULL || *text == '\0') return rl_fail(err, RL_E_NOT_INTEGER, "params", "params needs a size such as 70B");
    char *end = NULL;
    double v = rl_strtod(text, &end);
    double scale = 1.0;
    if (end != text && end[0] != '\0' && end[1] == '\0') {
        switch (end[0]) {
        case 'K': case 'k': scale = 1e3; break;
        case 'M': case 'm': scale = 1e6; break;
        case 'B': case 'b': case 'G': case 'g': scale = 1e9; break;
        case 'T': case 't': scale = 1e12; break;
        default: scale = 0.0; break;
        }
        end++;
    }
    if (end == text || *end != '\0' || scale == 0.0 || isnan(v))
        return rl_fail(err, RL_E_NOT_INTEGER, "params",
                       "params must be a size such as 70B, 7.6B, 1.5T or 8e9 (got \"%.32s\")", text);
    v *= scale;
    if (!(v >= 1e6 && v <= 1e15))
        return rl_fail(err, RL_E_RANGE, "params", "params must be from 1M to 1000T parameters (got \"%.32s\")", text);
    *out = floor(v);
    return RL_OK;
}

/* GPUs whose usable share holds weights of w GiB (0: none holds any, when nothing is left after the reserve). */
static int64_t gpus_for(double w, double room, double usable) { return room > 0 ? (int64_t)ceil(w / usable) : 0; }

/* The memory each GPU's share leaves the weights, in GiB, after the context reserve (≤ 0: none). The share is
 * the pool's, or the whole GPU where the pool is a share of what the weights leave (TensorRT-LLM's:
 * rl_engine_pool_of_free); SGLang's is a share of what the context leaves (rl_engine_pool_of_start). The pool is
 * the engine's own unless given, and SGLang's shrinks as tp grows (its reserve holds 128 MiB per rank and, from
 * tp 4, a larger decode graph): a way out with more tp is checked at the pool it gets there. */
static double weights_room(const rl_gpu *g, const rl_deploy *d, rl_engine engine) {
    /* On a GPU that gives the memory free at an engine's start, the engines that take what is free fill it (with the
     * context it was measured with); vLLM's pool stays a share of the total, behind its start check. */
    double mem = rl_formulas_in_use()->engine_memory(g->vram_gib, g->start_free_gib, d->context_reserve_gib,
                                                     !rl_engine_start_check(engine));
    if (rl_engine_pool_of_free(engine)) return mem - d->context_reserve_gib;
    double share = rl_deploy_pool(d, engine, g->vram_gib, NULL);
    if (rl_engine_pool_of_start(engine)) return share * (mem - d->context_reserve_gib);
    return share * mem - d->context_reserve_gib;
}

/* The smallest power-of-two tp (≤ 1024, below `above`) whose tp × pp GPUs hold w GiB of weights, each at the
 * pool it gets at that tp; 0: none. */
static int64_t tp_for(double w, const rl_gpu *g, const rl_deploy *d, rl_engine engine, int64_t above) {
    rl_deploy t = *d;
    for (t.tp = 1; t.tp <= RL_MAX_PARALLEL && t.tp < above; t.tp *= 2) {
        double room = weights_room(g, &t, engine);
        int64_t need = gpus_for(w, room, room / (1.0 + d->weight_overhead));
        if (need >= 1 && t.tp * t.pp >= need) return t.tp;
    }
    return 0;
}

/* The ways out of weights that do not fit, as a refusal of the full analysis offers them (find_remedies):
 * a lower precision alone; more tp; when no precision alone fits, a lower precision on fewer GPUs than tp
 * alone needs (the fewest, and of a tie the highest precision); and always a bigger GPU. engine: resolved
 * (rl_engine_for), as rl_estimate_params has it. */
static void ways_out(rl_estimate *e, const rl_gpu *g, const rl_deploy *d, rl_engine engine, double room) {
    /* The engine's own lower formats (engines.c), as the full analysis offers them. */
    const rl_precision *lower = rl_engine_preset_of(engine)->lower_weights;
    size_t N = rl_ladder_len(lower);
    /* The GPUs each precision's weights need at this tp's pool (0: not below the weights' precision now, or no
     * room at all). */
    int64_t need[RL_LADDER_MAX];
    for (size_t i = 0; i < N; i++) {
        double b = rl_precision_bytes(lower[i]);
        need[i] = b < e->bytes_per_param ? gpus_for(e->params * b / RL_GIB, room, e->usable_gib_per_gpu) : 0;
    }
    e->shortfall_gib = e->weights_gib / (double)e->gpus - e->usable_gib_per_gpu;
    for (size_t i = 0; i < N; i++) {
        if (need[i] < 1 || need[i] > e->gpus) continue;
        e->remedies |= RL_REMEDY_WEIGHT_PRECISION;
        e->remedy_precision = lower[i];
        break;
    }
    if ((e->remedy_tp = tp_for(e->weights_gib, g, d, engine, 2 * RL_MAX_PARALLEL)) > 0) e->remedies |= RL_REMEDY_MORE_TP;
    if (!(e->remedies & RL_REMEDY_WEIGHT_PRECISION)) {
        int64_t above = e->remedy_tp > 0 ? e->remedy_tp : 2 * RL_MAX_PARALLEL;
        for (size_t i = 0; i < N; i++) {
            double b = rl_precision_bytes(lower[i]);
            int64_t tp = b < e->bytes_per_param ? tp_for(e->params * b / RL_GIB, g, d, engine, above) : 0;
            if (tp == 0) continue;
            e->remedies |= RL_REMEDY_PRECISION_AND_TP;
            e->remedy_pair_precision = lower[i];
            e->remedy_pair_tp = tp;
            above = tp; /* a lower precision must need fewer GPUs still */
        }
    }
    /* usable ≥ weights / gpus: (share × VRAM − context) / (1 + overhead) ≥ the weights' part, solved for VRAM
     * (SGLang's: share × (VRAM − context)). */
    e->remedies |= RL_REMEDY_BIGGER_GPU;
    double held = e->weights_gib / (double)e->gpus * (1.0 + d->weight_overhead), ctx = d->context_reserve_gib;
    e->remedy_vram_gib = e->pool_of_free       ? held + ctx
                         : e->pool_of_start ? rl_engine_gpu_for(d, engine, NULL, held, ctx)
                                            : rl_engine_gpu_for(d, engine, NULL, held + ctx, 0.0);
}

void rl_estimate_ways_out(const rl_estimate *e, rl_result *out) {
    memset(out, 0, sizeof *out);
    out->weight_precision = e->weight_precision;
    out->remedies = e->remedies;
    out->remedy_precision = e->remedy_precision;
    out->remedy_tp = e->remedy_tp;
    out->remedy_pair_precision = e->remedy_pair_precision;
    out->remedy_pair_tp = e->remedy_pair_tp;
    out->remedy_vram_gib = e->remedy_vram_gib;
}

rl_status rl_estimate_params(double params, const rl_gpu *g, const rl_deploy *d, rl_estimate *out, rl_error *err) {
    rl_clear_error(err);
    if (out == NULL) return rl_fail(err, RL_E_NULL, "estimate", "estimate: no output was given");
    memset(out, 0, sizeof *out);
    rl_status st;
    if (!(params >= 1e6 && params <= 1e15))
        return rl_fail(err, RL_E_RANGE, "params", "params must be from 1M to 1000T parameters");
    if ((st = rl_gpu_validate(g, err))) return st;
    if ((st = rl_deploy_validate(d, err))) return st;

    rl_estimate *e = out;
    double bw = d->precision == RL_PREC_AUTO ? 2.0 : rl_precision_bytes(d->precision);
    double B = (double)d->batch;
    e->params = params;
    e->bytes_per_param = bw;
    e->weight_precision = d->precision == RL_PREC_AUTO ? RL_PREC_FP16 : d->precision;
    e->weights_gib = params * bw / RL_GIB;
    /* The pool given, or the engine's own (auto resolved by the GPU). TensorRT-LLM's is a share of what the weights
     * leave free, which goes to the KV cache: its weights may use the whole GPU. */
    rl_engine engine = rl_engine_for(d->engine, g->name);
    e->pool_fraction = rl_deploy_pool(d, engine, g->vram_gib, NULL);
    if ((st = rl_engine_start_fail(g, engine, e->pool_fraction, err))) {
        memset(out, 0, sizeof *out);
        return st;
    }
    e->pool_of_free = rl_engine_pool_of_free(engine);
    e->pool_of_start = rl_engine_pool_of_start(engine);
    double room = weights_room(g, d, engine);
    e->usable_gib_per_gpu = room / (1.0 + d->weight_overhead);
    e->gpus_needed = gpus_for(e->weights_gib, room, e->usable_gib_per_gpu);
    e->gpus = d->tp * d->pp;
    e->fits = e->gpus_needed >= 1 && e->gpus_needed <= e->gpus;
    /* Weights that do not fit on the GPUs given: no intensity, roof or lever (each is a throughput, or what
     * multiplies one), as the full analysis has no roofline on a refusal. The answer is the shortfall and
     * the ways out. */
    if (!e->fits) {
        ways_out(e, g, d, engine, room);
        return RL_OK;
    }
    e->decode_ai = B / bw;
    double roof_bw = g->bandwidth_gbs * e->decode_ai / 1000.0; /* TFLOPS the bandwidth allows */
    if (g->tflops_unknown) {
        e->attainable_tflops = roof_bw;
        e->bound = RL_BOUND_UNKNOWN;
    } else {
        /* The roof that matches the math, as in the full analysis: fp8/int8 weights run W8A8 where the GPU can. */
        double peak = d->precision == RL_PREC_FP8 && g->tflops_fp8 > 0   ? g->tflops_fp8
                      : d->precision == RL_PREC_INT8 && g->tops_int8 > 0 ? g->tops_int8
                                                                        : g->tflops;
        e->ridge = peak * 1e12 / (g->bandwidth_gbs * 1e9);
        e->attainable_tflops = fmin(peak, roof_bw);
        e->bound = e->decode_ai < e->ridge ? RL_BOUND_MEMORY : RL_BOUND_COMPUTE;
        e->ceiling_fraction = fmin(1.0, e->decode_ai / e->ridge);
    }
    if (e->bound == RL_BOUND_COMPUTE) return RL_OK;

    /* What each lever could multiply decode throughput by, in this case. */
    e->lever_gain[RL_LEVER_BATCH] = e->ridge > 0 ? e->ridge / e->decode_ai : 0.0;
    e->lever_gain[RL_LEVER_WEIGHT_PRECISION] = bw / 0.5;
    e->lever_gain[RL_LEVER_KV_PRECISION] = 1.0;
    e->lever_gain[RL_LEVER_SPECULATIVE] = 2.0;
    e->lever_gain[RL_LEVER_TP] = 2.0;
    for (unsigned i = 0; i < RL_LEVER_COUNT_; i++) e->lever_order[i] = i;
    /* Stable insertion sort, most gain first; ties keep the order of the lever codes. */
    for (unsigned i = 1; i < RL_LEVER_COUNT_; i++) {
        unsigned x = e->lever_order[i];
        unsigned j = i;
        while (j > 0 && e->lever_gain[e->lever_order[j - 1]] < e->lever_gain[x]) {
            e->lever_order[j] = e->lever_order[j - 1];
            j--;
        }
        e->lever_order[j] = x;
    }
    e->lever_count = RL_LEVER_COUNT_;
    return RL_OK;
}

static const char *lever_text(unsigned lever) {
    switch (lever) {
    case RL_LEVER_BATCH: return "Batch more requests: decode intensity grows with the batch until the ridge.";
    case RL_LEVER_WEIGHT_PRECISION: return "Store the weights in fewer bytes (fp8, int4): each step reads less.";
    case RL_LEVER_KV_PRECISION: return "Store the KV cache in fp8: it helps at long context, which this estimate cannot see.";
    case RL_LEVER_SPECULATIVE: return "Speculative decoding: several tokens per pass over the weights (about 2x when drafts are accepted).";
    case RL_LEVER_TP: return "Tensor parallelism: each GPU reads a share of the weights (2x per doubling, before communication).";
    default: return "";
    }
}

size_t rl_estimate_json(const rl_gpu *g, const rl_deploy *d, const rl_estimate *e, char *buf, size_t cap) {
    rl_out o;
    rl_out_init(&o, buf, cap);
    rl_jw top, s, levers, lever;
    rl_jw_begin_object(&top, &o);
    rl_jw_object(&top, "estimate", &s);
    rl_jw_bool(&s, "approximate", true);
    if (e->from_index) {
        /* A config the core cannot model, sized from its checkpoint's index: the weights exact, nothing else. */
        rl_jw_str(&s, "note", "Sized from the checkpoint's index: the weights are its exact bytes, but the config's layers are not "
                              "modeled, so no KV cache, state, attention or MoE is counted.");
        rl_jw_str(&s, "sized_from", "index");
        rl_jw_num(&s, "index_bytes", e->index_bytes);
        rl_write_error(&s, "unmodeled", &e->unmodeled);
    } else {
        rl_jw_str(&s, "note", "Parameters only: no architecture, so no KV cache, attention or MoE. Less exact than a config.json.");
    }
    rl_jw_num(&s, "params", e->params);
    rl_jw_num(&s, "bytes_per_param", e->bytes_per_param);
    rl_jw_str(&s, "precision", rl_precision_name(e->weight_precision));
    rl_jw_num(&s, "weights_gib", e->weights_gib);
    rl_jw_num(&s, "pool_fraction", e->pool_fraction);
    rl_jw_str(&s, "pool_of", rl_pool_of_name(e->pool_of_free, e->pool_of_start));
    rl_jw_num(&s, "usable_gib_per_gpu", e->usable_gib_per_gpu);
    rl_jw_num(&s, "gpus_needed", (double)e->gpus_needed);
    rl_jw_num(&s, "gpus", (double)e->gpus);
    rl_jw_bool(&s, "fits", e->fits != 0);
    rl_jw_num(&s, "batch", (double)d->batch);
    if (!e->fits) {
        /* The refusal's answer: the shortfall and the ways out, worded as the full analysis words its own. */
        rl_result r;
        rl_estimate_ways_out(e, &r);
        rl_jw_num(&s, "shortfall_gib", e->shortfall_gib);
        rl_write_remedies(&s, NULL, d, &r);
    } else {
        /* Only for weights that fit: a deployment that cannot run has no throughput (rl_estimate_params). */
        rl_jw_num(&s, "decode_ai", e->decode_ai);
        if (e->ridge > 0) {
            rl_jw_num(&s, "ridge", e->ridge);
            rl_jw_num(&s, "ceiling_fraction", e->ceiling_fraction);
        }
        rl_jw_num(&s, "attainable_tflops", e->attainable_tflops);
        rl_jw_str(&s, "bound", rl_bound_name(e->bound));
        rl_jw_array(&s, "levers", &levers);
        for (int i = 0; i < e->lever_count; i++) {
            unsigned l = e->lever_order[i];
            rl_jw_object(&levers, NULL, &lever);
            rl_jw_str(&lever, "code", rl_lever_code(l));
            rl_jw_num(&lever, "gain", e->lever_gain[l]);
            rl_jw_str(&lever, "message", lever_text(l));
            rl_jw_end(&lever);
        }
        rl_jw_end(&levers);
    }
    rl_jw_end(&s);
    rl_jw_object(&top, "gpu", &s);
    rl_jw_str(&s, "name", g->name);
    rl_jw_num(&s, "vram_gib", g->vram_gib);
    rl_jw_num(&s, "bandwidth_gbs", g->bandwidth_gbs);
    rl_jw_end(&s);
    rl_jw_end(&top);
    return o.len;
}
