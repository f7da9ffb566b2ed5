// A model's shape from a Hugging Face config.json object, and its exact
// parameter counts. Integers are BigInt; nothing here is rounded.
//
// Written from the project's docs/formulas.md ("What is computed") and README ("Architecture
// families") and presets/README.md; family rules that no config field spells
// out follow transformers' own defaults.

import { defaultOf, textType } from './defaults.mjs';
import { FAMILIES } from './families.mjs';
import { OracleError } from './errors.mjs';

const has = (obj, key) => obj !== null && typeof obj === 'object' && Object.hasOwn(obj, key);
const present = (obj, key) => has(obj, key) && obj[key] !== null;

function int(value, field) {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new OracleError(`config.${field} is not an integer`);
  return BigInt(value);
}

// The model_type whose transformers defaults fill absent fields (defaults.mjs);
// set by readModel before it reads any field.
let defaultsType = '';

// The family's own name for a standard key (GPT-2's n_layer), used when the standard one is absent.
function keyOf(obj, key) {
  const names = FAMILIES[defaultsType]?.names ?? {};
  return !present(obj, key) && Object.hasOwn(names, key) ? names[key] : key;
}

function readInt(obj, standardKey, { required = false, fallback = 0n } = {}) {
  const key = keyOf(obj, standardKey);
  if (!present(obj, key)) {
    const d = defaultOf(defaultsType, key);
    if (d !== undefined) return BigInt(d);
    if (required) throw new OracleError(`config.${key} is missing`);
    return fallback;
  }
  return int(obj[key], key);
}

function readBool(obj, key) {
  if (!present(obj, key)) return defaultOf(defaultsType, key);
  if (typeof obj[key] !== 'boolean') throw new OracleError(`config.${key} is not a boolean`);
  return obj[key];
}

function firstPresent(obj, keys) {
  for (const k of keys) if (present(obj, k)) return k;
  return undefined;
}

const DTYPES = { bfloat16: 'bf16', float32: 'fp32', float16: 'fp16' };

// Which layers keep only a window: an explicit layer_types list first, then
// the families' rules, else the window applies to every layer (Mistral).
function slidingLayers(cfg, type, L, window, useWindow) {
  if (present(cfg, 'layer_types')) {
    const types = cfg.layer_types;
    if (!Array.isArray(types) || BigInt(types.length) !== L) throw new OracleError('config.layer_types does not list every layer');
    let n = 0n;
    for (const t of types) {
      if (t === 'sliding_attention' || (t === 'chunked_attention' && type === 'llama4_text')) n += 1n;
      else if (t === 'linear_attention' && type === 'qwen3_next') continue;
      else if (t === 'conv' && type === 'lfm2') continue;
      else if (t !== 'full_attention') throw new OracleError(`layer type ${t} is not modeled`);
    }
    return n;
  }
  if (window === 0n || !useWindow) return 0n;
  const pattern = readInt(cfg, 'sliding_window_pattern');
  // Gemma 3: layer i is global iff (i+1) is a multiple of the pattern.
  if (pattern > 0n) return L - L / pattern;
  // Gemma 2: even layers (0-based) are local.
  if (type === 'gemma2') return (L + 1n) / 2n;
  // Qwen: layers from max_window_layers on use the window; the class default (28) may pass the last layer.
  if (['qwen2', 'qwen2_moe', 'qwen3', 'qwen3_moe', 'qwen2_5_vl_text', 'qwen2_vl_text'].includes(type)) {
    const first = readInt(cfg, 'max_window_layers');
    return first < L ? L - first : 0n;
  }
  return L;
}

// The Hugging Face rule for which layers are MoE: not listed in
// mlp_only_layers, every decoder_sparse_step-th layer, from
// first_k_dense_replace on every moe_layer_freq-th layer.
function countMoeLayers(cfg, L) {
  const step = readInt(cfg, 'decoder_sparse_step', { fallback: 1n });
  const firstDense = readInt(cfg, 'first_k_dense_replace');
  const freq = readInt(cfg, 'moe_layer_freq', { fallback: 1n });
  const listed = new Set();
  if (present(cfg, 'mlp_only_layers')) {
    if (!Array.isArray(cfg.mlp_only_layers)) throw new OracleError('config.mlp_only_layers is not a list');
    for (const i of cfg.mlp_only_layers) listed.add(int(i, 'mlp_only_layers'));
  }
  let count = 0n;
  for (let i = 0n; i < L; i++) {
    if (!listed.has(i) && (i + 1n) % step === 0n && i >= firstDense && (i - firstDense) % freq === 0n) count++;
  }
  return count;
}

