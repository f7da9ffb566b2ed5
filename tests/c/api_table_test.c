/* C API tests of the field table and the request reader at their edges: every
 * row's range ends, every flag and alias, the gpu object's keys, and the
 * unified-memory limit recomputed from the preset file's own rule. Expected
 * values come from the table itself (core/fields.json) or the preset file,
 * never from running the code under test. */
#include "api_table_test.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static int *passed_, *failed_;
#define CHECK_PASSED (*passed_)
#define CHECK_FAILED (*failed_)
#include "check.h"

static void *member(void *base, const rl_field *f) { return (char *)base + f->offset; }

/* Sets a COUNT or NUMBER row of base to v. */
static void put(void *base, const rl_field *f, double v) {
    if (f->type == RL_FIELD_COUNT) *(int64_t *)member(base, f) = (int64_t)v;
    else *(double *)member(base, f) = v;
}

/* A deployment in which every row may take its extremes on its own: pp > 1 and
 * the largest batch, so that micro_batches' own range is what is tested. */
static rl_deploy roomy_deploy(void) {
    rl_deploy d = rl_deploy_default();
    d.pp = 2;
    d.batch = (int64_t)rl_field_by_key("batch")->max;
    return d;
}

static void test_row_ranges(void) {
    for (size_t i = 0; i < rl_field_count(); i++) {
        const rl_field *f = rl_field_at(i);
        if (f->type != RL_FIELD_COUNT && f->type != RL_FIELD_NUMBER) continue;
        if (f->target != RL_TARGET_DEPLOY && f->target != RL_TARGET_GPU) continue;
        /* Just outside each end: one below the minimum (an integer row) or the next double. */
        double below = f->type == RL_FIELD_COUNT ? f->min - 1 : nextafter(f->min, -INFINITY);
        double above = f->type == RL_FIELD_COUNT ? f->max + 1 : nextafter(f->max, INFINITY);
        double ends[4] = {f->min, f->max, below, above};
        for (int e = 0; e < 4; e++) {
            int inside = e < 2;
            /* 0 in a ZERO_IS_UNSET row means "unset", not a value under the minimum. */
            if (!inside && (f->flags & RL_FIELD_ZERO_IS_UNSET) && ends[e] == 0.0) continue;
            rl_error err;
            rl_status st;
            if (f->target == RL_TARGET_DEPLOY) {
                rl_deploy d = roomy_deploy();
                put(&d, f, ends[e]);
                st = rl_deploy_validate(&d, &err);
            } else {
                rl_gpu g = rl_gpu_default();
                g.tflops = g.bandwidth_gbs = g.vram_gib = 1.0;
                put(&g, f, ends[e]);
                st = rl_gpu_validate(&g, &err);
            }
            if (inside) {
                /* Accepted for its range; a rule tying it to another field (spec_tokens needs
                 * spec_draft) may still speak, but never as this row's range error. */
                CHECK(st == RL_OK || !(st == RL_E_RANGE && strcmp(err.field, f->key) == 0),
                      "%s = %.17g (an end of its range) is accepted: %s", f->key, ends[e], err.message);
            } else {
                CHECK(st != RL_OK && strcmp(err.field, f->key) == 0, "%s = %.17g (just outside) is refused naming %s (got %s)",
                      f->key, ends[e], f->key, err.field);
            }
        }
    }
}

static void test_unified_ram_range(void) {
    /* rl_gpu_validate's own range for the RAM of a unified-memory machine: 0.001 to 1e6 GiB. */
    double values[4] = {0.001, 1e6, nextafter(0.001, 0.0), nextafter(1e6, INFINITY)};
    for (int i = 0; i < 4; i++) {
        rl_gpu g = rl_gpu_default();
        g.tflops = g.bandwidth_gbs = g.vram_gib = 1.0;
        g.unified = 1;
        g.ram_gib = values[i];
        rl_error err;
        rl_status st = rl_gpu_validate(&g, &err);
        if (i < 2) CHECK(st == RL_OK, "ram_gib %.17g accepted", values[i]);
        else CHECK(st == RL_E_RANGE && strcmp(err.field, "gpu.ram_gib") == 0, "ram_gib %.17g refused", values[i]);
    }
    rl_gpu g = rl_gpu_default();
    g.tflops_unknown = 1; /* tflops 0 is not range-checked when it is stated unknown */
    g.bandwidth_gbs = g.vram_gib = 1.0;
    rl_error err;
    CHECK(rl_gpu_validate(&g, &err) == RL_OK, "unknown TFLOPS is not a range error: %s", err.message);
    g.bandwidth_gbs = 0.0;
    CHECK(rl_gpu_validate(&g, &err) == RL_E_RANGE && strcmp(err.field, "gpu.bandwidth_gbs") == 0,
          "with unknown TFLOPS the other figures are still checked");
}

