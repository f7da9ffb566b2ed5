// A select bound to one state input, named (and test-id'd) by its field-table key. options: [{value, label}] or groups [{group, options}].
import { fieldState } from './fieldState.js';

function Options({ options }) {
  return options.map((o) =>
    o.group ? (
      <optgroup key={o.group} label={o.group}>
        <Options options={o.options} />
      </optgroup>
    ) : (
      <option key={o.value} value={o.value}>{o.label}</option>
    ),
  );
}

export function SelectField({ app, name, label, options, hint, children }) {
  const { error, off, describedBy } = fieldState(app, name, hint);
  return (
    <div class={error ? 'field invalid' : 'field'}>
      <label for={`in-${name}`}>{label}</label>
      <select
        id={`in-${name}`}
        data-testid={name}
        value={app.inputs[name].value}
        disabled={off}
        aria-invalid={error ? 'true' : 'false'}
        aria-describedby={describedBy}
        onChange={(e) => app.set(name, e.currentTarget.value)}
      >
        <Options options={options} />
      </select>
      {hint && <p class="hint" id={`hint-${name}`}>{hint}</p>}
      {error && <p class="field-error" id={`err-${name}`} data-testid={`error-${name}`} role="alert">{error}</p>}
      {children}
    </div>
  );
}
