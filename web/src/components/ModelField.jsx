import { CUSTOM, PARAMS } from '../inputs.js';
import { params } from '../format.js';
import { SelectField } from './SelectField.jsx';
import { PresetSource } from './PresetSource.jsx';
import { t } from '../i18n/index.js';

/** The model's select: one of the key inputs at the top of the form. */
export function ModelSelect({ app }) {
  const options = [
    { group: t('model.presets'), options: app.presets.models.map((m) => ({ value: m.id, label: t('model.preset', { name: m.name, params: params(m.params_total) }) })) },
    { group: t('model.yours'), options: [{ value: CUSTOM, label: t('model.ownConfig') }, { value: PARAMS, label: t('model.onlySize') }] },
  ];
  return <SelectField app={app} name="model" label={t('model.label')} options={options} />;
}

/** Where the chosen preset comes from: first in the form's Model group, below the key inputs. */
export function ModelSource({ app }) {
  const preset = app.modelPreset.value;
  return (
    <>
      {/* hf_repo is the core's (not the prose's): the hint is there from the form's first render. */}
      {preset && preset.hf_repo && <p class="hint">{t('model.hf', { repo: preset.hf_repo })}</p>}
      <PresetSource preset={preset} testid="model-source" />
    </>
  );
}
