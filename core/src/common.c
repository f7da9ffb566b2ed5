/* Names of enums and statuses, error filling, and the text output buffer
 * (JSON output on top of it is in json_write.c). */
#include "internal.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
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

static const char *const why_names[RL_WHY_COUNT_] = {
    "",
    "offload_unified",
    "offload_parallel",
    "attention_kind",
    "too_many_copies",
    "spec_needs_draft",
    "spec_needs_accept",
    "spec_needs_tokens",
    "spec_with_pp",
    "kv_heads_divide",
    "window_over_positions",
    "top_k_over_experts",
    "linear_sliding_layers",
    "mamba_heads",
    "mamba_sliding_layers",
    "mamba_with_linear",
    "list_length",
    "layer_kind",
    "quant_method",
    "mla_attention_bias",
    "head_dim",
    "preset_params",
    "gpu_no_limit",
    "gpu_no_bandwidth",
    "model_sources",
    "mtp_without_modules",
    "seq_vs_context",
    "cost_needs_config",
    "image_patch",
    "vision_tower",
    "offload_needs_ram",
    "offload_needs_host_bandwidth",
    "context_too_long",
    "workload_incomplete",
    "cost_needs_workload",
    "gpus_vs_nodes",
    "ep_dense",
    "ep_over_gpus",
    "ep_vs_tp",
    "ep_divide",
    "ep_with_pp",
    "ep_inputs_without_ep",
    "dp_divide",
    "dp_dense",
    "dp_with_pp",
    "dp_with_spec",
    "start_free",
    "disagg_inputs_without",
    "disagg_pool_zero",
    "disagg_prefill_tp_heads",
    "disagg_prefill_pool",
    "full_module",
};

rl_status rl_full_module(rl_error *err, const char *field) {
    return rl_fail_why(err, RL_E_UNSUPPORTED, field, RL_WHY_FULL_MODULE, "",
                       "%s: read by the full core, which the page loads after its first verdict", field);
}

const char *rl_why_name(rl_why why) {
    return (unsigned)why < RL_WHY_COUNT_ ? why_names[why] : "";
}

static void clear_why(rl_error *err) {
    err->why = RL_WHY_NONE;
    for (int i = 0; i < RL_ERROR_MAX_VALUES; i++) err->value_name[i][0] = err->value[i][0] = '\0';
}

void rl_clear_error(rl_error *err) {
    if (err == NULL) return;
    err->status = RL_OK;
    err->field[0] = '\0';
    err->message[0] = '\0';
    clear_why(err);
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 0)))
#endif
static void fill_error(rl_error *err, rl_status status, const char *field, const char *fmt, va_list ap) {
    err->status = status;
    snprintf(err->field, sizeof err->field, "%s", field ? field : "");
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    clear_why(err);
}

rl_status rl_fail(rl_error *err, rl_status status, const char *field, const char *fmt, ...) {
    if (err != NULL) {
        va_list ap;
        va_start(ap, fmt);
        fill_error(err, status, field, fmt, ap);
        va_end(ap);
    }
    return status;
}

/* Prints the next argument of *ap with the one conversion `spec` ("%lld", "%.3g", "%s", ...): the
 * conversions the core's messages use, d and u (int or long long), g/f/e (double) and s. The spec is
 * a piece of a message's own literal format, which the compiler checks where that message is written. */
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#endif
static void print_one(char *out, size_t cap, const char *spec, size_t len, va_list *ap) {
    char f[16];
    if (len >= sizeof f) len = sizeof f - 1;
    memcpy(f, spec, len);
    f[len] = '\0';
    char conv = f[len - 1];
    if (conv == 's') snprintf(out, cap, f, va_arg(*ap, const char *));
    else if (conv == 'g' || conv == 'f' || conv == 'e') snprintf(out, cap, f, va_arg(*ap, double));
    else if (len >= 3 && f[len - 2] == 'l' && f[len - 3] == 'l')
        conv == 'u' ? snprintf(out, cap, f, va_arg(*ap, unsigned long long)) : snprintf(out, cap, f, va_arg(*ap, long long));
    else conv == 'u' ? snprintf(out, cap, f, va_arg(*ap, unsigned)) : snprintf(out, cap, f, va_arg(*ap, int));
}
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