// config: the parsed config.json object; name: what the report calls it.
export function readModel(config, name = 'custom') {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) throw new OracleError('config is not an object');
  const root = config;
  // Multimodal checkpoints keep the language model under text_config.
  const textCfg = has(root, 'text_config') && root.text_config !== null && typeof root.text_config === 'object' && !Array.isArray(root.text_config)
    ? root.text_config
    : root;
  // A stub text_config (Fuyu's {"model_type": "persimmon"}) names the class; the sizes stay at the top level.
  const stub = textCfg !== root && !has(textCfg, 'num_hidden_layers') && !has(textCfg, 'hidden_size') &&
    has(root, 'num_hidden_layers') && has(root, 'hidden_size');
  const cfg = stub ? root : textCfg;
  const pick = (key) => (has(cfg, key) ? cfg[key] : has(root, key) ? root[key] : null);

  // The language model's type: text_config's own, else the text class its outer
  // type names (gemma3 -> gemma3_text), else the top level's.
  const outer = present(root, 'model_type') ? String(root.model_type) : '';
  const type = textCfg !== root && present(textCfg, 'model_type') ? String(textCfg.model_type) : textType(outer) ?? outer;
  defaultsType = type;

  const L = readInt(cfg, 'num_hidden_layers', { required: true });
  const H = readInt(cfg, 'hidden_size', { required: true });
  const q = readInt(cfg, 'num_attention_heads', { required: true });
  const vocab = readInt(cfg, 'vocab_size', { required: true });
  const kvHeads = readInt(cfg, 'num_key_value_heads', { fallback: q });
  let headDim = readInt(cfg, 'head_dim');
  const maxPositions = readInt(cfg, 'max_position_embeddings');
  const bias = readBool(cfg, 'attention_bias') ?? false;

  const qwen2 = type === 'qwen2' || type === 'qwen2_moe' || type === 'qwen2_5_vl_text' || type === 'qwen2_vl_text';
  const m = {
    name,
    type,
    layers: L,
    hidden: H,
    heads: q,
    kvHeads,
    vocab,
    maxPositions,
    // Per-head q/k RMSNorm weights: Qwen3 and Gemma 3.
    qkNorm: ['qwen3', 'qwen3_moe', 'gemma3', 'gemma3_text', 'qwen3_next', 'qwen3_vl_text', 'qwen3_vl_moe_text'].includes(type) ||
      (['glm4_moe', 'bailing_moe'].includes(type) && readBool(cfg, 'use_qk_norm') === true),
    // OLMo 2/3: q_norm and k_norm span the whole q and k projections.
    // Cohere's use_qk_norm: a LayerNorm per q head and per k head, [heads, d] and [kv_heads, d].
    qkNormFull: type === 'olmo2' || type === 'olmo3' || (type === 'cohere' && readBool(cfg, 'use_qk_norm') === true),
    // Qwen3-Next's full-attention layers gate their output: q_proj is twice as wide.
    outputGate: type === 'qwen3_next',
    linearLayers: 0n,
    // Gemma 2 and 3 put a norm before and after both attention and MLP.
    // Cohere and Cohere 2 run attention and MLP in parallel off one input_layernorm.
    normsPerLayer: ['gemma2', 'gemma3', 'gemma3_text'].includes(type) ? 4n : ['cohere', 'cohere2'].includes(type) ? 1n : 2n,
    // Qwen2 has q/k/v biases without any config field; attention_bias adds o too.
    // Ling 2.0 (bailing_moe): q/k/v biases by use_qkv_bias.
    biasQkv: bias || qwen2 || (type === 'bailing_moe' && readBool(cfg, 'use_qkv_bias') === true),
    // GLM-4.5: attention_bias on q, k and v only.
    biasO: bias && !qwen2 && type !== 'glm4_moe',
    // gpt-oss: one learned attention sink per head.
    sinks: type === 'gpt_oss',
    mla: false,
  };

  if (present(cfg, 'kv_lora_rank')) {
    m.mla = true;
    m.kvLora = int(cfg.kv_lora_rank, 'kv_lora_rank');
    m.qLora = readInt(cfg, 'q_lora_rank');
    m.qkNope = readInt(cfg, 'qk_nope_head_dim', { required: true });
    m.qkRope = readInt(cfg, 'qk_rope_head_dim', { required: true });
    m.vHeadDim = readInt(cfg, 'v_head_dim', { required: true });
    headDim = m.qkNope + m.qkRope;
  } else if (headDim === 0n) {
    if (H % q !== 0n) throw new OracleError('hidden_size is not a multiple of num_attention_heads');
    headDim = H / q;
  }
  m.headDim = headDim;

  // Qwen configs carry a window that use_sliding_window switches off.
  const useWindow = readBool(cfg, 'use_sliding_window') ?? true;
  let window = readInt(cfg, 'sliding_window');
  let sliding = slidingLayers(cfg, type, L, window, useWindow);
  if (!useWindow && !has(cfg, 'layer_types')) window = 0n;
  if (m.mla) {
    window = 0n;
    sliding = 0n;
  }
  if (window === 0n) sliding = 0n;
  m.slidingWindow = window;
  m.slidingLayers = sliding;

  const tie = pick('tie_word_embeddings');
  // transformers' defaults: the class's own; a type without one is untied.
  m.tied = tie === null ? defaultOf(type, 'tie_word_embeddings') === true : tie === true;

  const expertKey = firstPresent(cfg, ['num_experts', 'num_local_experts', 'n_routed_experts']);
  const E = expertKey ? int(cfg[expertKey], expertKey) : 0n;
  const family = E === 0n && Object.hasOwn(FAMILIES, type) ? FAMILIES[type] : null;
  m.intermediate = family ? 0n : readInt(cfg, 'intermediate_size', { required: E === 0n && type !== 'lfm2' && type !== 'nemotron-nas' });
  m.plain = false;
  // LlamaConfig's mlp_bias (Granite Code): biases on gate, up and down.
  m.mlpBias = readBool(cfg, 'mlp_bias') === true;
  m.layerNorm = false;
  m.positionRows = 0n;
  m.embedNorm = false;
  m.headBias = false;
  if (family) readFamily(cfg, family, m);
  m.experts = E;
  m.topK = 0n;
  m.moeIntermediate = 0n;
  m.moeLayers = 0n;
  m.shared = 0n;
  m.sharedGate = false;
  m.expertBias = false;
  m.routerBias = false;
  if (E > 0n) {
    const kKey = firstPresent(cfg, ['num_experts_per_tok', 'experts_per_token']);
    if (!kKey) throw new OracleError('num_experts_per_tok is missing');
    m.topK = int(cfg[kKey], kKey);
    // Mixtral and gpt-oss size their experts with intermediate_size.
    m.moeIntermediate = readInt(cfg, 'moe_intermediate_size', { required: m.intermediate === 0n, fallback: m.intermediate });
    m.moeLayers = countMoeLayers(cfg, L);
    // DeepSeek counts shared experts of the routed width; Qwen2-MoE gives one width, with a gate.
    const sharedWidth = readInt(cfg, 'shared_expert_intermediate_size');
    m.shared = readInt(cfg, 'n_shared_experts') * m.moeIntermediate + sharedWidth;
    m.sharedGate = sharedWidth > 0n;
    // gpt-oss experts carry biases; gpt-oss and noaux_tc routing (DeepSeek-V3) a router bias.
    m.expertBias = type === 'gpt_oss';
    const method = present(cfg, 'topk_method') ? String(cfg.topk_method) : '';
    m.routerBias = type === 'gpt_oss' || type === 'deepseek_v3' || type === 'glm4_moe' || method === 'noaux_tc';
    // Ling 2.0 (bailing_moe): num_shared_experts of moe_shared_expert_intermediate_size, and a router bias
    // when moe_router_enable_expert_bias.
    if (type === 'bailing_moe') {
      m.shared += readInt(cfg, 'num_shared_experts') * readInt(cfg, 'moe_shared_expert_intermediate_size', { fallback: m.moeIntermediate });
      if (readBool(cfg, 'moe_router_enable_expert_bias') === true) m.routerBias = true;
    }
  }

  // Llama 4: MoE on every interleave_moe_layer_step-th layer (or those moe_layers lists),
  // with a shared expert as wide as a routed one; the other layers' MLP is
  // intermediate_size_mlp wide. The RoPE layers (no_rope_layers 1; by default all
  // but every 4th) attend within attention_chunk_size tokens: their KV holds at
  // most a chunk, as a window would.
  if (type === 'llama4_text') {
    if (E > 0n) {
      if (present(cfg, 'moe_layers')) m.moeLayers = BigInt(cfg.moe_layers.length);
      else m.moeLayers = L / readInt(cfg, 'interleave_moe_layer_step', { fallback: 1n });
      m.shared = m.moeIntermediate;
    }
    m.intermediate = readInt(cfg, 'intermediate_size_mlp', { fallback: m.intermediate });
    const chunk = readInt(cfg, 'attention_chunk_size');
    if (chunk > 0n) {
      const noRope = present(cfg, 'no_rope_layers') && Array.isArray(cfg.no_rope_layers) && cfg.no_rope_layers.length > 0
        ? cfg.no_rope_layers.slice(0, Number(L)) : null;
      m.slidingLayers = present(cfg, 'layer_types') ? slidingLayers(cfg, type, L, chunk, true) : noRope ? BigInt(noRope.filter((x) => x === 1).length) : L - L / readInt(cfg, 'no_rope_layer_interval', { fallback: 4n });
      m.slidingWindow = maxPositions > 0n && chunk > maxPositions ? maxPositions : chunk;
    }
  }

  // Qwen3-Next: gated DeltaNet layers, full attention on every full_attention_interval-th
  // layer (or as layer_types says). Each DeltaNet layer keeps per request the last
  // kernel-1 inputs of its conv over q, k, v and a key-dim x value-dim state per value head.
  if (type === 'qwen3_next') {
    m.linKeyHeads = readInt(cfg, 'linear_num_key_heads', { required: true });
    m.linValueHeads = readInt(cfg, 'linear_num_value_heads', { required: true });
    m.linKeyDim = readInt(cfg, 'linear_key_head_dim', { required: true });
    m.linValueDim = readInt(cfg, 'linear_value_head_dim', { required: true });
    m.linConv = readInt(cfg, 'linear_conv_kernel_dim', { required: true });
    if (present(cfg, 'layer_types')) m.linearLayers = BigInt(cfg.layer_types.filter((t) => t === 'linear_attention').length);
    else m.linearLayers = L - L / readInt(cfg, 'full_attention_interval', { required: true });
  }

  // Falcon-H1: a Mamba-2 mixer beside the attention of every layer. Per request it keeps
  // the last d_conv-1 inputs of its conv over d_ssm + 2*groups*d_state channels and a
  // head_dim x d_state state per head; mamba_d_head "auto" is d_ssm / heads.
  m.mambaLayers = 0n;
  if (type === 'falcon_h1') {
    m.mambaLayers = L;
    m.mambaHeads = readInt(cfg, 'mamba_n_heads', { required: true });
    m.mambaSsm = readInt(cfg, 'mamba_d_ssm', { required: true });
    m.mambaState = readInt(cfg, 'mamba_d_state', { required: true });
    m.mambaGroups = readInt(cfg, 'mamba_n_groups', { required: true });
    m.mambaConv = readInt(cfg, 'mamba_d_conv', { required: true });
    m.mambaHeadDim = present(cfg, 'mamba_d_head') && cfg.mamba_d_head !== 'auto' ? int(cfg.mamba_d_head, 'mamba_d_head') : m.mambaSsm / m.mambaHeads;
    m.mambaNorm = readBool(cfg, 'mamba_rms_norm');
    m.mambaConvBias = readBool(cfg, 'mamba_conv_bias');
    m.mambaProjBias = readBool(cfg, 'mamba_proj_bias');
    m.mambaOutBias = readBool(cfg, 'projectors_bias');
  }

  // Jamba: layer i is attention iff i % attn_layer_period == attn_layer_offset, else a Mamba (v1)
  // mixer over d_inner = mamba_expand * hidden; the MLP is MoE iff i % expert_layer_period ==
  // expert_layer_offset. Per request a Mamba layer keeps d_conv-1 inputs and a d_inner x d_state state.
  m.mambaV1 = false;
  if (type === 'jamba') {
    const count = (period, offset) => {
      let n = 0n;
      for (let i = 0n; i < L; i++) if (i % period === offset) n++;
      return n;
    };
    m.mambaV1 = true;
    m.mambaLayers = L - count(readInt(cfg, 'attn_layer_period', { required: true }), readInt(cfg, 'attn_layer_offset', { required: true }));
    m.mambaState = readInt(cfg, 'mamba_d_state', { required: true });
    m.mambaConv = readInt(cfg, 'mamba_d_conv', { required: true });
    m.mambaSsm = readInt(cfg, 'mamba_expand', { required: true }) * H;
    m.mambaDtRank = present(cfg, 'mamba_dt_rank') && cfg.mamba_dt_rank !== 'auto' ? int(cfg.mamba_dt_rank, 'mamba_dt_rank') : (H + 15n) / 16n;
    m.mambaConvBias = readBool(cfg, 'mamba_conv_bias');
    m.mambaProjBias = readBool(cfg, 'mamba_proj_bias');
    if (E > 0n) m.moeLayers = count(readInt(cfg, 'expert_layer_period', { required: true }), readInt(cfg, 'expert_layer_offset', { required: true }));
  }

  // LFM2: short-convolution layers where layer_types says "conv" (or outside full_attn_idxs); the
  // SwiGLU width is block_ff_dim (else intermediate_size), adjusted as Lfm2MLP does: int(2w/3),
  // times block_ffn_dim_multiplier, rounded up to block_multiple_of. q/k norms per head; tie_embedding.
  m.convLayers = 0n;
  if (type === 'lfm2') {
    if (present(cfg, 'layer_types')) m.convLayers = BigInt(cfg.layer_types.filter((k) => k === 'conv').length);
    else if (present(cfg, 'full_attn_idxs')) m.convLayers = L - BigInt(cfg.full_attn_idxs.length);
    m.convKernel = readInt(cfg, 'conv_L_cache', { required: true });
    m.convBias = readBool(cfg, 'conv_bias') === true;
    let width = readInt(cfg, 'block_ff_dim', { fallback: m.intermediate });
    if (readBool(cfg, 'block_auto_adjust_ff_dim') !== false) {
      const multiple = readInt(cfg, 'block_multiple_of', { fallback: 256n });
      width = (2n * width) / 3n;
      if (present(cfg, 'block_ffn_dim_multiplier')) width = BigInt(Math.trunc(cfg.block_ffn_dim_multiplier * Number(width)));
      width = multiple * ((width + multiple - 1n) / multiple);
    }
    m.intermediate = width;
    m.qkNorm = true;
    if (present(cfg, 'tie_embedding')) m.tied = cfg.tie_embedding === true;
  }

  // Nemotron NAS (block_configs): per layer attention (heads / n_heads_in_group KV heads), an H x H
  // linear, or nothing; a SwiGLU of int(2 * ffn_mult * H / 3) rounded up to 256, a linear, or nothing;
  // an RMSNorm beside each present one.
  m.nas = false;
  m.noAttnLayers = 0n;
  m.nasLinears = 0n;
  m.nasNorms = 0n;
  m.nasFfn = 0n;
  if (type === 'nemotron-nas' && present(cfg, 'block_configs')) {
    m.nas = true;
    let group = 0n;
    let widest = 0n;
    for (const block of cfg.block_configs) {
      const a = block.attention;
      const f = block.ffn;
      if (a.no_op) m.noAttnLayers++;
      else if (a.replace_with_linear) { m.noAttnLayers++; m.nasLinears++; m.nasNorms++; }
      else { group = BigInt(a.n_heads_in_group); m.nasNorms++; }
      if (f.no_op) continue;
      m.nasNorms++;
      if (f.replace_with_linear) { m.nasLinears++; continue; }
      let w = BigInt(Math.trunc((2 * f.ffn_mult * Number(H)) / 3));
      if (w % 256n !== 0n) w += 256n - (w % 256n);
      if (w > widest) widest = w;
      m.nasFfn += 3n * H * w;
    }
    m.kvHeads = group > 0n ? q / group : q;
    m.intermediate = widest;
  }

  // transformers >= 4.56 writes "dtype" (it wins over "torch_dtype" when both are there); the text config's before the root's.
  const dtypeKeys = [[cfg, 'dtype'], [cfg, 'torch_dtype'], [root, 'dtype'], [root, 'torch_dtype']];
  const dt = dtypeKeys.map(([o, k]) => (has(o, k) ? o[k] : null)).find((v) => v !== null) ?? null;
  if (dt !== null && !Object.hasOwn(DTYPES, dt)) throw new OracleError(`dtype ${dt} is not modeled`);
  m.dtype = dt === null ? 'fp16' : DTYPES[dt];
  // No torch_dtype: fp16, as vLLM's dtype "auto" loads such a model; the report calls that the default.
  m.dtypeDefaulted = dt === null;
  const qc = has(cfg, 'quantization_config') ? cfg.quantization_config : has(root, 'quantization_config') ? root.quantization_config : null;
  m.quant = 'none';
  if (qc !== null) {
    const method = qc.quant_method ?? '';
    if (method !== 'fp8' && method !== 'mxfp4') throw new OracleError(`quant_method ${method} is not modeled`);
    m.quant = method;
  }

  // Multi-token prediction (DeepSeek-V3's layer 61): modules beside the model, not in its count.
  m.mtpModules = readInt(cfg, 'num_nextn_predict_layers');

  countParams(m);
  return m;
}

