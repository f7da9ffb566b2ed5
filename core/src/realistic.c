/* The realistic estimate beside the floor. The floor is the case
 * η = 1 with no fixed cost of the same formula, so every figure here is at
 * least the floor's:
 *
 *   decode step = max(bytes/(η_bw·BW), FLOPs/(η_c·peak))
 *               + Σ_layers k·t_kernel + n_ar·L·t_allreduce + t_host
 *   t_allreduce = α(engine, tp) + 2·(tp−1)/tp · message / link,   n_ar = 2 per layer under tp
 *                 message = B·hidden·2 bytes (16-bit activations);
 *                 link = the GPU's link_gbs / 2 (vendors quote both directions summed; a ring
 *                 sends one way at a time), and with no link figure only α counts
 *                 (a tp group that spans nodes: its slowest hop, the scale-out NIC; interconnect.c)
 *   pp > 1: (M + pp − 1) stages, each with its layers' fixed costs and one
 *           point-to-point transfer α(engine, 2) + micro-batch·hidden·2 / link
 *   ep > 1: + the all-to-all dispatch and combine on the links they cross, not overlapped
 *   dp_attention D > 1 (pp = 1), in place of tp's AllReduces: (2L − L_moe) AllReduces over the group's
 *           a = tp/D GPUs of its ceil(B/D) requests, α(engine, a) + 2·(a−1)/a · Bg·hidden·2 / its link; and
 *           without ep, around each MoE layer an all-gather and a reduce-scatter of the batch over the tp
 *           GPUs, each α(engine, tp) + (tp−1)/tp · B·hidden·2 / tp's link (vLLM's allgather_reducescatter)
 *   prefill = max(FLOPs/(η_prefill·peak), weight bytes/(η_bw·BW)) / tp + fixed costs
 *   prefill at scale, a step of T tokens (rl_result.prefill_step_tokens) on N = tp·pp GPUs, a stage's when pp > 1:
 *           max(T/S·FLOPs/(η_prefill·peak), bytes(T)/(η_bw·BW)) / N + (kernels + AllReduces of T tokens)/pp
 *           + the all-to-all of T tokens + (pp > 1) one hop of T tokens; dp_attention D: T/D tokens a group;
 *           tokens/s per GPU = T / step / N
 *   offload (pp = 1): + the host part's bytes / host bandwidth, as in the floor
 *   TTFT = max(the floor's TTFT, overhead + prefill), overhead = ttft_overhead_ms or launch_ms
 *
 * No allocation. */
#include "realistic.h"

#include "internal.h"

#include <math.h>
#include <string.h>

/* max of two finite numbers, inline (fmax is a library call under the project's float flags). */
static inline double maxd(double a, double b) { return a > b ? a : b; }

/* The parameters in use: the engine's, or the request's overrides. */
typedef struct params {
    rl_engine engine; /* the engine in use: auto resolved by the GPU */
    const rl_engine_preset *e;
    double bw_eff, c_eff, p_eff, kernel_s, host_s, ttft_ms, link_Bps, hop_Bps;
    int ar_override;
} params;

static params resolve(const rl_realistic_in *in, const rl_gpu *g, const rl_deploy *d, int weight_only_quant) {
    params p;
    p.engine = rl_engine_for(d->engine, g->name); /* auto: the GPU's usual engine */
    p.e = rl_engine_preset_of(p.engine);
    p.bw_eff = d->bw_efficiency > 0 ? d->bw_efficiency : weight_only_quant ? p.e->quant_bw_efficiency : p.e->bw_efficiency;
    p.c_eff = p.e->compute_efficiency;
    p.p_eff = d->prefill_efficiency > 0 ? d->prefill_efficiency : p.e->prefill_efficiency;
    p.kernel_s = (d->kernel_us > 0 ? d->kernel_us : p.e->kernel_us) * 1e-6;
    p.host_s = (d->host_ms > 0 ? d->host_ms : p.e->host_ms) * 1e-3;
    p.ttft_ms = d->ttft_overhead_ms > 0 ? d->ttft_overhead_ms : d->launch_ms;
    /* The links the analysis found each collective crosses (none for the assumptions' list). */
    p.link_Bps = in ? in->tp_link_Bps : 0.0;
    p.hop_Bps = in ? in->pp_link_Bps : 0.0;
    p.ar_override = d->allreduce_us > 0;
    return p;
}

/* α(engine, tp) in µs: the measured figure at tp 2, 4 or 8 (the next one up
 * for the tp between), and past 8 GenZ's 2·1.9 µs for each further rank. */
