// A select bound to one state input, named (and test-id'd) by its field-table key (after a prefix,
// compare.1., in a compared setup's column). options: [{value, label}] or groups [{group, options}].
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

export function SelectField({ app, name, label, options, hint, children, prefix = '' }) {
  const { error, off, describedBy } = fieldState(app, name, hint, prefix);
  return (
    <div class={error ? 'field invalid' : 'field'}>
      <label for={`in-${prefix}${name}`}>{label}</label>
      <select
        id={`in-${prefix}${name}`}
        data-testid={`${prefix}${name}`}
        value={app.inputs[name].value}
        disabled={off}
        aria-invalid={error ? 'true' : 'false'}
        aria-describedby={describedBy}
        onChange={(e) => app.set(name, e.currentTarget.value)}
      >
        <Options options={options} />
      </select>
      {hint && <p class="hint" id={`hint-${prefix}${name}`}>{hint}</p>}
      {error && <p class="field-error" id={`err-${prefix}${name}`} data-testid={`error-${prefix}${name}`} role="alert">{error}</p>}
      {children}
    </div>
  );
}
