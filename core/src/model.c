/* A model's shape: validation and exact parameter counts. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

rl_model rl_model_default(void) {
    rl_model m;
    memset(&m, 0, sizeof m);
    memcpy(m.name, "custom", 7);
    m.dtype = RL_PREC_FP16;
    return m;
}

static bool type_is(const rl_model *m, const char *t) { return strcmp(m->model_type, t) == 0; }

/* Architectures whose attention has per-head q/k RMSNorm weights. */
static bool has_qk_norm(const rl_model *m) { return m->qk_norm != 0; }

/* Gemma 2 and 3 put a norm before and after both attention and MLP. */
static double norms_per_layer(const rl_model *m) { return m->norms_per_layer > 0 ? (double)m->norms_per_layer : 2.0; }

/* One norm's weights: H, and as many biases for a LayerNorm with one. */
static double norm_params(const rl_model *m) { return (double)m->hidden * (m->norm_bias ? 2.0 : 1.0); }

/* A dense MLP of width I: gate, up and down (3·H·I), or up and down (2·H·I); their biases. */
static double mlp_params(const rl_model *m, double I) {
    double H = (double)m->hidden, up = m->mlp_plain ? 1.0 : 2.0;
    return (up + 1.0) * H * I + (m->mlp_bias ? up * I + H : 0.0);
}

static double attention_params(const rl_model *m) {
    double H = (double)m->hidden, q = (double)m->heads;
    if (m->mla) {
        double qk = (double)(m->qk_nope_head_dim + m->qk_rope_head_dim), ql = (double)m->q_lora_rank,
               kl = (double)m->kv_lora_rank;
        /* q: down-projection + its norm + up-projection, or one direct projection. */
        double p = ql > 0 ? H * ql + ql + ql * q * qk : H * q * qk;
        p += H * (kl + (double)m->qk_rope_head_dim) + kl;                 /* kv_a_proj_with_mqa + kv_a_layernorm */
        p += kl * q * (double)(m->qk_nope_head_dim + m->v_head_dim);    /* kv_b_proj */
        p += q * (double)m->v_head_dim * H;                              /* o_proj */
        return p;
    }
    double kv = (double)m->kv_heads, d = (double)m->head_dim;
    double p = q * d * H + 2.0 * kv * d * H + q * d * H;
    if (m->attn_bias_qkv) p += q * d + 2.0 * kv * d;
    if (m->attn_bias_o) p += H;
    if (m->attn_sinks) p += q;
    if (has_qk_norm(m)) p += 2.0 * d * (m->norm_bias ? 2.0 : 1.0);
    if (m->qk_norm_full) p += q * d + kv * d; /* OLMo 2/3: one norm over all q heads, one over all k heads */
    if (m->attn_output_gate) p += q * d * H; /* the gate half of q_proj */
    return p;
}

/* One gated DeltaNet layer (modeling_qwen3_next.py, Qwen3NextGatedDeltaNet):
 * in_proj_qkvz (H -> 2·key + 2·value), in_proj_ba (H -> 2·value heads), a
 * depthwise causal conv1d over q, k and v (no bias), dt_bias and A_log per
 * value head, a gated RMSNorm over the value head dim, out_proj (value -> H).
 * Checked against the published totals: Qwen3-Coder-Next 79,674,391,296 exactly,
 * Qwen3-Next-80B-A3B 81,324,862,720 with its multi-token-prediction layer. */
/* One Falcon-H1 Mamba-2 mixer (modeling_falcon_h1.py, FalconH1Mixer): in_proj
 * (H -> d_ssm gate + conv_dim + heads), a depthwise conv1d over conv_dim =
 * d_ssm + 2·groups·d_state (bias mamba_conv_bias), dt_bias, A_log and D per
 * head, the gated RMSNorm over d_ssm when mamba_rms_norm, out_proj (d_ssm -> H).
 * With attention, MLP and two norms per layer this gives 7,585,654,880 for
 * Falcon-H1-7B-Instruct, its measured total (a public census of the checkpoint). */
static double mamba_params(const rl_model *m) {
    double H = (double)m->hidden, nh = (double)m->mamba_heads, ssm = (double)m->mamba_d_ssm;
    if (m->mamba_v1) {
        /* Jamba's Mamba mixer (modeling_jamba.py, JambaMambaMixer): in_proj (H -> 2·d_inner),
         * the depthwise conv1d (bias mamba_conv_bias), x_proj (d_inner -> dt_rank + 2·d_state),
         * dt_proj (dt_rank -> d_inner, biased), A_log (d_inner x d_state), D, out_proj, and
         * the dt, B and C RMSNorms. Jamba-v0.1 / 1.5-Mini shapes: 51,570,323,328 in all,
         * the index total_size 103,140,646,656 / 2 of the published checkpoint. */
        double r = (double)m->mamba_dt_rank, st = (double)m->mamba_d_state;
        return H * 2.0 * ssm + (m->mamba_proj_bias ? 2.0 * ssm : 0.0) + ssm * (double)m->mamba_d_conv +
               (m->mamba_conv_bias ? ssm : 0.0) + ssm * (r + 2.0 * st) + r * ssm + ssm + ssm * st + ssm + ssm * H +
               (m->mamba_proj_bias ? H : 0.0) + r + 2.0 * st;
    }
    double conv = ssm + 2.0 * (double)m->mamba_groups * (double)m->mamba_d_state;
    double proj = ssm + conv + nh;
    return H * proj + (m->mamba_proj_bias ? proj : 0.0) + conv * (double)m->mamba_d_conv +
           (m->mamba_conv_bias ? conv : 0.0) + 3.0 * nh + (m->mamba_norm ? ssm : 0.0) + ssm * H +
           (m->mamba_out_bias ? H : 0.0);
}

/* One LFM2 short-convolution layer (modeling_lfm2.py, Lfm2ShortConv): in_proj H -> 3H, a depthwise
 * conv1d of conv_kernel taps over H channels, out_proj H -> H, each biased under conv_bias. With
 * attention layers of per-head q/k norms and a SwiGLU of the adjusted width, LFM2-1.2B counts
 * 1,170,340,608, its published total. */
static double conv_layer_params(const rl_model *m) {
    double H = (double)m->hidden;
    return H * 3.0 * H + H * (double)m->conv_kernel + H * H + (m->conv_bias ? 3.0 * H + H + H : 0.0);
}

static double linear_attention_params(const rl_model *m) {
    double H = (double)m->hidden, nv = (double)m->lin_value_heads;
    double key = (double)(m->lin_key_heads * m->lin_key_dim), val = nv * (double)m->lin_value_dim;
    return H * (2.0 * key + 2.0 * val) + H * 2.0 * nv + (2.0 * key + val) * (double)m->lin_conv_kernel + 2.0 * nv +
           (double)m->lin_value_dim + val * H;
}

