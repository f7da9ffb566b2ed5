/* Command-line flags, read through the field table (core/fields.json): a flag
 * becomes its row's request key, and the whole command line becomes one
 * request object for rl_run_request, the reader the page uses too. So a flag
 * and a request key cannot disagree on a name, a type, a range or a message. */
#ifndef RL_CLI_FLAGS_H
#define RL_CLI_FLAGS_H

#include "roofline.h"

#include <stdio.h>

enum { RL_CLI_MAX_FIELDS = 128 };

typedef struct rl_cli_args {
    const char *value[RL_CLI_MAX_FIELDS]; /* per field row: the last value given, NULL if none */
    int explicit_[RL_CLI_MAX_FIELDS];     /* the row was given as its own flag (not by a switch) */
    int json, list, prices, selftest, prove_red, help, version, accuracy;
    const char *vectors;   /* --vectors DIR */
    const char *request;   /* --request JSON */
    const char *format;    /* --format text|md, NULL = text */
    const char *lang;      /* --lang en|zh, NULL = en */
    const char *lint;      /* --lint CMD: a serve command */
    const char *hf;        /* --hf org/name: config.json from the local Hugging Face cache */
    int field_flags;       /* how many field flags were given */
} rl_cli_args;

/* Reads argv. RL_E_USAGE (err->field = the flag) for an unknown flag, a
 * missing value, a value given to a switch, or a stray argument. Values are
 * not checked here: the request reader checks them, as for the page. */
rl_status rl_cli_parse(int argc, char **argv, rl_cli_args *a, rl_error *err);

/* The request object the flags describe, without the config.json text (the
 * `config` row's value is a file path; the caller reads it). Returns the
 * length, or 0 with RL_E_TOO_LARGE when it does not fit in cap. */
size_t rl_cli_request(const rl_cli_args *a, char *buf, size_t cap, rl_error *err);

/* The flag that sets request key `key` ("gpu.tflops" -> "--tflops"), or NULL. */
const char *rl_cli_flag_of(const char *key);

/* --help, generated from the field table and its groups. */
void rl_cli_help(FILE *out);

#endif
