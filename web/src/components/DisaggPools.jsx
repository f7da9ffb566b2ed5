// Prefill/decode disaggregation (issue 37, item 4 on the page): the two pools side by side (their GPUs,
// parallelism, memory per GPU and fit; tokens/s per GPU), the KV a request moves between them and its time on
// the link, the disaggregated TTFT (floor and realistic, each labelled) and, given a workload, the balance of
// the pools. Every figure is the report's `disaggregation` section (core/src/disaggregation.c,
// docs/scale-out.md), each element's data-testid its JSON path, a figure shown again names its path in
// data-of. A refused pool: which one, why, its shortfall and the ways out, and no time anywhere.
import * as f from '../format.js';
import { Num } from './Num.jsx';
import { RemedyList } from './RemedyList.jsx';
import { t, tx } from '../i18n/index.js';

const D = 'disaggregation';
const num = (path, value, format) => <Num testid={`${D}.${path}`} value={value} format={format} />;
const gpusText = (v) => f.integer(v);

/**
 * The prefill instance's layout as the core sets it (docs/scale-out.md, "Prefill/decode disaggregation"):
 * prefill_tp GPUs, pp 1, tensor-parallel attention, and ep over them when the decode pool runs ep and P > 1.
 */
function prefillParallel(r, d) {
  const p = num('prefill_tp', d.prefill_tp, gpusText);
  return r.config.ep > 1 && d.prefill_tp > 1 ? <>tp {p} · ep {f.integer(d.prefill_tp)}</> : <>tp {p}</>;
}

/** The decode instance's layout: the report's own config (tp, pp, ep, dp_attention). */
function decodeParallel(c) {
  const parts = [`tp ${f.integer(c.tp)}`];
  if (c.pp > 1) parts.push(`pp ${f.integer(c.pp)}`);
  if (c.ep > 1) parts.push(`ep ${f.integer(c.ep)}`);
  if (c.dp_attention > 1) parts.push(`${t('topo.pd.dp')} ${f.integer(c.dp_attention)}`);
  return parts.join(' · ');
}

function Fit({ fits, testid, of, value }) {
  return (
    <p class={fits ? 'pd-fit ok' : 'pd-fit bad'} data-testid={testid} data-of={of} data-value={value}>
      {fits ? t('level.fits') : t('topo.pd.cantRun')}
    </p>
  );
}

function Pool({ which, refused, children }) {
  return (
    <div class={refused ? 'pd-pool refused' : 'pd-pool'} data-testid={`${D}.${which}_pool`} data-refused={String(refused)}>
      <h3>{t(`topo.pd.${which}`)}</h3>
      {children}
    </div>
  );
}

function PrefillPool({ report: r, d }) {
  const p = d.prefill_pool;
  const refused = d.refused_pool === 'prefill';
  return (
    <Pool which="prefill" refused={refused}>
      <p>{tx('topo.pd.gpus', { n: num('prefill_instances', d.prefill_instances, f.integer), gpus: num('prefill_gpus', d.prefill_gpus, gpusText) })}</p>
      <p>{t('topo.pd.parallel')} {prefillParallel(r, d)}</p>
      <p>
        {tx('topo.pd.memPrefill', {
          weights: num('prefill_pool.weights_gib_per_gpu', p.weights_gib_per_gpu, f.gib),
          kv: num('prefill_pool.kv_gib_per_gpu', p.kv_gib_per_gpu, f.gib),
          free: num('prefill_pool.free_gib_per_gpu', p.free_gib_per_gpu, f.gib),
          prompt: f.integer(d.prompt_tokens),
        })}
      </p>
      <Fit fits={p.verdict === 'fits'} testid={`${D}.prefill_pool.verdict`} value={p.verdict} />
      {d.prefill_tokens_per_s_per_gpu !== undefined && (
        <p>
          {t('topo.pd.prefillTps')} {t('topo.pd.floor')} {num('prefill_tokens_per_s_per_gpu', d.prefill_tokens_per_s_per_gpu, f.tokensPerS)}
          {d.realistic && <>{t('topo.pd.sep')}{t('topo.pd.expected')} {num('realistic.prefill_tokens_per_s_per_gpu', d.realistic.prefill_tokens_per_s_per_gpu, f.tokensPerS)}</>}
        </p>
      )}
    </Pool>
  );
}

function DecodePool({ report: r, d }) {
  const m = r.memory;
  const refused = d.refused_pool === 'decode';
  // Refused by the prefill pool, the decode pool itself fitted (the core checks it first); its own word is the report's level.
  const fits = refused ? false : true;
  return (
    <Pool which="decode" refused={refused}>
      <p>{tx('topo.pd.gpusDecode', { n: num('decode_instances', d.decode_instances, f.integer), per: f.integer(m.gpus), gpus: num('decode_gpus', d.decode_gpus, gpusText) })}</p>
      <p>{t('topo.pd.parallel')} {decodeParallel(r.config)}</p>
      <p>
        {tx('topo.pd.memDecode', {
          weights: <Num of="memory.weights_gib_per_gpu" value={m.weights_gib_per_gpu} format={f.gib} />,
          kv: <Num of="memory.kv_gib_per_gpu" value={m.kv_gib_per_gpu} format={f.gib} />,
          free: <Num of="memory.free_gib_per_gpu" value={m.free_gib_per_gpu} format={f.gib} />,
        })}
      </p>
      <Fit fits={fits} of={d.refused_pool === 'prefill' ? undefined : 'level'} value={d.refused_pool === 'prefill' ? 'fits' : r.level} />
      {d.decode_tokens_per_s_per_gpu !== undefined && (
        <p>
          {t('topo.pd.decodeTps')} {t('topo.pd.floor')} {num('decode_tokens_per_s_per_gpu', d.decode_tokens_per_s_per_gpu, f.tokensPerS)}
          {d.realistic && <>{t('topo.pd.sep')}{t('topo.pd.expected')} {num('realistic.decode_tokens_per_s_per_gpu', d.realistic.decode_tokens_per_s_per_gpu, f.tokensPerS)}</>}
        </p>
      )}
    </Pool>
  );
}

