/* Shared by the libFuzzer targets (fuzz_config.c, fuzz_analysis.c, fuzz_request.c).
 *
 * Only the public header is used: the harnesses check the contract of
 * roofline.h, not the core's internals. Every broken invariant prints what it
 * saw and calls abort(), which libFuzzer records as a crash with its input.
 *
 * Header-only on purpose: CMake builds each target from its one .c file. */
#ifndef RL_FUZZ_COMMON_H
#define RL_FUZZ_COMMON_H

#include "roofline.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define FZ_UNUSED __attribute__((unused))
#define FZ_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define FZ_UNUSED
#define FZ_PRINTF(a, b)
#endif

/* ---- failing ------------------------------------------------------------- */

static FZ_UNUSED FZ_PRINTF(1, 2) void fz_fail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "\n==== roofline-lint fuzz invariant broken: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    abort();
}

/* FZ_CHECK(condition, "printf format", args...): the format is required. */
#define FZ_CHECK(cond, fmt, ...)                                                              \
    do {                                                                                      \
        if (!(cond)) fz_fail("%s (%s:%d): " fmt, #cond, __FILE__, __LINE__, ##__VA_ARGS__); \
    } while (0)

/* ---- a bounded string ---------------------------------------------------- */

static FZ_UNUSED bool fz_terminated(const char *s, size_t cap) { return memchr(s, '\0', cap) != NULL; }

/* ---- errors -------------------------------------------------------------- */

/* "names err.field": the message holds the field, or (for "config.x" /
 * "gpu.x") at least the key x, so a reader sees which input is at fault. */
static FZ_UNUSED void fz_check_error(rl_status st, const rl_error *err, const char *where) {
    FZ_CHECK(st > RL_OK && st < RL_STATUS_COUNT_, "%s: status %d out of the enum", where, (int)st);
    FZ_CHECK(err->status == st, "%s: err.status %d but returned %d", where, (int)err->status, (int)st);
    FZ_CHECK(fz_terminated(err->field, sizeof err->field), "%s: err.field not NUL-terminated", where);
    FZ_CHECK(fz_terminated(err->message, sizeof err->message), "%s: err.message not NUL-terminated", where);
    /* Never cut: the buffer is four times the longest message the core writes. */
    FZ_CHECK(strlen(err->message) + 1 < sizeof err->message, "%s: err.message fills its buffer (cut?): \"%s\"", where,
             err->message);
    FZ_CHECK(err->message[0] != '\0', "%s: %s error with an empty message (field \"%s\")", where,
             rl_status_name(st), err->field);
    const char *field = err->field;
    bool named = strstr(err->message, field) != NULL;
    const char *dot = strrchr(field, '.');
    if (!named && dot != NULL && dot[1] != '\0') named = strstr(err->message, dot + 1) != NULL;
    FZ_CHECK(named, "%s: %s error message does not name its field \"%s\": \"%s\"", where,
             rl_status_name(st), field, err->message);
    /* The rule broken: a known why, and its values the message's own figures (rl_fail clears both). */
    FZ_CHECK((unsigned)err->why < RL_WHY_COUNT_, "%s: why %d out of the enum", where, (int)err->why);
    for (int i = 0; i < RL_ERROR_MAX_VALUES; i++) {
        FZ_CHECK(fz_terminated(err->value_name[i], sizeof err->value_name[i]) &&
                     fz_terminated(err->value[i], sizeof err->value[i]),
                 "%s: a value of the error is not NUL-terminated", where);
        if (err->why == RL_WHY_NONE || !err->value_name[i][0]) continue;
        FZ_CHECK(strstr(err->message, err->value[i]) != NULL, "%s: value %s=\"%s\" is not in \"%s\"", where,
                 err->value_name[i], err->value[i], err->message);
    }
}

/* ---- a strict JSON checker (RFC 8259, UTF-8) ------------------------------ */

typedef struct fz_json {
    const char *s;
    size_t n, i;
    int depth;
    bool utf8;        /* also require valid UTF-8 inside strings */
    size_t key, klen; /* the key of the member being read (offset of its text, length) */
    int nulls;        /* null values, ... */
    int tflops_nulls; /* ... of which under a key spelled "tflops" */
} fz_json;

static void fz_jws(fz_json *j) {
    while (j->i < j->n && (j->s[j->i] == ' ' || j->s[j->i] == '\t' || j->s[j->i] == '\n' || j->s[j->i] == '\r'))
        j->i++;
}

static int fz_hex(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Length of the valid UTF-8 sequence at s[0..n), or 0. */
static size_t fz_utf8_len(const unsigned char *s, size_t n) {
    unsigned c = s[0];
    size_t len;
    unsigned min;
    if (c < 0x80) return 1;
    if (c >= 0xc2 && c <= 0xdf) len = 2, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef) len = 3, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4) len = 4, min = 0x10000;
    else return 0;
    if (n < len) return 0;
    unsigned cp = c & (0xff >> (len + 1));
    for (size_t k = 1; k < len; k++) {
        if ((s[k] & 0xc0) != 0x80) return 0;
        cp = (cp << 6) | (s[k] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
    return len;
}

static bool fz_jstring(fz_json *j) {
    if (j->i >= j->n || j->s[j->i] != '"') return false;
    j->i++;
    while (j->i < j->n) {
        unsigned char c = (unsigned char)j->s[j->i];
        if (c == '"') {
            j->i++;
            return true;
        }
        if (c < 0x20) return false;
        if (c == '\\') {
            if (++j->i >= j->n) return false;
            char e = j->s[j->i];
            if (e == 'u') {
                for (int h = 1; h <= 4; h++)
                    if (j->i + (size_t)h >= j->n || fz_hex(j->s[j->i + (size_t)h]) < 0) return false;
                j->i += 5;
            } else if (e && strchr("\"\\/bfnrt", e)) {
                j->i++;
            } else {
                return false;
            }
            continue;
        }
        if (c >= 0x80 && j->utf8) {
            size_t len = fz_utf8_len((const unsigned char *)j->s + j->i, j->n - j->i);
            if (len == 0) return false;
            j->i += len;
            continue;
        }
        j->i++;
    }
    return false;
}

static bool fz_jdigits(fz_json *j) {
    size_t at = j->i;
    while (j->i < j->n && j->s[j->i] >= '0' && j->s[j->i] <= '9') j->i++;
    return j->i > at;
}

static bool fz_jnumber(fz_json *j) {
    if (j->i < j->n && j->s[j->i] == '-') j->i++;
    if (j->i >= j->n) return false;
    if (j->s[j->i] == '0') j->i++;
    else if (!fz_jdigits(j)) return false;
    if (j->i < j->n && j->s[j->i] == '.') {
        j->i++;
        if (!fz_jdigits(j)) return false;
    }
    if (j->i < j->n && (j->s[j->i] == 'e' || j->s[j->i] == 'E')) {
        j->i++;
        if (j->i < j->n && (j->s[j->i] == '+' || j->s[j->i] == '-')) j->i++;
        if (!fz_jdigits(j)) return false;
    }
    return true;
}

static bool fz_jvalue(fz_json *j) {
    fz_jws(j);
    if (j->i >= j->n) return false;
    char c = j->s[j->i];
    if (c == '{' || c == '[') {
        if (++j->depth > 512) return false;
        char close = c == '{' ? '}' : ']';
        j->i++;
        fz_jws(j);
        if (j->i < j->n && j->s[j->i] == close) {
            j->i++;
            j->depth--;
            return true;
        }
        for (;;) {
            if (c == '{') {
                fz_jws(j);
                size_t k0 = j->i;
                if (!fz_jstring(j)) return false;
                j->key = k0 + 1;
                j->klen = j->i - k0 - 2;
                fz_jws(j);
                if (j->i >= j->n || j->s[j->i] != ':') return false;
                j->i++;
            }
            if (!fz_jvalue(j)) return false;
            fz_jws(j);
            if (j->i >= j->n) return false;
            if (j->s[j->i] == ',') {
                j->i++;
                continue;
            }
            if (j->s[j->i] != close) return false;
            j->i++;
            j->depth--;
            return true;
        }
    }
    if (c == '"') return fz_jstring(j);
    if (c == '-' || (c >= '0' && c <= '9')) return fz_jnumber(j);
    static const char *const words[] = {"true", "false", "null"};
    for (int w = 0; w < 3; w++) {
        size_t len = strlen(words[w]);
        if (j->n - j->i >= len && memcmp(j->s + j->i, words[w], len) == 0) {
            j->i += len;
            if (w == 2) {
                j->nulls++;
                if (j->klen == 6 && memcmp(j->s + j->key, "tflops", 6) == 0) j->tflops_nulls++;
            }
            return true;
        }
    }
    return false;
}

/* True when s[0..n) is exactly one JSON value (surrounding white space allowed).
 * *bad_nulls (when not NULL) gets the count of null values, not counting
 * "tflops": null when tflops_null_ok (an unknown TFLOPS figure is written so). */
static FZ_UNUSED bool fz_json_check(const char *s, size_t n, bool utf8, bool tflops_null_ok, int *bad_nulls) {
    fz_json j = {s, n, 0, 0, utf8, 0, 0, 0, 0};
    bool ok = fz_jvalue(&j);
    fz_jws(&j);
    if (bad_nulls) *bad_nulls = j.nulls - (tflops_null_ok ? j.tflops_nulls : 0);
    return ok && j.i == n;
}

static FZ_UNUSED bool fz_json_valid(const char *s, size_t n, bool utf8) {
    return fz_json_check(s, n, utf8, false, NULL);
}

static FZ_UNUSED bool fz_utf8_valid(const char *s, size_t n) {
    for (size_t i = 0; i < n;) {
        size_t len = fz_utf8_len((const unsigned char *)s + i, n - i);
        if (len == 0) return false;
        i += len;
    }
    return true;
}

/* ---- the analysis contract -------------------------------------------------- */

static FZ_UNUSED void fz_check_nonneg(const char *what, double v) {
    FZ_CHECK(isfinite(v), "%s is not finite (%g)", what, v);
    FZ_CHECK(v >= 0.0, "%s is negative (%.17g)", what, v);
}

/* The report keys that carry a time or a throughput: never on a refusal. */
static const char *const fz_timing_keys[] = {"\"tokens_per_s\"", "\"ms_per_token\"", "\"step_ms\"", "\"stage_ms\"",
                                             "\"drain_ms\"",     "\"ttft_ms\"",      "\"one_gpu_ms\"", "\"speedup_vs_one_gpu\"", NULL};

static FZ_UNUSED bool fz_contains(const char *hay, size_t n, const char *needle) {
    size_t k = strlen(needle);
    for (size_t i = 0; i + k <= n; i++)
        if (memcmp(hay + i, needle, k) == 0) return true;
    return false;
}

static FZ_UNUSED size_t fz_count(const char *hay, size_t n, const char *needle) {
    size_t k = strlen(needle), c = 0;
    for (size_t i = 0; i + k <= n; i++)
        if (memcmp(hay + i, needle, k) == 0) c++;
    return c;
}

/* Checks one rl_analyze outcome against roofline.h's promises. */
static FZ_UNUSED void fz_check_result(const rl_gpu *g, const rl_deploy *d, rl_status st, const rl_result *r,
                                      const rl_error *err) {
    if (st != RL_OK) {
        fz_check_error(st, err, "rl_analyze");
        static const rl_result zero; /* "on an error *out is zeroed" */
        FZ_CHECK(memcmp(r, &zero, sizeof zero) == 0, "rl_analyze left a non-zero result on %s",
                 rl_status_name(st));
        return;
    }
    FZ_CHECK(err->status == RL_OK, "rl_analyze returned ok with err.status %d", (int)err->status);
    FZ_CHECK(r->verdict == RL_FITS || r->verdict == RL_WEIGHTS_DO_NOT_FIT || r->verdict == RL_KV_DOES_NOT_FIT ||
                 r->verdict == RL_TIGHT || r->verdict == RL_HOST_DOES_NOT_FIT,
             "verdict %d", (int)r->verdict);
    bool refused = r->verdict == RL_WEIGHTS_DO_NOT_FIT || r->verdict == RL_KV_DOES_NOT_FIT ||
                   r->verdict == RL_HOST_DOES_NOT_FIT;
    /* Offload: the two parts of the step add up, and only a fit has them. */
    FZ_CHECK(r->offload || (r->gpu_part_ms == 0.0 && r->host_part_ms == 0.0), "parts %g + %g ms without offload",
             r->gpu_part_ms, r->host_part_ms);
    FZ_CHECK(r->has_timing || (r->gpu_part_ms == 0.0 && r->host_part_ms == 0.0), "refused with parts %g + %g ms",
             r->gpu_part_ms, r->host_part_ms);
    FZ_CHECK(!r->has_timing || !r->offload || r->gpu_part_ms + r->host_part_ms <= r->step_ms * (1 + 1e-12) + 1e-300,
             "offload parts %g + %g ms over the step %g ms", r->gpu_part_ms, r->host_part_ms, r->step_ms);
    FZ_CHECK(r->fits == !refused, "fits %d vs verdict %s", r->fits, rl_verdict_name(r->verdict));
    FZ_CHECK(r->has_timing == r->fits, "has_timing %d vs fits %d", r->has_timing, r->fits);
    /* The activation line's step: none under a pool of the start (SGLang's are outside it); the whole chunk where
     * the engine keeps room for one (vLLM, TensorRT-LLM); else the chunk, no longer than the prompt. */
    int64_t step = r->prefill_chunk < d->seq ? r->prefill_chunk : d->seq;
    if (r->pool_of_start) step = 0;
    else if (rl_engine_steps_whole_chunk(r->engine)) step = r->prefill_chunk;
    /* The step peaks at its output layer only where the engine computes every token's logits on the GPU. */
    FZ_CHECK(r->step_logit_bytes == rl_engine_step_logit_bytes(r->engine) &&
                 r->logits_on_host == rl_engine_logits_on_host(r->engine) &&
                 (!r->activation_at_logits || (r->step_logit_bytes > 0 && !r->offload && !r->pool_of_start)),
             "activation_at_logits %d with %g bytes a logit, offload %d (%s)", r->activation_at_logits, r->step_logit_bytes,
             r->offload, rl_engine_name(r->engine));
    FZ_CHECK(r->activation_tokens == step && r->prefill_chunk >= 1, "activation_tokens %lld (chunk %lld, seq %lld, %s)",
             (long long)r->activation_tokens, (long long)r->prefill_chunk, (long long)d->seq, rl_engine_name(r->engine));

    /* No figure is NaN or infinite; none is negative but free_gib and the realistic KV room. */
    const struct {
        const char *name;
        double v;
    } f[] = {
        {"weights_gib", r->weights_gib},
        {"kv_gib_per_request", r->kv_gib_per_request},
        {"kv_gib", r->kv_gib},
        {"shortfall_gib", r->shortfall_gib},
        {"pool_gib", r->pool_gib},
        {"reserve_context_gib", r->reserve_context_gib},
        {"reserve_nccl_gib", r->reserve_nccl_gib},
        {"reserve_weights_gib", r->reserve_weights_gib},
        {"activation_gib", r->activation_gib},
        {"reserve_gib", r->reserve_gib},
        {"missing_gib", r->missing_gib},
        {"weight_bytes", r->weight_bytes},
        {"kv_bytes_per_request", r->kv_bytes_per_request},
        {"kv_bytes_per_token", r->kv_bytes_per_token},
        {"experts_touched", r->experts_touched},
        {"weight_bytes_read", r->weight_bytes_read},
        {"peak_tflops", r->peak_tflops},
        {"flops_per_step", r->flops_per_step},
        {"bytes_per_step", r->bytes_per_step},
        {"ai", r->ai},
        {"ridge", r->ridge},
        {"ceiling_fraction", r->ceiling_fraction},
        {"step_ms", r->step_ms},
        {"ms_per_token", r->ms_per_token},
        {"tokens_per_s", r->tokens_per_s},
        {"prefill_ai", r->prefill_ai},
        {"prefill_ms", r->prefill_ms},
        {"prefill_tokens_per_s", r->prefill_tokens_per_s},
        {"ttft_ms", r->ttft_ms},
        {"prefill_flops", r->prefill_flops},
        {"prefill_weight_bytes_read", r->prefill_weight_bytes_read},
        {"allreduce_bytes_per_gpu", r->allreduce_bytes_per_gpu},
        {"kv_share", r->kv_share},
        {"pp_bubble", r->pp_bubble},
        {"pp_speedup", r->pp_speedup},
        {"pp_stage_ms", r->pp_stage_ms},
        {"pp_drain_ms", r->pp_drain_ms},
        {"pp_weight_bytes_read", r->pp_weight_bytes_read},
        {"pp_one_gpu_ms", r->pp_one_gpu_ms},
        {"layer_weight_bytes", r->layer_weight_bytes},
        {"lm_head_bytes", r->lm_head_bytes},
        {"waste_fraction", r->waste_fraction},
        {"remedy_vram_gib", r->remedy_vram_gib},
        {"remedy_pool_fraction", r->remedy_pool_fraction},
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) fz_check_nonneg(f[i].name, f[i].v);
    FZ_CHECK(isfinite(r->free_gib), "free_gib is not finite (%g)", r->free_gib);
    FZ_CHECK(r->free_gib >= 0.0 || r->verdict == RL_WEIGHTS_DO_NOT_FIT,
             "free_gib %.17g is negative but the verdict is %s", r->free_gib, rl_verdict_name(r->verdict));
    FZ_CHECK(isfinite(r->kv_room_gib), "kv_room_gib is not finite (%g)", r->kv_room_gib);
    FZ_CHECK(r->kv_room_gib >= 0.0 || r->verdict != RL_FITS,
             "kv_room_gib %.17g is negative but the verdict is fits", r->kv_room_gib);
    /* The realistic budget's lines add up: room = pool − reserve − weights, the pool never above the GPU, and a
     * pool of the free memory (TensorRT-LLM's) is its fraction of what the weights and reserves leave, less the
     * batch's logits (or all of the shortfall when nothing is left). Offload keeps part of the weights off the GPU. */
    if (!r->offload) {
        /* Rounding: the terms' size (a reserve can be millions of GiB), not the GPU's. */
        double scale = fmax(fmax(1.0, g->vram_gib), fmax(fabs(r->reserve_gib), fabs(r->weights_gib))) * 1e-9;
        FZ_CHECK(fabs(r->kv_room_gib - (r->pool_gib - r->reserve_gib - r->weights_gib)) <= scale &&
                     r->pool_gib <= g->vram_gib * (1.0 + 1e-12),
                 "room %.17g, pool %.17g − reserve %.17g − weights %.17g (vram %g)", r->kv_room_gib, r->pool_gib,
                 r->reserve_gib, r->weights_gib, g->vram_gib);
        if (r->pool_of_free) {
            /* left = vram − what the weights and reserves take, so the pool, taken + fraction × left, is
             * vram − (1 − fraction) × left. */
            double left = r->free_after_reserves_gib;
            /* On a GPU that gives the memory free at an engine's start (DGX Spark) an engine that takes what is free
             * fills that and its CUDA context, never more than the GPU (the formulas table's engine_memory). */
            double mem = g->vram_gib;
            if (g->start_free_gib > 0.0 && g->start_free_gib + r->reserve_context_gib < mem) mem = g->start_free_gib + r->reserve_context_gib;
            FZ_CHECK(isfinite(left) && fabs(r->pool_gib - (left > 0 ? mem - (1.0 - r->pool_fraction) * left : mem)) <= scale,
                     "a pool of the free memory: pool %.17g, free %.17g x %g of the engine's %.17g GiB (vram %g)", r->pool_gib,
                     left, r->pool_fraction, mem, g->vram_gib);
        } else {
            FZ_CHECK(r->free_after_reserves_gib == 0.0, "free after reserves %g for a pool of the GPU",
                     r->free_after_reserves_gib);
        }
    }
    FZ_CHECK(r->max_batch >= 0 && r->max_batch_realistic >= 0 && r->tokens_per_request >= d->seq &&
                 r->padding_tokens >= 0,
             "max_batch %lld realistic %lld tokens_per_request %lld padding %lld", (long long)r->max_batch,
             (long long)r->max_batch_realistic, (long long)r->tokens_per_request, (long long)r->padding_tokens);
    FZ_CHECK(r->max_batch_realistic <= r->max_batch, "max_batch_realistic %lld above the floor's %lld",
             (long long)r->max_batch_realistic, (long long)r->max_batch);
    FZ_CHECK(r->micro_batches >= 1, "micro_batches %lld", (long long)r->micro_batches);
    FZ_CHECK(r->ceiling_fraction <= 1.0, "ceiling_fraction %.17g above 1", r->ceiling_fraction);
    FZ_CHECK(r->pp_bubble < 1.0, "pp_bubble %.17g", r->pp_bubble);
    FZ_CHECK(r->kv_share <= 1.0 && r->kv_share > 0.0, "kv_share %.17g", r->kv_share);
    FZ_CHECK(r->weight_precision > RL_PREC_AUTO && r->weight_precision < RL_PREC_COUNT_ &&
                 r->kv_precision > RL_PREC_AUTO && r->kv_precision < RL_PREC_COUNT_,
             "resolved precisions %d / %d", (int)r->weight_precision, (int)r->kv_precision);
    FZ_CHECK(r->weight_bytes > 0.0 && r->kv_bytes_per_request > 0.0,
             "weight bytes %.17g, KV bytes per request %.17g: a precision resolved to 0 bytes", r->weight_bytes,
             r->kv_bytes_per_request);
    if (r->verdict == RL_WEIGHTS_DO_NOT_FIT)
        FZ_CHECK(r->max_batch == 0, "max_batch %lld when the weights do not fit", (long long)r->max_batch);

    if (!r->fits) {
        /* A refusal carries no time and no throughput, exactly 0. */
        FZ_CHECK(r->step_ms == 0.0 && r->ms_per_token == 0.0 && r->tokens_per_s == 0.0 && r->ai == 0.0 &&
                     r->pp_stage_ms == 0.0 && r->pp_drain_ms == 0.0,
                 "refusal with timing: step %g ms/token %g tok/s %g ai %g stage %g drain %g", r->step_ms,
                 r->ms_per_token, r->tokens_per_s, r->ai, r->pp_stage_ms, r->pp_drain_ms);
        FZ_CHECK(r->prefill_ms == 0.0 && r->prefill_tokens_per_s == 0.0 && r->ttft_ms == 0.0,
                 "refusal with prefill times: %g ms, %g tok/s, ttft %g", r->prefill_ms, r->prefill_tokens_per_s,
                 r->ttft_ms);
        FZ_CHECK(r->flops_per_step == 0.0 && r->bytes_per_step == 0.0 && r->ceiling_fraction == 0.0 &&
                     r->prefill_ai == 0.0 && r->bound == RL_BOUND_NONE && r->prefill_bound == RL_BOUND_NONE,
                 "refusal with roofline figures: flops %g bytes %g ceiling %g prefill %g bound %d/%d",
                 r->flops_per_step, r->bytes_per_step, r->ceiling_fraction, r->prefill_ai, (int)r->bound,
                 (int)r->prefill_bound);
        FZ_CHECK(r->shortfall_gib > 0.0, "refusal with shortfall %.17g", r->shortfall_gib);
        FZ_CHECK(!r->has_realistic && r->realistic.step_ms == 0.0 && r->realistic.tokens_per_s == 0.0 &&
                     r->realistic.prefill_ms == 0.0 && r->realistic.ttft_ms == 0.0,
                 "refusal with a realistic estimate: step %g", r->realistic.step_ms);
    } else if (r->max_batch_realistic < 1) {
        /* A tight fit whose engine budget holds no request: the floor's figures, no engine estimate. */
        FZ_CHECK(r->verdict == RL_TIGHT, "a fit whose budget holds no request is %d, not tight", (int)r->verdict);
        FZ_CHECK(!r->has_realistic && r->realistic.step_ms == 0.0 && r->realistic.tokens_per_s == 0.0 &&
                     r->realistic.ttft_ms == 0.0,
                 "an engine estimate for an engine that holds no request: step %g", r->realistic.step_ms);
        FZ_CHECK(r->step_ms > 0.0 && isfinite(r->step_ms), "tight with no request in budget: floor step %.17g", r->step_ms);
    } else {
        /* The realistic estimate: finite, never under the floor, its band around it. */
        const rl_realistic *x = &r->realistic;
        FZ_CHECK(r->has_realistic && isfinite(x->step_ms) && isfinite(x->step_ms_high) && isfinite(x->ttft_ms) &&
                     isfinite(x->prefill_ms) && isfinite(x->allreduce_share),
                 "realistic not finite: step %g high %g ttft %g", x->step_ms, x->step_ms_high, x->ttft_ms);
        /* The estimate is for the batch its engine runs (x->batch): the one asked for, or on a tight
         * fit the fewer its budget holds. It is compared with the floor at that batch
         * (x->floor_step_ms), which is the result's floor when the batch is the one asked for and
         * never above it otherwise (a smaller batch reads no more and computes no more). */
        FZ_CHECK(x->batch >= 1 && x->batch <= d->batch &&
                     (x->batch == d->batch || (r->verdict == RL_TIGHT && x->batch == r->max_batch_realistic)),
                 "realistic batch %lld for batch %lld (tight %d, budget holds %lld)", (long long)x->batch,
                 (long long)d->batch, r->verdict == RL_TIGHT, (long long)r->max_batch_realistic);
        FZ_CHECK(x->batch == d->batch ? x->floor_step_ms == r->step_ms
                                      : x->floor_step_ms > 0.0 && x->floor_step_ms <= r->step_ms,
                 "realistic compared with floor %.17g at batch %lld; the floor at batch %lld is %.17g",
                 x->floor_step_ms, (long long)x->batch, (long long)d->batch, r->step_ms);
        FZ_CHECK(x->step_ms >= x->floor_step_ms && x->step_ms_low >= x->floor_step_ms &&
                     x->step_ms_low <= x->step_ms && x->step_ms <= x->step_ms_high,
                 "realistic under its floor or outside its band: %.17g vs floor %.17g (band %g..%g)", x->step_ms,
                 x->floor_step_ms, x->step_ms_low, x->step_ms_high);
        /* Prefill and TTFT: the floor's are for the batch asked for, so they bound the estimate only there. */
        if (x->batch == d->batch)
            FZ_CHECK(x->prefill_ms >= r->prefill_ms && x->ttft_ms >= r->ttft_ms,
                     "realistic prefill %.17g / ttft %.17g under the floor's %.17g / %.17g", x->prefill_ms,
                     x->ttft_ms, r->prefill_ms, r->ttft_ms);
        else
            FZ_CHECK(x->ttft_ms >= x->prefill_ms && x->prefill_ms >= 0.0,
                     "realistic ttft %.17g under its prefill %.17g", x->ttft_ms, x->prefill_ms);
        if (d->spec_tokens > 0)
            /* Compared with speculation's floor at the batch its engine runs, which is the result's at the batch
             * asked for and never above it otherwise. */
            FZ_CHECK(isfinite(r->spec_realistic_step_ms) && r->spec_realistic_step_ms >= r->spec_realistic_floor_step_ms &&
                         r->spec_realistic_floor_step_ms > 0.0 && r->spec_step_ms > 0.0 && r->spec_tokens_per_step >= 1.0 &&
                         (x->batch == d->batch ? r->spec_realistic_floor_step_ms == r->spec_step_ms
                                               : r->spec_realistic_floor_step_ms <= r->spec_step_ms),
                     "speculative step %g under its floor %g (the floor at batch %lld: %g)", r->spec_realistic_step_ms,
                     r->spec_realistic_floor_step_ms, (long long)d->batch, r->spec_step_ms);
        FZ_CHECK(r->tokens_per_s > 0.0, "fits with tokens_per_s %.17g", r->tokens_per_s);
        FZ_CHECK(r->step_ms > 0.0 && r->ms_per_token > 0.0, "fits with step %.17g ms, %.17g ms/token", r->step_ms,
                 r->ms_per_token);
        FZ_CHECK(r->ai > 0.0 && r->prefill_ai > 0.0, "fits with ai %.17g, prefill ai %.17g", r->ai, r->prefill_ai);
        FZ_CHECK(r->shortfall_gib == 0.0, "fits with shortfall %g", r->shortfall_gib);
        FZ_CHECK(r->max_batch >= d->batch, "fits but max_batch %lld < batch %lld", (long long)r->max_batch,
                 (long long)d->batch);
        FZ_CHECK(r->kv_gib <= r->free_gib, "fits but kv %.17g > free %.17g", r->kv_gib, r->free_gib);
        if (d->pp > 1)
            FZ_CHECK(r->pp_stage_ms > 0.0 && r->pp_drain_ms >= r->pp_stage_ms, "pp stage %g drain %g",
                     r->pp_stage_ms, r->pp_drain_ms);
        /* No peak in use (no sourced TFLOPS, and no fp8/int8 roof taking over):
         * bandwidth floors, no bound, no ridge, no prefill time. */
        if (r->peak_tflops == 0.0) {
            FZ_CHECK(g->tflops_unknown, "a known TFLOPS figure resolved to a zero peak");
            FZ_CHECK(r->bound == RL_BOUND_UNKNOWN && r->prefill_bound == RL_BOUND_UNKNOWN &&
                         r->times_are_bandwidth_floors && r->ridge == 0.0 && r->prefill_ms == 0.0,
                     "no peak but bound %d/%d, floors %d, ridge %g, prefill %g ms", (int)r->bound,
                     (int)r->prefill_bound, r->times_are_bandwidth_floors, r->ridge, r->prefill_ms);
        } else {
            FZ_CHECK((r->bound == RL_BOUND_MEMORY || r->bound == RL_BOUND_COMPUTE) &&
                         (r->prefill_bound == RL_BOUND_MEMORY || r->prefill_bound == RL_BOUND_COMPUTE),
                     "fits without a bound (%d/%d)", (int)r->bound, (int)r->prefill_bound);
            FZ_CHECK(r->ridge > 0.0 && r->prefill_ms > 0.0 && r->prefill_tokens_per_s > 0.0 &&
                         r->ttft_ms >= r->prefill_ms,
                     "fits with ridge %g, prefill %g ms, %g tok/s, ttft %g ms", r->ridge, r->prefill_ms,
                     r->prefill_tokens_per_s, r->ttft_ms);
        }
    }
    if (r->verdict == RL_FITS) {
        FZ_CHECK(r->remedies == 0 && r->missing_gib == 0.0, "fits with remedies %#x, missing %g",
                 r->remedies, r->missing_gib);
        FZ_CHECK(r->max_batch_realistic >= d->batch, "fits but max_batch_realistic %lld < batch %lld",
                 (long long)r->max_batch_realistic, (long long)d->batch);
    } else {
        FZ_CHECK(r->remedies & RL_REMEDY_BIGGER_GPU, "%s without the bigger_gpu remedy", rl_verdict_name(r->verdict));
        FZ_CHECK(r->remedy_vram_gib > 0.0, "bigger_gpu remedy %.17g", r->remedy_vram_gib);
    }
    if (r->verdict == RL_TIGHT) {
        FZ_CHECK(r->missing_gib > 0.0 && (r->warnings & RL_WARN_TIGHT), "tight with missing %g, warnings %#x",
                 r->missing_gib, r->warnings);
    }
    if (r->remedies & RL_REMEDY_RAISE_POOL)
        FZ_CHECK(r->verdict == RL_TIGHT && r->remedy_pool_fraction > 0.0 && r->remedy_pool_fraction <= 0.98,
                 "raise_pool_fraction %.17g on %s", r->remedy_pool_fraction, rl_verdict_name(r->verdict));
    /* The warning belongs to the roof actually used: a sourced FP8 peak serves fp8 math without it. */
    FZ_CHECK((r->peak_tflops <= 0.0) == ((r->warnings & RL_WARN_NO_SOURCED_TFLOPS) != 0),
             "peak %g TFLOPS with warnings %#x", r->peak_tflops, r->warnings);
    FZ_CHECK(!r->has_timing || (r->peak_tflops > 0.0) != (r->times_are_bandwidth_floors != 0),
             "peak %g TFLOPS but bandwidth_floor_only %d", r->peak_tflops, r->times_are_bandwidth_floors);
    FZ_CHECK(r->warnings < (1u << RL_WARN_COUNT_), "warnings %#x", r->warnings);
    FZ_CHECK(r->remedies < (1u << RL_REMEDY_COUNT_), "remedies %#x", r->remedies);
}

/* The raise_pool_fraction way out, on its own, gets the setup through: the same deployment with that pool
 * fits (the fraction is rounded up to hundredths, so it holds with room). */
static FZ_UNUSED void fz_check_pool_way_out(const rl_model *m, const rl_gpu *g, const rl_deploy *d, const rl_result *r) {
    if (!(r->remedies & RL_REMEDY_RAISE_POOL)) return;
    rl_deploy raised = *d;
    raised.pool_fraction = r->remedy_pool_fraction;
    rl_result again;
    rl_status st = rl_analyze(m, g, &raised, &again, NULL);
    FZ_CHECK(st == RL_OK && again.verdict == RL_FITS, "raise_pool_fraction to %.17g (from %g) gives %s, room %.17g",
             r->remedy_pool_fraction, r->pool_fraction, st == RL_OK ? rl_verdict_name(again.verdict) : rl_status_name(st),
             again.kv_room_gib);
}

/* The bigger-GPU way out, applied alone, makes the deployment fit its realistic budget too: the same setup on a GPU
 * of remedy_vram_gib (a hair more, for the rounding of a GPU that holds the budget exactly). Not where the host
 * RAM is short or layers are offloaded (that way out then counts the whole model on the GPU), nor on unified
 * memory, whose limit is tied to the machine's RAM. */
static FZ_UNUSED void fz_check_bigger_gpu_way_out(const rl_model *m, const rl_gpu *g, const rl_deploy *d, const rl_result *r) {
    if (!(r->remedies & RL_REMEDY_BIGGER_GPU) || r->offload || g->unified || r->verdict == RL_HOST_DOES_NOT_FIT) return;
    rl_gpu bigger = *g;
    bigger.vram_gib = r->remedy_vram_gib * (1.0 + 1e-9);
    if (!(bigger.vram_gib <= 1e6)) return; /* past the largest GPU a request takes */
    rl_result again;
    rl_status st = rl_analyze(m, &bigger, d, &again, NULL);
    FZ_CHECK(st == RL_OK && again.verdict == RL_FITS, "bigger_gpu %.17g GiB (from %g) gives %s, room %.17g, pool %.17g",
             r->remedy_vram_gib, g->vram_gib, st == RL_OK ? rl_verdict_name(again.verdict) : rl_status_name(st),
             again.kv_room_gib, again.pool_fraction);
}

/* The report: valid JSON, whole, and times only when there is timing. */
static FZ_UNUSED void fz_check_report(const rl_model *m, const rl_gpu *g, const rl_deploy *d,
                                      const rl_result *r, bool utf8) {
    static char buf[1 << 16];
    size_t need = rl_report_json(m, g, d, r, buf, sizeof buf);
    FZ_CHECK(need < sizeof buf, "report needs %zu bytes", need);
    size_t n = strlen(buf);
    FZ_CHECK(n == need, "report length %zu, returned %zu", n, need);
    int bad_nulls = 0;
    FZ_CHECK(fz_json_check(buf, n, utf8, g->tflops_unknown, &bad_nulls), "report is not valid JSON: %s", buf);
    for (const char *const *k = fz_timing_keys; *k; k++) {
        bool has = fz_contains(buf, n, *k);
        if (!r->has_timing) FZ_CHECK(!has, "refusal report holds %s: %s", *k, buf);
    }
    if (r->has_timing) FZ_CHECK(fz_contains(buf, n, "\"tokens_per_s\""), "fitting report has no tokens_per_s");
    /* A non-finite number is written as null; the only null allowed is an unknown TFLOPS. */
    FZ_CHECK(bad_nulls == 0, "report holds %d null figure(s) (a NaN or an infinity): %s", bad_nulls, buf);

    /* Cut reports: always NUL-terminated, same length returned. */
    char small[97];
    size_t cut = (size_t)(r->max_batch % 96) + 1;
    size_t need2 = rl_report_json(m, g, d, r, small, cut);
    FZ_CHECK(need2 == need, "cut report returned %zu, full %zu", need2, need);
    FZ_CHECK(strlen(small) == cut - 1, "cut report length %zu in a buffer of %zu", strlen(small), cut);
    FZ_CHECK(rl_report_json(m, g, d, r, NULL, 0) == need, "length query with a NULL buffer");
}

/* The error object: valid JSON naming the code. */
static FZ_UNUSED void fz_check_error_json(const rl_error *err, bool utf8) {
    static char buf[4096];
    size_t need = rl_error_json(err, buf, sizeof buf);
    FZ_CHECK(need < sizeof buf, "error JSON needs %zu bytes", need);
    FZ_CHECK(fz_json_valid(buf, strlen(buf), utf8), "error JSON is not valid JSON: %s", buf);
    char code[64];
    snprintf(code, sizeof code, "\"code\":\"%s\"", rl_status_name(err->status));
    FZ_CHECK(strstr(buf, code) != NULL, "error JSON lacks %s: %s", code, buf);
}

/* A sweep with a small cap: count within the cap, batches rising, figures sane. */
static FZ_UNUSED void fz_check_sweep(const rl_model *m, const rl_gpu *g, const rl_deploy *d, size_t cap) {
    rl_sweep_point pts[17];
    if (cap > 16) cap = 16;
    memset(pts, 0xa5, sizeof pts);
    size_t n = rl_sweep(m, g, d, pts, cap);
    FZ_CHECK(n <= cap, "sweep wrote %zu points into %zu", n, cap);
    for (size_t i = 0; i < n; i++) {
        FZ_CHECK(pts[i].batch >= 1 && pts[i].batch <= RL_MAX_BATCH, "sweep batch %lld", (long long)pts[i].batch);
        if (i) FZ_CHECK(pts[i].batch > pts[i - 1].batch, "sweep batches not rising");
        FZ_CHECK(isfinite(pts[i].ai) && pts[i].ai > 0.0, "sweep ai %g", pts[i].ai);
        FZ_CHECK(isfinite(pts[i].ms_per_token) && pts[i].ms_per_token > 0.0, "sweep ms/token %g",
                 pts[i].ms_per_token);
        FZ_CHECK(isfinite(pts[i].tokens_per_s) && pts[i].tokens_per_s > 0.0, "sweep tok/s %g", pts[i].tokens_per_s);
        FZ_CHECK(isfinite(pts[i].step_ms) && pts[i].step_ms > 0.0, "sweep step %g", pts[i].step_ms);
    }
    /* The sentinel past the cap is untouched. */
    unsigned char sentinel[sizeof(rl_sweep_point)];
    memset(sentinel, 0xa5, sizeof sentinel);
    FZ_CHECK(memcmp(&pts[cap], sentinel, sizeof sentinel) == 0, "sweep wrote past its cap");
}

/* The model contract after a successful read or finish. */
static FZ_UNUSED void fz_check_model(const rl_model *m) {
    FZ_CHECK(fz_terminated(m->name, sizeof m->name) && fz_terminated(m->model_type, sizeof m->model_type),
             "model strings not terminated");
    FZ_CHECK(m->layers >= 1 && m->layers <= 100000, "layers %lld", (long long)m->layers);
    FZ_CHECK(m->hidden >= 1 && m->hidden <= 1048576, "hidden %lld", (long long)m->hidden);
    FZ_CHECK(m->heads >= 1 && m->heads <= 65536, "heads %lld", (long long)m->heads);
    FZ_CHECK(m->kv_heads >= 1 && m->kv_heads <= m->heads && m->heads % m->kv_heads == 0, "kv_heads %lld of %lld",
             (long long)m->kv_heads, (long long)m->heads);
    FZ_CHECK(m->head_dim >= 1 && (m->mla || m->head_dim <= 65536), "head_dim %lld", (long long)m->head_dim);
    FZ_CHECK(m->vocab >= 1 && m->vocab <= 16777216, "vocab %lld", (long long)m->vocab);
    FZ_CHECK(m->intermediate >= 0 && m->intermediate <= 16777216, "intermediate %lld", (long long)m->intermediate);
    FZ_CHECK(m->max_positions >= 0 && m->sliding_window >= 0, "max_positions %lld sliding_window %lld",
             (long long)m->max_positions, (long long)m->sliding_window);
    /* A window may pass max_position_embeddings (published configs have it; the layer holds min(S, window)). */
    int64_t attending = m->layers - m->linear_layers - m->conv_layers - m->no_attn_layers - (m->mamba_v1 ? m->mamba_layers : 0);
    FZ_CHECK(attending >= 0 && attending <= m->layers, "%lld attending layers of %lld", (long long)attending, (long long)m->layers);
    FZ_CHECK(m->conv_layers == 0 || (m->conv_kernel >= 1 && m->state_elems_per_layer == (double)m->hidden * (double)(m->conv_kernel - 1)),
             "%lld convolution layers of %lld taps keep %g state elements", (long long)m->conv_layers, (long long)m->conv_kernel,
             m->state_elems_per_layer);
    FZ_CHECK(!m->nas || (m->nas_norms <= 2 * m->layers && m->nas_linears <= 2 * m->layers && m->nas_ffn_params >= 0.0),
             "NAS blocks: %lld norms, %lld linears over %lld layers", (long long)m->nas_norms, (long long)m->nas_linears,
             (long long)m->layers);
    FZ_CHECK(m->position_rows >= 0 && (m->mlp_plain | m->mlp_bias | m->norm_bias | m->embed_norm | m->lm_head_bias) <= 1,
             "layout fields: %lld position rows", (long long)m->position_rows);
    FZ_CHECK(m->sliding_layers >= 0 && m->sliding_layers <= m->layers, "sliding_layers %lld of %lld",
             (long long)m->sliding_layers, (long long)m->layers);
    FZ_CHECK(m->sliding_window > 0 || m->sliding_layers == 0, "%lld sliding layers without a window",
             (long long)m->sliding_layers);
    FZ_CHECK(m->dtype == RL_PREC_FP32 || m->dtype == RL_PREC_FP16 || m->dtype == RL_PREC_BF16,
             "dtype %d is not fp32, fp16 or bf16", m->dtype);
    if (m->mla) {
        FZ_CHECK(m->kv_lora_rank >= 1 && m->v_head_dim >= 1 && m->q_lora_rank >= 0 && m->qk_nope_head_dim >= 0 &&
                     m->qk_rope_head_dim >= 0 && m->head_dim == m->qk_nope_head_dim + m->qk_rope_head_dim,
                 "MLA shape kv_lora %lld v %lld q_lora %lld nope %lld rope %lld head_dim %lld",
                 (long long)m->kv_lora_rank, (long long)m->v_head_dim, (long long)m->q_lora_rank,
                 (long long)m->qk_nope_head_dim, (long long)m->qk_rope_head_dim, (long long)m->head_dim);
        FZ_CHECK(m->kv_elems_per_token_per_layer == (double)(m->kv_lora_rank + m->qk_rope_head_dim),
                 "MLA kv_elems_per_token_per_layer %.17g", m->kv_elems_per_token_per_layer);
    } else {
        FZ_CHECK(m->kv_elems_per_token_per_layer == 2.0 * (double)m->kv_heads * (double)m->head_dim,
                 "kv_elems_per_token_per_layer %.17g", m->kv_elems_per_token_per_layer);
    }
    if (m->experts > 0) {
        FZ_CHECK(m->experts <= 65536, "experts %lld", (long long)m->experts);
        FZ_CHECK(m->top_k >= 1 && m->top_k <= m->experts, "top_k %lld of %lld", (long long)m->top_k,
                 (long long)m->experts);
        FZ_CHECK(m->moe_intermediate >= 1, "moe_intermediate %lld", (long long)m->moe_intermediate);
        FZ_CHECK(m->moe_layers >= 0 && m->moe_layers <= m->layers, "moe_layers %lld of %lld",
                 (long long)m->moe_layers, (long long)m->layers);
        FZ_CHECK(m->shared_intermediate >= 0, "shared_intermediate %lld", (long long)m->shared_intermediate);
        FZ_CHECK(m->params_expert > 0.0 && m->params_expert_matrix > 0.0 &&
                     m->params_expert_matrix <= m->params_expert,
                 "params_expert %g, matrices %g", m->params_expert, m->params_expert_matrix);
    } else {
        FZ_CHECK(m->experts == 0, "experts %lld: a negative expert count was accepted", (long long)m->experts);
        FZ_CHECK(m->top_k == 0 && m->moe_layers == 0 && m->params_expert == 0.0, "dense model with MoE fields");
    }
    if (m->layers > m->moe_layers) FZ_CHECK(m->intermediate >= 1, "dense layers with intermediate 0");
    FZ_CHECK(isfinite(m->params_total) && m->params_total > 0.0 && m->params_total < 9007199254740992.0,
             "params_total %.17g", m->params_total);
    FZ_CHECK(m->params_total == floor(m->params_total), "params_total %.17g is not whole", m->params_total);
    FZ_CHECK(isfinite(m->params_active) && m->params_active > 0.0 && m->params_active <= m->params_total,
             "params_active %.17g of %.17g", m->params_active, m->params_total);
    FZ_CHECK(isfinite(m->params_always_read) && m->params_always_read > 0.0 &&
                 m->params_always_read <= m->params_active,
             "params_always_read %.17g (active %.17g)", m->params_always_read, m->params_active);
    FZ_CHECK(m->params_embed > 0.0 && m->params_embed < m->params_always_read, "params_embed %.17g of %.17g",
             m->params_embed, m->params_always_read);
    FZ_CHECK(isfinite(m->attn_flops_per_token_pair) && m->attn_flops_per_token_pair > 0.0 &&
                 isfinite(m->qkv_width) && m->qkv_width > 0.0,
             "attn_flops_per_token_pair %g, qkv_width %g", m->attn_flops_per_token_pair, m->qkv_width);
}

#endif
