// The daily simulation loop (SWAT2012 simulate.f / subbasin.f / route order):
// weather per subbasin -> HRU processes (operations, snow, canopy, CN runoff, percolation
// and lateral flow, PET, ET, plant growth, groundwater, lags, MUSLE) -> subbasin sums ->
// fig.fig commands (route, add, point sources) -> outputs (streamed by OutputSet).
import { isLeap } from './adapter.ts';
import { ML, Model } from './model.ts';
import type { Project, Reach, Subbasin } from './project.ts';
import {
  DAYS_IN_MONTH, ee, generatePcp, generateRh, generateSlr, generateTmp, generateWnd, Rng, solarGeometry, subbasinSeed,
  type SubWeatherState,
} from './weather.ts';

// ---- HRU daily output vector (compact; mapped to SWAT column names by outputs.ts)
export const HV = {
  PRECIP: 0, SNOFALL: 1, SNOMELT: 2, IRR: 3, PET: 4, ET: 5, SW_INIT: 6, SW_END: 7, PERC: 8, GW_RCHG: 9, DA_RCHG: 10, REVAP: 11,
  SA_ST: 12, DA_ST: 13, SURQ_GEN: 14, SURQ_CNT: 15, TLOSS: 16, LATQGEN: 17, GW_Q: 18, WYLD: 19, DAILYCN: 20, TMP_AV: 21,
  TMP_MX: 22, TMP_MN: 23, SOL_TMP: 24, SOLAR: 25, SYLD: 26, USLE: 27, N_APP: 28, P_APP: 29, NAUTO: 30, W_STRS: 31, TMP_STRS: 32,
  BIOM: 33, LAI: 34, YLD: 35, SNO: 36, GW_Q_D: 37, LATQCNT: 38, N_STRS: 39, NUP: 40, NFIX: 41, NSURQ: 42, NLATQ: 43, NO3L: 44,
  F_MN: 45, A_MN: 46, DNIT: 47, NRAIN: 48, TNO3: 49,
} as const;
export const NHV = 50;
/** Aggregation of each HRU variable over a period: 0 sum, 1 mean, 2 last, 3 first. */
export const HV_AGG = new Int8Array(NHV);
for (const k of [HV.DAILYCN, HV.TMP_AV, HV.TMP_MX, HV.TMP_MN, HV.SOL_TMP, HV.SOLAR]) HV_AGG[k] = 1;
for (const k of [HV.SW_END, HV.SA_ST, HV.DA_ST, HV.BIOM, HV.LAI, HV.SNO, HV.TNO3]) HV_AGG[k] = 2;
HV_AGG[HV.SW_INIT] = 3;

export const SV = { PRECIP: 0, SNOMELT: 1, PET: 2, ET: 3, SW: 4, PERC: 5, SURQ: 6, GW_Q: 7, WYLD: 8, SYLD: 9, LATQ: 10 } as const;
export const NSV = 11;
export const SV_AGG = new Int8Array(NSV);
SV_AGG[SV.SW] = 1;

export const RV = { FLOW_IN: 0, FLOW_OUT: 1, EVAP: 2, TLOSS: 3, SED_IN: 4, SED_OUT: 5, SEDCONC: 6, NO3_IN: 7, NO3_OUT: 8 } as const;
export const NRV = 9;
export const RV_AGG = new Int8Array(NRV);
for (const k of [RV.FLOW_IN, RV.FLOW_OUT, RV.EVAP, RV.TLOSS, RV.SEDCONC]) RV_AGG[k] = 1;

/** Basin (output.std) daily sums, area-weighted mm (SED in t/ha). */
export const BV = {
  PRECIP: 0, SNOFALL: 1, SNOMELT: 2, SUBLIM: 3, SURQ: 4, LATQ: 5, GWQ: 6, GWQ_DEEP: 7, REVAP: 8, DA_RCHG: 9, RCHRG: 10, WYLD: 11,
  PERC: 12, ET: 13, PET: 14, TLOSS: 15, SED: 16, SW: 17, N_APP: 18, P_APP: 19, NO3_SURQ: 20, NO3_LAT: 21, NO3_LEACH: 22,
  N_UPTAKE: 23, N_FIX: 24, DENIT: 25, HUMUS_MIN: 26, FRESH_MIN: 27, NO3_RAIN: 28, N_AUTO: 29, N_YIELD: 30, NO3_SOIL: 31,
} as const;
export const NBV = 32;

export interface DayContext {
  year: number; yearIndex: number; jday: number; month: number; dom: number; dayIndex: number; lastDayOfMonth: boolean; lastDayOfYear: boolean;
}

/** What the loop reports every day (implemented by OutputSet). */
export interface SimObserver {
  /** Which HRUs want their daily vector (null = none). */
  hruWanted: Uint8Array | null;
  day(ctx: DayContext, hv: Float64Array, sv: Float64Array, rv: Float64Array, bv: Float64Array): void | Promise<void>;
}

interface ReachState {
  r: Reach;
  stor: number; // m3
  sedStor: number; // t
  flwinPrev: number; flwoutPrev: number;
  // geometry
  chside: number; bottom: number; areaBf: number; maxrt: number; k10: number; k13: number;
}

function qman(a: number, rh: number, n: number, s: number): number {
  return (a * Math.pow(rh, 2 / 3) * Math.sqrt(s)) / n;
}

function initReach(r: Reach): ReachState {
  let chside = r.chSide > 1e-6 ? r.chSide : 2;
  let b = r.chW2 - 2 * r.chD * chside;
  if (b <= 0) {
    b = 0.5 * r.chW2;
    chside = (r.chW2 - b) / (2 * Math.max(r.chD, 1e-3));
  }
  const n = r.chN2 > 0 ? r.chN2 : 0.014;
  const s = Math.max(r.chS2, 1e-5);
  const geom = (d: number) => {
    const a = (b + chside * d) * d;
    const p = b + 2 * d * Math.sqrt(1 + chside * chside);
    const q = qman(a, a / p, n, s);
    const v = q / a;
    const tt = (r.chL2 * 1000) / (3600 * (5 / 3) * v); // hours, celerity = 5/3 v
    return { a, q, tt };
  };
  const bf = geom(Math.max(r.chD, 1e-3));
  const low = geom(Math.max(0.1 * r.chD, 1e-4));
  return { r, stor: 0, sedStor: 0, flwinPrev: 0, flwoutPrev: 0, chside, bottom: b, areaBf: bf.a, maxrt: bf.q, k10: bf.tt, k13: low.tt };
}

export interface SimOptions {
  onProgress?: (percent: number, message: string) => void;
  /** Called between years; lets a long run yield to the event loop. */
  yieldEvery?: () => Promise<void>;
}

export interface SimTotals {
  days: number;
  hruDays: number;
  /** Sums over the printed years (after NYSKIP) of the basin daily values. */
  basinSum: Float64Array;
  printedYears: number;
  basinYears: { year: number; values: Float64Array }[];
  monthly: Float64Array; // 12 x NBV sums over printed years
  hruAa: Float64Array; // nhru x 6 (precip, surq, gwq, et, sed, yld) sums over printed years
  model: Model;
}

