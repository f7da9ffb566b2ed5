/* The core's own number conversions against glibc: rl_strtod against strtod
 * (bits, end and ERANGE) and the wasm's vsnprintf (core/wasm/printf.c, built
 * on rl_fmt_double) against snprintf, on every format the core uses and on
 * millions of doubles: random bit patterns, decimal fractions, exact halves
 * (ties round to even), subnormals and the extremes. Natively glibc is the
 * reference; in wasm the same code replaces musl's, so both write the same. */
#include "internal.h"
#include "rl_printf.h"

#include <errno.h>
#include <float.h>
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
    /* and it is the first of glibc's %.15g, %.16g, %.17g that reads back (not merely one that does) */
    char want[64];
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(want, sizeof want, "%.*g", prec, v);
        if (strtod(want, NULL) == v) break;
    }
    checks++;
    if (strcmp(want, buf) != 0 && failures++ < 20) fprintf(stderr, "shortest of %a: glibc \"%s\", rl \"%s\"\n", v, want, buf);
}

static const char *const formats[] = {"%g", "%.4g", "%.2f", "%.0f", "%.17g", "%.15g", "%.16g", "%e", "%.3e",
                                      "%f", "%.1f", "%.6g", "%G", "%10.3f", "%-12g|", "%+.2e", "%08.2f"};
/* precisions 0 and 1 of %g and %e, the most (40) and the upper-case forms: on a tenth of the doubles */
static const char *const formats_more[] = {"%.0g", "%.1g", "%.2g", "%.0e", "%.1e", "%.40e", "%.40g", "%.40f", "%E", "%F",
                                      "%.3G", "% g", "%+g", "%.5g"};

static long doubles_seen = 0;

static void check_double(double v) {
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) check_fmt(formats[i], v);
    if (doubles_seen++ % 10 == 0 || fabs(v) < 1e-300 || fabs(v) > 1e300)
        for (size_t i = 0; i < sizeof formats_more / sizeof formats_more[0]; i++) check_fmt(formats_more[i], v);
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
    /* hex floats (C99 strtod): rounding past 53 bits, ties to even, the sticky digits past 64 bits, subnormal
     * and overflowing results; and decimal exponents written with many digits */
    static const char *const more[] = {
        "0x1.00000000000008p0", "0x1.00000000000018p0", "0x1.000000000000080000000001p0", "0x1.00000000000007fp0",
        "0x1.fffffffffffff8p1023", "0x1.fffffffffffff7p1023", "0x1p1023", "0x.1p4", "0x1.p1", "0xABCDEFp-4",
        "0x1234567890abcdef1234p0", "0x1234567890abcdef0000p-80", "0x1000000000000000000000001p0",
        "0x10000000000000000000000000000000p0", "0x0.0000000000000001p0", "0x1p-1022", "0x1.fffffffffffffp-1023",
        "0x1.0000000000001p-1073", "0x1.8p-1075", "0x1p-1076", "0x1p-1100", "0x1p-2000", "0x3p-1076",
        "0x0p99999", "0x1p99999999999", "0x1p-99999999999", "0x1P+4", "0x1p", "0x1p+", "0x1.8", "0xg", "0x.p1",
        "-0x1p-1", "+0x10", "1e0000000000000000000000005", "1e-0000000000000000000000005", "1e+99999", "1e100000",
        "1e-100000", "1e-99999", "0.0000000000000000000000000000000000001e37", "1e310", "1e309", "9e308",
        "1.8e308", "1e-330", "1e-331", "1e-323", "5e-324", "2.5e-324", "2.4703282292062328e-324", "7e-324",
        "1e22", "1e23", "123456789012345e-22", "123456789012345e22", "1234567890123456e-22", "999999999999999e22",
        "9999999999999999", "99999999999999999", "4503599627370497.5", "4503599627370496.5",
        "0.1e-307", "1e-307", "2.2250738585072011e-308", "2.2250738585072013e-308", "1.5e-323",
        "123.456e-2", "000000000000000000000000000000000000123", "0.000000000000000000000000000000000123e10",
        ".0", "0.", "-0", "-0.0e5", "1e+", "1e-", "1.5e", "1.5E3", "1.5E-3", "infx", "infinityy", "nan(abc_1)x",
        "nan(a b)", "nanx", "iNfInItY", "nAn", " \n\v\f\r1", "\0011", /* \001 then 1 */
        /* a hex float whose first digit is 0, or that starts at the point */
        "0x0", "0x0p5", "0x01", "0x00.8", "0x0.8p1", "0x.0", "0x.08p1", "0x.8", "0X0.0000000000001p-1022",
        /* a tie at 53 bits, then only zeros past the 64 bits kept (not sticky), or a 1 (sticky) */
        "0x1.000000000000080p0", "0x1.0000000000000800p0", "0x1.00000000000008000000p0", "0x1.000000000000081p0",
        "0x1.0000000000000801p0", "0x1.00000000000008001p0", "0x1.00000000000018000p0", "0x1.0000000000000000000p0",
        "0x1000000000000080000p0", "0x1000000000000080001p-4",
        /* the letters at both ends of the alphabet, in both cases, inside nan(...) */
        "nan(Z)", "nan(z)", "nan(A)", "nan(a)", "NAN(_Zz9)", "nan(@)", "nan([)", "nan(`)", "nan({)"};
    for (size_t i = 0; i < sizeof more / sizeof more[0]; i++) check_parse(more[i]);
    /* a tie between two doubles decided by a digit past the 800 the decimal keeps (then rounding up) */
    static char tie[1200];
    for (int where = 790; where <= 810; where += 5) {
        size_t k = (size_t)sprintf(tie, "9007199254740993."); /* 2^53 + 1: halfway between 2^53 and 2^53 + 2 */
        while ((int)k < where) tie[k++] = '0';
        tie[k++] = '1';
        tie[k] = '\0';
        check_parse(tie);
        tie[k - 1] = '0';
        check_parse(tie);
        /* the same with the decimal point moved: 0.9007...e16 */
        snprintf(tie, sizeof tie, "0.9007199254740993");
        k = strlen(tie);
        while ((int)k < where) tie[k++] = '0';
        tie[k++] = '1';
        sprintf(tie + k, "e16");
        check_parse(tie);
    }
