// The steps of `npm test` (and of `npm run test:quick`, and of CI with --fuzz):
// what each builds or checks, what it needs first, and how its counts are read.
// The order is the priority when two steps could start (tests/runner/schedule.mjs):
// the chain to the browser suite, the longest, first.
import * as count from './counts.mjs';

/** The sanitizers' settings: any report fails the run, and leaks are reported. */
const SANITIZER_ENV = {
  ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=1:strict_string_checks=1',
  UBSAN_OPTIONS: 'halt_on_error=1:print_stacktrace=1',
};

export const FUZZ_TARGETS = ['config', 'analysis', 'request', 'lint'];

/**
 * The browser files of the quick loop: the page's core paths (the vectors set through the form,
 * a fit and a refusal without time in the downloaded report, the share link, the hosted page's price citations).
 */
export const QUICK_BROWSER_FILES = ['vectors-form.test.js', 'report.test.js', 'share-link.test.js', 'cost-citation.test.js'];

/**
 * The steps, each { name, what, cmd, after, env, count }.
 * quick: the inner loop (no sanitizers, no oracle unit tests, the browser's core paths only).
 * fuzzSeconds: add the libFuzzer targets, each for that long (CI: 60).
 * jobs: the cores; ctest and the browser files use them.
 */
export function suites({ quick = false, fuzzSeconds = 0, jobs = 2 } = {}) {
  const node = process.execPath;
  const steps = [
    { name: 'setup:system', what: 'Debian packages (apt-get, as root, when missing)', cmd: ['bash', 'core/scripts/setup.sh', 'system'] },
    { name: 'setup:npm', what: 'npm dependencies (npm install, when missing or stale)', cmd: ['bash', 'core/scripts/setup.sh', 'npm'] },
    { name: 'build:wasm', what: 'the core as WebAssembly (emcc), copied to web/generated/', cmd: ['bash', 'core/scripts/build.sh', 'wasm'], after: ['setup:system'] },
    { name: 'build:web', what: 'the page: dist/ and the single file dist/roofline-lint.html (vite)', cmd: ['npm', 'run', '--silent', 'build:web'], after: ['build:wasm', 'setup:npm'] },
    {
      name: 'browser', what: quick ? 'headless Chromium: the core paths of the page' : 'headless Chromium: every page test, one browser, a fresh context per test',
      cmd: [node, 'tests/runner/browser.mjs', ...(quick ? QUICK_BROWSER_FILES.map((f) => `tests/browser/${f}`) : [])],
      after: ['build:web'], count: count.tap,
    },
    { name: 'build:native', what: 'the native core, CLI and C test programs (Release)', cmd: ['bash', 'core/scripts/build.sh', 'native'], after: ['setup:system'] },
    {
      name: 'native', what: 'ctest on build/: the vectors (--selftest), prove-red, api, CLI contract, plan, configs, numbers, accuracy',
      cmd: ['ctest', '--test-dir', 'build', '--output-on-failure', '-j', String(jobs)], after: ['build:native'], count: count.ctest,
    },
  ];
  if (!quick) {
    steps.push(
      { name: 'build:san', what: 'the same native suites built with clang, ASan + UBSan', cmd: ['bash', 'core/scripts/build.sh', 'sanitize'], after: ['setup:system'] },
      {
        name: 'native:san', what: 'the same ctest suites under AddressSanitizer + UndefinedBehaviorSanitizer (any report fails)',
        cmd: ['ctest', '--test-dir', 'build-san', '--output-on-failure', '-j', String(jobs)], after: ['build:san'],
        env: SANITIZER_ENV, count: count.ctest,
      },
    );
  }
  steps.push(
    // After build:web too: tests/web/budget.test.js weighs the built dist/.
    { name: 'vitest', what: 'Vitest: the page\'s modules, the vectors through the wasm, the URL codec, i18n, the weight budget', cmd: [node, 'node_modules/vitest/vitest.mjs', 'run', '--config', 'web/vitest.config.js'], after: ['build:wasm', 'build:native', 'build:web', 'setup:npm'], count: count.vitest },
    { name: 'oracle:vectors', what: 'every expected figure of tests/vectors recomputed by the exact-rational oracle', cmd: [node, 'tests/oracle/vectors.mjs', '--check'], count: count.passedFailed },
    { name: 'runner', what: 'this runner: its readers of each tool\'s counts, its verdicts and its graph', cmd: [node, '--test', '--test-reporter=tap', 'tests/runner/'], count: count.tap },
  );
  if (!quick) {
    steps.push(
      { name: 'oracle', what: 'the oracle\'s own tests (its check goes red on a wrong figure)', cmd: [node, '--test', '--test-reporter=tap', 'tests/oracle/'], count: count.tap },
      { name: 'matrix', what: 'the matrix\'s Parquet against the CLI, read back by DuckDB', cmd: [node, '--test', '--test-reporter=tap', 'tests/matrix/'], after: ['build:native', 'setup:npm'], count: count.tap },
    );
  }
  if (fuzzSeconds > 0) {
    steps.push({ name: 'build:fuzz', what: 'the libFuzzer targets (clang, ASan + UBSan) and their derived seeds', cmd: ['bash', 'core/scripts/fuzz.sh', '--prepare'], after: ['setup:system'] });
    for (const t of FUZZ_TARGETS) {
      steps.push({
        name: `fuzz:${t}`, what: `fuzz_${t} for ${fuzzSeconds} s on one core, after replaying its regressions`,
        cmd: ['bash', 'core/scripts/fuzz.sh', '--target', t, String(fuzzSeconds)], after: ['build:fuzz'], count: count.fuzz,
      });
    }
  }
  return steps;
}
