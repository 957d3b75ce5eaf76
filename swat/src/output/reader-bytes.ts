// Byte-level reading of output.rch / output.sub / output.hru: the same fixed-column rules as
// reader.ts, applied to the file's bytes where they lie instead of to one JS string per line.
// Output loading is the last step of every run and reads hundreds of megabytes (a 13-year
// daily run: ~500,000 rows of 45–80 fields); skipping the line strings, the async iteration per
// row and the decoding makes it several times faster (bench/suites/run-io.ts).
import { closeSync, openSync, readSync } from 'node:fs';
import { parseFortranNumber } from './fortran.ts';

const POW10: number[] = [];
for (let i = 0; i <= 22; i++) POW10.push(Number(`1e${i}`));

/** parseFortranNumber (fortran.ts) over bytes buf[start, end): same results, NaN alike. */
export function parseFortranNumberAt(buf: Uint8Array, start: number, end: number): number {
  let i = start;
  while (i < end && buf[i] === 32) i++;
  if (i >= end) return NaN;
  let neg = false;
  let c = buf[i]!;
  if (c === 45) { neg = true; i++; } else if (c === 43) i++;
  let mant = 0;
  let nDigits = 0;
  let scale = 0;
  let sawDot = false;
  let sawDigit = false;
  for (; i < end; i++) {
    c = buf[i]!;
    if (c >= 48 && c <= 57) {
      sawDigit = true;
      if (nDigits < 17) {
        mant = mant * 10 + (c - 48);
        if (mant !== 0) nDigits++;
        if (sawDot) scale++;
      } else if (!sawDot) scale--;
    } else if (c === 46 && !sawDot) sawDot = true;
    else break;
  }
  if (!sawDigit) return NaN;
  let exp = 0;
  if (i < end) {
    c = buf[i]!;
    let expNeg = false;
    if (c === 69 || c === 101 || c === 68 || c === 100) c = buf[++i]!;
    if (c === 45) { expNeg = true; i++; } else if (c === 43) i++;
    for (; i < end; i++) {
      c = buf[i]!;
      if (c >= 48 && c <= 57) exp = exp * 10 + (c - 48);
      else break;
    }
    while (i < end && buf[i] === 32) i++;
    if (i < end) return NaN;
    if (expNeg) exp = -exp;
  }
  // Long mantissas: the string parser rounds them (rare in SWAT's E/F fields).
  if (nDigits >= 16) return parseFortranNumber(latin1(buf, start, end), 0, end - start);
  const e10 = exp - scale;
  let v: number;
  if (e10 === 0) v = mant;
  else if (e10 < 0 && e10 >= -22) v = mant / POW10[-e10]!;
  else if (e10 > 0 && e10 <= 22) v = mant * POW10[e10]!;
  else v = Number(`${mant}e${e10}`);
  return neg ? -v : v;
}

/**
 * parseFortranNumberAt for a field SWAT writes with `d` digits after the point, faster: a
 * gfortran Ew.d field ('  0.1234E+02', '-.1234E-05') or Fw.d field ('   102.463') is checked at
 * its fixed places and its digits read once into an integer mantissa; the value is then
 * computed by the same operations as parseFortranNumberAt (mantissa × or ÷ an exact power of
 * ten), so the result is the same double. Anything else ('*****' overflow, blanks, another
 * shape) goes to parseFortranNumberAt itself. buf[start, end) must be the whole field.
 */
export function parseFortranFieldAt(buf: Uint8Array, start: number, end: number, d: number): number {
  const v = fieldValue(buf, start, end, d);
  return v === NOT_MINE ? parseFortranNumberAt(buf, start, end) : v;
}

/** What fieldValue answers for a field it does not recognise (it never computes it: its values are finite). */
const NOT_MINE = -Infinity;

