/* The test-vector runner (native only): reads every .json file in tests/vectors,
 * vector through the core exactly as the wasm runner does, and compares. */
#ifndef RL_VECTORS_H
#define RL_VECTORS_H

#include <stddef.h>
#include <stdio.h>

typedef struct rl_vec_stats {
    int passed;
    int failed;
    int files;
    char failed_names[2048]; /* comma-separated, cut when long */
} rl_vec_stats;

/* Runs every vector in every *.json file of dir. Failures are described on
 * `log` when it is not NULL. Returns 0 when the run itself worked (even with
 * failures), -1 when the directory or a file could not be read or parsed. */
int rl_vectors_run(const char *dir, FILE *log, rl_vec_stats *stats);

#endif
