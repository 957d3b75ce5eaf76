// Ponds and wetlands of the HRUs (SWAT2012 readpnd.f, impnd_init.f, wetlan.f, hrupond.f,
// pond.f) and consumptive water use (watuse.f; rchuse.f in sim.ts). In SWAT2012 a subbasin's
// .pnd describes one pond and one wetland that every HRU of the subbasin drains into (PND_FR,
// WET_FR of its area): each HRU keeps its own share of their volumes (× HRU_FR) and, as SWAT
// does, the subbasin's surface-area shape (BP1/BP2, BW1/BW2) and the subbasin's initial
// nutrient masses. The quirks of SWAT's code are kept where they change the water or the loads
// (the pond's inflow area without HRU_FR in hrupond.f, the wetland's initial nutrients from the
// pond's initial volume, WUPND taken from every HRU's pond); two things are not modelled:
// chlorophyll-a and Secchi depth in ponds and wetlands (SWAT prints them in no file the engine
// writes) and the particle-size split of the sediment they hold (the subbasin's size fractions
// apply to what leaves them, as to the rest of the HRU's sediment).
import { ML, type Model } from './model.ts';
import type { Hru, Project, Subbasin } from './project.ts';
import { surfaceShape } from './reservoir.ts';

/** A subbasin's .pnd values as read (SWAT's units: ha, 10^4 m3, mg/L, m/year, mm/h). */
export interface SubImpound {
  pndFr: number; pndPsa: number; pndPvol: number; pndEsa: number; pndEvol: number; pndVol: number; pndSed: number; pndNsed: number; pndK: number;
  iflod1: number; iflod2: number; ndtarg: number; psetlp1: number; psetlp2: number; nsetlp1: number; nsetlp2: number;
  pndNo3: number; pndSolp: number; pndOrgn: number; pndOrgp: number; pndD50: number; ipnd1: number; ipnd2: number;
  wetFr: number; wetNsa: number; wetNvol: number; wetMxsa: number; wetMxvol: number; wetVol: number; wetSed: number; wetNsed: number; wetK: number;
  psetlw1: number; psetlw2: number; nsetlw1: number; nsetlw2: number; wetNo3: number; wetSolp: number; wetOrgn: number; wetOrgp: number;
  pndEvCoeff: number; wetEvCoeff: number;
}

/** The subbasin's ponds and wetlands from its .pnd record (`num` reads a value, 0 when absent),
 * or null when it drains into neither. */
export function subImpound(num: (key: string) => number): SubImpound | null {
  const v: SubImpound = {
    pndFr: num('PND_FR'), pndPsa: num('PND_PSA'), pndPvol: num('PND_PVOL'), pndEsa: num('PND_ESA'), pndEvol: num('PND_EVOL'), pndVol: num('PND_VOL'),
    pndSed: num('PND_SED'), pndNsed: num('PND_NSED'), pndK: num('PND_K'), iflod1: num('IFLOD1'), iflod2: num('IFLOD2'), ndtarg: num('NDTARG'),
    psetlp1: num('PSETLP1'), psetlp2: num('PSETLP2'), nsetlp1: num('NSETLP1'), nsetlp2: num('NSETLP2'),
    pndNo3: num('PND_NO3'), pndSolp: num('PND_SOLP'), pndOrgn: num('PND_ORGN'), pndOrgp: num('PND_ORGP'), pndD50: num('PND_D50'),
    ipnd1: num('IPND1'), ipnd2: num('IPND2'),
    wetFr: num('WET_FR'), wetNsa: num('WET_NSA'), wetNvol: num('WET_NVOL'), wetMxsa: num('WET_MXSA'), wetMxvol: num('WET_MXVOL'), wetVol: num('WET_VOL'),
    wetSed: num('WET_SED'), wetNsed: num('WET_NSED'), wetK: num('WET_K'), psetlw1: num('PSETLW1'), psetlw2: num('PSETLW2'),
    nsetlw1: num('NSETLW1'), nsetlw2: num('NSETLW2'), wetNo3: num('WET_NO3'), wetSolp: num('WET_SOLP'), wetOrgn: num('WET_ORGN'), wetOrgp: num('WET_ORGP'),
    pndEvCoeff: num('PNDEVCOEFF'), wetEvCoeff: num('WETEVCOEFF'),
  };
  return v.pndFr > 0 || v.wetFr > 0 ? v : null;
}

