/* A small vsnprintf for the wasm build, in place of musl's (whose floating
 * point goes through software long double, most of the module's bytes).
 * It covers what the core's messages use: flags - 0 + space, width and
 * precision (also *), the lengths hh h l ll z j t, and d i u x X c s p %,
 * with f e g (and F E G) through rl_fmt_double, which writes the same text
 * as glibc natively (tests/c/numbers_test.c checks both against glibc). */
#include "internal.h"
#include "rl_printf.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    char *buf;
    size_t cap, len;
} sink;

static void put(sink *s, const char *p, size_t n) {
    for (size_t i = 0; i < n; i++, s->len++)
        if (s->len + 1 < s->cap) s->buf[s->len] = p[i];
}

static void pad(sink *s, char c, int n) {
    for (; n > 0; n--) put(s, &c, 1);
}

int rl_vsnprintf(char *buf, size_t cap, const char *fmt, va_list ap) {
    sink s = {buf, cap, 0};
    while (*fmt) {
        if (*fmt != '%') {
            const char *q = strchr(fmt, '%');
            size_t n = q ? (size_t)(q - fmt) : strlen(fmt);
            put(&s, fmt, n);
            fmt += n;
            continue;
        }
        fmt++;
        bool left = false, zero = false, plus = false, space = false;
        for (;; fmt++) {
            if (*fmt == '-') left = true;
            else if (*fmt == '0') zero = true;
            else if (*fmt == '+') plus = true;
            else if (*fmt == ' ') space = true;
            else if (*fmt != '#') break;
        }
        int width = 0, prec = -1;
        if (*fmt == '*') {
            width = va_arg(ap, int);
            if (width < 0) {
                left = true;
                width = -width;
            }
            fmt++;
        } else {
            for (; *fmt >= '0' && *fmt <= '9'; fmt++) width = width * 10 + (*fmt - '0');
        }
        if (*fmt == '.') {
            fmt++;
            prec = 0;
            if (*fmt == '*') {
                prec = va_arg(ap, int);
                fmt++;
            } else {
                for (; *fmt >= '0' && *fmt <= '9'; fmt++) prec = prec * 10 + (*fmt - '0');
            }
        }
        int len = 0; /* 0 int, 1 long, 2 long long, 3 size_t/intmax/ptrdiff */
        for (;; fmt++) {
            if (*fmt == 'h') continue;
            if (*fmt == 'l') len++;
            else if (*fmt == 'z' || *fmt == 'j' || *fmt == 't') len = 3;
            else break;
        }
        char conv = *fmt ? *fmt++ : '\0';
        char tmp[RL_FMT_MAX_LEN + 8];
        const char *body = tmp;
        size_t n = 0;
        char sign = 0;
        bool numeric = true;
        switch (conv) {
        case 'd':
        case 'i':
        case 'u':
        case 'x':
        case 'X':
        case 'p': {
            uint64_t u;
            if (conv == 'p') {
                u = (uintptr_t)va_arg(ap, void *);
            } else if (conv == 'd' || conv == 'i') {
                int64_t v = len == 0 ? va_arg(ap, int) : len == 1 ? va_arg(ap, long) : len == 2 ? va_arg(ap, long long) : (int64_t)va_arg(ap, ptrdiff_t);
                if (v < 0) sign = '-';
                else if (plus) sign = '+';
                else if (space) sign = ' ';
                u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
            } else {
                u = len == 0 ? va_arg(ap, unsigned) : len == 1 ? va_arg(ap, unsigned long) : len == 2 ? va_arg(ap, unsigned long long) : (uint64_t)va_arg(ap, size_t);
            }
            unsigned base = conv == 'x' || conv == 'X' || conv == 'p' ? 16 : 10;
            const char *digits = conv == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
            char rev[24];
            int k = 0;
            for (; u > 0; u /= base) rev[k++] = digits[u % base];
            int want = prec < 0 ? 1 : prec;
            if (conv == 'p') {
                tmp[n++] = '0';
                tmp[n++] = 'x';
            }
            for (int i = k; i < want; i++) tmp[n++] = '0';
            while (k > 0) tmp[n++] = rev[--k];
            if (prec >= 0) zero = false;
            break;
        }
        case 'f':
        case 'F':
        case 'e':
        case 'E':
        case 'g':
        case 'G': {
            double v = va_arg(ap, double);
            n = rl_fmt_double(tmp, v, conv, prec);
            if (tmp[0] == '-') {
                sign = '-';
                body = tmp + 1;
                n--;
            } else if (plus) {
                sign = '+';
            } else if (space) {
                sign = ' ';
            }
            if (body[0] == 'i' || body[0] == 'n' || body[0] == 'I' || body[0] == 'N') zero = false;
            break;
        }
        case 'c':
            tmp[0] = (char)va_arg(ap, int);
            n = 1;
            numeric = false;
            break;
        case 's': {
            const char *str = va_arg(ap, const char *);
            if (str == NULL) str = "(null)";
            body = str;
            n = 0;
            while ((prec < 0 || n < (size_t)prec) && str[n] != '\0') n++;
            numeric = false;
            break;
        }
        case '%':
            put(&s, "%", 1);
            continue;
        default: /* not a conversion the core uses: write it as it stands */
            put(&s, "%", 1);
            if (conv) put(&s, &conv, 1);
            continue;
        }
        int fill = width - (int)n - (sign ? 1 : 0);
        if (!left && !(zero && numeric)) pad(&s, ' ', fill);
        if (sign) put(&s, &sign, 1);
        if (!left && zero && numeric) pad(&s, '0', fill);
        put(&s, body, n);
        if (left) pad(&s, ' ', fill);
    }
    if (cap > 0) buf[s.len < cap ? s.len : cap - 1] = '\0';
    return (int)s.len;
}

int rl_snprintf(char *buf, size_t cap, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = rl_vsnprintf(buf, cap, fmt, ap);
    va_end(ap);
    return n;
}

#ifdef __EMSCRIPTEN__
/* The wasm links these instead of musl's: the core calls nothing else of stdio. */
int vsnprintf(char *restrict buf, size_t cap, const char *restrict fmt, va_list ap) { return rl_vsnprintf(buf, cap, fmt, ap); }

int snprintf(char *restrict buf, size_t cap, const char *restrict fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = rl_vsnprintf(buf, cap, fmt, ap);
    va_end(ap);
    return n;
}
#endif
