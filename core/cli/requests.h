/* roofline-lint --requests FILE: many requests in one process. See requests.c. */
#ifndef RL_CLI_REQUESTS_H
#define RL_CLI_REQUESTS_H

/* argv[0] is "--requests", argv[1] the file of requests ("-": standard input),
 * one JSON request object a line (NDJSON, the --request format); blank lines
 * are skipped. Writes one JSON line for each: the report, as --request prints
 * it, or the error object. Each answer is flushed before the next line is read,
 * so a program can ask one question at a time over a pipe. Returns the exit
 * code: 2 when the arguments are bad or any line is a bad request, else 3 when
 * any setup is refused, else 0. */
int rl_requests_main(int argc, char **argv);

#endif
