/* C API tests: the contracts the vectors cannot reach (NULLs, buffers,
 * presets, parsing edge cases, refusals carrying no time). */
#include "roofline.h"
#include "faults.h"
#include "api_table_test.h"
#include "mutants_test.h"

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;
#include "check.h"

static rl_model preset(const char *id) {
    rl_model m;
    rl_error err;
    if (rl_model_preset(id, &m, &err) != RL_OK) {
        printf("cannot load %s: %s\n", id, err.message);
        exit(1);
    }
    return m;
}

static rl_gpu gpu(const char *id) {
    rl_gpu g;
    rl_error err;
    if (rl_gpu_preset(id, 0, &g, &err) != RL_OK) exit(1);
    return g;
}

/* The bigger-GPU way out under SGLang's own pool, whose fraction grows with the GPU and whose reserve jumps between
 * its tiers: the least memory that holds the budget. On a GPU of that size the setup fits; on any smaller one (a grid
 * down to 0.6 of it, and just under it) it does not, even where a smaller GPU falls in a tier of a smaller reserve.
 * Needs that land in each tier, at the 60 GiB jump, with MLA, pp, tp >= 4, a multimodal model's factor, the size-only
 * estimate's and a chosen pool's. */
static void test_sglang_bigger_gpu(void) {
    static const struct {
        const char *model;
        int64_t tp, pp, seq, batch;
        double vram, complexity;
    } rows[] = {{"qwen3-0.6b", 1, 1, 32768, 8, 4, 0},     {"qwen3-4b", 1, 1, 8192, 24, 12, 0},
                {"qwen3-8b", 1, 1, 8192, 20, 24, 0},      {"qwen3-14b", 1, 1, 8192, 21, 48, 0},
                {"qwen3-14b", 1, 1, 8192, 17, 48, 0},     {"qwen3-32b", 1, 1, 8192, 16, 80, 0},
                {"qwen3-32b", 4, 1, 32768, 96, 80, 0},    {"deepseek-v3", 8, 1, 8192, 128, 141, 0},
                {"llama-3.1-70b", 1, 2, 8192, 64, 80, 0}, {"llama-3.1-405b", 1, 1, 4096, 1, 141, 0},
                {"qwen3-14b", 1, 1, 8192, 21, 48, 1.423828125}, {"qwen3-0.6b", 1, 1, 4096, 1, 1, 0},
                {"qwen3-0.6b", 1, 1, 32768, 2, 4, 0},     {"qwen3-4b", 1, 1, 8192, 8, 12, 0}};
    /* Their least GPUs, in GiB: 36.7, 42.2, 45.6, 68.4 (past the jump at 60), 56.9, 108.3, 235.7, 179.1, 174.1, 800.0,
     * 73.8 (the multimodal one), 5.72, 12.5, and 24.2 (the weights, their overhead and 8 requests' KV need 16.7 GiB of
     * what the 0.6 GiB context leaves, and under 20 GiB no GPU's pool holds more than 0.802 × 19.4 = 15.6 of it). */
    int checked = 0;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        rl_model m = preset(rows[i].model);
        m.vision_complexity = rows[i].complexity; /* as a multimodal checkpoint of the same text model */
        rl_gpu g = {.tflops = 500, .bandwidth_gbs = 2000, .vram_gib = rows[i].vram};
        snprintf(g.name, sizeof g.name, "custom");
        rl_deploy d = rl_deploy_default();
        d.engine = RL_ENGINE_SGLANG;
        d.tp = rows[i].tp, d.pp = rows[i].pp, d.seq = rows[i].seq, d.batch = rows[i].batch;
        rl_result r;
        rl_error err;
        rl_status st = rl_analyze(&m, &g, &d, &r, &err);
        bool short_of_memory = st == RL_OK && r.verdict != RL_FITS && (r.remedies & RL_REMEDY_BIGGER_GPU);
        CHECK(short_of_memory, "%s row %zu: needs a bigger GPU", rows[i].model, i);
        if (!short_of_memory) continue;
        double v = r.remedy_vram_gib;
        g.vram_gib = v * (1 + 1e-9);
        st = rl_analyze(&m, &g, &d, &r, &err);
        CHECK(st == RL_OK && r.verdict == RL_FITS, "%s row %zu: fits on %.6g GiB (%s)", rows[i].model, i, v, rl_verdict_name(r.verdict));
        for (int k = 0; k <= 80; k++) {
            g.vram_gib = k == 0 ? v * (1 - 1e-7) : v * (1 - 0.005 * k);
            st = rl_analyze(&m, &g, &d, &r, &err);
            CHECK(st == RL_OK && r.verdict != RL_FITS, "%s row %zu: %.6g GiB is the least, yet %.6g fits", rows[i].model, i, v, g.vram_gib);
        }
        checked++;
    }
    CHECK(checked == (int)(sizeof rows / sizeof rows[0]), "every row needed a bigger GPU (%d)", checked);

    /* The size-only estimate's: 70B fp8 on an L40S under SGLang; on that GPU the weights fit, on a smaller one not. */
    rl_gpu g = {.tflops = 362, .bandwidth_gbs = 864, .vram_gib = 48};
    snprintf(g.name, sizeof g.name, "custom");
    rl_deploy d = rl_deploy_default();
    d.engine = RL_ENGINE_SGLANG;
    d.precision = RL_PREC_FP8;
    rl_estimate e;
    rl_error err;
    CHECK(rl_estimate_params(70e9, &g, &d, &e, &err) == RL_OK && !e.fits && (e.remedies & RL_REMEDY_BIGGER_GPU), "70B fp8 on 48 GiB");
    double v = e.remedy_vram_gib;
    g.vram_gib = v * (1 + 1e-9);
    CHECK(rl_estimate_params(70e9, &g, &d, &e, &err) == RL_OK && e.fits, "70B fp8 fits on %.6g GiB", v);
    g.vram_gib = v * (1 - 1e-7);
    CHECK(rl_estimate_params(70e9, &g, &d, &e, &err) == RL_OK && !e.fits, "70B fp8 does not fit just under %.6g GiB", v);
    /* 1000T in fp8 on one GPU: a need past 1000/1.5 times the top tier's reserve, where no fraction below 0.999 crosses
     * and the solver's answer is the need's own bound at 0.999 (a case the crossing search alone never reaches). */
    g.vram_gib = 48;
    CHECK(rl_estimate_params(1e15, &g, &d, &e, &err) == RL_OK && !e.fits && (e.remedies & RL_REMEDY_BIGGER_GPU), "1000T fp8 on 48 GiB");
    v = e.remedy_vram_gib;
    g.vram_gib = v * (1 + 1e-9);
    CHECK(v > 1e5 && rl_estimate_params(1e15, &g, &d, &e, &err) == RL_OK && e.fits, "1000T fp8 fits on %.9g GiB", v);
    g.vram_gib = v * (1 - 1e-7);
    CHECK(rl_estimate_params(1e15, &g, &d, &e, &err) == RL_OK && !e.fits, "1000T fp8 does not fit just under %.9g GiB", v);

    /* A chosen pool is a fixed share: the least GPU is the budget over it, whatever the tier. */
    rl_model m = preset("qwen3-32b");
    g.vram_gib = 80;
    d = rl_deploy_default();
    d.engine = RL_ENGINE_SGLANG;
    d.pool_fraction = 0.5;
    d.batch = 16;
    d.seq = 8192;
    rl_result r;
    CHECK(rl_analyze(&m, &g, &d, &r, &err) == RL_OK && (r.remedies & RL_REMEDY_BIGGER_GPU), "a chosen pool of 0.5 is short");
    v = r.remedy_vram_gib;
    g.vram_gib = v * (1 + 1e-9);
    CHECK(rl_analyze(&m, &g, &d, &r, &err) == RL_OK && r.verdict == RL_FITS && r.pool_fraction == 0.5, "fits on %.6g GiB at 0.5", v);
    g.vram_gib = v * (1 - 1e-7);
    CHECK(rl_analyze(&m, &g, &d, &r, &err) == RL_OK && r.verdict != RL_FITS, "not just under %.6g GiB at 0.5", v);
}

/* SGLang's KV room (rl_engine_pool_of_start): its fraction of the memory free once the CUDA context (0.6 GiB)
 * and NCCL (0.35 GiB per peer GPU) are up, less the weights and their 2% overhead; the prefill activations and
 * the logits stay out of it, in the reserve the fraction was derived from. Hand-worked on an H100 (80 GiB):
 * Qwen3-8B at tp 1, fraction 0.830 of 79.4 GiB; Llama 3 70B at tp 4, 0.819 of 80 − 0.6 − 3 × 0.35 = 78.35 GiB;
 * and a chosen 0.5 at tp 2, of 79.05 GiB. vLLM's pool of the same GPU stays 0.9 × 80, with its activations and
 * logits inside. */
static void test_sglang_room_of_start(void) {
    static const struct {
        const char *model;
        int64_t tp;
        double chosen, fraction, free_at_start;
    } rows[] = {{"qwen3-8b", 1, 0, 0.830, 79.4}, {"llama-3-70b", 4, 0, 0.819, 78.35}, {"qwen3-32b", 2, 0.5, 0.5, 79.05}};
    rl_gpu g = gpu("h100-sxm");
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        rl_model m = preset(rows[i].model);
        rl_deploy d = rl_deploy_default();
        d.engine = RL_ENGINE_SGLANG;
        d.tp = rows[i].tp;
        d.pool_fraction = rows[i].chosen;
        d.batch = 1;
        rl_result r;
        rl_error err;
        CHECK(rl_analyze(&m, &g, &d, &r, &err) == RL_OK, "%s: analysed", rows[i].model);
        double w = r.weights_gib, f = rows[i].fraction, start = rows[i].free_at_start;
        CHECK(r.pool_of_start == 1 && !r.pool_of_free && r.pool_fraction == f, "%s: SGLang's %.3f of what the context leaves", rows[i].model, f);
        CHECK(fabs(r.free_at_start_gib - start) < 1e-9, "%s: %.2f GiB free at start (got %.9g)", rows[i].model, start, r.free_at_start_gib);
        CHECK(fabs(r.kv_room_gib - (f * start - 1.02 * w)) < 1e-9, "%s: room %.3f × %.2f − 1.02 × %.4f (got %.9g)", rows[i].model, f, start, w,
              r.kv_room_gib);
        CHECK(fabs(r.pool_gib - (80 - start + f * start)) < 1e-9, "%s: pool line context + NCCL + %.3f × %.2f (got %.9g)", rows[i].model, f,
              start, r.pool_gib);
        CHECK(r.activation_gib == 0 && fabs(r.reserve_gib - (80 - start + 0.02 * w)) < 1e-9, "%s: no activations, reserve %.9g", rows[i].model,
              r.reserve_gib);
        d.engine = RL_ENGINE_VLLM;
        d.pool_fraction = 0;
        CHECK(rl_analyze(&m, &g, &d, &r, &err) == RL_OK && !r.pool_of_start && r.free_at_start_gib == 0 &&
                  fabs(r.pool_gib - 72) < 1e-9 && r.activation_gib > 0,
              "%s: vLLM's pool is 0.9 of the GPU, its activations inside", rows[i].model);
    }
}

/* Each engine's own prefill step when prefill_chunk is 0 (roofline.h rl_engine_chunk): the activation line counts
 * it, the report echoes it, and a bigger GPU under vLLM counts the step vLLM would take there. Llama 3 8B's
 * activations are (2 × 4096 + 6144 + 2 × 14336) × 2 = 86,016 bytes a token, so 6144 tokens more are 0.4921875 GiB. */
static void test_engine_chunk(void) {
    CHECK(rl_engine_chunk(RL_ENGINE_VLLM, 80, "h100-sxm") == 8192 && rl_engine_chunk(RL_ENGINE_VLLM, 70, "custom") == 8192 &&
              rl_engine_chunk(RL_ENGINE_VLLM, 69.99, "custom") == 2048 && rl_engine_chunk(RL_ENGINE_VLLM, 80, "a100-80g") == 2048 &&
              rl_engine_chunk(RL_ENGINE_VLLM, 80, NULL) == 8192 && rl_engine_chunk(RL_ENGINE_VLLM, 48, "l40s") == 2048,
          "vLLM's own: 8192 from 70 GiB except on an A100, else 2048");
    CHECK(rl_engine_chunk(RL_ENGINE_SGLANG, 24, "x") == 4096 && rl_engine_chunk(RL_ENGINE_SGLANG, 141, "x") == 8192 &&
              rl_engine_chunk(RL_ENGINE_TRT_LLM, 24, "x") == 8192 && rl_engine_chunk(RL_ENGINE_LLAMA_CPP, 80, "x") == 512 &&
              rl_engine_chunk(RL_ENGINE_GPT_FAST, 80, "x") == 0,
          "SGLang's by the GPU, TensorRT-LLM 8192, llama.cpp 512, gpt-fast the whole prompt (0)");
    CHECK(rl_engine_chunk(RL_ENGINE_AUTO, 192, "m2-ultra-192g") == 512 && rl_engine_chunk(RL_ENGINE_AUTO, 80, "h100-sxm") == 8192,
          "auto: the GPU's usual engine's");

    rl_model m = preset("llama-3-8b");
    rl_gpu h100 = gpu("h100-sxm");
    rl_error err;
    const double gib = 1073741824.0, more = 6144.0 * 86016.0 / gib; /* 0.4921875 GiB */
    /* vLLM and TensorRT-LLM keep room for a whole step of their chunk however short the prompt (vLLM profiles one
     * dummy step of max_num_batched_tokens tokens; TensorRT-LLM sizes its buffers for max_num_tokens); llama.cpp's
     * step and gpt-fast's prompt are no longer than the prompt; SGLang's activations are outside its pool. */
    CHECK(rl_engine_steps_whole_chunk(RL_ENGINE_VLLM) == 1 && rl_engine_steps_whole_chunk(RL_ENGINE_TRT_LLM) == 1 &&
              rl_engine_steps_whole_chunk(RL_ENGINE_SGLANG) == 0 && rl_engine_steps_whole_chunk(RL_ENGINE_LLAMA_CPP) == 0 &&
              rl_engine_steps_whole_chunk(RL_ENGINE_GPT_FAST) == 0,
          "the whole chunk (1, as the header says): vLLM and TensorRT-LLM only");
    /* Per token of the step: the layers' 86,016 bytes, (2 x 4096 + 6144 + 2 x 14336) x 2, for vLLM and TensorRT-LLM;
     * the output layer's for gpt-fast, (128256 + 4096) x 2 bytes of bf16 logits and hidden state, and llama.cpp, the
     * same in F32 (x 4), each more than the layers'. */
    const double layer = 86016.0, gptfast = 264704.0, llamacpp = 529408.0;
    static const struct {
        rl_engine engine;
        int64_t seq, own;            /* the step the report gives */
        int64_t tokens, tokens_2048; /* the step's tokens the activation line counts: its own, a chosen 2048 */
        double vs_2048_tokens;       /* the activation line over a chosen 2048, in tokens of the step */
        int at_logits;               /* the step peaks at its output layer */
    } rows[] = {{RL_ENGINE_VLLM, 8192, 8192, 8192, 2048, 6144, 0},      {RL_ENGINE_TRT_LLM, 8192, 8192, 8192, 2048, 6144, 0},
                {RL_ENGINE_GPT_FAST, 8192, 8192, 8192, 2048, 6144, 1},  {RL_ENGINE_GPT_FAST, 3000, 3000, 3000, 2048, 952, 1},
                {RL_ENGINE_LLAMA_CPP, 8192, 512, 512, 2048, -1536, 1}, {RL_ENGINE_VLLM, 1024, 8192, 8192, 2048, 6144, 0},
                {RL_ENGINE_TRT_LLM, 1024, 8192, 8192, 2048, 6144, 0},   {RL_ENGINE_LLAMA_CPP, 300, 512, 300, 300, 0, 1},
                {RL_ENGINE_GPT_FAST, 1024, 1024, 1024, 1024, 0, 1},     {RL_ENGINE_SGLANG, 1024, 8192, 0, 0, 0, 0}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        rl_deploy d = rl_deploy_default();
        d.engine = rows[i].engine;
        d.seq = rows[i].seq;
        d.batch = 4;
        rl_result own, chosen;
        CHECK(rl_analyze(&m, &h100, &d, &own, &err) == RL_OK, "%s at seq %lld: analysed", rl_engine_name(d.engine), (long long)d.seq);
        d.prefill_chunk = 2048;
        CHECK(rl_analyze(&m, &h100, &d, &chosen, &err) == RL_OK && chosen.prefill_chunk == 2048, "a chosen chunk is the chunk");
        double per = d.engine == RL_ENGINE_GPT_FAST ? gptfast : d.engine == RL_ENGINE_LLAMA_CPP ? llamacpp : layer;
        double diff = rows[i].vs_2048_tokens * per / gib;
        CHECK(own.prefill_chunk == rows[i].own && fabs(own.activation_gib - chosen.activation_gib - diff) < 1e-12,
              "%s at seq %lld: its own step %lld, activations %+.7g GiB over a 2048 chunk (got %lld, %+.9g)",
              rl_engine_name(d.engine), (long long)d.seq, (long long)rows[i].own, diff, (long long)own.prefill_chunk,
              own.activation_gib - chosen.activation_gib);
        CHECK(own.activation_tokens == rows[i].tokens && chosen.activation_tokens == rows[i].tokens_2048,
              "%s at seq %lld: the activation line counts %lld tokens, %lld with a chosen 2048 (got %lld, %lld)",
              rl_engine_name(d.engine), (long long)d.seq, (long long)rows[i].tokens, (long long)rows[i].tokens_2048,
              (long long)own.activation_tokens, (long long)chosen.activation_tokens);
        CHECK(own.activation_at_logits == rows[i].at_logits && own.logits_on_host == (d.engine == RL_ENGINE_LLAMA_CPP),
              "%s: the step at its output layer %d, logits on the host %d (got %d, %d)", rl_engine_name(d.engine),
              rows[i].at_logits, d.engine == RL_ENGINE_LLAMA_CPP, own.activation_at_logits, own.logits_on_host);
    }

    /* A published llama.cpp log (github developer0hye/llama-3-korean-bllossom-8b-q4-docker, README): Llama 3 8B
     * Q4_K_M, n_ctx = n_ubatch = 512, "CUDA0 compute buffer size = 258.50 MiB", and its logits in a host buffer: the
     * activation line is that buffer, with nothing per request. Offloaded (-ngl 32 of 33), the output layer stays on
     * the host, and the layers' 512 x 86,016 bytes are left. */
    {
        rl_gpu g = gpu("rtx-3080");
        rl_deploy d = rl_deploy_default();
        d.engine = RL_ENGINE_LLAMA_CPP;
        d.precision = RL_PREC_Q4_K_M;
        d.seq = 512;
        rl_result r;
        CHECK(rl_analyze(&m, &g, &d, &r, &err) == RL_OK && r.activation_gib == 258.5 / 1024.0 && r.activation_at_logits,
              "llama.cpp's compute buffer for Llama 3 8B at 512 tokens: 258.50 MiB (got %.9g MiB)", r.activation_gib * 1024.0);
        d.batch = 8;
        CHECK(rl_analyze(&m, &g, &d, &r, &err) == RL_OK && r.activation_gib == 258.5 / 1024.0, "and at batch 8: no logits per request (got %.9g MiB)",
              r.activation_gib * 1024.0);
        d.gpu_layers = 32;
        d.ram_gib = 64;
        d.cpu_bandwidth_gbs = 51.2;
        CHECK(rl_analyze(&m, &g, &d, &r, &err) == RL_OK && r.offload && r.activation_gib == 512.0 * 86016.0 / gib && !r.activation_at_logits,
              "offloaded: the output layer on the host, the layers' step left (got %.9g MiB)", r.activation_gib * 1024.0);
    }

    /* A chunk of one token is a chunk: one token's activations, and the report says it was chosen. */
    {
        rl_deploy d = rl_deploy_default();
        d.seq = 8192;
        rl_result one, two;
        d.prefill_chunk = 1;
        CHECK(rl_analyze(&m, &h100, &d, &one, &err) == RL_OK, "a 1-token chunk: analysed");
        d.prefill_chunk = 2048;
        CHECK(rl_analyze(&m, &h100, &d, &two, &err) == RL_OK && one.prefill_chunk == 1 &&
                  fabs(two.activation_gib - one.activation_gib - 2047.0 * 86016.0 / gib) < 1e-12,
              "a 1-token chunk: 2047 tokens' activations less than 2048's (got %lld, %.9g)", (long long)one.prefill_chunk,
              two.activation_gib - one.activation_gib);
    }

    /* The bigger GPU from an L40S (48 GiB, vLLM's 2048): below 70 GiB the 2048-token step's budget over 0.9; from
     * 70 GiB up, the 8192-token step's (0.4921875 GiB more over 0.9), and the setup fits there and not just below. */
    rl_gpu l40s = gpu("l40s");
    static const int64_t batches[] = {40, 52};
    for (size_t i = 0; i < 2; i++) {
        rl_deploy d = rl_deploy_default();
        d.engine = RL_ENGINE_VLLM;
        d.seq = 8192;
        d.batch = batches[i];
        rl_result own, chosen, at;
        CHECK(rl_analyze(&m, &l40s, &d, &own, &err) == RL_OK && (own.remedies & RL_REMEDY_BIGGER_GPU), "batch %lld: a bigger GPU",
              (long long)d.batch);
        d.prefill_chunk = 2048;
        CHECK(rl_analyze(&m, &l40s, &d, &chosen, &err) == RL_OK, "batch %lld at a chosen 2048", (long long)d.batch);
        double v = own.remedy_vram_gib, v2048 = chosen.remedy_vram_gib;
        bool big = v2048 >= 70;
        CHECK(big == (i == 1) && fabs(v - v2048 - (big ? more / 0.9 : 0)) < 1e-9,
              "batch %lld: the 2048 chunk's %.6g GiB %s (got %.9g)", (long long)d.batch, v2048, big ? "+ 0.4921875 / 0.9" : "itself", v);
        d.prefill_chunk = 0;
        rl_gpu g = l40s;
        g.vram_gib = v;
        CHECK(rl_analyze(&m, &g, &d, &at, &err) == RL_OK && at.verdict == RL_FITS, "batch %lld: fits on %.6g GiB", (long long)d.batch, v);
        g.vram_gib = v - 0.001;
        CHECK(rl_analyze(&m, &g, &d, &at, &err) == RL_OK && at.verdict != RL_FITS, "batch %lld: not on %.6g GiB", (long long)d.batch,
              g.vram_gib);
        /* A chunk chosen stays the chunk on the bigger GPU: one token's step asks less than 2048's, and fits there. */
        d.prefill_chunk = 1;
        CHECK(rl_analyze(&m, &l40s, &d, &chosen, &err) == RL_OK &&
                  fabs(v2048 - chosen.remedy_vram_gib - 2047.0 * 86016.0 / gib / 0.9) < 1e-9,
              "batch %lld at a chosen 1-token chunk: %.9g GiB, 2047 tokens' activations over 0.9 below 2048's", (long long)d.batch,
              chosen.remedy_vram_gib);
    }

    /* SGLang's own pool fraction is derived with the chunk given, as SGLang derives it from --chunked-prefill-size. */
    rl_model q = preset("qwen3-8b");
    rl_deploy d = rl_deploy_default();
    d.engine = RL_ENGINE_SGLANG;
    rl_result own, chosen;
    CHECK(rl_analyze(&q, &h100, &d, &own, &err) == RL_OK && own.prefill_chunk == 8192 && own.pool_fraction == 0.830,
          "SGLang's own on an H100: 8192 tokens, 0.830 (got %lld, %.9g)", (long long)own.prefill_chunk, own.pool_fraction);
    d.prefill_chunk = 16384;
    CHECK(rl_analyze(&q, &h100, &d, &chosen, &err) == RL_OK && chosen.prefill_chunk == 16384 &&
              chosen.pool_fraction == rl_sglang_pool(80, 1, 1, &q, 16384) && chosen.pool_fraction < own.pool_fraction,
          "SGLang with --chunked-prefill-size 16384: its pool %.9g, below its own", chosen.pool_fraction);
}

static void test_presets(void) {
    size_t n = rl_preset_count(RL_PRESET_MODEL), loaded = 0;
    CHECK(n >= 6, "at least six model presets (got %zu)", n);
    for (size_t i = 0; i < n; i++) {
        rl_model m;
        rl_error err;
        const char *id = rl_preset_id(RL_PRESET_MODEL, i);
        rl_status st = rl_model_preset(id, &m, &err);
        /* Every preset loads, and loading checks the derived count against the checkpoint's. */
        CHECK(st == RL_OK, "preset %s: %s", id, err.message);
        if (st == RL_OK) loaded++;
    }
    CHECK(loaded == n, "every model preset loads (%zu of %zu)", loaded, n);
    CHECK(rl_preset_id(RL_PRESET_MODEL, n) == NULL, "past the end is NULL");
    CHECK(rl_preset_json(RL_PRESET_GPU, "no-such-gpu") == NULL, "unknown id has no JSON");
    rl_gpu g;
    rl_error err;
    CHECK(rl_gpu_preset("a100-40g", 0, &g, &err) == RL_OK && g.tflops == 312 && g.bandwidth_gbs == 1555 && g.vram_gib == 40,
          "a100-40g figures");
    CHECK(rl_gpu_preset("nope", 0, &g, &err) == RL_E_UNKNOWN_PRESET && strcmp(err.field, "gpu") == 0, "unknown gpu");
}

