/* The lint over real serve commands (tests/lint-corpus/commands.json, README.md there).
 *
 *   rl_lint_corpus_test tests/lint-corpus/commands.json
 *
 * For every entry: the command is linted on its GPU preset ({"gpu": gpu_preset}) and
 * - its outcome class is the entry's `expected`: the verdict (fits, tight, refused) or
 *   error:<field> when the lint answers an error naming that field;
 * - every flag word of the command (a word starting with '-', after the program) is
 *   recognized (as a flag or as a recognized flag's value), ignored, or the value
 *   joined to an ignored --flag=value: none is dropped;
 * - where it is refused or tight and a correction exists, every correction (the
 *   corrected command and each alternative) lints as fits on the same GPU, ignores no
 *   more flags than the command, and runs the tp, pp and context its entry states;
 * - the JSON answer is whole (it fits the buffer), parses, and holds no number that
 *   is not finite; and the run ends (no crash, under the sanitizers too).
 * The corpus must hold at least 40 entries, with each of the four engines.
 *
 *   rl_lint_corpus_test tests/lint-corpus/commands.json --flip ID
 *
 * changes the expected class of entry ID (to fits, or to refused where it was fits)
 * before the run: that run must fail (ctest lint_corpus_red, WILL_FAIL), which shows
 * that each class is compared. */
#include "roofline.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;
#include "check.h"

static rl_lint lint, again;
static char json[1 << 20];

static const char *word(const rl_lint *l, int i) { return l->words + l->word_at[i]; }

static const char *str(const cJSON *o, const char *key) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* Every number in the tree is finite. */
static bool all_finite(const cJSON *n) {
    if (cJSON_IsNumber(n) && !isfinite(n->valuedouble)) return false;
    for (const cJSON *c = n->child; c != NULL; c = c->next)
        if (!all_finite(c)) return false;
    return true;
}

/* The JSON answer of the lint in l: whole, parsed, finite. */
static void check_json(const rl_lint *l, const char *id, const char *what) {
    size_t n = rl_lint_write_json(l, json, sizeof json);
    CHECK(n > 0 && n < sizeof json, "%s: %s: the JSON answer fits the buffer (%zu bytes)", id, what, n);
    if (!(n > 0 && n < sizeof json)) return;
    cJSON *doc = cJSON_Parse(json);
    CHECK(doc != NULL, "%s: %s: the JSON answer parses (NaN and infinities do not)", id, what);
    if (doc) CHECK(all_finite(doc), "%s: %s: every number in the JSON answer is finite", id, what);
    cJSON_Delete(doc);
}

/* The word index where the program's flags start: past VAR=value words, env, exec, nohup and the program
 * (python -m MODULE: its -m and module too), as the lint reads it. */
static int program_end(const rl_lint *l) {
    int i = 0;
    while (i < l->word_count) {
        const char *w = word(l, i);
        if (strcmp(w, "env") == 0 || strcmp(w, "exec") == 0 || strcmp(w, "nohup") == 0 || (strchr(w, '=') && w[0] != '-')) i++;
        else break;
    }
    if (i >= l->word_count) return i;
    const char *prog = strrchr(word(l, i), '/') ? strrchr(word(l, i), '/') + 1 : word(l, i);
    if (strncmp(prog, "python", 6) == 0) return i + 3; /* python -m module */
    return i + 1;
}

/* Every word starting with '-' after the program is a recognized flag or value, an ignored flag, or the value
 * joined to a flag by '='; a lone "-" is a word, not a flag. */
static void check_no_flag_dropped(const rl_lint *l, const char *id) {
    for (int i = program_end(l); i < l->word_count; i++) {
        const char *w = word(l, i);
        if (w[0] != '-' || w[1] == '\0') continue;
        bool seen = l->joined[i] != 0;
        for (int k = 0; k < l->recognized_count && !seen; k++) seen = l->recognized_flag[k] == i || l->recognized_value[k] == i;
        for (int k = 0; k < l->ignored_count && !seen; k++) seen = l->ignored[k] == i;
        CHECK(seen, "%s: the flag word %s (word %d) is neither recognized nor ignored", id, w, i);
    }
}

