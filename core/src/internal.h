/* Internal helpers shared by the core's source files. Not part of the ABI. */
#ifndef RL_INTERNAL_H
#define RL_INTERNAL_H

#include "roofline.h"

#include <stdarg.h>
#include <stdbool.h>

#define RL_GIB 1073741824.0
#define RL_MAX_EXACT 9007199254740992.0 /* 2^53: every count must stay below */

/* Bytes per element by precision (common.c), for the analysis' hot path;
 * rl_precision_bytes() is the checked public form. */
extern const double rl_prec_bytes_table[RL_PREC_COUNT_];
static inline double rl_prec_bytes(rl_precision p) { return (unsigned)p < RL_PREC_COUNT_ ? rl_prec_bytes_table[p] : 0.0; }
/* fp32, fp16 or bf16: a type activations run in (the others are quantized storage). */
static inline int rl_prec_is_float(rl_precision p) { return p == RL_PREC_FP32 || p == RL_PREC_FP16 || p == RL_PREC_BF16; }

/* ---- errors ------------------------------------------------------------ */

/* Offload (gpu_layers <= L) needs tp = pp = 1, ram_gib and a host bandwidth: the
 * request reader and rl_analyze both check it (analyze.c). */
rl_status rl_offload_check(const rl_model *m, const rl_gpu *g, const rl_deploy *d, rl_error *err);

/* ---- scale-out (interconnect.c) and expert parallelism (expert_parallel.c) ---- */

/* 0 in the hosted page's verdict module only (CMakeLists.txt): no scale-out there. */
#ifndef RL_SCALE_OUT
#define RL_SCALE_OUT 1
#endif

/* 0 in the hosted page's verdict module only (CMakeLists.txt): no cost there, and no price presets; the inputs a
 * first verdict of the page's own inputs rarely has (a size alone, a checkpoint's summary, speculative decoding,
 * offload, a vision tower, the state-space, linear-attention and NAS families, Llama 4, the classic layouts of
 * families.c) are refused with RL_WHY_FULL_MODULE, for the full module's analyze, which the page then waits for
 * (web/src/main.jsx). */
#ifndef RL_FULL
#define RL_FULL 1
#endif
/* The verdict module's refusal of such an input (field: the input), before any figure is computed. */
rl_status rl_full_module(rl_error *err, const char *field);

/* The scale-out link preset in use: the one chosen, or auto's by the GPU. */
const char *rl_scale_out_link_id(const rl_deploy *d, const rl_gpu *g);
/* A link preset's one-direction GB/s; 0 when no preset has that id. */
double rl_link_gbs_one(const char *id);
/* gpus_per_node in use: the one given, else tp x pp on one node, 8 (72 on GB200/GB300) across nodes. */
int64_t rl_gpus_per_node(const rl_deploy *d, const rl_gpu *g);
/* tp x pp fills the nodes: RL_WHY_GPUS_VS_NODES naming nodes or gpus_per_node. */
rl_status rl_topology_check(const rl_deploy *d, const rl_gpu *g, rl_error *err);
/* Fills r's topology: the nodes, the links, which collective crosses which. */
void rl_topology(const rl_deploy *d, const rl_gpu *g, rl_result *r);
/* ep, redundant_experts and ep_imbalance against the model and the tp group (the RL_WHY_EP_* refusals). */
rl_status rl_ep_check(const rl_model *m, const rl_deploy *d, rl_error *err);
/* dp_attention against the model, tp, pp and speculation (the RL_WHY_DP_* refusals). */
rl_status rl_dp_check(const rl_model *m, const rl_deploy *d, rl_error *err);
/* prefill_instances, prefill_tp and decode_instances against each other and the model (RL_WHY_DISAGG_*). */
/* Clears a result's times, throughputs, roofline position and engine estimate (has_timing, has_realistic 0): a
 * deployment that does not run shows none (analyze.c; the lint's refused command, the disaggregated deployment
 * whose prefill pool does not fit). */
void rl_result_strip_timing(rl_result *r);
rl_status rl_disagg_check(const rl_model *m, const rl_deploy *d, rl_error *err);
rl_status rl_disagg_setup_check(const rl_model *m, const rl_gpu *g, const rl_deploy *d, rl_error *err);
/* Fills r->disagg for a decode pool r already analysed: the prefill pool analysed at prompt tokens (its fit and
 * prefill), the KV moved and its transfer, TTFT, throughput per GPU; with output > 0 the balance of the pools,
 * with rate > 0 (requests/s) the instances it needs. Fails only when the prefill pool cannot be set up. */
