/* The core's own number conversions against glibc: rl_strtod against strtod
 * (bits, end and ERANGE) and the wasm's vsnprintf (core/wasm/printf.c, built
 * on rl_fmt_double) against snprintf, on every format the core uses and on
 * millions of doubles: random bit patterns, decimal fractions, exact halves
 * (ties round to even), subnormals and the extremes. Natively glibc is the
 * reference; in wasm the same code replaces musl's, so both write the same. */
#include "internal.h"
#include "rl_printf.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state = 0x9e3779b97f4a7c15u;
static uint64_t next(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

/* Fewer random cases under the sanitizers (build-san is a Debug build): the same kinds, a fifth as many. */
#if defined(__SANITIZE_ADDRESS__)
#define RL_SCALE 5
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RL_SCALE 5
#endif
#endif
#ifndef RL_SCALE
#define RL_SCALE 1
#endif

static long failures = 0;
static long checks = 0;

static void check_parse(const char *s) {
    char *e1 = NULL, *e2 = NULL;
    errno = 0;
    double a = strtod(s, &e1);
    int r1 = errno;
    errno = 0;
    double b = rl_strtod(s, &e2);
    int r2 = errno;
    checks++;
    bool same = (isnan(a) && isnan(b) && signbit(a) == signbit(b)) || memcmp(&a, &b, sizeof a) == 0;
    if (!same || e1 != e2 || (r1 == ERANGE) != (r2 == ERANGE)) {
        if (failures++ < 20)
            fprintf(stderr, "strtod(\"%.80s\"): glibc %.17g end %td erange %d, rl %.17g end %td erange %d\n", s, a,
                    e1 - s, r1 == ERANGE, b, e2 - s, r2 == ERANGE);
    }
}

static void check_fmt(const char *fmt, double v) {
    char a[512], b[512];
    snprintf(a, sizeof a, fmt, v);
    rl_snprintf(b, sizeof b, fmt, v);
    checks++;
    if (strcmp(a, b) != 0 && failures++ < 20) fprintf(stderr, "%s of %a: glibc \"%s\", rl \"%s\"\n", fmt, v, a, b);
}

static void check_shortest(double v) {
    char buf[RL_FMT_MAX_LEN + 1];
    size_t n = rl_fmt_shortest(buf, v);
    buf[n] = '\0';
    checks++;
    double back = strtod(buf, NULL);
    if (back != v && failures++ < 20) fprintf(stderr, "shortest of %a: \"%s\" reads back as %a\n", v, buf, back);
}

static const char *const formats[] = {"%g", "%.4g", "%.2f", "%.0f", "%.17g", "%.15g", "%.16g", "%e", "%.3e",
                                      "%f", "%.1f", "%.6g", "%G", "%10.3f", "%-12g|", "%+.2e", "%08.2f"};

static void check_double(double v) {
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) check_fmt(formats[i], v);
    if (isfinite(v)) check_shortest(v);
    char s[128];
    snprintf(s, sizeof s, "%.17g", v);
    check_parse(s);
    snprintf(s, sizeof s, "%.15g", v);
    check_parse(s);
    snprintf(s, sizeof s, "%.25e", v);
    check_parse(s);
}

int main(void) {
    static const double fixed[] = {0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.5, 0.125, 0.375, 1e-300, 5e-324, 2.2250738585072014e-308,
                                   2.2250738585072009e-308, 1.7976931348623157e308, 1e22, 1e23, 9007199254740993.0,
                                   0.1, 0.2, 0.3, 1.0 / 3.0, 123456.5, 0.045, 1.005, 2.675, 99.995, 999999.5, 9.5, 0.00001,
                                   0.0001, 123456789012345680.0, 4.35, 72.0, 32.51, 0.5625, 147456.0};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        check_double(fixed[i]);
        check_double(-fixed[i]);
    }
    check_double(INFINITY);
    check_double(-INFINITY);
    check_double(NAN);
    for (int i = 0; i < 60000 / RL_SCALE; i++) {
        uint64_t bits = next();
        double v;
        memcpy(&v, &bits, sizeof v);
        if (isnan(v)) continue;
        check_double(v);
    }
    for (int i = 0; i < 60000 / RL_SCALE; i++) {
        /* decimal fractions and halves at every scale the core prints */
        double v = (double)(next() % 2000001) / (double)(1u << (next() % 12));
        v *= pow(10.0, (double)((int)(next() % 40) - 20));
        check_double(v);
    }
    for (int i = 0; i < 30000 / RL_SCALE; i++) {
        /* exact midpoints between neighbouring doubles, written out in full */
        double v = (double)(next() >> 11) * pow(2.0, (double)((int)(next() % 200) - 100));
        double w = nextafter(v, INFINITY);
        char s[1200];
        snprintf(s, sizeof s, "%.60e", v + (w - v) / 2);
        check_parse(s);
        snprintf(s, sizeof s, "%.800f", (double)(next() % 1000) * 1e-300);
        check_parse(s);
    }
    static const char *const strings[] = {"", "-", "+", ".", "e5", "1e", "1e+", "1.e3", ".5", "-.5e-3", "  42", "\t-7x",
                                          "inf", "-Inf", "INFINITY", "infinit", "nan", "NaN(123)", "nan(", "-nan",
                                          "0x10", "0x", "0x.8p1", "0x1p-1074", "0x1p-1075", "0x1.8p-1074", "0X1P+1023",
                                          "0x1p1024", "0x123456789abcdef01p0", "1e400", "-1e400", "1e-400", "2e-324",
                                          "3e-324", "4.9e-324", "2.4703282292062328e-324", "2.4703282292062327e-324",
                                          "1e-310", "1.7976931348623158e308", "1.7976931348623159e308", "007", "0.000",
                                          "00.01e2", "123456789012345678901234567890", "9007199254740993",
                                          "9007199254740993.0000000000000000000000000001", "70B", "1.5T", "8e9",
                                          "1e99999999999", "1e-99999999999", "0e99999999999"};
    for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++) check_parse(strings[i]);
    char longnum[2000];
    memset(longnum, '1', sizeof longnum - 1);
    longnum[sizeof longnum - 1] = '\0';
    check_parse(longnum);
    longnum[0] = '0';
    longnum[1] = '.';
    check_parse(longnum);
    /* integers and strings through the wasm's vsnprintf */
    char a[256], b[256];
    snprintf(a, sizeof a, "%s|%.3s|%.*s|%d|%lld|%zu|%5d|%-5d|%05d|%x|%X|%%|%c|%u", "abc", "abcdef", 2, "xyz", -42,
             (long long)-9007199254740993LL, (size_t)12345, 7, 7, -7, 255u, 255u, 'q', 4000000000u);
    rl_snprintf(b, sizeof b, "%s|%.3s|%.*s|%d|%lld|%zu|%5d|%-5d|%05d|%x|%X|%%|%c|%u", "abc", "abcdef", 2, "xyz", -42,
                (long long)-9007199254740993LL, (size_t)12345, 7, 7, -7, 255u, 255u, 'q', 4000000000u);
    checks++;
    if (strcmp(a, b) != 0 && failures++ < 20) fprintf(stderr, "ints: glibc \"%s\", rl \"%s\"\n", a, b);
    char small[8];
    int n1 = snprintf(small, sizeof small, "%s-%g", "truncated", 1.5);
    char small2[8];
    int n2 = rl_snprintf(small2, sizeof small2, "%s-%g", "truncated", 1.5);
    checks++;
    if ((n1 != n2 || strcmp(small, small2) != 0) && failures++ < 20) fprintf(stderr, "truncation differs\n");
    printf("numbers: %ld checks, %ld failures\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
