// The daily simulation loop (SWAT2012 simulate.f / subbasin.f / route order):
// weather per subbasin -> HRU processes (operations, snow, canopy, CN runoff, percolation
// and lateral flow, PET, ET, plant growth, groundwater, lags, MUSLE) -> subbasin sums ->
// fig.fig commands (route, add, point sources) -> outputs (streamed by OutputSet).
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { FortranBytes } from '../output/fortran-bytes.ts';
import { isLeap } from './adapter.ts';
import { checkBasinDay, checkModelYear, checkReachDay, checkReachWq } from './guard.ts';
import { blockDay, DayShared, type BlockDay } from './hru.ts';
import { Model } from './model.ts';
import type { Acc } from './outputs.ts';
import type { FigCommand, Project } from './project.ts';
import { initReach, NSIZE, pointSource, routeReach, SIZE, type ReachState } from './route.ts';
import { NSED, reachSedimentDay } from './sed-output.ts';
import { ReachQuality } from './wq.ts';
import { reachUse, usesWater, WUS } from './impound.ts';
import { applyLandUseUpdates } from './lup.ts';
import { initReservoir, reservoirOperating, routeReservoir, type ReservoirDay, type ReservoirState } from './reservoir.ts';
import { HruPool, leadOf, partition, resolveThreads, SLOTS, slotBuffers, slotViews, splitRows, type DaySlot } from './threads.ts';
import { BV, C, NBV, NC, NHV, NRSV, NRV, NSV, RSV, RV, SV } from './vars.ts';
import { DAYS_IN_MONTH, ee, solarGeometry } from './weather.ts';
import { WeatherGen, exponentialCorrection, seedPlan, wgnStats, aunif, P } from './wgen.ts';

export interface DayContext {
  year: number; yearIndex: number; jday: number; month: number; dom: number; dayIndex: number; lastDayOfMonth: boolean; lastDayOfYear: boolean;
}

/** What the loop reports every day (implemented by OutputSet). */
export interface SimObserver {
  /** Which HRUs want their daily vector (null = none). */
  hruWanted: Uint8Array | null;
  /** Accumulators of the printed HRUs' daily vectors (filled by the HRU loop itself). */
  hruAcc?: Acc;
  day(ctx: DayContext, hv: Float64Array, sv: Float64Array, rv: Float64Array, bv: Float64Array): void | Promise<void>;
  /** Each reservoir's 41 output.rsv values of the day (outputs.ts RSV), and whether it operated. */
  reservoirDay?(ctx: DayContext, v: Float64Array, on: Uint8Array): void;
  /** Each reach's output.sed values of the day (sed-output.ts SED), reaches by number. */
  sedDay?(ctx: DayContext, v: Float64Array): void | Promise<void>;
}

export interface SimOptions {
  onProgress?: (percent: number, message: string) => void;
  /** Called between years; lets a long run yield to the event loop. */
  yieldEvery?: () => Promise<void>;
  /** Threads simulating HRUs (1 = main thread only; default: threads.ts resolveThreads). */
  threads?: number;
  /** Folder of the files written by fig.fig commands (saveconc); none written without it. */
  dir?: string;
}

export interface SimTotals {
  days: number;
  hruDays: number;
  /** Sums over the printed years (after NYSKIP) of the basin daily values. */
  basinSum: Float64Array;
  printedYears: number;
  /** Years the average-annual values are divided by: printed years, the first and last ones
   * counted as fractions when IDAF/IDAL make them partial (SWAT writeaa.f). */
  avgYears: number;
  basinYears: { year: number; values: Float64Array }[];
  monthly: Float64Array; // 12 x NBV sums over printed years
  /** printed days of each month (writeaa.f ndmo: a month's average is its sum over the
   * number of such months simulated, partial ones as fractions) */
  monthDays: Float64Array;
  hruAa: Float64Array; // nhru x 6 (precip, surq, gwq, et, sed, yld) sums over printed years
  model: Model;
  /** files written by fig.fig commands (saveconc) */
  files: string[];
}

export async function simulate(p: Project, makeObserver: (m: Model) => SimObserver, opt: SimOptions = {}): Promise<SimTotals> {
  const nhruIn = p.subbasins.reduce((a, s) => a + (s.hrus.length > 0 || !p.hruSource ? s.hrus.length : s.hruCount ?? 0), 0);
  const threads = resolveThreads(opt.threads, nhruIn, calendar(p.control).days);
  // worker threads load their modules while the model is built; stopped however the run ends
  const pool = threads > 1 ? HruPool.spawn(threads) : null;
  try {
    return await simulateOn(p, makeObserver, opt, threads, pool);
  } finally {
    if (pool) await pool.stop();
  }
}

