#!/usr/bin/env node
// npm run vectors [-- --check | --write] [--strict] [--dir DIR]
//
// --check: recompute every expected figure of every vector file, and every figure
// a comment's derivation shows (derivation.mjs), from the oracle and compare; exit 1
// on any difference.
// --write (the default): rewrite the expected figures, warnings, remedies and
// derivations in place from the oracle, then check. Printed-precision vectors (*-printed)
// hold the specification's printed numbers and are only checked.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { judgeVector } from './oracle.mjs';
import { refreshDerivation } from './derivation.mjs';
import { rewriteFile } from './write.mjs';

function parseArgs(argv) {
  const opts = { mode: 'write', dir: fileURLToPath(new URL('../vectors/', import.meta.url)) };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--check') opts.mode = 'check';
    else if (a === '--write') opts.mode = 'write';
    else if (a === '--strict') opts.strict = true;
    else if (a === '--dir') opts.dir = argv[++i];
    else if (a.startsWith('--dir=')) opts.dir = a.slice(6);
    else {
      console.error(`unknown argument ${a}; use --check, --write, --dir DIR`);
      process.exit(2);
    }
  }
  if (!opts.dir) {
    console.error('--dir needs a folder');
    process.exit(2);
  }
  return opts;
}

const vectorFiles = (dir) => readdirSync(dir).filter((f) => f.endsWith('.json')).sort();

function check(dir, strict) {
  let passed = 0, failed = 0, notComputed = 0, soft = 0;
  for (const file of vectorFiles(dir)) {
    const doc = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    for (const v of doc.vectors) {
      if (v.error || v.lint) { // lint vectors model the engines, not the analysis: checked by hand
        notComputed++;
        continue;
      }
      const { diffs, report } = judgeVector(v);
      // The arithmetic a comment shows is checked as its figures are.
      for (const s of refreshDerivation(v.comment ?? '', report).stale)
        diffs.push({ path: `comment: ${s.path}`, stored: s.shown, oracle: s.oracle, soft: false });
      const failing = diffs.filter((d) => strict || !d.soft);
      soft += diffs.length - diffs.filter((d) => !d.soft).length;
      if (failing.length === 0) passed++;
      else {
        failed++;
        for (const d of failing) console.log(`FAIL ${file} ${v.name} ${d.path}: stored ${d.stored}, oracle ${d.oracle}${d.soft ? ' [one ulp]' : ''}`);
      }
    }
  }
  console.log(`${notComputed} vectors not computed: they expect an error or lint a serve command, which the oracle does not model`);
  if (soft > 0 && !strict) console.log(`${soft} figures are one ulp off the exactly rounded value (--strict lists them as failures)`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0;
}

function write(dir) {
  let figures = 0, vectors = 0, problems = 0;
  for (const file of vectorFiles(dir)) {
    const path = join(dir, file);
    const text = readFileSync(path, 'utf8');
    const result = rewriteFile(text);
    for (const p of result.problems) console.log(`CANNOT WRITE ${file} ${p}`);
    for (const n of result.notes) console.log(`NOTE ${file} ${n}`);
    problems += result.problems.length;
    figures += result.figures;
    vectors += result.vectors;
    if (result.text !== text) writeFileSync(path, result.text);
  }
  console.log(`rewrote ${figures} figures in ${vectors} vectors`);
  return problems === 0;
}

const opts = parseArgs(process.argv.slice(2));
let ok = true;
if (opts.mode === 'write') ok = write(opts.dir);
ok = check(opts.dir, opts.strict) && ok;
process.exit(ok ? 0 : 1);
