/* roofline-lint --plan: the cheapest setups that serve a workload
 * within service-level targets.
 *
 * It searches GPU presets × tp {1, 2, 4, 8} (one node) × pp {1..4} (nodes) ×
 * weight precision × batch, keeps the setups that fit (not tight, unless
 * --allow-tight) and meet --max-ttft-ms and --min-tokens-per-s-user, and ranks
 * them by $ per million output tokens, buying and renting apart.
 *
 * Every figure is a plain run of that setup's request through rl_run_request,
 * so a candidate is exactly what `roofline-lint` says of it alone. The batch
 * is not sampled: for a setup the cost per token falls as the batch grows (the
 * weights are read once per step for the whole batch) while the per-user speed
 * falls and the memory fills, so the best batch is the largest one that fits
 * and meets the speed target, and both tests only turn false as the batch
 * grows, and no larger than the requests the traffic keeps in flight. A
 * bisection over 1..max batch finds it, so no batch is skipped.
 * The time to first token does not depend on the batch. Times are the
 * roofline floor until the realistic estimate lands (basis "floor"). */
#include "plan.h"

#include "flags.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_ARGS = 256, MAX_GPUS = 64, MAX_CANDIDATES = 20000 };

typedef struct plan_opts {
    double max_ttft_ms;          /* 0 = no target */
    double min_tokens_per_s_user;/* 0 = no target */
    int allow_tight, json;
    int top;                     /* candidates shown per option, --top N (default 10) */
    const char *gpus[MAX_GPUS];
    int gpu_count;
} plan_opts;

typedef struct candidate {
    char gpu[64];
    int64_t gpus, tp, pp, batch;
    char precision[8], kv_precision[8];
    double ttft_ms, tokens_per_s_user, monthly_usd, usd_per_mtok_out;
    int option; /* 0 buy, 1 cloud */
} candidate;

static candidate found[MAX_CANDIDATES];
static int found_count;
static long searched;

static const char *const OPTION[2] = {"buy", "cloud"};
static const char *const PRECISIONS[] = {"auto", "fp8", "int4"};

static int usage(const char *field, const char *msg, int json) {
    if (json) printf("{\"error\":{\"code\":\"usage\",\"status\":%d,\"field\":\"%s\",\"message\":\"%s\"}}\n", RL_E_USAGE, field, msg);
    else fprintf(stderr, "roofline-lint --plan: %s: %s\n", field, msg);
    return 2;
}

/* The rows the plan searches: a flag for one of them would fix what it varies. */
static int searched_row(const char *key) {
    return strcmp(key, "gpu") == 0 || strcmp(key, "tp") == 0 || strcmp(key, "pp") == 0 || strcmp(key, "batch") == 0 ||
           strcmp(key, "precision") == 0 || strcmp(key, "seq") == 0 || strncmp(key, "gpu.", 4) == 0 ||
           strcmp(key, "micro_batches") == 0;
}

/* One setup's run: the base request (workload, model, prices) plus the setup. */
static const rl_run *run_setup(const char *base, const char *gpu, int64_t tp, int64_t pp, const char *precision,
                               int64_t batch) {
    static char request[RL_REQUEST_MAX_BYTES];
    static rl_run r;
    size_t n = strlen(base);
    if (n < 2 || n + 200 >= sizeof request) return NULL;
    snprintf(request, sizeof request, "%.*s%s\"gpu\":\"%s\",\"tp\":%lld,\"pp\":%lld,\"precision\":\"%s\",\"batch\":%lld}",
             (int)(n - 1), base, n > 2 ? "," : "", gpu, (long long)tp, (long long)pp, precision, (long long)batch);
    rl_run_request(request, strlen(request), NULL, 0, &r);
    return &r;
}

static double ttft_of(const rl_run *r) { return r->deploy.launch_ms + r->cost.prefill_ms; }
static double speed_of(const rl_run *r) { return 1000.0 / r->cost.step_ms; }

/* The requests the traffic keeps in flight (Little's law: arrivals per second
 * × seconds per request). The cost assumes full batches, so a batch larger
 * than the traffic can fill would be a cost no deployment sees. */
static double in_flight(const rl_run *r) {
    double seconds = (r->cost.prefill_ms + (double)r->workload.output_tokens * r->cost.step_ms) / 1000.0;
    return (double)r->workload.requests_per_day / 86400.0 * seconds;
}

