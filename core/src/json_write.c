/* The one JSON writer: string and number literals, and objects and arrays
 * whose members are written through rl_jw (which puts the commas in), all
 * into an rl_out. The report, the estimate, the error object and the sweep
 * are written with it. */
#include "internal.h"

#include <math.h>

/* Length of the valid UTF-8 sequence at p (1..4), or 0 when it is not valid. */
static size_t utf8_len(const unsigned char *p) {
    if (p[0] < 0x80) return 1;
    size_t n = p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : p[0] >= 0xe0 && p[0] <= 0xef ? 3 : p[0] >= 0xc2 && p[0] <= 0xdf ? 2 : 0;
    for (size_t k = 1; k < n; k++)
        if ((p[k] & 0xc0) != 0x80) return 0;
    if (n == 3 && ((p[0] == 0xe0 && p[1] < 0xa0) || (p[0] == 0xed && p[1] >= 0xa0))) return 0; /* overlong, surrogate */
    if (n == 4 && ((p[0] == 0xf0 && p[1] < 0x90) || (p[0] == 0xf4 && p[1] >= 0x90))) return 0;
    return n;
}

void rl_out_jstr(rl_out *o, const char *s) {
    rl_out_bytes(o, "\"", 1);
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        if (*p == '"' || *p == '\\') {
            char e[2] = {'\\', (char)*p};
            rl_out_bytes(o, e, 2);
            p++;
        } else if (*p < 0x20 || *p == '<' || *p == '>' || *p == '&' || *p == 0x7f) {
            /* Also escape <, > and & so the text is inert if someone pastes it into HTML. */
            static const char hex[] = "0123456789abcdef";
            char e[6] = {'\\', 'u', '0', '0', hex[*p >> 4], hex[*p & 15]};
            rl_out_bytes(o, e, 6);
            p++;
        } else {
            /* Echoed user text may be cut mid-character: never emit invalid UTF-8. */
            size_t n = utf8_len(p);
            if (n == 0) {
                rl_out_bytes(o, "\\ufffd", 6);
                p++;
            } else {
                rl_out_bytes(o, (const char *)p, n);
                p += n;
            }
        }
    }
    rl_out_bytes(o, "\"", 1);
}

void rl_out_jnum(rl_out *o, double v) {
    if (!isfinite(v)) {
        /* Never emitted by a correct analysis; null keeps the JSON valid. */
        rl_out_raw(o, "null");
        return;
    }
    char buf[RL_FMT_MAX_LEN];
    size_t n = v == floor(v) && fabs(v) < RL_MAX_EXACT ? rl_fmt_double(buf, v, 'f', 0) : rl_fmt_shortest(buf, v);
    rl_out_bytes(o, buf, n);
}

static void open_in(rl_jw *w, rl_out *o, char open, char close) {
    w->o = o;
    w->first = true;
    w->close = close;
    rl_out_bytes(o, &open, 1);
}

void rl_jw_begin_object(rl_jw *w, rl_out *o) { open_in(w, o, '{', '}'); }
void rl_jw_begin_array(rl_jw *w, rl_out *o) { open_in(w, o, '[', ']'); }

void rl_jw_key(rl_jw *w, const char *key) {
    if (!w->first) rl_out_bytes(w->o, ",", 1);
    w->first = false;
    if (key == NULL) return;
    rl_out_jstr(w->o, key);
    rl_out_bytes(w->o, ":", 1);
}

void rl_jw_object(rl_jw *w, const char *key, rl_jw *inner) {
    rl_jw_key(w, key);
    open_in(inner, w->o, '{', '}');
}

void rl_jw_array(rl_jw *w, const char *key, rl_jw *inner) {
    rl_jw_key(w, key);
    open_in(inner, w->o, '[', ']');
}

void rl_jw_end(rl_jw *w) { rl_out_bytes(w->o, &w->close, 1); }

void rl_jw_num(rl_jw *w, const char *key, double v) {
    rl_jw_key(w, key);
    rl_out_jnum(w->o, v);
}

void rl_jw_str(rl_jw *w, const char *key, const char *v) {
    rl_jw_key(w, key);
    rl_out_jstr(w->o, v);
}

void rl_jw_bool(rl_jw *w, const char *key, bool v) {
    rl_jw_key(w, key);
    rl_out_raw(w->o, v ? "true" : "false");
}

void rl_jw_null(rl_jw *w, const char *key) {
    rl_jw_key(w, key);
    rl_out_raw(w->o, "null");
}
