/* C API tests of the model reader and rl_model_finish, written to kill mutants of
 * core/src/model.c, attention_kinds.c and config_defaults.c that survived
 * core/scripts/mutate.mjs: the derived fields no vector prints (params_expert,
 * params_mtp_module, qkv_width, ...), the validation of a model built by hand
 * (which a config.json cannot reach: a field the reader never sets that way),
 * and the range ends of each check.
 *
 * Every expected count is derived by hand in the comment beside it from the
 * tensor list of core/src/model.c's comments (the transformers modeling files)
 * and the README's "What is computed"; the range checks are properties: a bound
 * is accepted, the value past it refused naming its field. */
#include "roofline.h"
#include "internal.h" /* the defaults table's own accessors (config_defaults.c) */

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int passed, failed;
#include "check.h"

/* ---- helpers ------------------------------------------------------------- */

/* The tiny dense model of every hand-built check: H = 8, L = 1, q = 2 heads of
 * d = 4, h_kv = 1, V = 16, I = 10, untied.
 *   embeddings 2*V*H = 2*16*8 = 256, final norm H = 8,
 *   attention q*d*H + 2*h_kv*d*H + q*d*H = 64 + 64 + 64 = 192,
 *   two norms 2*8 = 16, MLP 3*H*I = 3*8*10 = 240:  N = 712. */
#define TINY_TOTAL 712.0
static rl_model tiny(void) {
    rl_model m = rl_model_default();
    m.layers = 1;
    m.hidden = 8;
    m.heads = 2;
    m.kv_heads = 1;
    m.head_dim = 4;
    m.vocab = 16;
    m.intermediate = 10;
    return m;
}

static rl_status finish(rl_model *m, rl_error *e) {
    memset(e, 0, sizeof *e);
    return rl_model_finish(m, e);
}

static void expect_ok(rl_model m, double total, const char *what) {
    rl_error e;
    rl_status st = finish(&m, &e);
    CHECK(st == RL_OK, "%s: accepted (got %s, %s)", what, rl_status_name(st), e.message);
    if (st == RL_OK) CHECK(m.params_total == total, "%s: params_total %.0f, expected %.0f", what, m.params_total, total);
}

static void expect_refused(rl_model m, rl_status code, const char *field, const char *what) {
    rl_error e;
    rl_status st = finish(&m, &e);
    CHECK(st == code, "%s: refused as %s (got %s)", what, rl_status_name(code), rl_status_name(st));
    CHECK(strcmp(e.field, field) == 0, "%s: names %s (got \"%s\")", what, field, e.field);
    CHECK(m.finished != RL_MODEL_FINISHED, "%s: left unfinished", what);
}

static rl_status read_config(const char *json, rl_model *m, rl_error *e) {
    memset(e, 0, sizeof *e);
    return rl_model_from_config_json(json, strlen(json), m, e);
}

static void config_refused(const char *json, rl_status code, const char *field, const char *what) {
    rl_model m;
    rl_error e;
    rl_status st = read_config(json, &m, &e);
    CHECK(st == code, "%s: refused as %s (got %s: %s)", what, rl_status_name(code), rl_status_name(st), e.message);
    CHECK(strcmp(e.field, field) == 0, "%s: names %s (got \"%s\")", what, field, e.field);
}

static bool config_ok(const char *json, rl_model *m, const char *what) {
    rl_error e;
    rl_status st = read_config(json, m, &e);
    CHECK(st == RL_OK, "%s: accepted (got %s: %s)", what, rl_status_name(st), e.message);
    return st == RL_OK;
}

/* ---- rl_model_finish on a model built by hand ---------------------------- */

static void finish_dense(void) {
    rl_model m = tiny();
    rl_error e;
    CHECK(finish(&m, &e) == RL_OK, "tiny model accepted");
    CHECK(m.params_total == TINY_TOTAL && m.params_text == TINY_TOTAL, "tiny: N = 712 (%.0f)", m.params_total);
    CHECK(m.params_active == TINY_TOTAL && m.params_always_read == TINY_TOTAL, "tiny: all 712 active and read");
    CHECK(m.params_embed == 256.0, "tiny: embeddings 2*16*8 = 256 (%.0f)", m.params_embed);
    CHECK(m.params_expert == 0.0 && m.params_expert_matrix == 0.0, "tiny: no expert");
    CHECK(m.params_mtp_module == 0.0, "tiny: no MTP module");
    /* KV per token per layer 2*h_kv*d = 2*1*4 = 8; FLOPs per token pair 4*q*d = 32; q/k/v outputs (q + 2*h_kv)*d = 16. */
    CHECK(m.kv_elems_per_token_per_layer == 8.0, "tiny: KV elems 8 (%g)", m.kv_elems_per_token_per_layer);
    CHECK(m.attn_flops_per_token_pair == 32.0, "tiny: attention FLOPs 32 (%g)", m.attn_flops_per_token_pair);
    CHECK(m.qkv_width == 16.0, "tiny: qkv width 16 (%g)", m.qkv_width);
    CHECK(m.state_elems_per_layer == 0.0, "tiny: no recurrent state");
    CHECK(m.finished == RL_MODEL_FINISHED, "tiny: finished");

    /* Tied: one V*H matrix, 712 - 128 = 584. */
    m = tiny();
    m.tied_embeddings = 1;
    expect_ok(m, 584.0, "tied embeddings");

    /* Attention flags, one at a time, each adding its tensors to 712. */
    m = tiny();
    m.attn_bias_qkv = 1; /* q, k, v biases q*d + 2*h_kv*d = 8 + 8 = 16 */
    expect_ok(m, 728.0, "q/k/v biases");
    m = tiny();
    m.attn_bias_o = 1; /* o_proj bias H = 8 */
    expect_ok(m, 720.0, "o_proj bias");
    m = tiny();
    m.attn_sinks = 1; /* one sink per head: 2 */
    expect_ok(m, 714.0, "attention sinks");
    m = tiny();
    m.qk_norm = 1; /* q_norm and k_norm over d: 2*4 = 8 */
    expect_ok(m, 720.0, "per-head q/k norms");
    m = tiny();
    m.qk_norm_full = 1; /* q_norm over q*d = 8, k_norm over h_kv*d = 4 */
    expect_ok(m, 724.0, "whole-projection q/k norms");
    m = tiny();
    m.attn_output_gate = 1; /* q_proj twice as wide: + q*d*H = 64; qkv width 16 + q*d = 24 */
    expect_ok(m, 776.0, "output gate");
    (void)finish(&m, &e);
    CHECK(m.qkv_width == 24.0, "output gate: qkv width 16 + 8 = 24 (%g)", m.qkv_width);

    /* Norms per layer: 0 means the usual 2 (712); 1: 712 - 8 = 704; the bound 8: 712 + 6*8 = 760. */
    m = tiny();
    m.norms_per_layer = 0;
    expect_ok(m, 712.0, "norms_per_layer 0 = 2");
    m.norms_per_layer = 1;
    expect_ok(m, 704.0, "norms_per_layer 1");
    m.norms_per_layer = 8;
    expect_ok(m, 760.0, "norms_per_layer 8");
    m.norms_per_layer = 9;
    expect_refused(m, RL_E_RANGE, "model.norms_per_layer", "norms_per_layer 9");
    m.norms_per_layer = -1;
    expect_refused(m, RL_E_RANGE, "model.norms_per_layer", "norms_per_layer -1");

    /* Checkpoint format. */
    m = tiny();
    m.dtype = RL_PREC_FP32;
    expect_ok(m, TINY_TOTAL, "torch_dtype float32");
    m.dtype = RL_PREC_BF16;
    expect_ok(m, TINY_TOTAL, "torch_dtype bfloat16");
    m.dtype = RL_PREC_AUTO;
    expect_refused(m, RL_E_UNKNOWN_NAME, "config.torch_dtype", "torch_dtype auto");
    m.dtype = RL_PREC_BF16 + 1;
    expect_refused(m, RL_E_UNKNOWN_NAME, "config.torch_dtype", "torch_dtype past bf16");
    m = tiny();
    m.quant = RL_QUANT_MXFP4;
    expect_ok(m, TINY_TOTAL, "quant mxfp4");
    m.quant = (rl_quant)(RL_QUANT_MXFP4 + 1);
    expect_refused(m, RL_E_UNKNOWN_NAME, "config.quantization_config", "quant past mxfp4");

    /* Shape ranges. */
    m = tiny();
    m.layers = 0;
    expect_refused(m, RL_E_RANGE, "config.num_hidden_layers", "layers 0");
    m.layers = RL_MAX_LAYERS + 1;
    expect_refused(m, RL_E_RANGE, "config.num_hidden_layers", "layers past the maximum");
    /* RL_MAX_LAYERS layers: 256 + 8 + 100000*(192 + 16 + 240) = 44,800,264. */
    m.layers = RL_MAX_LAYERS;
    expect_ok(m, 264.0 + 100000.0 * 448.0, "layers at the maximum");
    m = tiny();
    m.kv_heads = 4; /* more KV heads than heads */
    expect_refused(m, RL_E_CONTRADICTION, "config.num_key_value_heads", "kv_heads 4 > heads 2");
    m = tiny();
    m.heads = 6;
    m.kv_heads = 4; /* 4 does not divide 6 */
    expect_refused(m, RL_E_CONTRADICTION, "config.num_key_value_heads", "kv_heads 4 not dividing 6");
    m = tiny();
    m.kv_heads = 2; /* MHA: k, v 2*2*4*8 = 128, N = 712 + 64 = 776 */
    expect_ok(m, 776.0, "kv_heads = heads");
    m = tiny();
    m.intermediate = 0;
    expect_refused(m, RL_E_RANGE, "config.intermediate_size", "a dense layer without an MLP width");
    m = tiny();
    m.vocab = 0;
    expect_refused(m, RL_E_RANGE, "config.vocab_size", "vocab 0");
    m = tiny();
    m.head_dim = 0;
    expect_refused(m, RL_E_RANGE, "config.head_dim", "head_dim 0");

    /* Sliding windows: the window may equal or exceed max_position_embeddings (then it is full
     * attention at any context the model takes); without max_position_embeddings any window in
     * range goes; a window of 0 slides nothing. */
    m = tiny();
    m.max_positions = 64;
    m.sliding_window = 64;
    m.sliding_layers = 1;
    expect_ok(m, TINY_TOTAL, "window = max positions");
    m.sliding_window = 65;
    expect_ok(m, TINY_TOTAL, "window > max positions (full attention at any context it takes)");
    m.max_positions = 0;
    expect_ok(m, TINY_TOTAL, "window without max positions");
    m.sliding_layers = 2;
    expect_refused(m, RL_E_RANGE, "config.layer_types", "2 sliding layers of 1");
    m = tiny();
    m.sliding_window = 0;
    m.sliding_layers = 1;
    (void)finish(&m, &e);
    CHECK(m.sliding_layers == 0, "window 0: no sliding layer (%lld)", (long long)m.sliding_layers);
    m = tiny();
    m.sliding_window = 4;
    m.sliding_layers = 1;
    (void)finish(&m, &e);
    CHECK(m.sliding_layers == 1 && m.sliding_window == 4, "window 4: the sliding layer kept");

    /* Vision parameters: whole numbers from 0, below 2^53 with the text. */
    m = tiny();
    m.params_vision = 100.0; /* N = 712 + 100; the text and what a step reads stay 712 */
    expect_ok(m, 812.0, "100 vision parameters");
    (void)finish(&m, &e);
    CHECK(m.params_text == TINY_TOTAL && m.params_always_read == TINY_TOTAL && m.params_active == TINY_TOTAL,
          "vision parameters are not text, read or active");
    m.params_vision = 0.5;
    expect_refused(m, RL_E_RANGE, "model.params_vision", "half a vision parameter");
    m.params_vision = -1.0;
    expect_refused(m, RL_E_RANGE, "model.params_vision", "negative vision parameters");
    m.params_vision = 9007199254740992.0; /* 2^53 */
    expect_refused(m, RL_E_RANGE, "model.params_vision", "2^53 vision parameters");
    m.params_vision = 9007199254740992.0 - 512.0; /* whole, below 2^53, but 712 more passes it */
    expect_refused(m, RL_E_TOO_LARGE, "config", "text + vision past 2^53");
    m.params_vision = 9007199254740992.0 - 712.0; /* text + vision exactly 2^53: past the last exact count */
    expect_refused(m, RL_E_TOO_LARGE, "config", "text + vision exactly 2^53");
    m.params_vision = 9007199254740992.0 - 1024.0; /* 2^53 - 1024 + 712 = 2^53 - 312 < 2^53 */
    expect_ok(m, 9007199254740992.0 - 312.0, "text + vision just below 2^53");

    /* The vision tower's size as SGLang weighs it: from 0 to 1e12. */
    m = tiny();
    m.vision_complexity = 1e12;
    expect_ok(m, TINY_TOTAL, "vision_complexity 1e12");
    m.vision_complexity = 1e12 * (1 + 1e-15);
    expect_refused(m, RL_E_RANGE, "model.vision_complexity", "vision_complexity past 1e12");
    m.vision_complexity = -0.001;
    expect_refused(m, RL_E_RANGE, "model.vision_complexity", "a negative vision_complexity");
    m.vision_complexity = NAN;
    expect_refused(m, RL_E_RANGE, "model.vision_complexity", "a NaN vision_complexity");

    /* Too large: 100000 layers of 3*H*I = 3*2^20*2^24 = 3*2^44 MLP weights each is past 2^53. */
    m = tiny();
    m.layers = RL_MAX_LAYERS;
    m.hidden = RL_MAX_HIDDEN;
    m.heads = 1;
    m.kv_heads = 1;
    m.head_dim = 1;
    m.intermediate = RL_MAX_INTERMEDIATE;
    expect_refused(m, RL_E_TOO_LARGE, "config", "3*2^44 MLP weights in each of 100000 layers");

    /* MTP modules: 0..16. One module of the tiny model: attention 192, two norms 16,
     * MLP 240, eh_proj 2*H*H = 128, enorm, hnorm and shared_head.norm 3*H = 24: 600. */
    m = tiny();
    m.mtp_modules = 1;
    (void)finish(&m, &e);
    CHECK(m.params_mtp_module == 600.0, "one MTP module: 600 (%.0f)", m.params_mtp_module);
    CHECK(m.params_total == TINY_TOTAL, "MTP modules are not in params_total (%.0f)", m.params_total);
    m.mtp_modules = RL_MAX_MTP_MODULES;
    expect_ok(m, TINY_TOTAL, "16 MTP modules");
    m.mtp_modules = RL_MAX_MTP_MODULES + 1;
    expect_refused(m, RL_E_RANGE, "config.num_nextn_predict_layers", "17 MTP modules");
    m.mtp_modules = -1;
    expect_refused(m, RL_E_RANGE, "config.num_nextn_predict_layers", "-1 MTP modules");
}