async function simulateOn(p: Project, makeObserver: (m: Model) => SimObserver, opt: SimOptions, threads: number, pool: HruPool | null): Promise<SimTotals> {
  const tBuild = performance.now();
  const m = new Model(p, { shared: threads > 1 });
  const tBuilt = performance.now();
  const obs = makeObserver(m);
  const b = p.basin;
  const c = p.control;
  const pl = m.plants;
  const n = m.nhru;
  const nsub = m.nsub;
  const W = p.weather;
  const subs = p.subbasins;

  checkModelYear(m, null);
  // per-subbasin weather generators (SWAT: the seeds of the subbasin's first HRU)
  const gens = weatherGenerators(p, m);
  // arrays the HRU threads read or write: shared when HRUs run in worker threads
  const SF = (len: number) => (threads > 1 ? new Float64Array(new SharedArrayBuffer(8 * len)) : new Float64Array(len));
  // the days' weather in, subbasin and basin sums out (threads.ts): a ring of day slots when
  // HRUs run in worker threads, one slot otherwise
  const nslots = threads > 1 ? SLOTS : 1;
  const bounds = partition(m, threads);
  const split = threads > 1 ? splitRows(m, bounds) : null;
  const slotBuf = slotBuffers(nslots, nsub, threads, threads > 1, split ? split.order.length : 0);
  const slots = slotViews(slotBuf, nslots, nsub, threads);

  // reaches and hydrograph storage
  const reachStates = new Map<number, ReachState>();
  for (const [k, r] of p.reaches) reachStates.set(k, initReach(r));
  let maxHyd = 0;
  for (const cmd of p.fig) if ('out' in cmd) maxHyd = Math.max(maxHyd, cmd.out);
  const hydQ = new Float64Array(maxHyd + 1);
  // some subbasin's .wus takes water from its reach (WURCH)
  const hasReachUse = p.subbasins.some((s) => usesWater(s.wus, WUS.REACH));
  const hydC = new Float64Array((maxHyd + 1) * NC);
  // sediment by particle size along the hydrographs, kept only when a reach routes sizes (CH_EQN 1–4)
  const bySize = [...p.reaches.values()].some((r) => r.chEqn > 0);
  const hydP = bySize ? new Float64Array((maxHyd + 1) * NSIZE) : null;
  const sizeIn = new Float64Array(NSIZE);
  const sizeOut = new Float64Array(NSIZE);
  // reservoirs (routres), by fig.fig command; subbasin field capacity for the IRESCO 2 target
  const resStates = new Map<object, ReservoirState>();
  const resIndex = new Map<object, number>();
  for (const cmd of p.fig) {
    if (cmd.kind !== 'routres') continue;
    resStates.set(cmd, initReservoir(cmd.res));
    resIndex.set(cmd, resIndex.size);
  }
  const rsvV = new Float64Array(resIndex.size * NRSV);
  const rsvOn = new Uint8Array(resIndex.size);
  const resDay: ReservoirDay = { inflow: 0, outflow: 0, evap: 0, seep: 0, pcp: 0, sedIn: 0, sedOut: 0, vol: 0, area: 0 };
  const subSumfc = new Float64Array(nsub);
  const reachList = [...p.reaches.keys()].sort((a, bb) => a - bb);
  const reachIndex = new Map<number, number>();
  reachList.forEach((r, i) => reachIndex.set(r, i));
  const nr = reachList.length;
  // in-stream water quality of the reaches (wq.ts), by reach index
  const wq = new ReachQuality(b.iwq, b.wwq, reachList.map((r) => p.reaches.get(r)!.swq));
  // upstream drainage area per reach (for output AREAkm2) is computed by outputs.ts

  const hv = new Float64Array(NHV); // the daily vector of the HRU being simulated (per thread)
  const rv = new Float64Array(nr * NRV);
  const rsed = obs.sedDay ? new Float64Array(nr * NSED) : null;
  // route.f: with I_SUBW 0 a reach fed only by its own subbasin routes no sediment
  const headwaterSed = (c.isubhw ?? 0) === 0;
  const bv = new Float64Array(NBV);
  const wanted = obs.hruWanted;

  const totals: SimTotals = {
    days: 0, hruDays: 0, basinSum: new Float64Array(NBV), printedYears: 0, avgYears: averageYears(c), basinYears: [], monthly: new Float64Array(12 * NBV), monthDays: new Float64Array(12),
    hruAa: SF(n * 6), model: m, files: [],
  };
  const yearSum = new Float64Array(NBV);
  const s0 = slots[0]!;
  const D = new DayShared({
    m, pl, b, p, sb: subs[0], s: 0, tav: 0, tmx: 0, tmn: 0, slr: 0, dayl: 0, svo: 0, wanted, mstart: new Int32Array(13), jd: 0, mon: 0,
    sPetNoSnow: s0.sPetNoSnow, sPetSnow: s0.sPetSnow, sWnd: s0.sWnd, sVpd: s0.sVpd, sDlt: s0.sDlt, sGma: s0.sGma, sXl: s0.sXl, sRho: s0.sRho,
    sRout: s0.sRout, sPcp: s0.sPcp, ipet: b.ipet, subWyld: s0.subWyld, subLoad: s0.subLoad, sv: s0.sv, bv: s0.bvs[0]!, totals, printing: false, hv,
  });

  const hruAcc = obs.hruAcc ?? null;
  const ipet = b.ipet;
  const saves = opt.dir && p.fig.some((x) => x.kind === 'saveconc') ? new SaveConc(opt.dir, p) : null;
  const cal = calendar(c);
  const lead = threads > 1 ? leadOf(p, m, bounds, wanted) : 0;
  try {
    if (pool) await pool.start(m, p, bounds, slotBuf, totals.hruAa, wanted, hruAcc, cal.days, lead);
    const tDays = performance.now();
    const fixedHarg = 0.0023;
    // One subbasin's weather and PET terms of the day, and the fig.fig commands of the day: functions
    // of their own, so that the day loop stays small and V8 optimizes each part quickly (one
    // large loop body took most of the optimizing compiler's time of a run).
    const subbasinWeather = (ws: DaySlot, s: number, jd: number, mon: number, di: number): void => {
      const sb = subs[s];
      const g = gens[s];
      const w = sb.wgn;
      const geo = solarGeometry(sb.lat, jd);
      ws.sDayl[s] = geo.dayl;
      let pcp = -99;
      if (c.pcpsim === 1) {
        const gs = W.pcp[sb.irgage - 1];
        if (gs) pcp = gs[di];
      }
      if (!(pcp >= -97)) pcp = g.pcp(mon);
      // weatgn: the day's temperature/radiation residuals, drawn every day
      g.residuals();
      let tmx = -99, tmn = -99;
      if (c.tmpsim === 1) {
        const gx = W.tmx[sb.itgage - 1];
        const gn = W.tmn[sb.itgage - 1];
        if (gx && gn) {
          tmx = gx[di];
          tmn = gn[di];
        }
      }
      // tmeas: -99 in either, or Tmax + Tmin = 0, is missing: both are generated
      if (!(tmx >= -97) || !(tmn >= -97) || tmx + tmn === 0) {
        g.temperature(mon, pcp);
        tmx = g.tmx;
        tmn = g.tmn;
      }
      // clgen: prior-day category for tomorrow's wet/dry draw
      g.npcp = pcp >= 0.1 ? 2 : 1;
      let slr = -99;
      if (c.slrsim === 1) {
        const gs = W.slr[sb.isgage - 1];
        if (gs) slr = gs[di];
      }
      if (!(slr >= -97)) slr = g.radiation(mon, pcp, geo.rmx);
      let rh = -99;
      if (c.rhsim === 1) {
        const gs = W.hmd[sb.ihgage - 1];
        if (gs) rh = gs[di];
      }
      if (!(rh >= -97)) rh = g.humidity(mon, pcp);
      else if (!(rh > 0 && rh < 1)) {
        // hmeas.f: a value outside 0-1 (1.000 and 0 included) is a dew point, converted with
        // the month's mean temperature
        rh = ee(rh) / ee((w.tmpmx[mon] + w.tmpmn[mon]) / 2);
      }
      let wnd = 0;
      if (ipet === 1) {
        wnd = -99;
        if (c.windsim === 1) {
          const gs = W.wnd[sb.iwgage - 1];
          if (gs) wnd = gs[di];
        }
        if (!(wnd >= -97)) wnd = g.wind(mon);
      }
      // climate change adjustments
      pcp = pcp * (1 + sb.rfinc[mon] / 100);
      if (pcp < 0) pcp = 0;
      tmx += sb.tmpinc[mon];
      tmn += sb.tmpinc[mon];
      let tav = (tmx + tmn) / 2;
      slr += sb.radinc[mon];
      if (slr < 0) slr = 0;
      rh += sb.huminc[mon];
      rh = Math.min(0.99, Math.max(0.01, rh));
      // elevation bands: the subbasin's values are the area-weighted band values, each band
      // shifted by the lapse rates from the gauge's (or the .wgn station's) elevation
      const fr = sb.elevbFr;
      if (sb.elevb[0] > 0 && fr[0] > 0) {
        const zt = c.tmpsim === 1 ? (W.tmpElev[sb.itgage - 1] ?? w.elev) : w.elev;
        const zp = c.pcpsim === 1 ? (W.pcpElev[sb.irgage - 1] ?? w.elev) : w.elev;
        let tx = 0, tn = 0, ta = 0, pp = 0;
        for (let k = 0; k < 10; k++) {
          if (fr[k] < 0) break;
          const tdif = ((sb.elevb[k] - zt) * sb.tlaps) / 1000;
          const pdif = ((sb.elevb[k] - zp) * sb.plaps) / 1000;
          tx += (tmx + tdif) * fr[k];
          tn += (tmn + tdif) * fr[k];
          ta += (tav + tdif) * fr[k];
          if (pcp > 0.01) pp += Math.max(0, pcp + pdif) * fr[k];
        }
        tmx = tx;
        tmn = tn;
        tav = ta;
        pcp = pp;
      }
      ws.sPcp[s] = pcp; ws.sTmx[s] = tmx; ws.sTmn[s] = tmn; ws.sTav[s] = tav; ws.sSlr[s] = slr; ws.sWnd[s] = Math.max(wnd, 0.01);

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
      ws.sVpd[s] = vpd; ws.sDlt[s] = dlt; ws.sGma[s] = gma; ws.sXl[s] = xl; ws.sRout[s] = rout;
      const co2 = sb.co2;
      if (ipet === 1) {
        const rho = 1710 - 6.85 * tav;
        ws.sRho[s] = rho;
        const u10 = ws.sWnd[s];
        const rv0 = 114 / (u10 * Math.pow(170 / 1000, 0.2));
        const rc0 = 49 / (1.4 - (0.4 * co2) / 330);
        const pm = (rn: number) => Math.max(0, (dlt * rn + (gma * rho * vpd) / rv0) / (xl * (dlt + gma * (1 + rc0 / rv0))));
        ws.sPetNoSnow[s] = pm(slr * (1 - 0.23) + rout);
        ws.sPetSnow[s] = pm(slr * (1 - 0.8) + rout);
      } else if (ipet === 0) {
        const pt = (rn: number) => Math.max(0, (1.28 * (dlt / (dlt + gma)) * rn) / xl);
        ws.sPetNoSnow[s] = pt(slr * (1 - 0.23) + rout);
        ws.sPetSnow[s] = pt(slr * (1 - 0.8) + rout);
      } else {
        const ramm = (geo.rmx * 37.59) / 30;
        const v = tmx > tmn ? Math.max(0, fixedHarg * (ramm / xl) * (tav + 17.8) * Math.sqrt(tmx - tmn)) : 0;
        ws.sPetNoSnow[s] = v;
        ws.sPetSnow[s] = v;
      }
    };
    const routeDay = (cur: DaySlot, y: number, yr: number, jd: number, mon: number): void => {
      const { sPetNoSnow, sPcp, sv, subWyld, subLoad } = cur;
      const pet0 = sPetNoSnow[0] ?? 0;

      for (const cmd of p.fig) {
        if (cmd.kind === 'saveconc') {
          if (saves) saves.day(cmd, yr, jd, hydQ[cmd.hyd], hydC, cmd.hyd * NC);
          continue;
        }
        const oc = cmd.out * NC;
        if (cmd.kind === 'subbasin') {
          hydQ[cmd.out] = subWyld[cmd.sub - 1];
          for (let k = 0; k < NC; k++) hydC[oc + k] = subLoad[(cmd.sub - 1) * NC + k];
        } else if (cmd.kind === 'add') {
          hydQ[cmd.out] = hydQ[cmd.a] + hydQ[cmd.b];
          for (let k = 0; k < NC; k++) hydC[oc + k] = hydC[cmd.a * NC + k] + hydC[cmd.b * NC + k];
        } else if (cmd.kind === 'pass') {
          hydQ[cmd.out] = hydQ[cmd.inp];
          for (let k = 0; k < NC; k++) hydC[oc + k] = hydC[cmd.inp * NC + k];
        } else if (cmd.kind === 'routres') {
          const st = resStates.get(cmd)!;
          const r = cmd.res;
          const ri = resIndex.get(cmd)!;
          if (!reservoirOperating(r, yr, mon + 1)) {
            hydQ[cmd.out] = hydQ[cmd.inp];
            for (let k = 0; k < NC; k++) hydC[oc + k] = hydC[cmd.inp * NC + k];
            rsvOn[ri] = 0;
          } else {
            const si = Math.min(Math.max(r.sub - 1, 0), nsub - 1);
            if (subSumfc[si] === 0) for (let h = m.subHruBegin[si]; h < m.subHruEnd[si]; h++) subSumfc[si] += m.sumfc[h] * m.hruFr[h];
            hydQ[cmd.out] = routeReservoir(st, hydQ[cmd.inp], hydC, cmd.inp * NC, hydC, oc, sPetNoSnow[si], sPcp[si], sv[si * NSV + SV.SW],
              subSumfc[si], y, mon + 1, resDay);
            // output.rsv values of the day
            const ic = cmd.inp * NC;
            const o = ri * NRSV;
            rsvOn[ri] = 1;
            rsvV.fill(0, o, o + NRSV);
            rsvV[o + RSV.VOL] = st.vol;
            rsvV[o + RSV.FLOW_IN] = resDay.inflow / 86400;
            rsvV[o + RSV.FLOW_OUT] = resDay.outflow / 86400;
            rsvV[o + RSV.PCP] = resDay.pcp;
            rsvV[o + RSV.EVAP] = resDay.evap;
            rsvV[o + RSV.SEEP] = resDay.seep;
            rsvV[o + RSV.SED_IN] = resDay.sedIn;
            rsvV[o + RSV.SED_OUT] = resDay.sedOut;
            rsvV[o + RSV.SED_CONC] = st.sed * 1e6;
            rsvV[o + RSV.ORGN_IN] = hydC[ic + C.ORGN];
            rsvV[o + RSV.ORGN_OUT] = hydC[oc + C.ORGN];
            rsvV[o + RSV.ORGP_IN] = hydC[ic + C.ORGP];
            rsvV[o + RSV.ORGP_OUT] = hydC[oc + C.ORGP];
            rsvV[o + RSV.NO3_IN] = hydC[ic + C.NO3];
            rsvV[o + RSV.NO3_OUT] = hydC[oc + C.NO3];
            rsvV[o + RSV.MINP_IN] = hydC[ic + C.MINP];
            rsvV[o + RSV.MINP_OUT] = hydC[oc + C.MINP];
            rsvV[o + RSV.NO2_IN] = hydC[ic + C.NO2];
            rsvV[o + RSV.NO2_OUT] = hydC[oc + C.NO2];
            rsvV[o + RSV.NH3_IN] = hydC[ic + C.NH4];
            rsvV[o + RSV.NH3_OUT] = hydC[oc + C.NH4];
            if (st.vol > 1) {
              rsvV[o + RSV.RES_ORGN] = (st.orgn * 1000) / st.vol;
              rsvV[o + RSV.RES_ORGP] = (st.orgp * 1000) / st.vol;
              rsvV[o + RSV.RES_NO3] = (st.no3 * 1000) / st.vol;
              rsvV[o + RSV.RES_MINP] = (st.solp * 1000) / st.vol;
              rsvV[o + RSV.RES_NO2] = (st.no2 * 1000) / st.vol;
              rsvV[o + RSV.RES_NH3] = (st.nh3 * 1000) / st.vol;
            }
            // seepage recharges the shallow aquifers of the reservoir's subbasin (routres.f)
            if (resDay.seep > 0 && m.subArea[si] > 0) {
              const sepmm = resDay.seep / (m.subArea[si] * 100 * 10);
              for (let h = m.subHruBegin[si]; h < m.subHruEnd[si]; h++) m.shallst[h] += sepmm;
            }
          }
        } else if (cmd.kind === 'rec') {
          // FLO SED ORGN ORGP NO3 NH3 NO2 MINP (m3, t, kg per day)
          const v = pointSource(cmd.series, yr, jd, mon);
          hydQ[cmd.out] = v[0] ?? 0;
          hydC[oc + C.SED] = v[1] ?? 0;
          hydC[oc + C.ORGN] = v[2] ?? 0;
          hydC[oc + C.ORGP] = v[3] ?? 0;
          hydC[oc + C.NO3] = v[4] ?? 0;
          hydC[oc + C.MINP] = v[7] ?? 0;
          // ammonium, nitrite, CBOD, dissolved oxygen and chlorophyll-a of the record (recday.f…)
          hydC[oc + C.NH4] = v[5] ?? 0;
          hydC[oc + C.NO2] = v[6] ?? 0;
          hydC[oc + C.CBOD] = v[8] ?? 0;
          hydC[oc + C.DISOX] = v[9] ?? 0;
          hydC[oc + C.CHLA] = v[10] ?? 0;
        } else if (cmd.kind === 'route') {
          const rs = reachStates.get(cmd.reach);
          if (!rs) continue;
          const ic = cmd.inp * NC;
          const sIdx = Math.min(Math.max(rs.r.sub - 1, 0), nsub - 1);
          const petR = sPetNoSnow[sIdx] ?? pet0;
          if (hydP) for (let k = 0; k < NSIZE; k++) sizeIn[k] = hydP[cmd.inp * NSIZE + k];
          const rchwtr = rs.stor; // water stored at the start of the day (rchinit.f)
          const res = routeReach(rs, hydQ[cmd.inp], hydC[ic + C.SED], petR, b, mon, hydP ? sizeIn : undefined, hydP ? sizeOut : undefined,
            headwaterSed && cmd.inp === cmd.reach);
          hydQ[cmd.out] = res.out;
          hydC[oc + C.SED] = res.sedOut;
          if (hydP) for (let k = 0; k < NSIZE; k++) hydP[cmd.out * NSIZE + k] = sizeOut[k];
          // in-stream water quality (wq.ts): SWAT takes the air temperature of the HRU numbered as
          // the reach (watqual.f's tmpav(jrch)) and the radiation and day length of the subbasin
          // numbered as the reach (hru1(jrch))
          const ri = reachIndex.get(cmd.reach)!;
          const hIdx = cmd.reach - 1;
          const tmpav = hIdx < n ? cur.sTav[m.hruSub[hIdx]!]! : 0;
          const lIdx = cmd.reach - 1 < nsub ? cmd.reach - 1 : sIdx;
          wq.day(ri, hydC, ic, oc, hydQ[cmd.inp], rchwtr, res.out, res.rchdep, res.rttime, tmpav, cur.sSlr[lIdx]!, cur.sDayl[lIdx]!);
          // rchuse.f: the month's WURCH leaves the outflow after the water quality (SWAT's rtout.f
          // then gives the constituents at the day's concentrations, so they shrink with it)
          if (hasReachUse && res.out > 0.01) {
            const left = reachUse(m.subWus, cmd.reach, mon + 1, res.out);
            if (left !== res.out) {
              const f = left / res.out;
              res.out = left;
              res.sedOut *= f;
              if (res.sedOut < 1e-6) res.sedOut = 0;
              hydQ[cmd.out] = left;
              hydC[oc + C.SED] = res.sedOut;
              for (let k = 1; k < NC; k++) hydC[oc + k] *= f;
              if (hydP) {
                for (let k = 0; k < NSIZE; k++) sizeOut[k] = res.sedOut > 0 ? sizeOut[k] * f : 0;
                for (let k = 0; k < NSIZE; k++) hydP[cmd.out * NSIZE + k] = sizeOut[k];
              }
            }
          }
          if (rsed) reachSedimentDay(rsed, ri * NSED, hydC[ic + C.SED], res, rs.r.chEqn, hydP ? sizeIn : null, hydP ? sizeOut : null);
          const o = ri * NRV;
          rv[o + RV.FLOW_IN] = hydQ[cmd.inp] / 86400;
          rv[o + RV.FLOW_OUT] = res.out / 86400;
          rv[o + RV.EVAP] = res.evap / 86400;
          rv[o + RV.TLOSS] = res.tloss / 86400;
          rv[o + RV.SED_IN] = hydC[ic + C.SED];
          rv[o + RV.SED_OUT] = res.sedOut;
          rv[o + RV.SEDCONC] = res.out > 1e-6 ? (res.sedOut / res.out) * 1e6 : 0;
          reachWqColumns(rv, o, hydC, ic, oc);
          rv[o + RV.NO3CONC] = res.out > 1e-6 ? (hydC[oc + C.NO3] / res.out) * 1000 : 0;
          rv[o + RV.WTMP] = wq.wtmp[ri]!;
        }
        if (hydP && cmd.kind !== 'route') sizeHydrograph(cmd, hydP, hydC, m.subDet);
      }
    };
    // one day at a time: the main thread publishes the weather of days ahead (as far as the
    // workers' lead), simulates its own block, waits for the workers' blocks of the day, then
    // sums, routes and writes the day from its slot and frees the slot
    const N = cal.days;
    const day = blockDayOf(cal, c, 0); // today's, for this thread's block
    const ahead = blockDayOf(cal, c, 0); // a day published for the workers
    let published = 0;
    // HW_SWAT_DEBUG: the main thread's time in its HRUs and waiting for the workers
    const debug = !!process.env.HW_SWAT_DEBUG;
    let busy = 0, waited = 0;
    /** Day e's weather into its slot, with its control row for the workers. */
    const publish = (e: number): void => {
      const ws = slots[e % nslots]!;
      const jd = cal.jd[e]!;
      for (let s = 0; s < nsub; s++) subbasinWeather(ws, s, jd, cal.mon[e]!, cal.di[e]!);
      // land use updates due that day (lup.dat, lup.ts): HRU fractions change before the day's
      // processes (a project with updates runs its workers in lock step: e is today)
      if (p.lup && p.lup.length) applyLandUseUpdates(p.lup, m, c.iyr + cal.yearIndex[e]!, jd);
      if (pool) pool.publish(e, blockDayOf(cal, c, e, ahead), hruAcc);
    };

    for (let d = 0; d < N; d++) {
      const y = cal.yearIndex[d]!;
      const yr = c.iyr + y;
      const jd = cal.jd[d]!;
      const mon = cal.mon[d]!;
      const flags = cal.flags[d]!;
      const printing = y >= c.nyskip;
      const mstart = cal.mstart[y]!;
      if (flags & FIRST_DAY) {
        yearSum.fill(0);
        if (opt.onProgress) opt.onProgress(Math.round((100 * d) / Math.max(1, N)), `Executing year ${y + 1} (${yr})`);
      }
      while (published <= d + lead && published < N) publish(published++);

      // ---- HRUs: this thread's block (the workers run theirs on the same slot)
      const cur = slots[d % nslots]!;
      blockDayOf(cal, c, d, day);
      const t0 = debug ? performance.now() : 0;
      blockDay(D, cur, 0, bounds[0]!, bounds[1]!, split ? split.rowOf : null, hruAcc, day, c.idaf);
      const t1 = debug ? performance.now() : 0;
      if (pool && !pool.finish(d)) {
        await pool.stop();
        throw pool.failure();
      }
      if (debug) {
        busy += t1 - t0;
        waited += performance.now() - t1;
      }
      // the rows of split subbasins' HRUs into their subbasin's sums, in HRU order
      if (split) addSplitRows(m, cur, split.order, split.rowOf);
      bv.fill(0);
      for (let t = 0; t < threads; t++) {
        const tb = cur.bvs[t]!;
        for (let k = 0; k < NBV; k++) bv[k] += tb[k]!;
      }
      totals.hruDays += n;
      checkBasinDay(bv, m, yr, jd);

      // ---- routing: fig.fig commands in order
      routeDay(cur, y, yr, jd, mon);
      // the water-quality state first: a non-finite concentration is named as such (it would
      // reach the outflow's loads too)
      checkReachWq(wq, reachList, yr, jd);
      checkReachDay(rv, reachList, yr, jd);

      // ---- outputs
      const ctx: DayContext = {
        year: yr, yearIndex: y, jday: jd, month: mon + 1, dom: jd - mstart[mon]! + 1, dayIndex: d,
        lastDayOfMonth: jd === mstart[mon + 1]! - 1 || (flags & LAST_DAY) !== 0, lastDayOfYear: (flags & LAST_DAY) !== 0,
      };
      if (printing) {
        for (let k = 0; k < NBV; k++) {
          yearSum[k] = k === BV.SW ? bv[k] : yearSum[k] + bv[k]; // soil water: end of year
          totals.basinSum[k] += bv[k];
          totals.monthly[mon * NBV + k] += bv[k];
        }
        totals.monthDays[mon]++;
      }
      if (rsvOn.length && obs.reservoirDay) obs.reservoirDay(ctx, rsvV, rsvOn);
      if (rsed) {
        const rs = obs.sedDay!(ctx, rsed);
        if (rs) await rs;
      }
      const r = obs.day(ctx, hv, cur.sv, rv, bv);
      if (r) await r;
      // the slot is free for the day nslots later
      cur.sv.fill(0);
      cur.subLoad.fill(0);
      cur.subWyld.fill(0);
      for (let t = 0; t < threads; t++) cur.bvs[t]!.fill(0);
      if (split && split.order.length) {
        cur.svRows.fill(0);
        cur.wyldRows.fill(0);
        cur.loadRows.fill(0);
      }
      if (pool) pool.consumed(d);
      totals.days++;

      if (flags & LAST_DAY) {
        if (printing) {
          totals.printedYears++;
          totals.basinYears.push({ year: yr, values: Float64Array.from(yearSum) });
        }
        if (opt.yieldEvery) await opt.yieldEvery();
      }
    }
    if (debug) {
      process.stderr.write(`model built in ${((tBuilt - tBuild) / 1000).toFixed(2)} s, days start ${((tDays - tBuilt) / 1000).toFixed(2)} s later, ` +
        `the days took ${((performance.now() - tDays) / 1000).toFixed(2)} s; main thread: in HRUs ${(busy / 1000).toFixed(2)} s, waiting for workers ` +
        `${(waited / 1000).toFixed(2)} s (${threads} threads, lead ${lead})\n`);
    }
  } finally {
    if (pool) await pool.stop();
    if (saves) totals.files.push(...saves.close());
  }
  if (opt.onProgress) opt.onProgress(100, 'Execution successfully completed');
  return totals;
}

