/* The cost's C contract, where the vectors cannot reach: the basis
 * is one input, so a realistic step and prefill replace the floor unchanged
 * and are labelled so; no workload gives no cost; missing prices are named;
 * bad arguments are refused. The figures use binary-exact inputs, so the
 * expected values are exact. */
#include "roofline.h"

#include <stddef.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static int passed, failed;
#include "check.h"

static void give(rl_workload *w, size_t offset, double v) {
    *(double *)((char *)w + offset) = v;
    w->given |= (uint64_t)1 << (offset / 8);
}

static void test_defaults(void) {
    rl_workload w = rl_workload_default();
    CHECK(w.requests_per_day == 0 && w.given == 0, "no workload and nothing given by default");
    CHECK(w.months == 36 && w.boot_factor == 1.15, "36 months and a 1.15 boot factor (got %g, %g)", w.months, w.boot_factor);
    CHECK(!rl_workload_given(&w, offsetof(rl_workload, months)), "a default is not given");
}

static void test_realistic_basis(void) {
    rl_workload w = rl_workload_default();
    w.requests_per_day = 2400;
    w.input_tokens = 1000;
    w.output_tokens = 250;
    give(&w, offsetof(rl_workload, hardware_usd), 36000);
    give(&w, offsetof(rl_workload, resale_fraction), 0.5);
    give(&w, offsetof(rl_workload, active_watts), 1000);
    give(&w, offsetof(rl_workload, idle_watts), 0);
    give(&w, offsetof(rl_workload, electricity_usd_kwh), 0.25);
    give(&w, offsetof(rl_workload, cloud_usd_hour), 2);
    give(&w, offsetof(rl_workload, boot_factor), 1);
    give(&w, offsetof(rl_workload, api_usd_mtok_in), 1);
    give(&w, offsetof(rl_workload, api_usd_mtok_out), 2);
    /* 250 tokens x 14.4 ms / batch 1 + 0 prefill = 3.6 s = 1/1000 h per request. */
    rl_cost_basis b = {14.4, 0.0, 1, 1, 1};
    rl_cost c;
    rl_error err;
    CHECK(rl_cost_compute(&w, &b, NULL, NULL, &c, &err) == RL_OK, "computes: %s", err.message);
    CHECK(c.present && c.realistic, "present, on the realistic basis");
    CHECK(c.step_ms == 14.4 && c.prefill_ms == 0 && c.batch == 1, "the basis is echoed");
    double active = 2400.0 * 30 * (250 * 14.4 / 3.6e6);
    CHECK(c.active_hours_per_month == active, "active hours %.17g (expected %.17g)", c.active_hours_per_month, active);
    CHECK(c.has_buy && c.depreciation_usd_per_month == 500, "depreciation 36000 x 0.5 / 36 = 500 (got %.17g)", c.depreciation_usd_per_month);
    CHECK(c.has_cloud && c.cloud_monthly_usd == active * 2, "cloud = active h x $2 (got %.17g)", c.cloud_monthly_usd);
    CHECK(c.has_api && c.api_monthly_usd == 72 * 1 + 18 * 2, "API = 72 Mtok x $1 + 18 Mtok x $2 (got %.17g)", c.api_monthly_usd);
    CHECK(c.missing == 0, "nothing missing");
    char buf[16384];
    size_t n = rl_cost_json(&c, buf, sizeof buf);
    CHECK(n < sizeof buf && strstr(buf, "\"basis\":\"realistic\"") != NULL, "the JSON says realistic: %.80s", buf);
    CHECK(strstr(buf, "\"source\":\"given\"") != NULL, "given figures say so");
}

