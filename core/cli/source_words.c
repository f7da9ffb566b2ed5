#include "source_words.h"

#include "messages.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

/* The engine parameter each assumption reads (core/src/realistic.c: rl_realistic_assumptions),
 * the part of its asrc.<engine>.<param> key; as ENGINE_PARAM in web/src/i18n/sources.js. */
static const struct {
    const char *name, *param;
} ENGINE_PARAM[] = {
    {"bw_efficiency", "bw"},    {"compute_efficiency", "compute"}, {"prefill_efficiency", "prefill"},
    {"kernel_us", "kernel"},    {"kernels_per_dense_layer", "kernels"}, {"kernels_per_moe_layer", "kernels"},
    {"allreduce_us", "allreduce"}, {"host_ms", "host"}, {"band_low", "band"}, {"band_high", "band"},
};

/* The figures the cost reads from a price preset (a quotation), or from the inputs. */
static const char *const PRICES[] = {"hardware_usd",     "active_watts",        "idle_watts",          "usd_per_kwh",
                                     "usd_per_gpu_hour", "api_usd_per_mtok_in", "api_usd_per_mtok_out"};

static const char *engine_param(const char *name) {
    for (size_t i = 0; i < sizeof ENGINE_PARAM / sizeof ENGINE_PARAM[0]; i++)
        if (strcmp(ENGINE_PARAM[i].name, name) == 0) return ENGINE_PARAM[i].param;
    return NULL;
}

static int is_price(const char *name) {
    for (size_t i = 0; i < sizeof PRICES / sizeof PRICES[0]; i++)
        if (strcmp(PRICES[i], name) == 0) return 1;
    return 0;
}

/* The words of `key`, then (cite) the core's source after them; the core's source alone when
 * the language has no words for the key (English, whose table hands back the core's sentence). */
static const char *worded(const char *key, const char *const *kv, const char *cite, const char *source, char *buf, size_t cap) {
    if (rl_msg_lang() == RL_LANG_EN || key == NULL || rl_msg_text(key)[0] == '\0') {
        snprintf(buf, cap, "%s", source);
        return buf;
    }
    rl_msg_fill(buf, cap, key, kv);
    if (cite) {
        size_t n = strlen(buf);
        snprintf(buf + n, cap - n, "%s", cite);
    }
    return buf;
}

const char *rl_msg_assumption_source(const rl_assumption *a, rl_engine engine, char *buf, size_t cap) {
    char key[64], def[32];
    const char *const none[] = {NULL};
    const char *param = engine_param(a->name);
    if (a->origin == RL_ORIGIN_GIVEN) return worded("asrc.request", none, NULL, a->source, buf, cap);
    if (param) {
        /* The bandwidth efficiency the engine has for weight-only formats (int8, int4, the block formats). */
        snprintf(key, sizeof key, "asrc.%s.%s", rl_engine_name(engine), a->origin == RL_ORIGIN_ENGINE_QUANT ? "bw_quant" : param);
        return worded(key, none, NULL, a->source, buf, cap);
    }
    if (strcmp(a->name, "link_gbs") == 0) return worded(a->value > 0 ? "asrc.link" : "asrc.link_unknown", none, NULL, a->source, buf, cap);
    /* Scale-out's assumptions (docs/scale-out.md), each under its own name. */
    static const char *const SCALE_OUT[] = {"scale_out_gbs", "ep_imbalance", "a2a_bytes_per_value", "a2a_overlap"};
    for (size_t i = 0; i < sizeof SCALE_OUT / sizeof SCALE_OUT[0]; i++)
        if (strcmp(a->name, SCALE_OUT[i]) == 0) {
            snprintf(key, sizeof key, "asrc.%s", a->name);
            return worded(key, none, NULL, a->source, buf, cap);
        }
    if (strcmp(a->name, "ttft_overhead_ms") == 0) {
        const rl_field *launch = rl_field_by_key("launch_ms");
        snprintf(def, sizeof def, "%g", launch ? launch->def : 0.0);
        return worded("asrc.ttft_launch", (const char *const[]){"default", def, NULL}, NULL, a->source, buf, cap);
    }
    /* A name the table has no words for (a newer core): the core's sentence. */
    return worded(NULL, none, NULL, a->source, buf, cap);
}

const char *rl_today(char *buf, size_t cap) {
    time_t now = time(NULL);
    struct tm *t = gmtime(&now);
    if (t == NULL || strftime(buf, cap, "%Y-%m-%d", t) == 0) buf[0] = '\0';
    return buf;
}

/* A price over RL_PRICE_STALE_DAYS old (by this machine's clock) says so after its source. */
static const char *stale_mark(const char *as_of, char *buf, size_t cap) {
    char today[16];
    int64_t age = rl_price_age_days(as_of, rl_today(today, sizeof today));
    size_t n = strlen(buf);
    /* The page's words, as the page writes them (web/src/components/CostPanel.jsx). */
    if (age > RL_PRICE_STALE_DAYS && n < cap) snprintf(buf + n, cap - n, " (%s)", rl_msg_text("csrc.stale"));
    return buf;
}

const char *rl_msg_cost_source(const rl_cost_assumption *x, const rl_cost *c, char *buf, size_t cap) {
    const char *const none[] = {NULL};
    int given = x->origin == RL_ORIGIN_GIVEN;
    const char *key = NULL;
    if (strcmp(x->name, "step_ms") == 0) key = c->realistic ? "csrc.step_ms.realistic" : "csrc.step_ms.floor";
    else if (strcmp(x->name, "prefill_ms") == 0) key = x->value > 0 ? "csrc.prefill_ms" : "csrc.prefill_ms.none";
    else if (strcmp(x->name, "batch") == 0) key = "csrc.batch";
    else if (strcmp(x->name, "days_per_month") == 0) key = "csrc.spec";
    else if (strcmp(x->name, "months") == 0) key = given ? "csrc.given" : "csrc.spec";
    else if (strcmp(x->name, "boot_factor") == 0) key = given ? "csrc.given" : "csrc.boot_factor";
    else if (strcmp(x->name, "resale_fraction") == 0) key = given ? "csrc.given" : "csrc.resale_fraction";
    if (key) return worded(key, none, NULL, x->source, buf, cap);
    if (!is_price(x->name)) return worded(NULL, none, NULL, x->source, buf, cap);
    if (given) return worded("csrc.given", none, NULL, x->source, buf, cap);
    /* A price preset's source is a citation: quoted after the words that say what it is. */
    if (x->origin == RL_ORIGIN_BOARD) {
        if (rl_msg_lang() == RL_LANG_EN) rl_msg_fill(buf, cap, "cli.cost.board", (const char *const[]){"source", x->source, NULL});
        else worded("csrc.board", none, x->source, x->source, buf, cap);
    } else if (x->origin == RL_ORIGIN_RULE) {
        if (rl_msg_lang() == RL_LANG_EN) snprintf(buf, cap, "%s", x->source);
        else worded("csrc.rule", none, x->source, x->source, buf, cap);
    } else {
        worded("csrc.preset", none, x->source, x->source, buf, cap);
    }
    return stale_mark(x->as_of, buf, cap);
}

const char *rl_msg_unit(const char *unit) {
    char key[64];
    if (rl_msg_lang() == RL_LANG_EN || unit[0] == '\0') return unit;
    snprintf(key, sizeof key, "unitName.%s", unit);
    const char *words = rl_msg_text(key);
    return words[0] ? words : unit;
}