export async function simulate(p: Project, makeObserver: (m: Model) => SimObserver, opt: SimOptions = {}): Promise<SimTotals> {
  const m = new Model(p);
  const obs = makeObserver(m);
  const b = p.basin;
  const c = p.control;
  const pl = m.plants;
  const n = m.nhru;
  const nsub = m.nsub;
  const W = p.weather;
  const subs = p.subbasins;

  // per-subbasin weather state
  const wst: SubWeatherState[] = subs.map((s) => ({ rng: new Rng(subbasinSeed(s, 0)), wetPrev: false }));
  const sPcp = new Float64Array(nsub), sTmx = new Float64Array(nsub), sTmn = new Float64Array(nsub), sTav = new Float64Array(nsub);
  const sSlr = new Float64Array(nsub), sRh = new Float64Array(nsub), sWnd = new Float64Array(nsub), sRmx = new Float64Array(nsub);
  const sDayl = new Float64Array(nsub);
  const sPetNoSnow = new Float64Array(nsub), sPetSnow = new Float64Array(nsub);
  const sVpd = new Float64Array(nsub), sDlt = new Float64Array(nsub), sGma = new Float64Array(nsub), sXl = new Float64Array(nsub);
  const sRho = new Float64Array(nsub), sRout = new Float64Array(nsub);
  const subWyld = new Float64Array(nsub); // m3
  const subSed = new Float64Array(nsub); // t
  const subNo3 = new Float64Array(nsub); // kg
  const wetDays = subs.map((s) => Math.max(1, s.wgn.pcpd.reduce((a, x) => a + x, 0)));

  // reaches and hydrograph storage
  const reachStates = new Map<number, ReachState>();
  for (const [k, r] of p.reaches) reachStates.set(k, initReach(r));
  let maxHyd = 0;
  for (const cmd of p.fig) if ('out' in cmd) maxHyd = Math.max(maxHyd, cmd.out);
  const hydQ = new Float64Array(maxHyd + 1);
  const hydSed = new Float64Array(maxHyd + 1);
  const hydNo3 = new Float64Array(maxHyd + 1);
  const reachList = [...p.reaches.keys()].sort((a, bb) => a - bb);
  const reachIndex = new Map<number, number>();
  reachList.forEach((r, i) => reachIndex.set(r, i));
  const nr = reachList.length;
  // upstream drainage area per reach (for output AREAkm2) is computed by outputs.ts

  const hv = new Float64Array(n * NHV);
  const sv = new Float64Array(nsub * NSV);
  const rv = new Float64Array(nr * NRV);
  const bv = new Float64Array(NBV);
  const wanted = obs.hruWanted;

  const totals: SimTotals = {
    days: 0, hruDays: 0, basinSum: new Float64Array(NBV), printedYears: 0, basinYears: [], monthly: new Float64Array(12 * NBV),
    hruAa: new Float64Array(n * 6), model: m,
  };
  const yearSum = new Float64Array(NBV);
  const D = new DayShared({
    m, pl, b, p, sb: subs[0], s: 0, tav: 0, tmx: 0, tmn: 0, slr: 0, dayl: 0, svo: 0, wanted, mstart: new Int32Array(13), jd: 0, mon: 0,
    sPetNoSnow, sPetSnow, sWnd, sVpd, sDlt, sGma, sXl, sRho, sRout, sPcp, ipet: b.ipet, subWyld, subSed, subNo3, sv, bv, totals, printing: false, hv,
  });

  const ipet = b.ipet;
  const esd = 500;
  const etco = 0.8;
  const ubw = 10;
  const uobw = 1 - Math.exp(-ubw);
  const fixedHarg = 0.0023;
  let dayIndex = 0;
  let totalDays = 0;
  for (let y = 0; y < c.nbyr; y++) {
    const yr = c.iyr + y;
    const last = isLeap(yr) ? 366 : 365;
    const d0 = y === 0 ? Math.max(1, c.idaf) : 1;
    const d1 = y === c.nbyr - 1 ? Math.min(last, c.idal > 0 ? c.idal : last) : last;
    totalDays += d1 - d0 + 1;
  }

  for (let y = 0; y < c.nbyr; y++) {
    const yr = c.iyr + y;
    const leap = isLeap(yr);
    const ylen = leap ? 366 : 365;
    const d0 = y === 0 ? Math.max(1, c.idaf) : 1;
    const d1 = y === c.nbyr - 1 ? Math.min(ylen, c.idal > 0 ? c.idal : ylen) : ylen;
    const printing = y >= c.nyskip;
    yearSum.fill(0);
    // month start days
    const mstart = new Int32Array(13);
    {
      let acc = 0;
      for (let k = 0; k < 12; k++) {
        mstart[k] = acc + 1;
        acc += DAYS_IN_MONTH[k] + (k === 1 && leap ? 1 : 0);
      }
      mstart[12] = acc + 1;
    }
    // ---- new year: rotation, heat unit base, tree age
    for (let h = 0; h < n; h++) {
      m.phubase[h] = 0;
      m.autoNyr[h] = 0;
      if (y > 0) {
        m.opWait[h] = 0;
        const ip = m.iplant[h];
        if (ip >= 0 && pl.idc[ip] === 7 && m.igro[h] === 1) {
          if (m.curyrMat[h] < pl.matYrs[ip]) m.curyrMat[h] += 1;
        }
      }
    }
    if (opt.onProgress) opt.onProgress(Math.round((100 * dayIndex) / Math.max(1, totalDays)), `Executing year ${y + 1} (${yr})`);

    for (let jd = d0; jd <= d1; jd++) {
      let mon = 0;
      while (mon < 11 && jd >= mstart[mon + 1]) mon++;
      const dom = jd - mstart[mon] + 1;
      D.jd = jd;
      D.mon = mon;
      D.mstart = mstart;
      D.printing = printing;
      const di = yr === c.iyr ? jd - 1 : dayIndexOf(c.iyr, yr, jd);
      bv.fill(0);

      // ---- weather per subbasin
      for (let s = 0; s < nsub; s++) {
        const sb = subs[s];
        const w = sb.wgn;
        const st = wst[s];
        const geo = solarGeometry(sb.lat, jd);
        sRmx[s] = geo.rmx;
        sDayl[s] = geo.dayl;
        let pcp = -99;
        if (c.pcpsim === 1) {
          const g = W.pcp[sb.irgage - 1] ?? W.pcp[0];
          if (g) pcp = g[di];
        }
        if (!(pcp > -98)) pcp = generatePcp(w, mon, st);
        else st.wetPrev = pcp > 0;
        let tmx = -99, tmn = -99;
        if (c.tmpsim === 1) {
          const gx = W.tmx[sb.itgage - 1] ?? W.tmx[0];
          const gn = W.tmn[sb.itgage - 1] ?? W.tmn[0];
          if (gx && gn) {
            tmx = gx[di];
            tmn = gn[di];
          }
        }
        if (!(tmx > -98) || !(tmn > -98)) {
          const t = generateTmp(w, mon, pcp > 0, st);
          if (!(tmx > -98)) tmx = t.tmx;
          if (!(tmn > -98)) tmn = t.tmn;
        }
        // elevation bands: mean lapse-rate adjustment over the bands (PLAPS per wet day, TLAPS)
        const fr = sb.elevbFr;
        if (fr.length > 0 && fr[0] > 0) {
          let dt = 0, dp = 0;
          for (let k = 0; k < fr.length && k < 10; k++) {
            if (!(fr[k] > 0)) break;
            const dz = ((sb.elevb[k] ?? sb.elev) - sb.elev) / 1000;
            dt += fr[k] * dz * sb.tlaps;
            dp += fr[k] * dz * sb.plaps;
          }
          tmx += dt;
          tmn += dt;
          if (pcp > 0.01) pcp = Math.max(0, pcp + dp / wetDays[s]);
        }
        // climate change adjustments
        pcp = pcp * (1 + sb.rfinc[mon] / 100);
        if (pcp < 0) pcp = 0;
        tmx += sb.tmpinc[mon];
        tmn += sb.tmpinc[mon];
        const tav = (tmx + tmn) / 2;
        let slr = -99;
        if (c.slrsim === 1) {
          const g = W.slr[sb.isgage - 1] ?? W.slr[0];
          if (g) slr = g[di];
        }
        if (!(slr > -98)) slr = generateSlr(w, mon, pcp > 0, geo.rmx);
        slr += sb.radinc[mon];
        if (slr < 0) slr = 0;
        let rh = -99;
        if (c.rhsim === 1) {
          const g = W.hmd[sb.ihgage - 1] ?? W.hmd[0];
          if (g) rh = g[di];
        }
        if (!(rh > -98)) rh = generateRh(w, mon, tav);
        else if (rh > 1) rh = rh / 100;
        rh += sb.huminc[mon];
        rh = Math.min(0.99, Math.max(0.01, rh));
        let wnd = -99;
        if (c.windsim === 1) {
          const g = W.wnd[sb.iwgage - 1] ?? W.wnd[0];
          if (g) wnd = g[di];
        }
        if (!(wnd > -98)) wnd = generateWnd(w, mon, st);
        sPcp[s] = pcp; sTmx[s] = tmx; sTmn[s] = tmn; sTav[s] = tav; sSlr[s] = slr; sRh[s] = rh; sWnd[s] = Math.max(wnd, 0.01);

        // ---- potential ET pieces shared by the subbasin's HRUs (etpot.f)
        const tk = tav + 273.15;
        const elev = sb.elev;
        const pb = 101.3 - elev * (0.01152 - 0.544e-6 * elev);
        const xl = 2.501 - 2.361e-3 * tav;
        const gma = (1.013e-3 * pb) / (0.622 * xl);
        const ea = ee(tav);
        const ed = ea * rh;
        const vpd = ea - ed;
        const dlt = (4098 * ea) / ((tav + 237.3) * (tav + 237.3));
        const rbo = -(0.34 - 0.139 * Math.sqrt(Math.max(ed, 0)));
        const rto = geo.rmx < 1e-4 ? 0 : 0.9 * (slr / geo.rmx) + 0.1;
        const rout = rbo * rto * 4.9e-9 * tk * tk * tk * tk;
        sVpd[s] = vpd; sDlt[s] = dlt; sGma[s] = gma; sXl[s] = xl; sRout[s] = rout;
        const co2 = sb.co2;
        if (ipet === 1) {
          const rho = 1710 - 6.85 * tav;
          sRho[s] = rho;
          const u10 = sWnd[s];
          const rv0 = 114 / (u10 * Math.pow(170 / 1000, 0.2));
          const rc0 = 49 / (1.4 - (0.4 * co2) / 330);
          const pm = (rn: number) => Math.max(0, (dlt * rn + (gma * rho * vpd) / rv0) / (xl * (dlt + gma * (1 + rc0 / rv0))));
          sPetNoSnow[s] = pm(slr * (1 - 0.23) + rout);
          sPetSnow[s] = pm(slr * (1 - 0.8) + rout);
        } else if (ipet === 0) {
          const pt = (rn: number) => Math.max(0, (1.28 * (dlt / (dlt + gma)) * rn) / xl);
          sPetNoSnow[s] = pt(slr * (1 - 0.23) + rout);
          sPetSnow[s] = pt(slr * (1 - 0.8) + rout);
        } else {
          const ramm = (geo.rmx * 37.59) / 30;
          const v = tmx > tmn ? Math.max(0, fixedHarg * (ramm / xl) * (tav + 17.8) * Math.sqrt(tmx - tmn)) : 0;
          sPetNoSnow[s] = v;
          sPetSnow[s] = v;
        }
        subWyld[s] = 0;
        subSed[s] = 0;
        subNo3[s] = 0;
      }

      // ---- HRUs
      for (let s = 0; s < nsub; s++) {
        D.s = s;
        D.sb = subs[s];
        D.tav = sTav[s]; D.tmx = sTmx[s]; D.tmn = sTmn[s]; D.slr = sSlr[s]; D.dayl = sDayl[s];
        D.svo = s * NSV;
        const h1 = m.subHruEnd[s];
        for (let h = m.subHruBegin[s]; h < h1; h++) hruDay(D, h);
      }
      totals.hruDays += n;

      // ---- routing: fig.fig commands in order
      const pet0 = sPetNoSnow[0] ?? 0;
      for (const cmd of p.fig) {
        if (cmd.kind === 'subbasin') {
          hydQ[cmd.out] = subWyld[cmd.sub - 1];
          hydSed[cmd.out] = subSed[cmd.sub - 1];
          hydNo3[cmd.out] = subNo3[cmd.sub - 1];
        } else if (cmd.kind === 'add') {
          hydQ[cmd.out] = hydQ[cmd.a] + hydQ[cmd.b];
          hydSed[cmd.out] = hydSed[cmd.a] + hydSed[cmd.b];
          hydNo3[cmd.out] = hydNo3[cmd.a] + hydNo3[cmd.b];
        } else if (cmd.kind === 'pass') {
          hydQ[cmd.out] = hydQ[cmd.inp];
          hydSed[cmd.out] = hydSed[cmd.inp];
          hydNo3[cmd.out] = hydNo3[cmd.inp];
        } else if (cmd.kind === 'rec') {
          const v = pointSource(cmd.series, yr, jd, mon);
          hydQ[cmd.out] = v[0];
          hydSed[cmd.out] = v[1];
          hydNo3[cmd.out] = v[4] ?? 0;
        } else if (cmd.kind === 'route') {
          const rs = reachStates.get(cmd.reach);
          if (!rs) continue;
          const sIdx = Math.min(Math.max(rs.r.sub - 1, 0), nsub - 1);
          const petR = sPetNoSnow[sIdx] ?? pet0;
          const res = routeReach(rs, hydQ[cmd.inp], hydSed[cmd.inp], petR, b);
          hydQ[cmd.out] = res.out;
          hydSed[cmd.out] = res.sedOut;
          // nitrate is carried with the water (no in-stream transformations)
          const vin = hydQ[cmd.inp] + 1e-9;
          const no3Out = hydNo3[cmd.inp] * Math.min(1, res.out / vin);
          hydNo3[cmd.out] = no3Out;
          bv[BV.TLOSS] += 0; // channel transmission losses are reported by reach
          const ri = reachIndex.get(cmd.reach)!;
          const o = ri * NRV;
          rv[o + RV.FLOW_IN] = hydQ[cmd.inp] / 86400;
          rv[o + RV.FLOW_OUT] = res.out / 86400;
          rv[o + RV.EVAP] = res.evap / 86400;
          rv[o + RV.TLOSS] = res.tloss / 86400;
          rv[o + RV.SED_IN] = hydSed[cmd.inp];
          rv[o + RV.SED_OUT] = res.sedOut;
          rv[o + RV.SEDCONC] = res.out > 1e-6 ? (res.sedOut / res.out) * 1e6 : 0;
          rv[o + RV.NO3_IN] = hydNo3[cmd.inp];
          rv[o + RV.NO3_OUT] = no3Out;
        }
      }

      // ---- outputs
      const ctx: DayContext = {
        year: yr, yearIndex: y, jday: jd, month: mon + 1, dom, dayIndex,
        lastDayOfMonth: jd === mstart[mon + 1] - 1 || jd === d1, lastDayOfYear: jd === d1,
      };
      if (printing) {
        for (let k = 0; k < NBV; k++) {
          yearSum[k] += bv[k];
          totals.basinSum[k] += bv[k];
          totals.monthly[mon * NBV + k] += bv[k];
        }
      }
      const r = obs.day(ctx, hv, sv, rv, bv);
      if (r) await r;
      sv.fill(0);
      dayIndex++;
      totals.days++;
    }
    // ---- end of year (endYear): operations still scheduled for this year are forced
    // (e.g. a heat-unit harvest/kill that was not reached), then the year marker is passed
    if (c.idaf < 181) {
      for (let h = 0; h < n; h++) {
        if (m.opWait[h] === 0 && m.opEnd[h] > m.opBegin[h]) runOps(m, p, h, d1, mstart, 0, true);
      }
    }
    if (printing) {
      totals.printedYears++;
      totals.basinYears.push({ year: yr, values: Float64Array.from(yearSum) });
    }
    if (opt.yieldEvery) await opt.yieldEvery();
  }
  if (opt.onProgress) opt.onProgress(100, 'Execution successfully completed');
  return totals;
}

