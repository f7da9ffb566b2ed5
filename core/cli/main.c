/* roofline-lint: does an LLM deployment fit, and where is its decode bottleneck?
 * Exit codes: 0 fits, 3 does not fit, 2 bad arguments or config.json,
 * 1 a self-test or prove-red failure. */
#define _POSIX_C_SOURCE 200809L
#include "accuracy.h"
#include "compare.h"
#include "faults.h"
#include "flags.h"
#include "report_md.h"
#include "plan.h"
#include "files.h"
#include "matrix.h"
#include "hf_cache.h"
#include "lint_text.h"
#include "messages.h"
#include "source_words.h"
#include "report_text.h"
#include "requests.h"
#include "roofline.h"
#include "vectors.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EXIT_FITS = 0, EXIT_SELFTEST = 1, EXIT_USAGE = 2, EXIT_REFUSED = 3 };

/* An error names the flag on the terminal ("--batch: ...") and the request
 * key in JSON ("field": "batch"), the one vocabulary of the page and the API. */
static int fail_error(const rl_error *err, int json) {
    if (json) {
        char buf[1024];
        rl_error_json(err, buf, sizeof buf);
        printf("%s\n", buf);
    }
    const char *flag = rl_cli_flag_of(err->field);
    char text[1024];
    /* --lang zh: the error worded from its code, field and the field's range (the JSON above stays as it is). */
    fprintf(stderr, "roofline-lint: %s [%s]: %s%s%s\n", rl_msg_text("cli.error"), rl_status_name(err->status), flag ? flag : "",
            flag ? ": " : "", rl_msg_error_after_flag(err, flag, text, sizeof text));
    if (err->status == RL_E_USAGE) fprintf(stderr, "%s\n", rl_msg_text("cli.seeHelp"));
    return EXIT_USAGE;
}

/* --lang takes en or zh: anything else is a bad input naming --lang and the accepted values. */
static int fail_lang(const char *got, int json) {
    rl_error e = {.status = RL_E_UNKNOWN_NAME, .field = "--lang", .message = ""};
    snprintf(e.message, sizeof e.message, "--lang must be en or zh (got \"%.40s\")", got);
    if (json) {
        char buf[1024];
        rl_error_json(&e, buf, sizeof buf);
        printf("%s\n", buf);
    }
    char text[256];
    fprintf(stderr, "roofline-lint: %s [%s]: %s\n", rl_msg_text("cli.error"), rl_status_name(e.status),
            RL_MSG(text, "cli.langError", "got", got));
    return EXIT_USAGE;
}

static int list_presets(void) {
    printf("%s\n", rl_msg_text("cli.list.models"));
    for (size_t i = 0; i < rl_preset_count(RL_PRESET_MODEL); i++) {
        const char *id = rl_preset_id(RL_PRESET_MODEL, i);
        rl_model m;
        rl_error err;
        if (rl_model_preset(id, &m, &err) == RL_OK)
            printf("  %-18s %16.0f / %.0f\n", id, m.params_total, m.params_active);
        else {
            char text[1024]; /* in the CLI's language, from the error's code and field */
            printf("  %-18s (not loadable: %s)\n", id, rl_msg_error(&err, rl_cli_flag_of(err.field), text, sizeof text));
        }
    }
    printf("%s\n", rl_msg_text("cli.list.gpus"));
    for (size_t i = 0; i < rl_preset_count(RL_PRESET_GPU); i++) {
        const char *id = rl_preset_id(RL_PRESET_GPU, i);
        rl_gpu g;
        rl_error err;
        cJSON *j = cJSON_Parse(rl_preset_json(RL_PRESET_GPU, id));
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(j, "name");
        if (rl_gpu_preset(id, 0, &g, &err) == RL_OK)
        {
            char tflops[32];
            if (g.tflops_unknown) snprintf(tflops, sizeof tflops, "%s", rl_msg_text("cli.list.unsourced"));
            else snprintf(tflops, sizeof tflops, "%.4g", g.tflops);
            /* right-aligned in nine terminal columns, in any language */
            printf("  %-18s %*s%s / %6.4g / %6.4g  %s\n", id, 9 - rl_msg_columns(tflops), "", tflops, g.bandwidth_gbs,
                   g.vram_gib, cJSON_IsString(name) ? name->valuestring : "");
        }
        else {
            /* The one preset a GPU can fail to load as: unified memory with no sourced GPU limit. */
            char text[1024];
            printf("  %-18s (%s)\n", id,
                   err.status == RL_E_UNSUPPORTED ? rl_msg_text("cli.list.noLimit")
                                                  : rl_msg_error(&err, rl_cli_flag_of(err.field), text, sizeof text));
        }
        cJSON_Delete(j);
    }
    return EXIT_FITS;
}

