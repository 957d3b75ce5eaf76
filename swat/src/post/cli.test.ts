// Runs the real bin (swat/bin/hw-swat) on small temporary inputs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../test/fixtures.ts';

const BIN = fileURLToPath(new URL('../../bin/hw-swat', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'hw-swat-post-'));

function hwSwat(...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function write(name: string, text: string): string {
  const p = join(tmp, name);
  writeFileSync(p, text);
  return p;
}

const prt = readFileSync(fixturePath('reference', 'PK04031500_B17B_PeakFQ71.PRT'), 'latin1');
const listing = prt.slice(prt.indexOf('I N P U T   D A T A   L I S T I N G'), prt.indexOf('Explanation'));
const peaks = [...listing.matchAll(/^\s+(\d{4})\s+([\d.]+)\s*$/gm)].map((m) => `${m[1]},${m[2]}`);

describe('hw-swat ffa', () => {
  const input = write('peaks.csv', ['year,peak', ...peaks].join('\n') + '\n');

  it('weighted skew run reproduces PeakFQ quantiles (JSON)', () => {
    const r = hwSwat('ffa', '--input', input, '--gen-skew', '-0.117', '--gen-skew-mse', '0.3025', '--json');
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.n).toBe(38);
    expect(j.mean).toBeCloseTo(3.0817, 4);
    expect(j.std).toBeCloseTo(0.1851, 4);
    expect(j.stationSkew).toBeCloseTo(0.144, 3);
    expect(j.weightedSkew).toBeCloseTo(0.060, 3);
    expect(j.lowOutliers).toEqual([]);
    expect(j.highOutliers).toEqual([]);
    const byT = new Map<number, number>(j.quantiles.map((q: { returnPeriod: number; flow: number }) => [q.returnPeriod, q.flow]));
    // PeakFQ 7.1 B17B: 2-yr 1202, 10-yr 2090, 25-yr 2568, 50-yr 2937, 100-yr 3315, 200-yr 3707
    const expected: [number, number][] = [[2, 1202], [10, 2090], [25, 2568], [50, 2937], [100, 3315], [200, 3707], [500, 4246]];
    for (const [t, q] of expected) expect(Math.abs(byT.get(t)! - q), `T=${t}`).toBeLessThanOrEqual(0.5 + 1e-5 * q);
    for (const q of j.quantiles) expect(q.aep).toBeCloseTo(1 / q.returnPeriod, 12);
  });

  it('station skew and generalized skew options', () => {
    const st = JSON.parse(hwSwat('ffa', '--input', input, '--skew', 'station', '--json').stdout);
    expect(st.weightedSkew).toBeNull();
    expect(st.skew).toBeCloseTo(0.1439, 4);
    const gen = JSON.parse(hwSwat('ffa', '--input', input, '--gen-skew', '-0.117', '--skew', 'generalized', '--json').stdout);
    expect(gen.skew).toBe(-0.117);
    // negative skew → a smaller 100-year flood than with the station skew
    const q100 = (j: { quantiles: { returnPeriod: number; flow: number }[] }) => j.quantiles.find((q) => q.returnPeriod === 100)!.flow;
    expect(q100(gen)).toBeLessThan(q100(st));
  });

  it('annual maxima of a daily series (--daily, water year)', () => {
    const lines = ['date,flow'];
    for (let y = 2000; y < 2012; y++) {
      for (let d = 0; d < 365; d++) {
        const date = new Date(Date.UTC(y, 0, 1 + d)).toISOString().slice(0, 10);
        const peak = d === 100 + y - 2000 ? 50 + ((y * 37) % 23) * 10 : 5;
        lines.push(`${date},${peak}`);
      }
    }
    const r = hwSwat('ffa', '--input', write('daily.csv', lines.join('\n')), '--daily', '--year', 'water', '--json');
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.n).toBe(13); // water years 2000..2012 (Oct-Dec 2011 fall into WY 2012)
    expect(j.peaks.find((p: { year: number }) => p.year === 2001).flow).toBe(50 + ((2001 * 37) % 23) * 10);
  });

  it('--method ema with a historic period reproduces PeakfqSA (Big Sandy River)', () => {
    const spc = readFileSync(fixturePath('reference', 'TestCase02.spc'), 'latin1');
    const rows = [...spc.matchAll(/^Q\s+(\d{4})\s+([\d.]+)/gm)].map((m) => `${m[1]},${m[2]}`);
    const csv = write('tc02.csv', ['year,peak', ...rows].join('\n'));
    const r = hwSwat('ffa', '--input', csv, '--method', 'ema', '--thresholds', '1897-1929:18500,1930-1973:0', '--gen-skew', '-0.5', '--skew', 'generalized', '--return-periods', '2,10,100', '--json');
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ method: 'EMA', n: 77, exact: 47, censored: 30, skew: -0.5 });
    expect(j.stationSkew).toBeCloseTo(0.017089, 6);
    // PeakfqSA: 5609.41, 12192.32, 20222.74 cfs
    [5609.41, 12192.32, 20222.74].forEach((v, i) => expect(Math.abs(j.quantiles[i].flow - v)).toBeLessThanOrEqual(0.01));
    const bad = hwSwat('ffa', '--input', csv, '--method', 'ema', '--thresholds', '1897:18500');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/--thresholds entries must look like/);
  });

  it('text output without --json', () => {
    const r = hwSwat('ffa', '--input', input);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Bulletin 17B/);
    expect(r.stdout).toMatch(/100\s+0\.0100/);
  });

  it('bad input: clear message, non-zero exit', () => {
    const cases: [string[], RegExp][] = [
      [['--json'], /missing required option --input/],
      [['--input', join(tmp, 'missing.csv')], /cannot read/],
      [['--input', write('bad.csv', 'year,peak\n1990,abc\n')], /line 2: peak 'abc' is not a number/],
      [['--input', write('two.csv', 'year,peak\n1990,10\n1991,20\n')], /at least 3/],
      [['--input', input, '--skew', 'weighted'], /needs --gen-skew/],
      [['--input', input, '--gen-skew', '-0.1', '--skew', 'weighted'], /needs --gen-skew-mse/],
      [['--input', input, '--skew', 'median'], /must be one of/],
      [['--input', input, '--bogus'], /unknown option/],
    ];
    for (const [args, msg] of cases) {
      const r = hwSwat('ffa', ...args);
      expect(r.code, args.join(' ')).not.toBe(0);
      expect(r.stderr).toMatch(msg);
    }
  });
});

