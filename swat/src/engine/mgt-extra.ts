// Management the engine simulates beyond its first set (issue 16): tile drains (DDRAIN, TDRAIN,
// GDRAIN of the .mgt: tile.ts) and continuous fertilization (operation 14, confert.f); continuous
// pesticide (operation 15) is accepted like a pesticide application (pesticides are not
// simulated: a note in output.std). The state lives in the model's typed arrays (shared with the
// HRU worker threads), declared here and allocated by the model (allocExtras / initExtras).
import { ML, type Model } from './model.ts';
import type { Hru, Project } from './project.ts';
import type { OpResult } from './mgt.ts';

/** The .mgt general values this file simulates, read by the adapter into `Hru.extra`. */
export interface HruExtra {
  /** depth to the tile drain (mm; 0: no tile drain) */
  ddrain: number;
  /** time to drain the soil to field capacity (h) */
  tdrain: number;
  /** drain tile lag time (h) */
  gdrain: number;
}

type Rec = Record<string, unknown>;
const num = (o: unknown, k: string) => {
  const v = (o as Rec | undefined)?.[k];
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
};

/** The extra values of an HRU's .mgt. */
export function hruExtra(mgt: unknown): HruExtra {
  return { ddrain: num(mgt, 'DDRAIN'), tdrain: num(mgt, 'TDRAIN'), gdrain: num(mgt, 'GDRAIN') };
}

/** SWAT2012's daily drainage coefficient (DRAIN_CO, .sdr; ArcSWAT writes 10 mm/day): the most
 * a tile drain carries in a day. */
export const DRAIN_CO = 10;

declare module './model.ts' {
  interface Model {
    /** depth of the tile drain (mm; 0: none) */
    ddrain: Float64Array;
    /** 1 - exp(-24 / TDRAIN): the share of the drainable water a day drains */
    tdrainF: Float64Array;
    /** 1 - exp(-24 / GDRAIN): the share of the stored tile flow reaching the stream a day */
    tileTtime: Float64Array;
    /** tile flow (mm) and its nitrate (kg N/ha) drained and not yet arrived */
    tileBs: Float64Array;
    tileNo3Bs: Float64Array;
    /** today's tile flow generated in the soil (mm) and its nitrate (kg N/ha) */
    tileGen: Float64Array;
    tileNo3Gen: Float64Array;
    /** continuous fertilization (operation 14): days left, frequency, days since the last
     * application, fertilizer (fert.dat id) and amount (kg/ha) */
    cfrtLeft: Int32Array;
    cfrtFreq: Int32Array;
    cfrtDay: Int32Array;
    cfrtId: Int32Array;
    cfrtKg: Float64Array;
  }
}

/** Allocates the arrays (before the HRUs are read; shared with worker threads when `shared`). */
export function allocExtras(m: Model, n: number, shared: boolean): void {
  const F = () => (shared ? new Float64Array(new SharedArrayBuffer(8 * Math.max(n, 1))) : new Float64Array(n));
  const I = () => (shared ? new Int32Array(new SharedArrayBuffer(4 * Math.max(n, 1))) : new Int32Array(n));
  m.ddrain = F(); m.tdrainF = F(); m.tileTtime = F(); m.tileBs = F(); m.tileNo3Bs = F(); m.tileGen = F(); m.tileNo3Gen = F();
  m.cfrtLeft = I(); m.cfrtFreq = I(); m.cfrtDay = I(); m.cfrtId = I(); m.cfrtKg = F();
}

/** Fills HRU i's values from its input record. */
export function initExtras(m: Model, i: number, h: Hru): void {
  const x = h.extra;
  if (!x || !(x.ddrain > 0)) return;
  m.ddrain[i] = x.ddrain;
  // hydroinit/readmgt: TDRAIN and GDRAIN of 0 drain at once
  m.tdrainF[i] = x.tdrain > 0 ? 1 - Math.exp(-24 / x.tdrain) : 1;
  m.tileTtime[i] = x.gdrain > 0 ? 1 - Math.exp(-24 / x.gdrain) : 1;
}

// ─── operations ─────────────────────────────────────────────────────────────────────────

/** Operations mgt.ts hands over (its `default` branch): 14 starts a continuous fertilization,
 * 15 (continuous pesticide) is accepted and not simulated (adapter.ts says so in the notes). */
export function runExtraOp(m: Model, h: number, k: number, code: number): void {
  const O = m.ops;
  if (code === 14) {
    // sched_mgt.f: FERT_DAYS (mgt1i), CFRT_ID (mgt2i), IFRT_FREQ (mgt3i), CFRT_KG (mgt4); the
    // first application is on the operation's day
    m.cfrtLeft[h] = Math.max(1, O.i1[k]);
    m.cfrtId[h] = O.i2[k];
    m.cfrtFreq[h] = Math.max(1, O.i3[k]);
    m.cfrtDay[h] = m.cfrtFreq[h];
    m.cfrtKg[h] = Math.max(0, O.v4[k]);
  }
}

/** The day's continuous fertilization of an HRU (confert.f): every IFRT_FREQ days CFRT_KG of the
 * fertilizer on the top layer — mineral N (ammonium treated as nitrate, as the engine does) and P
 * into the layer, organic N and P into the fresh organic (residue) pools — until FERT_DAYS days
 * have passed. Adds the N and P applied to `res`. */
export function continuousFertilization(m: Model, p: Project, h: number, res: Pick<OpResult, 'nApp' | 'pApp'>): void {
  if (m.cfrtLeft[h] <= 0) return;
  if (m.cfrtDay[h] >= m.cfrtFreq[h]) {
    const f = p.ferts.get(m.cfrtId[h]);
    const kg = m.cfrtKg[h];
    if (f && kg > 0) {
      const o = h * ML;
      m.solNo3[o] += kg * f.fminn;
      m.solSolp[o] += kg * f.fminp;
      m.fon[h] += kg * f.forgn;
      m.fop[h] += kg * f.forgp;
      res.nApp += kg * (f.fminn + f.forgn);
      res.pApp += kg * (f.fminp + f.forgp);
    }
    m.cfrtDay[h] = 1;
  } else m.cfrtDay[h]++;
  m.cfrtLeft[h]--;
}
