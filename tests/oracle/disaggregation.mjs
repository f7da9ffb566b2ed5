// Prefill/decode disaggregation, in exact rationals, from the specification (docs/scale-out.md,
// "Prefill/decode disaggregation"), sharing no code with the core.
//
// The deployment's tp, pp, ep and dp_attention are one DECODE instance; prefill_instances > 0 adds a
// prefill pool of instances of P = prefill_tp (or tp) GPUs. A prefill instance is the same model on P GPUs,
// pp 1, tensor-parallel attention (dp_attention 1), ep = P when the decode pool runs ep and P > 1 (the same
// redundant experts and imbalance), prefilling in steps of the engine's token budget (batch = the prompts a step
// holds, floor(chunk / prompt), at least 1; seq = the prompt), its GPUs filling nodes of
// the decode pool's gpus_per_node (8, or 72 on GB200/GB300, when not given) when P is more than one node.
//   prompt: the workload's input_tokens, else seq; output: the workload's output_tokens (else no balance);
//   rate: requests_per_day / 86400 requests/s.
//   KV moved per request = the prefill instance's KV of one prompt, whole (its model.kv_bytes_per_request).
//   share sent = a prefill GPU's share of it (MLA: 1; else ceil(h_kv / P) / h_kv); share received = a decode
//   GPU's (attention tp a = tp / dp_attention: MLA 1, else ceil(h_kv / a) / h_kv).
//   transfer = KV × max(sent, received) / the scale-out NIC's gbs_one (each GPU its own shard on its own NIC,
//   all at once; not overlapped with the prefill).
//   TTFT = the prefill instance's prefill TTFT + transfer + one decode step (floor; the engine's with its own).
//   per GPU: the prefill instance's batched prefill step's tokens/s per GPU (its prefill.step_tokens_per_s_per_gpu, the
//   engine's realistic.prefill_step_tokens_per_s_per_gpu); decode tokens_per_s / (tp × pp).
//   balance: prefill seconds per request (an instance's) = prompt / (prefill tokens/s per GPU × P);
//     decode seconds per request = output × step / batch (the engine's batch for its own);
//     prefill GPUs per decode GPU = prefill time × P / (decode seconds × tp × pp);
//     instances needed = ceil(rate × prefill time), ceil(rate × decode seconds);
//     sustained = min(prefill_instances / prefill time, decode_instances / decode seconds), limited by the lesser.
// A prefill instance that does not fit refuses the whole deployment: no time anywhere.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gpusPerNode, scaleOutLinkId } from './scaleout.mjs';
import { prefillChunkOf } from './engines.mjs';
import { Q } from './rational.mjs';

const MS = 1000n;
const LINKS = fileURLToPath(new URL('../../presets/links/', import.meta.url));
const linkGbs = (id) => Q.of(JSON.parse(readFileSync(`${LINKS}${id}.json`, 'utf8')).gbs_one);
const share = (m, gpus) => (m.mla ? Q.of(1n) : new Q((m.kvHeads + gpus - 1n) / gpus, m.kvHeads));

export function prefillDeploy(d, gpu, prompt) {
  const P = d.prefillTp > 0n ? d.prefillTp : d.tp;
  const per = gpusPerNode({ ...d, nodes: 2n }, gpu);
  if (P > per && P % per !== 0n) throw new Error('prefill_tp must fill whole nodes');
  let chunk = prefillChunkOf({ ...d, seq: prompt }, gpu);
  // Under a decode pool with DP attention, the prefill instance's attention is data-parallel too: P groups of one GPU.
  const groups = (d.dpAttention ?? 1n) > 1n && P > 1n ? P : 1n;
  // SGLang divides its --chunked-prefill-size over its DP ranks (sgl-project/sglang#6017).
  if (groups > 1n && d.engine === 'sglang') chunk = chunk / groups > 0n ? chunk / groups : 1n;
  return {
    ...d,
    prefillInstances: 0n, prefillTp: 0n, decodeInstances: 0n,
    tp: P, pp: 1n, microBatches: 0n, batch: groups * (chunk > prompt ? chunk / prompt : 1n), seq: prompt,
    specTokens: 0n, specAccept: Q.of(0n), draft: null,
    dpAttention: groups,
    ep: d.ep > 1n && P > 1n ? P : 1n,
    redundantExperts: d.ep > 1n && P > 1n ? d.redundantExperts : 0n,
    epImbalance: d.ep > 1n && P > 1n ? d.epImbalance : Q.of(1n),
    nodes: P > per ? P / per : 1n,
    gpusPerNode: P > per ? per : d.gpusPerNode,
  };
}

