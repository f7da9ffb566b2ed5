#!/usr/bin/env node
// Turns core/fields.json, the one table of inputs, into the C table the core's
// request reader, rl_deploy_default/validate and the CLI walk (rl_fields in
// roofline.h). The page imports the same JSON, so a new input is one row there.
//
// Usage: node gen-fields.mjs FIELDS_JSON OUT_C [--strip-prose] [--skip-group GROUP]
//   --strip-prose leaves out labels and help (the wasm module never prints them;
//   the page reads them from the JSON itself), and what only the CLI reads: the
//   flags, aliases, switches, share-link keys, report paths and group keys.
import { readFileSync, writeFileSync } from 'node:fs';

const [input, output, ...flags] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: gen-fields.mjs FIELDS_JSON OUT_C [--strip-prose]');
  process.exit(2);
}
const strip = flags.includes('--strip-prose');
const table = JSON.parse(readFileSync(input, 'utf8'));
// --skip-group scale: the hosted page's verdict module has no scale-out (CMakeLists.txt), so it reads none of
// that group's keys (a request naming one is refused as an unknown key until the full module stands in).
const skip = flags.includes('--skip-group') ? flags[flags.indexOf('--skip-group') + 1] : null;
if (skip) table.fields = table.fields.filter((row) => row.group !== skip);

const TYPES = { preset: 'RL_FIELD_PRESET', text: 'RL_FIELD_TEXT', size: 'RL_FIELD_SIZE', enum: 'RL_FIELD_ENUM',
  count: 'RL_FIELD_COUNT', number: 'RL_FIELD_NUMBER', switch: 'RL_FIELD_SWITCH' };
const TARGETS = { deploy: ['RL_TARGET_DEPLOY', 'rl_deploy'], gpu: ['RL_TARGET_GPU', 'rl_gpu'],
  workload: ['RL_TARGET_WORKLOAD', 'rl_workload'] };
const GROUPS = Object.keys(table.groups);

const fail = (row, why) => {
  console.error(`gen-fields: ${input}: field "${row.key}": ${why}`);
  process.exit(1);
};
const c = (s) => (s === null || s === undefined ? 'NULL' : JSON.stringify(String(s)));
const prose = (s) => (strip ? '""' : c(s ?? ''));
// What only the CLI and the C API's callers read (the share-link key, the report path): NULL in the wasm.
const cli = (s) => (strip ? 'NULL' : c(s));
const num = (v) => (Number.isFinite(v) ? (Number.isInteger(v) ? `${v}.0` : String(v)) : '0.0');

const seen = new Set();
const lines = [];
// Per target struct, the indices of the rows that fill it: validation walks only those.
const rowsOf = {};
const inRange = {};
const choiceArrays = [];
for (const [i, row] of table.fields.entries()) {
  for (const name of [row.key, row.flag, ...(row.aliases ?? []), row.url].filter(Boolean)) {
    if (seen.has(name) && name !== row.key) fail(row, `"${name}" is used twice`);
    seen.add(name);
  }
  if (!TYPES[row.type]) fail(row, `unknown type "${row.type}"`);
  if (!GROUPS.includes(row.group)) fail(row, `unknown group "${row.group}"`);
  let target = 'RL_TARGET_NONE';
  let offset = '0';
  if (row.c) {
    const [where, member] = row.c.split('.');
    if (!TARGETS[where]) fail(row, `unknown target "${row.c}"`);
    target = TARGETS[where][0];
    offset = `offsetof(${TARGETS[where][1]}, ${member})`;
  }
  let choices = 'NULL';
  let def = row.default;
  if (row.type === 'enum') {
    if (!Array.isArray(row.choices) || row.choices.length === 0) fail(row, 'an enum needs choices');
    choices = `choices_${i}`;
    choiceArrays.push(`static const char *const ${choices}[] = {${row.choices.map(c).join(', ')}, NULL};`);
    def = row.choices.indexOf(row.default ?? row.choices[0]);
    if (def < 0) fail(row, 'the default is not one of the choices');
  }
  if ((row.type === 'count' || row.type === 'number') && !(row.min <= row.max)) fail(row, 'needs min <= max');
  let sets = ['NULL', 'NULL'];
  if (row.type === 'switch') {
    const entries = Object.entries(row.sets ?? {});
    if (entries.length !== 1) fail(row, 'a switch sets exactly one field');
    sets = strip ? ['NULL', 'NULL'] : [c(entries[0][0]), c(String(entries[0][1]))];
  }
  const bits = [row.nullable && 'RL_FIELD_NULLABLE', row.required && 'RL_FIELD_REQUIRED',
    row.zero_means !== undefined && 'RL_FIELD_ZERO_IS_UNSET', row.refuse_zero && 'RL_FIELD_ZERO_REFUSED'].filter(Boolean);
  if (row.refuse_zero && !(row.type === 'number' && row.zero_means !== undefined && row.min > 0))
    fail(row, 'refuse_zero is for a number whose 0 means unset and whose range starts above 0');
  if (target !== 'RL_TARGET_NONE') (rowsOf[target] ??= []).push(lines.length);
  // The in-range test of this row as one C expression on the struct `s`, so the
  // every-analysis check is straight-line code (a failing row is then named by
  // walking the rows): NaN fails every comparison, as it must.
  if (target !== 'RL_TARGET_NONE' && (row.type === 'count' || row.type === 'number' || row.type === 'enum')) {
    const member = `s->${row.c.split('.')[1]}`;
    const range = row.type === 'enum' ? `(${member} >= 0 && ${member} < ${row.choices.length})`
      : row.type === 'count' ? `(${member} >= ${row.min} && ${member} <= ${row.max})`
      : `(${member} >= ${num(row.min)} && ${member} <= ${num(row.max)})`;
    const test = row.zero_means !== undefined && row.type !== 'enum' ? `(${member} == 0 || ${range})` : range;
    (inRange[target] ??= []).push(test);
  }
  lines.push(`    {${c(row.key)}, ${prose(row.flag)}, ${prose((row.aliases ?? []).join(' '))}, ${cli(row.url)}, ${cli(row.report)},\n` +
    `     ${prose(row.group)}, ${prose(row.label)}, ${c(row.unit ?? '')}, ${prose(row.help)}, ${prose(row.zero_means ?? '')},\n` +
    `     ${TYPES[row.type]}, ${num(row.min)}, ${num(row.max)}, ${num(typeof def === 'number' ? def : 0)}, ${choices},\n` +
    `     ${sets[0]}, ${sets[1]}, ${target}, ${offset}, ${bits.length ? bits.join(' | ') : '0'}},`);
}


