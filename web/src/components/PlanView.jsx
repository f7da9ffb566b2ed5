// The Plan view: the core's SLA planner (core.plan, the CLI's --plan) for the
// form's model and workload and two targets. The Pareto chart and the table of
// candidates show what the core returns; a point or a row opens its setup in
// the main view. Nothing here searches, ranks or prices.
import { Fragment } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { batch, useComputed, useSignalEffect } from '@preact/signals';
import * as f from '../format.js';
import { Num } from './Num.jsx';
import { PlanChart, pointLabel, usd } from '../charts/PlanChart.jsx';
import { PARAMS } from '../inputs.js';
import { candidateInputs, planPrecisions, checkedGpus, planInput, runPlan, search, searchSettings, targetTexts, targets, view } from '../plan.js';
import { errorText, t, tx } from '../i18n/index.js';

function Target({ id, unit }) {
  const s = targets[id];
  return (
    <label class="plan-target">
      <span>{t(`plan.${id}`)}</span>
      <input type="text" inputMode="decimal" data-testid={`plan.${id}`} value={s.value} placeholder={t('plan.noTarget')}
        onChange={(e) => { s.value = e.currentTarget.value.trim(); }} />
      <span class="unit">{unit}</span>
    </label>
  );
}

/** The GPU presets by maker (the first word of their names), in the presets' order. */
function byMaker(gpus) {
  const groups = new Map();
  for (const g of gpus) {
    const maker = g.name.split(' ')[0];
    if (!groups.has(maker)) groups.set(maker, []);
    groups.get(maker).push(g);
  }
  return [...groups];
}

/** What the plan searches: GPU presets (none ticked: all), one precision or all, tight fits or not. */
function SearchControls({ app }) {
  const ids = app.gpuIds;
  const chosen = search.gpus.value;
  const choices = planPrecisions(app.inputs.engine?.value);
  const ticked = new Set(chosen);
  const toggle = (id, on) => {
    const next = checkedGpus(on ? [...chosen, id] : chosen.filter((x) => x !== id), ids);
    search.gpus.value = next.length === ids.length ? [] : next;
  };
  return (
    <div class="plan-targets plan-search">
      <details class="plan-gpus">
        <summary data-testid="plan.gpus" data-chosen={chosen.join(',')}>
          {t('plan.gpus')}: {chosen.length ? t('plan.gpusSome', { k: chosen.length, n: ids.length }) : t('plan.gpusAll', { n: ids.length })}
        </summary>
        <p class="sub">
          {t('plan.gpusHint')}{' '}
          <button type="button" class="small" data-testid="plan.gpus.all" disabled={!chosen.length} onClick={() => { search.gpus.value = []; }}>
            {t('plan.gpusReset')}
          </button>
        </p>
        {byMaker(app.presets.gpus).map(([maker, list]) => (
          <fieldset key={maker} class="plan-gpu-group">
            <legend>{maker}</legend>
            {list.map((g) => (
              <label key={g.id}>
                <input type="checkbox" data-testid={`plan.gpu.${g.id}`} checked={ticked.has(g.id)}
                  onChange={(e) => toggle(g.id, e.currentTarget.checked)} />
                {g.name}
              </label>
            ))}
          </fieldset>
        ))}
      </details>
      <label class="plan-target">
        <span>{t('plan.precision')}</span>
        <select data-testid="plan.precision" value={choices.includes(search.precision.value) ? search.precision.value : ''}
          onChange={(e) => { search.precision.value = e.currentTarget.value; }}>
          <option value="">{t('plan.precision.all', { formats: choices.slice(1).join(', ') })}</option>
          {choices.map((p) => <option key={p} value={p}>{p === 'auto' ? t('plan.precision.auto') : p}</option>)}
        </select>
      </label>
      <label class="plan-target">
        <input type="checkbox" data-testid="plan.allow_tight" checked={search.allow_tight.value}
          onChange={(e) => { search.allow_tight.value = e.currentTarget.checked; }} />
        <span>{t('plan.allow_tight')}</span>
      </label>
    </div>
  );
}

/** Why no candidate: from what the search saw (its counts and best figures). */
function reason(p) {
  const tg = p.targets;
  if (p.fit === 0) return t('plan.none.fit', { n: f.integer(p.searched) });
  if (p.met_ttft === 0) return t('plan.none.ttft', { target: f.ms(tg.max_ttft_ms), best: f.ms(p.best_ttft_ms) });
  if (tg.min_tokens_per_s_user > p.best_tokens_per_s_user) {
    return t('plan.none.speed', { target: f.tokensPerS(tg.min_tokens_per_s_user), best: f.tokensPerS(p.best_tokens_per_s_user) });
  }
  return t('plan.none.price');
}

