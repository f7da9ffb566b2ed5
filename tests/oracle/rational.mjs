// Exact rational numbers over BigInt, and the one rounding to a double.
//
// Every figure the oracle computes is held as a fraction n/d in lowest terms
// (d > 0), so nothing is rounded until toNumber(), which rounds once to the
// nearest double (ties to even). Q.of(number) reads a number as the decimal
// it spells (0.9 is 9/10); Q.fromDouble(x) takes the exact value of the double.

function gcd(a, b) {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

function bitLength(x) {
  if (x < 0n) x = -x;
  return x === 0n ? 0 : x.toString(2).length;
}

export class Q {
  constructor(n, d = 1n) {
    if (d === 0n) throw new RangeError('division by zero');
    if (d < 0n) {
      n = -n;
      d = -d;
    }
    const g = gcd(n, d);
    if (g > 1n) {
      n /= g;
      d /= g;
    }
    this.n = n;
    this.d = d;
    Object.freeze(this);
  }

  // Accepts a Q, a BigInt, a safe integer, or a decimal string.
  static of(x) {
    if (x instanceof Q) return x;
    if (typeof x === 'bigint') return new Q(x);
    if (typeof x === 'number') return Q.fromNumberLiteral(x);
    if (typeof x === 'string') return Q.fromDecimal(x);
    throw new TypeError(`not a number: ${String(x)}`);
  }

  // "1.5e-3", "-7", "4096.000": the exact decimal value.
  static fromDecimal(text) {
    const m = /^\s*([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/.exec(text);
    if (!m || (m[2] === '' && (m[3] === undefined || m[3] === ''))) throw new SyntaxError(`not a decimal: ${text}`);
    const frac = m[3] ?? '';
    let n = BigInt((m[2] || '0') + frac);
    let exp = BigInt(m[4] ?? '0') - BigInt(frac.length);
    if (m[1] === '-') n = -n;
    return exp >= 0n ? new Q(n * 10n ** exp) : new Q(n, 10n ** -exp);
  }

  // A JSON number as its author wrote it: the shortest decimal that reads back
  // as this double is, for any literal of up to 17 significant digits, the literal.
  static fromNumberLiteral(x) {
    if (!Number.isFinite(x)) throw new RangeError(`not finite: ${x}`);
    return Q.fromDecimal(String(x));
  }

  // The exact value a double holds (used for stored figures and tolerances).
  static fromDouble(x) {
    if (!Number.isFinite(x)) throw new RangeError(`not finite: ${x}`);
    if (x === 0) return ZERO;
    const buf = new DataView(new ArrayBuffer(8));
    buf.setFloat64(0, x);
    const bits = buf.getBigUint64(0);
    const neg = bits >> 63n === 1n;
    const e = Number((bits >> 52n) & 0x7ffn);
    let mant = bits & ((1n << 52n) - 1n);
    let exp;
    if (e === 0) exp = -1074;
    else {
      mant |= 1n << 52n;
      exp = e - 1075;
    }
    if (neg) mant = -mant;
    return exp >= 0 ? new Q(mant << BigInt(exp)) : new Q(mant, 1n << BigInt(-exp));
  }

  add(o) {
    o = Q.of(o);
    return new Q(this.n * o.d + o.n * this.d, this.d * o.d);
  }
  sub(o) {
    o = Q.of(o);
    return new Q(this.n * o.d - o.n * this.d, this.d * o.d);
  }
  mul(o) {
    o = Q.of(o);
    return new Q(this.n * o.n, this.d * o.d);
  }
  div(o) {
    o = Q.of(o);
    return new Q(this.n * o.d, this.d * o.n);
  }
  neg() {
    return new Q(-this.n, this.d);
  }
  abs() {
    return this.n < 0n ? this.neg() : this;
  }
  sign() {
    return this.n > 0n ? 1 : this.n < 0n ? -1 : 0;
  }
  cmp(o) {
    o = Q.of(o);
    const l = this.n * o.d, r = o.n * this.d;
    return l < r ? -1 : l > r ? 1 : 0;
  }
  lt(o) { return this.cmp(o) < 0; }
  le(o) { return this.cmp(o) <= 0; }
  gt(o) { return this.cmp(o) > 0; }
  ge(o) { return this.cmp(o) >= 0; }
  eq(o) { return this.cmp(o) === 0; }
  isInteger() { return this.d === 1n; }

  floor() {
    const q = this.n / this.d;
    return this.n < 0n && q * this.d !== this.n ? q - 1n : q;
  }
  ceil() {
    const q = this.n / this.d;
    return this.n > 0n && q * this.d !== this.n ? q + 1n : q;
  }

  static min(a, b) {
    a = Q.of(a);
    b = Q.of(b);
    return a.le(b) ? a : b;
  }
  static max(a, b) {
    a = Q.of(a);
    b = Q.of(b);
    return a.ge(b) ? a : b;
  }

  // Exact integer power (e >= 0).
  pow(e) {
    const k = BigInt(e);
    if (k < 0n) throw new RangeError('negative power');
    return new Q(this.n ** k, this.d ** k);
  }

  // Rounded once to the nearest double, ties to even.
  toNumber() {
    if (this.n === 0n) return 0;
    const neg = this.n < 0n;
    const a = neg ? -this.n : this.n, b = this.d;
    // Scale so that the quotient has 54 or 55 bits, then keep 53 of them.
    let s = 54 - (bitLength(a) - bitLength(b));
    let m, rem, den;
    for (;;) {
      const num = s >= 0 ? a << BigInt(s) : a;
      den = s >= 0 ? b : b << BigInt(-s);
      m = num / den;
      rem = num - m * den;
      if (m < 1n << 53n) s += 1;
      else if (m >= 1n << 54n) s -= 1;
      else break;
    }
    // m has 54 bits: one guard bit below the 53 kept.
    let exp2 = -s; // value = (m + rem/den) * 2^exp2
    // Subnormal range: keep fewer bits so the result is a multiple of 2^-1074.
    let drop = 1;
    if (exp2 + 1 < -1074) drop = -1074 - exp2;
    const half = 1n << BigInt(drop - 1);
    const keep = m >> BigInt(drop);
    const low = m - (keep << BigInt(drop));
    let r = keep;
    if (low > half || (low === half && (rem > 0n || (keep & 1n) === 1n))) r += 1n;
    const x = Number(r) * 2 ** (exp2 + drop);
    if (!Number.isFinite(x)) throw new RangeError('out of double range');
    return neg ? -x : x;
  }

  toString() {
    return this.d === 1n ? this.n.toString() : `${this.n}/${this.d}`;
  }
}

// The doubles just above and just below x (x finite).
export function nextDoubles(x) {
  const view = new DataView(new ArrayBuffer(8));
  const step = (v, up) => {
    if (v === 0) return up ? Number.MIN_VALUE : -Number.MIN_VALUE;
    view.setFloat64(0, v);
    const bits = view.getBigUint64(0);
    view.setBigUint64(0, (v > 0) === up ? bits + 1n : bits - 1n);
    return view.getFloat64(0);
  };
  return [step(x, false), step(x, true)];
}

export const ZERO = new Q(0n);
export const ONE = new Q(1n);

// ((p/q))^e for 0 <= p/q <= 1 as a fraction with denominator 2^bits, for when the
// exact power would have hundreds of thousands of digits. Truncating after each
// multiplication by squaring loses less than 2^-bits per step and an error at
// most doubles per squaring, so the absolute error is below 4·e·2^-bits; with
// bits = 4096 that is far below anything a double can show.
export function powUnitApprox(base, e, bits = 4096) {
  base = Q.of(base);
  if (base.sign() < 0 || base.gt(ONE)) throw new RangeError('base outside [0, 1]');
  const P = BigInt(bits);
  const one = 1n << P;
  const x0 = (base.n << P) / base.d;
  let result = one, x = x0, k = BigInt(e);
  while (k > 0n) {
    if (k & 1n) result = (result * x) >> P;
    k >>= 1n;
    if (k > 0n) x = (x * x) >> P;
  }
  return new Q(result, one);
}

// The exact power when it stays small, else powUnitApprox.
export function powUnit(base, e, maxBits = 4096) {
  base = Q.of(base);
  const size = (bitLength(base.n) + bitLength(base.d)) * Number(e);
  return size <= maxBits ? base.pow(e) : powUnitApprox(base, e);
}
