// The field table's members that only the link's reader and writer (url-codec.js) and the report (report.js)
// read: each row's link key (url) and English label, by the row's key. The builds write them into this module
// and leave them out of the table the entry script carries (web/build/fields.js: LINK_ONLY, fieldsForPage).
import { FIELDS } from './inputs.js';

/** {key: {url, label}} for every row the page has an input for. */
export const FIELD_LINKS = Object.freeze(Object.fromEntries(FIELDS.map((f) => [f.key, { url: f.url, label: f.label }])));
