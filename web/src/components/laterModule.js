// A part of the page in its own chunk (the hosted build), loaded once, with the later words it speaks
// (loadLaterWords), so that a first verdict that does not show it waits for none of it. Its signal holds the
// module once it is in (null until then), so the components that read it render again when it comes.
import { signal } from '@preact/signals';
import { loadLaterWords } from '../i18n/index.js';

/** { loaded, load }: load() starts it (once) and resolves to the module; loaded.value is it once in. */
export function laterModule(importModule) {
  const loaded = signal(null);
  let loading = null;
  const load = () =>
    (loading ??= Promise.all([importModule(), loadLaterWords()]).then(([m]) => {
      loaded.value = m;
      return m;
    }));
  return { loaded, load };
}
