/* The report: JSON for machines, and the warning and remedy sentences. */
#include "internal.h"

#include <stdio.h>

static void key(rl_out *o, const char *k, bool *first) {
    if (!*first) rl_out_raw(o, ",");
    *first = false;
    rl_out_jstr(o, k);
    rl_out_raw(o, ":");
}
static void num(rl_out *o, const char *k, double v, bool *first) {
    key(o, k, first);
    rl_out_jnum(o, v);
}
static void str(rl_out *o, const char *k, const char *v, bool *first) {
    key(o, k, first);
    rl_out_jstr(o, v);
}

size_t rl_warning_text(unsigned bit, const rl_model *m, const rl_deploy *d, const rl_result *r, char *buf,
                       size_t cap) {
    rl_out o;
    rl_out_init(&o, buf, cap);
    long long L = (long long)m->layers, hkv = (long long)m->kv_heads, tp = (long long)d->tp,
              pp = (long long)d->pp, M = (long long)r->micro_batches;
    switch (1u << bit) {
    case RL_WARN_KV_HEADS_NOT_DIVISIBLE_BY_TP:
        rl_out_fmt(&o,
                   "The model has %lld KV heads, which tp=%lld does not divide: each rank keeps %lld whole "
                   "head(s), so a GPU holds %.4g of each request's KV, not 1/%lld.",
                   hkv, tp, (long long)rl_ceil_div(m->kv_heads, d->tp), rl_kv_share(m, d->tp), tp);
        break;
    case RL_WARN_LAYERS_NOT_DIVISIBLE_BY_PP:
        rl_out_fmt(&o,
                   "%lld layers do not split evenly over %lld pipeline stages: the largest stage holds %lld "
                   "layers and sets the pace; the figures assume an even split.",
                   L, pp, (long long)rl_ceil_div(m->layers, d->pp));
        break;
    case RL_WARN_PP_SLOWER_THAN_ONE_GPU:
        rl_out_fmt(&o,
                   "This pipeline is slower than one GPU: each of the %lld micro-batches re-reads every "
                   "stage's weights, so the speedup over one GPU running the whole batch is %.2fx.",
                   M, r->pp_speedup);
        break;
    case RL_WARN_SLIDING_WINDOW_UPPER_BOUND:
        rl_out_fmt(&o,
                   "The config sets a %lld-token sliding window, below the %lld-token context: the KV "
                   "figures here are the full-context upper bound.",
                   (long long)m->sliding_window, (long long)d->seq);
        break;
    case RL_WARN_SEQ_OVER_MAX_POSITIONS:
        rl_out_fmt(&o, "The context (%lld tokens) is longer than the model's max_position_embeddings (%lld).",
                   (long long)d->seq, (long long)m->max_positions);
        break;
    case RL_WARN_BATCH_NOT_DIVISIBLE_BY_MICRO:
        rl_out_fmt(&o,
                   "The batch (%lld) does not split evenly into %lld micro-batches: each stage runs "
                   "%lld requests per micro-batch, the largest share.",
                   (long long)d->batch, M, (long long)rl_ceil_div(d->batch, r->micro_batches));
        break;
    default: break;
    }
    return o.len;
}

size_t rl_remedy_text(unsigned bit, const rl_model *m, const rl_deploy *d, const rl_result *r, char *buf,
                      size_t cap) {
    (void)m;
    rl_out o;
    rl_out_init(&o, buf, cap);
    switch (1u << bit) {
    case RL_REMEDY_WEIGHT_PRECISION:
        rl_out_fmt(&o, "Store the weights in %s (now %s).", rl_precision_name(r->remedy_precision),
                   rl_precision_name(d->precision));
        break;
    case RL_REMEDY_KV_PRECISION:
        rl_out_fmt(&o, "Store the KV cache in %s.", rl_precision_name(r->remedy_kv_precision));
        break;
    case RL_REMEDY_MORE_TP:
        rl_out_fmt(&o, "Split the model over more GPUs with tensor parallelism: tp=%lld.", (long long)r->remedy_tp);
        break;
    case RL_REMEDY_SMALLER_BATCH:
        rl_out_fmt(&o, "Run at most %lld requests at once (now %lld).", (long long)r->remedy_batch,
                   (long long)d->batch);
        break;
    case RL_REMEDY_SHORTER_CONTEXT:
        rl_out_fmt(&o, "Cap the context at %lld tokens per request for this batch (now %lld).",
                   (long long)r->remedy_seq, (long long)d->seq);
        break;
    case RL_REMEDY_BIGGER_GPU:
        rl_out_fmt(&o, "Use GPUs with at least %.2f GiB of memory each.", r->remedy_vram_gib);
        break;
    default: break;
    }
    return o.len;
}

