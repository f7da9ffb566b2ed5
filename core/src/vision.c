/* The vision tower and projector of a multimodal checkpoint: weights that take
 * memory on the GPU like the language model's, but that a decode step does not
 * read. Counted tensor by tensor as the transformers modeling code builds them,
 * from the config's vision_config with the config class's defaults for what it
 * leaves out (config_defaults.c). */
#include "internal.h"

#include <stdio.h>
#include <string.h>

/* vision_config.<key>, else the default of `vtype` (config_defaults.c), else an error naming it. */
static rl_status vint(const rl_jdoc *doc, int vis, const char *vtype, const char *key, int64_t lo, int64_t hi,
                      int64_t *out, rl_error *err) {
    char field[96];
    snprintf(field, sizeof field, "config.vision_config.%s", key);
    int v = rl_jget(doc, vis, key);
    if (v >= 0 && !rl_jis_null(doc, v)) return rl_jint(doc, v, field, lo, hi, out, err);
    if (rl_config_default_int(vtype, key, out)) return RL_OK;
    return rl_fail(err, RL_E_JSON_MISSING, field, "%s is missing; config.json must give it", field);
}

/* SigLIP vision transformer, as Gemma 3 uses it (modeling_siglip.py):
 * patch conv with bias, learned position embedding per patch, pre-norm layers
 * with LayerNorm (weight + bias), biased q/k/v/o and a two-matrix GELU MLP,
 * post LayerNorm; the attention-pooling head only when vision_use_head. */
static rl_status siglip(const rl_jdoc *doc, int vis, double *out, double *hidden_out, rl_error *err) {
    const char *t = "siglip_vision_model";
    int64_t H, I, L, C, img, p;
    rl_status st;
    if ((st = vint(doc, vis, t, "hidden_size", 1, RL_MAX_HIDDEN, &H, err))) return st;
    if ((st = vint(doc, vis, t, "intermediate_size", 1, RL_MAX_INTERMEDIATE, &I, err))) return st;
    if ((st = vint(doc, vis, t, "num_hidden_layers", 1, RL_MAX_LAYERS, &L, err))) return st;
    if ((st = vint(doc, vis, t, "num_channels", 1, 64, &C, err))) return st;
    if ((st = vint(doc, vis, t, "image_size", 1, 1 << 20, &img, err))) return st;
    if ((st = vint(doc, vis, t, "patch_size", 1, 1 << 20, &p, err))) return st;
    if (img % p != 0)
        return rl_fail(err, RL_E_CONTRADICTION, "config.vision_config.image_size",
                       "config.vision_config.image_size (%lld) must be a multiple of patch_size (%lld)",
                       (long long)img, (long long)p);
    int head = 1; /* SiglipVisionConfig keeps the pooling head unless vision_use_head is false */
    int vh = rl_jget(doc, vis, "vision_use_head");
    if (vh >= 0 && !rl_jis_null(doc, vh) && (st = rl_jbool(doc, vh, "config.vision_config.vision_use_head", &head, err)))
        return st;
    double h = (double)H, i = (double)I, n = (double)(img / p);
    double embed = (double)C * (double)p * (double)p * h + h + n * n * h;
    double layer = 4.0 * (h * h + h) + 2.0 * 2.0 * h + (h * i + i) + (i * h + h);
    double total = embed + (double)L * layer + 2.0 * h;
    /* Multihead attention pooling: probe, in/out projections, LayerNorm, MLP. */
    if (head) total += h + (3.0 * h * h + 3.0 * h) + (h * h + h) + 2.0 * h + (h * i + i) + (i * h + h);
    *out = total;
    *hidden_out = h;
    return RL_OK;
}

/* Qwen2.5-VL's vision transformer and patch merger (modeling_qwen2_5_vl.py):
 * a bias-free Conv3d patch embedding over temporal_patch_size frames, blocks of
 * two RMSNorms, a biased fused qkv and output projection and a biased gated
 * MLP, then the merger: RMSNorm and two biased linears from
 * hidden * merge^2 to out_hidden_size. */
