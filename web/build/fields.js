// core/fields.json as the page imports it (web/src/inputs.js): the rows the page has an
// input for, without what only the C generator and the CLI read (the `c` member name,
// the CLI's flags, aliases and --help text, the switches that set other fields, the
// file's comment and group titles; the page words its groups and labels in web/src/i18n).
// ~7 KB of the 17 KB table; the rows' keys, types, ranges, defaults, units, labels and link
// keys stay, and the report keys of the rows that read them (KEPT_ON). Tests (vitest) import the full file; this applies to the builds.

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

export function pageFields(text) {
  const table = JSON.parse(text);
  const fields = table.fields
    .filter((f) => f.type !== 'switch')
    .map((f) => Object.fromEntries(Object.entries(f)
      .filter(([k]) => !CLI_ONLY.includes(k) && (KEPT_ON[k]?.(f) ?? true))
      .map(([k, v]) => [k, PRESENCE_ONLY.includes(k) ? true : v])));
  return { fields };
}

export function fieldsForPage(file) {
  return {
    name: 'roofline:fields-for-page',
    enforce: 'pre',
    transform(code, id) {
      if (id.split('?')[0] !== file) return null;
      return { code: JSON.stringify(pageFields(code)), map: null };
    },
  };
}
