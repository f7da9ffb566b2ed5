/* roofline-lint --compare: two or three setups side by side.
 *
 *   roofline-lint FLAGS-A --compare FLAGS-B [--compare FLAGS-C]
 *   roofline-lint --compare A.json B.json [C.json]
 *
 * With flags, each later set starts from A's flags and overrides them (the last
 * of a repeated flag wins, as in a plain run): `--model qwen3-8b --gpu h100-sxm
 * --compare --gpu mi300x` is the same model on two GPUs. With files, each is a
 * request object, as --request takes it. --json and --format may stand anywhere.
 *
 * Each setup is a plain run (rl_run_request), so each report in the comparison
 * is exactly what `roofline-lint FLAGS --json` gives for it. The key figures are
 * the rows of ROWS below; the page's Compare view shows the same paths.
 * Exit codes: 0 all fit (tight included), 3 any refused, 2 bad input (the
 * message names the setup, A, B or C, and the flag or field). */
#define _POSIX_C_SOURCE 200809L
#include "compare.h"
#include "files.h"

#include "flags.h"
#include "messages.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_SETUPS = 3, MAX_ARGS = 512, JSON_CAP = 1 << 18, CELL = 48 };

/* The figures compared, by report path. timing: a time, a speed or a cost, never
 * shown for a setup that cannot run. */
typedef struct row {
    const char *path, *label; /* label: its message key (cli.compare.row.*), worded in --lang's language */
    int timing;
} row;

static const row ROWS[] = {
    {"model.name", "cli.compare.row.model", 0},
    {"gpu.name", "cli.compare.row.gpu", 0},
    {"memory.gpus", "cli.compare.row.gpus", 0},
    {"config.precision", "cli.compare.row.precision", 0},
    {"config.kv_precision", "cli.compare.row.kvPrecision", 0},
    {"config.seq", "cli.compare.row.context", 0},
    {"config.batch", "cli.compare.row.batch", 0},
    {"config.tp", "cli.compare.row.tp", 0},
    {"config.pp", "cli.compare.row.pp", 0},
    {"config.engine", "cli.compare.row.engine", 0},
    {"level", "cli.compare.row.verdict", 0},
    {"verdict", "cli.compare.row.verdictCode", 0},
    {"memory.shortfall_gib", "cli.compare.row.shortfall", 0},
    {"memory.weights_gib_per_gpu", "cli.compare.row.weights", 0},
    {"memory.kv_gib_per_gpu", "cli.compare.row.kv", 0},
    {"memory.max_batch", "cli.compare.row.maxBatch", 0},
    {"estimate.weights_gib", "cli.compare.row.estWeights", 0},
    {"estimate.gpus_needed", "cli.compare.row.estGpus", 0},
    {"estimate.gpus", "cli.compare.row.estGiven", 0},
    {"estimate.fits", "cli.compare.row.estFits", 0},
    {"estimate.shortfall_gib", "cli.compare.row.estShortfall", 0},
    {"decode.step_ms", "cli.compare.row.step", 1},
    {"decode.tokens_per_s", "cli.compare.row.tps", 1},
    {"realistic.step_ms", "cli.compare.row.realStep", 1},
    {"realistic.tokens_per_s", "cli.compare.row.realTps", 1},
    {"prefill.ttft_ms", "cli.compare.row.ttft", 1},
    {"realistic.ttft_ms", "cli.compare.row.realTtft", 1},
    {"cost.workload.tokens_per_s_user", "cli.compare.row.userTps", 1},
    {"cost.buy.usd_per_mtok_out", "cli.compare.row.buyMtok", 1},
    {"cost.cloud.usd_per_mtok_out", "cli.compare.row.cloudMtok", 1},
    {"cost.buy.monthly_usd", "cli.compare.row.buyMonth", 1},
    {"cost.cloud.monthly_usd", "cli.compare.row.cloudMonth", 1},
};
enum { NROWS = sizeof ROWS / sizeof ROWS[0] };

static const char NAME[MAX_SETUPS] = {'A', 'B', 'C'};

typedef struct setup {
    rl_run run;
    char *json;     /* the report text, as a plain --json run prints it */
    cJSON *report;  /* the same, parsed */
} setup;

static setup S[MAX_SETUPS];
static int nsetups;

/* An error names its setup. The terminal's words are --lang's (`text`: the
 * compare's own message in that language; NULL: the error worded from its code
 * and field, as a plain run words it); the JSON error stays English. */
