/* Reading files for the CLI and the native test runners. */
#ifndef RL_CLI_FILES_H
#define RL_CLI_FILES_H

#include "roofline.h"

#include <stddef.h>

/* The whole file, NUL-terminated, its length in *len (may be NULL); NULL when it
 * cannot be opened or read. The caller frees it. */
char *rl_read_whole_file(const char *path, size_t *len);

/* At most max + 1 bytes of the file, NUL-terminated (one byte past the limit is
 * enough for the core's readers to refuse it as too large), length in *len. When
 * the file cannot be opened: NULL, and *err is RL_E_FILE naming `field`. */
char *rl_read_file_limited(const char *path, size_t max, size_t *len, rl_error *err, const char *field);

#endif
