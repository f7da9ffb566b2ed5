/* roofline-lint: does an LLM deployment fit, and where is its decode bottleneck?
 * Exit codes: 0 fits, 3 does not fit, 2 bad arguments or config.json,
 * 1 a self-test or prove-red failure. */
#define _POSIX_C_SOURCE 200809L
#include "faults.h"
#include "report_text.h"
#include "roofline.h"
#include "vectors.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EXIT_FITS = 0, EXIT_SELFTEST = 1, EXIT_USAGE = 2, EXIT_REFUSED = 3 };

static const char usage[] =
    "usage: roofline-lint (--model ID | --config PATH | --params SIZE) (--gpu ID | --tflops T --bandwidth-gbs G --vram-gib V)\n"
    "                     [--precision P] [--kv-precision P] [--seq N] [--batch N] [--tp N] [--pp N]\n"
    "                     [--micro-batches M] [--kv-block N] [--moe-read union|distinct] [--json]\n"
    "       roofline-lint --request JSON [--config PATH]   (the page's request object; prints JSON)\n"
    "       roofline-lint --list | --selftest | --prove-red [--vectors DIR] | --help | --version\n"
    "\n"
    "Does the model fit on the GPUs, and if so where is the decode bottleneck?\n"
    "  --model ID          a model preset (see --list)\n"
    "  --config PATH       a Hugging Face config.json instead of a preset\n"
    "  --params SIZE       only the size, e.g. 70B: an approximate estimate (no KV, attention or MoE)\n"
    "  --gpu ID            a GPU preset (see --list); --tflops/--bandwidth-gbs/--vram-gib override it\n"
    "  --tflops T          dense FP16 TFLOPS per GPU (custom GPU)\n"
    "  --bandwidth-gbs G   memory bandwidth per GPU, GB/s (custom GPU)\n"
    "  --vram-gib V        memory per GPU, GiB (custom GPU)\n"
    "  --precision P       weights: auto fp32 fp16 bf16 fp8 int8 int4 (default auto: the checkpoint's own format)\n"
    "  --kv-precision P    KV cache, same choices or auto (default: follows --precision)\n"
    "  --seq N             context tokens per request, prompt + generated (default 4096)\n"
    "  --batch N           concurrent requests (default 1)\n"
    "  --tp N / --pp N     tensor / pipeline parallel degree (default 1)\n"
    "  --micro-batches M   pipeline micro-batches, 1..batch, needs --pp > 1 (default: batch)\n"
    "  --kv-block N        paged KV block in tokens (default off)\n"
    "  --moe-read MODE     experts a step reads per MoE layer: union (expected distinct, default) or distinct (min(B*k, E))\n"
    "  --tflops-fp8 T / --tops-int8 T  dense FP8 / INT8 peaks of a custom GPU (the roof for fp8 / int8 math)\n"
    "  --raised-limit      unified memory: the raised GPU limit (Apple iogpu.wired_limit_mb, Strix Halo tuned)\n"
    "Realistic budget (each line is shown; the floor alone decides a refusal, this one marks a fit as tight):\n"
    "  --pool-fraction F   engine memory pool, vLLM gpu_memory_utilization (default 0.90)\n"
    "  --context-reserve-gib G  driver/CUDA context (default 0.6, headless)\n"
    "  --desktop           a GPU that also drives a display: context reserve 1.0 GiB\n"
    "  --nccl-gib-per-peer G    NCCL buffers per other GPU (default 0.35)\n"
    "  --weight-overhead F      container/alignment share on the weights (default 0.02)\n"
    "  --prefill-chunk N   tokens per prefill chunk, for the activation peak (default 2048)\n"
    "  --launch-ms MS      fixed time-to-first-token overhead (default 35)\n"
    "  --json              print one JSON object instead of the report\n"
    "  --list              list the presets\n"
    "  --selftest          run the test vectors\n"
    "  --prove-red         run the vectors against known-wrong formulas; each must turn some red\n"
    "  --vectors DIR       vector folder for --selftest / --prove-red\n"
    "\n"
    "Exit status: 0 fits, 3 does not fit, 2 bad arguments or config.json, 1 self-test failure.\n";