/** output.rch's nutrient and water-quality columns of a reach from its inflow (at ic) and
 * outflow (at oc) loads; TOT N and TOT P as rev 637 sums them. */
function reachWqColumns(rv: Float64Array, o: number, hc: Float64Array, ic: number, oc: number): void {
  rv[o + RV.NO3_IN] = hc[ic + C.NO3]!;
  rv[o + RV.NO3_OUT] = hc[oc + C.NO3]!;
  rv[o + RV.ORGN_IN] = hc[ic + C.ORGN]!;
  rv[o + RV.ORGN_OUT] = hc[oc + C.ORGN]!;
  rv[o + RV.ORGP_IN] = hc[ic + C.ORGP]!;
  rv[o + RV.ORGP_OUT] = hc[oc + C.ORGP]!;
  rv[o + RV.MINP_IN] = hc[ic + C.MINP]!;
  rv[o + RV.MINP_OUT] = hc[oc + C.MINP]!;
  rv[o + RV.NH4_IN] = hc[ic + C.NH4]!;
  rv[o + RV.NH4_OUT] = hc[oc + C.NH4]!;
  rv[o + RV.NO2_IN] = hc[ic + C.NO2]!;
  rv[o + RV.NO2_OUT] = hc[oc + C.NO2]!;
  rv[o + RV.CHLA_IN] = hc[ic + C.CHLA]!;
  rv[o + RV.CHLA_OUT] = hc[oc + C.CHLA]!;
  rv[o + RV.CBOD_IN] = hc[ic + C.CBOD]!;
  rv[o + RV.CBOD_OUT] = hc[oc + C.CBOD]!;
  rv[o + RV.DISOX_IN] = hc[ic + C.DISOX]!;
  rv[o + RV.DISOX_OUT] = hc[oc + C.DISOX]!;
  rv[o + RV.TOTN] = hc[oc + C.NO3]! + hc[oc + C.ORGN]! + hc[oc + C.NH4]! + hc[oc + C.NO2]!;
  rv[o + RV.TOTP] = hc[oc + C.ORGP]! + hc[oc + C.MINP]!;
}

