// The scale-out inputs (issue 37): the field table's scale group, in its order (nodes, GPUs per node,
// the link between nodes, expert parallelism and its knobs, DP attention, prefill/decode disaggregation's
// pools), folded under the parallelism. A row whose 0 means something else (zero_means) shows no 0.
// Empty fields are the core's defaults, which the report echoes (config.*) as placeholders. They are read
// only once the full module answers (state.js: the hosted first-verdict module is built without them).
import { FIELD, SCALE_FIELDS } from '../inputs.js';
import { SelectField } from './SelectField.jsx';
import { TextField } from './TextField.jsx';
import { t, unitText } from '../i18n/index.js';

export function ScaleOutFields({ app }) {
  const config = app.report.value.config ?? {};
  const changed = SCALE_FIELDS.some((key) => app.inputs[key].value.trim() !== '');
  const waiting = app.scaleOut && !app.scaleOut.value;
  return (
    <details class="scale-out" open={changed} data-testid="scale-out">
      <summary>{t('scale.summary')}</summary>
      {waiting && <p class="hint" data-testid="scale-out-waiting">{t('scale.waiting')}</p>}
      <div class="pair">
        {SCALE_FIELDS.map((key) => {
          const field = FIELD[key];
          if (field.type === 'enum') {
            // Empty is the core's default, auto: never sent, so the first-verdict module never sees it.
            const options = [{ value: '', label: t(`scale.${key}.auto`) }, ...field.choices.filter((v) => v !== 'auto').map((v) => ({ value: v, label: v }))];
            return <SelectField key={key} app={app} name={key} label={t(`scale.${key}`)} options={options} hint={t(`scale.${key}.hint`)} />;
          }
          const shown = config[key];
          return (
            <TextField key={key} app={app} name={key} label={t(`scale.${key}`)} unit={unitText(field.unit)}
              inputMode={field.type === 'number' ? 'decimal' : 'numeric'} hint={t(`scale.${key}.hint`)}
              placeholder={shown === undefined || (field.zero_means !== undefined && shown === 0) ? '' : String(shown)} />
          );
        })}
      </div>
    </details>
  );
}
