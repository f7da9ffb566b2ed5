/* The local Hugging Face cache, for a model id the core has no preset of. */
#ifndef RL_HF_CACHE_H
#define RL_HF_CACHE_H

#include <stddef.h>

/* Finds config.json of repo "org/name" in the local Hugging Face hub cache:
 * $HF_HUB_CACHE, else $HF_HOME/hub, else $XDG_CACHE_HOME/huggingface/hub, else
 * ~/.cache/huggingface/hub; models--org--name/snapshots/<refs/main>/config.json,
 * else the first snapshot that has one. Writes the path; returns 1 when found.
 * No network, ever. */
int rl_hf_cache_config(const char *repo, char *path, size_t cap);

/* A model given as a local folder (vllm serve /models/my-model): its config.json. Returns 1 when found. */
int rl_model_dir_config(const char *dir, char *path, size_t cap);

#endif
