// Reservoirs (routres): res.f/resnut.f on constructed cases, the HAWQS .res/.lwq, and a
// reservoir on the LREW outlet.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../../test/fixtures.ts';
import { formatLwq, formatRes, parseLwq, parseRes } from '../txtinout/index.ts';
import { readRchTable } from '../output/index.ts';
import { loadProject, simulateProject } from './index.ts';
import type { Reservoir } from './project.ts';
import { initReservoir, routeReservoir, type ReservoirDay } from './reservoir.ts';
import { C, NC } from './vars.ts';

const HAWQS = (f: string) => fixturePath('hawqs_huc0701_rev670', 'TxtInOut_subset', f);
const tmp: string[] = [];
afterAll(() => {
  for (const d of tmp) rmSync(d, { recursive: true, force: true });
});

function res(over: Partial<Reservoir> = {}): Reservoir {
  return {
    num: 1, file: 'x.res', sub: 1, mores: 1, iyres: 0, esa: 120, evol: 300, psa: 100, pvol: 200, vol: 200, sed: 100, nsed: 50, d50: 10, k: 0.5,
    iresco: 0, oflowmx: Array(12).fill(0), oflowmn: Array(12).fill(0), rr: 2, iflod1r: 0, iflod2r: 0, ndtargr: 10, starg: Array(12).fill(0),
    wuresn: Array(12).fill(0), wurtnf: 0, evrsv: 0.6, oflowmnFps: 0, stargFps: 1, monthlyOut: [], dailyOut: [],
    ires1: 5, ires2: 9, psetlr1: 10, psetlr2: 10, nsetlr1: 5.5, nsetlr2: 5.5, chlar: 1, seccir: 1, orgp: 0, solp: 0, orgn: 0, no3: 0, nh3: 0, no2: 0,
    ...over,
  };
}

/** Runs `days` days with a constant inflow (m3/day, t, kg); returns totals and the state. */
function run(r: Reservoir, days: number, inQ: number, inSed = 0, inNo3 = 0, pet = 4, pcp = 1) {
  const st = initReservoir(r);
  const vol0 = st.vol;
  const inC = new Float64Array(NC);
  inC[C.SED] = inSed;
  inC[C.NO3] = inNo3;
  const outC = new Float64Array(NC);
  const d: ReservoirDay = { inflow: 0, outflow: 0, evap: 0, seep: 0, pcp: 0, sedIn: 0, sedOut: 0, vol: 0, area: 0 };
  const t = { in: 0, out: 0, evap: 0, seep: 0, pcp: 0, sedOut: 0, no3Out: 0, maxOut: 0, outs: [] as number[] };
  for (let i = 0; i < days; i++) {
    const out = routeReservoir(st, inQ, inC, 0, outC, 0, pet, pcp, 100, 200, Math.floor(i / 365), 1 + (Math.floor(i / 30.5) % 12), d);
    t.in += d.inflow; t.out += out; t.evap += d.evap; t.seep += d.seep; t.pcp += d.pcp; t.sedOut += outC[C.SED]; t.no3Out += outC[C.NO3];
    t.maxOut = Math.max(t.maxOut, out);
    t.outs.push(out);
  }
  return { st, vol0, t };
}

