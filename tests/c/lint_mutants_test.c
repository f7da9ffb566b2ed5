/* The serve-command lint (core/src/lint.c): properties and hand-derived cases
 * written to kill mutants that survived core/scripts/mutate.mjs, which the
 * lint vectors cannot state or do not reach.
 *
 *   rl_lint_mutants_test tests/vectors/lint.json
 *
 * - Over every command of the lint vectors (and the cases below): each
 *   finding's values are the figures and words its sentence prints, in the
 *   order it prints them (a value that names another's buffer, or a swapped
 *   figure, is caught).
 * - llama-server's cache types: for every pair of -ctk/-ctv, the KV precision
 *   is the one of the type with more bits per element (a tie goes to -ctk), and
 *   a type the core does not model by name is reported with its bits. The bits
 *   are from ggml's block layouts, written out in the table below.
 * - Engine defaults at the boundaries the engines name (70 GiB, an A100,
 *   25000 MB), the words of the command (a trailing blank, the word limit
 *   reached by a --flag=value split, what is and is not a VAR=value word), a
 *   config without max_position_embeddings, and the variants of the findings
 *   whose sentence changes with the case.
 *
 * Every expected figure is derived in the comment beside it; none is copied
 * from the core's output. */
#define _POSIX_C_SOURCE 200809L /* strnlen */
#include "roofline.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;
#include "check.h"

static rl_lint lint;

static rl_status run(const char *cmd, const char *req, const char *cfg) {
    return rl_lint_run(cmd, strlen(cmd), req, strlen(req), cfg, cfg ? strlen(cfg) : 0, &lint);
}

static const rl_lint_finding *finding(const char *code) {
    for (int i = 0; i < lint.finding_count; i++)
        if (strcmp(lint.findings[i].code, code) == 0) return &lint.findings[i];
    return NULL;
}

/* The finding's value by name, NULL when it has none of that name. */
static const char *value_of(const rl_lint_finding *f, const char *name) {
    if (f == NULL) return NULL;
    for (int i = 0; i < f->value_count; i++)
        if (strcmp(f->value_name[i], name) == 0) return f->value[i];
    return NULL;
}

static const char *default_of(const char *flag) {
    for (int i = 0; i < lint.default_count; i++)
        if (strcmp(lint.defaults[i][0], flag) == 0) return lint.defaults[i][1];
    return NULL;
}

static bool streq(const char *a, const char *b) { return a != NULL && b != NULL && strcmp(a, b) == 0; }

/* ---- each finding's values are what its sentence prints ------------------ */

static bool word_char(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; }

/* `v` at `at` in `s` as a whole figure or word: not glued to a letter, digit,
 * '_' or '.' before it, nor to a digit, '_' or a decimal part after it ("55"
 * is not in "55.85x", "55.85" is). */
static bool whole_at(const char *s, size_t at, const char *v) {
    size_t n = strlen(v);
    if (strncmp(s + at, v, n) != 0) return false;
    if (at > 0 && (word_char(s[at - 1]) || s[at - 1] == '.')) return false;
    char after = s[at + n];
    if ((after >= '0' && after <= '9') || after == '_') return false;
    if (after == '.' && s[at + n + 1] >= '0' && s[at + n + 1] <= '9') return false;
    return true;
}

static void check_values_in_message(const char *what) {
    for (int i = 0; i < lint.finding_count; i++) {
        const rl_lint_finding *f = &lint.findings[i];
        size_t from = 0;
        for (int k = 0; k < f->value_count; k++) {
            if (strcmp(f->value_name[k], "variant") == 0) {
                CHECK(f->value[k][0] != '\0', "%s: %s: a variant is never empty (the code's own sentence has none)", what, f->code);
                continue;
            }
            const char *v = f->value[k];
            size_t at = from, len = strlen(f->message);
            while (at < len && !whole_at(f->message, at, v)) at++;
            CHECK(v[0] != '\0' && at < len, "%s: %s: value %s = \"%s\" is not in the sentence after character %zu: %s", what,
                  f->code, f->value_name[k], v, from, f->message);
            if (at < len) from = at + strlen(v);
        }
    }
}

static void test_values_over_the_vectors(const char *path) {
    FILE *fp = fopen(path, "rb");
    CHECK(fp != NULL, "cannot open %s", path);
    if (fp == NULL) return;
    static char text[1 << 20];
    size_t n = fread(text, 1, sizeof text - 1, fp);
    fclose(fp);
    text[n] = '\0';
    cJSON *doc = cJSON_Parse(text);
    const cJSON *vectors = cJSON_GetObjectItemCaseSensitive(doc, "vectors"), *v;
    int runs = 0, with_findings = 0;
    cJSON_ArrayForEach(v, vectors) {
        const cJSON *cmd = cJSON_GetObjectItemCaseSensitive(v, "lint");
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(v, "name");
        const cJSON *input = cJSON_GetObjectItemCaseSensitive(v, "input");
        const cJSON *cfg = cJSON_GetObjectItemCaseSensitive(v, "config_text");
        if (!cJSON_IsString(cmd) || !cJSON_IsObject(input)) continue;
        char *req = cJSON_PrintUnformatted(input);
        if (run(cmd->valuestring, req, cJSON_IsString(cfg) ? cfg->valuestring : NULL) == RL_OK) {
            runs++;
            with_findings += lint.finding_count > 0;
            check_values_in_message(name->valuestring);
        }
        free(req);
    }
    CHECK(runs >= 40 && with_findings >= 25, "the lint vectors ran (%d runs, %d with findings)", runs, with_findings);
    cJSON_Delete(doc);
}

/* ---- llama-server cache types -------------------------------------------- */

/* llama.cpp's cache types (common/arg.cpp) with their bits per element from the
 * ggml block layouts (ggml-common.h): q8_0 34 bytes per 32 = 8.5, q4_0 18/32 =
 * 4.5, q4_1 20/32 = 5, iq4_nl 18/32 = 4.5, q5_0 22/32 = 5.5, q5_1 24/32 = 6;
 * and the precision the core counts each as: its own by name (f32, f16, bf16,
 * q8_0, q4_0), else the nearest of int4/int8/fp16/fp32 by bits, a tie to the
 * larger (5 and 5.5 -> int4; 6, half-way between 4 and 8 -> int8). `exact` is
 * whether that precision holds the same bits (no approximation finding). */
static const struct cache_type {
    const char *word, *precision, *bits;
    double b;
    bool exact;
} cache_types[] = {
    {"f32", "fp32", "32", 32, true},      {"f16", "fp16", "16", 16, true},       {"bf16", "bf16", "16", 16, true},
    {"q8_0", "q8_0", "8.5", 8.5, true},   {"q4_0", "q4_0", "4.5", 4.5, true},    {"q4_1", "int4", "5", 5, false},
    {"iq4_nl", "int4", "4.5", 4.5, false}, {"q5_0", "int4", "5.5", 5.5, false}, {"q5_1", "int8", "6", 6, false},
};
#define N_CACHE (sizeof cache_types / sizeof cache_types[0])

static void test_cache_type_pairs(void) {
    const char *req = "{\"gpu\":\"h100-sxm\"}";
    for (size_t i = 0; i < N_CACHE; i++)
        for (size_t j = 0; j < N_CACHE; j++) {
            const struct cache_type *k = &cache_types[i], *v = &cache_types[j];
            const struct cache_type *big = k->b >= v->b ? k : v; /* the larger; a tie to -ctk */
            char cmd[256];
            snprintf(cmd, sizeof cmd, "llama-server -m Qwen3-8B-Q4_K_M.gguf -c 8192 -ctk %s -ctv %s", k->word, v->word);
            rl_status st = run(cmd, req, NULL);
            CHECK(st == RL_OK, "%s: runs (%s)", cmd, lint.error.message);
            if (st != RL_OK) continue;
            const char *got = rl_precision_name(lint.run.deploy.kv_precision);
            CHECK(streq(got, big->precision), "%s: the KV cache is counted as %s, got %s", cmd, big->precision, got);
            const rl_lint_finding *differ = finding("kv_types_differ"), *approx = finding("kv_type_approximated");
            if (i == j) {
                CHECK(differ == NULL, "%s: one type, no kv_types_differ", cmd);
            } else {
                CHECK(streq(value_of(differ, "k"), k->word) && streq(value_of(differ, "v"), v->word) &&
                          streq(value_of(differ, "precision"), big->precision),
                      "%s: kv_types_differ names k %s, v %s, counted as %s", cmd, k->word, v->word, big->precision);
            }
            if (big->exact) {
                CHECK(approx == NULL, "%s: %s is a precision the core models, no kv_type_approximated", cmd, big->word);
            } else {
                CHECK(streq(value_of(approx, "type"), big->word) && streq(value_of(approx, "bits"), big->bits) &&
                          streq(value_of(approx, "precision"), big->precision),
                      "%s: kv_type_approximated: %s, %s bits, counted as %s", cmd, big->word, big->bits, big->precision);
            }
            check_values_in_message(cmd);
        }
}

/* ---- engine defaults at their boundaries --------------------------------- */

/* vLLM's OpenAI server: --max-num-seqs 1024 and --max-num-batched-tokens 8192 on
 * a GPU of >= 70 GiB that is not an A100, else 256 and 2048
 * (vllm/engine/arg_utils.py get_batch_defaults). A GPU "based on" the A10 is
 * named "a10 (custom)": not an A100. SGLang's --chunked-prefill-size: 2048
 * below 25000 MB (= 25000/1024 GiB = 24.4140625 GiB), else 8192. */
static void test_gpu_defaults(void) {
    static const struct {
        const char *gpu;
        const char *seqs, *tokens;
    } vllm[] = {
        {"{\"tflops\":100,\"bandwidth_gbs\":1000,\"vram_gib\":70}", "1024", "8192"},
        {"{\"tflops\":100,\"bandwidth_gbs\":1000,\"vram_gib\":69.99}", "256", "2048"},
        {"{\"base\":\"a10\",\"vram_gib\":80}", "1024", "8192"},
        {"{\"base\":\"a100-80g\",\"vram_gib\":80}", "256", "2048"},
        {"\"h100-sxm\"", "1024", "8192"},
    };
    for (size_t i = 0; i < sizeof vllm / sizeof vllm[0]; i++) {
        char req[160];
        snprintf(req, sizeof req, "{\"gpu\":%s}", vllm[i].gpu);
        const char *cmd = "vllm serve Qwen/Qwen3-8B --max-model-len 4096";
        rl_status st = run(cmd, req, NULL);
        CHECK(st == RL_OK && streq(default_of("--max-num-seqs"), vllm[i].seqs) &&
                  streq(default_of("--max-num-batched-tokens"), vllm[i].tokens) && lint.max_seqs == atoi(vllm[i].seqs) &&
                  lint.run.deploy.prefill_chunk == atoi(vllm[i].tokens),
              "%s on %s: --max-num-seqs %s, --max-num-batched-tokens %s (got %s, %s)", cmd, req, vllm[i].seqs, vllm[i].tokens,
              default_of("--max-num-seqs"), default_of("--max-num-batched-tokens"));
    }
    static const struct {
        const char *vram, *tokens;
    } sglang[] = {{"19.99", "2048"}, {"20", "4096"}, {"59.99", "4096"}, {"60", "8192"}, {"159.99", "8192"}, {"160", "16384"}};
    /* SGLang's chunk by the GPU's memory (memory_hook.py): 2048 below 20 GiB, 4096 below 60, 8192 below 160, else 16384. */
    for (size_t i = 0; i < sizeof sglang / sizeof sglang[0]; i++) {
        char req[160];
        snprintf(req, sizeof req, "{\"gpu\":{\"tflops\":100,\"bandwidth_gbs\":1000,\"vram_gib\":%s}}", sglang[i].vram);
        const char *cmd = "python -m sglang.launch_server --model-path Qwen/Qwen3-4B --context-length 4096 --max-running-requests 2";
        rl_status st = run(cmd, req, NULL);
        CHECK(st == RL_OK && streq(default_of("--chunked-prefill-size"), sglang[i].tokens) &&
                  lint.run.deploy.prefill_chunk == atoi(sglang[i].tokens),
              "%s on %s GiB: --chunked-prefill-size %s (got %s)", cmd, sglang[i].vram, sglang[i].tokens,
              default_of("--chunked-prefill-size"));
    }
}

/* ---- the command's words ------------------------------------------------- */

static void test_words(void) {
    const char *req = "{\"gpu\":\"h100-sxm\"}";
    /* Trailing blanks make no word: 7 words (vllm, serve, the model, two flags and their values). */
    static const char *const trailing[] = {"vllm serve Qwen/Qwen3-8B --max-model-len 4096 --max-num-seqs 4 ",
                                           "vllm serve Qwen/Qwen3-8B --max-model-len 4096 --max-num-seqs 4\t\r\n",
                                           "vllm serve Qwen/Qwen3-8B --max-model-len 4096 --max-num-seqs 4 \\\n ",
                                           "vllm serve Qwen/Qwen3-8B --max-model-len 4096 --max-num-seqs 4 \\\n",
                                           "vllm serve Qwen/Qwen3-8B --max-model-len 4096 --max-num-seqs 4 \\\r\n"};
    for (int i = 0; i < 5; i++) {
        rl_status st = run(trailing[i], req, NULL);
        CHECK(st == RL_OK && lint.word_count == 7 && lint.verdict == RL_LINT_FITS, "\"%s\": 7 words, fits (got %d words)", trailing[i],
              lint.word_count);
    }
    /* A flag at the end followed by a blank still has no value. */
    rl_status st = run("vllm serve Qwen/Qwen3-8B --max-num-seqs ", req, NULL);
    CHECK(st == RL_E_USAGE && streq(lint.error.field, "--max-num-seqs"), "a trailing flag needs a value (status %d, field %s)", st,
          lint.error.field);

    /* The word limit (RL_LINT_MAX_ARGS 256) reached by splitting --flag=value:
     * "vllm serve Qwen/Qwen3-8B --max-model-len=4096" is 5 words; with n
     * switches --no-x, a last "--y=1" adds "--y" and "1". n = 250: "--y" is the
     * 256th word and "1" would be the 257th: refused naming lint. n = 249: 256
     * words, read. */
    static char cmd[4096];
    for (int n = 249; n <= 250; n++) {
        int len = snprintf(cmd, sizeof cmd, "vllm serve Qwen/Qwen3-8B --max-model-len=4096");
        for (int i = 0; i < n; i++) len += snprintf(cmd + len, sizeof cmd - (size_t)len, " --no-x");
        snprintf(cmd + len, sizeof cmd - (size_t)len, " --y=1");
        st = run(cmd, req, NULL);
        if (n == 250)
            CHECK(st == RL_E_TOO_LARGE && streq(lint.error.field, "lint"), "257 words with the split: refused (status %d)", st);
        else
            CHECK(st == RL_OK && lint.word_count == 256, "256 words with the split: read (status %d, %d words, %s)", st,
                  lint.word_count, lint.error.message);
    }

    /* VAR=value before the program: a name of letters, digits and '_', not starting with a digit.
     * Each of these first words has a character just outside those ranges ('@' before A, '[' after
     * Z, '`' before a, '{' after z, '/' before 0, ':' after 9), so it is the program: not a serve command. */
    static const char *const not_assignments[] = {"@=1", "[=1", "`=1", "{=1", "0=1", "9A=1", "A@=1", "A[=1",
                                                  "A`=1", "A{=1", "A/=1", "A:=1", "AB", "A-B=1"};
    for (size_t i = 0; i < sizeof not_assignments / sizeof not_assignments[0]; i++) {
        char c[128];
        snprintf(c, sizeof c, "%s vllm serve Qwen/Qwen3-8B --max-model-len 4096 --max-num-seqs 4", not_assignments[i]);
        st = run(c, req, NULL);
        char starts[64];
        snprintf(starts, sizeof starts, "starts with \"%s\"", not_assignments[i]);
        CHECK(st == RL_E_USAGE && strstr(lint.error.message, starts) != NULL, "%s: not a serve command (%s)", c, lint.error.message);
    }
}

/* ---- a config without max_position_embeddings ---------------------------- */

/* The config reader leaves max_positions 0 (unknown); vLLM then has no limit to
 * refuse --max-model-len against. The tiny model (2 layers, hidden 64) fits a T4
 * many times over at 4096 tokens. */
static void test_no_max_positions(void) {
    const char *cfg = "{\"hidden_size\":64,\"intermediate_size\":128,\"num_hidden_layers\":2,\"num_attention_heads\":4,\"vocab_size\":100}";
    const char *req = "{\"gpu\":\"t4\"}";
    rl_status st = run("vllm serve acme/Tiny --max-model-len 4096 --max-num-seqs 2", req, cfg);
    CHECK(st == RL_OK && lint.verdict == RL_LINT_FITS && finding("vllm_max_model_len_over_model") == NULL,
          "no max_position_embeddings: --max-model-len 4096 is not over it (status %d, verdict %d)", st, lint.verdict);
    st = run("vllm serve acme/Tiny --max-num-seqs 2", req, cfg);
    CHECK(st == RL_E_JSON_MISSING && streq(lint.error.field, "--max-model-len"), "vLLM without a context: names --max-model-len (%d %s)",
          st, lint.error.field);
    st = run("python -m sglang.launch_server --model-path acme/Tiny", req, cfg);
    CHECK(st == RL_E_JSON_MISSING && streq(lint.error.field, "--context-length"), "SGLang without a context: names --context-length (%d %s)",
          st, lint.error.field);
    st = run("llama-server -m tiny.gguf -c 0", req, cfg);
    CHECK(st == RL_E_JSON_MISSING && streq(lint.error.field, "-c"), "llama-server -c 0 without a context: names -c (%d %s)", st,
          lint.error.field);
}

/* ---- variants ------------------------------------------------------------- */

