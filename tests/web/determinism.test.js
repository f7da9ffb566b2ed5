// The same vector gives the same figures natively and in wasm.
//
// Every vector of tests/vectors/*.json goes through the page's wasm loader and
// through the native CLI (`build/roofline-lint --request '<request>'`, plus
// `--config <file>` for config_text); both call rl_run_json and print numbers
// with %.17g, so equal doubles print equal text. The two JSON outputs are walked
// together:
//  - every number must be the same double (Object.is: -0 and 0 differ, NaN
//    cannot occur in JSON);
//  - except where libm is involved: the MoE `union` read calls pow()
//    (E·(1 − (1 − k/E)^B)), and musl's pow (wasm) and glibc's (native) may differ
//    in the last bit. For a vector whose model has experts and reads them as a
//    union, numbers may differ by a relative 1e-12;
//  - every string (codes and messages, whose numbers are printed with %g/%.2f)
//    must be equal, and so must the shape (keys, their order, array lengths).
// The batch sweep (rl_sweep, exp/log) has no CLI entry and is not compared here.
// The figures are reported at the end: how many vectors were bit-identical and
// how many needed the libm tolerance.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { ROOT, loadTestCore } from './core.js';

export const LIBM_RELATIVE_TOLERANCE = 1e-12;
const CLI = fileURLToPath(new URL('build/roofline-lint', ROOT));
const WORKERS = 2;

/**
 * Walks two parsed JSON values together. Returns {differences, libm} where
 * differences lists what breaks the rules and libm counts the numbers that
 * differ within the tolerance (allowed only when `tolerance` is given).
 */
export function compareOutputs(wasm, native, tolerance = 0) {
  const differences = [];
  let libm = 0;
  const walk = (a, b, path) => {
    if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || (a === null) !== (b === null)) {
      differences.push(`${path}: wasm ${JSON.stringify(a)}, native ${JSON.stringify(b)}`);
    } else if (typeof a === 'number') {
      if (Object.is(a, b)) return;
      const relative = Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b));
      if (tolerance > 0 && relative <= tolerance) libm++;
      else differences.push(`${path}: wasm ${a}, native ${b} (relative ${relative.toExponential(2)})`);
    } else if (Array.isArray(a)) {
      if (a.length !== b.length) differences.push(`${path}: wasm has ${a.length} items, native ${b.length}`);
      else a.forEach((item, i) => walk(item, b[i], `${path}[${i}]`));
    } else if (a !== null && typeof a === 'object') {
      const ka = Object.keys(a);
      const kb = Object.keys(b);
      if (ka.join() !== kb.join()) differences.push(`${path}: wasm keys ${ka.join(',')}, native keys ${kb.join(',')}`);
      else for (const k of ka) walk(a[k], b[k], path ? `${path}.${k}` : k);
    } else if (a !== b) {
      differences.push(`${path}: wasm ${JSON.stringify(a)}, native ${JSON.stringify(b)}`);
    }
  };
  walk(wasm, native, '');
  return { differences, libm };
}

/** True when the report's numbers may carry pow()'s last bit: experts read as a union. */
export function usesLibm(report) {
  return Number(report?.model?.experts) > 0 && (report?.moe?.read ?? report?.config?.moe_read) === 'union';
}

// The request exactly as the wasm side sends it (loader.js: a string as is, an object through JSON.stringify).
const requestText = (v) => (typeof v.request_text === 'string' ? v.request_text : JSON.stringify(v.input));

describe('compareOutputs', () => {
  test('bit for bit, then within the libm tolerance only where allowed', () => {
    expect(compareOutputs({ a: [1, 'x', { b: 0.1 }] }, { a: [1, 'x', { b: 0.1 }] })).toEqual({ differences: [], libm: 0 });
    expect(compareOutputs({ a: 0 }, { a: -0 }).differences).toHaveLength(1);
    const next = 0.1 + 2 ** -56; // 0.1's neighbour
    expect(compareOutputs({ a: 0.1 }, { a: next }).differences).toHaveLength(1);
    expect(compareOutputs({ a: 0.1 }, { a: next }, LIBM_RELATIVE_TOLERANCE)).toEqual({ differences: [], libm: 1 });
    expect(compareOutputs({ a: 0.1 }, { a: 0.1000001 }, LIBM_RELATIVE_TOLERANCE).differences).toHaveLength(1);
    expect(compareOutputs({ m: 'short by 1.00 GiB' }, { m: 'short by 1.01 GiB' }, LIBM_RELATIVE_TOLERANCE).differences).toHaveLength(1);
    expect(compareOutputs({ a: 1, b: 2 }, { b: 2, a: 1 }).differences).toHaveLength(1);
    expect(compareOutputs([1, 2], [1]).differences).toHaveLength(1);
    expect(compareOutputs({ a: null }, { a: 0 }).differences).toHaveLength(1);
  });
});

