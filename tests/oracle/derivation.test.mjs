// derivation.mjs on its own: how a figure is printed again, and which figures it reads.
// Run: node --test tests/oracle/
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { refreshDerivation, writeLike } from './derivation.mjs';
import { Q } from './rational.mjs';

test('a figure is printed as the comment printed it: grouped, exponent or decimal, at least 7 digits', () => {
  assert.equal(writeLike('18,208,006,144', new Q(17157332992n)), '17,157,332,992');
  assert.equal(writeLike('6771712', new Q(6771712n)), '6771712');
  assert.equal(writeLike('1.918172e+10', 18023451521.07981), '1.802345e+10');
  assert.equal(writeLike('0.5485201', new Q(1n, 3n)), '0.3333333');
  assert.equal(writeLike('16.279935', 15.24935777930358), '15.249358');
  assert.equal(writeLike('8.112264', new Q(8n)), '8');
});

test('only the derivation is read: the prose before it keeps its numbers', () => {
  const report = { roofline: { ai: new Q(8n) } };
  const comment = 'Why: AI = 9.5, ridge is high. Derivation: AI = 8.112264, ridge = 1';
  const { text, stale } = refreshDerivation(comment, report);
  assert.equal(text, 'Why: AI = 9.5, ridge is high. Derivation: AI = 8, ridge = 1');
  assert.deepEqual(stale, [{ path: 'roofline.ai', shown: '8.112264', oracle: '8' }]);
  assert.deepEqual(refreshDerivation(text, report).stale, []);
  assert.deepEqual(refreshDerivation('no derivation: AI = 3, ridge', report), { text: 'no derivation: AI = 3, ridge', stale: [] });
});

test('the bound beside the ridge follows the report', () => {
  const report = { roofline: { bound: 'compute' } };
  const { text, stale } = refreshDerivation('Derivation: ridge = 312e12/1555e9 = 200.6 -> memory-bound, ceiling', report);
  assert.equal(text, 'Derivation: ridge = 312e12/1555e9 = 200.6 -> compute-bound, ceiling');
  assert.deepEqual(stale, [{ path: 'roofline.bound', shown: 'memory', oracle: 'compute' }]);
});

test('the realistic budget line follows the report: the pool, the room (negative too), the verdict and the batches', () => {
  const realistic = { pool_gib: new Q(80n), kv_room_gib: new Q(-3n, 2n) };
  Object.defineProperty(realistic, 'room_gib', { value: new Q(-1n), enumerable: false });
  Object.defineProperty(realistic, 'need_gib', { value: new Q(5n), enumerable: false });
  const report = { level: 'tight', gpu: { vram_gib: new Q(80n) }, config: { pool_fraction: new Q(1n) },
    memory: { max_batch_realistic: new Q(0n), realistic } };
  const comment = 'Derivation: realistic: pool 0.9*80 = 72, context 0.6; room for KV + logits = pool - reserves - weights = 7.5 GiB ' +
    'vs B*(KV/request + 4V) = 5 GiB -> fits; max_batch_realistic = floor(room/(KV/request + 4V)) = 1; kv_room_gib = room - B*4V = 7.253';
  const { text, stale } = refreshDerivation(comment, report);
  assert.equal(text, 'Derivation: realistic: pool 1*80 = 80, context 0.6; room for KV + logits = pool - reserves - weights = -1 GiB ' +
    'vs B*(KV/request + 4V) = 5 GiB -> tight; max_batch_realistic = floor(room/(KV/request + 4V)) = 0; kv_room_gib = room - B*4V = -1.5');
  assert.deepEqual(stale.map((s) => s.path), ['config.pool_fraction', 'memory.realistic.pool_gib', 'memory.realistic.room_gib',
    'memory.max_batch_realistic', 'memory.realistic.kv_room_gib', 'level']);
  assert.deepEqual(refreshDerivation(text, report).stale, []);
});

// SGLang's budget (analysis.mjs, context.mjs): the context and NCCL, then f of what they leave; no logits in its pool.
function sglangReport() {
  const realistic = { pool_gib: new Q(33251n, 500n), context_reserve_gib: new Q(3n, 5n), nccl_gib: new Q(0n), free_at_start_gib: new Q(397n, 5n),
    kv_room_gib: new Q(50n) };
  Object.defineProperty(realistic, 'room_gib', { value: new Q(50n), enumerable: false });
  Object.defineProperty(realistic, 'need_gib', { value: new Q(1n, 2n), enumerable: false });
  return { level: 'fits', gpu: { vram_gib: new Q(80n) }, config: { pool_fraction: new Q(83n, 100n), pool_of: 'free_at_start' },
    memory: { max_batch_realistic: new Q(100n), realistic }, remedies: [] };
}

