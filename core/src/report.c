/* The report: JSON for machines, and the warning and remedy sentences. */
#include "internal.h"
#include "realistic.h"

#include <stdio.h>

rl_precision rl_lacked_weight_format(const rl_result *r) {
    /* The weights' own format when the engine lacks it; else the one other format a weight is kept in, an
     * MXFP4 checkpoint's experts (the rest of such a checkpoint is 16-bit, which every engine runs). */
    return rl_engine_lacks(r->engine, r->weight_precision, 0) ? r->weight_precision : RL_PREC_MXFP4;
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
        if (r->pool_of_free && r->kv_room_gib <= 0) {
            rl_out_fmt(&o,
                       "Tight: it fits the floor but not the realistic budget. The weights and the runtime reserve "
                       "(%.2f GiB) leave no memory free for %s's KV cache: they are %.2f GiB over the GPU, so the "
                       "engine cannot start with this setup and no request fits realistically; only the floor's "
                       "figures are given.",
                       r->reserve_gib, rl_engine_name(r->engine), -r->kv_room_gib);
            break;
        }
        if (r->pool_of_free) {
            rl_out_fmt(&o,
                       "Tight: it fits the floor but not the realistic budget. %s gives the KV cache %.0f%% of the "
                       "memory the weights and the runtime reserve (%.2f GiB) leave free: %.2f GiB, %.2f GiB short "
                       "of the %.2f GiB this batch needs; at most %lld requests fit realistically.",
                       rl_engine_name(r->engine), r->pool_fraction * 100.0, r->reserve_gib, r->kv_room_gib,
                       r->missing_gib, r->kv_gib, (long long)r->max_batch_realistic);
            break;
        }
        if (r->pool_of_start && r->kv_room_gib <= 0) {
            rl_out_fmt(&o,
                       "Tight: it fits the floor but not the realistic budget. %s's pool, %.0f%% of the %.2f GiB the "
                       "CUDA context and NCCL leave, cannot hold the weights and their overhead: they are %.2f GiB "
                       "over it, so the engine cannot start with this setup and no request fits realistically; only "
                       "the floor's figures are given.",
                       rl_engine_name(r->engine), r->pool_fraction * 100.0, r->free_at_start_gib, -r->kv_room_gib);
            break;
        }
        if (r->pool_of_start) {
            rl_out_fmt(&o,
                       "Tight: it fits the floor but not the realistic budget. %s's pool, %.0f%% of the %.2f GiB the "
                       "CUDA context and NCCL leave, less the weights and their overhead, leaves %.2f GiB for the KV "
                       "cache, %.2f GiB short of the %.2f GiB this batch needs; at most %lld requests fit "
                       "realistically.",
                       rl_engine_name(r->engine), r->pool_fraction * 100.0, r->free_at_start_gib, r->kv_room_gib,
                       r->missing_gib, r->kv_gib, (long long)r->max_batch_realistic);
            break;
        }
        if (r->kv_room_gib <= 0) { /* nothing left for the KV: no request fits, and no engine estimate is given */
            rl_out_fmt(&o,
                       "Tight: it fits the floor but not the realistic budget. The engine's pool (%.0f%% of the GPU) "
                       "minus the runtime reserve (%.2f GiB) leaves no room for the KV cache: the weights and "
                       "reserves are %.2f GiB over the pool, so the engine cannot start with this setup and no "
                       "request fits realistically; only the floor's figures are given.",
                       r->pool_fraction * 100.0, r->reserve_gib, -r->kv_room_gib);
            break;
        }
        rl_out_fmt(&o,
                   "Tight: it fits the floor but not the realistic budget. The engine's pool (%.0f%% of the GPU) "
                   "minus the runtime reserve (%.2f GiB) leaves %.2f GiB for the KV cache, %.2f GiB short of the "
                   "%.2f GiB this batch needs; at most %lld requests fit realistically.",
                   r->pool_fraction * 100.0, r->reserve_gib, r->kv_room_gib, r->missing_gib, r->kv_gib,
                   (long long)r->max_batch_realistic);
        break;
    case RL_WARN_SPECULATION_SLOWER:
        rl_out_fmt(&o,
                   "Speculative decoding is slower here: %lld draft tokens accepted with probability %.2f give "
                   "%.3g tokens per verify step, but drafting and verifying cost more, so the expected speed-up "
                   "is %.2fx (below 1). Turn it off, or use a smaller draft or fewer draft tokens.",
                   (long long)d->spec_tokens, d->spec_accept, r->spec_tokens_per_step, r->spec_realistic_speedup);
        break;
    case RL_WARN_ENGINE_LACKS_WEIGHT_FORMAT:
    case RL_WARN_ENGINE_LACKS_KV_FORMAT: {
        bool kv = (1u << bit) == RL_WARN_ENGINE_LACKS_KV_FORMAT;
        rl_out_fmt(&o,
                   "%s has no %s format for the %s: its budget and estimate here are of a setup it cannot run. "
                   "Choose a format it has, or an engine that has this one.",
                   rl_engine_name(r->engine), rl_precision_name(kv ? r->kv_precision : rl_lacked_weight_format(r)),
                   kv ? "KV cache" : "weights");
        break;
    }
    case RL_WARN_ENGINE_NOT_ON_GPU:
        rl_out_fmt(&o,
                   "%s has no backend for this GPU: its budget and estimate here are of a setup it cannot run. "
                   "Choose an engine that runs on it (llama.cpp runs on every GPU preset but the TPUs and Gaudi).",
                   rl_engine_name(r->engine));
        break;
    case RL_WARN_DP_GROUPS_IDLE:
        rl_out_fmt(&o,
                   "%lld data-parallel attention groups for %lld requests: some groups serve none, yet their GPUs "
                   "hold the attention weights and join every MoE layer's collectives. Use at most as many groups "
                   "as requests.",
                   (long long)d->dp_attention, (long long)d->batch);
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
        if (r->pool_of_free) {
            rl_out_fmt(&o, "Raise the share of the free memory the engine gives its KV cache (%s) to %.2f (now %.2f).",
                       rl_engine_pool_knob(r->engine), r->remedy_pool_fraction, r->pool_fraction);
            break;
        }
        rl_out_fmt(&o, "Raise the engine's memory pool (%s) to %.2f (now %.2f).",
                   rl_engine_preset_of(r->engine)->pool_knob ? rl_engine_preset_of(r->engine)->pool_knob : "its pool setting",
                   r->remedy_pool_fraction, r->pool_fraction);
        break;
    case RL_REMEDY_FEWER_GPU_LAYERS:
        rl_out_fmt(&o, "Keep %lld of the %lld layers on the GPU (llama.cpp -ngl %lld) and the rest in host RAM.",
                   (long long)r->remedy_gpu_layers, (long long)(m ? m->layers : 0), (long long)r->remedy_gpu_layers);
        break;
    case RL_REMEDY_PRECISION_AND_TP:
        rl_out_fmt(&o, "Store the weights in %s (now %s) and split them over %lld GPUs with tensor parallelism: tp=%lld.",
                   rl_precision_name(r->remedy_pair_precision), rl_precision_name(r->weight_precision),
                   (long long)r->remedy_pair_tp, (long long)r->remedy_pair_tp);
        break;
    default: break;
    }
    return o.len;
}

