/* The inputs' defaults and validation, walking the one field table
 * (core/fields.json, compiled in as rl_field_at()): a range lives in one row,
 * and the request reader, the CLI and the page all read the same row. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

/* Enum members are written through an int: true for every ABI this builds on. */
_Static_assert(sizeof(rl_precision) == sizeof(int), "rl_precision is int-sized");
_Static_assert(sizeof(rl_moe_read) == sizeof(int), "rl_moe_read is int-sized");

const rl_field *rl_field_by_key(const char *key) {
    if (key == NULL) return NULL;
    for (size_t i = 0; i < rl_field_count(); i++)
        if (strcmp(rl_field_at(i)->key, key) == 0) return rl_field_at(i);
    return NULL;
}

/* True when `flag` is one of the space-separated words of `list`. */
static bool in_words(const char *list, const char *flag) {
    size_t n = strlen(flag);
    for (const char *p = list; *p;) {
        const char *end = strchr(p, ' ');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == n && strncmp(p, flag, n) == 0) return true;
        p += len;
        while (*p == ' ') p++;
    }
    return false;
}

const rl_field *rl_field_by_flag(const char *flag) {
    if (flag == NULL) return NULL;
    for (size_t i = 0; i < rl_field_count(); i++) {
        const rl_field *f = rl_field_at(i);
        if ((f->flag && strcmp(f->flag, flag) == 0) || in_words(f->aliases, flag)) return f;
    }
    return NULL;
}

int rl_field_choice(const rl_field *f, const char *word) {
    for (int i = 0; f->choices && f->choices[i]; i++)
        if (strcmp(f->choices[i], word) == 0) return i;
    return -1;
}

