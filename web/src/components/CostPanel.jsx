// What the workload costs: buying, renting and a serverless API,
// each figure from the core (the report's `cost`), rounded for reading and
// exact in data-value, with every price's source and date. The chart draws
// each option as the straight line the core gives the two ends of, over one
// deployment's capacity; the crossings are the core's break-evens. Nothing
// here computes a cost: a refusal has no `cost`, so this panel is absent then.
import * as f from '../format.js';
import { Num } from './Num.jsx';
import { t, tx, unitText } from '../i18n/index.js';
import { costSource } from '../i18n/sources.js';
import { engineName } from '../names.js';
import { useWidth } from '../charts/useWidth.js';
import { LINE, beside, placeLabels, textAt, textWidth, vline } from '../charts/labels.js';

const usd = (v) => `$${f.significant(v, 4)}`;
const OPTIONS = [
  ['buy', 'cost.option.buy', 'var(--accent, #2563eb)'],
  ['cloud', 'cost.option.cloud', 'var(--warn, #d97706)'],
  ['api', 'cost.option.api', 'var(--ok, #059669)'],
];

/**
 * Where the break-evens' words go: each beside its dashed line, on the first
 * row free of the other's words and of the lines (the traffic's too), inside the plot.
 */
export function placeCostLabels({ box, trafficX, marks }) {
  const rows = [0, 1, 2, 3].map((i) => box.top + 12 + i * LINE);
  const obstacles = [vline(trafficX, box.top, box.bottom), ...marks.map((m) => vline(m.x, box.top, box.bottom))];
  return placeLabels(marks.map((m) => ({ key: m.key, text: m.text, candidates: beside(m.x, rows, { gap: 4 }) })), box, obstacles);
}

