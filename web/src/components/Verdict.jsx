import * as f from '../format.js';
import { gpuName, modelName, plural } from '../names.js';
import { Num } from './Num.jsx';
import { KeyFigures } from './KeyFigures.jsx';
import { Expected } from './Expected.jsx';
import { RemedyList } from './RemedyList.jsx';
import { WarningList } from './WarningList.jsx';
import { Estimate } from './Estimate.jsx';

const WORD = { fits: 'Fits', tight: 'Fits, but tight', refused: 'Does not fit' };
const CLASS = { fits: 'ok', tight: 'tight', refused: 'bad' };

/** The core's level; older reports without one are fits or refused. */
export function levelOf(r) {
  return r.level ?? (r.fits ? 'fits' : 'refused');
}

function Setup({ app, report: r }) {
  const gpus = r.memory.gpus;
  const c = r.config;
  return (
    <>
      {modelName(app)} on {f.integer(gpus)} × {gpuName(app)}
      <span class="setup-detail">
        {c.precision} weights{c.expert_precision ? ` (${c.expert_precision} experts)` : ''}, {c.kv_precision} KV,{' '}
        {f.integer(c.seq)} tokens × {f.integer(c.batch)} {plural(c.batch, 'request')}
        {gpus > 1 ? `, tp ${c.tp} × pp ${c.pp}` : ''}
      </span>
    </>
  );
}

function Refusal({ report: r }) {
  const m = r.memory;
  const short = <Num testid="memory.shortfall_gib" value={m.shortfall_gib} format={f.gib} />;
  if (r.verdict === 'weights_do_not_fit') {
    return (
      <p class="reason">
        The weights alone need {f.gib(m.weights_gib_per_gpu)} per GPU and a GPU has {f.capacity(r.gpu.vram_gib)}: {short} short per GPU.
        Not even one request fits (max batch <Num testid="memory.max_batch" value={m.max_batch} format={f.integer} />).
      </p>
    );
  }
  return (
    <p class="reason">
      The weights fit ({f.gib(m.weights_gib_per_gpu)} per GPU, leaving {f.gib(m.free_gib_per_gpu)} for the KV cache), but{' '}
      {f.integer(r.config.batch)} {plural(r.config.batch, 'request')} of {f.integer(r.config.seq)} tokens need {f.gib(m.kv_gib_per_gpu)} of KV per GPU: {short} short.
      {m.max_batch >= 1 ? ' At most ' : ' '}
      <Num testid="memory.max_batch" value={m.max_batch} format={f.integer} />
      {m.max_batch >= 1 ? ` ${plural(m.max_batch, 'request')} of this length fit.` : ' requests of this length fit: not even one.'}
    </p>
  );
}

function Realistic({ report: r }) {
  const m = r.memory;
  if (m.max_batch_realistic === undefined) return null;
  return (
    <>
      {' '}Within the engine's realistic budget:{' '}
      <Num testid="memory.max_batch_realistic" value={m.max_batch_realistic} format={f.integer} />.
    </>
  );
}

function Fit({ report: r, tight }) {
  const m = r.memory;
  const missing = m.realistic?.missing_gib;
  return (
    <p class="reason">
      {tight ? (
        <>
          Weights + KV fit in memory ({f.gib(m.weights_gib_per_gpu)} + {f.gib(m.kv_gib_per_gpu)} of {f.capacity(r.gpu.vram_gib)} per GPU),
          but not in what a serving engine really has: after its pool limit and runtime reserve the KV cache is{' '}
          {missing !== undefined ? <Num testid="memory.realistic.missing_gib" value={missing} format={f.gib} /> : 'some'} short.
        </>
      ) : (
        <>Weights {f.gib(m.weights_gib_per_gpu)} + KV {f.gib(m.kv_gib_per_gpu)} of {f.capacity(r.gpu.vram_gib)} per GPU.</>
      )}{' '}
      Largest batch of {f.integer(r.config.seq)}-token requests: <Num testid="memory.max_batch" value={m.max_batch} format={f.integer} /> by the memory floor.
      <Realistic report={r} />
    </p>
  );
}

export function Verdict({ app }) {
  const r = app.report.value;
  if (r.error) {
    return (
      <section class="verdict error" data-testid="verdict" data-state="error" aria-labelledby="verdict-word">
        <p class="verdict-word" id="verdict-word" aria-live="polite">Check the input</p>
        <h2 data-testid="error-message">{r.error.message}</h2>
        <p class="reason">{r.error.field ? 'The field is marked in the form. ' : ''}Nothing is computed until the input is valid.</p>
      </section>
    );
  }
  if (r.estimate) return <Estimate app={app} estimate={r.estimate} />;
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
      <p class="verdict-word" id="verdict-word" aria-live="polite">{WORD[level] ?? r.verdict}</p>
      <h2><Setup app={app} report={r} /></h2>
      {r.fits ? <Fit report={r} tight={level === 'tight'} /> : <Refusal report={r} />}
      {r.fits && r.decode && <KeyFigures report={r} />}
      {r.fits && r.realistic && <Expected report={r} />}
      <RemedyList app={app} remedies={r.remedies ?? []} tight={level === 'tight'} />
      <WarningList warnings={r.warnings ?? []} testid="warnings" />
    </section>
  );
}
