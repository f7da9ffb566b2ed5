/* The native vector runner; tests/web/vectors.test.js is its twin for wasm,
 * and both follow the comparison rules of tests/vectors/README.md. */
#define _POSIX_C_SOURCE 200809L
#include "vectors.h"
#include "files.h"

#include "roofline.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const cJSON *at_path(const cJSON *root, const char *path) {
    char part[128];
    const cJSON *node = root;
    while (node != NULL && *path) {
        const char *dot = strchr(path, '.');
        size_t n = dot ? (size_t)(dot - path) : strlen(path);
        if (n >= sizeof part) return NULL;
        memcpy(part, path, n);
        part[n] = '\0';
        if (cJSON_IsArray(node)) {
            /* Inside warnings/remedies/findings a segment picks the element with that code; inside corrections, that rule. */
            const cJSON *item, *found = NULL;
            cJSON_ArrayForEach(item, node) {
                const cJSON *code = cJSON_GetObjectItemCaseSensitive(item, "code");
                if (!cJSON_IsString(code)) code = cJSON_GetObjectItemCaseSensitive(item, "rule"); /* a lint correction */
                if (found == NULL && cJSON_IsString(code) && strcmp(code->valuestring, part) == 0) found = item;
            }
            node = found;
        } else {
            node = cJSON_GetObjectItemCaseSensitive(node, part);
        }
        path += n + (dot ? 1 : 0);
    }
    return node;
}

static void note_failure(rl_vec_stats *s, const char *name) {
    size_t len = strlen(s->failed_names);
    if (len + strlen(name) + 3 < sizeof s->failed_names)
        snprintf(s->failed_names + len, sizeof s->failed_names - len, "%s%s", len ? ", " : "", name);
}

static int compare_value(const char *name, const char *path, const cJSON *want, const cJSON *got,
                         const cJSON *tol, FILE *log) {
    if (got == NULL) {
        if (log) fprintf(log, "  %s: %s is missing from the report\n", name, path);
        return 0;
    }
    if (cJSON_IsNumber(want)) {
        if (!cJSON_IsNumber(got)) {
            if (log) fprintf(log, "  %s: %s is not a number\n", name, path);
            return 0;
        }
        double w = want->valuedouble, g = got->valuedouble;
        const cJSON *t = tol ? cJSON_GetObjectItemCaseSensitive(tol, path) : NULL;
        int ok;
        if (cJSON_IsNumber(t)) ok = fabs(g - w) <= t->valuedouble;
        else if (w == floor(w) && fabs(w) < 9007199254740992.0) ok = g == w;
        else ok = fabs(g - w) <= 1e-9 * fabs(w);
        if (!ok && log) fprintf(log, "  %s: %s = %.17g, expected %.17g%s\n", name, path, g, w, t ? " (with tol)" : "");
        return ok;
    }
    if (cJSON_IsString(want)) {
        int ok = cJSON_IsString(got) && strcmp(want->valuestring, got->valuestring) == 0;
        if (!ok && log)
            fprintf(log, "  %s: %s = %s, expected \"%s\"\n", name, path,
                    cJSON_IsString(got) ? got->valuestring : "(not a string)", want->valuestring);
        return ok;
    }
    if (cJSON_IsArray(want)) { /* a list of strings (the lint's "ignored"): the same list, in order */
        char *w = cJSON_PrintUnformatted(want), *g = cJSON_PrintUnformatted(got);
        int ok = cJSON_IsArray(got) && w && g && strcmp(w, g) == 0;
        if (!ok && log) fprintf(log, "  %s: %s = %s, expected %s\n", name, path, g ? g : "?", w ? w : "?");
        free(w);
        free(g);
        return ok;
    }
    if (cJSON_IsBool(want)) {
        int ok = cJSON_IsBool(got) && cJSON_IsTrue(want) == cJSON_IsTrue(got);
        if (!ok && log) fprintf(log, "  %s: %s has the wrong truth value\n", name, path);
        return ok;
    }
    if (log) fprintf(log, "  %s: expected value for %s has an unsupported type\n", name, path);
    return 0;
}

