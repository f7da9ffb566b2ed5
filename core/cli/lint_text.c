/* --lint as text: what was read, what the engine will do, and the corrected
 * command on a line of its own so that it can be copied as is. Its words come
 * from the message tables (--lang): cli.lint.*, and the findings from their codes. */
#include "lint_text.h"

#include "messages.h"
#include "report_text.h"

static const char *w(const rl_lint *l, int i) { return l->words + l->word_at[i]; }

void rl_print_lint(FILE *out, const rl_lint *l) {
    char line[1024], pre[128], a[32], b[32], key[48];
    const char *engine = rl_serve_engine_name(l->engine);
    if (l->preset[0]) RL_MSG(pre, "cli.lint.preset", "preset", l->preset);
    else pre[0] = '\0';
    fprintf(out, "%s\n", RL_MSG(line, "cli.lint.command", "engine", engine, "model",
                                l->model_id[0] ? l->model_id : rl_msg_text("cli.lint.modelFromConfig"), "preset", pre));
    fprintf(out, "\n%s\n", rl_msg_text("cli.lint.recognized"));
    for (int i = 0; i < l->recognized_count; i++)
        fprintf(out, "  %-28s %s\n", w(l, l->recognized_flag[i]), l->recognized_value[i] < 0 ? "on" : w(l, l->recognized_value[i]));
    if (l->recognized_count == 0) fprintf(out, "  %s\n", rl_msg_text("cli.lint.none"));
    if (l->default_count > 0) {
        fprintf(out, "\n%s\n", rl_msg_text("cli.lint.defaults"));
        for (int i = 0; i < l->default_count; i++)
            fprintf(out, "  %-28s %s  (%s)\n", l->defaults[i][0], l->defaults[i][1], l->defaults[i][2]);
    }
    if (l->ignored_count > 0) {
        fprintf(out, "\n%s\n ", rl_msg_text("cli.lint.ignored"));
        for (int i = 0; i < l->ignored_count; i++) fprintf(out, " %s", w(l, l->ignored[i]));
        fputc('\n', out);
    }
    snprintf(key, sizeof key, "cli.verdictWord.%s", rl_lint_verdict_name(l->verdict));
    fprintf(out, "\n%s", RL_MSG(line, "cli.lint.verdictLine", "verdict", rl_msg_text(key)));
    if (l->verdict != RL_LINT_REFUSED)
        fputs(RL_MSG(line, "cli.lint.concurrency", "n", (snprintf(a, sizeof a, "%lld", (long long)l->concurrency), a), "max",
                     (snprintf(b, sizeof b, "%lld", (long long)l->max_seqs), b)),
              out);
    fputc('\n', out);
    for (int i = 0; i < l->finding_count; i++)
        fprintf(out, "  - [%s] %s\n", l->findings[i].code, rl_msg_finding(&l->findings[i], line, sizeof line));
    if (l->has_corrected) {
        fprintf(out, "\n%s\n%s\n  (%s)\n", rl_msg_text("lint.corrected"), l->corrected, rl_msg_text("lint.rule.closest"));
        if (l->alternative_count > 0) fprintf(out, "\n%s\n", rl_msg_text("lint.alternatives"));
        for (int i = 0; i < l->alternative_count; i++) {
            const rl_lint_levers *v = &l->alternative_levers[i];
            char k[40], g[24], n[24];
            snprintf(k, sizeof k, "lint.rule.%s", rl_lint_rule_name(v->rule));
            snprintf(g, sizeof g, "%lld", (long long)v->gpus);
            snprintf(n, sizeof n, "%lld", (long long)(v->rule == RL_LINT_RULE_CONTEXT ? v->seq : v->max_seqs));
            fprintf(out, "  - %s\n    %s\n", RL_MSG(line, k, "weights", rl_precision_name(v->weights), "gpus", g, "seq", n, "n", n),
                    l->alternative[i]);
        }
    }
    if (l->has_report) {
        fprintf(out, "\n%s\n\n", RL_MSG(line, "cli.lint.analysis", "engine", engine));
        rl_print_report(out, &l->run.model, &l->run.gpu, &l->run.deploy, &l->run.result);
    }
}
