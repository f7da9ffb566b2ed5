/* The request object: what the vectors, the wasm bridge, the page and the CLI
 * send. Its keys, types and ranges are the rows of the field table. */
#include "internal.h"
#include "realistic.h"
#include "formulas.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* A request's own keys are the rows without a dot (the gpu.* rows live inside
 * "gpu"); switches are CLI shorthands that never reach a request. */
static bool top_level_key(const rl_field *f) { return f->type != RL_FIELD_SWITCH && strchr(f->key, '.') == NULL; }

/* The gpu object's keys: the gpu.* rows, and "base" for a preset to start from. */
static bool gpu_key(const rl_field *f, const char **name) {
    if (strncmp(f->key, "gpu.", 4) != 0) return false;
    *name = f->key + 4;
    return true;
}

static rl_status unknown_key(const rl_jdoc *doc, int i, const char *prefix, rl_error *err) {
    const rl_jtok *t = &doc->tok[i];
    int n = t->end - t->start;
    char field[64];
    snprintf(field, sizeof field, "%s%.*s", prefix, n > 40 ? 40 : n, doc->text + t->start);
    return rl_fail(err, RL_E_UNKNOWN_NAME, field, "%s is not a known key", field);
}

static rl_status check_request_keys(const rl_jdoc *doc, rl_error *err) {
    int i = 1;
    for (int k = 0; k < doc->tok[0].size; k++, i = rl_jnext(doc, i + 1)) {
        bool known = false;
        for (size_t r = 0; r < rl_field_count() && !known; r++)
            known = top_level_key(rl_field_at(r)) && rl_jkey_is(doc, i, rl_field_at(r)->key);
        if (!known) return unknown_key(doc, i, "", err);
    }
    return rl_jcheck_unique(doc, 0, "", err);
}

static rl_status check_gpu_keys(const rl_jdoc *doc, int obj, rl_error *err) {
    int i = obj + 1;
    for (int k = 0; k < doc->tok[obj].size; k++, i = rl_jnext(doc, i + 1)) {
        bool known = rl_jkey_is(doc, i, "base");
        const char *name;
        for (size_t r = 0; r < rl_field_count() && !known; r++)
            known = gpu_key(rl_field_at(r), &name) && rl_jkey_is(doc, i, name);
        if (!known) return unknown_key(doc, i, "gpu.", err);
    }
    return rl_jcheck_unique(doc, obj, "gpu", err);
}

/* An ENUM row's value at token v: its choice index. */
static rl_status read_choice(const rl_jdoc *doc, int v, const rl_field *f, int *out, rl_error *err) {
    char word[32];
    rl_status st = rl_jstr(doc, v, f->key, word, sizeof word, err);
    if (st) return st;
    int i = rl_field_choice(f, word);
    if (i < 0) return rl_field_bad_choice(f, word, err);
    *out = i;
    return RL_OK;
}

/* A COUNT, NUMBER or ENUM row's value at token v into its member of base. */
static rl_status read_member(const rl_jdoc *doc, int v, const rl_field *f, void *base, rl_error *err) {
    void *at = (char *)base + f->offset;
    switch (f->type) {
    case RL_FIELD_COUNT: return rl_jint(doc, v, f->key, (int64_t)f->min, (int64_t)f->max, (int64_t *)at, err);
    case RL_FIELD_NUMBER: {
        rl_status st = rl_jnum(doc, v, f->key, (double *)at, err);
        return st ? st : rl_field_check_given(f, *(double *)at, err);
    }
    case RL_FIELD_ENUM: return read_choice(doc, v, f, (int *)at, err);
    default: return RL_OK;
    }
}