/** Where each use starts in a subbasin's 48 .wus values (12 months each). */
export const WUS = { POND: 0, REACH: 12, SHALLOW: 24, DEEP: 36 } as const;

/** Whether a subbasin's .wus takes water from these sources in some month. */
export function usesWater(wus: number[] | null, ...from: (typeof WUS)[keyof typeof WUS][]): boolean {
  return wus !== null && from.some((o) => wus.slice(o, o + 12).some((v) => v !== 0));
}

/** impKind bits */
export const POND = 1, WETLAND = 2, WATER_USE = 4;

/** Per-HRU pond and wetland arrays (Model fields, shared with the HRU worker threads). */
const POND_F64 = ['pndFr', 'pndPvol', 'pndEvol', 'pndVol', 'pndSed', 'pndNsed', 'pndK', 'pndNdtarg', 'pndPsetl1', 'pndPsetl2', 'pndNsetl1', 'pndNsetl2',
  'pndNo3', 'pndNo3s', 'pndNo3g', 'pndOrgn', 'pndSolp', 'pndSolpg', 'pndPsed', 'pndOrgp', 'pndVelsetl', 'pndBp1', 'pndBp2', 'pndEvCoeff',
  'wetFr', 'wetNvol', 'wetMxvol', 'wetVol', 'wetSed', 'wetNsed', 'wetK', 'wetPsetl1', 'wetPsetl2', 'wetNsetl1', 'wetNsetl2',
  'wetNo3', 'wetNo3s', 'wetNo3g', 'wetOrgn', 'wetSolp', 'wetSolpg', 'wetPsed', 'wetOrgp', 'wetBw1', 'wetBw2', 'wetEvCoeff', 'impSedStl'] as const;
const POND_I32 = ['pndIflod1', 'pndIflod2', 'pndIpnd1', 'pndIpnd2'] as const;

declare module './model.ts' {
  interface Model {
    // ponds (pnd…: volumes m3, sediment t/m3, pools kg, settling m/day) and wetlands (wet…),
    // HRU by HRU; impSedStl: the share of suspended sediment above the normal concentration
    // left after a day's settling
    pndFr: Float64Array; pndPvol: Float64Array; pndEvol: Float64Array; pndVol: Float64Array; pndSed: Float64Array; pndNsed: Float64Array; pndK: Float64Array; pndNdtarg: Float64Array;
    pndPsetl1: Float64Array; pndPsetl2: Float64Array; pndNsetl1: Float64Array; pndNsetl2: Float64Array; pndNo3: Float64Array; pndNo3s: Float64Array; pndNo3g: Float64Array; pndOrgn: Float64Array;
    pndSolp: Float64Array; pndSolpg: Float64Array; pndPsed: Float64Array; pndOrgp: Float64Array; pndVelsetl: Float64Array; pndBp1: Float64Array; pndBp2: Float64Array; pndEvCoeff: Float64Array;
    wetFr: Float64Array; wetNvol: Float64Array; wetMxvol: Float64Array; wetVol: Float64Array; wetSed: Float64Array; wetNsed: Float64Array; wetK: Float64Array; wetPsetl1: Float64Array;
    wetPsetl2: Float64Array; wetNsetl1: Float64Array; wetNsetl2: Float64Array; wetNo3: Float64Array; wetNo3s: Float64Array; wetNo3g: Float64Array; wetOrgn: Float64Array; wetSolp: Float64Array;
    wetSolpg: Float64Array; wetPsed: Float64Array; wetOrgp: Float64Array; wetBw1: Float64Array; wetBw2: Float64Array; wetEvCoeff: Float64Array; impSedStl: Float64Array;
    pndIflod1: Int32Array; pndIflod2: Int32Array; pndIpnd1: Int32Array; pndIpnd2: Int32Array;
    /** per HRU: POND | WETLAND | WATER_USE, 0 for an HRU with none of them */
    impKind: Uint8Array;
    /** per HRU: recharge from a negative WUSHAL (watuse.f rchrg_src, mm), added to the shallow
     * aquifer's recharge the next day as the previous day's recharge is */
    rchrgSrc: Float64Array;
    /** per subbasin × 48: the .wus by month, 10^4 m3/day (WUPND, WURCH, WUSHAL, WUDEEP) */
    subWus: Float64Array;
  }
}