static int fail_text(int k, const rl_error *err, int json, const char *text) {
    if (json) {
        char buf[1024];
        rl_error_json(err, buf, sizeof buf);
        cJSON *e = cJSON_Parse(buf);
        cJSON *inner = cJSON_GetObjectItemCaseSensitive(e, "error");
        if (inner) cJSON_AddItemToObject(inner, "setup", cJSON_CreateString((char[]){NAME[k], 0}));
        char *out = cJSON_PrintUnformatted(e);
        printf("%s\n", out ? out : buf);
        free(out);
        cJSON_Delete(e);
    }
    const char *flag = rl_cli_flag_of(err->field);
    char who[64], worded[1024];
    if (text == NULL) text = rl_msg_error_after_flag(err, flag, worded, sizeof worded);
    fprintf(stderr, "roofline-lint --compare: %s: %s [%s]: %s%s%s\n", RL_MSG(who, "cli.compare.setup", "setup", (char[]){NAME[k], 0}),
            rl_msg_text("cli.error"), rl_status_name(err->status), flag ? flag : "", flag ? ": " : "", text);
    if (err->status == RL_E_USAGE) fprintf(stderr, "%s\n", rl_msg_text("cli.seeHelp"));
    return 2;
}

static int fail(int k, const rl_error *err, int json) { return fail_text(k, err, json, NULL); }

/* A usage error of the compare's own: `key` is its message (cli.compare.*), English in the JSON. */
static int usage(int k, const char *field, const char *key, int json) {
    rl_error e = {0};
    e.status = RL_E_USAGE;
    snprintf(e.field, sizeof e.field, "%s", field);
    snprintf(e.message, sizeof e.message, "%s", rl_msg_text_in(RL_LANG_EN, key));
    return fail_text(k, &e, json, rl_msg_text(key));
}

/* Runs one request; on success keeps the report's text and its parse. */
static int run_one(int k, const char *request, size_t len, const char *config_path, int json) {
    rl_error err = {0};
    size_t config_len = 0;
    char *config = NULL;
    if (config_path && (config = rl_read_file_limited(config_path, RL_CONFIG_MAX_BYTES, &config_len, &err, "config")) == NULL)
        return fail(k, &err, json);
    rl_run_request(request, len, config, config_len, &S[k].run);
    free(config);
    if (S[k].run.status != RL_OK) return fail(k, &S[k].run.error, json);
    S[k].json = malloc(JSON_CAP);
    if (S[k].json == NULL) return usage(k, "memory", "cli.compare.memory", json);
    rl_run_write_json(&S[k].run, S[k].json, JSON_CAP);
    S[k].report = cJSON_Parse(S[k].json);
    return 0;
}

static int refused(const rl_run *r) {
    if (r->is_estimate)
        return !(r->estimate.gpus_needed >= 1 && r->estimate.gpus_needed <= r->deploy.tp * r->deploy.pp);
    return !r->result.fits;
}

static const cJSON *at(const cJSON *o, const char *path) {
    char key[64];
    while (o && *path) {
        const char *dot = strchr(path, '.');
        size_t n = dot ? (size_t)(dot - path) : strlen(path);
        snprintf(key, sizeof key, "%.*s", (int)n, path);
        o = cJSON_GetObjectItemCaseSensitive(o, key);
        path += n + (dot != NULL);
    }
    return o;
}

static int same(const cJSON *a, const cJSON *b) {
    if (a == NULL || b == NULL) return a == b;
    return cJSON_Compare(a, b, 1);
}

/* Whether row r differs between the setups. */
static int differs(int r) {
    for (int k = 1; k < nsetups; k++)
        if (!same(at(S[0].report, ROWS[r].path), at(S[k].report, ROWS[r].path))) return 1;
    return 0;
}

static int present(int r) {
    for (int k = 0; k < nsetups; k++)
        if (at(S[k].report, ROWS[r].path)) return 1;
    return 0;
}

static void number_text(double v, char *out, size_t cap) {
    if (fabs(v) >= 1000 || v == floor(v)) snprintf(out, cap, "%.0f", v);
    else snprintf(out, cap, "%.4g", v);
}

/* One cell: the value, "can't run" for a refused setup's timing, "-" when absent.
 * A later setup's value that differs from A's is marked (" *" in text, bold in
 * Markdown) and, for two numbers, followed by its ratio to A. */