const char *rl_remedy_value(unsigned bit, const rl_result *r, double *x) {
    switch (1u << bit) {
    case RL_REMEDY_WEIGHT_PRECISION: return rl_precision_name(r->remedy_precision);
    case RL_REMEDY_KV_PRECISION: return rl_precision_name(r->remedy_kv_precision);
    case RL_REMEDY_PRECISION_AND_TP: return rl_precision_name(r->remedy_pair_precision);
    case RL_REMEDY_MORE_TP: *x = (double)r->remedy_tp; break;
    case RL_REMEDY_SMALLER_BATCH: *x = (double)r->remedy_batch; break;
    case RL_REMEDY_SHORTER_CONTEXT: *x = (double)r->remedy_seq; break;
    case RL_REMEDY_RAISE_POOL: *x = r->remedy_pool_fraction; break;
    case RL_REMEDY_FEWER_GPU_LAYERS: *x = (double)r->remedy_gpu_layers; break;
    default: *x = r->remedy_vram_gib; break;
    }
    return NULL;
}

static void remedy_value(rl_out *o, unsigned bit, const rl_result *r) {
    double x = 0.0;
    const char *name = rl_remedy_value(bit, r, &x);
    if (name) rl_out_jstr(o, name);
    else rl_out_jnum(o, x);
}

typedef size_t (*sentence_fn)(unsigned, const rl_model *, const rl_deploy *, const rl_result *, char *, size_t);

/* "key": [{"code", "message"(, "value")}] for each set bit: the warnings and remedies. */
static void coded_list(rl_jw *w, const char *key, unsigned bits, unsigned count, const char *(*code)(unsigned),
                       sentence_fn text, bool with_value, const rl_model *m, const rl_deploy *d, const rl_result *r) {
    char sentence[512];
    rl_jw list, item;
    rl_jw_array(w, key, &list);
    for (unsigned b = 0; b < count; b++) {
        if (!(bits & (1u << b))) continue;
        rl_jw_object(&list, NULL, &item);
        rl_jw_str(&item, "code", code(b));
        text(b, m, d, r, sentence, sizeof sentence);
        rl_jw_str(&item, "message", sentence);
        if (with_value) {
            rl_jw_key(&item, "value");
            remedy_value(item.o, b, r);
            /* The pair's second change: its value is the precision, this its tp. */
            if ((1u << b) == RL_REMEDY_PRECISION_AND_TP) rl_jw_num(&item, "tp", (double)r->remedy_pair_tp);
            /* The engine's setting this way out raises (offered only where it has one), and what it is a share of. */
            if ((1u << b) == RL_REMEDY_RAISE_POOL) {
                rl_jw_str(&item, "setting", rl_engine_pool_knob(r->engine));
                rl_jw_str(&item, "of", rl_pool_of_name(r->pool_of_free, r->pool_of_start));
            }
        }
        rl_jw_end(&item);
    }
    rl_jw_end(&list);
}

void rl_write_remedies(rl_jw *w, const rl_model *m, const rl_deploy *d, const rl_result *r) {
    coded_list(w, "remedies", r->remedies, RL_REMEDY_COUNT_, rl_remedy_code, rl_remedy_text, true, m, d, r);
}

static const char *level_name(rl_verdict v) {
    return v == RL_FITS ? "fits" : v == RL_TIGHT ? "tight" : "refused";
}

/* Where the GPUs are and the link each collective crosses (interconnect.c): one direction, GB/s. */
static const char *const pool_names[] = {"", "prefill", "decode"};

/* One balance: floor [0] or the engine's [1]. */
static void write_balance(rl_jw *parent, const struct rl_disagg *x, int k) {
    rl_jw s;
    rl_jw_object(parent, "balance", &s);
    rl_jw_num(&s, "prefill_gpus_per_decode_gpu", x->gpu_ratio[k]);
    if (x->requests_per_s > 0) {
        rl_jw_num(&s, "requests_per_s", x->requests_per_s);
        rl_jw_num(&s, "prefill_instances_needed", x->prefill_needed[k]);
        rl_jw_num(&s, "decode_instances_needed", x->decode_needed[k]);
    }
    rl_jw_num(&s, "sustained_requests_per_s", x->sustained_rps[k]);
    rl_jw_str(&s, "limited_by", pool_names[x->limited_by[k]]);
    rl_jw_end(&s);
}

