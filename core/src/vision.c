/* The vision tower and projector of a multimodal checkpoint: weights that take
 * memory on the GPU like the language model's, but that a decode step does not
 * read. Counted tensor by tensor as the transformers modeling code builds them,
 * from the config's vision_config with the config class's defaults for what it
 * leaves out (config_defaults.c). */
#include "internal.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* <where>.<key> of object obj, else the default of `type` (config_defaults.c), else an error naming it. */
static rl_status int_field(const rl_jdoc *doc, int obj, const char *where, const char *type, const char *key, int64_t lo,
                           int64_t hi, int64_t *out, rl_error *err) {
    char field[96];
    snprintf(field, sizeof field, "%s.%s", where, key);
    int v = rl_jget(doc, obj, key);
    if (v >= 0 && !rl_jis_null(doc, v)) return rl_jint(doc, v, field, lo, hi, out, err);
    if (rl_config_default_int(type, key, out)) return RL_OK;
    return rl_fail(err, RL_E_JSON_MISSING, field, "%s is missing; config.json must give it", field);
}

/* vision_config.<key>, else the default of `vtype`, else an error naming it. */
static rl_status vint(const rl_jdoc *doc, int vis, const char *vtype, const char *key, int64_t lo, int64_t hi,
                      int64_t *out, rl_error *err) {
    return int_field(doc, vis, "config.vision_config", vtype, key, lo, hi, out, err);
}

/* One integer a tower reads, with its accepted range. The floor (0 or 1) in 32 bits: a row is
 * 16 bytes, not 24, of data the page ships (issue 35). */
typedef struct vkey {
    const char *key;
    int32_t lo;
    int64_t hi;
} vkey;

/* Reads keys[0..n) into out[0..n) in order (vint each), stopping at the first error. */
static rl_status vints(const rl_jdoc *doc, int vis, const char *vtype, const vkey *keys, size_t n, int64_t *out,
                       rl_error *err) {
    rl_status st = RL_OK;
    for (size_t k = 0; k < n && st == RL_OK; k++) st = vint(doc, vis, vtype, keys[k].key, keys[k].lo, keys[k].hi, &out[k], err);
    return st;
}

/* A bool at obj.<key> (named `field`), else the default of `dtype` (config_defaults.c), else `fallback`. */
static rl_status vbool(const rl_jdoc *doc, int obj, const char *key, const char *field, const char *dtype, int fallback,
                       int *out, rl_error *err) {
    int v = rl_jget(doc, obj, key);
    if (v >= 0 && !rl_jis_null(doc, v)) return rl_jbool(doc, v, field, out, err);
    int64_t d;
    *out = rl_config_default_int(dtype, key, &d) ? d != 0 : fallback;
    return RL_OK;
}

/* Square images cut into p x p patches: the patches per side, or a contradiction. */
static rl_status patches_per_side(int64_t img, int64_t p, int64_t *n, rl_error *err) {
    if (img % p != 0)
        return rl_fail_why(err, RL_E_CONTRADICTION, "config.vision_config.image_size", RL_WHY_IMAGE_PATCH, "image patch",
                       "config.vision_config.image_size (%lld) must be a multiple of patch_size (%lld)",
                       (long long)img, (long long)p);
    *n = img / p;
    return RL_OK;
}

/* The shape every ViT-style tower here gives. */
#define VIT_KEYS                                                                                                      \
    {"hidden_size", 1, RL_MAX_HIDDEN}, {"intermediate_size", 1, RL_MAX_INTERMEDIATE},                                 \
        {"num_hidden_layers", 1, RL_MAX_LAYERS}, {"num_channels", 1, 64}
/* The Qwen-VL towers' shape. */
#define QWEN_VL_KEYS                                                                                                  \
    {"depth", 1, RL_MAX_LAYERS}, {"hidden_size", 1, RL_MAX_HIDDEN}, {"intermediate_size", 1, RL_MAX_INTERMEDIATE},    \
        {"in_channels", 1, 64}, {"patch_size", 1, 1 << 20}, {"temporal_patch_size", 1, 1 << 10},                     \
        {"spatial_merge_size", 1, 1 << 10}, {"out_hidden_size", 1, RL_MAX_HIDDEN}