/** Allocates the arrays: full length only when some subbasin has ponds, wetlands or water use. */
export function allocImpoundments(m: Model, p: Project, n: number, shared: boolean): void {
  const any = p.subbasins.some((s) => s.impound !== null);
  const len = any ? Math.max(n, 1) : 1;
  const F = (k: number) => (shared ? new Float64Array(new SharedArrayBuffer(8 * k)) : new Float64Array(k));
  for (const k of POND_F64) m[k] = F(len);
  for (const k of POND_I32) m[k] = shared ? new Int32Array(new SharedArrayBuffer(4 * len)) : new Int32Array(len);
  m.impKind = shared ? new Uint8Array(new SharedArrayBuffer(Math.max(n, 1))) : new Uint8Array(Math.max(n, 1));
  m.rchrgSrc = F(Math.max(n, 1));
  const nsub = p.subbasins.length;
  m.subWus = F(Math.max(48 * nsub, 1));
  p.subbasins.forEach((s, si) => {
    if (s.wus) for (let k = 0; k < 48; k++) m.subWus[si * 48 + k] = s.wus[k] ?? 0;
  });
}

const log10 = Math.log10;

/** HRU i's pond and wetland (readpnd.f defaults, impnd_init.f: missing sizes filled in, units
 * converted, the surface-area shape from the subbasin's sizes, the volumes shared by HRU_FR). */
