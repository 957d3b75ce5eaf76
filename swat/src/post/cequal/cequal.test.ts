import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../test/fixtures.ts';
import { loadRunOutputs } from '../run-dir.ts';
import { formatW2Field, formatW2File, parseW2File } from './w2file.ts';
import {
  CIN_COLUMNS, DEFAULT_ALGAE_FRACTIONS, ceQualFiles, ceQualFromRch, ceQualFromSub, kgPerDayToMgL, tonsPerDayToMgL, waterTemperatureFromAir,
} from './swat2w2.ts';

const W2_FILES = ['ColumbiaSlough_qin_br1.npt', 'ColumbiaSlough_tin_br1.npt', 'ColumbiaSlough_cin_br1.npt', 'Cascade_WB1_qin_br1.npt', 'Cascade_WB1_tin_br1.npt', 'Cascade_WB1_cin_br1.npt'];

describe('CE-QUAL-W2 file reader and writer', () => {
  for (const name of W2_FILES) {
    it(`round trip of ${name} gives the same numbers`, () => {
      const text = readFileSync(fixturePath('reference', 'w2', name), 'latin1');
      const a = parseW2File(text);
      expect(a.rows.length).toBeGreaterThan(100);
      const b = parseW2File(formatW2File(a));
      expect(b.format).toBe(a.format);
      expect(b.columns).toEqual(a.columns);
      expect(b.rows).toEqual(a.rows);
    });
  }

  it('reads fixed-width fields that touch ("     0.0.20E+03") and the free format', () => {
    const cin = parseW2File(readFileSync(fixturePath('reference', 'w2', 'ColumbiaSlough_cin_br1.npt'), 'latin1'));
    expect(cin.format).toBe('fixed');
    expect(cin.columns.slice(0, 4)).toEqual(['JDAY', 'TDS', 'TRACER', 'COLIFRM']);
    expect(cin.rows[0]!.slice(0, 5)).toEqual([10.73, 149.99, 0, 200, 10.01]);
    const q = parseW2File(readFileSync(fixturePath('reference', 'w2', 'Cascade_WB1_qin_br1.npt'), 'latin1'));
    expect(q.format).toBe('csv');
    expect(q.columns).toEqual(['JDAY', 'Q (m3/s)']);
    expect(q.rows[0]).toEqual([1, 16.42336389]);
  });

  it('formats 8-character fields', () => {
    for (const v of [0, 1, -1, 149.99, 2.78, 0.000123456, 123456789, 3.14159265, 12345.678]) {
      const s = formatW2Field(v);
      expect(s).toHaveLength(8);
      expect(Math.abs(Number(s) - v)).toBeLessThanOrEqual(Math.abs(v) * 5e-3); // at least 3 significant digits
    }
    expect(formatW2Field(2.78)).toBe('    2.78');
    expect(formatW2Field(3.14159265)).toBe(' 3.14159');
    expect(formatW2Field(123456789)).toBe('1.23E+08');
  });
});