/** parseFortranFieldAt's recognised shapes, small enough for V8 to inline into the loop over a row's fields. */
function fieldValue(buf: Uint8Array, start: number, end: number, d: number): number {
  let e10: number;
  let dot: number;
  let mant = 0;
  const isE = buf[end - 4] === 69;
  if (isE) {
    // Ew.d: the point, d digits, E, the exponent's sign and two digits
    const s = buf[end - 3]!;
    const e1 = buf[end - 2]! - 48;
    const e0 = buf[end - 1]! - 48;
    if ((s !== 43 && s !== 45) || e1 >>> 0 > 9 || e0 >>> 0 > 9) return NOT_MINE;
    e10 = (s === 45 ? -(e1 * 10 + e0) : e1 * 10 + e0) - d;
    dot = end - 5 - d;
  } else {
    // Fw.d: digits, the point, d digits
    e10 = -d;
    dot = end - 1 - d;
  }
  if (dot < start || buf[dot] !== 46) return NOT_MINE;
  let i = dot - 1;
  let c = buf[i]!;
  let digits = d;
  if (!isE) {
    // F: the integer part
    let ip = 0;
    let p = 1;
    for (; i >= start && (c - 48) >>> 0 <= 9; c = buf[--i]!) {
      ip += (c - 48) * p;
      p *= 10;
      digits++;
    }
    mant = ip;
  } else if (c === 48 && i >= start) c = buf[--i]!; // E: '0.' or '.'
  if (digits > 15 || digits === 0) return NOT_MINE;
  for (let k = dot + 1, last = dot + d; k <= last; k++) {
    const x = buf[k]! - 48;
    if (x >>> 0 > 9) return NOT_MINE;
    mant = mant * 10 + x;
  }
  let neg = false;
  if (c === 45 && i >= start) {
    neg = true;
    c = buf[--i]!;
  }
  // only blanks before the number
  for (; i >= start; c = buf[--i]!) if (c !== 32) return NOT_MINE;
  let v: number;
  if (e10 === 0) v = mant;
  else if (e10 < 0 && e10 >= -22) v = mant / POW10[-e10]!;
  else if (e10 > 0 && e10 <= 22) v = mant * POW10[e10]!;
  else return NOT_MINE;
  return neg ? -v : v;
}

/** parseFortranInt (fortran.ts) over bytes buf[start, end). */
export function parseFortranIntAt(buf: Uint8Array, start: number, end: number): number {
  let i = start;
  while (i < end && buf[i] === 32) i++;
  if (i >= end) return NaN;
  let neg = false;
  let c = buf[i]!;
  if (c === 45) { neg = true; i++; } else if (c === 43) i++;
  let v = 0;
  let any = false;
  for (; i < end; i++) {
    c = buf[i]!;
    if (c >= 48 && c <= 57) { v = v * 10 + (c - 48); any = true; } else if (c === 32) break;
    else return NaN;
  }
  if (!any) return NaN;
  return neg ? -v : v;
}

/** The latin1 text of buf[start, end) (short fields: GIS codes, land use). */
export function latin1(buf: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(buf[i]!);
  return s;
}

/**
 * Calls `line(buf, start, end)` for each line of a file (LF or CRLF; the CR is left out),
 * reading it in blocks: memory stays bounded whatever the file's size. A line is valid only
 * during its call (the block is reused).
 */
export function forEachLineOfFile(path: string, line: (buf: Buffer, start: number, end: number) => void, blockSize = 8 << 20): void {
  const fd = openSync(path, 'r');
  try {
    let buf = Buffer.allocUnsafe(blockSize);
    let fill = 0;
    for (;;) {
      if (fill === buf.length) {
        // one line longer than the block: grow it
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, fill);
        buf = bigger;
      }
      const n = readSync(fd, buf, fill, buf.length - fill, null);
      const end = fill + n;
      let start = 0;
      for (;;) {
        const nl = buf.indexOf(10, start);
        if (nl < 0 || nl >= end) break;
        line(buf, start, nl > start && buf[nl - 1] === 13 ? nl - 1 : nl);
        start = nl + 1;
      }
      if (n === 0) {
        if (start < end) line(buf, start, end > start && buf[end - 1] === 13 ? end - 1 : end);
        return;
      }
      buf.copy(buf, 0, start, end);
      fill = end - start;
    }
  } finally {
    closeSync(fd);
  }
}