function CostChart({ cost }) {
  const [ref, width] = useWidth(560);
  const ch = cost.chart;
  const xMax = ch.max_requests_per_day;
  const lines = [];
  if (cost.buy) lines.push(['buy', ch.buy_usd_at_zero, ch.buy_usd_at_max]);
  if (cost.cloud) lines.push(['cloud', 0, ch.cloud_usd_at_max]);
  if (cost.api) lines.push(['api', 0, ch.api_usd_at_max]);
  if (!(xMax > 0) || lines.length === 0) return null;
  const yMax = Math.max(...lines.map((l) => Math.max(l[1], l[2]))) || 1;
  // One SVG unit a CSS pixel, so the 12 px words stay 12 px on a phone; the plot
  // starts right of its widest y label.
  const W = Math.max(300, width), H = 240, B = 36, T = 12, R = 12;
  const L = Math.max(40, Math.ceil(textWidth(usd(yMax)) + 12));
  const x = (v) => L + (v / xMax) * (W - L - R);
  const y = (v) => H - B - (v / yMax) * (H - B - T);
  const color = Object.fromEntries(OPTIONS.map(([k, , c]) => [k, c]));
  const rpd = cost.workload.requests_per_day;
  const trafficX = x(Math.min(rpd, xMax));
  const marks = [
    ['buy_vs_cloud_requests_per_day', t('cost.crossCloud')],
    ['buy_vs_api_requests_per_day', t('cost.crossApi')],
  ].filter(([k]) => cost.break_even[k] !== undefined).map(([key, text]) => ({ key, text, x: x(cost.break_even[key]) }));
  const words = placeCostLabels({ box: { left: L, right: W - R, top: T, bottom: H - B }, trafficX, marks });
  const at = (key) => textAt(words[key]);
  return (
    <div class="chart-box" ref={ref}>
      <svg class="chart cost-chart" data-testid="cost-chart" viewBox={`0 0 ${W} ${H}`} role="img"
        aria-label={t('cost.chartLabel')}>
        <line x1={L} y1={H - B} x2={W - R} y2={H - B} stroke="currentColor" />
        <line x1={L} y1={T} x2={L} y2={H - B} stroke="currentColor" />
        <text x={L} y={H - 8}>0</text>
        <text x={W - R} y={H - 8} text-anchor="end">{t('cost.perDay', { n: f.integer(Math.floor(xMax)) })}</text>
        <text x={L - 6} y={T + 10} text-anchor="end">{usd(yMax)}</text>
        <text x={L - 6} y={H - B} text-anchor="end">$0</text>
        {lines.map(([k, a, b]) => (
          <line key={k} data-testid={`cost-line-${k}`} data-value={`${a} ${b}`} x1={x(0)} y1={y(a)} x2={x(xMax)} y2={y(b)}
            stroke={color[k]} stroke-width="2" />
        ))}
        <line data-testid="cost-traffic" data-value={String(rpd)} x1={trafficX} x2={trafficX} y1={T} y2={H - B}
          stroke="currentColor" stroke-dasharray="2 3" />
        {marks.map(({ key, text, x: mx }) => (
          <g key={key} data-testid={`cost-cross-${key}`} data-value={String(cost.break_even[key])}>
            <line x1={mx} x2={mx} y1={T} y2={H - B} stroke="currentColor" stroke-dasharray="6 3" />
            <text class="cost-mark" {...at(key)}>{text}</text>
          </g>
        ))}
      </svg>
      <ul class="chart-legend" data-testid="cost-legend">
        {lines.map(([k]) => (
          <li key={k} data-testid={`cost-legend-${k}`}>
            <svg viewBox="0 0 24 12" aria-hidden="true"><line x1="1" y1="6" x2="23" y2="6" stroke={color[k]} stroke-width="2.5" /></svg>
            {t(OPTIONS.find((o) => o[0] === k)[1])}
          </li>
        ))}
        <li data-testid="cost-legend-traffic">
          <svg viewBox="0 0 12 12" aria-hidden="true"><line x1="6" y1="0" x2="6" y2="12" stroke="currentColor" stroke-width="1.5" stroke-dasharray="2 3" /></svg>
          {/* The chart spans one deployment's capacity: a traffic past it is drawn at the edge, and says so. */}
          {rpd > xMax ? t('cost.trafficBeyond', { n: f.integer(rpd), max: f.integer(Math.floor(xMax)) }) : t('cost.traffic', { n: f.integer(rpd) })}
        </li>
      </ul>
    </div>
  );
}

