/* A checkpoint's model.safetensors.index.json, and the count beside it.
 *
 * The index is the one published figure that says exactly how big a checkpoint
 * is (metadata.total_size, in bytes), and its weight_map names every tensor.
 * An index can be megabytes (DeepSeek-V3's names 91,991 tensors), far past what
 * the token array of a config holds, so it is read in one streaming pass
 * (rl_jvisit): the same grammar and errors, nothing kept but a few counts. */
#include "internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef enum { SEC_OTHER, SEC_METADATA, SEC_WEIGHT_MAP } section;

typedef struct scan {
    const char *text;
    rl_checkpoint *ck;
    section sec;
    bool at_total;          /* the next value is metadata.total_size */
    bool total_given;
    rl_status st;           /* the first problem met, reported after the pass */
    const char *bad_field;
    const char *bad_what;
    double total;
} scan;

static bool span_is(const char *s, size_t n, const char *word) { return strlen(word) == n && memcmp(s, word, n) == 0; }

static bool span_has(const char *s, size_t n, const char *word) {
    size_t w = strlen(word);
    for (size_t i = 0; w <= n && i + w <= n; i++)
        if (memcmp(s + i, word, w) == 0) return true;
    return false;
}

static bool span_ends(const char *s, size_t n, const char *word) {
    size_t w = strlen(word);
    return w <= n && memcmp(s + n - w, word, w) == 0;
}

/* The N of the first "layers.N." in the name, or -1. */
static int64_t layer_of(const char *s, size_t n) {
    static const char key[] = "layers.";
    for (size_t i = 0; i + sizeof key - 1 < n; i++) {
        if (memcmp(s + i, key, sizeof key - 1) != 0 || (i > 0 && s[i - 1] != '.')) continue;
        size_t k = i + sizeof key - 1;
        int64_t v = 0;
        size_t digits = 0;
        while (k < n && s[k] >= '0' && s[k] <= '9' && digits < 9) v = v * 10 + (s[k++] - '0'), digits++;
        if (digits > 0 && k < n && s[k] == '.') return v;
    }
    return -1;
}

/* Vision towers and projectors as the families name them: Qwen-VL's visual., Gemma 3's
 * vision_tower and multi_modal_projector, Llama 4's vision_model, LLaVA's mm_projector. */
static bool is_vision(const char *s, size_t n) {
    static const char *const words[] = {"visual.", "vision_tower", "vision_model", "vision_encoder", "multi_modal_projector",
                                        "mm_projector", "image_newline", "vision_embed"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (span_has(s, n, words[i])) return true;
    return false;
}

static bool is_scale(const char *s, size_t n) {
    static const char *const ends[] = {"scale", "scale_inv", "scales", "qzeros", "g_idx"};
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++)
        if (span_ends(s, n, ends[i])) return true;
    return false;
}

static void tensor(scan *sc, const char *s, size_t n) {
    rl_checkpoint *ck = sc->ck;
    ck->tensors++;
    if (is_vision(s, n)) {
        ck->vision++;
        return;
    }
    if (span_ends(s, n, "lm_head.weight")) ck->lm_head++;
    if (is_scale(s, n)) ck->scales++;
    if (n >= 4 && (memcmp(s, "mtp.", 4) == 0 || span_has(s, n, ".mtp."))) ck->mtp++;
    int64_t layer = layer_of(s, n);
    if (layer >= 0) {
        if (layer + 1 > ck->layers) ck->layers = layer + 1;
        if (span_has(s, n, "embed_tokens") || span_has(s, n, "shared_head.head")) ck->layer_embeddings++;
    }
}

static void problem(scan *sc, rl_status st, const char *field, const char *what) {
    if (sc->st != RL_OK) return;
    sc->st = st;
    sc->bad_field = field;
    sc->bad_what = what;
}