/* DeepSeek-V3's multi-token-prediction module (layer 61 of the checkpoint), by
 * hand from its config: MLA attention q_a 7168x1536 + its norm 1536 + q_b
 * 1536x128x192 + kv_a 7168x576 + its norm 512 + kv_b 512x128x256 + o 128x128x7168
 * = 187,107,328; two layer norms 14,336; the MoE block: router 256x7168 + its
 * bias 256, the shared expert 3x7168x2048 = 44,040,192, 256 routed experts
 * 256x3x7168x2048 = 11,274,289,152; eh_proj 2x7168x7168 = 102,760,448; enorm,
 * hnorm and shared_head.norm 3x7168. Sum: 11,610,068,224 (the published 685 B
 * = 671 B + about 14 B counts the module's embedding and head copies too,
 * 2x129280x7168 = 1,853,358,080, which the engines share with the target). */
static void test_mtp_module(void) {
    rl_model m;
    rl_error err;
    CHECK(rl_model_preset("deepseek-v3", &m, &err) == RL_OK && m.mtp_modules == 1 && m.params_mtp_module == 11610068224.0,
          "deepseek-v3: one MTP module of 11,610,068,224 parameters (got %lld, %.0f)", (long long)m.mtp_modules,
          m.params_mtp_module);
    CHECK(rl_model_preset("llama-3-8b", &m, &err) == RL_OK && m.mtp_modules == 0 && m.params_mtp_module == 0.0,
          "llama-3-8b has no MTP module");
    /* A config's num_nextn_predict_layers is read within 0..16 and names itself. */
    const char *over = "{\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,"
                       "\"intermediate_size\":128,\"num_nextn_predict_layers\":17}";
    CHECK(rl_model_from_config_json(over, strlen(over), &m, &err) == RL_E_RANGE &&
              strcmp(err.field, "config.num_nextn_predict_layers") == 0,
          "num_nextn_predict_layers 17 is out of range (got %s)", err.field);
}

static void test_nulls(void) {
    rl_model m = preset("qwen3-4b");
    rl_gpu g = gpu("a100-40g");
    rl_deploy d = rl_deploy_default();
    rl_result r;
    rl_error err;
    CHECK(rl_analyze(NULL, &g, &d, &r, &err) == RL_E_NULL, "NULL model");
    CHECK(rl_analyze(&m, NULL, &d, &r, &err) == RL_E_NULL, "NULL gpu");
    CHECK(rl_analyze(&m, &g, NULL, &r, &err) == RL_E_NULL, "NULL deploy");
    CHECK(rl_analyze(&m, &g, &d, NULL, NULL) == RL_E_NULL, "NULL result, NULL err");
    CHECK(rl_analyze(&m, &g, &d, &r, NULL) == RL_OK, "NULL err is allowed");
    CHECK(rl_model_from_config_json(NULL, 0, &m, &err) == RL_E_NULL, "NULL text");
    CHECK(rl_request_from_json("{}", 2, NULL, 0, NULL, &g, &d, &err) == RL_E_NULL, "NULL outputs");
    CHECK(strcmp(rl_status_name((rl_status)999), "unknown") == 0, "status past the end");
    CHECK(strcmp(rl_precision_name((rl_precision)-1), "unknown") == 0, "precision past the end");
    for (int s = 0; s < RL_STATUS_COUNT_; s++) CHECK(strlen(rl_status_name((rl_status)s)) > 0, "status %d named", s);
}

/* rl_analyze reads a finished model as it is: no copy, no re-derivation. */
/* The rule an input broke (rl_why) and the figures of its sentence: each value is the message's own
 * figure, printed with its conversion (%lld, %s, %.0f, %.3g), in the message's order. The two whys no
 * config.json can reach are made here through the C API. */
static void test_error_why(void) {
    rl_error err;
    rl_model m = preset("qwen3-4b");
    m.linear_layers = 10;
    m.lin_key_heads = m.lin_value_heads = m.lin_key_dim = m.lin_value_dim = m.lin_conv_kernel = 4;
    m.sliding_window = 1024;
    m.sliding_layers = m.layers;
    CHECK(rl_model_finish(&m, &err) == RL_E_CONTRADICTION && err.why == RL_WHY_LINEAR_SLIDING_LAYERS &&
              strcmp(rl_why_name(err.why), "linear_sliding_layers") == 0 && strcmp(err.value_name[0], "linear") == 0 &&
              strcmp(err.value[0], "10") == 0 && strcmp(err.value_name[1], "sliding") == 0 && strcmp(err.value[1], "36") == 0 &&
              strcmp(err.value_name[2], "layers") == 0 && strcmp(err.value[2], "36") == 0 && err.value_name[3][0] == '\0',
          "linear + sliding layers over the layers: why and values (%s: %s=%s)", err.message, err.value_name[0], err.value[0]);
    rl_model j = preset("qwen3-4b");
    j.mamba_layers = 2;
    j.mamba_v1 = 1;
    j.mamba_d_ssm = 64;
    j.mamba_d_state = j.mamba_d_conv = j.mamba_dt_rank = 4;
    j.linear_layers = 1;
    j.lin_key_heads = j.lin_value_heads = j.lin_key_dim = j.lin_value_dim = j.lin_conv_kernel = 4;
    CHECK(rl_model_finish(&j, &err) == RL_E_UNSUPPORTED && err.why == RL_WHY_MAMBA_WITH_LINEAR && err.value_name[0][0] == '\0',
          "Mamba with linear attention: why, no values (%s)", err.message);
    /* A double with %.0f and %.3g, and a long long, as the traffic past the countable copies gives them. */
    rl_run *run = calloc(1, sizeof *run);
    const char *req = "{\"model\":\"qwen3-4b\",\"gpu\":{\"tflops\":64,\"bandwidth_gbs\":0.001,\"vram_gib\":4096},"
                      "\"requests_per_day\":1000000000000,\"input_tokens\":1,\"output_tokens\":8000000}";
    CHECK(run != NULL && rl_run_request(req, strlen(req), NULL, 0, run) == RL_E_CONTRADICTION &&
              run->error.why == RL_WHY_TOO_MANY_COPIES && strcmp(run->error.value[0], "1000000000000") == 0 &&
              strcmp(run->error.value[1], "1000000000") == 0 && strstr(run->error.message, run->error.value[2]) != NULL &&
              strchr(run->error.value[2], 'e') != NULL,
          "too many copies: %s (values %s %s %s)", run ? run->error.message : "", run ? run->error.value[0] : "",
          run ? run->error.value[1] : "", run ? run->error.value[2] : "");
    /* Every rl_fail without a why clears the last one's. */
    CHECK(rl_run_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"batch\":0}", 47, NULL, 0, run) == RL_E_RANGE &&
              run->error.why == RL_WHY_NONE && run->error.value_name[0][0] == '\0',
          "a range error after a why has none");
    CHECK(strcmp(rl_why_name(RL_WHY_NONE), "") == 0 && strcmp(rl_why_name(RL_WHY_COUNT_), "") == 0 &&
              strcmp(rl_why_name((rl_why)-1), "") == 0,
          "rl_why_name: none and out of range give \"\"");
    free(run);
}

static void test_model_finished(void) {
    rl_gpu g = gpu("h200-sxm");
    rl_deploy d = rl_deploy_default();
    rl_result r, base;
    rl_error err;
    rl_model m = rl_model_default();
    CHECK(m.finished == 0, "a default model is not finished");
    CHECK(rl_analyze(&m, &g, &d, &r, &err) == RL_E_NULL && strcmp(err.field, "model") == 0 &&
              strstr(err.message, "rl_model_finish") != NULL && r.verdict == 0 && r.weight_bytes == 0,
          "an unfinished model is refused, naming rl_model_finish (%s)", err.message);
    CHECK(rl_sweep(&m, &g, &d, (rl_sweep_point[4]){{0}}, 4) == 0, "an unfinished model has no sweep");

    rl_model q = preset("qwen3-4b");
    CHECK(q.finished == RL_MODEL_FINISHED, "a preset comes finished");
    rl_model kept = q;
    CHECK(rl_analyze(&q, &g, &d, &base, NULL) == RL_OK && memcmp(&kept, &q, sizeof q) == 0,
          "rl_analyze leaves the model untouched");
    /* An edit is the caller's to finish: then the analysis sees it. */
    rl_model deeper = q;
    deeper.layers = 72;
    CHECK(rl_model_finish(&deeper, &err) == RL_OK && deeper.finished == RL_MODEL_FINISHED, "the edit finishes");
    CHECK(rl_analyze(&deeper, &g, &d, &r, NULL) == RL_OK && r.kv_bytes_per_request == 2 * base.kv_bytes_per_request &&
              r.weight_bytes > base.weight_bytes,
          "72 layers after finishing: twice the KV (%g vs %g)", r.kv_bytes_per_request, base.kv_bytes_per_request);
    /* A failed finish leaves the model unfinished, so a half-edited model never runs. */
    deeper.kv_heads = 3;
    CHECK(rl_model_finish(&deeper, &err) == RL_E_CONTRADICTION && deeper.finished == 0, "a failed finish unmarks the model");
    CHECK(rl_analyze(&deeper, &g, &d, &r, &err) == RL_E_NULL && strcmp(err.field, "model") == 0,
          "and the analysis refuses it (%s)", err.message);
    /* Read models come finished too. */
    rl_model c;
    const char *one = "{\"num_hidden_layers\":1,\"hidden_size\":8,\"num_attention_heads\":2,\"vocab_size\":10,"
                      "\"intermediate_size\":8}";
    CHECK(rl_model_from_config_json(one, strlen(one), &c, &err) == RL_OK &&
              c.finished == RL_MODEL_FINISHED,
          "a config.json model comes finished (%s)", err.message);
}

/* Offload: at every -ngl from 0 to L + 1 the step is the GPU part plus the host part,
 * more layers on the GPU never make the floor slower (the GPU reads faster than the
 * host here), the realistic estimate stays at or above the floor, and a host refusal
 * carries no time. */
static void test_offload(void) {
    rl_model m = preset("llama-3-8b");
    rl_gpu g = gpu("rtx-4090");
    rl_deploy d = rl_deploy_default();
    d.ram_gib = 64;
    d.host_memory = RL_HOST_MEMORY_DDR5_5600_2CH;
    d.engine = RL_ENGINE_LLAMA_CPP;
    rl_result r;
    double previous = 1e300;
    for (int64_t n = 0; n <= m.layers + 1; n++) {
        d.gpu_layers = n;
        CHECK(rl_analyze(&m, &g, &d, &r, NULL) == RL_OK && r.fits && r.has_timing && r.has_realistic, "-ngl %lld fits",
              (long long)n);
        CHECK(r.offload == (n <= m.layers), "-ngl %lld: offload flag", (long long)n);
        if (r.offload)
            CHECK(fabs(r.gpu_part_ms + r.host_part_ms - r.step_ms) <= 1e-9 * r.step_ms && r.host_part_ms > 0,
                  "-ngl %lld: step %g = GPU %g + host %g", (long long)n, r.step_ms, r.gpu_part_ms, r.host_part_ms);
        CHECK(r.realistic.step_ms >= r.step_ms && r.realistic.step_ms_low >= r.step_ms,
              "-ngl %lld: realistic %g >= floor %g", (long long)n, r.realistic.step_ms, r.step_ms);
        CHECK(r.step_ms <= previous, "-ngl %lld: one more GPU layer is not slower (%g after %g)", (long long)n,
              r.step_ms, previous);
        previous = r.step_ms;
    }
    CHECK(rl_host_memory_gbs(d.host_memory) == 89.6, "dual-channel DDR5-5600: 2 x 8 B x 5600 MT/s");

    d.gpu_layers = 0;
    d.ram_gib = 8; /* 14.96 GiB of weights + 0.5 GiB of KV in 8 GiB of RAM: short by 7.46 */
    CHECK(rl_analyze(&m, &g, &d, &r, NULL) == RL_OK && r.verdict == RL_HOST_DOES_NOT_FIT && !r.fits, "host refusal");
    CHECK(!r.has_timing && !r.has_realistic && r.step_ms == 0 && r.gpu_part_ms == 0 && r.host_part_ms == 0,
          "a host refusal carries no time");
    CHECK(r.max_gpu_layers == m.layers + 1 && r.shortfall_gib > 7.45 && r.shortfall_gib < 7.47,
          "max -ngl %lld, short by %g GiB", (long long)r.max_gpu_layers, r.shortfall_gib);
    char buf[16384];
    rl_report_json(&m, &g, &d, &r, buf, sizeof buf);
    CHECK(strstr(buf, "\"host_ram_does_not_fit\"") && !strstr(buf, "gpu_ms") && !strstr(buf, "step_ms"), "%s", buf);

    rl_error err;
    d.ram_gib = 64;
    d.tp = 2;
    CHECK(rl_analyze(&m, &g, &d, &r, &err) == RL_E_CONTRADICTION && strcmp(err.field, "gpu_layers") == 0,
          "offload with tp 2 names gpu_layers");
    d.tp = 1;
    d.host_memory = RL_HOST_MEMORY_NONE;
    CHECK(rl_analyze(&m, &g, &d, &r, &err) == RL_E_RANGE && strcmp(err.field, "cpu_bandwidth_gbs") == 0,
          "offload without a host bandwidth names cpu_bandwidth_gbs");
    d.cpu_bandwidth_gbs = 50;
    d.ram_gib = 0;
    CHECK(rl_analyze(&m, &g, &d, &r, &err) == RL_E_RANGE && strcmp(err.field, "ram_gib") == 0,
          "offload without RAM names ram_gib");
}

static void test_refusal_has_no_time(void) {
    rl_model m = preset("qwen3-4b");
    rl_gpu g = gpu("a100-40g");
    rl_deploy d = rl_deploy_default();
    d.batch = 128;
    rl_result r;
    CHECK(rl_analyze(&m, &g, &d, &r, NULL) == RL_OK, "analysis runs");
    CHECK(!r.fits && r.verdict == RL_KV_DOES_NOT_FIT, "B=128 is refused");
    CHECK(!r.has_timing && r.step_ms == 0 && r.tokens_per_s == 0 && r.ms_per_token == 0 && r.ai == 0,
          "a refusal carries no time, throughput or intensity");
    char buf[8192];
    rl_report_json(&m, &g, &d, &r, buf, sizeof buf);
    CHECK(strstr(buf, "tokens_per_s") == NULL && strstr(buf, "step_ms") == NULL && strstr(buf, "\"decode\"") == NULL,
          "the refusal's JSON has no time: %s", buf);
    CHECK(r.shortfall_gib > 39.48 && r.shortfall_gib < 39.50, "shortfall 39.49 GiB (got %g)", r.shortfall_gib);

    d.batch = 8;
    d.pp = 2;
    g.vram_gib = 1.0; /* weights cannot fit: pp accounting stays, times go */
    CHECK(rl_analyze(&m, &g, &d, &r, NULL) == RL_OK && r.verdict == RL_WEIGHTS_DO_NOT_FIT, "weights refusal");
    CHECK(r.pp_bubble > 0 && r.pp_speedup == 0 && r.pp_one_gpu_ms == 0 && r.pp_stage_ms == 0 && r.pp_drain_ms == 0,
          "pp bubble kept; its times, and the speedup that compares two of them, dropped");
    CHECK(!(r.warnings & RL_WARN_PP_SLOWER_THAN_ONE_GPU), "no \"slower than one GPU\" for a deployment that cannot run");
    rl_report_json(&m, &g, &d, &r, buf, sizeof buf);
    CHECK(strstr(buf, "\"bubble\"") != NULL && strstr(buf, "speedup") == NULL, "the refusal's pp has its bubble, no speedup: %s", buf);
}

static void test_report_buffer(void) {
    rl_model m = preset("mixtral-8x7b");
    rl_gpu g = gpu("h100-sxm");
    rl_deploy d = rl_deploy_default();
    d.tp = 2;
    rl_result r;
    rl_analyze(&m, &g, &d, &r, NULL);
    char full[8192], small[16];
    size_t need = rl_report_json(&m, &g, &d, &r, full, sizeof full);
    size_t need2 = rl_report_json(&m, &g, &d, &r, small, sizeof small);
    CHECK(need == strlen(full) && need == need2, "the length is what the full text needs");
    CHECK(strlen(small) == sizeof small - 1 && memcmp(small, full, sizeof small - 1) == 0, "a cut report is a NUL-terminated prefix");
    CHECK(rl_report_json(&m, &g, &d, &r, NULL, 0) == need, "a NULL buffer only measures");
}

static void test_parse_flags(void) {
    rl_error err;
    int64_t v;
    double x;
    static const char *const bad_counts[] = {"", "abc", "1.5", "nan", "inf", "-inf", "1e400", "0x", "2147483648", "9007199254740993", "-1", "0", NULL};
    for (const char *const *s = bad_counts; *s; s++)
        CHECK(rl_parse_count(*s, "batch", 1, RL_MAX_BATCH, &v, &err) != RL_OK && strstr(err.message, "batch") != NULL &&
                  strstr(err.message, "1048576") != NULL,
              "batch \"%s\" is refused naming the field and range (%s)", *s, err.message);
    CHECK(rl_parse_count("8", "batch", 1, 64, &v, &err) == RL_OK && v == 8, "8 parses");
    CHECK(rl_parse_count("1e3", "batch", 1, 2000, &v, &err) == RL_OK && v == 1000, "1e3 parses as 1000");
    CHECK(rl_parse_number("nan", "gpu.tflops", &x, &err) == RL_E_NOT_INTEGER, "NaN refused");
    CHECK(rl_parse_number("1e308", "gpu.tflops", &x, &err) == RL_OK && x == 1e308, "1e308 parses; the range check is the GPU's");
    rl_gpu g = rl_gpu_default();
    g.tflops = x;
    g.bandwidth_gbs = 1;
    g.vram_gib = 1;
    CHECK(rl_gpu_validate(&g, &err) == RL_E_RANGE && strcmp(err.field, "gpu.tflops") == 0, "1e308 TFLOPS refused");
    g.tflops = NAN;
    CHECK(rl_gpu_validate(&g, &err) == RL_E_RANGE, "NaN TFLOPS refused");
}

static void test_config_limits(void) {
    rl_model m;
    rl_error err;
    static const char nul[] = "{\"hidden_size\": 1\0}";
    CHECK(rl_model_from_config_json(nul, sizeof nul - 1, &m, &err) == RL_E_JSON_SYNTAX, "NUL inside the text");
    size_t n = 20000;
    char *deep = malloc(n);
    memset(deep, '[', n);
    CHECK(rl_model_from_config_json(deep, n, &m, &err) != RL_OK, "deeply nested arrays refused (%s)", err.message);
    free(deep);
    size_t big = 10u * 1024u * 1024u;
    char *huge = malloc(big);
    memset(huge, ' ', big);
    huge[0] = '{';
    huge[big - 1] = '}';
    CHECK(rl_model_from_config_json(huge, big, &m, &err) == RL_E_TOO_LARGE && strcmp(err.field, "config") == 0,
          "a 10 MB config is too large");
    free(huge);
    static const char many[] = "{\"a\":[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]}";
    CHECK(rl_model_from_config_json(many, sizeof many - 1, &m, &err) == RL_E_JSON_MISSING, "missing fields are named (%s)",
          err.field);
}

static void test_sweep(void) {
    rl_model m = preset("qwen3-4b");
    rl_gpu g = gpu("a100-40g");
    rl_deploy d = rl_deploy_default();
    d.batch = 20;
    rl_sweep_point pts[32];
    size_t n = rl_sweep(&m, &g, &d, pts, 32);
    CHECK(n >= 3 && pts[0].batch == 1 && pts[n - 1].batch == 57, "sweep from 1 to max batch 57 (n=%zu)", n);
    int has_current = 0, increasing = 1;
    for (size_t i = 0; i < n; i++) {
        if (pts[i].batch == 20) has_current = 1;
        if (i && (pts[i].batch <= pts[i - 1].batch || pts[i].tokens_per_s <= pts[i - 1].tokens_per_s)) increasing = 0;
    }
    CHECK(has_current && increasing, "the current batch is a point, batches and tok/s rise");
    g.vram_gib = 2;
    CHECK(rl_sweep(&m, &g, &d, pts, 32) == 0, "no sweep when nothing fits");
}


/* ======================================================================== */
/* Tests added against surviving mutants. Every expected figure below comes   */
/* from roofline.h's documented contract or from arithmetic in the comment.   */
/* ======================================================================== */

static int near(double a, double b) { return fabs(a - b) <= 1e-12 * fabs(b) || a == b; }

static rl_model cfg(const char *text) {
    rl_model m;
    rl_error err;
    if (rl_model_from_config_json(text, strlen(text), &m, &err) != RL_OK) {
        printf("cannot load config %s: %s\n", text, err.message);
        exit(1);
    }
    return m;
}

/* A tiny dense llama: L=2, H=64, q=4, h_kv=2, d=16, V=100, I=128, bf16. */
static const char *const TINY =
    "{\"model_type\":\"llama\",\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,"
    "\"num_key_value_heads\":2,\"vocab_size\":100,\"intermediate_size\":128,\"torch_dtype\":\"bfloat16\"}";
/* A tiny MLA model (DeepSeek-V2 style): kv_lora 16, rope 8, nope 8, v 16. */
static const char *const TINY_MLA =
    "{\"model_type\":\"deepseek_v2\",\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,"
    "\"num_key_value_heads\":4,\"vocab_size\":100,\"intermediate_size\":128,\"kv_lora_rank\":16,"
    "\"qk_rope_head_dim\":8,\"qk_nope_head_dim\":8,\"v_head_dim\":16,\"torch_dtype\":\"bfloat16\"}";
/* A tiny Mixtral-style MoE: E=4, k=2. */
static const char *const TINY_MOE =
    "{\"model_type\":\"mixtral\",\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,"
    "\"num_key_value_heads\":2,\"vocab_size\":100,\"intermediate_size\":128,\"num_local_experts\":4,"
    "\"num_experts_per_tok\":2,\"torch_dtype\":\"bfloat16\"}";

static int has(const char *hay, const char *needle) { return hay != NULL && strstr(hay, needle) != NULL; }

/* ---- rl_sweep: its documented contract, point by point ------------------ */

static int same_set(const rl_sweep_point *p, size_t n, const int64_t *want, size_t k) {
    if (n != k) return 0;
    for (size_t i = 0; i < n; i++)
        if (p[i].batch != want[i]) return 0;
    return 1;
}

/* Every sweep point must be exactly what rl_analyze says at that batch. */
static void check_points_are_analyses(const rl_model *m, const rl_gpu *g, const rl_deploy *d,
                                      const rl_sweep_point *p, size_t n, const char *what) {
    for (size_t i = 0; i < n; i++) {
        rl_deploy t = *d;
        t.batch = p[i].batch;
        if (t.micro_batches > t.batch) t.micro_batches = t.batch;
        rl_result r;
        rl_status st = rl_analyze(m, g, &t, &r, NULL);
        CHECK(st == RL_OK && r.fits && r.has_timing, "%s: batch %lld fits", what, (long long)p[i].batch);
        CHECK(p[i].ai == r.ai && p[i].ms_per_token == r.ms_per_token && p[i].tokens_per_s == r.tokens_per_s &&
                  p[i].step_ms == r.step_ms && p[i].tight == (r.verdict == RL_TIGHT),
              "%s: point %zu (batch %lld) equals rl_analyze at that batch", what, i, (long long)p[i].batch);
        CHECK(i == 0 || p[i].batch > p[i - 1].batch, "%s: batches strictly rise at %zu", what, i);
    }
}

