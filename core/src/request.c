/* The request object: what the vectors, the wasm bridge and the page send. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

static const char *const request_keys[] = {
    "model",         "config",     "gpu",           "gpu_limit",         "precision",         "kv_precision",
    "seq",           "batch",      "tp",            "pp",                "micro_batch",       "kv_block",
    "moe_read",      "pool_fraction", "context_reserve_gib", "nccl_gib_per_peer", "weight_overhead",
    "prefill_chunk", "launch_ms",  "params", NULL};

static rl_status check_keys(const rl_jdoc *doc, int obj, const char *const *allowed,
                            const char *prefix, rl_error *err) {
    int i = obj + 1;
    for (int k = 0; k < doc->tok[obj].size; k++, i = rl_jnext(doc, i + 1)) {
        bool known = false;
        for (const char *const *a = allowed; *a && !known; a++) known = rl_jkey_is(doc, i, *a);
        if (!known) {
            const rl_jtok *t = &doc->tok[i];
            int n = t->end - t->start;
            char field[64];
            snprintf(field, sizeof field, "%s%.*s", prefix, n > 40 ? 40 : n, doc->text + t->start);
            return rl_fail(err, RL_E_UNKNOWN_NAME, field, "%s is not a known key", field);
        }
    }
    return rl_jcheck_unique(doc, obj, prefix[0] ? "gpu" : "", err);
}

static rl_status read_count(const rl_jdoc *doc, const char *key, int64_t lo, int64_t hi, int64_t *out,
                            rl_error *err) {
    int v = rl_jget(doc, 0, key);
    if (v < 0) return RL_OK;
    return rl_jint(doc, v, key, lo, hi, out, err);
}

static rl_status read_word(const rl_jdoc *doc, const char *key, char *buf, size_t cap, bool *given,
                           rl_error *err) {
    int v = rl_jget(doc, 0, key);
    *given = v >= 0;
    if (v < 0) return RL_OK;
    return rl_jstr(doc, v, key, buf, cap, err);
}

static rl_status read_gpu(const rl_jdoc *doc, int v, int raised, rl_gpu *g, rl_error *err) {
    if (doc->tok[v].type == RL_J_STRING) {
        char id[256];
        rl_status st = rl_jstr(doc, v, "gpu", id, sizeof id, err);
        return st ? st : rl_gpu_preset(id, raised, g, err);
    }
    if (doc->tok[v].type != RL_J_OBJECT)
        return rl_fail(err, RL_E_JSON_TYPE, "gpu",
                       "gpu must be a preset id or {\"tflops\", \"bandwidth_gbs\", \"vram_gib\"}");
    static const char *const keys[] = {"tflops", "bandwidth_gbs", "vram_gib", "tflops_fp8", "tops_int8", NULL};
    rl_status st = check_keys(doc, v, keys, "gpu.", err);
    if (st) return st;
    *g = rl_gpu_default();
    double *dst[5] = {&g->tflops, &g->bandwidth_gbs, &g->vram_gib, &g->tflops_fp8, &g->tops_int8};
    for (int i = 0; i < 5; i++) {
        char field[32];
        snprintf(field, sizeof field, "gpu.%s", keys[i]);
        int f = rl_jget(doc, v, keys[i]);
        bool optional = i >= 3;
        if (i == 0 && f >= 0 && rl_jis_null(doc, f)) {
            g->tflops_unknown = 1; /* say so rather than invent a figure */
            continue;
        }
        if (f < 0 && optional) continue;
        if (f < 0) return rl_fail(err, RL_E_JSON_MISSING, field, "%s is missing", field);
        if ((st = rl_jnum(doc, f, field, dst[i], err))) return st;
    }
    return rl_gpu_validate(g, err);
}

static rl_status read_number(const rl_jdoc *doc, const char *key, double *out, rl_error *err) {
    int v = rl_jget(doc, 0, key);
    return v < 0 ? RL_OK : rl_jnum(doc, v, key, out, err);
}

static rl_status read_params(const rl_jdoc *doc, int v, double *params, rl_error *err) {
    if (doc->tok[v].type == RL_J_STRING) {
        char text[32];
        rl_status st = rl_jstr(doc, v, "params", text, sizeof text, err);
        return st ? st : rl_parse_params(text, params, err);
    }
    rl_status st = rl_jnum(doc, v, "params", params, err);
    if (st) return st;
    if (!(*params >= 1e6 && *params <= 1e15))
        return rl_fail(err, RL_E_RANGE, "params", "params must be from 1M to 1000T parameters (got %g)", *params);
    return RL_OK;
}

/* With `params` non-NULL a "params" request is accepted instead of a model:
 * *params is then set (> 0) and *m untouched. */
