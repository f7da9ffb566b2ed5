// The builds give the page core/fields.json without what only the C generator and the
// CLI read (web/build/fields.js). The page must not read those members: this checks
// its sources never name them, and that every row the page has an input for is kept.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { CLI_ONLY, pageFields } from '../../web/build/fields.js';
import { FIELDS } from '../../web/src/inputs.js';
import { ROOT } from './core.js';

const text = readFileSync(fileURLToPath(new URL('core/fields.json', ROOT)), 'utf8');

test('the page keeps every row it has an input for, with every member it reads', () => {
  const rows = pageFields(text).fields;
  expect(rows.map((f) => f.key)).toEqual(FIELDS.map((f) => f.key));
  for (const [i, row] of rows.entries()) {
    const full = Object.fromEntries(Object.entries(FIELDS[i]).filter(([k]) => !CLI_ONLY.includes(k)));
    expect(row).toEqual(full);
  }
});

test('no page source reads a member the builds leave out', () => {
  const src = fileURLToPath(new URL('web/src/', ROOT));
  const files = readdirSync(src, { recursive: true }).filter((f) => /\.(js|jsx)$/.test(f) && !f.startsWith('i18n'));
  // A row is read as FIELD[key], FIELD.name, or a loop's f / field / row.
  const read = new RegExp(`(FIELD\\[[^\\]]+\\]|FIELD\\.\\w+|\\b(f|field|row))\\.(${CLI_ONLY.join('|')})\\b|\\[['"](${CLI_ONLY.join('|')})['"]\\]`);
  for (const f of files) {
    expect(readFileSync(join(src, f), 'utf8'), f).not.toMatch(read);
  }
});
