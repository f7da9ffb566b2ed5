/* The wasm bridge: flat functions over static buffers, so a hand-written JS
 * loader can drive the core with nothing but WebAssembly.instantiate.
 * Protocol: JS writes UTF-8 into the request (and optionally config) buffer,
 * calls rlw_analyze or rlw_sweep with the byte lengths, then reads
 * rlw_output_len() bytes of JSON from rlw_output(). Every export is listed in
 * exports.txt, which the build and the tests check. */
#include "roofline.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static char request_buf[RL_REQUEST_MAX_BYTES];
static char config_buf[RL_CONFIG_MAX_BYTES];
static char output_buf[256 * 1024];
static uint32_t output_len;

char *rlw_request_buffer(void);
uint32_t rlw_request_capacity(void);
char *rlw_config_buffer(void);
uint32_t rlw_config_capacity(void);
const char *rlw_output(void);
uint32_t rlw_output_len(void);
uint32_t rlw_analyze(uint32_t request_len, uint32_t config_len, int32_t has_config);
uint32_t rlw_sweep(uint32_t request_len, uint32_t config_len, int32_t has_config, uint32_t max_points);
uint32_t rlw_bench(uint32_t request_len, uint32_t config_len, int32_t has_config, uint32_t iterations);
uint32_t rlw_preset_count(int32_t kind);
uint32_t rlw_preset(int32_t kind, uint32_t index);
uint32_t rlw_lint(uint32_t command_len, uint32_t request_len, uint32_t config_len, int32_t has_config);
uint32_t rlw_plan(uint32_t request_len, uint32_t config_len, int32_t has_config, double max_ttft_ms,
                  double min_tokens_per_s_user, int32_t allow_tight, uint32_t top, uint32_t filter_len);
char *rlw_index_buffer(uint32_t len);
uint32_t rlw_checkpoint(uint32_t len);

char *rlw_request_buffer(void) { return request_buf; }
uint32_t rlw_request_capacity(void) { return (uint32_t)sizeof request_buf; }
char *rlw_config_buffer(void) { return config_buf; }
uint32_t rlw_config_capacity(void) { return (uint32_t)sizeof config_buf; }
const char *rlw_output(void) { return output_buf; }
uint32_t rlw_output_len(void) { return output_len; }

static uint32_t finish(size_t needed) {
    /* The buffer is far larger than any report; a cut one would be a bug, say so loudly. */
    if (needed >= sizeof output_buf) {
        rl_error e = {.status = RL_E_TOO_LARGE, .field = "output", .message = "output: the report did not fit the bridge's buffer"};
        needed = rl_error_json(&e, output_buf, sizeof output_buf);
    }
    output_len = (uint32_t)needed;
    return output_len;
}

/* A length past a buffer's capacity is passed on unread: the core refuses any
 * text longer than its limit before touching it, and the limits equal the capacities. */
static rl_status read_request(uint32_t request_len, uint32_t config_len, int32_t has_config, rl_model *m,
                              rl_gpu *g, rl_deploy *d, rl_error *err) {
    return rl_request_from_json(request_buf, request_len, has_config ? config_buf : NULL, config_len, m, g,
                                d, err);
}

/* The report, the estimate (a "params" request) or the error, as JSON. */
uint32_t rlw_analyze(uint32_t request_len, uint32_t config_len, int32_t has_config) {
    rl_status st;
    return finish(rl_run_json(request_buf, request_len, has_config ? config_buf : NULL, config_len, output_buf,
                              sizeof output_buf, &st));
}

uint32_t rlw_sweep(uint32_t request_len, uint32_t config_len, int32_t has_config, uint32_t max_points) {
    rl_model m;
    rl_gpu g;
    rl_deploy d;
    rl_error err;
    if (read_request(request_len, config_len, has_config, &m, &g, &d, &err) != RL_OK)
        return finish(rl_error_json(&err, output_buf, sizeof output_buf));
    enum { CAP = 256 };
    rl_sweep_point pts[CAP];
    size_t n = rl_sweep(&m, &g, &d, pts, max_points < CAP ? max_points : CAP);
    return finish(rl_sweep_json(pts, n, output_buf, sizeof output_buf));
}