static void test_sweep_contract(void) {
    /* qwen3-4b on an A100-40G at S=4096: KV per request = 2 B * 36 layers * 2*8*128 * 4096
     * = 603979776 B = 0.5625 GiB; weights 4022468096 * 2 B = 7.4925 GiB; free = 32.5075 GiB;
     * max batch = floor(32.5075 / 0.5625) = 57. */
    rl_model m = preset("qwen3-4b");
    rl_gpu g = gpu("a100-40g");
    rl_deploy d = rl_deploy_default();
    rl_sweep_point pts[300];
    double kv_req = 2.0 * 36 * 2 * 8 * 128 * 4096 / 1073741824.0;
    double free_gib = 40.0 - 4022468096.0 * 2 / 1073741824.0;
    int64_t maxb = (int64_t)floor(free_gib / kv_req);
    CHECK(maxb == 57, "independent max batch is 57 (got %lld)", (long long)maxb);

    /* cap 1: only batch 1. */
    size_t n = rl_sweep(&m, &g, &d, pts, 1);
    CHECK(n == 1 && pts[0].batch == 1, "cap 1 gives the point at batch 1 (n=%zu)", n);
    /* cap 2: 1 and the max batch. */
    n = rl_sweep(&m, &g, &d, pts, 2);
    {
        int64_t want[] = {1, 57};
        CHECK(same_set(pts, n, want, 2), "cap 2 gives 1 and the max batch (n=%zu)", n);
    }
    /* cap 4, current batch 1: two log-spaced interior points 57^(1/3) = 3.85 -> 4 and
     * 57^(2/3) = 14.81 -> 15. */
    n = rl_sweep(&m, &g, &d, pts, 4);
    {
        int64_t want[] = {1, 4, 15, 57};
        CHECK(same_set(pts, n, want, 4), "cap 4: 1, 4, 15, 57 (n=%zu: %lld %lld %lld %lld)", n,
              (long long)pts[0].batch, (long long)pts[n > 1].batch, (long long)pts[n > 2 ? 2 : 0].batch,
              (long long)pts[n > 3 ? 3 : 0].batch);
    }
    check_points_are_analyses(&m, &g, &d, pts, n, "cap 4");
    /* cap 6, batch 1: 57^(k/5) for k = 1..4 = 2.24, 5.04, 11.31, 25.39 -> 2, 5, 11, 25. */
    n = rl_sweep(&m, &g, &d, pts, 6);
    {
        int64_t want[] = {1, 2, 5, 11, 25, 57};
        CHECK(same_set(pts, n, want, 6), "cap 6: 1, 2, 5, 11, 25, 57 (n=%zu)", n);
    }
    /* cap 5, batch 20: 1, 20 and 57 are fixed; two interior points 57^(1/3)->4, 57^(2/3)->15. */
    d.batch = 20;
    n = rl_sweep(&m, &g, &d, pts, 5);
    {
        int64_t want[] = {1, 4, 15, 20, 57};
        CHECK(same_set(pts, n, want, 5), "cap 5 with batch 20: 1, 4, 15, 20, 57 (n=%zu)", n);
    }
    /* batch over the max: not a point. cap 5: 1, 57 and 57^(k/4) = 2.75, 7.55, 20.74 -> 3, 8, 21. */
    d.batch = 100;
    n = rl_sweep(&m, &g, &d, pts, 5);
    {
        int64_t want[] = {1, 3, 8, 21, 57};
        CHECK(same_set(pts, n, want, 5), "cap 5 with batch 100 over the max: 1, 3, 8, 21, 57 (n=%zu)", n);
    }
    /* A big cap: the log spacing is denser than 1 near 57, so every batch 1..57 is a point. */
    d.batch = 1;
    n = rl_sweep(&m, &g, &d, pts, 300);
    CHECK(n == 57, "a large cap gives every batch 1..57 (n=%zu)", n);
    for (size_t i = 0; i < n; i++) CHECK(pts[i].batch == (int64_t)i + 1, "point %zu is batch %zu", i, i + 1);
    check_points_are_analyses(&m, &g, &d, pts, n, "dense");

    /* Guards: NULL points, cap 0, NULL deploy, NULL model or GPU. */
    pts[0].batch = -7;
    CHECK(rl_sweep(&m, &g, &d, NULL, 5) == 0, "NULL points: 0");
    CHECK(rl_sweep(&m, &g, &d, pts, 0) == 0 && pts[0].batch == -7, "cap 0: 0 and nothing written");
    CHECK(rl_sweep(&m, &g, NULL, pts, 5) == 0 && pts[0].batch == -7, "NULL deploy: 0");
    CHECK(rl_sweep(NULL, &g, &d, pts, 5) == 0 && rl_sweep(&m, NULL, &d, pts, 5) == 0, "NULL model/gpu: 0");

    /* Max batch exactly 1: vram = weights + 1.5 requests of KV. Only batch 1. */
    rl_gpu g1 = g;
    g1.vram_gib = 4022468096.0 * 2 / 1073741824.0 + 1.5 * kv_req;
    d.batch = 1;
    n = rl_sweep(&m, &g1, &d, pts, 8);
    CHECK(n == 1 && pts[0].batch == 1, "max batch 1: a single point (n=%zu)", n);
    /* B = 1 does not fit: no point. */
    g1.vram_gib = 4022468096.0 * 2 / 1073741824.0 + 0.5 * kv_req;
    CHECK(rl_sweep(&m, &g1, &d, pts, 8) == 0, "B=1 does not fit: 0 points");

    /* Pipeline: pp=2 with M=4 micro-batches at batch 8. Each point's M is min(4, batch). */
    d = rl_deploy_default();
    d.pp = 2;
    d.batch = 8;
    d.micro_batches = 4;
    n = rl_sweep(&m, &g, &d, pts, 300);
    CHECK(n > 8 && pts[0].batch == 1 && pts[1].batch == 2 && pts[2].batch == 3, "pp sweep starts 1, 2, 3 (n=%zu)", n);
    check_points_are_analyses(&m, &g, &d, pts, n, "pp=2 M=4");
    d.micro_batches = 2;
    n = rl_sweep(&m, &g, &d, pts, 300);
    CHECK(n > 8 && pts[0].batch == 1 && pts[1].batch == 2, "pp sweep with M=2 starts at batch 1 (n=%zu)", n);
    check_points_are_analyses(&m, &g, &d, pts, n, "pp=2 M=2");

    /* Tight points: a GPU whose realistic budget holds fewer requests than the floor. */
    d = rl_deploy_default();
    d.pool_fraction = 0.5;
    n = rl_sweep(&m, &g, &d, pts, 300);
    int tight = 0, loose = 0;
    for (size_t i = 0; i < n; i++) *(pts[i].tight ? &tight : &loose) += 1;
    CHECK(n == 57 && tight > 0 && loose > 0, "pool 0.5: both tight and loose points (%d, %d)", tight, loose);
    check_points_are_analyses(&m, &g, &d, pts, n, "pool 0.5");
}

/* ---- rl_model_finish: each field's range, the field and the range in the message ---- */

typedef struct {
    const char *field;
    int64_t *slot;
    int64_t lo, hi;
} range_case;

static void expect_range(rl_status st, const rl_error *err, const char *field, int64_t lo, int64_t hi, int64_t v) {
    char range[96];
    snprintf(range, sizeof range, "from %lld to %lld", (long long)lo, (long long)hi);
    CHECK(st == RL_E_RANGE && strcmp(err->field, field) == 0 && has(err->message, field) && has(err->message, range),
          "%s = %lld: range error naming %s and \"%s\" (got %s, %s: %s)", field, (long long)v, field, range,
          rl_status_name(st), err->field, err->message);
}

static void test_model_finish_ranges(void) {
    rl_model base = cfg(TINY), m;
    rl_error err;
    CHECK(base.head_dim == 16 && base.kv_heads == 2 && base.intermediate == 128, "tiny model shape");
    /* Fields in order; for each, lo-1 and hi+1 are refused, lo and hi accepted where the rest allows. */
    struct {
        const char *field;
        size_t off;
        int64_t lo, hi;
    } cases[] = {
        {"config.num_hidden_layers", offsetof(rl_model, layers), 1, 100000},
        {"config.hidden_size", offsetof(rl_model, hidden), 1, 1048576},
        {"config.num_attention_heads", offsetof(rl_model, heads), 1, 65536},
        {"config.num_key_value_heads", offsetof(rl_model, kv_heads), 1, 65536},
        {"config.head_dim", offsetof(rl_model, head_dim), 1, 65536},
        {"config.vocab_size", offsetof(rl_model, vocab), 1, 16777216},
        {"config.intermediate_size", offsetof(rl_model, intermediate), 0, 16777216},
        {"config.max_position_embeddings", offsetof(rl_model, max_positions), 0, (int64_t)1 << 40},
        {"config.sliding_window", offsetof(rl_model, sliding_window), 0, (int64_t)1 << 40},
        {"config.num_experts", offsetof(rl_model, experts), 0, 65536},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int64_t bad[] = {cases[i].lo - 1, cases[i].hi + 1, INT64_MIN, INT64_MAX};
        for (size_t k = 0; k < 4; k++) {
            m = base;
            *(int64_t *)((char *)&m + cases[i].off) = bad[k];
            rl_status st = rl_model_finish(&m, &err);
            expect_range(st, &err, cases[i].field, cases[i].lo, cases[i].hi, bad[k]);
        }
    }
    /* Boundaries that must pass on the tiny model. */
    m = base; m.layers = 100000;
    CHECK(rl_model_finish(&m, &err) == RL_OK && near(m.params_total, cfg(TINY).params_total + 99998.0 * (cfg(TINY).params_total - 2.0 * 100 * 64 - 64) / 2.0),
          "100000 layers accepted and counted (%s)", err.message);
    m = base; m.max_positions = (int64_t)1 << 40;
    CHECK(rl_model_finish(&m, &err) == RL_OK, "max_position_embeddings 2^40 accepted (%s)", err.message);
    m = base; m.sliding_window = (int64_t)1 << 40; m.sliding_layers = 2;
    CHECK(rl_model_finish(&m, &err) == RL_OK, "sliding_window 2^40 accepted (%s)", err.message);
    m = base; m.max_positions = 100; m.sliding_window = 101; m.sliding_layers = 2;
    CHECK(rl_model_finish(&m, &err) == RL_OK && m.sliding_window == 101,
          "a window over max positions is kept as given: full attention at any context it takes (%s)", err.message);
    m = base; m.sliding_window = 8; m.sliding_layers = 3;
    expect_range(rl_model_finish(&m, &err), &err, "config.layer_types", 0, 2, 3);
    m = base; m.kv_heads = 3;
    CHECK(rl_model_finish(&m, &err) == RL_E_CONTRADICTION && strcmp(err.field, "config.num_key_value_heads") == 0 &&
              has(err.message, "(3)") && has(err.message, "(4)"),
          "h_kv 3 of q 4 is a contradiction (%s)", err.message);
    m = base; m.kv_heads = 8;
    CHECK(rl_model_finish(&m, &err) == RL_E_CONTRADICTION, "h_kv above q is a contradiction (%s)", err.message);
    m = base; m.intermediate = 0;
    CHECK(rl_model_finish(&m, &err) == RL_E_RANGE && strcmp(err.field, "config.intermediate_size") == 0 &&
              has(err.message, "16777216"),
          "a dense model needs intermediate >= 1 (%s)", err.message);
    m = base; m.dtype = RL_PREC_FP8;
    CHECK(rl_model_finish(&m, &err) == RL_E_UNKNOWN_NAME && strcmp(err.field, "config.torch_dtype") == 0, "fp8 torch_dtype refused");
    m = base; m.quant = (rl_quant)3;
    CHECK(rl_model_finish(&m, &err) == RL_E_UNKNOWN_NAME && strcmp(err.field, "config.quantization_config") == 0, "quant 3 refused");
    CHECK(rl_model_finish(NULL, &err) == RL_E_NULL, "NULL model");

    /* MoE fields. */
    rl_model moe = cfg(TINY_MOE);
    CHECK(moe.experts == 4 && moe.top_k == 2 && moe.moe_intermediate == 128 && moe.moe_layers == 2, "tiny moe shape");
    struct {
        const char *field;
        size_t off;
        int64_t lo, hi;
    } mcases[] = {
        {"config.num_experts_per_tok", offsetof(rl_model, top_k), 1, 65536},
        {"config.moe_intermediate_size", offsetof(rl_model, moe_intermediate), 1, 16777216},
        {"config.shared_expert_intermediate_size", offsetof(rl_model, shared_intermediate), 0, 16777216},
    };
    for (size_t i = 0; i < sizeof mcases / sizeof mcases[0]; i++) {
        int64_t bad[] = {mcases[i].lo - 1, mcases[i].hi + 1};
        for (size_t k = 0; k < 2; k++) {
            m = moe;
            *(int64_t *)((char *)&m + mcases[i].off) = bad[k];
            expect_range(rl_model_finish(&m, &err), &err, mcases[i].field, mcases[i].lo, mcases[i].hi, bad[k]);
        }
    }
    m = moe; m.experts = 65537;
    expect_range(rl_model_finish(&m, &err), &err, "config.num_experts", 0, 65536, 65537);
    m = moe; m.moe_layers = 3;
    expect_range(rl_model_finish(&m, &err), &err, "config.num_hidden_layers", 0, 2, 3);
    m = moe; m.top_k = 5;
    CHECK(rl_model_finish(&m, &err) == RL_E_CONTRADICTION && strcmp(err.field, "config.num_experts_per_tok") == 0 &&
              has(err.message, "(5)") && has(err.message, "(4)"),
          "k 5 of E 4 (%s)", err.message);
    /* A dense model ignores stray MoE fields: same counts as without them. */
    m = base; m.top_k = 3; m.moe_intermediate = 77; m.moe_layers = 1; m.shared_intermediate = 9;
    CHECK(rl_model_finish(&m, &err) == RL_OK && m.params_total == base.params_total && m.top_k == 0 &&
              m.moe_intermediate == 0 && m.moe_layers == 0 && m.shared_intermediate == 0,
          "stray MoE fields on a dense model are cleared (%s)", err.message);

    /* MLA fields. */
    rl_model mla = cfg(TINY_MLA);
    CHECK(mla.mla == 1 && mla.kv_lora_rank == 16 && mla.head_dim == 16, "tiny MLA shape");
    struct {
        const char *field;
        size_t off;
        int64_t lo, hi;
    } lcases[] = {
        {"config.q_lora_rank", offsetof(rl_model, q_lora_rank), 0, 1048576},
        {"config.kv_lora_rank", offsetof(rl_model, kv_lora_rank), 1, 1048576},
        {"config.qk_nope_head_dim", offsetof(rl_model, qk_nope_head_dim), 0, 65536},
        {"config.qk_rope_head_dim", offsetof(rl_model, qk_rope_head_dim), 0, 65536},
        {"config.v_head_dim", offsetof(rl_model, v_head_dim), 1, 65536},
    };
    for (size_t i = 0; i < sizeof lcases / sizeof lcases[0]; i++) {
        int64_t bad[] = {lcases[i].lo - 1, lcases[i].hi + 1};
        for (size_t k = 0; k < 2; k++) {
            m = mla;
            *(int64_t *)((char *)&m + lcases[i].off) = bad[k];
            expect_range(rl_model_finish(&m, &err), &err, lcases[i].field, lcases[i].lo, lcases[i].hi, bad[k]);
        }
    }
    m = mla; m.qk_nope_head_dim = 0; m.qk_rope_head_dim = 0;
    CHECK(rl_model_finish(&m, &err) == RL_E_RANGE && strcmp(err.field, "config.qk_nope_head_dim") == 0 &&
              has(err.message, "from 1 to 65536"),
          "nope + rope = 0 refused (%s)", err.message);
    m = mla; m.qk_nope_head_dim = 65536; m.qk_rope_head_dim = 1;
    CHECK(rl_model_finish(&m, &err) == RL_E_RANGE && strcmp(err.field, "config.qk_nope_head_dim") == 0,
          "nope + rope = 65537 refused (%s)", err.message);
    m = mla; m.qk_nope_head_dim = 0; m.qk_rope_head_dim = 1;
    CHECK(rl_model_finish(&m, &err) == RL_OK && m.head_dim == 1, "nope 0 + rope 1 accepted, d = 1 (%s)", err.message);
    m = mla; m.qk_nope_head_dim = 65535; m.qk_rope_head_dim = 1;
    CHECK(rl_model_finish(&m, &err) == RL_OK && m.head_dim == 65536, "nope + rope = 65536 accepted (%s)", err.message);
    /* MLA KV: kv_lora + rope elements per token per layer; attention 2q(kl+rope) + 2q·kl. */
    CHECK(mla.kv_elems_per_token_per_layer == 24 && mla.attn_flops_per_token_pair == 2.0 * 4 * 24 + 2.0 * 4 * 16,
          "MLA elements 24, flops per pair 320 (%g, %g)", mla.kv_elems_per_token_per_layer, mla.attn_flops_per_token_pair);
    CHECK(base.kv_elems_per_token_per_layer == 2.0 * 2 * 16 && base.attn_flops_per_token_pair == 4.0 * 4 * 16 &&
              base.qkv_width == (4.0 + 2 * 2) * 16,
          "GQA elements 64, flops per pair 256, qkv width 128");
}

/* ---- the config reader: a bad field is reported as itself, before later fields ---- */

