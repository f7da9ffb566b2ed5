/* Presets compiled in from presets/ (see core/gen_presets.cmake). */
#include "internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const rl_preset_entry *table(rl_preset_kind kind, size_t *count) {
    if (kind == RL_PRESET_MODEL) {
        *count = rl_preset_models_count;
        return rl_preset_models;
    }
    if (kind == RL_PRESET_GPU) {
        *count = rl_preset_gpus_count;
        return rl_preset_gpus;
    }
    *count = 0;
    return NULL;
}

size_t rl_preset_count(rl_preset_kind kind) {
    size_t n;
    table(kind, &n);
    return n;
}

const char *rl_preset_id(rl_preset_kind kind, size_t i) {
    size_t n;
    const rl_preset_entry *t = table(kind, &n);
    return i < n ? t[i].id : NULL;
}

static const rl_preset_entry *find(rl_preset_kind kind, const char *id) {
    size_t n;
    const rl_preset_entry *t = table(kind, &n);
    for (size_t i = 0; id != NULL && i < n; i++)
        if (strcmp(t[i].id, id) == 0) return &t[i];
    return NULL;
}

const char *rl_preset_json(rl_preset_kind kind, const char *id) {
    const rl_preset_entry *e = find(kind, id);
    return e ? e->json : NULL;
}

static void set_name(char *dst, size_t cap, const char *id) { snprintf(dst, cap, "%s", id); }

rl_status rl_preset_unknown(rl_preset_kind kind, const char *id, const char *field, const char *first, rl_error *err) {
    const char *what = kind == RL_PRESET_MODEL ? "model" : "gpu";
    char list[200];
    rl_out o;
    rl_out_init(&o, list, sizeof list);
    if (first) rl_out_raw(&o, first);
    bool cut = false;
    for (size_t i = 0; i < rl_preset_count(kind) && !cut; i++) {
        const char *next = rl_preset_id(kind, i);
        /* Whole ids only: the list stops before the first that would not fit, and says so. */
        cut = o.len + 2 + strlen(next) >= sizeof list;
        if (!cut) rl_out_fmt(&o, "%s%s", i || first ? ", " : "", next);
    }
    /* "model: no preset is named ..."; a field of another name says which kind of preset it wants. */
    bool own = strcmp(field, what) == 0;
    return rl_fail(err, RL_E_UNKNOWN_PRESET, field, "%s: no %s%spreset is named \"%.40s\"; known: %s%s", field, own ? "" : what,
                   own ? "" : " ", id ? id : "", list, cut ? ", ..." : "");
}

static rl_status unknown(rl_preset_kind kind, const char *id, rl_error *err) {
    return rl_preset_unknown(kind, id, kind == RL_PRESET_MODEL ? "model" : "gpu", NULL, err);
}

/* Finds a preset and tokenizes its JSON; the error names "model" or "gpu". */
static rl_status open_preset(rl_preset_kind kind, const char *id, const void *out, rl_jdoc *doc, rl_error *err) {
    const char *what = kind == RL_PRESET_MODEL ? "model" : "gpu";
    rl_clear_error(err);
    if (out == NULL) return rl_fail(err, RL_E_NULL, what, "%s: no output was given", what);
    const rl_preset_entry *e = find(kind, id);
    if (e == NULL) return unknown(kind, id, err);
    return rl_jparse(doc, e->json, e->len, RL_CONFIG_MAX_BYTES, "preset", err);
}

rl_status rl_model_preset(const char *id, rl_model *out, rl_error *err) {
    rl_jdoc doc;
    rl_status st = open_preset(RL_PRESET_MODEL, id, out, &doc, err);
    if (st) return st;
    int cfg = rl_jget(&doc, 0, "config");
    if (cfg == RL_J_ABSENT) return rl_fail(err, RL_E_JSON_MISSING, "model", "model: preset %s has no config", id);
    if ((st = rl_model_from_doc(&doc, cfg, out, err))) return st;
    set_name(out->name, sizeof out->name, id);
    /* The preset carries the safetensors total; the reader must reproduce it. */
    int pt = rl_jget(&doc, 0, "params_total");
    double verified = 0.0;
    if (pt == RL_J_ABSENT || rl_jnum(&doc, pt, "params_total", &verified, err) != RL_OK || verified != out->params_total)
        return rl_fail_why(err, RL_E_CONTRADICTION, "model", RL_WHY_PRESET_PARAMS, "preset config checkpoint",
                           "model: preset %s: the config gives %.0f parameters, the checkpoint %.0f", id,
                       out->params_total, verified);
    return RL_OK;
}

