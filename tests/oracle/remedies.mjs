// The ways out of a refusal (checked against the floor) or of a tight fit
// (checked against the realistic budget). Each remedy is one change that on
// its own gets the deployment through; the search rules are those of
// tests/vectors/README.md.

import { activationChunkBytes, fitCheck, GIB, largestGpuLayers, makeContext, PRECISION_BYTES, reaches, weightBytesTotal } from './context.mjs';
import {
  engineChunk, gpuFor, POOL_IS_A_SETTING, POOL_OF_FREE, POOL_OF_START, POOL_SETTING, poolOf, prefillChunkOf, START_CHECK, WAYS_OUT,
} from './engines.mjs';
import { Q } from './rational.mjs';

// Largest context below the current one that gets through, found by bisection
// (getting through only gets harder as the context grows), then rounded down
// to whole KV blocks when paging.
function longestContext(c, realistic) {
  const { model, gpu, deploy } = c;
  let lo = 0n, hi = deploy.seq - 1n;
  while (lo < hi) {
    const mid = lo + (hi - lo + 1n) / 2n;
    if (reaches(model, gpu, { ...deploy, seq: mid }, realistic)) lo = mid;
    else hi = mid - 1n;
  }
  const block = deploy.kvBlock > 0n ? deploy.kvBlock : 1n;
  return lo - (lo % block);
}

