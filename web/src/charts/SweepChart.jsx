import { useState } from 'preact/hooks';
import * as f from '../format.js';
import { linearScale, logDomain, logScale, zeroDomain } from './scale.js';
import { AxisTitle, Frame, LinearGridY, LogGridX, gridProps } from './axes.jsx';
import { ChartTip } from '../components/ChartTip.jsx';
import { useWidth } from './useWidth.js';
import { t } from '../i18n/index.js';

// Aggregate tok/s (top) and ms per token (bottom) against the batch, from
// core.sweep: batch 1 to the largest batch whose KV fits, then the wall.
// One tab stop; ← → Home End move through the batches.
function layout(width) {
  const W = Math.max(300, width);
  const H = W < 480 ? 380 : 420;
  const LEFT = W < 480 ? 44 : 56;
  const RIGHT = W - 14;
  const mid = Math.round((24 + H - 50) / 2);
  const TOP_BOX = { left: LEFT, right: RIGHT, top: 24, bottom: mid - 18 };
  const BOTTOM_BOX = { left: LEFT, right: RIGHT, top: mid + 18, bottom: H - 50 };
  return { W, H, LEFT, RIGHT, TOP_BOX, BOTTOM_BOX, ALL: { left: LEFT, right: RIGHT, top: TOP_BOX.top, bottom: BOTTOM_BOX.bottom } };
}

// The engine's expected figures, where the core gave them (they sit below the floor's curve).
const expectedTps = (p) => p.realistic_tokens_per_s;
const expectedMpt = (p) => p.realistic_step_ms / p.batch;
const hasExpected = (points) => points.length > 0 && points.every((p) => p.realistic_step_ms > 0);

function tip(p, maxBatch) {
  const lines = [
    t('tip.sweepBatch', { batch: f.integer(p.batch), max: p.batch === maxBatch, tight: p.tight }),
    t('tip.floorTps', { tps: f.tokensPerS(p.tokens_per_s) }),
    t('tip.perToken', { ms: f.ms(p.ms_per_token) }),
    t('tip.step', { step: f.ms(p.step_ms) }),
  ];
  if (p.realistic_step_ms > 0) lines.push(t('tip.expectedSweep', { tps: f.tokensPerS(expectedTps(p)), step: f.ms(p.realistic_step_ms) }));
  return lines;
}

function Series({ points, x, y, value, cls }) {
  return <polyline class={`series ${cls}`} points={points.map((p) => `${x(p.batch)},${y(value(p))}`).join(' ')} />;
}

