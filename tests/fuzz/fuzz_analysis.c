/* libFuzzer target: rl_analyze, rl_sweep and rl_report_json on arbitrary numbers.
 *
 * The bytes are decoded into a model shape, a GPU and a deployment through
 * the C API, with no JSON in the way: every int64 field of rl_model and
 * rl_deploy, every double of rl_gpu (NaN, ±inf, denormals, 1e308 included),
 * and the enums, out of range too. Each value starts with a selector byte:
 *
 *   double:  sel % 4 == 0 -> a special (table fz_doubles), == 1 -> 8 raw bytes,
 *            == 2 -> a small whole number (next byte), == 3 -> a typical GPU figure
 *   int64:   sel % 4 == 0 -> a special (table fz_ints), == 1 -> 8 raw bytes,
 *            == 2 -> next byte as a small count, == 3 -> next 2 bytes, little endian
 *   enum:    one byte, signed; 0x7f, 0x80 -> INT_MAX, INT_MIN
 *
 * Flag bytes switch optional parts on (MLA dims, stale derived fields, fp8/int8
 * peaks, the realistic-budget knobs); see the decoder below for the order.
 * rl_analyze must refuse the decoded model until rl_model_finish() has
 * derived its counts, and then analyze the finished one.
 * Past the end of the input every read gives 0, so short inputs mean "mostly zeros".
 * Invariants: fuzz_common.h fz_check_result / fz_check_report / fz_check_sweep. */
#include "fuzz_common.h"

#include <float.h>
#include <limits.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct reader {
    const uint8_t *p;
    size_t n, i;
} reader;

static uint8_t rd_byte(reader *r) { return r->i < r->n ? r->p[r->i++] : 0; }

static uint64_t rd_u64(reader *r) {
    uint64_t v = 0;
    for (int k = 0; k < 8; k++) v |= (uint64_t)rd_byte(r) << (8 * k);
    return v;
}

static const double fz_doubles[] = {
    0.6, 0.35, 0.02, 0.9, 35.0, 64.0, 0.98, 1.0000000000000002, 0.0, -0.0, NAN, -NAN, INFINITY, -INFINITY, 4.9406564584124654e-324, DBL_MIN, DBL_MAX, -DBL_MAX,
    1e308, -1e308, 1e6, 1000000.0000000001, 1e-300, 1e-12, 1e-6, 0.5, 1.0, -1.0, 2.0, 1e3, 1e9,
    1e12, 1e15, 312.0, 989.0, 1555.0, 3350.0, 80.0, 40.0, 24.0, 0.0001,
};

static const int64_t fz_ints[] = {
    0, -1, 1, 2, 3, 7, 8, 16, 64, 128, 1000, 1024, 1025, 4096, 65535, 65536, 65537, 100000, 100001,
    1048576, 1048577, 16777216, 16777217, (int64_t)1 << 31, ((int64_t)1 << 31) - 1, (int64_t)1 << 40,
    ((int64_t)1 << 40) + 1, (int64_t)1 << 53, ((int64_t)1 << 53) + 1, INT64_MAX, INT64_MIN,
    INT64_MIN + 1, -4096, 1000000000000000000LL,
};

static double rd_double(reader *r) {
    uint8_t sel = rd_byte(r);
    switch (sel % 4) {
    case 0: return fz_doubles[(sel / 4) % (sizeof fz_doubles / sizeof fz_doubles[0])];
    case 1: {
        uint64_t bits = rd_u64(r);
        double v;
        memcpy(&v, &bits, sizeof v);
        return v;
    }
    case 2: return (double)rd_byte(r);
    default: {
        static const double typical[] = {10.9, 65.0, 165.2, 312.0, 362.0, 989.0, 336.0, 864.0, 1008.0,
                                         2039.0, 4800.0, 6.0, 16.0, 48.0, 141.0, 192.0};
        return typical[(sel / 4) % (sizeof typical / sizeof typical[0])];
    }
    }
}

static int64_t rd_int(reader *r) {
    uint8_t sel = rd_byte(r);
    switch (sel % 4) {
    case 0: return fz_ints[(sel / 4) % (sizeof fz_ints / sizeof fz_ints[0])];
    case 1: return (int64_t)rd_u64(r);
    case 2: return (int64_t)rd_byte(r);
    default: {
        uint64_t lo = rd_byte(r), hi = rd_byte(r);
        return (int64_t)(lo | hi << 8);
    }
    }
}

static int rd_enum(reader *r) {
    int8_t v = (int8_t)rd_byte(r);
    if (v == 0x7f) return INT_MAX;
    if (v == -128) return INT_MIN;
    return v;
}