function balance(prefillS, stepS, batch, out, rate, d, P) {
  const decodeS = out.mul(stepS).div(batch);
  const G = d.tp * d.pp;
  const b = { prefill_gpus_per_decode_gpu: prefillS.mul(P).div(decodeS.mul(G)) };
  if (rate.sign() > 0) {
    b.requests_per_s = rate;
    b.prefill_instances_needed = Q.of(rate.mul(prefillS).ceil());
    b.decode_instances_needed = Q.of(rate.mul(decodeS).ceil());
  }
  const byPrefill = Q.of(d.prefillInstances).div(prefillS), byDecode = Q.of(d.decodeInstances).div(decodeS);
  b.sustained_requests_per_s = Q.min(byPrefill, byDecode);
  b.limited_by = byPrefill.le(byDecode) ? 'prefill' : 'decode';
  return b;
}

// The disaggregation section for a decode report already computed; analyze is analysis.mjs's. Returns
// {section, refused}: refused when the prefill pool does not fit and the decode pool does.
export function disaggregation(analyze, model, gpu, d, report, workload) {
  const prompt = workload ? BigInt(workload.input_tokens) : d.seq;
  const out = workload ? Q.of(BigInt(workload.output_tokens)) : null;
  const rate = workload ? new Q(BigInt(workload.requests_per_day), 86400n) : Q.of(0n);
  const P = d.prefillTp > 0n ? d.prefillTp : d.tp;
  const pd = prefillDeploy(d, gpu, prompt);
  const pre = analyze(model, gpu, pd);
  // A lone prompt (TTFT, the KV shard a GPU sends) on the instance running one prompt: batch 1, tp attention.
  let lone = pre;
  if (pd.batch !== 1n || pd.dpAttention !== 1n) {
    try {
      const one = analyze(model, gpu, { ...pd, batch: 1n, dpAttention: 1n });
      if (one.fits) lone = one;
    } catch {
      // not analysable on its own: the batched instance's figures stand
    }
  }
  const id = scaleOutLinkId(d, gpu);
  const attnTp = d.dpAttention > 1n ? d.tp / d.dpAttention : d.tp;
  const kv = pre.model.kv_bytes_per_request;
  const sent = share(model, P), received = share(model, attnTp);
  const s = {
    prefill_tp: Q.of(P),
    prefill_instances: Q.of(d.prefillInstances),
    decode_instances: Q.of(d.decodeInstances),
    prefill_gpus: Q.of(P * d.prefillInstances),
    decode_gpus: Q.of(d.tp * d.pp * d.decodeInstances),
    prompt_tokens: Q.of(prompt),
  };
  if (out) s.output_tokens = out;
  const refused = !report.fits ? 'decode' : !pre.fits ? 'prefill' : null;
  if (refused) s.refused_pool = refused;
  s.prefill_pool = {
    verdict: pre.verdict,
    weights_gib_per_gpu: pre.memory.weights_gib_per_gpu,
    kv_gib_per_gpu: pre.memory.kv_gib_per_gpu,
    free_gib_per_gpu: pre.memory.free_gib_per_gpu,
  };
  s.kv_bytes_per_request = kv;
  s.kv_share_sent_per_gpu = sent;
  s.kv_share_received_per_gpu = received;
  s.link = id;
  s.link_gbs = linkGbs(id);
  if (refused || !pre.fits || !lone.prefill?.ms) return { section: s, refused, pre };

  const transferS = kv.mul(Q.max(sent, received)).div(s.link_gbs.mul(10n ** 9n));
  const stepS = report.decode.step_ms.div(MS);
  s.transfer_ms = transferS.mul(MS);
  s.prefill_ms = lone.prefill.ms;
  s.ttft_ms = lone.prefill.ttft_ms.add(s.transfer_ms).add(report.decode.step_ms);
  s.prefill_tokens_per_s_per_gpu = pre.prefill.step_tokens_per_s_per_gpu;
  const prefillS = Q.of(prompt).div(s.prefill_tokens_per_s_per_gpu.mul(P));
  s.decode_tokens_per_s_per_gpu = report.decode.tokens_per_s.div(d.tp * d.pp);
  if (out) s.balance = balance(prefillS, stepS, Q.of(d.batch), out, rate, d, P);
  const real = report.realistic, preReal = pre.realistic, loneReal = lone.realistic;
  if (real && preReal && preReal.prefill_ms !== undefined && loneReal && loneReal.prefill_ms !== undefined) {
    const rPrefillS = Q.of(prompt).div(preReal.prefill_step_tokens_per_s_per_gpu.mul(P));
    s.realistic = {
      prefill_ms: loneReal.prefill_ms,
      ttft_ms: loneReal.ttft_ms.add(s.transfer_ms).add(real.step_ms),
      prefill_tokens_per_s_per_gpu: preReal.prefill_step_tokens_per_s_per_gpu,
      decode_tokens_per_s_per_gpu: real.tokens_per_s.div(d.tp * d.pp),
    };
    if (out) s.realistic.balance = balance(rPrefillS, real.step_ms.div(MS), real.batch, out, rate, d, P);
  }
  return { section: s, refused, pre };
}
