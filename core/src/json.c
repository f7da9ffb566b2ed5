/* JSON reading (no allocation): one strict pass that checks the grammar and
 * records the tokens, then typed readers over the tokens. */
#include "internal.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int hexval(char c);

/* ---- the tokenizer ---------------------------------------------------------
 * One pass over the text checks it against the JSON grammar (RFC 8259: no
 * trailing commas, no bare words, escapes and numbers as specified) and
 * records each value as a token: objects and arrays with their extent and
 * child count, strings without their quotes, numbers and true/false/null as
 * primitives. Iterative, with a bounded nesting depth, so hostile input costs
 * O(n) time and a fixed stack. Errors keep this order: a syntax error anywhere
 * in the text, then a top level that is not an object, then too many tokens. */

#define RL_JSON_MAX_DEPTH 64

static bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Scanners return SCAN_OK and move *i past the token, SCAN_BAD on a wrong
 * character, or SCAN_END when the text stops mid-token (truncation). */
typedef enum { SCAN_OK, SCAN_BAD, SCAN_END } scan;

static scan scan_string(const char *s, size_t len, size_t *i) {
    size_t k = *i + 1;
    while (k < len) {
        unsigned char c = (unsigned char)s[k];
        if (c == '"') {
            *i = k + 1;
            return SCAN_OK;
        }
        if (c < 0x20) return SCAN_BAD;
        if (c == '\\') {
            if (++k >= len) return SCAN_END;
            char e = s[k];
            if (e == 'u') {
                for (size_t h = 1; h <= 4; h++) {
                    if (k + h >= len) return SCAN_END;
                    if (hexval(s[k + h]) < 0) return SCAN_BAD;
                }
                k += 4;
            } else if (e == '\0' || strchr("\"\\/bfnrt", e) == NULL) {
                return SCAN_BAD;
            }
        }
        k++;
    }
    return SCAN_END;
}

static scan scan_digits(const char *s, size_t len, size_t *k) {
    if (*k >= len) return SCAN_END;
    if (!is_digit(s[*k])) return SCAN_BAD;
    while (*k < len && is_digit(s[*k])) (*k)++;
    return SCAN_OK;
}

static scan scan_number(const char *s, size_t len, size_t *i) {
    size_t k = *i;
    scan r;
    if (s[k] == '-') k++;
    if (k < len && s[k] == '0') k++;
    else if ((r = scan_digits(s, len, &k)) != SCAN_OK) return r;
    if (k < len && s[k] == '.') {
        k++;
        if ((r = scan_digits(s, len, &k)) != SCAN_OK) return r;
    }
    if (k < len && (s[k] == 'e' || s[k] == 'E')) {
        k++;
        if (k < len && (s[k] == '+' || s[k] == '-')) k++;
        if ((r = scan_digits(s, len, &k)) != SCAN_OK) return r;
    }
    *i = k;
    return SCAN_OK;
}

/* The words a value may be. Beside JSON's three, the three Python's json module
 * reads and writes for floats that are not finite: transformers loads a
 * config.json with json.loads, and published configs hold them (Nemotron-H's
 * "time_step_limit": [0.0, Infinity]). They are values only where a number may
 * be; a field we read refuses them by name (token_number, rl_jnum). */
static const char *const literal_words[] = {"true", "false", "null", "NaN", "Infinity", "-Infinity"};
#define LITERAL_WORDS ((int)(sizeof literal_words / sizeof literal_words[0]))

static scan scan_literal(const char *s, size_t len, size_t *i) {
    const char *const *words = literal_words;
    for (int w = 0; w < LITERAL_WORDS; w++) {
        size_t n = strlen(words[w]), room = len - *i;
        if (room >= n && memcmp(s + *i, words[w], n) == 0) {
            *i += n;
            return SCAN_OK;
        }
        if (room < n && memcmp(s + *i, words[w], room) == 0) return SCAN_END;
    }
    return SCAN_BAD;
}

typedef enum { V_VALUE, V_VALUE_OR_CLOSE, V_KEY, V_KEY_OR_CLOSE, V_COLON, V_COMMA_OR_CLOSE, V_DONE } vstate;

/* The tokens being recorded. Past RL_CONFIG_MAX_TOKENS they are counted, not
 * kept, so that a syntax error later in the text is still the one reported. */