rl_status rl_model_finish(rl_model *m, rl_error *err) {
    if (m == NULL) return rl_fail(err, RL_E_NULL, "model", "model: no model was given");
    m->finished = 0;
    rl_status st;
    if ((st = rl_check_int(m->layers, "config.num_hidden_layers", 1, RL_MAX_LAYERS, err))) return st;
    if (m->dtype != RL_PREC_FP32 && m->dtype != RL_PREC_FP16 && m->dtype != RL_PREC_BF16)
        return rl_fail(err, RL_E_UNKNOWN_NAME, "config.torch_dtype", "config.torch_dtype must be float32, float16 or bfloat16");
    if ((unsigned)m->quant > RL_QUANT_MXFP4)
        return rl_fail(err, RL_E_UNKNOWN_NAME, "config.quantization_config",
                       "config.quantization_config must be absent, fp8 or mxfp4");
    if ((st = rl_check_int(m->experts, "config.num_experts", 0, RL_MAX_EXPERTS, err))) return st;
    if ((st = rl_check_int(m->position_rows, "model.position_rows", 0, RL_MAX_POSITIONS, err))) return st;
    if ((m->mlp_plain | m->mlp_bias | m->norm_bias | m->embed_norm | m->lm_head_bias) & ~1)
        return rl_fail(err, RL_E_RANGE, "model.mlp_plain",
                       "model.mlp_plain, mlp_bias, norm_bias, embed_norm and lm_head_bias must each be 0 or 1");
    if (m->norms_per_layer < 0 || m->norms_per_layer > 8)
        return rl_fail(err, RL_E_RANGE, "model.norms_per_layer", "model.norms_per_layer must be from 0 (default 2) to 8");
    if (m->mla) {
        if ((st = rl_check_int(m->q_lora_rank, "config.q_lora_rank", 0, RL_MAX_HIDDEN, err))) return st;
        if ((st = rl_check_int(m->kv_lora_rank, "config.kv_lora_rank", 1, RL_MAX_HIDDEN, err))) return st;
        if ((st = rl_check_int(m->qk_nope_head_dim, "config.qk_nope_head_dim", 0, RL_MAX_HEAD_DIM, err))) return st;
        if ((st = rl_check_int(m->qk_rope_head_dim, "config.qk_rope_head_dim", 0, RL_MAX_HEAD_DIM, err))) return st;
        if ((st = rl_check_int(m->v_head_dim, "config.v_head_dim", 1, RL_MAX_HEAD_DIM, err))) return st;
        if (m->qk_nope_head_dim + m->qk_rope_head_dim < 1 || m->qk_nope_head_dim + m->qk_rope_head_dim > RL_MAX_HEAD_DIM)
            return rl_fail(err, RL_E_RANGE, "config.qk_nope_head_dim",
                           "config.qk_nope_head_dim + qk_rope_head_dim must be from 1 to %d", RL_MAX_HEAD_DIM);
        m->head_dim = m->qk_nope_head_dim + m->qk_rope_head_dim;
        m->sliding_layers = 0;
        m->sliding_window = 0;
    }

    if ((st = rl_check_int(m->hidden, "config.hidden_size", 1, RL_MAX_HIDDEN, err))) return st;
    if ((st = rl_check_int(m->heads, "config.num_attention_heads", 1, RL_MAX_HEADS, err))) return st;
    if ((st = rl_check_int(m->kv_heads, "config.num_key_value_heads", 1, RL_MAX_HEADS, err))) return st;
    if ((st = rl_check_int(m->head_dim, "config.head_dim", 1, RL_MAX_HEAD_DIM, err))) return st;
    if ((st = rl_check_int(m->vocab, "config.vocab_size", 1, RL_MAX_VOCAB, err))) return st;
    if ((st = rl_check_int(m->intermediate, "config.intermediate_size", 0, RL_MAX_INTERMEDIATE, err))) return st;
    if ((st = rl_check_int(m->max_positions, "config.max_position_embeddings", 0, RL_MAX_POSITIONS, err)))
        return st;
    if ((st = rl_check_int(m->sliding_window, "config.sliding_window", 0, RL_MAX_POSITIONS, err)))
        return st;
    if ((st = rl_check_int(m->sliding_layers, "config.layer_types", 0, m->layers, err))) return st;
    if (m->kv_heads > m->heads || m->heads % m->kv_heads != 0)
        return rl_fail_why(err, RL_E_CONTRADICTION, "config.num_key_value_heads", RL_WHY_KV_HEADS_DIVIDE, "kv_heads heads",
                       "config.num_key_value_heads (%lld) must divide num_attention_heads (%lld)",
                       (long long)m->kv_heads, (long long)m->heads);
    /* A window longer than max_position_embeddings is not a contradiction: published configs
     * have it, transformers loads them, and a layer holds min(S, window) tokens, so at any
     * context the model takes it is full attention. */
    if (m->sliding_window == 0) m->sliding_layers = 0;
    if (m->experts > 0) {
        if ((st = rl_check_int(m->experts, "config.num_experts", 1, RL_MAX_EXPERTS, err))) return st;
        if ((st = rl_check_int(m->top_k, "config.num_experts_per_tok", 1, RL_MAX_EXPERTS, err))) return st;
        if (m->top_k > m->experts)
            return rl_fail_why(err, RL_E_CONTRADICTION, "config.num_experts_per_tok", RL_WHY_TOP_K_OVER_EXPERTS, "top_k experts",
                           "config.num_experts_per_tok (%lld) must be from 1 to num_experts (%lld)",
                           (long long)m->top_k, (long long)m->experts);
        if ((st = rl_check_int(m->moe_intermediate, "config.moe_intermediate_size", 1, RL_MAX_INTERMEDIATE, err)))
            return st;
        if ((st = rl_check_int(m->moe_layers, "config.num_hidden_layers", 0, m->layers, err))) return st;
        if ((st = rl_check_int(m->shared_intermediate, "config.shared_expert_intermediate_size", 0, RL_MAX_INTERMEDIATE, err)))
            return st;
    } else {
        m->top_k = 0;
        m->moe_intermediate = 0;
        m->moe_layers = 0;
        m->shared_intermediate = 0;
    }
    if (m->linear_layers != 0) {
        if ((st = rl_check_int(m->linear_layers, "config.layer_types", 0, m->layers, err))) return st;
        if ((st = rl_check_int(m->lin_key_heads, "config.linear_num_key_heads", 1, RL_MAX_HEADS, err))) return st;
        if ((st = rl_check_int(m->lin_value_heads, "config.linear_num_value_heads", 1, RL_MAX_HEADS, err))) return st;
        if ((st = rl_check_int(m->lin_key_dim, "config.linear_key_head_dim", 1, RL_MAX_HEAD_DIM, err))) return st;
        if ((st = rl_check_int(m->lin_value_dim, "config.linear_value_head_dim", 1, RL_MAX_HEAD_DIM, err))) return st;
        if ((st = rl_check_int(m->lin_conv_kernel, "config.linear_conv_kernel_dim", 1, 1024, err))) return st;
        if (m->linear_layers + m->sliding_layers > m->layers)
            return rl_fail_why(err, RL_E_CONTRADICTION, "config.layer_types", RL_WHY_LINEAR_SLIDING_LAYERS, "linear sliding layers",
                           "config.layer_types: %lld linear-attention and %lld sliding layers exceed num_hidden_layers (%lld)",
                           (long long)m->linear_layers, (long long)m->sliding_layers, (long long)m->layers);
    }
    if (m->mamba_layers != 0) {
        if ((st = rl_check_int(m->mamba_layers, "config.num_hidden_layers", 0, m->layers, err))) return st;
        if ((st = rl_check_int(m->mamba_d_ssm, "config.mamba_d_ssm", 1, RL_MAX_HIDDEN, err))) return st;
        if ((st = rl_check_int(m->mamba_d_state, "config.mamba_d_state", 1, RL_MAX_HEAD_DIM, err))) return st;
        if ((st = rl_check_int(m->mamba_d_conv, "config.mamba_d_conv", 1, 1024, err))) return st;
        if (m->mamba_v1 && (st = rl_check_int(m->mamba_dt_rank, "config.mamba_dt_rank", 1, RL_MAX_HIDDEN, err))) return st;
        if (!m->mamba_v1 && (st = rl_check_int(m->mamba_heads, "config.mamba_n_heads", 1, RL_MAX_HEADS, err))) return st;
        if (!m->mamba_v1 && (st = rl_check_int(m->mamba_head_dim, "config.mamba_d_head", 1, RL_MAX_HEAD_DIM, err))) return st;
        if (!m->mamba_v1 && (st = rl_check_int(m->mamba_groups, "config.mamba_n_groups", 1, RL_MAX_HEADS, err))) return st;
        if (!m->mamba_v1 && m->mamba_heads * m->mamba_head_dim != m->mamba_d_ssm)
            return rl_fail_why(err, RL_E_CONTRADICTION, "config.mamba_d_head", RL_WHY_MAMBA_HEADS, "d_head n_heads d_ssm",
                           "config.mamba_d_head (%lld) x mamba_n_heads (%lld) must equal mamba_d_ssm (%lld)",
                           (long long)m->mamba_head_dim, (long long)m->mamba_heads, (long long)m->mamba_d_ssm);
        /* Jamba's Mamba layers replace attention: a layer cannot also be a sliding-window one. */
        if (m->mamba_v1 && m->mamba_layers + m->sliding_layers > m->layers)
            return rl_fail_why(err, RL_E_CONTRADICTION, "config.layer_types", RL_WHY_MAMBA_SLIDING_LAYERS, "mamba sliding layers",
                           "config.layer_types: %lld Mamba and %lld sliding layers exceed num_hidden_layers (%lld)",
                           (long long)m->mamba_layers, (long long)m->sliding_layers, (long long)m->layers);
        if (m->linear_layers != 0)
            return rl_fail_why(err, RL_E_UNSUPPORTED, "config.mamba_d_ssm", RL_WHY_MAMBA_WITH_LINEAR, "",
                           "config.mamba_d_ssm: Mamba mixers together with linear-attention layers are not modeled");
    }
    if (m->nas) {
        if ((st = rl_check_int(m->no_attn_layers, "config.block_configs", 0, m->layers, err))) return st;
        if ((st = rl_check_int(m->nas_linears, "config.block_configs", 0, 2 * m->layers, err))) return st;
        if ((st = rl_check_int(m->nas_norms, "config.block_configs", 0, 2 * m->layers, err))) return st;
        if (!(m->nas_ffn_params >= 0.0 && m->nas_ffn_params < RL_MAX_EXACT))
            return rl_fail(err, RL_E_RANGE, "config.block_configs", "config.block_configs: the FFNs' parameters must be from 0 to 2^53");
        if (m->experts > 0 || m->linear_layers != 0 || m->mamba_layers != 0 || m->conv_layers != 0)
            return rl_fail(err, RL_E_UNSUPPORTED, "config.block_configs",
                           "config.block_configs: NAS blocks together with experts or other layer kinds are not modeled");
    } else {
        m->no_attn_layers = 0;
        m->nas_linears = 0;
        m->nas_norms = 0;
        m->nas_ffn_params = 0.0;
    }
    if (m->conv_layers != 0) {
        if ((st = rl_check_int(m->conv_layers, "config.layer_types", 0, m->layers, err))) return st;
        if ((st = rl_check_int(m->conv_kernel, "config.conv_L_cache", 1, 1024, err))) return st;
        if (m->linear_layers != 0 || m->mamba_layers != 0)
            return rl_fail(err, RL_E_UNSUPPORTED, "config.conv_L_cache",
                           "config.conv_L_cache: short convolutions together with linear-attention or Mamba layers "
                           "are not modeled");
        if (m->conv_layers + m->sliding_layers > m->layers)
            return rl_fail(err, RL_E_CONTRADICTION, "config.layer_types",
                           "config.layer_types: %lld convolution and %lld sliding layers exceed num_hidden_layers (%lld)",
                           (long long)m->conv_layers, (long long)m->sliding_layers, (long long)m->layers);
    }
    int64_t dense_layers = m->layers - m->moe_layers;
    if (dense_layers > 0 && m->intermediate < 1 && !m->nas)
        return rl_fail(err, RL_E_RANGE, "config.intermediate_size",
                       "config.intermediate_size must be an integer from 1 to %d for dense layers", RL_MAX_INTERMEDIATE);

    double H = (double)m->hidden, E = (double)m->experts;
    /* The embedding tables: tokens (and the LM head when untied) and a learned position table. */
    double positions = (double)m->position_rows * H;
    double embed = (double)m->vocab * H * (m->tied_embeddings ? 1.0 : 2.0) + positions;
    /* Every layer has its norms; full-attention layers their attention, linear ones a DeltaNet. */
    double lin = (double)m->linear_layers;
    double convs = (double)m->conv_layers;
    double replaced = lin + convs + (double)m->no_attn_layers + (m->mamba_v1 ? (double)m->mamba_layers : 0.0); /* layers without attention */
    double mixers = ((double)m->layers - replaced) * attention_params(m) + (lin > 0 ? lin * linear_attention_params(m) : 0.0) +
                    (m->mamba_layers > 0 ? (double)m->mamba_layers * mamba_params(m) : 0.0) +
                    (convs > 0 ? convs * conv_layer_params(m) : 0.0);
    double norm = norm_params(m);
    double norms = m->nas ? (double)m->nas_norms * norm : (double)m->layers * norms_per_layer(m) * norm;
    double dense_mlp = mlp_params(m, (double)m->intermediate);
    /* NAS blocks: their linears beside the mixers, their SwiGLUs summed in place of L identical MLPs. */
    if (m->nas) mixers += (double)m->nas_linears * H * H;
    double pem = m->experts > 0 ? 3.0 * H * (double)m->moe_intermediate : 0.0;
    double pe = pem + (m->expert_bias && m->experts > 0 ? 2.0 * (double)m->moe_intermediate + H : 0.0);
    double moe_fixed = m->experts > 0 ? H * E + (m->router_bias ? E : 0.0) + 3.0 * H * (double)m->shared_intermediate +
                                            (m->shared_expert_gate ? H : 0.0)
                                      : 0.0;
    double moe_layers = (double)m->moe_layers;

    /* The final norm, BLOOM's norm after the embedding, an LM head bias. */
    double edges = norm * (m->embed_norm ? 2.0 : 1.0) + (m->lm_head_bias ? (double)m->vocab : 0.0);
    double text = embed + edges + mixers + norms + (m->nas ? m->nas_ffn_params : (double)dense_layers * dense_mlp) +
                  moe_layers * (moe_fixed + E * pe);
    if (!(m->params_vision >= 0.0 && m->params_vision < RL_MAX_EXACT && m->params_vision == (double)(int64_t)m->params_vision))
        return rl_fail(err, RL_E_RANGE, "model.params_vision",
                       "model.params_vision must be a whole number from 0 to 2^53 (the vision tower's parameters)");
    if (!(m->vision_complexity >= 0.0 && m->vision_complexity <= 1e12))
        return rl_fail(err, RL_E_RANGE, "model.vision_complexity",
                       "model.vision_complexity must be from 0 to 1e12 (the vision tower's layers x hidden^2 over 24 x 1024^2)");
    double total = text + m->params_vision;
    if (!(total < RL_MAX_EXACT))
        return rl_fail(err, RL_E_TOO_LARGE, "config",
                       "config describes more than 2^53 parameters; check hidden_size, layers and experts");
    m->params_total = total;
    m->params_text = text;
    m->params_embed = embed;
    /* Looked up a row per token, never multiplied: the untied input embedding and the positions. */
    m->params_input_table = (m->tied_embeddings ? 0.0 : (double)m->vocab * H) + positions;
    m->params_expert = pe;
    m->params_expert_matrix = pem;
    /* The vision tower runs on images, not in a decode step: neither read nor active per token. */
    m->params_always_read = text - moe_layers * E * pe;
    m->params_active = text - moe_layers * (E - (double)m->top_k) * pe;
    /* One multi-token-prediction module (DeepSeek-V3's layer 61): a decoder layer like
     * the last one, its enorm, hnorm and shared_head.norm, and eh_proj (2H -> H). Its
     * copies of the embedding and LM head are the target's, shared by the engines. */
    if ((st = rl_check_int(m->mtp_modules, "config.num_nextn_predict_layers", 0, RL_MAX_MTP_MODULES, err))) return st;
    m->params_mtp_module = m->mtp_modules == 0 ? 0.0
                           : attention_params(m) + norms_per_layer(m) * norm +
                                 (m->moe_layers > 0 ? moe_fixed + E * pe : dense_mlp) + 2.0 * H * H + 3.0 * H;

    double q = (double)m->heads;
    if (m->mla) {
        double kl = (double)m->kv_lora_rank, rope = (double)m->qk_rope_head_dim;
        m->kv_elems_per_token_per_layer = kl + rope;
        /* Decode runs the absorbed form: scores over latent + rope key, values over the latent. */
        m->attn_flops_per_token_pair = 2.0 * q * (kl + rope) + 2.0 * q * kl;
        m->qkv_width = q * (double)m->head_dim + kl + rope;
    } else {
        double kv = (double)m->kv_heads, d = (double)m->head_dim;
        m->kv_elems_per_token_per_layer = 2.0 * kv * d;
        m->attn_flops_per_token_pair = 4.0 * q * d;
        m->qkv_width = (q + 2.0 * kv) * d + (m->attn_output_gate ? q * d : 0.0);
    }
    /* A linear-attention layer keeps, per request, the last kernel-1 inputs of its
     * causal conv over q, k and v, and one key-dim x value-dim state per value head
     * (vLLM's conv and ssm state shapes for Qwen3-Next's gated DeltaNet). */
    m->state_elems_per_layer = 0.0;
    if (m->linear_layers > 0) {
        double key = (double)(m->lin_key_heads * m->lin_key_dim), val = (double)(m->lin_value_heads * m->lin_value_dim);
        m->state_elems_per_layer = (2.0 * key + val) * (double)(m->lin_conv_kernel - 1) +
                                   (double)m->lin_value_heads * (double)m->lin_key_dim * (double)m->lin_value_dim;
    }
    /* An LFM2 short convolution keeps the last conv_kernel - 1 inputs over H channels (vLLM's
     * ShortConv state shape). */
    if (m->conv_layers > 0) m->state_elems_per_layer = (double)m->hidden * (double)(m->conv_kernel - 1);
    /* A Mamba-2 mixer keeps the last d_conv-1 inputs of its conv and a head_dim x
     * d_state state per head (vLLM's mamba2 conv and ssm state shapes). */
    if (m->mamba_layers > 0 && m->mamba_v1) {
        /* Mamba (v1): the last d_conv-1 inputs over d_inner channels, and a d_inner x d_state state. */
        m->state_elems_per_layer = (double)m->mamba_d_ssm * (double)(m->mamba_d_conv - 1) +
                                   (double)m->mamba_d_ssm * (double)m->mamba_d_state;
    } else if (m->mamba_layers > 0) {
        double conv = (double)m->mamba_d_ssm + 2.0 * (double)m->mamba_groups * (double)m->mamba_d_state;
        m->state_elems_per_layer = conv * (double)(m->mamba_d_conv - 1) +
                                   (double)m->mamba_heads * (double)m->mamba_head_dim * (double)m->mamba_d_state;
    }
    m->finished = RL_MODEL_FINISHED;
    return RL_OK;
}

