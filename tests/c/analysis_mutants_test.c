/* Tests written to kill mutants of the analysis, the realistic estimate and the
 * engines (core/src/analyze.c, realistic.c, engines.c) that no vector reached:
 * outputs the vectors do not carry (rl_realistic_assumptions is not in the
 * oracle's report), and their boundaries. Every expected figure is the
 * specification's, written here by hand: the engine table of docs/formulas.md
 * "Realistic estimate" (η_bw 16-bit / quantized, t_kernel, α at tp 2/4/8,
 * t_host, band), which tests/oracle/engines.mjs transcribes too.
 * Usage: rl_analysis_mutants_test TESTS_CONFIGS_DIR (tests/configs, for a published config) */
#include "roofline.h"

#include <stdio.h>
#include <string.h>

static int passed, failures;
#define CHECK_FAILED failures
#include "check.h"

/* docs/formulas.md "Realistic estimate", the engine table; compute 0.81 and prefill 0.65 for every engine, 10 kernels per
 * dense layer and 13 per MoE layer. */
typedef struct engine_row {
    rl_engine e;
    const char *name;
    double bw16, bwq, kernel_us, alpha[3], host_ms, band_low, band_high;
} engine_row;
static const engine_row ROWS[] = {
    {RL_ENGINE_VLLM, "vllm", 0.89, 0.89, 4.5, {20, 20, 20}, 1.5, 0.75, 1.3},
    {RL_ENGINE_SGLANG, "sglang", 0.89, 0.89, 4.5, {2.8, 3.3, 3.6}, 1.5, 0.6, 1.6},
    {RL_ENGINE_TRT_LLM, "trt-llm", 0.8, 0.8, 3.0, {2.8, 3.3, 3.6}, 2.8, 0.75, 1.3},
    {RL_ENGINE_LLAMA_CPP, "llama.cpp", 0.82, 0.74, 7.3, {8.8, 16.4, 31.6}, 0.35, 0.8, 1.3},
    {RL_ENGINE_GPT_FAST, "gpt-fast", 0.75, 0.50, 3.0, {7, 11, 17}, 0.6, 0.72, 1.3},
};

static int near(double a, double b) { return a == b || (a - b < 1e-12 * (b > 0 ? b : -b) && b - a < 1e-12 * (b > 0 ? b : -b)); }

static const rl_assumption *named(const rl_assumption *a, size_t n, const char *name) {
    for (size_t i = 0; i < n; i++)
        if (strcmp(a[i].name, name) == 0) return &a[i];
    return NULL;
}

/* α(engine, tp) as docs/formulas.md states it: measured at tp 2/4/8, tp 3 takes 4's, 5-7 take 8's, past 8 GenZ's 2·1.9 µs
 * per extra rank is added. */
static double alpha_of(const engine_row *r, int64_t tp) {
    if (tp <= 2) return r->alpha[0];
    if (tp <= 4) return r->alpha[1];
    if (tp <= 8) return r->alpha[2];
    return r->alpha[2] + 2.0 * (double)(tp - 8) * 1.9;
}

