import { describe, expect, it } from 'vitest';
import { formatA, formatE, formatF, formatField, formatI, parseFortranInt, parseFortranNumber } from './fortran.ts';

const num = (s: string): number => parseFortranNumber(s, 0, s.length);

describe('formatE (gfortran Ew.d)', () => {
  it('writes e12.4 with the optional leading zero, as output.rch does', () => {
    expect(formatE(0.1275, 12, 4)).toBe('  0.1275E+00');
    expect(formatE(8.782, 12, 4)).toBe('  0.8782E+01');
    expect(formatE(21.96, 12, 4)).toBe('  0.2196E+02');
    expect(formatE(0.0001382, 12, 4)).toBe('  0.1382E-03');
    expect(formatE(0, 12, 4)).toBe('  0.0000E+00');
    expect(formatE(-0.5, 12, 4)).toBe(' -0.5000E+00');
  });

  it('drops the leading zero when e10.5 has no room (output.sub/.hru area)', () => {
    expect(formatE(8.7822, 10, 5)).toBe('.87822E+01');
    expect(formatE(0.1854, 10, 5)).toBe('.18540E+00');
    expect(formatE(0, 10, 5)).toBe('.00000E+00');
    // A negative e10.5 needs 11 characters: gfortran prints asterisks.
    expect(formatE(-1, 10, 5)).toBe('**********');
  });

  it('writes e10.3 as the daily output.sub does', () => {
    expect(formatE(0.5, 10, 3)).toBe(' 0.500E+00');
    expect(formatE(190.0, 10, 3)).toBe(' 0.190E+03');
    expect(formatE(-0.5, 10, 3)).toBe('-0.500E+00');
    expect(formatE(4.54e-11, 10, 3)).toBe(' 0.454E-10');
  });

  it('rounds to nearest, carries into the exponent, and drops E beyond ±99', () => {
    expect(formatE(0.99996, 12, 4)).toBe('  0.1000E+01');
    expect(formatE(123456, 12, 4)).toBe('  0.1235E+06');
    expect(formatE(1e100, 12, 4)).toBe('  0.1000+101');
    expect(formatE(1.5e-120, 12, 4)).toBe('  0.1500-119');
  });

  it('breaks exact binary ties to even like glibc printf (gfortran default rounding)', () => {
    // 0.125 and 0.375 are exact in binary: 3-digit mantissas tie at the 3rd digit.
    expect(formatE(0.125, 10, 2)).toBe('  0.12E+00');
    expect(formatE(0.375, 10, 2)).toBe('  0.38E+00');
    expect(formatF(0.125, 10, 2)).toBe('      0.12');
    expect(formatF(2.5, 5, 0)).toBe('   2.');
  });

  it('prints NaN/Infinity the gfortran way', () => {
    expect(formatE(NaN, 10, 3)).toBe('       NaN');
    expect(formatE(-Infinity, 12, 4)).toBe('   -Infinity');
  });
});

describe('formatF / formatI / formatA', () => {
  it('writes f10.3 with leading zero and keeps the sign of negative zero', () => {
    expect(formatF(1115.49, 10, 3)).toBe('  1115.490');
    expect(formatF(0.059, 10, 3)).toBe('     0.059');
    expect(formatF(-0.0004, 10, 3)).toBe('    -0.000');
    expect(formatF(-0, 10, 3)).toBe('    -0.000');
    expect(formatF(10, 4, 1)).toBe('10.0');
    expect(formatF(10, 5, 1)).toBe(' 10.0');
  });

  it('drops the optional zero, then overflows to asterisks', () => {
    expect(formatF(0.5, 4, 3)).toBe('.500');
    expect(formatF(12345.6, 6, 1)).toBe('******');
  });

  it('writes integers and characters', () => {
    expect(formatI(2003, 5)).toBe(' 2003');
    expect(formatI(150000, 5)).toBe('*****');
    expect(formatA('CORN', 4)).toBe('CORN');
    expect(formatA('LREW03XYZ', 8)).toBe('LREW03XY');
    expect(formatField(0, 'E', 11, 5, 1)).toBe(' .00000E+00');
  });
});

describe('parseFortranNumber / parseFortranInt', () => {
  it('reads Fortran spellings', () => {
    expect(num('  0.8782E+01')).toBe(8.782);
    expect(num('.87822E+01')).toBe(8.7822);
    expect(num(' 0.454E-10')).toBe(4.54e-11);
    expect(num('  1115.490')).toBe(1115.49);
    expect(num('  0.1000+101')).toBe(1e100);
    expect(num('1.5D+02')).toBe(150);
    expect(num('   -0.125')).toBe(-0.125);
    expect(Object.is(num('    -0.000'), -0)).toBe(true);
    expect(num(' 10.0')).toBe(10);
  });

  it('returns NaN for blanks, asterisks and garbage', () => {
    expect(num('     ')).toBeNaN();
    expect(num('*****')).toBeNaN();
    expect(num(' 1.0x')).toBeNaN();
  });

  it('reads a field inside a line without touching its neighbours', () => {
    const line = 'BIGSUB   1        0    1.87822E+01    11.900';
    expect(parseFortranInt(line, 6, 10)).toBe(1);
    expect(parseFortranInt(line, 20, 24)).toBe(1);
    expect(parseFortranNumber(line, 24, 34)).toBe(8.7822);
    expect(parseFortranNumber(line, 34, 44)).toBe(11.9);
  });

  it('round-trips what formatE writes', () => {
    for (const v of [0.1275, 8.782, 1.234e-7, 98765.4, 0.30249]) {
      const s = formatE(v, 12, 4);
      expect(formatE(num(s), 12, 4)).toBe(s);
    }
  });
});
