/* The corpus of published config.json files (tests/configs/): each parses with
 * the core, exactly as published, and counts what manifest.json says, total,
 * text decoder and vision tower apart. A wrong transformers default (a Gemma 3
 * vocab_size, a Qwen use_sliding_window) moves a count and fails here. Also:
 * every file in the folder is in the manifest, the manifest's own arithmetic
 * holds (published = expected + difference, and a difference has its reason),
 * and every row of the defaults table (config_defaults.c) is in the README's
 * table, so the C table and the document cannot drift apart.
 *
 * Usage: rl_configs_test <tests/configs directory> [--shaped]
 * --shaped: a folder of assembled (not verbatim) configs: the count of at least
 * 40 and the README's defaults table are not checked there. */
#define _POSIX_C_SOURCE 200809L
#include "files.h"
#include "internal.h"
#include "roofline.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failed, passed;
#include "check.h"

static double num(const cJSON *o, const char *key) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(v) ? v->valuedouble : -1.0;
}

/* The vision tower as SGLang weighs it (rl_model.vision_complexity = L·H²/(24·1024²)), with L and H as each
 * config gives them: its vision_config's num_hidden_layers and hidden_size, or 24 layers where the config class
 * has only "depth" (the Qwen-VL towers: 32 and 27 in the files, not read). A text-only model has none. */
static const struct {
    const char *file;
    double layers, hidden;
} towers[] = {{"google--gemma-3-27b-it.json", 27, 1152},     {"Qwen--Qwen2.5-VL-7B-Instruct.json", 24, 1280},
              {"Qwen--Qwen3-VL-8B-Instruct.json", 24, 1152}, {"meta-llama--Llama-4-Scout-17B-16E-Instruct.json", 34, 1408},
              {"mistralai--Mistral-Small-3.1-24B-Instruct-2503.json", 24, 1024}, {"Qwen--Qwen3-8B.json", 0, 0}};

static bool listed(const cJSON *configs, const char *file) {
    const cJSON *e;
    cJSON_ArrayForEach(e, configs) {
        const cJSON *f = cJSON_GetObjectItemCaseSensitive(e, "file");
        if (cJSON_IsString(f) && strcmp(f->valuestring, file) == 0) return true;
    }
    return false;
}

/* One families.c row as the README's layouts table shows it. */
static const char *bias_words(int rule, const char *key, const char *generic, char *buf, size_t cap) {
    switch ((rl_bias_rule)rule) {
    case RL_BIAS_NEVER: return "never";
    case RL_BIAS_ALWAYS: return "always";
    case RL_BIAS_KEY: snprintf(buf, cap, "by %s", key); return buf;
    case RL_BIAS_GENERIC: break;
    }
    return generic;
}

static void family_row(const rl_family *f, char *line, size_t cap) {
    char width[96], norms[16], extra[160] = "", qkv[64], o[64], mlp[64];
    if (f->ffn_key == NULL) snprintf(width, sizeof width, "%d x hidden", f->ffn_x_hidden);
    else if (f->ffn_x_hidden > 0) snprintf(width, sizeof width, "%s, else %d x hidden", f->ffn_key, f->ffn_x_hidden);
    else if (f->ffn_divisor > 1) snprintf(width, sizeof width, "%s / %d", f->ffn_key, f->ffn_divisor);
    else snprintf(width, sizeof width, "%s", f->ffn_key);
    if (f->norms_per_layer > 0) snprintf(norms, sizeof norms, "%d", f->norms_per_layer);
    else snprintf(norms, sizeof norms, "1 or 2");
    if (f->learned_positions) snprintf(extra, sizeof extra, "positions: max_position_embeddings + %d; ", f->position_offset);
    if (f->embed_norm) strncat(extra, "embedding norm; ", sizeof extra - strlen(extra) - 1);
    if (f->lm_head_bias) strncat(extra, "LM head bias; ", sizeof extra - strlen(extra) - 1);
    if (f->multi_query_key != NULL) {
        strncat(extra, f->multi_query_key, sizeof extra - strlen(extra) - 1);
        strncat(extra, ": 1 kv head; ", sizeof extra - strlen(extra) - 1);
    }
    size_t n = strlen(extra);
    if (n >= 2) extra[n - 2] = '\0';
    snprintf(line, cap, "| %s | %s | %s / %s / %s | %s | %s | %s | %s | %s@%.12s |", f->model_type,
             f->mlp_plain ? "up, down" : "gate, up, down", bias_words(f->qkv_bias, f->bias_key, "attention_bias", qkv, sizeof qkv),
             bias_words(f->o_bias, f->bias_key, "attention_bias", o, sizeof o),
             bias_words(f->mlp_bias, f->bias_key, "mlp_bias", mlp, sizeof mlp), f->norm_bias ? "LayerNorm" : "RMSNorm", norms,
             width, n > 0 ? extra : "-", f->path, f->commit);
}