typedef struct tokens {
    rl_jdoc *doc;                     /* NULL: keep none (rl_jvisit) */
    rl_jvisit_fn visit;               /* called for every token as it is met, when not NULL */
    void *visit_ctx;
    rl_jtype first;                   /* the top level's type */
    int seen;                         /* tokens met so far, kept or not */
    int open[RL_JSON_MAX_DEPTH];      /* token of each open object or array, -1 when not kept */
    char kind[RL_JSON_MAX_DEPTH];     /* '{' or '[' for each of them */
    int depth;
    int key;                          /* the key whose value comes next, -1 when not kept */
} tokens;

/* Records a token and returns its index, or -1 past the limit. */
static int record(tokens *t, rl_jtype type, size_t start, size_t end, bool is_key) {
    int i = t->seen++;
    if (i == 0) t->first = type;
    if (t->visit != NULL) t->visit(t->visit_ctx, type, start, end, t->depth, is_key);
    if (t->doc == NULL || i >= RL_CONFIG_MAX_TOKENS) return -1;
    rl_jtok *k = &t->doc->tok[i];
    k->type = type;
    k->start = (int)start;
    k->end = (int)end;
    k->size = 0;
    return i;
}

/* A value is a child of the array it is in, or of the key before it (whose
 * size becomes 1; an object counts its keys). */
static void attach_value(tokens *t) {
    if (t->depth == 0 || t->doc == NULL) return;
    int parent = t->kind[t->depth - 1] == '{' ? t->key : t->open[t->depth - 1];
    if (parent < 0) return;
    if (t->kind[t->depth - 1] == '{') t->doc->tok[parent].size = 1;
    else t->doc->tok[parent].size++;
}

static rl_status tokenize(tokens t, const char *s, size_t len, const char *what, rl_error *err) {
    rl_jdoc *doc = t.doc;
    vstate st = V_VALUE;
    size_t i = 0;
    for (;;) {
        while (i < len && is_ws(s[i])) i++;
        if (i >= len) break;
        char c = s[i];
        size_t at = i;
        scan r = SCAN_OK;
        switch (st) {
        case V_VALUE:
        case V_VALUE_OR_CLOSE:
            if (st == V_VALUE_OR_CLOSE && c == ']') {
                int open = t.open[--t.depth];
                if (open >= 0) doc->tok[open].end = (int)(i + 1);
                i++;
                st = t.depth ? V_COMMA_OR_CLOSE : V_DONE;
            } else if (c == '{' || c == '[') {
                if (t.depth == RL_JSON_MAX_DEPTH)
                    return rl_fail(err, RL_E_TOO_LARGE, what, "%s is nested more than %d levels deep", what,
                                   RL_JSON_MAX_DEPTH);
                int k = record(&t, c == '{' ? RL_J_OBJECT : RL_J_ARRAY, i, i, false);
                attach_value(&t);
                t.open[t.depth] = k;
                t.kind[t.depth++] = c;
                i++;
                st = c == '{' ? V_KEY_OR_CLOSE : V_VALUE_OR_CLOSE;
            } else if (c == '"') {
                r = scan_string(s, len, &i);
                if (r == SCAN_OK) {
                    record(&t, RL_J_STRING, at + 1, i - 1, false);
                    attach_value(&t);
                }
                st = t.depth ? V_COMMA_OR_CLOSE : V_DONE;
            } else {
                bool numeral = is_digit(c) || (c == '-' && !(i + 1 < len && s[i + 1] == 'I'));
                r = numeral ? scan_number(s, len, &i) : scan_literal(s, len, &i);
                if (r == SCAN_OK) {
                    record(&t, RL_J_PRIM, at, i, false);
                    attach_value(&t);
                }
                st = t.depth ? V_COMMA_OR_CLOSE : V_DONE;
            }
            break;
        case V_KEY:
        case V_KEY_OR_CLOSE:
            if (st == V_KEY_OR_CLOSE && c == '}') {
                int open = t.open[--t.depth];
                if (open >= 0) doc->tok[open].end = (int)(i + 1);
                i++;
                st = t.depth ? V_COMMA_OR_CLOSE : V_DONE;
            } else {
                r = c == '"' ? scan_string(s, len, &i) : SCAN_BAD;
                if (r == SCAN_OK) {
                    int open = t.open[t.depth - 1];
                    t.key = record(&t, RL_J_STRING, at + 1, i - 1, true);
                    if (open >= 0 && doc != NULL) doc->tok[open].size++;
                }
                st = V_COLON;
            }
            break;
        case V_COLON:
            r = c == ':' ? SCAN_OK : SCAN_BAD;
            i++;
            st = V_VALUE;
            break;
        case V_COMMA_OR_CLOSE:
            if (c == ',') {
                st = t.kind[t.depth - 1] == '{' ? V_KEY : V_VALUE;
                i++;
            } else if (c == (t.kind[t.depth - 1] == '{' ? '}' : ']')) {
                int open = t.open[--t.depth];
                if (open >= 0) doc->tok[open].end = (int)(i + 1);
                i++;
                st = t.depth ? V_COMMA_OR_CLOSE : V_DONE;
            } else {
                r = SCAN_BAD;
            }
            break;
        case V_DONE:
            return rl_fail(err, RL_E_JSON_SYNTAX, what, "%s has text after its closing brace (byte %zu)", what, at);
        }
        if (r == SCAN_END) return rl_fail(err, RL_E_JSON_SYNTAX, what, "%s is truncated JSON (it ends mid-value)", what);
        if (r == SCAN_BAD) return rl_fail(err, RL_E_JSON_SYNTAX, what, "%s is not valid JSON (at byte %zu)", what, at);
    }
    if (st == V_VALUE && t.depth == 0)
        return rl_fail(err, RL_E_JSON_SYNTAX, what, "%s is empty; expected a JSON object", what);
    if (st != V_DONE) return rl_fail(err, RL_E_JSON_SYNTAX, what, "%s is truncated JSON (it ends mid-value)", what);
    if (t.first != RL_J_OBJECT)
        return rl_fail(err, RL_E_JSON_TYPE, what, "%s must be a JSON object {...}", what);
    if (doc == NULL) return RL_OK;
    if (t.seen > RL_CONFIG_MAX_TOKENS)
        return rl_fail(err, RL_E_TOO_LARGE, what, "%s has more than %d JSON tokens", what, RL_CONFIG_MAX_TOKENS);
    doc->count = t.seen;
    return RL_OK;
}

