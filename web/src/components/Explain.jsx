import { useState } from 'preact/hooks';

// "How is this computed?": the formula, the user's numbers in it, the core's
// result. The text is built only while the box is open: a closed one costs
// nothing on each of the page's updates.
export function Explain({ of, report, label = 'How is this computed?' }) {
  const [open, setOpen] = useState(false);
  const entry = open && of && report ? of(report) : null;
  return (
    <details class="explain" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{label}</summary>
      {entry && (
        <>
          <p class="formula"><code>{entry.formula}</code></p>
          <p class="formula"><code>{entry.numbers}</code></p>
          <p class="formula"><code>{entry.result}</code></p>
        </>
      )}
    </details>
  );
}
