/* Lint a pasted serve command: vLLM, SGLang, llama-server or trtllm-serve.
 *
 * The command's flags become one request object (the same reader as the page
 * and the CLI), the engine's own defaults fill the absent flags, and the
 * analysis is read back in the engine's terms: does it start, how many
 * requests of full length it holds at once, and a corrected command. No
 * allocation and no I/O: everything lives in the caller's rl_lint.
 *
 * Engine defaults and behaviours, with their sources:
 *  vLLM  gpu_memory_utilization 0.9 (vllm/config/cache.py, CacheConfig);
 *        max_num_seqs for the OpenAI server (V1): 1024 on GPUs with >= 70 GiB
 *        that are not an A100, else 256 (vllm/engine/arg_utils.py,
 *        EngineArgs.get_batch_defaults / _set_default_args);
 *        max_model_len: the config's max_position_embeddings, and a larger
 *        value is refused (vllm/config/model.py, _get_and_verify_max_len);
 *        block_size 16 on CUDA (vllm/config/cache.py);
 *        start-up refusal when one max_model_len request's KV exceeds the KV
 *        memory: "To serve at least one request with the models's max seq len
 *        ... Try increasing gpu_memory_utilization or decreasing
 *        max_model_len" (vllm/v1/core/kv_cache_utils.py,
 *        check_enough_kv_cache_memory), and "No available memory for the cache
 *        blocks" when none is left; it logs "Maximum concurrency for N tokens
 *        per request" and queues or preempts past it.
 *  SGLang mem_fraction_static: (GPU memory − a reserve for its activations,
 *        CUDA graphs and tp x pp) / GPU memory, in MiB, with its
 *        chunked_prefill_size by the GPU's memory (rl_sglang_pool;
 *        python/sglang/srt/arg_groups/memory_hook.py; v0.4.x took 0.88 at tp 1
 *        down to 0.79 at tp 16); context_length: the config's;
 *        max_running_requests: derived from the KV pool when absent
 *        (python/sglang/srt/managers/scheduler.py); page_size 1; it stops
 *        with "Not enough memory. Please try to increase --mem-fraction-static"
 *        when the pool leaves no KV room, and caps a request's length at the
 *        pool's tokens (scheduler max_req_len).
 *  llama-server -c 0 / absent: the model's trained context ("0 = loaded from
 *        model", tools/server/README.md); the context is split over -np slots
 *        (n_ctx / n_seq_max, see ggml-org/llama.cpp issue 11681); -np 1;
 *        -ctk/-ctv f16 (common/common.h); -ngl absent: all layers on the GPU
 *        (builds since 2025 fit as many as they can). -ngl below the layer
 *        count is analysed as the core's offload when the request describes
 *        the host (ram_gib and a host bandwidth), and then a -ngl that does
 *        not fit is corrected to the largest that does (max_gpu_layers);
 *        without the host it is only recorded.
 *  trtllm-serve (TensorRT-LLM; `trtllm-serve [serve] MODEL`: its click group
 *        runs serve when the first word is no subcommand; the PyTorch backend,
 *        the only one its newest --backend accepts). Read from NVIDIA/TensorRT-LLM
 *        tensorrt_llm/commands/serve.py and the CLI reference
 *        tests/unittest/api_stability/references/trtllm_serve_cli.yaml (every
 *        option, its aliases and default): flags are spelled with underscores
 *        (--tp_size and --tensor_parallel_size, --pp_size, --ep_size,
 *        --max_batch_size, --max_num_tokens, --max_seq_len,
 *        --kv_cache_free_gpu_memory_fraction and --free_gpu_memory_fraction,
 *        --kv_cache_dtype auto|fp8|nvfp4, --backend); a hyphenated spelling is
 *        an unknown option to it, so it is kept in `ignored`.
 *        max_batch_size 2048 and max_num_tokens 8192 (the YAML; BaseLlmArgs in
 *        tensorrt_llm/llmapi/llm_args.py): max_batch_size caps the requests in
 *        flight, and its capacity scheduler (GUARANTEED_NO_EVICT) holds back a
 *        request whose whole KV does not fit, so the rest wait.
 *        max_seq_len: absent, the config's max_position_embeddings
 *        (_torch/pyexecutor/model_engine.py _infer_max_seq_len_from_config); a
 *        larger one is lowered to it with a warning ("is larger than what the
 *        model can support"), unless TLLM_ALLOW_LONG_MAX_MODEL_LEN=1; the core's
 *        max_positions does not apply the rope_scaling factor that code
 *        multiplies in for some RoPE types.
 *        KV cache: --kv_cache_free_gpu_memory_fraction 0.9 of the memory free
 *        after the weights are loaded and a profiling forward pass of dummy
 *        context requests filling max_num_tokens has run
 *        (_torch/pyexecutor/_util.py KvCacheCreator: available_kv_mem = (total
 *        - peak + allocated) x fraction). The core's closest pool model is
 *        TensorRT-LLM's own engine preset (engines.c RL_ENGINE_TRT_LLM,
 *        rl_engine_pool_of_free, rl_engine_steps_whole_chunk): the request runs
 *        engine trt-llm with pool_fraction = the flag and prefill_chunk =
 *        max_num_tokens, so the KV room is the fraction of what the weights, the
 *        CUDA context, NCCL, the weights' overhead and the activations of one
 *        whole max_num_tokens step (the profiling pass's peak) leave free.
 *        max_num_tokens is clamped to max_seq_len x max_batch_size
 *        (_init_max_num_tokens), and so is the chunk here.
 *        kv_cache_config.tokens_per_block 32 (KvCacheConfig): pages of 32 tokens.
 *        --kv_cache_dtype auto keeps the checkpoint's kv_cache_quant_algo, which
 *        the core does not read (hf_quant_config.json): it is counted in the
 *        model's dtype, the larger. No weight-quantization flag and no online
 *        quantization ("TensorRT LLM can directly run pre-quantized models",
 *        nvidia.github.io/TensorRT-LLM features/quantization.html): the weights
 *        are the checkpoint's (or its name's format), and a correction never
 *        offers fp8 weights; an fp8 KV cache is --kv_cache_dtype fp8.
 *        When one max_seq_len request's KV exceeds the KV memory, its KV-cache
 *        manager fails fast ("Attention window too large to fit even a single
 *        sequence in the KV cache"; fail-fast is the default the CLI reference
 *        states) or, with fail-fast off, shrinks max_seq_len to the window that
 *        fits: either way the command does not serve what it asks, a refusal
 *        here. What the PyTorch backend does there was not read in its source. */
#include "internal.h"
#include "realistic.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const char *rl_serve_engine_name(rl_serve_engine e) {
    switch (e) {
    case RL_SERVE_VLLM: return "vllm";
    case RL_SERVE_SGLANG: return "sglang";
    case RL_SERVE_LLAMA_SERVER: return "llama-server";
    case RL_SERVE_TRTLLM: return "trtllm-serve";
    default: return "unknown";
    }
}

const char *rl_lint_verdict_name(rl_lint_verdict v) {
    switch (v) {
    case RL_LINT_FITS: return "fits";
    case RL_LINT_TIGHT: return "tight";
    case RL_LINT_REFUSED: return "refused";
    default: return "unknown";
    }
}

/* ---- the flags each engine's lint reads ------------------------------- */

typedef enum kind {
    K_MODEL, K_HF, K_TP, K_PP, K_SEQ, K_BATCH, K_POOL, K_KV, K_DTYPE, K_QUANT, K_BLOCK,
    K_CTX, K_NP, K_NGL, K_CTK, K_CTV, K_CHUNK, K_EP, K_BACKEND, K_DP,
    K_DP_LOCAL, K_DP_START, K_DP_RANK, K_DP_ADDR, K_DP_PORT, /* vLLM's multi-node data parallelism */
    K_NNODES, K_NODE_RANK, K_A2A, K_DEEPEP_MODE, K_REDUNDANT, /* SGLang's nodes, DeepEP and EPLB */
    K_COUNT
} kind;

typedef struct flag_row {
    rl_serve_engine engine;
    kind k;
    const char *names; /* space-separated; the first is the one a correction appends */
} flag_row;

static const flag_row rows[] = {
    {RL_SERVE_VLLM, K_MODEL, "--model"},
    {RL_SERVE_VLLM, K_TP, "--tensor-parallel-size -tp"},
    {RL_SERVE_VLLM, K_PP, "--pipeline-parallel-size -pp"},
    {RL_SERVE_VLLM, K_SEQ, "--max-model-len"},
    {RL_SERVE_VLLM, K_BATCH, "--max-num-seqs"},
    {RL_SERVE_VLLM, K_POOL, "--gpu-memory-utilization"},
    {RL_SERVE_VLLM, K_KV, "--kv-cache-dtype"},
    {RL_SERVE_VLLM, K_DTYPE, "--dtype"},
    {RL_SERVE_VLLM, K_QUANT, "--quantization -q"},
    {RL_SERVE_VLLM, K_BLOCK, "--block-size"},
    {RL_SERVE_VLLM, K_CHUNK, "--max-num-batched-tokens"},
    /* On a dense model each data-parallel rank is a replica of the tp x pp the analysis counts (its own weights and
     * KV); on an MoE model the ranks are data-parallel attention groups over one expert layer (dp_layout). */
    {RL_SERVE_VLLM, K_DP, "--data-parallel-size -dp"},
    /* One data-parallel deployment over several nodes, each node its own `vllm serve` (docs.vllm.ai, Data Parallel
     * Deployment; vllm-project/vllm@01e4fce07423dafcc832600ba05159fb28dc1126:docs/serving/data_parallel_deployment.md):
     * --data-parallel-size-local the ranks on this node, --data-parallel-start-rank the first of them,
     * --data-parallel-address/--data-parallel-rpc-port the head node's, --data-parallel-rank one rank a command
     * (external load balancing); the short names are vllm/engine/arg_utils.py's aliases (-dpl -dpr -dpn -dpa -dpp).
     * node_layout reads them; the switches --headless, --data-parallel-hybrid-lb (-dph) and
     * --data-parallel-external-lb (-dpe) are read there too. */
    {RL_SERVE_VLLM, K_DP_LOCAL, "--data-parallel-size-local -dpl"},
    {RL_SERVE_VLLM, K_DP_START, "--data-parallel-start-rank -dpr"},
    {RL_SERVE_VLLM, K_DP_RANK, "--data-parallel-rank -dpn"},
    {RL_SERVE_VLLM, K_DP_ADDR, "--data-parallel-address -dpa"},
    {RL_SERVE_VLLM, K_DP_PORT, "--data-parallel-rpc-port -dpp"},
    {RL_SERVE_SGLANG, K_MODEL, "--model-path --model"},
    {RL_SERVE_SGLANG, K_TP, "--tp-size --tp --tensor-parallel-size"},
    {RL_SERVE_SGLANG, K_PP, "--pp-size --pipeline-parallel-size"},
    {RL_SERVE_SGLANG, K_SEQ, "--context-length"},
    {RL_SERVE_SGLANG, K_BATCH, "--max-running-requests"},
    {RL_SERVE_SGLANG, K_POOL, "--mem-fraction-static"},
    {RL_SERVE_SGLANG, K_KV, "--kv-cache-dtype"},
    {RL_SERVE_SGLANG, K_DTYPE, "--dtype"},
    {RL_SERVE_SGLANG, K_QUANT, "--quantization"},
    {RL_SERVE_SGLANG, K_BLOCK, "--page-size"},
    {RL_SERVE_SGLANG, K_CHUNK, "--chunked-prefill-size"},
    /* server_args.py: add_argument("--expert-parallel-size", "--ep-size"), a divisor of --tp-size. */
    {RL_SERVE_SGLANG, K_EP, "--expert-parallel-size --ep-size"},
    /* server_args.py: add_argument("--data-parallel-size", "--dp-size"); --dp is argparse's abbreviation of it, as
     * SGLang's own docs and model cards write it ("--tp 8 --dp 8 --enable-dp-attention"). */
    {RL_SERVE_SGLANG, K_DP, "--dp-size --data-parallel-size --dp"},
    /* server_args.py: --nnodes (the nodes the server's GPUs fill), --node-rank (this one), --dist-init-addr (node 0's
     * address); --moe-a2a-backend (none, deepep, mooncake, ...) and --deepep-mode {normal, low_latency, auto}; with
     * deepep or mooncake ServerArgs._handle_a2a_moe sets ep_size = tp_size ("The expert parallel size is adjusted to
     * be the same as the tensor parallel size"), and the older --enable-deepep-moe is read as --moe-a2a-backend
     * deepep (complete_and_validate_config: "--enable-deepep-moe is deprecated"). node_layout and sglang_a2a. */
    {RL_SERVE_SGLANG, K_NNODES, "--nnodes"},
    {RL_SERVE_SGLANG, K_NODE_RANK, "--node-rank"},
    {RL_SERVE_SGLANG, K_DP_ADDR, "--dist-init-addr"},
    {RL_SERVE_SGLANG, K_A2A, "--moe-a2a-backend"},
    {RL_SERVE_SGLANG, K_DEEPEP_MODE, "--deepep-mode"},
    /* server_args.py: --ep-num-redundant-experts, EPLB's extra expert slots per MoE layer (the request's
     * redundant_experts), counted where EP is (mp.redundant). */
    {RL_SERVE_SGLANG, K_REDUNDANT, "--ep-num-redundant-experts"},
    {RL_SERVE_LLAMA_SERVER, K_MODEL, "-m --model"},
    {RL_SERVE_LLAMA_SERVER, K_HF, "-hf --hf-repo"},
    {RL_SERVE_LLAMA_SERVER, K_CTX, "-c --ctx-size"},
    {RL_SERVE_LLAMA_SERVER, K_NP, "-np --parallel"},
    {RL_SERVE_LLAMA_SERVER, K_NGL, "-ngl --gpu-layers --n-gpu-layers"},
    {RL_SERVE_LLAMA_SERVER, K_CTK, "-ctk --cache-type-k"},
    {RL_SERVE_LLAMA_SERVER, K_CTV, "-ctv --cache-type-v"},
    {RL_SERVE_LLAMA_SERVER, K_CHUNK, "-ub --ubatch-size"},
    /* trtllm-serve: the short forms first, which every version since its first accepts (the long ones are the
     * primary names since late 2025, the short ones their aliases). --ep_size is the expert-parallel size (asked_ep). */
    {RL_SERVE_TRTLLM, K_TP, "--tp_size --tensor_parallel_size"},
    {RL_SERVE_TRTLLM, K_PP, "--pp_size --pipeline_parallel_size"},
    {RL_SERVE_TRTLLM, K_EP, "--ep_size --moe_expert_parallel_size"},
    {RL_SERVE_TRTLLM, K_SEQ, "--max_seq_len"},
    {RL_SERVE_TRTLLM, K_BATCH, "--max_batch_size"},
    {RL_SERVE_TRTLLM, K_POOL, "--kv_cache_free_gpu_memory_fraction --free_gpu_memory_fraction"},
    {RL_SERVE_TRTLLM, K_KV, "--kv_cache_dtype"},
    {RL_SERVE_TRTLLM, K_CHUNK, "--max_num_tokens"},
    {RL_SERVE_TRTLLM, K_BACKEND, "--backend"},
};

static bool names_has(const char *names, const char *flag) {
    size_t n = strlen(flag);
    for (const char *p = names; *p;) {
        const char *sp = strchr(p, ' ');
        size_t len = sp ? (size_t)(sp - p) : strlen(p);
        if (len == n && strncmp(p, flag, n) == 0) return true;
        p += len + (sp ? 1 : 0);
    }
    return false;
}

static const flag_row *find_row(rl_serve_engine e, const char *flag) {
    /* vLLM's FlexibleArgumentParser reads a long option's underscores as dashes, up to its first '.'
     * (vllm/utils/argparse_utils.py, parse_args: --tensor_parallel_size is --tensor-parallel-size). */
    char dashed[64];
    if (e == RL_SERVE_VLLM && strncmp(flag, "--", 2) == 0 && strlen(flag) < sizeof dashed) {
        snprintf(dashed, sizeof dashed, "%s", flag);
        for (char *c = dashed + 2; *c && *c != '.'; c++)
            if (*c == '_') *c = '-';
        flag = dashed;
    }
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (rows[i].engine == e && names_has(rows[i].names, flag)) return &rows[i];
    return NULL;
}

static const flag_row *row_of(rl_serve_engine e, kind k) {
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (rows[i].engine == e && rows[i].k == k) return &rows[i];
    return NULL;
}

/* The row's first name, the one a correction appends. */
static void canonical(rl_serve_engine e, kind k, char *buf, size_t cap) {
    const flag_row *r = row_of(e, k);
    const char *names = r ? r->names : "";
    const char *sp = strchr(names, ' ');
    size_t len = sp ? (size_t)(sp - names) : strlen(names);
    snprintf(buf, cap, "%.*s", (int)len, names);
}

/* ---- parsing state ----------------------------------------------------- */

typedef struct parsed {
    int value[K_COUNT];   /* word index of the last value given, -1 if none */
    int flag[K_COUNT];    /* word index of that flag */
    int positional_model; /* vllm serve MODEL, trtllm-serve MODEL: its word index, -1 if none */
    bool positional;      /* the engine takes its model as a positional word (vllm serve, trtllm-serve) */
    int first_flag;       /* index of the first word after the program */
} parsed;

static const char *word(const rl_lint *l, int i) { return l->words + l->word_at[i]; }

static rl_status lint_fail(rl_lint *l, rl_status st, const char *field, const char *msg) {
    return rl_fail(&l->error, st, field, "%s", msg);
}

/* ---- tokeniser: POSIX-shell-like -------------------------------------- */

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static rl_status tokenise(const char *text, size_t len, rl_lint *l) {
    size_t w = 0, cap = sizeof l->words;
    size_t i = 0;
    l->word_count = 0;
    while (i < len) {
        /* Blanks, and backslash-newline continuations (CRLF too, as pasted from Windows). */
        while (i < len) {
            if (is_blank(text[i])) i++;
            else if (text[i] == '\\' && i + 1 < len && text[i + 1] == '\n') i += 2;
            else if (text[i] == '\\' && i + 2 < len && text[i + 1] == '\r' && text[i + 2] == '\n') i += 3;
            else break;
        }
        if (i >= len) break;
        if (text[i] == '#') break; /* a shell comment ends the command */
        if (l->word_count >= RL_LINT_MAX_ARGS)
            return rl_fail(&l->error, RL_E_TOO_LARGE, "lint", "lint: the command has more than %d words", RL_LINT_MAX_ARGS);
        l->joined[l->word_count] = 0;
        l->word_at[l->word_count++] = (int)w;
        while (i < len && !is_blank(text[i])) {
            char c = text[i];
            if (w + 2 >= cap) return lint_fail(l, RL_E_TOO_LARGE, "lint", "lint: the command is too long");
            if (c == '\'') {
                size_t open = i++;
                while (i < len && text[i] != '\'') {
                    if (w + 2 >= cap) return lint_fail(l, RL_E_TOO_LARGE, "lint", "lint: the command is too long");
                    l->words[w++] = text[i++];
                }
                if (i >= len)
                    return rl_fail(&l->error, RL_E_USAGE, "lint",
                                   "lint: the ' quote opened at character %zu is never closed", open + 1);
                i++;
            } else if (c == '"') {
                size_t open = i++;
                while (i < len && text[i] != '"') {
                    if (w + 2 >= cap) return lint_fail(l, RL_E_TOO_LARGE, "lint", "lint: the command is too long");
                    /* Inside double quotes a backslash escapes only $ ` " \ and newline. */
                    if (text[i] == '\\' && i + 1 < len && strchr("$`\"\\\n", text[i + 1])) {
                        if (text[i + 1] != '\n') l->words[w++] = text[i + 1];
                        i += 2;
                    } else {
                        l->words[w++] = text[i++];
                    }
                }
                if (i >= len)
                    return rl_fail(&l->error, RL_E_USAGE, "lint",
                                   "lint: the \" quote opened at character %zu is never closed", open + 1);
                i++;
            } else if (c == '\\') {
                if (i + 1 >= len) {
                    i++;
                } else if (text[i + 1] == '\n' || (text[i + 1] == '\r' && i + 2 < len && text[i + 2] == '\n')) {
                    i += text[i + 1] == '\n' ? 2 : 3; /* a continuation inside a word joins it */
                } else {
                    l->words[w++] = text[i + 1];
                    i += 2;
                }
            } else {
                l->words[w++] = text[i++];
            }
        }
        l->words[w++] = '\0';
        /* --flag=value is two words, so a flag is always one word and its value the next. */
        char *wd = l->words + l->word_at[l->word_count - 1];
        char *eq = wd[0] == '-' ? strchr(wd, '=') : NULL;
        if (eq != NULL) {
            if (l->word_count >= RL_LINT_MAX_ARGS)
                return rl_fail(&l->error, RL_E_TOO_LARGE, "lint", "lint: the command has more than %d words", RL_LINT_MAX_ARGS);
            *eq = '\0';
            l->joined[l->word_count] = 1;
            l->word_at[l->word_count++] = (int)(eq + 1 - l->words);
        }
    }
    if (l->word_count == 0) return lint_fail(l, RL_E_USAGE, "lint", "lint: the serve command is empty");
    return RL_OK;
}

/* ---- which engine ------------------------------------------------------ */

/* The engine as its own documentation writes it, for the findings' sentences. */
static const char *engine_title(rl_serve_engine e) {
    return e == RL_SERVE_VLLM ? "vLLM" : e == RL_SERVE_SGLANG ? "SGLang" : e == RL_SERVE_TRTLLM ? "TensorRT-LLM" : "llama-server";
}