export function initImpoundment(m: Model, i: number, s: Subbasin, h: Hru, resStlrCo: number): void {
  if (usesWater(s.wus, WUS.POND, WUS.SHALLOW, WUS.DEEP)) m.impKind[i] |= WATER_USE;
  const v = s.impound;
  if (!v) return;
  const fr = h.hruFr;
  // impnd_init.f: settling of suspended sediment from the top soil layer's texture
  const l0 = h.layers[0];
  const mnpsz = l0 ? Math.exp((0.41 * l0.clay) / 100 + (2.71 * l0.silt) / 100 + (5.7 * l0.sand) / 100) : 1;
  m.impSedStl[i] = Math.exp(-(resStlrCo > 0 ? resStlrCo : 0.184) * mnpsz);
  // readpnd.f: the initial pond volume at most the principal volume; its nutrients (mg/L) as
  // masses (kg) of that volume — the wetland's too (SWAT uses the pond's volume for both)
  const spndv = Math.min(v.pndVol, v.pndPvol);
  const kg = (mgL: number) => mgL * spndv * 10;
  if (v.pndFr > 0) {
    let pvol = v.pndPvol, evol = v.pndEvol, psa = v.pndPsa, esa = v.pndEsa, vol = spndv;
    if (evol + pvol > 0) {
      if (evol <= 0) evol = 1.11 * pvol;
      if (pvol <= 0) pvol = 0.9 * evol;
      if (psa <= 0) psa = 0.08 * pvol;
      if (esa <= 0) esa = 1.5 * psa;
      const targ = pvol + 0.1 * (evol - pvol);
      if (vol > targ) vol = targ;
      pvol *= 1e4; evol *= 1e4; vol *= 1e4;
      const [bp1, bp2] = surfaceShape(psa, pvol, esa, evol);
      m.impKind[i] |= POND;
      m.pndFr[i] = v.pndFr; m.pndBp1[i] = bp1; m.pndBp2[i] = bp2;
      m.pndPvol[i] = pvol * fr; m.pndEvol[i] = evol * fr; m.pndVol[i] = vol * fr;
      m.pndSed[i] = v.pndSed * 1e-6; m.pndNsed[i] = v.pndNsed * 1e-6; m.pndK[i] = v.pndK;
      m.pndIflod1[i] = v.iflod1; m.pndIflod2[i] = v.iflod2; m.pndNdtarg[i] = v.ndtarg > 0 ? v.ndtarg : 15;
      m.pndPsetl1[i] = v.psetlp1 / 365; m.pndPsetl2[i] = v.psetlp2 / 365; m.pndNsetl1[i] = v.nsetlp1 / 365; m.pndNsetl2[i] = v.nsetlp2 / 365;
      m.pndNo3[i] = kg(v.pndNo3); m.pndSolp[i] = kg(v.pndSolp); m.pndOrgn[i] = kg(v.pndOrgn); m.pndOrgp[i] = kg(v.pndOrgp);
      // readpnd.f: settling velocity (m/day) of the median particle; none without PND_D50
      m.pndVelsetl[i] = v.pndD50 > 0 ? 24 * 411 * (v.pndD50 / 1000) ** 2 : 0;
      m.pndEvCoeff[i] = v.pndEvCoeff > 0 ? v.pndEvCoeff : 0.6;
    }
  }
  if (v.wetFr > 0) {
    let nvol = v.wetNvol, mxvol = v.wetMxvol, nsa = v.wetNsa, mxsa = v.wetMxsa;
    let vol = v.wetVol > nvol ? 0.95 * nvol : v.wetVol; // readpnd.f
    if (mxvol + nvol > 0) {
      if (mxvol <= 0) mxvol = 1.11 * nvol;
      if (nvol <= 0) nvol = 0.9 * mxvol;
      if (nsa <= 0) nsa = 0.08 * nvol;
      if (mxsa <= 0) mxsa = 1.5 * nsa;
      if (vol <= 0) vol = nvol;
      if (vol > mxvol) vol = mxvol;
      nvol *= 1e4; mxvol *= 1e4; vol *= 1e4;
      let bw1: number, bw2: number;
      if (mxsa - nsa > 0 && mxvol - nvol > 0) {
        const lnvol = log10(mxvol) - log10(nvol);
        bw2 = (log10(mxsa) - log10(nsa)) / (lnvol > 1e-4 ? lnvol : 0.001);
        if (bw2 > 0.9) bw2 = 0.9;
        bw1 = mxsa / Math.pow(mxvol, bw2);
      } else {
        bw2 = 0.9;
        bw1 = nsa / Math.pow(nvol, 0.9);
      }
      m.impKind[i] |= WETLAND;
      m.wetFr[i] = v.wetFr; m.wetBw1[i] = bw1; m.wetBw2[i] = bw2;
      m.wetNvol[i] = nvol * fr; m.wetMxvol[i] = mxvol * fr; m.wetVol[i] = vol * fr;
      m.wetSed[i] = v.wetSed * 1e-6; m.wetNsed[i] = v.wetNsed * 1e-6; m.wetK[i] = v.wetK;
      m.wetPsetl1[i] = v.psetlw1 / 365; m.wetPsetl2[i] = v.psetlw2 / 365; m.wetNsetl1[i] = v.nsetlw1 / 365; m.wetNsetl2[i] = v.nsetlw2 / 365;
      m.wetNo3[i] = kg(v.wetNo3); m.wetSolp[i] = kg(v.wetSolp); m.wetOrgn[i] = kg(v.wetOrgn); m.wetOrgp[i] = kg(v.wetOrgp);
      m.wetEvCoeff[i] = v.wetEvCoeff > 0 ? v.wetEvCoeff : 0.6;
    }
  }
  // both seasons of nutrient settling (IPND1–IPND2) are shared by the pond and the wetland
  m.pndIpnd1[i] = v.ipnd1;
  m.pndIpnd2[i] = v.ipnd2;
}