const groupLines = GROUPS.map((g) => `    {${c(g)}, ${prose(table.groups[g])}},`);

// Each target's rows lie within [first, end): the validation that runs on every
// analysis walks only that span, so rows of other targets (the workload's) cost it nothing.
const text = `/* Generated by core/scripts/gen-fields.mjs from core/fields.json. Do not edit. */
#include "roofline.h"

#include <stddef.h>

${choiceArrays.join('\n')}

static const rl_field fields[] = {
${lines.join('\n')}
};

static const rl_field_group groups[] = {
${groupLines.join('\n')}
};

/* The rows that fill each struct, in table order: a validation walks only its own. */
static const rl_field *const deploy_rows[] = {${(rowsOf.RL_TARGET_DEPLOY ?? []).map((i) => `&fields[${i}]`).join(', ')}};
static const rl_field *const gpu_rows[] = {${(rowsOf.RL_TARGET_GPU ?? []).map((i) => `&fields[${i}]`).join(', ')}};
static const rl_field *const workload_rows[] = {${(rowsOf.RL_TARGET_WORKLOAD ?? []).map((i) => `&fields[${i}]`).join(', ')}};

const rl_field *const *rl_field_rows(rl_field_target target, size_t *count); /* internal.h */
const rl_field *const *rl_field_rows(rl_field_target target, size_t *count) {
    if (target == RL_TARGET_DEPLOY) {
        *count = sizeof deploy_rows / sizeof deploy_rows[0];
        return deploy_rows;
    }
    if (target == RL_TARGET_GPU) {
        *count = sizeof gpu_rows / sizeof gpu_rows[0];
        return gpu_rows;
    }
    if (target == RL_TARGET_WORKLOAD) {
        *count = sizeof workload_rows / sizeof workload_rows[0];
        return workload_rows;
    }
    *count = 0;
    return NULL;
}

/* True when every row of the struct is in its range (the fast path of rl_deploy_validate
 * and rl_gpu_validate; on false they walk the rows to name the first bad one). */
int rl_deploy_in_range(const rl_deploy *s); /* internal.h */
int rl_deploy_in_range(const rl_deploy *s) {
    return ${(inRange.RL_TARGET_DEPLOY ?? ['1']).join(' &&\n           ')};
}
int rl_gpu_in_range(const rl_gpu *s); /* internal.h */
int rl_gpu_in_range(const rl_gpu *s) {
    return ${(inRange.RL_TARGET_GPU ?? ['1']).join(' &&\n           ')};
}

size_t rl_field_count(void) { return sizeof fields / sizeof fields[0]; }
const rl_field *rl_field_at(size_t i) { return i < sizeof fields / sizeof fields[0] ? &fields[i] : NULL; }
size_t rl_field_group_count(void) { return sizeof groups / sizeof groups[0]; }
const rl_field_group *rl_field_group_at(size_t i) { return i < sizeof groups / sizeof groups[0] ? &groups[i] : NULL; }
`;
writeFileSync(output, text);