/* ---- config.json reader ------------------------------------------------ */

/* The value of `key` in obj when it is present and not null, else -1: what most keys of a
 * config.json take as given. One call where each site had the pair (issue 35: the reader's size). */
static int given_value(const rl_jdoc *doc, int obj, const char *key) {
    int v = rl_jget(doc, obj, key);
    return v >= 0 && !rl_jis_null(doc, v) ? v : -1;
}

/* The value of the first of `keys` that is present and not null; *found names it. */
static int first_present(const rl_jdoc *doc, int obj, const char *const *keys, const char **found) {
    for (; *keys != NULL; keys++) {
        int v = given_value(doc, obj, *keys);
        if (v >= 0) {
            if (found) *found = *keys;
            return v;
        }
    }
    return -1;
}

/* An absent (or null) field takes its transformers default for `type`
 * (config_defaults.c) before the reader's own fallback: a config.json as
 * published leaves out what its config class already says. */
static rl_status read_int(const rl_jdoc *doc, int obj, const char *type, const char *key, int64_t lo, int64_t hi,
                          bool required, int64_t fallback, int64_t *out, rl_error *err) {
    char field[64];
    int v = rl_jget(doc, obj, key);
    /* The family's own name for the key (GPT-2's n_layer), when the standard one is absent. */
    const char *alias = v < 0 ? rl_config_alias_of(type, key) : NULL;
    if (alias != NULL) {
        v = rl_jget(doc, obj, alias);
        key = alias;
    }
    snprintf(field, sizeof field, "config.%s", key);
    if (v < 0 || rl_jis_null(doc, v)) {
        int64_t d;
        if (rl_config_default_int(type, key, &d)) {
            rl_status st = rl_check_int(d, field, lo, hi, err);
            if (st == RL_OK) *out = d;
            return st;
        }
        if (required)
            return rl_fail(err, RL_E_JSON_MISSING, field, "%s is missing; config.json must give it", field);
        *out = fallback;
        return RL_OK;
    }
    return rl_jint(doc, v, field, lo, hi, out, err);
}

/* Counts MoE layers the way the HF implementations decide them. */
static rl_status count_moe_layers(const rl_jdoc *doc, int obj, rl_model *m, rl_error *err) {
    rl_status st;
    int64_t step = 1, first_dense = 0, freq = 1;
    if ((st = read_int(doc, obj, m->model_type, "decoder_sparse_step", 1, RL_MAX_LAYERS, false, 1, &step, err))) return st;
    if ((st = read_int(doc, obj, m->model_type, "first_k_dense_replace", 0, m->layers, false, 0, &first_dense, err)))
        return st;
    if ((st = read_int(doc, obj, m->model_type, "moe_layer_freq", 1, RL_MAX_LAYERS, false, 1, &freq, err))) return st;
    int only = given_value(doc, obj, "mlp_only_layers");
    if (only >= 0 && doc->tok[only].type != RL_J_ARRAY)
        return rl_fail(err, RL_E_JSON_TYPE, "config.mlp_only_layers",
                       "config.mlp_only_layers must be an array of layer indices");
    /* One pass over the list into a bitmap: a list as long as the layers must not cost L². */
    uint8_t dense_by_list[(RL_MAX_LAYERS + 7) / 8];
    memset(dense_by_list, 0, sizeof dense_by_list);
    if (only >= 0) {
        int t = only + 1;
        for (int k = 0; k < doc->tok[only].size; k++, t = rl_jnext(doc, t)) {
            int64_t idx;
            if ((st = rl_jint(doc, t, "config.mlp_only_layers", 0, m->layers - 1, &idx, err))) return st;
            dense_by_list[idx / 8] |= (uint8_t)(1u << (idx % 8));
        }
    }
    int64_t count = 0;
    for (int64_t i = 0; i < m->layers && i < RL_MAX_LAYERS; i++) {
        bool listed = (dense_by_list[i / 8] >> (i % 8)) & 1u;
        if (!listed && (i + 1) % step == 0 && i >= first_dense && (i - first_dense) % freq == 0) count++;
    }
    m->moe_layers = count;
    return RL_OK;
}

static rl_status read_optional_bool(const rl_jdoc *doc, int obj, const char *key, int *out, bool *given,
                                    rl_error *err) {
    char field[64];
    snprintf(field, sizeof field, "config.%s", key);
    int v = given_value(doc, obj, key);
    *given = v >= 0;
    return *given ? rl_jbool(doc, v, field, out, err) : RL_OK;
}

/* A boolean field, else its transformers default for `type`, else `fallback`. */
static rl_status read_bool_default(const rl_jdoc *doc, int obj, const char *type, const char *key, int fallback,
                                   int *out, rl_error *err) {
    bool given;
    rl_status st = read_optional_bool(doc, obj, key, out, &given, err);
    if (st || given) return st;
    int64_t d;
    *out = rl_config_default_int(type, key, &d) ? d != 0 : fallback;
    return RL_OK;
}

/* n rounded up to a multiple of k (k >= 1): the FFN widths of Nemotron NAS and LFM2. */
static int64_t round_up(int64_t n, int64_t k) { return k * ((n + k - 1) / k); }

/* A width multiplier at token v (ffn_mult, block_ffn_dim_multiplier): a number above 0, at most 64. */
static rl_status read_multiplier(const rl_jdoc *doc, int v, const char *field, double *out, rl_error *err) {
    rl_status st = rl_jnum(doc, v, field, out, err);
    if (st == RL_OK && !(*out > 0.0 && *out <= 64.0)) return rl_fail(err, RL_E_RANGE, field, "%s must be above 0 and at most 64", field);
    return st;
}

