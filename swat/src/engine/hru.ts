// The processes of one HRU on one day, in subbasin.f order. Each process is a small
// function over the struct-of-arrays model; the day's HRU scalars travel in one reusable
// object (HruScratch), so nothing is allocated per HRU-day.
import { atri } from './wgen.ts';
import { runOps } from './mgt.ts';
import { continuousFertilization } from './mgt-extra.ts';
import { tileDrain, tileLag } from './tile.ts';
import { IMP, impoundDay, POND, WATER_USE, WETLAND, waterUse } from './impound.ts';
import { ML, type Model } from './model.ts';
import type { Project, Subbasin } from './project.ts';
import type { SimTotals } from './sim.ts';
import { BV, C, HV, NC, NHV, NSV, SV } from './vars.ts';
import { oxygenSaturation } from './wq.ts';
import { checkModelYear } from './guard.ts';
import type { DaySlot } from './threads.ts';

/** Per-day values shared by the HRUs of a subbasin (one mutable object, no allocation). */
export class DayShared {
  m: Model; pl: Model['plants']; b: Project['basin']; p: Project; sb: Subbasin; s = 0;
  tav = 0; tmx = 0; tmn = 0; slr = 0; dayl = 0; svo = 0;
  /** where the HRU's subbasin sums go: subWyld[wo], subLoad[lo…], sv[svo…] (the subbasin's own
   * entries, or the HRU's row of a subbasin split between threads, see runHrus) */
  wo = 0; lo = 0;
  wanted: Uint8Array | null; mstart: Int32Array = new Int32Array(13); jd = 0; mon = 0;
  sPetNoSnow: Float64Array; sPetSnow: Float64Array; sWnd: Float64Array; sVpd: Float64Array; sDlt: Float64Array; sGma: Float64Array;
  sXl: Float64Array; sRho: Float64Array; sRout: Float64Array; sPcp: Float64Array; ipet: number; subWyld: Float64Array; subLoad: Float64Array;
  sv: Float64Array; bv: Float64Array; totals: SimTotals; printing = false; hv: Float64Array;
  constructor(o: Omit<DayShared, 'use' | 'slot' | 'wo' | 'lo'>) {
    this.m = o.m; this.pl = o.pl; this.b = o.b; this.p = o.p; this.sb = o.sb; this.wanted = o.wanted;
    this.sPetNoSnow = o.sPetNoSnow; this.sPetSnow = o.sPetSnow; this.sWnd = o.sWnd; this.sVpd = o.sVpd; this.sDlt = o.sDlt; this.sGma = o.sGma;
    this.sXl = o.sXl; this.sRho = o.sRho; this.sRout = o.sRout; this.sPcp = o.sPcp; this.ipet = o.ipet; this.subWyld = o.subWyld;
    this.subLoad = o.subLoad; this.sv = o.sv; this.bv = o.bv; this.totals = o.totals; this.hv = o.hv;
  }
  /** The day slot (threads.ts) the HRUs read their weather from and add their outputs to; `t`:
   * the thread's block (its own basin sums). */
  use(slot: DaySlot, t: number): void {
    this.sPetNoSnow = slot.sPetNoSnow; this.sPetSnow = slot.sPetSnow; this.sWnd = slot.sWnd; this.sVpd = slot.sVpd; this.sDlt = slot.sDlt;
    this.sGma = slot.sGma; this.sXl = slot.sXl; this.sRho = slot.sRho; this.sRout = slot.sRout; this.sPcp = slot.sPcp;
    this.subWyld = slot.subWyld; this.subLoad = slot.subLoad; this.sv = slot.sv; this.bv = slot.bvs[t]!;
    this.slot = slot;
  }
  slot: DaySlot | null = null;
}

/** What a thread needs to know of the day besides the slot's weather (threads.ts ROW). */
export interface BlockDay {
  jd: number; mon: number; printing: boolean; yearIndex: number; year: number; yearStart: boolean; yearEnd: boolean; d1: number; mstart: Int32Array;
}

/** One thread's block of HRUs h0…h1−1 on one day — what the main thread and each worker
 * thread do alike: on the year's first day the HRUs' new-year resets, the day's HRU processes
 * (outputs added to the slot's sums, `t` the thread's basin sums), and on the year's last day the
 * end-of-year work (simulate.f: the running target N of the yield for auto-fertilization, then
 * operations still scheduled for the year forced when IDAF < 181) and the yearly scan for
 * non-finite states. */
export function blockDay(D: DayShared, slot: DaySlot, t: number, h0: number, h1: number, rowOf: Int32Array | null, acc: HruAccumulator | null, day: BlockDay,
  idaf: number): void {
  const m = D.m;
  const y = day.yearIndex;
  if (day.yearStart) {
    // new year: heat units since the start of the year, the year's auto-fertilizer N, the
    // operation schedule's year marker, tree age
    const pl = D.pl;
    for (let h = h0; h < h1; h++) {
      m.phubase[h] = 0;
      m.autoNyr[h] = 0;
      if (y > 0) {
        m.opWait[h] = 0;
        const ip = m.iplant[h];
        if (ip >= 0 && pl.idc[ip] === 7 && m.igro[h] === 1 && m.curyrMat[h] < pl.matYrs[ip]) m.curyrMat[h] += 1;
      }
    }
  }
  D.jd = day.jd;
  D.mon = day.mon;
  D.mstart = day.mstart;
  D.printing = day.printing;
  D.use(slot, t);
  runHrus(D, slot, h0, h1, acc, rowOf);
  if (day.yearEnd) {
    for (let h = h0; h < h1; h++) m.tnylda[h] = (m.tnylda[h] * (y + 1) + m.tnyld[h]) / (y + 2);
    if (idaf < 181) {
      for (let h = h0; h < h1; h++) if (m.opWait[h] === 0 && m.opEnd[h] > m.opBegin[h]) runOps(m, D.p, h, day.d1, day.mstart, true);
    }
    checkModelYear(m, day.year, h0, h1);
  }
}

/** Per-subbasin weather of the day, filled by the main thread before the HRUs run. */
export interface SubDayArrays {
  sTav: Float64Array; sTmx: Float64Array; sTmn: Float64Array; sSlr: Float64Array; sDayl: Float64Array;
}

/** Accumulates a printed HRU's daily output vector into its print periods (outputs.ts Acc). */
export interface HruAccumulator {
  addUnit(u: number, src: Float64Array, off: number): void;
}

/** HRUs h0…h1−1 for the day, each HRU's output accumulated right after it. The HRUs of a
 * subbasin that started in an earlier thread's block add their subbasin sums to rows of their own
 * (`rowOf`, threads.ts splitRows), not to the subbasin's. */
export function runHrus(D: DayShared, w: SubDayArrays, h0: number, h1: number, acc: HruAccumulator | null, rowOf: Int32Array | null = null): void {
  if (h1 <= h0) return;
  const m = D.m;
  const subs = D.p.subbasins;
  const wanted = D.wanted;
  const accumulate = acc !== null && D.printing && wanted !== null;
  const sLast = m.hruSub[h1 - 1];
  for (let s = m.hruSub[h0]; s <= sLast; s++) {
    D.s = s;
    D.sb = subs[s];
    D.tav = w.sTav[s]; D.tmx = w.sTmx[s]; D.tmn = w.sTmn[s]; D.slr = w.sSlr[s]; D.dayl = w.sDayl[s];
    const b0 = m.subHruBegin[s];
    const e = m.subHruEnd[s] < h1 ? m.subHruEnd[s] : h1;
    if (b0 >= h0 || rowOf === null) {
      D.svo = s * NSV;
      D.wo = s;
      D.lo = s * NC;
      for (let h = b0; h < e; h++) {
        hruDay(D, h);
        if (accumulate && wanted[h] === 1) acc.addUnit(h, D.hv, 0);
      }
    } else {
      const slot = D.slot!;
      const sv = D.sv, wyld = D.subWyld, load = D.subLoad;
      D.sv = slot.svRows;
      D.subWyld = slot.wyldRows;
      D.subLoad = slot.loadRows;
      for (let h = h0; h < e; h++) {
        const r = rowOf[h];
        D.svo = r * NSV;
        D.wo = r;
        D.lo = r * NC;
        hruDay(D, h);
        if (accumulate && wanted[h] === 1) acc.addUnit(h, D.hv, 0);
      }
      D.sv = sv;
      D.subWyld = wyld;
      D.subLoad = load;
    }
  }
}

/** The HRU's values of the day, passed between the process functions. */
class HruScratch {
  precip = 0.5; precipRaw = 0.5; snofall = 0.5; snomlt = 0.5; surfq = 0.5; inflpcp = 0.5; latq = 0.5; sepbtm = 0.5;
  no3Surq = 0.5; no3Lat = 0.5; no3Leach = 0.5; pet = 0.5; epMax = 0.5; canev = 0.5; esDay = 0.5; snoev = 0.5; epDay = 0.5;
  strsw = 0.5; strstmp = 0.5; strsn = 0.5; nUp = 0.5; nFix = 0.5; nAuto = 0.5; hmnTot = 0.5; rmnTot = 0.5; dnTot = 0.5;
  revap = 0.5; gwseep = 0.5; usle = 0.5; solCov = 0.5; albday = 0.5; irr = 0.5; nApp = 0.5; pApp = 0.5; yld = 0.5; nYld = 0.5;
  no3Rain = 0.5; swInit = 0.5; cnday = 0.5; potEvap = 0.5; growing = false;
  pUp = 0.5; hmpTot = 0.5; rmpTot = 0.5; surqSolp = 0.5; pLeach = 0.5; sedOrgn = 0.5; sedOrgp = 0.5; sedMinp = 0.5;
  actSolP = 0.5; actStaP = 0.5; strsp = 0.5; prk1 = 0.5; pYld = 0.5; covExp = 0.5; al5 = 0.5; sedyld = 0.5;
  // inputs of process functions that are not inlined: a number passed as an argument is a heap
  // allocation (so grow, the uptakes and MUSLE read them here)
  rd = 0.5; bioday = 0.5; qday = 0.5;
  /** irrigation water running off today (mm): IRR_SQ/IRR_ASQ of yesterday's irrigation */
  qird = 0.5;
  /** MUSLE's sediment enrichment ratio of the day (enrsb.f), 0 without sediment */
  enratio = 0.5;
  reset(): void {
    this.precip = 0; this.precipRaw = 0; this.snofall = 0; this.snomlt = 0; this.surfq = 0; this.inflpcp = 0; this.latq = 0; this.sepbtm = 0;
    this.no3Surq = 0; this.no3Lat = 0; this.no3Leach = 0; this.pet = 0; this.epMax = 0; this.canev = 0; this.esDay = 0; this.snoev = 0;
    this.epDay = 0; this.strsw = 1; this.strstmp = 1; this.strsn = 1; this.nUp = 0; this.nFix = 0; this.nAuto = 0; this.hmnTot = 0;
    this.rmnTot = 0; this.dnTot = 0; this.revap = 0; this.gwseep = 0; this.usle = 0; this.solCov = 0; this.albday = 0; this.irr = 0;
    this.nApp = 0; this.pApp = 0; this.yld = 0; this.nYld = 0; this.no3Rain = 0; this.swInit = 0; this.cnday = 0; this.potEvap = 0;
    this.growing = false;
    this.pUp = 0; this.hmpTot = 0; this.rmpTot = 0; this.surqSolp = 0; this.pLeach = 0; this.sedOrgn = 0; this.sedOrgp = 0;
    this.sedMinp = 0; this.actSolP = 0; this.actStaP = 0; this.strsp = 1; this.prk1 = 0; this.pYld = 0; this.enratio = 0; this.qird = 0;
  }
}
const X = new HruScratch();
/** The nitrate of the day's tile flow (tile.ts tileLag), kg N/ha. */
const TILE_NO3 = new Float64Array(1);
/** Percolation out of each layer today (mm), for the phosphorus leaching. */
const PRK = new Float64Array(ML);