static rl_status qwen2_5_vl(const rl_jdoc *doc, int vis, double *out, rl_error *err) {
    const char *t = "qwen2_5_vl_vision";
    int64_t D, H, I, C, p, tp, merge, outH;
    rl_status st;
    if ((st = vint(doc, vis, t, "depth", 1, RL_MAX_LAYERS, &D, err))) return st;
    if ((st = vint(doc, vis, t, "hidden_size", 1, RL_MAX_HIDDEN, &H, err))) return st;
    if ((st = vint(doc, vis, t, "intermediate_size", 1, RL_MAX_INTERMEDIATE, &I, err))) return st;
    if ((st = vint(doc, vis, t, "in_channels", 1, 64, &C, err))) return st;
    if ((st = vint(doc, vis, t, "patch_size", 1, 1 << 20, &p, err))) return st;
    if ((st = vint(doc, vis, t, "temporal_patch_size", 1, 1 << 10, &tp, err))) return st;
    if ((st = vint(doc, vis, t, "spatial_merge_size", 1, 1 << 10, &merge, err))) return st;
    if ((st = vint(doc, vis, t, "out_hidden_size", 1, RL_MAX_HIDDEN, &outH, err))) return st;
    double h = (double)H, i = (double)I, m = h * (double)merge * (double)merge;
    double patch = (double)C * (double)tp * (double)p * (double)p * h;
    double block = 2.0 * h + (h * 3.0 * h + 3.0 * h) + (h * h + h) + 2.0 * (h * i + i) + (i * h + h);
    double merger = h + (m * m + m) + (m * (double)outH + (double)outH);
    *out = patch + (double)D * block + merger;
    return RL_OK;
}

/* Qwen3-VL's vision transformer and mergers (modeling_qwen3_vl.py): a biased
 * Conv3d patch embedding, a learned position embedding table
 * (num_position_embeddings), blocks of two LayerNorms (weight + bias), a biased
 * fused qkv and output projection and a biased two-matrix MLP; the merger
 * (LayerNorm over hidden, then hidden·merge² -> hidden·merge² -> out_hidden, biased),
 * and one such merger per deepstack_visual_indexes entry, whose LayerNorm is over
 * hidden·merge². Qwen3-VL-8B-Instruct: 576,388,336, its published 8,767,123,696
 * less the text decoder's 8,190,735,360. */
static rl_status qwen3_vl(const rl_jdoc *doc, int vis, double *out, rl_error *err) {
    const char *t = "qwen3_vl_vision";
    int64_t D, H, I, C, p, tp, merge, outH, npos;
    rl_status st;
    if ((st = vint(doc, vis, t, "depth", 1, RL_MAX_LAYERS, &D, err))) return st;
    if ((st = vint(doc, vis, t, "hidden_size", 1, RL_MAX_HIDDEN, &H, err))) return st;
    if ((st = vint(doc, vis, t, "intermediate_size", 1, RL_MAX_INTERMEDIATE, &I, err))) return st;
    if ((st = vint(doc, vis, t, "in_channels", 1, 64, &C, err))) return st;
    if ((st = vint(doc, vis, t, "patch_size", 1, 1 << 20, &p, err))) return st;
    if ((st = vint(doc, vis, t, "temporal_patch_size", 1, 1 << 10, &tp, err))) return st;
    if ((st = vint(doc, vis, t, "spatial_merge_size", 1, 1 << 10, &merge, err))) return st;
    if ((st = vint(doc, vis, t, "out_hidden_size", 1, RL_MAX_HIDDEN, &outH, err))) return st;
    if ((st = vint(doc, vis, t, "num_position_embeddings", 0, RL_MAX_POSITIONS, &npos, err))) return st;
    int64_t deep = 0;
    int ds = rl_jget(doc, vis, "deepstack_visual_indexes");
    if (ds >= 0 && !rl_jis_null(doc, ds)) {
        if (doc->tok[ds].type != RL_J_ARRAY)
            return rl_fail(err, RL_E_JSON_TYPE, "config.vision_config.deepstack_visual_indexes",
                           "config.vision_config.deepstack_visual_indexes must be an array of block indices");
        deep = doc->tok[ds].size;
    }
    double h = (double)H, i = (double)I, hm = h * (double)(merge * merge), o = (double)outH;
    double patch = (double)C * (double)tp * (double)p * (double)p * h + h;
    double block = 2.0 * (2.0 * h) + (h * 3.0 * h + 3.0 * h) + (h * h + h) + (h * i + i) + (i * h + h);
    double mlp = (hm * hm + hm) + (hm * o + o);
    *out = patch + (double)npos * h + (double)D * block + (2.0 * h + mlp) + (double)deep * (2.0 * hm + mlp);
    return RL_OK;
}