static void finish_moe(void) {
    rl_error e;
    /* Expert biases on a dense model count nothing: there is no expert. */
    rl_model m = tiny();
    m.expert_bias = 1;
    m.router_bias = 1;
    m.shared_expert_gate = 1;
    (void)finish(&m, &e);
    CHECK(m.params_total == TINY_TOTAL, "expert flags without experts: N = 712 (%.0f)", m.params_total);
    CHECK(m.params_expert == 0.0 && m.params_expert_matrix == 0.0, "expert flags without experts: no expert (%.0f)",
          m.params_expert);

    /* A dense model's MoE fields are cleared. */
    m = tiny();
    m.top_k = 5;
    m.moe_layers = 3;
    m.moe_intermediate = 7;
    m.shared_intermediate = 9;
    expect_ok(m, TINY_TOTAL, "MoE fields of a dense model");
    (void)finish(&m, &e);
    CHECK(m.top_k == 0 && m.moe_layers == 0 && m.moe_intermediate == 0 && m.shared_intermediate == 0,
          "dense: top_k, moe_layers and widths cleared");

    /* One MoE layer (L = 1, no dense MLP, so intermediate_size 0 is fine): E = 2, k = 1,
     * expert width 6, shared width 4, every flag.
     *   one expert: 3*H*6 = 144 matrices + biases 2*6 + H = 20: 164
     *   fixed: router H*E = 16 + router bias E = 2 + shared 3*H*4 = 96 + shared gate H = 8: 122
     *   N = 256 + 8 + 192 + 16 + (122 + 2*164) = 922
     *   always read 922 - 2*164 = 594, active 922 - (2-1)*164 = 758. */
    m = tiny();
    m.intermediate = 0;
    m.experts = 2;
    m.top_k = 1;
    m.moe_intermediate = 6;
    m.moe_layers = 1;
    m.shared_intermediate = 4;
    m.shared_expert_gate = 1;
    m.router_bias = 1;
    m.expert_bias = 1;
    rl_model moe = m;
    rl_status st = finish(&m, &e);
    CHECK(st == RL_OK, "MoE model accepted (%s: %s)", rl_status_name(st), e.message);
    CHECK(m.params_total == 922.0, "MoE: N = 922 (%.0f)", m.params_total);
    CHECK(m.params_expert == 164.0 && m.params_expert_matrix == 144.0, "MoE: expert 164, matrices 144 (%.0f, %.0f)",
          m.params_expert, m.params_expert_matrix);
    CHECK(m.params_always_read == 594.0, "MoE: always read 594 (%.0f)", m.params_always_read);
    CHECK(m.params_active == 758.0, "MoE: active 758 (%.0f)", m.params_active);
    /* MTP module of a MoE model: attention 192 + norms 16 + (122 + 2*164 = 450) + 128 + 24 = 810. */
    m = moe;
    m.mtp_modules = 2;
    (void)finish(&m, &e);
    CHECK(m.params_mtp_module == 810.0, "MoE MTP module: 810 (%.0f)", m.params_mtp_module);
    /* k = E = 2: everything active, 922. */
    m = moe;
    m.top_k = 2;
    (void)finish(&m, &e);
    CHECK(m.params_active == 922.0, "k = E: all 922 active (%.0f)", m.params_active);
    m.top_k = 3;
    expect_refused(m, RL_E_CONTRADICTION, "config.num_experts_per_tok", "k 3 > E 2");
    m.top_k = 0;
    expect_refused(m, RL_E_RANGE, "config.num_experts_per_tok", "k 0");
    m = moe;
    m.moe_intermediate = 0;
    expect_refused(m, RL_E_RANGE, "config.moe_intermediate_size", "expert width 0");
    m = moe;
    m.moe_layers = 2;
    expect_refused(m, RL_E_RANGE, "config.num_hidden_layers", "2 MoE layers of 1");
    m = moe;
    m.moe_layers = 0; /* the one layer is then dense and needs intermediate_size */
    expect_refused(m, RL_E_RANGE, "config.intermediate_size", "a dense layer of a MoE model without its width");
    m = moe;
    m.shared_intermediate = -1;
    expect_refused(m, RL_E_RANGE, "config.shared_expert_intermediate_size", "shared width -1");
    m = moe;
    m.experts = -1;
    expect_refused(m, RL_E_RANGE, "config.num_experts", "-1 experts");
    m = moe;
    m.experts = RL_MAX_EXPERTS + 1;
    expect_refused(m, RL_E_RANGE, "config.num_experts", "experts past the maximum");
}

static void finish_mla(void) {
    rl_error e;
    /* MLA on the tiny model: q = 2, kv_lora 4, qk_nope 2, qk_rope 2, v 3, no q LoRA.
     *   q_proj H*q*(2+2) = 8*2*4 = 64
     *   kv_a_proj_with_mqa H*(4+2) = 48, kv_a_layernorm 4
     *   kv_b_proj 4*q*(2+3) = 40, o_proj q*3*H = 48:  204
     *   N = 256 + 8 + 204 + 16 + 240 = 724.
     * KV per token 4 + 2 = 6; FLOPs per token pair 2*q*(4+2) + 2*q*4 = 24 + 16 = 40;
     * qkv width q*(2+2) + 4 + 2 = 14. */
    rl_model m = tiny();
    m.mla = 1;
    m.kv_lora_rank = 4;
    m.qk_nope_head_dim = 2;
    m.qk_rope_head_dim = 2;
    m.v_head_dim = 3;
    m.head_dim = 99; /* replaced by 2 + 2 */
    m.sliding_window = 4;
    m.sliding_layers = 1;
    rl_model mla = m;
    rl_status st = finish(&m, &e);
    CHECK(st == RL_OK, "MLA accepted (%s: %s)", rl_status_name(st), e.message);
    CHECK(m.params_total == 724.0, "MLA: N = 724 (%.0f)", m.params_total);
    CHECK(m.head_dim == 4, "MLA: head_dim = 2 + 2 (%lld)", (long long)m.head_dim);
    CHECK(m.kv_elems_per_token_per_layer == 6.0, "MLA: KV 6 (%g)", m.kv_elems_per_token_per_layer);
    CHECK(m.attn_flops_per_token_pair == 40.0, "MLA: FLOPs 40 (%g)", m.attn_flops_per_token_pair);
    CHECK(m.qkv_width == 14.0, "MLA: qkv width 14 (%g)", m.qkv_width);
    CHECK(m.sliding_window == 0 && m.sliding_layers == 0, "MLA: no sliding window");
    /* q LoRA rank 3: q_a_proj H*3 = 24, q_a_layernorm 3, q_b_proj 3*q*4 = 24: 51 in place of 64, N = 711. */
    m = mla;
    m.q_lora_rank = 3;
    expect_ok(m, 711.0, "MLA with q LoRA 3");
    m.q_lora_rank = -1;
    expect_refused(m, RL_E_RANGE, "config.q_lora_rank", "q LoRA -1");
    m = mla;
    m.kv_lora_rank = 0;
    expect_refused(m, RL_E_RANGE, "config.kv_lora_rank", "kv LoRA 0");
    m = mla;
    m.v_head_dim = 0;
    expect_refused(m, RL_E_RANGE, "config.v_head_dim", "v_head_dim 0");
    m = mla;
    m.qk_nope_head_dim = -1;
    expect_refused(m, RL_E_RANGE, "config.qk_nope_head_dim", "qk_nope -1");
    m = mla;
    m.qk_rope_head_dim = -1;
    expect_refused(m, RL_E_RANGE, "config.qk_rope_head_dim", "qk_rope -1");
    m = mla;
    m.qk_nope_head_dim = 0;
    m.qk_rope_head_dim = 0;
    expect_refused(m, RL_E_RANGE, "config.qk_nope_head_dim", "qk_nope + qk_rope 0");
    /* qk_nope 0, qk_rope 1 is a one-wide head: q_proj 8*2*1 = 16, kv_a 8*(4+1) + 4 = 44,
     * kv_b 4*2*(0+3) = 24, o 48: 132, N = 724 - 204 + 132 = 652. */
    m.qk_rope_head_dim = 1;
    expect_ok(m, 652.0, "qk_nope 0 + qk_rope 1");
    m = mla;
    m.qk_nope_head_dim = RL_MAX_HEAD_DIM;
    m.qk_rope_head_dim = 1;
    expect_refused(m, RL_E_RANGE, "config.qk_nope_head_dim", "qk_nope + qk_rope past the maximum");
}

