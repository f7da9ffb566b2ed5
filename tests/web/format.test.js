import { expect, test } from 'vitest';
import * as f from '../../web/src/format.js';

test('the precisions the issue prints', () => {
  expect(f.gib(7.492430686950684)).toBe('7.49 GiB');
  expect(f.gib(0.5625)).toBe('0.5625 GiB');
  expect(f.gib(32.507569313049316)).toBe('32.51 GiB');
  expect(f.gib(-91.41651916503906)).toBe('\u221291.42 GiB');
  expect(f.intensity(1.209499009437017)).toBe('1.21');
  expect(f.intensity(200.64308681672026)).toBe('200.6');
  expect(f.intensity(5326.041409131913)).toBe('5,326');
  expect(f.ms(5.562003837942123)).toBe('5.56 ms');
  expect(f.tokensPerS(179.79131786611433)).toBe('180 tok/s');
  expect(f.percent(0.006028112050238979)).toBe('0.60%');
  expect(f.percent(0.1111111111111111)).toBe('11.1%');
  expect(f.percent(0)).toBe('0%');
  expect(f.times(0.6617026764532029)).toBe('0.66\u00d7');
  // A gain that rounds to 1.00 is shown to the digit that tells it from none.
  expect(f.times(1.0031)).toBe('1.003\u00d7');
  expect(f.times(0.99951)).toBe('0.9995\u00d7');
  expect(f.times(1)).toBe('1.00\u00d7');
});

test('small, large and odd values stay readable', () => {
  expect(f.gib(0.140625)).toBe('0.1406 GiB');
  expect(f.gib(0.00006103515625)).toBe('0.00006104 GiB');
  expect(f.gib(0)).toBe('0 GiB');
  expect(f.capacity(40)).toBe('40 GiB');
  expect(f.capacity(6.5)).toBe('6.5 GiB');
  expect(f.ms(0.4961946)).toBe('0.496 ms');
  expect(f.ms(12514.5)).toBe('12,515 ms');
  expect(f.tokensPerS(12.34)).toBe('12.3 tok/s');
  expect(f.integer(4022468096)).toBe('4,022,468,096');
  expect(f.params(4022468096)).toBe('4.02 B');
  expect(f.si(8648915968, 'B')).toBe('8.65 GB');
  expect(f.si(147456, 'B')).toBe('147 kB');
  expect(f.si(512, 'B')).toBe('512 B');
});

test('null or non-finite figures from the core print as a dash or infinity, never "null"', () => {
  expect(f.ms(null)).toBe('\u2014 ms');
  expect(f.gib(Infinity)).toBe('\u221e GiB');
  expect(f.intensity(NaN)).toBe('\u2014');
  expect(f.percent(null)).toBe('\u2014');
  expect(f.si(undefined, 'B')).toBe('\u2014 B');
  expect(f.integer(-Infinity)).toBe('\u2212\u221e');
});

test('five digits and more are grouped in thousands, in every formatter; four digits and fractions are not', () => {
  // The reported figures: a KV cache of 2415919104 GiB, a size of 1e15 parameters, a price of 30000.
  expect(f.gib(2415919104)).toBe('2,415,919,104.00 GiB');
  expect(f.params(1e15)).toBe('1,000,000 B');
  expect(f.significant(30000, 6)).toBe('30,000');
  expect(f.significant(-123456, 6)).toBe('\u2212123,456');
  expect(f.fixed(12345.678, 2)).toBe('12,345.68');
  expect(f.capacity(999999)).toBe('999,999 GiB');
  // Four digits stay as a GPU's figures are quoted; a fraction's digits are never grouped.
  expect(f.significant(3350, 4)).toBe('3350');
  expect(f.gib(1234.5)).toBe('1234.50 GiB');
  expect(f.significant(0.000012344, 4)).toBe('0.00001234');
  expect(f.groupDigits('1234567.891011')).toBe('1,234,567.891011');
});