rl_status rl_fail_why(rl_error *err, rl_status status, const char *field, rl_why why, const char *names,
                      const char *fmt, ...) {
    if (err == NULL) return status;
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    fill_error(err, status, field, fmt, ap);
    err->why = why;
    /* Walk fmt's conversions in order, naming each from `names`. */
    int n = 0;
    const char *name = names;
    for (const char *p = fmt; *p && n < RL_ERROR_MAX_VALUES; p++) {
        if (*p != '%') continue;
        if (p[1] == '%') {
            p++;
            continue;
        }
        size_t len = strcspn(p + 1, "dusgfe") + 2;
        while (*name == ' ') name++;
        size_t nlen = strcspn(name, " ");
        if (nlen == 0) break;
        snprintf(err->value_name[n], sizeof err->value_name[n], "%.*s", (int)nlen, name);
        print_one(err->value[n], sizeof err->value[n], p, len, &again);
        name += nlen;
        n++;
        p += len - 1;
    }
    va_end(again);
    va_end(ap);
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
    case RL_HOST_DOES_NOT_FIT: return "host_ram_does_not_fit";
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
    "speculation_slower",           "engine_lacks_weight_format",
    "engine_lacks_kv_format",       "engine_not_on_gpu",
    "dp_groups_idle",
};

const char *rl_warning_code(unsigned bit_index) {
    return bit_index < RL_WARN_COUNT_ ? warning_codes[bit_index] : "";
}

static const char *const remedy_codes[RL_REMEDY_COUNT_] = {
    "lower_weight_precision", "lower_kv_precision", "more_tp",
    "smaller_batch",          "shorter_context",    "bigger_gpu",
    "raise_pool_fraction",    "fewer_gpu_layers",   "lower_precision_more_tp",
};

/* Host-memory presets: channels x 8 bytes (a 64-bit channel) x MT/s, in GB/s
 * (roofline.h, rl_host_memory, for the sources). */
double rl_host_memory_gbs(int preset) {
    static const double channels[RL_HOST_MEMORY_COUNT_] = {0, 2, 2, 8, 12};
    static const double mts[RL_HOST_MEMORY_COUNT_] = {0, 3200, 5600, 4800, 6000};
    if (preset <= RL_HOST_MEMORY_NONE || preset >= RL_HOST_MEMORY_COUNT_) return 0.0;
    return channels[preset] * 8.0 * mts[preset] / 1000.0;
}

double rl_deploy_host_gbs(const rl_deploy *d) {
    return d->cpu_bandwidth_gbs > 0 ? d->cpu_bandwidth_gbs : rl_host_memory_gbs(d->host_memory);
}

const char *rl_origin_name(rl_origin origin) {
    static const char *const names[RL_ORIGIN_COUNT_] = {"engine", "engine_quant", "given", "gpu", "input",
                                                        "analysis", "spec", "preset", "board", "rule"};
    return (unsigned)origin < RL_ORIGIN_COUNT_ ? names[origin] : "";
}

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

/* ---- numbers: exact decimal conversion, no long double ----------------- */
/* A decimal big number, 0.d[0]d[1]...d[nd-1] x 10^dp, exact up to 800 digits
 * (a double's exact expansion needs at most 767), with a sticky flag for any
 * nonzero digit dropped past them. Both directions, double -> text (printf's
 * %f, %e and %g, and the shortest text that reads back as the same double)
 * and text -> double (strtod), shift it by powers of two and round it once,
 * half to even, as glibc and musl do: results are the same bits on every
 * platform, with no long double and no libc printf or strtod in the wasm. */
#define RL_DEC_MAX 800
#define RL_DEC_STEP 56 /* bits per shift: keeps n * 10 + 9 below 2^64 */

typedef struct {
    uint8_t d[RL_DEC_MAX];
    int nd, dp;
    bool trunc;
} rl_dec;

