import { useState } from 'preact/hooks';
import * as f from '../format.js';
import { logDomain, logScale, logTicks, tickLabel } from './scale.js';
import { attainable } from './roof.js';
import { AxisTitle, Frame, LogGridX, LogGridY, gridProps } from './axes.jsx';
import { ChartTip } from '../components/ChartTip.jsx';
import { useWidth } from './useWidth.js';
import { RooflineLegend } from './RooflineLegend.jsx';
import { around, beside, dot, labelBox, lineObstacles, placeLabels, textAt, textWidth, vline } from './labels.js';
import { t } from '../i18n/index.js';
import { engineName } from '../names.js';

// The roofline of one GPU with the decode and prefill operating points and the
// decode trajectory as the batch grows, up to the KV capacity wall. Drawn only
// for a deployment that fits. Every AI comes from the core (report / sweep).
// The plot starts right of the widest y tick label (estimated), which starts right
// of the vertical axis title (x 14, ~15 px of type): 1e-5 TFLOPS needs more than 1k.
// It ends where the last x tick label, centred on the right edge, still fits.
function layout(width, yDomain, xMax) {
  const W = Math.max(300, width);
  const H = Math.round(Math.min(420, Math.max(300, W * 0.62)));
  const ticks = logTicks(yDomain[0], yDomain[1]).major.map((v) => textWidth(tickLabel(v)));
  const left = Math.max(W < 480 ? 52 : 64, Math.ceil(28 + Math.max(0, ...ticks)));
  const right = W - Math.max(14, Math.ceil(textWidth(tickLabel(xMax)) / 2 + 2));
  return { W, H, BOX: { left, right, top: 18, bottom: H - 48 } };
}

function tipFor(kind, p, r) {
  if (kind === 'decode') {
    return [t('tip.decode', { batch: f.integer(r.config.batch) }), t('tip.ai', { ai: f.intensity(r.roofline.ai) }), t(`boundAdj.${r.roofline.bound}`), t('tip.step', { step: f.ms(r.decode.step_ms) }), f.tokensPerS(r.decode.tokens_per_s)];
  }
  if (kind === 'expected') {
    const x = r.realistic;
    return [t('tip.expected', { engine: engineName(x.engine), batch: f.integer(r.config.batch) }), t('tip.expectedStep', { step: f.ms(x.step_ms), floor: f.ms(r.decode.step_ms) }), f.tokensPerS(x.tokens_per_s)];
  }
  if (kind === 'prefill') {
    return [t('tip.prefill', { seq: f.integer(r.config.seq) }), t('tip.ai', { ai: f.intensity(r.prefill.ai) }), t(`boundAdj.${r.prefill.bound}`)];
  }
  const head = t(kind === 'wall' ? 'tip.wall' : 'tip.batch', { batch: f.integer(p.batch) });
  return [head, t('tip.ai', { ai: f.intensity(p.ai) }), t('tip.step', { step: f.ms(p.step_ms) }), f.tokensPerS(p.tokens_per_s)];
}

/** The chart's text alternative: the roof, the points and the wall, in words (also the report's). */
export function roofText(r, wall) {
  const bw = r.gpu.bandwidth_gbs;
  const peak = r.roofline.peak_tflops ?? r.gpu.tflops ?? null;
  const ridge = r.roofline.ridge;
  const hasRoof = Number.isFinite(peak) && Number.isFinite(ridge) && ridge > 0;
  const head = hasRoof
    ? t('chart.roofDesc', { bw: f.integer(bw), peak, precision: r.roofline.compute_precision ?? '', ridge: f.intensity(ridge) })
    : t('chart.roofDescNoPeak', { bw: f.integer(bw) });
  const points = t('chart.roofDescPoints', { batch: f.integer(r.config.batch), ai: f.intensity(r.roofline.ai), bound: t(`boundAdj.${r.roofline.bound}`), seq: f.integer(r.config.seq), pai: f.intensity(r.prefill.ai), pbound: t(`boundAdj.${r.prefill.bound}`) });
  const grow = wall ? t('chart.roofDescWall', { batch: f.integer(wall.batch), ai: f.intensity(wall.ai) }) : '';
  return head + points + grow;
}

