/* The Markdown report (--format md): the verdict, the figures and the roofline
 * chart as inline SVG, in one file to paste into a design doc or a ticket.
 * A refusal carries the reason, the shortfall and the ways out, and no time. */
#include "report_md.h"

#include <math.h>
#include <string.h>

static void row(FILE *out, const char *name, const char *value) { fprintf(out, "| %s | %s |\n", name, value); }

static void row_gib(FILE *out, const char *name, double v) {
    char buf[48];
    snprintf(buf, sizeof buf, fabs(v) < 1.0 && v != 0.0 ? "%.4g GiB" : "%.2f GiB", v);
    row(out, name, buf);
}

static void row_num(FILE *out, const char *name, double v, const char *unit) {
    char buf[64];
    snprintf(buf, sizeof buf, fabs(v) >= 1e4 ? "%.0f %s" : "%.4g %s", v, unit);
    row(out, name, buf);
}

static void list(FILE *out, const char *title, unsigned bits, unsigned n,
                 size_t (*text)(unsigned, const rl_model *, const rl_deploy *, const rl_result *, char *, size_t),
                 const rl_model *m, const rl_deploy *d, const rl_result *r) {
    if (bits == 0) return;
    fprintf(out, "\n## %s\n\n", title);
    char line[512];
    for (unsigned b = 0; b < n; b++)
        if (bits & (1u << b)) {
            text(b, m, d, r, line, sizeof line);
            fprintf(out, "- %s\n", line);
        }
}

/* Log-log roofline: x = FLOP/byte over 10^-1..10^4, y = attainable TFLOPS over
 * five decades under the peak; the decode point sits on its roof. */
static void roofline_svg(FILE *out, const rl_gpu *g, const rl_deploy *d, const rl_result *r) {
    const double W = 480, H = 280, L = 56, B = 36, T = 12, R = 12;
    double x0 = -1, x1 = 4, peak = r->peak_tflops, y1 = log10(peak) + 0.2, y0 = y1 - 5;
    double bw = g->bandwidth_gbs / 1000.0; /* TFLOPS per FLOP/byte */
#define SX(ai) (L + (log10(ai) - x0) / (x1 - x0) * (W - L - R))
#define SY(tf) (H - B - (log10(tf) - y0) / (y1 - y0) * (H - B - T))
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
                 "role=\"img\" aria-label=\"Roofline: decode at %.3g FLOP/byte, ridge %.3g FLOP/byte\">\n",
            W, H, W, H, r->ai, r->ridge);
    fprintf(out, "<rect width=\"%.0f\" height=\"%.0f\" fill=\"#fff\"/>\n", W, H);
    double ridge = peak / bw, lo = pow(10, x0);
    fprintf(out, "<polyline fill=\"none\" stroke=\"#333\" stroke-width=\"2\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\"/>\n",
            SX(lo), SY(fmax(lo * bw, pow(10, y0))), SX(ridge), SY(peak), SX(pow(10, x1)), SY(peak));
    double px = fmin(fmax(r->ai, lo), pow(10, x1)), py = fmin(peak, px * bw);
    fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"#c33\"/>\n", SX(px), SY(py));
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" font-family=\"sans-serif\">decode at batch %lld (%s-bound)</text>\n",
            SX(px) + 8, SY(py) + 4, (long long)d->batch, rl_bound_name(r->bound));
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\" font-family=\"sans-serif\">FLOP/byte (log)</text>\n",
            W / 2 - 40, H - 8);
    fprintf(out, "<text x=\"4\" y=\"%.0f\" font-size=\"11\" font-family=\"sans-serif\">TFLOPS</text>\n", T + 10);
    fputs("</svg>\n", out);
#undef SX
#undef SY
}

