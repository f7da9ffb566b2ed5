/* What a deployment costs: a workload, and buying the hardware vs
 * renting it in the cloud vs a serverless API, each figure line by line.
 *
 * The formulas are the specification's (see docs/cli.md "What it costs"):
 *   active hours/month = requests/day × 30 × (prefill + output × step / batch) / 3.6e6 ms
 *   buy   = hardware × GPUs × (1 − resale) / months
 *           + (active h × active W + idle h × idle W) × GPUs / 1000 × $/kWh
 *   cloud = active h × GPUs × $/GPU-hour × boot factor
 *   API   = Mtok in × $/Mtok in + Mtok out × $/Mtok out
 * The time comes in as one rl_cost_basis (a step time and a prefill time),
 * so the realistic estimate can replace the roofline floor here unchanged.
 * Prices come from the request, else from the compiled-in price presets,
 * each with its source and date; a figure neither gives is named as missing
 * and the option that needs it is left out rather than guessed.
 * No allocation: the presets are read with the stack tokenizer. */
#include "internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

_Static_assert(sizeof(int64_t) == 8 && sizeof(double) == 8, "rl_workload members are 8 bytes each");

#define DAYS_PER_MONTH 30.0    /* the specification's month */
#define HOURS_PER_MONTH 720.0  /* 30 × 24 */
#define MS_PER_HOUR 3.6e6
#define TOKENS_PER_MTOK 1e6

/* The specification's resale values by class of hardware. */
#define RESALE_APPLE_NVIDIA 0.35
#define RESALE_MINI_PC 0.25

rl_workload rl_workload_default(void) {
    rl_workload w;
    memset(&w, 0, sizeof w);
    for (size_t i = 0; i < rl_field_count(); i++)
        if (rl_field_at(i)->target == RL_TARGET_WORKLOAD) rl_field_set_default(&w, rl_field_at(i));
    return w;
}

/* A member's bit: its index, as every member is 8 bytes (asserted above). */
int rl_workload_given(const rl_workload *w, size_t offset) { return (int)((w->given >> (offset / 8)) & 1u); }
void rl_workload_mark_given(rl_workload *w, size_t offset) { w->given |= (uint64_t)1 << (offset / 8); }

const char *rl_cost_missing_name(unsigned bit) {
    static const char *const names[RL_COST_MISSING_COUNT_] = {
        "buy.hardware_usd", "buy.resale_fraction", "buy.active_watts", "buy.idle_watts",
        "buy.usd_per_kwh", "cloud.usd_per_gpu_hour", "api.usd_per_mtok"};
    return bit < RL_COST_MISSING_COUNT_ ? names[bit] : "";
}

/* ---- price presets ------------------------------------------------------ */

static const rl_preset_entry *price_entry(const char *id) {
    for (size_t i = 0; id != NULL && i < rl_preset_prices_count; i++)
        if (strcmp(rl_preset_prices[i].id, id) == 0) return &rl_preset_prices[i];
    return NULL;
}

/* A figure found in a preset: its value and "source (as of date)". */
typedef rl_price_figure figure;

/* dst = a b c d e, cut to fit (a long source keeps its start: who and what). */
static void join(char *dst, size_t cap, const char *a, const char *b, const char *c, const char *d, const char *e) {
    rl_out o;
    rl_out_init(&o, dst, cap);
    rl_out_raw(&o, a);
    rl_out_raw(&o, b);
    rl_out_raw(&o, c);
    rl_out_raw(&o, d);
    rl_out_raw(&o, e);
}

/* "who (as of date): source": the date before the source, which a long citation may have cut.
 * An empty source cites "who (as of date)" alone. */
static void cite(figure *f, const char *who, const char *src, const char *as_of) {
    join(f->source, sizeof f->source, who, who[0] ? " " : "", "(as of ", as_of, src[0] ? "): " : ")");
    join(f->source + strlen(f->source), sizeof f->source - strlen(f->source), src, "", "", "", "");
    snprintf(f->as_of, sizeof f->as_of, "%s", as_of);
}

/* Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
static int64_t days_from_civil(int64_t y, int64_t m, int64_t d) {
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/* YYYY-MM-DD (or, with year_ok, YYYY: its last day) as days since 1970; false when it is neither. */
static bool parse_day(const char *s, bool year_ok, int64_t *out) {
    int64_t y = 0, m = 12, d = 31;
    size_t n = s ? strlen(s) : 0;
    if (!(n == 10 || (year_ok && n == 4))) return false;
    for (size_t i = 0; i < n; i++)
        if ((i == 4 || i == 7) ? s[i] != '-' : !(s[i] >= '0' && s[i] <= '9')) return false;
    y = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
    if (n == 10) {
        m = (s[5] - '0') * 10 + (s[6] - '0');
        d = (s[8] - '0') * 10 + (s[9] - '0');
        static const int mdays[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
        if (m < 1 || m > 12 || d < 1 || d > mdays[m - 1]) return false;
        if (m == 2 && d == 29 && !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0))) return false;
    }
    *out = days_from_civil(y, m, d);
    return true;
}