/** The axis-aligned box of a label turned by `angle` degrees about (cx, cy), its baseline `lift` px above that point. */
function turnedBox(text, cx, cy, angle, lift) {
  const b = labelBox([text], cx, cy - lift, 'start', { bold: true });
  const a = (angle * Math.PI) / 180;
  const corners = [[b.left, b.top], [b.right, b.top], [b.left, b.bottom], [b.right, b.bottom]]
    .map(([u, v]) => [cx + (u - cx) * Math.cos(a) - (v - cy) * Math.sin(a), cy + (u - cx) * Math.sin(a) + (v - cy) * Math.cos(a)]);
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

/**
 * The roofline's labels, inside the plot box and off each other, the points and
 * the vertical lines: the peak's at the roof's right end, each point's beside its
 * marker, the ridge's and the KV wall's at the foot of their lines (these two are
 * left out where no place is free: the legend below names both).
 */
export function placeRoofLabels({ BOX, hasRoof, wall, dx, dy, ey, px, py, wx, wy, ridgeX, peakY, peak, slope, text, lines = [] }) {
  // The roof and the trajectory (`lines`, each a list of [x, y]) too: on a phone's narrow chart a
  // label beside its point otherwise lay on the roof ("prefill" on the flat peak).
  const obstacles = [dot(dx, dy, 8), dot(px, py, 9.5), ...lines.flatMap((l) => lineObstacles(l))];
  if (ey !== null) obstacles.push(dot(dx, ey, 7), vline(dx, dy, ey));
  if (wall) obstacles.push(dot(wx, wy, 7.5), vline(wx, BOX.top, BOX.bottom));
  if (hasRoof) obstacles.push(vline(ridgeX, peakY, BOX.bottom));
  if (slope) obstacles.push(turnedBox(slope.text, slope.x, slope.y, slope.angle, 6));
  const foot = [BOX.bottom - 8, BOX.bottom - 22, BOX.bottom - 36];
  const labels = [];
  if (peak) labels.push({ key: 'peak', text: peak, bold: true, candidates: [{ x: BOX.right - 6, y: peakY - 7, anchor: 'end' }] });
  // Each point's places beside it, then the same a step farther out (a crowded phone chart).
  const ring = (x, y, r, order) => [...around(x, y, r, order), ...around(x, y, r + 8, order), ...around(x, y, r + 16, order)];
  labels.push({ key: 'decode', text: text.decode, bold: true, scan: BOX, candidates: ring(dx, dy, 7) });
  if (ey !== null) {
    labels.push({ key: 'expected', text: text.expected, scan: BOX, wrap: true, candidates: ring(dx, ey, 6, ['right', 'belowRight', 'left', 'belowLeft', 'below', 'aboveRight', 'aboveLeft']) });
  }
  labels.push({ key: 'prefill', text: text.prefill, bold: true, scan: BOX, candidates: ring(px, py, 8.5, ['below', 'above', 'left', 'right', 'belowLeft', 'aboveLeft', 'belowRight', 'aboveRight']) });
  if (hasRoof) labels.push({ key: 'ridge', text: text.ridge, optional: true, candidates: beside(ridgeX, [...foot, peakY + 18]) });
  if (wall) labels.push({ key: 'kvFull', text: text.kvFull, bold: true, optional: true, candidates: beside(wx, [...foot, BOX.top + 14]) });
  return placeLabels(labels, BOX, obstacles);
}

export function RooflineChart({ report: r, sweep }) {
  const [active, setActive] = useState(null);
  const [box, width] = useWidth();
  const bw = r.gpu.bandwidth_gbs;
  // The roof of the precision the weights compute in (fp8/int8 peaks when used); none when unsourced.
  const peak = r.roofline.peak_tflops ?? r.gpu.tflops ?? null;
  const ridge = r.roofline.ridge;
  const hasRoof = Number.isFinite(peak) && Number.isFinite(ridge) && ridge > 0;
  const points = sweep ?? [];
  const wall = points.find((p) => p.batch === r.memory.max_batch) ?? points[points.length - 1] ?? null;
  const att = (ai) => attainable(ai, hasRoof ? peak : Infinity, bw);

  const xDomain = logDomain([hasRoof ? ridge : NaN, r.roofline.ai, r.prefill.ai, ...points.map((p) => p.ai)], 2);
  // The engine's expected point: the same intensity, at the share of the roof the
  // expected step reaches (floor step / expected step). It always sits below the floor's.
  const x9 = r.realistic;
  const expectedTflops = x9 && x9.step_ms > 0 ? att(r.roofline.ai) * (r.decode.step_ms / x9.step_ms) : null;
  const yDomain = logDomain([att(xDomain[0]), hasRoof ? peak * 1.6 : att(xDomain[1]), ...(expectedTflops ? [expectedTflops] : [])], 1);
  const { W, H, BOX } = layout(width, yDomain, xDomain[1]);
  const x = logScale(xDomain, [BOX.left, BOX.right]);
  const y = logScale(yDomain, [BOX.bottom, BOX.top]);
  const at = (ai) => [x(ai), y(att(ai))];

  // The roof: the bandwidth slope up to the ridge, then the flat compute peak.
  const roof = hasRoof
    ? `M${x(xDomain[0])},${y(att(xDomain[0]))} L${x(ridge)},${y(peak)} L${x(xDomain[1])},${y(peak)}`
    : `M${x(xDomain[0])},${y(att(xDomain[0]))} L${x(xDomain[1])},${y(att(xDomain[1]))}`;
  const slopeEnd = hasRoof ? ridge : xDomain[1];
  const slopeAngle = (Math.atan2(y(att(slopeEnd)) - y(att(xDomain[0])), x(slopeEnd) - x(xDomain[0])) * 180) / Math.PI;
  // The slope's label runs along the line's left end, before the first point;
  // where that gap is too short for it, the legend below carries it alone.
  const slopeLabel = `${f.integer(bw)} GB/s`;
  const slopeMid = x(xDomain[0]) + 6;
  const slopeMidY = y(att(x.invert(slopeMid)));
  const firstPoint = Math.min(r.roofline.ai, r.prefill.ai, ...points.map((p) => p.ai));
  const slopeFits = x(firstPoint) - slopeMid > textWidth(slopeLabel, 12, true) * Math.cos((slopeAngle * Math.PI) / 180) + 12;
  const roomRight = hasRoof ? BOX.right - x(ridge) : 0;
  const trajectory = points.map((p) => at(p.ai).join(',')).join(' ');
  const [dx, dy] = at(r.roofline.ai);
  const [px, py] = at(r.prefill.ai);
  const [wx, wy] = wall ? at(wall.ai) : [0, 0];

  const ey = expectedTflops ? y(expectedTflops) : null;
  const roofLine = hasRoof
    ? [at(xDomain[0]), [x(ridge), y(peak)], [x(xDomain[1]), y(peak)]]
    : [at(xDomain[0]), at(xDomain[1])];
  const labels = placeRoofLabels({
    BOX, hasRoof, wall, dx, dy, ey, px, py, wx, wy,
    lines: [roofLine, points.map((p) => at(p.ai))],
    ridgeX: hasRoof ? x(ridge) : null,
    peakY: hasRoof ? y(peak) : null,
    peak: hasRoof && roomRight > 190 ? t('chart.peak', { precision: r.roofline.compute_precision ?? '', peak }) : null,
    slope: slopeFits ? { text: slopeLabel, x: slopeMid, y: slopeMidY, angle: slopeAngle } : null,
    text: {
      decode: t('chart.decodePoint'),
      expected: x9 ? t('chart.expectedPoint', { engine: engineName(x9.engine) }) : '',
      prefill: t('chart.prefillPoint'),
      ridge: hasRoof ? t('chart.ridge', { ridge: f.intensity(ridge) }) : '',
      kvFull: t('chart.kvFull'),
    },
  });
  const at0 = (key) => labels[key] && textAt(labels[key]);

  const show = (kind, p, xy) => () => setActive({ kind, p, xy });
  const hide = () => setActive(null);
  const focusable = (kind, p, xy, label) => ({
    tabindex: 0,
    role: 'img',
    'aria-label': label,
    onMouseEnter: show(kind, p, xy),
    onMouseLeave: hide,
    onFocus: show(kind, p, xy),
    onBlur: hide,
  });

  return (
    <div class="chart-box" ref={box}>
    <svg class="chart roofline" viewBox={`0 0 ${W} ${H}`} role="group" aria-labelledby="roof-title roof-desc" data-testid="roofline-plot">
      <title id="roof-title">{t('chart.roofTitle')}</title>
      <desc id="roof-desc">{roofText(r, wall)}</desc>
      <LogGridX {...gridProps(xDomain, BOX)} />
      <LogGridY {...gridProps(yDomain, BOX)} />
      <Frame box={BOX} />
      {hasRoof && <line class="ridge" x1={x(ridge)} x2={x(ridge)} y1={y(peak)} y2={BOX.bottom} />}
      {labels.ridge && <text class="ridge-label" {...at0('ridge')}>{labels.ridge.lines[0]}</text>}
      <path class="roof" d={roof} />
      {labels.peak && <text class="roof-label" {...at0('peak')}>{labels.peak.lines[0]}</text>}
      {slopeFits && (
        <text class="roof-label" x={slopeMid} y={slopeMidY - 6} transform={`rotate(${slopeAngle} ${slopeMid} ${slopeMidY})`}>
          {slopeLabel}
        </text>
      )}
      {wall && (
        <g class="wall">
          <line x1={wx} x2={wx} y1={BOX.top} y2={BOX.bottom} />
          {labels.kvFull && <text {...at0('kvFull')}>{labels.kvFull.lines[0]}</text>}
        </g>
      )}
      {points.length > 1 && <polyline class="trajectory" points={trajectory} />}
      {points.map((p) => {
        const [tx, ty] = at(p.ai);
        return <circle key={p.batch} class="traj-point" cx={tx} cy={ty} r="2.5" onMouseEnter={show('batch', p, [tx, ty])} onMouseLeave={hide} />;
      })}
      {wall && <circle class="wall-point" cx={wx} cy={wy} r="6" {...focusable('wall', wall, [wx, wy], tipFor('wall', wall, r).join(', '))} />}
      <rect class="prefill-point" x={px - 6} y={py - 6} width="12" height="12" transform={`rotate(45 ${px} ${py})`} {...focusable('prefill', null, [px, py], tipFor('prefill', null, r).join(', '))} />
      <text class="point-label" {...at0('prefill')}>{labels.prefill.lines[0]}</text>
      {expectedTflops && (
        <g class="expected-point" data-testid="roofline-expected" data-value={String(expectedTflops)}>
          <line class="expected-drop" x1={dx} x2={dx} y1={dy} y2={y(expectedTflops)} />
          <circle class="point expected" cx={dx} cy={y(expectedTflops)} r="6"
            {...focusable('expected', null, [dx, y(expectedTflops)], tipFor('expected', null, r).join(', '))} />
          {labels.expected.lines.map((line, i) => <text key={i} class="expected-label" {...textAt(labels.expected, i)}>{line}</text>)}
        </g>
      )}
      <circle class="decode-point" cx={dx} cy={dy} r="7" {...focusable('decode', null, [dx, dy], tipFor('decode', null, r).join(', '))} />
      <text class="point-label" {...at0('decode')}>{labels.decode.lines[0]}</text>
      <AxisTitle x={(BOX.left + BOX.right) / 2} y={H - 10}>{t('chart.aiAxis')}</AxisTitle>
      <AxisTitle x={14} y={(BOX.top + BOX.bottom) / 2} vertical>{t('chart.attAxis')}</AxisTitle>
      {active && <ChartTip x={active.xy[0]} y={active.xy[1]} lines={tipFor(active.kind, active.p, r)} box={BOX} />}
    </svg>
    <RooflineLegend report={r} wall={wall} />
    </div>
  );
}