/* Linear-attention layers (Qwen3-Next's gated DeltaNet) on a 2-layer tiny model:
 * key heads 1 of 2, value heads 2 of 3, conv kernel 2; key = 2, value = 6.
 *   in_proj_qkvz H*(2*2 + 2*6) = 128, in_proj_ba H*2*2 = 32, conv (2*2 + 6)*2 = 20,
 *   dt_bias + A_log 2*2 = 4, norm 3, out_proj 6*H = 48:  235 per DeltaNet layer.
 * With one DeltaNet and one attention layer: 256 + 8 + 192 + 235 + 2*16 + 2*240 = 1,203.
 * State (2*2 + 6)*(2 - 1) + 2*2*3 = 22. */
static rl_model linear_model(void) {
    rl_model m = tiny();
    m.layers = 2;
    m.linear_layers = 1;
    m.lin_key_heads = 1;
    m.lin_value_heads = 2;
    m.lin_key_dim = 2;
    m.lin_value_dim = 3;
    m.lin_conv_kernel = 2;
    return m;
}

static void finish_linear(void) {
    rl_error e;
    rl_model m = linear_model();
    rl_status st = finish(&m, &e);
    CHECK(st == RL_OK, "linear attention accepted (%s: %s)", rl_status_name(st), e.message);
    CHECK(m.params_total == 1203.0, "linear attention: N = 1,203 (%.0f)", m.params_total);
    CHECK(m.state_elems_per_layer == 22.0, "linear attention: state 22 (%g)", m.state_elems_per_layer);
    /* Both layers linear: 1,203 - 192 + 235 = 1,246. */
    m = linear_model();
    m.linear_layers = 2;
    expect_ok(m, 1246.0, "2 linear layers of 2");
    m.linear_layers = 3;
    expect_refused(m, RL_E_RANGE, "config.layer_types", "3 linear layers of 2");
    m.linear_layers = -1;
    expect_refused(m, RL_E_RANGE, "config.layer_types", "-1 linear layers");
    /* One linear and one sliding layer fill the two; two sliding and one linear do not. */
    m = linear_model();
    m.sliding_window = 4;
    m.sliding_layers = 1;
    expect_ok(m, 1203.0, "1 linear + 1 sliding of 2");
    m.sliding_layers = 2;
    expect_refused(m, RL_E_CONTRADICTION, "config.layer_types", "1 linear + 2 sliding of 2");
    /* Conv kernel 1024 is the bound: conv (4 + 6)*1024 = 10,240 in place of 20, N = 1,203 + 10,220 = 11,423;
     * the state keeps 10*1023 + 12 = 10,242. */
    m = linear_model();
    m.lin_conv_kernel = 1024;
    expect_ok(m, 11423.0, "conv kernel 1024");
    (void)finish(&m, &e);
    CHECK(m.state_elems_per_layer == 10242.0, "conv kernel 1024: state 10,242 (%g)", m.state_elems_per_layer);
    m.lin_conv_kernel = 1025;
    expect_refused(m, RL_E_RANGE, "config.linear_conv_kernel_dim", "conv kernel 1025");
    m = linear_model();
    m.lin_key_heads = 0;
    expect_refused(m, RL_E_RANGE, "config.linear_num_key_heads", "0 key heads");
    m = linear_model();
    m.lin_value_heads = 0;
    expect_refused(m, RL_E_RANGE, "config.linear_num_value_heads", "0 value heads");
    m = linear_model();
    m.lin_key_dim = 0;
    expect_refused(m, RL_E_RANGE, "config.linear_key_head_dim", "key dim 0");
    m = linear_model();
    m.lin_value_dim = 0;
    expect_refused(m, RL_E_RANGE, "config.linear_value_head_dim", "value dim 0");
    m = linear_model();
    m.lin_conv_kernel = 0;
    expect_refused(m, RL_E_RANGE, "config.linear_conv_kernel_dim", "conv kernel 0");
}

/* A Mamba-2 mixer beside attention (Falcon-H1) on the 1-layer tiny model: d_ssm 6 = 2 heads x 3,
 * 2 groups, d_state 2, d_conv 3, conv biased, no other bias or norm.
 *   conv_dim 6 + 2*2*2 = 14, in_proj width 6 + 14 + 2 = 22: in_proj 8*22 = 176, conv 14*3 = 42 + bias 14,
 *   dt_bias, A_log, D 3*2 = 6, out_proj 6*8 = 48:  286.  N = 712 + 286 = 998.
 *   State 14*(3 - 1) + 2*3*2 = 40. */
static rl_model mamba2_model(void) {
    rl_model m = tiny();
    m.mamba_layers = 1;
    m.mamba_heads = 2;
    m.mamba_head_dim = 3;
    m.mamba_d_ssm = 6;
    m.mamba_d_state = 2;
    m.mamba_groups = 2;
    m.mamba_d_conv = 3;
    m.mamba_conv_bias = 1;
    return m;
}

/* A Mamba (v1) mixer in place of attention (Jamba) on a 2-layer tiny model: d_inner 16, d_state 2,
 * d_conv 2, dt_rank 1, conv biased, projections not.
 *   in_proj 8*32 = 256, conv 16*2 = 32 + bias 16, x_proj 16*(1 + 4) = 80, dt_proj 1*16 = 16 + bias 16,
 *   A_log 16*2 = 32, D 16, out_proj 16*8 = 128, dt/B/C norms 1 + 2 + 2 = 5:  597.
 *   One Mamba layer, one attention layer: 256 + 8 + 192 + 597 + 2*16 + 2*240 = 1,565.
 *   State 16*(2 - 1) + 16*2 = 48. */
static rl_model mamba1_model(void) {
    rl_model m = tiny();
    m.layers = 2;
    m.mamba_v1 = 1;
    m.mamba_layers = 1;
    m.mamba_d_ssm = 16;
    m.mamba_d_state = 2;
    m.mamba_d_conv = 2;
    m.mamba_dt_rank = 1;
    m.mamba_conv_bias = 1;
    return m;
}

static void finish_mamba(void) {
    rl_error e;
    rl_model m = mamba2_model();
    rl_status st = finish(&m, &e);
    CHECK(st == RL_OK, "Mamba-2 accepted (%s: %s)", rl_status_name(st), e.message);
    CHECK(m.params_total == 998.0, "Mamba-2: N = 998 (%.0f)", m.params_total);
    CHECK(m.state_elems_per_layer == 40.0, "Mamba-2: state 40 (%g)", m.state_elems_per_layer);
    /* Every other flag on: + in_proj bias 22 + gated norm 6 + out_proj bias 8 = 1,034. */
    m = mamba2_model();
    m.mamba_proj_bias = 1;
    m.mamba_norm = 1;
    m.mamba_out_bias = 1;
    expect_ok(m, 1034.0, "Mamba-2, every bias and the norm");
    m = mamba2_model();
    m.mamba_head_dim = 2; /* 2 x 2 != 6 */
    expect_refused(m, RL_E_CONTRADICTION, "config.mamba_d_head", "Mamba-2 heads x head dim != d_ssm");
    m = mamba2_model();
    m.mamba_heads = 0;
    expect_refused(m, RL_E_RANGE, "config.mamba_n_heads", "Mamba-2 0 heads");
    m = mamba2_model();
    m.mamba_head_dim = 0;
    expect_refused(m, RL_E_RANGE, "config.mamba_d_head", "Mamba-2 head dim 0");
    m = mamba2_model();
    m.mamba_groups = 0;
    expect_refused(m, RL_E_RANGE, "config.mamba_n_groups", "Mamba-2 0 groups");
    m = mamba2_model();
    m.mamba_dt_rank = 0; /* not a Mamba-2 field */
    expect_ok(m, 998.0, "Mamba-2 ignores dt_rank");
    m = mamba2_model();
    m.mamba_d_ssm = 0;
    expect_refused(m, RL_E_RANGE, "config.mamba_d_ssm", "d_ssm 0");
    m = mamba2_model();
    m.mamba_d_state = 0;
    expect_refused(m, RL_E_RANGE, "config.mamba_d_state", "d_state 0");
    m = mamba2_model();
    m.mamba_d_conv = 0;
    expect_refused(m, RL_E_RANGE, "config.mamba_d_conv", "d_conv 0");
    /* d_conv 1024: conv 14*1024 = 14,336 in place of 42: N = 998 + 14,294 = 15,292. */
    m.mamba_d_conv = 1024;
    expect_ok(m, 15292.0, "d_conv 1024");
    m.mamba_d_conv = 1025;
    expect_refused(m, RL_E_RANGE, "config.mamba_d_conv", "d_conv 1025");
    m = mamba2_model();
    m.mamba_layers = 2;
    expect_refused(m, RL_E_RANGE, "config.num_hidden_layers", "2 Mamba layers of 1");
    m = mamba2_model();
    m.linear_layers = 1;
    m.lin_key_heads = m.lin_value_heads = m.lin_key_dim = m.lin_value_dim = m.lin_conv_kernel = 1;
    expect_refused(m, RL_E_UNSUPPORTED, "config.mamba_d_ssm", "Mamba with linear attention");
    /* A Mamba-2 mixer sits beside attention: a sliding window on its layer is fine. */
    m = mamba2_model();
    m.sliding_window = 4;
    m.sliding_layers = 1;
    expect_ok(m, 998.0, "Mamba-2 beside a sliding layer");

    m = mamba1_model();
    st = finish(&m, &e);
    CHECK(st == RL_OK, "Mamba v1 accepted (%s: %s)", rl_status_name(st), e.message);
    CHECK(m.params_total == 1565.0, "Mamba v1: N = 1,565 (%.0f)", m.params_total);
    CHECK(m.state_elems_per_layer == 48.0, "Mamba v1: state 48 (%g)", m.state_elems_per_layer);
    /* Projection biases: in_proj 2*16 = 32 and out_proj 8 more: 1,605. Without the conv bias: 1,565 - 16 = 1,549. */
    m = mamba1_model();
    m.mamba_proj_bias = 1;
    expect_ok(m, 1605.0, "Mamba v1 projection biases");
    m = mamba1_model();
    m.mamba_conv_bias = 0;
    expect_ok(m, 1549.0, "Mamba v1 without the conv bias");
    /* v1 has no heads or groups: zeros there are fine; dt_rank is its own. */
    m = mamba1_model();
    expect_ok(m, 1565.0, "Mamba v1 with no heads, head dim or groups");
    m.mamba_dt_rank = 0;
    expect_refused(m, RL_E_RANGE, "config.mamba_dt_rank", "Mamba v1 dt_rank 0");
    /* Both layers Mamba: 1,565 - 192 + 597 = 1,970; then a sliding layer has no attention to slide. */
    m = mamba1_model();
    m.mamba_layers = 2;
    expect_ok(m, 1970.0, "2 Mamba v1 layers of 2");
    m = mamba1_model();
    m.sliding_window = 4;
    m.sliding_layers = 1;
    expect_ok(m, 1565.0, "1 Mamba + 1 sliding of 2");
    m.sliding_layers = 2;
    expect_refused(m, RL_E_CONTRADICTION, "config.layer_types", "1 Mamba + 2 sliding of 2");
}

