// What each test tool says it ran, read from its own closing lines: the
// runner's table shows it, and a suite that exits 0 having run no test fails.
// Each reader returns { passed, failed } (and runs, for a fuzzer) or null when
// the output has no such line.

/** Colours and cursor codes out: Vitest colours its summary even in a file. */
export const plain = (text) => text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

/** The last match of a global regex in text, or null. */
function last(re, text) {
  let found = null;
  for (const m of text.matchAll(re)) found = m;
  return found;
}

/** ctest: "100% tests passed, 0 tests failed out of 21". */
export function ctest(text) {
  const m = last(/(\d+)% tests passed, (\d+) tests? failed out of (\d+)/g, plain(text));
  return m && { passed: Number(m[3]) - Number(m[2]), failed: Number(m[2]) };
}

/** node --test with the TAP reporter: its closing "# pass N" and "# fail N" (cancelled tests count as failed). */
export function tap(text) {
  const t = plain(text);
  const pass = last(/^# pass (\d+)$/gm, t);
  const fail = last(/^# fail (\d+)$/gm, t);
  const cancelled = last(/^# cancelled (\d+)$/gm, t);
  if (!pass || !fail) return null;
  return { passed: Number(pass[1]), failed: Number(fail[1]) + Number(cancelled?.[1] ?? 0) };
}

/** Vitest: "Tests  2 failed | 3484 passed (3486)", or "Tests  3486 passed (3486)". */
export function vitest(text) {
  const line = last(/^\s*Tests\s+(.*\(\d+\))\s*$/gm, plain(text));
  if (!line) return null;
  const failed = /(\d+) failed/.exec(line[1]);
  const passed = /(\d+) passed/.exec(line[1]);
  return { passed: Number(passed?.[1] ?? 0), failed: Number(failed?.[1] ?? 0) };
}

/** The plain closing line the oracle and the CLI's self-test print: "500 passed, 0 failed". */
export function passedFailed(text) {
  const m = last(/^(?:\w+: )?(\d+) passed, (\d+) failed\b/gm, plain(text));
  return m && { passed: Number(m[1]), failed: Number(m[2]) };
}

/**
 * One libFuzzer target (core/scripts/fuzz.sh --target): one test, passed when the script
 * says "no findings"; its runs from libFuzzer's final stats.
 */
export function fuzz(text) {
  const t = plain(text);
  const runs = last(/stat::number_of_executed_units: (\d+)/g, t);
  const clean = /^fuzz_\w+: no findings$/m.test(t);
  const found = /^fuzz_\w+: FAILED/m.test(t);
  if (!clean && !found) return null;
  return { passed: clean ? 1 : 0, failed: clean ? 0 : 1, runs: runs ? Number(runs[1]) : undefined };
}
