/* A checkpoint's model.safetensors.index.json (core/src/checkpoint.c): what the
 * streaming reader counts in its tensor names, its errors, an index far past
 * the token limit of a config, and the count set beside it (rl_checkpoint_compare).
 * Expected figures are worked by hand in the comments: vocab x hidden for an LM
 * head, bytes / 2 for a bf16 checkpoint. */
#include "internal.h"
#include "roofline.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed = 0, failed = 0;
#include "check.h"

static rl_status scan(const char *text, rl_checkpoint *ck, rl_error *err) {
    return rl_checkpoint_from_index(text, strlen(text), ck, err);
}

static void test_counts(void) {
    rl_checkpoint ck;
    rl_error err;
    /* 11 names: an LM head, two text layers (0 and 35), a vision tower's layer 40 (not a text layer),
     * a projector, fp8 scales of two kinds, DeepSeek's MTP layer 61 with its own embed_tokens and
     * shared_head.head, and Qwen3-Next's mtp. block. */
    const char *text =
        "{\"metadata\": {\"total_size\": 1000, \"format\": \"pt\"},\n"
        " \"weight_map\": {\n"
        "  \"lm_head.weight\": \"a.safetensors\",\n"
        "  \"model.layers.0.self_attn.q_proj.weight\": \"a\",\n"
        "  \"model.layers.35.mlp.down_proj.weight_scale_inv\": \"a\",\n"
        "  \"model.visual.blocks.40.attn.qkv.weight\": \"b\",\n"
        "  \"vision_model.encoder.layers.40.mlp.fc1.weight\": \"b\",\n"
        "  \"multi_modal_projector.linear_1.weight\": \"b\",\n"
        "  \"model.layers.3.mlp.experts.0.up_proj.input_scale\": \"c\",\n"
        "  \"model.layers.61.embed_tokens.weight\": \"d\",\n"
        "  \"model.layers.61.shared_head.head.weight\": \"d\",\n"
        "  \"model.layers.61.eh_proj.weight\": \"d\",\n"
        "  \"mtp.layers.0.mlp.gate.weight\": \"e\"\n"
        " }}";
    CHECK(scan(text, &ck, &err) == RL_OK, "the index reads: %s", err.message);
    CHECK(ck.present == 1 && ck.total_size == 1000.0, "total_size 1000 (got %g)", ck.total_size);
    CHECK(ck.tensors == 11, "11 tensors (got %lld)", (long long)ck.tensors);
    CHECK(ck.lm_head == 1, "1 LM head (got %lld)", (long long)ck.lm_head);
    CHECK(ck.vision == 3, "3 vision tensors: visual., vision_model, multi_modal_projector (got %lld)", (long long)ck.vision);
    CHECK(ck.layers == 62, "text layers up to 61, so 62; the vision tower's 40 is not one; mtp.layers.0 is 'mtp' (got %lld)",
          (long long)ck.layers);
    CHECK(ck.layer_embeddings == 2, "layer 61's embed_tokens and shared_head.head (got %lld)", (long long)ck.layer_embeddings);
    CHECK(ck.scales == 2, "weight_scale_inv and input_scale (got %lld)", (long long)ck.scales);
    CHECK(ck.mtp == 1, "one mtp. tensor (got %lld)", (long long)ck.mtp);

    /* The summary a request carries, read back through the request path. */
    char summary[512];
    size_t n = rl_checkpoint_json(&ck, summary, sizeof summary);
    CHECK(n < sizeof summary && strcmp(summary, "{\"total_size\":1000,\"tensors\":11,\"lm_head\":1,\"layers\":62,"
                                               "\"layer_embeddings\":2,\"vision\":3,\"scales\":2,\"mtp\":1}") == 0,
          "the summary: %s", summary);
    CHECK(rl_checkpoint_json(&ck, NULL, 0) == n, "NULL measures");

    /* Keys elsewhere are not tensors: a "weight_map" inside metadata, a top-level "layers.9." key. */
    CHECK(scan("{\"metadata\": {\"total_size\": 4, \"weight_map\": {\"lm_head.weight\": 1}}, \"model.layers.9.x\": 1}", &ck, &err) ==
                  RL_OK && ck.tensors == 0 && ck.lm_head == 0 && ck.layers == 0,
          "only weight_map's own keys count (%lld tensors, %lld layers)", (long long)ck.tensors, (long long)ck.layers);
    /* "layers." must start a dotted part: "xlayers.3." is no layer; a number without its dot is none. */
    CHECK(scan("{\"metadata\": {\"total_size\": 4}, \"weight_map\": {\"m.xlayers.3.w\": 1, \"m.layers.7\": 1, \"layers.2.w\": 1}}",
               &ck, &err) == RL_OK && ck.layers == 3,
          "only a whole \"layers.N.\" part is a layer (got %lld)", (long long)ck.layers);
}