static rl_status read_gpu(const rl_jdoc *doc, int v, int raised, rl_gpu *g, rl_error *err) {
    if (doc->tok[v].type == RL_J_STRING) {
        char id[256];
        rl_status st = rl_jstr(doc, v, "gpu", id, sizeof id, err);
        return st ? st : rl_gpu_preset(id, raised, g, err);
    }
    if (doc->tok[v].type != RL_J_OBJECT)
        return rl_fail(err, RL_E_JSON_TYPE, "gpu",
                       "gpu must be a preset id or {\"tflops\", \"bandwidth_gbs\", \"vram_gib\"}");
    rl_status st = check_gpu_keys(doc, v, err);
    if (st) return st;
    int base = rl_jget(doc, v, "base");
    if (base != RL_J_ABSENT) {
        /* A preset with some figures of the user's own: the rest stay the preset's. */
        char id[256];
        if ((st = rl_jstr(doc, base, "gpu.base", id, sizeof id, err))) return st;
        if ((st = rl_gpu_preset(id, raised, g, err))) return st;
        char name[sizeof g->name];
        snprintf(name, sizeof name, "%.50s (custom)", id);
        memcpy(g->name, name, sizeof name);
    } else {
        *g = rl_gpu_default();
    }
    for (size_t r = 0; r < rl_field_count(); r++) {
        const rl_field *f = rl_field_at(r);
        const char *name;
        if (!gpu_key(f, &name) || f->target != RL_TARGET_GPU) continue;
        int at = rl_jget(doc, v, name);
        bool tflops = f->offset == offsetof(rl_gpu, tflops);
        if (at == RL_J_ABSENT) {
            if (base == RL_J_ABSENT && (f->flags & RL_FIELD_REQUIRED))
                return rl_fail(err, RL_E_JSON_MISSING, f->key, "%s is missing", f->key);
            /* A custom GPU without a TFLOPS figure has none, as with null: its times are the
             * bandwidth floors, and a warning says so (the CLI's usage shows --tflops as optional). */
            if (tflops && base == RL_J_ABSENT) g->tflops_unknown = 1;
            continue;
        }
        if ((f->flags & RL_FIELD_NULLABLE) && rl_jis_null(doc, at)) {
            if (tflops) g->tflops_unknown = 1; /* say so rather than invent a figure */
            continue;
        }
        if ((st = read_member(doc, at, f, g, err))) return st;
        if (tflops) g->tflops_unknown = 0;
    }
    return rl_gpu_validate(g, err);
}

static rl_status read_params(const rl_jdoc *doc, int v, double *params, rl_error *err) {
    if (doc->tok[v].type == RL_J_STRING) {
        char text[32];
        rl_status st = rl_jstr(doc, v, "params", text, sizeof text, err);
        return st ? st : rl_parse_params(text, params, err);
    }
    rl_status st = rl_jnum(doc, v, "params", params, err);
    if (st) return st;
    const rl_field *f = rl_field_by_key("params");
    if (!(*params >= f->min && *params <= f->max))
        return rl_fail(err, RL_E_RANGE, "params", "params must be from 1M to 1000T parameters (got %g)", *params);
    return RL_OK;
}

static rl_status read_model(const rl_jdoc *doc, const char *config_text, size_t config_len, rl_run_memo *memo,
                            rl_model *m, double *params, rl_error *err) {
    int model = rl_jget(doc, 0, "model"), config = rl_jget(doc, 0, "config"), pv = rl_jget(doc, 0, "params");
    if (params) *params = 0.0;
    int named = (model != RL_J_ABSENT) + (config != RL_J_ABSENT) + (config_text != NULL) + (pv != RL_J_ABSENT && params != NULL);
    if (pv != RL_J_ABSENT && params == NULL)
        return rl_fail(err, RL_E_UNKNOWN_NAME, "params", "params: this call needs a model; use rl_run_json for estimates");
    if (named != 1)
        return rl_fail_why(err, named ? RL_E_CONTRADICTION : RL_E_JSON_MISSING, "model", RL_WHY_MODEL_SOURCES, "",
                       "model: give exactly one of a preset id (model), an inline config, config.json text, or params");
    rl_status st;
    if (pv != RL_J_ABSENT) return read_params(doc, pv, params, err);
    if (model != RL_J_ABSENT) {
        char id[256]; /* longer than any id, so a long one is "unknown", not "too long" */
        if ((st = rl_jstr(doc, model, "model", id, sizeof id, err))) return st;
        if (memo != NULL && memo->model_id[0] != '\0' && strcmp(memo->model_id, id) == 0) {
            *m = memo->model;
            return RL_OK;
        }
        if ((st = rl_model_preset(id, m, err))) return st;
        if (memo != NULL && strlen(id) < sizeof memo->model_id) {
            memcpy(memo->model_id, id, strlen(id) + 1);
            memo->model = *m;
        }
        return RL_OK;
    }
    if (config != RL_J_ABSENT) return rl_model_from_doc(doc, config, m, err);
    return rl_model_from_config_json(config_text, config_len, m, err);
}

