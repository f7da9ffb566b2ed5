import { useState } from 'preact/hooks';
import { noticeText, t } from '../i18n/index.js';

// Copies the link of the current inputs. The clipboard may be refused (file://,
// permissions), so the link is also shown, selected, for a manual copy.
export function ShareLink({ makeLink }) {
  const [state, setState] = useState(null);

  async function copy() {
    const { url, notices } = await makeLink();
    let copied = false;
    try {
      await navigator.clipboard.writeText(url);
      copied = true;
    } catch {
      copied = false;
    }
    setState({ url, notices, copied });
  }

  return (
    <div class="share">
      <button type="button" data-testid="copy-link" onClick={copy}>{t('share.copy')}</button>
      {state && (
        <div class="share-result" role="status">
          <span>{t(state.copied ? 'share.copied' : 'share.manual')}</span>
          <input
            type="text"
            readOnly
            data-testid="share-url"
            aria-label={t('share.aria')}
            value={state.url}
            onFocus={(e) => e.currentTarget.select()}
          />
          {state.notices.map((n, i) => <p key={i} class="hint">{noticeText(n)}</p>)}
        </div>
      )}
    </div>
  );
}
