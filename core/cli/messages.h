/* The CLI's words in its language (--lang en|zh): templates with {name} holes,
 * generated from the page's message tables (web/src/i18n/en.js, zh-CN.js) by
 * core/scripts/gen-messages.mjs, so the CLI and the page say the same thing
 * from one table per language. Numbers are formatted by the caller, as the
 * English report formats them, and go into the holes unchanged. */
#ifndef RL_CLI_MESSAGES_H
#define RL_CLI_MESSAGES_H

#include "roofline.h"

#include <stddef.h>
#include <stdio.h>

typedef struct rl_msg {
    const char *key;
    const char *en; /* NULL: the core's own English sentence is printed */
    const char *zh;
} rl_msg;

extern const rl_msg rl_msgs[]; /* sorted by key */
extern const size_t rl_msg_count;

typedef enum rl_lang { RL_LANG_EN = 0, RL_LANG_ZH = 1 } rl_lang;

/* "en" or "zh" (also "zh-CN"); 0 when the word is neither. */
int rl_lang_parse(const char *word, rl_lang *out);
void rl_msg_set_lang(rl_lang lang);
rl_lang rl_msg_lang(void);

/* The template of `key` in the language, "" when there is none (the caller
 * then has the core's English sentence). */
const char *rl_msg_text(const char *key);
/* The template of `key` in the given language (JSON errors stay English whatever --lang says). */
const char *rl_msg_text_in(rl_lang lang, const char *key);
/* The template of `key` with its {name} holes filled from `kv`: name, value,
 * name, value, ..., NULL. A hole without a value stays empty. Returns buf. */
const char *rl_msg_fill(char *buf, size_t cap, const char *key, const char *const *kv);
#define RL_MSG(buf, key, ...) rl_msg_fill(buf, sizeof buf, key, (const char *const[]){__VA_ARGS__, NULL})

/* Prints text left-aligned in `width` terminal columns (a CJK character takes two). */
void rl_msg_pad(FILE *out, const char *text, int width);
/* The terminal columns of UTF-8 text (a CJK character takes two). */
int rl_msg_columns(const char *text);

/* The core's warning / remedy / error in the language: English is the core's
 * own sentence; zh-CN is worded from the code and the analysis' values. */
const char *rl_msg_warning(unsigned bit, const rl_model *m, const rl_deploy *d, const rl_result *r, char *buf, size_t cap);
const char *rl_msg_remedy(unsigned bit, const rl_model *m, const rl_deploy *d, const rl_result *r, char *buf, size_t cap);
const char *rl_msg_error(const rl_error *e, const char *field_label, char *buf, size_t cap);
/* The same, for a line that already names the flag ("--spec-tokens: ..."): a sentence that itself
 * opens with its field ("spec_tokens: ..." in the core's English, "{field}：..." in zh-CN) drops that
 * opening, so the line names the field once. */
const char *rl_msg_error_after_flag(const rl_error *e, const char *flag, char *buf, size_t cap);
/* A lint finding: its English message, or its zh-CN template filled from its values. */
const char *rl_msg_finding(const rl_lint_finding *f, char *buf, size_t cap);

#endif