/* Fits (not tight unless allowed), has a cost, meets the per-user speed, and
 * the traffic fills the batch. Each test only turns false as the batch grows:
 * memory fills, the step lengthens, and B / (seconds per request) grows since
 * a step's time grows slower than its batch (the weights are read once). */
static int good(const rl_run *r, const plan_opts *o) {
    if (r == NULL || r->status != RL_OK || r->is_estimate || !r->result.fits || !r->cost.present) return 0;
    if (r->result.verdict == RL_TIGHT && !o->allow_tight) return 0;
    if (r->deploy.batch > 1 && (double)r->deploy.batch > in_flight(r)) return 0;
    return o->min_tokens_per_s_user <= 0 || speed_of(r) >= o->min_tokens_per_s_user;
}

static void keep(const rl_run *r, int option, double monthly, double per_mtok) {
    if (found_count >= MAX_CANDIDATES) return;
    candidate *c = &found[found_count++];
    snprintf(c->gpu, sizeof c->gpu, "%s", r->gpu.name);
    c->tp = r->deploy.tp;
    c->pp = r->deploy.pp;
    c->gpus = c->tp * c->pp;
    c->batch = r->deploy.batch;
    snprintf(c->precision, sizeof c->precision, "%s", rl_precision_name(r->result.weight_precision));
    snprintf(c->kv_precision, sizeof c->kv_precision, "%s", rl_precision_name(r->result.kv_precision));
    c->ttft_ms = ttft_of(r);
    c->tokens_per_s_user = speed_of(r);
    c->monthly_usd = monthly;
    c->usd_per_mtok_out = per_mtok;
    c->option = option;
}

static void search_setup(const char *base, const char *gpu, int64_t tp, int64_t pp, const char *precision,
                         const plan_opts *o) {
    searched++;
    const rl_run *r = run_setup(base, gpu, tp, pp, precision, 1);
    if (!good(r, o)) return;
    if (o->max_ttft_ms > 0 && (r->gpu.tflops_unknown || ttft_of(r) > o->max_ttft_ms)) return; /* no TTFT without TFLOPS */
    int64_t lo = 1, hi = o->allow_tight ? r->result.max_batch : r->result.max_batch_realistic;
    if (hi > RL_MAX_BATCH) hi = RL_MAX_BATCH;
    while (lo < hi) { /* the largest batch that is still good */
        int64_t mid = lo + (hi - lo + 1) / 2;
        if (good(run_setup(base, gpu, tp, pp, precision, mid), o)) lo = mid;
        else hi = mid - 1;
    }
    r = run_setup(base, gpu, tp, pp, precision, lo);
    if (!good(r, o)) return;
    if (r->cost.has_buy) keep(r, 0, r->cost.buy_monthly_usd, r->cost.buy_usd_per_mtok_out);
    if (r->cost.has_cloud) keep(r, 1, r->cost.cloud_monthly_usd, r->cost.cloud_usd_per_mtok_out);
}

static int by_cost(const void *a, const void *b) {
    const candidate *x = a, *y = b;
    if (x->usd_per_mtok_out != y->usd_per_mtok_out) return x->usd_per_mtok_out < y->usd_per_mtok_out ? -1 : 1;
    if (x->tokens_per_s_user != y->tokens_per_s_user) return x->tokens_per_s_user > y->tokens_per_s_user ? -1 : 1;
    return strcmp(x->gpu, y->gpu);
}

/* The page link of a candidate: the setup's keys plus the base's workload. */
static void link_of(const candidate *c, const rl_cli_args *a, char *buf, size_t cap) {
    const char *model = NULL;
    for (size_t i = 0; i < rl_field_count(); i++)
        if (strcmp(rl_field_at(i)->key, "model") == 0) model = a->value[i];
    int n = snprintf(buf, cap, "?m=%s&g=%s&p=%s&b=%lld&tp=%lld&pp=%lld", model ? model : "", c->gpu, c->precision,
                     (long long)c->batch, (long long)c->tp, (long long)c->pp);
    for (size_t i = 0; i < rl_field_count() && n >= 0 && (size_t)n < cap; i++) {
        const rl_field *f = rl_field_at(i);
        if (f->target == RL_TARGET_WORKLOAD && a->value[i] && f->url)
            n += snprintf(buf + n, cap - (size_t)n, "&%s=%s", f->url, a->value[i]);
    }
}