/* Every word of a space-separated list, in order. */
static int words(const char *list, char out[][48], int cap) {
    int n = 0;
    for (const char *p = list; *p && n < cap;) {
        while (*p == ' ') p++;
        size_t len = strcspn(p, " ");
        if (len == 0) break;
        snprintf(out[n++], 48, "%.*s", (int)len, p);
        p += len;
    }
    return n;
}

static void test_lookups(void) {
    size_t n = rl_field_count();
    CHECK(n > 0 && rl_field_at(n) == NULL && rl_field_at(n - 1) != NULL, "rows end at rl_field_count()");
    CHECK(rl_field_by_key(NULL) == NULL && rl_field_by_key("no_such_key") == NULL, "unknown keys are NULL");
    CHECK(rl_field_by_flag(NULL) == NULL && rl_field_by_flag("--no-such-flag") == NULL, "unknown flags are NULL");
    for (size_t i = 0; i < n; i++) {
        const rl_field *f = rl_field_at(i);
        CHECK(rl_field_by_key(f->key) == f, "row %zu is found by its key %s", i, f->key);
        CHECK(rl_field_by_flag(f->flag) == f, "row %zu is found by its flag %s", i, f->flag);
        char alias[8][48];
        int k = words(f->aliases, alias, 8);
        for (int a = 0; a < k; a++) {
            CHECK(rl_field_by_flag(alias[a]) == f, "%s is an alias of %s", alias[a], f->flag);
            /* Neither a prefix nor a longer word is the alias. */
            char longer[64];
            snprintf(longer, sizeof longer, "%.46sx", alias[a]);
            CHECK(rl_field_by_flag(longer) != f, "%s is not %s", longer, alias[a]);
            alias[a][strlen(alias[a]) - 1] = '\0';
            CHECK(rl_field_by_flag(alias[a]) == NULL || rl_field_by_flag(alias[a]) != f,
                  "a prefix of an alias is not it (%s)", alias[a]);
        }
    }
    /* A group for every row. */
    for (size_t i = 0; i < n; i++) {
        int found = 0;
        for (size_t g = 0; g < rl_field_group_count(); g++) found |= strcmp(rl_field_group_at(g)->key, rl_field_at(i)->group) == 0;
        CHECK(found, "row %s has a known group", rl_field_at(i)->key);
    }
    CHECK(rl_field_group_at(rl_field_group_count()) == NULL, "groups end at rl_field_group_count()");
}

static void test_defaults(void) {
    rl_deploy d = rl_deploy_default();
    for (size_t i = 0; i < rl_field_count(); i++) {
        const rl_field *f = rl_field_at(i);
        if (f->target != RL_TARGET_DEPLOY) continue;
        double v = f->type == RL_FIELD_COUNT    ? (double)*(int64_t *)member(&d, f)
                   : f->type == RL_FIELD_NUMBER ? *(double *)member(&d, f)
                                                : (double)*(int *)member(&d, f);
        CHECK(v == f->def, "rl_deploy_default's %s is the table's default %g (got %g)", f->key, f->def, v);
    }
    rl_gpu g = rl_gpu_default();
    CHECK(strcmp(g.name, "custom") == 0 && g.tflops == 0 && g.bandwidth_gbs == 0 && g.vram_gib == 0 && !g.unified,
          "rl_gpu_default is zero and named custom");
}

/* The enum error lists every choice, in order, and the word given. */
static void test_bad_choice_message(void) {
    const rl_field *f = rl_field_by_key("precision");
    const char *req = "{\"model\":\"qwen3-4b\",\"gpu\":\"a100-40g\",\"precision\":\"fp12\"}";
    rl_model m;
    rl_gpu g;
    rl_deploy d;
    rl_error err;
    CHECK(rl_request_from_json(req, strlen(req), NULL, 0, &m, &g, &d, &err) == RL_E_UNKNOWN_NAME &&
              strcmp(err.field, "precision") == 0,
          "a bad precision is unknown_name on precision");
    char want[256] = "";
    for (int c = 0; f->choices[c]; c++) {
        strcat(want, c ? ", " : "");
        strcat(want, f->choices[c]);
    }
    CHECK(strstr(err.message, want) != NULL && strstr(err.message, "\"fp12\"") != NULL,
          "the message lists \"%s\" and the word: %s", want, err.message);
    /* An enum value out of range in a struct: named, without a word. */
    d = rl_deploy_default();
    d.precision = (rl_precision)99;
    CHECK(rl_deploy_validate(&d, &err) == RL_E_UNKNOWN_NAME && strcmp(err.field, "precision") == 0 &&
              strstr(err.message, want) != NULL && strstr(err.message, "got") == NULL,
          "an out-of-range enum is named with its choices: %s", err.message);
    d.precision = (rl_precision)-1;
    CHECK(rl_deploy_validate(&d, &err) == RL_E_UNKNOWN_NAME, "a negative enum is refused");
}

