/* roofline-lint --plan: the cheapest setups that serve a workload
 * within service-level targets. The search is the core's (rl_plan in
 * roofline.h, core/src/plan.c), the one the page's Plan view runs too; this
 * file reads the flags, builds the base request and prints the result. */
#include "plan.h"

#include "flags.h"
#include "messages.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_ARGS = 256, MAX_GPUS = RL_PLAN_MAX_GPUS, MAX_CANDIDATES = 2 * RL_PLAN_MAX_SETUPS };

typedef struct plan_opts {
    double max_ttft_ms;          /* 0 = no target */
    double min_tokens_per_s_user;/* 0 = no target */
    int allow_tight, json;
    int top;                     /* candidates shown per option, --top N (default 10) */
    const char *gpus[MAX_GPUS];
    int gpu_count;
} plan_opts;

typedef rl_plan_candidate candidate;

static candidate found[MAX_CANDIDATES];
static int found_count;
static long searched;

static const char *const OPTION[2] = {"buy", "cloud"};

/* An error: `msg` in the JSON (English), `text` on the terminal (--lang's words). */
/* An error: JSON through the core's one writer (its message escaped), else
 * the text in the chosen language. Exit 2 as for any bad input. */
static int error_out(rl_status status, const char *field, const char *msg, const char *text, int json) {
    if (json) {
        rl_error e = {.status = status, .field = "", .message = ""};
        snprintf(e.field, sizeof e.field, "%s", field);
        snprintf(e.message, sizeof e.message, "%s", msg);
        char buf[2048];
        rl_error_json(&e, buf, sizeof buf);
        printf("%s\n", buf);
    } else {
        const char *flag = rl_cli_flag_of(field); /* the flag, as a plain run names it; JSON keeps the key */
        fprintf(stderr, "roofline-lint --plan: %s: %s\n", flag ? flag : field, text);
    }
    return 2;
}

/* The plan's own error: `key` is its message (cli.plan.*). */
static int usage(const char *field, const char *key, int json) {
    return error_out(RL_E_USAGE, field, rl_msg_text_in(RL_LANG_EN, key), rl_msg_text(key), json);
}

/* An error of the flags or the request, with its own code, worded from its code and field as a plain run words it. */
static int request_error(const char *field, const rl_error *err, int json) {
    char text[1024];
    const char *flag = rl_cli_flag_of(field);
    return error_out(err->status, field, err->message, rl_msg_error_after_flag(err, flag ? flag : field, text, sizeof text), json);
}

/* The rows the plan searches: a flag for one of them would fix what it varies. */
static int searched_row(const char *key) {
    return strcmp(key, "gpu") == 0 || strcmp(key, "tp") == 0 || strcmp(key, "pp") == 0 || strcmp(key, "batch") == 0 ||
           strcmp(key, "precision") == 0 || strcmp(key, "seq") == 0 || strncmp(key, "gpu.", 4) == 0 ||
           strcmp(key, "micro_batches") == 0 || strcmp(key, "ep") == 0 || strcmp(key, "dp_attention") == 0 ||
           strcmp(key, "nodes") == 0 || strcmp(key, "gpus_per_node") == 0 || strcmp(key, "prefill_instances") == 0 ||
           strcmp(key, "prefill_tp") == 0 || strcmp(key, "decode_instances") == 0;
}

/* The page link of a candidate: the setup's keys plus the base's workload. */
static void link_of(const candidate *c, const rl_cli_args *a, char *buf, size_t cap) {
    const char *model = NULL;
    for (size_t i = 0; i < rl_field_count(); i++)
        if (strcmp(rl_field_at(i)->key, "model") == 0) model = a->value[i];
    int n = snprintf(buf, cap, "?m=%s&g=%s&p=%s&b=%lld&tp=%lld&pp=%lld", model ? model : "", c->gpu, c->precision,
                     (long long)c->batch, (long long)c->tp, (long long)c->pp);
    /* The scale-out layout under the field table's URL keys (none for a TP-only setup). */
    /* A disaggregated setup's pools too (prefill_tp and the instances, 1 or more), where the table gives them URL keys. */
    const int64_t layout[7] = {c->ep, c->dp_attention, c->nodes, c->nodes > 1 ? 8 : 1, c->prefill_instances, c->prefill_tp,
                               c->decode_instances};
    static const char *const layout_key[7] = {"ep", "dp_attention", "nodes", "gpus_per_node", "prefill_instances", "prefill_tp",
                                              "decode_instances"};
    for (size_t i = 0; i < rl_field_count() && n >= 0 && (size_t)n < cap; i++)
        for (int k = 0; k < 7; k++)
            if ((layout[k] > 1 || (k >= 4 && layout[k] > 0 && c->prefill_instances > 0)) && rl_field_at(i)->url && strcmp(rl_field_at(i)->key, layout_key[k]) == 0)
                n += snprintf(buf + n, cap - (size_t)n, "&%s=%lld", rl_field_at(i)->url, (long long)layout[k]);
    for (size_t i = 0; i < rl_field_count() && n >= 0 && (size_t)n < cap; i++) {
        const rl_field *f = rl_field_at(i);
        if (f->target == RL_TARGET_WORKLOAD && a->value[i] && f->url)
            n += snprintf(buf + n, cap - (size_t)n, "&%s=%s", f->url, a->value[i]);
    }
}