/* Prefill/decode disaggregation (disaggregation.c): the pools, the KV moved, and the times only beside a fit. */
static void write_disagg(rl_jw *top, const rl_result *r) {
    const struct rl_disagg *x = &r->disagg;
    rl_jw s, t;
    rl_jw_object(top, "disaggregation", &s);
    rl_jw_num(&s, "prefill_tp", (double)x->prefill_tp);
    rl_jw_num(&s, "prefill_instances", (double)x->prefill_instances);
    rl_jw_num(&s, "decode_instances", (double)x->decode_instances);
    rl_jw_num(&s, "prefill_gpus", (double)rl_disagg_prefill_gpus(r));
    rl_jw_num(&s, "decode_gpus", (double)rl_disagg_decode_gpus(r));
    rl_jw_num(&s, "prompt_tokens", x->prompt_tokens);
    if (x->output_tokens > 0) rl_jw_num(&s, "output_tokens", x->output_tokens);
    if (x->refused_pool) rl_jw_str(&s, "refused_pool", pool_names[x->refused_pool]);
    rl_jw_object(&s, "prefill_pool", &t);
    rl_jw_str(&t, "verdict", rl_verdict_name(x->prefill_verdict));
    rl_jw_num(&t, "weights_gib_per_gpu", x->prefill_weights_gib);
    rl_jw_num(&t, "kv_gib_per_gpu", x->prefill_kv_gib);
    rl_jw_num(&t, "free_gib_per_gpu", x->prefill_free_gib);
    rl_jw_end(&t);
    rl_jw_num(&s, "kv_bytes_per_request", x->kv_bytes);
    rl_jw_num(&s, "kv_share_sent_per_gpu", x->kv_share_sent);
    rl_jw_num(&s, "kv_share_received_per_gpu", x->kv_share_received);
    rl_jw_str(&s, "link", x->link);
    rl_jw_num(&s, "link_gbs", x->link_gbs);
    if (x->has_times && r->has_timing) {
        rl_jw_num(&s, "transfer_ms", x->transfer_ms);
        rl_jw_num(&s, "prefill_ms", x->prefill_ms);
        rl_jw_num(&s, "ttft_ms", x->ttft_ms);
        rl_jw_num(&s, "prefill_tokens_per_s_per_gpu", x->prefill_tps_per_gpu);
        rl_jw_num(&s, "decode_tokens_per_s_per_gpu", x->decode_tps_per_gpu);
        if (x->has_balance) write_balance(&s, x, 0);
        if (x->has_realistic) {
            rl_jw_object(&s, "realistic", &t);
            rl_jw_num(&t, "prefill_ms", x->real_prefill_ms);
            rl_jw_num(&t, "ttft_ms", x->real_ttft_ms);
            rl_jw_num(&t, "prefill_tokens_per_s_per_gpu", x->real_prefill_tps_per_gpu);
            rl_jw_num(&t, "decode_tokens_per_s_per_gpu", x->real_decode_tps_per_gpu);
            if (x->has_balance) write_balance(&t, x, 1);
            rl_jw_end(&t);
        }
    }
    rl_jw_end(&s);
}

/* The links a collective crosses: one call, not a select of the two names at each of the four places. */
static const char *crossing(int crosses_nodes) { return crosses_nodes ? "scale-out" : "scale-up"; }

static void write_topology(rl_jw *top, const rl_deploy *d, const rl_result *r) {
    rl_jw s;
    rl_jw_object(top, "topology", &s);
    rl_jw_num(&s, "nodes", (double)r->topo_nodes);
    rl_jw_num(&s, "gpus_per_node", (double)r->topo_gpus_per_node);
    rl_jw_num(&s, "scale_up_gbs", r->scale_up_gbs);
    if (r->topo_nodes > 1) {
        rl_jw_str(&s, "scale_out_link", r->scale_out_link);
        rl_jw_num(&s, "scale_out_gbs", r->scale_out_gbs);
    }
    if (d->tp > 1) {
        rl_jw_str(&s, "allreduce_crosses", crossing(r->tp_crosses_nodes));
        rl_jw_num(&s, "allreduce_link_gbs", r->tp_link_gbs);
    }
    if (d->pp > 1) {
        rl_jw_str(&s, "pp_hop_crosses", crossing(r->pp_crosses_nodes));
        rl_jw_num(&s, "pp_hop_link_gbs", r->pp_link_gbs);
    }
    if (d->ep > 1) rl_jw_str(&s, "a2a_crosses", crossing(r->ep_crosses_nodes));
    rl_jw_end(&s);
}