int64_t rl_price_age_days(const char *as_of, const char *today) {
    int64_t a, t;
    if (!parse_day(as_of, true, &a) || !parse_day(today, false, &t) || a > t) return -1;
    return t - a;
}

/* A preset's figure must be a price or a power (> 0) dated YYYY-MM-DD or YYYY: an error names the preset's key. */
static rl_status check_figure(const char *key, double value, const char *date, rl_error *err) {
    int64_t day;
    if (!parse_day(date, true, &day)) return rl_fail(err, RL_E_RANGE, "prices", "price preset: %s.as_of \"%.20s\" is not a date (YYYY-MM-DD or YYYY)", key, date);
    if (!(value > 0) || !isfinite(value)) return rl_fail(err, RL_E_RANGE, "prices", "price preset: %s is %g; a price or a power is > 0", key, value);
    return RL_OK;
}

/* {"value", "as_of", "source"} under `key` of object obj; absent or null: not ok. */
static rl_status read_figure(const rl_jdoc *doc, int obj, const char *key, figure *f, rl_error *err) {
    f->ok = 0;
    int v = obj < 0 ? -1 : rl_jget(doc, obj, key);
    if (v < 0 || rl_jis_null(doc, v)) return RL_OK;
    int val = rl_jget(doc, v, "value"), as_of = rl_jget(doc, v, "as_of"), src = rl_jget(doc, v, "source");
    if (val < 0 || as_of < 0 || src < 0)
        return rl_fail(err, RL_E_JSON_MISSING, "prices", "price preset: %s needs value, as_of and source", key);
    char date[32], text[512];
    rl_status st;
    if ((st = rl_jnum(doc, val, key, &f->value, err)) || (st = rl_jstr(doc, as_of, key, date, sizeof date, err)) ||
        (st = rl_jstr(doc, src, key, text, sizeof text, err)) || (st = check_figure(key, f->value, date, err)))
        return st;
    cite(f, "", text, date);
    f->ok = 1;
    f->origin = RL_ORIGIN_PRESET;
    return RL_OK;
}

/* A priced offer ({"provider", "as_of", "source", and the named numbers}). */
static rl_status read_offer(const rl_jdoc *doc, int obj, const char *key, const char *n1, figure *f1, const char *n2,
                            figure *f2, rl_error *err) {
    f1->ok = 0;
    if (f2) f2->ok = 0;
    int v = obj < 0 ? -1 : rl_jget(doc, obj, key);
    if (v < 0 || rl_jis_null(doc, v)) return RL_OK;
    int a = rl_jget(doc, v, n1), b = n2 ? rl_jget(doc, v, n2) : -1, p = rl_jget(doc, v, "provider"),
        d = rl_jget(doc, v, "as_of"), s = rl_jget(doc, v, "source");
    if (a < 0 || (n2 && b < 0) || p < 0 || d < 0 || s < 0)
        return rl_fail(err, RL_E_JSON_MISSING, "prices", "price preset: %s needs its price, provider, as_of and source", key);
    char provider[128], date[32], text[512];
    rl_status st;
    if ((st = rl_jnum(doc, a, key, &f1->value, err)) || (n2 && (st = rl_jnum(doc, b, key, &f2->value, err))) ||
        (st = rl_jstr(doc, p, key, provider, sizeof provider, err)) ||
        (st = rl_jstr(doc, d, key, date, sizeof date, err)) || (st = rl_jstr(doc, s, key, text, sizeof text, err)) ||
        (st = check_figure(key, f1->value, date, err)) || (n2 && (st = check_figure(key, f2->value, date, err))))
        return st;
    cite(f1, provider, text, date);
    f1->ok = 1;
    f1->origin = RL_ORIGIN_PRESET;
    if (n2) {
        memcpy(f2->source, f1->source, sizeof f2->source);
        memcpy(f2->as_of, f1->as_of, sizeof f2->as_of);
        f2->ok = 1;
        f2->origin = RL_ORIGIN_PRESET;
    }
    return RL_OK;
}

