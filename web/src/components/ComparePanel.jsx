// The Compare view: setup A (the form) and up to two more side by side, each with
// its own inputs (the field components, prefixed) and the core's figures for it.
// data-testids follow the CLI's `--compare --json` paths: a figure of setup i is
// compare.<i>.<report path> (compare.1.decode.step_ms), an input of setup i is
// compare.<i>.<request key> (compare.1.gpu). A figure that differs from A's
// carries data-differs="true" and a visible ≠ with its ratio to A. A setup that
// does not fit shows its reason and shortfall and "can't run" in place of every
// time, speed and cost: no element for them.
import * as f from '../format.js';
import { CUSTOM, FIELD, KV_PRECISIONS, PARAMS, PRECISIONS } from '../inputs.js';
import { SETUP_NAMES } from '../url-codec.js';
import { inputsAsRead, workloadSetsContext } from '../request.js';
import { errorText, remedyText, t } from '../i18n/index.js';
import { levelOf } from './Verdict.jsx';
import { Num } from './Num.jsx';
import { SelectField } from './SelectField.jsx';
import { TextField } from './TextField.jsx';
import { gpuOptions } from './GpuField.jsx';
import { engineChoice } from '../names.js';

const usd = (v) => `$${f.significant(v, 4)}`;
const plain = (options) => options.map((v) => ({ value: v, label: v }));

/** The figures compared, by report path (the CLI's rows, core/cli/compare.c); timing: none for a refusal. */
const FIGURES = [
  { path: 'memory.gpus', label: 'compare.gpus', format: f.integer },
  { path: 'memory.weights_gib_per_gpu', label: 'compare.weights', format: f.gib },
  { path: 'memory.kv_gib_per_gpu', label: 'compare.kv', format: f.gib },
  { path: 'memory.max_batch', label: 'compare.maxBatch', format: f.integer },
  { path: 'estimate.weights_gib', label: 'compare.estWeights', format: f.gib },
  { path: 'estimate.gpus_needed', label: 'compare.estGpus', format: f.integer },
  { path: 'estimate.gpus', label: 'compare.estGiven', format: f.integer },
  { path: 'decode.step_ms', label: 'compare.step', format: f.ms, timing: true },
  { path: 'decode.tokens_per_s', label: 'compare.tps', format: f.tokensPerS, timing: true },
  { path: 'realistic.step_ms', label: 'compare.realStep', format: f.ms, timing: true },
  { path: 'realistic.tokens_per_s', label: 'compare.realTps', format: f.tokensPerS, timing: true },
  { path: 'prefill.ttft_ms', label: 'compare.ttft', format: f.ms, timing: true },
  { path: 'realistic.ttft_ms', label: 'compare.realTtft', format: f.ms, timing: true },
  { path: 'cost.workload.tokens_per_s_user', label: 'compare.userTps', format: f.tokensPerS, timing: true },
  { path: 'cost.buy.usd_per_mtok_out', label: 'compare.buy', format: usd, timing: true },
  { path: 'cost.cloud.usd_per_mtok_out', label: 'compare.cloud', format: usd, timing: true },
];

const at = (r, path) => path.split('.').reduce((o, k) => (o && typeof o === 'object' ? o[k] : undefined), r);
/** A setup that has no times: an error, the size-only estimate, or a refusal. */
const cannotRun = (r) => Boolean(r.error || r.estimate || !r.fits);

/** ≠ and the ratio to A, on a cell that differs from A's. */
function Differs({ value, base }) {
  const ratio = typeof value === 'number' && typeof base === 'number' && base !== 0 ? ` ${f.times(value / base)}` : '';
  return <span class="differs-mark" title={t('compare.differs')}>{' ≠'}{ratio}<span class="visually-hidden">{t('compare.differs')}</span></span>;
}

function FigureCell({ index, row, report: r, base }) {
  if (row.timing && cannotRun(r)) return <td class="cant">{r.error || r.estimate ? '—' : t('compare.cantRun')}</td>;
  const value = at(r, row.path);
  if (value === undefined) return <td>—</td>;
  const baseValue = row.timing && cannotRun(base) ? undefined : at(base, row.path);
  const differs = index > 0 && value !== baseValue;
  return (
    <td data-differs={differs ? 'true' : undefined} class={differs ? 'differs' : undefined}>
      <Num testid={`compare.${index}.${row.path}`} value={value} format={row.format} />
      {differs && <Differs value={value} base={baseValue} />}
    </td>
  );
}