/* Llama 4's vision encoder and projector (modeling_llama4.py): an unfolding patch
 * embedding (a bias-free linear over C·p² pixels), a class embedding and one
 * position embedding per patch plus the class token, LayerNorms before and after,
 * layers of biased q/k/v/o and a biased two-matrix MLP with two LayerNorms, the
 * pixel-shuffle adapter (two bias-free linears: intermediate -> projector_input,
 * projector_output -> projector_output), and linear_1 (vision_output_dim -> text
 * hidden). For Llama-4-Scout this is 871,932,416: its published 108,641,793,536
 * less the text decoder's 107,769,861,120. */
static rl_status llama4_vision(const rl_jdoc *doc, int vis, int64_t text_hidden, double *out, rl_error *err) {
    const char *t = "llama4_vision_model";
    int64_t H, I, L, C, img, p, pin, pout, vout, bias;
    rl_status st;
    if ((st = vint(doc, vis, t, "hidden_size", 1, RL_MAX_HIDDEN, &H, err))) return st;
    if ((st = vint(doc, vis, t, "intermediate_size", 1, RL_MAX_INTERMEDIATE, &I, err))) return st;
    if ((st = vint(doc, vis, t, "num_hidden_layers", 1, RL_MAX_LAYERS, &L, err))) return st;
    if ((st = vint(doc, vis, t, "num_channels", 1, 64, &C, err))) return st;
    if ((st = vint(doc, vis, t, "image_size", 1, 1 << 20, &img, err))) return st;
    if ((st = vint(doc, vis, t, "patch_size", 1, 1 << 20, &p, err))) return st;
    if ((st = vint(doc, vis, t, "projector_input_dim", 1, RL_MAX_HIDDEN, &pin, err))) return st;
    if ((st = vint(doc, vis, t, "projector_output_dim", 1, RL_MAX_HIDDEN, &pout, err))) return st;
    if ((st = vint(doc, vis, t, "vision_output_dim", 1, RL_MAX_HIDDEN, &vout, err))) return st;
    int b = 0;
    int v = rl_jget(doc, vis, "multi_modal_projector_bias");
    if (v >= 0 && !rl_jis_null(doc, v)) {
        if ((st = rl_jbool(doc, v, "config.vision_config.multi_modal_projector_bias", &b, err))) return st;
    } else if (rl_config_default_int(t, "multi_modal_projector_bias", &bias)) {
        b = bias != 0;
    }
    if (img % p != 0)
        return rl_fail(err, RL_E_CONTRADICTION, "config.vision_config.image_size",
                       "config.vision_config.image_size (%lld) must be a multiple of patch_size (%lld)",
                       (long long)img, (long long)p);
    double h = (double)H, i = (double)I, n = (double)(img / p) * (double)(img / p), T = (double)text_hidden;
    double tower = (double)C * (double)p * (double)p * h + h + (n + 1.0) * h + 2.0 * (2.0 * h) +
                   (double)L * (4.0 * (h * h + h) + (h * i + i) + (i * h + h) + 4.0 * h);
    double adapter = i * (double)pin + (double)pout * (double)pout;
    double projector = (double)vout * T + (b ? T : 0.0);
    *out = tower + adapter + projector;
    return RL_OK;
}

/* Mistral 3's Pixtral encoder and projector (modeling_pixtral.py, modeling_mistral3.py):
 * a bias-free patch conv, an RMSNorm before the layers, layers of two RMSNorms,
 * bias-free q/k/v/o and a gated bias-free MLP; then the projector: an RMSNorm, the
 * patch merger (hidden·merge² -> hidden, no bias), linear_1 (hidden -> text hidden)
 * and linear_2 (text hidden -> text hidden), biased when multimodal_projector_bias.
 * Mistral-Small-3.1/3.2-24B: 438,958,080, its published 24,011,361,280 less the
 * text decoder's 23,572,403,200. */