describe('hw-swat baseflow', () => {
  const bass = readFileSync(fixturePath('reference', 'BassRiver@Loch.csv'), 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
  const bassCsv = write('bass.csv', ['date,flow', ...bass.map((q, i) => `${new Date(Date.UTC(1990, 0, 1 + i)).toISOString().slice(0, 10)},${q}`)].join('\n'));

  it('Lyne–Hollick on Bass River: BFI 0.1965759', () => {
    const r = hwSwat('baseflow', '--input', bassCsv, '--method', 'lyne-hollick', '--a', '0.98', '--json');
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.bfi).toBeCloseTo(0.1965759, 7);
    expect(j.days).toHaveLength(67);
    expect(j.days[0]).toMatchObject({ date: '1990-01-01', flow: 5 });
  });

  it('Eckhardt with defaults: daily baseflow never above flow, BFI below BFImax', () => {
    const r = hwSwat('baseflow', '--input', bassCsv, '--method', 'eckhardt', '--json');
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.filterParameter).toBe(0.98);
    expect(j.bfiMax).toBe(0.8);
    let sb = 0;
    let sq = 0;
    for (const d of j.days) {
      expect(d.baseflow).toBeLessThanOrEqual(d.flow);
      sb += d.baseflow;
      sq += d.flow;
    }
    expect(j.bfi).toBeCloseTo(sb / sq, 12);
    const lower = JSON.parse(hwSwat('baseflow', '--input', bassCsv, '--bfimax', '0.25', '--json').stdout);
    expect(lower.bfi).toBeLessThan(j.bfi);
  });

  it('bad input: clear message, non-zero exit', () => {
    const cases: [string[], RegExp][] = [
      [['--input', bassCsv, '--a', '1.2'], /Filter parameter and BFI max must be a number between 0 and 1/],
      [['--input', bassCsv, '--bfimax', 'x'], /between 0 and 1/],
      [['--input', bassCsv, '--method', 'hysep'], /must be one of eckhardt, lyne-hollick/],
      [['--input', write('neg.csv', 'date,flow\n2000-01-01,1\n2000-01-02,-3\n')], /negative flow/],
      [['--input', write('date.csv', 'date,flow\nJan 2 2000,1\n')], /not YYYY-MM-DD/],
      [['--method', 'eckhardt'], /missing required option --input/],
    ];
    for (const [args, msg] of cases) {
      const r = hwSwat('baseflow', ...args);
      expect(r.code, args.join(' ')).not.toBe(0);
      expect(r.stderr).toMatch(msg);
    }
  });
});

