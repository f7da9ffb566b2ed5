// Hosted build: the English table in two chunks. The rows whose key starts with one of
// LATER's prefixes (and is not in FIRST) leave web/src/i18n/en.js's module for
// web/src/i18n/en-later.js's (empty in the sources), which i18n/index.js loads with the rest
// of the page (loadLaterWords) once the first verdict is on screen. The rows are cut by the
// parser's offsets (each a property of en.js's default export, a string or a function that
// may use the helpers declared above it, which both modules keep), after cliMessagesOut.
import { readFileSync } from 'node:fs';
import { parseAst } from 'vite';
import { withoutCliRows } from './cli-messages.js';

/** Prefixes of the rows the first verdict never shows: the panels', the form's, the tools'. */
export const LATER = ['fx', 'lintf', 'lint', 'checkpoint', 'chart', 'gpu', 'compare', 'offload', 'form', 'hf', 'model', 'par',
  'workload', 'roof', 'tip', 'sweep', 'bar', 'paging', 'legend', 'nospeed', 'realistic', 'config', 'params', 'source', 'unit',
  'cost', 'memory', 'plan', 'engine', 'error', 'notice', 'est', 'scale', 'topo',
  // The expected estimate's assumptions and the cost's sources (AssumptionTable.jsx, i18n/sources.js): shown once opened.
  'assume', 'asrc', 'csrc',
  // Speculative decoding's section (SpeculativeSlot.jsx loads it with these words).
  'spec',
  // The units' words (unitText: the form's fields, the assumptions, an error's range, which main.jsx loads
  // these for), a size-only estimate's levers (Estimate.jsx) and the report's own words (DownloadReport.jsx
  // loads them on the click).
  'unitName', 'lever', 'report'];
/**
 * Rows under those prefixes that the first frame does show: the header's, the verdict's. An error,
 * a size-only estimate or a link's notices are shown once the later rows are in (main.jsx).
 */
export const FIRST = ['compare.add', 'report.download', 'cost.title', 'memory.over', 'plan.views', 'plan.view.main', 'plan.view.plan', 'engine.auto', 'engine.auto.is'];

export const isLater = (key) => !FIRST.includes(key) && LATER.includes(key.split('.')[0]);

/** en.js's text cut in two: {first, later}, each a module's source. */
export function splitEnglish(code) {
  const ast = parseAst(code);
  const exported = ast.body.find((n) => n.type === 'ExportDefaultDeclaration');
  const table = exported?.declaration;
  if (table?.type !== 'ObjectExpression') throw new Error('en.js: its default export is not an object literal');
  // The helpers the rows may call (plural, ...), declared above the table: both modules keep them.
  const prelude = code.slice(0, exported.start);
  const first = [];
  const later = [];
  for (const p of table.properties) {
    if (p.type !== 'Property' || p.computed || p.key.type !== 'Literal' || typeof p.key.value !== 'string') {
      throw new Error(`en.js: a row at ${p.start} is not a 'key': value property`);
    }
    (isLater(p.key.value) ? later : first).push(code.slice(p.start, p.end));
  }
  const module = (rows) => `${prelude}export default {\n${rows.map((r) => `  ${r},`).join('\n')}\n};\n`;
  return { first: module(first), later: module(later) };
}

export function englishSplit(srcDir) {
  const en = `${srcDir}/i18n/en.js`;
  const later = `${srcDir}/i18n/en-later.js`;
  let parts = null;
  const cut = () => (parts ??= splitEnglish(withoutCliRows(readFileSync(en, 'utf8'))));
  return {
    name: 'roofline:en-split',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      const file = id.split('?')[0];
      if (file === en) return { code: cut().first, map: null };
      if (file === later) {
        this.addWatchFile(en);
        return { code: cut().later, map: null };
      }
      return null;
    },
  };
}
