import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../test/fixtures.ts';
import { formatPcp, formatSeries, formatTmp, parsePcp, parseSeries, parseTmp } from './weather.ts';

const lrew = (f: string) => readFileSync(fixturePath('lrew_swat2012', 'TxtInOut', f), 'latin1');

describe('weather files', () => {
  it('reads a pcp file with three stations and its header', () => {
    const p = parsePcp(lrew('pcp1.pcp'));
    expect(p.stations.map((s) => s.name)).toEqual(['pcp146', 'pcp137', 'pcp138']);
    expect(p.stations[2]).toEqual({ name: 'pcp138', lat: 31.7, long: -83.7, elev: 131 });
    expect(p.dates[0]).toBe(1988001);
    expect(p.dates[p.dates.length - 1]).toBe(2012366);
    expect(p.pcp).toHaveLength(3);
    expect(p.pcp[0]![0]).toBe(2.5);
    expect(parsePcp(formatPcp(p))).toEqual(p);
  });

  it('reads tmp max/min pairs including -99 missing values that touch', () => {
    const t = parseTmp(lrew('Tmp1.Tmp'));
    expect(t.stations).toEqual([{ name: 'lrew_tmp', lat: 31.5, long: -83.5, elev: 118 }]);
    expect(t.tmax[0]![0]).toBe(-99);
    expect(t.tmin[0]![0]).toBe(-99);
    expect(t.tmax[0]!.some((v) => v > 20)).toBe(true);
    expect(parseTmp(formatTmp(t))).toEqual(t);
  });

  it('parses hand-made lines: glued negatives, LF endings, implied decimals', () => {
    const text = 'Station  a,b,\nLati    31.7-31.7\nLong   -83.8-83.7\nElev     138   -5\n2000001-99.0 12.5\n2000002  1.0  25\n';
    const p = parsePcp(text);
    expect(p.stations[1]).toEqual({ name: 'b', lat: -31.7, long: -83.7, elev: -5 });
    expect(Array.from(p.pcp[0]!)).toEqual([-99, 1]);
    // "  25" without a decimal point in an f5.1 field is 2.5 for SWAT
    expect(Array.from(p.pcp[1]!)).toEqual([12.5, 2.5]);
    const tmp = parseTmp('Station  x,\nLati         10.0\nLong        -20.0\nElev            5\n2001032 31.2-10.5\n');
    expect(tmp.dates[0]).toBe(2001032);
    expect(tmp.tmax[0]![0]).toBe(31.2);
    expect(tmp.tmin[0]![0]).toBe(-10.5);
  });

  it('reads slr/hmd/wnd series with their title', () => {
    for (const f of ['slr.slr', 'hmd.hmd', 'wnd.wnd']) {
      const s = parseSeries(lrew(f), 1);
      expect(s.title).toMatch(/^Input File/);
      expect(s.values).toHaveLength(1);
      expect(s.values[0]![0]).toBe(-99);
      expect(s.values[0]!.some((v) => v > 0)).toBe(true);
      expect(parseSeries(formatSeries(s), 1)).toEqual(s);
    }
    const two = parseSeries('t\n2000001  12.500  -3.250\n');
    expect(two.values.map((v) => v[0])).toEqual([12.5, -3.25]);
  });
});

describe('weather headers of other tools', () => {
  it('keeps a free first line and still reads Lati/Long/Elev', () => {
    const text = 'Precipitation Input File pcp1.pcp 1/1/2020 QSWAT\nLati    45.1\nLong   -93.2\nElev     250\n2000001  0.0\n2000002 12.7\n';
    const p = parsePcp(text);
    expect(p.title).toBe('Precipitation Input File pcp1.pcp 1/1/2020 QSWAT');
    expect(p.stations).toEqual([{ name: '', lat: 45.1, long: -93.2, elev: 250 }]);
    expect(Array.from(p.pcp[0]!)).toEqual([0, 12.7]);
    expect(formatPcp(p, '\n').split('\n')[0]).toBe(p.title);
    expect(parsePcp(formatPcp(p))).toEqual(p);
  });
});