static void test_assumptions(void) {
    rl_gpu g;
    rl_error err;
    CHECK(rl_gpu_preset("h100-sxm", 0, &g, &err) == RL_OK, "h100-sxm preset");
    static const char *const order1[] = {"bw_efficiency", "compute_efficiency", "prefill_efficiency", "kernel_us",
                                         "kernels_per_dense_layer", "kernels_per_moe_layer", "host_ms",
                                         "ttft_overhead_ms", "band_low", "band_high"};
    static const char *const units1[] = {"fraction", "fraction", "fraction", "us", "kernels", "kernels", "ms", "ms",
                                         "fraction", "fraction"};
    for (size_t k = 0; k < sizeof ROWS / sizeof ROWS[0]; k++) {
        const engine_row *row = &ROWS[k];
        CHECK(strcmp(rl_engine_name(row->e), row->name) == 0, "engine %zu is %s", k, row->name);
        rl_deploy d = rl_deploy_default();
        d.engine = row->e;
        rl_assumption a[RL_MAX_ASSUMPTIONS];

        /* One GPU, 16-bit weights: ten parameters in a fixed order, no AllReduce and no link. */
        size_t n = rl_realistic_assumptions(&g, &d, RL_PREC_BF16, a, RL_MAX_ASSUMPTIONS);
        CHECK(n == 10, "%s tp 1 pp 1: %zu assumptions, expected 10", row->name, n);
        for (size_t i = 0; i < 10 && i < n; i++)
            CHECK(strcmp(a[i].name, order1[i]) == 0 && strcmp(a[i].unit, units1[i]) == 0 && a[i].source != NULL &&
                      a[i].source[0] != '\0' && strcmp(a[i].source, "request") != 0 &&
                      a[i].origin == (i == 7 ? RL_ORIGIN_INPUT : RL_ORIGIN_ENGINE),
                  "%s: assumption %zu is %s (%s), from the engine (origin %s)", row->name, i, order1[i], units1[i],
                  rl_origin_name(a[i].origin));
        if (n == 10) {
            double want[] = {row->bw16, 0.81, 0.61, row->kernel_us, 10, 13, row->host_ms, 35, row->band_low,
                             row->band_high};
            for (size_t i = 0; i < 10; i++)
                CHECK(near(a[i].value, want[i]), "%s: %s = %g, expected %g", row->name, order1[i], a[i].value, want[i]);
        }
        /* Weight-only quantized weights (int4, q4_0) read at the quantized efficiency with its own source; fp8 and
         * the 16-bit and 32-bit formats at the 16-bit one. */
        rl_assumption q[RL_MAX_ASSUMPTIONS];
        static const rl_precision quantized[] = {RL_PREC_INT8, RL_PREC_INT4, RL_PREC_Q4_0, RL_PREC_Q4_K_M, RL_PREC_MXFP4,
                                                 RL_PREC_NVFP4};
        static const rl_precision full[] = {RL_PREC_FP32, RL_PREC_FP16, RL_PREC_BF16, RL_PREC_FP8};
        for (size_t i = 0; i < sizeof quantized / sizeof quantized[0]; i++) {
            CHECK(rl_realistic_assumptions(&g, &d, quantized[i], q, RL_MAX_ASSUMPTIONS) == 10 &&
                      near(q[0].value, row->bwq) && strcmp(q[0].source, a[0].source) != 0 && q[0].origin == RL_ORIGIN_ENGINE_QUANT,
                  "%s %s: bw_efficiency %g from the quantized runs, expected %g", row->name,
                  rl_precision_name(quantized[i]), q[0].value, row->bwq);
            CHECK(rl_weight_only_quant(quantized[i]) == 1, "%s is weight-only", rl_precision_name(quantized[i]));
        }
        for (size_t i = 0; i < sizeof full / sizeof full[0]; i++) {
            CHECK(rl_realistic_assumptions(&g, &d, full[i], q, RL_MAX_ASSUMPTIONS) == 10 && near(q[0].value, row->bw16) &&
                      strcmp(q[0].source, a[0].source) == 0 && q[0].origin == RL_ORIGIN_ENGINE,
                  "%s %s: bw_efficiency %g, expected %g", row->name, rl_precision_name(full[i]), q[0].value, row->bw16);
            CHECK(rl_weight_only_quant(full[i]) == 0, "%s is not weight-only", rl_precision_name(full[i]));
        }

        /* tp > 1 or pp > 1: the AllReduce latency at that tp (pp alone: at tp 2) and the GPU's link, after the
         * kernels' counts, before host_ms. */
        static const int64_t tps[] = {1, 2, 3, 4, 5, 8, 9, 16};
        for (size_t t = 0; t < sizeof tps / sizeof tps[0]; t++)
            for (int64_t pp = 1; pp <= 2; pp++) {
                if (tps[t] == 1 && pp == 1) continue;
                d.tp = tps[t];
                d.pp = pp;
                n = rl_realistic_assumptions(&g, &d, RL_PREC_BF16, q, RL_MAX_ASSUMPTIONS);
                double alpha = alpha_of(row, tps[t] > 1 ? tps[t] : 2);
                CHECK(n == 12 && strcmp(q[6].name, "allreduce_us") == 0 && strcmp(q[6].unit, "us") == 0 &&
                          near(q[6].value, alpha) && strcmp(q[7].name, "link_gbs") == 0 &&
                          strcmp(q[7].unit, "GB/s") == 0 && q[7].value == g.link_gbs && strcmp(q[8].name, "host_ms") == 0,
                      "%s tp %lld pp %lld: allreduce_us %g (expected %g) and link_gbs %g", row->name, (long long)tps[t],
                      (long long)pp, n == 12 ? q[6].value : -1.0, alpha, n == 12 ? q[7].value : -1.0);
                CHECK(n == 12 && strcmp(q[6].source, "request") != 0 && strncmp(q[7].source, "unknown", 7) != 0,
                      "%s tp %lld pp %lld: the engine's α, a known link", row->name, (long long)tps[t], (long long)pp);
            }
        d.tp = 1;
        d.pp = 1;

        /* Every override is the request's, value and source. */
        rl_deploy o = d;
        o.bw_efficiency = 0.5;
        o.prefill_efficiency = 0.4;
        o.kernel_us = 0.5; /* under 1: an override counts from anything above 0 */
        o.host_ms = 0.25;
        o.ttft_overhead_ms = 0.5;
        o.allreduce_us = 0.75;
        o.tp = 4;
        n = rl_realistic_assumptions(&g, &o, RL_PREC_INT4, q, RL_MAX_ASSUMPTIONS);
        CHECK(n == 12, "%s overrides: %zu", row->name, n);
        static const char *const given[] = {"bw_efficiency", "prefill_efficiency", "kernel_us", "host_ms",
                                            "ttft_overhead_ms", "allreduce_us"};
        static const double values[] = {0.5, 0.4, 0.5, 0.25, 0.5, 0.75};
        for (size_t i = 0; i < 6; i++) {
            const rl_assumption *x = named(q, n, given[i]);
            CHECK(x != NULL && near(x->value, values[i]) && strcmp(x->source, "request") == 0 && x->origin == RL_ORIGIN_GIVEN,
                  "%s: %s overridden to %g by the request (origin %s)", row->name, given[i], values[i],
                  x ? rl_origin_name(x->origin) : "none");
        }
        const rl_assumption *c = named(q, n, "compute_efficiency");
        CHECK(c != NULL && strcmp(c->source, "request") != 0 && near(c->value, 0.81) && c->origin == RL_ORIGIN_ENGINE,
              "%s: compute_efficiency kept", row->name);
        const rl_assumption *link = named(q, n, "link_gbs");
        CHECK(link != NULL && link->origin == RL_ORIGIN_GPU, "%s: the link is the GPU's", row->name);
        /* launch_ms is the TTFT overhead when no override is given. */
        o = d;
        o.launch_ms = 12;
        n = rl_realistic_assumptions(&g, &o, RL_PREC_BF16, q, RL_MAX_ASSUMPTIONS);
        CHECK(n == 10 && near(q[7].value, 12) && strcmp(q[7].source, "request") != 0, "%s: ttft_overhead_ms = launch_ms",
              row->name);
    }

    /* A GPU without a link figure: the link's entry says only α counts. */
    rl_gpu custom = g;
    custom.link_gbs = 0;
    rl_deploy d = rl_deploy_default();
    d.tp = 2;
    rl_assumption a[RL_MAX_ASSUMPTIONS];
    size_t n = rl_realistic_assumptions(&custom, &d, RL_PREC_BF16, a, RL_MAX_ASSUMPTIONS);
    CHECK(n == 12 && a[7].value == 0 && strncmp(a[7].source, "unknown", 7) == 0 && a[7].origin == RL_ORIGIN_GPU,
          "no link figure: %s", n == 12 ? a[7].source : "");
    /* A slow link is still a link: any figure above 0 is the GPU's (a custom GPU may give 0.001 GB/s). */
    custom.link_gbs = 0.5;
    n = rl_realistic_assumptions(&custom, &d, RL_PREC_BF16, a, RL_MAX_ASSUMPTIONS);
    CHECK(n == 12 && a[7].value == 0.5 && strncmp(a[7].source, "the GPU's link", 14) == 0, "a 0.5 GB/s link: %s",
          n == 12 ? a[7].source : "");

    /* A short output: the whole count, only `cap` written. */
    rl_assumption few[4];
    memset(few, 0, sizeof few);
    d.tp = 1;
    n = rl_realistic_assumptions(&g, &d, RL_PREC_BF16, few, 3);
    CHECK(n == 10 && few[2].name != NULL && strcmp(few[2].name, "prefill_efficiency") == 0 && few[3].name == NULL,
          "cap 3: count 10, three written");
    CHECK(rl_realistic_assumptions(&g, &d, RL_PREC_BF16, NULL, 0) == 10, "cap 0: counted only");

    /* An engine past the table reads as vLLM's parameters, and is named "unknown"; auto, the one choice past
     * it, is named "auto" and resolves by the GPU. */
    CHECK(strcmp(rl_engine_name((rl_engine)(RL_ENGINE_AUTO + 1)), "unknown") == 0 && strcmp(rl_engine_name((rl_engine)-1), "unknown") == 0,
          "an engine past the table is unknown");
    CHECK(strcmp(rl_engine_name(RL_ENGINE_AUTO), "auto") == 0, "auto is named");
    CHECK(rl_engine_for(RL_ENGINE_AUTO, "m4-max-128g") == RL_ENGINE_LLAMA_CPP && rl_engine_for(RL_ENGINE_AUTO, "strix-halo-128g") == RL_ENGINE_LLAMA_CPP &&
              rl_engine_for(RL_ENGINE_AUTO, "mi300x") == RL_ENGINE_VLLM && rl_engine_for(RL_ENGINE_AUTO, "custom") == RL_ENGINE_VLLM &&
              rl_engine_for(RL_ENGINE_AUTO, NULL) == RL_ENGINE_VLLM && rl_engine_for(RL_ENGINE_SGLANG, "m4-max-128g") == RL_ENGINE_SGLANG,
          "auto: llama.cpp on Apple and Strix Halo, vLLM elsewhere; a chosen engine stays");
}

