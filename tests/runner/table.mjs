// The closing table of npm test: one row a step (its result, wall time and
// tests), then the wall time against the steps' sum, and the plain closing line
// "N passed, N failed" that counts every test of every step.

const fmtInt = (n) => n.toLocaleString('en-US');

/** The tests column: "21", "198", or for a fuzzer "1 (439,826 runs)"; "-" for a build. */
function testsCell(outcome) {
  const c = outcome?.counts;
  if (!c) return '-';
  const total = c.passed + c.failed;
  const runs = c.runs !== undefined ? ` (${fmtInt(c.runs)} runs)` : '';
  return `${c.failed ? `${fmtInt(c.failed)} failed of ` : ''}${fmtInt(total)}${runs}`;
}

export function table(steps, outcomes, { wall, jobs }) {
  const rows = steps.map((s) => {
    const o = outcomes.get(s.name);
    return [s.name, o?.status ?? 'not run', o?.seconds ? `${o.seconds.toFixed(1)} s` : '-', testsCell(o), s.what];
  });
  const head = ['step', 'result', 'time', 'tests', 'what it runs'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 2 || i === 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  let passed = 0;
  let failed = 0;
  let sum = 0;
  for (const o of outcomes.values()) {
    passed += o.counts?.passed ?? 0;
    // A step that did not pass counts its failed tests, or itself when it has none to count
    // (a build that broke, a suite that crashed before its summary, one skipped).
    failed += o.status === 'passed' ? 0 : Math.max(1, o.counts?.failed ?? 0);
    sum += o.seconds;
  }
  const notPassed = [...outcomes.values()].filter((o) => o.status !== 'passed').length;
  return [
    line(head),
    ...rows.map(line),
    '',
    `wall ${wall.toFixed(1)} s with ${jobs} steps at once (the steps add up to ${sum.toFixed(1)} s)${notPassed ? `; ${notPassed} step(s) did not pass` : ''}`,
    // The plain closing line: every test of every step.
    `${passed} passed, ${failed} failed`,
  ].join('\n');
}
