// The byte formatter must print exactly what the string formatters (the gfortran reference,
// fortran.ts) print, for every value: random magnitudes over the whole double range, exact binary
// ties, decimal values next to a rounding point, carries into the exponent, overflow.
import { describe, expect, it } from 'vitest';
import { FortranBytes } from './fortran-bytes.ts';
import { formatE, formatF, formatI } from './fortran.ts';

/** Descriptors of the output files (e12.4, e10.3, e10.5, f10.3, MON f4.1/f5.1, output.std F) and a few more. */
const FORMATS: ['E' | 'F' | 'I', number, number][] = [
  ['E', 12, 4], ['E', 10, 3], ['E', 10, 5], ['E', 10, 2], ['E', 9, 4], ['F', 10, 3], ['F', 4, 1], ['F', 5, 1], ['F', 8, 2],
  ['F', 9, 3], ['F', 13, 3], ['F', 5, 0], ['F', 10, 2], ['F', 6, 3], ['I', 5, 0], ['I', 4, 0], ['I', 2, 0], ['I', 8, 0],
];

function mismatches(values: number[]): string[] {
  const out = new FortranBytes(16);
  const bad: string[] = [];
  for (const v of values) {
    for (const [t, w, d] of FORMATS) {
      out.pos = 0;
      let ref: string;
      if (t === 'E') { out.e(v, w, d); ref = formatE(v, w, d); }
      else if (t === 'F') { out.f(v, w, d); ref = formatF(v, w, d); }
      else { out.int(v, w); ref = formatI(v, w); }
      const got = out.text();
      if (got !== ref && bad.length < 20) bad.push(`${t}${w}.${d} of ${v}: ${JSON.stringify(got)}, expected ${JSON.stringify(ref)}`);
    }
  }
  return bad;
}

/** Park–Miller generator: the same values on every run. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
}

describe('FortranBytes (Ew.d / Fw.d / Iw as bytes)', () => {
  it('prints special values as the string formatters do', () => {
    const specials = [0, -0, NaN, Infinity, -Infinity, 0.125, 0.375, 2.5, 0.5, 1.5, 0.0005, 0.0015, 999999.9995, 9999.5, 99995,
      0.99995, 0.99996, 1e100, 1.5e-120, 5e-324, 1.7976931348623157e308, 1e-300, 12345678, 1e15, 1e21, 1e22, 123.4565, 0.1, 1e-5,
      9.9995, 99.995, 1e-99, 9.9995e-100, 9.99995e99, 1e999];
    expect(mismatches([...specials, ...specials.map((x) => -x)])).toEqual([]);
  });

  it('prints random values over the whole range as the string formatters do', () => {
    const rnd = random(20261128);
    const values: number[] = [];
    for (let i = 0; i < 20000; i++) {
      const v = rnd() * Math.pow(10, Math.floor(rnd() * 40) - 20);
      values.push(rnd() < 0.5 ? -v : v);
      values.push(rnd() * Math.pow(10, Math.floor(rnd() * 600) - 300));
    }
    expect(mismatches(values)).toEqual([]);
  });

  it('breaks exact binary ties to even and rounds values next to a rounding point as the string formatters do', () => {
    const rnd = random(637);
    const values: number[] = [];
    for (let i = 0; i < 20000; i++) {
      // k / 2^m: exact binary fractions, many of them ties at the printed digit
      const m = Math.floor(rnd() * 2 ** 20) / 2 ** Math.floor(rnd() * 20);
      values.push(m, -m);
      // decimal values whose next digit is a 5 (not exact in binary: not ties)
      const k = Math.floor(rnd() * 1e7);
      values.push(k / 1e4 + 0.00005, k / 1000 + 0.0005, k * 1e-7, -(k / 1000 + 0.0005));
    }
    expect(mismatches(values)).toEqual([]);
  });

  it('grows its buffer and returns Latin-1 text', () => {
    const out = new FortranBytes(4);
    out.ascii('REACH ');
    out.int(12, 4);
    out.e(0.1275, 12, 4);
    out.f(-0.0004, 10, 3);
    expect(out.text()).toBe('REACH   12  0.1275E+00    -0.000');
  });
});