/* An index of 100,000 tensors (DeepSeek-V3's names 91,991): far past the 4,096 tokens a config may hold. */
static void test_large(void) {
    size_t cap = 100000 * 64 + 256, n = 0;
    char *text = malloc(cap);
    n += (size_t)snprintf(text + n, cap - n, "{\"metadata\": {\"total_size\": 123456789012}, \"weight_map\": {");
    for (int i = 0; i < 100000; i++)
        n += (size_t)snprintf(text + n, cap - n, "%s\"model.layers.%d.mlp.w%d\": \"f.safetensors\"", i ? ", " : "", i % 80, i);
    n += (size_t)snprintf(text + n, cap - n, "}}");
    rl_checkpoint ck;
    rl_error err;
    CHECK(rl_checkpoint_from_index(text, n, &ck, &err) == RL_OK && ck.tensors == 100000 && ck.layers == 80 &&
              ck.total_size == 123456789012.0,
          "100,000 tensors over 80 layers: %s (%lld tensors)", err.message, (long long)ck.tensors);
    /* The same text as a config is refused for its tokens: the index reader is what reads it. */
    rl_jdoc *doc = malloc(sizeof *doc);
    CHECK(rl_jparse(doc, text, n, RL_INDEX_MAX_BYTES, "index", &err) == RL_E_TOO_LARGE, "a config reader would refuse it");
    free(doc);
    free(text);
}

static void expect_error(const char *text, rl_status want, const char *field, const char *words) {
    rl_checkpoint ck;
    rl_error err;
    rl_status st = scan(text, &ck, &err);
    CHECK(st == want && strcmp(err.field, field) == 0 && strstr(err.message, words) != NULL && ck.present == 0,
          "%.50s: want %s %s \"%s\", got %s %s \"%s\"", text, rl_status_name(want), field, words, rl_status_name(st), err.field,
          err.message);
}

static void test_errors(void) {
    expect_error("", RL_E_JSON_SYNTAX, "index", "empty");
    expect_error("{\"metadata\": {\"total_size\": 10}, \"weight_map\": {\"a\": ", RL_E_JSON_SYNTAX, "index", "truncated");
    expect_error("{\"metadata\": {\"total_size\": 10},}", RL_E_JSON_SYNTAX, "index", "at byte 32");
    expect_error("[1]", RL_E_JSON_TYPE, "index", "must be a JSON object");
    expect_error("{\"weight_map\": {}}", RL_E_JSON_MISSING, "index.metadata.total_size", "is missing");
    expect_error("{\"metadata\": [10]}", RL_E_JSON_TYPE, "index.metadata", "must be an object");
    expect_error("{\"metadata\": {}, \"weight_map\": [\"a\"]}", RL_E_JSON_TYPE, "index.weight_map", "must be an object");
    expect_error("{\"metadata\": {\"total_size\": \"10\"}}", RL_E_JSON_TYPE, "index.metadata.total_size", "must be a number");
    expect_error("{\"metadata\": {\"total_size\": null}}", RL_E_JSON_TYPE, "index.metadata.total_size", "must be a number");
    expect_error("{\"metadata\": {\"total_size\": 0}}", RL_E_RANGE, "index.metadata.total_size", "(got 0)");
    expect_error("{\"metadata\": {\"total_size\": -3}}", RL_E_RANGE, "index.metadata.total_size", "(got -3)");
    expect_error("{\"metadata\": {\"total_size\": 10.5}}", RL_E_RANGE, "index.metadata.total_size", "(got 10.5)");
    expect_error("{\"metadata\": {\"total_size\": 9007199254740994}}", RL_E_RANGE, "index.metadata.total_size", "2^53");
    expect_error("{\"metadata\": {\"total_size\": NaN}}", RL_E_RANGE, "index.metadata.total_size", "(got NaN)");
    expect_error("{\"metadata\": {\"total_size\": Infinity}}", RL_E_RANGE, "index.metadata.total_size", "(got Infinity)");
    rl_checkpoint ck;
    rl_error err;
    CHECK(rl_checkpoint_from_index(NULL, 0, &ck, &err) == RL_E_NULL, "no text");
    CHECK(rl_checkpoint_from_index("{}", 2, NULL, &err) == RL_E_NULL, "no output");
    /* 2^53 itself is a size. */
    CHECK(scan("{\"metadata\": {\"total_size\": 9007199254740992}}", &ck, &err) == RL_OK, "2^53 bytes: %s", err.message);
}

