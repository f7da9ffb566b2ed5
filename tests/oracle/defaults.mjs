// transformers' config-class defaults for fields a published config.json
// leaves out, written down for the oracle on its own from the same files the
// core cites (github.com/huggingface/transformers, src/transformers/models/
// <type>/configuration_<type>.py; the commits are in tests/configs/README.md).
// The fields that size a model (layers, widths, expert counts, top-k) and
// max_position_embeddings stay required, as in the core: see README.md there.

const T = {
  gemma3_text: {
    vocab_size: 262208, num_attention_heads: 8, num_key_value_heads: 4, head_dim: 256,
    tie_word_embeddings: true, attention_bias: false, sliding_window: 4096, sliding_window_pattern: 6,
  },
  gemma2: {
    vocab_size: 256000, num_attention_heads: 8, num_key_value_heads: 4, head_dim: 256,
    tie_word_embeddings: true, attention_bias: false, sliding_window: 4096,
  },
  llama: { vocab_size: 32000, num_attention_heads: 32, tie_word_embeddings: false, attention_bias: false },
  llama4_text: {
    vocab_size: 202048, intermediate_size_mlp: 16384, num_attention_heads: 40, num_key_value_heads: 8, head_dim: 128,
    tie_word_embeddings: false, attention_bias: false, interleave_moe_layer_step: 1, attention_chunk_size: 8192,
  },
  mistral: { vocab_size: 32000, num_attention_heads: 32, num_key_value_heads: 8, tie_word_embeddings: false, sliding_window: 4096 },
  mixtral: { vocab_size: 32000, num_attention_heads: 32, num_key_value_heads: 8, tie_word_embeddings: false },
  qwen2: {
    vocab_size: 151936, num_attention_heads: 32, num_key_value_heads: 32, tie_word_embeddings: false,
    use_sliding_window: false, sliding_window: 4096, max_window_layers: 28,
  },
  qwen3: {
    vocab_size: 151936, num_attention_heads: 32, num_key_value_heads: 32, head_dim: 128, tie_word_embeddings: false,
    attention_bias: false, use_sliding_window: false, sliding_window: 4096, max_window_layers: 28,
  },
  qwen3_moe: {
    vocab_size: 151936, num_attention_heads: 32, num_key_value_heads: 4, tie_word_embeddings: false,
    attention_bias: false, use_sliding_window: false, sliding_window: 4096, decoder_sparse_step: 1,
  },
  qwen2_5_vl_text: {
    vocab_size: 152064, num_attention_heads: 64, num_key_value_heads: 8, tie_word_embeddings: false,
    use_sliding_window: false, sliding_window: 4096, max_window_layers: 80,
  },
  phi3: { vocab_size: 32064, num_attention_heads: 32, tie_word_embeddings: false },
  deepseek_v3: {
    vocab_size: 129280, num_attention_heads: 128, num_key_value_heads: 128, n_shared_experts: 1, kv_lora_rank: 512,
    q_lora_rank: 1536, qk_rope_head_dim: 64, v_head_dim: 128, qk_nope_head_dim: 128, first_k_dense_replace: 3,
    tie_word_embeddings: false, attention_bias: false,
  },
  falcon_h1: {
    vocab_size: 128000, num_key_value_heads: 8, tie_word_embeddings: false, attention_bias: false, mamba_d_state: 256,
    mamba_n_groups: 1, mamba_d_conv: 4, mamba_conv_bias: true, mamba_proj_bias: false, mamba_rms_norm: false,
    projectors_bias: false,
  },
  jamba: {
    vocab_size: 65536, num_key_value_heads: 8, tie_word_embeddings: false, attn_layer_period: 8, attn_layer_offset: 4,
    expert_layer_period: 2, expert_layer_offset: 1, mamba_d_state: 16, mamba_d_conv: 4, mamba_expand: 2,
    mamba_conv_bias: true, mamba_proj_bias: false,
  },
  // CohereConfig and Cohere2Config (tied by default), SmolLM3Config (tied by default).
  cohere: { vocab_size: 256000, num_attention_heads: 64, tie_word_embeddings: true, attention_bias: false, use_qk_norm: false },
  cohere2: {
    vocab_size: 256000, num_attention_heads: 64, tie_word_embeddings: true, attention_bias: false, sliding_window: 4096,
    sliding_window_pattern: 4,
  },
  smollm3: {
    vocab_size: 128256, num_attention_heads: 16, num_key_value_heads: 4, tie_word_embeddings: true, attention_bias: false,
    use_sliding_window: false,
  },
  gpt_oss: {
    vocab_size: 201088, head_dim: 64, num_attention_heads: 64, num_key_value_heads: 8, sliding_window: 128,
    tie_word_embeddings: false, attention_bias: true,
  },
  // The classic families (families.mjs). GPT-2, BLOOM, OPT and Falcon leave the tie to PretrainedConfig: tied.
  gpt2: { tie_word_embeddings: true },
  gpt_bigcode: { tie_word_embeddings: true, multi_query: true },
  gpt_neox: { tie_word_embeddings: false, attention_bias: true },
  opt: { tie_word_embeddings: true, enable_bias: true, do_layer_norm_before: true },
  bloom: { tie_word_embeddings: true },
  falcon: { tie_word_embeddings: true, bias: false, multi_query: true, parallel_attn: true, new_decoder_architecture: false },
  phi: { tie_word_embeddings: false, qk_layernorm: false },
  starcoder2: { tie_word_embeddings: true, use_bias: true },
  stablelm: { tie_word_embeddings: false, use_qkv_bias: false },
  stablelm_epoch: { tie_word_embeddings: false, use_qkv_bias: false },
  persimmon: { tie_word_embeddings: false, qk_layernorm: true },
  gemma: { vocab_size: 256000, num_attention_heads: 16, num_key_value_heads: 16, head_dim: 256, tie_word_embeddings: true, attention_bias: false },
  granitemoe: { tie_word_embeddings: false, attention_bias: false },
  glm4_moe: { tie_word_embeddings: false, attention_bias: false },
  lfm2: { tie_word_embeddings: true, conv_bias: false, conv_L_cache: 3, block_multiple_of: 256, block_auto_adjust_ff_dim: true },
  qwen2_vl_text: {
    vocab_size: 152064, num_attention_heads: 64, num_key_value_heads: 8, tie_word_embeddings: false,
    use_sliding_window: false, sliding_window: 4096, max_window_layers: 80,
  },
};

// The text config class a multimodal type gives a text_config that names no model_type.
const TEXT_OF = { gemma3: 'gemma3_text', llama4: 'llama4_text', mistral3: 'mistral', qwen2_5_vl: 'qwen2_5_vl_text', qwen2_vl: 'qwen2_vl_text' };

export function textType(outer) {
  return Object.hasOwn(TEXT_OF, outer) ? TEXT_OF[outer] : undefined;
}

// The default of `key` for `type`, or undefined.
export function defaultOf(type, key) {
  return Object.hasOwn(T, type) && Object.hasOwn(T[type], key) ? T[type][key] : undefined;
}

// Every (type, field, value) the oracle knows, for the check against the core's table.
export function allDefaults() {
  return Object.entries(T).flatMap(([type, fields]) => Object.entries(fields).map(([field, value]) => ({ type, field, value })));
}
