/* The CLI's human report: Fit / Bottleneck / Parallelism / Paging and a takeaway. */
#ifndef RL_REPORT_TEXT_H
#define RL_REPORT_TEXT_H

#include "roofline.h"

#include <stdio.h>

void rl_print_report(FILE *out, const rl_model *m, const rl_gpu *g, const rl_deploy *d, const rl_result *r);
/* The parameters-only estimate: approximate, and says so. */
void rl_print_estimate(FILE *out, const rl_gpu *g, const rl_deploy *d, const rl_estimate *e);
/* The GPUs the estimate's weights need, or none when the reserves leave no room for any. */
const char *rl_estimate_gpus(const rl_estimate *e, char *line, size_t cap);
/* The estimate's verdict sentence: the weights fit on the GPUs given, or not, with the GPUs they need and the shortfall. */
const char *rl_estimate_verdict(const rl_deploy *d, const rl_estimate *e, char *line, size_t cap);
/* The cost section, nothing when there is no cost (no workload, or a refusal). */
void rl_print_cost(FILE *out, const rl_cost *c);
/* The same two sections for --format md: the same lines as Markdown table rows, each
 * section's sources as a list; nothing without a realistic estimate or a cost (a refusal). */
void rl_print_expected_md(FILE *out, const rl_gpu *g, const rl_deploy *d, const rl_result *r);
void rl_print_cost_md(FILE *out, const rl_cost *c);
/* A size in GiB with the digits a reader needs: "7.49 GiB", small values to four significant digits ("0.5625 GiB"). */
const char *rl_fmt_gib(double gib, char *buf, size_t cap);
/* What a memory budget leaves, into buf: "7.49 GiB", or "none: 107.42 GiB over" (in the CLI's language)
 * when the weights already pass it; the raw, negative figure stays in the JSON. Returns buf. */
const char *rl_fmt_room_gib(double gib, char *buf, size_t cap);

#endif
