// The vector rules must fail what they should: a runner that passes everything proves nothing.
import { describe, expect, test } from 'vitest';
import { atPath, checkVector, compareValue } from './vector-rules.js';
import { loadTestCore } from './core.js';

const core = await loadTestCore();
const base = { name: 't', comment: '', input: { model: 'qwen3-4b', gpu: 'a100-40g' } };

describe('atPath', () => {
  const report = { a: { b: 1 }, warnings: [{ code: 'x', message: 'm' }] };
  test('walks objects and picks array elements by code', () => {
    expect(atPath(report, 'a.b')).toBe(1);
    expect(atPath(report, 'warnings.x.message')).toBe('m');
    expect(atPath(report, 'warnings.y')).toBeUndefined();
    expect(atPath(report, 'a.b.c')).toBeUndefined();
    expect(atPath(report, 'toString')).toBeUndefined();
  });
});

describe('compareValue', () => {
  test('integral expected numbers without tol are exact', () => {
    expect(compareValue('p', 57, 57, {})).toBeNull();
    expect(compareValue('p', 57, 57.0000001, {})).not.toBeNull();
  });
  test('other numbers pass at 1e-9 relative', () => {
    expect(compareValue('p', 1.5, 1.5 * (1 + 5e-10), {})).toBeNull();
    expect(compareValue('p', 1.5, 1.5 * (1 + 5e-9), {})).not.toBeNull();
  });
  test('tol is absolute and wins over the integer rule', () => {
    expect(compareValue('p', 180, 179.79, { p: 0.5 })).toBeNull();
    expect(compareValue('p', 180, 179.4, { p: 0.5 })).not.toBeNull();
  });
  test('strings and booleans are exact and typed', () => {
    expect(compareValue('p', 'fits', 'fits')).toBeNull();
    expect(compareValue('p', 'fits', 'Fits')).not.toBeNull();
    expect(compareValue('p', true, 1)).not.toBeNull();
    expect(compareValue('p', 2, '2')).not.toBeNull();
    expect(compareValue('p', 2, undefined)).not.toBeNull();
  });
});

describe('checkVector catches', () => {
  test('a wrong figure', () => {
    expect(checkVector(core, { ...base, expected: { 'memory.max_batch': 58 } })).toHaveLength(1);
  });
  test('a present path listed as absent', () => {
    expect(checkVector(core, { ...base, absent: ['decode'] })).toHaveLength(1);
  });
  test('a different warning set', () => {
    expect(checkVector(core, { ...base, warnings: ['pp_slower_than_one_gpu'] })).toHaveLength(1);
  });
  test('a missing error, and a wrong error field', () => {
    expect(checkVector(core, { ...base, error: { code: 'range', field: 'batch' } })).toHaveLength(1);
    expect(checkVector(core, { ...base, input: { ...base.input, batch: 0 }, error: { code: 'range', field: 'seq' } })).toHaveLength(1);
    expect(checkVector(core, { ...base, input: { ...base.input, batch: 0 }, error: { code: 'range', field: 'batch' } })).toEqual([]);
  });
  test('an error whose message does not name its field', () => {
    const saying = (message) => ({ analyze: () => ({ error: { code: 'unsupported', field: 'spec_tokens', message } }) });
    const v = { ...base, error: { code: 'unsupported', field: 'spec_tokens' } };
    expect(checkVector(saying('speculative decoding is not modelled with pp > 1'), v)).toHaveLength(1);
    expect(checkVector(saying('spec_tokens: not modelled with pp > 1'), v)).toEqual([]);
    // A nested field is named by its last part, as the core words it.
    const nested = { analyze: () => ({ error: { code: 'range', field: 'config.head_dim', message: 'head_dim must be 1 to 65536' } }) };
    expect(checkVector(nested, { ...base, error: { code: 'range', field: 'config.head_dim' } })).toEqual([]);
  });
  test('the rule an error broke is pinned: its why, then its values in any order', () => {
    // Speculative decoding with pp 2, through the real core: why spec_with_pp, values { pp: "2" }.
    const input = { ...base.input, spec_draft: 'qwen3-0.6b', spec_tokens: 4, spec_accept: 0.7, pp: 2 };
    const v = (extra) => ({ ...base, input, error: { code: 'unsupported', field: 'spec_tokens', ...extra } });
    expect(checkVector(core, v({ why: 'spec_with_pp', values: { pp: '2' } }))).toEqual([]);
    expect(checkVector(core, v({}))).toHaveLength(1); // a why the vector does not pin
    expect(checkVector(core, v({ why: 'offload_parallel', values: { pp: '2' } }))).toHaveLength(1);
    expect(checkVector(core, v({ why: 'spec_with_pp' }))).toHaveLength(1); // its values left out
    expect(checkVector(core, v({ why: 'spec_with_pp', values: { pp: '3' } }))).toHaveLength(1);
    expect(checkVector(core, v({ why: 'spec_with_pp', values: { pp: '2', tp: '1' } }))).toHaveLength(1);
    // A why pinned where the run has none; and two values in another order pass.
    expect(checkVector(core, { ...base, input: { ...base.input, batch: 0 }, error: { code: 'range', field: 'batch', why: 'spec_with_pp' } })).toHaveLength(1);
    const two = { analyze: () => ({ error: { code: 'contradiction', field: 'kv_heads', message: 'kv_heads (5) must divide heads (32)', why: 'kv_heads_divide', values: { kv_heads: '5', heads: '32' } } }) };
    expect(checkVector(two, { ...base, error: { code: 'contradiction', field: 'kv_heads', why: 'kv_heads_divide', values: { heads: '32', kv_heads: '5' } } })).toEqual([]);
  });
});