/* "checkpoint": the summary rl_checkpoint_json writes of a safetensors index. */
static rl_status read_checkpoint(const rl_jdoc *doc, int v, rl_checkpoint *out, rl_error *err) {
    static const struct {
        const char *key;
        size_t offset;
    } counts[] = {{"tensors", offsetof(rl_checkpoint, tensors)},   {"lm_head", offsetof(rl_checkpoint, lm_head)},
                  {"layers", offsetof(rl_checkpoint, layers)},     {"layer_embeddings", offsetof(rl_checkpoint, layer_embeddings)},
                  {"vision", offsetof(rl_checkpoint, vision)},     {"scales", offsetof(rl_checkpoint, scales)},
                  {"mtp", offsetof(rl_checkpoint, mtp)}};
    if (doc->tok[v].type != RL_J_OBJECT)
        return rl_fail(err, RL_E_JSON_TYPE, "checkpoint",
                       "checkpoint must be an object: the summary of a model.safetensors.index.json (--index)");
    rl_status st;
    if ((st = rl_jcheck_unique(doc, v, "checkpoint", err))) return st;
    rl_checkpoint ck;
    memset(&ck, 0, sizeof ck);
    int i = v + 1;
    for (int k = 0; k < doc->tok[v].size; k++, i = rl_jnext(doc, i + 1)) {
        bool known = rl_jkey_is(doc, i, "total_size") || rl_jkey_is(doc, i, "hub_params");
        for (size_t c = 0; c < sizeof counts / sizeof counts[0] && !known; c++) known = rl_jkey_is(doc, i, counts[c].key);
        if (!known) return unknown_key(doc, i, "checkpoint.", err);
    }
    int total = rl_jget(doc, v, "total_size"), hub = rl_jget(doc, v, "hub_params");
    if (total == RL_J_ABSENT && hub == RL_J_ABSENT)
        return rl_fail(err, RL_E_JSON_MISSING, "checkpoint.total_size",
                       "checkpoint.total_size is missing: the index's metadata.total_size, in bytes (or hub_params, "
                       "the Hub API's parameter count)");
    int64_t bytes = 0, params = 0;
    if (total != RL_J_ABSENT && (st = rl_jint(doc, total, "checkpoint.total_size", 1, (int64_t)RL_MAX_EXACT, &bytes, err)))
        return st;
    if (hub != RL_J_ABSENT && (st = rl_jint(doc, hub, "checkpoint.hub_params", 1, (int64_t)RL_MAX_EXACT, &params, err)))
        return st;
    ck.total_size = (double)bytes;
    ck.hub_params = (double)params;
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        int at = rl_jget(doc, v, counts[c].key);
        if (at == RL_J_ABSENT) continue;
        char field[48];
        snprintf(field, sizeof field, "checkpoint.%s", counts[c].key);
        if ((st = rl_jint(doc, at, field, 0, 100000000, (int64_t *)((char *)&ck + counts[c].offset), err))) return st;
    }
    ck.present = 1;
    *out = ck;
    return RL_OK;
}

/* spec_draft "mtp": the target's own multi-token-prediction modules. A draft
 * step runs one module (its decoder layer, eh_proj) and the shared LM head; the
 * embedding lookup and the head's weights are the target's, so memory adds only
 * the modules' own weights and their layers' KV. */