static rl_status run(const char *req, rl_run *r) { return rl_run_request(req, strlen(req), NULL, 0, r); }

static void test_gpu_object(void) {
    static rl_run r;
    /* A base preset with one figure of the user's own keeps the preset's others. */
    rl_gpu a100;
    rl_error err;
    CHECK(rl_gpu_preset("a100-40g", 0, &a100, &err) == RL_OK, "a100-40g loads");
    CHECK(run("{\"model\":\"qwen3-4b\",\"gpu\":{\"base\":\"a100-40g\",\"tflops\":100}}", &r) == RL_OK &&
              r.gpu.tflops == 100 && r.gpu.bandwidth_gbs == a100.bandwidth_gbs && r.gpu.vram_gib == a100.vram_gib &&
              strcmp(r.gpu.name, "a100-40g (custom)") == 0,
          "gpu.base keeps the preset's other figures (%s)", r.error.message);
    /* Without a base, each required figure is named when missing. */
    CHECK(run("{\"model\":\"qwen3-4b\",\"gpu\":{\"tflops\":100,\"vram_gib\":40}}", &r) == RL_E_JSON_MISSING &&
              strcmp(r.error.field, "gpu.bandwidth_gbs") == 0,
          "a custom GPU without bandwidth names gpu.bandwidth_gbs (got %s)", r.error.field);
    CHECK(run("{\"model\":\"qwen3-4b\",\"gpu\":{\"tflops\":100,\"bandwidth_gbs\":1000}}", &r) == RL_E_JSON_MISSING &&
              strcmp(r.error.field, "gpu.vram_gib") == 0,
          "a custom GPU without memory names gpu.vram_gib (got %s)", r.error.field);
    /* null TFLOPS: no sourced figure, stated as such. */
    CHECK(run("{\"model\":\"qwen3-4b\",\"gpu\":{\"tflops\":null,\"bandwidth_gbs\":1000,\"vram_gib\":40}}", &r) == RL_OK &&
              r.gpu.tflops_unknown == 1,
          "tflops null is unknown TFLOPS");
    CHECK(run("{\"model\":\"qwen3-4b\",\"gpu\":{\"base\":\"a100-40g\",\"tflops\":null}}", &r) == RL_OK && r.gpu.tflops_unknown == 1,
          "tflops null on a base preset is unknown TFLOPS");
    CHECK(run("{\"model\":\"qwen3-4b\",\"gpu\":{\"tflops\":1,\"bandwidth_gbs\":1000,\"vram_gib\":40}}", &r) == RL_OK &&
              r.gpu.tflops_unknown == 0 && r.gpu.tflops == 1,
          "a figure for tflops is known TFLOPS");
    /* Keys of the gpu object: the gpu.* rows' tails and base; others are named in full. */
    CHECK(run("{\"model\":\"qwen3-4b\",\"gpu\":{\"base\":\"a100-40g\",\"bogus\":1}}", &r) == RL_E_UNKNOWN_NAME &&
              strcmp(r.error.field, "gpu.bogus") == 0,
          "an unknown gpu key is named gpu.bogus (got %s)", r.error.field);
    CHECK(run("{\"model\":\"qwen3-4b\",\"gpu\":{\"base\":\"a100-40g\",\"gpu.tflops\":1}}", &r) == RL_E_UNKNOWN_NAME,
          "the gpu object's keys have no gpu. prefix");
    CHECK(run("{\"model\":\"qwen3-4b\",\"gpu\":\"a100-40g\",\"tflops\":1}", &r) == RL_E_UNKNOWN_NAME &&
              strcmp(r.error.field, "tflops") == 0,
          "a gpu figure at the top level is an unknown key");
    CHECK(run("{\"model\":\"qwen3-4b\",\"gpu\":\"a100-40g\",\"desktop\":true}", &r) == RL_E_UNKNOWN_NAME,
          "a CLI switch is not a request key");
    CHECK(run("{\"model\":\"qwen3-4b\",\"gpu\":\"a100-40g\",\"gpu.tflops\":1}", &r) == RL_E_UNKNOWN_NAME,
          "a dotted row is not a top-level key");
    /* A long unknown key is named by its first 40 characters. */
    char req[256], key[64];
    memset(key, 'k', 50);
    key[50] = '\0';
    snprintf(req, sizeof req, "{\"model\":\"qwen3-4b\",\"gpu\":\"a100-40g\",\"%s\":1}", key);
    CHECK(run(req, &r) == RL_E_UNKNOWN_NAME && strlen(r.error.field) == 40, "a long key is cut to 40 (got %zu)",
          strlen(r.error.field));
    snprintf(req, sizeof req, "{\"model\":\"qwen3-4b\",\"gpu\":{\"base\":\"a100-40g\",\"%s\":1}}", key);
    CHECK(run(req, &r) == RL_E_UNKNOWN_NAME && strlen(r.error.field) == 44 && strncmp(r.error.field, "gpu.", 4) == 0,
          "a long gpu key is gpu. and 40 (got %zu)", strlen(r.error.field));
    key[40] = '\0';
    snprintf(req, sizeof req, "{\"model\":\"qwen3-4b\",\"gpu\":\"a100-40g\",\"%s\":1}", key);
    CHECK(run(req, &r) == RL_E_UNKNOWN_NAME && strcmp(r.error.field, key) == 0, "a 40-character key is named whole");
    /* gpu_limit is read before the gpu: the raised limit of a unified machine. */
    rl_gpu raised;
    CHECK(rl_gpu_preset("m4-max-128g", 1, &raised, &err) == RL_OK, "m4-max raised loads");
    CHECK(run("{\"model\":\"qwen3-4b\",\"gpu\":\"m4-max-128g\",\"gpu_limit\":\"raised\"}", &r) == RL_OK &&
              r.gpu.vram_gib == raised.vram_gib,
          "gpu_limit raised reaches the preset");
    CHECK(run("{\"model\":\"qwen3-4b\",\"gpu\":\"m4-max-128g\",\"gpu_limit\":\"higher\"}", &r) == RL_E_UNKNOWN_NAME &&
              strcmp(r.error.field, "gpu_limit") == 0,
          "a bad gpu_limit is named");
    CHECK(run("{\"model\":\"qwen3-4b\"}", &r) == RL_E_JSON_MISSING && strcmp(r.error.field, "gpu") == 0,
          "no gpu is json_missing on gpu");
}

