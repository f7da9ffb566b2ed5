import { remedyText, t } from '../i18n/index.js';

// Each remedy alone fixes the setup (the core checked it). Where the remedy is
// an input change, one button applies it to that input (by its field-table key).
const APPLY = {
  lower_weight_precision: 'precision',
  lower_kv_precision: 'kv_precision',
  more_tp: 'tp',
  smaller_batch: 'batch',
  shorter_context: 'seq',
  raise_pool_fraction: 'pool_fraction',
};

export function RemedyList({ app, remedies, tight }) {
  if (!remedies.length) return null;
  const r = app.report.value;
  return (
    <div class="remedies">
      <h3>{t(tight ? 'remedies.tight' : 'remedies.title')}</h3>
      <ul data-testid="remedies">
        {remedies.map((x) => {
          const text = remedyText(x, r);
          return (
            <li key={x.code} data-code={x.code}>
              <span>{text}</span>
              {APPLY[x.code] && (
                <button type="button" class="small" aria-label={t('remedies.applyAria', { text })} onClick={() => app.set(APPLY[x.code], String(x.value))}>
                  {t('remedies.apply')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
