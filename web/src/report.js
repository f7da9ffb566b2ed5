// "Download report": the verdict, the figures and the charts as one
// self-contained HTML file (inline CSS and SVG, no script), for a design doc or
// a ticket. It is made from what the page already shows: the rendered verdict
// and panels, serialized (their text is escaped by the serializer; nothing from
// the URL is ever parsed as markup), plus the inputs and the link.
import { FIELDS } from './inputs.js';
import { FIELD_LINKS } from './field-links.js';
import { fieldLabel, lang, t } from './i18n/index.js';
import { inputsAsRead } from './request.js';

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** The page's CSS, as the browser parsed it (same-origin sheets and inline styles). */
function pageCss(doc) {
  const out = [];
  for (const sheet of doc.styleSheets) {
    try {
      for (const rule of sheet.cssRules) out.push(rule.cssText);
    } catch {
      // A sheet the page may not read: the report goes without it.
    }
  }
  return out.join('\n');
}

/** What stands in the verdict's place: the verdict, the size-only estimate, or the Plan view. */
export const VERDICT_AREA = '[data-testid="verdict"], [data-testid="estimate"], [data-testid="plan-view"]';

/** The form controls of a panel whose values the report keeps as text. */
const CONTROLS = 'input:not([type=checkbox]), select, textarea';

/** What a form control shows: a list's chosen option, a box's text. */
const shownValue = (control) => (control.tagName === 'SELECT' ? control.selectedOptions[0]?.textContent ?? '' : control.value);

/**
 * The inputs ({key: value}) as the form shows them: a choice in its option's words, in the
 * page's language (the model's name, "union（期望）"), not its code; any other value as given.
 */
export function inputsAsShown(doc, inputs) {
  return Object.fromEntries(Object.entries(inputs).map(([key, value]) => {
    const select = doc.querySelector(`select[data-testid="${CSS.escape(key)}"]`);
    return [key, select && select.value === String(value) ? shownValue(select) : value];
  }));
}

/**
 * A copy of a rendered element without what only works on the page: buttons,
 * inputs, open/close boxes, hit areas. With `values`, a form control becomes
 * the text it shows (the Compare table's setups B and C are their fields); the
 * copy's controls hold no live value, so it is read from the original's.
 */
function staticCopy(node, { values = false } = {}) {
  const copy = node.cloneNode(true);
  if (values) {
    const live = node.querySelectorAll(CONTROLS);
    copy.querySelectorAll(CONTROLS).forEach((control, i) => {
      const span = copy.ownerDocument.createElement('span');
      span.className = 'report-value';
      span.textContent = live[i] ? shownValue(live[i]) : '';
      control.replaceWith(span);
    });
  }
  // What only works on the live page goes: controls, the charts' hit areas and the hints that point at them.
  for (const el of copy.querySelectorAll('button, input, select, textarea, details.explain, details.table-wrap, .hit, .interactive-hint, script')) el.remove();
  for (const el of copy.querySelectorAll('[tabindex]')) el.removeAttribute('tabindex');
  for (const el of copy.querySelectorAll('*')) {
    for (const attr of [...el.attributes]) if (/^on/i.test(attr.name)) el.removeAttribute(attr.name);
  }
  return copy.outerHTML;
}

const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/**
 * The report's HTML. `doc` is the live document; `inputs` the page's input
 * values ({key: text}); `link` the share link; `lang` the page's language.
 */
export function buildReport({ doc, inputs, labels, link, lang, title }) {
  // The Compare table follows the panels.
  const verdict = doc.querySelector(VERDICT_AREA);
  // A panel that holds nothing but its controls (the serve-command box left empty) is left out.
  const panels = [...doc.querySelectorAll('[data-testid="results"] > section')].filter(
    (panel) => !panel.classList.contains('lint-box') || panel.querySelector('[data-testid="lint-answer"]'),
  );
  const compare = doc.querySelector('[data-testid="compare"]');
  const rows = Object.entries(inputs)
    .filter(([, v]) => String(v ?? '').trim() !== '')
    .map(([k, v]) => `<tr><th scope="row">${escapeHtml(labels[k] ?? k)}</th><td>${escapeHtml(String(v).length > 200 ? `${String(v).slice(0, 200)}…` : v)}</td></tr>`)
    .join('');
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<style>${pageCss(doc).replace(/<\/style/gi, '<\\/style')}
body.report { max-width: 60rem; margin: 0 auto; padding: 1rem; }
body.report .report-meta { color: var(--muted, #666); font-size: 0.9em; }
body.report table.inputs-table td, body.report table.inputs-table th { text-align: left; padding: 0.15rem 0.6rem 0.15rem 0; vertical-align: top; }
</style>
</head>
<body class="report">
<h1>${escapeHtml(title)}</h1>
<p class="report-meta">${escapeHtml(t('report.generated'))} ${escapeHtml(when)} UTC</p>
${verdict ? staticCopy(verdict) : ''}
<section class="panel"><h2>${escapeHtml(t('report.inputs'))}</h2>
<table class="inputs-table"><tbody>${rows}</tbody></table>
<p>${escapeHtml(t('report.link'))}: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
</section>
${panels.map((panel) => staticCopy(panel)).join('\n')}
${compare ? staticCopy(compare, { values: true }) : ''}
</body>
</html>
`;
}

/** Saves text as a file through a temporary link (no network, no popup). */
export function saveFile(doc, name, text, type = 'text/html') {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  doc.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** roofline-lint-qwen3-4b-a100-40g.html: ids only, nothing a filesystem minds. */
export function reportName(values) {
  const part = (v) => String(v ?? '').toLowerCase().replace(/[^a-z0-9.]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40);
  const model = values.model === 'params' ? `${part(values.params)}-params` : part(values.model);
  return `roofline-lint-${[model, part(values.gpu)].filter(Boolean).join('-')}.html`;
}

/**
 * The page's report, saved as a file (DownloadReport.jsx's click, once the later words are in): the inputs as
 * the core read them and as the form shows them, each named as the page names its field, and the verdict's
 * heading in the title. Here rather than in the button, so that the entry script carries only the button.
 */
export function saveReport(doc, values, report, link) {
  const labels = Object.fromEntries(FIELDS.map((f) => [f.key, fieldLabel(f.key) === f.key ? FIELD_LINKS[f.key].label : fieldLabel(f.key)]));
  const inputs = inputsAsShown(doc, inputsAsRead(values, report));
  const title = `${t('report.title')}: ${doc.querySelector(VERDICT_AREA)?.querySelector('h2')?.textContent ?? ''}`;
  saveFile(doc, reportName(values), buildReport({ doc, inputs, labels, link, lang: lang.value, title }));
}