describe('reservoir water balance (res.f)', () => {
  it('conserves water: inflow + rain - evaporation - seepage - outflow = change in storage', () => {
    for (const iresco of [0, 2, 4]) {
      const { st, vol0, t } = run(res({ iresco, starg: Array(12).fill(150) }), 400, 1.5e5, 10, 5);
      expect(t.in + t.pcp - t.evap - t.seep - t.out, `IRESCO ${iresco}`).toBeCloseTo(st.vol - vol0, 0);
      expect(t.evap).toBeGreaterThan(0);
      expect(t.seep).toBeGreaterThan(0);
    }
  });

  it('IRESCO 0 releases at most RES_RR above the principal spillway, spills above the emergency one', () => {
    const small = run(res({ vol: 150 }), 30, 1e4);
    expect(small.t.out).toBe(0); // below the principal spillway: nothing leaves
    const { t } = run(res({ vol: 250 }), 5, 0, 0, 0, 0, 0);
    expect(t.outs[0]).toBeCloseTo(2 * 86400, 0); // RES_RR = 2 m3/s
    const spill = run(res({ vol: 400 }), 1, 0, 0, 0, 0, 0);
    // RES_RR plus (V - EVOL) / NDTARGR
    expect(spill.t.outs[0]).toBeGreaterThan(2 * 86400 + (400e4 - 300e4 - 1e5) / 10);
  });

  it('IRESCO 2 draws the storage towards the target STARG over NDTARGR days', () => {
    const { st } = run(res({ iresco: 2, vol: 280, starg: Array(12).fill(150), k: 0 }), 200, 0, 0, 0, 0, 0);
    expect(st.vol / 1e4).toBeGreaterThan(150);
    expect(st.vol / 1e4).toBeLessThan(151);
  });

  it('IRESCO 1 and 3 take measured monthly and daily outflows, bounded by OFLOWMX', () => {
    const m = run(res({ iresco: 1, monthlyOut: [Array(12).fill(1.5)] }), 10, 1e5);
    expect(m.t.outs[3]).toBeCloseTo(1.5 * 86400, 3);
    const d = run(res({ iresco: 3, dailyOut: [1, 2, 3] }), 3, 1e5);
    expect(d.t.outs.map((x) => x / 86400)).toEqual([1, 2, 3].map((x) => expect.closeTo(x, 6)));
    const capped = run(res({ iresco: 3, dailyOut: [5], oflowmx: Array(12).fill(4) }), 1, 1e5);
    expect(capped.t.outs[0]).toBeCloseTo(4 * 86400, 3);
  });

  it('settles sediment down to RES_NSED and nutrients at PSETLR/NSETLR', () => {
    const { st, t } = run(res({ sed: 4000, nsed: 50, vol: 250 }), 365, 2e5, 1000 /* t/day: 5000 mg/l */, 100);
    const conc = st.sed * 1e6;
    // the inflow's sediment is mostly trapped (D50 10 um settles faster than the overflow rate)
    // and the stored concentration above RES_NSED settles: far below the initial 4000 mg/l
    // and the inflow's 5000 mg/l
    expect(conc).toBeGreaterThan(1);
    expect(conc).toBeLessThan(100);
    expect(t.sedOut).toBeLessThan(0.1 * 365 * 1000);
    expect(t.no3Out).toBeLessThan(0.9 * 365 * 100); // nitrate settles too
  });
});

describe('.res/.lwq files', () => {
  it('reads the HAWQS reservoir typed and writes it back', () => {
    const r = parseRes(readFileSync(HAWQS('000020000.res'), 'latin1'));
    expect(r.RES_SUB).toBe(2);
    expect(r.IRESCO).toBe(2);
    expect(r.RES_PVOL).toBeCloseTo(60440.618, 3);
    expect(r.IFLOD1R).toBe(10); // labelled IFLOOD1R by HAWQS
    expect(r.STARG).toEqual(Array(12).fill(41938.4));
    expect(r.EVRSV).toBe(0.6);
    expect(parseRes(formatRes(r))).toEqual(r);
    const q = parseLwq(readFileSync(HAWQS('000020000.lwq'), 'latin1'));
    expect(q.PSETLR1).toBe(10);
    expect(q.NSETLR2).toBe(5.5);
    expect(q.LKPST_REA).toBe(0.007);
    expect(q.LKSPST_REA).toBe(0.05); // the second LKPST_REA line is the sediment one
    expect(parseLwq(formatLwq(q))).toEqual(q);
  });
});

