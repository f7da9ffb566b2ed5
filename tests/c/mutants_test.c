/* C API tests written to kill mutants that survived core/scripts/mutate.mjs
 * (the vectors cannot reach them: a vision tower's count, which the oracle does
 * not model, and the range ends of the vision_config reader; properties of
 * the serve-command lint that a vector cannot state).
 *
 * Every expected figure is derived by hand in the comment beside it, from the
 * tensor list in the comment above each tower in core/src/vision.c (the
 * transformers modeling files), never copied from the core's output. The
 * range checks are properties: a bound is accepted, the value past it refused
 * naming its field. */
#include "roofline.h"
#include "mutants_test.h"

#include <cjson/cJSON.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int *passed_, *failed_;
#define CHECK_PASSED (*passed_)
#define CHECK_FAILED (*failed_)
#include "check.h"

/* ---- vision towers ------------------------------------------------------ */

/* A tiny text decoder (hidden 8: the projectors' T = 8) and one vision tower. */
#define TEXT_MEMBERS                                                                                                       \
    "\"hidden_size\":8,\"intermediate_size\":8,\"num_hidden_layers\":1,\"num_attention_heads\":1,\"num_key_value_heads\":1," \
    "\"head_dim\":8,\"vocab_size\":16,\"max_position_embeddings\":8192"

typedef struct kv {
    const char *key, *value;
} kv;

typedef struct tower {
    const char *outer;      /* the outer model_type */
    const char *text_type;  /* text_config.model_type */
    const char *text_extra; /* more text_config members, "" or ",..." */
    kv vision[12];          /* the base vision_config, {NULL} ended */
} tower;

static const tower SIGLIP = {"gemma3", "gemma3_text", "",
                             {{"hidden_size", "4"}, {"intermediate_size", "5"}, {"num_hidden_layers", "2"},
                              {"num_channels", "3"}, {"image_size", "6"}, {"patch_size", "3"}, {NULL, NULL}}};
static const tower QWEN25 = {"qwen2_5_vl", "qwen2_5_vl_text", "",
                             {{"depth", "2"}, {"hidden_size", "4"}, {"intermediate_size", "5"}, {"in_channels", "3"},
                              {"patch_size", "2"}, {"temporal_patch_size", "2"}, {"spatial_merge_size", "2"},
                              {"out_hidden_size", "7"}, {NULL, NULL}}};
static const tower QWEN3 = {"qwen3_vl", "qwen3_vl_text", "",
                            {{"depth", "2"}, {"hidden_size", "4"}, {"intermediate_size", "5"}, {"in_channels", "3"},
                             {"patch_size", "2"}, {"temporal_patch_size", "2"}, {"spatial_merge_size", "2"},
                             {"out_hidden_size", "7"}, {"num_position_embeddings", "9"}, {"deepstack_visual_indexes", "[0,1]"},
                             {NULL, NULL}}};
static const tower LLAMA4 = {"llama4", "llama4_text", ",\"num_local_experts\":1,\"num_experts_per_tok\":1,\"intermediate_size_mlp\":8",
                             {{"hidden_size", "4"}, {"intermediate_size", "5"}, {"num_hidden_layers", "2"}, {"num_channels", "3"},
                              {"image_size", "6"}, {"patch_size", "3"}, {"projector_input_dim", "7"},
                              {"projector_output_dim", "9"}, {"vision_output_dim", "11"}, {NULL, NULL}}};
static const tower PIXTRAL = {"mistral3", "mistral", "",
                              {{"hidden_size", "4"}, {"intermediate_size", "5"}, {"num_hidden_layers", "2"},
                               {"num_channels", "3"}, {"patch_size", "2"}, {NULL, NULL}}};

/* The config text: the tower's vision_config with `key` set to `value` (added
 * when the base has no such key; value NULL leaves the key out), and `root`
 * ("" or ",...") appended to the outer object. */
static void config_of(const tower *t, const char *key, const char *value, const char *root, char *buf, size_t cap) {
    size_t n = (size_t)snprintf(buf, cap, "{\"model_type\":\"%s\",\"text_config\":{\"model_type\":\"%s\"," TEXT_MEMBERS "%s},\"vision_config\":{",
                                t->outer, t->text_type, t->text_extra);
    bool first = true, seen = false;
    for (const kv *p = t->vision; p->key != NULL; p++) {
        const char *v = p->value;
        if (key != NULL && strcmp(p->key, key) == 0) {
            seen = true;
            if (value == NULL) continue;
            v = value;
        }
        n += (size_t)snprintf(buf + n, cap - n, "%s\"%s\":%s", first ? "" : ",", p->key, v);
        first = false;
    }
    if (key != NULL && !seen && value != NULL) n += (size_t)snprintf(buf + n, cap - n, "%s\"%s\":%s", first ? "" : ",", key, value);
    snprintf(buf + n, cap - n, "}%s}", root);
}

static rl_status read_tower(const tower *t, const char *key, const char *value, const char *root, rl_model *m, rl_error *err) {
    char buf[2048];
    config_of(t, key, value, root, buf, sizeof buf);
    return rl_model_from_config_json(buf, strlen(buf), m, err);
}

/* params_vision of the tower with one member changed. */
static void expect_vision(const tower *t, const char *key, const char *value, const char *root, double want, const char *what) {
    rl_model m;
    rl_error err;
    rl_status st = read_tower(t, key, value, root, &m, &err);
    CHECK(st == RL_OK && m.params_vision == want, "%s: params_vision %.0f, hand count %.0f (%s)", what,
          st == RL_OK ? m.params_vision : -1.0, want, st == RL_OK ? "read" : err.message);
}

static void expect_error(const tower *t, const char *key, const char *value, const char *root, rl_status code, const char *field,
                         const char *what) {
    rl_model m;
    rl_error err;
    rl_status st = read_tower(t, key, value, root, &m, &err);
    CHECK(st == code && strcmp(err.field, field) == 0, "%s: want %s naming %s, got %s naming %s (%s)", what, rl_status_name(code),
          field, rl_status_name(st), st ? err.field : "-", st ? err.message : "");
}

/* A range end of one vision_config integer: `ok` is not refused as out of range
 * for that field, `bad` is (RL_E_RANGE naming config.vision_config.<key>, or
 * the given root field). */
static void expect_bound(const tower *t, const char *key, const char *ok, const char *bad) {
    char field[96];
    snprintf(field, sizeof field, "config.vision_config.%s", key);
    rl_model m;
    rl_error err;
    rl_status st = read_tower(t, key, ok, "", &m, &err);
    CHECK(!(st == RL_E_RANGE && strcmp(err.field, field) == 0), "%s %s = %s is inside the range: %s", t->outer, key, ok, err.message);
    st = read_tower(t, key, bad, "", &m, &err);
    CHECK(st == RL_E_RANGE && strcmp(err.field, field) == 0, "%s %s = %s is outside the range: got %s naming %s", t->outer, key, bad,
          rl_status_name(st), st ? err.field : "-");
}

