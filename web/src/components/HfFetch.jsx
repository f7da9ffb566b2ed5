import { useState } from 'preact/hooks';
import { t } from '../i18n/index.js';

// "Fetch" a Hugging Face repo's config.json into the config box, and its
// model.safetensors.index.json and the Hub API's safetensors count into the checkpoint field (the count's check). Only on the click: typing an id makes
// no request, and no link or stored state ever starts one. The host is
// https://huggingface.co, the one extra host the CSP's connect-src allows
// (web/build/csp.js); a test may point it at a stand-in on the page's own origin
// by setting globalThis.ROOFLINE_HF_BASE before the page runs.
export const HF_BASE = 'https://huggingface.co';
const REPO = /^[A-Za-z0-9][A-Za-z0-9._-]{0,95}\/[A-Za-z0-9][A-Za-z0-9._-]{0,95}$/;

/** org/name as the Hub spells a model repo, or null. */
export function parseRepo(text) {
  const id = text.trim().replace(/^https:\/\/huggingface\.co\//, '').replace(/\/+$/, '');
  return REPO.test(id) && !id.includes('..') ? id : null;
}

function base() {
  const b = globalThis.ROOFLINE_HF_BASE;
  return typeof b === 'string' && b !== '' ? b.replace(/\/+$/, '') : HF_BASE;
}

/** The file's text, or {state} saying why not: offline (no answer), gated (401/403), missing (404), error. */
async function get(url) {
  let res;
  try {
    res = await fetch(url, { credentials: 'omit', cache: 'no-store', redirect: 'follow' });
  } catch {
    return { state: 'offline' };
  }
  if (res.status === 401 || res.status === 403) return { state: 'gated', status: res.status };
  if (res.status === 404) return { state: 'missing', status: res.status };
  if (!res.ok) return { state: 'error', status: res.status };
  return { text: await res.text() };
}

/** The positive whole number at `path` in a JSON text, or undefined: a Hub model API answer's safetensors.total
 * (the checkpoint's parameters, every dtype), a safetensors index's metadata.total_size (its bytes). */
function wholeAt(text, path) {
  try {
    const value = path.reduce((o, key) => o?.[key], JSON.parse(text));
    return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

export function HfFetch({ app }) {
  const [repo, setRepo] = useState('');
  const [status, setStatus] = useState({ state: 'idle' });

  async function onFetch() {
    const id = parseRepo(repo);
    if (!id) {
      setStatus({ state: 'bad' });
      return;
    }
    setStatus({ state: 'loading', id });
    const root = `${base()}/${id}/resolve/main`;
    const config = await get(`${root}/config.json`);
    if (config.text === undefined) {
      setStatus({ ...config, id });
      return;
    }
    const index = await get(`${root}/model.safetensors.index.json`);
    // The Hub's own count of the checkpoint's parameters (its model API), where the browser can get it:
    // exact whatever the dtypes, and the only figure for a checkpoint in one file, which has no index.
    const api = await get(`${base()}/api/models/${id}`);
    const params = api.text !== undefined ? wholeAt(api.text, ['safetensors', 'total']) : undefined;
    app.set('config', config.text);
    // The index, as the checkpoint field reads one: its exact size is set beside the count.
    const read = index.text !== undefined ? app.core.checkpoint(index.text) : null;
    const summary = read && !read.error ? read : null;
    const checkpoint = params === undefined ? summary : { ...(summary ?? {}), hub_params: params };
    app.set('checkpoint', checkpoint ? JSON.stringify(checkpoint) : '');
    setStatus({ state: 'done', id, total: summary ? wholeAt(index.text, ['metadata', 'total_size']) : undefined, params, url: `${root}/config.json` });
  }

  const { state } = status;
  const message = state === 'idle' ? t('hf.hint')
    : state === 'loading' ? t('hf.loading', { id: status.id })
    : state === 'done' ? (status.params !== undefined ? t('hf.doneHub', { id: status.id, params: status.params.toLocaleString('en-US') })
      : status.total !== undefined ? t('hf.doneTotal', { id: status.id, bytes: status.total.toLocaleString('en-US') }) : t('hf.done', { id: status.id }))
    : t(`hf.${state}`, { id: status.id ?? '', status: status.status ?? '' });
  const failed = ['bad', 'offline', 'gated', 'missing', 'error'].includes(state);
  return (
    <div class="field hf-fetch">
      <label for="in-hf-repo">{t('hf.label')}</label>
      <div class="control">
        <input
          id="in-hf-repo"
          type="text"
          autoComplete="off"
          spellcheck={false}
          placeholder={t('hf.placeholder')}
          data-testid="hf-repo"
          value={repo}
          aria-describedby="hf-status"
          onInput={(e) => setRepo(e.currentTarget.value)}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); onFetch(); } }}
        />
        <button type="button" data-testid="hf-fetch" disabled={state === 'loading'} onClick={onFetch}>{t('hf.fetch')}</button>
      </div>
      <p class={failed ? 'field-error' : 'hint'} id="hf-status" data-testid="hf-status" data-state={state} role={failed ? 'alert' : undefined}>
        {message}
        {failed && state !== 'bad' && <>{t('sep.sentence')}<a href="#in-config" data-testid="hf-paste">{t('hf.paste')}</a></>}
      </p>
    </div>
  );
}