static double allreduce_alpha_us(const params *p, const rl_deploy *d, int64_t tp) {
    if (p->ar_override) return d->allreduce_us;
    const double *a = p->e->allreduce_us;
    if (tp <= 2) return a[0];
    if (tp <= 4) return a[1];
    if (tp <= 8) return a[2];
    return a[2] + 2.0 * (double)(tp - 8) * 1.9;
}

/* One AllReduce of `message` bytes over tp ranks, seconds. */
static double allreduce_s(const params *p, const rl_deploy *d, double message) {
    double t = allreduce_alpha_us(p, d, d->tp) * 1e-6;
    if (p->link_Bps > 0) t += 2.0 * ((double)d->tp - 1.0) / (double)d->tp * message / p->link_Bps;
    return t;
}

/* Data-parallel attention's collectives for a group's `group_tokens` and all groups' `tokens`, seconds:
 * the group's ring AllReduces and the all-gather + reduce-scatter around each MoE layer (each half a
 * ring AllReduce's bytes, with the AllReduce's latency: no separate figure is measured). */
static double dp_collectives_s(const params *p, const rl_realistic_in *in, const rl_deploy *d, double group_tokens,
                               double tokens) {
    double a = in->attn_tp, tp = (double)d->tp, t = 0.0;
    if (a > 1.0) {
        double one = allreduce_alpha_us(p, d, (int64_t)a) * 1e-6;
        if (in->group_link_Bps > 0) one += 2.0 * (a - 1.0) / a * group_tokens * in->hidden * 2.0 / in->group_link_Bps;
        t += in->group_allreduces * one;
    }
    double half = allreduce_alpha_us(p, d, d->tp) * 1e-6;
    if (p->link_Bps > 0) half += (tp - 1.0) / tp * tokens * in->hidden * 2.0 / p->link_Bps;
    return t + 2.0 * in->gather_layers * half;
}

static double roof_s(const params *p, const rl_realistic_in *in, double bytes, double flops, double c_eff) {
    double t = bytes / (p->bw_eff * in->bw);
    return in->peak > 0 ? maxd(t, flops / (c_eff * in->peak)) : t;
}