const ESD = 500; // maximum soil depth for evaporation (mm)
const ETCO = 0.8; // fraction of a layer's water that can evaporate in a day
const UBW = 10; // water-use distribution parameter
const UOBW = 1 - Math.exp(-UBW);

/** All processes of one HRU on one day (subbasin.f order). */
export function hruDay(D: DayShared, h: number): void {
  const m = D.m;
  const b = D.b;
  const base = h * ML;
  const nl = m.nly[h];
  X.reset();
  const want = D.wanted !== null && D.wanted[h] === 1;
  // soil water at the start of the day: operations and canopy/snow do not change it, so it is
  // also the soil water of the soil temperature and of the curve number
  X.swInit = solSwNow(m, base, nl);
  X.precip = D.sPcp[D.s];
  X.precipRaw = X.precip;
  const at = D.p.atmo;
  const rcn = at ? at.rcn[D.s]! : b.rcnSub > 0 ? b.rcnSub : b.rcn;
  X.no3Rain = (rcn * X.precip) / 100;
  m.solNo3[base] += X.no3Rain;
  // ATMO file (nrain.f): ammonium in rain and a day's dry deposition; ammonium is kept as nitrate
  if (at) m.solNo3[base] += (at.rammo[D.s]! * X.precip) / 100 + (at.dryNh4[D.s]! + at.dryNo3[D.s]!) / 365;

  // yesterday's irrigation runoff joins today's surface runoff (surface.f)
  X.qird = m.irrQird[h];
  m.irrQird[h] = 0;
  // management operations (operatn)
  m.phubase[h] += D.tav > 0 ? D.tav / m.subPhutot[D.s] : 0;
  if (m.opEnd[h] > m.opBegin[h]) {
    const r = runOps(m, D.p, h, D.jd, D.mstart);
    X.nApp += r.nApp; X.pApp += r.pApp; X.yld += r.yld; X.irr += r.irr; X.nYld += r.nYld; X.pYld += r.pYld;
  }
  // continuous fertilization under way (operation 14, mgt-extra.ts)
  if (m.cfrtLeft[h] > 0) continuousFertilization(m, D.p, h, X);
  // auto-irrigation triggered the day before (autoirr.f, after the operations)
  if (m.irrPending[h] > 0) {
    X.irr += m.irrPending[h] * (1 - m.autoIrrAsq[h]);
    m.irrQird[h] += m.irrPending[h] * m.autoIrrAsq[h];
    m.irrPending[h] = 0;
  }
  // water HRU (plant WATR: water_hru.f)
  if (m.iplant[h] >= 0 && D.pl.isWater[m.iplant[h]] === 1) {
    waterHru(D, h, X.precip, X.no3Rain);
    return;
  }
  dormancy(D, h);

  // albedo (albedo.f)
  X.solCov = 0.8 * m.bio[h] + m.rsd[h];
  X.covExp = Math.exp(-5e-5 * (X.solCov + 0.1)); // cover factor (albedo.f, etact.f)
  if (m.sno[h] > 0.5) X.albday = 0.8;
  else {
    X.albday = m.solAlb[h];
    if (m.lai[h] > 0) {
      const eaj = X.covExp;
      X.albday = 0.23 * (1 - eaj) + m.solAlb[h] * eaj;
    }
  }
  soilTemperature(D, h);
  canopyAndSnow(D, h);
  surfaceRunoff(D, h);
  // alph.f: fraction of the day's rain in its maximum half hour, drawn from a triangular
  // distribution (mean AMP_R of the month) on the HRU's own seed, on days with rain or melt
  if (X.precip > 0.01) {
    const preceff = X.precip > X.snomlt ? X.precip - X.snomlt : 0;
    const ajp = 1 - Math.exp(-125 / (preceff + 5));
    X.al5 = atri(0.02083, m.subAmpR[D.s * 12 + D.mon], ajp, m.hhSeed, h);
  }
  percolation(D, h);
  if (m.ddrain[h] > 0) tileDrain(m, h); // tile drains (tile.ts)
  evapotranspiration(D, h);
  if (X.growing) plant(D, h);
  if (m.autoWstrs[h] > 1e-6) autoIrrigation(m, h);
  nitrogenCycle(D, h);
  if (m.grzDays[h] > 0) grazing(m, h);
  groundwater(D, h);
  routeHruDay(D, h, want);
}

/** Dormancy of perennials, trees and cool-season annuals by day length (dormant.f). */
function dormancy(D: DayShared, h: number): void {
  const m = D.m;
  const pl = D.pl;
  const ip = m.iplant[h];
  if (m.igro[h] !== 1 || ip < 0) return;
  const idc = pl.idc[ip];
  if (!(idc === 2 || idc === 3 || idc === 5 || idc === 6 || idc === 7)) return;
  const thr = m.subDaylmn[D.s] + m.subDormHr[D.s];
  if (m.idorm[h] === 0 && D.dayl < thr && (D.jd > 182) === (D.sb.lat >= 0)) {
    m.idorm[h] = 1;
    if (idc === 7) {
      const res = m.bio[h] * pl.bioLeaf[ip];
      const resN = m.bio[h] > 0 ? (m.plantn[h] * res) / m.bio[h] : 0;
      const resP = m.bio[h] > 0 ? (m.plantp[h] * res) / m.bio[h] : 0;
      dropToResidue(D, h, ip, res, resN, resP);
      m.laimxfr[h] = 0;
    } else if (idc === 3 || idc === 6) {
      const f = pl.bmDieoff[ip];
      dropToResidue(D, h, ip, m.bio[h] * f, m.plantn[h] * f, m.plantp[h] * f);
    }
  } else if (m.idorm[h] === 1 && D.dayl >= thr) {
    m.idorm[h] = 0;
  }
}

/** Entering dormancy: the dropped biomass with its N and P goes to surface residue (fresh
 * organic N and P), leaf area falls to its dormant minimum and heat units start again. */
function dropToResidue(D: DayShared, h: number, ip: number, res: number, resN: number, resP: number): void {
  const m = D.m;
  m.rsd[h] += res;
  m.fon[h] += resN;
  m.plantn[h] -= resN;
  m.fop[h] += resP;
  m.plantp[h] -= resP;
  m.bio[h] -= res;
  m.lai[h] = D.pl.alaiMin[ip];
  m.phuacc[h] = 0;
}

/** Soil temperature by layer (solt.f). */
function soilTemperature(D: DayShared, h: number): void {
  const m = D.m;
  const base = h * ML;
  const nl = m.nly[h];
  const bd = m.avgBd[h];
  const dp = m.soltDp[h];
  const ww = 0.356 - 0.144 * bd;
  const sw = X.swInit;
  const wc = sw / (ww * m.solZ[base + nl - 1]);
  const q = (1 - wc) / (1 + wc);
  const dd = Math.exp(m.soltBb[h] * q * q) * dp;
  const st0 = (D.slr * (1 - X.albday) - 14) / 20;
  const tbare = D.tav + 0.5 * (D.tmx - D.tmn) * st0;
  const cv = m.bio[h] + m.rsd[h];
  let bcv = cv / (cv + Math.exp(7.563 - 1.297e-4 * cv));
  const sno = m.sno[h];
  if (sno > 0) {
    const bsn = sno <= 120 ? sno / (sno + Math.exp(6.055 - 0.3002 * sno)) : 1;
    bcv = Math.max(bsn, bcv);
  }
  const tcov = bcv * m.solTmp[nl > 1 ? base + 1 : base] + (1 - bcv) * tbare;
  const tsrf = sno > 0 || cv > 0 ? Math.min(tbare, tcov) : tbare;
  const tan = m.subTmpAn[D.s];
  for (let l = 0; l < nl; l++) {
    const df = depthFactor(m.solZc[base + l] / dd);
    m.solTmp[base + l] = 0.8 * m.solTmp[base + l] + 0.2 * (df * (tan - tsrf) + tsrf);
  }
}

/** Canopy interception (canopyint.f), snowfall and snow melt (snom.f). */
function canopyAndSnow(D: DayShared, h: number): void {
  const m = D.m;
  const b = D.b;
  const ip = m.iplant[h];
  if (m.canmx[h] > 0 && ip >= 0 && D.pl.blai[ip] > 0.001 && X.precip > 0) {
    const canmxl = (m.canmx[h] * m.lai[h]) / D.pl.blai[ip];
    const room = canmxl - m.canstor[h];
    if (X.precip < room) {
      m.canstor[h] += X.precip;
      X.precip = 0;
    } else if (room > 0) {
      X.precip -= room;
      m.canstor[h] = canmxl;
    }
  }
  if (D.tav <= b.sftmp) {
    m.sno[h] += X.precip;
    X.snofall = X.precip;
    X.precip = 0;
  }
  m.snotmp[h] = m.snotmp[h] * (1 - b.timp) + D.tav * b.timp;
  if (D.tmx > b.smtmp && m.sno[h] > 0) {
    const smfac = (b.smfmx + b.smfmn) / 2 + (Math.sin((D.jd - 81) / 58.09) * (b.smfmx - b.smfmn)) / 2;
    let snomlt = smfac * ((m.snotmp[h] + D.tmx) / 2 - b.smtmp);
    let snocov = 1;
    if (m.sno[h] < b.snocovmx) {
      const xx = m.sno[h] / b.snocovmx;
      const c = snowCurve(b.sno50cov);
      snocov = xx / (xx + Math.exp(c[0] - c[1] * xx));
    }
    snomlt *= snocov;
    if (snomlt < 0) snomlt = 0;
    if (snomlt > m.sno[h]) snomlt = m.sno[h];
    m.sno[h] -= snomlt;
    X.precip += snomlt;
    X.snomlt = snomlt;
  }
}