/* DeciLM / Nemotron Super and Ultra (model_type nemotron-nas, remote code modeling_decilm.py): one
 * block_configs entry per layer. Its attention is no_op (nothing, no norm), replace_with_linear (an
 * H x H linear and its input_layernorm) or attention with heads / n_heads_in_group KV heads; its ffn
 * likewise nothing, a linear, or a SwiGLU of _ffn_mult_to_intermediate_size(ffn_mult): int(2 · ffn_mult
 * · H / 3) rounded up to a multiple of 256, each with its post_attention_layernorm.
 * Llama-3_3-Nemotron-Super-49B-v1 counts its published 49,867,145,216 so. Refused by name: sliding
 * windows, sparsity, sink tokens, and attention layers of different KV head counts (the KV model holds one). */
static rl_status read_nas(const rl_jdoc *doc, int obj, rl_model *m, rl_error *err) {
    rl_status st;
    int blocks = rl_jget(doc, obj, "block_configs");
    if (doc->tok[blocks].type != RL_J_ARRAY || doc->tok[blocks].size != m->layers)
        return rl_fail(err, RL_E_CONTRADICTION, "config.block_configs",
                       "config.block_configs must list one block per layer (%lld)", (long long)m->layers);
    static const char *const unmodeled[] = {"window_length", "sparsify", "num_sink_tokens"};
    int64_t group = 0, widest = 0;
    double ffn = 0.0, H = (double)m->hidden;
    m->nas = 1;
    int b = blocks + 1;
    for (int i = 0; i < doc->tok[blocks].size; i++, b = rl_jnext(doc, b)) {
        if (doc->tok[b].type != RL_J_OBJECT)
            return rl_fail(err, RL_E_JSON_TYPE, "config.block_configs", "config.block_configs[%d] must be an object", i);
        static const char *const parts[] = {"attention", "ffn"};
        for (int p = 0; p < 2; p++) {
            char field[64];
            snprintf(field, sizeof field, "config.block_configs[%d].%s", i, parts[p]);
            int o = rl_jget(doc, b, parts[p]);
            if (o < 0 || doc->tok[o].type != RL_J_OBJECT)
                return rl_fail(err, RL_E_JSON_MISSING, field, "%s must be an object", field);
            int no_op = 0, linear = 0;
            bool given;
            if ((st = read_optional_bool(doc, o, "no_op", &no_op, &given, err))) return st;
            if ((st = read_optional_bool(doc, o, "replace_with_linear", &linear, &given, err))) return st;
            for (size_t u = 0; u < sizeof unmodeled / sizeof unmodeled[0]; u++) {
                if (given_value(doc, o, unmodeled[u]) >= 0 && (p == 0 || u == 1)) {
                    char f2[96];
                    snprintf(f2, sizeof f2, "%s.%s", field, unmodeled[u]);
                    return rl_fail(err, RL_E_UNSUPPORTED, f2, "%s is set: this NAS block's %s is not modeled", f2, unmodeled[u]);
                }
            }
            if (no_op) {
                if (p == 0) m->no_attn_layers++;
                continue;
            }
            m->nas_norms++;
            if (linear) {
                m->nas_linears++;
                if (p == 0) m->no_attn_layers++;
                continue;
            }
            /* The one size each part needs: the attention's KV grouping, the FFN's width multiplier. */
            const char *key = p == 0 ? "n_heads_in_group" : "ffn_mult";
            char f2[96];
            snprintf(f2, sizeof f2, "%s.%s", field, key);
            int v = given_value(doc, o, key);
            if (v < 0) return rl_fail(err, RL_E_JSON_MISSING, f2, "%s is missing", f2);
            if (p == 0) {
                int64_t g = 0;
                if ((st = rl_jint(doc, v, f2, 1, RL_MAX_HEADS, &g, err))) return st;
                if (m->heads % g != 0)
                    return rl_fail(err, RL_E_CONTRADICTION, f2, "%s (%lld) must divide num_attention_heads (%lld)", f2,
                                   (long long)g, (long long)m->heads);
                if (group != 0 && g != group)
                    return rl_fail(err, RL_E_UNSUPPORTED, f2,
                                   "%s (%lld) differs from an earlier layer's (%lld): attention layers of different KV head "
                                   "counts are not modeled",
                                   f2, (long long)g, (long long)group);
                group = g;
            } else {
                double mult = 0.0;
                if ((st = read_multiplier(doc, v, f2, &mult, err))) return st;
                int64_t w = round_up((int64_t)(2.0 * mult * H / 3.0), 256);
                if (w > widest) widest = w;
                ffn += 3.0 * H * (double)w;
            }
        }
    }
    m->kv_heads = group > 0 ? m->heads / group : m->heads;
    m->intermediate = widest;
    m->nas_ffn_params = ffn;
    return RL_OK;
}

/* LFM2 (configuration_lfm2.py, modeling_lfm2.py): layer i is full attention when layer_types says
 * "full_attention" (or i is in full_attn_idxs), else a short convolution. The feed-forward width is
 * block_ff_dim (the config class reads it as intermediate_size), adjusted as Lfm2MLP does under
 * block_auto_adjust_ff_dim: int(2·w/3), times block_ffn_dim_multiplier, rounded up to a multiple of
 * block_multiple_of. Attention norms q and k per head; tie_embedding ties the LM head. */
static rl_status read_lfm2(const rl_jdoc *doc, int obj, rl_model *m, rl_error *err) {
    rl_status st;
    const char *t = m->model_type;
    int64_t attn = m->layers;
    int types = given_value(doc, obj, "layer_types"), idxs = given_value(doc, obj, "full_attn_idxs");
    if (types >= 0) {
        if (doc->tok[types].type != RL_J_ARRAY || doc->tok[types].size != m->layers)
            return rl_fail(err, RL_E_CONTRADICTION, "config.layer_types",
                           "config.layer_types must list one kind per layer (%lld)", (long long)m->layers);
        attn = 0;
        int k = types + 1;
        for (int i = 0; i < doc->tok[types].size; i++, k = rl_jnext(doc, k)) {
            char kind[32];
            if ((st = rl_jstr(doc, k, "config.layer_types", kind, sizeof kind, err))) return st;
            if (strcmp(kind, "full_attention") == 0) attn++;
            else if (strcmp(kind, "conv") != 0)
                return rl_fail(err, RL_E_UNSUPPORTED, "config.layer_types",
                               "config.layer_types: \"%s\" layers are not modeled for LFM2 (conv and full_attention are)", kind);
        }
    } else if (idxs >= 0) {
        if (doc->tok[idxs].type != RL_J_ARRAY)
            return rl_fail(err, RL_E_JSON_TYPE, "config.full_attn_idxs", "config.full_attn_idxs must be a list of layer indices");
        attn = 0;
        int k = idxs + 1;
        for (int i = 0; i < doc->tok[idxs].size; i++, k = rl_jnext(doc, k)) {
            int64_t at = 0;
            if ((st = rl_jint(doc, k, "config.full_attn_idxs", 0, m->layers - 1, &at, err))) return st;
            attn++;
        }
    }
    m->conv_layers = m->layers - attn;
    if ((st = read_int(doc, obj, t, "conv_L_cache", 1, 1024, true, 0, &m->conv_kernel, err))) return st;
    if ((st = read_bool_default(doc, obj, t, "conv_bias", 0, &m->conv_bias, err))) return st;
    int64_t width = m->intermediate, multiple = 256;
    if ((st = read_int(doc, obj, t, "block_ff_dim", 1, RL_MAX_INTERMEDIATE, width == 0, width, &width, err))) return st;
    if ((st = read_int(doc, obj, t, "block_multiple_of", 1, RL_MAX_INTERMEDIATE, false, 256, &multiple, err))) return st;
    int adjust = 1;
    if ((st = read_bool_default(doc, obj, t, "block_auto_adjust_ff_dim", 1, &adjust, err))) return st;
    if (adjust) {
        double w = (double)(int64_t)(2.0 * (double)width / 3.0), mult = 1.0;
        int v = given_value(doc, obj, "block_ffn_dim_multiplier");
        if (v >= 0) {
            if ((st = read_multiplier(doc, v, "config.block_ffn_dim_multiplier", &mult, err))) return st;
            w = (double)(int64_t)(mult * w);
        }
        width = round_up((int64_t)w, multiple);
    }
    m->intermediate = width;
    m->qk_norm = 1;
    /* Lfm2Config: kwargs.get("tie_embedding", tie_word_embeddings), the original key first. */
    int tie = given_value(doc, obj, "tie_embedding");
    if (tie >= 0) {
        if ((st = rl_jbool(doc, tie, "config.tie_embedding", &m->tied_embeddings, err))) return st;
    }
    return RL_OK;
}

/* Falcon (modeling_falcon.py, FalconAttention and FalconDecoderLayer): the key/value heads are
 * num_kv_heads under new_decoder_architecture or without multi_query, else one; the norms per
 * layer two (ln_attn and ln_mlp, or input and post-attention) unless attention runs in parallel
 * off one input_layernorm: parallel_attn without new_decoder_architecture's num_ln_in_parallel_attn
 * of 2 (its default there). Falcon-7B: 1 kv head, 1 norm; Falcon-40B: 8 kv heads, 2 norms. */
static rl_status read_falcon(const rl_jdoc *doc, int obj, rl_model *m, rl_error *err) {
    rl_status st;
    const char *t = m->model_type;
    int new_arch = 0, multi_query = 1, parallel = 1;
    if ((st = read_bool_default(doc, obj, t, "new_decoder_architecture", 0, &new_arch, err))) return st;
    if ((st = read_bool_default(doc, obj, t, "multi_query", 1, &multi_query, err))) return st;
    if ((st = read_bool_default(doc, obj, t, "parallel_attn", 1, &parallel, err))) return st;
    int64_t kv = m->heads, ln = new_arch ? 2 : 1;
    if ((st = read_int(doc, obj, t, "num_kv_heads", 1, RL_MAX_HEADS, false, m->heads, &kv, err))) return st;
    if ((st = read_int(doc, obj, t, "num_ln_in_parallel_attn", 1, 2, false, ln, &ln, err))) return st;
    m->kv_heads = new_arch || !multi_query ? kv : 1;
    m->norms_per_layer = !parallel || ln == 2 ? 2 : 1;
    return RL_OK;
}

/* Whether a projection is biased under a family's rule (rl_bias_rule): the keyed field's value, or
 * the generic reader's. */
static int bias_by(int rule, int keyed, int generic) {
    switch ((rl_bias_rule)rule) {
    case RL_BIAS_NEVER: return 0;
    case RL_BIAS_ALWAYS: return 1;
    case RL_BIAS_KEY: return keyed;
    case RL_BIAS_GENERIC: break;
    }
    return generic;
}