void rl_print_report_md(FILE *out, const rl_model *m, const rl_gpu *g, const rl_deploy *d, const rl_result *r) {
    static const char *verdicts[] = {"fits", "tight", "does not fit"};
    int level = !r->fits ? 2 : r->verdict == RL_TIGHT ? 1 : 0;
    fprintf(out, "# roofline-lint: %s on %s\n\n**Verdict: %s** (`%s`)\n\n", m->name, g->name, verdicts[level],
            rl_verdict_name(r->verdict));
    fputs("| input | value |\n|---|---|\n", out);
    char buf[160];
    row(out, "model", m->name);
    snprintf(buf, sizeof buf, "%.64s, %.4g GB/s, %.4g GiB", g->name, g->bandwidth_gbs, g->vram_gib);
    row(out, "GPU", buf);
    row(out, "weight precision", rl_precision_name(r->weight_precision));
    row(out, "KV precision", rl_precision_name(r->kv_precision));
    snprintf(buf, sizeof buf, "%lld tokens", (long long)d->seq);
    row(out, "context", buf);
    snprintf(buf, sizeof buf, "%lld", (long long)d->batch);
    row(out, "batch", buf);
    snprintf(buf, sizeof buf, "tp %lld, pp %lld", (long long)d->tp, (long long)d->pp);
    row(out, "parallelism", buf);

    fputs("\n## Memory per GPU\n\n| figure | value |\n|---|---|\n", out);
    row_gib(out, "weights", r->weights_gib);
    row_gib(out, "KV per request", r->kv_gib_per_request);
    row_gib(out, "KV for the batch", r->kv_gib);
    row_gib(out, "free after weights (floor)", r->free_gib);
    snprintf(buf, sizeof buf, "%lld", (long long)r->max_batch);
    row(out, "max batch (floor)", buf);
    row_gib(out, "runtime reserves", r->reserve_gib);
    row_gib(out, "room for KV (realistic)", r->kv_room_gib);
    snprintf(buf, sizeof buf, "%lld", (long long)r->max_batch_realistic);
    row(out, "max batch (realistic)", buf);
    if (!r->fits) row_gib(out, "shortfall", r->shortfall_gib);
    if (r->verdict == RL_TIGHT) row_gib(out, "missing under the realistic budget", r->missing_gib);
    if (r->offload) {
        snprintf(buf, sizeof buf, "-ngl %lld: %lld of %lld layers on the GPU", (long long)d->gpu_layers,
                 (long long)r->layers_on_gpu, (long long)m->layers);
        row(out, "offload (llama.cpp)", buf);
        row_gib(out, "host RAM: weights", r->host_weights_gib);
        row_gib(out, "host RAM: KV", r->host_kv_gib);
        row_gib(out, "host RAM given", d->ram_gib);
        row_num(out, "host bandwidth", r->host_bandwidth_gbs, "GB/s");
        snprintf(buf, sizeof buf, "%lld", (long long)r->max_gpu_layers);
        row(out, "largest -ngl that fits", r->max_gpu_layers > m->layers ? "every layer" : buf);
    }

    if (r->has_timing) {
        fputs("\n## Decode and prefill: roofline floors\n\n"
              "Floors are lower bounds: ideal overlap, no launch, scheduling or communication overhead.\n\n"
              "| figure | floor |\n|---|---|\n",
              out);
        row_num(out, "decode step", r->step_ms, "ms");
        if (r->offload) {
            row_num(out, "  of which on the GPU", r->gpu_part_ms, "ms");
            row_num(out, "  of which in host RAM", r->host_part_ms, "ms");
        }
        row_num(out, "throughput, whole batch", r->tokens_per_s, "tok/s");
        row_num(out, "time per token", r->ms_per_token, "ms");
        if (r->ttft_ms > 0) row_num(out, "time to first token", r->ttft_ms, "ms");
        row_num(out, "arithmetic intensity", r->ai, "FLOP/byte");
        if (r->ridge > 0) {
            row_num(out, "ridge", r->ridge, "FLOP/byte");
            row(out, "bound", rl_bound_name(r->bound));
            fputs("\n## Roofline\n\n", out);
            roofline_svg(out, g, d, r);
        }
    }
    list(out, "Warnings", r->warnings, RL_WARN_COUNT_, rl_warning_text, m, d, r);
    list(out, r->fits ? "To make it fit the realistic budget" : "Ways out", r->remedies, RL_REMEDY_COUNT_,
         rl_remedy_text, m, d, r);
    fprintf(out, "\n---\nroofline-lint %s. Every figure's formula: `roofline-lint --help` and the page's "
                 "\"How is this computed?\".\n",
            RL_VERSION);
}