/** Daily curve number (dailycn.f) and SCS runoff (surq_daycn.f), urban impervious part. */
function surfaceRunoff(D: DayShared, h: number): void {
  const m = D.m;
  const b = D.b;
  const base = h * ML;
  const nl = m.nly[h];
  const solSw = X.swInit;
  let r2: number;
  if (b.icn === 1) r2 = m.sci[h];
  else {
    let xx = m.wrt1[h] - m.wrt2[h] * solSw;
    if (xx < -20) xx = -20;
    if (xx > 20) xx = 20;
    r2 = m.smx[h] * (1 - solSw / (solSw + Math.exp(xx)));
  }
  if (m.solTmp[base + (nl > 1 ? 1 : 0)] <= 0) r2 = m.smx[h] * (1 - Math.exp(-b.cnFroz * r2));
  if (r2 < 3) r2 = 3;
  X.cnday = 25400 / (r2 + 254);
  const precip = X.precip;
  let surfq = 0;
  if (precip > 0) {
    const pb = precip - 0.2 * r2;
    if (pb > 0) surfq = (pb * pb) / (precip + 0.8 * r2);
    const fcimp = m.urbanFcimp[h];
    if (fcimp > 0) {
      const ri = 25400 / 98 - 254;
      const pbi = precip - 0.2 * ri;
      const qi = pbi > 0 ? (pbi * pbi) / (precip + 0.8 * ri) : 0;
      surfq = surfq * (1 - fcimp) + qi * fcimp;
    }
    if (surfq > precip) surfq = precip;
  }
  // irrigation runoff (surface.f: after the curve number's runoff, and taken from the rain
  // infiltrating, as SWAT has it)
  surfq += X.qird;
  X.surfq = surfq;
  // irrigation is applied on the soil surface and infiltrates
  X.inflpcp = Math.max(0, precip - surfq) + X.irr;
}

/** What a pothole gives back on a day (mm over the HRU): spill-over and surface inlet tile flow. */
const POT = { out: 0, sed: 0 };

/** Potholes (pothole.f; volumes in mm over the HRU): POT_FR of the HRU's surface runoff reaching
 * the channel today, with its sediment and nutrients, flows into the pothole, a cone in the HRU's
 * slope (its surface area from its volume). Above POT_VOLX it spills; what stays settles (clay and
 * silt by their fall velocities over the water depth, coarser sediment entirely; organic N and P
 * with the clay), loses nitrate and soluble P at POT_NO3L and POT_SOLP, seeps into the soil through
 * its surface area (POT_K, else the top layer's conductivity; less as the profile nears field
 * capacity), evaporates (EVPOT × PET over its surface while the canopy is below EVLAI) and drains
 * POT_TILE a day through its surface inlet tile. Spill and tile flow go to the water yield (qdr),
 * not to surface runoff, as in SWAT. Changes `qday`/`sed` in POT's place: answers the outflow. */
function pothole(D: DayShared, h: number, qday: number, sedDay: number): { qday: number; sed: number } {
  const m = D.m;
  const fr = m.potFr[h];
  const ha = m.hruKm[h] * 100;
  POT.out = 0;
  POT.sed = 0;
  // inflow: the share of the day's runoff, sediment and nutrients draining to the pothole
  const qin = qday * fr;
  qday -= qin;
  m.potVol[h] += qin;
  const sedIn = sedDay * fr;
  sedDay -= sedIn;
  m.potCla[h] += sedIn * m.detCla[h];
  m.potSil[h] += sedIn * m.detSil[h];
  m.potOth[h] += sedIn * (1 - m.detCla[h] - m.detSil[h]);
  m.potNo3[h] += X.no3Surq * fr * ha;
  m.potSolp[h] += X.surqSolp * fr * ha;
  m.potOrgn[h] += X.sedOrgn * fr * ha;
  m.potOrgp[h] += X.sedOrgp * fr * ha;
  m.potMinp[h] += X.sedMinp * fr * ha;
  X.no3Surq *= 1 - fr;
  X.surqSolp *= 1 - fr;
  X.sedOrgn *= 1 - fr;
  X.sedOrgp *= 1 - fr;
  X.sedMinp *= 1 - fr;
  // surface area (ha) of a cone of the pothole's volume in the HRU's slope
  const volM3 = m.potVol[h] * 10 * ha;
  let potsa = (Math.PI * Math.pow((3 * volM3) / (Math.PI * m.slp[h]), 2 / 3)) / 10000;
  if (potsa <= 1e-6) potsa = 0.001;
  if (potsa > ha) potsa = ha;
  /** releases `f` of what the pothole holds to the HRU's outflow */
  const release = (f: number) => {
    if (f <= 0) return;
    const sed = (m.potCla[h] + m.potSil[h] + m.potOth[h]) * f;
    POT.sed += sed;
    m.potCla[h] *= 1 - f; m.potSil[h] *= 1 - f; m.potOth[h] *= 1 - f;
    X.no3Surq += (m.potNo3[h] * f) / ha; m.potNo3[h] *= 1 - f;
    X.surqSolp += (m.potSolp[h] * f) / ha; m.potSolp[h] *= 1 - f;
    X.sedOrgn += (m.potOrgn[h] * f) / ha; m.potOrgn[h] *= 1 - f;
    X.sedOrgp += (m.potOrgp[h] * f) / ha; m.potOrgp[h] *= 1 - f;
    X.sedMinp += (m.potMinp[h] * f) / ha; m.potMinp[h] *= 1 - f;
  };
  // spill-over above the maximum volume
  const volx = m.potVolx[h];
  if (m.potVol[h] > volx) {
    const spill = m.potVol[h] - volx;
    m.potVol[h] = volx;
    POT.out += spill;
    release(spill / (spill + volx));
  }
  if (m.potVol[h] > 1e-6) {
    // settling over the water depth (mm): clay falls ~10 mm/day, silt ~1000 mm/day
    const depth = (m.potVol[h] * ha) / potsa;
    const drcla = depth > 10 ? 1 - (0.5 * 10) / depth : (0.5 * depth) / 10;
    const drsil = depth > 1000 ? 1 - (0.5 * 1000) / depth : (0.5 * depth) / 1000;
    m.potCla[h] *= drcla;
    m.potSil[h] *= drsil;
    m.potOth[h] = 0;
    m.potOrgn[h] *= 0.75 * drcla;
    m.potOrgp[h] *= 0.75 * drcla;
    m.potMinp[h] *= 0.75 * drcla;
    m.potNo3[h] *= 1 - m.potNo3l[h];
    m.potSolp[h] *= 1 - m.potSolpl[h];
    // seepage into the soil, less as the profile nears field capacity
    const base = h * ML;
    const nl = m.nly[h];
    let sw = 0;
    for (let l = 0; l < nl; l++) sw += m.solSt[base + l];
    const wet = m.sumfc[h] > 0 ? sw / m.sumfc[h] : 1;
    const yy = wet < 0.5 ? 1 : wet < 1 ? 1 - wet : 0;
    const k = m.potK[h] > 0 ? m.potK[h] : m.solK[base];
    const seep = Math.min(m.potVol[h], (yy * k * 24 * potsa) / ha);
    if (seep > 0) {
      const f = seep / m.potVol[h];
      m.potVol[h] -= seep;
      // the dissolved and suspended load goes with the seeping water (into the soil, not the stream)
      m.potCla[h] *= 1 - f; m.potSil[h] *= 1 - f;
      m.potNo3[h] *= 1 - f; m.potSolp[h] *= 1 - f; m.potOrgn[h] *= 1 - f; m.potOrgp[h] *= 1 - f; m.potMinp[h] *= 1 - f;
      // into the top layer; no layer above saturation, the excess moves down
      let add = seep;
      for (let l = 0; l < nl && add > 0; l++) {
        m.solSt[base + l] += add;
        add = Math.max(0, m.solSt[base + l] - m.solUl[base + l]);
        if (add > 0 && l < nl - 1) m.solSt[base + l] = m.solUl[base + l];
      }
    }
    // evaporation from the water surface
    if (m.lai[h] < D.b.evlai) {
      const ev = Math.min(m.potVol[h], ((1 - m.lai[h] / D.b.evlai) * X.pet * m.evpot[h] * potsa) / ha);
      m.potVol[h] -= ev;
      X.potEvap += ev;
    }
    // surface inlet tile flow to the channel, with its share of the load
    if (m.potVol[h] > 1e-6 && m.potTile[h] > 0) {
      const tile = Math.min(m.potTile[h], m.potVol[h]);
      release(tile / m.potVol[h]);
      m.potVol[h] -= tile;
      POT.out += tile;
    }
  }
  POT.sed += sedDay;
  return { qday, sed: POT.sed };
}

/** Percolation, lateral flow and saturation excess by layer (percmain.f, percmicro.f,
 * sat_excess.f) with the nitrate they carry (nlch.f). */
function percolation(D: DayShared, h: number): void {
  const m = D.m;
  const base = h * ML;
  const nl = m.nly[h];
  const nperco = D.b.nperco;
  let sep = X.inflpcp;
  let latq = 0;
  let sepbtm = 0;
  const slpOverL = (m.slp[h] / m.slsoil[h]) * 0.024;
  let zprev = 0;
  let no3In = 0;
  const anion = m.anionExcl[h];
  for (let l = 0; l < nl; l++) {
    const o = base + l;
    m.solSt[o] += sep;
    sep = 0;
    const exc = m.solSt[o] - m.solFc[o];
    let lat = 0;
    if (exc > 1e-5) {
      // percmicro.f: no flow out of a frozen layer
      if (m.solTmp[o] > 0) {
      const dg = m.solZ[o] - zprev;
      const drain = m.solUl[o] - m.solFc[o];
      const ho = drain === 0 ? 0 : (2 * exc) / (drain / dg);
      lat = ho * m.solK[o] * slpOverL;
      if (lat < 0) lat = 0;
      if (lat > exc) lat = exc;
      sep = exc * m.percF[o];
      if (l === nl - 1) sep *= m.impF[h];
      if (sep + lat > exc) {
        const ratio = sep / (lat + sep);
        sep = exc * ratio;
        lat = exc * (1 - ratio);
      }
      }
      m.solSt[o] = Math.max(1e-6, m.solSt[o] - sep - lat);
      // sat_excess.f: water above saturation percolates on to the next layer; only the bottom
      // layer's excess moves up, layer by layer (what the top layer cannot hold leaves as runoff)
      const over = m.solSt[o] - m.solUl[o];
      if (over > 1e-4) {
        m.solSt[o] = m.solUl[o];
        if (l < nl - 1) sep += over;
        else {
          let up = over;
        for (let u = l - 1; u >= 0 && up > 0; u--) {
          const ou = base + u;
          const mv = Math.min(m.solUl[ou] - m.solSt[ou], up);
          m.solSt[ou] += mv;
          up -= mv;
        }
          if (up > 0) X.surfq += up;
        }
      }
    }
    // nitrate moves with percolation, lateral flow and (top layer) runoff
    m.solNo3[o] += no3In;
    no3In = 0;
    const vv = sep + lat + (l === 0 ? X.surfq : 0);
    if (vv > 1e-10 && m.solNo3[o] > 1e-9) {
      const conc = (m.solNo3[o] * (1 - Math.exp(-vv / ((1 - anion) * m.solUl[o])))) / vv;
      // top layer: runoff and lateral flow take NPERCO x the concentration (nlch.f)
      const cosurf = l === 0 ? nperco * conc : conc;
      if (l === 0 && X.surfq > 0) {
        const q = Math.min(cosurf * X.surfq, m.solNo3[o]);
        m.solNo3[o] -= q;
        X.no3Surq += q;
      }
      const la = Math.min((l === 0 ? cosurf : conc) * lat, m.solNo3[o]);
      m.solNo3[o] -= la;
      X.no3Lat += la;
      const pc = Math.min(conc * sep, m.solNo3[o]);
      m.solNo3[o] -= pc;
      no3In = pc;
    }
    latq += lat;
    if (l === 0) X.prk1 = sep;
    PRK[l] = sep;
    if (l === nl - 1) sepbtm = sep;
    zprev = m.solZ[o];
  }
  X.no3Leach = no3In;
  // nlch.f: part of the lateral flow's nitrate is lost on its way to the stream (DIS_STREAM)
  X.no3Lat *= m.latNo3F[h];
  X.latq = latq;
  X.sepbtm = sepbtm;
  // soluble P in surface runoff (PHOSKD) and leached from the top layer (PPERCO) (solp.f)
  const bd1 = m.solBd[base];
  const z1 = m.solZ[base];
  if (X.surfq > 0 && m.solSolp[base] > 0) {
    const q = Math.min((m.solSolp[base] * X.surfq) / Math.max(bd1 * z1 * D.b.phoskd, 1e-6), m.solSolp[base]);
    m.solSolp[base] -= q;
    X.surqSolp = q;
  }
  // leaching (solp.f, rev 627+): the top layer loses at most half its labile P, the layers
  // below at most a fifth, each to the next one; SWAT's "P LEACHED" is the flux into the
  // bottom layer (the last one computed)
  const pperco = D.b.pperco > 0 ? D.b.pperco : 10;
  let vap = 0;
  if (X.prk1 > 0 && m.solSolp[base] > 0) {
    vap = Math.min((m.solSolp[base] * X.prk1) / (1000 * m.wt1[base] * pperco), 0.5 * m.solSolp[base]);
    m.solSolp[base] -= vap;
    if (nl > 1) m.solSolp[base + 1] += vap;
  }
  for (let l = 1; l < nl - 1; l++) {
    const o = base + l;
    vap = 0;
    const prk = PRK[l];
    if (prk > 0 && m.solSolp[o] > 0) {
      vap = Math.min((m.solSolp[o] * prk) / (1000 * m.wt1[o] * pperco), 0.2 * m.solSolp[o]);
      m.solSolp[o] -= vap;
      m.solSolp[o + 1] += vap;
    }
  }
  X.pLeach = vap;
}