static void test_vision_counts(void) {
    /* SigLIP + Gemma 3 projector, H 4, I 5, L 2, C 3, image 6, patch 3 (n = 2 patches a side), T 8:
     *   embed = C·p²·h + h + n²·h            = 3·9·4 + 4 + 4·4            = 128
     *   layer = 4(h²+h) + 2·2h + (hi+i) + (ih+h) = 4·20 + 16 + 25 + 24   = 145
     *   tower = embed + L·layer + 2h (post LayerNorm) = 128 + 290 + 8    = 426
     *   head  = h + (3h²+3h) + (h²+h) + 2h + (hi+i) + (ih+h)
     *         = 4 + 60 + 20 + 8 + 25 + 24                                = 141
     *   projector = vh·T + vh                 = 4·8 + 4                  = 36
     * vision_use_head absent (SiglipVisionConfig keeps the head): 426 + 141 + 36 = 603; false: 462; null: 603. */
    expect_vision(&SIGLIP, NULL, NULL, "", 603, "siglip, head by default");
    expect_vision(&SIGLIP, "vision_use_head", "true", "", 603, "siglip, head");
    expect_vision(&SIGLIP, "vision_use_head", "null", "", 603, "siglip, head null");
    expect_vision(&SIGLIP, "vision_use_head", "false", "", 462, "siglip, no head");
    expect_error(&SIGLIP, "vision_use_head", "1", "", RL_E_JSON_TYPE, "config.vision_config.vision_use_head", "siglip head not a bool");
    /* H 2, I 3, L 1, C 1, image 4, patch 2 (n = 2), no head, T 8:
     *   embed = 1·4·2 + 2 + 4·2 = 18; layer = 4·6 + 8 + 9 + 8 = 49; tower = 18 + 49 + 4 = 71; projector = 2·8 + 2 = 18: 89. */
    {
        static const tower small = {"gemma3", "gemma3_text", "",
                                    {{"hidden_size", "2"}, {"intermediate_size", "3"}, {"num_hidden_layers", "1"},
                                     {"num_channels", "1"}, {"image_size", "4"}, {"patch_size", "2"}, {"vision_use_head", "false"},
                                     {NULL, NULL}}};
        expect_vision(&small, NULL, NULL, "", 89, "siglip, small");
    }

    /* Qwen2.5-VL, depth 2, H 4, I 5, C 3, patch 2, temporal 2, merge 2, out 7 (m = h·merge² = 16):
     *   patch  = C·tp·p²·h                    = 3·2·4·4                  = 96
     *   block  = 2h + (3h²+3h) + (h²+h) + 2(hi+i) + (ih+h) = 8 + 60 + 20 + 50 + 24 = 162
     *   merger = h + (m²+m) + (m·out + out)   = 4 + 272 + 119            = 395
     *   96 + 2·162 + 395 = 815. */
    expect_vision(&QWEN25, NULL, NULL, "", 815, "qwen2.5-vl");
    /* merge 3 (m = 36): merger = 4 + (1296+36) + (252+7) = 1595; 96 + 324 + 1595 = 2015. */
    expect_vision(&QWEN25, "spatial_merge_size", "3", "", 2015, "qwen2.5-vl merge 3");

    /* Qwen3-VL, depth 2, H 4, I 5, C 3, patch 2, temporal 2, merge 2 (hm = 16), out 7, 9 positions, deepstack [0,1]:
     *   patch = C·tp·p²·h + h                 = 96 + 4                   = 100
     *   positions = 9·h                                                  = 36
     *   block = 2(2h) + (3h²+3h) + (h²+h) + (hi+i) + (ih+h) = 16 + 60 + 20 + 25 + 24 = 145
     *   mlp   = (hm²+hm) + (hm·o+o)           = 272 + 119                = 391
     *   merger = 2h + mlp = 399; each deepstack merger 2hm + mlp = 32 + 391 = 423
     *   100 + 36 + 290 + 399 + 2·423 = 1671; deepstack absent or null: 825; [] : 825; [5]: 1248. */
    expect_vision(&QWEN3, NULL, NULL, "", 1671, "qwen3-vl");
    expect_vision(&QWEN3, "deepstack_visual_indexes", NULL, "", 825, "qwen3-vl no deepstack");
    expect_vision(&QWEN3, "deepstack_visual_indexes", "null", "", 825, "qwen3-vl deepstack null");
    expect_vision(&QWEN3, "deepstack_visual_indexes", "[]", "", 825, "qwen3-vl deepstack empty");
    expect_vision(&QWEN3, "deepstack_visual_indexes", "[5]", "", 1248, "qwen3-vl one deepstack merger");
    expect_error(&QWEN3, "deepstack_visual_indexes", "2", "", RL_E_JSON_TYPE, "config.vision_config.deepstack_visual_indexes",
                 "qwen3-vl deepstack not an array");
    /* 0 position embeddings: 1671 - 36 = 1635. The outer qwen3_vl_moe counts the same tower. */
    expect_vision(&QWEN3, "num_position_embeddings", "0", "", 1635, "qwen3-vl no position table");
    {
        tower moe = QWEN3;
        moe.outer = "qwen3_vl_moe";
        moe.text_type = "qwen3_vl_moe_text";
        moe.text_extra = ",\"num_experts\":2,\"num_experts_per_tok\":1,\"moe_intermediate_size\":8";
        expect_vision(&moe, NULL, NULL, "", 1671, "qwen3-vl-moe");
    }

    /* Llama 4, H 4, I 5, L 2, C 3, image 6, patch 3 (n = 2·2 = 4 patches), pin 7, pout 9, vout 11, T 8:
     *   tower = C·p²·h + h (class) + (n+1)·h + 2·(2h) + L·(4(h²+h) + (hi+i) + (ih+h) + 4h)
     *         = 108 + 4 + 20 + 16 + 2·(80 + 25 + 24 + 16)                 = 438
     *   adapter = i·pin + pout²               = 35 + 81                  = 116
     *   projector = vout·T (+ T when biased)  = 88 (96)
     *   bias absent (Llama4VisionConfig: false): 642; true: 650; false: 642. */
    expect_vision(&LLAMA4, NULL, NULL, "", 642, "llama4");
    expect_vision(&LLAMA4, "multi_modal_projector_bias", "true", "", 650, "llama4 biased projector");
    expect_vision(&LLAMA4, "multi_modal_projector_bias", "false", "", 642, "llama4 unbiased projector");
    expect_vision(&LLAMA4, "multi_modal_projector_bias", "null", "", 642, "llama4 projector bias null");
    expect_error(&LLAMA4, "multi_modal_projector_bias", "\"yes\"", "", RL_E_JSON_TYPE,
                 "config.vision_config.multi_modal_projector_bias", "llama4 bias not a bool");
    expect_error(&LLAMA4, "image_size", "7", "", RL_E_CONTRADICTION, "config.vision_config.image_size", "llama4 image not whole patches");

    /* Pixtral + Mistral 3 projector, H 4, I 5, L 2, C 3, patch 2, T 8:
     *   tower = C·p²·h + h + L·(2h + 4h² + 3hi) = 48 + 4 + 2·(8 + 64 + 60)  = 316
     *   projector = h + h·merge²·h + (hT + b·T) + (T² + b·T)
     *     merge 2 (Mistral3Config's default), no bias: 4 + 64 + 32 + 64   = 164: 480
     *     merge 3, no bias: 4 + 144 + 32 + 64 = 244: 560; merge 2, bias: 164 + 16 = 180: 496 */
    expect_vision(&PIXTRAL, NULL, NULL, "", 480, "pixtral defaults");
    expect_vision(&PIXTRAL, NULL, NULL, ",\"spatial_merge_size\":3", 560, "pixtral merge 3");
    expect_vision(&PIXTRAL, NULL, NULL, ",\"spatial_merge_size\":null", 480, "pixtral merge null");
    expect_vision(&PIXTRAL, NULL, NULL, ",\"multimodal_projector_bias\":true", 496, "pixtral biased projector");
    expect_vision(&PIXTRAL, NULL, NULL, ",\"multimodal_projector_bias\":false", 480, "pixtral unbiased projector");
    expect_vision(&PIXTRAL, NULL, NULL, ",\"multimodal_projector_bias\":null", 480, "pixtral projector bias null");
    expect_error(&PIXTRAL, NULL, NULL, ",\"multimodal_projector_bias\":1", RL_E_JSON_TYPE, "config.multimodal_projector_bias",
                 "pixtral bias not a bool");
    expect_error(&PIXTRAL, NULL, NULL, ",\"spatial_merge_size\":0", RL_E_RANGE, "config.spatial_merge_size", "pixtral merge 0");
    expect_error(&PIXTRAL, NULL, NULL, ",\"spatial_merge_size\":1025", RL_E_RANGE, "config.spatial_merge_size", "pixtral merge 1025");
    /* merge 1024 is in range: 4·1024²·4 = 16,777,216 in the merger, 4 + 16,777,216 + 96 + 316 = 16,777,632. */
    expect_vision(&PIXTRAL, NULL, NULL, ",\"spatial_merge_size\":1024", 16777632, "pixtral merge 1024");

    /* No tower, a null one, a wrong type, an unmodeled outer type. */
    {
        rl_model m;
        rl_error err;
        static const char *const texts[] = {
            "{\"model_type\":\"gemma3\",\"text_config\":{\"model_type\":\"gemma3_text\"," TEXT_MEMBERS "}}",
            "{\"model_type\":\"gemma3\",\"text_config\":{\"model_type\":\"gemma3_text\"," TEXT_MEMBERS "},\"vision_config\":null}",
        };
        for (int i = 0; i < 2; i++) {
            rl_status st = rl_model_from_config_json(texts[i], strlen(texts[i]), &m, &err);
            CHECK(st == RL_OK && m.params_vision == 0, "no vision tower (%d): %s", i, err.message);
        }
        const char *arr = "{\"model_type\":\"gemma3\",\"text_config\":{\"model_type\":\"gemma3_text\"," TEXT_MEMBERS "},\"vision_config\":[]}";
        rl_status st = rl_model_from_config_json(arr, strlen(arr), &m, &err);
        CHECK(st == RL_E_JSON_TYPE && strcmp(err.field, "config.vision_config") == 0, "vision_config not an object: %s", err.message);
    }
}

