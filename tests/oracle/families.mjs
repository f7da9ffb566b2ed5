// The classic decoder families, written down for the oracle on its own from
// their transformers modeling files (GPT2Model, GPTBigCodeModel, GPTJModel,
// GPTNeoXModel, OPTDecoder, BloomModel, FalconModel, PhiModel,
// Starcoder2Model): what their layers hold beyond a Llama-style decoder's.
//
// plain: an up and a down projection, no gate. bias: 'all' (every attention
// and MLP projection), 'mlp' (the MLP's; attention by attention_bias), or the
// name of the boolean field that switches them all. ffn: the field with the
// MLP width, and times: its width in hidden sizes when absent (null field:
// always that). positions: learned table rows beyond max_position_embeddings
// (null: none). names: the config class's own key for a standard one.

const GPT2_NAMES = { num_hidden_layers: 'n_layer', hidden_size: 'n_embd', num_attention_heads: 'n_head', max_position_embeddings: 'n_positions' };

export const FAMILIES = {
  gpt2: { plain: true, bias: 'all', layerNorm: true, norms: 2n, ffn: 'n_inner', times: 4n, positions: 0n, names: GPT2_NAMES },
  gpt_bigcode: { plain: true, bias: 'all', layerNorm: true, norms: 2n, ffn: 'n_inner', times: 4n, positions: 0n, names: GPT2_NAMES, multiQuery: 'multi_query' },
  gptj: { plain: true, bias: 'mlp', layerNorm: true, norms: 1n, ffn: 'n_inner', times: 4n, positions: null, names: GPT2_NAMES, headBias: true },
  gpt_neox: { plain: true, bias: 'mlp', layerNorm: true, norms: 2n, ffn: 'intermediate_size', times: 0n, positions: null, names: {} },
  opt: { plain: true, bias: 'enable_bias', layerNorm: true, norms: 2n, ffn: 'ffn_dim', times: 0n, positions: 2n, names: { hidden_size: 'd_model' } },
  bloom: { plain: true, bias: 'all', layerNorm: true, norms: 2n, ffn: null, times: 4n, positions: null, names: { num_hidden_layers: 'n_layer', num_attention_heads: 'n_head', hidden_size: 'n_embed' }, embedNorm: true },
  falcon: { plain: true, bias: 'bias', layerNorm: true, norms: null, ffn: 'ffn_hidden_size', times: 4n, positions: null, names: { num_hidden_layers: 'n_layer', num_attention_heads: 'n_head', hidden_size: 'n_embed', num_kv_heads: 'n_head_kv' } },
  phi: { plain: true, bias: 'all', layerNorm: true, norms: 1n, ffn: 'intermediate_size', times: 0n, positions: null, names: {}, headBias: true },
  starcoder2: { plain: true, bias: 'use_bias', layerNorm: true, norms: 2n, ffn: 'intermediate_size', times: 0n, positions: null, names: {} },
};
