/* Reading files for the CLI and the native test runners (files.h). */
#include "files.h"

#include <stdio.h>
#include <stdlib.h>

char *rl_read_whole_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    if (fseek(f, 0, SEEK_END) != 0) {
        fclose(f);
        return NULL;
    }
    long n = ftell(f);
    rewind(f);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (buf != NULL && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf == NULL) return NULL;
    buf[n] = '\0';
    if (len != NULL) *len = (size_t)n;
    return buf;
}

char *rl_read_file_limited(const char *path, size_t max, size_t *len, rl_error *err, const char *field) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        err->status = RL_E_FILE;
        err->why = RL_WHY_NONE;
        snprintf(err->field, sizeof err->field, "%s", field);
        snprintf(err->message, sizeof err->message, "cannot open \"%.200s\"", path);
        return NULL;
    }
    char *buf = malloc(max + 2);
    size_t n = buf ? fread(buf, 1, max + 1, f) : 0;
    fclose(f);
    if (buf) buf[n] = '\0';
    *len = n;
    return buf;
}