/* The literal range ends of the vision_config reader (vision.c): each lower
 * bound and each upper bound that is a literal, on both sides. */
static void test_vision_bounds(void) {
    static const char *const lows[] = {"hidden_size", "intermediate_size", "num_hidden_layers", "num_channels", "image_size",
                                        "patch_size"};
    for (size_t i = 0; i < sizeof lows / sizeof lows[0]; i++) {
        expect_bound(&SIGLIP, lows[i], "1", "0");
        expect_bound(&LLAMA4, lows[i], "1", "0");
    }
    static const char *const pix[] = {"hidden_size", "intermediate_size", "num_hidden_layers", "num_channels", "patch_size"};
    for (size_t i = 0; i < sizeof pix / sizeof pix[0]; i++) expect_bound(&PIXTRAL, pix[i], "1", "0");
    static const char *const l4[] = {"projector_input_dim", "projector_output_dim", "vision_output_dim"};
    for (size_t i = 0; i < sizeof l4 / sizeof l4[0]; i++) expect_bound(&LLAMA4, l4[i], "1", "0");
    static const char *const qw[] = {"depth", "hidden_size", "intermediate_size", "in_channels", "patch_size",
                                      "temporal_patch_size", "spatial_merge_size", "out_hidden_size"};
    for (size_t i = 0; i < sizeof qw / sizeof qw[0]; i++) {
        expect_bound(&QWEN25, qw[i], "1", "0");
        expect_bound(&QWEN3, qw[i], "1", "0");
    }
    expect_bound(&QWEN3, "num_position_embeddings", "0", "-1");
    /* Upper bounds: channels 64, image and patch 2^20, temporal patch and merge 2^10. */
    const tower *const with_channels[] = {&SIGLIP, &LLAMA4, &PIXTRAL};
    for (int i = 0; i < 3; i++) expect_bound(with_channels[i], "num_channels", "64", "65");
    expect_bound(&QWEN25, "in_channels", "64", "65");
    expect_bound(&QWEN3, "in_channels", "64", "65");
    const tower *const all[] = {&SIGLIP, &LLAMA4, &PIXTRAL, &QWEN25, &QWEN3};
    for (int i = 0; i < 5; i++) expect_bound(all[i], "patch_size", "1048576", "1048577");
    expect_bound(&SIGLIP, "image_size", "1048576", "1048577");
    expect_bound(&LLAMA4, "image_size", "1048576", "1048577");
    for (int i = 3; i < 5; i++) {
        expect_bound(all[i], "temporal_patch_size", "1024", "1025");
        expect_bound(all[i], "spatial_merge_size", "1024", "1025");
    }
}

/* ---- the serve-command lint --------------------------------------------- */

static rl_lint lint_a, lint_b;
static char json_a[1 << 17], json_b[1 << 17];

static const rl_lint_finding *finding(const rl_lint *l, const char *code) {
    for (int i = 0; i < l->finding_count; i++)
        if (strcmp(l->findings[i].code, code) == 0) return &l->findings[i];
    return NULL;
}

/* The lint reads `len` bytes and never the byte after them: a command cut
 * short inside a larger buffer answers exactly as the same bytes on their own.
 * The cut falls after a backslash-CR, with the LF that would make it a
 * continuation just past the end. */
static void test_lint_reads_len_bytes(void) {
    static const char text[] = "vllm serve Qwen/Qwen3-8B --max-num-seqs 4 --max-model-len \\\r\n4096";
    const char *req = "{\"gpu\":\"h100-sxm\"}";
    size_t len = (size_t)(strstr(text, "\r\n") - text) + 1; /* up to and with the \r */
    char alone[sizeof text];
    memcpy(alone, text, len);
    alone[len] = '\0';
    rl_status s1, s2;
    rl_lint_json(text, len, req, strlen(req), NULL, 0, &lint_a, json_a, sizeof json_a, &s1);
    rl_lint_json(alone, len, req, strlen(req), NULL, 0, &lint_b, json_b, sizeof json_b, &s2);
    CHECK(s1 == s2 && strcmp(json_a, json_b) == 0, "a cut command reads as its bytes alone:\n  %s\n  %s", json_a, json_b);
    /* And either way the word after --max-model-len is the lone \r, not a continuation: the flag has a value. */
    CHECK(!(s1 == RL_E_USAGE && strcmp(lint_a.error.field, "--max-model-len") == 0), "--max-model-len has its value: %s",
          lint_a.error.message);
}

