/* roofline-lint --accuracy: each modelled run of the calibration corpus goes
 * through the one entry point (rl_run_json) as a request; its floor and
 * realistic estimate are set beside the measured value. See
 * tests/measured/README.md for the corpus and the comparisons. */
#define _POSIX_C_SOURCE 200809L
#include "accuracy.h"
#include "files.h"

#include "roofline.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef RL_MEASURED_FILE
#define RL_MEASURED_FILE "tests/measured/runs.json"
#endif

#define MAX_RUNS 512
#define REPORT_CAP (256u * 1024u)

static double num_at(const cJSON *obj, const char *a, const char *b) {
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(obj, a);
    if (b != NULL) x = cJSON_GetObjectItemCaseSensitive(x, b);
    return cJSON_IsNumber(x) ? x->valuedouble : NAN;
}

/* The report of one request, parsed; NULL (and a message) when it has no realistic estimate. */
static cJSON *analyse(const cJSON *request, char *buf, int id) {
    char *text = cJSON_PrintUnformatted(request);
    if (text == NULL) return NULL;
    rl_status st;
    size_t n = rl_run_json(text, strlen(text), NULL, 0, buf, REPORT_CAP, &st);
    free(text);
    if (n >= REPORT_CAP) {
        printf("  run %d: report too long\n", id);
        return NULL;
    }
    cJSON *report = cJSON_Parse(buf);
    if (report == NULL || cJSON_GetObjectItemCaseSensitive(report, "realistic") == NULL) {
        printf("  run %d: no estimate (%s)\n", id, st == RL_OK ? "it does not fit" : rl_status_name(st));
        cJSON_Delete(report);
        return NULL;
    }
    return report;
}

