import { useState } from 'preact/hooks';

// What a shared link got wrong, in words; the page already fell back per key.
export function LinkNotice({ notices }) {
  const [open, setOpen] = useState(true);
  if (!notices.length || !open) return null;
  return (
    <section class="link-notice" data-testid="link-notice" role="status" aria-label="Problems with the link">
      <div>
        <strong>Some settings in this link could not be used.</strong>
        <ul>
          {notices.map((text, i) => <li key={i}>{text}</li>)}
        </ul>
      </div>
      <button type="button" class="quiet" onClick={() => setOpen(false)}>Dismiss</button>
    </section>
  );
}