void rl_realistic_compute(const rl_realistic_in *in, const rl_gpu *g, const rl_deploy *d, rl_realistic *out) {
    params p = resolve(in, g, d, in->weight_only_quant);
    double L = in->layers, Lm = in->moe_layers, pp = in->pp, tp = in->tp;
    double kernels_per_pass = (p.e->kernels_dense * (L - Lm) + p.e->kernels_moe * Lm) * p.kernel_s; /* all L layers */
    double step, kernel, ar = 0.0, p2p = 0.0;
    if (d->pp > 1) {
        double slots = in->micro_batches + pp - 1.0;
        double stage_kernels = kernels_per_pass / pp;
        double stage_ar = d->tp > 1 ? 2.0 * (L / pp) * allreduce_s(&p, d, in->micro_batch * in->hidden * 2.0) : 0.0;
        double hop = allreduce_alpha_us(&p, d, 2) * 1e-6;
        if (p.hop_Bps > 0) hop += in->micro_batch * in->hidden * 2.0 / p.hop_Bps;
        double stage = roof_s(&p, in, in->step_bytes, in->step_flops, p.c_eff) + stage_kernels + stage_ar + hop;
        kernel = slots * stage_kernels;
        ar = slots * stage_ar;
        p2p = slots * hop;
        step = slots * stage + p.host_s;
    } else {
        if (in->dp_groups > 1) ar = dp_collectives_s(&p, in, d, in->group_batch, in->batch);
        else if (d->tp > 1) ar = 2.0 * L * allreduce_s(&p, d, in->batch * in->hidden * 2.0);
        kernel = kernels_per_pass;
        /* Offload: the host layers follow the GPU's, read at the host bandwidth (as the floor). */
        step = roof_s(&p, in, in->step_bytes, in->step_flops, p.c_eff) + kernel + ar + in->a2a_s + p.host_s + in->host_s;
    }
    /* Rounding must not put the estimate under the floor it contains. */
    step = maxd(step, in->floor_step_s);

    out->step_ms = step * 1e3;
    out->step_ms_low = maxd(in->floor_step_s, step * p.e->band_low) * 1e3;
    out->step_ms_high = step * p.e->band_high * 1e3;
    out->ms_per_token = step * 1e3 / in->batch;
    double per_step = 1.0 / step;
    out->tokens_per_s = in->batch * per_step;
    out->tokens_per_s_per_user = per_step;
    out->allreduce_ms = ar * 1e3;
    out->allreduce_share = ar * per_step;
    out->kernel_ms = kernel * 1e3;
    out->host_ms = p.host_s * 1e3;
    out->p2p_ms = p2p * 1e3;
    out->a2a_ms = d->pp > 1 ? 0.0 : in->a2a_s * 1e3;
    out->engine = p.engine;
    out->calibrated = rl_gpu_id_in(p.e->gpu_families, g->name);

    if (in->peak > 0) {
        double prefill = maxd(in->prefill_flops / (tp * p.p_eff * in->peak), in->prefill_bytes / (tp * p.bw_eff * in->bw)) +
                         kernels_per_pass;
        if (in->dp_groups > 1) prefill += dp_collectives_s(&p, in, d, in->seq, in->seq);
        else if (d->tp > 1) prefill += 2.0 * L * allreduce_s(&p, d, in->seq * in->hidden * 2.0);
        prefill += in->a2a_prefill_s;
        if (d->pp > 1) {
            double hop = allreduce_alpha_us(&p, d, 2) * 1e-6;
            if (p.hop_Bps > 0) hop += in->seq * in->hidden * 2.0 / p.hop_Bps;
            prefill += (pp - 1.0) * hop;
        }
        prefill = maxd(prefill, in->floor_prefill_s);
        /* A step of a stream of prompts: a stage's when pipelined (each stage on its own step). */
        double T = in->step_tokens, N = in->gpus;
        double st = maxd(in->step_prefill_flops / (N * p.p_eff * in->peak), in->step_prefill_bytes / (N * p.bw_eff * in->bw)) +
                    kernels_per_pass / pp;
        if (in->dp_groups > 1) st += dp_collectives_s(&p, in, d, T / in->dp_groups, T);
        else if (d->tp > 1) st += 2.0 * (L / pp) * allreduce_s(&p, d, T * in->hidden * 2.0);
        st += in->a2a_step_prefill_s;
        if (d->pp > 1) {
            double hop = allreduce_alpha_us(&p, d, 2) * 1e-6;
            if (p.hop_Bps > 0) hop += T * in->hidden * 2.0 / p.hop_Bps;
            st += hop;
        }
        st = maxd(st, in->floor_step_prefill_s);
        out->prefill_step_ms = st * 1e3;
        out->prefill_step_tokens_per_s_per_gpu = T / st / N;
        out->has_prefill = 1;
        out->prefill_ms = prefill * 1e3;
        out->ttft_ms = maxd(in->floor_ttft_ms, p.ttft_ms + prefill * 1e3);
    } else {
        /* Every field is written: the analysis does not clear this struct first. */
        out->has_prefill = 0;
        out->prefill_ms = 0.0;
        out->ttft_ms = 0.0;
        out->prefill_step_ms = 0.0;
        out->prefill_step_tokens_per_s_per_gpu = 0.0;
    }
}

double rl_realistic_spec_step_s(const rl_realistic_in *in, const rl_gpu *g, const rl_deploy *d, double draft_bytes,
                                double draft_flops) {
    params p = resolve(in, g, d, in->weight_only_quant);
    double L = in->layers, Lm = in->moe_layers, n = (double)d->spec_tokens + 1.0;
    double kernels = (p.e->kernels_dense * (L - Lm) + p.e->kernels_moe * Lm) * p.kernel_s;
    double verify = roof_s(&p, in, in->step_bytes, in->step_flops * n, p.c_eff) + kernels + p.host_s;
    /* A model preset runs all its layers per draft step; "mtp" one module, an
     * MoE layer's kernels when it routes. */
    double dl = d->draft.modules > 0.0 ? 1.0 : d->draft.layers;
    double per_layer = d->draft.params_routed > 0.0 ? p.e->kernels_moe : p.e->kernels_dense;
    double draft = roof_s(&p, in, draft_bytes, draft_flops, p.c_eff) + per_layer * dl * p.kernel_s;
    if (d->tp > 1) {
        verify += 2.0 * L * allreduce_s(&p, d, in->batch * n * in->hidden * 2.0);
        draft += 2.0 * dl * allreduce_s(&p, d, in->batch * d->draft.hidden * 2.0);
    }
    return (double)d->spec_tokens * draft + verify;
}

static size_t put(rl_assumption *out, size_t n, size_t cap, const char *name, double value, const char *unit,
                  rl_origin origin, const char *source) {
    if (n < cap) {
        out[n].name = name;
        out[n].value = value;
        out[n].unit = unit;
        out[n].origin = origin;
        out[n].source = source;
    }
    return n + 1;
}

