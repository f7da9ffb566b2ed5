import { ENGINE_FIELDS, FIELD, FIELDS } from '../inputs.js';
import { SelectField } from './SelectField.jsx';
import { TextField } from './TextField.jsx';

// The realistic estimate's serving engine and its overrides (the table's realistic group).
const REALISTIC = FIELDS.filter((f) => f.group === 'realistic' && f.type !== 'enum').map((f) => f.key);

// The realistic budget's knobs: the field table's budget group, in its order.
// Empty fields use the core's defaults, which the report echoes (config.*): they
// are shown as placeholders, never typed in here. The page's own wording for each.
const WORDING = {
  pool_fraction: ['Engine memory pool', 'of VRAM', 'vLLM gpu_memory_utilization.'],
  context_reserve_gib: ['CUDA context', 'GiB', 'About 1 GiB with a display attached.'],
  nccl_gib_per_peer: ['NCCL buffers', 'GiB/peer', 'Per other GPU in the group.'],
  weight_overhead: ['Weight overhead', '× weights', 'Alignment and container share.'],
  prefill_chunk: ['Prefill chunk', 'tokens', 'Sets the activation peak.'],
  launch_ms: ['Launch overhead', 'ms', 'Added to time to first token.'],
};

export function EngineFields({ app }) {
  const config = app.report.value.config ?? {};
  const changed = ENGINE_FIELDS.some((key) => app.inputs[key].value.trim() !== '');
  // The engine is a first choice, not a tuning knob: it sits outside the folded budget.
  return (
    <>
    <SelectField app={app} name="engine" label="Serving engine" options={FIELD.engine.choices.map((v) => ({ value: v, label: v }))}
      hint="For the expected figures beside the floor: its efficiencies and fixed costs, each sourced." />
    <details class="engine" open={changed}>
      <summary>Engine budget and TTFT (realistic memory)</summary>
      <div class="pair">
        {ENGINE_FIELDS.map((key) => {
          const [label, unit, hint] = WORDING[key] ?? [key, '', undefined];
          return (
            <TextField
              key={key}
              app={app}
              name={key}
              label={label}
              unit={unit}
              inputMode="decimal"
              hint={hint}
              placeholder={config[key] === undefined ? 'default' : String(config[key])}
            />
          );
        })}
      </div>
      <div class="pair">
        {REALISTIC.map((key) => (
          <TextField key={key} app={app} name={key} label={FIELD[key].label} unit={FIELD[key].unit} inputMode="decimal" placeholder="engine's" />
        ))}
      </div>
    </details>
    </>
  );
}
