// The matrix (npm run matrix) on a small grid: the Parquet file DuckDB reads
// back holds exactly the grid, one row per setup, and sampled rows say what
// `roofline-lint --request '<that setup>' --json` says of the setup alone,
// with no time and no cost on a refusal. Needs build/roofline-lint (npm test
// builds it first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { CLI, COLUMNS, writeMatrix } from '../../core/scripts/matrix.mjs';

// 2 models × 2 GPUs × 2 × 2 × 2 × 2 × 2: llama-3-70b refuses on one RTX 4090
// and fits on H100s, qwen3-4b fits nearly everywhere; 600 tokens of context
// takes the short-context split of the reference workload (half output).
const GRID = {
  '--models': ['qwen3-4b', 'llama-3-70b'],
  '--gpus': ['h100-sxm', 'rtx-4090'],
  '--precisions': ['auto', 'int4'],
  '--kv-precisions': ['auto', 'fp8'],
  '--seqs': ['600', '32768'],
  '--batches': ['1', '64'],
  '--tps': ['1', '2'],
};
const ARGS = Object.entries(GRID).flatMap(([flag, values]) => [flag, values.join(',')]);
const GRID_SIZE = Object.values(GRID).reduce((n, v) => n * v.length, 1); // pp: 1 by default
const SAMPLE = 50;
const TIMING_AND_COST = ['decode_step_ms', 'tokens_per_s', 'realistic_step_ms', 'realistic_tokens_per_s', 'ttft_ms',
  'cloud_usd_per_mtok_out'];

// The request a row stands for, written here from the README's reference
// workload (10,000 requests/day, 500 output tokens, the rest of the context
// as input; half the context as output below 1,000 tokens), not taken from
// the CLI, so a matrix that drifted from its documented workload turns red.
function requestOf(row) {
  const seq = Number(row.seq);
  const output = seq >= 1000 ? 500 : Math.floor(seq / 2);
  return {
    model: row.model, gpu: row.gpu, precision: row.precision, kv_precision: row.kv_precision, seq,
    batch: Number(row.batch), tp: Number(row.tp), pp: Number(row.pp),
    requests_per_day: 10000, input_tokens: seq - output, output_tokens: output,
  };
}

