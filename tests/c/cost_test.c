/* The cost's C contract, where the vectors cannot reach: the basis
 * is one input, so a realistic step and prefill replace the floor unchanged
 * and are labelled so; no workload gives no cost; missing prices are named;
 * bad arguments are refused. The figures use binary-exact inputs, so the
 * expected values are exact. */
#include "roofline.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

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
    CHECK(rl_cost_compute(&w, &b, "h100-sxm", "llama-3-70b", &c, &err) == RL_OK && c.missing == RL_COST_MISSING_IDLE_WATTS,
          "h100-sxm lacks only idle power (0x%x)", c.missing);
    CHECK(c.has_cloud && c.usd_per_gpu_hour == 3.99 && c.has_api && c.api_usd_per_mtok_out == 0.79, "the presets' prices");
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

int main(void) {
    test_defaults();
    test_realistic_basis();
    test_missing_and_none();
    test_bad();
    printf("cost: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
