import { loadLaterWords, t } from '../i18n/index.js';

// "Download report": what the page shows, as one self-contained HTML file: the
// verdict (or the Plan view), the inputs, the panels and the Compare table. The
// report's writer (report.js) loads on the click: the first verdict does not wait for it.
export function DownloadReport({ app, makeLink }) {
  async function download() {
    const [{ url }, { saveReport }] = await Promise.all([makeLink(), import('../report.js'), loadLaterWords()]);
    saveReport(document, app.values.value, app.report.value, url);
  }
  return (
    <button type="button" class="quiet" data-testid="download-report" onClick={download}>
      {t('report.download')}
    </button>
  );
}
