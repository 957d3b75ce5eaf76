// gfortran Ew.d / Fw.d / Iw output written as Latin-1 bytes into one reused buffer: what the
// output writers use for the millions of fields of a daily run. The text is exactly that of
// formatE / formatF / formatI (fortran.ts), which stay the reference (and the fallback here).
//
// Why: formatting through toExponential/toFixed and string concatenation allocated several
// strings per field; a long daily run spent more time formatting (and collecting the garbage)
// than simulating. Here a value is scaled by an exact power of ten (one correctly rounded
// multiplication or division), rounded to an integer and its digits written straight into the
// buffer. The scaled value is within a few ulps of the exact product, so the rounding direction
// is certain unless its fraction is within that error of one half: only then (a possible exact
// binary tie, about one value in 10^12 in practice) is the exact, slow formatter asked.

import { formatE, formatF, formatI, nonFinite } from './fortran.ts';

const P10 = new Float64Array(23);
for (let i = 0; i <= 22; i++) P10[i] = Number(`1e${i}`);

/** Relative error bound of a scaled value (a few roundings of 2^-53 each), with a wide margin. */
const TIE_TOL = 1e-13;

// Numbers go into the non-inlined functions below through Float64Array slots, not as
// arguments: a number passed to a function V8 does not inline is a heap allocation, and these
// run for every field of a daily run.
const ABS = new Float64Array(1);

/** ABS[0] × 10^k for an integer k, each step one correctly rounded operation by an exact power. */
function scaled(k: number): number {
  let x = ABS[0];
  while (k > 22) { x *= 1e22; k -= 22; }
  while (k < -22) { x /= 1e22; k += 22; }
  return k >= 0 ? x * P10[k] : x / P10[-k];
}

// result of roundSig: the mantissa as an integer of `sig` digits and its decimal exponent
let RM = 0;
let RE = 0;

/** Rounds ABS[0] (finite, > 0) to `sig` significant digits: RM × 10^RE with RM in
 * [10^(sig-1), 10^sig). False when the rounding is too close to a tie to decide cheaply. */
function roundSig(sig: number): boolean {
  const lo = P10[sig - 1];
  const hi = P10[sig];
  let k = sig - 1 - Math.floor(Math.log10(ABS[0]));
  let x = scaled(k);
  // log10 may be off by one next to a power of ten
  if (x < lo) x = scaled(++k);
  else if (x >= hi) x = scaled(--k);
  const fl = Math.floor(x);
  const fr = x - fl;
  if (Math.abs(fr - 0.5) <= x * TIE_TOL) return false;
  let n = fr > 0.5 ? fl + 1 : fl;
  if (n >= hi) {
    n = lo; // 9999.5 → 10000: one more digit before the point
    k--;
  }
  if (n < lo) return false;
  RM = n;
  RE = -k;
  return true;
}

/** Number of decimal digits of a non-negative integer below 2^53. */
function digitCount(n: number): number {
  let c = 1;
  while (c < 22 && n >= P10[c]) c++;
  return c;
}

/** A growing byte buffer that formatted fields are appended to. */
export class FortranBytes {
  buf: Uint8Array;
  pos = 0;
  /** The value eVal / fVal write (see ABS). */
  readonly val = new Float64Array(1);

  constructor(size = 1 << 16) {
    this.buf = new Uint8Array(size);
  }

