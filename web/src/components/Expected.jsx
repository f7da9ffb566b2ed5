import { useState } from 'preact/hooks';
import * as f from '../format.js';
import { Num } from './Num.jsx';
import { Tile } from './Tile.jsx';
import { loadLaterWords, t, tx } from '../i18n/index.js';
import { engineName } from '../names.js';

// What a named serving engine will likely give, beside the floor: the core's
// `realistic` object, present only when the deployment fits. Every assumption
// is listed with its value and its source, so the estimate can be checked.
export function Expected({ report: r }) {
  const x = r.realistic;
  const pd = r.disaggregation?.ttft_ms !== undefined ? r.disaggregation : null;
  if (!r.fits || !x) return null;
  // Under the workload's traffic (the cost panel's figure), when other requests' prefills slow each user.
  const w = r.cost?.basis === 'realistic' ? r.cost.workload : null;
  const loaded = w && w.loaded_step_ms > x.step_ms ? w.tokens_per_s_user : null;
  const band = tx('expected.band', {
    low: <Num testid="realistic.step_ms_low" value={x.step_ms_low} format={f.ms} />,
    high: <Num testid="realistic.step_ms_high" value={x.step_ms_high} format={f.ms} />,
    floor: f.ms(x.floor_step_ms), // the floor at the estimate's batch (fewer than asked on a tight fit)
  });
  return (
    <section class="expected" data-testid="realistic" aria-labelledby="expected-h">
      <h3 id="expected-h">
        {t('expected.title', { engine: engineName(x.engine) })}{' '}
        <span class={x.calibrated ? 'badge' : 'badge warn'} data-testid="realistic.calibrated" data-value={String(x.calibrated)}>
          {t(x.calibrated ? 'expected.calibrated' : 'expected.uncalibrated')}
        </span>
      </h3>
      {x.batch < r.config.batch && (
        <p class="sub" data-testid="realistic.batch" data-value={String(x.batch)}>
          {t('expected.batchCapped', { n: f.integer(x.batch), of: f.integer(r.config.batch) })}
        </p>
      )}
      <div class="key-figures">
        <Tile label={t('expected.step')} note={band}>
          <Num testid="realistic.step_ms" value={x.step_ms} format={f.ms} class="big" />
        </Tile>
        <Tile label={t('expected.tps')} note={<>
          {tx(loaded ? 'expected.perUserLoaded' : 'expected.perUser', {
            tps: <Num testid="realistic.tokens_per_s_per_user" value={x.tokens_per_s_per_user} format={f.tokensPerS} />,
            loaded: loaded ? f.tokensPerS(loaded) : '',
            costs: t('cost.title'),
          })}
          {/* The roofline's bound beside it, where both are at the same batch. */}
          {x.batch === r.config.batch && r.decode ? t('expected.bound', { bound: f.tokensPerS(r.decode.tokens_per_s) }) : ''}
        </>}>
          <Num testid="realistic.tokens_per_s" value={x.tokens_per_s} format={f.tokensPerS} class="big" />
        </Tile>
        {/* Disaggregated, a request's first token is the prefill pool's, its KV's transfer and one decode step
            (disaggregation.c), not the decode instance's own prefill: the pools' figures stand in. */}
        {pd?.realistic ? (
          <Tile label={t('expected.ttft')} note={`${t('expected.floor', { floor: f.ms(pd.ttft_ms) })}; ${t('key.ttftPd')}`}>
            <Num testid="disaggregation.realistic.ttft_ms" value={pd.realistic.ttft_ms} format={f.ms} class="big" />
          </Tile>
        ) : !pd && x.ttft_ms !== undefined && (
          <Tile label={t('expected.ttft')} note={t('expected.floor', { floor: f.ms(r.prefill.ttft_ms) })}>
            <Num testid="realistic.ttft_ms" value={x.ttft_ms} format={f.ms} class="big" />
          </Tile>
        )}
        {r.config.tp > 1 && (
          <Tile label={t('expected.allreduce')} note={t('expected.allreduceNote', { ms: f.ms(x.allreduce_ms), tp: r.config.tp })}>
            <Num testid="realistic.allreduce_share" value={x.allreduce_share} format={f.percent} class="big" />
          </Tile>
        )}
      </div>
      <Assumptions list={x.assumptions} report={r} />
    </section>
  );
}

/** The table's module and its words (assume.*, asrc.*: en-later), loaded when the box first opens. */
let tableModule = null;
const loadTable = () => (tableModule ??= Promise.all([import('./AssumptionTable.jsx'), loadLaterWords()]).then(([m]) => m.AssumptionTable));

function Assumptions({ list, report }) {
  // Built only while open, like the other "How is this computed?" boxes; its code and words are not on the
  // first verdict's critical path (AssumptionTable.jsx, i18n/sources.js): they load when it is first opened.
  const [open, setOpen] = useState(false);
  const [Table, setTable] = useState(null);
  if (!Array.isArray(list) || list.length === 0) return null;
  const toggle = (e) => {
    const now = e.currentTarget.open;
    setOpen(now);
    if (now && !Table) loadTable().then((c) => setTable(() => c)).catch(() => {});
  };
  return (
    <details class="explain" data-testid="realistic.assumptions" onToggle={toggle}>
      <summary>{t('expected.how')}</summary>
      {open && Table && <Table list={list} report={report} />}
    </details>
  );
}
