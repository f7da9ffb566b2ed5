/* The JSON layer, the output buffer and the small name tables, checked one
 * function at a time (core/src/json.c, json_write.c, common.c): the tokens the
 * tokenizer records (type, extent, child count), the order and kind of its
 * errors at every limit (nesting depth, token count, byte size), the typed
 * readers at their bounds, the writer's escaping, and the output buffer's
 * truncation. Expected values come from RFC 8259 (the JSON grammar), RFC 3629
 * (which bytes are UTF-8), the token layout documented in internal.h, and by
 * hand in the comments; none is pasted from the core's output. */
#include "internal.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static int passed = 0, failed = 0;

static rl_jdoc doc; /* 64 KiB: kept off the stack */

static rl_status parse(const char *text, rl_error *err) {
    rl_clear_error(err);
    return rl_jparse(&doc, text, strlen(text), RL_CONFIG_MAX_BYTES, "config", err);
}

static bool tok_is(int i, rl_jtype type, const char *text, int size) {
    const rl_jtok *t = &doc.tok[i];
    size_t n = strlen(text);
    return t->type == type && (size_t)(t->end - t->start) == n && memcmp(doc.text + t->start, text, n) == 0 &&
           t->size == size;
}

/* ---- the tokens ------------------------------------------------------------ */

static void test_tokens(void) {
    rl_error err;
    /* {"a":1,"b":[true,"x",{}],"c":{"d":null}}
     * tokens: 0 {  1 "a"  2 1  3 "b"  4 [  5 true  6 "x"  7 {}  8 "c"  9 {  10 "d"  11 null */
    const char *text = "{\"a\":1,\"b\":[true,\"x\",{}],\"c\":{\"d\":null}}";
    CHECK(parse(text, &err) == RL_OK, "the sample parses: %s", err.message);
    CHECK(doc.count == 12, "12 tokens, got %d", doc.count);
    CHECK(doc.tok[0].type == RL_J_OBJECT && doc.tok[0].size == 3 && doc.tok[0].start == 0 &&
              doc.tok[0].end == (int)strlen(text),
          "root: an object of 3 keys spanning the whole text (size %d, %d..%d)", doc.tok[0].size, doc.tok[0].start,
          doc.tok[0].end);
    CHECK(tok_is(1, RL_J_STRING, "a", 1), "key a: a string of size 1 (its value), size %d", doc.tok[1].size);
    CHECK(tok_is(2, RL_J_PRIM, "1", 0), "1: a primitive");
    CHECK(tok_is(3, RL_J_STRING, "b", 1), "key b has size 1, got %d", doc.tok[3].size);
    /* the array [true,"x",{}] (13 bytes) starts at byte 11: its ']' is byte 23, its end 24 */
    CHECK(doc.tok[4].type == RL_J_ARRAY && doc.tok[4].size == 3 && doc.tok[4].start == 11 && doc.tok[4].end == 24,
          "the array: 3 items at 11..24, got size %d at %d..%d", doc.tok[4].size, doc.tok[4].start, doc.tok[4].end);
    CHECK(tok_is(5, RL_J_PRIM, "true", 0), "true: a primitive");
    CHECK(tok_is(6, RL_J_STRING, "x", 0), "an array's string item has no children, size %d", doc.tok[6].size);
    CHECK(doc.tok[7].type == RL_J_OBJECT && doc.tok[7].size == 0 && doc.tok[7].end - doc.tok[7].start == 2,
          "{} is an empty object of 2 bytes");
    CHECK(tok_is(8, RL_J_STRING, "c", 1), "key c has size 1");
    CHECK(doc.tok[9].type == RL_J_OBJECT && doc.tok[9].size == 1, "the inner object has 1 key");
    CHECK(tok_is(10, RL_J_STRING, "d", 1), "key d has size 1");
    CHECK(tok_is(11, RL_J_PRIM, "null", 0) && rl_jis_null(&doc, 11), "null is null");
    CHECK(!rl_jis_null(&doc, 2) && !rl_jis_null(&doc, 5) && !rl_jis_null(&doc, 6), "1, true and \"x\" are not null");

    /* rl_jnext: past each subtree */
    CHECK(rl_jnext(&doc, 0) == 12, "past the root is 12, got %d", rl_jnext(&doc, 0));
    CHECK(rl_jnext(&doc, 2) == 3, "past a primitive is the next token");
    CHECK(rl_jnext(&doc, 4) == 8, "past the array [true,\"x\",{}] is token 8, got %d", rl_jnext(&doc, 4));
    CHECK(rl_jnext(&doc, 7) == 8, "past {} is token 8");
    CHECK(rl_jnext(&doc, 9) == 12, "past {\"d\":null} is token 12, got %d", rl_jnext(&doc, 9));

    /* rl_jget */
    CHECK(rl_jget(&doc, 0, "a") == 2 && rl_jget(&doc, 0, "b") == 4 && rl_jget(&doc, 0, "c") == 9,
          "rl_jget finds a, b, c at 2, 4, 9: %d %d %d", rl_jget(&doc, 0, "a"), rl_jget(&doc, 0, "b"),
          rl_jget(&doc, 0, "c"));
    CHECK(rl_jget(&doc, 9, "d") == 11, "rl_jget in the inner object");
    CHECK(rl_jget(&doc, 0, "d") == RL_J_ABSENT, "d is not a key of the root");
    CHECK(rl_jget(&doc, 0, "x") == RL_J_ABSENT, "x (an array item) is not a key");
    CHECK(rl_jget(&doc, 4, "a") == RL_J_ABSENT, "an array has no keys");
    CHECK(rl_jget(&doc, -1, "a") == RL_J_ABSENT && rl_jget(&doc, 12, "a") == RL_J_ABSENT,
          "an index outside the document is absent");
    CHECK(rl_jget(&doc, 7, "a") == RL_J_ABSENT, "an empty object has no keys");

    /* nested arrays: [[1,2],[3]] inside an object */
    CHECK(parse("{\"k\":[[1,2],[3],[]],\"z\":0}", &err) == RL_OK, "nested arrays parse");
    /* 0 { 1 k 2 [ 3 [ 4 1 5 2 6 [ 7 3 8 [ 9 z 10 0 */
    CHECK(doc.tok[2].size == 3 && doc.tok[3].size == 2 && doc.tok[6].size == 1 && doc.tok[8].size == 0,
          "array sizes 3, 2, 1, 0: %d %d %d %d", doc.tok[2].size, doc.tok[3].size, doc.tok[6].size, doc.tok[8].size);
    CHECK(rl_jget(&doc, 0, "z") == 10, "z after nested arrays is token 10, got %d", rl_jget(&doc, 0, "z"));
    /* extents: [[1,2],[3],[]] starts at byte 5; [1,2] is 6..11, [3] 12..15, [] 16..18, the whole 5..19 */
    CHECK(doc.tok[2].start == 5 && doc.tok[2].end == 19 && doc.tok[3].start == 6 && doc.tok[3].end == 11 &&
              doc.tok[6].start == 12 && doc.tok[6].end == 15 && doc.tok[8].start == 16 && doc.tok[8].end == 18,
          "array extents: %d..%d %d..%d %d..%d %d..%d", doc.tok[2].start, doc.tok[2].end, doc.tok[3].start,
          doc.tok[3].end, doc.tok[6].start, doc.tok[6].end, doc.tok[8].start, doc.tok[8].end);
    CHECK(parse("{\"o\":{},\"p\":{ }}", &err) == RL_OK && doc.tok[2].start == 5 && doc.tok[2].end == 7 &&
              doc.tok[4].start == 12 && doc.tok[4].end == 15 && doc.tok[0].end == 16,
          "empty objects: 5..7 and 12..15, got %d..%d %d..%d", doc.tok[2].start, doc.tok[2].end, doc.tok[4].start,
          doc.tok[4].end);
    CHECK(parse("{\"k\":[[1,2],[3],[]],\"z\":0}", &err) == RL_OK, "nested arrays again");
    CHECK(doc.count == 11, "11 tokens");

    /* items after a closed object or array still count for their array: [{"a":1},7,8] has 3 items */
    CHECK(parse("{\"k\":[{\"a\":1},7,8],\"m\":[[9],{\"b\":[]},\"s\"],\"z\":1}", &err) == RL_OK, "mixed items");
    /* 0 { 1 k 2 [ 3 { 4 a 5 1 6 7 7 8 8 m 9 [ 10 [ 11 9 12 { 13 b 14 [ 15 s 16 z 17 1 */
    CHECK(doc.tok[2].size == 3 && doc.tok[9].size == 3 && doc.tok[12].size == 1 && doc.tok[13].size == 1,
          "[{...},7,8] and [[9],{...},\"s\"] have 3 items each: %d %d", doc.tok[2].size, doc.tok[9].size);
    CHECK(rl_jget(&doc, 0, "m") == 9 && rl_jget(&doc, 0, "z") == 17 && rl_jnext(&doc, 2) == 8,
          "m at 9, z at 17: %d %d", rl_jget(&doc, 0, "m"), rl_jget(&doc, 0, "z"));

    /* an index past the document is absent, whatever an earlier document left in the tokens after it */
    CHECK(parse("{\"p\":[1,{\"a\":1}]}", &err) == RL_OK && doc.tok[4].type == RL_J_OBJECT, "a longer document first");
    /* then one of 4 tokens whose byte 10 is also an a (the stale key token 5 spans bytes 10..11) */
    CHECK(parse("{\"p\":[\"xxxa\"]}", &err) == RL_OK && doc.count == 4, "then one of 4 tokens");
    CHECK(rl_jget(&doc, 4, "a") == RL_J_ABSENT && rl_jget(&doc, 5, "a") == RL_J_ABSENT,
          "token 4 is past the document: no key a there, got %d", rl_jget(&doc, 4, "a"));

    /* whitespace of all four kinds around every token */
    CHECK(parse(" \t\r\n{ \"a\" :\n[ 1 ,\t2 ] ,\r\"b\" : \"s\" }\n\t ", &err) == RL_OK, "whitespace: %s", err.message);
    CHECK(doc.count == 7 && doc.tok[0].size == 2 && doc.tok[2].size == 2, "whitespace changes no token");
    CHECK(tok_is(6, RL_J_STRING, "s", 0), "the string s");
}

/* ---- the tokenizer's errors -------------------------------------------------- */

static void expect_error(const char *text, rl_status want, const char *words) {
    rl_error err;
    rl_status st = parse(text, &err);
    CHECK(st == want && strstr(err.message, words) != NULL && strcmp(err.field, "config") == 0,
          "%.60s: want %s \"%s\", got %s \"%s\" (field %s)", text, rl_status_name(want), words, rl_status_name(st),
          err.message, err.field);
}

