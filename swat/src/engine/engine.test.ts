// Engine tests: small hand-built physics checks, then LREW fidelity against SWAT rev 637's
// own outputs (average annual basin values, daily reach-3 flow) and parameter responses.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../../test/fixtures.ts';
import { readOutputStd, readRchTable } from '../output/index.ts';
import { loadProject, runSimulation, simulateProject } from './index.ts';
import { ascrv } from './model.ts';
import type { Project } from './project.ts';
import { ee, minDayLength, solarGeometry } from './weather.ts';

const EXPECTED = JSON.parse(readFileSync(fixturePath('lrew_swat2012', 'outputs_rev637', 'expected_summary.json'), 'utf8'))
  .output_std_ave_annual_basin as Record<string, number>;
const KEYS: [string, string][] = [
  ['PRECIP', 'PRECIP'], ['SURQ', 'SURFACE RUNOFF Q'], ['LATQ', 'LATERAL SOIL Q'], ['GWQ', 'GROUNDWATER (SHAL AQ) Q'],
  ['ET', 'ET'], ['PET', 'PET'], ['WYLD', 'TOTAL WATER YLD'],
];

const tmp: string[] = [];
function lrewCopy(cio: 'daily' | 'monthly' | 'yearly' | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'hw-engine-'));
  tmp.push(dir);
  cpSync(fixturePath('lrew_swat2012', 'TxtInOut'), dir, { recursive: true });
  if (cio) cpSync(fixturePath('lrew_swat2012', 'outputs_rev637', cio, 'file.cio'), join(dir, 'file.cio'));
  return dir;
}
afterAll(() => {
  for (const d of tmp) rmSync(d, { recursive: true, force: true });
});

describe('physics helpers', () => {
  it('saturation vapour pressure and solar geometry follow the documented equations', () => {
    expect(ee(20)).toBeCloseTo(2.34, 1);
    const g = solarGeometry(31.7, 172);
    expect(g.dayl).toBeGreaterThan(13.5);
    expect(g.dayl).toBeLessThan(14.5);
    expect(g.rmx).toBeGreaterThan(25);
    expect(minDayLength(31.7)).toBeGreaterThan(9.5);
    expect(minDayLength(31.7)).toBeLessThan(10.5);
  });
  it('ascrv reproduces its two points', () => {
    const [c1, c2] = ascrv(0.05, 0.95, 0.15, 0.5);
    const f = (x: number) => x / (x + Math.exp(c1 - c2 * x));
    expect(f(0.15)).toBeCloseTo(0.05, 6);
    expect(f(0.5)).toBeCloseTo(0.95, 6);
  });
});

