import { useState } from 'preact/hooks';
import * as f from '../format.js';
import { SweepChart } from '../charts/SweepChart.jsx';

export function SweepPanel({ report: r, points }) {
  // The table is built only while open: 48 rows are not worth updating unseen.
  const [tableOpen, setTableOpen] = useState(false);
  if (!points || points.length === 0 || !Number.isFinite(r.memory.max_batch)) return null;
  return (
    <section class="panel" aria-labelledby="sweep-h">
      <h2 id="sweep-h">What a bigger batch buys</h2>
      <p class="sub">
        Same model, GPUs and context; only the batch changes, up to the largest batch whose KV cache fits
        ({f.integer(r.memory.max_batch)}). Throughput rises while decode stays memory-bound; each request's step time rises too.
        {r.memory.max_batch_realistic !== undefined && r.memory.max_batch_realistic < r.memory.max_batch
          ? ` Past ${f.integer(r.memory.max_batch_realistic)} requests the floor fits but a serving engine's budget does not (tight).`
          : ''}
      </p>
      <SweepChart points={points} batch={r.config.batch} maxBatch={r.memory.max_batch} realisticBatch={r.memory.max_batch_realistic} />
      <details class="table-wrap" onToggle={(e) => setTableOpen(e.currentTarget.open)}>
        <summary>The sweep as a table</summary>
        {tableOpen && <table class="sweep-table">
          <thead>
            <tr><th scope="col">Batch</th><th scope="col">AI (FLOP/byte)</th><th scope="col">Step</th><th scope="col">Per token</th><th scope="col">Throughput</th><th scope="col">Budget</th></tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.batch} class={p.batch === r.config.batch ? 'current' : undefined}>
                <th scope="row">{f.integer(p.batch)}</th>
                <td data-value={String(p.ai)}>{f.intensity(p.ai)}</td>
                <td data-value={String(p.step_ms)}>{f.ms(p.step_ms)}</td>
                <td data-value={String(p.ms_per_token)}>{f.ms(p.ms_per_token)}</td>
                <td data-value={String(p.tokens_per_s)}>{f.tokensPerS(p.tokens_per_s)}</td>
                <td>{p.tight ? 'tight' : 'fits'}</td>
              </tr>
            ))}
          </tbody>
        </table>}
      </details>
    </section>
  );
}
