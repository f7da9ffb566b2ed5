import { describe, expect, test } from 'vitest';
import { linearScale, linearTicks, logDomain, logScale, logTicks, niceStep, tickLabel, zeroDomain } from '../../web/src/charts/scale.js';
import { attainable } from '../../web/src/charts/roof.js';

describe('logScale', () => {
  const s = logScale([0.1, 1000], [0, 400]);
  test('maps the domain ends and each decade evenly', () => {
    expect(s(0.1)).toBeCloseTo(0);
    expect(s(1000)).toBeCloseTo(400);
    expect(s(1)).toBeCloseTo(100);
    expect(s(10)).toBeCloseTo(200);
  });
  test('runs backwards for a y axis, and inverts', () => {
    const y = logScale([1, 100], [300, 0]);
    expect(y(1)).toBeCloseTo(300);
    expect(y(10)).toBeCloseTo(150);
    expect(y.invert(150)).toBeCloseTo(10);
    expect(s.invert(s(42))).toBeCloseTo(42);
  });
  test('ticks: powers of ten, and 2..9 between them', () => {
    const { major, minor } = logTicks(0.1, 100);
    expect(major).toEqual([0.1, 1, 10, 100]);
    expect(minor).toHaveLength(8 * 3);
    expect(minor[0]).toBeCloseTo(0.2);
    expect(logTicks(3, 50).major).toEqual([10]);
  });
});

describe('logDomain', () => {
  test('whole decades around the values', () => {
    expect(logDomain([1.21, 200.6, 5326])).toEqual([1, 10000]);
    expect(logDomain([1.21, 5326], 2)).toEqual([0.1, 100000]);
  });
  test('at least one decade, and sane without values', () => {
    expect(logDomain([10])).toEqual([10, 100]);
    expect(logDomain([])).toEqual([1, 10]);
    expect(logDomain([0, -1, NaN])).toEqual([1, 10]);
  });
});

describe('linear', () => {
  test('scale and invert', () => {
    const s = linearScale([0, 10], [100, 0]);
    expect(s(5)).toBe(50);
    expect(s.invert(25)).toBe(7.5);
  });
  test('1-2-5 steps and nice ticks', () => {
    expect(niceStep(0, 2087, 4)).toBe(1000);
    expect(niceStep(0, 5.56, 4)).toBe(2);
    expect(zeroDomain([2087, 180], 4)).toEqual([0, 3000]);
    expect(zeroDomain([])).toEqual([0, 1]);
    expect(linearTicks(0, 3000, 4)).toEqual([0, 1000, 2000, 3000]);
    expect(linearTicks(0, 0.6, 3)).toEqual([0, 0.2, 0.4, 0.6]);
  });
});

test('tick labels', () => {
  expect([0.01, 0.1, 1, 10, 100, 1000, 10000, 1e6, 2.5e9].map(tickLabel)).toEqual(['0.01', '0.1', '1', '10', '100', '1k', '10k', '1M', '2.5G']);
});

test('the roofline is min(peak, AI × bandwidth)', () => {
  expect(attainable(1, 312, 1555)).toBeCloseTo(1.555);
  expect(attainable(1000, 312, 1555)).toBe(312);
});
