#include "report_text.h"

#include "messages.h"
#include "source_words.h"

#include <math.h>
#include <string.h>

/* GiB with the digits a reader needs: small values keep four significant digits. */
static const char *gib(double v, char *buf, size_t cap) {
    if (fabs(v) < 1.0 && v != 0.0) snprintf(buf, cap, "%.4g GiB", v);
    else snprintf(buf, cap, "%.2f GiB", v);
    return buf;
}

const char *rl_fmt_gib(double v, char *buf, size_t cap) { return gib(v, buf, cap); }

const char *rl_fmt_room_gib(double v, char *buf, size_t cap) {
    char over[32];
    if (!(v < 0.0)) return gib(v, buf, cap);
    rl_msg_fill(buf, cap, "cli.fit.over", (const char *const[]){"gib", gib(-v, over, sizeof over), NULL});
    return buf;
}

static const char *count(double v, char *buf, size_t cap) {
    if (v >= 1e12) snprintf(buf, cap, "%.2f T", v / 1e12);
    else if (v >= 1e9) snprintf(buf, cap, "%.2f B", v / 1e9);
    else if (v >= 1e6) snprintf(buf, cap, "%.2f M", v / 1e6);
    else snprintf(buf, cap, "%.0f", v);
    return buf;
}

/* Four significant digits, without switching to exponents for big rates. */
static const char *nice(double v, char *buf, size_t cap) {
    if (fabs(v) >= 1e4) snprintf(buf, cap, "%.0f", v);
    else snprintf(buf, cap, "%.4g", v);
    return buf;
}

#define T(key) rl_msg_text(key)
#define FMT(buf, ...) (snprintf(buf, sizeof buf, __VA_ARGS__), buf)

/* "  label" padded to `width` columns, in the report's language. */
static void label(FILE *out, const char *key, int width) {
    fputs("  ", out);
    rl_msg_pad(out, T(key), width);
}

/* Where a section's labelled lines go: the text report's padded label and value, or (md) a
 * Markdown table row each, so that --format md carries the same lines as the text report. */
typedef struct sink {
    FILE *out;
    int md;
    int width; /* the text report's label column */
} sink;

static void sink_title(const sink *s, const char *title) {
    if (s->md) fprintf(s->out, "\n## %s\n\n| %s | %s |\n|---|---|\n", title, T("cli.md.figure"), T("cli.md.value"));
    else fprintf(s->out, "\n%s\n", title);
}
/* A labelled line: its label, then its value. */
static void sink_line(const sink *s, const char *key, const char *value) {
    if (s->md) {
        fprintf(s->out, "| %s | %s |\n", T(key), value);
        return;
    }
    label(s->out, key, s->width);
    fprintf(s->out, "%s\n", value);
}
/* A line that goes on with the one above it, under its value. */
static void sink_more(const sink *s, const char *value) {
    if (s->md) fprintf(s->out, "|  | %s |\n", value);
    else fprintf(s->out, "%*s%s\n", s->width + 2, "", value);
}
/* The sources list below a section: each figure's name, value, unit and source. */
static void sink_sources(const sink *s, const char *title, const char *name, double value, const char *unit, const char *source,
                         int first) {
    if (first && !s->md) fprintf(s->out, "%s\n", title);
    if (first && s->md) {
        /* A heading, without the text report's closing colon. */
        size_t n = strlen(title);
        while (n > 0 && title[n - 1] == ':') n--;
        if (n >= 3 && strncmp(title + n - 3, "\xef\xbc\x9a", 3) == 0) n -= 3; /* the full-width colon */
        fprintf(s->out, "\n### %.*s\n\n", (int)n, title);
    }
    if (s->md) fprintf(s->out, "- `%s` = %.6g %s: %s\n", name, value, rl_msg_unit(unit), source);
    else fprintf(s->out, "    %-24s %.4g %s: %s\n", name, value, rl_msg_unit(unit), source);
}

static void print_list(FILE *out, const char *title_key, unsigned bits, unsigned n,
                       const char *(*text)(unsigned, const rl_model *, const rl_deploy *, const rl_result *, char *, size_t),
                       const rl_model *m, const rl_deploy *d, const rl_result *r) {
    if (bits == 0) return;
    fprintf(out, "\n%s\n", T(title_key));
    char line[1024];
    for (unsigned b = 0; b < n; b++) {
        if (!(bits & (1u << b))) continue;
        text(b, m, d, r, line, sizeof line);
        fprintf(out, "  - %s\n", line);
    }
}

static const char *precision_label(const rl_model *m, const rl_deploy *d, const rl_result *r, char *buf, size_t cap) {
    const char *p = rl_precision_name(r->weight_precision);
    if (d->precision != RL_PREC_AUTO) snprintf(buf, cap, "%s", p);
    else if (m->quant == RL_QUANT_MXFP4) rl_msg_fill(buf, cap, "cli.precision.mxfp4", (const char *const[]){"precision", p, NULL});
    else if (m->dtype_defaulted && m->quant == RL_QUANT_NONE) rl_msg_fill(buf, cap, "cli.precision.default", (const char *const[]){"precision", p, NULL});
    else rl_msg_fill(buf, cap, "cli.precision.checkpoint", (const char *const[]){"precision", p, NULL});
    return buf;
}

/* "memory-bound", in the report's language. */
static const char *bound_word(rl_bound b) {
    char key[40];
    snprintf(key, sizeof key, "cli.bound.%s", rl_bound_name(b));
    return T(key);
}