/* ---- the config.json reader ---------------------------------------------- */

#define TINY_TEXT                                                                                              \
    "\"hidden_size\":8,\"intermediate_size\":10,\"num_hidden_layers\":3,\"num_attention_heads\":2,"          \
    "\"num_key_value_heads\":1,\"head_dim\":4,\"vocab_size\":16,\"max_position_embeddings\":64"

/* Unmodeled layer kinds are refused naming the exact field, for every model_type the marker is not modeled for. */
static void __attribute__((noinline)) dirty_stack(void) {
    /* Leaves the stack below the caller non-zero, so that a field name copied without its NUL shows. */
    volatile char junk[256 * 1024];
    for (size_t i = 0; i < sizeof junk; i++) junk[i] = 'x';
}

static void unmodeled_layers(void) {
    static const char *const fields[] = {"attn_layer_period", "hybrid_override_pattern", "layers_block_type",
                                         "linear_num_value_heads", "linear_key_head_dim", "full_attention_interval",
                                         "mamba_d_ssm", "mamba_d_state", "mamba_d_conv", "altup_num_inputs",
                                         "laurel_rank", "hidden_size_per_layer_input", "state_size", "ssm_cfg",
                                         "conv_L_cache", "block_ff_dim", "block_configs"};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        char json[512], field[64];
        snprintf(json, sizeof json, "{\"model_type\":\"llama\",\"%s\":1," TINY_TEXT "}", fields[i]);
        snprintf(field, sizeof field, "config.%s", fields[i]);
        dirty_stack();
        config_refused(json, RL_E_UNSUPPORTED, field, fields[i]);
    }
    /* A marker modeled for one type only is refused for the others, and for a type its name starts. */
    config_refused("{\"model_type\":\"falcon_h1\",\"attn_layer_period\":2," TINY_TEXT "}", RL_E_UNSUPPORTED,
                   "config.attn_layer_period", "attn_layer_period on falcon_h1");
    config_refused("{\"model_type\":\"jamba\",\"mamba_d_ssm\":8," TINY_TEXT "}", RL_E_UNSUPPORTED, "config.mamba_d_ssm",
                   "mamba_d_ssm on jamba");
    config_refused("{\"model_type\":\"falcon\",\"mamba_d_state\":8," TINY_TEXT "}", RL_E_UNSUPPORTED,
                   "config.mamba_d_state", "mamba_d_state on falcon (a prefix of falcon_h1)");
    config_refused("{\"model_type\":\"jamb\",\"mamba_d_conv\":4," TINY_TEXT "}", RL_E_UNSUPPORTED, "config.mamba_d_conv",
                   "mamba_d_conv on jamb (a prefix of jamba)");
    config_refused("{\"state_size\":4," TINY_TEXT "}", RL_E_UNSUPPORTED, "config.state_size", "state_size without a model_type");
    /* The list itself, written as a model_type, is neither of its types. */
    config_refused("{\"model_type\":\"falcon_h1|jamba\",\"mamba_d_state\":8," TINY_TEXT "}", RL_E_UNSUPPORTED,
                   "config.mamba_d_state", "mamba_d_state on the type \"falcon_h1|jamba\"");
    config_refused("{\"model_type\":\"jamba|\",\"mamba_d_conv\":4," TINY_TEXT "}", RL_E_UNSUPPORTED, "config.mamba_d_conv",
                   "mamba_d_conv on the type \"jamba|\"");
    config_refused("{\"model_type\":\"qwen3\",\"linear_key_head_dim\":4," TINY_TEXT "}", RL_E_UNSUPPORTED,
                   "config.linear_key_head_dim", "linear_key_head_dim on qwen3");
    /* The longest of these messages (the longest model_type, 31 bytes) is whole: it ends as written. */
    {
        rl_model m;
        rl_error e;
        rl_status st = read_config("{\"model_type\":\"abcdefghijklmnopqrstuvwxyz_2345\",\"block_configs\":[]," TINY_TEXT "}",
                                   &m, &e);
        size_t n = strlen(e.message);
        const char *tail = "Jamba's Mamba mixers)";
        CHECK(st == RL_E_UNSUPPORTED && n > strlen(tail) && strcmp(e.message + n - strlen(tail), tail) == 0 &&
                  strstr(e.message, "DeciLM / Nemotron NAS") != NULL,
              "the longest refusal is not cut (%zu bytes): %s", n, e.message);
    }
    /* A null marker is no marker. */
    rl_model m;
    if (config_ok("{\"model_type\":\"llama\",\"state_size\":null,\"ssm_cfg\":null," TINY_TEXT "}", &m, "null markers"))
        CHECK(m.layers == 3, "null markers: read as llama");
    /* The second type of "falcon_h1|jamba": Jamba's own mamba_d_state / mamba_d_conv are read.
     * L = 3, attention on layer 1 (period 2, offset 1: 1 only), Mamba on 0 and 2, d_inner 8, d_state 2,
     * d_conv 2, dt_rank 1, conv biased (JambaConfig), tied:
     *   Mamba: in_proj 8*16 = 128, conv 8*2 = 16 + bias 8, x_proj 8*(1 + 4) = 40, dt_proj 8 + bias 8,
     *          A_log 8*2 = 16, D 8, out_proj 64, norms 1 + 2 + 2 = 5: 301
     *   N = 16*8 = 128 + 8 + 192 + 2*301 + 3*16 + 3*240 = 1,698. */
    if (config_ok("{\"model_type\":\"jamba\",\"attn_layer_period\":2,\"attn_layer_offset\":1,\"mamba_d_state\":2,"
                  "\"mamba_d_conv\":2,\"mamba_expand\":1,\"mamba_dt_rank\":1,\"tie_word_embeddings\":true," TINY_TEXT "}",
                  &m, "jamba's Mamba fields")) {
        CHECK(m.params_total == 1698.0, "jamba: N = 1,698 (%.0f)", m.params_total);
        CHECK(m.mamba_layers == 2 && m.mamba_d_state == 2 && m.mamba_d_conv == 2, "jamba: 2 Mamba layers, d_state 2, d_conv 2");
    }
}