/** A setup's ways out, as the verdict lists them (the full analysis's, or a size-only estimate's). */
function Ways({ index, report: r, remedies }) {
  if (!remedies?.length) return null;
  return (
    <ul class="ways" data-testid={`compare.${index}.${r.estimate ? 'estimate.' : ''}remedies`}>
      {remedies.map((x) => (
        <li key={x.code} data-code={x.code} data-value={String(x.value)}>{remedyText(x, r)}</li>
      ))}
    </ul>
  );
}

/** A size-only setup, in the main view's words: an estimate whose weights fit on the GPUs given, or a refusal. */
function EstimateCell({ index, report: r, base }) {
  const e = r.estimate;
  const differs = index > 0 && (!base.estimate || base.estimate.fits !== e.fits);
  if (e.fits) {
    return (
      <td data-differs={differs ? 'true' : undefined} class={differs ? 'differs' : undefined}>
        <strong>{t('est.word')}</strong>
        {differs && <Differs />}
        <p class="reason" data-testid={`compare.${index}.estimate.fits`} data-value="true">{t('est.givenFits', { gpus: f.integer(e.gpus), gpusN: e.gpus })}</p>
      </td>
    );
  }
  return (
    <td data-differs={differs ? 'true' : undefined} class={`${differs ? 'differs ' : ''}bad`}>
      <strong data-testid={`compare.${index}.estimate.fits`} data-value="false">{t('level.refused')}</strong>
      {differs && <Differs />}
      <p class="reason">
        {t('compare.reason.weights_do_not_fit')}{' '}
        <Num testid={`compare.${index}.estimate.shortfall_gib`} value={e.shortfall_gib} format={f.gib} />
      </p>
      <Ways index={index} report={r} remedies={e.remedies} />
    </td>
  );
}

function VerdictCell({ index, report: r, base, values }) {
  if (r.error) {
    return (
      <td class="bad" data-testid={`compare.${index}.error`} data-code={r.error.code}>
        <strong>{t('verdict.check')}</strong> {errorText(r.error, undefined, values)}
      </td>
    );
  }
  if (r.estimate) return <EstimateCell index={index} report={r} base={base} />;
  const level = levelOf(r);
  const differs = index > 0 && (base.error || base.estimate || levelOf(base) !== level);
  return (
    <td data-differs={differs ? 'true' : undefined} class={`${differs ? 'differs ' : ''}${level === 'refused' ? 'bad' : level}`}>
      <strong><Num testid={`compare.${index}.level`} value={level} format={(v) => t(`level.${v}`)} /></strong>
      {differs && <Differs />}
      {!r.fits && (
        <p class="reason" data-testid={`compare.${index}.verdict`} data-value={r.verdict}>
          {t(`compare.reason.${r.verdict}`)}{' '}
          <Num testid={`compare.${index}.memory.shortfall_gib`} value={r.memory.shortfall_gib} format={f.gib} />
        </p>
      )}
      {/* A setup that cannot run says so with its ways out, as the verdict does. */}
      {!r.fits && <Ways index={index} report={r} remedies={r.remedies} />}
    </td>
  );
}

/** A setup's input as its analysis read it: with a workload, the context is the one the workload set. */
const asRead = (s, name) => String(inputsAsRead(s.values.value, s.report.value)[name] ?? '');

/** One input row: A's value as text (its input is the form), each other setup's own field. */
function InputRow({ setups, name, label, field }) {
  const base = asRead(setups[0], name);
  return (
    <tr class="compare-input">
      <th scope="row">{label}</th>
      {setups.map((s, i) => {
        const differs = i > 0 && asRead(s, name) !== base;
        return (
          <td key={i} data-differs={differs ? 'true' : undefined} class={differs ? 'differs' : undefined}>
            {i === 0 ? <span>{(field.shown ? field.shown(s, base) : base) || '—'}</span> : field(s, `compare.${i}.`, `${SETUP_NAMES[i]}: ${label}`)}
            {differs && <Differs />}
          </td>
        );
      })}
    </tr>
  );
}