static void test_config_reader_ranges(void) {
    /* Each config has one field out of range and a wrong-typed torch_dtype, which the reader
     * reaches only after every shape field: the range error must win, naming the field. */
    static const struct {
        const char *json;
        const char *field;
        const char *range;
    } cases[] = {
#define DENSE_HEAD "\"torch_dtype\":7,\"model_type\":\"llama\","
        {"{" DENSE_HEAD "\"num_hidden_layers\":0,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,\"intermediate_size\":128}", "config.num_hidden_layers", "from 1 to 100000"},
        {"{" DENSE_HEAD "\"num_hidden_layers\":100001,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,\"intermediate_size\":128}", "config.num_hidden_layers", "from 1 to 100000"},
        {"{" DENSE_HEAD "\"num_hidden_layers\":2,\"hidden_size\":0,\"num_attention_heads\":4,\"vocab_size\":100,\"intermediate_size\":128}", "config.hidden_size", "from 1 to 1048576"},
        {"{" DENSE_HEAD "\"num_hidden_layers\":2,\"hidden_size\":1048577,\"num_attention_heads\":4,\"vocab_size\":100,\"intermediate_size\":128}", "config.hidden_size", "from 1 to 1048576"},
        {"{" DENSE_HEAD "\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":0,\"vocab_size\":100,\"intermediate_size\":128}", "config.num_attention_heads", "from 1 to 65536"},
        {"{" DENSE_HEAD "\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":65537,\"vocab_size\":100,\"intermediate_size\":128}", "config.num_attention_heads", "from 1 to 65536"},
        {"{" DENSE_HEAD "\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":0,\"intermediate_size\":128}", "config.vocab_size", "from 1 to 16777216"},
        {"{" DENSE_HEAD "\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":16777217,\"intermediate_size\":128}", "config.vocab_size", "from 1 to 16777216"},
        {"{" DENSE_HEAD "\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,\"num_key_value_heads\":0,\"intermediate_size\":128}", "config.num_key_value_heads", "from 1 to 65536"},
        {"{" DENSE_HEAD "\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,\"num_key_value_heads\":65537,\"intermediate_size\":128}", "config.num_key_value_heads", "from 1 to 65536"},
        {"{" DENSE_HEAD "\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,\"head_dim\":0,\"intermediate_size\":128}", "config.head_dim", "from 1 to 65536"},
        {"{" DENSE_HEAD "\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,\"head_dim\":65537,\"intermediate_size\":128}", "config.head_dim", "from 1 to 65536"},
        {"{" DENSE_HEAD "\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,\"max_position_embeddings\":-1,\"intermediate_size\":128}", "config.max_position_embeddings", "from 0 to 1099511627776"},
        {"{" DENSE_HEAD "\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,\"max_position_embeddings\":1099511627777,\"intermediate_size\":128}", "config.max_position_embeddings", "from 0 to 1099511627776"},
        {"{" DENSE_HEAD "\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,\"sliding_window\":-1,\"intermediate_size\":128}", "config.sliding_window", "from 0 to 1099511627776"},
        {"{" DENSE_HEAD "\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,\"sliding_window\":1099511627777,\"intermediate_size\":128}", "config.sliding_window", "from 0 to 1099511627776"},
        {"{" DENSE_HEAD "\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,\"intermediate_size\":-1}", "config.intermediate_size", "from 0 to 16777216"},
        {"{" DENSE_HEAD "\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,\"intermediate_size\":16777217}", "config.intermediate_size", "from 0 to 16777216"},
        {"{" DENSE_HEAD "\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,\"intermediate_size\":128,\"num_local_experts\":-1}", "config.num_local_experts", "from 0 to 65536"},
        {"{" DENSE_HEAD "\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,\"intermediate_size\":128,\"num_experts\":65537}", "config.num_experts", "from 0 to 65536"},
#define MOE_HEAD DENSE_HEAD "\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,\"intermediate_size\":128,\"num_local_experts\":4,"
        {"{" MOE_HEAD "\"num_experts_per_tok\":0}", "config.num_experts_per_tok", "from 1 to 65536"},
        {"{" MOE_HEAD "\"num_experts_per_tok\":65537}", "config.num_experts_per_tok", "from 1 to 65536"},
        {"{" MOE_HEAD "\"experts_per_token\":0}", "config.experts_per_token", "from 1 to 65536"},
        {"{" MOE_HEAD "\"num_experts_per_tok\":2,\"moe_intermediate_size\":0}", "config.moe_intermediate_size", "from 1 to 16777216"},
        {"{" MOE_HEAD "\"num_experts_per_tok\":2,\"moe_intermediate_size\":16777217}", "config.moe_intermediate_size", "from 1 to 16777216"},
        {"{" MOE_HEAD "\"num_experts_per_tok\":2,\"n_shared_experts\":-1}", "config.n_shared_experts", "from 0 to 65536"},
        {"{" MOE_HEAD "\"num_experts_per_tok\":2,\"n_shared_experts\":65537}", "config.n_shared_experts", "from 0 to 65536"},
        {"{" MOE_HEAD "\"num_experts_per_tok\":2,\"shared_expert_intermediate_size\":-1}", "config.shared_expert_intermediate_size", "from 0 to 16777216"},
        {"{" MOE_HEAD "\"num_experts_per_tok\":2,\"shared_expert_intermediate_size\":16777217}", "config.shared_expert_intermediate_size", "from 0 to 16777216"},
        {"{" MOE_HEAD "\"num_experts_per_tok\":2,\"decoder_sparse_step\":0}", "config.decoder_sparse_step", "from 1 to 100000"},
        {"{" MOE_HEAD "\"num_experts_per_tok\":2,\"first_k_dense_replace\":3}", "config.first_k_dense_replace", "from 0 to 2"},
        {"{" MOE_HEAD "\"num_experts_per_tok\":2,\"moe_layer_freq\":0}", "config.moe_layer_freq", "from 1 to 100000"},
        {"{" MOE_HEAD "\"num_experts_per_tok\":2,\"mlp_only_layers\":[2]}", "config.mlp_only_layers", "from 0 to 1"},
#define MLA_HEAD DENSE_HEAD "\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,\"intermediate_size\":128,"
        {"{" MLA_HEAD "\"kv_lora_rank\":0,\"qk_rope_head_dim\":8,\"qk_nope_head_dim\":8,\"v_head_dim\":16}", "config.kv_lora_rank", "from 1 to 1048576"},
        {"{" MLA_HEAD "\"kv_lora_rank\":1048577,\"qk_rope_head_dim\":8,\"qk_nope_head_dim\":8,\"v_head_dim\":16}", "config.kv_lora_rank", "from 1 to 1048576"},
        {"{" MLA_HEAD "\"kv_lora_rank\":16,\"q_lora_rank\":-1,\"qk_rope_head_dim\":8,\"qk_nope_head_dim\":8,\"v_head_dim\":16}", "config.q_lora_rank", "from 0 to 1048576"},
        {"{" MLA_HEAD "\"kv_lora_rank\":16,\"q_lora_rank\":1048577,\"qk_rope_head_dim\":8,\"qk_nope_head_dim\":8,\"v_head_dim\":16}", "config.q_lora_rank", "from 0 to 1048576"},
        {"{" MLA_HEAD "\"kv_lora_rank\":16,\"qk_rope_head_dim\":8,\"qk_nope_head_dim\":-1,\"v_head_dim\":16}", "config.qk_nope_head_dim", "from 0 to 65536"},
        {"{" MLA_HEAD "\"kv_lora_rank\":16,\"qk_rope_head_dim\":8,\"qk_nope_head_dim\":65537,\"v_head_dim\":16}", "config.qk_nope_head_dim", "from 0 to 65536"},
        {"{" MLA_HEAD "\"kv_lora_rank\":16,\"qk_rope_head_dim\":-1,\"qk_nope_head_dim\":8,\"v_head_dim\":16}", "config.qk_rope_head_dim", "from 0 to 65536"},
        {"{" MLA_HEAD "\"kv_lora_rank\":16,\"qk_rope_head_dim\":65537,\"qk_nope_head_dim\":8,\"v_head_dim\":16}", "config.qk_rope_head_dim", "from 0 to 65536"},
        {"{" MLA_HEAD "\"kv_lora_rank\":16,\"qk_rope_head_dim\":8,\"qk_nope_head_dim\":8,\"v_head_dim\":0}", "config.v_head_dim", "from 1 to 65536"},
        {"{" MLA_HEAD "\"kv_lora_rank\":16,\"qk_rope_head_dim\":8,\"qk_nope_head_dim\":8,\"v_head_dim\":65537}", "config.v_head_dim", "from 1 to 65536"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rl_model m;
        rl_error err;
        rl_status st = rl_model_from_config_json(cases[i].json, strlen(cases[i].json), &m, &err);
        CHECK(st == RL_E_RANGE && strcmp(err.field, cases[i].field) == 0 && has(err.message, cases[i].range),
              "config case %zu: range error on %s \"%s\" (got %s, %s: %s)", i, cases[i].field, cases[i].range,
              rl_status_name(st), err.field, err.message);
    }
    /* The late fault itself is found when nothing else is wrong. */
    {
        const char *t = "{" DENSE_HEAD "\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,\"intermediate_size\":128}";
        rl_model m;
        rl_error err;
        CHECK(rl_model_from_config_json(t, strlen(t), &m, &err) == RL_E_JSON_TYPE && strcmp(err.field, "config.torch_dtype") == 0,
              "torch_dtype 7 is a type error (%s: %s)", err.field, err.message);
    }
    /* Values at the low end of a range are accepted. */
    static const char *const ok[] = {
        "{\"model_type\":\"llama\",\"num_hidden_layers\":1,\"hidden_size\":1,\"num_attention_heads\":1,\"vocab_size\":1,\"intermediate_size\":1,\"max_position_embeddings\":0,\"sliding_window\":0}",
        "{\"model_type\":\"llama\",\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,\"num_local_experts\":4,\"num_experts_per_tok\":1,\"moe_intermediate_size\":1,\"n_shared_experts\":0,\"shared_expert_intermediate_size\":0}",
        "{\"model_type\":\"deepseek_v2\",\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,\"intermediate_size\":128,\"kv_lora_rank\":1,\"q_lora_rank\":0,\"qk_rope_head_dim\":0,\"qk_nope_head_dim\":1,\"v_head_dim\":1}",
        "{\"model_type\":\"deepseek_v2\",\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,\"intermediate_size\":128,\"kv_lora_rank\":1,\"qk_rope_head_dim\":1,\"qk_nope_head_dim\":0,\"v_head_dim\":1}",
        "{\"model_type\":\"llama\",\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,\"num_local_experts\":0,\"intermediate_size\":128}",
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        rl_model m;
        rl_error err;
        CHECK(rl_model_from_config_json(ok[i], strlen(ok[i]), &m, &err) == RL_OK, "low-end config %zu accepted (%s)", i,
              err.message);
    }
    /* MLA: one latent + rope key per token per layer, head_dim = nope + rope. */
    rl_model m = cfg(TINY_MLA);
    CHECK(m.mla == 1 && m.head_dim == 16 && m.q_lora_rank == 0 && m.v_head_dim == 16, "MLA read");
    /* A config without kv_lora_rank is not MLA. */
    CHECK(cfg(TINY).mla == 0, "no kv_lora_rank, no MLA");
}

/* ---- SGLang's reserve, for every chunk a command may give ------------------ */

/* SGLang's captured prefill-graph sizes (generate_prefill_cuda_graph_batch_sizes, sgl-project/sglang 031ed82d),
 * written out as the list it builds: range(4, 33, 4) + range(48, 257, 16) + range(288, 513, 32) +
 * range(576, 1025, 64) + range(1280, 4097, 256) + range(4608, ..., 512). Counted here one by one, not by runs. */
static int64_t sglang_sizes_upto(int64_t tokens) {
    static int64_t sizes[256];
    static int n = 0;
    if (n == 0) {
        for (int64_t s = 4; s < 33; s += 4) sizes[n++] = s;
        for (int64_t s = 48; s < 257; s += 16) sizes[n++] = s;
        for (int64_t s = 288; s < 513; s += 32) sizes[n++] = s;
        for (int64_t s = 576; s < 1025; s += 64) sizes[n++] = s;
        for (int64_t s = 1280; s < 4097; s += 256) sizes[n++] = s;
        for (int64_t s = 4608; n < 256; s += 512) sizes[n++] = s;
    }
    int64_t c = 0;
    for (int i = 0; i < n; i++) c += sizes[i] <= tokens;
    return c;
}

/* Every chunk from 1 to 24576 tokens, on eight setups, three of them just under a tier's edge (the decode graphs'
 * batch of each written down from memory_hook.py's tiers): the reserve is 512 + 1.5·max(chunk, 2048) + 128·tp·pp + 2·batch + 8·sizes (sizes up to
 * the chunk, and no further than 8192 under pp), at least 10240 MiB on a GPU above 60 GiB. Its edges (a run's
 * first or last size, the 2048 floor, the 8192 cap, the 10240 least) are each crossed by some chunk. */
static void test_sglang_reserve_every_chunk(void) {
    static const struct {
        double vram;
        int64_t tp, pp, batch;
    } setups[] = {{80, 1, 1, 256}, {80, 4, 1, 512}, {180, 1, 2, 512}, {24, 1, 1, 48},
                  {141, 8, 1, 512}, {34.9, 1, 1, 48}, {59.9, 1, 1, 32}, {159.9, 1, 1, 256}};
    int bad = 0, least = 0;
    for (size_t s = 0; s < sizeof setups / sizeof setups[0]; s++)
        for (int64_t c = 1; c <= 24576; c++) {
            int64_t graph = setups[s].pp > 1 && c > 8192 ? 8192 : c;
            double sum = 512 + 1.5 * (double)(c > 2048 ? c : 2048) + 128.0 * (double)(setups[s].tp * setups[s].pp) +
                         2.0 * (double)setups[s].batch + 8.0 * (double)sglang_sizes_upto(graph);
            bool raised = setups[s].vram > 60 && sum < 10240;
            rl_sglang_reserve x = rl_sglang_reserve_of(setups[s].vram, setups[s].tp, setups[s].pp, 0, c);
            least += raised;
            if (x.mib != (raised ? 10240 : sum) || x.least_applied != raised || x.chunk != c) {
                if (bad++ < 5)
                    CHECK(0, "SGLang's reserve on %g GiB at tp %lld pp %lld, chunk %lld: %g MiB (least %d), expected %g (least %d)",
                          setups[s].vram, (long long)setups[s].tp, (long long)setups[s].pp, (long long)c, x.mib, x.least_applied,
                          raised ? 10240 : sum, raised);
            }
        }
    CHECK(bad == 0 && least > 1000, "SGLang's reserve for every chunk (%d wrong; %d raised to the least)", bad, least);
}

/* ---- deployment and GPU validation ---------------------------------------- */

static void test_deploy_validate(void) {
    rl_error err;
    rl_deploy d0 = rl_deploy_default(), d;
    CHECK(d0.seq == 4096 && d0.batch == 1 && d0.tp == 1 && d0.pp == 1 && d0.micro_batches == 0 && d0.kv_block == 0 &&
              d0.precision == RL_PREC_AUTO && d0.kv_precision == RL_PREC_AUTO && d0.moe_read == RL_MOE_UNION &&
              d0.context_reserve_gib == 0.6 && d0.nccl_gib_per_peer == 0.35 && d0.weight_overhead == 0.02 &&
              d0.pool_fraction == 0.0 && d0.prefill_chunk == 0 && d0.launch_ms == 35.0,
          "documented defaults");
    /* A pool of 0 is the engine's own (rl_engine_pool): each engine's, whatever the GPU. */
    rl_model mla = {0}, gemma3_vit = {0}, qwen_vit = {0}, tiny_vit = {0}, huge_vit = {0};
    mla.mla = 1;
    CHECK(rl_engine_pool(RL_ENGINE_VLLM, 80, 1, 1, NULL) == 0.90 && rl_engine_pool(RL_ENGINE_TRT_LLM, 24, 8, 1, &mla) == 0.90 &&
              rl_engine_pool(RL_ENGINE_LLAMA_CPP, 80, 1, 1, NULL) == 1.0 && rl_engine_pool(RL_ENGINE_GPT_FAST, 16, 2, 1, NULL) == 1.0,
          "engine pools");
    /* SGLang's own (memory_hook.py), worked by hand in MiB from its source:
     * 80 GiB, tp 1: chunk 8192, decode graphs to 256: 512 + 1.5·8192 + 128 + 2·256 + 8·58 prefill sizes = 13904,
     *   (81920 − 13904)/81920 = 0.8303 → 0.830; tp 4 (decode graphs to 512): 512 + 12288 + 512 + 1024 + 464 = 14800 → 0.819;
     * 141 GiB, tp 8, MLA (1536 for its prefill graphs): 512 + 12288 + 1024 + 1024 + 1536 = 16384 → 0.8865 → 0.887;
     * 24 GiB: chunk 4096, graphs to 48: 512 + 6144 + 128 + 96 + 8·50 = 7280 → 0.7038 → 0.704;
     * 16 GiB: chunk 2048, graphs to 8: 512 + 3072 + 128 + 16 + 8·42 = 4064 → 0.7520 → 0.752;
     * 180 GiB, pp 2: chunk 16384, prefill graphs to 8192 under pp: 512 + 24576 + 256 + 1024 + 464 = 26832 → 0.8544 → 0.854;
     * 80 GiB with a 2048 chunk: 512 + 3072 + 128 + 512 + 336 = 4560, but at least 10240 above 60 GiB → 0.875;
     * 4 GiB: 4064 of 4096 leave 0.008, under the least pool: 0.05. */
    CHECK(rl_engine_pool(RL_ENGINE_SGLANG, 80, 1, 1, NULL) == 0.83 && rl_engine_pool(RL_ENGINE_SGLANG, 80, 4, 1, NULL) == 0.819 &&
              rl_engine_pool(RL_ENGINE_SGLANG, 141, 8, 1, &mla) == 0.887 && rl_engine_pool(RL_ENGINE_SGLANG, 24, 1, 1, NULL) == 0.704 &&
              rl_engine_pool(RL_ENGINE_SGLANG, 16, 1, 1, NULL) == 0.752 && rl_engine_pool(RL_ENGINE_SGLANG, 180, 1, 2, NULL) == 0.854 &&
              rl_sglang_pool(80, 1, 1, NULL, 2048) == 0.875 && rl_engine_pool(RL_ENGINE_SGLANG, 4, 1, 1, NULL) == 0.05,
          "SGLang's own pool");
    /* A multimodal model's (adjust_mem_fraction_for_vlm): 0.95 · clamp(1 − 0.1·(L·H²/(24·1024²) − 1), 0.8, 1.05).
     * Gemma 3's SigLIP, 27 layers of 1152: 1.423828125, 0.9576171875, 0.909736328125; on 80 GiB, 0.830 of it.
     * Qwen2.5-VL's tower, 24 layers (no num_hidden_layers in its config class) of 1280: 1.5625, 0.8965625.
     * A tower a tenth of ViT-L: 1.09, held at 1.05: 0.9975; ten times it: 0.1, held at 0.8: 0.76. */
    gemma3_vit.vision_complexity = 27.0 * 1152 * 1152 / (24.0 * 1024 * 1024);
    qwen_vit.vision_complexity = 24.0 * 1280 * 1280 / (24.0 * 1024 * 1024);
    tiny_vit.vision_complexity = 0.1;
    huge_vit.vision_complexity = 10;
    CHECK(gemma3_vit.vision_complexity == 1.423828125 && rl_sglang_vision_factor(&gemma3_vit) == 0.95 * 0.9576171875 &&
              rl_sglang_vision_factor(&qwen_vit) == 0.95 * 0.94375 && rl_sglang_vision_factor(&tiny_vit) == 0.95 * 1.05 &&
              rl_sglang_vision_factor(&huge_vit) == 0.95 * 0.8 && rl_sglang_vision_factor(NULL) == 1.0 &&
              rl_sglang_vision_factor(&mla) == 1.0 &&
              rl_engine_pool(RL_ENGINE_SGLANG, 80, 1, 1, &gemma3_vit) == 0.83 * (0.95 * 0.9576171875),
          "SGLang's pool for a multimodal model");
    CHECK(rl_sglang_reserve_mib(80, 1, 1, 0, 0) == 13904 && rl_sglang_reserve_mib(141, 8, 1, 1, 0) == 16384 &&
              rl_sglang_reserve_mib(80, 1, 1, 0, 2048) == 10240 && rl_sglang_reserve_mib(180, 1, 2, 0, 0) == 26832,
          "SGLang's reserve");
    /* The reserve at each tier's edge and on each side of it, worked by hand in MiB (512 + 1.5·max(chunk, 2048) +
     * 128·tp·pp + 2·decode-graph batch + 8·captured prefill sizes; 10240 at least above 60 GiB):
     * 16 GiB: 512 + 3072 + 128 + 2·8 + 8·42 = 4064; exactly 20: chunk 4096, graphs to 48: 512 + 6144 + 128 + 96 + 400
     * = 7280; 24 at tp 4 (graphs to 160): 512 + 6144 + 512 + 320 + 400 = 7888; exactly 35 (graphs to 32): 7248;
     * 48 at tp 4: 7888; exactly 60: chunk 8192, graphs to 256, no least yet: 13904; exactly 160: chunk 16384, graphs to
     * 512, 74 sizes: 512 + 24576 + 128 + 1024 + 592 = 26832; 180 with pp 2 and a 4096 chunk: 8336, raised to 10240;
     * chunks the lint may give on 48 GiB: 3000 (45 sizes: 512 + 4500 + 128 + 64 + 360 = 5564), 4608 (51 sizes:
     * 512 + 6912 + 128 + 64 + 408 = 8024) and 33 (8 sizes, activations of 2048: 512 + 3072 + 128 + 64 + 64 = 3840). */
    CHECK(rl_sglang_reserve_mib(16, 1, 1, 0, 0) == 4064 && rl_sglang_reserve_mib(20, 1, 1, 0, 0) == 7280 &&
              rl_sglang_reserve_mib(24, 4, 1, 0, 0) == 7888 && rl_sglang_reserve_mib(35, 1, 1, 0, 0) == 7248 &&
              rl_sglang_reserve_mib(48, 4, 1, 0, 0) == 7888 && rl_sglang_reserve_mib(60, 1, 1, 0, 0) == 13904 &&
              rl_sglang_reserve_mib(160, 1, 1, 0, 0) == 26832 && rl_sglang_reserve_mib(180, 1, 2, 0, 4096) == 10240 &&
              rl_sglang_reserve_of(180, 1, 2, 0, 4096).least_applied && !rl_sglang_reserve_of(60, 1, 1, 0, 2048).least_applied &&
              rl_sglang_reserve_mib(48, 1, 1, 0, 3000) == 5564 && rl_sglang_reserve_mib(48, 1, 1, 0, 4608) == 8024 &&
              rl_sglang_reserve_mib(48, 1, 1, 0, 33) == 3840,
          "SGLang's reserve at its tiers' edges");
    test_sglang_reserve_every_chunk();
    /* Its chunk by the GPU's memory, at each tier's edge. */
    CHECK(rl_sglang_chunk(19.99) == 2048 && rl_sglang_chunk(20) == 4096 && rl_sglang_chunk(59.99) == 4096 &&
              rl_sglang_chunk(60) == 8192 && rl_sglang_chunk(159.99) == 8192 && rl_sglang_chunk(160) == 16384,
          "SGLang's chunk");
    CHECK(rl_deploy_validate(&d0, &err) == RL_OK, "defaults validate");
    struct {
        const char *field;
        size_t off;
        int64_t lo, hi;
    } ints[] = {
        {"seq", offsetof(rl_deploy, seq), 1, RL_MAX_SEQ},
        {"batch", offsetof(rl_deploy, batch), 1, RL_MAX_BATCH},
        {"tp", offsetof(rl_deploy, tp), 1, RL_MAX_PARALLEL},
        {"pp", offsetof(rl_deploy, pp), 1, RL_MAX_PARALLEL},
        {"kv_block", offsetof(rl_deploy, kv_block), 1, RL_MAX_SEQ},
        {"prefill_chunk", offsetof(rl_deploy, prefill_chunk), 1, RL_MAX_SEQ},
    };
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
        int64_t bad[] = {ints[i].lo - 1, ints[i].hi + 1, -5};
        for (size_t k = 0; k < 3; k++) {
            if ((strcmp(ints[i].field, "kv_block") == 0 || strcmp(ints[i].field, "prefill_chunk") == 0) && bad[k] == 0)
                continue; /* 0: paging off, the engine's own chunk */
            d = d0;
            *(int64_t *)((char *)&d + ints[i].off) = bad[k];
            expect_range(rl_deploy_validate(&d, &err), &err, ints[i].field, ints[i].lo, ints[i].hi, bad[k]);
        }
        d = d0;
        *(int64_t *)((char *)&d + ints[i].off) = ints[i].lo;
        CHECK(rl_deploy_validate(&d, &err) == RL_OK, "%s = %lld accepted", ints[i].field, (long long)ints[i].lo);
        d = d0;
        *(int64_t *)((char *)&d + ints[i].off) = ints[i].hi;
        CHECK(rl_deploy_validate(&d, &err) == RL_OK, "%s = %lld accepted", ints[i].field, (long long)ints[i].hi);
    }
    d = d0; d.kv_block = 0;
    CHECK(rl_deploy_validate(&d, &err) == RL_OK, "kv_block 0 is paging off");
    d = d0; d.prefill_chunk = 0;
    CHECK(rl_deploy_validate(&d, &err) == RL_OK, "prefill_chunk 0 is the engine's own");
    /* Fractions and reserves: [lo, hi], lo and hi accepted, just outside refused, NaN refused. */
    struct {
        const char *field;
        size_t off;
        double lo, hi;
    } nums[] = {
        {"context_reserve_gib", offsetof(rl_deploy, context_reserve_gib), 0, 64},
        {"nccl_gib_per_peer", offsetof(rl_deploy, nccl_gib_per_peer), 0, 64},
        {"weight_overhead", offsetof(rl_deploy, weight_overhead), 0, 1},
        {"pool_fraction", offsetof(rl_deploy, pool_fraction), 0.05, 1},
        {"launch_ms", offsetof(rl_deploy, launch_ms), 0, 1e6},
    };
    for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++) {
        double bad[] = {nums[i].lo - 0.001, nums[i].hi * 1.001, NAN, INFINITY, -INFINITY};
        for (size_t k = 0; k < 5; k++) {
            d = d0;
            *(double *)((char *)&d + nums[i].off) = bad[k];
            rl_status st = rl_deploy_validate(&d, &err);
            char hi[32];
            snprintf(hi, sizeof hi, "at most %g", nums[i].hi);
            CHECK(st == RL_E_RANGE && strcmp(err.field, nums[i].field) == 0 && has(err.message, nums[i].field) && has(err.message, hi),
                  "%s = %g refused naming the field and \"%s\" (%s)", nums[i].field, bad[k], hi, err.message);
        }
        double good[] = {nums[i].lo, nums[i].hi};
        for (size_t k = 0; k < 2; k++) {
            d = d0;
            *(double *)((char *)&d + nums[i].off) = good[k];
            CHECK(rl_deploy_validate(&d, &err) == RL_OK, "%s = %g accepted (%s)", nums[i].field, good[k], err.message);
        }
    }
    /* Enums. */
    d = d0; d.precision = RL_PREC_COUNT_;
    CHECK(rl_deploy_validate(&d, &err) == RL_E_UNKNOWN_NAME && strcmp(err.field, "precision") == 0, "precision 7 refused");
    d = d0; d.precision = (rl_precision)-1;
    CHECK(rl_deploy_validate(&d, &err) == RL_E_UNKNOWN_NAME && strcmp(err.field, "precision") == 0, "precision -1 refused");
    d = d0; d.precision = RL_PREC_INT4;
    CHECK(rl_deploy_validate(&d, &err) == RL_OK, "int4 accepted");
    d = d0; d.kv_precision = RL_PREC_COUNT_;
    CHECK(rl_deploy_validate(&d, &err) == RL_E_UNKNOWN_NAME && strcmp(err.field, "kv_precision") == 0, "kv precision 7 refused");
    d = d0; d.kv_precision = RL_PREC_INT4;
    CHECK(rl_deploy_validate(&d, &err) == RL_OK, "kv int4 accepted");
    d = d0; d.moe_read = (rl_moe_read)2;
    CHECK(rl_deploy_validate(&d, &err) == RL_E_UNKNOWN_NAME && strcmp(err.field, "moe_read") == 0, "moe_read 2 refused");
    d = d0; d.moe_read = RL_MOE_DISTINCT;
    CHECK(rl_deploy_validate(&d, &err) == RL_OK, "distinct accepted");
    /* Micro-batches. */
    d = d0; d.micro_batches = 1;
    CHECK(rl_deploy_validate(&d, &err) == RL_E_MICROBATCH && strcmp(err.field, "micro_batches") == 0, "M without pp refused");
    d = d0; d.pp = 2; d.batch = 8; d.micro_batches = 9;
    CHECK(rl_deploy_validate(&d, &err) == RL_E_MICROBATCH && strcmp(err.field, "micro_batches") == 0 && has(err.message, "(8)") &&
              has(err.message, "(got 9)"),
          "M 9 over batch 8 refused naming both (%s)", err.message);
    d = d0; d.pp = 2; d.batch = 8; d.micro_batches = -1;
    CHECK(rl_deploy_validate(&d, &err) == RL_E_RANGE && strcmp(err.field, "micro_batches") == 0, "M -1 refused as out of the field's range");
    d = d0; d.pp = 2; d.batch = 8; d.micro_batches = 8;
    CHECK(rl_deploy_validate(&d, &err) == RL_OK, "M = batch accepted");
    d = d0; d.pp = 2; d.batch = 8; d.micro_batches = 1;
    CHECK(rl_deploy_validate(&d, &err) == RL_OK, "M = 1 accepted");
    CHECK(rl_deploy_validate(NULL, &err) == RL_E_NULL && strcmp(err.field, "deploy") == 0, "NULL deploy");
}

static void test_gpu_validate(void) {
    rl_error err;
    rl_gpu g0 = rl_gpu_default(), g;
    CHECK(strcmp(g0.name, "custom") == 0 && g0.tflops == 0 && g0.vram_gib == 0 && g0.unified == 0, "gpu default");
    CHECK(rl_gpu_validate(&g0, &err) == RL_E_RANGE, "an unfilled GPU is refused");
    g0.tflops = 100;
    g0.bandwidth_gbs = 1000;
    g0.vram_gib = 80;
    CHECK(rl_gpu_validate(&g0, &err) == RL_OK, "a filled GPU validates");
    struct {
        const char *field;
        size_t off;
    } f[] = {
        {"gpu.tflops", offsetof(rl_gpu, tflops)},
        {"gpu.bandwidth_gbs", offsetof(rl_gpu, bandwidth_gbs)},
        {"gpu.vram_gib", offsetof(rl_gpu, vram_gib)},
        {"gpu.tflops_fp8", offsetof(rl_gpu, tflops_fp8)},
        {"gpu.tops_int8", offsetof(rl_gpu, tops_int8)},
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        double bad[] = {0.0009, 1e6 * 1.000001, -1, NAN, INFINITY};
        for (size_t k = 0; k < 5; k++) {
            g = g0;
            *(double *)((char *)&g + f[i].off) = bad[k];
            rl_status st = rl_gpu_validate(&g, &err);
            CHECK(st == RL_E_RANGE && strcmp(err.field, f[i].field) == 0 && has(err.message, f[i].field) &&
                      has(err.message, "0.001") && has(err.message, "1e+06"),
                  "%s = %g refused naming the field and range (%s)", f[i].field, bad[k], err.message);
        }
        double good[] = {0.001, 1e6};
        for (size_t k = 0; k < 2; k++) {
            g = g0;
            *(double *)((char *)&g + f[i].off) = good[k];
            CHECK(rl_gpu_validate(&g, &err) == RL_OK, "%s = %g accepted", f[i].field, good[k]);
        }
    }
    g = g0; g.tflops = 0; g.tflops_unknown = 1;
    CHECK(rl_gpu_validate(&g, &err) == RL_OK, "unknown TFLOPS need no figure");
    g = g0; g.unified = 1; g.ram_gib = 0;
    CHECK(rl_gpu_validate(&g, &err) == RL_E_RANGE && strcmp(err.field, "gpu.ram_gib") == 0, "unified needs RAM");
    g = g0; g.unified = 1; g.ram_gib = 128;
    CHECK(rl_gpu_validate(&g, &err) == RL_OK, "unified with RAM validates");
    /* The memory free at an engine's start is part of what CUDA reports: above it, negative or NaN is refused. */
    const double bad_free[] = {g0.vram_gib * 1.001, -1.0, NAN};
    for (size_t k = 0; k < sizeof bad_free / sizeof bad_free[0]; k++) {
        g = g0; g.unified = 1; g.ram_gib = 128; g.start_free_gib = bad_free[k];
        CHECK(rl_gpu_validate(&g, &err) == RL_E_RANGE && strcmp(err.field, "gpu.start_free_gib") == 0,
              "start_free_gib %g of %g refused: %s", bad_free[k], g0.vram_gib, err.message);
    }
    g = g0; g.unified = 1; g.ram_gib = 128; g.start_free_gib = g0.vram_gib;
    CHECK(rl_gpu_validate(&g, &err) == RL_OK, "start_free_gib equal to vram_gib validates");
    rl_gpu spark;
    CHECK(rl_gpu_preset("dgx-spark", 0, &spark, &err) == RL_OK && spark.start_free_gib > 0 &&
              spark.start_free_gib < spark.vram_gib && spark.vram_gib < spark.ram_gib,
          "dgx-spark reads its CUDA total and free memory at start: %s", err.message);
    CHECK(rl_gpu_validate(NULL, &err) == RL_E_NULL && strcmp(err.field, "gpu") == 0, "NULL gpu");
}

/* ---- names, codes and guards ---------------------------------------------- */