/** Adds the day's rows of the HRUs of split subbasins (threads.ts splitRows) to their subbasins'
 * sums, HRU by HRU in order: after the subbasin's first HRUs (added by the block they are in), as
 * one thread would. */
function addSplitRows(m: Model, cur: DaySlot, order: Int32Array, rowOf: Int32Array): void {
  const { sv, subWyld, subLoad, svRows, wyldRows, loadRows } = cur;
  for (let i = 0; i < order.length; i++) {
    const h = order[i]!;
    const r = rowOf[h]!;
    const s = m.hruSub[h]!;
    for (let k = 0; k < NSV; k++) sv[s * NSV + k] += svRows[r * NSV + k]!;
    subWyld[s] += wyldRows[r]!;
    for (let k = 0; k < NC; k++) subLoad[s * NC + k] += loadRows[r * NC + k]!;
  }
}

/** Day d of the calendar as a thread's block needs it, into `out` (a new object without it). */
function blockDayOf(cal: ReturnType<typeof calendar>, c: Project['control'], d: number, out?: BlockDay): BlockDay {
  const y = cal.yearIndex[d]!;
  const day = out ?? ({ mstart: cal.mstart[y]! } as BlockDay);
  day.jd = cal.jd[d]!;
  day.mon = cal.mon[d]!;
  day.printing = y >= c.nyskip;
  day.yearIndex = y;
  day.year = c.iyr + y;
  day.yearStart = (cal.flags[d]! & FIRST_DAY) !== 0;
  day.yearEnd = (cal.flags[d]! & LAST_DAY) !== 0;
  day.d1 = cal.d1[y]!;
  day.mstart = cal.mstart[y]!;
  return day;
}

