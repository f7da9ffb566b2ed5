import { useState } from 'preact/hooks';
import * as f from '../format.js';
import { linearScale, linearTicks, logDomain, logScale, tickLabel, zeroDomain } from './scale.js';
import { AxisTitle, Frame, LinearGridY, LogGridX, gridProps } from './axes.jsx';
import { ChartTip } from '../components/ChartTip.jsx';
import { useWidth } from './useWidth.js';
import { t } from '../i18n/index.js';
import { LINE, beside, dot, labelBox, lineObstacles, placeLabels, textAt, textWidth, vline } from './labels.js';

// Aggregate tok/s (top) and ms per token (bottom) against the batch, from
// core.sweep: batch 1 to the largest batch whose KV fits, then the wall.
// One tab stop; ← → Home End move through the batches.
// The panels start right of their widest y tick label and end where the last x
// tick label, centred on the right edge, still fits (estimated widths).
function layout(width, domains, xMax) {
  const W = Math.max(300, width);
  const H = W < 480 ? 380 : 420;
  const ticks = domains.flatMap(([d0, d1]) => linearTicks(d0, d1, 4)).map((v) => textWidth(tickLabel(v)));
  const LEFT = Math.max(W < 480 ? 44 : 56, Math.ceil(10 + Math.max(0, ...ticks)));
  const RIGHT = W - Math.max(14, Math.ceil(textWidth(tickLabel(xMax)) / 2 + 2));
  const mid = Math.round((24 + H - 50) / 2);
  const TOP_BOX = { left: LEFT, right: RIGHT, top: 24, bottom: mid - 18 };
  const BOTTOM_BOX = { left: LEFT, right: RIGHT, top: mid + 18, bottom: H - 50 };
  return { W, H, LEFT, RIGHT, TOP_BOX, BOTTOM_BOX, ALL: { left: LEFT, right: RIGHT, top: TOP_BOX.top, bottom: BOTTOM_BOX.bottom } };
}

// The engine's expected figures, where the core gave them (they sit below the floor's curve).
const expectedTps = (p) => p.realistic_tokens_per_s;
// Per token of the requests the engine runs at once: past its budget's max batch, that many, not the batch.
export const expectedMpt = (p) => p.realistic_step_ms / (p.realistic_batch ?? p.batch);
const hasExpected = (points) => points.length > 0 && points.every((p) => p.realistic_step_ms > 0);

function tip(p, maxBatch) {
  const lines = [
    t('tip.sweepBatch', { batch: f.integer(p.batch), max: p.batch === maxBatch, tight: p.tight }),
    t('tip.floorTps', { tps: f.tokensPerS(p.tokens_per_s) }),
    t('tip.perToken', { ms: f.ms(p.ms_per_token) }),
    t('tip.step', { step: f.ms(p.step_ms) }),
  ];
  if (p.realistic_step_ms > 0) lines.push(t('tip.expectedSweep', { tps: f.tokensPerS(expectedTps(p)), step: f.ms(p.realistic_step_ms) }));
  if (p.realistic_batch < p.batch) lines.push(t('tip.engineRuns', { runs: f.integer(p.realistic_batch) }));
  return lines;
}

function Series({ points, x, y, value, cls }) {
  return <polyline class={`series ${cls}`} points={points.map((p) => `${x(p.batch)},${y(value(p))}`).join(' ')} />;
}

/**
 * The sweep's labels, inside the two panels and off each other, the vertical
 * lines and the current batch's points: the legend at the top right, the KV
 * wall's two lines beside the wall, "tight beyond" beside its line and "your
 * batch" beside the current batch's line, each on the side and row that is free.
 */
export function placeSweepLabels({ TOP_BOX, BOTTOM_BOX, ALL, LEFT, RIGHT, wallX, tightX, current, series = [], text }) {
  // The vertical lines run down each panel, not across the gap between them (the lower panel's title).
  const panelLine = (x) => [vline(x, TOP_BOX.top, TOP_BOX.bottom), vline(x, BOTTOM_BOX.top, BOTTOM_BOX.bottom)];
  const obstacles = [
    labelBox([text.perToken], LEFT, BOTTOM_BOX.top - 8, 'start', { bold: true }),
    ...panelLine(wallX),
    // The curves (each a list of [x, y]): on a phone's narrow chart a label beside its line lay on them.
    ...series.flatMap((l) => lineObstacles(l)),
  ];
  if (tightX !== null) obstacles.push(...panelLine(tightX));
  if (current) obstacles.push(...panelLine(current.x), dot(current.x, current.yTop, 6), dot(current.x, current.yBottom, 6));
  // Rows of baselines, a line apart, from y down (up, with a negative step). Crowded (a phone), a
  // label may break in two or take the nearest free place (wrap, scan).
  const rows = (y, n, step = LINE) => Array.from({ length: n }, (_, i) => y + i * step);
  const crowded = { scan: ALL, wrap: true };
  const labels = [];
  // Optional: where no place in the plot is free (a phone), it is said under the chart instead.
  if (text.legend) labels.push({ key: 'legend', text: text.legend, optional: true, ...crowded, candidates: rows(TOP_BOX.top + 14, 3).map((y) => ({ x: RIGHT - 4, y, anchor: 'end' })) });
  labels.push({ key: 'wall', lines: [text.kvFull, text.beyond], bold: true, ...crowded, candidates: beside(wallX, rows(BOTTOM_BOX.top + 14, 5), { leftFirst: true }) });
  if (tightX !== null) {
    labels.push({ key: 'tight', text: text.tight, bold: true, ...crowded, candidates: beside(tightX, rows(TOP_BOX.top + 14, 6), { leftFirst: true }) });
  }
  if (current) {
    labels.push({ key: 'current', text: text.yourBatch, bold: true, ...crowded, candidates: beside(current.x, rows(TOP_BOX.bottom - 8, 8, -LINE), { gap: 9, leftFirst: true }) });
  }
  return placeLabels(labels, ALL, obstacles);
}

