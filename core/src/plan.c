/* The SLA planner (roofline.h, rl_plan): the cheapest setups that serve a
 * workload within service-level targets. The CLI's --plan prints it, the wasm
 * bridge's rlw_plan gives it to the page: one search.
 *
 * It searches GPU presets × tp {1, 2, 4, 8} (one node) × pp {1..4} (nodes) ×
 * weight precision (auto and the engine's own 8-bit and 4-bit formats) × batch, keeps the setups that fit (not tight, unless
 * allow_tight) and meet max_ttft_ms and min_tokens_per_s_user, and ranks
 * them by $ per million output tokens, buying and renting apart.
 *
 * Every figure is a plain run of that setup's request through rl_run_request
 * (the model preset read once for all the setups, a GPU's prices once for all
 * of its setups, rl_run_memo: both depend on their ids alone), so a candidate
 * is exactly what an analysis says of it alone. The batch is not sampled: for
 * a setup the cost per token falls as the batch grows (the
 * weights are read once per step for the whole batch) while the per-user speed
 * falls and the memory fills, so the best batch is the largest one that fits
 * and meets the speed target, and both tests only turn false as the batch
 * grows, and no larger than the requests the traffic keeps in flight. A
 * bisection over 1..max batch finds it, so no batch is skipped.
 * The time to first token does not depend on the batch. Times are the
 * cost's: the engine's expected step and prefill (basis "realistic"), which
 * every fit has; the floor only where an analysis gives no estimate. */
#include "internal.h"
#include "realistic.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const int64_t TP[RL_PLAN_TPS] = {1, 2, 4, 8}, PP[RL_PLAN_PPS] = {1, 2, 3, 4};

/* One setup's parallel layout. The TP-only setups leave ep, dp_attention and nodes at 1 and their
 * keys out of the request, so their requests are those of a search without scale-out. */
typedef struct plan_setup {
    int64_t tp, pp, ep, dp, nodes;
} plan_setup;

/* The scale-out setups of an MoE model (roofline.h, RL_PLAN_SCALE_SETUPS), pp 1 (the core refuses EP and DP
 * attention with pipeline stages): on one node tp 2, 4, 8 with EP (ep = tp, the only EP size the core takes,
 * docs/scale-out.md), DP attention (D = tp: every GPU its own attention group, DeepSeek's layout) or both;
 * across nodes tp 16 and 32 on 2 and 4 nodes of 8 GPUs (the default scale-out link), TP alone, with EP, with
 * DP attention and with both. 9 + 8 = 17 setups per GPU and precision, against the 16 TP-only ones. */
static const plan_setup SCALE[RL_PLAN_SCALE_SETUPS] = {
    {2, 1, 2, 1, 1},   {2, 1, 1, 2, 1},   {2, 1, 2, 2, 1},   {4, 1, 4, 1, 1},   {4, 1, 1, 4, 1},   {4, 1, 4, 4, 1},
    {8, 1, 8, 1, 1},   {8, 1, 1, 8, 1},   {8, 1, 8, 8, 1},   {16, 1, 1, 1, 2},  {16, 1, 16, 1, 2}, {16, 1, 1, 16, 2},
    {16, 1, 16, 16, 2}, {32, 1, 1, 1, 4}, {32, 1, 32, 1, 4}, {32, 1, 1, 32, 4}, {32, 1, 32, 32, 4}};
#define RL_PLAN_NODE_GPUS 8 /* GPUs per node of the multi-node setups: an HGX board */

const char *rl_plan_option_name(rl_plan_option o) { return o == RL_PLAN_CLOUD ? "cloud" : "buy"; }

typedef struct plan_ctx {
    const char *base;
    size_t base_len;
    const char *config;
    size_t config_len;
    const rl_plan_query *q;
    rl_plan_work *work;
    rl_plan_candidate *out;
    size_t cap;
    rl_plan_summary *s;
} plan_ctx;

/* One setup's run: the base request (workload, model, prices) plus the setup. */
static const rl_run *run_setup_pools(plan_ctx *c, const char *gpu, const plan_setup *u, const char *precision,
                                     int64_t batch, const int64_t *pools);
static const rl_run *run_setup(plan_ctx *c, const char *gpu, const plan_setup *u, const char *precision,
                               int64_t batch) {
    return run_setup_pools(c, gpu, u, precision, batch, NULL);
}

