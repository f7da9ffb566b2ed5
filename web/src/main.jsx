// First: the core starts loading while the rest of this bundle is evaluated.
import { corePromise, loadFeatures } from './core/start.js';
import { render } from 'preact';
import { addProse, withProse } from './presets.js';
import { SCALE_FIELDS, defaultInputs } from './inputs.js';
import { createState } from './state.js';
import { createCompare } from './compare.js';
import { App } from './components/App.jsx';
import { loadLaterWords, pickLang, setLang, t } from './i18n/index.js';
import { loadEstimate } from './components/EstimateSlot.jsx';
import { loadSpeculative } from './components/SpeculativeSlot.jsx';
import { verdictShown } from './first-frame.js';
import './styles.css';

function BootError({ error }) {
  return (
    <main class="boot-error" data-testid="boot-error" role="alert">
      <h1>{t('boot.title')}</h1>
      <p>{t('boot.text', { error: String(error?.message ?? error) })}</p>
    </main>
  );
}

async function boot() {
  const root = document.getElementById('app');
  let core;
  performance.mark('rl:boot');
  // The browser's language, its table loading alongside the core.
  const langReady = setLang(pickLang(navigator.languages ?? [navigator.language]), false);
  try {
    core = await corePromise;
    performance.mark('rl:core-loaded');
  } catch (error) {
    render(<BootError error={error} />, root);
    return;
  }
  const presets = withProse(core.presets());
  const ids = { modelIds: presets.models.map((m) => m.id), gpuIds: presets.gpus.map((g) => g.id) };
  // A link's query is read by url-codec.js, which also sets the Plan view's state it carries (plan.js's
  // restorePlan), loaded only when there is one (neither is on the critical path); without a query the
  // page starts from the defaults, as decodeLink would give them, in the main view.
  const search = location.search;
  const codec = search === '' || search === '?' ? null : await import('./url-codec.js');
  const { state, notices, lang, page, compare: compared } = codec === null
    ? { state: defaultInputs(ids.modelIds, ids.gpuIds), notices: [], lang: null, page: {}, compare: [] }
    : await codec.decodeLink(search, { ...ids, say: (code, params) => params });
  await langReady;
  if (lang) await setLang(lang);
  performance.mark('rl:link-read');
  codec?.restorePlan(page);
  // A link that sets a scale-out input (nodes, EP, DP attention, disaggregation) is a deployment the hosted page's
  // verdict module cannot analyse (RL_SCALE_OUT=0): its first verdict waits for the full module, so that the
  // first frame never shows another deployment's verdict or figures.
  if (SCALE_FIELDS.some((k) => typeof state[k] === 'string' && state[k].trim() !== '')) await loadFeatures(core).catch(() => {});
  const app = createState(core, presets, state);
  const compare = createCompare(app, compared);
  // The address bar's mirror and Copy link (link/share.js) load beside the first verdict, not before it.
  const linker = import('./link/share.js').then(({ createLinker }) => createLinker(app, compare));
  // The first verdict of a named model speaks only the words of en.js's first chunk; a size-only
  // estimate, an error or a link's notices take their module and the rest of the words first
  // (web/build/en-split.js), so that the first frame never shows a key.
  let first = app.report.value;
  // An input the verdict module leaves to the full one (a size alone, speculative decoding, offload, a vision tower,
  // the rarer model families: core/src/internal.h, RL_FULL): the first verdict is the full module's.
  if (first.error?.why === 'full_module') {
    await loadFeatures(core).catch(() => {});
    first = app.report.value;
  }
  if (first.estimate) await loadEstimate();
  else if (first.error || notices.length > 0) await loadLaterWords();
  if (first.fits && first.speculative) await loadSpeculative();
  root.textContent = '';
  // Registered before the render, so that it runs ahead of Preact's effects (which render the
  // charts after the first frame): rl:first-frame marks the frame with the verdict, not the one after.
  requestAnimationFrame(() => setTimeout(() => performance.mark('rl:first-frame'), 0));
  performance.mark('rl:render');
  render(<App app={app} notices={notices} makeLink={() => linker.then((l) => l.link())} compare={compare} features={() => loadFeatures(core)} />, root);
  // The DOM holds the first verdict from here on (web/scripts/bench.mjs reads this mark, and
  // the Element Timing entry of the verdict word for the frame that painted it).
  performance.mark('rl:first-verdict');
  linker.then((l) => l.sync()).catch(() => {});
  // Nothing else competes with the verdict's first frame: the presets' prose (not needed for the
  // verdict) and the service worker come once that frame is on screen (first-frame.js, which the
  // rest of the page waits for too), in a task of their own.
  verdictShown().then(() => setTimeout(() => {
    import('virtual:preset-prose')
      .then(({ default: prose }) => addProse(presets, prose))
      .catch(() => {})
      // The page's start-up work is over (web/scripts/bench.mjs times inputs from here).
      .finally(() => performance.mark('rl:settled'));
    registerWorker();
  }, 0));
}

/** Hosted build only (it links a manifest; the single file and file:// do not): offline after one visit. */
function registerWorker() {
  if (!document.querySelector('link[rel="manifest"]') || !('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  // The page's CSP requires Trusted Types for script URLs: one policy, for this one URL.
  const SW = './sw.js';
  try {
    const url = window.trustedTypes
      ? window.trustedTypes.createPolicy('roofline-sw', { createScriptURL: (u) => (u === SW ? u : '') }).createScriptURL(SW)
      : SW;
    navigator.serviceWorker.register(url).catch(() => {});
  } catch {
    // No worker (a private window, a refusing browser): the page works online as before.
  }
}

boot();