/* The checks every document gets before its first token: present, within its byte limit, no NUL. */
static rl_status check_text(const char *text, size_t len, size_t max_len, const char *what, rl_error *err) {
    if (text == NULL) return rl_fail(err, RL_E_NULL, what, "%s: no text was given", what);
    if (len > max_len)
        return rl_fail(err, RL_E_TOO_LARGE, what, "%s is %zu bytes; the limit is %zu bytes", what,
                       len, max_len);
    /* A NUL byte would end the text for any C string reader after us. */
    if (memchr(text, '\0', len) != NULL)
        return rl_fail(err, RL_E_JSON_SYNTAX, what, "%s contains a NUL byte; it must be JSON text",
                       what);
    return RL_OK;
}

rl_status rl_jvisit(const char *text, size_t len, size_t max_len, const char *what, rl_jvisit_fn visit, void *ctx,
                    rl_error *err) {
    rl_status st = check_text(text, len, max_len, what, err);
    if (st) return st;
    tokens t = {.doc = NULL, .visit = visit, .visit_ctx = ctx, .key = -1};
    return tokenize(t, text, len, what, err);
}

rl_status rl_jparse(rl_jdoc *doc, const char *text, size_t len, size_t max_len, const char *what,
                    rl_error *err) {
    doc->text = text;
    doc->len = len;
    doc->count = 0;
    rl_status st = check_text(text, len, max_len, what, err);
    if (st) return st;
    tokens t = {.doc = doc, .key = -1};
    return tokenize(t, text, len, what, err);
}

int rl_jnext(const rl_jdoc *doc, int i) {
    /* Iterative: a deeply nested document must not exhaust the C stack. */
    int pending = 1;
    while (pending > 0 && i < doc->count) {
        const rl_jtok *t = &doc->tok[i];
        pending -= 1;
        if (t->type == RL_J_OBJECT) pending += 2 * t->size;
        else if (t->type == RL_J_ARRAY) pending += t->size;
        i++;
    }
    return i;
}

static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decodes a JSON string token into buf. Returns false when it does not fit or
 * uses a \u escape outside ASCII (never needed by a key or value we read). */
static bool decode_string(const rl_jdoc *doc, int i, char *buf, size_t cap) {
    const rl_jtok *t = &doc->tok[i];
    size_t o = 0;
    for (int k = t->start; k < t->end; k++) {
        char c = doc->text[k];
        if (c == '\\') {
            k++;
            if (k >= t->end) return false;
            char e = doc->text[k];
            switch (e) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case '/': c = '/'; break;
            case '\\': c = '\\'; break;
            case '"': c = '"'; break;
            case 'u': {
                if (k + 4 >= t->end) return false;
                int v = 0;
                for (int h = 1; h <= 4; h++) {
                    int x = hexval(doc->text[k + h]);
                    if (x < 0) return false;
                    v = v * 16 + x;
                }
                if (v == 0 || v > 0x7f) return false;
                c = (char)v;
                k += 4;
                break;
            }
            default: return false;
            }
        }
        if (o + 1 >= cap) return false;
        buf[o++] = c;
    }
    if (cap == 0) return false;
    buf[o] = '\0';
    return true;
}