describe('LREW against SWAT rev 637', () => {
  let yearlyDir = '';
  let base: Record<string, number> = {};
  beforeAll(async () => {
    yearlyDir = lrewCopy('yearly');
    const s = await runSimulation(yearlyDir);
    base = s.aveAnnualBasin;
  }, 60_000);

  it('average annual basin values are within 10% of SWAT', async () => {
    const std = await readOutputStd(join(yearlyDir, 'output.std'));
    for (const [, key] of KEYS) {
      const ref = EXPECTED[key];
      const got = base[key];
      expect(Math.abs(got / ref - 1), `${key}: engine ${got.toFixed(2)} vs SWAT ${ref}`).toBeLessThan(0.1);
      // what output.std says is what the summary says
      expect(std.aveAnnualBasin[key]).toBeCloseTo(got, 0);
    }
    // what we reach today (kept tighter than the goal so regressions show)
    expect(Math.abs(base['TOTAL WATER YLD'] / EXPECTED['TOTAL WATER YLD'] - 1)).toBeLessThan(0.05);
    expect(Math.abs(base.ET / EXPECTED.ET - 1)).toBeLessThan(0.05);
  });

  it('writes yearly output.rch/.sub/.hru that the output readers accept', async () => {
    const rch = await readRchTable(join(yearlyDir, 'output.rch'));
    // 10 printed years + the average-annual rows, for 3 reaches
    expect(rch.rowCount).toBe(33);
    const ref = await readRchTable(fixturePath('lrew_swat2012', 'outputs_rev637', 'yearly', 'output.rch'));
    const last = (t: typeof rch) => {
      for (let i = t.rowCount - 1; i >= 0; i--) if (t.unit[i] === 3) return t.columns.FLOW_OUTcms[i];
      return NaN;
    };
    expect(Math.abs(last(rch) / last(ref) - 1)).toBeLessThan(0.1);
  });

  it('daily reach 3 flow has NSE >= 0.8 against SWAT daily output', async () => {
    const dir = lrewCopy('daily');
    await runSimulation(dir);
    const mine = await readRchTable(join(dir, 'output.rch'));
    const ref = await readRchTable(fixturePath('lrew_swat2012', 'outputs_rev637', 'daily', 'output.rch'));
    const pick = (t: typeof mine) => {
      const o: number[] = [];
      for (let i = 0; i < t.rowCount; i++) if (t.unit[i] === 3) o.push(t.columns.FLOW_OUTcms[i]);
      return o;
    };
    const a = pick(mine);
    const b = pick(ref);
    expect(a.length).toBe(b.length);
    const mean = b.reduce((x, y) => x + y, 0) / b.length;
    let num = 0;
    let den = 0;
    for (let i = 0; i < b.length; i++) {
      num += (a[i] - b[i]) ** 2;
      den += (b[i] - mean) ** 2;
    }
    const nse = 1 - num / den;
    expect(nse).toBeGreaterThanOrEqual(0.8);
    expect(nse).toBeGreaterThanOrEqual(0.95); // reached: 0.99
  });

  // Parameter responses: same direction as SWAT's (documented effects of each parameter).
  const run = async (modify: (p: Project) => void) => {
    const p = await loadProject(yearlyDir);
    const { summary } = await simulateProject(p, { modify, writeOutputs: false });
    return summary.aveAnnualBasin;
  };
  const eachHru = (p: Project, f: (h: Project['subbasins'][number]['hrus'][number]) => void) => {
    for (const s of p.subbasins) for (const h of s.hrus) f(h);
  };

  it('CN2 +10%: more surface runoff, less groundwater flow', async () => {
    const r = await run((p) => eachHru(p, (h) => { h.cn2 = Math.min(98, h.cn2 * 1.1); }));
    expect(r['SURFACE RUNOFF Q']).toBeGreaterThan(base['SURFACE RUNOFF Q'] * 1.15);
    expect(r['GROUNDWATER (SHAL AQ) Q']).toBeLessThan(base['GROUNDWATER (SHAL AQ) Q']);
  });

  it('ESCO 0.95 -> 0.5: more soil evaporation, less water yield', async () => {
    const r = await run((p) => {
      p.basin.esco = 0.5;
      eachHru(p, (h) => { h.esco = 0.5; });
    });
    expect(r.ET).toBeGreaterThan(base.ET);
    expect(r['TOTAL WATER YLD']).toBeLessThan(base['TOTAL WATER YLD']);
  });

  it('IPET Penman-Monteith -> Hargreaves and Priestley-Taylor change PET', async () => {
    const h = await run((p) => { p.basin.ipet = 2; });
    const pt = await run((p) => { p.basin.ipet = 0; });
    expect(Math.abs(h.PET - base.PET)).toBeGreaterThan(20);
    expect(Math.abs(pt.PET - base.PET)).toBeGreaterThan(20);
    // Hargreaves gives more PET on LREW: more ET, less yield. With Priestley-Taylor and
    // Hargreaves, transpiration is LAI x PET / 3 instead of the crop canopy resistance of
    // Penman-Monteith, so ET rises for both (as in SWAT's etact).
    expect(h.PET).toBeGreaterThan(base.PET);
    expect(h['TOTAL WATER YLD']).toBeLessThan(base['TOTAL WATER YLD']);
    expect(pt.PET).toBeLessThan(base.PET);
    expect(pt.ET).toBeGreaterThan(base.ET);
  });

  it('RFINC +10%: 10% more precipitation, more yield', async () => {
    const r = await run((p) => { for (const s of p.subbasins) s.rfinc = s.rfinc.map(() => 10); });
    expect(r.PRECIP / base.PRECIP).toBeCloseTo(1.1, 2);
    expect(r['TOTAL WATER YLD']).toBeGreaterThan(base['TOTAL WATER YLD'] * 1.1);
  });

  it('TMPINC +3 C: more PET and ET, less yield', async () => {
    const r = await run((p) => { for (const s of p.subbasins) s.tmpinc = s.tmpinc.map(() => 3); });
    expect(r.PET).toBeGreaterThan(base.PET);
    expect(r['TOTAL WATER YLD']).toBeLessThan(base['TOTAL WATER YLD']);
  });

  it('GWQMN 1000 -> 2000 mm: less groundwater flow', async () => {
    const r = await run((p) => eachHru(p, (h) => { h.gwqmn = 2000; }));
    expect(r['GROUNDWATER (SHAL AQ) Q']).toBeLessThan(base['GROUNDWATER (SHAL AQ) Q'] * 0.9);
  });

  it('ALPHA_BF and SURLAG change the daily hydrograph, not the volumes much', async () => {
    const r = await run((p) => eachHru(p, (h) => { h.alphaBf = 0.9; }));
    expect(Math.abs(r['GROUNDWATER (SHAL AQ) Q'] / base['GROUNDWATER (SHAL AQ) Q'] - 1)).toBeLessThan(0.1);
    const r2 = await run((p) => { p.basin.surlag = 0.5; });
    expect(Math.abs(r2['SURFACE RUNOFF Q'] / base['SURFACE RUNOFF Q'] - 1)).toBeLessThan(0.05);
  });
});

