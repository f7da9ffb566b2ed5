import { CUSTOM, GPU_LIMITS } from '../inputs.js';
import { SelectField } from './SelectField.jsx';
import { TextField } from './TextField.jsx';
import { PresetSource } from './PresetSource.jsx';
import { t } from '../i18n/index.js';

/** The GPU choices: sourced presets, unified-memory ones, your own figures (the Compare view's too). */
export function gpuOptions(gpus) {
  const sourced = gpus.filter((g) => g.tflops != null);
  const unsourced = gpus.filter((g) => g.tflops == null);
  return [
    { group: t('gpu.groupSourced'), options: sourced.map((g) => ({ value: g.id, label: g.name })) },
    { group: t('gpu.groupUnified'), options: unsourced.map((g) => ({ value: g.id, label: g.name })) },
    { group: t('gpu.groupYours'), options: [{ value: CUSTOM, label: t('gpu.custom') }] },
  ];
}

function Unsourced({ preset }) {
  const noBandwidth = preset.bandwidth_gbs == null;
  return (
    <p class="callout warn" data-testid="gpu-unsourced" role="note">
      {t('gpu.unsourced', { name: preset.name, bw: noBandwidth ? t('gpu.unsourcedBw') : '' })}{t('sep.sentence')}
      {t(noBandwidth ? 'gpu.noBandwidth' : 'gpu.floorOnly')}
    </p>
  );
}


function limitHint(preset) {
  if (preset.wired_limit) {
    const w = preset.wired_limit;
    return t('gpu.wired', { df: w.default_fraction, dr: w.default_reserve_gib, rf: w.raised_fraction, rr: w.raised_reserve_gib });
  }
  if (preset.usable_gib) return t('gpu.usable', { d: preset.usable_gib.default, t: preset.usable_gib.tuned });
  return undefined;
}

/** The GPU's select: one of the key inputs at the top of the form. */
export function GpuSelect({ app }) {
  return <SelectField app={app} name="gpu" label={t('gpu.label')} options={gpuOptions(app.presets.gpus)} />;
}

/** The rest of the GPU: the preset's provenance, its memory limit, its figures (the form's Hardware group). */
export function GpuDetails({ app }) {
  const preset = app.gpuPreset.value;
  const edited = app.edited.value;
  const custom = app.inputs.gpu.value === CUSTOM;
  const shown = app.gpuShown.value;
  const unsourced = preset && preset.tflops == null;
  return (
    <div class="group">
      {unsourced && !edited && <Unsourced preset={preset} />}
      <PresetSource preset={preset} testid="gpu-source" />
      {preset?.memory === 'unified' && !edited && (
        <SelectField
          app={app}
          name="gpu_limit"
          label={t('gpu.limit')}
          options={GPU_LIMITS.map((v) => ({ value: v, label: t(`gpu.limit.${v}`) }))}
          hint={limitHint(preset)}
        />
      )}
      <details class="gpu-figures" open={custom || edited || unsourced}>
        <summary>
          {custom ? t('gpu.yourFigures') : edited ? t('gpu.basedOn', { name: preset?.name ?? t('gpu.aPreset') }) : t('gpu.figures')}
        </summary>
        <div class="pair">
          <TextField app={app} name="gpu.tflops" label={t('gpu.fp16')} unit="TFLOPS" inputMode="decimal" value={shown['gpu.tflops']} placeholder={t('gpu.unknown')} />
          <TextField app={app} name="gpu.bandwidth_gbs" label={t('gpu.bandwidth')} unit="GB/s" inputMode="decimal" value={shown['gpu.bandwidth_gbs']} />
          <TextField app={app} name="gpu.vram_gib" label={t('gpu.memory')} unit="GiB" inputMode="decimal" value={shown['gpu.vram_gib']} />
          <TextField app={app} name="gpu.tflops_fp8" label={t('gpu.fp8')} unit="TFLOPS" inputMode="decimal" value={shown['gpu.tflops_fp8']} placeholder={t('gpu.none')} />
          <TextField app={app} name="gpu.tops_int8" label={t('gpu.int8')} unit="TOPS" inputMode="decimal" value={shown['gpu.tops_int8']} placeholder={t('gpu.none')} />
          <TextField app={app} name="gpu.link_gbs" label={t('gpu.link')} unit="GB/s" inputMode="decimal" value={shown['gpu.link_gbs']} placeholder={t('gpu.unknown')} />
        </div>
        <p class="hint">{t('gpu.hint')}</p>
        {edited && preset && (
          <button type="button" class="small" data-testid="gpu-reset" onClick={() => app.resetGpu()}>
            {t('gpu.reset', { name: preset.name })}
          </button>
        )}
      </details>
    </div>
  );
}