/* pools: NULL, or a disaggregated setup's prefill_instances, prefill_tp, decode_instances. */
static const rl_run *run_setup_pools(plan_ctx *c, const char *gpu, const plan_setup *u, const char *precision,
                                     int64_t batch, const int64_t *pools) {
    char *request = c->work->request;
    size_t n = c->base_len, cap = sizeof c->work->request;
    int len = snprintf(request, cap, "%.*s%s\"gpu\":\"%s\",\"tp\":%lld,\"pp\":%lld,\"precision\":\"%s\",\"batch\":%lld",
                       (int)(n - 1), c->base, n > 2 ? "," : "", gpu, (long long)u->tp, (long long)u->pp, precision,
                       (long long)batch);
    if (len >= 0 && u->ep > 1 && (size_t)len < cap)
        len += snprintf(request + len, cap - (size_t)len, ",\"ep\":%lld", (long long)u->ep);
    if (len >= 0 && u->dp > 1 && (size_t)len < cap)
        len += snprintf(request + len, cap - (size_t)len, ",\"dp_attention\":%lld", (long long)u->dp);
    if (len >= 0 && u->nodes > 1 && (size_t)len < cap)
        len += snprintf(request + len, cap - (size_t)len, ",\"nodes\":%lld,\"gpus_per_node\":%d", (long long)u->nodes,
                        RL_PLAN_NODE_GPUS);
    if (len >= 0 && pools != NULL && (size_t)len < cap)
        len += snprintf(request + len, cap - (size_t)len, ",\"prefill_instances\":%lld,\"prefill_tp\":%lld,\"decode_instances\":%lld",
                        (long long)pools[0], (long long)pools[1], (long long)pools[2]);
    if (len >= 0 && (size_t)len < cap) len += snprintf(request + len, cap - (size_t)len, "}");
    if (len < 0 || (size_t)len >= cap) return NULL;
    rl_run_request_memo(request, (size_t)len, c->config, c->config_len, &c->work->memo, &c->work->run);
    return &c->work->run;
}

/* The prefill of one request's input tokens (the cost's) plus the fixed start:
 * the engine's TTFT overhead on the realistic basis, the launch on the floor. */
static double ttft_of(const rl_run *r) {
    const rl_realistic *x = &r->result.realistic;
    if (r->cost.realistic && r->result.has_realistic && x->has_prefill) return x->ttft_ms - x->prefill_ms + r->cost.prefill_ms;
    return r->deploy.launch_ms + r->cost.prefill_ms;
}
/* One request's speed under the plan's traffic: its steps with the other requests' prefills between them. */
static double speed_of(const rl_run *r) { return r->cost.tokens_per_s_user; }

/* The requests the traffic keeps in flight (Little's law: arrivals per second
 * × seconds per request). The cost assumes full batches, so a batch larger
 * than the traffic can fill would be a cost no deployment sees. */
static double in_flight(const rl_run *r) {
    double seconds = (r->cost.prefill_ms + (double)r->workload.output_tokens * r->cost.loaded_step_ms) / 1000.0;
    return (double)r->workload.requests_per_day / 86400.0 * seconds;
}

/* Fits (not tight unless allowed) and has a cost. What the search chose is what the engine runs: auto
 * is left out where it keeps a format the engine lacks, and with every GPU preset searched, a GPU the
 * engine has no backend for (Apple's under vLLM); a precision or GPU the query names is kept. */
static int usable(const rl_run *r, const rl_plan_query *q) {
    if (r == NULL || r->status != RL_OK || r->is_estimate || !r->result.fits || !r->cost.present) return 0;
    if (q->precision == NULL && (r->result.warnings & RL_WARN_ENGINE_LACKS_WEIGHT_FORMAT)) return 0;
    if ((q->gpus == NULL || q->gpu_count == 0) && (r->result.warnings & RL_WARN_ENGINE_NOT_ON_GPU)) return 0;
    return r->result.verdict != RL_TIGHT || q->allow_tight;
}

/* Usable, meets the per-user speed, and the traffic fills the batch. Each test
 * only turns false as the batch grows: memory fills, the loaded step lengthens
 * (the step, and the others' prefills between steps), and B / (seconds per
 * request, output x step + B x prefill) grows since a step's time grows slower
 * than its batch (the weights are read once). */
static int good(const rl_run *r, const rl_plan_query *q) {
    if (!usable(r, q)) return 0;
    if (r->deploy.batch > 1 && (double)r->deploy.batch > in_flight(r)) return 0;
    return q->min_tokens_per_s_user <= 0 || speed_of(r) >= q->min_tokens_per_s_user;
}

/* What a candidate takes from its run alone, colocated or disaggregated: the GPU, the layout (1 for a level that is
 * off), the precisions, the batch, the speed under the traffic, the price, and the pools (0: colocated). */
