/* The core's planner (rl_plan) and the CLI's --plan agree: the same
 * candidates in the same order with the same figures, bit for bit, the same
 * Pareto fronts, and rl_plan_json (what the page reads through rlw_plan)
 * carries them too. Plus rl_plan's refusals. Usage: rl_plan_core_test ROOFLINE_LINT */
#define _POSIX_C_SOURCE 200809L /* popen */
#include "roofline.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failures;
#define CHECK_FAILED failures
#include "check.h"

static rl_plan_work work;
static rl_plan_candidate found[2 * RL_PLAN_MAX_SETUPS];
static char text[4 * 1024 * 1024];

static cJSON *run_cli(const char *cli, const char *args) {
    char command[2048];
    snprintf(command, sizeof command, "'%s' --plan %s --json --top 100000", cli, args);
    FILE *p = popen(command, "r");
    if (p == NULL) return NULL;
    size_t n = fread(text, 1, sizeof text - 1, p);
    text[n] = '\0';
    pclose(p);
    return cJSON_Parse(text);
}

static const char *str(const cJSON *o, const char *key) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}
static double num(const cJSON *o, const char *key) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(v) ? v->valuedouble : -1.0;
}

/* One JSON candidate against one of the core's. */
static int same(const cJSON *j, const rl_plan_candidate *c) {
    return strcmp(str(j, "gpu"), c->gpu) == 0 && num(j, "tp") == (double)c->tp && num(j, "pp") == (double)c->pp &&
           num(j, "ep") == (double)c->ep && num(j, "dp_attention") == (double)c->dp_attention &&
           num(j, "nodes") == (double)c->nodes && num(j, "tokens_per_s_gpu") == c->tokens_per_s_gpu &&
           num(j, "gpus") == (double)c->gpus && num(j, "batch") == (double)c->batch &&
           strcmp(str(j, "precision"), c->precision) == 0 && strcmp(str(j, "kv_precision"), c->kv_precision) == 0 &&
           strcmp(str(j, "option"), rl_plan_option_name(c->option)) == 0 && num(j, "ttft_ms") == c->ttft_ms &&
           num(j, "tokens_per_s_user") == c->tokens_per_s_user && num(j, "monthly_usd") == c->monthly_usd &&
           num(j, "usd_per_mtok_out") == c->usd_per_mtok_out;
}

/* The core's candidates of one option, in order, as the CLI lists them (buy first, then cloud). */
static void agree(const char *cli, const char *name, const char *args, const char *base, const rl_plan_query *q) {
    rl_plan_summary s;
    rl_error err;
    rl_status st = rl_plan(base, strlen(base), NULL, 0, q, &work, found, sizeof found / sizeof found[0], &s, &err);
    CHECK(st == RL_OK, "%s: rl_plan: %s", name, err.message);
    CHECK(s.found == s.count, "%s: every candidate kept", name);
    cJSON *doc = run_cli(cli, args);
    CHECK(doc != NULL, "%s: the CLI's JSON", name);
    if (doc == NULL || st != RL_OK) {
        cJSON_Delete(doc);
        return;
    }
    const cJSON *plan = cJSON_GetObjectItemCaseSensitive(doc, "plan");
    CHECK(num(plan, "searched") == (double)s.searched, "%s: searched %ld", name, s.searched);
    const cJSON *precisions = cJSON_GetObjectItemCaseSensitive(plan, "precisions");
    CHECK((size_t)cJSON_GetArraySize(precisions) == s.precision_count, "%s: the CLI lists the precisions searched", name);
    for (size_t k = 0; k < s.precision_count; k++) {
        const cJSON *p = cJSON_GetArrayItem(precisions, (int)k);
        CHECK(cJSON_IsString(p) && strcmp(p->valuestring, s.precisions[k]) == 0, "%s: the CLI's precision %zu", name, k);
    }
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(plan, "candidates");
    size_t k = 0;
    for (int option = RL_PLAN_BUY; option <= RL_PLAN_CLOUD; option++)
        for (size_t i = 0; i < s.count; i++) {
            if ((int)found[i].option != option) continue;
            const cJSON *j = cJSON_GetArrayItem(list, (int)k++);
            CHECK(j != NULL && same(j, &found[i]), "%s: candidate %zu (%s %s tp %lld pp %lld) as the CLI lists it", name,
                  k - 1, rl_plan_option_name(found[i].option), found[i].gpu, (long long)found[i].tp, (long long)found[i].pp);
        }
    CHECK((size_t)cJSON_GetArraySize(list) == k, "%s: the CLI lists %d candidates, the core %zu", name,
          cJSON_GetArraySize(list), k);
    const cJSON *pareto = cJSON_GetObjectItemCaseSensitive(plan, "pareto");
    static size_t front[2 * RL_PLAN_MAX_SETUPS];
    size_t m = 0;
    for (int option = RL_PLAN_BUY; option <= RL_PLAN_CLOUD; option++) {
        size_t n = rl_plan_pareto(found, s.count, (rl_plan_option)option, front, sizeof front / sizeof front[0]);
        for (size_t i = 0; i < n; i++, m++)
            CHECK(same(cJSON_GetArrayItem(pareto, (int)m), &found[front[i]]), "%s: Pareto point %zu", name, m);
    }
    CHECK((size_t)cJSON_GetArraySize(pareto) == m, "%s: the fronts' sizes", name);

    /* What the page reads: rl_plan_json of the same search, all candidates. */
    size_t need = rl_plan_json(q, &s, found, (size_t)-1, text, sizeof text);
    CHECK(need < sizeof text, "%s: rl_plan_json fits", name);
    cJSON *page = cJSON_Parse(text);
    const cJSON *pplan = cJSON_GetObjectItemCaseSensitive(page, "plan");
    const cJSON *plist = cJSON_GetObjectItemCaseSensitive(pplan, "candidates");
    CHECK(cJSON_GetArraySize(plist) == cJSON_GetArraySize(list), "%s: rl_plan_json lists as many", name);
    for (int i = 0; i < cJSON_GetArraySize(list); i++) {
        const cJSON *a = cJSON_GetArrayItem(list, i), *b = cJSON_GetArrayItem(plist, i);
        CHECK(strcmp(str(a, "gpu"), str(b, "gpu")) == 0 && num(a, "usd_per_mtok_out") == num(b, "usd_per_mtok_out") &&
                  num(a, "tokens_per_s_user") == num(b, "tokens_per_s_user") && num(a, "ttft_ms") == num(b, "ttft_ms") &&
                  num(a, "batch") == num(b, "batch") && strcmp(str(a, "option"), str(b, "option")) == 0,
              "%s: rl_plan_json candidate %d is the CLI's", name, i);
    }
    CHECK(num(pplan, "searched") == (double)s.searched && num(pplan, "fit") == (double)s.fit &&
              num(pplan, "met_ttft") == (double)s.met_ttft,
          "%s: rl_plan_json's counts", name);
    printf("plan core: %s: %zu candidates, %ld setups, the CLI agrees\n", name, s.count, s.searched);
    cJSON_Delete(page);
    cJSON_Delete(doc);
}

/* ---- Properties of one search, each checked from outside the planner ---------------------------------------- */

static rl_run rerun; /* the test's own run of a setup (rl_run is large) */

/* The test's own run of one setup: the base request plus the setup's keys. */
static const rl_run *setup_run(const char *base, const char *gpu, int64_t tp, int64_t pp, const char *precision,
                               int64_t batch) {
    char request[4096];
    size_t n = strlen(base);
    int len = snprintf(request, sizeof request,
                       "%.*s,\"gpu\":\"%.63s\",\"tp\":%lld,\"pp\":%lld,\"precision\":\"%.15s\",\"batch\":%lld}",
                       (int)(n < 1000 ? n - 1 : 999), base, gpu, (long long)tp, (long long)pp, precision,
                       (long long)batch);
    CHECK(len > 0 && (size_t)len < sizeof request, "a setup's request fits");
    rl_run_request(request, strlen(request), NULL, 0, &rerun);
    return &rerun;
}

/* The header's definitions, written out here: a setup "fits" at a batch when
 * its analysis fits (not tight unless allowed) and has a cost; its TTFT is
 * the engine's overhead (realistic TTFT - realistic prefill) plus the cost's
 * prefill; its per-user speed 1000 / the cost's step; the traffic keeps
 * requests_per_day / 86400 x (prefill + output x step) / 1000 requests in flight. */
