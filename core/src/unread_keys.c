/* A model_type the reader does not know by name is read through the standard
 * fields: a Llama-style decoder. That is right for the many Llama derivatives
 * published under their own type (InternLM, Yi's early configs), and wrong,
 * silently, for one whose config carries a structural field under its own
 * name: Ling 2.0's num_shared_experts, ERNIE 4.5's moe_num_experts, an
 * InternLM's `bias: true`. Read as a Llama those weights are simply missing.
 *
 * So for such a type every field whose name says it shapes the weights (an
 * expert, a bias, a norm, a block, a convolution ...) and that the reader does
 * not read must be off (false, 0, null, empty); one that is on is refused,
 * naming it, with the way out: the checkpoint's index sizes the weights. Names
 * that only tune numerics or training (epsilons, dropouts, initialisers, rope,
 * routing losses and scales) are not structural. */
#include "internal.h"

#include <string.h>

/* Types the reader knows by name: their fields are read by a rule (model.c, families.c,
 * config_defaults.c), and what they do not read does not change a count. */
static const char *const known[] = {
    "llama", "mistral", "mixtral", "qwen2", "qwen2_moe", "qwen3", "qwen3_moe", "qwen3_next", "qwen2_vl", "qwen2_vl_text",
    "qwen2_5_vl", "qwen2_5_vl_text", "qwen3_vl", "qwen3_vl_text", "qwen3_vl_moe", "qwen3_vl_moe_text", "deepseek_v2",
    "deepseek_v3", "gpt_oss", "phi3", "gemma", "gemma2", "gemma3", "gemma3_text", "llama4", "llama4_text", "mistral3",
    "cohere", "cohere2", "smollm3", "olmo2", "olmo3", "falcon_h1", "jamba", "glm4_moe", "bailing_moe", "granite",
    "granitemoe", "fuyu", "lfm2", "nemotron-nas",
};

/* Words that mark a field as shaping the weights. */
static const char *const structural[] = {
    "expert", "moe", "shared", "lora", "conv", "mamba", "ssm", "block", "ffn", "mlp", "bias", "norm", "layer",
    "window", "attn", "head", "inner", "embed", "proj", "dense", "rank", "state", "gate", "cross", "encoder",
    "decoder", "altup", "laurel", "nextn", "mtp", "residual",
};

/* Words that mark it as numerics, training or bookkeeping, whatever else it says. */
static const char *const numeric[] = {
    "eps", "dropout", "pdrop", "init", "range", "token_id", "act", "rope", "theta", "scaling", "dtype", "version",
    "auto_map", "cache", "name", "output_", "return_", "aux", "z_loss", "capacity", "jitter", "topk", "scoring",
    "routed_scaling", "n_group", "logit", "softcap", "scale", "multiplier", "softmax", "fp32", "implementation",
    "max_position", "pretraining_tp", "gradient", "layerdrop", "is_decoder", "add_cross_attention",
};

/* The fields the reader reads, in any type: they are not unread. */
static const char *const read_fields[] = {
    "num_hidden_layers", "hidden_size", "num_attention_heads", "num_key_value_heads", "head_dim", "vocab_size",
    "intermediate_size", "attention_bias", "mlp_bias", "use_qk_norm", "tie_word_embeddings", "use_sliding_window",
    "sliding_window", "layer_types", "sliding_window_pattern", "max_window_layers", "num_experts", "num_local_experts",
    "n_routed_experts", "num_experts_per_tok", "experts_per_token", "moe_intermediate_size", "n_shared_experts",
    "shared_expert_intermediate_size", "decoder_sparse_step", "first_k_dense_replace", "moe_layer_freq",
    "mlp_only_layers", "kv_lora_rank", "q_lora_rank", "qk_nope_head_dim", "qk_rope_head_dim", "v_head_dim",
    "num_nextn_predict_layers", "text_config", "vision_config", "is_encoder_decoder",
};

static bool in_list(const char *key, const char *const *list, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (strcmp(key, list[i]) == 0) return true;
    return false;
}

static bool mentions(const char *key, const char *const *words, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (strstr(key, words[i]) != NULL) return true;
    return false;
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Off: null, false, 0, "", [] or {}. */
static bool is_off(const rl_jdoc *doc, int v) {
    const rl_jtok *t = &doc->tok[v];
    if (t->type == RL_J_OBJECT || t->type == RL_J_ARRAY) return t->size == 0;
    const char *s = doc->text + t->start;
    size_t n = (size_t)(t->end - t->start);
    if (t->type == RL_J_STRING) return n == 0;
    if ((n == 4 && memcmp(s, "null", 4) == 0) || (n == 5 && memcmp(s, "false", 5) == 0)) return true;
    /* A number is off when it is zero: digits, signs, points and exponents with no digit but 0. */
    bool zero = n > 0 && n < 32;
    for (size_t i = 0; zero && i < n; i++) zero = strchr("0+-.eE", s[i]) != NULL;
    return zero;
}

bool rl_model_type_known(const char *model_type) {
    return in_list(model_type, known, COUNT(known)) || rl_family_of(model_type) != NULL;
}

rl_status rl_refuse_unread_keys(const rl_jdoc *doc, int obj, const char *model_type, rl_error *err) {
    if (model_type[0] == '\0' || rl_model_type_known(model_type)) return RL_OK;
    int k = obj + 1;
    for (int i = 0; i < doc->tok[obj].size; i++, k = rl_jnext(doc, k + 1)) {
        char key[64];
        const rl_jtok *t = &doc->tok[k];
        size_t n = (size_t)(t->end - t->start);
        int v = k + 1;
        if (n >= sizeof key) continue;
        memcpy(key, doc->text + t->start, n);
        key[n] = '\0';
        if (in_list(key, read_fields, COUNT(read_fields)) || !mentions(key, structural, COUNT(structural)) ||
            mentions(key, numeric, COUNT(numeric)) || is_off(doc, v))
            continue;
        char field[80];
        memcpy(field, "config.", 7);
        memcpy(field + 7, key, n + 1);
        return rl_fail(err, RL_E_UNSUPPORTED, field,
                       "%s: model_type \"%s\" is not one the reader knows by name, and %s would shape its weights "
                       "but is not read: refused rather than counted without it. Give the checkpoint's "
                       "model.safetensors.index.json (--index) to size the weights from it",
                       field, model_type, key);
    }
    return RL_OK;
}