static void fill_candidate(rl_plan_candidate *k, const rl_run *r, rl_plan_option option, double monthly, double per_mtok) {
    memset(k, 0, sizeof *k);
    snprintf(k->gpu, sizeof k->gpu, "%s", r->gpu.name);
    k->tp = r->deploy.tp;
    k->pp = r->deploy.pp;
    k->ep = r->deploy.ep > 1 ? r->deploy.ep : 1;
    k->dp_attention = r->deploy.dp_attention > 1 ? r->deploy.dp_attention : 1;
    k->nodes = r->deploy.nodes > 1 ? r->deploy.nodes : 1;
    k->batch = r->deploy.batch;
    snprintf(k->precision, sizeof k->precision, "%s", rl_precision_name(r->result.weight_precision));
    snprintf(k->kv_precision, sizeof k->kv_precision, "%s", rl_precision_name(r->result.kv_precision));
    k->tokens_per_s_user = speed_of(r);
    k->monthly_usd = monthly;
    k->usd_per_mtok_out = per_mtok;
    k->option = option;
    if (r->deploy.prefill_instances > 0) {
        k->prefill_instances = r->deploy.prefill_instances;
        k->prefill_tp = r->result.disagg.prefill_tp;
        k->decode_instances = r->deploy.decode_instances;
    }
    k->prefill_timed = !r->gpu.tflops_unknown;
}

static void keep(plan_ctx *c, const rl_run *r, rl_plan_option option, double monthly, double per_mtok) {
    size_t i = c->s->found++;
    if (i >= c->cap) return;
    rl_plan_candidate *k = &c->out[c->s->count++];
    fill_candidate(k, r, option, monthly, per_mtok);
    k->gpus = k->tp * k->pp;
    k->ttft_ms = ttft_of(r);
    k->tokens_per_s_gpu = (double)k->batch * k->tokens_per_s_user / (double)k->gpus;
    k->order = (uint32_t)i;
    if (!r->cost.realistic) c->s->floor_basis = 1;
}

static void search_setup(plan_ctx *c, const char *gpu, const plan_setup *u, const char *precision) {
    const rl_plan_query *q = c->q;
    c->s->searched++;
    if (u->ep > 1 || u->dp > 1 || u->nodes > 1) c->s->scale_out_searched++;
    const rl_run *r = run_setup(c, gpu, u, precision, 1);
    if (!usable(r, q)) return;
    c->s->fit++;
    double ttft = ttft_of(r);
    if (!r->gpu.tflops_unknown && (c->s->best_ttft_ms == 0 || ttft < c->s->best_ttft_ms)) c->s->best_ttft_ms = ttft;
    if (q->max_ttft_ms > 0 && (r->gpu.tflops_unknown || ttft > q->max_ttft_ms)) return; /* no TTFT without TFLOPS */
    c->s->met_ttft++;
    if (speed_of(r) > c->s->best_tokens_per_s_user) c->s->best_tokens_per_s_user = speed_of(r);
    if (!good(r, q)) return;
    /* Up to the batch the engine runs: what its budget holds. A larger one would wait in its queue (vLLM admits
     * a request only when its KV blocks are free), at the smaller batch's speed and cost under the larger
     * label. Only a setup whose budget holds no request at all (tight at batch 1, which allow_tight lets in)
     * goes up to the floor's max batch, on the floor's basis. */
    int64_t lo = 1, hi = r->result.max_batch_realistic >= 1 ? r->result.max_batch_realistic : r->result.max_batch;
    if (hi > RL_MAX_BATCH) hi = RL_MAX_BATCH;
    /* The largest batch that is still good. Only the batch changes from here on:
     * the setup's request, model, GPU and prices stay as read (rl_run_set_batch). */
    rl_run *w = &c->work->run;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo + 1) / 2;
        rl_run_set_batch(w, mid, &c->work->memo);
        if (good(w, q)) lo = mid;
        else hi = mid - 1;
    }
    rl_run_set_batch(w, lo, &c->work->memo);
    r = w;
    if (!good(r, q)) return;
    if (r->cost.has_buy) keep(c, r, RL_PLAN_BUY, r->cost.buy_monthly_usd, r->cost.buy_usd_per_mtok_out);
    if (r->cost.has_cloud) keep(c, r, RL_PLAN_CLOUD, r->cost.cloud_monthly_usd, r->cost.cloud_usd_per_mtok_out);
}

/* ---- disaggregated setups (RL_PLAN_DISAGG_*; docs/scale-out.md, "The planner") ---- */

static const int64_t PREFILL_TP[RL_PLAN_DISAGG_PREFILL_TPS] = {1, 2, 4, 8};

/* A disaggregated run's figures on its cost's basis: the prefill pool's seconds per prompt and a decode
 * instance's seconds of its batch per request (the balance's, disaggregation.c). */
static void pool_seconds(const rl_run *r, double *prefill_s, double *decode_s) {
    const struct rl_disagg *x = &r->result.disagg;
    int k = r->cost.realistic;
    double step = k ? r->result.realistic.step_ms : r->result.step_ms;
    double batch = (double)(k ? r->result.realistic.batch : r->deploy.batch);
    *prefill_s = (k ? x->real_prefill_ms : x->prefill_ms) / 1000.0;
    *decode_s = (double)r->workload.output_tokens * step / 1000.0 / batch;
}