const COLUMNS = [
  ['gpu', (c) => c.gpu],
  ['precision', (c) => c.precision],
  ['batch', (c) => f.integer(c.batch)],
  ['ttft_ms', (c) => f.ms(c.ttft_ms)],
  ['tokens_per_s_user', (c) => f.tokensPerS(c.tokens_per_s_user)],
  ['monthly_usd', (c) => usd(c.monthly_usd)],
  ['usd_per_mtok_out', (c) => usd(c.usd_per_mtok_out)],
];

/**
 * A setup's scale-out layout as words, naming only what it uses ("ep 8, 2 nodes", never "DP 1, 1 node"): each part
 * plan.layout.<key> with its figure as `figure(key)` gives it, joined by plan.layoutSep.
 */
function layoutParts(c, figure = (k) => f.integer(c[k])) {
  return ['ep', 'dp_attention', 'nodes'].filter((k) => c[k] > 1).flatMap((k, n) => [
    n > 0 ? t('plan.layoutSep') : null,
    tx(`plan.layout.${k}`, { [k]: figure(k) }),
  ]);
}

/** A candidate's scale-out layout (ep, DP attention, nodes), or "TP only". */
function Layout({ c, i }) {
  if (!(c.ep > 1 || c.dp_attention > 1 || c.nodes > 1)) {
    return <span class="plan-layout" data-testid={`plan.candidates.${i}.layout`} data-value="tp">{t('plan.layoutNone')}</span>;
  }
  const parts = layoutParts(c, (k) => <Num testid={`plan.candidates.${i}.${k}`} value={c[k]} format={f.integer} />);
  return (
    <span class="plan-layout" data-testid={`plan.candidates.${i}.layout`} data-value="scale-out">
      {parts}
    </span>
  );
}

/** When the cheapest scale-out setup of an option beats the cheapest TP-only one: by how much, per GPU and per dollar. */
function ScaleOutGain({ gains }) {
  return gains.map((g, i) => {
    const [so, tp] = g.setups;
    const option = t(`plan.option.${g.option}`);
    if (!tp) return <p key={i} class="sub" data-testid={`plan.scale_out.${i}`} data-option={g.option}>{t('plan.scaleOutOnly', { option })}</p>;
    return (
      <p key={i} class="callout" role="note" data-testid={`plan.scale_out.${i}`} data-option={g.option}>
        {tx('plan.scaleOut', {
          option, gpu: so.gpu, tp: f.integer(so.tp), layout: <>{layoutParts(so)}</>,
          gpuSpeed: f.tokensPerS(so.tokens_per_s_gpu), tpGpuSpeed: f.tokensPerS(tp.tokens_per_s_gpu),
          gpuX: <Num testid={`plan.scale_out.${i}.tokens_per_s_gpu_x`} value={g.tokens_per_s_gpu_x} format={f.times} />,
          usd: usd(so.usd_per_mtok_out), tpUsd: usd(tp.usd_per_mtok_out),
          usdX: <Num testid={`plan.scale_out.${i}.usd_per_mtok_x`} value={g.usd_per_mtok_x} format={f.times} />,
        })}
      </p>
    );
  });
}

/** The cheapest disaggregated setup of an option against the cheapest colocated one, with the model's reason when it loses. */
function DisaggGain({ items }) {
  return items.map((g, i) => {
    const [d, co] = g.setups;
    const option = t(`plan.option.${g.option}`);
    const pools = { option, gpu: d.gpu, pi: f.integer(d.prefill_instances), ptp: f.integer(d.prefill_tp), di: f.integer(d.decode_instances),
      tp: f.integer(d.tp), gpus: f.integer(d.gpus), usd: usd(d.usd_per_mtok_out) };
    const id = `plan.disaggregated.${i}`;
    if (!co) return <p key={i} class="sub" data-testid={id} data-option={g.option} data-beats="true">{t('plan.disaggOnly', pools)}</p>;
    return (
      <p key={i} class={g.beats ? 'callout' : 'sub'} role="note" data-testid={id} data-option={g.option} data-beats={String(g.beats)}>
        {tx(g.beats ? 'plan.disagg' : 'plan.disaggLoses', {
          ...pools, gpuSpeed: f.tokensPerS(d.tokens_per_s_gpu), coGpuSpeed: f.tokensPerS(co.tokens_per_s_gpu), coUsd: usd(co.usd_per_mtok_out), coGpu: co.gpu,
          gpuX: <Num testid={`${id}.tokens_per_s_gpu_x`} value={g.tokens_per_s_gpu_x} format={f.times} />,
          usdX: <Num testid={`${id}.usd_per_mtok_x`} value={g.usd_per_mtok_x} format={f.times} />,
        })}
      </p>
    );
  });
}

