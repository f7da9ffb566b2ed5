// Presentation only: how many digits a reader needs. No figure is derived here;
// every value comes from the core's report, and data-value keeps the raw number.

// Made on first use (only for |v| ≥ 1e21): building an Intl.NumberFormat loads ICU data, a few
// milliseconds the page's first verdict would otherwise wait for.
let grouped = null;
const groupedFormat = (a) => (grouped ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })).format(a);
const MINUS = '\u2212';

function sign(v, text) {
  return v < 0 ? MINUS + text : text;
}

/** A value the core could not give as a finite number (it writes null for those). */
function odd(v) {
  if (v === Infinity) return '\u221e';
  if (v === -Infinity) return `${MINUS}\u221e`;
  return '\u2014';
}

/**
 * Thousands separators in the integer part of a plain decimal text, from five digits on
 * (2415919104.00 → 2,415,919,104.00; 1000000 → 1,000,000), as integer() groups whole
 * numbers; four digits stay as they are (3350 GB/s, 1000T), the fraction never.
 */
export function groupDigits(text) {
  const m = /^(\d{5,})(\.\d*)?$/.exec(text);
  return m ? m[1].replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (m[2] ?? '') : text;
}

/** `digits` significant digits, trailing zeros dropped, never exponent notation for |v| ≥ 1e-6. */
export function significant(v, digits) {
  if (!Number.isFinite(v)) return odd(v);
  if (v === 0) return '0';
  const text = Math.abs(v).toPrecision(digits);
  const plain = text.includes('e') ? Number(text).toString() : text;
  return sign(v, groupDigits(plain.includes('.') ? plain.replace(/\.?0+$/, '') : plain));
}

export function fixed(v, decimals) {
  if (!Number.isFinite(v)) return odd(v);
  const text = Math.abs(v).toFixed(decimals);
  return Number(text) === 0 ? '0' : sign(v, groupDigits(text));
}

export function integer(v) {
  if (!Number.isFinite(v)) return odd(v);
  const a = Math.round(Math.abs(v));
  // Intl is slow on the hot path of every update; plain grouping is exact below 1e21.
  const text = a < 1e21 ? String(a).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : groupedFormat(a);
  return sign(v, text);
}

/** 131.42 GiB, 7.49 GiB, 0.5625 GiB, 0.01953 GiB. */
export function gib(v) {
  return `${Math.abs(v) >= 1 ? fixed(v, 2) : significant(v, 4)} GiB`;
}

/** A capacity as given (40 GiB, 141 GiB, 6.5 GiB), not padded to two decimals. */
export function capacity(v) {
  return `${significant(v, 6)} GiB`;
}

/** Arithmetic intensity and ridge, FLOP/byte: 1.21, 14.04, 200.6, 5,326. */
export function intensity(v) {
  const a = Math.abs(v);
  if (a >= 1000) return integer(v);
  if (a >= 100) return fixed(v, 1);
  if (a >= 0.01) return fixed(v, 2);
  return significant(v, 3);
}

/** 5.56 ms, 12.5 ms, 0.496 ms, 1,234 ms. */
export function ms(v) {
  return `${Math.abs(v) >= 1000 ? integer(v) : significant(v, 3)} ms`;
}

/** 180 tok/s, 2,087 tok/s, 12.3 tok/s. */
export function tokensPerS(v) {
  return `${Math.abs(v) >= 100 ? integer(v) : significant(v, 3)} tok/s`;
}

/** A fraction shown as a percentage: 0.006028 → 0.60%, 0.1111 → 11.1%. */
export function percent(fraction) {
  if (!Number.isFinite(fraction)) return odd(fraction);
  const p = fraction * 100;
  if (p === 0) return '0%';
  if (Math.abs(p) < 0.01) return `${significant(p, 2)}%`;
  return `${Math.abs(p) < 10 ? fixed(p, 2) : fixed(p, 1)}%`;
}

/** 0.66×, 1.85×; a ratio that is not 1 never reads 1.00× (a 0.3 % gain is 1.003×, up to 1.00001×). */
export function times(v) {
  let d = 2;
  while (d < 5 && v !== 1 && Number.isFinite(v) && fixed(v, d) === fixed(1, d)) d++;
  return `${fixed(v, d)}\u00d7`;
}

const SI = [
  [1e15, 'P'],
  [1e12, 'T'],
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** Decimal SI prefixes, as bandwidth is quoted: 8.65 GB, 10.5 GFLOP, 147,456 B. */
export function si(v, unit) {
  if (!Number.isFinite(v)) return `${odd(v)} ${unit}`;
  const a = Math.abs(v);
  for (const [scale, prefix] of SI) {
    if (a >= scale) return `${significant(v / scale, 3)} ${prefix}${unit}`;
  }
  return `${integer(v)} ${unit}`;
}

/** Parameter counts: 4.02 B (4,022,468,096 in the explanation). */
export function params(v) {
  if (Math.abs(v) >= 1e9) return `${significant(v / 1e9, 3)} B`;
  if (Math.abs(v) >= 1e6) return `${significant(v / 1e6, 3)} M`;
  return integer(v);
}

export const formatters = { gib, intensity, ms, tokensPerS, percent, times, integer, params };
