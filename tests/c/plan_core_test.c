/* The core's planner (rl_plan) and the CLI's --plan agree: the same
 * candidates in the same order with the same figures, bit for bit, the same
 * Pareto fronts, and rl_plan_json (what the page reads through rlw_plan)
 * carries them too. Plus rl_plan's refusals. Usage: rl_plan_core_test ROOFLINE_LINT */
#define _POSIX_C_SOURCE 200809L /* popen */
#include "roofline.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
#define CHECK(cond, ...)                                                                                              \
    do {                                                                                                              \
        if (!(cond)) {                                                                                                \
            failures++;                                                                                               \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                                      \
            fprintf(stderr, __VA_ARGS__);                                                                             \
            fputc('\n', stderr);                                                                                      \
        }                                                                                                             \
    } while (0)

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

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: rl_plan_core_test ROOFLINE_LINT\n");
        return 2;
    }
    const char *cli = argv[1];
    const char *base = "{\"model\":\"llama-3-8b\",\"requests_per_day\":50000,\"input_tokens\":1000,\"output_tokens\":300}";
    const char *wl = "--model llama-3-8b --requests-per-day 50000 --input-tokens 1000 --output-tokens 300";
    char args[512];

    rl_plan_query q = {400, 25, 0, NULL, NULL, 0};
    snprintf(args, sizeof args, "%s --max-ttft-ms 400 --min-tokens-per-s-user 25", wl);
    agree(cli, "every GPU, both targets", args, base, &q);

    static const char *const gpus[] = {"t4", "rtx-3090", "h100-sxm"};
    rl_plan_query r = {0, 0, 1, "fp8", gpus, 3};
    snprintf(args, sizeof args, "%s --gpus t4,rtx-3090,h100-sxm --precision fp8 --allow-tight", wl);
    agree(cli, "three GPUs, fp8, tight allowed", args, base, &r);

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

    if (failures) fprintf(stderr, "%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