/* One price figure as --list --prices shows it: "value (date)", a star when over 12 months old; "-" when none. */
typedef enum cell { CELL_USD, CELL_USD_HOUR, CELL_WATTS, CELL_API_IN, CELL_API_OUT } cell;

static const char *price_cell(const rl_price_figure *f, cell kind, const char *today, char *buf, size_t cap) {
    if (!f->ok) return snprintf(buf, cap, "-"), buf;
    int n = kind == CELL_USD        ? snprintf(buf, cap, "$%.0f", f->value)
            : kind == CELL_USD_HOUR ? snprintf(buf, cap, "$%.2f/h", f->value)
            : kind == CELL_WATTS    ? snprintf(buf, cap, "%.4g W", f->value)
            : kind == CELL_API_IN   ? snprintf(buf, cap, "in $%.3g", f->value)
                                    : snprintf(buf, cap, "out $%.3g", f->value);
    int64_t age = rl_price_age_days(f->as_of, today);
    snprintf(buf + n, cap - (size_t)n, " (%s%s%s)", f->as_of, age > RL_PRICE_STALE_DAYS ? " *" : "",
             f->origin == RL_ORIGIN_RULE ? ", rule" : f->origin == RL_ORIGIN_BOARD ? ", board" : "");
    return buf;
}

/* --list --prices: every GPU and model preset, what is priced and when; a star marks a figure over 12 months old. */
static int list_prices(void) {
    char today[16], a[96], b[96], c[96], d[96], line[256];
    rl_today(today, sizeof today);
    printf("%s\n", RL_MSG(line, "cli.list.prices.gpus", "today", today));
    int buy = 0, cloud = 0, all = 0, gpus = (int)rl_preset_count(RL_PRESET_GPU);
    for (int i = 0; i < gpus; i++) {
        const char *id = rl_preset_id(RL_PRESET_GPU, (size_t)i);
        rl_cost_prices p;
        rl_error err;
        if (rl_cost_read_prices(id, NULL, &p, &err) != RL_OK) {
            printf("  %-20s %s\n", id, err.message);
            continue;
        }
        int can_buy = p.hardware_usd.ok && p.active_watts.ok && p.idle_watts.ok;
        buy += can_buy;
        cloud += p.usd_per_gpu_hour.ok;
        all += can_buy && p.usd_per_gpu_hour.ok;
        /* Two spaces between cells, so that a full cell (a stale cloud rate, "$0.59/h (2025-05-17 *)") still ends its column. */
        printf("  %-20s  %-22s  %-23s  %-28s  %s\n", id, price_cell(&p.hardware_usd, CELL_USD, today, a, sizeof a),
               price_cell(&p.usd_per_gpu_hour, CELL_USD_HOUR, today, b, sizeof b), price_cell(&p.active_watts, CELL_WATTS, today, c, sizeof c),
               price_cell(&p.idle_watts, CELL_WATTS, today, d, sizeof d));
    }
    printf("%s\n", RL_MSG(line, "cli.list.prices.models", "today", today));
    int apis = 0, models = (int)rl_preset_count(RL_PRESET_MODEL);
    for (int i = 0; i < models; i++) {
        const char *id = rl_preset_id(RL_PRESET_MODEL, (size_t)i);
        rl_cost_prices p;
        rl_error err;
        if (rl_cost_read_prices(NULL, id, &p, &err) != RL_OK || !p.api_usd_per_mtok_in.ok) continue;
        apis++;
        const char *src = p.api_usd_per_mtok_in.source, *cut = strstr(src, " (as of ");
        printf("  %-20s %-26s %-26s %.*s\n", id, price_cell(&p.api_usd_per_mtok_in, CELL_API_IN, today, a, sizeof a),
               price_cell(&p.api_usd_per_mtok_out, CELL_API_OUT, today, b, sizeof b), cut ? (int)(cut - src) : 0, src);
    }
    char n1[16], n2[16], n3[16], n4[16], n5[16], n6[16];
    snprintf(n1, sizeof n1, "%d", buy), snprintf(n2, sizeof n2, "%d", cloud), snprintf(n3, sizeof n3, "%d", all);
    snprintf(n4, sizeof n4, "%d", gpus), snprintf(n5, sizeof n5, "%d", apis), snprintf(n6, sizeof n6, "%d", models);
    printf("%s\n", RL_MSG(line, "cli.list.prices.count", "buy", n1, "cloud", n2, "all", n3, "gpus", n4, "apis", n5, "models", n6));
    return EXIT_FITS;
}