/** Per-day values shared by the HRUs of a subbasin (one mutable object, no allocation). */
class DayShared {
  m: Model; pl: Model['plants']; b: Project['basin']; p: Project; sb: Subbasin; s = 0;
  tav = 0; tmx = 0; tmn = 0; slr = 0; dayl = 0; svo = 0; wanted: Uint8Array | null; mstart: Int32Array = new Int32Array(13); jd = 0; mon = 0;
  sPetNoSnow: Float64Array; sPetSnow: Float64Array; sWnd: Float64Array; sVpd: Float64Array; sDlt: Float64Array; sGma: Float64Array;
  sXl: Float64Array; sRho: Float64Array; sRout: Float64Array; sPcp: Float64Array; ipet: number; subWyld: Float64Array; subSed: Float64Array; subNo3: Float64Array;
  sv: Float64Array; bv: Float64Array; totals: SimTotals; printing = false; hv: Float64Array;
  constructor(o: Omit<DayShared, never>) {
    this.m = o.m; this.pl = o.pl; this.b = o.b; this.p = o.p; this.sb = o.sb; this.wanted = o.wanted;
    this.sPetNoSnow = o.sPetNoSnow; this.sPetSnow = o.sPetSnow; this.sWnd = o.sWnd; this.sVpd = o.sVpd; this.sDlt = o.sDlt; this.sGma = o.sGma;
    this.sXl = o.sXl; this.sRho = o.sRho; this.sRout = o.sRout; this.sPcp = o.sPcp; this.ipet = o.ipet; this.subWyld = o.subWyld;
    this.subSed = o.subSed; this.subNo3 = o.subNo3; this.sv = o.sv; this.bv = o.bv; this.totals = o.totals; this.hv = o.hv;
  }
}

