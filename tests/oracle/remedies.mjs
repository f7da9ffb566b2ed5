// The ways out of a refusal (checked against the floor) or of a tight fit
// (checked against the realistic budget). Each remedy is one change that on
// its own gets the deployment through; the search rules are those of
// tests/vectors/README.md.

import { fitCheck, GIB, largestGpuLayers, makeContext, PRECISION_BYTES, reaches, weightBytesTotal } from './context.mjs';
import { gpuFor, POOL_IS_A_SETTING, POOL_OF_FREE, POOL_SETTING, poolOf, WAYS_OUT } from './engines.mjs';
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
  for (let tp = 2n; tp <= 1024n && !c.offload; tp *= 2n) if (tp > deploy.tp) tps.push(tp);
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

  // Everything the realistic budget must hold, per GPU.
  const need = f.weights.add(f.overhead).add(f.context).add(f.nccl).add(f.actChunk)
    .add(f.kvReq.add(f.logitsPerRequest).mul(deploy.batch));
  // Only a pool that is a setting can be raised (vLLM's, SGLang's: a share of the GPU; TensorRT-LLM's: the
  // KV cache's share of what the weights and reserves leave free, when they leave any).
  const taken = f.weights.add(f.overhead).add(f.context).add(f.nccl).add(f.actChunk);
  const vramBytes = gpu.vram.mul(GIB);
  const ofFree = POOL_OF_FREE.includes(deploy.engine);
  if (realistic && POOL_IS_A_SETTING.includes(deploy.engine) && (!ofFree || vramBytes.gt(taken))) {
    const fraction = ofFree ? need.sub(taken).div(vramBytes.sub(taken)) : need.div(vramBytes);
    // A pool above 98% of the GPU is not a setting to recommend.
    if (fraction.le(new Q(98n, 100n))) {
      out.push({ code: 'raise_pool_fraction', value: new Q(fraction.mul(100n).ceil(), 100n), setting: POOL_SETTING[deploy.engine], of: ofFree ? 'free' : 'gpu' });
    }
  }

  // A GPU whose engine pool holds everything the realistic budget must (a fit, not a tight one): of the free
  // memory, what the weights and reserves take and the batch's KV over the share that is the KV cache's.
  let vram = ofFree ? taken.add(need.sub(taken).div(poolOf(deploy, gpu, model))) : gpuFor(need.div(GIB), deploy, model).mul(GIB);
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
