/* roofline-lint --compare: two or three setups side by side (compare.c). */
#ifndef RL_CLI_COMPARE_H
#define RL_CLI_COMPARE_H

/* The whole command line (argv[0] included) when --compare is in it. Returns the exit code. */
int rl_compare_main(int argc, char **argv);

#endif