/* The report carries the assumptions of its own deployment: the allreduce entry exactly when tp or pp > 1. */
static char text[1 << 20];
static void test_report_assumptions(void) {
    static const char *const requests[] = {
        "{\"model\":\"llama-3-8b\",\"gpu\":\"h100-sxm\"}",
        "{\"model\":\"llama-3-8b\",\"gpu\":\"h100-sxm\",\"tp\":2}",
        "{\"model\":\"llama-3-8b\",\"gpu\":\"h100-sxm\",\"pp\":2}",
        "{\"model\":\"llama-3-8b\",\"gpu\":\"h100-sxm\",\"engine\":\"llama.cpp\",\"precision\":\"q4_0\"}",
    };
    static const int has_ar[] = {0, 1, 1, 0};
    for (size_t i = 0; i < sizeof requests / sizeof requests[0]; i++) {
        rl_status st;
        size_t len = rl_run_json(requests[i], strlen(requests[i]), NULL, 0, text, sizeof text, &st);
        CHECK(st == RL_OK && len < sizeof text, "request %zu runs", i);
        CHECK((strstr(text, "\"name\":\"allreduce_us\"") != NULL) == has_ar[i], "request %zu: allreduce_us %s", i,
              has_ar[i] ? "listed" : "not listed");
        CHECK((strstr(text, "\"name\":\"link_gbs\"") != NULL) == has_ar[i], "request %zu: link_gbs %s", i,
              has_ar[i] ? "listed" : "not listed");
        CHECK(strstr(text, "\"name\":\"band_high\"") != NULL, "request %zu: the band listed", i);
    }
    /* llama.cpp with q4_0: its quantized efficiency, 0.74. */
    CHECK(strstr(text, "\"name\":\"bw_efficiency\",\"value\":0.74") != NULL, "llama.cpp q4_0: bw_efficiency 0.74");
}

/* Presets: a kind finds only its own ids; the unknown-preset message lists the ids while they fit its 200
 * bytes and says "..." when they do not (62 GPU ids do not fit; the model ids neither); a NULL output is
 * refused naming the kind. */
static void test_presets(void) {
    CHECK(rl_preset_json(RL_PRESET_MODEL, "h100-sxm") == NULL && rl_preset_json(RL_PRESET_GPU, "llama-3-8b") == NULL,
          "a kind finds only its own ids");
    CHECK(rl_preset_json(RL_PRESET_GPU, NULL) == NULL, "a NULL id finds nothing");
    const char *j = rl_preset_json(RL_PRESET_GPU, "h100-sxm");
    CHECK(j != NULL && j[0] == '{' && strstr(j, "\"h100-sxm\"") != NULL, "h100-sxm's own JSON");
    CHECK(rl_preset_count((rl_preset_kind)2) == 0 && rl_preset_id((rl_preset_kind)2, 0) == NULL, "no third kind");
    rl_error err;
    rl_gpu g;
    CHECK(rl_gpu_preset("no-such-gpu", 0, &g, &err) == RL_E_UNKNOWN_PRESET && strcmp(err.field, "gpu") == 0, "unknown gpu");
    size_t len = strlen(err.message);
    CHECK(len > 3 && strcmp(err.message + len - 3, "...") == 0 && strstr(err.message, "known: ") != NULL &&
              strstr(err.message, rl_preset_id(RL_PRESET_GPU, 0)) != NULL &&
              strstr(err.message, rl_preset_id(RL_PRESET_GPU, 1)) != NULL,
          "the known GPUs, cut with ...: %s", err.message);
    CHECK(rl_gpu_preset("h100-sxm", 0, NULL, &err) == RL_E_NULL && strcmp(err.field, "gpu") == 0, "no GPU output");
    CHECK(rl_model_preset("llama-3-8b", NULL, &err) == RL_E_NULL && strcmp(err.field, "model") == 0, "no model output");
    CHECK(rl_gpu_preset(NULL, 0, &g, &err) == RL_E_UNKNOWN_PRESET, "a NULL GPU id is unknown");
    /* A preset's link: h100-sxm's NVLink 4, 900 GB/s both directions summed (presets/gpus/h100-sxm.json). */
    CHECK(rl_gpu_preset("h100-sxm", 0, &g, &err) == RL_OK && g.link_gbs == 900 && g.link[0] != '\0' && !g.unified &&
              !g.tflops_unknown,
          "h100-sxm's link %g", g.link_gbs);
    /* A preset without a TFLOPS figure (a10g: "tflops": null) loads with tflops_unknown. */
    CHECK(rl_gpu_preset("a10g", 0, &g, &err) == RL_OK && g.tflops_unknown && g.tflops == 0, "a10g has no TFLOPS");
}

/* ---- Remedies: each one the bound of its change (accepted at its value, refused one step past it) ---- */

typedef struct setup {
    const char *model, *precision, *kv_precision;
    double vram_gib, pool;
    int64_t seq, batch, tp, kv_block, gpu_layers;
    double ram_gib;
} setup;

static rl_run run; /* rl_run is large */

/* A custom GPU (400 TFLOPS, 2000 GB/s, a 900 GB/s link) of the setup's memory. */
static const rl_run *analyze_setup(const setup *x) {
    char request[1024], offload[160] = "", block[40] = "";
    if (x->kv_block > 0) snprintf(block, sizeof block, ",\"kv_block\":%lld", (long long)x->kv_block);
    if (x->gpu_layers >= 0)
        snprintf(offload, sizeof offload,
                 ",\"gpu_layers\":%lld,\"ram_gib\":%.17g,\"host_memory\":\"ddr5-5600-2ch\",\"engine\":\"llama.cpp\"",
                 (long long)x->gpu_layers, x->ram_gib);
    int n = snprintf(request, sizeof request,
                     "{\"model\":\"%s\",\"gpu\":{\"tflops\":400,\"bandwidth_gbs\":2000,\"vram_gib\":%.17g,\"link_gbs\":900},"
                     "\"precision\":\"%s\",\"kv_precision\":\"%s\",\"seq\":%lld,\"batch\":%lld,\"tp\":%lld,"
                     "\"pool_fraction\":%.17g%s%s}",
                     x->model, x->vram_gib, x->precision, x->kv_precision, (long long)x->seq, (long long)x->batch,
                     (long long)x->tp, x->pool, block, offload);
    CHECK(n > 0 && (size_t)n < sizeof request, "the request fits");
    rl_run_request(request, (size_t)n, NULL, 0, &run);
    CHECK(run.status == RL_OK, "%s: %s", request, run.error.message);
    return &run;
}

/* How far a setup gets: 2 into the realistic budget (a fit), 1 past the floor alone (tight), 0 not at all. */
static int level(const setup *x) {
    const rl_run *r = analyze_setup(x);
    if (r->status != RL_OK) return 0;
    return r->result.verdict == RL_FITS ? 2 : r->result.fits ? 1 : 0;
}

static int seen_verdict[8], seen_remedy[RL_REMEDY_COUNT_];

/* The rule each remedy keeps: a tight fit's gets into the realistic budget; a refusal's gets
 * there when one change of its kind can (the smallest such change), else past the floor. `got`
 * is the remedy's level, `best` the highest level any candidate of its kind reaches. */
