import { useState } from 'preact/hooks';
import * as f from '../format.js';
import { attainable } from '../charts/roof.js';
import { RooflineChart } from '../charts/RooflineChart.jsx';
import { Num } from './Num.jsx';
import { Explain } from './Explain.jsx';
import { t } from '../i18n/index.js';

/** The chart's points as a table: its text alternative, built only while open. */
function RooflineTable({ report: r, sweep }) {
  const [open, setOpen] = useState(false);
  const rl = r.roofline;
  const peak = rl.peak_tflops ?? r.gpu.tflops ?? Infinity;
  const att = (ai) => f.significant(attainable(ai, Number.isFinite(rl.ridge) ? peak : Infinity, r.gpu.bandwidth_gbs), 4);
  const points = sweep ?? [];
  const wall = points.find((p) => p.batch === r.memory.max_batch);
  const rows = [
    [t('tip.decode', { batch: f.integer(r.config.batch) }), rl.ai, t(`boundAdj.${rl.bound}`)],
    [t('tip.prefill', { seq: f.integer(r.config.seq) }), r.prefill.ai, t(`boundAdj.${r.prefill.bound}`)],
    ...(Number.isFinite(rl.ridge) ? [[t('chart.ridge', { ridge: '' }).trim(), rl.ridge, '']] : []),
    ...(wall ? [[t('tip.wall', { batch: f.integer(wall.batch) }), wall.ai, '']] : []),
  ];
  return (
    <details class="table-wrap" data-testid="roofline-table" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('roof.tableSummary')}</summary>
      {open && (
        <table class="sweep-table">
          <thead>
            <tr><th scope="col">{t('roof.point')}</th><th scope="col">{t('roof.aiCol')}</th><th scope="col">{t('roof.attainable')}</th><th scope="col">{t('roof.boundCol')}</th></tr>
          </thead>
          <tbody>
            {rows.map(([name, ai, bound]) => (
              <tr key={name}><th scope="row">{name}</th><td data-value={String(ai)}>{f.intensity(ai)}</td><td>{att(ai)}</td><td>{bound}</td></tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}

export function RooflinePanel({ report: r, sweep }) {
  const rl = r.roofline;
  return (
    <section class="panel" aria-labelledby="roof-h">
      <h2 id="roof-h">{t('roof.title')}</h2>
      <p class="sub">
        {t('roof.text')} <span class="interactive-hint">{t('roof.hoverHint')}</span>
      </p>
      <RooflineChart report={r} sweep={sweep} />
      <RooflineTable report={r} sweep={sweep} />
      <dl class="figures">
        <div>
          <dt>{t('roof.ai')}</dt>
          <dd><Num testid="roofline.ai" value={rl.ai} format={f.intensity} /> FLOP/byte</dd>
          <dd class="explain-cell"><Explain of="ai" report={r} /></dd>
        </div>
        {rl.ridge != null && (
          <div>
            <dt>{t('roof.ridge', { precision: rl.compute_precision ?? 'fp16' })}</dt>
            <dd><Num testid="roofline.ridge" value={rl.ridge} format={f.intensity} /> FLOP/byte</dd>
            <dd class="explain-cell"><Explain of="ridge" report={r} /></dd>
          </div>
        )}
        {rl.ceiling_fraction != null && (
          <div>
            <dt>{t('roof.share')}</dt>
            <dd><Num testid="roofline.ceiling_fraction" value={rl.ceiling_fraction} format={f.percent} /></dd>
          </div>
        )}
        <div>
          <dt>{t('roof.prefillAi', { bound: t(`boundAdj.${r.prefill.bound}`) })}</dt>
          <dd><Num testid="prefill.ai" value={r.prefill.ai} format={f.intensity} /> FLOP/byte</dd>
          <dd class="explain-cell"><Explain of="prefill" report={r} /></dd>
        </div>
        {r.prefill.ms !== undefined && (
          <div>
            <dt>{t('roof.prefillTime', { seq: f.integer(r.config.seq) })}</dt>
            <dd><Num testid="prefill.ms" value={r.prefill.ms} format={f.ms} /></dd>
            <dd class="explain-cell"><Explain of="ttft" report={r} /></dd>
          </div>
        )}
        <div>
          <dt>{t('roof.flops')}</dt>
          <dd><Num testid="roofline.flops_per_step" value={rl.flops_per_step} format={(v) => f.si(v, 'FLOP')} /></dd>
          <dd class="explain-cell"><Explain of="flops" report={r} /></dd>
        </div>
        <div>
          <dt>{t('roof.bytes')}</dt>
          <dd><Num testid="roofline.bytes_per_step" value={rl.bytes_per_step} format={(v) => f.si(v, 'B')} /></dd>
          <dd class="explain-cell"><Explain of="bytesPerStep" report={r} /></dd>
        </div>
      </dl>
    </section>
  );
}
