/* Layer kinds the core does not model yet, recognised by the config fields
 * that only they use, and refused as `unsupported` naming that field and the
 * feature. Without this a hybrid config (Qwen3-Next, Falcon-H1, Jamba) would
 * be read as if every layer were attention, and its KV figures would be
 * silently wrong: their linear-attention and state-space layers keep a fixed
 * recurrent state per request instead of a KV cache that grows with S.
 *
 * Modeled, so not listed here: full attention, sliding windows (layer_types,
 * Gemma's patterns), multi-head latent attention, Llama 4's chunked local
 * attention (attention_chunk_size, read in model.c as a window of the chunk
 * on the RoPE layers), Qwen3-Next's gated DeltaNet (model_type qwen3_next) and
 * Falcon-H1's parallel Mamba-2 mixers (model_type falcon_h1) and Jamba's Mamba
 * layers (model_type jamba). */
#include "internal.h"

#include <string.h>

static const struct {
    const char *field;   /* present (and not null) in the language model's config object */
    const char *feature; /* what it means, for the message */
    const char *modeled; /* the model_type for which the core does model it (NULL: none) */
} markers[] = {
    /* Jamba (configuration_jamba.py): Mamba layers with attention every attn_layer_period-th;
     * modeled for model_type jamba (model.c, read_jamba). */
    {"attn_layer_period", "Mamba layers between attention layers", "jamba"},
    /* Nemotron-H (configuration_nemotron_h.py) and other hybrids naming each block. */
    {"hybrid_override_pattern", "Mamba-2 layers named by hybrid_override_pattern (Nemotron-H)", NULL},
    {"layers_block_type", "per-layer block types (Mamba or attention hybrids)", NULL},
    /* Qwen3-Next (configuration_qwen3_next.py): gated DeltaNet layers, with full attention every 4th.
     * Modeled for model_type qwen3_next (model.c, read_qwen3_next); another type naming these
     * fields may mean something else by them. */
    {"linear_num_value_heads", "gated DeltaNet linear-attention layers", "qwen3_next"},
    {"linear_key_head_dim", "gated DeltaNet linear-attention layers", "qwen3_next"},
    {"full_attention_interval", "linear-attention layers between full-attention ones", "qwen3_next"},
    /* Falcon-H1 (configuration_falcon_h1.py): a Mamba-2 mixer beside attention in every layer;
     * modeled for model_type falcon_h1 (model.c, read_falcon_h1). */
    {"mamba_d_ssm", "Mamba-2 state-space mixers", "falcon_h1"},
    {"mamba_d_state", "Mamba state-space mixers", "falcon_h1|jamba"},
    {"mamba_d_conv", "Mamba state-space mixers", "falcon_h1|jamba"},
    /* Gemma 3n (configuration_gemma3n.py): AltUp streams, LAuReL blocks and per-layer input
     * embeddings, weights and compute the attention-only reading would miss. */
    {"altup_num_inputs", "Gemma 3n's AltUp layers", NULL},
    {"laurel_rank", "Gemma 3n's LAuReL blocks", NULL},
    {"hidden_size_per_layer_input", "Gemma 3n's per-layer input embeddings", NULL},
    /* LFM2 (configuration_lfm2.py): gated short-convolution layers beside attention, each with a
     * rolling cache of conv_L_cache positions, and a feed-forward sized by block_ff_dim (with
     * block_auto_adjust_ff_dim, block_multiple_of and block_ffn_dim_multiplier), not intermediate_size. */
    {"conv_L_cache", "LFM2's short-convolution layers", "lfm2"},
    {"block_ff_dim", "LFM2's feed-forward sized by block_ff_dim", "lfm2"},
    /* DeciLM / Nemotron Super and Ultra (configuration_decilm.py, remote code): a neural-architecture-search
     * model whose layers each have their own block: attention with its own KV heads or none at all,
     * and a feed-forward of its own width (ffn_mult) or none. */
    {"block_configs", "per-layer blocks of their own attention and feed-forward widths (DeciLM / Nemotron NAS)", "nemotron-nas"},
    /* Encoder-decoder models (configuration_t5.py, configuration_marian.py, configuration_bart.py): an
     * encoder, and a decoder whose layers also attend to it; this tool sizes decoder-only serving. */
    {"num_decoder_layers", "encoder-decoder layers (T5: an encoder, and a decoder with cross-attention)", NULL},
    {"decoder_layers", "encoder-decoder layers (BART, Marian: an encoder, and a decoder with cross-attention)", NULL},
    /* ERNIE 4.5 MoE (configuration_ernie4_5_moe.py): experts named moe_num_experts, moe_k,
     * moe_num_shared_experts, placed from moe_layer_start_index every moe_layer_interval. Read as a
     * dense model they would be missing from the count. */
    {"moe_num_experts", "ERNIE 4.5's mixture-of-experts layers", NULL},
    /* Plain Mamba / Mamba-2 (configuration_mamba.py, configuration_mamba2.py). */
    {"state_size", "Mamba state-space layers", NULL},
    {"ssm_cfg", "Mamba state-space layers", NULL},
};

/* True when `type` is one of the '|'-separated types in `list`. A type holding '|' is none of
 * them: "falcon_h1|jamba" as a model_type is the list, not one of its types. */
static bool modeled_for(const char *list, const char *type) {
    if (strchr(type, '|') != NULL) return false;
    size_t n = strlen(type);
    for (const char *p = list; p != NULL && *p; p = strchr(p, '|') ? strchr(p, '|') + 1 : NULL)
        if (strncmp(p, type, n) == 0 && (p[n] == '|' || p[n] == '\0') && n > 0) return true;
    return false;
}

rl_status rl_refuse_unmodeled_layers(const rl_jdoc *doc, int obj, const char *model_type, rl_error *err) {
    for (size_t i = 0; i < sizeof markers / sizeof markers[0]; i++) {
        if (modeled_for(markers[i].modeled, model_type)) continue;
        int v = rl_jget(doc, obj, markers[i].field);
        if (v >= 0 && !rl_jis_null(doc, v)) {
            char field[64];
            size_t n = strlen(markers[i].field);
            memcpy(field, "config.", 7);
            memcpy(field + 7, markers[i].field, n + 1);
            return rl_fail_why(err, RL_E_UNSUPPORTED, field, RL_WHY_ATTENTION_KIND, "key feature model_type",
                           "%s: %s are not modeled for model_type \"%s\" (modeled: full, sliding-window, "
                           "chunked and MLA attention, Qwen3-Next's gated DeltaNet, Falcon-H1's Mamba-2 and Jamba's Mamba mixers)",
                           field, markers[i].feature, model_type);
        }
    }
    return RL_OK;
}
