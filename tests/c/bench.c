/* `npm run bench`, native half: full analyses per second on one core.
 *
 * native_analyses_per_s is the mixed cycle, the figure docs/trust.md's table
 * quotes and the one the wasm bench (rlw_bench) runs too: qwen3-4b on an
 * a100-40g at batch 1, 2, ..., 64, which fits up to batch 49, is tight up to 57
 * and refused past it, so a tight or refused analysis (with its search for
 * ways out) is one in eight. The fitting cycle (batch 1..49) and an MoE cycle
 * (mixtral-8x7b on an h200-sxm, which holds it at every batch of the cycle: the
 * MoE paths of a fit, not only a refusal) are printed beside it. Each figure is
 * the best of three runs, timed by this thread's CPU clock: on a shared machine
 * the wall clock also counts the time other processes held the core, while the
 * CPU clock counts only the time the analyses ran (the neighbours' cache and
 * frequency effects remain, so a loaded machine still reads a little low). */
#define _POSIX_C_SOURCE 200809L
#include "roofline.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

typedef struct tally {
    unsigned fits, tight, refused;
} tally;

/* Analyses per second over `iterations` analyses at batch 1..cycle, best of 3. */
static double run(const char *model, const char *gpu, unsigned cycle, unsigned iterations, tally *t) {
    rl_model m;
    rl_gpu g;
    rl_result r;
    rl_error err;
    if (rl_model_preset(model, &m, &err) != RL_OK || rl_gpu_preset(gpu, 0, &g, &err) != RL_OK) {
        fprintf(stderr, "bench: %s\n", err.message);
        exit(1);
    }
    rl_deploy d = rl_deploy_default();
    double best = 0.0;
    for (int rep = 0; rep < 3; rep++) {
        tally k = {0, 0, 0};
        double t0 = now();
        for (unsigned i = 0; i < iterations; i++) {
            d.batch = 1 + (int64_t)(i % cycle);
            if (rl_analyze(&m, &g, &d, &r, NULL) != RL_OK) continue;
            if (r.verdict == RL_FITS) k.fits++;
            else if (r.verdict == RL_TIGHT) k.tight++;
            else k.refused++;
        }
        double rate = (double)iterations / (now() - t0);
        if (rate > best) best = rate;
        *t = k;
    }
    return best;
}

int main(void) {
    unsigned n = 2000000;
    tally mixed, fitting, moe;
    double mixed_rate = run("qwen3-4b", "a100-40g", 64, n, &mixed);
    double fitting_rate = run("qwen3-4b", "a100-40g", 49, n, &fitting);
    double moe_rate = run("mixtral-8x7b", "h200-sxm", 64, n, &moe);
    printf("native_analyses_per_s %.0f\n", mixed_rate);
    printf("native_analyses_per_s_fitting %.0f\n", fitting_rate);
    printf("native_analyses_per_s_moe %.0f\n", moe_rate);
    printf("(per second of this thread's CPU time, best of 3 runs of %u analyses each; mixed cycle per run: %u fit, %u tight, %u refused; "
           "fitting: %u fit, %u tight; MoE: %u fit, %u tight, %u refused)\n",
           n, mixed.fits, mixed.tight, mixed.refused, fitting.fits, fitting.tight, moe.fits, moe.tight, moe.refused);
    return 0;
}
