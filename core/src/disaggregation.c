/* Prefill/decode disaggregation (issue 37, step 3; docs/scale-out.md): a prefill pool of
 * prefill_instances instances of prefill_tp GPUs each prefills the prompts and hands each request's
 * KV to a decode pool of decode_instances instances, each the deployment the other fields describe
 * (tp, pp, ep, dp_attention). SGLang runs this with --disaggregation-mode prefill|decode and Mooncake
 * or NIXL as the transfer engine (docs.sglang.io, PD Disaggregation); vLLM with a KV connector
 * (NixlConnector, docs.vllm.ai, Disaggregated Prefilling).
 *
 * The model: the prefill pool is the same model and precisions on prefill_tp GPUs (tensor-parallel
 * attention, or prefill_tp groups of one GPU under a decode pool with DP attention; ep = prefill_tp when
 * the decode pool runs EP), prefilling in steps of the engine's token budget (prefill_chunk, else the
 * engine's own; a group's under DP attention): its batch is the prompts a step holds, floor(chunk / prompt)
 * (1 for a longer prompt; times the groups), so its fit is the weights, one chunk's activations and those
 * prompts' KV; its throughput (and a request's share of an instance's time in the balance) is its batched
 * prefill steps' (rl_result.prefill_step_*). TTFT (and the KV shard a GPU sends) is a lone prompt's prefill
 * on prefill_tp GPUs (batch 1, tensor-parallel attention). The request's KV (all layers, the KV dtype, MLA's latent, windows capped: the
 * analysis's own KV bytes at the prompt's length) then crosses the scale-out link: each GPU that holds a
 * shard sends it over its own NIC, all at once, and each decode GPU receives its own shard the same way,
 * so the slower side's shard over one NIC is the transfer. It is not overlapped with the prefill (the
 * layer-wise streaming of the Mooncake paper, arXiv 2407.00079, is not credited: an upper bound on this part).
 * TTFT = the prefill pool's TTFT + the transfer + one decode step. No allocation: the prefill pool and its lone
 * prompt are two more analyses on the stack. */
#include "internal.h"

#include "formulas.h"

#include <math.h>
#include <string.h>

static int64_t prefill_tp_of(const rl_deploy *d) { return d->prefill_tp > 0 ? d->prefill_tp : d->tp; }

rl_status rl_disagg_check(const rl_model *m, const rl_deploy *d, rl_error *err) {
    if (!RL_SCALE_OUT) return RL_OK; /* the verdict module reads no scale-out input (CMakeLists.txt) */
    if (d->prefill_instances == 0) {
        if (d->prefill_tp != 0 || d->decode_instances != 0)
            return rl_fail_why(err, RL_E_CONTRADICTION, d->prefill_tp != 0 ? "prefill_tp" : "decode_instances",
                               RL_WHY_DISAGG_INPUTS_WITHOUT, "",
                               "prefill_tp and decode_instances describe a disaggregated deployment: set "
                               "prefill_instances (the prefill pool's instances, 1 or more)");
        return RL_OK;
    }
    if (d->decode_instances == 0)
        return rl_fail_why(err, RL_E_CONTRADICTION, "decode_instances", RL_WHY_DISAGG_POOL_ZERO, "",
                           "decode_instances: a disaggregated deployment needs a decode pool of 1 or more "
                           "instances (the deployment's tp x pp GPUs each)");
    int64_t p = prefill_tp_of(d);
    if (p > 1 && m->heads % p != 0)
        return rl_fail_why(err, RL_E_CONTRADICTION, "prefill_tp", RL_WHY_DISAGG_PREFILL_TP_HEADS, "prefill_tp heads",
                           "prefill_tp: %lld does not divide the %lld attention heads", (long long)p,
                           (long long)m->heads);
    return RL_OK;
}

