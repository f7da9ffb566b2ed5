/* roofline-lint --accuracy: the realistic estimate against the calibration
 * corpus (tests/measured/runs.json). */
#ifndef RL_CLI_ACCURACY_H
#define RL_CLI_ACCURACY_H

/* argv holds the flags after --accuracy (argc of them):
 *   --measured PATH   the corpus (default: RL_MEASURED_FILE, tests/measured/runs.json)
 *   --check           exit 1 unless every floor is at or under its measured run, the
 *                     measured value lies in the low-high band for >= 90% of the
 *                     banded runs, and the central estimate's median |error| <= 20%
 *   --holdout         --check with the out-of-sample rules (runs not used in the fit): no floor
 *                     over its run, median |error| <= 25%, at least 75% within +-35%
 * Prints, per run, the floor, the realistic estimate with its band, the
 * measured value and the error, then a summary. Returns the exit code:
 * 0, 1 (a --check failed), 2 (bad arguments or an unreadable corpus). */
int rl_cli_accuracy(int argc, char **argv);

#endif