export function SweepChart({ points, batch, maxBatch, realisticBatch }) {
  const [active, setActive] = useState(null);
  const [box, width] = useWidth();
  const { W, H, LEFT, RIGHT, TOP_BOX, BOTTOM_BOX, ALL } = layout(width);
  const xDomain = logDomain([1, maxBatch], 1);
  if (xDomain[1] <= maxBatch) xDomain[1] = xDomain[1] * 10;
  const x = logScale(xDomain, [LEFT, RIGHT]);
  const expected = hasExpected(points);
  const tpsDomain = zeroDomain(points.map((p) => p.tokens_per_s), 4);
  const yTop = linearScale(tpsDomain, [TOP_BOX.bottom, TOP_BOX.top]);
  const mptDomain = zeroDomain(points.map((p) => (expected ? Math.max(p.ms_per_token, expectedMpt(p)) : p.ms_per_token)), 4);
  const yBottom = linearScale(mptDomain, [BOTTOM_BOX.bottom, BOTTOM_BOX.top]);
  const wallX = x(maxBatch);
  // Past the realistic max batch the floor still fits but an engine would not: tight.
  const tightFrom = realisticBatch !== undefined && realisticBatch < maxBatch ? Math.max(realisticBatch, 1) : null;
  const tightX = tightFrom === null ? null : realisticBatch < 1 ? LEFT : x(tightFrom);
  const current = points.findIndex((p) => p.batch === batch);
  const index = active ?? -1;
  const p = points[index];

  function onKey(e) {
    const last = points.length - 1;
    const from = index < 0 ? Math.max(current, 0) : index;
    const to = { ArrowRight: from + 1, ArrowUp: from + 1, ArrowLeft: from - 1, ArrowDown: from - 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    setActive(Math.min(last, Math.max(0, to)));
  }
  function onMove(e) {
    const svg = e.currentTarget.ownerSVGElement ?? e.currentTarget;
    const pt = svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    const local = pt.matrixTransform(svg.getScreenCTM().inverse());
    let best = 0;
    for (let i = 1; i < points.length; i++) {
      if (Math.abs(x(points[i].batch) - local.x) < Math.abs(x(points[best].batch) - local.x)) best = i;
    }
    setActive(best);
  }

  return (
    <div class="chart-box" ref={box}>
    <svg class="chart sweep" viewBox={`0 0 ${W} ${H}`} role="group" aria-labelledby="sweep-title sweep-desc" data-testid="sweep-plot">
      <title id="sweep-title">{t('chart.sweepTitle')}</title>
      <desc id="sweep-desc">{t('chart.sweepDesc', { t0: f.tokensPerS(points[0].tokens_per_s), max: f.integer(maxBatch), t1: f.tokensPerS(points[points.length - 1].tokens_per_s) })}</desc>
      <LogGridX {...gridProps(xDomain, ALL)} />
      <rect class="beyond-wall" x={wallX} y={ALL.top} width={RIGHT - wallX} height={ALL.bottom - ALL.top} />
      {tightX !== null && <rect class="tight-zone" x={tightX} y={ALL.top} width={wallX - tightX} height={ALL.bottom - ALL.top} />}
      <LinearGridY {...gridProps(tpsDomain, TOP_BOX)} count={4} />
      <LinearGridY {...gridProps(mptDomain, BOTTOM_BOX)} count={4} />
      <Frame box={TOP_BOX} />
      <Frame box={BOTTOM_BOX} />
      <text class="panel-title" x={LEFT} y={TOP_BOX.top - 8}>{t('chart.throughput')}</text>
      <text class="panel-title" x={LEFT} y={BOTTOM_BOX.top - 8}>{t('chart.perToken')}</text>
      <g class="wall">
        <line x1={wallX} x2={wallX} y1={ALL.top} y2={ALL.bottom} />
        <text x={wallX - 5} y={BOTTOM_BOX.top + 14} text-anchor="end">{t('chart.kvFull')}</text>
        <text x={wallX - 5} y={BOTTOM_BOX.top + 28} text-anchor="end">{t('chart.beyond', { batch: f.integer(maxBatch) })}</text>
      </g>
      {tightX !== null && (
        <g class="tight-line">
          <line x1={tightX} x2={tightX} y1={ALL.top} y2={ALL.bottom} />
          <text x={tightX - 5} y={TOP_BOX.top + 14} text-anchor="end">{t('chart.tightBeyond', { batch: f.integer(Math.max(realisticBatch, 0)) })}</text>
        </g>
      )}
      {current >= 0 && <line class="current" x1={x(batch)} x2={x(batch)} y1={ALL.top} y2={ALL.bottom} />}
      <Series points={points} x={x} y={yTop} value={(q) => q.tokens_per_s} cls="tps" />
      <Series points={points} x={x} y={yBottom} value={(q) => q.ms_per_token} cls="mpt" />
      {expected && <Series points={points} x={x} y={yTop} value={expectedTps} cls="tps expected" />}
      {expected && <Series points={points} x={x} y={yBottom} value={expectedMpt} cls="mpt expected" />}
      {expected && (
        <g class="legend" data-testid="sweep-legend">
          <text x={RIGHT - 4} y={TOP_BOX.top + 14} text-anchor="end">{t('chart.sweepLegend')}</text>
        </g>
      )}
      {current >= 0 && (
        <g class="current-points">
          <circle cx={x(batch)} cy={yTop(points[current].tokens_per_s)} r="5" />
          <circle cx={x(batch)} cy={yBottom(points[current].ms_per_token)} r="5" />
          <text x={x(batch) + 7} y={TOP_BOX.bottom - 8}>{t('chart.yourBatch', { batch: f.integer(batch) })}</text>
        </g>
      )}
      {p && (
        <g class="cursor" aria-hidden="true">
          <line x1={x(p.batch)} x2={x(p.batch)} y1={ALL.top} y2={ALL.bottom} />
          <circle cx={x(p.batch)} cy={yTop(p.tokens_per_s)} r="4" />
          <circle cx={x(p.batch)} cy={yBottom(p.ms_per_token)} r="4" />
        </g>
      )}
      <rect
        class="hit"
        x={LEFT}
        y={ALL.top}
        width={Math.max(0, wallX - LEFT) + 4}
        height={ALL.bottom - ALL.top}
        tabindex={0}
        role="img"
        aria-label={p ? tip(p, maxBatch).join(', ') : t('chart.sweepPoints')}
        onMouseMove={onMove}
        onMouseLeave={() => setActive(null)}
        onFocus={() => setActive(Math.max(current, 0))}
        onBlur={() => setActive(null)}
        onKeyDown={onKey}
      />
      <AxisTitle x={(LEFT + RIGHT) / 2} y={H - 10}>{t('chart.batchAxis')}</AxisTitle>
      {p && <ChartTip x={x(p.batch)} y={yTop(p.tokens_per_s)} lines={tip(p, maxBatch)} box={ALL} />}
    </svg>
    </div>
  );
}
