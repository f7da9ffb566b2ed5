#!/usr/bin/env node
// npm run matrix [-- --models A,B --gpus X,Y ...]: the models × hardware matrix
// as Parquet. Builds the CLI (incrementally), streams `roofline-lint --matrix
// --format ndjson` with the given arguments into a scratch file, and has
// DuckDB write matrix/roofline.parquet from it with fixed column types (so an
// empty column, e.g. no cloud price anywhere in a narrow grid, is still DOUBLE).
// Options of this script, not passed on: --out PATH, --no-build; --format is refused.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, openSync, closeSync, rmSync, renameSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CLI = resolve(ROOT, 'build/roofline-lint');

// The columns in the CLI's order, with the types the Parquet file carries.
export const COLUMNS = {
  model: 'VARCHAR', gpu: 'VARCHAR', precision: 'VARCHAR', kv_precision: 'VARCHAR',
  seq: 'BIGINT', batch: 'BIGINT', tp: 'BIGINT', pp: 'BIGINT',
  verdict: 'VARCHAR', fits: 'BOOLEAN',
  weights_gib_per_gpu: 'DOUBLE', kv_gib_per_gpu: 'DOUBLE', max_batch: 'BIGINT',
  decode_step_ms: 'DOUBLE', tokens_per_s: 'DOUBLE', realistic_step_ms: 'DOUBLE', realistic_tokens_per_s: 'DOUBLE',
  ttft_ms: 'DOUBLE', cloud_usd_per_mtok_out: 'DOUBLE',
};

const sqlString = (s) => `'${String(s).replaceAll("'", "''")}'`;

function runCli(args, outFile) {
  return new Promise((res, rej) => {
    const fd = openSync(outFile, 'w');
    const child = spawn(CLI, ['--matrix', '--format', 'ndjson', ...args], { stdio: ['ignore', fd, 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', (e) => { closeSync(fd); rej(e); });
    child.on('close', (code) => { closeSync(fd); res({ code, stderr }); });
  });
}

/** Writes the matrix for `args` (the CLI's --matrix options) to `out`; returns { rows, seconds }.
 *  Throws with .exitCode = the CLI's exit code when it refuses the arguments. */
export async function writeMatrix(args, out, { build = true } = {}) {
  if (build) {
    const b = spawnSync('bash', [resolve(ROOT, 'core/scripts/build.sh'), 'native'], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (b.status !== 0) throw Object.assign(new Error('the native build failed'), { exitCode: 1 });
  }
  const started = process.hrtime.bigint();
  mkdirSync(dirname(out), { recursive: true });
  const ndjson = `${out}.ndjson.tmp`;
  try {
    const { code, stderr } = await runCli(args, ndjson);
    if (code !== 0) throw Object.assign(new Error(stderr.trim() || `roofline-lint --matrix exited ${code}`), { exitCode: code });
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const db = await DuckDBInstance.create(':memory:');
    const con = await db.connect();
    const columns = Object.entries(COLUMNS).map(([k, t]) => `${sqlString(k)}: ${sqlString(t)}`).join(', ');
    // Written beside the target and renamed, so a failed run leaves no half file behind.
    const partial = `${out}.partial`;
    await con.run(`COPY (SELECT * FROM read_json(${sqlString(ndjson)}, format = 'newline_delimited', ` +
      `columns = {${columns}})) TO ${sqlString(partial)} (FORMAT parquet)`);
    const r = await con.runAndReadAll(`SELECT count(*) AS n FROM read_parquet(${sqlString(partial)})`);
    const rows = Number(r.getRowObjectsJS()[0].n);
    con.closeSync();
    db.closeSync();
    renameSync(partial, out);
    return { rows, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  } finally {
    rmSync(ndjson, { force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = [];
  let out = resolve(ROOT, 'matrix/roofline.parquet');
  let build = true;
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') {
      if (argv[i + 1] === undefined) { console.error('matrix: --out: needs a value'); process.exit(2); }
      out = resolve(argv[++i]);
    }
    else if (argv[i] === '--no-build') build = false;
    else if (argv[i] === '--format') {
      // DuckDB reads the stream as NDJSON; a --format passed on would break that, not change the Parquet.
      console.error('matrix: --format: npm run matrix always writes Parquet (roofline-lint --matrix --format csv for CSV)');
      process.exit(2);
    }
    else args.push(argv[i]);
  }
  try {
    const { rows, seconds } = await writeMatrix(args, out, { build });
    console.log(`matrix: ${rows} rows -> ${out} (${seconds.toFixed(1)} s)`);
  } catch (e) {
    console.error(e.message);
    process.exit(e.exitCode ?? 1);
  }
}
