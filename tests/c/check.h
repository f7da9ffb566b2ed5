/* The C tests' one CHECK: counts a pass or a failure, and prints a failure as
 * "FAIL file:line: message" (the line core/scripts/mutate.mjs reads).
 *
 * A file that counts into its own ints includes this as is (the counters are
 * `passed` and `failed`); a file that counts into its caller's defines
 * CHECK_PASSED and CHECK_FAILED first, e.g. (*passed_) and (*failed_). */
#ifndef RL_CHECK_H
#define RL_CHECK_H

#include <stdio.h>

#ifndef CHECK_PASSED
#define CHECK_PASSED passed
#endif
#ifndef CHECK_FAILED
#define CHECK_FAILED failed
#endif

#define CHECK(cond, ...)                                \
    do {                                                \
        if (cond) {                                     \
            CHECK_PASSED++;                             \
        } else {                                        \
            CHECK_FAILED++;                             \
            printf("FAIL %s:%d: ", __FILE__, __LINE__); \
            printf(__VA_ARGS__);                        \
            printf("\n");                               \
        }                                               \
    } while (0)

#endif