/* Qwen3-32B at Q8_0 on an RTX 4090 with 64 GiB of host RAM: the largest -ngl
 * that fits is 44 of its 64 layers (worked in the lint vectors
 * lint-llama-ngl-too-many-corrected). -ngl 64 asks for the 64 layers but not
 * the output layer: the sentence's own variant, ngl 64; no -ngl (every layer
 * and the output layer) is the "all" variant, also ngl 64. */
static void test_gpu_layers_variant(void) {
    const char *req = "{\"gpu\":\"rtx-4090\",\"ram_gib\":64,\"host_memory\":\"ddr5-5600-2ch\"}";
    rl_status st = run("llama-server -m Qwen3-32B-Q8_0.gguf -c 8192 -ngl 64", req, NULL);
    const rl_lint_finding *f = finding("llama_gpu_layers_too_many");
    CHECK(st == RL_OK && f != NULL && value_of(f, "variant") == NULL && streq(value_of(f, "ngl"), "64") &&
              streq(value_of(f, "layers"), "64") && streq(value_of(f, "max"), "44"),
          "-ngl 64 of 64: no variant, ngl 64, max 44 (%s)", f ? f->message : "no finding");
    CHECK(f != NULL && strncmp(f->message, "64 of the 64 layers", 19) == 0, "-ngl 64 of 64: the sentence says 64, not all (%s)",
          f ? f->message : "");
    st = run("llama-server -m Qwen3-32B-Q8_0.gguf -c 8192", req, NULL);
    f = finding("llama_gpu_layers_too_many");
    CHECK(st == RL_OK && f != NULL && streq(value_of(f, "variant"), "all") && streq(value_of(f, "ngl"), "64") &&
              streq(value_of(f, "max"), "44"),
          "no -ngl: variant all, ngl 64 (%s)", f ? f->message : "no finding");
}

/* no_correction's variant: "offload" for llama-server with the host described,
 * "no_host" for llama-server whose weights do not fit without it, none for vLLM
 * (whatever the request says of the host: vLLM does not offload here).
 * Qwen3-32B Q8_0 is 32.42 GiB of weights (lint-llama-no-ngl-offload-corrected):
 * on a 6 GiB laptop GPU with 8 GiB of host RAM no split holds them (6 + 8 < 32).
 * Llama-3-70B in bf16 is 70.6e9 x 2 B = 131 GiB, more than eight 16 GiB T4s. */
static void test_no_correction_variants(void) {
    rl_status st = run("llama-server -m Qwen3-32B-Q8_0.gguf -c 8192",
                       "{\"gpu\":\"rtx-3060m-6g\",\"ram_gib\":8,\"host_memory\":\"ddr5-5600-2ch\"}", NULL);
    const rl_lint_finding *f = finding("no_correction");
    CHECK(st == RL_OK && lint.verdict == RL_LINT_REFUSED && streq(value_of(f, "variant"), "offload") && !lint.has_corrected,
          "llama-server, host described, nothing fits: variant offload (%s)", f ? f->message : "no finding");
    st = run("llama-server -m Qwen3-32B-Q8_0.gguf -c 8192", "{\"gpu\":\"rtx-3060m-6g\"}", NULL);
    f = finding("no_correction");
    CHECK(st == RL_OK && streq(value_of(f, "variant"), "no_host"), "llama-server, no host: variant no_host (%s)",
          f ? f->message : "no finding");
    /* Llama-3.1-405B's 756 GiB of bf16 weights are 11.8 GiB a GPU over 64 GPUs, and the 6 GiB RTX 3060 Laptop
     * has no fp8: no layout the search tries holds them. */
    st = run("vllm serve meta-llama/Llama-3.1-405B --max-model-len 4096", "{\"gpu\":\"rtx-3060m-6g\",\"ram_gib\":64,\"host_memory\":\"ddr5-5600-2ch\"}",
             NULL);
    f = finding("no_correction");
    CHECK(st == RL_OK && lint.verdict == RL_LINT_REFUSED && f != NULL && value_of(f, "variant") == NULL,
          "vLLM, no layout of 6 GiB GPUs holds the 405B: no variant (%s)", f ? f->message : "no finding");
    st = run("python -m sglang.launch_server --model-path meta-llama/Llama-3.1-405B --context-length 4096",
             "{\"gpu\":\"rtx-3060m-6g\",\"ram_gib\":64,\"host_memory\":\"ddr5-5600-2ch\"}", NULL);
    f = finding("no_correction");
    CHECK(st == RL_OK && lint.verdict == RL_LINT_REFUSED && f != NULL && value_of(f, "variant") == NULL,
          "SGLang, no layout of 6 GiB GPUs holds the 405B: no variant (%s)", f ? f->message : "no finding");
    /* A command's nodes are kept (correct() searches no layout): the 405B's 756 GiB of bf16 weights over 16 RTX 4090s
     * are 47.25 GiB a GPU, and fp8's 23.6 leave no room on 24 GiB; the sentence names the kept layout, not a search
     * of layouts it never ran. */
    st = run("python -m sglang.launch_server --model-path meta-llama/Llama-3.1-405B-Instruct --tp 16 --nnodes 2 --node-rank 0",
             "{\"gpu\":\"rtx-4090\"}", NULL);
    f = finding("no_correction");
    CHECK(st == RL_OK && lint.verdict == RL_LINT_REFUSED && !lint.has_corrected && streq(value_of(f, "variant"), "kept_layout") &&
              streq(value_of(f, "tp"), "16") && streq(value_of(f, "nodes"), "2") && streq(value_of(f, "dp"), "1") &&
              strstr(f->message, "up to 64") == NULL,
          "SGLang over 2 nodes, nothing fits: variant kept_layout, tp 16 on 2 nodes (%s)", f ? f->message : "no finding");
}

/* ---- each flag's range: the bound read, the value past it refused naming the flag ---- */

/* The ranges the lint gives the core's readers (roofline.h): a parallel size
 * 1..RL_MAX_PARALLEL (1024), a context or a chunk 1..RL_MAX_SEQ (2^24 =
 * 16777216; llama-server's -c from 0, its "from the model"), a batch or a slot
 * count 1..RL_MAX_BATCH (2^20 = 1048576), -ngl -1..1e9, a memory fraction
 * 0.05..1. At the bound the command may still be refused or fail later in the
 * analysis, but never for that flag's range. */
static void expect_range(const char *prefix, const char *flag, const char *ok, const char *bad, const char *req) {
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s %s %s", prefix, flag, ok);
    rl_status st = run(cmd, req, NULL);
    CHECK(!(st != RL_OK && streq(lint.error.field, flag)), "%s: %s is in range (%s)", cmd, ok, lint.error.message);
    snprintf(cmd, sizeof cmd, "%s %s %s", prefix, flag, bad);
    st = run(cmd, req, NULL);
    CHECK(st == RL_E_RANGE && streq(lint.error.field, flag), "%s: %s is refused naming %s (status %d, field %s)", cmd, bad, flag, st,
          lint.error.field);
}

static void test_ranges(void) {
    const char *req = "{\"gpu\":\"h100-sxm\"}";
    const char *vllm = "vllm serve Qwen/Qwen3-8B";
    const char *sglang = "python -m sglang.launch_server --model-path Qwen/Qwen3-8B";
    const char *llama = "llama-server -m Qwen3-8B-Q4_K_M.gguf";
    static const struct {
        int engine; /* 0 vllm, 1 sglang, 2 llama-server */
        const char *flag, *lo, *below, *hi, *above;
    } rows[] = {
        {0, "--tensor-parallel-size", "1", "0", "1024", "1025"},
        {0, "-tp", "1", "0", "1024", "1025"},
        {0, "--pipeline-parallel-size", "1", "0", "1024", "1025"},
        {0, "-pp", "1", "0", "1024", "1025"},
        {0, "--max-model-len", "1", "0", "16777216", "16777217"},
        {0, "--max-num-seqs", "1", "0", "1048576", "1048577"},
        {0, "--gpu-memory-utilization", "0.05", "0.0499", "1", "1.0001"},
        {0, "--block-size", "1", "0", "16777216", "16777217"},
        {0, "--max-num-batched-tokens", "1", "0", "16777216", "16777217"},
        {1, "--tp-size", "1", "0", "1024", "1025"},
        {1, "--tp", "1", "0", "1024", "1025"},
        {1, "--tensor-parallel-size", "1", "0", "1024", "1025"},
        {1, "--pp-size", "1", "0", "1024", "1025"},
        {1, "--pipeline-parallel-size", "1", "0", "1024", "1025"},
        {1, "--context-length", "1", "0", "16777216", "16777217"},
        {1, "--max-running-requests", "1", "0", "1048576", "1048577"},
        {1, "--mem-fraction-static", "0.05", "0.0499", "1", "1.0001"},
        {1, "--page-size", "1", "0", "16777216", "16777217"},
        {1, "--chunked-prefill-size", "1", "0", "16777216", "16777217"},
        {2, "-c", "0", "-1", "16777216", "16777217"},
        {2, "--ctx-size", "0", "-1", "16777216", "16777217"},
        {2, "-np", "1", "0", "1048576", "1048577"},
        {2, "--parallel", "1", "0", "1048576", "1048577"},
        {2, "-ngl", "-1", "-2", "1000000000", "1000000001"},
        {2, "--gpu-layers", "-1", "-2", "1000000000", "1000000001"},
        {2, "--n-gpu-layers", "-1", "-2", "1000000000", "1000000001"},
        {2, "-ub", "1", "0", "16777216", "16777217"},
        {2, "--ubatch-size", "1", "0", "16777216", "16777217"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const char *prefix = rows[i].engine == 0 ? vllm : rows[i].engine == 1 ? sglang : llama;
        /* A negative value would read as a flag of its own, so it is given as --flag=value. */
        char flag_eq[64];
        snprintf(flag_eq, sizeof flag_eq, "%s", rows[i].flag);
        if (rows[i].below[0] == '-') {
            char cmd[512];
            snprintf(cmd, sizeof cmd, "%s %s=%s", prefix, rows[i].flag, rows[i].below);
            rl_status st = run(cmd, req, NULL);
            CHECK(st == RL_E_RANGE && streq(lint.error.field, rows[i].flag), "%s: refused naming %s (status %d, field %s)", cmd,
                  rows[i].flag, st, lint.error.field);
            snprintf(cmd, sizeof cmd, "%s %s=%s", prefix, rows[i].flag, rows[i].lo);
            st = run(cmd, req, NULL);
            CHECK(!(st != RL_OK && streq(lint.error.field, rows[i].flag)), "%s: in range (%s)", cmd, lint.error.message);
        } else {
            expect_range(prefix, flag_eq, rows[i].lo, rows[i].below, req);
        }
        expect_range(prefix, flag_eq, rows[i].hi, rows[i].above, req);
    }
    /* -c below one token a slot: -c 3 over -np 4 is refused naming -c; -c 4 is one token each. */
    rl_status st = run("llama-server -m Qwen3-8B-Q4_K_M.gguf -c 3 -np 4", req, NULL);
    CHECK(st == RL_E_RANGE && streq(lint.error.field, "-c"), "-c 3 -np 4: refused naming -c (status %d)", st);
    st = run("llama-server -m Qwen3-8B-Q4_K_M.gguf -c 4 -np 4", req, NULL);
    CHECK(st == RL_OK && lint.run.deploy.seq == 1 && lint.run.deploy.batch == 4, "-c 4 -np 4: 4 slots of 1 token (status %d)", st);
}

/* A token count as vLLM reads it: k = x1000, K = x1024, m = x10^6, M = x2^20,
 * after a number (a decimal too). At the top of the range (2^24 = 16777216):
 * 16777k = 16,777,000 is read, 16778k = 16,778,000 is over; 16384K = 2^24 is
 * read, 16385K = 16,778,240 over; 16m = 16,000,000 read, 17m over; 16M = 2^24
 * read, 17M over. And small ones: 9k = 9000, 10k = 10000, 1.5k = 1500, 2.5K =
 * 2560. A letter before the suffix is not a count. */
static void test_token_counts(void) {
    const char *req = "{\"gpu\":\"h100-sxm\"}";
    static const struct {
        const char *v;
        long long seq; /* 0: refused as out of range */
    } counts[] = {{"16777k", 16777000}, {"16778k", 0}, {"16384K", 16777216}, {"16385K", 0}, {"16m", 16000000},
                  {"17m", 0},           {"16M", 16777216}, {"17M", 0},       {"9k", 9000},    {"10k", 10000},
                  {"1.5k", 1500},       {"2.5K", 2560},  {"4096", 4096}};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        char cmd[160];
        snprintf(cmd, sizeof cmd, "vllm serve Qwen/Qwen3-8B --max-num-seqs 1 --max-model-len %s", counts[i].v);
        rl_status st = run(cmd, req, NULL);
        if (counts[i].seq == 0)
            CHECK(st == RL_E_RANGE && streq(lint.error.field, "--max-model-len"), "%s: over 2^24 tokens (status %d)", cmd, st);
        else
            CHECK(st == RL_OK && lint.run.deploy.seq == counts[i].seq, "%s: %lld tokens (status %d, got %lld)", cmd, counts[i].seq, st,
                  (long long)lint.run.deploy.seq);
    }
    static const char *const bad[] = {"x1k", "ek", "1ek", "k", "4096x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char cmd[160];
        snprintf(cmd, sizeof cmd, "vllm serve Qwen/Qwen3-8B --max-num-seqs 1 --max-model-len %s", bad[i]);
        rl_status st = run(cmd, req, NULL);
        CHECK(st == RL_E_NOT_INTEGER && streq(lint.error.field, "--max-model-len"), "%s: not a count (status %d)", cmd, st);
    }
}

/* Switches take no value: the word after one is the vllm serve positional model.
 * Any --enable-*, --disable-*, --no-* and the named ones; a flag that only
 * starts like one (--enablex, --disablex, --nox) takes the next word as its
 * value, so the model is eaten and the command names none. */
static void test_switches(void) {
    const char *req = "{\"gpu\":\"h100-sxm\"}";
    static const char *const switches[] = {"--trust-remote-code", "--enforce-eager", "--jinja", "--mlock", "--cont-batching",
                                           "--metrics", "--embedding", "--verbose", "--skip-tokenizer-init", "--kv-unified",
                                           "--enable-prefix-caching", "--enable-chunked-prefill", "--enable-x", "--disable-x",
                                           "--no-x"};
    for (size_t i = 0; i < sizeof switches / sizeof switches[0]; i++) {
        char cmd[200];
        snprintf(cmd, sizeof cmd, "vllm serve %s Qwen/Qwen3-8B --max-model-len 4096 --max-num-seqs 4", switches[i]);
        rl_status st = run(cmd, req, NULL);
        CHECK(st == RL_OK && streq(lint.preset, "qwen3-8b") && lint.ignored_count == 1, "%s: a switch, the model is Qwen3-8B (status %d, %s)",
              cmd, st, lint.error.message);
    }
    static const char *const valued[] = {"--enablex", "--disablex", "--nox", "--enable", "--disable", "--no", "--trust-remote-cod"};
    for (size_t i = 0; i < sizeof valued / sizeof valued[0]; i++) {
        char cmd[200];
        snprintf(cmd, sizeof cmd, "vllm serve %s Qwen/Qwen3-8B --max-model-len 4096 --max-num-seqs 4", valued[i]);
        rl_status st = run(cmd, req, NULL);
        CHECK(st == RL_E_JSON_MISSING && streq(lint.error.field, "--model"), "%s: takes the model as its value (status %d)", cmd, st);
    }
}

/* The engines' EP flags. vLLM's --enable-expert-parallel: ep = tp x dp (docs.vllm.ai Expert Parallel Deployment). The request carries ep = tp
 * only with the switch, a MoE model whose experts tp divides, one data-parallel rank and one pipeline stage; a dense
 * model keeps ep 1 (the core refuses ep there), and pipeline stages keep it 1 (ep across stages is not modeled). With
 * --data-parallel-size on an MoE model the tp counted is dp x tp (dp_layout), and ep with it. */
