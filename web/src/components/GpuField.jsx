import { CUSTOM, GPU_LIMITS } from '../inputs.js';
import { SelectField } from './SelectField.jsx';
import { TextField } from './TextField.jsx';
import { PresetSource } from './PresetSource.jsx';

function options(gpus) {
  const sourced = gpus.filter((g) => g.tflops != null);
  const unsourced = gpus.filter((g) => g.tflops == null);
  return [
    { group: 'GPUs and accelerators', options: sourced.map((g) => ({ value: g.id, label: g.name })) },
    { group: 'Unified memory, no sourced TFLOPS', options: unsourced.map((g) => ({ value: g.id, label: g.name })) },
    { group: 'Your hardware', options: [{ value: CUSTOM, label: 'Custom GPU (enter its figures)' }] },
  ];
}

function Unsourced({ preset }) {
  const noBandwidth = preset.bandwidth_gbs == null;
  return (
    <p class="callout warn" data-testid="gpu-unsourced" role="note">
      No source gives {preset.name}'s dense FP16 TFLOPS{noBandwidth ? ' or its memory bandwidth' : ''}.{' '}
      {noBandwidth
        ? 'Without a bandwidth it cannot be analysed: enter the figures you trust below.'
        : 'Its times are bandwidth floors (lower bounds) and its bound is unknown. Enter the TFLOPS you trust below to make it a custom GPU; its bandwidth and memory are filled in.'}
    </p>
  );
}

const LIMIT_LABEL = { default: 'default (as shipped)', raised: 'raised (sysctl / tuned)' };

function limitHint(preset) {
  if (preset.wired_limit) {
    const w = preset.wired_limit;
    return `macOS lets the GPU wire min(${w.default_fraction} × RAM, RAM − ${w.default_reserve_gib} GiB) by default; raised with iogpu.wired_limit_mb: min(${w.raised_fraction} × RAM, RAM − ${w.raised_reserve_gib} GiB).`;
  }
  if (preset.usable_gib) return `GPU-usable memory: ${preset.usable_gib.default} GiB by default, ${preset.usable_gib.tuned} GiB tuned.`;
  return undefined;
}

export function GpuField({ app }) {
  const preset = app.gpuPreset.value;
  const edited = app.edited.value;
  const custom = app.inputs.gpu.value === CUSTOM;
  const shown = app.gpuShown.value;
  const unsourced = preset && preset.tflops == null;
  return (
    <div class="group">
      <SelectField app={app} name="gpu" label="GPU (per device)" options={options(app.presets.gpus)}>
        {unsourced && !edited && <Unsourced preset={preset} />}
        <PresetSource preset={preset} testid="gpu-source" />
      </SelectField>
      {preset?.memory === 'unified' && !edited && (
        <SelectField
          app={app}
          name="gpu_limit"
          label="GPU memory limit"
          options={GPU_LIMITS.map((v) => ({ value: v, label: LIMIT_LABEL[v] ?? v }))}
          hint={limitHint(preset)}
        />
      )}
      <details class="gpu-figures" open={custom || edited || unsourced}>
        <summary>
          {custom ? 'Your GPU\'s figures' : edited ? `Your figures (based on ${preset?.name ?? 'a preset'})` : 'Figures (edit any to make a custom GPU)'}
        </summary>
        <div class="pair">
          <TextField app={app} name="gpu.tflops" label="Dense FP16" unit="TFLOPS" inputMode="decimal" value={shown['gpu.tflops']} placeholder="unknown" />
          <TextField app={app} name="gpu.bandwidth_gbs" label="Bandwidth" unit="GB/s" inputMode="decimal" value={shown['gpu.bandwidth_gbs']} />
          <TextField app={app} name="gpu.vram_gib" label="Memory per GPU" unit="GiB" inputMode="decimal" value={shown['gpu.vram_gib']} />
          <TextField app={app} name="gpu.tflops_fp8" label="Dense FP8" unit="TFLOPS" inputMode="decimal" value={shown['gpu.tflops_fp8']} placeholder="none" />
          <TextField app={app} name="gpu.tops_int8" label="Dense INT8" unit="TOPS" inputMode="decimal" value={shown['gpu.tops_int8']} placeholder="none" />
          <TextField app={app} name="gpu.link_gbs" label="GPU link" unit="GB/s" inputMode="decimal" value={shown['gpu.link_gbs']} placeholder="unknown" />
        </div>
        <p class="hint">Dense peaks, no sparsity. Empty TFLOPS: times become bandwidth floors. FP8/INT8 peaks set the roof for fp8/int8 weights.</p>
        {edited && preset && (
          <button type="button" class="small" data-testid="gpu-reset" onClick={() => app.resetGpu()}>
            Back to {preset.name}'s own figures
          </button>
        )}
      </details>
    </div>
  );
}