static void cell(int r, int k, int markdown, char *out, size_t cap) {
    const cJSON *v = at(S[k].report, ROWS[r].path);
    char text[CELL];
    if (ROWS[r].timing && refused(&S[k].run)) {
        snprintf(out, cap, "%s", rl_msg_text("cli.compare.cantRun"));
        return;
    }
    /* The verdict in --lang's words (its code is the next row, the same in any language); a size-only
     * estimate's: its weights fit on the GPUs given, or it is refused. */
    const char *word = "";
    if (strcmp(ROWS[r].path, "level") == 0 && cJSON_IsString(v)) {
        char key[64];
        snprintf(key, sizeof key, "cli.verdictWord.%.40s", v->valuestring);
        word = rl_msg_text(key);
    } else if (strcmp(ROWS[r].path, "estimate.fits") == 0 && cJSON_IsBool(v)) {
        word = rl_msg_text(cJSON_IsTrue(v) ? "cli.md.weightsFit" : "cli.verdictWord.refused");
    }
    if (v == NULL) snprintf(text, sizeof text, "-");
    else if (cJSON_IsNumber(v)) number_text(v->valuedouble, text, sizeof text);
    else if (word[0]) snprintf(text, sizeof text, "%s", word);
    else if (cJSON_IsString(v)) snprintf(text, sizeof text, "%.40s", v->valuestring);
    else if (cJSON_IsBool(v)) snprintf(text, sizeof text, "%s", cJSON_IsTrue(v) ? "true" : "false");
    else snprintf(text, sizeof text, "?");
    const cJSON *a = at(S[0].report, ROWS[r].path);
    if (k == 0 || same(a, v)) {
        snprintf(out, cap, "%s", text);
        return;
    }
    char ratio[24] = "";
    if (cJSON_IsNumber(v) && cJSON_IsNumber(a) && a->valuedouble != 0 && !(ROWS[r].timing && refused(&S[0].run)))
        snprintf(ratio, sizeof ratio, " (x%.2f)", v->valuedouble / a->valuedouble);
    if (markdown) snprintf(out, cap, "**%s**%s", text, ratio);
    else snprintf(out, cap, "%s *%s", text, ratio);
}

/* Text, left-aligned in `width` terminal columns (a CJK character takes two). */
static void pad(const char *text, int width) { rl_msg_pad(stdout, text, width); }

static void print_text(int markdown) {
    static char cells[NROWS][MAX_SETUPS][CELL + 32];
    int width[MAX_SETUPS] = {0}, label_width = 22;
    for (int r = 0; r < NROWS; r++) {
        int n = rl_msg_columns(rl_msg_text(ROWS[r].label));
        if (present(r) && n > label_width) label_width = n;
        for (int k = 0; k < nsetups; k++) {
            cell(r, k, markdown, cells[r][k], sizeof cells[r][k]);
            n = rl_msg_columns(cells[r][k]);
            if (n > width[k]) width[k] = n;
        }
    }
    if (markdown) {
        printf("## %s\n\n| %s |", rl_msg_text("cli.compare.title"), rl_msg_text("cli.compare.figure"));
        for (int k = 0; k < nsetups; k++) printf(" %c |", NAME[k]);
        printf("\n|---|");
        for (int k = 0; k < nsetups; k++) printf("---:|");
        printf("\n");
        for (int r = 0; r < NROWS; r++) {
            if (!present(r)) continue;
            char label[256];
            if (differs(r)) RL_MSG(label, "cli.compare.labelDiffers", "label", rl_msg_text(ROWS[r].label));
            else snprintf(label, sizeof label, "%s", rl_msg_text(ROWS[r].label));
            printf("| %s |", label);
            for (int k = 0; k < nsetups; k++) printf(" %s |", cells[r][k]);
            printf("\n");
        }
        printf("\n%s\n", rl_msg_text("cli.compare.legendMd"));
        return;
    }
    pad("", label_width);
    for (int k = 0; k < nsetups; k++) printf("  %-*c", k + 1 < nsetups ? width[k] : 0, NAME[k]);
    printf("\n");
    for (int r = 0; r < NROWS; r++) {
        if (!present(r)) continue;
        pad(rl_msg_text(ROWS[r].label), label_width);
        for (int k = 0; k < nsetups; k++) {
            printf("  ");
            pad(cells[r][k], k + 1 < nsetups ? width[k] : 0);
        }
        printf("\n");
    }
    printf("\n%s\n", rl_msg_text("cli.compare.legend"));
}

static void print_json(void) {
    cJSON *diffs = cJSON_CreateArray();
    for (int r = 0; r < NROWS; r++) {
        if (!present(r) || !differs(r)) continue;
        cJSON *d = cJSON_CreateObject();
        cJSON_AddStringToObject(d, "path", ROWS[r].path);
        cJSON *values = cJSON_AddArrayToObject(d, "values");
        for (int k = 0; k < nsetups; k++) {
            const cJSON *v = at(S[k].report, ROWS[r].path);
            cJSON_AddItemToArray(values, v ? cJSON_Duplicate(v, 1) : cJSON_CreateNull());
        }
        cJSON_AddItemToArray(diffs, d);
    }
    char *d = cJSON_PrintUnformatted(diffs);
    /* The reports verbatim: each is byte for byte a plain run's --json. */
    printf("{\"compare\":[");
    for (int k = 0; k < nsetups; k++) printf("%s%s", k ? "," : "", S[k].json);
    printf("],\"differences\":%s}\n", d ? d : "[]");
    free(d);
    cJSON_Delete(diffs);
}