/* Opens the price preset `id` of `kind`; *root = -1 when there is none. */
static rl_status open_price(const char *id, const char *kind, rl_jdoc *doc, int *root, rl_error *err) {
    *root = -1;
    const rl_preset_entry *e = price_entry(id);
    if (e == NULL) return RL_OK;
    rl_status st = rl_jparse(doc, e->json, e->len, RL_CONFIG_MAX_BYTES, "prices", err);
    if (st) return st;
    int k = rl_jget(doc, 0, "kind");
    if (k >= 0 && rl_jkey_is(doc, k, kind)) *root = 0; /* rl_jkey_is compares any string token */
    return RL_OK;
}

/* `doc` is the caller's: one tokenized preset at a time keeps the stack to one
 * document on top of the request's (see RL_CONFIG_MAX_TOKENS). */
static rl_status read_gpu_prices(const char *gpu_id, rl_jdoc *scratch, rl_cost_prices *p, rl_error *err) {
    const rl_jdoc *doc = scratch;
    int root;
    rl_status st = open_price(gpu_id, "gpu", scratch, &root, err);
    if (st || root < 0) return st;
    if ((st = read_figure(doc, root, "hardware_usd", &p->hardware_usd, err))) return st;
    /* Wall power is what the meter bills; the board's rated power stands in
     * when no wall figure is sourced, and says so by its origin (the energy is then low). */
    figure board;
    if ((st = read_figure(doc, root, "wall_watts_active", &p->active_watts, err))) return st;
    if (!p->active_watts.ok) {
        if ((st = read_figure(doc, root, "board_watts_active", &board, err))) return st;
        if (board.ok) {
            p->active_watts = board;
            p->active_watts.origin = RL_ORIGIN_BOARD;
        }
    }
    if ((st = read_figure(doc, root, "wall_watts_idle", &p->idle_watts, err))) return st;
    if (!p->idle_watts.ok) {
        if ((st = read_figure(doc, root, "board_watts_idle", &board, err))) return st;
        if (board.ok) {
            p->idle_watts = board;
            p->idle_watts.origin = RL_ORIGIN_BOARD;
        }
    }
    /* No idle figure: a card (not an Apple or mini-PC system, whose idle is the whole machine's) idles at
     * RL_IDLE_FRACTION of its rated board power, an assumption said so. */
    int cls = rl_jget(doc, root, "resale_class");
    bool system = cls >= 0 && (rl_jkey_is(doc, cls, "apple") || rl_jkey_is(doc, cls, "mini_pc"));
    if (!p->idle_watts.ok && !system && (st = read_figure(doc, root, "board_watts_active", &board, err))) return st;
    if (!p->idle_watts.ok && !system && board.ok) {
        p->idle_watts = board;
        p->idle_watts.value = board.value * RL_IDLE_FRACTION;
        p->idle_watts.origin = RL_ORIGIN_RULE;
        char rated[sizeof board.source];
        memcpy(rated, board.source, sizeof rated);
        snprintf(p->idle_watts.source, sizeof p->idle_watts.source,
                 "assumption: %.1f%% of the %.0f W board power, the highest idle fraction measured among the presets (A100 80GB: "
                 "62.13 W of 400 W, presets/prices/a100-80g.json); board power %.200s",
                 RL_IDLE_FRACTION * 100.0, board.value, rated);
    }
    if ((st = read_offer(doc, root, "cloud", "usd_per_gpu_hour", &p->usd_per_gpu_hour, NULL, NULL, err))) return st;
    if (cls >= 0 && (rl_jkey_is(doc, cls, "nvidia") || rl_jkey_is(doc, cls, "apple"))) {
        p->resale_fraction.ok = 1;
        p->resale_fraction.value = RESALE_APPLE_NVIDIA;
    } else if (cls >= 0 && rl_jkey_is(doc, cls, "mini_pc")) {
        p->resale_fraction.ok = 1;
        p->resale_fraction.value = RESALE_MINI_PC;
    }
    p->resale_fraction.origin = RL_ORIGIN_SPEC;
    if (p->resale_fraction.ok)
        snprintf(p->resale_fraction.source, sizeof p->resale_fraction.source,
                 "the specification: 35%% for Apple and NVIDIA, 25%% for mini-PCs; presets/prices/%.40s.json says its class",
                 gpu_id);
    return RL_OK;
}