function Balance({ b, path, label }) {
  return (
    <li data-testid={`${D}.${path}`}>
      <strong>{label}</strong>{' '}
      {tx('topo.pd.balance', {
        ratio: num(`${path}.prefill_gpus_per_decode_gpu`, b.prefill_gpus_per_decode_gpu, (v) => f.fixed(v, 2)),
        pi: num(`${path}.prefill_instances_needed`, b.prefill_instances_needed, f.integer),
        di: num(`${path}.decode_instances_needed`, b.decode_instances_needed, f.integer),
        sustained: num(`${path}.sustained_requests_per_s`, b.sustained_requests_per_s, (v) => f.significant(v, 3)),
        pool: (
          <span data-testid={`${D}.${path}.limited_by`} data-value={b.limited_by}>{t(`topo.pd.${b.limited_by}Short`)}</span>
        ),
      })}
    </li>
  );
}

export function DisaggPools({ app, report: r }) {
  const d = r.disaggregation;
  if (!d) return null;
  const refused = d.refused_pool;
  return (
    <section class="panel pd" aria-labelledby="pd-h" data-testid={D}>
      <h2 id="pd-h">{t('topo.pd.title')}</h2>
      {refused && (
        <div class="pd-refusal" data-testid={`${D}.refused_pool`} data-value={refused}>
          <p class="reason">
            <strong>{t('topo.pd.cantRun')}</strong>{' '}
            {t(`topo.pd.refused.${refused}`)}{' '}
            {t(`compare.reason.${r.verdict}`)} <Num of="memory.shortfall_gib" value={r.memory.shortfall_gib} format={f.gib} />
          </p>
          <RemedyList app={app} remedies={r.remedies ?? []} testid={`${D}.remedies`} />
        </div>
      )}
      <div class="pd-pools">
        <PrefillPool report={r} d={d} />
        <DecodePool report={r} d={d} />
      </div>
      <p>
        {tx('topo.pd.kv', {
          bytes: num('kv_bytes_per_request', d.kv_bytes_per_request, (v) => f.si(v, 'B')),
          prompt: num('prompt_tokens', d.prompt_tokens, f.integer),
          link: <span data-testid={`${D}.link`} data-value={d.link}>{d.link}</span>,
          gbs: num('link_gbs', d.link_gbs, (v) => `${f.integer(v)} GB/s`),
          sent: num('kv_share_sent_per_gpu', d.kv_share_sent_per_gpu, f.percent),
          received: num('kv_share_received_per_gpu', d.kv_share_received_per_gpu, f.percent),
        })}
        {d.transfer_ms !== undefined && <>{' '}{tx('topo.pd.transfer', { ms: num('transfer_ms', d.transfer_ms, f.ms) })}</>}
      </p>
      {d.ttft_ms !== undefined && (
        <ul class="pd-ttft">
          <li>
            <strong>{t('topo.pd.ttftFloor')}</strong>{' '}
            {tx('topo.pd.ttft', {
              ttft: num('ttft_ms', d.ttft_ms, f.ms),
              prefill: num('prefill_ms', d.prefill_ms, f.ms),
              transfer: <Num of={`${D}.transfer_ms`} value={d.transfer_ms} format={f.ms} />,
              step: <Num of="decode.step_ms" value={r.decode.step_ms} format={f.ms} />,
            })}
          </li>
          {d.realistic && r.realistic && (
            <li>
              <strong>{t('topo.pd.ttftExpected')}</strong>{' '}
              {tx('topo.pd.ttft', {
                ttft: num('realistic.ttft_ms', d.realistic.ttft_ms, f.ms),
                prefill: num('realistic.prefill_ms', d.realistic.prefill_ms, f.ms),
                transfer: <Num of={`${D}.transfer_ms`} value={d.transfer_ms} format={f.ms} />,
                step: <Num of="realistic.step_ms" value={r.realistic.step_ms} format={f.ms} />,
              })}
            </li>
          )}
        </ul>
      )}
      {d.balance ? (
        <>
          <p>
            {tx('topo.pd.rate', {
              rate: num('balance.requests_per_s', d.balance.requests_per_s, (v) => f.significant(v, 3)),
              output: num('output_tokens', d.output_tokens, f.integer),
            })}
          </p>
          <ul class="pd-balance">
            <Balance b={d.balance} path="balance" label={t('topo.pd.floor')} />
            {d.realistic?.balance && <Balance b={d.realistic.balance} path="realistic.balance" label={t('topo.pd.expected')} />}
          </ul>
        </>
      ) : (
        !refused && <p class="hint">{t('topo.pd.noRate')}</p>
      )}
      <p class="hint">{t('topo.pd.assumes')}</p>
    </section>
  );
}
