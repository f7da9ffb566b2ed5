/* The Markdown report (--format md): the verdict, the figures, the roofline
 * chart as inline SVG, the engine's expected figures and the cost with their
 * sources, in one file to paste into a design doc or a ticket.
 * A refusal carries the reason, the shortfall and the ways out, and no time.
 * The parameters-only estimate has its own, shorter report (rl_print_estimate_md). */
#include "report_md.h"

#include "messages.h"
#include "report_text.h"

#include <math.h>
#include <string.h>

#define T(key) rl_msg_text(key)

static void row(FILE *out, const char *key, const char *value) { fprintf(out, "| %s | %s |\n", T(key), value); }

static void row_gib(FILE *out, const char *name, double v) {
    char buf[48];
    row(out, name, rl_fmt_gib(v, buf, sizeof buf));
}

static void row_num(FILE *out, const char *name, double v, const char *unit) {
    char buf[64];
    snprintf(buf, sizeof buf, fabs(v) >= 1e4 ? "%.0f %s" : "%.4g %s", v, unit);
    row(out, name, buf);
}

static void list(FILE *out, const char *title, unsigned bits, unsigned n,
                 const char *(*text)(unsigned, const rl_model *, const rl_deploy *, const rl_result *, char *, size_t),
                 const rl_model *m, const rl_deploy *d, const rl_result *r) {
    if (bits == 0) return;
    fprintf(out, "\n## %s\n\n", title);
    char line[1024];
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
    char aria[256], a[32], b[32], bound[48], dec[160];
    snprintf(a, sizeof a, "%.3g", r->ai);
    snprintf(b, sizeof b, "%.3g", r->ridge);
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
                 "role=\"img\" aria-label=\"%s\">\n",
            W, H, W, H, RL_MSG(aria, "cli.md.svgLabel", "ai", a, "ridge", b));
    fprintf(out, "<rect width=\"%.0f\" height=\"%.0f\" fill=\"#fff\"/>\n", W, H);
    double ridge = peak / bw, lo = pow(10, x0);
    fprintf(out, "<polyline fill=\"none\" stroke=\"#333\" stroke-width=\"2\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\"/>\n",
            SX(lo), SY(fmax(lo * bw, pow(10, y0))), SX(ridge), SY(peak), SX(pow(10, x1)), SY(peak));
    double px = fmin(fmax(r->ai, lo), pow(10, x1)), py = fmin(peak, px * bw);
    fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"#c33\"/>\n", SX(px), SY(py));
    snprintf(bound, sizeof bound, "cli.bound.%s", rl_bound_name(r->bound));
    snprintf(a, sizeof a, "%lld", (long long)d->batch);
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" font-family=\"sans-serif\">%s</text>\n", SX(px) + 8, SY(py) + 4,
            RL_MSG(dec, "cli.md.svgDecode", "batch", a, "bound", T(bound)));
    fprintf(out, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\" font-family=\"sans-serif\">%s</text>\n", W / 2 - 40, H - 8,
            T("cli.md.svgX"));
    fprintf(out, "<text x=\"4\" y=\"%.0f\" font-size=\"11\" font-family=\"sans-serif\">TFLOPS</text>\n", T + 10);
    fputs("</svg>\n", out);
#undef SX
#undef SY
}

