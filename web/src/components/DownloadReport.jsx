import { FIELDS } from '../inputs.js';
import { fieldLabel, lang, loadLaterWords, t } from '../i18n/index.js';
import { inputsAsRead } from '../request.js';

// "Download report": what the page shows, as one self-contained HTML file: the
// verdict (or the Plan view), the inputs, the panels and the Compare table. The
// report's writer (report.js) loads on the click: the first verdict does not wait for it.
export function DownloadReport({ app, makeLink }) {
  async function download() {
    const [{ url }, { VERDICT_AREA, buildReport, inputsAsShown, reportName, saveFile }] = await Promise.all([makeLink(), import('../report.js'), loadLaterWords()]);
    const values = app.values.value;
    const labels = Object.fromEntries(FIELDS.map((f) => [f.key, fieldLabel(f.key) === f.key ? f.label : fieldLabel(f.key)]));
    const inputs = inputsAsShown(document, inputsAsRead(values, app.report.value));
    const html = buildReport({ doc: document, inputs, labels, link: url, lang: lang.value, title: `${t('report.title')}: ${document.querySelector(VERDICT_AREA)?.querySelector('h2')?.textContent ?? ''}` });
    saveFile(document, reportName(values), html);
  }
  return (
    <button type="button" class="quiet" data-testid="download-report" onClick={download}>
      {t('report.download')}
    </button>
  );
}
