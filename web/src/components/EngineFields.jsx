import { ENGINE_FIELDS, FIELD, FIELDS } from '../inputs.js';
import { SelectField } from './SelectField.jsx';
import { TextField } from './TextField.jsx';
import { engineChoice } from '../names.js';
import { t, unitText } from '../i18n/index.js';

// The realistic estimate's serving engine and its overrides (the table's realistic group): its
// numbers as text fields, its preset rows (the speculative draft) as selects.
const REALISTIC = FIELDS.filter((f) => f.group === 'realistic' && f.type !== 'enum').map((f) => f.key);

/** The pool fraction's unit: what the engine's pool is a share of (config.pool_of): the GPU, the memory free
 * after the weights and reserves (TensorRT-LLM), or what the CUDA context and NCCL leave (SGLang). */
const POOL_UNIT = { free: 'engine.pool_fraction.unitFree', free_at_start: 'engine.pool_fraction.unitStart' };
const poolUnit = (of) => POOL_UNIT[of] ?? 'engine.pool_fraction.unit';

/** The rows whose empty value turns speculative decoding off rather than taking the engine's figure. */
const OFF_WHEN_EMPTY = ['spec_tokens', 'spec_accept'];

/** A preset row's choices: empty (its zero_means, "none"), the row's own words (`also`: mtp), then the presets. */
function presetOptions(app, key) {
  const field = FIELD[key];
  const presets = field.preset === 'model' ? app.presets.models : app.presets.gpus;
  return [
    { value: '', label: t(`realistic.${key}.none`) },
    ...(field.also ?? []).map((v) => ({ value: v, label: t(`realistic.${key}.${v}`) })),
    { group: t(field.preset === 'model' ? 'model.presets' : 'gpu.groupSourced'), options: presets.map((m) => ({ value: m.id, label: m.name })) },
  ];
}

// The realistic budget's knobs: the field table's budget group, in its order.
// Empty fields use the core's defaults, which the report echoes (config.*): they
// are shown as placeholders, never typed in here. The page's own wording for
// each is in the message table: engine.<key>, engine.<key>.unit, engine.<key>.hint.

/** The engine is a first choice, not a tuning knob: one of the key inputs at the top of the form. */
export function EngineSelect({ app }) {
  const config = app.report.value.config ?? {};
  return (
    <SelectField app={app} name="engine" label={t('engine.select')} options={FIELD.engine.choices.map((v) => ({ value: v, label: engineChoice(v, config.engine) }))}
      hint={t('engine.select.hint')} />
  );
}

/** The engine's budget, folded, in the form's last group. */
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
              unit={t(key === 'pool_fraction' ? poolUnit(config.pool_of) : `engine.${key}.unit`)}
              inputMode="decimal"
              hint={t(`engine.${key}.hint`)}
              placeholder={config[key] === undefined ? t('engine.default') : String(config[key])}
            />
          );
        })}
      </div>
      <div class="pair">
        {REALISTIC.map((key) => (FIELD[key].type === 'preset' ? (
          <SelectField key={key} app={app} name={key} label={t(`realistic.${key}`)} options={presetOptions(app, key)} hint={t(`realistic.${key}.hint`)} />
        ) : (
          <TextField key={key} app={app} name={key} label={t(`realistic.${key}`)} unit={unitText(FIELD[key].unit)} inputMode="decimal"
            placeholder={t(OFF_WHEN_EMPTY.includes(key) ? `realistic.${key}.empty` : 'realistic.enginesOwn')} />
        )))}
      </div>
    </details>
  );
}
