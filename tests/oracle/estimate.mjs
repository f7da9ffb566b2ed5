// The parameters-only estimate: weights, GPUs needed, decode intensity
// B / bytes-per-param, the roof, and the levers ranked by what each could
// multiply decode throughput by. No KV, attention or MoE can be counted.

import { PRECISION_BYTES } from './context.mjs';
import { gpuFor, POOL_OF_FREE, POOL_OF_START, poolOf, START_CHECK, WAYS_OUT } from './engines.mjs';
import { Q, ZERO } from './rational.mjs';

const GIB = new Q(1n << 30n);

// The order levers are listed in when their gains tie.
const LEVERS = ['batch', 'weight_precision', 'kv_precision', 'speculative_decoding', 'tensor_parallel'];


// What each GPU's share leaves the weights after the context reserve, at the pool this tp gets (SGLang's own
// shrinks as tp grows). TensorRT-LLM's share is of what the weights leave: they may use the GPU less the context.
// SGLang's is a share of what the context leaves, up before its fraction is taken (POOL_OF_START; a size alone has
// no NCCL to count): f·(V − context). The others': a share of the GPU, the context inside it: f·V − context.
// On a GPU that gives the memory free at an engine's start (DGX Spark), the engines without vLLM's start check fill
// that and the context it was measured with, at most the total (context.mjs).
function weightsRoom(d, g, tp) {
  const takesFree = g.startFree && g.startFree.sign() > 0 && !START_CHECK.includes(d.engine);
  const mem = takesFree ? Q.min(g.vram, g.startFree.add(d.contextReserveGib)) : g.vram;
  if (POOL_OF_FREE.includes(d.engine)) return mem.sub(d.contextReserveGib);
  const f = poolOf({ ...d, tp }, g, { mla: false });
  if (POOL_OF_START.includes(d.engine)) return f.mul(mem.sub(d.contextReserveGib));
  return f.mul(mem).sub(d.contextReserveGib);
}

// The smallest power-of-two tp (up to 1024, below `above`) whose tp × pp GPUs hold w GiB of weights, each GPU at
// the pool it gets at that tp.
function tpFor(w, d, g, above) {
  for (let tp = 1n; tp <= 1024n && tp < above; tp *= 2n) {
    const room = weightsRoom(d, g, tp);
    if (room.sign() <= 0) continue;
    const need = w.div(room.div(d.weightOverhead.add(1n))).ceil();
    if (need >= 1n && tp * BigInt(d.pp) >= need) return tp;
  }
  return undefined;
}

// Weights that do not fit: how far short each GPU is, and each single way out (a lower precision,
// more tp, a lower precision on fewer GPUs than tp alone when no precision alone fits, a bigger GPU).
function waysOut(e, d, g, room) {
  const gpusFor = (w) => (room.sign() > 0 ? new Q(w.div(e.usable_gib_per_gpu).ceil()) : ZERO);
  const weightsAt = (p) => e.params.mul(PRECISION_BYTES[p]).div(GIB);
  // The engine's lower weight precisions, highest first (as the full analysis's remedies).
  const lower = WAYS_OUT[d.engine].weights.filter((p) => PRECISION_BYTES[p].lt(e.bytes_per_param));
  const out = [];
  const alone = room.sign() > 0 ? lower.find((p) => !e.gpus.lt(gpusFor(weightsAt(p)))) : undefined;
  if (alone !== undefined) out.push({ code: 'lower_weight_precision', value: alone });
  const tp = tpFor(e.weights_gib, d, g, 2048n);
  if (tp !== undefined) out.push({ code: 'more_tp', value: new Q(tp) });
  // What each GPU's share must hold: its weights with their overhead; TensorRT-LLM's GPU holds them and the context;
  // SGLang's, the context first and its share of the rest holds them; the others' share holds them and the context.
  const held = e.weights_gib.div(e.gpus).mul(d.weightOverhead.add(1n));
  const ctx = d.contextReserveGib;
  const bigger = e.pool_of === 'free' ? held.add(ctx)
    : e.pool_of === 'free_at_start' ? gpuFor(held, d, { mla: false }, ctx) : gpuFor(held.add(ctx), d, { mla: false });
  out.push({ code: 'bigger_gpu', value: bigger });
  if (alone === undefined) {
    let best;
    for (const p of lower) {
      const t = tpFor(weightsAt(p), d, g, best?.tp ?? tp ?? 2048n);
      if (t !== undefined) best = { p, tp: t };
    }
    if (best) out.push({ code: 'lower_precision_more_tp', value: best.p, tp: new Q(best.tp) });
  }
  return { shortfall_gib: e.weights_gib.div(e.gpus).sub(e.usable_gib_per_gpu), remedies: out };
}

