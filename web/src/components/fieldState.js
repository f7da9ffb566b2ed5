// What every form field derives from the state: the core's error for it, whether the
// current analysis reads it (the size-only estimate ignores most inputs), and its aria wiring.
import { errorText } from '../i18n/index.js';

export function fieldState(app, name, hint, prefix = '') {
  const message = app.fieldErrors.value[name];
  // The core's error in the page's language (by its code and field); its own words in English.
  // Out of range, it names the value as typed (errorText's values), not as the core prints it.
  const error = message ? errorText(app.report.value.error, undefined, app.values.value) || message : message;
  const off = app.ignored?.value[name] === true;
  const describedBy = [hint && `hint-${prefix}${name}`, error && `err-${prefix}${name}`].filter(Boolean).join(' ') || undefined;
  return { error, off, describedBy };
}