const FIRST_DAY = 1;
const LAST_DAY = 2;

/** The simulated days, in order: year index, julian day, month (0–11), index of the day in the
 * weather files (days since 1 January of the first year), first/last day of a year; per year the
 * last simulated day and the month start days (SWAT's ndays). */
export function calendar(c: Project['control']): {
  days: number; yearIndex: Int32Array; jd: Int32Array; mon: Int32Array; di: Int32Array; flags: Uint8Array; d1: Int32Array; mstart: Int32Array[];
} {
  const d1 = new Int32Array(c.nbyr);
  const d0 = new Int32Array(c.nbyr);
  const mstart: Int32Array[] = [];
  let days = 0;
  for (let y = 0; y < c.nbyr; y++) {
    const leap = isLeap(c.iyr + y);
    const ylen = leap ? 366 : 365;
    d0[y] = y === 0 ? Math.max(1, c.idaf) : 1;
    d1[y] = y === c.nbyr - 1 ? Math.min(ylen, c.idal > 0 ? c.idal : ylen) : ylen;
    days += Math.max(0, d1[y]! - d0[y]! + 1);
    const ms = new Int32Array(13);
    let acc = 0;
    for (let k = 0; k < 12; k++) {
      ms[k] = acc + 1;
      acc += DAYS_IN_MONTH[k]! + (k === 1 && leap ? 1 : 0);
    }
    ms[12] = acc + 1;
    mstart.push(ms);
  }
  const yearIndex = new Int32Array(days), jd = new Int32Array(days), mon = new Int32Array(days), di = new Int32Array(days);
  const flags = new Uint8Array(days);
  let d = 0;
  let before = 0; // days of the years before (weather file index of 1 January)
  for (let y = 0; y < c.nbyr; y++) {
    const ms = mstart[y]!;
    let mo = 0;
    for (let j = d0[y]!; j <= d1[y]!; j++, d++) {
      while (mo < 11 && j >= ms[mo + 1]!) mo++;
      yearIndex[d] = y;
      jd[d] = j;
      mon[d] = mo;
      di[d] = before + j - 1;
      flags[d] = (j === d0[y] ? FIRST_DAY : 0) | (j === d1[y] ? LAST_DAY : 0);
    }
    before += isLeap(c.iyr + y) ? 366 : 365;
  }
  return { days, yearIndex, jd, mon, di, flags, d1, mstart };
}