static void check_goal(const char *name, const char *what, int tight, int got, int best) {
    if (tight) CHECK(got == 2, "%s: %s gets into the realistic budget", name, what);
    else CHECK(got >= 1 && got == best, "%s: %s gets as far as any candidate (%d of %d)", name, what, got, best);
}

static void check_remedies(const char *name, const setup *x) {
    const rl_run *r = analyze_setup(x);
    if (r->status != RL_OK) return;
    rl_result res = r->result;
    seen_verdict[res.verdict & 7]++;
    for (unsigned b = 0; b < RL_REMEDY_COUNT_; b++) seen_remedy[b] += (res.remedies >> b) & 1u;
    if (res.verdict == RL_FITS) {
        CHECK(res.remedies == 0, "%s: a fit has no remedy", name);
        return;
    }
    int tight = res.verdict == RL_TIGHT;
    unsigned bits = res.remedies;
    setup t;
    CHECK(bits & RL_REMEDY_BIGGER_GPU, "%s: a bigger GPU is always a way out", name);
    /* The bigger GPU holds the realistic budget (with a hair more for the rounding of GiB), 0.1% less does not;
     * a host refusal's is the GPU that holds the whole model on the floor. */
    int host = res.verdict == RL_HOST_DOES_NOT_FIT, want = host ? 1 : 2;
    t = *x;
    t.vram_gib = res.remedy_vram_gib * (1 + 1e-9);
    CHECK(level(&t) >= want, "%s: %.6g GiB is enough", name, res.remedy_vram_gib);
    t.vram_gib = res.remedy_vram_gib * 0.999;
    CHECK(level(&t) < want, "%s: 0.1%% under %.6g GiB is not", name, res.remedy_vram_gib);
    if (bits & RL_REMEDY_SMALLER_BATCH) {
        t = *x;
        t.batch = res.remedy_batch;
        int64_t want_batch = tight || res.max_batch_realistic >= 1 ? res.max_batch_realistic : res.max_batch;
        CHECK(res.remedy_batch == want_batch && res.remedy_batch < x->batch, "%s: the smaller batch %lld is the max batch",
              name, (long long)res.remedy_batch);
        int got = level(&t);
        setup one = *x;
        one.batch = 1;
        check_goal(name, "the smaller batch", tight, got, level(&one));
        t.batch++;
        CHECK(level(&t) < got, "%s: batch %lld does not get as far", name, (long long)t.batch);
    } else {
        t = *x;
        t.batch = 1;
        CHECK(res.verdict == RL_WEIGHTS_DO_NOT_FIT || level(&t) < (tight ? 2 : 1),
              "%s: no smaller batch, and batch 1 does not get through", name);
    }
    if (bits & RL_REMEDY_SHORTER_CONTEXT) {
        int64_t block = x->kv_block > 0 ? x->kv_block : 1;
        t = *x;
        t.seq = res.remedy_seq;
        CHECK(res.remedy_seq >= 1 && res.remedy_seq < x->seq && res.remedy_seq % block == 0,
              "%s: context %lld, a whole number of blocks under %lld", name, (long long)res.remedy_seq, (long long)x->seq);
        int got = level(&t);
        setup shortest = *x;
        shortest.seq = block;
        check_goal(name, "the shorter context", tight, got, level(&shortest));
        t.seq += block;
        CHECK(t.seq >= x->seq || level(&t) < got, "%s: context %lld does not get as far", name, (long long)t.seq);
    } else if (res.verdict != RL_WEIGHTS_DO_NOT_FIT) {
        t = *x;
        t.seq = x->kv_block > 0 ? x->kv_block : 1;
        CHECK(level(&t) < (tight ? 2 : 1), "%s: no shorter context, and the shortest does not get through", name);
    }
    if (bits & RL_REMEDY_MORE_TP) {
        t = *x;
        CHECK(res.remedy_tp > x->tp && (res.remedy_tp & (res.remedy_tp - 1)) == 0, "%s: tp %lld, a power of two", name,
              (long long)res.remedy_tp);
        t.tp = res.remedy_tp;
        int got = level(&t), best = got;
        for (int64_t tp = 2; tp <= 1024; tp *= 2) {
            if (tp <= x->tp) continue;
            t.tp = tp;
            int l = level(&t);
            if (l > best) best = l;
            if (tp < res.remedy_tp) CHECK(l < got, "%s: tp %lld, smaller, does not get as far", name, (long long)tp);
        }
        check_goal(name, "the tp", tight, got, best);
    }
    if (bits & RL_REMEDY_RAISE_POOL) {
        CHECK(tight, "%s: raising the pool is for a tight fit", name);
        t = *x;
        t.pool = res.remedy_pool_fraction;
        CHECK(res.remedy_pool_fraction > x->pool && res.remedy_pool_fraction <= 0.98, "%s: pool %.2f", name,
              res.remedy_pool_fraction);
        CHECK(level(&t) == 2, "%s: pool %.2f gets through", name, t.pool);
        t.pool = res.remedy_pool_fraction - 0.01;
        CHECK(level(&t) < 2, "%s: pool %.2f does not", name, t.pool);
    }
    if (bits & RL_REMEDY_WEIGHT_PRECISION) {
        t = *x;
        t.precision = rl_precision_name(res.remedy_precision);
        t.kv_precision = rl_precision_name(res.kv_precision);
        int got = level(&t);
        setup int4 = t;
        int4.precision = "int4"; /* the fewest bytes a candidate stores: the furthest any gets */
        check_goal(name, "the lower weight precision", tight, got, level(&int4) > got ? level(&int4) : got);
    }
    if (bits & RL_REMEDY_KV_PRECISION) {
        t = *x;
        t.kv_precision = rl_precision_name(res.remedy_kv_precision);
        int got = level(&t);
        setup int4 = *x;
        int4.kv_precision = "int4";
        check_goal(name, "the lower KV precision", tight, got, level(&int4) > got ? level(&int4) : got);
    }
    if (bits & RL_REMEDY_PRECISION_AND_TP) {
        /* Two changes at once: only when the precision alone is no way out, on fewer GPUs than tp alone, into
         * the realistic budget; no pair on fewer GPUs gets in, nor a higher precision on as many. */
        static const char *const lower[] = {"fp16", "fp8", "int4"};
        int64_t pair_tp = res.remedy_pair_tp;
        const char *pair = rl_precision_name(res.remedy_pair_precision);
        CHECK(!(bits & RL_REMEDY_WEIGHT_PRECISION), "%s: a pair only when no precision alone gets through", name);
        CHECK(pair_tp > x->tp && (pair_tp & (pair_tp - 1)) == 0, "%s: pair tp %lld, a power of two", name, (long long)pair_tp);
        CHECK(!(bits & RL_REMEDY_MORE_TP) || pair_tp < res.remedy_tp, "%s: the pair's tp %lld under tp alone's %lld", name,
              (long long)pair_tp, (long long)res.remedy_tp);
        t = *x;
        t.precision = pair;
        t.kv_precision = rl_precision_name(res.kv_precision);
        t.tp = pair_tp;
        CHECK(level(&t) == 2, "%s: %s on tp %lld gets into the realistic budget", name, pair, (long long)pair_tp);
        int higher = 1;
        for (size_t i = 0; i < sizeof lower / sizeof lower[0]; i++) {
            if (strcmp(lower[i], pair) == 0) higher = 0;
            t.precision = lower[i];
            for (int64_t tp = 2; tp <= pair_tp; tp *= 2) {
                if (tp <= x->tp || (tp == pair_tp && !higher)) continue;
                t.tp = tp;
                CHECK(level(&t) < 2, "%s: %s on tp %lld, fewer GPUs or a higher precision than the pair's, does not get in",
                      name, lower[i], (long long)tp);
            }
        }
    } else if (!(bits & RL_REMEDY_WEIGHT_PRECISION) && x->gpu_layers < 0) {
        /* No pair: int4 on any tp below tp alone's does not get in. */
        t = *x;
        t.precision = "int4";
        t.kv_precision = rl_precision_name(res.kv_precision);
        int64_t limit = bits & RL_REMEDY_MORE_TP ? res.remedy_tp : 2048;
        for (int64_t tp = 2; tp < limit; tp *= 2) {
            if (tp <= x->tp) continue;
            t.tp = tp;
            CHECK(level(&t) < 2, "%s: no pair offered, and int4 on tp %lld does not get in", name, (long long)tp);
        }
    }
    if (bits & RL_REMEDY_FEWER_GPU_LAYERS) {
        t = *x;
        t.gpu_layers = res.remedy_gpu_layers;
        CHECK(res.remedy_gpu_layers >= 0 && res.remedy_gpu_layers == res.max_gpu_layers, "%s: -ngl %lld", name,
              (long long)res.remedy_gpu_layers);
        CHECK(level(&t) >= (tight ? 2 : 1), "%s: -ngl %lld gets through", name, (long long)t.gpu_layers);
        t.gpu_layers = res.remedy_gpu_layers + 1; /* one more layer on the GPU: its part is over the budget */
        CHECK(level(&t) < 2, "%s: -ngl %lld does not", name, (long long)t.gpu_layers);
    }
}