export function CostPanel({ report: r }) {
  const c = r.cost;
  if (!c) return null;
  const w = c.workload;
  // A figure of the cost's basis, as its assumptions list gives it.
  const assumed = (name, otherwise) => c.assumptions.find((a) => a.name === name)?.value ?? otherwise;
  // The batch's own step, and its other requests, whose replacements' prefills run between a request's steps.
  const step = assumed('step_ms', w.loaded_step_ms);
  const others = assumed('batch', 1) - 1;
  return (
    <section class="panel" aria-labelledby="cost-h" data-testid="cost-panel">
      <h2 id="cost-h">{t('cost.title')}</h2>
      <p class="sub">
        {/* More busy hours than one deployment's 720: the core's count of copies, not "busy 6,729,000 hours of 720". */}
        {tx(w.replicas > 1 ? 'cost.workloadCopies' : 'cost.workload', {
          rpd: <Num testid="cost.workload.requests_per_day" value={w.requests_per_day} format={f.integer} />,
          tin: <Num testid="cost.workload.input_tokens" value={w.input_tokens} format={f.integer} />,
          tout: <Num testid="cost.workload.output_tokens" value={w.output_tokens} format={f.integer} />,
          hours: <Num testid="cost.workload.active_hours_per_month" value={w.active_hours_per_month} format={(v) => f.significant(v, 4)} />,
          copies: <Num testid="cost.workload.replicas" value={w.replicas} format={f.integer} />,
        })}{t('sep.sentence')}
        {c.basis === 'floor' ? t('cost.basisFloor') : t('cost.basisRealistic', { engine: engineName(r.realistic?.engine) })}
      </p>
      <p class="hint" data-testid="cost-per-user">
        {tx(others > 0 ? 'cost.perUser' : 'cost.perUserAlone', {
          tps: <Num testid="cost.workload.tokens_per_s_user" value={w.tokens_per_s_user} format={(v) => f.significant(v, 3)} />,
          step: <Num testid="cost.workload.loaded_step_ms" value={w.loaded_step_ms} format={(v) => f.significant(v, 3)} />,
          base: f.significant(step, 3),
          others: f.significant(w.loaded_step_ms - step, 3),
          n: f.integer(others),
          out: f.integer(w.output_tokens),
        })}
      </p>
      <dl class="legend cost-options">
        {OPTIONS.map(([k, label]) =>
          c[k] ? (
            <div key={k} data-testid={`cost-option-${k}`}>
              <dt>{t(label)}</dt>
              <dd>{tx('cost.perMonth', { v: <Num testid={`cost.${k}.monthly_usd`} value={c[k].monthly_usd} format={usd} /> })}</dd>
              <dd>
                <Num testid={k === 'api' ? 'cost.api.effective_usd_per_mtok_out' : `cost.${k}.usd_per_mtok_out`}
                  value={k === 'api' ? c.api.effective_usd_per_mtok_out : c[k].usd_per_mtok_out} format={usd} />{t('cost.perMtok')}
              </dd>
            </div>
          ) : (
            <div key={k} data-testid={`cost-option-${k}`} class="muted">
              <dt>{t(label)}</dt>
              <dd data-missing={c.missing.filter((m) => m.startsWith(`${k}.`)).join(' ')}>
                {t('cost.missing', { what: c.missing.filter((m) => m.startsWith(`${k}.`)).map((m) => t(`cost.miss.${m}`)).join(t('cost.list')) || t('cost.aPrice') })}
              </dd>
            </div>
          ),
        )}
      </dl>
      {c.buy && (
        <p class="hint">
          {tx('cost.buyLine', {
            dep: <Num testid="cost.buy.depreciation_usd_per_month" value={c.buy.depreciation_usd_per_month} format={usd} />,
            gpus: f.integer(w.gpus),
            resale: f.percent(c.buy.resale_fraction),
            months: f.integer(c.buy.months),
            energy: <Num testid="cost.buy.energy_usd_per_month" value={c.buy.energy_usd_per_month} format={usd} />,
          })}
        </p>
      )}
      <CostChart cost={c} />
      <ul class="hint">
        {c.break_even.buy_vs_cloud_requests_per_day !== undefined && (
          <li>{tx('cost.beatsCloud', { n: <Num testid="cost.break_even.buy_vs_cloud_requests_per_day" value={c.break_even.buy_vs_cloud_requests_per_day} format={f.integer} /> })}</li>
        )}
        {c.break_even.buy_vs_api_requests_per_day !== undefined && (
          <li>{tx('cost.beatsApi', { n: <Num testid="cost.break_even.buy_vs_api_requests_per_day" value={c.break_even.buy_vs_api_requests_per_day} format={f.integer} /> })}</li>
        )}
      </ul>
      <details class="table-wrap">
        <summary>{t('cost.sources')}</summary>
        <ul class="cost-sources" data-testid="cost-assumptions">
          {c.assumptions.map((a) => {
            // The page's words for the figure and its source (i18n/sources.js), a price preset's source quoted.
            const s = costSource(a, c);
            return (
              <li key={a.name} data-code={a.name}>
                {t(`cost.a.${a.name}`)} = <span data-value={String(a.value)}>{f.significant(a.value, 6)}</span> {unitText(a.unit)}{t('cost.sourceSep')}
                {s.text}{s.text && s.cite ? ' ' : ''}{s.cite && <cite lang="en">{s.cite}</cite>}
                {s.stale && <strong class="stale" data-testid="cost-stale" data-as-of={a.as_of}>{' '}({t('csrc.stale')})</strong>}
              </li>
            );
          })}
        </ul>
      </details>
    </section>
  );
}