#if LDBL_MANT_DIG >= 64
    /* the midpoint between two doubles, written out exactly (a long double holds it), plus one unit in the 799th,
     * 800th or 801st significant digit: above the tie, so it rounds up, however the tail is shifted and cut */
    for (int i = 0; i < 3000 / RL_SCALE; i++) {
        double v = (double)(next() >> 11) * 0x1p-53 * pow(10.0, -(double)(next() % 8));
        if (v == 0.0) continue;
        long double mid = (long double)v + ((long double)nextafter(v, INFINITY) - (long double)v) / 2;
        char s[1200];
        snprintf(s, sizeof s, "%.120Lf", mid);
        size_t len = strlen(s);
        while (len > 0 && s[len - 1] == '0') len--;
        size_t first = strspn(s, "0."); /* the first significant digit */
        int place = 799 + (int)(next() % 3);
        while ((int)(len - first) < place - 1) s[len++] = '0';
        s[len++] = (char)('1' + next() % 9);
        s[len] = '\0';
        check_parse(s);
    }
    /* the same at every scale, subnormals included, in e-notation: up to 767 significant digits, then the unit */
    for (int i = 0; i < 3000 / RL_SCALE; i++) {
        uint64_t bits = next() >> 1; /* positive */
        double v;
        memcpy(&v, &bits, sizeof v);
        if (!isfinite(v) || v == 0.0 || v == DBL_MAX) continue;
        long double mid = (long double)v + ((long double)nextafter(v, INFINITY) - (long double)v) / 2;
        char e[1200], s[1300];
        snprintf(e, sizeof e, "%.900Le", mid);
        char *x = strchr(e, 'e');
        size_t len = (size_t)(x - e);
        while (e[len - 1] == '0') len--;
        memcpy(s, e, len);
        int place = 799 + (int)(next() % 3) + 1; /* + 1 for the point */
        while ((int)len < place - 1) s[len++] = '0';
        s[len++] = (char)('1' + next() % 9);
        snprintf(s + len, sizeof s - len, "%s", x);
        check_parse(s);
    }
#endif
    /* long mantissas: 20 to 40 random digits at exponents across the whole range */
    for (int i = 0; i < 20000 / RL_SCALE; i++) {
        char s[96];
        int digits = 16 + (int)(next() % 25);
        size_t k = 0;
        if (next() % 2) s[k++] = '-';
        for (int d = 0; d < digits; d++) s[k++] = (char)('0' + next() % 10);
        sprintf(s + k, "e%d", (int)(next() % 700) - 360);
        check_parse(s);
    }
    /* a formatted text cut at every buffer size: the count is the whole length, the text its first cap - 1 bytes */
    for (size_t cap = 0; cap <= 24; cap++) {
        char a[32], b[32];
        memset(a, 'z', sizeof a);
        memset(b, 'z', sizeof b);
        int n1 = snprintf(cap ? a : NULL, cap, "%s|%.3e|%d", "ab", 12345.678, -17);
        int n2 = rl_snprintf(cap ? b : NULL, cap, "%s|%.3e|%d", "ab", 12345.678, -17);
        checks++;
        if ((n1 != n2 || memcmp(a, b, sizeof a) != 0) && failures++ < 20)
            fprintf(stderr, "cut at %zu: glibc %d \"%.31s\", rl %d \"%.31s\"\n", cap, n1, a, n2, b);
    }
    /* an exponent of 7 digits against a mantissa of 100000 leading zeros (or digits): the exponent must not be
     * cut short, or the zeros bring a number far past a double's range back into it */
    static char huge[100100];
    size_t hk = 0;
    huge[hk++] = '0';
    huge[hk++] = '.';
    for (int i = 0; i < 100000; i++) huge[hk++] = '0';
    strcpy(huge + hk, "1e1000005"); /* 10^-100001 x 10^1000005: overflows */
    check_parse(huge);
    strcpy(huge + hk, "1e100005"); /* 10^-100001 x 10^100005 = 10^4 */
    check_parse(huge);
    huge[0] = '1';
    huge[1] = '0';
    strcpy(huge + hk, "0e-1000003"); /* 10^100001 x 10^-1000003: underflows to 0 */
    check_parse(huge);
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