/* The classic families' layout (families.c): a plain MLP of the family's width, LayerNorms with
 * a bias, biases by the family's rule, a learned position table, BLOOM's embedding norm, an LM
 * head bias. What the table cannot say is refused by name: OPT-350m's projections around the
 * embedding, a final norm switched off, norms without weights. */
static rl_status read_family(const rl_jdoc *doc, int obj, const rl_family *f, rl_model *m, rl_error *err) {
    rl_status st;
    const char *t = m->model_type;
    m->mlp_plain = f->mlp_plain;
    m->norm_bias = f->norm_bias;
    m->embed_norm = f->embed_norm;
    m->lm_head_bias = f->lm_head_bias;
    if (f->norms_per_layer > 0) m->norms_per_layer = f->norms_per_layer;
    if (f->ffn_key == NULL) {
        m->intermediate = (int64_t)f->ffn_x_hidden * m->hidden;
    } else if ((st = read_int(doc, obj, t, f->ffn_key, 1, RL_MAX_INTERMEDIATE, f->ffn_x_hidden == 0,
                              (int64_t)f->ffn_x_hidden * m->hidden, &m->intermediate, err))) {
        return st;
    }
    if (f->ffn_divisor > 1) m->intermediate /= f->ffn_divisor;
    int keyed = 0;
    if (f->bias_key != NULL && (st = read_bool_default(doc, obj, t, f->bias_key, 1, &keyed, err))) return st;
    m->attn_bias_qkv = bias_by(f->qkv_bias, keyed, m->attn_bias_qkv);
    m->attn_bias_o = bias_by(f->o_bias, keyed, m->attn_bias_o);
    m->mlp_bias = bias_by(f->mlp_bias, keyed, m->mlp_bias);
    if (f->multi_query_key != NULL) {
        int mq = 0;
        if ((st = read_bool_default(doc, obj, t, f->multi_query_key, 0, &mq, err))) return st;
        if (mq) m->kv_heads = 1;
    }
    if (f->learned_positions) {
        if (m->max_positions < 1) {
            /* Named as the family's config names it (GPT-2's n_positions). */
            const char *alias = rl_config_alias_of(t, "max_position_embeddings");
            char field[64];
            snprintf(field, sizeof field, "config.%s", alias != NULL ? alias : "max_position_embeddings");
            return rl_fail(err, RL_E_JSON_MISSING, field,
                           "%s is missing; it sizes the learned position table, so config.json must give it", field);
        }
        m->position_rows = m->max_positions + f->position_offset;
    }
    if (type_is(m, "falcon") && (st = read_falcon(doc, obj, m, err))) return st;
    if (type_is(m, "phi") || type_is(m, "persimmon")) {
        int qkl = 0;
        if ((st = read_bool_default(doc, obj, t, "qk_layernorm", 0, &qkl, err))) return st;
        m->qk_norm = qkl;
    }
    if (type_is(m, "stablelm") || type_is(m, "stablelm_epoch")) {
        /* StableLM 2 12B's per-head q/k LayerNorms and parallel residual (one norm per layer): not
         * in the row, so refused by name rather than counted without them. */
        static const struct {
            const char *field, *key, *feature;
        } unmodeled[] = {{"config.qk_layernorm", "qk_layernorm", "per-head q/k LayerNorm"},
                         {"config.use_parallel_residual", "use_parallel_residual", "parallel residual (one norm per layer)"}};
        for (size_t i = 0; i < sizeof unmodeled / sizeof unmodeled[0]; i++) {
            int on = 0;
            if ((st = read_bool_default(doc, obj, t, unmodeled[i].key, 0, &on, err))) return st;
            if (on)
                return rl_fail(err, RL_E_UNSUPPORTED, unmodeled[i].field, "%s is true: StableLM's %s is not modeled",
                               unmodeled[i].field, unmodeled[i].feature);
        }
    }
    if (type_is(m, "opt")) {
        int64_t proj = m->hidden;
        if ((st = read_int(doc, obj, t, "word_embed_proj_dim", 1, RL_MAX_HIDDEN, false, m->hidden, &proj, err))) return st;
        if (proj != m->hidden)
            return rl_fail(err, RL_E_UNSUPPORTED, "config.word_embed_proj_dim",
                           "config.word_embed_proj_dim (%lld) differs from hidden_size (%lld): OPT's project_in and "
                           "project_out around the embedding are not modeled",
                           (long long)proj, (long long)m->hidden);
        int before = 1, affine = 1;
        if ((st = read_bool_default(doc, obj, t, "do_layer_norm_before", 1, &before, err))) return st;
        if (!before)
            return rl_fail(err, RL_E_UNSUPPORTED, "config.do_layer_norm_before",
                           "config.do_layer_norm_before is false: OPT's post-norm layout (no final layer norm) is "
                           "not modeled");
        if ((st = read_bool_default(doc, obj, t, "layer_norm_elementwise_affine", 1, &affine, err))) return st;
        if (!affine)
            return rl_fail(err, RL_E_UNSUPPORTED, "config.layer_norm_elementwise_affine",
                           "config.layer_norm_elementwise_affine is false: layer norms without weights are not "
                           "modeled");
    }
    return RL_OK;
}

/* Qwen3-Next (qwen3_next, modeling_qwen3_next.py): gated DeltaNet layers with a
 * full-attention layer every full_attention_interval-th (layer i is full iff
 * (i+1) % interval == 0), or as layer_types lists them; the full-attention
 * layers gate their output (q_proj twice as wide) and norm q and k per head. */
static rl_status read_qwen3_next(const rl_jdoc *doc, int obj, rl_model *m, rl_error *err) {
    rl_status st;
    const char *t = m->model_type;
    m->attn_output_gate = 1;
    m->qk_norm = 1;
    if ((st = read_int(doc, obj, t, "linear_num_key_heads", 1, RL_MAX_HEADS, true, 0, &m->lin_key_heads, err))) return st;
    if ((st = read_int(doc, obj, t, "linear_num_value_heads", 1, RL_MAX_HEADS, true, 0, &m->lin_value_heads, err))) return st;
    if ((st = read_int(doc, obj, t, "linear_key_head_dim", 1, RL_MAX_HEAD_DIM, true, 0, &m->lin_key_dim, err))) return st;
    if ((st = read_int(doc, obj, t, "linear_value_head_dim", 1, RL_MAX_HEAD_DIM, true, 0, &m->lin_value_dim, err))) return st;
    if ((st = read_int(doc, obj, t, "linear_conv_kernel_dim", 1, 1024, true, 0, &m->lin_conv_kernel, err))) return st;
    int types = given_value(doc, obj, "layer_types");
    if (types >= 0) {
        int64_t n = 0;
        int k = types + 1;
        for (int i = 0; i < doc->tok[types].size; i++, k = rl_jnext(doc, k)) {
            char kind[32];
            if ((st = rl_jstr(doc, k, "config.layer_types", kind, sizeof kind, err))) return st;
            if (strcmp(kind, "linear_attention") == 0) n++;
        }
        m->linear_layers = n; /* count_sliding_layers checked the list's length and other kinds */
        return RL_OK;
    }
    int64_t interval;
    if ((st = read_int(doc, obj, t, "full_attention_interval", 1, RL_MAX_LAYERS, true, 0, &interval, err))) return st;
    m->linear_layers = m->layers - m->layers / interval;
    return RL_OK;
}

/* A size that a whole number gives, or "auto" (also when absent or null) for `auto_value`: Falcon-H1's
 * mamba_d_head and Jamba's mamba_dt_rank. `field` is "config." and the key. One reader for both,
 * rather than the copy each had (issue 35: the config reader's size in the page's wasm). */
static rl_status read_int_or_auto(const rl_jdoc *doc, int obj, const char *field, int64_t hi, int64_t auto_value,
                                  int64_t *out, rl_error *err) {
    int v = given_value(doc, obj, field + 7);
    if (v >= 0 && doc->tok[v].type != RL_J_STRING) return rl_jint(doc, v, field, 1, hi, out, err);
    char word[16] = "auto";
    rl_status st;
    if (v >= 0 && (st = rl_jstr(doc, v, field, word, sizeof word, err))) return st;
    if (strcmp(word, "auto") != 0)
        return rl_fail(err, RL_E_UNKNOWN_NAME, field, "%s must be a whole number or \"auto\" (got \"%s\")", field, word);
    *out = auto_value;
    return RL_OK;
}

/* Falcon-H1 (falcon_h1, modeling_falcon_h1.py): every layer runs a Mamba-2 mixer
 * in parallel with its attention, then the MLP. mamba_d_head "auto" (the class
 * default) is mamba_d_ssm / mamba_n_heads; the other defaults are
 * FalconH1Config's (config_defaults.c). */
static rl_status read_falcon_h1(const rl_jdoc *doc, int obj, rl_model *m, rl_error *err) {
    rl_status st;
    const char *t = m->model_type;
    m->mamba_layers = m->layers;
    if ((st = read_int(doc, obj, t, "mamba_n_heads", 1, RL_MAX_HEADS, true, 0, &m->mamba_heads, err))) return st;
    if ((st = read_int(doc, obj, t, "mamba_d_ssm", 1, RL_MAX_HIDDEN, true, 0, &m->mamba_d_ssm, err))) return st;
    if ((st = read_int(doc, obj, t, "mamba_d_state", 1, RL_MAX_HEAD_DIM, true, 0, &m->mamba_d_state, err))) return st;
    if ((st = read_int(doc, obj, t, "mamba_n_groups", 1, RL_MAX_HEADS, true, 0, &m->mamba_groups, err))) return st;
    if ((st = read_int(doc, obj, t, "mamba_d_conv", 1, 1024, true, 0, &m->mamba_d_conv, err))) return st;
    if ((st = read_int_or_auto(doc, obj, "config.mamba_d_head", RL_MAX_HEAD_DIM, m->mamba_d_ssm / m->mamba_heads,
                               &m->mamba_head_dim, err)))
        return st;
    if ((st = read_bool_default(doc, obj, t, "mamba_rms_norm", 0, &m->mamba_norm, err))) return st;
    if ((st = read_bool_default(doc, obj, t, "mamba_conv_bias", 1, &m->mamba_conv_bias, err))) return st;
    if ((st = read_bool_default(doc, obj, t, "mamba_proj_bias", 0, &m->mamba_proj_bias, err))) return st;
    if ((st = read_bool_default(doc, obj, t, "projectors_bias", 0, &m->mamba_out_bias, err))) return st;
    return RL_OK;
}

/* Jamba (jamba, modeling_jamba.py): layer i is attention iff i % attn_layer_period ==
 * attn_layer_offset, else a Mamba (v1) mixer; its MLP is MoE iff i % expert_layer_period ==
 * expert_layer_offset. d_inner = mamba_expand x hidden; mamba_dt_rank "auto" is
 * ceil(hidden / 16). Defaults: JambaConfig (config_defaults.c). */