bool rl_jkey_is(const rl_jdoc *doc, int i, const char *key) {
    const rl_jtok *t = &doc->tok[i];
    if (t->type != RL_J_STRING) return false;
    size_t klen = strlen(key);
    size_t tlen = (size_t)(t->end - t->start);
    if (memchr(doc->text + t->start, '\\', tlen) == NULL)
        return tlen == klen && memcmp(doc->text + t->start, key, klen) == 0;
    char buf[128];
    return decode_string(doc, i, buf, sizeof buf) && strcmp(buf, key) == 0;
}

int rl_jget(const rl_jdoc *doc, int obj, const char *key) {
    if (obj < 0 || obj >= doc->count || doc->tok[obj].type != RL_J_OBJECT) return RL_J_ABSENT;
    int i = obj + 1;
    for (int k = 0; k < doc->tok[obj].size; k++) {
        if (rl_jkey_is(doc, i, key)) return i + 1;
        i = rl_jnext(doc, i + 1);
    }
    return RL_J_ABSENT;
}

rl_status rl_jcheck_unique(const rl_jdoc *doc, int obj, const char *prefix, rl_error *err) {
    int n = doc->tok[obj].size;
    int i = obj + 1;
    for (int a = 0; a < n; a++) {
        char ka[128];
        bool ok = decode_string(doc, i, ka, sizeof ka);
        int j = rl_jnext(doc, i + 1);
        for (int b = a + 1; ok && b < n; b++) {
            if (rl_jkey_is(doc, j, ka)) {
                char field[64];
                /* Keep the prefix whole and cut the key, so the field always says where it is. */
                if (prefix[0]) snprintf(field, sizeof field, "%.20s.%.40s", prefix, ka);
                else snprintf(field, sizeof field, "%.60s", ka);
                return rl_fail(err, RL_E_DUPLICATE_KEY, field,
                               "%s appears twice; each key may be given once", field);
            }
            j = rl_jnext(doc, j + 1);
        }
        i = rl_jnext(doc, i + 1);
    }
    return RL_OK;
}

bool rl_jis_null(const rl_jdoc *doc, int i) {
    const rl_jtok *t = &doc->tok[i];
    return t->type == RL_J_PRIM && t->end - t->start == 4 && memcmp(doc->text + t->start, "null", 4) == 0;
}

/* A JSON number token as a double; false for true/false/null and for numerals
 * too long to be anything but hostile. Overflow gives ±inf, which every range
 * check refuses. */
static bool token_number(const rl_jdoc *doc, int i, double *out) {
    const rl_jtok *t = &doc->tok[i];
    if (t->type != RL_J_PRIM) return false;
    char c = doc->text[t->start];
    /* Python's non-finite literals (the tokenizer lets only these three words through);
     * every range check refuses them, naming the field. */
    if (c == 'N' || c == 'I' || (c == '-' && doc->text[t->start + 1] == 'I')) {
        *out = c == 'N' ? NAN : c == '-' ? -INFINITY : INFINITY;
        return true;
    }
    if (c != '-' && (c < '0' || c > '9')) return false;
    char buf[512];
    size_t n = (size_t)(t->end - t->start);
    if (n >= sizeof buf) {
        /* A valid numeral this long is hostile: call it infinite, which every range check refuses. */
        *out = c == '-' ? -INFINITY : INFINITY;
        return true;
    }
    memcpy(buf, doc->text + t->start, n);
    buf[n] = '\0';
    char *end = NULL;
    double v = rl_strtod(buf, &end);
    if (end != buf + n) return false;
    *out = v;
    return true;
}

rl_status rl_check_int(int64_t v, const char *field, int64_t lo, int64_t hi, rl_error *err) {
    if (v < lo || v > hi)
        return rl_fail(err, RL_E_RANGE, field, "%s must be an integer from %lld to %lld (got %lld)",
                       field, (long long)lo, (long long)hi, (long long)v);
    return RL_OK;
}