/* A disaggregated run that qualifies: fits both pools, has a cost, meets both targets. */
static int disagg_good(const rl_run *r, const rl_plan_query *q, double *ttft) {
    if (!usable(r, q) || !r->result.disagg.has_balance) return 0;
    const struct rl_disagg *x = &r->result.disagg;
    *ttft = r->cost.realistic && x->has_realistic ? x->real_ttft_ms : x->ttft_ms;
    if (q->max_ttft_ms > 0 && (r->gpu.tflops_unknown || *ttft > q->max_ttft_ms)) return 0;
    return q->min_tokens_per_s_user <= 0 || speed_of(r) >= q->min_tokens_per_s_user;
}

static void keep_disagg(plan_ctx *c, const rl_run *r, double ttft, rl_plan_option option, double monthly, double per_mtok) {
    rl_plan_summary *s = c->s;
    if (s->has_disagg[option] && !(per_mtok < s->disagg[option].usd_per_mtok_out)) return;
    rl_plan_candidate *k = &s->disagg[option];
    fill_candidate(k, r, option, monthly, per_mtok);
    k->gpus = r->cost.gpus; /* both pools' */
    k->ttft_ms = ttft;
    k->tokens_per_s_gpu = r->cost.sustained_requests_per_s * (double)r->workload.output_tokens / (double)k->gpus;
    s->has_disagg[option] = 1;
}

/* Qualifies (disagg_good) and the traffic fills its decode batch: the requests the decode pool keeps in flight,
 * arrivals x their seconds of decoding (Little's law), are at least the batch. Both only turn false as the batch
 * grows (the step grows slower than the batch). */
static int split_good(const rl_run *r, const rl_plan_query *q, double *ttft) {
    if (!disagg_good(r, q, ttft)) return 0;
    double prefill_s, decode_s, rate = (double)r->workload.requests_per_day / 86400.0;
    pool_seconds(r, &prefill_s, &decode_s);
    return r->deploy.batch == 1 || rate * decode_s * (double)r->deploy.batch >= (double)r->deploy.batch;
}

/* One decode layout (a colocated candidate's) with a prefill pool of P GPUs, one instance each: its best batch,
 * bisected as the colocated search does (the decode pool's speed is 1000 / its step, no prefill between steps);
 * then the counts that pay for the fewest GPUs per sustained request, with no more decode instances than the
 * traffic fills; that setup's own run is the candidate. */
static void search_split(plan_ctx *c, const rl_plan_candidate *d, int64_t P) {
    plan_setup u = {d->tp, d->pp, d->ep, d->dp_attention, d->nodes};
    int64_t pools[3] = {1, P, 1};
    c->s->disagg_searched++;
    const rl_run *r = run_setup_pools(c, d->gpu, &u, d->precision, 1, pools);
    double ttft;
    if (r == NULL || !split_good(r, c->q, &ttft)) return;
    int64_t lo = 1, hi = r->result.max_batch_realistic >= 1 ? r->result.max_batch_realistic : r->result.max_batch;
    if (hi > RL_MAX_BATCH) hi = RL_MAX_BATCH;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo + 1) / 2;
        r = run_setup_pools(c, d->gpu, &u, d->precision, mid, pools);
        if (r != NULL && split_good(r, c->q, &ttft)) lo = mid;
        else hi = mid - 1;
    }
    r = run_setup_pools(c, d->gpu, &u, d->precision, lo, pools);
    if (r == NULL || !split_good(r, c->q, &ttft)) return;
    double prefill_s, decode_s;
    pool_seconds(r, &prefill_s, &decode_s);
    double G = (double)(d->tp * d->pp), rate = (double)r->workload.requests_per_day / 86400.0;
    int64_t max_d = (int64_t)floor(rate * decode_s);
    if (max_d < 1) max_d = 1;
    if (max_d > RL_PLAN_DISAGG_MAX_DECODE) max_d = RL_PLAN_DISAGG_MAX_DECODE;
    double best = 0;
    for (int64_t di = 1; di <= max_d; di++)
        for (int64_t pi = 1; pi <= RL_PLAN_DISAGG_MAX_PREFILL; pi++) {
            double sustained = fmin((double)pi / prefill_s, (double)di / decode_s);
            double per = ((double)pi * (double)P + (double)di * G) / sustained;
            if (best == 0 || per < best) {
                best = per;
                pools[0] = pi;
                pools[2] = di;
            }
        }
    if (pools[0] != 1 || pools[2] != 1) {
        r = run_setup_pools(c, d->gpu, &u, d->precision, lo, pools);
        if (r == NULL || !disagg_good(r, c->q, &ttft)) return;
    }
    if (r->cost.has_buy) keep_disagg(c, r, ttft, RL_PLAN_BUY, r->cost.buy_monthly_usd, r->cost.buy_usd_per_mtok_out);
    if (r->cost.has_cloud) keep_disagg(c, r, ttft, RL_PLAN_CLOUD, r->cost.cloud_monthly_usd, r->cost.cloud_usd_per_mtok_out);
}