rl_status rl_disagg(const rl_model *m, const rl_gpu *g, const rl_deploy *d, double prompt, double output, double rate,
                    rl_result *r, rl_error *err);

/* rl_run_request, with what many requests share read once (plan.c): a request naming the
 * model preset `memo` holds copies it, and a cost on the GPU and model of its prices uses
 * them; others are read and kept in `memo`. NULL: nothing kept, as rl_run_request. */
rl_status rl_run_request_memo(const char *request, size_t len, const char *config_text, size_t config_len,
                              rl_run_memo *memo, rl_run *out);
/* The planner's search over batches (plan.c): `run` holds a request that
 * rl_run_request read (a model, not a size alone); this runs the same request
 * with "batch" set to `batch`, giving what rl_run_request would give for it,
 * without reading the request, the model's config and the GPU again (request.c),
 * and with the prices `memo` keeps (NULL: read again). */
rl_status rl_run_set_batch(rl_run *run, int64_t batch, rl_run_memo *memo);

/* Fills *err (when not NULL) and returns status, so callers can
 * `return rl_fail(err, RL_E_RANGE, "batch", "...", ...)`. */
rl_status rl_fail(rl_error *err, rl_status status, const char *field, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* rl_fail with the rule broken (rl_why) and the sentence's figures by name: `names` lists,
 * space-separated, a name for each conversion of fmt in order ("kv_heads heads" for
 * "... (%lld) must divide ... (%lld)"), and each value is that argument printed with its own
 * conversion, so the figures are the message's to the last digit. */
rl_status rl_fail_why(rl_error *err, rl_status status, const char *field, rl_why why, const char *names,
                      const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
void rl_clear_error(rl_error *err);

/* ---- JSON tokens (json.c) ----------------------------------------------- */

typedef enum { RL_J_UNDEF = 0, RL_J_OBJECT = 1, RL_J_ARRAY = 2, RL_J_STRING = 3, RL_J_PRIM = 4 } rl_jtype;

typedef struct rl_jtok {
    rl_jtype type;
    int start, end; /* byte offsets into the text; strings exclude the quotes */
    int size;       /* children: keys of an object, items of an array; 1 for a key (its value) */
} rl_jtok;

/* A tokenized document: RL_CONFIG_MAX_TOKENS tokens of 16 bytes, so 128 KiB,
 * which every caller keeps on its stack (see roofline.h). */
typedef struct rl_jdoc {
    const char *text;
    size_t len;
    int count;
    rl_jtok tok[RL_CONFIG_MAX_TOKENS];
} rl_jdoc;

/* Tokenizes text. `what` names the document in errors ("config", "request").
 * Errors: RL_E_TOO_LARGE, RL_E_JSON_SYNTAX, RL_E_JSON_TYPE (top level not an object). */
rl_status rl_jparse(rl_jdoc *doc, const char *text, size_t len, size_t max_len,
                    const char *what, rl_error *err);
/* Index just past the subtree rooted at token i. */
/* The same grammar and errors as rl_jparse, for a document too large to keep (a safetensors
 * index names every tensor): nothing is recorded, and `visit` sees each token as it is met,
 * with the depth of the object or array it is in (1 in the top level) and whether it is a key.
 * Strings span their text without the quotes; objects and arrays are seen as they open. */
typedef void (*rl_jvisit_fn)(void *ctx, rl_jtype type, size_t start, size_t end, int depth, bool is_key);
rl_status rl_jvisit(const char *text, size_t len, size_t max_len, const char *what, rl_jvisit_fn visit, void *ctx,
                    rl_error *err);

int rl_jnext(const rl_jdoc *doc, int i);
/* True when key token i (a string) decodes to exactly `key` (escapes honoured). */
bool rl_jkey_is(const rl_jdoc *doc, int i, const char *key);
/* Index of the value for key in object obj, or RL_J_ABSENT. */
/* The token index rl_jget gives for a key the object does not have. */
#define RL_J_ABSENT (-1)
int rl_jget(const rl_jdoc *doc, int obj, const char *key);
/* Fails with RL_E_DUPLICATE_KEY when object obj names one key twice. */
rl_status rl_jcheck_unique(const rl_jdoc *doc, int obj, const char *prefix, rl_error *err);
bool rl_jis_null(const rl_jdoc *doc, int i);

/* Typed readers: on a wrong type RL_E_JSON_TYPE, out of [lo, hi] RL_E_RANGE,
 * fraction RL_E_NOT_INTEGER; `field` is named in the message. */
rl_status rl_jint(const rl_jdoc *doc, int i, const char *field, int64_t lo, int64_t hi,
                  int64_t *out, rl_error *err);
rl_status rl_jnum(const rl_jdoc *doc, int i, const char *field, double *out, rl_error *err);
rl_status rl_jbool(const rl_jdoc *doc, int i, const char *field, int *out, rl_error *err);
/* Copies a string value (decoded; escapes beyond ASCII are refused) into buf. */
rl_status rl_jstr(const rl_jdoc *doc, int i, const char *field, char *buf, size_t cap,
                  rl_error *err);

/* Range check for an already-parsed integer with the project's message form. */
rl_status rl_check_int(int64_t v, const char *field, int64_t lo, int64_t hi, rl_error *err);

/* ---- text output ------------------------------------------------------- */

typedef struct rl_out {
    char *buf;
    size_t cap;
    size_t len; /* what the full text needs; may exceed cap */
} rl_out;

void rl_out_init(rl_out *o, char *buf, size_t cap);
void rl_out_bytes(rl_out *o, const char *s, size_t n);
void rl_out_raw(rl_out *o, const char *s);
void rl_out_fmt(rl_out *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ---- numbers (common.c): exact, the same bits natively and in wasm ----- */

#define RL_FMT_MAX_PREC 40
#define RL_FMT_MAX_LEN 360
/* strtod's grammar and results (glibc's, errno ERANGE included) with no long double. */
double rl_strtod(const char *s, char **end);
/* v as printf's %.<prec><conv> writes it, conv one of f e g F E G; no terminator. */
size_t rl_fmt_double(char *out, double v, char conv, int prec);
/* The shortest of %.15g, %.16g, %.17g that reads back as v; no terminator. */
size_t rl_fmt_shortest(char *out, double v);
/* The same, with NaN, Infinity and -Infinity as JSON (Python's) spells them; no terminator. */
size_t rl_fmt_json_number(char *out, double v);

/* ---- JSON output (json_write.c): the one JSON writer -------------------- */

/* A JSON string literal: escaped, <, > and & as \u escapes, invalid UTF-8 as U+FFFD. */
void rl_out_jstr(rl_out *o, const char *s);
/* A JSON number that round-trips (the shortest of %.15g..%.17g), integers printed without exponent,
 * null when not finite. */
void rl_out_jnum(rl_out *o, double v);

/* An open JSON object or array: the rl_jw_* calls write its members (a key
 * for an object, NULL for an array) with the commas in between. */
typedef struct rl_jw {
    rl_out *o;
    bool first;
    char close; /* '}' or ']' */
} rl_jw;

/* Opens a top-level object or array in o. */
void rl_jw_begin_object(rl_jw *w, rl_out *o);
void rl_jw_begin_array(rl_jw *w, rl_out *o);
/* Opens an object or array as a member of w, into *inner. */
void rl_jw_object(rl_jw *w, const char *key, rl_jw *inner);
void rl_jw_array(rl_jw *w, const char *key, rl_jw *inner);
/* Closes w with its '}' or ']'. */
void rl_jw_end(rl_jw *w);
void rl_jw_num(rl_jw *w, const char *key, double v);
void rl_jw_str(rl_jw *w, const char *key, const char *v);
void rl_jw_bool(rl_jw *w, const char *key, bool v);
void rl_jw_null(rl_jw *w, const char *key);
/* The key (or an array's comma) alone: the caller writes the value into w->o. */
void rl_jw_key(rl_jw *w, const char *key);

/* ---- report (report.c) ------------------------------------------------- */

/* Writes "remedies": [{"code", "message", "value"(, "tp")}] for r's remedy bits as a member of w (m may
 * be NULL where no bit needs the model: the parameters-only estimate). */
void rl_write_remedies(rl_jw *w, const rl_model *m, const rl_deploy *d, const rl_result *r);
/* Writes `key`: {"code", "status", "field", "message"(, "why", "values")} for err as a member of w. */
void rl_write_error(rl_jw *w, const char *key, const rl_error *err);

/* ---- cost (cost.c) ------------------------------------------------------ */

/* Writes "cost": {...} as a member of the report object w. */
void rl_cost_write(rl_jw *w, const rl_cost *c);
/* Records that the request gave the rl_workload member at `offset`. */
void rl_workload_mark_given(rl_workload *w, size_t offset);

/* ---- arithmetic shared by the analysis --------------------------------- */

/* ceil(a/b) for a >= 0, b >= 1; inline, as the analysis calls it on every run. */
static inline int64_t rl_ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

/* Compiled-in presets (generated from presets/ by the build). */
typedef struct rl_preset_entry {
    const char *id;
    const char *json;
    size_t len;
} rl_preset_entry;
extern const rl_preset_entry rl_preset_models[];
extern const size_t rl_preset_models_count;
extern const rl_preset_entry rl_preset_gpus[];
extern const size_t rl_preset_gpus_count;
extern const rl_preset_entry rl_preset_links[]; /* presets/links/ (interconnect.c) */
extern const size_t rl_preset_links_count;
extern const rl_preset_entry rl_preset_prices[]; /* presets/prices/ (cost.c) */
extern const size_t rl_preset_prices_count;
/* RL_E_UNKNOWN_PRESET for an id no preset of `kind` has, named by `field` (model, gpu, spec_draft), its
 * message listing the known ids after `first` (a word the field also takes, such as "mtp"; NULL for none). */
rl_status rl_preset_unknown(rl_preset_kind kind, const char *id, const char *field, const char *first, rl_error *err);

/* ---- the field table (fields.c) ---------------------------------------- */

/* Every row that fills `target` checked against its range, in table order (cost.c). */
rl_status rl_fields_check_target(rl_field_target target, const void *base, rl_error *err);

/* Index of `word` among an ENUM row's choices, or -1. */
int rl_field_choice(const rl_field *f, const char *word);
/* RL_E_UNKNOWN_NAME naming the row's key and listing its choices (word may be NULL). */
rl_status rl_field_bad_choice(const rl_field *f, const char *word, rl_error *err);
/* Writes the row's default into the struct at base (an rl_deploy or rl_gpu). */
void rl_field_set_default(void *base, const rl_field *f);
/* A NUMBER row's value v as read from a request: RL_E_RANGE with the row's range when v is 0 and the row
 * refuses a 0 given (RL_FIELD_ZERO_REFUSED); RL_OK otherwise (the range is checked with the struct). */
rl_status rl_field_check_given(const rl_field *f, double v, rl_error *err);
/* Checks the row's member of the struct at base against its range or choices. */
rl_status rl_field_check(const rl_field *f, const void *base, rl_error *err);
/* The rows that fill rl_deploy (RL_TARGET_DEPLOY) or rl_gpu (RL_TARGET_GPU), in
 * table order; generated with the table. */
const rl_field *const *rl_field_rows(rl_field_target target, size_t *count);
/* Every row of the struct in its range: the generated straight-line fast path. */
int rl_deploy_in_range(const rl_deploy *s);
int rl_gpu_in_range(const rl_gpu *s);

/* ---- transformers' config defaults (config_defaults.c) ------------------ */

/* Where a default was read: a file of github.com/huggingface/transformers at a commit. */
typedef struct rl_config_source {
    const char *path;
    const char *commit;
} rl_config_source;

/* One row: config class of `model_type` gives `field` the value `value`
 * (booleans as 1/0) when config.json leaves it out. */
typedef struct rl_config_default {
    const char *model_type;
    const char *field;
    int64_t value;
    int source;
} rl_config_default;

size_t rl_config_default_count(void);
const rl_config_default *rl_config_default_at(size_t i);
const rl_config_source *rl_config_source_of(const rl_config_default *row);
/* The default of `field` for `model_type`; false when transformers has none (or None). */
bool rl_config_default_int(const char *model_type, const char *field, int64_t *out);
/* The text config type a multimodal model_type gives its text_config ("gemma3" ->
 * "gemma3_text"), NULL for other types. */
const char *rl_config_text_type(const char *outer);

/* ---- the classic decoder families' layouts (families.c) ----------------- */

/* Whether a family's q/k/v projections, its output projection or its MLP carry biases. */
typedef enum rl_bias_rule {
    RL_BIAS_GENERIC = 0, /* as the generic reader: attention_bias for q/k/v and o, mlp_bias for the MLP */
    RL_BIAS_NEVER = 1,
    RL_BIAS_ALWAYS = 2,
    RL_BIAS_KEY = 3      /* when the row's bias_key field is true */
} rl_bias_rule;

/* One family's layout, from its transformers modeling file. */
typedef struct rl_family {
    const char *model_type;
    int mlp_plain;            /* up and down projections, no gate */
    int qkv_bias, o_bias, mlp_bias; /* rl_bias_rule each */
    const char *bias_key;     /* RL_BIAS_KEY: the boolean field (its default: config_defaults.c) */
    int norm_bias;            /* LayerNorm with a bias */
    int norms_per_layer;      /* 0: the family's rule in model.c (Falcon) */
    const char *ffn_key;      /* the field giving the MLP width; NULL: always ffn_x_hidden x hidden */
    int ffn_x_hidden;         /* the width when ffn_key is absent or null; 0: ffn_key is required */
    int ffn_divisor;          /* the width is ffn_key's value over this (Qwen 1's intermediate_size spans w1 and w2: 2) */
    int learned_positions;    /* a position table of max_position_embeddings + position_offset rows */
    int position_offset;
    int embed_norm;           /* a LayerNorm after the token embedding */
    int lm_head_bias;
    const char *multi_query_key; /* a boolean field that, true, gives one key/value head */
    const char *path;         /* the config class read, github.com/huggingface/transformers */
    const char *commit;
} rl_family;

/* A key the config class maps to a standard name (attribute_map: GPT-2's n_layer). */
typedef struct rl_config_alias {
    const char *model_type;
    const char *key;   /* the standard name the reader asks for */
    const char *alias; /* the name the family's config.json uses */
} rl_config_alias;

size_t rl_family_count(void);
const rl_family *rl_family_at(size_t i);
/* The family's row, NULL for the gated-MLP RMSNorm decoders. */
const rl_family *rl_family_of(const char *model_type);
/* Why a model_type is refused outright (remote code that decides its own layout), NULL otherwise. */
const char *rl_family_refused(const char *model_type);
/* The family's own name for a standard key, NULL when it has none. */
const char *rl_config_alias_of(const char *model_type, const char *key);

/* ---- vision towers (vision.c) ------------------------------------------- */

/* Parameters of the vision tower and multimodal projector that the config at
 * token `root` describes (vision_config), 0 when it has none, and the tower's
 * size as SGLang weighs it (rl_model.vision_complexity). text_hidden is the
 * language model's hidden size (the projector's output). RL_E_UNSUPPORTED
 * names config.vision_config.model_type for a tower it cannot count. */
rl_status rl_vision_params(const rl_jdoc *doc, int root, const char *outer_type, int64_t text_hidden,
                           double *out, double *complexity, rl_error *err);

/* RL_E_UNSUPPORTED naming the config field that marks a layer kind the core
 * does not model (linear attention, Mamba), for the config object at `obj`. */
rl_status rl_refuse_unmodeled_layers(const rl_jdoc *doc, int obj, const char *model_type, rl_error *err);
/* True for a model_type the reader reads by a rule of its own (unread_keys.c). */
bool rl_model_type_known(const char *model_type);
/* For a model_type it does not know, refuses (RL_E_UNSUPPORTED, naming it) the first field of object obj whose
 * name says it shapes the weights, that the reader does not read, and that is on (unread_keys.c). */
rl_status rl_refuse_unread_keys(const rl_jdoc *doc, int obj, const char *model_type, rl_error *err);

/* Reads a model from the config object at token `obj` of doc. */
rl_status rl_model_from_doc(const rl_jdoc *doc, int obj, rl_model *out, rl_error *err);

/* The layers with attention, sliding ones included: all but the linear-attention layers, LFM2's
 * short convolutions and Jamba's Mamba (v1) layers, which replace it (Falcon-H1's Mamba-2 mixers sit beside it). The
 * analysis' global layers are these less the sliding ones; the report gives them as attention_layers. */
static inline int64_t rl_attention_layers(const rl_model *m) {
    return m->layers - m->linear_layers - m->conv_layers - m->no_attn_layers - (m->mamba_v1 ? m->mamba_layers : 0);
}

/* A disaggregated deployment's pools in GPUs (rl_result.disagg): prefill_instances x prefill_tp, and decode_instances
 * x the decode instance's tp x pp: what the report states and the cost pays for. */
static inline int64_t rl_disagg_prefill_gpus(const rl_result *r) { return r->disagg.prefill_tp * r->disagg.prefill_instances; }
static inline int64_t rl_disagg_decode_gpus(const rl_result *r) { return r->disagg.decode_gpus_per_instance * r->disagg.decode_instances; }

/* A disaggregated deployment's cost (docs/scale-out.md, "What it costs"): the basis's gpus are both pools', and
 * the whole deployment is held hold_ms per request (1000 / the balance's sustained requests/s at the pool that
 * binds), in place of prefill + output x step / batch; the decode pool runs no prefill between its steps. */
typedef struct rl_cost_pools {
    double hold_ms;
    int64_t prefill_gpus, decode_gpus;
    int limited_by; /* 1 prefill, 2 decode */
} rl_cost_pools;
rl_status rl_cost_compute_pools(const rl_workload *w, const rl_cost_basis *b, const rl_cost_pools *pools,
                                const rl_cost_prices *p, rl_cost *out, rl_error *err);

#endif
