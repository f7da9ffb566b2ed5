import { KV_PRECISIONS, MOE_READS, PRECISIONS } from '../inputs.js';
import { ModelField } from './ModelField.jsx';
import { ConfigField } from './ConfigField.jsx';
import { ParamsField } from './ParamsField.jsx';
import { GpuField } from './GpuField.jsx';
import { SelectField } from './SelectField.jsx';
import { TextField } from './TextField.jsx';
import { EngineFields } from './EngineFields.jsx';

const PRECISION_OPTIONS = PRECISIONS.map((p) => ({ value: p, label: p }));
const KV_OPTIONS = KV_PRECISIONS.map((p) => ({ value: p, label: p }));
const MOE_OPTIONS = [
  { value: 'union', label: 'union (expected)' },
  { value: 'distinct', label: 'distinct (worst case)' },
].filter((o) => MOE_READS.includes(o.value));

/** What "auto" resolved to, as the core reports it (its own component: it follows the report). */
function Resolved({ app, kind }) {
  const config = app.report.value.config;
  if (!config) return null;
  if (kind === 'precision') {
    const from = config.precision_source === 'checkpoint' ? 'the checkpoint' : 'your choice';
    return <p class="hint">Analysed as {config.precision}{config.expert_precision ? ` (experts ${config.expert_precision})` : ''}, from {from}.</p>;
  }
  return <p class="hint">Analysed as {config.kv_precision}.</p>;
}

// No <form> submit: every input updates the results as it changes.
export function InputsPanel({ app }) {
  return (
    <form class="inputs" aria-label="Deployment" onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>Model</legend>
        <ModelField app={app} />
        <ParamsField app={app} />
        <ConfigField app={app} />
      </fieldset>
      <fieldset>
        <legend>Hardware</legend>
        <GpuField app={app} />
      </fieldset>
      <fieldset>
        <legend>Precision</legend>
        <div class="pair">
          <SelectField app={app} name="precision" label="Weights" options={PRECISION_OPTIONS}>
            <Resolved app={app} kind="precision" />
          </SelectField>
          <SelectField app={app} name="kv_precision" label="KV cache" options={KV_OPTIONS}>
            <Resolved app={app} kind="kv" />
          </SelectField>
        </div>
      </fieldset>
      <fieldset>
        <legend>Workload</legend>
        <div class="pair">
          <TextField app={app} name="seq" label="Context per request" unit="tokens" hint="Prompt + generated tokens." />
          <TextField app={app} name="batch" label="Batch" unit="requests" hint="Requests decoded at once." />
        </div>
      </fieldset>
      <fieldset>
        <legend>Parallelism</legend>
        <div class="triple">
          <TextField app={app} name="tp" label="Tensor, tp" />
          <TextField app={app} name="pp" label="Pipeline, pp" />
          <TextField app={app} name="micro_batches" label="Micro-batches" placeholder="= batch" />
        </div>
        <p class="hint">GPUs = tp × pp. Micro-batches need pp ≥ 2; empty means one per request.</p>
      </fieldset>
      <fieldset>
        <legend>KV paging, MoE, engine</legend>
        <div class="pair">
          <TextField app={app} name="kv_block" label="KV block" unit="tokens" placeholder="off" hint="Empty: no paging." />
          <SelectField app={app} name="moe_read" label="MoE expert reads" options={MOE_OPTIONS} hint="Union: expected distinct experts; distinct: B·k. MoE only." />
        </div>
        <EngineFields app={app} />
      </fieldset>
    </form>
  );
}