static rl_status mtp_draft(const rl_model *target, rl_draft *out, rl_error *err) {
    if (target == NULL || target->mtp_modules == 0)
        return rl_fail_why(err, RL_E_CONTRADICTION, "spec_draft", RL_WHY_MTP_WITHOUT_MODULES,
                           target != NULL ? "model" : "" /* a size: no name to give */,
                           "spec_draft: \"mtp\" needs a model with multi-token-prediction modules "
                       "(config num_nextn_predict_layers >= 1, as DeepSeek-V3 and R1 have); %s has none",
                       target != NULL ? target->name : "a size without a config");
    const rl_model *m = target;
    double n = (double)m->mtp_modules, E = (double)m->experts;
    double routed = m->moe_layers > 0 ? E * m->params_expert : 0.0;
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "mtp");
    out->modules = n;
    out->layers = n;
    out->params_total = n * m->params_mtp_module;
    out->params_routed = routed;
    out->params_active = m->params_mtp_module - (m->moe_layers > 0 ? (E - (double)m->top_k) * m->params_expert : 0.0) +
                         (double)m->vocab * (double)m->hidden;
    out->hidden = (double)m->hidden;
    out->vocab = (double)m->vocab;
    out->kv_elems_per_token_per_layer = m->kv_elems_per_token_per_layer;
    out->attn_flops_per_token_pair = m->attn_flops_per_token_pair;
    return RL_OK;
}

/* spec_draft: a model preset, copied into the deployment as plain numbers, or
 * "mtp" (above) for the target's own modules. */
static rl_status read_draft(const rl_jdoc *doc, int v, const rl_model *target, rl_draft *out, rl_error *err) {
    char id[256];
    rl_status st = rl_jstr(doc, v, "spec_draft", id, sizeof id, err);
    if (st) return st;
    if (strcmp(id, "mtp") == 0) return mtp_draft(target, out, err);
    rl_model m;
    if ((st = rl_model_preset(id, &m, err))) {
        /* The message names spec_draft, not model, and lists "mtp" with the presets. */
        if (st == RL_E_UNKNOWN_PRESET) return rl_preset_unknown(RL_PRESET_MODEL, id, "spec_draft", "mtp", err);
        if (err) memcpy(err->field, "spec_draft", sizeof "spec_draft");
        return st;
    }
    memset(out, 0, sizeof *out);
    memcpy(out->name, m.name, sizeof out->name);
    out->params_total = m.params_total;
    out->params_active = m.params_active;
    out->params_embed = m.params_embed;
    out->params_input_table = m.params_input_table;
    out->layers = (double)m.layers;
    out->hidden = (double)m.hidden;
    out->vocab = (double)m.vocab;
    out->kv_elems_per_token_per_layer = m.kv_elems_per_token_per_layer;
    out->attn_flops_per_token_pair = m.attn_flops_per_token_pair;
    return RL_OK;
}

/* The workload's three figures come together, and they set the context: a
 * request's context is its input plus its output tokens. A seq that says
 * otherwise is a contradiction, not a silent override. */
static rl_status read_workload(const rl_jdoc *doc, rl_workload *w, rl_deploy *d, rl_error *err) {
    rl_status st;
    for (size_t r = 0; r < rl_field_count(); r++) {
        const rl_field *f = rl_field_at(r);
        if (f->target != RL_TARGET_WORKLOAD) continue;
        int v = rl_jget(doc, 0, f->key);
        if (v == RL_J_ABSENT) continue;
        if ((st = read_member(doc, v, f, w, err))) return st;
        rl_workload_mark_given(w, f->offset);
    }
    if ((st = rl_fields_check_target(RL_TARGET_WORKLOAD, w, err))) return st;
    const char *keys[3] = {"requests_per_day", "input_tokens", "output_tokens"};
    int64_t vals[3] = {w->requests_per_day, w->input_tokens, w->output_tokens};
    int n = (vals[0] > 0) + (vals[1] > 0) + (vals[2] > 0);
    if (n == 0 && w->given != 0)
        return rl_fail_why(err, RL_E_JSON_MISSING, "requests_per_day", RL_WHY_COST_NEEDS_WORKLOAD, "",
                       "requests_per_day: cost inputs need a workload (requests_per_day, input_tokens and output_tokens)");
    if (n == 0) return RL_OK;
    for (int i = 0; i < 3; i++)
        if (vals[i] <= 0)
            return rl_fail_why(err, RL_E_JSON_MISSING, keys[i], RL_WHY_WORKLOAD_INCOMPLETE, "",
                           "%s is missing: a workload gives requests_per_day, input_tokens and output_tokens", keys[i]);
    int64_t context = w->input_tokens + w->output_tokens;
    if (context > RL_MAX_SEQ)
        return rl_fail_why(err, RL_E_RANGE, "output_tokens", RL_WHY_CONTEXT_TOO_LONG, "max context",
                       "output_tokens: input_tokens + output_tokens is the context and must be at most %lld (got %lld)",
                       (long long)RL_MAX_SEQ, (long long)context);
    if (rl_jget(doc, 0, "seq") != RL_J_ABSENT && d->seq != context)
        return rl_fail_why(err, RL_E_CONTRADICTION, "seq", RL_WHY_SEQ_VS_CONTEXT, "seq context",
                       "seq (%lld) must equal input_tokens + output_tokens (%lld), a request's context, or be left out",
                       (long long)d->seq, (long long)context);
    d->seq = context;
    return RL_OK;
}