static int fits_setup(const rl_run *r, const rl_plan_query *q) {
    /* A format or a GPU the search chose (none in the query) must be one the engine runs. */
    return r->status == RL_OK && !r->is_estimate && r->result.fits && r->cost.present &&
           (r->result.verdict != RL_TIGHT || q->allow_tight) &&
           !(q->precision == NULL && (r->result.warnings & RL_WARN_ENGINE_LACKS_WEIGHT_FORMAT)) &&
           !((q->gpus == NULL || q->gpu_count == 0) && (r->result.warnings & RL_WARN_ENGINE_NOT_ON_GPU));
}
static double ttft_ms(const rl_run *r) {
    const rl_realistic *x = &r->result.realistic;
    if (r->cost.realistic && r->result.has_realistic && x->has_prefill) return x->ttft_ms - x->prefill_ms + r->cost.prefill_ms;
    return r->deploy.launch_ms + r->cost.prefill_ms;
}
/* The step one request sees under the traffic: the batch's step, and the prefills of the
 * requests that replace the other batch - 1 (one each per output_tokens steps) between steps. The batch
 * is the one the cost's step is for: on a tight fit, the requests the engine's budget holds at once. */
static double loaded_step_ms(const rl_run *r) {
    return r->cost.step_ms + (double)(r->cost.batch - 1) * r->cost.prefill_ms / (double)r->workload.output_tokens;
}
static double speed(const rl_run *r) { return 1000.0 / loaded_step_ms(r); }
static int qualifies(const rl_run *r, const rl_plan_query *q) {
    if (!fits_setup(r, q)) return 0;
    double in_flight = (double)r->workload.requests_per_day / 86400.0 *
                       ((r->cost.prefill_ms + (double)r->workload.output_tokens * loaded_step_ms(r)) / 1000.0);
    if (r->deploy.batch > 1 && (double)r->deploy.batch > in_flight) return 0;
    if (q->min_tokens_per_s_user > 0 && speed(r) < q->min_tokens_per_s_user) return 0;
    return q->max_ttft_ms <= 0 || (!r->gpu.tflops_unknown && ttft_ms(r) <= q->max_ttft_ms);
}

/* -1, 0, 1: the ranking the header promises (cheaper, then faster per user, then GPU id, then search order). */
static int ranks_before(const rl_plan_candidate *x, const rl_plan_candidate *y) {
    if (x->usd_per_mtok_out != y->usd_per_mtok_out) return x->usd_per_mtok_out < y->usd_per_mtok_out;
    if (x->tokens_per_s_user != y->tokens_per_s_user) return x->tokens_per_s_user > y->tokens_per_s_user;
    int g = strcmp(x->gpu, y->gpu);
    if (g != 0) return g < 0;
    return x->order < y->order;
}

/* The weight precisions a search without a query precision tries on a GPU: auto and its engine's 8-bit and
 * 4-bit formats (README "Ways out": GGUF has no fp8, gpt-fast quantizes to int8 and int4). The engine is the
 * base request's, or with none (auto) llama.cpp on Apple's GPUs and Strix Halo and vLLM elsewhere. */
static const char *const *all_precisions(const char *base, const char *gpu) {
    static const char *const standard[] = {"auto", "fp8", "int4"}, *const gguf[] = {"auto", "q8_0", "q4_k_m"},
                             *const gpt_fast[] = {"auto", "int8", "int4"};
    if (strstr(base, "\"engine\":\"llama.cpp\"")) return gguf;
    if (strstr(base, "\"engine\":\"gpt-fast\"")) return gpt_fast;
    if (strstr(base, "\"engine\":") == NULL && (strncmp(gpu, "m1-", 3) == 0 || strncmp(gpu, "m2-", 3) == 0 ||
                                                 strncmp(gpu, "m3-", 3) == 0 || strncmp(gpu, "m4-", 3) == 0 ||
                                                 strncmp(gpu, "strix-halo", 10) == 0))
        return gguf;
    return standard;
}

/* Checks one search against the header: the summary's counts recounted setup
 * by setup, each candidate a plain run of its setup at the largest batch that
 * qualifies, within both targets, the ranking, and both Pareto fronts.
 * expect_floor: 1 when some candidate must be on the floor's basis, 0 when none may. */