/** One SWAT weather generator per subbasin, seeded as SWAT seeds it (wgen.ts). */
export function weatherGenerators(p: Project, m: Model): WeatherGen[] {
  const c = p.control;
  const plan = seedPlan(c.igen);
  const pcpSeedOf = (hruNumber: number) => {
    const s = (hruNumber === 1 ? plan.first : plan.other).slice();
    aunif(s, plan.idg[P.PCP]);
    return s[plan.idg[P.PCP]];
  };
  const rexp = c.rexp > 0 ? c.rexp : 1.3;
  const rcor = c.idist === 1 ? exponentialCorrection(rexp, pcpSeedOf(1)) : 1;
  const leap = isLeap(c.iyr);
  // half-hour rainfall fraction: one stream per HRU (alph.f, rndseed(idg(6), j))
  const k6 = plan.idg[P.HHR];
  for (let h = 0; h < m.nhru; h++) m.hhSeed[h] = h === 0 ? plan.first[k6] : plan.other[k6];
  return p.subbasins.map((sb, i) => {
    const st = wgnStats(sb.wgn, { idist: c.idist, adjPkr: p.basin.adjPkr, leapFirstYear: leap, pcpSeed: pcpSeedOf(i + 1) });
    m.subAmpR.set(st.ampR, i * 12);
    return new WeatherGen(plan, m.subHruBegin[i] === 0, st, c.idist, rexp, rcor);
  });
}

