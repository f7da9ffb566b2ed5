/* libFuzzer target: a request object end to end (reader, analysis, report).
 *
 * Input layout: REQUEST [ NUL CONFIG ]. The bytes before the first NUL byte
 * are the request JSON; when there is a NUL, the bytes after it are passed as
 * config_text (a pasted config.json, which may itself hold NULs).
 *
 * Invariants: those of fuzz_common.h (the analysis contract, the report and the
 * error JSON are valid JSON, UTF-8 clean whenever the input was), plus a
 * differential check: when the request holds an inline "config" object, the
 * same text read alone by rl_model_from_config_json must give the same model
 * (or, when the request failed on a config field, the same error). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *copy(const uint8_t *p, size_t n) {
    char *s = malloc(n ? n : 1);
    if (s != NULL && n) memcpy(s, p, n);
    return s;
}

/* Span of the value of top-level key `key` (spelled without escapes) in a
 * valid JSON object; false when absent or the text is not a JSON object. */
static bool top_value(const char *s, size_t n, const char *key, size_t *start, size_t *end) {
    fz_json j = {s, n, 0, 0, false, 0, 0, 0, 0};
    fz_jws(&j);
    if (j.i >= n || s[j.i] != '{') return false;
    j.i++;
    size_t klen = strlen(key);
    bool found = false;
    for (;;) {
        fz_jws(&j);
        if (j.i < n && s[j.i] == '}') return found;
        size_t k0 = j.i;
        if (!fz_jstring(&j)) return false;
        bool match = j.i - k0 == klen + 2 && memcmp(s + k0 + 1, key, klen) == 0;
        fz_jws(&j);
        if (j.i >= n || s[j.i] != ':') return false;
        j.i++;
        fz_jws(&j);
        size_t v0 = j.i;
        if (!fz_jvalue(&j)) return false;
        if (match && !found) {
            *start = v0;
            *end = j.i;
            found = true;
        }
        fz_jws(&j);
        if (j.i < n && s[j.i] == ',') {
            j.i++;
            continue;
        }
        return j.i < n && s[j.i] == '}' && found;
    }
}

/* True when every top-level key of a valid JSON object is spelled plainly
 * (no escapes), is a request key, and appears once: then a request error
 * naming "config..." came from reading the inline config. */
static bool top_keys_clean(const char *s, size_t n) {
    static const char *const keys[] = {"model", "config", "gpu", "gpu_limit", "precision", "kv_precision", "seq",
                                       "batch", "tp", "pp", "micro_batches", "kv_block", "moe_read", "pool_fraction",
                                       "context_reserve_gib", "nccl_gib_per_peer", "weight_overhead",
                                       "prefill_chunk", "launch_ms", "params", "gpu_layers", "ram_gib",
                                       "host_memory", "cpu_bandwidth_gbs", NULL};
    bool seen[32] = {false};
    fz_json j = {s, n, 0, 0, false, 0, 0, 0, 0};
    fz_jws(&j);
    if (j.i >= n || s[j.i] != '{') return false;
    j.i++;
    for (;;) {
        fz_jws(&j);
        if (j.i < n && s[j.i] == '}') return true;
        size_t k0 = j.i;
        if (!fz_jstring(&j)) return false;
        size_t klen = j.i - k0 - 2;
        if (memchr(s + k0 + 1, '\\', klen)) return false;
        int which = -1;
        for (int k = 0; keys[k]; k++)
            if (strlen(keys[k]) == klen && memcmp(s + k0 + 1, keys[k], klen) == 0) which = k;
        if (which < 0 || seen[which]) return false;
        seen[which] = true;
        fz_jws(&j);
        if (j.i >= n || s[j.i] != ':') return false;
        j.i++;
        if (!fz_jvalue(&j)) return false;
        fz_jws(&j);
        if (j.i < n && s[j.i] == ',') {
            j.i++;
            continue;
        }
        return j.i < n && s[j.i] == '}';
    }
}