// The classic layouts (families.mjs): plain MLP, LayerNorms with biases, the family's biases,
// learned positions, BLOOM's embedding norm, an LM head bias; Falcon's heads and norms.
function readFamily(cfg, f, m) {
  const H = m.hidden;
  m.plain = f.plain;
  m.layerNorm = f.layerNorm;
  m.embedNorm = f.embedNorm === true;
  m.headBias = f.headBias === true;
  if (f.norms !== null) m.normsPerLayer = f.norms;
  m.intermediate = f.ffn === null ? f.times * H : readInt(cfg, f.ffn, { required: f.times === 0n, fallback: f.times * H });
  m.intermediate /= f.div ?? 1n;
  const keyed = f.bias ? readBool(cfg, f.bias) ?? true : false;
  const rule = (r, generic) => (r === 'generic' ? generic : r === 'key' ? keyed : r);
  m.biasQkv = rule(f.qkv, m.biasQkv);
  m.biasO = rule(f.o, m.biasO);
  m.mlpBias = rule(f.mlp, m.mlpBias);
  if (f.multiQuery && readBool(cfg, f.multiQuery) === true) m.kvHeads = 1n;
  if (f.positions !== null) {
    if (m.maxPositions < 1n) throw new OracleError('the learned position table has no size');
    m.positionRows = m.maxPositions + f.positions;
  }
  if (m.type === 'falcon') {
    // FalconAttention: num_kv_heads under new_decoder_architecture or without multi_query, else 1.
    // FalconDecoderLayer: one input_layernorm when attention runs in parallel, unless
    // num_ln_in_parallel_attn is 2 (its default under new_decoder_architecture).
    const newArch = readBool(cfg, 'new_decoder_architecture') === true;
    const kv = readInt(cfg, 'num_kv_heads', { fallback: m.heads });
    m.kvHeads = newArch || readBool(cfg, 'multi_query') === false ? kv : 1n;
    const ln = readInt(cfg, 'num_ln_in_parallel_attn', { fallback: newArch ? 2n : 1n });
    m.normsPerLayer = readBool(cfg, 'parallel_attn') === false || ln === 2n ? 2n : 1n;
  }
  if (m.type === 'phi' || m.type === 'persimmon') m.qkNorm = readBool(cfg, 'qk_layernorm') === true;
  if (m.type === 'opt') {
    if (readInt(cfg, 'word_embed_proj_dim', { fallback: H }) !== H) throw new OracleError('OPT project_in/out not modeled');
    if (readBool(cfg, 'do_layer_norm_before') === false) throw new OracleError('OPT post-norm not modeled');
  }
}