/* The count beside the checkpoint's index (--index, or --hf's snapshot), exact to the parameter. */
static void print_checkpoint(FILE *out, const rl_model *m) {
    rl_checkpoint_check k;
    if (!rl_checkpoint_compare(m, &k)) return;
    char a[64], b[64], c[64], d[64], e[64], line[768];
    label(out, "cli.fit.checkpoint", 20);
    FMT(b, "%.0f", m->checkpoint.total_size);
    FMT(c, "%.0f", k.counted_params);
    if (k.published_params < 0) {
        fprintf(out, "%s\n", RL_MSG(line, "cli.fit.checkpointQuantized", "bytes", b, "counted", c));
    } else {
        FMT(a, "%.0f", k.published_params);
        FMT(d, "%.0f", fabs(k.difference));
        FMT(e, "%.3g", fabs(k.relative) * 100.0);
        const char *key = k.from_hub ? (k.matches ? "cli.fit.checkpointHubMatches"
                                        : k.difference > 0 ? "cli.fit.checkpointHubDiffers" : "cli.fit.checkpointHubDiffersFewer")
                          : k.matches ? "cli.fit.checkpointMatches"
                          : k.difference > 0 ? "cli.fit.checkpointDiffers" : "cli.fit.checkpointDiffersFewer";
        char bpp[16];
        fprintf(out, "%s\n", RL_MSG(line, key, "published", a, "bytes", b, "bpp", FMT(bpp, "%g", k.bytes_per_param), "counted", c,
                                    "diff", d, "pct", e));
    }
    if (k.explained) fprintf(out, "%*s%s\n", 22, "", T("cli.fit.checkpointExplained"));
    for (int i = 0; i < k.parts; i++) {
        char key[64], count_s[32], params[48];
        snprintf(key, sizeof key, "cli.checkpoint.%s", rl_checkpoint_part_name(k.part[i]));
        if (k.part_params[i] != 0.0) FMT(params, "%.0f", k.part_params[i]);
        else snprintf(params, sizeof params, "%s", T("cli.checkpoint.unsized"));
        fprintf(out, "%*s- %s\n", 22, "", RL_MSG(line, key, "count", FMT(count_s, "%.0f", k.part_count[i]), "params", params));
    }
}

/* Data-parallel attention's groups, the KV a GPU holds, and the collectives that join the groups
 * (docs/scale-out.md). Their time is the realistic estimate's AllReduce line. */
static void write_dp_attention(FILE *out, const rl_result *r) {
    char line[512], x[32], y[32], z[32];
    const char *where = r->dp_group_crosses_nodes ? T("cli.topology.acrossNodes") : T("cli.topology.inNode");
    fprintf(out, "%s\n", RL_MSG(line, "cli.dp.title", "groups", FMT(x, "%lld", (long long)r->dp_groups), "a",
                                FMT(y, "%lld", (long long)r->dp_attention_tp), "per",
                                FMT(z, "%lld", (long long)r->dp_requests_per_group)));
    fprintf(out, "  %s\n", RL_MSG(line, "cli.dp.kv", "gib", FMT(x, "%.4g", r->kv_gib)));
    fprintf(out, "  %s\n", RL_MSG(line, "cli.dp.groupLink", "where", where, "gbs", FMT(x, "%g", r->dp_group_link_gbs)));
    fprintf(out, "  %s\n", RL_MSG(line, "cli.dp.bytes", "ar", FMT(x, "%.4g", r->dp_group_allreduce_bytes / 1e6), "gather",
                                 FMT(y, "%.4g", r->dp_gather_bytes / 1e6), "prefill", FMT(z, "%.4g", r->dp_prefill_bytes / 1e6)));
}

/* Where the GPUs are, which link each collective crosses (one direction), and expert parallelism's figures:
 * docs/scale-out.md. Shown when the deployment spans nodes, splits its experts or its attention. */
static void write_scale_out(FILE *out, const rl_deploy *d, const rl_result *r) {
    char line[512], x[32], y[32], z[32];
    fprintf(out, "\n%s\n", RL_MSG(line, "cli.topology.title", "nodes", FMT(x, "%lld", (long long)r->topo_nodes), "perNode",
                                  FMT(y, "%lld", (long long)r->topo_gpus_per_node), "up", FMT(z, "%g", r->scale_up_gbs)));
    if (r->topo_nodes > 1)
        fprintf(out, "  %s\n", RL_MSG(line, "cli.topology.scaleOut", "link", r->scale_out_link, "gbs", FMT(x, "%g", r->scale_out_gbs)));
    const char *up = T("cli.topology.inNode"), *across = T("cli.topology.acrossNodes");
    if (d->tp > 1)
        fprintf(out, "  %s\n", RL_MSG(line, "cli.topology.allreduce", "where", r->tp_crosses_nodes ? across : up, "gbs",
                                     FMT(x, "%g", r->tp_link_gbs)));
    if (d->pp > 1)
        fprintf(out, "  %s\n", RL_MSG(line, "cli.topology.ppHop", "where", r->pp_crosses_nodes ? across : up, "gbs",
                                     FMT(x, "%g", r->pp_link_gbs)));
    if (d->ep > 1) fprintf(out, "  %s\n", RL_MSG(line, "cli.topology.a2a", "where", r->ep_crosses_nodes ? across : up));
    if (r->dp_groups > 1) write_dp_attention(out, r);
    if (d->ep <= 1) return;
    fprintf(out, "%s\n", RL_MSG(line, "cli.ep.title", "ep", FMT(x, "%lld", (long long)d->ep), "slots",
                                FMT(y, "%g", r->ep_experts_per_gpu), "redundant", FMT(z, "%lld", (long long)d->redundant_experts)));
    fprintf(out, "  %s\n", RL_MSG(line, "cli.ep.read", "touched", FMT(x, "%.4g", r->ep_slots_touched), "imbalance",
                                 FMT(y, "%g", d->ep_imbalance), "gb", FMT(z, "%.4g", r->ep_expert_bytes_read / 1e9)));
    fprintf(out, "  %s\n", RL_MSG(line, "cli.ep.a2a", "mb", FMT(x, "%.4g", r->ep_a2a_bytes / 1e6), "prefill",
                                 FMT(y, "%.4g", r->ep_a2a_prefill_bytes / 1e6)));
    if (r->has_timing) fprintf(out, "  %s\n", RL_MSG(line, "cli.ep.a2aTime", "ms", FMT(x, "%.4g", r->ep_a2a_ms)));
}