static void test_model_sources(void) {
    static rl_run r;
    CHECK(run("{\"gpu\":\"a100-40g\"}", &r) == RL_E_JSON_MISSING && strcmp(r.error.field, "model") == 0,
          "no model is json_missing on model");
    CHECK(run("{\"model\":\"qwen3-4b\",\"params\":\"7B\",\"gpu\":\"a100-40g\"}", &r) == RL_E_CONTRADICTION &&
              strcmp(r.error.field, "model") == 0,
          "a model and params together contradict");
    CHECK(run("{\"params\":\"7B\",\"gpu\":\"a100-40g\"}", &r) == RL_OK && r.is_estimate == 1 &&
              r.estimate.params == 7e9,
          "params alone is an estimate of 7e9 parameters");
    CHECK(run("{\"model\":\"qwen3-4b\",\"gpu\":\"a100-40g\"}", &r) == RL_OK && r.is_estimate == 0, "a model is an analysis");
    CHECK(run("{\"params\":7e9,\"gpu\":\"a100-40g\"}", &r) == RL_OK && r.estimate.params == 7e9, "params as a number");
    const rl_field *p = rl_field_by_key("params");
    char req[128];
    snprintf(req, sizeof req, "{\"params\":%.17g,\"gpu\":\"a100-40g\"}", p->min);
    CHECK(run(req, &r) == RL_OK, "params at its minimum %g", p->min);
    snprintf(req, sizeof req, "{\"params\":%.17g,\"gpu\":\"a100-40g\"}", nextafter(p->min, 0));
    CHECK(run(req, &r) == RL_E_RANGE && strcmp(r.error.field, "params") == 0, "params under its minimum");
    snprintf(req, sizeof req, "{\"params\":%.17g,\"gpu\":\"a100-40g\"}", p->max);
    CHECK(run(req, &r) == RL_OK, "params at its maximum %g", p->max);
    snprintf(req, sizeof req, "{\"params\":%.17g,\"gpu\":\"a100-40g\"}", nextafter(p->max, INFINITY));
    CHECK(run(req, &r) == RL_E_RANGE, "params over its maximum");
    rl_model m;
    rl_gpu g;
    rl_deploy d;
    rl_error err;
    const char *est = "{\"params\":\"7B\",\"gpu\":\"a100-40g\"}";
    CHECK(rl_request_from_json(est, strlen(est), NULL, 0, &m, &g, &d, &err) == RL_E_UNKNOWN_NAME &&
              strcmp(err.field, "params") == 0,
          "rl_request_from_json needs a model, not params");
    /* An inline config and config text together contradict; each alone is a model. */
    const char *cfg = "{\"model_type\":\"llama\",\"hidden_size\":64,\"intermediate_size\":128,\"num_hidden_layers\":2,"
                      "\"num_attention_heads\":4,\"vocab_size\":100}";
    char inline_req[512];
    snprintf(inline_req, sizeof inline_req, "{\"config\":%s,\"gpu\":\"a100-40g\"}", cfg);
    CHECK(rl_run_request(inline_req, strlen(inline_req), NULL, 0, &r) == RL_OK && r.model.layers == 2,
          "an inline config is the model");
    CHECK(rl_run_request(inline_req, strlen(inline_req), cfg, strlen(cfg), &r) == RL_E_CONTRADICTION,
          "an inline config and config text contradict");
    const char *bare = "{\"gpu\":\"a100-40g\"}";
    CHECK(rl_run_request(bare, strlen(bare), cfg, strlen(cfg), &r) == RL_OK && r.model.layers == 2,
          "config text alone is the model");
}

