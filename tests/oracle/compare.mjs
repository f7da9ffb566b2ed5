// Compares a vector's stored expectations with the oracle's report.
//
// A number with a tol passes when |oracle − stored| <= tol, both taken
// exactly. Any other number should be the oracle's exact value rounded once
// to the nearest double; a stored double one ulp away from that is reported
// as `ulp`, a soft difference that only --strict turns into a failure (README.md says
// why). Strings, booleans and null must be equal.

import { codes, lookup } from './paths.mjs';
import { nextDoubles, Q } from './rational.mjs';

// A present-but-unexpected value may be a whole section, whose numbers are Q's (bigint inside).
const plain = (_, x) => (x instanceof Q ? x.toNumber() : typeof x === 'bigint' ? Number(x) : x);
const show = (v) => (v instanceof Q ? `${v.toNumber()} (exactly ${v})` : JSON.stringify(v, plain));

// 'exact', 'ulp' or false.
function match(stored, oracle, tol) {
  if (typeof stored !== 'number') return !(oracle instanceof Q) && stored === oracle ? 'exact' : false;
  if (!(oracle instanceof Q)) return false;
  if (tol !== undefined) return oracle.sub(Q.fromDouble(stored)).abs().le(Q.fromDouble(tol)) ? 'exact' : false;
  const nearest = oracle.toNumber();
  if (nearest === stored) return 'exact';
  // One ulp either side of the correctly rounded double: what evaluating the
  // same formula in double arithmetic leaves, and far below the 1e-9 the runners allow.
  if (nextDoubles(nearest).includes(stored)) return 'ulp';
  return false;
}

function sameSet(a, b) {
  const x = new Set(a), y = new Set(b);
  return x.size === y.size && [...x].every((c) => y.has(c));
}

// [{path, stored, oracle, soft}] for each difference; `soft` marks a one-ulp one.
export function compareVector(vector, report) {
  const diffs = [];
  const tol = vector.tol ?? {};
  for (const [path, stored] of Object.entries(vector.expected ?? {})) {
    const got = lookup(report, path);
    if (!got.found) {
      diffs.push({ path, stored: JSON.stringify(stored), oracle: 'no such figure in the oracle report', soft: false });
      continue;
    }
    const m = match(stored, got.value, tol[path]);
    if (m !== 'exact') {
      const t = tol[path] !== undefined ? ` (tol ${tol[path]})` : '';
      diffs.push({ path, stored: JSON.stringify(stored) + t, oracle: show(got.value), soft: m === 'ulp' });
    }
  }
  for (const path of vector.absent ?? []) {
    const got = lookup(report, path);
    if (got.found) diffs.push({ path: `absent ${path}`, stored: 'absent', oracle: `present: ${show(got.value)}`, soft: false });
  }
  for (const key of ['warnings', 'remedies']) {
    if (vector[key] === undefined) continue;
    const mine = codes(report[key]) ?? [];
    if (!sameSet(vector[key], mine)) diffs.push({ path: key, stored: JSON.stringify(vector[key]), oracle: JSON.stringify(mine), soft: false });
  }
  return diffs;
}

// What a vector file should hold for an oracle value: a number rounded once.
export const storedForm = (v) => (v instanceof Q ? v.toNumber() : v);
