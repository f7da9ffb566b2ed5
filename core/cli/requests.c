/* --requests FILE: one request a line in, one JSON answer a line out, in one
 * process. A sweep over thousands of setups (a grid a script writes, the plan
 * test's exhaustive search) pays for one process start, not one a setup: the
 * plan test's 1,605 setups took 127 s as separate processes under ASan. Each
 * line goes through rl_run_request, the one input path of the CLI and the page. */
#define _POSIX_C_SOURCE 200809L
#include "requests.h"

#include "roofline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EXIT_FITS = 0, EXIT_USAGE = 2, EXIT_REFUSED = 3 };

static void print_error(const rl_error *err) {
    char buf[1024];
    rl_error_json(err, buf, sizeof buf);
    printf("%s\n", buf);
}

static int usage(const char *message) {
    rl_error e = {.status = RL_E_USAGE, .field = "--requests", .message = ""};
    snprintf(e.message, sizeof e.message, "%s", message);
    print_error(&e);
    fprintf(stderr, "roofline-lint: --requests: %s\n", message);
    return EXIT_USAGE;
}

int rl_requests_main(int argc, char **argv) {
    if (argc != 2) return usage("takes one file of requests, one JSON object a line (- for standard input), and no other flag");
    FILE *in = strcmp(argv[1], "-") == 0 ? stdin : fopen(argv[1], "r");
    if (in == NULL) return usage("cannot open the file of requests");
    static rl_run run;
    static char out[1 << 18];
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int bad = 0, refused = 0;
    while ((len = getline(&line, &cap, in)) != -1) {
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = '\0';
        if (strspn(line, " \t") == (size_t)len) continue; /* a blank line asks nothing */
        /* A line past RL_REQUEST_MAX_BYTES is the reader's too_large error on "request", as --request's. */
        rl_run_request(line, (size_t)len, NULL, 0, &run);
        if (run.status != RL_OK) {
            print_error(&run.error);
            bad = 1;
        } else {
            rl_run_write_json(&run, out, sizeof out);
            printf("%s\n", out);
            refused |= run.is_estimate ? !run.estimate.fits : !run.result.fits;
        }
        fflush(stdout);
    }
    free(line);
    if (in != stdin) fclose(in);
    return bad ? EXIT_USAGE : refused ? EXIT_REFUSED : EXIT_FITS;
}