static void test_names(void) {
    static const char *const st[] = {"ok", "null", "range", "not_integer", "unknown_preset", "unknown_name", "json_syntax",
                                     "json_type", "json_missing", "contradiction", "too_large", "micro_batch",
                                     "duplicate_key", "unsupported", "file", "usage"};
    for (int i = 0; i < RL_STATUS_COUNT_; i++)
        CHECK(strcmp(rl_status_name((rl_status)i), st[i]) == 0, "status %d is %s (got %s)", i, st[i], rl_status_name((rl_status)i));
    CHECK(strcmp(rl_status_name(RL_STATUS_COUNT_), "unknown") == 0 && strcmp(rl_status_name((rl_status)-1), "unknown") == 0,
          "status past the end is unknown");
    /* The origins are pinned: the page words each code (web/src/i18n/sources.js). */
    static const char *const on[] = {"engine", "engine_quant", "given", "gpu", "input", "analysis", "spec", "preset", "board", "rule"};
    CHECK(sizeof on / sizeof on[0] == RL_ORIGIN_COUNT_, "a name per origin");
    for (int i = 0; i < RL_ORIGIN_COUNT_; i++)
        CHECK(strcmp(rl_origin_name((rl_origin)i), on[i]) == 0, "origin %d is %s (got %s)", i, on[i], rl_origin_name((rl_origin)i));
    CHECK(strcmp(rl_origin_name(RL_ORIGIN_COUNT_), "") == 0 && strcmp(rl_origin_name((rl_origin)-1), "") == 0, "origin past the end is empty");
    static const char *const pn[] = {"auto", "fp32", "fp16", "bf16", "fp8", "int8", "int4", "q8_0", "q6_k",
                                     "q5_k_m", "q4_k_m", "q4_0", "q3_k_m", "q2_k", "iq4_xs", "mxfp4", "nvfp4"};
    /* bits per weight / 8: ggml block layouts (q4_0 18 B per 32 = 4.5 bpw) and the K-quant mixes' averages */
    static const double pb[] = {0, 4, 2, 2, 1, 1, 0.5, 8.5 / 8, 6.5625 / 8, 5.70 / 8, 4.90 / 8, 4.5 / 8, 4.00 / 8,
                                2.625 / 8, 4.25 / 8, 4.25 / 8, 4.5 / 8};
    CHECK(sizeof pn / sizeof pn[0] == RL_PREC_COUNT_ && sizeof pb / sizeof pb[0] == RL_PREC_COUNT_, "a name and a size per precision");
    for (int i = 0; i < RL_PREC_COUNT_; i++) {
        rl_precision p = RL_PREC_COUNT_;
        CHECK(strcmp(rl_precision_name((rl_precision)i), pn[i]) == 0 && rl_precision_bytes((rl_precision)i) == pb[i] &&
                  rl_precision_parse(pn[i], &p) == RL_OK && p == (rl_precision)i,
              "precision %d: %s, %g bytes, parses back", i, pn[i], pb[i]);
    }
    rl_precision p = RL_PREC_FP16;
    CHECK(rl_precision_parse("FP16", &p) == RL_E_UNKNOWN_NAME && rl_precision_parse(NULL, &p) == RL_E_UNKNOWN_NAME &&
              p == RL_PREC_FP16,
          "precision parse is case-sensitive and refuses NULL");
    CHECK(strcmp(rl_precision_name(RL_PREC_COUNT_), "unknown") == 0 && rl_precision_bytes(RL_PREC_COUNT_) == 0 &&
              rl_precision_bytes((rl_precision)-1) == 0,
          "precision past the end: unknown, 0 bytes");
    rl_moe_read mr = RL_MOE_DISTINCT;
    CHECK(strcmp(rl_moe_read_name(RL_MOE_UNION), "union") == 0 && strcmp(rl_moe_read_name(RL_MOE_DISTINCT), "distinct") == 0 &&
              strcmp(rl_moe_read_name((rl_moe_read)2), "unknown") == 0,
          "moe read names");
    CHECK(rl_moe_read_parse("union", &mr) == RL_OK && mr == RL_MOE_UNION && rl_moe_read_parse("distinct", &mr) == RL_OK &&
              mr == RL_MOE_DISTINCT && rl_moe_read_parse("Union", &mr) == RL_E_UNKNOWN_NAME &&
              rl_moe_read_parse(NULL, &mr) == RL_E_UNKNOWN_NAME,
          "moe read parse");
    CHECK(strcmp(rl_verdict_name(RL_FITS), "fits") == 0 && strcmp(rl_verdict_name(RL_WEIGHTS_DO_NOT_FIT), "weights_do_not_fit") == 0 &&
              strcmp(rl_verdict_name(RL_KV_DOES_NOT_FIT), "kv_does_not_fit") == 0 && strcmp(rl_verdict_name(RL_TIGHT), "tight") == 0 &&
              strcmp(rl_verdict_name(RL_HOST_DOES_NOT_FIT), "host_ram_does_not_fit") == 0,
          "verdict names");
    CHECK(rl_host_memory_gbs(RL_HOST_MEMORY_DDR4_3200_2CH) == 51.2 && rl_host_memory_gbs(RL_HOST_MEMORY_DDR5_5600_2CH) == 89.6 &&
              rl_host_memory_gbs(RL_HOST_MEMORY_DDR5_4800_8CH) == 307.2 && rl_host_memory_gbs(RL_HOST_MEMORY_DDR5_6000_12CH) == 576.0 &&
              rl_host_memory_gbs(RL_HOST_MEMORY_NONE) == 0.0 && rl_host_memory_gbs(RL_HOST_MEMORY_COUNT_) == 0.0,
          "host memory presets: channels x 8 B x MT/s");
    CHECK(strcmp(rl_bound_name(RL_BOUND_MEMORY), "memory") == 0 && strcmp(rl_bound_name(RL_BOUND_COMPUTE), "compute") == 0 &&
              strcmp(rl_bound_name(RL_BOUND_UNKNOWN), "unknown") == 0 && strcmp(rl_bound_name(RL_BOUND_NONE), "none") == 0,
          "bound names");
    static const char *const wc[] = {"kv_heads_not_divisible_by_tp", "layers_not_divisible_by_pp", "pp_slower_than_one_gpu",
                                     "kv_replicated_across_tp", "seq_over_max_positions",
                                     "batch_not_divisible_by_micro_batches", "tight", "no_sourced_tflops", "speculation_slower",
                                     "engine_lacks_weight_format", "engine_lacks_kv_format", "engine_not_on_gpu",
                                     "dp_groups_idle"};
    for (unsigned i = 0; i < RL_WARN_COUNT_; i++) CHECK(strcmp(rl_warning_code(i), wc[i]) == 0, "warning %u is %s", i, wc[i]);
    CHECK(strcmp(rl_warning_code(RL_WARN_COUNT_), "") == 0 && strcmp(rl_warning_code(1000), "") == 0, "warning past the end");
    static const char *const rc[] = {"lower_weight_precision", "lower_kv_precision", "more_tp", "smaller_batch",
                                     "shorter_context", "bigger_gpu", "raise_pool_fraction", "fewer_gpu_layers",
                                     "lower_precision_more_tp"};
    for (unsigned i = 0; i < RL_REMEDY_COUNT_; i++) CHECK(strcmp(rl_remedy_code(i), rc[i]) == 0, "remedy %u is %s", i, rc[i]);
    CHECK(strcmp(rl_remedy_code(RL_REMEDY_COUNT_), "") == 0, "remedy past the end");
    for (unsigned i = 0; i < RL_LEVER_COUNT_; i++) CHECK(strlen(rl_lever_code(i)) > 0, "lever %u named", i);
    CHECK(strcmp(rl_lever_code(RL_LEVER_COUNT_), "") == 0, "lever past the end");
    for (int i = 0; i < RL_FAULT_COUNT_; i++) CHECK(strlen(rl_fault_name((rl_fault)i)) > 0 && strcmp(rl_fault_name((rl_fault)i), "unknown") != 0, "fault %d named", i);
    CHECK(strcmp(rl_fault_name(RL_FAULT_NONE), "none") == 0 && strcmp(rl_fault_name(RL_FAULT_COUNT_), "unknown") == 0, "fault names");
    /* Presets: ids in range, NULL past the end, every id has JSON. */
    for (int k = 0; k < 2; k++) {
        size_t n = rl_preset_count((rl_preset_kind)k);
        for (size_t i = 0; i < n; i++) {
            const char *id = rl_preset_id((rl_preset_kind)k, i);
            CHECK(id != NULL && rl_preset_json((rl_preset_kind)k, id) != NULL, "preset %d/%zu has JSON", k, i);
        }
        CHECK(rl_preset_id((rl_preset_kind)k, n) == NULL && rl_preset_id((rl_preset_kind)k, n + 1) == NULL, "kind %d past the end", k);
    }
    rl_model m;
    rl_error err;
    CHECK(rl_model_preset("no-such-model", &m, &err) == RL_E_UNKNOWN_PRESET && strcmp(err.field, "model") == 0 &&
              has(err.message, "no-such-model") && has(err.message, "deepseek-v3"),
          "unknown model names itself and lists the presets (%s)", err.message);
    rl_gpu g;
    CHECK(rl_gpu_preset("no-such-gpu", 0, &g, &err) == RL_E_UNKNOWN_PRESET && has(err.message, "no-such-gpu") &&
              has(err.message, "a100-40g"),
          "unknown gpu names itself and lists the presets (%s)", err.message);
    /* rl_clear_error: a successful read leaves an empty field and message. */
    rl_error e2;
    memset(&e2, 'x', sizeof e2);
    e2.status = RL_E_RANGE;
    rl_model mm;
    CHECK(rl_model_from_config_json(TINY, strlen(TINY), &mm, &e2) == RL_OK && e2.status == RL_OK && e2.field[0] == '\0' &&
              e2.message[0] == '\0',
          "a successful read clears the error");
    rl_model dm = rl_model_default();
    CHECK(strcmp(dm.name, "custom") == 0 && dm.layers == 0 && dm.experts == 0, "model default");
}

static void test_error_json(void) {
    rl_error err;
    memset(&err, 0, sizeof err);
    err.status = RL_E_RANGE;
    strcpy(err.field, "batch");
    /* Control characters (below 0x20), <, >, & and DEL become \u escapes; space, quotes and backslashes as JSON says. */
    strcpy(err.message, "a<b>&c\x01\x1f \x7f\"\\\xc3\xa9\xff");
    char buf[512];
    size_t n = rl_error_json(&err, buf, sizeof buf);
    const char *want = "{\"error\":{\"code\":\"range\",\"status\":2,\"field\":\"batch\",\"message\":"
                       "\"a\\u003cb\\u003e\\u0026c\\u0001\\u001f \\u007f\\\"\\\\\xc3\xa9\\ufffd\"}}";
    CHECK(n == strlen(want) && strcmp(buf, want) == 0, "error JSON escapes: %s", buf);
    /* cap 0 writes nothing; cap 1 writes only the NUL; a NULL buffer measures. */
    char small[8];
    memset(small, 'Z', sizeof small);
    CHECK(rl_error_json(&err, small, 0) == n && small[0] == 'Z', "cap 0 leaves the buffer alone");
    CHECK(rl_error_json(&err, small, 1) == n && small[0] == '\0' && small[1] == 'Z', "cap 1 is an empty string");
    CHECK(rl_error_json(&err, small, 5) == n && strcmp(small, "{\"er") == 0 && small[5] == 'Z', "cap 5 is a 4-byte prefix");
    CHECK(rl_error_json(&err, NULL, 0) == n, "NULL measures");
    /* rl_report_json with cap 0 and 1. */
    rl_model m = preset("qwen3-4b");
    rl_gpu g = gpu("a100-40g");
    rl_deploy d = rl_deploy_default();
    rl_result r;
    rl_analyze(&m, &g, &d, &r, NULL);
    size_t need = rl_report_json(&m, &g, &d, &r, NULL, 0);
    memset(small, 'Z', sizeof small);
    CHECK(rl_report_json(&m, &g, &d, &r, small, 0) == need && small[0] == 'Z', "report cap 0");
    CHECK(rl_report_json(&m, &g, &d, &r, small, 1) == need && small[0] == '\0' && small[1] == 'Z', "report cap 1");
    /* A long message is cut at its buffer, never overrun. */
    memset(err.message, '<', sizeof err.message - 1);
    err.message[sizeof err.message - 1] = '\0';
    static char big[8 * RL_ERROR_MESSAGE_MAX];
    n = rl_error_json(&err, big, sizeof big);
    CHECK(n == strlen(big) && n == strlen("{\"error\":{\"code\":\"range\",\"status\":2,\"field\":\"batch\",\"message\":\"\"}}") +
                                      (RL_ERROR_MESSAGE_MAX - 1) * 6,
          "%d escaped characters (n=%zu)", RL_ERROR_MESSAGE_MAX - 1, n);
}

/* ---- warning and remedy sentences carry this analysis' numbers ------------ */

static void test_sentences(void) {
    rl_model m = preset("qwen3-4b"); /* 36 layers, 8 KV heads, max positions 40960 */
    rl_gpu g = gpu("h100-sxm");
    rl_deploy d = rl_deploy_default();
    rl_result r;
    char buf[1024];
    d.tp = 3;
    d.pp = 5;
    d.batch = 7;
    d.micro_batches = 2;
    d.seq = 50000;
    CHECK(rl_analyze(&m, &g, &d, &r, NULL) == RL_OK, "analysis runs");
    /* bit 0: h_kv 8, tp 3: each rank keeps ceil(8/3) = 3 heads, 3/8 = 0.375 of the KV. */
    rl_warning_text(0, &m, &d, &r, buf, sizeof buf);
    CHECK(has(buf, "8 KV heads") && has(buf, "tp=3") && has(buf, "keeps 3 whole") && has(buf, "0.375") && has(buf, "1/3."),
          "kv heads sentence: %s", buf);
    /* bit 1: 36 layers over 5 stages, the largest holds ceil(36/5) = 8. */
    rl_warning_text(1, &m, &d, &r, buf, sizeof buf);
    CHECK(has(buf, "36 layers") && has(buf, "5 pipeline stages") && has(buf, "holds 8 layers"), "pp sentence: %s", buf);
    /* bit 2: micro-batches and the speedup to 2 decimals. */
    rl_warning_text(2, &m, &d, &r, buf, sizeof buf);
    char sp[64];
    snprintf(sp, sizeof sp, "is %.2fx", r.pp_speedup);
    CHECK(has(buf, "slower than one GPU") && has(buf, "the 2 micro-batches") && has(buf, sp), "pp slower sentence: %s", buf);
    /* bit 4: seq 50000 over 40960 positions. */
    rl_warning_text(4, &m, &d, &r, buf, sizeof buf);
    CHECK(has(buf, "(50000 tokens)") && has(buf, "(40960)"), "max positions sentence: %s", buf);
    /* bit 5: batch 7 into 2 micro-batches, ceil(7/2) = 4 each. */
    rl_warning_text(5, &m, &d, &r, buf, sizeof buf);
    CHECK(has(buf, "batch (7)") && has(buf, "2 micro-batches") && has(buf, "runs 4 requests"), "micro sentence: %s", buf);
    /* bit 7: no TFLOPS. */
    rl_warning_text(7, &m, &d, &r, buf, sizeof buf);
    CHECK(has(buf, "No sourced dense FP16 TFLOPS"), "no tflops sentence: %s", buf);
    /* bit 3: tp 16 over 8 heads: each GPU holds 1/8 = 0.125. */
    d = rl_deploy_default();
    d.tp = 16;
    rl_analyze(&m, &g, &d, &r, NULL);
    rl_warning_text(3, &m, &d, &r, buf, sizeof buf);
    CHECK(has(buf, "tp=16 is more than the 8 KV heads") && has(buf, "past tp=8") && has(buf, "holds 0.125"),
          "replicated sentence: %s", buf);
    /* MLA: the latent is replicated. */
    rl_model mla = cfg(TINY_MLA);
    rl_warning_text(3, &mla, &d, &r, buf, sizeof buf);
    CHECK(has(buf, "latent") && has(buf, "16 TP ranks"), "MLA replicated sentence: %s", buf);
    /* bit 6: tight, with the pool percentage. */
    d = rl_deploy_default();
    d.pool_fraction = 0.5;
    d.batch = 40;
    g = gpu("a100-40g");
    rl_analyze(&m, &g, &d, &r, NULL);
    CHECK(r.verdict == RL_TIGHT, "pool 0.5, batch 40 on 40 GB is tight (%s)", rl_verdict_name(r.verdict));
    rl_warning_text(6, &m, &d, &r, buf, sizeof buf);
    char mb[64];
    snprintf(mb, sizeof mb, "at most %lld requests", (long long)r.max_batch_realistic);
    CHECK(has(buf, "(50% of the GPU)") && has(buf, mb), "tight sentence: %s", buf);
    /* bit 6 with no room at all: the engine's own pool (vLLM's 0.9), and how far over it the weights are. */
    {
        rl_model l70 = preset("llama-3-70b");
        rl_gpu mac = gpu("m2-ultra-192g");
        rl_deploy dv = rl_deploy_default();
        dv.batch = 4;
        dv.engine = RL_ENGINE_VLLM;
        rl_analyze(&l70, &mac, &dv, &r, NULL);
        CHECK(r.verdict == RL_TIGHT && r.kv_room_gib < 0 && r.pool_fraction == 0.90, "llama-3-70b under vLLM on an M2 Ultra: no room");
        rl_warning_text(6, &l70, &dv, &r, buf, sizeof buf);
        CHECK(has(buf, "The engine's pool (90% of the GPU)") && has(buf, "over the pool"), "tight, no room: %s", buf);
    }
    /* bits 9: the format the engine lacks, the weights' own or an MXFP4 checkpoint's experts. */
    {
        rl_model oss = preset("gpt-oss-20b");
        rl_deploy dw = rl_deploy_default();
        dw.engine = RL_ENGINE_GPT_FAST;
        rl_analyze(&oss, &g, &dw, &r, NULL);
        CHECK((r.warnings & RL_WARN_ENGINE_LACKS_WEIGHT_FORMAT) && rl_lacked_weight_format(&r) == RL_PREC_MXFP4,
              "gpt-oss under gpt-fast lacks mxfp4");
        dw.engine = RL_ENGINE_TRT_LLM;
        dw.precision = RL_PREC_Q4_K_M;
        rl_analyze(&m, &g, &dw, &r, NULL);
        rl_warning_text(9, &m, &dw, &r, buf, sizeof buf);
        CHECK(rl_lacked_weight_format(&r) == RL_PREC_Q4_K_M && has(buf, "trt-llm has no q4_k_m format for the weights"),
              "TensorRT-LLM lacks GGUF: %s", buf);
    }
    /* Past the end: empty. */
    CHECK(rl_warning_text(RL_WARN_COUNT_, &m, &d, &r, buf, sizeof buf) == 0 && buf[0] == '\0', "warning text past the end is empty");
    CHECK(rl_remedy_text(RL_REMEDY_COUNT_, &m, &d, &r, buf, sizeof buf) == 0 && buf[0] == '\0', "remedy text past the end is empty");
    /* Remedies: set the result fields and read them back in the sentences. */
    memset(&r, 0, sizeof r);
    r.weight_precision = RL_PREC_BF16;
    r.remedy_precision = RL_PREC_FP8;
    r.remedy_kv_precision = RL_PREC_INT4;
    r.remedy_tp = 4;
    r.remedy_batch = 3;
    r.remedy_seq = 1234;
    r.remedy_vram_gib = 81.257;
    r.remedy_pool_fraction = 0.97;
    r.pool_fraction = 0.90;
    r.engine = RL_ENGINE_VLLM;
    d = rl_deploy_default();
    d.batch = 9;
    d.seq = 5000;
    rl_remedy_text(0, &m, &d, &r, buf, sizeof buf);
    CHECK(strcmp(buf, "Store the weights in fp8 (now bf16).") == 0, "remedy 0: %s", buf);
    rl_remedy_text(1, &m, &d, &r, buf, sizeof buf);
    CHECK(strcmp(buf, "Store the KV cache in int4.") == 0, "remedy 1: %s", buf);
    rl_remedy_text(2, &m, &d, &r, buf, sizeof buf);
    CHECK(has(buf, "tp=4."), "remedy 2: %s", buf);
    rl_remedy_text(3, &m, &d, &r, buf, sizeof buf);
    CHECK(has(buf, "at most 3 requests") && has(buf, "(now 9)"), "remedy 3: %s", buf);
    rl_remedy_text(4, &m, &d, &r, buf, sizeof buf);
    CHECK(has(buf, "1234 tokens") && has(buf, "(now 5000)"), "remedy 4: %s", buf);
    rl_remedy_text(5, &m, &d, &r, buf, sizeof buf);
    CHECK(has(buf, "81.26 GiB"), "remedy 5: %s", buf);
    rl_remedy_text(6, &m, &d, &r, buf, sizeof buf);
    CHECK(has(buf, "(vLLM --gpu-memory-utilization) to 0.97 (now 0.90)"), "remedy 6: %s", buf);
    /* The way out names the engine's own setting. */
    r.engine = RL_ENGINE_SGLANG;
    r.pool_fraction = 0.88;
    rl_remedy_text(6, &m, &d, &r, buf, sizeof buf);
    CHECK(has(buf, "(SGLang --mem-fraction-static) to 0.97 (now 0.88)"), "remedy 6, SGLang: %s", buf);
}

/* ---- --prove-red fault hooks: each wrong formula, exactly -------------------- */

static void test_faults(void) {
    rl_model q = preset("qwen3-4b"); /* L 36, q 32, h_kv 8, d 128 */
    rl_gpu g = gpu("h200-sxm");
    rl_deploy d = rl_deploy_default();
    rl_result base, r;
    const double S = 4096;
    d.batch = 2;
    rl_analyze(&q, &g, &d, &base, NULL);
    CHECK(base.kv_bytes_per_request == 2.0 * 36 * 2 * 8 * 128 * S, "qwen3-4b KV per request");
    CHECK(base.weight_bytes_read == q.params_total * 2 && base.experts_touched == 0, "weights read once per step; dense touches 0 experts");

    rl_testing_set_fault(RL_FAULT_WEIGHTS_PER_REQUEST);
    rl_analyze(&q, &g, &d, &r, NULL);
    CHECK(r.weight_bytes_read == 2 * base.weight_bytes_read, "weights per request: doubled at B=2");
    rl_testing_set_fault(RL_FAULT_KV_QUERY_HEADS);
    rl_analyze(&q, &g, &d, &r, NULL);
    CHECK(r.kv_bytes_per_request == 2.0 * 36 * 2 * 32 * 128 * S, "KV sized with 32 query heads: %g", r.kv_bytes_per_request);
    rl_testing_set_fault(RL_FAULT_KV_PRECISION_IGNORED);
    d.kv_precision = RL_PREC_FP8;
    rl_analyze(&q, &g, &d, &r, NULL);
    CHECK(r.kv_bytes_per_request == base.kv_bytes_per_request, "KV precision ignored: still 2 bytes");
    d.kv_precision = RL_PREC_AUTO;
    rl_testing_set_fault(RL_FAULT_KV_SPLIT_PAST_KV_HEADS);
    d.tp = 32;
    rl_analyze(&q, &g, &d, &r, NULL);
    CHECK(r.kv_share == 1.0 / 32, "KV split past h_kv: share 1/32 (got %g)", r.kv_share);
    rl_testing_set_fault(RL_FAULT_NONE);
    rl_analyze(&q, &g, &d, &r, NULL);
    CHECK(r.kv_share == 1.0 / 8, "tp 32 over 8 heads: share ceil(8/32)/8 = 1/8 (got %g)", r.kv_share);
    d.tp = 1;
    /* Textbook pp speedup: P·M/(M+P−1) = 2·4/5 = 1.6. */
    rl_testing_set_fault(RL_FAULT_TEXTBOOK_PP_SPEEDUP);
    d.pp = 2;
    d.batch = 4;
    rl_analyze(&q, &g, &d, &r, NULL);
    CHECK(near(r.pp_speedup, 1.6), "textbook speedup 1.6 (got %.17g)", r.pp_speedup);
    d.micro_batches = 2;
    rl_analyze(&q, &g, &d, &r, NULL);
    CHECK(near(r.pp_speedup, 4.0 / 3.0), "textbook speedup 2·2/3 (got %.17g)", r.pp_speedup);
    rl_testing_set_fault(RL_FAULT_NONE);
    d = rl_deploy_default();

    /* Sliding window ignored: Mistral-7B (W 4096 on all 32 layers) at S = 8192 keeps all 8192 tokens. */
    rl_model mi = preset("mistral-7b");
    d.seq = 8192;
    rl_analyze(&mi, &g, &d, &r, NULL);
    CHECK(r.kv_bytes_per_request == 2.0 * 32 * 2 * 8 * 128 * 4096, "mistral keeps 4096 tokens: %g", r.kv_bytes_per_request);
    rl_testing_set_fault(RL_FAULT_SLIDING_WINDOW_IGNORED);
    rl_analyze(&mi, &g, &d, &r, NULL);
    CHECK(r.kv_bytes_per_request == 2.0 * 32 * 2 * 8 * 128 * 8192, "window ignored: 8192 tokens: %g", r.kv_bytes_per_request);
    rl_testing_set_fault(RL_FAULT_NONE);
    d = rl_deploy_default();

    /* MLA as MHA: 2·h_kv·d = 2·4·16 = 128 elements instead of 24. */
    rl_model mla = cfg(TINY_MLA);
    rl_analyze(&mla, &g, &d, &r, NULL);
    CHECK(r.kv_bytes_per_request == 2.0 * 2 * 24 * S, "MLA KV 24 elements: %g", r.kv_bytes_per_request);
    rl_testing_set_fault(RL_FAULT_MLA_AS_MHA);
    rl_analyze(&mla, &g, &d, &r, NULL);
    CHECK(r.kv_bytes_per_request == 2.0 * 2 * 128 * S, "MLA as MHA: 128 elements: %g", r.kv_bytes_per_request);
    rl_testing_set_fault(RL_FAULT_KV_QUERY_HEADS);
    rl_analyze(&mla, &g, &d, &r, NULL);
    CHECK(r.kv_bytes_per_request == 2.0 * 2 * 24 * S, "query-heads fault leaves MLA alone: %g", r.kv_bytes_per_request);
    rl_testing_set_fault(RL_FAULT_NONE);

    /* MoE faults on the tiny MoE: E 4, k 2, one expert = 3·64·128 = 24576 params, bf16. */
    rl_model moe = cfg(TINY_MOE);
    double pe = 3.0 * 64 * 128;
    CHECK(moe.params_expert == pe, "one expert is 24576 params");
    /* A step reads the LM head (vocab x hidden) but not the input embedding table. */
    double shared = moe.params_always_read - moe.params_embed + (double)moe.vocab * (double)moe.hidden;
    CHECK(moe.tied_embeddings || shared < moe.params_always_read, "untied: the input table is not read");
    d.batch = 1;
    rl_analyze(&moe, &g, &d, &base, NULL);
    /* Union at B=1 touches E·(1−(1−k/E)) = k = 2 experts in each of the 2 layers. */
    CHECK(near(base.experts_touched, 2.0) && near(base.weight_bytes_read, 2.0 * (shared + 2 * 2 * pe)),
          "moe reads shared + 2 layers x 2 experts (%g)", base.experts_touched);
    rl_testing_set_fault(RL_FAULT_MOE_ALL_EXPERTS);
    rl_analyze(&moe, &g, &d, &r, NULL);
    CHECK(r.experts_touched == 4 && near(r.weight_bytes_read, 2.0 * (shared + 2 * 4 * pe)), "all experts read");
    rl_testing_set_fault(RL_FAULT_MOE_ONCE_PER_MODEL);
    rl_analyze(&moe, &g, &d, &r, NULL);
    CHECK(near(r.weight_bytes_read, 2.0 * (shared + 1 * 2 * pe)), "experts once per model: %g vs %g",
          r.weight_bytes_read, 2.0 * (shared + 1 * 2 * pe));
    /* Reserve ignored: the realistic budget is the floor, so nothing is tight. */
    rl_testing_set_fault(RL_FAULT_RESERVE_IGNORED);
    d = rl_deploy_default();
    d.pool_fraction = 0.5;
    d.batch = 40;
    rl_gpu a = gpu("a100-40g");
    rl_analyze(&q, &a, &d, &r, NULL);
    CHECK(r.verdict == RL_FITS && r.max_batch_realistic == r.max_batch && r.max_batch == 57,
          "reserve ignored: fits, both max batches 57 (%s, %lld, %lld)", rl_verdict_name(r.verdict),
          (long long)r.max_batch_realistic, (long long)r.max_batch);
    /* An out-of-range fault is no fault. */
    rl_testing_set_fault(RL_FAULT_COUNT_);
    rl_analyze(&q, &a, &d, &r, NULL);
    CHECK(r.verdict == RL_TIGHT, "fault 11 is ignored: tight again");
    rl_testing_set_fault(RL_FAULT_RESERVE_IGNORED);
    rl_testing_set_fault((rl_fault)-1);
    rl_analyze(&q, &a, &d, &r, NULL);
    CHECK(r.verdict == RL_TIGHT, "fault -1 is ignored");
    rl_testing_set_fault(RL_FAULT_NONE);
}