static void print_candidate_json(const candidate *c, const rl_cli_args *a, int first) {
    char link[1024];
    link_of(c, a, link, sizeof link);
    printf("%s{\"gpu\":\"%s\",\"gpus\":%lld,\"tp\":%lld,\"pp\":%lld,\"precision\":\"%s\",\"kv_precision\":\"%s\",\"batch\":%lld,"
           "\"ttft_ms\":%.17g,\"tokens_per_s_user\":%.17g,\"option\":\"%s\",\"monthly_usd\":%.17g,\"usd_per_mtok_out\":%.17g,"
           "\"link\":\"%s\"}",
           first ? "" : ",", c->gpu, (long long)c->gpus, (long long)c->tp, (long long)c->pp, c->precision, c->kv_precision,
           (long long)c->batch, c->ttft_ms, c->tokens_per_s_user, OPTION[c->option], c->monthly_usd, c->usd_per_mtok_out,
           link);
}

/* Pareto front of one option: sorted by cost, each kept point is faster per user than every cheaper one. */
static void print_pareto(int option, const rl_cli_args *a, int json, int *first) {
    double best = -1.0;
    for (int i = 0; i < found_count; i++) {
        const candidate *c = &found[i];
        if (c->option != option || !(c->tokens_per_s_user > best)) continue;
        best = c->tokens_per_s_user;
        if (json) {
            print_candidate_json(c, a, *first);
            *first = 0;
        } else {
            printf("  %-6s %-16s %2lld GPU(s) tp %lld pp %lld %-5s batch %-5lld $%.4g/Mtok out, %.4g tokens/s per user\n",
                   OPTION[option], c->gpu, (long long)c->gpus, (long long)c->tp, (long long)c->pp, c->precision,
                   (long long)c->batch, c->usd_per_mtok_out, c->tokens_per_s_user);
        }
    }
}