/* Prefill/decode disaggregation (docs/scale-out.md): the pools, the KV moved and, beside a fit, the times. */
static void write_disagg(FILE *out, const rl_result *r) {
    const struct rl_disagg *x = &r->disagg;
    char line[512], a[32], b[32], c[32], e[32];
    fprintf(out, "\n%s\n", RL_MSG(line, "cli.disagg.title", "pi", FMT(a, "%lld", (long long)x->prefill_instances), "ptp",
                                  FMT(b, "%lld", (long long)x->prefill_tp), "di", FMT(c, "%lld", (long long)x->decode_instances),
                                  "dg", FMT(e, "%lld", (long long)x->decode_gpus_per_instance)));
    fprintf(out, "  %s\n", RL_MSG(line, "cli.disagg.prefillPool", "verdict", rl_verdict_name(x->prefill_verdict), "weights",
                                 FMT(a, "%.4g", x->prefill_weights_gib), "free", FMT(b, "%.4g", x->prefill_free_gib)));
    fprintf(out, "  %s\n", RL_MSG(line, "cli.disagg.kv", "mb", FMT(a, "%.4g", x->kv_bytes / 1e6), "tokens",
                                 FMT(b, "%.0f", x->prompt_tokens), "link", x->link, "gbs", FMT(c, "%g", x->link_gbs)));
    if (!x->has_times || !r->has_timing) return;
    fprintf(out, "  %s\n", RL_MSG(line, "cli.disagg.ttft", "transfer", FMT(a, "%.4g", x->transfer_ms), "ttft",
                                 FMT(b, "%.4g", x->ttft_ms), "real", x->has_realistic ? FMT(c, "%.4g", x->real_ttft_ms) : "-"));
    fprintf(out, "  %s\n", RL_MSG(line, "cli.disagg.perGpu", "prefill", FMT(a, "%.4g", x->prefill_tps_per_gpu), "decode",
                                 FMT(b, "%.4g", x->decode_tps_per_gpu)));
    if (x->has_balance)
        fprintf(out, "  %s\n", RL_MSG(line, "cli.disagg.balance", "ratio", FMT(a, "%.3g", x->gpu_ratio[0]), "rps",
                                     FMT(b, "%.4g", x->sustained_rps[0]), "by",
                                     x->limited_by[0] == 1 ? T("cli.disagg.prefillWord") : T("cli.disagg.decodeWord")));
}