void rl_print_estimate_md(FILE *out, const rl_gpu *g, const rl_deploy *d, const rl_estimate *e) {
    char buf[512], x[32], y[32];
    snprintf(x, sizeof x, "%.4g", e->params / 1e9);
    fprintf(out, "# %s\n\n> %s\n\n", RL_MSG(buf, "cli.md.estTitle", "params", x, "gpu", g->name), T("cli.md.estNote"));
    fprintf(out, "**%s**\n\n", RL_MSG(buf, "cli.md.verdict", "verdict", T(e->fits ? "cli.md.weightsFit" : "cli.md.refused")));
    fprintf(out, "%s\n\n", rl_estimate_verdict(d, e, buf, sizeof buf));
    fprintf(out, "| %s | %s |\n|---|---|\n", T("cli.md.figure"), T("cli.md.value"));
    snprintf(x, sizeof x, "%.2f", e->weights_gib);
    snprintf(y, sizeof y, "%.3g", e->bytes_per_param);
    row(out, "cli.fit.weights", RL_MSG(buf, "cli.est.weightsValue", "gib", x, "bytes", y));
    row(out, "cli.est.usable", rl_fmt_room_gib(e->usable_gib_per_gpu, buf, sizeof buf));
    row(out, "cli.est.gpus", rl_estimate_gpus(e, buf, sizeof buf));
    snprintf(buf, sizeof buf, "tp %lld, pp %lld", (long long)d->tp, (long long)d->pp);
    row(out, "cli.md.parallelism", buf);
    if (!e->fits) {
        /* A refusal: the shortfall and the ways out, and no intensity, roof or lever (no throughput). */
        row_gib(out, "cli.md.shortfall", e->shortfall_gib);
        rl_result ways;
        rl_estimate_ways_out(e, &ways);
        list(out, T("cli.remedies"), ways.remedies, RL_REMEDY_COUNT_, rl_msg_remedy, NULL, d, &ways);
    } else {
        snprintf(x, sizeof x, "%lld", (long long)d->batch);
        snprintf(y, sizeof y, "%.4g", e->decode_ai);
        row(out, "cli.est.ai", RL_MSG(buf, "cli.est.aiValue", "ai", y, "batch", x));
        if (e->ridge > 0) {
            row_num(out, "cli.md.ridge", e->ridge, "FLOP/byte");
            snprintf(buf, sizeof buf, "cli.md.bound.%s", rl_bound_name(e->bound));
            row(out, "cli.md.bound", T(buf));
        }
        row_num(out, "cli.est.attainable", e->attainable_tflops, "TFLOPS");
        if (e->lever_count > 0) {
            fprintf(out, "\n## %s\n\n", T("cli.md.levers"));
            for (int i = 0; i < e->lever_count; i++) {
                snprintf(x, sizeof x, "%.3g", e->lever_gain[e->lever_order[i]]);
                fprintf(out, "%d. `%s`: %s\n", i + 1, rl_lever_code(e->lever_order[i]), RL_MSG(buf, "cli.est.upTo", "gain", x));
            }
        }
    }
    fprintf(out, "\n---\n%s\n", RL_MSG(buf, "cli.md.footer", "version", RL_VERSION));
}

