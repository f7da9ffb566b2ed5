/* The CLI's text answer to --lint: the engine's terms first, then the usual report. */
#ifndef RL_LINT_TEXT_H
#define RL_LINT_TEXT_H

#include "roofline.h"

#include <stdio.h>

void rl_print_lint(FILE *out, const rl_lint *l);

#endif
