// Scale-out and expert parallelism, in exact rationals, from the specification
// (docs/scale-out.md), sharing no code with the core.
//
// Topology: the tp x pp GPUs fill `nodes` nodes of `gpus_per_node`, in rank order. A group
// inside a node talks over the GPU's link, one direction = link_gbs / 2; a group spanning nodes
// waits on its slowest hop, min(link_gbs / 2, the scale-out NIC's gbs_one from presets/links/).
//   tp group spans nodes: tp > gpus_per_node; a pipeline hop does when pp > 1 and nodes > 1;
//   the EP group (the tp group) when ep > gpus_per_node.
// EP (ep > 1, ep = tp, pp 1): slots S = E + R per MoE layer, S/ep per rank;
//   mean slots a rank touches at b tokens: union S/ep·(1 − (1 − k/S)^b), distinct min(b·k, S)/ep;
//   the busiest: min(S/ep, imbalance x that);
//   weights/GPU = (all − L_moe·E·expert) / tp + L_moe·(S/ep)·expert;
//   step bytes/GPU = (read − L_moe·touched·expert) / tp + L_moe·busiest·expert + the batch's KV share;
//   step FLOPs/GPU = (all − X) / tp + imbalance·X / ep, X = b·2·k·L_moe·params per expert;
//   all-to-all bytes/GPU = 2 (dispatch + combine)·L_moe·(b/ep)·k·hidden·2·(ep − 1)/ep,
//     of it (g − 1)/(ep − 1) to its node's GPUs (g = min(ep, gpus_per_node)), the rest over the NIC;
//     time = max(intra / scale-up, inter / scale-out), in the realistic step, not in the floor.
// Data-parallel attention (D = dp_attention > 1, pp 1, an MoE model): D groups of a = tp / D GPUs.
//   Everything but the routed experts ("the rest") is held and read over a GPUs, not tp: a group is a
//   tensor-parallel replica of it serving its own requests; the busiest group has Bg = ceil(B/D).
//   weights/GPU = (tp's or EP's figure) + rest·(1/a − 1/tp), rest = all weights − L_moe·E·expert;
//   KV per request per GPU at a's share (MLA: whole), Bg requests' of it; max batch = D × one group's;
//   step bytes/GPU = rest read / a + the experts' read (touched/tp, or EP's busiest) + Bg·KV·share;
//   step FLOPs/GPU = Bg·(per-request FLOPs − 2·k·L_moe·expert params) / a + the experts' (X/tp, or ι·X/ep);
//   collectives per GPU (16-bit): (2L − L_moe) group AllReduces of Bg tokens, 2·(a − 1)/a·Bg·hidden·2
//     each; without ep, around each MoE layer an all-gather and a reduce-scatter of all B tokens over
//     tp, (tp − 1)/tp·B·hidden·2 each (with ep the all-to-all above moves them). Not in the floor; the
//     realistic step adds them in place of tp's AllReduces: α(a) per group AllReduce on the group's link
//     (a > gpus_per_node: across nodes), α(tp) per gather or scatter on the tp group's link.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expertBytes, kvBytesRequest, weightBytesRead, weightBytesTotal, expertsTouched, stepFlops } from './context.mjs';
import { powUnit, Q, ZERO } from './rational.mjs';

const q = (x) => Q.of(x);
const LINKS = fileURLToPath(new URL('../../presets/links/', import.meta.url));
export const SCALE_OUT_LINKS = ['auto', 'ib-ndr-400', 'ib-xdr-800', 'roce-400'];

// auto: the 800 Gb/s ConnectX-8 on B300 and GB300, the 400 Gb/s ConnectX-7 elsewhere.
export function scaleOutLinkId(d, gpu) {
  if (d.scaleOutLink !== 'auto') return d.scaleOutLink;
  return ['b300', 'gb300'].some((p) => gpu.name.startsWith(p)) ? 'ib-xdr-800' : 'ib-ndr-400';
}

const linkGbsOne = (id) => Q.of(JSON.parse(readFileSync(`${LINKS}${id}.json`, 'utf8')).gbs_one);

export function gpusPerNode(d, gpu) {
  if (d.gpusPerNode > 0n) return d.gpusPerNode;
  if (d.nodes <= 1n) return d.tp * d.pp;
  return ['gb200', 'gb300'].some((p) => gpu.name.startsWith(p)) ? 72n : 8n;
}