static int64_t every(int64_t layers, int64_t period, int64_t offset) {
    return offset < layers ? (layers - 1 - offset) / period + 1 : 0; /* i in [0, layers) with i % period == offset */
}

static rl_status read_jamba(const rl_jdoc *doc, int obj, rl_model *m, rl_error *err) {
    rl_status st;
    const char *t = m->model_type;
    int64_t ap, ao, ep, eo, expand;
    if ((st = read_int(doc, obj, t, "attn_layer_period", 1, RL_MAX_LAYERS, true, 0, &ap, err))) return st;
    if ((st = read_int(doc, obj, t, "attn_layer_offset", 0, ap - 1, true, 0, &ao, err))) return st;
    if ((st = read_int(doc, obj, t, "mamba_d_state", 1, RL_MAX_HEAD_DIM, true, 0, &m->mamba_d_state, err))) return st;
    if ((st = read_int(doc, obj, t, "mamba_d_conv", 1, 1024, true, 0, &m->mamba_d_conv, err))) return st;
    if ((st = read_int(doc, obj, t, "mamba_expand", 1, 1024, true, 0, &expand, err))) return st;
    m->mamba_v1 = 1;
    m->mamba_d_ssm = expand * m->hidden;
    m->mamba_layers = m->layers - every(m->layers, ap, ao);
    if ((st = read_int_or_auto(doc, obj, "config.mamba_dt_rank", RL_MAX_HIDDEN, (m->hidden + 15) / 16, &m->mamba_dt_rank,
                               err)))
        return st;
    if ((st = read_bool_default(doc, obj, t, "mamba_conv_bias", 1, &m->mamba_conv_bias, err))) return st;
    if ((st = read_bool_default(doc, obj, t, "mamba_proj_bias", 0, &m->mamba_proj_bias, err))) return st;
    m->mamba_out_bias = 0;
    if (m->experts > 0) {
        if ((st = read_int(doc, obj, t, "expert_layer_period", 1, RL_MAX_LAYERS, true, 0, &ep, err))) return st;
        if ((st = read_int(doc, obj, t, "expert_layer_offset", 0, ep - 1, true, 0, &eo, err))) return st;
        m->moe_layers = every(m->layers, ep, eo);
    }
    return RL_OK;
}

/* Llama 4 (llama4_text): every interleave_moe_layer_step-th layer (or the
 * layers moe_layers lists) is MoE, with one shared expert beside the routed
 * ones, both intermediate_size wide; the other layers' MLP is
 * intermediate_size_mlp wide. Chunked local attention on the RoPE layers
 * (no_rope_layers[i] == 1, by default every layer but each 4th): their KV holds
 * at most attention_chunk_size tokens, as a window of that size would, so the
 * chunk is the window and those layers the local ones. modeling_llama4.py;
 * defaults from Llama4TextConfig (config_defaults.c). */
static rl_status read_llama4(const rl_jdoc *doc, int obj, rl_model *m, rl_error *err) {
    rl_status st;
    const char *t = m->model_type;
    if (m->experts > 0) {
        int list = given_value(doc, obj, "moe_layers");
        if (list >= 0) {
            if (doc->tok[list].type != RL_J_ARRAY)
                return rl_fail(err, RL_E_JSON_TYPE, "config.moe_layers", "config.moe_layers must be an array of layer indices");
            int64_t idx;
            int k = list + 1;
            for (int i = 0; i < doc->tok[list].size; i++, k = rl_jnext(doc, k))
                if ((st = rl_jint(doc, k, "config.moe_layers", 0, m->layers - 1, &idx, err))) return st;
            m->moe_layers = doc->tok[list].size;
        } else {
            int64_t step;
            if ((st = read_int(doc, obj, t, "interleave_moe_layer_step", 1, m->layers, false, 1, &step, err))) return st;
            m->moe_layers = m->layers / step; /* layers step-1, 2*step-1, ... */
        }
        m->shared_intermediate = m->moe_intermediate;
    }
    int64_t mlp;
    if ((st = read_int(doc, obj, t, "intermediate_size_mlp", 1, RL_MAX_INTERMEDIATE, false, m->intermediate, &mlp, err)))
        return st;
    m->intermediate = mlp;

    int64_t chunk;
    if ((st = read_int(doc, obj, t, "attention_chunk_size", 0, RL_MAX_POSITIONS, false, 0, &chunk, err))) return st;
    if (chunk == 0) return RL_OK;
    int64_t chunked = 0;
    int nr = given_value(doc, obj, "no_rope_layers");
    int lt = given_value(doc, obj, "layer_types");
    if (lt >= 0) {
        chunked = m->sliding_layers; /* counted from layer_types by count_sliding_layers */
    } else if (nr >= 0 && doc->tok[nr].type == RL_J_ARRAY && doc->tok[nr].size > 0) {
        if (doc->tok[nr].size < m->layers)
            return rl_fail_why(err, RL_E_CONTRADICTION, "config.no_rope_layers", RL_WHY_LIST_LENGTH, "entries layers",
                           "config.no_rope_layers has %d entries but num_hidden_layers is %lld", doc->tok[nr].size,
                           (long long)m->layers);
        int k = nr + 1;
        for (int64_t i = 0; i < m->layers; i++, k = rl_jnext(doc, k)) {
            int64_t v;
            if ((st = rl_jint(doc, k, "config.no_rope_layers", 0, 1, &v, err))) return st;
            chunked += v;
        }
    } else {
        int64_t interval;
        if ((st = read_int(doc, obj, t, "no_rope_layer_interval", 1, RL_MAX_LAYERS, false, 4, &interval, err))) return st;
        chunked = m->layers - m->layers / interval; /* layer i is global iff (i+1) % interval == 0 */
    }
    m->sliding_window = chunk;
    m->sliding_layers = chunked;
    if (m->max_positions > 0 && m->sliding_window > m->max_positions) m->sliding_window = m->max_positions;
    return RL_OK;
}

/* Which layers keep only a window: explicit layer_types first, then the
 * families' own rules (Gemma 3's pattern, Gemma 2's alternation, Qwen's
 * max_window_layers), else a window on every layer (Mistral). */
static rl_status count_sliding_layers(const rl_jdoc *doc, int obj, rl_model *m, int use_sw,
                                      rl_error *err) {
    rl_status st;
    int types = given_value(doc, obj, "layer_types");
    if (types >= 0) {
        if (doc->tok[types].type != RL_J_ARRAY)
            return rl_fail(err, RL_E_JSON_TYPE, "config.layer_types", "config.layer_types must be an array of strings");
        if (doc->tok[types].size != m->layers)
            return rl_fail_why(err, RL_E_CONTRADICTION, "config.layer_types", RL_WHY_LIST_LENGTH, "entries layers",
                           "config.layer_types has %d entries but num_hidden_layers is %lld", doc->tok[types].size,
                           (long long)m->layers);
        int64_t n = 0;
        int t = types + 1;
        for (int k = 0; k < doc->tok[types].size; k++, t = rl_jnext(doc, t)) {
            char kind[32];
            if ((st = rl_jstr(doc, t, "config.layer_types", kind, sizeof kind, err))) return st;
            /* Llama 4's chunked layers hold at most a chunk of KV, as a window would (read_llama4). */
            if (strcmp(kind, "sliding_attention") == 0 || (strcmp(kind, "chunked_attention") == 0 && type_is(m, "llama4_text")))
                n++;
            else if (strcmp(kind, "linear_attention") == 0 && type_is(m, "qwen3_next"))
                continue; /* counted by read_qwen3_next */
            else if (strcmp(kind, "conv") == 0 && type_is(m, "lfm2"))
                continue; /* counted by read_lfm2 */
            else if (strcmp(kind, "full_attention") != 0)
                return rl_fail_why(err, RL_E_UNSUPPORTED, "config.layer_types", RL_WHY_LAYER_KIND, "kind",
                               "config.layer_types: \"%s\" layers are not modeled (only full_attention and "
                               "sliding_attention)",
                               kind);
        }
        m->sliding_layers = n;
        return RL_OK;
    }
    if (m->sliding_window == 0 || !use_sw) {
        m->sliding_layers = 0;
        return RL_OK;
    }
    int64_t pattern = 0;
    if ((st = read_int(doc, obj, m->model_type, "sliding_window_pattern", 1, RL_MAX_LAYERS, false, 0, &pattern, err))) return st;
    if (pattern > 0) {
        m->sliding_layers = m->layers - m->layers / pattern; /* layer i is global iff (i+1) % pattern == 0 */
    } else if (type_is(m, "gemma2")) {
        m->sliding_layers = (m->layers + 1) / 2; /* even layers are local */
    } else if (type_is(m, "qwen2") || type_is(m, "qwen2_moe") || type_is(m, "qwen3") || type_is(m, "qwen3_moe") ||
               type_is(m, "qwen2_5_vl_text") || type_is(m, "qwen2_vl_text")) {
        int64_t first = 0;
        int64_t d;
        /* Absent: the class default (Qwen2: 28) may exceed the layer count, and then no layer uses the window. */
        if (rl_jget(doc, obj, "max_window_layers") < 0 && rl_config_default_int(m->model_type, "max_window_layers", &d))
            first = d < m->layers ? d : m->layers;
        else if ((st = read_int(doc, obj, m->model_type, "max_window_layers", 0, m->layers, false, 0, &first, err)))
            return st;
        m->sliding_layers = m->layers - first; /* layers from max_window_layers on use the window */
    } else {
        m->sliding_layers = m->layers;
    }
    return RL_OK;
}

