// Every vector of tests/vectors/*.json, through the wasm core and the page's
// loader, with the rules of tests/vectors/README.md (the C runner's rules).
// The folder is read at test time: a new vector file is picked up as is.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { checkVector } from './vector-rules.js';
import { ROOT, loadTestCore } from './core.js';

const dir = new URL('tests/vectors/', ROOT);
const files = readdirSync(dir).filter((name) => name.endsWith('.json')).sort();
const core = await loadTestCore();

// One test per vector, named by the vector; a folder or file that holds none fails loudly.
if (files.length === 0) test('tests/vectors holds *.json vector files', () => expect(files).not.toEqual([]));

for (const file of files) {
  const { vectors } = JSON.parse(readFileSync(new URL(file, dir), 'utf8'));
  if (!Array.isArray(vectors)) {
    test(`${file} is a vector file ({"vectors": [...]})`, () => expect(vectors).toBeInstanceOf(Array));
    continue;
  }
  describe(file, () => {
    for (const v of vectors) {
      test(v.name, () => {
        expect(checkVector(core, v)).toEqual([]);
      });
    }
  });
}