static int same_layout(const rl_plan_candidate *a, const rl_plan_candidate *b) {
    return strcmp(a->gpu, b->gpu) == 0 && a->tp == b->tp && a->pp == b->pp && a->ep == b->ep &&
           a->dp_attention == b->dp_attention && a->nodes == b->nodes && strcmp(a->precision, b->precision) == 0;
}

/* The decode layouts of the cheapest distinct colocated candidates (sorted) on a GPU with a sourced TFLOPS figure
 * (without one a pool has no prefill time, so no balance and no cost), each with every prefill tp. */
static void search_disagg(plan_ctx *c) {
    size_t layouts[RL_PLAN_DISAGG_DECODE], n = 0;
    for (size_t i = 0; i < c->s->count && n < RL_PLAN_DISAGG_DECODE; i++) {
        int again = 0;
        for (size_t k = 0; k < n && !again; k++) again = same_layout(&c->out[layouts[k]], &c->out[i]);
        rl_gpu g;
        if (again || rl_gpu_preset(c->out[i].gpu, 0, &g, NULL) != RL_OK || g.tflops_unknown) continue;
        layouts[n++] = i;
    }
    for (size_t k = 0; k < n; k++) {
        rl_plan_candidate d = c->out[layouts[k]]; /* a copy: the runs reuse the work area, not the output */
        for (size_t p = 0; p < RL_PLAN_DISAGG_PREFILL_TPS; p++) search_split(c, &d, PREFILL_TP[p]);
    }
}

