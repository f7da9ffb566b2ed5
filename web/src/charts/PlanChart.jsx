import * as f from '../format.js';
import { planGeometry, planLayout } from './planScale.js';
import { AxisTitle, Frame, LogGridX, LogGridY, gridProps } from './axes.jsx';
import { useWidth } from './useWidth.js';
import { t } from '../i18n/index.js';

// The plan's Pareto fronts: $ per million output tokens against tokens/s per
// user, buying and renting. Each point is a button that opens its setup in
// the main view; the candidates' table below is the text alternative.
export const usd = (v) => `$${f.significant(v, 4)}`;

export function pointLabel(c) {
  return t('plan.point', { option: t(`plan.option.${c.option}`), gpu: c.gpu, gpus: c.gpus, tp: c.tp, pp: c.pp, precision: c.precision,
    batch: f.integer(c.batch), cost: usd(c.usd_per_mtok_out), speed: f.tokensPerS(c.tokens_per_s_user) });
}

export function PlanChart({ pareto, onOpen }) {
  const [ref, width] = useWidth();
  const { W, H, box } = planLayout(width);
  const g = planGeometry(pareto, box);
  const key = (e, c) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    onOpen(c);
  };
  return (
    <div class="chart-box" ref={ref}>
      <svg class="chart plan" viewBox={`0 0 ${W} ${H}`} role="group" aria-labelledby="plan-chart-title" data-testid="plan-chart">
        <title id="plan-chart-title">{t('plan.chartTitle')}</title>
        <LogGridX {...gridProps(g.xDomain, box)} />
        <LogGridY {...gridProps(g.yDomain, box)} />
        <Frame box={box} />
        {['buy', 'cloud'].map((o) => g.lines[o] && <polyline key={o} class={`series plan-${o}`} points={g.lines[o]} />)}
        {g.points.map(({ c, index, cx, cy }) => (
          <circle key={index} class={`plan-point plan-${c.option}`} cx={cx} cy={cy} r="6" tabindex={0} role="button"
            data-testid={`plan.pareto.${index}`} data-option={c.option} aria-label={pointLabel(c)}
            onClick={() => onOpen(c)} onKeyDown={(e) => key(e, c)}>
            <title>{pointLabel(c)}</title>
          </circle>
        ))}
        <g class="legend">
          {['buy', 'cloud'].filter((o) => g.lines[o]).map((o, i) => (
            <text key={o} class={`plan-${o}-label`} x={box.right - 6} y={box.bottom - 10 - 16 * i} text-anchor="end">● {t(`plan.option.${o}`)}</text>
          ))}
        </g>
        <AxisTitle x={(box.left + box.right) / 2} y={H - 8}>{t('plan.xAxis')}</AxisTitle>
        <AxisTitle x={14} y={(box.top + box.bottom) / 2} vertical>{t('plan.yAxis')}</AxisTitle>
      </svg>
    </div>
  );
}
