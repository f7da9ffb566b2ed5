// The classic decoder families, written down for the oracle on its own from
// their transformers modeling files (GPT2Model, GPTBigCodeModel, GPTJModel,
// GPTNeoXModel, OPTDecoder, BloomModel, FalconModel, PhiModel,
// Starcoder2Model): what their layers hold beyond a Llama-style decoder's.
//
// plain: an up and a down projection, no gate. qkv, o, mlp: whether those
// projections carry biases: true, false, 'generic' (attention_bias for q/k/v
// and o, mlp_bias for the MLP), or 'key' (the row's bias field). ffn: the field with the
// MLP width, and times: its width in hidden sizes when absent (null field:
// always that). positions: learned table rows beyond max_position_embeddings
// (null: none). names: the config class's own key for a standard one. div:
// the width field spans that many matrices (Qwen 1's w1 and w2).

const GPT2_NAMES = { num_hidden_layers: 'n_layer', hidden_size: 'n_embd', num_attention_heads: 'n_head', max_position_embeddings: 'n_positions' };

export const FAMILIES = {
  gpt2: { plain: true, qkv: true, o: true, mlp: true, layerNorm: true, norms: 2n, ffn: 'n_inner', times: 4n, positions: 0n, names: GPT2_NAMES },
  gpt_bigcode: { plain: true, qkv: true, o: true, mlp: true, layerNorm: true, norms: 2n, ffn: 'n_inner', times: 4n, positions: 0n, names: GPT2_NAMES, multiQuery: 'multi_query' },
  gptj: { plain: true, qkv: false, o: false, mlp: true, layerNorm: true, norms: 1n, ffn: 'n_inner', times: 4n, positions: null, names: GPT2_NAMES, headBias: true },
  gpt_neox: { plain: true, qkv: 'generic', o: 'generic', mlp: true, layerNorm: true, norms: 2n, ffn: 'intermediate_size', times: 0n, positions: null, names: {} },
  opt: { plain: true, qkv: 'key', o: 'key', mlp: 'key', bias: 'enable_bias', layerNorm: true, norms: 2n, ffn: 'ffn_dim', times: 0n, positions: 2n, names: { hidden_size: 'd_model' } },
  bloom: { plain: true, qkv: true, o: true, mlp: true, layerNorm: true, norms: 2n, ffn: null, times: 4n, positions: null, names: { num_hidden_layers: 'n_layer', num_attention_heads: 'n_head', hidden_size: 'n_embed' }, embedNorm: true },
  falcon: { plain: true, qkv: 'key', o: 'key', mlp: 'key', bias: 'bias', layerNorm: true, norms: null, ffn: 'ffn_hidden_size', times: 4n, positions: null, names: { num_hidden_layers: 'n_layer', num_attention_heads: 'n_head', hidden_size: 'n_embed', num_kv_heads: 'n_head_kv' } },
  phi: { plain: true, qkv: true, o: true, mlp: true, layerNorm: true, norms: 1n, ffn: 'intermediate_size', times: 0n, positions: null, names: {}, headBias: true },
  starcoder2: { plain: true, qkv: 'key', o: 'key', mlp: 'key', bias: 'use_bias', layerNorm: true, norms: 2n, ffn: 'intermediate_size', times: 0n, positions: null, names: {} },
  // Persimmon (and Fuyu's language model): every projection biased, a plain MLP, LayerNorms; qk_layernorm.
  persimmon: { plain: true, qkv: true, o: true, mlp: true, layerNorm: true, norms: 2n, ffn: 'intermediate_size', times: 0n, positions: null, names: {} },
  // Qwen 1 (remote code modeling_qwen.py): c_attn always biased, the rest not (no_bias); gated MLP, w1 and w2 each half of intermediate_size.
  qwen: { plain: false, qkv: true, o: false, mlp: false, layerNorm: false, norms: 2n, ffn: 'intermediate_size', times: 0n, div: 2n, positions: null, names: {} },
  // StableLM: Llama's layout with LayerNorm biases; q/k/v biased by use_qkv_bias.
  stablelm: { plain: false, qkv: 'key', o: false, mlp: false, bias: 'use_qkv_bias', layerNorm: true, norms: 2n, ffn: 'intermediate_size', times: 0n, positions: null, names: {} },
  stablelm_epoch: { plain: false, qkv: 'key', o: false, mlp: false, bias: 'use_qkv_bias', layerNorm: true, norms: 2n, ffn: 'intermediate_size', times: 0n, positions: null, names: {} },
};