/** A vertical line down each of the two panels, not across the gap between them (the lower one's title sits there). */
function PanelLine({ x, top, bottom, cls }) {
  return (
    <>
      <line class={cls} x1={x} x2={x} y1={top.top} y2={top.bottom} />
      <line class={cls} x1={x} x2={x} y1={bottom.top} y2={bottom.bottom} />
    </>
  );
}

export function SweepChart({ points, batch, maxBatch, realisticBatch }) {
  const [active, setActive] = useState(null);
  const [box, width] = useWidth();
  const xDomain = logDomain([1, maxBatch], 1);
  if (xDomain[1] <= maxBatch) xDomain[1] = xDomain[1] * 10;
  const expected = hasExpected(points);
  const tpsDomain = zeroDomain(points.map((p) => p.tokens_per_s), 4);
  const mptDomain = zeroDomain(points.map((p) => (expected ? Math.max(p.ms_per_token, expectedMpt(p)) : p.ms_per_token)), 4);
  const { W, H, LEFT, RIGHT, TOP_BOX, BOTTOM_BOX, ALL } = layout(width, [tpsDomain, mptDomain], xDomain[1]);
  const x = logScale(xDomain, [LEFT, RIGHT]);
  const yTop = linearScale(tpsDomain, [TOP_BOX.bottom, TOP_BOX.top]);
  const yBottom = linearScale(mptDomain, [BOTTOM_BOX.bottom, BOTTOM_BOX.top]);
  const wallX = x(maxBatch);
  // Past the realistic max batch the floor still fits but an engine would not: tight.
  const tightFrom = realisticBatch !== undefined && realisticBatch < maxBatch ? Math.max(realisticBatch, 1) : null;
  const tightX = tightFrom === null ? null : realisticBatch < 1 ? LEFT : x(tightFrom);
  const current = points.findIndex((p) => p.batch === batch);
  const labels = placeSweepLabels({
    TOP_BOX, BOTTOM_BOX, ALL, LEFT, RIGHT, wallX, tightX,
    current: current >= 0 ? { x: x(batch), yTop: yTop(points[current].tokens_per_s), yBottom: yBottom(points[current].ms_per_token) } : null,
    series: [
      points.map((q) => [x(q.batch), yTop(q.tokens_per_s)]),
      points.map((q) => [x(q.batch), yBottom(q.ms_per_token)]),
      ...(expected ? [points.map((q) => [x(q.batch), yTop(expectedTps(q))]), points.map((q) => [x(q.batch), yBottom(expectedMpt(q))])] : []),
    ],
    text: {
      perToken: t('chart.perToken'),
      legend: expected ? t('chart.sweepLegend') : null,
      kvFull: t('chart.kvFull'),
      beyond: t('chart.beyond', { batch: f.integer(maxBatch) }),
      tight: tightX === null ? '' : t('chart.tightBeyond', { batch: f.integer(Math.max(realisticBatch, 0)) }),
      yourBatch: t('chart.yourBatch', { batch: f.integer(batch) }),
    },
  });
  const at = (key, i = 0) => textAt(labels[key], i);
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
        <PanelLine x={wallX} top={TOP_BOX} bottom={BOTTOM_BOX} />
        {labels.wall.lines.map((line, i) => <text key={i} {...at('wall', i)}>{line}</text>)}
      </g>
      {tightX !== null && (
        <g class="tight-line">
          <PanelLine x={tightX} top={TOP_BOX} bottom={BOTTOM_BOX} />
          {labels.tight.lines.map((line, i) => <text key={i} {...at('tight', i)}>{line}</text>)}
        </g>
      )}
      {current >= 0 && <PanelLine cls="current" x={x(batch)} top={TOP_BOX} bottom={BOTTOM_BOX} />}
      <Series points={points} x={x} y={yTop} value={(q) => q.tokens_per_s} cls="tps" />
      <Series points={points} x={x} y={yBottom} value={(q) => q.ms_per_token} cls="mpt" />
      {expected && <Series points={points} x={x} y={yTop} value={expectedTps} cls="tps expected" />}
      {expected && <Series points={points} x={x} y={yBottom} value={expectedMpt} cls="mpt expected" />}
      {expected && labels.legend && (
        <g class="legend" data-testid="sweep-legend">
          {labels.legend.lines.map((line, i) => <text key={i} {...at('legend', i)}>{line}</text>)}
        </g>
      )}
      {current >= 0 && (
        <g class="current-points">
          <circle cx={x(batch)} cy={yTop(points[current].tokens_per_s)} r="5" />
          <circle cx={x(batch)} cy={yBottom(points[current].ms_per_token)} r="5" />
          {labels.current.lines.map((line, i) => <text key={i} {...at('current', i)}>{line}</text>)}
        </g>
      )}
      {p && (
        <g class="cursor" aria-hidden="true">
          <PanelLine x={x(p.batch)} top={TOP_BOX} bottom={BOTTOM_BOX} />
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
    {expected && !labels.legend && <p class="hint" data-testid="sweep-legend">{t('chart.sweepLegend')}</p>}
    </div>
  );
}
