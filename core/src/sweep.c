/* The batch sweep behind the page's charts: batch 1 to the max batch that fits. */
#include "internal.h"

#include <math.h>

static void insert_sorted(int64_t *v, size_t *n, size_t cap, int64_t x) {
    size_t i = 0;
    while (i < *n && v[i] < x) i++;
    if ((i < *n && v[i] == x) || *n == cap) return;
    for (size_t k = *n; k > i; k--) v[k] = v[k - 1];
    v[i] = x;
    (*n)++;
}

size_t rl_sweep(const rl_model *m, const rl_gpu *g, const rl_deploy *d, rl_sweep_point *points, size_t cap) {
    rl_result r;
    if (points == NULL || cap == 0 || d == NULL) return 0;
    rl_deploy t = *d;
    t.batch = 1;
    if (t.micro_batches > 1) t.micro_batches = 1;
    if (rl_analyze(m, g, &t, &r, NULL) != RL_OK || !r.fits) return 0;
    int64_t max_b = r.max_batch < RL_MAX_BATCH ? r.max_batch : RL_MAX_BATCH;

    enum { MAX_POINTS = 256 };
    int64_t batches[MAX_POINTS];
    size_t n = 0, want = cap < MAX_POINTS ? cap : MAX_POINTS;
    insert_sorted(batches, &n, want, 1);
    insert_sorted(batches, &n, want, max_b);
    if (d->batch <= max_b) insert_sorted(batches, &n, want, d->batch);
    /* Geometric spacing: the interesting change happens at small batches. */
    if (want > n && max_b > 1) {
        size_t steps = want - n;
        double lmax = log((double)max_b);
        for (size_t i = 1; i <= steps && n < want; i++) {
            int64_t b = (int64_t)llround(exp(lmax * (double)i / (double)(steps + 1)));
            if (b >= 1 && b <= max_b) insert_sorted(batches, &n, want, b);
        }
    }
    size_t out = 0;
    for (size_t i = 0; i < n; i++) {
        t.batch = batches[i];
        t.micro_batches = d->micro_batches > batches[i] ? batches[i] : d->micro_batches;
        if (rl_analyze(m, g, &t, &r, NULL) != RL_OK || !r.fits) continue;
        points[out].batch = batches[i];
        points[out].ai = r.ai;
        points[out].ms_per_token = r.ms_per_token;
        points[out].tokens_per_s = r.tokens_per_s;
        points[out].step_ms = r.step_ms;
        points[out].tight = r.verdict == RL_TIGHT;
        /* The expected curve beside the floor's: the same engine estimate as the analysis. */
        points[out].realistic_step_ms = r.has_realistic ? r.realistic.step_ms : 0.0;
        points[out].realistic_tokens_per_s = r.has_realistic ? r.realistic.tokens_per_s : 0.0;
        points[out].realistic_batch = r.has_realistic ? r.realistic.batch : 0;
        out++;
    }
    return out;
}

size_t rl_sweep_json(const rl_sweep_point *points, size_t n, char *buf, size_t cap) {
    rl_out o;
    rl_out_init(&o, buf, cap);
    rl_jw top, list, p;
    rl_jw_begin_object(&top, &o);
    rl_jw_array(&top, "points", &list);
    for (size_t i = 0; points != NULL && i < n; i++) {
        rl_jw_object(&list, NULL, &p);
        rl_jw_num(&p, "batch", (double)points[i].batch);
        rl_jw_num(&p, "ai", points[i].ai);
        rl_jw_num(&p, "ms_per_token", points[i].ms_per_token);
        rl_jw_num(&p, "tokens_per_s", points[i].tokens_per_s);
        rl_jw_num(&p, "step_ms", points[i].step_ms);
        rl_jw_bool(&p, "tight", points[i].tight);
        if (points[i].realistic_step_ms > 0) {
            rl_jw_num(&p, "realistic_step_ms", points[i].realistic_step_ms);
            rl_jw_num(&p, "realistic_tokens_per_s", points[i].realistic_tokens_per_s);
            rl_jw_num(&p, "realistic_batch", (double)points[i].realistic_batch);
        }
        rl_jw_end(&p);
    }
    rl_jw_end(&list);
    rl_jw_end(&top);
    return o.len;
}