/* The prefill pool's instance: steps of the engine's token budget on prefill_tp GPUs, filling nodes of the decode pool's size. */
static rl_status prefill_deploy(const rl_gpu *g, const rl_deploy *d, double prompt, rl_deploy *pd, rl_error *err) {
    int64_t p = prefill_tp_of(d);
    *pd = *d;
    pd->prefill_instances = pd->prefill_tp = pd->decode_instances = 0;
    pd->tp = p;
    pd->pp = 1;
    pd->micro_batches = 0;
    /* The prompts one prefill step of the engine's token budget holds (1 for a prompt longer than the budget): the
     * instance keeps their KV until it is sent, and its throughput is that of its batched steps. */
    int64_t chunk = d->prefill_chunk > 0 ? d->prefill_chunk : rl_engine_chunk(d->engine, g->vram_gib, g->name);
    /* Under a decode pool with DP attention the prefill instance's attention is data-parallel too, P groups of one
     * GPU each with its own budget (LMSYS's prefill nodes: --tp-size 32 --dp-size 32 --enable-dp-attention,
     * sgl-project/sglang#6017 and #9787). */
    int64_t groups = RL_SCALE_OUT && d->dp_attention > 1 && p > 1 ? p : 1;
    /* SGLang divides its --chunked-prefill-size over its DP ranks (sgl-project/sglang#6017). */
    if (groups > 1 && rl_engine_for(d->engine, g->name) == RL_ENGINE_SGLANG) chunk = chunk / groups > 0 ? chunk / groups : 1;
    pd->batch = groups * (chunk > (int64_t)prompt ? chunk / (int64_t)prompt : 1);
    pd->seq = (int64_t)prompt;
    pd->spec_tokens = 0; /* speculation drafts decode tokens: none in a prefill */
    pd->spec_accept = 0.0;
    memset(&pd->draft, 0, sizeof pd->draft);
    pd->dp_attention = groups;
    if (d->ep <= 1 || p <= 1) { /* one GPU holds every expert: no EP, nor its inputs */
        pd->ep = 1;
        pd->redundant_experts = 0;
        pd->ep_imbalance = 1.0;
    } else {
        pd->ep = p; /* the EP group is the instance's tp group, as in the decode pool */
    }
    /* Nodes of the decode pool's size: its gpus_per_node, else 8 (72 on GB200/GB300) past one node. */
    rl_deploy across = *d;
    across.nodes = 2;
    int64_t per = rl_gpus_per_node(&across, g);
    pd->nodes = 1;
    if (p > per) {
        if (p % per != 0)
            return rl_fail_why(err, RL_E_CONTRADICTION, "prefill_tp", RL_WHY_DISAGG_PREFILL_POOL, "prefill_tp per_node",
                               "prefill_tp: %lld GPUs must fill whole nodes of %lld", (long long)p, (long long)per);
        pd->nodes = p / per;
        pd->gpus_per_node = per;
    }
    return RL_OK;
}

/* The prefill pool's instance takes the checks rl_analyze makes of any deployment (its EP group dividing the
 * experts, its GPUs filling whole nodes, ...): the request reader calls this, so that a request that reads is one
 * rl_analyze takes; rl_disagg then fails the same way for the same reason. */
rl_status rl_disagg_setup_check(const rl_model *m, const rl_gpu *g, const rl_deploy *d, rl_error *err) {
    if (!RL_SCALE_OUT || d->prefill_instances == 0) return RL_OK;
    rl_deploy pd;
    rl_status st = prefill_deploy(g, d, (double)d->seq, &pd, err);
    if (st) return st;
    rl_error inner;
    if ((st = rl_deploy_validate(&pd, &inner)) || (st = rl_offload_check(m, g, &pd, &inner)) || (st = rl_ep_check(m, &pd, &inner)) ||
        (st = rl_dp_check(m, &pd, &inner)) || (st = rl_topology_check(&pd, g, &inner)))
        return rl_fail_why(err, st, "prefill_tp", RL_WHY_DISAGG_PREFILL_POOL, "",
                           "prefill_tp: the prefill pool cannot be set up: %s", inner.message);
    return RL_OK;
}

/* The balance at one step time (floor or the engine's): index k of the result's pairs. */
static void balance(rl_result *r, int k, double prefill_s, double step_s, double batch, double gpus_p, double gpus_d) {
    struct rl_disagg *x = &r->disagg;
    double decode_s = x->output_tokens * step_s / batch; /* a decode instance's seconds per request */
    x->gpu_ratio[k] = prefill_s * gpus_p / (decode_s * gpus_d);
    if (x->requests_per_s > 0) {
        x->prefill_needed[k] = ceil(x->requests_per_s * prefill_s);
        x->decode_needed[k] = ceil(x->requests_per_s * decode_s);
    }
    double by_prefill = (double)x->prefill_instances / prefill_s, by_decode = (double)x->decode_instances / decode_s;
    x->sustained_rps[k] = fmin(by_prefill, by_decode);
    x->limited_by[k] = by_prefill <= by_decode ? 1 : 2;
}

