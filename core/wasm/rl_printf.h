/* The wasm build's vsnprintf (core/wasm/printf.c), also linked natively by its test. */
#ifndef RL_PRINTF_H
#define RL_PRINTF_H
#include <stdarg.h>
#include <stddef.h>

int rl_vsnprintf(char *buf, size_t cap, const char *fmt, va_list ap);
int rl_snprintf(char *buf, size_t cap, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
#endif
