/* Command-line flags → one request object, through the field table. */
#define _POSIX_C_SOURCE 200809L
#include "flags.h"

#include "messages.h"

#include <stdarg.h>
#include <string.h>

/* The CLI's own options: what to do, not what to analyse. Everything else is
 * a row of the field table. */
typedef struct meta_flag {
    const char *flag;
    const char *value_name; /* NULL for a flag without a value */
    const char *help;
} meta_flag;

static const meta_flag meta[] = {
    {"--json", NULL, "print one JSON object instead of the report (errors too)"},
    {"--format", "text|md", "the report as text (default) or Markdown with the roofline as inline SVG"},
    {"--lang", "en|zh", "the words of the report, the lint, --compare, --plan, --list's headings and the errors: en (default) or zh (Simplified Chinese, the page's zh-CN table), anywhere on the line; numbers and units stay as they are, --json is never translated, --matrix and --accuracy (a developer report) stay English"},
    {"--hf", "ORG/NAME", "the model's config.json from the local Hugging Face cache ($HF_HOME/hub, default ~/.cache/huggingface), as --config; no network"},
    {"--request", "JSON", "a request object, as the page sends it (JSON text); with --config PATH at most"},
    {"--lint", "CMD", "a vllm serve / sglang / llama-server / trtllm-serve command to lint; with --gpu or a custom GPU, --config PATH"},
    {"--list", NULL, "list the presets with their figures"},
    {"--prices", NULL, "with --list: which GPUs and models are priced: purchase, cloud rate, active and idle power, API price, each with its date (one over 12 months old is flagged)"},
    {"--accuracy", NULL, "first flag only: the floor and the realistic estimate against every published run in tests/measured (--check, --holdout, --measured FILE)"},
    {"--matrix", NULL, "first flag only: every model x GPU preset x a grid as CSV or NDJSON (--matrix --help; npm run matrix writes Parquet)"},
    {"--requests", "FILE", "first flag only: one request object a line (NDJSON, - for standard input), one JSON answer a line, each flushed before the next is read; exit 2 if any line is bad, else 3 if any is refused"},
    {"--plan", NULL, "first flag only: with a workload and targets (--max-ttft-ms, --min-tokens-per-s-user, --gpus A,B, --allow-tight), the cheapest setups"},
    {"--compare", "FLAGS", "FLAGS-A --compare FLAGS-B [--compare FLAGS-C]: setups side by side, each later set = A's flags with its own on top (the last of a flag wins); or --compare A.json B.json [C.json], request files. Differences are marked (* and the ratio to A); exit 3 if any is refused"},
    {"--selftest", NULL, "run the test vectors"},
    {"--prove-red", NULL, "run the vectors against known-wrong formulas; each must turn some red"},
    {"--vectors", "DIR", "vector folder for --selftest / --prove-red"},
    {"--help", NULL, "this text"},
    {"--version", NULL, "the version"},
};

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static rl_status usage_error(rl_error *err, const char *flag, const char *fmt, ...) {
    err->status = RL_E_USAGE;
    err->why = RL_WHY_NONE;
    snprintf(err->field, sizeof err->field, "%.60s", flag);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return RL_E_USAGE;
}

static int row_index(const rl_field *f) {
    for (size_t i = 0; i < rl_field_count(); i++)
        if (rl_field_at(i) == f) return (int)i;
    return -1;
}