static void print_candidate_json(const candidate *c, const rl_cli_args *a, int first) {
    char link[1024];
    link_of(c, a, link, sizeof link);
    printf("%s{\"gpu\":\"%s\",\"gpus\":%lld,\"tp\":%lld,\"pp\":%lld,\"ep\":%lld,\"dp_attention\":%lld,\"nodes\":%lld,"
           "\"precision\":\"%s\",\"kv_precision\":\"%s\",\"batch\":%lld,"
           "\"ttft_ms\":%.17g,\"tokens_per_s_user\":%.17g,\"tokens_per_s_gpu\":%.17g,\"option\":\"%s\",\"monthly_usd\":%.17g,"
           "\"usd_per_mtok_out\":%.17g,",
           first ? "" : ",", c->gpu, (long long)c->gpus, (long long)c->tp, (long long)c->pp, (long long)c->ep,
           (long long)c->dp_attention, (long long)c->nodes, c->precision, c->kv_precision, (long long)c->batch, c->ttft_ms,
           c->tokens_per_s_user, c->tokens_per_s_gpu, OPTION[c->option], c->monthly_usd, c->usd_per_mtok_out);
    if (c->prefill_instances > 0)
        printf("\"prefill_instances\":%lld,\"prefill_tp\":%lld,\"decode_instances\":%lld,", (long long)c->prefill_instances,
               (long long)c->prefill_tp, (long long)c->decode_instances);
    printf("\"link\":\"%s\"}", link);
}

#define FMT(buf, ...) (snprintf(buf, sizeof buf, __VA_ARGS__), buf)

/* The option in --lang's words, left-aligned in six terminal columns. */
static const char *option_word(int option, char *buf, size_t cap) {
    const char *word = rl_msg_text(option == 0 ? "cli.plan.option.buy" : "cli.plan.option.cloud");
    size_t n = (size_t)snprintf(buf, cap, "%s", word);
    for (int w = rl_msg_columns(word); w < 6 && n + 1 < cap; w++) buf[n++] = ' ';
    buf[n < cap ? n : cap - 1] = '\0';
    return buf;
}

/* Pareto front of one option (rl_plan_pareto): sorted by cost, each kept point is faster per user than every cheaper one. */
static void print_pareto(int option, const rl_cli_args *a, int json, int *first) {
    static size_t front[MAX_CANDIDATES];
    size_t n = rl_plan_pareto(found, (size_t)found_count, (rl_plan_option)option, front, MAX_CANDIDATES);
    for (size_t k = 0; k < n; k++) {
        const candidate *c = &found[front[k]];
        if (json) {
            print_candidate_json(c, a, *first);
            *first = 0;
        } else {
            char line[1024], v[9][80];
            printf("  %s\n", RL_MSG(line, "cli.plan.paretoRow", "option", option_word(option, v[0], sizeof v[0]), "gpu",
                                    FMT(v[1], "%-16.63s", c->gpu), "gpus", FMT(v[2], "%2lld", (long long)c->gpus), "tp",
                                    FMT(v[3], "%lld", (long long)c->tp), "pp", FMT(v[4], "%lld", (long long)c->pp), "precision",
                                    FMT(v[5], "%-6.7s", c->precision), "batch", FMT(v[6], "%-5lld", (long long)c->batch), "usd",
                                    FMT(v[7], "%.4g", c->usd_per_mtok_out), "speed", FMT(v[8], "%.4g", c->tokens_per_s_user)));
        }
    }
}