/* vllm_max_model_len_too_long names "the largest max_model_len that fits is
 * about N": at --max-model-len N the engine starts (no such finding), at N + 1
 * it refuses. A custom GPU whose KV room holds about a hundred tokens of
 * Qwen3-8B (144 KiB a token), chunk 16 so that the activation reserve does not
 * follow the context, --block-size 1 so that N need not be a whole block:
 * N is then below 256, where the search steps by one token, with the context
 * the config's (above 256) and a given one below 256. */
static int64_t too_long_estimate(const char *cmd, const char *req) {
    rl_lint_run(cmd, strlen(cmd), req, strlen(req), NULL, 0, &lint_a);
    const rl_lint_finding *f = finding(&lint_a, "vllm_max_model_len_too_long");
    const char *at = f ? strstr(f->message, "is about ") : NULL;
    long long n = -1;
    if (at == NULL || sscanf(at, "is about %lld", &n) != 1) return -1;
    return (int64_t)n;
}

static void test_lint_estimate_is_largest(void) {
    const char *req = "{\"gpu\":{\"tflops\":100,\"bandwidth_gbs\":1000,\"vram_gib\":17.975}}";
    static const char *const base[] = {
        "vllm serve Qwen/Qwen3-8B --max-num-seqs 1 --max-num-batched-tokens 16 --block-size 1",
        "vllm serve Qwen/Qwen3-8B --max-num-seqs 1 --max-num-batched-tokens 16 --block-size 1 --max-model-len 255",
    };
    for (int k = 0; k < 2; k++) {
        int64_t n = too_long_estimate(base[k], req);
        CHECK(n >= 1 && n < 255, "%s: an estimate between 1 and 254 tokens (got %lld)", base[k], (long long)n);
        if (n < 1) continue;
        char cmd[512];
        snprintf(cmd, sizeof cmd, "%s --max-model-len %lld", base[k], (long long)n);
        rl_status st = rl_lint_run(cmd, strlen(cmd), req, strlen(req), NULL, 0, &lint_a);
        CHECK(st == RL_OK && lint_a.verdict != RL_LINT_REFUSED && finding(&lint_a, "vllm_max_model_len_too_long") == NULL,
              "%s: vLLM starts at the estimate", cmd);
        snprintf(cmd, sizeof cmd, "%s --max-model-len %lld", base[k], (long long)n + 1);
        st = rl_lint_run(cmd, strlen(cmd), req, strlen(req), NULL, 0, &lint_a);
        CHECK(st == RL_OK && finding(&lint_a, "vllm_max_model_len_too_long") != NULL, "%s: one token more is refused", cmd);
    }
    /* The room holds N tokens and not N + 1, so two requests of N (2N > N + 1 tokens) do not fit and one does:
     * with --max-num-seqs 2, vLLM starts and holds exactly one at once (tight, not refused). */
    int64_t n = too_long_estimate(base[0], req);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "vllm serve Qwen/Qwen3-8B --max-num-seqs 2 --max-num-batched-tokens 16 --block-size 1 --max-model-len %lld",
             (long long)n);
    rl_status st = rl_lint_run(cmd, strlen(cmd), req, strlen(req), NULL, 0, &lint_a);
    CHECK(st == RL_OK && lint_a.verdict == RL_LINT_TIGHT && lint_a.concurrency == 1 && finding(&lint_a, "vllm_concurrency_capped") != NULL,
          "%s: one request at once, tight (verdict %d, concurrency %lld)", cmd, lint_a.verdict, (long long)lint_a.concurrency);
}

/* ---- the batch sweep ------------------------------------------------------ */

static rl_model load_preset(const char *id) {
    rl_model m;
    rl_error err;
    if (rl_model_preset(id, &m, &err) != RL_OK) m = rl_model_default();
    return m;
}

static rl_gpu load_gpu(const char *id) {
    rl_gpu g = rl_gpu_default();
    rl_error err;
    rl_gpu_preset(id, 0, &g, &err);
    return g;
}

/* Each point's engine estimate is the analysis's at that batch (every point
 * fits, and a fitting analysis always has one). */
static void test_sweep_realistic(void) {
    rl_model m = load_preset("qwen3-4b");
    rl_deploy d = rl_deploy_default();
    rl_sweep_point pts[8];
    rl_gpu g = load_gpu("a100-40g");
    size_t n = rl_sweep(&m, &g, &d, pts, 8);
    CHECK(n >= 3, "a sweep of qwen3-4b on an A100-40G: %zu points", n);
    for (size_t i = 0; i < n; i++) {
        rl_deploy t = d;
        t.batch = pts[i].batch;
        rl_result r;
        rl_status st = rl_analyze(&m, &g, &t, &r, NULL);
        CHECK(st == RL_OK && r.has_realistic && pts[i].realistic_step_ms == r.realistic.step_ms &&
                  pts[i].realistic_tokens_per_s == r.realistic.tokens_per_s && pts[i].realistic_step_ms > 0,
              "batch %lld: the point's estimate %g ms, %g tok/s is the analysis's", (long long)t.batch, pts[i].realistic_step_ms,
              pts[i].realistic_tokens_per_s);
    }
}

/* rl_sweep_json: one object per point, in order, every member of the point,
 * and the realistic three exactly when realistic_step_ms > 0 (0.5 ms is > 0). */