/* With `params` non-NULL a "params" request is accepted instead of a model:
 * *params is then set (> 0) and *m untouched. */
static rl_status parse_request(const rl_jdoc *doc, const char *config_text, size_t config_len, rl_run_memo *memo,
                               rl_model *m, double *params, rl_gpu *g, rl_deploy *d, rl_workload *w, rl_error *err,
                               rl_estimate *unmodeled) {
    rl_status st;
    if ((st = check_request_keys(doc, err))) return st;
    /* A checkpoint's summary is the full module's to read (internal.h, RL_FULL). */
    if (!RL_FULL && rl_jget(doc, 0, "checkpoint") != RL_J_ABSENT) return rl_full_module(err, "checkpoint");
    st = read_model(doc, config_text, config_len, memo, m, params, err);
    int ck = RL_FULL ? rl_jget(doc, 0, "checkpoint") : RL_J_ABSENT;
    bool from_index = false;
    if (st == RL_E_UNSUPPORTED && ck != RL_J_ABSENT && params != NULL && unmodeled != NULL) {
        /* Layers the core does not model, and the checkpoint's index: the weights are the index's
         * bytes, exactly (its 16-bit weights, total_size / 2 parameters); the refusal says what is
         * not modeled, beside the estimate. */
        rl_checkpoint c;
        rl_error why = *err;
        if ((st = read_checkpoint(doc, ck, &c, err))) return st;
        if (c.total_size > 0) {
            /* The Hub's count when the page fetched it beside the index; else the bytes at 2 a parameter.
             * The Hub's count alone (no index) leaves the refusal as it is: the index is what sizes it. */
            *params = c.hub_params > 0 ? c.hub_params : c.total_size / 2.0;
            unmodeled->from_index = 1;
            unmodeled->index_bytes = c.total_size;
            unmodeled->unmodeled = why;
            from_index = true;
        } else {
            *err = why;
            st = RL_E_UNSUPPORTED;
        }
    }
    if (st) return st;
    /* A size alone (the estimate) is the full module's too. */
    if (!RL_FULL && params != NULL && *params > 0) return rl_full_module(err, "params");
    if (ck != RL_J_ABSENT && !from_index) {
        if (rl_jget(doc, 0, "params") != RL_J_ABSENT)
            return rl_fail(err, RL_E_CONTRADICTION, "checkpoint",
                           "checkpoint: a checkpoint's index is set beside a config's count; with params alone there is none");
        if ((st = read_checkpoint(doc, ck, &m->checkpoint, err))) return st;
    }

    int raised = 0, limit = rl_jget(doc, 0, "gpu_limit");
    if (limit != RL_J_ABSENT && (st = read_choice(doc, limit, rl_field_by_key("gpu_limit"), &raised, err))) return st;
    int gpu = rl_jget(doc, 0, "gpu");
    if (gpu == RL_J_ABSENT) return rl_fail(err, RL_E_JSON_MISSING, "gpu", "gpu: give a preset id or a custom GPU");
    if ((st = read_gpu(doc, gpu, raised, g, err))) return st;

    rl_deploy dd = rl_deploy_default();
    for (size_t r = 0; r < rl_field_count(); r++) {
        const rl_field *f = rl_field_at(r);
        if (f->target != RL_TARGET_DEPLOY) continue;
        int v = rl_jget(doc, 0, f->key);
        if (v != RL_J_ABSENT && (st = read_member(doc, v, f, &dd, err))) return st;
    }
    int draft = rl_jget(doc, 0, "spec_draft");
    bool sized = from_index || rl_jget(doc, 0, "params") != RL_J_ABSENT;
    const rl_model *target = !sized ? m : NULL; /* a size alone has no modules */
    if (draft != RL_J_ABSENT && (st = read_draft(doc, draft, target, &dd.draft, err))) return st;
    rl_workload ww = rl_workload_default();
    if ((st = read_workload(doc, &ww, &dd, err))) return st;
    if ((st = rl_deploy_validate(&dd, err))) return st;
    /* Offload needs the model's layer count, expert parallelism its experts, disaggregation its heads and the nodes
     * the GPUs: checked here too, as rl_analyze checks them, so a request that reads analyses. */
    if (!sized && ((st = rl_offload_check(m, g, &dd, err)) || (st = rl_ep_check(m, &dd, err)) || (st = rl_dp_check(m, &dd, err)) ||
                   (st = rl_disagg_check(m, &dd, err))))
        return st;
    if (RL_SCALE_OUT && (st = rl_topology_check(&dd, g, err))) return st;
    if (!sized && (st = rl_disagg_setup_check(m, g, &dd, err))) return st;
    *d = dd;
    *w = ww;
    return RL_OK;
}