test('SGLang\'s budget line follows the report: the pool of what the context and NCCL leave, the room for KV alone', () => {
  const report = sglangReport();
  const comment = 'Derivation: realistic: pool = ctx + nccl + f*(V - ctx - nccl) = 0.6 + 0.7 + 0.9*(80 - 0.6 - 0.7) = 72.1 GiB; ' +
    'free at start = V - ctx - nccl = 78.7 GiB; room for KV = pool - reserves - weights = -2 GiB vs B*KV/request = 5 GiB -> tight; ' +
    'max_batch_realistic = floor(room/(KV/request)) = 0; kv_room_gib = room = -2';
  const { text, stale } = refreshDerivation(comment, report);
  assert.equal(text, 'Derivation: realistic: pool = ctx + nccl + f*(V - ctx - nccl) = 0.6 + 0 + 0.83*(80 - 0.6 - 0) = 66.502 GiB; ' +
    'free at start = V - ctx - nccl = 79.4 GiB; room for KV = pool - reserves - weights = 50 GiB vs B*KV/request = 0.5 GiB -> fits; ' +
    'max_batch_realistic = floor(room/(KV/request)) = 100; kv_room_gib = room = 50');
  assert.deepEqual(stale.map((s) => s.path), ['memory.realistic.nccl_gib', 'config.pool_fraction', 'memory.realistic.nccl_gib',
    'memory.realistic.pool_gib', 'memory.realistic.free_at_start_gib', 'memory.realistic.room_gib', 'memory.realistic.need_gib',
    'memory.max_batch_realistic', 'memory.realistic.kv_room_gib', 'level']);
  assert.deepEqual(refreshDerivation(text, report).stale, []);
});

test('under SGLang the other engines\' budget (f*V, logits) is a stale formula, rewritten to SGLang\'s shape', () => {
  const report = sglangReport();
  const comment = 'Derivation: realistic: pool 0.83*80 = 66.4, context 0.6; room for KV + logits = pool - reserves - weights = 50 GiB ' +
    'vs B*(KV/request + 4V) = 0.5 GiB -> fits; max_batch_realistic = floor(room/(KV/request + 4V)) = 100; kv_room_gib = room - B*4V = 50';
  const { text, stale } = refreshDerivation(comment, report);
  assert.equal(text, 'Derivation: realistic: pool = ctx + nccl + f*(V - ctx - nccl) = 0.6 + 0 + 0.83*(80 - 0.6 - 0) = 66.502, context 0.6; ' +
    'room for KV = pool - reserves - weights = 50 GiB vs B*KV/request = 0.5 GiB -> fits; max_batch_realistic = floor(room/(KV/request)) = 100; ' +
    'kv_room_gib = room = 50');
  assert.ok(stale.some((s) => s.path === 'memory.realistic.pool_gib'));
  assert.equal(stale.filter((s) => s.path === 'formula').length, 5);
  assert.deepEqual(refreshDerivation(text, report).stale, []);
  // The same words under an engine whose pool is a share of the GPU are its formula, not a stale one.
  const vllm = { ...report, config: { ...report.config, pool_of: 'gpu' } };
  assert.ok(!refreshDerivation(comment, vllm).stale.some((s) => s.path === 'formula'));
});

test('SGLang\'s raise_pool_fraction and the size-only estimate\'s usable share are read', () => {
  const report = { ...sglangReport(), remedies: [{ code: 'raise_pool_fraction', value: new Q(91n, 100n) }] };
  const line = 'Derivation: raise_pool_fraction = ceil(100*(weights + overhead + B*KV/request)/free at start)/100 = 0.92';
  const { text, stale } = refreshDerivation(line, report);
  assert.equal(text, line.replace('0.92', '0.91'));
  assert.deepEqual(stale.map((s) => s.path), ['remedies.raise_pool_fraction.value']);
  const estimate = { estimate: { pool_fraction: new Q(83n, 100n), usable_gib_per_gpu: new Q(32951n, 500n).div(new Q(51n, 50n)) }, gpu: { vram_gib: new Q(80n) } };
  const usable = 'Derivation: usable = f*(V - ctx)/(1 + overhead) = 0.83*(80 - 0.6)/1.02 = 64.6098';
  assert.deepEqual(refreshDerivation(usable, estimate).stale, []);
  assert.deepEqual(refreshDerivation(usable.replace('64.6098', '64.51'), estimate).stale.map((s) => s.path), ['estimate.usable_gib_per_gpu']);
});

test('a cost figure shown as "0" is rewritten in its own place, not in the uncaptured "seq 2000" beside it', () => {
  const report = { derived: { cost_prefill_ms: 38.69491, cost_step_ms: 10.27126 }, cost: { workload: { hours_per_request: 0.00005532872 } } };
  const comment = 'Derivation: (prefill 0 ms at seq 2000 + 500 x step 0 ms / batch 32) / 3.6e6 = 0 h; active';
  const { text } = refreshDerivation(comment, report);
  assert.equal(text, 'Derivation: (prefill 38.69491 ms at seq 2000 + 500 x step 10.27126 ms / batch 32) / 3.6e6 = 0.00005532872 h; active');
});
