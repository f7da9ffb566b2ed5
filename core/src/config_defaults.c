/* The values transformers gives a config.json field that the file leaves out.
 *
 * A config.json as published on the Hugging Face Hub names only the fields
 * that differ from its config class's defaults (google/gemma-3-27b-it gives no
 * vocab_size: Gemma3TextConfig says 262208). transformers fills the rest from
 * the class, so the reader must too, or it refuses a file that every engine
 * loads. One row per (model_type, field): the default as the class's
 * __init__ / dataclass field gives it, and the file it was read from
 * (huggingface/transformers, path, commit). tests/configs/README.md lists the
 * same table for people; tests/configs/defaults.test.mjs checks that the two
 * agree row for row.
 *
 * Only numbers and booleans (1/0) are listed. A default of None is not a row:
 * the reader's own fallback for an absent field already is what None means
 * (num_key_value_heads = num_attention_heads, head_dim = hidden/heads, no
 * sliding window).
 *
 * Left out on purpose, though the classes give them defaults: the fields that
 * size the model (num_hidden_layers, hidden_size, intermediate_size,
 * moe_intermediate_size, the expert count and num_experts_per_tok) and
 * max_position_embeddings. Every published config spells the sizes out; one
 * that lacks them is cut short or hand-written, and filling them with the
 * class's 7B-style example would analyse a model nobody asked about, so the
 * reader names the missing field instead. max_position_embeddings only feeds a
 * warning, and the class default (2048 for llama) is not the checkpoint's
 * trained context. */
#include "internal.h"

#include <string.h>

enum {
    SRC_GEMMA3,
    SRC_GEMMA2,
    SRC_LLAMA,
    SRC_LLAMA4,
    SRC_MISTRAL,
    SRC_MIXTRAL,
    SRC_QWEN2,
    SRC_QWEN3,
    SRC_QWEN3_MOE,
    SRC_QWEN2_5_VL,
    SRC_PHI3,
    SRC_DEEPSEEK_V3,
    SRC_GPT_OSS,
    SRC_MISTRAL3,
    SRC_SIGLIP,
    SRC_FALCON_H1,
    SRC_PIXTRAL,
    SRC_JAMBA,
    SRC_COHERE,
    SRC_COHERE2,
    SRC_SMOLLM3,
    SRC_GPT2,
    SRC_GPT_BIGCODE,
    SRC_GPT_NEOX,
    SRC_OPT,
    SRC_BLOOM,
    SRC_FALCON,
    SRC_PHI,
    SRC_STARCODER2,
    SRC_STABLELM,
    SRC_PERSIMMON,
    SRC_FUYU,
    SRC_QWEN2_VL,
    SRC_LFM2,
    SRC_GEMMA,
    SRC_GRANITEMOE,
    SRC_GLM4_MOE,
    SRC_COUNT_
};