void rl_print_report_md(FILE *out, const rl_model *m, const rl_gpu *g, const rl_deploy *d, const rl_result *r,
                        const rl_cost *c) {
    static const char *verdicts[] = {"cli.verdictWord.fits", "cli.verdictWord.tight", "cli.md.refused"};
    int level = !r->fits ? 2 : r->verdict == RL_TIGHT ? 1 : 0;
    char buf[256], line[256], x[32], y[32], z[32], key[48];
    fprintf(out, "# %s\n\n**%s** (`%s`)\n\n", RL_MSG(buf, "cli.md.title", "model", m->name, "gpu", g->name),
            RL_MSG(line, "cli.md.verdict", "verdict", T(verdicts[level])), rl_verdict_name(r->verdict));
    fprintf(out, "| %s | %s |\n|---|---|\n", T("cli.md.input"), T("cli.md.value"));
    row(out, "cli.md.model", m->name);
    snprintf(buf, sizeof buf, "%.64s, %.4g GB/s, %.4g GiB", g->name, g->bandwidth_gbs, g->vram_gib);
    row(out, "cli.md.gpu", buf);
    row(out, "cli.md.precision", rl_precision_name(r->weight_precision));
    row(out, "cli.md.kvPrecision", rl_precision_name(r->kv_precision));
    snprintf(x, sizeof x, "%lld", (long long)d->seq);
    row(out, "cli.md.context", RL_MSG(buf, "cli.md.tokens", "n", x));
    snprintf(buf, sizeof buf, "%lld", (long long)d->batch);
    row(out, "cli.md.batch", buf);
    snprintf(buf, sizeof buf, "tp %lld, pp %lld", (long long)d->tp, (long long)d->pp);
    row(out, "cli.md.parallelism", buf);

    fprintf(out, "\n## %s\n\n| %s | %s |\n|---|---|\n", T("cli.md.memory"), T("cli.md.figure"), T("cli.md.value"));
    row_gib(out, "cli.fit.weights", r->weights_gib);
    row_gib(out, "cli.fit.kvRequest", r->kv_gib_per_request);
    row_gib(out, "cli.fit.kvBatch", r->kv_gib);
    char room[96];
    row(out, "cli.md.freeFloor", rl_fmt_room_gib(r->free_gib, room, sizeof room));
    snprintf(buf, sizeof buf, "%lld", (long long)r->max_batch);
    row(out, "cli.md.maxFloor", buf);
    row_gib(out, "cli.md.reserves", r->reserve_gib);
    row(out, "cli.md.roomReal", rl_fmt_room_gib(r->kv_room_gib, room, sizeof room));
    snprintf(buf, sizeof buf, "%lld", (long long)r->max_batch_realistic);
    row(out, "cli.md.maxReal", buf);
    if (!r->fits) row_gib(out, "cli.md.shortfall", r->shortfall_gib);
    if (r->verdict == RL_TIGHT) row_gib(out, "cli.md.missing", r->missing_gib);
    if (r->offload) {
        row(out, "cli.md.offload", RL_MSG(buf, "cli.md.offloadValue", "ngl", (snprintf(x, sizeof x, "%lld", (long long)d->gpu_layers), x),
                                          "on", (snprintf(y, sizeof y, "%lld", (long long)r->layers_on_gpu), y), "layers",
                                          (snprintf(z, sizeof z, "%lld", (long long)m->layers), z)));
        row_gib(out, "cli.md.hostWeights", r->host_weights_gib);
        row_gib(out, "cli.md.hostKv", r->host_kv_gib);
        row_gib(out, "cli.md.hostRam", d->ram_gib);
        row_num(out, "cli.offload.bandwidth", r->host_bandwidth_gbs, "GB/s");
        snprintf(buf, sizeof buf, "%lld", (long long)r->max_gpu_layers);
        row(out, "cli.md.maxNgl", r->max_gpu_layers > m->layers ? T("cli.md.everyLayer") : buf);
    }

    if (r->has_timing) {
        fprintf(out, "\n## %s\n\n%s\n\n| %s | %s |\n|---|---|\n", T("cli.md.floors"), T("cli.md.floorsText"), T("cli.md.figure"),
                T("cli.md.floor"));
        row_num(out, "cli.md.step", r->step_ms, "ms");
        if (r->offload) {
            row_num(out, "cli.md.stepGpu", r->gpu_part_ms, "ms");
            row_num(out, "cli.md.stepHost", r->host_part_ms, "ms");
        }
        row_num(out, "cli.md.throughput", r->tokens_per_s, "tok/s");
        row_num(out, "cli.md.perToken", r->ms_per_token, "ms");
        if (r->ttft_ms > 0) row_num(out, "cli.md.ttft", r->ttft_ms, "ms");
        row_num(out, "cli.bottleneck.ai", r->ai, "FLOP/byte");
        if (r->ridge > 0) {
            row_num(out, "cli.md.ridge", r->ridge, "FLOP/byte");
            snprintf(key, sizeof key, "cli.md.bound.%s", rl_bound_name(r->bound));
            row(out, "cli.md.bound", T(key));
            fprintf(out, "\n## %s\n\n", T("cli.md.roofline"));
            roofline_svg(out, g, d, r);
        }
    }
    /* The engine's expected figures and the cost: the text report's lines, as rows (nothing for a refusal). */
    rl_print_expected_md(out, g, d, r);
    rl_print_cost_md(out, c);
    list(out, T("cli.warnings"), r->warnings, RL_WARN_COUNT_, rl_msg_warning, m, d, r);
    list(out, r->fits ? T("cli.md.toFit") : T("cli.remedies"), r->remedies, RL_REMEDY_COUNT_, rl_msg_remedy, m, d, r);
    fprintf(out, "\n---\n%s\n", RL_MSG(buf, "cli.md.footer", "version", RL_VERSION));
}