static int selftest(const char *dir) {
    rl_vec_stats s;
    if (rl_vectors_run(dir, stderr, &s) != 0) return EXIT_SELFTEST;
    printf("%d vector files\n%d passed, %d failed\n", s.files, s.passed, s.failed);
    return s.failed == 0 && s.passed > 0 ? EXIT_FITS : EXIT_SELFTEST;
}

static int prove_red(const char *dir) {
    rl_vec_stats s;
    if (rl_vectors_run(dir, stderr, &s) != 0 || s.failed != 0 || s.passed == 0) {
        fprintf(stderr, "prove-red: the vectors must all pass with the right formulas first\n");
        return EXIT_SELFTEST;
    }
    printf("right formulas: %d vectors green\n", s.passed);
    int caught = 0, survived = 0;
    for (int f = 1; f < RL_FAULT_COUNT_; f++) {
        rl_testing_set_fault((rl_fault)f);
        rl_vectors_run(dir, NULL, &s);
        printf("%-28s %3d red  %s%.300s%s\n", rl_fault_name((rl_fault)f), s.failed, s.failed ? "(" : "SURVIVED",
               s.failed_names, s.failed ? ")" : "");
        if (s.failed > 0) caught++;
        else survived++;
    }
    rl_testing_set_fault(RL_FAULT_NONE);
    printf("%d passed, %d failed\n", caught, survived);
    return survived == 0 ? EXIT_FITS : EXIT_SELFTEST;
}

/* The exit code comes from the result itself, never from the text. */
static int exit_code(const rl_run *run) {
    if (run->status != RL_OK) return EXIT_USAGE;
    if (run->is_estimate)
        return run->estimate.fits ? EXIT_FITS : EXIT_REFUSED;
    return run->result.fits ? EXIT_FITS : EXIT_REFUSED;
}

/* --index PATH: the safetensors index, read by the core (rl_checkpoint_from_index) and put in
 * the request as its "checkpoint" summary, which the page sends the same way. */
static int add_checkpoint(char *request, size_t cap, const char *path, rl_error *err) {
    size_t len = 0;
    char *text = rl_read_file_limited(path, RL_INDEX_MAX_BYTES, &len, err, "--index");
    if (text == NULL) return 0;
    rl_checkpoint ck;
    rl_status st = rl_checkpoint_from_index(text, len, &ck, err);
    free(text);
    if (st != RL_OK) return 0;
    char summary[512];
    size_t n = rl_checkpoint_json(&ck, summary, sizeof summary), at = strlen(request);
    /* request is a whole object ("{...}"): its closing brace becomes the new member's. */
    const char *sep = at > 2 ? "," : "";
    if (n >= sizeof summary || at < 2 || at + n + 20 >= cap) {
        *err = (rl_error){.status = RL_E_TOO_LARGE, .field = "--index", .message = "--index: the request has no room for the index's summary"};
        return 0;
    }
    snprintf(request + at - 1, cap - at + 1, "%s\"checkpoint\":%s}", sep, summary);
    return 1;
}

/* Flags or --request: either way one request object through rl_run_request,
 * the reader and analysis the page runs (rl_run_json is the same two steps). */