function attentionParams(m) {
  const { hidden: H, heads: q } = m;
  if (m.mla) {
    const qk = m.qkNope + m.qkRope;
    // q: a LoRA down-projection with its norm and an up-projection, or one direct projection.
    let p = m.qLora > 0n ? H * m.qLora + m.qLora + m.qLora * q * qk : H * q * qk;
    p += H * (m.kvLora + m.qkRope) + m.kvLora; // kv down-projection with the rope key, and its norm
    p += m.kvLora * q * (m.qkNope + m.vHeadDim); // kv up-projection
    p += q * m.vHeadDim * H; // output projection
    return p;
  }
  const d = m.headDim, kv = m.kvHeads;
  let p = q * d * H + 2n * kv * d * H + q * d * H;
  if (m.biasQkv) p += q * d + 2n * kv * d;
  if (m.biasO) p += H;
  if (m.sinks) p += q;
  if (m.qkNorm) p += 2n * d * (m.layerNorm ? 2n : 1n);
  if (m.qkNormFull) p += q * d + kv * d;
  if (m.outputGate) p += q * d * H;
  return p;
}

// One Mamba-2 mixer: in_proj (gate + conv channels + heads), the depthwise conv with its bias,
// dt_bias, A_log and D per head, the optional gated norm, out_proj.
function mambaParams(m) {
  const H = m.hidden, nh = m.mambaHeads, ssm = m.mambaSsm;
  if (m.mambaV1) {
    // Jamba's mixer: in_proj, conv (+bias), x_proj, dt_proj (+bias), A_log, D, out_proj, dt/B/C norms.
    const r = m.mambaDtRank, st = m.mambaState;
    return H * 2n * ssm + (m.mambaProjBias ? 2n * ssm : 0n) + ssm * m.mambaConv + (m.mambaConvBias ? ssm : 0n) +
      ssm * (r + 2n * st) + r * ssm + ssm + ssm * st + ssm + ssm * H + (m.mambaProjBias ? H : 0n) + r + 2n * st;
  }
  const conv = ssm + 2n * m.mambaGroups * m.mambaState;
  const proj = ssm + conv + nh;
  return H * proj + (m.mambaProjBias ? proj : 0n) + conv * m.mambaConv + (m.mambaConvBias ? conv : 0n) + 3n * nh +
    (m.mambaNorm ? ssm : 0n) + ssm * H + (m.mambaOutBias ? H : 0n);
}