/* The unified-memory limit, recomputed from the preset file's wired_limit rule. */
static void test_unified_limit(void) {
    const char *ids[] = {"m4-max-128g", "m3-max-128g", "m2-ultra-192g"};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        cJSON *j = cJSON_Parse(rl_preset_json(RL_PRESET_GPU, ids[i]));
        const cJSON *ram = cJSON_GetObjectItemCaseSensitive(j, "vram_gib"); /* the RAM, for unified memory */
        const cJSON *w = cJSON_GetObjectItemCaseSensitive(j, "wired_limit");
        if (!cJSON_IsNumber(ram) || !cJSON_IsObject(w)) {
            CHECK(0, "%s has its RAM and a wired_limit rule", ids[i]);
            cJSON_Delete(j);
            continue;
        }
        for (int raised = 0; raised < 2; raised++) {
            const cJSON *fr = cJSON_GetObjectItemCaseSensitive(w, raised ? "raised_fraction" : "default_fraction");
            const cJSON *rs = cJSON_GetObjectItemCaseSensitive(w, raised ? "raised_reserve_gib" : "default_reserve_gib");
            double want = fmin(fr->valuedouble * ram->valuedouble, ram->valuedouble - rs->valuedouble);
            rl_gpu g;
            rl_error err;
            CHECK(rl_gpu_preset(ids[i], raised, &g, &err) == RL_OK && g.vram_gib == want && g.unified == 1 &&
                      g.ram_gib == ram->valuedouble,
                  "%s %s limit is min(fraction x RAM, RAM - reserve) = %.17g (got %.17g)", ids[i],
                  raised ? "raised" : "default", want, g.vram_gib);
        }
        cJSON_Delete(j);
    }
    size_t n = rl_preset_count(RL_PRESET_GPU);
    CHECK(n > 0 && rl_preset_id(RL_PRESET_GPU, n - 1) != NULL && rl_preset_id(RL_PRESET_GPU, n) == NULL,
          "the GPU preset ids end at the count");
    rl_error err;
    rl_gpu g;
    CHECK(rl_gpu_preset("nope", 0, &g, &err) == RL_E_UNKNOWN_PRESET && strstr(err.message, rl_preset_id(RL_PRESET_GPU, 0)),
          "an unknown GPU's message lists known ids: %s", err.message);
    rl_model m;
    CHECK(rl_model_preset("nope", &m, &err) == RL_E_UNKNOWN_PRESET && strcmp(err.field, "model") == 0 &&
              strstr(err.message, rl_preset_id(RL_PRESET_MODEL, 0)),
          "an unknown model names model and lists known ids: %s", err.message);
}

void rl_test_tables(int *passed, int *failed) {
    passed_ = passed;
    failed_ = failed;
    test_row_ranges();
    test_unified_ram_range();
    test_lookups();
    test_defaults();
    test_bad_choice_message();
    test_gpu_object();
    test_model_sources();
    test_unified_limit();
}