/** The HRU's loads of the day that ponds and wetlands take a share of and give back (the
 * engine's HruScratch has these fields): kg/ha, PET and precipitation in mm. */
export interface ImpoundLoads {
  sedOrgn: number; no3Surq: number; no3Lat: number; sedOrgp: number; sedMinp: number; surqSolp: number; pet: number; precipRaw: number;
}

/** The HRU's water and sediment of the day going through its wetland and pond, in and out:
 * surface runoff after transmission losses (qday), lateral flow (latq), water yield without the
 * deep aquifer (qdr, mm), sediment (t), soluble P of the groundwater flow (kg/ha); and what the
 * two seeped into the shallow aquifer and evaporated (mm over the HRU). */
export const IMP = { qday: 0, latq: 0, qdr: 0, sed: 0, minpgw: 0, seep: 0, evap: 0 };

/** The active share of the mineral P on the day's sediment (psed.f splits SEDMINPA/SEDMINPS by
 * the top layer's active and stable pools, as MUSLE's erosion took them). */
function activeShare(m: Model, h: number): number {
  const o = h * ML;
  const t = m.solActp[o] + m.solStap[o];
  return t > 0 ? m.solActp[o] / t : 0;
}

/** wetlan.f, then hrupond.f with pond.f, on IMP and the loads `X`, for month `mon` (1–12). */
export function impoundDay(m: Model, h: number, mon: number, X: ImpoundLoads): void {
  IMP.seep = 0;
  IMP.evap = 0;
  const kind = m.impKind[h];
  if (kind & WETLAND) wetland(m, h, mon, X);
  if (kind & POND && m.pndFr[h] > 0.01) pond(m, h, mon, X);
  if (IMP.qdr < 0) IMP.qdr = 0;
  if (IMP.sed < 0) IMP.sed = 0;
}

/** Nutrient pools of an impoundment: [no3, no3s, no3g, orgn, solp, solpg, psed, orgp]. */
function takeIn(m: Model, pools: Float64Array[], h: number, xx: number, X: ImpoundLoads, act: number): void {
  pools[0][h] += X.no3Surq * xx;
  pools[1][h] += X.no3Lat * xx;
  // pools[2] (nitrate of the groundwater flow): the engine's groundwater carries no nitrate
  pools[3][h] += X.sedOrgn * xx;
  pools[4][h] += (X.surqSolp + X.sedMinp * act) * xx;
  pools[5][h] += IMP.minpgw * xx;
  pools[6][h] += X.sedMinp * (1 - act) * xx;
  pools[7][h] += X.sedOrgp * xx;
}

function scaleLoads(X: ImpoundLoads, k: number): void {
  X.sedOrgn *= k; X.no3Surq *= k; X.no3Lat *= k; X.sedOrgp *= k; X.sedMinp *= k; X.surqSolp *= k;
  IMP.minpgw *= k;
}

/** Releases `yy` of the pools to the loads (per ha of the HRU). */
function giveOut(m: Model, pools: Float64Array[], h: number, yy: number, ha: number, X: ImpoundLoads): void {
  X.no3Surq += (pools[0][h] * yy) / ha;
  X.no3Lat += ((pools[1][h] + pools[2][h]) * yy) / ha;
  X.sedOrgn += (pools[3][h] * yy) / ha;
  X.surqSolp += (pools[4][h] * yy) / ha;
  IMP.minpgw += (pools[5][h] * yy) / ha;
  X.sedMinp += (pools[6][h] * yy) / ha;
  X.sedOrgp += (pools[7][h] * yy) / ha;
  for (let k = 0; k < 8; k++) pools[k][h] *= 1 - yy;
}