/** SWAT writeaa.f's number of years for average-annual values: each printed year counts 1,
 * except a partial first year ((L − IDAF + 1) / L) and last year (IDAL / L), L being the length
 * of the last simulated year (as SWAT computes it). */
export function averageYears(c: Project['control']): number {
  const L = isLeap(c.iyr + c.nbyr - 1) ? 366 : 365;
  let yrs = 0;
  for (let j = 1; j <= c.nbyr; j++) {
    if (j <= c.nyskip) continue;
    if (j === 1 && c.idaf > 0) yrs += (L - (c.idaf - 1)) / L;
    else if (j === c.nbyr && c.idal > 0) yrs += c.idal / L;
    else yrs += 1;
  }
  return yrs;
}

/** saveconc (saveconc.f): the daily flow (m3/s) and concentrations (mg/l) of a hydrograph,
 * one row a day in SWAT's format (1x,i4,2x,i3,3x,a4,19(1x,e10.3)); constituents the engine
 * does not simulate (pesticides, bacteria, metals, water temperature) are written as 0. */
class SaveConc {
  private readonly fds = new Map<string, { fd: number; out: FortranBytes; path: string }>();
  constructor(dir: string, p: Project) {
    const head = p.control.title.map((t) => t.padEnd(80).slice(0, 80)).join('\n') + '\n\n\n' +
      ' Year  Day Step  FLOWm^3/s    SEDmg/L   ORGNmg/L   ORGPmg/L    NO3mg/L    NH3mg/L    NO2mg/L   MINPmg/L   CBODmg/L  DISOXmg/L   CHLAug/L' +
      ' SOLPSTmg/L SORPSTmg/L  BACTPct/L BACTLPct/LCMETAL1mg/LCMETAL2mg/LCMETAL3mg/L   TEMPdegC\n';
    for (const c of p.fig) {
      if (c.kind !== 'saveconc' || this.fds.has(c.file.toLowerCase())) continue;
      const path = join(dir, c.file);
      const fd = openSync(path, 'w');
      writeSync(fd, head, null, 'latin1');
      this.fds.set(c.file.toLowerCase(), { fd, out: new FortranBytes(1 << 16), path });
    }
  }
  private v = new Float64Array(19);
  day(c: { file: string }, yr: number, jd: number, q: number, hc: Float64Array, o: number): void {
    const f = this.fds.get(c.file.toLowerCase());
    if (!f) return;
    const v = this.v;
    v.fill(0);
    if (q > 0.1) {
      v[0] = q / 86400;
      v[1] = (hc[o + C.SED] * 1e6) / q;
      v[2] = (hc[o + C.ORGN] * 1000) / q;
      v[3] = (hc[o + C.ORGP] * 1000) / q;
      v[4] = (hc[o + C.NO3] * 1000) / q;
      v[5] = (hc[o + C.NH4] * 1000) / q;
      v[6] = (hc[o + C.NO2] * 1000) / q;
      v[7] = (hc[o + C.MINP] * 1000) / q;
      v[8] = (hc[o + C.CBOD] * 1000) / q;
      v[9] = (hc[o + C.DISOX] * 1000) / q;
      v[10] = (hc[o + C.CHLA] * 1e6) / q;
    }
    const out = f.out;
    out.ascii(' ' + String(yr).padStart(4) + '  ' + String(jd).padStart(3) + '      0');
    for (let k = 0; k < 19; k++) {
      out.blanks(1);
      out.val[0] = v[k];
      out.eVal(10, 3);
    }
    out.ascii('\n');
    if (out.pos > 1 << 20) this.flush(f);
  }
  private flush(f: { fd: number; out: FortranBytes }): void {
    const out = f.out;
    let off = 0;
    while (off < out.pos) off += writeSync(f.fd, out.buf, off, out.pos - off);
    out.pos = 0;
  }
  close(): string[] {
    const out: string[] = [];
    for (const f of this.fds.values()) {
      this.flush(f);
      closeSync(f.fd);
      out.push(f.path);
    }
    this.fds.clear();
    return out;
  }
}

