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
