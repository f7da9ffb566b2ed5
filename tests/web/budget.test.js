// The page's weight budget (issue 35, item 4): the built dist/ gzipped (level 9, each file
// alone), against web/scripts/weight.mjs's budgets. Bytes are deterministic, so this asserts
// them; it builds nothing: `npm test` runs it after its build:web step (tests/runner/suites.mjs).
// The critical path is derived from dist/index.html (its scripts and what they import
// statically, its stylesheets and preloads), not from a list of files.
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { BUDGETS, criticalPath, distReady, kib, listFiles, listParts, singleFile, staticImports } from '../../web/scripts/weight.mjs';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const built = distReady(DIST);

test('dist/ is built (npm run build:web)', () => {
  expect(built, 'dist/index.html and dist/roofline-lint.html are missing: run `npm run build:web` first').toBe(true);
});

test.runIf(built)('the hosted critical path is within its budget', () => {
  const { files, total } = criticalPath(DIST);
  // What the first verdict runs is on it: the page, a script, a style and a wasm module.
  expect(files.map((f) => f.kind).sort()).toEqual(expect.arrayContaining(['CSS', 'HTML', 'JS', 'wasm']));
  if (total > BUDGETS.critical) {
    throw new Error(`the hosted critical path is ${total} bytes gzipped (${kib(total)}), over its budget of ${kib(BUDGETS.critical)}: ${listFiles(files)}`);
  }
});

test.runIf(built)('the single file is within its budget', () => {
  const { total, parts } = singleFile(DIST);
  if (total > BUDGETS.single) {
    throw new Error(`dist/roofline-lint.html is ${total} bytes gzipped (${kib(total)}), over its budget of ${kib(BUDGETS.single)}; its parts gzipped alone: ${listParts(parts)}`);
  }
});

test('static imports are told from dynamic ones', () => {
  const code = 'import{a as b}from"./index-1.js";import"./side.js";export{c}from"../up.js";const x=()=>import("./later.js");';
  expect(staticImports(code)).toEqual(['./index-1.js', './side.js', '../up.js']);
});