static void dec_trim(rl_dec *a) {
    while (a->nd > 0 && a->d[a->nd - 1] == 0) a->nd--;
    if (a->nd == 0) a->dp = 0;
}

static void dec_assign(rl_dec *a, uint64_t v) {
    uint8_t tmp[24];
    int n = 0;
    for (; v > 0; v /= 10) tmp[n++] = (uint8_t)(v % 10);
    for (int i = 0; i < n; i++) a->d[i] = tmp[n - 1 - i];
    a->nd = a->dp = n;
    a->trunc = false;
    dec_trim(a);
}

static void dec_lshift(rl_dec *a, unsigned k) {
    uint8_t tmp[RL_DEC_MAX + 24]; /* digits, least significant first */
    int w = 0;
    uint64_t carry = 0;
    for (int r = a->nd - 1; r >= 0; r--) {
        uint64_t n = ((uint64_t)a->d[r] << k) + carry;
        tmp[w++] = (uint8_t)(n % 10);
        carry = n / 10;
    }
    for (; carry > 0; carry /= 10) tmp[w++] = (uint8_t)(carry % 10);
    a->dp += w - a->nd;
    int keep = w > RL_DEC_MAX ? RL_DEC_MAX : w;
    for (int i = 0; i < w; i++) {
        if (i < keep) a->d[i] = tmp[w - 1 - i];
        else if (tmp[w - 1 - i] != 0) a->trunc = true;
    }
    a->nd = keep;
    dec_trim(a);
}

static void dec_rshift(rl_dec *a, unsigned k) {
    int r = 0, w = 0;
    uint64_t n = 0;
    for (; (n >> k) == 0; r++) {
        if (r >= a->nd) {
            if (n == 0) {
                a->nd = 0;
                a->dp = 0;
                return;
            }
            while ((n >> k) == 0) {
                n *= 10;
                r++;
            }
            break;
        }
        n = n * 10 + a->d[r];
    }
    a->dp -= r - 1;
    const uint64_t mask = ((uint64_t)1 << k) - 1;
    for (; r < a->nd; r++) {
        uint64_t c = a->d[r];
        a->d[w++] = (uint8_t)(n >> k);
        n = (n & mask) * 10 + c;
    }
    while (n > 0) {
        uint64_t dig = n >> k;
        n &= mask;
        if (w < RL_DEC_MAX) a->d[w++] = (uint8_t)dig;
        else if (dig > 0) a->trunc = true;
        n *= 10;
    }
    a->nd = w;
    dec_trim(a);
}

/* Multiplies by 2^k (k > 0) or divides by 2^-k, exactly. */
static void dec_shift(rl_dec *a, int k) {
    if (a->nd == 0) return;
    for (; k > RL_DEC_STEP; k -= RL_DEC_STEP) dec_lshift(a, RL_DEC_STEP);
    for (; k < -RL_DEC_STEP; k += RL_DEC_STEP) dec_rshift(a, RL_DEC_STEP);
    if (k > 0) dec_lshift(a, (unsigned)k);
    else if (k < 0) dec_rshift(a, (unsigned)-k);
}

/* Whether keeping nd digits rounds up: above half, or exactly half and odd. */
static bool dec_round_up(const rl_dec *a, int nd) {
    if (nd < 0 || nd >= a->nd) return false;
    if (a->d[nd] == 5 && nd + 1 == a->nd) {
        if (a->trunc) return true;
        return nd > 0 && a->d[nd - 1] % 2 == 1;
    }
    return a->d[nd] >= 5;
}

/* Keeps nd significant digits, rounded half to even. */
static void dec_round(rl_dec *a, int nd) {
    if (nd < 0 || nd >= a->nd) return;
    if (dec_round_up(a, nd)) {
        int i = nd - 1;
        while (i >= 0 && a->d[i] == 9) i--;
        if (i < 0) {
            a->d[0] = 1;
            a->nd = 1;
            a->dp++;
        } else {
            a->d[i]++;
            a->nd = i + 1;
        }
    } else {
        a->nd = nd;
        dec_trim(a);
    }
}