/** Per HRU: a canopy height (NaN: none yet) and two terms of etpot.f computed for it, the wind
 * height factor (zz / 1000)^0.2 and ln((zz - d) / zom) ln((zz - d) / zov) (etpot.f). They depend
 * on the height only, so a stale entry from another run of the process is never used. */
let PM: Float64Array = new Float64Array(0);
function growPm(old: Float64Array, nhru: number): Float64Array {
  const a = new Float64Array(3 * Math.max(nhru, old.length / 3 + 1)).fill(NaN);
  a.set(old);
  return a;
}
/** Maximum plant transpiration by Penman-Monteith with the crop's canopy resistance (etpot.f),
 * into X.epMax (results of the process functions travel in X: a returned number is a heap
 * allocation when the function is not inlined). */
function maxTranspirationPM(D: DayShared, h: number): void {
  const pet = X.pet;
  const m = D.m;
  const pl = D.pl;
  const ip = m.iplant[h];
  const s = D.s;
  // the canopy-height terms (a power and two logarithms) are kept per HRU and recomputed only
  // when the height changes (it does not once the plant stops growing)
  const cht = m.cht[h];
  const k = 3 * h;
  if (k + 3 > PM.length) PM = growPm(PM, m.nhru);
  if (PM[k] !== cht) {
    const zz = cht <= 1 ? 170 : cht * 100 + 100;
    const chz = cht < 0.01 ? 1 : cht * 100;
    const zom = chz <= 200 ? 0.123 * chz : 0.058 * Math.pow(chz, 1.19);
    const zov = 0.1 * zom;
    const d = 0.667 * chz;
    PM[k] = cht;
    PM[k + 1] = Math.pow(zz / 1000, 0.2);
    PM[k + 2] = Math.log((zz - d) / zom) * Math.log((zz - d) / zov);
  }
  const uzz = D.sWnd[s] * PM[k + 1];
  const rv = PM[k + 2] / (0.41 * 0.41 * uzz);
  const vpd = D.sVpd[s];
  const xx = vpd - 1;
  const fvpd = xx > 0 ? Math.max(0.1, 1 - pl.vpd2[ip] * xx) : 1;
  const gsiAdj = pl.gsi[ip] * fvpd;
  if (!(gsiAdj > 1e-6)) {
    X.epMax = 0;
    return;
  }
  const rc = 1 / gsiAdj / (0.5 * (m.lai[h] + 0.01) * (1.4 - (0.4 * D.sb.co2) / 330));
  const rn = D.slr * (1 - X.albday) + D.sRout[s];
  const dlt = D.sDlt[s];
  const gma = D.sGma[s];
  let ep = (dlt * rn + (gma * D.sRho[s] * vpd) / rv) / (D.sXl[s] * (dlt + gma * (1 + rc / rv)));
  if (ep < 0) ep = 0;
  if (ep > pet) ep = pet;
  X.epMax = ep;
}

/** PET for the HRU, canopy evaporation, potential soil evaporation and its distribution over
 * the layers with ESCO, sublimation (etpot.f, etact.f). */
function evapotranspiration(D: DayShared, h: number): void {
  const m = D.m;
  const base = h * ML;
  const nl = m.nly[h];
  const ip = m.iplant[h];
  const pet = m.sno[h] <= 0.5 ? D.sPetNoSnow[D.s] : D.sPetSnow[D.s];
  X.pet = pet;
  X.growing = m.igro[h] === 1 && ip >= 0;
  let epMax = 0;
  if (D.ipet === 1 && X.growing) {
    maxTranspirationPM(D, h); // PET in X.pet
    epMax = X.epMax;
  }
  let petLeft = pet - m.canstor[h];
  if (petLeft < 0) {
    m.canstor[h] = -petLeft;
    X.canev = pet;
    petLeft = 0;
    epMax = 0;
  } else {
    X.canev = m.canstor[h];
    m.canstor[h] = 0;
  }
  if (petLeft > 1e-6) {
    if (D.ipet !== 1) epMax = X.growing ? (m.lai[h] <= 3 ? (m.lai[h] * petLeft) / 3 : petLeft) : 0;
    const eaj = m.sno[h] >= 0.5 ? 0.5 : X.covExp;
    let esMax = petLeft * eaj;
    const eos1 = (petLeft / (esMax + epMax + 1e-10)) * esMax;
    esMax = Math.max(0, Math.min(esMax, eos1));
    // rev 627-637 etact.f: scale both to the available PET (the plant share is computed
    // with the already scaled soil share, as in the Fortran), then trim the soil share
    if (petLeft < esMax + epMax) {
      esMax = (petLeft * esMax) / (esMax + epMax);
      epMax = (petLeft * epMax) / (esMax + epMax);
    }
    if (petLeft < esMax + epMax) esMax = petLeft - epMax - 1e-6;
    if (esMax < 0) esMax = 0;
    let esleft = esMax;
    if (D.tav > 0 && m.sno[h] > 0) {
      if (m.sno[h] >= esleft) {
        m.sno[h] -= esleft;
        X.snoev = esleft;
        esleft = 0;
      } else {
        esleft -= m.sno[h];
        X.snoev = m.sno[h];
        m.sno[h] = 0;
      }
    }
    let evzp = 0;
    const eosl = esleft;
    const esco = m.esco[h];
    for (let l = 0; l < nl; l++) {
      const o = base + l;
      const dep = l === 0 ? m.solZ[o] : m.solZ[o - 1];
      if (dep >= ESD) break;
      const evz = eosl * m.evzF[o];
      let sev = evz - evzp * esco;
      evzp = evz;
      const st = m.solSt[o];
      const fc = m.solFc[o];
      if (st < fc) {
        const xx = (2.5 * (st - fc)) / fc;
        sev *= Math.exp(xx > -20 ? xx : -20);
      }
      if (sev > st * ETCO) sev = st * ETCO;
      if (sev < 0) sev = 0;
      if (sev > esleft) sev = esleft;
      if (st > sev) {
        esleft -= sev;
        m.solSt[o] = Math.max(1e-6, st - sev);
      } else {
        esleft -= st;
        m.solSt[o] = 0;
      }
    }
    X.esDay = Math.max(0, esMax - esleft);
  }
  X.epMax = epMax;
}

/** Plant water uptake (swu.f), growth with heat units, stresses, LAI and nitrogen uptake
 * (grow.f, tstr.f, nup.f, nfix.f), auto-irrigation and auto-fertilization triggers. */
function plant(D: DayShared, h: number): void {
  const m = D.m;
  const pl = D.pl;
  const b = D.b;
  const base = h * ML;
  const nl = m.nly[h];
  const ip = m.iplant[h];
  const idc = pl.idc[ip];
  const tav = D.tav;
  const zmxPlant = Math.min(m.solZmx[h], pl.rdmx[ip] * 1000 > 0 ? pl.rdmx[ip] * 1000 : m.solZmx[h]);
  let rd: number;
  if (idc === 1 || idc === 2 || idc === 4 || idc === 5) {
    rd = 2.5 * m.phuacc[h] * zmxPlant;
    if (rd > zmxPlant) rd = zmxPlant;
    if (rd < 10) rd = 10;
  } else rd = zmxPlant;
  if (rd !== m.rdCache[h]) updateRootFactors(m, h, rd, b.nUpdis, b.pUpdis > 0 ? b.pUpdis : 20);
  const epMax = X.epMax;
  let strsw = 1;
  if (epMax > 0.01) {
    let sump = 0, xx = 0;
    const epco = m.epco[h];
    for (let l = 0; l < nl; l++) {
      const o = base + l;
      const sum = rd <= 0.01 ? epMax / UOBW : (epMax * m.rootW[o]) / UOBW;
      let wuse = sum - sump + (sump - xx) * epco;
      sump = sum;
      if (m.solSt[o] < wuse) wuse = m.solSt[o];
      if (wuse < 0) wuse = 0;
      m.solSt[o] = Math.max(1e-6, m.solSt[o] - wuse);
      xx += wuse;
      if (rd <= m.solZ[o]) break;
    }
    strsw = xx / epMax;
    X.epDay = xx;
  }
  m.strsw[h] = strsw;
  X.strsw = strsw;
  if (m.idorm[h] === 0) {
    let delg = m.phuPlt[h] > 0.1 ? (tav - pl.tBase[ip]) / m.phuPlt[h] : 0;
    if (delg < 0) delg = 0;
    m.phuacc[h] += delg;
    if (m.phuacc[h] <= 1) {
      X.rd = rd;
      grow(D, h);
    }
  }
}

/** autoirr.f: the plant's water stress below AUTO_WSTRS (WSTRS_ID 1, growing plants) or the
 * profile's deficit below field capacity above AUTO_WSTRS mm (2) at the end of today irrigates
 * tomorrow (SWAT: after tomorrow's operations, on today's stress and soil water) with IRR_MX, at
 * most the field capacity, from outside the watershed. */