static void test_vllm_expert_parallel(void) {
    const char *req = "{\"gpu\":\"h200-sxm\"}";
    static const struct {
        const char *cmd;
        int64_t ep;
    } cases[] = {
        {"vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 8 --enable-expert-parallel --max-model-len 4096", 8},
        {"vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 8 --max-model-len 4096", 1},
        {"vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 8 --enable_expert_parallel --max-model-len 4096", 8},
        /* -dp 2 on an MoE model: data-parallel attention over tp = 2 x 8 GPUs, the experts split over all 16 (dp_layout). */
        {"vllm serve deepseek-ai/DeepSeek-V3 -tp 8 -dp 2 --enable-expert-parallel --max-model-len 4096", 16},
        {"vllm serve deepseek-ai/DeepSeek-V3 -tp 8 -dp 2 --max-model-len 4096", 1},
        {"vllm serve deepseek-ai/DeepSeek-V3 -tp 4 -dp 2 -pp 2 --enable-expert-parallel --max-model-len 4096", 1},
        {"vllm serve Qwen/Qwen3-8B --tensor-parallel-size 2 --enable-expert-parallel --max-model-len 4096", 1},
        {"vllm serve deepseek-ai/DeepSeek-V3 -tp 8 -pp 2 --enable-expert-parallel --max-model-len 4096", 1},
        /* SGLang's and trtllm-serve's EP size: counted where it is tp's, else each expert split by tp. */
        {"python -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp 8 --ep-size 8 --context-length 4096", 8},
        {"python -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp 8 --ep-size 2 --context-length 4096", 1},
        {"python -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp 8 --ep-size 1 --context-length 4096", 1},
        {"trtllm-serve deepseek-ai/DeepSeek-V3 --tp_size 8 --moe_expert_parallel_size 8 --max_seq_len 4096", 8},
        {"trtllm-serve deepseek-ai/DeepSeek-V3 --tp_size 8 --pp_size 2 --ep_size 8 --max_seq_len 4096", 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rl_status st = run(cases[i].cmd, req, NULL);
        CHECK(st == RL_OK && lint.run.deploy.ep == cases[i].ep, "%s: ep %lld, want %lld (status %d, %s)", cases[i].cmd,
              (long long)lint.run.deploy.ep, (long long)cases[i].ep, st, lint.error.message);
    }
}

/* SGLang's --mem-fraction-static default (memory_hook.py) on an H200 (141 GiB = 144384 MiB, chunk 8192), worked
 * by hand: (144384 − reserve)/144384 with reserve = 512 + 12288 + 128·tp + 2·(256, or 512 from tp 4) + 8·58:
 * tp 1 13904 → 0.904, 2 14032 → 0.903, 3 14160 → 0.902, 4 14800 → 0.897, 7 15184 → 0.895, 8 15312 → 0.894,
 * 16 16336 → 0.887, 32 18384 → 0.873; and with --chunked-prefill-size 2048 at tp 1 (512 + 3072 + 128 + 512 +
 * 8·42 = 4560, at least 10240 above 60 GiB) 0.929. */
static void test_sglang_pool(void) {
    const char *req = "{\"gpu\":\"h200-sxm\"}";
    static const struct {
        const char *tp, *pool;
    } rows[] = {{"1", "0.904"}, {"2", "0.903"}, {"3", "0.902"}, {"4", "0.897"}, {"7", "0.895"},
                {"8", "0.894"}, {"16", "0.887"}, {"32", "0.873"}, {"1 --chunked-prefill-size 2048", "0.929"}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char cmd[200];
        snprintf(cmd, sizeof cmd, "python -m sglang.launch_server --model-path Qwen/Qwen3-8B --context-length 4096 "
                                  "--max-running-requests 4 --tp-size %s", rows[i].tp);
        rl_status st = run(cmd, req, NULL);
        CHECK(st == RL_OK && streq(default_of("--mem-fraction-static"), rows[i].pool) &&
                  lint.run.deploy.pool_fraction == atof(rows[i].pool),
              "%s: default fraction %s (got %s)", cmd, rows[i].pool, default_of("--mem-fraction-static"));
    }
}

/* ---- which engine, from the program's words ------------------------------ */

static void test_engines(void) {
    const char *req = "{\"gpu\":\"h100-sxm\"}";
    static const struct {
        const char *cmd;
        int engine; /* -1: not a serve command (RL_E_USAGE naming lint) */
    } rows[] = {
        {"python3 -m vllm.entrypoints.openai.api_server --model Qwen/Qwen3-8B --max-model-len 4096 --max-num-seqs 4", RL_SERVE_VLLM},
        {"/usr/bin/python3.11 -m sglang.launch_server --model-path Qwen/Qwen3-8B --context-length 4096 --max-running-requests 4",
         RL_SERVE_SGLANG},
        {"/opt/venv/bin/vllm serve Qwen/Qwen3-8B --max-model-len 4096 --max-num-seqs 4", RL_SERVE_VLLM},
        {"sglang serve --model Qwen/Qwen3-8B --context-length 4096 --max-running-requests 4", RL_SERVE_SGLANG},
        {"./build/bin/llama-server.exe -m Qwen3-8B-Q4_K_M.gguf -c 4096", RL_SERVE_LLAMA_SERVER},
        {"exec nohup env CUDA_VISIBLE_DEVICES=0 llama-server -m Qwen3-8B-Q4_K_M.gguf -c 4096", RL_SERVE_LLAMA_SERVER},
        {"pytho -m vllm.entrypoints.openai.api_server --model Qwen/Qwen3-8B", -1},
        {"python -x vllm.entrypoints.openai.api_server --model Qwen/Qwen3-8B", -1},
        {"python -m vllm.entrypoints.openai.api_serverx --model Qwen/Qwen3-8B", -1},
        {"python -m sglang.launch_serve --model-path Qwen/Qwen3-8B", -1},
        {"vllm servex Qwen/Qwen3-8B", -1},
        {"vllm", -1},
        {"sglang launch --model-path Qwen/Qwen3-8B", -1},
        {"llama-serverx -m Qwen3-8B-Q4_K_M.gguf", -1},
        {"llama-server.ex -m Qwen3-8B-Q4_K_M.gguf", -1},
        {"vllm-serve Qwen/Qwen3-8B", -1},
        /* trtllm-serve: serve is its default subcommand, so both forms read; its others start no model server. */
        {"trtllm-serve Qwen/Qwen3-8B --max_seq_len 4096 --max_batch_size 4", RL_SERVE_TRTLLM},
        {"/usr/local/bin/trtllm-serve serve Qwen/Qwen3-8B --max_seq_len 4096 --max_batch_size 4", RL_SERVE_TRTLLM},
        {"trtllm-serve --max_seq_len 4096 Qwen/Qwen3-8B --max_batch_size 4", RL_SERVE_TRTLLM},
        {"trtllm-serve embeddings Qwen/Qwen3-8B", -1},
        {"trtllm-serve mm_embedding_serve Qwen/Qwen3-8B", -1},
        {"trtllm-servex Qwen/Qwen3-8B", -1},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        rl_status st = run(rows[i].cmd, req, NULL);
        if (rows[i].engine < 0)
            CHECK(st == RL_E_USAGE && streq(lint.error.field, "lint"), "%s: not a serve command (status %d, %s)", rows[i].cmd, st,
                  lint.error.message);
        else
            CHECK(st == RL_OK && (int)lint.engine == rows[i].engine && streq(lint.preset, "qwen3-8b"), "%s: engine %d, Qwen3-8B (status %d, %s)",
                  rows[i].cmd, rows[i].engine, st, lint.error.message);
    }
    /* Only vllm serve takes a positional model: the api_server and SGLang forms ignore a stray word. */
    rl_status st = run("python -m vllm.entrypoints.openai.api_server Qwen/Qwen3-8B --max-model-len 4096", req, NULL);
    CHECK(st == RL_E_JSON_MISSING && streq(lint.error.field, "--model"), "api_server: no positional model (status %d)", st);
    st = run("python -m sglang.launch_server Qwen/Qwen3-8B --context-length 4096", req, NULL);
    CHECK(st == RL_E_JSON_MISSING && streq(lint.error.field, "--model-path"), "sglang: no positional model (status %d)", st);
    st = run("sglang serve Qwen/Qwen3-8B --context-length 4096", req, NULL);
    CHECK(st == RL_E_JSON_MISSING && streq(lint.error.field, "--model-path"), "sglang serve: no positional model either (status %d)", st);
    st = run("vllm serve", req, NULL);
    CHECK(st == RL_E_JSON_MISSING && streq(lint.error.field, "--model"), "vllm serve alone: no model (status %d)", st);
    /* The first positional is the model, wherever it stands; a later one is not. */
    st = run("A=1 vllm serve --max-model-len 4096 Qwen/Qwen3-8B --max-num-seqs 4 Qwen/Qwen3-32B", req, NULL);
    CHECK(st == RL_OK && streq(lint.preset, "qwen3-8b") && streq(lint.model_id, "Qwen/Qwen3-8B"), "the first positional is the model (%d %s)",
          st, lint.preset);
    /* A lone "-" is a word, not a flag: as the positional it is the (unknown) model. */
    st = run("vllm serve - --max-model-len 4096", req, NULL);
    CHECK(st == RL_E_UNKNOWN_PRESET && streq(lint.model_id, "-"), "a lone - is the positional model (status %d, %s)", st, lint.model_id);
}

/* ---- the model from a repo id or a path ---------------------------------- */

static void test_vllm_model_ids(void) {
    const char *req = "{\"gpu\":\"h100-sxm\"}";
    static const struct {
        const char *id, *preset;
        bool by_name; /* model_matched_by_name: no preset has this repo */
    } rows[] = {
        {"Qwen/Qwen3-8B", "qwen3-8b", false},
        {"qwen/QWEN3-8b", "qwen3-8b", false},
        {"/Qwen/Qwen3-8B", "qwen3-8b", false},
        {"/data/models/Qwen/Qwen3-8B///", "qwen3-8b", false},
        {"/root/.cache/huggingface/hub/models--Qwen--Qwen3-8B", "qwen3-8b", false},
        {"models--Qwen--Qwen3-8B/snapshots/0123abc", "qwen3-8b", false},
        {"Qwen3-8B", "qwen3-8b", true},
        {"./Qwen3-8B", "qwen3-8b", true},
        {"me/Qwen3-8B-Instruct-AWQ", "qwen3-8b", true},
        {"me/qwen3-8b-it-chat-base-hf-gguf-fp8-gptq", "qwen3-8b", true},
        {"me/gemma-2-2b", "gemma-2-2b", true},
        {"google/gemma-2-2b-it", "gemma-2-2b", false},
        {"me/Meta-Llama-3-70B-Instruct", "llama-3-70b", true},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char cmd[256];
        snprintf(cmd, sizeof cmd, "vllm serve %s --max-model-len 4096 --max-num-seqs 4", rows[i].id);
        rl_status st = run(cmd, req, NULL);
        const rl_lint_finding *f = finding("model_matched_by_name");
        CHECK(st == RL_OK && streq(lint.preset, rows[i].preset) && streq(lint.model_id, rows[i].id) && (f != NULL) == rows[i].by_name,
              "%s: preset %s%s (status %d, preset %s, %s)", cmd, rows[i].preset, rows[i].by_name ? " by name" : "", st, lint.preset,
              lint.error.message);
        if (f != NULL && rows[i].by_name)
            CHECK(streq(value_of(f, "variant"), "no_preset") && streq(value_of(f, "preset"), rows[i].preset) &&
                      streq(value_of(f, "model"), rows[i].id),
                  "%s: the finding names the model and the preset", cmd);
    }
    /* A path longer than the 255 bytes the lookup keeps: its end still names the repo. */
    static const char *const deep_tails[] = {"/Qwen/Qwen3-8B", "/Qwen/Qwen3-8B//", "/models--Qwen--Qwen3-8B/snapshots/0123abc"};
    for (size_t i = 0; i < sizeof deep_tails / sizeof deep_tails[0]; i++) {
        char cmd[1024], path[600] = "/data";
        while (strlen(path) < 400) strcat(path, "/deeper");
        strcat(path, deep_tails[i]);
        snprintf(cmd, sizeof cmd, "vllm serve %s --max-model-len 4096 --max-num-seqs 4", path);
        rl_status st = run(cmd, req, NULL);
        CHECK(st == RL_OK && streq(lint.preset, "qwen3-8b") && finding("model_matched_by_name") == NULL,
              "a %zu-byte path ending %s: preset qwen3-8b by its repo (status %d, preset %s, %s)", strlen(path), deep_tails[i], st,
              lint.preset, lint.error.message);
    }
    /* The ends of that cut: a path of exactly 256 bytes (one more than the lookup keeps: its first byte
     * goes, not its last), and a repo followed by more '/' than the lookup keeps (they go first). */
    {
        char path[300] = "", cmd[2048];
        while (strlen(path) + strlen("/Qwen/Qwen3-8B") < 256) strcat(path, "/");
        strcat(path, "/Qwen/Qwen3-8B");
        CHECK(strlen(path) == 256, "the path is 256 bytes (%zu)", strlen(path));
        snprintf(cmd, sizeof cmd, "vllm serve %s --max-model-len 4096 --max-num-seqs 4", path);
        rl_status st = run(cmd, req, NULL);
        CHECK(st == RL_OK && streq(lint.preset, "qwen3-8b") && finding("model_matched_by_name") == NULL,
              "a 256-byte path: its last byte kept, preset qwen3-8b by its repo (status %d, %s)", st, lint.error.message);
        char slashes[1024] = "/data/Qwen/Qwen3-8B";
        while (strlen(slashes) < 600) strcat(slashes, "/");
        snprintf(cmd, sizeof cmd, "vllm serve %s --max-model-len 4096 --max-num-seqs 4", slashes);
        st = run(cmd, req, NULL);
        CHECK(st == RL_OK && streq(lint.preset, "qwen3-8b") && finding("model_matched_by_name") == NULL,
              "a repo then 580 '/': preset qwen3-8b by its repo (status %d, %s)", st, lint.error.message);
    }
    /* Qwen/Qwen3-8B/x: a file or folder "x" below the repo's name, not the repo (only trailing '/' are dropped). */
    static const char *const unknown[] = {"models--Qwen", "me/-it", "Qwen/Qwen3-8", "Qwen/Qwen3-8B-x", "Qwen3", "/", "Qwen/Qwen3-8B/x"};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        char cmd[256];
        snprintf(cmd, sizeof cmd, "vllm serve %s --max-model-len 4096", unknown[i]);
        rl_status st = run(cmd, req, NULL);
        CHECK(st == RL_E_UNKNOWN_PRESET && streq(lint.error.field, "model"), "%s: no preset (status %d, %s)", cmd, st, lint.error.field);
    }
    rl_status st = run("vllm serve --model Qwen3 --max-model-len 4096", req, NULL);
    CHECK(st == RL_E_UNKNOWN_PRESET && streq(lint.error.field, "--model"), "--model Qwen3: the error names --model (%s)", lint.error.field);
}

/* GGUF file names: the type's precision (the core's own for the types it models
 * by name, else the nearest of int4/int8/fp16/fp32 by the base type's bits per
 * weight, from ggml's block sizes: IQ1_M 1.75, IQ2_S 2.5, Q4_1 5, Q4_K 4.5,
 * Q5_0 and Q5_K 5.5, Q8_0 8.5), and the preset by the rest of the name. */
static void test_gguf_names(void) {
    const char *req = "{\"gpu\":\"h200-sxm\"}";
    static const struct {
        const char *arg, *precision, *approx_type, *bits; /* approx_type NULL: no quant_approximated */
    } rows[] = {
        {"-m Qwen3-8B-Q8_0.gguf", "q8_0", NULL, NULL},
        {"-m /m/qwen3-8b.q8_0.GGUF", "q8_0", NULL, NULL},
        {"-m Qwen3-8B-Q8_0-00001-of-00002.gguf", "q8_0", NULL, NULL},
        {"-m Qwen3-8B:Q6_K.gguf", "q6_k", NULL, NULL},
        {"-m Qwen3-8B_Q2_K.gguf", "q2_k", NULL, NULL},
        {"-m Qwen3-8B-Q3_K_M.gguf", "q3_k_m", NULL, NULL},
        {"-m Qwen3-8B-Q4_0.gguf", "q4_0", NULL, NULL},
        {"-m Qwen3-8B-Q5_K_M.gguf", "q5_k_m", NULL, NULL},
        {"-m Qwen3-8B-IQ4_XS.gguf", "iq4_xs", NULL, NULL},
        {"-m Qwen3-8B-MXFP4.gguf", "mxfp4", NULL, NULL},
        {"-m Qwen3-8B-BF16.gguf", "bf16", NULL, NULL},
        {"-m Qwen3-8B-F16.gguf", "fp16", NULL, NULL},
        {"-m Qwen3-8B-F32.gguf", "fp32", NULL, NULL},
        {"-m Qwen3-8B-F16_XL.gguf", "fp16", NULL, NULL},
        {"-m Qwen3-8B-BF16_XL.gguf", "bf16", NULL, NULL},
        {"-m Qwen3-8B-F32_XL.gguf", "fp32", NULL, NULL},
        {"-m Qwen3-8B-Q4_K_XL.gguf", "int4", "Q4_K_XL", "4.5"},
        {"-m Qwen3-8B-Q4_1.gguf", "int4", "Q4_1", "5"},
        {"-m Qwen3-8B-Q5_0.gguf", "int4", "Q5_0", "5.5"},
        {"-m Qwen3-8B-IQ1_M.gguf", "int4", "IQ1_M", "1.75"},
        {"-m Qwen3-8B-IQ2_S.gguf", "int4", "IQ2_S", "2.5"},
        /* Unsloth's UD-Q2_K_XL: a Q2_K base the core does not model by this name, 84 bytes per 256 weights. */
        {"-m Qwen3-8B-UD-Q2_K_XL.gguf", "int4", "Q2_K_XL", "2.625"},
        {"-m Qwen3-8B-Q8_0_L.gguf", "int8", "Q8_0_L", "8.5"},
        {"-hf unsloth/Qwen3-8B-GGUF:Q8_0", "q8_0", NULL, NULL},
        {"--hf-repo unsloth/Qwen3-8B-GGUF:q5_k_s", "int4", "Q5_K_S", "5.5"},
        {"-hf unsloth/Qwen3-8B-GGUF:IQ1_M", "int4", "IQ1_M", "1.75"},
        {"-hf unsloth/Qwen3-8B-GGUF", "q4_k_m", NULL, NULL},
        {"--model Qwen3-8B-Q8_0.gguf", "q8_0", NULL, NULL},
        {"-m /models/Qwen3-8B-Q8_0", "q8_0", NULL, NULL},
        {"-m Qwen3-8B-F16", "fp16", NULL, NULL},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char cmd[256];
        snprintf(cmd, sizeof cmd, "llama-server %s -c 4096", rows[i].arg);
        rl_status st = run(cmd, req, NULL);
        const char *got = st == RL_OK ? rl_precision_name(lint.run.result.weight_precision) : "(error)";
        const rl_lint_finding *f = finding("quant_approximated");
        CHECK(st == RL_OK && streq(lint.preset, "qwen3-8b") && streq(got, rows[i].precision) && finding("quant_unknown") == NULL,
              "%s: Qwen3-8B at %s (status %d, preset %s, precision %s, %s)", cmd, rows[i].precision, st, lint.preset, got,
              lint.error.message);
        if (rows[i].approx_type == NULL)
            CHECK(f == NULL, "%s: no quant_approximated (%s)", cmd, f ? f->message : "");
        else
            CHECK(streq(value_of(f, "type"), rows[i].approx_type) && streq(value_of(f, "bits"), rows[i].bits) &&
                      streq(value_of(f, "precision"), rows[i].precision),
                  "%s: quant_approximated %s %s bits as %s (%s)", cmd, rows[i].approx_type, rows[i].bits, rows[i].precision,
                  f ? f->message : "none");
        check_values_in_message(cmd);
    }
    /* No type in the name: the checkpoint's own dtype (Qwen3-8B: bfloat16), with quant_unknown naming the file. */
    static const char *const untyped[] = {"-m Qwen3-8B.gguf", "-hf unsloth/Qwen3-8B-GGUF:UD"};
    for (size_t i = 0; i < sizeof untyped / sizeof untyped[0]; i++) {
        char cmd[256];
        snprintf(cmd, sizeof cmd, "llama-server %s -c 4096", untyped[i]);
        rl_status st = run(cmd, req, NULL);
        const rl_lint_finding *f = finding("quant_unknown");
        CHECK(st == RL_OK && f != NULL && streq(value_of(f, "name"), strchr(untyped[i], ' ') + 1) &&
                  streq(rl_precision_name(lint.run.result.weight_precision), "bf16"),
              "%s: quant_unknown, bf16 (status %d, %s, %s)", cmd, st, f ? f->message : lint.error.message,
              rl_precision_name(lint.run.result.weight_precision));
    }
    /* A type glued to a letter before or after it is no type: the name is not cut, and so matches no preset. */
    static const char *const glued[] = {"Qwen3-8B-XQ8_0", "Qwen3-8B-Q8_0x", "Qwen3-8B-Q8_0a-b"};
    for (size_t i = 0; i < sizeof glued / sizeof glued[0]; i++) {
        char cmd[256], quoted[64];
        snprintf(cmd, sizeof cmd, "llama-server -m %s.gguf -c 4096", glued[i]);
        snprintf(quoted, sizeof quoted, "\"%s\"", glued[i]);
        rl_status st = run(cmd, req, NULL);
        CHECK(st == RL_E_UNKNOWN_PRESET && strstr(lint.error.message, quoted) != NULL, "%s: no type, no preset for %s (status %d, %s)", cmd,
              quoted, st, lint.error.message);
    }
    rl_status st = run("llama-server -c 4096", req, NULL);
    CHECK(st == RL_E_JSON_MISSING && streq(lint.error.field, "-m"), "llama-server without a model names -m (status %d)", st);
    st = run("llama-server -hf me/Nothing-GGUF:Q8_0 -c 4096", req, NULL);
    CHECK(st == RL_E_UNKNOWN_PRESET && streq(lint.error.field, "-hf"), "-hf of an unknown model names -hf (status %d, %s)", st,
          lint.error.field);
}