static void test_remedies(void) {
    /* Each base setup, then at its own boundaries: the batch at the floor's and at the budget's max batch and one
     * past each (tight, refused), and a context past the largest that fits. */
    static const setup bases[] = {
        {"llama-3-8b", "bf16", "auto", 24, 0.9, 8192, 1, 1, 0, -1, 0},
        {"llama-3-8b", "bf16", "fp8", 24, 0.85, 6000, 1, 1, 16, -1, 0},
        {"qwen3-4b", "fp16", "auto", 40, 0.9, 4096, 1, 1, 0, -1, 0},
        {"llama-3-70b", "bf16", "auto", 80, 0.9, 4096, 1, 1, 0, -1, 0},
        {"llama-3-70b", "bf16", "auto", 24, 0.9, 4096, 1, 1, 0, -1, 0},
        {"llama-3-70b", "fp8", "auto", 48, 0.9, 4096, 1, 2, 0, -1, 0},
        {"mistral-7b", "bf16", "auto", 16, 0.9, 32768, 1, 1, 0, -1, 0},
        {"gemma-3-27b", "bf16", "auto", 80, 0.9, 32768, 1, 1, 32, -1, 0},
        {"llama-3-8b", "bf16", "auto", 8, 0.9, 4096, 1, 1, 0, 20, 32},
    };
    char name[160];
    for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
        setup x = bases[i];
        const rl_run *r = analyze_setup(&x);
        if (r->status != RL_OK) continue;
        int64_t floor_max = r->result.max_batch, real_max = r->result.max_batch_realistic;
        snprintf(name, sizeof name, "%s on %g GiB, batch 1", x.model, x.vram_gib);
        check_remedies(name, &x);
        const int64_t batches[] = {real_max, real_max + 1, floor_max, floor_max + 1, floor_max * 2 + 3};
        for (size_t k = 0; k < sizeof batches / sizeof batches[0]; k++) {
            if (batches[k] < 1 || batches[k] > 4096) continue;
            x.batch = batches[k];
            snprintf(name, sizeof name, "%s on %g GiB, batch %lld", x.model, x.vram_gib, (long long)x.batch);
            check_remedies(name, &x);
        }
        /* The same batch with twice the context, then four times. */
        x.batch = real_max > 1 ? real_max : 1;
        for (int k = 0; k < 2; k++) {
            x.seq *= 2;
            snprintf(name, sizeof name, "%s on %g GiB, batch %lld, seq %lld", x.model, x.vram_gib, (long long)x.batch,
                     (long long)x.seq);
            check_remedies(name, &x);
        }
    }
    /* The grid reaches every verdict but the host's, and every remedy. */
    CHECK(seen_verdict[RL_FITS] > 0 && seen_verdict[RL_TIGHT] > 0 && seen_verdict[RL_KV_DOES_NOT_FIT] > 0 &&
              seen_verdict[RL_WEIGHTS_DO_NOT_FIT] > 0,
          "verdicts seen: fits %d, tight %d, KV %d, weights %d", seen_verdict[RL_FITS], seen_verdict[RL_TIGHT],
          seen_verdict[RL_KV_DOES_NOT_FIT], seen_verdict[RL_WEIGHTS_DO_NOT_FIT]);
    for (unsigned b = 0; b < RL_REMEDY_COUNT_; b++)
        CHECK(seen_remedy[b] > 0, "remedy %s seen %d times", rl_remedy_code(b), seen_remedy[b]);
}

/* Offload of a model with a vision tower (Qwen2.5-VL-7B's published config): host RAM holds the other layers'
 * share, the embeddings with the LM head, and the whole vision tower (docs/formulas.md "Offload"); the GPU holds n/L of
 * the rest. With n = 7 of L = 28 layers: GPU bytes = (total - (embed + vision) x 2 bytes) x 7/28, the host
 * the remainder. The bytes are the checkpoint's bf16, 2 per parameter. */
static char config[1 << 20];
static void test_offload_vision(const char *configs_dir) {
    char path[1024];
    snprintf(path, sizeof path, "%s/Qwen--Qwen2.5-VL-7B-Instruct.json", configs_dir);
    FILE *f = fopen(path, "rb");
    CHECK(f != NULL, "%s opens", path);
    if (f == NULL) return;
    size_t n = fread(config, 1, sizeof config - 1, f);
    fclose(f);
    config[n] = '\0';
    const char *request = "{\"gpu\":\"rtx-4090\",\"gpu_layers\":7,\"ram_gib\":64,\"host_memory\":\"ddr5-5600-2ch\","
                          "\"engine\":\"llama.cpp\",\"seq\":2048}";
    rl_run_request(request, strlen(request), config, n, &run);
    CHECK(run.status == RL_OK, "Qwen2.5-VL offload runs: %s", run.error.message);
    if (run.status != RL_OK) return;
    const rl_model *m = &run.model;
    const rl_result *r = &run.result;
    CHECK(m->params_vision > 0 && m->layers == 28 && r->offload, "a vision tower (%g), 28 layers, offloaded",
          m->params_vision);
    CHECK(r->micro_batches == 1, "no pipeline: one micro-batch (%lld)", (long long)r->micro_batches);
    double total = r->weight_bytes, b = 2.0, GiB = 1024.0 * 1024.0 * 1024.0;
    double gpu = (total - (m->params_embed + m->params_vision) * b) * 7.0 / 28.0;
    CHECK(total == (m->params_total) * b, "bf16: 2 bytes a parameter (%.17g, %.17g)", total, m->params_total);
    CHECK(near(r->weights_gib * GiB, gpu), "the GPU's weights %.17g, expected %.17g", r->weights_gib * GiB, gpu);
    CHECK(near(r->host_weights_gib * GiB, total - gpu), "the host's weights %.17g, expected %.17g",
          r->host_weights_gib * GiB, total - gpu);
}

