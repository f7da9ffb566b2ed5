// Pure scale functions for the charts: value → pixel, and the ticks to label.

const log10 = Math.log10;

/** Log scale from a positive domain to a pixel range. */
export function logScale([d0, d1], [r0, r1]) {
  const l0 = log10(d0);
  const span = log10(d1) - l0 || 1;
  const scale = (v) => r0 + ((log10(v) - l0) / span) * (r1 - r0);
  scale.invert = (px) => 10 ** (l0 + ((px - r0) / (r1 - r0)) * span);
  scale.domain = [d0, d1];
  scale.range = [r0, r1];
  scale.ticks = () => logTicks(d0, d1);
  return scale;
}

export function linearScale([d0, d1], [r0, r1]) {
  const span = d1 - d0 || 1;
  const scale = (v) => r0 + ((v - d0) / span) * (r1 - r0);
  scale.invert = (px) => d0 + ((px - r0) / (r1 - r0)) * span;
  scale.domain = [d0, d1];
  scale.range = [r0, r1];
  scale.ticks = (count = 5) => linearTicks(d0, d1, count);
  return scale;
}

/** Whole decades around [lo, hi] (at least one decade wide), for positive values. */
export function logDomain(values, pad = 1) {
  const finite = values.filter((v) => Number.isFinite(v) && v > 0);
  if (finite.length === 0) return [1, 10];
  const lo = 10 ** Math.floor(log10(Math.min(...finite) / pad));
  let hi = 10 ** Math.ceil(log10(Math.max(...finite) * pad));
  if (hi <= lo) hi = lo * 10;
  return [lo, hi];
}

/** Major ticks at powers of ten, minor ticks at 2..9 times them, inside [d0, d1]. */
export function logTicks(d0, d1) {
  const major = [];
  const minor = [];
  const eps = 1e-9;
  for (let k = Math.floor(log10(d0)); k <= Math.ceil(log10(d1)); k++) {
    const base = 10 ** k;
    if (base >= d0 * (1 - eps) && base <= d1 * (1 + eps)) major.push(base);
    for (let m = 2; m <= 9; m++) {
      const v = m * base;
      if (v > d0 * (1 + eps) && v < d1 * (1 - eps)) minor.push(v);
    }
  }
  return { major, minor };
}

/** A 1-2-5 step that gives about `count` ticks over [lo, hi]. */
export function niceStep(lo, hi, count = 5) {
  const raw = Math.abs(hi - lo) / Math.max(1, count);
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const mag = 10 ** Math.floor(log10(raw));
  const f = raw / mag;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

/** [0, nice max] for a linear axis that starts at zero. */
export function zeroDomain(values, count = 5) {
  const max = Math.max(0, ...values.filter(Number.isFinite));
  if (max === 0) return [0, 1];
  const step = niceStep(0, max, count);
  return [0, Math.ceil(max / step - 1e-9) * step];
}

export function linearTicks(lo, hi, count = 5) {
  const step = niceStep(lo, hi, count);
  const ticks = [];
  for (let v = Math.ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step) {
    ticks.push(Math.abs(v) < step * 1e-9 ? 0 : Number(v.toPrecision(12)));
  }
  return ticks;
}

/** Axis labels: 0.01, 0.1, 1, 10, 100, 1k, 10k, 100k, 1M. */
export function tickLabel(v) {
  const a = Math.abs(v);
  const units = [
    [1e12, 'T'],
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [s, u] of units) if (a >= s) return `${Number((v / s).toPrecision(3))}${u}`;
  return String(Number(v.toPrecision(3)));
}
