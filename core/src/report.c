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
                   hkv, tp, (long long)rl_ceil_div(m->kv_heads, d->tp), r->kv_share, tp);
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
    case RL_WARN_KV_REPLICATED_ACROSS_TP:
        if (m->mla)
            rl_out_fmt(&o,
                       "Multi-head latent attention caches one shared latent per token, so every one of the "
                       "%lld TP ranks keeps all of it: KV per GPU does not fall with tp.",
                       tp);
        else
            rl_out_fmt(&o,
                       "tp=%lld is more than the %lld KV heads: each rank keeps at least one whole head (they are "
                       "replicated), so KV per GPU stops falling past tp=%lld; each GPU holds %.4g of each "
                       "request's KV.",
                       tp, hkv, hkv, r->kv_share);
        break;
    case RL_WARN_TIGHT:
        rl_out_fmt(&o,
                   "Tight: it fits the floor but not the realistic budget. The engine's pool (%.0f%% of the GPU) "
                   "minus the runtime reserve (%.2f GiB) leaves %.2f GiB for the KV cache, %.2f GiB short of the "
                   "%.2f GiB this batch needs; at most %lld requests fit realistically.",
                   d->pool_fraction * 100.0, r->reserve_gib, r->realistic_free_gib, r->tight_missing_gib, r->kv_gib,
                   (long long)r->max_batch_realistic);
        break;
    case RL_WARN_NO_SOURCED_TFLOPS:
        rl_out_raw(&o, "No sourced dense FP16 TFLOPS figure exists for this GPU: every time shown is the "
                       "memory-bandwidth floor (bytes / bandwidth), a lower bound, and the bound is not classified.");
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
                   rl_precision_name(r->weight_precision));
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
    case RL_REMEDY_RAISE_POOL:
        rl_out_fmt(&o, "Raise the engine's memory pool (vLLM gpu_memory_utilization) to %.2f (now %.2f).",
                   r->remedy_pool_fraction, d->pool_fraction);
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
    case RL_REMEDY_RAISE_POOL: rl_out_jnum(o, r->remedy_pool_fraction); break;
    default: rl_out_jnum(o, r->remedy_vram_gib); break;
    }
}

typedef size_t (*sentence_fn)(unsigned, const rl_model *, const rl_deploy *, const rl_result *, char *, size_t);

/* [{"code", "message"(, "value")}] for each set bit: the warnings and remedies arrays. */
static void coded_list(rl_out *o, unsigned bits, unsigned count, const char *(*code)(unsigned), sentence_fn text,
                       bool with_value, const rl_model *m, const rl_deploy *d, const rl_result *r) {
    char sentence[512];
    bool first = true;
    rl_out_raw(o, "[");
    for (unsigned b = 0; b < count; b++) {
        if (!(bits & (1u << b))) continue;
        rl_out_raw(o, first ? "{\"code\":" : ",{\"code\":");
        first = false;
        rl_out_jstr(o, code(b));
        text(b, m, d, r, sentence, sizeof sentence);
        rl_out_raw(o, ",\"message\":");
        rl_out_jstr(o, sentence);
        if (with_value) {
            rl_out_raw(o, ",\"value\":");
            remedy_value(o, b, r);
        }
        rl_out_raw(o, "}");
    }
    rl_out_raw(o, "]");
}

static const char *level_name(rl_verdict v) {
    return v == RL_FITS ? "fits" : v == RL_TIGHT ? "tight" : "refused";
}

static void obj_open(rl_out *o, const char *k, bool *first, bool *inner) {
    key(o, k, first);
    rl_out_raw(o, "{");
    *inner = true;
}