rl_status rl_disagg(const rl_model *m, const rl_gpu *g, const rl_deploy *d, double prompt, double output, double rate,
                    rl_result *r, rl_error *err) {
    struct rl_disagg *x = &r->disagg;
    memset(x, 0, sizeof *x);
    x->on = 1;
    x->prefill_tp = prefill_tp_of(d);
    x->prefill_instances = d->prefill_instances;
    x->decode_instances = d->decode_instances;
    x->decode_gpus_per_instance = d->tp * d->pp;
    x->prompt_tokens = prompt;
    x->output_tokens = output;
    x->requests_per_s = rate;

    rl_deploy pd;
    rl_error inner;
    rl_result pre;
    rl_status st = prefill_deploy(g, d, prompt, &pd, err);
    if (st) return st;
    if ((st = rl_analyze(m, g, &pd, &pre, &inner)) != RL_OK)
        return rl_fail_why(err, st, "prefill_tp", RL_WHY_DISAGG_PREFILL_POOL, "",
                           "prefill_tp: the prefill pool cannot be set up: %s", inner.message);
    /* A lone prompt (TTFT, and the KV shard each GPU sends) on the instance as it runs one prompt: one request,
     * tensor-parallel attention. The pool's fit and throughput are its batched steps' (pre). */
    rl_deploy od = pd;
    od.batch = 1;
    od.dp_attention = 1;
    rl_result one;
    const rl_result *lone = &pre;
    if ((od.batch != pd.batch || od.dp_attention != pd.dp_attention) && rl_analyze(m, g, &od, &one, NULL) == RL_OK &&
        one.has_timing)
        lone = &one;
    x->prefill_verdict = pre.verdict;
    x->prefill_weights_gib = pre.weights_gib;
    x->prefill_kv_gib = pre.kv_gib;
    x->prefill_free_gib = pre.free_gib;
    x->kv_bytes = pre.kv_bytes_per_request;
    x->kv_share_sent = lone->kv_share;
    x->kv_share_received = r->kv_share;
    x->link = rl_scale_out_link_id(d, g);
    x->link_gbs = rl_link_gbs_one(x->link);
    if (!r->fits) x->refused_pool = 2;
    else if (!pre.fits) {
        x->refused_pool = 1;
        r->shortfall_gib = pre.shortfall_gib; /* what the refusing pool lacks, per GPU */
        /* Its ways out that hold for the whole deployment: a bigger GPU (the decode pool already fits on this one) or
         * a lower precision (both pools run the same weights and KV). More tp in the prefill pool is prefill_tp. */
        r->remedies = pre.remedies & (RL_REMEDY_BIGGER_GPU | RL_REMEDY_WEIGHT_PRECISION | RL_REMEDY_KV_PRECISION);
        r->remedy_vram_gib = pre.remedy_vram_gib;
        r->remedy_precision = pre.remedy_precision;
        r->remedy_kv_precision = pre.remedy_kv_precision;
    }
    if (x->refused_pool || !pre.has_timing || lone->prefill_ms <= 0 || x->link_gbs <= 0) return RL_OK;

    const rl_formulas *F = rl_formulas_in_use();
    double share = F->disagg_transfer_share(x->kv_share_sent, x->kv_share_received);
    double transfer_s = x->kv_bytes * share / (x->link_gbs * 1e9);
    double gpus_p = (double)x->prefill_tp, gpus_d = (double)x->decode_gpus_per_instance;
    x->has_times = 1;
    x->transfer_ms = transfer_s * 1e3;
    x->prefill_ms = lone->prefill_ms;
    x->ttft_ms = F->disagg_ttft(lone->ttft_ms, x->transfer_ms, r->step_ms);
    /* The pool's throughput is its batched prefill steps' (rl_result.prefill_step_*), and so is a request's share of an
     * instance's time in the balance; TTFT stays a lone prompt's prefill. */
    x->prefill_tps_per_gpu = pre.prefill_step_tokens_per_s_per_gpu;
    x->decode_tps_per_gpu = r->tokens_per_s / gpus_d;
    if (r->has_realistic && pre.has_realistic && pre.realistic.has_prefill && lone->has_realistic &&
        lone->realistic.has_prefill) {
        x->has_realistic = 1;
        x->real_prefill_ms = lone->realistic.prefill_ms;
        x->real_ttft_ms = F->disagg_ttft(lone->realistic.ttft_ms, x->transfer_ms, r->realistic.step_ms);
        x->real_prefill_tps_per_gpu = pre.realistic.prefill_step_tokens_per_s_per_gpu;
        x->real_decode_tps_per_gpu = r->realistic.tokens_per_s / gpus_d;
    }
    if (output > 0) {
        x->has_balance = 1;
        balance(r, 0, prompt / (x->prefill_tps_per_gpu * gpus_p), r->step_ms / 1e3, (double)d->batch, gpus_p, gpus_d);
        if (x->has_realistic)
            balance(r, 1, prompt / (x->real_prefill_tps_per_gpu * gpus_p), r->realistic.step_ms / 1e3,
                    (double)r->realistic.batch, gpus_p, gpus_d);
    }
    return RL_OK;
}