// c: the context, f: its fit check. Returns [{code, value}]. A tight fit's ways out
// reach the realistic budget; a refusal's reach it too when one change does, else
// the floor alone (each search tries the budgets in that order).
export function findRemedies(c, f) {
  const { model, gpu, deploy } = c;
  const realistic = f.verdict === 'tight';
  const kvProblem = f.verdict !== 'weights_do_not_fit';
  const budgets = realistic ? [true] : [true, false];
  const first = (candidates, gets) => {
    for (const b of budgets) for (const x of candidates) if (gets(x, b)) return x;
    return undefined;
  };
  const out = [];

  // Lower weight precision, highest candidate first, only when it stores fewer
  // bytes; the KV stays at its current effective precision. The candidates are the engine's own.
  const current = weightBytesTotal(c);
  const ladder = WAYS_OUT[deploy.engine];
  const fewer = ladder.weights.filter((p) => weightBytesTotal(makeContext(model, gpu, { ...deploy, precision: p, kvPrecision: c.kvPrecision })).lt(current));
  const wp = first(fewer, (p, b) => reaches(model, gpu, { ...deploy, precision: p, kvPrecision: c.kvPrecision }, b));
  if (wp !== undefined) out.push({ code: 'lower_weight_precision', value: wp });

  if (kvProblem) {
    const smaller = ladder.kv.filter((p) => PRECISION_BYTES[p].lt(c.bKv));
    const kp = first(smaller, (p, b) => reaches(model, gpu, { ...deploy, kvPrecision: p }, b));
    if (kp !== undefined) out.push({ code: 'lower_kv_precision', value: kp });
  }

  // Offload runs on one GPU: more tp is no way out of it.
  const tps = [];
  // Under data-parallel attention the D groups stay, so tp must stay a multiple of D.
  for (let tp = 2n; tp <= 1024n && !c.offload; tp *= 2n) if (tp > deploy.tp && tp % deploy.dpAttention === 0n) tps.push(tp);
  const tp = first(tps, (x, b) => reaches(model, gpu, { ...deploy, tp: x }, b));
  if (tp !== undefined) out.push({ code: 'more_tp', value: tp });

  // A lower weight precision and more tp at once: only when the precision alone is no way out,
  // on fewer GPUs than tp alone needs, and into the realistic budget (the floor alone would leave
  // the engine refusing to start). The fewest GPUs win, and of those the highest precision.
  if (wp === undefined) {
    let best;
    for (const p of fewer) {
      for (const x of tps) {
        if (x >= (best?.tp ?? tp ?? 2048n)) break;
        if (reaches(model, gpu, { ...deploy, precision: p, kvPrecision: c.kvPrecision, tp: x }, true)) {
          best = { p, tp: x };
          break;
        }
      }
    }
    if (best) out.push({ code: 'lower_precision_more_tp', value: best.p, tp: best.tp });
  }

  const batchLimit = realistic || f.maxBatchRealistic >= 1n ? f.maxBatchRealistic : f.maxBatch;
  if (kvProblem && batchLimit >= 1n) out.push({ code: 'smaller_batch', value: batchLimit });

  if (kvProblem) {
    for (const b of budgets) {
      const s = longestContext(c, b);
      if (s >= 1n) {
        out.push({ code: 'shorter_context', value: s });
        break;
      }
    }
  }

  // Everything the realistic budget must hold, per GPU (under SGLang the fit check's activations and logits are 0).
  const need = f.weights.add(f.overhead).add(f.context).add(f.nccl).add(f.actChunk)
    .add(f.kvReq.add(f.logitsPerRequest).mul((deploy.batch + deploy.dpAttention - 1n) / deploy.dpAttention));
  // Only a pool that is a setting can be raised (vLLM's: a share of the GPU; SGLang's: a share of what the context
  // and NCCL leave, when they leave any; TensorRT-LLM's: the KV cache's share of what the weights and reserves leave
  // free, when they leave any).
  const taken = f.weights.add(f.overhead).add(f.context).add(f.nccl).add(f.actChunk);
  const vramBytes = f.memory; // the GPU's, or what is free at the engine's start (context.mjs)
  const ofFree = POOL_OF_FREE.includes(deploy.engine);
  const ofStart = POOL_OF_START.includes(deploy.engine);
  // SGLang's share holds the weights, their overhead and the batch's KV: what the context and NCCL leave must.
  const held = need.sub(f.started);
  const leavesAny = ofFree ? vramBytes.gt(taken) : ofStart ? vramBytes.gt(f.started) : true;
  if (realistic && POOL_IS_A_SETTING.includes(deploy.engine) && leavesAny) {
    const fraction = ofFree ? need.sub(taken).div(vramBytes.sub(taken))
      : ofStart ? held.div(vramBytes.sub(f.started)) : need.div(vramBytes);
    // A pool above 98% (of the GPU, or of the memory it is a share of) is not a setting to recommend.
    // vLLM's start check caps it at the hundredths free at its start: floor(100 x free / total) / 100.
    const startLimit = gpu.startFree && gpu.startFree.sign() > 0 && START_CHECK.includes(deploy.engine)
      ? new Q(gpu.startFree.mul(100n).div(gpu.vram).floor(), 100n) : new Q(1n);
    if (fraction.le(new Q(98n, 100n)) && new Q(fraction.mul(100n).ceil(), 100n).le(startLimit)) {
      const of = ofFree ? 'free' : ofStart ? 'free_at_start' : 'gpu';
      out.push({ code: 'raise_pool_fraction', value: new Q(fraction.mul(100n).ceil(), 100n), setting: POOL_SETTING[deploy.engine], of });
    }
  }

  // A GPU whose engine pool holds everything the realistic budget must (a fit, not a tight one): of the free
  // memory, what the weights and reserves take and the batch's KV over the share that is the KV cache's; under
  // SGLang the context and NCCL, up first, and what its share must hold over that share.
  let vram = ofFree ? taken.add(need.sub(taken).div(poolOf(deploy, gpu, model)))
    : ofStart ? gpuFor(held.div(GIB), deploy, model, f.started.div(GIB)).mul(GIB)
      : gpuFor(need.div(GIB), deploy, model).mul(GIB);
  if (deploy.engine === 'vllm' && deploy.prefillChunk === 0n) {
    // vLLM's own chunk follows the GPU's size (8192 from 70 GiB on, but on an A100; else 2048: vllm/engine/arg_utils.py
    // get_batch_defaults), so the bigger GPU may run another chunk than this one: the need's activation line is
    // recomputed at the answer's chunk, until the chunk at the answer is the one its need was computed with. With its
    // two tiers this settles in at most two rounds: the least GPU below 70 GiB with 2048, else the 8192 need over the
    // fraction (at least 70 GiB whenever the 2048 answer was). A chunk given never changes with the size.
    let used = prefillChunkOf(deploy, gpu);
    for (let round = 0; round < 4; round++) {
      const at = engineChunk('vllm', vram.div(GIB), gpu.name, deploy.seq);
      if (at === used) break;
      const act = activationChunkBytes(makeContext(model, gpu, { ...deploy, prefillChunk: at }));
      vram = gpuFor(need.sub(f.actChunk).add(act).div(GIB), deploy, model).mul(GIB);
      used = at;
    }
  }
  if (f.verdict === 'host_ram_does_not_fit') {
    // The host is short: a GPU that holds the whole model (weights + KV, no offload).
    const all = fitCheck(makeContext(model, gpu, { ...deploy, gpuLayers: model.layers + 1n }));
    vram = all.weights.add(all.kv);
  }
  out.push({ code: 'bigger_gpu', value: vram.div(GIB) });

  // Fewer layers on the GPU (llama.cpp -ngl), the rest in host RAM: when the host is described.
  if (deploy.tp === 1n && deploy.pp === 1n && deploy.ramGib.sign() > 0 && deploy.hostGbs.sign() > 0) {
    const n = largestGpuLayers(model, gpu, deploy);
    const now = deploy.gpuLayers <= model.layers ? deploy.gpuLayers : model.layers + 1n;
    if (n >= 0n && n < now && reaches(model, gpu, { ...deploy, gpuLayers: n }, realistic)) {
      out.push({ code: 'fewer_gpu_layers', value: n });
    }
  }
  return out;
}
