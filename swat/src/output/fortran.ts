// Fortran formatted I/O by field width: reading numbers out of fixed columns and
// writing them the way gfortran's Ew.d / Fw.d / Iw edit descriptors do.
//
// Why not Number(line.slice(a, b))? Output files of a long daily run have hundreds of
// millions of fields; a char-code parser without substring allocation is several times
// faster and also understands Fortran-only spellings (".87822E+01", "0.1000+100",
// "1.0D+00", blanks, "*****" overflow).

const POW10: number[] = [];
for (let i = 0; i <= 22; i++) POW10.push(Number(`1e${i}`));

/**
 * Parses the number in line[start, end) (Fortran list of blanks, sign, digits, '.',
 * exponent with E/D or a bare signed exponent). Returns NaN for a blank field, for
 * '*' overflow fields and for anything that is not a number.
 */
export function parseFortranNumber(line: string, start: number, end: number): number {
  if (end > line.length) end = line.length;
  let i = start;
  while (i < end && line.charCodeAt(i) === 32) i++;
  if (i >= end) return NaN;
  let neg = false;
  let c = line.charCodeAt(i);
  if (c === 45 /* - */) { neg = true; i++; } else if (c === 43 /* + */) i++;
  let mant = 0;
  let nDigits = 0;
  let scale = 0; // decimal digits after the point
  let sawDot = false;
  let sawDigit = false;
  for (; i < end; i++) {
    c = line.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      sawDigit = true;
      if (nDigits < 17) {
        mant = mant * 10 + (c - 48);
        if (mant !== 0) nDigits++;
        if (sawDot) scale++;
      } else if (!sawDot) {
        scale--; // digit beyond precision before the point: shifts magnitude
      }
    } else if (c === 46 /* . */ && !sawDot) {
      sawDot = true;
    } else break;
  }
  if (!sawDigit) return NaN;
  let exp = 0;
  if (i < end) {
    c = line.charCodeAt(i);
    let expNeg = false;
    let hasExp = false;
    if (c === 69 || c === 101 || c === 68 || c === 100) { // E e D d
      i++;
      c = line.charCodeAt(i);
    }
    if (c === 45) { expNeg = true; i++; } else if (c === 43) i++;
    for (; i < end; i++) {
      c = line.charCodeAt(i);
      if (c >= 48 && c <= 57) { exp = exp * 10 + (c - 48); hasExp = true; } else break;
    }
    while (i < end && line.charCodeAt(i) === 32) i++;
    if (i < end) return NaN; // trailing garbage
    if (expNeg) exp = -exp;
    if (!hasExp && exp === 0) { /* plain number */ }
  }
  const e10 = exp - scale;
  let v: number;
  if (nDigits >= 16) {
    // Too many digits for the exact fast path: let the JS parser round correctly.
    v = Number(line.slice(start, end).trim().replace(/[dD]/, 'E').replace(/(\d)([+-]\d+)$/, '$1E$2'));
    return v;
  }
  if (e10 === 0) v = mant;
  else if (e10 < 0 && e10 >= -22) v = mant / POW10[-e10]!; // exact operands → correctly rounded
  else if (e10 > 0 && e10 <= 22) v = mant * POW10[e10]!;
  else v = Number(`${mant}e${e10}`);
  return neg ? -v : v;
}

/** Parses an integer field (Iw); NaN for blank or '*' fields. */
export function parseFortranInt(line: string, start: number, end: number): number {
  if (end > line.length) end = line.length;
  let i = start;
  while (i < end && line.charCodeAt(i) === 32) i++;
  if (i >= end) return NaN;
  let neg = false;
  let c = line.charCodeAt(i);
  if (c === 45) { neg = true; i++; } else if (c === 43) i++;
  let v = 0;
  let any = false;
  for (; i < end; i++) {
    c = line.charCodeAt(i);
    if (c >= 48 && c <= 57) { v = v * 10 + (c - 48); any = true; } else if (c === 32) break;
    else return NaN;
  }
  if (!any) return NaN;
  return neg ? -v : v;
}

function stars(width: number): string {
  return '*'.repeat(width);
}

export function nonFinite(value: number, width: number): string {
  if (Number.isNaN(value)) return width >= 3 ? 'NaN'.padStart(width) : stars(width);
  const sign = value < 0 ? '-' : '';
  if (width >= 8 + sign.length) return (sign + 'Infinity').padStart(width);
  if (width >= 3 + sign.length) return (sign + 'Inf').padStart(width);
  return stars(width);
}

/**
 * Decimal digits of |value| rounded to `sig` significant digits, as glibc's printf
 * (which gfortran uses for the default rounding mode) does it: round to nearest,
 * exact binary ties to even. JS toExponential breaks ties upward, so exact ties are
 * detected from a longer expansion and corrected.
 */