function autoIrrigation(m: Model, h: number): void {
  let go: boolean;
  if (m.autoWstrsId[h] === 2) go = m.sumfc[h] - solSwNow(m, h * ML, m.nly[h]) > m.autoWstrs[h];
  else go = X.growing && X.strsw < m.autoWstrs[h];
  if (go) m.irrPending[h] = Math.min(m.sumfc[h], m.autoIrrMx[h]);
}

/** Growth of the day (root depth in X.rd). */
function grow(D: DayShared, h: number): void {
  const rd = X.rd;
  const m = D.m;
  const pl = D.pl;
  const ip = m.iplant[h];
  const idc = pl.idc[ip];
  const tav = D.tav;
  // temperature stress (tstr.f)
  const tbase = pl.tBase[ip], topt = pl.tOpt[ip];
  let strstmp: number;
  let tgx = tav - tbase;
  if (tgx <= 0) strstmp = 0;
  else {
    if (tav > topt) tgx = 2 * topt - tbase - tav;
    const rto = ((topt - tav) / (tgx + 1e-6)) * ((topt - tav) / (tgx + 1e-6));
    strstmp = rto <= 200 && tgx > 0 ? Math.exp(-0.1054 * rto) : 0;
  }
  if (D.tmn <= m.subTmpAn[D.s] - 15) strstmp = 0;
  X.strstmp = strstmp;
  const par = 0.5 * D.slr * (1 - Math.exp(-pl.extCoef[ip] * (m.lai[h] + 0.05)));
  let beadj = pl.bioE[ip];
  const vpd = D.sVpd[D.s];
  if (vpd > 1) beadj = Math.max(beadj - pl.wavp[ip] * (vpd - 1), 0.27 * pl.bioE[ip]);
  let bioday = beadj * par;
  if (bioday < 0) bioday = 0;
  X.bioday = bioday;
  nitrogenUptake(D, h);
  phosphorusUptake(D, h);
  const strsn = X.strsn;
  const strsp = X.strsp;
  let reg = Math.min(X.strsw, strstmp, strsn, strsp);
  if (reg < 0) reg = 0;
  if (reg > 1) reg = 1;
  if (m.bioTarg[h] > 1e-2) {
    bioday = (bioday * (m.bioTarg[h] - m.bio[h])) / m.bioTarg[h];
    reg = 1;
  }
  m.bio[h] += bioday * reg;
  let rto = 1;
  if (idc === 7 && m.igrotree[h] === 0 && pl.matYrs[ip] > 0) {
    rto = m.curyrMat[h] / pl.matYrs[ip];
    m.bio[h] = Math.min(m.bio[h], rto * pl.bmxTrees[ip] * 1000);
  }
  if (m.bio[h] < 0) m.bio[h] = 0;
  const pa = m.phuacc[h];
  const f = pl.leaf1[ip] !== 0 || pl.leaf2[ip] !== 0 ? pa / (pa + Math.exp(pl.leaf1[ip] - pl.leaf2[ip] * pa)) : pa;
  const ff = f - m.laimxfr[h];
  m.laimxfr[h] = f;
  m.cht[h] = idc === 7 ? rto * pl.chtmx[ip] : pl.chtmx[ip] * Math.sqrt(Math.max(f, 0));
  if (pa <= pl.dlai[ip]) {
    const laimax = idc === 7 ? rto * pl.blai[ip] : pl.blai[ip];
    if (m.lai[h] > laimax) m.lai[h] = laimax;
    m.lai[h] += ff * laimax * (1 - Math.exp(5 * (m.lai[h] - laimax))) * Math.sqrt(reg);
    if (m.lai[h] > laimax) m.lai[h] = laimax;
    m.olai[h] = m.lai[h];
  } else if (pl.dlai[ip] < 1) {
    m.lai[h] = (m.olai[h] * (1 - pa)) / (1 - pl.dlai[ip]);
  }
  if (m.lai[h] < pl.alaiMin[ip]) m.lai[h] = pl.alaiMin[ip];
  if (pa > 0.5 && pa < pl.dlai[ip]) {
    m.pltEt[h] += X.epDay + X.esDay;
    m.pltPet[h] += X.pet;
  }
  // the heat-unit-adjusted harvest index of today's heat units is needed only at a harvest:
  // the heat units are kept and mgt.ts computes it there (harvestIndexOfHeatUnits)
  m.hvstiPa[h] = pa;
}

/** Nitrogen demand, uptake by layer (N_UPDIS), legume fixation, N stress (nup.f rev 627+,
 * nfix.f) and auto-fertilization (anfert.f, simplified target). The N stress factor into X.strsn. */
function nitrogenUptake(D: DayShared, h: number): void {
  const rd = X.rd;
  const bioday = X.bioday;
  const m = D.m;
  const pl = D.pl;
  const b = D.b;
  const base = h * ML;
  const nl = m.nly[h];
  const ip = m.iplant[h];
  const idc = pl.idc[ip];
  const legume = idc === 1 || idc === 2 || idc === 3;
  const pa0 = m.phuacc[h];
  const pltnfr = (pl.bn1[ip] - pl.bn3[ip]) * (1 - pa0 / (pa0 + Math.exp(pl.bnc1[ip] - pl.bnc2[ip] * pa0))) + pl.bn3[ip];
  let un2 = pltnfr * m.bio[h];
  if (un2 < m.plantn[h]) un2 = m.plantn[h];
  const uno3 = Math.min(4 * pl.bn3[ip] * bioday, un2 - m.plantn[h]);
  let nUpToday = 0;
  if (uno3 > 1e-6) {
    const uobn = uobOf(b.nUpdis);
    let nplnt = 0;
    for (let l = 0; l < nl; l++) {
      const o = base + l;
      let anmx = (uno3 * m.rootN[o]) / uobn - nplnt;
      if (anmx < 0) anmx = 0;
      if (anmx > m.solNo3[o]) anmx = m.solNo3[o];
      nplnt += anmx;
      m.solNo3[o] -= anmx;
      if (rd <= m.solZ[o]) break;
    }
    X.nUp += nplnt;
    if (legume && nplnt < uno3) {
      const uno3l = uno3 - nplnt;
      const sw = solSwNow(m, base, nl);
      const fc = m.sumfc[h];
      const fxw = sw > 0.85 * fc ? 1 : sw < 0.15 * fc ? 0 : (sw - 0.15 * fc) / (0.7 * fc);
      let sumno3 = 0;
      for (let l = 0; l < nl; l++) sumno3 += m.solNo3[base + l];
      const fxn = sumno3 > 300 ? 0 : sumno3 > 100 ? 1.5 - 0.005 * sumno3 : 1;
      const fxg = pa0 > 0.15 && pa0 <= 0.3 ? 6.67 * pa0 - 1 : pa0 > 0.3 && pa0 <= 0.55 ? 1 : pa0 > 0.55 && pa0 <= 0.75 ? 3.75 - 5 * pa0 : 0;
      let fixn = Math.min(1, fxw, fxn) * fxg * uno3l;
      fixn = b.fixco * fixn + (1 - b.fixco) * uno3l;
      fixn = Math.max(0, Math.min(fixn, uno3l, b.nfixmx));
      X.nFix += fixn;
      nplnt += fixn;
    }
    m.plantn[h] += nplnt;
    nUpToday = nplnt;
  }
  // no stress for legumes or when today's demand was met
  let sn = 1;
  if (uno3 >= 1e-6 && !legume) {
    const uu = 200 * (m.plantn[h] / (un2 + 1e-4) - 0.5);
    sn = uu <= 0 ? 0 : uu < 99 ? uu / (uu + Math.exp(3.535 - 0.02597 * uu)) : 1;
    const xx = uno3 > 1e-5 ? nUpToday / uno3 : 1;
    sn = Math.min(1, Math.max(sn, xx));
  }
  m.strsn[h] = sn;
  X.strsn = sn;
  if (m.autoNstrs[h] > 0 && sn < m.autoNstrs[h] && idc >= 4 && idc <= 7) autoFertilize(D, h);
}

/** Auto-fertilization on nitrogen stress (anfert.f): the N target of the yield less the soil's
 * mineral N and the plant's N (NSTRESS 0), or AUTO_NAPP scaled by the unreached heat units
 * (NSTRESS 1); at most AUTO_NAPP an application and AUTO_NYR a year; the fertilizer's mineral
 * and organic N (and mineral P under P stress) into the top two layers, AFRT_SURFACE on top. */
function autoFertilize(D: DayShared, h: number): void {
  const m = D.m;
  const base = h * ML;
  const nl = m.nly[h];
  let targn: number;
  if (m.nstressMode[h] === 0) {
    let tsno3 = 0;
    for (let l = 0; l < nl; l++) tsno3 += m.solNo3[base + l];
    targn = m.tnylda[h] - tsno3 - m.plantn[h];
    if (targn > m.autoNapp[h]) targn = m.autoNapp[h];
    if (targn < 0) targn = 0;
  } else {
    targn = m.autoNapp[h] * (1 - m.phuacc[h]);
    if (targn > m.autoNapp[h]) targn = m.autoNapp[h];
  }
  m.autoNyr[h] += targn;
  if (m.autoNyr[h] >= m.autoNyrMax[h]) {
    targn = m.autoNyrMax[h] - (m.autoNyr[h] - targn);
    if (targn < 0) targn = 0;
    m.autoNyr[h] = m.autoNyrMax[h];
  }
  if (targn <= 1e-6) return;
  const f = D.p.ferts.get(m.afrtFert[h]);
  const fminn = f ? f.fminn : 1, forgn = f ? f.forgn : 0, forgp = f ? f.forgp : 0;
  const dwfert = fminn > 1e-4 ? targn / fminn : targn;
  const tfp = m.strsp[h] <= 0.75 ? (fminn > 1e-4 ? fminn / 7 : 1 / 7) : 0;
  for (let l = 0; l < 2 && l < nl; l++) {
    const xx = l === 0 ? m.afrtSurface[h] : 1 - m.afrtSurface[h];
    const o = base + l;
    m.solNo3[o] += xx * dwfert * fminn; // nitrate and ammonium (ammonium is treated as nitrate)
    m.fon[h] += 0.5 * xx * dwfert * forgn;
    m.solAorgn[o] += 0.5 * xx * dwfert * forgn;
    m.fop[h] += 0.5 * xx * dwfert * forgp;
    m.solOrgp[o] += 0.5 * xx * dwfert * forgp;
    m.solSolp[o] += xx * dwfert * tfp;
  }
  X.nAuto += dwfert * (fminn + forgn);
  X.pApp += dwfert * tfp;
}