/* Reader paths the vectors do not spell out. */
static void reader(void) {
    rl_model m;
    /* Llama 4's no_rope_layers: the 1s are the chunked layers (3 of 3 here), the window the chunk. */
    if (config_ok("{\"model_type\":\"llama4_text\",\"attention_chunk_size\":8,\"no_rope_layers\":[1,1,1]," TINY_TEXT "}", &m,
                  "llama4 no_rope_layers all 1"))
        CHECK(m.sliding_layers == 3 && m.sliding_window == 8, "llama4: 3 chunked layers of 8 (%lld of %lld)",
              (long long)m.sliding_layers, (long long)m.sliding_window);
    /* A longer no_rope_layers list is read to num_hidden_layers. */
    if (config_ok("{\"model_type\":\"llama4_text\",\"attention_chunk_size\":8,\"no_rope_layers\":[0,1,0,1]," TINY_TEXT "}", &m,
                  "llama4 no_rope_layers longer than the layers"))
        CHECK(m.sliding_layers == 1, "llama4: [0,1,0] has 1 chunked layer (%lld)", (long long)m.sliding_layers);
    /* An empty list is the default rule: every 4th layer global; L = 3: 3 - 3/4 = 3 chunked. */
    if (config_ok("{\"model_type\":\"llama4_text\",\"attention_chunk_size\":8,\"no_rope_layers\":[]," TINY_TEXT "}", &m,
                  "llama4 empty no_rope_layers"))
        CHECK(m.sliding_layers == 3, "llama4: empty list, 3 chunked (%lld)", (long long)m.sliding_layers);
    /* Chunk 0: no chunked attention. */
    if (config_ok("{\"model_type\":\"llama4_text\",\"attention_chunk_size\":0," TINY_TEXT "}", &m, "llama4 chunk 0"))
        CHECK(m.sliding_layers == 0 && m.sliding_window == 0, "llama4: chunk 0, no window");
    /* The chunk equal to max_position_embeddings is kept. */
    if (config_ok("{\"model_type\":\"llama4_text\",\"attention_chunk_size\":64," TINY_TEXT "}", &m, "llama4 chunk = max positions"))
        CHECK(m.sliding_window == 64, "llama4: chunk 64 kept (%lld)", (long long)m.sliding_window);
    /* moe_layers not a list. */
    config_refused("{\"model_type\":\"llama4_text\",\"num_local_experts\":2,\"num_experts_per_tok\":1,\"moe_layers\":1," TINY_TEXT "}",
                   RL_E_JSON_TYPE, "config.moe_layers", "llama4 moe_layers a number");
    /* interleave_moe_layer_step may be L (one MoE layer) but not L + 1. */
    if (config_ok("{\"model_type\":\"llama4_text\",\"num_local_experts\":2,\"num_experts_per_tok\":1,\"interleave_moe_layer_step\":3,"
                  "\"attention_chunk_size\":0," TINY_TEXT "}", &m, "llama4 step = L"))
        CHECK(m.moe_layers == 1, "llama4: step 3 of 3 layers, 1 MoE layer (%lld)", (long long)m.moe_layers);
    config_refused("{\"model_type\":\"llama4_text\",\"num_local_experts\":2,\"num_experts_per_tok\":1,\"interleave_moe_layer_step\":4,"
                   TINY_TEXT "}", RL_E_RANGE, "config.interleave_moe_layer_step", "llama4 step past L");

    /* Qwen3-Next by interval: L = 3, interval 1: every layer full attention. */
    const char *lin = "\"linear_num_key_heads\":1,\"linear_num_value_heads\":2,\"linear_key_head_dim\":2,"
                      "\"linear_value_head_dim\":3,\"linear_conv_kernel_dim\":2,";
    char json[1024];
    snprintf(json, sizeof json, "{\"model_type\":\"qwen3_next\",%s\"full_attention_interval\":1," TINY_TEXT "}", lin);
    if (config_ok(json, &m, "qwen3_next interval 1")) CHECK(m.linear_layers == 0, "qwen3_next: interval 1, no linear layer");
    snprintf(json, sizeof json, "{\"model_type\":\"qwen3_next\",%s\"full_attention_interval\":0," TINY_TEXT "}", lin);
    config_refused(json, RL_E_RANGE, "config.full_attention_interval", "qwen3_next interval 0");
    snprintf(json, sizeof json, "{\"model_type\":\"qwen3_next\",%s" TINY_TEXT "}", lin);
    config_refused(json, RL_E_JSON_MISSING, "config.full_attention_interval", "qwen3_next without an interval");
    snprintf(json, sizeof json, "{\"model_type\":\"qwen3_next\",%s\"layer_types\":[\"linear_attention\",7,\"full_attention\"]," TINY_TEXT "}", lin);
    config_refused(json, RL_E_JSON_TYPE, "config.layer_types", "qwen3_next layer_types with a number");
    snprintf(json, sizeof json,
             "{\"model_type\":\"qwen3_next\",%s\"layer_types\":[\"linear_attention\",\"full_attention\",\"linear_attention\"]," TINY_TEXT "}",
             lin);
    if (config_ok(json, &m, "qwen3_next layer_types")) CHECK(m.linear_layers == 2, "qwen3_next: 2 listed linear layers");
    /* linear_attention on another type is not modeled. */
    config_refused("{\"model_type\":\"llama\",\"layer_types\":[\"linear_attention\",\"full_attention\",\"full_attention\"]," TINY_TEXT "}",
                   RL_E_UNSUPPORTED, "config.layer_types", "linear_attention on llama");
    /* chunked_attention only for llama4_text. */
    config_refused("{\"model_type\":\"llama\",\"sliding_window\":4,\"layer_types\":[\"chunked_attention\",\"full_attention\",\"full_attention\"]," TINY_TEXT "}",
                   RL_E_UNSUPPORTED, "config.layer_types", "chunked_attention on llama");

    /* Falcon-H1's d_head: a number, "auto", or refused; Jamba's dt_rank the same. */
    const char *fh = "\"model_type\":\"falcon_h1\",\"mamba_n_heads\":2,\"mamba_d_ssm\":6,\"mamba_d_state\":2,\"mamba_n_groups\":1,\"mamba_d_conv\":2,";
    snprintf(json, sizeof json, "{%s\"mamba_d_head\":null," TINY_TEXT "}", fh);
    if (config_ok(json, &m, "falcon_h1 d_head null")) CHECK(m.mamba_head_dim == 3, "falcon_h1: d_head null is auto, 6/2 = 3");
    snprintf(json, sizeof json, "{%s\"mamba_d_head\":true," TINY_TEXT "}", fh);
    config_refused(json, RL_E_JSON_TYPE, "config.mamba_d_head", "falcon_h1 d_head true");
    snprintf(json, sizeof json, "{%s\"mamba_d_head\":0," TINY_TEXT "}", fh);
    config_refused(json, RL_E_RANGE, "config.mamba_d_head", "falcon_h1 d_head 0");
    snprintf(json, sizeof json, "{\"model_type\":\"falcon_h1\",\"mamba_d_ssm\":6," TINY_TEXT "}");
    config_refused(json, RL_E_JSON_MISSING, "config.mamba_n_heads", "falcon_h1 without mamba_n_heads");
    /* Falcon-H1 defaults (FalconH1Config): d_state 256, 1 group, d_conv 4 read when absent. */
    snprintf(json, sizeof json, "{\"model_type\":\"falcon_h1\",\"mamba_n_heads\":2,\"mamba_d_ssm\":6," TINY_TEXT "}");
    if (config_ok(json, &m, "falcon_h1 defaults"))
        CHECK(m.mamba_d_state == 256 && m.mamba_groups == 1 && m.mamba_d_conv == 4 && m.mamba_conv_bias == 1 &&
                  m.mamba_proj_bias == 0 && m.mamba_norm == 0 && m.mamba_out_bias == 0 && m.mamba_layers == 3,
              "falcon_h1 defaults: d_state 256, 1 group, d_conv 4, conv bias only, every layer");
    const char *jb = "\"model_type\":\"jamba\",\"attn_layer_period\":2,\"attn_layer_offset\":1,\"mamba_d_state\":2,\"mamba_d_conv\":2,\"mamba_expand\":1,";
    snprintf(json, sizeof json, "{%s\"mamba_dt_rank\":null," TINY_TEXT "}", jb);
    if (config_ok(json, &m, "jamba dt_rank null")) CHECK(m.mamba_dt_rank == 1, "jamba: dt_rank null is auto, ceil(8/16) = 1");
    snprintf(json, sizeof json, "{%s\"mamba_dt_rank\":false," TINY_TEXT "}", jb);
    config_refused(json, RL_E_JSON_TYPE, "config.mamba_dt_rank", "jamba dt_rank false");
    snprintf(json, sizeof json, "{%s\"mamba_dt_rank\":0," TINY_TEXT "}", jb);
    config_refused(json, RL_E_RANGE, "config.mamba_dt_rank", "jamba dt_rank 0");
    /* JambaConfig defaults: attention every 8th from 4, d_state 16, d_conv 4, expand 2; MoE every 2nd from 1.
     * L = 3 < 4 + 1: no attention layer at all, 3 Mamba layers. */
    if (config_ok("{\"model_type\":\"jamba\",\"num_experts\":2,\"num_experts_per_tok\":1," TINY_TEXT "}", &m, "jamba defaults"))
        CHECK(m.mamba_layers == 3 && m.mamba_d_state == 16 && m.mamba_d_conv == 4 && m.mamba_d_ssm == 16 && m.moe_layers == 1 &&
                  m.mamba_dt_rank == 1,
              "jamba defaults: 3 Mamba layers, d_state 16, d_conv 4, d_inner 2*8, MoE on layer 1 only, dt_rank 1 "
              "(%lld %lld %lld %lld %lld)",
              (long long)m.mamba_layers, (long long)m.mamba_d_state, (long long)m.mamba_d_conv, (long long)m.mamba_d_ssm,
              (long long)m.moe_layers);

    /* MoE reader: a MoE config without top-k; mlp_only_layers must be a list of layer indices. */
    config_refused("{\"model_type\":\"mixtral\",\"num_local_experts\":2," TINY_TEXT "}", RL_E_JSON_MISSING,
                   "config.num_experts_per_tok", "MoE without top-k");
    config_refused("{\"model_type\":\"qwen3_moe\",\"num_experts\":2,\"num_experts_per_tok\":1,\"moe_intermediate_size\":6,"
                   "\"mlp_only_layers\":1," TINY_TEXT "}",
                   RL_E_JSON_TYPE, "config.mlp_only_layers", "mlp_only_layers a number");
    config_refused("{\"model_type\":\"qwen3_moe\",\"num_experts\":2,\"num_experts_per_tok\":1,\"moe_intermediate_size\":6,"
                   "\"mlp_only_layers\":[3]," TINY_TEXT "}",
                   RL_E_RANGE, "config.mlp_only_layers", "mlp_only_layers index L");
    /* mlp_only_layers [2, 0]: only layer 1 MoE; [] or null: all 3. */
    if (config_ok("{\"model_type\":\"qwen3_moe\",\"num_experts\":2,\"num_experts_per_tok\":1,\"moe_intermediate_size\":6,"
                  "\"mlp_only_layers\":[2,0]," TINY_TEXT "}", &m, "mlp_only_layers [2,0]"))
        CHECK(m.moe_layers == 1, "mlp_only_layers [2,0]: 1 MoE layer (%lld)", (long long)m.moe_layers);
    if (config_ok("{\"model_type\":\"qwen3_moe\",\"num_experts\":2,\"num_experts_per_tok\":1,\"moe_intermediate_size\":6,"
                  "\"mlp_only_layers\":null," TINY_TEXT "}", &m, "mlp_only_layers null"))
        CHECK(m.moe_layers == 3, "mlp_only_layers null: 3 MoE layers (%lld)", (long long)m.moe_layers);
    /* first_k_dense_replace may be L (no MoE layer) but not L + 1. */
    if (config_ok("{\"model_type\":\"deepseek_v3\",\"n_routed_experts\":2,\"num_experts_per_tok\":1,\"moe_intermediate_size\":6,"
                  "\"first_k_dense_replace\":3," TINY_TEXT "}", &m, "first_k_dense_replace = L"))
        CHECK(m.moe_layers == 0, "first_k_dense_replace 3 of 3: no MoE layer (%lld)", (long long)m.moe_layers);
    config_refused("{\"model_type\":\"deepseek_v3\",\"n_routed_experts\":2,\"num_experts_per_tok\":1,\"moe_intermediate_size\":6,"
                   "\"first_k_dense_replace\":4," TINY_TEXT "}", RL_E_RANGE, "config.first_k_dense_replace", "first_k_dense_replace past L");
    /* Shared experts: n_shared 2 x width 6 + Qwen's 5 = 17, gated since a Qwen width is given. */
    if (config_ok("{\"model_type\":\"qwen2_moe\",\"num_experts\":2,\"num_experts_per_tok\":1,\"moe_intermediate_size\":6,"
                  "\"n_shared_experts\":2,\"shared_expert_intermediate_size\":5," TINY_TEXT "}", &m, "shared experts"))
        CHECK(m.shared_intermediate == 17 && m.shared_expert_gate == 1, "shared: 2*6 + 5 = 17, gated (%lld)",
              (long long)m.shared_intermediate);
    if (config_ok("{\"model_type\":\"deepseek_v2\",\"n_routed_experts\":2,\"num_experts_per_tok\":1,\"moe_intermediate_size\":6,"
                  "\"n_shared_experts\":1,\"topk_method\":\"greedy\"," TINY_TEXT "}", &m, "one DeepSeek shared expert"))
        CHECK(m.shared_intermediate == 6 && m.shared_expert_gate == 0 && m.router_bias == 0,
              "DeepSeek-V2 shared: 1*6, no gate, greedy: no router bias");
    config_refused("{\"model_type\":\"deepseek_v2\",\"n_routed_experts\":2,\"num_experts_per_tok\":1,\"moe_intermediate_size\":6,"
                   "\"topk_method\":3," TINY_TEXT "}", RL_E_JSON_TYPE, "config.topk_method", "topk_method a number");
    /* An explicit 0 experts: a dense model even for a type whose class has experts. */
    if (config_ok("{\"model_type\":\"mixtral\",\"num_local_experts\":0," TINY_TEXT "}", &m, "mixtral with 0 experts"))
        CHECK(m.experts == 0 && m.params_total == 256.0 + 8.0 + 3.0 * 448.0, "0 experts: dense, N = 264 + 3*448 = 1,608 (%.0f)",
              m.params_total);

    /* Quantization and dtype. */
    config_refused("{\"model_type\":\"llama\",\"torch_dtype\":\"int8\"," TINY_TEXT "}", RL_E_UNKNOWN_NAME, "config.torch_dtype",
                   "torch_dtype int8");
    config_refused("{\"model_type\":\"llama\",\"quantization_config\":\"fp8\"," TINY_TEXT "}", RL_E_JSON_TYPE,
                   "config.quantization_config", "quantization_config a string");
    config_refused("{\"model_type\":\"llama\",\"quantization_config\":{}," TINY_TEXT "}", RL_E_UNSUPPORTED,
                   "config.quantization_config.quant_method", "quantization_config without a method");
    if (config_ok("{\"model_type\":\"llama\",\"torch_dtype\":\"float16\",\"quantization_config\":null," TINY_TEXT "}", &m,
                  "float16, null quantization"))
        CHECK(m.dtype == RL_PREC_FP16 && m.quant == RL_QUANT_NONE, "float16 and no quantization");
    /* dtype, quantization and tying read from the outer object of a multimodal config. */
    if (config_ok("{\"model_type\":\"mistral3\",\"torch_dtype\":\"float32\",\"tie_word_embeddings\":true,"
                  "\"quantization_config\":{\"quant_method\":\"fp8\"},\"text_config\":{\"sliding_window\":16," TINY_TEXT "}}", &m, "outer dtype"))
        CHECK(m.dtype == RL_PREC_FP32 && m.quant == RL_QUANT_FP8 && m.tied_embeddings == 1,
              "outer torch_dtype float32, fp8, tied");

    /* MLA: attention_bias with MLA is refused; q_lora_rank absent is 0. */
    config_refused("{\"model_type\":\"deepseek_v2\",\"kv_lora_rank\":4,\"qk_nope_head_dim\":2,\"qk_rope_head_dim\":2,"
                   "\"v_head_dim\":3,\"attention_bias\":true," TINY_TEXT "}",
                   RL_E_UNSUPPORTED, "config.attention_bias", "MLA with attention_bias");
    /* head_dim absent and hidden not a multiple of the heads. */
    config_refused("{\"model_type\":\"llama\",\"hidden_size\":9,\"num_hidden_layers\":1,\"num_attention_heads\":2,"
                   "\"vocab_size\":16,\"intermediate_size\":4}",
                   RL_E_CONTRADICTION, "config.head_dim", "hidden 9 over 2 heads");
}

