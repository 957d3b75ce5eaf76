// Real SWAT outputs (rev 637 LREW daily/monthly/yearly, rev 664, 670, 681): read every
// row, write the file back, and require the same bytes; spot-check values read by eye.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../test/fixtures.ts';
import { formatOutputFile, parseOutputRows } from './index.ts';
import type { OutputFileKind, PrintCode } from './types.ts';

interface Case {
  path: string[];
  kind: OutputFileKind;
  rev: number;
  layout: string;
  iprint: PrintCode;
  icalen: 0 | 1;
  rows: number;
}

const lrew = (period: string, file: string): string[] => ['lrew_swat2012', 'outputs_rev637', period, file];

const CASES: Case[] = [
  { path: lrew('daily', 'output.rch'), kind: 'rch', rev: 637, layout: 'rch-cal', iprint: 1, icalen: 1, rows: 3288 },
  { path: lrew('monthly', 'output.rch'), kind: 'rch', rev: 637, layout: 'rch', iprint: 0, icalen: 0, rows: 393 },
  { path: lrew('yearly', 'output.rch'), kind: 'rch', rev: 637, layout: 'rch', iprint: 2, icalen: 0, rows: 33 },
  { path: lrew('daily', 'output.sub'), kind: 'sub', rev: 637, layout: 'sub-cal-637', iprint: 1, icalen: 1, rows: 3288 },
  { path: lrew('monthly', 'output.sub'), kind: 'sub', rev: 637, layout: 'sub', iprint: 0, icalen: 0, rows: 393 },
  { path: lrew('yearly', 'output.sub'), kind: 'sub', rev: 637, layout: 'sub', iprint: 2, icalen: 0, rows: 33 },
  { path: lrew('daily', 'output.hru'), kind: 'hru', rev: 637, layout: 'hru-cal', iprint: 1, icalen: 1, rows: 3288 },
  { path: lrew('monthly', 'output.hru'), kind: 'hru', rev: 637, layout: 'hru', iprint: 0, icalen: 0, rows: 2620 },
  { path: lrew('yearly', 'output.hru'), kind: 'hru', rev: 637, layout: 'hru', iprint: 2, icalen: 0, rows: 1474 },
  { path: ['rev_variants', 'rev664_pso_ga_parall_swat', 'output.rch.head300'], kind: 'rch', rev: 664, layout: 'rch', iprint: 0, icalen: 0, rows: 291 },
  { path: ['rev_variants', 'rev664_pso_ga_parall_swat', 'output.sub.head300'], kind: 'sub', rev: 664, layout: 'sub', iprint: 0, icalen: 0, rows: 291 },
  { path: ['hawqs_huc0701_rev670', 'TxtInOut_subset', 'output.sub'], kind: 'sub', rev: 670, layout: 'sub-cal-u5', iprint: 1, icalen: 1, rows: 8768 },
  { path: ['hawqs_huc0701_rev670', 'TxtInOut_subset', 'output.hru'], kind: 'hru', rev: 670, layout: 'hru-cal', iprint: 1, icalen: 1, rows: 1096 },
  { path: ['rev_variants', 'rev681_SWATShiny', 'output.hru'], kind: 'hru', rev: 681, layout: 'hru', iprint: 1, icalen: 0, rows: 2250 },
];

describe('round trip of real output files', () => {
  for (const c of CASES) {
    it(`${c.path.join('/')} reads as rev ${c.rev} ${c.layout} and writes back byte-identical`, () => {
      const text = readFileSync(fixturePath(...c.path), 'latin1');
      const { header, rows, iprint, icalen } = parseOutputRows(text, { kind: c.kind });
      expect(header.rev).toBe(c.rev);
      expect(header.layout.id).toBe(c.layout);
      expect(iprint).toBe(c.iprint);
      expect(icalen).toBe(c.icalen);
      expect(rows.length).toBe(c.rows);
      const out = formatOutputFile(header, rows);
      // Compare line by line first for a readable failure, then the whole text.
      const a = text.split('\n');
      const b = out.split('\n');
      const firstDiff = a.findIndex((l, i) => l !== b[i]);
      expect(firstDiff === -1 ? null : { line: firstDiff + 1, want: a[firstDiff], got: b[firstDiff] }).toBeNull();
      expect(out).toBe(text);
    });
  }
});