/* ---- the parameters-only estimate: range and lever order ------------------ */

static void test_estimate(void) {
    rl_error err;
    double v = -1;
    CHECK(rl_parse_params("", &v, &err) == RL_E_NOT_INTEGER && strcmp(err.field, "params") == 0, "empty params");
    CHECK(rl_parse_params(NULL, &v, &err) == RL_E_NOT_INTEGER, "NULL params");
    CHECK(rl_parse_params("999999", &v, &err) == RL_E_RANGE && strcmp(err.field, "params") == 0, "999999 is under 1e6");
    CHECK(rl_parse_params("999k", &v, &err) == RL_E_RANGE, "999k is under 1e6");
    CHECK(rl_parse_params("1M", &v, &err) == RL_OK && v == 1e6, "1M is the low end");
    CHECK(rl_parse_params("1000T", &v, &err) == RL_OK && v == 1e15, "1000T is the high end");
    CHECK(rl_parse_params("1001T", &v, &err) == RL_E_RANGE, "1001T is over");
    CHECK(rl_parse_params("2e15", &v, &err) == RL_E_RANGE, "2e15 is over");
    rl_gpu g = gpu("h100-sxm");
    rl_deploy d = rl_deploy_default();
    rl_estimate e;
    CHECK(rl_estimate_params(999999, &g, &d, &e, &err) == RL_E_RANGE && strcmp(err.field, "params") == 0, "estimate under 1e6");
    CHECK(rl_estimate_params(2e15, &g, &d, &e, &err) == RL_E_RANGE, "estimate over 1e15");
    CHECK(rl_estimate_params(1e6, &g, &d, &e, &err) == RL_OK && rl_estimate_params(1e15, &g, &d, &e, &err) == RL_OK, "ends accepted");
    CHECK(rl_estimate_params(7e10, &g, &d, NULL, &err) == RL_E_NULL, "NULL estimate");
    /* H100: ridge = 989e12 / 3350e9 = 295.2. Gains: batch = ridge/(B/2), weight precision 2/0.5 = 4,
     * KV 1, speculative 2, TP 2; most first, ties in lever order. */
    static const struct {
        int64_t batch;
        unsigned order[5];
    } cases[] = {
        {1, {RL_LEVER_BATCH, RL_LEVER_WEIGHT_PRECISION, RL_LEVER_SPECULATIVE, RL_LEVER_TP, RL_LEVER_KV_PRECISION}},
        {200, {RL_LEVER_WEIGHT_PRECISION, RL_LEVER_BATCH, RL_LEVER_SPECULATIVE, RL_LEVER_TP, RL_LEVER_KV_PRECISION}},
        {400, {RL_LEVER_WEIGHT_PRECISION, RL_LEVER_SPECULATIVE, RL_LEVER_TP, RL_LEVER_BATCH, RL_LEVER_KV_PRECISION}},
    };
    d.tp = 2; /* the 2 GPUs 70B needs on H100 (below): levers only for weights that fit */
    for (size_t i = 0; i < 3; i++) {
        d.batch = cases[i].batch;
        CHECK(rl_estimate_params(7e10, &g, &d, &e, &err) == RL_OK && e.fits && e.lever_count == 5, "estimate runs");
        double ridge = 989e12 / 3350e9;
        CHECK(near(e.lever_gain[RL_LEVER_BATCH], ridge / (cases[i].batch / 2.0)) && e.lever_gain[RL_LEVER_WEIGHT_PRECISION] == 4 &&
                  e.lever_gain[RL_LEVER_KV_PRECISION] == 1 && e.lever_gain[RL_LEVER_SPECULATIVE] == 2 && e.lever_gain[RL_LEVER_TP] == 2,
              "lever gains at B=%lld", (long long)cases[i].batch);
        CHECK(memcmp(e.lever_order, cases[i].order, sizeof e.lever_order) == 0, "lever order at B=%lld: %u %u %u %u %u",
              (long long)cases[i].batch, e.lever_order[0], e.lever_order[1], e.lever_order[2], e.lever_order[3], e.lever_order[4]);
    }
    /* gpus needed = ceil(weights·(1+overhead)/(pool·vram − context)): 70e9·2 B = 130.385 GiB over
     * (0.9·80 − 0.6)/1.02 = 70 GiB -> 2. */
    d.batch = 1;
    d.tp = 1;
    rl_estimate_params(7e10, &g, &d, &e, &err);
    CHECK(e.gpus_needed == 2 && near(e.usable_gib_per_gpu, 71.4 / 1.02), "70B on H100: 2 GPUs (%lld)", (long long)e.gpus_needed);
    /* On the one GPU given it cannot run: no intensity, roof, bound or lever, in the struct or in its JSON. */
    CHECK(!e.fits && e.decode_ai == 0 && e.attainable_tflops == 0 && e.ridge == 0 && e.bound == RL_BOUND_NONE && e.lever_count == 0,
          "70B on one H100: no throughput figure");
    char json[4096];
    rl_estimate_json(&g, &d, &e, json, sizeof json);
    CHECK(strstr(json, "\"gpus_needed\":2") && !strstr(json, "decode_ai") && !strstr(json, "attainable") && !strstr(json, "ridge") &&
              !strstr(json, "bound") && !strstr(json, "levers"),
          "its JSON has the GPUs needed and no throughput: %s", json);
}

/* ---- the parameters-only estimate's ways out ------------------------------ */

static bool est_fits(double params, const rl_gpu *g, const rl_deploy *d) {
    rl_estimate e;
    rl_error err;
    return rl_estimate_params(params, g, d, &e, &err) == RL_OK && e.fits;
}

/* Over a grid of sizes, GPUs, precisions and tp × pp: a refused estimate has a positive shortfall, and
 * each way out, applied alone, makes the weights fit, while the next smaller step does not: the precision
 * is the highest that fits; tp is the smallest power of two; the pair is offered only when no precision
 * alone fits, on fewer GPUs than tp alone, and no lower precision gets there on fewer; the bigger GPU
 * is the least VRAM that fits. */
static void test_estimate_ways_out(void) {
    static const double sizes[] = {7e9, 70e9, 405e9, 1e12};
    static const char *const gpus[] = {"rtx-4090", "h100-sxm", "a100-40g"};
    static const rl_precision precs[] = {RL_PREC_AUTO, RL_PREC_FP8, RL_PREC_INT4};
    static const rl_precision lower[] = {RL_PREC_FP16, RL_PREC_FP8, RL_PREC_INT4};
    static const int64_t par[][2] = {{1, 1}, {2, 1}, {1, 2}, {1, 3}};
    int refused = 0, pairs = 0, alone = 0;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (size_t gi = 0; gi < sizeof gpus / sizeof gpus[0]; gi++)
            for (size_t pi = 0; pi < sizeof precs / sizeof precs[0]; pi++)
                for (size_t k = 0; k < sizeof par / sizeof par[0]; k++) {
                    rl_gpu g = gpu(gpus[gi]);
                    rl_deploy d = rl_deploy_default(), t;
                    d.precision = precs[pi];
                    d.tp = par[k][0];
                    d.pp = par[k][1];
                    rl_estimate e;
                    rl_error err;
                    double N = sizes[s];
                    if (rl_estimate_params(N, &g, &d, &e, &err) != RL_OK || e.fits) {
                        CHECK(e.remedies == 0 && e.shortfall_gib == 0, "a fit has no way out (%g on %s)", N, gpus[gi]);
                        continue;
                    }
                    refused++;
                    CHECK(e.shortfall_gib > 0 && (e.remedies & RL_REMEDY_BIGGER_GPU), "%g on %s: shortfall %g, bits %x", N, gpus[gi],
                          e.shortfall_gib, e.remedies);
                    double bytes = rl_precision_bytes(e.weight_precision);
                    /* The precision alone: it fits, and no higher one of the three below the current does. */
                    bool any_alone = false;
                    for (size_t i = 0; i < 3; i++) {
                        if (rl_precision_bytes(lower[i]) >= bytes) continue;
                        t = d;
                        t.precision = lower[i];
                        bool fits = est_fits(N, &g, &t);
                        if (fits && !any_alone)
                            CHECK((e.remedies & RL_REMEDY_WEIGHT_PRECISION) && e.remedy_precision == lower[i],
                                  "%g on %s tp%lld pp%lld: %s fits alone (bits %x)", N, gpus[gi], (long long)d.tp, (long long)d.pp,
                                  rl_precision_name(lower[i]), e.remedies);
                        any_alone |= fits;
                    }
                    CHECK(any_alone == ((e.remedies & RL_REMEDY_WEIGHT_PRECISION) != 0), "%g on %s: a precision alone offered only when one fits",
                          N, gpus[gi]);
                    alone += any_alone;
                    /* tp: the smallest power of two. */
                    if (e.remedies & RL_REMEDY_MORE_TP) {
                        t = d;
                        t.tp = e.remedy_tp;
                        CHECK(est_fits(N, &g, &t), "%g on %s: tp=%lld fits", N, gpus[gi], (long long)e.remedy_tp);
                        t.tp = e.remedy_tp / 2;
                        CHECK(t.tp <= d.tp || !est_fits(N, &g, &t), "%g on %s: tp=%lld already fits", N, gpus[gi], (long long)t.tp);
                    }
                    /* The pair: fits; only without a precision alone; below tp alone; no lower precision on fewer GPUs. */
                    if (e.remedies & RL_REMEDY_PRECISION_AND_TP) {
                        pairs++;
                        t = d;
                        t.precision = e.remedy_pair_precision;
                        t.tp = e.remedy_pair_tp;
                        CHECK(est_fits(N, &g, &t) && !any_alone && (!(e.remedies & RL_REMEDY_MORE_TP) || e.remedy_pair_tp < e.remedy_tp),
                              "%g on %s: the pair %s tp=%lld", N, gpus[gi], rl_precision_name(e.remedy_pair_precision),
                              (long long)e.remedy_pair_tp);
                        for (size_t i = 0; i < 3; i++) {
                            if (rl_precision_bytes(lower[i]) >= bytes) continue;
                            t.precision = lower[i];
                            t.tp = e.remedy_pair_tp / 2;
                            CHECK(t.tp <= d.tp || !est_fits(N, &g, &t), "%g on %s: %s fits on tp=%lld, fewer than the pair's", N, gpus[gi],
                                  rl_precision_name(lower[i]), (long long)t.tp);
                            t.tp = e.remedy_pair_tp;
                            CHECK(rl_precision_bytes(lower[i]) <= rl_precision_bytes(e.remedy_pair_precision) || !est_fits(N, &g, &t),
                                  "%g on %s: the higher %s fits on the pair's tp=%lld", N, gpus[gi], rl_precision_name(lower[i]),
                                  (long long)t.tp);
                        }
                    }
                    /* The bigger GPU: the least VRAM that fits (the figure, and a hair under it). */
                    rl_gpu big = g;
                    big.vram_gib = e.remedy_vram_gib * (1 + 1e-12);
                    CHECK(est_fits(N, &big, &d), "%g on %s: %g GiB fits", N, gpus[gi], e.remedy_vram_gib);
                    big.vram_gib = e.remedy_vram_gib * (1 - 1e-9);
                    CHECK(!est_fits(N, &big, &d), "%g on %s: less than %g GiB fits too", N, gpus[gi], e.remedy_vram_gib);
                }
    CHECK(refused > 40 && pairs > 5 && alone > 5, "the grid sees each way out: %d refused, %d pairs, %d precisions alone", refused, pairs, alone);
}

/* SGLang's bigger-GPU way out (test_sglang_bigger_gpu) over a sweep of needs, through the size-only estimate,
 * whose bigger GPU holds the weights, their overhead and the context reserve: 2B to 300B parameters in bf16 in
 * steps of 0.05B, at tp 1, tp 4 and pp 2, needs of about 4 to 570 GiB a GPU. On the GPU it names the weights fit;
 * just under it they do not, nor on a grid down to 0.6 of it, nor at or just under any tier's edge below it. A
 * tier bound moved by a GiB, or an answer taken from the wrong tier, names a GPU that is not the least for some
 * size of the sweep. */
static void test_sglang_gpu_for_every_need(void) {
    static const int64_t par[][2] = {{1, 1}, {4, 1}, {1, 2}};
    static const double edges[] = {20, 35, 60, 160};
    int bad = 0, past_jump = 0, checked = 0;
    for (size_t p = 0; p < sizeof par / sizeof par[0]; p++)
        for (int i = 40; i <= 6000; i++) {
            double params = 0.05e9 * i;
            rl_gpu g = {.tflops = 500, .bandwidth_gbs = 2000, .vram_gib = 1};
            snprintf(g.name, sizeof g.name, "custom");
            rl_deploy d = rl_deploy_default();
            d.engine = RL_ENGINE_SGLANG;
            d.tp = par[p][0], d.pp = par[p][1];
            rl_estimate e;
            rl_error err;
            if (rl_estimate_params(params, &g, &d, &e, &err) != RL_OK || e.fits || !(e.remedies & RL_REMEDY_BIGGER_GPU)) {
                bad++;
                continue;
            }
            double v = e.remedy_vram_gib;
            g.vram_gib = v * (1 + 1e-9);
            bool ok = est_fits(params, &g, &d);
            g.vram_gib = v * (1 - 1e-7);
            ok = ok && !est_fits(params, &g, &d);
            for (int k = 1; k <= 20 && ok; k++) {
                g.vram_gib = v * (1 - 0.02 * k);
                ok = !est_fits(params, &g, &d);
            }
            for (size_t x = 0; x < sizeof edges / sizeof edges[0] && ok; x++) {
                if (edges[x] >= v) continue;
                g.vram_gib = edges[x];
                ok = !est_fits(params, &g, &d);
                g.vram_gib = nextafter(edges[x], 0);
                ok = ok && !est_fits(params, &g, &d);
            }
            checked++;
            past_jump += v > 60 && v < 70;
            if (!ok && bad++ < 5)
                CHECK(0, "SGLang's least GPU for %.2fB at tp %lld pp %lld: %.9g GiB is not the least that holds it", params / 1e9,
                      (long long)d.tp, (long long)d.pp, v);
        }
    CHECK(bad == 0 && checked > 17000 && past_jump > 10, "SGLang's least GPU for every size (%d wrong of %d; %d just past the 60 GiB jump)",
          bad, checked, past_jump);
}

/* SGLang's own pool shrinks as tp grows (128 MiB more reserve per rank, a bigger decode graph from tp 4), so
 * the GPUs the weights need at tp 1 may not hold them at that tp. In steps of 1B parameters, which cross
 * those slivers: the more-tp way out, and the pair's, fit at the pool their tp gets, and half the tp does not. */
static void test_estimate_more_tp_at_its_pool(void) {
    static const char *const gpus[] = {"h100-sxm", "l40s", "rtx-4090", "b200"};
    int checked = 0, sliver = 0;
    for (size_t gi = 0; gi < sizeof gpus / sizeof gpus[0]; gi++)
        for (double N = 10e9; N <= 1200e9; N += 1e9) {
            rl_gpu g = gpu(gpus[gi]);
            rl_deploy d = rl_deploy_default(), t;
            d.engine = RL_ENGINE_SGLANG;
            rl_estimate e;
            rl_error err;
            if (rl_estimate_params(N, &g, &d, &e, &err) != RL_OK || e.fits) continue;
            if (e.remedies & RL_REMEDY_MORE_TP) {
                checked++;
                t = d;
                t.tp = e.remedy_tp;
                CHECK(est_fits(N, &g, &t), "%g under SGLang on %s: tp=%lld fits", N, gpus[gi], (long long)e.remedy_tp);
                t.tp = e.remedy_tp / 2;
                CHECK(t.tp < 1 || !est_fits(N, &g, &t), "%g under SGLang on %s: tp=%lld already fits", N, gpus[gi], (long long)t.tp);
                /* The tp-1 pool's count of GPUs would have named a smaller tp here. */
                sliver += e.gpus_needed <= e.remedy_tp / 2;
            }
            if (e.remedies & RL_REMEDY_PRECISION_AND_TP) {
                t = d;
                t.precision = e.remedy_pair_precision;
                t.tp = e.remedy_pair_tp;
                CHECK(est_fits(N, &g, &t), "%g under SGLang on %s: the pair %s tp=%lld fits", N, gpus[gi],
                      rl_precision_name(e.remedy_pair_precision), (long long)e.remedy_pair_tp);
            }
        }
    CHECK(checked > 100 && sliver > 0, "the sweep sees tp ways out (%d) and a sliver where tp 1's pool would mislead (%d)", checked, sliver);
}

/* ---- the JSON reader: every prefix of a valid config is truncated JSON ----- */

/* The one-pass tokenizer: RL_CONFIG_MAX_TOKENS tokens fit, one more does not; the
 * grammar of the whole text is checked before the token count, the top level's type
 * between the two. */
static char *ones(const char *head, size_t items, const char *tail) {
    size_t n = strlen(head) + 2 * items + strlen(tail) + 1;
    char *t = malloc(n), *p = t;
    p += sprintf(p, "%s", head);
    for (size_t i = 0; i < items; i++) p += sprintf(p, i ? ",1" : "1");
    sprintf(p, "%s", tail);
    return t;
}

static void test_json_token_limit(void) {
    rl_model m;
    rl_error err;
    char *t = ones("{\"a\":[", RL_CONFIG_MAX_TOKENS - 3, "]}"); /* object, key, array and its items */
    CHECK(rl_model_from_config_json(t, strlen(t), &m, &err) == RL_E_JSON_MISSING, "8192 tokens read (%s)", err.message);
    free(t);
    t = ones("{\"a\":[", RL_CONFIG_MAX_TOKENS - 2, "]}");
    CHECK(rl_model_from_config_json(t, strlen(t), &m, &err) == RL_E_TOO_LARGE && strcmp(err.field, "config") == 0 &&
              has(err.message, "8192"),
          "8193 tokens are too many (%s)", err.message);
    free(t);
    t = ones("{\"a\":[", 9000, "],}");
    CHECK(rl_model_from_config_json(t, strlen(t), &m, &err) == RL_E_JSON_SYNTAX && has(err.message, "not valid"),
          "a syntax error past the token limit is still the error (%s)", err.message);
    free(t);
    t = ones("[", 5000, "]");
    CHECK(rl_model_from_config_json(t, strlen(t), &m, &err) == RL_E_JSON_TYPE, "a long top-level array is not an object (%s)",
          err.message);
    free(t);
    /* Keys and values of nested objects are skipped whole: the fields after them are found. */
    static const char nested[] = "{\"o\":{\"k\":{\"x\":[1,{\"y\":2}]},\"z\":[[],{}]},\"num_hidden_layers\":1,"
                                 "\"hidden_size\":8,\"num_attention_heads\":2,\"vocab_size\":10,\"intermediate_size\":8}";
    CHECK(rl_model_from_config_json(nested, sizeof nested - 1, &m, &err) == RL_OK && m.layers == 1 && m.hidden == 8,
          "fields after nested objects read (%s)", err.message);
}

