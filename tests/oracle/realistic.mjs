// The realistic estimate, in exact rationals: the floor's formula
// with the engine's efficiencies and fixed costs.
//   step = max(bytes/(η_bw·BW), FLOPs/(η_c·peak)) + Σ_layers k·t_kernel + 2·L·t_ar (tp > 1) + t_host
//   t_ar = α(engine, tp) + 2·(tp−1)/tp · B·hidden·2 / (link_gbs/2)   (no link figure: α alone)
//   α: the engine's figure at tp 2, 4, 8 (3 takes 4's, 5..7 take 8's), past 8 plus 2·1.9 µs a rank
//   pp > 1: (M + pp − 1) stages of roof + layers/pp fixed costs + one hop α(2) + mb·hidden·2/link, then t_host
//   prefill = max(FLOPs/tp/(η_prefill·peak), bytes/tp/(η_bw·BW)) + all kernels + 2·L·t_ar(S tokens) + (pp−1) hops
//   offload (pp = 1): the GPU part's roof, + the host part's bytes / host bandwidth
//   link: the one the collective crosses (scaleout.mjs): a tp group or a pipeline hop that spans nodes
//   runs at its slowest hop; ep > 1 adds the all-to-all's time (B tokens, and S in the prefill)
//   TTFT = max(floor TTFT, overhead + prefill), overhead = ttft_overhead_ms or launch_ms
//   prefill at scale, a step of T = min(chunk, B·S) tokens on N = tp·pp GPUs (a stage's when pp > 1):
//   max(T/S·FLOPs/N/(η_prefill·peak), bytes(T)/N/(η_bw·BW)) + (kernels + 2·L·t_ar(T tokens))/pp + a2a(T)
//   + one hop of T tokens (pp > 1); dp_attention D: the group collectives at T/D tokens; tok/s per GPU = T/step/N
//   dp_attention D > 1: tp's 2·L AllReduces give way to (2L − L_moe) group AllReduces over a = tp/D GPUs
//   of ceil(B/D) tokens, α(a) + 2(a−1)/a·msg/group link each (a = 1: none), and, without ep, 2·L_moe
//   gathers/scatters of B tokens over tp, α(tp) + (tp−1)/tp·msg/tp link each (S tokens both in the prefill)
// η_bw is the engine's quantized figure when the weights are dequantized on the fly.

import { ENGINES } from './engines.mjs';
import { Q, ZERO } from './rational.mjs';
import { a2aBytes, a2aSeconds, dpOf, groupRequests, groupTp, topology } from './scaleout.mjs';

const q = (x) => Q.of(x);
const MS = 1000n;
const WIDE = new Set(['fp32', 'fp16', 'bf16', 'fp8']);

function params(gpu, d, weightPrecision) {
  const e = ENGINES[d.engine];
  const quant = !WIDE.has(weightPrecision);
  const pick = (given, fallback) => (given.sign() > 0 ? given : q(fallback));
  return {
    e,
    bwEff: d.bwEfficiency.sign() > 0 ? d.bwEfficiency : q(quant ? e.bwQuant : e.bw),
    cEff: q(e.compute),
    pEff: pick(d.prefillEfficiency, e.prefill),
    kernelS: pick(d.kernelUs, e.kernelUs).div(10n ** 6n),
    hostS: pick(d.hostMs, e.hostMs).div(MS),
    ttftMs: d.ttftOverheadMs.sign() > 0 ? d.ttftOverheadMs : d.launchMs,
    linkBps: topology(d, gpu).tpLink.mul(10n ** 9n),
    hopBps: topology(d, gpu).ppLink.mul(10n ** 9n),
    arUs: d.allreduceUs,
    groupBps: topology(d, gpu).groupLink.mul(10n ** 9n),
  };
}

// Data-parallel attention's collectives, seconds, for a group's groupTokens and all groups' tokens.
function dpCollectivesS(p, m, d, groupTokens, tokens) {
  const a = groupTp(d);
  let t = ZERO;
  if (a > 1n) {
    let one = alphaUs(p, a).div(10n ** 6n);
    if (p.groupBps.sign() > 0) one = one.add(new Q(2n * (a - 1n) * m.hidden * 2n, a).mul(q(groupTokens)).div(p.groupBps));
    t = t.add(one.mul(2n * m.layers - m.moeLayers));
  }
  if (d.ep > 1n) return t;
  let half = alphaUs(p, d.tp).div(10n ** 6n);
  if (p.linkBps.sign() > 0) half = half.add(new Q((d.tp - 1n) * tokens * m.hidden * 2n, d.tp).div(p.linkBps));
  return t.add(half.mul(2n * m.moeLayers));
}