describe('values read by position (checked by eye against the files)', () => {
  const expected = JSON.parse(readFileSync(fixturePath('lrew_swat2012', 'outputs_rev637', 'expected_summary.json'), 'utf8')) as {
    output_rch_avg_annual: Record<string, { years: number; AREAkm2: number; FLOW_INcms: number; FLOW_OUTcms: number }>;
    daily_output_rch_rows: number;
  };

  it('average annual reach flows of the monthly and yearly runs match expected_summary.json', () => {
    for (const period of ['monthly', 'yearly']) {
      const { rows } = parseOutputRows(readFileSync(fixturePath(...lrew(period, 'output.rch')), 'latin1'));
      const averages = rows.filter((r) => r.period === 'average');
      expect(averages.map((r) => r.unit)).toEqual([1, 2, 3]);
      for (const r of averages) {
        const e = expected.output_rch_avg_annual[String(r.unit)]!;
        expect(r.years).toBe(e.years);
        expect(r.area).toBe(e.AREAkm2);
        expect(r.values.FLOW_INcms).toBe(e.FLOW_INcms);
        expect(r.values.FLOW_OUTcms).toBe(e.FLOW_OUTcms);
        expect(r.get('FLOW_OUTcms')).toBe(e.FLOW_OUTcms);
      }
    }
  });

  it('daily output.rch: dates from MO DA YR and values of the first row', () => {
    const { rows } = parseOutputRows(readFileSync(fixturePath(...lrew('daily', 'output.rch')), 'latin1'));
    expect(rows.length).toBe(expected.daily_output_rch_rows);
    const first = rows[0]!;
    expect([first.unit, first.year, first.month, first.day, first.julianDay]).toEqual([1, 2010, 1, 1, 1]);
    // REACH    1        0   1  1 2010   0.8782E+01  0.2031E+00  0.2029E+00  0.1382E-03
    expect(first.values.FLOW_INcms).toBe(0.2031);
    expect(first.values.FLOW_OUTcms).toBe(0.2029);
    expect(first.values.EVAPcms).toBe(0.0001382);
    expect(first.columns.length).toBe(46);
    expect(first.values.WTMPdegc).toBeGreaterThan(0);
    const last = rows.at(-1)!;
    expect([last.unit, last.year, last.month, last.day, last.julianDay]).toEqual([3, 2012, 12, 31, 366]);
  });

  it('monthly output.sub: area touching MON is split by position; year and average rows resolved', () => {
    const { rows } = parseOutputRows(readFileSync(fixturePath(...lrew('monthly', 'output.sub')), 'latin1'));
    // BIGSUB   1        0    1.87822E+01    11.900     0.300    63.591    21.289
    const r = rows[0]!;
    expect([r.unit, r.period, r.year, r.month, r.area]).toEqual([1, 'month', 2003, 1, 8.7822]);
    expect(r.values.PRECIPmm).toBe(11.9);
    expect(r.values.SNOMELTmm).toBe(0.3);
    expect(r.values.PETmm).toBe(63.591);
    expect(r.values['LAT Q(mm)']).toBe(1.039);
    const yearRows = rows.filter((x) => x.period === 'year');
    expect(yearRows.map((x) => x.year)).toEqual([2003, 2003, 2003, 2004, 2004, 2004, 2005, 2005, 2005, 2006, 2006, 2006, 2007, 2007, 2007, 2008, 2008, 2008, 2009, 2009, 2009, 2010, 2010, 2010, 2011, 2011, 2011, 2012, 2012, 2012]);
    // BIGSUB   1        0 10.0.87822E+01  1115.490 ...
    const avg = rows.find((x) => x.period === 'average' && x.unit === 1)!;
    expect(avg.years).toBe(10);
    expect(avg.values.PRECIPmm).toBe(1115.49);
    expect(rows.filter((x) => x.period === 'month' && x.year === 2012).length).toBe(36);
  });

  it('daily rev 637 output.sub: e10.3 values, chlorophyll 1x,e10.5, trailing SUB number', () => {
    const { rows, header } = parseOutputRows(readFileSync(fixturePath(...lrew('daily', 'output.sub')), 'latin1'));
    expect(header.columns).toHaveLength(22);
    // BIGSUB   1        0  1  1 2010 .87822E+01 0.500E+00 0.000E+00 0.101E+01 0.718E+00 0.190E+03
    const r = rows[0]!;
    expect([r.area, r.values.PRECIPmm, r.values.PETmm, r.values.ETmm, r.values.SWmm]).toEqual([8.7822, 0.5, 1.01, 0.718, 190]);
    expect(r.values['CHOLAmic/L']).toBe(0);
  });

  it('output.hru: unit identity, bacteria fields 11 wide, e10.3 block, f10.3 tail', () => {
    const { rows } = parseOutputRows(readFileSync(fixturePath(...lrew('daily', 'output.hru')), 'latin1'));
    const r = rows[0]!;
    // CORN    1 000010001    1    0  1  1 2010 .18540E+00     0.500 ...
    expect([r.lulc, r.unit, r.gis, r.sub, r.mgt, r.year, r.month, r.day]).toEqual(['CORN', 1, '000010001', 1, 0, 2010, 1, 1]);
    expect(r.values.PRECIPmm).toBe(0.5);
    expect(r.values.PETmm).toBe(1.009);
    expect(r.values.DAILYCN).toBe(89.801);
    // ... .00000E+00 .00000E+00 0.687E-01 0.352E+04 0.000E+00 ... 0.930E-03     0.059     0.035
    expect(r.values.BACTPct).toBe(0);
    expect(r.values['WTAB CLIm']).toBe(0.0687);
    expect(r.values['WTAB SOLm']).toBe(3520);
    expect(r.values['LNO3kg/ha']).toBe(0.00093);
    expect(r.values['GW_Q_Dmm']).toBe(0.059);
    expect(r.values.LATQCNTmm).toBe(0.035);
  });

  it('rev 670 output.sub widens SUB to i5 and adds QTILEmm/TVAPkg/ha', () => {
    const { rows, header } = parseOutputRows(readFileSync(fixturePath('hawqs_huc0701_rev670', 'TxtInOut_subset', 'output.sub'), 'latin1'));
    expect(header.columns.slice(-2)).toEqual(['QTILEmm', 'TVAPkg/ha']);
    // BIGSUB    1        0  1  1 1983 .45201E+04 0.100E+00 ...
    const r = rows[0]!;
    expect([r.unit, r.year, r.month, r.day, r.area, r.values.PRECIPmm]).toEqual([1, 1983, 1, 1, 4520.1, 0.1]);
    expect(r.values['CHOLAmic/L']).toBe(9.4283e-9);
    expect(new Set(rows.map((x) => x.unit)).size).toBe(8);
  });
});