/** Phosphorus demand and uptake by layer (P_UPDIS) and P stress (npup.f), into X.strsp. */
function phosphorusUptake(D: DayShared, h: number): void {
  const rd = X.rd;
  const bioday = X.bioday;
  const m = D.m;
  const pl = D.pl;
  const base = h * ML;
  const nl = m.nly[h];
  const ip = m.iplant[h];
  const pa0 = m.phuacc[h];
  const pltpfr = (pl.bp1[ip] - pl.bp3[ip]) * (1 - pa0 / (pa0 + Math.exp(pl.bpc1[ip] - pl.bpc2[ip] * pa0))) + pl.bp3[ip];
  let up2 = pltpfr * m.bio[h];
  if (up2 < m.plantp[h]) up2 = m.plantp[h];
  const uapd = Math.min(4 * pl.bp3[ip] * bioday, up2 - m.plantp[h]);
  let sp = 1;
  if (uapd > 1e-6) {
    const pUpdis = D.b.pUpdis > 0 ? D.b.pUpdis : 20;
    const uobp = uobOf(pUpdis);
    let pplnt = 0;
    for (let l = 0; l < nl; l++) {
      const o = base + l;
      const upmx = (1.5 * uapd * m.rootP[o]) / uobp;
      let uapl = upmx - pplnt;
      if (uapl < 0) uapl = 0;
      if (uapl > m.solSolp[o]) uapl = m.solSolp[o];
      pplnt += uapl;
      m.solSolp[o] -= uapl;
      if (rd <= m.solZ[o]) break;
    }
    m.plantp[h] += pplnt;
    X.pUp += pplnt;
    const uu = 200 * (m.plantp[h] / (up2 + 1e-4) - 0.5);
    sp = uu <= 0 ? 0 : uu < 99 ? uu / (uu + Math.exp(3.535 - 0.02597 * uu)) : 1;
    const xx = uapd > 1e-5 ? pplnt / uapd : 1;
    sp = Math.min(1, Math.max(sp, xx));
  }
  m.strsp[h] = sp;
  X.strsp = sp;
}

/** Humus mineralization, residue decomposition and denitrification by layer (nminrl.f, ndenit.f),
 * and the mineral phosphorus equilibria (pminrl.f). */
function nitrogenCycle(D: DayShared, h: number): void {
  const m = D.m;
  const b = D.b;
  const base = h * ML;
  const nl = m.nly[h];
  const ip = m.iplant[h];
  for (let l = 0; l < nl; l++) {
    const o = base + l;
    // nminrl.f: the 10 mm top layer takes the temperature and water of the layer below it
    const ok = l === 0 && nl > 1 ? o + 1 : o;
    const t = m.solTmp[ok];
    if (t <= 0) continue;
    const cdg = cycleTempFactor(t);
    const wr = m.solFc[ok] > 1e-6 ? Math.max(1e-7, m.solSt[ok]) / m.solFc[ok] : 0;
    // soil water factor, not capped at 1 (rev 637); denitrification when it reaches SDNCO
    const sut = Math.max(0.05, 0.1 + 0.9 * Math.sqrt(wr));
    const csf = Math.sqrt(Math.min(cdg * sut, 1e6));
    let rwn = 1e-5 * (m.solAorgn[o] * (1 / 0.02 - 1) - m.solOrgn[o]);
    rwn = rwn > 0 ? Math.min(rwn, m.solAorgn[o]) : -Math.min(-rwn, m.solOrgn[o]);
    m.solOrgn[o] = Math.max(1e-6, m.solOrgn[o] + rwn);
    m.solAorgn[o] = Math.max(1e-6, m.solAorgn[o] - rwn);
    const hmn = Math.min(b.cmn * csf * m.solAorgn[o], m.solAorgn[o]);
    if (hmn > 0) {
      // humic P mineralizes in proportion (1.4 x the N rate on the humic pool)
      const xn = m.solAorgn[o] + m.solOrgn[o];
      const hmp = xn > 1e-6 ? Math.min((1.4 * hmn * m.solOrgp[o]) / xn, m.solOrgp[o]) : 0;
      m.solAorgn[o] -= hmn;
      m.solNo3[o] += hmn;
      X.hmnTot += hmn;
      m.solOrgp[o] -= hmp;
      m.solSolp[o] += hmp;
      X.hmpTot += hmp;
    }
    if (l === 0 && m.rsd[h] > 1e-6) {
      const r4 = 0.58 * m.rsd[h];
      const cnr = r4 / Math.max(m.fon[h] + m.solNo3[o], 1e-6);
      // min(cnrf, cprf, 1): an exponential of a non-negative argument (>= 1) cannot be the minimum
      const cnrf = cnr <= 25 ? 1 : Math.exp((-0.693 * (cnr - 25)) / 25);
      const cpr = r4 / Math.max(m.fop[h] + m.solSolp[o], 1e-6);
      const cprf = cpr <= 200 ? 1 : Math.exp((-0.693 * (cpr - 200)) / 200);
      const ca = Math.min(cnrf, cprf, 1);
      const rdc0 = ip >= 0 ? D.pl.rsdco[ip] : b.rsdco;
      let decr = rdc0 * ca * csf;
      if (decr < b.decrMin) decr = b.decrMin;
      if (decr > 1) decr = 1;
      m.rsd[h] -= decr * m.rsd[h];
      const rmn1 = decr * m.fon[h];
      m.fon[h] -= rmn1;
      m.solNo3[o] += 0.8 * rmn1;
      m.solAorgn[o] += 0.2 * rmn1;
      X.rmnTot += rmn1;
      const rmp = decr * m.fop[h];
      m.fop[h] -= rmp;
      m.solSolp[o] += 0.8 * rmp;
      m.solOrgp[o] += 0.2 * rmp;
      X.rmpTot += rmp;
    }
    if (sut >= b.sdnco && m.solNo3[o] > 0) {
      const wdn = m.solNo3[o] * (1 - Math.exp(-b.cdn * cdg * m.solCbn[o]));
      m.solNo3[o] -= wdn;
      X.dnTot += wdn;
    }
  }
  // mineral P: labile <-> active (PSP), active <-> stable (pminrl.f), every layer
  const psp = b.psp > 0 && b.psp < 1 ? b.psp : 0.4;
  const rto = psp / (1 - psp);
  for (let l = 0; l < nl; l++) {
    const o = base + l;
    let rmp = m.solSolp[o] - m.solActp[o] * rto;
    rmp = rmp > 0 ? rmp * 0.1 : rmp * 0.6;
    rmp = Math.min(rmp, m.solSolp[o]);
    if (-rmp > m.solActp[o]) rmp = -m.solActp[o];
    let roc = 0.0006 * (4 * m.solActp[o] - m.solStap[o]);
    if (roc < 0) roc *= 0.1;
    m.solStap[o] += roc;
    m.solActp[o] += rmp - roc;
    m.solSolp[o] -= rmp;
    X.actSolP += rmp;
    X.actStaP += roc;
  }
}

function grazing(m: Model, h: number): void {
  const eat = Math.min(m.grzEat[h] + m.grzTrmp[h], Math.max(0, m.bio[h] - m.bioMin[h]));
  if (eat > 0 && m.bio[h] > 0) {
    const frac = eat / m.bio[h];
    m.bio[h] -= eat;
    m.lai[h] *= 1 - frac;
    m.rsd[h] += Math.min(m.grzTrmp[h], eat);
  }
  m.grzDays[h]--;
}

/** Shallow and deep aquifers (gwmod.f): recharge lag, deep percolation, baseflow, revap. */
function groundwater(D: DayShared, h: number): void {
  const m = D.m;
  // rchrgSrc: recharge from a negative WUSHAL (impound.ts), delayed as the previous day's
  const rchrg = (1 - m.gwDelayE[h]) * X.sepbtm + m.gwDelayE[h] * (m.rchrg[h] + m.rchrgSrc[h]);
  m.rchrg[h] = rchrg < 1e-6 ? 0 : rchrg;
  const gwseep = m.rchrg[h] * m.rchrgDp[h];
  m.deepst[h] += gwseep;
  m.shallst[h] += m.rchrg[h] - gwseep;
  if (m.shallst[h] > m.gwqmn[h]) m.gwQ[h] = m.gwQ[h] * m.alphaBfE[h] + (m.rchrg[h] - gwseep) * (1 - m.alphaBfE[h]);
  else m.gwQ[h] = 0;
  let revap = m.gwRevap[h] * X.pet;
  if (m.shallst[h] < m.revapmn[h]) revap = 0;
  else {
    m.shallst[h] -= revap;
    if (m.shallst[h] < m.revapmn[h]) {
      revap = m.shallst[h] + revap - m.revapmn[h];
      m.shallst[h] = m.revapmn[h];
    }
  }
  if (m.shallst[h] >= m.gwqmn[h]) {
    m.shallst[h] -= m.gwQ[h];
    if (m.shallst[h] < m.gwqmn[h]) {
      m.gwQ[h] = m.shallst[h] + m.gwQ[h] - m.gwqmn[h];
      m.shallst[h] = m.gwqmn[h];
    }
  } else m.gwQ[h] = 0;
  if (m.gwQ[h] < 0) m.gwQ[h] = 0;
  m.gwQd[h] = m.gwQd[h] * m.alphaBfDE[h] + gwseep * (1 - m.alphaBfDE[h]);
  if (m.gwQd[h] > m.deepst[h]) m.gwQd[h] = m.deepst[h];
  m.deepst[h] -= m.gwQd[h];
  X.revap = revap;
  X.gwseep = gwseep;
}

/** MUSLE sediment yield of the HRU in metric tons (ysed.f, pkq.f, cfactor.f) from the lagged
 * runoff X.qday, into X.sedyld. */
function musle(D: DayShared, h: number): void {
  const qday = X.qday;
  const m = D.m;
  const pl = D.pl;
  const ip = m.iplant[h];
  const w = D.sb.wgn;
  const mon = D.mon;
  const surfq = X.surfq;
  void w;
  const al5 = X.al5;
  const altc = 1 - Math.exp(2 * m.tconc[h] * Math.log(1 - al5));
  // pkq.f: the peak rate of the runoff reaching the channel today (after the SURLAG lag)
  const peakq = (altc * qday * m.hruKm[h]) / (3.6 * m.tconc[h]);
  if (!(peakq > 1e-6)) {
    X.sedyld = 0;
    return;
  }
  const cvm = ip >= 0 && pl.usleC[ip] > 0 ? Math.log(pl.usleC[ip]) : Math.log(0.8);
  const cfac = Math.exp((-0.2231 - cvm) * Math.exp(-0.00115 * X.solCov) + cvm);
  const kclp = m.usleK[h] * cfac * m.usleP[h] * m.usleLs[h] * m.cfrg[h];
  let sedyld = 11.8 * Math.pow(surfq * peakq * m.hruKm[h] * 1000, 0.56) * kclp; // area as 1000 km2 units (ysed.f)
  // ysed.f (rev 637): with snow on the ground only a negligible yield is zeroed (its snow-cover
  // reduction is unreachable there)
  if (m.sno[h] > 0 && sedyld < 1e-6) sedyld = 0;
  X.usle = 1.292 * 2 * kclp; // rough EI-based USLE estimate, informational
  // sediment-attached organic N and P (enrsb.f, orgn.f, psed.f), from the top layer
  if (sedyld > 1e-4) {
    const ha = m.hruKm[h] * 100;
    const cy = (0.1 * sedyld) / (ha * surfq + 1e-6);
    let enratio = cy > 1e-6 ? 0.78 * Math.pow(cy, -0.2468) : 0;
    if (enratio > 3.5) enratio = 3.5;
    X.enratio = enratio;
    const o = h * ML;
    const wt1 = m.wt1[o];
    const erN = m.erorgn[h] > 0.001 ? m.erorgn[h] : enratio;
    const xn = m.solOrgn[o] + m.solAorgn[o] + m.fon[h];
    if (xn > 1e-6 && wt1 > 0) {
      const sedorgn = Math.min(0.001 * ((xn * erN) / wt1) * (sedyld / ha), xn);
      const f = 1 - sedorgn / xn;
      m.solOrgn[o] *= f;
      m.solAorgn[o] *= f;
      m.fon[h] *= f;
      X.sedOrgn = sedorgn;
    }
    const erP = m.erorgp[h] > 0.001 ? m.erorgp[h] : enratio;
    const xp = m.solOrgp[o] + m.fop[h] + m.solActp[o] + m.solStap[o];
    if (xp > 1e-6 && wt1 > 0) {
      const sedp = Math.min(0.001 * ((xp * erP) / wt1) * (sedyld / ha), xp);
      X.sedOrgp = (sedp * (m.solOrgp[o] + m.fop[h])) / xp;
      X.sedMinp = (sedp * (m.solActp[o] + m.solStap[o])) / xp;
      const f = 1 - sedp / xp;
      m.solOrgp[o] *= f;
      m.fop[h] *= f;
      m.solActp[o] *= f;
      m.solStap[o] *= f;
    }
  }
  X.sedyld = sedyld;
}