/* The range a refusal states is the one checked, not a looser one a later check would catch. */
static void config_refused_range(const char *json, const char *field, const char *range, const char *what) {
    rl_model m;
    rl_error e;
    rl_status st = read_config(json, &m, &e);
    CHECK(st == RL_E_RANGE && strcmp(e.field, field) == 0, "%s: refused naming %s (got %s, \"%s\")", what, field,
          rl_status_name(st), e.field);
    CHECK(strstr(e.message, range) != NULL, "%s: the message states %s (\"%s\")", what, range, e.message);
}

/* Range ends and rules the first pass did not reach. */
static void reader_ends(void) {
    rl_error e;
    rl_model m = tiny();
    /* One routed expert: the MoE terms still count. E = 1, k = 1, width 6, one MoE layer:
     *   router H*1 = 8, expert 3*8*6 = 144;  N = 256 + 8 + 192 + 16 + 8 + 144 = 624, all active. */
    m.intermediate = 0;
    m.experts = 1;
    m.top_k = 1;
    m.moe_intermediate = 6;
    m.moe_layers = 1;
    expect_ok(m, 624.0, "one routed expert");
    (void)finish(&m, &e);
    CHECK(m.params_expert == 144.0 && m.params_active == 624.0 && m.params_always_read == 480.0,
          "one expert: 144, all 624 active, 624 - 144 = 480 always read (%.0f %.0f %.0f)", m.params_expert, m.params_active,
          m.params_always_read);
    /* A DeltaNet conv kernel of 1 keeps no conv state: conv (4 + 6)*1 = 10 in place of 20, N = 1,203 - 10 = 1,193;
     * state 0 + 2*2*3 = 12. */
    m = linear_model();
    m.lin_conv_kernel = 1;
    expect_ok(m, 1193.0, "conv kernel 1");
    (void)finish(&m, &e);
    CHECK(m.state_elems_per_layer == 12.0, "conv kernel 1: state 12 (%g)", m.state_elems_per_layer);
    /* A Mamba-2 d_conv of 1: conv 14*1 = 14 in place of 42, N = 998 - 28 = 970; state 0 + 2*3*2 = 12. */
    m = mamba2_model();
    m.mamba_d_conv = 1;
    expect_ok(m, 970.0, "Mamba-2 d_conv 1");
    (void)finish(&m, &e);
    CHECK(m.state_elems_per_layer == 12.0, "Mamba-2 d_conv 1: state 12 (%g)", m.state_elems_per_layer);

    const char *fh = "\"model_type\":\"falcon_h1\",\"mamba_n_heads\":2,\"mamba_d_ssm\":6,\"mamba_d_state\":2,\"mamba_n_groups\":1,";
    char json[1024];
    snprintf(json, sizeof json, "{%s\"mamba_d_conv\":1," TINY_TEXT "}", fh);
    if (config_ok(json, &m, "falcon_h1 d_conv 1")) CHECK(m.mamba_d_conv == 1, "falcon_h1: d_conv 1 read");
    snprintf(json, sizeof json, "{%s\"mamba_d_conv\":-1," TINY_TEXT "}", fh);
    config_refused_range(json, "config.mamba_d_conv", "from 1 to 1024", "falcon_h1 d_conv -1");
    snprintf(json, sizeof json, "{%s\"mamba_d_conv\":1025," TINY_TEXT "}", fh);
    config_refused_range(json, "config.mamba_d_conv", "from 1 to 1024", "falcon_h1 d_conv 1025");
    snprintf(json, sizeof json, "{%s\"mamba_d_conv\":2,\"mamba_d_head\":-1," TINY_TEXT "}", fh);
    config_refused_range(json, "config.mamba_d_head", "from 1 to", "falcon_h1 d_head -1");
    const char *jb = "\"model_type\":\"jamba\",\"attn_layer_period\":2,\"attn_layer_offset\":1,\"mamba_expand\":1,";
    snprintf(json, sizeof json, "{%s\"mamba_d_conv\":1,\"mamba_d_state\":1," TINY_TEXT "}", jb);
    if (config_ok(json, &m, "jamba d_conv 1, d_state 1")) CHECK(m.mamba_d_conv == 1 && m.mamba_d_state == 1, "jamba: d_conv 1, d_state 1");
    snprintf(json, sizeof json, "{%s\"mamba_d_conv\":-1," TINY_TEXT "}", jb);
    config_refused_range(json, "config.mamba_d_conv", "from 1 to 1024", "jamba d_conv -1");
    snprintf(json, sizeof json, "{%s\"mamba_d_state\":-1," TINY_TEXT "}", jb);
    config_refused_range(json, "config.mamba_d_state", "from 1 to", "jamba d_state -1");
    /* 0 is the range's end, not only the negatives: a state of 0 would give a Mamba layer no state. */
    snprintf(json, sizeof json, "{%s\"mamba_d_state\":0," TINY_TEXT "}", jb);
    config_refused_range(json, "config.mamba_d_state", "from 1 to", "jamba d_state 0");
    snprintf(json, sizeof json, "{\"model_type\":\"falcon_h1\",\"mamba_n_heads\":2,\"mamba_d_ssm\":6,\"mamba_d_state\":0,"
             "\"mamba_n_groups\":1,\"mamba_d_conv\":2," TINY_TEXT "}");
    config_refused_range(json, "config.mamba_d_state", "from 1 to", "falcon_h1 d_state 0");
    snprintf(json, sizeof json, "{\"model_type\":\"jamba\",\"attn_layer_period\":1,\"attn_layer_offset\":0,\"mamba_expand\":1," TINY_TEXT "}");
    if (config_ok(json, &m, "jamba period 1")) CHECK(m.mamba_layers == 0, "jamba period 1: every layer attention, no Mamba");
    snprintf(json, sizeof json, "{\"model_type\":\"jamba\",\"attn_layer_period\":0,\"attn_layer_offset\":0,\"mamba_expand\":1," TINY_TEXT "}");
    config_refused_range(json, "config.attn_layer_period", "from 1 to", "jamba period 0");
    snprintf(json, sizeof json, "{%s\"mamba_expand\":0," TINY_TEXT "}", "\"model_type\":\"jamba\",\"attn_layer_period\":2,\"attn_layer_offset\":1,");
    config_refused_range(json, "config.mamba_expand", "from 1 to 1024", "jamba expand 0");
    snprintf(json, sizeof json, "{%s\"mamba_expand\":1024,\"hidden_size\":1,\"num_attention_heads\":1,\"num_hidden_layers\":1,"
             "\"num_key_value_heads\":1,\"vocab_size\":2,\"intermediate_size\":1}", "\"model_type\":\"jamba\",\"attn_layer_period\":2,\"attn_layer_offset\":1,");
    if (config_ok(json, &m, "jamba expand 1024")) CHECK(m.mamba_d_ssm == 1024, "jamba: expand 1024 of hidden 1");
    /* Qwen3-Next's DeltaNet shapes: conv kernel 1..1024. */
    const char *lin = "\"model_type\":\"qwen3_next\",\"full_attention_interval\":3,\"linear_num_key_heads\":1,\"linear_num_value_heads\":2,"
                      "\"linear_key_head_dim\":2,\"linear_value_head_dim\":3,";
    snprintf(json, sizeof json, "{%s\"linear_conv_kernel_dim\":1," TINY_TEXT "}", lin);
    if (config_ok(json, &m, "qwen3_next kernel 1")) CHECK(m.lin_conv_kernel == 1 && m.linear_layers == 2, "qwen3_next: kernel 1, 2 linear layers");
    snprintf(json, sizeof json, "{%s\"linear_conv_kernel_dim\":-1," TINY_TEXT "}", lin);
    config_refused_range(json, "config.linear_conv_kernel_dim", "from 1 to 1024", "qwen3_next kernel -1");

    /* Llama 4: no_rope_layer_interval 1 makes every layer global; a max_position_embeddings of 1 clips the chunk to 1. */
    if (config_ok("{\"model_type\":\"llama4_text\",\"attention_chunk_size\":8,\"no_rope_layer_interval\":1," TINY_TEXT "}", &m,
                  "llama4 interval 1"))
        CHECK(m.sliding_layers == 0, "llama4 interval 1: no chunked layer (%lld)", (long long)m.sliding_layers);
    if (config_ok("{\"model_type\":\"llama4_text\",\"attention_chunk_size\":8,\"hidden_size\":8,\"intermediate_size\":10,"
                  "\"num_hidden_layers\":3,\"num_attention_heads\":2,\"num_key_value_heads\":1,\"head_dim\":4,\"vocab_size\":16,"
                  "\"max_position_embeddings\":1}", &m, "llama4 max positions 1"))
        CHECK(m.sliding_window == 1 && m.sliding_layers == 3, "llama4: chunk 8 clipped to 1 position (%lld)", (long long)m.sliding_window);
    if (config_ok("{\"model_type\":\"llama4_text\",\"attention_chunk_size\":8,\"hidden_size\":8,\"intermediate_size\":10,"
                  "\"num_hidden_layers\":3,\"num_attention_heads\":2,\"num_key_value_heads\":1,\"head_dim\":4,\"vocab_size\":16}", &m,
                  "llama4 without max positions"))
        CHECK(m.sliding_window == 8, "llama4: chunk 8 kept without max positions (%lld)", (long long)m.sliding_window);

    /* Llama 4 with layer_types: the listed chunked layers (1 of 3), not the interval rule (3 of 3). */
    if (config_ok("{\"model_type\":\"llama4_text\",\"attention_chunk_size\":8,"
                  "\"layer_types\":[\"chunked_attention\",\"full_attention\",\"full_attention\"]," TINY_TEXT "}", &m,
                  "llama4 layer_types"))
        CHECK(m.sliding_layers == 1 && m.sliding_window == 8, "llama4 layer_types: 1 chunked layer (%lld)", (long long)m.sliding_layers);
    /* Jamba's dt_rank auto is ceil(hidden / 16): 17 -> 2. */
    if (config_ok("{\"model_type\":\"jamba\",\"attn_layer_period\":2,\"attn_layer_offset\":1,\"mamba_expand\":1,\"hidden_size\":17,"
                  "\"intermediate_size\":10,\"num_hidden_layers\":3,\"num_attention_heads\":1,\"num_key_value_heads\":1,"
                  "\"vocab_size\":16}", &m, "jamba hidden 17"))
        CHECK(m.mamba_dt_rank == 2, "jamba: dt_rank auto ceil(17/16) = 2 (%lld)", (long long)m.mamba_dt_rank);
    snprintf(json, sizeof json, "{%s\"mamba_dt_rank\":-1," TINY_TEXT "}", jb);
    config_refused_range(json, "config.mamba_dt_rank", "from 1 to", "jamba dt_rank -1");
    snprintf(json, sizeof json, "{%s\"num_experts\":2,\"num_experts_per_tok\":1,\"expert_layer_period\":2,\"expert_layer_offset\":-1," TINY_TEXT "}", jb);
    config_refused_range(json, "config.expert_layer_offset", "from 0 to 1", "jamba expert offset -1");
    snprintf(json, sizeof json, "{%s\"num_experts\":2,\"num_experts_per_tok\":1,\"expert_layer_period\":3,\"expert_layer_offset\":0," TINY_TEXT "}", jb);
    if (config_ok(json, &m, "jamba expert offset 0")) CHECK(m.moe_layers == 1, "jamba: MoE on layer 0 only of 3 (%lld)", (long long)m.moe_layers);
    /* Llama 4 with one routed expert: still MoE on every layer (step 1), with its shared expert as wide as it. */
    if (config_ok("{\"model_type\":\"llama4_text\",\"num_local_experts\":1,\"num_experts_per_tok\":1,\"attention_chunk_size\":0," TINY_TEXT "}",
                  &m, "llama4 one expert"))
        CHECK(m.moe_layers == 3 && m.shared_intermediate == 10, "llama4 one expert: 3 MoE layers, shared width 10 (%lld, %lld)",
              (long long)m.moe_layers, (long long)m.shared_intermediate);
    /* Gemma 2 alternates from layer 0: 3 layers, 2 local. */
    if (config_ok("{\"model_type\":\"gemma2\",\"sliding_window\":4," TINY_TEXT "}", &m, "gemma2 3 layers"))
        CHECK(m.sliding_layers == 2, "gemma2: layers 0 and 2 local (%lld)", (long long)m.sliding_layers);
    /* sliding_window_pattern 2 of 3 layers: layer 1 global, 2 local; pattern 1: all global. */
    if (config_ok("{\"model_type\":\"llama\",\"sliding_window\":4,\"sliding_window_pattern\":2," TINY_TEXT "}", &m, "pattern 2"))
        CHECK(m.sliding_layers == 2, "pattern 2 of 3: 2 local (%lld)", (long long)m.sliding_layers);
    if (config_ok("{\"model_type\":\"llama\",\"sliding_window\":4,\"sliding_window_pattern\":1," TINY_TEXT "}", &m, "pattern 1"))
        CHECK(m.sliding_layers == 0, "pattern 1: none local (%lld)", (long long)m.sliding_layers);
    /* Qwen's max_window_layers (with use_sliding_window, off by Qwen2Config's default): layers from it on slide; absent, the class default 28 exceeds 3 layers: none. */
    if (config_ok("{\"model_type\":\"qwen2\",\"sliding_window\":4,\"use_sliding_window\":true,\"max_window_layers\":1," TINY_TEXT "}", &m, "qwen2 max_window_layers 1"))
        CHECK(m.sliding_layers == 2, "qwen2: layers 1, 2 slide (%lld)", (long long)m.sliding_layers);
    if (config_ok("{\"model_type\":\"qwen2\",\"sliding_window\":4,\"use_sliding_window\":true," TINY_TEXT "}", &m, "qwen2 default max_window_layers"))
        CHECK(m.sliding_layers == 0, "qwen2: default 28 >= 3 layers, none slide (%lld)", (long long)m.sliding_layers);
    if (config_ok("{\"model_type\":\"qwen2\",\"sliding_window\":4,\"use_sliding_window\":false," TINY_TEXT "}", &m, "qwen2 window off"))
        CHECK(m.sliding_layers == 0 && m.sliding_window == 0, "qwen2: use_sliding_window false, no window");
    if (config_ok("{\"model_type\":\"mistral\",\"sliding_window\":4," TINY_TEXT "}", &m, "mistral window"))
        CHECK(m.sliding_layers == 3, "mistral: every layer slides (%lld)", (long long)m.sliding_layers);

    /* mlp_only_layers past the first byte of the bitmap: L = 10, layers 7, 8, 9 dense: 7 MoE layers. */
    if (config_ok("{\"model_type\":\"qwen3_moe\",\"num_experts\":2,\"num_experts_per_tok\":1,\"moe_intermediate_size\":6,"
                  "\"mlp_only_layers\":[7,8,9],\"hidden_size\":8,\"intermediate_size\":10,\"num_hidden_layers\":10,"
                  "\"num_attention_heads\":2,\"num_key_value_heads\":1,\"head_dim\":4,\"vocab_size\":16}", &m, "mlp_only_layers 7..9"))
        CHECK(m.moe_layers == 7, "mlp_only_layers [7,8,9] of 10: 7 MoE layers (%lld)", (long long)m.moe_layers);
    /* decoder_sparse_step 2 and moe_layer_freq 2 from first_k_dense_replace 1 over 10 layers. */
    if (config_ok("{\"model_type\":\"qwen3_moe\",\"num_experts\":2,\"num_experts_per_tok\":1,\"moe_intermediate_size\":6,"
                  "\"decoder_sparse_step\":2,\"hidden_size\":8,\"intermediate_size\":10,\"num_hidden_layers\":10,"
                  "\"num_attention_heads\":2,\"num_key_value_heads\":1,\"head_dim\":4,\"vocab_size\":16}", &m, "sparse step 2"))
        CHECK(m.moe_layers == 5, "decoder_sparse_step 2 of 10: layers 1, 3, 5, 7, 9 (%lld)", (long long)m.moe_layers);
    if (config_ok("{\"model_type\":\"deepseek_v3\",\"n_routed_experts\":2,\"num_experts_per_tok\":1,\"moe_intermediate_size\":6,"
                  "\"first_k_dense_replace\":1,\"moe_layer_freq\":3,\"hidden_size\":8,\"intermediate_size\":10,\"num_hidden_layers\":10,"
                  "\"num_attention_heads\":2,\"num_key_value_heads\":1,\"head_dim\":4,\"vocab_size\":16}", &m, "moe_layer_freq 3"))
        CHECK(m.moe_layers == 3, "first_k_dense_replace 1, freq 3 of 10: layers 1, 4, 7 (%lld)", (long long)m.moe_layers);

    /* 0 heads is refused before head_dim = hidden / heads is computed. */
    config_refused_range("{\"model_type\":\"llama\",\"hidden_size\":8,\"num_hidden_layers\":1,\"num_attention_heads\":0,"
                         "\"vocab_size\":16,\"intermediate_size\":4}",
                         "config.num_attention_heads", "from 1 to", "0 heads");
    config_refused_range("{\"model_type\":\"llama\",\"hidden_size\":8,\"num_hidden_layers\":0,\"num_attention_heads\":2,"
                         "\"vocab_size\":16,\"intermediate_size\":4}",
                         "config.num_hidden_layers", "from 1 to", "0 layers");
    config_refused_range("{\"model_type\":\"llama\",\"hidden_size\":0,\"num_hidden_layers\":1,\"num_attention_heads\":2,"
                         "\"vocab_size\":16,\"intermediate_size\":4}",
                         "config.hidden_size", "from 1 to", "hidden 0");
    config_refused_range("{\"model_type\":\"llama\",\"hidden_size\":8,\"num_hidden_layers\":1,\"num_attention_heads\":2,"
                         "\"vocab_size\":0,\"intermediate_size\":4}",
                         "config.vocab_size", "from 1 to", "vocab 0");
    config_refused_range("{\"model_type\":\"llama\",\"hidden_size\":8,\"num_hidden_layers\":1,\"num_attention_heads\":2,"
                         "\"num_key_value_heads\":0,\"vocab_size\":16,\"intermediate_size\":4}",
                         "config.num_key_value_heads", "from 1 to", "0 KV heads");
    config_refused_range("{\"model_type\":\"llama\",\"hidden_size\":8,\"num_hidden_layers\":1,\"num_attention_heads\":2,"
                         "\"head_dim\":0,\"vocab_size\":16,\"intermediate_size\":4}",
                         "config.head_dim", "from 1 to", "head_dim 0");
}