describe('period detection', () => {
  it('rev 681 julian-day HRU rows get dates from file.cio (IYR 1990 + NYSKIP 1)', () => {
    const text = readFileSync(fixturePath('rev_variants', 'rev681_SWATShiny', 'output.hru'), 'latin1');
    const cio = readFileSync(fixturePath('rev_variants', 'rev681_SWATShiny', 'file.cio'), 'latin1');
    const bare = parseOutputRows(text);
    expect(bare.rows[0]!.julianDay).toBe(1);
    expect(bare.rows[0]!.year).toBeNull();
    const { rows, iprint } = parseOutputRows(text, { cio });
    expect(iprint).toBe(1);
    expect([rows[0]!.year, rows[0]!.month, rows[0]!.day]).toEqual([1991, 1, 1]);
    // Julian day restarts each year: the year advances with it (7 printed years, the
    // last one ending at IDAL = 59).
    const years = [...new Set(rows.map((r) => r.year))];
    expect(years).toEqual([1991, 1992, 1993, 1994, 1995, 1996, 1997]);
    const last = rows.at(-1)!;
    expect([last.year, last.julianDay, last.month, last.day]).toEqual([1997, 59, 2, 28]);
  });

  it('monthly rows get their year with file.cio without waiting for the year row', () => {
    const text = readFileSync(fixturePath('rev_variants', 'rev664_pso_ga_parall_swat', 'output.rch.head300'), 'latin1');
    const cio = readFileSync(fixturePath('rev_variants', 'rev664_pso_ga_parall_swat', 'file.cio'), 'latin1');
    const a = parseOutputRows(text);
    const b = parseOutputRows(text, { cio });
    expect(b.rows.map((r) => `${r.period}:${r.year}:${r.month}`)).toEqual(a.rows.map((r) => `${r.period}:${r.year}:${r.month}`));
    expect(b.rows[0]!.year).toBe(1990);
  });
});