/* ---- the engines' defaults: exactly those of the absent flags ------------- */

/* Qwen3-8B: max_position_embeddings 40960. On an H100 (80 GiB, not an A100):
 * vLLM's --max-model-len 40960, --gpu-memory-utilization 0.9, --block-size 16,
 * --max-num-batched-tokens 8192 and --max-num-seqs 1024; SGLang's
 * --context-length 40960, --mem-fraction-static 0.88 (tp 1),
 * --chunked-prefill-size 8192 (>= 25000 MB) and --max-running-requests (from
 * the pool, any number); llama-server's -np 1, -c 40960 (-c 0: the trained
 * context x 1 slot), -ngl all and -ub 512. A command that gives every one has
 * none. */
static void test_defaults(void) {
    const char *req = "{\"gpu\":\"h100-sxm\"}";
    static const struct {
        const char *cmd;
        const char *flags[6], *values[6]; /* value NULL: any */
    } rows[] = {
        {"vllm serve Qwen/Qwen3-8B",
         {"--max-model-len", "--gpu-memory-utilization", "--block-size", "--max-num-batched-tokens", "--max-num-seqs"},
         {"40960", "0.9", "16", "8192", "1024"}},
        {"vllm serve Qwen/Qwen3-8B --max-model-len 4096 --gpu-memory-utilization 0.8 --block-size 32 --max-num-batched-tokens 1024 "
         "--max-num-seqs 2",
         {NULL},
         {NULL}},
        {"python -m sglang.launch_server --model-path Qwen/Qwen3-8B",
         {"--context-length", "--chunked-prefill-size", "--mem-fraction-static", "--max-running-requests"},
         {"40960", "8192", "0.83", NULL}},
        {"python -m sglang.launch_server --model-path Qwen/Qwen3-8B --context-length 4096 --mem-fraction-static 0.8 "
         "--chunked-prefill-size 1024 --max-running-requests 2",
         {NULL},
         {NULL}},
        {"llama-server -m Qwen3-8B-Q4_K_M.gguf", {"-np", "-c", "-ngl", "-ub"}, {"1", "40960", "all", "512"}},
        {"llama-server -m Qwen3-8B-Q4_K_M.gguf -c 0", {"-np", "-c", "-ngl", "-ub"}, {"1", "40960", "all", "512"}},
        {"llama-server -m Qwen3-8B-Q4_K_M.gguf -c 0 -np 2", {"-c", "-ngl", "-ub"}, {"81920", "all", "512"}},
        {"llama-server -m Qwen3-8B-Q4_K_M.gguf -c 4096 -np 2 -ngl 99 -ub 256", {NULL}, {NULL}},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        rl_status st = run(rows[i].cmd, req, NULL);
        int n = 0;
        while (n < 6 && rows[i].flags[n]) n++;
        CHECK(st == RL_OK && lint.default_count == n, "%s: %d defaults (status %d, got %d)", rows[i].cmd, n, st, lint.default_count);
        for (int k = 0; k < n && k < lint.default_count; k++)
            CHECK(streq(lint.defaults[k][0], rows[i].flags[k]) && (rows[i].values[k] == NULL || streq(lint.defaults[k][1], rows[i].values[k])) &&
                      lint.defaults[k][2][0] != '\0',
                  "%s: default %d is %s %s (got %s %s)", rows[i].cmd, k, rows[i].flags[k], rows[i].values[k] ? rows[i].values[k] : "*",
                  lint.defaults[k][0], lint.defaults[k][1]);
    }
}

/* ---- the request the command maps to --------------------------------------- */

/* The caller's request members that the command does not set are copied as
 * they are (strings, numbers, objects, blanks around them); those it sets
 * (model, seq, batch, tp, pp, precisions, kv_block, pool_fraction, ...) are the
 * command's. */
static void test_request_members(void) {
    const char *base = " \n{ \"gpu\" : {\"tflops\":989,\"bandwidth_gbs\":3350,\"vram_gib\":80} , \"seq\":999,\"batch\":3,"
                       "\"context_reserve_gib\":0.75,\"model\":\"llama-3-8b\",\"precision\":\"fp8\",\"tp\":4,\"pool_fraction\":0.5,"
                       "\"kv_block\":64,\"host_memory\":\"ddr5-5600-2ch\",\"ram_gib\":64,\"engine\":\"trt-llm\",\"gpu_layers\":3,"
                       "\"prefill_chunk\":7,\"kv_precision\":\"int4\",\"pp\":2,\"micro_batches\":2,\"launch_ms\":0.5} ";
    rl_status st = run("vllm serve Qwen/Qwen3-8B --max-model-len 4096 --max-num-seqs 4", base, NULL);
    CHECK(st == RL_OK, "the base request is read (%s)", lint.error.message);
    cJSON *b = cJSON_Parse(base), *r = cJSON_Parse(lint.request);
    CHECK(r != NULL, "the request is JSON: %s", lint.request);
    static const char *const kept[] = {"gpu", "context_reserve_gib", "host_memory", "ram_gib", "launch_ms"};
    for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++)
        CHECK(cJSON_Compare(cJSON_GetObjectItemCaseSensitive(b, kept[i]), cJSON_GetObjectItemCaseSensitive(r, kept[i]), true),
              "%s is kept as given: %s", kept[i], lint.request);
    static const struct {
        const char *key;
        double num;
        const char *str;
    } set[] = {{"model", 0, "qwen3-8b"}, {"seq", 4096, NULL}, {"batch", 4, NULL},      {"tp", 1, NULL},        {"pp", 1, NULL},
               {"pool_fraction", 0.9, NULL}, {"kv_block", 16, NULL}, {"engine", 0, "vllm"}, {"precision", 0, "auto"},
               {"kv_precision", 0, "bf16"}, {"prefill_chunk", 8192, NULL}};
    for (size_t i = 0; i < sizeof set / sizeof set[0]; i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(r, set[i].key);
        CHECK(set[i].str ? cJSON_IsString(v) && streq(v->valuestring, set[i].str) : cJSON_IsNumber(v) && v->valuedouble == set[i].num,
              "%s is the command's: %s", set[i].key, lint.request);
    }
    int count = 0;
    const cJSON *m;
    cJSON_ArrayForEach(m, r) count++;
    /* 5 kept + the 11 the command sets; micro_batches and gpu_layers (the command sets neither here) are dropped. */
    CHECK(count == 16 && cJSON_GetObjectItemCaseSensitive(r, "micro_batches") == NULL &&
              cJSON_GetObjectItemCaseSensitive(r, "gpu_layers") == NULL,
          "16 members, no micro_batches or gpu_layers: %s", lint.request);
    cJSON_Delete(b);
    cJSON_Delete(r);
    /* A request of blanks only is an empty one: the GPU is missing (not a JSON error). */
    st = run("vllm serve Qwen/Qwen3-8B --max-model-len 4096", " \t\n", NULL);
    CHECK(st != RL_OK && streq(lint.error.field, "gpu"), "a blank request lacks the gpu (status %d, field %s)", st, lint.error.field);
    st = run("vllm serve Qwen/Qwen3-8B --max-model-len 4096", "", NULL);
    CHECK(st != RL_OK && streq(lint.error.field, "gpu"), "an empty request lacks the gpu (status %d, field %s)", st, lint.error.field);
    /* llama-server: -ngl below the layer count with the host described goes in as gpu_layers; the engine is llama.cpp; no kv_block. */
    st = run("llama-server -m Qwen3-8B-Q4_K_M.gguf -c 4096 -ngl 20", "{\"gpu\":\"rtx-4090\",\"ram_gib\":64,\"host_memory\":\"ddr5-5600-2ch\"}",
             NULL);
    r = cJSON_Parse(lint.request);
    const cJSON *gl = cJSON_GetObjectItemCaseSensitive(r, "gpu_layers"), *en = cJSON_GetObjectItemCaseSensitive(r, "engine");
    CHECK(st == RL_OK && cJSON_IsNumber(gl) && gl->valuedouble == 20 && cJSON_IsString(en) && streq(en->valuestring, "llama.cpp") &&
              cJSON_GetObjectItemCaseSensitive(r, "kv_block") == NULL && lint.run.deploy.gpu_layers == 20,
          "llama-server -ngl 20 with the host: gpu_layers 20, llama.cpp, no kv_block: %s", lint.request);
    cJSON_Delete(r);
    st = run("python -m sglang.launch_server --model-path Qwen/Qwen3-8B --context-length 4096 --max-running-requests 2", "{\"gpu\":\"h100-sxm\"}",
             NULL);
    r = cJSON_Parse(lint.request);
    en = cJSON_GetObjectItemCaseSensitive(r, "engine");
    CHECK(st == RL_OK && cJSON_IsString(en) && streq(en->valuestring, "sglang") && cJSON_GetObjectItemCaseSensitive(r, "kv_block") == NULL,
          "SGLang: engine sglang, page size 1 = no kv_block: %s", lint.request);
    cJSON_Delete(r);
}

/* ---- the JSON writer: the length it needs, whatever the buffer ------------- */

static void test_json_lengths(void) {
    static char full[1 << 17], part[1 << 17];
    const char *cmds[] = {"vllm serve Qwen/Qwen3-8B --max-model-len 32768 --max-num-seqs 256 -tp 2", "vllm serve acme/Nothing"};
    for (int c = 0; c < 2; c++) {
        run(cmds[c], "{\"gpu\":\"h100-sxm\"}", NULL);
        size_t n = rl_lint_write_json(&lint, full, sizeof full);
        CHECK(n > 0 && n < sizeof full && strlen(full) == n, "%s: the whole answer, %zu bytes", cmds[c], n);
        CHECK(rl_lint_write_json(&lint, NULL, 0) == n, "%s: without a buffer it counts the same length", cmds[c]);
        size_t caps[] = {1, 2, 7, n / 3, n / 2, n - 1, n, n + 1};
        for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
            memset(part, 'x', caps[i] + 2);
            size_t m = rl_lint_write_json(&lint, part, caps[i]);
            size_t len = strnlen(part, caps[i]);
            CHECK(m == n && len < caps[i] && len == (caps[i] - 1 < n ? caps[i] - 1 : n) && strncmp(part, full, len) == 0 &&
                      part[caps[i]] == 'x',
                  "%s: cap %zu: returns %zu (got %zu), holds the first %zu bytes (got %zu), writes nothing past the cap", cmds[c], caps[i],
                  n, m, caps[i] - 1, len);
        }
    }
}

/* ---- over a grid of commands: what a verdict, a correction and a concurrency promise ---- */

static rl_lint again; /* the corrected command, linted */

/* Every answer over a grid of engines, GPUs, contexts and concurrencies:
 * - refused: concurrency 0; fits or tight: 1 <= concurrency <= max_seqs
 *   (fits: concurrency = max_seqs), or 0 when SGLang caps the context (not one
 *   request of full length fits its pool);
 * - fits: no corrected command and no no_correction; otherwise exactly one of
 *   them, and a corrected command lints as fits on the same request;
 * - a vLLM or SGLang correction that only lowers the concurrency to N (the
 *   requests of full length the KV room holds) is the largest: N + 1 is not
 *   fits; a llama-server correction that shortens -c over the same slots is the
 *   longest: one step (256 tokens a slot, 1 below 256) more is not fits. */