static const char *base_name(const char *path) {
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

static bool is_assignment(const char *w) {
    if (!((*w >= 'A' && *w <= 'Z') || (*w >= 'a' && *w <= 'z') || *w == '_')) return false;
    for (; *w && *w != '='; w++)
        if (!((*w >= 'A' && *w <= 'Z') || (*w >= 'a' && *w <= 'z') || (*w >= '0' && *w <= '9') || *w == '_')) return false;
    return *w == '=';
}

static bool ieq(const char *a, const char *b);

/* Whether the command's environment prefix (VAR=value words before the program) sets `name` to 1 or true, as
 * the engines read their boolean switches (vLLM envs.py and SGLang's get_bool_env_var: "1" or "true", any case). */
static bool env_true(const rl_lint *l, const char *name) {
    size_t n = strlen(name);
    for (int i = 0; i < l->word_count; i++) {
        const char *w = word(l, i);
        if (strcmp(w, "env") == 0 || strcmp(w, "exec") == 0 || strcmp(w, "nohup") == 0) continue;
        if (!is_assignment(w)) break;
        if (strncmp(w, name, n) == 0 && w[n] == '=' && (strcmp(w + n + 1, "1") == 0 || ieq(w + n + 1, "true"))) return true;
    }
    return false;
}

static rl_status detect_engine(rl_lint *l, parsed *p) {
    int i = 0;
    /* VAR=value, env, exec, nohup before the program run it unchanged. */
    while (i < l->word_count && (is_assignment(word(l, i)) || strcmp(word(l, i), "env") == 0 ||
                                 strcmp(word(l, i), "exec") == 0 || strcmp(word(l, i), "nohup") == 0))
        i++;
    if (i >= l->word_count) return lint_fail(l, RL_E_USAGE, "lint", "lint: the command names no program");
    const char *prog = base_name(word(l, i));
    const char *next = i + 1 < l->word_count ? word(l, i + 1) : "";
    const char *module = i + 2 < l->word_count ? word(l, i + 2) : "";
    if (strcmp(prog, "vllm") == 0 && strcmp(next, "serve") == 0) {
        l->engine = RL_SERVE_VLLM;
        p->first_flag = i + 2;
        p->positional = true;
        if (p->first_flag < l->word_count && word(l, p->first_flag)[0] != '-') p->positional_model = p->first_flag++;
        return RL_OK;
    }
    if (strcmp(prog, "trtllm-serve") == 0) {
        /* Its group runs serve when the first word names no other subcommand (serve.py DefaultGroup). */
        static const char *const others[] = {"disaggregated", "disaggregated_mpi_worker", "mm_embedding_serve", "embeddings"};
        for (size_t k = 0; k < sizeof others / sizeof others[0]; k++)
            if (strcmp(next, others[k]) == 0)
                return rl_fail(&l->error, RL_E_USAGE, "lint", "lint: trtllm-serve %s is not a serve command this lint reads (trtllm-serve [serve] MODEL)",
                               others[k]);
        l->engine = RL_SERVE_TRTLLM;
        p->first_flag = i + 1 + (strcmp(next, "serve") == 0);
        p->positional = true;
        if (p->first_flag < l->word_count && word(l, p->first_flag)[0] != '-') p->positional_model = p->first_flag++;
        return RL_OK;
    }
    if ((strcmp(prog, "sglang") == 0 && strcmp(next, "serve") == 0)) {
        l->engine = RL_SERVE_SGLANG;
        p->first_flag = i + 2;
        return RL_OK;
    }
    if (strncmp(prog, "python", 6) == 0 && strcmp(next, "-m") == 0) {
        if (strcmp(module, "vllm.entrypoints.openai.api_server") == 0) l->engine = RL_SERVE_VLLM;
        else if (strcmp(module, "sglang.launch_server") == 0) l->engine = RL_SERVE_SGLANG;
        else
            return rl_fail(&l->error, RL_E_USAGE, "lint",
                           "lint: python -m %.60s is not a serve command this lint reads "
                           "(vllm.entrypoints.openai.api_server or sglang.launch_server)", module);
        p->first_flag = i + 3;
        return RL_OK;
    }
    if (strcmp(prog, "llama-server") == 0 || strcmp(prog, "llama-server.exe") == 0) {
        l->engine = RL_SERVE_LLAMA_SERVER;
        p->first_flag = i + 1;
        return RL_OK;
    }
    return rl_fail(&l->error, RL_E_USAGE, "lint",
                   "lint: the command starts with \"%.40s\"; it must be vllm serve, python -m "
                   "vllm.entrypoints.openai.api_server, python -m sglang.launch_server, llama-server or trtllm-serve", word(l, i));
}

/* Flags that take no value, so the word after them is not theirs (unless
 * given with =): the engines' on/off switches (--enable-*, --disable-*,
 * --no-*) and a few common others. Any other unknown flag takes the next word
 * that is not a flag. */
static bool switch_flag(const char *w) {
    /* trtllm-serve's switches are spelled with underscores (serve.py: is_flag options). */
    static const char *const known[] = {"--trust-remote-code", "--enforce-eager", "--jinja", "--mlock", "--cont-batching",
                                        "--metrics", "--embedding", "--verbose", "--skip-tokenizer-init", "--kv-unified",
                                        "--enable-prefix-caching", "--enable-chunked-prefill", "--trust_remote_code",
                                        "--allow_request_chat_template", "--grpc", "--telemetry",
                                        "--fail_fast_on_attention_window_too_large", "--headless",
                                        "--data-parallel-hybrid-lb", "--data-parallel-external-lb", "-dph", "-dpe"};
    if (strncmp(w, "--enable-", 9) == 0 || strncmp(w, "--disable-", 10) == 0 || strncmp(w, "--no-", 5) == 0 ||
        strncmp(w, "--enable_", 9) == 0 || strncmp(w, "--disable_", 10) == 0)
        return true;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strcmp(w, known[i]) == 0) return true;
    return false;
}

static rl_status read_flags(rl_lint *l, parsed *p) {
    for (int i = p->first_flag; i < l->word_count; i++) {
        const char *w = word(l, i);
        if (w[0] != '-' || w[1] == '\0') {
            /* vllm serve and trtllm-serve take their model as a positional anywhere among the flags. */
            if (p->positional && p->positional_model < 0) p->positional_model = i;
            continue;
        }
        const flag_row *r = find_row(l->engine, w);
        if (r == NULL) {
            l->ignored[l->ignored_count++] = i;
            /* Its value: the one it was given with =, else the next word that is not a flag. */
            if (i + 1 < l->word_count && (l->joined[i + 1] || (!switch_flag(w) && word(l, i + 1)[0] != '-'))) i++;
            continue;
        }
        if (i + 1 >= l->word_count)
            return rl_fail(&l->error, RL_E_USAGE, w, "%s needs a value", w);
        p->flag[r->k] = i;
        p->value[r->k] = i + 1; /* argparse and llama.cpp alike: the last one given wins */
        l->recognized_flag[l->recognized_count] = i;
        l->recognized_value[l->recognized_count++] = i + 1;
        i++;
    }
    return RL_OK;
}

/* Whether word w is vLLM's switch `name` (read as vLLM reads it: underscores as dashes). */
static bool is_switch(const char *w, const char *name) {
    size_t n = strlen(name);
    if (strlen(w) != n) return false;
    for (size_t k = 0; k < n; k++)
        if (w[k] != name[k] && !(k >= 2 && w[k] == '_' && name[k] == '-')) return false;
    return true;
}

/* Whether the command gives vLLM's switch `name`: among the ignored flags, or a switch recognized (a flag
 * recognized without a value word, recognized_value -1: see recognize_switch). */
static bool vllm_switch_given(const rl_lint *l, const char *name) {
    for (int i = 0; i < l->ignored_count; i++)
        if (is_switch(word(l, l->ignored[i]), name)) return true;
    for (int i = 0; i < l->recognized_count; i++)
        if (l->recognized_value[i] < 0 && is_switch(word(l, l->recognized_flag[i]), name)) return true;
    return false;
}

/* Moves vLLM's switch `name` from the ignored flags to the recognized ones, once the analysis counts it. */
static void recognize_switch(rl_lint *l, const char *name) {
    for (int i = 0; i < l->ignored_count; i++) {
        if (!is_switch(word(l, l->ignored[i]), name)) continue;
        l->recognized_flag[l->recognized_count] = l->ignored[i];
        l->recognized_value[l->recognized_count++] = -1;
        for (int k = i + 1; k < l->ignored_count; k++) l->ignored[k - 1] = l->ignored[k];
        l->ignored_count--;
        return;
    }
}

static bool e_is_trtllm(const rl_lint *l) { return l->engine == RL_SERVE_TRTLLM; }

/* SGLang's all-to-all backend that sets the expert-parallel size to tp (ServerArgs._handle_a2a_moe: deepep and
 * mooncake), as the command names it: --moe-a2a-backend's value, or "deepep" for the older --enable-deepep-moe
 * (read as --moe-a2a-backend deepep); NULL when none. */
static const char *sglang_a2a(const rl_lint *l, const parsed *p) {
    if (l->engine != RL_SERVE_SGLANG) return NULL;
    if (vllm_switch_given(l, "--enable-deepep-moe")) return "deepep"; /* set after the parse: it wins */
    if (p->value[K_A2A] < 0) return NULL;
    const char *v = word(l, p->value[K_A2A]);
    return strcmp(v, "deepep") == 0 || strcmp(v, "mooncake") == 0 ? v : NULL;
}

/* The expert-parallel size a command asks for at tp, 0 when none: vLLM's --enable-expert-parallel splits the
 * experts over the tp x dp ranks (docs.vllm.ai, Expert Parallel Deployment: EP size = TP x DP), which is the tp
 * the analysis counts (dp_layout: with data-parallel attention tp is every rank's GPUs; with pipeline stages the
 * split is not modeled, vllm_dp_experts_not_modeled);
 * SGLang's --expert-parallel-size/--ep-size and trtllm-serve's --ep_size give it, a divisor of tp (the rest of tp
 * splits each expert: SGLang's and TensorRT-LLM's moe_tp_size = tp_size / ep_size). A size that equals the
 * command's tp (start_tp) is the common EP = TP layout: it follows tp in a correction, which writes it anew. */
static int64_t asked_ep(const rl_lint *l, const parsed *p, int64_t start_tp, int64_t tp) {
    if (l->engine == RL_SERVE_VLLM) return vllm_switch_given(l, "--enable-expert-parallel") ? tp : 0;
    if (sglang_a2a(l, p) != NULL) return tp; /* DeepEP's all-to-all: SGLang sets ep_size = tp_size */
    if (p->value[K_EP] < 0) return 0;
    int64_t a = 0;
    rl_error ignored; /* the value is checked, with its error, where the command is read */
    if (rl_parse_count(word(l, p->value[K_EP]), "ep", 1, RL_MAX_PARALLEL, &a, &ignored) != RL_OK) return 0;
    return a == start_tp ? tp : a;
}

/* The expert-parallel size the core counts: the asked one where it is the whole tp group of one pipeline stage
 * and divides the experts (the core's ep is 1 or tp, without pp); else 1, each expert split by tensor parallelism
 * over the tp GPUs, the same bytes of weights a GPU (ep_partial_not_modeled, ep_with_pp_not_modeled). On a dense
 * model there are no experts to split (ep_dense_model; the core refuses ep there). */
static int64_t counted_ep(const rl_lint *l, const parsed *p, int64_t start_tp, int64_t tp, int64_t pp) {
    int64_t e = l->run.model.experts, a = asked_ep(l, p, start_tp, tp);
    return e > 0 && tp > 1 && pp == 1 && a == tp && e % tp == 0 ? tp : 1;
}

/* ---- values ------------------------------------------------------------ */

/* A token count, as vLLM reads it too: "32768", "32k" (x1000), "32K" (x1024), "1m", "1M". */
static rl_status parse_tokens(rl_lint *l, const char *flag, const char *v, int64_t lo, int64_t hi, int64_t *out) {
    char num[40];
    size_t n = strlen(v);
    double mult = 1.0;
    if (n > 1 && n < sizeof num && strchr("kKmM", v[n - 1]) && v[n - 2] >= '0' && v[n - 2] <= '9') {
        char s = v[n - 1];
        mult = s == 'k' ? 1e3 : s == 'K' ? 1024.0 : s == 'm' ? 1e6 : 1048576.0;
        memcpy(num, v, n - 1);
        num[n - 1] = '\0';
        double x;
        if (rl_parse_number(num, flag, &x, &l->error) != RL_OK)
            return rl_fail(&l->error, RL_E_NOT_INTEGER, flag, "%s must be a whole number of tokens (got \"%.32s\")", flag, v);
        char whole[40];
        snprintf(whole, sizeof whole, "%.17g", x * mult);
        return rl_parse_count(whole, flag, lo, hi, out, &l->error);
    }
    return rl_parse_count(v, flag, lo, hi, out, &l->error);
}

static rl_status parse_fraction(rl_lint *l, const char *flag, const char *v, double *out) {
    rl_status st = rl_parse_number(v, flag, out, &l->error);
    if (st) return st;
    if (!(*out >= 0.05 && *out <= 1.0))
        return rl_fail(&l->error, RL_E_RANGE, flag, "%s must be from 0.05 to 1 (got %.32s)", flag, v);
    return RL_OK;
}

typedef struct word_map {
    const char *word;
    rl_precision p;
    double bits; /* bits per element, for the nearest precision the core knows */
} word_map;

/* The core's precisions, by bits: the nearest stands in for a format it does not model. */
static rl_precision nearest_precision(double bits) {
    static const struct { rl_precision p; double bits; } known[] = {
        {RL_PREC_INT4, 4}, {RL_PREC_INT8, 8}, {RL_PREC_FP16, 16}, {RL_PREC_FP32, 32}};
    rl_precision best = RL_PREC_INT4;
    double gap = 1e9;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        double d = bits > known[i].bits ? bits - known[i].bits : known[i].bits - bits;
        if (d <= gap) { /* a tie goes to the larger: never the smaller memory by a coin toss */
            gap = d;
            best = known[i].p;
        }
    }
    return best;
}

/* One argument of a finding's sentence (ARG_I, ARG_D, ARG_S), in the order of its template's holes. */
typedef union lint_arg {
    long long i;
    double d;
    const char *s;
} lint_arg;
#define ARG_I(x) {.i = (long long)(x)}
#define ARG_D(x) {.d = (x)}
#define ARG_S(x) {.s = (x)}

/* Adds a finding: its code, its variant (a value "variant" that picks the sentence lintf.<code>.<variant> of the
 * web/src/i18n message tables; NULL or "" for the code's own sentence) and its English sentence, a template whose
 * holes print args in order:
 *   {name%fmt}   the next arg, printed with printf's %fmt, and kept as the finding's value `name`
 *   {%fmt}       the next arg, in the sentence only
 *   {=name%fmt}  the next arg kept as the value `name`, not printed
 *   {name}       the value `name` printed again
 * %fmt ends in d (written %lld: an ARG_I), f or g (an ARG_D) or s (an ARG_S). The values are each written as the
 * English sentence writes it, so that a translation worded from the code and these values keeps every number.
 * One template and one call a finding, where a sentence and its values were two calls with the figures passed to
 * each: the lint is the largest function of the page's module (issue 35). Every call is spelled
 * add_finding(l, "<code>", ...): tests/web/i18n.test.js reads the codes so, for their messages in every language. */
static void add_finding(rl_lint *l, const char *code, const char *variant, const char *tmpl, const lint_arg *args) {
    if (l->finding_count >= RL_LINT_MAX_FINDINGS) return;
    rl_lint_finding *f = &l->findings[l->finding_count++];
    memset(f, 0, sizeof *f);
    snprintf(f->code, sizeof f->code, "%s", code);
    if (variant != NULL && variant[0] != '\0') {
        snprintf(f->value_name[0], sizeof f->value_name[0], "variant");
        snprintf(f->value[0], sizeof f->value[0], "%s", variant);
        f->value_count = 1;
    }
    struct hole {
        const char *name, *fmt;
        int name_len, fmt_len, arg;
    } hole[16];
    int holes = 0, next = 0;
    size_t len = 0, cap = sizeof f->message;
    for (const char *t = tmpl; *t;) {
        if (*t != '{') {
            if (len + 1 < cap) f->message[len++] = *t;
            t++;
            continue;
        }
        const char *close = strchr(t, '}'), *name = t + 1 + (t[1] == '='), *pct = memchr(name, '%', (size_t)(close - name));
        int name_len = (int)((pct ? pct : close) - name), at = -1;
        if (pct != NULL) { /* a new argument */
            if (holes == (int)(sizeof hole / sizeof hole[0])) break;
            hole[holes] = (struct hole){name, pct, name_len, (int)(close - pct), next++};
            at = holes++;
        } else { /* a value again */
            for (int h = 0; h < holes && at < 0; h++)
                if (hole[h].name_len == name_len && strncmp(hole[h].name, name, (size_t)name_len) == 0) at = h;
        }
        t = close + 1;
        if (at < 0) continue;
        /* %fmt is %lld, or f, g or s with an optional precision (none: -1, as printf takes a negative one). */
        const char *fmt = hole[at].fmt, *end = fmt + hole[at].fmt_len - 1;
        int prec = fmt[1] == '.' ? 0 : -1;
        for (const char *c = fmt + 2; prec >= 0 && c < end; c++) prec = prec * 10 + (*c - '0');
        char type = *end, piece[sizeof f->message]; /* no piece shows more than the whole sentence */
        const lint_arg *a = &args[hole[at].arg];
        if (type == 'd') snprintf(piece, sizeof piece, "%lld", a->i);
        else if (type == 's') snprintf(piece, sizeof piece, "%.*s", prec, a->s);
        else if (type == 'f') snprintf(piece, sizeof piece, "%.*f", prec, a->d);
        else snprintf(piece, sizeof piece, "%.*g", prec, a->d);
        if (name[-1] != '=')
            for (const char *c = piece; *c && len + 1 < cap; c++) f->message[len++] = *c;
        if (pct != NULL && name_len > 0 && f->value_count < RL_LINT_MAX_VALUES) {
            snprintf(f->value_name[f->value_count], sizeof f->value_name[0], "%.*s", name_len, name);
            /* A number cut as the 48-byte buffer it was once written into; a string at the value's own size. */
            size_t n = strlen(piece), most = (type == 's' ? sizeof f->value[0] : 48) - 1;
            memcpy(f->value[f->value_count], piece, n < most ? n : most);
            f->value_count++;
        }
    }
    f->message[len] = '\0';
}
#define ARGS(...) ((const lint_arg[]){__VA_ARGS__})

static void add_default(rl_lint *l, const char *flag, const char *value, const char *source) {
    if (l->default_count >= 8) return;
    snprintf(l->defaults[l->default_count][0], sizeof l->defaults[0][0], "%s", flag);
    snprintf(l->defaults[l->default_count][1], sizeof l->defaults[0][1], "%s", value);
    snprintf(l->defaults[l->default_count][2], sizeof l->defaults[0][2], "%s", source);
    l->default_count++;
}

static bool ieq(const char *a, const char *b) {
    for (; *a && *b; a++, b++) {
        char x = (*a >= 'A' && *a <= 'Z') ? (char)(*a + 32) : *a, y = (*b >= 'A' && *b <= 'Z') ? (char)(*b + 32) : *b;
        if (x != y) return false;
    }
    return *a == *b;
}

/* An engine's word for a dtype, from a table; unknown words fail naming the flag and the choices. */
static rl_status map_word(rl_lint *l, const char *flag, const char *v, const word_map *map, size_t n, const word_map **out) {
    for (size_t i = 0; i < n; i++)
        if (ieq(map[i].word, v)) {
            *out = &map[i];
            return RL_OK;
        }
    char choices[200] = "";
    size_t len = 0;
    for (size_t i = 0; i < n && len + 20 < sizeof choices; i++)
        len += (size_t)snprintf(choices + len, sizeof choices - len, "%s%s", i ? ", " : "", map[i].word);
    return rl_fail(&l->error, RL_E_UNKNOWN_NAME, flag, "%s: \"%.32s\" is not one of %s", flag, v, choices);
}

/* ---- the model --------------------------------------------------------- */

/* The repo name without the variant suffixes that keep the architecture. */
static void stem(const char *name, char *out, size_t cap) {
    /* "-ud": Unsloth's Dynamic quants name their files Model-UD-Q4_K_XL.gguf, the type cut off before this.
     * "-fp4": NVIDIA's ModelOpt NVFP4 checkpoints (nvidia/DeepSeek-R1-FP4, nvidia/Llama-3.3-70B-Instruct-FP4). */
    static const char *const suffixes[] = {"-instruct", "-it", "-chat", "-base", "-hf", "-gguf", "-fp8", "-awq", "-gptq", "-ud",
                                           "-int4", "-int8", "-nvfp4", "-mxfp4", "-fp4", "-w8a8", "-w4a16", "-dynamic"};
    snprintf(out, cap, "%s", name);
    for (bool cut = true; cut;) {
        cut = false;
        size_t n = strlen(out);
        /* A release's date, -MMDD or -YYMM (DeepSeek-R1-0528, DeepSeek-V3-0324, Qwen3-235B-A22B-Instruct-2507): a new
         * training of the same architecture. */
        if (n > 5 && out[n - 5] == '-' && strspn(out + n - 4, "0123456789") == 4) {
            out[n - 5] = '\0';
            cut = true;
            continue;
        }
        for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
            size_t k = strlen(suffixes[i]);
            if (n > k && ieq(out + n - k, suffixes[i])) {
                out[n - k] = '\0';
                cut = true;
                break;
            }
        }
    }
}

/* The preset's hf_repo, read from its JSON text (the presets are generated files). */
static bool preset_repo(const char *json, char *out, size_t cap) {
    const char *k = json ? strstr(json, "\"hf_repo\"") : NULL;
    if (k == NULL) return false;
    k += 9;
    while (*k == ' ' || *k == ':') k++;
    if (*k != '"') return false;
    const char *end = strchr(++k, '"');
    if (end == NULL || (size_t)(end - k) >= cap) return false;
    snprintf(out, cap, "%.*s", (int)(end - k), k);
    return true;
}

/* A name as llama.cpp users write it, for comparing stems: lower case, and a '-' between a letter and a digit
 * dropped (Qwen3VL-8B is Qwen3-VL-8B, Llama3.1 is Llama-3.1). A '-' between two digits stays: Qwen3-8B is not
 * Qwen38B. False when it does not fit. */