static void properties(const char *name, const char *base, const rl_plan_query *q, int every_size, int expect_floor) {
    rl_plan_summary s;
    rl_error err;
    rl_status st = rl_plan(base, strlen(base), NULL, 0, q, &work, found, sizeof found / sizeof found[0], &s, &err);
    CHECK(st == RL_OK, "%s: rl_plan: %s", name, err.message);
    if (st != RL_OK) return;
    CHECK(s.count == s.found, "%s: every candidate kept", name);
    /* The summary, recounted: every GPU x tp {1,2,4,8} x pp {1..4} x precision at batch 1. */
    static const int64_t tps[] = {1, 2, 4, 8};
    static const char *presets[RL_PLAN_MAX_GPUS];
    const char *const *gpu_ids = q->gpus;
    size_t gpu_count = q->gpu_count, precisions = q->precision ? 1 : 3;
    if (gpu_ids == NULL || gpu_count == 0) { /* every GPU preset */
        for (gpu_count = 0; gpu_count < rl_preset_count(RL_PRESET_GPU) && gpu_count < RL_PLAN_MAX_GPUS; gpu_count++)
            presets[gpu_count] = rl_preset_id(RL_PRESET_GPU, gpu_count);
        gpu_ids = presets;
    }
    /* The precisions listed: each searched once, in the order first searched. */
    const char *listed[8];
    size_t nlisted = 0;
    for (size_t g = 0; g < gpu_count; g++)
        for (size_t k = 0; k < precisions; k++) {
            const char *p = q->precision ? q->precision : all_precisions(base, gpu_ids[g])[k];
            size_t i = 0;
            while (i < nlisted && strcmp(listed[i], p) != 0) i++;
            if (i == nlisted && nlisted < 8) listed[nlisted++] = p;
        }
    CHECK(s.precision_count == nlisted, "%s: %zu precisions listed, %zu searched", name, s.precision_count, nlisted);
    for (size_t k = 0; k < s.precision_count && k < nlisted; k++)
        CHECK(strcmp(s.precisions[k], listed[k]) == 0, "%s: precision %zu is %s, searched %s", name, k, s.precisions[k], listed[k]);
    long searched = 0, fit = 0, met = 0, pairs = 0, by_tp[4] = {0}, by_pp[4] = {0};
    double best_ttft = 0, best_speed = 0;
    for (size_t g = 0; g < gpu_count; g++)
        for (int t = 0; t < 4; t++)
            for (int64_t pp = 1; pp <= 4; pp++)
                for (size_t k = 0; k < precisions; k++) {
                    const char *prec = q->precision ? q->precision : all_precisions(base, gpu_ids[g])[k];
                    searched++;
                    const rl_run *r = setup_run(base, gpu_ids[g], tps[t], pp, prec, 1);
                    if (!fits_setup(r, q)) continue;
                    fit++;
                    double ttft = ttft_ms(r);
                    if (!r->gpu.tflops_unknown && (best_ttft == 0 || ttft < best_ttft)) best_ttft = ttft;
                    if (q->max_ttft_ms > 0 && (r->gpu.tflops_unknown || ttft > q->max_ttft_ms)) continue;
                    met++;
                    if (speed(r) > best_speed) best_speed = speed(r);
                    if (qualifies(r, q)) {
                        pairs += r->cost.has_buy + r->cost.has_cloud;
                        by_tp[t] += r->cost.has_buy + r->cost.has_cloud;
                        by_pp[pp - 1] += r->cost.has_buy + r->cost.has_cloud;
                    }
                }
    CHECK(s.searched == searched, "%s: searched %ld, expected %ld", name, s.searched, searched);
    CHECK(s.fit == fit && s.met_ttft == met, "%s: fit %ld met %ld, expected %ld %ld", name, s.fit, s.met_ttft, fit, met);
    CHECK(s.best_ttft_ms == best_ttft && s.best_tokens_per_s_user == best_speed, "%s: best TTFT %g speed %g, expected %g %g",
          name, s.best_ttft_ms, s.best_tokens_per_s_user, best_ttft, best_speed);
    /* A setup that qualifies at batch 1 gives one candidate per way to pay for it. */
    CHECK((long)s.count == pairs, "%s: %zu candidates, %ld setups' buy and cloud qualify at batch 1", name, s.count, pairs);
    /* The candidates' tp and pp: the searched ones, as many of each as the recount found. */
    for (size_t i = 0; i < s.count; i++) {
        int t = found[i].tp == 1 ? 0 : found[i].tp == 2 ? 1 : found[i].tp == 4 ? 2 : found[i].tp == 8 ? 3 : -1;
        CHECK(t >= 0 && found[i].pp >= 1 && found[i].pp <= 4, "%s: candidate %zu at tp %lld pp %lld, not searched", name,
              i, (long long)found[i].tp, (long long)found[i].pp);
        if (t >= 0) by_tp[t]--;
        if (found[i].pp >= 1 && found[i].pp <= 4) by_pp[found[i].pp - 1]--;
    }
    for (int t = 0; t < 4; t++)
        CHECK(by_tp[t] == 0 && by_pp[t] == 0, "%s: candidates at tp %lld off by %ld, at pp %d off by %ld", name,
              (long long)tps[t], by_tp[t], t + 1, by_pp[t]);

    /* The search order is a permutation of 0..count-1, and the ranking holds pair by pair. */
    static unsigned char seen[2 * RL_PLAN_MAX_SETUPS];
    memset(seen, 0, sizeof seen);
    for (size_t i = 0; i < s.count; i++) {
        const rl_plan_candidate *c = &found[i];
        CHECK(c->order < s.count && !seen[c->order], "%s: candidate %zu's search order %u", name, i, c->order);
        if (c->order < s.count) seen[c->order] = 1;
        if (i + 1 < s.count)
            CHECK(ranks_before(c, &found[i + 1]), "%s: candidates %zu and %zu out of order ($%g %g/s %s #%u, $%g %g/s %s #%u)",
                  name, i, i + 1, c->usd_per_mtok_out, c->tokens_per_s_user, c->gpu, c->order,
                  found[i + 1].usd_per_mtok_out, found[i + 1].tokens_per_s_user, found[i + 1].gpu, found[i + 1].order);
    }

    /* Each candidate: a plain run of its setup, within the targets, at the largest qualifying batch. */
    long on_floor = 0; /* candidates whose run has no engine estimate: its budget holds no request (tight allowed) */
    for (size_t i = 0; i < s.count; i++) {
        const rl_plan_candidate *c = &found[i];
        CHECK(c->gpus == c->tp * c->pp, "%s: candidate %zu gpus = tp x pp", name, i);
        CHECK(q->max_ttft_ms <= 0 || c->ttft_ms <= q->max_ttft_ms, "%s: candidate %zu TTFT %g over the target", name, i,
              c->ttft_ms);
        CHECK(q->min_tokens_per_s_user <= 0 || c->tokens_per_s_user >= q->min_tokens_per_s_user,
              "%s: candidate %zu speed %g under the target", name, i, c->tokens_per_s_user);
        const char *prec = NULL;
        for (size_t k = 0; k < precisions && prec == NULL; k++) {
            const char *p = q->precision ? q->precision : all_precisions(base, c->gpu)[k];
            const rl_run *r = setup_run(base, c->gpu, c->tp, c->pp, p, c->batch);
            if (r->status == RL_OK && strcmp(rl_precision_name(r->result.weight_precision), c->precision) == 0) prec = p;
        }
        CHECK(prec != NULL, "%s: candidate %zu's precision %s is one searched", name, i, c->precision);
        if (prec == NULL) continue;
        const rl_run *r = setup_run(base, c->gpu, c->tp, c->pp, prec, c->batch);
        CHECK(qualifies(r, q), "%s: candidate %zu (%s tp %lld pp %lld batch %lld) qualifies", name, i, c->gpu,
              (long long)c->tp, (long long)c->pp, (long long)c->batch);
        int buy = c->option == RL_PLAN_BUY;
        CHECK(buy ? r->cost.has_buy : r->cost.has_cloud, "%s: candidate %zu has its price", name, i);
        CHECK(c->ttft_ms == ttft_ms(r) && c->tokens_per_s_user == speed(r) &&
                  c->monthly_usd == (buy ? r->cost.buy_monthly_usd : r->cost.cloud_monthly_usd) &&
                  c->usd_per_mtok_out == (buy ? r->cost.buy_usd_per_mtok_out : r->cost.cloud_usd_per_mtok_out) &&
                  strcmp(c->kv_precision, rl_precision_name(r->result.kv_precision)) == 0,
              "%s: candidate %zu's figures are its setup's run", name, i);
        /* The batch is one the engine runs: at most what its budget holds (a larger one would wait in its queue,
         * at the smaller batch's speed and cost under the larger label). Only a setup whose budget holds no
         * request at all (tight at batch 1, allowed) goes up to the floor's max batch, on the floor's basis. */
        int64_t limit = r->result.max_batch_realistic >= 1 ? r->result.max_batch_realistic : r->result.max_batch;
        CHECK(c->batch >= 1 && c->batch <= limit, "%s: candidate %zu batch %lld within 1..%lld", name, i,
              (long long)c->batch, (long long)limit);
        CHECK(r->cost.batch == c->batch && (!r->result.has_realistic || r->result.realistic.batch == c->batch),
              "%s: candidate %zu labelled batch %lld, its engine runs %lld", name, i, (long long)c->batch,
              (long long)r->cost.batch);
        CHECK(r->cost.realistic == r->result.has_realistic &&
                  (r->cost.realistic || (q->allow_tight && r->result.max_batch_realistic == 0)),
              "%s: candidate %zu on the %s basis (engine estimate %d, budget holds %lld)", name, i,
              r->cost.realistic ? "realistic" : "floor", r->result.has_realistic,
              (long long)r->result.max_batch_realistic);
        on_floor += !r->cost.realistic;
        const rl_run *more = setup_run(base, c->gpu, c->tp, c->pp, prec, c->batch + 1);
        CHECK(c->batch + 1 > limit || !qualifies(more, q), "%s: candidate %zu: batch %lld qualifies too", name, i,
              (long long)c->batch + 1);
    }

    CHECK(s.floor_basis == (on_floor > 0), "%s: summary floor_basis %d with %ld candidates on the floor's basis", name,
          s.floor_basis, on_floor);
    if (expect_floor >= 0)
        CHECK((on_floor > 0) == expect_floor, "%s: %ld candidates on the floor's basis, expected %s", name, on_floor,
              expect_floor ? "some" : "none");

    /* The fronts: kept exactly when faster per user than every cheaper candidate of its option. */
    static size_t index[2 * RL_PLAN_MAX_SETUPS];
    for (int option = RL_PLAN_BUY; option <= RL_PLAN_CLOUD; option++) {
        size_t m = rl_plan_pareto(found, s.count, (rl_plan_option)option, index, sizeof index / sizeof index[0]);
        size_t k = 0;
        double best = -1;
        for (size_t i = 0; i < s.count; i++) {
            if ((int)found[i].option != option) continue;
            int undominated = found[i].tokens_per_s_user > best;
            int kept = k < m && index[k] == i;
            CHECK(kept == undominated, "%s: %s candidate %zu is %s the front", name, rl_plan_option_name(option), i,
                  kept ? "wrongly on" : "missing from");
            if (kept) k++;
            if (undominated) best = found[i].tokens_per_s_user;
        }
        CHECK(k == m, "%s: %s front of %zu, %zu walked", name, rl_plan_option_name(option), m, k);
        if (m > 1) { /* a short index: the count is still the whole front's, the first ones written */
            size_t two[2] = {(size_t)-1, (size_t)-1};
            CHECK(rl_plan_pareto(found, s.count, (rl_plan_option)option, two, 1) == m && two[0] == index[0] &&
                      two[1] == (size_t)-1,
                  "%s: a front into one slot", name);
            CHECK(rl_plan_pareto(found, s.count, (rl_plan_option)option, NULL, 0) == m, "%s: a front counted", name);
        }
    }

    /* rl_plan_json with top 1: the cheapest of each option, and the summary's figures. */
    size_t need = rl_plan_json(q, &s, found, 1, text, sizeof text);
    CHECK(need < sizeof text, "%s: rl_plan_json fits", name);
    cJSON *doc = cJSON_Parse(text);
    const cJSON *plan = cJSON_GetObjectItemCaseSensitive(doc, "plan");
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(plan, "candidates");
    int shown = 0;
    for (int option = RL_PLAN_BUY; option <= RL_PLAN_CLOUD; option++)
        for (size_t i = 0; i < s.count; i++)
            if ((int)found[i].option == option) {
                CHECK(same(cJSON_GetArrayItem(list, shown), &found[i]), "%s: top 1 of %s", name, rl_plan_option_name(option));
                shown++;
                break;
            }
    CHECK(cJSON_GetArraySize(list) == shown, "%s: top 1 lists %d", name, cJSON_GetArraySize(list));
    CHECK(strcmp(str(plan, "basis"), s.floor_basis ? "floor" : "realistic") == 0 && num(plan, "best_ttft_ms") == s.best_ttft_ms &&
              num(plan, "best_tokens_per_s_user") == s.best_tokens_per_s_user,
          "%s: rl_plan_json's summary", name);
    const cJSON *targets = cJSON_GetObjectItemCaseSensitive(plan, "targets");
    CHECK(num(targets, "max_ttft_ms") == q->max_ttft_ms && num(targets, "min_tokens_per_s_user") == q->min_tokens_per_s_user,
          "%s: rl_plan_json's targets", name);
    cJSON_Delete(doc);

    /* The heapsort for every output size: the first `cap` found (search order 0..cap-1), ranked. */
    static rl_plan_candidate part[2 * RL_PLAN_MAX_SETUPS];
    for (size_t cap = 0; every_size && cap <= s.count; cap++) {
        rl_plan_summary t;
        st = rl_plan(base, strlen(base), NULL, 0, q, &work, part, cap, &t, &err);
        CHECK(st == RL_OK && t.count == cap && t.found == s.found, "%s: output of %zu", name, cap);
        memset(seen, 0, sizeof seen);
        for (size_t i = 0; i < t.count && i < cap; i++) {
            CHECK(part[i].order < cap && !seen[part[i].order], "%s: output of %zu keeps the first found", name, cap);
            if (part[i].order < cap) seen[part[i].order] = 1;
            if (i + 1 < t.count) CHECK(ranks_before(&part[i], &part[i + 1]), "%s: output of %zu ranked at %zu", name, cap, i);
        }
    }
    printf("plan core: %s: %zu candidates, properties hold\n", name, s.count);
}