static void test_errors(void) {
    /* RFC 8259 grammar, each refusal at the byte where it becomes wrong */
    expect_error("", RL_E_JSON_SYNTAX, "is empty");
    expect_error(" \n\t", RL_E_JSON_SYNTAX, "is empty");
    expect_error("{", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{\"a\"", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{\"a\":", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{\"a\":1", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{\"a\":1,", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{\"a\":[1", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{\"a\":[", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{\"a", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{\"a\":\"x\\", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{\"a\":\"\\u12", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{\"a\":\"\\u123", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{\"a\":\"\\u1234", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{\"a\":tr", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{\"a\":fals", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{\"a\":n", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{\"a\":-", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{\"a\":1.", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{\"a\":1e", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{\"a\":1e-", RL_E_JSON_SYNTAX, "truncated");
    /* wrong characters, each at its byte: {"a": is 5 bytes, so the value starts at byte 5 */
    expect_error("{\"a\":trux}", RL_E_JSON_SYNTAX, "at byte 5");
    expect_error("{\"a\":nulx}", RL_E_JSON_SYNTAX, "at byte 5");
    expect_error("{\"a\":x}", RL_E_JSON_SYNTAX, "at byte 5");
    expect_error("{\"a\":+1}", RL_E_JSON_SYNTAX, "at byte 5");
    expect_error("{\"a\":.5}", RL_E_JSON_SYNTAX, "at byte 5");
    expect_error("{\"a\":-x}", RL_E_JSON_SYNTAX, "at byte 5");
    expect_error("{\"a\":1.x}", RL_E_JSON_SYNTAX, "at byte 5");
    expect_error("{\"a\":1ex}", RL_E_JSON_SYNTAX, "at byte 5");
    expect_error("{\"a\":1e+x}", RL_E_JSON_SYNTAX, "at byte 5");
    expect_error("{\"a\":\"\\x\"}", RL_E_JSON_SYNTAX, "at byte 5");
    expect_error("{\"a\":\"\\u12g4\"}", RL_E_JSON_SYNTAX, "at byte 5");
    expect_error("{\"a\":\"\\u123g\"}", RL_E_JSON_SYNTAX, "at byte 5"); /* four hex digits, not three */
    expect_error("{\"a\":\"\\uG123\"}", RL_E_JSON_SYNTAX, "at byte 5");
    expect_error("{\"a\":\"\t\"}", RL_E_JSON_SYNTAX, "at byte 5"); /* a raw control character in a string */
    expect_error("{\"a\":\"\x1f\"}", RL_E_JSON_SYNTAX, "at byte 5");
    /* 01: the 0 is the whole number, then 1 where a comma belongs (byte 6) */
    expect_error("{\"a\":01}", RL_E_JSON_SYNTAX, "at byte 6");
    expect_error("{\"a\":-01}", RL_E_JSON_SYNTAX, "at byte 7");
    expect_error("{\"a\":1 2}", RL_E_JSON_SYNTAX, "at byte 7");
    expect_error("{\"a\" 1}", RL_E_JSON_SYNTAX, "at byte 5");
    expect_error("{\"a\":1,}", RL_E_JSON_SYNTAX, "at byte 7");
    expect_error("{\"a\":[1,]}", RL_E_JSON_SYNTAX, "at byte 8");
    expect_error("{\"a\":[1}", RL_E_JSON_SYNTAX, "at byte 7");
    expect_error("{\"a\":{]}", RL_E_JSON_SYNTAX, "at byte 6");
    expect_error("{\"a\":1]", RL_E_JSON_SYNTAX, "at byte 6");
    expect_error("{a:1}", RL_E_JSON_SYNTAX, "at byte 1");
    expect_error("{,}", RL_E_JSON_SYNTAX, "at byte 1");
    expect_error("{}}", RL_E_JSON_SYNTAX, "text after its closing brace (byte 2)");
    expect_error("{} {}", RL_E_JSON_SYNTAX, "text after its closing brace (byte 3)");
    expect_error("{}x", RL_E_JSON_SYNTAX, "byte 2");
    /* a syntax error anywhere outranks a top level that is not an object */
    expect_error("[1,]", RL_E_JSON_SYNTAX, "at byte 3");
    expect_error("[1", RL_E_JSON_SYNTAX, "truncated");
    expect_error("[1]", RL_E_JSON_TYPE, "must be a JSON object");
    expect_error("[]", RL_E_JSON_TYPE, "must be a JSON object");
    expect_error("\"s\"", RL_E_JSON_TYPE, "must be a JSON object");
    expect_error("12", RL_E_JSON_TYPE, "must be a JSON object");
    expect_error("null", RL_E_JSON_TYPE, "must be a JSON object");
    expect_error("1 2", RL_E_JSON_SYNTAX, "byte 2");
    /* and the valid edge forms */
    rl_error err;
    const char *ok[] = {"{}", "{\"a\":\" x ~\\u0020\"}", "{\"a b\":\"\x7f\xc3\xa9\"}", "{\"\":0}", "{\"a\":-0}", "{\"a\":0.5e-3}", "{\"a\":1E+2}", "{\"a\":-10.25E2}",
                        "{\"a\":\"\\u00e9\\\"\\\\\\/\\b\\f\\n\\r\\t\"}", "{\"a\":[[],{}]}", "{\"a\":false}"};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        CHECK(parse(ok[i], &err) == RL_OK, "%s is valid JSON: %s", ok[i], err.message);

    /* the NUL byte, the byte limit (inclusive) and the NULL text */
    const char nul[] = "{\"a\":\"x\0\"}";
    rl_status st = rl_jparse(&doc, nul, sizeof nul - 1, 100, "request", &err);
    CHECK(st == RL_E_JSON_SYNTAX && strstr(err.message, "NUL") && strcmp(err.field, "request") == 0,
          "a NUL byte is refused, naming the document: %s", err.message);
    st = rl_jparse(&doc, "{\"a\":12}", 8, 8, "request", &err);
    CHECK(st == RL_OK, "8 bytes under a limit of 8 pass: %s", err.message);
    st = rl_jparse(&doc, "{\"a\":123}", 9, 8, "request", &err);
    CHECK(st == RL_E_TOO_LARGE && strstr(err.message, "9 bytes; the limit is 8 bytes"),
          "9 bytes over a limit of 8 are too large: %s", err.message);
    st = rl_jparse(&doc, "{}", 0, 8, "request", &err);
    CHECK(st == RL_E_JSON_SYNTAX && strstr(err.message, "empty"), "a length of 0 reads no text");
    st = rl_jparse(&doc, "{\"a\":1}xyz", 7, 100, "request", &err);
    CHECK(st == RL_OK && doc.count == 3, "only len bytes are read");
    st = rl_jparse(&doc, NULL, 0, 100, "request", &err);
    CHECK(st == RL_E_NULL, "no text: null");
}

/* ---- the limits: depth and tokens --------------------------------------------- */

static char big[RL_CONFIG_MAX_TOKENS * 8 + 1000];

static void test_limits(void) {
    rl_error err;
    /* 64 levels: the root object and 63 arrays inside it ({"a":[[...]]}) */
    for (int levels = 63; levels <= 65; levels++) {
        size_t n = 0;
        n += (size_t)sprintf(big + n, "{\"a\":");
        for (int k = 1; k < levels; k++) big[n++] = '[';
        for (int k = 1; k < levels; k++) big[n++] = ']';
        big[n++] = '}';
        big[n] = '\0';
        rl_status st = parse(big, &err);
        if (levels <= 64)
            CHECK(st == RL_OK, "%d levels of nesting are accepted: %s", levels, err.message);
        else
            CHECK(st == RL_E_TOO_LARGE && strstr(err.message, "more than 64 levels"),
                  "%d levels are too deep: %s %s", levels, rl_status_name(st), err.message);
        if (levels == 64)
            CHECK(doc.count == 65 && doc.tok[2].size == 1 && doc.tok[64].size == 0 && rl_jnext(&doc, 2) == 65,
                  "64 levels: 65 tokens, each array holds the next");
    }
    /* the deepest array of 64 levels closed by the wrong bracket is a syntax error, not a depth error */
    /* tokens: {"k":[0,0,...]} is 3 + items tokens. RL_CONFIG_MAX_TOKENS items + 3 overflows. */
    for (int extra = -1; extra <= 1; extra++) {
        int items = RL_CONFIG_MAX_TOKENS - 3 + extra; /* total tokens: root, key, array, the items */
        size_t n = (size_t)sprintf(big, "{\"k\":[");
        for (int k = 0; k < items; k++) n += (size_t)sprintf(big + n, k ? ",%d" : "%d", k % 10);
        n += (size_t)sprintf(big + n, "]}");
        rl_status st = parse(big, &err);
        if (extra <= 0) {
            CHECK(st == RL_OK && doc.count == items + 3, "%d tokens are accepted: %s", items + 3, err.message);
            CHECK(doc.tok[2].size == items && rl_jnext(&doc, 0) == items + 3, "the array counts all %d items", items);
        } else {
            CHECK(st == RL_E_TOO_LARGE && strstr(err.message, "more than 8192 JSON tokens"),
                  "%d tokens are too many: %s %s", items + 3, rl_status_name(st), err.message);
        }
        /* the same text, broken at its end: the syntax error is still the one named */
        big[n - 1] = ',';
        st = parse(big, &err);
        CHECK(st == RL_E_JSON_SYNTAX, "a syntax error past %d tokens is a syntax error: %s", items + 3,
              rl_status_name(st));
    }
    /* past the limit, keys and objects are counted but not kept: a key past it still parses */
    size_t n = (size_t)sprintf(big, "{\"k\":[");
    for (int k = 0; k < RL_CONFIG_MAX_TOKENS; k++) n += (size_t)sprintf(big + n, "%s1", k ? "," : "");
    n += (size_t)sprintf(big + n, "],\"m\":{\"q\":[1]}}");
    CHECK(parse(big, &err) == RL_E_TOO_LARGE, "objects past the limit: too large");
}

/* ---- strings and keys ------------------------------------------------------------ */

static void test_strings(void) {
    rl_error err;
    char buf[16];
    /* "A\u0042\n\t" decodes to A B newline tab */
    CHECK(parse("{\"k\":\"A\\u0042\\n\\t\\r\\b\\f\\/\\\\\\\"\",\"e\":\"\",\"n\":5,\"t\":true,\"f\":false,\"z\":null,"
                "\"lo\":\"\\u007f\",\"hi\":\"\\u0080\",\"zero\":\"\\u0000\",\"x\":\"\\u004A\\u004a\"}",
                &err) == RL_OK,
          "escapes parse: %s", err.message);
    int v = rl_jget(&doc, 0, "k");
    CHECK(rl_jstr(&doc, v, "k", buf, sizeof buf, &err) == RL_OK && strcmp(buf, "AB\n\t\r\b\f/\\\"") == 0,
          "every escape decodes: \"%s\"", buf);
    CHECK(rl_jstr(&doc, rl_jget(&doc, 0, "e"), "e", buf, sizeof buf, &err) == RL_OK && buf[0] == '\0',
          "the empty string");
    CHECK(rl_jstr(&doc, rl_jget(&doc, 0, "x"), "x", buf, sizeof buf, &err) == RL_OK && strcmp(buf, "JJ") == 0,
          "hex digits of both cases: \\u004A and \\u004a are J");
    CHECK(rl_jstr(&doc, rl_jget(&doc, 0, "lo"), "lo", buf, sizeof buf, &err) == RL_OK && buf[0] == 0x7f && !buf[1],
          "\\u007f is ASCII");
    rl_status st = rl_jstr(&doc, rl_jget(&doc, 0, "hi"), "hi", buf, sizeof buf, &err);
    CHECK(st == RL_E_RANGE && strcmp(err.field, "hi") == 0 && strstr(err.message, "under 16 bytes"),
          "\\u0080 is outside ASCII: %s", err.message);
    CHECK(rl_jstr(&doc, rl_jget(&doc, 0, "zero"), "zero", buf, sizeof buf, &err) == RL_E_RANGE, "\\u0000 is refused");
    CHECK(rl_jstr(&doc, rl_jget(&doc, 0, "n"), "n", buf, sizeof buf, &err) == RL_E_JSON_TYPE &&
              strstr(err.message, "n must be a string"),
          "a number is not a string");
    CHECK(rl_jstr(&doc, 0, "root", buf, sizeof buf, &err) == RL_E_JSON_TYPE, "an object is not a string");

    /* capacity: a string of cap - 1 bytes fits, one of cap does not */
    CHECK(parse("{\"a\":\"abcdefghijklmno\",\"b\":\"abcdefghijklmnop\",\"c\":\"abcdefghijklmn\\u0041\","
                "\"d\":\"abcdefghijklmno\\u0041\"}",
                &err) == RL_OK,
          "long strings parse");
    CHECK(rl_jstr(&doc, rl_jget(&doc, 0, "a"), "a", buf, sizeof buf, &err) == RL_OK && strlen(buf) == 15,
          "15 bytes fit 16");
    CHECK(rl_jstr(&doc, rl_jget(&doc, 0, "b"), "b", buf, sizeof buf, &err) == RL_E_RANGE, "16 bytes do not fit 16");
    CHECK(rl_jstr(&doc, rl_jget(&doc, 0, "c"), "c", buf, sizeof buf, &err) == RL_OK &&
              strcmp(buf, "abcdefghijklmnA") == 0,
          "14 bytes and an escape fit 16");
    CHECK(rl_jstr(&doc, rl_jget(&doc, 0, "d"), "d", buf, sizeof buf, &err) == RL_E_RANGE,
          "15 bytes and an escape do not fit 16");
    CHECK(rl_jstr(&doc, rl_jget(&doc, 0, "a"), "a", buf, 0, &err) == RL_E_RANGE, "nothing fits 0 bytes");
    char one[1] = {'x'};
    CHECK(parse("{\"e\":\"\"}", &err) == RL_OK && rl_jstr(&doc, 2, "e", one, 1, &err) == RL_OK && one[0] == '\0',
          "the empty string fits 1 byte");

    /* keys with escapes: rl_jkey_is and rl_jget decode them */
    CHECK(parse("{\"\\u0061b\":1,\"c\\\"d\":2,\"ab\":3,\"abc\":4,\"a\":5}", &err) == RL_OK, "escaped keys parse");
    CHECK(rl_jkey_is(&doc, 1, "ab") && !rl_jkey_is(&doc, 1, "a") && !rl_jkey_is(&doc, 1, "abc"),
          "\\u0061b is the key ab, not a or abc");
    CHECK(rl_jkey_is(&doc, 3, "c\"d"), "c\\\"d is the key c\"d");
    CHECK(!rl_jkey_is(&doc, 2, "1") && !rl_jkey_is(&doc, 0, ""), "a number or an object is no key");
    CHECK(rl_jget(&doc, 0, "abc") == 8 && rl_jget(&doc, 0, "a") == 10, "abc at 8, a at 10: %d %d",
          rl_jget(&doc, 0, "abc"), rl_jget(&doc, 0, "a"));
    CHECK(rl_jget(&doc, 0, "ab") == 2, "the first ab is the escaped one, at 2");

    /* duplicates, escaped or not, named with their prefix */
    st = rl_jcheck_unique(&doc, 0, "", &err);
    CHECK(st == RL_E_DUPLICATE_KEY && strcmp(err.field, "ab") == 0 && strstr(err.message, "ab appears twice"),
          "ab twice (once escaped) is a duplicate: %s %s", err.field, err.message);
    CHECK(parse("{\"g\":{\"x\":1,\"y\":{\"x\":2},\"z\":[{\"x\":3}],\"x\":4}}", &err) == RL_OK, "nested duplicates");
    st = rl_jcheck_unique(&doc, 2, "gpu", &err);
    CHECK(st == RL_E_DUPLICATE_KEY && strcmp(err.field, "gpu.x") == 0, "x twice in the inner object: %s",
          err.field);
    CHECK(rl_jcheck_unique(&doc, 0, "", &err) == RL_OK, "the root's one key g is unique");
    CHECK(parse("{\"x\":1,\"y\":2,\"z\":3,\"w\":{\"x\":1}}", &err) == RL_OK &&
              rl_jcheck_unique(&doc, 0, "p", &err) == RL_OK,
          "keys repeated only in a child object are not duplicates");
    CHECK(parse("{\"a\":1,\"b\":2,\"c\":3,\"c\":4}", &err) == RL_OK && rl_jcheck_unique(&doc, 0, "", &err) &&
              strcmp(err.field, "c") == 0,
          "the last two keys: a duplicate");
    /* a long prefix is cut to 20 bytes and a long key to 40 */
    char text[300];
    snprintf(text, sizeof text, "{\"%s\":1,\"%s\":2}", "0123456789012345678901234567890123456789abcdef",
             "0123456789012345678901234567890123456789abcdef");
    CHECK(parse(text, &err) == RL_OK, "long keys parse");
    st = rl_jcheck_unique(&doc, 0, "abcdefghijklmnopqrstuvwxyz", &err);
    CHECK(st == RL_E_DUPLICATE_KEY && strcmp(err.field, "abcdefghijklmnopqrst.0123456789012345678901234567890123456789") == 0,
          "prefix cut to 20, key to 40: %s", err.field);
    st = rl_jcheck_unique(&doc, 0, "", &err);
    CHECK(st == RL_E_DUPLICATE_KEY && strlen(err.field) == 46, "no prefix: the key whole (46 bytes): %s", err.field);
}

/* ---- numbers, booleans ------------------------------------------------------------- */

static void test_numbers(void) {
    rl_error err;
    CHECK(parse("{\"a\":12,\"b\":-3,\"c\":2.5,\"d\":1e3,\"e\":true,\"f\":false,\"g\":null,\"h\":\"7\",\"i\":1e999,"
                "\"j\":-1e999,\"k\":4.0,\"l\":0,\"m\":-0,\"n\":9007199254740993}",
                &err) == RL_OK,
          "numbers parse: %s", err.message);
    double x = 0;
    int64_t n = 0;
    CHECK(rl_jnum(&doc, rl_jget(&doc, 0, "a"), "a", &x, &err) == RL_OK && x == 12.0, "12");
    CHECK(rl_jnum(&doc, rl_jget(&doc, 0, "b"), "b", &x, &err) == RL_OK && x == -3.0, "-3");
    CHECK(rl_jnum(&doc, rl_jget(&doc, 0, "c"), "c", &x, &err) == RL_OK && x == 2.5, "2.5");
    CHECK(rl_jnum(&doc, rl_jget(&doc, 0, "d"), "d", &x, &err) == RL_OK && x == 1000.0, "1e3");
    CHECK(rl_jnum(&doc, rl_jget(&doc, 0, "i"), "i", &x, &err) == RL_OK && x == INFINITY, "1e999 is +inf");
    CHECK(rl_jnum(&doc, rl_jget(&doc, 0, "j"), "j", &x, &err) == RL_OK && x == -INFINITY, "-1e999 is -inf");
    const char *notnum[] = {"e", "f", "g", "h"};
    for (int k = 0; k < 4; k++) {
        rl_status st = rl_jnum(&doc, rl_jget(&doc, 0, notnum[k]), notnum[k], &x, &err);
        CHECK(st == RL_E_JSON_TYPE && strcmp(err.field, notnum[k]) == 0 && strstr(err.message, "must be a number"),
              "%s is not a number", notnum[k]);
        st = rl_jint(&doc, rl_jget(&doc, 0, notnum[k]), notnum[k], 0, 9, &n, &err);
        CHECK(st == RL_E_JSON_TYPE && strstr(err.message, "an integer from 0 to 9"), "%s is not an integer: %s",
              notnum[k], err.message);
    }
    CHECK(rl_jnum(&doc, 0, "root", &x, &err) == RL_E_JSON_TYPE, "an object is not a number");
    /* rl_jint's bounds are inclusive; a fraction is not an integer; an infinity is out of range */
    CHECK(rl_jint(&doc, rl_jget(&doc, 0, "a"), "a", 12, 12, &n, &err) == RL_OK && n == 12, "12 in [12, 12]");
    CHECK(rl_jint(&doc, rl_jget(&doc, 0, "a"), "a", 13, 20, &n, &err) == RL_E_RANGE &&
              strstr(err.message, "a must be an integer from 13 to 20 (got 12)"),
          "12 below [13, 20]: %s", err.message);
    CHECK(rl_jint(&doc, rl_jget(&doc, 0, "a"), "a", 0, 11, &n, &err) == RL_E_RANGE, "12 above [0, 11]");
    CHECK(rl_jint(&doc, rl_jget(&doc, 0, "b"), "b", -3, 0, &n, &err) == RL_OK && n == -3, "-3 in [-3, 0]");
    CHECK(rl_jint(&doc, rl_jget(&doc, 0, "b"), "b", -2, 0, &n, &err) == RL_E_RANGE, "-3 below [-2, 0]");
    CHECK(rl_jint(&doc, rl_jget(&doc, 0, "c"), "c", 0, 9, &n, &err) == RL_E_NOT_INTEGER &&
              strstr(err.message, "c must be a whole number from 0 to 9 (got 2.5)"),
          "2.5 is not whole: %s", err.message);
    CHECK(rl_jint(&doc, rl_jget(&doc, 0, "k"), "k", 0, 9, &n, &err) == RL_OK && n == 4, "4.0 is the integer 4");
    CHECK(rl_jint(&doc, rl_jget(&doc, 0, "i"), "i", 0, 9, &n, &err) == RL_E_RANGE &&
              strstr(err.message, "(got Infinity)"),
          "1e999 is out of range: %s", err.message);
    CHECK(rl_jint(&doc, rl_jget(&doc, 0, "j"), "j", 0, 9, &n, &err) == RL_E_RANGE, "-1e999 is out of range");
    CHECK(rl_jint(&doc, rl_jget(&doc, 0, "l"), "l", 0, 0, &n, &err) == RL_OK && n == 0, "0");
    CHECK(rl_jint(&doc, rl_jget(&doc, 0, "m"), "m", 0, 0, &n, &err) == RL_OK && n == 0, "-0 is 0");
    /* 2^53 + 1 reads as 2^53 (ties to even) */
    CHECK(rl_jint(&doc, rl_jget(&doc, 0, "n"), "n", 0, INT64_MAX, &n, &err) == RL_OK && n == 9007199254740992LL,
          "9007199254740993 reads as 2^53");
    /* booleans */
    int b = -1;
    CHECK(rl_jbool(&doc, rl_jget(&doc, 0, "e"), "e", &b, &err) == RL_OK && b == 1, "true");
    CHECK(rl_jbool(&doc, rl_jget(&doc, 0, "f"), "f", &b, &err) == RL_OK && b == 0, "false");
    const char *notbool[] = {"a", "g", "h", "l"};
    for (int k = 0; k < 4; k++)
        CHECK(rl_jbool(&doc, rl_jget(&doc, 0, notbool[k]), notbool[k], &b, &err) == RL_E_JSON_TYPE &&
                  strstr(err.message, "must be true or false"),
              "%s is not a boolean", notbool[k]);
    /* primitives of the lengths of true and false that are neither */
    CHECK(parse("{\"a\":12345,\"b\":1234,\"c\":-1e10,\"d\":1.5e1}", &err) == RL_OK, "numbers of 4 and 5 bytes");
    for (int k = 2; k <= 8; k += 2)
        CHECK(rl_jbool(&doc, k, "x", &b, &err) == RL_E_JSON_TYPE, "a number of 4 or 5 bytes is not a boolean (%d)", k);
    CHECK(parse("{\"t\":\"true\",\"u\":[true]}", &err) == RL_OK &&
              rl_jbool(&doc, 2, "t", &b, &err) == RL_E_JSON_TYPE && rl_jbool(&doc, 4, "u", &b, &err) == RL_E_JSON_TYPE,
          "the string \"true\" and an array are not booleans");

    /* a numeral of 511 bytes is read; one of 512 or more is called infinite */
    static char text[1400];
    for (int len = 510; len <= 513; len++) {
        for (int sign = 0; sign < 2; sign++) {
            size_t k = (size_t)sprintf(text, "{\"a\":");
            if (sign) text[k++] = '-';
            /* 0.000...0001 e+(pad): digits of value 1 */
            int body = len - sign; /* "1" then zeros after a point, then e-N: stays a small number */
            text[k++] = '1';
            text[k++] = '.';
            for (int z = 2; z < body; z++) text[k++] = '0';
            sprintf(text + k, "}");
            CHECK(parse(text, &err) == RL_OK, "a %d-byte numeral parses", len);
            rl_status st = rl_jnum(&doc, 2, "a", &x, &err);
            double want = len < 512 ? (sign ? -1.0 : 1.0) : (sign ? -INFINITY : INFINITY);
            CHECK(st == RL_OK && x == want, "a %d-byte numeral 1.000... (sign %d) reads as %g, got %g", len, sign,
                  want, x);
        }
    }
}

/* ---- Python's json: NaN, Infinity, -Infinity ------------------------------------- */

/* transformers reads config.json with Python's json.loads, which takes these three
 * words as numbers (a published Nemotron-H config holds "time_step_limit": [0.0, Infinity]).
 * They parse as values; a field that is read refuses them by name. */
static void test_python_literals(void) {
    rl_error err;
    const char *text = "{\"a\":[0.0, Infinity],\"b\":NaN,\"c\":-Infinity,\"d\":{\"e\":[NaN,-Infinity]}}";
    CHECK(parse(text, &err) == RL_OK, "NaN, Infinity and -Infinity parse as values: %s", err.message);
    /* tokens: 0 {  1 "a"  2 [  3 0.0  4 Infinity  5 "b"  6 NaN  7 "c"  8 -Infinity  9 "d" 10 { 11 "e" 12 [ 13 NaN 14 -Infinity */
    CHECK(doc.count == 15, "15 tokens, got %d", doc.count);
    CHECK(tok_is(4, RL_J_PRIM, "Infinity", 0) && tok_is(6, RL_J_PRIM, "NaN", 0) && tok_is(8, RL_J_PRIM, "-Infinity", 0),
          "each is one primitive token, spelled as given");
    CHECK(doc.tok[2].size == 2 && doc.tok[12].size == 2, "arrays count them as items (%d, %d)", doc.tok[2].size,
          doc.tok[12].size);
    double x = 0;
    int64_t n = 0;
    CHECK(rl_jnum(&doc, 4, "a", &x, &err) == RL_OK && x == INFINITY, "Infinity reads as +inf");
    CHECK(rl_jnum(&doc, 8, "c", &x, &err) == RL_OK && x == -INFINITY, "-Infinity reads as -inf");
    CHECK(rl_jnum(&doc, 6, "b", &x, &err) == RL_OK && isnan(x), "NaN reads as NaN");
    CHECK(rl_jint(&doc, 4, "config.hidden_size", 1, 9, &n, &err) == RL_E_RANGE &&
              strcmp(err.message, "config.hidden_size must be an integer from 1 to 9 (got Infinity)") == 0,
          "an integer field given Infinity is out of range, named: %s", err.message);
    CHECK(rl_jint(&doc, 8, "x", 1, 9, &n, &err) == RL_E_RANGE && strstr(err.message, "(got -Infinity)"),
          "-Infinity likewise: %s", err.message);
    CHECK(rl_jint(&doc, 6, "x", 1, 9, &n, &err) == RL_E_NOT_INTEGER && strstr(err.message, "(got NaN)"),
          "NaN is not an integer: %s", err.message);
    int b = 0;
    CHECK(rl_jbool(&doc, 6, "x", &b, &err) == RL_E_JSON_TYPE && rl_jbool(&doc, 4, "x", &b, &err) == RL_E_JSON_TYPE,
          "nor is either a boolean");
    CHECK(!rl_jis_null(&doc, 6), "NaN is not null");
    /* Python's spelling only: json.loads refuses these too */
    expect_error("{\"a\":nan}", RL_E_JSON_SYNTAX, "at byte 5");
    expect_error("{\"a\":inf}", RL_E_JSON_SYNTAX, "at byte 5");
    expect_error("{\"a\":Inf}", RL_E_JSON_SYNTAX, "at byte 5");
    expect_error("{\"a\":-Inf}", RL_E_JSON_SYNTAX, "at byte 5");
    expect_error("{\"a\":+Infinity}", RL_E_JSON_SYNTAX, "at byte 5");
    expect_error("{\"a\":Infinityx}", RL_E_JSON_SYNTAX, "at byte 13");
    expect_error("{\"a\":Infinity", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{\"a\":-Infin", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{\"a\":Na", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{\"a\":-", RL_E_JSON_SYNTAX, "truncated");
    expect_error("{NaN:1}", RL_E_JSON_SYNTAX, "at byte 1"); /* a value, never a key */
    /* tabs between tokens are whitespace, as everywhere in JSON */
    CHECK(parse("{\t\"a\"\t:\t[\t1\t,\tInfinity\t]\t}", &err) == RL_OK, "tabs between tokens: %s", err.message);
}

/* ---- rl_check_int, rl_parse_number, rl_parse_count ---------------------------------- */

static void test_parse_text(void) {
    rl_error err;
    rl_clear_error(&err);
    CHECK(rl_check_int(5, "f", 5, 5, &err) == RL_OK, "5 in [5, 5]");
    CHECK(rl_check_int(4, "f", 5, 9, &err) == RL_E_RANGE && strstr(err.message, "f must be an integer from 5 to 9 (got 4)"),
          "4 below [5, 9]: %s", err.message);
    CHECK(rl_check_int(10, "f", 5, 9, &err) == RL_E_RANGE, "10 above [5, 9]");
    CHECK(rl_check_int(INT64_MIN, "f", INT64_MIN, INT64_MAX, &err) == RL_OK, "the whole int64 range");

    double x = -1;
    CHECK(rl_parse_number("2.5", "f", &x, &err) == RL_OK && x == 2.5, "2.5");
    CHECK(rl_parse_number("-1e-3", "f", &x, &err) == RL_OK && x == -0.001, "-1e-3");
    CHECK(rl_parse_number("0x10", "f", &x, &err) == RL_OK && x == 16.0, "hex 0x10 is 16 (strtod's grammar)");
    const char *bad[] = {"", "abc", "1x", "1 ", "nan", "-nan", "NaN(1)", "e5", ".", "-"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        rl_status st = rl_parse_number(bad[k], "f", &x, &err);
        CHECK(st == RL_E_NOT_INTEGER && strcmp(err.field, "f") == 0, "\"%s\" is not a number: %s", bad[k],
              rl_status_name(st));
    }
    CHECK(rl_parse_number(NULL, "f", &x, &err) == RL_E_NOT_INTEGER && strstr(err.message, "f needs a number"),
          "NULL needs a number");
    const char *range[] = {"inf", "-inf", "infinity", "1e400", "-1e400", "1e-400", "2e-310"};
    for (size_t k = 0; k < sizeof range / sizeof range[0]; k++) {
        rl_status st = rl_parse_number(range[k], "f", &x, &err);
        CHECK(st == RL_E_RANGE && strstr(err.message, "out of range"), "\"%s\" is out of range: %s", range[k],
              rl_status_name(st));
    }
    /* 2.2250738585072014e-308 is the least normal double: exact enough, not out of range */
    CHECK(rl_parse_number("2.2250738585072014e-308", "f", &x, &err) == RL_OK && x == 0x1p-1022,
          "the least normal double reads");
    errno = ERANGE; /* a stale errno is not the parse's */
    CHECK(rl_parse_number("7", "f", &x, &err) == RL_OK && x == 7.0, "a stale ERANGE is cleared");

    int64_t n = -1;
    CHECK(rl_parse_count("12", "c", 1, 12, &n, &err) == RL_OK && n == 12, "12 in [1, 12]");
    CHECK(rl_parse_count("1", "c", 1, 12, &n, &err) == RL_OK && n == 1, "1 in [1, 12]");
    CHECK(rl_parse_count("13", "c", 1, 12, &n, &err) == RL_E_RANGE && strstr(err.message, "from 1 to 12 (got 13)"),
          "13 above [1, 12]: %s", err.message);
    CHECK(rl_parse_count("0", "c", 1, 12, &n, &err) == RL_E_RANGE, "0 below [1, 12]");
    CHECK(rl_parse_count("2.5", "c", 1, 12, &n, &err) == RL_E_NOT_INTEGER &&
              strstr(err.message, "whole number from 1 to 12 (got 2.5)"),
          "2.5 is not whole: %s", err.message);
    CHECK(rl_parse_count("1e400", "c", 1, 12, &n, &err) == RL_E_RANGE &&
              strstr(err.message, "c must be an integer from 1 to 12 (got 1e400)"),
          "1e400: the integer range, with the text: %s", err.message);
    CHECK(rl_parse_count("x2", "c", 1, 12, &n, &err) == RL_E_NOT_INTEGER &&
              strstr(err.message, "c must be an integer from 1 to 12 (got \"x2\")"),
          "x2 is no integer: %s", err.message);
    CHECK(rl_parse_count("", "c", 1, 12, &n, &err) == RL_E_NOT_INTEGER, "empty is no integer");
    CHECK(rl_parse_count("nan", "c", 1, 12, &n, &err) == RL_E_NOT_INTEGER, "nan is no integer");
}

/* ---- the writer ---------------------------------------------------------------------- */

static void jstr_is(const char *in, const char *want) {
    char buf[256];
    rl_out o;
    rl_out_init(&o, buf, sizeof buf);
    rl_out_jstr(&o, in);
    CHECK(strcmp(buf, want) == 0 && o.len == strlen(want), "jstr(%s): want %s, got %s", in, want, buf);
}

static void jnum_is(double v, const char *want) {
    char buf[64];
    rl_out o;
    rl_out_init(&o, buf, sizeof buf);
    rl_out_jnum(&o, v);
    CHECK(strcmp(buf, want) == 0, "jnum(%.17g): want %s, got %s", v, want, buf);
}

static void test_writer(void) {
    jstr_is("", "\"\"");
    jstr_is("plain text", "\"plain text\"");
    jstr_is("a\"b\\c", "\"a\\\"b\\\\c\"");
    /* control characters as \u00XX, lowercase hex (RFC 8259 section 7) */
    jstr_is("\x01\x1f\n\t", "\"\\u0001\\u001f\\u000a\\u0009\"");
    jstr_is(" ~", "\" ~\""); /* 0x20 and 0x7e are plain */
    jstr_is("\x7f", "\"\\u007f\"");
    jstr_is("<a&b>", "\"\\u003ca\\u0026b\\u003e\"");
    jstr_is("=?", "\"=?\""); /* the neighbours of < and > (0x3d, 0x3f) are plain */
    jstr_is("%'", "\"%'\"");  /* the neighbours of & (0x25, 0x27) */
    /* UTF-8 (RFC 3629): valid sequences pass whole, each invalid byte becomes U+FFFD */
    jstr_is("\xc2\x80\xdf\xbf", "\"\xc2\x80\xdf\xbf\"");          /* U+0080, U+07FF */
    jstr_is("\xc0\x80", "\"\\ufffd\\ufffd\"");                    /* overlong NUL */
    jstr_is("\xc1\xbf", "\"\\ufffd\\ufffd\"");                    /* overlong */
    jstr_is("\xe0\xa0\x80\xef\xbf\xbf", "\"\xe0\xa0\x80\xef\xbf\xbf\""); /* U+0800, U+FFFF */
    jstr_is("\xe0\x9f\xbf", "\"\\ufffd\\ufffd\\ufffd\"");         /* overlong 3-byte */
    jstr_is("\xed\x9f\xbf", "\"\xed\x9f\xbf\"");                  /* U+D7FF */
    jstr_is("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"");         /* a surrogate, U+D800 */
    jstr_is("\xe1\x80\x80\xec\xbf\xbf\xee\x80\x80", "\"\xe1\x80\x80\xec\xbf\xbf\xee\x80\x80\"");
    jstr_is("\xf0\x90\x80\x80\xf4\x8f\xbf\xbf", "\"\xf0\x90\x80\x80\xf4\x8f\xbf\xbf\""); /* U+10000, U+10FFFF */
    jstr_is("\xf0\x8f\xbf\xbf", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");                    /* overlong 4-byte */
    jstr_is("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");                    /* past U+10FFFF */
    jstr_is("\xf3\xbf\xbf\xbf", "\"\xf3\xbf\xbf\xbf\"");
    jstr_is("\xf5\x80\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
    jstr_is("\xf8\xff\xfe", "\"\\ufffd\\ufffd\\ufffd\"");
    jstr_is("\x80x", "\"\\ufffdx\""); /* a lone continuation byte */
    jstr_is("\xbf", "\"\\ufffd\"");
    jstr_is("\xc2x", "\"\\ufffdx\"");          /* a lead byte without its continuation */
    jstr_is("\xc2\xc2\x80", "\"\\ufffd\xc2\x80\"");
    jstr_is("\xe2\x82x", "\"\\ufffd\\ufffdx\""); /* cut mid-character */
    jstr_is("\xe2\x82", "\"\\ufffd\\ufffd\"");   /* cut at the end of the text */
    jstr_is("\xf0\x9f\x98", "\"\\ufffd\\ufffd\\ufffd\"");
    jstr_is("\xe2\x82\xac!", "\"\xe2\x82\xac!\""); /* the euro sign */
    jstr_is("\xe2\xc2\xac", "\"\\ufffd\xc2\xac\"");

    /* numbers: whole numbers below 2^53 in full, others the shortest that reads back */
    jnum_is(0.0, "0");
    jnum_is(-0.0, "-0");
    jnum_is(42.0, "42");
    jnum_is(-7.0, "-7");
    jnum_is(1e15, "1000000000000000");
    jnum_is(9007199254740991.0, "9007199254740991"); /* 2^53 - 1 */
    jnum_is(1e17, "1e+17");                          /* a whole number past 2^53 */
    jnum_is(-1e17, "-1e+17");
    jnum_is(0.5, "0.5");
    jnum_is(0.1, "0.1");
    jnum_is(-2.25, "-2.25");
    jnum_is(1.0 / 3.0, "0.3333333333333333"); /* 16 digits: 15 do not read back */
    jnum_is(0.1 + 0.2, "0.30000000000000004");
    jnum_is(1e-7, "1e-07");
    jnum_is(123456.75, "123456.75");
    jnum_is(NAN, "null");
    jnum_is(INFINITY, "null");
    jnum_is(-INFINITY, "null");

    /* objects and arrays: the commas, nested, keys escaped */
    char buf[256];
    rl_out o;
    rl_out_init(&o, buf, sizeof buf);
    rl_jw w, a, in;
    rl_jw_begin_object(&w, &o);
    rl_jw_num(&w, "n", 1.5);
    rl_jw_str(&w, "s<", "x\"");
    rl_jw_array(&w, "a", &a);
    rl_jw_num(&a, NULL, 1);
    rl_jw_bool(&a, NULL, true);
    rl_jw_null(&a, NULL);
    rl_jw_bool(&a, NULL, false);
    rl_jw_end(&a);
    rl_jw_object(&w, "o", &in);
    rl_jw_end(&in);
    rl_jw_object(&w, "p", &in);
    rl_jw_null(&in, "q");
    rl_jw_end(&in);
    rl_jw_end(&w);
    const char *want = "{\"n\":1.5,\"s\\u003c\":\"x\\\"\",\"a\":[1,true,null,false],\"o\":{},\"p\":{\"q\":null}}";
    CHECK(strcmp(buf, want) == 0 && o.len == strlen(want), "writer: want %s, got %s", want, buf);
    /* what it writes reads back */
    rl_error err;
    CHECK(rl_jparse(&doc, buf, o.len, 1000, "out", &err) == RL_OK && doc.tok[0].size == 5, "the writer's JSON parses");
    rl_out_init(&o, buf, sizeof buf);
    rl_jw_begin_array(&w, &o);
    rl_jw_end(&w);
    CHECK(strcmp(buf, "[]") == 0, "an empty array: %s", buf);
}

/* ---- the output buffer --------------------------------------------------------------- */

static void test_out(void) {
    char buf[8];
    rl_out o;
    memset(buf, 'z', sizeof buf);
    rl_out_init(&o, buf, sizeof buf);
    CHECK(o.len == 0 && buf[0] == '\0', "init empties the buffer");
    rl_out_raw(&o, "abc");
    CHECK(o.len == 3 && strcmp(buf, "abc") == 0, "3 bytes");
    rl_out_raw(&o, "defg");
    CHECK(o.len == 7 && strcmp(buf, "abcdefg") == 0, "7 bytes fill a buffer of 8 with its terminator");
    rl_out_raw(&o, "hi");
    CHECK(o.len == 9 && strcmp(buf, "abcdefg") == 0, "past the end: counted, not written (%zu, %s)", o.len, buf);
    rl_out_raw(&o, "j");
    CHECK(o.len == 10 && strcmp(buf, "abcdefg") == 0, "still counted");
    /* one write that crosses the end keeps what fits */
    rl_out_init(&o, buf, sizeof buf);
    rl_out_raw(&o, "12345");
    rl_out_raw(&o, "6789");
    CHECK(o.len == 9 && strcmp(buf, "1234567") == 0, "a write across the end is cut at 7: %s", buf);
    /* the bytes, not the C string: a count shorter than the text */
    rl_out_init(&o, buf, sizeof buf);
    rl_out_bytes(&o, "abcdef", 2);
    CHECK(o.len == 2 && strcmp(buf, "ab") == 0, "2 bytes of abcdef: %s", buf);
    /* no buffer: a length only */
    rl_out_init(&o, NULL, 0);
    rl_out_raw(&o, "abc");
    rl_out_fmt(&o, "%d-%s", 42, "x");
    CHECK(o.len == 7, "no buffer: 3 + 4 bytes counted, got %zu", o.len);
    /* a buffer of one byte holds only the terminator */
    char one[2] = {'q', 'q'};
    rl_out_init(&o, one, 1);
    rl_out_raw(&o, "abc");
    CHECK(o.len == 3 && one[0] == '\0' && one[1] == 'q', "a one-byte buffer stays empty");
    /* capacity 0 with a buffer: nothing written at all */
    rl_out_init(&o, one, 0);
    CHECK(one[0] == '\0' && one[1] == 'q', "a zero-capacity buffer is not written");
    one[0] = 'q';
    rl_out_init(&o, one, 0);
    rl_out_raw(&o, "a");
    CHECK(one[0] == 'q' && o.len == 1, "a zero-capacity buffer is never written");

    /* rl_out_fmt: the formatted text, through a temporary of 512 bytes: at most 511 bytes */
    static char large[2048];
    rl_out_init(&o, large, sizeof large);
    rl_out_fmt(&o, "%s=%.2f", "pi", 3.14159);
    CHECK(o.len == 7 && strcmp(large, "pi=3.14") == 0, "fmt: %s", large);
    rl_out_fmt(&o, "%s", "");
    CHECK(o.len == 7, "an empty format adds nothing");
    rl_out_init(&o, large, sizeof large);
    rl_out_fmt(&o, "%511d", 7);
    CHECK(o.len == 511 && large[509] == ' ' && large[510] == '7' && large[511] == '\0',
          "511 bytes fit the temporary whole: %zu", o.len);
    rl_out_init(&o, large, sizeof large);
    rl_out_fmt(&o, "%600d", 7);
    CHECK(o.len == 511 && large[510] == ' ' && large[511] == '\0', "600 bytes are cut to 511, got %zu", o.len);
    rl_out_init(&o, large, sizeof large);
    rl_out_fmt(&o, "%512d|", 7);
    CHECK(o.len == 511 && strchr(large, '7') == NULL, "513 bytes are cut to 511 (the 7 at byte 512 is lost)");
}

/* ---- the name tables (roofline.h) ----------------------------------------------------- */

static void test_names(void) {
    /* the status names, in the order of the rl_status enum */
    static const char *const status[] = {"ok",           "null",        "range",        "not_integer",
                                         "unknown_preset", "unknown_name", "json_syntax", "json_type",
                                         "json_missing", "contradiction", "too_large",  "micro_batch",
                                         "duplicate_key", "unsupported", "file",        "usage"};
    CHECK(RL_STATUS_COUNT_ == 16, "16 statuses");
    for (int k = 0; k < 16; k++)
        CHECK(strcmp(rl_status_name((rl_status)k), status[k]) == 0, "status %d is %s, got %s", k, status[k],
              rl_status_name((rl_status)k));
    CHECK(strcmp(rl_status_name(RL_STATUS_COUNT_), "unknown") == 0 && strcmp(rl_status_name((rl_status)-1), "unknown") == 0,
          "outside the enum: unknown");
    CHECK(strcmp(rl_status_name(RL_E_RANGE), "range") == 0 && strcmp(rl_status_name(RL_E_JSON_SYNTAX), "json_syntax") == 0,
          "by name");

    /* precisions: each name parses to itself; bytes per weight from common.c's sources */
    static const struct {
        const char *name;
        double bytes;
        int kv;
    } prec[] = {{"auto", 0.0, 1},       {"fp32", 4.0, 1},        {"fp16", 2.0, 1},       {"bf16", 2.0, 1},
                {"fp8", 1.0, 1},        {"int8", 1.0, 1},        {"int4", 0.5, 1},       {"q8_0", 34.0 / 32, 1},
                {"q6_k", 210.0 / 256, 0}, {"q5_k_m", 5.70 / 8, 0}, {"q4_k_m", 4.90 / 8, 0}, {"q4_0", 18.0 / 32, 1},
                {"q3_k_m", 4.00 / 8, 0}, {"q2_k", 84.0 / 256, 0}, {"iq4_xs", 136.0 / 256, 0}, {"mxfp4", 17.0 / 32, 0},
                {"nvfp4", 9.0 / 16, 1}};
    CHECK(RL_PREC_COUNT_ == 17, "17 precisions");
    for (int k = 0; k < 17; k++) {
        rl_precision p = (rl_precision)-1;
        CHECK(rl_precision_parse(prec[k].name, &p) == RL_OK && (int)p == k, "%s parses to %d", prec[k].name, k);
        CHECK(strcmp(rl_precision_name((rl_precision)k), prec[k].name) == 0, "precision %d is %s", k, prec[k].name);
        CHECK(fabs(rl_precision_bytes((rl_precision)k) - prec[k].bytes) < 1e-15, "%s: %g bytes per weight, got %g",
              prec[k].name, prec[k].bytes, rl_precision_bytes((rl_precision)k));
        CHECK(!!rl_precision_is_kv((rl_precision)k) == prec[k].kv, "%s as a KV cache: %d", prec[k].name, prec[k].kv);
    }
    rl_precision p = RL_PREC_FP16;
    CHECK(rl_precision_parse("FP16", &p) == RL_E_UNKNOWN_NAME && rl_precision_parse("", &p) == RL_E_UNKNOWN_NAME &&
              rl_precision_parse(NULL, &p) == RL_E_UNKNOWN_NAME && rl_precision_parse("fp1", &p) == RL_E_UNKNOWN_NAME &&
              p == RL_PREC_FP16,
          "names are exact; a failed parse leaves the output");
    CHECK(strcmp(rl_precision_name(RL_PREC_COUNT_), "unknown") == 0 && rl_precision_bytes(RL_PREC_COUNT_) == 0.0 &&
              !rl_precision_is_kv(RL_PREC_COUNT_) && !rl_precision_is_kv((rl_precision)-1) &&
              rl_precision_bytes((rl_precision)-1) == 0.0 && strcmp(rl_precision_name((rl_precision)-1), "unknown") == 0,
          "outside the enum");

    rl_moe_read m = RL_MOE_UNION;
    CHECK(rl_moe_read_parse("distinct", &m) == RL_OK && m == RL_MOE_DISTINCT, "distinct");
    CHECK(rl_moe_read_parse("union", &m) == RL_OK && m == RL_MOE_UNION, "union");
    CHECK(rl_moe_read_parse("Union", &m) == RL_E_UNKNOWN_NAME && rl_moe_read_parse(NULL, &m) == RL_E_UNKNOWN_NAME &&
              m == RL_MOE_UNION,
          "other words are unknown");
    CHECK(strcmp(rl_moe_read_name(RL_MOE_UNION), "union") == 0 && strcmp(rl_moe_read_name(RL_MOE_DISTINCT), "distinct") == 0 &&
              strcmp(rl_moe_read_name((rl_moe_read)7), "unknown") == 0,
          "moe read names");

    CHECK(strcmp(rl_verdict_name(RL_FITS), "fits") == 0 && strcmp(rl_verdict_name(RL_WEIGHTS_DO_NOT_FIT), "weights_do_not_fit") == 0 &&
              strcmp(rl_verdict_name(RL_KV_DOES_NOT_FIT), "kv_does_not_fit") == 0 &&
              strcmp(rl_verdict_name(RL_TIGHT), "tight") == 0 &&
              strcmp(rl_verdict_name(RL_HOST_DOES_NOT_FIT), "host_ram_does_not_fit") == 0 &&
              strcmp(rl_verdict_name((rl_verdict)99), "unknown") == 0,
          "verdict names");
    CHECK(strcmp(rl_bound_name(RL_BOUND_MEMORY), "memory") == 0 && strcmp(rl_bound_name(RL_BOUND_COMPUTE), "compute") == 0 &&
              strcmp(rl_bound_name(RL_BOUND_UNKNOWN), "unknown") == 0 && strcmp(rl_bound_name(RL_BOUND_NONE), "none") == 0 &&
              strcmp(rl_bound_name((rl_bound)99), "none") == 0,
          "bound names");

    static const char *const warn[] = {"kv_heads_not_divisible_by_tp", "layers_not_divisible_by_pp",
                                       "pp_slower_than_one_gpu",       "kv_replicated_across_tp",
                                       "seq_over_max_positions",       "batch_not_divisible_by_micro_batches",
                                       "tight",                        "no_sourced_tflops",
                                       "speculation_slower",           "engine_lacks_weight_format",
                                       "engine_lacks_kv_format",       "engine_not_on_gpu",
                                       "dp_groups_idle"};
    CHECK(RL_WARN_COUNT_ == 13, "13 warnings");
    for (unsigned k = 0; k < 13; k++)
        CHECK(strcmp(rl_warning_code(k), warn[k]) == 0, "warning %u is %s, got %s", k, warn[k], rl_warning_code(k));
    CHECK(strcmp(rl_warning_code(13), "") == 0 && strcmp(rl_warning_code(1000), "") == 0, "past the warnings: empty");
    static const char *const remedy[] = {"lower_weight_precision", "lower_kv_precision", "more_tp",
                                         "smaller_batch",          "shorter_context",    "bigger_gpu",
                                         "raise_pool_fraction",    "fewer_gpu_layers",   "lower_precision_more_tp"};
    CHECK(RL_REMEDY_COUNT_ == 9, "9 remedies");
    for (unsigned k = 0; k < 9; k++)
        CHECK(strcmp(rl_remedy_code(k), remedy[k]) == 0, "remedy %u is %s", k, remedy[k]);
    CHECK(strcmp(rl_remedy_code(9), "") == 0, "past the remedies: empty");

    /* host memory: channels x 8 B x MT/s (roofline.h's table) */
    CHECK(rl_host_memory_gbs(RL_HOST_MEMORY_NONE) == 0.0, "none: 0");
    CHECK(fabs(rl_host_memory_gbs(RL_HOST_MEMORY_DDR4_3200_2CH) - 51.2) < 1e-9, "2 x 8 x 3200 = 51.2 GB/s");
    CHECK(fabs(rl_host_memory_gbs(RL_HOST_MEMORY_DDR5_5600_2CH) - 89.6) < 1e-9, "2 x 8 x 5600 = 89.6 GB/s");
    CHECK(fabs(rl_host_memory_gbs(RL_HOST_MEMORY_DDR5_4800_8CH) - 307.2) < 1e-9, "8 x 8 x 4800 = 307.2 GB/s");
    CHECK(fabs(rl_host_memory_gbs(RL_HOST_MEMORY_DDR5_6000_12CH) - 576.0) < 1e-9, "12 x 8 x 6000 = 576 GB/s");
    CHECK(rl_host_memory_gbs(RL_HOST_MEMORY_COUNT_) == 0.0 && rl_host_memory_gbs(-1) == 0.0, "outside: 0");
    rl_deploy d = rl_deploy_default();
    d.host_memory = RL_HOST_MEMORY_DDR5_4800_8CH;
    d.cpu_bandwidth_gbs = 0;
    CHECK(fabs(rl_deploy_host_gbs(&d) - 307.2) < 1e-9, "no own bandwidth: the preset's");
    d.cpu_bandwidth_gbs = 100;
    CHECK(rl_deploy_host_gbs(&d) == 100.0, "an own bandwidth outranks the preset");

    /* rl_fail and rl_clear_error */
    rl_error err;
    memset(&err, 'x', sizeof err);
    rl_clear_error(&err);
    CHECK(err.status == RL_OK && err.field[0] == '\0' && err.message[0] == '\0', "cleared");
    rl_clear_error(NULL);
    CHECK(rl_fail(&err, RL_E_RANGE, "f.g", "%s %d", "n", 3) == RL_E_RANGE && err.status == RL_E_RANGE &&
              strcmp(err.field, "f.g") == 0 && strcmp(err.message, "n 3") == 0,
          "rl_fail fills the error");
    CHECK(rl_fail(&err, RL_E_USAGE, NULL, "m") == RL_E_USAGE && err.field[0] == '\0', "no field: empty");
    CHECK(rl_fail(NULL, RL_E_FILE, "f", "m") == RL_E_FILE, "no error object: the status still returned");
}


/* ---- the field table: each row's range, at its edges (fields.c) ------------------------ */

static void *member_of(void *base, const rl_field *f) { return (char *)base + f->offset; }

/* Sets row f of base to v (a count is written as an integer), then checks the target's rows. */
static rl_status check_with(rl_field_target target, void *base, const rl_field *f, double v, rl_error *err) {
    if (f->type == RL_FIELD_COUNT) *(int64_t *)member_of(base, f) = (int64_t)v;
    else *(double *)member_of(base, f) = v;
    rl_clear_error(err);
    return rl_fields_check_target(target, base, err);
}

static void test_field_rows(void) {
    rl_error err;
    rl_deploy d0 = rl_deploy_default();
    rl_gpu g0;
    CHECK(rl_gpu_preset("h100-sxm", 0, &g0, &err) == RL_OK, "the h100-sxm preset: %s", err.message);
    rl_workload w0 = rl_workload_default();
    CHECK(rl_fields_check_target(RL_TARGET_DEPLOY, &d0, &err) == RL_OK &&
              rl_fields_check_target(RL_TARGET_GPU, &g0, &err) == RL_OK &&
              rl_fields_check_target(RL_TARGET_WORKLOAD, &w0, &err) == RL_OK,
          "the defaults and a preset pass their rows");
    int rows = 0;
    for (size_t i = 0; i < rl_field_count(); i++) {
        const rl_field *f = rl_field_at(i);
        if (f->target == RL_TARGET_NONE) continue;
        rl_deploy d = d0;
        rl_gpu g = g0;
        rl_workload w = w0;
        void *base = f->target == RL_TARGET_DEPLOY ? (void *)&d : f->target == RL_TARGET_GPU ? (void *)&g : (void *)&w;
        const void *orig = f->target == RL_TARGET_DEPLOY ? (const void *)&d0
                           : f->target == RL_TARGET_GPU  ? (const void *)&g0
                                                         : (const void *)&w0;
        bool zero_unset = (f->flags & RL_FIELD_ZERO_IS_UNSET) != 0;
        if (f->type == RL_FIELD_COUNT || f->type == RL_FIELD_NUMBER) {
            rows++;
            double below = f->type == RL_FIELD_COUNT ? f->min - 1 : nextafter(f->min, -INFINITY);
            double above = f->type == RL_FIELD_COUNT ? f->max + 1 : nextafter(f->max, INFINITY);
            CHECK(check_with(f->target, base, f, f->min, &err) == RL_OK, "%s at its min %g passes: %s", f->key, f->min,
                  err.message);
            CHECK(rl_field_check(f, base, &err) == RL_OK, "%s at its min: rl_field_check passes", f->key);
            CHECK(check_with(f->target, base, f, f->max, &err) == RL_OK, "%s at its max %g passes: %s", f->key, f->max,
                  err.message);
            CHECK(rl_field_check(f, base, &err) == RL_OK, "%s at its max: rl_field_check passes", f->key);
            const double bad[] = {below, above, NAN};
            for (int k = 0; k < 3; k++) {
                if (f->type == RL_FIELD_COUNT && isnan(bad[k])) continue;
                bool unset = zero_unset && bad[k] == 0.0;
                rl_status st = check_with(f->target, base, f, bad[k], &err);
                if (unset) {
                    CHECK(st == RL_OK, "%s = 0 means %s: passes", f->key, f->zero_means);
                } else {
                    CHECK(st == RL_E_RANGE && strcmp(err.field, f->key) == 0,
                          "%s = %g (outside %g..%g) is out of range, naming it: %s %s", f->key, bad[k], f->min, f->max,
                          rl_status_name(st), err.field);
                    CHECK(rl_field_check(f, base, &err) == RL_E_RANGE && strcmp(err.field, f->key) == 0,
                          "rl_field_check refuses %s = %g", f->key, bad[k]);
                    if (f->type == RL_FIELD_NUMBER && k < 2)
                        CHECK(strstr(err.message, "must be a number at least") != NULL, "%s's message: %s", f->key,
                              err.message);
                }
            }
            if (zero_unset) {
                CHECK(check_with(f->target, base, f, 0.0, &err) == RL_OK && rl_field_check(f, base, &err) == RL_OK,
                      "%s = 0 is unset", f->key);
            }
            /* round probes: accepted exactly when inside [min, max], or 0 on a row where 0 means unset */
            const double probe[] = {-1, 0.5, 1, 2, 16, 17, 100, 1e6, 1e7, 1e12, 2e12};
            for (size_t k = 0; k < sizeof probe / sizeof probe[0]; k++) {
                if (f->type == RL_FIELD_COUNT && probe[k] != floor(probe[k])) continue;
                bool ok = probe[k] >= f->min && probe[k] <= f->max;
                rl_status st = check_with(f->target, base, f, probe[k], &err);
                CHECK(ok ? st == RL_OK : (st == RL_E_RANGE && strcmp(err.field, f->key) == 0),
                      "%s = %g in %g..%g: %s, got %s", f->key, probe[k], f->min, f->max, ok ? "accepted" : "refused",
                      rl_status_name(st));
            }
            /* the whole-struct validators refuse it too, naming the row */
            if (f->target != RL_TARGET_WORKLOAD && !(zero_unset && below == 0.0)) {
                check_with(f->target, base, f, below, &err);
                rl_status st = f->target == RL_TARGET_DEPLOY ? rl_deploy_validate(&d, &err) : rl_gpu_validate(&g, &err);
                CHECK(st == RL_E_RANGE && strcmp(err.field, f->key) == 0, "validate refuses %s below its min: %s %s",
                      f->key, rl_status_name(st), err.field);
            }
            if (f->target != RL_TARGET_WORKLOAD) {
                check_with(f->target, base, f, above, &err);
                rl_status st = f->target == RL_TARGET_DEPLOY ? rl_deploy_validate(&d, &err) : rl_gpu_validate(&g, &err);
                CHECK(st == RL_E_RANGE && strcmp(err.field, f->key) == 0, "validate refuses %s above its max: %s %s",
                      f->key, rl_status_name(st), err.field);
            }
        } else if (f->type == RL_FIELD_ENUM) {
            rows++;
            int n = 0;
            while (f->choices[n]) n++;
            int *at = (int *)member_of(base, f);
            CHECK((double)*(const int *)((const char *)orig + f->offset) == f->def, "%s's default is choice %g", f->key,
                  f->def);
            *at = n - 1;
            CHECK(rl_field_check(f, base, &err) == RL_OK, "%s: its last choice %s passes", f->key, f->choices[n - 1]);
            *at = 0;
            CHECK(rl_field_check(f, base, &err) == RL_OK, "%s: its first choice passes", f->key);
            *at = n;
            CHECK(rl_field_check(f, base, &err) == RL_E_UNKNOWN_NAME && strcmp(err.field, f->key) == 0 &&
                      strstr(err.message, f->choices[n - 1]) != NULL && strstr(err.message, f->choices[0]) != NULL,
                  "%s: choice %d (one past the last) is unknown, listing the choices: %s", f->key, n, err.message);
            rl_status st = rl_fields_check_target(f->target, base, &err);
            CHECK(st == RL_E_UNKNOWN_NAME && strcmp(err.field, f->key) == 0, "%s past its choices: the rows refuse it",
                  f->key);
            *at = -1;
            CHECK(rl_field_check(f, base, &err) == RL_E_UNKNOWN_NAME, "%s: choice -1 is unknown", f->key);
            for (int k = 0; k < n; k++) CHECK(rl_field_choice(f, f->choices[k]) == k, "%s: %s is choice %d", f->key, f->choices[k], k);
            CHECK(rl_field_choice(f, "no-such-choice") == -1, "%s: an unknown word is -1", f->key);
            rl_field_bad_choice(f, "zz", &err);
            CHECK(err.status == RL_E_UNKNOWN_NAME && strstr(err.message, "(got \"zz\")") && strstr(err.message, ", "),
                  "bad choice: %s", err.message);
        }
        /* defaults: rl_field_set_default writes the row's default */
        if (f->type == RL_FIELD_COUNT || f->type == RL_FIELD_NUMBER || f->type == RL_FIELD_ENUM) {
            if (f->target == RL_TARGET_DEPLOY) {
                rl_deploy z;
                memset(&z, 0x55, sizeof z);
                rl_field_set_default(&z, f);
                double got = f->type == RL_FIELD_COUNT    ? (double)*(int64_t *)member_of(&z, f)
                             : f->type == RL_FIELD_NUMBER ? *(double *)member_of(&z, f)
                                                          : (double)*(int *)member_of(&z, f);
                CHECK(got == f->def, "%s's default %g, got %g", f->key, f->def, got);
            }
        }
    }
    CHECK(rows >= 40, "the rows walked: %d", rows);
    /* the lookups */
    CHECK(rl_field_by_key("micro_batches") && strcmp(rl_field_by_key("micro_batches")->key, "micro_batches") == 0,
          "micro_batches by key");
    CHECK(rl_field_by_key("micro_batch") == NULL && rl_field_by_key(NULL) == NULL && rl_field_by_key("") == NULL,
          "unknown keys");
    CHECK(rl_field_by_flag("--micro-batch") == rl_field_by_key("micro_batches") &&
              rl_field_by_flag("--micro-batches") == rl_field_by_key("micro_batches") &&
              rl_field_by_flag("--bandwidth") == rl_field_by_key("gpu.bandwidth_gbs") &&
              rl_field_by_flag("--vram") == rl_field_by_key("gpu.vram_gib"),
          "flags and their aliases");
    CHECK(rl_field_by_flag("--micro") == NULL && rl_field_by_flag("--micro-batc") == NULL &&
              rl_field_by_flag("micro-batch") == NULL && rl_field_by_flag(NULL) == NULL && rl_field_by_flag("") == NULL,
          "a prefix of an alias or flag is no flag");
    /* every row is found by its key, and by its flag and each alias */
    for (size_t i = 0; i < rl_field_count(); i++) {
        const rl_field *f = rl_field_at(i);
        CHECK(rl_field_by_key(f->key) == f, "%s by its key", f->key);
        if (f->flag && f->flag[0]) CHECK(rl_field_by_flag(f->flag) == f, "%s by its flag %s", f->key, f->flag);
        char words[256];
        snprintf(words, sizeof words, "%s", f->aliases ? f->aliases : "");
        for (char *tok = strtok(words, " "); tok; tok = strtok(NULL, " "))
            CHECK(rl_field_by_flag(tok) == f, "%s by its alias %s", f->key, tok);
    }
    CHECK(rl_field_at(rl_field_count()) == NULL, "past the rows: NULL");
}

/* ---- rl_deploy_validate's rules between fields, and rl_gpu_validate --------------------- */

static rl_deploy drafted(double layers, double hidden, double total) {
    rl_deploy d = rl_deploy_default();
    d.spec_tokens = 4;
    d.spec_accept = 0.7;
    d.draft.params_total = total;
    d.draft.layers = layers;
    d.draft.hidden = hidden;
    return d;
}

static void expect_validate(const rl_deploy *d, rl_status want, const char *field, const char *what) {
    rl_error err;
    rl_clear_error(&err);
    rl_status st = rl_deploy_validate(d, &err);
    CHECK(st == want && (want == RL_OK || strcmp(err.field, field) == 0), "%s: want %s %s, got %s %s (%s)", what,
          rl_status_name(want), field, rl_status_name(st), err.field, err.message);
}

static void test_validate(void) {
    rl_deploy d = rl_deploy_default();
    expect_validate(&d, RL_OK, "", "the default deployment");
    expect_validate(NULL, RL_E_NULL, "deploy", "no deployment");
    /* the draft's shape: at least one layer, a hidden size of at least 1, fewer than 2^53 weights */
    d = drafted(1, 1, 1);
    expect_validate(&d, RL_OK, "", "a draft of 1 layer, hidden 1, 1 weight");
    d = drafted(0.5, 1, 1);
    expect_validate(&d, RL_E_RANGE, "spec_draft", "a draft of half a layer");
    d = drafted(1, 0.5, 1);
    expect_validate(&d, RL_E_RANGE, "spec_draft", "a draft of hidden 0.5");
    d = drafted(1, 1, 9007199254740991.0);
    expect_validate(&d, RL_OK, "", "a draft of 2^53 - 1 weights");
    d = drafted(1, 1, 9007199254740992.0);
    expect_validate(&d, RL_E_RANGE, "spec_draft", "a draft of 2^53 weights");
    d = drafted(1, 1, INFINITY);
    expect_validate(&d, RL_E_RANGE, "spec_draft", "a draft of infinite weights");
    /* the three inputs of speculation together */
    d = drafted(2, 64, 1000);
    d.spec_accept = 0.0;
    expect_validate(&d, RL_E_CONTRADICTION, "spec_accept", "tokens and a draft without an acceptance rate");
    d = drafted(2, 64, 0);
    expect_validate(&d, RL_E_CONTRADICTION, "spec_draft", "tokens without a draft");
    d = drafted(2, 64, 1000);
    d.spec_tokens = 0;
    expect_validate(&d, RL_E_CONTRADICTION, "spec_tokens", "a draft without tokens");
    d = rl_deploy_default();
    d.spec_accept = 0.5;
    expect_validate(&d, RL_E_CONTRADICTION, "spec_tokens", "an acceptance rate alone");
    d = drafted(2, 64, 1000);
    d.pp = 2;
    expect_validate(&d, RL_E_UNSUPPORTED, "spec_tokens", "speculation with pp 2");
    d.pp = 1;
    expect_validate(&d, RL_OK, "", "speculation with pp 1");
    /* micro-batches: pipeline stages needed, at most the batch */
    d = rl_deploy_default();
    d.pp = 2;
    d.batch = 8;
    d.micro_batches = 8;
    expect_validate(&d, RL_OK, "", "8 micro-batches of a batch of 8");
    d.micro_batches = 9;
    expect_validate(&d, RL_E_MICROBATCH, "micro_batches", "9 micro-batches of a batch of 8");
    d.micro_batches = 1;
    expect_validate(&d, RL_OK, "", "1 micro-batch with pp 2");
    d.pp = 1;
    expect_validate(&d, RL_E_MICROBATCH, "micro_batches", "micro-batches with pp 1");
    /* a weight format as a cache */
    d = rl_deploy_default();
    d.kv_precision = RL_PREC_Q4_K_M;
    expect_validate(&d, RL_E_UNKNOWN_NAME, "kv_precision", "q4_k_m as a cache");
    d.kv_precision = RL_PREC_Q4_0;
    expect_validate(&d, RL_OK, "", "q4_0 as a cache");

    /* the GPU: a unified GPU's RAM from 0.001 to 1e6 GiB; no sourced TFLOPS is no range to check */
    rl_error err;
    rl_gpu g;
    CHECK(rl_gpu_preset("h100-sxm", 0, &g, &err) == RL_OK, "h100-sxm");
    CHECK(rl_gpu_validate(NULL, &err) == RL_E_NULL && strcmp(err.field, "gpu") == 0, "no GPU");
    g.unified = 1;
    const double ram[] = {0.001, 1e6, 0.0009, 1000001.0, NAN};
    for (int k = 0; k < 5; k++) {
        g.ram_gib = ram[k];
        rl_status st = rl_gpu_validate(&g, &err);
        CHECK(st == (k < 2 ? RL_OK : RL_E_RANGE) && (k < 2 || strcmp(err.field, "gpu.ram_gib") == 0),
              "unified RAM %g GiB: %s", ram[k], rl_status_name(st));
    }
    g.unified = 0;
    g.ram_gib = 0;
    CHECK(rl_gpu_validate(&g, &err) == RL_OK, "a discrete GPU has no RAM of its own to check");
    g.tflops_unknown = 1;
    g.tflops = 0;
    CHECK(rl_gpu_validate(&g, &err) == RL_OK, "no sourced TFLOPS: 0 is not out of range");
    g.vram_gib = 0;
    CHECK(rl_gpu_validate(&g, &err) == RL_E_RANGE && strcmp(err.field, "gpu.vram_gib") == 0,
          "no sourced TFLOPS still checks the VRAM");
    g.vram_gib = 80;
    g.tflops_unknown = 0;
    CHECK(rl_gpu_validate(&g, &err) == RL_E_RANGE && strcmp(err.field, "gpu.tflops") == 0, "TFLOPS 0 given is refused");
}

/* ---- the request reader: what a request may hold --------------------------------------- */

static rl_run run;

static rl_status request(const char *text) {
    memset(&run, 0, sizeof run);
    return rl_run_request(text, strlen(text), NULL, 0, &run);
}

static void expect_request(const char *text, rl_status want, const char *field) {
    rl_status st = request(text);
    CHECK(st == want && (want == RL_OK || strcmp(run.error.field, field) == 0), "%s: want %s %s, got %s %s (%s)", text,
          rl_status_name(want), field, rl_status_name(st), run.error.field, run.error.message);
}

static void test_request(void) {
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\"}", RL_OK, "");
    CHECK(run.deploy.seq == rl_deploy_default().seq && run.deploy.batch == rl_deploy_default().batch,
          "a request without seq or batch keeps the defaults");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"seq\":4096,\"batch\":3,\"tp\":2}", RL_OK, "");
    CHECK(run.deploy.seq == 4096 && run.deploy.batch == 3 && run.deploy.tp == 2, "seq, batch and tp read");
    /* keys: unknown, duplicated (also when escaped), in the gpu object */
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"sequence\":1}", RL_E_UNKNOWN_NAME, "sequence");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"gpu.tflops\":1}", RL_E_UNKNOWN_NAME, "gpu.tflops");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"raised_limit\":true}", RL_E_UNKNOWN_NAME,
                   "raised_limit");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"seq\":1,\"s\\u0065q\":2}", RL_E_DUPLICATE_KEY, "seq");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":{\"tflops\":1,\"bandwidth_gbs\":1,\"vram_gib\":1,\"vram\":1}}",
                   RL_E_UNKNOWN_NAME, "gpu.vram");
    /* the request's own keys gpu_limit and gpu_layers share the letters "gpu" but are no gpu.* rows: inside the
     * gpu object their tails are unknown keys */
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":{\"base\":\"h100-sxm\",\"layers\":10}}", RL_E_UNKNOWN_NAME, "gpu.layers");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":{\"base\":\"h100-sxm\",\"limit\":1}}", RL_E_UNKNOWN_NAME, "gpu.limit");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":{\"tflops\":1,\"bandwidth_gbs\":1,\"vram_gib\":1,\"tflops\":2}}",
                   RL_E_DUPLICATE_KEY, "gpu.tflops");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":{\"tflops\":100,\"bandwidth_gbs\":1000,\"vram_gib\":80}}", RL_OK, "");
    CHECK(run.gpu.tflops == 100 && run.gpu.bandwidth_gbs == 1000 && run.gpu.vram_gib == 80 && !run.gpu.tflops_unknown,
          "a custom GPU's figures");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":{\"tflops\":null,\"bandwidth_gbs\":1000,\"vram_gib\":80}}", RL_OK, "");
    CHECK(run.gpu.tflops_unknown == 1, "tflops null: no sourced figure");
    /* tflops is not required: left out of a custom GPU it is unknown, as null (it stayed 0 and was
     * refused as "got 0", a value the user never gave) */
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":{\"bandwidth_gbs\":1000,\"vram_gib\":80}}", RL_OK, "");
    CHECK(run.gpu.tflops_unknown == 1 && run.result.fits && run.result.bound == RL_BOUND_UNKNOWN,
          "tflops left out: no sourced figure, the bound unclassified");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":{\"tflops\":1,\"vram_gib\":80}}", RL_E_JSON_MISSING,
                   "gpu.bandwidth_gbs");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":{\"tflops\":1,\"bandwidth_gbs\":1000,\"vram_gib\":null}}",
                   RL_E_JSON_TYPE, "gpu.vram_gib");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":{\"base\":\"h100-sxm\",\"vram_gib\":40}}", RL_OK, "");
    CHECK(run.gpu.vram_gib == 40 && strcmp(run.gpu.name, "h100-sxm (custom)") == 0, "a preset with its VRAM changed: %s",
          run.gpu.name);
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":{\"base\":\"h100-sxm\",\"tflops\":null}}", RL_OK, "");
    CHECK(run.gpu.tflops_unknown == 1, "a preset's TFLOPS set to null");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":{\"base\":7}}", RL_E_JSON_TYPE, "gpu.base");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":{\"base\":\"no-such-gpu\"}}", RL_E_UNKNOWN_PRESET, "gpu");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":[1]}", RL_E_JSON_TYPE, "gpu");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":3}", RL_E_JSON_TYPE, "gpu");
    expect_request("{\"model\":\"qwen3-4b\"}", RL_E_JSON_MISSING, "gpu");
    /* the model: exactly one source */
    expect_request("{\"gpu\":\"h100-sxm\"}", RL_E_JSON_MISSING, "model");
    expect_request("{\"model\":\"qwen3-4b\",\"params\":\"7B\",\"gpu\":\"h100-sxm\"}", RL_E_CONTRADICTION, "model");
    expect_request("{\"model\":\"qwen3-4b\",\"config\":{},\"gpu\":\"h100-sxm\"}", RL_E_CONTRADICTION, "model");
    expect_request("{\"model\":7,\"gpu\":\"h100-sxm\"}", RL_E_JSON_TYPE, "model");
    /* params: text or a number, from 1M to 1000T */
    expect_request("{\"params\":\"7B\",\"gpu\":\"h100-sxm\"}", RL_OK, "");
    CHECK(run.is_estimate == 1, "params: an estimate");
    expect_request("{\"params\":1e6,\"gpu\":\"h100-sxm\"}", RL_OK, "");
    expect_request("{\"params\":1e15,\"gpu\":\"h100-sxm\"}", RL_OK, "");
    expect_request("{\"params\":999999,\"gpu\":\"h100-sxm\"}", RL_E_RANGE, "params");
    expect_request("{\"params\":1.000001e15,\"gpu\":\"h100-sxm\"}", RL_E_RANGE, "params");
    expect_request("{\"params\":true,\"gpu\":\"h100-sxm\"}", RL_E_JSON_TYPE, "params");
    expect_request("{\"params\":\"7B\",\"gpu\":\"h100-sxm\",\"requests_per_day\":10,\"input_tokens\":100,"
                   "\"output_tokens\":100}",
                   RL_E_UNSUPPORTED, "requests_per_day");
    /* a size alone has no layers to offload against and no MTP modules: the model struct is not read */
    memset(&run, 0, sizeof run);
    rl_error err;
    CHECK(rl_model_preset("qwen3-4b", &run.model, &err) == RL_OK, "qwen3-4b");
    const char *offload = "{\"params\":\"7B\",\"gpu\":\"h100-sxm\",\"gpu_layers\":2,\"tp\":2}";
    rl_status st = rl_run_request(offload, strlen(offload), NULL, 0, &run);
    rl_run fresh;
    memset(&fresh, 0, sizeof fresh);
    rl_status st2 = rl_run_request(offload, strlen(offload), NULL, 0, &fresh);
    CHECK(st == st2 && strcmp(run.error.field, fresh.error.field) == 0,
          "a params request does not depend on what the model struct held: %s %s / %s %s", rl_status_name(st),
          run.error.field, rl_status_name(st2), fresh.error.field);
    /* the workload: the three figures together, and they set seq */
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"requests_per_day\":1000,\"input_tokens\":1000,"
                   "\"output_tokens\":24}",
                   RL_OK, "");
    CHECK(run.deploy.seq == 1024, "seq = 1000 + 24, got %lld", (long long)run.deploy.seq);
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"requests_per_day\":1000,\"input_tokens\":1000,"
                   "\"output_tokens\":24,\"seq\":1024}",
                   RL_OK, "");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"requests_per_day\":1000,\"input_tokens\":1000,"
                   "\"output_tokens\":24,\"seq\":1025}",
                   RL_E_CONTRADICTION, "seq");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"requests_per_day\":1000,\"input_tokens\":1000}",
                   RL_E_JSON_MISSING, "output_tokens");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"requests_per_day\":1000,\"output_tokens\":1}",
                   RL_E_JSON_MISSING, "input_tokens");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"input_tokens\":1,\"output_tokens\":1}",
                   RL_E_JSON_MISSING, "requests_per_day");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"months\":12}", RL_E_JSON_MISSING, "requests_per_day");
    /* the context is input + output: at most 2^24 = 16777216 */
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"requests_per_day\":1,\"input_tokens\":16777215,"
                   "\"output_tokens\":2}",
                   RL_E_RANGE, "output_tokens");
    /* enums as strings */
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"precision\":\"fp8\"}", RL_OK, "");
    CHECK(run.deploy.precision == RL_PREC_FP8, "precision fp8");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"precision\":\"FP8\"}", RL_E_UNKNOWN_NAME, "precision");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"precision\":8}", RL_E_JSON_TYPE, "precision");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"precision\":\"fp8fp8fp8fp8fp8fp8fp8fp8fp8fp8fp8\"}",
                   RL_E_RANGE, "precision");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"gpu_limit\":\"nope\"}", RL_E_UNKNOWN_NAME, "gpu_limit");
    /* the draft */
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"spec_draft\":\"qwen3-4b\",\"spec_tokens\":2,"
                   "\"spec_accept\":0.5}",
                   RL_OK, "");
    CHECK(run.deploy.draft.params_total > 0 && run.deploy.draft.layers >= 1, "the draft is copied");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"spec_draft\":\"mtp\",\"spec_tokens\":2,"
                   "\"spec_accept\":0.5}",
                   RL_E_CONTRADICTION, "spec_draft");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"spec_draft\":\"no-such-model\",\"spec_tokens\":2,"
                   "\"spec_accept\":0.5}",
                   RL_E_UNKNOWN_PRESET, "spec_draft");
    expect_request("{\"params\":\"7B\",\"gpu\":\"h100-sxm\",\"spec_draft\":\"mtp\",\"spec_tokens\":2,"
                   "\"spec_accept\":0.5}",
                   RL_E_CONTRADICTION, "spec_draft");
    /* an unknown key is named by its first 40 bytes */
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"k123456789012345678901234567890123456789\":1}",
                   RL_E_UNKNOWN_NAME, "k123456789012345678901234567890123456789");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"k1234567890123456789012345678901234567890\":1}",
                   RL_E_UNKNOWN_NAME, "k123456789012345678901234567890123456789");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":{\"base\":\"h100-sxm\",\"k123456789012345678901234567890123456789xyz\":1}}",
                   RL_E_UNKNOWN_NAME, "gpu.k123456789012345678901234567890123456789");
    /* params out of range: the request reader's own message, with the number */
    request("{\"params\":999999,\"gpu\":\"h100-sxm\"}");
    CHECK(strstr(run.error.message, "(got 999999)") != NULL, "params 999999: %s", run.error.message);
    request("{\"params\":2e15,\"gpu\":\"h100-sxm\"}");
    CHECK(strstr(run.error.message, "(got 2e+15)") != NULL, "params 2e15: %s", run.error.message);
    /* the smallest workload: one request a day of one token in and one out (context 2) */
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"requests_per_day\":1,\"input_tokens\":1,"
                   "\"output_tokens\":1}",
                   RL_OK, "");
    CHECK(run.deploy.seq == 2 && run.workload.requests_per_day == 1, "seq = 1 + 1");
    /* one of the three alone, at its least (1): the first missing one is named as missing */
    request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"input_tokens\":1}");
    CHECK(run.status == RL_E_JSON_MISSING && strcmp(run.error.field, "requests_per_day") == 0 &&
              strstr(run.error.message, "requests_per_day is missing"),
          "input_tokens alone: %s", run.error.message);
    request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"output_tokens\":1}");
    CHECK(run.status == RL_E_JSON_MISSING && strstr(run.error.message, "requests_per_day is missing"),
          "output_tokens alone: %s", run.error.message);
    request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"requests_per_day\":1}");
    CHECK(run.status == RL_E_JSON_MISSING && strstr(run.error.message, "input_tokens is missing"),
          "requests_per_day alone: %s", run.error.message);
    request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"hardware_usd\":5}");
    CHECK(run.status == RL_E_JSON_MISSING && strstr(run.error.message, "cost inputs need a workload"),
          "a price without a workload: %s", run.error.message);
    /* "mtp" with a size alone: there is no config to have modules */
    request("{\"params\":\"7B\",\"gpu\":\"h100-sxm\",\"spec_draft\":\"mtp\",\"spec_tokens\":2,\"spec_accept\":0.5}");
    CHECK(strstr(run.error.message, "a size without a config") != NULL, "mtp with params: %s", run.error.message);
    request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"spec_draft\":\"mtp\",\"spec_tokens\":2,\"spec_accept\":0.5}");
    CHECK(strstr(run.error.message, "has none") != NULL && strstr(run.error.message, "a size without") == NULL,
          "mtp with a model without modules names the model: %s", run.error.message);
    /* a preset with one of its figures restated is still that hardware: the same prices */
    const char *cost = "{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"requests_per_day\":1000,\"input_tokens\":500,"
                       "\"output_tokens\":100}";
    request(cost);
    rl_cost plain = run.cost;
    CHECK(run.status == RL_OK && plain.present, "a cost on h100-sxm");
    double vram = run.gpu.vram_gib;
    char custom[400];
    snprintf(custom, sizeof custom,
             "{\"model\":\"qwen3-4b\",\"gpu\":{\"base\":\"h100-sxm\",\"vram_gib\":%.17g},\"requests_per_day\":1000,"
             "\"input_tokens\":500,\"output_tokens\":100}",
             vram);
    request(custom);
    CHECK(run.status == RL_OK && run.cost.present && run.cost.has_buy == plain.has_buy &&
              run.cost.hardware_usd == plain.hardware_usd && run.cost.has_cloud == plain.has_cloud &&
              run.cost.usd_per_gpu_hour == plain.usd_per_gpu_hour && run.cost.buy_monthly_usd == plain.buy_monthly_usd,
          "h100-sxm (custom) keeps the preset's prices: buy %d %g / %d %g, cloud %d %g / %d %g", run.cost.has_buy,
          run.cost.hardware_usd, plain.has_buy, plain.hardware_usd, run.cost.has_cloud, run.cost.usd_per_gpu_hour,
          plain.has_cloud, plain.usd_per_gpu_hour);

    /* the context may be exactly 2^24 = 16777216 (seq's own max) */
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"requests_per_day\":1,\"input_tokens\":16777215,"
                   "\"output_tokens\":1}",
                   RL_OK, "");
    CHECK(run.deploy.seq == 16777216, "seq = 16777215 + 1, got %lld", (long long)run.deploy.seq);
    /* one request a day is a workload: a fitting run gets a cost */
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"requests_per_day\":1,\"input_tokens\":100,"
                   "\"output_tokens\":100}",
                   RL_OK, "");
    CHECK(run.result.fits && run.cost.present && run.cost.requests_per_day == 1, "one request a day has a cost");
    /* without gpu_limit a preset is read at its default limit, as with "default"; "raised" differs (m1-16g) */
    rl_gpu gdef, graised;
    CHECK(rl_gpu_preset("m1-16g", 0, &gdef, &err) == RL_OK && rl_gpu_preset("m1-16g", 1, &graised, &err) == RL_OK,
          "m1-16g at both limits");
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"m1-16g\"}", RL_OK, "");
    rl_gpu gnone = run.gpu;
    expect_request("{\"model\":\"qwen3-4b\",\"gpu\":\"m1-16g\",\"gpu_limit\":\"raised\"}", RL_OK, "");
    CHECK(memcmp(&gnone, &gdef, sizeof gdef) == 0 && memcmp(&run.gpu, &graised, sizeof graised) == 0 &&
              memcmp(&gdef, &graised, sizeof gdef) != 0,
          "no gpu_limit reads the default limit, \"raised\" the raised one, and they differ");
    /* config.json text is one more source of the model: with a preset id or params too, a contradiction */
    {
        rl_model m2;
        rl_gpu g2;
        rl_deploy d2;
        const char *cfg = "{}";
        const char *both = "{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\"}";
        CHECK(rl_request_from_json(both, strlen(both), cfg, 2, &m2, &g2, &d2, &err) == RL_E_CONTRADICTION &&
                  strcmp(err.field, "model") == 0,
              "a preset id and config text: %s %s", rl_status_name(err.status), err.message);
        memset(&run, 0, sizeof run);
        const char *sized = "{\"params\":\"7B\",\"gpu\":\"h100-sxm\"}";
        CHECK(rl_run_request(sized, strlen(sized), cfg, 2, &run) == RL_E_CONTRADICTION && strcmp(run.error.field, "model") == 0,
              "params and config text: %s", run.error.message);
        const char *cfgonly = "{\"config\":{},\"gpu\":\"h100-sxm\"}";
        CHECK(rl_request_from_json(cfgonly, strlen(cfgonly), cfg, 2, &m2, &g2, &d2, &err) == RL_E_CONTRADICTION,
              "an inline config and config text: %s", err.message);
        const char *none = "{\"gpu\":\"h100-sxm\"}";
        st = rl_request_from_json(none, strlen(none), cfg, 2, &m2, &g2, &d2, &err);
        CHECK(st != RL_E_CONTRADICTION && strcmp(err.field, "model") != 0 && strncmp(err.field, "config.", 7) == 0,
              "config text alone is the one source (read, then refused for its own keys): %s %s",
              rl_status_name(st), err.message);
    }

    /* rl_request_from_json: NULL outputs (its refusal of params: api_table_test.c) */
    rl_model m;
    rl_gpu g;
    rl_deploy d;
    const char *t = "{\"params\":\"7B\",\"gpu\":\"h100-sxm\"}";
    CHECK(rl_request_from_json(t, strlen(t), NULL, 0, NULL, &g, &d, &err) == RL_E_NULL, "NULL model");
    t = "{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"seq\":2048}";
    CHECK(rl_request_from_json(t, strlen(t), NULL, 0, &m, &g, &d, &err) == RL_OK && d.seq == 2048,
          "rl_request_from_json reads a request");
}