static bool loose_name(const char *s, char *out, size_t cap) {
    size_t k = 0;
    for (size_t i = 0; s[i]; i++) {
        char c = s[i];
        if (c == '-' && i > 0 && s[i + 1]) {
            char a = s[i - 1], b = s[i + 1];
            bool da = a >= '0' && a <= '9', db = b >= '0' && b <= '9';
            bool la = (a >= 'a' && a <= 'z') || (a >= 'A' && a <= 'Z'), lb = (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z');
            if ((da && lb) || (la && db)) continue;
        }
        if (k + 1 >= cap) return false;
        out[k++] = (c >= 'A' && c <= 'Z') ? (char)(c + 32) : c;
    }
    out[k] = '\0';
    return true;
}

/* The name without a publisher's prefix and a dot ("unsloth.Devstral-...": a file named by its uploader), where the
 * prefix is letters only (so that a version's dot, Qwen2.5 or Llama-3.1, is never read as one); NULL where none. */
static const char *unprefixed(const char *name) {
    size_t i = 0;
    while ((name[i] >= 'a' && name[i] <= 'z') || (name[i] >= 'A' && name[i] <= 'Z')) i++;
    return i >= 2 && name[i] == '.' && name[i + 1] ? name + i + 1 : NULL;
}

/* Finds the preset whose hf_repo is `repo` ("Org/Name", case-insensitive), or
 * failing that whose repo name has the same stem as `name` (the variant or a
 * GGUF re-upload of the same architecture), compared as loose_name writes them, then
 * the same for `name` without an uploader's prefix. 0 exact, 1 by name, -1 none. */
static int find_preset(const char *repo, const char *name, char *id, size_t cap, char *matched, size_t mcap) {
    char want[256], bare[256], have[256], r[256], tmp[256];
    const char *rest = unprefixed(name);
    stem(name, tmp, sizeof tmp);
    if (!loose_name(tmp, want, sizeof want)) want[0] = '\0';
    bare[0] = '\0';
    if (rest != NULL) {
        stem(rest, tmp, sizeof tmp);
        if (!loose_name(tmp, bare, sizeof bare)) bare[0] = '\0';
    }
    int best = -1, second = -1;
    for (size_t i = 0; i < rl_preset_count(RL_PRESET_MODEL); i++) {
        const char *pid = rl_preset_id(RL_PRESET_MODEL, i);
        if (!preset_repo(rl_preset_json(RL_PRESET_MODEL, pid), r, sizeof r)) continue;
        if (repo != NULL && ieq(r, repo)) {
            snprintf(id, cap, "%s", pid);
            snprintf(matched, mcap, "%s", r);
            return 0;
        }
        stem(base_name(r), tmp, sizeof tmp);
        if (!loose_name(tmp, have, sizeof have)) continue;
        if (best < 0 && want[0] && strcmp(have, want) == 0) {
            snprintf(id, cap, "%s", pid);
            snprintf(matched, mcap, "%s", r);
            best = 1;
        }
        if (best < 0 && second < 0 && bare[0] && strcmp(have, bare) == 0) second = (int)i;
    }
    if (best < 0 && second >= 0) {
        const char *pid = rl_preset_id(RL_PRESET_MODEL, (size_t)second);
        preset_repo(rl_preset_json(RL_PRESET_MODEL, pid), r, sizeof r);
        snprintf(id, cap, "%s", pid);
        snprintf(matched, mcap, "%s", r);
        best = 1;
    }
    return best;
}

/* GGUF quantization types by their block layout's bits per weight
 * (ggml/src/ggml-common.h block sizes: Q4_K 144 bytes per 256 weights = 4.5,
 * Q8_0 34 per 32 = 8.5, ...). Longest names first, so IQ4_XS wins over Q4. */
static const word_map gguf_types[] = {
    {"IQ2_XXS", RL_PREC_INT4, 2.0625}, {"IQ3_XXS", RL_PREC_INT4, 3.0625}, {"IQ2_XS", RL_PREC_INT4, 2.3125},
    {"IQ4_XS", RL_PREC_INT4, 4.25},    {"IQ4_NL", RL_PREC_INT4, 4.5},     {"IQ3_S", RL_PREC_INT4, 3.4375},
    {"IQ2_S", RL_PREC_INT4, 2.5},      {"IQ1_S", RL_PREC_INT4, 1.5625},   {"IQ1_M", RL_PREC_INT4, 1.75},
    {"MXFP4", RL_PREC_INT4, 4.25},     {"Q2_K", RL_PREC_INT4, 2.625},     {"Q3_K", RL_PREC_INT4, 3.4375},
    {"Q4_K", RL_PREC_INT4, 4.5},       {"Q5_K", RL_PREC_INT4, 5.5},       {"Q6_K", RL_PREC_INT8, 6.5625},
    {"Q4_0", RL_PREC_INT4, 4.5},       {"Q4_1", RL_PREC_INT4, 5.0},       {"Q5_0", RL_PREC_INT4, 5.5},
    {"Q5_1", RL_PREC_INT8, 6.0},       {"Q8_0", RL_PREC_INT8, 8.5},       {"BF16", RL_PREC_BF16, 16},
    {"F16", RL_PREC_FP16, 16},         {"F32", RL_PREC_FP32, 32},
};

static bool sep(char c) { return c == '-' || c == '.' || c == '_' || c == ':' || c == '\0'; }

/* Finds a GGUF type in `name`: its table row, where it starts, and the whole
 * token as written (Q4_K_M). */
static const word_map *find_gguf_type(const char *name, size_t *at, char *token, size_t cap) {
    size_t n = strlen(name);
    for (size_t t = 0; t < sizeof gguf_types / sizeof gguf_types[0]; t++) {
        size_t k = strlen(gguf_types[t].word);
        for (size_t i = n >= k ? n - k + 1 : 0; i-- > 0;) {
            char tmp[16];
            snprintf(tmp, sizeof tmp, "%.*s", (int)k, name + i);
            if (!ieq(tmp, gguf_types[t].word)) continue;
            if (i > 0 && !sep(name[i - 1])) continue;
            size_t e = i + k;
            if (name[e] == '_') /* _M, _S, _L, _XL: the mix of the same base type */
                while (name[e] && name[e] != '-' && name[e] != '.') e++;
            if (!sep(name[e])) continue;
            *at = i;
            size_t len = e - i < cap ? e - i : cap - 1;
            for (size_t c = 0; c < len; c++)
                token[c] = (name[i + c] >= 'a' && name[i + c] <= 'z') ? (char)(name[i + c] - 32) : name[i + c];
            token[len] = '\0';
            return &gguf_types[t];
        }
    }
    return NULL;
}

/* The core's own precision for a GGUF type as written (Q4_K_M, q8_0, F16),
 * case-insensitively: the ggml formats the core models by name, and the float
 * types under llama.cpp's names. False for a type it has no row for (Q4_K_S,
 * IQ2_XS, ...): those are approximated by bits. */
static bool gguf_precision(const char *token, rl_precision *out) {
    static const struct { const char *gguf; rl_precision p; } same[] = {
        {"F32", RL_PREC_FP32},     {"F16", RL_PREC_FP16},       {"BF16", RL_PREC_BF16},     {"Q8_0", RL_PREC_Q8_0},
        {"Q6_K", RL_PREC_Q6_K},    {"Q5_K_M", RL_PREC_Q5_K_M},  {"Q4_K_M", RL_PREC_Q4_K_M}, {"Q4_0", RL_PREC_Q4_0},
        {"Q3_K_M", RL_PREC_Q3_K_M}, {"Q2_K", RL_PREC_Q2_K},     {"IQ4_XS", RL_PREC_IQ4_XS}, {"MXFP4", RL_PREC_MXFP4}};
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++)
        if (ieq(same[i].gguf, token)) {
            *out = same[i].p;
            return true;
        }
    return false;
}

/* ---- the request ------------------------------------------------------- */

typedef struct mapped {
    rl_precision precision, kv_precision;
    int64_t seq, batch, tp, pp, kv_block;
    double pool;
    bool batch_given, seq_given;
    int64_t chunk; /* tokens per prefill step (the activation peak); 0 until the engine's default is known */
    int64_t gpu_layers; /* llama-server -ngl in the request: only when the host is described; -1 absent */
    bool by_name; /* the preset is another repository's of the same architecture (model_matched_by_name) */
    int64_t ep;   /* expert parallel size: 1, or tp where vLLM's --enable-expert-parallel splits the experts */
    int64_t dpa;  /* data-parallel attention groups (dp_layout): 1, or the data-parallel size on an MoE model */
    int64_t nodes, gpus_per_node; /* node_layout: the analysed GPUs' nodes where they span several, else 0 */
    int64_t redundant;            /* SGLang --ep-num-redundant-experts where EP is counted (d.ep > 1), else 0 */
} mapped;

