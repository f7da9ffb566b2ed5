import { ENGINE_FIELDS, FIELD, FIELDS } from '../inputs.js';
import { SelectField } from './SelectField.jsx';
import { TextField } from './TextField.jsx';
import { t } from '../i18n/index.js';

// The realistic estimate's serving engine and its overrides (the table's realistic group).
const REALISTIC = FIELDS.filter((f) => f.group === 'realistic' && f.type !== 'enum').map((f) => f.key);

// The realistic budget's knobs: the field table's budget group, in its order.
// Empty fields use the core's defaults, which the report echoes (config.*): they
// are shown as placeholders, never typed in here. The page's own wording for
// each is in the message table: engine.<key>, engine.<key>.unit, engine.<key>.hint.

export function EngineFields({ app }) {
  const config = app.report.value.config ?? {};
  const changed = ENGINE_FIELDS.some((key) => app.inputs[key].value.trim() !== '');
  // The engine is a first choice, not a tuning knob: it sits outside the folded budget.
  return (
    <>
    <SelectField app={app} name="engine" label={t('engine.select')} options={FIELD.engine.choices.map((v) => ({ value: v, label: v }))}
      hint={t('engine.select.hint')} />
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
      <div class="pair">
        {REALISTIC.map((key) => (
          <TextField key={key} app={app} name={key} label={t(`realistic.${key}`)} unit={FIELD[key].unit} inputMode="decimal" placeholder={t('realistic.enginesOwn')} />
        ))}
      </div>
    </details>
    </>
  );
}
