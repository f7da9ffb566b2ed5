/* The local Hugging Face cache (huggingface_hub's layout: hub/models--org--name/
 * {refs/main, snapshots/<commit>/config.json}). Read only; no network. */
#define _POSIX_C_SOURCE 200809L
#include "hf_cache.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int hub_dir(char *out, size_t cap) {
    const char *v;
    if ((v = getenv("HF_HUB_CACHE")) && *v) return snprintf(out, cap, "%s", v) < (int)cap;
    if ((v = getenv("HF_HOME")) && *v) return snprintf(out, cap, "%s/hub", v) < (int)cap;
    if ((v = getenv("XDG_CACHE_HOME")) && *v) return snprintf(out, cap, "%s/huggingface/hub", v) < (int)cap;
    if ((v = getenv("HOME")) && *v) return snprintf(out, cap, "%s/.cache/huggingface/hub", v) < (int)cap;
    return 0;
}

static int readable(const char *path) { return access(path, R_OK) == 0; }

int rl_hf_cache_config(const char *repo, char *path, size_t cap) {
    char hub[1024], model[1200];
    const char *slash = strchr(repo, '/');
    /* Only a plain "org/name": a path or anything with more parts is not a repo id. */
    if (slash == NULL || slash == repo || strchr(slash + 1, '/') || slash[1] == '\0' || strstr(repo, "..")) return 0;
    if (!hub_dir(hub, sizeof hub)) return 0;
    if (snprintf(model, sizeof model, "%s/models--%.*s--%s", hub, (int)(slash - repo), repo, slash + 1) >= (int)sizeof model) return 0;
    /* refs/main names the snapshot the last download used. */
    char ref[1300], commit[128] = "";
    snprintf(ref, sizeof ref, "%s/refs/main", model);
    FILE *f = fopen(ref, "r");
    if (f) {
        if (fgets(commit, sizeof commit, f) == NULL) commit[0] = '\0';
        fclose(f);
        commit[strcspn(commit, "\r\n")] = '\0';
        if (commit[0] && !strchr(commit, '/') && snprintf(path, cap, "%s/snapshots/%s/config.json", model, commit) < (int)cap &&
            readable(path))
            return 1;
    }
    char snaps[1300];
    snprintf(snaps, sizeof snaps, "%s/snapshots", model);
    DIR *d = opendir(snaps);
    if (d == NULL) return 0;
    int found = 0;
    struct dirent *e;
    while (!found && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;
        found = snprintf(path, cap, "%s/%s/config.json", snaps, e->d_name) < (int)cap && readable(path);
    }
    closedir(d);
    return found;
}

int rl_model_dir_config(const char *dir, char *path, size_t cap) {
    if (dir[0] == '\0' || snprintf(path, cap, "%s/config.json", dir) >= (int)cap) return 0;
    return readable(path);
}