/* SigLIP vision transformer, as Gemma 3 uses it (modeling_siglip.py):
 * patch conv with bias, learned position embedding per patch, pre-norm layers
 * with LayerNorm (weight + bias), biased q/k/v/o and a two-matrix GELU MLP,
 * post LayerNorm; the attention-pooling head only when vision_use_head. */
static rl_status siglip(const rl_jdoc *doc, int vis, double *out, double *hidden_out, rl_error *err) {
    static const vkey keys[] = {VIT_KEYS, {"image_size", 1, 1 << 20}, {"patch_size", 1, 1 << 20}};
    int64_t x[6], side = 0;
    rl_status st;
    if ((st = vints(doc, vis, "siglip_vision_model", keys, 6, x, err))) return st;
    int64_t H = x[0], I = x[1], L = x[2], C = x[3], p = x[5];
    if ((st = patches_per_side(x[4], p, &side, err))) return st;
    int head; /* SiglipVisionConfig keeps the pooling head unless vision_use_head is false */
    if ((st = vbool(doc, vis, "vision_use_head", "config.vision_config.vision_use_head", "", 1, &head, err))) return st;
    double h = (double)H, i = (double)I, n = (double)side;
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
    static const vkey keys[] = {QWEN_VL_KEYS};
    int64_t x[8];
    rl_status st;
    if ((st = vints(doc, vis, "qwen2_5_vl_vision", keys, 8, x, err))) return st;
    int64_t D = x[0], H = x[1], I = x[2], C = x[3], p = x[4], tp = x[5], merge = x[6], outH = x[7];
    double h = (double)H, i = (double)I, m = h * (double)merge * (double)merge;
    double patch = (double)C * (double)tp * (double)p * (double)p * h;
    double block = 2.0 * h + (h * 3.0 * h + 3.0 * h) + (h * h + h) + 2.0 * (h * i + i) + (i * h + h);
    double merger = h + (m * m + m) + (m * (double)outH + (double)outH);
    *out = patch + (double)D * block + merger;
    return RL_OK;
}

/* Qwen2-VL's vision transformer and patch merger (modeling_qwen2_vl.py): a bias-free Conv3d patch
 * embedding to embed_dim, blocks of two LayerNorms (weight + bias), a biased fused qkv and output
 * projection and a biased two-matrix MLP of embed_dim x mlp_ratio, then the merger: a LayerNorm
 * over embed_dim and two biased linears from embed_dim * merge^2 to hidden_size (the language
 * model's width). *embed gets embed_dim, the tower's width. */