static int by_cost(const void *a, const void *b) {
    const rl_plan_candidate *x = a, *y = b;
    if (x->usd_per_mtok_out != y->usd_per_mtok_out) return x->usd_per_mtok_out < y->usd_per_mtok_out ? -1 : 1;
    if (x->tokens_per_s_user != y->tokens_per_s_user) return x->tokens_per_s_user > y->tokens_per_s_user ? -1 : 1;
    int g = strcmp(x->gpu, y->gpu);
    if (g != 0) return g;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* Heapsort by by_cost: in place, no allocation, and (by_cost being a total
 * order, the search order last) the same order as any other sort, in a few
 * bytes of wasm where qsort would bring libc's. */
static void sift(rl_plan_candidate *a, size_t root, size_t n) {
    for (size_t child; (child = 2 * root + 1) < n; root = child) {
        if (child + 1 < n && by_cost(&a[child], &a[child + 1]) < 0) child++;
        if (by_cost(&a[root], &a[child]) >= 0) return;
        rl_plan_candidate t = a[root];
        a[root] = a[child];
        a[child] = t;
    }
}

static void sort_candidates(rl_plan_candidate *a, size_t n) {
    for (size_t i = n / 2; i-- > 0;) sift(a, i, n);
    for (size_t end = n; end-- > 1;) {
        rl_plan_candidate t = a[0];
        a[0] = a[end];
        a[end] = t;
        sift(a, 0, end);
    }
}

rl_status rl_plan(const char *base_request, size_t len, const char *config_text, size_t config_len,
                  const rl_plan_query *q, rl_plan_work *work, rl_plan_candidate *out, size_t cap,
                  rl_plan_summary *summary, rl_error *err) {
    rl_clear_error(err);
    if (base_request == NULL || q == NULL || work == NULL || summary == NULL || (out == NULL && cap > 0))
        return rl_fail(err, RL_E_NULL, "plan", "plan: a required argument is NULL");
    memset(summary, 0, sizeof *summary);
    if (!(q->max_ttft_ms >= 0 && isfinite(q->max_ttft_ms)))
        return rl_fail(err, RL_E_RANGE, "max_ttft_ms", "max_ttft_ms: targets must be positive numbers");
    if (!(q->min_tokens_per_s_user >= 0 && isfinite(q->min_tokens_per_s_user)))
        return rl_fail(err, RL_E_RANGE, "min_tokens_per_s_user", "min_tokens_per_s_user: targets must be positive numbers");
    if (len < 2 || len + 200 >= sizeof work->request) return rl_fail(err, RL_E_TOO_LARGE, "plan", "the request is too long");
    if (base_request[0] != '{' || base_request[len - 1] != '}')
        return rl_fail(err, RL_E_JSON_SYNTAX, "plan", "plan: the base request must be one JSON object, '{' to '}'");

    const char *gpus[RL_PLAN_MAX_GPUS];
    size_t gpu_count = 0;
    if (q->gpus != NULL && q->gpu_count > 0) {
        for (size_t i = 0; i < q->gpu_count && gpu_count < RL_PLAN_MAX_GPUS; i++) gpus[gpu_count++] = q->gpus[i];
    } else {
        for (size_t i = 0; i < rl_preset_count(RL_PRESET_GPU) && gpu_count < RL_PLAN_MAX_GPUS; i++)
            gpus[gpu_count++] = rl_preset_id(RL_PRESET_GPU, i);
    }
    if (gpu_count == 0) return rl_fail(err, RL_E_NULL, "gpu", "gpu: no GPU to search");
    plan_ctx c = {base_request, len, config_text, config_len, q, work, out, cap, summary};
    /* The caller's memory: nothing read yet. */
    work->memo.model_id[0] = work->memo.price_gpu[0] = '\0';

    /* A request error that is not about the setup (a bad workload, an unknown
     * model or GPU) is the user's: say it once instead of searching. */
    static const plan_setup one = {1, 1, 1, 1, 1};
    const rl_run *probe = run_setup(&c, gpus[0], &one, q->precision ? q->precision : "auto", 1);
    if (probe == NULL) return rl_fail(err, RL_E_TOO_LARGE, "plan", "the request is too long");
    if (probe->status != RL_OK && probe->status != RL_E_UNSUPPORTED) {
        if (err != NULL) *err = probe->error;
        return probe->status;
    }
    if (probe->status == RL_OK && !probe->is_estimate && probe->workload.requests_per_day <= 0)
        return rl_fail(err, RL_E_USAGE, "requests_per_day",
                       "the plan needs a workload: requests_per_day, input_tokens, output_tokens");

    /* The precisions of each GPU: the query's, else auto and its engine's own 8-bit and 4-bit formats
     * (engines.c); the engine is the request's, or with auto the GPU's usual one. The summary lists
     * every precision searched once, in the order first searched. */
    rl_engine chosen = probe->status == RL_OK ? probe->deploy.engine : RL_ENGINE_VLLM;
    /* An MoE model also gets the scale-out setups (SCALE); a dense one none (the core refuses EP and DP
     * attention on it, and its multi-node tp is left to the TP-only search's pp). */
    int moe = probe->status == RL_OK && !probe->is_estimate && probe->model.experts > 0;
    for (size_t g = 0; g < gpu_count; g++) {
        const rl_engine_preset *engine = rl_engine_preset_of(rl_engine_for(chosen, gpus[g]));
        const char *list[RL_PLAN_PRECISIONS] = {q->precision ? q->precision : "auto"};
        size_t n = q->precision ? 1 : RL_PLAN_PRECISIONS;
        for (size_t k = 1; k < n; k++) list[k] = rl_precision_name(engine->plan_formats[k - 1]);
        for (size_t k = 0; k < n; k++) {
            size_t seen = 0;
            while (seen < summary->precision_count && strcmp(summary->precisions[seen], list[k]) != 0) seen++;
            if (seen == summary->precision_count && seen < RL_PLAN_PRECISION_NAMES) summary->precisions[summary->precision_count++] = list[k];
        }
        for (size_t t = 0; t < RL_PLAN_TPS; t++)
            for (size_t p = 0; p < RL_PLAN_PPS; p++) {
                plan_setup u = {TP[t], PP[p], 1, 1, 1};
                for (size_t k = 0; k < n; k++) search_setup(&c, gpus[g], &u, list[k]);
            }
        for (size_t v = 0; moe && v < RL_PLAN_SCALE_SETUPS; v++)
            for (size_t k = 0; k < n; k++) search_setup(&c, gpus[g], &SCALE[v], list[k]);
    }
    sort_candidates(out, summary->count);
    if (RL_SCALE_OUT) search_disagg(&c);
    return RL_OK;
}

/* Walks the front of one option: each kept candidate is faster per user than
 * every cheaper one. Into `index` (up to cap) and/or as JSON into `list`. */
static size_t front(const rl_plan_candidate *sorted, size_t n, rl_plan_option option, size_t *index, size_t cap,
                    rl_jw *list);

size_t rl_plan_pareto(const rl_plan_candidate *sorted, size_t n, rl_plan_option option, size_t *index, size_t cap) {
    return front(sorted, n, option, index, cap, NULL);
}

static void candidate_json(rl_jw *list, const rl_plan_candidate *c);

static size_t front(const rl_plan_candidate *sorted, size_t n, rl_plan_option option, size_t *index, size_t cap,
                    rl_jw *list) {
    double best = -1.0;
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        const rl_plan_candidate *c = &sorted[i];
        if (c->option != option || !(c->tokens_per_s_user > best)) continue;
        best = c->tokens_per_s_user;
        if (m < cap && index != NULL) index[m] = i;
        if (list != NULL) candidate_json(list, c);
        m++;
    }
    return m;
}

