/* The Markdown report: --format md. */
#ifndef RL_REPORT_MD_H
#define RL_REPORT_MD_H

#include "roofline.h"

#include <stdio.h>

/* c: the cost, or NULL; shown only when present (a workload, and a fit). */
void rl_print_report_md(FILE *out, const rl_model *m, const rl_gpu *g, const rl_deploy *d, const rl_result *r,
                        const rl_cost *c);
/* The parameters-only estimate as Markdown: its verdict, figures, and the ways out or the levers. */
void rl_print_estimate_md(FILE *out, const rl_gpu *g, const rl_deploy *d, const rl_estimate *e);

#endif
