import * as f from '../format.js';
import { useWidth } from '../charts/useWidth.js';
import { textWidth } from '../charts/labels.js';
import { t } from '../i18n/index.js';

// One GPU's memory, drawn twice on one scale. The floor: weights, the batch's
// KV, what is left, and the capacity line. The engine (when the core reports a
// realistic budget): weights, the runtime reserve and the KV against the pool
// line. Past a line the bar is hatched.
const BAR = 22;

// A line's label goes left of the line (anchored at its end) when it fits there, else right of it.
// Its width is the charts' estimate (labels.js) of its text in the labels' 12 px bold type.
const LABEL_PX = 12;
function labelBeside(lineX, text) {
  const width = textWidth(text, LABEL_PX, true);
  return lineX - 5 - width >= 0 ? { x: lineX - 5, anchor: 'end' } : { x: lineX + 5, anchor: 'start' };
}

function Row({ y, w, mid, kv, x, limit, label, midClass }) {
  const wEnd = x(w);
  const midEnd = x(w + mid);
  const kvEnd = x(w + mid + kv);
  const limitX = x(limit);
  return (
    <g>
      <text class="row-label" x={0} y={y - 5}>{label}</text>
      <rect class="seg-free" x="0" y={y} width={limitX} height={BAR} rx="3" />
      <rect class="seg-weights" x="0" y={y} width={Math.max(wEnd, 1)} height={BAR} />
      {mid > 0 && <rect class={midClass} x={wEnd} y={y} width={Math.max(midEnd - wEnd, 1)} height={BAR} />}
      <rect class="seg-kv" x={midEnd} y={y} width={Math.max(kvEnd - midEnd, kv > 0 ? 1 : 0)} height={BAR} />
      {kvEnd > limitX + 0.5 && <rect class="seg-over" x={limitX} y={y} width={kvEnd - limitX} height={BAR} fill="url(#over-hatch)" />}
      {wEnd > 70 && <text class="seg-label on-dark" x={6} y={y + 15}>{t('bar.weights')}</text>}
      {kvEnd - midEnd > 30 && <text class="seg-label on-dark" x={midEnd + 5} y={y + 15}>{t('bar.kv')}</text>}
    </g>
  );
}

export function MemoryBar({ report: r }) {
  const [box, width] = useWidth(600);
  const W = Math.max(240, width);
  const m = r.memory;
  const real = m.realistic;
  const { weights_gib_per_gpu: w, kv_gib_per_gpu: kv } = m;
  const vram = r.gpu.vram_gib;
  const total = Math.max(vram, w + kv, real ? w + real.reserve_gib + kv : 0);
  const x = (gib) => (Math.max(0, gib) / total) * (W - 2);
  const capX = x(vram);
  const top = 34;
  const second = top + BAR + 22;
  const H = (real ? second : top) + BAR + 20;
  // The capacity label sits on its own line, the pool's under its bar: each left of its line unless that runs off the start.
  const capText = t('bar.capacity', { vram: f.capacity(vram) });
  const cap = labelBeside(capX, capText);
  const poolText = real ? t('bar.pool', { pool: f.gib(real.pool_gib) }) : '';
  const pool = real ? labelBeside(x(real.pool_gib), poolText) : null;
  const over = w + kv > vram;
  return (
    <div class="chart-box" ref={box}>
      <svg class="memory-bar" viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="mem-title mem-desc" data-testid="memory-bar">
        <title id="mem-title">{t('bar.title')}</title>
        <desc id="mem-desc">
          {t('bar.desc', { w: f.gib(w), kv: f.gib(kv), vram: f.capacity(vram), over: over ? f.gib(m.shortfall_gib) : '', real: real ? { pool: f.gib(real.pool_gib), reserve: f.gib(real.reserve_gib) } : null })}
        </desc>
        <defs>
          <pattern id="over-hatch" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <line x1="0" y1="0" x2="0" y2="7" class="over-line" />
          </pattern>
        </defs>
        <Row y={top} w={w} mid={0} kv={kv} x={x} limit={vram} label={t('bar.floor')} />
        {real && (
          <Row y={second} w={w} mid={real.reserve_gib} kv={kv} x={x} limit={real.pool_gib} label={t('bar.engine')} midClass="seg-reserve" />
        )}
        {real && <line class="pool" x1={x(real.pool_gib)} x2={x(real.pool_gib)} y1={second - 4} y2={second + BAR + 4} />}
        <line class="capacity" x1={capX} x2={capX} y1={4} y2={(real ? second : top) + BAR + 4} />
        <text class="cap-label" x={cap.x} y={13} text-anchor={cap.anchor}>{capText}</text>
        {real && (
          <text class="cap-label pool-label" x={pool.x} y={second + BAR + 15} text-anchor={pool.anchor}>
            {poolText}
          </text>
        )}
      </svg>
    </div>
  );
}
