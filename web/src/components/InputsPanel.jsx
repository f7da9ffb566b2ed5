import { KV_PRECISIONS, MOE_READS, PRECISIONS } from '../inputs.js';
import { ModelSelect, ModelSource } from './ModelField.jsx';
import { CheckpointField } from './CheckpointField.jsx';
import { ConfigField } from './ConfigField.jsx';
import { ParamsField } from './ParamsField.jsx';
import { GpuDetails, GpuSelect } from './GpuField.jsx';
import { SelectField } from './SelectField.jsx';
import { TextField } from './TextField.jsx';
import { EngineFields, EngineSelect } from './EngineFields.jsx';
import { OffloadFields } from './OffloadFields.jsx';
import { ScaleOutFields } from './ScaleOutFields.jsx';
import { HfFetch } from './HfFetch.jsx';
import { t } from '../i18n/index.js';
import { workloadSetsContext } from '../request.js';
import { WorkloadFields } from './WorkloadFields.jsx';

const PRECISION_OPTIONS = PRECISIONS.map((p) => ({ value: p, label: p }));
const KV_OPTIONS = KV_PRECISIONS.map((p) => ({ value: p, label: p }));
const moeOptions = () => [
  { value: 'union', label: t('form.union') },
  { value: 'distinct', label: t('form.distinct') },
].filter((o) => MOE_READS.includes(o.value));

/** What "auto" resolved to, as the core reports it (its own component: it follows the report). */
function Resolved({ app, kind }) {
  const config = app.report.value.config;
  if (!config) return null;
  if (kind === 'precision') {
    const from = t({ checkpoint: 'form.fromCheckpoint', default: 'form.fromDefault' }[config.precision_source] ?? 'form.fromChoice');
    const experts = config.expert_precision ? t('form.resolvedExperts', { p: config.expert_precision }) : '';
    return <p class="hint">{t('form.resolved', { precision: config.precision, experts, from })}</p>;
  }
  return <p class="hint">{t('form.resolvedKv', { precision: config.kv_precision })}</p>;
}

// No <form> submit: every input updates the results as it changes.
// The five key inputs (model, GPU, context, batch, engine) come first, in a block of their own:
// on a narrow screen the form lays out no box (display: contents) and that block goes above the
// verdict, the rest of the form below it, so that a phone shows the key inputs and the verdict on
// its first screen (styles.css, the 900 px query).
export function InputsPanel({ app }) {
  const fromWorkload = workloadSetsContext(app.values.value);
  return (
    <form class="inputs" aria-label={t('form.aria')} onSubmit={(e) => e.preventDefault()}>
      <div class="key-inputs">
        {/* A model's or a GPU's name needs the block's width ("NVIDIA A100 40GB PCIe"); the two numbers share a row. */}
        <ModelSelect app={app} />
        <GpuSelect app={app} />
        <div class="pair">
          {/* With a workload the context is its input + output tokens: shown, not editable here. */}
          <TextField
            app={app}
            name="seq"
            label={t('form.seq')}
            unit={t('unit.tokensWord')}
            hint={fromWorkload ? t('form.seqFromWorkload') : t('form.seqHint')}
            value={fromWorkload ? String(app.report.value.config?.seq ?? '') : undefined}
          />
          <TextField app={app} name="batch" label={t('form.batch')} unit={t('unit.requests')} hint={t('form.batchHint')} />
        </div>
        <EngineSelect app={app} />
      </div>
      <div class="form-rest">
        <fieldset>
          <legend>{t('form.model')}</legend>
          <ModelSource app={app} />
          <ParamsField app={app} />
          <HfFetch app={app} />
          <ConfigField app={app} />
          <CheckpointField app={app} />
        </fieldset>
        <fieldset>
          <legend>{t('form.hardware')}</legend>
          <GpuDetails app={app} />
        </fieldset>
        <fieldset>
          <legend>{t('form.precision')}</legend>
          <div class="pair">
            <SelectField app={app} name="precision" label={t('form.weights')} options={PRECISION_OPTIONS}>
              <Resolved app={app} kind="precision" />
            </SelectField>
            <SelectField app={app} name="kv_precision" label={t('form.kvCache')} options={KV_OPTIONS}>
              <Resolved app={app} kind="kv" />
            </SelectField>
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('form.parallelism')}</legend>
          <div class="triple">
            <TextField app={app} name="tp" label={t('form.tp')} />
            <TextField app={app} name="pp" label={t('form.pp')} />
            <TextField app={app} name="micro_batches" label={t('form.micro')} placeholder={t('form.microPlaceholder')} />
          </div>
          <p class="hint">{t('form.parHint')}</p>
          <ScaleOutFields app={app} />
        </fieldset>
        <fieldset>
          <legend>{t('form.more')}</legend>
          <div class="pair">
            <TextField app={app} name="kv_block" label={t('form.kvBlock')} unit={t('unit.tokensWord')} placeholder={t('form.off')} hint={t('form.kvBlockHint')} />
            <SelectField app={app} name="moe_read" label={t('form.moeRead')} options={moeOptions()} hint={t('form.moeHint')} />
          </div>
          <EngineFields app={app} />
          <OffloadFields app={app} />
        </fieldset>
        <WorkloadFields app={app} />
      </div>
    </form>
  );
}