/* The realistic estimate, beside the floor (only when it fits). */
static void write_realistic(rl_jw *top, const rl_gpu *g, const rl_deploy *d, rl_precision weights,
                            const rl_realistic *x) {
    rl_jw s, list, item;
    rl_jw_object(top, "realistic", &s);
    rl_jw_num(&s, "step_ms", x->step_ms);
    rl_jw_num(&s, "step_ms_low", x->step_ms_low);
    rl_jw_num(&s, "step_ms_high", x->step_ms_high);
    rl_jw_num(&s, "floor_step_ms", x->floor_step_ms);
    rl_jw_num(&s, "tokens_per_s", x->tokens_per_s);
    rl_jw_num(&s, "tokens_per_s_per_user", x->tokens_per_s_per_user);
    rl_jw_num(&s, "batch", (double)x->batch); /* fewer than config.batch on a tight fit: see rl_realistic.batch */
    rl_jw_num(&s, "ms_per_token", x->ms_per_token);
    if (x->has_prefill) {
        rl_jw_num(&s, "prefill_ms", x->prefill_ms);
        rl_jw_num(&s, "ttft_ms", x->ttft_ms);
        rl_jw_num(&s, "prefill_step_ms", x->prefill_step_ms);
        rl_jw_num(&s, "prefill_step_tokens_per_s_per_gpu", x->prefill_step_tokens_per_s_per_gpu);
    }
    rl_jw_num(&s, "kernel_ms", x->kernel_ms);
    rl_jw_num(&s, "host_ms", x->host_ms);
    if (d->tp > 1) {
        rl_jw_num(&s, "allreduce_ms", x->allreduce_ms);
        rl_jw_num(&s, "allreduce_share", x->allreduce_share);
    }
    if (d->pp > 1) rl_jw_num(&s, "p2p_ms", x->p2p_ms);
    if (d->ep > 1) rl_jw_num(&s, "a2a_ms", x->a2a_ms);
    rl_jw_str(&s, "engine", rl_engine_name(x->engine));
    rl_jw_bool(&s, "calibrated", x->calibrated);
    rl_assumption a[RL_MAX_ASSUMPTIONS];
    size_t n = rl_realistic_assumptions(g, d, weights, a, RL_MAX_ASSUMPTIONS);
    rl_jw_array(&s, "assumptions", &list);
    for (size_t i = 0; i < n && i < RL_MAX_ASSUMPTIONS; i++) {
        rl_jw_object(&list, NULL, &item);
        rl_jw_str(&item, "name", a[i].name);
        rl_jw_num(&item, "value", a[i].value);
        rl_jw_str(&item, "unit", a[i].unit);
        rl_jw_str(&item, "origin", rl_origin_name(a[i].origin));
        rl_jw_str(&item, "source", a[i].source);
        rl_jw_end(&item);
    }
    rl_jw_end(&list);
    rl_jw_end(&s);
}

/* A figure, or null where there is none: one call where each place had both. */
static void num_or_null(rl_jw *w, const char *key, bool given, double v) {
    if (given) rl_jw_num(w, key, v);
    else rl_jw_null(w, key);
}

/* The report; its cost only when c is given and present (a refusal has none). */
/* "checkpoint": the count beside the index's size, and the parts the config leaves out. */
static void write_checkpoint(rl_jw *top, const rl_model *m) {
    rl_checkpoint_check k;
    if (!rl_checkpoint_compare(m, &k)) return;
    rl_jw s, list, item;
    rl_jw_object(top, "checkpoint", &s);
    num_or_null(&s, "total_size", m->checkpoint.total_size > 0, m->checkpoint.total_size);
    rl_jw_num(&s, "tensors", (double)m->checkpoint.tensors);
    num_or_null(&s, "hub_params", m->checkpoint.hub_params > 0, m->checkpoint.hub_params);
    rl_jw_str(&s, "published_from", k.from_hub ? "hub_api" : "index");
    rl_jw_num(&s, "counted_params", k.counted_params);
    if (k.published_params < 0) {
        /* quantized: formats and scales mixed, no parameter count in the bytes */
        rl_jw_null(&s, "bytes_per_param");
        rl_jw_null(&s, "published_params");
        rl_jw_null(&s, "difference");
        rl_jw_null(&s, "relative");
        rl_jw_null(&s, "matches");
    } else {
        num_or_null(&s, "bytes_per_param", k.bytes_per_param > 0, k.bytes_per_param);
        rl_jw_num(&s, "published_params", k.published_params);
        rl_jw_num(&s, "difference", k.difference);
        rl_jw_num(&s, "relative", k.relative);
        rl_jw_bool(&s, "matches", k.matches == 1);
    }
    rl_jw_bool(&s, "explained", k.explained);
    rl_jw_array(&s, "parts", &list);
    for (int i = 0; i < k.parts; i++) {
        rl_jw_object(&list, NULL, &item);
        rl_jw_str(&item, "code", rl_checkpoint_part_name(k.part[i]));
        rl_jw_num(&item, "count", k.part_count[i]);
        num_or_null(&item, "params", k.part_params[i] != 0.0, k.part_params[i]);
        rl_jw_end(&item);
    }
    rl_jw_end(&list);
    rl_jw_end(&s);
}

/* One rl_jw call per member, on purpose (issue 35, measured on the two wasm modules, gzipped): rows of
 * {key, offsetof, type} walked by one loop took 470 B (verdict) and 790 B (full) from the code but added 730 and
 * 820 B of data, as a row's key pointer and offset compress worse than a call's; keys packed into one string per
 * table instead of pointers copied the keys other code shares, and both modules grew by 380-420 B. */