const dir = new URL('tests/vectors/', ROOT);
const vectors = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .flatMap((file) => (JSON.parse(readFileSync(new URL(file, dir), 'utf8')).vectors ?? []).map((v) => ({ file, v })));

const haveCli = existsSync(CLI);
if (!haveCli) {
  test('build/roofline-lint exists', () => {
    throw new Error(`${CLI} is missing: build the native CLI first (\`bash core/scripts/build.sh native\`; \`npm test\` does it).`);
  });
}

/** Runs the native CLI once per vector, WORKERS processes at a time. */
async function runNative(list, scratch) {
  const results = new Array(list.length);
  let next = 0;
  const one = (i) =>
    new Promise((resolve) => {
      const { v } = list[i];
      const text = requestText(v);
      // A command line cannot carry a NUL byte: such a vector cannot be asked of the CLI.
      if (text.includes('\u0000')) return resolve({ skip: 'its request holds a NUL byte, which a command line cannot carry' });
      // A lint vector: the serve command, with its request (the GPU) as --request.
      const args = typeof v.lint === 'string' ? ['--lint', v.lint, '--request', text] : ['--request', text];
      if (typeof v.config_text === 'string') {
        const path = join(scratch, `config-${i}.json`);
        writeFileSync(path, v.config_text);
        args.push('--config', path);
      }
      // Exit 2 (bad input) and 3 (refused) are answers too: only the printed JSON matters.
      // A hang detector only, generous for a loaded machine: one run takes milliseconds.
      execFile(CLI, args, { encoding: 'utf8', maxBuffer: 4 << 20, timeout: 300000 }, (error, stdout, stderr) => {
        resolve({ stdout, stderr, code: error?.code ?? 0 });
      });
    });
  await Promise.all(Array.from({ length: WORKERS }, async () => {
    while (next < list.length) {
      const i = next++;
      results[i] = await one(i);
    }
  }));
  return results;
}

if (haveCli) {
  const core = await loadTestCore();
  const scratch = mkdtempSync(join(tmpdir(), 'rl-determinism-'));
  const started = performance.now();
  const native = await runNative(vectors, scratch);
  const nativeSeconds = (performance.now() - started) / 1000;
  rmSync(scratch, { recursive: true, force: true });
  const tally = { identical: 0, libm: 0, libmNumbers: 0, failed: 0, skipped: 0, libmClass: 0, kinds: { report: 0, estimate: 0, error: 0 } };

  describe('native CLI and wasm agree on every vector', () => {
    test('the vectors are there', () => expect(vectors.length).toBeGreaterThan(0));
    vectors.forEach(({ file, v }, i) => {
      const run = native[i];
      if (run.skip) {
        tally.skipped++;
        test.skip(`${file} ${v.name}: ${run.skip}`, () => {});
        return;
      }
      test(`${file} ${v.name}`, () => {
        const configText = typeof v.config_text === 'string' ? v.config_text : undefined;
        const wasm = typeof v.lint === 'string' ? core.lint(v.lint, requestText(v), configText) : core.analyze(requestText(v), configText);
        let parsed;
        try {
          parsed = JSON.parse(run.stdout);
        } catch {
          tally.failed++;
          throw new Error(`the CLI printed no JSON (exit ${run.code}): ${run.stdout.slice(0, 200)} ${run.stderr.slice(0, 200)}`);
        }
        // pow() in the MoE union read: the libm tolerance, for those vectors only.
        // A lint vector's report is its answer's `report`.
        const tolerance = usesLibm(wasm.report ?? wasm) || usesLibm(parsed.report ?? parsed) ? LIBM_RELATIVE_TOLERANCE : 0;
        if (tolerance) tally.libmClass++;
        tally.kinds[wasm.error ? 'error' : wasm.estimate ? 'estimate' : 'report']++;
        const { differences, libm } = compareOutputs(wasm, parsed, tolerance);
        if (differences.length) tally.failed++;
        else if (libm) {
          tally.libm++;
          tally.libmNumbers += libm;
        } else tally.identical++;
        expect(differences).toEqual([]);
      });
    });
  });

  afterAll(() => {
    const total = vectors.length;
    console.log(
      `determinism: ${total} vectors (${tally.kinds.report} reports, ${tally.kinds.estimate} estimates, ${tally.kinds.error} errors); ` +
        `${tally.identical} bit-identical, ${tally.libm} needed the libm tolerance (${tally.libmNumbers} numbers, relative ≤ ${LIBM_RELATIVE_TOLERANCE}; ` +
        `${tally.libmClass} MoE-union vectors were allowed it), ${tally.failed} different, ${tally.skipped} skipped; ` +
        `native runs took ${nativeSeconds.toFixed(1)} s with ${WORKERS} workers`,
    );
  });
}