static void visit(void *ctx, rl_jtype type, size_t start, size_t end, int depth, bool is_key) {
    scan *sc = ctx;
    const char *s = sc->text + start;
    size_t n = end - start;
    if (depth == 1 && is_key) {
        sc->sec = span_is(s, n, "metadata") ? SEC_METADATA : span_is(s, n, "weight_map") ? SEC_WEIGHT_MAP : SEC_OTHER;
        return;
    }
    if (depth == 1) {
        if (sc->sec != SEC_OTHER && type != RL_J_OBJECT)
            problem(sc, RL_E_JSON_TYPE, sc->sec == SEC_METADATA ? "index.metadata" : "index.weight_map",
                    "must be an object");
        return;
    }
    if (depth != 2) return;
    if (sc->sec == SEC_METADATA) {
        if (is_key) {
            sc->at_total = span_is(s, n, "total_size");
            return;
        }
        if (!sc->at_total) return;
        sc->at_total = false;
        sc->total_given = true;
        if (type != RL_J_PRIM || s[0] == 't' || s[0] == 'f' || s[0] == 'n') {
            problem(sc, RL_E_JSON_TYPE, "index.metadata.total_size", "must be a number of bytes");
            return;
        }
        /* A numeral, or one of Python's NaN, Infinity, -Infinity (the range check refuses them). */
        char buf[64];
        double v = NAN;
        if (s[0] == 'I' || (s[0] == '-' && n > 1 && s[1] == 'I')) v = s[0] == '-' ? -INFINITY : INFINITY;
        else if (s[0] != 'N' && n < sizeof buf) {
            memcpy(buf, s, n);
            buf[n] = '\0';
            v = rl_strtod(buf, NULL);
        } else if (s[0] != 'N') {
            v = INFINITY; /* a numeral of 64 digits or more */
        }
        sc->total = v;
    } else if (sc->sec == SEC_WEIGHT_MAP && is_key) {
        tensor(sc, s, n);
    }
}

rl_status rl_checkpoint_from_index(const char *text, size_t len, rl_checkpoint *out, rl_error *err) {
    rl_clear_error(err);
    if (out == NULL) return rl_fail(err, RL_E_NULL, "index", "index: no output was given");
    memset(out, 0, sizeof *out);
    rl_checkpoint ck;
    memset(&ck, 0, sizeof ck);
    scan sc = {.text = text, .ck = &ck, .st = RL_OK, .total = NAN};
    rl_status st = rl_jvisit(text, len, RL_INDEX_MAX_BYTES, "index", visit, &sc, err);
    if (st) return st;
    if (sc.st != RL_OK)
        return rl_fail(err, sc.st, sc.bad_field, "%s %s (model.safetensors.index.json)", sc.bad_field, sc.bad_what);
    if (!sc.total_given)
        return rl_fail(err, RL_E_JSON_MISSING, "index.metadata.total_size",
                       "index.metadata.total_size is missing: a model.safetensors.index.json gives the checkpoint's bytes there");
    if (!(sc.total >= 1.0 && sc.total <= RL_MAX_EXACT && sc.total == floor(sc.total))) {
        char got[RL_FMT_MAX_LEN + 1];
        got[rl_fmt_json_number(got, sc.total)] = '\0';
        return rl_fail(err, RL_E_RANGE, "index.metadata.total_size",
                       "index.metadata.total_size must be a whole number of bytes from 1 to 2^53 (got %s)", got);
    }
    ck.total_size = sc.total;
    ck.present = 1;
    *out = ck;
    return RL_OK;
}

size_t rl_checkpoint_json(const rl_checkpoint *ck, char *buf, size_t cap) {
    rl_out o;
    rl_out_init(&o, buf, cap);
    rl_jw w;
    rl_jw_begin_object(&w, &o);
    if (ck->total_size > 0) rl_jw_num(&w, "total_size", ck->total_size);
    if (ck->hub_params > 0) rl_jw_num(&w, "hub_params", ck->hub_params);
    rl_jw_num(&w, "tensors", (double)ck->tensors);
    rl_jw_num(&w, "lm_head", (double)ck->lm_head);
    rl_jw_num(&w, "layers", (double)ck->layers);
    rl_jw_num(&w, "layer_embeddings", (double)ck->layer_embeddings);
    rl_jw_num(&w, "vision", (double)ck->vision);
    rl_jw_num(&w, "scales", (double)ck->scales);
    rl_jw_num(&w, "mtp", (double)ck->mtp);
    rl_jw_end(&w);
    return o.len;
}

