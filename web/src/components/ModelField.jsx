import { CUSTOM, PARAMS } from '../inputs.js';
import { params } from '../format.js';
import { SelectField } from './SelectField.jsx';
import { PresetSource } from './PresetSource.jsx';

export function ModelField({ app }) {
  const options = [
    { group: 'Presets', options: app.presets.models.map((m) => ({ value: m.id, label: `${m.name} (${params(m.params_total)} params)` })) },
    { group: 'Your model', options: [{ value: CUSTOM, label: 'Your own config.json (below)' }, { value: PARAMS, label: 'Only the size (e.g. 70B)' }] },
  ];
  const preset = app.modelPreset.value;
  return (
    <SelectField app={app} name="model" label="Model" options={options}>
      {preset && <p class="hint">Hugging Face: {preset.hf_repo}</p>}
      <PresetSource preset={preset} testid="model-source" />
    </SelectField>
  );
}
