/* --lint as text: what was read, what the engine will do, and the corrected
 * command on a line of its own so that it can be copied as is. */
#include "lint_text.h"

#include "report_text.h"

static const char *w(const rl_lint *l, int i) { return l->words + l->word_at[i]; }

void rl_print_lint(FILE *out, const rl_lint *l) {
    fprintf(out, "%s serve command: %s%s%s\n", rl_serve_engine_name(l->engine), l->model_id[0] ? l->model_id : "(model from --config)",
            l->preset[0] ? " -> preset " : "", l->preset);
    fprintf(out, "\nRecognized\n");
    for (int i = 0; i < l->recognized_count; i++)
        fprintf(out, "  %-28s %s\n", w(l, l->recognized_flag[i]), w(l, l->recognized_value[i]));
    if (l->recognized_count == 0) fprintf(out, "  (none)\n");
    if (l->default_count > 0) {
        fprintf(out, "\nEngine defaults (flag absent)\n");
        for (int i = 0; i < l->default_count; i++)
            fprintf(out, "  %-28s %s  (%s)\n", l->defaults[i][0], l->defaults[i][1], l->defaults[i][2]);
    }
    if (l->ignored_count > 0) {
        fprintf(out, "\nIgnored (not modeled)\n ");
        for (int i = 0; i < l->ignored_count; i++) fprintf(out, " %s", w(l, l->ignored[i]));
        fputc('\n', out);
    }
    fprintf(out, "\nVerdict: %s", rl_lint_verdict_name(l->verdict));
    if (l->verdict != RL_LINT_REFUSED)
        fprintf(out, " (%lld of %lld requests of full length at once)", (long long)l->concurrency, (long long)l->max_seqs);
    fputc('\n', out);
    for (int i = 0; i < l->finding_count; i++) fprintf(out, "  - [%s] %s\n", l->findings[i].code, l->findings[i].message);
    if (l->has_corrected) fprintf(out, "\nCorrected command:\n%s\n", l->corrected);
    if (l->has_report) {
        fprintf(out, "\nAnalysis of the deployment as %s runs it\n\n", rl_serve_engine_name(l->engine));
        rl_print_report(out, &l->run.model, &l->run.gpu, &l->run.deploy, &l->run.result);
    }
}