static void test_sweep_json(void) {
    const rl_sweep_point pts[3] = {
        {1, 0.5, 2.0, 500.0, 2.0, 0, 0.5, 2000.0, 1},
        {2, 1.0, 1.0, 1000.0, 2.0, 1, 0.0, 0.0, 0},
        {4, 2.0, 0.75, 1333.0, 3.0, 1, 4.0, 750.0, 3},
    };
    static char buf[4096], small[16];
    size_t n = rl_sweep_json(pts, 3, buf, sizeof buf);
    CHECK(n == strlen(buf), "rl_sweep_json returns the length written (%zu, %zu)", n, strlen(buf));
    CHECK(rl_sweep_json(pts, 3, NULL, 0) == n && rl_sweep_json(pts, 3, small, sizeof small) == n && strlen(small) == sizeof small - 1,
          "rl_sweep_json: the full length from a NULL or short buffer, NUL-terminated");
    cJSON *doc = cJSON_Parse(buf);
    cJSON *list = cJSON_GetObjectItemCaseSensitive(doc, "points");
    CHECK(cJSON_IsArray(list) && cJSON_GetArraySize(list) == 3, "three points: %s", buf);
    for (int i = 0; i < 3 && cJSON_IsArray(list) && i < cJSON_GetArraySize(list); i++) {
        cJSON *p = cJSON_GetArrayItem(list, i);
        double batch = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(p, "batch"));
        double ai = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(p, "ai"));
        double mpt = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(p, "ms_per_token"));
        double tps = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(p, "tokens_per_s"));
        double step = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(p, "step_ms"));
        cJSON *tight = cJSON_GetObjectItemCaseSensitive(p, "tight");
        cJSON *rs = cJSON_GetObjectItemCaseSensitive(p, "realistic_step_ms");
        cJSON *rt = cJSON_GetObjectItemCaseSensitive(p, "realistic_tokens_per_s");
        cJSON *rb = cJSON_GetObjectItemCaseSensitive(p, "realistic_batch");
        CHECK(batch == (double)pts[i].batch && ai == pts[i].ai && mpt == pts[i].ms_per_token && tps == pts[i].tokens_per_s &&
                  step == pts[i].step_ms && cJSON_IsBool(tight) && cJSON_IsTrue(tight) == (pts[i].tight != 0),
              "point %d holds its members: %s", i, buf);
        if (pts[i].realistic_step_ms > 0)
            CHECK(cJSON_GetNumberValue(rs) == pts[i].realistic_step_ms && cJSON_GetNumberValue(rt) == pts[i].realistic_tokens_per_s &&
                      cJSON_GetNumberValue(rb) == (double)pts[i].realistic_batch,
                  "point %d has its realistic three", i);
        else
            CHECK(rs == NULL && rt == NULL && rb == NULL, "point %d has no realistic figures", i);
    }
    cJSON_Delete(doc);
    n = rl_sweep_json(NULL, 3, buf, sizeof buf);
    doc = cJSON_Parse(buf);
    list = cJSON_GetObjectItemCaseSensitive(doc, "points");
    CHECK(cJSON_IsArray(list) && cJSON_GetArraySize(list) == 0 && n == strlen(buf), "NULL points: an empty list (%s)", buf);
    cJSON_Delete(doc);
}

/* ---- the config reader's family fields: both ends of each range --------- */

/* Small configs of each family (the shapes of the vectors in architectures.json
 * and attention-kinds.json, made small). */
static const char *const DEEPSEEK =
    "{\"model_type\":\"deepseek_v3\",\"hidden_size\":256,\"intermediate_size\":512,\"num_hidden_layers\":4,\"num_attention_heads\":4,"
    "\"num_key_value_heads\":4,\"vocab_size\":1000,\"n_routed_experts\":8,\"num_experts_per_tok\":2,\"moe_intermediate_size\":64,"
    "\"n_shared_experts\":2,\"first_k_dense_replace\":1,\"moe_layer_freq\":1,\"q_lora_rank\":96,\"kv_lora_rank\":64,"
    "\"qk_nope_head_dim\":32,\"qk_rope_head_dim\":16,\"v_head_dim\":32,\"torch_dtype\":\"bfloat16\",\"max_position_embeddings\":16384}";
static const char *const QWEN3_MOE =
    "{\"model_type\":\"qwen3_moe\",\"hidden_size\":256,\"intermediate_size\":512,\"num_hidden_layers\":8,\"num_attention_heads\":4,"
    "\"num_key_value_heads\":2,\"head_dim\":64,\"vocab_size\":1000,\"num_experts\":8,\"num_experts_per_tok\":2,"
    "\"moe_intermediate_size\":64,\"decoder_sparse_step\":2,\"mlp_only_layers\":[3],\"torch_dtype\":\"bfloat16\","
    "\"max_position_embeddings\":40960}";
static const char *const QWEN3_NEXT =
    "{\"model_type\":\"qwen3_next\",\"decoder_sparse_step\":1,\"full_attention_interval\":4,\"head_dim\":64,\"hidden_size\":256,"
    "\"intermediate_size\":512,\"linear_conv_kernel_dim\":4,\"linear_key_head_dim\":32,\"linear_num_key_heads\":4,"
    "\"linear_num_value_heads\":8,\"linear_value_head_dim\":32,\"max_position_embeddings\":262144,\"mlp_only_layers\":[],"
    "\"moe_intermediate_size\":64,\"num_attention_heads\":4,\"num_experts\":8,\"num_experts_per_tok\":2,\"num_hidden_layers\":8,"
    "\"num_key_value_heads\":2,\"shared_expert_intermediate_size\":64,\"vocab_size\":1000,\"torch_dtype\":\"bfloat16\"}";
static const char *const FALCON_H1 =
    "{\"model_type\":\"falcon_h1\",\"hidden_size\":256,\"num_hidden_layers\":4,\"num_attention_heads\":4,\"num_key_value_heads\":2,"
    "\"head_dim\":64,\"intermediate_size\":512,\"vocab_size\":1000,\"mamba_n_heads\":8,\"mamba_d_head\":32,\"mamba_d_ssm\":256,"
    "\"mamba_d_state\":16,\"mamba_n_groups\":1,\"mamba_d_conv\":4,\"max_position_embeddings\":4096,\"torch_dtype\":\"bfloat16\"}";
static const char *const JAMBA =
    "{\"model_type\":\"jamba\",\"hidden_size\":256,\"intermediate_size\":512,\"num_hidden_layers\":8,\"num_attention_heads\":4,"
    "\"num_key_value_heads\":2,\"vocab_size\":1000,\"num_experts\":4,\"num_experts_per_tok\":2,\"expert_layer_period\":2,"
    "\"expert_layer_offset\":1,\"attn_layer_period\":8,\"attn_layer_offset\":4,\"mamba_d_state\":16,\"mamba_d_conv\":4,"
    "\"mamba_expand\":2,\"mamba_dt_rank\":16,\"max_position_embeddings\":4096,\"torch_dtype\":\"bfloat16\"}";
static const char *const LLAMA4_TEXT =
    "{\"model_type\":\"llama4_text\",\"hidden_size\":256,\"intermediate_size\":128,\"intermediate_size_mlp\":512,"
    "\"num_hidden_layers\":8,\"num_attention_heads\":4,\"num_key_value_heads\":2,\"head_dim\":64,\"vocab_size\":1000,"
    "\"num_local_experts\":4,\"num_experts_per_tok\":1,\"attention_chunk_size\":1024,\"max_position_embeddings\":8192,"
    "\"torch_dtype\":\"bfloat16\"}";

/* The base config with `key` set to the JSON `value` (added if absent), read. */
static rl_status read_with(const char *base, const char *key, const char *value, rl_model *m, rl_error *err) {
    cJSON *doc = cJSON_Parse(base);
    cJSON *v = cJSON_Parse(value);
    if (cJSON_GetObjectItemCaseSensitive(doc, key)) cJSON_ReplaceItemInObjectCaseSensitive(doc, key, v);
    else cJSON_AddItemToObject(doc, key, v);
    char *text = cJSON_PrintUnformatted(doc);
    rl_status st = text ? rl_model_from_config_json(text, strlen(text), m, err) : RL_E_NULL;
    cJSON_free(text);
    cJSON_Delete(doc);
    return st;
}

/* `ok` is not refused as out of range for config.<key>; `bad` is, naming it. */
static void config_bound(const char *family, const char *base, const char *key, const char *ok, const char *bad) {
    char field[96];
    snprintf(field, sizeof field, "config.%s", key);
    rl_model m;
    rl_error err;
    rl_status st = read_with(base, key, ok, &m, &err);
    CHECK(!(st == RL_E_RANGE && strcmp(err.field, field) == 0), "%s: %s = %s is inside its range (%s)", family, key, ok, err.message);
    if (bad == NULL) return;
    st = read_with(base, key, bad, &m, &err);
    CHECK(st == RL_E_RANGE && strcmp(err.field, field) == 0, "%s: %s = %s is outside its range (got %s naming %s)", family, key, bad,
          rl_status_name(st), st ? err.field : "-");
}