/** Settles `fp` of the phosphorus pools and `fn` of the nitrogen pools (eq. 29.1.3). */
function settle(pools: Float64Array[], h: number, fp: number, fn: number): void {
  pools[0][h] *= 1 - fn; pools[1][h] *= 1 - fn; pools[2][h] *= 1 - fn; pools[3][h] *= 1 - fn;
  pools[4][h] *= 1 - fp; pools[5][h] *= 1 - fp; pools[6][h] *= 1 - fp; pools[7][h] *= 1 - fp;
}

/** Settling share over a day: rate (m/day) over the mean depth (volume / area), at most 1. */
function settlingShare(rate: number, areaHa: number, vol: number): number {
  if (rate <= 0) return 0;
  if (!(vol > 0)) return 1;
  return Math.min((rate * areaHa * 10000) / vol, 1);
}

function inSeason(mon: number, i1: number, i2: number): boolean {
  return mon >= i1 && mon <= i2;
}

const poolsCache = new WeakMap<Model, { pnd: Float64Array[]; wet: Float64Array[] }>();
function poolsOf(m: Model): { pnd: Float64Array[]; wet: Float64Array[] } {
  let p = poolsCache.get(m);
  if (!p) {
    p = {
      pnd: [m.pndNo3, m.pndNo3s, m.pndNo3g, m.pndOrgn, m.pndSolp, m.pndSolpg, m.pndPsed, m.pndOrgp],
      wet: [m.wetNo3, m.wetNo3s, m.wetNo3g, m.wetOrgn, m.wetSolp, m.wetSolpg, m.wetPsed, m.wetOrgp],
    };
    poolsCache.set(m, p);
  }
  return p;
}

/** The day's volume (m³) of a pond or wetland from its volume at the start, seepage, evaporation
 * and gains: one that runs dry loses only what it had (its seepage cut back first, then its
 * evaporation) and its sediment and nutrients. The losses go to IMP (mm over the HRU), the
 * seepage to the HRU's shallow aquifer (SWAT2012's hrupond.f; rev 664's wetlan.f leaves the
 * wetland's to gwmod.f, which never sees it: the engine does not lose that water). */
function dayVolume(m: Model, h: number, vol0: number, sep: number, ev: number, gains: number, sed: Float64Array, pools: Float64Array[]): number {
  let vol = vol0 - sep - ev + gains;
  if (vol < 0.001) {
    sep += vol;
    vol = 0;
    if (sep < 0) {
      ev += sep;
      sep = 0;
    }
    sed[h] = 0;
    for (let k = 0; k < 8; k++) pools[k][h] = 0;
  }
  const cnv = m.hruKm[h] * 100 * 10;
  IMP.evap += ev / cnv;
  IMP.seep += sep / cnv;
  m.shallst[h] += sep / cnv;
  return vol;
}

/** wetlan.f: WET_FR of the HRU's surface runoff and lateral flow (and of its sediment and loads)
 * enter the wetland; it gains rain and loses evaporation and seepage over its surface, releases a
 * tenth a day of what is above the normal volume (all above the maximum) to surface runoff, and
 * settles sediment and nutrients. */
