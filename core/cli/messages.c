/* The CLI's words in its language: lookup and hole filling (see messages.h). */
#include "messages.h"

#include <stdlib.h>
#include <string.h>

static rl_lang current = RL_LANG_EN;

int rl_lang_parse(const char *word, rl_lang *out) {
    if (word == NULL) return 0;
    if (strcmp(word, "en") == 0) *out = RL_LANG_EN;
    else if (strcmp(word, "zh") == 0 || strcmp(word, "zh-CN") == 0) *out = RL_LANG_ZH;
    else return 0;
    return 1;
}

void rl_msg_set_lang(rl_lang lang) { current = lang; }
rl_lang rl_msg_lang(void) { return current; }

static const rl_msg *find(const char *key) {
    size_t lo = 0, hi = rl_msg_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(rl_msgs[mid].key, key);
        if (c == 0) return &rl_msgs[mid];
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    return NULL;
}

const char *rl_msg_text_in(rl_lang lang, const char *key) {
    const rl_msg *m = find(key);
    if (m == NULL) return "";
    const char *t = lang == RL_LANG_ZH ? m->zh : m->en;
    return t ? t : "";
}

const char *rl_msg_text(const char *key) { return rl_msg_text_in(current, key); }

const char *rl_msg_fill(char *buf, size_t cap, const char *key, const char *const *kv) {
    const char *t = rl_msg_text(key);
    size_t n = 0;
    if (cap == 0) return buf;
    while (*t && n + 1 < cap) {
        const char *end = t[0] == '{' ? strchr(t, '}') : NULL;
        if (end != NULL) {
            const char *value = "";
            size_t len = (size_t)(end - t - 1);
            for (int i = 0; kv[i] && kv[i + 1]; i += 2)
                if (strlen(kv[i]) == len && strncmp(kv[i], t + 1, len) == 0) value = kv[i + 1];
            for (; *value && n + 1 < cap; value++) buf[n++] = *value;
            t = end + 1;
        } else {
            buf[n++] = *t++;
        }
    }
    buf[n] = '\0';
    return buf;
}

/* Terminal columns of UTF-8 text: the wide scripts (CJK, full-width forms) take two. */
static int columns(const char *s) {
    int w = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        unsigned cp;
        int len;
        if (*p < 0x80) cp = *p, len = 1;
        else if ((*p & 0xE0) == 0xC0) cp = *p & 0x1Fu, len = 2;
        else if ((*p & 0xF0) == 0xE0) cp = *p & 0x0Fu, len = 3;
        else cp = *p & 0x07u, len = 4;
        for (int i = 1; i < len; i++) {
            if ((p[i] & 0xC0) != 0x80) {
                len = i;
                break;
            }
            cp = (cp << 6) | (p[i] & 0x3Fu);
        }
        p += len;
        w += (cp >= 0x1100 && (cp <= 0x115F || (cp >= 0x2E80 && cp <= 0xA4CF) || (cp >= 0xAC00 && cp <= 0xD7A3) ||
                               (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) ||
                               (cp >= 0xFF00 && cp <= 0xFF60) || (cp >= 0xFFE0 && cp <= 0xFFE6)))
                 ? 2
                 : 1;
    }
    return w;
}

int rl_msg_columns(const char *text) { return columns(text); }

void rl_msg_pad(FILE *out, const char *text, int width) {
    fputs(text, out);
    for (int w = columns(text); w < width; w++) fputc(' ', out);
}

/* ---- the core's messages, from their codes and values -------------------- */
/* The holes are core-values.js's, under the same names and written the same way. */

#define FMT(buf, ...) (snprintf(buf, sizeof buf, __VA_ARGS__), buf)

/* A number as JavaScript's String() writes it (the fewest digits that read back), for the plain values. */
static char *shortest(char *buf, size_t cap, double v) {
    if (v == (double)(long long)v && v > -1e15 && v < 1e15) {
        snprintf(buf, cap, "%lld", (long long)v);
        return buf;
    }
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(buf, cap, "%.*g", digits, v);
        if (strtod(buf, NULL) == v) break;
    }
    return buf;
}

static long long ceil_div(long long a, long long b) { return b > 0 ? (a + b - 1) / b : 0; }

/* The message key of a warning: its code, and a variant where one code has two sentences (the page's
 * warningText in web/src/i18n/index.js keeps the same rule): latent attention's replicated KV; a tight fit with no room left for the KV (an
 * engine that cannot start); a tight fit under a pool that is a share of the free memory (TensorRT-LLM's), or of
 * what the context and NCCL leave (SGLang's). */