typedef struct options {
    const char *model, *config, *gpu, *vectors, *params, *request;
    const char *tflops, *bandwidth, *vram, *tflops_fp8, *tops_int8;
    int json, list, selftest, prove_red, raised_limit, desktop;
} options;

static int fail_usage(const char *flag, const char *msg) {
    fprintf(stderr, "roofline-lint: %s%s%s\n(see roofline-lint --help)\n", flag ? flag : "", flag ? ": " : "", msg);
    return EXIT_USAGE;
}

static int fail_error(const rl_error *err, int json) {
    if (json) {
        char buf[1024];
        rl_error_json(err, buf, sizeof buf);
        printf("%s\n", buf);
    }
    fprintf(stderr, "roofline-lint: error [%s]: %s\n", rl_status_name(err->status), err->message);
    return EXIT_USAGE;
}

static int list_presets(void) {
    printf("Models (params total / active):\n");
    for (size_t i = 0; i < rl_preset_count(RL_PRESET_MODEL); i++) {
        const char *id = rl_preset_id(RL_PRESET_MODEL, i);
        rl_model m;
        rl_error err;
        if (rl_model_preset(id, &m, &err) == RL_OK)
            printf("  %-18s %16.0f / %.0f\n", id, m.params_total, m.params_active);
        else
            printf("  %-18s (not loadable: %s)\n", id, err.message);
    }
    printf("GPUs (dense FP16 TFLOPS / GB/s / GiB):\n");
    for (size_t i = 0; i < rl_preset_count(RL_PRESET_GPU); i++) {
        const char *id = rl_preset_id(RL_PRESET_GPU, i);
        rl_gpu g;
        rl_error err;
        cJSON *j = cJSON_Parse(rl_preset_json(RL_PRESET_GPU, id));
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(j, "name");
        if (rl_gpu_preset(id, 0, &g, &err) == RL_OK)
        {
            char tflops[16];
            if (g.tflops_unknown) snprintf(tflops, sizeof tflops, "%s", "unsourced");
            else snprintf(tflops, sizeof tflops, "%.4g", g.tflops);
            printf("  %-18s %9s / %6.4g / %6.4g  %s\n", id, tflops, g.bandwidth_gbs, g.vram_gib,
                   cJSON_IsString(name) ? name->valuestring : "");
        }
        else
            printf("  %-18s (%s)\n", id, err.message);
        cJSON_Delete(j);
    }
    return EXIT_FITS;
}

static int selftest(const char *dir) {
    rl_vec_stats s;
    if (rl_vectors_run(dir, stderr, &s) != 0) return EXIT_SELFTEST;
    printf("%d vector files\n%d passed, %d failed\n", s.files, s.passed, s.failed);
    return s.failed == 0 && s.passed > 0 ? EXIT_FITS : EXIT_SELFTEST;
}

static int prove_red(const char *dir) {
    rl_vec_stats s;
    if (rl_vectors_run(dir, stderr, &s) != 0 || s.failed != 0 || s.passed == 0) {
        fprintf(stderr, "prove-red: the vectors must all pass with the right formulas first\n");
        return EXIT_SELFTEST;
    }
    printf("right formulas: %d vectors green\n", s.passed);
    int caught = 0, survived = 0;
    for (int f = 1; f < RL_FAULT_COUNT_; f++) {
        rl_testing_set_fault((rl_fault)f);
        rl_vectors_run(dir, NULL, &s);
        printf("%-28s %3d red  %s%.300s%s\n", rl_fault_name((rl_fault)f), s.failed, s.failed ? "(" : "SURVIVED",
               s.failed_names, s.failed ? ")" : "");
        if (s.failed > 0) caught++;
        else survived++;
    }
    rl_testing_set_fault(RL_FAULT_NONE);
    printf("%d passed, %d failed\n", caught, survived);
    return survived == 0 ? EXIT_FITS : EXIT_SELFTEST;
}

static char *read_config(const char *path, size_t *len, rl_error *err) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        err->status = RL_E_FILE;
        snprintf(err->field, sizeof err->field, "config");
        snprintf(err->message, sizeof err->message, "--config: cannot open \"%.200s\"", path);
        return NULL;
    }
    char *buf = malloc(RL_CONFIG_MAX_BYTES + 2);
    size_t n = buf ? fread(buf, 1, RL_CONFIG_MAX_BYTES + 1, f) : 0;
    fclose(f);
    *len = n; /* one byte past the limit is enough for the core to refuse it */
    return buf;
}