static rl_status read_quantization(const rl_jdoc *doc, int obj, int root, rl_model *m, rl_error *err) {
    rl_status st;
    m->dtype = RL_PREC_FP16;
    /* transformers 4.56 renamed torch_dtype to dtype and saves configs with "dtype" (huggingface/transformers#39782,
     * merged 2025-08; "If both are present, use `dtype`"): the text config's own key first, then the root's. */
    static const char *const keys[2] = {"dtype", "torch_dtype"};
    static const char *const fields[2] = {"config.dtype", "config.torch_dtype"};
    int dt = -1, which = 0;
    for (int level = 0; level < 2 && dt < 0; level++)
        for (int k = 0; k < 2 && dt < 0; k++) {
            int at = given_value(doc, level == 0 ? obj : root, keys[k]);
            if (at >= 0) dt = at, which = k;
        }
    m->dtype_defaulted = dt < 0;
    if (dt >= 0) {
        char name[32];
        if ((st = rl_jstr(doc, dt, fields[which], name, sizeof name, err))) return st;
        if (strcmp(name, "bfloat16") == 0) m->dtype = RL_PREC_BF16;
        else if (strcmp(name, "float32") == 0) m->dtype = RL_PREC_FP32;
        else if (strcmp(name, "float16") == 0) m->dtype = RL_PREC_FP16;
        else
            return rl_fail(err, RL_E_UNKNOWN_NAME, fields[which], "%s must be float32, float16 or bfloat16 (got \"%s\")",
                           fields[which], name);
    }
    m->quant = RL_QUANT_NONE;
    int q = rl_jget(doc, obj, "quantization_config");
    if (q < 0) q = rl_jget(doc, root, "quantization_config");
    if (q < 0 || rl_jis_null(doc, q)) return RL_OK;
    if (doc->tok[q].type != RL_J_OBJECT)
        return rl_fail(err, RL_E_JSON_TYPE, "config.quantization_config", "config.quantization_config must be an object");
    int method = rl_jget(doc, q, "quant_method");
    char name[32] = "";
    if (method >= 0 && (st = rl_jstr(doc, method, "config.quantization_config.quant_method", name, sizeof name, err)))
        return st;
    if (strcmp(name, "fp8") == 0) m->quant = RL_QUANT_FP8;
    else if (strcmp(name, "mxfp4") == 0) m->quant = RL_QUANT_MXFP4;
    else
        return rl_fail_why(err, RL_E_UNSUPPORTED, "config.quantization_config.quant_method", RL_WHY_QUANT_METHOD, "method",
                       "config.quantization_config.quant_method \"%s\" is not modeled (fp8 and mxfp4 are); "
                       "choose a precision explicitly",
                       name);
    return RL_OK;
}

static rl_status read_mla(const rl_jdoc *doc, int obj, rl_model *m, rl_error *err) {
    rl_status st;
    int kl = given_value(doc, obj, "kv_lora_rank");
    if (kl < 0) return RL_OK;
    m->mla = 1;
    if ((st = rl_jint(doc, kl, "config.kv_lora_rank", 1, RL_MAX_HIDDEN, &m->kv_lora_rank, err))) return st;
    if ((st = read_int(doc, obj, m->model_type, "q_lora_rank", 0, RL_MAX_HIDDEN, false, 0, &m->q_lora_rank, err))) return st;
    if ((st = read_int(doc, obj, m->model_type, "qk_nope_head_dim", 0, RL_MAX_HEAD_DIM, true, 0, &m->qk_nope_head_dim, err))) return st;
    if ((st = read_int(doc, obj, m->model_type, "qk_rope_head_dim", 0, RL_MAX_HEAD_DIM, true, 0, &m->qk_rope_head_dim, err))) return st;
    if ((st = read_int(doc, obj, m->model_type, "v_head_dim", 1, RL_MAX_HEAD_DIM, true, 0, &m->v_head_dim, err))) return st;
    if (m->attn_bias_qkv || m->attn_bias_o)
        return rl_fail_why(err, RL_E_UNSUPPORTED, "config.attention_bias", RL_WHY_MLA_ATTENTION_BIAS, "",
                       "config.attention_bias with multi-head latent attention is not modeled");
    return RL_OK;
}

static rl_status read_moe(const rl_jdoc *doc, int obj, rl_model *m, rl_error *err) {
    static const char *const expert_keys[] = {"num_experts", "num_local_experts", "n_routed_experts", NULL};
    static const char *const topk_keys[] = {"num_experts_per_tok", "experts_per_token", NULL};
    rl_status st;
    const char *key = NULL;
    char field[64];
    int e = first_present(doc, obj, expert_keys, &key);
    if (e >= 0) {
        snprintf(field, sizeof field, "config.%s", key);
        if ((st = rl_jint(doc, e, field, 0, RL_MAX_EXPERTS, &m->experts, err))) return st;
    } else {
        /* Absent: the config class's expert count (Mixtral, Qwen3-MoE, DeepSeek-V3, gpt-oss, Llama 4). */
        for (const char *const *x = expert_keys; *x != NULL && m->experts == 0; x++)
            rl_config_default_int(m->model_type, *x, &m->experts);
    }
    if (m->experts == 0) return RL_OK;
    int k = first_present(doc, obj, topk_keys, &key);
    if (k >= 0) {
        snprintf(field, sizeof field, "config.%s", key);
        if ((st = rl_jint(doc, k, field, 1, RL_MAX_EXPERTS, &m->top_k, err))) return st;
    } else if (!rl_config_default_int(m->model_type, "num_experts_per_tok", &m->top_k)) {
        return rl_fail(err, RL_E_JSON_MISSING, "config.num_experts_per_tok",
                       "config.num_experts_per_tok is missing; a MoE config must give it");
    }
    /* Mixtral and gpt-oss size their experts with intermediate_size. */
    if ((st = read_int(doc, obj, m->model_type, "moe_intermediate_size", 1, RL_MAX_INTERMEDIATE, m->intermediate == 0, m->intermediate,
                       &m->moe_intermediate, err)))
        return st;
    if ((st = count_moe_layers(doc, obj, m, err))) return st;
    /* Shared experts: DeepSeek counts them (n_shared_experts × moe width), Qwen2-MoE gives one width. */
    int64_t n_shared = 0, shared_width = 0;
    if ((st = read_int(doc, obj, m->model_type, "n_shared_experts", 0, RL_MAX_EXPERTS, false, 0, &n_shared, err))) return st;
    if ((st = read_int(doc, obj, m->model_type, "shared_expert_intermediate_size", 0, RL_MAX_INTERMEDIATE, false, 0, &shared_width, err)))
        return st;
    m->shared_intermediate = n_shared * m->moe_intermediate + shared_width;
    m->shared_expert_gate = shared_width > 0;
    m->expert_bias = type_is(m, "gpt_oss");
    char method[32] = "";
    int tm = given_value(doc, obj, "topk_method");
    if (tm >= 0 && (st = rl_jstr(doc, tm, "config.topk_method", method, sizeof method, err)))
        return st;
    /* DeepSeek-V3 routes with noaux_tc, which stores an e_score_correction_bias per expert. */
    /* GLM-4.5's router (Glm4MoeTopkRouter) keeps DeepSeek-V3's e_score_correction_bias. */
    m->router_bias = type_is(m, "gpt_oss") || type_is(m, "deepseek_v3") || type_is(m, "glm4_moe") ||
                     strcmp(method, "noaux_tc") == 0;
    /* Ling 2.0 (bailing_moe, remote code modeling_bailing_moe_v2.py) names its shared experts
     * num_shared_experts x moe_shared_expert_intermediate_size and its router's per-expert bias
     * moe_router_enable_expert_bias. Read as DeepSeek's names they would be missed: Ling-flash-2.0
     * counts its published 102,889,705,216 with them. */
    if (type_is(m, "bailing_moe")) {
        int64_t n = 0, w = m->moe_intermediate;
        int expert_bias = 0;
        if ((st = read_int(doc, obj, m->model_type, "num_shared_experts", 0, RL_MAX_EXPERTS, false, 0, &n, err))) return st;
        if ((st = read_int(doc, obj, m->model_type, "moe_shared_expert_intermediate_size", 1, RL_MAX_INTERMEDIATE, false,
                           m->moe_intermediate, &w, err)))
            return st;
        if ((st = read_bool_default(doc, obj, m->model_type, "moe_router_enable_expert_bias", 0, &expert_bias, err))) return st;
        m->shared_intermediate += n * w;
        if (expert_bias) m->router_bias = 1;
    }
    return RL_OK;
}