static int run(const char *request, const char *config_path, int json, int markdown) {
    rl_error err = {0};
    size_t config_len = 0;
    char *config = NULL;
    if (config_path != NULL && (config = rl_read_file_limited(config_path, RL_CONFIG_MAX_BYTES, &config_len, &err, "config")) == NULL)
        return fail_error(&err, json);
    static rl_run r;
    rl_run_request(request, strlen(request), config, config_len, &r);
    free(config);
    if (r.status != RL_OK) return fail_error(&r.error, json);
    if (json) {
        static char buf[1 << 18];
        rl_run_write_json(&r, buf, sizeof buf);
        printf("%s\n", buf);
    } else if (r.is_estimate && markdown) {
        rl_print_estimate_md(stdout, &r.gpu, &r.deploy, &r.estimate);
    } else if (r.is_estimate) {
        rl_print_estimate(stdout, &r.gpu, &r.deploy, &r.estimate);
    } else if (markdown) {
        rl_print_report_md(stdout, &r.model, &r.gpu, &r.deploy, &r.result, &r.cost);
    } else {
        rl_print_report(stdout, &r.model, &r.gpu, &r.deploy, &r.result);
        rl_print_cost(stdout, &r.cost);
    }
    return exit_code(&r);
}

/* --lint: the command with the GPU and budget the other flags give; exit codes as for an analysis. */
static int lint(const char *command, const char *request, const char *config_path, int json) {
    rl_error err = {0};
    size_t config_len = 0;
    char *config = NULL;
    if (config_path != NULL && (config = rl_read_file_limited(config_path, RL_CONFIG_MAX_BYTES, &config_len, &err, "config")) == NULL)
        return fail_error(&err, json);
    static rl_lint l;
    rl_lint_run(command, strlen(command), request, strlen(request), config, config_len, &l);
    char cached[2048];
    /* No preset for the model: its config.json from the local Hugging Face cache, if it was downloaded. */
    int from_dir = 0;
    if (l.status == RL_E_UNKNOWN_PRESET && config == NULL && l.model_id[0] &&
        ((from_dir = rl_model_dir_config(l.model_id, cached, sizeof cached)) || rl_hf_cache_config(l.model_id, cached, sizeof cached)) &&
        (config = rl_read_file_limited(cached, RL_CONFIG_MAX_BYTES, &config_len, &err, "config")) != NULL) {
        fprintf(stderr, "roofline-lint: %s has no preset; its config.json comes from %s: %s\n", l.model_id,
                from_dir ? "its folder" : "the Hugging Face cache", cached);
        rl_lint_run(command, strlen(command), request, strlen(request), config, config_len, &l);
    }
    free(config);
    if (l.status != RL_OK) return fail_error(&l.error, json);
    if (json) {
        static char buf[1 << 18];
        rl_lint_write_json(&l, buf, sizeof buf);
        printf("%s\n", buf);
    } else {
        rl_print_lint(stdout, &l);
    }
    return l.verdict == RL_LINT_REFUSED ? EXIT_REFUSED : EXIT_FITS;
}

