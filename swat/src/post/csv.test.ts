import { describe, expect, it } from 'vitest';
import { parseDailyCsv, parseDate, parsePeaksCsv } from './csv.ts';

describe('CSV inputs', () => {
  it('dates in the usual layouts', () => {
    expect(parseDate('1990-01-05', 1)).toBe('1990-01-05');
    expect(parseDate('1990/1/5', 1)).toBe('1990-01-05');
    expect(parseDate('19900105', 1)).toBe('1990-01-05');
    expect(parseDate('1/5/1990', 1)).toBe('1990-01-05'); // US month/day/year
    expect(parseDate('5.1.1990', 1)).toBe('1990-01-05');
    expect(parseDate('1990-01-05T00:00:00Z', 1)).toBe('1990-01-05');
    expect(() => parseDate('1990-02-30', 3)).toThrow(/line 3: invalid date/);
    expect(() => parseDate('Jan 5 1990', 4)).toThrow(/not YYYY-MM-DD/);
  });

  it('daily series: header, quotes, missing values, semicolons', () => {
    const rows = parseDailyCsv('"date","flow"\n"2000-01-01",1.5\n2000-01-02,NA\n# comment\n2000-01-03;2\n');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual({ date: '2000-01-01', flow: 1.5 });
    expect(Number.isNaN(rows[1]!.flow)).toBe(true);
    expect(rows[2]).toEqual({ date: '2000-01-03', flow: 2 });
  });

  it('annual peaks: sorted by year, duplicates refused', () => {
    expect(parsePeaksCsv('1991,20\n1990,10\n1992,\n')).toEqual([{ year: 1990, flow: 10 }, { year: 1991, flow: 20 }]);
    expect(() => parsePeaksCsv('year,peak\n1990,1\n1990,2\n')).toThrow(/appears twice/);
    expect(() => parsePeaksCsv('year,peak\n')).toThrow(/no annual peaks/);
  });
});
