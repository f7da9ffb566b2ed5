/* Data-parallel attention: what may be asked of it. The arithmetic is in analyze.c (the
 * weights, KV and step per GPU) and realistic.c (the collectives' time).
 *
 * The model (docs/scale-out.md): the tp GPUs run everything but the routed experts as D
 * groups of a = tp / D GPUs; each group is a tensor-parallel replica of the attention and
 * dense layers serving its own requests, with their KV only, and the MoE layers still span
 * all tp GPUs (tensor-parallel, or EP with ep = tp). That is vLLM's layout: each DP rank is an
 * engine of -tp a, and "expert layers form a tensor parallel group of size DP x TP" (or EP with
 * --enable-expert-parallel), docs.vllm.ai, Data Parallel Deployment. SGLang's
 * --enable-dp-attention --dp-size D --tp-size tp splits attention the same way. */
#include "internal.h"

rl_status rl_dp_check(const rl_model *m, const rl_deploy *d, rl_error *err) {
    if (!RL_SCALE_OUT || d->dp_attention <= 1) return RL_OK; /* the verdict module reads no scale-out input */
    if (d->tp % d->dp_attention != 0)
        return rl_fail_why(err, RL_E_CONTRADICTION, "dp_attention", RL_WHY_DP_DIVIDE, "dp tp",
                           "dp_attention: %lld groups must divide tp %lld (each group runs attention on tp / "
                           "dp_attention GPUs)",
                           (long long)d->dp_attention, (long long)d->tp);
    /* A dense model has no layer that joins the groups: D groups of tp / D GPUs are D separate
     * servers, each one the tp / D deployment (vLLM's -dp on a dense model runs independent replicas). */
    if (m->experts == 0)
        return rl_fail_why(err, RL_E_UNSUPPORTED, "dp_attention", RL_WHY_DP_DENSE, "model groups group_tp",
                           "dp_attention: %s is dense (no MoE layer joins the groups): its %lld groups would be "
                           "separate servers; analyse one with tp %lld",
                           m->name[0] ? m->name : "this model", (long long)d->dp_attention,
                           (long long)(d->tp / d->dp_attention));
    if (d->pp > 1)
        return rl_fail_why(err, RL_E_UNSUPPORTED, "dp_attention", RL_WHY_DP_WITH_PP, "pp",
                           "dp_attention: not modelled with pp %lld: set pp to 1", (long long)d->pp);
    if (d->spec_tokens > 0)
        return rl_fail_why(err, RL_E_UNSUPPORTED, "dp_attention", RL_WHY_DP_WITH_SPEC, "",
                           "dp_attention: not modelled with speculative decoding: set spec_tokens to 0");
    return RL_OK;
}