function alphaUs(p, tp) {
  if (p.arUs.sign() > 0) return p.arUs;
  const a = p.e.allreduceUs.map(q);
  if (tp <= 2n) return a[0];
  if (tp <= 4n) return a[1];
  if (tp <= 8n) return a[2];
  return a[2].add(q('1.9').mul(2n * (tp - 8n)));
}

function allreduceS(p, tp, message) {
  let t = alphaUs(p, tp).div(10n ** 6n);
  if (p.linkBps.sign() > 0) t = t.add(new Q(2n * (tp - 1n), tp).mul(message).div(p.linkBps));
  return t;
}

function hopS(p, tokens, hidden) {
  let t = alphaUs(p, 2n).div(10n ** 6n);
  if (p.hopBps.sign() > 0) t = t.add(q(tokens * hidden * 2n).div(p.hopBps));
  return t;
}

function roof(p, c, bytes, flops) {
  const t = bytes.div(p.bwEff.mul(c.bw));
  return c.peak.sign() > 0 ? Q.max(t, flops.div(p.cEff.mul(c.peak))) : t;
}

// step: decodeStep's result (pp > 1: stageBytes/stageFlops, M, mb); prefill: {flops, bytes, floorS, floorTtftMs}.
export function realistic(c, m, gpu, d, step, prefill) {
  const p = params(gpu, d, c.weightPrecision);
  const L = q(m.layers), Lm = q(m.moeLayers), pp = q(d.pp), B = d.batch;
  const kernelsAll = q(p.e.kernelsDense).mul(L.sub(Lm)).add(q(p.e.kernelsMoe).mul(Lm)).mul(p.kernelS);
  let total, kernel, ar = ZERO, p2p = ZERO, a2a = ZERO;
  if (d.pp > 1n) {
    const slots = q(step.M + d.pp - 1n);
    const stageKernels = kernelsAll.div(pp);
    const stageAr = d.tp > 1n ? L.div(pp).mul(2n).mul(allreduceS(p, d.tp, q(step.mb * m.hidden * 2n))) : ZERO;
    const hop = hopS(p, step.mb, m.hidden);
    const stage = roof(p, c, step.stageBytes, step.stageFlops).add(stageKernels).add(stageAr).add(hop);
    kernel = slots.mul(stageKernels);
    ar = slots.mul(stageAr);
    p2p = slots.mul(hop);
    total = slots.mul(stage).add(p.hostS);
  } else {
    if (dpOf(d) > 1n) ar = dpCollectivesS(p, m, d, groupRequests(d, B), B);
    else if (d.tp > 1n) ar = L.mul(2n).mul(allreduceS(p, d.tp, q(B * m.hidden * 2n)));
    kernel = kernelsAll;
    // Offload: the roof of the GPU part, then the host part at the host bandwidth (as the floor).
    a2a = d.ep > 1n ? a2aSeconds(c, a2aBytes(c, B)).s : ZERO;
    total = roof(p, c, step.gpuBytes ?? step.bytes, step.gpuFlops ?? step.flops).add(kernel).add(ar).add(a2a).add(p.hostS)
      .add(step.hostS ?? ZERO);
  }
  total = Q.max(total, step.step);
  const out = {
    step_ms: total.mul(MS),
    step_ms_low: Q.max(step.step, total.mul(q(p.e.bandLow))).mul(MS),
    step_ms_high: total.mul(q(p.e.bandHigh)).mul(MS),
    // The floor's step at this batch: the one the estimate is compared with.
    floor_step_ms: step.step.mul(MS),
    tokens_per_s: q(B).div(total),
    tokens_per_s_per_user: q(1n).div(total),
    ms_per_token: total.mul(MS).div(B),
    // The requests the engine runs at once (analysis.mjs: fewer than asked on a tight fit).
    batch: q(B),
  };
  if (c.peak.sign() > 0) {
    const tp = q(d.tp);
    let pre = Q.max(prefill.flops.div(tp).div(p.pEff.mul(c.peak)), prefill.bytes.div(tp).div(p.bwEff.mul(c.bw))).add(kernelsAll);
    if (dpOf(d) > 1n) pre = pre.add(dpCollectivesS(p, m, d, d.seq, d.seq));
    else if (d.tp > 1n) pre = pre.add(L.mul(2n).mul(allreduceS(p, d.tp, q(d.seq * m.hidden * 2n))));
    if (d.ep > 1n) pre = pre.add(a2aSeconds(c, a2aBytes(c, d.seq)).s);
    if (d.pp > 1n) pre = pre.add(q(d.pp - 1n).mul(hopS(p, d.seq, m.hidden)));
    pre = Q.max(pre, prefill.floorS);
    out.prefill_ms = pre.mul(MS);
    out.ttft_ms = Q.max(prefill.floorTtftMs, p.ttftMs.add(pre.mul(MS)));
    // Prefill at scale: a step of T tokens over N = tp x pp GPUs (a stage's when pipelined), T/D tokens a group.
    const st = prefill.step, T = st.tokens, N = q(st.gpus);
    let sp = Q.max(st.flops.div(N).div(p.pEff.mul(c.peak)), st.bytes.div(N).div(p.bwEff.mul(c.bw))).add(kernelsAll.div(pp));
    if (dpOf(d) > 1n) sp = sp.add(dpCollectivesS(p, m, d, new Q(T, dpOf(d)), T));
    else if (d.tp > 1n) sp = sp.add(L.div(pp).mul(2n).mul(allreduceS(p, d.tp, q(T * m.hidden * 2n))));
    if (d.ep > 1n) sp = sp.add(a2aSeconds(c, a2aBytes(c, T)).s);
    if (d.pp > 1n) sp = sp.add(hopS(p, T, m.hidden));
    sp = Q.max(sp, st.floorS);
    out.prefill_step_ms = sp.mul(MS);
    out.prefill_step_tokens_per_s_per_gpu = q(T).div(sp).div(N);
  }
  out.kernel_ms = kernel.mul(MS);
  out.host_ms = p.hostS.mul(MS);
  if (d.tp > 1n) {
    out.allreduce_ms = ar.mul(MS);
    out.allreduce_share = ar.div(total);
  }
  if (d.pp > 1n) out.p2p_ms = p2p.mul(MS);
  if (d.ep > 1n) out.a2a_ms = a2a.mul(MS);
  out.engine = d.engine;
  out.calibrated = p.e.gpus.some((prefix) => gpu.name.startsWith(prefix));
  return out;
}