/* A candidate's own run: the base request plus its setup's keys, scale-out ones and a disaggregated setup's pools
 * included, as a user would write it. */
static const rl_run *layout_run(const char *base, const rl_plan_candidate *c) {
    char request[4096], pools[160] = "";
    size_t n = strlen(base);
    if (c->prefill_instances > 0)
        snprintf(pools, sizeof pools, ",\"prefill_instances\":%lld,\"prefill_tp\":%lld,\"decode_instances\":%lld",
                 (long long)c->prefill_instances, (long long)c->prefill_tp, (long long)c->decode_instances);
    int len = snprintf(request, sizeof request,
                       "%.*s,\"gpu\":\"%.63s\",\"tp\":%lld,\"pp\":%lld,\"precision\":\"%.7s\",\"batch\":%lld,\"ep\":%lld,"
                       "\"dp_attention\":%lld,\"nodes\":%lld%s%s}",
                       (int)(n < 1000 ? n - 1 : 999), base, c->gpu, (long long)c->tp, (long long)c->pp, c->precision,
                       (long long)c->batch, (long long)c->ep, (long long)c->dp_attention, (long long)c->nodes,
                       c->nodes > 1 ? ",\"gpus_per_node\":8" : "", pools);
    CHECK(len > 0 && (size_t)len < sizeof request, "a setup's request fits");
    rl_run_request(request, strlen(request), NULL, 0, &rerun);
    return &rerun;
}

/* Issue 37 item 4/5: the planner's disaggregated setups. Each is a plain run of its request; the verdict against the
 * cheapest colocated candidate is computed here from the two candidates (not written down), and the bound holds. */
static void disagg_tests(const char *cli) {
    static const char *const h200[] = {"h200-sxm"};
    const char *moe = "{\"model\":\"deepseek-v3\",\"requests_per_day\":5000000,\"input_tokens\":1000,\"output_tokens\":300}";
    /* Without a speed target and with a per-user target that holds the colocated batches down. */
    const double speeds[2] = {0, 40};
    for (int t = 0; t < 2; t++) {
        rl_plan_query q = {0, speeds[t], 0, "fp8", h200, 1};
        rl_plan_summary s;
        rl_error err;
        rl_status st = rl_plan(moe, strlen(moe), NULL, 0, &q, &work, found, sizeof found / sizeof found[0], &s, &err);
        CHECK(st == RL_OK && s.count > 0, "disaggregated plan: %s", err.message);
        CHECK(s.disagg_searched > 0 && s.disagg_searched <= RL_PLAN_DISAGG_DECODE * RL_PLAN_DISAGG_PREFILL_TPS,
              "disaggregated plan: %ld splits searched, at most %d", s.disagg_searched,
              RL_PLAN_DISAGG_DECODE * RL_PLAN_DISAGG_PREFILL_TPS);
        CHECK(s.has_disagg[RL_PLAN_BUY] && s.has_disagg[RL_PLAN_CLOUD], "disaggregated plan (speed %g): a setup of each option",
              speeds[t]);
        for (int option = RL_PLAN_BUY; option <= RL_PLAN_CLOUD; option++) {
            if (!s.has_disagg[option]) continue;
            const rl_plan_candidate *d = &s.disagg[option];
            CHECK(d->prefill_instances >= 1 && d->prefill_instances <= RL_PLAN_DISAGG_MAX_PREFILL && d->decode_instances >= 1 &&
                      d->decode_instances <= RL_PLAN_DISAGG_MAX_DECODE &&
                      d->gpus == d->prefill_instances * d->prefill_tp + d->decode_instances * d->tp * d->pp,
                  "disaggregated candidate: its pools and both pools' GPUs");
            const rl_run *r = layout_run(moe, d);
            double per = option == RL_PLAN_BUY ? r->cost.buy_usd_per_mtok_out : r->cost.cloud_usd_per_mtok_out;
            CHECK(r->status == RL_OK && r->result.fits && r->cost.present && r->cost.disagg && per == d->usd_per_mtok_out &&
                      r->cost.tokens_per_s_user == d->tokens_per_s_user && r->cost.gpus == d->gpus &&
                      (speeds[t] <= 0 || d->tokens_per_s_user >= speeds[t]),
                  "disaggregated candidate (%s, speed %g) re-analysed alone", rl_plan_option_name((rl_plan_option)option),
                  speeds[t]);
            size_t co = 0;
            while (co < s.count && ((int)found[co].option != option || !found[co].prefill_timed)) co++;
            rl_plan_disagg_cmp g;
            CHECK(rl_plan_disagg_gain(&s, found, s.count, (rl_plan_option)option, &g) && g.has_colocated == (co < s.count),
                  "disaggregated comparison");
            if (co < s.count) {
                const rl_plan_candidate *b = &found[co];
                /* The colocated setup it is held against has its prefill in its cost: a GPU with a TFLOPS figure. */
                rl_gpu bg;
                CHECK(rl_gpu_preset(b->gpu, 0, &bg, &err) == RL_OK && !bg.tflops_unknown,
                      "disaggregated comparison against %s, which has a TFLOPS figure", b->gpu);
                CHECK(b->prefill_instances == 0 && g.colocated == co && g.beats == (d->usd_per_mtok_out < b->usd_per_mtok_out) &&
                          g.usd_per_mtok_x == b->usd_per_mtok_out / d->usd_per_mtok_out &&
                          g.tokens_per_s_gpu_x == d->tokens_per_s_gpu / b->tokens_per_s_gpu,
                      "disaggregated verdict (%s, speed %g): %s, %g x per $, %g x per GPU", rl_plan_option_name((rl_plan_option)option),
                      speeds[t], g.beats ? "beats" : "does not beat", g.usd_per_mtok_x, g.tokens_per_s_gpu_x);
                printf("note: speed %g, %s: disaggregated %s the colocated setup (%.3g x per $, %.3g x per GPU)\n", speeds[t],
                       rl_plan_option_name((rl_plan_option)option), g.beats ? "beats" : "does not beat", g.usd_per_mtok_x,
                       g.tokens_per_s_gpu_x);
            }
        }
        /* rl_plan_json and the CLI carry the same comparison. */
        size_t n = rl_plan_json(&q, &s, found, 3, text, sizeof text);
        cJSON *doc = n < sizeof text ? cJSON_Parse(text) : NULL;
        const cJSON *dj = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(doc, "plan"), "disaggregated");
        CHECK(cJSON_GetArraySize(dj) == s.has_disagg[0] + s.has_disagg[1], "rl_plan_json: the disaggregated comparisons");
        char args[512];
        snprintf(args, sizeof args,
                 "--model deepseek-v3 --requests-per-day 5000000 --input-tokens 1000 --output-tokens 300 --gpus h200-sxm "
                 "--precision fp8%s",
                 t ? " --min-tokens-per-s-user 40" : "");
        cJSON *cdoc = run_cli(cli, args);
        const cJSON *cj = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(cdoc, "plan"), "disaggregated");
        CHECK(cJSON_GetArraySize(cj) == cJSON_GetArraySize(dj), "the CLI's disaggregated comparisons");
        for (int i = 0; i < cJSON_GetArraySize(dj); i++) {
            const cJSON *a = cJSON_GetArrayItem(dj, i), *b = cJSON_GetArrayItem(cj, i);
            const cJSON *sa = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(a, "setups"), 0);
            const cJSON *sb = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(b, "setups"), 0);
            CHECK(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(a, "beats")) == cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(b, "beats")) &&
                      num(a, "usd_per_mtok_x") == num(b, "usd_per_mtok_x") && num(sa, "usd_per_mtok_out") == num(sb, "usd_per_mtok_out") &&
                      num(sa, "prefill_instances") == num(sb, "prefill_instances"),
                  "the CLI and rl_plan_json agree on disaggregated comparison %d", i);
        }
        cJSON_Delete(cdoc);
        cJSON_Delete(doc);
    }
}

