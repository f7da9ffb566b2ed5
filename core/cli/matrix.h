/* roofline-lint --matrix: every model preset × GPU preset × a grid. See matrix.c. */
#ifndef RL_CLI_MATRIX_H
#define RL_CLI_MATRIX_H

/* argv[0] is "--matrix"; the others are the matrix's own options (--format
 * csv|ndjson, --models, --gpus, --precisions, --kv-precisions, --seqs,
 * --batches, --tps, --pps: comma-separated lists). Streams one row per setup
 * to stdout. Returns the exit code: 0, or 2 for bad arguments. */
int rl_matrix_main(int argc, char **argv);

#endif