static void test_family_bounds(void) {
    rl_model m;
    rl_error err;
    static const char *const bases[] = {DEEPSEEK, QWEN3_MOE, QWEN3_NEXT, FALCON_H1, JAMBA, LLAMA4_TEXT};
    for (int i = 0; i < 6; i++) {
        rl_status st = rl_model_from_config_json(bases[i], strlen(bases[i]), &m, &err);
        CHECK(st == RL_OK, "family base %d reads: %s", i, err.message);
    }
    /* DeepSeek: 4 layers, first_k_dense_replace in [0, layers]; MLA ranks. */
    config_bound("deepseek", DEEPSEEK, "first_k_dense_replace", "0", "-1");
    config_bound("deepseek", DEEPSEEK, "first_k_dense_replace", "4", "5");
    config_bound("deepseek", DEEPSEEK, "moe_layer_freq", "1", "0");
    config_bound("deepseek", DEEPSEEK, "q_lora_rank", "0", "-1");
    config_bound("deepseek", DEEPSEEK, "kv_lora_rank", "1", "0");
    config_bound("deepseek", DEEPSEEK, "qk_nope_head_dim", "0", "-1");
    config_bound("deepseek", DEEPSEEK, "qk_rope_head_dim", "0", "-1");
    config_bound("deepseek", DEEPSEEK, "v_head_dim", "1", "0");
    config_bound("deepseek", DEEPSEEK, "moe_intermediate_size", "1", "0");
    config_bound("deepseek", DEEPSEEK, "n_shared_experts", "0", "-1");
    /* Qwen3-MoE: 8 layers; mlp_only_layers holds indices in [0, 7]. */
    config_bound("qwen3_moe", QWEN3_MOE, "decoder_sparse_step", "1", "0");
    config_bound("qwen3_moe", QWEN3_MOE, "mlp_only_layers", "[0]", "[-1]");
    config_bound("qwen3_moe", QWEN3_MOE, "mlp_only_layers", "[7]", "[8]");
    config_bound("qwen3_moe", QWEN3_MOE, "num_experts_per_tok", "1", "0");
    /* mlp_only_layers [3] keeps a dense layer, whose MLP needs intermediate_size >= 1. */
    config_bound("qwen3_moe", QWEN3_MOE, "intermediate_size", "1", "0");
    /* Qwen3-Next: the gated DeltaNet's shapes, each from 1; the conv kernel up to 1024. */
    static const char *const next_ones[] = {"full_attention_interval", "linear_num_key_heads", "linear_num_value_heads",
                                             "linear_key_head_dim", "linear_value_head_dim", "linear_conv_kernel_dim"};
    for (size_t i = 0; i < sizeof next_ones / sizeof next_ones[0]; i++) config_bound("qwen3_next", QWEN3_NEXT, next_ones[i], "1", "0");
    config_bound("qwen3_next", QWEN3_NEXT, "linear_conv_kernel_dim", "1024", "1025");
    /* Falcon-H1: the Mamba-2 mixer's shapes from 1; the conv up to 1024. */
    static const char *const falcon_ones[] = {"mamba_n_heads", "mamba_d_ssm", "mamba_d_state", "mamba_n_groups", "mamba_d_conv",
                                               "mamba_d_head"};
    for (size_t i = 0; i < sizeof falcon_ones / sizeof falcon_ones[0]; i++) config_bound("falcon_h1", FALCON_H1, falcon_ones[i], "1", "0");
    config_bound("falcon_h1", FALCON_H1, "mamba_d_conv", "1024", "1025");
    /* Jamba: period 8 takes an offset in [0, 7]; the expert period 2 an offset in [0, 1]. */
    config_bound("jamba", JAMBA, "attn_layer_offset", "0", "-1");
    config_bound("jamba", JAMBA, "attn_layer_offset", "7", "8");
    config_bound("jamba", JAMBA, "attn_layer_period", "8", "0");
    config_bound("jamba", JAMBA, "expert_layer_offset", "0", "-1");
    config_bound("jamba", JAMBA, "expert_layer_offset", "1", "2");
    config_bound("jamba", JAMBA, "expert_layer_period", "2", "0");
    static const char *const jamba_ones[] = {"mamba_d_state", "mamba_d_conv", "mamba_expand", "mamba_dt_rank"};
    for (size_t i = 0; i < sizeof jamba_ones / sizeof jamba_ones[0]; i++) config_bound("jamba", JAMBA, jamba_ones[i], "1", "0");
    config_bound("jamba", JAMBA, "mamba_d_conv", "1024", "1025");
    config_bound("jamba", JAMBA, "mamba_expand", "1024", "1025");
    /* Llama 4: 8 layers; the MoE step in [1, 8], moe_layers indices in [0, 7]. */
    config_bound("llama4", LLAMA4_TEXT, "interleave_moe_layer_step", "1", "0");
    config_bound("llama4", LLAMA4_TEXT, "interleave_moe_layer_step", "8", "9");
    config_bound("llama4", LLAMA4_TEXT, "moe_layers", "[0]", "[-1]");
    config_bound("llama4", LLAMA4_TEXT, "moe_layers", "[7]", "[8]");
    config_bound("llama4", LLAMA4_TEXT, "intermediate_size_mlp", "1", "0");
    config_bound("llama4", LLAMA4_TEXT, "attention_chunk_size", "0", "-1");
    config_bound("llama4", LLAMA4_TEXT, "no_rope_layer_interval", "1", "0");
}

/* ---- the cost ---------------------------------------------------------------- */

static const rl_cost_assumption *assumption(const rl_cost *c, const char *name) {
    for (int i = 0; i < c->assumption_count; i++)
        if (strcmp(c->assumptions[i].name, name) == 0) return &c->assumptions[i];
    return NULL;
}

static bool starts(const char *s, const char *prefix) { return s != NULL && strncmp(s, prefix, strlen(prefix)) == 0; }

static rl_workload small_workload(void) {
    rl_workload w = rl_workload_default();
    w.requests_per_day = 100;
    w.input_tokens = 10;
    w.output_tokens = 10;
    return w;
}

/* Where each price comes from: the preset's resale class (NVIDIA and Apple
 * 35 %, mini-PCs 25 %, no class: missing), board power standing in for wall
 * power and saying so, "given" for the request's own figures, and the
 * specification's months and boot factor; each with its origin code. */