// One gated DeltaNet layer: in_proj_qkvz, in_proj_ba, the depthwise conv (no bias),
// dt_bias and A_log per value head, the gated norm over a value head, out_proj.
function linearParams(m) {
  const H = m.hidden, nv = m.linValueHeads;
  const key = m.linKeyHeads * m.linKeyDim, val = nv * m.linValueDim;
  return H * (2n * key + 2n * val) + H * 2n * nv + (2n * key + val) * m.linConv + 2n * nv + m.linValueDim + val * H;
}

function countParams(m) {
  const H = m.hidden, E = m.experts, L = m.layers;
  // A LayerNorm has a bias beside its weight; a learned position table is an embedding too.
  const norm = m.layerNorm ? 2n * H : H;
  const positions = m.positionRows * H;
  const embed = m.vocab * H * (m.tied ? 1n : 2n) + positions;
  const replaced = m.linearLayers + m.convLayers + m.noAttnLayers + (m.mambaV1 ? m.mambaLayers : 0n);
  // An LFM2 short convolution: in_proj H -> 3H, a depthwise conv of conv_L_cache taps, out_proj; biases under conv_bias.
  const convParams = m.convLayers > 0n ? 3n * H * H + H * m.convKernel + H * H + (m.convBias ? 5n * H : 0n) : 0n;
  const mixers = (L - replaced) * attentionParams(m) + (m.linearLayers > 0n ? m.linearLayers * linearParams(m) : 0n) +
    (m.mambaLayers > 0n ? m.mambaLayers * mambaParams(m) : 0n) + m.convLayers * convParams;
  const denseLayers = L - m.moeLayers;
  const up = m.plain ? 1n : 2n;
  const denseMlp = (up + 1n) * H * m.intermediate + (m.mlpBias ? up * m.intermediate + H : 0n);
  const expertMatrix = E > 0n ? 3n * H * m.moeIntermediate : 0n;
  const expert = expertMatrix + (m.expertBias ? 2n * m.moeIntermediate + H : 0n);
  const moeFixed = E > 0n ? H * E + (m.routerBias ? E : 0n) + 3n * H * m.shared + (m.sharedGate ? H : 0n) : 0n;
  const edges = norm * (m.embedNorm ? 2n : 1n) + (m.headBias ? m.vocab : 0n);
  const norms = m.nas ? m.nasNorms * norm : L * m.normsPerLayer * norm;
  const mlps = m.nas ? m.nasFfn + m.nasLinears * H * H : denseLayers * denseMlp;
  const total = embed + edges + mixers + norms + mlps + m.moeLayers * (moeFixed + E * expert);
  m.paramsTotal = total;
  m.paramsEmbed = embed;
  // An untied input table is looked up (one row a token), not multiplied: in N_act, not in the FLOPs.
  m.paramsInputTable = (m.tied ? 0n : m.vocab * H) + positions;
  m.paramsExpert = expert;
  m.paramsExpertMatrix = expertMatrix;
  m.paramsAlwaysRead = total - m.moeLayers * E * expert;
  m.paramsActive = total - m.moeLayers * (E - m.topK) * expert;
  // One MTP module, as the checkpoint's layer 61 holds it: a decoder layer like the
  // last (its attention, two norms, the MoE block or the dense MLP), enorm, hnorm,
  // shared_head.norm and eh_proj (2H x H); its embedding and head copies are the target's.
  m.mtpFixed = attentionParams(m) + m.normsPerLayer * norm + (m.moeLayers > 0n ? moeFixed : denseMlp) + 2n * H * H + 3n * H;
  m.mtpRouted = m.moeLayers > 0n ? E * expert : 0n;
  m.paramsMtpModule = m.mtpFixed + m.mtpRouted;

  const q = m.heads;
  if (m.mla) {
    m.kvElems = m.kvLora + m.qkRope;
    // Absorbed form: scores over latent + rope key, values over the latent.
    m.attnFlopsPerPair = 2n * q * (m.kvLora + m.qkRope) + 2n * q * m.kvLora;
    m.qkvWidth = q * m.headDim + m.kvLora + m.qkRope;
  } else {
    m.kvElems = 2n * m.kvHeads * m.headDim;
    m.attnFlopsPerPair = 4n * q * m.headDim;
    m.qkvWidth = (q + 2n * m.kvHeads) * m.headDim + (m.outputGate ? q * m.headDim : 0n);
  }
  m.stateElems = 0n;
  if (m.linearLayers > 0n) {
    const key = m.linKeyHeads * m.linKeyDim, val = m.linValueHeads * m.linValueDim;
    m.stateElems = (2n * key + val) * (m.linConv - 1n) + m.linValueHeads * m.linKeyDim * m.linValueDim;
  }
  // An LFM2 short convolution keeps its last conv_L_cache - 1 inputs, H wide.
  if (m.convLayers > 0n) m.stateElems = H * (m.convKernel - 1n);
  if (m.mambaLayers > 0n && m.mambaV1) {
    m.stateElems = m.mambaSsm * (m.mambaConv - 1n) + m.mambaSsm * m.mambaState;
  } else if (m.mambaLayers > 0n) {
    const conv = m.mambaSsm + 2n * m.mambaGroups * m.mambaState;
    m.stateElems = conv * (m.mambaConv - 1n) + m.mambaHeads * m.mambaHeadDim * m.mambaState;
  }
}