uint32_t rlw_preset_count(int32_t kind) { return (uint32_t)rl_preset_count((rl_preset_kind)kind); }

/* Copies preset `index` of `kind` (0 models, 1 GPUs) as its JSON file text. */
uint32_t rlw_preset(int32_t kind, uint32_t index) {
    const char *id = rl_preset_id((rl_preset_kind)kind, index);
    const char *json = id ? rl_preset_json((rl_preset_kind)kind, id) : NULL;
    if (json == NULL) json = "null";
    return finish((size_t)snprintf(output_buf, sizeof output_buf, "%s", json));
}

/* Runs `iterations` full analyses of one parsed request, for `npm run bench`:
 * returns how many fit, so the loop cannot be optimised away. */
uint32_t rlw_bench(uint32_t request_len, uint32_t config_len, int32_t has_config, uint32_t iterations) {
    rl_model m;
    rl_gpu g;
    rl_deploy d;
    rl_result r;
    rl_error err;
    if (read_request(request_len, config_len, has_config, &m, &g, &d, &err) != RL_OK) return 0;
    uint32_t fits = 0;
    for (uint32_t i = 0; i < iterations; i++) {
        d.batch = 1 + (int64_t)(i % 64u);
        if (rl_analyze(&m, &g, &d, &r, &err) == RL_OK && r.fits) fits++;
    }
    return fits;
}

/* Lints a serve command. The request buffer holds the command's bytes, then
 * the request object with the GPU (request_len bytes, may be 0), so that one
 * export and the existing buffers carry both. */
uint32_t rlw_lint(uint32_t command_len, uint32_t request_len, uint32_t config_len, int32_t has_config) {
    static rl_lint work; /* ~75 KB (sizeof natively): kept off the wasm stack */
    rl_status st;
    if ((uint64_t)command_len + request_len > sizeof request_buf) {
        rl_error e = {.status = RL_E_TOO_LARGE, .field = "lint", .message = "lint: the command and the request are over the bridge's buffer"};
        return finish(rl_error_json(&e, output_buf, sizeof output_buf));
    }
    return finish(rl_lint_json(request_buf, command_len, request_buf + command_len, request_len,
                               has_config ? config_buf : NULL, config_len, &work, output_buf, sizeof output_buf, &st));
}

/* The SLA planner (rl_plan, the CLI's --plan): the request buffer holds the
 * base request (model, workload, prices; none of gpu, tp, pp, precision, batch,
 * seq, micro_batches), then `filter_len` bytes of what to search (the CLI's
 * --precision and --gpus): "PRECISION|ID,ID,...", the precision empty for
 * auto and the engine's 8-bit and 4-bit formats, the list empty for every GPU preset (filter_len 0: all
 * of both). Only the planner's precisions and GPU preset ids are taken (the
 * query then points at the preset's own id); anything else is refused, naming
 * "precision" or "gpu". The `top` cheapest candidates of each option come back
 * with both Pareto fronts. */
static rl_status refuse(rl_error *err, rl_status status, const char *field, const char *message) {
    err->status = status;
    snprintf(err->field, sizeof err->field, "%s", field);
    snprintf(err->message, sizeof err->message, "%s", message);
    return status;
}

static rl_status plan_filter(const char *f, size_t n, rl_plan_query *q, const char **ids, rl_error *err) {
    /* The planner's precisions in every engine: auto and each engine's 8-bit and 4-bit formats (engines.c). */
    static const char *const precisions[] = {"auto", "fp8", "int4", "q8_0", "q4_k_m", "int8"};
    const char *bar = memchr(f, '|', n);
    size_t plen = bar ? (size_t)(bar - f) : n;
    if (plen > 0) {
        for (size_t i = 0; i < sizeof precisions / sizeof precisions[0] && q->precision == NULL; i++)
            if (strlen(precisions[i]) == plen && memcmp(precisions[i], f, plen) == 0) q->precision = precisions[i];
        if (q->precision == NULL) return refuse(err, RL_E_UNKNOWN_NAME, "precision", "precision: the plan searches auto, fp8, int4, q8_0, q4_k_m or int8");
    }
    if (bar == NULL) return RL_OK;
    const char *p = bar + 1, *end = f + n;
    while (p < end) {
        const char *comma = memchr(p, ',', (size_t)(end - p));
        size_t len = (size_t)((comma ? comma : end) - p);
        const char *id = NULL;
        for (size_t i = 0; i < rl_preset_count(RL_PRESET_GPU) && id == NULL; i++) {
            const char *g = rl_preset_id(RL_PRESET_GPU, i);
            if (strlen(g) == len && memcmp(g, p, len) == 0) id = g;
        }
        if (id == NULL) return refuse(err, RL_E_UNKNOWN_PRESET, "gpu", "gpu: the plan searches GPU presets only");
        if (q->gpu_count >= RL_PLAN_MAX_GPUS) return refuse(err, RL_E_TOO_LARGE, "gpu", "gpu: too many GPUs to search");
        ids[q->gpu_count++] = id;
        p = comma ? comma + 1 : end;
    }
    q->gpus = q->gpu_count ? ids : NULL;
    return RL_OK;
}