/* Mistral 3's spatial_merge_size runs 1..1024. Pixtral tower H 4, I 5, L 2, C 3, patch 2 under a text model of T = 8:
 *   tower C*p^2*h + h + L*(2h + 4h^2 + 3hi) = 48 + 4 + 2*(8 + 64 + 60) = 316
 *   projector h + h*merge^2*h + h*T + T^2 (no bias): merge 1: 4 + 16 + 32 + 64 = 116: 432 in all. */
#define MERGE_FMT                                                                                                 \
    "{\"model_type\":\"mistral3\",\"spatial_merge_size\":%s,\"text_config\":{\"model_type\":\"mistral\","          \
    "\"sliding_window\":16," TINY_TEXT "},\"vision_config\":{\"hidden_size\":4,\"intermediate_size\":5,"            \
    "\"num_hidden_layers\":2,\"num_channels\":3,\"patch_size\":2}}"
static void merge_size_ends(void) {
    char json[1024];
    rl_model m;
    snprintf(json, sizeof json, MERGE_FMT, "1");
    if (config_ok(json, &m, "merge 1")) CHECK(m.params_vision == 432.0, "pixtral merge 1: 432 (%.0f)", m.params_vision);
    snprintf(json, sizeof json, MERGE_FMT, "0");
    config_refused_range(json, "config.spatial_merge_size", "from 1 to 1024", "merge 0");
    snprintf(json, sizeof json, MERGE_FMT, "1024");
    if (config_ok(json, &m, "merge 1024")) CHECK(m.params_vision > 432.0, "pixtral merge 1024 counts more than merge 1");
    snprintf(json, sizeof json, MERGE_FMT, "1025");
    config_refused_range(json, "config.spatial_merge_size", "from 1 to 1024", "merge 1025");
}

