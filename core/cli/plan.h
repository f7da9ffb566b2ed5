/* roofline-lint --plan: the SLA planner. See plan.c. */
#ifndef RL_CLI_PLAN_H
#define RL_CLI_PLAN_H

#include "roofline.h"

/* argv[0] is "--plan"; the other arguments are the plan's flags (--max-ttft-ms,
 * --min-tokens-per-s-user, --gpus A,B, --allow-tight) and the usual input flags
 * (model, workload, prices, --precision to restrict, --json). Returns the exit
 * code: 0 with candidates, 3 with none, 2 for bad arguments. */
int rl_plan_main(int argc, char **argv);

#endif
