/* How the classic decoder families lay out their layers, where they differ
 * from the gated-MLP, RMSNorm decoder (Llama, Qwen, Mistral) the reader
 * otherwise assumes.
 *
 * GPT-2, GPT-J, GPT-NeoX (Pythia), OPT, BLOOM, Falcon, Phi and StarCoder2
 * run a plain MLP (an up and a down projection, no gate), LayerNorms with a
 * bias, biases on most linear layers, and some a learned position table. Read
 * as a Llama, a GPT-NeoX would be counted with a third MLP matrix: 1.5x its
 * MLP, silently. One row per model_type says what its modeling file builds;
 * the key names its config class maps (attribute_map: GPT-2's n_layer for
 * num_hidden_layers) are the second table. Each row was checked against a
 * published total (tests/configs/manifest.json, tests/c/families_test.c).
 *
 * The files read: github.com/huggingface/transformers at the commit given
 * (configuration_*.py for the keys and defaults; the modeling files of the
 * same folders for the layers). */
#include "internal.h"

#include <string.h>

#define TF "src/transformers/models/"

static const rl_family families[] = {
    /* GPT2Model: wte, wpe (n_positions rows), per layer ln_1, c_attn (H -> 3H, biased), c_proj
     * (biased), ln_2, mlp c_fc (H -> n_inner, 4H by default) and c_proj, both biased; ln_f. The LM
     * head is tied (PretrainedConfig's tie_word_embeddings). */
    {"gpt2", 1, RL_BIAS_ALWAYS, RL_BIAS_ALWAYS, RL_BIAS_ALWAYS, NULL, 1, 2, "n_inner", 4, 1, 1, 0, 0, 0, NULL,
     TF "gpt2/configuration_gpt2.py", "01ae98ae2414210efd0d9ac1ffe78ff21588f1f7"},
    /* GPTBigCodeModel (SantaCoder, StarCoder 1): GPT-2's layout; multi_query (default True) gives
     * one key/value head (num_key_value_heads = 1 if multi_query else n_head). */
    {"gpt_bigcode", 1, RL_BIAS_ALWAYS, RL_BIAS_ALWAYS, RL_BIAS_ALWAYS, NULL, 1, 2, "n_inner", 4, 1, 1, 0, 0, 0, "multi_query",
     TF "gpt_bigcode/configuration_gpt_bigcode.py", "05ff2e98e4461ece6e706435e2a57834bb4f985f"},
    /* GPTJModel: rotary, one ln_1 per layer (attention and MLP in parallel), q/k/v/out_proj without
     * bias, fc_in and fc_out with; ln_f; lm_head with a bias. */
    {"gptj", 1, RL_BIAS_NEVER, RL_BIAS_NEVER, RL_BIAS_ALWAYS, NULL, 1, 1, "n_inner", 4, 1, 0, 0, 0, 1, NULL,
     TF "gptj/configuration_gptj.py", "0bedd3309fc97281835ab2f1a8e967a9d1a27c9e"},
    /* GPTNeoXModel (Pythia): query_key_value and dense biased by attention_bias (default True),
     * dense_h_to_4h and dense_4h_to_h always; input and post-attention LayerNorms (both, parallel
     * residual or not); final_layer_norm; embed_out untied by default. */
    {"gpt_neox", 1, RL_BIAS_GENERIC, RL_BIAS_GENERIC, RL_BIAS_ALWAYS, NULL, 1, 2, "intermediate_size", 0, 1, 0, 0, 0, 0, NULL,
     TF "gpt_neox/configuration_gpt_neox.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    /* OPTDecoder: embed_tokens, embed_positions (max_position_embeddings + 2 rows: the offset of
     * OPTLearnedPositionalEmbedding), per layer q/k/v/out_proj, self_attn_layer_norm, fc1 (ffn_dim),
     * fc2, final_layer_norm, biased by enable_bias (default True); the decoder's final_layer_norm.
     * word_embed_proj_dim other than hidden_size (OPT-350m's project_in/out) is refused. */
    {"opt", 1, RL_BIAS_KEY, RL_BIAS_KEY, RL_BIAS_KEY, "enable_bias", 1, 2, "ffn_dim", 0, 1, 1, 2, 0, 0, NULL,
     TF "opt/configuration_opt.py", "014674d38b61e5c7109e89d496bd699121a8aa4e"},
    /* BloomModel: word_embeddings, word_embeddings_layernorm, ALiBi (no position table), per
     * layer input_layernorm, query_key_value, dense, post_attention_layernorm, dense_h_to_4h
     * (always 4H: BloomMLP reads no width) and dense_4h_to_h, all biased; ln_f; tied. */
    {"bloom", 1, RL_BIAS_ALWAYS, RL_BIAS_ALWAYS, RL_BIAS_ALWAYS, NULL, 1, 2, NULL, 4, 1, 0, 0, 1, 0, NULL,
     TF "bloom/configuration_bloom.py", "04efa883e0ad40da203df78a0eee902b460ee3cd"},
    /* FalconModel: query_key_value (q + 2 kv heads), dense, dense_h_to_4h (ffn_hidden_size, 4H by
     * default), dense_4h_to_h, biased by `bias` (default False); one or two LayerNorms per layer and
     * the key/value heads by multi_query / new_decoder_architecture (model.c, read_falcon); ln_f;
     * the LM head tied. */
    {"falcon", 1, RL_BIAS_KEY, RL_BIAS_KEY, RL_BIAS_KEY, "bias", 1, 0, "ffn_hidden_size", 4, 1, 0, 0, 0, 0, NULL,
     TF "falcon/configuration_falcon.py", "5fd8edad2a672d6a10d6352b62b823d56c3032bf"},
    /* PhiModel (phi-1.5, phi-2): q/k/v_proj and dense biased, fc1 and fc2 biased, one
     * input_layernorm per layer (parallel attention and MLP), final_layernorm, lm_head with a bias;
     * qk_layernorm adds a LayerNorm over q and over k heads. */
    {"phi", 1, RL_BIAS_ALWAYS, RL_BIAS_ALWAYS, RL_BIAS_ALWAYS, NULL, 1, 1, "intermediate_size", 0, 1, 0, 0, 0, 1, NULL,
     TF "phi/configuration_phi.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    /* Starcoder2Model: q/k/v/o_proj, mlp c_fc and c_proj, biased by use_bias (default True); two
     * LayerNorms per layer and a final one; tied by default. */
    {"starcoder2", 1, RL_BIAS_KEY, RL_BIAS_KEY, RL_BIAS_KEY, "use_bias", 1, 2, "intermediate_size", 0, 1, 0, 0, 0, 0, NULL,
     TF "starcoder2/configuration_starcoder2.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    /* PersimmonModel (Persimmon-8B, and Fuyu-8B's language model): query_key_value and dense biased,
     * dense_h_to_4h and dense_4h_to_h biased (a plain relu^2 MLP), input and post-attention
     * LayerNorms, final_layernorm; qk_layernorm (default True) adds a LayerNorm with a bias over q
     * heads and over k heads; lm_head untied, without bias. */
    {"persimmon", 1, RL_BIAS_ALWAYS, RL_BIAS_ALWAYS, RL_BIAS_ALWAYS, NULL, 1, 2, "intermediate_size", 0, 1, 0, 0, 0, 0, NULL,
     TF "persimmon/configuration_persimmon.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    /* QWenLMHeadModel (Qwen 1, remote code modeling_qwen.py): c_attn (H -> 3H) always biased,
     * c_proj, w1, w2 and the MLP's c_proj biased only without no_bias (every published config says
     * true); the MLP is gated, w1 and w2 each intermediate_size / 2 wide; RMSNorms. Qwen-7B counts
     * its published 7,721,324,544 so. */
    {"qwen", 0, RL_BIAS_ALWAYS, RL_BIAS_NEVER, RL_BIAS_NEVER, NULL, 0, 2, "intermediate_size", 0, 2, 0, 0, 0, 0, NULL,
     "Qwen/Qwen-7B modeling_qwen.py (remote code)", "-"},
    /* StableLmForCausalLM (stablelm, and stablelm_epoch's remote code before it): the Llama's gated
     * MLP and attention, LayerNorms with a bias, q/k/v biased by use_qkv_bias (default False). */
    {"stablelm", 0, RL_BIAS_KEY, RL_BIAS_NEVER, RL_BIAS_NEVER, "use_qkv_bias", 1, 2, "intermediate_size", 0, 1, 0, 0, 0, 0, NULL,
     TF "stablelm/configuration_stablelm.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    {"stablelm_epoch", 0, RL_BIAS_KEY, RL_BIAS_NEVER, RL_BIAS_NEVER, "use_qkv_bias", 1, 2, "intermediate_size", 0, 1, 0, 0, 0, 0, NULL,
     TF "stablelm/configuration_stablelm.py", "008e574391258935f3ecc3035c882e73bbcac419"},
};

/* attribute_map and the kwargs a class folds into a standard name: the file's key when the
 * standard one is absent. */
static const rl_config_alias aliases[] = {
    {"gpt2", "num_hidden_layers", "n_layer"},
    {"gpt2", "hidden_size", "n_embd"},
    {"gpt2", "num_attention_heads", "n_head"},
    {"gpt2", "max_position_embeddings", "n_positions"},
    {"gpt_bigcode", "num_hidden_layers", "n_layer"},
    {"gpt_bigcode", "hidden_size", "n_embd"},
    {"gpt_bigcode", "num_attention_heads", "n_head"},
    {"gpt_bigcode", "max_position_embeddings", "n_positions"},
    {"gptj", "num_hidden_layers", "n_layer"},
    {"gptj", "hidden_size", "n_embd"},
    {"gptj", "num_attention_heads", "n_head"},
    {"gptj", "max_position_embeddings", "n_positions"},
    {"bloom", "num_hidden_layers", "n_layer"},
    {"bloom", "num_attention_heads", "n_head"},
    {"bloom", "hidden_size", "n_embed"},
    {"falcon", "num_hidden_layers", "n_layer"},
    {"falcon", "num_attention_heads", "n_head"},
    {"falcon", "hidden_size", "n_embed"},
    {"falcon", "num_kv_heads", "n_head_kv"},
    {"opt", "hidden_size", "d_model"},
};

/* Types that name a remote-code class whose layout hangs on code, not fields: refused by name.
 * Falcon's first configs (configuration_RW.py, 2023) switch to the new decoder by hidden_size
 * in vLLM's copy ("Hack for falcon-40b"); the Hub's current config.json of these models says
 * model_type "falcon", which is modeled. */
static const struct {
    const char *model_type, *why;
} refused_types[] = {
    {"RefinedWeb", "Falcon's 2023 remote-code config (configuration_RW.py), whose layout the remote code decides; "
                   "the model's current config.json on the Hub, model_type \"falcon\", is modeled"},
    {"RefinedWebModel", "Falcon's 2023 remote-code config (configuration_RW.py), whose layout the remote code decides; "
                        "the model's current config.json on the Hub, model_type \"falcon\", is modeled"},
};

const char *rl_family_refused(const char *model_type) {
    if (model_type == NULL) return NULL;
    for (size_t i = 0; i < sizeof refused_types / sizeof refused_types[0]; i++)
        if (strcmp(refused_types[i].model_type, model_type) == 0) return refused_types[i].why;
    return NULL;
}

size_t rl_family_count(void) { return sizeof families / sizeof families[0]; }

const rl_family *rl_family_at(size_t i) { return i < rl_family_count() ? &families[i] : NULL; }

const rl_family *rl_family_of(const char *model_type) {
    if (model_type == NULL) return NULL;
    for (size_t i = 0; i < rl_family_count(); i++)
        if (strcmp(families[i].model_type, model_type) == 0) return &families[i];
    return NULL;
}

const char *rl_config_alias_of(const char *model_type, const char *key) {
    if (model_type == NULL || key == NULL) return NULL;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcmp(aliases[i].model_type, model_type) == 0 && strcmp(aliases[i].key, key) == 0) return aliases[i].alias;
    return NULL;
}
