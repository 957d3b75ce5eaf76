// Channel sediment routing by CH_EQN (route.ts: rtsed.f for 0; rtsed_bagnold.f, rtsed_kodatie.f,
// rtsed_Molinas_Wu.f, rtsed_yangsand.f for 1–4) and potholes (hru.ts: pothole.f), on SWAT's
// equations and on the LREW watershed (the repository's fixture).
import { describe, expect, it } from 'vitest';
import { fixtureProject } from '../../test/fixtures.ts';
import { readTxtInOut } from '../txtinout/index.ts';
import type { SwatProject } from '../txtinout/types.ts';
import { channelFractions, criticalShear, fromSwatProject } from './adapter.ts';
import type { Basin, Reach } from './project.ts';
import { detachedFractions, initReach, NSIZE, routeReach, SIZE, transportCapacity } from './route.ts';
import { simulate } from './sim.ts';
import { NRV, NSV, RV, SV } from './vars.ts';

const LREW = fixtureProject('lrew_swat2012');
const base = await readTxtInOut(LREW);

/** Runs LREW 2003–2007 (2 years warm-up) with `change` applied; sums 2005–2007. */
async function run(change: (p: SwatProject) => void) {
  const sp = structuredClone(base);
  Object.assign(sp.cio as object, { IYR: 2003, NBYR: 5, IDAL: 365, NYSKIP: 0 });
  change(sp);
  const p = fromSwatProject(sp, LREW);
  const area = [...p.subbasins].map((s) => s.area);
  const da = area.reduce((a, x) => a + x, 0);
  const t = { sedIn: [0, 0, 0], sedOut: [0, 0, 0], flow: 0, surq: 0, wyld: 0, et: 0, potMax: 0, potEnd: 0 };
  await simulate(p, (m) => ({
    hruWanted: null,
    day(ctx, _hv, sv, rv) {
      let pot = 0;
      for (let h = 0; h < m.nhru; h++) pot += m.potVol[h] * m.dafr[h];
      t.potMax = Math.max(t.potMax, pot);
      t.potEnd = pot;
      if (ctx.year < 2005) return;
      for (let i = 0; i < 3; i++) {
        t.sedIn[i] += rv[i * NRV + RV.SED_IN]!;
        t.sedOut[i] += rv[i * NRV + RV.SED_OUT]!;
        const w = area[i]! / da;
        t.surq += sv[i * NSV + SV.SURQ]! * w;
        t.wyld += sv[i * NSV + SV.WYLD]! * w;
        t.et += sv[i * NSV + SV.ET]! * w;
      }
      t.flow += rv[2 * NRV + RV.FLOW_OUT]!;
    },
  }), { threads: 1 });
  return t;
}
const setChEqn = (eqn: number) => (sp: SwatProject) => sp.reaches.forEach((r) => Object.assign(r.rte!, { CH_EQN: eqn }));

describe('channel material as readrte.f completes it', () => {
  it('silt banks (50 µm) and sand beds (500 µm) by default, 65 % of their own class', () => {
    expect(channelFractions(50)).toEqual([0.15, 0.65, 0.15, 0, 0, 0.05]);
    expect(channelFractions(500)).toEqual([0.65, 0.15, 0.15, 0, 0, 0.05]);
    expect(channelFractions(3)).toEqual([0.15, 0.15, 0.65, 0, 0, 0.05]);
    expect(channelFractions(5000)).toEqual([0.15, 0.15, 0.05, 0, 0, 0.65]);
  });

  it('critical shear stress from silt + clay % (Julian and Torres 2005) times the cover factor', () => {
    // silt bank: SC 80 → 0.1 + 14.232 + 17.92 − 11.98 = 20.27 N/m²; sand bed: SC 30 → 7.33
    expect(criticalShear(channelFractions(50), 1)).toBeCloseTo(20.272, 2);
    expect(criticalShear(channelFractions(500), 1)).toBeCloseTo(7.325, 2);
    expect(criticalShear(channelFractions(500), 2)).toBeCloseTo(14.65, 1);
  });

  it('a reach routed by size gets those defaults, cover factors 1 when 0', () => {
    const sp = structuredClone(base);
    setChEqn(2)(sp);
    const r = fromSwatProject(sp, LREW).reaches.get(3)!;
    expect(r).toMatchObject({ chEqn: 2, bnkD50: 50, bedD50: 500, bnkBd: 1.4, bedBd: 1.5, chCov1: 1, chCov2: 1 });
    expect(r.kdBnk).toBeCloseTo(0.2 / Math.sqrt(20.272), 4);
    expect(r.kdBed).toBeCloseTo(0.2 / Math.sqrt(7.325), 4);
  });

  it('detached sediment of a soil by size (soil_phys.f) sums to 1', () => {
    const f = detachedFractions(20, 30, 50);
    expect(f.reduce((a, x) => a + x, 0)).toBeCloseTo(1, 9);
    expect(f[SIZE.CLA]).toBeCloseTo(0.04, 9);
    expect(f[SIZE.SIL]).toBeCloseTo(0.039, 9);
    expect(f[SIZE.SAG]).toBeCloseTo(0.4, 9);
    // a clay soil: small aggregates 0.57 and the rest scaled down when they overflow
    expect(detachedFractions(60, 20, 20).reduce((a, x) => a + x, 0)).toBeCloseTo(1, 9);
  });
});

