/* --hf org/name: the local Hugging Face cache (hf_cache.h). No network. */
#define _POSIX_C_SOURCE 200809L
#include "hf_cache.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

__attribute__((format(printf, 3, 4))) static rl_status hf_fail(rl_error *err, rl_status st, const char *fmt, ...) {
    err->status = st;
    err->why = RL_WHY_NONE;
    snprintf(err->field, sizeof err->field, "--hf");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return st;
}

/* org/name: two non-empty parts of letters, digits, '-', '_' and '.', not "." or "..". */
static int valid_part(const char *p, size_t n) {
    if (n == 0 || n > 96 || (n == 1 && p[0] == '.') || (n == 2 && p[0] == '.' && p[1] == '.')) return 0;
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.'))
            return 0;
    }
    return 1;
}

static int is_file(const char *path, struct stat *st) { return stat(path, st) == 0 && S_ISREG(st->st_mode); }

static char *slurp(const char *path, size_t limit) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    char *buf = malloc(limit + 1);
    size_t n = buf ? fread(buf, 1, limit, f) : 0;
    fclose(f);
    if (buf) buf[n] = '\0';
    return buf;
}

static void take(rl_hf_found *out, const char *snapshots, const char *name, int from_refs) {
    snprintf(out->snapshot, sizeof out->snapshot, "%s", name);
    snprintf(out->config_path, sizeof out->config_path, "%s/%s/config.json", snapshots, name);
    out->from_refs_main = from_refs;
    char dir[1100];
    snprintf(dir, sizeof dir, "%s/%s", snapshots, name);
    /* Its index, when the snapshot has one: the CLI reads it as --index (rl_checkpoint_from_index). */
    char index[1200];
    snprintf(index, sizeof index, "%s/model.safetensors.index.json", dir);
    FILE *f = fopen(index, "rb");
    if (f != NULL && strlen(index) < sizeof out->index_path) {
        fclose(f);
        memcpy(out->index_path, index, strlen(index) + 1);
    } else if (f != NULL) {
        fclose(f);
    }
}

rl_status rl_hf_cache_find(const char *repo, rl_hf_found *out, rl_error *err) {
    memset(out, 0, sizeof *out);
    const char *slash = repo ? strchr(repo, '/') : NULL;
    if (slash == NULL || strchr(slash + 1, '/') != NULL || !valid_part(repo, (size_t)(slash - repo)) ||
        !valid_part(slash + 1, strlen(slash + 1)))
        return hf_fail(err, RL_E_USAGE, "--hf takes a Hugging Face repo id, org/name (got \"%.80s\")", repo ? repo : "");

    /* huggingface_hub's order: HF_HUB_CACHE, else $HF_HOME/hub, else ~/.cache/huggingface/hub. */
    char hub[700];
    const char *hub_cache = getenv("HF_HUB_CACHE"), *hf_home = getenv("HF_HOME");
    if (hub_cache && hub_cache[0]) snprintf(hub, sizeof hub, "%s", hub_cache);
    else if (hf_home && hf_home[0]) snprintf(hub, sizeof hub, "%s/hub", hf_home);
    else snprintf(hub, sizeof hub, "%s/.cache/huggingface/hub", getenv("HOME") ? getenv("HOME") : "");
    char snapshots[900];
    snprintf(snapshots, sizeof snapshots, "%s/models--%.*s--%s/snapshots", hub, (int)(slash - repo), repo, slash + 1);

    /* refs/main names the snapshot of the main branch: preferred. */
    char refs[960], path[1200];
    snprintf(refs, sizeof refs, "%.*s/refs/main", (int)(strlen(snapshots) - strlen("/snapshots")), snapshots);
    char *ref = slurp(refs, 255);
    struct stat st;
    if (ref) {
        ref[strcspn(ref, " \t\r\n")] = '\0';
        snprintf(path, sizeof path, "%s/%s/config.json", snapshots, ref);
        int ok = ref[0] && strchr(ref, '/') == NULL && is_file(path, &st);
        if (ok) take(out, snapshots, ref, 1);
        free(ref);
        if (ok) return RL_OK;
    }
    /* Otherwise the snapshot whose config.json is newest (ties: the first name in byte order). */
    DIR *dir = opendir(snapshots);
    char best[256] = "";
    struct timespec best_time = {0, 0};
    if (dir) {
        struct dirent *e;
        while ((e = readdir(dir)) != NULL) {
            if (e->d_name[0] == '.' || strlen(e->d_name) >= sizeof best) continue;
            snprintf(path, sizeof path, "%s/%s/config.json", snapshots, e->d_name);
            if (!is_file(path, &st)) continue;
            int newer = best[0] == '\0' || st.st_mtim.tv_sec > best_time.tv_sec ||
                        (st.st_mtim.tv_sec == best_time.tv_sec && st.st_mtim.tv_nsec > best_time.tv_nsec) ||
                        (st.st_mtim.tv_sec == best_time.tv_sec && st.st_mtim.tv_nsec == best_time.tv_nsec &&
                         strcmp(e->d_name, best) < 0);
            if (newer) {
                snprintf(best, sizeof best, "%s", e->d_name);
                best_time = st.st_mtim;
            }
        }
        closedir(dir);
    }
    if (best[0] == '\0')
        return hf_fail(err, RL_E_FILE,
                       "--hf %.100s: no config.json in the local Hugging Face cache; looked in %.300s/*/config.json "
                       "(HF_HUB_CACHE, else $HF_HOME/hub, default ~/.cache/huggingface/hub; no network is used: "
                       "download it first, or pass --config PATH)",
                       repo, snapshots);
    take(out, snapshots, best, 0);
    return RL_OK;
}

int rl_hf_cache_config(const char *repo, char *path, size_t cap) {
    static rl_hf_found found; /* about 1.3 KB: kept off the stack */
    rl_error err;
    if (rl_hf_cache_find(repo, &found, &err) != RL_OK) return 0;
    return snprintf(path, cap, "%s", found.config_path) < (int)cap;
}

int rl_model_dir_config(const char *dir, char *path, size_t cap) {
    if (dir[0] == '\0' || snprintf(path, cap, "%s/config.json", dir) >= (int)cap) return 0;
    FILE *f = fopen(path, "rb");
    if (f == NULL) return 0;
    fclose(f);
    return 1;
}