static void test_missing_and_none(void) {
    rl_workload w = rl_workload_default();
    rl_cost_basis b = {10, 5, 4, 2, 0};
    rl_cost c;
    rl_error err;
    CHECK(rl_cost_compute(&w, &b, "h100-sxm", "llama-3-70b", &c, &err) == RL_OK && !c.present, "no workload, no cost");
    char buf[64];
    CHECK(rl_cost_json(&c, buf, sizeof buf) == 0 && buf[0] == '\0', "and no JSON");
    w.requests_per_day = 100;
    w.input_tokens = 10;
    w.output_tokens = 10;
    CHECK(rl_cost_compute(&w, &b, "no-such-gpu", "no-such-model", &c, &err) == RL_OK && c.present, "unpriced ids still cost");
    unsigned want = RL_COST_MISSING_HARDWARE_USD | RL_COST_MISSING_RESALE_FRACTION | RL_COST_MISSING_ACTIVE_WATTS |
                    RL_COST_MISSING_IDLE_WATTS | RL_COST_MISSING_CLOUD_USD_HOUR | RL_COST_MISSING_API_PRICE;
    CHECK(c.missing == want, "every price but electricity is missing (0x%x)", c.missing);
    CHECK(!c.has_buy && !c.has_cloud && !c.has_api, "so no option is shown");
    CHECK(rl_cost_compute(&w, &b, "h100-sxm", "llama-3-70b", &c, &err) == RL_OK && c.missing == 0,
          "h100-sxm lacks nothing: its idle power by the rule (0x%x)", c.missing);
    CHECK(c.has_cloud && c.usd_per_gpu_hour == 3.99 && c.has_api && c.api_usd_per_mtok_out == 0.74, "the presets' prices (h100-sxm.json, llama-3-70b.json)");
    CHECK(strcmp(rl_cost_missing_name(3), "buy.idle_watts") == 0 && rl_cost_missing_name(99)[0] == '\0', "missing names");
}

static void test_bad(void) {
    rl_workload w = rl_workload_default();
    w.requests_per_day = 1;
    w.input_tokens = 1;
    w.output_tokens = 1;
    rl_cost_basis b = {0, 0, 1, 1, 0};
    rl_cost c;
    rl_error err;
    CHECK(rl_cost_compute(&w, &b, NULL, NULL, &c, &err) == RL_E_RANGE, "a zero step is refused");
    CHECK(rl_cost_compute(NULL, &b, NULL, NULL, &c, &err) == RL_E_NULL, "NULL workload");
    CHECK(rl_cost_compute(&w, &b, NULL, NULL, NULL, &err) == RL_E_NULL, "NULL output");
}

/* The break-even sits exactly on one deployment's capacity: it is still within it ("<= capacity").
 * One GPU, batch 1, one output token of a 3.6e6 ms step and no prefill: 1 hour per request, so one
 * deployment serves 24 / 1 = 24 requests/day. Buying: $720 over 1 month, no resale, 0 W: fixed $720 a
 * month, no cost per request. Renting at $1/GPU-hour with boot factor 1 costs 30 days x 1 h x $1 = $30 a
 * month per request/day; the API at $5e5 per Mtok in and out (1 token each) 30 x 1e6 / 1e6 = $30 too.
 * Both cross buying at 720 / 30 = 24 requests/day = the capacity. At $721 they cross at 24.03: past it. */
