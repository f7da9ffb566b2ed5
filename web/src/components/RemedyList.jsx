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
  return (
    <div class="remedies">
      <h3>{tight ? 'Any one of these makes it fit with room to spare' : 'Any one of these makes it fit'}</h3>
      <ul data-testid="remedies">
        {remedies.map((r) => (
          <li key={r.code} data-code={r.code}>
            <span>{r.message}</span>
            {APPLY[r.code] && (
              <button type="button" class="small" aria-label={`Apply: ${r.message}`} onClick={() => app.set(APPLY[r.code], String(r.value))}>
                Apply
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
