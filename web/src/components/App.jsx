import { useEffect, useState } from 'preact/hooks';
import { InputsPanel } from './InputsPanel.jsx';
import { pure } from '../charts/pure.js';
import { LinkNotice } from './LinkNotice.jsx';
import { ShareLink } from './ShareLink.jsx';
import { Verdict } from './Verdict.jsx';
import { MemoryPanel } from './MemoryPanel.jsx';
import { RooflinePanel } from './RooflinePanel.jsx';
import { SweepPanel } from './SweepPanel.jsx';
import { ParallelPanel } from './ParallelPanel.jsx';
import { PagingPanel } from './PagingPanel.jsx';
import { ModelPanel } from './ModelPanel.jsx';
import { EstimateLimits } from './Estimate.jsx';
import { t } from '../i18n/index.js';
import { LangToggle } from './LangToggle.jsx';
import { DownloadReport } from './DownloadReport.jsx';
import { CostPanel } from './CostPanel.jsx';
import { LintBox } from './LintBox.jsx';
import { CompareButton, ComparePanel } from './ComparePanel.jsx';
import { PlanView, ViewToggle } from './PlanView.jsx';
import { view } from '../plan.js';
import { verdictShown } from '../first-frame.js';

function NoSpeed() {
  return (
    <section class="panel muted-panel" data-testid="no-speed">
      <h2>{t('nospeed.title')}</h2>
      <p>{t('nospeed.text')}</p>
    </section>
  );
}

function Results({ app, full }) {
  const r = app.report.value;
  if (r.error) return null;
  if (r.estimate) return <EstimateLimits />;
  return (
    <>
      {full && <MemoryPanel report={r} />}
      {!full ? null : r.fits ? (
        <>
          <RooflinePanel report={r} sweep={app.sweep.value} />
          <SweepPanel report={r} points={app.sweep.value} />
          <CostPanel report={r} />
        </>
      ) : (
        <NoSpeed />
      )}
      {full && <ParallelPanel report={r} />}
      {full && <PagingPanel report={r} />}
      {full && <ModelPanel report={r} />}
    </>
  );
}

// The form does not depend on the page's own re-renders: its fields follow
// their own signals.
const Inputs = pure(({ app }) => <InputsPanel app={app} />);

export function App({ app, notices, makeLink, compare }) {
  // The first frame shows the header and the verdict alone: its first layout is the
  // cost between the DOM write and that frame (a page's first layout shapes all of its
  // text). The form, the memory panel, the charts and the detail panels follow once that
  // frame is on screen (first-frame.js), so the verdict is never kept waiting.
  const [full, setFull] = useState(false);
  useEffect(() => {
    verdictShown().then(() => setFull(true));
  }, []);
  // The Plan view takes the verdict's place; the form (model, workload) stays.
  const plan = view.value === 'plan';
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
          {full && <LangToggle />}
        </div>
      </header>
      <LinkNotice notices={notices} />
      {/* The verdict comes first in the DOM: on a phone it sits above the inputs. */}
      <main class="layout">
        <div class="verdict-area" id="results" tabIndex={-1}>
          {plan ? <PlanView app={app} /> : <Verdict app={app} />}
        </div>
        {full ? <Inputs app={app} /> : <div class="inputs" aria-busy="true" />}
        <div class="results" data-testid="results" data-ready={full ? 'true' : 'false'}>
          {!plan && full && <LintBox app={app} />}
          {!plan && <Results app={app} full={full} />}
        </div>
      </main>
      {full && compare && !plan && <ComparePanel app={app} compare={compare} />}
      <footer class="foot">
        <p>{t('app.footer')}</p>
      </footer>
    </>
  );
}