rl_status rl_cost_read_prices(const char *gpu_id, const char *model_id, rl_cost_prices *p, rl_error *err) {
    rl_clear_error(err);
    if (p == NULL) return rl_fail(err, RL_E_NULL, "cost", "cost: an argument was NULL");
    memset(p, 0, sizeof *p);
    rl_jdoc doc; /* one preset document at a time, reused */
    int root;
    rl_status st = read_gpu_prices(gpu_id, &doc, p, err);
    if (st) return st;
    if ((st = open_price("electricity", "electricity", &doc, &root, err))) return st;
    if ((st = read_figure(&doc, root, "usd_per_kwh", &p->usd_per_kwh, err))) return st;
    if ((st = open_price(model_id, "model", &doc, &root, err))) return st;
    return read_offer(&doc, root, "api", "usd_per_mtok_in", &p->api_usd_per_mtok_in, "usd_per_mtok_out",
                      &p->api_usd_per_mtok_out, err);
}


/* ---- the cost ------------------------------------------------------------ */

static void assume_dated(rl_cost *c, const char *name, double value, const char *unit, rl_origin origin, const char *source,
                         const char *as_of) {
    if (c->assumption_count >= RL_COST_MAX_ASSUMPTIONS) return;
    rl_cost_assumption *a = &c->assumptions[c->assumption_count++];
    snprintf(a->name, sizeof a->name, "%s", name);
    a->value = value;
    snprintf(a->unit, sizeof a->unit, "%s", unit);
    a->origin = origin;
    snprintf(a->source, sizeof a->source, "%s", source);
    snprintf(a->as_of, sizeof a->as_of, "%s", as_of);
}

static void assume(rl_cost *c, const char *name, double value, const char *unit, rl_origin origin, const char *source) {
    assume_dated(c, name, value, unit, origin, source, "");
}

/* A price: the request's when it gave one, else the preset's, else missing. */
static int resolve(rl_cost *c, const rl_workload *w, size_t offset, const figure *preset, const char *name,
                   const char *unit, unsigned missing_bit, double *out) {
    if (rl_workload_given(w, offset)) {
        *out = *(const double *)((const char *)w + offset);
        assume(c, name, *out, unit, RL_ORIGIN_GIVEN, "given");
        return 1;
    }
    if (preset->ok) {
        *out = preset->value;
        assume_dated(c, name, *out, unit, preset->origin, preset->source, preset->as_of);
        return 1;
    }
    c->missing |= missing_bit;
    return 0;
}

/* The time a request holds the deployment: its prefill plus its share of the steps that generate
 * its output (the deployment prefills one request at a time and decodes `batch` requests per step). */
static double hours_per_request(const rl_workload *w, const rl_cost_basis *b, const rl_cost_pools *pools) {
    /* Disaggregated: the deployment's hold per request is its balance's (the pool that binds), given. */
    if (pools != NULL) return pools->hold_ms / MS_PER_HOUR;
    return (b->prefill_ms + (double)w->output_tokens * b->step_ms / (double)b->batch) / MS_PER_HOUR;
}

/* What rl_cost_compute checks before it reads a price: NULLs, no workload (no cost), the basis, and a
 * traffic that a countable number of copies of the deployment serves. */
static rl_status cost_checks(const rl_workload *w, const rl_cost_basis *b, const rl_cost_pools *pools, rl_cost *out,
                             rl_error *err) {
    rl_clear_error(err);
    if (w == NULL || b == NULL || out == NULL) return rl_fail(err, RL_E_NULL, "cost", "cost: an argument was NULL");
    memset(out, 0, sizeof *out);
    if (w->requests_per_day <= 0) return RL_OK; /* no workload, no cost */
    if (!(b->step_ms > 0) || !(b->prefill_ms >= 0) || b->batch < 1 || b->gpus < 1 ||
        (pools != NULL && !(pools->hold_ms > 0 && pools->hold_ms < 1e300)))
        return rl_fail(err, RL_E_RANGE, "cost", "cost: the basis needs a step time > 0, a prefill time >= 0, batch and GPUs >= 1");
    /* Inputs each within their ranges can still ask for more copies of the deployment than an
     * int64 counts (1e12 requests a day of 8M tokens on a 0.001 GB/s GPU): past a billion, no cost. */
    double one = (double)w->requests_per_day * DAYS_PER_MONTH * hours_per_request(w, b, pools) / HOURS_PER_MONTH;
    if (!(one <= RL_COST_MAX_REPLICAS))
        return rl_fail_why(err, RL_E_CONTRADICTION, "requests_per_day", RL_WHY_TOO_MANY_COPIES,
                           "requests copies per_copy", "requests_per_day %lld needs more than %.0f copies of this deployment, which serves about %.3g "
                       "requests a day; lower the traffic or choose a faster setup",
                       (long long)w->requests_per_day, RL_COST_MAX_REPLICAS, 24.0 / hours_per_request(w, b, pools));
    return RL_OK;
}

