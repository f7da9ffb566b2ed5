import * as f from '../format.js';
import { Num } from './Num.jsx';
import { Explain } from './Explain.jsx';
import { WarningList } from './WarningList.jsx';
import { t, tx } from '../i18n/index.js';

const PARALLEL_WARNINGS = ['kv_heads_not_divisible_by_tp', 'kv_replicated_across_tp', 'layers_not_divisible_by_pp', 'batch_not_divisible_by_micro_batches'];

function Tensor({ report: r }) {
  if (!r.tp) return <p>{t('par.tpOff')}</p>;
  return (
    <div class="sub-block">
      <h3>{t('par.tpTitle', { tp: r.config.tp })}</h3>
      <p>{tx('par.allreduce', { bytes: <Num testid="tp.allreduce_bytes_per_gpu" value={r.tp.allreduce_bytes_per_gpu} format={(v) => f.si(v, 'B')} /> })}</p>
      <Explain of="allreduce" report={r} />
      {r.tp.kv_share_per_gpu !== undefined && (
        <p>{tx('par.share', { share: <Num testid="tp.kv_share_per_gpu" value={r.tp.kv_share_per_gpu} format={f.percent} />, mla: r.model.mla ? t('par.shareMla') : t('par.shareEnd') })}</p>
      )}
    </div>
  );
}

function Pipeline({ report: r }) {
  if (!r.pp) return <p>{t('par.ppOff')}</p>;
  const p = r.pp;
  // The speedup compares two times: a refusal's report has neither, nor the speedup.
  const timed = p.speedup_vs_one_gpu !== undefined;
  const slower = timed && p.speedup_vs_one_gpu < 1;
  return (
    <div class="sub-block">
      <h3>{t('par.ppTitle', { pp: r.config.pp, m: f.integer(p.micro_batches) })}</h3>
      {slower && (
        <p class="callout bad" data-testid="pp-slower" role="note">
          {t('par.slower', { speedup: f.times(p.speedup_vs_one_gpu) })}
        </p>
      )}
      <dl class="figures">
        <div>
          <dt>{t('par.bubble')}</dt>
          <dd><Num testid="pp.bubble" value={p.bubble} format={f.percent} /></dd>
          <dd class="explain-cell"><Explain of="bubble" report={r} /></dd>
        </div>
        {timed && (
          <>
            <div>
              <dt>{t('par.speedup')}</dt>
              <dd><Num testid="pp.speedup_vs_one_gpu" value={p.speedup_vs_one_gpu} format={f.times} /></dd>
              <dd class="explain-cell"><Explain of="speedup" report={r} /></dd>
            </div>
            <div>
              <dt>{t('par.stage')}</dt>
              <dd><Num testid="pp.stage_ms" value={p.stage_ms} format={f.ms} /></dd>
            </div>
            <div>
              <dt>{t('par.drain')}</dt>
              <dd><Num testid="pp.drain_ms" value={p.drain_ms} format={f.ms} /></dd>
            </div>
          </>
        )}
      </dl>
    </div>
  );
}

export function ParallelPanel({ report: r }) {
  return (
    <section class="panel" aria-labelledby="par-h">
      <h2 id="par-h">{t('par.title')}</h2>
      <Pipeline report={r} />
      <Tensor report={r} />
      <WarningList warnings={r.warnings} report={r} only={PARALLEL_WARNINGS} testid="parallel-warnings" />
    </section>
  );
}
