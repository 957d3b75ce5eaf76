// Irrigation from outside the watershed as SWAT2012 applies it (readmgt.f, sched_mgt.f,
// irrsub.f, autoirr.f, irrigate.f, surface.f): IRR_AMT in full (the field capacity when 0),
// IRR_SQ/IRR_ASQ of it running off the next day, auto-irrigation on plant water stress
// (WSTRS_ID 1) or soil water deficit (2) with IRR_MX each time. On an LREW cropland HRU.
import { describe, expect, it } from 'vitest';
import { fixtureProject } from '../../test/fixtures.ts';
import { readTxtInOut } from '../txtinout/index.ts';
import type { MgtOperation, SwatProject } from '../txtinout/types.ts';
import { fromSwatProject, InputError } from './adapter.ts';
import { simulate } from './sim.ts';
import { HV } from './vars.ts';

const LREW = fixtureProject('lrew_swat2012');
const base = await readTxtInOut(LREW);
// subbasin 1's third HRU: a row crop (tillage, planting, fertilizer, harvest)
const SUB = 0, HRU = 2;

interface Day { irr: number; surqGen: number; precip: number; wStrs: number; swEnd: number; growing: boolean }

/** Runs LREW 2003–2005 with operations added to the HRU; its daily output.hru values, and its
 * field capacity (mm). */
async function run(ops: Partial<MgtOperation>[]): Promise<{ days: Day[]; sumfc: number }> {
  const sp: SwatProject = structuredClone(base);
  Object.assign(sp.cio as object, { IYR: 2003, NBYR: 3, IDAL: 365, NYSKIP: 0 });
  const mgt = sp.subbasins[SUB]!.hrus[HRU]!.mgt!;
  // before the first year's operations, so they stay in force (the rotation's first year)
  mgt.operations.unshift(...(ops as MgtOperation[]));
  const p = fromSwatProject(sp, LREW);
  const days: Day[] = [];
  let sumfc = 0;
  let h = 0;
  for (let s = 0; s < SUB; s++) h += p.subbasins[s]!.hrus.length;
  h += HRU;
  await simulate(p, (m) => {
    const wanted = new Uint8Array(m.nhru);
    wanted[h] = 1;
    sumfc = m.sumfc[h]!;
    return {
      hruWanted: wanted,
      day(_ctx, hv) {
        days.push({ irr: hv[HV.IRR]!, surqGen: hv[HV.SURQ_GEN]!, precip: hv[HV.PRECIP]!, wStrs: hv[HV.W_STRS]!, swEnd: hv[HV.SW_END]!, growing: hv[HV.BIOM]! > 0 });
      },
    };
  }, { threads: 1 });
  return { days, sumfc };
}

const irrigation = (month: number, day: number, amt: number, sq: number, efm = 0): Partial<MgtOperation> =>
  ({ op: 2, month, day, husc: 0, IRR_SC: 0, IRR_NO: 0, IRR_AMT: amt, IRR_SALT: 0, IRR_EFM: efm, IRR_SQ: sq });
const autoIrrigation = (wstrsId: number, wstrs: number, mx: number, asq: number): Partial<MgtOperation> =>
  ({ op: 10, month: 1, day: 2, husc: 0, WSTRS_ID: wstrsId, IRR_SCA: 5, IRR_NOA: 0, AUTO_WSTRS: wstrs, IRR_EFF: 0.5, IRR_MX: mx, IRR_ASQ: asq });

describe('irrigation from outside the watershed (IRR_SC 0 or 5)', async () => {
  const none = await run([]);
  // 15 June 2003 (day 166): 50 mm with IRR_EFM 0.5 and 20 % running off
  const manual = await run([irrigation(6, 15, 50, 0.2, 0.5)]);
  const d = 165;

  it('applies IRR_AMT in full (IRR_EFM does not reduce it), IRR_SQ of it running off the next day', () => {
    expect(none.days[d]!.irr).toBe(0);
    expect(manual.days[d]!.irr).toBeCloseTo(40, 9);
    // the next day's surface runoff: the curve number's on its rain plus the 10 mm
    const next = d + 1;
    if (manual.days[next]!.precip === 0) expect(manual.days[next]!.surqGen).toBeCloseTo(10, 9);
    else expect(manual.days[next]!.surqGen).toBeGreaterThanOrEqual(10);
    // the water that infiltrated is in the soil at the day's end (what is above field capacity
    // percolating on)
    expect(manual.days[d]!.swEnd).toBeGreaterThan(none.days[d]!.swEnd);
    // once, on its day only
    expect(manual.days.filter((x) => x.irr > 0)).toHaveLength(1);
  });

  it('IRR_AMT 0 irrigates the profile\'s field capacity', async () => {
    const full = await run([irrigation(6, 15, 0, 0)]);
    expect(full.days[d]!.irr).toBeCloseTo(full.sumfc, 9);
  });

  it('auto-irrigation on plant water stress (WSTRS_ID 1): IRR_MX (25.4 mm when 0) the day after a stressed day', async () => {
    const auto = await run([autoIrrigation(1, 0.995, 0, 0)]);
    const wet = auto.days.filter((x) => x.irr > 0);
    expect(wet.length).toBeGreaterThan(0); // LREW is humid: its crops are seldom stressed
    auto.days.forEach((x, i) => {
      if (x.irr > 0) {
        expect(x.irr).toBeCloseTo(Math.min(25.4, auto.sumfc), 9); // IRR_EFF 0.5 does not reduce it
        expect(auto.days[i - 1]!.wStrs).toBeGreaterThan(0.005); // yesterday's stress above 1 − 0.995
      }
    });
    const stress = (r: typeof none) => r.days.reduce((a, x) => a + x.wStrs, 0);
    expect(stress(auto)).toBeLessThan(stress(none));
  });

  it('auto-irrigation on soil water deficit (WSTRS_ID 2): whenever the deficit passes AUTO_WSTRS mm, IRR_ASQ running off', async () => {
    const auto = await run([autoIrrigation(2, 40, 30, 0.1)]);
    let checked = 0;
    for (let i = 3; i < auto.days.length; i++) {
      const deficit = auto.sumfc - auto.days[i - 1]!.swEnd;
      // irrigated exactly on the days after a day that ended more than 40 mm below field capacity
      expect(auto.days[i]!.irr > 0, `day ${i}`).toBe(deficit > 40);
      if (auto.days[i]!.irr > 0) {
        expect(auto.days[i]!.irr).toBeCloseTo(30 * 0.9, 9);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('a runoff share outside 0–1 is refused with the file named', () => {
    const sp: SwatProject = structuredClone(base);
    sp.subbasins[SUB]!.hrus[HRU]!.mgt!.operations.unshift(irrigation(6, 15, 50, 1.5) as MgtOperation);
    expect(() => fromSwatProject(sp, LREW)).toThrow(InputError);
    expect(() => fromSwatProject(sp, LREW)).toThrow(/000010003\.mgt: IRR_SQ 1\.5 .*outside 0–1/);
  });
});