static void test_grid(void) {
    static const char *const gpus[] = {"\"rtx-4090\"", "\"l40s\"", "\"h100-sxm\"", "\"a100-40g\"", "\"t4\"", "\"a100-80g\""};
    static const struct {
        const char *head, *seq_flag, *batch_flag, *tail;
    } cmds[] = {
        {"vllm serve Qwen/Qwen3-8B", "--max-model-len", "--max-num-seqs", ""},
        {"vllm serve Qwen/Qwen3-8B", "--max-model-len", "--max-num-seqs", " --gpu-memory-utilization 0.6"},
        {"vllm serve meta-llama/Meta-Llama-3-70B", "--max-model-len", "--max-num-seqs", ""},
        {"python -m sglang.launch_server --model-path Qwen/Qwen3-8B", "--context-length", "--max-running-requests", ""},
        {"python -m sglang.launch_server --model-path Qwen/Qwen3-14B", "--context-length", "--max-running-requests",
         " --mem-fraction-static 0.7"},
        {"llama-server -m Qwen3-8B-F16.gguf", "-c", "-np", ""},
        {"llama-server -m Qwen3-14B-Q8_0.gguf", "-c", "-np", ""},
        /* The smallest quant a correction offers: no smaller GGUF to name, so on a GPU its weights do not fit on
         * nothing corrects it. */
        {"llama-server -m Meta-Llama-3-70B-Q3_K_M.gguf", "-c", "-np", ""},
        /* A tp that does not split the heads, corrected up: SGLang's own fraction moves with it. */
        {"python -m sglang.launch_server --model-path meta-llama/Meta-Llama-3-70B", "--context-length", "--max-running-requests",
         " --tp 3"},
        {"vllm serve meta-llama/Meta-Llama-3-70B", "--max-model-len", "--max-num-seqs", " --tensor-parallel-size 6"},
        /* Values given with =, one of them shaped like a flag: the correction keeps them joined. */
        {"vllm serve Qwen/Qwen3-8B --foo=--bar=baz --max-num-seqs=2", "--max-model-len", "--max-num-seqs", ""},
    };
    static const char *const seqs[] = {"4096", "32768"};
    static const char *const batches[] = {"1", "16", "200"};
    int corrected = 0, uncorrectable = 0, capped = 0, llama_shortened = 0, sglang_capped = 0;
    for (size_t g = 0; g < sizeof gpus / sizeof gpus[0]; g++)
        for (size_t c = 0; c < sizeof cmds / sizeof cmds[0]; c++)
            for (size_t si = 0; si < 2; si++)
                for (size_t bi = 0; bi < 3; bi++) {
                    char req[64], cmd[256];
                    snprintf(req, sizeof req, "{\"gpu\":%s}", gpus[g]);
                    bool llama = strncmp(cmds[c].head, "llama", 5) == 0;
                    char ctx[32];
                    /* llama-server's -c is the whole context, over the slots. */
                    snprintf(ctx, sizeof ctx, "%lld", (long long)atoll(seqs[si]) * (llama ? atoll(batches[bi]) : 1));
                    snprintf(cmd, sizeof cmd, "%s %s %s %s %s%s", cmds[c].head, cmds[c].seq_flag, ctx, cmds[c].batch_flag, batches[bi],
                             cmds[c].tail);
                    rl_status st = run(cmd, req, NULL);
                    CHECK(st == RL_OK, "%s on %s: runs (%s)", cmd, req, lint.error.message);
                    if (st != RL_OK) continue;
                    check_values_in_message(cmd);
                    int64_t asked = atoll(batches[bi]);
                    const rl_lint_finding *none = finding("no_correction");
                    CHECK(lint.max_seqs == asked, "%s: max_seqs %lld (got %lld)", cmd, (long long)asked, (long long)lint.max_seqs);
                    if (lint.verdict == RL_LINT_REFUSED) {
                        CHECK(lint.concurrency == 0, "%s on %s: refused, concurrency 0 (got %lld)", cmd, req, (long long)lint.concurrency);
                        /* A command that does not start has no times (roofline.h: "without times when the engine refuses"). */
                        const rl_result *x = &lint.run.result;
                        CHECK(!x->has_timing && !x->has_realistic && x->step_ms == 0 && x->ms_per_token == 0 && x->tokens_per_s == 0 &&
                                  x->prefill_ms == 0 && x->prefill_tokens_per_s == 0 && x->ttft_ms == 0 && x->pp_stage_ms == 0 &&
                                  x->pp_drain_ms == 0 && x->flops_per_step == 0 && x->bytes_per_step == 0 && x->ai == 0 &&
                                  x->ceiling_fraction == 0 && x->gpu_part_ms == 0 && x->host_part_ms == 0 && x->spec_step_ms == 0 &&
                                  x->spec_ms_per_token == 0 && x->spec_tokens_per_s == 0 && x->spec_realistic_step_ms == 0 &&
                                  x->realistic.step_ms == 0 && x->realistic.tokens_per_s == 0,
                              "%s on %s: refused, no times in the analysis", cmd, req);
                    } else {
                        CHECK((lint.concurrency >= 1 || finding("sglang_context_capped") != NULL) && lint.concurrency <= asked &&
                                  (lint.verdict != RL_LINT_FITS || lint.concurrency == asked),
                              "%s on %s: verdict %d, concurrency %lld of %lld", cmd, req, lint.verdict, (long long)lint.concurrency,
                              (long long)asked);
                    }
                    const rl_lint_finding *capped_ctx = finding("sglang_context_capped");
                    if (capped_ctx != NULL) {
                        /* Fewer tokens than one request of full length, but some. */
                        const char *t = value_of(capped_ctx, "tokens");
                        double tokens = t ? atof(t) : -1;
                        sglang_capped++;
                        CHECK(tokens >= 1 && tokens < (double)atoll(seqs[si]), "%s on %s: the pool holds 1 to %s tokens (got %s)", cmd, req,
                              seqs[si], t ? t : "none");
                    }
                    if (lint.verdict == RL_LINT_FITS) {
                        CHECK(!lint.has_corrected && none == NULL, "%s on %s: fits, nothing to correct", cmd, req);
                        continue;
                    }
                    CHECK(lint.has_corrected != (none != NULL), "%s on %s: a correction or no_correction (%d)", cmd, req, lint.has_corrected);
                    if (!lint.has_corrected) {
                        uncorrectable++;
                        continue;
                    }
                    corrected++;
                    char fixed[RL_LINT_MAX_BYTES];
                    snprintf(fixed, sizeof fixed, "%s", lint.corrected);
                    rl_status st2 = rl_lint_run(fixed, strlen(fixed), req, strlen(req), NULL, 0, &again);
                    CHECK(st2 == RL_OK && again.verdict == RL_LINT_FITS, "%s on %s: corrected \"%s\" fits (verdict %d)", cmd, req, fixed,
                          again.verdict);
                    if (llama) {
                        /* llama-server: a shorter -c over the same slots is the longest that fits, in steps of
                         * 256 tokens a slot (of 1 below 256): one step more a slot does not fit. */
                        long long S = (long long)again.run.deploy.seq, longer = S + (S >= 256 ? 256 : 1);
                        if (again.run.deploy.batch != asked || longer > atoll(seqs[si]) ||
                            again.run.deploy.precision != lint.run.deploy.precision ||
                            again.run.deploy.kv_precision != lint.run.deploy.kv_precision)
                            continue;
                        llama_shortened++;
                        char expect[256];
                        snprintf(expect, sizeof expect, "%s %s %lld %s %s%s", cmds[c].head, cmds[c].seq_flag, longer * asked,
                                 cmds[c].batch_flag, batches[bi], cmds[c].tail);
                        st2 = rl_lint_run(expect, strlen(expect), req, strlen(req), NULL, 0, &again);
                        CHECK(st2 == RL_OK && again.verdict != RL_LINT_FITS, "%s on %s: %s is one step more than the most that fits", cmd,
                              req, expect);
                        continue;
                    }
                    /* Only the concurrency lowered: the same command with N + 1 does not fit. */
                    if (again.max_seqs >= asked) continue;
                    char expect[256];
                    snprintf(expect, sizeof expect, "%s %s %s %s %lld%s", cmds[c].head, cmds[c].seq_flag, ctx, cmds[c].batch_flag,
                             (long long)again.max_seqs, cmds[c].tail);
                    if (!streq(expect, fixed)) continue;
                    capped++;
                    snprintf(expect, sizeof expect, "%s %s %s %s %lld%s", cmds[c].head, cmds[c].seq_flag, ctx, cmds[c].batch_flag,
                             (long long)again.max_seqs + 1, cmds[c].tail);
                    st2 = rl_lint_run(expect, strlen(expect), req, strlen(req), NULL, 0, &again);
                    CHECK(st2 == RL_OK && again.verdict != RL_LINT_FITS, "%s on %s: %s is one more than the most that fits", cmd, req,
                          expect);
                }
    CHECK(sglang_capped >= 1, "the grid has SGLang contexts capped (%d)", sglang_capped);
    CHECK(corrected >= 20 && uncorrectable >= 1 && capped >= 5 && llama_shortened >= 3,
          "the grid has corrections (%d), uncorrectable cases (%d), capped ones (%d) and shortened llama-server contexts (%d)", corrected,
          uncorrectable, capped, llama_shortened);
}

/* ---- the tokeniser: words as a POSIX shell splits them ---------------------- */

/* The words after "vllm serve Qwen/Qwen3-8B --max-model-len 4096 --max-num-seqs 4 --served-model-name", each
 * worked out by the shell's rules: '...' keeps everything; "..." keeps all but
 * a backslash before $ ` " \ or a newline (which it drops); outside quotes a
 * backslash keeps the next character and a backslash-newline joins; # starts a
 * comment only at a word's start; --flag=value is two words at the first '='. */
static void test_tokeniser(void) {
    const char *req = "{\"gpu\":\"h100-sxm\"}";
    static const struct {
        const char *tail;
        int n;
        const char *words[4];
    } rows[] = {
        {"'a b'", 1, {"a b"}},
        {"'a\\\"b'", 1, {"a\\\"b"}},
        {"\"a\\\"b\"", 1, {"a\"b"}},
        {"\"a\\\\b\"", 1, {"a\\b"}},
        {"\"a\\$b\"", 1, {"a$b"}},
        {"\"a\\`b\"", 1, {"a`b"}},
        {"\"a\\xb\"", 1, {"a\\xb"}},
        {"\"a\\\nb\"", 1, {"ab"}},
        {"\"a\nb\"", 1, {"a\nb"}},
        {"a\\ b", 1, {"a b"}},
        {"a\\\\", 1, {"a\\"}},
        {"a\\", 1, {"a"}},
        {"a'b'\"c\"d", 1, {"abcd"}},
        {"''", 1, {""}},
        {"x # --max-num-seqs 9", 1, {"x"}},
        {"x#y z", 2, {"x#y", "z"}},
        {"x \\\n y", 2, {"x", "y"}},
        {"x \\\r\n y", 2, {"x", "y"}},
        {"x\\\ny", 1, {"xy"}},
        {"x\\\r\ny", 1, {"xy"}},
        {"x\\\rz", 1, {"x\rz"}},
        {"x\t\r\ny", 2, {"x", "y"}},
        {"x --a=b=c", 3, {"x", "--a", "b=c"}},
        {"x --a=", 3, {"x", "--a", ""}},
        {"x y=z", 2, {"x", "y=z"}},
    };
    const char *head = "vllm serve Qwen/Qwen3-8B --max-model-len 4096 --max-num-seqs 4 --served-model-name ";
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char cmd[256];
        snprintf(cmd, sizeof cmd, "%s%s", head, rows[i].tail);
        rl_status st = run(cmd, req, NULL);
        bool ok = st == RL_OK && lint.word_count == 8 + rows[i].n;
        for (int k = 0; ok && k < rows[i].n; k++) ok = streq(lint.words + lint.word_at[8 + k], rows[i].words[k]);
        CHECK(ok, "tail [%s]: %d words (status %d, %d words, the 9th [%s], %s)", rows[i].tail, rows[i].n, st, lint.word_count - 8,
              lint.word_count > 8 ? lint.words + lint.word_at[8] : "", lint.error.message);
    }
    /* An unclosed quote names where it opened, counting from 1: the quote is the 12th character. */
    rl_status st = run("vllm serve 'Qwen/Qwen3-8B", req, NULL);
    CHECK(st == RL_E_USAGE && strstr(lint.error.message, "' quote opened at character 12 ") != NULL, "unclosed ': %s", lint.error.message);
    st = run("vllm serve \"Qwen/Qwen3-8B", req, NULL);
    CHECK(st == RL_E_USAGE && strstr(lint.error.message, "\" quote opened at character 12 ") != NULL, "unclosed \": %s", lint.error.message);
    st = run("vllm serve \"Qwen/Qwen3-8B\\\"", req, NULL);
    CHECK(st == RL_E_USAGE && strstr(lint.error.message, "\" quote opened at character 12 ") != NULL, "escaped closing \": %s",
          lint.error.message);
    /* Blanks and comments only: the command is empty. */
    static const char *const empty[] = {"", " \t\r\n", "# vllm serve Qwen/Qwen3-8B", " \\\n ", "\\\r\n"};
    for (size_t i = 0; i < sizeof empty / sizeof empty[0]; i++) {
        st = run(empty[i], req, NULL);
        CHECK(st == RL_E_USAGE && strstr(lint.error.message, "empty") != NULL && lint.word_count == 0, "[%s]: empty (%d, %s)", empty[i], st,
              lint.error.message);
    }
    /* The byte limit: RL_LINT_MAX_BYTES (8192) bytes are read, one more is refused. */
    static char big[RL_LINT_MAX_BYTES + 2];
    int len = snprintf(big, sizeof big, "vllm serve Qwen/Qwen3-8B --max-model-len 4096 --max-num-seqs 4 --served-model-name ");
    memset(big + len, 'x', RL_LINT_MAX_BYTES - (size_t)len);
    big[RL_LINT_MAX_BYTES] = '\0';
    st = run(big, req, NULL);
    CHECK(st == RL_OK, "a command of %u bytes is read (%s)", RL_LINT_MAX_BYTES, lint.error.message);
    big[RL_LINT_MAX_BYTES] = 'x';
    big[RL_LINT_MAX_BYTES + 1] = '\0';
    st = run(big, req, NULL);
    CHECK(st == RL_E_TOO_LARGE && streq(lint.error.field, "lint"), "a command of %u bytes is refused (%d)", RL_LINT_MAX_BYTES + 1, st);
    st = rl_lint_run(NULL, 0, req, strlen(req), NULL, 0, &lint);
    CHECK(st == RL_E_NULL, "no command: RL_E_NULL (%d)", st);
    CHECK(rl_lint_run("vllm", 4, req, strlen(req), NULL, 0, NULL) == RL_E_NULL, "no rl_lint: RL_E_NULL");
}

/* ---- a correction that raises the memory fraction --------------------------- */

/* The value the linted command `l` gives `flag`, NULL when it does not give it. */
static const char *given(const rl_lint *l, const char *flag) {
    const char *v = NULL;
    for (int i = 0; i < l->recognized_count; i++)
        if (streq(l->words + l->word_at[l->recognized_flag[i]], flag)) v = l->words + l->word_at[l->recognized_value[i]];
    return v;
}

/* When no context fits at the command's fraction, the correction tries the
 * engine's default (vLLM 0.90, SGLang 0.88) and then 0.95, the first at which
 * some context fits, and gives the longest context that fits there, in steps of
 * 256 (of 1 below 256). So, over custom GPUs from 15 to 24 GiB (Qwen3-8B's
 * weights are 15.26 GiB): a corrected fraction is the default or 0.95; 0.95 only
 * where one token does not fit at the default; the default wherever one token
 * fits at it and not at the command's, or where 0.95 holds at least twice the context the default does; and
 * the context one step longer (up to
 * the one the command asks for) does not fit at the corrected fraction. */
static void test_pool_raise(void) {
    static const struct {
        const char *head, *seq_flag, *pool_flag, *pool, *deflt;
        long long asked; /* the context the command asks for (vLLM's default: max_position_embeddings 40960) */
    } rows[] = {
        {"vllm serve Qwen/Qwen3-8B --max-num-seqs 1", "--max-model-len", "--gpu-memory-utilization", NULL, "0.90", 40960},
        {"vllm serve Qwen/Qwen3-8B --max-num-seqs 1", "--max-model-len", "--gpu-memory-utilization", "0.5", "0.90", 40960},
        {"python -m sglang.launch_server --model-path Qwen/Qwen3-8B --max-running-requests 1 --context-length 4096", "--context-length",
         "--mem-fraction-static", "0.5", NULL, 4096},
    };
    int raised[2] = {0, 0};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        for (int q = 0; q <= 36; q++) {
            char req[128], cmd[256], probe[256];
            double vram = 15.0 + 0.25 * q;
            snprintf(req, sizeof req, "{\"gpu\":{\"tflops\":100,\"bandwidth_gbs\":1000,\"vram_gib\":%g}}", vram);
            /* SGLang's own default follows the GPU (rl_sglang_pool, tested against hand-worked values in api_test),
             * written as the lint writes a fraction: three decimals where it has them. */
            char deflt[16];
            if (rows[i].pool) snprintf(cmd, sizeof cmd, "%s %s %s", rows[i].head, rows[i].pool_flag, rows[i].pool);
            else snprintf(cmd, sizeof cmd, "%s", rows[i].head);
            if (run(cmd, req, NULL) != RL_OK) continue;
            check_values_in_message(cmd);
            /* The fraction alone is this test's subject: not a correction that takes more GPUs (where one does not
             * load the weights, or one does but leaves no KV room at any fraction). */
            if (!lint.has_corrected || lint.correction.gpus != 1) continue;
            double own = rl_sglang_pool(vram, 1, 1, NULL, 0);
            snprintf(deflt, sizeof deflt, fabs(own * 100 - round(own * 100)) < 1e-9 ? "%.2f" : "%.3f", own);
            if (rows[i].deflt) snprintf(deflt, sizeof deflt, "%s", rows[i].deflt);
            char fixed[RL_LINT_MAX_BYTES];
            snprintf(fixed, sizeof fixed, "%s", lint.corrected);
            rl_status st = rl_lint_run(fixed, strlen(fixed), req, strlen(req), NULL, 0, &again);
            CHECK(st == RL_OK && again.verdict == RL_LINT_FITS, "%s on %s: corrected \"%s\" fits", cmd, req, fixed);
            const char *f = given(&again, rows[i].pool_flag), *seq = given(&again, rows[i].seq_flag);
            if (f == NULL || (rows[i].pool && streq(f, rows[i].pool)) || seq == NULL) continue; /* not a raised fraction */
            bool top = streq(f, "0.95");
            raised[top]++;
            CHECK(top || streq(f, deflt), "%s on %s: the fraction is raised to %s or 0.95 (got %s)", cmd, req, deflt, f);
            /* One token at the engine's default. */
            snprintf(probe, sizeof probe, "%s %s %s %s 1", rows[i].head, rows[i].pool_flag, deflt, rows[i].seq_flag);
            st = run(probe, req, NULL);
            bool fits_default = st == RL_OK && lint.verdict != RL_LINT_REFUSED && finding("sglang_context_capped") == NULL;
            CHECK(top || fits_default, "%s on %s: the default %s only where one token fits at it (%s)", cmd, req, deflt, fixed);
            if (top && fits_default) {
                /* 0.95 though the default holds some context: it holds twice as much or more, so more than half of
                 * 0.95's context does not fit at the default. */
                /* Compared in the search's steps of 256 tokens (of 1 below 256). */
                long long w = atoll(seq), step = w / 2 >= 256 ? 256 : 1, half = (w / 2 / step + 1) * step;
                snprintf(probe, sizeof probe, "%s %s %s %s %lld", rows[i].head, rows[i].pool_flag, deflt, rows[i].seq_flag, half);
                st = run(probe, req, NULL);
                CHECK(st == RL_OK && (lint.verdict == RL_LINT_REFUSED || finding("sglang_context_capped") != NULL),
                      "%s on %s: 0.95 holds twice the context of %s (%s; %lld at %s fits)",
                      cmd, req, deflt, fixed, half, deflt);
            }
            /* One step longer at the corrected fraction does not fit (the correction only shortens the asked context). */
            long long L = atoll(seq), longer = L + (L >= 256 ? 256 : 1);
            if (longer > rows[i].asked) continue;
            snprintf(probe, sizeof probe, "%s %s %s %s %lld", rows[i].head, rows[i].pool_flag, f, rows[i].seq_flag, longer);
            st = run(probe, req, NULL);
            CHECK(st == RL_OK && lint.verdict != RL_LINT_FITS, "%s on %s: %s fits at %s, %lld does not", cmd, req, seq, f, longer);
        }
    CHECK(raised[0] >= 3 && raised[1] >= 3, "corrections to the default (%d) and to 0.95 (%d)", raised[0], raised[1]);
}

/* ---- the engines' dtype words ------------------------------------------------- */

/* vLLM / SGLang --kv-cache-dtype, --dtype and --quantization words and what the
 * core counts them as (Qwen3-8B's checkpoint is bfloat16): the KV cache at
 * "auto" follows --dtype (not the quantized weights); the 4-bit formats are
 * counted as int4 with a finding; "none" keeps the dtype; a word the core does
 * not model keeps the dtype with a finding. Words are read case-insensitively. */