function wetland(m: Model, h: number, mon: number, X: ImpoundLoads): void {
  const ha = m.hruKm[h] * 100;
  const cnv = ha * 10;
  const fr = m.wetFr[h];
  const pools = poolsOf(m).wet;
  const vol0 = m.wetVol[h];
  const sed0 = m.wetSed[h];
  const wetsa = m.wetBw1[h] * Math.pow(vol0, m.wetBw2[h]);
  const ev = 10 * m.wetEvCoeff[h] * X.pet * wetsa;
  const sep = m.wetK[h] * wetsa * 240;
  const pcp = X.precipRaw * wetsa * 10;
  // inflow over the HRU's wetland-draining area less the wetland's own surface (SWAT's formula)
  const flwi = (IMP.qday + IMP.latq) * 10 * (ha * fr - wetsa);
  const qloss = IMP.qday * fr, lloss = IMP.latq * fr;
  IMP.qday -= qloss;
  IMP.latq -= lloss;
  IMP.qdr -= qloss + lloss;
  const sedi = IMP.sed * (fr - wetsa / ha);
  IMP.sed -= IMP.sed * fr;
  takeIn(m, pools, h, fr * ha, X, activeShare(m, h));
  scaleLoads(X, 1 - fr);
  let vol = dayVolume(m, h, vol0, sep, ev, pcp + flwi, m.wetSed, pools);
  if (vol > 0) {
    let sed = (sed0 * vol0 + sedi) / vol;
    let flwo = 0;
    if (vol > m.wetNvol[h]) {
      if (vol <= m.wetMxvol[h]) {
        flwo = (vol - m.wetNvol[h]) / 10;
        vol -= flwo;
      } else {
        flwo = vol - m.wetMxvol[h];
        vol = m.wetMxvol[h];
      }
    }
    IMP.qday += flwo / cnv;
    IMP.qdr += flwo / cnv;
    const stl = m.impSedStl[h] < 1e-6 ? 0 : m.impSedStl[h];
    if (sed > m.wetNsed[h]) sed = (sed - m.wetNsed[h]) * stl + m.wetNsed[h];
    IMP.sed += sed * flwo;
    m.wetSed[h] = sed;
    const s1 = inSeason(mon, m.pndIpnd1[h], m.pndIpnd2[h]);
    settle(pools, h, settlingShare(s1 ? m.wetPsetl1[h] : m.wetPsetl2[h], wetsa, vol), settlingShare(s1 ? m.wetNsetl1[h] : m.wetNsetl2[h], wetsa, vol));
    if (vol < 1e-6) vol = 0;
    for (let k = 0; k < 8; k++) if (pools[k][h] < 1e-6) pools[k][h] = 0;
    if (flwo > 0) giveOut(m, pools, h, flwo / (vol + flwo), ha, X);
  }
  m.wetVol[h] = vol;
}

/** hrupond.f with pond.f: PND_FR of the HRU's water yield (and of its sediment and loads) enter
 * the pond; it gains rain and loses evaporation and seepage (to the shallow aquifer) over its
 * surface, releases what is above the emergency volume, else what is above its target volume
 * over NDTARG days (the principal volume in the flood season, more as the soil dries), and
 * settles sediment and nutrients. */