static void warning_key(char *key, size_t cap, unsigned bit, const rl_model *m, const rl_result *r) {
    unsigned w = 1u << bit;
    snprintf(key, cap, "warning.%s%s%s%s", rl_warning_code(bit), w == RL_WARN_KV_REPLICATED_ACROSS_TP && m->mla ? ".mla" : "",
             w == RL_WARN_TIGHT && r->kv_room_gib <= 0 ? ".noRoom" : "", w == RL_WARN_TIGHT && r->pool_of_free ? ".free" : w == RL_WARN_TIGHT && r->pool_of_start ? ".start" : "");
}

const char *rl_msg_warning(unsigned bit, const rl_model *m, const rl_deploy *d, const rl_result *r, char *buf, size_t cap) {
    if (current == RL_LANG_EN || bit >= RL_WARN_COUNT_) {
        rl_warning_text(bit, m, d, r, buf, cap);
        return buf;
    }
    char key[80], v[26][40];
    warning_key(key, sizeof key, bit, m, r);
    const char *const kv[] = {
        "kv_heads", FMT(v[0], "%lld", (long long)m->kv_heads),
        "tp", FMT(v[1], "%lld", (long long)d->tp),
        "per_rank", FMT(v[2], "%lld", ceil_div((long long)m->kv_heads, (long long)d->tp)),
        "kv_share", FMT(v[3], "%.4g", r->kv_share),
        "layers", FMT(v[4], "%lld", (long long)m->layers),
        "pp", FMT(v[5], "%lld", (long long)d->pp),
        "stage_layers", FMT(v[6], "%lld", ceil_div((long long)m->layers, (long long)d->pp)),
        "micro", FMT(v[7], "%lld", (long long)r->micro_batches),
        "speedup", FMT(v[8], "%.2f", r->pp_speedup),
        "seq", FMT(v[9], "%lld", (long long)d->seq),
        "batch", FMT(v[10], "%lld", (long long)d->batch),
        "per_micro", FMT(v[11], "%lld", ceil_div((long long)d->batch, (long long)r->micro_batches)),
        "pool_pct", FMT(v[12], "%.0f", r->pool_fraction * 100.0),
        "reserve", FMT(v[13], "%.2f", r->reserve_gib),
        "kv_room", FMT(v[14], "%.2f", r->kv_room_gib),
        "kv_need", FMT(v[15], "%.2f", r->kv_gib),
        "missing", FMT(v[16], "%.2f", r->missing_gib),
        "max_real", FMT(v[17], "%lld", (long long)r->max_batch_realistic),
        "over", FMT(v[22], "%.2f", -r->kv_room_gib),
        "left", FMT(v[23], "%.2f", r->free_after_reserves_gib),
        "free_at_start", FMT(v[24], "%.2f", r->free_at_start_gib),
        "spec_tokens", FMT(v[18], "%lld", (long long)d->spec_tokens),
        "accept", FMT(v[19], "%.2f", d->spec_accept),
        "tokens_per_step", FMT(v[20], "%.3g", r->spec_tokens_per_step),
        "spec_speedup", FMT(v[21], "%.2f", r->spec_realistic_speedup),
        "engine", rl_engine_name(r->engine),
        "precision", rl_precision_name(rl_lacked_weight_format(r)), /* engine_lacks_weight_format's, the one warning that names it */
        "kv_precision", rl_precision_name(r->kv_precision),
        "groups", FMT(v[25], "%lld", (long long)d->dp_attention), /* dp_groups_idle's */
        NULL};
    return rl_msg_fill(buf, cap, key, kv);
}

const char *rl_msg_remedy(unsigned bit, const rl_model *m, const rl_deploy *d, const rl_result *r, char *buf, size_t cap) {
    if (current == RL_LANG_EN || bit >= RL_REMEDY_COUNT_) {
        rl_remedy_text(bit, m, d, r, buf, cap);
        return buf;
    }
    char key[80], value[40], f2[40], v[6][40];
    /* TensorRT-LLM's pool is a share of the free memory, another sentence (as the page's remedyText picks it). */
    snprintf(key, sizeof key, "remedy.%s%s", rl_remedy_code(bit),
             (1u << bit) == RL_REMEDY_RAISE_POOL && r->pool_of_free ? ".free" : "");
    const char *knob = rl_engine_pool_knob(r->engine);
    /* The value as the JSON holds it (rl_remedy_value), written as the page's n() writes it. */
    double x = 0.0;
    const char *name = rl_remedy_value(bit, r, &x);
    if (name) snprintf(value, sizeof value, "%s", name);
    else shortest(value, sizeof value, x);
    const char *const kv[] = {"value", value, "value_f2", FMT(f2, "%.2f", x),
                              "precision", FMT(v[0], "%s", rl_precision_name(r->weight_precision)),
                              "batch", FMT(v[1], "%lld", (long long)d->batch), "seq", FMT(v[2], "%lld", (long long)d->seq),
                              "layers", FMT(v[3], "%lld", (long long)(m ? m->layers : 0)), "pool_now", FMT(v[4], "%.2f", r->pool_fraction),
                              "tp", FMT(v[5], "%lld", (long long)r->remedy_pair_tp), "knob", knob ? knob : "", NULL};
    return rl_msg_fill(buf, cap, key, kv);
}