function modelOptions(app, value) {
  const presets = app.presets.models.map((m) => ({ value: m.id, label: m.name }));
  // A setup copied from A's own config.json or size keeps that choice; a column cannot start one.
  if (value === CUSTOM) presets.push({ value: CUSTOM, label: t('model.ownConfig') });
  if (value === PARAMS) presets.push({ value: PARAMS, label: t('model.onlySize') });
  return presets;
}

/** The label of `value` among options ([{value, label}] or groups [{group, options}]); undefined when none has it. */
const optionLabel = (options, value) =>
  options.flatMap((o) => (o.options ? o.options : [o])).find((o) => String(o.value) === value)?.label;

const select = (name, options) => {
  const list = (s) => (typeof options === 'function' ? options(s) : options);
  const field = (s, prefix, label) => <SelectField app={s} name={name} prefix={prefix} label={label} options={list(s)} />;
  // Setup A's value as text, worded as its select words it (the model's and the GPU's names), not its code.
  field.shown = (s, value) => optionLabel(list(s), value) ?? value;
  return field;
};
const text = (name) => (s, prefix, label) => (
  <TextField app={s} name={name} prefix={prefix} label={label} value={name === 'seq' && workloadSetsContext(s.values.value) ? asRead(s, name) : undefined} />
);

export function ComparePanel({ app, compare }) {
  const columns = compare.columns.value;
  if (columns.length === 0) return null;
  const setups = [app, ...columns];
  const reports = setups.map((s) => s.report.value);
  const base = reports[0];
  const inputs = [
    ['model', t('model.label'), select('model', (s) => modelOptions(s, s.inputs.model.value))],
    ['gpu', t('gpu.label'), select('gpu', gpuOptions(app.presets.gpus))],
    ['precision', t('form.weights'), select('precision', plain(PRECISIONS))],
    ['kv_precision', t('form.kvCache'), select('kv_precision', plain(KV_PRECISIONS))],
    ['seq', t('form.seq'), text('seq')],
    ['batch', t('form.batch'), text('batch')],
    ['tp', t('form.tp'), text('tp')],
    ['pp', t('form.pp'), text('pp')],
    ['engine', t('engine.select'), select('engine', FIELD.engine.choices.map((v) => ({ value: v, label: engineChoice(v) })))],
  ];
  // A cost or estimate row no setup has (no workload, no size-only model) is left out.
  const rows = FIGURES.filter((row) => !/^(cost|estimate)\./.test(row.path) || reports.some((r) => at(r, row.path) !== undefined));
  return (
    <section class="panel compare" id="compare" data-testid="compare" aria-labelledby="compare-h">
      <h2 id="compare-h">{t('compare.title')}</h2>
      <p class="hint">{t('compare.hint')}</p>
      <div class="compare-scroll">
        <table class="compare-table">
          <thead>
            <tr>
              <th scope="col">{t('compare.figure')}</th>
              {setups.map((s, i) => (
                <th scope="col" key={i} data-testid={`compare.${i}`} data-level={reports[i].error ? 'error' : levelOf(reports[i])}>
                  {t('compare.setup', { name: SETUP_NAMES[i] })}
                  {i > 0 && (
                    <button type="button" class="quiet small" data-testid={`compare.${i}.remove`} onClick={() => compare.remove(i - 1)}>
                      {t('compare.remove', { name: SETUP_NAMES[i] })}
                    </button>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {inputs.map(([name, label, field]) => <InputRow key={name} setups={setups} name={name} label={label} field={field} />)}
            <tr>
              <th scope="row">{t('compare.verdict')}</th>
              {reports.map((r, i) => <VerdictCell key={i} index={i} report={r} base={base} values={setups[i].values.value} />)}
            </tr>
            {rows.map((row) => (
              <tr key={row.path}>
                <th scope="row">{t(row.label)}</th>
                {reports.map((r, i) => <FigureCell key={i} index={i} row={row} report={r} base={base} />)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p class="caveat">{t('compare.legend')}</p>
    </section>
  );
}
