// What the page renders once its first verdict is on screen (App.jsx loads this module
// then: its own chunk in the hosted build, so the first verdict waits for none of it):
// the form, the panels and charts, the cost, the lint box, the Compare panel, the Plan
// view and the language toggle.
import { InputsPanel } from './InputsPanel.jsx';
import { pure } from '../charts/pure.js';
import { MemoryPanel } from './MemoryPanel.jsx';
import { RooflinePanel } from './RooflinePanel.jsx';
import { SweepPanel } from './SweepPanel.jsx';
import { ParallelPanel } from './ParallelPanel.jsx';
import { Topology } from './Topology.jsx';
import { DisaggPools } from './DisaggPools.jsx';
import { PagingPanel } from './PagingPanel.jsx';
import { ModelPanel } from './ModelPanel.jsx';
import { EstimateLimits } from './Estimate.jsx';
import { t } from '../i18n/index.js';
import { CostPanel } from './CostPanel.jsx';
import '../later.css';

export { LangToggle } from './LangToggle.jsx';
export { LintBox } from './LintBox.jsx';
export { ComparePanel } from './ComparePanel.jsx';
export { PlanView } from './PlanView.jsx';

function NoSpeed() {
  return (
    <section class="panel muted-panel" data-testid="no-speed">
      <h2>{t('nospeed.title')}</h2>
      <p>{t('nospeed.text')}</p>
    </section>
  );
}

export function Results({ app }) {
  const r = app.report.value;
  if (r.error) return null;
  if (r.estimate) return <EstimateLimits />;
  return (
    <>
      <MemoryPanel report={r} />
      {r.fits ? (
        <>
          <RooflinePanel report={r} sweep={app.sweep.value} />
          <SweepPanel report={r} points={app.sweep.value} />
          <CostPanel report={r} />
        </>
      ) : (
        <NoSpeed />
      )}
      {r.disaggregation && <DisaggPools app={app} report={r} />}
      <ParallelPanel report={r} />
      {(r.topology || r.disaggregation) && <Topology report={r} />}
      <PagingPanel report={r} />
      <ModelPanel report={r} />
    </>
  );
}

// The form does not depend on the page's own re-renders: its fields follow
// their own signals.
export const Inputs = pure(({ app }) => <InputsPanel app={app} />);