rl_status rl_request_from_json(const char *json, size_t len, const char *config_text, size_t config_len,
                               rl_model *m, rl_gpu *g, rl_deploy *d, rl_error *err) {
    rl_clear_error(err);
    if (m == NULL || g == NULL || d == NULL)
        return rl_fail(err, RL_E_NULL, "request", "request: an output argument was NULL");
    rl_jdoc doc;
    rl_workload w; /* read and checked; this call has no place for a cost */
    rl_status st = rl_jparse(&doc, json, len, RL_REQUEST_MAX_BYTES, "request", err);
    if (st == RL_OK) st = parse_request(&doc, config_text, config_len, NULL, m, NULL, g, d, &w, err, NULL);
    if (st != RL_OK) return st;
    /* The engine's start check (vLLM's pool of the total above what is free at its start, rl_engine_start_fail) is
     * the request's own error too, so that a request this reads is one rl_analyze takes. */
    rl_engine e = rl_engine_for(d->engine, g->name);
    return rl_engine_start_fail(g, e, rl_deploy_pool(d, e, g->vram_gib, m), err);
}

/* The GPU preset a run's prices come from: a preset with some figures of the user's own
 * ("h100-sxm (custom)") is still that hardware and keeps the preset's prices. */
static void price_gpu_id(const rl_run *run, char *id, size_t cap) {
    snprintf(id, cap, "%s", run->gpu.name);
    char *custom = strstr(id, " (custom)");
    if (custom != NULL && custom[9] == '\0') *custom = '\0';
}

/* The price presets of the run's GPU and model: memo's when it holds those ids' (then kept
 * there, for the next cost on them), else read into *local. NULL on an error (in out->error). */
static const rl_cost_prices *run_prices(rl_run *out, rl_run_memo *memo, rl_cost_prices *local) {
    char gpu_id[sizeof out->gpu.name];
    price_gpu_id(out, gpu_id, sizeof gpu_id);
    const char *model_id = out->model.name;
    if (memo != NULL && memo->price_gpu[0] != '\0' && strcmp(memo->price_gpu, gpu_id) == 0 &&
        strcmp(memo->price_model, model_id) == 0)
        return &memo->prices;
    rl_cost_prices *p = memo != NULL ? &memo->prices : local;
    if (memo != NULL) memo->price_gpu[0] = '\0'; /* what it held is being replaced */
    if (rl_cost_read_prices(gpu_id, model_id, p, &out->error) != RL_OK) return NULL;
    /* Both ids come from 64-byte names, so they always fit the memo's keys. */
    _Static_assert(sizeof memo->price_gpu >= sizeof out->gpu.name && sizeof memo->price_model >= sizeof out->model.name,
                   "the memo's price keys hold any GPU and model name");
    if (memo != NULL) {
        memcpy(memo->price_gpu, gpu_id, strlen(gpu_id) + 1);
        memcpy(memo->price_model, model_id, strlen(model_id) + 1);
    }
    return p;
}

/* Disaggregated (docs/scale-out.md, "What it costs"): the GPUs are both pools', and one deployment (both pools)
 * is held 1 / the balance's sustained requests/s per request, the pool that binds setting it; the decode step
 * and the batch are the decode pool's, the prefill the prefill pool's at the input tokens. The engine's expected
 * figures when both pools have them (the realistic balance), else the floor. A refused pool, or pools with no
 * time (no balance), get no cost. */