/* ---- the count beside the checkpoint ------------------------------------- */

static const char *const part_names[RL_PART_COUNT_] = {
    "lm_head_stored", "no_lm_head", "extra_layers", "layer_embeddings", "mtp", "vision", "fewer_layers", "scales",
};

const char *rl_checkpoint_part_name(rl_checkpoint_part p) {
    return (unsigned)p < RL_PART_COUNT_ ? part_names[p] : "";
}

static void add_part(rl_checkpoint_check *c, rl_checkpoint_part p, double count, double params) {
    c->part[c->parts] = p;
    c->part_count[c->parts] = count;
    c->part_params[c->parts] = params;
    c->parts++;
}

int rl_checkpoint_compare(const rl_model *m, rl_checkpoint_check *out) {
    memset(out, 0, sizeof *out);
    const rl_checkpoint *ck = &m->checkpoint;
    if (!ck->present) return 0;
    out->counted_params = m->params_total;
    /* The published count: the Hub's own (exact in any dtype, scales and buffers included as the files
     * hold them), else a one-dtype checkpoint's bytes over its bytes per parameter; a quantized one
     * known by its bytes alone has none. */
    out->bytes_per_param = m->quant == RL_QUANT_NONE ? rl_prec_bytes((rl_precision)m->dtype) : 0.0;
    out->from_hub = ck->hub_params > 0;
    if (out->from_hub || m->quant == RL_QUANT_NONE) {
        out->published_params = out->from_hub ? ck->hub_params : ck->total_size / out->bytes_per_param;
        out->difference = out->published_params - out->counted_params;
        out->relative = out->difference / out->published_params;
        out->matches = fabs(out->relative) <= 0.001;
    } else {
        out->published_params = -1.0;
        out->matches = -1;
    }
    double table = (double)m->vocab * (double)m->hidden;
    /* What the tensor names show that the config does not describe. A checkpoint with a
     * vision tower names its text layers too, so the layer count is the language model's. */
    if (ck->lm_head > 0 && m->tied_embeddings) add_part(out, RL_PART_LM_HEAD_STORED, (double)ck->lm_head, table);
    if (ck->tensors > 0 && ck->lm_head == 0 && !m->tied_embeddings) add_part(out, RL_PART_NO_LM_HEAD, 0.0, -table);
    if (ck->layers > m->layers) {
        double extra = (double)(ck->layers - m->layers);
        /* Sized where the config describes them (num_nextn_predict_layers): each as the core's MTP module. */
        add_part(out, RL_PART_EXTRA_LAYERS, extra, m->mtp_modules == ck->layers - m->layers ? extra * m->params_mtp_module : 0.0);
        if (ck->layer_embeddings > 0)
            add_part(out, RL_PART_LAYER_EMBEDDINGS, (double)ck->layer_embeddings, (double)ck->layer_embeddings * table);
    }
    if (ck->layers > 0 && ck->layers < m->layers) add_part(out, RL_PART_FEWER_LAYERS, (double)(m->layers - ck->layers), 0.0);
    if (ck->mtp > 0) add_part(out, RL_PART_MTP, (double)ck->mtp, 0.0);
    if (ck->vision > 0 && m->params_vision == 0.0) add_part(out, RL_PART_VISION, (double)ck->vision, 0.0);
    if (ck->scales > 0) add_part(out, RL_PART_SCALES, (double)ck->scales, 0.0);
    double sized = 0.0;
    for (int i = 0; i < out->parts; i++) sized += out->part_params[i];
    out->explained = out->published_params >= 0 && out->difference != 0.0 && sized == out->difference;
    return 1;
}
