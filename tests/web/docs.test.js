// The README is a front door (issue 35): at most 15 KB, and every page it and docs/ link to is there.
// A link moved with its text into docs/ must still reach its file from there.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
// 15 KB as the project writes units (KB = 10^3 bytes, as GB/s = 10^9 bytes/s), the stricter reading of the issue.
const README_BUDGET = 15 * 1000;

/** Relative link targets of a Markdown text (no URL, no in-page anchor), without their #fragment. */
function localLinks(text) {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1])
    .filter((t) => !/^(https?:|mailto:|#)/.test(t))
    .map((t) => t.split('#')[0]);
}

test(`README.md is at most ${README_BUDGET} bytes`, () => {
  const size = readFileSync(join(ROOT, 'README.md')).length;
  expect(size).toBeLessThanOrEqual(README_BUDGET);
});

describe('every local link of the README and docs/ reaches a file', () => {
  const pages = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
  for (const page of pages) {
    test(page, () => {
      const links = localLinks(readFileSync(join(ROOT, page), 'utf8'));
      const missing = links.filter((l) => !existsSync(join(ROOT, dirname(page), l)));
      expect(missing).toEqual([]);
    });
  }
});