/* Overrides under 1 change the estimate (docs/formulas.md "Realistic estimate", the decode step):
 * llama-3-8b (32 dense layers of 10 kernels) at tp 2 on h100-sxm (NVLink 900 GB/s, so a ring moves 450e9 B/s):
 * kernels 320 x 0.5 us = 0.16 ms; host 0.25 ms; AllReduce 2 x 32 x (0.75 us + 2 x (2-1)/2 x 8192 B / 450e9 B/s)
 * (message = batch 1 x hidden 4096 x 2 bytes); the memory-bound roof at 0.5 of the bandwidth: the floor's bytes
 * per step / (0.5 x 3350e9 B/s). TTFT = overhead 0.5 ms + the expected prefill (launch_ms 0, so the floor's
 * TTFT is its prefill alone, under the expected one). */
static void test_small_overrides(void) {
    const char *request = "{\"model\":\"llama-3-8b\",\"gpu\":\"h100-sxm\",\"tp\":2,\"launch_ms\":0,\"bw_efficiency\":0.5,"
                          "\"kernel_us\":0.5,\"host_ms\":0.25,\"allreduce_us\":0.75,\"ttft_overhead_ms\":0.5}";
    rl_run_request(request, strlen(request), NULL, 0, &run);
    CHECK(run.status == RL_OK && run.result.has_realistic, "small overrides run: %s", run.error.message);
    if (run.status != RL_OK) return;
    const rl_realistic *x = &run.result.realistic;
    double ar_ms = 2.0 * 32.0 * (0.75e-6 + 8192.0 / 450e9) * 1e3;
    double roof_ms = run.result.bytes_per_step / (0.5 * 3350e9) * 1e3;
    CHECK(run.gpu.bandwidth_gbs == 3350 && run.gpu.link_gbs == 900 && run.model.layers == 32 && run.model.hidden == 4096,
          "h100-sxm and llama-3-8b as assumed");
    CHECK(near(x->kernel_ms, 0.16), "kernels %.17g ms, expected 0.16", x->kernel_ms);
    CHECK(near(x->host_ms, 0.25), "host %.17g ms, expected 0.25", x->host_ms);
    CHECK(near(x->allreduce_ms, ar_ms), "AllReduce %.17g ms, expected %.17g", x->allreduce_ms, ar_ms);
    CHECK(near(x->step_ms, roof_ms + 0.16 + ar_ms + 0.25), "step %.17g ms, expected %.17g", x->step_ms,
          roof_ms + 0.16 + ar_ms + 0.25);
    CHECK(x->has_prefill && near(x->ttft_ms, 0.5 + x->prefill_ms), "TTFT %.17g ms = 0.5 + prefill %.17g", x->ttft_ms,
          x->prefill_ms);
}

/* Speculative decoding is off when spec_tokens is 0 (roofline.h): a draft shape left in the deployment without a
 * draft model (params_total 0, which rl_deploy_validate accepts) changes nothing in the memory. */
static void test_draft_off(void) {
    rl_model m;
    rl_gpu g;
    rl_error err;
    CHECK(rl_model_preset("llama-3-8b", &m, &err) == RL_OK && rl_gpu_preset("l4", 0, &g, &err) == RL_OK, "presets");
    rl_deploy d = rl_deploy_default();
    d.batch = 8;
    rl_result plain, leftover;
    CHECK(rl_analyze(&m, &g, &d, &plain, &err) == RL_OK, "plain: %s", err.message);
    d.draft.layers = 4;
    d.draft.hidden = 1024;
    d.draft.kv_elems_per_token_per_layer = 65536;
    d.draft.modules = 0;
    CHECK(rl_analyze(&m, &g, &d, &leftover, &err) == RL_OK, "leftover shape: %s", err.message);
    CHECK(leftover.kv_gib_per_request == plain.kv_gib_per_request && leftover.weights_gib == plain.weights_gib &&
              leftover.max_batch == plain.max_batch && leftover.verdict == plain.verdict,
          "no draft counted: KV %.17g vs %.17g GiB", leftover.kv_gib_per_request, plain.kv_gib_per_request);
}

/* The report's optional keys: present exactly when their condition holds (roofline.h, the report's contract). */
static int has_key(const char *json, const char *key) {
    char k[96];
    snprintf(k, sizeof k, "\"%s\":", key);
    return strstr(json, k) != NULL;
}
static const char *report_of(const char *request) {
    rl_status st;
    size_t len = rl_run_json(request, strlen(request), NULL, 0, text, sizeof text, &st);
    CHECK(st == RL_OK && len < sizeof text, "%s runs", request);
    return text;
}
static void test_report_keys(void) {
    /* A GPU's optional peaks: listed when above 0, small ones too (0.5 TFLOPS); absent when not given. */
    const char *j = report_of("{\"model\":\"smollm2-135m\",\"gpu\":{\"tflops\":2,\"tflops_fp8\":0.5,\"tops_int8\":0.5,"
                              "\"bandwidth_gbs\":100,\"vram_gib\":8}}");
    CHECK(has_key(j, "tflops_fp8") && has_key(j, "tops_int8"), "custom GPU: fp8 and int8 peaks of 0.5 listed");
    j = report_of("{\"model\":\"smollm2-135m\",\"gpu\":\"a100-80g\"}");
    CHECK(!has_key(j, "tflops_fp8"), "a100-80g has no FP8 peak: no tflops_fp8");
    /* A dense model has no "moe" section and no expert precision; one GPU no "tp", "pp", "offload", "paged",
     * "speculative"; the roof's figures are there on a GPU with TFLOPS. */
    CHECK(!has_key(j, "moe") && !has_key(j, "expert_precision") && strstr(j, "\"tp\":{") == NULL &&
              strstr(j, "\"pp\":{") == NULL && !has_key(j, "offload") && !has_key(j, "paged") &&
              !has_key(j, "speculative") && !has_key(j, "max_gpu_layers") && has_key(j, "tp"),
          "dense on one GPU: no optional section");
    CHECK(has_key(j, "peak_tflops") && has_key(j, "ridge") && has_key(j, "ceiling_fraction") && !has_key(j, "bandwidth_floor_only"),
          "a100-80g: the roof's figures");
    /* No sourced TFLOPS (a10g): "tflops": null, no peak, ridge or ceiling, the times bandwidth floors. */
    j = report_of("{\"model\":\"smollm2-135m\",\"gpu\":\"a10g\"}");
    CHECK(strstr(j, "\"tflops\":null") != NULL && !has_key(j, "peak_tflops") && !has_key(j, "ridge") &&
              !has_key(j, "ceiling_fraction") && has_key(j, "bandwidth_floor_only"),
          "a10g: no roof figures");
    /* An MoE model has its "moe" section. */
    j = report_of("{\"model\":\"qwen3-30b-a3b\",\"gpu\":\"h200-sxm\"}");
    CHECK(has_key(j, "moe") && has_key(j, "experts_touched_per_layer"), "MoE: the moe section");
    /* The largest -ngl: shown for a refusal on one GPU when the host RAM is given, not for a fit, not under tp. */
    j = report_of("{\"model\":\"llama-3-70b\",\"gpu\":\"rtx-4090\",\"ram_gib\":256}");
    CHECK(strstr(j, "\"verdict\":\"weights_do_not_fit\"") != NULL && has_key(j, "max_gpu_layers"),
          "a refusal with host RAM: max_gpu_layers shown");
    j = report_of("{\"model\":\"llama-3-70b\",\"gpu\":\"rtx-4090\",\"ram_gib\":256,\"tp\":2}");
    CHECK(!has_key(j, "max_gpu_layers"), "under tp: no max_gpu_layers");
    j = report_of("{\"model\":\"llama-3-70b\",\"gpu\":\"rtx-4090\",\"ram_gib\":256,\"pp\":2}");
    CHECK(!has_key(j, "max_gpu_layers"), "under pp: no max_gpu_layers");
    j = report_of("{\"model\":\"llama-3-70b\",\"gpu\":\"rtx-4090\"}");
    CHECK(!has_key(j, "max_gpu_layers"), "no host RAM: no max_gpu_layers");
    j = report_of("{\"model\":\"smollm2-135m\",\"gpu\":\"rtx-4090\",\"ram_gib\":256}");
    CHECK(strstr(j, "\"verdict\":\"fits\"") != NULL && !has_key(j, "max_gpu_layers"), "a fit: no max_gpu_layers");
}