rl_status rl_field_bad_choice(const rl_field *f, const char *word, rl_error *err) {
    char list[160] = "";
    size_t len = 0;
    for (int i = 0; f->choices && f->choices[i] && len < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", f->choices[i]);
    if (word == NULL) return rl_fail(err, RL_E_UNKNOWN_NAME, f->key, "%s must be one of %s", f->key, list);
    return rl_fail(err, RL_E_UNKNOWN_NAME, f->key, "%s must be one of %s (got \"%.32s\")", f->key, list, word);
}

static void *member(void *base, const rl_field *f) { return (char *)base + f->offset; }
static const void *cmember(const void *base, const rl_field *f) { return (const char *)base + f->offset; }

void rl_field_set_default(void *base, const rl_field *f) {
    switch (f->type) {
    case RL_FIELD_COUNT: *(int64_t *)member(base, f) = (int64_t)f->def; break;
    case RL_FIELD_NUMBER: *(double *)member(base, f) = f->def; break;
    case RL_FIELD_ENUM: *(int *)member(base, f) = (int)f->def; break;
    default: break;
    }
}

/* A number field's range, in the project's message form; NaN fails. */
static rl_status check_number(const rl_field *f, double v, rl_error *err) {
    if (!(v >= f->min && v <= f->max)) {
        char got[RL_FMT_MAX_LEN + 1]; /* the value as given, to its last digit */
        got[rl_fmt_json_number(got, v)] = '\0';
        return rl_fail(err, RL_E_RANGE, f->key, "%s must be a number at least %g and at most %g%s%s (got %s)", f->key, f->min,
                       f->max, f->unit[0] ? " " : "", f->unit, got);
    }
    return RL_OK;
}

rl_status rl_field_check_given(const rl_field *f, double v, rl_error *err) {
    return v == 0.0 && (f->flags & RL_FIELD_ZERO_REFUSED) ? check_number(f, v, err) : RL_OK;
}

/* v names one of the choices: walk only as far as v (the choices end in NULL). */
static bool enum_ok(const rl_field *f, int v) {
    if (v < 0) return false;
    for (int k = 0; k < v; k++)
        if (f->choices[k] == NULL) return false;
    return f->choices[v] != NULL;
}

rl_status rl_field_check(const rl_field *f, const void *base, rl_error *err) {
    switch (f->type) {
    case RL_FIELD_COUNT: {
        int64_t v = *(const int64_t *)cmember(base, f);
        if (v == 0 && (f->flags & RL_FIELD_ZERO_IS_UNSET)) return RL_OK;
        return rl_check_int(v, f->key, (int64_t)f->min, (int64_t)f->max, err);
    }
    case RL_FIELD_NUMBER: {
        double v = *(const double *)cmember(base, f);
        if (v == 0.0 && (f->flags & RL_FIELD_ZERO_IS_UNSET)) return RL_OK;
        return check_number(f, v, err);
    }
    case RL_FIELD_ENUM: return enum_ok(f, *(const int *)cmember(base, f)) ? RL_OK : rl_field_bad_choice(f, NULL, err);
    default: return RL_OK;
    }
}

/* Every row that fills `target`, in table order: the first bad one is named.
 * This runs on every analysis, so an in-range number is passed inline and only
 * a failing row goes through rl_field_check for its message. */
static rl_status check_rows(rl_field_target target, const void *base, rl_error *err) {
    size_t n;
    const rl_field *const *rows = rl_field_rows(target, &n);
    for (size_t i = 0; i < n; i++) {
        const rl_field *f = rows[i];
        if (f->type == RL_FIELD_COUNT) {
            double v = (double)*(const int64_t *)cmember(base, f);
            if ((v >= f->min && v <= f->max) || (v == 0.0 && (f->flags & RL_FIELD_ZERO_IS_UNSET))) continue;
        } else if (f->type == RL_FIELD_NUMBER) {
            double v = *(const double *)cmember(base, f);
            if ((v >= f->min && v <= f->max) || (v == 0.0 && (f->flags & RL_FIELD_ZERO_IS_UNSET))) continue;
        } else if (f->type == RL_FIELD_ENUM) {
            if (enum_ok(f, *(const int *)cmember(base, f))) continue;
        }
        rl_status st = rl_field_check(f, base, err);
        if (st) return st;
    }
    return RL_OK;
}

rl_status rl_fields_check_target(rl_field_target target, const void *base, rl_error *err) {
    return check_rows(target, base, err);
}

rl_gpu rl_gpu_default(void) {
    rl_gpu g;
    memset(&g, 0, sizeof g);
    memcpy(g.name, "custom", 7);
    return g;
}

rl_status rl_gpu_validate(const rl_gpu *g, rl_error *err) {
    if (g == NULL) return rl_fail(err, RL_E_NULL, "gpu", "gpu: no GPU was given");
    rl_status st;
    if (g->tflops_unknown) {
        /* No sourced TFLOPS is a statement, not a figure to range-check. */
        rl_gpu shown = *g;
        shown.tflops = 1.0;
        st = rl_gpu_in_range(&shown) ? RL_OK : check_rows(RL_TARGET_GPU, &shown, err);
    } else {
        st = rl_gpu_in_range(g) ? RL_OK : check_rows(RL_TARGET_GPU, g, err);
    }
    if (st) return st;
    if (g->unified && !(g->ram_gib >= 0.001 && g->ram_gib <= 1e6))
        return rl_fail(err, RL_E_RANGE, "gpu.ram_gib", "gpu.ram_gib must be a number from 0.001 to 1e+06 GiB (got %g)",
                       g->ram_gib);
    /* The memory free at start is part of the memory CUDA reports: none above it (NaN fails too). */
    if (g->start_free_gib != 0.0 && !(g->start_free_gib > 0.0 && g->start_free_gib <= g->vram_gib))
        return rl_fail(err, RL_E_RANGE, "gpu.start_free_gib",
                       "gpu.start_free_gib must be 0 (not given) or above 0 and at most gpu.vram_gib %g GiB (got %g)",
                       g->vram_gib, g->start_free_gib);
    return RL_OK;
}

rl_deploy rl_deploy_default(void) {
    rl_deploy d;
    memset(&d, 0, sizeof d);
    for (size_t i = 0; i < rl_field_count(); i++)
        if (rl_field_at(i)->target == RL_TARGET_DEPLOY) rl_field_set_default(&d, rl_field_at(i));
    return d;
}

rl_status rl_deploy_validate(const rl_deploy *d, rl_error *err) {
    if (d == NULL) return rl_fail(err, RL_E_NULL, "deploy", "deploy: no deployment was given");
    rl_status st = rl_deploy_in_range(d) ? RL_OK : check_rows(RL_TARGET_DEPLOY, d, err);
    if (st) return st;
    if (!rl_precision_is_kv(d->kv_precision))
        return rl_fail(err, RL_E_UNKNOWN_NAME, "kv_precision",
                       "kv_precision %s is a weight format only; as a KV cache use auto, fp32, fp16, bf16, fp8, int8, int4, "
                       "q8_0, q4_0 or nvfp4",
                       rl_precision_name(d->kv_precision));
    /* Speculative decoding needs its three inputs together, and one pipeline stage. */
    bool drafted = d->draft.params_total > 0;
    if (d->spec_tokens > 0 && !drafted)
        return rl_fail_why(err, RL_E_CONTRADICTION, "spec_draft", RL_WHY_SPEC_NEEDS_DRAFT, "",
                           "spec_tokens needs a draft model: set spec_draft");
    if (d->spec_tokens > 0 && d->spec_accept == 0.0)
        return rl_fail_why(err, RL_E_CONTRADICTION, "spec_accept", RL_WHY_SPEC_NEEDS_ACCEPT, "",
                           "spec_tokens needs the acceptance rate spec_accept (0.01 to 0.99)");
    if (d->spec_tokens == 0 && (drafted || d->spec_accept != 0.0))
        return rl_fail_why(err, RL_E_CONTRADICTION, "spec_tokens", RL_WHY_SPEC_NEEDS_TOKENS, "",
                           "spec_draft and spec_accept need spec_tokens, the draft tokens per step (1 to 16)");
    if (d->spec_tokens > 0 && d->pp > 1)
        return rl_fail_why(err, RL_E_UNSUPPORTED, "spec_tokens", RL_WHY_SPEC_WITH_PP, "pp",
                           "spec_tokens: speculative decoding is not modelled with pp > 1 (got pp %lld): set pp to 1, or "
                       "drop spec_tokens",
                       (long long)d->pp);
    if (drafted && !(d->draft.params_total < RL_MAX_EXACT && d->draft.layers >= 1 && d->draft.hidden >= 1))
        return rl_fail(err, RL_E_RANGE, "spec_draft", "spec_draft: the draft's shape is out of range");
    /* The one check that relates two fields: M micro-batches split the batch across stages. */
    if (d->micro_batches != 0) {
        if (d->pp <= 1)
            return rl_fail(err, RL_E_MICROBATCH, "micro_batches",
                           "micro_batches needs pipeline parallelism: set pp to 2 or more, or drop micro_batches");
        if (d->micro_batches > d->batch)
            return rl_fail(err, RL_E_MICROBATCH, "micro_batches",
                           "micro_batches must be an integer from 1 to the batch (%lld) (got %lld)",
                           (long long)d->batch, (long long)d->micro_batches);
    }
    return RL_OK;
}