static rl_status optional_number(const rl_jdoc *doc, int obj, const char *key, double *out, rl_error *err) {
    int v = rl_jget(doc, obj, key);
    *out = 0.0;
    if (v == RL_J_ABSENT || rl_jis_null(doc, v)) return RL_OK;
    return rl_jnum(doc, v, key, out, err);
}

/* What a unified-memory machine lets its GPU use, from the preset's own rule. */
static rl_status unified_limit(const rl_jdoc *doc, const char *id, int raised, rl_gpu *g, rl_error *err) {
    rl_status st;
    int wired = rl_jget(doc, 0, "wired_limit");
    int usable = rl_jget(doc, 0, "usable_gib");
    int cuda = rl_jget(doc, 0, "cuda_total_gib");
    if (cuda != RL_J_ABSENT && !rl_jis_null(doc, cuda)) {
        /* What CUDA reports (torch.cuda.mem_get_info): its total, and what is free at an engine's start; the
         * figures and their sources are the preset's (cuda_total_source, free_at_start_source). */
        if ((st = optional_number(doc, 0, "cuda_total_gib", &g->vram_gib, err)) ||
            (st = optional_number(doc, 0, "free_at_start_gib", &g->start_free_gib, err)))
            return st;
        if (g->start_free_gib <= 0.0)
            return rl_fail_why(err, RL_E_UNSUPPORTED, "gpu", RL_WHY_GPU_NO_LIMIT, "preset",
                               "gpu: preset %s gives its CUDA total but not the memory free at start", id);
    } else if (wired != RL_J_ABSENT && doc->tok[wired].type == RL_J_OBJECT) {
        double fraction, reserve;
        if ((st = optional_number(doc, wired, raised ? "raised_fraction" : "default_fraction", &fraction, err)) ||
            (st = optional_number(doc, wired, raised ? "raised_reserve_gib" : "default_reserve_gib", &reserve, err)))
            return st;
        g->vram_gib = fmin(fraction * g->ram_gib, g->ram_gib - reserve);
    } else if (usable != RL_J_ABSENT && doc->tok[usable].type == RL_J_OBJECT) {
        if ((st = optional_number(doc, usable, raised ? "tuned" : "default", &g->vram_gib, err))) return st;
    } else {
        return rl_fail_why(err, RL_E_UNSUPPORTED, "gpu", RL_WHY_GPU_NO_LIMIT, "preset", "gpu: preset %s is unified memory but gives no GPU memory limit", id);
    }
    return RL_OK;
}

rl_status rl_gpu_preset(const char *id, int raised, rl_gpu *out, rl_error *err) {
    rl_jdoc doc;
    rl_status st = open_preset(RL_PRESET_GPU, id, out, &doc, err);
    if (st) return st;
    rl_gpu g = rl_gpu_default();
    set_name(g.name, sizeof g.name, id);
    if ((st = optional_number(&doc, 0, "tflops", &g.tflops, err)) ||
        (st = optional_number(&doc, 0, "tflops_fp8", &g.tflops_fp8, err)) ||
        (st = optional_number(&doc, 0, "tops_int8", &g.tops_int8, err)) ||
        (st = optional_number(&doc, 0, "bandwidth_gbs", &g.bandwidth_gbs, err)) ||
        (st = optional_number(&doc, 0, "vram_gib", &g.vram_gib, err)) ||
        (st = optional_number(&doc, 0, "link_gbs", &g.link_gbs, err)))
        return st;
    int link = rl_jget(&doc, 0, "link");
    if (link != RL_J_ABSENT && !rl_jis_null(&doc, link) && (st = rl_jstr(&doc, link, "link", g.link, sizeof g.link, err))) return st;
    g.tflops_unknown = g.tflops == 0.0;
    if (g.bandwidth_gbs == 0.0)
        return rl_fail_why(err, RL_E_UNSUPPORTED, "gpu", RL_WHY_GPU_NO_BANDWIDTH, "preset",
                           "gpu: preset %s has no sourced memory bandwidth; give it as a custom GPU", id);
    int mem = rl_jget(&doc, 0, "memory");
    if (mem != RL_J_ABSENT && rl_jkey_is(&doc, mem, "unified")) {
        g.unified = 1;
        g.ram_gib = g.vram_gib;
        if ((st = unified_limit(&doc, id, raised, &g, err))) return st;
    }
    if ((st = rl_gpu_validate(&g, err))) return st;
    *out = g;
    return RL_OK;
}