static void rd_name(reader *r, char *dst, size_t cap) {
    static const char *const types[] = {"",        "llama",     "qwen2",  "qwen2_moe", "qwen3",
                                        "qwen3_moe", "gemma",   "gemma2", "gemma3",    "gemma3_text",
                                        "gpt_oss", "mixtral",   "mistral", "phi3"};
    uint8_t sel = rd_byte(r);
    if (sel < 200) {
        snprintf(dst, cap, "%s", types[sel % (sizeof types / sizeof types[0])]);
        return;
    }
    /* A short odd name: letters, digits, '-', '_' (kept JSON- and ":null"-free). */
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789-_";
    size_t n = sel % 16;
    if (n >= cap) n = cap - 1;
    for (size_t k = 0; k < n; k++) dst[k] = alphabet[rd_byte(r) % (sizeof alphabet - 1)];
    dst[n] = '\0';
}

/* FZ_DUMP=1 build-fuzz/fuzz_analysis FILE prints what FILE decodes to, for triage. */
static void dump(const rl_model *m, const rl_gpu *g, const rl_deploy *d, size_t cap) {
    fprintf(stderr,
            "model: type \"%s\" L %lld H %lld q %lld kv %lld d %lld V %lld I %lld maxpos %lld window %lld "
            "sliding_layers %lld\n  E %lld k %lld moe_I %lld moe_layers %lld shared %lld tied %d qk_norm %d "
            "bias %d/%d sinks %d expert_bias %d gate %d router_bias %d dtype %d quant %d\n"
            "  mla %d q_lora %lld kv_lora %lld nope %lld rope %lld v %lld\n",
            m->model_type, (long long)m->layers, (long long)m->hidden, (long long)m->heads, (long long)m->kv_heads,
            (long long)m->head_dim, (long long)m->vocab, (long long)m->intermediate, (long long)m->max_positions,
            (long long)m->sliding_window, (long long)m->sliding_layers, (long long)m->experts,
            (long long)m->top_k, (long long)m->moe_intermediate, (long long)m->moe_layers,
            (long long)m->shared_intermediate, m->tied_embeddings, m->qk_norm, m->attn_bias_qkv, m->attn_bias_o,
            m->attn_sinks, m->expert_bias, m->shared_expert_gate, m->router_bias, m->dtype, (int)m->quant, m->mla,
            (long long)m->q_lora_rank, (long long)m->kv_lora_rank, (long long)m->qk_nope_head_dim,
            (long long)m->qk_rope_head_dim, (long long)m->v_head_dim);
    fprintf(stderr, "gpu: tflops %.17g (unknown %d) fp8 %.17g int8 %.17g bandwidth %.17g vram %.17g unified %d ram %.17g\n",
            g->tflops, g->tflops_unknown, g->tflops_fp8, g->tops_int8, g->bandwidth_gbs, g->vram_gib, g->unified,
            g->ram_gib);
    fprintf(stderr,
            "deploy: precision %d kv %d moe_read %d seq %lld batch %lld tp %lld pp %lld micro %lld block %lld "
            "chunk %lld\n  context %.17g nccl %.17g overhead %.17g pool %.17g launch %.17g; sweep cap %zu\n",
            (int)d->precision, (int)d->kv_precision, (int)d->moe_read, (long long)d->seq, (long long)d->batch,
            (long long)d->tp, (long long)d->pp, (long long)d->micro_batches, (long long)d->kv_block,
            (long long)d->prefill_chunk, d->context_reserve_gib, d->nccl_gib_per_peer, d->weight_overhead,
            d->pool_fraction, d->launch_ms, cap);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    reader rd = {data, size, 0};

    /* Every int64 shape field of rl_model, in declaration order. */
    rl_model m = rl_model_default();
    m.layers = rd_int(&rd);
    m.hidden = rd_int(&rd);
    m.heads = rd_int(&rd);
    m.kv_heads = rd_int(&rd);
    m.head_dim = rd_int(&rd);
    m.vocab = rd_int(&rd);
    m.intermediate = rd_int(&rd);
    m.max_positions = rd_int(&rd);
    m.sliding_window = rd_int(&rd);
    m.sliding_layers = rd_int(&rd);
    m.experts = rd_int(&rd);
    m.top_k = rd_int(&rd);
    m.moe_intermediate = rd_int(&rd);
    m.moe_layers = rd_int(&rd);
    m.shared_intermediate = rd_int(&rd);
    uint8_t flags = rd_byte(&rd);
    m.tied_embeddings = flags & 1;
    m.qk_norm = (flags >> 1) & 1;
    m.attn_bias_qkv = (flags >> 2) & 1;
    m.attn_bias_o = (flags >> 3) & 1;
    m.attn_sinks = (flags >> 4) & 1;
    m.expert_bias = (flags >> 5) & 1;
    m.mla = (flags >> 6) & 1;
    if (m.mla) {
        m.q_lora_rank = rd_int(&rd);
        m.kv_lora_rank = rd_int(&rd);
        m.qk_nope_head_dim = rd_int(&rd);
        m.qk_rope_head_dim = rd_int(&rd);
        m.v_head_dim = rd_int(&rd);
    }
    uint8_t flags2 = rd_byte(&rd);
    m.shared_expert_gate = flags2 & 1;
    m.router_bias = (flags2 >> 1) & 1;
    if (flags2 & 4) m.tied_embeddings = rd_enum(&rd); /* any non-zero int is "true" */
    /* dtype: the reader gives fp32/fp16/bf16; rl_model_default() gives 0. */
    static const int dtypes[3] = {RL_PREC_FP16, RL_PREC_BF16, RL_PREC_FP32};
    m.dtype = (flags2 & 8) ? rd_enum(&rd) : dtypes[((flags2 >> 4) & 3) % 3];
    m.quant = (rl_quant)((flags2 >> 6) & 3);
    rd_name(&rd, m.model_type, sizeof m.model_type);
    rd_name(&rd, m.name, sizeof m.name);
    if (m.name[0] == '\0') snprintf(m.name, sizeof m.name, "custom");
    /* Stale derived fields: rl_model_finish must re-derive them, never trust them. */
    if (flags & 0x80) {
        m.params_total = rd_double(&rd);
        m.params_active = rd_double(&rd);
        m.params_embed = rd_double(&rd);
        m.params_expert = rd_double(&rd);
        m.params_expert_matrix = rd_double(&rd);
        m.params_always_read = rd_double(&rd);
        m.kv_elems_per_token_per_layer = rd_double(&rd);
        m.attn_flops_per_token_pair = rd_double(&rd);
        m.qkv_width = rd_double(&rd);
    }

    rl_gpu g = rl_gpu_default();
    g.tflops = rd_double(&rd);
    g.bandwidth_gbs = rd_double(&rd);
    g.vram_gib = rd_double(&rd);
    uint8_t gflags = rd_byte(&rd);
    g.tflops_unknown = gflags & 1;
    g.unified = (gflags >> 1) & 1;
    if (gflags & 4) g.tflops_fp8 = rd_double(&rd);
    if (gflags & 8) g.tops_int8 = rd_double(&rd);
    if (gflags & 16) g.ram_gib = rd_double(&rd);

    rl_deploy d = rl_deploy_default();
    uint8_t which = rd_byte(&rd); /* bit set: fuzz that field; clear: keep the default */
    if (which & 1) d.precision = (rl_precision)rd_enum(&rd);
    if (which & 2) d.kv_precision = (rl_precision)rd_enum(&rd);
    if (which & 4) d.moe_read = (rl_moe_read)rd_enum(&rd);
    d.seq = rd_int(&rd);
    d.batch = rd_int(&rd);
    d.tp = rd_int(&rd);
    d.pp = rd_int(&rd);
    d.micro_batches = rd_int(&rd);
    d.kv_block = rd_int(&rd);
    if (which & 8) d.prefill_chunk = rd_int(&rd);
    if (which & 16) {
        d.context_reserve_gib = rd_double(&rd);
        d.nccl_gib_per_peer = rd_double(&rd);
    }
    if (which & 32) d.weight_overhead = rd_double(&rd);
    if (which & 64) d.pool_fraction = rd_double(&rd);
    if (which & 128) d.launch_ms = rd_double(&rd);
    size_t cap = rd_byte(&rd) % 9;

    if (getenv("FZ_DUMP")) dump(&m, &g, &d, cap);

    /* The model alone: a finished model keeps its promises. */
    rl_model fin = m;
    rl_error err;
    rl_status fst = rl_model_finish(&fin, &err);
    if (fst == RL_OK) fz_check_model(&fin);
    else fz_check_error(fst, &err, "rl_model_finish");

    /* Never finished: refused, whatever its fields say. */
    rl_result r;
    memset(&r, 0x5a, sizeof r);
    memset(&err, 0x5a, sizeof err);
    rl_status st = rl_analyze(&m, &g, &d, &r, &err);
    fz_check_result(&g, &d, st, &r, &err);
    FZ_CHECK(st == RL_E_NULL && strcmp(err.field, "model") == 0, "an unfinished model was not refused (%s, %s)",
             rl_status_name(st), err.field);
    FZ_CHECK(rl_sweep(&m, &g, &d, (rl_sweep_point[1]){{0}}, 1) == 0, "an unfinished model was swept");

    /* Finished, or left unfinished by a failed finish. */
    memset(&r, 0x5a, sizeof r);
    memset(&err, 0x5a, sizeof err);
    st = rl_analyze(&fin, &g, &d, &r, &err);
    fz_check_result(&g, &d, st, &r, &err);
    if (st == RL_OK) {
        fz_check_pool_way_out(&fin, &g, &d, &r);
        fz_check_bigger_gpu_way_out(&fin, &g, &d, &r);
        FZ_CHECK(fst == RL_OK, "rl_analyze accepted a model rl_model_finish refuses (%s)", rl_status_name(fst));
        fz_check_report(&fin, &g, &d, &r, true);
    } else {
        FZ_CHECK(fst == RL_OK || st == RL_E_NULL, "a model whose finish failed gave %s, not null", rl_status_name(st));
        fz_check_error_json(&err, true);
    }
    fz_check_sweep(&fin, &g, &d, cap);
    return 0;
}