static void priced(const rl_workload *w, const rl_cost_basis *b, const rl_cost_pools *pools, const rl_cost_prices *p,
                   rl_cost *c);

rl_status rl_cost_compute(const rl_workload *w, const rl_cost_basis *b, const char *gpu_id, const char *model_id,
                          rl_cost *out, rl_error *err) {
    rl_status st = cost_checks(w, b, NULL, out, err);
    if (st || w->requests_per_day <= 0) return st;
    rl_cost_prices prices;
    if ((st = rl_cost_read_prices(gpu_id, model_id, &prices, err))) return st;
    priced(w, b, NULL, &prices, out);
    return RL_OK;
}

rl_status rl_cost_compute_priced(const rl_workload *w, const rl_cost_basis *b, const rl_cost_prices *p, rl_cost *out,
                                 rl_error *err) {
    return rl_cost_compute_pools(w, b, NULL, p, out, err);
}

rl_status rl_cost_compute_pools(const rl_workload *w, const rl_cost_basis *b, const rl_cost_pools *pools,
                                const rl_cost_prices *p, rl_cost *out, rl_error *err) {
    rl_status st = cost_checks(w, b, pools, out, err);
    if (st || w->requests_per_day <= 0) return st;
    if (p == NULL) return rl_fail(err, RL_E_NULL, "cost", "cost: an argument was NULL");
    priced(w, b, pools, p, out);
    return RL_OK;
}

