import { FIELD } from '../inputs.js';
import { SelectField } from './SelectField.jsx';
import { TextField } from './TextField.jsx';
import { t, tx } from '../i18n/index.js';
import { Num } from './Num.jsx';
import { Explain } from './Explain.jsx';
import * as f from '../format.js';

// llama.cpp-style offload (the field table's offload group): -ngl, the host RAM and its
// bandwidth, by preset (channels x 8 B x MT/s) or by figure. Empty -ngl: every layer on
// the GPU. The largest -ngl that fits comes from the report (memory.max_gpu_layers).
export function OffloadFields({ app }) {
  const r = app.report.value;
  const max = r.memory?.max_gpu_layers;
  const layers = r.model?.layers;
  const changed = ['gpu_layers', 'ram_gib', 'cpu_bandwidth_gbs'].some((key) => app.inputs[key].value.trim() !== '') ||
    app.inputs.host_memory.value !== FIELD.host_memory.default;
  return (
    <details class="offload" open={changed}>
      <summary>{t('offload.summary')}</summary>
      <div class="pair">
        <TextField app={app} name="gpu_layers" label={t('offload.gpu_layers')} unit={t('offload.layersUnit')}
          placeholder={t('offload.all')} hint={t('offload.gpu_layers.hint')} />
        <TextField app={app} name="ram_gib" label={t('offload.ram_gib')} unit="GiB" inputMode="decimal" hint={t('offload.ram_gib.hint')} />
      </div>
      <div class="pair">
        <SelectField app={app} name="host_memory" label={t('offload.host_memory')}
          options={FIELD.host_memory.choices.map((v) => ({ value: v, label: t(`offload.host.${v}`) }))} hint={t('offload.host_memory.hint')} />
        <TextField app={app} name="cpu_bandwidth_gbs" label={t('offload.cpu_bandwidth_gbs')} unit="GB/s" inputMode="decimal"
          placeholder={t('offload.fromPreset')} />
      </div>
      {r.offload && (
        <p class="hint" data-testid="offload-figures">
          {tx('offload.figures', {
            host: <Num testid="offload.host_gib" value={r.offload.host_gib} format={f.gib} />,
            ram: f.gib(r.offload.ram_gib),
            bw: <Num testid="offload.host_bandwidth_gbs" value={r.offload.host_bandwidth_gbs} />,
          })}
          {r.offload.gpu_ms !== undefined && <>{t('sep.sentence')}{tx('offload.step', {
            gpu: <Num testid="offload.gpu_ms" value={r.offload.gpu_ms} format={f.ms} />,
            host: <Num testid="offload.host_ms" value={r.offload.host_ms} format={f.ms} />,
          })}</>}
        </p>
      )}
      {r.offload && <Explain of="offload" report={r} />}
      {max !== undefined && layers !== undefined && (
        <p class="hint" data-testid="offload-max">{max > layers ? t('offload.maxAll') : max < 0 ? t('offload.maxNone') : t('offload.max', { n: max })}</p>
      )}
    </details>
  );
}