size_t rl_report_json(const rl_model *m, const rl_gpu *g, const rl_deploy *d, const rl_result *r, char *buf,
                      size_t cap) {
    rl_out o;
    rl_out_init(&o, buf, cap);
    bool f = true, s;
    rl_out_raw(&o, "{");
    str(&o, "verdict", rl_verdict_name(r->verdict), &f);
    str(&o, "level", level_name(r->verdict), &f);
    key(&o, "fits", &f);
    rl_out_raw(&o, r->fits ? "true" : "false");

    obj_open(&o, "model", &f, &s);
    str(&o, "name", m->name, &s);
    str(&o, "model_type", m->model_type, &s);
    num(&o, "params_total", m->params_total, &s);
    num(&o, "params_active", m->params_active, &s);
    num(&o, "layers", (double)m->layers, &s);
    num(&o, "hidden", (double)m->hidden, &s);
    num(&o, "heads", (double)m->heads, &s);
    num(&o, "kv_heads", (double)m->kv_heads, &s);
    num(&o, "head_dim", (double)m->head_dim, &s);
    num(&o, "vocab", (double)m->vocab, &s);
    num(&o, "experts", (double)m->experts, &s);
    num(&o, "top_k", (double)m->top_k, &s);
    num(&o, "moe_layers", (double)m->moe_layers, &s);
    num(&o, "shared_expert_intermediate", (double)m->shared_intermediate, &s);
    num(&o, "sliding_window", (double)m->sliding_window, &s);
    num(&o, "sliding_layers", (double)m->sliding_layers, &s);
    key(&o, "mla", &s);
    rl_out_raw(&o, m->mla ? "true" : "false");
    if (m->mla) {
        num(&o, "kv_lora_rank", (double)m->kv_lora_rank, &s);
        num(&o, "qk_rope_head_dim", (double)m->qk_rope_head_dim, &s);
    }
    num(&o, "kv_elems_per_token_per_layer", m->kv_elems_per_token_per_layer, &s);
    num(&o, "kv_bytes_per_token", r->kv_bytes_per_token, &s);
    num(&o, "kv_bytes_per_request", r->kv_bytes_per_request, &s);
    num(&o, "weight_bytes", r->weight_bytes, &s);
    rl_out_raw(&o, "}");

    obj_open(&o, "gpu", &f, &s);
    str(&o, "name", g->name, &s);
    key(&o, "tflops", &s);
    if (g->tflops_unknown) rl_out_raw(&o, "null");
    else rl_out_jnum(&o, g->tflops);
    if (g->tflops_fp8 > 0) num(&o, "tflops_fp8", g->tflops_fp8, &s);
    if (g->tops_int8 > 0) num(&o, "tops_int8", g->tops_int8, &s);
    num(&o, "bandwidth_gbs", g->bandwidth_gbs, &s);
    num(&o, "vram_gib", g->vram_gib, &s);
    str(&o, "memory", g->unified ? "unified" : "discrete", &s);
    if (g->unified) num(&o, "ram_gib", g->ram_gib, &s);
    rl_out_raw(&o, "}");

    obj_open(&o, "config", &f, &s);
    str(&o, "precision", rl_precision_name(r->weight_precision), &s);
    str(&o, "precision_source", d->precision == RL_PREC_AUTO ? "checkpoint" : "chosen", &s);
    if (d->precision == RL_PREC_AUTO && m->quant == RL_QUANT_MXFP4) str(&o, "expert_precision", "mxfp4", &s);
    str(&o, "kv_precision", rl_precision_name(r->kv_precision), &s);
    num(&o, "seq", (double)d->seq, &s);
    num(&o, "batch", (double)d->batch, &s);
    num(&o, "tp", (double)d->tp, &s);
    num(&o, "pp", (double)d->pp, &s);
    num(&o, "micro_batches", (double)r->micro_batches, &s);
    num(&o, "kv_block", (double)d->kv_block, &s);
    str(&o, "moe_read", rl_moe_read_name(d->moe_read), &s);
    num(&o, "pool_fraction", d->pool_fraction, &s);
    num(&o, "context_reserve_gib", d->context_reserve_gib, &s);
    num(&o, "nccl_gib_per_peer", d->nccl_gib_per_peer, &s);
    num(&o, "weight_overhead", d->weight_overhead, &s);
    num(&o, "prefill_chunk", (double)d->prefill_chunk, &s);
    num(&o, "launch_ms", d->launch_ms, &s);
    rl_out_raw(&o, "}");

    obj_open(&o, "memory", &f, &s);
    num(&o, "weights_gib_per_gpu", r->weights_gib, &s);
    num(&o, "kv_gib_per_request", r->kv_gib_per_request, &s);
    num(&o, "kv_gib_per_gpu", r->kv_gib, &s);
    num(&o, "free_gib_per_gpu", r->free_gib, &s);
    num(&o, "max_batch", (double)r->max_batch, &s);
    num(&o, "max_batch_realistic", (double)r->max_batch_realistic, &s);
    num(&o, "shortfall_gib", r->shortfall_gib, &s);
    num(&o, "gpus", (double)(d->tp * d->pp), &s);
    bool t;
    obj_open(&o, "realistic", &s, &t);
    num(&o, "pool_gib", r->pool_gib, &t);
    num(&o, "context_reserve_gib", r->reserve_context_gib, &t);
    num(&o, "nccl_gib", r->reserve_nccl_gib, &t);
    num(&o, "weight_overhead_gib", r->reserve_weights_gib, &t);
    num(&o, "activation_gib", r->activation_gib, &t);
    num(&o, "reserve_gib", r->reserve_gib, &t);
    num(&o, "kv_room_gib", r->realistic_free_gib, &t);
    num(&o, "missing_gib", r->tight_missing_gib, &t);
    num(&o, "max_batch", (double)r->max_batch_realistic, &t);
    rl_out_raw(&o, "}}");

    if (r->has_timing) {
        obj_open(&o, "roofline", &f, &s);
        num(&o, "ai", r->ai, &s);
        if (r->ridge > 0) num(&o, "ridge", r->ridge, &s);
        str(&o, "bound", rl_bound_name(r->bound), &s);
        if (r->ridge > 0) num(&o, "ceiling_fraction", r->ceiling_fraction, &s);
        str(&o, "compute_precision", rl_precision_name(r->compute_precision), &s);
        if (r->peak_tflops > 0) num(&o, "peak_tflops", r->peak_tflops, &s);
        num(&o, "flops_per_step", r->flops_per_step, &s);
        num(&o, "bytes_per_step", r->bytes_per_step, &s);
        rl_out_raw(&o, "}");

        obj_open(&o, "decode", &f, &s);
        num(&o, "step_ms", r->step_ms, &s);
        num(&o, "ms_per_token", r->ms_per_token, &s);
        num(&o, "tokens_per_s", r->tokens_per_s, &s);
        if (r->times_are_bandwidth_floors) {
            key(&o, "bandwidth_floor_only", &s);
            rl_out_raw(&o, "true");
        }
        rl_out_raw(&o, "}");

        obj_open(&o, "prefill", &f, &s);
        num(&o, "ai", r->prefill_ai, &s);
        str(&o, "bound", rl_bound_name(r->prefill_bound), &s);
        if (r->prefill_ms > 0) {
            num(&o, "ms", r->prefill_ms, &s);
            num(&o, "tokens_per_s", r->prefill_tokens_per_s, &s);
            num(&o, "ttft_ms", r->ttft_ms, &s);
        }
        rl_out_raw(&o, "}");
    }

    if (m->experts > 0) {
        obj_open(&o, "moe", &f, &s);
        num(&o, "experts_touched_per_layer", r->experts_touched, &s);
        str(&o, "read", rl_moe_read_name(d->moe_read), &s);
        num(&o, "weight_bytes_read", r->weight_bytes_read, &s);
        rl_out_raw(&o, "}");
    }
    if (d->tp > 1) {
        obj_open(&o, "tp", &f, &s);
        num(&o, "allreduce_bytes_per_gpu", r->allreduce_bytes_per_gpu, &s);
        num(&o, "kv_share_per_gpu", r->kv_share, &s);
        rl_out_raw(&o, "}");
    }
    if (d->pp > 1) {
        obj_open(&o, "pp", &f, &s);
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
        obj_open(&o, "paged", &f, &s);
        num(&o, "kv_block", (double)d->kv_block, &s);
        num(&o, "tokens_per_request", (double)r->tokens_per_request, &s);
        num(&o, "padding_tokens", (double)r->padding_tokens, &s);
        num(&o, "waste_fraction", r->waste_fraction, &s);
        rl_out_raw(&o, "}");
    }

    key(&o, "warnings", &f);
    coded_list(&o, r->warnings, RL_WARN_COUNT_, rl_warning_code, rl_warning_text, false, m, d, r);
    key(&o, "remedies", &f);
    coded_list(&o, r->remedies, RL_REMEDY_COUNT_, rl_remedy_code, rl_remedy_text, true, m, d, r);
    rl_out_raw(&o, "}");
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
