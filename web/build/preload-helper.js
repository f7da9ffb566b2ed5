// Vite wraps each dynamic import() in its preload helper (`\0vite/preload-helper.js`), which
// fetches the chunk's CSS and imports ahead of it: 3.8 KB (1.4 KB gzipped) of link-building code
// (module preloads, CSP nonces, a list of the links already on the page) in the entry script. Both
// builds pass modulePreload: false, so the one dep a call can carry is a stylesheet (the hosted
// build's Later.css); these stand-ins do just that much, and refuse loudly what they do not honour.
const PRELOAD_HELPER = '\0vite/preload-helper.js';

function helper(name, code) {
  return {
    name,
    enforce: 'pre',
    resolveId: (id) => (id === PRELOAD_HELPER ? id : null),
    load: (id) => (id === PRELOAD_HELPER ? code : null),
  };
}

/**
 * Single file: it inlines every chunk and all the CSS, so each call passes no deps (`void 0`):
 * the import alone.
 */
export const noPreloads = () => helper('roofline:no-preloads',
  'export const __vitePreload = (load, deps) => { if (deps && deps.length) throw new Error("single file: a preload of " + deps.join(", ")); return load(); };');

/**
 * Hosted build: a chunk's stylesheets (deps, relative to the importing script, `base`) as
 * <link rel="stylesheet">, each once; the chunk is imported once they have loaded, and a sheet
 * that fails to load fails the import (as Vite's helper does), so no part of the page shows unstyled.
 */
export const stylesheetPreloads = () => helper('roofline:stylesheet-preloads', `
const sheets = {};
const sheet = (href) => (sheets[href] ??= new Promise((resolve, reject) => {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.onload = resolve;
  link.onerror = () => reject(new Error('Unable to preload CSS for ' + href));
  document.head.appendChild(link);
}));
export const __vitePreload = (load, deps, base) => {
  if (!deps || !deps.length) return load();
  if (deps.some((d) => !d.endsWith('.css'))) throw new Error('hosted build: a preload of ' + deps.join(', '));
  return Promise.all(deps.map((d) => sheet(new URL(d, base).href))).then(load);
};`);