int main(int argc, char **argv) {
    bool shaped = argc == 3 && strcmp(argv[2], "--shaped") == 0;
    if (argc != 2 && !shaped) {
        fprintf(stderr, "usage: %s <tests/configs directory> [--shaped]\n", argv[0]);
        return 2;
    }
    const char *dir = argv[1];
    char path[4096];
    size_t len;
    snprintf(path, sizeof path, "%s/manifest.json", dir);
    char *text = rl_read_whole_file(path, &len);
    cJSON *root = text ? cJSON_ParseWithLength(text, len) : NULL;
    const cJSON *configs = cJSON_GetObjectItemCaseSensitive(root, "configs");
    if (!cJSON_IsArray(configs)) {
        printf("FAIL %s: no \"configs\" array\n", path);
        return 1;
    }
    int n = cJSON_GetArraySize(configs), towers_seen = 0, refused = 0;
    CHECK(shaped ? n >= 1 : n >= 90, "the corpus holds at least %d configs (%d)", shaped ? 1 : 90, n);

    const cJSON *e;
    cJSON_ArrayForEach(e, configs) {
        const cJSON *file = cJSON_GetObjectItemCaseSensitive(e, "file");
        if (!cJSON_IsString(file)) {
            CHECK(0, "a manifest entry has no file");
            continue;
        }
        const char *name = file->valuestring;
        /* A config whose layers the core does not model: refused, naming the field that marks them. */
        const cJSON *refusal = cJSON_GetObjectItemCaseSensitive(e, "expected_refusal");
        if (refusal != NULL) {
            const cJSON *code = cJSON_GetObjectItemCaseSensitive(refusal, "code"), *field = cJSON_GetObjectItemCaseSensitive(refusal, "field");
            CHECK(cJSON_IsString(code) && cJSON_IsString(field) && cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "reason")) &&
                      cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "config_source")) &&
                      cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "hf_repo")),
                  "%s: a refusal gives its code, field, reason, hf_repo and config_source", name);
            snprintf(path, sizeof path, "%s/%s", dir, name);
            size_t clen;
            char *config = rl_read_whole_file(path, &clen);
            rl_model m;
            rl_error err;
            rl_status st = config ? rl_model_from_config_json(config, clen, &m, &err) : RL_E_FILE;
            CHECK(cJSON_IsString(code) && cJSON_IsString(field) && strcmp(rl_status_name(st), code->valuestring) == 0 &&
                      strcmp(err.field, field->valuestring) == 0,
                  "%s: refused as %s naming %s (got %s, %s: %s)", name, cJSON_IsString(code) ? code->valuestring : "?",
                  cJSON_IsString(field) ? field->valuestring : "?", rl_status_name(st), err.field, err.message);
            refused++;
            free(config);
            continue;
        }
        double total = num(e, "expected_total"), textp = num(e, "expected_text"), vision = num(e, "expected_vision");
        double published = num(e, "published_total"), diff = num(e, "difference");
        const cJSON *reason = cJSON_GetObjectItemCaseSensitive(e, "reason");
        CHECK(published > 0 && published - total == diff, "%s: published_total - expected_total = difference", name);
        CHECK((diff == 0) == !cJSON_IsString(reason), "%s: a difference comes with its reason, and only then", name);
        CHECK(total == textp + vision, "%s: expected_total = expected_text + expected_vision", name);
        CHECK(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "config_source")) &&
                  cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "published_source")) &&
                  cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "hf_repo")),
              "%s: hf_repo, config_source and published_source are given", name);

        snprintf(path, sizeof path, "%s/%s", dir, name);
        size_t clen;
        char *config = rl_read_whole_file(path, &clen);
        if (config == NULL) {
            CHECK(0, "%s: cannot read it", path);
            continue;
        }
        rl_model m;
        rl_error err;
        rl_status st = rl_model_from_config_json(config, clen, &m, &err);
        CHECK(st == RL_OK, "%s parses as published (%s: %s)", name, rl_status_name(st), err.message);
        if (st == RL_OK) {
            CHECK(m.params_total == total, "%s: params_total %.0f, manifest %.0f", name, m.params_total, total);
            CHECK(m.params_text == textp, "%s: params_text %.0f, manifest %.0f", name, m.params_text, textp);
            CHECK(m.params_vision == vision, "%s: params_vision %.0f, manifest %.0f", name, m.params_vision, vision);
            for (size_t t = 0; t < sizeof towers / sizeof towers[0]; t++) {
                if (strcmp(towers[t].file, name) != 0) continue;
                double want = towers[t].layers * towers[t].hidden * towers[t].hidden / (24.0 * 1024.0 * 1024.0);
                CHECK(m.vision_complexity == want, "%s: vision_complexity %.17g, %g layers of %g: %.17g", name,
                      m.vision_complexity, towers[t].layers, towers[t].hidden, want);
                towers_seen++;
            }
        }
        free(config);
    }

    /* Every config in the folder is accounted for. */
    DIR *d = opendir(dir);
    struct dirent *de;
    int files = 0;
    while (d != NULL && (de = readdir(d)) != NULL) {
        size_t l = strlen(de->d_name);
        if (l < 5 || strcmp(de->d_name + l - 5, ".json") != 0 || strcmp(de->d_name, "manifest.json") == 0) continue;
        files++;
        CHECK(listed(configs, de->d_name), "%s is in manifest.json", de->d_name);
    }
    if (d != NULL) closedir(d);
    CHECK(files == n, "the folder holds %d configs and the manifest lists %d", files, n);
    CHECK(towers_seen == (shaped ? 2 : 5), "the vision towers' sizes were checked (%d)", towers_seen);
    CHECK(refused <= n / 5, "at most a fifth of the corpus is refused (%d of %d): the rest counts", refused, n);

    /* The README's defaults table has every row of the C table, with its source. */
    snprintf(path, sizeof path, "%s/README.md", dir);
    char *readme = shaped ? NULL : rl_read_whole_file(path, &len);
    CHECK(shaped || readme != NULL, "%s exists", path);
    for (size_t i = 0; readme != NULL && i < rl_config_default_count(); i++) {
        const rl_config_default *row = rl_config_default_at(i);
        const rl_config_source *src = rl_config_source_of(row);
        char line[512];
        snprintf(line, sizeof line, "| %s | %s | %lld | %s@%.12s |", row->model_type, row->field, (long long)row->value,
                 src->path, src->commit);
        CHECK(strstr(readme, line) != NULL, "README.md lists the default: %s", line);
    }
    /* And its layouts table has every family row of families.c, as family_row prints it. */
    for (size_t i = 0; readme != NULL && i < rl_family_count(); i++) {
        char line[512];
        family_row(rl_family_at(i), line, sizeof line);
        CHECK(strstr(readme, line) != NULL, "README.md lists the layout: %s", line);
    }
    free(readme);
    cJSON_Delete(root);
    free(text);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
