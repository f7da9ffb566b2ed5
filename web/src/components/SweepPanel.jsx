import { useState } from 'preact/hooks';
import * as f from '../format.js';
import { SweepChart } from '../charts/SweepChart.jsx';
import { t } from '../i18n/index.js';

export function SweepPanel({ report: r, points }) {
  // The table is built only while open: 48 rows are not worth updating unseen.
  const [tableOpen, setTableOpen] = useState(false);
  if (!points || points.length === 0 || !Number.isFinite(r.memory.max_batch)) return null;
  return (
    <section class="panel" aria-labelledby="sweep-h">
      <h2 id="sweep-h">{t('sweep.title')}</h2>
      <p class="sub">
        {t('sweep.text', { max: f.integer(r.memory.max_batch) })}
        {r.memory.max_batch_realistic !== undefined && r.memory.max_batch_realistic < r.memory.max_batch
          ? t('sweep.tight', { max: f.integer(r.memory.max_batch_realistic) })
          : ''}
      </p>
      <SweepChart points={points} batch={r.config.batch} maxBatch={r.memory.max_batch} realisticBatch={r.memory.max_batch_realistic} />
      <details class="table-wrap" onToggle={(e) => setTableOpen(e.currentTarget.open)}>
        <summary>{t('sweep.table')}</summary>
        {tableOpen && <table class="sweep-table">
          <thead>
            <tr><th scope="col">{t('sweep.batch')}</th><th scope="col">{t('sweep.ai')}</th><th scope="col">{t('sweep.step')}</th><th scope="col">{t('sweep.perToken')}</th><th scope="col">{t('sweep.throughput')}</th><th scope="col">{t('sweep.budget')}</th></tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.batch} class={p.batch === r.config.batch ? 'current' : undefined}>
                <th scope="row">{f.integer(p.batch)}</th>
                <td data-value={String(p.ai)}>{f.intensity(p.ai)}</td>
                <td data-value={String(p.step_ms)}>{f.ms(p.step_ms)}</td>
                <td data-value={String(p.ms_per_token)}>{f.ms(p.ms_per_token)}</td>
                <td data-value={String(p.tokens_per_s)}>{f.tokensPerS(p.tokens_per_s)}</td>
                <td>{t(p.tight ? 'sweep.tightWord' : 'sweep.fits')}</td>
              </tr>
            ))}
          </tbody>
        </table>}
      </details>
    </section>
  );
}
