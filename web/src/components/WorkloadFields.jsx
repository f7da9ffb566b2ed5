import { FIELD, WORKLOAD_FIELDS } from '../inputs.js';
import { TextField } from './TextField.jsx';
import { t, unitText } from '../i18n/index.js';

// The workload and its prices: the field table's workload group, in its order.
// The three workload figures add the cost; every price left empty is
// the price preset's, which the report echoes with its source: shown as the
// placeholder, never typed in here.
const WORKLOAD = ['requests_per_day', 'input_tokens', 'output_tokens'];
// A preset's price as the field's hint: six significant digits, as a person would type it (the rule's idle watts,
// 250 W x 0.155325, is 38.831250000000004 in floating point; the exact figure stays in the report's JSON).
const hint = (v) => (typeof v === 'number' && Number.isFinite(v) ? String(Number(v.toPrecision(6))) : String(v));

function echoed(report, path) {
  let node = report;
  for (const part of String(path ?? '').split('.')) node = node && typeof node === 'object' ? node[part] : undefined;
  return node;
}

export function WorkloadFields({ app }) {
  const report = app.report.value ?? {};
  const prices = WORKLOAD_FIELDS.filter((key) => !WORKLOAD.includes(key));
  const changed = prices.some((key) => app.inputs[key].value.trim() !== '');
  return (
    <fieldset data-testid="workload-group">
      <legend>{t('workload.legend')}</legend>
      <div class="triple">
        {WORKLOAD.map((key) => (
          <TextField key={key} app={app} name={key} label={t(`workload.${key}`)} unit={unitText(FIELD[key].unit)} placeholder={t('workload.none')} />
        ))}
      </div>
      <p class="hint">{t('workload.hint')}</p>
      <details class="prices" data-testid="prices" open={changed}>
        <summary>{t('workload.prices')}</summary>
        <div class="pair">
          {prices.map((key) => {
            const v = echoed(report, FIELD[key].report);
            return (
              <TextField
                key={key}
                app={app}
                name={key}
                label={t(`workload.${key}`)}
                unit={unitText(FIELD[key].unit)}
                inputMode="decimal"
                placeholder={v === undefined ? (FIELD[key].default !== undefined ? String(FIELD[key].default) : t('workload.preset')) : hint(v)}
              />
            );
          })}
        </div>
      </details>
    </fieldset>
  );
}