static void print_fit(FILE *out, const rl_model *m, const rl_gpu *g, const rl_deploy *d, const rl_result *r) {
    char a[64], b[64], c[64], x[64], y[64], line[512];
    if (g->unified && g->start_free_gib > 0)
        fprintf(out, "\n%s\n", RL_MSG(line, "cli.fit.unifiedStart", "vram", FMT(x, "%.2f", g->vram_gib), "ram", FMT(y, "%.2f", g->ram_gib),
                                      "free", FMT(a, "%.2f", g->start_free_gib)));
    else if (g->unified)
        fprintf(out, "\n%s\n", RL_MSG(line, "cli.fit.unified", "vram", FMT(x, "%.2f", g->vram_gib), "ram", FMT(y, "%.2f", g->ram_gib)));
    else
        fprintf(out, "\n%s\n", RL_MSG(line, "cli.fit.title", "vram", FMT(x, "%.2f", g->vram_gib)));
    label(out, "cli.fit.parameters", 20);
    fprintf(out, "%s\n", RL_MSG(line, "cli.fit.parametersValue", "total", count(m->params_total, a, sizeof a), "active",
                                count(m->params_active, b, sizeof b)));
    print_checkpoint(out, m);
    label(out, "cli.fit.weights", 20);
    fprintf(out, "%s\n", gib(r->weights_gib, a, sizeof a));
    label(out, "cli.fit.kvRequest", 20);
    fprintf(out, "%s\n", RL_MSG(line, "cli.fit.kvRequestValue", "kv", gib(r->kv_gib_per_request, a, sizeof a), "bytes",
                                FMT(x, "%.0f", r->kv_bytes_per_token), "tokens", FMT(y, "%lld", (long long)r->tokens_per_request),
                                "sliding", m->sliding_layers > 0 ? T("cli.fit.sliding") : ""));
    label(out, "cli.fit.kvBatch", 20);
    fprintf(out, "%s\n", gib(r->kv_gib, a, sizeof a));
    label(out, "cli.fit.free", 20);
    fprintf(out, "%s\n", rl_fmt_room_gib(r->free_gib, line, sizeof line));
    label(out, "cli.fit.maxBatch", 20);
    fprintf(out, "%s\n", RL_MSG(line, "cli.fit.maxBatchValue", "floor", FMT(x, "%lld", (long long)r->max_batch), "real",
                                FMT(y, "%lld", (long long)r->max_batch_realistic)));
    label(out, "cli.fit.verdict", 20);
    if (r->disagg.refused_pool == 1) /* disaggregated: the prefill pool refuses the deployment (docs/scale-out.md) */
        RL_MSG(line, "cli.verdict.prefill", "tp", FMT(x, "%lld", (long long)r->disagg.prefill_tp), "weights",
               gib(r->disagg.prefill_weights_gib, a, sizeof a), "free", rl_fmt_room_gib(r->disagg.prefill_free_gib, b, sizeof b));
    else if (r->verdict == RL_WEIGHTS_DO_NOT_FIT)
        RL_MSG(line, "cli.verdict.weights", "need", gib(r->weights_gib, a, sizeof a), "have", gib(g->vram_gib, b, sizeof b),
               "short", gib(r->shortfall_gib, c, sizeof c));
    else if (r->verdict == RL_KV_DOES_NOT_FIT)
        RL_MSG(line, "cli.verdict.kv", "need", gib(r->kv_gib, a, sizeof a), "free", gib(r->free_gib, b, sizeof b), "short",
               gib(r->shortfall_gib, c, sizeof c));
    else if (r->verdict == RL_HOST_DOES_NOT_FIT)
        RL_MSG(line, "cli.verdict.host", "need", gib(r->host_weights_gib + r->host_kv_gib, a, sizeof a), "ram",
               FMT(x, "%.2f", d->ram_gib), "short", gib(r->shortfall_gib, c, sizeof c));
    else if (r->verdict == RL_TIGHT)
        RL_MSG(line, "cli.verdict.tight", "missing", gib(r->missing_gib, a, sizeof a));
    else
        snprintf(line, sizeof line, "%s", T("cli.verdict.fits"));
    fprintf(out, "%s\n", line);
    if (r->offload) {
        fprintf(out, "\n%s\n", RL_MSG(line, "cli.offload.title", "ngl", FMT(x, "%lld", (long long)d->gpu_layers), "on",
                                      FMT(y, "%lld", (long long)r->layers_on_gpu), "layers", FMT(c, "%lld", (long long)m->layers)));
        label(out, "cli.offload.ram", 20);
        fprintf(out, "%s\n", RL_MSG(line, "cli.offload.ramValue", "weights", gib(r->host_weights_gib, a, sizeof a), "kv",
                                    gib(r->host_kv_gib, b, sizeof b), "ram", FMT(x, "%.2f", d->ram_gib)));
        label(out, "cli.offload.bandwidth", 20);
        fprintf(out, "%.1f GB/s\n", r->host_bandwidth_gbs);
        label(out, "cli.offload.max", 20);
        if (r->max_gpu_layers > m->layers) fprintf(out, "%s\n", T("cli.offload.all"));
        else fprintf(out, "%lld\n", (long long)r->max_gpu_layers);
        if (r->has_timing) {
            label(out, "cli.offload.step", 20);
            fprintf(out, "%s\n", RL_MSG(line, "cli.offload.stepValue", "gpu", FMT(x, "%.4g", r->gpu_part_ms), "host",
                                        FMT(y, "%.4g", r->host_part_ms)));
        }
    }

    if (d->nodes > 1 || d->ep > 1 || r->dp_groups > 1) write_scale_out(out, d, r);
    if (r->disagg.on) write_disagg(out, r);

    fprintf(out, "\n%s\n", T("cli.budget.title"));
    label(out, "cli.budget.pool", 20);
    /* The engine's own pool of the whole GPU is no pool at all (llama.cpp's, gpt-fast's). */
    if (r->pool_of_free && r->free_after_reserves_gib <= 0)
        fprintf(out, "%s\n", RL_MSG(line, "cli.budget.poolFreeNone", "pool", gib(r->pool_gib, a, sizeof a), "engine",
                                    rl_engine_name(r->engine)));
    else if (r->pool_of_free)
        fprintf(out, "%s\n", RL_MSG(line, "cli.budget.poolFree", "pool", gib(r->pool_gib, a, sizeof a), "pct",
                                    FMT(x, "%.0f", r->pool_fraction * 100.0), "left",
                                    gib(r->free_after_reserves_gib, b, sizeof b), "engine", rl_engine_name(r->engine)));
    else if (r->pool_of_start)
        fprintf(out, "%s\n", RL_MSG(line, "cli.budget.poolStart", "pool", gib(r->pool_gib, a, sizeof a), "pct",
                                    FMT(x, "%.0f", r->pool_fraction * 100.0), "left",
                                    gib(r->free_at_start_gib, b, sizeof b), "engine", rl_engine_name(r->engine)));
    else if (d->pool_fraction == 0 && r->pool_fraction >= 1.0)
        fprintf(out, "%s\n", RL_MSG(line, "cli.budget.noPool", "pool", gib(r->pool_gib, a, sizeof a), "engine", rl_engine_name(r->engine)));
    else
        fprintf(out, "%s\n", RL_MSG(line, "cli.budget.poolValue", "pool", gib(r->pool_gib, a, sizeof a), "pct",
                                    FMT(x, "%.0f", r->pool_fraction * 100.0)));
    label(out, "cli.budget.context", 20);
    fprintf(out, "%s\n", gib(r->reserve_context_gib, a, sizeof a));
    if (d->tp * d->pp > 1) {
        label(out, "cli.budget.nccl", 20);
        fprintf(out, "%s\n", gib(r->reserve_nccl_gib, a, sizeof a));
    }
    label(out, "cli.budget.overhead", 20);
    fprintf(out, "%s (%.0f%%)\n", gib(r->reserve_weights_gib, a, sizeof a), d->weight_overhead * 100.0);
    label(out, "cli.budget.activations", 20);
    if (r->pool_of_start)
        fprintf(out, "%s\n", RL_MSG(line, "cli.budget.activationsOutside", "engine", rl_engine_name(r->engine)));
    else {
        /* The chunk chosen, or the engine's own (which for gpt-fast is the whole prompt); a step longer than the
         * prompt is the whole chunk an engine keeps room for however short the prompt (rl_engine_steps_whole_chunk). */
        const char *code = r->activation_tokens > d->seq ? "cli.budget.activationsPastPrompt"
                           : d->prefill_chunk > 0        ? "cli.budget.activationsValue"
                           : rl_engine_chunk(r->engine, g->vram_gib, g->name) > 0 ? "cli.budget.activationsEngine"
                                                                                   : "cli.budget.activationsWhole";
        /* Where the step peaks (its output layer, when the engine computes every token's logits), and where the
         * batch's logits live. */
        char more[256];
        snprintf(more, sizeof more, "%s%s", r->activation_at_logits ? T("cli.budget.peakLogits") : "",
                 T(r->logits_on_host ? "cli.budget.logitsHost" : "cli.budget.logitsBatch"));
        fprintf(out, "%s\n", RL_MSG(line, code, "gib", gib(r->activation_gib, a, sizeof a), "chunk",
                                    FMT(x, "%lld", (long long)r->activation_tokens),
                                    "engine", rl_engine_name(r->engine), "more", more));
    }
    label(out, "cli.budget.room", 20);
    fprintf(out, "%s\n", rl_fmt_room_gib(r->kv_room_gib, line, sizeof line));
}

