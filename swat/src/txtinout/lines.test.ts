import { describe, expect, it } from 'vitest';
import { decodeLatin1, encodeLatin1, fitReal, fmtExp, fmtReal, fortranReal, parseNum, splitLines } from './lines.ts';

describe('lines helpers', () => {
  it('splits CRLF text and drops trailing blank lines', () => {
    expect(splitLines('a\r\nb \r\n\r\n  \r\n')).toEqual(['a', 'b ']);
  });
  it('decodes Latin-1 bytes one char per byte', () => {
    expect(decodeLatin1(new Uint8Array([0x35, 0xb5, 0x6d, 0x80]))).toBe('5µm\u0080');
    const big = new Uint8Array(20000).map((_, i) => i % 256);
    expect(encodeLatin1(decodeLatin1(big))).toEqual(big);
  });
  it('parses Fortran numbers', () => {
    expect(parseNum(' 1.5D+02 ')).toBe(150);
    expect(parseNum('5.')).toBe(5);
    expect(parseNum('.25')).toBe(0.25);
    expect(parseNum('')).toBe(0);
    expect(Object.is(parseNum('-0.000'), 0)).toBe(true);
    expect(Number.isNaN(parseNum('abc'))).toBe(true);
  });
  it('applies implied decimals of F edit fields like SWAT', () => {
    expect(fortranReal('RAIN_YRS =     51', 10, 17, 2)).toBe(0.51);
    expect(fortranReal('  10.00', 0, 7, 2)).toBe(10);
    expect(fortranReal('x', 5, 9, 2)).toBe(0);
  });
  it('formats reals without losing the value', () => {
    expect(fmtReal(0.0211109, 3)).toBe('0.0211109');
    expect(fmtReal(1, 3)).toBe('1.000');
    expect(fmtExp(0, 2)).toBe('0.00E+00');
    expect(Number(fmtExp(1.2345e7, 2))).toBe(1.2345e7);
    expect(fitReal(2.5, 5, 1)).toBe('  2.5');
    expect(fitReal(-99, 5, 1)).toBe('-99.0');
    expect(fitReal(2.54, 5, 1)).toBe(' 2.54');
    expect(fitReal(123.45, 5, 1)).toBe('123.5');
  });
});