int rl_plan_main(int argc, char **argv) {
    static plan_opts o;
    static char *rest[MAX_ARGS];
    static char gpu_list[4096];
    int restc = 0;
    for (int i = 0; i < argc && i < MAX_ARGS; i++) o.json |= strcmp(argv[i], "--json") == 0;
    if (argc >= MAX_ARGS) return usage("--plan", "too many arguments", o.json);
    rest[restc++] = argv[0];
    for (int i = 1; i < argc; i++) {
        const char *f = argv[i];
        int takes = strcmp(f, "--max-ttft-ms") == 0 || strcmp(f, "--min-tokens-per-s-user") == 0 || strcmp(f, "--gpus") == 0 ||
                    strcmp(f, "--top") == 0;
        if (takes && i + 1 >= argc) return usage(f, "needs a value", o.json);
        if (strcmp(f, "--max-ttft-ms") == 0) o.max_ttft_ms = atof(argv[++i]);
        else if (strcmp(f, "--min-tokens-per-s-user") == 0) o.min_tokens_per_s_user = atof(argv[++i]);
        else if (strcmp(f, "--gpus") == 0) snprintf(gpu_list, sizeof gpu_list, "%s", argv[++i]);
        else if (strcmp(f, "--top") == 0) o.top = atoi(argv[++i]);
        else if (strcmp(f, "--allow-tight") == 0) o.allow_tight = 1;
        else rest[restc++] = argv[i];
    }
    if (o.top <= 0) o.top = 10;
    if (o.max_ttft_ms < 0 || o.min_tokens_per_s_user < 0)
        return usage("--max-ttft-ms", "targets must be positive numbers", o.json);

    static rl_cli_args a;
    rl_error err;
    if (rl_cli_parse(restc, rest, &a, &err) != RL_OK) return usage(err.field, err.message, o.json);
    const char *precision = NULL;
    int has_workload = 0;
    for (size_t i = 0; i < rl_field_count(); i++) {
        const rl_field *f = rl_field_at(i);
        if (a.value[i] == NULL) continue;
        if (strcmp(f->key, "precision") == 0) {
            precision = a.value[i]; /* restricts the search to this precision */
            a.value[i] = NULL;
        } else if (searched_row(f->key)) {
            return usage(f->flag, "--plan searches it (restrict the GPUs with --gpus A,B and the precision with --precision)", o.json);
        }
        if (strcmp(f->key, "requests_per_day") == 0) has_workload = 1;
    }
    if (!has_workload)
        return usage("--requests-per-day", "--plan needs a workload: --requests-per-day, --input-tokens, --output-tokens", o.json);
    static char base[RL_REQUEST_MAX_BYTES];
    if (rl_cli_request(&a, base, sizeof base, &err) == 0) return usage(err.field, err.message, o.json);

    if (gpu_list[0]) {
        for (char *t = strtok(gpu_list, ","); t && o.gpu_count < MAX_GPUS; t = strtok(NULL, ",")) o.gpus[o.gpu_count++] = t;
    } else {
        for (size_t i = 0; i < rl_preset_count(RL_PRESET_GPU) && o.gpu_count < MAX_GPUS; i++)
            o.gpus[o.gpu_count++] = rl_preset_id(RL_PRESET_GPU, i);
    }
    /* A request error that is not about the setup (a bad workload, an unknown
     * model or GPU) is the user's: say it once instead of searching. */
    const rl_run *probe = run_setup(base, o.gpus[0], 1, 1, precision ? precision : "auto", 1);
    if (probe == NULL) return usage("--plan", "the request is too long", o.json);
    if (probe->status != RL_OK && probe->status != RL_E_UNSUPPORTED) return usage(probe->error.field, probe->error.message, o.json);

    static const int64_t TP[] = {1, 2, 4, 8}, PP[] = {1, 2, 3, 4};
    for (int g = 0; g < o.gpu_count; g++)
        for (size_t t = 0; t < sizeof TP / sizeof TP[0]; t++)
            for (size_t p = 0; p < sizeof PP / sizeof PP[0]; p++)
                for (size_t q = 0; q < (precision ? 1 : sizeof PRECISIONS / sizeof PRECISIONS[0]); q++)
                    search_setup(base, o.gpus[g], TP[t], PP[p], precision ? precision : PRECISIONS[q], &o);
    qsort(found, (size_t)found_count, sizeof found[0], by_cost);

    if (o.json) {
        printf("{\"plan\":{\"basis\":\"floor\",\"searched\":%ld,\"targets\":{\"max_ttft_ms\":%.17g,\"min_tokens_per_s_user\":%.17g},"
               "\"candidates\":[",
               searched, o.max_ttft_ms, o.min_tokens_per_s_user);
        int first = 1;
        for (int option = 0; option < 2; option++) {
            int shown = 0;
            for (int i = 0; i < found_count && shown < o.top; i++)
                if (found[i].option == option) {
                    print_candidate_json(&found[i], &a, first);
                    first = 0;
                    shown++;
                }
        }
        printf("],\"pareto\":[");
        first = 1;
        print_pareto(0, &a, 1, &first);
        print_pareto(1, &a, 1, &first);
        printf("]}}\n");
    } else {
        printf("Plan: %ld setups searched (GPU presets x tp 1,2,4,8 x pp 1-4 x precision, each at its best batch), on the "
               "roofline floor\n", searched);
        for (int option = 0; option < 2; option++) {
            printf("\nCheapest to %s, per million output tokens\n", option == 0 ? "buy" : "rent (cloud)");
            int shown = 0;
            for (int i = 0; i < found_count && shown < o.top; i++) {
                const candidate *c = &found[i];
                if (c->option != option) continue;
                char link[1024];
                link_of(c, &a, link, sizeof link);
                printf("  %2d. %-16s %2lld GPU(s) tp %lld pp %lld %-5s batch %-5lld $%.4g/Mtok out, $%.2f/month, TTFT %.4g ms, "
                       "%.4g tokens/s per user  %s\n",
                       ++shown, c->gpu, (long long)c->gpus, (long long)c->tp, (long long)c->pp, c->precision,
                       (long long)c->batch, c->usd_per_mtok_out, c->monthly_usd, c->ttft_ms, c->tokens_per_s_user, link);
            }
            if (shown == 0) printf("  none: no setup with a %s price fits and meets the targets\n", option == 0 ? "purchase" : "cloud");
        }
        printf("\nPareto front (cost against per-user speed)\n");
        int first = 1;
        print_pareto(0, &a, 0, &first);
        print_pareto(1, &a, 0, &first);
    }
    return found_count > 0 ? 0 : 3;
}
