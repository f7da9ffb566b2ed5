import { useState } from 'preact/hooks';

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
      <button type="button" data-testid="copy-link" onClick={copy}>Copy link</button>
      {state && (
        <div class="share-result" role="status">
          <span>{state.copied ? 'Link copied.' : 'Copy this link:'}</span>
          <input
            type="text"
            readOnly
            data-testid="share-url"
            aria-label="Link to this setup"
            value={state.url}
            onFocus={(e) => e.currentTarget.select()}
          />
          {state.notices.map((text, i) => <p key={i} class="hint">{text}</p>)}
        </div>
      )}
    </div>
  );
}