function pond(m: Model, h: number, mon: number, X: ImpoundLoads): void {
  const ha = m.hruKm[h] * 100;
  const cnv = ha * 10;
  const fr = m.pndFr[h];
  const pools = poolsOf(m).pnd;
  // hrupond.f: the inflow's surface area without HRU_FR (as SWAT has it)
  const sa0 = m.pndBp1[h] * Math.pow(m.pndVol[h], m.pndBp2[h]);
  const flwi = IMP.qdr * 10 * ha * fr;
  IMP.qdr -= IMP.qdr * fr;
  let sedin = IMP.sed * (fr - sa0 / ha);
  IMP.sed -= IMP.sed * fr;
  for (let k = 0; k < 8; k++) if (pools[k][h] < 1e-6) pools[k][h] = 0;
  takeIn(m, pools, h, fr * ha, X, activeShare(m, h));
  scaleLoads(X, 1 - fr);
  // pond.f
  const vol0 = m.pndVol[h];
  const sed0 = m.pndSed[h];
  let sa = m.hruFr[h] * m.pndBp1[h] * Math.pow(vol0, m.pndBp2[h]);
  const ev = 10 * m.pndEvCoeff[h] * X.pet * sa;
  const sep = m.pndK[h] * sa * 240;
  const pcp = X.precipRaw * sa * 10;
  let vol = dayVolume(m, h, vol0, sep, ev, pcp + flwi, m.pndSed, pools);
  let flwo = 0;
  let sedo = 0;
  if (vol > 0) {
    const pvol = m.pndPvol[h], evol = m.pndEvol[h];
    if (evol <= 0) flwo = vol > pvol ? vol - pvol : 0;
    else if (vol > evol) flwo = vol - evol;
    else {
      // target storage: the emergency volume in the flood season, else between the principal and
      // the emergency volume as the soil is drier
      const i1 = m.pndIflod1[h], i2 = m.pndIflod2[h];
      const flood = i2 > i1 ? mon > i1 && mon < i2 : mon > i1 || mon < i2;
      let targ = evol;
      if (!flood) {
        const base = h * ML;
        let sw = 0;
        for (let l = 0; l < m.nly[h]; l++) sw += m.solSt[base + l];
        const xx = Math.min(sw / m.sumfc[h], 1);
        targ = pvol + 0.5 * (1 - xx) * (evol - pvol);
      }
      flwo = vol > targ ? (vol - targ) / m.pndNdtarg[h] : 0;
    }
    if (sedin < 1e-6) sedin = 0;
    if (sa === 0) sa = 0.001;
    const velofl = flwo / sa / 10000;
    const susp = velofl > 1e-6 ? 1 - Math.min(m.pndVelsetl[h] / velofl, 1) : 0;
    let sed = (sed0 * vol0 + susp * sedin) / vol;
    vol -= flwo;
    if (vol < 0) {
      flwo += vol;
      vol = 0;
    }
    const stl = m.impSedStl[h] < 1e-6 ? 0 : m.impSedStl[h];
    if (sed > m.pndNsed[h]) sed = (sed - m.pndNsed[h]) * stl + m.pndNsed[h];
    m.pndSed[h] = sed;
    sedo = sed * flwo;
    const s1 = inSeason(mon, m.pndIpnd1[h], m.pndIpnd2[h]);
    settle(pools, h, settlingShare(s1 ? m.pndPsetl1[h] : m.pndPsetl2[h], sa, vol), settlingShare(s1 ? m.pndNsetl1[h] : m.pndNsetl2[h], sa, vol));
  }
  m.pndVol[h] = vol;
  IMP.qdr += flwo / cnv;
  IMP.sed += sedo;
  if (flwo > 1e-5) giveOut(m, pools, h, flwo / (vol + flwo), ha, X);
}

/** watuse.f: the month's WUPND from the HRU's pond, WUSHAL and WUDEEP from its aquifers (as a
 * depth over the subbasin; a negative WUSHAL recharges the shallow aquifer the next day). */
export function waterUse(m: Model, h: number, mon: number): void {
  const s = m.hruSub[h];
  const w = s * 48 + mon - 1;
  const cnv = m.subArea[s] * 100 * 10;
  const wupnd = m.subWus[w + WUS.POND], wushal = m.subWus[w + WUS.SHALLOW], wudeep = m.subWus[w + WUS.DEEP];
  if (m.impKind[h] & POND) {
    m.pndVol[h] -= wupnd * 10000;
    if (m.pndVol[h] < 0) m.pndVol[h] = 0;
  }
  m.rchrgSrc[h] = 0;
  if (wushal < 0) m.rchrgSrc[h] = (-wushal * 10000) / cnv;
  else {
    m.shallst[h] -= (wushal * 10000) / cnv;
    if (m.shallst[h] < 0) m.shallst[h] = 0;
  }
  m.deepst[h] -= (wudeep * 10000) / cnv;
  if (m.deepst[h] < 0) m.deepst[h] = 0;
}

/** rchuse.f: the month's WURCH (10^4 m3/day) taken from a reach's outflow `out` (m3); answers
 * the outflow left. The caller scales the sediment by the same ratio. */
export function reachUse(subWus: Float64Array, reach: number, mon: number, out: number): number {
  const w = (reach - 1) * 48 + WUS.REACH + mon - 1;
  if (w < 0 || w >= subWus.length) return out;
  const left = out - subWus[w] * 10000;
  return left < 0 ? 0 : left;
}