static int scale_out(const rl_plan_candidate *c) { return c->ep > 1 || c->dp_attention > 1 || c->nodes > 1; }

int rl_plan_scale_out_gain(const rl_plan_candidate *sorted, size_t n, rl_plan_option option, rl_plan_gain *g) {
    size_t so = n, tp = n;
    for (size_t i = 0; i < n && (so == n || tp == n); i++) {
        if (sorted[i].option != option) continue;
        if (scale_out(&sorted[i])) {
            if (so == n) so = i;
        } else if (tp == n) {
            tp = i;
        }
    }
    if (so == n || g == NULL) return 0;
    if (tp < n && !(sorted[so].usd_per_mtok_out < sorted[tp].usd_per_mtok_out)) return 0;
    g->scale_out = so;
    g->has_tp_only = tp < n;
    g->tp_only = tp < n ? tp : 0;
    g->tokens_per_s_gpu_x = tp < n ? sorted[so].tokens_per_s_gpu / sorted[tp].tokens_per_s_gpu : 0.0;
    g->usd_per_mtok_x = tp < n ? sorted[tp].usd_per_mtok_out / sorted[so].usd_per_mtok_out : 0.0;
    return 1;
}

int rl_plan_disagg_gain(const rl_plan_summary *s, const rl_plan_candidate *sorted, size_t n, rl_plan_option option,
                        rl_plan_disagg_cmp *g) {
    if (s == NULL || g == NULL || (unsigned)option > RL_PLAN_CLOUD || !s->has_disagg[option]) return 0;
    memset(g, 0, sizeof *g);
    size_t i = 0;
    while (i < n && (sorted[i].option != option || !sorted[i].prefill_timed)) i++;
    const rl_plan_candidate *d = &s->disagg[option];
    g->has_colocated = i < n;
    g->colocated = i < n ? i : 0;
    g->beats = i == n || d->usd_per_mtok_out < sorted[i].usd_per_mtok_out;
    if (i < n) {
        g->tokens_per_s_gpu_x = d->tokens_per_s_gpu / sorted[i].tokens_per_s_gpu;
        g->usd_per_mtok_x = sorted[i].usd_per_mtok_out / d->usd_per_mtok_out;
    }
    return 1;
}

static void candidate_json(rl_jw *list, const rl_plan_candidate *c) {
    rl_jw o;
    rl_jw_object(list, NULL, &o);
    rl_jw_str(&o, "gpu", c->gpu);
    rl_jw_num(&o, "gpus", (double)c->gpus);
    rl_jw_num(&o, "tp", (double)c->tp);
    rl_jw_num(&o, "pp", (double)c->pp);
    rl_jw_num(&o, "ep", (double)c->ep);
    rl_jw_num(&o, "dp_attention", (double)c->dp_attention);
    rl_jw_num(&o, "nodes", (double)c->nodes);
    rl_jw_str(&o, "precision", c->precision);
    rl_jw_str(&o, "kv_precision", c->kv_precision);
    rl_jw_num(&o, "batch", (double)c->batch);
    rl_jw_num(&o, "ttft_ms", c->ttft_ms);
    rl_jw_num(&o, "tokens_per_s_user", c->tokens_per_s_user);
    rl_jw_num(&o, "tokens_per_s_gpu", c->tokens_per_s_gpu);
    rl_jw_str(&o, "option", rl_plan_option_name(c->option));
    rl_jw_num(&o, "monthly_usd", c->monthly_usd);
    rl_jw_num(&o, "usd_per_mtok_out", c->usd_per_mtok_out);
    if (c->prefill_instances > 0) {
        rl_jw_num(&o, "prefill_instances", (double)c->prefill_instances);
        rl_jw_num(&o, "prefill_tp", (double)c->prefill_tp);
        rl_jw_num(&o, "decode_instances", (double)c->decode_instances);
    }
    rl_jw_end(&o);
}