/** subwq.f (Ramanarayanan et al.): chlorophyll-a from the total N of the runoff (CHLA_SUBCO ×
 * (organic N + nitrate) / water yield), CBOD from the organic carbon of the sediment (top layer's
 * carbon × enrichment ratio), dissolved oxygen at saturation less the CBOD's demand in the
 * surface runoff and at saturation in the rest of the water yield (mm, kg/ha, t). */
function subbasinQuality(D: DayShared, h: number, qdr: number, qday: number, sedDay: number): void {
  const m = D.m;
  const ha = m.hruKm[h] * 100;
  let wtmp = 5 + 0.75 * D.tav;
  if (wtmp <= 0.1) wtmp = 0.1;
  const chla = (D.b.wwq.chlaSubco * 100 * (X.sedOrgn + X.no3Surq)) / qdr;
  // the enrichment ratio of the day's MUSLE sediment (musle, enrsb.f)
  const orgC = (m.solCbn[h * ML] / 100) * X.enratio * sedDay * 1000;
  const cbod = (2.7 * orgC) / (qdr * m.hruKm[h]);
  const soxy = oxygenSaturation(wtmp);
  let dox = soxy * Math.exp(-0.1 * cbod);
  if (dox < 0) dox = 0;
  if (dox > soxy) dox = soxy;
  const cnv = ha * 10; // mm → m³
  const sl = D.subLoad;
  const lo = D.lo;
  sl[lo + C.CHLA] += chla * qday * cnv * 1e-6;
  sl[lo + C.CBOD] += cbod * qday * cnv * 1e-3;
  sl[lo + C.DISOX] += (dox * qday + soxy * (qdr - qday)) * cnv * 1e-3;
}

/** Runoff/sediment/lateral-flow lags, water yield to the subbasin and the day's sums. */
function routeHruDay(D: DayShared, h: number, want: boolean): void {
  const m = D.m;
  const b = D.b;
  const sb = D.sb;
  const base = h * ML;
  const nl = m.nly[h];
  m.surfBs[h] += X.surfq;
  let qday = m.surfBs[h] * m.brt[h];
  m.surfBs[h] -= qday;
  // surface.f: MUSLE on the day's runoff with the peak rate of the lagged runoff (qday)
  let sedyld = 0;
  if (X.surfq > 1e-6 && qday > 1e-4) {
    X.qday = qday;
    musle(D, h);
    sedyld = X.sedyld;
  }
  // filtw.f: an edge-of-field filter strip (FILTERW) traps sediment and the nutrients of the
  // day's surface runoff
  const trap = m.filterTrap[h];
  if (trap > 0) {
    const k = 1 - trap;
    sedyld *= k;
    X.sedOrgn *= k;
    X.sedOrgp *= k;
    X.sedMinp *= k;
    X.no3Surq *= k;
    X.surqSolp *= k;
  }
  m.sedBs[h] += sedyld;
  let sedDay = m.sedBs[h] * m.brt[h];
  m.sedBs[h] -= sedDay;
  // potholes hold part of the day's runoff; what they release joins the water yield
  let potOut = 0;
  if (m.potFr[h] > 0) {
    const p = pothole(D, h, qday, sedDay);
    qday = p.qday;
    sedDay = p.sed;
    potOut = POT.out;
  }
  m.latBs[h] += X.latq;
  let latqc = m.latBs[h] * m.latTtime[h];
  m.latBs[h] -= latqc;
  // tributary channel transmission losses (CH_K1) on surface runoff
  let tloss = 0;
  if (sb.chK1 > 0 && qday > 0) {
    tloss = Math.min(qday, (sb.chK1 * 24 * sb.chL1 * sb.chW1 * 1e-3 * m.hruFr[h]) / Math.max(m.hruKm[h], 1e-6));
  }
  const gwq = m.gwQ[h];
  const gwqd = m.gwQd[h];
  // tile flow after its lag, with its nitrate (tile.ts)
  const tileq = m.ddrain[h] > 0 ? tileLag(m, h, TILE_NO3) : 0;
  const tileNo3 = tileq > 0 ? TILE_NO3[0] : 0;
  // soluble P of the groundwater flow (gwnutr.f), kg/ha
  let minpgw = (m.gwsolp[h] * gwq) / 100;
  let wyld = qday + latqc + gwq + gwqd - tloss + tileq + potOut;
  const imp = m.impKind[h];
  if (imp & (POND | WETLAND)) {
    // the wetland, then the pond, take their shares of the water yield (without the deep
    // aquifer's flow, as SWAT's qdr) and of its sediment and loads (impound.ts)
    IMP.qday = qday - tloss;
    IMP.latq = latqc;
    IMP.qdr = Math.max(0, qday - tloss + latqc + gwq + tileq);
    IMP.sed = sedDay;
    IMP.minpgw = minpgw;
    impoundDay(m, h, D.mon + 1, X);
    qday = IMP.qday + tloss;
    latqc = IMP.latq;
    sedDay = IMP.sed;
    minpgw = IMP.minpgw;
    wyld = IMP.qdr + gwqd + potOut;
  }
  // consumptive water use from the pond and the aquifers (watuse.f)
  if (imp & WATER_USE) waterUse(m, h, D.mon + 1);
  const et = X.canev + X.esDay + X.epDay + X.potEvap;
  // ICN = 1: retention parameter from plant ET
  // (subbasin.f: with the day's generated runoff, lateral flow and percolation; no cap for ICN 1)
  if (b.icn === 1) {
    m.sci[h] = m.sci[h] + X.pet * Math.exp((-b.cncoef * m.sci[h]) / m.smx[h]) - X.precip + X.surfq + X.latq + X.sepbtm + m.tileGen[h];
  }
  m.cnday[h] = X.cnday;

  const hkm = m.hruKm[h];
  const sedHa = sedDay / Math.max(hkm * 100, 1e-9);
  D.subWyld[D.wo] += wyld * hkm * 1000;
  const ha = hkm * 100;
  const lo = D.lo;
  const sl = D.subLoad;
  sl[lo + C.SED] += sedDay;
  sl[lo + C.NO3] += (X.no3Surq + X.no3Lat + tileNo3) * ha;
  sl[lo + C.ORGN] += X.sedOrgn * ha;
  // SWAT2012 (subbasin.f): the mineral P attached to sediment travels in the channel with the
  // organic P (varoute 5); the soluble P is that of the surface runoff and of the groundwater
  // flow (GWSOLP × groundwater flow, gwnutr.f)
  sl[lo + C.ORGP] += (X.sedOrgp + X.sedMinp) * ha;
  sl[lo + C.MINP] += (X.surqSolp + minpgw) * ha;
  // ISUBWQ 1: chlorophyll-a, CBOD and dissolved oxygen of the water reaching the stream (subwq.f,
  // summed as virtual.f does; no ammonium or nitrite leaves a subbasin in SWAT2012)
  if (b.isubwq === 1 && wyld > 1e-4) subbasinQuality(D, h, wyld, qday, sedDay);
  const sv = D.sv;
  const svo = D.svo;
  const fr = m.hruFr[h];
  let swEnd = 0;
  let tno3 = 0;
  for (let l = 0; l < nl; l++) {
    swEnd += m.solSt[base + l];
    tno3 += m.solNo3[base + l];
  }
  sv[svo + SV.PRECIP] += X.precipRaw * fr;
  sv[svo + SV.SNOMELT] += X.snomlt * fr;
  sv[svo + SV.PET] += X.pet * fr;
  sv[svo + SV.ET] += et * fr;
  sv[svo + SV.SW] += swEnd * fr;
  sv[svo + SV.PERC] += X.sepbtm * fr;
  sv[svo + SV.SURQ] += qday * fr;
  sv[svo + SV.GW_Q] += gwq * fr;
  sv[svo + SV.WYLD] += wyld * fr;
  sv[svo + SV.SYLD] += sedHa * fr;
  sv[svo + SV.LATQ] += latqc * fr;
  sv[svo + SV.ORGN] += X.sedOrgn * fr;
  sv[svo + SV.ORGP] += X.sedOrgp * fr;
  sv[svo + SV.NSURQ] += X.no3Surq * fr;
  sv[svo + SV.SOLP] += X.surqSolp * fr;
  sv[svo + SV.SEDP] += X.sedMinp * fr;
  sv[svo + SV.LATNO3] += X.no3Lat * fr;
  const bv = D.bv;
  const da = m.dafr[h];
  bv[BV.PRECIP] += X.precipRaw * da;
  bv[BV.SNOFALL] += X.snofall * da;
  bv[BV.SNOMELT] += X.snomlt * da;
  bv[BV.SUBLIM] += X.snoev * da;
  bv[BV.SURQ] += qday * da;
  bv[BV.LATQ] += latqc * da;
  bv[BV.TILE] += tileq * da;
  bv[BV.GWQ] += gwq * da;
  bv[BV.GWQ_DEEP] += gwqd * da;
  bv[BV.REVAP] += X.revap * da;
  bv[BV.DA_RCHG] += X.gwseep * da;
  bv[BV.RCHRG] += m.rchrg[h] * da;
  bv[BV.WYLD] += wyld * da;
  bv[BV.PERC] += X.sepbtm * da;
  bv[BV.ET] += et * da;
  bv[BV.PET] += X.pet * da;
  bv[BV.TLOSS] += tloss * da;
  bv[BV.SED] += sedHa * da;
  bv[BV.SW] += swEnd * da;
  bv[BV.N_APP] += (X.nApp + X.nAuto) * da;
  bv[BV.P_APP] += X.pApp * da;
  bv[BV.NO3_SURQ] += X.no3Surq * da;
  bv[BV.NO3_LAT] += X.no3Lat * da;
  bv[BV.NO3_LEACH] += X.no3Leach * da;
  bv[BV.N_UPTAKE] += (X.nUp + X.nFix) * da;
  bv[BV.N_FIX] += X.nFix * da;
  bv[BV.DENIT] += X.dnTot * da;
  bv[BV.HUMUS_MIN] += X.hmnTot * da;
  bv[BV.FRESH_MIN] += X.rmnTot * da;
  bv[BV.NO3_RAIN] += X.no3Rain * da;
  bv[BV.N_AUTO] += X.nAuto * da;
  bv[BV.N_YIELD] += X.nYld * da;
  bv[BV.NO3_SOIL] += tno3 * da;
  bv[BV.ORGN] += X.sedOrgn * da;
  bv[BV.ORGP] += X.sedOrgp * da;
  bv[BV.SOLP] += X.surqSolp * da;
  bv[BV.P_LEACH] += X.pLeach * da;
  bv[BV.P_UPTAKE] += X.pUp * da;
  bv[BV.P_YIELD] += X.pYld * da;
  bv[BV.HUMUS_MIN_P] += X.hmpTot * da;
  bv[BV.FRESH_MIN_P] += X.rmpTot * da;
  bv[BV.ACT_SOL_P] += X.actSolP * da;
  bv[BV.ACT_STA_P] += X.actStaP * da;
  if (D.printing) {
    const a = h * 6;
    const aa = D.totals.hruAa;
    aa[a] += X.precipRaw;
    aa[a + 1] += qday;
    aa[a + 2] += gwq;
    aa[a + 3] += et;
    aa[a + 4] += sedHa;
    aa[a + 5] += X.yld / 1000;
  }
  if (!want) return;
  const hv = D.hv;
  const o = 0; // D.hv: the day's vector of the HRU just simulated (accumulated at once by runHrus)
  const growing = X.growing;
  hv[o + HV.PRECIP] = X.precipRaw;
  hv[o + HV.SNOFALL] = X.snofall;
  hv[o + HV.SNOMELT] = X.snomlt;
  hv[o + HV.IRR] = X.irr;
  hv[o + HV.PET] = X.pet;
  hv[o + HV.ET] = et;
  hv[o + HV.SW_INIT] = X.swInit;
  hv[o + HV.SW_END] = swEnd;
  hv[o + HV.PERC] = X.sepbtm;
  hv[o + HV.GW_RCHG] = m.rchrg[h];
  hv[o + HV.DA_RCHG] = X.gwseep;
  hv[o + HV.REVAP] = X.revap;
  hv[o + HV.SA_ST] = m.shallst[h];
  hv[o + HV.DA_ST] = m.deepst[h];
  hv[o + HV.SURQ_GEN] = X.surfq;
  hv[o + HV.SURQ_CNT] = qday;
  hv[o + HV.TLOSS] = tloss;
  hv[o + HV.LATQGEN] = X.latq;
  hv[o + HV.GW_Q] = gwq;
  hv[o + HV.WYLD] = wyld;
  hv[o + HV.DAILYCN] = X.cnday;
  hv[o + HV.TMP_AV] = D.tav;
  hv[o + HV.TMP_MX] = D.tmx;
  hv[o + HV.TMP_MN] = D.tmn;
  hv[o + HV.SOL_TMP] = m.solTmp[base + (nl > 1 ? 1 : 0)];
  hv[o + HV.SOLAR] = D.slr;
  hv[o + HV.SYLD] = sedHa;
  hv[o + HV.USLE] = X.usle;
  hv[o + HV.N_APP] = X.nApp;
  hv[o + HV.P_APP] = X.pApp;
  hv[o + HV.NAUTO] = X.nAuto;
  hv[o + HV.W_STRS] = growing ? 1 - X.strsw : 0;
  hv[o + HV.TMP_STRS] = growing ? 1 - X.strstmp : 0;
  hv[o + HV.BIOM] = m.bio[h] / 1000;
  hv[o + HV.LAI] = m.lai[h];
  hv[o + HV.YLD] = X.yld / 1000;
  hv[o + HV.SNO] = m.sno[h];
  hv[o + HV.GW_Q_D] = gwqd;
  hv[o + HV.LATQCNT] = latqc;
  hv[o + HV.QTILE] = tileq;
  hv[o + HV.N_STRS] = growing ? 1 - X.strsn : 0;
  hv[o + HV.NUP] = X.nUp + X.nFix;
  hv[o + HV.NFIX] = X.nFix;
  hv[o + HV.NSURQ] = X.no3Surq;
  hv[o + HV.NLATQ] = X.no3Lat;
  hv[o + HV.NO3L] = X.no3Leach;
  hv[o + HV.F_MN] = X.rmnTot;
  hv[o + HV.A_MN] = X.hmnTot;
  hv[o + HV.DNIT] = X.dnTot;
  hv[o + HV.NRAIN] = X.no3Rain;
  hv[o + HV.TNO3] = tno3;
  hv[o + HV.PUP] = X.pUp;
  hv[o + HV.ORGN] = X.sedOrgn;
  hv[o + HV.ORGP] = X.sedOrgp;
  hv[o + HV.SEDP] = X.sedMinp;
  hv[o + HV.SOLP] = X.surqSolp;
  hv[o + HV.P_STRS] = growing ? 1 - X.strsp : 0;
  hv[o + HV.F_MP] = X.rmpTot;
  hv[o + HV.AO_LP] = X.hmpTot;
  hv[o + HV.L_AP] = X.actSolP;
  hv[o + HV.A_SP] = X.actStaP;
}

