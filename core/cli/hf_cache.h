/* --hf org/name: a model's config.json from the local Hugging Face cache, with
 * no network. The cache is the huggingface_hub layout:
 *   $HF_HOME/hub/models--<org>--<name>/refs/main          (the commit of main)
 *   $HF_HOME/hub/models--<org>--<name>/snapshots/<commit>/config.json
 * HF_HOME defaults to ~/.cache/huggingface; HF_HUB_CACHE, when set, replaces $HF_HOME/hub
 * (huggingface_hub's own order). The snapshot refs/main names is
 * preferred; without it (or without its config.json) the snapshot whose
 * config.json is newest is taken. */
#ifndef RL_CLI_HF_CACHE_H
#define RL_CLI_HF_CACHE_H

#include "roofline.h"

#include <stddef.h>

typedef struct rl_hf_found {
    char config_path[1024];   /* the snapshot's config.json */
    char snapshot[256];       /* the snapshot's name (a commit hash) */
    int from_refs_main;       /* 1 when refs/main named it */
    char index_path[1100];    /* the snapshot's model.safetensors.index.json, "" when it has none */
} rl_hf_found;

/* Finds org/name's config.json. Errors: RL_E_USAGE (field "--hf") for an id that
 * is not org/name; RL_E_FILE (field "--hf") when the cache holds no config.json
 * for it, the message naming --hf and the folder it looked in. */
rl_status rl_hf_cache_find(const char *repo, rl_hf_found *out, rl_error *err);

/* The same search for the serve-command lint (a model id the core has no preset
 * of): writes the config.json path and returns 1 when found, else 0. */
int rl_hf_cache_config(const char *repo, char *path, size_t cap);

/* A model given as a local folder (vllm serve /models/my-model): its config.json. Returns 1 when found. */
int rl_model_dir_config(const char *dir, char *path, size_t cap);

#endif