// Speculative decoding with the engine's costs: gamma draft steps (the draft's roof,
// its dense layers' kernels, its AllReduces) and one target step over gamma+1 tokens
// per request (FLOPs and AllReduce messages times gamma+1, the same bytes), then t_host.
export function realisticSpecStep(c, m, gpu, d, step, draftBytes, draftFlops) {
  const p = params(gpu, d, c.weightPrecision);
  const L = q(m.layers), Lm = q(m.moeLayers), n = d.specTokens + 1n, B = d.batch;
  const kernels = q(p.e.kernelsDense).mul(L.sub(Lm)).add(q(p.e.kernelsMoe).mul(Lm)).mul(p.kernelS);
  let verify = roof(p, c, step.bytes, step.flops.mul(n)).add(kernels).add(p.hostS);
  // A model preset runs all its layers per draft step; "mtp" one module (an MoE layer's kernels when it routes).
  const dl = q(d.draft.mtp ? 1n : d.draft.layers);
  const perLayer = d.draft.mtp && d.draft.routes ? p.e.kernelsMoe : p.e.kernelsDense;
  let draft = roof(p, c, draftBytes, draftFlops).add(q(perLayer).mul(dl).mul(p.kernelS));
  if (d.tp > 1n) {
    verify = verify.add(L.mul(2n).mul(allreduceS(p, d.tp, q(B * n * m.hidden * 2n))));
    draft = draft.add(dl.mul(2n).mul(allreduceS(p, d.tp, q(B * d.draft.hidden * 2n))));
  }
  return q(d.specTokens).mul(draft).add(verify);
}