static void test_cost_sources(void) {
    rl_workload w = small_workload();
    const rl_cost_basis b = {10.0, 5.0, 4, 1, 0};
    rl_cost c;
    rl_error err;
    static const struct {
        const char *gpu;
        double resale;
    } classes[] = {{"a100-80g", 0.35}, {"m2-ultra-192g", 0.35}, {"strix-halo-128g", 0.25}, {"rtx-3060m-6g", -1}};
    for (int i = 0; i < 4; i++) {
        rl_status st = rl_cost_compute(&w, &b, classes[i].gpu, NULL, &c, &err);
        const rl_cost_assumption *a = assumption(&c, "resale_fraction");
        if (classes[i].resale < 0)
            CHECK(st == RL_OK && a == NULL && (c.missing & RL_COST_MISSING_RESALE_FRACTION), "%s: no resale class, resale missing",
                  classes[i].gpu);
        else
            CHECK(st == RL_OK && a != NULL && a->value == classes[i].resale && c.resale_fraction == classes[i].resale &&
                      !(c.missing & RL_COST_MISSING_RESALE_FRACTION) && starts(a->source, "the specification: 35% for Apple and NVIDIA") &&
                      a->origin == RL_ORIGIN_SPEC,
                  "%s: resale %g from its class (%s)", classes[i].gpu, classes[i].resale, a ? a->source : "none");
    }
    /* a100-80g: board_watts_active 400 and board_watts_idle 62.13 (a published NVML
     * reading), no wall figure: both board figures stand in for wall power and say so,
     * by their origin (the source is the board figure's citation). */
    rl_status st = rl_cost_compute(&w, &b, "a100-80g", NULL, &c, &err);
    const rl_cost_assumption *a = assumption(&c, "active_watts");
    CHECK(st == RL_OK && a != NULL && a->value == 400 && a->origin == RL_ORIGIN_BOARD && strstr(a->source, "Hugging Face hardware page") != NULL &&
              strstr(a->source, "(as of 2026-12-01): ") == a->source && strcmp(a->as_of, "2026-12-01") == 0,
          "a100-80g: board power stands in for wall power and says so (%s)", a ? a->source : "none");
    a = assumption(&c, "idle_watts");
    CHECK(a != NULL && a->value == 62.13 && a->origin == RL_ORIGIN_BOARD && starts(a->source, "(as of 2025-12-10): chuyishang") &&
              !(c.missing & RL_COST_MISSING_IDLE_WATTS) && c.has_buy,
          "a100-80g: board idle power stands in for wall power, so buying shows (%s)", a ? a->source : "none");
    /* m2-ultra-192g: a wall figure is sourced, so it is the preset's own. */
    rl_cost_compute(&w, &b, "m2-ultra-192g", NULL, &c, &err);
    a = assumption(&c, "active_watts");
    CHECK(a != NULL && a->origin == RL_ORIGIN_PRESET, "m2-ultra-192g: the wall power is the preset's (%s)", a ? rl_origin_name(a->origin) : "none");
    /* h100-sxm: no idle figure, board or wall: RL_IDLE_FRACTION of its 700 W board power, an assumption that
     * says so (origin rule), and buying shows. */
    st = rl_cost_compute(&w, &b, "h100-sxm", NULL, &c, &err);
    a = assumption(&c, "idle_watts");
    CHECK(st == RL_OK && a != NULL && a->origin == RL_ORIGIN_RULE && a->value == 700 * RL_IDLE_FRACTION &&
              starts(a->source, "assumption: 15.5% of the 700 W board power") && c.has_buy,
          "h100-sxm: idle power by the rule, said so (%s)", a ? a->source : "none");
    /* m4-max-128g: a chip's power, but an Apple system, to which the rule does not apply: idle missing, no buy
     * even with a hardware price given. */
    w.hardware_usd = 4000;
    w.given |= (uint64_t)1 << (offsetof(rl_workload, hardware_usd) / 8); /* one bit per 8-byte member (rl_workload) */
    CHECK(rl_cost_compute(&w, &b, "m4-max-128g", NULL, &c, &err) == RL_OK && assumption(&c, "idle_watts") == NULL &&
              (c.missing & RL_COST_MISSING_IDLE_WATTS) && !c.has_buy,
          "m4-max-128g: idle power missing, no buy");
    w.given &= ~((uint64_t)1 << (offsetof(rl_workload, hardware_usd) / 8));
    st = rl_cost_compute(&w, &b, "a100-80g", NULL, &c, &err);
    a = assumption(&c, "usd_per_gpu_hour");
    CHECK(a != NULL && a->value == 1.79 && a->origin == RL_ORIGIN_PRESET &&
              starts(a->source, "RunPod (Secure Cloud, A100 SXM 80GB) (as of 2026-11-09): datareceipts") && strcmp(a->as_of, "2026-11-09") == 0,
          "a100-80g: the cloud offer cites provider (as of date): source (%s)", a ? a->source : "none");
    a = assumption(&c, "months");
    const rl_cost_assumption *boot = assumption(&c, "boot_factor");
    CHECK(a && a->value == 36 && strcmp(a->source, "the specification") == 0 && a->origin == RL_ORIGIN_SPEC && boot &&
              boot->value == 1.15 && starts(boot->source, "the specification") && boot->origin == RL_ORIGIN_SPEC,
          "defaults say the specification");
    a = assumption(&c, "prefill_ms");
    CHECK(a && a->value == 5.0 && starts(a->source, "prefill of the input tokens") && a->origin == RL_ORIGIN_ANALYSIS, "a timed prefill is counted");
    const rl_cost_basis untimed = {10.0, 0.0, 4, 1, 0};
    rl_cost_compute(&w, &untimed, "a100-80g", NULL, &c, &err);
    a = assumption(&c, "prefill_ms");
    CHECK(a && a->value == 0 && starts(a->source, "not counted"), "a prefill of 0 ms is said to be not counted");
    /* A prefill under a millisecond (a small prompt on a fast GPU) is counted all the same. */
    const rl_cost_basis quick = {10.0, 0.25, 4, 1, 0};
    rl_cost_compute(&w, &quick, "a100-80g", NULL, &c, &err);
    a = assumption(&c, "prefill_ms");
    CHECK(a && a->value == 0.25 && starts(a->source, "prefill of the input tokens"), "a 0.25 ms prefill is counted (%s)",
          a ? a->source : "none");
    /* Given figures say "given", and fill what the preset lacks. */
    w.idle_watts = 50;
    w.given |= (uint64_t)1 << (offsetof(rl_workload, idle_watts) / 8); /* as the request reader marks a member given */
    w.months = 24;
    w.given |= (uint64_t)1 << (offsetof(rl_workload, months) / 8);
    st = rl_cost_compute(&w, &b, "a100-80g", NULL, &c, &err);
    a = assumption(&c, "idle_watts");
    const rl_cost_assumption *mo = assumption(&c, "months");
    CHECK(st == RL_OK && a && a->value == 50 && strcmp(a->source, "given") == 0 && a->origin == RL_ORIGIN_GIVEN && mo && mo->value == 24 &&
              strcmp(mo->source, "given") == 0 && mo->origin == RL_ORIGIN_GIVEN,
          "given idle power and months say given");
    CHECK(c.has_buy && !(c.missing & RL_COST_MISSING_IDLE_WATTS), "with idle power given, a100-80g can be bought");
    CHECK(rl_workload_given(&w, offsetof(rl_workload, idle_watts)) && rl_workload_given(&w, offsetof(rl_workload, months)) &&
              !rl_workload_given(&w, offsetof(rl_workload, hardware_usd)) && !rl_workload_given(&w, offsetof(rl_workload, boot_factor)),
          "the given marks are per member");
}

