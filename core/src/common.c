/* Names of enums and statuses, error filling, and the text output buffer
 * (JSON output on top of it is in json_write.c). */
#include "internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const status_names[RL_STATUS_COUNT_] = {
    "ok",         "null",         "range",     "not_integer",  "unknown_preset",
    "unknown_name", "json_syntax", "json_type", "json_missing", "contradiction",
    "too_large",  "micro_batch",  "duplicate_key", "unsupported", "file",
    "usage",
};

const char *rl_status_name(rl_status status) {
    if ((unsigned)status >= RL_STATUS_COUNT_) return "unknown";
    return status_names[status];
}

void rl_clear_error(rl_error *err) {
    if (err == NULL) return;
    err->status = RL_OK;
    err->field[0] = '\0';
    err->message[0] = '\0';
}

rl_status rl_fail(rl_error *err, rl_status status, const char *field, const char *fmt, ...) {
    if (err != NULL) {
        err->status = status;
        snprintf(err->field, sizeof err->field, "%s", field ? field : "");
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return status;
}

/* ---- precisions -------------------------------------------------------- */

static const char *const prec_names[RL_PREC_COUNT_] = {
    "auto", "fp32", "fp16", "bf16", "fp8", "int8", "int4", "q8_0", "q6_k",
    "q5_k_m", "q4_k_m", "q4_0", "q3_k_m", "q2_k", "iq4_xs", "mxfp4", "nvfp4"};
/* Bytes per weight. The ggml formats from their block layouts (github
 * ggml-org/llama.cpp ggml/src/ggml-common.h): block_q8_0 = 2 + 32 bytes per 32
 * weights (8.5 bpw), block_q4_0 = 2 + 16 per 32 (4.5 bpw), block_q6_K = 210
 * per 256 (6.5625 bpw), block_q2_K = 84 per 256 (2.625 bpw), block_iq4_xs =
 * 136 per 256 (4.25 bpw). The K-quant mixes keep some tensors at a higher type,
 * so they are whole-file averages: llama.cpp tools/quantize/quantize.cpp lists
 * Llama-3-8B (8.03 B weights) at Q5_K_M 5.33 GiB, Q4_K_M 4.58 GiB and Q3_K_M
 * 3.74 GiB, which is 5.70, 4.90 and 4.00 bpw. MXFP4 (OCP MX spec): 4 bits +
 * one 8-bit scale per 32 = 4.25 bpw; NVFP4 (NVIDIA Blackwell): 4 bits + one
 * FP8 scale per 16 = 4.5 bpw (the per-tensor FP32 scale is negligible). */
const double rl_prec_bytes_table[RL_PREC_COUNT_] = {
    0.0, 4.0, 2.0, 2.0, 1.0, 1.0, 0.5, 8.5 / 8, 6.5625 / 8,
    5.70 / 8, 4.90 / 8, 4.5 / 8, 4.00 / 8, 2.625 / 8, 4.25 / 8, 4.25 / 8, 4.5 / 8};

int rl_precision_is_kv(rl_precision p) {
    /* llama.cpp's cache types (--cache-type-k/v) include q8_0 and q4_0; TensorRT-LLM has an NVFP4 KV cache. */
    return (unsigned)p < RL_PREC_COUNT_ && (p <= RL_PREC_INT4 || p == RL_PREC_Q8_0 || p == RL_PREC_Q4_0 || p == RL_PREC_NVFP4);
}

double rl_precision_bytes(rl_precision p) {
    if ((unsigned)p >= RL_PREC_COUNT_) return 0.0;
    return rl_prec_bytes_table[p];
}

const char *rl_precision_name(rl_precision p) {
    if ((unsigned)p >= RL_PREC_COUNT_) return "unknown";
    return prec_names[p];
}

rl_status rl_precision_parse(const char *name, rl_precision *out) {
    for (int i = 0; name != NULL && i < RL_PREC_COUNT_; i++) {
        if (strcmp(name, prec_names[i]) == 0) {
            *out = (rl_precision)i;
            return RL_OK;
        }
    }
    return RL_E_UNKNOWN_NAME;
}

const char *rl_moe_read_name(rl_moe_read m) {
    return m == RL_MOE_UNION ? "union" : m == RL_MOE_DISTINCT ? "distinct" : "unknown";
}

rl_status rl_moe_read_parse(const char *name, rl_moe_read *out) {
    if (name != NULL && strcmp(name, "union") == 0) *out = RL_MOE_UNION;
    else if (name != NULL && strcmp(name, "distinct") == 0) *out = RL_MOE_DISTINCT;
    else return RL_E_UNKNOWN_NAME;
    return RL_OK;
}

const char *rl_verdict_name(rl_verdict v) {
    switch (v) {
    case RL_FITS: return "fits";
    case RL_WEIGHTS_DO_NOT_FIT: return "weights_do_not_fit";
    case RL_KV_DOES_NOT_FIT: return "kv_does_not_fit";
    case RL_TIGHT: return "tight";
    }
    return "unknown";
}

const char *rl_bound_name(rl_bound b) {
    switch (b) {
    case RL_BOUND_MEMORY: return "memory";
    case RL_BOUND_COMPUTE: return "compute";
    case RL_BOUND_UNKNOWN: return "unknown";
    case RL_BOUND_NONE: break;
    }
    return "none";
}

static const char *const warning_codes[RL_WARN_COUNT_] = {
    "kv_heads_not_divisible_by_tp", "layers_not_divisible_by_pp",
    "pp_slower_than_one_gpu",       "kv_replicated_across_tp",
    "seq_over_max_positions",       "batch_not_divisible_by_micro_batches",
    "tight",                        "no_sourced_tflops",
    "speculation_slower",
};

const char *rl_warning_code(unsigned bit_index) {
    return bit_index < RL_WARN_COUNT_ ? warning_codes[bit_index] : "";
}

static const char *const remedy_codes[RL_REMEDY_COUNT_] = {
    "lower_weight_precision", "lower_kv_precision", "more_tp",
    "smaller_batch",          "shorter_context",    "bigger_gpu",
    "raise_pool_fraction",
};

const char *rl_remedy_code(unsigned bit_index) {
    return bit_index < RL_REMEDY_COUNT_ ? remedy_codes[bit_index] : "";
}

/* ---- output buffer ----------------------------------------------------- */

void rl_out_init(rl_out *o, char *buf, size_t cap) {
    o->buf = buf;
    o->cap = cap;
    o->len = 0;
    if (buf != NULL && cap > 0) buf[0] = '\0';
}

void rl_out_bytes(rl_out *o, const char *s, size_t n) {
    if (o->buf != NULL && o->len < o->cap) {
        size_t room = o->cap - 1 - o->len;
        size_t k = n < room ? n : room;
        memcpy(o->buf + o->len, s, k);
        o->buf[o->len + k] = '\0';
    }
    o->len += n;
}

void rl_out_raw(rl_out *o, const char *s) { rl_out_bytes(o, s, strlen(s)); }

void rl_out_fmt(rl_out *o, const char *fmt, ...) {
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    rl_out_bytes(o, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}
