// The sweep chart's expected curve: per token of the requests the engine runs at once. Past the realistic
// budget's max batch the engine runs that many and the rest wait, so the expected ms per token is the
// engine's step over them (1000 / its tokens/s), not over the batch on the axis.
import { expect, test } from 'vitest';
import { expectedMpt } from '../../web/src/charts/SweepChart.jsx';
import { loadTestCore } from './core.js';

const core = await loadTestCore();

test('each point\'s expected ms per token is the inverse of its expected tokens/s, tight points included', () => {
  const { points } = core.sweep({ model: 'qwen3-32b', gpu: 'h100-sxm', batch: 10 });
  const capped = points.filter((p) => p.realistic_batch < p.batch);
  expect(capped.length).toBeGreaterThan(0);
  for (const p of capped) expect(p.tight).toBe(true);
  for (const p of points) {
    expect(p.realistic_step_ms).toBeGreaterThan(0);
    expect(expectedMpt(p)).toBeCloseTo(1000 / p.realistic_tokens_per_s, 9);
  }
  // Past the budget the engine's figures stay those of its max batch.
  const runs = new Set(capped.map((p) => p.realistic_batch));
  expect(runs.size).toBe(1);
  expect(new Set(capped.map((p) => p.realistic_tokens_per_s)).size).toBe(1);
});