int main(int argc, char **argv) {
    static rl_cli_args a;
    rl_error err;
    /* --json anywhere asks for JSON errors, even when the flags before it are bad. */
    int json = 0;
    for (int i = 1; i < argc; i++) json |= strcmp(argv[i], "--json") == 0;
    /* --lang anywhere: the modes below run in it, and it words the errors of the flags before it too. */
    const char *bad_lang = NULL;
    char **mode_argv = malloc(sizeof *mode_argv * ((size_t)argc + 1));
    int mode_argc = 0;
    if (mode_argv == NULL) return EXIT_USAGE;
    for (int i = 0; i < argc; i++) {
        rl_lang lang;
        const char *v = i == 0 ? NULL
                        : strncmp(argv[i], "--lang=", 7) == 0                ? argv[i] + 7
                        : strcmp(argv[i], "--lang") == 0 && i + 1 < argc     ? argv[i + 1]
                                                                             : NULL;
        if (v == NULL) {
            mode_argv[mode_argc++] = argv[i];
            continue;
        }
        if (rl_lang_parse(v, &lang)) rl_msg_set_lang(lang);
        else bad_lang = v;
        i += argv[i][6] == '\0'; /* --lang X: X is its value; the modes take the line without them */
    }
    mode_argv[mode_argc] = NULL;
    /* A mode: its flag first, after any --lang X. */
    const char *mode = mode_argc > 1 ? mode_argv[1] : "";
    int is_mode = strcmp(mode, "--accuracy") == 0 || strcmp(mode, "--plan") == 0 || strcmp(mode, "--matrix") == 0 ||
                  strcmp(mode, "--requests") == 0;
    int is_compare = 0;
    for (int i = 1; i < argc; i++) is_compare |= strcmp(argv[i], "--compare") == 0;
    if ((is_mode || is_compare) && bad_lang != NULL) return fail_lang(bad_lang, json);
    /* The realistic estimate against the calibration corpus (a developer report, in English). */
    if (strcmp(mode, "--accuracy") == 0) return rl_cli_accuracy(mode_argc - 2, mode_argv + 2);
    if (strcmp(mode, "--plan") == 0) return rl_plan_main(mode_argc - 1, mode_argv + 1);
    if (strcmp(mode, "--matrix") == 0) return rl_matrix_main(mode_argc - 1, mode_argv + 1);
    if (strcmp(mode, "--requests") == 0) return rl_requests_main(mode_argc - 1, mode_argv + 1);
    /* Two or three setups side by side: A's flags, then each --compare's (core/cli/compare.c). */
    if (is_compare) return rl_compare_main(mode_argc, mode_argv);
    free(mode_argv);
    if (rl_cli_parse(argc, argv, &a, &err) != RL_OK) return fail_error(&err, json);
    if (a.lang != NULL) {
        rl_lang lang;
        if (!rl_lang_parse(a.lang, &lang)) return fail_lang(a.lang, json);
        rl_msg_set_lang(lang);
    }
    if (a.help) {
        rl_cli_help(stdout);
        return EXIT_FITS;
    }
    if (a.version) {
        printf("roofline-lint %s\n", RL_VERSION);
        return EXIT_FITS;
    }
    if (a.list) return a.prices ? list_prices() : list_presets();
    const char *vectors = a.vectors ? a.vectors : RL_VECTORS_DIR;
    if (a.selftest) return selftest(vectors);
    if (a.prove_red) return prove_red(vectors);

    const char *config_path = NULL, *index_path = NULL;
    const rl_field *config = rl_field_by_key("config"), *checkpoint = rl_field_by_key("checkpoint");
    for (size_t i = 0; i < rl_field_count(); i++) {
        if (rl_field_at(i) == config) config_path = a.value[i];
        if (rl_field_at(i) == checkpoint) index_path = a.value[i];
    }
    static rl_hf_found hf;
    if (a.hf) {
        /* --hf org/name: a config.json from the local cache, read as --config PATH is. */
        if (config_path != NULL) {
            rl_error e = {.status = RL_E_USAGE, .field = "--hf", .message = "--hf and --config both name the model: give one"};
            return fail_error(&e, json);
        }
        if (rl_hf_cache_find(a.hf, &hf, &err) != RL_OK) return fail_error(&err, json);
        config_path = hf.config_path;
        if (!json)
            fprintf(stderr, "roofline-lint: --hf %s: %s (snapshot %s%s)%s\n", a.hf, hf.config_path, hf.snapshot,
                    hf.from_refs_main ? ", refs/main" : "", hf.index_path[0] ? "" : "; no model.safetensors.index.json");
        /* The snapshot's index checks the count, as --index does (unless one is given). */
        if (hf.index_path[0] && index_path == NULL) index_path = hf.index_path;
    }
    if (a.lint && a.request && a.field_flags == (config_path != NULL))
        return lint(a.lint, a.request, config_path, 1); /* the GPU as a request object, JSON out */
    if (a.request) {
        /* A request carries its own inputs; only its config.json may come as a file. */
        if (a.field_flags > (config_path != NULL)) {
            rl_error e = {.status = RL_E_USAGE, .field = "--request", .message = "--request takes no other input flag than --config PATH"};
            return fail_error(&e, 1);
        }
        return run(a.request, config_path, 1, 0);
    }
    int markdown = a.format != NULL && strcmp(a.format, "md") == 0;
    if (a.format != NULL && !markdown && strcmp(a.format, "text") != 0) {
        rl_error e = {.status = RL_E_USAGE, .field = "--format", .message = "--format must be text or md"};
        return fail_error(&e, json);
    }
    static char request[RL_REQUEST_MAX_BYTES];
    if (rl_cli_request(&a, request, sizeof request, &err) == 0) return fail_error(&err, json);
    if (index_path != NULL && !add_checkpoint(request, sizeof request, index_path, &err)) return fail_error(&err, json);
    if (a.lint) return lint(a.lint, request, config_path, json);
    return run(request, config_path, json, markdown);
}