static void print_bottleneck(FILE *out, const rl_result *r) {
    char a[32], b[32], x[32], y[32], z[32], line[512];
    fprintf(out, "\n%s\n", T("cli.bottleneck.title"));
    if (!r->has_timing) {
        fprintf(out, "  %s\n", T("cli.bottleneck.none"));
        return;
    }
    label(out, "cli.bottleneck.ai", 21);
    if (r->ridge > 0) {
        fprintf(out, "%s\n", RL_MSG(line, "cli.bottleneck.aiValue", "ai", FMT(x, "%.4g", r->ai), "ridge", FMT(y, "%.4g", r->ridge),
                                    "bound", bound_word(r->bound)));
        label(out, "cli.bottleneck.roof", 21);
        fprintf(out, "%s\n", RL_MSG(line, "cli.bottleneck.roofValue", "precision", rl_precision_name(r->compute_precision), "peak",
                                    FMT(x, "%.4g", r->peak_tflops), "pct", FMT(y, "%.2f", r->ceiling_fraction * 100.0)));
    } else {
        fprintf(out, "%s\n", RL_MSG(line, "cli.bottleneck.aiNoRidge", "ai", FMT(x, "%.4g", r->ai)));
    }
    label(out, "cli.bottleneck.step", 21);
    fprintf(out, "%s\n", RL_MSG(line, "cli.bottleneck.stepValue", "atLeast", r->times_are_bandwidth_floors ? T("cli.atLeast") : "",
                                "step", FMT(x, "%.4g", r->step_ms), "perToken", FMT(y, "%.4g", r->ms_per_token), "tps",
                                nice(r->tokens_per_s, a, sizeof a), "atMost", r->times_are_bandwidth_floors ? T("cli.atMost") : ""));
    label(out, "cli.bottleneck.prefillAi", 21);
    fprintf(out, "%s\n", RL_MSG(line, "cli.bottleneck.prefillAiValue", "ai", FMT(x, "%.4g", r->prefill_ai), "bound",
                                bound_word(r->prefill_bound)));
    if (r->prefill_ms > 0) {
        label(out, "cli.bottleneck.prefill", 21);
        fprintf(out, "%s%s\n", RL_MSG(line, "cli.bottleneck.prefillValue", "ms", FMT(x, "%.4g", r->prefill_ms), "tps",
                                      nice(r->prefill_tokens_per_s, b, sizeof b), "ttft", FMT(z, "%.4g", r->ttft_ms)),
                r->disagg.on ? T("cli.disagg.notThisTtft") : "");
    }
}

/* Expected beside the floor: the realistic estimate with its band (only when it fits). */
static void print_expected(const sink *s, const rl_gpu *g, const rl_deploy *d, const rl_result *r) {
    if (!r->has_realistic) return;
    const rl_realistic *x = &r->realistic;
    char a[32], b[32], c[32], v[6][32], line[512], parts[3][160];
    sink_title(s, RL_MSG(line, "cli.expected.title", "engine", rl_engine_name(x->engine), "uncalibrated",
                         x->calibrated ? "" : T("cli.expected.uncalibrated")));
    /* A tight fit: the engine runs only the requests its budget holds, and the figures are for those. */
    if (x->batch < d->batch)
        sink_line(s, "cli.expected.batch", RL_MSG(line, "cli.expected.batchValue", "n", FMT(v[0], "%lld", (long long)x->batch), "of",
                                                  FMT(v[1], "%lld", (long long)d->batch)));
    sink_line(s, "cli.expected.step", RL_MSG(line, "cli.expected.stepValue", "step", FMT(v[0], "%.4g", x->step_ms), "low",
                                             FMT(v[1], "%.4g", x->step_ms_low), "high", FMT(v[2], "%.4g", x->step_ms_high), "floor",
                                             FMT(v[3], "%.4g", x->floor_step_ms)));
    sink_line(s, "cli.expected.throughput", RL_MSG(line, "cli.expected.throughputValue", "perUser", nice(x->tokens_per_s_per_user, a, sizeof a),
                                                   "tps", nice(x->tokens_per_s, b, sizeof b), "floor", nice(r->tokens_per_s, c, sizeof c)));
    RL_MSG(parts[0], "cli.expected.inStepValue", "kernels", FMT(v[0], "%.3g", x->kernel_ms), "host", FMT(v[1], "%.3g", x->host_ms));
    parts[1][0] = parts[2][0] = '\0';
    if (d->tp > 1)
        RL_MSG(parts[1], "cli.expected.allreduce", "ms", FMT(v[0], "%.3g", x->allreduce_ms), "pct", FMT(v[1], "%.1f", x->allreduce_share * 100.0));
    if (d->pp > 1) RL_MSG(parts[2], "cli.expected.p2p", "ms", FMT(v[0], "%.3g", x->p2p_ms));
    snprintf(line, sizeof line, "%s%s%s", parts[0], parts[1], parts[2]);
    sink_line(s, "cli.expected.inStep", line);
    if (x->has_prefill) {
        RL_MSG(line, "cli.expected.prefillValue", "ms", FMT(v[0], "%.4g", x->prefill_ms), "ttft", FMT(v[1], "%.4g", x->ttft_ms), "floor",
               FMT(v[2], "%.4g", r->ttft_ms));
        /* Disaggregated, these are a decode instance prefilling alone; the deployment's first token is the pools' (above). */
        if (r->disagg.on) strncat(line, T("cli.disagg.notThisTtft"), sizeof line - strlen(line) - 1);
        sink_line(s, "cli.expected.prefill", line);
    }
    if (d->spec_tokens > 0)
        sink_line(s, "cli.expected.speculative",
                  RL_MSG(line, "cli.expected.speculativeValue", "tokens", FMT(v[0], "%lld", (long long)d->spec_tokens), "draft", d->draft.name,
                         "accept", FMT(v[1], "%.2f", d->spec_accept), "perStep", FMT(v[2], "%.3g", r->spec_tokens_per_step), "speedup",
                         FMT(v[3], "%.2f", r->spec_realistic_speedup), "slower", r->spec_realistic_speedup < 1.0 ? T("cli.expected.slower") : "",
                         "floor", FMT(v[4], "%.2f", r->spec_speedup)));
    rl_assumption as[RL_MAX_ASSUMPTIONS];
    char source[1024];
    size_t n = rl_realistic_assumptions(g, d, r->weight_precision, as, RL_MAX_ASSUMPTIONS);
    snprintf(line, sizeof line, s->md ? "%s" : "  %s", T("cli.expected.assumptions"));
    for (size_t i = 0; i < n && i < RL_MAX_ASSUMPTIONS; i++)
        sink_sources(s, line, as[i].name, as[i].value, as[i].unit, rl_msg_assumption_source(&as[i], r->engine, source, sizeof source), i == 0);
}