static bool lint_sets(const rl_jdoc *doc, int key, const mapped *mp) {
    static const char *const keys[] = {"model", "config", "params", "seq", "batch", "tp", "pp", "precision",
                                       "kv_precision", "kv_block", "pool_fraction", "micro_batches",
                                       "prefill_chunk", "engine", "gpu_layers", "ep", "dp_attention"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (rl_jkey_is(doc, key, keys[i])) return true;
    /* The nodes are the command's where its flags place the GPUs on several (node_layout), else the caller's. */
    if (mp->redundant > 0 && rl_jkey_is(doc, key, "redundant_experts")) return true;
    return mp->nodes > 1 && (rl_jkey_is(doc, key, "nodes") || rl_jkey_is(doc, key, "gpus_per_node"));
}

/* The caller's request members the command does not set, copied verbatim. */
static rl_status base_members(const char *base, size_t len, const mapped *mp, rl_out *o, rl_error *err) {
    size_t i = 0;
    while (i < len && is_blank(base[i])) i++;
    if (base == NULL || i == len) return RL_OK;
    rl_jdoc doc;
    rl_status st = rl_jparse(&doc, base, len, RL_REQUEST_MAX_BYTES, "request", err);
    if (st) return st;
    int k = 1;
    for (int m = 0; m < doc.tok[0].size; m++, k = rl_jnext(&doc, k + 1)) {
        if (lint_sets(&doc, k, mp)) continue;
        const rl_jtok *key = &doc.tok[k], *v = &doc.tok[k + 1];
        int vs = v->start - (v->type == RL_J_STRING), ve = v->end + (v->type == RL_J_STRING);
        rl_out_bytes(o, base + key->start - 1, (size_t)(key->end - key->start + 2));
        rl_out_raw(o, ":");
        rl_out_bytes(o, base + vs, (size_t)(ve - vs));
        rl_out_raw(o, ",");
    }
    return RL_OK;
}

static rl_status build_request(rl_lint *l, const char *base, size_t base_len, bool with_model, const mapped *mp) {
    rl_out o;
    rl_out_init(&o, l->request, sizeof l->request);
    rl_out_raw(&o, "{");
    rl_status st = base_members(base, base_len, mp, &o, &l->error);
    if (st) return st;
    if (with_model) {
        rl_out_raw(&o, "\"model\":");
        rl_out_jstr(&o, l->preset);
        rl_out_raw(&o, ",");
    }
    rl_out_fmt(&o, "\"seq\":%lld,\"batch\":%lld,\"tp\":%lld,\"pp\":%lld,\"precision\":\"%s\",\"kv_precision\":\"%s\",",
               (long long)mp->seq, (long long)mp->batch, (long long)mp->tp, (long long)mp->pp,
               rl_precision_name(mp->precision), rl_precision_name(mp->kv_precision));
    if (mp->kv_block > 0) rl_out_fmt(&o, "\"kv_block\":%lld,", (long long)mp->kv_block); /* absent = no paging */
    if (mp->chunk > 0) rl_out_fmt(&o, "\"prefill_chunk\":%lld,", (long long)mp->chunk);
    if (mp->gpu_layers >= 0) rl_out_fmt(&o, "\"gpu_layers\":%lld,", (long long)mp->gpu_layers);
    if (mp->ep > 1) rl_out_fmt(&o, "\"ep\":%lld,", (long long)mp->ep);
    if (mp->dpa > 1) rl_out_fmt(&o, "\"dp_attention\":%lld,", (long long)mp->dpa);
    if (mp->redundant > 0) rl_out_fmt(&o, "\"redundant_experts\":%lld,", (long long)mp->redundant);
    if (mp->nodes > 1)
        rl_out_fmt(&o, "\"nodes\":%lld,\"gpus_per_node\":%lld,", (long long)mp->nodes, (long long)mp->gpus_per_node);
    /* The command names its engine, so the realistic estimate is that engine's. */
    rl_out_fmt(&o, "\"engine\":\"%s\",", l->engine == RL_SERVE_LLAMA_SERVER ? "llama.cpp"
                                          : l->engine == RL_SERVE_TRTLLM     ? "trt-llm"
                                                                             : rl_serve_engine_name(l->engine));
    rl_out_fmt(&o, "\"pool_fraction\":%.17g}", mp->pool);
    if (o.len >= sizeof l->request) return lint_fail(l, RL_E_TOO_LARGE, "request", "request: the GPU request is too long");
    return RL_OK;
}

/* The data-parallel size a command gives (vLLM's --data-parallel-size, SGLang's --dp-size), 1 when none, and
 * how the analysis counts it (docs/scale-out.md, "Engine flags onto these inputs"):
 * - vLLM on an MoE model, without pipeline stages: each data-parallel rank is an engine of the command's tp whose
 *   attention serves its own requests, and "by default, expert layers form a tensor parallel group of size DP x TP"
 *   (expert-parallel with --enable-expert-parallel; docs.vllm.ai, Data Parallel Deployment): tp = dp x tp and
 *   dp_attention = dp. --max-num-seqs is each rank's own (each rank runs its own scheduler), so the batch is
 *   dp x it.
 * - SGLang with --enable-dp-attention: --tp-size is every GPU and --dp-size the attention groups over them
 *   (docs.sglang.io, DP, DPA and SGLang DP Router): dp_attention = dp, on an MoE model; --max-running-requests is
 *   the whole server's (its model runner gives each DP worker max_running_requests // dp_size).
 * - Otherwise, each rank is an independent replica of what the analysis counts (a dense model, SGLang's --dp-size
 *   without --enable-dp-attention), or a layout not modeled (vLLM with pipeline stages: vllm_dp_experts_not_modeled).
 * Sets mp->dpa and mp->tp; *dp gets the size as given. */
static rl_status dp_layout(rl_lint *l, const parsed *p, const rl_model *m, mapped *mp, int64_t *dp) {
    *dp = 1;
    if (p->value[K_DP] < 0) return RL_OK;
    const char *fl = word(l, p->flag[K_DP]);
    rl_status st = rl_parse_count(word(l, p->value[K_DP]), fl, 1, RL_MAX_PARALLEL, dp, &l->error);
    if (st != RL_OK || *dp == 1 || m->experts <= 0) return st;
    if (l->engine == RL_SERVE_VLLM && mp->pp == 1) {
        if (*dp * mp->tp > RL_MAX_PARALLEL)
            return rl_fail(&l->error, RL_E_RANGE, fl, "%s %lld x --tensor-parallel-size %lld is over %lld GPUs", fl, (long long)*dp,
                           (long long)mp->tp, (long long)RL_MAX_PARALLEL);
        mp->tp *= *dp;
        mp->dpa = *dp;
        if (mp->batch_given) mp->batch *= *dp;
    } else if (l->engine == RL_SERVE_SGLANG && vllm_switch_given(l, "--enable-dp-attention")) {
        if (mp->tp % *dp != 0)
            return rl_fail(&l->error, RL_E_RANGE, fl,
                           "%s %lld does not divide --tp-size %lld: with --enable-dp-attention SGLang splits the tp GPUs into "
                           "that many attention groups",
                           fl, (long long)*dp, (long long)mp->tp);
        mp->dpa = *dp;
        recognize_switch(l, "--enable-dp-attention");
    }
    return RL_OK;
}

/* What node_layout read, for its finding (multi_node). */
typedef struct nodes_read {
    int64_t nodes;    /* nodes of the whole deployment; 0 when the command places it on one */
    int64_t per_node; /* GPUs a node */
    int64_t local, first, rank_gpus; /* vLLM: ranks on this node, the first of them, GPUs a rank */
    int64_t node_rank;               /* SGLang --node-rank, 0 when absent */
} nodes_read;

static bool given_switch(rl_lint *l, const char *a, const char *b) {
    bool on = vllm_switch_given(l, a) || (b != NULL && vllm_switch_given(l, b));
    recognize_switch(l, a);
    if (b != NULL) recognize_switch(l, b);
    return on;
}

/* Where the GPUs are, from the flags that spread one deployment over nodes (docs/scale-out.md, "Engine flags onto
 * these inputs"):
 * - vLLM --data-parallel-size D with --data-parallel-size-local L: each node runs its own `vllm serve` with L of the D
 *   ranks (every node the same L, as the docs' commands run them), so the D ranks are on D / L nodes. On an MoE model
 *   (dp_layout: D ranks of T GPUs whose expert layers span all D x T) that is nodes = D / L of L x T GPUs each; on a
 *   dense model each rank is a replica of T x pp GPUs within a node, and the analysis of one replica is unchanged.
 *   L must divide D and be at most D; 0 (a node that runs only the API server) leaves no GPUs to analyse here.
 *   (An MoE with pipeline stages stays one replica, vllm_dp_experts_not_modeled, and gets no nodes.)
 *   --data-parallel-start-rank S is this node's first rank (S + L <= D), --data-parallel-rank R one rank a command
 *   (external load balancing; R < D). --data-parallel-hybrid-lb runs an API server on every node and needs L ("You must
 *   provide --data-parallel-size-local and --data-parallel-start-rank"; "Not compatible with --headless").
 * - SGLang --nnodes N: the server's GPUs (tp x pp, times --dp-size for replicas without --enable-dp-attention) fill
 *   the N nodes equally; the tp x pp analysed span tp x pp / per-node of them. --node-rank below N.
 * Sets mp->nodes and mp->gpus_per_node where the analysed GPUs span nodes, and *nr for the finding. */
static rl_status node_layout(rl_lint *l, const parsed *p, const rl_model *m, mapped *mp, int64_t dp, nodes_read *nr) {
    memset(nr, 0, sizeof *nr);
    rl_status st;
    if (l->engine == RL_SERVE_VLLM) {
        bool hybrid = given_switch(l, "--data-parallel-hybrid-lb", "-dph");
        bool headless = given_switch(l, "--headless", NULL);
        given_switch(l, "--data-parallel-external-lb", "-dpe");
        int64_t L = dp, S = 0, R = 0;
        if (p->value[K_DP_RANK] >= 0) {
            const char *fl = word(l, p->flag[K_DP_RANK]);
            if ((st = rl_parse_count(word(l, p->value[K_DP_RANK]), fl, 0, RL_MAX_PARALLEL, &R, &l->error))) return st;
            if (R >= dp)
                return rl_fail(&l->error, RL_E_RANGE, fl, "%s %lld is not a rank of --data-parallel-size %lld (ranks 0 to %lld)",
                               fl, (long long)R, (long long)dp, (long long)(dp - 1));
        }
        if (hybrid && headless)
            return rl_fail(&l->error, RL_E_CONTRADICTION, "--headless",
                           "--headless with --data-parallel-hybrid-lb: hybrid load balancing runs an API server on every node, "
                           "which --headless turns off (vLLM: \"Not compatible with --headless\")");
        if (p->value[K_DP_LOCAL] < 0) {
            if (hybrid)
                return rl_fail(&l->error, RL_E_CONTRADICTION, "--data-parallel-hybrid-lb",
                               "--data-parallel-hybrid-lb needs --data-parallel-size-local (and --data-parallel-start-rank): "
                               "each node must know which ranks it owns");
            if (p->value[K_DP_START] < 0) return RL_OK; /* every rank on this node, as before */
        } else {
            const char *fl = word(l, p->flag[K_DP_LOCAL]);
            if ((st = rl_parse_count(word(l, p->value[K_DP_LOCAL]), fl, 0, RL_MAX_PARALLEL, &L, &l->error))) return st;
            if (L == 0)
                return rl_fail(&l->error, RL_E_RANGE, fl,
                               "%s 0 runs no data-parallel rank on this node, only the API server: lint the command of a node "
                               "that runs ranks (its --data-parallel-size-local above 0)", fl);
            if (L > dp || dp % L != 0)
                return rl_fail(&l->error, RL_E_RANGE, fl,
                               "%s %lld %s --data-parallel-size %lld: every node runs the same number of the ranks", fl,
                               (long long)L, L > dp ? "is more than" : "does not divide", (long long)dp);
        }
        if (p->value[K_DP_START] >= 0) {
            const char *fl = word(l, p->flag[K_DP_START]);
            if ((st = rl_parse_count(word(l, p->value[K_DP_START]), fl, 0, RL_MAX_PARALLEL, &S, &l->error))) return st;
            if (S + L > dp)
                return rl_fail(&l->error, RL_E_RANGE, fl,
                               "%s %lld with %lld rank(s) on this node runs ranks past --data-parallel-size %lld (ranks 0 to %lld)",
                               fl, (long long)S, (long long)L, (long long)dp, (long long)(dp - 1));
        }
        /* One node; or an MoE with pipeline stages, read as one replica (vllm_dp_experts_not_modeled says so): its
         * ranks are no replicas within a node, and the analysis does not place them. */
        if (L == dp || (m->experts > 0 && mp->dpa == 1)) return RL_OK;
        int64_t T = mp->dpa > 1 ? mp->tp / mp->dpa : mp->tp;
        nr->nodes = dp / L;
        nr->local = L;
        nr->first = S;
        nr->rank_gpus = T * mp->pp;
        nr->per_node = L * T * mp->pp;
        if (nr->per_node > 1024)
            return rl_fail(&l->error, RL_E_RANGE, word(l, p->flag[K_DP_LOCAL]), "%s: %lld GPUs on one node is over 1024",
                           word(l, p->flag[K_DP_LOCAL]), (long long)nr->per_node);
        if (mp->dpa > 1) { /* the expert layers span every rank's GPUs, over the nodes */
            mp->nodes = nr->nodes;
            mp->gpus_per_node = nr->per_node;
        }
        return RL_OK;
    }
    if (l->engine != RL_SERVE_SGLANG || p->value[K_NNODES] < 0) return RL_OK;
    const char *fl = word(l, p->flag[K_NNODES]);
    int64_t N = 1, r = 0;
    if ((st = rl_parse_count(word(l, p->value[K_NNODES]), fl, 1, 4096, &N, &l->error))) return st;
    if (p->value[K_NODE_RANK] >= 0) {
        const char *rf = word(l, p->flag[K_NODE_RANK]);
        if ((st = rl_parse_count(word(l, p->value[K_NODE_RANK]), rf, 0, 4096, &r, &l->error))) return st;
        if (r >= N)
            return rl_fail(&l->error, RL_E_RANGE, rf, "%s %lld is not one of the %lld nodes of %s (0 to %lld)", rf, (long long)r,
                           (long long)N, fl, (long long)(N - 1));
    }
    if (N == 1) return RL_OK;
    int64_t G = mp->tp * mp->pp, reps = dp > 1 && mp->dpa == 1 ? dp : 1, total = reps * G;
    if (total % N != 0 || (G > total / N && G % (total / N) != 0))
        return rl_fail(&l->error, RL_E_RANGE, fl, "%s %lld does not divide the server's %lld GPUs evenly into nodes", fl,
                       (long long)N, (long long)total);
    nr->nodes = N;
    nr->node_rank = r;
    nr->per_node = total / N;
    if (nr->per_node > 1024)
        return rl_fail(&l->error, RL_E_RANGE, fl, "%s: %lld GPUs on one node is over 1024", fl, (long long)nr->per_node);
    if (G > nr->per_node) {
        mp->nodes = G / nr->per_node;
        mp->gpus_per_node = nr->per_node;
    }
    return RL_OK;
}

/* ---- analysis in the engine's terms ------------------------------------ */

static rl_status analyze_at(const rl_lint *l, const rl_deploy *d, rl_result *r) {
    rl_error e;
    return rl_analyze(&l->run.model, &l->run.gpu, d, r, &e);
}

/* Requests of full length the realistic KV room holds at this deployment. */
static int64_t cap_of(const rl_result *r) {
    if (r->verdict == RL_WEIGHTS_DO_NOT_FIT || r->kv_room_gib <= 0) return 0;
    return r->max_batch_realistic > 0 ? r->max_batch_realistic : 0;
}

static int64_t cap_at(const rl_lint *l, const rl_deploy *d, rl_result *r) {
    return analyze_at(l, d, r) == RL_OK ? cap_of(r) : 0;
}

/* For a correction: every request of full length, all at once, in the realistic budget. */
static bool serves_all(const rl_lint *l, const rl_deploy *d) {
    rl_result r;
    if (l->engine == RL_SERVE_LLAMA_SERVER) return analyze_at(l, d, &r) == RL_OK && r.verdict == RL_FITS;
    return cap_at(l, d, &r) >= d->batch;
}

/* The largest context in [1, hi] at which pred holds, in steps of 256 where
 * one fits (round numbers to type), else of 1; 0 when none. */
static int64_t largest_seq(const rl_lint *l, rl_deploy d, int64_t hi, bool (*pred)(const rl_lint *, const rl_deploy *)) {
    for (int64_t g = hi >= 256 ? 256 : 1;; g = 1) {
        int64_t lo = 0, up = hi / g; /* pred(lo·g) holds (0 stands for none), pred(k·g) fails above up */
        while (lo < up) {
            int64_t mid = lo + (up - lo + 1) / 2;
            d.seq = mid * g;
            if (pred(l, &d)) lo = mid;
            else up = mid - 1;
        }
        if (lo > 0 || g == 1) return lo * g;
        hi = hi < 255 ? hi : 255;
    }
}

/* One request of full length fits the realistic KV room (at the configured batch's reserves). */
static bool one_request(const rl_lint *l, const rl_deploy *d) {
    rl_result r;
    return cap_at(l, d, &r) >= 1;
}

static double gib_of_tokens(const rl_result *r, const rl_deploy *d) {
    return d->seq > 0 ? r->kv_gib_per_request / (double)d->seq : 0.0;
}

/* Offload can be analysed: one GPU, and the request gives the host's RAM and bandwidth. */
static bool host_described(const rl_deploy *d) {
    return d->tp == 1 && d->pp == 1 && d->ram_gib > 0 && rl_deploy_host_gbs(d) > 0;
}

/* A pool fraction as a command takes it: two decimals, or three where it has them (SGLang's own). */
static void put_fraction(char *buf, size_t n, double f) {
    snprintf(buf, n, fabs(f * 100.0 - round(f * 100.0)) < 1e-9 ? "%.2f" : "%.3f", f);
}

/* SGLang's own --mem-fraction-static for this GPU, model and chunk at tp x pp (rl_sglang_pool). */
static double sglang_pool(const rl_lint *l, int64_t tp, int64_t pp) {
    return rl_sglang_pool(l->run.gpu.vram_gib, tp, pp, &l->run.model, l->sglang_chunk);
}

/* ---- the corrected command --------------------------------------------- */

/* The longest word a correction writes: a flag's value, or llama-server's -m path with another quant in it. */
#define RL_LINT_FIX_MAX 256

static bool plain_word(const char *w) {
    if (*w == '\0') return false;
    for (; *w; w++)
        if (!((*w >= 'A' && *w <= 'Z') || (*w >= 'a' && *w <= 'z') || (*w >= '0' && *w <= '9') || strchr("_@%+=:,./-", *w)))
            return false;
    return true;
}

/* A word after sep ("" first, " " between words, "=" for a value joined to its flag), quoted unless plain. */
static void put_word(rl_out *o, const char *w, const char *sep) {
    rl_out_raw(o, sep);
    if (plain_word(w)) {
        rl_out_raw(o, w);
        return;
    }
    rl_out_raw(o, "'");
    for (; *w; w++) rl_out_raw(o, *w == '\'' ? "'\\''" : (char[2]){*w, 0});
    rl_out_raw(o, "'");
}

typedef struct fix {
    kind k;
    char value[RL_LINT_FIX_MAX];
} fix;

/* The original words with the fixed values in place (or appended), one line, into out (RL_LINT_MAX_BYTES);
 * *ok is 0 when it would not read back within the lint's own limits. */
static void write_corrected(const rl_lint *l, const parsed *p, const fix *fixes, int n, char *out, int *ok) {
    rl_out o;
    rl_out_init(&o, out, RL_LINT_MAX_BYTES);
    for (int i = 0; i < l->word_count; i++) {
        const char *w = word(l, i);
        for (int f = 0; f < n; f++)
            if (p->value[fixes[f].k] == i) w = fixes[f].value;
        put_word(&o, w, i == 0 ? "" : l->joined[i] ? "=" : " ");
    }
    for (int f = 0; f < n; f++) {
        if (p->value[fixes[f].k] >= 0) continue;
        char flag[40];
        canonical(l->engine, fixes[f].k, flag, sizeof flag);
        put_word(&o, flag, " ");
        put_word(&o, fixes[f].value, " ");
    }
    /* It must read back as a command: within the lint's own limits of bytes and words. */
    int words = l->word_count;
    for (int f = 0; f < n; f++) words += p->value[fixes[f].k] < 0 ? 2 : 0;
    *ok = o.len < RL_LINT_MAX_BYTES && words <= RL_LINT_MAX_ARGS;
    if (!*ok) out[0] = '\0';
}

/* How vLLM and SGLang split attention over tp ranks: whole query heads
 * (ModelConfig.verify_with_parallel_config: "Total number of attention heads (q)
 * must be divisible by tensor parallel size (tp)."), and whole KV heads, each
 * replicated on tp / h_kv ranks once tp passes them (QKVParallelLinear: divide()
 * of the one by the other). MLA keeps one latent per rank: only the query heads count. */
static bool tp_splits_heads(const rl_model *m, int64_t tp) {
    if (m->heads % tp != 0) return false;
    if (m->mla || m->kv_heads <= 0) return true;
    return m->kv_heads >= tp ? m->kv_heads % tp == 0 : tp % m->kv_heads == 0;
}

/* The GPUs one attention group splits the heads over: under data-parallel attention tp / dp_attention (for vLLM
 * the command's --tensor-parallel-size), else tp. */
static int64_t attention_tp(const rl_deploy *d) { return d->dp_attention > 1 ? d->tp / d->dp_attention : d->tp; }

/* Whether the engine refuses to start because its attention group does not split the heads (vLLM and SGLang;
 * TensorRT-LLM's rule was not read). */
static bool heads_refused(const rl_lint *l, const rl_deploy *d) {
    return (l->engine == RL_SERVE_VLLM || l->engine == RL_SERVE_SGLANG) && !tp_splits_heads(&l->run.model, attention_tp(d));
}

const char *rl_lint_rule_name(rl_lint_rule r) {
    switch (r) {
    case RL_LINT_RULE_CLOSEST: return "closest";
    case RL_LINT_RULE_PRECISION: return "precision";
    case RL_LINT_RULE_CONTEXT: return "context";
    case RL_LINT_RULE_CONCURRENCY: return "concurrency";
    default: return "unknown";
    }
}

/* The search's bounds: tp within one 8-GPU node (NVLink) unless the command asks for more, pp over up to 8
 * nodes, and 64 GPUs in all, a deployment's size the planner also stops at. */
#define SEARCH_TP 8
#define SEARCH_PP 8
#define SEARCH_GPUS 64
#define SEARCH_LAYOUTS 128

typedef struct layout {
    int64_t tp, pp;
} layout;

/* One deployment the engine serves in full (the command's with these levers), and how far it is from the
 * command. */
typedef struct choice {
    int64_t tp, pp, seq, batch, gpu_layers;
    rl_precision precision, kv_precision;
    double pool_fraction;
} choice;

typedef struct candidate {
    choice d;
    int precision;     /* how far the formats are from the command's, smaller nearer: vLLM, SGLang and trtllm-serve 2 for
                          fp8 weights and 1 for an fp8 KV cache; llama-server 3 per quant step down and 1 per KV type */
    bool pool_changed; /* a memory fraction other than the command's (or the engine's own at this layout) */
    bool literal;      /* d's formats are the ones it runs (llama-server), not the command's with fp8 marked */
} candidate;

static candidate candidate_of(const rl_deploy *d, int precision, bool pool_changed) {
    candidate c = {.precision = precision, .pool_changed = pool_changed};
    c.d.tp = d->tp;
    c.d.pp = d->pp;
    c.d.seq = d->seq;
    c.d.batch = d->batch;
    c.d.gpu_layers = d->gpu_layers;
    c.d.precision = d->precision;
    c.d.kv_precision = d->kv_precision;
    c.d.pool_fraction = d->pool_fraction;
    return c;
}

/* The memory fraction the command runs at on this layout: its own when it gives one, else the engine's
 * (SGLang's follows tp x pp; vLLM's is 0.9). */
static double asked_pool(const rl_lint *l, const parsed *p, const rl_deploy *start, int64_t tp, int64_t pp) {
    if (l->engine == RL_SERVE_SGLANG && p->value[K_POOL] < 0) return sglang_pool(l, tp, pp);
    return start->pool_fraction;
}

/* Does a pool fraction of the total ask for more than is free at the engine's start (vLLM's start check; cap: its
 * rl_engine_start_pool_limit, 1 where it has none)? */
static bool over_start(const rl_lint *l, double cap, double fraction) {
    return cap < 1.0 && fraction * l->run.gpu.vram_gib > l->run.gpu.start_free_gib;
}

/* The context, concurrency and memory fraction at which d's engine serves every request it asks for in
 * full: its own context when one request fits, else (when shorten) the longest that does (at its fraction,
 * then at the engine's default, then at 0.95, the most that leaves the CUDA graphs and the sampler their
 * room); its own concurrency when the KV holds it, else what the KV holds. False when nothing fits. */
static bool settle(const rl_lint *l, rl_deploy *d, bool batch_derived, bool shorten) {
    rl_result r;
    /* vLLM's start check: a fraction of the total above what is free at its start (DGX Spark: above 0.83), the
     * command's included, is lowered to the largest that starts. */
    double cap = rl_engine_start_pool_limit(d->engine, &l->run.gpu);
    if (over_start(l, cap, d->pool_fraction > 0.0 ? d->pool_fraction : rl_deploy_pool(d, d->engine, l->run.gpu.vram_gib, &l->run.model)))
        d->pool_fraction = cap;
    if (analyze_at(l, d, &r) != RL_OK || r.verdict == RL_WEIGHTS_DO_NOT_FIT) return false;
    if (!one_request(l, d)) {
        if (!shorten) return false;
        int64_t s = largest_seq(l, *d, d->seq, one_request);
        /* A larger fraction is taken where none fits at the command's, or where it holds at least twice the
         * context: a context cut by half or more to keep the fraction (1,792 of 131,072 tokens, where 0.95 holds
         * 126,976) is no correction a user wants, while a small cut keeps the headroom the command chose. */
        double pools[2] = {l->engine == RL_SERVE_SGLANG ? sglang_pool(l, d->tp, d->pp) : 0.90, 0.95};
        for (int i = 0; i < 2; i++) {
            if (over_start(l, cap, pools[i])) pools[i] = cap;
            if (pools[i] <= d->pool_fraction) continue; /* the command's, or one already taken */
            rl_deploy wider = *d;
            wider.pool_fraction = pools[i];
            int64_t w = largest_seq(l, wider, d->seq, one_request);
            if (w > 0 && (s == 0 || w >= 2 * s)) {
                s = w;
                d->pool_fraction = pools[i];
            }
        }
        if (s == 0) return false;
        d->seq = s;
    }
    int64_t c = cap_at(l, d, &r);
    /* SGLang derives --max-running-requests from its pool when the command leaves it out: on a corrected
     * deployment it is what the pool holds there. */
    if (c < d->batch || (batch_derived && c >= 1)) d->batch = c;
    return d->batch >= 1 && serves_all(l, d);
}

/* <0 when a ranks before b by rule: each rule's keys in its order, then fewer pipeline stages. */
static int rank(const candidate *a, const candidate *b, rl_lint_rule rule) {
    int64_t ka[5], kb[5]; /* smaller first */
    int64_t ga = a->d.tp * a->d.pp, gb = b->d.tp * b->d.pp;
    int64_t g[3][2] = {{ga, gb}, {a->precision, b->precision}, {-a->d.seq, -b->d.seq}};
    static const int order[RL_LINT_RULE_COUNT_][3] = {{0, 1, 2}, {1, 0, 2}, {2, 0, 1}, {0, 1, 2}};
    int n = 0;
    if (rule == RL_LINT_RULE_CONCURRENCY) {
        ka[n] = -a->d.batch;
        kb[n++] = -b->d.batch;
    }
    for (int i = 0; i < 3; i++) {
        ka[n] = g[order[rule][i]][0];
        kb[n++] = g[order[rule][i]][1];
    }
    if (rule != RL_LINT_RULE_CONCURRENCY) {
        ka[n] = -a->d.batch;
        kb[n++] = -b->d.batch;
    }
    for (int i = 0; i < n; i++)
        if (ka[i] != kb[i]) return ka[i] < kb[i] ? -1 : 1;
    if (a->pool_changed != b->pool_changed) return a->pool_changed ? 1 : -1;
    return a->d.pp < b->d.pp ? -1 : a->d.pp > b->d.pp ? 1 : 0;
}

static bool same_deploy(const candidate *a, const candidate *b) {
    return a->d.tp == b->d.tp && a->d.pp == b->d.pp && a->d.precision == b->d.precision && a->d.kv_precision == b->d.kv_precision &&
           a->d.seq == b->d.seq && a->d.batch == b->d.batch && a->d.pool_fraction == b->d.pool_fraction;
}

/* The layouts to try: tp over whole heads (tp_splits_heads), and no smaller than the command's when that
 * one does (it was chosen for the latency or the node); pp no deeper than the layers; as many GPUs as the
 * command asks or more: any count within one 8-GPU node, whole nodes past it. Fewest GPUs first, then the
 * shallower pipeline (the larger tp, on the faster link). */
static int layouts(const rl_lint *l, const rl_deploy *start, layout *out) {
    const rl_model *m = &l->run.model;
    int64_t asked = start->tp * start->pp, max_tp = start->tp > SEARCH_TP ? start->tp : SEARCH_TP;
    int64_t max_gpus = asked > SEARCH_GPUS ? asked : SEARCH_GPUS;
    int64_t min_tp = tp_splits_heads(m, start->tp) ? start->tp : 1;
    int n = 0;
    for (int64_t tp = min_tp; tp <= max_tp; tp = tp < SEARCH_TP ? tp + 1 : max_tp + (tp == max_tp)) {
        if (!tp_splits_heads(m, tp)) continue;
        for (int64_t pp = 1; pp <= SEARCH_PP && (m->layers <= 0 || pp <= m->layers); pp++) {
            int64_t g = tp * pp;
            if (g < asked || g > max_gpus || (g > SEARCH_TP && g % SEARCH_TP != 0 && g != asked) || n >= SEARCH_LAYOUTS) continue;
            int i = n++;
            while (i > 0 && (out[i - 1].tp * out[i - 1].pp > g || (out[i - 1].tp * out[i - 1].pp == g && out[i - 1].pp > pp))) {
                out[i] = out[i - 1];
                i--;
            }
            out[i] = (layout){tp, pp};
        }
    }
    return n;
}

/* Whether the engine runs these weights in fp8 from a 16-bit checkpoint (--quantization fp8: vLLM and
 * SGLang quantize it as they load it) on this GPU: one with an fp8 tensor peak, a conservative reading of
 * vLLM's rule (native fp8 from Ada and Hopper; Ampere runs it weight-only through Marlin). trtllm-serve has
 * no such flag: it runs pre-quantized checkpoints only. */
static bool online_fp8(const rl_lint *l, rl_precision weights) {
    return (l->engine == RL_SERVE_VLLM || l->engine == RL_SERVE_SGLANG) && l->run.model.quant == RL_QUANT_NONE && rl_precision_bytes(weights) >= 2 &&
           l->run.gpu.tflops_fp8 > 0;
}

/* The GPU presets TensorRT-LLM runs no fp8 on (NVIDIA's before Ada and Hopper: no fp8 tensor cores) and no NVFP4
 * on (NVIDIA's before Blackwell), by id prefix: "The default PyTorch backend supports FP4 and FP8 quantization on
 * the latest Blackwell and Hopper GPUs" (nvidia.github.io/TensorRT-LLM features/quantization.html). Only GPUs known
 * to lack the tensor cores are named (a preset without a sourced fp8 peak, such as the H20, is not), and a custom
 * GPU never is. */
static const char *const trt_no_fp8[] = {"a100", "a10", "a800", "t4", "rtx-30", "jetson", NULL};
static const char *const trt_no_fp4[] = {"a100", "a10", "a800", "t4", "rtx-30", "jetson", "rtx-40", "rtx-6000-ada", "l4", "l40",
                                         "h100", "h200", "h20", "h800", NULL};

/* Whether trtllm-serve runs weights or a KV cache in format p on this GPU. */
static bool trtllm_runs(const rl_lint *l, rl_precision p) {
    const char *id = l->run.gpu.name;
    if (p == RL_PREC_FP8) return !rl_gpu_id_in(trt_no_fp8, id);
    if (p == RL_PREC_NVFP4) return !rl_gpu_id_in(trt_no_fp4, id);
    return true;
}

/* c's levers; w0 and kv0 are the command's formats, resolved (the checkpoint's for auto). */
static void levers_of(const candidate *c, rl_precision w0, rl_precision kv0, rl_lint_rule rule, int changed, rl_lint_levers *out) {
    /* llama-server's candidates carry their formats as the command would run them (a GGUF quant, a cache type). */
    if (c->literal) {
        w0 = c->d.precision;
        kv0 = c->d.kv_precision;
    }
    *out = (rl_lint_levers){.rule = rule,
                            .gpus = c->d.tp * c->d.pp,
                            .tp = c->d.tp,
                            .pp = c->d.pp,
                            .weights = c->precision >= 2 && !c->literal ? RL_PREC_FP8 : w0,
                            .kv = c->precision % 2 == 1 && !c->literal ? RL_PREC_FP8 : kv0,
                            .seq = c->d.seq,
                            .max_seqs = c->d.batch,
                            .pool_fraction = c->d.pool_fraction,
                            .gpu_layers = c->d.gpu_layers,
                            .changed = changed};
}

/* The flags that turn the command into candidate c. */
static int fixes_of(const rl_lint *l, const parsed *p, const rl_deploy *start, const candidate *c, fix *fixes) {
    int n = 0;
    const choice *d = &c->d;
#define FIX(kind_, ...) (fixes[n].k = (kind_), snprintf(fixes[n++].value, sizeof fixes[0].value, __VA_ARGS__))
    if (d->tp != start->tp) FIX(K_TP, "%lld", (long long)d->tp);
    /* SGLang's and trtllm-serve's EP size, given equal to tp, follows it (asked_ep). */
    if (d->tp != start->tp && p->value[K_EP] >= 0 && asked_ep(l, p, start->tp, start->tp) == start->tp)
        FIX(K_EP, "%lld", (long long)d->tp);
    if (d->pp != start->pp) FIX(K_PP, "%lld", (long long)d->pp);
    if (c->precision >= 2) FIX(K_QUANT, "fp8");
    /* vLLM takes fp8 (e4m3); SGLang's choices name the format: fp8_e4m3. */
    if (c->precision % 2 == 1) FIX(K_KV, "%s", l->engine == RL_SERVE_SGLANG ? "fp8_e4m3" : "fp8");
    if (d->seq != start->seq) FIX(K_SEQ, "%lld", (long long)d->seq);
    /* vLLM's --max-num-seqs is each data-parallel rank's (dp_layout): the batch over the ranks. */
    int64_t per_flag = l->engine == RL_SERVE_VLLM && start->dp_attention > 1 ? start->dp_attention : 1;
    if (d->batch != start->batch || (l->engine == RL_SERVE_SGLANG && p->value[K_BATCH] < 0 && n > 0))
        FIX(K_BATCH, "%lld", (long long)(d->batch / per_flag)); /* a multiple of the ranks (correct) */
    if (c->pool_changed) {
        fixes[n].k = K_POOL;
        put_fraction(fixes[n++].value, sizeof fixes[0].value, d->pool_fraction);
    }
#undef FIX
    return n;
}

/* llama-server: the largest -ngl whose GPU part fits (fewer layers on a GPU that is short, more when the host
 * RAM is short), then the longest context each slot holds, else one slot. One candidate. */
static bool correct_llama(const rl_lint *l, const rl_deploy *start, candidate *c) {
    rl_deploy d = *start;
    rl_result r;
    analyze_at(l, &d, &r);
    if (host_described(&d) && r.verdict != RL_FITS) {
        int64_t L = l->run.model.layers, now = d.gpu_layers <= L ? d.gpu_layers : L + 1;
        if (r.max_gpu_layers >= 0 && (r.max_gpu_layers < now || (r.verdict == RL_HOST_DOES_NOT_FIT && r.max_gpu_layers > now))) {
            d.gpu_layers = r.max_gpu_layers;
            analyze_at(l, &d, &r);
        }
    }
    if (r.verdict == RL_WEIGHTS_DO_NOT_FIT) return false;
    if (!serves_all(l, &d)) {
        int64_t s = largest_seq(l, d, d.seq, serves_all);
        if (s == 0) {
            d.batch = 1; /* one slot, then the longest context it holds */
            s = largest_seq(l, d, d.seq, serves_all);
            if (s == 0) return false;
        }
        d.seq = s;
    }
    *c = candidate_of(&d, 0, false);
    return true;
}

/* The GGUF quants a correction steps down through, largest first: the ones the core models by name that the
 * GGUF publishers most often give for a model (ggml-org, bartowski, unsloth: Q8_0, Q6_K, Q5_K_M, Q4_K_M,
 * Q3_K_M), as llama.cpp names them in a file name and after -hf REPO:. Below Q3_K_M quality falls off
 * steeply, and a correction does not go there. */
typedef struct step {
    rl_precision p;
    const char *name; /* as llama-server takes it */
} step;

static const step gguf_steps[] = {{RL_PREC_Q8_0, "Q8_0"}, {RL_PREC_Q6_K, "Q6_K"}, {RL_PREC_Q5_K_M, "Q5_K_M"}, {RL_PREC_Q4_K_M, "Q4_K_M"},
                                  {RL_PREC_Q3_K_M, "Q3_K_M"}};

/* The KV cache types a correction offers for -ctk and -ctv: q8_0 (near the 16-bit cache's quality), then q4_0. */
static const step cache_steps[] = {{RL_PREC_Q8_0, "q8_0"}, {RL_PREC_Q4_0, "q4_0"}};

#define STEPS(t) (t), sizeof(t) / sizeof((t)[0])

/* The name of format p among the n steps of t; NULL when it is none of them. */
static const char *step_name(const step *t, size_t n, rl_precision p) {
    for (size_t i = 0; i < n; i++)
        if (t[i].p == p) return t[i].name;
    return NULL;
}

/* The command's -m FILE or -hf REPO[:QUANT] naming the same model's GGUF in quant q instead: the quant word of
 * the file's name replaced (in its case), or -hf's tag set (llama-server picks the repository's file of that
 * quant). False when the command names no quant this can replace, or the word would not fit. */
static bool model_in_quant(const rl_lint *l, const parsed *p, const char *q, fix *f) {
    if (p->value[K_MODEL] >= 0) {
        const char *w = word(l, p->value[K_MODEL]), *base = base_name(w);
        char name[RL_LINT_FIX_MAX], token[24];
        size_t at = 0;
        if (strlen(base) >= sizeof name || find_gguf_type(base, &at, token, sizeof token) == NULL) return false;
        size_t head = (size_t)(base - w) + at, len = strlen(token);
        bool lower = base[at] >= 'a' && base[at] <= 'z';
        char quant[24];
        size_t k = 0;
        for (; q[k] && k + 1 < sizeof quant; k++) quant[k] = lower && q[k] >= 'A' && q[k] <= 'Z' ? (char)(q[k] + 32) : q[k];
        quant[k] = '\0';
        int n = snprintf(name, sizeof name, "%.*s%s%s", (int)head, w, quant, w + head + len);
        if (n < 0 || (size_t)n >= sizeof name) return false;
        f->k = K_MODEL;
        snprintf(f->value, sizeof f->value, "%s", name);
        return true;
    }
    if (p->value[K_HF] >= 0) {
        /* The tag is what follows the last colon of the name after the last '/' (llama.cpp's common_get_hf_file
         * takes parts.back(); the lint reads the model from that name); all before it is kept, so that the
         * corrected command names the model as the command did. */
        const char *w = word(l, p->value[K_HF]), *colon = strrchr(base_name(w), ':');
        size_t repo = colon ? (size_t)(colon - w) : strlen(w);
        /* A repository named by its one quant (...-Q8_0-GGUF) holds no other: no tag names another quant there. */
        char rname[RL_LINT_FIX_MAX], token[24];
        size_t at = 0;
        const char *first = strchr(base_name(w), ':');
        snprintf(rname, sizeof rname, "%.*s", (int)(first ? (size_t)(first - base_name(w)) : strlen(base_name(w))), base_name(w));
        if (find_gguf_type(rname, &at, token, sizeof token) != NULL && at > 0) return false;
        int n = snprintf(f->value, sizeof f->value, "%.*s:%s", (int)repo, w, q);
        if (n < 0 || (size_t)n >= sizeof f->value) return false;
        f->k = K_HF;
        return true;
    }
    return false;
}

/* Whether the command turns flash attention off (-fa off, --flash-attn 0, ...): llama.cpp then refuses a quantized
 * V cache ("V cache quantization requires flash_attn", src/llama-context.cpp), so the cache types are not offered.
 * By default (-fa auto, common/arg.cpp) it is on where the backend runs it. */
static bool flash_attention_off(const rl_lint *l) {
    for (int i = 0; i < l->ignored_count; i++) {
        int at = l->ignored[i];
        const char *w = word(l, at);
        if (strcmp(w, "-fa") != 0 && strcmp(w, "--flash-attn") != 0) continue;
        if (at + 1 >= l->word_count) continue;
        const char *v = word(l, at + 1);
        if (ieq(v, "off") || ieq(v, "0") || ieq(v, "false") || ieq(v, "disabled")) return true;
    }
    return false;
}

static int llama_fixes(const rl_lint *l, const parsed *p, const rl_deploy *start, const candidate *c, fix *fixes) {
    const choice *d = &c->d;
    int n = 0;
    if (d->precision != start->precision) {
        const char *q = step_name(STEPS(gguf_steps), d->precision);
        if (q == NULL || !model_in_quant(l, p, q, &fixes[n])) return 0;
        n++;
    }
    if (d->kv_precision != start->kv_precision) {
        const char *t = step_name(STEPS(cache_steps), d->kv_precision);
        if (t == NULL) return 0;
        fixes[n].k = K_CTK;
        snprintf(fixes[n++].value, sizeof fixes[0].value, "%s", t);
        fixes[n].k = K_CTV;
        snprintf(fixes[n++].value, sizeof fixes[0].value, "%s", t);
    }
    if (d->gpu_layers != start->gpu_layers) {
        fixes[n].k = K_NGL;
        snprintf(fixes[n++].value, sizeof fixes[0].value, "%lld", (long long)d->gpu_layers);
    }
    if (d->batch != start->batch) {
        fixes[n].k = K_NP;
        snprintf(fixes[n++].value, sizeof fixes[0].value, "%lld", (long long)d->batch);
    }
    if (d->seq != start->seq || d->batch != start->batch) {
        fixes[n].k = K_CTX;
        snprintf(fixes[n++].value, sizeof fixes[0].value, "%lld", (long long)(d->seq * d->batch));
    }
    return n;
}

/* The flags that turn the command into c, for its engine. */
static int fixes_for(const rl_lint *l, const parsed *p, const rl_deploy *start, const candidate *c, fix *fixes) {
    return l->engine == RL_SERVE_LLAMA_SERVER ? llama_fixes(l, p, start, c, fixes) : fixes_of(l, p, start, c, fixes);
}

/* llama-server's candidates: each smaller GGUF quant of the model the command's -m or -hf can name, by each KV
 * cache type smaller than its own (unless flash attention is off), each at the -ngl, context and slots
 * correct_llama settles. */
static int llama_candidates(const rl_lint *l, const parsed *p, const rl_deploy *start, rl_precision w0, rl_precision kv0, candidate *found) {
    rl_precision ws[1 + sizeof gguf_steps / sizeof gguf_steps[0]] = {start->precision};
    rl_precision kvs[1 + sizeof cache_steps / sizeof cache_steps[0]] = {start->kv_precision};
    int nw = 1, nkv = 1, nf = 0;
    fix probe;
    for (size_t i = 0; i < sizeof gguf_steps / sizeof gguf_steps[0]; i++)
        if (rl_precision_bytes(gguf_steps[i].p) < rl_precision_bytes(w0) && model_in_quant(l, p, gguf_steps[i].name, &probe))
            ws[nw++] = gguf_steps[i].p;
    if (!flash_attention_off(l))
        for (size_t i = 0; i < sizeof cache_steps / sizeof cache_steps[0]; i++)
            if (rl_precision_bytes(cache_steps[i].p) < rl_precision_bytes(kv0)) kvs[nkv++] = cache_steps[i].p;
    for (int w = 0; w < nw; w++)
        for (int k = 0; k < nkv; k++) {
            rl_deploy d = *start;
            d.precision = ws[w];
            d.kv_precision = kvs[k];
            candidate c;
            if (!correct_llama(l, &d, &c)) continue;
            c.precision = 3 * w + k;
            c.literal = true;
            found[nf++] = c;
        }
    return nf;
}

/* The corrected command and up to two alternatives from the candidates found: the best by
 * RL_LINT_RULE_CLOSEST, then the best by each other rule that differs from those taken. */
static bool choose(rl_lint *l, const parsed *p, const rl_deploy *start, const candidate *found, int nf, rl_precision w0, rl_precision kv0) {
    fix fixes[8];
    candidate best[RL_LINT_RULE_COUNT_];
    bool have[RL_LINT_RULE_COUNT_] = {false};
    if (nf == 0) return false;
    for (int rule = 0; rule < RL_LINT_RULE_COUNT_; rule++)
        for (int i = 0; i < nf; i++) {
            if (rule == RL_LINT_RULE_CONCURRENCY && found[i].d.tp * found[i].d.pp > 2 * best[0].d.tp * best[0].d.pp) continue;
            if (!have[rule] || rank(&found[i], &best[rule], (rl_lint_rule)rule) < 0) {
                best[rule] = found[i];
                have[rule] = true;
            }
        }
    int n = fixes_for(l, p, start, &best[0], fixes);
    if (n == 0) return false;
    write_corrected(l, p, fixes, n, l->corrected, &l->has_corrected);
    levers_of(&best[0], w0, kv0, RL_LINT_RULE_CLOSEST, n, &l->correction);
    const candidate *taken[1 + RL_LINT_MAX_ALTERNATIVES] = {&best[0]};
    int nt = 1;
    for (int rule = 1; rule < RL_LINT_RULE_COUNT_ && l->alternative_count < RL_LINT_MAX_ALTERNATIVES; rule++) {
        if (!have[rule]) continue;
        bool dup = false;
        for (int t = 0; t < nt; t++) dup = dup || same_deploy(&best[rule], taken[t]);
        if (dup) continue;
        int na = fixes_for(l, p, start, &best[rule], fixes);
        int slot = l->alternative_count;
        int ok = 0;
        write_corrected(l, p, fixes, na, l->alternative[slot], &ok);
        if (!ok || na == 0) continue;
        levers_of(&best[rule], w0, kv0, (rl_lint_rule)rule, na, &l->alternative_levers[slot]);
        l->alternative_count++;
        taken[nt++] = &best[rule];
    }
    return true;
}

/* The corrected commands: every layout, weight format and KV format the engine's flags express, each at
 * the context, concurrency and memory fraction it serves in full (settle); ranked by RL_LINT_RULE_CLOSEST
 * for the corrected command, and by the other rules for up to two alternatives that trade differently.
 * For vLLM the context starts at the model's positions (a longer --max-model-len is refused). llama-server's
 * levers are its own: -ngl, -c, -np, the GGUF's quant and the KV cache types (llama_candidates). Fills l's
 * corrected command, levers and alternatives; false when no candidate is found. */
static bool correct(rl_lint *l, const parsed *p, rl_deploy start, int64_t max_positions) {
    rl_result r0;
    analyze_at(l, &start, &r0);
    rl_precision w0 = r0.weight_precision, kv0 = r0.kv_precision;
    candidate found[4 * SEARCH_LAYOUTS]; /* about 40 KB of stack */
    if (l->engine == RL_SERVE_LLAMA_SERVER) return choose(l, p, &start, found, llama_candidates(l, p, &start, w0, kv0, found), w0, kv0);
    rl_deploy base = start;
    /* vLLM and SGLang refuse a longer --max-model-len/--context-length and trtllm-serve lowers a longer
     * --max_seq_len to the model's (max_positions is 0 when the command's environment allows longer). */
    if (max_positions > 0 && base.seq > max_positions) base.seq = max_positions;
    rl_precision weights[2] = {start.precision, RL_PREC_FP8}, kvs[2] = {start.kv_precision, RL_PREC_FP8};
    int nw = online_fp8(l, w0) ? 2 : 1;
    int nkv = rl_precision_bytes(kv0) >= 2 && (l->engine != RL_SERVE_TRTLLM || trtllm_runs(l, RL_PREC_FP8)) ? 2 : 1;
    layout lay[SEARCH_LAYOUTS];
    int nl = layouts(l, &start, lay);
    /* Data-parallel attention (dp_layout) keeps its layout: the command's ranks and groups, corrected by the other
     * levers. A new tp would change the groups and, for vLLM, every rank's engine. */
    if (start.dp_attention > 1 || start.nodes > 1) { /* so do the nodes a command names (node_layout) */
        lay[0] = (layout){start.tp, start.pp};
        /* Kept, it must start: an attention group that does not split the heads has no correction here. */
        nl = heads_refused(l, &start) ? 0 : 1;
    }
    /* An EP size that follows tp (vLLM's switch, or a size given equal to tp) is offered only where tp divides the
     * experts; a size given apart from tp only where it divides tp, as SGLang and TensorRT-LLM require. */
    int64_t ep_asked = l->run.model.experts > 0 ? asked_ep(l, p, start.tp, start.tp) : 0;
    bool ep_follows = ep_asked > 1 && ep_asked == start.tp;
    bool derived = l->engine == RL_SERVE_SGLANG && p->value[K_BATCH] < 0;
    int nf = 0;
    for (int w = 0; w < nw; w++)
        for (int k = 0; k < nkv; k++) {
            /* The GPUs of the first layout that serves at all, and of the first that holds the whole context.
             * Past the first, a layout that shortens the context ranks below it by every rule (the same formats,
             * more GPUs, no more context): only whole contexts are settled there, without the search. Past twice
             * the whole context's GPUs, more GPUs only add concurrency, which the rules rank last. */
            int64_t first_at = 0, full_at = 0;
            for (int i = 0; i < nl; i++) {
                int64_t g = lay[i].tp * lay[i].pp;
                if (full_at > 0 && g > 2 * full_at) break;
                rl_deploy d = base;
                /* Expert parallelism follows tp (vLLM's switch), read back from the corrected command as from the
                 * asked one; a tp that does not divide the experts is not offered with the switch. */
                if (ep_follows && l->run.model.experts % lay[i].tp != 0) continue;
                if (ep_asked > 1 && !ep_follows && lay[i].tp % ep_asked != 0) continue;
                d.ep = counted_ep(l, p, start.tp, lay[i].tp, lay[i].pp);
                if (d.ep <= 1) d.redundant_experts = 0; /* EPLB's slots need EP (mp.redundant) */
                d.tp = lay[i].tp;
                d.pp = lay[i].pp;
                d.precision = weights[w];
                d.kv_precision = kvs[k];
                double own = asked_pool(l, p, &start, d.tp, d.pp);
                d.pool_fraction = own;
                if (!settle(l, &d, derived, first_at == 0 || g == first_at)) continue;
                /* vLLM's --max-num-seqs is each data-parallel rank's: a batch its ranks share evenly (fewer requests
                 * than it held, so it still serves them all), none when it holds fewer than one a rank. */
                if (l->engine == RL_SERVE_VLLM && d.dp_attention > 1) {
                    d.batch -= d.batch % d.dp_attention;
                    if (d.batch == 0) continue;
                }
                candidate c = candidate_of(&d, 2 * w + k, d.pool_fraction != own);
                found[nf++] = c;
                if (first_at == 0) first_at = g;
                if (c.d.seq == base.seq && full_at == 0) full_at = g;
                if (c.d.seq == base.seq && c.d.batch >= start.batch && !c.pool_changed) break; /* all it asks */
            }
        }
    return choose(l, p, &start, found, nf, w0, kv0);
}

/* ---- the run ------------------------------------------------------------ */

static const word_map vllm_kv[] = {{"auto", RL_PREC_AUTO, 0},     {"fp8", RL_PREC_FP8, 8},      {"fp8_e4m3", RL_PREC_FP8, 8},
                                   {"fp8_e5m2", RL_PREC_FP8, 8},  {"fp8_inc", RL_PREC_FP8, 8},  {"fp8_ds_mla", RL_PREC_FP8, 8},
                                   {"bfloat16", RL_PREC_BF16, 16}, {"float16", RL_PREC_FP16, 16}, {"bf16", RL_PREC_BF16, 16},
                                   {"fp4_e2m1", RL_PREC_INT4, 4}};
/* trtllm-serve --kv_cache_dtype (serve.py: click.Choice auto, fp8, nvfp4). */
static const word_map trtllm_kv[] = {{"auto", RL_PREC_AUTO, 0}, {"fp8", RL_PREC_FP8, 8}, {"nvfp4", RL_PREC_NVFP4, 4.5}};
static const word_map dtypes[] = {{"auto", RL_PREC_AUTO, 0},     {"half", RL_PREC_FP16, 16},   {"float16", RL_PREC_FP16, 16},
                                  {"bfloat16", RL_PREC_BF16, 16}, {"float", RL_PREC_FP32, 32},  {"float32", RL_PREC_FP32, 32}};
static const word_map quants[] = {
    {"fp8", RL_PREC_FP8, 8},          {"fbgemm_fp8", RL_PREC_FP8, 8},  {"modelopt", RL_PREC_FP8, 8},
    {"w8a8_fp8", RL_PREC_FP8, 8},     {"w8a8_int8", RL_PREC_INT8, 8},  {"awq", RL_PREC_INT4, 4},
    {"awq_marlin", RL_PREC_INT4, 4},  {"gptq", RL_PREC_INT4, 4},       {"gptq_marlin", RL_PREC_INT4, 4},
    {"marlin", RL_PREC_INT4, 4},      {"bitsandbytes", RL_PREC_INT4, 4}, {"gguf", RL_PREC_INT4, 4},
    {"mxfp4", RL_PREC_INT4, 4},       {"modelopt_fp4", RL_PREC_INT4, 4}, {"none", RL_PREC_AUTO, 0}};
/* llama.cpp --cache-type-k/-v (common/arg.cpp kv_cache_types), bits per element from the block sizes. */
static const word_map cache_types[] = {{"f32", RL_PREC_FP32, 32},  {"f16", RL_PREC_FP16, 16},   {"bf16", RL_PREC_BF16, 16},
                                       {"q8_0", RL_PREC_Q8_0, 8.5}, {"q4_0", RL_PREC_Q4_0, 4.5}, {"q4_1", RL_PREC_INT4, 5},
                                       {"iq4_nl", RL_PREC_INT4, 4.5}, {"q5_0", RL_PREC_INT4, 5.5}, {"q5_1", RL_PREC_INT8, 6}};

static double prec_bits(rl_precision p) { return rl_precision_bytes(p) * 8.0; }

/* The weights' format a repository's name gives, as its publisher names the checkpoint (Llama-3.1-405B-FP8,
 * Qwen2.5-7B-Instruct-AWQ, ...-GPTQ-Int4): a dash-separated word of the name's last part. The engine reads
 * the format from the checkpoint's quantization_config, which the name describes; a config.json given
 * beside the command wins. RL_PREC_AUTO when the name says none; *token gets the word as written. */
static rl_precision format_from_name(const char *id, char *token, size_t cap) {
    static const struct {
        const char *word;
        rl_precision p;
    } words[] = {{"fp8", RL_PREC_FP8},   {"nvfp4", RL_PREC_NVFP4}, {"mxfp4", RL_PREC_MXFP4}, {"fp4", RL_PREC_NVFP4}, {"awq", RL_PREC_INT4},
                 {"gptq", RL_PREC_INT4}, {"int4", RL_PREC_INT4},   {"int8", RL_PREC_INT8},   {"w8a8", RL_PREC_INT8},
                 {"w4a16", RL_PREC_INT4}};
    const char *name = strrchr(id, '/') ? strrchr(id, '/') + 1 : id;
    rl_precision found = RL_PREC_AUTO;
    token[0] = '\0';
    for (const char *w = name; *w;) {
        const char *end = strchr(w, '-');
        size_t n = end ? (size_t)(end - w) : strlen(w);
        char one[16];
        snprintf(one, sizeof one, "%.*s", (int)(n < sizeof one ? n : sizeof one - 1), w);
        for (size_t i = 0; n < sizeof one && i < sizeof words / sizeof words[0]; i++) {
            if (!ieq(one, words[i].word)) continue;
            /* A later word refines an earlier one: GPTQ, then Int8, is 8-bit. */
            found = words[i].p;
            size_t have = strlen(token);
            if (have + n + 2 <= cap) snprintf(token + have, cap - have, have ? "-%s" : "%s", one);
        }
        if (!end) break;
        w = end + 1;
    }
    return found;
}

static rl_status map_precisions(rl_lint *l, const parsed *p, const rl_model *m, mapped *mp) {
    rl_status st;
    const word_map *w = NULL;
    if (l->engine == RL_SERVE_LLAMA_SERVER) {
        int kvk = p->value[K_CTK], kvv = p->value[K_CTV];
        const word_map *k = &cache_types[1], *v = &cache_types[1]; /* f16 */
        if (kvk >= 0 && (st = map_word(l, word(l, p->flag[K_CTK]), word(l, kvk), cache_types, sizeof cache_types / sizeof cache_types[0], &k))) return st;
        if (kvv >= 0 && (st = map_word(l, word(l, p->flag[K_CTV]), word(l, kvv), cache_types, sizeof cache_types / sizeof cache_types[0], &v))) return st;
        const word_map *big = k->bits >= v->bits ? k : v;
        mp->kv_precision = big->p;
        if (k != v)
            add_finding(l, "kv_types_differ", NULL,
                    "K is {k%s} and V is {v%s}; the core sizes the whole KV cache at one precision, so both are counted as "
                    "{precision%s} (the larger).",
                    ARGS(ARG_S(k->word), ARG_S(v->word), ARG_S(rl_precision_name(big->p))));
        if (big->bits != prec_bits(big->p))
            add_finding(l, "kv_type_approximated", NULL,
                    "The KV cache type {type%s} ({bits%.4g} bits per element with its scales) is counted as {precision%s}, the "
                    "nearest precision the core models.",
                    ARGS(ARG_S(big->word), ARG_D(big->bits), ARG_S(rl_precision_name(big->p))));
        return RL_OK;
    }
    if (p->value[K_KV] >= 0) {
        bool trt = l->engine == RL_SERVE_TRTLLM;
        if ((st = map_word(l, word(l, p->flag[K_KV]), word(l, p->value[K_KV]), trt ? trtllm_kv : vllm_kv,
                           trt ? sizeof trtllm_kv / sizeof trtllm_kv[0] : sizeof vllm_kv / sizeof vllm_kv[0], &w)))
            return st;
        mp->kv_precision = w->p;
    }
    rl_precision dtype = (rl_precision)m->dtype; /* the checkpoint's torch_dtype */
    if (p->value[K_DTYPE] >= 0) {
        if ((st = map_word(l, word(l, p->flag[K_DTYPE]), word(l, p->value[K_DTYPE]), dtypes, sizeof dtypes / sizeof dtypes[0], &w))) return st;
        mp->precision = w->p;
        if (w->p != RL_PREC_AUTO) dtype = w->p;
    }
    /* kv-cache-dtype auto is the model's dtype in vLLM and SGLang, not the quantized
     * weights' format (the core's auto would follow an fp8 --quantization); trtllm-serve's
     * auto keeps the checkpoint's kv_cache_quant_algo, which the core does not read: the
     * model's dtype too, the larger. */
    if (mp->kv_precision == RL_PREC_AUTO && dtype != RL_PREC_AUTO) mp->kv_precision = dtype;
    /* No --quantization and no quantization_config: the repository's name says what the checkpoint holds. */
    char token[32];
    rl_precision named = l->engine != RL_SERVE_LLAMA_SERVER ? format_from_name(l->model_id, token, sizeof token) : RL_PREC_AUTO;
    /* A preset matched by name is another repository's: its quantization_config is not this checkpoint's, whose
     * name then says its format (nvidia/DeepSeek-R1-FP4 is NVFP4, not DeepSeek-R1's fp8). */
    if (named != RL_PREC_AUTO && p->value[K_QUANT] < 0 && (m->quant == RL_QUANT_NONE || mp->by_name)) {
        mp->precision = named;
        add_finding(l, "format_from_name", NULL,
                "The repository's name says {suffix%s}: its weights are counted as {precision%s}, the format the engine finds in "
                "that checkpoint (a config.json given with --config, whose quantization_config wins, would say otherwise).",
                ARGS(ARG_S(token), ARG_S(rl_precision_name(named))));
    }
    if (p->value[K_QUANT] >= 0) {
        const char *q = word(l, p->value[K_QUANT]);
        w = NULL;
        for (size_t i = 0; i < sizeof quants / sizeof quants[0]; i++)
            if (ieq(quants[i].word, q)) w = &quants[i];
        if (m->quant != RL_QUANT_NONE) {
            add_finding(l, "quantization_from_checkpoint", NULL,
                    "--quantization {quantization%s}: the checkpoint's own quantization_config is what the core counts.", ARGS(ARG_S(q)));
        } else if (w == NULL) {
            add_finding(l, "quantization_not_modeled", NULL,
                    "--quantization {quantization%s} is not a format the core models; the weights are counted at --dtype.", ARGS(ARG_S(q)));
        } else if (w->p != RL_PREC_AUTO) {
            mp->precision = w->p;
            if (w->p == RL_PREC_INT4)
                add_finding(l, "quantization_assumed_4bit", NULL,
                        "--quantization {quantization%s} is counted as 4-bit weights (int4, 0.5 byte each, scales not counted).",
                        ARGS(ARG_S(q)));
        }
    }
    return RL_OK;
}

static rl_status lint_model(rl_lint *l, const parsed *p, bool have_config, mapped *mp, rl_model *m) {
    rl_status st;
    char name[256], repo[256], matched[256];
    /* trtllm-serve's positional is its MODEL argument (serve.py, click.argument("model")). */
    const char *field = l->engine == RL_SERVE_TRTLLM ? "MODEL" : "model";
    int at = p->value[K_MODEL] >= 0 ? p->value[K_MODEL] : p->positional_model;
    if (p->value[K_MODEL] >= 0) field = word(l, p->flag[K_MODEL]);
    if (l->engine == RL_SERVE_LLAMA_SERVER) {
        const char *id = NULL;
        char quant[24] = "";
        const word_map *t = NULL;
        size_t cut = 0;
        if (p->value[K_MODEL] >= 0) {
            id = word(l, p->value[K_MODEL]);
            snprintf(name, sizeof name, "%s", base_name(id));
            size_t n = strlen(name);
            if (n > 5 && ieq(name + n - 5, ".gguf")) name[n - 5] = '\0';
            t = find_gguf_type(name, &cut, quant, sizeof quant);
            if (t && cut > 0) name[cut - 1] = '\0';
        } else if (p->value[K_HF] >= 0) {
            field = word(l, p->flag[K_HF]);
            id = word(l, p->value[K_HF]);
            snprintf(name, sizeof name, "%s", base_name(id));
            char *colon = strchr(name, ':'), *last = strrchr(name, ':');
            /* -hf repo[:quant]: the quant defaults to Q4_K_M (tools/server/README.md). As llama.cpp splits it
             * (common_get_hf_file: the repo is what precedes the first colon, the tag what follows the last), so
             * that a correction, which rewrites the tag after the last colon, reads back as written. */
            snprintf(quant, sizeof quant, "%s", last ? last + 1 : "Q4_K_M");
            if (colon) *colon = '\0';
            /* A repository named by its one quant (ggml-org's Qwen2.5-Coder-3B-Q8_0-GGUF): the model's name is what
             * precedes the type, and with no tag llama-server takes that file (Q4_K_M, else the repository's first:
             * tools/server/README.md). */
            size_t in_repo = 0;
            char repo_quant[24];
            if (find_gguf_type(name, &in_repo, repo_quant, sizeof repo_quant) != NULL && in_repo > 0) {
                name[in_repo - 1] = '\0';
                if (!last) snprintf(quant, sizeof quant, "%s", repo_quant);
            }
            char qname[32];
            snprintf(qname, sizeof qname, "-%s", quant);
            t = find_gguf_type(qname, &cut, quant, sizeof quant);
        } else if (!have_config) {
            return lint_fail(l, RL_E_JSON_MISSING, "-m", "-m: llama-server needs -m FILE.gguf (or -hf REPO) to name the model");
        }
        if (id) snprintf(l->model_id, sizeof l->model_id, "%s", id);
        rl_precision own = RL_PREC_AUTO;
        if (t != NULL && gguf_precision(quant, &own)) {
            mp->precision = own; /* a type the core models by name (q4_k_m, q8_0, ...) */
        } else if (t != NULL) {
            if (t->bits == prec_bits(t->p)) {
                mp->precision = t->p;
            } else {
                mp->precision = nearest_precision(t->bits);
                add_finding(l, "quant_approximated", NULL,
                        "{type%s} ({bits%.4g} bits per weight in its base type) is not a precision the core models; the weights "
                        "are counted as {precision%s}, the nearest it knows.",
                        ARGS(ARG_S(quant), ARG_D(t->bits), ARG_S(rl_precision_name(mp->precision))));
            }
        } else if (id) {
            add_finding(l, "quant_unknown", NULL,
                    "No GGUF quantization type is in the name {name%s}; the weights are counted at the checkpoint's dtype.", ARGS(ARG_S(id)));
        }
        if (have_config) return RL_OK;
        int how = find_preset(NULL, name, l->preset, sizeof l->preset, matched, sizeof matched);
        if (how < 0)
            return rl_fail(&l->error, RL_E_UNKNOWN_PRESET, field,
                           "%s: no model preset matches \"%.80s\"; pass its config.json with --config PATH", field, name);
        add_finding(l, "model_matched_by_name", NULL, "{model%.80s} is read as preset {preset%s} ({repo%.80s}), the same architecture.",
                ARGS(ARG_S(l->model_id), ARG_S(l->preset), ARG_S(matched)));
        return rl_model_preset(l->preset, m, &l->error);
    }
    if (at < 0) {
        if (have_config) return RL_OK;
        /* trtllm-serve has no model flag: its MODEL argument is the positional one. */
        const char *missing = l->engine == RL_SERVE_SGLANG ? "--model-path" : l->engine == RL_SERVE_TRTLLM ? "MODEL" : "--model";
        return rl_fail(&l->error, RL_E_JSON_MISSING, missing, "%s: the command names no model", missing);
    }
    const char *id = word(l, at);
    snprintf(l->model_id, sizeof l->model_id, "%s", id);
    if (have_config) return RL_OK;
    /* A repo id "Org/Name", or a local path: its last two parts, or a hub cache models--Org--Name.
     * Only the id's end names the model, so an id longer than repo keeps its last bytes (past
     * any trailing '/'), not its first: a deep path still finds its preset. */
    size_t len = strlen(id);
    while (len > 0 && id[len - 1] == '/') len--;
    const char *tail = len >= sizeof repo ? id + len - (sizeof repo - 1) : id;
    snprintf(repo, sizeof repo, "%.*s", (int)(id + len - tail), tail);
    char *hub = strstr(repo, "models--");
    if (hub) {
        char *dd = strstr(hub + 8, "--");
        char *end = strchr(hub, '/');
        if (end) *end = '\0';
        if (dd) {
            memmove(repo, hub + 8, strlen(hub + 8) + 1);
            dd = strstr(repo, "--");
            if (dd) {
                *dd = '/';
                memmove(dd + 1, dd + 2, strlen(dd + 2) + 1);
            }
        }
    } else {
        char *last = strrchr(repo, '/');
        if (last && last != repo) {
            char *prev = last - 1;
            while (prev > repo && *prev != '/') prev--;
            if (*prev == '/') memmove(repo, prev + 1, strlen(prev + 1) + 1);
        }
    }
    snprintf(name, sizeof name, "%s", base_name(repo));
    int how = find_preset(repo, name, l->preset, sizeof l->preset, matched, sizeof matched);
    if (how < 0)
        return rl_fail(&l->error, RL_E_UNKNOWN_PRESET, field,
                       "%s: no model preset has the Hugging Face repo \"%.80s\"; pass its config.json with --config PATH",
                       field, id);
    mp->by_name = how == 1;
    if (how == 1) {
        add_finding(l, "model_matched_by_name", "no_preset",
                "{model%.80s} has no preset of its own; it is read as preset {preset%s} ({repo%.80s}), the same architecture.",
                ARGS(ARG_S(id), ARG_S(l->preset), ARG_S(matched)));
    }
    st = rl_model_preset(l->preset, m, &l->error);
    return st;
}

static rl_status lint_run(const char *command, size_t len, const char *base, size_t base_len, const char *config_text,
                          size_t config_len, rl_lint *l) {
    rl_status st;
    if (command == NULL) return lint_fail(l, RL_E_NULL, "lint", "lint: no command");
    if (len > RL_LINT_MAX_BYTES)
        return rl_fail(&l->error, RL_E_TOO_LARGE, "lint", "lint: the command is over %u bytes", RL_LINT_MAX_BYTES);
    if ((st = tokenise(command, len, l))) return st;
    parsed p;
    for (int k = 0; k < K_COUNT; k++) p.value[k] = p.flag[k] = -1;
    p.positional_model = -1;
    p.positional = false;
    p.first_flag = 0;
    if ((st = detect_engine(l, &p))) return st;
    if ((st = read_flags(l, &p))) return st;

    rl_model m = rl_model_default();
    bool have_config = config_text != NULL;
    mapped mp = {RL_PREC_AUTO, RL_PREC_AUTO, 0, 1, 1, 1, 0, 0.9, false, false, 0, -1, false, 1, 1, 0, 0, 0};
    if ((st = lint_model(l, &p, have_config, &mp, &m))) return st;
    if (have_config && (st = rl_model_from_config_json(config_text, config_len, &m, &l->error))) return st;
    if ((st = map_precisions(l, &p, &m, &mp))) return st;
    /* trtllm-serve's YAML (--config, or --extra_llm_api_options before it) and --set PATH=VALUE: explicit flags win over
     * the file, --set over both (serve.py _serve_llm), so what the file sets that no flag of the command does (the KV
     * cache's dtype and fraction, the parallel sizes, speculative decoding) runs, where this analysis has the default. */
    for (int i = 0; e_is_trtllm(l) && i < l->ignored_count; i++) {
        const char *w = word(l, l->ignored[i]);
        if (strcmp(w, "--config") != 0 && strcmp(w, "--extra_llm_api_options") != 0 && strcmp(w, "--set") != 0) continue;
        int at = l->ignored[i] + 1;
        if (at >= l->word_count || !(l->joined[at] || word(l, at)[0] != '-') || word(l, at)[0] == '\0') continue; /* no value */
        bool set = strcmp(w, "--set") == 0;
        add_finding(l, "trtllm_config_not_read", set ? "set" : NULL,
                set ? "{flag%s} {file%.80s} is not read: it overrides the command's flags and trtllm-serve's defaults, which this "
                      "analysis has in its place."
                    : "{flag%s} {file%.80s} is not read: what it sets that no flag of the command does (the KV cache's dtype and "
                      "fraction, the parallel sizes, speculative decoding) runs as set there, and this analysis has "
                      "trtllm-serve's default in its place.",
                ARGS(ARG_S(w), ARG_S(word(l, at))));
        break;
    }

    rl_serve_engine e = l->engine;
    const char *fl;
    char buf[64];
    if (p.value[K_TP] >= 0 && (st = rl_parse_count(word(l, p.value[K_TP]), word(l, p.flag[K_TP]), 1, RL_MAX_PARALLEL, &mp.tp, &l->error))) return st;
    if (p.value[K_PP] >= 0 && (st = rl_parse_count(word(l, p.value[K_PP]), word(l, p.flag[K_PP]), 1, RL_MAX_PARALLEL, &mp.pp, &l->error))) return st;
    int64_t max_pos = m.max_positions;
    bool chunk_given = p.value[K_CHUNK] >= 0;
    if (chunk_given) {
        const char *v = word(l, p.value[K_CHUNK]), *fl2 = word(l, p.flag[K_CHUNK]);
        /* SGLang's --chunked-prefill-size -1 turns chunking off: the whole prompt in one step (set below). */
        if (!(e == RL_SERVE_SGLANG && strcmp(v, "-1") == 0) && (st = parse_tokens(l, fl2, v, 1, RL_MAX_SEQ, &mp.chunk))) return st;
    }
    if (e == RL_SERVE_LLAMA_SERVER) {
        int64_t ctx = 0, np = 1;
        if (p.value[K_CTX] >= 0 && (st = parse_tokens(l, word(l, p.flag[K_CTX]), word(l, p.value[K_CTX]), 0, RL_MAX_SEQ, &ctx))) return st;
        if (p.value[K_NP] >= 0 && (st = rl_parse_count(word(l, p.value[K_NP]), word(l, p.flag[K_NP]), 1, RL_MAX_BATCH, &np, &l->error))) return st;
        if (p.value[K_NP] < 0) add_default(l, "-np", "1", "llama.cpp common/common.h n_parallel = 1: one slot (auto builds share one KV of -c tokens, the same memory)");
        if (ctx == 0) {
            if (max_pos <= 0) return lint_fail(l, RL_E_JSON_MISSING, "-c", "-c: the model's config has no max_position_embeddings; pass -c N");
            ctx = max_pos * np; /* -c 0: the trained context, per slot as llama-server splits it */
            snprintf(buf, sizeof buf, "%lld", (long long)ctx);
            add_default(l, "-c", buf, "0 = loaded from model: the config's max_position_embeddings per slot (tools/server/README.md)");
        }
        if (ctx / np < 1) return rl_fail(&l->error, RL_E_RANGE, "-c", "-c %lld is less than one token per slot for -np %lld", (long long)ctx, (long long)np);
        mp.seq = ctx / np; /* n_ctx_seq = n_ctx / n_seq_max */
        mp.batch = np;
        mp.batch_given = true;
        mp.pool = 0; /* the engine's own: llama.cpp has no memory pool (rl_engine_pool gives 1) */
        l->gpu_layers = -1;
        if (p.value[K_NGL] >= 0) {
            fl = word(l, p.flag[K_NGL]);
            const char *v = word(l, p.value[K_NGL]);
            if (strcmp(v, "auto") == 0 || strcmp(v, "all") == 0) l->gpu_layers = -1;
            else if ((st = rl_parse_count(v, fl, -1, 1000000000, &l->gpu_layers, &l->error))) return st;
        } else {
            add_default(l, "-ngl", "all", "all layers on the GPU (and the output layer), llama.cpp's default since 2025");
        }
    } else {
        const char *seq_flag = e == RL_SERVE_VLLM ? "--max-model-len" : e == RL_SERVE_TRTLLM ? "--max_seq_len" : "--context-length";
        if (p.value[K_SEQ] >= 0) {
            if ((st = parse_tokens(l, word(l, p.flag[K_SEQ]), word(l, p.value[K_SEQ]), 1, RL_MAX_SEQ, &mp.seq))) return st;
            mp.seq_given = true;
        } else {
            if (max_pos <= 0) return rl_fail(&l->error, RL_E_JSON_MISSING, seq_flag, "%s: the model's config has no max_position_embeddings; pass %s", seq_flag, seq_flag);
            mp.seq = max_pos < RL_MAX_SEQ ? max_pos : RL_MAX_SEQ;
            snprintf(buf, sizeof buf, "%lld", (long long)mp.seq);
            add_default(l, seq_flag, buf,
                        e == RL_SERVE_VLLM     ? "the config's max_position_embeddings (vllm/config/model.py _get_and_verify_max_len)"
                        : e == RL_SERVE_TRTLLM ? "the config's max_position_embeddings (tensorrt_llm/_torch/pyexecutor/model_engine.py _infer_max_seq_len_from_config)"
                                               : "the config's max_position_embeddings (sglang/srt/configs/model_config.py)");
        }
        if (p.value[K_BATCH] >= 0) {
            if ((st = rl_parse_count(word(l, p.value[K_BATCH]), word(l, p.flag[K_BATCH]), 1, RL_MAX_BATCH, &mp.batch, &l->error))) return st;
            mp.batch_given = true;
        }
        if (p.value[K_POOL] >= 0) {
            if ((st = parse_fraction(l, word(l, p.flag[K_POOL]), word(l, p.value[K_POOL]), &mp.pool))) return st;
        } else if (e == RL_SERVE_VLLM) {
            mp.pool = 0.9;
            add_default(l, "--gpu-memory-utilization", "0.9", "vllm/config/cache.py CacheConfig.gpu_memory_utilization");
        } else if (e == RL_SERVE_TRTLLM) {
            mp.pool = 0.9;
            add_default(l, "--kv_cache_free_gpu_memory_fraction", "0.9",
                        "of the memory free after the weights and a max_num_tokens profiling step (trtllm_serve_cli.yaml; _torch/pyexecutor/_util.py KvCacheCreator)");
        } else {
            mp.pool = 0; /* SGLang's own, set below from the GPU once it is known */
        }
        if (p.value[K_BLOCK] >= 0) {
            if ((st = rl_parse_count(word(l, p.value[K_BLOCK]), word(l, p.flag[K_BLOCK]), 1, RL_MAX_SEQ, &mp.kv_block, &l->error))) return st;
            if (mp.kv_block == 1) mp.kv_block = 0; /* a page of one token pads nothing */
        } else if (e == RL_SERVE_VLLM) {
            mp.kv_block = 16;
            add_default(l, "--block-size", "16", "vllm/config/cache.py: 16 tokens per block on CUDA");
        } else if (e == RL_SERVE_TRTLLM) {
            mp.kv_block = 32; /* no flag: --set kv_cache_config.tokens_per_block or the --config YAML */
            add_default(l, "kv_cache_config.tokens_per_block", "32", "tensorrt_llm/llmapi/llm_args.py KvCacheConfig.tokens_per_block");
        }
        if (e == RL_SERVE_TRTLLM && p.value[K_KV] < 0)
            add_default(l, "--kv_cache_dtype", "auto",
                        "the checkpoint's kv_cache_quant_algo, which the core does not read: counted in the model's dtype");
    }
    int64_t dp = 1;
    if ((st = dp_layout(l, &p, &m, &mp, &dp))) return st;
    nodes_read nr;
    if ((st = node_layout(l, &p, &m, &mp, dp, &nr))) return st;

    if ((st = build_request(l, base, base_len, !have_config, &mp))) return st;
    rl_run_request(l->request, strlen(l->request), config_text, config_len, &l->run);
    /* vLLM's start check (rl_engine_start_pool_limit): a pool of the total above what is free at its start does not
     * start. The command is refused (start_free_memory, below) and read at the largest pool that starts. */
    double start_asked = 0.0;
    if (l->run.status == RL_E_UNSUPPORTED && l->run.error.why == RL_WHY_START_FREE) {
        start_asked = mp.pool;
        mp.pool = rl_engine_start_pool_limit(l->run.deploy.engine, &l->run.gpu);
        if ((st = build_request(l, base, base_len, !have_config, &mp))) return st;
        rl_run_request(l->request, strlen(l->request), config_text, config_len, &l->run);
    }
    if (l->run.status != RL_OK) {
        l->error = l->run.error;
        return l->run.status;
    }

    /* Engine defaults that depend on the GPU or on the pool. */
    rl_deploy d = l->run.deploy;
    rl_result r;
    /* -ngl below the layer count: the core's offload when the request describes the host. */
    if (e == RL_SERVE_LLAMA_SERVER && l->gpu_layers >= 0 && l->gpu_layers <= m.layers) {
        if (host_described(&d)) {
            d.gpu_layers = mp.gpu_layers = l->gpu_layers;
            l->run.deploy.gpu_layers = d.gpu_layers;
        } else if (l->gpu_layers < m.layers) {
            add_finding(l, "partial_offload_not_modeled", NULL,
                    "-ngl {ngl%lld} puts {ngl} of the {layers%lld} layers on the GPU; without the host's RAM and bandwidth (ram_gib, "
                    "host_memory or cpu_bandwidth_gbs) the offload is not analysed, so this analysis counts every layer on the GPU.",
                    ARGS(ARG_I(l->gpu_layers), ARG_I(m.layers)));
        }
    }
    /* Tokens per prefill step, which sizes the activation peak the engines profile. */
    if (!chunk_given) {
        /* Each engine's default, and where it is set; the flag as a correction names it (canonical). */
        static const char *const chunk_source[] = {
            [RL_SERVE_VLLM] = "vllm/engine/arg_utils.py get_batch_defaults: 8192 for the OpenAI server on GPUs with >= 70 GiB other than A100, else 2048",
            [RL_SERVE_SGLANG] = "sglang/srt/arg_groups/memory_hook.py by the GPU's memory: 2048 below 20 GiB, 4096 below 60, 8192 below 160, else 16384",
            [RL_SERVE_LLAMA_SERVER] = "llama.cpp common/common.h n_ubatch = 512: the physical batch its compute buffers are sized for",
            [RL_SERVE_TRTLLM] = "trtllm_serve_cli.yaml (BaseLlmArgs.max_num_tokens): the tokens of one step, and of the profiling pass that sizes the KV cache"};
        mp.chunk = e == RL_SERVE_VLLM     ? rl_engine_chunk(RL_ENGINE_VLLM, l->run.gpu.vram_gib, l->run.gpu.name) /* the analysis' own too */
                   : e == RL_SERVE_TRTLLM ? rl_engine_chunk(RL_ENGINE_TRT_LLM, l->run.gpu.vram_gib, l->run.gpu.name)
                   : e == RL_SERVE_SGLANG ? rl_sglang_chunk(l->run.gpu.vram_gib)
                                          : 512;
        char flag[40];
        canonical(e, K_CHUNK, flag, sizeof flag);
        snprintf(buf, sizeof buf, "%lld", (long long)mp.chunk);
        add_default(l, flag, buf, chunk_source[e]);
    } else if (mp.chunk == 0) {
        mp.chunk = mp.seq; /* chunking off */
    }
    d.prefill_chunk = mp.chunk;
    if (e == RL_SERVE_SGLANG) {
        /* Its chunk sizes its reserve (with chunking off, its --max-prefill-tokens default, 16384 tokens). */
        l->sglang_chunk = chunk_given && strcmp(word(l, p.value[K_CHUNK]), "-1") == 0 ? 16384 : mp.chunk;
        if (p.value[K_POOL] < 0) {
            mp.pool = d.pool_fraction = sglang_pool(l, d.tp, d.pp);
            put_fraction(buf, sizeof buf, mp.pool);
            char why[160];
            snprintf(why, sizeof why,
                     "sglang/srt/arg_groups/memory_hook.py: (GPU - reserve) / GPU in MiB, a reserve of %.0f MiB for its "
                     "activations, CUDA graphs and tp x pp",
                     rl_sglang_reserve_mib(l->run.gpu.vram_gib, d.tp, d.pp, l->run.model.mla, l->sglang_chunk));
            add_default(l, "--mem-fraction-static", buf, why);
        }
    }
    if (e == RL_SERVE_VLLM && !mp.batch_given) {
        bool big = l->run.gpu.vram_gib >= 70.0 && strncmp(l->run.gpu.name, "a100", 4) != 0;
        d.batch = (big ? 1024 : 256) * mp.dpa; /* each data-parallel rank's scheduler has its own (dp_layout) */
        add_default(l, "--max-num-seqs", big ? "1024" : "256",
                    big ? "vllm/engine/arg_utils.py get_batch_defaults: 1024 for the OpenAI server on GPUs with >= 70 GiB other than A100"
                        : "vllm/engine/arg_utils.py get_batch_defaults: 256 for the OpenAI server (V1)");
    }
    if (e == RL_SERVE_TRTLLM && !mp.batch_given) {
        d.batch = 2048;
        add_default(l, "--max_batch_size", "2048", "trtllm_serve_cli.yaml (BaseLlmArgs.max_batch_size): the requests it schedules at once");
    }
    /* _init_max_num_tokens: max_num_tokens no larger than max_seq_len x max_batch_size. */
    if (e == RL_SERVE_TRTLLM && d.prefill_chunk > d.seq * d.batch) d.prefill_chunk = mp.chunk = d.seq * d.batch;
    if (e == RL_SERVE_SGLANG && !mp.batch_given) {
        d.batch = 1;
        int64_t c = cap_at(l, &d, &r);
        d.batch = c > 0 ? c : 1;
        /* The batch's own logits take room too: settle on what holds at that batch. */
        int64_t c2 = cap_at(l, &d, &r);
        if (c2 >= 1 && c2 < d.batch) d.batch = c2;
        snprintf(buf, sizeof buf, "%lld", (long long)d.batch);
        add_default(l, "--max-running-requests", buf, "derived from the KV pool (sglang/srt/managers/scheduler.py): the full-length requests it holds");
    }
    /* trtllm-serve lowers a --max_seq_len past the model's positions to them (model_engine.py _init_max_seq_len): the
     * analysis runs what it serves; the correction starts from what the command asks. */
    int64_t asked_seq = d.seq;
    /* Each engine's switch for a context past the model's positions, from the command's environment: vLLM's
     * VLLM_ALLOW_LONG_MAX_MODEL_LEN (vllm/envs.py), SGLang's SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN
     * (srt/configs/model_config.py _derive_context_length), TensorRT-LLM's TLLM_ALLOW_LONG_MAX_MODEL_LEN. */
    bool long_ok = env_true(l, e == RL_SERVE_VLLM     ? "VLLM_ALLOW_LONG_MAX_MODEL_LEN"
                               : e == RL_SERVE_SGLANG ? "SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN"
                                                      : "TLLM_ALLOW_LONG_MAX_MODEL_LEN");
    if (long_ok) max_pos = 0; /* no bound on the context: the analysis runs what is asked */
    if (e == RL_SERVE_TRTLLM && max_pos > 0 && d.seq > max_pos) d.seq = mp.seq = max_pos;
    l->max_seqs = d.batch;
    mp.batch = d.batch; /* the request as the engine runs it: with its default concurrency */
    /* The EP flags are read wherever they are given: as ep = tp, or with a finding that says why not (dp, pp, a
     * size apart from tp, a dense model). A correction that changes the layout then neither ignores nor counts a
     * flag the command did not. */
    bool ep_switch = e == RL_SERVE_VLLM && vllm_switch_given(l, "--enable-expert-parallel");
    if (ep_switch) recognize_switch(l, "--enable-expert-parallel");
    int64_t ep_given = 0;
    if (e != RL_SERVE_VLLM && p.value[K_EP] >= 0 &&
        (st = rl_parse_count(word(l, p.value[K_EP]), word(l, p.flag[K_EP]), 1, RL_MAX_PARALLEL, &ep_given, &l->error)))
        return st;
    /* SGLang's DeepEP (or Mooncake) all-to-all sets the EP size to tp, whatever --ep-size says (sglang_a2a). */
    const char *a2a = sglang_a2a(l, &p);
    bool a2a_switch = e == RL_SERVE_SGLANG && vllm_switch_given(l, "--enable-deepep-moe");
    if (e == RL_SERVE_SGLANG) recognize_switch(l, "--enable-deepep-moe");
    char a2a_flag[48] = "", deepep_mode[24] = "auto";
    if (a2a != NULL) snprintf(a2a_flag, sizeof a2a_flag, a2a_switch ? "--enable-deepep-moe" : "--moe-a2a-backend %s", a2a);
    if (p.value[K_DEEPEP_MODE] >= 0) {
        static const word_map modes[] = {{"normal", RL_PREC_AUTO, 0}, {"low_latency", RL_PREC_AUTO, 0}, {"auto", RL_PREC_AUTO, 0}};
        const word_map *mode;
        if ((st = map_word(l, word(l, p.flag[K_DEEPEP_MODE]), word(l, p.value[K_DEEPEP_MODE]), modes, 3, &mode))) return st;
        snprintf(deepep_mode, sizeof deepep_mode, "%s", mode->word);
    }
    if (ep_given > 1 && d.tp % ep_given != 0 && a2a == NULL)
        return rl_fail(&l->error, RL_E_RANGE, word(l, p.flag[K_EP]),
                       "%s %lld does not divide the tensor-parallel size %lld (the engine refuses: moe_tp_size = tp_size / ep_size)",
                       word(l, p.flag[K_EP]), (long long)ep_given, (long long)d.tp);
    const char *ep_flag = ep_switch ? "--enable-expert-parallel" : a2a != NULL ? a2a_flag : ep_given > 1 ? word(l, p.flag[K_EP]) : NULL;
    mp.ep = d.ep = counted_ep(l, &p, d.tp, d.tp, d.pp);
    /* EPLB's redundant slots (SGLang --ep-num-redundant-experts) where EP is counted: each rank holds (E + R) / ep
     * whole experts, so R must make E + R a multiple of ep (the analysis splits the slots whole). Without EP counted
     * they are not (the findings above say why EP is not). */
    if (p.value[K_REDUNDANT] >= 0) {
        const char *rf = word(l, p.flag[K_REDUNDANT]);
        int64_t R = 0;
        if ((st = rl_parse_count(word(l, p.value[K_REDUNDANT]), rf, 0, 65536, &R, &l->error))) return st;
        if (d.ep > 1 && R > 0 && (l->run.model.experts + R) % d.ep != 0)
            return rl_fail(&l->error, RL_E_CONTRADICTION, rf,
                           "%s %lld: the %lld experts and %lld redundant slots a MoE layer do not split whole over the %lld "
                           "expert-parallel ranks", rf, (long long)R, (long long)l->run.model.experts, (long long)R, (long long)d.ep);
        mp.redundant = d.redundant_experts = d.ep > 1 ? R : 0;
    }
    if ((st = build_request(l, base, base_len, !have_config, &mp))) return st;
    /* A deployment the core does not take (not one that does not fit: that is a verdict) is the command's
     * error, named by the core's field, never a refusal computed from an empty analysis. */
    double start_cap = rl_engine_start_pool_limit(d.engine, &l->run.gpu);
    bool start_refused = start_asked > start_cap;
    if ((st = rl_analyze(&l->run.model, &l->run.gpu, &d, &r, &l->error)) != RL_OK) return st;

    int64_t c = cap_of(&r); /* of the analysis just made, not a second one */
    double gib_token = gib_of_tokens(&r, &d);
    rl_deploy shown = d;
    l->verdict = RL_LINT_FITS;
    if (e == RL_SERVE_VLLM && max_pos > 0 && d.seq > max_pos) {
        l->verdict = RL_LINT_REFUSED;
        add_finding(l, "vllm_max_model_len_over_model", NULL,
                "vLLM refuses to start: --max-model-len {seq%lld} is greater than the model's max_position_embeddings "
                "{max_positions%lld} (it needs VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 and a RoPE scaling the config names).",
                ARGS(ARG_I(d.seq), ARG_I(max_pos)));
    }
    if (e == RL_SERVE_SGLANG && max_pos > 0 && d.seq > max_pos) {
        l->verdict = RL_LINT_REFUSED;
        add_finding(l, "sglang_context_length_over_model", NULL,
                "SGLang refuses to start: --context-length {seq%lld} is greater than the model's max_position_embeddings "
                "{max_positions%lld} (\"is greater than the derived context_length\"; SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1 "
                "allows it).",
                ARGS(ARG_I(d.seq), ARG_I(max_pos)));
    }
    if (e == RL_SERVE_TRTLLM && asked_seq > d.seq) {
        if (l->verdict < RL_LINT_TIGHT) l->verdict = RL_LINT_TIGHT;
        add_finding(l, "trtllm_max_seq_len_over_model", NULL,
                "TensorRT-LLM lowers --max_seq_len {seq%lld} to the model's max_position_embeddings {max_positions%lld} (\"is "
                "larger than what the model can support\"; TLLM_ALLOW_LONG_MAX_MODEL_LEN=1 keeps it): no request is longer.",
                ARGS(ARG_I(asked_seq), ARG_I(d.seq)));
    }
    /* vLLM and SGLang split whole heads over the ranks (tp_splits_heads); TensorRT-LLM's rule was not read, so a
     * trtllm-serve tp is not refused for it (a correction still splits whole heads). */
    /* Under data-parallel attention the heads are split over one attention group, tp / dp_attention GPUs (for vLLM
     * the command's --tensor-parallel-size). */
    int64_t att_tp = attention_tp(&d);
    if (heads_refused(l, &d)) {
        l->verdict = RL_LINT_REFUSED;
        long long tp = (long long)att_tp, heads = (long long)l->run.model.heads, kv = (long long)l->run.model.kv_heads;
        if (l->run.model.heads % att_tp == 0) {
            add_finding(l, "tp_not_dividing_heads", "kv",
                    "{engine%s} refuses to start: tensor-parallel size {tp%lld} and the model's {kv_heads%lld} KV heads do not "
                    "divide one another, so the KV heads cannot be split or replicated evenly over the ranks; a tensor-parallel "
                    "size must divide them, or be a multiple of them.",
                    ARGS(ARG_S(engine_title(e)), ARG_I(tp), ARG_I(kv)));
        } else {
            add_finding(l, "tp_not_dividing_heads", e == RL_SERVE_VLLM ? NULL : "sglang",
                    e == RL_SERVE_VLLM ? "vLLM refuses to start: --tensor-parallel-size {tp%lld} does not divide the model's {heads%lld} "
                                         "attention heads (\"Total number of attention heads ({heads}) must be divisible by tensor "
                                         "parallel size ({tp}).\"); a tensor-parallel size must divide them."
                                       : "SGLang refuses to start: --tp-size {tp%lld} does not divide the model's {heads%lld} attention "
                                         "heads, which it splits whole over the ranks; a tensor-parallel size must divide them.",
                    ARGS(ARG_I(tp), ARG_I(heads)));
        }
    }
    /* trtllm-serve runs the checkpoint's weights as they are: a format the GPU has no tensor cores for does not run,
     * whatever the memory, and no flag changes it. */
    bool format_refused = e == RL_SERVE_TRTLLM && !trtllm_runs(l, r.weight_precision);
    /* vLLM's --data-parallel-size N on an MoE model with pipeline stages (dp_layout reads it without them): the
     * experts are split over the N x tp GPUs (expert parallel size = data x tensor parallel with
     * --enable-expert-parallel), the attention and dense layers replicated on each rank. The core counts one replica of
     * tp x pp GPUs holding every expert: each GPU's weights are overstated, and a correction of that replica would
     * keep the N copies, so none is offered. */
    bool dp_experts = e == RL_SERVE_VLLM && dp > 1 && mp.dpa == 1 && l->run.model.experts > 0 &&
                      vllm_switch_given(l, "--enable-expert-parallel");
    if (mp.dpa > 1) {
        long long D = (long long)mp.dpa, G = (long long)d.tp, a = (long long)(d.tp / mp.dpa);
        const char *moe = d.ep > 1 ? "expert-parallel (EP)" : "tensor-parallel (TP)", *moe_v = d.ep > 1 ? "EP" : "TP";
        if (e == RL_SERVE_VLLM)
            add_finding(l, "dp_attention_groups", NULL,
                    "--data-parallel-size {dp%lld} on an MoE model: {gpus%lld} GPUs, attention and the dense layers in {dp} "
                    "data-parallel ranks of {group_tp%lld} GPU(s) each, each rank holding only its own requests' KV, and the expert "
                    "layers {%s}{=moe%s} over all {gpus}; --max-num-seqs {per_rank%lld} is each rank's, {total%lld} requests in all.",
                    ARGS(ARG_I(D), ARG_I(G), ARG_I(a), ARG_S(moe), ARG_S(moe_v), ARG_I(d.batch / mp.dpa), ARG_I(d.batch)));
        else
            add_finding(l, "dp_attention_groups", "sglang",
                    "--enable-dp-attention with --dp-size {dp%lld}: the {gpus%lld} GPUs of --tp-size run attention and the dense "
                    "layers in {dp} groups of {group_tp%lld} GPU(s), each holding only its own requests' KV, and the expert layers "
                    "{%s}{=moe%s} over all {gpus}.",
                    ARGS(ARG_I(D), ARG_I(G), ARG_I(a), ARG_S(moe), ARG_S(moe_v)));
    }
    if (dp_experts) {
        add_finding(l, "vllm_dp_experts_not_modeled", NULL,
                "--data-parallel-size {dp%lld} with --enable-expert-parallel splits the experts over {experts_gpus%lld} GPUs; this "
                "analysis counts one replica of {gpus%lld} GPU(s) holding every expert, so it overstates each GPU's weights.",
                ARGS(ARG_I(dp), ARG_I(dp * d.tp * d.pp), ARG_I(d.tp * d.pp)));
    }
    if (nr.nodes > 1) {
        long long N = (long long)nr.nodes, P = (long long)nr.per_node;
        if (e == RL_SERVE_VLLM) {
            long long D = (long long)dp, L = (long long)nr.local, T = (long long)nr.rank_gpus, S = (long long)nr.first;
            bool moe = mp.nodes > 1;
            /* The replicas' sentence names no GPUs in all: its value, the ninth with the variant, is over
             * RL_LINT_MAX_VALUES and dropped. */
            add_finding(l, "multi_node", moe ? NULL : "replicas",
                    moe ? "--data-parallel-size {dp%lld} with --data-parallel-size-local {local%lld}: {dp} ranks of {rank_gpus%lld} "
                          "GPU(s) on {nodes%lld} nodes of {per_node%lld} GPUs, this command starting ranks {first%lld} to {last%lld}; "
                          "the expert layers span all {gpus%lld} GPUs, so their collectives cross the nodes' scale-out link."
                        : "--data-parallel-size {dp%lld} with --data-parallel-size-local {local%lld}: {dp} replicas of "
                          "{rank_gpus%lld} GPU(s) on {nodes%lld} nodes of {per_node%lld} GPUs, this command starting replicas "
                          "{first%lld} to {last%lld}; each replica is within one node, so the analysis of one is unchanged.{=gpus%lld}",
                    ARGS(ARG_I(D), ARG_I(L), ARG_I(T), ARG_I(N), ARG_I(P), ARG_I(S), ARG_I(S + L - 1), ARG_I(D * T)));
        } else {
            long long G = (long long)(d.tp * d.pp), n = (long long)(mp.nodes > 1 ? mp.nodes : 1);
            add_finding(l, "multi_node", n > 1 ? "sglang" : "sglang_replicas",
                    n > 1 ? "--nnodes {nodes%lld} (this command is node {node_rank%lld}): {per_node%lld} GPUs a node, and the "
                            "{gpus%lld} GPUs of tp x pp span {spans%lld} of them, so the collectives wider than a node cross the "
                            "nodes' scale-out link."
                          : "--nnodes {nodes%lld} (this command is node {node_rank%lld}): {per_node%lld} GPUs a node, and each "
                            "replica's {gpus%lld} GPUs of tp x pp are within one node ({spans%lld}), so the analysis of one is unchanged.",
                    ARGS(ARG_I(N), ARG_I(nr.node_rank), ARG_I(P), ARG_I(G), ARG_I(n)));
        }
    }
    if (a2a != NULL && d.ep > 1) {
        if (ep_given > 0 && ep_given != d.tp) {
            add_finding(l, "sglang_deepep", "replaced",
                    "{flag%s}: SGLang sets the expert-parallel size to the tensor-parallel size, {ep%lld}, in place of {ep_flag%s} "
                    "{ep_size%lld}: the experts are split whole over the {ep} GPUs, their tokens dispatched and combined by "
                    "all-to-all (--deepep-mode {mode%s}).",
                    ARGS(ARG_S(a2a_flag), ARG_I(d.ep), ARG_S(word(l, p.flag[K_EP])), ARG_I(ep_given), ARG_S(deepep_mode)));
        } else {
            add_finding(l, "sglang_deepep", NULL,
                    "{flag%s}: SGLang sets the expert-parallel size to the tensor-parallel size, {ep%lld}: the experts are split "
                    "whole over the {ep} GPUs, their tokens dispatched and combined by all-to-all (--deepep-mode {mode%s}).",
                    ARGS(ARG_S(a2a_flag), ARG_I(d.ep), ARG_S(deepep_mode)));
        }
    }
    if (ep_flag != NULL && l->run.model.experts <= 0) {
        add_finding(l, "ep_dense_model", NULL, "{flag%s} changes nothing: the model is dense, with no experts to split.", ARGS(ARG_S(ep_flag)));
    } else if (ep_flag != NULL && !dp_experts && d.ep == 1) {
        int64_t a = asked_ep(l, &p, d.tp, d.tp);
        if (d.pp > 1)
            add_finding(l, "ep_with_pp_not_modeled", NULL,
                    "{flag%s} with {pp%lld} pipeline stages: EP across stages is not modeled; each stage's experts are counted split by "
                    "tp over its {tp%lld} GPUs (the same weights a GPU, no all-to-all).",
                    ARGS(ARG_S(ep_flag), ARG_I(d.pp), ARG_I(d.tp)));
        else
            add_finding(l, "ep_partial_not_modeled", NULL,
                    "{flag%s} {ep%lld} with tp {tp%lld}: EP is counted only as wide as tp and dividing the experts; each expert is "
                    "counted split by tp over the {tp} GPUs (the same weights a GPU, no all-to-all).",
                    ARGS(ARG_S(ep_flag), ARG_I(a), ARG_I(d.tp)));
    }
    if (format_refused) {
        l->verdict = RL_LINT_REFUSED;
        const char *w = rl_precision_name(r.weight_precision);
        add_finding(l, "trtllm_format_not_on_gpu", r.weight_precision == RL_PREC_NVFP4 ? "nvfp4" : NULL,
                r.weight_precision == RL_PREC_NVFP4
                    ? "TensorRT-LLM cannot run this checkpoint's {weights%s} weights on {gpu%s}, which is not a Blackwell GPU (its "
                      "PyTorch backend \"supports FP4 and FP8 quantization on the latest Blackwell and Hopper GPUs\"; FP4 needs "
                      "Blackwell)."
                    : "TensorRT-LLM cannot run this checkpoint's {weights%s} weights on {gpu%s}, which has no fp8 tensor cores (its "
                      "PyTorch backend \"supports FP4 and FP8 quantization on the latest Blackwell and Hopper GPUs\").",
                ARGS(ARG_S(w), ARG_S(l->run.gpu.name)));
    }
    if (start_refused) {
        l->verdict = RL_LINT_REFUSED;
        add_finding(l, "start_free_memory", NULL,
                "vLLM refuses to start: --gpu-memory-utilization {pool%g} of the {total%.2f} GiB CUDA reports asks for "
                "{requested%.2f} GiB, and {free%.2f} GiB are free at its start on {gpu%s} (\"Free memory on device ... is less "
                "than desired GPU memory utilization\"); {largest%.2f} is the largest that starts.",
                ARGS(ARG_D(start_asked), ARG_D(l->run.gpu.vram_gib), ARG_D(start_asked * l->run.gpu.vram_gib),
                ARG_D(l->run.gpu.start_free_gib), ARG_S(l->run.gpu.name), ARG_D(start_cap)));
    }
    if (r.verdict == RL_WEIGHTS_DO_NOT_FIT) {
        l->verdict = RL_LINT_REFUSED;
        add_finding(l, "weights_do_not_fit", d.tp * d.pp > 1 ? "many" : NULL,
                "{engine%s} cannot load the model: the weights need {weights%.2f} GiB per GPU and {%s} has {vram%.2f} GiB (out "
                "of memory while loading).",
                ARGS(ARG_S(engine_title(e)), ARG_D(r.weights_gib), ARG_S(d.tp * d.pp > 1 ? "each GPU" : "the GPU"),
                ARG_D(l->run.gpu.vram_gib)));
    } else if (e == RL_SERVE_SGLANG && r.kv_room_gib <= 0) {
        /* Its static pool is its fraction of the memory free once the CUDA context and NCCL are up, and holds the
         * weights (rl_engine_pool_of_start). */
        l->verdict = RL_LINT_REFUSED;
        add_finding(l, "no_kv_memory", "sglang",
                "SGLang refuses to start: {weights%.2f} GiB of weights and {overhead%.2f} GiB of their overhead leave nothing of "
                "its {pool%.2f} GiB static pool ({fraction%s} of the {free%.2f} GiB the CUDA context and NCCL leave) for the KV "
                "cache (\"Not enough memory. Please try to increase --mem-fraction-static\").",
                ARGS(ARG_D(r.weights_gib), ARG_D(r.reserve_weights_gib), ARG_D(r.pool_fraction * r.free_at_start_gib),
                ARG_S((put_fraction(buf, sizeof buf, r.pool_fraction), buf)), ARG_D(r.free_at_start_gib)));
    } else if (e == RL_SERVE_TRTLLM && r.kv_room_gib <= 0) {
        /* Its KV memory is its fraction of what the weights, the reserves and the profiling step leave
         * (rl_engine_pool_of_free): nothing is left. */
        l->verdict = RL_LINT_REFUSED;
        add_finding(l, "no_kv_memory", "trtllm",
                "TensorRT-LLM cannot start: {weights%.2f} GiB of weights and {reserve%.2f} GiB of runtime reserves, with the "
                "activations of its {tokens%lld}-token profiling step, leave no free memory for the KV cache.",
                ARGS(ARG_D(r.weights_gib), ARG_D(r.reserve_gib), ARG_I(r.activation_tokens)));
    } else if (e == RL_SERVE_TRTLLM && c < 1) {
        l->verdict = RL_LINT_REFUSED;
        int64_t est = largest_seq(l, d, d.seq, one_request);
        add_finding(l, "trtllm_max_seq_len_too_long", NULL,
                "TensorRT-LLM does not serve one --max_seq_len {seq%lld} request: its KV needs {kv%.2f} GiB and {room%.2f} GiB is "
                "free for it. It fails fast (\"Attention window too large to fit even a single sequence in the KV cache\") or, "
                "with fail-fast off, lowers max_seq_len to about {largest%lld}.",
                ARGS(ARG_I(d.seq), ARG_D(r.kv_gib_per_request), ARG_D(r.kv_room_gib), ARG_I(est)));
    } else if (l->verdict != RL_LINT_REFUSED && e == RL_SERVE_TRTLLM && c < d.batch) {
        if (l->verdict < RL_LINT_TIGHT) l->verdict = RL_LINT_TIGHT; /* never lighter than a refusal already found */
        add_finding(l, "trtllm_concurrency_capped", NULL,
                "TensorRT-LLM starts, but its {room%.2f} GiB of KV cache holds only {holds%lld} requests of {seq%lld} tokens at "
                "once, fewer than --max_batch_size {max_seqs%lld}: its scheduler (GUARANTEED_NO_EVICT) keeps the rest waiting.",
                ARGS(ARG_D(r.kv_room_gib), ARG_I(c), ARG_I(d.seq), ARG_I(d.batch)));
    } else if (e == RL_SERVE_VLLM && r.kv_room_gib <= 0) {
        l->verdict = RL_LINT_REFUSED;
        add_finding(l, "no_kv_memory", NULL,
                "vLLM refuses to start: {weights%.2f} GiB of weights and {reserve%.2f} GiB of runtime reserves leave nothing of "
                "the {pool%.2f} GiB pool for the KV cache (\"No available memory for the cache blocks\").",
                ARGS(ARG_D(r.weights_gib), ARG_D(r.reserve_gib), ARG_D(r.pool_gib)));
    } else if (e == RL_SERVE_VLLM && c < 1) {
        l->verdict = RL_LINT_REFUSED;
        int64_t est = largest_seq(l, d, d.seq, one_request);
        add_finding(l, "vllm_max_model_len_too_long", NULL,
                "vLLM refuses to start: one request of --max-model-len {seq%lld} needs {kv%.2f} GiB of KV cache, more than the "
                "{room%.2f} GiB available; the largest max_model_len that fits is about {largest%lld} (\"Try increasing "
                "gpu_memory_utilization or decreasing max_model_len\").",
                ARGS(ARG_I(d.seq), ARG_D(r.kv_gib_per_request), ARG_D(r.kv_room_gib), ARG_I(est)));
    } else if (l->verdict != RL_LINT_REFUSED && e == RL_SERVE_VLLM && c < d.batch) {
        if (l->verdict < RL_LINT_TIGHT) l->verdict = RL_LINT_TIGHT; /* never lighter than a refusal already found */
        if (mp.dpa > 1) {
            /* Each data-parallel rank holds its own requests: the pool of one rank's GPU, c over all the ranks. */
            add_finding(l, "vllm_concurrency_capped", "dp",
                    "vLLM starts, but the KV cache of its {dp%lld} data-parallel ranks ({room%.2f} GiB per GPU) holds only "
                    "{holds%lld} requests of {seq%lld} tokens at once, fewer than --max-num-seqs {per_rank%lld} on each rank "
                    "({max_seqs%lld} in all): the rest wait or are preempted.",
                    ARGS(ARG_I(mp.dpa), ARG_D(r.kv_room_gib), ARG_I(c), ARG_I(d.seq), ARG_I(d.batch / mp.dpa), ARG_I(d.batch)));
        } else {
        add_finding(l, "vllm_concurrency_capped", NULL,
                "vLLM starts, but its {room%.2f} GiB of KV cache holds only {holds%lld} requests of {seq%lld} tokens at once "
                "(\"Maximum concurrency for {seq} tokens per request: {times%.2f}x\"), fewer than --max-num-seqs {max_seqs%lld}: "
                "the rest wait or are preempted.",
                ARGS(ARG_D(r.kv_room_gib), ARG_I(c), ARG_I(d.seq),
                ARG_D(r.kv_gib_per_request > 0 ? r.kv_room_gib / r.kv_gib_per_request : 0.0), ARG_I(d.batch)));
        }
    } else if (l->verdict != RL_LINT_REFUSED && e == RL_SERVE_SGLANG && c < 1) {
        if (l->verdict < RL_LINT_TIGHT) l->verdict = RL_LINT_TIGHT; /* never lighter than a refusal already found */
        add_finding(l, "sglang_context_capped", NULL,
                "SGLang starts, but its {room%.2f} GiB KV pool holds about {tokens%.0f} tokens, fewer than one --context-length "
                "{seq%lld} request: it caps every request at the pool's size.",
                ARGS(ARG_D(r.kv_room_gib), ARG_D(gib_token > 0 ? r.kv_room_gib / gib_token : 0.0), ARG_I(d.seq)));
    } else if (l->verdict != RL_LINT_REFUSED && e == RL_SERVE_SGLANG && c < d.batch) {
        if (l->verdict < RL_LINT_TIGHT) l->verdict = RL_LINT_TIGHT; /* never lighter than a refusal already found */
        add_finding(l, "sglang_concurrency_capped", NULL,
                "SGLang starts, but its {room%.2f} GiB KV pool holds only {holds%lld} requests of {seq%lld} tokens at once, fewer "
                "than --max-running-requests {max_seqs%lld}: it retracts or queues the rest.",
                ARGS(ARG_D(r.kv_room_gib), ARG_I(c), ARG_I(d.seq), ARG_I(d.batch)));
    } else if (e == RL_SERVE_LLAMA_SERVER && r.verdict == RL_KV_DOES_NOT_FIT) {
        l->verdict = RL_LINT_REFUSED;
        add_finding(l, "llama_kv_does_not_fit", NULL,
                "llama-server fails to allocate its KV cache: {slots%lld} slots x {seq%lld} tokens need {kv%.2f} GiB and "
                "{free%.2f} GiB is left after the weights.",
                ARGS(ARG_I(d.batch), ARG_I(d.seq), ARG_D(r.kv_gib), ARG_D(r.free_gib)));
    } else if (e == RL_SERVE_LLAMA_SERVER && r.verdict == RL_HOST_DOES_NOT_FIT) {
        l->verdict = RL_LINT_REFUSED;
        add_finding(l, "llama_host_ram_short", NULL,
                "llama-server fails to load the model: the {host_layers%lld} layers left in host RAM by -ngl {ngl%lld}, with "
                "their KV, the embeddings and the output layer, need {need%.2f} GiB and the host has {ram%.2f} GiB.",
                ARGS(ARG_I(m.layers - d.gpu_layers), ARG_I(d.gpu_layers), ARG_D(r.host_weights_gib + r.host_kv_gib), ARG_D(d.ram_gib)));
    } else if (l->verdict != RL_LINT_REFUSED && e == RL_SERVE_LLAMA_SERVER && r.verdict == RL_TIGHT) {
        if (l->verdict < RL_LINT_TIGHT) l->verdict = RL_LINT_TIGHT; /* never lighter than a refusal already found */
        add_finding(l, "llama_compute_buffers_short", NULL,
                "The weights and the KV cache fit, but with the CUDA context and compute buffers the realistic budget lacks "
                "{missing%.2f} GiB: expect an allocation failure at start or at the first long prompt.",
                ARGS(ARG_D(r.missing_gib)));
    }
    if (e == RL_SERVE_LLAMA_SERVER && host_described(&d) && l->verdict != RL_LINT_FITS) {
        int64_t now = d.gpu_layers <= m.layers ? d.gpu_layers : m.layers + 1;
        if (r.max_gpu_layers >= 0 && r.max_gpu_layers < now) {
            add_finding(l, "llama_gpu_layers_too_many", now > m.layers ? "all" : NULL,
                    "{%s}{ngl%lld} of the {layers%lld} layers on the GPU do not fit its memory with their KV cache and compute "
                    "buffers; the largest -ngl that fits is {max%lld}, the other layers in host RAM.",
                    ARGS(ARG_S(now > m.layers ? "all " : ""), ARG_I(now > m.layers ? m.layers : now), ARG_I(m.layers), ARG_I(r.max_gpu_layers)));
        }
    }
    if (l->verdict == RL_LINT_REFUSED) {
        l->concurrency = 0;
        shown.batch = 1;
    } else if (e != RL_SERVE_LLAMA_SERVER) {
        l->concurrency = c < d.batch ? (c > 0 ? c : 0) : d.batch;
        if (c >= 1 && c < d.batch) shown.batch = c; /* the report runs what the engine holds at once */
    } else {
        l->concurrency = d.batch;
    }

    /* The report: the deployment as the engine runs it; no times when it does not start. */
    l->run.deploy = shown;
    rl_error err;
    if (rl_analyze(&l->run.model, &l->run.gpu, &l->run.deploy, &l->run.result, &err) != RL_OK) {
        l->run.deploy = d;
        l->run.result = r;
    }
    if (l->verdict == RL_LINT_REFUSED) rl_result_strip_timing(&l->run.result);
    l->has_report = 1;

    if (dp_experts && l->verdict != RL_LINT_FITS) {
        add_finding(l, "no_correction", "dp_experts",
                "No corrected command: the experts' split over the data-parallel ranks is not modeled, and a correction of one "
                "replica would keep every copy of it.",
                NULL);
    } else if (format_refused) {
        add_finding(l, "no_correction", "format",
                "No corrected command: trtllm-serve runs the checkpoint's weights as they are, so it needs a checkpoint in a "
                "format this GPU runs.",
                NULL);
    } else if (l->verdict != RL_LINT_FITS) {
        rl_deploy asked = d;
        asked.seq = asked_seq;
        if (start_refused) asked.pool_fraction = start_asked; /* the command's: a correction lowers it */
        if (correct(l, &p, asked, max_pos)) {
            if (!l->has_corrected)
                add_finding(l, "no_correction", "limits",
                        "No corrected command: with its changes the command would be over {bytes%lld} bytes or {words%lld} words.",
                        ARGS(ARG_I(RL_LINT_MAX_BYTES), ARG_I(RL_LINT_MAX_ARGS)));
        } else if (e != RL_SERVE_LLAMA_SERVER && (d.dp_attention > 1 || d.nodes > 1)) {
            /* correct() searched no layout: the command's data-parallel ranks or nodes are kept as they are. */
            add_finding(l, "no_correction", "kept_layout",
                    "No corrected command: the command's layout is kept as it is (tp {tp%lld}, pp {pp%lld}, data-parallel "
                    "attention {dp%lld}, nodes {nodes%lld}: its ranks and nodes are the deployment), and with it no fp8 weights "
                    "or KV cache the engine can run, context length, concurrency or memory fraction makes it start.",
                    ARGS(ARG_I(d.tp), ARG_I(d.pp), ARG_I(d.dp_attention > 1 ? d.dp_attention : 1), ARG_I(d.nodes > 1 ? d.nodes : 1)));
        } else {
            const char *why = e == RL_SERVE_LLAMA_SERVER && r.verdict == RL_WEIGHTS_DO_NOT_FIT && !host_described(&d) ? "no_host"
                              : e == RL_SERVE_LLAMA_SERVER && host_described(&d)                          ? "offload"
                                                                                                         : "";
            add_finding(l, "no_correction", why,
                    e == RL_SERVE_LLAMA_SERVER && r.verdict == RL_WEIGHTS_DO_NOT_FIT && !host_described(&d)
                        ? "No corrected command: the weights alone do not fit the GPU; give the host's RAM and bandwidth (ram_gib, "
                          "host_memory) for a -ngl that offloads the rest."
                    : e == RL_SERVE_LLAMA_SERVER && host_described(&d)
                        ? "No corrected command: no -ngl, context or slot count makes both the GPU part and the host part fit."
                        : "No corrected command: no tensor- and pipeline-parallel layout of these GPUs up to 64, fp8 weights or KV cache "
                          "the engine can run, context length, concurrency or memory fraction makes it start.",
                    NULL);
        }
    }
    return RL_OK;
}

rl_status rl_lint_run(const char *command, size_t len, const char *request, size_t request_len, const char *config_text,
                      size_t config_len, rl_lint *out) {
    if (out == NULL) return RL_E_NULL;
    memset(out, 0, offsetof(rl_lint, run));
    out->gpu_layers = -1;
    out->run.status = RL_OK;
    rl_clear_error(&out->error);
    rl_status st = lint_run(command, len, request, request_len, config_text, config_len, out);
    out->status = st;
    if (st != RL_OK) {
        out->has_report = 0;
        out->has_corrected = 0;
    }
    return st;
}

size_t rl_lint_write_json(const rl_lint *l, char *buf, size_t cap) {
    if (l->status != RL_OK) return rl_error_json(&l->error, buf, cap);
    rl_out o;
    rl_out_init(&o, buf, cap);
    rl_jw top, s, t;
    rl_jw_begin_object(&top, &o);
    rl_jw_object(&top, "lint", &s);
    rl_jw_str(&s, "engine", rl_serve_engine_name(l->engine));
    rl_jw_str(&s, "model", l->model_id);
    rl_jw_str(&s, "preset", l->preset);
    rl_jw_object(&s, "recognized", &t);
    for (int i = 0; i < l->recognized_count; i++) /* a switch (no value word) as "on" */
        rl_jw_str(&t, word(l, l->recognized_flag[i]), l->recognized_value[i] < 0 ? "on" : word(l, l->recognized_value[i]));
    rl_jw_end(&t);
    rl_jw_array(&s, "ignored", &t);
    for (int i = 0; i < l->ignored_count; i++) rl_jw_str(&t, NULL, word(l, l->ignored[i]));
    rl_jw_end(&t);
    rl_jw_object(&s, "defaults", &t);
    for (int i = 0; i < l->default_count; i++) {
        rl_jw u;
        rl_jw_object(&t, l->defaults[i][0], &u);
        rl_jw_str(&u, "value", l->defaults[i][1]);
        rl_jw_str(&u, "source", l->defaults[i][2]);
        rl_jw_end(&u);
    }
    rl_jw_end(&t);
    rl_jw_str(&s, "verdict", rl_lint_verdict_name(l->verdict));
    rl_jw_num(&s, "max_seqs", (double)l->max_seqs);
    rl_jw_num(&s, "concurrency", (double)l->concurrency);
    if (l->engine == RL_SERVE_LLAMA_SERVER) rl_jw_num(&s, "gpu_layers", (double)l->gpu_layers);
    rl_jw_array(&s, "findings", &t);
    for (int i = 0; i < l->finding_count; i++) {
        rl_jw u;
        rl_jw_object(&t, NULL, &u);
        rl_jw_str(&u, "code", l->findings[i].code);
        rl_jw_str(&u, "message", l->findings[i].message);
        rl_jw values;
        rl_jw_object(&u, "values", &values);
        for (int k = 0; k < l->findings[i].value_count; k++)
            rl_jw_str(&values, l->findings[i].value_name[k], l->findings[i].value[k]);
        rl_jw_end(&values);
        rl_jw_end(&u);
    }
    rl_jw_end(&t);
    if (l->has_corrected) rl_jw_str(&s, "corrected_command", l->corrected);
    else rl_jw_null(&s, "corrected_command");
    /* Every correction with its deployment and its rule: the corrected command first, then the alternatives. */
    rl_jw_array(&s, "corrections", &t);
    for (int i = 0; l->has_corrected && i <= l->alternative_count; i++) {
        const rl_lint_levers *v = i == 0 ? &l->correction : &l->alternative_levers[i - 1];
        rl_jw u;
        rl_jw_object(&t, NULL, &u);
        rl_jw_str(&u, "command", i == 0 ? l->corrected : l->alternative[i - 1]);
        rl_jw_str(&u, "rule", rl_lint_rule_name(v->rule));
        rl_jw_num(&u, "gpus", (double)v->gpus);
        rl_jw_num(&u, "tp", (double)v->tp);
        rl_jw_num(&u, "pp", (double)v->pp);
        rl_jw_str(&u, "weights", rl_precision_name(v->weights));
        rl_jw_str(&u, "kv", rl_precision_name(v->kv));
        rl_jw_num(&u, "seq", (double)v->seq);
        rl_jw_num(&u, "max_seqs", (double)v->max_seqs);
        if (l->engine == RL_SERVE_LLAMA_SERVER) rl_jw_num(&u, "gpu_layers", (double)v->gpu_layers);
        else rl_jw_num(&u, "pool_fraction", v->pool_fraction);
        rl_jw_num(&u, "changed", (double)v->changed);
        rl_jw_end(&u);
    }
    rl_jw_end(&t);
    rl_jw_key(&s, "request");
    rl_out_raw(&o, l->request);
    rl_jw_end(&s);
    if (l->has_report) {
        rl_jw_key(&top, "report");
        /* The report writer fills the rest of the caller's buffer; past its end it only counts. */
        bool room = o.buf != NULL && o.len < o.cap;
        size_t n = rl_report_json(&l->run.model, &l->run.gpu, &l->run.deploy, &l->run.result, room ? o.buf + o.len : NULL,
                                  room ? o.cap - o.len : 0);
        o.len += n;
    }
    rl_jw_end(&top);
    return o.len;
}

size_t rl_lint_json(const char *command, size_t len, const char *request, size_t request_len, const char *config_text,
                    size_t config_len, rl_lint *work, char *buf, size_t cap, rl_status *status) {
    rl_status st = rl_lint_run(command, len, request, request_len, config_text, config_len, work);
    if (status) *status = st;
    return rl_lint_write_json(work, buf, cap);
}
