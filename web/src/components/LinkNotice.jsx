import { useState } from 'preact/hooks';
import { noticeText, t } from '../i18n/index.js';

// What a shared link got wrong, in words; the page already fell back per key.
export function LinkNotice({ notices }) {
  const [open, setOpen] = useState(true);
  if (!notices.length || !open) return null;
  return (
    <section class="link-notice" data-testid="link-notice" role="status" aria-label={t('notice.aria')}>
      <div>
        <strong>{t('notice.title')}</strong>
        <ul>
          {notices.map((n, i) => <li key={i}>{noticeText(n)}</li>)}
        </ul>
      </div>
      <button type="button" class="quiet" onClick={() => setOpen(false)}>{t('notice.dismiss')}</button>
    </section>
  );
}
