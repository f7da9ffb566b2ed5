import { useState } from 'preact/hooks';
import { PARAMS } from '../inputs.js';
import { errorText, t } from '../i18n/index.js';

// A checkpoint's model.safetensors.index.json: pasted, dropped or picked. The core reads
// it (core.checkpoint, rl_checkpoint_from_index: any number of tensors) into the few
// counts a request carries as "checkpoint"; the report then sets the index's exact size
// beside the count. The index text stays here; only its summary is state.
export function CheckpointField({ app }) {
  const [text, setText] = useState('');
  const [error, setError] = useState(null);
  const summary = app.inputs.checkpoint.value;
  const sizeOnly = app.inputs.model.value === PARAMS;

  function read(value) {
    setText(value);
    if (value.trim() === '') {
      setError(null);
      app.set('checkpoint', '');
      return;
    }
    const out = app.core.checkpoint(value);
    if (out.error) {
      setError(out.error);
      app.set('checkpoint', '');
    } else {
      setError(null);
      app.set('checkpoint', JSON.stringify(out));
    }
  }
  async function take(file) {
    if (file) read(await file.text());
  }
  function onDrop(e) {
    e.preventDefault();
    const file = e.dataTransfer?.files?.[0];
    if (file) take(file);
    else read(e.dataTransfer?.getData('text/plain') ?? '');
  }

  let parsed = null;
  try {
    parsed = summary ? JSON.parse(summary) : null;
  } catch {
    parsed = null;
  }
  const describedBy = ['hint-checkpoint', error && 'err-checkpoint'].filter(Boolean).join(' ');
  return (
    <div class={`field checkpoint-field${error ? ' invalid' : ''}`} onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
      <label for="in-checkpoint">{t('checkpoint.label')}</label>
      <textarea
        id="in-checkpoint"
        data-testid="checkpoint"
        rows={2}
        spellcheck={false}
        autoComplete="off"
        placeholder={t('checkpoint.placeholder')}
        value={text}
        aria-invalid={error ? 'true' : 'false'}
        aria-describedby={describedBy}
        onInput={(e) => read(e.currentTarget.value)}
      />
      <div class="config-actions">
        <label class="file-button">
          <input type="file" class="visually-hidden" accept=".json,application/json,text/plain" data-testid="checkpoint-file"
            onChange={(e) => take(e.currentTarget.files?.[0])} />
          <span>{t('checkpoint.choose')}</span>
        </label>
        <p class="hint" id="hint-checkpoint" data-testid="checkpoint-state">
          {parsed && parsed.total_size === undefined && parsed.hub_params !== undefined
            ? t('checkpoint.readHub', { params: parsed.hub_params.toLocaleString('en-US') })
            : parsed
            ? t(sizeOnly ? 'checkpoint.readSizeOnly' : 'checkpoint.read', { tensors: parsed.tensors.toLocaleString('en-US'), bytes: parsed.total_size.toLocaleString('en-US') })
            : t('checkpoint.hint')}
        </p>
        {parsed && <button type="button" class="clear-button" data-testid="checkpoint-clear" onClick={() => read('')}>{t('checkpoint.clear')}</button>}
      </div>
      {error && <p class="field-error" id="err-checkpoint" data-testid="error-checkpoint" role="alert">{errorText(error)}</p>}
    </div>
  );
}
