/* roofline-lint --matrix: every model preset × GPU preset × a grid of
 * weight precision × KV precision × context × batch × tp (× pp), one row per
 * setup, streamed as CSV or NDJSON (npm run matrix turns it into Parquet).
 *
 * Each row is one request through rl_run_request, the reader and analysis
 * that `roofline-lint --request '<that request>' --json` runs, so a row says
 * exactly what the CLI says of that setup alone (tests/matrix checks it).
 * The request carries a fixed reference workload so that the row can name a
 * cloud $ per million output tokens: REF_REQUESTS_PER_DAY requests a day,
 * REF_OUTPUT_TOKENS generated tokens each and the rest of the row's context
 * as the prompt (the reader insists that seq = input + output tokens, since a
 * request's context is its input plus its output).
 *
 * A refusal (or a request the reader rejects) has no time and no cost: those
 * columns are empty in CSV and null in NDJSON, never a number, because a
 * deployment that cannot run has neither. */
#include "matrix.h"

#include "roofline.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_LIST = 1024, EXIT_OK = 0, EXIT_USAGE = 2 }; /* more than the presets, so no list is cut short */

/* The reference workload of the cost column (see docs/cli.md "The matrix"). */
#define REF_REQUESTS_PER_DAY 10000
#define REF_OUTPUT_TOKENS 500

typedef struct str_list {
    const char *v[MAX_LIST];
    int n;
} str_list;

typedef struct int_list {
    int64_t v[MAX_LIST];
    int n;
} int_list;

static const char *const COLUMNS[] = {
    "model", "gpu", "precision", "kv_precision", "seq", "batch", "tp", "pp", "verdict", "fits",
    "weights_gib_per_gpu", "kv_gib_per_gpu", "max_batch", "decode_step_ms", "tokens_per_s", "realistic_step_ms",
    "realistic_tokens_per_s", "ttft_ms", "cloud_usd_per_mtok_out"};
enum { NCOL = sizeof COLUMNS / sizeof COLUMNS[0] };

static int usage(const char *flag, const char *msg) {
    fprintf(stderr, "roofline-lint --matrix: %s: %s\n(see roofline-lint --matrix --help)\n", flag, msg);
    return EXIT_USAGE;
}

static void help(void) {
    printf("usage: roofline-lint --matrix [--format csv|ndjson] [--models A,B] [--gpus X,Y] [--precisions P,..]\n"
           "                     [--kv-precisions K,..] [--seqs S,..] [--batches B,..] [--tps T,..] [--pps P,..]\n"
           "\n"
           "Streams one row per model preset x GPU preset x precision x KV precision x seq x batch x tp x pp,\n"
           "each the analysis of that request alone. Defaults: every model and GPU preset, precision\n"
           "auto,fp8,int4, KV precision auto,fp8, seq 4096,32768, batch 1,16,64, tp 1,2,4,8, pp 1.\n"
           "The cost column is the cloud $ per million output tokens at %d requests/day of %d output\n"
           "tokens, the rest of the context as input. Refusals leave the time and cost columns empty.\n"
           "Columns:",
           REF_REQUESTS_PER_DAY, REF_OUTPUT_TOKENS);
    for (int c = 0; c < NCOL; c++) printf("%s%s", c ? "," : " ", COLUMNS[c]);
    printf("\n");
}

/* Splits a comma-separated list in place; empty items are an error, since
 * "--tps 1,,2" is more likely a typo than a wish. */
static int split(char *text, const char *flag, str_list *out) {
    out->n = 0;
    char *p = text;
    for (;;) {
        char *comma = strchr(p, ',');
        if (comma) *comma = '\0';
        if (*p == '\0') return usage(flag, "an empty item in the list");
        if (out->n >= MAX_LIST) return usage(flag, "too many items (at most 1024)");
        out->v[out->n++] = p;
        if (!comma) return 0;
        p = comma + 1;
    }
}