/* The JSON's missing list names each missing price once, in bit order. */
static void test_cost_missing_json(void) {
    rl_workload w = small_workload();
    const rl_cost_basis b = {10.0, 5.0, 4, 1, 0};
    rl_cost c;
    rl_error err;
    rl_cost_compute(&w, &b, "no-such-gpu", "no-such-model", &c, &err);
    static char buf[16384];
    rl_cost_json(&c, buf, sizeof buf);
    cJSON *doc = cJSON_Parse(buf);
    cJSON *list = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(doc, "cost"), "missing");
    static const char *const want[] = {"buy.hardware_usd", "buy.resale_fraction", "buy.active_watts", "buy.idle_watts",
                                        "cloud.usd_per_gpu_hour", "api.usd_per_mtok"};
    bool same = cJSON_IsArray(list) && cJSON_GetArraySize(list) == 6;
    for (int i = 0; same && i < 6; i++) same = strcmp(cJSON_GetStringValue(cJSON_GetArrayItem(list, i)), want[i]) == 0;
    CHECK(same, "missing: every price but electricity, in bit order (%s)", buf);
    cJSON_Delete(doc);
    for (unsigned bit = 0; bit < RL_COST_MISSING_COUNT_; bit++)
        CHECK(rl_cost_missing_name(bit)[0] != '\0', "missing bit %u has a name", bit);
    CHECK(strcmp(rl_cost_missing_name(4), "buy.usd_per_kwh") == 0 && strcmp(rl_cost_missing_name(6), "api.usd_per_mtok") == 0 &&
              rl_cost_missing_name(RL_COST_MISSING_COUNT_)[0] == '\0',
          "missing names at both ends");
}

/* A recurrent state per request from one such layer on: the state of a single
 * Mamba or DeltaNet layer is counted as for many (hand counts of vLLM's state
 * shapes, as in model.c). */
static void test_one_state_layer(void) {
    rl_model m;
    rl_error err;
    /* Falcon-H1 (Mamba-2), 1 layer: conv = d_ssm + 2·groups·d_state = 256 + 2·1·16 = 288;
     * 288·(d_conv - 1) + heads·d_head·d_state = 288·3 + 8·32·16 = 864 + 4096 = 4960 elements. */
    rl_status st = read_with(FALCON_H1, "num_hidden_layers", "1", &m, &err);
    CHECK(st == RL_OK && m.mamba_layers == 1 && m.state_elems_per_layer == 4960, "falcon-h1, 1 layer: state %g (4960): %s",
          st == RL_OK ? m.state_elems_per_layer : -1.0, err.message);
    /* Jamba (Mamba v1), 2 layers, attention every 2nd from offset 1: layer 0 is the one Mamba layer.
     * d_inner = expand·hidden = 512: 512·(d_conv - 1) + 512·d_state = 1536 + 8192 = 9728. */
    static const char *const jamba2 =
        "{\"model_type\":\"jamba\",\"hidden_size\":256,\"intermediate_size\":512,\"num_hidden_layers\":2,\"num_attention_heads\":4,"
        "\"num_key_value_heads\":2,\"vocab_size\":1000,\"num_experts\":4,\"num_experts_per_tok\":2,\"expert_layer_period\":2,"
        "\"expert_layer_offset\":1,\"attn_layer_period\":2,\"attn_layer_offset\":1,\"mamba_d_state\":16,\"mamba_d_conv\":4,"
        "\"mamba_expand\":2,\"mamba_dt_rank\":16,\"max_position_embeddings\":4096,\"torch_dtype\":\"bfloat16\"}";
    st = rl_model_from_config_json(jamba2, strlen(jamba2), &m, &err);
    CHECK(st == RL_OK && m.mamba_layers == 1 && m.state_elems_per_layer == 9728, "jamba, 1 Mamba layer: state %g (9728): %s",
          st == RL_OK ? m.state_elems_per_layer : -1.0, err.message);
    /* Qwen3-Next, 2 layers, full attention every 2nd: layer 0 is the one DeltaNet layer.
     * key = 4·32 = 128, value = 8·32 = 256: (2·128 + 256)·(4 - 1) + 8·32·32 = 1536 + 8192 = 9728. */
    static const char *const next2 =
        "{\"model_type\":\"qwen3_next\",\"decoder_sparse_step\":1,\"full_attention_interval\":2,\"head_dim\":64,\"hidden_size\":256,"
        "\"intermediate_size\":512,\"linear_conv_kernel_dim\":4,\"linear_key_head_dim\":32,\"linear_num_key_heads\":4,"
        "\"linear_num_value_heads\":8,\"linear_value_head_dim\":32,\"max_position_embeddings\":262144,\"mlp_only_layers\":[],"
        "\"moe_intermediate_size\":64,\"num_attention_heads\":4,\"num_experts\":8,\"num_experts_per_tok\":2,\"num_hidden_layers\":2,"
        "\"num_key_value_heads\":2,\"shared_expert_intermediate_size\":64,\"vocab_size\":1000,\"torch_dtype\":\"bfloat16\"}";
    st = rl_model_from_config_json(next2, strlen(next2), &m, &err);
    CHECK(st == RL_OK && m.linear_layers == 1 && m.state_elems_per_layer == 9728, "qwen3-next, 1 DeltaNet layer: state %g (9728): %s",
          st == RL_OK ? m.state_elems_per_layer : -1.0, err.message);
}

/* A sliding window may be as long as the positions, not longer; with no
 * max_position_embeddings any window is accepted. */
static void test_window_vs_positions(void) {
    static const char *const mistral =
        "{\"model_type\":\"mistral\",\"hidden_size\":64,\"intermediate_size\":128,\"num_hidden_layers\":2,\"num_attention_heads\":4,"
        "\"num_key_value_heads\":2,\"vocab_size\":100,\"sliding_window\":4096,\"max_position_embeddings\":4096,\"torch_dtype\":\"bfloat16\"}";
    rl_model m;
    rl_error err;
    rl_status st = rl_model_from_config_json(mistral, strlen(mistral), &m, &err);
    CHECK(st == RL_OK, "a window equal to the positions is accepted: %s", err.message);
    st = read_with(mistral, "sliding_window", "4097", &m, &err);
    CHECK(st == RL_OK && m.sliding_window == 4097 && m.sliding_layers == 2,
          "a window past the positions is read as published (%s)", err.message);
    st = read_with(mistral, "max_position_embeddings", "0", &m, &err);
    CHECK(st == RL_OK, "no positions: any window (%s)", err.message);
    config_bound("qwen3_next", QWEN3_NEXT, "shared_expert_intermediate_size", "0", "-1");
}

void rl_test_mutants(int *passed, int *failed) {
    passed_ = passed;
    failed_ = failed;
    test_vision_counts();
    test_vision_bounds();
    test_lint_reads_len_bytes();
    test_lint_estimate_is_largest();
    test_sweep_realistic();
    test_sweep_json();
    test_family_bounds();
    test_cost_sources();
    test_cost_missing_json();
    test_one_state_layer();
    test_window_vs_positions();
}