static void test_breakeven_at_capacity(void) {
    for (int over = 0; over <= 1; over++) {
        rl_workload w = rl_workload_default();
        w.requests_per_day = 1;
        w.input_tokens = 1;
        w.output_tokens = 1;
        give(&w, offsetof(rl_workload, hardware_usd), over ? 721 : 720);
        give(&w, offsetof(rl_workload, months), 1);
        give(&w, offsetof(rl_workload, resale_fraction), 0);
        give(&w, offsetof(rl_workload, active_watts), 0);
        give(&w, offsetof(rl_workload, idle_watts), 0);
        give(&w, offsetof(rl_workload, electricity_usd_kwh), 1);
        give(&w, offsetof(rl_workload, cloud_usd_hour), 1);
        give(&w, offsetof(rl_workload, boot_factor), 1);
        give(&w, offsetof(rl_workload, api_usd_mtok_in), 5e5);
        give(&w, offsetof(rl_workload, api_usd_mtok_out), 5e5);
        rl_cost_basis b = {3.6e6, 0.0, 1, 1, 1};
        rl_cost c;
        rl_error err;
        CHECK(rl_cost_compute(&w, &b, NULL, NULL, &c, &err) == RL_OK, "computes: %s", err.message);
        CHECK(c.hours_per_request == 1 && c.capacity_requests_per_day == 24 && c.chart_max_requests_per_day == 24,
              "1 h per request, 24 a day (got %.17g, %.17g)", c.hours_per_request, c.capacity_requests_per_day);
        CHECK(c.chart_buy_usd_at_zero == (over ? 721 : 720) && c.chart_buy_usd_at_max == (over ? 721 : 720),
              "buying is flat at the hardware price (got %.17g, %.17g)", c.chart_buy_usd_at_zero, c.chart_buy_usd_at_max);
        CHECK(c.chart_cloud_usd_at_max == 720 && c.chart_api_usd_at_max == 720, "cloud and API at 24/day: $720 (got %.17g, %.17g)",
              c.chart_cloud_usd_at_max, c.chart_api_usd_at_max);
        if (!over)
            CHECK(c.has_breakeven_cloud && c.breakeven_cloud_requests_per_day == 24 && c.has_breakeven_api &&
                      c.breakeven_api_requests_per_day == 24,
                  "break-evens at exactly the capacity, 24/day (got %d %.17g, %d %.17g)", c.has_breakeven_cloud,
                  c.breakeven_cloud_requests_per_day, c.has_breakeven_api, c.breakeven_api_requests_per_day);
        else
            CHECK(!c.has_breakeven_cloud && !c.has_breakeven_api, "break-evens past the capacity are not given");
    }
}

/* Every figure of a cost with replicas, idle power and a prefill, by hand (relative 1e-12).
 * Two GPUs, batch 4, a 14.4 ms step, 900 ms prefill, 250 output tokens: (900 + 250 x 14.4 / 4) ms = 1800 ms
 * = 0.0005 h per request; 24 / 0.0005 = 48000 requests/day per deployment. 2,000,000 requests/day x 30 =
 * 6e7 requests a month: 30000 active hours, 30000 / 720 = 41.7 -> 42 replicas; 1000 input and 250 output
 * tokens each: 60000 and 15000 Mtok. Buy: $10000 per GPU x 2 x 42 x (1 - 0.25) / 36 months = $17500; hours
 * 720 x 42 = 30240, idle 240; energy 2 x (30000 h x 700 W + 240 h x 100 W) / 1000 = 42048 kWh x $0.125 =
 * $5256; total $22756, / 15000 Mtok = $1.5170666.../Mtok. Cloud: 30000 h x 2 GPUs x $2 x 1.25 = $150000,
 * $10/Mtok. API: 60000 x $0.5 + 15000 x $2 = $60000, $4/Mtok. Chart and break-evens, per request/day:
 * fixed = 10000 x 2 x 0.75 / 36 + 720 x 2 x 100 / 1000 x 0.125 = 416.666... + 18; buy slope = 30 x 0.0005 x
 * 2 x (700 - 100) / 1000 x 0.125 = 0.00225; cloud slope 30 x 0.0005 x 2 x 2 x 1.25 = 0.075; API slope 30 x
 * (1000 x 0.5 + 250 x 2) / 1e6 = 0.03. */
