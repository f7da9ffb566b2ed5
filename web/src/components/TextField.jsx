// A text input bound to one state input, named (and test-id'd) by its field-table key;
// the core's message for it sits next to it.
import { fieldState } from './fieldState.js';

// The least width the form gives an input, in characters: its placeholder, else
// eight digits (a CJK character counts as two). The form's CSS reads it as --chars,
// and a unit that leaves the input less than that goes to the next line.
export function inputChars(placeholder) {
  const text = [...String(placeholder ?? '')].reduce((n, ch) => n + (ch.codePointAt(0) >= 0x2e80 ? 2 : 1), 0);
  return Math.max(8, text);
}

export function TextField({ app, name, label, hint, placeholder, unit, inputMode = 'numeric', value, prefix = '' }) {
  const { error, off, describedBy } = fieldState(app, name, hint, prefix);
  return (
    <div class={error ? 'field invalid' : 'field'}>
      <label for={`in-${prefix}${name}`}>{label}</label>
      <div class="control">
        <input
          id={`in-${prefix}${name}`}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          spellcheck={false}
          data-testid={`${prefix}${name}`}
          style={{ '--chars': inputChars(placeholder) }}
          value={value ?? app.inputs[name].value}
          placeholder={placeholder}
          disabled={off}
          aria-invalid={error ? 'true' : 'false'}
          aria-describedby={describedBy}
          onInput={(e) => app.set(name, e.currentTarget.value)}
        />
        {unit && <span class="unit" aria-hidden="true">{unit}</span>}
      </div>
      {hint && <p class="hint" id={`hint-${prefix}${name}`}>{hint}</p>}
      {error && <p class="field-error" id={`err-${prefix}${name}`} data-testid={`error-${prefix}${name}`} role="alert">{error}</p>}
    </div>
  );
}