export function PlanView({ app }) {
  // The search takes up to a second: the first plan is made at once, a later one when its own input
  // (not the batch, the GPU, tp, ... of the form), a target or what it searches changes and the typing pauses.
  const input = useComputed(() => planInput(app.built.value));
  const made = useRef(null);
  const [r, setResult] = useState(() => {
    made.current = JSON.stringify([input.peek(), targetTexts(), searchSettings()]);
    return runPlan(app.core, input.peek());
  });
  const [busy, setBusy] = useState(false);
  const timer = useRef(0);
  useSignalEffect(() => {
    const key = input.value;
    const goal = targetTexts();
    const settings = searchSettings();
    const id = JSON.stringify([key, goal, settings]);
    clearTimeout(timer.current);
    if (id === made.current) {
      setBusy(false);
      return;
    }
    setBusy(true);
    timer.current = setTimeout(() => {
      made.current = id;
      setResult(runPlan(app.core, key, goal, settings));
      setBusy(false);
    }, 300);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  const open = (c) => {
    const inputs = candidateInputs(c);
    batch(() => {
      for (const [k, v] of Object.entries(inputs)) app.set(k, v);
      view.value = 'main';
    });
  };
  let body;
  if (app.inputs.model.value === PARAMS) {
    body = <p class="plan-none" data-testid="plan-none" role="status">{t('plan.needsModel')}</p>;
  } else if (r.error) {
    body = (
      <p class="plan-none" data-testid="plan-none" role="status">
        {r.error.field === 'requests_per_day' ? t('plan.needsWorkload') : errorText(r.error, undefined, app.values.value)}
      </p>
    );
  } else {
    const p = r.plan;
    const list = p.candidates;
    // The scale-out column only where the search had scale-out setups (an MoE model).
    const scaled = p.scale_out_searched > 0;
    body = (
      <>
        <p class="sub" data-testid="plan.searched" data-value={String(p.searched)}>
          {t('plan.searched', { n: f.integer(p.searched) })}
          {p.scale_out_searched > 0 && <> {t('plan.scaleOutSearched', { n: f.integer(p.scale_out_searched) })}</>}
          {p.disaggregated_searched > 0 && <> {t('plan.disaggSearched', { n: f.integer(p.disaggregated_searched) })}</>}
        </p>
        {list.length === 0 ? (
          <p class="plan-none" data-testid="plan-none" role="status">{t('plan.none.title')} {reason(p)}</p>
        ) : (
          <>
            {Array.isArray(p.scale_out) && <ScaleOutGain gains={p.scale_out} />}
            {Array.isArray(p.disaggregated) && <DisaggGain items={p.disaggregated} />}
            <PlanChart pareto={p.pareto} onOpen={open} />
            <p class="sub">{t('plan.chartHint')}</p>
            {['buy', 'cloud'].filter((o) => !list.some((c) => c.option === o)).map((o) => (
              <p key={o} class="sub" data-testid={`plan-none.${o}`}>{t(`plan.noneFor.${o}`)}</p>
            ))}
            <div class="plan-scroll">
            <table class="plan-table" data-testid="plan-table">
              <caption>{t('plan.tableCaption', { top: list.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('plan.col.option')}</th>
                  {['gpu', 'gpus', ...COLUMNS.slice(1).map(([k]) => k)].map((k) => <th key={k} scope="col">{t(`plan.col.${k}`)}</th>)}
                  <th scope="col"><span class="visually-hidden">{t('plan.col.open')}</span></th>
                </tr>
              </thead>
              <tbody>
                {list.map((c, i) => (
                  <tr key={i} data-testid={`plan.candidates.${i}`}>
                    <th scope="row" data-testid={`plan.candidates.${i}.option`} data-value={c.option}>{t(`plan.option.${c.option}`)}</th>
                    {COLUMNS.map(([k, show]) => (
                      <Fragment key={k}>
                        <td><Num testid={`plan.candidates.${i}.${k}`} value={c[k]} format={() => show(c)} /></td>
                        {k === 'gpu' && (
                          <td>
                            {tx('plan.gpusCell', Object.fromEntries(['gpus', 'tp', 'pp'].map((g) => [g, <Num testid={`plan.candidates.${i}.${g}`} value={c[g]} />])))}
                            {/* The scale-out layout on a line of its own (an MoE plan): the table keeps its width. */}
                            {scaled && <><br /><Layout c={c} i={i} /></>}
                          </td>
                        )}
                      </Fragment>
                    ))}
                    <td><button type="button" class="small" data-testid={`plan.candidates.${i}.open`} aria-label={`${t('plan.open')}: ${pointLabel(c)}`} onClick={() => open(c)}>{t('plan.open')}</button></td>
                  </tr>
                ))}
              </tbody>
            </table>
            </div>
          </>
        )}
      </>
    );
  }
  return (
    <section class="panel plan-view" data-testid="plan-view" data-busy={String(busy)} aria-busy={busy ? 'true' : 'false'} aria-labelledby="plan-h">
      <h2 id="plan-h">{t('plan.title')}</h2>
      <p class="sub">{t('plan.text')}</p>
      <div class="plan-targets">
        <Target id="max_ttft_ms" unit="ms" />
        <Target id="min_tokens_per_s_user" unit={t('plan.speedUnit')} />
      </div>
      <SearchControls app={app} />
      {body}
    </section>
  );
}