export function topology(d, gpu) {
  const perNode = gpusPerNode(d, gpu);
  const up = gpu.linkGbs.div(2n);
  const id = scaleOutLinkId(d, gpu);
  const out = linkGbsOne(id);
  const crossed = (spans) => (!spans ? up : up.sign() > 0 && up.lt(out) ? up : out);
  const t = {
    perNode, up, out, id,
    tpCrosses: d.tp > perNode,
    ppCrosses: d.pp > 1n && d.nodes > 1n,
    epCrosses: d.ep > perNode,
    groupCrosses: groupTp(d) > perNode,
  };
  t.groupLink = crossed(t.groupCrosses);
  t.tpLink = crossed(t.tpCrosses);
  t.ppLink = crossed(t.ppCrosses);
  return t;
}

export function topologySection(d, gpu) {
  const t = topology(d, gpu);
  const s = { nodes: q(d.nodes), gpus_per_node: q(t.perNode), scale_up_gbs: t.up };
  if (d.nodes > 1n) Object.assign(s, { scale_out_link: t.id, scale_out_gbs: t.out });
  if (d.tp > 1n) Object.assign(s, { allreduce_crosses: t.tpCrosses ? 'scale-out' : 'scale-up', allreduce_link_gbs: t.tpLink });
  if (d.pp > 1n) Object.assign(s, { pp_hop_crosses: t.ppCrosses ? 'scale-out' : 'scale-up', pp_hop_link_gbs: t.ppLink });
  if (d.ep > 1n) s.a2a_crosses = t.epCrosses ? 'scale-out' : 'scale-up';
  return s;
}

// The EP ranks: the tp group (a way out that raises tp raises them with it).
const epOf = (d) => (d.ep > 1n ? d.tp : 1n);
// Data-parallel attention: the groups, the GPUs of one, the busiest one's requests.
export const dpOf = (d) => d.dpAttention ?? 1n;
export const groupTp = (d) => d.tp / dpOf(d);
export const groupRequests = (d, b) => (b + dpOf(d) - 1n) / dpOf(d);

function weightsPerGpuTp(c) {
  const d = c.deploy, m = c.model;
  const gpus = d.tp * d.pp;
  if (d.ep <= 1n || m.experts === 0n) return weightBytesTotal(c).div(gpus);
  const layerExperts = q(m.moeLayers).mul(expertBytes(c));
  const sharded = weightBytesTotal(c).sub(layerExperts.mul(m.experts));
  return sharded.div(gpus).add(layerExperts.mul(new Q(m.experts + d.redundantExperts, epOf(d))).div(d.pp));
}

export function weightsPerGpu(c) {
  const d = c.deploy, m = c.model;
  const w = weightsPerGpuTp(c);
  if (dpOf(d) <= 1n) return w;
  const rest = weightBytesTotal(c).sub(q(m.moeLayers * m.experts).mul(expertBytes(c)));
  return w.add(rest.div(groupTp(d))).sub(rest.div(d.tp));
}

function busiestSlots(c, b) {
  const d = c.deploy, m = c.model, ep = epOf(d);
  const slots = m.experts + d.redundantExperts;
  const perRank = new Q(slots, ep);
  const mean = d.moeRead === 'distinct'
    ? Q.min(q(b * m.topK), q(slots)).div(ep)
    : perRank.mul(q(1n).sub(powUnit(q(1n).sub(new Q(m.topK, slots)), b)));
  return Q.min(perRank, d.epImbalance.mul(mean));
}

// dispatch + combine bytes one GPU sends for `tokens` tokens, every MoE layer.
export function a2aBytes(c, tokens) {
  const m = c.model, ep = epOf(c.deploy);
  return new Q(2n * m.moeLayers * tokens * m.topK * m.hidden * 2n * (ep - 1n), ep * ep);
}

export function a2aSeconds(c, bytes) {
  const d = c.deploy, t = topology(d, c.gpu), ep = epOf(d);
  const local = ep < t.perNode ? ep : t.perNode;
  const intra = bytes.mul(new Q(local - 1n, ep - 1n)), inter = bytes.sub(intra);
  const tIntra = t.up.sign() > 0 ? intra.div(t.up.mul(10n ** 9n)) : ZERO;
  const tInter = inter.sign() > 0 ? inter.div(t.out.mul(10n ** 9n)) : ZERO;
  return { intra, inter, s: Q.max(tIntra, tInter) };
}