static void remedy_value(rl_out *o, unsigned bit, const rl_result *r) {
    switch (1u << bit) {
    case RL_REMEDY_WEIGHT_PRECISION: rl_out_jstr(o, rl_precision_name(r->remedy_precision)); break;
    case RL_REMEDY_KV_PRECISION: rl_out_jstr(o, rl_precision_name(r->remedy_kv_precision)); break;
    case RL_REMEDY_MORE_TP: rl_out_jnum(o, (double)r->remedy_tp); break;
    case RL_REMEDY_SMALLER_BATCH: rl_out_jnum(o, (double)r->remedy_batch); break;
    case RL_REMEDY_SHORTER_CONTEXT: rl_out_jnum(o, (double)r->remedy_seq); break;
    default: rl_out_jnum(o, r->remedy_vram_gib); break;
    }
}

size_t rl_report_json(const rl_model *m, const rl_gpu *g, const rl_deploy *d, const rl_result *r, char *buf,
                      size_t cap) {
    rl_out o;
    rl_out_init(&o, buf, cap);
    bool f = true, s;
    rl_out_raw(&o, "{");
    str(&o, "verdict", rl_verdict_name(r->verdict), &f);
    key(&o, "fits", &f);
    rl_out_raw(&o, r->fits ? "true" : "false");

    key(&o, "model", &f);
    s = true;
    rl_out_raw(&o, "{");
    str(&o, "name", m->name, &s);
    num(&o, "params_total", m->params_total, &s);
    num(&o, "params_active", m->params_active, &s);
    num(&o, "layers", (double)m->layers, &s);
    num(&o, "hidden", (double)m->hidden, &s);
    num(&o, "heads", (double)m->heads, &s);
    num(&o, "kv_heads", (double)m->kv_heads, &s);
    num(&o, "head_dim", (double)m->head_dim, &s);
    num(&o, "experts", (double)m->experts, &s);
    num(&o, "top_k", (double)m->top_k, &s);
    num(&o, "moe_layers", (double)m->moe_layers, &s);
    num(&o, "sliding_window", (double)m->sliding_window, &s);
    num(&o, "kv_bytes_per_token", r->kv_bytes_per_token, &s);
    rl_out_raw(&o, "}");

    key(&o, "gpu", &f);
    s = true;
    rl_out_raw(&o, "{");
    str(&o, "name", g->name, &s);
    num(&o, "tflops", g->tflops, &s);
    num(&o, "bandwidth_gbs", g->bandwidth_gbs, &s);
    num(&o, "vram_gib", g->vram_gib, &s);
    rl_out_raw(&o, "}");

    key(&o, "config", &f);
    s = true;
    rl_out_raw(&o, "{");
    str(&o, "precision", rl_precision_name(d->precision), &s);
    str(&o, "kv_precision",
        rl_precision_name(d->kv_precision == RL_PREC_AUTO ? d->precision : d->kv_precision), &s);
    num(&o, "seq", (double)d->seq, &s);
    num(&o, "batch", (double)d->batch, &s);
    num(&o, "tp", (double)d->tp, &s);
    num(&o, "pp", (double)d->pp, &s);
    num(&o, "micro_batches", (double)r->micro_batches, &s);
    num(&o, "kv_block", (double)d->kv_block, &s);
    str(&o, "moe_read", rl_moe_read_name(d->moe_read), &s);
    rl_out_raw(&o, "}");

    key(&o, "memory", &f);
    s = true;
    rl_out_raw(&o, "{");
    num(&o, "weights_gib_per_gpu", r->weights_gib, &s);
    num(&o, "kv_gib_per_request", r->kv_gib_per_request, &s);
    num(&o, "kv_gib_per_gpu", r->kv_gib, &s);
    num(&o, "free_gib_per_gpu", r->free_gib, &s);
    num(&o, "max_batch", (double)r->max_batch, &s);
    num(&o, "shortfall_gib", r->shortfall_gib, &s);
    num(&o, "gpus", (double)(d->tp * d->pp), &s);
    rl_out_raw(&o, "}");

    if (r->has_timing) {
        key(&o, "roofline", &f);
        s = true;
        rl_out_raw(&o, "{");
        num(&o, "ai", r->ai, &s);
        num(&o, "ridge", r->ridge, &s);
        str(&o, "bound", rl_bound_name(r->bound), &s);
        num(&o, "ceiling_fraction", r->ceiling_fraction, &s);
        num(&o, "flops_per_step", r->flops_per_step, &s);
        num(&o, "bytes_per_step", r->bytes_per_step, &s);
        rl_out_raw(&o, "}");

        key(&o, "decode", &f);
        s = true;
        rl_out_raw(&o, "{");
        num(&o, "step_ms", r->step_ms, &s);
        num(&o, "ms_per_token", r->ms_per_token, &s);
        num(&o, "tokens_per_s", r->tokens_per_s, &s);
        rl_out_raw(&o, "}");

        key(&o, "prefill", &f);
        s = true;
        rl_out_raw(&o, "{");
        num(&o, "ai", r->prefill_ai, &s);
        str(&o, "bound", rl_bound_name(r->prefill_bound), &s);
        rl_out_raw(&o, "}");
    }

    if (m->experts > 0) {
        key(&o, "moe", &f);
        s = true;
        rl_out_raw(&o, "{");
        num(&o, "experts_touched_per_layer", r->experts_touched, &s);
        str(&o, "read", rl_moe_read_name(d->moe_read), &s);
        num(&o, "weight_bytes_read", r->weight_bytes_read, &s);
        rl_out_raw(&o, "}");
    }
    if (d->tp > 1) {
        key(&o, "tp", &f);
        s = true;
        rl_out_raw(&o, "{");
        num(&o, "allreduce_bytes_per_gpu", r->allreduce_bytes_per_gpu, &s);
        rl_out_raw(&o, "}");
    }
    if (d->pp > 1) {
        key(&o, "pp", &f);
        s = true;
        rl_out_raw(&o, "{");
        num(&o, "micro_batches", (double)r->micro_batches, &s);
        num(&o, "bubble", r->pp_bubble, &s);
        num(&o, "speedup_vs_one_gpu", r->pp_speedup, &s);
        if (r->has_timing) {
            num(&o, "stage_ms", r->pp_stage_ms, &s);
            num(&o, "drain_ms", r->pp_drain_ms, &s);
        }
        rl_out_raw(&o, "}");
    }
    if (d->kv_block > 0) {
        key(&o, "paged", &f);
        s = true;
        rl_out_raw(&o, "{");
        num(&o, "kv_block", (double)d->kv_block, &s);
        num(&o, "tokens_per_request", (double)r->tokens_per_request, &s);
        num(&o, "padding_tokens", (double)r->padding_tokens, &s);
        num(&o, "waste_fraction", r->waste_fraction, &s);
        rl_out_raw(&o, "}");
    }

    char text[512];
    key(&o, "warnings", &f);
    rl_out_raw(&o, "[");
    s = true;
    for (unsigned b = 0; b < RL_WARN_COUNT_; b++) {
        if (!(r->warnings & (1u << b))) continue;
        if (!s) rl_out_raw(&o, ",");
        s = false;
        rl_warning_text(b, m, d, r, text, sizeof text);
        rl_out_raw(&o, "{\"code\":");
        rl_out_jstr(&o, rl_warning_code(b));
        rl_out_raw(&o, ",\"message\":");
        rl_out_jstr(&o, text);
        rl_out_raw(&o, "}");
    }
    rl_out_raw(&o, "]");

    key(&o, "remedies", &f);
    rl_out_raw(&o, "[");
    s = true;
    for (unsigned b = 0; b < RL_REMEDY_COUNT_; b++) {
        if (!(r->remedies & (1u << b))) continue;
        if (!s) rl_out_raw(&o, ",");
        s = false;
        rl_remedy_text(b, m, d, r, text, sizeof text);
        rl_out_raw(&o, "{\"code\":");
        rl_out_jstr(&o, rl_remedy_code(b));
        rl_out_raw(&o, ",\"message\":");
        rl_out_jstr(&o, text);
        rl_out_raw(&o, ",\"value\":");
        remedy_value(&o, b, r);
        rl_out_raw(&o, "}");
    }
    rl_out_raw(&o, "]}");
    return o.len;
}

size_t rl_error_json(const rl_error *err, char *buf, size_t cap) {
    rl_out o;
    rl_out_init(&o, buf, cap);
    rl_out_raw(&o, "{\"error\":{\"code\":");
    rl_out_jstr(&o, rl_status_name(err->status));
    rl_out_fmt(&o, ",\"status\":%d,\"field\":", (int)err->status);
    rl_out_jstr(&o, err->field);
    rl_out_raw(&o, ",\"message\":");
    rl_out_jstr(&o, err->message);
    rl_out_raw(&o, "}}");
    return o.len;
}