/* Integer flags: the core's parser gives the message naming the range. */
static int int_flag(const char *flag, const char *value, int64_t lo, int64_t hi, int64_t *out) {
    rl_error err;
    if (rl_parse_count(value, flag + 2, lo, hi, out, &err) != RL_OK) return fail_usage(flag, err.message);
    return 0;
}

static int prec_flag(const char *flag, const char *value, rl_precision *out) {
    if (rl_precision_parse(value, out) != RL_OK) return fail_usage(flag, "must be one of auto, fp32, fp16, bf16, fp8, int8, int4");
    return 0;
}

static int num_flag(const char *flag, const char *value, double *out) {
    rl_error err;
    if (rl_parse_number(value, flag + 2, out, &err) != RL_OK) return fail_usage(flag, err.message);
    return 0;
}

/* --request JSON: the page's and the vectors' request object, through the same
 * rl_run_json entry point as the wasm bridge; prints its JSON. */
static int run_request(const char *request, const char *config_path) {
    rl_error err;
    size_t config_len = 0;
    char *config = NULL;
    if (config_path != NULL && (config = read_config(config_path, &config_len, &err)) == NULL) return fail_error(&err, 1);
    static char buf[1 << 18];
    static rl_run run; /* the same reader and analysis as rl_run_json, kept as structs */
    rl_run_request(request, strlen(request), config, config_len, &run);
    free(config);
    rl_run_write_json(&run, buf, sizeof buf);
    printf("%s\n", buf);
    /* The exit code comes from the result itself, never from the text. */
    if (run.status != RL_OK) return EXIT_USAGE;
    if (run.is_estimate)
        return run.estimate.gpus_needed >= 1 && run.estimate.gpus_needed <= run.deploy.tp * run.deploy.pp ? EXIT_FITS
                                                                                                           : EXIT_REFUSED;
    return run.result.fits ? EXIT_FITS : EXIT_REFUSED;
}

/* The parameters-only path: approximate, and says so. Exit 0 when the weights
 * fit on the GPUs given (tp × pp), 3 when they need more. */
static int run_estimate(const options *o, const rl_gpu *g, const rl_deploy *d, double params) {
    rl_estimate e;
    rl_error err;
    if (rl_estimate_params(params, g, d, &e, &err) != RL_OK) return fail_error(&err, o->json);
    int enough = e.gpus_needed >= 1 && e.gpus_needed <= d->tp * d->pp;
    if (o->json) {
        static char buf[1 << 14];
        rl_estimate_json(g, d, &e, buf, sizeof buf);
        printf("%s\n", buf);
        return enough ? EXIT_FITS : EXIT_REFUSED;
    }
    printf("%.4g B parameters on %s, estimated from the size alone (less exact than a config.json:\n"
           "no KV cache, attention or MoE is counted)\n\n",
           params / 1e9, g->name);
    printf("  weights             %.2f GiB at %.3g bytes/param\n", e.weights_gib, e.bytes_per_param);
    printf("  usable per GPU      %.2f GiB\n", e.usable_gib_per_gpu);
    printf("  GPUs needed         %lld (for the weights; the KV cache needs more)\n", (long long)e.gpus_needed);
    printf("  decode intensity    %.4g FLOP/byte at batch %lld (B / bytes per param)\n", e.decode_ai, (long long)d->batch);
    if (e.ridge > 0) printf("  ridge               %.4g FLOP/byte: %s-bound\n", e.ridge, rl_bound_name(e.bound));
    printf("  attainable          %.4g TFLOPS\n", e.attainable_tflops);
    if (e.lever_count > 0) {
        printf("\nLevers, most effect first:\n");
        for (int i = 0; i < e.lever_count; i++)
            printf("  %d. %-22s up to %.3gx\n", i + 1, rl_lever_code(e.lever_order[i]), e.lever_gain[e.lever_order[i]]);
    }
    return enough ? EXIT_FITS : EXIT_REFUSED;
}