static void test_dtype_words(void) {
    const char *req = "{\"gpu\":\"h100-sxm\"}";
    static const struct {
        const char *flags, *weights, *kv, *finding;
    } rows[] = {
        {"--kv-cache-dtype auto", "bf16", "bf16", NULL},
        {"--kv-cache-dtype fp8", "bf16", "fp8", NULL},
        {"--kv-cache-dtype FP8_E4M3", "bf16", "fp8", NULL},
        {"--kv-cache-dtype fp8_e5m2", "bf16", "fp8", NULL},
        {"--kv-cache-dtype fp8_inc", "bf16", "fp8", NULL},
        {"--kv-cache-dtype fp8_ds_mla", "bf16", "fp8", NULL},
        {"--kv-cache-dtype bfloat16", "bf16", "bf16", NULL},
        {"--kv-cache-dtype float16", "bf16", "fp16", NULL},
        {"--kv-cache-dtype bf16", "bf16", "bf16", NULL},
        {"--kv-cache-dtype fp4_e2m1", "bf16", "int4", NULL},
        {"--dtype auto", "bf16", "bf16", NULL},
        {"--dtype half", "fp16", "fp16", NULL},
        {"--dtype float16", "fp16", "fp16", NULL},
        {"--dtype BFloat16", "bf16", "bf16", NULL},
        {"--dtype float", "fp32", "fp32", NULL},
        {"--dtype float32", "fp32", "fp32", NULL},
        {"--dtype half --kv-cache-dtype fp8", "fp16", "fp8", NULL},
        {"--quantization fp8", "fp8", "bf16", NULL},
        {"--quantization fbgemm_fp8", "fp8", "bf16", NULL},
        {"--quantization modelopt", "fp8", "bf16", NULL},
        {"--quantization w8a8_fp8", "fp8", "bf16", NULL},
        {"--quantization w8a8_int8", "int8", "bf16", NULL},
        {"-q awq", "int4", "bf16", "quantization_assumed_4bit"},
        {"--quantization awq_marlin", "int4", "bf16", "quantization_assumed_4bit"},
        /* the words are matched without case: an upper-case A is lowered as the other letters are */
        {"--quantization AWQ", "int4", "bf16", "quantization_assumed_4bit"},
        {"--kv-cache-dtype AUTO --dtype HALF", "fp16", "fp16", NULL},
        {"--quantization gptq", "int4", "bf16", "quantization_assumed_4bit"},
        {"--quantization GPTQ_Marlin", "int4", "bf16", "quantization_assumed_4bit"},
        {"--quantization marlin", "int4", "bf16", "quantization_assumed_4bit"},
        {"--quantization bitsandbytes", "int4", "bf16", "quantization_assumed_4bit"},
        {"--quantization gguf", "int4", "bf16", "quantization_assumed_4bit"},
        {"--quantization mxfp4", "int4", "bf16", "quantization_assumed_4bit"},
        {"--quantization modelopt_fp4", "int4", "bf16", "quantization_assumed_4bit"},
        {"--quantization none", "bf16", "bf16", NULL},
        {"--quantization hqq", "bf16", "bf16", "quantization_not_modeled"},
        {"--dtype half --quantization hqq", "fp16", "fp16", "quantization_not_modeled"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        for (int e = 0; e < 2; e++) {
            char cmd[256];
            /* SGLang has no -q. */
            if (e == 1 && strncmp(rows[i].flags, "-q ", 3) == 0) continue;
            snprintf(cmd, sizeof cmd, "%s %s",
                     e == 0 ? "vllm serve Qwen/Qwen3-8B --max-model-len 4096 --max-num-seqs 4"
                            : "python -m sglang.launch_server --model-path Qwen/Qwen3-8B --context-length 4096 --max-running-requests 4",
                     rows[i].flags);
            rl_status st = run(cmd, req, NULL);
            const char *w = st == RL_OK ? rl_precision_name(lint.run.result.weight_precision) : "(error)";
            const char *k = st == RL_OK ? rl_precision_name(lint.run.result.kv_precision) : "(error)";
            int extra = rows[i].finding ? 1 : 0;
            CHECK(st == RL_OK && streq(w, rows[i].weights) && streq(k, rows[i].kv) && lint.finding_count == extra &&
                      (!extra || finding(rows[i].finding) != NULL),
                  "%s: weights %s, KV %s%s%s (status %d, got %s, %s, %d findings)", cmd, rows[i].weights, rows[i].kv, extra ? ", " : "",
                  extra ? rows[i].finding : "", st, w, k, lint.finding_count);
            check_values_in_message(cmd);
        }
    /* gpt-oss-20b's checkpoint is MXFP4 (its quantization_config): --quantization is then the checkpoint's. */
    rl_status st = run("vllm serve openai/gpt-oss-20b --max-model-len 4096 --max-num-seqs 4 --quantization awq", req, NULL);
    const rl_lint_finding *f = finding("quantization_from_checkpoint");
    CHECK(st == RL_OK && f != NULL && streq(value_of(f, "quantization"), "awq") && finding("quantization_assumed_4bit") == NULL,
          "gpt-oss-20b --quantization awq: the checkpoint's own (%s)", lint.error.message);
    /* An unknown word names the flag and lists the choices. */
    static const struct {
        const char *cmd, *field, *message;
    } bad[] = {
        {"vllm serve Qwen/Qwen3-8B --dtype fp7", "--dtype", "--dtype: \"fp7\" is not one of auto, half, float16, bfloat16, float, float32"},
        {"vllm serve Qwen/Qwen3-8B --kv-cache-dtype=int8", "--kv-cache-dtype",
         "--kv-cache-dtype: \"int8\" is not one of auto, fp8, fp8_e4m3, fp8_e5m2, fp8_inc, fp8_ds_mla, bfloat16, float16, bf16, fp4_e2m1"},
        {"llama-server -m Qwen3-8B-Q8_0.gguf --cache-type-k q6_k", "--cache-type-k",
         "--cache-type-k: \"q6_k\" is not one of f32, f16, bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0, q5_1"},
        {"llama-server -m Qwen3-8B-Q8_0.gguf -ctv f8", "-ctv", "-ctv: \"f8\" is not one of f32, f16, bf16, q8_0, q4_0, q4_1, iq4_nl, q5_0, q5_1"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        st = run(bad[i].cmd, req, NULL);
        CHECK(st == RL_E_UNKNOWN_NAME && streq(lint.error.field, bad[i].field) && streq(lint.error.message, bad[i].message),
              "%s: %s (status %d, %s)", bad[i].cmd, bad[i].message, st, lint.error.message);
    }
}

/* ---- flags: the last one given wins; an unknown flag's value -------------------- */

static void test_flag_reading(void) {
    const char *req = "{\"gpu\":\"h100-sxm\"}";
    /* argparse and llama.cpp alike: the last --max-model-len (2048) and -tp (2) win, both are recorded. */
    rl_status st = run("vllm serve Qwen/Qwen3-8B --max-model-len 1024 -tp 4 --max-num-seqs 4 --max-model-len=2048 --tensor-parallel-size 2", req,
                       NULL);
    CHECK(st == RL_OK && lint.run.deploy.seq == 2048 && lint.run.deploy.tp == 2 && lint.recognized_count == 5,
          "the last value wins (seq %lld, tp %lld, %d recognized)", (long long)lint.run.deploy.seq, (long long)lint.run.deploy.tp,
          lint.recognized_count);
    /* An unknown flag takes the next word unless it is a flag: --port's 8000 is its value; a bare --port before
     * --max-model-len takes nothing; an unknown flag at the end takes nothing. */
    st = run("vllm serve Qwen/Qwen3-8B --port --max-model-len 4096 --host 0.0.0.0 --max-num-seqs 4 --api-key", req, NULL);
    CHECK(st == RL_OK && lint.run.deploy.seq == 4096 && lint.run.deploy.batch == 4 && lint.ignored_count == 3 &&
              streq(lint.words + lint.word_at[lint.ignored[0]], "--port") && streq(lint.words + lint.word_at[lint.ignored[1]], "--host") &&
              streq(lint.words + lint.word_at[lint.ignored[2]], "--api-key"),
          "unknown flags and their values (status %d, %d ignored, %s)", st, lint.ignored_count, lint.error.message);
    /* A flag of another engine is unknown here: llama-server's -c in vLLM, vLLM's --max-model-len in llama-server. */
    st = run("vllm serve Qwen/Qwen3-8B --max-model-len 4096 --max-num-seqs 4 -c 99", req, NULL);
    CHECK(st == RL_OK && lint.run.deploy.seq == 4096 && lint.ignored_count == 1, "-c is not vLLM's (status %d)", st);
    st = run("llama-server -m Qwen3-8B-Q4_K_M.gguf -c 4096 --max-model-len 99", req, NULL);
    CHECK(st == RL_OK && lint.run.deploy.seq == 4096 && lint.ignored_count == 1, "--max-model-len is not llama-server's (status %d)", st);
    st = run("python -m sglang.launch_server --model-path Qwen/Qwen3-8B --context-length 4096 --max-running-requests 4 --max-num-seqs 9 -tp 2",
             req, NULL);
    CHECK(st == RL_OK && lint.run.deploy.batch == 4 && lint.run.deploy.tp == 1 && lint.ignored_count == 2, "vLLM's flags are not SGLang's (status %d)",
          st);
}

/* ---- SGLang's derived --max-running-requests -------------------------------------- */

/* Absent, SGLang derives --max-running-requests from the KV pool: the requests
 * of full length it holds (at that batch's own reserves). So the command then
 * fits with every one of them at once, and the default names the number; with
 * no KV room at all the batch is 1 and it is refused. */
static void test_sglang_derived_batch(void) {
    static const char *const gpus[] = {"\"t4\"", "\"rtx-4090\"", "\"l40s\"", "\"h100-sxm\"", "\"h200-sxm\"",
                                       "{\"tflops\":100,\"bandwidth_gbs\":1000,\"vram_gib\":16.5}"};
    static const char *const cmds[] = {"python -m sglang.launch_server --model-path Qwen/Qwen3-8B --context-length 4096",
                                       "python -m sglang.launch_server --model-path Qwen/Qwen3-8B --context-length 32768",
                                       "python -m sglang.launch_server --model-path Qwen/Qwen3-4B --context-length 8192 --tp-size 2"};
    int fitting = 0, refused = 0;
    for (size_t g = 0; g < sizeof gpus / sizeof gpus[0]; g++)
        for (size_t c = 0; c < sizeof cmds / sizeof cmds[0]; c++) {
            char req[128];
            snprintf(req, sizeof req, "{\"gpu\":%s}", gpus[g]);
            rl_status st = run(cmds[c], req, NULL);
            CHECK(st == RL_OK, "%s on %s runs (%s)", cmds[c], req, lint.error.message);
            if (st != RL_OK) continue;
            char n[32];
            snprintf(n, sizeof n, "%lld", (long long)lint.max_seqs);
            CHECK(streq(default_of("--max-running-requests"), n) && lint.max_seqs >= 1, "%s on %s: the default names max_seqs %s (got %s)",
                  cmds[c], req, n, default_of("--max-running-requests"));
            if (finding("no_kv_memory") != NULL || finding("weights_do_not_fit") != NULL) {
                refused++;
                CHECK(lint.max_seqs == 1 && lint.concurrency == 0 && lint.verdict == RL_LINT_REFUSED, "%s on %s: no room, batch 1, refused",
                      cmds[c], req);
            } else if (finding("sglang_context_capped") == NULL) {
                fitting++;
                CHECK(lint.verdict == RL_LINT_FITS && lint.concurrency == lint.max_seqs, "%s on %s: fits with all %lld at once (verdict %d, %lld)",
                      cmds[c], req, (long long)lint.max_seqs, lint.verdict, (long long)lint.concurrency);
            }
        }
    CHECK(fitting >= 8 && refused >= 1, "derived batches that fit (%d) and a refusal (%d)", fitting, refused);
}

/* ---- the corrected command's words: plain, or quoted for the shell ---------------- */

/* Words of letters, digits and _@%+=:,./- are written as they are; any other
 * is single-quoted, a ' inside as '\''. The command is the issue's example
 * (tight at 256 on tp 2, corrected to --max-num-seqs 55) with ignored flags
 * whose values test each rule. */
static void test_corrected_words(void) {
    const char *req = "{\"gpu\":\"h100-sxm\"}";
    rl_status st = run("vllm serve Qwen/Qwen3-8B -tp 2 --max-model-len 32768 --max-num-seqs 256 --kv-cache-dtype fp8 "
                       "--served-model-name AZaz09_@%+=:,./- --api-key 'a b' --x \"it's\" --y '$HOME' --z 'q\"'",
                       req, NULL);
    const char *want = "vllm serve Qwen/Qwen3-8B -tp 2 --max-model-len 32768 --max-num-seqs 55 --kv-cache-dtype fp8 "
                       "--served-model-name AZaz09_@%+=:,./- --api-key 'a b' --x 'it'\\''s' --y '$HOME' --z 'q\"'";
    CHECK(st == RL_OK && lint.has_corrected && streq(lint.corrected, want), "corrected:\n  %s\nwant\n  %s", lint.corrected, want);
    /* Each plain character on its own, and the neighbours of each range quoted. */
    static const char *const plain[] = {"A", "Z", "a", "z", "0", "9", "_", "@", "%", "+", "=", ":", ",", ".", "/", "-"};
    static const char *const quoted[] = {"[", "`", "{", "!", "#", "&", "*", ";", "<", ">", "?", "^", "|", "~", "(", ")"};
    for (int q = 0; q < 2; q++)
        for (size_t i = 0; i < 16; i++) {
            const char *w = q ? quoted[i] : plain[i];
            char cmd[200], expect[64];
            snprintf(cmd, sizeof cmd, "vllm serve Qwen/Qwen3-8B -tp 2 --max-model-len 32768 --max-num-seqs 256 --kv-cache-dtype fp8 --s '%s'", w);
            snprintf(expect, sizeof expect, q ? " --s '%s'" : " --s %s", w);
            st = run(cmd, req, NULL);
            size_t n = strlen(lint.corrected), e = strlen(expect);
            CHECK(st == RL_OK && lint.has_corrected && n > e && streq(lint.corrected + n - e, expect), "word [%s]: %s (got %s)", w,
                  q ? "quoted" : "plain", lint.corrected);
        }
}

/* ---- -ngl 0: the GPU holds no layer, the host all of them ------------------------ */

/* Qwen3-32B Q8_0 (0.48249 GiB a layer, KV 1/32 GiB a layer at 8192 tokens;
 * lint-llama-ngl-too-many-corrected) on a 1 GiB GPU: with no layer the GPU
 * holds the 0.6 GiB context and the 0.0689 GiB of activations (0.67 <= 1); one
 * layer adds 0.48249 + 0.03125 + 2% of 0.48249 = 0.52339 GiB (1.19 > 1). So the
 * largest -ngl is 0, and the 64 GiB host holds everything else (30.879 GiB of
 * layers + 1.5395 GiB of embeddings and LM head + 2 GiB of KV = 34.4 GiB). */
static void test_ngl_zero(void) {
    const char *req = "{\"gpu\":{\"tflops\":100,\"bandwidth_gbs\":1000,\"vram_gib\":1},\"ram_gib\":64,\"host_memory\":\"ddr5-5600-2ch\"}";
    rl_status st = run("llama-server -m Qwen3-32B-Q8_0.gguf -c 8192", req, NULL);
    const rl_lint_finding *f = finding("llama_gpu_layers_too_many");
    CHECK(st == RL_OK && lint.verdict == RL_LINT_REFUSED && streq(value_of(f, "max"), "0") && lint.has_corrected &&
              streq(lint.corrected, "llama-server -m Qwen3-32B-Q8_0.gguf -c 8192 -ngl 0"),
          "1 GiB GPU: -ngl 0 (status %d, %s, corrected %s)", st, f ? f->message : "no finding", lint.corrected);
    st = run("llama-server -m Qwen3-32B-Q8_0.gguf -c 8192 -ngl 0", req, NULL);
    CHECK(st == RL_OK && lint.verdict == RL_LINT_FITS && lint.run.deploy.gpu_layers == 0, "-ngl 0 fits (verdict %d)", lint.verdict);
}

/* ---- weights_do_not_fit: "the GPU" or "each GPU" ----------------------------------- */

/* Llama-3-70B in bf16 is 70.6e9 x 2 B = 131 GiB: over one H100 (80 GiB), and
 * over two with pp 2 on an L40S (65.7 GiB each > 48): the sentence's variant
 * "many" (each GPU) only when there is more than one GPU. */
static void test_weights_variant(void) {
    static const struct {
        const char *cmd, *gpu;
        bool many;
    } rows[] = {
        {"vllm serve meta-llama/Meta-Llama-3-70B --max-model-len 4096 --max-num-seqs 1", "h100-sxm", false},
        {"vllm serve meta-llama/Meta-Llama-3-70B --max-model-len 4096 --max-num-seqs 1 -pp 2", "l40s", true},
        {"vllm serve meta-llama/Meta-Llama-3-70B --max-model-len 4096 --max-num-seqs 1 -tp 2", "l40s", true},
        {"python -m sglang.launch_server --model-path meta-llama/Meta-Llama-3-70B --context-length 4096", "h100-sxm", false},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char req[64];
        snprintf(req, sizeof req, "{\"gpu\":\"%s\"}", rows[i].gpu);
        rl_status st = run(rows[i].cmd, req, NULL);
        const rl_lint_finding *f = finding("weights_do_not_fit");
        CHECK(st == RL_OK && f != NULL && (rows[i].many ? streq(value_of(f, "variant"), "many") : value_of(f, "variant") == NULL) &&
                  strstr(f->message, rows[i].many ? "each GPU" : "the GPU") != NULL,
              "%s on %s: %s (%s)", rows[i].cmd, rows[i].gpu, rows[i].many ? "each GPU" : "the GPU", f ? f->message : "no finding");
    }
}

/* ---- llama-server -ngl: analysed with the host, recorded without --------------- */

/* Qwen3-8B has 36 layers. -ngl 36 puts every layer on the GPU (the output layer
 * stays on the CPU); -ngl 35 leaves one in host RAM: without the host's RAM and
 * bandwidth that is only recorded (partial_offload_not_modeled), with both (a
 * host_memory preset or cpu_bandwidth_gbs) it is the core's offload. -ngl
 * above 36, "all", "auto" and -1 mean every layer and the output layer. */
static void test_llama_offload(void) {
    static const struct {
        const char *ngl, *req;
        long long lint_ngl;   /* lint.gpu_layers */
        long long deploy_ngl; /* run.deploy.gpu_layers: -2 for "not the offload" (the core's default) */
        bool recorded;        /* partial_offload_not_modeled */
    } rows[] = {
        {"36", "{\"gpu\":\"h100-sxm\"}", 36, -2, false},
        {"35", "{\"gpu\":\"h100-sxm\"}", 35, -2, true},
        {"0", "{\"gpu\":\"h100-sxm\"}", 0, -2, true},
        {"35", "{\"gpu\":\"h100-sxm\",\"ram_gib\":64}", 35, -2, true},
        {"35", "{\"gpu\":\"h100-sxm\",\"cpu_bandwidth_gbs\":100}", 35, -2, true},
        {"35", "{\"gpu\":\"h100-sxm\",\"ram_gib\":64,\"host_memory\":\"ddr5-5600-2ch\"}", 35, 35, false},
        {"35", "{\"gpu\":\"h100-sxm\",\"ram_gib\":64,\"cpu_bandwidth_gbs\":100}", 35, 35, false},
        {"36", "{\"gpu\":\"h100-sxm\",\"ram_gib\":64,\"cpu_bandwidth_gbs\":100}", 36, 36, false},
        {"37", "{\"gpu\":\"h100-sxm\",\"ram_gib\":64,\"cpu_bandwidth_gbs\":100}", 37, -2, false},
        {"0", "{\"gpu\":\"h100-sxm\",\"ram_gib\":64,\"cpu_bandwidth_gbs\":100}", 0, 0, false},
        {"all", "{\"gpu\":\"h100-sxm\",\"ram_gib\":64,\"cpu_bandwidth_gbs\":100}", -1, -2, false},
        {"auto", "{\"gpu\":\"h100-sxm\"}", -1, -2, false},
        {"=-1", "{\"gpu\":\"h100-sxm\",\"ram_gib\":64,\"cpu_bandwidth_gbs\":100}", -1, -2, false},
    };
    rl_status st = run("llama-server -m Qwen3-8B-Q4_K_M.gguf -c 4096", "{\"gpu\":\"h100-sxm\"}", NULL);
    int64_t all = lint.run.deploy.gpu_layers; /* the core's default: every layer */
    CHECK(st == RL_OK && lint.gpu_layers == -1 && all > 36, "no -ngl: every layer (lint %lld, core %lld)", (long long)lint.gpu_layers,
          (long long)all);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char cmd[160];
        snprintf(cmd, sizeof cmd, "llama-server -m Qwen3-8B-Q4_K_M.gguf -c 4096 -ngl%s%s", rows[i].ngl[0] == '=' ? "" : " ", rows[i].ngl);
        st = run(cmd, rows[i].req, NULL);
        long long want = rows[i].deploy_ngl == -2 ? (long long)all : rows[i].deploy_ngl;
        const rl_lint_finding *f = finding("partial_offload_not_modeled");
        CHECK(st == RL_OK && lint.gpu_layers == rows[i].lint_ngl && (long long)lint.run.deploy.gpu_layers == want && (f != NULL) == rows[i].recorded,
              "%s with %s: -ngl %lld, the core's %lld, %s (status %d, got %lld, %lld, %s)", cmd, rows[i].req, rows[i].lint_ngl, want,
              rows[i].recorded ? "recorded" : "not recorded", st, (long long)lint.gpu_layers, (long long)lint.run.deploy.gpu_layers,
              f ? "recorded" : "not recorded");
        if (f != NULL)
            CHECK(streq(value_of(f, "ngl"), rows[i].ngl) && streq(value_of(f, "layers"), "36"), "%s: the finding names -ngl %s of 36", cmd,
                  rows[i].ngl);
    }
}

/* ---- llama-server: the corrected -ngl is the most layers that fit --------------- */

/* Qwen3-8B (36 layers) Q4_K_M, -c 4096, 64 GiB of DDR5 host RAM, on custom GPUs
 * from 4 to 8 GiB. Without -ngl every layer and the output layer are on the
 * GPU; where that does not fit, the correction gives -ngl N, and N is the most
 * that fit: the corrected command fits, -ngl N + 1 does not (for N = 36, all
 * the layers but not the output layer, "N + 1" is the command as given). */
static void test_llama_ngl_sweep(void) {
    int found = 0, all_layers = 0;
    for (int q = 0; q <= 32; q++) {
        char req[200];
        snprintf(req, sizeof req, "{\"gpu\":{\"tflops\":100,\"bandwidth_gbs\":1000,\"vram_gib\":%g},\"ram_gib\":64,\"host_memory\":\"ddr5-5600-2ch\"}",
                 4.0 + 0.125 * q);
        const char *cmd = "llama-server -m Qwen3-8B-Q4_K_M.gguf -c 4096";
        rl_status st = run(cmd, req, NULL);
        if (st != RL_OK || lint.verdict == RL_LINT_FITS) continue;
        CHECK(lint.has_corrected, "%s on %s: a corrected -ngl", cmd, req);
        if (!lint.has_corrected) continue;
        char fixed[RL_LINT_MAX_BYTES];
        snprintf(fixed, sizeof fixed, "%s", lint.corrected);
        st = rl_lint_run(fixed, strlen(fixed), req, strlen(req), NULL, 0, &again);
        const char *ngl = given(&again, "-ngl");
        CHECK(st == RL_OK && again.verdict == RL_LINT_FITS && ngl != NULL && streq(given(&again, "-c"), "4096"),
              "%s on %s: \"%s\" fits with an -ngl and the same -c", cmd, req, fixed);
        if (ngl == NULL) continue;
        found++;
        long long n = atoll(ngl);
        all_layers += n == 36;
        CHECK(n >= 0 && n <= 36, "%s on %s: -ngl %lld of 36 layers", cmd, req, n);
        if (n < 36) {
            char more[200];
            snprintf(more, sizeof more, "%s -ngl %lld", cmd, n + 1);
            st = run(more, req, NULL);
            CHECK(st == RL_OK && lint.verdict != RL_LINT_FITS, "%s on %s: -ngl %lld is the most; %lld does not fit", cmd, req, n, n + 1);
        }
    }
    CHECK(found >= 10 && all_layers >= 2, "corrected -ngl found (%d), all 36 layers without the output layer (%d)", found, all_layers);
    /* Only -ngl changes: the correction appends it and nothing else (no -c when the command gave none). */
    const char *req = "{\"gpu\":{\"tflops\":100,\"bandwidth_gbs\":1000,\"vram_gib\":5},\"ram_gib\":64,\"host_memory\":\"ddr5-5600-2ch\"}";
    rl_status st = run("llama-server -m Qwen3-8B-Q4_K_M.gguf -np 1", req, NULL);
    const char *prefix = "llama-server -m Qwen3-8B-Q4_K_M.gguf -np 1 -ngl ";
    CHECK(st == RL_OK && lint.has_corrected && strncmp(lint.corrected, prefix, strlen(prefix)) == 0 &&
              strspn(lint.corrected + strlen(prefix), "0123456789") == strlen(lint.corrected + strlen(prefix)),
          "no -c given, only -ngl appended (got %s)", lint.corrected);
}

/* A cut after a backslash: the lint reads `len` bytes, so a backslash that is
 * the last of them escapes nothing (it is dropped), whatever byte follows it in
 * the caller's buffer. */
static void test_cut_after_backslash(void) {
    static const char text[] = "vllm serve Qwen/Qwen3-8B --max-model-len 4096 --max-num-seqs 4 --served-model-name a\\Z";
    const char *req = "{\"gpu\":\"h100-sxm\"}";
    rl_status st = rl_lint_run(text, sizeof text - 2, req, strlen(req), NULL, 0, &lint);
    CHECK(st == RL_OK && lint.word_count == 9 && streq(lint.words + lint.word_at[8], "a"), "a cut after \\: the last word is a (got %s)",
          lint.word_count == 9 ? lint.words + lint.word_at[8] : "?");
}

/* The corrections agree with the analysis's ways out (issue 36): where the full analysis of the refused
 * command says more tensor parallelism loads the weights (more_tp, tp=N at the precision asked), one
 * correction keeps that precision on at most N x pp GPUs; where the weights do not load and it says fp8 alone
 * does on the GPUs asked (and the engine quantizes online on a GPU with an fp8 peak), one correction is fp8 on
 * those GPUs. And by
 * the rules: the corrected command uses the fewest GPUs of all, none uses fewer than the command asked,
 * the precision rule's keeps the weights' format, the context rule's has the longest context. */
static void test_corrections_agree_with_ways_out(void) {
    static const struct {
        const char *cmd, *req;
    } rows[] = {
        {"vllm serve meta-llama/Llama-3.1-405B --tensor-parallel-size 2", "{\"gpu\":\"h100-sxm\"}"},
        {"vllm serve meta-llama/Llama-3.1-405B --tensor-parallel-size 8", "{\"gpu\":\"h100-sxm\"}"},
        {"python -m sglang.launch_server --model-path meta-llama/Llama-3.1-405B --tp 2", "{\"gpu\":\"h100-sxm\"}"},
        {"vllm serve Qwen/Qwen3-32B --max-model-len 40960", "{\"gpu\":\"l40s\"}"},
        {"python -m sglang.launch_server --model-path meta-llama/Meta-Llama-3-70B", "{\"gpu\":\"h100-sxm\"}"},
        {"vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 2", "{\"gpu\":\"rtx-4090\"}"},
        {"vllm serve microsoft/phi-4", "{\"gpu\":\"t4\"}"},
        {"vllm serve Qwen/Qwen3-8B", "{\"gpu\":\"rtx-4090\"}"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        rl_status st = run(rows[i].cmd, rows[i].req, NULL);
        CHECK(st == RL_OK && lint.verdict == RL_LINT_REFUSED && lint.has_corrected, "%s on %s: refused, with a correction", rows[i].cmd,
              rows[i].req);
        if (st != RL_OK || !lint.has_corrected) continue;
        const rl_result *r = &lint.run.result;
        int64_t asked = lint.run.deploy.tp * lint.run.deploy.pp;
        const rl_lint_levers *all[1 + RL_LINT_MAX_ALTERNATIVES];
        int n = 0;
        all[n++] = &lint.correction;
        for (int a = 0; a < lint.alternative_count; a++) all[n++] = &lint.alternative_levers[a];
        bool tp_way = false, fp8_way = false;
        for (int a = 0; a < n; a++) {
            const rl_lint_levers *v = all[a];
            CHECK(v->gpus == v->tp * v->pp && v->gpus >= asked, "%s: correction %d on %lld GPUs (tp %lld x pp %lld), %lld asked",
                  rows[i].cmd, a, (long long)v->gpus, (long long)v->tp, (long long)v->pp, (long long)asked);
            CHECK(lint.correction.gpus <= v->gpus, "%s: the corrected command is on the fewest GPUs (%lld > %lld)", rows[i].cmd,
                  (long long)lint.correction.gpus, (long long)v->gpus);
            if (v->rule == RL_LINT_RULE_PRECISION)
                CHECK(v->weights == r->weight_precision, "%s: the precision rule keeps %s", rows[i].cmd, rl_precision_name(r->weight_precision));
            if (v->rule == RL_LINT_RULE_CONTEXT)
                for (int b = 0; b < n; b++)
                    CHECK(v->seq >= all[b]->seq, "%s: the context rule's context is the longest", rows[i].cmd);
            tp_way |= v->weights == r->weight_precision && (r->remedies & RL_REMEDY_MORE_TP) &&
                      v->gpus <= r->remedy_tp * lint.run.deploy.pp;
            fp8_way |= v->weights == RL_PREC_FP8 && v->gpus == asked;
        }
        if (r->remedies & RL_REMEDY_MORE_TP)
            CHECK(tp_way, "%s on %s: the ways out say tp=%lld; no correction keeps %s on that many GPUs", rows[i].cmd, rows[i].req,
                  (long long)r->remedy_tp, rl_precision_name(r->weight_precision));
        if (r->verdict == RL_WEIGHTS_DO_NOT_FIT && (r->remedies & RL_REMEDY_WEIGHT_PRECISION) && r->remedy_precision == RL_PREC_FP8 &&
            lint.run.gpu.tflops_fp8 > 0)
            CHECK(fp8_way, "%s on %s: the ways out say fp8; no correction is fp8 on the GPUs asked", rows[i].cmd, rows[i].req);
    }
}

/* llama-server's levers (issue 36): a GGUF quant smaller than the command's, named by the file or -hf tag the
 * command gives (in its case), and the KV cache types, which need flash attention: with -fa off no correction
 * sets -ctk or -ctv. Each correction relints as fits, ignores no more words, and never loads a larger quant. */
static void test_llama_levers(void) {
    static const struct {
        const char *cmd, *gpu, *stem; /* stem: what the model's word keeps */
        bool fa_off;
    } rows[] = {
        {"llama-server -hf bartowski/Qwen3-32B-GGUF:Q8_0 -c 32768", "rtx-4090", "bartowski/Qwen3-32B-GGUF:Q", false},
        {"llama-server -m /models/qwen3-32b-q8_0.gguf -c 40960", "rtx-4090", "/models/qwen3-32b-q", false},
        {"llama-server -m /models/qwen3-32b-q8_0.gguf -c 40960 -fa off", "rtx-4090", "/models/qwen3-32b-q", true},
        {"llama-server -m Qwen3-14B-Q8_0.gguf -c 32768 -np 2", "t4", "Qwen3-14B-Q", false},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char req[64];
        snprintf(req, sizeof req, "{\"gpu\":\"%s\"}", rows[i].gpu);
        rl_status st = run(rows[i].cmd, req, NULL);
        CHECK(st == RL_OK && lint.verdict != RL_LINT_FITS && lint.has_corrected, "%s on %s: not fits, corrected", rows[i].cmd, rows[i].gpu);
        if (st != RL_OK || !lint.has_corrected) continue;
        const char *cmds[1 + RL_LINT_MAX_ALTERNATIVES] = {lint.corrected};
        const rl_lint_levers *levers[1 + RL_LINT_MAX_ALTERNATIVES] = {&lint.correction};
        int n = 1, ignored = lint.ignored_count;
        double asked = rl_precision_bytes(lint.run.result.weight_precision);
        char copies[1 + RL_LINT_MAX_ALTERNATIVES][RL_LINT_MAX_BYTES];
        for (int a = 0; a < lint.alternative_count; a++, n++) {
            cmds[n] = lint.alternative[a];
            levers[n] = &lint.alternative_levers[a];
        }
        bool kv_lever = false, quant_lever = false;
        rl_lint_levers seen[1 + RL_LINT_MAX_ALTERNATIVES];
        for (int a = 0; a < n; a++) {
            snprintf(copies[a], sizeof copies[a], "%s", cmds[a]);
            seen[a] = *levers[a];
        }
        for (int a = 0; a < n; a++) {
            bool ctk = strstr(copies[a], " -ctk ") != NULL, ctv = strstr(copies[a], " -ctv ") != NULL;
            CHECK(ctk == ctv, "%s: -ctk and -ctv together (%s)", rows[i].cmd, copies[a]);
            CHECK(!(rows[i].fa_off && ctk), "%s: flash attention off, no KV cache type (%s)", rows[i].cmd, copies[a]);
            kv_lever |= ctk;
            CHECK(strstr(copies[a], rows[i].stem) != NULL, "%s: the model's word keeps %s (%s)", rows[i].cmd, rows[i].stem, copies[a]);
            CHECK(rl_precision_bytes(seen[a].weights) <= asked, "%s: no larger quant than asked (%s)", rows[i].cmd, copies[a]);
            quant_lever |= rl_precision_bytes(seen[a].weights) < asked;
            st = rl_lint_run(copies[a], strlen(copies[a]), req, strlen(req), NULL, 0, &again);
            CHECK(st == RL_OK && again.verdict == RL_LINT_FITS && again.ignored_count == ignored &&
                      again.run.result.weight_precision == seen[a].weights && again.run.deploy.kv_precision == seen[a].kv,
                  "%s on %s: \"%s\" fits, ignores %d words, runs %s weights and %s KV", rows[i].cmd, rows[i].gpu, copies[a], ignored,
                  rl_precision_name(seen[a].weights), rl_precision_name(seen[a].kv));
        }
        CHECK(quant_lever, "%s on %s: a smaller quant among the corrections", rows[i].cmd, rows[i].gpu);
        if (!rows[i].fa_off) CHECK(kv_lever, "%s on %s: a KV cache type among the corrections", rows[i].cmd, rows[i].gpu);
    }
}

/* ---- trtllm-serve at its boundaries -------------------------------------- */

/* max_num_tokens is clamped to max_seq_len x max_batch_size (model_engine.py
 * _init_max_num_tokens: only when it is larger); the environment switches read
 * 1 or true in any case and nothing else; the formats each GPU runs under
 * TensorRT-LLM (fp8 from Ada and Hopper, NVFP4 on Blackwell), by preset; the
 * KV cache words; vLLM's underscores read only in a --long name up to its '.'. */
static void test_trtllm(void) {
    static const struct {
        const char *cmd;
        int64_t chunk;
    } chunks[] = {
        {"trtllm-serve Qwen/Qwen3-8B --max_seq_len 1024 --max_batch_size 2", 2048},        /* 8192 > 2048: clamped */
        {"trtllm-serve Qwen/Qwen3-8B --max_seq_len 4096 --max_batch_size 2", 8192},        /* 8192 = 8192: kept */
        {"trtllm-serve Qwen/Qwen3-8B --max_seq_len 4097 --max_batch_size 2", 8192},        /* 8194 > 8192: kept */
        {"trtllm-serve Qwen/Qwen3-8B --max_seq_len 1000 --max_batch_size 3 --max_num_tokens 4000", 3000},
        {"trtllm-serve Qwen/Qwen3-8B --max_seq_len 1000 --max_batch_size 3 --max_num_tokens 3000", 3000},
    };
    for (size_t i = 0; i < sizeof chunks / sizeof chunks[0]; i++) {
        rl_status st = run(chunks[i].cmd, "{\"gpu\":\"h100-sxm\"}", NULL);
        CHECK(st == RL_OK && lint.run.deploy.prefill_chunk == chunks[i].chunk, "%s: a step of %lld tokens (got %lld)", chunks[i].cmd,
              (long long)chunks[i].chunk, (long long)lint.run.deploy.prefill_chunk);
    }
    static const struct {
        const char *env;
        bool allowed;
    } envs[] = {{"TLLM_ALLOW_LONG_MAX_MODEL_LEN=1", true},   {"TLLM_ALLOW_LONG_MAX_MODEL_LEN=true", true},
                {"TLLM_ALLOW_LONG_MAX_MODEL_LEN=TRUE", true}, {"env TLLM_ALLOW_LONG_MAX_MODEL_LEN=1", true},
                {"A=1 TLLM_ALLOW_LONG_MAX_MODEL_LEN=1", true}, {"TLLM_ALLOW_LONG_MAX_MODEL_LEN=0", false},
                {"TLLM_ALLOW_LONG_MAX_MODEL_LEN=11", false},  {"TLLM_ALLOW_LONG_MAX_MODEL_LEN=yes", false},
                {"TLLM_ALLOW_LONG_MAX_MODEL_LENX=1", false},  {"TLLM_ALLOW_LONG_MAX_MODEL_LE=1", false},
                {"VLLM_ALLOW_LONG_MAX_MODEL_LEN=1", false},   {"", false}};
    for (size_t i = 0; i < sizeof envs / sizeof envs[0]; i++) {
        char cmd[200];
        snprintf(cmd, sizeof cmd, "%s trtllm-serve Qwen/Qwen3-8B --max_seq_len 50000 --max_batch_size 1", envs[i].env);
        rl_status st = run(cmd, "{\"gpu\":\"h100-sxm\"}", NULL);
        CHECK(st == RL_OK && (lint.run.deploy.seq == 50000) == envs[i].allowed &&
                  (finding("trtllm_max_seq_len_over_model") == NULL) == envs[i].allowed,
              "%s: 50000 tokens %s (ran %lld)", cmd, envs[i].allowed ? "kept" : "lowered to 40960", (long long)lint.run.deploy.seq);
    }
    static const struct {
        const char *model, *gpu;
        bool runs;
    } formats[] = {
        {"meta-llama/Llama-3.1-8B-Instruct-FP8", "h100-sxm", true},  {"meta-llama/Llama-3.1-8B-Instruct-FP8", "l40s", true},
        {"meta-llama/Llama-3.1-8B-Instruct-FP8", "rtx-4090", true},  {"meta-llama/Llama-3.1-8B-Instruct-FP8", "h20", true},
        {"meta-llama/Llama-3.1-8B-Instruct-FP8", "a100-80g", false}, {"meta-llama/Llama-3.1-8B-Instruct-FP8", "a10", false},
        {"meta-llama/Llama-3.1-8B-Instruct-FP8", "rtx-3090", false}, {"meta-llama/Llama-3.1-8B-Instruct-FP8", "t4", false},
        {"nvidia/Llama-3.1-8B-Instruct-FP4", "b200", true},          {"nvidia/Llama-3.1-8B-Instruct-FP4", "rtx-5090", true},
        {"nvidia/Llama-3.1-8B-Instruct-FP4", "h200-sxm", false},     {"nvidia/Llama-3.1-8B-Instruct-FP4", "l40s", false},
        {"nvidia/Llama-3.1-8B-Instruct-FP4", "rtx-4090", false},     {"meta-llama/Llama-3.1-8B-Instruct", "t4", true},
    };
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        char cmd[200], req[64];
        snprintf(cmd, sizeof cmd, "trtllm-serve %s --max_seq_len 2048 --max_batch_size 1", formats[i].model);
        snprintf(req, sizeof req, "{\"gpu\":\"%s\"}", formats[i].gpu);
        rl_status st = run(cmd, req, NULL);
        const rl_lint_finding *f = finding("trtllm_format_not_on_gpu");
        CHECK(st == RL_OK && (f == NULL) == formats[i].runs && (formats[i].runs || lint.verdict == RL_LINT_REFUSED),
              "%s on %s: %s (status %d, %s)", formats[i].model, formats[i].gpu, formats[i].runs ? "runs" : "refused", st,
              f ? f->message : "no finding");
    }
    /* A custom GPU is never refused a format; no fp8 KV cache is offered where fp8 does not run. */
    rl_status st = run("trtllm-serve meta-llama/Llama-3.1-8B-Instruct-FP8 --max_seq_len 2048 --max_batch_size 1",
                       "{\"gpu\":{\"tflops\":100,\"bandwidth_gbs\":1000,\"vram_gib\":24}}", NULL);
    CHECK(st == RL_OK && finding("trtllm_format_not_on_gpu") == NULL, "a custom GPU runs any format");
    st = run("trtllm-serve Qwen/Qwen3-8B", "{\"gpu\":\"a100-80g\"}", NULL);
    bool fp8_kv = false;
    for (int a = 0; st == RL_OK && lint.has_corrected && a <= lint.alternative_count; a++)
        fp8_kv |= (a == 0 ? lint.correction.kv : lint.alternative_levers[a - 1].kv) == RL_PREC_FP8;
    CHECK(st == RL_OK && lint.has_corrected && !fp8_kv, "trtllm-serve on A100s: corrected, never with an fp8 KV cache");
    st = run("trtllm-serve Qwen/Qwen3-8B", "{\"gpu\":\"h100-sxm\"}", NULL);
    fp8_kv = false;
    for (int a = 0; st == RL_OK && lint.has_corrected && a <= lint.alternative_count; a++)
        fp8_kv |= (a == 0 ? lint.correction.kv : lint.alternative_levers[a - 1].kv) == RL_PREC_FP8;
    CHECK(st == RL_OK && fp8_kv, "trtllm-serve on H100s: an fp8 KV cache among the corrections");
    /* --kv_cache_dtype: its three words; fp8 and nvfp4 set the KV cache's precision. */
    static const struct {
        const char *word, *kv;
    } kvs[] = {{"auto", "bf16"}, {"fp8", "fp8"}, {"FP8", "fp8"}, {"nvfp4", "nvfp4"}};
    for (size_t i = 0; i < sizeof kvs / sizeof kvs[0]; i++) {
        char cmd[160];
        snprintf(cmd, sizeof cmd, "trtllm-serve Qwen/Qwen3-8B --max_seq_len 4096 --max_batch_size 1 --kv_cache_dtype %s", kvs[i].word);
        st = run(cmd, "{\"gpu\":\"b200\"}", NULL);
        CHECK(st == RL_OK && streq(rl_precision_name(lint.run.deploy.kv_precision), kvs[i].kv), "%s: the KV cache in %s (got %s)", cmd,
              kvs[i].kv, rl_precision_name(lint.run.deploy.kv_precision));
    }
    /* vLLM reads underscores as dashes in --long names, up to the first '.': not in short flags, not past the '.'. */
    static const struct {
        const char *flag;
        bool read;
    } names[] = {{"--max_num_seqs", true}, {"--max-num_seqs", true}, {"--max_num-seqs", true}, {"-max_num_seqs", false},
                 {"--max_num_seqs.x", false}, {"--max_num_seqsx", false}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char cmd[160];
        snprintf(cmd, sizeof cmd, "vllm serve Qwen/Qwen3-8B --max-model-len 4096 %s=3", names[i].flag);
        st = run(cmd, "{\"gpu\":\"h100-sxm\"}", NULL);
        CHECK(st == RL_OK && (lint.max_seqs == 3) == names[i].read, "%s: %s", cmd, names[i].read ? "read as --max-num-seqs" : "ignored");
    }
    /* A YAML or --set without its value is no file to report; with --config=FILE (joined) it is. */
    st = run("trtllm-serve Qwen/Qwen3-8B --max_seq_len 4096 --config", "{\"gpu\":\"h100-sxm\"}", NULL);
    CHECK(st == RL_OK && finding("trtllm_config_not_read") == NULL, "trtllm-serve --config with no value: no finding");
    st = run("trtllm-serve Qwen/Qwen3-8B --config --max_seq_len 4096", "{\"gpu\":\"h100-sxm\"}", NULL);
    CHECK(st == RL_OK && finding("trtllm_config_not_read") == NULL, "trtllm-serve --config before a flag: no finding");
    st = run("trtllm-serve Qwen/Qwen3-8B --max_seq_len 4096 --config=-x.yml", "{\"gpu\":\"h100-sxm\"}", NULL);
    CHECK(st == RL_OK && streq(value_of(finding("trtllm_config_not_read"), "file"), "-x.yml"), "trtllm-serve --config=-x.yml: its file");
    st = run("vllm serve Qwen/Qwen3-8B --max-model-len 4096 --config x.yml", "{\"gpu\":\"h100-sxm\"}", NULL);
    CHECK(st == RL_OK && finding("trtllm_config_not_read") == NULL, "vllm serve --config: not trtllm-serve's finding");
    /* trtllm-serve takes no hyphenated spelling: --max-batch-size is ignored, with its value. */
    st = run("trtllm-serve Qwen/Qwen3-8B --max-batch-size 3 --max_seq_len 4096", "{\"gpu\":\"h100-sxm\"}", NULL);
    CHECK(st == RL_OK && lint.max_seqs == 2048 && lint.ignored_count == 1, "trtllm-serve --max-batch-size: ignored (max_seqs %lld)",
          (long long)lint.max_seqs);
}

/* no_correction's sentences: the one for vLLM and SGLang names what was tried,
 * with or without the host described (they do not offload). */
static void test_no_correction_sentences(void) {
    const char *generic = "No corrected command: no tensor- and pipeline-parallel layout of these GPUs up to 64, fp8 weights or KV cache the engine can run, context length, concurrency or memory fraction makes it start.";
    static const char *const reqs[] = {"{\"gpu\":\"rtx-3060m-6g\"}", "{\"gpu\":\"rtx-3060m-6g\",\"ram_gib\":64,\"host_memory\":\"ddr5-5600-2ch\"}"};
    for (int i = 0; i < 2; i++) {
        rl_status st = run("vllm serve meta-llama/Llama-3.1-405B --max-model-len 4096", reqs[i], NULL);
        const rl_lint_finding *f = finding("no_correction");
        CHECK(st == RL_OK && f != NULL && streq(f->message, generic), "vLLM on 6 GiB GPUs, %s: %s", reqs[i], f ? f->message : "no finding");
    }
    /* Llama-3-70B's 131.4 GiB of bf16 weights are 16.43 GiB a GPU at tp 8; on 20.5 GiB GPUs with no fp8 vLLM's 0.9
     * (18.45 GiB) leaves no KV room on any layout of 8 GPUs, the fewest that load them, and 0.95 does: the search
     * raises the fraction there rather than take 16 GPUs (fewest GPUs first). */
    rl_status st = run("vllm serve meta-llama/Meta-Llama-3-70B --max-model-len 4096 --max-num-seqs 1",
                       "{\"gpu\":{\"tflops\":100,\"bandwidth_gbs\":1000,\"vram_gib\":20.5}}", NULL);
    CHECK(st == RL_OK && lint.has_corrected && lint.correction.gpus == 8 && lint.correction.pool_fraction == 0.95 &&
              lint.correction.seq == 4096,
          "70B on 20.5 GiB GPUs: 8 GPUs at 0.95 (got %s)", lint.corrected);
    st = run("vllm serve meta-llama/Meta-Llama-3-70B --max-model-len 4096 --max-num-seqs 1 -tp 8 --gpu-memory-utilization 0.9",
             "{\"gpu\":{\"tflops\":100,\"bandwidth_gbs\":1000,\"vram_gib\":20.5}}", NULL);
    CHECK(st == RL_OK && finding("no_kv_memory") != NULL, "70B at tp 8 on 20.5 GiB GPUs: no KV room at 0.9");
    st = run("llama-server -m Qwen3-32B-Q8_0.gguf -c 8192", "{\"gpu\":\"rtx-3060m-6g\"}", NULL);
    const rl_lint_finding *f = finding("no_correction");
    CHECK(st == RL_OK && f != NULL && strstr(f->message, "give the host's RAM and bandwidth") != NULL, "llama-server, no host: %s",
          f ? f->message : "no finding");
    st = run("llama-server -m Qwen3-32B-Q8_0.gguf -c 8192", "{\"gpu\":\"rtx-3060m-6g\",\"ram_gib\":8,\"host_memory\":\"ddr5-5600-2ch\"}", NULL);
    f = finding("no_correction");
    CHECK(st == RL_OK && f != NULL && strstr(f->message, "no -ngl, context or slot count") != NULL, "llama-server, host: %s",
          f ? f->message : "no finding");
}

/* ---- (f2026) the JSON's defaults, the -ngl of engines that have none ------------ */

/* The JSON's "defaults" object has one member per default the lint filled in,
 * each with the value and source of that default (lint.defaults), and no other;
 * an engine without -ngl reports gpu_layers -1 ("-1 when absent", roofline.h). */
static void test_json_defaults_and_ngl(void) {
    const char *req = "{\"gpu\":\"h100-sxm\"}";
    static const char *const cmds[] = {
        "vllm serve Qwen/Qwen3-8B",
        "python -m sglang.launch_server --model-path Qwen/Qwen3-8B",
        "llama-server -m Qwen3-8B-Q4_K_M.gguf -c 0 -np 2",
        ("vllm serve Qwen/Qwen3-8B --max-model-len 4096 --gpu-memory-utilization 0.8 --block-size 32 --max-num-batched-tokens 1024 "
         "--max-num-seqs 2"),
    };
    static char buf[1 << 16];
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        rl_status st = run(cmds[i], req, NULL);
        size_t n = st == RL_OK ? rl_lint_write_json(&lint, buf, sizeof buf) : 0;
        cJSON *doc = n > 0 && n < sizeof buf ? cJSON_Parse(buf) : NULL;
        const cJSON *d = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(doc, "lint"), "defaults");
        CHECK(cJSON_IsObject(d) && cJSON_GetArraySize(d) == lint.default_count, "%s: the JSON has the %d defaults (got %d)", cmds[i],
              lint.default_count, d ? cJSON_GetArraySize(d) : -1);
        for (int k = 0; k < lint.default_count && d; k++) {
            const cJSON *m = cJSON_GetObjectItemCaseSensitive(d, lint.defaults[k][0]);
            const cJSON *v = cJSON_GetObjectItemCaseSensitive(m, "value"), *s = cJSON_GetObjectItemCaseSensitive(m, "source");
            CHECK(cJSON_IsString(v) && streq(v->valuestring, lint.defaults[k][1]) && cJSON_IsString(s) &&
                      streq(s->valuestring, lint.defaults[k][2]),
                  "%s: default %s in the JSON", cmds[i], lint.defaults[k][0]);
        }
        cJSON_Delete(doc);
        if (strncmp(cmds[i], "llama-server", 12) != 0)
            CHECK(st == RL_OK && lint.gpu_layers == -1, "%s: no -ngl, gpu_layers -1 (got %lld)", cmds[i], (long long)lint.gpu_layers);
    }
}