  /** Makes room for n more bytes. */
  room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const b = new Uint8Array(size);
    b.set(this.buf.subarray(0, this.pos));
    this.buf = b;
  }

  /** Latin-1 text. */
  ascii(s: string): void {
    const n = s.length;
    this.room(n);
    const b = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) b[p++] = s.charCodeAt(i) & 0xff;
    this.pos = p;
  }

  blanks(n: number): void {
    this.room(n);
    const b = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) b[p++] = 32;
    this.pos = p;
  }

  private stars(w: number): void {
    this.room(w);
    const b = this.buf;
    let p = this.pos;
    for (let i = 0; i < w; i++) b[p++] = 42;
    this.pos = p;
  }

  /** Writes the `count` digits of integer n (zero-padded) ending before position `end`. */
  private digitsAt(n: number, count: number, end: number): void {
    const b = this.buf;
    for (let i = end - 1; i >= end - count; i--) {
      const q = Math.floor(n / 10);
      b[i] = 48 + (n - q * 10);
      n = q;
    }
  }

  /** Iw (formatI). */
  int(value: number, w: number): void {
    if (!(Math.abs(value) < 1e15)) { // NaN, infinite or huge: the string formatter
      this.ascii(formatI(value, w));
      return;
    }
    const t = Math.trunc(value);
    const neg = t < 0;
    const a = neg ? -t : t;
    const nd = digitCount(a);
    const len = nd + (neg ? 1 : 0);
    if (len > w) { this.stars(w); return; }
    this.room(w);
    const b = this.buf;
    let p = this.pos;
    for (let i = len; i < w; i++) b[p++] = 32;
    if (neg) b[p++] = 45;
    this.digitsAt(a, nd, p + nd);
    this.pos = p + nd;
  }

  /** Ew.d (formatE). */
  e(value: number, w: number, d: number): void {
    this.val[0] = value;
    this.eVal(w, d);
  }

  /** Ew.d of this.val[0]. */
  eVal(w: number, d: number): void {
    const value = this.val[0];
    if (!Number.isFinite(value)) { this.ascii(nonFinite(value, w)); return; }
    const neg = value < 0 || (value === 0 && 1 / value < 0);
    const abs = neg ? -value : value;
    let mant = 0;
    let ex = 0;
    if (abs !== 0) {
      ABS[0] = abs;
      if (d > 15 || !roundSig(d)) { this.ascii(formatE(value, w, d)); return; }
      mant = RM;
      ex = RE + d; // 0.d1d2…dd × 10^ex
    }
    const ae = ex < 0 ? -ex : ex;
    if (ae > 999) { this.stars(w); return; }
    // '.' mantissa and a 4-character exponent ('E+05', or '+100' beyond ±99)
    const needed = 1 + d + 4 + (neg ? 1 : 0);
    if (needed > w) { this.stars(w); return; }
    this.room(w);
    const b = this.buf;
    let p = this.pos;
    const zero = needed + 1 <= w;
    const pad = w - needed - (zero ? 1 : 0);
    for (let i = 0; i < pad; i++) b[p++] = 32;
    if (neg) b[p++] = 45;
    if (zero) b[p++] = 48;
    b[p++] = 46;
    this.digitsAt(mant, d, p + d);
    p += d;
    if (ae <= 99) {
      b[p++] = 69;
      b[p++] = ex < 0 ? 45 : 43;
      b[p++] = 48 + Math.floor(ae / 10);
      b[p++] = 48 + (ae % 10);
    } else {
      b[p++] = ex < 0 ? 45 : 43;
      this.digitsAt(ae, 3, p + 3);
      p += 3;
    }
    this.pos = p;
  }

  /** Fw.d (formatF). */
  f(value: number, w: number, d: number): void {
    this.val[0] = value;
    this.fVal(w, d);
  }

  /** Fw.d of this.val[0]. */
  fVal(w: number, d: number): void {
    const value = this.val[0];
    if (!Number.isFinite(value)) { this.ascii(nonFinite(value, w)); return; }
    const neg = value < 0 || (value === 0 && 1 / value < 0);
    const abs = neg ? -value : value;
    const x = d <= 15 ? abs * P10[d] : Infinity;
    if (!(x < 4e15)) { this.ascii(formatF(value, w, d)); return; }
    const fl = Math.floor(x);
    const fr = x - fl;
    if (Math.abs(fr - 0.5) <= x * TIE_TOL) { this.ascii(formatF(value, w, d)); return; }
    const n = fr > 0.5 ? fl + 1 : fl;
    const scale = P10[d];
    const ip = Math.floor(n / scale);
    const fd = n - ip * scale;
    const ipLen = digitCount(ip);
    let len = ipLen + 1 + d + (neg ? 1 : 0);
    let zero = true;
    if (len > w) {
      // gfortran drops the optional leading zero ('.123' in f4.3) before giving up
      if (ip === 0 && len - 1 <= w) {
        zero = false;
        len--;
      } else { this.stars(w); return; }
    }
    this.room(w);
    const b = this.buf;
    let p = this.pos;
    for (let i = len; i < w; i++) b[p++] = 32;
    if (neg) b[p++] = 45;
    if (zero) {
      this.digitsAt(ip, ipLen, p + ipLen);
      p += ipLen;
    }
    b[p++] = 46;
    this.digitsAt(fd, d, p + d);
    this.pos = p + d;
  }

  /** Text of the buffer so far (Latin-1). */
  text(from = 0): string {
    return Buffer.from(this.buf.buffer, this.buf.byteOffset + from, this.pos - from).toString('latin1');
  }
}