static bool same_model(const rl_model *a, const rl_model *b) {
    return strcmp(a->model_type, b->model_type) == 0 && a->layers == b->layers && a->hidden == b->hidden &&
           a->heads == b->heads && a->kv_heads == b->kv_heads && a->head_dim == b->head_dim &&
           a->vocab == b->vocab && a->intermediate == b->intermediate && a->max_positions == b->max_positions &&
           a->tied_embeddings == b->tied_embeddings && a->qk_norm == b->qk_norm &&
           a->attn_bias_qkv == b->attn_bias_qkv && a->attn_bias_o == b->attn_bias_o &&
           a->attn_sinks == b->attn_sinks && a->expert_bias == b->expert_bias && a->experts == b->experts &&
           a->top_k == b->top_k && a->moe_intermediate == b->moe_intermediate && a->moe_layers == b->moe_layers &&
           a->sliding_window == b->sliding_window && a->params_total == b->params_total &&
           a->params_active == b->params_active;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const uint8_t *nul = memchr(data, 0, size);
    size_t rlen = nul ? (size_t)(nul - data) : size;
    char *req = copy(data, rlen);
    char *cfg = nul ? copy(nul + 1, size - rlen - 1) : NULL;
    size_t clen = nul ? size - rlen - 1 : 0;
    if (req == NULL || (nul && cfg == NULL)) {
        free(req);
        free(cfg);
        return 0;
    }
    bool utf8 = fz_utf8_valid(req, rlen) && (cfg == NULL || fz_utf8_valid(cfg, clen));

    rl_model m;
    rl_gpu g;
    rl_deploy d;
    rl_error err;
    memset(&err, 0x5a, sizeof err);
    rl_status st = rl_request_from_json(req, rlen, cfg, clen, &m, &g, &d, &err);
    rl_result r;
    if (st == RL_OK) {
        fz_check_model(&m);
        FZ_CHECK(rl_gpu_validate(&g, NULL) == RL_OK, "a read GPU fails validation");
        FZ_CHECK(rl_deploy_validate(&d, NULL) == RL_OK, "a read deployment fails validation");
        memset(&r, 0x5a, sizeof r);
        st = rl_analyze(&m, &g, &d, &r, &err);
        FZ_CHECK(st == RL_OK, "a request that reads fails rl_analyze: %s %s", rl_status_name(st), err.message);
        fz_check_result(&g, &d, st, &r, &err);
        fz_check_pool_way_out(&m, &g, &d, &r);
        fz_check_bigger_gpu_way_out(&m, &g, &d, &r);
        fz_check_report(&m, &g, &d, &r, utf8);
        fz_check_sweep(&m, &g, &d, (size_t)(d.batch % 9));
    } else {
        fz_check_error(st, &err, "rl_request_from_json");
        fz_check_error_json(&err, utf8);
    }

    /* rl_run_json, the one-call path of the wasm bridge: valid JSON whatever
     * the input, the same answer as the step-by-step calls, and for a "params"
     * request (which rl_request_from_json refuses) a clean estimate. */
    static char run[1 << 16];
    rl_status rst = RL_STATUS_COUNT_;
    size_t rn = rl_run_json(req, rlen, cfg, clen, run, sizeof run, &rst);
    FZ_CHECK(rn < sizeof run && strlen(run) == rn, "rl_run_json returned %zu for %zu bytes", rn, strlen(run));
    FZ_CHECK(fz_json_valid(run, rn, utf8), "rl_run_json wrote invalid JSON: %s", run);
    FZ_CHECK(rst < RL_STATUS_COUNT_, "rl_run_json status %d", (int)rst);
    bool estimate = st == RL_E_UNKNOWN_NAME && strcmp(err.field, "params") == 0;
    if (!estimate) {
        /* A request with a workload adds its cost, which only the one-call path computes: the report is
         * then the step-by-step one with that cost, and the cost's own error names a workload field. */
        static rl_run whole;
        rl_run_request(req, rlen, cfg, clen, &whole);
        FZ_CHECK(whole.status == rst, "rl_run_request says %s, rl_run_json %s", rl_status_name(whole.status),
                 rl_status_name(rst));
        const rl_field *at = rl_field_by_key(whole.error.field);
        bool cost_error = st == RL_OK && rst != RL_OK && at != NULL && at->target == RL_TARGET_WORKLOAD;
        FZ_CHECK(rst == st || cost_error, "rl_run_json says %s on %s, rl_request_from_json + rl_analyze %s",
                 rl_status_name(rst), whole.error.field, rl_status_name(st));
        if (st == RL_OK && rst == RL_OK) {
            FZ_CHECK(!whole.cost.present || (r.fits && whole.workload.requests_per_day > 0),
                     "a cost without a workload, or for a deployment that cannot run: %s", run);
            static char rep[1 << 16];
            /* A disaggregated request with a workload: the one-call path re-reads its pools at the workload's input
             * and output lengths and rate; the step-by-step path does the same with rl_disagg_workload. */
            rl_status dst = rl_disagg_workload(&m, &g, &d, &whole.workload, &r, &err);
            FZ_CHECK(dst == RL_OK, "rl_disagg_workload fails where rl_run_request did not: %s", err.message);
            rl_report_json_cost(&m, &g, &d, &r, whole.cost.present ? &whole.cost : NULL, rep, sizeof rep);
            FZ_CHECK(strcmp(rep, run) == 0, "rl_run_json's report differs from rl_report_json's with the run's cost");
        }
    } else if (rst == RL_OK) {
        FZ_CHECK(fz_contains(run, rn, "\"estimate\""), "params request without an estimate: %s", run);
        int bad_nulls = 0;
        fz_json_check(run, rn, false, true, &bad_nulls);
        FZ_CHECK(bad_nulls == 0, "estimate holds a null figure (a NaN or an infinity): %s", run);
        /* Weights that do not fit: the GPUs needed, the shortfall and at least the bigger GPU as a way
         * out, and no throughput of any kind; weights that fit: no shortfall and no way out. */
        if (fz_contains(run, rn, "\"fits\":false"))
            FZ_CHECK(!fz_contains(run, rn, "\"attainable_tflops\"") && !fz_contains(run, rn, "\"levers\"") &&
                         !fz_contains(run, rn, "\"decode_ai\"") && fz_contains(run, rn, "\"shortfall_gib\"") &&
                         fz_contains(run, rn, "\"code\":\"bigger_gpu\""),
                     "an estimate that does not fit holds a throughput, or no shortfall or way out: %s", run);
        else
            FZ_CHECK(!fz_contains(run, rn, "\"shortfall_gib\"") && !fz_contains(run, rn, "\"remedies\""),
                     "an estimate that fits holds a shortfall or a way out: %s", run);
    }
    if (rst != RL_OK) FZ_CHECK(fz_contains(run, rn, "{\"error\":"), "rl_run_json failed without an error object");

    /* Differential: an inline config reads like the same text pasted alone. */
    size_t c0, c1;
    bool config_error = st != RL_OK && strncmp(err.field, "config", 6) == 0 && st != RL_E_JSON_SYNTAX &&
                        st != RL_E_TOO_LARGE && top_keys_clean(req, rlen);
    if (cfg == NULL && (st == RL_OK || config_error) && fz_json_valid(req, rlen, false) &&
        top_value(req, rlen, "config", &c0, &c1) && req[c0] == '{') {
        rl_model alone;
        rl_error aerr;
        rl_status ast = rl_model_from_config_json(req + c0, c1 - c0, &alone, &aerr);
        if (st == RL_OK) {
            FZ_CHECK(ast == RL_OK, "inline config reads, the same text alone fails: %s %s", rl_status_name(ast),
                     aerr.message);
            FZ_CHECK(same_model(&m, &alone),
                     "inline config and the same text alone differ: params %.17g vs %.17g, tied %d vs %d",
                     m.params_total, alone.params_total, m.tied_embeddings, alone.tied_embeddings);
        } else {
            FZ_CHECK(ast == st && strcmp(aerr.field, err.field) == 0,
                     "inline config fails with %s on %s, the same text alone with %s on %s", rl_status_name(st),
                     err.field, rl_status_name(ast), aerr.field);
        }
    }
    free(req);
    free(cfg);
    return 0;
}
