/* Where each figure of the expected estimate and of the cost comes from, in the CLI's
 * language (--lang): the rule of the page's web/src/i18n/sources.js, so that the page and
 * the CLI word a source alike. English prints the core's own sentence, unchanged. zh-CN
 * words it from codes (the assumption's name and origin, the engine, the cost's basis)
 * with the zh-CN table's asrc.* and csrc.* templates; a price preset's source is a
 * quotation of a document (its page, URL and date), so it follows those words as given. */
#ifndef RL_CLI_SOURCE_WORDS_H
#define RL_CLI_SOURCE_WORDS_H

#include "roofline.h"

#include <stddef.h>

/* The source of one assumption of the realistic estimate, for the given engine. Returns buf. */
const char *rl_msg_assumption_source(const rl_assumption *a, rl_engine engine, char *buf, size_t cap);
/* The source of one figure of the cost c. Returns buf. */
const char *rl_msg_cost_source(const rl_cost_assumption *x, const rl_cost *c, char *buf, size_t cap);
/* Today's date as YYYY-MM-DD (UTC, this machine's clock), for the age of a price. Returns buf. */
const char *rl_today(char *buf, size_t cap);
/* A figure's unit ("fraction", "USD/GPU-hour") in the language; the unit itself when it has no words. */
const char *rl_msg_unit(const char *unit);

#endif