/* (f2026) SGLang capped at --context-length 1: the pool holds less than one
 * token, and the finding's "tokens" is the pool over one token's KV. Qwen3-8B
 * (presets/models/qwen3-8b.json): 36 layers x 2 (K, V) x 8 KV heads x 128 x 2
 * bytes (bf16) = 147456 B = 147456 / 2^30 GiB per token. --mem-fraction-static
 * is stepped by 5e-7 (of the 79.4 GiB the 0.6 GiB context leaves: 4e-5 GiB,
 * under a third of a token's KV) across the point where the pool first has
 * room (a fraction of about 0.19599: (weights + 2% overhead) / 79.4), so some
 * step leaves between half a token and one, printed "1". */
static void test_sglang_one_token(void) {
    const char *req = "{\"gpu\":\"h100-sxm\"}";
    const double per_token = 147456.0 / 1073741824.0;
    int capped = 0, ones = 0;
    for (int k = 0; k <= 400; k++) {
        char cmd[160], want[32];
        snprintf(cmd, sizeof cmd, "python -m sglang.launch_server --model-path Qwen/Qwen3-8B --context-length 1 --mem-fraction-static %.7f",
                 0.1959 + k * 5e-7);
        if (run(cmd, req, NULL) != RL_OK) continue;
        const rl_lint_finding *f = finding("sglang_context_capped");
        if (f == NULL) continue;
        capped++;
        double room = lint.run.result.kv_room_gib;
        snprintf(want, sizeof want, "%.0f", room / per_token);
        CHECK(room > 0 && room < per_token && streq(value_of(f, "tokens"), want), "%s: about %s tokens (got %s, room %.9f GiB)", cmd, want,
              value_of(f, "tokens"), room);
        if (streq(want, "1")) ones++;
    }
    CHECK(capped > 0 && ones > 0, "--context-length 1: %d capped pools, %d of them printed as 1 token", capped, ones);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: rl_lint_mutants_test tests/vectors/lint.json\n");
        return 2;
    }
    test_values_over_the_vectors(argv[1]);
    test_cache_type_pairs();
    test_gpu_defaults();
    test_words();
    test_no_max_positions();
    test_gpu_layers_variant();
    test_no_correction_variants();
    test_ranges();
    test_token_counts();
    test_switches();
    test_vllm_expert_parallel();
    test_sglang_pool();
    test_engines();
    test_vllm_model_ids();
    test_gguf_names();
    test_defaults();
    test_request_members();
    test_json_lengths();
    test_grid();
    test_tokeniser();
    test_pool_raise();
    test_dtype_words();
    test_flag_reading();
    test_sglang_derived_batch();
    test_corrected_words();
    test_ngl_zero();
    test_weights_variant();
    test_llama_offload();
    test_llama_ngl_sweep();
    test_cut_after_backslash();
    test_no_correction_sentences();
    test_trtllm();
    test_corrections_agree_with_ways_out();
    test_llama_levers();
    test_json_defaults_and_ngl();
    test_sglang_one_token();
    printf("lint mutants: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