void rl_print_expected_md(FILE *out, const rl_gpu *g, const rl_deploy *d, const rl_result *r) {
    const sink s = {out, 1, 21};
    print_expected(&s, g, d, r);
}

void rl_print_report(FILE *out, const rl_model *m, const rl_gpu *g, const rl_deploy *d, const rl_result *r) {
    char a[64], b[64], v[6][32], line[768];
    long long gpus = (long long)(d->tp * d->pp);
    fprintf(out, "%s\n", RL_MSG(line, "cli.header", "model", m->name, "gpus", FMT(v[0], "%lld", gpus), "gpu", g->name, "precision",
                                precision_label(m, d, r, b, sizeof b), "kv", rl_precision_name(r->kv_precision), "seq",
                                FMT(v[1], "%lld", (long long)d->seq), "batch", FMT(v[2], "%lld", (long long)d->batch)));
    print_fit(out, m, g, d, r);
    print_bottleneck(out, r);
    const sink text = {out, 0, 21};
    print_expected(&text, g, d, r);

    fprintf(out, "\n%s\n", T("cli.par.title"));
    if (d->tp == 1 && d->pp == 1) fprintf(out, "  %s\n", T("cli.par.one"));
    if (d->tp > 1)
        fprintf(out, "  %s\n", RL_MSG(line, "cli.par.tp", "tp", FMT(v[0], "%lld", (long long)d->tp), "mb",
                                      FMT(v[1], "%.4g", r->allreduce_bytes_per_gpu / 1e6), "share", FMT(v[2], "%.4g", r->kv_share)));
    if (d->pp > 1) {
        fprintf(out, "  %s\n", RL_MSG(line, "cli.par.pp", "pp", FMT(v[0], "%lld", (long long)d->pp), "micro",
                                      FMT(v[1], "%lld", (long long)r->micro_batches), "bubble", FMT(v[2], "%.1f", r->pp_bubble * 100.0)));
        /* The times and the speedup that compares two of them: only for a deployment that runs. */
        if (r->has_timing)
            fprintf(out, "  %s\n", RL_MSG(line, "cli.par.stage", "stage", FMT(v[0], "%.4g", r->pp_stage_ms), "drain",
                                          FMT(v[1], "%.4g", r->pp_drain_ms), "speedup", FMT(v[2], "%.3g", r->pp_speedup)));
    }

    fprintf(out, "\n%s\n", T("cli.paging.title"));
    if (d->kv_block > 0)
        fprintf(out, "  %s\n", RL_MSG(line, "cli.paging.on", "block", FMT(v[0], "%lld", (long long)d->kv_block), "tokens",
                                      FMT(v[1], "%lld", (long long)r->tokens_per_request), "padding",
                                      FMT(v[2], "%lld", (long long)r->padding_tokens), "waste", FMT(v[3], "%.1f", r->waste_fraction * 100.0)));
    else
        fprintf(out, "  %s\n", RL_MSG(line, "cli.paging.off", "seq", FMT(v[0], "%lld", (long long)d->seq)));

    print_list(out, "cli.warnings", r->warnings, RL_WARN_COUNT_, rl_msg_warning, m, d, r);
    print_list(out, "cli.remedies", r->remedies, RL_REMEDY_COUNT_, rl_msg_remedy, m, d, r);

    fprintf(out, "\n%s", T("cli.takeaway"));
    if (r->disagg.refused_pool == 1)
        RL_MSG(line, "cli.takeaway.prefill", "tp", FMT(v[0], "%lld", (long long)r->disagg.prefill_tp));
    else if (r->verdict == RL_WEIGHTS_DO_NOT_FIT)
        RL_MSG(line, "cli.takeaway.weights", "weights", gib(r->weights_gib, a, sizeof a), "vram", FMT(v[0], "%.2f", g->vram_gib));
    else if (r->verdict == RL_KV_DOES_NOT_FIT)
        /* The requests whose KV one GPU holds: the batch, or under dp_attention the busiest group's. */
        RL_MSG(line, "cli.takeaway.kv", "batch",
               FMT(v[0], "%lld", (long long)(r->dp_groups > 1 ? r->dp_requests_per_group : d->batch)), "kv", gib(r->kv_gib, a, sizeof a), "free",
               gib(r->free_gib, b, sizeof b), "max", FMT(v[1], "%lld", (long long)r->max_batch), "real",
               FMT(v[2], "%lld", (long long)r->max_batch_realistic));
    else if (r->verdict == RL_HOST_DOES_NOT_FIT)
        RL_MSG(line, "cli.takeaway.host", "host", gib(r->host_weights_gib + r->host_kv_gib, a, sizeof a), "ram",
               FMT(v[0], "%.2f", d->ram_gib));
    else if (r->verdict == RL_TIGHT && r->max_batch_realistic < 1)
        snprintf(line, sizeof line, "%s", T("cli.takeaway.tightNone"));
    else if (r->verdict == RL_TIGHT)
        RL_MSG(line, "cli.takeaway.tight", "max", FMT(v[0], "%lld", (long long)r->max_batch_realistic), "batch",
               FMT(v[1], "%lld", (long long)d->batch));
    else if (!r->has_timing) /* a fit the engine refuses (a lint finding): no bound was computed */
        snprintf(line, sizeof line, "%s", T("cli.takeaway.notTimed"));
    else if (r->bound == RL_BOUND_UNKNOWN)
        snprintf(line, sizeof line, "%s", T("cli.takeaway.unknown"));
    else if (r->bound == RL_BOUND_MEMORY && d->batch < r->max_batch_realistic)
        RL_MSG(line, "cli.takeaway.memory", "pct", FMT(v[0], "%.2f", r->ceiling_fraction * 100.0), "max",
               FMT(v[1], "%lld", (long long)r->max_batch_realistic));
    else if (r->bound == RL_BOUND_MEMORY)
        snprintf(line, sizeof line, "%s", T("cli.takeaway.memoryFull"));
    else
        snprintf(line, sizeof line, "%s", T("cli.takeaway.compute"));
    fprintf(out, "%s\n", line);
}

