// The comparison rules of tests/vectors/README.md, as the C runner
// (core/cli/vectors.c) applies them. Shared by the wasm vector suite and the
// browser tests.

/** The value at a dotted path; inside an array a segment picks the element with that `code` (a lint correction: `rule`). */
export function atPath(root, path) {
  let node = root;
  for (const part of path.split('.')) {
    if (Array.isArray(node)) node = node.find((item) => item !== null && typeof item === 'object' && (item.code ?? item.rule) === part);
    else if (node !== null && typeof node === 'object') node = Object.hasOwn(node, part) ? node[part] : undefined;
    else return undefined;
  }
  return node;
}

/** Null when `got` matches `want` under the rules, else a sentence saying why not. */
export function compareValue(path, want, got, tol) {
  if (got === undefined) return `${path} is missing from the report`;
  if (typeof want === 'number') {
    if (typeof got !== 'number') return `${path} is not a number`;
    const t = tol && Object.hasOwn(tol, path) && typeof tol[path] === 'number' ? tol[path] : null;
    let ok;
    if (t !== null) ok = Math.abs(got - want) <= t;
    else if (Number.isInteger(want) && Math.abs(want) < 2 ** 53) ok = got === want;
    else ok = Math.abs(got - want) <= 1e-9 * Math.abs(want);
    return ok ? null : `${path} = ${got}, expected ${want}${t !== null ? ` (tol ${t})` : ''}`;
  }
  if (typeof want === 'string') {
    return typeof got === 'string' && got === want ? null : `${path} = ${JSON.stringify(got)}, expected "${want}"`;
  }
  if (Array.isArray(want)) {
    // A list of strings (the lint's "ignored"): the same list, in order.
    return Array.isArray(got) && JSON.stringify(got) === JSON.stringify(want) ? null : `${path} = ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`;
  }
  if (typeof want === 'boolean') {
    return typeof got === 'boolean' && got === want ? null : `${path} has the wrong truth value`;
  }
  return `expected value for ${path} has an unsupported type`;
}

function compareCodes(key, want, report) {
  const got = report[key];
  const codes = Array.isArray(got) ? got.map((g) => g?.code) : null;
  const ok = codes !== null && codes.length === want.length && want.every((w) => typeof w === 'string' && codes.includes(w));
  return ok ? null : `${key} = ${JSON.stringify(codes)}, expected codes ${JSON.stringify(want)}`;
}

/**
 * Every bad input names its field: the message holds the field, or its last part (config.head_dim ->
 * head_dim), as the fuzz targets and the C runner demand.
 */
export function namesItsField(e) {
  if (!e.field) return true;
  const last = e.field.slice(e.field.lastIndexOf('.') + 1);
  return e.message.includes(e.field) || (last !== '' && e.message.includes(last));
}

/**
 * The rule an error broke, pinned: a run that gives a `why` must have the vector name it, and then its
 * `values` too (the sentence's figures by name; left out when there are none). As core/cli/vectors.c.
 */
export function whyProblems(want, e) {
  const got = e.why ?? '';
  if ((want.why ?? '') !== got) return [`the error's why is "${got}", the vector pins "${want.why ?? ''}" (${e.message})`];
  // The same names and strings, in any order.
  const canon = (o) => JSON.stringify(Object.entries(o ?? {}).sort());
  if (got && canon(want.values) !== canon(e.values)) return [`the error's values are ${JSON.stringify(e.values ?? {})}, the vector pins ${JSON.stringify(want.values ?? {})}`];
  return [];
}

/** Runs one vector through `core` (the loader's object); returns the list of failures. */
export function checkVector(core, v) {
  const isObject = v.input !== null && typeof v.input === 'object' && !Array.isArray(v.input);
  if (!isObject && typeof v.request_text !== 'string') return ['the vector has no input object or request_text'];
  // request_text carries requests JSON cannot express as an object (NaN, bad syntax): sent verbatim.
  const request = typeof v.request_text === 'string' ? v.request_text : v.input;
  const configText = typeof v.config_text === 'string' ? v.config_text : undefined;
  // A lint vector: the serve command with the request holding the GPU (rlw_lint, as the C runner's rl_lint_json).
  const result = typeof v.lint === 'string' ? core.lint(v.lint, request, configText) : core.analyze(request, configText);

  if (v.error && typeof v.error === 'object') {
    const e = result.error;
    const ok = e && typeof v.error.code === 'string' && e.code === v.error.code &&
      (typeof v.error.field !== 'string' || e.field === v.error.field) && typeof e.message === 'string' && e.message !== '' &&
      (typeof v.error.message !== 'string' || e.message === v.error.message); // an optional exact sentence
    if (!ok) return [`expected error ${v.error.code} on ${v.error.field}, got ${e ? `${e.code} on "${e.field}" (${e.message})` : 'no error'}`];
    if (!namesItsField(e)) return [`the error message does not name its field "${e.field}": ${e.message}`];
    return whyProblems(v.error, e);
  }
  if (result.error) return [`unexpected error ${result.error.code} on ${result.error.field}: ${result.error.message}`];

  const failures = [];
  for (const [path, want] of Object.entries(v.expected ?? {})) {
    const problem = compareValue(path, want, atPath(result, path), v.tol);
    if (problem) failures.push(problem);
  }
  for (const path of v.absent ?? []) {
    if (typeof path === 'string' && atPath(result, path) !== undefined) failures.push(`${path} must be absent but is in the report`);
  }
  for (const key of ['warnings', 'remedies']) {
    if (Array.isArray(v[key])) {
      const problem = compareCodes(key, v[key], result);
      if (problem) failures.push(problem);
    }
  }
  if (Array.isArray(v.findings)) {
    const problem = compareCodes('findings', v.findings, result.lint ?? {});
    if (problem) failures.push(problem);
  }
  const fixed = result.lint?.corrected_command;
  if (v.relint === true || typeof fixed === 'string') {
    // The property over the corpus: every corrected command (the first and the alternatives) lints as "fits" on the
    // same GPU, ignores no flag the command did not, and runs the tp, pp and context its entry says; relint also
    // demands one.
    const all = result.lint?.corrections ?? [];
    if (typeof fixed !== 'string' || all[0]?.command !== fixed) failures.push(`relint: corrections[0] is not ${JSON.stringify(fixed)}`);
    for (const fix of all) {
      const again = core.lint(fix.command, request, configText);
      if (again?.lint?.verdict !== 'fits') failures.push(`relint of ${JSON.stringify(fix.command)} gave ${JSON.stringify(again?.lint?.verdict ?? again?.error)}`);
      else if (again.lint.ignored.length !== result.lint.ignored.length) failures.push(`relint of ${JSON.stringify(fix.command)} ignores other flags`);
      else if (['tp', 'pp', 'seq'].some((k) => again.report?.config?.[k] !== fix[k])) failures.push(`relint of ${JSON.stringify(fix.command)} runs another tp, pp or context`);
    }
  }
  return failures;
}
