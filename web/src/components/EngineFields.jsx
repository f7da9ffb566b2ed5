import { TextField } from './TextField.jsx';

// The realistic budget's knobs. Empty fields use the core's defaults, which the
// report echoes (config.*): they are shown as placeholders, never typed in here.
const FIELDS = [
  ['pool', 'pool_fraction', 'Engine memory pool', 'of VRAM', 'input-pool-fraction', 'vLLM gpu_memory_utilization.'],
  ['contextReserve', 'context_reserve_gib', 'CUDA context', 'GiB', 'input-context-reserve', 'About 1 GiB with a display attached.'],
  ['ncclPerPeer', 'nccl_gib_per_peer', 'NCCL buffers', 'GiB/peer', 'input-nccl', 'Per other GPU in the group.'],
  ['weightOverhead', 'weight_overhead', 'Weight overhead', '× weights', 'input-weight-overhead', 'Alignment and container share.'],
  ['prefillChunk', 'prefill_chunk', 'Prefill chunk', 'tokens', 'input-prefill-chunk', 'Sets the activation peak.'],
  ['launchMs', 'launch_ms', 'Launch overhead', 'ms', 'input-launch-ms', 'Added to time to first token.'],
];

export function EngineFields({ app }) {
  const config = app.report.value.config ?? {};
  const changed = FIELDS.some(([name]) => app.inputs[name].value.trim() !== '');
  return (
    <details class="engine" open={changed}>
      <summary>Engine budget and TTFT (realistic memory)</summary>
      <div class="pair">
        {FIELDS.map(([name, key, label, unit, testid, hint]) => (
          <TextField
            key={name}
            app={app}
            name={name}
            label={label}
            unit={unit}
            testid={testid}
            inputMode="decimal"
            hint={hint}
            placeholder={config[key] === undefined ? 'default' : String(config[key])}
          />
        ))}
      </div>
    </details>
  );
}