static int is_flag(const char *s) { return strncmp(s, "--", 2) == 0; }

int rl_compare_main(int argc, char **argv) {
    /* Output options first: they apply to the whole comparison, wherever they stand. */
    static char *rest[MAX_ARGS];
    int nrest = 0, json = 0;
    const char *format = NULL;
    if (argc > MAX_ARGS) return usage(0, "--compare", "cli.compare.tooMany", 0);
    for (int i = 1; i < argc; i++) json |= strcmp(argv[i], "--json") == 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) continue;
        if (strcmp(argv[i], "--format") == 0) {
            if (i + 1 >= argc) return usage(0, "--format", "cli.compare.formatValue", json);
            format = argv[++i];
            continue;
        }
        if (strncmp(argv[i], "--format=", 9) == 0) {
            format = argv[i] + 9;
            continue;
        }
        rest[nrest++] = argv[i];
    }
    int markdown = format != NULL && strcmp(format, "md") == 0;
    if (format != NULL && !markdown && strcmp(format, "text") != 0)
        return usage(0, "--format", "cli.compare.format", json);

    /* Segments: A's flags, then one per --compare. */
    int start[MAX_SETUPS + 1], len[MAX_SETUPS + 1], nseg = 1;
    start[0] = 0;
    len[0] = 0;
    for (int i = 0; i < nrest; i++) {
        if (strcmp(rest[i], "--compare") == 0) {
            if (nseg == MAX_SETUPS) return usage(0, "--compare", "cli.compare.atMostThree", json);
            start[nseg] = i + 1;
            len[nseg] = 0;
            nseg++;
        } else {
            len[nseg - 1]++;
        }
    }

    /* Request files: `--compare A.json B.json [C.json]`, nothing else. */
    if (len[0] == 0 && nseg == 2 && len[1] > 0 && !is_flag(rest[start[1]])) {
        if (len[1] < 2 || len[1] > MAX_SETUPS)
            return usage(0, "--compare", "cli.compare.files", json);
        nsetups = len[1];
        for (int k = 0; k < nsetups; k++) {
            const char *path = rest[start[1] + k];
            if (is_flag(path)) return usage(k, path, "cli.compare.filesOnly", json);
            rl_error err = {0};
            size_t n = 0;
            char *text = rl_read_file_limited(path, RL_REQUEST_MAX_BYTES, &n, &err, "request");
            if (text == NULL) return fail(k, &err, json);
            int rc = run_one(k, text, n, NULL, json);
            free(text);
            if (rc) return rc;
        }
    } else {
        if (nseg < 2) return usage(0, "--compare", "cli.compare.needsSecond", json);
        nsetups = nseg;
        for (int k = 0; k < nsetups; k++) {
            if (k > 0 && len[k] == 0) return usage(k, "--compare", "cli.compare.needsFlags", json);
            /* Setup k: A's flags, then its own (the last of a repeated flag wins). */
            static char *args[MAX_ARGS];
            int n = 0;
            args[n++] = argv[0];
            for (int i = 0; i < len[0]; i++) args[n++] = rest[start[0] + i];
            if (k > 0)
                for (int i = 0; i < len[k]; i++) args[n++] = rest[start[k] + i];
            static rl_cli_args a;
            rl_error err;
            if (rl_cli_parse(n, args, &a, &err) != RL_OK) return fail(k, &err, json);
            if (a.request || a.lint || a.list || a.selftest || a.prove_red || a.help || a.version || a.hf || a.vectors)
                return usage(k, "--compare", "cli.compare.inputOnly", json);
            const char *config_path = NULL;
            for (size_t i = 0; i < rl_field_count(); i++)
                if (strcmp(rl_field_at(i)->key, "config") == 0) config_path = a.value[i];
            static char request[RL_REQUEST_MAX_BYTES];
            if (rl_cli_request(&a, request, sizeof request, &err) == 0) return fail(k, &err, json);
            int rc = run_one(k, request, strlen(request), config_path, json);
            if (rc) return rc;
        }
    }

    if (json) print_json();
    else print_text(markdown);
    int any_refused = 0;
    for (int k = 0; k < nsetups; k++) any_refused |= refused(&S[k].run);
    for (int k = 0; k < nsetups; k++) {
        cJSON_Delete(S[k].report);
        free(S[k].json);
    }
    return any_refused ? 3 : 0;
}