/* Each correction lints as fits on the same GPU, ignores no more than the command, and runs what it states. */
static void check_corrections(const char *id, const char *req) {
    int n = lint.has_corrected ? 1 + lint.alternative_count : 0;
    for (int a = 0; a < n; a++) {
        const char *cmd = a == 0 ? lint.corrected : lint.alternative[a - 1];
        const rl_lint_levers *v = a == 0 ? &lint.correction : &lint.alternative_levers[a - 1];
        rl_status st = rl_lint_run(cmd, strlen(cmd), req, strlen(req), NULL, 0, &again);
        CHECK(st == RL_OK && again.verdict == RL_LINT_FITS, "%s: correction %d lints as fits (status %d, verdict %s): %s", id, a, st,
              rl_lint_verdict_name(again.verdict), cmd);
        if (st != RL_OK) continue;
        CHECK(again.ignored_count == lint.ignored_count, "%s: correction %d ignores %d flags, the command %d: %s", id, a,
              again.ignored_count, lint.ignored_count, cmd);
        CHECK(again.run.deploy.tp == v->tp && again.run.deploy.pp == v->pp && again.run.deploy.seq == v->seq,
              "%s: correction %d runs tp %lld, pp %lld, seq %lld; it states %lld, %lld, %lld", id, a, (long long)again.run.deploy.tp,
              (long long)again.run.deploy.pp, (long long)again.run.deploy.seq, (long long)v->tp, (long long)v->pp, (long long)v->seq);
        check_json(&again, id, "its correction");
    }
}

int main(int argc, char **argv) {
    if (argc < 2 || (argc > 2 && (argc != 4 || strcmp(argv[2], "--flip") != 0))) {
        fprintf(stderr, "usage: rl_lint_corpus_test tests/lint-corpus/commands.json [--flip ID]\n");
        return 2;
    }
    const char *flip = argc == 4 ? argv[3] : NULL;
    int flipped = 0;
    FILE *fp = fopen(argv[1], "rb");
    if (fp == NULL) {
        fprintf(stderr, "cannot open %s\n", argv[1]);
        return 2;
    }
    static char text[1 << 20];
    size_t len = fread(text, 1, sizeof text - 1, fp);
    fclose(fp);
    text[len] = '\0';
    cJSON *doc = cJSON_Parse(text);
    const cJSON *entries = cJSON_GetObjectItemCaseSensitive(doc, "entries"), *e;
    CHECK(cJSON_IsArray(entries), "%s: an object with entries", argv[1]);
    int count = 0, engines[4] = {0}, classes[4] = {0}, corrected = 0;
    cJSON_ArrayForEach(e, entries) {
        const char *id = str(e, "id"), *cmd = str(e, "command"), *gpu = str(e, "gpu_preset"), *expected = str(e, "expected");
        CHECK(id && cmd && gpu && expected && str(e, "source") && str(e, "source_kind") && str(e, "engine"),
              "entry %d has id, command, engine, source, source_kind, gpu_preset and expected", count);
        if (!(id && cmd && gpu && expected)) continue;
        count++;
        if (flip != NULL && strcmp(id, flip) == 0) {
            expected = strcmp(expected, "fits") == 0 ? "refused" : "fits";
            flipped++;
        }
        char req[128];
        snprintf(req, sizeof req, "{\"gpu\":\"%s\"}", gpu);
        rl_status st = rl_lint_run(cmd, strlen(cmd), req, strlen(req), NULL, 0, &lint);
        char got[80];
        if (st == RL_OK) snprintf(got, sizeof got, "%s", rl_lint_verdict_name(lint.verdict));
        else snprintf(got, sizeof got, "error:%s", lint.error.field);
        CHECK(strcmp(got, expected) == 0, "%s on %s: expected %s, got %s%s%s", id, gpu, expected, got, st ? ": " : "",
              st ? lint.error.message : "");
        classes[st != RL_OK ? 3 : (int)lint.verdict]++;
        if (st == RL_OK || strcmp(lint.error.field, "lint") != 0) {
            CHECK(strcmp(rl_serve_engine_name(lint.engine), str(e, "engine")) == 0, "%s: read as %s, the entry says %s", id,
                  rl_serve_engine_name(lint.engine), str(e, "engine"));
            if ((unsigned)lint.engine < 4) engines[lint.engine]++;
            check_no_flag_dropped(&lint, id);
        }
        check_json(&lint, id, "the command");
        if (st == RL_OK && lint.verdict != RL_LINT_FITS && lint.has_corrected) {
            corrected++;
            check_corrections(id, req);
        }
    }
    CHECK(count >= 40, "the corpus holds %d commands, at least 40", count);
    if (flip != NULL && flipped != 1) {
        fprintf(stderr, "--flip %s: no such entry\n", flip);
        return 2; /* not a failure of the corpus: the red test must not pass by a typo */
    }
    for (int k = 0; k < 4; k++) CHECK(engines[k] > 0, "the corpus has commands of %s", rl_serve_engine_name((rl_serve_engine)k));
    cJSON_Delete(doc);
    printf("lint corpus: %d commands (vllm %d, sglang %d, llama-server %d, trtllm-serve %d read; %d fit, %d tight, %d refused, "
           "%d errors; %d corrected); %d checks passed, %d failed\n",
           count, engines[0], engines[1], engines[2], engines[3], classes[0], classes[1], classes[2], classes[3], corrected, passed,
           failed);
    return failed ? 1 : 0;
}
