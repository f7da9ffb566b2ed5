// Share links of the live state: built on demand for "Copy link", and kept in
// the address bar (debounced) so a reload or a bookmark restores the page.
import { effect } from '@preact/signals';
import { CUSTOM } from '../inputs.js';
import { lang, langChosen } from '../i18n/index.js';
import { planLinkState } from '../plan.js';

// url-codec.js (the link's writer and reader) loads with the first link, after the first verdict.
const codec = () => import('../url-codec.js');

const keep = (code, params) => params;

function pageUrl() {
  return location.href.split(/[?#]/)[0];
}

/** The page's language when it was chosen; undefined when the browser's decided. */
function chosenLang() {
  return langChosen.value ? lang.value : undefined;
}

/** app: the page state; compare (optional): the Compare view's (compare.js), its setups in the link as c1/c2. */
export function createLinker(app, compare) {
  let cache = { text: null, encoded: null };

  /** The compared setups' inputs (read inside an effect, they are tracked). */
  const compared = () => (compare ? compare.columns.value.map((c) => c.values.value) : []);

  async function queryFor(values, language, setups = compared(), page = planLinkState()) {
    const { encodeConfig, encodeLink } = await codec();
    let encodedConfig;
    if (values.model === CUSTOM && values.config) {
      if (cache.text !== values.config) cache = { text: values.config, encoded: await encodeConfig(values.config) };
      encodedConfig = cache.encoded;
    }
    return encodeLink(values, {
      modelIds: app.modelIds,
      gpuIds: app.gpuIds,
      encodedConfig,
      lang: language,
      compare: setups,
      page,
      say: keep,
    });
  }

  /** {url, notices} for the current inputs. */
  async function link() {
    const { query, notices } = await queryFor(app.values.value, chosenLang());
    return { url: pageUrl() + query, notices };
  }

  /** Mirrors the inputs into the address bar; returns the effect's disposer. */
  function sync(delay = 250) {
    let timer;
    let generation = 0;
    return effect(() => {
      const values = app.values.value;
      const language = chosenLang();
      const setups = compared();
      const page = planLinkState();
      const mine = ++generation;
      clearTimeout(timer);
      timer = setTimeout(async () => {
        const { query } = await queryFor(values, language, setups, page);
        if (mine !== generation) return;
        try {
          history.replaceState(null, '', pageUrl() + query);
        } catch {
          // Some file:// contexts refuse history updates; Copy link still works.
        }
      }, delay);
    });
  }

  return { link, sync };
}
