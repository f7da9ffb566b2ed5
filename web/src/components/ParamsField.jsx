import { PARAMS } from '../inputs.js';
import { TextField } from './TextField.jsx';

// The model by its size alone ("70B"): the core's parameters-only estimate.
// Typing a size chooses it; the core reads the text and names what is wrong.
export function ParamsField({ app }) {
  const on = app.inputs.model.value === PARAMS;
  return (
    <TextField
      app={app}
      name="params"
      label="Only the size, in parameters"
      inputMode="text"
      placeholder="e.g. 70B, 7.6B, 1.5T"
      hint={on
        ? 'An approximate estimate: weights and decode intensity only. The greyed inputs need the architecture.'
        : 'Typing a size switches to an approximate, parameters-only estimate.'}
    />
  );
}
