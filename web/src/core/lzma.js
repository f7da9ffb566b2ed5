// A small LZMA decoder for the single file's inlined wasm core (web/build/wasm-source.js):
// LZMA packs the module into ~14% fewer bytes than deflate at its best (57 against 67 KB),
// and no browser decompresses it, so these ~100 lines do, in a few milliseconds.
// Input: the .lzma ("LZMA alone") format with its uncompressed size in the header
// (the build writes it there); the decoder stops at that size. It follows Igor
// Pavlov's reference decoder (LzmaSpec.cpp, public domain) and throws on input it
// cannot decode (truncated, a distance before the start, a size out of bounds).

/** Decodes `src` (Uint8Array, .lzma with a known size) into a new Uint8Array. */
export function unlzma(src, maxSize = 64 << 20) {
  const bad = (why) => new Error(`corrupt LZMA data: ${why}`);
  if (src.length < 18) throw bad('too short');
  let d = src[0];
  if (d >= 225) throw bad('properties');
  const lc = d % 9; d = (d / 9) | 0;
  const lp = d % 5, pb = (d / 5) | 0;
  let size = 0;
  for (let i = 12; i >= 5; i--) size = size * 256 + src[i];
  if (size > maxSize) throw bad('size');
  const out = new Uint8Array(size);

  // The range coder's range and code: unsigned 32-bit, kept in a typed array so that the
  // closures below update them in place (a closure's number variable above 2^30 is boxed).
  const rc = new Uint32Array([0xffffffff, 0]);
  let pos = 13;
  const next = () => {
    if (pos >= src.length) throw bad('truncated');
    return src[pos++];
  };
  if (next() !== 0) throw bad('range coder');
  for (let i = 0; i < 4; i++) rc[1] = rc[1] * 256 + next();
  const bit = (p, i) => {
    const v = p[i], range = rc[0], code = rc[1], bound = (range >>> 11) * v;
    let b = 0;
    if (code < bound) {
      rc[0] = bound;
      p[i] = v + ((2048 - v) >> 5);
    } else {
      rc[0] = range - bound;
      rc[1] = code - bound;
      p[i] = v - (v >> 5);
      b = 1;
    }
    if (rc[0] < 0x1000000) {
      rc[0] *= 256;
      rc[1] = rc[1] * 256 + next();
    }
    return b;
  };
  const probs = (n) => new Uint16Array(n).fill(1024);
  const tree = (p, base, bits) => {
    let m = 1;
    for (let i = 0; i < bits; i++) m = (m << 1) + bit(p, base + m);
    return m - (1 << bits);
  };
  const reverse = (p, base, bits) => {
    let m = 1, sym = 0;
    for (let i = 0; i < bits; i++) {
      const b = bit(p, base + m);
      m = (m << 1) + b;
      sym |= b << i;
    }
    return sym;
  };
  // A length coder: choice, choice2, 16 low trees and 16 mid trees of 3 bits, one high tree of 8.
  const lenCoder = () => {
    const p = probs(514);
    return (posState) => (bit(p, 0) === 0 ? tree(p, 2 + posState * 8, 3)
      : bit(p, 1) === 0 ? 8 + tree(p, 130 + posState * 8, 3) : 16 + tree(p, 258, 8));
  };
  const literals = probs(0x300 << (lc + lp));
  const isMatch = probs(192), isRep = probs(12), isRepG0 = probs(12), isRepG1 = probs(12), isRepG2 = probs(12), isRep0Long = probs(192);
  const posSlots = probs(256), posCoders = probs(115), align = probs(16);
  const len = lenCoder(), repLen = lenCoder();
  const pbMask = (1 << pb) - 1, lpMask = (1 << lp) - 1;
  let state = 0, rep0 = 0, rep1 = 0, rep2 = 0, rep3 = 0, n = 0;

  while (n < size) {
    const posState = n & pbMask;
    if (bit(isMatch, (state << 4) + posState) === 0) {
      const base = 0x300 * (((n & lpMask) << lc) + ((n > 0 ? out[n - 1] : 0) >> (8 - lc)));
      let sym = 1;
      if (state >= 7) {
        if (rep0 >= n) throw bad('distance');
        let match = out[n - rep0 - 1];
        do {
          const mb = (match >> 7) & 1;
          match <<= 1;
          const b = bit(literals, base + ((1 + mb) << 8) + sym);
          sym = (sym << 1) | b;
          if (mb !== b) break;
        } while (sym < 0x100);
      }
      while (sym < 0x100) sym = (sym << 1) | bit(literals, base + sym);
      out[n++] = sym - 0x100;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    let length;
    if (bit(isRep, state) !== 0) {
      if (n === 0) throw bad('distance');
      if (bit(isRepG0, state) === 0) {
        if (bit(isRep0Long, (state << 4) + posState) === 0) {
          state = state < 7 ? 9 : 11;
          if (rep0 >= n) throw bad('distance');
          out[n] = out[n - rep0 - 1];
          n++;
          continue;
        }
      } else {
        let dist;
        if (bit(isRepG1, state) === 0) dist = rep1;
        else {
          if (bit(isRepG2, state) === 0) dist = rep2;
          else {
            dist = rep3;
            rep3 = rep2;
          }
          rep2 = rep1;
        }
        rep1 = rep0;
        rep0 = dist;
      }
      length = repLen(posState);
      state = state < 7 ? 8 : 11;
    } else {
      rep3 = rep2;
      rep2 = rep1;
      rep1 = rep0;
      length = len(posState);
      state = state < 7 ? 7 : 10;
      // The distance: a 6-bit slot, then its low bits from trees, or direct bits and 4 aligned ones.
      const slot = tree(posSlots, (length < 3 ? length : 3) << 6, 6);
      if (slot < 4) rep0 = slot;
      else {
        const direct = (slot >> 1) - 1;
        rep0 = (2 | (slot & 1)) * 2 ** direct;
        if (slot < 14) rep0 += reverse(posCoders, rep0 - slot, direct);
        else {
          let high = 0;
          for (let i = direct - 4; i > 0; i--) {
            rc[0] >>>= 1;
            const b = rc[1] >= rc[0] ? 1 : 0;
            if (b) rc[1] -= rc[0];
            high = high * 2 + b;
            if (rc[0] < 0x1000000) {
              rc[0] *= 256;
              rc[1] = rc[1] * 256 + next();
            }
          }
          rep0 += high * 16 + reverse(align, 0, 4);
        }
      }
    }
    length += 2;
    if (rep0 >= n) throw bad('distance');
    if (length > size - n) throw bad('length');
    for (; length > 0; length--, n++) out[n] = out[n - rep0 - 1];
  }
  return out;
}

/** Base64 text of a .lzma payload → its decoded bytes. */
export function unlzmaBase64(text) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return unlzma(bytes);
}
