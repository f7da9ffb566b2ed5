// The builds give the page core/fields.json without what only the C generator and the
// CLI read (web/build/fields.js). The page must not read those members: this checks
// its sources never name them, and that every row the page has an input for is kept.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { CLI_ONLY, KEPT_ON, LINK_ONLY, PRESENCE_ONLY, linkFields, pageFields } from '../../web/build/fields.js';
import { FIELD_LINKS } from '../../web/src/field-links.js';
import { FIELDS } from '../../web/src/inputs.js';
import { ROOT } from './core.js';

const text = readFileSync(fileURLToPath(new URL('core/fields.json', ROOT)), 'utf8');

test('the page keeps every row it has an input for, with every member it reads', () => {
  const rows = pageFields(text).fields;
  expect(rows.map((f) => f.key)).toEqual(FIELDS.map((f) => f.key));
  for (const [i, row] of rows.entries()) {
    const full = Object.fromEntries(Object.entries(FIELDS[i]).filter(([k]) => !CLI_ONLY.includes(k) && (KEPT_ON[k]?.(FIELDS[i]) ?? true))
      .map(([k, v]) => [k, PRESENCE_ONLY.includes(k) ? true : v]));
    expect(row).toEqual(full);
  }
  // A presence-only member stays on every row that has it (zero_means: 30 rows today), as true.
  expect(rows.filter((f) => f.zero_means === true).length).toBe(FIELDS.filter((f) => f.zero_means !== undefined).length);
  expect(rows.filter((f) => f.zero_means !== undefined).length).toBeGreaterThan(0);
  // A member kept on some rows only stays on each of those (report: the 13 workload rows today), and leaves the others.
  for (const [member, keep] of Object.entries(KEPT_ON)) {
    const kept = FIELDS.filter((f) => f[member] !== undefined && keep(f));
    expect(kept.length).toBeGreaterThan(0);
    expect(rows.filter((f) => f[member] !== undefined).map((f) => f.key)).toEqual(kept.map((f) => f.key));
    expect(rows.filter((f) => f[member] !== undefined).length).toBeLessThan(FIELDS.filter((f) => f[member] !== undefined).length);
  }
});

test('the hosted build moves the link-only members from the table to field-links.js\'s module, unchanged', () => {
  const rows = pageFields(text, { links: true }).fields;
  const whole = pageFields(text).fields;
  expect(rows.map((f) => f.key)).toEqual(whole.map((f) => f.key));
  for (const [i, row] of rows.entries()) {
    expect(LINK_ONLY.filter((k) => k in row)).toEqual([]);
    expect(row).toEqual(Object.fromEntries(Object.entries(whole[i]).filter(([k]) => !LINK_ONLY.includes(k))));
  }
  // The module's rows, in the table's order, say what the sources' FIELD_LINKS says (a row without a link key: null).
  const links = linkFields(text);
  expect(links).toHaveLength(rows.length);
  for (const [i, row] of rows.entries()) {
    expect(Object.fromEntries(LINK_ONLY.map((k, j) => [k, links[i][j]]))).toEqual(Object.fromEntries(LINK_ONLY.map((k) => [k, FIELD_LINKS[row.key][k] ?? null])));
  }
  expect(Object.values(FIELD_LINKS).filter((l) => typeof l.url === 'string').length).toBeGreaterThan(0);
});

test('only field-links.js reads a link-only member of a row', () => {
  const src = fileURLToPath(new URL('web/src/', ROOT));
  const files = readdirSync(src, { recursive: true }).filter((f) => /\.(js|jsx)$/.test(f) && !f.startsWith('i18n'));
  const read = new RegExp(`(FIELD\\[[^\\]]+\\]|FIELD\\.\\w+|\\b(f|field))\\.(${LINK_ONLY.join('|')})\\b`);
  expect(files.filter((f) => read.test(readFileSync(join(src, f), 'utf8')))).toEqual(['field-links.js']);
});

// The one reader of a row's report path: the workload's fields (KEPT_ON keeps it on their rows only).
const KEPT_READERS = { report: ['components/WorkloadFields.jsx'] };

test('a member kept on some rows only is read only where those rows are', () => {
  const src = fileURLToPath(new URL('web/src/', ROOT));
  const files = readdirSync(src, { recursive: true }).filter((f) => /\.(js|jsx)$/.test(f) && !f.startsWith('i18n'));
  expect(Object.keys(KEPT_READERS)).toEqual(Object.keys(KEPT_ON));
  for (const member of Object.keys(KEPT_ON)) {
    const read = new RegExp(`(FIELD\\[[^\\]]+\\]|FIELD\\.\\w+|\\b(f|field|row))\\.${member}\\b`);
    const readers = files.filter((f) => read.test(readFileSync(join(src, f), 'utf8')));
    expect(readers.sort()).toEqual(KEPT_READERS[member]);
  }
});

test('the page reads a presence-only member only for its presence', () => {
  const src = fileURLToPath(new URL('web/src/', ROOT));
  const files = readdirSync(src, { recursive: true }).filter((f) => /\.(js|jsx)$/.test(f) && !f.startsWith('i18n'));
  for (const member of PRESENCE_ONLY) {
    const any = new RegExp(`\\.${member}\\b(?!\\s*[!=]==\\s*undefined)`);
    for (const f of files) {
      const code = readFileSync(join(src, f), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(code, `${f} reads ${member}'s value`).not.toMatch(any);
    }
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