int main(int argc, char **argv) {
    options o = {0};
    o.vectors = RL_VECTORS_DIR;
    rl_deploy d = rl_deploy_default();
    int micro_given = 0;
    int rc;

    for (int i = 1; i < argc; i++) {
        char flag[64];
        const char *arg = argv[i], *value = NULL;
        const char *eq = strchr(arg, '=');
        if (strncmp(arg, "--", 2) == 0 && eq != NULL && (size_t)(eq - arg) < sizeof flag) {
            snprintf(flag, sizeof flag, "%.*s", (int)(eq - arg), arg);
            value = eq + 1;
        } else {
            snprintf(flag, sizeof flag, "%.63s", arg);
        }
        /* Boolean flags. */
        int *toggle = strcmp(flag, "--json") == 0       ? &o.json
                      : strcmp(flag, "--list") == 0     ? &o.list
                      : strcmp(flag, "--selftest") == 0 ? &o.selftest
                      : strcmp(flag, "--prove-red") == 0 ? &o.prove_red
                      : strcmp(flag, "--raised-limit") == 0 ? &o.raised_limit
                      : strcmp(flag, "--desktop") == 0  ? &o.desktop
                                                         : NULL;
        if (toggle) {
            if (value) return fail_usage(flag, "takes no value");
            *toggle = 1;
            continue;
        }
        if (strcmp(flag, "--help") == 0 || strcmp(flag, "-h") == 0) {
            fputs(usage, stdout);
            return EXIT_FITS;
        }
        if (strcmp(flag, "--version") == 0) {
            printf("roofline-lint %s\n", RL_VERSION);
            return EXIT_FITS;
        }
        if (strncmp(flag, "--", 2) != 0) return fail_usage(flag, "unexpected argument");
        if (value == NULL) {
            if (i + 1 >= argc) return fail_usage(flag, "needs a value");
            value = argv[++i];
        }
        if (strcmp(flag, "--model") == 0) o.model = value;
        else if (strcmp(flag, "--params") == 0) o.params = value;
        else if (strcmp(flag, "--request") == 0) o.request = value;
        else if (strcmp(flag, "--config") == 0) o.config = value;
        else if (strcmp(flag, "--gpu") == 0) o.gpu = value;
        else if (strcmp(flag, "--vectors") == 0) o.vectors = value;
        else if (strcmp(flag, "--tflops") == 0) o.tflops = value;
        else if (strcmp(flag, "--bandwidth-gbs") == 0 || strcmp(flag, "--bandwidth") == 0) o.bandwidth = value;
        else if (strcmp(flag, "--vram-gib") == 0 || strcmp(flag, "--vram") == 0) o.vram = value;
        else if (strcmp(flag, "--precision") == 0) { if ((rc = prec_flag(flag, value, &d.precision))) return rc; }
        else if (strcmp(flag, "--kv-precision") == 0) { if ((rc = prec_flag(flag, value, &d.kv_precision))) return rc; }
        else if (strcmp(flag, "--seq") == 0) { if ((rc = int_flag(flag, value, 1, RL_MAX_SEQ, &d.seq))) return rc; }
        else if (strcmp(flag, "--batch") == 0) { if ((rc = int_flag(flag, value, 1, RL_MAX_BATCH, &d.batch))) return rc; }
        else if (strcmp(flag, "--tp") == 0) { if ((rc = int_flag(flag, value, 1, RL_MAX_PARALLEL, &d.tp))) return rc; }
        else if (strcmp(flag, "--pp") == 0) { if ((rc = int_flag(flag, value, 1, RL_MAX_PARALLEL, &d.pp))) return rc; }
        else if (strcmp(flag, "--kv-block") == 0) { if ((rc = int_flag(flag, value, 1, RL_MAX_SEQ, &d.kv_block))) return rc; }
        else if (strcmp(flag, "--micro-batches") == 0 || strcmp(flag, "--micro-batch") == 0) {
            if ((rc = int_flag(flag, value, 1, RL_MAX_BATCH, &d.micro_batches))) return rc;
            micro_given = 1;
        } else if (strcmp(flag, "--pool-fraction") == 0) { if ((rc = num_flag(flag, value, &d.pool_fraction))) return rc; }
        else if (strcmp(flag, "--context-reserve-gib") == 0) { if ((rc = num_flag(flag, value, &d.context_reserve_gib))) return rc; }
        else if (strcmp(flag, "--nccl-gib-per-peer") == 0) { if ((rc = num_flag(flag, value, &d.nccl_gib_per_peer))) return rc; }
        else if (strcmp(flag, "--weight-overhead") == 0) { if ((rc = num_flag(flag, value, &d.weight_overhead))) return rc; }
        else if (strcmp(flag, "--launch-ms") == 0) { if ((rc = num_flag(flag, value, &d.launch_ms))) return rc; }
        else if (strcmp(flag, "--prefill-chunk") == 0) { if ((rc = int_flag(flag, value, 1, RL_MAX_SEQ, &d.prefill_chunk))) return rc; }
        else if (strcmp(flag, "--tflops-fp8") == 0) o.tflops_fp8 = value;
        else if (strcmp(flag, "--tops-int8") == 0) o.tops_int8 = value;
        else if (strcmp(flag, "--moe-read") == 0) {
            if (rl_moe_read_parse(value, &d.moe_read) != RL_OK) return fail_usage(flag, "must be union or distinct");
        } else {
            return fail_usage(flag, "unknown flag");
        }
    }

    if (o.list) return list_presets();
    if (o.request) return run_request(o.request, o.config);
    if (o.selftest) return selftest(o.vectors);
    if (o.prove_red) return prove_red(o.vectors);

    rl_error err;
    rl_model m;
    if ((o.model != NULL) + (o.config != NULL) + (o.params != NULL) != 1)
        return fail_usage("--model/--config/--params", "give exactly one of them");
    if (o.params != NULL) {
        if (rl_parse_params(o.params, &m.params_total, &err) != RL_OK) return fail_error(&err, o.json);
    } else if (o.model != NULL) {
        if (rl_model_preset(o.model, &m, &err) != RL_OK) return fail_error(&err, o.json);
    } else {
        size_t len = 0;
        char *text = read_config(o.config, &len, &err);
        if (text == NULL) return fail_error(&err, o.json);
        rl_status st = rl_model_from_config_json(text, len, &m, &err);
        free(text);
        if (st != RL_OK) return fail_error(&err, o.json);
    }

    rl_gpu g = rl_gpu_default();
    if (o.gpu != NULL && rl_gpu_preset(o.gpu, o.raised_limit, &g, &err) != RL_OK) return fail_error(&err, o.json);
    if (o.gpu == NULL && !(o.tflops && o.bandwidth && o.vram))
        return fail_usage("--gpu", "give a GPU preset, or all of --tflops, --bandwidth-gbs and --vram-gib");
    if (o.tflops && (rc = num_flag("--tflops", o.tflops, &g.tflops))) return rc;
    if (o.bandwidth && (rc = num_flag("--bandwidth-gbs", o.bandwidth, &g.bandwidth_gbs))) return rc;
    if (o.vram && (rc = num_flag("--vram-gib", o.vram, &g.vram_gib))) return rc;
    if (o.tflops_fp8 && (rc = num_flag("--tflops-fp8", o.tflops_fp8, &g.tflops_fp8))) return rc;
    if (o.tops_int8 && (rc = num_flag("--tops-int8", o.tops_int8, &g.tops_int8))) return rc;
    if (o.tflops) g.tflops_unknown = 0;
    /* A display's compositor keeps its own share of the GPU. */
    if (o.desktop && d.context_reserve_gib == rl_deploy_default().context_reserve_gib) d.context_reserve_gib = 1.0;
    if (o.gpu != NULL && (o.tflops || o.bandwidth || o.vram)) snprintf(g.name, sizeof g.name, "%.50s (custom)", o.gpu);
    (void)micro_given;

    if (o.params != NULL) return run_estimate(&o, &g, &d, m.params_total);

    rl_result r;
    if (rl_analyze(&m, &g, &d, &r, &err) != RL_OK) {
        /* Name the flag, not the request key. */
        for (char *p = err.field; *p; p++)
            if (*p == '_') *p = '-';
        return fail_error(&err, o.json);
    }
    if (o.json) {
        static char buf[1 << 16];
        rl_report_json(&m, &g, &d, &r, buf, sizeof buf);
        printf("%s\n", buf);
    } else {
        rl_print_report(stdout, &m, &g, &d, &r);
    }
    return r.fits ? EXIT_FITS : EXIT_REFUSED;
}