function cliJson(request) {
  const r = spawnSync(CLI, ['--request', JSON.stringify(request), '--json'], { encoding: 'utf8' });
  assert.ok([0, 2, 3].includes(r.status), `roofline-lint exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

// What the row must hold, read from the CLI's report; null where the report has no such figure.
function expectedRow(j) {
  if (j.error) return { verdict: `error:${j.error.code}`, fits: false };
  return {
    verdict: j.verdict, fits: j.fits,
    weights_gib_per_gpu: j.memory.weights_gib_per_gpu, kv_gib_per_gpu: j.memory.kv_gib_per_gpu,
    max_batch: j.memory.max_batch,
    decode_step_ms: j.decode?.step_ms ?? null, tokens_per_s: j.decode?.tokens_per_s ?? null,
    realistic_step_ms: j.realistic?.step_ms ?? null, realistic_tokens_per_s: j.realistic?.tokens_per_s ?? null,
    ttft_ms: j.prefill?.ttft_ms ?? null, cloud_usd_per_mtok_out: j.cost?.cloud?.usd_per_mtok_out ?? null,
  };
}

const plain = (v) => (typeof v === 'bigint' ? Number(v) : v);

// A small seeded generator, so a red run can be replayed with MATRIX_SEED.
function sampler(seed) {
  let s = seed >>> 0 || 1;
  return (n) => {
    s ^= s << 13; s >>>= 0; s ^= s >> 17; s ^= s << 5; s >>>= 0;
    return s % n;
  };
}

async function readParquet(file) {
  const db = await DuckDBInstance.create(':memory:');
  const con = await db.connect();
  const q = async (sql) => (await con.runAndReadAll(sql)).getRowObjectsJS();
  const rows = await q(`SELECT * FROM read_parquet('${file.replaceAll("'", "''")}')`);
  const types = await q(`DESCRIBE SELECT * FROM read_parquet('${file.replaceAll("'", "''")}')`);
  con.closeSync();
  db.closeSync();
  return { rows, types };
}

test('the matrix Parquet holds the whole grid, and sampled rows equal the CLI on that request', async (t) => {
  assert.ok(existsSync(CLI), `${CLI} is missing: build it first (bash core/scripts/build.sh native)`);
  const dir = mkdtempSync(join(tmpdir(), 'rl-matrix-'));
  try {
    const file = join(dir, 'roofline.parquet');
    const { rows: written } = await writeMatrix(ARGS, file, { build: false });
    assert.equal(written, GRID_SIZE);
    const { rows, types } = await readParquet(file);

    // The columns, in order, with their types.
    assert.deepEqual(types.map((c) => [c.column_name, c.column_type]), Object.entries(COLUMNS));

    // Exactly the grid: as many rows as setups, and every setup once.
    assert.equal(rows.length, GRID_SIZE);
    const keys = new Set(rows.map((r) => JSON.stringify(requestOf(r))));
    assert.equal(keys.size, GRID_SIZE, 'a setup appears twice');
    for (const r of rows) {
      assert.ok(GRID['--models'].includes(r.model) && GRID['--gpus'].includes(r.gpu), `${r.model} on ${r.gpu} is not in the grid`);
      assert.ok(GRID['--seqs'].includes(String(r.seq)) && GRID['--tps'].includes(String(r.tp)), 'seq or tp off the grid');
      assert.equal(Number(r.pp), 1);
    }

    // No refusal carries a time or a cost, anywhere in the file.
    const refused = rows.filter((r) => !r.fits);
    for (const r of refused)
      for (const c of TIMING_AND_COST) assert.equal(r[c], null, `${JSON.stringify(requestOf(r))}: a refusal with ${c}`);

    // The sample: one refusal and one fit with a cloud cost for sure (so
    // neither comparison is vacuous), the rest drawn at random.
    const withCost = rows.filter((r) => r.fits && r.cloud_usd_per_mtok_out !== null);
    assert.ok(refused.length > 0 && withCost.length > 0, 'the grid must hold refusals and costed fits');
    const seed = Number(process.env.MATRIX_SEED) || Date.now() % 2147483647;
    t.diagnostic(`sample seed ${seed} (MATRIX_SEED=${seed} replays it)`);
    const pick = sampler(seed);
    const chosen = new Set([refused[pick(refused.length)], withCost[pick(withCost.length)]]);
    const pool = rows.filter((r) => !chosen.has(r));
    while (chosen.size < Math.min(SAMPLE, rows.length)) chosen.add(pool.splice(pick(pool.length), 1)[0]);

    for (const row of chosen) {
      const request = requestOf(row);
      const want = expectedRow(cliJson(request));
      const got = {};
      for (const k of Object.keys(COLUMNS).slice(8)) got[k] = plain(row[k]);
      // Every figure column: the CLI's number exactly (the CSV/NDJSON carry
      // 17 significant digits), or null where the report has none.
      const full = { ...Object.fromEntries(Object.keys(got).map((k) => [k, null])), ...want };
      assert.deepEqual(got, full, `row ${JSON.stringify(request)}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the CSV carries the same rows as the NDJSON, refusals with empty cells', () => {
  const args = ['--models', 'llama-3-70b', '--gpus', 'rtx-4090,h100-sxm', '--seqs', '4096', '--batches', '1', '--tps', '1,2'];
  const csv = spawnSync(CLI, ['--matrix', ...args], { encoding: 'utf8' });
  const nd = spawnSync(CLI, ['--matrix', '--format', 'ndjson', ...args], { encoding: 'utf8' });
  assert.equal(csv.status, 0, csv.stderr);
  assert.equal(nd.status, 0, nd.stderr);
  const lines = csv.stdout.trimEnd().split('\n');
  assert.equal(lines[0], Object.keys(COLUMNS).join(','));
  const objs = nd.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
  assert.equal(lines.length - 1, objs.length);
  assert.equal(objs.length, 2 * 3 * 2 * 2); // gpus × precisions × kv precisions × tps
  assert.ok(objs.some((o) => !o.fits) && objs.some((o) => o.fits), 'both refusals and fits');
  lines.slice(1).forEach((line, i) => {
    const cells = line.split(',');
    const o = objs[i];
    // Numbers compare as numbers: both lines print 17 digits, JSON.parse keeps the double.
    const read = cells.map((c, k) => (c === '' ? null : typeof o[Object.keys(COLUMNS)[k]] === 'number' ? Number(c) : c === 'true' ? true : c === 'false' ? false : c));
    assert.deepEqual(read, Object.keys(COLUMNS).map((k) => o[k]), line);
    if (!o.fits) for (const c of TIMING_AND_COST) assert.equal(cells[Object.keys(COLUMNS).indexOf(c)], '', `${line}: ${c}`);
  });
});

test('a setup the reader rejects keeps its row, with the error and no figures', () => {
  // jetson-agx-orin-64g is unified memory without a GPU memory limit: the reader refuses it.
  const request = requestOf({ model: 'qwen3-4b', gpu: 'jetson-agx-orin-64g', precision: 'auto', kv_precision: 'auto', seq: 4096, batch: 1, tp: 1, pp: 1 });
  const j = cliJson(request);
  assert.ok(j.error, 'the CLI refuses this request (else pick another one)');
  const nd = spawnSync(CLI, ['--matrix', '--format', 'ndjson', '--models', 'qwen3-4b', '--gpus', 'jetson-agx-orin-64g', '--precisions', 'auto',
    '--kv-precisions', 'auto', '--seqs', '4096', '--batches', '1', '--tps', '1'], { encoding: 'utf8' });
  assert.equal(nd.status, 0, nd.stderr);
  const rows = nd.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
  assert.equal(rows.length, 1);
  const want = { ...Object.fromEntries(Object.keys(COLUMNS).slice(8).map((k) => [k, null])), ...expectedRow(j) };
  assert.deepEqual(Object.fromEntries(Object.keys(COLUMNS).slice(8).map((k) => [k, rows[0][k]])), want);
});

test('bad arguments exit 2 and name the flag', () => {
  for (const [args, flag] of [
    [['--seqs', '0'], '--seqs'], [['--tps', '2,,4'], '--tps'], [['--batches', 'x'], '--batches'],
    [['--models', 'no-such-model'], '--models'], [['--gpus', 'h100-sxm,nope'], '--gpus'],
    [['--precisions', 'fp7'], '--precisions'], [['--kv-precisions', 'int3'], '--kv-precisions'],
    [['--format', 'xml'], '--format'], [['--pps', '0'], '--pps'], [['--bogus', '1'], '--bogus'], [['--tps'], '--tps'],
  ]) {
    const r = spawnSync(CLI, ['--matrix', ...args], { encoding: 'utf8' });
    assert.equal(r.status, 2, `${args.join(' ')}: exit ${r.status}`);
    assert.equal(r.stdout, '', `${args.join(' ')}: no rows on a usage error`);
    assert.match(r.stderr, new RegExp(`^roofline-lint --matrix: ${flag}: `), args.join(' '));
  }
});
