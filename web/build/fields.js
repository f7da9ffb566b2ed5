// core/fields.json as the page imports it (web/src/inputs.js): the rows the page has an
// input for, without what only the C generator and the CLI read (the `c` member name,
// the CLI's flags, aliases and --help text, the switches that set other fields, the
// file's comment and group titles; the page words its groups and labels in web/src/i18n).
// ~7 KB of the 17 KB table; the rows' keys, types, ranges, defaults, units, labels and link
// keys stay (the hosted build's labels and link keys in web/src/field-links.js's module: LINK_ONLY),
// and the report keys of the rows that read them (KEPT_ON). Tests (vitest) import the full file;
// this applies to the builds.

import { readFileSync } from 'node:fs';

export const CLI_ONLY = ['c', 'flag', 'aliases', 'help', 'sets', 'required', 'refuse_zero'];
/**
 * Members the page reads only for their presence: a row's zero_means (the CLI's English words for a 0, which
 * the page never shows; inputs.js asks only whether the row has one) becomes `true`. With refuse_zero (the C
 * reader's) left out: the entry script 0.3 KB gzipped less.
 */
export const PRESENCE_ONLY = ['zero_means'];

/**
 * Members the page reads on some rows only, each with the rows that keep it: a row's `report` (where the
 * report echoes the field) only on the workload's rows, whose price fields show the preset's echoed price
 * as their placeholder (WorkloadFields.jsx). The other rows' paths: 1.5 KB of the table.
 */
export const KEPT_ON = { report: (f) => f.group === 'workload' };

/**
 * Members only the link's reader and writer (url-codec.js) and the report (report.js) read, which load after
 * the first verdict: each row's link key and English label (web/src/field-links.js). The hosted build moves
 * them from the table the entry script carries (inputs.js) into that module: 0.6 KB gzipped less in it.
 */
export const LINK_ONLY = ['url', 'label'];

/** The page's table; with `links`, without the LINK_ONLY members (the hosted build's, which FIELD_LINKS carries then). */
export function pageFields(text, { links = false } = {}) {
  const table = JSON.parse(text);
  const fields = table.fields
    .filter((f) => f.type !== 'switch')
    .map((f) => Object.fromEntries(Object.entries(f)
      .filter(([k]) => !CLI_ONLY.includes(k) && !(links && LINK_ONLY.includes(k)) && (KEPT_ON[k]?.(f) ?? true))
      .map(([k, v]) => [k, PRESENCE_ONLY.includes(k) ? true : v])));
  return { fields };
}

/**
 * The rows' link-only members (LINK_ONLY) as web/src/field-links.js's FIELD_LINKS in the builds: each row's
 * [url, label], in the order of the table the page imports (pageFields), so that no key is written twice.
 */
export function linkFields(text) {
  return JSON.parse(text).fields.filter((f) => f.type !== 'switch').map((f) => LINK_ONLY.map((k) => f[k] ?? null));
}

/**
 * The builds' field table (`file`, core/fields.json). With `links` (web/src/field-links.js: the hosted build),
 * the LINK_ONLY members leave it for that module, which the entry script does not load; the single file, which
 * carries every module anyway, keeps them in the table (their own module would cost it a second list of rows).
 */
export function fieldsForPage(file, links = null) {
  return {
    name: 'roofline:fields-for-page',
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0];
      if (path === file) return { code: JSON.stringify(pageFields(code, { links: links !== null })), map: null };
      if (links === null || path !== links) return null;
      this.addWatchFile(file);
      const rows = JSON.stringify(linkFields(readFileSync(file, 'utf8')));
      return {
        code: `import { FIELDS } from './inputs.js';\nconst rows = ${rows};\nexport const FIELD_LINKS = Object.freeze(Object.fromEntries(FIELDS.map((f, i) => [f.key, { ${LINK_ONLY.map((k, j) => `${k}: rows[i][${j}]`).join(', ')} }])));\n`,
        map: null,
      };
    },
  };
}