const char *rl_estimate_gpus(const rl_estimate *e, char *line, size_t cap) {
    char n[24];
    if (e->gpus_needed < 1) return rl_msg_fill(line, cap, "cli.est.gpusNone", (const char *const[]){NULL});
    return rl_msg_fill(line, cap, "cli.est.gpusValue", (const char *const[]){"n", FMT(n, "%lld", (long long)e->gpus_needed), NULL});
}

const char *rl_estimate_verdict(const rl_deploy *d, const rl_estimate *e, char *line, size_t cap) {
    char v[4][32], s[32];
    if (e->fits)
        return rl_msg_fill(line, cap, "cli.est.fitsOn", (const char *const[]){"gpus", FMT(v[0], "%lld", (long long)e->gpus), "tp",
                           FMT(v[1], "%lld", (long long)d->tp), "pp", FMT(v[2], "%lld", (long long)d->pp), NULL});
    if (e->gpus_needed < 1) return rl_msg_fill(line, cap, "cli.est.noGpu", (const char *const[]){"short", gib(e->shortfall_gib, s, sizeof s), NULL});
    return rl_msg_fill(line, cap, "cli.est.tooFew", (const char *const[]){"gpus", FMT(v[0], "%lld", (long long)e->gpus), "tp",
                       FMT(v[1], "%lld", (long long)d->tp), "pp", FMT(v[2], "%lld", (long long)d->pp), "n",
                       FMT(v[3], "%lld", (long long)e->gpus_needed), "short", gib(e->shortfall_gib, s, sizeof s), NULL});
}

void rl_print_estimate(FILE *out, const rl_gpu *g, const rl_deploy *d, const rl_estimate *e) {
    char line[512], v[4][32], key[40];
    if (e->from_index) {
        /* A config the core does not model, sized from its index: say so, and what is not modeled. */
        fprintf(out, "%s\n\n", RL_MSG(line, "cli.est.titleIndex", "params", FMT(v[0], "%.4g", e->params / 1e9), "gpu", g->name,
                                      "bytes", FMT(v[1], "%.0f", e->index_bytes)));
        static char text[RL_ERROR_MESSAGE_MAX + 256];
        label(out, "cli.est.unmodeled", 20);
        fprintf(out, "%s\n", rl_msg_error(&e->unmodeled, e->unmodeled.field, text, sizeof text));
    } else {
        fprintf(out, "%s\n\n", RL_MSG(line, "cli.est.title", "params", FMT(v[0], "%.4g", e->params / 1e9), "gpu", g->name));
    }
    label(out, "cli.fit.weights", 20);
    fprintf(out, "%s\n", RL_MSG(line, "cli.est.weightsValue", "gib", FMT(v[0], "%.2f", e->weights_gib), "bytes",
                                FMT(v[1], "%.3g", e->bytes_per_param)));
    label(out, "cli.est.usable", 20);
    fprintf(out, "%s\n", rl_fmt_room_gib(e->usable_gib_per_gpu, line, sizeof line)); /* "none: 3.14 GiB over" below zero */
    label(out, "cli.est.gpus", 20);
    fprintf(out, "%s\n", rl_estimate_gpus(e, line, sizeof line));
    /* The deployment asked for (tp × pp GPUs): enough for the weights or not, the exit code's answer. */
    label(out, "cli.fit.verdict", 20);
    fprintf(out, "%s\n", rl_estimate_verdict(d, e, line, sizeof line));
    if (!e->fits) {
        /* No intensity, roof or lever for weights that do not fit: there is no throughput to give. The ways
         * out are the full analysis's remedies, in its sentences. */
        label(out, "cli.est.bottleneck", 20);
        fprintf(out, "%s\n", T("cli.bottleneck.none"));
        rl_result ways;
        rl_estimate_ways_out(e, &ways);
        print_list(out, "cli.remedies", ways.remedies, RL_REMEDY_COUNT_, rl_msg_remedy, NULL, d, &ways);
        return;
    }
    label(out, "cli.est.ai", 20);
    fprintf(out, "%s\n", RL_MSG(line, "cli.est.aiValue", "ai", FMT(v[0], "%.4g", e->decode_ai), "batch", FMT(v[1], "%lld", (long long)d->batch)));
    if (e->ridge > 0) {
        label(out, "cli.md.ridge", 20);
        fprintf(out, "%s\n", RL_MSG(line, "cli.bottleneck.prefillAiValue", "ai", FMT(v[0], "%.4g", e->ridge), "bound", bound_word(e->bound)));
    }
    label(out, "cli.est.attainable", 20);
    fprintf(out, "%.4g TFLOPS\n", e->attainable_tflops);
    if (e->lever_count > 0) {
        fprintf(out, "\n%s\n", T("cli.est.levers"));
        for (int i = 0; i < e->lever_count; i++) {
            snprintf(key, sizeof key, "%s", rl_lever_code(e->lever_order[i]));
            fprintf(out, "  %d. %-22s %s\n", i + 1, key,
                    RL_MSG(line, "cli.est.upTo", "gain", FMT(v[0], "%.3g", e->lever_gain[e->lever_order[i]])));
        }
    }
}

