import { PARAMS } from '../inputs.js';
import { TextField } from './TextField.jsx';
import { t } from '../i18n/index.js';

// The model by its size alone ("70B"): the core's parameters-only estimate.
// Typing a size chooses it; the core reads the text and names what is wrong.
export function ParamsField({ app }) {
  const on = app.inputs.model.value === PARAMS;
  return (
    <TextField
      app={app}
      name="params"
      label={t('params.label')}
      inputMode="text"
      placeholder={t('params.placeholder')}
      hint={t(on ? 'params.on' : 'params.off')}
    />
  );
}