/* The report's codes in warnings/remedies must be exactly the listed set. */
static int compare_codes(const char *name, const char *key, const cJSON *want, const cJSON *report, FILE *log) {
    const cJSON *got = cJSON_GetObjectItemCaseSensitive(report, key);
    int ok = cJSON_IsArray(got) && cJSON_GetArraySize(got) == cJSON_GetArraySize(want);
    const cJSON *w;
    cJSON_ArrayForEach(w, want) {
        int found = 0;
        const cJSON *g;
        cJSON_ArrayForEach(g, got) {
            const cJSON *code = cJSON_GetObjectItemCaseSensitive(g, "code");
            if (cJSON_IsString(code) && cJSON_IsString(w) && strcmp(code->valuestring, w->valuestring) == 0) found = 1;
        }
        ok = ok && found;
    }
    if (!ok && log) {
        char *g = cJSON_PrintUnformatted(got), *x = cJSON_PrintUnformatted(want);
        fprintf(log, "  %s: %s = %s, expected codes %s\n", name, key, g ? g : "?", x ? x : "?");
        free(g);
        free(x);
    }
    return ok;
}

/* A lint vector ("lint": the command; "input": the request with the GPU):
 * rl_lint_json, the entry point of the wasm bridge too. With "relint" the
 * corrected command must exist and lint as "fits" on the same GPU. */
static char *lint_json(const char *command, const char *request, const char *cfg, rl_status *st) {
    static rl_lint work;
    static char buf[1 << 17];
    size_t n = rl_lint_json(command, strlen(command), request, strlen(request), cfg, cfg ? strlen(cfg) : 0, &work, buf,
                            sizeof buf, st);
    return n < sizeof buf ? buf : NULL;
}

/* One corrected command, linted again: it fits, it ignores no flag the command did not (a correction adds
 * only flags its engine has), and it runs the tp, pp and context its entry in "corrections" says. */
static int relint_one(const char *name, const cJSON *lint, const cJSON *fix, const char *request, const char *cfg, FILE *log) {
    const cJSON *cmd = cJSON_GetObjectItemCaseSensitive(fix, "command");
    if (!cJSON_IsString(cmd)) return 0;
    rl_status st;
    char *again = lint_json(cmd->valuestring, request, cfg, &st);
    cJSON *r2 = again ? cJSON_Parse(again) : NULL;
    const cJSON *l2 = cJSON_GetObjectItemCaseSensitive(r2, "lint");
    const cJSON *verdict = cJSON_GetObjectItemCaseSensitive(l2, "verdict");
    int ok = st == RL_OK && cJSON_IsString(verdict) && strcmp(verdict->valuestring, "fits") == 0;
    const cJSON *ig1 = cJSON_GetObjectItemCaseSensitive(lint, "ignored"), *ig2 = cJSON_GetObjectItemCaseSensitive(l2, "ignored");
    int same_ignored = cJSON_GetArraySize(ig1) == cJSON_GetArraySize(ig2);
    const cJSON *cfg2 = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(r2, "report"), "config");
    static const char *const keys[] = {"tp", "pp", "seq"};
    int levers = 1;
    for (int i = 0; i < 3 && ok; i++) {
        const cJSON *a = cJSON_GetObjectItemCaseSensitive(fix, keys[i]), *b = cJSON_GetObjectItemCaseSensitive(cfg2, keys[i]);
        levers &= cJSON_IsNumber(a) && cJSON_IsNumber(b) && a->valuedouble == b->valuedouble;
    }
    if (!ok && log) fprintf(log, "  %s: relint of \"%s\" gave %s\n", name, cmd->valuestring, again ? again : "(too long)");
    if (ok && !same_ignored && log) fprintf(log, "  %s: relint of \"%s\" ignores other flags\n", name, cmd->valuestring);
    if (ok && !levers && log) fprintf(log, "  %s: relint of \"%s\" runs another tp, pp or context than its entry\n", name, cmd->valuestring);
    cJSON_Delete(r2);
    return ok && same_ignored && levers;
}