describe('hw-swat cequal', () => {
  const daily = fixturePath('lrew_swat2012', 'outputs_rev637', 'daily');

  it('writes QIN/TIN/CIN per reach', async () => {
    const { parseW2File } = await import('./cequal/w2file.ts');
    const out = join(tmp, 'w2-rch');
    const r = hwSwat('cequal', '--dir', daily, '--type', 'RCH', '--subbasins', '1,3', '--out', out, '--json');
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.units).toEqual([1, 3]);
    expect(j.files).toHaveLength(6);
    expect(j.temperatureSource).toEqual({ 1: 'WTMPdegc', 3: 'WTMPdegc' });
    const qin = parseW2File(readFileSync(join(out, 'QIN_RCH3.npt'), 'utf8'));
    expect(qin.columns).toEqual(['JDAY', 'QIN']);
    expect(qin.rows).toHaveLength(1096);
    expect(qin.rows[0]).toEqual([1, 0.5403]); // FLOW_OUTcms of reach 3 on 2010-01-01
    const tin = parseW2File(readFileSync(join(out, 'TIN_RCH3.npt'), 'utf8'));
    expect(tin.rows[0]).toEqual([1, 10.14]); // WTMPdegc
  });

  it('subbasins (SUB) with all units by default', () => {
    const out = join(tmp, 'w2-sub');
    const r = hwSwat('cequal', '--dir', daily, '--type', 'sub', '--out', out);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/9 CE-QUAL-W2 files for SUB 1, 2, 3/);
  });

  it('bad input: clear message, non-zero exit', () => {
    const cases: [string[], RegExp][] = [
      [['--dir', daily, '--type', 'HRU', '--out', tmp], /--type must be one of RCH, SUB/],
      [['--dir', daily, '--out', tmp], /missing required option --type/],
      [['--dir', daily, '--type', 'RCH'], /missing required option --out/],
      [['--dir', fixturePath('lrew_swat2012', 'outputs_rev637', 'monthly'), '--type', 'RCH', '--out', tmp], /need daily SWAT output/],
      [['--dir', daily, '--type', 'RCH', '--subbasins', '4', '--out', tmp], /reach 4 is not in the SWAT output/],
      [['--dir', daily, '--type', 'RCH', '--subbasins', 'a,b', '--out', tmp], /comma-separated list/],
      [['--dir', join(tmp, 'nothing'), '--type', 'RCH', '--out', tmp], /not a folder/],
    ];
    for (const [args, msg] of cases) {
      const r = hwSwat('cequal', ...args);
      expect(r.code, args.join(' ')).not.toBe(0);
      expect(r.stderr).toMatch(msg);
    }
  });
});

describe('hw-swat check', () => {
  const yearly = fixturePath('lrew_swat2012', 'outputs_rev637', 'yearly');

  it('JSON response: setup and the 10 sections, each with warnings', () => {
    const r = hwSwat('check', '--dir', yearly, '--txtinout', fixturePath('lrew_swat2012', 'TxtInOut'), '--json');
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(Object.keys(j)).toEqual(['setup', 'hydrology', 'sediment', 'nitrogenCycle', 'phosphorusCycle', 'plantGrowth', 'landscapeNutrientLosses', 'landUseSummary', 'instreamProcesses', 'pointSources', 'reservoirs']);
    for (const k of Object.keys(j).slice(1)) expect(Array.isArray(j[k].warnings), k).toBe(true);
    expect(j.setup).toMatchObject({ hrus: 134, subbasins: 3, outputTimestep: 'yearly', precipMethod: 'measured', watershedArea: 21.963 });
    expect(j.hydrology.precipitation).toBe(1094.3);
    expect(j.landscapeNutrientLosses).toHaveProperty('nLosses');
    expect(j.landscapeNutrientLosses).toHaveProperty('pLosses');
    expect(j.landUseSummary).toHaveProperty('hruLevelWarnings');
    expect(j.instreamProcesses.reaches[0]).toHaveProperty('id', 1);
    expect(j.instreamProcesses).toHaveProperty('budgets');
    expect(j.reservoirs).toHaveProperty('reservoirRows');
    expect(j.reservoirs).toHaveProperty('averages');
  });

  it('one subbasin and the text report', () => {
    const j = JSON.parse(hwSwat('check', '--dir', yearly, '--subbasin', '2', '--json').stdout);
    expect(j.setup.subbasin).toBe(2);
    expect(j.instreamProcesses.reaches.map((x: { id: number }) => x.id)).toEqual([2]);
    const t = hwSwat('check', '--dir', yearly);
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(/Nitrogen Cycle: \d+ warning\(s\)/);
  });

  it('bad input: clear message, non-zero exit', () => {
    const cases: [string[], RegExp][] = [
      [['--dir', yearly, '--subbasin', '-1'], /--subbasin must be a whole number/],
      [['--dir', yearly, '--subbasin', '1.5'], /--subbasin must be a whole number/],
      [['--dir', yearly, '--subbasin', '12'], /subbasin 12 is not in this run/],
      [['--dir', fixturePath('lrew_swat2012', 'TxtInOut')], /no output.std/],
      [[], /missing required option --dir/],
    ];
    for (const [args, msg] of cases) {
      const r = hwSwat('check', ...args);
      expect(r.code, args.join(' ')).not.toBe(0);
      expect(r.stderr).toMatch(msg);
    }
  });
});