static rl_status set_meta(rl_cli_args *a, const char *flag, const char *value, rl_error *err) {
    /* Modes with options of their own are read by their own parser, from argv[1] on. */
    if (strcmp(flag, "--accuracy") == 0 || strcmp(flag, "--plan") == 0 || strcmp(flag, "--matrix") == 0 ||
        strcmp(flag, "--requests") == 0)
        return usage_error(err, flag, "%s: must be the first flag (its own options follow it)", flag);
    if (strcmp(flag, "--compare") == 0)
        return usage_error(err, flag, "--compare: read by its own parser (core/cli/compare.c)");
    if (strcmp(flag, "--json") == 0) a->json = 1;
    else if (strcmp(flag, "--list") == 0) a->list = 1;
    else if (strcmp(flag, "--prices") == 0) a->prices = 1;
    else if (strcmp(flag, "--selftest") == 0) a->selftest = 1;
    else if (strcmp(flag, "--prove-red") == 0) a->prove_red = 1;
    else if (strcmp(flag, "--help") == 0) a->help = 1;
    else if (strcmp(flag, "--version") == 0) a->version = 1;
    else if (strcmp(flag, "--vectors") == 0) a->vectors = value;
    else if (strcmp(flag, "--request") == 0) a->request = value;
    else if (strcmp(flag, "--format") == 0) a->format = value;
    else if (strcmp(flag, "--lang") == 0) a->lang = value;
    else if (strcmp(flag, "--lint") == 0) a->lint = value;
    else if (strcmp(flag, "--hf") == 0) a->hf = value;
    return RL_OK;
}

static const meta_flag *find_meta(const char *flag) {
    for (size_t i = 0; i < sizeof meta / sizeof meta[0]; i++)
        if (strcmp(meta[i].flag, flag) == 0) return &meta[i];
    return NULL;
}

/* A switch sets another row's value, unless that row was given as its own
 * flag: `--context-reserve-gib 0.8 --desktop` keeps 0.8, in either order. */
static void apply_switch(rl_cli_args *a, const rl_field *sw) {
    int target = row_index(rl_field_by_key(sw->sets_key));
    if (target >= 0 && !a->explicit_[target]) a->value[target] = sw->sets_value;
}

rl_status rl_cli_parse(int argc, char **argv, rl_cli_args *a, rl_error *err) {
    memset(a, 0, sizeof *a);
    memset(err, 0, sizeof *err);
    if (rl_field_count() > RL_CLI_MAX_FIELDS) return usage_error(err, "fields", "the field table outgrew the CLI");
    const rl_field *switches[RL_CLI_MAX_FIELDS];
    int nswitch = 0;
    for (int i = 1; i < argc; i++) {
        char flag[64];
        const char *arg = argv[i], *value = NULL, *eq = strchr(arg, '=');
        if (strncmp(arg, "--", 2) == 0 && eq != NULL && (size_t)(eq - arg) < sizeof flag) {
            snprintf(flag, sizeof flag, "%.*s", (int)(eq - arg), arg);
            value = eq + 1;
        } else {
            snprintf(flag, sizeof flag, "%.63s", arg);
        }
        if (strcmp(flag, "-h") == 0) snprintf(flag, sizeof flag, "--help");
        if (strncmp(flag, "--", 2) != 0) return usage_error(err, flag, "%s: unexpected argument", flag);

        const meta_flag *m = find_meta(flag);
        const rl_field *f = m ? NULL : rl_field_by_flag(flag);
        if (m == NULL && f == NULL) return usage_error(err, flag, "%s: unknown flag", flag);
        int takes_value = m ? m->value_name != NULL : f->type != RL_FIELD_SWITCH;
        if (!takes_value) {
            if (value) return usage_error(err, flag, "%s: takes no value", flag);
        } else if (value == NULL) {
            if (i + 1 >= argc) return usage_error(err, flag, "%s: needs a value", flag);
            value = argv[++i];
        }
        if (m) {
            if (set_meta(a, flag, value, err) != RL_OK) return err->status;
            continue;
        }
        a->field_flags++;
        if (f->type == RL_FIELD_SWITCH) {
            switches[nswitch++ % RL_CLI_MAX_FIELDS] = f;
            continue;
        }
        int r = row_index(f);
        a->value[r] = value; /* the last one given wins, as in most CLIs */
        a->explicit_[r] = 1;
    }
    for (int s = 0; s < nswitch && s < RL_CLI_MAX_FIELDS; s++) apply_switch(a, switches[s]);
    return RL_OK;
}

/* ------------------------------------------------------------------------ */
/* The request text                                                          */
/* ------------------------------------------------------------------------ */

typedef struct out_buf {
    char *p;
    size_t len, cap;
    int over;
} out_buf;