/* Every corrected command, the first and the alternatives ("corrections"); the first is corrected_command. */
static int relint_fits(const char *name, const cJSON *report, const char *request, const char *cfg, FILE *log) {
    const cJSON *lint = cJSON_GetObjectItemCaseSensitive(report, "lint");
    const cJSON *fixed = cJSON_GetObjectItemCaseSensitive(lint, "corrected_command");
    const cJSON *all = cJSON_GetObjectItemCaseSensitive(lint, "corrections");
    if (!cJSON_IsString(fixed) || cJSON_GetArraySize(all) < 1) {
        if (log) fprintf(log, "  %s: relint: there is no corrected command\n", name);
        return 0;
    }
    const cJSON *first = cJSON_GetArrayItem(all, 0), *c1 = cJSON_GetObjectItemCaseSensitive(first, "command");
    int ok = cJSON_IsString(c1) && strcmp(c1->valuestring, fixed->valuestring) == 0;
    if (!ok && log) fprintf(log, "  %s: corrections[0] is not corrected_command\n", name);
    const cJSON *fix;
    cJSON_ArrayForEach(fix, all) ok &= relint_one(name, lint, fix, request, cfg, log);
    return ok;
}

static int run_vector(const cJSON *v, FILE *log) {
    const cJSON *jname = cJSON_GetObjectItemCaseSensitive(v, "name");
    const char *name = cJSON_IsString(jname) ? jname->valuestring : "(unnamed)";
    const cJSON *input = cJSON_GetObjectItemCaseSensitive(v, "input");
    const cJSON *config_text = cJSON_GetObjectItemCaseSensitive(v, "config_text");
    const cJSON *want_error = cJSON_GetObjectItemCaseSensitive(v, "error");
    const cJSON *expected = cJSON_GetObjectItemCaseSensitive(v, "expected");
    const cJSON *request_text = cJSON_GetObjectItemCaseSensitive(v, "request_text");
    if (!cJSON_IsObject(input) && !cJSON_IsString(request_text)) {
        if (log) fprintf(log, "  %s: the vector has no input object or request_text\n", name);
        return 0;
    }
    /* request_text carries requests JSON cannot express as an object (NaN, bad syntax). */
    char *request = cJSON_IsString(request_text) ? strdup(request_text->valuestring) : cJSON_PrintUnformatted(input);
    if (request == NULL) return 0;
    /* The same entry point the wasm bridge uses, so both runners test one path. */
    const char *cfg = cJSON_IsString(config_text) ? config_text->valuestring : NULL;
    static char runbuf[1 << 16];
    const char *buf = runbuf;
    rl_status st;
    const cJSON *lint = cJSON_GetObjectItemCaseSensitive(v, "lint");
    if (cJSON_IsString(lint)) {
        buf = lint_json(lint->valuestring, request, cfg, &st);
    } else if (rl_run_json(request, strlen(request), cfg, cfg ? strlen(cfg) : 0, runbuf, sizeof runbuf, &st) >= sizeof runbuf) {
        buf = NULL;
    }
    if (buf == NULL) {
        free(request);
        if (log) fprintf(log, "  %s: output longer than the buffer\n", name);
        return 0;
    }
    cJSON *report = cJSON_Parse(buf);
    if (report == NULL) {
        if (log) fprintf(log, "  %s: the output is not valid JSON: %s\n", name, buf);
        free(request);
        return 0;
    }
    const cJSON *got_error = cJSON_GetObjectItemCaseSensitive(report, "error");

    if (cJSON_IsObject(want_error)) {
        const cJSON *code = cJSON_GetObjectItemCaseSensitive(want_error, "code");
        const cJSON *field = cJSON_GetObjectItemCaseSensitive(want_error, "field");
        const cJSON *got_code = cJSON_GetObjectItemCaseSensitive(got_error, "code");
        const cJSON *got_field = cJSON_GetObjectItemCaseSensitive(got_error, "field");
        const cJSON *got_msg = cJSON_GetObjectItemCaseSensitive(got_error, "message");
        int ok = st != RL_OK && cJSON_IsString(code) && cJSON_IsString(got_code) &&
                 strcmp(code->valuestring, got_code->valuestring) == 0 &&
                 (!cJSON_IsString(field) || (cJSON_IsString(got_field) && strcmp(field->valuestring, got_field->valuestring) == 0)) &&
                 cJSON_IsString(got_msg) && got_msg->valuestring[0] != '\0';
        /* Every bad input names its field: the message holds the field, or its last part (config.head_dim
         * -> head_dim), as the fuzz targets demand of every error they reach. */
        if (ok && cJSON_IsString(got_field) && got_field->valuestring[0] != '\0') {
            const char *dot = strrchr(got_field->valuestring, '.');
            int named = strstr(got_msg->valuestring, got_field->valuestring) != NULL ||
                        (dot != NULL && dot[1] != '\0' && strstr(got_msg->valuestring, dot + 1) != NULL);
            if (!named && log) fprintf(log, "  %s: the error message does not name its field: %s\n", name, buf);
            ok = named;
        }
        /* A why's values are the message's own figures, which the other languages' sentences repeat. */
        const cJSON *value;
        cJSON_ArrayForEach(value, cJSON_GetObjectItemCaseSensitive(got_error, "values")) {
            if (ok && (!cJSON_IsString(value) || strstr(got_msg->valuestring, value->valuestring) == NULL)) {
                if (log) fprintf(log, "  %s: the value %s is not in the message: %s\n", name, value->string, buf);
                ok = 0;
            }
        }
        /* The rule broken, pinned (as the wasm runner's whyProblems): a why in the run must be the vector's
         * "why", and then its "values" must be the vector's too (left out when there are none; any order). */
        const cJSON *want_why = cJSON_GetObjectItemCaseSensitive(want_error, "why");
        const cJSON *got_why = cJSON_GetObjectItemCaseSensitive(got_error, "why");
        const char *ww = cJSON_IsString(want_why) ? want_why->valuestring : "";
        const char *gw = cJSON_IsString(got_why) ? got_why->valuestring : "";
        if (ok && strcmp(ww, gw) != 0) {
            if (log) fprintf(log, "  %s: the error's why is \"%s\", the vector pins \"%s\": %s\n", name, gw, ww, buf);
            ok = 0;
        }
        if (ok && gw[0]) {
            const cJSON *want_values = cJSON_GetObjectItemCaseSensitive(want_error, "values");
            const cJSON *got_values = cJSON_GetObjectItemCaseSensitive(got_error, "values");
            int same = cJSON_GetArraySize(want_values) == cJSON_GetArraySize(got_values);
            cJSON_ArrayForEach(value, want_values) {
                const cJSON *g = cJSON_GetObjectItemCaseSensitive(got_values, value->string);
                same = same && cJSON_IsString(value) && cJSON_IsString(g) && strcmp(value->valuestring, g->valuestring) == 0;
            }
            if (!same && log) fprintf(log, "  %s: the error's values differ from the vector's: %s\n", name, buf);
            ok = same;
        }
        /* An optional "message": the exact sentence (the lint's vectors pin theirs). */
        const cJSON *msg = cJSON_GetObjectItemCaseSensitive(want_error, "message");
        if (cJSON_IsString(msg)) ok = ok && cJSON_IsString(got_msg) && strcmp(msg->valuestring, got_msg->valuestring) == 0;
        if (!ok && log)
            fprintf(log, "  %s: expected error %s on %s, got %s\n", name, cJSON_IsString(code) ? code->valuestring : "?",
                    cJSON_IsString(field) ? field->valuestring : "?", buf);
        free(request);
        cJSON_Delete(report);
        return ok;
    }
    if (st != RL_OK) {
        if (log) fprintf(log, "  %s: unexpected error %s\n", name, buf);
        free(request);
        cJSON_Delete(report);
        return 0;
    }
    int ok = 1;
    const cJSON *tol = cJSON_GetObjectItemCaseSensitive(v, "tol");
    const cJSON *item;
    cJSON_ArrayForEach(item, expected) {
        ok &= compare_value(name, item->string, item, at_path(report, item->string), tol, log);
    }
    cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(v, "absent")) {
        if (cJSON_IsString(item) && at_path(report, item->valuestring) != NULL) {
            if (log) fprintf(log, "  %s: %s must be absent but is in the report\n", name, item->valuestring);
            ok = 0;
        }
    }
    const cJSON *codes;
    if ((codes = cJSON_GetObjectItemCaseSensitive(v, "warnings")) != NULL) ok &= compare_codes(name, "warnings", codes, report, log);
    if ((codes = cJSON_GetObjectItemCaseSensitive(v, "remedies")) != NULL) ok &= compare_codes(name, "remedies", codes, report, log);
    if ((codes = cJSON_GetObjectItemCaseSensitive(v, "findings")) != NULL)
        ok &= compare_codes(name, "findings", codes, cJSON_GetObjectItemCaseSensitive(report, "lint"), log);
    /* The property over the corpus: every corrected command lints as fits; "relint" also demands one. */
    const cJSON *fixed = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(report, "lint"), "corrected_command");
    if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v, "relint")) || cJSON_IsString(fixed))
        ok &= relint_fits(name, report, request, cfg, log);
    free(request);
    cJSON_Delete(report);
    return ok;
}