static rl_status pixtral(const rl_jdoc *doc, int root, int vis, int64_t text_hidden, double *out, rl_error *err) {
    const char *t = "pixtral";
    int64_t H, I, L, C, p, merge, bias;
    rl_status st;
    if ((st = vint(doc, vis, t, "hidden_size", 1, RL_MAX_HIDDEN, &H, err))) return st;
    if ((st = vint(doc, vis, t, "intermediate_size", 1, RL_MAX_INTERMEDIATE, &I, err))) return st;
    if ((st = vint(doc, vis, t, "num_hidden_layers", 1, RL_MAX_LAYERS, &L, err))) return st;
    if ((st = vint(doc, vis, t, "num_channels", 1, 64, &C, err))) return st;
    if ((st = vint(doc, vis, t, "patch_size", 1, 1 << 20, &p, err))) return st;
    int v = rl_jget(doc, root, "spatial_merge_size");
    if (v >= 0 && !rl_jis_null(doc, v)) {
        if ((st = rl_jint(doc, v, "config.spatial_merge_size", 1, 1024, &merge, err))) return st;
    } else if (!rl_config_default_int("mistral3", "spatial_merge_size", &merge)) {
        merge = 2;
    }
    int b = 0;
    v = rl_jget(doc, root, "multimodal_projector_bias");
    if (v >= 0 && !rl_jis_null(doc, v)) {
        if ((st = rl_jbool(doc, v, "config.multimodal_projector_bias", &b, err))) return st;
    } else if (rl_config_default_int("mistral3", "multimodal_projector_bias", &bias)) {
        b = bias != 0;
    }
    double h = (double)H, i = (double)I, T = (double)text_hidden, m2 = (double)(merge * merge);
    double tower = (double)C * (double)p * (double)p * h + h + (double)L * (2.0 * h + 4.0 * h * h + 3.0 * h * i);
    double projector = h + h * m2 * h + (h * T + (b ? T : 0.0)) + (T * T + (b ? T : 0.0));
    *out = tower + projector;
    return RL_OK;
}

rl_status rl_vision_params(const rl_jdoc *doc, int root, const char *outer_type, int64_t text_hidden,
                           double *out, rl_error *err) {
    *out = 0.0;
    int vis = rl_jget(doc, root, "vision_config");
    if (vis < 0 || rl_jis_null(doc, vis)) return RL_OK;
    if (doc->tok[vis].type != RL_J_OBJECT)
        return rl_fail(err, RL_E_JSON_TYPE, "config.vision_config", "config.vision_config must be an object");
    rl_status st;
    if ((st = rl_jcheck_unique(doc, vis, "config.vision_config", err))) return st;
    if (strcmp(outer_type, "gemma3") == 0) {
        double tower = 0.0, vh = 0.0;
        if ((st = siglip(doc, vis, &tower, &vh, err))) return st;
        /* Gemma3MultiModalProjector: mm_input_projection_weight (vision hidden x text hidden)
         * and mm_soft_emb_norm, an RMSNorm over the vision hidden size. */
        *out = tower + vh * (double)text_hidden + vh;
        return RL_OK;
    }
    if (strcmp(outer_type, "qwen2_5_vl") == 0) return qwen2_5_vl(doc, vis, out, err);
    if (strcmp(outer_type, "llama4") == 0) return llama4_vision(doc, vis, text_hidden, out, err);
    if (strcmp(outer_type, "qwen3_vl") == 0 || strcmp(outer_type, "qwen3_vl_moe") == 0) return qwen3_vl(doc, vis, out, err);
    if (strcmp(outer_type, "mistral3") == 0) return pixtral(doc, root, vis, text_hidden, out, err);
    return rl_fail(err, RL_E_UNSUPPORTED, "config.vision_config",
                   "config.vision_config: the vision tower of model_type \"%s\" is not counted (gemma3, "
                   "qwen2_5_vl, qwen3_vl, qwen3_vl_moe, llama4 and mistral3 are); its weights would be missing from the memory figures. Give the text "
                   "model's config alone (text_config) to analyse the language model only",
                   outer_type);
}