/* The cost, line by line with the arithmetic in it, then where every figure came from. */
static void print_cost(const sink *s, const rl_cost *c) {
    if (c == NULL || !c->present) return;
    char a[32], line[768], v[12][32];
    double G = (double)c->gpus;
    sink_title(s, RL_MSG(line, "cli.cost.title", "basis", T(c->realistic ? "cli.cost.realistic" : "cli.cost.floor"), "days",
                         FMT(v[0], "%.0f", c->days_per_month)));
    sink_line(s, "cli.cost.workload", RL_MSG(line, "cli.cost.workloadValue", "rpd", FMT(v[0], "%lld", (long long)c->requests_per_day), "in",
                                             FMT(v[1], "%lld", (long long)c->input_tokens), "out", FMT(v[2], "%lld", (long long)c->output_tokens),
                                             "mtokIn", FMT(v[3], "%.4g", c->mtok_in_per_month), "mtokOut", FMT(v[4], "%.4g", c->mtok_out_per_month)));
    sink_line(s, "cli.cost.active", RL_MSG(line, "cli.cost.activeValue", "hours", FMT(v[0], "%.4g", c->active_hours_per_month), "secs",
                                           FMT(v[1], "%.4g", c->hours_per_request * 3600.0), "cap", nice(c->capacity_requests_per_day, a, sizeof a)));
    /* More traffic than one deployment's 720 hours: every option runs that many copies (buy owns them all month). */
    if (c->replicas > 1) sink_more(s, RL_MSG(line, "cli.cost.replicas", "n", FMT(v[0], "%lld", (long long)c->replicas)));
    /* Disaggregated: the deployment is both pools, held for 1 / the rate the binding pool sustains (cost.c). */
    if (c->disagg)
        sink_more(s, RL_MSG(line, "cli.cost.disagg", "prefill", FMT(v[0], "%lld", (long long)c->prefill_gpus), "decode",
                            FMT(v[1], "%lld", (long long)c->decode_gpus), "rps", FMT(v[2], "%.4g", c->sustained_requests_per_s),
                            "pool", T(c->limited_by == 1 ? "cli.cost.poolPrefill" : "cli.cost.poolDecode")));
    sink_line(s, "cli.cost.perUser", RL_MSG(line, "cli.cost.perUserValue", "tps", FMT(v[0], "%.4g", c->tokens_per_s_user), "step",
                                            FMT(v[1], "%.4g", c->loaded_step_ms), "base", FMT(v[2], "%.4g", c->step_ms), "others",
                                            FMT(v[3], "%.4g", c->loaded_step_ms - c->step_ms)));
    if (c->has_buy) {
        sink_line(s, "cli.cost.buy", RL_MSG(line, "cli.cost.buyValue", "monthly", FMT(v[0], "%.2f", c->buy_monthly_usd), "dep",
                                            FMT(v[1], "%.2f", c->depreciation_usd_per_month), "price", FMT(v[2], "%.0f", c->hardware_usd), "gpus",
                                            FMT(v[3], "%lld", (long long)c->gpus), "replicas", c->replicas > 1 ? T("cli.cost.xReplicas") : "",
                                            "resale", FMT(v[4], "%.2f", c->resale_fraction), "months", FMT(v[5], "%.0f", c->months)));
        sink_more(s, RL_MSG(line, "cli.cost.energy", "energy", FMT(v[0], "%.2f", c->energy_usd_per_month), "kwh",
                            FMT(v[1], "%.4g", c->energy_kwh_per_month), "hours", FMT(v[2], "%.4g", c->active_hours_per_month), "active",
                            FMT(v[3], "%.4g", c->active_watts), "idleHours", FMT(v[4], "%.4g", c->idle_hours_per_month), "idle",
                            FMT(v[5], "%.4g", c->idle_watts), "gpus", FMT(v[6], "%lld", (long long)c->gpus), "kwhPrice",
                            FMT(v[7], "%.4g", c->usd_per_kwh)));
        sink_more(s, RL_MSG(line, "cli.cost.perMtok", "usd", FMT(v[0], "%.4g", c->buy_usd_per_mtok_out)));
    }
    if (c->has_cloud)
        sink_line(s, "cli.cost.cloud", RL_MSG(line, "cli.cost.cloudValue", "monthly", FMT(v[0], "%.2f", c->cloud_monthly_usd), "hours",
                                              FMT(v[1], "%.4g", c->active_hours_per_month), "gpus", FMT(v[2], "%.0f", G), "rate",
                                              FMT(v[3], "%.4g", c->usd_per_gpu_hour), "boot", FMT(v[4], "%.3g", c->boot_factor), "mtok",
                                              FMT(v[5], "%.4g", c->cloud_usd_per_mtok_out)));
    if (c->has_api)
        sink_line(s, "cli.cost.api", RL_MSG(line, "cli.cost.apiValue", "monthly", FMT(v[0], "%.2f", c->api_monthly_usd), "mtokIn",
                                            FMT(v[1], "%.4g", c->mtok_in_per_month), "priceIn", FMT(v[2], "%.4g", c->api_usd_per_mtok_in), "mtokOut",
                                            FMT(v[3], "%.4g", c->mtok_out_per_month), "priceOut", FMT(v[4], "%.4g", c->api_usd_per_mtok_out), "mtok",
                                            FMT(v[5], "%.4g", c->api_usd_per_mtok_out_effective)));
    if (c->has_buy) {
        if (c->has_breakeven_cloud || c->has_cloud)
            sink_line(s, "cli.cost.breakEven", c->has_breakeven_cloud
                                                   ? RL_MSG(line, "cli.cost.beatsCloud", "n", nice(c->breakeven_cloud_requests_per_day, a, sizeof a))
                                                   : T("cli.cost.neverCloud"));
        if (c->has_breakeven_api || c->has_api)
            sink_line(s, "cli.cost.breakEven", c->has_breakeven_api
                                                   ? RL_MSG(line, "cli.cost.beatsApi", "n", nice(c->breakeven_api_requests_per_day, a, sizeof a))
                                                   : T("cli.cost.neverApi"));
    }
    for (unsigned b = 0; b < RL_COST_MISSING_COUNT_; b++)
        if (c->missing & (1u << b)) sink_line(s, "cli.cost.missing", RL_MSG(line, "cli.cost.missingValue", "what", rl_cost_missing_name(b)));
    fprintf(s->out, s->md ? "\n### %s\n\n" : "\n%s\n", T("cli.cost.sources"));
    for (int i = 0; i < c->assumption_count; i++) {
        const rl_cost_assumption *x = &c->assumptions[i];
        /* Worded from its codes; a board power standing in for a wall power says so before its source. */
        fprintf(s->out, s->md ? "- `%s` = %.6g %s: %s\n" : "  - %s = %.6g %s: %s\n", x->name, x->value, rl_msg_unit(x->unit),
                rl_msg_cost_source(x, c, line, sizeof line));
    }
}

void rl_print_cost(FILE *out, const rl_cost *c) {
    const sink s = {out, 0, 20};
    print_cost(&s, c);
}

void rl_print_cost_md(FILE *out, const rl_cost *c) {
    const sink s = {out, 1, 20};
    print_cost(&s, c);
}