int rl_plan_main(int argc, char **argv) {
    static plan_opts o;
    static char *rest[MAX_ARGS];
    static char gpu_list[4096];
    int restc = 0;
    for (int i = 0; i < argc && i < MAX_ARGS; i++) o.json |= strcmp(argv[i], "--json") == 0;
    if (argc >= MAX_ARGS) return usage("--plan", "cli.plan.tooMany", o.json);
    rest[restc++] = argv[0];
    for (int i = 1; i < argc; i++) {
        const char *f = argv[i];
        int takes = strcmp(f, "--max-ttft-ms") == 0 || strcmp(f, "--min-tokens-per-s-user") == 0 || strcmp(f, "--gpus") == 0 ||
                    strcmp(f, "--top") == 0;
        if (takes && i + 1 >= argc) return usage(f, "cli.plan.needsValue", o.json);
        /* Each value read whole, as the field table's flags are: "abc", "-1", "1.5" or "1e400" is an error, not 0. */
        rl_error e;
        if (strcmp(f, "--max-ttft-ms") == 0 || strcmp(f, "--min-tokens-per-s-user") == 0) {
            double x;
            if (rl_parse_number(argv[++i], f, &x, &e) != RL_OK || !(x > 0 && x <= 1e9))
                return usage(f, "cli.plan.positive", o.json);
            if (strcmp(f, "--max-ttft-ms") == 0) o.max_ttft_ms = x;
            else o.min_tokens_per_s_user = x;
        } else if (strcmp(f, "--gpus") == 0) {
            snprintf(gpu_list, sizeof gpu_list, "%s", argv[++i]);
        } else if (strcmp(f, "--top") == 0) {
            int64_t n;
            if (rl_parse_count(argv[++i], f, 1, 1000000, &n, &e) != RL_OK) return request_error(f, &e, o.json);
            o.top = (int)n;
        } else if (strcmp(f, "--allow-tight") == 0) {
            o.allow_tight = 1;
        } else {
            rest[restc++] = argv[i];
        }
    }
    if (o.top <= 0) o.top = 10;

    static rl_cli_args a;
    rl_error err;
    if (rl_cli_parse(restc, rest, &a, &err) != RL_OK) return request_error(err.field, &err, o.json);
    const char *precision = NULL;
    int has_workload = 0;
    for (size_t i = 0; i < rl_field_count(); i++) {
        const rl_field *f = rl_field_at(i);
        if (a.value[i] == NULL) continue;
        if (strcmp(f->key, "precision") == 0) {
            precision = a.value[i]; /* restricts the search to this precision */
            a.value[i] = NULL;
        } else if (searched_row(f->key)) {
            return usage(f->flag, "cli.plan.searchesIt", o.json);
        }
        if (strcmp(f->key, "requests_per_day") == 0) has_workload = 1;
    }
    if (!has_workload)
        return usage("--requests-per-day", "cli.plan.needsWorkload", o.json);
    static char base[RL_REQUEST_MAX_BYTES];
    if (rl_cli_request(&a, base, sizeof base, &err) == 0) return request_error(err.field, &err, o.json);

    if (gpu_list[0]) {
        for (char *t = strtok(gpu_list, ","); t && o.gpu_count < MAX_GPUS; t = strtok(NULL, ",")) {
            bool again = false; /* a GPU named twice is searched once */
            for (int k = 0; k < o.gpu_count && !again; k++) again = strcmp(o.gpus[k], t) == 0;
            if (!again) o.gpus[o.gpu_count++] = t;
        }
        if (o.gpu_count == 0) return usage("--gpus", "cli.plan.noGpus", o.json);
    } else {
        for (size_t i = 0; i < rl_preset_count(RL_PRESET_GPU) && o.gpu_count < MAX_GPUS; i++)
            o.gpus[o.gpu_count++] = rl_preset_id(RL_PRESET_GPU, i);
    }
    /* The core's search: a request error that is not about the setup (a bad
     * workload, an unknown model or GPU) is the user's, said once. */
    static rl_plan_work work;
    rl_plan_query q = {o.max_ttft_ms, o.min_tokens_per_s_user, o.allow_tight, precision, o.gpus, (size_t)o.gpu_count};
    rl_plan_summary sum;
    if (rl_plan(base, strlen(base), NULL, 0, &q, &work, found, MAX_CANDIDATES, &sum, &err) != RL_OK)
        return request_error(strcmp(err.field, "plan") == 0 ? "--plan" : err.field, &err, o.json);
    found_count = (int)sum.count;
    searched = sum.searched;

    if (o.json) {
        printf("{\"plan\":{\"basis\":\"%s\",\"searched\":%ld,\"scale_out_searched\":%ld,\"precisions\":[",
               sum.floor_basis ? "floor" : "realistic", searched, sum.scale_out_searched);
        for (size_t k = 0; k < sum.precision_count; k++) printf("%s\"%s\"", k ? "," : "", sum.precisions[k]);
        printf("],\"targets\":{\"max_ttft_ms\":%.17g,\"min_tokens_per_s_user\":%.17g},\"candidates\":[", o.max_ttft_ms,
               o.min_tokens_per_s_user);
        int first = 1;
        for (int option = 0; option < 2; option++) {
            int shown = 0;
            for (int i = 0; i < found_count && shown < o.top; i++)
                if ((int)found[i].option == option) {
                    print_candidate_json(&found[i], &a, first);
                    first = 0;
                    shown++;
                }
        }
        printf("],\"pareto\":[");
        first = 1;
        print_pareto(0, &a, 1, &first);
        print_pareto(1, &a, 1, &first);
        printf("],\"scale_out\":[");
        first = 1;
        for (int option = 0; option < 2; option++) {
            rl_plan_gain g;
            if (!rl_plan_scale_out_gain(found, (size_t)found_count, (rl_plan_option)option, &g)) continue;
            printf("%s{\"option\":\"%s\",\"setups\":[", first ? "" : ",", OPTION[option]);
            print_candidate_json(&found[g.scale_out], &a, 1);
            if (g.has_tp_only) print_candidate_json(&found[g.tp_only], &a, 0);
            printf("],\"tokens_per_s_gpu_x\":%.17g,\"usd_per_mtok_x\":%.17g}", g.tokens_per_s_gpu_x, g.usd_per_mtok_x);
            first = 0;
        }
        /* The cheapest disaggregated setup of each option against the cheapest colocated one (rl_plan_json's). */
        printf("],\"disaggregated_searched\":%ld,\"disaggregated\":[", sum.disagg_searched);
        first = 1;
        for (int option = 0; option < 2; option++) {
            rl_plan_disagg_cmp g;
            if (!rl_plan_disagg_gain(&sum, found, (size_t)found_count, (rl_plan_option)option, &g)) continue;
            printf("%s{\"option\":\"%s\",\"setups\":[", first ? "" : ",", OPTION[option]);
            print_candidate_json(&sum.disagg[option], &a, 1);
            if (g.has_colocated) print_candidate_json(&found[g.colocated], &a, 0);
            printf("],\"beats\":%s", g.beats ? "true" : "false");
            if (g.has_colocated)
                printf(",\"tokens_per_s_gpu_x\":%.17g,\"usd_per_mtok_x\":%.17g", g.tokens_per_s_gpu_x, g.usd_per_mtok_x);
            if (!g.beats) printf(",\"why\":\"no_gpu_time_saved\"");
            printf("}");
            first = 0;
        }
        printf("]}}\n");
    } else {
        char line[2048], v[12][80];
        printf("%s\n", RL_MSG(line, "cli.plan.searched", "n", FMT(v[0], "%ld", searched), "basis",
                              rl_msg_text(sum.floor_basis ? "cli.plan.basisFloor" : "cli.plan.basisRealistic")));
        if (sum.scale_out_searched > 0)
            printf("%s\n", RL_MSG(line, "cli.plan.scaleOutSearched", "n", FMT(v[0], "%ld", sum.scale_out_searched)));
        if (sum.disagg_searched > 0)
            printf("%s\n", RL_MSG(line, "cli.plan.disaggSearched", "n", FMT(v[0], "%ld", sum.disagg_searched)));
        for (int option = 0; option < 2; option++) {
            printf("\n%s\n", rl_msg_text(option == 0 ? "cli.plan.cheapestBuy" : "cli.plan.cheapestCloud"));
            int shown = 0;
            for (int i = 0; i < found_count && shown < o.top; i++) {
                const candidate *c = &found[i];
                if ((int)c->option != option) continue;
                char link[1024];
                link_of(c, &a, link, sizeof link);
                printf("  %s\n", RL_MSG(line, "cli.plan.row", "n", FMT(v[0], "%2d", ++shown), "gpu", FMT(v[1], "%-16.63s", c->gpu),
                                        "gpus", FMT(v[2], "%2lld", (long long)c->gpus), "tp", FMT(v[3], "%lld", (long long)c->tp),
                                        "pp", FMT(v[4], "%lld", (long long)c->pp), "precision", FMT(v[5], "%-6.7s", c->precision),
                                        "batch", FMT(v[6], "%-5lld", (long long)c->batch), "usd", FMT(v[7], "%.4g", c->usd_per_mtok_out),
                                        "monthly", FMT(v[8], "%.2f", c->monthly_usd), "ttft", FMT(v[9], "%.4g", c->ttft_ms), "speed",
                                        FMT(v[10], "%.4g", c->tokens_per_s_user), "link", link));
                if (c->ep > 1 || c->dp_attention > 1 || c->nodes > 1)
                    printf("      %s\n", RL_MSG(line, "cli.plan.layout", "ep", FMT(v[0], "%lld", (long long)c->ep), "dp",
                                                FMT(v[1], "%lld", (long long)c->dp_attention), "nodes",
                                                FMT(v[2], "%lld", (long long)c->nodes), "gpu_speed",
                                                FMT(v[3], "%.4g", c->tokens_per_s_gpu)));
            }
            if (shown == 0) printf("  %s\n", rl_msg_text(option == 0 ? "cli.plan.noneBuy" : "cli.plan.noneCloud"));
            rl_plan_gain g;
            if (rl_plan_scale_out_gain(found, (size_t)found_count, (rl_plan_option)option, &g)) {
                const candidate *so = &found[g.scale_out], *tp = g.has_tp_only ? &found[g.tp_only] : NULL;
                if (tp == NULL)
                    printf("  %s\n", RL_MSG(line, "cli.plan.scaleOutOnly", "gpu", so->gpu, "tp", FMT(v[0], "%lld", (long long)so->tp)));
                else
                    printf("  %s\n", RL_MSG(line, "cli.plan.scaleOutWins", "gpu", so->gpu, "tp", FMT(v[0], "%lld", (long long)so->tp),
                                            "ep", FMT(v[1], "%lld", (long long)so->ep), "dp", FMT(v[2], "%lld", (long long)so->dp_attention),
                                            "nodes", FMT(v[3], "%lld", (long long)so->nodes), "gpu_speed",
                                            FMT(v[4], "%.4g", so->tokens_per_s_gpu), "tp_gpu_speed", FMT(v[5], "%.4g", tp->tokens_per_s_gpu),
                                            "gpu_x", FMT(v[6], "%.3g", g.tokens_per_s_gpu_x), "usd", FMT(v[7], "%.4g", so->usd_per_mtok_out),
                                            "tp_usd", FMT(v[8], "%.4g", tp->usd_per_mtok_out), "usd_x", FMT(v[9], "%.3g", g.usd_per_mtok_x)));
            }
            rl_plan_disagg_cmp dg;
            if (rl_plan_disagg_gain(&sum, found, (size_t)found_count, (rl_plan_option)option, &dg)) {
                const candidate *d = &sum.disagg[option], *co = dg.has_colocated ? &found[dg.colocated] : NULL;
                const char *key = co == NULL ? "cli.plan.disaggOnly" : dg.beats ? "cli.plan.disaggWins" : "cli.plan.disaggLoses";
                printf("  %s\n", RL_MSG(line, key, "gpu", d->gpu, "pi", FMT(v[0], "%lld", (long long)d->prefill_instances),
                                        "ptp", FMT(v[1], "%lld", (long long)d->prefill_tp), "di",
                                        FMT(v[2], "%lld", (long long)d->decode_instances), "tp", FMT(v[3], "%lld", (long long)d->tp),
                                        "gpus", FMT(v[4], "%lld", (long long)d->gpus), "gpu_speed", FMT(v[5], "%.4g", d->tokens_per_s_gpu),
                                        "co_gpu_speed", FMT(v[6], "%.4g", co ? co->tokens_per_s_gpu : 0.0), "gpu_x",
                                        FMT(v[7], "%.3g", dg.tokens_per_s_gpu_x), "usd", FMT(v[8], "%.4g", d->usd_per_mtok_out),
                                        "co_usd", FMT(v[9], "%.4g", co ? co->usd_per_mtok_out : 0.0), "usd_x",
                                        FMT(v[10], "%.3g", dg.usd_per_mtok_x), "co_gpu", co ? co->gpu : ""));
            }
        }
        printf("\n%s\n", rl_msg_text("cli.plan.pareto"));
        int first = 1;
        print_pareto(0, &a, 0, &first);
        print_pareto(1, &a, 0, &first);
    }
    return found_count > 0 ? 0 : 3;
}
