import { batch } from '@preact/signals';
import { remedyText, t } from '../i18n/index.js';

// Each remedy alone fixes the setup (the core checked it). Where the remedy is
// an input change, one button applies it to its inputs (by their field-table keys):
// the pair of a precision and a tp sets both.
const one = (key) => (x) => [[key, x.value]];
const APPLY = {
  lower_weight_precision: one('precision'),
  lower_kv_precision: one('kv_precision'),
  more_tp: one('tp'),
  smaller_batch: one('batch'),
  shorter_context: one('seq'),
  raise_pool_fraction: one('pool_fraction'),
  lower_precision_more_tp: (x) => [['precision', x.value], ['tp', x.tp]],
};

function apply(app, pairs) {
  batch(() => {
    for (const [key, value] of pairs) app.set(key, String(value));
  });
}

/** One way out: its sentence and, where it is an input change ([key, value] pairs), the button that applies it. */
export function RemedyRow({ app, code, text, pairs }) {
  return (
    <li data-code={code}>
      <span>{text}</span>
      {pairs && (
        <button type="button" class="small" aria-label={t('remedies.applyAria', { text })} onClick={() => apply(app, pairs)}>
          {t('remedies.apply')}
        </button>
      )}
    </li>
  );
}

export function RemedyList({ app, remedies, tight, testid = 'remedies' }) {
  if (!remedies.length) return null;
  const r = app.report.value;
  return (
    <div class="remedies">
      <h3>{t(tight ? 'remedies.tight' : 'remedies.title')}</h3>
      <ul data-testid={testid}>
        {remedies.map((x) => (
          <RemedyRow key={x.code} app={app} code={x.code} text={remedyText(x, r)} pairs={APPLY[x.code]?.(x)} />
        ))}
      </ul>
    </div>
  );
}