static rl_model with_index(const char *id, const char *text) {
    rl_model m;
    rl_error err;
    if (rl_model_preset(id, &m, &err) != RL_OK || rl_checkpoint_from_index(text, strlen(text), &m.checkpoint, &err) != RL_OK) {
        printf("FAIL setup %s: %s\n", id, err.message);
        exit(1);
    }
    return m;
}

static void test_compare(void) {
    rl_checkpoint_check k;
    rl_model m;
    CHECK(rl_model_preset("qwen3-8b", &m, NULL) == RL_OK && rl_checkpoint_compare(&m, &k) == 0, "no index, no check");

    /* Qwen3-8B, bf16, untied: 8,190,735,360 parameters x 2 B = 16,381,470,720 bytes, with its LM head. */
    m = with_index("qwen3-8b", "{\"metadata\": {\"total_size\": 16381470720}, \"weight_map\": {\"lm_head.weight\": \"a\"}}");
    CHECK(rl_checkpoint_compare(&m, &k) == 1 && k.bytes_per_param == 2.0 && k.published_params == 8190735360.0 &&
              k.difference == 0.0 && k.matches == 1 && k.parts == 0 && k.explained == 0,
          "Qwen3-8B matches: %.0f published, %d parts", k.published_params, k.parts);
    /* 0.1% off either way still matches; past it, not. 8,190,735,360 x 0.001 = 8,190,735.36. */
    m.checkpoint.total_size = 2.0 * (8190735360.0 + 8190735.0);
    CHECK(rl_checkpoint_compare(&m, &k) && k.matches == 1 && k.difference == 8190735.0, "8,190,735 more still matches");
    m.checkpoint.total_size = 2.0 * (8190735360.0 + 8199000.0);
    CHECK(rl_checkpoint_compare(&m, &k) && k.matches == 0 && fabs(k.relative - 8199000.0 / 8198934360.0) < 1e-15,
          "8,199,000 more does not (relative %.9g)", k.relative);
    /* No lm_head.weight though untied: the checkpoint ties it, 151,936 x 4,096 = 622,329,856 fewer. */
    m = with_index("qwen3-8b", "{\"metadata\": {\"total_size\": 15136811008}, \"weight_map\": {\"model.layers.35.x\": \"a\"}}");
    CHECK(rl_checkpoint_compare(&m, &k) && k.difference == -622329856.0 && k.parts == 1 && k.part[0] == RL_PART_NO_LM_HEAD &&
              k.part_params[0] == -622329856.0 && k.explained == 1,
          "no LM head: %.0f, part %s %.0f", k.difference, rl_checkpoint_part_name(k.part[0]), k.part_params[0]);
    /* Fewer layers than the config's 36, and a vision tower it does not describe: named, not sized. */
    m = with_index("qwen3-8b", "{\"metadata\": {\"total_size\": 16381470720}, \"weight_map\": {\"lm_head.weight\": 1, "
                               "\"model.layers.29.w\": 1, \"visual.blocks.0.w\": 1, \"visual.merger.w\": 1}}");
    CHECK(rl_checkpoint_compare(&m, &k) && k.parts == 2 && k.part[0] == RL_PART_FEWER_LAYERS && k.part_count[0] == 6.0 &&
              k.part_params[0] == 0.0 && k.part[1] == RL_PART_VISION && k.part_count[1] == 2.0,
          "6 layers missing and 2 vision tensors: %d parts", k.parts);
    /* DeepSeek-V3 (fp8 blocks): compared in bytes only; its layer 61 is the MTP module the config
     * counts (num_nextn_predict_layers 1), with its own embed_tokens and shared_head.head. */
    m = with_index("deepseek-v3", "{\"metadata\": {\"total_size\": 688586727753}, \"weight_map\": {\"lm_head.weight\": 1, "
                                  "\"model.layers.61.embed_tokens.weight\": 1, \"model.layers.61.shared_head.head.weight\": 1, "
                                  "\"model.layers.61.eh_proj.weight\": 1, \"model.layers.0.self_attn.kv_a_proj_with_mqa.weight_scale_inv\": 1}}");
    CHECK(rl_checkpoint_compare(&m, &k) && k.published_params == -1.0 && k.matches == -1 && k.explained == 0,
          "a quantized checkpoint has no parameter count in its bytes");
    double table = 129280.0 * 7168.0;
    CHECK(k.parts == 3 && k.part[0] == RL_PART_EXTRA_LAYERS && k.part_count[0] == 1.0 && k.part_params[0] == m.params_mtp_module &&
              m.params_mtp_module > 0 && k.part[1] == RL_PART_LAYER_EMBEDDINGS && k.part_params[1] == 2.0 * table &&
              k.part[2] == RL_PART_SCALES && k.part_count[2] == 1.0,
          "layer 61: one MTP module (%.0f) and two tables of 129,280 x 7,168; one scale tensor (%d parts)", k.part_params[0], k.parts);
    for (int p = 0; p <= RL_PART_COUNT_; p++)
        CHECK((p < RL_PART_COUNT_) == (rl_checkpoint_part_name((rl_checkpoint_part)p)[0] != '\0'), "part %d has a name iff in range", p);
}

