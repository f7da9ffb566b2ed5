/* C API tests: the contracts the vectors cannot reach (NULLs, buffers,
 * presets, parsing edge cases, refusals carrying no time). */
#include "roofline.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;
#define CHECK(cond, ...)                                     \
    do {                                                     \
        if (cond) {                                          \
            passed++;                                        \
        } else {                                             \
            failed++;                                        \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);      \
            printf(__VA_ARGS__);                             \
            printf("\n");                                    \
        }                                                    \
    } while (0)

static rl_model preset(const char *id) {
    rl_model m;
    rl_error err;
    if (rl_model_preset(id, &m, &err) != RL_OK) {
        printf("cannot load %s: %s\n", id, err.message);
        exit(1);
    }
    return m;
}

static rl_gpu gpu(const char *id) {
    rl_gpu g;
    rl_error err;
    if (rl_gpu_preset(id, 0, &g, &err) != RL_OK) exit(1);
    return g;
}

static void test_presets(void) {
    size_t n = rl_preset_count(RL_PRESET_MODEL), loaded = 0;
    CHECK(n >= 6, "at least the six issue models (got %zu)", n);
    for (size_t i = 0; i < n; i++) {
        rl_model m;
        rl_error err;
        const char *id = rl_preset_id(RL_PRESET_MODEL, i);
        rl_status st = rl_model_preset(id, &m, &err);
        /* A preset either loads with its verified count, or is refused as a
         * model the core does not yet handle; never a wrong count. */
        CHECK(st == RL_OK || st == RL_E_UNSUPPORTED, "preset %s: %s", id, err.message);
        if (st == RL_OK) loaded++;
    }
    CHECK(loaded + 1 >= n, "all model presets but DeepSeek load (%zu of %zu)", loaded, n);
    CHECK(rl_preset_id(RL_PRESET_MODEL, n) == NULL, "past the end is NULL");
    CHECK(rl_preset_json(RL_PRESET_GPU, "no-such-gpu") == NULL, "unknown id has no JSON");
    rl_gpu g;
    rl_error err;
    CHECK(rl_gpu_preset("a100-40g", 0, &g, &err) == RL_OK && g.tflops == 312 && g.bandwidth_gbs == 1555 && g.vram_gib == 40,
          "a100-40g figures");
    CHECK(rl_gpu_preset("nope", 0, &g, &err) == RL_E_UNKNOWN_PRESET && strcmp(err.field, "gpu") == 0, "unknown gpu");
}

static void test_nulls(void) {
    rl_model m = preset("qwen3-4b");
    rl_gpu g = gpu("a100-40g");
    rl_deploy d = rl_deploy_default();
    rl_result r;
    rl_error err;
    CHECK(rl_analyze(NULL, &g, &d, &r, &err) == RL_E_NULL, "NULL model");
    CHECK(rl_analyze(&m, NULL, &d, &r, &err) == RL_E_NULL, "NULL gpu");
    CHECK(rl_analyze(&m, &g, NULL, &r, &err) == RL_E_NULL, "NULL deploy");
    CHECK(rl_analyze(&m, &g, &d, NULL, NULL) == RL_E_NULL, "NULL result, NULL err");
    CHECK(rl_analyze(&m, &g, &d, &r, NULL) == RL_OK, "NULL err is allowed");
    CHECK(rl_model_from_config_json(NULL, 0, &m, &err) == RL_E_NULL, "NULL text");
    CHECK(rl_request_from_json("{}", 2, NULL, 0, NULL, &g, &d, &err) == RL_E_NULL, "NULL outputs");
    CHECK(strcmp(rl_status_name((rl_status)999), "unknown") == 0, "status past the end");
    CHECK(strcmp(rl_precision_name((rl_precision)-1), "unknown") == 0, "precision past the end");
    for (int s = 0; s < RL_STATUS_COUNT_; s++) CHECK(strlen(rl_status_name((rl_status)s)) > 0, "status %d named", s);
}

static void test_refusal_has_no_time(void) {
    rl_model m = preset("qwen3-4b");
    rl_gpu g = gpu("a100-40g");
    rl_deploy d = rl_deploy_default();
    d.batch = 128;
    rl_result r;
    CHECK(rl_analyze(&m, &g, &d, &r, NULL) == RL_OK, "analysis runs");
    CHECK(!r.fits && r.verdict == RL_KV_DOES_NOT_FIT, "B=128 is refused");
    CHECK(!r.has_timing && r.step_ms == 0 && r.tokens_per_s == 0 && r.ms_per_token == 0 && r.ai == 0,
          "a refusal carries no time, throughput or intensity");
    char buf[8192];
    rl_report_json(&m, &g, &d, &r, buf, sizeof buf);
    CHECK(strstr(buf, "tokens_per_s") == NULL && strstr(buf, "step_ms") == NULL && strstr(buf, "\"decode\"") == NULL,
          "the refusal's JSON has no time: %s", buf);
    CHECK(r.shortfall_gib > 39.48 && r.shortfall_gib < 39.50, "shortfall 39.49 GiB (got %g)", r.shortfall_gib);

    d.batch = 8;
    d.pp = 2;
    g.vram_gib = 1.0; /* weights cannot fit: pp accounting stays, times go */
    CHECK(rl_analyze(&m, &g, &d, &r, NULL) == RL_OK && r.verdict == RL_WEIGHTS_DO_NOT_FIT, "weights refusal");
    CHECK(r.pp_speedup > 0 && r.pp_bubble > 0 && r.pp_stage_ms == 0 && r.pp_drain_ms == 0,
          "pp ratio kept, pp times dropped");
}