static rl_status qwen2_vl(const rl_jdoc *doc, int vis, double *out, int64_t *embed, rl_error *err) {
    static const vkey keys[] = {{"depth", 1, RL_MAX_LAYERS},          {"embed_dim", 1, RL_MAX_HIDDEN},
                                {"mlp_ratio", 1, 64},                 {"in_channels", 1, 64},
                                {"patch_size", 1, 1 << 20},           {"temporal_patch_size", 1, 1 << 10},
                                {"spatial_merge_size", 1, 1 << 10},   {"hidden_size", 1, RL_MAX_HIDDEN}};
    int64_t x[8];
    rl_status st;
    if ((st = vints(doc, vis, "qwen2_vl_vision", keys, 8, x, err))) return st;
    int64_t D = x[0], E = x[1], C = x[3], p = x[4], tp = x[5], merge = x[6], outH = x[7];
    double e = (double)E, i = e * (double)x[2], m = e * (double)merge * (double)merge;
    double patch = (double)C * (double)tp * (double)p * (double)p * e;
    double block = 4.0 * e + (e * 3.0 * e + 3.0 * e) + (e * e + e) + (e * i + i) + (i * e + e);
    double merger = 2.0 * e + (m * m + m) + (m * (double)outH + (double)outH);
    *out = patch + (double)D * block + merger;
    *embed = E;
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
    static const vkey keys[] = {QWEN_VL_KEYS, {"num_position_embeddings", 0, RL_MAX_POSITIONS}};
    int64_t x[9];
    rl_status st;
    if ((st = vints(doc, vis, "qwen3_vl_vision", keys, 9, x, err))) return st;
    int64_t D = x[0], H = x[1], I = x[2], C = x[3], p = x[4], tp = x[5], merge = x[6], outH = x[7], npos = x[8];
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
    static const vkey keys[] = {VIT_KEYS,
                                {"image_size", 1, 1 << 20},
                                {"patch_size", 1, 1 << 20},
                                {"projector_input_dim", 1, RL_MAX_HIDDEN},
                                {"projector_output_dim", 1, RL_MAX_HIDDEN},
                                {"vision_output_dim", 1, RL_MAX_HIDDEN}};
    int64_t x[9], side = 0;
    rl_status st;
    if ((st = vints(doc, vis, t, keys, 9, x, err))) return st;
    int64_t H = x[0], I = x[1], L = x[2], C = x[3], p = x[5], pin = x[6], pout = x[7], vout = x[8];
    int b;
    if ((st = vbool(doc, vis, "multi_modal_projector_bias", "config.vision_config.multi_modal_projector_bias", t, 0, &b, err)))
        return st;
    if ((st = patches_per_side(x[4], p, &side, err))) return st;
    double h = (double)H, i = (double)I, n = (double)side * (double)side, T = (double)text_hidden;
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
    static const vkey keys[] = {VIT_KEYS, {"patch_size", 1, 1 << 20}};
    int64_t x[5], merge;
    rl_status st;
    if ((st = vints(doc, vis, "pixtral", keys, 5, x, err))) return st;
    int64_t H = x[0], I = x[1], L = x[2], C = x[3], p = x[4];
    int v = rl_jget(doc, root, "spatial_merge_size");
    if (v >= 0 && !rl_jis_null(doc, v)) {
        if ((st = rl_jint(doc, v, "config.spatial_merge_size", 1, 1024, &merge, err))) return st;
    } else if (!rl_config_default_int("mistral3", "spatial_merge_size", &merge)) {
        merge = 2;
    }
    int b;
    if ((st = vbool(doc, root, "multimodal_projector_bias", "config.multimodal_projector_bias", "mistral3", 0, &b, err)))
        return st;
    double h = (double)H, i = (double)I, T = (double)text_hidden, m2 = (double)(merge * merge);
    double tower = (double)C * (double)p * (double)p * h + h + (double)L * (2.0 * h + 4.0 * h * h + 3.0 * h * i);
    double projector = h + h * m2 * h + (h * T + (b ? T : 0.0)) + (T * T + (b ? T : 0.0));
    *out = tower + projector;
    return RL_OK;
}

/* SGLang's weight of a tower of L layers of width H (adjust_mem_fraction_for_vlm): L·H² over ViT-L/14's 24·1024². */
static double vit_complexity(int64_t L, int64_t H) { return (double)L * (double)H * (double)H / (24.0 * 1024.0 * 1024.0); }

/* The layers and width SGLang reads from the vision config: getattr(vision_config, "num_hidden_layers", 24) and
 * "hidden_size" (1024 when absent). The Qwen-VL towers' config classes have "depth" and no num_hidden_layers. */
static rl_status tower_shape(const rl_jdoc *doc, int vis, const char *vtype, bool has_layers, int64_t *L, int64_t *H,
                             rl_error *err) {
    static const vkey keys[] = {{"hidden_size", 1, RL_MAX_HIDDEN}, {"num_hidden_layers", 1, RL_MAX_LAYERS}};
    int64_t x[2];
    rl_status st = vints(doc, vis, vtype, keys, has_layers ? 2 : 1, x, err);
    *H = x[0];
    *L = has_layers ? x[1] : 24;
    return st;
}

