// The size-only estimate (Estimate.jsx: its verdict and its limits) loads when a report is
// first an estimate, with the words it speaks (loadLaterWords): its own chunk in the hosted
// build, so that the first verdict of a named model waits for none of it. main.jsx loads it
// before the first render when the link asks for an estimate.
import { laterModule } from './laterModule.js';

const { loaded, load: loadEstimate } = laterModule(() => import('./Estimate.jsx'));
export { loadEstimate };

/** The estimate's verdict (Estimate) once its module is in; until then an empty, busy card. */
export function EstimateVerdict(props) {
  const m = loaded.value;
  if (!m) {
    loadEstimate();
    return <section class="verdict" aria-busy="true" />;
  }
  return <m.Estimate {...props} />;
}

/** What the estimate does not count (EstimateLimits), once its module is in. */
export function EstimateLimitsSlot() {
  const m = loaded.value;
  if (!m) {
    loadEstimate();
    return null;
  }
  return <m.EstimateLimits />;
}