static size_t write_report(const rl_model *m, const rl_gpu *g, const rl_deploy *d, const rl_result *r,
                           const rl_cost *c, char *buf, size_t cap) {
    rl_out o;
    rl_out_init(&o, buf, cap);
    rl_jw top, s, t;
    rl_jw_begin_object(&top, &o);
    rl_jw_str(&top, "verdict", rl_verdict_name(r->verdict));
    rl_jw_str(&top, "level", level_name(r->verdict));
    rl_jw_bool(&top, "fits", r->fits);

    rl_jw_object(&top, "model", &s);
    rl_jw_str(&s, "name", m->name);
    rl_jw_str(&s, "model_type", m->model_type);
    rl_jw_num(&s, "params_total", m->params_total);
    rl_jw_num(&s, "params_active", m->params_active);
    rl_jw_num(&s, "params_input_table", m->params_input_table);
    rl_jw_num(&s, "params_text", m->params_text);
    rl_jw_num(&s, "params_vision", m->params_vision);
    rl_jw_num(&s, "layers", (double)m->layers);
    rl_jw_num(&s, "hidden", (double)m->hidden);
    rl_jw_num(&s, "heads", (double)m->heads);
    rl_jw_num(&s, "kv_heads", (double)m->kv_heads);
    rl_jw_num(&s, "head_dim", (double)m->head_dim);
    rl_jw_num(&s, "vocab", (double)m->vocab);
    rl_jw_num(&s, "experts", (double)m->experts);
    rl_jw_num(&s, "top_k", (double)m->top_k);
    rl_jw_num(&s, "moe_layers", (double)m->moe_layers);
    rl_jw_num(&s, "shared_expert_intermediate", (double)m->shared_intermediate);
    rl_jw_num(&s, "sliding_window", (double)m->sliding_window);
    rl_jw_num(&s, "sliding_layers", (double)m->sliding_layers);
    rl_jw_bool(&s, "mla", m->mla);
    if (m->mla) {
        rl_jw_num(&s, "kv_lora_rank", (double)m->kv_lora_rank);
        rl_jw_num(&s, "qk_rope_head_dim", (double)m->qk_rope_head_dim);
    }
    rl_jw_num(&s, "kv_elems_per_token_per_layer", m->kv_elems_per_token_per_layer);
    if (m->linear_layers > 0 || m->mamba_layers > 0 || m->conv_layers > 0) {
        /* Linear-attention layers, Mamba mixers and short convolutions: their fixed state, part of
         * kv_bytes_per_request. */
        if (m->linear_layers > 0) rl_jw_num(&s, "linear_layers", (double)m->linear_layers);
        if (m->mamba_layers > 0) rl_jw_num(&s, "mamba_layers", (double)m->mamba_layers);
        if (m->conv_layers > 0) rl_jw_num(&s, "conv_layers", (double)m->conv_layers);
        rl_jw_num(&s, "attention_layers", (double)rl_attention_layers(m));
        rl_jw_num(&s, "state_elems_per_layer", m->state_elems_per_layer);
        rl_jw_num(&s, "state_bytes_per_request", (double)(m->linear_layers + m->mamba_layers + m->conv_layers) *
                                                     m->state_elems_per_layer * rl_precision_bytes((rl_precision)m->dtype));
    }
    if (m->nas) {
        /* NAS blocks: the layers that attend (and hold KV), and the linears standing in for the others. */
        rl_jw_num(&s, "attention_layers", (double)rl_attention_layers(m));
        rl_jw_num(&s, "nas_linears", (double)m->nas_linears);
    }
    rl_jw_num(&s, "kv_bytes_per_token", r->kv_bytes_per_token);
    rl_jw_num(&s, "kv_bytes_per_request", r->kv_bytes_per_request);
    rl_jw_num(&s, "weight_bytes", r->weight_bytes);
    rl_jw_end(&s);
    write_checkpoint(&top, m);

    rl_jw_object(&top, "gpu", &s);
    rl_jw_str(&s, "name", g->name);
    num_or_null(&s, "tflops", !g->tflops_unknown, g->tflops);
    if (g->tflops_fp8 > 0) rl_jw_num(&s, "tflops_fp8", g->tflops_fp8);
    if (g->tops_int8 > 0) rl_jw_num(&s, "tops_int8", g->tops_int8);
    rl_jw_num(&s, "bandwidth_gbs", g->bandwidth_gbs);
    rl_jw_num(&s, "vram_gib", g->vram_gib);
    rl_jw_str(&s, "memory", g->unified ? "unified" : "discrete");
    if (g->unified) rl_jw_num(&s, "ram_gib", g->ram_gib);
    if (g->start_free_gib > 0) rl_jw_num(&s, "start_free_gib", g->start_free_gib);
    rl_jw_num(&s, "link_gbs", g->link_gbs);
    if (g->link[0]) rl_jw_str(&s, "link", g->link);
    rl_jw_end(&s);

    rl_jw_object(&top, "config", &s);
    rl_jw_str(&s, "precision", rl_precision_name(r->weight_precision));
    /* auto: the checkpoint's own format, or (no torch_dtype and no quantization_config) the default fp16. */
    bool defaulted = d->precision == RL_PREC_AUTO && m->dtype_defaulted && m->quant == RL_QUANT_NONE;
    rl_jw_str(&s, "precision_source", d->precision != RL_PREC_AUTO ? "chosen" : defaulted ? "default" : "checkpoint");
    if (d->precision == RL_PREC_AUTO && m->quant == RL_QUANT_MXFP4) rl_jw_str(&s, "expert_precision", "mxfp4");
    rl_jw_str(&s, "kv_precision", rl_precision_name(r->kv_precision));
    /* Bytes per weight (a chosen precision, or the default one; a checkpoint's mixes several) and per KV
     * element, so that a reader shows them without a copy of the precision table. */
    if (d->precision != RL_PREC_AUTO || defaulted) rl_jw_num(&s, "weight_bytes_per_param", rl_precision_bytes(r->weight_precision));
    rl_jw_num(&s, "kv_bytes_per_element", rl_precision_bytes(r->kv_precision));
    rl_jw_num(&s, "seq", (double)d->seq);
    rl_jw_num(&s, "batch", (double)d->batch);
    rl_jw_num(&s, "tp", (double)d->tp);
    rl_jw_num(&s, "pp", (double)d->pp);
    rl_jw_num(&s, "micro_batches", (double)r->micro_batches);
    rl_jw_num(&s, "kv_block", (double)d->kv_block);
    rl_jw_str(&s, "moe_read", rl_moe_read_name(d->moe_read));
    rl_jw_num(&s, "pool_fraction", r->pool_fraction);
    rl_jw_str(&s, "pool_source", d->pool_fraction > 0 ? "chosen" : "engine");
    rl_jw_str(&s, "pool_of", rl_pool_of_name(r->pool_of_free, r->pool_of_start));
    if (r->engine == RL_ENGINE_SGLANG && d->pool_fraction <= 0) {
        /* SGLang's own pool: what it keeps out of the GPU, and why (rl_sglang_reserve_of), in MiB. */
        rl_sglang_reserve x = rl_sglang_reserve_of(g->vram_gib, d->tp, d->pp, m->mla, d->prefill_chunk);
        rl_jw inner;
        rl_jw_object(&s, "pool_reserve", &inner);
        rl_jw_num(&inner, "mib", x.mib);
        rl_jw_num(&inner, "chunk", (double)x.chunk);
        rl_jw_num(&inner, "parallel_mib", x.parallel_mib);
        rl_jw_num(&inner, "decode_graph_batch", x.decode_graph_batch);
        rl_jw_num(&inner, "prefill_graph_mib", x.prefill_graph_mib);
        /* A multimodal model's pool is lowered for its vision tower (rl_sglang_vision_factor). */
        if (m->vision_complexity > 0) {
            rl_jw_num(&inner, "vision_complexity", m->vision_complexity);
            rl_jw_num(&inner, "vision_factor", rl_sglang_vision_factor(m));
        }
        rl_jw_end(&inner);
    }
    rl_jw_num(&s, "context_reserve_gib", d->context_reserve_gib);
    rl_jw_num(&s, "nccl_gib_per_peer", d->nccl_gib_per_peer);
    rl_jw_num(&s, "weight_overhead", d->weight_overhead);
    rl_jw_num(&s, "prefill_chunk", (double)r->prefill_chunk);
    rl_jw_str(&s, "prefill_chunk_source", d->prefill_chunk > 0 ? "chosen" : "engine");
    rl_jw_num(&s, "launch_ms", d->launch_ms);
    rl_jw_str(&s, "engine", rl_engine_name(r->engine));
    rl_jw_str(&s, "engine_source", d->engine == RL_ENGINE_AUTO ? "auto" : "chosen");
    rl_jw_num(&s, "gpu_layers", (double)d->gpu_layers);
    rl_jw_num(&s, "ram_gib", d->ram_gib);
    rl_jw_str(&s, "host_memory", rl_field_by_key("host_memory")->choices[d->host_memory]);
    rl_jw_num(&s, "cpu_bandwidth_gbs", d->cpu_bandwidth_gbs);
    if (RL_SCALE_OUT) { /* the verdict module refuses any but their defaults */
        rl_jw_num(&s, "nodes", (double)d->nodes);
        rl_jw_num(&s, "gpus_per_node", (double)d->gpus_per_node);
        rl_jw_str(&s, "scale_out_link", rl_field_by_key("scale_out_link")->choices[d->scale_out_link]);
        rl_jw_num(&s, "ep", (double)d->ep);
        rl_jw_num(&s, "redundant_experts", (double)d->redundant_experts);
        rl_jw_num(&s, "ep_imbalance", d->ep_imbalance);
        rl_jw_num(&s, "dp_attention", (double)d->dp_attention);
        rl_jw_num(&s, "prefill_instances", (double)d->prefill_instances);
        rl_jw_num(&s, "prefill_tp", (double)d->prefill_tp);
        rl_jw_num(&s, "decode_instances", (double)d->decode_instances);
    }
    rl_jw_end(&s);

    rl_jw_object(&top, "memory", &s);
    rl_jw_num(&s, "weights_gib_per_gpu", r->weights_gib);
    rl_jw_num(&s, "kv_gib_per_request", r->kv_gib_per_request);
    rl_jw_num(&s, "kv_gib_per_gpu", r->kv_gib);
    rl_jw_num(&s, "free_gib_per_gpu", r->free_gib);
    rl_jw_num(&s, "max_batch", (double)r->max_batch);
    rl_jw_num(&s, "max_batch_realistic", (double)r->max_batch_realistic);
    rl_jw_num(&s, "shortfall_gib", r->shortfall_gib);
    rl_jw_num(&s, "gpus", (double)(d->tp * d->pp));
    if (r->offload || (d->tp == 1 && d->pp == 1 && r->verdict != RL_FITS && d->ram_gib > 0))
        rl_jw_num(&s, "max_gpu_layers", (double)r->max_gpu_layers);
    rl_jw_object(&s, "realistic", &t);
    rl_jw_num(&t, "pool_gib", r->pool_gib);
    if (r->pool_of_free) rl_jw_num(&t, "free_after_reserves_gib", r->free_after_reserves_gib);
    if (r->pool_of_start) rl_jw_num(&t, "free_at_start_gib", r->free_at_start_gib);
    rl_jw_num(&t, "context_reserve_gib", r->reserve_context_gib);
    rl_jw_num(&t, "nccl_gib", r->reserve_nccl_gib);
    rl_jw_num(&t, "nccl_peers", (double)r->nccl_peers);
    rl_jw_num(&t, "weight_overhead_gib", r->reserve_weights_gib);
    rl_jw_num(&t, "activation_gib", r->activation_gib);
    rl_jw_num(&t, "activation_tokens", (double)r->activation_tokens);
    rl_jw_bool(&t, "activation_at_logits", r->activation_at_logits);
    rl_jw_num(&t, "step_logit_bytes", r->step_logit_bytes);
    rl_jw_bool(&t, "logits_on_host", r->logits_on_host);
    rl_jw_num(&t, "reserve_gib", r->reserve_gib);
    rl_jw_num(&t, "kv_room_gib", r->kv_room_gib);
    rl_jw_num(&t, "missing_gib", r->missing_gib);
    rl_jw_num(&t, "max_batch", (double)r->max_batch_realistic);
    rl_jw_end(&t);
    rl_jw_end(&s);

    if (r->has_timing) {
        rl_jw_object(&top, "roofline", &s);
        rl_jw_num(&s, "ai", r->ai);
        if (r->ridge > 0) rl_jw_num(&s, "ridge", r->ridge);
        rl_jw_str(&s, "bound", rl_bound_name(r->bound));
        if (r->ridge > 0) rl_jw_num(&s, "ceiling_fraction", r->ceiling_fraction);
        rl_jw_str(&s, "compute_precision", rl_precision_name(r->compute_precision));
        if (r->peak_tflops > 0) rl_jw_num(&s, "peak_tflops", r->peak_tflops);
        rl_jw_num(&s, "flops_per_step", r->flops_per_step);
        rl_jw_num(&s, "bytes_per_step", r->bytes_per_step);
        rl_jw_num(&s, "weight_bytes_read", r->weight_bytes_read);
        rl_jw_end(&s);

        rl_jw_object(&top, "decode", &s);
        rl_jw_num(&s, "step_ms", r->step_ms);
        rl_jw_num(&s, "ms_per_token", r->ms_per_token);
        rl_jw_num(&s, "tokens_per_s", r->tokens_per_s);
        if (r->times_are_bandwidth_floors) rl_jw_bool(&s, "bandwidth_floor_only", true);
        rl_jw_end(&s);

        rl_jw_object(&top, "prefill", &s);
        rl_jw_num(&s, "ai", r->prefill_ai);
        rl_jw_str(&s, "bound", rl_bound_name(r->prefill_bound));
        rl_jw_num(&s, "flops", r->prefill_flops);
        rl_jw_num(&s, "weight_bytes_read", r->prefill_weight_bytes_read);
        if (r->prefill_ms > 0) {
            rl_jw_num(&s, "ms", r->prefill_ms);
            rl_jw_num(&s, "tokens_per_s", r->prefill_tokens_per_s);
            rl_jw_num(&s, "ttft_ms", r->ttft_ms);
            rl_jw_num(&s, "step_tokens", r->prefill_step_tokens);
            rl_jw_num(&s, "step_ms", r->prefill_step_ms);
            rl_jw_num(&s, "step_tokens_per_s_per_gpu", r->prefill_step_tokens_per_s_per_gpu);
        }
        rl_jw_end(&s);
    }
    if (r->has_realistic) write_realistic(&top, g, d, r->weight_precision, &r->realistic);
    if (d->spec_tokens > 0) {
        rl_jw_object(&top, "speculative", &s);
        rl_jw_str(&s, "draft", d->draft.name);
        rl_jw_num(&s, "tokens", (double)d->spec_tokens);
        rl_jw_num(&s, "accept", d->spec_accept);
        rl_jw_num(&s, "draft_weights_gib_per_gpu", r->draft_weights_gib);
        rl_jw_num(&s, "draft_kv_gib_per_request", r->draft_kv_gib_per_request);
        if (r->has_timing && r->has_realistic) {
            rl_jw_num(&s, "tokens_per_step", r->spec_tokens_per_step);
            rl_jw_num(&s, "step_ms", r->spec_step_ms);
            rl_jw_num(&s, "ms_per_token", r->spec_ms_per_token);
            rl_jw_num(&s, "tokens_per_s", r->spec_tokens_per_s);
            rl_jw_num(&s, "speedup", r->spec_speedup);
            rl_jw_num(&s, "realistic_step_ms", r->spec_realistic_step_ms);
            rl_jw_num(&s, "realistic_floor_step_ms", r->spec_realistic_floor_step_ms);
            rl_jw_num(&s, "realistic_speedup", r->spec_realistic_speedup);
        }
        rl_jw_end(&s);
    }

    if (m->experts > 0) {
        rl_jw_object(&top, "moe", &s);
        rl_jw_num(&s, "experts_touched_per_layer", r->experts_touched);
        rl_jw_str(&s, "read", rl_moe_read_name(d->moe_read));
        rl_jw_num(&s, "weight_bytes_read", r->weight_bytes_read);
        rl_jw_end(&s);
    }
    if (RL_SCALE_OUT && d->tp * d->pp > 1) write_topology(&top, d, r);
    if (RL_SCALE_OUT && d->ep > 1) {
        /* Per GPU, the busiest rank's; the all-to-all's time only beside a fit (it is a time). */
        rl_jw_object(&top, "ep", &s);
        rl_jw_num(&s, "experts_per_gpu", r->ep_experts_per_gpu);
        rl_jw_num(&s, "slots_touched_per_layer", r->ep_slots_touched);
        rl_jw_num(&s, "expert_bytes_read", r->ep_expert_bytes_read);
        rl_jw_num(&s, "a2a_bytes_per_step", r->ep_a2a_bytes);
        rl_jw_num(&s, "a2a_bytes_per_prefill_chunk", r->ep_a2a_prefill_bytes);
        if (r->has_timing) rl_jw_num(&s, "a2a_ms", r->ep_a2a_ms);
        rl_jw_end(&s);
    }
    if (RL_SCALE_OUT && r->dp_groups > 1) {
        /* Per GPU; the collectives' time is the realistic estimate's allreduce_ms (a time: only beside a fit). */
        rl_jw_object(&top, "dp_attention", &s);
        rl_jw_num(&s, "groups", (double)r->dp_groups);
        rl_jw_num(&s, "attention_tp", (double)r->dp_attention_tp);
        rl_jw_num(&s, "requests_per_group", (double)r->dp_requests_per_group);
        rl_jw_num(&s, "kv_gib_per_gpu", r->kv_gib);
        rl_jw_num(&s, "group_allreduce_bytes_per_step", r->dp_group_allreduce_bytes);
        rl_jw_num(&s, "gather_bytes_per_step", r->dp_gather_bytes);
        rl_jw_num(&s, "bytes_per_prefill_chunk", r->dp_prefill_bytes);
        rl_jw_str(&s, "group_allreduce_crosses", crossing(r->dp_group_crosses_nodes));
        rl_jw_num(&s, "group_link_gbs", r->dp_group_link_gbs);
        rl_jw_end(&s);
    }
    if (RL_SCALE_OUT && r->disagg.on) write_disagg(&top, r);
    if (d->tp > 1) {
        rl_jw_object(&top, "tp", &s);
        rl_jw_num(&s, "allreduce_bytes_per_gpu", r->allreduce_bytes_per_gpu);
        rl_jw_num(&s, "kv_share_per_gpu", r->kv_share);
        rl_jw_end(&s);
    }
    if (d->pp > 1) {
        rl_jw_object(&top, "pp", &s);
        rl_jw_num(&s, "micro_batches", (double)r->micro_batches);
        rl_jw_num(&s, "bubble", r->pp_bubble);
        rl_jw_num(&s, "weight_bytes_read", r->pp_weight_bytes_read);
        if (r->has_timing) {
            /* Times, and the speedup that compares two of them: never on a refusal. */
            rl_jw_num(&s, "speedup_vs_one_gpu", r->pp_speedup);
            rl_jw_num(&s, "one_gpu_ms", r->pp_one_gpu_ms);
            rl_jw_num(&s, "stage_ms", r->pp_stage_ms);
            rl_jw_num(&s, "drain_ms", r->pp_drain_ms);
        }
        rl_jw_end(&s);
    }
    if (r->offload) {
        /* llama.cpp-style offload: the last layers_on_gpu layers on the GPU, the rest in host RAM. */
        rl_jw_object(&top, "offload", &s);
        rl_jw_num(&s, "gpu_layers", (double)r->layers_on_gpu);
        rl_jw_num(&s, "layers_on_host", (double)(m->layers - r->layers_on_gpu));
        rl_jw_num(&s, "host_weights_gib", r->host_weights_gib);
        rl_jw_num(&s, "host_kv_gib", r->host_kv_gib);
        rl_jw_num(&s, "host_gib", r->host_weights_gib + r->host_kv_gib);
        rl_jw_num(&s, "ram_gib", d->ram_gib);
        rl_jw_num(&s, "host_free_gib", r->host_free_gib);
        rl_jw_num(&s, "host_bandwidth_gbs", r->host_bandwidth_gbs);
        rl_jw_num(&s, "layer_weight_bytes", r->layer_weight_bytes);
        rl_jw_num(&s, "lm_head_bytes", r->lm_head_bytes);
        rl_jw_num(&s, "max_gpu_layers", (double)r->max_gpu_layers);
        if (r->has_timing) {
            rl_jw_num(&s, "gpu_ms", r->gpu_part_ms);
            rl_jw_num(&s, "host_ms", r->host_part_ms);
        }
        rl_jw_end(&s);
    }
    if (d->kv_block > 0) {
        rl_jw_object(&top, "paged", &s);
        rl_jw_num(&s, "kv_block", (double)d->kv_block);
        rl_jw_num(&s, "tokens_per_request", (double)r->tokens_per_request);
        rl_jw_num(&s, "padding_tokens", (double)r->padding_tokens);
        rl_jw_num(&s, "waste_fraction", r->waste_fraction);
        rl_jw_end(&s);
    }

    if (c != NULL && c->present && r->fits) rl_cost_write(&top, c);

    coded_list(&top, "warnings", r->warnings, RL_WARN_COUNT_, rl_warning_code, rl_warning_text, false, m, d, r);
    rl_write_remedies(&top, m, d, r);
    rl_jw_end(&top);
    return o.len;
}