/* The sweep's expected curve: each point's realistic step and aggregate speed are the analysis' own at that
 * batch, under pp with micro-batches too (each point's micro-batches capped at its batch); rl_sweep_json
 * carries them. */
static void test_sweep_realistic(void) {
    rl_model m;
    rl_gpu g;
    rl_error err;
    CHECK(rl_model_preset("llama-3-8b", &m, &err) == RL_OK && rl_gpu_preset("l40s", 0, &g, &err) == RL_OK, "presets");
    for (int pp = 1; pp <= 2; pp++) {
        rl_deploy d = rl_deploy_default();
        d.pp = pp;
        d.batch = 8;
        if (pp > 1) d.micro_batches = 4;
        static rl_sweep_point pts[64];
        size_t n = rl_sweep(&m, &g, &d, pts, 64);
        CHECK(n > 8 && pts[0].batch == 1, "pp %d: a sweep from batch 1 (%zu points)", pp, n);
        int tight_points = 0;
        for (size_t i = 0; i < n; i++) {
            rl_deploy t = d;
            t.batch = pts[i].batch;
            if (t.micro_batches > t.batch) t.micro_batches = t.batch;
            rl_result r;
            CHECK(rl_analyze(&m, &g, &t, &r, &err) == RL_OK && r.has_realistic, "pp %d batch %lld", pp,
                  (long long)t.batch);
            CHECK(pts[i].realistic_step_ms == r.realistic.step_ms && pts[i].realistic_tokens_per_s == r.realistic.tokens_per_s &&
                      pts[i].step_ms == r.step_ms && pts[i].realistic_batch == r.realistic.batch,
                  "pp %d: point %zu (batch %lld) carries the analysis' expected step", pp, i, (long long)t.batch);
            /* Past the realistic budget the engine runs its max batch, and the point says so. */
            CHECK(pts[i].realistic_batch == (pts[i].tight && r.max_batch_realistic >= 1 ? r.max_batch_realistic : t.batch),
                  "pp %d: point %zu (batch %lld, tight %d) runs %lld", pp, i, (long long)t.batch, pts[i].tight,
                  (long long)pts[i].realistic_batch);
            tight_points += pts[i].tight && pts[i].realistic_batch < pts[i].batch;
        }
        CHECK(tight_points > 0, "pp %d: the sweep reaches past the realistic budget (%d tight points)", pp, tight_points);
        size_t len = rl_sweep_json(pts, n, text, sizeof text);
        CHECK(len < sizeof text && strstr(text, "\"realistic_step_ms\":") != NULL &&
                  strstr(text, "\"realistic_tokens_per_s\":") != NULL && strstr(text, "\"realistic_batch\":") != NULL,
              "pp %d: the JSON carries the expected curve", pp);
    }
}

/* "On an error *out is zeroed" (roofline.h, rl_analyze): every byte, whatever was there; and a fit after a
 * refusal in the same struct keeps nothing of the refusal. */
static void test_zeroed_on_error(void) {
    rl_model m;
    rl_gpu g;
    rl_error err;
    CHECK(rl_model_preset("llama-3-8b", &m, &err) == RL_OK && rl_gpu_preset("l4", 0, &g, &err) == RL_OK, "presets");
    static rl_result r;
    rl_deploy bad = rl_deploy_default();
    bad.batch = 0;
    for (int fill = 0x01; fill <= 0xff; fill += 0xfe) {
        memset(&r, fill, sizeof r);
        CHECK(rl_analyze(&m, &g, &bad, &r, &err) == RL_E_RANGE, "batch 0 refused");
        const unsigned char *b = (const unsigned char *)&r;
        size_t nonzero = 0, first = sizeof r;
        for (size_t i = 0; i < sizeof r; i++)
            if (b[i] != 0) {
                nonzero++;
                if (first == sizeof r) first = i;
            }
        CHECK(nonzero == 0, "fill 0x%02x: %zu bytes left after an error, the first at %zu of %zu", fill, nonzero, first,
              sizeof r);
    }
    /* A refusal with remedies, then a fit in the same struct: no remedy, no shortfall, no warning left. */
    rl_deploy big = rl_deploy_default();
    big.batch = 4096;
    CHECK(rl_analyze(&m, &g, &big, &r, &err) == RL_OK && r.verdict == RL_KV_DOES_NOT_FIT && r.remedies != 0,
          "batch 4096 on an L4: refused with remedies");
    rl_deploy one = rl_deploy_default();
    CHECK(rl_analyze(&m, &g, &one, &r, &err) == RL_OK && r.verdict == RL_FITS && r.remedies == 0 &&
              r.shortfall_gib == 0 && r.remedy_batch == 0 && r.remedy_vram_gib == 0 && r.missing_gib == 0,
          "then batch 1: a clean fit");
}

/* The compute roof follows the weights (docs/formulas.md: fp8 and int8 weights run W8A8 where the GPU has that peak),
 * however small the peak: a custom GPU of 2 TFLOPS at 16 bits and 0.5 at fp8 and int8. */
