#include "report_text.h"

#include <math.h>

/* GiB with the digits a reader needs: small values keep four significant digits. */
static const char *gib(double v, char *buf, size_t cap) {
    if (fabs(v) < 1.0 && v != 0.0) snprintf(buf, cap, "%.4g GiB", v);
    else snprintf(buf, cap, "%.2f GiB", v);
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

static void print_list(FILE *out, const char *title, unsigned bits, unsigned n,
                       size_t (*text)(unsigned, const rl_model *, const rl_deploy *, const rl_result *, char *, size_t),
                       const rl_model *m, const rl_deploy *d, const rl_result *r) {
    if (bits == 0) return;
    fprintf(out, "\n%s\n", title);
    char line[512];
    for (unsigned b = 0; b < n; b++) {
        if (!(bits & (1u << b))) continue;
        text(b, m, d, r, line, sizeof line);
        fprintf(out, "  - %s\n", line);
    }
}

static const char *precision_label(const rl_model *m, const rl_deploy *d, const rl_result *r, char *buf, size_t cap) {
    if (d->precision != RL_PREC_AUTO) snprintf(buf, cap, "%s", rl_precision_name(r->weight_precision));
    else if (m->quant == RL_QUANT_MXFP4) snprintf(buf, cap, "mxfp4 experts + %s (checkpoint)", rl_precision_name(r->weight_precision));
    else snprintf(buf, cap, "%s (checkpoint)", rl_precision_name(r->weight_precision));
    return buf;
}

static void print_fit(FILE *out, const rl_model *m, const rl_gpu *g, const rl_deploy *d, const rl_result *r) {
    char a[64], b[64], c[64];
    if (g->unified)
        fprintf(out, "\nFit (the GPU may wire %.2f GiB of the %.2f GiB unified memory)\n", g->vram_gib, g->ram_gib);
    else
        fprintf(out, "\nFit (per GPU, %.2f GiB each)\n", g->vram_gib);
    fprintf(out, "  parameters          %s total, %s active\n", count(m->params_total, a, sizeof a),
            count(m->params_active, b, sizeof b));
    fprintf(out, "  weights             %s\n", gib(r->weights_gib, a, sizeof a));
    fprintf(out, "  KV per request      %s (%.0f bytes/token over %lld tokens%s)\n", gib(r->kv_gib_per_request, a, sizeof a),
            r->kv_bytes_per_token, (long long)r->tokens_per_request,
            m->sliding_layers > 0 ? ", sliding windows applied" : "");
    fprintf(out, "  KV for the batch    %s\n", gib(r->kv_gib, a, sizeof a));
    fprintf(out, "  free after weights  %s\n", gib(r->free_gib, a, sizeof a));
    fprintf(out, "  max batch           %lld (floor), %lld (realistic)\n", (long long)r->max_batch,
            (long long)r->max_batch_realistic);
    if (r->verdict == RL_WEIGHTS_DO_NOT_FIT)
        fprintf(out, "  verdict             DOES NOT FIT: the weights need %s, the GPU has %s (short by %s)\n",
                gib(r->weights_gib, a, sizeof a), gib(g->vram_gib, b, sizeof b), gib(r->shortfall_gib, c, sizeof c));
    else if (r->verdict == RL_KV_DOES_NOT_FIT)
        fprintf(out, "  verdict             DOES NOT FIT: the KV cache needs %s, %s is free (short by %s)\n",
                gib(r->kv_gib, a, sizeof a), gib(r->free_gib, b, sizeof b), gib(r->shortfall_gib, c, sizeof c));
    else if (r->verdict == RL_HOST_DOES_NOT_FIT)
        fprintf(out, "  verdict             DOES NOT FIT: the host part needs %s of RAM, there is %.2f GiB (short by %s)\n",
                gib(r->host_weights_gib + r->host_kv_gib, a, sizeof a), d->ram_gib, gib(r->shortfall_gib, c, sizeof c));
    else if (r->verdict == RL_TIGHT)
        fprintf(out, "  verdict             TIGHT: fits the floor, but the realistic budget lacks %s\n",
                gib(r->missing_gib, a, sizeof a));
    else
        fprintf(out, "  verdict             fits\n");
    if (r->offload) {
        fprintf(out, "\nOffload (llama.cpp -ngl %lld: %lld of %lld layers on the GPU)\n", (long long)d->gpu_layers,
                (long long)r->layers_on_gpu, (long long)m->layers);
        fprintf(out, "  host RAM            %s weights + %s KV of %.2f GiB\n", gib(r->host_weights_gib, a, sizeof a),
                gib(r->host_kv_gib, b, sizeof b), d->ram_gib);
        fprintf(out, "  host bandwidth      %.1f GB/s\n", r->host_bandwidth_gbs);
        if (r->max_gpu_layers > m->layers) fprintf(out, "  largest -ngl        every layer fits the GPU\n");
        else fprintf(out, "  largest -ngl        %lld\n", (long long)r->max_gpu_layers);
        if (r->has_timing)
            fprintf(out, "  decode step floor   %.4g ms on the GPU + %.4g ms in host RAM\n", r->gpu_part_ms, r->host_part_ms);
    }

    fprintf(out, "\nRealistic budget (per GPU)\n");
    fprintf(out, "  engine pool         %s (%.0f%% of the GPU)\n", gib(r->pool_gib, a, sizeof a), d->pool_fraction * 100.0);
    fprintf(out, "  context reserve     %s\n", gib(r->reserve_context_gib, a, sizeof a));
    if (d->tp * d->pp > 1) fprintf(out, "  NCCL buffers        %s\n", gib(r->reserve_nccl_gib, a, sizeof a));
    fprintf(out, "  weight overhead     %s (%.0f%%)\n", gib(r->reserve_weights_gib, a, sizeof a), d->weight_overhead * 100.0);
    fprintf(out, "  activations         %s (a %lld-token prefill chunk + the batch's logits)\n",
            gib(r->activation_gib, a, sizeof a), (long long)(d->prefill_chunk < d->seq ? d->prefill_chunk : d->seq));
    fprintf(out, "  room for KV         %s\n", gib(r->kv_room_gib, a, sizeof a));
}

static void print_bottleneck(FILE *out, const rl_result *r) {
    fprintf(out, "\nBottleneck\n");
    if (!r->has_timing) {
        fprintf(out, "  not computed: this deployment cannot run, so there is no time or throughput to give\n");
        return;
    }
    const char *at_least = r->times_are_bandwidth_floors ? "at least " : "";
    if (r->ridge > 0) {
        fprintf(out, "  arithmetic intensity %.4g FLOP/byte, ridge %.4g FLOP/byte: %s-bound\n", r->ai, r->ridge,
                rl_bound_name(r->bound));
        fprintf(out, "  compute roof         %s, %.4g TFLOPS; decode reaches %.2f%% of it\n",
                rl_precision_name(r->compute_precision), r->peak_tflops, r->ceiling_fraction * 100.0);
    } else {
        fprintf(out, "  arithmetic intensity %.4g FLOP/byte; no sourced TFLOPS, so the bound is not classified\n", r->ai);
    }
    char a[32], b[32];
    fprintf(out, "  decode step floor    %s%.4g ms: %.4g ms/token, %s tokens/s aggregate%s\n", at_least, r->step_ms,
            r->ms_per_token, nice(r->tokens_per_s, a, sizeof a), r->times_are_bandwidth_floors ? " at most" : "");
    fprintf(out, "  prefill intensity    %.4g FLOP/byte: %s-bound\n", r->prefill_ai, rl_bound_name(r->prefill_bound));
    if (r->prefill_ms > 0)
        fprintf(out, "  prefill              %.4g ms (%s tokens/s); time to first token %.4g ms\n", r->prefill_ms,
                nice(r->prefill_tokens_per_s, b, sizeof b), r->ttft_ms);
}

/* Expected beside the floor: the realistic estimate with its band (only when it fits). */
static void print_expected(FILE *out, const rl_gpu *g, const rl_deploy *d, const rl_result *r) {
    if (!r->has_realistic) return;
    const rl_realistic *x = &r->realistic;
    char a[32], b[32];
    fprintf(out, "\nExpected (%s%s)\n", rl_engine_name(x->engine),
            x->calibrated ? "" : "; not calibrated: no measured run of this engine on this GPU family");
    fprintf(out, "  decode step          expected %.4g ms (band %.4g to %.4g) vs floor %.4g ms\n", x->step_ms,
            x->step_ms_low, x->step_ms_high, r->step_ms);
    fprintf(out, "  throughput           expected %s tokens/s per user, %s aggregate (floor %s)\n",
            nice(x->tokens_per_s_per_user, a, sizeof a), nice(x->tokens_per_s, b, sizeof b),
            nice(r->tokens_per_s, (char[32]){0}, 32));
    fprintf(out, "  in the step          kernels %.3g ms, host %.3g ms", x->kernel_ms, x->host_ms);
    if (d->tp > 1) fprintf(out, ", AllReduce %.3g ms (%.1f%% of the step)", x->allreduce_ms, x->allreduce_share * 100.0);
    if (d->pp > 1) fprintf(out, ", pipeline transfers %.3g ms", x->p2p_ms);
    fprintf(out, "\n");
    if (x->has_prefill)
        fprintf(out, "  prefill              expected %.4g ms; time to first token %.4g ms (floor %.4g ms)\n", x->prefill_ms,
                x->ttft_ms, r->ttft_ms);
    if (d->spec_tokens > 0)
        fprintf(out, "  speculative          %lld draft tokens (%s) at acceptance %.2f: %.3g tokens per step, "
                     "expected speed-up %.2fx%s (floor %.2fx)\n",
                (long long)d->spec_tokens, d->draft.name, d->spec_accept, r->spec_tokens_per_step,
                r->spec_realistic_speedup, r->spec_realistic_speedup < 1.0 ? ", SLOWER than without it" : "",
                r->spec_speedup);
    rl_assumption as[RL_MAX_ASSUMPTIONS];
    size_t n = rl_realistic_assumptions(g, d, r->weight_precision, as, RL_MAX_ASSUMPTIONS);
    fprintf(out, "  assumptions:\n");
    for (size_t i = 0; i < n && i < RL_MAX_ASSUMPTIONS; i++)
        fprintf(out, "    %-24s %.4g %s: %s\n", as[i].name, as[i].value, as[i].unit, as[i].source);
}

void rl_print_report(FILE *out, const rl_model *m, const rl_gpu *g, const rl_deploy *d, const rl_result *r) {
    char a[64], b[64];
    long long gpus = (long long)(d->tp * d->pp);
    fprintf(out, "%s on %lld x %s (%s weights, %s KV, context %lld, batch %lld)\n", m->name, gpus, g->name,
            precision_label(m, d, r, b, sizeof b), rl_precision_name(r->kv_precision), (long long)d->seq,
            (long long)d->batch);
    print_fit(out, m, g, d, r);
    print_bottleneck(out, r);
    print_expected(out, g, d, r);

    fprintf(out, "\nParallelism\n");
    if (d->tp == 1 && d->pp == 1) fprintf(out, "  one GPU (tp 1, pp 1)\n");
    if (d->tp > 1)
        fprintf(out, "  tp %lld: AllReduce lower bound %.4g MB per step per GPU (ideal ring; not in the floor); each GPU holds %.4g of each request's KV\n",
                (long long)d->tp, r->allreduce_bytes_per_gpu / 1e6, r->kv_share);
    if (d->pp > 1) {
        fprintf(out, "  pp %lld with %lld micro-batches: bubble %.1f%%, speedup vs one GPU %.3gx\n", (long long)d->pp,
                (long long)r->micro_batches, r->pp_bubble * 100.0, r->pp_speedup);
        if (r->has_timing) fprintf(out, "  stage %.4g ms, drain %.4g ms\n", r->pp_stage_ms, r->pp_drain_ms);
    }

    fprintf(out, "\nPaging\n");
    if (d->kv_block > 0)
        fprintf(out, "  %lld-token blocks: %lld tokens per request, %lld padding, %.1f%% waste\n", (long long)d->kv_block,
                (long long)r->tokens_per_request, (long long)r->padding_tokens, r->waste_fraction * 100.0);
    else
        fprintf(out, "  off: each request holds exactly its %lld tokens\n", (long long)d->seq);

    print_list(out, "Warnings", r->warnings, RL_WARN_COUNT_, rl_warning_text, m, d, r);
    print_list(out, "Ways out", r->remedies, RL_REMEDY_COUNT_, rl_remedy_text, m, d, r);

    fprintf(out, "\nTakeaway: ");
    if (r->verdict == RL_WEIGHTS_DO_NOT_FIT)
        fprintf(out, "it can't run: the weights alone need %s per GPU, more than the %.2f GiB there is.\n",
                gib(r->weights_gib, a, sizeof a), g->vram_gib);
    else if (r->verdict == RL_KV_DOES_NOT_FIT)
        fprintf(out, "it can't run: %lld requests need %s of KV cache and only %s is free; at most %lld fit.\n",
                (long long)d->batch, gib(r->kv_gib, a, sizeof a), gib(r->free_gib, b, sizeof b), (long long)r->max_batch);
    else if (r->verdict == RL_HOST_DOES_NOT_FIT)
        fprintf(out, "it can't run: the layers left in host RAM need %s, more than the %.2f GiB there is.\n",
                gib(r->host_weights_gib + r->host_kv_gib, a, sizeof a), d->ram_gib);
    else if (r->verdict == RL_TIGHT)
        fprintf(out, "tight: it fits on paper, but after the runtime reserve only %lld requests fit; expect the engine to refuse or preempt at batch %lld.\n",
                (long long)r->max_batch_realistic, (long long)d->batch);
    else if (r->bound == RL_BOUND_UNKNOWN)
        fprintf(out, "fits; with no sourced TFLOPS the times are bandwidth floors: real decode is at least this slow.\n");
    else if (r->bound == RL_BOUND_MEMORY && d->batch < r->max_batch_realistic)
        fprintf(out, "fits; decode is memory-bound at %.2f%% of peak compute, so a bigger batch (up to %lld) buys throughput almost free.\n",
                r->ceiling_fraction * 100.0, (long long)r->max_batch_realistic);
    else if (r->bound == RL_BOUND_MEMORY)
        fprintf(out, "fits; decode is memory-bound and the batch is at its memory limit: fewer bytes per weight or KV, or more GPUs, buy throughput.\n");
    else
        fprintf(out, "fits; decode is compute-bound: more batch adds latency, not throughput.\n");
}

void rl_print_estimate(FILE *out, const rl_gpu *g, const rl_deploy *d, const rl_estimate *e) {
    fprintf(out,
            "%.4g B parameters on %s, estimated from the size alone (less exact than a config.json:\n"
            "no KV cache, attention or MoE is counted)\n\n",
            e->params / 1e9, g->name);
    fprintf(out, "  weights             %.2f GiB at %.3g bytes/param\n", e->weights_gib, e->bytes_per_param);
    fprintf(out, "  usable per GPU      %.2f GiB\n", e->usable_gib_per_gpu);
    fprintf(out, "  GPUs needed         %lld (for the weights; the KV cache needs more)\n", (long long)e->gpus_needed);
    fprintf(out, "  decode intensity    %.4g FLOP/byte at batch %lld (B / bytes per param)\n", e->decode_ai,
            (long long)d->batch);
    if (e->ridge > 0) fprintf(out, "  ridge               %.4g FLOP/byte: %s-bound\n", e->ridge, rl_bound_name(e->bound));
    fprintf(out, "  attainable          %.4g TFLOPS\n", e->attainable_tflops);
    if (e->lever_count > 0) {
        fprintf(out, "\nLevers, most effect first:\n");
        for (int i = 0; i < e->lever_count; i++)
            fprintf(out, "  %d. %-22s up to %.3gx\n", i + 1, rl_lever_code(e->lever_order[i]),
                    e->lever_gain[e->lever_order[i]]);
    }
}

/* The cost, line by line with the arithmetic in it, then where every figure came from. */
void rl_print_cost(FILE *out, const rl_cost *c) {
    if (c == NULL || !c->present) return;
    char a[32];
    double G = (double)c->gpus;
    fprintf(out, "\nCost (%s; a month is %.0f days)\n",
            c->realistic ? "on the realistic estimate" : "on the roofline floor: real engines take longer",
            c->days_per_month);
    fprintf(out, "  workload            %lld requests/day, %lld in + %lld out tokens: %.4g Mtok in, %.4g Mtok out a month\n",
            (long long)c->requests_per_day, (long long)c->input_tokens, (long long)c->output_tokens, c->mtok_in_per_month,
            c->mtok_out_per_month);
    fprintf(out, "  active hours        %.4g h/month (%.4g s of the deployment per request; one serves up to %s requests/day)\n",
            c->active_hours_per_month, c->hours_per_request * 3600.0, nice(c->capacity_requests_per_day, a, sizeof a));
    if (c->has_buy) {
        fprintf(out, "  buy                 $%.2f/month = depreciation $%.2f ($%.0f x %lld GPU(s)%s x (1 - %.2f) / %.0f months)\n",
                c->buy_monthly_usd, c->depreciation_usd_per_month, c->hardware_usd, (long long)c->gpus,
                c->replicas > 1 ? " x replicas" : "", c->resale_fraction, c->months);
        fprintf(out, "                      + energy $%.2f (%.4g kWh: %.4g h at %.4g W + %.4g idle h at %.4g W, x %lld, at $%.4g/kWh)\n",
                c->energy_usd_per_month, c->energy_kwh_per_month, c->active_hours_per_month, c->active_watts,
                c->idle_hours_per_month, c->idle_watts, (long long)c->gpus, c->usd_per_kwh);
        if (c->replicas > 1)
            fprintf(out, "                      %lld deployments: the traffic needs more than one's 720 hours a month\n",
                    (long long)c->replicas);
        fprintf(out, "                      $%.4g per million output tokens\n", c->buy_usd_per_mtok_out);
    }
    if (c->has_cloud)
        fprintf(out, "  cloud               $%.2f/month = %.4g h x %.0f GPU(s) x $%.4g/GPU-hour x %.3g boot factor; $%.4g per million output tokens\n",
                c->cloud_monthly_usd, c->active_hours_per_month, G, c->usd_per_gpu_hour, c->boot_factor,
                c->cloud_usd_per_mtok_out);
    if (c->has_api)
        fprintf(out, "  API                 $%.2f/month = %.4g Mtok x $%.4g + %.4g Mtok x $%.4g; $%.4g per million output tokens\n",
                c->api_monthly_usd, c->mtok_in_per_month, c->api_usd_per_mtok_in, c->mtok_out_per_month,
                c->api_usd_per_mtok_out, c->api_usd_per_mtok_out_effective);
    if (c->has_buy) {
        if (c->has_breakeven_cloud)
            fprintf(out, "  break-even          buying beats the cloud above %s requests/day\n",
                    nice(c->breakeven_cloud_requests_per_day, a, sizeof a));
        else if (c->has_cloud)
            fprintf(out, "  break-even          buying never beats the cloud within one deployment's capacity\n");
        if (c->has_breakeven_api)
            fprintf(out, "  break-even          buying beats the API above %s requests/day\n",
                    nice(c->breakeven_api_requests_per_day, a, sizeof a));
        else if (c->has_api)
            fprintf(out, "  break-even          buying never beats the API within one deployment's capacity\n");
    }
    for (unsigned b = 0; b < RL_COST_MISSING_COUNT_; b++)
        if (c->missing & (1u << b))
            fprintf(out, "  missing             %s: no price preset has it; give it to see that option\n", rl_cost_missing_name(b));
    fprintf(out, "\nWhere each figure comes from\n");
    for (int i = 0; i < c->assumption_count; i++)
        fprintf(out, "  - %s = %.6g %s: %s\n", c->assumptions[i].name, c->assumptions[i].value, c->assumptions[i].unit,
                c->assumptions[i].source);
}