describe('transport capacity by CH_EQN', () => {
  const sp = structuredClone(base);
  setChEqn(1)(sp);
  const reach = fromSwatProject(sp, LREW).reaches.get(3)!;
  const cap = (eqn: number, vc: number, dep = 0.3, r: Reach = reach) => transportCapacity(eqn, r, vc, dep, dep * 0.8, 9, 7, 50_000);

  it('Bagnold: SPCON·v^SPEXP', () => {
    expect(cap(1, 0.5)).toBeCloseTo(reach.spcon * Math.pow(0.5, reach.spexp), 12);
  });

  it('Kodatie, Molinas and Wu and Yang carry more as the flow is faster', () => {
    for (const eqn of [2, 3, 4]) {
      const slow = cap(eqn, 0.3);
      const fast = cap(eqn, 0.9);
      expect(slow, `CH_EQN ${eqn}`).toBeGreaterThan(0);
      expect(fast, `CH_EQN ${eqn}`).toBeGreaterThan(slow);
    }
  });

  it('Kodatie: a × v^b × d^c × S^d t/m/day over the mean width, a sand bed\'s coefficients', () => {
    // 500 µm: medium to very coarse sand (2123.4, 3.300, 0.468, 0.613)
    const want = ((2123.4 * Math.pow(0.5, 3.3) * Math.pow(0.3, 0.468) * Math.pow(reach.chS2, 0.613)) / 50_000) * (9 + 7) / 2;
    expect(cap(2, 0.5)).toBeCloseTo(want, 12);
    // a silt bed carries more at the same flow (its coefficient a 281.4 with no slope term)
    expect(cap(2, 0.5, 0.3, { ...reach, bedD50: 30 })).toBeGreaterThan(cap(2, 0.5));
  });
});

describe('a reach routing by size keeps the sediment\'s mass', () => {
  it('inflow + stored = outflow + stored + deposited, with bank and bed erosion held off', () => {
    const sp = structuredClone(base);
    setChEqn(1)(sp);
    const r = { ...fromSwatProject(sp, LREW).reaches.get(3)!, tcBnk: 1e9, tcBed: 1e9 };
    const rs = initReach(r);
    const b = { irte: 0, evrch: 1, vcrit: 0 } as unknown as Basin;
    const sizeIn = new Float64Array(NSIZE);
    const sizeOut = new Float64Array(NSIZE);
    let inTot = 0, outTot = 0;
    for (let day = 0; day < 30; day++) {
      const sed = day % 5 === 0 ? 40 : 2;
      sizeIn.set(detachedFractions(20, 30, 50).map((f) => f * sed));
      inTot += sed;
      const res = routeReach(rs, day % 7 === 0 ? 400_000 : 60_000, sed, 0, b, 0, sizeIn, sizeOut);
      outTot += res.sedOut;
      expect(sizeOut.reduce((a, x) => a + x, 0)).toBeCloseTo(res.sedOut, 6);
    }
    expect(outTot + rs.sedStor + rs.depch + rs.depfp).toBeCloseTo(inTot, 6);
    // sand and aggregates settle over the reach, the fine classes travel
    expect(rs.sizeDep[SIZE.SAN] + rs.sizeDep[SIZE.SAG] + rs.sizeDep[SIZE.LAG]).toBeGreaterThan(rs.sizeDep[SIZE.CLA]);
  });
});

