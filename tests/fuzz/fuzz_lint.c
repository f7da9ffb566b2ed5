/* libFuzzer target: a pasted serve command end to end (tokeniser, flag
 * mapping, request, analysis, correction, JSON).
 *
 * Input layout: COMMAND [ NUL REQUEST ]. The bytes before the first NUL are the
 * command; after it, the request holding the GPU (default {"gpu":"h100-sxm"},
 * so that most commands reach the analysis).
 *
 * Invariants: the output is valid JSON (UTF-8 clean whenever the input was),
 * with no null figure (a NaN or an infinity); an error names a field; a
 * refusal carries no time or throughput; and every corrected command lints as
 * "fits" with the same request (the property the vectors check on the corpus). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static rl_lint work, again;
static char out[1 << 17];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const uint8_t *nul = memchr(data, 0, size);
    size_t clen = nul ? (size_t)(nul - data) : size;
    const char *request = "{\"gpu\":\"h100-sxm\"}";
    char req[4096];
    if (nul && size - clen - 1 < sizeof req) {
        memcpy(req, nul + 1, size - clen - 1);
        req[size - clen - 1] = '\0';
        request = req;
    }
    bool utf8 = fz_utf8_valid((const char *)data, size);
    rl_status st;
    size_t n = rl_lint_json((const char *)data, clen, request, strlen(request), NULL, 0, &work, out, sizeof out, &st);
    FZ_CHECK(n < sizeof out, "lint JSON needs %zu bytes", n);
    FZ_CHECK(strlen(out) == n, "lint JSON length %zu, returned %zu", strlen(out), n);
    int bad_nulls = 0;
    bool tflops_null = st == RL_OK && work.has_report && work.run.gpu.tflops_unknown;
    FZ_CHECK(fz_json_check(out, n, utf8, tflops_null, &bad_nulls), "lint JSON is not valid JSON: %s", out);
    /* corrected_command: null is the one null the lint writes itself. */
    int allowed = st == RL_OK && !work.has_corrected ? 1 : 0;
    FZ_CHECK(bad_nulls <= allowed, "lint JSON holds a null figure: %s", out);
    if (st != RL_OK) {
        /* A field is named; only a request key spelled "" is named by its empty name. */
        FZ_CHECK(work.error.message[0] != '\0', "lint error has no message: %s", out);
        FZ_CHECK(work.error.field[0] != '\0' || work.error.status == RL_E_UNKNOWN_NAME, "lint error names no field: %s", out);
        return 0;
    }
    if (work.verdict == RL_LINT_REFUSED)
        for (const char *const *k = fz_timing_keys; *k; k++) FZ_CHECK(!fz_contains(out, n, *k), "refusal holds %s: %s", *k, out);
    /* Every corrected command, the first and the alternatives, fits and ignores no flag the command did not. */
    for (int i = 0; work.has_corrected && i <= work.alternative_count; i++) {
        const char *fixed = i == 0 ? work.corrected : work.alternative[i - 1];
        rl_status st2 = rl_lint_run(fixed, strlen(fixed), request, strlen(request), NULL, 0, &again);
        FZ_CHECK(st2 == RL_OK && again.verdict == RL_LINT_FITS, "the corrected command %s does not fit (status %d, verdict %s)",
                 fixed, (int)st2, rl_lint_verdict_name(again.verdict));
        FZ_CHECK(again.ignored_count == work.ignored_count, "the corrected command %s ignores other flags", fixed);
    }
    return 0;
}