static void test_json_reader(void) {
    /* Strings with every escape, numbers with sign, zero, fraction and exponents, the three
     * literals, nested arrays and objects, and keys written with \u escapes (upper and lower hex). */
    static const char full[] =
        "{\"model_type\":\"llama\",\"num_hidden_layers\":2,\"hidden\\u005fsize\":64,\"num_attention\\u005Fheads\":4,"
        "\"num_key_value_heads\":null,\"vocab_size\":100,\"intermediate_size\":128,"
        "\"x\":\"q\\\"b\\\\s\\/f\\b\\f\\n\\r\\t\\u00e9\\uABCD\",\"n\":[-0.5e+3,0,10E-2,1.25,-7],\"t\":true,\"f\":false,"
        "\"o\":{\"k\":[[],{}],\"z\":null},\"tie_word_embeddings\":false}";
    size_t n = sizeof full - 1;
    rl_model m;
    rl_error err;
    CHECK(rl_model_from_config_json(full, n, &m, &err) == RL_OK, "the full config reads (%s)", err.message);
    CHECK(m.hidden == 64 && m.heads == 4 && m.kv_heads == 4 && m.layers == 2 && !m.tied_embeddings,
          "escaped keys read as themselves; null KV heads default to the heads");
    int bad = 0;
    for (size_t k = 0; k < n; k++) {
        rl_status st = rl_model_from_config_json(full, k, &m, &err);
        int ok = st == RL_E_JSON_SYNTAX && strcmp(err.field, "config") == 0 &&
                 has(err.message, k == 0 ? "empty" : "truncated");
        if (!ok && bad++ < 5) printf("prefix %zu: %s %s\n", k, rl_status_name(st), err.message);
        CHECK(ok, "prefix of %zu bytes is truncated JSON", k);
    }
    /* Wrong characters are "not valid", never "truncated". */
    static const char *const invalid[] = {
        "{\"a\":trux}", "{\"a\":nulL}", "{\"a\":fals}", "{\"a\":\"\\x\"}", "{\"a\":\"\\u12G4\"}", "{\"a\":\"\\u 123\"}",
        "{\"a\":01}", "{\"a\":1.}", "{\"a\":1e}", "{\"a\":-}", "{\"a\":1.e5}", "{\"a\":+1}", "{\"a\":\"\x01\"}",
        "{\"a\" 1}", "{\"a\":1,}", "{,}", "{\"a\":[1 2]}", "{\"a\":1]", "[1}", "{\"a\":.5}",
    };
    for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++) {
        rl_status st = rl_model_from_config_json(invalid[i], strlen(invalid[i]), &m, &err);
        CHECK(st == RL_E_JSON_SYNTAX && has(err.message, "not valid JSON"), "%s is not valid JSON (%s: %s)", invalid[i],
              rl_status_name(st), err.message);
    }
    static const char *const after[] = {"{} {}", "{}x", "{} 1"};
    for (size_t i = 0; i < 3; i++) {
        rl_status st = rl_model_from_config_json(after[i], strlen(after[i]), &m, &err);
        CHECK(st == RL_E_JSON_SYNTAX && has(err.message, "after its closing brace"), "%s has text after (%s)", after[i], err.message);
    }
    static const char *const empty[] = {"", " ", "\n\t\r "};
    for (size_t i = 0; i < 3; i++) {
        rl_status st = rl_model_from_config_json(empty[i], strlen(empty[i]), &m, &err);
        CHECK(st == RL_E_JSON_SYNTAX && has(err.message, "empty"), "blank text is empty (%s)", err.message);
    }
    /* Valid JSON that is not an object. */
    static const char *const notobj[] = {"[]", " 1", "\"x\"", "null", " \n[1]"};
    for (size_t i = 0; i < 5; i++) {
        rl_status st = rl_model_from_config_json(notobj[i], strlen(notobj[i]), &m, &err);
        CHECK(st == RL_E_JSON_TYPE && strcmp(err.field, "config") == 0, "%s is not an object (%s)", notobj[i], rl_status_name(st));
    }
    /* Leading whitespace before the object is fine. */
    {
        char buf[512];
        snprintf(buf, sizeof buf, " \t\r\n%s", TINY);
        CHECK(rl_model_from_config_json(buf, strlen(buf), &m, &err) == RL_OK, "leading whitespace (%s)", err.message);
    }
    /* Booleans: only true and false. */
    static const char *const tie_bad[] = {"1", "\"true\"", "\"false\"", "0", "\"\"", "[]"};
    for (size_t i = 0; i < sizeof tie_bad / sizeof tie_bad[0]; i++) {
        char buf[512];
        snprintf(buf, sizeof buf,
                 "{\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,"
                 "\"intermediate_size\":128,\"tie_word_embeddings\":%s}", tie_bad[i]);
        rl_status st = rl_model_from_config_json(buf, strlen(buf), &m, &err);
        CHECK(st == RL_E_JSON_TYPE && strcmp(err.field, "config.tie_word_embeddings") == 0, "tie %s is a type error (%s)", tie_bad[i],
              rl_status_name(st));
    }
    {
        const char *tied = "{\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,"
                           "\"intermediate_size\":128,\"tie_word_embeddings\":true}";
        const char *untied = "{\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,"
                             "\"intermediate_size\":128,\"tie_word_embeddings\":false}";
        rl_model a = cfg(tied), b = cfg(untied);
        CHECK(a.tied_embeddings && !b.tied_embeddings && b.params_total - a.params_total == 100.0 * 64,
              "tying saves one vocab x hidden matrix");
    }
    /* Duplicate keys name the key with its path. */
    {
        const char *dup = "{\"num_hidden_layers\":2,\"hidden_size\":64,\"hidden_size\":64}";
        CHECK(rl_model_from_config_json(dup, strlen(dup), &m, &err) == RL_E_DUPLICATE_KEY &&
                  strcmp(err.field, "config.hidden_size") == 0,
              "duplicate hidden_size: %s", err.field);
        const char *dup2 = "{\"text_config\":{\"vocab_size\":1,\"vocab_size\":2}}";
        CHECK(rl_model_from_config_json(dup2, strlen(dup2), &m, &err) == RL_E_DUPLICATE_KEY &&
                  strcmp(err.field, "config.text_config.vocab_size") == 0,
              "duplicate under text_config: %s", err.field);
        const char *dup3 = "{\"a\":1,\"b\":2,\"c\":3,\"b\":4}";
        CHECK(rl_model_from_config_json(dup3, strlen(dup3), &m, &err) == RL_E_DUPLICATE_KEY && strcmp(err.field, "config.b") == 0,
              "duplicate b: %s", err.field);
        /* A long duplicate key: the path stays whole, the key is cut (to 40 characters). */
        char longkey[200], buf[512];
        memset(longkey, 'k', 70);
        longkey[70] = '\0';
        snprintf(buf, sizeof buf, "{\"%s\":1,\"%s\":2}", longkey, longkey);
        CHECK(rl_model_from_config_json(buf, strlen(buf), &m, &err) == RL_E_DUPLICATE_KEY && strncmp(err.field, "config.kkkk", 11) == 0 &&
                  strlen(err.field) < sizeof err.field && has(err.message, "appears twice"),
              "a long duplicate key keeps its path: %s", err.field);
    }
    /* Number parsing helpers. */
    double x;
    CHECK(rl_parse_number("", "f", &x, &err) == RL_E_NOT_INTEGER && rl_parse_number(NULL, "f", &x, &err) == RL_E_NOT_INTEGER,
          "empty and NULL numbers");
    CHECK(rl_parse_number("12abc", "f", &x, &err) == RL_E_NOT_INTEGER && strcmp(err.field, "f") == 0, "trailing junk");
    CHECK(rl_parse_number("abc", "f", &x, &err) == RL_E_NOT_INTEGER, "no number");
    CHECK(rl_parse_number("inf", "f", &x, &err) == RL_E_RANGE && rl_parse_number("-inf", "f", &x, &err) == RL_E_RANGE, "inf is a range error");
    CHECK(rl_parse_number("1e400", "f", &x, &err) == RL_E_RANGE, "overflow is a range error");
    CHECK(rl_parse_number("2.5", "f", &x, &err) == RL_OK && x == 2.5, "2.5");
    int64_t c;
    CHECK(rl_parse_count("0", "seq", 0, 5, &c, &err) == RL_OK && c == 0, "0 in [0,5]");
    CHECK(rl_parse_count("5", "seq", 0, 5, &c, &err) == RL_OK && c == 5 && rl_parse_count("6", "seq", 0, 5, &c, &err) == RL_E_RANGE,
          "upper end");
    CHECK(rl_parse_count("", "seq", 0, 5, &c, &err) == RL_E_NOT_INTEGER && rl_parse_count(NULL, "seq", 0, 5, &c, &err) == RL_E_NOT_INTEGER,
          "empty count");
}

/* ---- analysis edges: huge max batch, remedies' candidate order, flags ------ */

static void test_analysis_edges(void) {
    /* The smallest model: L = H = q = h_kv = d = V = I = 1 (fp16). Parameters: embeddings 1·1·2,
     * q/k/v/o 4, two norms 2, MLP 3, final norm 1 = 12; weights 24 bytes. With int4 KV at S = 1
     * one request holds 2 elements · 0.5 B = 1 byte. */
    const char *one = "{\"num_hidden_layers\":1,\"hidden_size\":1,\"num_attention_heads\":1,\"vocab_size\":1,\"intermediate_size\":1}";
    rl_model m = cfg(one);
    CHECK(m.params_total == 12, "the 1-wide model has 12 parameters (%g)", m.params_total);
    rl_gpu g = rl_gpu_default();
    g.tflops = 100;
    g.bandwidth_gbs = 1000;
    g.vram_gib = 1e5;
    rl_deploy d = rl_deploy_default();
    d.seq = 1;
    d.kv_precision = RL_PREC_INT4;
    rl_result r;
    CHECK(rl_analyze(&m, &g, &d, &r, NULL) == RL_OK && r.fits, "runs");
    /* free = 1e5 GiB − 24 B = 107374182400000 − 24 bytes; one request is 1 byte. */
    CHECK(r.max_batch == 107374182399976LL, "max batch = free bytes / 1 byte = 107374182399976 (got %lld)", (long long)r.max_batch);
    CHECK(r.kv_bytes_per_request == 1 && r.weight_bytes == 24, "1 byte of KV, 24 of weights");
    /* Reserve ignored: the realistic budget is the floor, per request the KV alone. */
    rl_testing_set_fault(RL_FAULT_RESERVE_IGNORED);
    g.vram_gib = 1;
    rl_analyze(&m, &g, &d, &r, NULL);
    CHECK(r.max_batch == 1073741824LL - 24 && r.max_batch_realistic == r.max_batch,
          "reserve ignored: realistic max batch = floor = 1073741800 (%lld, %lld)", (long long)r.max_batch,
          (long long)r.max_batch_realistic);
    rl_testing_set_fault(RL_FAULT_NONE);

    /* Remedies: fp32 weights that do not fit, fp16 ones that do: the first candidate, fp16.
     * qwen3-4b fp32 = 4022468096·4 B = 14.985 GiB on 12 GiB; fp16 weights 7.49 GiB + fp32 KV 1.125 GiB fit. */
    rl_model q = preset("qwen3-4b");
    rl_gpu g12 = gpu("a100-40g");
    g12.vram_gib = 12;
    d = rl_deploy_default();
    d.precision = RL_PREC_FP32;
    rl_analyze(&q, &g12, &d, &r, NULL);
    CHECK(r.verdict == RL_WEIGHTS_DO_NOT_FIT && (r.remedies & RL_REMEDY_WEIGHT_PRECISION) && r.remedy_precision == RL_PREC_FP16,
          "fp32 -> fp16 remedy (%s)", rl_precision_name(r.remedy_precision));
    /* KV remedies try fp8 first, then int4: fp32 KV at batch 40 on 40 GB (45 GiB of KV) -> fp8, although fp16 would fit. */
    rl_gpu a = gpu("a100-40g");
    d = rl_deploy_default();
    d.kv_precision = RL_PREC_FP32;
    d.batch = 40;
    rl_analyze(&q, &a, &d, &r, NULL);
    CHECK(r.verdict == RL_KV_DOES_NOT_FIT && (r.remedies & RL_REMEDY_KV_PRECISION) && r.remedy_kv_precision == RL_PREC_FP8,
          "fp32 KV -> fp8 remedy (%s)", rl_precision_name(r.remedy_kv_precision));
    /* A refusal carries no roofline, decode or prefill figures. */
    CHECK(!r.has_timing && r.prefill_ai == 0 && r.prefill_ms == 0 && r.ttft_ms == 0 && r.prefill_tokens_per_s == 0 &&
              r.flops_per_step == 0 && r.bytes_per_step == 0 && r.bound == RL_BOUND_NONE && r.prefill_bound == RL_BOUND_NONE &&
              r.ceiling_fraction == 0,
          "no figures on a refusal (prefill ai %g)", r.prefill_ai);
    d.batch = 1;
    rl_analyze(&q, &a, &d, &r, NULL);
    CHECK(r.has_timing == 1 && r.fits == 1 && r.times_are_bandwidth_floors == 0, "has_timing is 1 when it fits");
    /* No sourced TFLOPS: the flag is 1, the bound unknown. */
    rl_gpu mac;
    rl_error err;
    CHECK(rl_gpu_preset("m4-max-128g", 0, &mac, &err) == RL_OK && mac.tflops_unknown == 1 && mac.unified == 1, "m4 max loads");
    rl_analyze(&q, &mac, &d, &r, NULL);
    CHECK(r.has_timing == 1 && r.times_are_bandwidth_floors == 1 && r.bound == RL_BOUND_UNKNOWN &&
              (r.warnings & RL_WARN_NO_SOURCED_TFLOPS),
          "bandwidth floors only");
    /* tp = 1: no all-reduce; tp = 2: 8·(1/2)·L·H·B = 4·36·2560 bytes. */
    rl_analyze(&q, &a, &d, &r, NULL);
    CHECK(r.allreduce_bytes_per_gpu == 0 && r.kv_share == 1, "tp 1: no all-reduce, whole KV");
    d.tp = 2;
    rl_analyze(&q, &a, &d, &r, NULL);
    CHECK(r.allreduce_bytes_per_gpu == 4.0 * 36 * 2560 && r.kv_share == 0.5 && !(r.warnings & RL_WARN_KV_HEADS_NOT_DIVISIBLE_BY_TP),
          "tp 2: all-reduce 368640 bytes, half the KV (%g)", r.allreduce_bytes_per_gpu);
    d.tp = 8;
    rl_analyze(&q, &a, &d, &r, NULL);
    CHECK(!(r.warnings & (RL_WARN_KV_HEADS_NOT_DIVISIBLE_BY_TP | RL_WARN_KV_REPLICATED_ACROSS_TP)) && r.kv_share == 0.125,
          "tp 8 = h_kv: neither warning");
}

/* ---- requests through the C API ------------------------------------------ */

static void test_requests(void) {
    rl_model m;
    rl_gpu g;
    rl_deploy d;
    rl_error err;
    const char *req = "{\"model\":\"qwen3-4b\",\"gpu\":\"a100-40g\",\"batch\":3,\"seq\":1000}";
    CHECK(rl_request_from_json(req, strlen(req), NULL, 0, &m, &g, &d, &err) == RL_OK && m.layers == 36 && g.vram_gib == 40 &&
              d.batch == 3 && d.seq == 1000 && d.tp == 1,
          "a preset request reads (%s)", err.message);
    CHECK(rl_request_from_json(req, strlen(req), NULL, 0, &m, NULL, &d, &err) == RL_E_NULL && strcmp(err.field, "request") == 0,
          "NULL gpu output");
    CHECK(rl_request_from_json(req, strlen(req), NULL, 0, &m, &g, NULL, &err) == RL_E_NULL, "NULL deploy output");
    CHECK(rl_request_from_json(NULL, 0, NULL, 0, &m, &g, &d, &err) == RL_E_NULL, "NULL request text");
    const char *creq = "{\"gpu\":{\"tflops\":100,\"bandwidth_gbs\":1000,\"vram_gib\":8}}";
    CHECK(rl_request_from_json(creq, strlen(creq), TINY, strlen(TINY), &m, &g, &d, &err) == RL_OK && m.hidden == 64 &&
              g.tflops == 100 && g.bandwidth_gbs == 1000 && g.vram_gib == 8 && strcmp(g.name, "custom") == 0,
          "config text + custom GPU (%s)", err.message);
    const char *both = "{\"model\":\"qwen3-4b\",\"gpu\":\"a100-40g\"}";
    CHECK(rl_request_from_json(both, strlen(both), TINY, strlen(TINY), &m, &g, &d, &err) == RL_E_CONTRADICTION &&
              strcmp(err.field, "model") == 0,
          "model and config text together");
    const char *none = "{\"gpu\":\"a100-40g\"}";
    CHECK(rl_request_from_json(none, strlen(none), NULL, 0, &m, &g, &d, &err) == RL_E_JSON_MISSING && strcmp(err.field, "model") == 0,
          "no model");
    const char *nogpu = "{\"model\":\"qwen3-4b\"}";
    CHECK(rl_request_from_json(nogpu, strlen(nogpu), NULL, 0, &m, &g, &d, &err) == RL_E_JSON_MISSING && strcmp(err.field, "gpu") == 0,
          "no gpu");
    const char *pr = "{\"params\":\"70B\",\"gpu\":\"a100-40g\"}";
    CHECK(rl_request_from_json(pr, strlen(pr), NULL, 0, &m, &g, &d, &err) == RL_E_UNKNOWN_NAME && strcmp(err.field, "params") == 0,
          "params needs rl_run_json");
    const char *nulltf = "{\"model\":\"qwen3-4b\",\"gpu\":{\"tflops\":null,\"bandwidth_gbs\":500,\"vram_gib\":64}}";
    CHECK(rl_request_from_json(nulltf, strlen(nulltf), NULL, 0, &m, &g, &d, &err) == RL_OK && g.tflops_unknown == 1,
          "tflops null: unknown (%s)", err.message);
    const char *misbw = "{\"model\":\"qwen3-4b\",\"gpu\":{\"tflops\":100,\"vram_gib\":64}}";
    CHECK(rl_request_from_json(misbw, strlen(misbw), NULL, 0, &m, &g, &d, &err) == RL_E_JSON_MISSING &&
              strcmp(err.field, "gpu.bandwidth_gbs") == 0,
          "missing bandwidth (%s)", err.field);
    const char *raised = "{\"model\":\"qwen3-4b\",\"gpu\":\"m4-max-128g\",\"gpu_limit\":\"raised\"}";
    CHECK(rl_request_from_json(raised, strlen(raised), NULL, 0, &m, &g, &d, &err) == RL_OK && near(g.vram_gib, 0.88 * 128),
          "raised wired limit: min(0.88*128, 128-4.5) = 112.64 (%g)", g.vram_gib);
    const char *deflt = "{\"model\":\"qwen3-4b\",\"gpu\":\"m4-max-128g\",\"gpu_limit\":\"default\"}";
    CHECK(rl_request_from_json(deflt, strlen(deflt), NULL, 0, &m, &g, &d, &err) == RL_OK && near(g.vram_gib, 0.78 * 128),
          "default wired limit: min(0.78*128, 128-6) = 99.84 (%g)", g.vram_gib);
    /* Unknown keys are named; a very long one is cut like a duplicate key (40 characters). */
    char key[64], buf[256];
    memset(key, 'q', 45);
    key[45] = '\0';
    snprintf(buf, sizeof buf, "{\"model\":\"qwen3-4b\",\"gpu\":\"a100-40g\",\"%s\":1}", key);
    CHECK(rl_request_from_json(buf, strlen(buf), NULL, 0, &m, &g, &d, &err) == RL_E_UNKNOWN_NAME && strlen(err.field) == 40 &&
              strncmp(err.field, key, 40) == 0,
          "a 45-character unknown key is named by its first 40 (%s)", err.field);
    const char *typo = "{\"model\":\"qwen3-4b\",\"gpu\":\"a100-40g\",\"bacth\":1}";
    CHECK(rl_request_from_json(typo, strlen(typo), NULL, 0, &m, &g, &d, &err) == RL_E_UNKNOWN_NAME && strcmp(err.field, "bacth") == 0,
          "a typo is named");
    /* rl_run_json: report, estimate, error. */
    char out[16384];
    rl_status st = RL_E_NULL;
    size_t n = rl_run_json(req, strlen(req), NULL, 0, out, sizeof out, &st);
    CHECK(st == RL_OK && n == strlen(out) && has(out, "\"verdict\":\"fits\""), "run_json report");
    n = rl_run_json(pr, strlen(pr), NULL, 0, out, sizeof out, &st);
    CHECK(st == RL_OK && n == strlen(out) && has(out, "\"estimate\"") && !has(out, "\"verdict\""), "run_json estimate");
    n = rl_run_json(nogpu, strlen(nogpu), NULL, 0, out, sizeof out, &st);
    CHECK(st == RL_E_JSON_MISSING && n == strlen(out) && has(out, "\"code\":\"json_missing\"") && has(out, "\"field\":\"gpu\""),
          "run_json error: %s", out);
    n = rl_run_json(req, strlen(req), NULL, 0, NULL, 0, NULL);
    CHECK(n > 100, "run_json measures with a NULL buffer and status");

    /* Dense models have no expert parameters. */
    rl_model dense = cfg(TINY);
    CHECK(dense.params_expert == 0 && dense.params_expert_matrix == 0 && dense.params_always_read == dense.params_total &&
              dense.params_active == dense.params_total,
          "dense: no expert params, everything always read");
    rl_model moe = cfg(TINY_MOE);
    CHECK(moe.params_expert_matrix == 3.0 * 64 * 128 && moe.params_expert == moe.params_expert_matrix &&
              moe.params_total - moe.params_always_read == 2 * 4 * moe.params_expert &&
              moe.params_total - moe.params_active == 2 * 2 * moe.params_expert,
          "moe: 2 layers x 4 experts of 24576 params, 2 of them active");
}

/* ---- the JSON reader never looks past the end of its text ---------------- */

static void test_json_end_of_text(void) {
    /* Each text is a truncated config followed, past `len`, by bytes that would make it invalid
     * (or complete) if the reader looked at them: the answer must be "truncated" every time. */
    static const struct {
        const char *text;
        size_t len;
    } cases[] = {
        {"{\"a\":\"b\x01\"}", 7},       /* mid-string; a control character follows */
        {"{\"a\":\"\\x\"}", 7},         /* after a backslash; an invalid escape follows */
        {"{\"a\":\"\\u12G4\"}", 10},    /* mid \u escape; a non-hex digit follows */
        {"{\"a\":\"\\u1G34\"}", 9},
        {"{\"a\":\"\\uG234\"}", 8},
        {"{\"a\":\"\\u123G\"}", 11},
        {"{\"a\":tr\"x}", 7},           /* mid-literal; a wrong letter follows */
        {"{\"a\":fals\"}", 9},
        {"{\"a\":nu1}", 7},
        {"{\"a\":1x}", 6},              /* after a number */
        {"{\"a\":-x}", 6},
        {"{\"a\":0x}", 6},
        {"{\"a\":1.x}", 7},
        {"{\"a\":1ex}", 7},
        {"{\"a\":1e+x}", 8},
        {"{\"a\":1.5e-x}", 10},
        {"{\"a\":1 x}", 7},             /* after whitespace */
        {"{\"a\"x}", 4},
        {"{x}", 1},
        {" x", 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rl_model m;
        rl_error err;
        rl_status st = rl_model_from_config_json(cases[i].text, cases[i].len, &m, &err);
        int want_empty = cases[i].len == 1 && cases[i].text[0] == ' ';
        CHECK(st == RL_E_JSON_SYNTAX && has(err.message, want_empty ? "empty" : "truncated"),
              "case %zu (%.*s) is truncated JSON (%s: %s)", i, (int)cases[i].len, cases[i].text, rl_status_name(st), err.message);
    }
    /* The same texts, complete: the bytes after the cut are what makes them invalid. */
    for (size_t i = 0; i + 1 < sizeof cases / sizeof cases[0]; i++) {
        rl_model m;
        rl_error err;
        rl_status st = rl_model_from_config_json(cases[i].text, strlen(cases[i].text), &m, &err);
        CHECK(st == RL_E_JSON_SYNTAX && has(err.message, "not valid"), "case %zu in full is not valid (%s)", i, err.message);
    }
}

/* ---- report JSON lists only the defined warning and remedy bits ----------- */

static void test_report_lists(void) {
    rl_model m = preset("qwen3-4b");
    rl_gpu g = gpu("a100-40g");
    rl_deploy d = rl_deploy_default();
    rl_result r;
    rl_analyze(&m, &g, &d, &r, NULL);
    r.warnings = 0xffffffffu;
    r.remedies = 0xffffffffu;
    static char buf[65536];
    size_t n = rl_report_json(&m, &g, &d, &r, buf, sizeof buf);
    CHECK(n < sizeof buf, "report fits");
    int codes = 0;
    for (const char *p = buf; (p = strstr(p, "\"code\":")) != NULL; p++) codes++;
    CHECK(codes == RL_WARN_COUNT_ + RL_REMEDY_COUNT_, "one entry per defined bit: %d", codes);
    CHECK(!has(buf, "\"code\":\"\""), "no entry without a code");
    for (unsigned b = 0; b < RL_WARN_COUNT_; b++) {
        char want[96];
        snprintf(want, sizeof want, "\"code\":\"%s\"", rl_warning_code(b));
        CHECK(has(buf, want), "warning %s listed", rl_warning_code(b));
    }
    for (unsigned b = 0; b < RL_REMEDY_COUNT_; b++) {
        char want[96];
        snprintf(want, sizeof want, "\"code\":\"%s\"", rl_remedy_code(b));
        CHECK(has(buf, want), "remedy %s listed", rl_remedy_code(b));
    }
}

/* ---- text_config: keys are looked up in that object only ----------------- */

static void test_text_config_scope(void) {
    rl_model m;
    rl_error err;
    /* hidden_size sits in the outer object, right after text_config: it is not the language model's. */
    const char *t1 = "{\"text_config\":{\"num_hidden_layers\":2,\"num_attention_heads\":4,\"vocab_size\":100,"
                     "\"intermediate_size\":128},\"hidden_size\":64}";
    CHECK(rl_model_from_config_json(t1, strlen(t1), &m, &err) == RL_E_JSON_MISSING && strcmp(err.field, "config.hidden_size") == 0,
          "hidden_size outside text_config is not read (%s: %s)", rl_status_name(err.status), err.field);
    const char *t2 = "{\"text_config\":{\"num_hidden_layers\":2,\"hidden_size\":64,\"num_attention_heads\":4,\"vocab_size\":100,"
                     "\"intermediate_size\":128},\"model_type\":\"gemma3\"}";
    /* A text_config without model_type takes the class its outer type gives it (Gemma3Config: Gemma3TextConfig). */
    CHECK(rl_model_from_config_json(t2, strlen(t2), &m, &err) == RL_OK && strcmp(m.model_type, "gemma3_text") == 0 && m.hidden == 64,
          "model_type falls back to the outer object (%s)", err.message);
    /* Keys of a nested object are not keys of the outer one. */
    const char *t3 = "{\"x\":{\"hidden_size\":64},\"num_hidden_layers\":2,\"num_attention_heads\":4,\"vocab_size\":100,"
                     "\"intermediate_size\":128}";
    CHECK(rl_model_from_config_json(t3, strlen(t3), &m, &err) == RL_E_JSON_MISSING && strcmp(err.field, "config.hidden_size") == 0,
          "a nested hidden_size is not read (%s)", err.field);
}

/* ---- UTF-8 in echoed text: valid sequences pass, invalid bytes never do --- */

static void test_utf8_output(void) {
    /* RFC 3629: the boundary code points of each length are valid; overlong forms, surrogates,
     * code points over U+10FFFF, stray continuation bytes and C0, C1, F5..FF are not. */
    static const char *const valid[] = {
        "\xc2\x80", "\xdf\xbf", "\xe0\xa0\x80", "\xe1\x80\x80", "\xec\xbf\xbf", "\xed\x80\x80", "\xed\x9f\xbf",
        "\xee\x80\x80", "\xef\xbf\xbf", "\xf0\x90\x80\x80", "\xf1\x80\x80\x80", "\xf3\xbf\xbf\xbf", "\xf4\x80\x80\x80",
        "\xf4\x8f\xbf\xbf", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80",
    };
    static const char *const invalid[] = {
        "\x80", "\xbf", "\xc0\x80", "\xc1\xbf", "\xc2", "\xc2\x41", "\xc2\xc0", "\xe0\x80\x80", "\xe0\x9f\xbf", "\xe2\x82",
        "\xe2\x41\x80", "\xe2\x82\x41", "\xed\xa0\x80", "\xed\xbf\xbf", "\xf0\x80\x80\x80", "\xf0\x8f\xbf\xbf",
        "\xf4\x90\x80\x80", "\xf0\x90\x80", "\xf0\x90\x41\x80", "\xf0\x90\x80\x41", "\xfe", "\xff",
        "\xf5\x80\x80", "\xf8\x88\x80\x80\x80",
    };
    rl_error err;
    memset(&err, 0, sizeof err);
    err.status = RL_E_RANGE;
    char buf[256];
    for (size_t i = 0; i < sizeof valid / sizeof valid[0]; i++) {
        snprintf(err.message, sizeof err.message, "<%s>", valid[i]);
        rl_error_json(&err, buf, sizeof buf);
        char want[64];
        snprintf(want, sizeof want, "\"\\u003c%s\\u003e\"", valid[i]);
        CHECK(has(buf, want) && !has(buf, "\\ufffd"), "valid sequence %zu passes unchanged: %s", i, buf);
    }
    for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++) {
        snprintf(err.message, sizeof err.message, "<%s>", invalid[i]);
        rl_error_json(&err, buf, sizeof buf);
        const char *msg = strstr(buf, "\"message\":");
        int raw_high = 0;
        for (const unsigned char *p = (const unsigned char *)msg; p && *p; p++)
            if (*p >= 0x80) raw_high = 1;
        /* Only ASCII (and \u escapes) remain, since every byte here is part of an invalid sequence
         * or ASCII: an invalid sequence becomes replacement characters, ASCII stays. */
        CHECK(msg && !raw_high && has(msg, "\\ufffd") && has(msg, "\\u003c") && has(msg, "\\u003e"),
              "invalid sequence %zu is replaced: %s", i, buf);
        for (const char *q = invalid[i]; *q; q++)
            if (*q == 'A') CHECK(has(msg, "A"), "the ASCII byte after an invalid sequence %zu is kept", i);
    }
}