rl_status rl_vision_params(const rl_jdoc *doc, int root, const char *outer_type, int64_t text_hidden,
                           double *out, double *complexity, rl_error *err) {
    *out = 0.0;
    *complexity = 0.0;
    /* Fuyu (modeling_fuyu.py) has no vision tower: vision_embed_tokens, one biased linear layer from a
     * patch_size^2 x num_channels patch to the hidden size, feeds the patches to the language model.
     * Fuyu-8B: 2,700 x 4,096 + 4,096 = 11,063,296, with Persimmon's 9,397,175,296 its published
     * 9,408,238,592. */
    if (strcmp(outer_type, "fuyu") == 0) {
        int64_t patch = 0, channels = 0;
        rl_status fst;
        if ((fst = int_field(doc, root, "config", "fuyu", "patch_size", 1, 4096, &patch, err))) return fst;
        if ((fst = int_field(doc, root, "config", "fuyu", "num_channels", 1, 64, &channels, err))) return fst;
        *out = (double)(patch * patch * channels) * (double)text_hidden + (double)text_hidden;
        return RL_OK;
    }
    int vis = rl_jget(doc, root, "vision_config");
    if (vis < 0 || rl_jis_null(doc, vis)) return RL_OK;
    if (doc->tok[vis].type != RL_J_OBJECT)
        return rl_fail(err, RL_E_JSON_TYPE, "config.vision_config", "config.vision_config must be an object");
    rl_status st;
    if ((st = rl_jcheck_unique(doc, vis, "config.vision_config", err))) return st;
    int64_t L = 0, H = 0;
    bool known = true;
    if (strcmp(outer_type, "gemma3") == 0) {
        double tower = 0.0, vh = 0.0;
        if ((st = siglip(doc, vis, &tower, &vh, err))) return st;
        /* Gemma3MultiModalProjector: mm_input_projection_weight (vision hidden x text hidden)
         * and mm_soft_emb_norm, an RMSNorm over the vision hidden size. */
        *out = tower + vh * (double)text_hidden + vh;
        st = tower_shape(doc, vis, "siglip_vision_model", true, &L, &H, err);
    } else if (strcmp(outer_type, "qwen2_vl") == 0) {
        /* Weighed as Qwen2.5-VL's tower is: 24 layers of its width. */
        if ((st = qwen2_vl(doc, vis, out, &H, err)) == RL_OK) L = 24;
    } else if (strcmp(outer_type, "qwen2_5_vl") == 0) {
        if ((st = qwen2_5_vl(doc, vis, out, err)) == RL_OK) st = tower_shape(doc, vis, "qwen2_5_vl_vision", false, &L, &H, err);
    } else if (strcmp(outer_type, "llama4") == 0) {
        if ((st = llama4_vision(doc, vis, text_hidden, out, err)) == RL_OK)
            st = tower_shape(doc, vis, "llama4_vision_model", true, &L, &H, err);
    } else if (strcmp(outer_type, "qwen3_vl") == 0 || strcmp(outer_type, "qwen3_vl_moe") == 0) {
        if ((st = qwen3_vl(doc, vis, out, err)) == RL_OK) st = tower_shape(doc, vis, "qwen3_vl_vision", false, &L, &H, err);
    } else if (strcmp(outer_type, "mistral3") == 0) {
        if ((st = pixtral(doc, root, vis, text_hidden, out, err)) == RL_OK) st = tower_shape(doc, vis, "pixtral", true, &L, &H, err);
    } else {
        known = false;
    }
    if (known) {
        if (st == RL_OK) *complexity = vit_complexity(L, H);
        return st;
    }
    return rl_fail_why(err, RL_E_UNSUPPORTED, "config.vision_config", RL_WHY_VISION_TOWER, "model_type",
                   "config.vision_config: the vision tower of model_type \"%s\" is not counted (gemma3, "
                   "qwen2_vl, qwen2_5_vl, qwen3_vl, qwen3_vl_moe, llama4 and mistral3 are); its weights would be missing from the memory figures. Give the text "
                   "model's config alone (text_config) to analyse the language model only",
                   outer_type);
}