static int preset_list(char *text, const char *flag, rl_preset_kind kind, str_list *out) {
    if (split(text, flag, out)) return EXIT_USAGE;
    for (int i = 0; i < out->n; i++)
        if (rl_preset_json(kind, out->v[i]) == NULL) {
            char msg[256];
            snprintf(msg, sizeof msg, "\"%.100s\" is not a %s preset (roofline-lint --list)", out->v[i],
                     kind == RL_PRESET_MODEL ? "model" : "GPU");
            return usage(flag, msg);
        }
    return 0;
}

/* A precision list: each item one of the field table's choices for `key`,
 * the words --precision and --kv-precision take. */
static int choice_list(char *text, const char *flag, const char *key, str_list *out) {
    if (split(text, flag, out)) return EXIT_USAGE;
    const rl_field *f = rl_field_by_key(key);
    for (int i = 0; i < out->n; i++) {
        int ok = 0;
        for (int c = 0; f && f->choices && f->choices[c]; c++) ok |= strcmp(f->choices[c], out->v[i]) == 0;
        if (!ok) {
            char msg[256];
            snprintf(msg, sizeof msg, "\"%.100s\" is not a precision (roofline-lint --help lists them under --%s)", out->v[i],
                     strcmp(key, "precision") == 0 ? "precision" : "kv-precision");
            return usage(flag, msg);
        }
    }
    return 0;
}