size_t rl_report_json(const rl_model *m, const rl_gpu *g, const rl_deploy *d, const rl_result *r, char *buf,
                      size_t cap) {
    return write_report(m, g, d, r, NULL, buf, cap);
}

size_t rl_report_json_cost(const rl_model *m, const rl_gpu *g, const rl_deploy *d, const rl_result *r,
                           const rl_cost *c, char *buf, size_t cap) {
    return write_report(m, g, d, r, c, buf, cap);
}

void rl_write_error(rl_jw *w, const char *key, const rl_error *err) {
    rl_jw e;
    rl_jw_object(w, key, &e);
    rl_jw_str(&e, "code", rl_status_name(err->status));
    rl_jw_num(&e, "status", (double)err->status);
    rl_jw_str(&e, "field", err->field);
    rl_jw_str(&e, "message", err->message);
    /* The rule broken and the sentence's figures, from which another language words it. */
    if (rl_why_name(err->why)[0] != '\0') {
        rl_jw values;
        rl_jw_str(&e, "why", rl_why_name(err->why));
        rl_jw_object(&e, "values", &values);
        for (int i = 0; i < RL_ERROR_MAX_VALUES && err->value_name[i][0]; i++)
            rl_jw_str(&values, err->value_name[i], err->value[i]);
        rl_jw_end(&values);
    }
    rl_jw_end(&e);
}

size_t rl_error_json(const rl_error *err, char *buf, size_t cap) {
    rl_out o;
    rl_out_init(&o, buf, cap);
    rl_jw top;
    rl_jw_begin_object(&top, &o);
    rl_write_error(&top, "error", err);
    rl_jw_end(&top);
    return o.len;
}
