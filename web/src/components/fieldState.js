// What every form field derives from the state: the core's error for it, whether the
// current analysis reads it (the size-only estimate ignores most inputs), and its aria wiring.
export function fieldState(app, name, hint) {
  const error = app.fieldErrors.value[name];
  const off = app.ignored?.value[name] === true;
  const describedBy = [hint && `hint-${name}`, error && `err-${name}`].filter(Boolean).join(' ') || undefined;
  return { error, off, describedBy };
}