static rl_status parse_request(const rl_jdoc *doc, const char *config_text, size_t config_len, rl_model *m,
                               double *params, rl_gpu *g, rl_deploy *d, rl_error *err) {
    rl_status st;
    if ((st = check_keys(doc, 0, request_keys, "", err))) return st;

    int model = rl_jget(doc, 0, "model"), config = rl_jget(doc, 0, "config"), pv = rl_jget(doc, 0, "params");
    if (params) *params = 0.0;
    int named = (model >= 0) + (config >= 0) + (config_text != NULL) + (pv >= 0 && params != NULL);
    if (pv >= 0 && params == NULL)
        return rl_fail(err, RL_E_UNKNOWN_NAME, "params", "params: this call needs a model; use rl_run_json for estimates");
    if (named != 1)
        return rl_fail(err, named ? RL_E_CONTRADICTION : RL_E_JSON_MISSING, "model",
                       "model: give exactly one of a preset id (model), an inline config, config.json text, or params");
    if (pv >= 0) {
        if ((st = read_params(doc, pv, params, err))) return st;
    } else if (model >= 0) {
        char id[256]; /* longer than any id, so a long one is "unknown", not "too long" */
        if ((st = rl_jstr(doc, model, "model", id, sizeof id, err))) return st;
        if ((st = rl_model_preset(id, m, err))) return st;
    } else if (config >= 0) {
        if ((st = rl_model_from_doc(doc, config, m, err))) return st;
    } else {
        if ((st = rl_model_from_config_json(config_text, config_len, m, err))) return st;
    }

    char word[32];
    bool given;
    int raised = 0;
    if ((st = read_word(doc, "gpu_limit", word, sizeof word, &given, err))) return st;
    if (given && strcmp(word, "raised") == 0) raised = 1;
    else if (given && strcmp(word, "default") != 0)
        return rl_fail(err, RL_E_UNKNOWN_NAME, "gpu_limit", "gpu_limit must be default or raised (got \"%s\")", word);
    int gpu = rl_jget(doc, 0, "gpu");
    if (gpu < 0) return rl_fail(err, RL_E_JSON_MISSING, "gpu", "gpu: give a preset id or a custom GPU");
    if ((st = read_gpu(doc, gpu, raised, g, err))) return st;

    rl_deploy dd = rl_deploy_default();
    if ((st = read_word(doc, "precision", word, sizeof word, &given, err))) return st;
    if (given && rl_precision_parse(word, &dd.precision) != RL_OK)
        return rl_fail(err, RL_E_UNKNOWN_NAME, "precision",
                       "precision must be one of auto, fp32, fp16, bf16, fp8, int8, int4 (got \"%s\")", word);
    if ((st = read_word(doc, "kv_precision", word, sizeof word, &given, err))) return st;
    if (given && rl_precision_parse(word, &dd.kv_precision) != RL_OK)
        return rl_fail(err, RL_E_UNKNOWN_NAME, "kv_precision",
                       "kv_precision must be one of auto, fp32, fp16, bf16, fp8, int8, int4 (got \"%s\")", word);
    if ((st = read_word(doc, "moe_read", word, sizeof word, &given, err))) return st;
    if (given && rl_moe_read_parse(word, &dd.moe_read) != RL_OK)
        return rl_fail(err, RL_E_UNKNOWN_NAME, "moe_read", "moe_read must be union or distinct (got \"%s\")", word);

    if ((st = read_count(doc, "seq", 1, RL_MAX_SEQ, &dd.seq, err))) return st;
    if ((st = read_count(doc, "batch", 1, RL_MAX_BATCH, &dd.batch, err))) return st;
    if ((st = read_count(doc, "tp", 1, RL_MAX_PARALLEL, &dd.tp, err))) return st;
    if ((st = read_count(doc, "pp", 1, RL_MAX_PARALLEL, &dd.pp, err))) return st;
    if ((st = read_count(doc, "kv_block", 1, RL_MAX_SEQ, &dd.kv_block, err))) return st;
    if ((st = read_count(doc, "micro_batch", 1, RL_MAX_BATCH, &dd.micro_batches, err))) return st;
    if ((st = read_count(doc, "prefill_chunk", 1, RL_MAX_SEQ, &dd.prefill_chunk, err))) return st;
    if ((st = read_number(doc, "pool_fraction", &dd.pool_fraction, err)) ||
        (st = read_number(doc, "context_reserve_gib", &dd.context_reserve_gib, err)) ||
        (st = read_number(doc, "nccl_gib_per_peer", &dd.nccl_gib_per_peer, err)) ||
        (st = read_number(doc, "weight_overhead", &dd.weight_overhead, err)) ||
        (st = read_number(doc, "launch_ms", &dd.launch_ms, err)))
        return st;
    if ((st = rl_deploy_validate(&dd, err))) return st;
    *d = dd;
    return RL_OK;
}

rl_status rl_request_from_json(const char *json, size_t len, const char *config_text, size_t config_len,
                               rl_model *m, rl_gpu *g, rl_deploy *d, rl_error *err) {
    rl_clear_error(err);
    if (m == NULL || g == NULL || d == NULL)
        return rl_fail(err, RL_E_NULL, "request", "request: an output argument was NULL");
    rl_jdoc doc;
    rl_status st = rl_jparse(&doc, json, len, RL_REQUEST_MAX_BYTES, "request", err);
    return st ? st : parse_request(&doc, config_text, config_len, m, NULL, g, d, err);
}

size_t rl_run_json(const char *request, size_t len, const char *config_text, size_t config_len, char *buf,
                   size_t cap, rl_status *status) {
    rl_model m;
    rl_gpu g;
    rl_deploy d;
    rl_error err;
    double params = 0.0;
    rl_jdoc doc;
    rl_clear_error(&err);
    rl_status st = rl_jparse(&doc, request, len, RL_REQUEST_MAX_BYTES, "request", &err);
    if (st == RL_OK) st = parse_request(&doc, config_text, config_len, &m, &params, &g, &d, &err);
    size_t n = 0;
    if (st == RL_OK && params > 0) {
        rl_estimate e;
        st = rl_estimate_params(params, &g, &d, &e, &err);
        if (st == RL_OK) n = rl_estimate_json(&g, &d, &e, buf, cap);
    } else if (st == RL_OK) {
        rl_result r;
        st = rl_analyze(&m, &g, &d, &r, &err);
        if (st == RL_OK) n = rl_report_json(&m, &g, &d, &r, buf, cap);
    }
    if (st != RL_OK) n = rl_error_json(&err, buf, cap);
    if (status) *status = st;
    return n;
}