// The decode step per GPU at pp 1 under EP: {bytes, flops} to replace the tp ones, and the section's figures.
export function expertParallelStep(c, B, kvBytes) {
  const d = c.deploy, m = c.model, ep = epOf(d), tp = q(d.tp);
  const busiest = busiestSlots(c, B);
  const expertRead = q(m.moeLayers).mul(busiest).mul(expertBytes(c));
  const allExperts = q(m.moeLayers).mul(expertsTouched(c, B)).mul(expertBytes(c));
  const bytes = weightBytesRead(c, B).sub(allExperts).div(tp).add(expertRead).add(kvBytes);
  const X = q(B * 2n * m.topK * m.moeLayers * m.paramsExpert);
  const flops = stepFlops(c, B).sub(X).div(tp).add(d.epImbalance.mul(X).div(ep));
  return { bytes, flops, busiest, expertRead };
}

export function epSection(c, B, chunk, fits) {
  const d = c.deploy, m = c.model;
  const step = expertParallelStep(c, B, ZERO);
  const bytes = a2aBytes(c, B), a2a = a2aSeconds(c, bytes);
  const s = {
    experts_per_gpu: new Q(m.experts + d.redundantExperts, epOf(d)),
    slots_touched_per_layer: step.busiest,
    expert_bytes_read: step.expertRead,
    a2a_bytes_per_step: bytes,
    a2a_bytes_per_prefill_chunk: a2aBytes(c, chunk),
  };
  if (fits) s.a2a_ms = a2a.s.mul(1000n);
  return s;
}

// The decode step per GPU under data-parallel attention (pp 1): {bytes, flops}.
export function dpAttentionStep(c, B) {
  const d = c.deploy, m = c.model, a = groupTp(d), Bg = groupRequests(d, B);
  const touchedRead = q(m.moeLayers).mul(expertsTouched(c, B)).mul(expertBytes(c));
  const restRead = weightBytesRead(c, B).sub(touchedRead);
  const X = q(B * 2n * m.topK * m.moeLayers * m.paramsExpert);
  const restFlops = stepFlops(c, Bg).sub(q(Bg * 2n * m.topK * m.moeLayers * m.paramsExpert));
  const experts = d.ep > 1n
    ? { bytes: expertParallelStep(c, B, ZERO).expertRead, flops: d.epImbalance.mul(X).div(epOf(d)) }
    : { bytes: touchedRead.div(d.tp), flops: X.div(d.tp) };
  const kv = q(Bg).mul(kvBytesRequest(c)).mul(c.kvShare);
  return { bytes: restRead.div(a).add(experts.bytes).add(kv), flops: restFlops.div(a).add(experts.flops) };
}

// Collective bytes one GPU sends: the group's AllReduces over `groupTokens`, the gather and scatter of `tokens`.
export function dpGroupBytes(c, groupTokens) {
  const m = c.model, a = groupTp(c.deploy);
  return new Q((2n * m.layers - m.moeLayers) * 2n * (a - 1n) * groupTokens * m.hidden * 2n, a);
}
export function dpGatherBytes(c, tokens) {
  const d = c.deploy, m = c.model;
  if (d.ep > 1n) return ZERO;
  return new Q(m.moeLayers * 2n * (d.tp - 1n) * tokens * m.hidden * 2n, d.tp);
}

export function dpSection(c, B, chunk, kvGib) {
  const d = c.deploy, t = topology(d, c.gpu);
  return {
    groups: q(dpOf(d)),
    attention_tp: q(groupTp(d)),
    requests_per_group: q(groupRequests(d, B)),
    kv_gib_per_gpu: kvGib,
    group_allreduce_bytes_per_step: dpGroupBytes(c, groupRequests(d, B)),
    gather_bytes_per_step: dpGatherBytes(c, B),
    bytes_per_prefill_chunk: dpGroupBytes(c, chunk).add(dpGatherBytes(c, chunk)),
    group_allreduce_crosses: t.groupCrosses ? 'scale-out' : 'scale-up',
    group_link_gbs: t.groupLink,
  };
}