static bool has_check(const cJSON *run, const char *check) {
    const cJSON *c;
    cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(run, "checks")) {
        if (cJSON_IsString(c) && strcmp(c->valuestring, check) == 0) return true;
    }
    return false;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int rl_cli_accuracy(int argc, char **argv) {
    const char *path = RL_MEASURED_FILE;
    bool check = false, holdout = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--check") == 0) check = true;
        else if (strcmp(argv[i], "--holdout") == 0) check = holdout = true;
        else if (strcmp(argv[i], "--measured") == 0 && i + 1 < argc) path = argv[++i];
        else {
            fprintf(stderr, "roofline-lint --accuracy: unknown argument %s (takes --measured PATH, --check, --holdout)\n",
                    argv[i]);
            return 2;
        }
    }
    char *text = rl_read_whole_file(path, NULL);
    cJSON *corpus = text ? cJSON_Parse(text) : NULL;
    free(text);
    const cJSON *runs = cJSON_GetObjectItemCaseSensitive(corpus, "runs");
    if (!cJSON_IsArray(runs)) {
        fprintf(stderr, "roofline-lint --accuracy: cannot read the corpus %s\n", path);
        cJSON_Delete(corpus);
        return 2;
    }
    char *buf = malloc(REPORT_CAP);
    double *errors = malloc(MAX_RUNS * sizeof *errors);
    if (buf == NULL || errors == NULL) {
        free(buf);
        free(errors);
        cJSON_Delete(corpus);
        return 2;
    }

    int modelled = 0, left_out = 0, failed = 0, floors_over = 0, banded = 0, in_band = 0, n_err = 0, within35 = 0;
    printf("%-5s %-10s %-9s %10s %10s %10s %10s %10s %8s %s\n", "run", "engine", "metric", "floor", "low", "expected",
           "high", "measured", "error", "calibrated");
    const cJSON *run;
    cJSON_ArrayForEach(run, runs) {
        int id = (int)num_at(run, "id", NULL);
        if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(run, "modelled"))) {
            left_out++;
            continue;
        }
        modelled++;
        cJSON *report = analyse(cJSON_GetObjectItemCaseSensitive(run, "request"), buf, id);
        if (report == NULL) {
            failed++;
            continue;
        }
        const char *compare = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(run, "compare"));
        const char *unit = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(run, "unit"));
        double value = num_at(run, "value", NULL);
        /* Everything in ms: a per-user tok/s is 1000/step. */
        double measured = unit != NULL && strcmp(unit, "tok/s") == 0 ? 1000.0 / value : value;
        double floor_ms = num_at(report, "decode", "step_ms");
        double mid = num_at(report, "realistic", "step_ms");
        double lo = num_at(report, "realistic", "step_ms_low");
        double hi = num_at(report, "realistic", "step_ms_high");
        bool calibrated = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(report, "realistic"), "calibrated"));
        const char *engine = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(run, "engine_preset"));
        if (compare != NULL && strcmp(compare, "loaded_step_ms") == 0) {
            /* A step under steady traffic (the request's workload): the estimate's step and its band,
             * each with the other requests' prefills between steps (cost.workload.loaded_step_ms).
             * The floor stays the decode step's: no step under load is faster. */
            const cJSON *w = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(report, "cost"), "workload");
            double extra = num_at(w, "loaded_step_ms", NULL) - mid; /* the prefills between steps */
            if (!(extra >= 0)) {
                printf("  run %d: no loaded step (the request needs a workload)\n", id);
                cJSON_Delete(report);
                failed++;
                continue;
            }
            mid += extra;
            lo += extra;
            hi += extra;
        }
        if (compare != NULL && strcmp(compare, "prefill_step_ms") == 0) {
            /* A prefill throughput run (input tokens/s per GPU over a stream of prompts, value / gpus_per_value):
             * compared as the time of one batched prefill step of the request's prefill.step_tokens on its tp x pp
             * GPUs. The band is the engine's band applied to the realistic prefill step, never under the floor. */
            const cJSON *cfg = cJSON_GetObjectItemCaseSensitive(report, "config");
            double per = num_at(run, "gpus_per_value", NULL), tokens = num_at(report, "prefill", "step_tokens");
            double gpus = num_at(cfg, "tp", NULL) * num_at(cfg, "pp", NULL);
            double step = num_at(report, "realistic", "prefill_step_ms");
            if (!(per > 0) || !(tokens > 0) || !(gpus > 0) || !(step > 0)) {
                printf("  run %d: no batched prefill step (gpus_per_value, a sourced TFLOPS figure)\n", id);
                cJSON_Delete(report);
                failed++;
                continue;
            }
            measured = tokens / (value / per) / gpus * 1000.0;
            floor_ms = num_at(report, "prefill", "step_ms");
            lo = fmax(floor_ms, step * lo / mid);
            hi = step * hi / mid;
            mid = step;
        }
        if (compare != NULL && strcmp(compare, "e2e_ms") == 0) {
            /* The batch's prompts as one prefill, then output_len decode steps. */
            cJSON *pre = analyse(cJSON_GetObjectItemCaseSensitive(run, "prefill_request"), buf, id);
            double steps = num_at(run, "output_len", NULL);
            if (pre == NULL || !(steps > 0)) {
                cJSON_Delete(pre);
                cJSON_Delete(report);
                failed++;
                continue;
            }
            double pf = num_at(pre, "prefill", "ms"), pr = num_at(pre, "realistic", "prefill_ms");
            floor_ms = pf + steps * floor_ms;
            mid = pr + steps * mid;
            lo = pr + steps * lo;
            hi = pr + steps * hi;
            cJSON_Delete(pre);
        }
        cJSON_Delete(report);
        double error = (mid - measured) / measured;
        bool over = !(floor_ms <= measured);
        if (over) floors_over++;
        if (has_check(run, "band")) {
            banded++;
            if (lo <= measured && measured <= hi) in_band++;
        }
        if (has_check(run, "error") && n_err < MAX_RUNS) {
            errors[n_err++] = fabs(error);
            if (fabs(error) <= 0.35) within35++;
        }
        printf("%-5d %-10s %-9s %10.3f %10.3f %10.3f %10.3f %10.3f %+7.1f%% %s%s\n", id, engine ? engine : "?",
               compare ? compare : "?", floor_ms, lo, mid, hi, measured, 100.0 * error, calibrated ? "yes" : "no",
               over ? "  FLOOR SLOWER THAN MEASURED" : "");
    }

    qsort(errors, (size_t)n_err, sizeof *errors, by_value);
    double median = n_err == 0 ? NAN : n_err % 2 ? errors[n_err / 2] : (errors[n_err / 2 - 1] + errors[n_err / 2]) / 2.0;
    double band_share = banded ? (double)in_band / banded : NAN;
    printf("\n%d runs modelled, %d left out (see their not_modelled), %d without an estimate\n", modelled, left_out, failed);
    printf("floor slower than measured: %d run(s)\n", floors_over);
    printf("measured inside the low-high band: %d of %d (%.1f%%; at least 90%% required)\n", in_band, banded,
           100.0 * band_share);
    printf("central estimate: median |error| %.1f%% (at most 20%% required), %d of %d within +-35%%\n", 100.0 * median,
           within35, n_err);
    /* The corpus rules, or (--holdout, runs not used in the fit) the out-of-sample ones (median |error| <= 25%, >= 75% within +-35%, no floor slower). */
    bool ok = holdout ? failed == 0 && floors_over == 0 && n_err > 0 && median <= 0.25 && within35 >= 0.75 * n_err
                      : failed == 0 && floors_over == 0 && banded > 0 && band_share >= 0.90 && n_err > 0 && median <= 0.20;
    if (holdout)
        printf("held out: no floor over, median |error| <= 25%%, at least 75%% within +-35%% required\n");
    free(buf);
    free(errors);
    cJSON_Delete(corpus);
    if (!check) return 0;
    printf("%s\n", ok ? "accuracy check passed" : "ACCURACY CHECK FAILED");
    return ok ? 0 : 1;
}
