/* rl-accuracy: roofline-lint --accuracy as its own program, for ctest and
 * `npm run accuracy` until the CLI's main.c routes --accuracy to it. */
#include "accuracy.h"

int main(int argc, char **argv) { return rl_cli_accuracy(argc - 1, argv + 1); }