static void test_report_buffer(void) {
    rl_model m = preset("mixtral-8x7b");
    rl_gpu g = gpu("h100-sxm");
    rl_deploy d = rl_deploy_default();
    d.tp = 2;
    rl_result r;
    rl_analyze(&m, &g, &d, &r, NULL);
    char full[8192], small[16];
    size_t need = rl_report_json(&m, &g, &d, &r, full, sizeof full);
    size_t need2 = rl_report_json(&m, &g, &d, &r, small, sizeof small);
    CHECK(need == strlen(full) && need == need2, "the length is what the full text needs");
    CHECK(strlen(small) == sizeof small - 1 && memcmp(small, full, sizeof small - 1) == 0, "a cut report is a NUL-terminated prefix");
    CHECK(rl_report_json(&m, &g, &d, &r, NULL, 0) == need, "a NULL buffer only measures");
}

static void test_parse_flags(void) {
    rl_error err;
    int64_t v;
    double x;
    static const char *const bad_counts[] = {"", "abc", "1.5", "nan", "inf", "-inf", "1e400", "0x", "2147483648", "9007199254740993", "-1", "0", NULL};
    for (const char *const *s = bad_counts; *s; s++)
        CHECK(rl_parse_count(*s, "batch", 1, RL_MAX_BATCH, &v, &err) != RL_OK && strstr(err.message, "batch") != NULL &&
                  strstr(err.message, "1048576") != NULL,
              "batch \"%s\" is refused naming the field and range (%s)", *s, err.message);
    CHECK(rl_parse_count("8", "batch", 1, 64, &v, &err) == RL_OK && v == 8, "8 parses");
    CHECK(rl_parse_count("1e3", "batch", 1, 2000, &v, &err) == RL_OK && v == 1000, "1e3 parses as 1000");
    CHECK(rl_parse_number("nan", "gpu.tflops", &x, &err) == RL_E_NOT_INTEGER, "NaN refused");
    CHECK(rl_parse_number("1e308", "gpu.tflops", &x, &err) == RL_OK && x == 1e308, "1e308 parses; the range check is the GPU's");
    rl_gpu g = rl_gpu_default();
    g.tflops = x;
    g.bandwidth_gbs = 1;
    g.vram_gib = 1;
    CHECK(rl_gpu_validate(&g, &err) == RL_E_RANGE && strcmp(err.field, "gpu.tflops") == 0, "1e308 TFLOPS refused");
    g.tflops = NAN;
    CHECK(rl_gpu_validate(&g, &err) == RL_E_RANGE, "NaN TFLOPS refused");
}

static void test_config_limits(void) {
    rl_model m;
    rl_error err;
    static const char nul[] = "{\"hidden_size\": 1\0}";
    CHECK(rl_model_from_config_json(nul, sizeof nul - 1, &m, &err) == RL_E_JSON_SYNTAX, "NUL inside the text");
    size_t n = 20000;
    char *deep = malloc(n);
    memset(deep, '[', n);
    CHECK(rl_model_from_config_json(deep, n, &m, &err) != RL_OK, "deeply nested arrays refused (%s)", err.message);
    free(deep);
    size_t big = 10u * 1024u * 1024u;
    char *huge = malloc(big);
    memset(huge, ' ', big);
    huge[0] = '{';
    huge[big - 1] = '}';
    CHECK(rl_model_from_config_json(huge, big, &m, &err) == RL_E_TOO_LARGE && strcmp(err.field, "config") == 0,
          "a 10 MB config is too large");
    free(huge);
    static const char many[] = "{\"a\":[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]}";
    CHECK(rl_model_from_config_json(many, sizeof many - 1, &m, &err) == RL_E_JSON_MISSING, "missing fields are named (%s)",
          err.field);
}

static void test_sweep(void) {
    rl_model m = preset("qwen3-4b");
    rl_gpu g = gpu("a100-40g");
    rl_deploy d = rl_deploy_default();
    d.batch = 20;
    rl_sweep_point pts[32];
    size_t n = rl_sweep(&m, &g, &d, pts, 32);
    CHECK(n >= 3 && pts[0].batch == 1 && pts[n - 1].batch == 57, "sweep from 1 to max batch 57 (n=%zu)", n);
    int has_current = 0, increasing = 1;
    for (size_t i = 0; i < n; i++) {
        if (pts[i].batch == 20) has_current = 1;
        if (i && (pts[i].batch <= pts[i - 1].batch || pts[i].tokens_per_s <= pts[i - 1].tokens_per_s)) increasing = 0;
    }
    CHECK(has_current && increasing, "the current batch is a point, batches and tok/s rise");
    g.vram_gib = 2;
    CHECK(rl_sweep(&m, &g, &d, pts, 32) == 0, "no sweep when nothing fits");
}

int main(void) {
    test_presets();
    test_nulls();
    test_refusal_has_no_time();
    test_report_buffer();
    test_parse_flags();
    test_config_limits();
    test_sweep();
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