describe('a reservoir on the LREW outlet', () => {
  it('the HAWQS reservoir (IRESCO 2) on reach 3 attenuates the flow and traps sediment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-res-'));
    tmp.push(dir);
    cpSync(fixturePath('lrew_swat2012', 'TxtInOut'), dir, { recursive: true });
    cpSync(fixturePath('lrew_swat2012', 'outputs_rev637', 'daily', 'file.cio'), join(dir, 'file.cio'));
    // the HAWQS reservoir scaled to LREW's size (storage ~ 1/1000), in subbasin 3
    const r = parseRes(readFileSync(HAWQS('000020000.res'), 'latin1'));
    const f = 1e-3;
    Object.assign(r, {
      RES_SUB: 3, IYRES: 1990, RES_ESA: r.RES_ESA * f, RES_EVOL: r.RES_EVOL * f, RES_PSA: r.RES_PSA * f, RES_PVOL: r.RES_PVOL * f,
      RES_VOL: r.RES_VOL * f, STARG: r.STARG.map((x) => x * f), RES_NSED: 50,
    });
    writeFileSync(join(dir, '000030000.res'), formatRes(r), 'latin1');
    cpSync(HAWQS('000020000.lwq'), join(dir, '000030000.lwq'));
    const base = await loadProject(dir);
    const i = base.fig.findIndex((c) => c.kind === 'route' && c.reach === 3);
    const out = (base.fig[i] as { out: number }).out;
    // fig.fig gets a routres (read by the adapter); it is then moved in front of reach 3
    const figText = readFileSync(join(dir, 'fig.fig'), 'latin1').replace(/^(finish.*)$/m,
      `routres        3${String(90).padStart(6)}${String(1).padStart(6)}${String(out).padStart(6)}\n          000030000.res000030000.lwq\n$1`);
    writeFileSync(join(dir, 'fig.fig'), figText, 'latin1');
    const p = await loadProject(dir);
    const k = p.fig.findIndex((c) => c.kind === 'routres');
    const rcmd = p.fig[k] as { kind: 'routres'; out: number; inp: number; res: Reservoir };
    expect(rcmd.res.iresco).toBe(2);
    expect(rcmd.res.sub).toBe(3);
    p.fig.splice(k, 1);
    const j = p.fig.findIndex((c) => c.kind === 'route' && c.reach === 3);
    const route3 = p.fig[j] as { inp: number };
    rcmd.inp = route3.inp;
    route3.inp = rcmd.out;
    p.fig.splice(j, 0, rcmd);
    const series = async (proj: typeof p) => {
      await simulateProject(proj);
      const t = await readRchTable(join(dir, 'output.rch'));
      const q: number[] = [];
      const sed: number[] = [];
      for (let r = 0; r < t.rowCount; r++) if (t.unit[r] === 3) {
        q.push(t.columns.FLOW_INcms[r]);
        sed.push(t.columns.SED_INtons[r]);
      }
      return { q, sed };
    };
    const a = await series(await loadProject(join(dir)).then((x) => {
      // without the reservoir
      x.fig = x.fig.filter((c) => c.kind !== 'routres');
      return x;
    }));
    const b = await series(p);
    const sum = (v: number[]) => v.reduce((x, y) => x + y, 0);
    const max = (v: number[]) => v.reduce((x, y) => Math.max(x, y), 0);
    expect(b.q.length).toBe(a.q.length);
    // peaks are attenuated, volumes similar (release towards the target, evaporation)
    expect(max(b.q)).toBeLessThan(0.5 * max(a.q));
    expect(sum(b.q)).toBeGreaterThan(0.5 * sum(a.q));
    expect(sum(b.q)).toBeLessThan(1.5 * sum(a.q));
    // sediment is trapped
    expect(sum(b.sed)).toBeLessThan(0.5 * sum(a.sed));
    // output.rsv: a daily row per printed day in SWAT's format, its outflow is reach 3's inflow
    const rsv = readFileSync(join(dir, 'output.rsv'), 'latin1').split('\n');
    expect(rsv[8]).toMatch(/^ {11}RES  MON    VOLUMEm3  FLOW_INcms FLOW_OUTcms/);
    const rows = rsv.filter((l) => l.startsWith('RES   '));
    expect(rows.length).toBe(b.q.length);
    const outQ = rows.map((l) => Number(l.slice(19 + 24, 19 + 36)));
    expect(sum(outQ)).toBeCloseTo(sum(b.q), 0);
    expect(rows.every((l) => l.length === 19 + 41 * 12)).toBe(true);
  });
});