/* A config the core does not model, with its index: sized from the index through the request path. */
static void test_sized_from_index(void) {
    static const char config[] =
        "{\"model_type\": \"nemotron_h\", \"hidden_size\": 4096, \"num_hidden_layers\": 4, \"num_attention_heads\": 32, "
        "\"vocab_size\": 131072, \"intermediate_size\": 21504, \"hybrid_override_pattern\": \"M-M*\"}";
    static rl_run run;
    const char *plain = "{\"gpu\": \"h100-sxm\"}";
    CHECK(rl_run_request(plain, strlen(plain), config, strlen(config), &run) == RL_E_UNSUPPORTED &&
              strcmp(run.error.field, "config.hybrid_override_pattern") == 0,
          "without an index: refused, naming the field (%s)", run.error.field);
    /* 16,218,071,040 bytes: 8,109,035,520 parameters at 2 B, 15.104 GiB. */
    const char *with = "{\"gpu\": \"h100-sxm\", \"checkpoint\": {\"total_size\": 16218071040, \"tensors\": 1}}";
    rl_status st = rl_run_request(with, strlen(with), config, strlen(config), &run);
    CHECK(st == RL_OK && run.is_estimate && run.estimate.from_index == 1 && run.estimate.params == 8109035520.0 &&
              run.estimate.index_bytes == 16218071040.0 && run.estimate.weights_gib * 1073741824.0 == 16218071040.0,
          "with it: sized from the index (%s: %.0f params)", rl_status_name(st), run.estimate.params);
    CHECK(run.estimate.unmodeled.status == RL_E_UNSUPPORTED && strcmp(run.estimate.unmodeled.field, "config.hybrid_override_pattern") == 0 &&
              strstr(run.estimate.unmodeled.message, "not modeled") != NULL,
          "the refusal is kept: %s", run.estimate.unmodeled.message);
    /* A plain size never carries one. */
    const char *size = "{\"gpu\": \"h100-sxm\", \"params\": \"8B\"}";
    CHECK(rl_run_request(size, strlen(size), NULL, 0, &run) == RL_OK && run.estimate.from_index == 0 &&
              run.estimate.unmodeled.status == RL_OK,
          "a size alone is not sized from an index");
    /* A modeled config with an index is analysed in full, the index set beside its count. */
    const char *modeled = "{\"model\": \"qwen3-8b\", \"gpu\": \"h100-sxm\", \"checkpoint\": {\"total_size\": 16381470720}}";
    CHECK(rl_run_request(modeled, strlen(modeled), NULL, 0, &run) == RL_OK && !run.is_estimate && run.model.checkpoint.present == 1,
          "a modeled one keeps its full analysis (%s)", run.error.message);
    /* A bad summary names its key. */
    const char *bad[][2] = {{"{\"model\": \"qwen3-8b\", \"gpu\": \"h100-sxm\", \"checkpoint\": {}}", "checkpoint.total_size"},
                            {"{\"model\": \"qwen3-8b\", \"gpu\": \"h100-sxm\", \"checkpoint\": {\"total_size\": 0}}", "checkpoint.total_size"},
                            {"{\"model\": \"qwen3-8b\", \"gpu\": \"h100-sxm\", \"checkpoint\": {\"total_size\": 8, \"layers\": -1}}", "checkpoint.layers"},
                            {"{\"model\": \"qwen3-8b\", \"gpu\": \"h100-sxm\", \"checkpoint\": {\"total_size\": 8, \"bogus\": 1}}", "checkpoint.bogus"},
                            {"{\"model\": \"qwen3-8b\", \"gpu\": \"h100-sxm\", \"checkpoint\": [8]}", "checkpoint"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(rl_run_request(bad[i][0], strlen(bad[i][0]), NULL, 0, &run) != RL_OK && strcmp(run.error.field, bad[i][1]) == 0,
              "%s: names %s (got %s)", bad[i][0], bad[i][1], run.error.field);
}

/* The Hub model API's count (the page's fetch): the published figure whatever the dtype, alone
 * (a checkpoint in one file has no index) or beside the index's bytes. */
static void test_hub_params(void) {
    static rl_run run;
    rl_checkpoint_check k;
    const char *alone = "{\"model\": \"qwen3-8b\", \"gpu\": \"h100-sxm\", \"checkpoint\": {\"hub_params\": 8190735360}}";
    CHECK(rl_run_request(alone, strlen(alone), NULL, 0, &run) == RL_OK && rl_checkpoint_compare(&run.model, &k) == 1 &&
              k.from_hub == 1 && k.published_params == 8190735360.0 && k.difference == 0.0 && k.matches == 1,
          "the Hub's count alone: published, matching Qwen3-8B's 8,190,735,360 (%s)", run.error.message);
    const char *both = "{\"model\": \"qwen3-8b\", \"gpu\": \"h100-sxm\", \"checkpoint\": {\"total_size\": 16381470720, "
                       "\"hub_params\": 8190735361}}";
    CHECK(rl_run_request(both, strlen(both), NULL, 0, &run) == RL_OK && rl_checkpoint_compare(&run.model, &k) == 1 &&
              k.from_hub == 1 && k.difference == 1.0 && run.model.checkpoint.total_size == 16381470720.0,
          "beside an index the Hub's count is the published one (difference %.0f)", k.difference);
    const char *index = "{\"model\": \"qwen3-8b\", \"gpu\": \"h100-sxm\", \"checkpoint\": {\"total_size\": 16381470722}}";
    CHECK(rl_run_request(index, strlen(index), NULL, 0, &run) == RL_OK && rl_checkpoint_compare(&run.model, &k) == 1 &&
              k.from_hub == 0 && k.difference == 1.0,
          "without it, the index's bytes over 2 (difference %.0f)", k.difference);
    static const char config[] =
        "{\"model_type\": \"nemotron_h\", \"hidden_size\": 4096, \"num_hidden_layers\": 4, \"num_attention_heads\": 32, "
        "\"vocab_size\": 131072, \"intermediate_size\": 21504, \"hybrid_override_pattern\": \"M-M*\"}";
    const char *hub_only = "{\"gpu\": \"h100-sxm\", \"checkpoint\": {\"hub_params\": 8109035520}}";
    CHECK(rl_run_request(hub_only, strlen(hub_only), config, strlen(config), &run) == RL_E_UNSUPPORTED &&
              strcmp(run.error.field, "config.hybrid_override_pattern") == 0,
          "an unmodeled config with the Hub's count alone stays refused: the index sizes it (%s)", run.error.field);
    const char *with = "{\"gpu\": \"h100-sxm\", \"checkpoint\": {\"total_size\": 16218071040, \"hub_params\": 8109035521}}";
    CHECK(rl_run_request(with, strlen(with), config, strlen(config), &run) == RL_OK && run.is_estimate &&
              run.estimate.params == 8109035521.0,
          "with both, sized by the Hub's exact count (%.0f)", run.estimate.params);
    const char *bad[] = {"{\"model\": \"qwen3-8b\", \"gpu\": \"h100-sxm\", \"checkpoint\": {\"hub_params\": 0}}",
                         "{\"model\": \"qwen3-8b\", \"gpu\": \"h100-sxm\", \"checkpoint\": {\"hub_params\": 1.5}}",
                         "{\"model\": \"qwen3-8b\", \"gpu\": \"h100-sxm\", \"checkpoint\": {\"hub_params\": \"8B\"}}"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(rl_run_request(bad[i], strlen(bad[i]), NULL, 0, &run) != RL_OK && strcmp(run.error.field, "checkpoint.hub_params") == 0,
              "%s: names checkpoint.hub_params (got %s)", bad[i], run.error.field);
}

int main(void) {
    test_counts();
    test_large();
    test_errors();
    test_compare();
    test_sized_from_index();
    test_hub_params();
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
