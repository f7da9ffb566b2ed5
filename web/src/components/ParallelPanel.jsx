import * as f from '../format.js';
import * as explain from '../explain/formulas.js';
import { Num } from './Num.jsx';
import { Explain } from './Explain.jsx';
import { WarningList } from './WarningList.jsx';

const PARALLEL_WARNINGS = ['kv_heads_not_divisible_by_tp', 'kv_replicated_across_tp', 'layers_not_divisible_by_pp', 'batch_not_divisible_by_micro_batches'];

function Tensor({ report: r }) {
  if (!r.tp) return <p>Tensor parallelism is off (tp = 1): no AllReduce between GPUs.</p>;
  return (
    <div class="sub-block">
      <h3>Tensor parallelism, tp = {r.config.tp}</h3>
      <p>
        Each decode step moves at least{' '}
        <Num testid="tp.allreduce_bytes_per_gpu" value={r.tp.allreduce_bytes_per_gpu} format={(v) => f.si(v, 'B')} /> per GPU through
        AllReduce (ideal ring, two per layer). This is a lower bound on the traffic and is <strong>not</strong> in the step
        time: divide it by your interconnect's bandwidth to see what it adds.
      </p>
      <Explain of={explain.allreduce} report={r} />
      {r.tp.kv_share_per_gpu !== undefined && (
        <p>
          Each GPU keeps <Num testid="tp.kv_share_per_gpu" value={r.tp.kv_share_per_gpu} format={f.percent} /> of every request's KV cache
          {r.model.mla ? ' (latent attention: the latent is not split by tp).' : '.'}
        </p>
      )}
    </div>
  );
}

function Pipeline({ report: r }) {
  if (!r.pp) return <p>Pipeline parallelism is off (pp = 1).</p>;
  const p = r.pp;
  const slower = p.speedup_vs_one_gpu < 1;
  return (
    <div class="sub-block">
      <h3>Pipeline, pp = {r.config.pp}, {f.integer(p.micro_batches)} micro-batches</h3>
      {slower && (
        <p class="callout bad" data-testid="pp-slower" role="note">
          <strong>This pipeline is slower than one GPU</strong> running the whole batch ({f.times(p.speedup_vs_one_gpu)}): each
          micro-batch re-reads every stage's weights. Use fewer micro-batches, or tensor parallelism.
        </p>
      )}
      <dl class="figures">
        <div>
          <dt>Bubble (idle share of the drain)</dt>
          <dd><Num testid="pp.bubble" value={p.bubble} format={f.percent} /></dd>
          <dd class="explain-cell"><Explain of={explain.bubble} report={r} /></dd>
        </div>
        <div>
          <dt>Speedup over one GPU</dt>
          <dd><Num testid="pp.speedup_vs_one_gpu" value={p.speedup_vs_one_gpu} format={f.times} /></dd>
          <dd class="explain-cell"><Explain of={explain.speedup} report={r} /></dd>
        </div>
        {r.fits && (
          <>
            <div>
              <dt>Stage time</dt>
              <dd><Num testid="pp.stage_ms" value={p.stage_ms} format={f.ms} /></dd>
            </div>
            <div>
              <dt>Drain (the decode step)</dt>
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
      <h2 id="par-h">Parallelism</h2>
      <Pipeline report={r} />
      <Tensor report={r} />
      <WarningList warnings={r.warnings} only={PARALLEL_WARNINGS} testid="parallel-warnings" />
    </section>
  );
}
