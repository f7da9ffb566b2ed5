import { useEffect, useState } from 'preact/hooks';
import { loadLaterWords, t } from '../i18n/index.js';

// "How is this computed?": the formula, the user's numbers in it, the core's
// result, and where a figure it takes comes from (a source), when it has one.
// The text is built only while the box is open: a closed one costs nothing on
// each of the page's updates. `of` names the formula's writer in explain/formulas.js,
// which loads when a box is first opened, with its words (its own chunk in the hosted
// build: the first verdict does not wait for it).

let formulas = null;
const loadFormulas = () => (formulas ??= Promise.all([import('../explain/formulas.js'), loadLaterWords()]).then(([m]) => m));

export function Explain({ of, report, label }) {
  const [open, setOpen] = useState(false);
  const [writers, setWriters] = useState(null);
  useEffect(() => {
    if (!open || writers) return undefined;
    let live = true;
    loadFormulas().then((m) => live && setWriters(m));
    return () => { live = false; };
  }, [open, writers]);
  const entry = open && writers?.[of] && report ? writers[of](report) : null;
  return (
    <details class="explain" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{label ?? t('explain.how')}</summary>
      {entry && (
        <>
          <p class="formula"><code>{entry.formula}</code></p>
          <p class="formula"><code>{entry.numbers}</code></p>
          <p class="formula"><code>{entry.result}</code></p>
          {entry.source && <p class="formula-source">{entry.source}</p>}
        </>
      )}
    </details>
  );
}