static void put(out_buf *o, const char *s, size_t n) {
    if (o->len + n >= o->cap) {
        o->over = 1;
        return;
    }
    memcpy(o->p + o->len, s, n);
    o->len += n;
    o->p[o->len] = '\0';
}

static void puts_(out_buf *o, const char *s) { put(o, s, strlen(s)); }

static void put_string(out_buf *o, const char *s) {
    put(o, "\"", 1);
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        char esc[8];
        if (*c == '"' || *c == '\\') {
            esc[0] = '\\';
            esc[1] = (char)*c;
            put(o, esc, 2);
        } else if (*c < 0x20) {
            snprintf(esc, sizeof esc, "\\u%04x", *c);
            put(o, esc, 6);
        } else {
            put(o, (const char *)c, 1);
        }
    }
    put(o, "\"", 1);
}

/* True when s is exactly one JSON number (RFC 8259 grammar). Only such text
 * goes into the request as a number; anything else goes in as a string, so
 * the reader answers "must be a number" exactly as it does for a request. */
static int is_json_number(const char *s) {
    const char *p = s;
    if (*p == '-') p++;
    if (*p == '0') p++;
    else if (*p >= '1' && *p <= '9') while (*p >= '0' && *p <= '9') p++;
    else return 0;
    if (*p == '.') {
        p++;
        if (!(*p >= '0' && *p <= '9')) return 0;
        while (*p >= '0' && *p <= '9') p++;
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-') p++;
        if (!(*p >= '0' && *p <= '9')) return 0;
        while (*p >= '0' && *p <= '9') p++;
    }
    return *p == '\0';
}

static void put_value(out_buf *o, const rl_field *f, const char *value) {
    int numeric = f->type == RL_FIELD_COUNT || f->type == RL_FIELD_NUMBER;
    if (numeric && is_json_number(value)) puts_(o, value);
    else put_string(o, value);
}

static void put_member(out_buf *o, int *first, const char *name, const rl_field *f, const char *value) {
    if (!*first) put(o, ",", 1);
    *first = 0;
    put_string(o, name);
    put(o, ":", 1);
    if (f) put_value(o, f, value);
    else put_string(o, value);
}

/* "gpu": the preset id alone; {"base": id, ...} when figures override it; the
 * figures alone for a custom GPU. No gpu at all is left to the reader. */
static void put_gpu(out_buf *o, const rl_cli_args *a, int *first) {
    const rl_field *gpu = rl_field_by_key("gpu");
    const char *preset = a->value[row_index(gpu)];
    int figures = 0;
    for (size_t i = 0; i < rl_field_count(); i++)
        figures += a->value[i] != NULL && strncmp(rl_field_at(i)->key, "gpu.", 4) == 0;
    if (preset == NULL && figures == 0) return;
    if (figures == 0) {
        put_member(o, first, "gpu", NULL, preset);
        return;
    }
    if (!*first) put(o, ",", 1);
    *first = 0;
    puts_(o, "\"gpu\":{");
    int inner = 1;
    if (preset) put_member(o, &inner, "base", NULL, preset);
    for (size_t i = 0; i < rl_field_count(); i++) {
        const rl_field *f = rl_field_at(i);
        if (a->value[i] != NULL && strncmp(f->key, "gpu.", 4) == 0) put_member(o, &inner, f->key + 4, f, a->value[i]);
    }
    put(o, "}", 1);
}

size_t rl_cli_request(const rl_cli_args *a, char *buf, size_t cap, rl_error *err) {
    out_buf o = {buf, 0, cap, 0};
    int first = 1;
    if (cap) buf[0] = '\0';
    put(&o, "{", 1);
    for (size_t i = 0; i < rl_field_count(); i++) {
        const rl_field *f = rl_field_at(i);
        const char *v = a->value[i];
        /* config and checkpoint (--index) are files the caller reads; gpu and gpu.* go together below. */
        if (v == NULL || strcmp(f->key, "config") == 0 || strcmp(f->key, "checkpoint") == 0 || strcmp(f->key, "gpu") == 0 ||
            strncmp(f->key, "gpu.", 4) == 0)
            continue;
        put_member(&o, &first, f->key, f, v);
    }
    put_gpu(&o, a, &first);
    put(&o, "}", 1);
    if (o.over) {
        usage_error(err, "request", "the flags' values are too long (over %zu bytes together)", cap);
        err->status = RL_E_TOO_LARGE;
        return 0;
    }
    return o.len;
}

