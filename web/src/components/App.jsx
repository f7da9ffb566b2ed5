import { useEffect, useState } from 'preact/hooks';
import { LinkNotice } from './LinkNotice.jsx';
import { ShareLink } from './ShareLink.jsx';
import { Verdict } from './Verdict.jsx';
import { EstimateLimitsSlot } from './EstimateSlot.jsx';
import { loadLaterWords, t } from '../i18n/index.js';
import { DownloadReport } from './DownloadReport.jsx';
import { CompareButton, ViewToggle } from './HeaderButtons.jsx';
import { view } from '../view.js';
import { verdictShown } from '../first-frame.js';

/**
 * The rest of the page (Later.jsx), with its words (loadLaterWords) and the core's features it calls (the lint, the planner, the
 * checkpoint reader: `features` resolves once the core has them): loaded once the first verdict is
 * on screen, or at once for the Plan view.
 */
let later = null;
export function loadLater(features) {
  later ??= Promise.all([import('./Later.jsx'), loadLaterWords(), features?.().catch(() => {})]).then(([m]) => m);
  return later;
}

export function App({ app, notices, makeLink, compare, features }) {
  // The first frame shows the header and the verdict alone: its first layout is the
  // cost between the DOM write and that frame (a page's first layout shapes all of its
  // text), and its script is all that the verdict waits for. The form, the memory panel,
  // the charts and the detail panels (Later.jsx) follow once that frame is on screen
  // (first-frame.js), so the verdict is never kept waiting.
  const [rest, setRest] = useState(null);
  // The Plan view takes the verdict's place; the form (model, workload) stays.
  const plan = view.value === 'plan';
  useEffect(() => {
    let live = true;
    (plan ? loadLater(features) : verdictShown().then(() => loadLater(features))).then((m) => live && setRest(m));
    return () => { live = false; };
  }, []);
  const full = rest !== null;
  const r = app.report.value;
  return (
    <>
      <a class="skip" href="#results">{t('app.skip')}</a>
      <header class="top">
        <div>
          <h1>roofline-lint</h1>
          <p class="tagline">{t('app.tagline')}</p>
        </div>
        <div class="top-actions">
          <ViewToggle />
          {compare && <CompareButton compare={compare} />}
          <DownloadReport app={app} makeLink={makeLink} />
          <ShareLink makeLink={makeLink} />
          {/* After the first frame, and last so that nothing moves when it comes: on an English page it
              names the other language in Chinese characters, and finding a face for them (the page
              loads no font) held the verdict's first frame ~11 ms on a machine without one. */}
          {full && <rest.LangToggle />}
        </div>
      </header>
      <LinkNotice notices={notices} />
      {/* The verdict comes first in the DOM: on a phone it sits above the inputs. */}
      <main class="layout">
        <div class="verdict-area" id="results" tabIndex={-1}>
          {!plan ? <Verdict app={app} /> : full ? <rest.PlanView app={app} /> : <section class="panel plan-view" aria-busy="true" />}
        </div>
        {full ? <rest.Inputs app={app} /> : <><div class="key-inputs" aria-busy="true" /><div class="inputs" aria-busy="true" /></>}
        <div class="results" data-testid="results" data-ready={full ? 'true' : 'false'}>
          {!plan && full && <rest.LintBox app={app} />}
          {!plan && (full ? <rest.Results app={app} /> : !r.error && r.estimate ? <EstimateLimitsSlot /> : null)}
        </div>
      </main>
      {full && compare && !plan && <rest.ComparePanel app={app} compare={compare} />}
      <footer class="foot">
        <p>{t('app.footer')}</p>
      </footer>
    </>
  );
}