static void test_small_peaks(void) {
    static const struct {
        const char *precision, *roof;
        double peak;
    } cases[] = {{"fp16", "fp16", 2}, {"fp8", "fp8", 0.5}, {"int8", "int8", 0.5}, {"int4", "fp16", 2}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char request[512];
        snprintf(request, sizeof request,
                 "{\"model\":\"smollm2-135m\",\"precision\":\"%s\",\"gpu\":{\"tflops\":2,\"tflops_fp8\":0.5,"
                 "\"tops_int8\":0.5,\"bandwidth_gbs\":100,\"vram_gib\":8}}",
                 cases[i].precision);
        rl_run_request(request, strlen(request), NULL, 0, &run);
        CHECK(run.status == RL_OK && run.result.peak_tflops == cases[i].peak &&
                  strcmp(rl_precision_name(run.result.compute_precision), cases[i].roof) == 0,
              "%s weights: the %s roof of %g TFLOPS (got %s, %g)", cases[i].precision, cases[i].roof, cases[i].peak,
              rl_precision_name(run.result.compute_precision), run.result.peak_tflops);
    }
}

/* Offload's edges: -ngl = L is an offload (the output layer on the host), so it needs tp 1 like any other;
 * and when not even -ngl 0 gets into the budget (a 0.5 GiB GPU: the context reserve alone is 0.6 GiB) the
 * largest -ngl is -1 and no fewer-layers remedy is offered. */
static void test_offload_edges(void) {
    rl_status st;
    const char *at_l = "{\"model\":\"llama-3-8b\",\"gpu\":\"rtx-4090\",\"gpu_layers\":32,\"ram_gib\":64,"
                       "\"host_memory\":\"ddr5-5600-2ch\",\"tp\":2}";
    rl_run_json(at_l, strlen(at_l), NULL, 0, text, sizeof text, &st);
    CHECK(st == RL_E_CONTRADICTION && strstr(text, "\"field\":\"gpu_layers\"") != NULL, "-ngl 32 of 32 under tp 2: %s",
          text);
    const char *all = "{\"model\":\"llama-3-8b\",\"gpu\":\"rtx-4090\",\"gpu_layers\":33,\"ram_gib\":64,"
                      "\"host_memory\":\"ddr5-5600-2ch\",\"tp\":2}";
    rl_run_json(all, strlen(all), NULL, 0, text, sizeof text, &st);
    CHECK(st == RL_OK, "-ngl 33 of 32 is no offload: tp 2 is fine (%d)", st);
    setup tiny = {"llama-3-8b", "bf16", "auto", 0.5, 0.9, 4096, 1, 1, 0, 10, 64};
    const rl_run *r = analyze_setup(&tiny);
    CHECK(r->status == RL_OK && !r->result.fits && r->result.max_gpu_layers == -1 &&
              !(r->result.remedies & RL_REMEDY_FEWER_GPU_LAYERS),
          "a 0.5 GiB GPU: max -ngl -1 (got %lld), no fewer-layers remedy", (long long)r->result.max_gpu_layers);
}

/* The params-only estimate's roof follows the weights as the full analysis does (f2026): a custom GPU of
 * 2 TFLOPS at 16 bits, 0.5 at fp8 and no int8 figure, 100 GB/s. The ridge is peak / bandwidth:
 *   fp8  weights: the fp8 peak 0.5 (however small): 0.5e12 / 100e9 = 5 FLOP/byte;
 *   int8 weights: no int8 peak, so the 16-bit one: 2e12 / 100e9 = 20 FLOP/byte;
 *   fp16 weights: 20. */
static void test_estimate_peaks(void) {
    static const struct {
        const char *precision;
        double ridge;
    } cases[] = {{"fp8", 5.0}, {"int8", 20.0}, {"fp16", 20.0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char request[512];
        snprintf(request, sizeof request,
                 "{\"params\":\"7B\",\"precision\":\"%s\",\"gpu\":{\"tflops\":2,\"tflops_fp8\":0.5,"
                 "\"bandwidth_gbs\":100,\"vram_gib\":80}}",
                 cases[i].precision);
        rl_run_request(request, strlen(request), NULL, 0, &run);
        CHECK(run.status == RL_OK && run.estimate.ridge == cases[i].ridge, "estimate, %s weights: ridge %g (got %g, %s)",
              cases[i].precision, cases[i].ridge, run.estimate.ridge, run.error.message);
    }
}

/* pp 2 with one micro-batch (batch 1) and tp 1: each stage reads half of the step's bytes and does half its
 * FLOPs, and the drain is the two stages one after the other, exactly one GPU's floor (halving is exact in
 * binary): speedup 1, which is not "slower than one GPU" (f2026). */
static void test_pp_speedup_one(void) {
    const char *req = "{\"model\":\"llama-3-8b\",\"gpu\":\"h100-sxm\",\"pp\":2}";
    rl_run_request(req, strlen(req), NULL, 0, &run);
    CHECK(run.status == RL_OK && run.result.micro_batches == 1 && run.result.pp_speedup == 1.0,
          "pp 2, one micro-batch: speedup exactly 1 (%.17g)", run.result.pp_speedup);
    CHECK(!(run.result.warnings & RL_WARN_PP_SLOWER_THAN_ONE_GPU), "speedup 1 is not slower than one GPU");
}

/* A draft left in the deployment with spec_tokens 0 (the C API accepts it: only a draft with params_total > 0
 * needs spec_tokens) is not speculation: no draft weights, no draft KV (f2026). Were it counted, its KV would be
 * 2 layers x 64 elements a token x the context's tokens, above 0. */
static void test_idle_draft(void) {
    rl_model m;
    rl_gpu g;
    rl_error err;
    static rl_result r;
    CHECK(rl_model_preset("llama-3-8b", &m, &err) == RL_OK && rl_gpu_preset("h100-sxm", 0, &g, &err) == RL_OK,
          "presets for the idle draft");
    rl_deploy d = rl_deploy_default();
    d.draft.layers = 2;
    d.draft.hidden = 64;
    d.draft.kv_elems_per_token_per_layer = 64;
    CHECK(rl_analyze(&m, &g, &d, &r, &err) == RL_OK, "an idle draft is accepted (%s)", err.message);
    CHECK(r.draft_weights_gib == 0.0 && r.draft_kv_gib_per_request == 0.0,
          "spec_tokens 0: no draft memory (%g GiB weights, %g GiB KV)", r.draft_weights_gib, r.draft_kv_gib_per_request);
}

int main(int argc, char **argv) {
    test_small_peaks();
    test_offload_edges();
    test_zeroed_on_error();
    test_sweep_realistic();
    test_report_keys();
    test_draft_off();
    test_small_overrides();
    if (argc > 1) test_offload_vision(argv[1]);
    else {
        fprintf(stderr, "usage: rl_analysis_mutants_test TESTS_CONFIGS_DIR\n");
        failures++;
    }
    test_remedies();
    test_presets();
    test_assumptions();
    test_report_assumptions();
    test_estimate_peaks();
    test_pp_speedup_one();
    test_idle_draft();
    if (failures) fprintf(stderr, "%d failure(s)\n", failures);
    else printf("analysis mutants: all checks passed\n");
    return failures ? 1 : 0;
}
