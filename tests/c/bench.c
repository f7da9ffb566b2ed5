/* `npm run bench`, native half: full analyses per second on one core. */
#define _POSIX_C_SOURCE 200809L
#include "roofline.h"

#include <stdio.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double run(const char *model, const char *gpu, unsigned iterations, unsigned *fits) {
    rl_model m;
    rl_gpu g;
    rl_result r;
    rl_model_preset(model, &m, NULL);
    rl_gpu_preset(gpu, 0, &g, NULL);
    rl_deploy d = rl_deploy_default();
    double t0 = now();
    for (unsigned i = 0; i < iterations; i++) {
        d.batch = 1 + (int64_t)(i % 64u); /* same batch cycle as the wasm bench */
        if (rl_analyze(&m, &g, &d, &r, NULL) == RL_OK && r.fits) (*fits)++;
    }
    return (double)iterations / (now() - t0);
}

int main(void) {
    unsigned fits = 0, n = 3000000;
    double dense = run("qwen3-4b", "a100-40g", n, &fits);
    double moe = run("mixtral-8x7b", "h100-sxm", n, &fits);
    printf("native_analyses_per_s %.0f\n", dense);
    printf("native_analyses_per_s_moe %.0f\n", moe);
    printf("(%u of %u fit)\n", fits, 2 * n);
    return 0;
}