/** All processes of one HRU on one day (subbasin.f order). */
function hruDay(D: DayShared, h: number): void {
  const { m, pl, b, p, sb, s, tav, tmx, tmn, slr, dayl, svo, wanted, mstart, jd, mon, sPetNoSnow, sPetSnow, sWnd, sVpd, sDlt, sGma, sXl, sRho, sRout, sPcp, ipet, subWyld, subSed, subNo3, sv, bv, totals, printing, hv } = D;
  const esd = 500;
  const etco = 0.8;
  const ubw = 10;
  const uobw = 1 - Math.exp(-ubw);
    const want = wanted !== null && wanted[h] === 1;
    const base = h * ML;
    const nl = m.nly[h];
    let swInit = 0;
    if (want) for (let l = 0; l < nl; l++) swInit += m.solSt[base + l];
    let precip = sPcp[s];
    const precipRaw = precip;
    let nApp = 0, pApp = 0, nAuto = 0, irr = 0, yld = 0;
    let no3Surq = 0, no3Lat = 0, no3Leach = 0, nUp = 0, nFix = 0, hmnTot = 0, rmnTot = 0, dnTot = 0, nYld = 0;
    const rcn = b.rcnSub > 0 ? b.rcnSub : b.rcn;
    const no3Rain = (rcn * precip) / 100;
    m.solNo3[base] += no3Rain;

    // ---- management operations (operatn)
    m.phubase[h] += tav > 0 ? tav / m.subPhutot[s] : 0;
    if (m.opEnd[h] > m.opBegin[h]) {
      const r = runOps(m, p, h, jd, mstart, tav);
      nApp += r.nApp; pApp += r.pApp; yld += r.yld; irr += r.irr; nYld += r.nYld;
    }
    // auto-irrigation demand scheduled the day before
    if (m.irrPending[h] > 0) {
      irr += m.irrPending[h];
      m.irrPending[h] = 0;
    }

    // ---- water HRU (plant WATR: water_hru.f): Priestley-Taylor with albedo 0.08, ET = 0.7 PET,
    // no runoff, percolation or plant growth
    if (m.iplant[h] >= 0 && pl.isWater[m.iplant[h]] === 1) {
      waterHru(D, h, precip, no3Rain);
      return;
    }

    // ---- dormancy (perennials, trees, cool-season annuals)
    let ip = m.iplant[h];
    if (m.igro[h] === 1 && ip >= 0) {
      const idc = pl.idc[ip];
      if (idc === 2 || idc === 3 || idc === 5 || idc === 6 || idc === 7) {
        const thr = m.subDaylmn[s] + m.subDormHr[s];
        if (m.idorm[h] === 0 && dayl < thr && jd > 182 === (sb.lat >= 0)) {
          m.idorm[h] = 1;
          if (idc === 7) {
            const res = m.bio[h] * pl.bioLeaf[ip];
            const resN = m.bio[h] > 0 ? (m.plantn[h] * res) / m.bio[h] : 0;
            m.rsd[h] += res;
            m.fon[h] += resN;
            m.plantn[h] -= resN;
            m.bio[h] -= res;
            m.lai[h] = pl.alaiMin[ip];
            m.phuacc[h] = 0;
            m.laimxfr[h] = 0;
          } else if (idc === 3 || idc === 6) {
            const res = m.bio[h] * pl.bmDieoff[ip];
            const resN = m.plantn[h] * pl.bmDieoff[ip];
            m.rsd[h] += res;
            m.fon[h] += resN;
            m.plantn[h] -= resN;
            m.bio[h] -= res;
            m.lai[h] = pl.alaiMin[ip];
            m.phuacc[h] = 0;
          }
        } else if (m.idorm[h] === 1 && dayl >= thr) {
          m.idorm[h] = 0;
        }
      }
    }

    // ---- albedo (albedo.f)
    const solCov = 0.8 * m.bio[h] + m.rsd[h];
    let albday: number;
    if (m.sno[h] > 0.5) albday = 0.8;
    else {
      albday = m.solAlb[h];
      if (m.lai[h] > 0) {
        const eaj = Math.exp(-5e-5 * (solCov + 0.1));
        albday = 0.23 * (1 - eaj) + m.solAlb[h] * eaj;
      }
    }

    // ---- soil temperature (solt.f)
    {
      const bd = m.avgBd[h];
      const dp = m.soltDp[h];
      const ww = 0.356 - 0.144 * bd;
      let sw = 0;
      for (let l = 0; l < nl; l++) sw += m.solSt[base + l];
      const zmax = m.solZ[base + nl - 1];
      const wc = sw / (ww * zmax);
      const bb = m.soltBb[h];
      const f = Math.exp(bb * ((1 - wc) / (1 + wc)) * ((1 - wc) / (1 + wc)));
      const dd = f * dp;
      const st0 = (slr * (1 - albday) - 14) / 20;
      const tbare = tav + 0.5 * (tmx - tmn) * st0;
      const cv = m.bio[h] + m.rsd[h];
      let bcv = cv / (cv + Math.exp(7.563 - 1.297e-4 * cv));
      if (m.sno[h] > 0) {
        const bsn = m.sno[h] <= 120 ? m.sno[h] / (m.sno[h] + Math.exp(6.055 - 0.3002 * m.sno[h])) : 1;
        bcv = Math.max(bsn, bcv);
      }
      const tcov = bcv * m.solTmp[base + 1 < base + nl ? base + 1 : base] + (1 - bcv) * tbare;
      const tsrf = m.sno[h] > 0 || m.bio[h] + m.rsd[h] > 0 ? Math.min(tbare, tcov) : tbare;
      const tan = m.subTmpAn[s];
      for (let l = 0; l < nl; l++) {
        const df = depthFactor(m.solZc[base + l] / dd);
        m.solTmp[base + l] = 0.8 * m.solTmp[base + l] + 0.2 * (df * (tan - tsrf) + tsrf);
      }
    }

    // ---- canopy interception (canopyint.f)
    let canPrecip = 0;
    if (m.canmx[h] > 0 && ip >= 0 && pl.blai[ip] > 0.001 && precip > 0) {
      const canmxl = (m.canmx[h] * m.lai[h]) / pl.blai[ip];
      const xx = precip;
      const room = canmxl - m.canstor[h];
      if (precip < room) {
        m.canstor[h] += xx;
        canPrecip = xx;
        precip = 0;
      } else if (room > 0) {
        precip -= room;
        canPrecip = room;
        m.canstor[h] = canmxl;
      }
    }

    // ---- snow (snom.f)
    let snofall = 0, snomlt = 0;
    if (tav <= b.sftmp) {
      m.sno[h] += precip;
      snofall = precip;
      precip = 0;
    }
    m.snotmp[h] = m.snotmp[h] * (1 - b.timp) + tav * b.timp;
    if (tmx > b.smtmp && m.sno[h] > 0) {
      const smfac = (b.smfmx + b.smfmn) / 2 + (Math.sin((jd - 81) / 58.09) * (b.smfmx - b.smfmn)) / 2;
      snomlt = smfac * ((m.snotmp[h] + tmx) / 2 - b.smtmp);
      let snocov = 1;
      if (m.sno[h] < b.snocovmx) {
        const xx = m.sno[h] / b.snocovmx;
        const [c1, c2] = snowCurve(b.sno50cov);
        snocov = xx / (xx + Math.exp(c1 - c2 * xx));
      }
      snomlt *= snocov;
      if (snomlt < 0) snomlt = 0;
      if (snomlt > m.sno[h]) snomlt = m.sno[h];
      m.sno[h] -= snomlt;
      precip += snomlt;
    }

    // ---- daily curve number (dailycn.f) and runoff (surq_daycn.f)
    let solSw = 0;
    for (let l = 0; l < nl; l++) solSw += m.solSt[base + l];
    let r2: number;
    if (b.icn === 1) r2 = m.sci[h];
    else {
      let xx = m.wrt1[h] - m.wrt2[h] * solSw;
      if (xx < -20) xx = -20;
      if (xx > 20) xx = 20;
      r2 = m.smx[h] * (1 - solSw / (solSw + Math.exp(xx)));
    }
    if (m.solTmp[base + (nl > 1 ? 1 : 0)] <= 0) r2 = m.smx[h] * (1 - Math.exp(-b.cnFroz * r2));
    r2 = Math.max(r2, 3);
    const cnday = 25400 / (r2 + 254);
    let surfq = 0;
    if (precip > 0) {
      const bb = 0.2 * r2;
      const pb = precip - bb;
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
    // irrigation is applied on the soil surface and infiltrates
    let inflpcp = precip - surfq + irr;

    // ---- potholes: a fraction of the runoff is held, evaporates, seeps and spills
    let potSeep = 0, potEvap = 0;
    if (m.potFr[h] > 0) {
      const toPot = surfq * m.potFr[h];
      surfq -= toPot;
      m.potVol[h] += toPot;
      const sa = m.potVolx[h] > 0 ? Math.min(1, m.potVol[h] / m.potVolx[h]) * m.potFr[h] : m.potFr[h];
      potEvap = Math.min(m.potVol[h], (m.evpot[h] > 0 ? m.evpot[h] : 0.5) * sPetNoSnow[s] * sa);
      m.potVol[h] -= potEvap;
      potSeep = Math.min(m.potVol[h], m.solK[base] * 24 * sa);
      m.potVol[h] -= potSeep;
      const tile = Math.min(m.potVol[h], m.potTile[h]);
      m.potVol[h] -= tile;
      surfq += tile;
      if (m.potVol[h] > m.potVolx[h]) {
        surfq += m.potVol[h] - m.potVolx[h];
        m.potVol[h] = m.potVolx[h];
      }
      inflpcp += potSeep;
    }

    // ---- percolation and lateral flow (percmain.f / percmicro.f / sat_excess.f)
    let sep = inflpcp;
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
          m.solSt[o] = Math.max(1e-6, m.solSt[o] - sep - lat);
          // sat_excess: water above saturation moves up
          if (m.solSt[o] > m.solUl[o]) {
            let up = m.solSt[o] - m.solUl[o];
            m.solSt[o] = m.solUl[o];
            for (let u = l - 1; u >= 0 && up > 0; u--) {
              const ou = base + u;
              const room = m.solUl[ou] - m.solSt[ou];
              const mv = Math.min(room, up);
              m.solSt[ou] += mv;
              up -= mv;
            }
            if (up > 0) {
              surfq += up; // exfiltration to the surface
            }
          }
        }
      }
      // nitrate moves with percolation, lateral flow and (top layer) runoff (nlch.f)
      m.solNo3[o] += no3In;
      no3In = 0;
      const vv = sep + lat + (l === 0 ? surfq : 0);
      if (vv > 1e-10 && m.solNo3[o] > 1e-9) {
        const conc = (m.solNo3[o] * (1 - Math.exp(-vv / ((1 - anion) * m.solUl[o])))) / vv;
        if (l === 0 && surfq > 0) {
          const q = Math.min(b.nperco * conc * surfq, m.solNo3[o]);
          m.solNo3[o] -= q;
          no3Surq += q;
        }
        const la = Math.min(conc * lat, m.solNo3[o]);
        m.solNo3[o] -= la;
        no3Lat += la;
        const pc = Math.min(conc * sep, m.solNo3[o]);
        m.solNo3[o] -= pc;
        no3In = pc;
      }
      latq += lat;
      if (l === nl - 1) sepbtm = sep;
      zprev = m.solZ[o];
    }
    no3Leach = no3In;

    // ---- potential ET (etpot.f) and maximum transpiration
    const pet = m.sno[h] <= 0.5 ? sPetNoSnow[s] : sPetSnow[s];
    let epMax = 0;
    const growing = m.igro[h] === 1 && ip >= 0;
    if (ipet === 1 && growing) {
      const cht = m.cht[h];
      const zz = cht <= 1 ? 170 : cht * 100 + 100;
      const uzz = sWnd[s] * Math.pow(zz / 1000, 0.2);
      const chz = cht < 0.01 ? 1 : cht * 100;
      const zom = chz <= 200 ? 0.123 * chz : 0.058 * Math.pow(chz, 1.19);
      const zov = 0.1 * zom;
      const d = 0.667 * chz;
      const rvv = (Math.log((zz - d) / zom) * Math.log((zz - d) / zov)) / (0.41 * 0.41 * uzz);
      const vpd = sVpd[s];
      const xx = vpd - 1;
      const fvpd = xx > 0 ? Math.max(0.1, 1 - pl.vpd2[ip] * xx) : 1;
      const gsiAdj = pl.gsi[ip] * fvpd;
      if (gsiAdj > 1e-6) {
        let rc = 1 / gsiAdj;
        rc = rc / (0.5 * (m.lai[h] + 0.01) * (1.4 - (0.4 * sb.co2) / 330));
        const rn = slr * (1 - albday) + sRout[s];
        const dlt = sDlt[s], gma = sGma[s];
        epMax = (dlt * rn + (gma * sRho[s] * vpd) / rvv) / (sXl[s] * (dlt + gma * (1 + rc / rvv)));
        if (epMax < 0) epMax = 0;
        if (epMax > pet) epMax = pet;
      }
    }

    // ---- actual ET (etact.f): canopy, potential soil evaporation, sublimation, layers
    let petLeft = pet - m.canstor[h];
    let canev: number;
    let esMax = 0;
    let esDay = 0;
    let snoev = 0;
    if (petLeft < 0) {
      m.canstor[h] = -petLeft;
      canev = pet;
      petLeft = 0;
      epMax = 0;
    } else {
      canev = m.canstor[h];
      m.canstor[h] = 0;
    }
    if (petLeft > 1e-6) {
      if (ipet !== 1) {
        epMax = m.lai[h] <= 3 ? (m.lai[h] * petLeft) / 3 : petLeft;
        if (!growing) epMax = 0;
      }
      const eaj = m.sno[h] >= 0.5 ? 0.5 : Math.exp(-5e-5 * (solCov + 0.1));
      esMax = petLeft * eaj;
      const eos1 = (petLeft / (esMax + epMax + 1e-10)) * esMax;
      esMax = Math.max(0, Math.min(esMax, eos1));
      if (m.potVol[h] > 1e-4) esMax = 0;
      if (pet < esMax + epMax) {
        esMax = pet - epMax;
        if (petLeft < esMax + epMax) {
          const tot = esMax + epMax;
          esMax = (petLeft * esMax) / tot;
          epMax = (petLeft * epMax) / tot;
        }
      }
      let esleft = esMax;
      if (tav > 0 && m.sno[h] > 0) {
        if (m.sno[h] >= esleft) {
          m.sno[h] -= esleft;
          snoev = esleft;
          esleft = 0;
        } else {
          esleft -= m.sno[h];
          snoev = m.sno[h];
          m.sno[h] = 0;
        }
      }
      let evzp = 0;
      const eosl = esleft;
      for (let l = 0; l < nl; l++) {
        const o = base + l;
        const dep = l === 0 ? m.solZ[o] : m.solZ[o - 1];
        if (dep >= esd) break;
        const z = m.solZ[o];
        const evz = eosl * m.evzF[o];
        let sev = evz - evzp * m.esco[h];
        evzp = evz;
        if (m.solSt[o] < m.solFc[o]) {
          const xx = (2.5 * (m.solSt[o] - m.solFc[o])) / m.solFc[o];
          sev *= Math.exp(Math.max(xx, -20));
        }
        sev = Math.min(sev, m.solSt[o] * etco);
        if (sev < 0) sev = 0;
        if (sev > esleft) sev = esleft;
        if (m.solSt[o] > sev) {
          esleft -= sev;
          m.solSt[o] = Math.max(1e-6, m.solSt[o] - sev);
        } else {
          esleft -= m.solSt[o];
          m.solSt[o] = 0;
        }
      }
      esDay = Math.max(0, esMax - esleft);
    }

    // ---- plant water uptake (swu.f) and growth (grow.f)
    let epDay = 0;
    let strsw = 1, strstmp = 1, strsn = 1;
    if (growing) {
      const idc = pl.idc[ip];
      const zmxPlant = Math.min(m.solZmx[h], pl.rdmx[ip] * 1000 > 0 ? pl.rdmx[ip] * 1000 : m.solZmx[h]);
      let rd: number;
      if (idc === 1 || idc === 2 || idc === 4 || idc === 5) {
        rd = 2.5 * m.phuacc[h] * zmxPlant;
        if (rd > zmxPlant) rd = zmxPlant;
        if (rd < 10) rd = 10;
      } else rd = zmxPlant;
      if (rd !== m.rdCache[h]) updateRootFactors(m, h, rd, b.nUpdis);
      if (epMax > 0.01) {
        let sump = 0, xx = 0, ir = 0;
        for (let l = 0; l < nl; l++) {
          if (ir > 0) break;
          const o = base + l;
          let gx: number;
          if (rd <= m.solZ[o]) {
            gx = rd;
            ir = l + 1;
          } else gx = m.solZ[o];
          const sum = rd <= 0.01 ? epMax / uobw : (epMax * m.rootW[o]) / uobw;
          void gx;
          let wuse = sum - sump + (sump - xx) * m.epco[h];
          sump = sum;
          if (m.solSt[o] < wuse) wuse = m.solSt[o];
          if (wuse < 0) wuse = 0;
          m.solSt[o] = Math.max(1e-6, m.solSt[o] - wuse);
          xx += wuse;
        }
        strsw = xx / epMax;
        epDay = xx;
      }
      m.strsw[h] = strsw;
      // growth
      if (m.idorm[h] === 0) {
        let delg = m.phuPlt[h] > 0.1 ? (tav - pl.tBase[ip]) / m.phuPlt[h] : 0;
        if (delg < 0) delg = 0;
        m.phuacc[h] += delg;
        if (m.phuacc[h] <= 1) {
          // temperature stress (tstr.f)
          const tbase = pl.tBase[ip], topt = pl.tOpt[ip];
          let tgx = tav - tbase;
          if (tgx <= 0) strstmp = 0;
          else {
            if (tav > topt) tgx = 2 * topt - tbase - tav;
            const rto = ((topt - tav) / (tgx + 1e-6)) * ((topt - tav) / (tgx + 1e-6));
            strstmp = rto <= 200 && tgx > 0 ? Math.exp(-0.1054 * rto) : 0;
          }
          if (tmn <= m.subTmpAn[s] - 15) strstmp = 0;
          const par = 0.5 * slr * (1 - Math.exp(-pl.extCoef[ip] * (m.lai[h] + 0.05)));
          let beadj = pl.bioE[ip];
          const vpd = sVpd[s];
          if (vpd > 1) beadj = Math.max(beadj - pl.wavp[ip] * (vpd - 1), 0.27 * pl.bioE[ip]);
          let bioday = beadj * par;
          if (bioday < 0) bioday = 0;
          // nitrogen demand, uptake by layer (N_UPDIS), fixation by legumes (nup.f, nfix.f)
          {
            const pa0 = m.phuacc[h];
            const pltnfr = (pl.bn1[ip] - pl.bn3[ip]) * (1 - pa0 / (pa0 + Math.exp(pl.bnc1[ip] - pl.bnc2[ip] * pa0))) + pl.bn3[ip];
            let un2 = pltnfr * m.bio[h];
            if (un2 < m.plantn[h]) un2 = m.plantn[h];
            const uno3 = Math.min(4 * pl.bn3[ip] * bioday, un2 - m.plantn[h]);
            let nUpToday = 0;
            if (uno3 > 1e-6) {
              const uobn = 1 - Math.exp(-b.nUpdis);
              let nplnt = 0;
              let irr2 = 0;
              for (let l = 0; l < nl; l++) {
                if (irr2 > 0) break;
                const o = base + l;
                let gx: number;
                if (rd <= m.solZ[o]) {
                  gx = rd;
                  irr2 = 1;
                } else gx = m.solZ[o];
                const unmx = (uno3 * m.rootN[o]) / uobn;
                void gx;
                let anmx = unmx - nplnt;
                if (anmx < 0) anmx = 0;
                if (anmx > m.solNo3[o]) anmx = m.solNo3[o];
                nplnt += anmx;
                m.solNo3[o] -= anmx;
              }
              nUp += nplnt;
              if ((idc === 1 || idc === 2 || idc === 3) && nplnt < uno3) {
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
                nFix += fixn;
                nplnt += fixn;
              }
              m.plantn[h] += nplnt;
              nUpToday = nplnt;
            }
            // nitrogen stress (nup.f rev 627+): none for legumes or when today's demand was met
            m.strsn[h] = 1;
            if (uno3 >= 1e-6 && !(idc === 1 || idc === 2 || idc === 3)) {
              const uu = 200 * (m.plantn[h] / (un2 + 1e-4) - 0.5);
              let sn = uu <= 0 ? 0 : uu < 99 ? uu / (uu + Math.exp(3.535 - 0.02597 * uu)) : 1;
              const xx = uno3 > 1e-5 ? nUpToday / uno3 : 1;
              sn = Math.min(1, Math.max(sn, xx));
              m.strsn[h] = sn;
            }
            strsn = m.strsn[h];
            // auto-fertilization on nitrogen stress (anfert.f, simplified target)
            if (m.autoNstrs[h] > 0 && strsn < m.autoNstrs[h] && (idc >= 4)) {
              const tnylda = (pl.hvsti[ip] < 1 ? 350 : 1000) * pl.cnyld[ip] * pl.bioE[ip];
              let sumno3 = 0;
              for (let l = 0; l < nl; l++) sumno3 += m.solNo3[base + l];
              let tfertn = Math.max(0, tnylda - sumno3);
              tfertn = Math.min(tfertn, m.autoNapp[h], Math.max(0, m.autoNyrMax[h] - m.autoNyr[h]));
              if (tfertn > 0) {
                m.solNo3[base] += tfertn;
                m.autoNyr[h] += tfertn;
                nAuto += tfertn;
              }
            }
          }
          let reg = Math.min(strsw, strstmp, strsn);
          if (reg < 0) reg = 0;
          if (reg > 1) reg = 1;
          if (m.bioTarg[h] > 1e-2) {
            bioday = (bioday * (m.bioTarg[h] - m.bio[h])) / m.bioTarg[h];
            reg = 1;
          }
          m.bio[h] += bioday * reg;
          let rto = 1;
          if (idc === 7 && m.igrotree[h] === 0) {
            if (pl.matYrs[ip] > 0) {
              rto = m.curyrMat[h] / pl.matYrs[ip];
              m.bio[h] = Math.min(m.bio[h], rto * pl.bmxTrees[ip] * 1000);
            }
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
            const dl = ff * laimax * (1 - Math.exp(5 * (m.lai[h] - laimax))) * Math.sqrt(reg);
            m.lai[h] += dl;
            if (m.lai[h] > laimax) m.lai[h] = laimax;
            m.olai[h] = m.lai[h];
          } else {
            m.lai[h] = pl.dlai[ip] < 1 ? (m.olai[h] * (1 - pa)) / (1 - pl.dlai[ip]) : m.lai[h];
          }
          if (m.lai[h] < pl.alaiMin[ip]) m.lai[h] = pl.alaiMin[ip];
          m.hvstiAdj[h] = (pl.hvsti[ip] * 100 * pa) / (100 * pa + Math.exp(11.1 - 10 * pa));
        }
      }
      // auto-irrigation on water stress (applied next day)
      if (m.autoWstrs[h] > 0 && strsw < m.autoWstrs[h]) {
        let def = 0;
        for (let l = 0; l < nl; l++) def += m.solFc[base + l] - m.solSt[base + l];
        const amt = Math.min(Math.max(def, 0), m.autoIrrMx[h] > 0 ? m.autoIrrMx[h] : 25.4);
        m.irrPending[h] = amt * (m.autoIrrEff[h] > 0 ? m.autoIrrEff[h] : 1);
      }
    }

    // ---- nitrogen mineralization, residue decomposition, denitrification (nminrl.f, ndenit.f)
    for (let l = 0; l < nl; l++) {
      const o = base + l;
      const t = m.solTmp[o];
      if (t <= 0) continue;
      const cdg = cycleTempFactor(t);
      const wr = m.solFc[o] > 1e-6 ? Math.max(0, m.solSt[o]) / m.solFc[o] : 0;
      const sut = Math.max(0.05, Math.min(1, 0.1 + 0.9 * Math.sqrt(wr)));
      const csf = Math.sqrt(cdg * sut);
      const rwn = 1e-5 * (m.solAorgn[o] * (1 / 0.02 - 1) - m.solOrgn[o]);
      m.solAorgn[o] -= rwn;
      m.solOrgn[o] += rwn;
      const hmn = Math.min(b.cmn * csf * m.solAorgn[o], m.solAorgn[o]);
      if (hmn > 0) {
        m.solAorgn[o] -= hmn;
        m.solNo3[o] += hmn;
        hmnTot += hmn;
      }
      if (l === 0 && m.rsd[h] > 1e-6) {
        const cnr = (0.58 * m.rsd[h]) / Math.max(m.fon[h] + m.solNo3[o], 1e-6);
        const cnrf = Math.min(1, Math.exp((-0.693 * (cnr - 25)) / 25));
        const rdc0 = ip >= 0 ? pl.rsdco[ip] : b.rsdco;
        let decr = rdc0 * cnrf * csf;
        if (decr < b.decrMin) decr = b.decrMin;
        if (decr > 1) decr = 1;
        m.rsd[h] -= decr * m.rsd[h];
        const rmn1 = decr * m.fon[h];
        m.fon[h] -= rmn1;
        m.solNo3[o] += 0.8 * rmn1;
        m.solAorgn[o] += 0.2 * rmn1;
        rmnTot += rmn1;
      }
      if (wr >= b.sdnco && m.solNo3[o] > 0) {
        const wdn = m.solNo3[o] * (1 - Math.exp(-b.cdn * cdg * m.solCbn[o]));
        m.solNo3[o] -= wdn;
        dnTot += wdn;
      }
    }
    // grazing
    if (m.grzDays[h] > 0) {
      const eat = Math.min(m.grzEat[h] + m.grzTrmp[h], Math.max(0, m.bio[h] - m.bioMin[h]));
      if (eat > 0 && m.bio[h] > 0) {
        const frac = eat / m.bio[h];
        m.bio[h] -= eat;
        m.lai[h] *= 1 - frac;
        m.rsd[h] += Math.min(m.grzTrmp[h], eat);
      }
      m.grzDays[h]--;
    }

    // ---- groundwater (gwmod.f)
    const rchrg = (1 - m.gwDelayE[h]) * sepbtm + m.gwDelayE[h] * m.rchrg[h];
    m.rchrg[h] = rchrg < 1e-6 ? 0 : rchrg;
    const gwseep = m.rchrg[h] * m.rchrgDp[h];
    m.deepst[h] += gwseep;
    m.shallst[h] += m.rchrg[h] - gwseep;
    if (m.shallst[h] > m.gwqmn[h]) m.gwQ[h] = m.gwQ[h] * m.alphaBfE[h] + (m.rchrg[h] - gwseep) * (1 - m.alphaBfE[h]);
    else m.gwQ[h] = 0;
    let revap = m.gwRevap[h] * pet;
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
    const gwq = m.gwQ[h];
    const gwqd = m.gwQd[h];

    // ---- MUSLE sediment (ysed.f) with the surface runoff lag
    let sedyld = 0, usle = 0;
    if (surfq > 1e-4) {
      const w = sb.wgn;
      const ajp = 1 - Math.exp(-125 / (precipRaw + 5));
      const ampr = Math.min(0.95, w.rainhhmx[mon] > 0 && w.pcpd[mon] > 0 ? w.rainhhmx[mon] / (w.pcpmm[mon] / w.pcpd[mon]) : 0.5);
      const al5 = Math.min(0.95, Math.max(0.02, (0.02 + ampr + ajp) / 3));
      const altc = 1 - Math.exp(2 * m.tconc[h] * Math.log(1 - al5));
      const peakq = (altc * surfq * m.hruKm[h]) / (3.6 * m.tconc[h]);
      const cvm = ip >= 0 && pl.usleC[ip] > 0 ? Math.log(pl.usleC[ip]) : Math.log(0.8);
      const cfac = Math.exp((-0.2231 - cvm) * Math.exp(-0.00115 * solCov) + cvm);
      const kclp = m.usleK[h] * cfac * m.usleP[h] * m.usleLs[h] * m.cfrg[h];
      sedyld = 11.8 * Math.pow(surfq * peakq * m.hruKm[h] * 1000, 0.56) * kclp; // ysed.f: area as 1000 km2 units
      if (m.sno[h] > 0) sedyld /= Math.exp((3 * m.sno[h]) / 25.4);
      usle = 1.292 * 2 * kclp; // rough EI-based USLE estimate, informational
    }

    // ---- lags (surfst_h2o.f, substor)
    m.surfBs[h] += surfq;
    const qday = m.surfBs[h] * m.brt[h];
    m.surfBs[h] -= qday;
    m.sedBs[h] += sedyld;
    const sedDay = m.sedBs[h] * m.brt[h];
    m.sedBs[h] -= sedDay;
    m.latBs[h] += latq;
    const latqc = m.latBs[h] * m.latTtime[h];
    m.latBs[h] -= latqc;

    // ---- tributary channel transmission losses (CH_K1) on surface runoff
    let tloss = 0;
    if (sb.chK1 > 0 && qday > 0) {
      const vol = qday; // mm
      tloss = Math.min(vol, (sb.chK1 * 24 * sb.chL1 * sb.chW1 * 1e-3 * m.hruFr[h]) / Math.max(m.hruKm[h], 1e-6));
    }
    const wyld = qday + latqc + gwq + gwqd - tloss;
    const et = canev + esDay + epDay + potEvap;

    // ---- ICN = 1: retention parameter from plant ET
    if (b.icn === 1) {
      let sci = m.sci[h] + pet * Math.exp((-b.cncoef * m.sci[h]) / m.smx[h]) - precip + qday + latqc + sepbtm;
      if (sci > b.smxco * m.smx[h]) sci = b.smxco * m.smx[h];
      if (sci < 3) sci = 3;
      m.sci[h] = sci;
    }
    m.cnday[h] = cnday;

    // ---- sums
    const hkm = m.hruKm[h];
    subWyld[s] += wyld * hkm * 1000;
    subSed[s] += sedDay; // t (MUSLE gives metric tons for the HRU)
    subNo3[s] += (no3Surq + no3Lat) * hkm * 100;
    const fr = m.hruFr[h];
    sv[svo + SV.PRECIP] += precipRaw * fr;
    sv[svo + SV.SNOMELT] += snomlt * fr;
    sv[svo + SV.PET] += pet * fr;
    sv[svo + SV.ET] += et * fr;
    let swEnd = 0;
    for (let l = 0; l < nl; l++) swEnd += m.solSt[base + l];
    sv[svo + SV.SW] += swEnd * fr;
    sv[svo + SV.PERC] += sepbtm * fr;
    sv[svo + SV.SURQ] += qday * fr;
    sv[svo + SV.GW_Q] += gwq * fr;
    sv[svo + SV.WYLD] += wyld * fr;
    sv[svo + SV.SYLD] += (sedDay / Math.max(hkm * 100, 1e-9)) * fr;
    sv[svo + SV.LATQ] += latqc * fr;
    const da = m.dafr[h];
    bv[BV.PRECIP] += precipRaw * da;
    bv[BV.SNOFALL] += snofall * da;
    bv[BV.SNOMELT] += snomlt * da;
    bv[BV.SUBLIM] += snoev * da;
    bv[BV.SURQ] += qday * da;
    bv[BV.LATQ] += latqc * da;
    bv[BV.GWQ] += gwq * da;
    bv[BV.GWQ_DEEP] += gwqd * da;
    bv[BV.REVAP] += revap * da;
    bv[BV.DA_RCHG] += gwseep * da;
    bv[BV.RCHRG] += m.rchrg[h] * da;
    bv[BV.WYLD] += wyld * da;
    bv[BV.PERC] += sepbtm * da;
    bv[BV.ET] += et * da;
    bv[BV.PET] += pet * da;
    bv[BV.TLOSS] += tloss * da;
    bv[BV.SED] += (sedDay / Math.max(hkm * 100, 1e-9)) * da;
    bv[BV.SW] += swEnd * da;
    bv[BV.N_APP] += (nApp + nAuto) * da;
    bv[BV.P_APP] += pApp * da;
    bv[BV.NO3_SURQ] += no3Surq * da;
    bv[BV.NO3_LAT] += no3Lat * da;
    bv[BV.NO3_LEACH] += no3Leach * da;
    bv[BV.N_UPTAKE] += (nUp + nFix) * da;
    bv[BV.N_FIX] += nFix * da;
    bv[BV.DENIT] += dnTot * da;
    bv[BV.HUMUS_MIN] += hmnTot * da;
    bv[BV.FRESH_MIN] += rmnTot * da;
    bv[BV.NO3_RAIN] += no3Rain * da;
    bv[BV.N_AUTO] += nAuto * da;
    bv[BV.N_YIELD] += nYld * da;
    let tno3 = 0;
    for (let l = 0; l < nl; l++) tno3 += m.solNo3[base + l];
    bv[BV.NO3_SOIL] += tno3 * da;
    if (printing) {
      const a = h * 6;
      totals.hruAa[a] += precipRaw;
      totals.hruAa[a + 1] += qday;
      totals.hruAa[a + 2] += gwq;
      totals.hruAa[a + 3] += et;
      totals.hruAa[a + 4] += sedDay / Math.max(hkm * 100, 1e-9);
      totals.hruAa[a + 5] += yld / 1000;
    }
    if (want) {
      const o = h * NHV;
      hv[o + HV.PRECIP] = precipRaw;
      hv[o + HV.SNOFALL] = snofall;
      hv[o + HV.SNOMELT] = snomlt;
      hv[o + HV.IRR] = irr;
      hv[o + HV.PET] = pet;
      hv[o + HV.ET] = et;
      hv[o + HV.SW_INIT] = swInit;
      hv[o + HV.SW_END] = swEnd;
      hv[o + HV.PERC] = sepbtm;
      hv[o + HV.GW_RCHG] = m.rchrg[h];
      hv[o + HV.DA_RCHG] = gwseep;
      hv[o + HV.REVAP] = revap;
      hv[o + HV.SA_ST] = m.shallst[h];
      hv[o + HV.DA_ST] = m.deepst[h];
      hv[o + HV.SURQ_GEN] = surfq;
      hv[o + HV.SURQ_CNT] = qday;
      hv[o + HV.TLOSS] = tloss;
      hv[o + HV.LATQGEN] = latq;
      hv[o + HV.GW_Q] = gwq;
      hv[o + HV.WYLD] = wyld;
      hv[o + HV.DAILYCN] = cnday;
      hv[o + HV.TMP_AV] = tav;
      hv[o + HV.TMP_MX] = tmx;
      hv[o + HV.TMP_MN] = tmn;
      hv[o + HV.SOL_TMP] = m.solTmp[base + (nl > 1 ? 1 : 0)];
      hv[o + HV.SOLAR] = slr;
      hv[o + HV.SYLD] = sedDay / Math.max(hkm * 100, 1e-9);
      hv[o + HV.USLE] = usle;
      hv[o + HV.N_APP] = nApp;
      hv[o + HV.P_APP] = pApp;
      hv[o + HV.NAUTO] = nAuto;
      hv[o + HV.W_STRS] = growing ? 1 - strsw : 0;
      hv[o + HV.TMP_STRS] = growing ? 1 - strstmp : 0;
      hv[o + HV.BIOM] = m.bio[h] / 1000;
      hv[o + HV.LAI] = m.lai[h];
      hv[o + HV.YLD] = yld / 1000;
      hv[o + HV.SNO] = m.sno[h];
      hv[o + HV.GW_Q_D] = gwqd;
      hv[o + HV.LATQCNT] = latqc;
      hv[o + HV.N_STRS] = growing ? 1 - strsn : 0;
      hv[o + HV.NUP] = nUp + nFix;
      hv[o + HV.NFIX] = nFix;
      hv[o + HV.NSURQ] = no3Surq;
      hv[o + HV.NLATQ] = no3Lat;
      hv[o + HV.NO3L] = no3Leach;
      hv[o + HV.F_MN] = rmnTot;
      hv[o + HV.A_MN] = hmnTot;
      hv[o + HV.DNIT] = dnTot;
      hv[o + HV.NRAIN] = no3Rain;
      hv[o + HV.TNO3] = tno3;
    }
}