/* rl_run_request_memo (the planner's): with one memo across requests naming different models,
 * presets that do not exist, inline configs and costs on different GPUs and models, each run
 * writes the same JSON as a plain rl_run_request; the memo holds the last model preset read
 * (an error leaves it as it was) and the prices of the last GPU and model costed. */
static void test_run_request_memo(void) {
    static const struct {
        const char *request, *model_after, *gpu_after;
    } rows[] = {
        {"{\"model\":\"qwen3-4b\",\"gpu\":\"a100-40g\",\"batch\":8}", "qwen3-4b", ""},
        {"{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"batch\":64,\"precision\":\"fp8\"}", "qwen3-4b", ""},
        {"{\"model\":\"llama-3-8b\",\"gpu\":\"a100-40g\",\"batch\":8}", "llama-3-8b", ""},
        {"{\"model\":\"qwen3-4b\",\"gpu\":\"a100-40g\",\"batch\":4096}", "qwen3-4b", ""},
        {"{\"model\":\"no-such-model\",\"gpu\":\"a100-40g\"}", "qwen3-4b", ""},
        {"{\"config\":{\"model_type\":\"llama\",\"hidden_size\":64,\"num_hidden_layers\":2,\"num_attention_heads\":4,"
         "\"vocab_size\":100,\"intermediate_size\":128},\"gpu\":\"t4\"}",
         "qwen3-4b", ""},
        {"{\"model\":\"qwen3-4b\",\"gpu\":\"a100-40g\",\"batch\":8,\"requests_per_day\":1000,\"input_tokens\":1000,\"output_tokens\":300}", "qwen3-4b", "a100-40g"},
        {"{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"batch\":8,\"requests_per_day\":1000,\"input_tokens\":1000,\"output_tokens\":300}", "qwen3-4b", "h100-sxm"},
        /* A customised preset keeps its preset's prices: the same key as the preset. */
        {"{\"model\":\"qwen3-4b\",\"gpu\":{\"preset\":\"h100-sxm\",\"vram_gib\":40},\"batch\":8,\"requests_per_day\":1000,\"input_tokens\":1000,\"output_tokens\":300}",
         "qwen3-4b", "h100-sxm"},
        {"{\"model\":\"llama-3-70b\",\"gpu\":\"h100-sxm\",\"tp\":4,\"batch\":8,\"requests_per_day\":1000,\"input_tokens\":1000,\"output_tokens\":300}", "llama-3-70b",
         "h100-sxm"},
        {"{\"model\":\"qwen3-4b\",\"gpu\":\"h100-sxm\",\"batch\":8,\"requests_per_day\":1000,\"input_tokens\":1000,\"output_tokens\":300}", "qwen3-4b", "h100-sxm"},
        /* A GPU id that starts another (l4, l40s): each key is the whole id, not what is left of the last one. */
        {"{\"model\":\"qwen3-4b\",\"gpu\":\"l40s\",\"batch\":8,\"requests_per_day\":1000,\"input_tokens\":1000,\"output_tokens\":300}", "qwen3-4b", "l40s"},
        {"{\"model\":\"qwen3-4b\",\"gpu\":\"l4\",\"batch\":8,\"requests_per_day\":1000,\"input_tokens\":1000,\"output_tokens\":300}", "qwen3-4b", "l4"},
        {"{\"model\":\"qwen3-4b\",\"gpu\":\"l40s\",\"batch\":8,\"requests_per_day\":1000,\"input_tokens\":1000,\"output_tokens\":300}", "qwen3-4b", "l40s"},
    };
    static rl_run plain, memoized;
    static char a[1 << 16], b[1 << 16];
    static rl_run_memo memo;
    memo.model_id[0] = memo.price_gpu[0] = '\0';
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const char *q = rows[i].request;
        rl_status s1 = rl_run_request(q, strlen(q), NULL, 0, &plain);
        rl_status s2 = rl_run_request_memo(q, strlen(q), NULL, 0, &memo, &memoized);
        rl_run_write_json(&plain, a, sizeof a);
        rl_run_write_json(&memoized, b, sizeof b);
        CHECK(s1 == s2 && strcmp(a, b) == 0, "memo, request %zu: the same run as a plain one (%d %d)", i, s1, s2);
        CHECK(strcmp(memo.model_id, rows[i].model_after) == 0 && strcmp(memo.price_gpu, rows[i].gpu_after) == 0,
              "memo, request %zu: holds %s and the prices of %s (got \"%s\", \"%s\")", i, rows[i].model_after, rows[i].gpu_after,
              memo.model_id, memo.price_gpu);
    }
    CHECK(strcmp(memo.price_model, "qwen3-4b") == 0, "memo: the prices are qwen3-4b's (\"%s\")", memo.price_model);
    /* What the memo holds is what a request with its ids gets: the ids are the keys. */
    memo.prices.usd_per_gpu_hour.ok = 1;
    memo.prices.usd_per_gpu_hour.value = 1234.5;
    const char *q = "{\"model\":\"qwen3-4b\",\"gpu\":\"l40s\",\"batch\":1,\"requests_per_day\":1000,\"input_tokens\":1000,"
                    "\"output_tokens\":300}";
    rl_run_request_memo(q, strlen(q), NULL, 0, &memo, &memoized);
    CHECK(memoized.cost.present && memoized.cost.usd_per_gpu_hour == 1234.5, "memo: its prices stand for the ids they are kept under (%g)",
          memoized.cost.usd_per_gpu_hour);
    rl_model other;
    rl_error err;
    CHECK(rl_model_preset("llama-3-8b", &other, &err) == RL_OK, "llama-3-8b read");
    memo.model = other;
    rl_run_request_memo(q, strlen(q), NULL, 0, &memo, &memoized);
    CHECK(memoized.model.params_total == other.params_total, "memo: its model stands for the id it is kept under");
}

int main(void) {
    test_run_request_memo();
    test_tokens();
    test_errors();
    test_limits();
    test_strings();
    test_numbers();
    test_python_literals();
    test_parse_text();
    test_writer();
    test_out();
    test_names();
    test_field_rows();
    test_validate();
    test_request();
    printf("json_mutants: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