int rl_weight_only_quant(rl_precision weights) {
    return weights != RL_PREC_FP32 && weights != RL_PREC_FP16 && weights != RL_PREC_BF16 && weights != RL_PREC_FP8;
}

size_t rl_realistic_assumptions(const rl_gpu *g, const rl_deploy *d, rl_precision weights, rl_assumption *out,
                                size_t cap) {
    int quant = rl_weight_only_quant(weights);
    params p = resolve(NULL, g, d, quant);
    const rl_engine_preset *e = p.e;
    const char *req = "request";
    const rl_origin given = RL_ORIGIN_GIVEN, engine = RL_ORIGIN_ENGINE;
    size_t n = 0;
    n = put(out, n, cap, "bw_efficiency", p.bw_eff, "fraction",
            d->bw_efficiency > 0 ? given : quant ? RL_ORIGIN_ENGINE_QUANT : engine,
            d->bw_efficiency > 0 ? req : quant ? e->quant_bw_source : e->bw_source);
    n = put(out, n, cap, "compute_efficiency", p.c_eff, "fraction", engine, e->compute_source);
    n = put(out, n, cap, "prefill_efficiency", p.p_eff, "fraction", d->prefill_efficiency > 0 ? given : engine,
            d->prefill_efficiency > 0 ? req : e->prefill_source);
    n = put(out, n, cap, "kernel_us", p.kernel_s * 1e6, "us", d->kernel_us > 0 ? given : engine,
            d->kernel_us > 0 ? req : e->kernel_source);
    n = put(out, n, cap, "kernels_per_dense_layer", e->kernels_dense, "kernels", engine, e->kernels_source);
    n = put(out, n, cap, "kernels_per_moe_layer", e->kernels_moe, "kernels", engine, e->kernels_source);
    if (d->tp > 1 || d->pp > 1)
        n = put(out, n, cap, "allreduce_us", allreduce_alpha_us(&p, d, d->tp > 1 ? d->tp : 2), "us",
                p.ar_override ? given : engine, p.ar_override ? req : e->allreduce_source);
    if (d->tp > 1 || d->pp > 1)
        n = put(out, n, cap, "link_gbs", g->link_gbs, "GB/s", RL_ORIGIN_GPU,
                g->link_gbs > 0 ? "the GPU's link, both directions summed; collectives use half"
                                : "unknown: only the AllReduce latency is counted");
    n = put(out, n, cap, "host_ms", p.host_s * 1e3, "ms", d->host_ms > 0 ? given : engine,
            d->host_ms > 0 ? req : e->host_source);
    n = put(out, n, cap, "ttft_overhead_ms", p.ttft_ms, "ms", d->ttft_overhead_ms > 0 ? given : RL_ORIGIN_INPUT,
            d->ttft_overhead_ms > 0 ? req : "the launch_ms input (35 ms by default): no TTFT in the corpus");
    n = put(out, n, cap, "band_low", e->band_low, "fraction", engine, e->band_source);
    n = put(out, n, cap, "band_high", e->band_high, "fraction", engine, e->band_source);
    if (RL_SCALE_OUT && d->nodes > 1)
        n = put(out, n, cap, "scale_out_gbs", rl_link_gbs_one(rl_scale_out_link_id(d, g)), "GB/s",
                d->scale_out_link ? given : RL_ORIGIN_SPEC,
                "presets/links/: one NIC per GPU, one way");
    if (RL_SCALE_OUT && d->ep > 1) {
        n = put(out, n, cap, "ep_imbalance", d->ep_imbalance, "max/mean", d->ep_imbalance != 1.0 ? given : RL_ORIGIN_SPEC,
                "1: uniform routing, assumed (docs/scale-out.md)");
        n = put(out, n, cap, "a2a_bytes_per_value", 2.0, "bytes", RL_ORIGIN_SPEC,
                "16-bit both ways; DeepEP dispatches FP8: an upper bound");
        n = put(out, n, cap, "a2a_overlap", 0.0, "fraction", RL_ORIGIN_SPEC,
                "none here; the floor leaves it out (overlapped)");
    }
    if (RL_SCALE_OUT && d->dp_attention > 1)
        n = put(out, n, cap, "dp_collective_overlap", 0.0, "fraction", RL_ORIGIN_SPEC,
                "none here: the group AllReduces and the MoE layers' all-gather and reduce-scatter (vLLM's "
                "allgather_reducescatter), 16-bit, each with the AllReduce latency; the floor leaves them out");
    return n;
    return n;
}
