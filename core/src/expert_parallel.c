/* Expert parallelism: what may be asked of it. The arithmetic is in analyze.c (the
 * weights and the step per GPU) and formulas.c (the slots a rank touches, the copies
 * that leave it).
 *
 * The model here: the MoE layers' experts are split whole over the ep ranks, and the
 * rest of the model (attention, dense layers, shared experts) stays tensor-parallel on the
 * same GPUs, or on each data-parallel attention group (dp_attention.c). The EP group is then the tp
 * group, as vLLM's --enable-expert-parallel makes it (EP size = TP x DP, where our tp is vLLM's
 * TP x DP) and SGLang's --ep-size equal to --tp-size. */
#include "internal.h"

rl_status rl_ep_check(const rl_model *m, const rl_deploy *d, rl_error *err) {
    if (!RL_SCALE_OUT) return RL_OK; /* the verdict module reads no scale-out input (CMakeLists.txt) */
    if (d->ep <= 1) {
        /* Inputs that only mean something under EP are a mistake to pass silently. */
        if (d->redundant_experts != 0 || d->ep_imbalance != 1.0)
            return rl_fail_why(err, RL_E_CONTRADICTION, d->redundant_experts != 0 ? "redundant_experts" : "ep_imbalance",
                               RL_WHY_EP_INPUTS_WITHOUT_EP, "",
                               "redundant_experts and ep_imbalance need ep");
        return RL_OK;
    }
    if (m->experts == 0)
        return rl_fail_why(err, RL_E_UNSUPPORTED, "ep", RL_WHY_EP_DENSE, "model",
                           "ep: %s is dense (no experts to split): use tp",
                           m->name[0] ? m->name : "this model");
    int64_t gpus = d->tp * d->pp;
    if (d->ep > gpus)
        return rl_fail_why(err, RL_E_RANGE, "ep", RL_WHY_EP_OVER_GPUS, "ep gpus",
                           "ep: %lld ranks need as many GPUs; tp x pp is %lld", (long long)d->ep,
                           (long long)gpus);
    if (d->pp > 1)
        return rl_fail_why(err, RL_E_UNSUPPORTED, "ep", RL_WHY_EP_WITH_PP, "pp",
                           "ep: not modelled with pp %lld: set pp to 1",
                           (long long)d->pp);
    if (d->ep != d->tp)
        return rl_fail_why(err, RL_E_CONTRADICTION, "ep", RL_WHY_EP_VS_TP, "ep tp",
                           "ep: the EP group is the tp group (the experts span all tp GPUs, with or without dp_attention): ep %lld "
                           "must equal tp %lld",
                           (long long)d->ep, (long long)d->tp);
    int64_t slots = m->experts + d->redundant_experts;
    if (slots % d->ep != 0)
        return rl_fail_why(err, RL_E_CONTRADICTION, "ep", RL_WHY_EP_DIVIDE, "ep experts redundant",
                           "ep: %lld does not divide %lld experts + %lld redundant_experts",
                           (long long)d->ep, (long long)m->experts, (long long)d->redundant_experts);
    return RL_OK;
}