const char *rl_cli_flag_of(const char *key) {
    const rl_field *f = rl_field_by_key(key);
    return f && f->flag && f->flag[0] ? f->flag : NULL;
}

/* ------------------------------------------------------------------------ */
/* --help                                                                    */
/* ------------------------------------------------------------------------ */

static const char *metavar(const rl_field *f) {
    switch (f->type) {
    case RL_FIELD_PRESET: return "ID";
    case RL_FIELD_TEXT: return "PATH";
    case RL_FIELD_SIZE: return "SIZE";
    case RL_FIELD_ENUM: return "WORD";
    case RL_FIELD_COUNT: return "N";
    case RL_FIELD_NUMBER: return "X";
    default: return "";
    }
}

static void help_row(FILE *out, const rl_field *f) {
    char left[64];
    snprintf(left, sizeof left, "%s %s", f->flag, metavar(f));
    fprintf(out, "  %-26s %s", left, f->help);
    if (f->type == RL_FIELD_ENUM && f->choices) {
        fputs(" [", out);
        for (int c = 0; f->choices[c]; c++) fprintf(out, "%s%s", c ? "|" : "", f->choices[c]);
        fputc(']', out);
    }
    if ((f->type == RL_FIELD_COUNT || f->type == RL_FIELD_NUMBER) && f->max > f->min) {
        fprintf(out, " [%.10g..%.10g%s%s]", f->min, f->max, f->unit[0] ? " " : "", f->unit);
    }
    if (f->type == RL_FIELD_ENUM && f->choices) fprintf(out, " (default %s)", f->choices[(int)f->def]);
    else if ((f->flags & RL_FIELD_ZERO_IS_UNSET) && f->def == 0.0) fprintf(out, " (default: %s)", f->zero_means);
    else if ((f->type == RL_FIELD_COUNT || f->type == RL_FIELD_NUMBER) && !(f->flags & RL_FIELD_REQUIRED) &&
             strncmp(f->key, "gpu.", 4) != 0)
        fprintf(out, " (default %.10g)", f->def);
    if (f->aliases[0]) fprintf(out, " (also %s)", f->aliases);
    fputc('\n', out);
}

void rl_cli_help(FILE *out) {
    fputs("usage: roofline-lint (--model ID | --config PATH | --hf ORG/NAME | --params SIZE) (--gpu ID | --bandwidth-gbs G --vram-gib V [--tflops T])\n"
          "                     [flags below] [--json]\n"
          "       roofline-lint --request JSON [--config PATH] | --list | --selftest | --prove-red [--vectors DIR]\n"
          "\n",
          out);
    /* The prose in --lang's words; the flags' own help is core/fields.json's, in English only. */
    fprintf(out, "%s\n", rl_msg_text("cli.help.intro"));
    for (size_t g = 0; g < rl_field_group_count(); g++) {
        const rl_field_group *grp = rl_field_group_at(g);
        fprintf(out, "\n%s:\n", grp->title);
        for (size_t i = 0; i < rl_field_count(); i++) {
            const rl_field *f = rl_field_at(i);
            if (strcmp(f->group, grp->key) == 0 && f->flag && f->flag[0]) help_row(out, f);
        }
    }
    fputs("\nOutput and modes:\n", out);
    for (size_t i = 0; i < sizeof meta / sizeof meta[0]; i++) {
        char left[64];
        snprintf(left, sizeof left, "%s %s", meta[i].flag, meta[i].value_name ? meta[i].value_name : "");
        fprintf(out, "  %-26s %s\n", left, meta[i].help);
    }
    fprintf(out, "\n%s\n", rl_msg_text("cli.help.exit"));
}
