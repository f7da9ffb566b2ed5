/* The request object: what the vectors, the wasm bridge and the page send. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

static const char *const request_keys[] = {"model", "config", "gpu", "precision", "kv_precision",
                                           "seq", "batch", "tp", "pp", "micro_batch", "kv_block",
                                           "moe_read", NULL};

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

static rl_status read_gpu(const rl_jdoc *doc, int v, rl_gpu *g, rl_error *err) {
    if (doc->tok[v].type == RL_J_STRING) {
        char id[64];
        rl_status st = rl_jstr(doc, v, "gpu", id, sizeof id, err);
        return st ? st : rl_gpu_preset(id, g, err);
    }
    if (doc->tok[v].type != RL_J_OBJECT)
        return rl_fail(err, RL_E_JSON_TYPE, "gpu",
                       "gpu must be a preset id or {\"tflops\", \"bandwidth_gbs\", \"vram_gib\"}");
    static const char *const keys[] = {"tflops", "bandwidth_gbs", "vram_gib", NULL};
    rl_status st = check_keys(doc, v, keys, "gpu.", err);
    if (st) return st;
    *g = rl_gpu_default();
    double *dst[3] = {&g->tflops, &g->bandwidth_gbs, &g->vram_gib};
    for (int i = 0; i < 3; i++) {
        char field[32];
        snprintf(field, sizeof field, "gpu.%s", keys[i]);
        int f = rl_jget(doc, v, keys[i]);
        if (f < 0) return rl_fail(err, RL_E_JSON_MISSING, field, "%s is missing", field);
        if ((st = rl_jnum(doc, f, field, dst[i], err))) return st;
    }
    return rl_gpu_validate(g, err);
}

rl_status rl_request_from_json(const char *json, size_t len, const char *config_text, size_t config_len,
                               rl_model *m, rl_gpu *g, rl_deploy *d, rl_error *err) {
    rl_clear_error(err);
    if (m == NULL || g == NULL || d == NULL)
        return rl_fail(err, RL_E_NULL, "request", "request: an output argument was NULL");
    rl_jdoc doc;
    rl_status st = rl_jparse(&doc, json, len, RL_REQUEST_MAX_BYTES, "request", err);
    if (st) return st;
    if ((st = check_keys(&doc, 0, request_keys, "", err))) return st;

    int model = rl_jget(&doc, 0, "model"), config = rl_jget(&doc, 0, "config");
    int named = (model >= 0) + (config >= 0) + (config_text != NULL);
    if (named != 1)
        return rl_fail(err, named ? RL_E_CONTRADICTION : RL_E_JSON_MISSING, "model",
                       "model: give exactly one of a preset id (model), an inline config, or config.json text");
    if (model >= 0) {
        char id[64];
        if ((st = rl_jstr(&doc, model, "model", id, sizeof id, err))) return st;
        if ((st = rl_model_preset(id, m, err))) return st;
    } else if (config >= 0) {
        if ((st = rl_model_from_doc(&doc, config, m, err))) return st;
    } else {
        if ((st = rl_model_from_config_json(config_text, config_len, m, err))) return st;
    }

    int gpu = rl_jget(&doc, 0, "gpu");
    if (gpu < 0) return rl_fail(err, RL_E_JSON_MISSING, "gpu", "gpu: give a preset id or a custom GPU");
    if ((st = read_gpu(&doc, gpu, g, err))) return st;

    rl_deploy dd = rl_deploy_default();
    char word[32];
    bool given;
    if ((st = read_word(&doc, "precision", word, sizeof word, &given, err))) return st;
    if (given && (rl_precision_parse(word, &dd.precision) != RL_OK || dd.precision == RL_PREC_AUTO))
        return rl_fail(err, RL_E_UNKNOWN_NAME, "precision",
                       "precision must be one of fp32, fp16, bf16, fp8, int8, int4 (got \"%s\")", word);
    if ((st = read_word(&doc, "kv_precision", word, sizeof word, &given, err))) return st;
    if (given && rl_precision_parse(word, &dd.kv_precision) != RL_OK)
        return rl_fail(err, RL_E_UNKNOWN_NAME, "kv_precision",
                       "kv_precision must be one of auto, fp32, fp16, bf16, fp8, int8, int4 (got \"%s\")", word);
    if ((st = read_word(&doc, "moe_read", word, sizeof word, &given, err))) return st;
    if (given && rl_moe_read_parse(word, &dd.moe_read) != RL_OK)
        return rl_fail(err, RL_E_UNKNOWN_NAME, "moe_read", "moe_read must be union or distinct (got \"%s\")", word);

    if ((st = read_count(&doc, "seq", 1, RL_MAX_SEQ, &dd.seq, err))) return st;
    if ((st = read_count(&doc, "batch", 1, RL_MAX_BATCH, &dd.batch, err))) return st;
    if ((st = read_count(&doc, "tp", 1, RL_MAX_PARALLEL, &dd.tp, err))) return st;
    if ((st = read_count(&doc, "pp", 1, RL_MAX_PARALLEL, &dd.pp, err))) return st;
    if ((st = read_count(&doc, "kv_block", 1, RL_MAX_SEQ, &dd.kv_block, err))) return st;
    if ((st = read_count(&doc, "micro_batch", 1, RL_MAX_BATCH, &dd.micro_batches, err))) return st;
    if ((st = rl_deploy_validate(&dd, err))) return st;
    *d = dd;
    return RL_OK;
}