uint32_t rlw_plan(uint32_t request_len, uint32_t config_len, int32_t has_config, double max_ttft_ms,
                  double min_tokens_per_s_user, int32_t allow_tight, uint32_t top, uint32_t filter_len) {
    static rl_plan_work work;                                   /* ~81 KB */
    static rl_plan_candidate found[2 * RL_PLAN_MAX_SETUPS];     /* ~2.4 MB: every candidate (scale-out ones included), so the ranking is exact */
    static const char *ids[RL_PLAN_MAX_GPUS];
    rl_plan_query q = {max_ttft_ms, min_tokens_per_s_user, allow_tight != 0, NULL, NULL, 0};
    rl_status st;
    rl_error err;
    if ((uint64_t)request_len + filter_len > sizeof request_buf) {
        rl_error e = {.status = RL_E_TOO_LARGE, .field = "plan", .message = "plan: the request and the search are over the bridge's buffer"};
        return finish(rl_error_json(&e, output_buf, sizeof output_buf));
    }
    if (plan_filter(request_buf + request_len, filter_len, &q, ids, &err) != RL_OK)
        return finish(rl_error_json(&err, output_buf, sizeof output_buf));
    return finish(rl_plan_run_json(request_buf, request_len, has_config ? config_buf : NULL, config_len, &q,
                                   top < 100 ? top : 100, &work, found, sizeof found / sizeof found[0], output_buf,
                                   sizeof output_buf, &st));
}

/* ---- a safetensors index ----------------------------------------------------
 * An index can be megabytes (DeepSeek-V3's names 91,991 tensors), past every
 * static buffer here, and most pages never read one: its room is taken only
 * when one is given, by growing the module's memory (in whole 64 KiB pages,
 * never given back; a bigger index grows it again). Natively (the bridge's
 * own tests) a static buffer stands in. */
#if defined(__wasm__)
static char *index_buf;
static size_t index_cap;
#else
static char index_static[1u << 20];
#endif

char *rlw_index_buffer(uint32_t len) {
    if (len > RL_INDEX_MAX_BYTES) return NULL;
#if defined(__wasm__)
    if (len > index_cap) {
        size_t pages = ((size_t)len + 65535u) / 65536u;
        long long old = (long long)__builtin_wasm_memory_grow(0, pages);
        if (old < 0) return NULL;
        index_buf = (char *)(uintptr_t)((size_t)old * 65536u);
        index_cap = pages * 65536u;
    }
    return index_buf;
#else
    return len <= sizeof index_static ? index_static : NULL;
#endif
}

/* The index's summary ({"total_size", "tensors", ...}: the request's "checkpoint"), or the error. */
uint32_t rlw_checkpoint(uint32_t len) {
    rl_checkpoint ck;
    rl_error err;
    char *text = rlw_index_buffer(len);
    if (text == NULL) {
        rl_error e = {.status = RL_E_TOO_LARGE, .field = "index", .message = "index: the safetensors index is over 64 MiB, or no memory is left for it"};
        return finish(rl_error_json(&e, output_buf, sizeof output_buf));
    }
    if (rl_checkpoint_from_index(text, len, &ck, &err) != RL_OK) return finish(rl_error_json(&err, output_buf, sizeof output_buf));
    return finish(rl_checkpoint_json(&ck, output_buf, sizeof output_buf));
}