static const rl_config_source sources[SRC_COUNT_] = {
    [SRC_GEMMA3] = {"src/transformers/models/gemma3/configuration_gemma3.py", "008f5c8c29be84d4721dc6d1e0fcd72300580be4"},
    [SRC_GEMMA2] = {"src/transformers/models/gemma2/configuration_gemma2.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    [SRC_LLAMA] = {"src/transformers/models/llama/configuration_llama.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    [SRC_LLAMA4] = {"src/transformers/models/llama4/configuration_llama4.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    [SRC_MISTRAL] = {"src/transformers/models/mistral/configuration_mistral.py", "001f85b38fb432858ace93f18622f07cec46d874"},
    [SRC_MIXTRAL] = {"src/transformers/models/mixtral/configuration_mixtral.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    [SRC_QWEN2] = {"src/transformers/models/qwen2/configuration_qwen2.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    [SRC_QWEN3] = {"src/transformers/models/qwen3/configuration_qwen3.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    [SRC_QWEN3_MOE] = {"src/transformers/models/qwen3_moe/configuration_qwen3_moe.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    [SRC_QWEN2_5_VL] = {"src/transformers/models/qwen2_5_vl/configuration_qwen2_5_vl.py", "018c8e0394c47749c55861e11f5f7e2a577973d7"},
    [SRC_PHI3] = {"src/transformers/models/phi3/configuration_phi3.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    [SRC_DEEPSEEK_V3] = {"src/transformers/models/deepseek_v3/configuration_deepseek_v3.py", "001f85b38fb432858ace93f18622f07cec46d874"},
    [SRC_GPT_OSS] = {"src/transformers/models/gpt_oss/configuration_gpt_oss.py", "02b8f42b4240dddea1b27c45d2dc95fb2682f841"},
    [SRC_MISTRAL3] = {"src/transformers/models/mistral3/configuration_mistral3.py", "0db25542f2190e3dd1e402c477fa713ed516d655"},
    [SRC_SIGLIP] = {"src/transformers/models/siglip/configuration_siglip.py", "091ffff471745f26df9ff1cd493b4d621a578325"},
    [SRC_PIXTRAL] = {"src/transformers/models/pixtral/configuration_pixtral.py", "05cd1ec14dbe16127778060fb68c34105873015c"},
    [SRC_JAMBA] = {"src/transformers/models/jamba/configuration_jamba.py", "008f5c8c29be84d4721dc6d1e0fcd72300580be4"},
    [SRC_COHERE] = {"src/transformers/models/cohere/configuration_cohere.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    [SRC_COHERE2] = {"src/transformers/models/cohere2/configuration_cohere2.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    [SRC_SMOLLM3] = {"src/transformers/models/smollm3/configuration_smollm3.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    [SRC_FALCON_H1] = {"src/transformers/models/falcon_h1/configuration_falcon_h1.py", "020a37d2264e60dc7beb9634c3e87ad870073e2c"},
    [SRC_GPT2] = {"src/transformers/models/gpt2/configuration_gpt2.py", "01ae98ae2414210efd0d9ac1ffe78ff21588f1f7"},
    [SRC_GPT_BIGCODE] = {"src/transformers/models/gpt_bigcode/configuration_gpt_bigcode.py", "05ff2e98e4461ece6e706435e2a57834bb4f985f"},
    [SRC_GPT_NEOX] = {"src/transformers/models/gpt_neox/configuration_gpt_neox.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    [SRC_OPT] = {"src/transformers/models/opt/configuration_opt.py", "014674d38b61e5c7109e89d496bd699121a8aa4e"},
    [SRC_BLOOM] = {"src/transformers/models/bloom/configuration_bloom.py", "04efa883e0ad40da203df78a0eee902b460ee3cd"},
    [SRC_FALCON] = {"src/transformers/models/falcon/configuration_falcon.py", "5fd8edad2a672d6a10d6352b62b823d56c3032bf"},
    [SRC_PHI] = {"src/transformers/models/phi/configuration_phi.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    [SRC_STARCODER2] = {"src/transformers/models/starcoder2/configuration_starcoder2.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    [SRC_PERSIMMON] = {"src/transformers/models/persimmon/configuration_persimmon.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    [SRC_GEMMA] = {"src/transformers/models/gemma/configuration_gemma.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    [SRC_GRANITEMOE] = {"src/transformers/models/granitemoe/configuration_granitemoe.py", "040e1a7e4bb4f48ff62dfbbb1f6f8eff23e894ac"},
    [SRC_GLM4_MOE] = {"src/transformers/models/glm4_moe/configuration_glm4_moe.py", "008c726d1655845afb7ca71013b984ceac231e57"},
    [SRC_LFM2] = {"src/transformers/models/lfm2/configuration_lfm2.py", "05cd1ec14dbe16127778060fb68c34105873015c"},
    [SRC_QWEN2_VL] = {"src/transformers/models/qwen2_vl/configuration_qwen2_vl.py", "018c8e0394c47749c55861e11f5f7e2a577973d7"},
    [SRC_FUYU] = {"src/transformers/models/fuyu/configuration_fuyu.py", "008e574391258935f3ecc3035c882e73bbcac419"},
    [SRC_STABLELM] = {"src/transformers/models/stablelm/configuration_stablelm.py", "008e574391258935f3ecc3035c882e73bbcac419"},
};

/* Keep the rows of one model_type together; the doc table follows this order. */
static const rl_config_default rows[] = {
    /* Gemma3TextConfig (model_type gemma3_text): what gemma-3-*-it leave out. */
    {"gemma3_text", "vocab_size", 262208, SRC_GEMMA3},
    {"gemma3_text", "num_attention_heads", 8, SRC_GEMMA3},
    {"gemma3_text", "num_key_value_heads", 4, SRC_GEMMA3},
    {"gemma3_text", "head_dim", 256, SRC_GEMMA3},
    {"gemma3_text", "tie_word_embeddings", 1, SRC_GEMMA3},
    {"gemma3_text", "attention_bias", 0, SRC_GEMMA3},
    {"gemma3_text", "sliding_window", 4096, SRC_GEMMA3},
    {"gemma3_text", "sliding_window_pattern", 6, SRC_GEMMA3}, /* layer i global iff (i+1) % 6 == 0 */
    /* Gemma2Config. Its alternation (even layers local) is a rule, not a field: model.c. */
    {"gemma2", "vocab_size", 256000, SRC_GEMMA2},
    {"gemma2", "num_attention_heads", 8, SRC_GEMMA2},
    {"gemma2", "num_key_value_heads", 4, SRC_GEMMA2},
    {"gemma2", "head_dim", 256, SRC_GEMMA2},
    {"gemma2", "tie_word_embeddings", 1, SRC_GEMMA2},
    {"gemma2", "attention_bias", 0, SRC_GEMMA2},
    {"gemma2", "sliding_window", 4096, SRC_GEMMA2},
    /* LlamaConfig (num_key_value_heads and head_dim default to None). */
    {"llama", "vocab_size", 32000, SRC_LLAMA},
    {"llama", "num_attention_heads", 32, SRC_LLAMA},
    {"llama", "tie_word_embeddings", 0, SRC_LLAMA},
    {"llama", "attention_bias", 0, SRC_LLAMA},
    /* Llama4TextConfig: intermediate_size sizes the routed and shared experts,
     * intermediate_size_mlp the dense layers' MLP. */
    {"llama4_text", "vocab_size", 202048, SRC_LLAMA4},
    {"llama4_text", "intermediate_size_mlp", 16384, SRC_LLAMA4},
    {"llama4_text", "num_attention_heads", 40, SRC_LLAMA4},
    {"llama4_text", "num_key_value_heads", 8, SRC_LLAMA4},
    {"llama4_text", "head_dim", 128, SRC_LLAMA4},
    {"llama4_text", "tie_word_embeddings", 0, SRC_LLAMA4},
    {"llama4_text", "attention_bias", 0, SRC_LLAMA4},
    {"llama4_text", "interleave_moe_layer_step", 1, SRC_LLAMA4},
    {"llama4_text", "attention_chunk_size", 8192, SRC_LLAMA4},
    /* MistralConfig (head_dim defaults to None: hidden/heads). */
    {"mistral", "vocab_size", 32000, SRC_MISTRAL},
    {"mistral", "num_attention_heads", 32, SRC_MISTRAL},
    {"mistral", "num_key_value_heads", 8, SRC_MISTRAL},
    {"mistral", "tie_word_embeddings", 0, SRC_MISTRAL},
    {"mistral", "sliding_window", 4096, SRC_MISTRAL},
    /* MixtralConfig (sliding_window defaults to None). */
    {"mixtral", "vocab_size", 32000, SRC_MIXTRAL},
    {"mixtral", "num_attention_heads", 32, SRC_MIXTRAL},
    {"mixtral", "num_key_value_heads", 8, SRC_MIXTRAL},
    {"mixtral", "tie_word_embeddings", 0, SRC_MIXTRAL},
    /* Qwen2Config: the window is off unless use_sliding_window says so. */
    {"qwen2", "vocab_size", 151936, SRC_QWEN2},
    {"qwen2", "num_attention_heads", 32, SRC_QWEN2},
    {"qwen2", "num_key_value_heads", 32, SRC_QWEN2},
    {"qwen2", "tie_word_embeddings", 0, SRC_QWEN2},
    {"qwen2", "use_sliding_window", 0, SRC_QWEN2},
    {"qwen2", "sliding_window", 4096, SRC_QWEN2},
    {"qwen2", "max_window_layers", 28, SRC_QWEN2},
    /* Qwen3Config. */
    {"qwen3", "vocab_size", 151936, SRC_QWEN3},
    {"qwen3", "num_attention_heads", 32, SRC_QWEN3},
    {"qwen3", "num_key_value_heads", 32, SRC_QWEN3},
    {"qwen3", "head_dim", 128, SRC_QWEN3},
    {"qwen3", "tie_word_embeddings", 0, SRC_QWEN3},
    {"qwen3", "attention_bias", 0, SRC_QWEN3},
    {"qwen3", "use_sliding_window", 0, SRC_QWEN3},
    {"qwen3", "sliding_window", 4096, SRC_QWEN3},
    {"qwen3", "max_window_layers", 28, SRC_QWEN3},
    /* Qwen3MoeConfig (head_dim is not a field of its own: hidden/heads). */
    {"qwen3_moe", "vocab_size", 151936, SRC_QWEN3_MOE},
    {"qwen3_moe", "num_attention_heads", 32, SRC_QWEN3_MOE},
    {"qwen3_moe", "num_key_value_heads", 4, SRC_QWEN3_MOE},
    {"qwen3_moe", "tie_word_embeddings", 0, SRC_QWEN3_MOE},
    {"qwen3_moe", "attention_bias", 0, SRC_QWEN3_MOE},
    {"qwen3_moe", "use_sliding_window", 0, SRC_QWEN3_MOE},
    {"qwen3_moe", "sliding_window", 4096, SRC_QWEN3_MOE},
    {"qwen3_moe", "decoder_sparse_step", 1, SRC_QWEN3_MOE},
    /* Qwen2_5_VLTextConfig; also what a qwen2_5_vl config without text_config
     * means by its top-level text fields ("for BC use all kwargs"). */
    {"qwen2_5_vl_text", "vocab_size", 152064, SRC_QWEN2_5_VL},
    {"qwen2_5_vl_text", "num_attention_heads", 64, SRC_QWEN2_5_VL},
    {"qwen2_5_vl_text", "num_key_value_heads", 8, SRC_QWEN2_5_VL},
    {"qwen2_5_vl_text", "tie_word_embeddings", 0, SRC_QWEN2_5_VL},
    {"qwen2_5_vl_text", "use_sliding_window", 0, SRC_QWEN2_5_VL},
    {"qwen2_5_vl_text", "sliding_window", 4096, SRC_QWEN2_5_VL},
    {"qwen2_5_vl_text", "max_window_layers", 80, SRC_QWEN2_5_VL},
    /* Phi3Config (Phi-3, Phi-3.5, Phi-4; sliding_window defaults to None). */
    {"phi3", "vocab_size", 32064, SRC_PHI3},
    {"phi3", "num_attention_heads", 32, SRC_PHI3},
    {"phi3", "tie_word_embeddings", 0, SRC_PHI3},
    /* DeepseekV3Config. */
    {"deepseek_v3", "vocab_size", 129280, SRC_DEEPSEEK_V3},
    {"deepseek_v3", "num_attention_heads", 128, SRC_DEEPSEEK_V3},
    {"deepseek_v3", "num_key_value_heads", 128, SRC_DEEPSEEK_V3},
    {"deepseek_v3", "n_shared_experts", 1, SRC_DEEPSEEK_V3},
    {"deepseek_v3", "kv_lora_rank", 512, SRC_DEEPSEEK_V3},
    {"deepseek_v3", "q_lora_rank", 1536, SRC_DEEPSEEK_V3},
    {"deepseek_v3", "qk_rope_head_dim", 64, SRC_DEEPSEEK_V3},
    {"deepseek_v3", "v_head_dim", 128, SRC_DEEPSEEK_V3},
    {"deepseek_v3", "qk_nope_head_dim", 128, SRC_DEEPSEEK_V3},
    {"deepseek_v3", "first_k_dense_replace", 3, SRC_DEEPSEEK_V3},
    {"deepseek_v3", "tie_word_embeddings", 0, SRC_DEEPSEEK_V3},
    {"deepseek_v3", "attention_bias", 0, SRC_DEEPSEEK_V3},
    /* GptOssConfig. Its alternation (even layers sliding) is a rule: model.c. */
    {"gpt_oss", "vocab_size", 201088, SRC_GPT_OSS},
    {"gpt_oss", "head_dim", 64, SRC_GPT_OSS},
    {"gpt_oss", "num_attention_heads", 64, SRC_GPT_OSS},
    {"gpt_oss", "num_key_value_heads", 8, SRC_GPT_OSS},
    {"gpt_oss", "sliding_window", 128, SRC_GPT_OSS},
    {"gpt_oss", "tie_word_embeddings", 0, SRC_GPT_OSS},
    {"gpt_oss", "attention_bias", 1, SRC_GPT_OSS},
    /* FalconH1Config (mamba_d_head "auto" is d_ssm / heads: model.c). */
    {"falcon_h1", "vocab_size", 128000, SRC_FALCON_H1},
    {"falcon_h1", "num_key_value_heads", 8, SRC_FALCON_H1},
    {"falcon_h1", "tie_word_embeddings", 0, SRC_FALCON_H1},
    {"falcon_h1", "attention_bias", 0, SRC_FALCON_H1},
    {"falcon_h1", "mamba_d_state", 256, SRC_FALCON_H1},
    {"falcon_h1", "mamba_n_groups", 1, SRC_FALCON_H1},
    {"falcon_h1", "mamba_d_conv", 4, SRC_FALCON_H1},
    {"falcon_h1", "mamba_conv_bias", 1, SRC_FALCON_H1},
    {"falcon_h1", "mamba_proj_bias", 0, SRC_FALCON_H1},
    {"falcon_h1", "mamba_rms_norm", 0, SRC_FALCON_H1},
    {"falcon_h1", "projectors_bias", 0, SRC_FALCON_H1},
    /* JambaConfig (mamba_dt_rank "auto" is ceil(hidden / 16): model.c). */
    {"jamba", "vocab_size", 65536, SRC_JAMBA},
    {"jamba", "num_key_value_heads", 8, SRC_JAMBA},
    {"jamba", "tie_word_embeddings", 0, SRC_JAMBA},
    {"jamba", "attn_layer_period", 8, SRC_JAMBA},
    {"jamba", "attn_layer_offset", 4, SRC_JAMBA},
    {"jamba", "expert_layer_period", 2, SRC_JAMBA},
    {"jamba", "expert_layer_offset", 1, SRC_JAMBA},
    {"jamba", "mamba_d_state", 16, SRC_JAMBA},
    {"jamba", "mamba_d_conv", 4, SRC_JAMBA},
    {"jamba", "mamba_expand", 2, SRC_JAMBA},
    {"jamba", "mamba_conv_bias", 1, SRC_JAMBA},
    {"jamba", "mamba_proj_bias", 0, SRC_JAMBA},
    /* CohereConfig (Command R, R+, Aya): the input embedding is the LM head unless the config says otherwise. */
    {"cohere", "vocab_size", 256000, SRC_COHERE},
    {"cohere", "num_attention_heads", 64, SRC_COHERE},
    {"cohere", "tie_word_embeddings", 1, SRC_COHERE},
    {"cohere", "attention_bias", 0, SRC_COHERE},
    {"cohere", "use_qk_norm", 0, SRC_COHERE},
    /* Cohere2Config (Command R7B, Command A): three sliding layers then a global one; head_dim is
     * always hidden / heads (its __post_init__ sets it). */
    {"cohere2", "vocab_size", 256000, SRC_COHERE2},
    {"cohere2", "num_attention_heads", 64, SRC_COHERE2},
    {"cohere2", "tie_word_embeddings", 1, SRC_COHERE2},
    {"cohere2", "attention_bias", 0, SRC_COHERE2},
    {"cohere2", "sliding_window", 4096, SRC_COHERE2},
    {"cohere2", "sliding_window_pattern", 4, SRC_COHERE2}, /* layer i global iff (i+1) % 4 == 0 */
    /* SmolLM3Config: tied, no window unless use_sliding_window. */
    {"smollm3", "vocab_size", 128256, SRC_SMOLLM3},
    {"smollm3", "num_attention_heads", 16, SRC_SMOLLM3},
    {"smollm3", "num_key_value_heads", 4, SRC_SMOLLM3},
    {"smollm3", "tie_word_embeddings", 1, SRC_SMOLLM3},
    {"smollm3", "attention_bias", 0, SRC_SMOLLM3},
    {"smollm3", "use_sliding_window", 0, SRC_SMOLLM3},
    /* SiglipVisionConfig: the vision tower of Gemma 3 (model_type siglip_vision_model). */
    {"siglip_vision_model", "hidden_size", 768, SRC_SIGLIP},
    {"siglip_vision_model", "intermediate_size", 3072, SRC_SIGLIP},
    {"siglip_vision_model", "num_hidden_layers", 12, SRC_SIGLIP},
    {"siglip_vision_model", "num_attention_heads", 12, SRC_SIGLIP},
    {"siglip_vision_model", "num_channels", 3, SRC_SIGLIP},
    {"siglip_vision_model", "image_size", 224, SRC_SIGLIP},
    {"siglip_vision_model", "patch_size", 32, SRC_SIGLIP},
    /* Llama4VisionConfig (model_type llama4_vision_model, the vision_config of llama4). */
    {"llama4_vision_model", "hidden_size", 768, SRC_LLAMA4},
    {"llama4_vision_model", "num_hidden_layers", 34, SRC_LLAMA4},
    {"llama4_vision_model", "num_channels", 3, SRC_LLAMA4},
    {"llama4_vision_model", "intermediate_size", 5632, SRC_LLAMA4},
    {"llama4_vision_model", "vision_output_dim", 7680, SRC_LLAMA4},
    {"llama4_vision_model", "image_size", 448, SRC_LLAMA4},
    {"llama4_vision_model", "patch_size", 14, SRC_LLAMA4},
    {"llama4_vision_model", "projector_input_dim", 4096, SRC_LLAMA4},
    {"llama4_vision_model", "projector_output_dim", 4096, SRC_LLAMA4},
    {"llama4_vision_model", "multi_modal_projector_bias", 0, SRC_LLAMA4},
    /* PixtralVisionConfig (the vision_config of mistral3), and Mistral3Config's projector fields. */
    {"pixtral", "hidden_size", 1024, SRC_PIXTRAL},
    {"pixtral", "intermediate_size", 4096, SRC_PIXTRAL},
    {"pixtral", "num_hidden_layers", 24, SRC_PIXTRAL},
    {"pixtral", "num_channels", 3, SRC_PIXTRAL},
    {"pixtral", "patch_size", 16, SRC_PIXTRAL},
    {"mistral3", "spatial_merge_size", 2, SRC_MISTRAL3},
    {"mistral3", "multimodal_projector_bias", 0, SRC_MISTRAL3},
    /* Qwen2_5_VLVisionConfig (the vision_config of qwen2_5_vl). */
    {"qwen2_5_vl_vision", "depth", 32, SRC_QWEN2_5_VL},
    {"qwen2_5_vl_vision", "hidden_size", 3584, SRC_QWEN2_5_VL},
    {"qwen2_5_vl_vision", "intermediate_size", 3420, SRC_QWEN2_5_VL},
    {"qwen2_5_vl_vision", "num_heads", 16, SRC_QWEN2_5_VL},
    {"qwen2_5_vl_vision", "in_channels", 3, SRC_QWEN2_5_VL},
    {"qwen2_5_vl_vision", "patch_size", 14, SRC_QWEN2_5_VL},
    {"qwen2_5_vl_vision", "spatial_merge_size", 2, SRC_QWEN2_5_VL},
    {"qwen2_5_vl_vision", "temporal_patch_size", 2, SRC_QWEN2_5_VL},
    {"qwen2_5_vl_vision", "out_hidden_size", 3584, SRC_QWEN2_5_VL},
    /* The classic families (their layouts: families.c). GPT-2, BLOOM, OPT and Falcon leave
     * tie_word_embeddings to PretrainedConfig, which ties. */
    {"gpt2", "tie_word_embeddings", 1, SRC_GPT2},
    {"gpt_bigcode", "tie_word_embeddings", 1, SRC_GPT_BIGCODE},
    {"gpt_bigcode", "multi_query", 1, SRC_GPT_BIGCODE},
    {"gpt_neox", "tie_word_embeddings", 0, SRC_GPT_NEOX},
    {"gpt_neox", "attention_bias", 1, SRC_GPT_NEOX},
    {"opt", "tie_word_embeddings", 1, SRC_OPT},
    {"opt", "enable_bias", 1, SRC_OPT},
    {"opt", "do_layer_norm_before", 1, SRC_OPT},
    {"bloom", "tie_word_embeddings", 1, SRC_BLOOM},
    {"falcon", "tie_word_embeddings", 1, SRC_FALCON},
    {"falcon", "bias", 0, SRC_FALCON},
    {"falcon", "multi_query", 1, SRC_FALCON},
    {"falcon", "parallel_attn", 1, SRC_FALCON},
    {"falcon", "new_decoder_architecture", 0, SRC_FALCON},
    {"phi", "tie_word_embeddings", 0, SRC_PHI},
    {"phi", "qk_layernorm", 0, SRC_PHI},
    {"starcoder2", "tie_word_embeddings", 1, SRC_STARCODER2},
    {"starcoder2", "use_bias", 1, SRC_STARCODER2},
    /* StableLmConfig; stablelm_epoch, its remote-code forerunner, is read by the same class. */
    {"stablelm", "tie_word_embeddings", 0, SRC_STABLELM},
    {"stablelm", "use_qkv_bias", 0, SRC_STABLELM},
    {"stablelm_epoch", "tie_word_embeddings", 0, SRC_STABLELM},
    {"stablelm_epoch", "use_qkv_bias", 0, SRC_STABLELM},
    {"persimmon", "tie_word_embeddings", 0, SRC_PERSIMMON},
    {"persimmon", "qk_layernorm", 1, SRC_PERSIMMON},
    /* FuyuConfig: its image patches enter through one linear layer (vision_embed_tokens). */
    {"fuyu", "patch_size", 30, SRC_FUYU},
    {"fuyu", "num_channels", 3, SRC_FUYU},
    /* GemmaConfig (Gemma 1): tied, head_dim 256 whatever hidden / heads. */
    {"gemma", "vocab_size", 256000, SRC_GEMMA},
    {"gemma", "num_attention_heads", 16, SRC_GEMMA},
    {"gemma", "num_key_value_heads", 16, SRC_GEMMA},
    {"gemma", "head_dim", 256, SRC_GEMMA},
    {"gemma", "tie_word_embeddings", 1, SRC_GEMMA},
    {"gemma", "attention_bias", 0, SRC_GEMMA},
    /* GraniteMoeConfig and Glm4MoeConfig: untied, no attention bias. */
    {"granitemoe", "tie_word_embeddings", 0, SRC_GRANITEMOE},
    {"granitemoe", "attention_bias", 0, SRC_GRANITEMOE},
    {"glm4_moe", "tie_word_embeddings", 0, SRC_GLM4_MOE},
    {"glm4_moe", "attention_bias", 0, SRC_GLM4_MOE},
    /* Lfm2Config (its block_ffn_dim_multiplier default, 1.0, is read in model.c: not an integer). */
    {"lfm2", "tie_word_embeddings", 1, SRC_LFM2},
    {"lfm2", "conv_bias", 0, SRC_LFM2},
    {"lfm2", "conv_L_cache", 3, SRC_LFM2},
    {"lfm2", "block_multiple_of", 256, SRC_LFM2},
    {"lfm2", "block_auto_adjust_ff_dim", 1, SRC_LFM2},
    /* Qwen2VLTextConfig; also what a qwen2_vl config without text_config gives its language model. */
    {"qwen2_vl_text", "vocab_size", 152064, SRC_QWEN2_VL},
    {"qwen2_vl_text", "num_attention_heads", 64, SRC_QWEN2_VL},
    {"qwen2_vl_text", "num_key_value_heads", 8, SRC_QWEN2_VL},
    {"qwen2_vl_text", "tie_word_embeddings", 0, SRC_QWEN2_VL},
    {"qwen2_vl_text", "use_sliding_window", 0, SRC_QWEN2_VL},
    {"qwen2_vl_text", "sliding_window", 4096, SRC_QWEN2_VL},
    {"qwen2_vl_text", "max_window_layers", 80, SRC_QWEN2_VL},
    /* Qwen2VLVisionConfig (the vision_config of qwen2_vl). */
    {"qwen2_vl_vision", "depth", 32, SRC_QWEN2_VL},
    {"qwen2_vl_vision", "embed_dim", 1280, SRC_QWEN2_VL},
    {"qwen2_vl_vision", "hidden_size", 3584, SRC_QWEN2_VL},
    {"qwen2_vl_vision", "mlp_ratio", 4, SRC_QWEN2_VL},
    {"qwen2_vl_vision", "num_heads", 16, SRC_QWEN2_VL},
    {"qwen2_vl_vision", "in_channels", 3, SRC_QWEN2_VL},
    {"qwen2_vl_vision", "patch_size", 14, SRC_QWEN2_VL},
    {"qwen2_vl_vision", "spatial_merge_size", 2, SRC_QWEN2_VL},
    {"qwen2_vl_vision", "temporal_patch_size", 2, SRC_QWEN2_VL},
};

/* Composite (multimodal) model types and the text config class their
 * text_config gets when it names no model_type of its own. */
static const struct {
    const char *outer, *text;
    int source;
} text_types[] = {
    {"gemma3", "gemma3_text", SRC_GEMMA3},            /* sub_configs text_config: Gemma3TextConfig */
    {"llama4", "llama4_text", SRC_LLAMA4},            /* sub_configs text_config: Llama4TextConfig */
    {"mistral3", "mistral", SRC_MISTRAL3},            /* text_config.get("model_type", "mistral") */
    {"qwen2_5_vl", "qwen2_5_vl_text", SRC_QWEN2_5_VL}, /* sub_configs text_config: Qwen2_5_VLTextConfig */
    {"qwen2_vl", "qwen2_vl_text", SRC_QWEN2_VL},       /* sub_configs text_config: Qwen2VLTextConfig */
};

size_t rl_config_default_count(void) { return sizeof rows / sizeof rows[0]; }

const rl_config_default *rl_config_default_at(size_t i) {
    return i < rl_config_default_count() ? &rows[i] : NULL;
}

const rl_config_source *rl_config_source_of(const rl_config_default *row) {
    return row != NULL && row->source >= 0 && row->source < SRC_COUNT_ ? &sources[row->source] : NULL;
}

bool rl_config_default_int(const char *model_type, const char *field, int64_t *out) {
    if (model_type == NULL || model_type[0] == '\0') return false;
    for (size_t i = 0; i < rl_config_default_count(); i++) {
        if (strcmp(rows[i].model_type, model_type) == 0 && strcmp(rows[i].field, field) == 0) {
            *out = rows[i].value;
            return true;
        }
    }
    return false;
}

const char *rl_config_text_type(const char *outer) {
    if (outer == NULL) return NULL;
    for (size_t i = 0; i < sizeof text_types / sizeof text_types[0]; i++)
        if (strcmp(text_types[i].outer, outer) == 0) return text_types[i].text;
    return NULL;
}