/* How an error's sentence names its field: the table's label for it, else the flag, else the request key. */
static const char *error_label(const rl_error *e, const char *field_label) {
    char label_key[96];
    snprintf(label_key, sizeof label_key, "field.%s", e->field);
    const char *label = rl_msg_text(label_key);
    return label[0] ? label : field_label && field_label[0] ? field_label : e->field;
}

/* The length of `text`'s opening "<name>: " or "<name>：" (a full-width colon, then no space), else 0. */
static size_t opening(const char *text, const char *name) {
    size_t n = strlen(name);
    if (n == 0 || strncmp(text, name, n) != 0) return 0;
    if (text[n] == ':' && text[n + 1] == ' ') return n + 2;
    if (strncmp(text + n, "\xef\xbc\x9a", 3) == 0) return n + 3;
    return 0;
}

const char *rl_msg_error_after_flag(const rl_error *e, const char *flag, char *buf, size_t cap) {
    rl_msg_error(e, flag, buf, cap);
    if (flag == NULL || !flag[0]) return buf;
    size_t skip = opening(buf, e->field);
    if (skip == 0) skip = opening(buf, error_label(e, flag));
    if (skip > 0 && buf[skip] != '\0') memmove(buf, buf + skip, strlen(buf + skip) + 1);
    return buf;
}

const char *rl_msg_error(const rl_error *e, const char *field_label, char *buf, size_t cap) {
    if (current == RL_LANG_EN) {
        snprintf(buf, cap, "%s", e->message);
        return buf;
    }
    char key[80], bounds[64] = "", lo[32], hi[32];
    const char *label = error_label(e, field_label);
    const rl_field *f = rl_field_by_key(e->field);
    snprintf(key, sizeof key, "error.%s.bounds", rl_status_name(e->status));
    if (f && (f->type == RL_FIELD_COUNT || f->type == RL_FIELD_NUMBER || f->type == RL_FIELD_SIZE) && rl_msg_text(key)[0])
        RL_MSG(bounds, key, "min", shortest(lo, sizeof lo, f->min), "max", shortest(hi, sizeof hi, f->max));
    /* The rule broken, worded from its code and the error's figures, where the table has it. */
    if (e->why != RL_WHY_NONE) {
        snprintf(key, sizeof key, "error.why.%s", rl_why_name(e->why));
        if (rl_msg_text(key)[0]) {
            const char *kv[2 * RL_ERROR_MAX_VALUES + 3];
            int n = 0;
            kv[n++] = "field";
            kv[n++] = label;
            for (int i = 0; i < RL_ERROR_MAX_VALUES && e->value_name[i][0]; i++) {
                kv[n++] = e->value_name[i];
                kv[n++] = e->value[i];
            }
            kv[n] = NULL;
            return rl_msg_fill(buf, cap, key, kv);
        }
    }
    snprintf(key, sizeof key, "error.%s", rl_status_name(e->status));
    if (!rl_msg_text(key)[0]) snprintf(key, sizeof key, "error.unknown");
    return rl_msg_fill(buf, cap, key, (const char *const[]){"field", label, "range", bounds, "message", e->message, NULL});
}

const char *rl_msg_finding(const rl_lint_finding *f, char *buf, size_t cap) {
    char key[96];
    const char *variant = "";
    const char *kv[2 * RL_LINT_MAX_VALUES + 1];
    int n = 0;
    for (int i = 0; i < f->value_count && i < RL_LINT_MAX_VALUES; i++) {
        if (strcmp(f->value_name[i], "variant") == 0) variant = f->value[i];
        kv[n++] = f->value_name[i];
        kv[n++] = f->value[i];
    }
    kv[n] = NULL;
    snprintf(key, sizeof key, "lintf.%s%s%s", f->code, variant[0] ? "." : "", variant);
    if (current == RL_LANG_EN || !rl_msg_text(key)[0]) {
        snprintf(buf, cap, "%s", f->message);
        return buf;
    }
    return rl_msg_fill(buf, cap, key, kv);
}
