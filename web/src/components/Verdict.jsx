import * as f from '../format.js';
import { gpuName, modelName } from '../names.js';
import { errorText, t, tx } from '../i18n/index.js';
import { Num } from './Num.jsx';
import { KeyFigures } from './KeyFigures.jsx';
import { Expected } from './Expected.jsx';
import { SpeculativeSlot } from './SpeculativeSlot.jsx';
import { RemedyList, RemedyRow } from './RemedyList.jsx';
import { WarningList } from './WarningList.jsx';
import { EstimateVerdict } from './EstimateSlot.jsx';

const CLASS = { fits: 'ok', tight: 'tight', refused: 'bad' };

/** The core's level; older reports without one are fits or refused. */
export function levelOf(r) {
  return r.level ?? (r.fits ? 'fits' : 'refused');
}

/** The setup in one line and its detail, as text (the verdict's heading, the report's title). */
export function setupText(app, r) {
  // Disaggregated: the deployment is both pools (its tp and pp below are the decode pool's).
  const d = r.disaggregation;
  const gpus = d?.prefill_gpus ? d.prefill_gpus + d.decode_gpus : r.memory.gpus;
  const c = r.config;
  return {
    head: t('setup.on', { model: modelName(app), gpus: f.integer(gpus), gpu: gpuName(app) }),
    detail: t('setup.detail', {
      precision: c.precision, experts: c.expert_precision, kv: c.kv_precision, seq: f.integer(c.seq),
      batch: f.integer(c.batch), batchN: c.batch, tp: c.tp, pp: c.pp, gpus,
    }),
  };
}

function Setup({ app, report: r }) {
  const { head, detail } = setupText(app, r);
  return (
    <>
      {head}
      {/* The space keeps head and detail apart in the text (the report's title, a screen reader); the block hides it. */}
      <span class="setup-detail"> {detail}</span>
    </>
  );
}

function Refusal({ report: r }) {
  // Refused by a disaggregated deployment's prefill pool: its figures (one prompt on prefill_tp GPUs), as the shortfall is.
  const d = r.disaggregation;
  const p = d?.refused_pool === 'prefill';
  const m = p ? { ...r.memory, ...d.prefill_pool } : r.memory;
  const short = <Num testid="memory.shortfall_gib" value={m.shortfall_gib} format={f.gib} />;
  const max = <Num testid="memory.max_batch" value={m.max_batch} format={f.integer} />;
  if (r.verdict === 'host_ram_does_not_fit') {
    return <p class="reason">{tx('refusal.host', { host: f.gib(r.offload.host_gib), ram: f.gib(r.offload.ram_gib), short })}</p>;
  }
  if (r.verdict === 'weights_do_not_fit') {
    return <p class="reason">{tx('refusal.weights', { weights: f.gib(m.weights_gib_per_gpu), vram: f.capacity(r.gpu.vram_gib), short, max })}</p>;
  }
  return (
    <p class="reason">
      {tx('refusal.kv', {
        weights: f.gib(m.weights_gib_per_gpu), free: f.gib(m.free_gib_per_gpu), batch: f.integer(p ? 1 : r.config.batch), batchN: p ? 1 : r.config.batch,
        seq: f.integer(p ? d.prompt_tokens : r.config.seq), kv: f.gib(m.kv_gib_per_gpu), short,
      })}
      {tx('refusal.max', { max, maxN: m.max_batch })}
    </p>
  );
}

function Realistic({ report: r }) {
  const m = r.memory;
  if (m.max_batch_realistic === undefined) return null;
  return <>{t('sep.sentence')}{tx('fit.realistic', { max: <Num testid="memory.max_batch_realistic" value={m.max_batch_realistic} format={f.integer} /> })}</>;
}

