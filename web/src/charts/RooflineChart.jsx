import { useState } from 'preact/hooks';
import * as f from '../format.js';
import { logDomain, logScale } from './scale.js';
import { attainable } from './roof.js';
import { AxisTitle, Frame, LogGridX, LogGridY, gridProps } from './axes.jsx';
import { ChartTip } from '../components/ChartTip.jsx';
import { useWidth } from './useWidth.js';
import { RooflineLegend } from './RooflineLegend.jsx';
import { t } from '../i18n/index.js';

// The roofline of one GPU with the decode and prefill operating points and the
// decode trajectory as the batch grows, up to the KV capacity wall. Drawn only
// for a deployment that fits. Every AI comes from the core (report / sweep).
function layout(width) {
  const W = Math.max(300, width);
  const H = Math.round(Math.min(420, Math.max(300, W * 0.62)));
  return { W, H, BOX: { left: W < 480 ? 52 : 64, right: W - 14, top: 18, bottom: H - 48 } };
}

function tipFor(kind, p, r) {
  if (kind === 'decode') {
    return [t('tip.decode', { batch: f.integer(r.config.batch) }), t('tip.ai', { ai: f.intensity(r.roofline.ai) }), t(`boundAdj.${r.roofline.bound}`), t('tip.step', { step: f.ms(r.decode.step_ms) }), f.tokensPerS(r.decode.tokens_per_s)];
  }
  if (kind === 'expected') {
    const x = r.realistic;
    return [t('tip.expected', { engine: x.engine, batch: f.integer(r.config.batch) }), t('tip.expectedStep', { step: f.ms(x.step_ms), floor: f.ms(r.decode.step_ms) }), f.tokensPerS(x.tokens_per_s)];
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

export function RooflineChart({ report: r, sweep }) {
  const [active, setActive] = useState(null);
  const [box, width] = useWidth();
  const { W, H, BOX } = layout(width);
  const bw = r.gpu.bandwidth_gbs;
  // The roof of the precision the weights compute in (fp8/int8 peaks when used); none when unsourced.
  const peak = r.roofline.peak_tflops ?? r.gpu.tflops ?? null;
  const ridge = r.roofline.ridge;
  const hasRoof = Number.isFinite(peak) && Number.isFinite(ridge) && ridge > 0;
  const points = sweep ?? [];
  const wall = points.find((p) => p.batch === r.memory.max_batch) ?? points[points.length - 1] ?? null;
  const att = (ai) => attainable(ai, hasRoof ? peak : Infinity, bw);

  const xDomain = logDomain([hasRoof ? ridge : NaN, r.roofline.ai, r.prefill.ai, ...points.map((p) => p.ai)], 2);
  const x = logScale(xDomain, [BOX.left, BOX.right]);
  // The engine's expected point: the same intensity, at the share of the roof the
  // expected step reaches (floor step / expected step). It always sits below the floor's.
  const x9 = r.realistic;
  const expectedTflops = x9 && x9.step_ms > 0 ? att(r.roofline.ai) * (r.decode.step_ms / x9.step_ms) : null;
  const yDomain = logDomain([att(xDomain[0]), hasRoof ? peak * 1.6 : att(xDomain[1]), ...(expectedTflops ? [expectedTflops] : [])], 1);
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
  const slopeFits = x(firstPoint) - slopeMid > slopeLabel.length * 6.6 * Math.cos((slopeAngle * Math.PI) / 180) + 12;
  const roomRight = hasRoof ? BOX.right - x(ridge) : 0;
  const trajectory = points.map((p) => at(p.ai).join(',')).join(' ');
  const [dx, dy] = at(r.roofline.ai);
  const [px, py] = at(r.prefill.ai);
  const [wx, wy] = wall ? at(wall.ai) : [0, 0];

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
      {hasRoof && <text class="ridge-label" x={x(ridge) + 5} y={BOX.bottom - 8}>{t('chart.ridge', { ridge: f.intensity(ridge) })}</text>}
      <path class="roof" d={roof} />
      {roomRight > 190 && (
        <text class="roof-label" x={BOX.right - 6} y={y(peak) - 7} text-anchor="end">{t('chart.peak', { precision: r.roofline.compute_precision ?? '', peak })}</text>
      )}
      {slopeFits && (
        <text class="roof-label" x={slopeMid} y={slopeMidY - 6} transform={`rotate(${slopeAngle} ${slopeMid} ${slopeMidY})`}>
          {slopeLabel}
        </text>
      )}
      {wall && (
        <g class="wall">
          <line x1={wx} x2={wx} y1={BOX.top} y2={BOX.bottom} />
          {(!hasRoof || Math.abs(x(ridge) - wx) > 80) && <text x={wx + 5} y={BOX.bottom - 8}>{t('chart.kvFull')}</text>}
        </g>
      )}
      {points.length > 1 && <polyline class="trajectory" points={trajectory} />}
      {points.map((p) => {
        const [tx, ty] = at(p.ai);
        return <circle key={p.batch} class="traj-point" cx={tx} cy={ty} r="2.5" onMouseEnter={show('batch', p, [tx, ty])} onMouseLeave={hide} />;
      })}
      {wall && <circle class="wall-point" cx={wx} cy={wy} r="6" {...focusable('wall', wall, [wx, wy], tipFor('wall', wall, r).join(', '))} />}
      <rect class="prefill-point" x={px - 6} y={py - 6} width="12" height="12" transform={`rotate(45 ${px} ${py})`} {...focusable('prefill', null, [px, py], tipFor('prefill', null, r).join(', '))} />
      <text class="point-label" x={px} y={py + 22} text-anchor="middle">{t('chart.prefillPoint')}</text>
            {expectedTflops && (
        <g class="expected-point" data-testid="roofline-expected" data-value={String(expectedTflops)}>
          <line class="expected-drop" x1={dx} x2={dx} y1={dy} y2={y(expectedTflops)} />
          <circle class="point expected" cx={dx} cy={y(expectedTflops)} r="6"
            {...focusable('expected', null, [dx, y(expectedTflops)], tipFor('expected', null, r).join(', '))} />
          <text class="expected-label" x={dx + 10} y={y(expectedTflops) + 4}>{t('chart.expectedPoint', { engine: x9.engine })}</text>
        </g>
      )}
      <circle class="decode-point" cx={dx} cy={dy} r="7" {...focusable('decode', null, [dx, dy], tipFor('decode', null, r).join(', '))} />
      <text class="point-label" x={dx + 10} y={dy + 18}>{t('chart.decodePoint')}</text>
      <AxisTitle x={(BOX.left + BOX.right) / 2} y={H - 10}>{t('chart.aiAxis')}</AxisTitle>
      <AxisTitle x={14} y={(BOX.top + BOX.bottom) / 2} vertical>{t('chart.attAxis')}</AxisTitle>
      {active && <ChartTip x={active.xy[0]} y={active.xy[1]} lines={tipFor(active.kind, active.p, r)} box={BOX} />}
    </svg>
    <RooflineLegend report={r} wall={wall} />
    </div>
  );
}