static rl_status disagg_cost(rl_run *out, rl_run_memo *memo) {
#if RL_SCALE_OUT
    const struct rl_disagg *x = &out->result.disagg;
    if (x->refused_pool || !x->has_balance) return RL_OK;
    int k = x->has_realistic ? 1 : 0;
    if (!(x->sustained_rps[k] > 0) || !isfinite(x->sustained_rps[k])) return RL_OK;
    int64_t prefill_gpus = rl_disagg_prefill_gpus(&out->result), decode_gpus = rl_disagg_decode_gpus(&out->result);
    rl_cost_basis basis = {k ? out->result.realistic.step_ms : out->result.step_ms, k ? x->real_prefill_ms : x->prefill_ms,
                           k ? out->result.realistic.batch : out->deploy.batch,
                           rl_formulas_in_use()->disagg_cost_gpus(prefill_gpus, decode_gpus), k};
    rl_cost_pools pools = {1000.0 / x->sustained_rps[k], prefill_gpus, decode_gpus, x->limited_by[k]};
    rl_cost_prices local;
    const rl_cost_prices *prices = run_prices(out, memo, &local);
    if (prices == NULL) return out->error.status;
    return rl_cost_compute_pools(&out->workload, &basis, &pools, prices, &out->cost, &out->error);
#else
    (void)out;
    (void)memo;
    return RL_OK;
#endif
}

/* The cost of a fitting run with a workload, on the roofline floor until the
 * realistic estimate lands: the decode step at the full context, and the
 * prefill of the input tokens alone (a second analysis at seq = input). A
 * refusal has no running cost, so it gets none. The prices are those `memo`
 * keeps for the run's GPU and model, else read here. */
static rl_status run_cost(rl_run *out, rl_run_memo *memo) {
    const rl_workload *w = &out->workload;
    /* The verdict module (RL_FULL=0) gives no cost: the full module's analyze does (CMakeLists.txt). */
    if (!RL_FULL || w->requests_per_day <= 0 || !out->result.fits) return RL_OK;
    if (RL_SCALE_OUT && out->deploy.prefill_instances > 0) return disagg_cost(out, memo);
    rl_deploy prompt = out->deploy;
    prompt.seq = w->input_tokens;
    rl_result pre;
    rl_status st = rl_analyze(&out->model, &out->gpu, &prompt, &pre, &out->error);
    if (st) return st;
    /* The engine's expected step and prefill when the analysis gives them (it does for every
     * fit), else the floor; the cost says which. */
    int real = out->result.has_realistic;
    double step = real ? out->result.realistic.step_ms : out->result.step_ms;
    double prefill = real && pre.has_realistic && pre.realistic.has_prefill ? pre.realistic.prefill_ms : pre.prefill_ms;
    /* The engine's step is for the requests it runs at once (fewer than asked on a tight fit). */
    int64_t batch = real ? out->result.realistic.batch : out->deploy.batch;
    rl_cost_basis basis = {step, prefill, batch, out->deploy.tp * out->deploy.pp, real};
    rl_cost_prices local;
    const rl_cost_prices *prices = run_prices(out, memo, &local);
    if (prices == NULL) return out->error.status;
    return rl_cost_compute_priced(w, &basis, prices, &out->cost, &out->error);
}

/* Disaggregated with a workload: the prefill pool at its input tokens, the balance at its output tokens and its
 * rate (disaggregation.c); rl_analyze gave the pools at the context alone. A refusal stays as it is. */
rl_status rl_disagg_workload(const rl_model *m, const rl_gpu *g, const rl_deploy *d, const rl_workload *w,
                             rl_result *r, rl_error *err) {
    if (m == NULL || g == NULL || d == NULL || w == NULL || r == NULL) return rl_fail(err, RL_E_NULL, "request", "an argument was NULL");
    if (!RL_SCALE_OUT || !r->disagg.on || w->requests_per_day <= 0 || !r->fits) return RL_OK;
    return rl_disagg(m, g, d, (double)w->input_tokens, (double)w->output_tokens, (double)w->requests_per_day / 86400.0, r,
                     err);
}

