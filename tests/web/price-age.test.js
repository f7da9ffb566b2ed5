// A price's age and the stale flag (web/src/i18n/sources.js), the same rows as the core's
// rl_price_age_days in tests/c/cost_test.c, and the cost panel's flag on a price over 12 months old.
import { describe, expect, test } from 'vitest';
import { isStale, priceAgeDays, costSource } from '../../web/src/i18n/sources.js';

describe('priceAgeDays', () => {
  const rows = [
    ['2025-12-05', '2026-12-05', 365], ['2025-12-04', '2026-12-05', 366], ['2024-02-29', '2024-03-01', 1],
    ['2024', '2026-12-05', 704], ['2026-12-05', '2026-12-05', 0], ['2026-12-06', '2026-12-05', -1],
    ['2026-13-01', '2026-12-05', -1], ['2025-02-29', '2026-12-05', -1], ['26-12-05', '2026-12-05', -1],
    ['2026-12-05', '2026', -1], ['', '2026-12-05', -1], ['2000-01-01', '2400-03-01', 146157], [undefined, '2026-12-05', -1],
  ];
  for (const [asOf, today, days] of rows) test(`${asOf} on ${today}: ${days}`, () => expect(priceAgeDays(asOf, today)).toBe(days));
});

describe('isStale', () => {
  test('over 365 days only', () => {
    expect(isStale('2025-12-05', '2026-12-05')).toBe(false);
    expect(isStale('2025-12-04', '2026-12-05')).toBe(true);
    expect(isStale('2024', '2026-12-05')).toBe(true);
    expect(isStale(undefined, '2026-12-05')).toBe(false);
    expect(isStale('2030-01-01', '2026-12-05')).toBe(false); // after today: an error elsewhere, never "stale"
  });
  test('a preset price carries the flag, a given one does not', () => {
    const c = { basis: 'realistic' };
    const old = { name: 'hardware_usd', value: 1599, origin: 'preset', source: '(as of 2022-10-11): a review', as_of: '2022-10-11' };
    expect(costSource(old, c).stale).toBe(true);
    expect(costSource({ ...old, as_of: new Date().toISOString().slice(0, 10) }, c).stale).toBe(false);
    expect(costSource({ ...old, origin: 'given', source: 'given', as_of: undefined }, c).stale).toBeUndefined();
  });
});
