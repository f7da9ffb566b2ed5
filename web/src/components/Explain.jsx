import { useState } from 'preact/hooks';
import { t } from '../i18n/index.js';

// "How is this computed?": the formula, the user's numbers in it, the core's
// result, and where a figure it takes comes from (a source), when it has one.
// The text is built only while the box is open: a closed one costs nothing on
// each of the page's updates.
export function Explain({ of, report, label }) {
  const [open, setOpen] = useState(false);
  const entry = open && of && report ? of(report) : null;
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