describe('SWAT daily output → CE-QUAL-W2 (LREW rev 637)', () => {
  const run = loadRunOutputs(fixturePath('lrew_swat2012', 'outputs_rev637', 'daily'));
  const rch = run.rch!;
  const series = ceQualFromRch(rch);
  const days = 3 * 365 + 1; // 2010-2012 printed

  it('one series per reach, a day per row, JDAY counting from 1 January of the first year', () => {
    expect(series.map((s) => s.unit)).toEqual([1, 2, 3]);
    for (const s of series) {
      expect(s.dates).toHaveLength(1096);
      expect(s.dates[0]).toBe('2010-01-01');
      expect(s.jday[0]).toBe(1);
      expect(s.jday[365]).toBe(366); // 2011-01-01
      expect(s.jday[days - 1]).toBe(1096);
      expect(s.temperatureSource).toBe('WTMPdegc');
    }
  });

  it('flow is FLOW_OUTcms and NO3 concentration matches SWAT\'s own NO3ConcMg/l', () => {
    const flow = rch.columns['FLOW_OUTcms']!;
    const no2 = rch.columns['NO2_OUTkg']!;
    const conc = rch.columns['NO3ConcMg/l']!;
    let checked = 0;
    for (const s of series) {
      let k = 0;
      for (let i = 0; i < rch.rowCount; i++) {
        if (rch.unit[i] !== s.unit) continue;
        expect(s.flow[k]).toBe(flow[i]);
        if (no2[i] === 0 && flow[i]! > 0.01) {
          expect(Math.abs(s.constituents.NO3[k]! - conc[i]!)).toBeLessThanOrEqual(conc[i]! * 1e-3 + 1e-4);
          checked++;
        }
        k++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('sediment into ISS1-3 as 10/50/40 % and ISS4-6 zero; algae split by month', () => {
    const s = series[2]!;
    const sed = rch.columns['SED_OUTtons']!;
    const flow = rch.columns['FLOW_OUTcms']!;
    const chla = rch.columns['CHLA_OUTkg']!;
    let k = 0;
    for (let i = 0; i < rch.rowCount; i++) {
      if (rch.unit[i] !== 3) continue;
      const total = tonsPerDayToMgL(sed[i]!, flow[i]!);
      expect(s.constituents.ISS1[k]).toBeCloseTo(0.1 * total, 12);
      expect(s.constituents.ISS2[k]).toBeCloseTo(0.5 * total, 12);
      expect(s.constituents.ISS3[k]).toBeCloseTo(0.4 * total, 12);
      expect(s.constituents.ISS4[k]).toBe(0);
      expect(s.constituents.ISS6[k]).toBe(0);
      const alg = 0.05 * 1000 * kgPerDayToMgL(chla[i]!, flow[i]!);
      const f = DEFAULT_ALGAE_FRACTIONS[Number(s.dates[k]!.slice(5, 7)) - 1]!;
      expect(s.constituents.ALG1[k]).toBeCloseTo(alg * f[0], 12);
      expect(s.constituents.ALG3[k]).toBeCloseTo(alg * f[2], 12);
      k++;
    }
    // July fractions 0.1 / 0.2 / 0.7, January 0.7 / 0.2 / 0.1
    expect(DEFAULT_ALGAE_FRACTIONS[6]).toEqual([0.1, 0.2, 0.7]);
    expect(DEFAULT_ALGAE_FRACTIONS[0]).toEqual([0.7, 0.2, 0.1]);
  });

  it('unit conversions', () => {
    expect(kgPerDayToMgL(86.4, 1)).toBeCloseTo(1, 12); // 86.4 kg/day in 1 m³/s = 1 mg/L
    expect(tonsPerDayToMgL(0.0864, 1)).toBeCloseTo(1, 12);
    expect(kgPerDayToMgL(5, 0)).toBe(0);
  });

  it('air-temperature derivation (5 + 0.75·Tair from output.hru) reproduces SWAT\'s WTMPdegc', () => {
    // LREW prints HRUs 1-3, all in subbasin 1; subbasin 1 drains through reach 1
    const bySub = ceQualFromSub(run.sub!, { units: [1] }, undefined, run.hru!);
    expect(bySub[0]!.temperatureSource).toBe('air-temperature');
    const wt = series[0]!.temperature!;
    const derived = bySub[0]!.temperature!;
    // WTMPdegc is printed to 4 significant digits (e.g. 10.14 for 10.1375)
    for (let k = 0; k < wt.length; k++) expect(Math.abs(derived[k]! - wt[k]!)).toBeLessThanOrEqual(5e-4 * Math.abs(wt[k]!) + 5e-4);
    expect(waterTemperatureFromAir(6.85)).toBeCloseTo(10.1375, 10);
  });

  it('SUB: flow is the water yield over the subbasin area', () => {
    const sub = run.sub!;
    const s = ceQualFromSub(sub, { units: [2] }, rch)[0]!;
    expect(s.temperatureSource).toBe('WTMPdegc');
    const i = [...sub.unit].indexOf(2);
    expect(s.flow[0]).toBeCloseTo((sub.columns['WYLDmm']![i]! * sub.area[i]! * 1000) / 86400, 12);
    const no3 = (sub.columns['NSURQkg/ha']![i]! + sub.columns['LATNO3kg/h']![i]! + sub.columns['GWNO3kg/ha']![i]! + sub.columns['TNO3kg/ha']![i]!) * sub.area[i]! * 100;
    expect(s.constituents.NO3[0]).toBeCloseTo(kgPerDayToMgL(no3, s.flow[0]!), 10);
  });

  it('writes QIN, TIN and CIN files that W2 reads back to the same values (8-character precision)', () => {
    const files = ceQualFiles(series[2]!);
    expect(files.map((f) => f.name)).toEqual(['QIN_RCH3.npt', 'TIN_RCH3.npt', 'CIN_RCH3.npt']);
    for (const f of files) {
      const lines = f.text.split('\n');
      expect(lines[0]).toMatch(/reach 3, 2010-01-01 to 2012-12-31/);
      expect(lines[2]!.slice(0, 8)).toBe('    JDAY');
      for (const l of lines.slice(3, 50)) expect(l.length % 8).toBe(0);
      const back = parseW2File(f.text);
      expect(back.rows).toHaveLength(1096);
      for (let r = 0; r < back.rows.length; r++) {
        back.rows[r]!.forEach((v, c) => {
          const orig = f.file.rows[r]![c]!;
          expect(Math.abs(v - orig)).toBeLessThanOrEqual(Math.abs(orig) * 1e-3 + 5e-5);
        });
      }
    }
    const cin = parseW2File(files[2]!.text);
    expect(cin.columns).toEqual(['JDAY', ...CIN_COLUMNS]);
  });

  it('rejects monthly output and unknown reaches', () => {
    const monthly = loadRunOutputs(fixturePath('lrew_swat2012', 'outputs_rev637', 'monthly'), { rch: true });
    expect(() => ceQualFromRch(monthly.rch!)).toThrow(/daily/);
    expect(() => ceQualFromRch(rch, { units: [9] })).toThrow(/reach 9 is not in the SWAT output/);
  });
});

describe('HAWQS rev 670 subbasins (no output.rch, no air temperature printed)', () => {
  it('converts all 8 subbasins; no temperature source', () => {
    const run = loadRunOutputs(fixturePath('hawqs_huc0701_rev670', 'TxtInOut_subset'));
    expect(run.rch).toBeNull();
    const s = ceQualFromSub(run.sub!, {}, undefined, run.hru ?? undefined);
    expect(s.map((x) => x.unit)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(s[0]!.temperature).toBeNull();
    expect(s[0]!.dates[0]).toBe('1983-01-01');
    const files = ceQualFiles(s[0]!);
    expect(files.map((f) => f.kind)).toEqual(['QIN', 'CIN']);
    for (const x of s) for (const q of x.flow) expect(q).toBeGreaterThanOrEqual(0);
  });
});