export function waterHru(D: DayShared, h: number, precip: number, no3Rain: number): void {
  const { m, tav, slr, s, svo, sv, bv, wanted, hv, totals, printing } = D;
  const tk = tav + 273.15;
  const d = (Math.exp(21.255 - 5304 / tk) * 5304) / (tk * tk);
  const gma = d / (d + 0.68);
  const ho = (slr * (1 - 0.08)) / 2.44;
  const pet = 1.28 * ho * gma;
  const et = 0.7 * pet;
  m.solNo3[h * ML] -= no3Rain; // rain nitrate falls on water
  const fr = m.hruFr[h];
  const da = m.dafr[h];
  let sw = 0;
  for (let l = 0; l < m.nly[h]; l++) sw += m.solSt[h * ML + l];
  sv[svo + SV.PRECIP] += precip * fr;
  sv[svo + SV.PET] += pet * fr;
  sv[svo + SV.ET] += et * fr;
  sv[svo + SV.SW] += sw * fr;
  bv[BV.PRECIP] += precip * da;
  bv[BV.PET] += pet * da;
  bv[BV.ET] += et * da;
  bv[BV.SW] += sw * da;
  if (printing) {
    totals.hruAa[h * 6] += precip;
    totals.hruAa[h * 6 + 3] += et;
  }
  if (wanted !== null && wanted[h] === 1) {
    const o = 0;
    for (let k = 0; k < NHV; k++) hv[o + k] = 0;
    hv[o + HV.PRECIP] = precip;
    hv[o + HV.PET] = pet;
    hv[o + HV.ET] = et;
    hv[o + HV.SW_INIT] = sw;
    hv[o + HV.SW_END] = sw;
    hv[o + HV.SA_ST] = m.shallst[h];
    hv[o + HV.DA_ST] = m.deepst[h];
    hv[o + HV.TMP_AV] = tav;
    hv[o + HV.TMP_MX] = D.tmx;
    hv[o + HV.TMP_MN] = D.tmn;
    hv[o + HV.SOLAR] = slr;
  }
  void s;
}

// ---- exact per-layer factors cached by root depth, and interpolated tables of two smooth
// functions of one variable (error < 1e-7) used for every layer every day

/** Fractions of the day's demand that can come from above each layer's bottom (swu.f, nup.f). */
function updateRootFactors(m: Model, h: number, rd: number, nUpdis: number, pUpdis: number): void {
  m.rdCache[h] = rd;
  const base = h * ML;
  for (let l = 0; l < m.nly[h]; l++) {
    const o = base + l;
    const gx = rd <= m.solZ[o] ? rd : m.solZ[o];
    m.rootW[o] = 1 - Math.exp((-10 * gx) / rd);
    m.rootN[o] = 1 - Math.exp((-nUpdis * gx) / rd);
    m.rootP[o] = 1 - Math.exp((-pUpdis * gx) / rd);
  }
}

const CDG_STEP = 0.005;
const CDG = (() => {
  const n = Math.ceil(80 / CDG_STEP) + 2;
  const a = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = i * CDG_STEP;
    a[i] = t <= 0 ? 0.1 : (0.9 * t) / (t + Math.exp(9.93 - 0.312 * t)) + 0.1;
  }
  return a;
})();
/** Nutrient cycling temperature factor 0.9 T / (T + exp(9.93 - 0.312 T)) + 0.1 (nminrl.f). */
function cycleTempFactor(t: number): number {
  if (t <= 0) return 0.1;
  const x = t / CDG_STEP;
  const i = x | 0;
  if (i >= CDG.length - 1) return (0.9 * t) / (t + Math.exp(9.93 - 0.312 * t)) + 0.1;
  const f = x - i;
  return CDG[i] + (CDG[i + 1] - CDG[i]) * f;
}

const DF_STEP = 0.0005;
const DF = (() => {
  const n = Math.ceil(30 / DF_STEP) + 2;
  const a = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const zd = i * DF_STEP;
    a[i] = zd / (zd + Math.exp(-0.8669 - 2.0775 * zd));
  }
  return a;
})();
/** Soil temperature depth factor zd / (zd + exp(-0.8669 - 2.0775 zd)) (solt.f). */
function depthFactor(zd: number): number {
  if (zd <= 0) return 0;
  const x = zd / DF_STEP;
  const i = x | 0;
  if (i >= DF.length - 1) return zd / (zd + Math.exp(-0.8669 - 2.0775 * zd));
  const f = x - i;
  return DF[i] + (DF[i + 1] - DF[i]) * f;
}

/** 1 - exp(-updis) (nup.f/npup.f's uobn, uobp) for a basin parameter, computed once per value. */
const UOB_KEY = new Float64Array([NaN, NaN]);
const UOB_VAL = new Float64Array(2);
function uobOf(updis: number): number {
  if (UOB_KEY[0] === updis) return UOB_VAL[0];
  if (UOB_KEY[1] === updis) return UOB_VAL[1];
  UOB_KEY[1] = UOB_KEY[0];
  UOB_VAL[1] = UOB_VAL[0];
  UOB_KEY[0] = updis;
  UOB_VAL[0] = 1 - Math.exp(-updis);
  return UOB_VAL[0];
}

function solSwNow(m: Model, base: number, nl: number): number {
  let sw = 0;
  for (let l = 0; l < nl; l++) sw += m.solSt[base + l];
  return sw;
}


const snowCurveCache = new Map<number, [number, number]>();
function snowCurve(sno50cov: number): [number, number] {
  let v = snowCurveCache.get(sno50cov);
  if (!v) {
    const x50 = Math.min(Math.max(sno50cov, 0.01), 0.94);
    const a = Math.log(x50 / 0.5 - x50);
    const c2 = (a - Math.log(0.95 / 0.95 - 0.95)) / (0.95 - x50);
    v = [a + x50 * c2, c2];
    snowCurveCache.set(sno50cov, v);
  }
  return v;
}