/** The sediment by particle size (route.ts SIZE) of a fig.fig command's hydrograph, once the
 * command has set its water and loads (`route` sets its own from the reach): a subbasin's
 * sediment split by its detached fractions, sums for `add`, the inflow's mix scaled to what
 * leaves for a pass-through or a reservoir (reservoir.ts settles sediment as a whole), silt for a
 * point source (its files give a total only). */
function sizeHydrograph(cmd: FigCommand, hydP: Float64Array, hydC: Float64Array, subDet: Float64Array): void {
  if (!('out' in cmd)) return;
  const o = cmd.out * NSIZE;
  const sed = hydC[cmd.out * NC + C.SED];
  if (cmd.kind === 'subbasin') {
    for (let k = 0; k < NSIZE; k++) hydP[o + k] = sed * subDet[(cmd.sub - 1) * NSIZE + k];
  } else if (cmd.kind === 'add') {
    for (let k = 0; k < NSIZE; k++) hydP[o + k] = hydP[cmd.a * NSIZE + k] + hydP[cmd.b * NSIZE + k];
  } else if (cmd.kind === 'pass' || cmd.kind === 'routres') {
    let tot = 0;
    for (let k = 0; k < NSIZE; k++) tot += hydP[cmd.inp * NSIZE + k];
    for (let k = 0; k < NSIZE; k++) hydP[o + k] = tot > 1e-12 ? (sed * hydP[cmd.inp * NSIZE + k]) / tot : k === SIZE.SIL ? sed : 0;
  } else if (cmd.kind === 'rec') {
    for (let k = 0; k < NSIZE; k++) hydP[o + k] = k === SIZE.SIL ? sed : 0;
  }
}