export function roundSignificant(abs: number, sig: number): { digits: string; exp: number } {
  let s = abs.toExponential(sig - 1);
  let ePos = s.indexOf('e');
  let digits = s.slice(0, ePos).replace('.', '');
  let exp = Number(s.slice(ePos + 1));
  // an exact tie at digit sig+1 reads ...5 when printed with one more digit: only then is the
  // (slow) long expansion needed
  if (sig < 100) {
    const one = abs.toExponential(sig);
    if (one.charCodeAt(one.indexOf('e') - 1) !== 53) return { digits, exp };
  }
  const long = abs.toExponential(Math.min(100, sig + 20));
  const lePos = long.indexOf('e');
  const ld = long.slice(0, lePos).replace('.', '');
  if (ld.charCodeAt(sig) === 53 /* 5 */ && /^0*$/.test(ld.slice(sig + 1))) {
    // Exact tie: keep the truncated digits when their last digit is even.
    const truncated = ld.slice(0, sig);
    const lastDigit = truncated.charCodeAt(sig - 1) - 48;
    if (lastDigit % 2 === 0) {
      digits = truncated;
      exp = Number(long.slice(lePos + 1));
    }
  }
  return { digits, exp };
}

/** Same tie rule for a fixed number of decimals. */
function roundFixed(abs: number, decimals: number): string {
  const s = abs.toFixed(decimals);
  if (abs >= 1e21) return s;
  // an exact tie prints ...5 with one more decimal: only then is the long expansion needed
  if (decimals < 100) {
    const one = abs.toFixed(decimals + 1);
    if (one.charCodeAt(one.length - 1) !== 53) return s;
  }
  const long = abs.toFixed(Math.min(100, decimals + 25));
  const dot = long.indexOf('.');
  const tail = long.slice(dot + 1 + decimals);
  if (tail.charCodeAt(0) === 53 && /^0*$/.test(tail.slice(1))) {
    const truncated = decimals === 0 ? long.slice(0, dot) : long.slice(0, dot + 1 + decimals);
    const last = truncated.charCodeAt(truncated.length - 1) - 48;
    if (last % 2 === 0) return truncated;
  }
  return s;
}

/**
 * gfortran Ew.d output: '0.1275E+00' (e12.4, right-justified), '.87822E+01' (e10.5,
 * no room for the optional leading zero), '-0.500E+00' (e10.3). Exponents beyond ±99
 * drop the 'E' ('0.1000+100'); a value that does not fit prints as '*' × width.
 */
export function formatE(value: number, width: number, digits: number): string {
  if (!Number.isFinite(value)) return nonFinite(value, width);
  const neg = value < 0 || Object.is(value, -0);
  const abs = Math.abs(value);
  let mant: string;
  let e: number;
  if (abs === 0) {
    mant = '0'.repeat(digits);
    e = 0;
  } else {
    const r = roundSignificant(abs, digits);
    mant = r.digits;
    e = r.exp + 1; // 0.d1d2... × 10^(exp+1)
  }
  const ae = Math.abs(e);
  let expPart: string;
  if (ae <= 99) expPart = (e < 0 ? 'E-' : 'E+') + (ae < 10 ? '0' : '') + ae;
  else if (ae <= 999) expPart = (e < 0 ? '-' : '+') + ae;
  else return stars(width);
  const body = '.' + mant + expPart;
  const needed = body.length + (neg ? 1 : 0);
  if (needed > width) return stars(width);
  const withZero = needed + 1 <= width ? '0' + body : body;
  return ((neg ? '-' : '') + withZero).padStart(width);
}

/**
 * gfortran Fw.d output: '1115.490', '0.059' (leading zero when it fits), '-0.000'
 * for negative values that round to zero (gfortran keeps the sign).
 */
export function formatF(value: number, width: number, digits: number): string {
  if (!Number.isFinite(value)) return nonFinite(value, width);
  const neg = value < 0 || Object.is(value, -0);
  let s = roundFixed(Math.abs(value), digits);
  if (digits === 0) s += '.';
  if (neg) s = '-' + s;
  if (s.length > width) {
    // Drop the optional leading zero before giving up ('.123' in f4.3).
    const m = /^(-?)0\./.exec(s);
    if (m && s.length - 1 <= width) s = m[1] + s.slice(m[0].length - 1);
    else return stars(width);
  }
  return s.padStart(width);
}

/** gfortran Iw output: right-justified integer, '*' × width on overflow. */
export function formatI(value: number, width: number): string {
  const s = String(Math.trunc(value));
  return s.length > width ? stars(width) : s.padStart(width);
}

/** Fortran Aw output: right-justified when shorter, leftmost w characters when longer. */
export function formatA(value: string, width: number): string {
  return value.length >= width ? value.slice(0, width) : value.padStart(width);
}

/** Formats a value with a numeric edit descriptor (leading 1X blanks included in width). */
export function formatField(value: number, type: 'E' | 'F', width: number, digits: number, lead = 0): string {
  const w = width - lead;
  const s = type === 'E' ? formatE(value, w, digits) : formatF(value, w, digits);
  return lead > 0 ? ' '.repeat(lead) + s : s;
}