/* ---- shorter_context: the longest context that fits, and not one block more ---- */

static void check_shorter_context(const rl_model *m, const rl_gpu *g, const rl_deploy *d, const char *what) {
    rl_result r, t;
    CHECK(rl_analyze(m, g, d, &r, NULL) == RL_OK, "%s runs", what);
    CHECK(r.verdict != RL_FITS && (r.remedies & RL_REMEDY_SHORTER_CONTEXT), "%s offers shorter_context (%s)", what,
          rl_verdict_name(r.verdict));
    if (!(r.remedies & RL_REMEDY_SHORTER_CONTEXT)) return;
    int64_t block = d->kv_block > 0 ? d->kv_block : 1;
    rl_deploy e = *d;
    /* Into the realistic budget when tight, and on a refusal when the shortest context gets there; else past the floor. */
    e.seq = block;
    rl_analyze(m, g, &e, &t, NULL);
    int realistic = r.verdict == RL_TIGHT || t.verdict == RL_FITS;
    e.seq = r.remedy_seq;
    rl_analyze(m, g, &e, &t, NULL);
    CHECK(r.remedy_seq >= 1 && r.remedy_seq < d->seq && r.remedy_seq % block == 0 &&
              (realistic ? t.verdict == RL_FITS : t.fits),
          "%s: S = %lld gets through (%s)", what, (long long)r.remedy_seq, rl_verdict_name(t.verdict));
    e.seq = r.remedy_seq + block;
    if (e.seq < d->seq) {
        rl_analyze(m, g, &e, &t, NULL);
        CHECK(realistic ? t.verdict != RL_FITS : !t.fits, "%s: S = %lld (one block more) does not (%s)", what,
              (long long)e.seq, rl_verdict_name(t.verdict));
    }
}

static void test_shorter_context(void) {
    rl_model q = preset("qwen3-4b"), mi = preset("mistral-7b");
    rl_gpu a = gpu("a100-40g");
    rl_deploy d = rl_deploy_default();
    d.batch = 128;
    check_shorter_context(&q, &a, &d, "qwen3-4b B=128");
    d.kv_block = 16;
    check_shorter_context(&q, &a, &d, "qwen3-4b B=128 block 16");
    d.kv_block = 1000;
    d.seq = 8000;
    check_shorter_context(&q, &a, &d, "qwen3-4b B=128 block 1000");
    /* Mistral's window: the KV stops growing at 4096 tokens, the linear guess overshoots. */
    d = rl_deploy_default();
    d.seq = 32768;
    d.batch = 100;
    check_shorter_context(&mi, &a, &d, "mistral B=100 S=32768");
    d.kv_block = 256;
    check_shorter_context(&mi, &a, &d, "mistral B=100 S=32768 block 256");
    /* Tight: the realistic budget, with the prefill chunk shrinking below it. */
    d = rl_deploy_default();
    d.pool_fraction = 0.5;
    d.batch = 40;
    check_shorter_context(&q, &a, &d, "qwen3-4b tight B=40");
    d.kv_block = 16;
    check_shorter_context(&q, &a, &d, "qwen3-4b tight B=40 block 16");
    d = rl_deploy_default();
    d.seq = 32768;
    d.batch = 30;
    d.pool_fraction = 0.6;
    check_shorter_context(&mi, &a, &d, "mistral tight");
}

/* ---- mlp_only_layers: exactly the listed layers are dense ---------------- */

static void test_mlp_only_layers(void) {
    static const struct {
        const char *list;
        int64_t moe_layers;
    } cases[] = {
        /* 20 layers, step 1: every unlisted layer is MoE. */
        {"[0,7,8,9,15,16,17]", 13},
        {"[1,2,3,4,5,6,10,11,12,13,14,18,19]", 7},
        {"[8,16]", 18},
        {"[7,15]", 18},
        {"[19]", 19},
        {"[0,0,0]", 19},
        {"[]", 20},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[512];
        snprintf(buf, sizeof buf,
                 "{\"model_type\":\"qwen2_moe\",\"num_hidden_layers\":20,\"hidden_size\":8,\"num_attention_heads\":2,"
                 "\"vocab_size\":10,\"intermediate_size\":16,\"num_experts\":4,\"num_experts_per_tok\":1,"
                 "\"moe_intermediate_size\":4,\"mlp_only_layers\":%s}",
                 cases[i].list);
        rl_model m;
        rl_error err;
        rl_status st = rl_model_from_config_json(buf, strlen(buf), &m, &err);
        CHECK(st == RL_OK && m.moe_layers == cases[i].moe_layers, "mlp_only_layers %s: %lld MoE layers (got %lld; %s)",
              cases[i].list, (long long)cases[i].moe_layers, (long long)m.moe_layers, err.message);
    }
}

static void test_norms_per_layer(void) {
    rl_model base = cfg(TINY), m;
    rl_error err;
    int bad[] = {-1, 9, 100};
    for (size_t i = 0; i < 3; i++) {
        m = base;
        m.norms_per_layer = bad[i];
        CHECK(rl_model_finish(&m, &err) == RL_E_RANGE && strcmp(err.field, "model.norms_per_layer") == 0,
              "norms_per_layer %d refused (%s)", bad[i], err.field);
    }
    /* 0 means the default 2; 8 is the most; each norm is H = 64 weights per layer, 2 layers. */
    m = base; m.norms_per_layer = 0;
    CHECK(rl_model_finish(&m, &err) == RL_OK && m.params_total == base.params_total, "0 norms = the default 2");
    m = base; m.norms_per_layer = 8;
    CHECK(rl_model_finish(&m, &err) == RL_OK && m.params_total == base.params_total + 6.0 * 64 * 2, "8 norms (%s)", err.message);
}

/* The realistic estimate: over every model and GPU preset, engine
 * and a spread of deployments, it is present exactly when the deployment fits,
 * never under the floor, its band holds the central figure, and a refusal
 * carries none of it. */
static void test_realistic_never_under_floor(void) {
    static const int64_t batches[] = {1, 8, 96};
    static const int64_t tps[] = {1, 2, 8, 16};
    int fits = 0, refused = 0, bad = 0;
    for (size_t mi = 0; mi < rl_preset_count(RL_PRESET_MODEL); mi++) {
        rl_model m;
        if (rl_model_preset(rl_preset_id(RL_PRESET_MODEL, mi), &m, NULL) != RL_OK) continue;
        for (size_t gi = 0; gi < rl_preset_count(RL_PRESET_GPU); gi++) {
            rl_gpu g;
            if (rl_gpu_preset(rl_preset_id(RL_PRESET_GPU, gi), 0, &g, NULL) != RL_OK) continue;
            for (int e = 0; e < RL_ENGINE_COUNT_; e++)
                for (size_t bi = 0; bi < 3; bi++)
                    for (size_t ti = 0; ti < 4; ti++) {
                        rl_deploy d = rl_deploy_default();
                        d.engine = (rl_engine)e;
                        d.batch = batches[bi];
                        d.tp = tps[ti];
                        d.pp = ti == 3 && bi == 1 ? 2 : 1;
                        rl_result r;
                        if (rl_analyze(&m, &g, &d, &r, NULL) != RL_OK) continue;
                        const rl_realistic kept = r.realistic, *x = &kept;
                        /* No engine estimate on a refusal, nor for an engine whose budget holds no request. */
                        if (!r.fits || r.max_batch_realistic < 1) {
                            refused++;
                            if (r.has_realistic || x->step_ms != 0 || x->prefill_ms != 0 || x->ttft_ms != 0 ||
                                x->tokens_per_s != 0)
                                bad++;
                            continue;
                        }
                        fits++;
                        /* A tight fit's engine runs only the requests its budget holds: its estimate is that of
                         * the same setup at that batch, against the floor at that batch. */
                        if (x->batch != d.batch) {
                            bool capped = r.verdict == RL_TIGHT && x->batch == r.max_batch_realistic && x->batch < d.batch;
                            rl_deploy at = d;
                            at.batch = x->batch;
                            if (!capped || rl_analyze(&m, &g, &at, &r, NULL) != RL_OK || r.verdict != RL_FITS ||
                                r.realistic.step_ms != x->step_ms || r.realistic.tokens_per_s != x->tokens_per_s) {
                                if (bad < 5) printf("  engine batch %lld of %lld: %s on %s\n", (long long)x->batch, (long long)d.batch, m.name, g.name);
                                bad++;
                                continue;
                            }
                        }
                        bool ok = r.has_realistic && x->floor_step_ms == r.step_ms && x->step_ms >= r.step_ms && x->step_ms_low >= r.step_ms &&
                                  x->step_ms_low <= x->step_ms && x->step_ms <= x->step_ms_high &&
                                  x->tokens_per_s <= r.tokens_per_s && (d.tp > 1 ? x->allreduce_ms > 0 : x->allreduce_ms == 0) &&
                                  x->allreduce_share < 1 && (d.pp > 1 ? x->p2p_ms > 0 : x->p2p_ms == 0);
                        if (r.prefill_ms > 0)
                            ok = ok && x->has_prefill && x->prefill_ms >= r.prefill_ms && x->ttft_ms >= r.ttft_ms;
                        else
                            ok = ok && !x->has_prefill && x->prefill_ms == 0;
                        if (!ok) {
                            if (bad < 5)
                                printf("  realistic under the floor or out of its band: %s on %s, engine %s, B %lld, tp %lld\n",
                                       m.name, g.name, rl_engine_name(d.engine), (long long)d.batch, (long long)d.tp);
                            bad++;
                        }
                    }
        }
    }
    CHECK(fits > 1000 && refused > 100, "the sweep has fits and refusals (%d, %d)", fits, refused);
    CHECK(bad == 0, "realistic >= floor, band around it, none on a refusal or where the engine holds no request (%d bad)", bad);

    /* The pieces move the way the model says. */
    rl_model m;
    rl_gpu g;
    rl_model_preset("llama-3-70b", &m, NULL);
    rl_gpu_preset("h100-sxm", 0, &g, NULL);
    rl_deploy d = rl_deploy_default();
    d.precision = RL_PREC_FP8;
    d.tp = 8;
    rl_result a, b;
    rl_analyze(&m, &g, &d, &a, NULL);
    d.engine = RL_ENGINE_TRT_LLM;
    rl_analyze(&m, &g, &d, &b, NULL);
    CHECK(a.realistic.allreduce_ms > b.realistic.allreduce_ms, "vLLM's 20 us AllReduce costs more than TensorRT-LLM's 3.6 us");
    CHECK(near(a.realistic.allreduce_ms, 2.0 * 80 * (20e-3 + 2.0 * 7 / 8 * 8192 * 2 / 450e9 * 1e3)),
          "TP8 AllReduce: 2 per layer x 80 layers x (20 us + 2·7/8·16 KiB / 450 GB/s): %g", a.realistic.allreduce_ms);
    g.link_gbs = 0;
    d.engine = RL_ENGINE_VLLM;
    rl_analyze(&m, &g, &d, &b, NULL);
    CHECK(near(b.realistic.allreduce_ms, 2.0 * 80 * 20e-3), "no link figure: only alpha counts (%g)", b.realistic.allreduce_ms);
    d.allreduce_us = 50;
    rl_analyze(&m, &g, &d, &b, NULL);
    CHECK(near(b.realistic.allreduce_ms, 2.0 * 80 * 50e-3), "--allreduce-us replaces alpha (%g)", b.realistic.allreduce_ms);
    d = rl_deploy_default();
    d.engine = RL_ENGINE_LLAMA_CPP;
    rl_model_preset("llama-3-8b", &m, NULL);
    rl_gpu_preset("rtx-4090", 0, &g, NULL);
    d.precision = RL_PREC_FP16;
    rl_analyze(&m, &g, &d, &a, NULL);
    d.precision = RL_PREC_Q4_0;
    rl_analyze(&m, &g, &d, &b, NULL);
    CHECK(b.realistic.step_ms < a.realistic.step_ms && b.realistic.calibrated && a.realistic.calibrated,
          "q4_0 is faster than fp16 with llama.cpp on a 4090, both calibrated");
    CHECK(near(b.weight_bytes, 4.5 / 8 * m.params_total), "q4_0 stores 4.5 bits per weight (%g)", b.weight_bytes);
    strcpy(g.name, "custom");
    rl_analyze(&m, &g, &d, &b, NULL);
    CHECK(!b.realistic.calibrated, "a custom GPU is never calibrated");
    /* Speculative decoding: a draft's memory counts, its step is at least its floor, and
     * a request that names a draft reads it from the presets. */
    {
        rl_run run;
        const char *req = "{\"model\":\"llama-3-70b\",\"gpu\":\"h100-sxm\",\"tp\":4,\"precision\":\"fp8\","
                          "\"spec_draft\":\"llama-3.2-1b\",\"spec_tokens\":4,\"spec_accept\":0.7}";
        CHECK(rl_run_request(req, strlen(req), NULL, 0, &run) == RL_OK && run.result.fits, "a speculative request runs");
        const rl_result *x = &run.result;
        rl_model draft;
        rl_model_preset("llama-3.2-1b", &draft, NULL);
        CHECK(near(x->draft_weights_gib, draft.params_total / 4 / 1073741824.0), "the 1B draft's fp8 weights over 4 GPUs (%g)",
              x->draft_weights_gib);
        CHECK(near(x->spec_tokens_per_step, (1 - pow(0.7, 5)) / 0.3), "(1 - a^(g+1)) / (1 - a) tokens per step");
        CHECK(x->spec_realistic_step_ms >= x->spec_step_ms && x->spec_speedup > 1 && x->spec_realistic_speedup > 1 &&
                  !(x->warnings & RL_WARN_SPECULATION_SLOWER),
              "the estimate is at least the floor; a 1B draft speeds up a 70B target");
        rl_deploy none = run.deploy;
        none.spec_tokens = 0;
        none.spec_accept = 0;
        memset(&none.draft, 0, sizeof none.draft);
        rl_result plain;
        rl_analyze(&run.model, &run.gpu, &none, &plain, NULL);
        CHECK(near(x->weights_gib - plain.weights_gib, x->draft_weights_gib) && x->kv_gib_per_request > plain.kv_gib_per_request,
              "the draft's weights and KV are in the fit");
    }

    d.kv_precision = RL_PREC_Q4_K_M;
    rl_error err;
    CHECK(rl_analyze(&m, &g, &d, &b, &err) == RL_E_UNKNOWN_NAME && strcmp(err.field, "kv_precision") == 0 && !b.has_realistic &&
              b.realistic.step_ms == 0,
          "q4_k_m is no KV cache format: refused by name, the result zeroed");
}

/* The lint's API contract: the output convention of rl_report_json, no state
 * between calls (two works interleaved answer alike), and its limits. */
static void test_lint_api(void) {
    static rl_lint a, b;
    static char full[1 << 17], again[1 << 17], small[64];
    const char *cmd = "vllm serve Qwen/Qwen3-8B --max-model-len 32768 --max-num-seqs 256";
    const char *req = "{\"gpu\":\"h100-sxm\"}";
    rl_status st;
    size_t n = rl_lint_json(cmd, strlen(cmd), req, strlen(req), NULL, 0, &a, full, sizeof full, &st);
    CHECK(st == RL_OK && n == strlen(full) && strstr(full, "\"lint\":{") != NULL, "lint JSON: %s", full);
    size_t cut = rl_lint_write_json(&a, small, sizeof small);
    CHECK(cut == n && strlen(small) == sizeof small - 1, "a cut lint JSON returns the full length, NUL-terminated");
    CHECK(rl_lint_write_json(&a, NULL, 0) == n, "length query with a NULL buffer");
    const char *other = "llama-server -m Qwen3-8B-F16.gguf -c 163840 -np 4";
    rl_lint_json(other, strlen(other), "{\"gpu\":\"rtx-4090\"}", 21, NULL, 0, &b, again, sizeof again, &st);
    rl_lint_json(cmd, strlen(cmd), req, strlen(req), NULL, 0, &b, again, sizeof again, &st);
    CHECK(strcmp(full, again) == 0, "the same command answers alike after another one");
    CHECK(rl_lint_run(cmd, strlen(cmd), req, strlen(req), NULL, 0, NULL) == RL_E_NULL, "NULL out");
    static char big[RL_LINT_MAX_BYTES + 2];
    memset(big, 'a', sizeof big - 1);
    CHECK(rl_lint_run(big, sizeof big - 1, req, strlen(req), NULL, 0, &a) == RL_E_TOO_LARGE && strcmp(a.error.field, "lint") == 0,
          "a command over the limit is refused, naming lint");
    CHECK(strcmp(rl_serve_engine_name((rl_serve_engine)9), "unknown") == 0 && strcmp(rl_lint_verdict_name((rl_lint_verdict)9), "unknown") == 0,
          "names past the end");
}

/* Expert parallelism against tensor parallelism on the same GPUs (docs/scale-out.md), for every MoE preset whose
 * experts split over tp: with uniform routing and no redundant slot EP moves the experts, not the bytes or FLOPs a
 * step reads, nor the weights per GPU; redundant slots add weights; an imbalance adds FLOPs and never more slots than
 * a rank holds; the all-to-all only adds to the realistic step. Across nodes the AllReduce slows to the NIC. */
static void test_expert_parallel_properties(void) {
    rl_gpu g;
    CHECK(rl_gpu_preset("h200-sxm", 0, &g, NULL) == RL_OK, "h200 preset");
    static const int64_t tps[] = {2, 4, 8};
    static const int64_t batches[] = {1, 32};
    int compared = 0;
    for (size_t mi = 0; mi < rl_preset_count(RL_PRESET_MODEL); mi++) {
        rl_model m;
        if (rl_model_preset(rl_preset_id(RL_PRESET_MODEL, mi), &m, NULL) != RL_OK || m.experts == 0) continue;
        for (size_t ti = 0; ti < 3; ti++)
            for (size_t bi = 0; bi < 2; bi++) {
                if (m.experts % tps[ti] != 0) continue;
                rl_deploy t = rl_deploy_default();
                t.tp = tps[ti];
                t.batch = batches[bi];
                rl_deploy e = t, eplb = t, skew = t;
                e.ep = eplb.ep = skew.ep = t.tp;
                eplb.redundant_experts = t.tp;
                skew.ep_imbalance = 1.5;
                rl_result rt, re, rr, rs;
                rl_error err;
                if (rl_analyze(&m, &g, &t, &rt, &err) != RL_OK) continue;
                CHECK(rl_analyze(&m, &g, &e, &re, &err) == RL_OK, "%s tp %lld: ep = tp analyses (%s)", m.name,
                      (long long)t.tp, err.message);
                CHECK(rl_analyze(&m, &g, &eplb, &rr, NULL) == RL_OK && rl_analyze(&m, &g, &skew, &rs, NULL) == RL_OK,
                      "%s tp %lld: redundant and skewed EP analyse", m.name, (long long)t.tp);
                compared++;
                double rel = fabs(re.weights_gib - rt.weights_gib) / rt.weights_gib;
                CHECK(rel < 1e-12, "%s tp %lld: EP weights per GPU = tp's (%g vs %g)", m.name, (long long)t.tp,
                      re.weights_gib, rt.weights_gib);
                CHECK(rr.weights_gib > re.weights_gib, "%s: redundant slots add weights", m.name);
                CHECK(rs.ep_slots_touched <= rs.ep_experts_per_gpu + 1e-9, "%s: no rank reads more slots than it holds",
                      m.name);
                if (!rt.has_timing || !re.has_timing || !rs.has_timing) continue;
                CHECK(fabs(re.bytes_per_step - rt.bytes_per_step) <= 1e-9 * rt.bytes_per_step &&
                          fabs(re.flops_per_step - rt.flops_per_step) <= 1e-9 * rt.flops_per_step,
                      "%s tp %lld B %lld: uniform EP reads what tp reads", m.name, (long long)t.tp, (long long)t.batch);
                CHECK(rs.flops_per_step > re.flops_per_step && rs.bytes_per_step >= re.bytes_per_step,
                      "%s: the busiest rank does more", m.name);
                CHECK(re.ep_a2a_bytes > 0 && re.ep_a2a_ms > 0 && !re.ep_crosses_nodes, "%s: an all-to-all inside the node",
                      m.name);
                CHECK(fabs(re.step_ms - rt.step_ms) <= 1e-9 * rt.step_ms, "%s: the all-to-all is not in the floor", m.name);
                if (re.has_realistic && rt.has_realistic)
                    CHECK(re.realistic.step_ms >= rt.realistic.step_ms && re.realistic.a2a_ms > 0,
                          "%s: the realistic step adds the all-to-all", m.name);
            }
    }
    CHECK(compared >= 10, "EP compared on %d setups", compared);
    /* One node of 16 (a custom domain) against two nodes of 8: the AllReduce crosses the NIC. */
    rl_model m;
    CHECK(rl_model_preset("qwen3-235b-a22b", &m, NULL) == RL_OK, "qwen3-235b preset");
    rl_deploy one = rl_deploy_default(), two;
    one.tp = 16;
    one.batch = 16;
    two = one;
    two.nodes = 2;
    rl_result r1, r2;
    CHECK(rl_analyze(&m, &g, &one, &r1, NULL) == RL_OK && rl_analyze(&m, &g, &two, &r2, NULL) == RL_OK, "tp 16 analyses");
    CHECK(!r1.tp_crosses_nodes && r2.tp_crosses_nodes && r2.tp_link_gbs == 50.0 && r1.tp_link_gbs == 450.0,
          "tp 16: NVLink 4 on one node, ib-ndr-400 across two (%g, %g)", r1.tp_link_gbs, r2.tp_link_gbs);
    CHECK(r2.realistic.allreduce_ms > r1.realistic.allreduce_ms && r2.step_ms == r1.step_ms,
          "across nodes the AllReduce slows, the floor does not move");
}

int main(void) {
    test_presets();
    test_sglang_bigger_gpu();
    test_sglang_room_of_start();
    test_engine_chunk();
    test_error_why();
    test_mtp_module();
    test_nulls();
    test_model_finished();
    test_refusal_has_no_time();
    test_offload();
    test_report_buffer();
    test_parse_flags();
    test_config_limits();
    test_sweep();
    test_sweep_contract();
    test_model_finish_ranges();
    test_config_reader_ranges();
    test_deploy_validate();
    test_gpu_validate();
    test_names();
    test_error_json();
    test_sentences();
    test_faults();
    test_estimate();
    test_estimate_ways_out();
    test_estimate_more_tp_at_its_pool();
    test_sglang_gpu_for_every_need();
    test_json_reader();
    test_json_token_limit();
    test_analysis_edges();
    test_requests();
    test_json_end_of_text();
    test_report_lists();
    test_text_config_scope();
    test_utf8_output();
    test_shorter_context();
    test_mlp_only_layers();
    test_norms_per_layer();
    test_realistic_never_under_floor();
    test_expert_parallel_properties();
    rl_test_tables(&passed, &failed);
    rl_test_mutants(&passed, &failed);
    test_lint_api();
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
