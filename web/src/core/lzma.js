// A small LZMA decoder for the single file's inlined wasm core (web/build/wasm-source.js):
// LZMA packs the module into ~14% fewer bytes than deflate at its best (56 against 65 KB),
// and no browser decompresses it, so these ~170 lines do (10-30 ms for the module).
// Input: the .lzma ("LZMA alone") format with its uncompressed size in the header
// (the build writes it there); the decoder stops at that size. It follows Igor
// Pavlov's reference decoder (LzmaSpec.cpp, public domain) and throws on input it
// cannot decode (truncated, a distance before the start, a size out of bounds).

/** The range decoder and its bit-tree readers (range and code as an object's fields: no boxing). */
class RangeDecoder {
  constructor(src, pos) {
    this.src = src;
    this.pos = pos;
    this.range = 0xffffffff;
    this.code = 0;
  }

  byte() {
    if (this.pos >= this.src.length) throw new Error('corrupt LZMA data: truncated');
    return this.src[this.pos++];
  }

  /** One bit under the adaptive probability p[i] (11 bits), which it updates. */
  bit(p, i) {
    const v = p[i], bound = (this.range >>> 11) * v;
    let b = 0;
    if (this.code < bound) {
      this.range = bound;
      p[i] = v + ((2048 - v) >> 5);
    } else {
      this.range -= bound;
      this.code -= bound;
      p[i] = v - (v >> 5);
      b = 1;
    }
    if (this.range < 0x1000000) {
      this.range *= 256;
      this.code = this.code * 256 + this.byte();
    }
    return b;
  }

  tree(p, base, bits) {
    let m = 1;
    for (let i = 0; i < bits; i++) m = (m << 1) + this.bit(p, base + m);
    return m - (1 << bits);
  }

  reverse(p, base, bits) {
    let m = 1, sym = 0;
    for (let i = 0; i < bits; i++) {
      const b = this.bit(p, base + m);
      m = (m << 1) + b;
      sym |= b << i;
    }
    return sym;
  }

  /** n bits at probability one half. */
  direct(n) {
    let r = 0;
    for (; n > 0; n--) {
      this.range = this.range >>> 1;
      let b = 0;
      if (this.code >= this.range) {
        this.code -= this.range;
        b = 1;
      }
      r = r * 2 + b;
      if (this.range < 0x1000000) {
        this.range *= 256;
        this.code = this.code * 256 + this.byte();
      }
    }
    return r;
  }

  /** A length: choice, choice2, 16 low and 16 mid trees of 3 bits, one high tree of 8 (p: 514 probabilities). */
  len(p, posState) {
    if (this.bit(p, 0) === 0) return this.tree(p, 2 + posState * 8, 3);
    if (this.bit(p, 1) === 0) return 8 + this.tree(p, 130 + posState * 8, 3);
    return 16 + this.tree(p, 258, 8);
  }
}

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
  const rc = new RangeDecoder(src, 13);
  if (rc.byte() !== 0) throw bad('range coder');
  for (let i = 0; i < 4; i++) rc.code = rc.code * 256 + rc.byte();
  const probs = (n) => new Uint16Array(n).fill(1024);
  const literals = probs(0x300 << (lc + lp));
  const isMatch = probs(192), isRep = probs(12), isRepG0 = probs(12), isRepG1 = probs(12), isRepG2 = probs(12), isRep0Long = probs(192);
  const posSlots = probs(256), posCoders = probs(115), align = probs(16);
  const len = probs(514), repLen = probs(514);
  const pbMask = (1 << pb) - 1, lpMask = (1 << lp) - 1;
  let state = 0, rep0 = 0, rep1 = 0, rep2 = 0, rep3 = 0, n = 0;
  while (n < size) {
    const posState = n & pbMask;
    if (rc.bit(isMatch, (state << 4) + posState) === 0) {
      const base = 0x300 * (((n & lpMask) << lc) + ((n > 0 ? out[n - 1] : 0) >> (8 - lc)));
      let sym = 1;
      if (state >= 7) {
        if (rep0 >= n) throw bad('distance');
        let match = out[n - rep0 - 1];
        do {
          const mb = (match >> 7) & 1;
          match <<= 1;
          const b = rc.bit(literals, base + ((1 + mb) << 8) + sym);
          sym = (sym << 1) | b;
          if (mb !== b) break;
        } while (sym < 0x100);
      }
      while (sym < 0x100) sym = (sym << 1) | rc.bit(literals, base + sym);
      out[n++] = sym - 0x100;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    let length;
    if (rc.bit(isRep, state) !== 0) {
      if (n === 0) throw bad('distance');
      if (rc.bit(isRepG0, state) === 0) {
        if (rc.bit(isRep0Long, (state << 4) + posState) === 0) {
          state = state < 7 ? 9 : 11;
          if (rep0 >= n) throw bad('distance');
          out[n] = out[n - rep0 - 1];
          n++;
          continue;
        }
      } else {
        let dist;
        if (rc.bit(isRepG1, state) === 0) dist = rep1;
        else {
          if (rc.bit(isRepG2, state) === 0) dist = rep2;
          else {
            dist = rep3;
            rep3 = rep2;
          }
          rep2 = rep1;
        }
        rep1 = rep0;
        rep0 = dist;
      }
      length = rc.len(repLen, posState);
      state = state < 7 ? 8 : 11;
    } else {
      rep3 = rep2;
      rep2 = rep1;
      rep1 = rep0;
      length = rc.len(len, posState);
      state = state < 7 ? 7 : 10;
      // The distance: a 6-bit slot, then its low bits from trees, or direct bits and 4 aligned ones.
      const slot = rc.tree(posSlots, (length < 3 ? length : 3) << 6, 6);
      if (slot < 4) rep0 = slot;
      else {
        const direct = (slot >> 1) - 1;
        rep0 = (2 | (slot & 1)) * 2 ** direct;
        if (slot < 14) rep0 += rc.reverse(posCoders, rep0 - slot, direct);
        else rep0 += rc.direct(direct - 4) * 16 + rc.reverse(align, 0, 4);
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