static int close_to(double got, double want) {
    double d = got - want;
    if (d < 0) d = -d;
    return d <= 1e-12 * (want < 0 ? -want : want);
}
static void test_every_figure(void) {
    rl_workload w = rl_workload_default();
    w.requests_per_day = 2000000;
    w.input_tokens = 1000;
    w.output_tokens = 250;
    give(&w, offsetof(rl_workload, hardware_usd), 10000);
    give(&w, offsetof(rl_workload, resale_fraction), 0.25);
    give(&w, offsetof(rl_workload, active_watts), 700);
    give(&w, offsetof(rl_workload, idle_watts), 100);
    give(&w, offsetof(rl_workload, electricity_usd_kwh), 0.125);
    give(&w, offsetof(rl_workload, cloud_usd_hour), 2);
    give(&w, offsetof(rl_workload, boot_factor), 1.25);
    give(&w, offsetof(rl_workload, api_usd_mtok_in), 0.5);
    give(&w, offsetof(rl_workload, api_usd_mtok_out), 2);
    rl_cost_basis b = {14.4, 900, 4, 2, 0};
    rl_cost c;
    rl_error err;
    CHECK(rl_cost_compute(&w, &b, NULL, NULL, &c, &err) == RL_OK && c.present && !c.realistic, "computes on the floor");
    double fixed = 10000.0 * 2 * 0.75 / 36 + 18, buy_slope = 0.00225;
    struct {
        const char *name;
        double got, want;
    } f[] = {
        {"hours_per_request", c.hours_per_request, 0.0005},
        {"capacity", c.capacity_requests_per_day, 48000},
        {"mtok_in", c.mtok_in_per_month, 60000},
        {"mtok_out", c.mtok_out_per_month, 15000},
        {"active_hours", c.active_hours_per_month, 30000},
        {"depreciation", c.depreciation_usd_per_month, 17500},
        {"hours_per_month", c.hours_per_month, 30240},
        {"idle_hours", c.idle_hours_per_month, 240},
        {"energy_kwh", c.energy_kwh_per_month, 42048},
        {"energy_usd", c.energy_usd_per_month, 5256},
        {"buy_monthly", c.buy_monthly_usd, 22756},
        {"buy_per_mtok", c.buy_usd_per_mtok_out, 22756.0 / 15000},
        {"cloud_monthly", c.cloud_monthly_usd, 150000},
        {"cloud_per_mtok", c.cloud_usd_per_mtok_out, 10},
        {"api_monthly", c.api_monthly_usd, 60000},
        {"api_per_mtok", c.api_usd_per_mtok_out_effective, 4},
        {"chart_buy_zero", c.chart_buy_usd_at_zero, fixed},
        {"chart_buy_max", c.chart_buy_usd_at_max, fixed + buy_slope * 48000},
        {"chart_cloud_max", c.chart_cloud_usd_at_max, 0.075 * 48000},
        {"chart_api_max", c.chart_api_usd_at_max, 0.03 * 48000},
        {"breakeven_cloud", c.breakeven_cloud_requests_per_day, fixed / (0.075 - buy_slope)},
        {"breakeven_api", c.breakeven_api_requests_per_day, fixed / (0.03 - buy_slope)},
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        CHECK(close_to(f[i].got, f[i].want), "%s = %.17g, expected %.17g", f[i].name, f[i].got, f[i].want);
    CHECK(c.replicas == 42 && c.gpus == 2 && c.batch == 4 && c.has_buy && c.has_cloud && c.has_api &&
              c.has_breakeven_cloud && c.has_breakeven_api && c.missing == 0,
          "42 replicas of 2 GPUs, every option, both break-evens");
    CHECK(c.hardware_usd == 10000 && c.resale_fraction == 0.25 && c.active_watts == 700 && c.idle_watts == 100 &&
              c.usd_per_kwh == 0.125 && c.usd_per_gpu_hour == 2 && c.boot_factor == 1.25 && c.months == 36 &&
              c.api_usd_per_mtok_in == 0.5 && c.api_usd_per_mtok_out == 2,
          "the given figures echoed");
    /* Exactly one deployment's hours (48000 requests/day x 30 x 0.0005 h = 720 h a month) is one replica. */
    w.requests_per_day = 48000;
    CHECK(rl_cost_compute(&w, &b, NULL, NULL, &c, &err) == RL_OK && c.active_hours_per_month == 720 && c.replicas == 1 &&
              c.idle_hours_per_month == 0,
          "720 active hours: one replica, no idle hour (%lld, %.17g)", (long long)c.replicas, c.active_hours_per_month);
    w.requests_per_day = 48001;
    CHECK(rl_cost_compute(&w, &b, NULL, NULL, &c, &err) == RL_OK && c.replicas == 2, "a request more: two replicas");
}

/* The `given` bits: bit (offset / 8) says the member at `offset` was given (roofline.h); one member given says
 * nothing of the others. */
static void test_given_bits(void) {
    static const size_t members[] = {
        offsetof(rl_workload, hardware_usd),      offsetof(rl_workload, months),
        offsetof(rl_workload, resale_fraction),   offsetof(rl_workload, electricity_usd_kwh),
        offsetof(rl_workload, active_watts),      offsetof(rl_workload, idle_watts),
        offsetof(rl_workload, cloud_usd_hour),    offsetof(rl_workload, boot_factor),
        offsetof(rl_workload, api_usd_mtok_in),   offsetof(rl_workload, api_usd_mtok_out),
    };
    size_t n = sizeof members / sizeof members[0];
    for (size_t i = 0; i < n; i++) {
        rl_workload w = rl_workload_default();
        w.given = (uint64_t)1 << (members[i] / 8);
        for (size_t k = 0; k < n; k++)
            CHECK(rl_workload_given(&w, members[k]) == (k == i), "only member %zu given: member %zu reads %d", i, k,
                  rl_workload_given(&w, members[k]));
    }
}

/* Price presets by kind: a model's price file is no GPU's and a GPU's no model's. With the ids swapped nothing
 * is priced but electricity (presets/prices/electricity.json); every missing figure stays 0 in the cost. */
static void test_price_kinds(void) {
    rl_workload w = rl_workload_default();
    w.requests_per_day = 100;
    w.input_tokens = 10;
    w.output_tokens = 10;
    rl_cost_basis b = {10, 5, 4, 2, 0};
    rl_cost c;
    rl_error err;
    CHECK(rl_cost_compute(&w, &b, "llama-3-70b", "h100-sxm", &c, &err) == RL_OK && c.present, "swapped ids still cost");
    unsigned want = RL_COST_MISSING_HARDWARE_USD | RL_COST_MISSING_RESALE_FRACTION | RL_COST_MISSING_ACTIVE_WATTS |
                    RL_COST_MISSING_IDLE_WATTS | RL_COST_MISSING_CLOUD_USD_HOUR | RL_COST_MISSING_API_PRICE;
    CHECK(c.missing == want, "swapped ids: everything but electricity missing (0x%x)", c.missing);
    CHECK(c.hardware_usd == 0 && c.resale_fraction == 0 && c.active_watts == 0 && c.idle_watts == 0 &&
              c.usd_per_gpu_hour == 0 && c.api_usd_per_mtok_in == 0 && c.api_usd_per_mtok_out == 0 && c.usd_per_kwh > 0,
          "missing figures read 0, electricity its preset's");
    /* The right ids: h100-sxm's hardware, resale class, power (idle by the rule) and cloud, llama-3-70b's API. */
    CHECK(rl_cost_compute(&w, &b, "h100-sxm", "llama-3-70b", &c, &err) == RL_OK && c.missing == 0 && c.has_cloud && c.has_api &&
              c.has_buy && c.idle_watts == 700 * RL_IDLE_FRACTION,
          "the right ids: nothing missing, idle by the rule (0x%x)", c.missing);
    CHECK(c.resale_fraction == 0.35, "NVIDIA's resale class: 35%% (got %g)", c.resale_fraction);
    /* Idle power given: it replaces the rule's. */
    give(&w, offsetof(rl_workload, idle_watts), 60);
    CHECK(rl_cost_compute(&w, &b, "h100-sxm", "llama-3-70b", &c, &err) == RL_OK && c.missing == 0 && c.has_buy &&
              c.idle_watts == 60 && c.hardware_usd > 0 && c.active_watts > 0,
          "idle power given: every option (0x%x)", c.missing);
}

/* The basis is checked: a step > 0, a prefill >= 0 (0 allowed), batch and GPUs >= 1. */
static void test_basis_bounds(void) {
    rl_workload w = rl_workload_default();
    w.requests_per_day = 1;
    w.input_tokens = 1;
    w.output_tokens = 1;
    rl_cost c;
    rl_error err;
    static const struct {
        rl_cost_basis b;
        rl_status want;
    } cases[] = {
        {{1, 0, 1, 1, 0}, RL_OK},        {{1, -1, 1, 1, 0}, RL_E_RANGE}, {{-1, 0, 1, 1, 0}, RL_E_RANGE},
        {{1, 0, 0, 1, 0}, RL_E_RANGE},   {{1, 0, 1, 0, 0}, RL_E_RANGE},  {{1, 0, -1, 1, 0}, RL_E_RANGE},
        {{1e-300, 0, 1, 1, 0}, RL_OK},   {{1e-9, 0, 1, 1, 0}, RL_OK},    {{0, 0, 1, 1, 0}, RL_E_RANGE},
        {{1, -1e-9, 1, 1, 0}, RL_E_RANGE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rl_status st = rl_cost_compute(&w, &cases[i].b, NULL, NULL, &c, &err);
        CHECK(st == cases[i].want && (st == RL_OK ? c.present : !c.present && strcmp(err.field, "cost") == 0),
              "basis %zu: status %d, expected %d", i, st, cases[i].want);
    }
    /* No requests a day is no workload: no cost, whatever the basis. */
    w.requests_per_day = 0;
    const rl_cost_basis zero_step = {0, 0, 1, 1, 0};
    CHECK(rl_cost_compute(&w, &zero_step, NULL, NULL, &c, &err) == RL_OK && !c.present, "none is no cost, whatever the basis");
    w.requests_per_day = 1;
    /* A NaN step is refused as well. */
    rl_cost_basis nan_b = {0, 0, 1, 1, 0};
    nan_b.step_ms = nan_b.step_ms / nan_b.prefill_ms;
    CHECK(rl_cost_compute(&w, &nan_b, NULL, NULL, &c, &err) == RL_E_RANGE, "a NaN step");
    nan_b.step_ms = 1;
    nan_b.prefill_ms = 0.0 / (nan_b.step_ms - 1);
    CHECK(rl_cost_compute(&w, &nan_b, NULL, NULL, &c, &err) == RL_E_RANGE, "a NaN prefill");
    /* The JSON of a cost that is not there is empty, and of NULL too. */
    char buf[64] = "x";
    CHECK(rl_cost_json(NULL, buf, sizeof buf) == 0 && buf[0] == '\0', "no cost, no JSON");
}

/* Prices read once (the planner's way) cost the same as prices read per call, byte for byte:
 * for priced and unpriced ids, given figures, both bases, a refusal of the basis and no workload. */
static void test_prices_read_once(void) {
    static const struct {
        const char *gpu, *model;
    } ids[] = {{"h100-sxm", "llama-3-70b"}, {"rtx-4090", "qwen3-4b"}, {"no-such-gpu", NULL}, {NULL, "llama-3-70b"}};
    static const rl_cost_basis bases[] = {{10, 5, 4, 2, 0}, {7.5, 0, 1, 1, 1}, {0, 5, 4, 2, 0}};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        rl_cost_prices p;
        rl_error err;
        CHECK(rl_cost_read_prices(ids[i].gpu, ids[i].model, &p, &err) == RL_OK, "prices of %s and %s read", ids[i].gpu,
              ids[i].model);
        for (size_t j = 0; j < sizeof bases / sizeof bases[0]; j++)
            for (int given = 0; given < 2; given++)
                for (int64_t rpd = 0; rpd <= 5000; rpd += 5000) {
                    rl_workload w = rl_workload_default();
                    w.requests_per_day = rpd;
                    w.input_tokens = 1000;
                    w.output_tokens = 300;
                    if (given) give(&w, offsetof(rl_workload, idle_watts), 60);
                    static rl_cost once, each; /* static: zeroed, and off the stack */
                    rl_error e1, e2;
                    memset(&once, 0xA5, sizeof once);
                    memset(&each, 0x5A, sizeof each);
                    rl_status s1 = rl_cost_compute(&w, &bases[j], ids[i].gpu, ids[i].model, &each, &e1);
                    rl_status s2 = rl_cost_compute_priced(&w, &bases[j], &p, &once, &e2);
                    CHECK(s1 == s2 && memcmp(&once, &each, sizeof once) == 0 && strcmp(e1.message, e2.message) == 0,
                          "%s/%s, basis %zu, given %d, %lld requests/day: the same cost read once or per call (%d %d)",
                          ids[i].gpu, ids[i].model, j, given, (long long)rpd, s1, s2);
                }
    }
    rl_workload w = rl_workload_default();
    w.requests_per_day = 1;
    rl_cost_basis b = {10, 5, 4, 2, 0};
    rl_cost c;
    rl_error err;
    CHECK(rl_cost_compute_priced(&w, &b, NULL, &c, &err) == RL_E_NULL, "no prices: refused as null");
    CHECK(rl_cost_read_prices("h100-sxm", NULL, NULL, &err) == RL_E_NULL, "nowhere to read prices into: refused as null");
}

/* A price's date, as cite() writes it into the source ("... (as of 2024-05-23)"), is a whole
 * day: the guide asks for a date on every price, and a year alone ("2024") does not say how
 * stale a price is. */
/* "(as of YYYY-MM-DD)" or, for a figure its source dates by the year alone, "(as of YYYY)". */
static int dated_to_the_day(const char *source) {
    const char *at = strstr(source, "(as of ");
    if (!at) return 0;
    at += strlen("(as of ");
    int n = at[4] == ')' ? 4 : 10;
    for (int i = 0; i < n; i++)
        if (i == 4 || i == 7 ? at[i] != '-' : !isdigit((unsigned char)at[i])) return 0;
    return at[n] == ')';
}

/* Every price preset reads whole: each GPU and model preset's prices (an offer with its price,
 * provider, date and source; a figure with its value, date and source) give no error, and each
 * figure found cites a date. The reader's checks for a malformed offer then guard only against a
 * preset added without them (tests/mutants-equivalent.md, d7). */
/* Today as YYYY-MM-DD (UTC): no price preset may be dated after it. */
static const char *today(void) {
    static char buf[16];
    time_t now = time(NULL);
    strftime(buf, sizeof buf, "%Y-%m-%d", gmtime(&now));
    return buf;
}

static void test_every_preset_reads(void) {
    for (size_t i = 0; i < rl_preset_count(RL_PRESET_GPU); i++) {
        const char *gpu = rl_preset_id(RL_PRESET_GPU, i);
        rl_cost_prices p;
        rl_error err;
        rl_status st = rl_cost_read_prices(gpu, NULL, &p, &err);
        CHECK(st == RL_OK, "%s: its prices read (%s)", gpu, err.message);
        const rl_price_figure *figs[] = {&p.hardware_usd, &p.active_watts, &p.idle_watts, &p.usd_per_gpu_hour, &p.usd_per_kwh};
        for (size_t k = 0; k < sizeof figs / sizeof figs[0]; k++)
            CHECK(!figs[k]->ok || (dated_to_the_day(figs[k]->source) && strlen(strstr(figs[k]->source, "(as of ")) > strlen("(as of 2026-01-01): ") &&
                                   (strlen(figs[k]->as_of) == 10 || strlen(figs[k]->as_of) == 4) &&
                                   (figs[k]->origin == RL_ORIGIN_PRESET || figs[k]->origin == RL_ORIGIN_BOARD || figs[k]->origin == RL_ORIGIN_RULE)),
                  "%s: figure %zu cites its source and date (%s)", gpu, k, figs[k]->source);
        for (size_t k = 0; k < sizeof figs / sizeof figs[0]; k++)
            CHECK(!figs[k]->ok || rl_price_age_days(figs[k]->as_of, today()) >= 0, "%s: figure %zu is dated %s, not after today (%s)", gpu, k,
                  figs[k]->as_of, today());
    }
    for (size_t i = 0; i < rl_preset_count(RL_PRESET_MODEL); i++) {
        const char *model = rl_preset_id(RL_PRESET_MODEL, i);
        rl_cost_prices p;
        rl_error err;
        CHECK(rl_cost_read_prices(NULL, model, &p, &err) == RL_OK, "%s: its API prices read (%s)", model, err.message);
        CHECK(!p.api_usd_per_mtok_in.ok == !p.api_usd_per_mtok_out.ok, "%s: both API prices or none", model);
        CHECK(!p.api_usd_per_mtok_in.ok || (dated_to_the_day(p.api_usd_per_mtok_in.source) && dated_to_the_day(p.api_usd_per_mtok_out.source)),
              "%s: its API prices are dated to the day (%s)", model, p.api_usd_per_mtok_in.source);
    }
}

/* RL_IDLE_FRACTION is the highest idle-to-board ratio among the price presets that give both a measured
 * board idle figure and a board power (the header names the A100 80GB's 62.13 of 400 W): a new reading
 * that idles higher must raise it. */
static void test_idle_rule_from_presets(void) {
    double highest = 0;
    for (size_t i = 0; i < rl_preset_count(RL_PRESET_GPU); i++) {
        const char *gpu = rl_preset_id(RL_PRESET_GPU, i);
        rl_cost_prices p;
        rl_error err;
        if (rl_cost_read_prices(gpu, NULL, &p, &err) != RL_OK || !p.idle_watts.ok || !p.active_watts.ok ||
            p.idle_watts.origin != RL_ORIGIN_BOARD || p.active_watts.origin != RL_ORIGIN_BOARD)
            continue;
        double f = p.idle_watts.value / p.active_watts.value;
        if (f > highest) highest = f;
    }
    CHECK(highest == RL_IDLE_FRACTION, "the idle rule is the presets' highest measured fraction (%.6f, the rule %.6f)", highest,
          RL_IDLE_FRACTION);
}

/* A price's age: to the day, a year alone from its last day, and -1 for what is not a date or is after today. */
static void test_price_age(void) {
    static const struct {
        const char *as_of, *today;
        long long days;
    } rows[] = {{"2025-12-05", "2026-12-05", 365}, {"2025-12-04", "2026-12-05", 366}, {"2024-02-29", "2024-03-01", 1},
                {"2024", "2026-12-05", 704},        {"2026-12-05", "2026-12-05", 0},   {"2026-12-06", "2026-12-05", -1},
                {"2026-13-01", "2026-12-05", -1},   {"2025-02-29", "2026-12-05", -1},  {"26-12-05", "2026-12-05", -1},
                {"2026-12-05", "2026", -1},         {"", "2026-12-05", -1},            {"2000-01-01", "2400-03-01", 146157}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        long long got = (long long)rl_price_age_days(rows[i].as_of, rows[i].today);
        CHECK(got == rows[i].days, "age of %s on %s: %lld days (got %lld)", rows[i].as_of, rows[i].today, rows[i].days, got);
    }
}

int main(void) {
    test_every_preset_reads();
    test_idle_rule_from_presets();
    test_price_age();
    test_prices_read_once();
    test_given_bits();
    test_price_kinds();
    test_basis_bounds();
    test_breakeven_at_capacity();
    test_every_figure();
    test_defaults();
    test_realistic_basis();
    test_missing_and_none();
    test_bad();
    printf("cost: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
