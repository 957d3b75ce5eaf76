import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../test/fixtures.ts';
import {
  formatFertDat,
  formatPestDat,
  formatPlantDat,
  formatTillDat,
  formatUrbanDat,
  parseFertDat,
  parsePestDat,
  parsePlantDat,
  parseTillDat,
  parseUrbanDat,
} from './databases.ts';

const read = (set: 'lrew' | 'hawqs', f: string) =>
  readFileSync(
    set === 'lrew' ? fixturePath('lrew_swat2012', 'TxtInOut', f) : fixturePath('hawqs_huc0701_rev670', 'TxtInOut_subset', f),
    'latin1',
  );

describe('databases', () => {
  it('reads plant.dat records (5 lines each) from both interfaces', () => {
    for (const set of ['lrew', 'hawqs'] as const) {
      const p = parsePlantDat(read(set, 'plant.dat'));
      expect(p.length).toBeGreaterThan(100);
      const agrl = p[0]!;
      expect(agrl).toMatchObject({ ICNUM: 1, CPNM: 'AGRL', IDC: 4, BIO_E: 33.5, HVSTI: 0.45, T_OPT: 30, T_BASE: 11, CO2HI: 660, EXT_COEF: 0.65, BM_DIEOFF: 0.1 });
      expect(parsePlantDat(formatPlantDat(p))).toEqual(p);
    }
  });

  it('reads crop.dat, the database under its old name (rev 664)', () => {
    const p = parsePlantDat(readFileSync(fixturePath('rev_variants', 'rev664_pso_ga_parall_swat', 'crop.dat'), 'latin1'));
    expect(p).toHaveLength(120);
    expect(p[0]).toMatchObject({ CPNM: 'AGRL', BIO_E: 33.5, CNYLD: 0.0199 });
    expect(p[119]).toMatchObject({ ICNUM: 120, CPNM: 'ICES', IDC: 6 });
    expect(parsePlantDat(formatPlantDat(p))).toEqual(p);
  });

  it('reads old 4-line crop.dat records', () => {
    const text = '   1  AGRL   4\n 33.5 0.45 3 0.15 0.05 0.5 0.95 0.64 1 2\n 30 11 0.02 0.003 0.044 0.016 0.013 0.006 0.002 0.002\n 0.25 0.2 0.005 4 0.75 8.5 660 36 0.05 0\n   2  AGRR   4\n 39 0.5 3 0.15 0.05 0.5 0.95 0.7 2.5 2\n 25 8 0.014 0.0016 0.047 0.0177 0.0138 0.0048 0.0018 0.0014\n 0.3 0.2 0.007 4 0.75 7.2 660 45 0.05 0\n';
    const p = parsePlantDat(text);
    expect(p).toHaveLength(2);
    expect(p[1]).toMatchObject({ CPNM: 'AGRR', BIO_E: 39, MAT_YRS: 0, ALAI_MIN: 0 });
  });

  it('reads till.dat with numbers at columns 24-31/40-47 (ArcSWAT) or 17/33 (HAWQS)', () => {
    const a = parseTillDat(read('lrew', 'till.dat'));
    const h = parseTillDat(read('hawqs', 'till.dat'));
    expect(a[0]).toEqual({ ITNUM: 1, TILLNM: 'Fallplow', EFFMIX: 0.95, DEPTIL: 150, RANRNS: 75 });
    expect(h[0]).toEqual({ ITNUM: 1, TILLNM: 'Fallplow', EFFMIX: 0.95, DEPTIL: 150, RANRNS: 0 });
    expect(h[1]).toMatchObject({ TILLNM: 'Sprgplow', EFFMIX: 0.5, DEPTIL: 125 });
    // the writer uses rev 637's columns: EFFMIX at 24-31, DEPTIL at 40-47
    const line = formatTillDat([h[0]!]).split('\r\n')[0]!;
    expect(line.slice(24, 32)).toBe('   0.950');
    expect(line.slice(40, 48)).toBe(' 150.000');
    expect(parseTillDat(formatTillDat(h))).toEqual(h);
    expect(parseTillDat(formatTillDat(a))).toEqual(a);
  });

  it('reads fert.dat whose bacteria fields touch (0.0000.00E+00)', () => {
    for (const set of ['lrew', 'hawqs'] as const) {
      const f = parseFertDat(read(set, 'fert.dat'));
      expect(f).toHaveLength(54);
      expect(f[2]).toEqual({ IFNUM: 3, FERTNM: 'ANH-NH3', FMINN: 0.82, FMINP: 0, FORGN: 0, FORGP: 0, FNH3N: 1, BACTPDB: 0, BACTLPDB: 0, BACTKDDB: 0 });
      expect(parseFertDat(formatFertDat(f))).toEqual(f);
    }
    const glued = parseFertDat('  40 DAIRY-FR   0.007   0.005   0.031   0.003   0.9901.00E+072.50E+06   0.900');
    expect(glued[0]).toMatchObject({ FERTNM: 'DAIRY-FR', FNH3N: 0.99, BACTPDB: 1e7, BACTLPDB: 2.5e6, BACTKDDB: 0.9 });
    expect(parseFertDat(formatFertDat(glued))).toEqual(glued);
  });

  it('reads pest.dat right- or left-justified within its fields', () => {
    const a = parsePestDat(read('lrew', 'pest.dat'));
    const h = parsePestDat(read('hawqs', 'pest.dat'));
    expect(a[0]).toEqual({ IPNUM: 1, PESTNM: '2,4,5-TP', SKOC: 2600, WOF: 0.4, HLIFE_F: 5, HLIFE_S: 20, AP_EF: 0.75, WSOL: 2.5 });
    expect(h[0]).toEqual(a[0]);
    expect(h[1]).toMatchObject({ PESTNM: '2 Plus 2', WSOL: 660000 });
    expect(parsePestDat(formatPestDat(h))).toEqual(h);
  });

  it('reads urban.dat two-line records', () => {
    const u = parseUrbanDat(read('lrew', 'urban.dat'));
    expect(u).toHaveLength(9);
    expect(u[1]).toEqual({
      IUNUM: 2,
      URBNAME: 'URMD',
      URBFLNM: 'Residential-Medium Density',
      FIMP: 0.38,
      FCIMP: 0.3,
      CURBDEN: 0.24,
      URBCOEF: 0.18,
      DIRTMX: 225,
      THALF: 0.75,
      TNCONC: 550,
      TPCONC: 223,
      TNO3CONC: 7.2,
      URBCN2: 98,
    });
    expect(parseUrbanDat(formatUrbanDat(u))).toEqual(u);
  });
});
