/* libFuzzer target: the config.json reader.
 *
 * The bytes are the config text, as a user would paste it. On RL_OK the model
 * must be sane (every shape in range, the parameter counts whole, positive,
 * finite, active <= total); finishing it again must change nothing; and a
 * default deployment on a big custom GPU must analyze without a NaN. On an
 * error the message must name the field. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* An exact-size heap copy, so ASan sees any read past the end. */
    char *text = malloc(size ? size : 1);
    if (text == NULL) return 0;
    if (size) memcpy(text, data, size);

    rl_model m;
    rl_error err;
    memset(&m, 0x5a, sizeof m);
    memset(&err, 0x5a, sizeof err);
    rl_status st = rl_model_from_config_json(text, size, &m, &err);
    if (st != RL_OK) {
        fz_check_error(st, &err, "rl_model_from_config_json");
        /* Every config error names "config" or "config.<key>". (A duplicate key too
         * long for "config." + key in the 64-byte field is named by the key alone.) */
        FZ_CHECK(strncmp(err.field, "config", 6) == 0 || (st == RL_E_DUPLICATE_KEY && strlen(err.field) > 55),
                 "config error names \"%s\", not a config field", err.field);
        fz_check_error_json(&err, fz_utf8_valid(text, size));
        free(text);
        return 0;
    }
    FZ_CHECK(err.status == RL_OK, "ok with err.status %d", (int)err.status);
    fz_check_model(&m);
    FZ_CHECK(strcmp(m.name, "custom") == 0, "a config.json model is named \"%s\"", m.name);

    /* rl_analyze reads the derived counts as the reader left them: finishing again must change nothing. */
    rl_model again = m;
    FZ_CHECK(rl_model_finish(&again, &err) == RL_OK, "finish of a read model fails: %s", err.message);
    FZ_CHECK(memcmp(&again, &m, sizeof m) == 0, "finishing a finished model changed it");

    /* The whole pipeline on a generous custom GPU with the defaults. */
    rl_gpu g = rl_gpu_default();
    g.tflops = 1000.0;
    g.bandwidth_gbs = 4000.0;
    g.vram_gib = 1e6;
    rl_deploy d = rl_deploy_default();
    rl_result r;
    rl_status ast = rl_analyze(&m, &g, &d, &r, &err);
    FZ_CHECK(ast == RL_OK, "a read model fails rl_analyze: %s %s", rl_status_name(ast), err.message);
    fz_check_result(&g, &d, ast, &r, &err);
    /* Strings echo into the report: demand clean UTF-8 out only for clean UTF-8 in. */
    fz_check_report(&m, &g, &d, &r, fz_utf8_valid(text, size));
    free(text);
    return 0;
}
