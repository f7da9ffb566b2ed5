// Speculative decoding's section (Speculative.jsx) loads when a report first has one, with the words it
// speaks (spec.*: en-later, loadLaterWords): its own chunk in the hosted build, so that the first verdict
// without speculation waits for none of it. main.jsx loads it before the first render when the first
// report has speculation (a link that asks for it), as it does for the size-only estimate.
import { laterModule } from './laterModule.js';

const { loaded, load: loadSpeculative } = laterModule(() => import('./Speculative.jsx'));
export { loadSpeculative };

/** The section (Speculative) once its module is in; nothing until then. */
export function SpeculativeSlot(props) {
  const m = loaded.value;
  if (!m) {
    loadSpeculative();
    return null;
  }
  return <m.Speculative {...props} />;
}