function Fit({ report: r, tight }) {
  const m = r.memory;
  const missing = m.realistic?.missing_gib;
  const args = { weights: f.gib(m.weights_gib_per_gpu), kv: f.gib(m.kv_gib_per_gpu), vram: f.capacity(r.gpu.vram_gib) };
  return (
    <p class="reason">
      {tight
        ? tx('fit.tight', { ...args, missing: missing !== undefined ? <Num testid="memory.realistic.missing_gib" value={missing} format={f.gib} /> : undefined })
        : t('fit.plain', args)}{t('sep.sentence')}
      {tx('fit.max', { seq: f.integer(r.config.seq), max: <Num testid="memory.max_batch" value={m.max_batch} format={f.integer} /> })}
      <Realistic report={r} />
    </p>
  );
}

// vLLM's start check on unified memory (why start_free: its pool of the CUDA total above what is free when it starts)
// reaches the page as the core's input error, yet to a user it is a deployment that cannot run: said so, with the two
// ways out that start it (the largest fraction the check passes, or an engine that fills what is free) and no figure.
function NoStart({ app, error }) {
  const largest = error.values?.largest;
  const ways = [
    ['lower_pool_fraction', t('error.noStart.pool', { largest }), [['pool_fraction', largest]]],
    ['engine_takes_free', t('error.noStart.engine'), [['engine', 'sglang']]],
  ];
  return (
    <section class="verdict bad" data-testid="verdict" data-state="error" data-verdict="engine_does_not_start" data-level="refused" aria-labelledby="verdict-word">
      <p class="verdict-word" id="verdict-word" aria-live="polite">{t('error.noStart')}</p>
      <h2 data-testid="error-message" data-code={error.code} data-why={error.why}>{errorText(error, undefined, app.values.value)}</h2>
      <div class="remedies">
        <h3>{t('error.noStart.ways')}</h3>
        <ul data-testid="remedies">
          {ways.map(([code, text, pairs]) => <RemedyRow key={code} app={app} code={code} text={text} pairs={pairs} />)}
        </ul>
      </div>
    </section>
  );
}

export function Verdict({ app }) {
  const r = app.report.value;
  if (r.error?.why === 'start_free' && r.error.values?.largest) return <NoStart app={app} error={r.error} />;
  if (r.error) {
    return (
      <section class="verdict error" data-testid="verdict" data-state="error" aria-labelledby="verdict-word">
        <p class="verdict-word" id="verdict-word" aria-live="polite">{t('verdict.check')}</p>
        <h2 data-testid="error-message" data-code={r.error.code} data-why={r.error.why}>{errorText(r.error, undefined, app.values.value)}</h2>
        {/* An input the full module reads (why full_module) is not at fault: no field is marked (state.js). */}
        <p class="reason">{r.error.field && r.error.why !== 'full_module' ? t('verdict.fieldMarked') : ''}{t('verdict.nothing')}</p>
      </section>
    );
  }
  if (r.estimate) return <EstimateVerdict app={app} estimate={r.estimate} />;
  const level = levelOf(r);
  return (
    <section
      class={`verdict ${CLASS[level] ?? 'bad'}`}
      data-testid="verdict"
      data-fits={String(r.fits)}
      data-verdict={r.verdict}
      data-level={level}
      aria-labelledby="verdict-word"
    >
      <p class="verdict-word" id="verdict-word" aria-live="polite" elementtiming="verdict">{CLASS[level] ? t(`level.${level}`) : r.verdict}</p>
      <h2><Setup app={app} report={r} /></h2>
      {r.fits ? <Fit report={r} tight={level === 'tight'} /> : <Refusal report={r} />}
      {/* What you will get leads: the engine's expected figures; the roofline floors, the bounds beside them, follow. */}
      {r.fits && r.realistic && <Expected report={r} />}
      {r.fits && r.decode && <KeyFigures report={r} floors={Boolean(r.realistic)} />}
      {r.fits && r.speculative && <SpeculativeSlot report={r} />}
      <RemedyList app={app} remedies={r.remedies ?? []} tight={level === 'tight'} />
      <WarningList warnings={r.warnings ?? []} report={r} testid="warnings" />
    </section>
  );
}