size_t rl_plan_json(const rl_plan_query *q, const rl_plan_summary *s, const rl_plan_candidate *sorted, size_t top,
                    char *buf, size_t cap) {
    rl_out out;
    rl_out_init(&out, buf, cap);
    rl_jw root, plan, targets, list;
    rl_jw_begin_object(&root, &out);
    rl_jw_object(&root, "plan", &plan);
    rl_jw_str(&plan, "basis", s->floor_basis ? "floor" : "realistic");
    rl_jw_num(&plan, "searched", (double)s->searched);
    rl_jw_num(&plan, "scale_out_searched", (double)s->scale_out_searched);
    rl_jw_num(&plan, "fit", (double)s->fit);
    rl_jw_num(&plan, "met_ttft", (double)s->met_ttft);
    rl_jw_num(&plan, "best_ttft_ms", s->best_ttft_ms);
    rl_jw_num(&plan, "best_tokens_per_s_user", s->best_tokens_per_s_user);
    rl_jw_array(&plan, "precisions", &list);
    for (size_t k = 0; k < s->precision_count && k < RL_PLAN_PRECISION_NAMES; k++) rl_jw_str(&list, NULL, s->precisions[k]);
    rl_jw_end(&list);
    rl_jw_object(&plan, "targets", &targets);
    rl_jw_num(&targets, "max_ttft_ms", q->max_ttft_ms);
    rl_jw_num(&targets, "min_tokens_per_s_user", q->min_tokens_per_s_user);
    rl_jw_end(&targets);
    rl_jw_array(&plan, "candidates", &list);
    for (int option = RL_PLAN_BUY; option <= RL_PLAN_CLOUD; option++) {
        size_t shown = 0;
        for (size_t i = 0; i < s->count && shown < top; i++)
            if (sorted[i].option == (rl_plan_option)option) {
                candidate_json(&list, &sorted[i]);
                shown++;
            }
    }
    rl_jw_end(&list);
    rl_jw_array(&plan, "pareto", &list);
    front(sorted, s->count, RL_PLAN_BUY, NULL, 0, &list);
    front(sorted, s->count, RL_PLAN_CLOUD, NULL, 0, &list);
    rl_jw_end(&list);
    rl_jw_array(&plan, "scale_out", &list);
    for (int option = RL_PLAN_BUY; option <= RL_PLAN_CLOUD; option++) {
        rl_plan_gain g;
        if (!rl_plan_scale_out_gain(sorted, s->count, (rl_plan_option)option, &g)) continue;
        rl_jw o, setup;
        rl_jw_object(&list, NULL, &o);
        rl_jw_str(&o, "option", rl_plan_option_name((rl_plan_option)option));
        rl_jw_array(&o, "setups", &setup); /* the scale-out one, then the TP-only one when there is one */
        candidate_json(&setup, &sorted[g.scale_out]);
        if (g.has_tp_only) candidate_json(&setup, &sorted[g.tp_only]);
        rl_jw_end(&setup);
        rl_jw_num(&o, "tokens_per_s_gpu_x", g.tokens_per_s_gpu_x);
        rl_jw_num(&o, "usd_per_mtok_x", g.usd_per_mtok_x);
        rl_jw_end(&o);
    }
    rl_jw_end(&list);
    /* The cheapest disaggregated setup of each option against the cheapest colocated one. */
    rl_jw_num(&plan, "disaggregated_searched", (double)s->disagg_searched);
    rl_jw_array(&plan, "disaggregated", &list);
    for (int option = RL_PLAN_BUY; option <= RL_PLAN_CLOUD; option++) {
        rl_plan_disagg_cmp g;
        if (!rl_plan_disagg_gain(s, sorted, s->count, (rl_plan_option)option, &g)) continue;
        rl_jw o, setup;
        rl_jw_object(&list, NULL, &o);
        rl_jw_str(&o, "option", rl_plan_option_name((rl_plan_option)option));
        rl_jw_array(&o, "setups", &setup); /* the disaggregated one, then the colocated one when there is one */
        candidate_json(&setup, &s->disagg[option]);
        if (g.has_colocated) candidate_json(&setup, &sorted[g.colocated]);
        rl_jw_end(&setup);
        rl_jw_bool(&o, "beats", g.beats);
        if (g.has_colocated) {
            rl_jw_num(&o, "tokens_per_s_gpu_x", g.tokens_per_s_gpu_x);
            rl_jw_num(&o, "usd_per_mtok_x", g.usd_per_mtok_x);
        }
        if (!g.beats) rl_jw_str(&o, "why", "no_gpu_time_saved");
        rl_jw_end(&o);
    }
    rl_jw_end(&list);
    rl_jw_end(&plan);
    rl_jw_end(&root);
    return out.len;
}

size_t rl_plan_run_json(const char *base_request, size_t len, const char *config_text, size_t config_len,
                        const rl_plan_query *q, size_t top, rl_plan_work *work, rl_plan_candidate *out, size_t cap,
                        char *buf, size_t buf_cap, rl_status *status) {
    rl_plan_summary s;
    rl_error err;
    rl_status st = rl_plan(base_request, len, config_text, config_len, q, work, out, cap, &s, &err);
    if (status != NULL) *status = st;
    if (st != RL_OK) return rl_error_json(&err, buf, buf_cap);
    return rl_plan_json(q, &s, out, top, buf, buf_cap);
}
