// The moment the page's first verdict is on screen: presented, not just committed.
// Why the rest of the page (the form, the panels, the charts) waits for it: on a
// 2-core machine that render (~50 ms of main thread) ran while the verdict's frame
// was still being rasterised, and the two shared the cores. The browser reports the
// presentation through Element Timing (the verdict word carries elementtiming="verdict");
// where it does not (Firefox, Safari) or nothing is painted (a page opened in the
// background), the frame after next, or a bound, stands in for it.

const BOUND_MS = 500;
let shown = null;

/** Resolves once the first verdict has been presented (see above); the same promise for every caller. */
export function verdictShown() {
  if (shown) return shown;
  shown = new Promise((resolve) => {
    const timer = setTimeout(resolve, BOUND_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timed = typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('element');
    if (!timed || !document.querySelector('[elementtiming="verdict"]')) {
      requestAnimationFrame(() => requestAnimationFrame(done));
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some((e) => e.identifier === 'verdict')) return;
      observer.disconnect();
      done();
    });
    observer.observe({ type: 'element', buffered: true });
  });
  return shown;
}
