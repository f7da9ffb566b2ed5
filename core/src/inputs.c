/* Defaults and validation of the GPU and deployment inputs. */
#include "internal.h"

#include <math.h>
#include <string.h>

rl_gpu rl_gpu_default(void) {
    rl_gpu g;
    memset(&g, 0, sizeof g);
    memcpy(g.name, "custom", 7);
    return g;
}

static rl_status check_range(double v, const char *field, const char *unit, double lo, bool lo_open, double hi,
                             rl_error *err) {
    bool ok = lo_open ? v > lo : v >= lo; /* NaN fails both */
    if (!(ok && v <= hi))
        return rl_fail(err, RL_E_RANGE, field, "%s must be a number %s %g and at most %g %s (got %g)", field,
                       lo_open ? "above" : "from", lo, hi, unit, v);
    return RL_OK;
}

/* A GPU figure: from 0.001 (below it the times leave double range) to 1e6. */
#define GPU_MIN 0.001
#define GPU_MAX 1e6

rl_status rl_gpu_validate(const rl_gpu *g, rl_error *err) {
    if (g == NULL) return rl_fail(err, RL_E_NULL, "gpu", "gpu: no GPU was given");
    rl_status st;
    if (!g->tflops_unknown && (st = check_range(g->tflops, "gpu.tflops", "TFLOPS", GPU_MIN, false, GPU_MAX, err)))
        return st;
    if (g->tflops_fp8 != 0 && (st = check_range(g->tflops_fp8, "gpu.tflops_fp8", "TFLOPS (or 0 for none)", GPU_MIN, false, GPU_MAX, err)))
        return st;
    if (g->tops_int8 != 0 && (st = check_range(g->tops_int8, "gpu.tops_int8", "TOPS (or 0 for none)", GPU_MIN, false, GPU_MAX, err)))
        return st;
    if ((st = check_range(g->bandwidth_gbs, "gpu.bandwidth_gbs", "GB/s", GPU_MIN, false, GPU_MAX, err))) return st;
    if (g->unified && (st = check_range(g->ram_gib, "gpu.ram_gib", "GiB", GPU_MIN, false, GPU_MAX, err))) return st;
    return check_range(g->vram_gib, "gpu.vram_gib", "GiB", GPU_MIN, false, GPU_MAX, err);
}

rl_deploy rl_deploy_default(void) {
    rl_deploy d;
    memset(&d, 0, sizeof d);
    d.precision = RL_PREC_AUTO;
    d.kv_precision = RL_PREC_AUTO;
    d.seq = 4096;
    d.batch = 1;
    d.tp = 1;
    d.pp = 1;
    d.moe_read = RL_MOE_UNION;
    d.context_reserve_gib = 0.6;
    d.nccl_gib_per_peer = 0.35;
    d.weight_overhead = 0.02;
    d.pool_fraction = 0.90;
    d.prefill_chunk = 2048;
    d.launch_ms = 35.0;
    return d;
}

rl_status rl_deploy_validate(const rl_deploy *d, rl_error *err) {
    if (d == NULL) return rl_fail(err, RL_E_NULL, "deploy", "deploy: no deployment was given");
    rl_status st;
    if ((unsigned)d->precision >= RL_PREC_COUNT_)
        return rl_fail(err, RL_E_UNKNOWN_NAME, "precision",
                       "precision must be one of auto, fp32, fp16, bf16, fp8, int8, int4");
    if ((unsigned)d->kv_precision >= RL_PREC_COUNT_)
        return rl_fail(err, RL_E_UNKNOWN_NAME, "kv_precision",
                       "kv_precision must be one of auto, fp32, fp16, bf16, fp8, int8, int4");
    if (d->moe_read != RL_MOE_UNION && d->moe_read != RL_MOE_DISTINCT)
        return rl_fail(err, RL_E_UNKNOWN_NAME, "moe_read", "moe_read must be union or distinct");
    if ((st = rl_check_int(d->seq, "seq", 1, RL_MAX_SEQ, err))) return st;
    if ((st = rl_check_int(d->batch, "batch", 1, RL_MAX_BATCH, err))) return st;
    if ((st = rl_check_int(d->tp, "tp", 1, RL_MAX_PARALLEL, err))) return st;
    if ((st = rl_check_int(d->pp, "pp", 1, RL_MAX_PARALLEL, err))) return st;
    /* 0 means paging is off; anything else must be a real block size. */
    if (d->kv_block != 0 && (st = rl_check_int(d->kv_block, "kv_block", 1, RL_MAX_SEQ, err))) return st;
    if (d->micro_batches != 0) {
        if (d->pp <= 1)
            return rl_fail(err, RL_E_MICROBATCH, "micro_batch",
                           "micro_batch needs pipeline parallelism: set pp to 2 or more, or drop micro_batch");
        if (d->micro_batches < 1 || d->micro_batches > d->batch)
            return rl_fail(err, RL_E_MICROBATCH, "micro_batch",
                           "micro_batch must be an integer from 1 to the batch (%lld) (got %lld)",
                           (long long)d->batch, (long long)d->micro_batches);
    }
    if ((st = check_range(d->context_reserve_gib, "context_reserve_gib", "GiB", 0, false, 64, err))) return st;
    if ((st = check_range(d->nccl_gib_per_peer, "nccl_gib_per_peer", "GiB", 0, false, 64, err))) return st;
    if ((st = check_range(d->weight_overhead, "weight_overhead", "(a fraction)", 0, false, 1, err))) return st;
    if ((st = check_range(d->pool_fraction, "pool_fraction", "(a fraction)", 0.05, false, 1, err))) return st;
    if ((st = rl_check_int(d->prefill_chunk, "prefill_chunk", 1, RL_MAX_SEQ, err))) return st;
    return check_range(d->launch_ms, "launch_ms", "ms", 0, false, 1e6, err);
}
