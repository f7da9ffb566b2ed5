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
import { LintBox } from './LintBox.jsx';

function NoSpeed() {
  return (
    <section class="panel muted-panel" data-testid="no-speed">
      <h2>No speed for a setup that does not fit</h2>
      <p>
        The roofline position, step time and batch sweep appear once the deployment fits in memory. Apply one of the
        remedies above, or change the inputs.
      </p>
    </section>
  );
}

function Results({ app, full }) {
  const r = app.report.value;
  if (r.error) return null;
  if (r.estimate) return <EstimateLimits />;
  return (
    <>
      <MemoryPanel report={r} />
      {!full ? null : r.fits ? (
        <>
          <RooflinePanel report={r} sweep={app.sweep.value} />
          <SweepPanel report={r} points={app.sweep.value} />
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

export function App({ app, notices, makeLink }) {
  // The first frame shows the form, the verdict and the memory; the charts and
  // the detail panels follow right after it, so the verdict is never kept waiting.
  const [full, setFull] = useState(false);
  useEffect(() => setFull(true), []);
  return (
    <>
      <a class="skip" href="#results">Skip to the results</a>
      <header class="top">
        <div>
          <h1>roofline-lint</h1>
          <p class="tagline">Does your LLM deployment fit in memory, and where will decode hurt?</p>
        </div>
        <ShareLink makeLink={makeLink} />
      </header>
      <LinkNotice notices={notices} />
      {/* The verdict comes first in the DOM: on a phone it sits above the inputs. */}
      <main class="layout">
        <div class="verdict-area" id="results" tabIndex={-1}>
          <Verdict app={app} />
        </div>
        <Inputs app={app} />
        <div class="results" data-testid="results" data-ready={full ? 'true' : 'false'}>
          <LintBox app={app} />
          <Results app={app} full={full} />
        </div>
      </main>
      <footer class="foot">
        <p>
          Every figure is computed in your browser by the roofline-lint C core, compiled to WebAssembly; nothing you enter
          leaves the page. Units: GiB = 2³⁰ bytes, GB/s = 10⁹ bytes/s, TFLOPS = dense 10¹² FLOP/s. Times are roofline floors.
        </p>
      </footer>
    </>
  );
}
