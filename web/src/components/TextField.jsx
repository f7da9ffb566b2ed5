// A text input bound to one state input, named (and test-id'd) by its field-table key;
// the core's message for it sits next to it.
import { fieldState } from './fieldState.js';

export function TextField({ app, name, label, hint, placeholder, unit, inputMode = 'numeric', value }) {
  const { error, off, describedBy } = fieldState(app, name, hint);
  return (
    <div class={error ? 'field invalid' : 'field'}>
      <label for={`in-${name}`}>{label}</label>
      <div class="control">
        <input
          id={`in-${name}`}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          spellcheck={false}
          data-testid={name}
          value={value ?? app.inputs[name].value}
          placeholder={placeholder}
          disabled={off}
          aria-invalid={error ? 'true' : 'false'}
          aria-describedby={describedBy}
          onInput={(e) => app.set(name, e.currentTarget.value)}
        />
        {unit && <span class="unit" aria-hidden="true">{unit}</span>}
      </div>
      {hint && <p class="hint" id={`hint-${name}`}>{hint}</p>}
      {error && <p class="field-error" id={`err-${name}`} data-testid={`error-${name}`} role="alert">{error}</p>}
    </div>
  );
}
