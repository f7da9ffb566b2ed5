/* strstr for the wasm build, in place of musl's (two-way search with its tables, ~1.4 KB
 * of code): the core searches short needles in short texts (a preset's JSON, a cache
 * path), where the plain search is as fast. Same contract as the C library's. */
#include <stdint.h>
#include <string.h>

char *strstr(const char *haystack, const char *needle) {
    size_t n = strlen(needle);
    for (const char *p = haystack;; p++) {
        if (strncmp(p, needle, n) == 0) return (char *)(uintptr_t)p;
        if (*p == '\0') return NULL;
    }
}