rl_status rl_model_from_doc(const rl_jdoc *doc, int obj, rl_model *out, rl_error *err) {
    rl_model m = rl_model_default();
    rl_status st;
    int root = obj;
    if (doc->tok[obj].type != RL_J_OBJECT)
        return rl_fail(err, RL_E_JSON_TYPE, "config", "config must be a JSON object {...}");
    if ((st = rl_jcheck_unique(doc, obj, "config", err))) return st;
    /* Multimodal checkpoints (Gemma 3) keep the language model under text_config. */
    int text = rl_jget(doc, obj, "text_config");
    int type_obj = obj;
    if (text >= 0 && doc->tok[text].type == RL_J_OBJECT) {
        if ((st = rl_jcheck_unique(doc, text, "config.text_config", err))) return st;
        /* A stub text_config (Fuyu's {"model_type": "persimmon"}) names the text class and leaves the
         * sizes at the top level, where the published config spells them out: read them there. */
        bool stub = rl_jget(doc, text, "num_hidden_layers") < 0 && rl_jget(doc, text, "hidden_size") < 0 &&
                    rl_jget(doc, root, "num_hidden_layers") >= 0 && rl_jget(doc, root, "hidden_size") >= 0;
        type_obj = text;
        if (!stub) obj = text;
    }
    /* The language model's type: text_config's own, else the one its outer
     * (multimodal) type gives it, else the top level's. Defaults and family
     * traits follow this type. */
    char outer[32] = "";
    int omt = given_value(doc, root, "model_type");
    if (omt >= 0 && (st = rl_jstr(doc, omt, "config.model_type", outer, sizeof outer, err)))
        return st;
    int mt = type_obj != root ? given_value(doc, type_obj, "model_type") : -1;
    if (mt >= 0) {
        if ((st = rl_jstr(doc, mt, "config.text_config.model_type", m.model_type, sizeof m.model_type, err))) return st;
    } else {
        const char *implied = rl_config_text_type(outer);
        snprintf(m.model_type, sizeof m.model_type, "%s", implied != NULL ? implied : outer);
    }

    const char *refused = rl_family_refused(m.model_type);
    if (refused != NULL)
        return rl_fail(err, RL_E_UNSUPPORTED, "config.model_type", "config.model_type \"%s\" is not modeled: %s",
                       m.model_type, refused);
    /* The hosted page's verdict module leaves Llama 4's chunked attention, the state-space, linear-attention and NAS
     * families, the classic layouts (families.c: GPT-2 to StableLM; no preset is one) and every vision tower to the
     * full module (internal.h, RL_FULL), which the page then waits for. */
    if (!RL_FULL && (type_is(&m, "llama4_text") || type_is(&m, "qwen3_next") || type_is(&m, "falcon_h1") ||
                     type_is(&m, "jamba") || type_is(&m, "lfm2") || type_is(&m, "nemotron-nas") ||
                     rl_family_of(m.model_type) != NULL))
        return rl_full_module(err, "config.model_type");
    if (!RL_FULL && (strcmp(outer, "fuyu") == 0 || given_value(doc, root, "vision_config") >= 0))
        return rl_full_module(err, "config.vision_config");
    /* An encoder-decoder (T5, BART, Marian: is_encoder_decoder true) has an encoder and a decoder with
     * cross-attention; this tool sizes decoder-only serving. Refused by name, before its T5-style keys
     * (num_layers, d_model) send the reader after fields it would not find. */
    int enc_dec = 0;
    if ((st = read_bool_default(doc, root, m.model_type, "is_encoder_decoder", 0, &enc_dec, err))) return st;
    if (enc_dec)
        return rl_fail(err, RL_E_UNSUPPORTED, "config.is_encoder_decoder",
                       "config.is_encoder_decoder is true: encoder-decoder models (model_type \"%s\": an encoder, and a "
                       "decoder with cross-attention) are not modeled; this tool sizes decoder-only serving",
                       m.model_type);
    if ((st = rl_refuse_unmodeled_layers(doc, obj, m.model_type, err))) return st;
    if ((st = rl_refuse_unread_keys(doc, obj, m.model_type, err))) return st;
    if ((st = read_int(doc, obj, m.model_type, "num_hidden_layers", 1, RL_MAX_LAYERS, true, 0, &m.layers, err))) return st;
    if ((st = read_int(doc, obj, m.model_type, "hidden_size", 1, RL_MAX_HIDDEN, true, 0, &m.hidden, err))) return st;
    if ((st = read_int(doc, obj, m.model_type, "num_attention_heads", 1, RL_MAX_HEADS, true, 0, &m.heads, err))) return st;
    if ((st = read_int(doc, obj, m.model_type, "vocab_size", 1, RL_MAX_VOCAB, true, 0, &m.vocab, err))) return st;
    if ((st = read_int(doc, obj, m.model_type, "num_key_value_heads", 1, RL_MAX_HEADS, false, m.heads, &m.kv_heads, err))) return st;
    if ((st = read_int(doc, obj, m.model_type, "head_dim", 1, RL_MAX_HEAD_DIM, false, 0, &m.head_dim, err))) return st;
    if ((st = read_int(doc, obj, m.model_type, "max_position_embeddings", 0, RL_MAX_POSITIONS, false, 0, &m.max_positions, err)))
        return st;

    int bias = 0;
    if ((st = read_bool_default(doc, obj, m.model_type, "attention_bias", 0, &bias, err))) return st;
    /* Family traits the config does not spell out, decided once here rather than on every analysis. */
    m.qk_norm = type_is(&m, "qwen3") || type_is(&m, "qwen3_moe") || type_is(&m, "gemma3") || type_is(&m, "gemma3_text") ||
                type_is(&m, "qwen3_vl_text") || type_is(&m, "qwen3_vl_moe_text");
    m.norms_per_layer = (type_is(&m, "gemma2") || type_is(&m, "gemma3") || type_is(&m, "gemma3_text")) ? 4 : 2;
    /* Cohere and Cohere 2 (modeling_cohere.py, modeling_cohere2.py) run attention and MLP in
     * parallel off one input_layernorm (a LayerNorm with no bias): one norm per layer. */
    if (type_is(&m, "cohere") || type_is(&m, "cohere2")) m.norms_per_layer = 1;
    /* OLMo 2 and 3 (modeling_olmo2.py, modeling_olmo3.py): q_norm and k_norm span the whole
     * projections, and the two norms per layer follow attention and MLP. OLMo-2-1124-7B
     * counts 7,298,617,344 so, as published. */
    m.qk_norm_full = type_is(&m, "olmo2") || type_is(&m, "olmo3");
    /* Cohere's use_qk_norm (Command R+): a LayerNorm over each q head and each k head, weights
     * [heads, head_dim] and [kv_heads, head_dim]: q·d + h_kv·d, as OLMo's. */
    if (type_is(&m, "cohere")) {
        int qkn = 0;
        if ((st = read_bool_default(doc, obj, m.model_type, "use_qk_norm", 0, &qkn, err))) return st;
        if (qkn) m.qk_norm_full = 1;
    }
    /* Qwen2's q/k/v projections carry biases; Qwen2.5-VL's language model is a Qwen2 (modeling_qwen2_5_vl.py). */
    bool qwen2 = type_is(&m, "qwen2") || type_is(&m, "qwen2_moe") || type_is(&m, "qwen2_5_vl_text") || type_is(&m, "qwen2_vl_text");
    /* GLM-4.5 (modeling_glm4_moe.py, Glm4MoeAttention): attention_bias biases q, k and v, never
     * o_proj; use_qk_norm adds an RMSNorm over each q head and each k head (head_dim weights each). */
    bool glm4_moe = type_is(&m, "glm4_moe");
    m.attn_bias_qkv = bias || qwen2;
    m.attn_bias_o = bias && !qwen2 && !glm4_moe;
    if (glm4_moe || type_is(&m, "bailing_moe")) {
        int qkn = 0;
        if ((st = read_bool_default(doc, obj, m.model_type, "use_qk_norm", 0, &qkn, err))) return st;
        if (qkn) m.qk_norm = 1;
    }
    /* Ling 2.0: q/k/v biased by use_qkv_bias; use_bias (the other projections) is not modeled. */
    if (type_is(&m, "bailing_moe")) {
        int qkv = 0, other = 0;
        if ((st = read_bool_default(doc, obj, m.model_type, "use_qkv_bias", 0, &qkv, err))) return st;
        if ((st = read_bool_default(doc, obj, m.model_type, "use_bias", 0, &other, err))) return st;
        if (other)
            return rl_fail(err, RL_E_UNSUPPORTED, "config.use_bias",
                           "config.use_bias is true: Ling's biases beyond q/k/v are not modeled");
        m.attn_bias_qkv = qkv;
    }
    m.attn_sinks = type_is(&m, "gpt_oss");
    if ((st = read_mla(doc, obj, &m, err))) return st;
    if (m.head_dim == 0 && !m.mla) {
        if (m.hidden % m.heads != 0)
            return rl_fail_why(err, RL_E_CONTRADICTION, "config.head_dim", RL_WHY_HEAD_DIM, "hidden heads",
                           "config.head_dim is missing and hidden_size (%lld) is not a multiple of "
                           "num_attention_heads (%lld)",
                           (long long)m.hidden, (long long)m.heads);
        m.head_dim = m.hidden / m.heads;
    }
    if (m.mla) m.head_dim = m.qk_nope_head_dim + m.qk_rope_head_dim;

    /* Qwen configs carry a window that use_sliding_window switches off. */
    int use_sw = 1;
    if ((st = read_bool_default(doc, obj, m.model_type, "use_sliding_window", 1, &use_sw, err))) return st;
    if ((st = read_int(doc, obj, m.model_type, "sliding_window", 0, RL_MAX_POSITIONS, false, 0, &m.sliding_window, err))) return st;
    if ((st = count_sliding_layers(doc, obj, &m, use_sw, err))) return st;
    if (!use_sw && rl_jget(doc, obj, "layer_types") < 0) m.sliding_window = 0;

    int tie = rl_jget(doc, obj, "tie_word_embeddings");
    if (tie < 0) tie = rl_jget(doc, root, "tie_word_embeddings");
    if (tie >= 0 && !rl_jis_null(doc, tie)) {
        if ((st = rl_jbool(doc, tie, "config.tie_word_embeddings", &m.tied_embeddings, err))) return st;
    } else {
        /* transformers' own defaults (config_defaults.c); a type without a row is untied. */
        int64_t d;
        m.tied_embeddings = rl_config_default_int(m.model_type, "tie_word_embeddings", &d) && d != 0;
    }

    static const char *const expert_keys[] = {"num_experts", "num_local_experts", "n_routed_experts", NULL};
    const char *key = NULL;
    int e = first_present(doc, obj, expert_keys, &key);
    int64_t experts = 0;
    if (e >= 0) {
        char field[64];
        snprintf(field, sizeof field, "config.%s", key);
        if ((st = rl_jint(doc, e, field, 0, RL_MAX_EXPERTS, &experts, err))) return st;
    } else {
        for (const char *const *k = expert_keys; *k != NULL && experts == 0; k++) rl_config_default_int(m.model_type, *k, &experts);
    }
    /* LlamaConfig's mlp_bias (Granite Code sets it): gate, up and down carry biases. */
    if ((st = read_bool_default(doc, obj, m.model_type, "mlp_bias", 0, &m.mlp_bias, err))) return st;
    /* Every layer MoE: intermediate_size may be absent (it then only sizes experts). The classic
     * families name their width their own way (families.c). */
    const rl_family *family = RL_FULL && experts == 0 ? rl_family_of(m.model_type) : NULL;
    if (family != NULL) {
        if ((st = read_family(doc, obj, family, &m, err))) return st;
    } else if ((st = read_int(doc, obj, m.model_type, "intermediate_size", 0, RL_MAX_INTERMEDIATE,
                              experts == 0 && !type_is(&m, "lfm2") && !type_is(&m, "nemotron-nas"), 0, &m.intermediate,
                              err))) { /* LFM2: block_ff_dim; NAS: block_configs */
        return st;
    }
    if ((st = read_moe(doc, obj, &m, err))) return st;
    if (RL_FULL && type_is(&m, "llama4_text") && (st = read_llama4(doc, obj, &m, err))) return st;
    if (RL_FULL && type_is(&m, "qwen3_next") && (st = read_qwen3_next(doc, obj, &m, err))) return st;
    if (RL_FULL && type_is(&m, "falcon_h1") && (st = read_falcon_h1(doc, obj, &m, err))) return st;
    if (RL_FULL && type_is(&m, "jamba") && (st = read_jamba(doc, obj, &m, err))) return st;
    if (RL_FULL && type_is(&m, "lfm2") && (st = read_lfm2(doc, obj, &m, err))) return st;
    if (RL_FULL && type_is(&m, "nemotron-nas") && rl_jget(doc, obj, "block_configs") >= 0 && (st = read_nas(doc, obj, &m, err))) return st;
    if ((st = read_quantization(doc, obj, root, &m, err))) return st;
    if (RL_FULL && (st = rl_vision_params(doc, root, outer, m.hidden, &m.params_vision, &m.vision_complexity, err)))
        return st;
    if ((st = read_int(doc, obj, m.model_type, "num_nextn_predict_layers", 0, RL_MAX_MTP_MODULES, false, 0, &m.mtp_modules, err)))
        return st;

    if ((st = rl_model_finish(&m, err))) return st;
    *out = m;
    return RL_OK;
}

rl_status rl_model_from_config_json(const char *json, size_t len, rl_model *out, rl_error *err) {
    rl_clear_error(err);
    if (out == NULL) return rl_fail(err, RL_E_NULL, "config", "config: no output model was given");
    rl_jdoc doc;
    rl_status st = rl_jparse(&doc, json, len, RL_CONFIG_MAX_BYTES, "config", err);
    if (st) return st;
    return rl_model_from_doc(&doc, 0, out, err);
}
