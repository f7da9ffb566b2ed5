import { ENGINE_FIELDS } from '../inputs.js';
import { TextField } from './TextField.jsx';
import { t } from '../i18n/index.js';

// The realistic budget's knobs: the field table's budget group, in its order.
// Empty fields use the core's defaults, which the report echoes (config.*): they
// are shown as placeholders, never typed in here. The page's own wording for
// each is in the message table: engine.<key>, engine.<key>.unit, engine.<key>.hint.

export function EngineFields({ app }) {
  const config = app.report.value.config ?? {};
  const changed = ENGINE_FIELDS.some((key) => app.inputs[key].value.trim() !== '');
  return (
    <details class="engine" open={changed}>
      <summary>{t('engine.summary')}</summary>
      <div class="pair">
        {ENGINE_FIELDS.map((key) => {
          return (
            <TextField
              key={key}
              app={app}
              name={key}
              label={t(`engine.${key}`)}
              unit={t(`engine.${key}.unit`)}
              inputMode="decimal"
              hint={t(`engine.${key}.hint`)}
              placeholder={config[key] === undefined ? t('engine.default') : String(config[key])}
            />
          );
        })}
      </div>
    </details>
  );
}