/* The defaults table's accessors: the ends of the table, and no default for a missing type. */
static void defaults_table(void) {
    size_t n = rl_config_default_count();
    CHECK(n > 100, "the defaults table has its rows (%zu)", n);
    CHECK(rl_config_default_at(n) == NULL, "no row past the last");
    CHECK(rl_config_default_at(n - 1) != NULL && rl_config_source_of(rl_config_default_at(n - 1)) != NULL,
          "the last row and its source");
    const rl_config_default *first = rl_config_default_at(0);
    CHECK(first != NULL && rl_config_source_of(first) != NULL, "the first row and its source");
    CHECK(rl_config_source_of(NULL) == NULL, "no source for no row");
    rl_config_default bad = {"x", "y", 0, -1};
    CHECK(rl_config_source_of(&bad) == NULL, "no source -1");
    bad.source = 1000;
    CHECK(rl_config_source_of(&bad) == NULL, "no source 1000");
    int64_t d = -7;
    CHECK(!rl_config_default_int(NULL, "vocab_size", &d) && d == -7, "no default for a NULL type");
    CHECK(!rl_config_default_int("", "vocab_size", &d) && d == -7, "no default for an empty type");
    CHECK(!rl_config_default_int("gemma3_tex", "vocab_size", &d) && d == -7, "no default for a prefix of a type");
    CHECK(!rl_config_default_int("gemma3_text", "vocab_siz", &d) && d == -7, "no default for a prefix of a field");
    /* Every row answers for its own (type, field) with its own value (the first row of a pair). */
    for (size_t i = 0; i < n; i++) {
        const rl_config_default *r = rl_config_default_at(i);
        CHECK(rl_config_default_int(r->model_type, r->field, &d), "row %zu (%s.%s) is found", i, r->model_type, r->field);
        bool earlier = false;
        for (size_t j = 0; j < i; j++) {
            const rl_config_default *q = rl_config_default_at(j);
            if (strcmp(q->model_type, r->model_type) == 0 && strcmp(q->field, r->field) == 0) earlier = true;
        }
        CHECK(!earlier, "row %zu (%s.%s) is the only one for its pair", i, r->model_type, r->field);
        CHECK(d == r->value, "row %zu (%s.%s): %lld", i, r->model_type, r->field, (long long)r->value);
    }
    CHECK(rl_config_text_type(NULL) == NULL && rl_config_text_type("") == NULL && rl_config_text_type("gemma") == NULL,
          "no text type for NULL, \"\" or gemma");
    const char *const pairs[][2] = {{"gemma3", "gemma3_text"}, {"llama4", "llama4_text"}, {"mistral3", "mistral"},
                                    {"qwen2_5_vl", "qwen2_5_vl_text"}};
    for (size_t i = 0; i < 4; i++) {
        const char *t = rl_config_text_type(pairs[i][0]);
        CHECK(t != NULL && strcmp(t, pairs[i][1]) == 0, "%s's text_config is a %s (%s)", pairs[i][0], pairs[i][1], t ? t : "NULL");
    }
}

/* Qwen3-VL with a spatial merge size other than its temporal patch size (f2026: the two were equal in every
 * other check). Depth 2, H 4, I 5, C 3, patch 2, 9 positions, out 7, deepstack [0,1]:
 *   temporal 2, merge 3 (hm = h·merge² = 36):
 *     patch = C·tp·p²·h + h = 3·2·4·4 + 4 = 100; positions 9·4 = 36;
 *     block = 2(2h) + (3h²+3h) + (h²+h) + (hi+i) + (ih+h) = 16 + 60 + 20 + 25 + 24 = 145, two of them 290;
 *     mlp = (hm²+hm) + (hm·o+o) = (1296+36) + (252+7) = 1591; merger 2h + mlp = 1599;
 *     each deepstack merger 2hm + mlp = 72 + 1591 = 1663, two of them 3326;
 *     100 + 36 + 290 + 1599 + 3326 = 5351.
 *   temporal 3, merge 2 (hm = 16): patch = 3·3·4·4 + 4 = 148; mlp = 272 + 119 = 391; merger 399;
 *     deepstack 2·(32 + 391) = 846; 148 + 36 + 290 + 399 + 846 = 1719. */
#define QWEN3_VL_FMT                                                                                              \
    "{\"model_type\":\"qwen3_vl\",\"text_config\":{\"model_type\":\"qwen3_vl_text\"," TINY_TEXT "},"             \
    "\"vision_config\":{\"depth\":2,\"hidden_size\":4,\"intermediate_size\":5,\"in_channels\":3,\"patch_size\":2," \
    "\"temporal_patch_size\":%d,\"spatial_merge_size\":%d,\"out_hidden_size\":7,\"num_position_embeddings\":9,"  \
    "\"deepstack_visual_indexes\":[0,1]}}"
static void qwen3_vl_merge_not_temporal(void) {
    char json[1024];
    rl_model m;
    snprintf(json, sizeof json, QWEN3_VL_FMT, 2, 3);
    if (config_ok(json, &m, "qwen3-vl temporal 2 merge 3"))
        CHECK(m.params_vision == 5351.0, "qwen3-vl temporal 2, merge 3: 5351 (%.0f)", m.params_vision);
    snprintf(json, sizeof json, QWEN3_VL_FMT, 3, 2);
    if (config_ok(json, &m, "qwen3-vl temporal 3 merge 2"))
        CHECK(m.params_vision == 1719.0, "qwen3-vl temporal 3, merge 2: 1719 (%.0f)", m.params_vision);
}

/* spec_draft "mtp" on DeepSeek-V3 (tests/configs/deepseek-ai--DeepSeek-V3.json): the parameters one draft token
 * touches (f2026). H = 7168, V = 129280, one MTP module, 128 heads, q_lora 1536, kv_lora 512, nope 128, rope 64,
 * v 128, 256 routed experts of I = 2048, 8 per token, 1 shared expert. The module:
 *   attention: q_a H·1536 = 11,010,048 + q_a norm 1536 + q_b 1536·128·192 = 37,748,736
 *              + kv_a H·576 = 4,128,768 + kv_a norm 512 + kv_b 512·128·256 = 16,777,216 + o 128·128·H = 117,440,512
 *              = 187,107,328;
 *   two layer norms 2H = 14,336; router 256·H = 1,835,008 + its score bias 256;
 *   one expert 3·H·2048 = 44,040,192, 256 routed = 11,274,289,152, 1 shared = 44,040,192;
 *   eh_proj 2H·H = 102,760,448; enorm, hnorm, shared_head.norm 3H = 21,504;
 *   total 11,610,068,224.
 * Active: the module less its 256 - 8 = 248 unrouted experts (248·44,040,192 = 10,921,967,616), plus the
 * shared LM head V·H = 129280·7168 = 926,679,040: 688,100,608 + 926,679,040 = 1,614,779,648. */
static rl_run mtp_run; /* rl_run is large */
static void mtp_draft_active(void) {
    const char *req = "{\"model\":\"deepseek-v3\",\"gpu\":\"h200-sxm\",\"tp\":8,\"spec_tokens\":2,\"spec_draft\":\"mtp\","
                      "\"spec_accept\":0.7}";
    rl_run_request(req, strlen(req), NULL, 0, &mtp_run);
    CHECK(mtp_run.status == RL_OK, "deepseek-v3 with the mtp draft runs (%s)", mtp_run.error.message);
    CHECK(mtp_run.deploy.draft.params_total == 11610068224.0 && mtp_run.deploy.draft.modules == 1.0,
          "mtp draft holds one module of 11,610,068,224 (%.0f)", mtp_run.deploy.draft.params_total);
    CHECK(mtp_run.deploy.draft.params_active == 1614779648.0, "mtp draft touches 1,614,779,648 a token (%.0f)",
          mtp_run.deploy.draft.params_active);
}

int main(void) {
    finish_dense();
    finish_moe();
    finish_mla();
    finish_linear();
    finish_mamba();
    unmodeled_layers();
    reader();
    reader_ends();
    defaults_table();
    merge_size_ends();
    qwen3_vl_merge_not_temporal();
    mtp_draft_active();
    printf("model_mutants: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