static rl_status check_int_double(double v, const char *field, int64_t lo, int64_t hi,
                                  int64_t *out, rl_error *err) {
    if (isnan(v))
        return rl_fail(err, RL_E_NOT_INTEGER, field, "%s must be an integer from %lld to %lld (got NaN)",
                       field, (long long)lo, (long long)hi);
    bool range = v < (double)lo || v > (double)hi;
    if (range || v != floor(v)) {
        /* The value as given, to its last digit (%g wrote 16777217 as 1.67772e+07); formatted
         * only here, off the path every count a request or config holds takes. */
        char got[RL_FMT_MAX_LEN + 1];
        got[rl_fmt_json_number(got, v)] = '\0';
        return rl_fail(err, range ? RL_E_RANGE : RL_E_NOT_INTEGER, field, "%s must be %s from %lld to %lld (got %s)", field,
                       range ? "an integer" : "a whole number", (long long)lo, (long long)hi, got);
    }
    *out = (int64_t)v;
    return RL_OK;
}

rl_status rl_jint(const rl_jdoc *doc, int i, const char *field, int64_t lo, int64_t hi,
                  int64_t *out, rl_error *err) {
    double v = 0.0;
    if (!token_number(doc, i, &v))
        return rl_fail(err, RL_E_JSON_TYPE, field, "%s must be a number (an integer from %lld to %lld)",
                       field, (long long)lo, (long long)hi);
    return check_int_double(v, field, lo, hi, out, err);
}

rl_status rl_jnum(const rl_jdoc *doc, int i, const char *field, double *out, rl_error *err) {
    if (!token_number(doc, i, out))
        return rl_fail(err, RL_E_JSON_TYPE, field, "%s must be a number", field);

    if (*out == 0.0) *out = 0.0; /* -0 is 0: a reserve of "-0" GiB is none, and prints as 0 */
    return RL_OK;
}

rl_status rl_jbool(const rl_jdoc *doc, int i, const char *field, int *out, rl_error *err) {
    const rl_jtok *t = &doc->tok[i];
    int n = t->end - t->start;
    if (t->type == RL_J_PRIM && n == 4 && memcmp(doc->text + t->start, "true", 4) == 0) {
        *out = 1;
        return RL_OK;
    }
    if (t->type == RL_J_PRIM && n == 5 && memcmp(doc->text + t->start, "false", 5) == 0) {
        *out = 0;
        return RL_OK;
    }
    return rl_fail(err, RL_E_JSON_TYPE, field, "%s must be true or false", field);
}

rl_status rl_jstr(const rl_jdoc *doc, int i, const char *field, char *buf, size_t cap,
                  rl_error *err) {
    if (doc->tok[i].type != RL_J_STRING)
        return rl_fail(err, RL_E_JSON_TYPE, field, "%s must be a string", field);
    if (!decode_string(doc, i, buf, cap))
        return rl_fail(err, RL_E_RANGE, field, "%s must be a short ASCII string (under %zu bytes)",
                       field, cap);
    return RL_OK;
}

rl_status rl_parse_count(const char *s, const char *field, int64_t lo, int64_t hi, int64_t *out,
                       rl_error *err) {
    double v = 0.0;
    rl_status st = rl_parse_number(s, field, &v, err);
    if (st == RL_E_RANGE) /* ±inf / overflow: say the integer range */
        return rl_fail(err, RL_E_RANGE, field, "%s must be an integer from %lld to %lld (got %s)",
                       field, (long long)lo, (long long)hi, s);
    if (st != RL_OK)
        return rl_fail(err, RL_E_NOT_INTEGER, field,
                       "%s must be an integer from %lld to %lld (got \"%.32s\")", field,
                       (long long)lo, (long long)hi, s);
    return check_int_double(v, field, lo, hi, out, err);
}

rl_status rl_parse_number(const char *s, const char *field, double *out, rl_error *err) {
    if (s == NULL || *s == '\0')
        return rl_fail(err, RL_E_NOT_INTEGER, field, "%s needs a number", field);
    errno = 0;
    char *end = NULL;
    double v = rl_strtod(s, &end);
    if (end == s || *end != '\0' || isnan(v))
        return rl_fail(err, RL_E_NOT_INTEGER, field, "%s must be a number (got \"%.32s\")", field, s);
    if (isinf(v) || errno == ERANGE)
        return rl_fail(err, RL_E_RANGE, field, "%s is out of range (got \"%.32s\")", field, s);
    *out = v == 0.0 ? 0.0 : v; /* -0 is 0, as in rl_jnum */
    return RL_OK;
}