static rl_status run_disagg(rl_run *out) {
    return rl_disagg_workload(&out->model, &out->gpu, &out->deploy, &out->workload, &out->result, &out->error);
}

rl_status rl_run_request(const char *request, size_t len, const char *config_text, size_t config_len,
                         rl_run *out) {
    return rl_run_request_memo(request, len, config_text, config_len, NULL, out);
}

rl_status rl_run_request_memo(const char *request, size_t len, const char *config_text, size_t config_len,
                              rl_run_memo *memo, rl_run *out) {
    if (out == NULL) return RL_E_NULL;
    rl_clear_error(&out->error);
    out->is_estimate = 0;
    double params = 0.0;
    rl_jdoc doc;
    rl_estimate unmodeled;
    memset(&unmodeled, 0, sizeof unmodeled);
    rl_status st = rl_jparse(&doc, request, len, RL_REQUEST_MAX_BYTES, "request", &out->error);
    if (st == RL_OK)
        st = parse_request(&doc, config_text, config_len, memo, &out->model, &params, &out->gpu, &out->deploy,
                           &out->workload, &out->error, &unmodeled);
    out->cost.present = 0;
    /* Speculative decoding, offload and a described host (whose remedy is offload) are the full module's to analyse
     * (internal.h, RL_FULL). */
    if (st == RL_OK && !RL_FULL && out->deploy.spec_tokens > 0) st = rl_full_module(&out->error, "spec_tokens");
    if (st == RL_OK && !RL_FULL && out->deploy.gpu_layers <= out->model.layers) st = rl_full_module(&out->error, "gpu_layers");
    if (st == RL_OK && !RL_FULL && out->deploy.ram_gib > 0) st = rl_full_module(&out->error, "ram_gib");
    if (st == RL_OK && params > 0 && out->workload.requests_per_day > 0) {
        st = rl_fail_why(&out->error, RL_E_UNSUPPORTED, "requests_per_day", RL_WHY_COST_NEEDS_CONFIG, "",
                     "requests_per_day: a cost needs a model's config for its time; a size alone gives none");
    } else if (st == RL_OK && RL_FULL && params > 0) {
        out->is_estimate = 1;
        st = rl_estimate_params(params, &out->gpu, &out->deploy, &out->estimate, &out->error);
        if (st == RL_OK && unmodeled.from_index) {
            out->estimate.from_index = 1;
            out->estimate.index_bytes = unmodeled.index_bytes;
            out->estimate.unmodeled = unmodeled.unmodeled;
        }
    } else if (st == RL_OK) {
        st = rl_analyze(&out->model, &out->gpu, &out->deploy, &out->result, &out->error);
        if (st == RL_OK) st = run_disagg(out);
        if (st == RL_OK) st = run_cost(out, memo);
    }
    out->status = st;
    return st;
}

/* Only the batch changes: what rl_run_request does after reading the request.
 * rl_analyze checks the deployment first (rl_deploy_validate, which holds every
 * check that reads the batch, then the offload), as it does for a whole request. */
rl_status rl_run_set_batch(rl_run *run, int64_t batch, rl_run_memo *memo) {
    run->deploy.batch = batch;
    run->cost.present = 0;
    rl_status st = rl_analyze(&run->model, &run->gpu, &run->deploy, &run->result, &run->error);
    if (st == RL_OK) st = run_disagg(run);
    if (st == RL_OK) st = run_cost(run, memo);
    run->status = st;
    return st;
}

size_t rl_run_write_json(const rl_run *run, char *buf, size_t cap) {
    if (run->status != RL_OK) return rl_error_json(&run->error, buf, cap);
    if (run->is_estimate) return rl_estimate_json(&run->gpu, &run->deploy, &run->estimate, buf, cap);
    return rl_report_json_cost(&run->model, &run->gpu, &run->deploy, &run->result, &run->cost, buf, cap);
}

size_t rl_run_json(const char *request, size_t len, const char *config_text, size_t config_len, char *buf,
                   size_t cap, rl_status *status) {
    rl_run run;
    rl_status st = rl_run_request(request, len, config_text, config_len, &run);
    if (status) *status = st;
    return rl_run_write_json(&run, buf, cap);
}
