// The page's weight budget (issue 35, item 4): the built dist/ gzipped (level 9, each file
// alone), against web/scripts/weight.mjs's budgets. Bytes are deterministic, so this asserts
// them; it builds nothing: `npm test` runs it after its build:web step (tests/runner/suites.mjs).
// The critical path is derived from dist/index.html (its scripts and what they import
// statically, its stylesheets and preloads), not from a list of files.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync, inflateRawSync } from 'node:zlib';
import { readdirSync } from 'node:fs';
import { expect, test } from 'vitest';
import { singleFileWasm, wasmSplit } from '../../web/scripts/size-split.mjs';
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

test('a wasm module is split by section: code, data and the rest, each gzipped alone', () => {
  const gz = (bytes) => gzipSync(Buffer.from(bytes), { level: 9 }).length;
  const head = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  const types = [1, 4, 1, 0x60, 0, 0]; // one type, () -> ()
  const funcs = [3, 2, 1, 0];
  const memory = [5, 3, 1, 0, 1];
  const code = [10, 4, 1, 2, 0, 0x0b]; // one body: no locals, end
  const text = [...Buffer.from('roofline '.repeat(200))];
  const data = [11, 0x8f, 0x0e, 1, 0, 0x41, 0, 0x0b, 0x88, 0x0e, ...text]; // 1,800 bytes at 0: a section of 1,807
  const module = Buffer.from([...head, ...types, ...funcs, ...memory, ...code, ...data]);
  expect(WebAssembly.validate(module)).toBe(true);
  expect(wasmSplit(module)).toEqual({ code: gz(code), data: gz(data), rest: gz([...head, ...types, ...funcs, ...memory]) });
});

test.runIf(built)("the single file's payload is the built full module", () => {
  const html = readFileSync(fileURLToPath(new URL('roofline-lint.html', `file://${DIST}`)), 'utf8');
  expect(singleFileWasm(html).equals(readFileSync(fileURLToPath(new URL('../../web/generated/roofline.wasm', import.meta.url))))).toBe(true);
});

test.runIf(built)("the hosted page's wasm files inflate to the built modules, both of them", () => {
  const assets = readdirSync(`${DIST}assets`).filter((f) => f.endsWith('.wasm'));
  const shipped = (name) => assets.filter((f) => f.startsWith(`${name}.deflate-`));
  for (const name of ['roofline', 'roofline-verdict']) {
    expect(shipped(name)).toHaveLength(1);
    const built = readFileSync(fileURLToPath(new URL(`../../web/generated/${name}.wasm`, import.meta.url)));
    expect(inflateRawSync(readFileSync(`${DIST}assets/${shipped(name)[0]}`)).equals(built)).toBe(true);
  }
  expect(assets).toHaveLength(2);
});
