import { CUSTOM } from '../inputs.js';
import { MAX_CONFIG_BYTES } from '../url-codec.js';
import { errorText, t } from '../i18n/index.js';

// The user's own config.json: pasted, dropped or picked. The text goes to the
// core as is; its reader names the field at fault. Reading stops one byte past
// the core's limit, so a huge file is refused by the core without filling memory.
async function readFile(file) {
  return file.slice(0, MAX_CONFIG_BYTES + 1).text();
}

export function ConfigField({ app }) {
  const custom = app.inputs.model.value === CUSTOM;
  const error = app.fieldErrors.value.config;
  const describedBy = ['hint-config', error && 'err-config'].filter(Boolean).join(' ');

  async function take(file) {
    if (file) app.set('config', await readFile(file));
  }
  function onDrop(e) {
    e.preventDefault();
    const file = e.dataTransfer?.files?.[0];
    if (file) take(file);
    else {
      const text = e.dataTransfer?.getData('text/plain');
      if (text) app.set('config', text);
    }
  }

  return (
    <div
      class={`field config-field${error ? ' invalid' : ''}${custom ? ' active' : ''}`}
      onDragOver={(e) => e.preventDefault()}
      onDrop={onDrop}
    >
      <label for="in-config">{t('config.label')}</label>
      <textarea
        id="in-config"
        data-testid="config"
        rows={custom ? 10 : 3}
        spellcheck={false}
        autoComplete="off"
        placeholder={t('config.placeholder')}
        value={app.inputs.config.value}
        aria-invalid={error ? 'true' : 'false'}
        aria-describedby={describedBy}
        onInput={(e) => app.set('config', e.currentTarget.value)}
      />
      <div class="config-actions">
        <label class="file-button">
          <input
            type="file"
            class="visually-hidden"
            accept=".json,application/json,text/plain"
            data-testid="config-file"
            onChange={(e) => take(e.currentTarget.files?.[0])}
          />
          <span>{t('config.choose')}</span>
        </label>
        <p class="hint" id="hint-config">
          {t(custom ? 'config.uses' : 'config.switches')}{t('config.stays')}
        </p>
      </div>
      {error && <p class="field-error" id="err-config" data-testid="error-config" role="alert">{errorText(app.report.value.error) || error}</p>}
    </div>
  );
}