/* A count list, each item within the field table's range for `key`. */
static int count_list(char *text, const char *flag, const char *key, int_list *out) {
    str_list s;
    if (split(text, flag, &s)) return EXIT_USAGE;
    const rl_field *f = rl_field_by_key(key);
    out->n = 0;
    for (int i = 0; i < s.n; i++) {
        rl_error err;
        if (rl_parse_count(s.v[i], key, (int64_t)f->min, (int64_t)f->max, &out->v[out->n++], &err) != RL_OK)
            return usage(flag, err.message);
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Rows                                                                      */
/* ------------------------------------------------------------------------ */

typedef struct cell {
    int kind; /* 0 empty, 1 string, 2 integer, 3 number, 4 boolean */
    const char *s;
    long long i;
    double x;
} cell;

static cell empty(void) { return (cell){0, NULL, 0, 0}; }
static cell str(const char *s) { return (cell){1, s, 0, 0}; }
static cell integer(long long i) { return (cell){2, NULL, i, 0}; }
static cell number(double x) { return (cell){3, NULL, 0, x}; }
static cell boolean(int b) { return (cell){4, NULL, b, 0}; }

static void put_csv_string(const char *s) {
    if (strpbrk(s, ",\"\n\r") == NULL) {
        fputs(s, stdout);
        return;
    }
    putchar('"');
    for (; *s; s++) {
        if (*s == '"') putchar('"');
        putchar(*s);
    }
    putchar('"');
}

/* Preset ids, verdicts and precision words are plain ASCII; the escape
 * covers quotes and backslashes anyway so that the line stays JSON. */
static void put_json_string(const char *s) {
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') putchar('\\');
        if ((unsigned char)*s < 0x20) printf("\\u%04x", (unsigned char)*s);
        else putchar(*s);
    }
    putchar('"');
}

/* %.17g: the exact double, so a row read back equals the CLI's JSON number. */
static void put_row(const cell *cells, int ndjson) {
    if (ndjson) putchar('{');
    for (int c = 0; c < NCOL; c++) {
        if (c) putchar(',');
        if (ndjson) printf("\"%s\":", COLUMNS[c]);
        const cell *x = &cells[c];
        switch (x->kind) {
        case 1: ndjson ? put_json_string(x->s) : put_csv_string(x->s); break;
        case 2: printf("%lld", x->i); break;
        case 3: printf("%.17g", x->x); break;
        case 4: fputs(x->i ? "true" : "false", stdout); break;
        default: if (ndjson) fputs("null", stdout); break;
        }
    }
    puts(ndjson ? "}" : "");
}

/* The request of one setup: the grid's keys plus the reference workload.
 * Below two tokens of context there is no prompt and output to split, so
 * no workload and no cost; below 2×REF_OUTPUT_TOKENS half of it is output. */
static size_t setup_request(char *buf, size_t cap, const char *model, const char *gpu, const char *precision,
                            const char *kv, int64_t seq, int64_t batch, int64_t tp, int64_t pp) {
    int n = snprintf(buf, cap,
                     "{\"model\":\"%s\",\"gpu\":\"%s\",\"precision\":\"%s\",\"kv_precision\":\"%s\",\"seq\":%lld,"
                     "\"batch\":%lld,\"tp\":%lld,\"pp\":%lld",
                     model, gpu, precision, kv, (long long)seq, (long long)batch, (long long)tp, (long long)pp);
    if (seq >= 2) {
        int64_t out = seq >= 2 * REF_OUTPUT_TOKENS ? REF_OUTPUT_TOKENS : seq / 2;
        n += snprintf(buf + n, cap - (size_t)n, ",\"requests_per_day\":%d,\"input_tokens\":%lld,\"output_tokens\":%lld",
                      REF_REQUESTS_PER_DAY, (long long)(seq - out), (long long)out);
    }
    n += snprintf(buf + n, cap - (size_t)n, "}");
    return (size_t)n;
}

static void emit(const char *model, const char *gpu, const char *precision, const char *kv, int64_t seq, int64_t batch,
                 int64_t tp, int64_t pp, int ndjson) {
    static char request[1024];
    static rl_run r;
    static char verdict[64];
    size_t len = setup_request(request, sizeof request, model, gpu, precision, kv, seq, batch, tp, pp);
    rl_run_request(request, len, NULL, 0, &r);

    cell c[NCOL];
    c[0] = str(model);
    c[1] = str(gpu);
    c[2] = str(precision);
    c[3] = str(kv);
    c[4] = integer(seq);
    c[5] = integer(batch);
    c[6] = integer(tp);
    c[7] = integer(pp);
    for (int i = 8; i < NCOL; i++) c[i] = empty();
    if (r.status != RL_OK) {
        /* The reader refused the request itself (the CLI prints {"error": ...}):
         * the row keeps its place in the grid, says why, and carries no figure. */
        snprintf(verdict, sizeof verdict, "error:%s", rl_status_name(r.status));
        c[8] = str(verdict);
        c[9] = boolean(0);
        put_row(c, ndjson);
        return;
    }
    const rl_result *x = &r.result;
    c[8] = str(rl_verdict_name(x->verdict));
    c[9] = boolean(x->fits);
    c[10] = number(x->weights_gib);
    c[11] = number(x->kv_gib);
    c[12] = integer((long long)x->max_batch);
    /* has_timing is set only when the floor fits; the explicit fits test
     * keeps a refusal from ever carrying a time, whatever the core sets. */
    if (x->fits && x->has_timing) {
        c[13] = number(x->step_ms);
        c[14] = number(x->tokens_per_s);
        /* The floor's time to first token (launch + prefill floor), as the
         * report's prefill.ttft_ms: absent without a sourced TFLOPS figure. */
        if (x->prefill_ms > 0) c[17] = number(x->ttft_ms);
    }
    if (x->fits && x->has_realistic) {
        c[15] = number(x->realistic.step_ms);
        c[16] = number(x->realistic.tokens_per_s);
    }
    if (x->fits && r.cost.present && r.cost.has_cloud) c[18] = number(r.cost.cloud_usd_per_mtok_out);
    put_row(c, ndjson);
}

int rl_matrix_main(int argc, char **argv) {
    static str_list models, gpus, precisions, kvs;
    static int_list seqs, batches, tps, pps;
    static char d_prec[] = "auto,fp8,int4", d_kv[] = "auto,fp8";
    int ndjson = 0;

    models.n = gpus.n = 0;
    if (split(d_prec, "--precisions", &precisions) || split(d_kv, "--kv-precisions", &kvs)) return EXIT_USAGE;
    static const int64_t D_SEQ[] = {4096, 32768}, D_BATCH[] = {1, 16, 64}, D_TP[] = {1, 2, 4, 8};
    seqs.n = 2;
    memcpy(seqs.v, D_SEQ, sizeof D_SEQ);
    batches.n = 3;
    memcpy(batches.v, D_BATCH, sizeof D_BATCH);
    tps.n = 4;
    memcpy(tps.v, D_TP, sizeof D_TP);
    pps.n = 1;
    pps.v[0] = 1;

    for (int i = 1; i < argc; i++) {
        const char *f = argv[i];
        if (strcmp(f, "--help") == 0 || strcmp(f, "-h") == 0) {
            help();
            return EXIT_OK;
        }
        int known = strcmp(f, "--format") == 0 || strcmp(f, "--models") == 0 || strcmp(f, "--gpus") == 0 ||
                    strcmp(f, "--precisions") == 0 || strcmp(f, "--kv-precisions") == 0 || strcmp(f, "--seqs") == 0 ||
                    strcmp(f, "--batches") == 0 || strcmp(f, "--tps") == 0 || strcmp(f, "--pps") == 0;
        if (!known) return usage(f, strncmp(f, "--", 2) == 0 ? "unknown flag" : "unexpected argument");
        if (i + 1 >= argc) return usage(f, "needs a value");
        char *v = argv[++i];
        int bad = 0;
        if (strcmp(f, "--format") == 0) {
            if (strcmp(v, "csv") == 0) ndjson = 0;
            else if (strcmp(v, "ndjson") == 0) ndjson = 1;
            else return usage(f, "must be csv or ndjson");
        } else if (strcmp(f, "--models") == 0) bad = preset_list(v, f, RL_PRESET_MODEL, &models);
        else if (strcmp(f, "--gpus") == 0) bad = preset_list(v, f, RL_PRESET_GPU, &gpus);
        else if (strcmp(f, "--precisions") == 0) bad = choice_list(v, f, "precision", &precisions);
        else if (strcmp(f, "--kv-precisions") == 0) bad = choice_list(v, f, "kv_precision", &kvs);
        else if (strcmp(f, "--seqs") == 0) bad = count_list(v, f, "seq", &seqs);
        else if (strcmp(f, "--batches") == 0) bad = count_list(v, f, "batch", &batches);
        else if (strcmp(f, "--tps") == 0) bad = count_list(v, f, "tp", &tps);
        else bad = count_list(v, f, "pp", &pps);
        if (bad) return EXIT_USAGE;
    }
    if (models.n == 0)
        for (size_t i = 0; i < rl_preset_count(RL_PRESET_MODEL) && models.n < MAX_LIST; i++)
            models.v[models.n++] = rl_preset_id(RL_PRESET_MODEL, i);
    if (gpus.n == 0)
        for (size_t i = 0; i < rl_preset_count(RL_PRESET_GPU) && gpus.n < MAX_LIST; i++)
            gpus.v[gpus.n++] = rl_preset_id(RL_PRESET_GPU, i);

    /* Rows go out in large blocks: the full matrix is a few hundred thousand lines. */
    static char out_buf[1 << 16];
    setvbuf(stdout, out_buf, _IOFBF, sizeof out_buf);
    if (!ndjson)
        for (int c = 0; c < NCOL; c++) printf("%s%s", COLUMNS[c], c + 1 < NCOL ? "," : "\n");
    for (int m = 0; m < models.n; m++)
        for (int g = 0; g < gpus.n; g++)
            for (int p = 0; p < precisions.n; p++)
                for (int k = 0; k < kvs.n; k++)
                    for (int s = 0; s < seqs.n; s++)
                        for (int b = 0; b < batches.n; b++)
                            for (int t = 0; t < tps.n; t++)
                                for (int q = 0; q < pps.n; q++)
                                    emit(models.v[m], gpus.v[g], precisions.v[p], kvs.v[k], seqs.v[s], batches.v[b],
                                         tps.v[t], pps.v[q], ndjson);
    fflush(stdout);
    return ferror(stdout) ? 1 : EXIT_OK; /* a failed write (a closed pipe) is not a usage error */
}