describe('CH_EQN on LREW (2005–2007)', async () => {
  const results = new Map<number, Awaited<ReturnType<typeof run>>>();
  // I_SUBW 1: the headwater reaches 1 and 2 route by the method too (with 0 they pass their sediment on)
  for (const eqn of [0, 1, 2, 3, 4]) results.set(eqn, await run((sp) => {
    setChEqn(eqn)(sp);
    Object.assign(sp.cio as object, { I_SUBW: 1 });
  }));
  const out = (eqn: number) => results.get(eqn)!.sedOut[2]!;
  console.info('CH_EQN | outlet SED_IN t | outlet SED_OUT t');
  for (const [eqn, t] of results) console.info(`EFFECT | CH_EQN ${eqn} | ${t.sedIn[2]!.toFixed(1)} | ${t.sedOut[2]!.toFixed(1)}`);

  it('0 (rev 637, VCRIT): the reaches pass their sediment on unchanged; water is the same for every method', () => {
    const t = results.get(0)!;
    for (let i = 0; i < 3; i++) expect(Math.abs(t.sedOut[i]! - t.sedIn[i]!) / t.sedIn[i]!).toBeLessThan(1e-6);
    for (const eqn of [1, 2, 3, 4]) expect(results.get(eqn)!.flow).toBeCloseTo(t.flow, 6);
  });

  it('1 Bagnold by particle size: the sand and aggregates settle (Einstein), the outlet gets far less', () => {
    expect(out(1)).toBeLessThan(0.5 * out(0));
  });

  it('2, 3, 4: each method gives its own outlet sediment, none equal to another', () => {
    const values = [0, 1, 2, 3, 4].map(out);
    for (let i = 0; i < values.length; i++) for (let j = i + 1; j < values.length; j++) expect(Math.abs(values[i]! - values[j]!) / values[i]!).toBeGreaterThan(0.05);
    // Molinas and Wu's stream power carries more than Kodatie's at these velocities and depths
    expect(out(3)).toBeGreaterThan(out(2));
    for (const v of values) expect(Number.isFinite(v) && v > 0).toBe(true);
  });
});

describe('potholes on LREW (2005–2007)', async () => {
  const pot = (fr: number, volx: number, tile: number) => (sp: SwatProject) =>
    sp.subbasins.forEach((s) => s.hrus.forEach((h) => Object.assign(h.hru!, { POT_FR: fr, POT_VOLX: volx, POT_TILE: tile, POT_VOL: 0 })));
  const none = await run(() => {});
  const held = await run(pot(0.3, 50, 0));
  const tiled = await run(pot(0.3, 50, 2));
  for (const [name, t] of [['none', none], ['POT_FR 0.3, POT_VOLX 50', held], ['POT_FR 0.3, POT_VOLX 50, POT_TILE 2', tiled]] as const) {
    console.info(`EFFECT | potholes ${name} | SURQ ${t.surq.toFixed(1)} mm | WYLD ${t.wyld.toFixed(1)} mm | ET ${t.et.toFixed(1)} mm | outlet SED_OUT ${t.sedOut[2]!.toFixed(0)} t | max stored ${t.potMax.toFixed(1)} mm`);
  }

  it('a pothole fraction takes surface runoff: less SURQ, sediment settles', () => {
    expect(none.potMax).toBe(0);
    expect(held.surq).toBeLessThan(0.8 * none.surq);
    expect(held.sedOut[2]).toBeLessThan(0.85 * none.sedOut[2]!);
  });

  it('the pothole stores water (up to POT_VOLX) and loses it to evaporation and seepage', () => {
    expect(held.potMax).toBeGreaterThan(1);
    expect(held.potMax).toBeLessThanOrEqual(50 + 1e-9);
    expect(held.et).toBeGreaterThan(none.et);
    expect(held.wyld).toBeLessThan(none.wyld);
  });

  it('its surface inlet tile releases stored water to the stream', () => {
    expect(tiled.wyld).toBeGreaterThan(held.wyld);
    // the tile's water joins the water yield, not surface runoff (qdr in pothole.f)
    expect(tiled.surq).toBeLessThan(0.8 * none.surq);
    expect(tiled.potMax).toBeLessThanOrEqual(held.potMax);
  });
});