/* Issue 37 item 5: an MoE model's plan also searches EP, DP-attention and multi-node setups; a dense one none. */
static void scale_out_tests(const char *cli) {
    static const char *const h200[] = {"h200-sxm"};
    rl_plan_query q = {0, 0, 0, "fp8", h200, 1};
    rl_plan_summary s;
    rl_error err;
    /* DeepSeek-V3 fp8 on H200 at 5 million requests a day: large batches, where the experts split whole over
     * the ranks (EP) and each GPU's own attention group (DP attention) beat sharding everything. */
    const char *moe = "{\"model\":\"deepseek-v3\",\"requests_per_day\":5000000,\"input_tokens\":1000,\"output_tokens\":300}";
    rl_status st = rl_plan(moe, strlen(moe), NULL, 0, &q, &work, found, sizeof found / sizeof found[0], &s, &err);
    CHECK(st == RL_OK && s.found == s.count, "MoE plan: %s", err.message);
    CHECK(s.searched == RL_PLAN_TPS * RL_PLAN_PPS + RL_PLAN_SCALE_SETUPS && s.scale_out_searched == RL_PLAN_SCALE_SETUPS,
          "MoE plan: %ld setups searched, %ld of them scale-out", s.searched, s.scale_out_searched);
    size_t ep = 0, dp = 0, multi = 0;
    for (size_t i = 0; i < s.count; i++) {
        const rl_plan_candidate *c = &found[i];
        ep += c->ep > 1;
        dp += c->dp_attention > 1;
        multi += c->nodes > 1;
        CHECK((c->ep == 1 || c->ep == c->tp) && c->dp_attention >= 1 && c->tp % c->dp_attention == 0 &&
                  (c->nodes == 1 ? c->tp <= 8 : c->tp == 8 * c->nodes) && (c->pp == 1 || (c->ep == 1 && c->dp_attention == 1)),
              "candidate %zu: a layout the core takes (tp %lld pp %lld ep %lld dp %lld nodes %lld)", i, (long long)c->tp,
              (long long)c->pp, (long long)c->ep, (long long)c->dp_attention, (long long)c->nodes);
        CHECK(c->tokens_per_s_gpu == (double)c->batch * c->tokens_per_s_user / (double)c->gpus, "candidate %zu: tokens/s per GPU", i);
        /* Each candidate is a plain run of its request: the same cost re-analysed alone. */
        if (c->ep > 1 || c->dp_attention > 1 || c->nodes > 1) {
            const rl_run *r = layout_run(moe, c);
            double per = c->option == RL_PLAN_BUY ? r->cost.buy_usd_per_mtok_out : r->cost.cloud_usd_per_mtok_out;
            CHECK(r->status == RL_OK && r->result.fits && r->cost.present && per == c->usd_per_mtok_out &&
                      r->cost.tokens_per_s_user == c->tokens_per_s_user,
                  "scale-out candidate %zu (tp %lld ep %lld dp %lld nodes %lld) re-analysed alone", i, (long long)c->tp,
                  (long long)c->ep, (long long)c->dp_attention, (long long)c->nodes);
        }
    }
    CHECK(ep > 0 && dp > 0 && multi > 0, "MoE plan: %zu EP, %zu DP-attention, %zu multi-node candidates", ep, dp, multi);
    for (int option = RL_PLAN_BUY; option <= RL_PLAN_CLOUD; option++) {
        rl_plan_gain g;
        size_t first = 0;
        while (first < s.count && (int)found[first].option != option) first++;
        CHECK(first < s.count && found[first].ep > 1, "MoE plan, %s: the cheapest setup uses EP (ep %lld)",
              rl_plan_option_name((rl_plan_option)option), first < s.count ? (long long)found[first].ep : -1LL);
        int wins = rl_plan_scale_out_gain(found, s.count, (rl_plan_option)option, &g);
        CHECK(wins && g.scale_out == first && g.has_tp_only, "MoE plan, %s: the scale-out setup wins",
              rl_plan_option_name((rl_plan_option)option));
        if (!wins || !g.has_tp_only) continue;
        const rl_plan_candidate *a = &found[g.scale_out], *b = &found[g.tp_only];
        CHECK(b->ep == 1 && b->dp_attention == 1 && b->nodes == 1 && (int)b->option == option,
              "MoE plan: the TP-only setup it is measured against is one");
        for (size_t i = 0; i < g.tp_only; i++)
            CHECK((int)found[i].option != option || found[i].ep > 1 || found[i].dp_attention > 1 || found[i].nodes > 1,
                  "MoE plan: no TP-only candidate cheaper than the one compared");
        CHECK(g.usd_per_mtok_x == b->usd_per_mtok_out / a->usd_per_mtok_out && g.usd_per_mtok_x > 1 &&
                  g.tokens_per_s_gpu_x == a->tokens_per_s_gpu / b->tokens_per_s_gpu,
              "MoE plan: the gain is the ratio of the two (%g x cheaper, %g x tokens/s per GPU)", g.usd_per_mtok_x,
              g.tokens_per_s_gpu_x);
    }
    /* rl_plan_json carries the comparison. */
    size_t n = rl_plan_json(&q, &s, found, 3, text, sizeof text);
    cJSON *doc = n < sizeof text ? cJSON_Parse(text) : NULL;
    const cJSON *plan = cJSON_GetObjectItemCaseSensitive(doc, "plan");
    const cJSON *so = cJSON_GetObjectItemCaseSensitive(plan, "scale_out");
    CHECK(cJSON_GetArraySize(so) == 2 && num(plan, "scale_out_searched") == (double)RL_PLAN_SCALE_SETUPS,
          "rl_plan_json: the scale-out comparison of both options");
    const cJSON *setups = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(so, 0), "setups");
    CHECK(cJSON_GetArraySize(setups) == 2 && num(cJSON_GetArrayItem(setups, 0), "ep") > 1 &&
              num(cJSON_GetArrayItem(setups, 1), "ep") == 1,
          "rl_plan_json: the scale-out setup and the TP-only one");
    cJSON_Delete(doc);
    /* The CLI agrees, candidate by candidate (the layout included). */
    agree(cli, "DeepSeek-V3 on H200, scale-out",
          "--model deepseek-v3 --requests-per-day 5000000 --input-tokens 1000 --output-tokens 300 --gpus h200-sxm --precision fp8",
          moe, &q);

    /* A dense model: no scale-out setup at all. */
    const char *dense = "{\"model\":\"llama-3.1-70b\",\"requests_per_day\":5000000,\"input_tokens\":1000,\"output_tokens\":300}";
    st = rl_plan(dense, strlen(dense), NULL, 0, &q, &work, found, sizeof found / sizeof found[0], &s, &err);
    size_t layouts = 0;
    for (size_t i = 0; i < s.count; i++) layouts += found[i].ep != 1 || found[i].dp_attention != 1 || found[i].nodes != 1;
    rl_plan_gain g;
    CHECK(st == RL_OK && s.count > 0 && s.scale_out_searched == 0 && s.searched == RL_PLAN_TPS * RL_PLAN_PPS && layouts == 0 &&
              !rl_plan_scale_out_gain(found, s.count, RL_PLAN_BUY, &g),
          "dense plan: %ld scale-out setups searched, %zu candidates with one", s.scale_out_searched, layouts);

    /* The CLI's --plan over every GPU preset for an MoE model: its time printed, not asserted (no wall-clock test). */
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    cJSON *all = run_cli(cli, "--model deepseek-v3 --requests-per-day 5000000 --input-tokens 1000 --output-tokens 300");
    clock_gettime(CLOCK_MONOTONIC, &t1);
    const cJSON *all_plan = cJSON_GetObjectItemCaseSensitive(all, "plan");
    printf("note: --plan for deepseek-v3 over every GPU preset: %g setups (%g scale-out) in %.2f s\n", num(all_plan, "searched"),
           num(all_plan, "scale_out_searched"), (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
    CHECK(all_plan != NULL, "the CLI's plan over every GPU");
    cJSON_Delete(all);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: rl_plan_core_test ROOFLINE_LINT\n");
        return 2;
    }
    const char *cli = argv[1];
    const char *base = "{\"model\":\"llama-3-8b\",\"requests_per_day\":50000,\"input_tokens\":1000,\"output_tokens\":300}";
    const char *busy_base =
        "{\"model\":\"llama-3-8b\",\"requests_per_day\":5000000,\"input_tokens\":1000,\"output_tokens\":300}";
    const char *wl = "--model llama-3-8b --requests-per-day 50000 --input-tokens 1000 --output-tokens 300";
    char args[512];

    rl_plan_query q = {400, 25, 0, NULL, NULL, 0};
    snprintf(args, sizeof args, "%s --max-ttft-ms 400 --min-tokens-per-s-user 25", wl);
    agree(cli, "every GPU, both targets", args, base, &q);

    static const char *const gpus[] = {"t4", "rtx-3090", "h100-sxm"};
    rl_plan_query r = {0, 0, 1, "fp8", gpus, 3};
    snprintf(args, sizeof args, "%s --gpus t4,rtx-3090,h100-sxm --precision fp8 --allow-tight", wl);
    agree(cli, "three GPUs, fp8, tight allowed", args, base, &r);

    /* The properties, on searches that reach the targets' edges and the ties. */
    properties("every GPU, both targets", base, &q, 0, 0);
    properties("three GPUs, fp8, tight allowed", base, &r, 0, 0);
    rl_plan_query loose = {0, 0, 0, NULL, gpus, 3};
    properties("three GPUs, no target", base, &loose, 0, 0);
    /* The same GPU twice: every setup found twice, equal in cost, speed and GPU, so the search order ranks them. */
    static const char *const twice[] = {"h100-sxm", "l40s", "h100-sxm"};
    rl_plan_query dup2 = {0, 0, 0, "fp8", twice, 3};
    properties("a GPU named twice", base, &dup2, 1, 0);
    /* A tight speed target: the batch stops where the per-user speed would fall under it. */
    rl_plan_query fast = {0, 60, 0, NULL, gpus + 2, 1};
    properties("a per-user speed target", base, &fast, 0, 0);
    /* A TTFT target between setups' TTFTs: some setups out, some in. */
    rl_plan_query quick = {150, 0, 1, NULL, gpus, 3};
    properties("a TTFT target", base, &quick, 0, 0);
    /* Little traffic: the batch stops at the requests the traffic keeps in flight. */
    const char *little = "{\"model\":\"llama-3-8b\",\"requests_per_day\":2000,\"input_tokens\":500,\"output_tokens\":800}";
    rl_plan_query one = {0, 0, 0, NULL, gpus + 2, 1};
    properties("little traffic", little, &one, 0, 0);
    /* The engine's own formats: llama.cpp searches q8_0 and q4_k_m, never fp8; gpt-fast int8 and int4. */
    const char *gguf = "{\"model\":\"llama-3-8b\",\"engine\":\"llama.cpp\",\"requests_per_day\":50000,\"input_tokens\":1000,"
                       "\"output_tokens\":300}";
    properties("llama.cpp's formats", gguf, &loose, 0, 0);
    const char *gptfast = "{\"model\":\"llama-3-8b\",\"engine\":\"gpt-fast\",\"requests_per_day\":50000,\"input_tokens\":1000,"
                          "\"output_tokens\":300}";
    properties("gpt-fast's formats", gptfast, &loose, 0, 0);
    /* An fp8 checkpoint under llama.cpp: auto would keep fp8, which llama.cpp does not run, so only its own
     * q8_0 and q4_k_m setups are candidates; with fp8 asked for, the query's precision is kept as given. */
    const char *fp8ckpt = "{\"config\":{\"model_type\":\"llama\",\"hidden_size\":4096,\"intermediate_size\":14336,"
                          "\"num_hidden_layers\":32,\"num_attention_heads\":32,\"num_key_value_heads\":8,\"vocab_size\":128256,"
                          "\"max_position_embeddings\":8192,\"torch_dtype\":\"bfloat16\",\"quantization_config\":{\"quant_method\":\"fp8\"}},"
                          "\"engine\":\"llama.cpp\",\"requests_per_day\":50000,\"input_tokens\":1000,\"output_tokens\":300}";
    properties("an fp8 checkpoint under llama.cpp", fp8ckpt, &loose, 0, 0);
    {
        rl_plan_summary ps;
        rl_error pe;
        CHECK(rl_plan(fp8ckpt, strlen(fp8ckpt), NULL, 0, &loose, &work, found, sizeof found / sizeof found[0], &ps, &pe) == RL_OK,
              "fp8 checkpoint: %s", pe.message);
        size_t q8 = 0, fp8 = 0;
        for (size_t i = 0; i < ps.count; i++) {
            q8 += strcmp(found[i].precision, "q8_0") == 0;
            fp8 += strcmp(found[i].precision, "fp8") == 0;
        }
        CHECK(q8 > 0 && fp8 == 0, "fp8 checkpoint under llama.cpp: %zu q8_0 candidates, %zu fp8 ones", q8, fp8);
        /* Every GPU searched: none the engine has no backend for. With a price for every GPU, Apple's would
         * qualify; under vLLM (no Metal backend) they are left out, under llama.cpp they are candidates, and
         * named in the query they are kept under vLLM too (its analysis then says engine_not_on_gpu). With
         * the engine left to auto, Apple's GPUs are searched under llama.cpp, so they are candidates. */
        char req[512];
        size_t apple[4] = {0};
        rl_plan_query every = {0, 0, 0, NULL, NULL, 0};
        static const char *const mac[] = {"m2-ultra-192g"};
        rl_plan_query named = {0, 0, 0, NULL, mac, 1};
        for (int e = 0; e < 4; e++) {
            snprintf(req, sizeof req,
                     "{\"model\":\"qwen3-8b\",\"requests_per_day\":2000,\"input_tokens\":500,\"output_tokens\":300,"
                     "\"hardware_usd\":4000,\"active_watts\":200,\"idle_watts\":20%s}",
                     e == 1 ? ",\"engine\":\"llama.cpp\"" : e == 3 ? "" : ",\"engine\":\"vllm\"");
            CHECK(rl_plan(req, strlen(req), NULL, 0, e == 2 ? &named : &every, &work, found, sizeof found / sizeof found[0], &ps,
                          &pe) == RL_OK,
                  "priced plan %d: %s", e, pe.message);
            for (size_t i = 0; i < ps.count; i++) apple[e] += strncmp(found[i].gpu, "m2-", 3) == 0 || strncmp(found[i].gpu, "m3-", 3) == 0 ||
                                                             strncmp(found[i].gpu, "m4-", 3) == 0 || strncmp(found[i].gpu, "m1-", 3) == 0;
        }
        CHECK(apple[0] == 0 && apple[1] > 0 && apple[2] > 0 && apple[3] == apple[1],
              "Apple candidates: %zu under vLLM, %zu under llama.cpp, %zu named, %zu with auto", apple[0], apple[1], apple[2], apple[3]);
        rl_plan_query asked = {0, 0, 0, "fp8", gpus, 3};
        CHECK(rl_plan(fp8ckpt, strlen(fp8ckpt), NULL, 0, &asked, &work, found, sizeof found / sizeof found[0], &ps, &pe) == RL_OK &&
                  ps.count > 0 && strcmp(found[0].precision, "fp8") == 0,
              "fp8 asked for: kept as given (%zu candidates)", ps.count);
    }

    scale_out_tests(cli);
    disagg_tests(cli);

    /* The refusals. */
    rl_plan_summary s;
    rl_error err;
    rl_status st = rl_plan("{\"model\":\"llama-3-8b\"}", 22, NULL, 0, &q, &work, found, 16, &s, &err);
    CHECK(st == RL_E_USAGE && strcmp(err.field, "requests_per_day") == 0, "no workload: %d %s", st, err.field);
    const char *dup = "{\"model\":\"llama-3-8b\",\"requests_per_day\":1,\"input_tokens\":1,\"output_tokens\":1,\"tp\":2}";
    st = rl_plan(dup, strlen(dup), NULL, 0, &q, &work, found, 16, &s, &err);
    CHECK(st == RL_E_DUPLICATE_KEY && strcmp(err.field, "tp") == 0, "a searched key: %d %s", st, err.field);
    rl_plan_query bad = {-1, 0, 0, NULL, NULL, 0};
    st = rl_plan(base, strlen(base), NULL, 0, &bad, &work, found, 16, &s, &err);
    CHECK(st == RL_E_RANGE && strcmp(err.field, "max_ttft_ms") == 0, "a negative target: %d %s", st, err.field);
    st = rl_plan("[1]", 3, NULL, 0, &q, &work, found, 16, &s, &err);
    CHECK(st == RL_E_JSON_SYNTAX && strcmp(err.field, "plan") == 0, "not an object: %d %s", st, err.field);
    rl_plan_query none = {0, 1e9, 0, NULL, gpus, 1};
    st = rl_plan(base, strlen(base), NULL, 0, &none, &work, found, 16, &s, &err);
    CHECK(st == RL_OK && s.count == 0 && s.found == 0 && s.searched == 48 && s.fit > 0 && s.best_tokens_per_s_user > 0,
          "an impossible speed: no candidate, and what was seen");
    /* A small output keeps the first found and counts the rest. */
    st = rl_plan(base, strlen(base), NULL, 0, &r, &work, found, 2, &s, &err);
    CHECK(st == RL_OK && s.count == 2 && s.found > 2, "a full output counts what it could not keep");

    /* The targets are bounds, inclusive: a target set exactly to a candidate's TTFT (its speed) keeps that
     * candidate at the same batch; one a hair tighter drops it (its speed: keeps its setup only at a smaller batch). */
    {
        static rl_plan_candidate free_run[2 * RL_PLAN_MAX_SETUPS], bound_run[2 * RL_PLAN_MAX_SETUPS];
        rl_plan_query open_q = {0, 0, 0, "fp8", gpus, 3};
        rl_plan_summary s0, s1;
        st = rl_plan(busy_base, strlen(busy_base), NULL, 0, &open_q, &work, free_run, sizeof free_run / sizeof free_run[0],
                     &s0, &err);
        CHECK(st == RL_OK && s0.count > 2, "the open search");
        for (size_t pick = 0; st == RL_OK && pick < s0.count; pick += s0.count / 3 + 1) {
            const rl_plan_candidate *c0 = &free_run[pick];
            for (int speed_target = 0; speed_target <= 1; speed_target++)
                for (int tighter = 0; tighter <= 1; tighter++) {
                    rl_plan_query b = open_q;
                    double edge = speed_target ? c0->tokens_per_s_user : c0->ttft_ms;
                    if (tighter) edge = nextafter(edge, speed_target ? 1e300 : 0.0);
                    if (speed_target) b.min_tokens_per_s_user = edge;
                    else b.max_ttft_ms = edge;
                    st = rl_plan(busy_base, strlen(busy_base), NULL, 0, &b, &work, bound_run,
                                 sizeof bound_run / sizeof bound_run[0], &s1, &err);
                    int kept = 0;
                    for (size_t i = 0; st == RL_OK && i < s1.count; i++) {
                        const rl_plan_candidate *c = &bound_run[i];
                        if (strcmp(c->gpu, c0->gpu) == 0 && c->tp == c0->tp && c->pp == c0->pp && c->option == c0->option &&
                            strcmp(c->precision, c0->precision) == 0)
                            kept = c->batch == c0->batch ? 2 : 1;
                    }
                    /* Equal: kept at its batch. Tighter TTFT: the setup is out (TTFT does not depend on the batch).
                     * Tighter speed: not at its batch; at a smaller one if any, so out when it was batch 1. */
                    int want_ok = !tighter ? kept == 2 : !speed_target ? kept == 0 : c0->batch == 1 ? kept == 0 : kept != 2;
                    CHECK(st == RL_OK && want_ok,
                          "candidate %zu (%s tp %lld pp %lld batch %lld) under a %s target %s its own: %s", pick, c0->gpu,
                          (long long)c0->tp, (long long)c0->pp, (long long)c0->batch, speed_target ? "speed" : "TTFT",
                          tighter ? "a hair tighter than" : "equal to", kept == 2 ? "kept at its batch" : kept ? "kept at another batch" : "dropped");
                }
        }
    }

    /* Busy traffic: 5 million requests a day keep a hundred and more in flight, so the best batches spread from 2
     * to the hundreds, stopped by the memory (t4), the speed target or the traffic; and 300000 a day on l4 and
     * h100-sxm without a target. */
    const char *busy = busy_base;
    static const char *const three[] = {"t4", "l40s", "h100-sxm"};
    rl_plan_query busy_q = {0, 20, 0, NULL, three, 3};
    properties("busy traffic, 20 tokens/s per user", busy, &busy_q, 0, 0);
    const char *mid = "{\"model\":\"llama-3-8b\",\"requests_per_day\":300000,\"input_tokens\":1000,\"output_tokens\":300}";
    static const char *const two[] = {"l4", "h100-sxm"};
    rl_plan_query mid_q = {0, 0, 0, NULL, two, 2};
    properties("300000 requests a day", mid, &mid_q, 0, 0);

    /* A tiny model at the most traffic a request may give (1e12 requests/day, one token in and out): the engine's
     * budget holds over a million requests (smollm2-135m's KV is 23040 bytes per token, and each request's logits
     * take 49152 x 4 bytes; a B300's vLLM pool of 0.9 x 268.6 GiB, at tp 8 x pp 3 or 4), so the best batch stops
     * at RL_MAX_BATCH, the largest batch a request may give. The B300 has no cloud price preset: one is given. */
    const char *flood = "{\"model\":\"smollm2-135m\",\"requests_per_day\":1000000000000,\"input_tokens\":1,"
                        "\"output_tokens\":1,\"cloud_usd_hour\":3}";
    static const char *const b300[] = {"b300"};
    rl_plan_query big_q = {0, 0, 0, "auto", b300, 1};
    properties("a tiny model at 1e12 requests a day", flood, &big_q, 0, 0);
    st = rl_plan(flood, strlen(flood), NULL, 0, &big_q, &work, found, sizeof found / sizeof found[0], &s, &err);
    int at_cap = 0;
    for (size_t i = 0; st == RL_OK && i < s.count; i++) at_cap += found[i].batch == RL_MAX_BATCH;
    CHECK(st == RL_OK && at_cap > 0, "some setup's best batch is RL_MAX_BATCH (%d)", at_cap);

    /* Tight fits allowed where the engine's budget holds no request: Llama-3.1-8B with 61,000 tokens of context
     * on one L4 (7.45 GiB of KV per request where vLLM's budget leaves 5.58, the cost vector
     * cost-tight-no-engine-floor-basis). That setup is a candidate on the floor's basis, up to the floor's max
     * batch; without allow_tight it is not one. Every other candidate is at a batch its engine runs. The L4 has
     * no cloud price preset: one is given. */
    const char *long_ctx = "{\"model\":\"llama-3.1-8b\",\"requests_per_day\":1000,\"input_tokens\":2000,"
                           "\"output_tokens\":59000,\"cloud_usd_hour\":0.8}";
    static const char *const l4[] = {"l4"};
    rl_plan_query tight_q = {0, 0, 1, "auto", l4, 1}, strict_q = {0, 0, 0, "auto", l4, 1};
    properties("a long context, tight allowed", long_ctx, &tight_q, 0, 1);
    properties("a long context, tight not allowed", long_ctx, &strict_q, 0, 0);

    /* Every GPU with no target, auto only: the GPUs without a sourced TFLOPS figure qualify too (their TTFT is the
     * launch plus the floor's prefill), and the fronts mix them in. */
    rl_plan_query all = {0, 0, 0, "auto", NULL, 0};
    properties("every GPU, auto, no target", base, &all, 0, 0);

    /* More GPUs than RL_PLAN_MAX_GPUS: only the first 64 are searched (16 setups each at one precision). */
    static const char *many[RL_PLAN_MAX_GPUS + 1];
    for (size_t i = 0; i < RL_PLAN_MAX_GPUS + 1; i++) many[i] = "t4";
    rl_plan_query crowd = {0, 1e9, 0, "fp8", many, RL_PLAN_MAX_GPUS + 1};
    st = rl_plan(base, strlen(base), NULL, 0, &crowd, &work, found, 16, &s, &err);
    CHECK(st == RL_OK && s.searched == RL_PLAN_MAX_GPUS * 16 && s.count == 0, "65 GPUs: %d, %ld searched", st,
          s.searched);
    /* gpu_count 0 with a list: every preset, as with no list (62 presets today: each searched 16 times). */
    rl_plan_query empty = {0, 1e9, 0, "fp8", gpus, 0};
    st = rl_plan(base, strlen(base), NULL, 0, &empty, &work, found, 16, &s, &err);
    CHECK(st == RL_OK && s.searched == (long)rl_preset_count(RL_PRESET_GPU) * 16, "no GPU listed: %ld searched", s.searched);

    /* The other refusals, each naming its field; a refused plan searches nothing. */
    rl_plan_query slow = {0, -1, 0, NULL, NULL, 0};
    st = rl_plan(base, strlen(base), NULL, 0, &slow, &work, found, 16, &s, &err);
    CHECK(st == RL_E_RANGE && strcmp(err.field, "min_tokens_per_s_user") == 0 && s.searched == 0, "a negative speed: %d %s",
          st, err.field);
    rl_plan_query nan_q = {0, 0, 0, NULL, NULL, 0};
    nan_q.max_ttft_ms = strtod("nan", NULL);
    st = rl_plan(base, strlen(base), NULL, 0, &nan_q, &work, found, 16, &s, &err);
    CHECK(st == RL_E_RANGE && strcmp(err.field, "max_ttft_ms") == 0, "a non-finite TTFT target: %d %s", st, err.field);
    nan_q.max_ttft_ms = strtod("inf", NULL);
    st = rl_plan(base, strlen(base), NULL, 0, &nan_q, &work, found, 16, &s, &err);
    CHECK(st == RL_E_RANGE && strcmp(err.field, "max_ttft_ms") == 0, "an infinite TTFT target: %d %s", st, err.field);
    nan_q.max_ttft_ms = 0;
    nan_q.min_tokens_per_s_user = strtod("inf", NULL);
    st = rl_plan(base, strlen(base), NULL, 0, &nan_q, &work, found, 16, &s, &err);
    CHECK(st == RL_E_RANGE && strcmp(err.field, "min_tokens_per_s_user") == 0, "an infinite speed target: %d %s", st,
          err.field);
    st = rl_plan(NULL, 0, NULL, 0, &q, &work, found, 16, &s, &err);
    CHECK(st == RL_E_NULL, "no request: %d", st);
    st = rl_plan(base, strlen(base), NULL, 0, NULL, &work, found, 16, &s, &err);
    CHECK(st == RL_E_NULL, "no query: %d", st);
    st = rl_plan(base, strlen(base), NULL, 0, &q, NULL, found, 16, &s, &err);
    CHECK(st == RL_E_NULL, "no work area: %d", st);
    st = rl_plan(base, strlen(base), NULL, 0, &q, &work, found, 16, NULL, &err);
    CHECK(st == RL_E_NULL, "no summary: %d", st);
    st = rl_plan(base, strlen(base), NULL, 0, &q, &work, NULL, 1, &s, &err);
    CHECK(st == RL_E_NULL, "no output with room: %d", st);
    st = rl_plan(base, strlen(base), NULL, 0, &none, &work, NULL, 0, &s, &err);
    CHECK(st == RL_OK && s.count == 0 && s.searched == 48, "no output and no room: counts only (%d)", st);
    st = rl_plan("{", 1, NULL, 0, &q, &work, found, 16, &s, &err);
    CHECK(st == RL_E_TOO_LARGE && strcmp(err.field, "plan") == 0, "one character: %d %s", st, err.field);
    /* "{}" is two characters: the setup's keys follow with no comma (not a syntax error), and the missing model is
     * the refusal. */
    st = rl_plan("{}", 2, NULL, 0, &q, &work, found, 16, &s, &err);
    CHECK(st == RL_E_JSON_MISSING && strcmp(err.field, "model") == 0, "an empty object: %d %s", st, err.field);
    st = rl_plan("x}", 2, NULL, 0, &q, &work, found, 16, &s, &err);
    CHECK(st == RL_E_JSON_SYNTAX && strcmp(err.field, "plan") == 0, "no opening brace: %d %s", st, err.field);
    st = rl_plan("{\"model\":1", 10, NULL, 0, &q, &work, found, 16, &s, &err);
    CHECK(st == RL_E_JSON_SYNTAX && strcmp(err.field, "plan") == 0, "no closing brace: %d %s", st, err.field);
    /* The longest base request with room for the setup's keys (200 bytes) is accepted, one byte more is not. */
    static char big[sizeof work.request];
    size_t room = sizeof work.request - 201; /* len + 200 < sizeof request */
    for (size_t pad = 0; pad < 2; pad++) {
        size_t n = room + pad;
        int head = snprintf(big, sizeof big, "{\"model\":\"llama-3-8b\",\"requests_per_day\":50000,\"input_tokens\":1000,"
                                             "\"output_tokens\":300,\"comment_pad\":\"");
        memset(big + head, 'x', n - (size_t)head - 2);
        big[n - 2] = '"';
        big[n - 1] = '}';
        big[n] = '\0';
        st = rl_plan(big, n, NULL, 0, &none, &work, found, 16, &s, &err);
        if (pad == 0)
            CHECK(st != RL_E_TOO_LARGE, "a base request of %zu bytes has room: %d", n, st);
        else
            CHECK(st == RL_E_TOO_LARGE && strcmp(err.field, "plan") == 0, "a base request of %zu bytes has no room: %d", n,
                  st);
    }
    /* The probe's own errors are the request's: an unknown GPU, named. */
    static const char *const nowhere[] = {"no-such-gpu"};
    rl_plan_query lost = {0, 0, 0, NULL, nowhere, 1};
    st = rl_plan(base, strlen(base), NULL, 0, &lost, &work, found, 16, &s, &err);
    CHECK(st == RL_E_UNKNOWN_PRESET && strcmp(err.field, "gpu") == 0, "an unknown GPU: %d %s", st, err.field);
    /* A GPU id too long for a setup's request, after a good first one (the probe runs the first only): its setups
     * are searched and give nothing; the first GPU's candidates stand. */
    static char long_id[sizeof work.request];
    memset(long_id, 'x', sizeof long_id - 1);
    long_id[sizeof long_id - 1] = '\0';
    const char *with_long[] = {"h100-sxm", long_id};
    rl_plan_query longq = {0, 0, 0, "fp8", with_long, 2};
    st = rl_plan(base, strlen(base), NULL, 0, &longq, &work, found, sizeof found / sizeof found[0], &s, &err);
    int only_h100 = st == RL_OK && s.count > 0;
    for (size_t i = 0; only_h100 && i < s.count; i++) only_h100 = strcmp(found[i].gpu, "h100-sxm") == 0;
    CHECK(only_h100 && s.searched == 32, "a GPU id too long: searched, nothing kept (%d, %ld)", st, s.searched);
    const char *long_first[] = {long_id};
    longq.gpus = long_first;
    longq.gpu_count = 1;
    st = rl_plan(base, strlen(base), NULL, 0, &longq, &work, found, 16, &s, &err);
    CHECK(st == RL_E_TOO_LARGE && strcmp(err.field, "plan") == 0, "the first GPU id too long: %d %s", st, err.field);

    /* A base request that offloads (gpu_layers with the host RAM): the probe runs at tp 1, pp 1, where offload is
     * allowed, so the plan searches; the setups over more GPUs are refused one by one, and only tp 1, pp 1
     * candidates come out. */
    const char *offload = "{\"model\":\"llama-3-8b\",\"requests_per_day\":50000,\"input_tokens\":1000,"
                          "\"output_tokens\":300,\"gpu_layers\":20,\"ram_gib\":64,\"host_memory\":\"ddr5-5600-2ch\"}";
    static const char *const rtx[] = {"rtx-4090"};
    rl_plan_query offq = {0, 0, 0, "fp16", rtx, 1};
    st = rl_plan(offload, strlen(offload), NULL, 0, &offq, &work, found, sizeof found / sizeof found[0], &s, &err);
    int one_gpu = st == RL_OK && s.searched == 16 && s.fit == 1;
    for (size_t i = 0; one_gpu && i < s.count; i++) one_gpu = found[i].tp == 1 && found[i].pp == 1;
    CHECK(one_gpu, "an offloading base: searched, only tp 1 pp 1 fits (%d, %ld searched, %ld fit, %zu found)", st,
          s.searched, s.fit, s.count);

    /* A model the core does not model is no error: it gives no candidate. */
    const char *nemotron = "{\"model_type\":\"nemotron_h\",\"hidden_size\":4096,\"num_hidden_layers\":52,"
                           "\"num_attention_heads\":32,\"num_key_value_heads\":8,\"intermediate_size\":21504,"
                           "\"vocab_size\":131072,\"hybrid_override_pattern\":\"M-M-M-MM-M-M-M*-M-M-M*-M-M-M-M*-M-M-M-M*-"
                           "M-MM-M-M-M-M-M-\",\"mamba_num_heads\":128,\"mamba_head_dim\":64,\"ssm_state_size\":128}";
    const char *wl_only = "{\"requests_per_day\":50000,\"input_tokens\":1000,\"output_tokens\":300}";
    st = rl_plan(wl_only, strlen(wl_only), nemotron, strlen(nemotron), &r, &work, found, 16, &s, &err);
    CHECK(st == RL_OK && s.count == 0 && s.fit == 0 && s.searched == 48, "an unsupported model: %d, %zu", st, s.count);
    /* A parameters-only request is an estimate, never a candidate, and needs no workload. */
    const char *params = "{\"params\":\"8B\"}";
    st = rl_plan(params, strlen(params), NULL, 0, &r, &work, found, 16, &s, &err);
    CHECK(st == RL_OK && s.count == 0 && s.fit == 0 && s.searched == 48, "an estimate: %d %s", st, err.field);

    /* rl_plan_run_json: the plan's JSON, or the error's with its status. */
    rl_status rst = RL_E_NULL;
    size_t len = rl_plan_run_json(base, strlen(base), NULL, 0, &r, 2, &work, found, sizeof found / sizeof found[0], text,
                                  sizeof text, &rst);
    cJSON *doc = cJSON_Parse(text);
    const cJSON *plan = cJSON_GetObjectItemCaseSensitive(doc, "plan");
    CHECK(rst == RL_OK && len == strlen(text) && plan != NULL &&
              cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(plan, "candidates")) == 4 && num(plan, "searched") == 48,
          "rl_plan_run_json: the two cheapest of each option");
    cJSON_Delete(doc);
    len = rl_plan_run_json("{}", 2, NULL, 0, &r, 2, &work, found, 16, text, sizeof text, &rst);
    doc = cJSON_Parse(text);
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(doc, "error");
    CHECK(rst == RL_E_JSON_MISSING && len == strlen(text) && strcmp(str(e, "field"), "model") == 0,
          "rl_plan_run_json: the error's JSON (%d)", rst);
    cJSON_Delete(doc);
    len = rl_plan_run_json("{}", 2, NULL, 0, &r, 2, &work, found, 16, text, sizeof text, NULL);
    CHECK(len == strlen(text), "rl_plan_run_json without a status");

    if (failures) fprintf(stderr, "%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