static void dec_from_double(rl_dec *a, double v) {
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    int exp = (int)((bits >> 52) & 0x7ff);
    uint64_t mant = bits & (((uint64_t)1 << 52) - 1);
    if (exp == 0) exp = 1;
    else mant |= (uint64_t)1 << 52;
    dec_assign(a, mant);
    dec_shift(a, exp - 1075);
}

static double dec_to_double(rl_dec *a, bool *range) {
    static const int powtab[] = {1, 3, 6, 9, 13, 16, 19, 23, 26};
    const int npow = (int)(sizeof powtab / sizeof powtab[0]);
    *range = false;
    if (a->nd == 0) return 0.0;
    if (a->dp > 310) goto overflow;
    if (a->dp < -330) {
        *range = true;
        return 0.0;
    }
    int exp = 0;
    while (a->dp > 0) {
        int n = a->dp >= npow ? 27 : powtab[a->dp];
        dec_shift(a, -n);
        exp += n;
    }
    while (a->dp < 0 || (a->dp == 0 && a->d[0] < 5)) {
        int n = -a->dp >= npow ? 27 : powtab[-a->dp];
        dec_shift(a, n);
        exp -= n;
    }
    /* Now in [0.5, 1): a double's significand is in [1, 2). */
    exp--;
    bool tiny = false;
    if (exp < -1022) {
        int n = -1022 - exp;
        dec_shift(a, -n);
        exp += n;
        tiny = true;
    }
    if (exp + 1023 >= 2047) goto overflow;
    dec_shift(a, 53);
    uint64_t mant = 0;
    bool inexact = a->trunc;
    for (int i = 0; i < a->dp; i++) mant = mant * 10 + (i < a->nd ? a->d[i] : 0);
    if (a->nd > a->dp) inexact = true;
    if (dec_round_up(a, a->dp)) mant++;
    if (mant == (uint64_t)2 << 52) {
        mant >>= 1;
        exp++;
        if (exp + 1023 >= 2047) goto overflow;
    }
    int bexp = exp + 1023;
    if ((mant & ((uint64_t)1 << 52)) == 0) bexp = 0;
    /* glibc: ERANGE when the result is subnormal (or zero) and inexact. */
    if (tiny && bexp == 0 && inexact) *range = true;
    uint64_t bits = (mant & (((uint64_t)1 << 52) - 1)) | ((uint64_t)bexp << 52);
    double v;
    memcpy(&v, &bits, sizeof v);
    return v;
overflow:
    *range = true;
    return INFINITY;
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

/* The signed exponent digits after an 'e' or 'p' (s points past the letter): the
 * value in *out, saturated far past any double's range, and the end of the digits;
 * NULL when no digit follows, so the letter is not part of the number. The bound is
 * past any input's length too (at most 10^9, which a 32-bit long holds), so that
 * leading zeros of the mantissa cannot bring a saturated exponent back into range. */
static const char *read_exponent(const char *s, long *out) {
    bool neg = false;
    if (*s == '+' || *s == '-') neg = *s++ == '-';
    if (!(*s >= '0' && *s <= '9')) return NULL;
    long x = 0;
    for (; *s >= '0' && *s <= '9'; s++)
        if (x < 100000000) x = x * 10 + (*s - '0');
    *out = neg ? -x : x;
    return s;
}

static bool prefix_ci(const char *s, const char *word) {
    for (; *word; s++, word++)
        if (lower((unsigned char)*s) != *word) return false;
    return true;
}

static int hex_digit(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    c = lower(c);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* m x 2^e (m != 0, sticky: nonzero bits below m), correctly rounded. */
static double binary_to_double(uint64_t m, bool sticky, long e, bool *range) {
    while (!(m >> 63)) {
        m <<= 1;
        e--;
    }
    /* value = 1.xxx x 2^(e + 63) */
    long top = e + 63;
    *range = false;
    if (top > 1023) {
        *range = true;
        return INFINITY;
    }
    int keep = 53; /* significand bits */
    if (top < -1022) {
        long k = 53 - (-1022 - top);
        if (k < 0) {
            *range = true;
            return 0.0;
        }
        keep = (int)k;
    }
    int drop = 64 - keep;
    uint64_t q = drop >= 64 ? 0 : m >> drop;
    uint64_t rest = drop >= 64 ? m : m & ((drop ? ((uint64_t)1 << (drop - 1)) << 1 : 0) - 1);
    uint64_t half = (uint64_t)1 << (drop - 1);
    bool inexact = rest != 0 || sticky;
    if (rest > half || (rest == half && (sticky || (q & 1)))) q++;
    double v = ldexp((double)q, (int)(e + drop));
    if (keep < 53 && inexact) *range = true;
    if (isinf(v)) *range = true;
    return v;
}

double rl_strtod(const char *s, char **end) {
    const char *p = s;
    while (*p == ' ' || (*p >= '\t' && *p <= '\r')) p++;
    bool neg = false;
    if (*p == '+' || *p == '-') neg = *p++ == '-';
    double v = 0.0;
    bool range = false;
    const char *stop = s;
    if (prefix_ci(p, "inf")) {
        stop = p + (prefix_ci(p, "infinity") ? 8 : 3);
        v = INFINITY;
    } else if (prefix_ci(p, "nan")) {
        stop = p + 3;
        if (*stop == '(') {
            const char *q = stop + 1;
            while ((*q >= '0' && *q <= '9') || (lower(*q) >= 'a' && lower(*q) <= 'z') || *q == '_') q++;
            if (*q == ')') stop = q + 1;
        }
        v = NAN;
    } else if (p[0] == '0' && lower(p[1]) == 'x' && (hex_digit(p[2]) >= 0 || (p[2] == '.' && hex_digit(p[3]) >= 0))) {
        const char *q = p + 2;
        uint64_t m = 0;
        bool sticky = false;
        long e = 0;
        bool dot = false;
        for (;; q++) {
            int h = hex_digit(*q);
            if (*q == '.' && !dot) {
                dot = true;
                continue;
            }
            if (h < 0) break;
            if (m >> 60) {
                sticky |= h != 0;
                if (!dot) e += 4;
            } else {
                m = m * 16 + (uint64_t)h;
                if (dot) e -= 4;
            }
        }
        stop = q;
        long x;
        const char *after = lower(*q) == 'p' ? read_exponent(q + 1, &x) : NULL;
        if (after != NULL) {
            e += x;
            stop = after;
        }
        v = m == 0 ? 0.0 : binary_to_double(m, sticky, e, &range);
    } else {
        rl_dec a;
        a.nd = a.dp = 0;
        a.trunc = false;
        bool seen = false, dot = false, nonzero = false;
        const char *q = p;
        for (;; q++) {
            if (*q == '.' && !dot) {
                dot = true;
                continue;
            }
            if (*q < '0' || *q > '9') break;
            seen = true;
            int c = *q - '0';
            if (!dot) a.dp++;
            if (c == 0 && !nonzero) {
                a.dp--; /* leading zeros carry no weight */
                continue;
            }
            nonzero = true;
            if (a.nd < RL_DEC_MAX) a.d[a.nd++] = (uint8_t)c;
            else if (c != 0) a.trunc = true;
        }
        if (seen) {
            stop = q;
            long x;
            const char *after = lower(*q) == 'e' ? read_exponent(q + 1, &x) : NULL;
            if (after != NULL) {
                a.dp += (int)x;
                stop = after;
            }
            dec_trim(&a);
            if (a.nd == 0) {
                v = 0.0;
            } else {
                /* Exact fast path: up to 15 digits and a power of ten a double holds exactly. */
                static const double pow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                               1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                               1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
                int scale = a.dp - a.nd; /* value = digits x 10^scale */
                if (a.nd <= 15 && !a.trunc && scale >= -22 && scale <= 22) {
                    uint64_t m = 0;
                    for (int i = 0; i < a.nd; i++) m = m * 10 + a.d[i];
                    v = scale >= 0 ? (double)m * pow10[scale] : (double)m / pow10[-scale];
                }
                else
                    v = dec_to_double(&a, &range);
            }
        }
    }
    if (end != NULL) *end = (char *)(uintptr_t)stop;
    if (stop == s) return 0.0;
    if (range) errno = ERANGE;
    return neg ? -v : v;
}

/* One double as printf writes it with conv 'f', 'e' or 'g' (or 'F', 'E', 'G')
 * and precision prec (0..RL_FMT_MAX_PREC; %g's default is 6). Writes no
 * terminator; returns the length (at most RL_FMT_MAX_LEN). */
size_t rl_fmt_double(char *out, double v, char conv, int prec) {
    char *o = out;
    bool upper = conv >= 'A' && conv <= 'Z';
    conv = (char)lower(conv);
    if (signbit(v)) *o++ = '-';
    if (!isfinite(v)) {
        const char *w = isnan(v) ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");
        memcpy(o, w, 3);
        return (size_t)(o + 3 - out);
    }
    if (prec < 0) prec = 6;
    if (prec > RL_FMT_MAX_PREC) prec = RL_FMT_MAX_PREC;
    rl_dec a;
    dec_from_double(&a, fabs(v));
    bool strip = false;
    if (conv == 'g') {
        int p = prec == 0 ? 1 : prec;
        dec_round(&a, p);
        int x = a.nd == 0 ? 0 : a.dp - 1;
        if (p > x && x >= -4) {
            conv = 'f';
            prec = p - 1 - x;
        } else {
            conv = 'e';
            prec = p - 1;
        }
        strip = true;
    }
    char *digits = o;
    int x = 0;
    if (conv == 'e') {
        dec_round(&a, prec + 1);
        x = a.nd == 0 ? 0 : a.dp - 1;
        *o++ = (char)('0' + (a.nd > 0 ? a.d[0] : 0));
        if (prec > 0) *o++ = '.';
        for (int i = 1; i <= prec; i++) *o++ = (char)('0' + (i < a.nd ? a.d[i] : 0));
    } else {
        dec_round(&a, a.dp + prec);
        if (a.dp <= 0) *o++ = '0';
        for (int i = 0; i < a.dp; i++) *o++ = (char)('0' + (i < a.nd ? a.d[i] : 0));
        if (prec > 0) *o++ = '.';
        for (int i = a.dp; i < a.dp + prec; i++) *o++ = (char)('0' + (i >= 0 && i < a.nd ? a.d[i] : 0));
    }
    if (strip && memchr(digits, '.', (size_t)(o - digits)) != NULL) {
        while (o[-1] == '0') o--;
        if (o[-1] == '.') o--;
    }
    if (conv == 'e') {
        *o++ = upper ? 'E' : 'e';
        *o++ = x < 0 ? '-' : '+';
        int ax = x < 0 ? -x : x;
        if (ax >= 100) *o++ = (char)('0' + ax / 100);
        *o++ = (char)('0' + ax / 10 % 10);
        *o++ = (char)('0' + ax % 10);
    }
    return (size_t)(o - out);
}

/* The shortest of %.15g, %.16g and %.17g that reads back as v (finite). */
size_t rl_fmt_shortest(char *out, double v) {
    char buf[RL_FMT_MAX_LEN + 1];
    size_t n = 0;
    int saved = errno;
    for (int prec = 15; prec <= 17; prec++) {
        n = rl_fmt_double(buf, v, 'g', prec);
        buf[n] = '\0';
        if (prec == 17 || rl_strtod(buf, NULL) == v) break;
    }
    errno = saved;
    memcpy(out, buf, n);
    return n;
}

/* rl_fmt_shortest, with NaN and the infinities as JSON text (Python's json)
 * spells them: an error quoting a config's Infinity says "got Infinity". */
size_t rl_fmt_json_number(char *out, double v) {
    if (isfinite(v)) return rl_fmt_shortest(out, v);
    const char *w = isnan(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity";
    size_t n = strlen(w);
    memcpy(out, w, n);
    return n;
}