export function estimate(params, gpu, deploy) {
  const d = deploy, g = gpu;
  // auto has no checkpoint to follow: 16-bit.
  const bw = d.precision === 'auto' ? new Q(2n) : PRECISION_BYTES[d.precision];
  const B = Q.of(d.batch);
  const e = {
    approximate: true,
    params,
    bytes_per_param: bw,
    precision: d.precision === 'auto' ? 'fp16' : d.precision,
    weights_gib: params.mul(bw).div(GIB),
  };
  // The pool given, or the engine's own (auto resolved by the GPU).
  e.pool_fraction = poolOf(d, g, { mla: false });
  // TensorRT-LLM's pool is the KV cache's share of what the weights leave free: the weights may use the whole GPU.
  // SGLang's is a share of what the context leaves free.
  e.pool_of = POOL_OF_FREE.includes(d.engine) ? 'free' : POOL_OF_START.includes(d.engine) ? 'free_at_start' : 'gpu';
  const room = weightsRoom(d, g, d.tp);
  e.usable_gib_per_gpu = room.div(d.weightOverhead.add(1n));
  e.gpus_needed = room.sign() > 0 ? new Q(e.weights_gib.div(e.usable_gib_per_gpu).ceil()) : ZERO;
  // The deployment's GPUs hold the weights or not (the exit code's answer).
  e.gpus = Q.of(d.tp * d.pp);
  e.fits = e.gpus_needed.sign() > 0 && !e.gpus.lt(e.gpus_needed);
  e.batch = B;
  const head = {};
  for (const k of ['params', 'bytes_per_param', 'precision', 'weights_gib', 'pool_fraction', 'pool_of', 'usable_gib_per_gpu', 'gpus_needed', 'gpus', 'fits', 'batch']) head[k] = e[k];
  // Weights that do not fit: no intensity, roof or lever (a deployment that cannot run has no throughput).
  if (!e.fits) {
    return { estimate: { ...head, ...waysOut(e, d, g, room), approximate: true }, gpu: { name: g.name, vram_gib: g.vram, bandwidth_gbs: g.bandwidth } };
  }
  e.decode_ai = B.div(bw);
  // TFLOPS the bandwidth allows at this intensity.
  const roofBw = g.bandwidth.mul(e.decode_ai).div(1000n);
  let ridge = ZERO, bound;
  if (g.tflopsUnknown) {
    e.attainable_tflops = roofBw;
    bound = 'unknown';
  } else {
    // The roof that matches the math, as in the full analysis.
    const peak = d.precision === 'fp8' && g.tflopsFp8.sign() > 0 ? g.tflopsFp8
      : d.precision === 'int8' && g.topsInt8.sign() > 0 ? g.topsInt8
        : g.tflops;
    ridge = peak.mul(1000n).div(g.bandwidth);
    e.ridge = ridge;
    e.ceiling_fraction = Q.min(1n, e.decode_ai.div(ridge));
    e.attainable_tflops = Q.min(peak, roofBw);
    bound = e.decode_ai.lt(ridge) ? 'memory' : 'compute';
  }
  e.bound = bound;
  const ordered = {};
  for (const k of ['params', 'bytes_per_param', 'precision', 'weights_gib', 'pool_fraction', 'pool_of', 'usable_gib_per_gpu', 'gpus_needed', 'gpus', 'fits', 'batch', 'decode_ai']) ordered[k] = e[k];
  if (ridge.sign() > 0) {
    ordered.ridge = e.ridge;
    ordered.ceiling_fraction = e.ceiling_fraction;
  }
  ordered.attainable_tflops = e.attainable_tflops;
  ordered.bound = bound;
  ordered.approximate = true;

  // A compute-bound decode has no lever to rank.
  let levers = [];
  if (bound !== 'compute') {
    const gain = {
      batch: ridge.sign() > 0 ? ridge.div(e.decode_ai) : ZERO,
      weight_precision: bw.div(new Q(1n, 2n)),
      kv_precision: new Q(1n),
      speculative_decoding: new Q(2n),
      tensor_parallel: new Q(2n),
    };
    // Most gain first; ties keep the listed order (a stable sort).
    levers = LEVERS.map((code) => ({ code, gain: gain[code] })).sort((a, b) => b.gain.cmp(a.gain));
  }
  ordered.levers = levers;
  return {
    estimate: ordered,
    gpu: { name: g.name, vram_gib: g.vram, bandwidth_gbs: g.bandwidth },
  };
}