function waterHru(D: DayShared, h: number, precip: number, no3Rain: number): void {
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
    const o = h * NHV;
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
function updateRootFactors(m: Model, h: number, rd: number, nUpdis: number): void {
  m.rdCache[h] = rd;
  const base = h * ML;
  for (let l = 0; l < m.nly[h]; l++) {
    const o = base + l;
    const gx = rd <= m.solZ[o] ? rd : m.solZ[o];
    m.rootW[o] = 1 - Math.exp((-10 * gx) / rd);
    m.rootN[o] = 1 - Math.exp((-nUpdis * gx) / rd);
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

function solSwNow(m: Model, base: number, nl: number): number {
  let sw = 0;
  for (let l = 0; l < nl; l++) sw += m.solSt[base + l];
  return sw;
}

function dayIndexOf(iyr: number, yr: number, jd: number): number {
  let d = 0;
  for (let y = iyr; y < yr; y++) d += isLeap(y) ? 366 : 365;
  return d + jd - 1;
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

function pointSource(ps: import('./project.ts').PointSource, yr: number, jd: number, mon: number): number[] {
  if (ps.kind === 'cnst') return ps.cnst ?? [0, 0];
  const key = ps.kind === 'day' ? yr * 1000 + jd : ps.kind === 'mon' ? yr * 100 + mon + 1 : yr;
  const v = ps.byKey?.get(key);
  if (!v) return [0, 0];
  if (ps.kind === 'mon') {
    const dim = DAYS_IN_MONTH[mon] + (mon === 1 && isLeap(yr) ? 1 : 0);
    return v.map((x) => x / dim);
  }
  if (ps.kind === 'year') return v.map((x) => x / (isLeap(yr) ? 366 : 365));
  return v;
}

/** Channel routing of one day: variable storage (rtday.f) or Muskingum (rtmusk.f), losses, sediment (rtsed.f, CH_EQN 0). */
function routeReach(rs: ReachState, wtrin: number, sedin: number, petDay: number, b: import('./project.ts').Basin): { out: number; evap: number; tloss: number; sedOut: number } {
  const r = rs.r;
  const n = r.chN2 > 0 ? r.chN2 : 0.014;
  const slope = Math.max(r.chS2, 1e-5);
  const c = rs.chside;
  const vol = wtrin + rs.stor;
  const volrt = vol / 86400;
  // depth for the day's mean flow (1 cm iteration as rtday, solved by bisection here)
  let rcharea = 0, rchdep = 0, p = 0, topw = 0;
  if (volrt > 0) {
    if (volrt > rs.maxrt) {
      let lo = 0, hi = 50;
      const qf = (dd: number) => {
        const a = rs.areaBf + (r.chW2 * 5 + 4 * dd) * dd;
        const pp = rs.bottom + 2 * r.chD * Math.sqrt(1 + c * c) + r.chW2 * 4 + 2 * dd * Math.sqrt(17);
        return { a, pp, q: qman(a, a / pp, n, slope) };
      };
      for (let k = 0; k < 40; k++) {
        const mid = (lo + hi) / 2;
        if (qf(mid).q < volrt) lo = mid;
        else hi = mid;
      }
      const g = qf(hi);
      rcharea = g.a;
      p = g.pp;
      rchdep = r.chD + hi;
      topw = 5 * r.chW2 + 2 * hi * 4;
    } else {
      let lo = 0, hi = Math.max(r.chD, 1e-3);
      const qf = (dd: number) => {
        const a = (rs.bottom + c * dd) * dd;
        const pp = rs.bottom + 2 * dd * Math.sqrt(1 + c * c);
        return { a, pp, q: pp > 0 ? qman(a, a / pp, n, slope) : 0 };
      };
      for (let k = 0; k < 40; k++) {
        const mid = (lo + hi) / 2;
        if (qf(mid).q < volrt) lo = mid;
        else hi = mid;
      }
      const g = qf(hi);
      rcharea = g.a;
      p = g.pp;
      rchdep = hi;
      topw = rs.bottom + 2 * hi * c;
    }
  }
  let rtwtr = 0;
  if (volrt > 0 && rcharea > 0) {
    if (b.irte === 1) {
      // Muskingum with K from bankfull and 0.1 bankfull travel times
      let xkm = rs.k10 * b.mskCo1 + rs.k13 * b.mskCo2;
      if (xkm < 1e-3) xkm = 1e-3;
      const x = b.mskX;
      let det = 24;
      let nn = 1;
      if (2 * xkm * x > det || det > 2 * xkm * (1 - x)) {
        // sub-steps so that the coefficients stay positive
        nn = Math.max(1, Math.ceil(det / (2 * xkm * (1 - x))));
        det = 24 / nn;
      }
      const yy = 2 * xkm * (1 - x) + det;
      const c1 = (det - 2 * xkm * x) / yy;
      const c2 = (det + 2 * xkm * x) / yy;
      const c3 = (2 * xkm * (1 - x) - det) / yy;
      let inPrev = rs.flwinPrev / nn, outPrev = rs.flwoutPrev / nn;
      const inStep = wtrin / nn;
      let out = 0;
      for (let k = 0; k < nn; k++) {
        let o = c1 * inStep + c2 * inPrev + c3 * outPrev;
        if (o < 0) o = 0;
        out += o;
        inPrev = inStep;
        outPrev = o;
      }
      rtwtr = Math.min(out, vol);
      rs.stor = Math.max(0, rs.stor + wtrin - rtwtr);
    } else {
      const vc = volrt / rcharea;
      const rttime = (r.chL2 * 1000) / (3600 * vc);
      let scoef = (2 * 24) / (2 * rttime + 24);
      if (scoef > 1) scoef = 1;
      rtwtr = scoef * vol;
      rs.stor = Math.max(0, rs.stor + wtrin - rtwtr);
    }
  } else {
    rtwtr = 0;
    rs.stor = Math.max(0, vol);
  }
  // transmission losses (CH_K2) and evaporation, split between outflow and storage
  let tloss = 0, evap = 0;
  if (rtwtr > 0) {
    const rttlc = 24 * r.chK2 * r.chL2 * p;
    if (rttlc > 0) {
      const rttlc2 = Math.min((rttlc * rs.stor) / (rtwtr + rs.stor), rs.stor);
      rs.stor -= rttlc2;
      const rttlc1 = Math.min(rttlc - rttlc2, rtwtr);
      rtwtr -= rttlc1;
      tloss = rttlc1 + rttlc2;
    }
    const aaa = (b.evrch * petDay) / 1000;
    let rtevp: number;
    if (rchdep <= r.chD) rtevp = aaa * r.chL2 * 1000 * topw;
    else if (aaa <= rchdep - r.chD) rtevp = aaa * r.chL2 * 1000 * topw;
    else rtevp = (rchdep - r.chD + (aaa - (rchdep - r.chD))) * r.chL2 * 1000 * (rs.bottom + 2 * r.chD * c);
    if (rtwtr + rs.stor > 0) {
      const rtevp2 = Math.min((rtevp * rs.stor) / (rtwtr + rs.stor), rs.stor);
      rs.stor -= rtevp2;
      const rtevp1 = Math.min(rtevp - rtevp2, rtwtr);
      rtwtr -= rtevp1;
      evap = rtevp1 + rtevp2;
    }
  }
  if (rtwtr < 0) rtwtr = 0;
  if (rs.stor < 10) {
    rtwtr += rs.stor;
    rs.stor = 0;
  }
  rs.flwinPrev = wtrin;
  rs.flwoutPrev = rtwtr;

  // sediment (simplified Bagnold, CH_EQN = 0)
  const sedTot = sedin + rs.sedStor;
  let sedOut = 0;
  const volTot = rtwtr + rs.stor;
  if (volTot > 0 && sedTot > 0) {
    const peak = b.prf * (rtwtr / 86400);
    const vcPeak = rcharea > 0 ? peak / rcharea : 0;
    const vc = Math.min(rchdep < 0.01 ? 0.01 : vcPeak, 5);
    const cych = b.spcon * Math.pow(Math.max(vc, 0), b.spexp); // t/m3
    const cyin = sedTot / Math.max(volTot, 1e-9);
    let sedrch = sedTot;
    // no deposition or degradation below the critical velocity VCRIT (rev 637 rtsed)
    const depnet = vc < b.vcrit ? 0 : (cyin - cych) * volTot;
    if (depnet > 0) sedrch -= Math.min(depnet, sedrch);
    else sedrch += -depnet * Math.max(0, r.chCov1) * Math.max(0, r.chCov2);
    sedOut = (sedrch * rtwtr) / volTot;
    rs.sedStor = Math.max(0, sedrch - sedOut);
  } else {
    rs.sedStor = sedTot;
  }
  return { out: rtwtr, evap, tloss, sedOut };
}

// ---------------------------------------------------------------- management operations

interface OpResult { nApp: number; pApp: number; yld: number; irr: number; nYld: number }

const opRes: OpResult = { nApp: 0, pApp: 0, yld: 0, irr: 0, nYld: 0 };

function runOps(m: Model, proj: Project, h: number, jd: number, mstart: Int32Array, tav: number, force = false): OpResult {
  const O = m.ops;
  const res = opRes;
  res.nApp = 0; res.pApp = 0; res.yld = 0; res.irr = 0; res.nYld = 0;
  const b0 = m.opBegin[h], b1 = m.opEnd[h];
  if (m.opWait[h] === 1) return res;
  const pl = m.plants;
  for (let guard = 0; guard < b1 - b0 + 1; guard++) {
    let k = m.opPtr[h];
    if (k >= b1) {
      k = b0;
      m.opPtr[h] = k;
    }
    const code = O.code[k];
    if (code === 17) {
      m.opWait[h] = 1;
      m.opPtr[h] = k + 1 >= b1 ? b0 : k + 1;
      return res;
    }
    // scheduling condition
    let due: boolean;
    if (O.month[k] > 0) {
      const day = Math.max(1, O.day[k]);
      const target = mstart[O.month[k] - 1] + day - 1;
      due = jd >= target;
    } else if (O.husc[k] > 0) {
      due = m.igro[h] === 1 ? m.phuacc[h] >= O.husc[k] : m.phubase[h] >= O.husc[k];
    } else due = true;
    if (force) due = true;
    if (!due) return res;
    m.opPtr[h] = k + 1;
    const ip = m.iplant[h];
    switch (code) {
      case 1: { // plant / begin growing season
        const pi = pl.byId.get(O.i1[k]);
        if (pi === undefined) break;
        m.igro[h] = 1;
        m.idorm[h] = 0;
        m.iplant[h] = pi;
        m.strsn[h] = 1;
        m.phuacc[h] = 0;
        m.laimxfr[h] = 0;
        m.hvstiAdj[h] = 0;
        m.olai[h] = 0;
        // rev 627-637 plantop: heat units below 700 are replaced by 1700; CURYR_MAT 0 means
        // a tree stand not limited by age (igrotree)
        m.phuPlt[h] = O.v4[k] < 700 ? 1700 : O.v4[k];
        m.curyrMat[h] = O.i3[k];
        m.igrotree[h] = O.i3[k] === 0 ? 1 : 0;
        if (O.v5[k] > 0) {
          m.lai[h] = O.v5[k];
          m.bio[h] = O.v6[k];
        }
        m.hiTarg[h] = O.v7[k];
        m.bioTarg[h] = O.v8[k] * 1000;
        if (O.v9[k] > 0) m.setCn(h, O.v9[k]);
        break;
      }
      case 2: { // irrigation
        res.irr += O.v4[k] * (O.v6[k] > 0 ? O.v6[k] : 1);
        break;
      }
      case 3: { // fertilizer
        const f = proj.ferts.get(O.i1[k]);
        const amt = O.v4[k];
        if (f) {
          res.nApp += amt * (f.fminn + f.forgn);
          res.pApp += amt * (f.fminp + f.forgp);
          // mineral N (nitrate and ammonium, treated as nitrate) and organic N into the top layers
          const surf = O.v5[k] > 0 ? Math.min(1, O.v5[k]) : 0.2;
          const minN = amt * f.fminn;
          const base = h * ML;
          m.solNo3[base] += minN * surf;
          if (m.nly[h] > 1) m.solNo3[base + 1] += minN * (1 - surf);
          else m.solNo3[base] += minN * (1 - surf);
          m.fon[h] += amt * f.forgn * 0.5;
          m.solAorgn[base] += amt * f.forgn * 0.5;
        }
        break;
      }
      case 5: // harvest and kill
      case 7: // harvest only
      case 8: { // kill
        if (m.igro[h] === 1 && ip >= 0) {
          let yld = 0;
          if (code !== 8) {
            let hi = m.hvstiAdj[h];
            const hiOvr = code === 5 ? O.v5[k] : O.v6[k];
            if (hiOvr > 0) hi = hiOvr;
            if (m.hiTarg[h] > 0) hi = m.hiTarg[h];
            const agb = m.bio[h] * (1 - (0.4 - 0.2 * Math.min(m.phuacc[h], 1)));
            yld = hi > 1 ? m.bio[h] * (1 - 1 / (1 + hi)) : agb * hi;
            if (code === 7 && O.v5[k] > 0) yld *= O.v5[k];
            yld = Math.max(0, Math.min(yld, m.bio[h]));
            res.yld += yld;
            const yn = Math.min(m.plantn[h], yld * pl.cnyld[ip]);
            m.plantn[h] -= yn;
            res.nYld += yn;
          }
          if (code === 7) {
            m.bio[h] -= yld;
            const frac = m.bio[h] > 0 ? yld / (m.bio[h] + yld) : 1;
            m.lai[h] *= 1 - frac;
            m.olai[h] = m.lai[h];
            if (pl.idc[ip] !== 7) m.phuacc[h] = Math.min(m.phuacc[h], 1) * 0.9;
          } else {
            m.rsd[h] += Math.max(0, m.bio[h] - yld);
            m.fon[h] += Math.max(0, m.plantn[h]);
            m.plantn[h] = 0;
            m.bio[h] = 0;
            m.lai[h] = 0;
            m.olai[h] = 0;
            m.cht[h] = 0;
            m.igro[h] = 0;
            m.idorm[h] = 0;
            m.phuacc[h] = 0;
            m.strsw[h] = 1;
          }
        }
        if (code === 5 && O.v4[k] > 0) m.setCn(h, O.v4[k]);
        break;
      }
      case 6: { // tillage: mixes surface residue into the soil
        const t = proj.tills.get(O.i1[k]);
        if (t) m.rsd[h] *= 1 - Math.min(1, Math.max(0, t.effmix));
        if (O.v4[k] > 0) m.setCn(h, O.v4[k]);
        break;
      }
      case 9: { // grazing
        m.grzDays[h] = Math.max(1, O.i1[k]);
        m.grzEat[h] = O.v4[k];
        m.grzTrmp[h] = O.v5[k];
        break;
      }
      case 10: { // auto-irrigation
        m.autoWstrs[h] = O.v4[k] > 0 && O.v4[k] <= 1 ? O.v4[k] : 0.95;
        m.autoIrrEff[h] = O.v5[k] > 0 ? O.v5[k] : 1;
        m.autoIrrMx[h] = O.v6[k] > 0 ? O.v6[k] : 25.4;
        break;
      }
      case 11: { // auto-fertilization (nitrogen demand; counted only)
        m.autoNstrs[h] = O.v4[k] > 0 ? O.v4[k] : 0.9;
        m.autoNapp[h] = O.v5[k] > 0 ? O.v5[k] : 200;
        m.autoNyrMax[h] = O.v6[k] > 0 ? O.v6[k] : 300;
        break;
      }
      case 16: { // burning: residue and part of the biomass burnt
        m.rsd[h] *= 1 - Math.min(1, O.v4[k] > 0 ? O.v4[k] : 0.5);
        break;
      }
      default:
        break; // pesticide, sweeping, release/impound, continuous ops: not simulated
    }
    void tav;
  }
  return res;
}

export type { Subbasin };