static int cmp_names(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int rl_vectors_run(const char *dir, FILE *log, rl_vec_stats *stats) {
    memset(stats, 0, sizeof *stats);
    DIR *dh = opendir(dir);
    if (dh == NULL) {
        if (log) fprintf(log, "cannot open the vector folder %s\n", dir);
        return -1;
    }
    char *names[512];
    size_t count = 0;
    struct dirent *e;
    while ((e = readdir(dh)) != NULL && count < 512) {
        size_t n = strlen(e->d_name);
        if (n > 5 && strcmp(e->d_name + n - 5, ".json") == 0) names[count++] = strdup(e->d_name);
    }
    closedir(dh);
    qsort(names, count, sizeof names[0], cmp_names);
    int rc = count == 0 ? -1 : 0;
    if (count == 0 && log) fprintf(log, "no *.json vectors in %s\n", dir);
    for (size_t i = 0; i < count; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        size_t len = 0;
        char *text = rl_read_whole_file(path, &len);
        cJSON *root = text ? cJSON_ParseWithLength(text, len) : NULL;
        const cJSON *vectors = cJSON_GetObjectItemCaseSensitive(root, "vectors");
        if (!cJSON_IsArray(vectors)) {
            if (log) fprintf(log, "%s: not a vector file (needs {\"vectors\": [...]})\n", path);
            rc = -1;
        } else {
            stats->files++;
            const cJSON *v;
            cJSON_ArrayForEach(v, vectors) {
                if (run_vector(v, log)) {
                    stats->passed++;
                } else {
                    const cJSON *n = cJSON_GetObjectItemCaseSensitive(v, "name");
                    stats->failed++;
                    note_failure(stats, cJSON_IsString(n) ? n->valuestring : "(unnamed)");
                }
            }
        }
        cJSON_Delete(root);
        free(text);
        free(names[i]);
    }
    return rc;
}