describe('HRUs in worker threads', () => {
  it('2 threads give the same results as 1 (subbasin blocks on shared arrays)', async () => {
    const dir = lrewCopy('yearly');
    const one = await simulateProject(await loadProject(dir, { streamHrus: true }), { threads: 1, writeOutputs: false });
    const two = await simulateProject(await loadProject(dir, { streamHrus: true }), { threads: 2, writeOutputs: false });
    for (const [k, v] of Object.entries(one.summary.aveAnnualBasin)) expect(two.summary.aveAnnualBasin[k], k).toBeCloseTo(v, 9);
    const a = one.totals.hruAa, b = two.totals.hruAa;
    let worst = 0;
    for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
    expect(worst).toBe(0);
  }, 60_000);
});

describe('routing options on LREW', () => {
  it('Muskingum routing (IRTE 1) keeps the daily reach-3 hydrograph close to SWAT', async () => {
    const dir = lrewCopy('daily');
    const p = await loadProject(dir);
    await simulateProject(p, { modify: (q) => { q.basin.irte = 1; } });
    const mine = await readRchTable(join(dir, 'output.rch'));
    const ref = await readRchTable(fixturePath('lrew_swat2012', 'outputs_rev637', 'daily', 'output.rch'));
    const pick = (t: typeof mine) => {
      const o: number[] = [];
      for (let i = 0; i < t.rowCount; i++) if (t.unit[i] === 3) o.push(t.columns.FLOW_OUTcms[i]);
      return o;
    };
    const a = pick(mine);
    const b = pick(ref);
    const mean = b.reduce((x, y) => x + y, 0) / b.length;
    let num = 0;
    let den = 0;
    for (let i = 0; i < b.length; i++) {
      num += (a[i] - b[i]) ** 2;
      den += (b[i] - mean) ** 2;
    }
    expect(1 - num / den).toBeGreaterThan(0.9);
  });

  it('a constant point source (reccnst) adds its flow at the outlet', async () => {
    const dir = lrewCopy('yearly');
    const outletMean = async () => {
      const t = await readRchTable(join(dir, 'output.rch'));
      for (let i = t.rowCount - 1; i >= 0; i--) if (t.unit[i] === 3) return t.columns.FLOW_OUTcms[i];
      return NaN;
    };
    await simulateProject(await loadProject(dir));
    const before = await outletMean();
    await simulateProject(await loadProject(dir), {
      modify: (q) => {
        // 8640 m3/day = 0.1 m3/s joined to the inflow of reach 3
        const i = q.fig.findIndex((c) => c.kind === 'route' && c.reach === 3);
        const r = q.fig[i] as { kind: 'route'; out: number; reach: number; inp: number };
        q.fig.splice(i, 0, { kind: 'rec', out: 90, file: 'test', code: 'reccnst', series: { kind: 'cnst', cnst: [8640, 0, 0, 0, 0, 0, 0, 0] } },
          { kind: 'add', out: 91, a: r.inp, b: 90 });
        r.inp = 91;
      },
    });
    const after = await outletMean();
    expect(after - before).toBeGreaterThan(0.095);
    expect(after - before).toBeLessThan(0.1001);
  });
});

describe('CLI run', () => {
  it('runs a folder and fails clearly on a bad one', async () => {
    const { run } = await import('../cli/run.ts');
    const bad = mkdtempSync(join(tmpdir(), 'hw-engine-bad-'));
    tmp.push(bad);
    const errs: string[] = [];
    const orig = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((c: string) => { errs.push(String(c)); return true; }) as typeof process.stderr.write;
    try {
      expect(await run([bad])).toBe(2);
      writeFileSync(join(bad, 'file.cio'), 'x\n');
      expect(await run([bad, '--quiet'])).toBe(2);
    } finally {
      process.stderr.write = orig;
    }
    expect(errs.join('')).toMatch(/file\.cio|bad input/);
  });
});