/* The cost itself, once cost_checks passed (a workload, a valid basis, *c zeroed). */
static void priced(const rl_workload *w, const rl_cost_basis *b, const rl_cost_pools *pools, const rl_cost_prices *p,
                   rl_cost *c) {
    c->present = 1;
    c->realistic = b->realistic;
    c->step_ms = b->step_ms;
    c->prefill_ms = b->prefill_ms;
    c->batch = b->batch;
    c->requests_per_day = w->requests_per_day;
    c->input_tokens = w->input_tokens;
    c->output_tokens = w->output_tokens;
    c->gpus = b->gpus;
    c->days_per_month = DAYS_PER_MONTH;

    double rpd = (double)w->requests_per_day, requests = rpd * DAYS_PER_MONTH, G = (double)b->gpus;
    c->mtok_in_per_month = requests * (double)w->input_tokens / TOKENS_PER_MTOK;
    c->mtok_out_per_month = requests * (double)w->output_tokens / TOKENS_PER_MTOK;
    c->hours_per_request = hours_per_request(w, b, pools);
    /* The same time seen from one request: between two of its steps run, on average, the prefills
     * of the requests that replace the batch's other (batch - 1), each replaced every output_tokens steps. */
    c->loaded_step_ms = b->step_ms + (double)(b->batch - 1) * b->prefill_ms / (double)w->output_tokens;
    if (pools != NULL) {
        /* Disaggregated: the decode pool runs no prefill between its steps, so a request's step is the step. */
        c->loaded_step_ms = b->step_ms;
        c->disagg = 1;
        c->prefill_gpus = pools->prefill_gpus;
        c->decode_gpus = pools->decode_gpus;
        c->limited_by = pools->limited_by;
        c->sustained_requests_per_s = 1000.0 / pools->hold_ms;
    }
    c->tokens_per_s_user = 1000.0 / c->loaded_step_ms;
    c->active_hours_per_month = requests * c->hours_per_request;
    c->capacity_requests_per_day = 24.0 / c->hours_per_request;

    assume(c, "step_ms", b->step_ms, "ms", RL_ORIGIN_ANALYSIS,
           b->realistic ? "the realistic estimate: one decode step of the batch at the full context"
                        : "the roofline floor: one decode step of the batch at the full context (input + output "
                          "tokens), the slowest step of a request, charged for every output token; real engines "
                          "take longer than the floor");
    assume(c, "prefill_ms", b->prefill_ms, "ms", RL_ORIGIN_ANALYSIS,
           b->prefill_ms > 0 ? "prefill of the input tokens, on the same basis"
                             : "not counted: no sourced TFLOPS for this GPU, so the prefill has no time");
    if (c->disagg)
        assume(c, "hold_ms", pools->hold_ms, "ms", RL_ORIGIN_ANALYSIS,
               "disaggregated: one deployment (both pools, all their GPUs paid for) per request, 1000 / the requests/s "
               "the pool that binds sustains (disaggregation.balance); the prefill runs on the prefill pool, the steps "
               "on the decode pool");
    assume(c, "batch", (double)b->batch, "requests", RL_ORIGIN_ANALYSIS,
           "the requests each step decodes: the batch in the inputs, or on a tight fit the fewer the engine's budget holds "
           "at once (the others wait); the traffic is taken to keep it full");
    assume(c, "days_per_month", DAYS_PER_MONTH, "days", RL_ORIGIN_SPEC, "the specification");


    /* Buy. */
    double hw = 0, resale = 0, wa = 0, wi = 0, kwh = 0;
    int buy = resolve(c, w, offsetof(rl_workload, hardware_usd), &p->hardware_usd, "hardware_usd", "USD",
                      RL_COST_MISSING_HARDWARE_USD, &hw);
    buy &= resolve(c, w, offsetof(rl_workload, resale_fraction), &p->resale_fraction, "resale_fraction", "fraction",
                   RL_COST_MISSING_RESALE_FRACTION, &resale);
    c->months = w->months;
    int months_given = rl_workload_given(w, offsetof(rl_workload, months));
    assume(c, "months", w->months, "months", months_given ? RL_ORIGIN_GIVEN : RL_ORIGIN_SPEC,
           months_given ? "given" : "the specification");
    buy &= resolve(c, w, offsetof(rl_workload, active_watts), &p->active_watts, "active_watts", "W",
                   RL_COST_MISSING_ACTIVE_WATTS, &wa);
    buy &= resolve(c, w, offsetof(rl_workload, idle_watts), &p->idle_watts, "idle_watts", "W", RL_COST_MISSING_IDLE_WATTS,
                   &wi);
    buy &= resolve(c, w, offsetof(rl_workload, electricity_usd_kwh), &p->usd_per_kwh, "usd_per_kwh", "USD/kWh",
                   RL_COST_MISSING_ELECTRICITY, &kwh);
    c->hardware_usd = hw;
    c->resale_fraction = resale;
    c->active_watts = wa;
    c->idle_watts = wi;
    c->usd_per_kwh = kwh;
    double out_mtok = c->mtok_out_per_month;
    /* One deployment runs 720 h a month; more traffic needs more of them. */
    double one = c->active_hours_per_month / HOURS_PER_MONTH;
    c->replicas = one > 1.0 ? (int64_t)ceil(one) : 1;
    if (buy) {
        double units = G * (double)c->replicas;
        c->has_buy = 1;
        c->depreciation_usd_per_month = hw * units * (1.0 - resale) / w->months;
        c->hours_per_month = HOURS_PER_MONTH * (double)c->replicas;
        c->idle_hours_per_month = c->hours_per_month - c->active_hours_per_month;
        c->energy_kwh_per_month = G * (c->active_hours_per_month * wa + c->idle_hours_per_month * wi) / 1000.0;
        c->energy_usd_per_month = c->energy_kwh_per_month * kwh;
        c->buy_monthly_usd = c->depreciation_usd_per_month + c->energy_usd_per_month;
        c->buy_usd_per_mtok_out = c->buy_monthly_usd / out_mtok;
    }

    /* Cloud. */
    double rate = 0;
    c->boot_factor = w->boot_factor;
    if (resolve(c, w, offsetof(rl_workload, cloud_usd_hour), &p->usd_per_gpu_hour, "usd_per_gpu_hour", "USD/GPU-hour",
                RL_COST_MISSING_CLOUD_USD_HOUR, &rate)) {
        c->has_cloud = 1;
        c->usd_per_gpu_hour = rate;
        c->cloud_monthly_usd = c->active_hours_per_month * G * rate * w->boot_factor;
        c->cloud_usd_per_mtok_out = c->cloud_monthly_usd / out_mtok;
    }
    int boot_given = rl_workload_given(w, offsetof(rl_workload, boot_factor));
    assume(c, "boot_factor", w->boot_factor, "factor", boot_given ? RL_ORIGIN_GIVEN : RL_ORIGIN_SPEC,
           boot_given ? "given" : "the specification: container boot and session time");

    /* Serverless API: both prices, or none. */
    double pin = 0, pout = 0;
    int api = resolve(c, w, offsetof(rl_workload, api_usd_mtok_in), &p->api_usd_per_mtok_in, "api_usd_per_mtok_in", "USD/Mtok",
                      RL_COST_MISSING_API_PRICE, &pin);
    api &= resolve(c, w, offsetof(rl_workload, api_usd_mtok_out), &p->api_usd_per_mtok_out, "api_usd_per_mtok_out", "USD/Mtok",
                   RL_COST_MISSING_API_PRICE, &pout);
    if (api) {
        c->has_api = 1;
        c->api_usd_per_mtok_in = pin;
        c->api_usd_per_mtok_out = pout;
        c->api_monthly_usd = c->mtok_in_per_month * pin + out_mtok * pout;
        c->api_usd_per_mtok_out_effective = c->api_monthly_usd / out_mtok;
    }

    /* Break-even traffic within one deployment: buying costs a fixed part
     * (depreciation, and idle power all month) plus a part per request (the
     * extra power of active hours); renting and the API cost per request only. */
    c->chart_max_requests_per_day = c->capacity_requests_per_day;
    if (c->has_cloud)
        c->chart_cloud_usd_at_max = DAYS_PER_MONTH * c->hours_per_request * G * rate * w->boot_factor * c->capacity_requests_per_day;
    if (c->has_api)
        c->chart_api_usd_at_max = DAYS_PER_MONTH * ((double)w->input_tokens * pin + (double)w->output_tokens * pout) /
                                  TOKENS_PER_MTOK * c->capacity_requests_per_day;
    if (c->has_buy) {
        double fixed = hw * G * (1.0 - resale) / w->months + HOURS_PER_MONTH * G * wi / 1000.0 * kwh;
        double buy_slope = DAYS_PER_MONTH * c->hours_per_request * G * (wa - wi) / 1000.0 * kwh;
        c->chart_buy_usd_at_zero = fixed;
        c->chart_buy_usd_at_max = fixed + buy_slope * c->capacity_requests_per_day;
        if (c->has_cloud) {
            double slope = DAYS_PER_MONTH * c->hours_per_request * G * rate * w->boot_factor;
            if (slope > buy_slope && fixed / (slope - buy_slope) <= c->capacity_requests_per_day) {
                c->has_breakeven_cloud = 1;
                c->breakeven_cloud_requests_per_day = fixed / (slope - buy_slope);
            }
        }
        if (c->has_api) {
            double slope = DAYS_PER_MONTH * ((double)w->input_tokens * pin + (double)w->output_tokens * pout) / TOKENS_PER_MTOK;
            if (slope > buy_slope && fixed / (slope - buy_slope) <= c->capacity_requests_per_day) {
                c->has_breakeven_api = 1;
                c->breakeven_api_requests_per_day = fixed / (slope - buy_slope);
            }
        }
    }
}

