/* Where a deployment's GPUs are and which link each collective crosses.
 *
 * The tp x pp GPUs fill `nodes` nodes of `gpus_per_node` each, in rank order: a
 * tensor-parallel group is tp consecutive ranks, a pipeline stage one such group. Inside a
 * node (an HGX board, or an NVL72 rack's NVLink domain) GPUs talk over the GPU's own link
 * (rl_gpu.link_gbs, both directions summed, so half of it one way); between nodes over one
 * NIC per GPU, the scale-out link (presets/links/<id>.json, its gbs_one). A collective
 * whose group spans nodes waits on its slowest hop: the lesser of the two.
 * No allocation, no I/O: the link's figure is read from the compiled-in preset text. */
#include "internal.h"
#include "realistic.h" /* rl_gpu_id_in */

#include <string.h>

/* core/fields.json's scale_out_link choices past auto, in order. */
static const char *const scale_out_ids[RL_SCALE_OUT_COUNT_] = {"", "ib-ndr-400", "ib-xdr-800", "roce-400"};

/* NVIDIA's B300 and GB300 systems ship the 800 Gb/s ConnectX-8 SuperNIC, one per GPU; the
 * HGX H100/H200/B200 generation the 400 Gb/s ConnectX-7 (presets/links/). */
static const char *const xdr_gpus[] = {"b300", "gb300", NULL};
/* A GB200 or GB300 NVL72 rack is one NVLink domain of 72 GPUs (presets/links/nvl72.json). */
static const char *const nvl72_gpus[] = {"gb200", "gb300", NULL};

const char *rl_scale_out_link_id(const rl_deploy *d, const rl_gpu *g) {
    if (d->scale_out_link > RL_SCALE_OUT_AUTO && d->scale_out_link < RL_SCALE_OUT_COUNT_)
        return scale_out_ids[d->scale_out_link];
    return rl_gpu_id_in(xdr_gpus, g->name) ? "ib-xdr-800" : "ib-ndr-400";
}

/* A link preset's one-direction GB/s ("gbs_one"), 0 when there is none of that id. The
 * presets are the build's own files, so the first "gbs_one" key is the figure. */
double rl_link_gbs_one(const char *id) {
    for (size_t i = 0; i < rl_preset_links_count; i++) {
        if (strcmp(rl_preset_links[i].id, id) != 0) continue;
        const char *key = strstr(rl_preset_links[i].json, "\"gbs_one\"");
        if (key == NULL) return 0.0;
        const char *colon = strchr(key, ':');
        return colon ? rl_strtod(colon + 1, NULL) : 0.0;
    }
    return 0.0;
}

int64_t rl_gpus_per_node(const rl_deploy *d, const rl_gpu *g) {
    if (d->gpus_per_node > 0) return d->gpus_per_node;
    if (d->nodes <= 1) return d->tp * d->pp;
    return rl_gpu_id_in(nvl72_gpus, g->name) ? 72 : 8;
}

rl_status rl_topology_check(const rl_deploy *d, const rl_gpu *g, rl_error *err) {
    int64_t gpus = d->tp * d->pp, per = rl_gpus_per_node(d, g);
    if (d->nodes > 1 && gpus != d->nodes * per)
        return rl_fail_why(err, RL_E_CONTRADICTION, "nodes", RL_WHY_GPUS_VS_NODES, "gpus nodes per_node",
                           "nodes: tp x pp = %lld GPUs must fill %lld nodes of %lld",
                           (long long)gpus, (long long)d->nodes, (long long)per);
    if (d->nodes <= 1 && gpus > per)
        return rl_fail_why(err, RL_E_CONTRADICTION, "gpus_per_node", RL_WHY_GPUS_VS_NODES, "gpus nodes per_node",
                           "gpus_per_node: tp x pp = %lld GPUs exceed %lld node of %lld",
                           (long long)gpus, (long long)d->nodes, (long long)per);
    return RL_OK;
}

/* The link a group crosses, one direction, GB/s: the scale-up link inside a node; across
 * nodes the slowest hop, the NIC (or the scale-up link when that is slower still). */
static double crossed(int spans_nodes, double up, double out) {
    if (!spans_nodes) return up;
    return up > 0.0 && up < out ? up : out;
}

void rl_topology(const rl_deploy *d, const rl_gpu *g, rl_result *r) {
    int64_t per = rl_gpus_per_node(d, g);
    r->topo_nodes = d->nodes;
    r->topo_gpus_per_node = per;
    r->scale_out_link = rl_scale_out_link_id(d, g);
    r->scale_up_gbs = g->link_gbs / 2.0;
    r->scale_out_gbs = rl_link_gbs_one(r->scale_out_link);
    r->tp_crosses_nodes = d->tp > per;
    /* Stages fill the nodes in order: across nodes, some stage's hand-off leaves its node. */
    r->pp_crosses_nodes = d->pp > 1 && d->nodes > 1;
    r->ep_crosses_nodes = d->ep > per;
    /* Data-parallel attention: a group is tp / dp_attention consecutive ranks. */
    int64_t group = d->dp_attention > 1 ? d->tp / d->dp_attention : d->tp;
    r->dp_group_crosses_nodes = group > per;
    r->dp_group_link_gbs = crossed(r->dp_group_crosses_nodes, r->scale_up_gbs, r->scale_out_gbs);
    r->tp_link_gbs = crossed(r->tp_crosses_nodes, r->scale_up_gbs, r->scale_out_gbs);
    r->pp_link_gbs = crossed(r->pp_crosses_nodes, r->scale_up_gbs, r->scale_out_gbs);
}