/* ---- JSON ----------------------------------------------------------------- */

void rl_cost_write(rl_jw *parent, const rl_cost *c) {
    rl_jw s, t, item;
    rl_jw_object(parent, "cost", &s);
    rl_jw_str(&s, "basis", c->realistic ? "realistic" : "floor");

    rl_jw_object(&s, "workload", &t);
    rl_jw_num(&t, "requests_per_day", (double)c->requests_per_day);
    rl_jw_num(&t, "input_tokens", (double)c->input_tokens);
    rl_jw_num(&t, "output_tokens", (double)c->output_tokens);
    rl_jw_num(&t, "days_per_month", c->days_per_month);
    rl_jw_num(&t, "mtok_in_per_month", c->mtok_in_per_month);
    rl_jw_num(&t, "mtok_out_per_month", c->mtok_out_per_month);
    rl_jw_num(&t, "hours_per_request", c->hours_per_request);
    rl_jw_num(&t, "active_hours_per_month", c->active_hours_per_month);
    rl_jw_num(&t, "capacity_requests_per_day", c->capacity_requests_per_day);
    /* Copies of the deployment the traffic keeps busy (its 720 h a month each): every option's, not buy's alone. */
    rl_jw_num(&t, "replicas", (double)c->replicas);
    rl_jw_num(&t, "loaded_step_ms", c->loaded_step_ms);
    rl_jw_num(&t, "tokens_per_s_user", c->tokens_per_s_user);
    rl_jw_num(&t, "gpus", (double)c->gpus);
    rl_jw_end(&t);

    if (c->disagg) {
        rl_jw_object(&s, "disaggregated", &t);
        rl_jw_num(&t, "prefill_gpus", (double)c->prefill_gpus);
        rl_jw_num(&t, "decode_gpus", (double)c->decode_gpus);
        rl_jw_num(&t, "sustained_requests_per_s", c->sustained_requests_per_s);
        rl_jw_str(&t, "limited_by", c->limited_by == 1 ? "prefill" : "decode");
        rl_jw_end(&t);
    }

    if (c->has_buy) {
        rl_jw_object(&s, "buy", &t);
        rl_jw_num(&t, "hardware_usd", c->hardware_usd);
        rl_jw_num(&t, "replicas", (double)c->replicas);
        rl_jw_num(&t, "hardware_usd_total", c->hardware_usd * (double)c->gpus * (double)c->replicas);
        rl_jw_num(&t, "resale_fraction", c->resale_fraction);
        rl_jw_num(&t, "months", c->months);
        rl_jw_num(&t, "depreciation_usd_per_month", c->depreciation_usd_per_month);
        rl_jw_num(&t, "active_watts", c->active_watts);
        rl_jw_num(&t, "idle_watts", c->idle_watts);
        rl_jw_num(&t, "usd_per_kwh", c->usd_per_kwh);
        rl_jw_num(&t, "hours_per_month", c->hours_per_month);
        rl_jw_num(&t, "idle_hours_per_month", c->idle_hours_per_month);
        rl_jw_num(&t, "energy_kwh_per_month", c->energy_kwh_per_month);
        rl_jw_num(&t, "energy_usd_per_month", c->energy_usd_per_month);
        rl_jw_num(&t, "monthly_usd", c->buy_monthly_usd);
        rl_jw_num(&t, "usd_per_mtok_out", c->buy_usd_per_mtok_out);
        rl_jw_end(&t);
    }
    if (c->has_cloud) {
        rl_jw_object(&s, "cloud", &t);
        rl_jw_num(&t, "usd_per_gpu_hour", c->usd_per_gpu_hour);
        rl_jw_num(&t, "gpus", (double)c->gpus);
        rl_jw_num(&t, "boot_factor", c->boot_factor);
        rl_jw_num(&t, "monthly_usd", c->cloud_monthly_usd);
        rl_jw_num(&t, "usd_per_mtok_out", c->cloud_usd_per_mtok_out);
        rl_jw_end(&t);
    }
    if (c->has_api) {
        rl_jw_object(&s, "api", &t);
        rl_jw_num(&t, "usd_per_mtok_in", c->api_usd_per_mtok_in);
        rl_jw_num(&t, "usd_per_mtok_out", c->api_usd_per_mtok_out);
        rl_jw_num(&t, "monthly_usd", c->api_monthly_usd);
        rl_jw_num(&t, "effective_usd_per_mtok_out", c->api_usd_per_mtok_out_effective);
        rl_jw_end(&t);
    }
    /* A crossing that does not happen within one deployment is left out, not null. */
    rl_jw_object(&s, "break_even", &t);
    if (c->has_breakeven_cloud) rl_jw_num(&t, "buy_vs_cloud_requests_per_day", c->breakeven_cloud_requests_per_day);
    if (c->has_breakeven_api) rl_jw_num(&t, "buy_vs_api_requests_per_day", c->breakeven_api_requests_per_day);
    rl_jw_end(&t);

    rl_jw_object(&s, "chart", &t);
    rl_jw_num(&t, "max_requests_per_day", c->chart_max_requests_per_day);
    if (c->has_buy) {
        rl_jw_num(&t, "buy_usd_at_zero", c->chart_buy_usd_at_zero);
        rl_jw_num(&t, "buy_usd_at_max", c->chart_buy_usd_at_max);
    }
    if (c->has_cloud) rl_jw_num(&t, "cloud_usd_at_max", c->chart_cloud_usd_at_max);
    if (c->has_api) rl_jw_num(&t, "api_usd_at_max", c->chart_api_usd_at_max);
    rl_jw_end(&t);

    rl_jw_array(&s, "missing", &t);
    for (unsigned bit = 0; bit < RL_COST_MISSING_COUNT_; bit++)
        if (c->missing & (1u << bit)) rl_jw_str(&t, NULL, rl_cost_missing_name(bit));
    rl_jw_end(&t);

    rl_jw_array(&s, "assumptions", &t);
    for (int i = 0; i < c->assumption_count; i++) {
        const rl_cost_assumption *a = &c->assumptions[i];
        rl_jw_object(&t, NULL, &item);
        rl_jw_str(&item, "name", a->name);
        rl_jw_num(&item, "value", a->value);
        rl_jw_str(&item, "unit", a->unit);
        rl_jw_str(&item, "origin", rl_origin_name(a->origin));
        rl_jw_str(&item, "source", a->source);
        if (a->as_of[0]) rl_jw_str(&item, "as_of", a->as_of);
        rl_jw_end(&item);
    }
    rl_jw_end(&t);
    rl_jw_end(&s);
}

size_t rl_cost_json(const rl_cost *c, char *buf, size_t cap) {
    rl_out o;
    rl_out_init(&o, buf, cap);
    if (c == NULL || !c->present) return o.len;
    rl_jw top;
    rl_jw_begin_object(&top, &o);
    rl_cost_write(&top, c);
    rl_jw_end(&top);
    return o.len;
}
