// Channel routing of a day (rtday.f variable storage, rtmusk.f Muskingum, rtsed.f sediment)
// and point-source inputs of fig.fig (recday/recmon/recyear/reccnst).
import type { Basin, PointSource, Reach } from './project.ts';

export interface ReachState {
  r: Reach;
  stor: number; // m3
  sedStor: number; // t
  depch: number; // t deposited on the channel bed (re-entrained first)
  /** sediment stored with the water and deposited in the channel, by particle size (t, SIZE order) */
  sizeStor: Float64Array; sizeDep: Float64Array;
  /** deposited on the flood plain (t; silt and clay only, CH_EQN 1–4) */
  depfp: number;
  flwinPrev: number; flwoutPrev: number;
  // geometry
  chside: number; bottom: number; areaBf: number; maxrt: number; k10: number; k13: number;
}

function qman(a: number, rh: number, n: number, s: number): number {
  return (a * Math.pow(rh, 2 / 3) * Math.sqrt(s)) / n;
}

export function initReach(r: Reach): ReachState {
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
  return { r, stor: 0, sedStor: 0, depch: 0, sizeStor: new Float64Array(NSIZE), sizeDep: new Float64Array(NSIZE), depfp: 0, flwinPrev: 0, flwoutPrev: 0, chside, bottom: b, areaBf: bf.a, maxrt: bf.q, k10: bf.tt, k13: low.tt };
}


export function pointSource(ps: PointSource, yr: number, jd: number, mon: number): number[] {
  if (ps.kind === 'cnst') return ps.cnst ?? [0, 0];
  const key = ps.kind === 'day' ? yr * 1000 + jd : ps.kind === 'mon' ? yr * 100 + mon + 1 : yr;
  const v = ps.byKey?.get(key);
  if (!v) return [0, 0];
  // recmon/recyear values are average DAILY loads of the month or year (readmon.f: flomon 'average
  // daily water loading for month', m^3/d; readyr.f: floyr 'average daily water loading for
  // year'), loaded as they are every day (recmon.f, recyear.f)
  return v;
}

/** Particle-size classes of routed sediment (SWAT's varoute 23–28): sand, silt, clay, small
 * aggregates, large aggregates, gravel. */
export const SIZE = { SAN: 0, SIL: 1, CLA: 2, SAG: 3, LAG: 4, GRA: 5 } as const;
export const NSIZE = 6;
/** Fall velocities (m/s) of the classes' representative diameters (SWRRB manual eq. 1.36:
 * 411·d²/3600, d in mm: sand 0.2, silt 0.01, clay 0.002, small aggregates 0.03, large 0.5,
 * gravel 2), as the particle-size routines use them. */
const FALL = [0.2, 0.01, 0.002, 0.03, 0.5, 2].map((d) => (411 * d * d) / 3600);

/** SWAT's detached-sediment fractions of a soil (soil_phys.f: det_san, det_sil, det_cla, det_sag,
 * det_lag from the top layer's clay, silt and sand percentages), in SIZE order (no gravel). */
export function detachedFractions(clayPct: number, siltPct: number, sandPct: number): number[] {
  const cla = clayPct / 100, sil = siltPct / 100, san = sandPct / 100;
  let dCla = 0.2 * cla;
  let dSil = 0.13 * sil;
  let dSan = san * Math.pow(1 - cla, 2.4);
  let dSag = cla < 0.25 ? 2 * cla : cla > 0.5 ? 0.57 : 0.28 * (cla - 0.25) + 0.5;
  let dLag = 1 - dSan - dSil - dCla - dSag;
  if (dLag < 0) {
    // the small classes take more than the whole: scaled down to sum to 1 (soil_phys.f)
    const tot = dSan + dSil + dCla + dSag;
    dSan /= tot; dSil /= tot; dCla /= tot; dSag /= tot;
    dLag = 0;
  }
  return [dSan, dSil, dCla, dSag, dLag, 0];
}

/** Channel routing of one day: variable storage (rtday.f) or Muskingum (rtmusk.f), losses, and
 * sediment by the reach's CH_EQN (rtsed.f for 0, the particle-size methods for 1–4). */
export interface RouteResult {
  out: number; evap: number; tloss: number; sedOut: number;
  /** output.sed terms of the day (t): bank erosion, bed erosion, new channel and flood-plain
   * deposits; `tss` the outflow's suspended sediment (mg/L), 0 when the reach did not route sediment */
  bnk: number; bed: number; dep: number; fpdep: number; tss: number;
  /** the day's flow depth (m) and travel time through the reach (h), for the water quality (wq.ts) */
  rchdep: number; rttime: number;
}
const result: RouteResult = { out: 0, evap: 0, tloss: 0, sedOut: 0, bnk: 0, bed: 0, dep: 0, fpdep: 0, tss: 0, rchdep: 0, rttime: 0 };

/** (The returned object is reused by the next call.) `sizeIn` is the inflow's sediment by
 * particle size (t, SIZE order, summing to `sedin0`); `sizeOut` receives the outflow's.
 * `headwater`: the reach takes only its own subbasin's water and file.cio's I_SUBW is 0, so
 * its sediment is not routed (route.f): what comes in leaves the same day while water flows. */
export function routeReach(rs: ReachState, wtrin: number, sedin0: number, petDay: number, b: Basin, mon: number, sizeIn?: Float64Array, sizeOut?: Float64Array, headwater = false): RouteResult {
  const r = rs.r;
  const n = r.chN2 > 0 ? r.chN2 : 0.014;
  const slope = Math.max(r.chS2, 1e-5);
  const c = rs.chside;
  const vol = wtrin + rs.stor;
  const volrt = vol / 86400;
  // depth for the day's mean flow (1 cm iteration as rtday, solved by bisection here; no
  // allocation: this runs for every reach every day)
  let rcharea = 0, rchdep = 0, p = 0, topw = 0;
  if (volrt > 0) {
    const sq = Math.sqrt(1 + c * c);
    const s17 = Math.sqrt(17);
    const sqs = Math.sqrt(slope);
    if (volrt > rs.maxrt) {
      // above bankfull: flood plain 4 x the bankfull width on each side, side slope 4
      const pb = rs.bottom + 2 * r.chD * sq + r.chW2 * 4;
      let lo = 0, hi = 50;
      for (let k = 0; k < 40; k++) {
        const dd = (lo + hi) / 2;
        const a = rs.areaBf + (r.chW2 * 5 + 4 * dd) * dd;
        const pp = pb + 2 * dd * s17;
        if ((a * Math.pow(a / pp, 2 / 3) * sqs) / n < volrt) lo = dd;
        else hi = dd;
      }
      rcharea = rs.areaBf + (r.chW2 * 5 + 4 * hi) * hi;
      p = pb + 2 * hi * s17;
      rchdep = r.chD + hi;
      topw = 5 * r.chW2 + 2 * hi * 4;
    } else {
      let lo = 0, hi = Math.max(r.chD, 1e-3);
      for (let k = 0; k < 40; k++) {
        const dd = (lo + hi) / 2;
        const a = (rs.bottom + c * dd) * dd;
        const pp = rs.bottom + 2 * dd * sq;
        const q = pp > 0 ? (a * Math.pow(a / pp, 2 / 3) * sqs) / n : 0;
        if (q < volrt) lo = dd;
        else hi = dd;
      }
      rcharea = (rs.bottom + c * hi) * hi;
      p = rs.bottom + 2 * hi * sq;
      rchdep = hi;
      topw = rs.bottom + 2 * hi * c;
    }
  }
  let rtwtr = 0;
  // travel time, for the water quality (wq.ts): the reach length over the mean velocity of the
  // day's flow (rtday.f; rtmusk.f computes it the same way)
  result.rttime = volrt > 0 && rcharea > 0 ? (r.chL2 * 1000) / (3600 * (volrt / rcharea)) : 0;
  result.rchdep = rchdep;
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
  result.bnk = 0; result.bed = 0; result.dep = 0; result.fpdep = 0; result.tss = 0;

  if (headwater) {
    const pass = rtwtr > 0 && rchdep > 0;
    if (sizeOut) for (let k = 0; k < NSIZE; k++) sizeOut[k] = pass ? (sizeIn ? sizeIn[k]! : k === SIZE.SIL ? sedin0 : 0) : 0;
    result.out = rtwtr;
    result.evap = evap;
    result.tloss = tloss;
    result.sedOut = pass ? sedin0 : 0;
    return result;
  }

  if (r.chEqn > 0) {
    result.out = rtwtr;
    result.evap = evap;
    result.tloss = tloss;
    result.sedOut = sedimentBySize(rs, rtwtr, rcharea, rchdep, topw, sedin0, sizeIn, sizeOut);
    return result;
  }

  // sediment (rtsed.f, CH_EQN 0, simplified Bagnold): the transport capacity SPCON·v^SPEXP at the
  // peak velocity (PRF × the day's flow over the wetted area) against the concentration of the
  // day's inflow plus the sediment stored in the reach; an excess deposits on the bed (kept
  // there and re-entrained first), a deficit re-entrains the deposit, then erodes the bed by
  // CH_ERODMO (CH_COV1 when not given) × CH_COV2; nothing of this below VCRIT
  const qdin = rtwtr + rs.stor;
  let sedOut = 0;
  if (rtwtr > 0 && rchdep > 0 && qdin > 0.01) {
    let sedin = sedin0 + rs.sedStor;
    const peak = r.prf * (rtwtr / 86400);
    let vc = rchdep < 0.01 ? 0.01 : rcharea > 0 ? peak / rcharea : 0;
    if (vc > 5) vc = 5;
    const cyin = sedin / qdin;
    const cych = r.spcon * Math.pow(vc, r.spexp);
    let depnet = qdin * (cych - cyin);
    if (Math.abs(depnet) < 1e-6) depnet = 0;
    // rev 637: no deposition or degradation below the critical velocity VCRIT (later revisions
    // dropped this test; rev 637's outputs on swatuq_2012 and LREW, VCRIT 5 m/s, show it)
    if (vc < b.vcrit) depnet = 0;
    let deg1 = 0, deg2 = 0, dep = 0;
    if (depnet > 1e-6) {
      if (depnet >= rs.depch) {
        deg1 = rs.depch;
        deg2 = (depnet - deg1) * r.chErodmo[mon] * r.chCov2;
      } else deg1 = depnet;
    } else dep = -depnet;
    rs.depch += dep - deg1;
    if (rs.depch < 1e-6) rs.depch = 0;
    sedin += deg1 + deg2 - dep;
    if (sedin < 1e-6) sedin = 0;
    const outfract = Math.min(1, rtwtr / qdin);
    sedOut = sedin * outfract;
    if (sedOut < 1e-6) sedOut = 0;
    rs.sedStor = sedin - sedOut;
    if (rs.sedStor < 1e-6) rs.sedStor = 0;
    result.bed = deg2;
    result.dep = dep;
    result.tss = (sedOut / rtwtr) * 1e6;
  } else if (rtwtr > 0 && rchdep > 0) {
    rs.sedStor += sedin0;
  }
  // rtsed.f routes the total only: the particle sizes leave in the proportions they came in
  if (sizeOut) splitLikeInflow(rs, sedin0, sizeIn, sedOut, sizeOut);
  result.out = rtwtr;
  result.evap = evap;
  result.tloss = tloss;
  result.sedOut = sedOut;
  return result;
}

/** CH_EQN 0 keeps no size classes: the outflow (and what stays in the reach) takes the mix of
 * the inflow and of the sediment stored (silt when nothing is known, the erosion of the bed). */
function splitLikeInflow(rs: ReachState, sedin0: number, sizeIn: Float64Array | undefined, sedOut: number, sizeOut: Float64Array): void {
  const mix = rs.sizeStor;
  let tot = 0;
  for (let k = 0; k < NSIZE; k++) {
    mix[k] += sizeIn ? sizeIn[k]! : k === SIZE.SIL ? sedin0 : 0;
    tot += mix[k]!;
  }
  const all = sedOut + rs.sedStor;
  for (let k = 0; k < NSIZE; k++) {
    const share = tot > 1e-12 ? mix[k]! / tot : k === SIZE.SIL ? 1 : 0;
    sizeOut[k] = sedOut * share;
    mix[k] = all > 0 ? rs.sedStor * share : 0;
  }
}

/** Kodatie's coefficients by bed material size (mm): silt, very fine to fine sand, medium to very
 * coarse sand, gravel bed rivers (rtsed_kodatie.f). */
function kodatie(bedMm: number): [number, number, number, number] {
  if (bedMm <= 0.05) return [281.4, 2.622, 0.182, 0];
  if (bedMm <= 0.25) return [2829.6, 3.646, 0.406, 0.412];
  if (bedMm <= 2) return [2123.4, 3.3, 0.468, 0.613];
  return [431884.8, 1, 1, 2];
}

/** A concentration by weight (ppm) as metric tons per m³ of water (sediment density 2.65). */
const ppmToTons = (ppm: number) => {
  const w = ppm / 1e6;
  return (w / (w + (1 - w) * 2.65)) * 2.65;
};

/** The transport capacity (t/m³) of the day's flow by the reach's CH_EQN 1–4. */
export function transportCapacity(eqn: number, r: Reach, vc: number, rchdep: number, rh: number, topw: number, bottom: number, qdin: number): number {
  const slope = Math.max(r.chS2, 1e-5);
  if (eqn === 1) return r.spcon * Math.pow(vc, r.spexp); // Bagnold (1977) stream power, as rtsed_bagnold.f
  if (eqn === 2) {
    // Kodatie (modified Simons-Li): t/m/day over the mean of the top and bottom widths
    const [a, bb, c, d] = kodatie(r.bedD50 / 1000);
    const qcych = a * Math.pow(vc, bb) * Math.pow(rchdep, c) * Math.pow(slope, d);
    return ((qcych / qdin) * (topw + bottom)) / 2;
  }
  const w50 = (411 * Math.pow(r.bedD50 / 1000, 2)) / 3600; // fall velocity of the bed's D50 (m/s)
  if (eqn === 3) {
    // Molinas and Wu (2001): universal stream power
    const l = Math.log10(rchdep / (r.bedD50 * 1e-6));
    const psi = Math.pow(vc, 3) / ((2.65 - 1) * 9.81 * rchdep * w50 * l * l);
    return ppmToTons((1430 * (0.86 + Math.sqrt(psi)) * Math.pow(psi, 1.5)) / (0.016 + psi));
  }
  // Yang's sand (bed D50 up to 2 mm) and gravel equations
  const vsh = Math.sqrt(9.81 * rh * slope);
  let v1 = (vsh * r.bedD50 * 1e-6) / 1.16e-6;
  let v2: number;
  if (v1 < 70) {
    if (v1 < 1.2) v1 = 1.2;
    v2 = 2.5 / (Math.log10(v1) - 0.06);
  } else v2 = 2.05;
  const v3 = (w50 * r.bedD50 * 1e-6) / 1.16e-6;
  const v4 = vsh / w50;
  let v56 = (vc * slope) / w50 - v2 * slope;
  if (v56 <= 0) v56 = 1e-6;
  const lg3 = Math.log10(v3), lg4 = Math.log10(v4), lg56 = Math.log10(v56);
  const lc = r.bedD50 / 1000 <= 2
    ? 5.435 - 0.286 * lg3 - 0.457 * lg4 + (1.799 - 0.409 * lg3 - 0.314 * lg4) * lg56
    : 6.681 - 0.633 * lg3 - 4.816 * lg4 + (2.784 - 0.305 * lg3 - 0.282 * lg4) * lg56;
  return ppmToTons(Math.pow(10, lc));
}

/** Channel sediment by particle size, CH_EQN 1–4 (rtsed_bagnold.f, rtsed_kodatie.f,
 * rtsed_Molinas_Wu.f, rtsed_yangsand.f): the day's transport capacity against the concentration
 * of the inflow plus the stored sediment; an excess capacity first re-entrains the channel's
 * deposits (finest first), then erodes bank and bed in proportion to their potential rates
 * (excess shear stress over the critical one, Eaton and Millar 2004 for the bank's share of
 * shear; bank and bed material of their own sizes); each class then deposits by Einstein's
 * equation with its fall velocity, silt and clay partly on the flood plain above bankfull. */
function sedimentBySize(rs: ReachState, rtwtr: number, rcharea: number, rchdep: number, topw: number, sedin0: number, sizeIn: Float64Array | undefined, sizeOut: Float64Array | undefined): number {
  const r = rs.r;
  const cls = rs.sizeStor; // becomes the sediment in the reach today
  if (sizeIn) for (let k = 0; k < NSIZE; k++) cls[k] += sizeIn[k]!;
  else cls[SIZE.SIL] += sedin0;
  let sedin = sedin0 + rs.sedStor;
  if (sizeOut) sizeOut.fill(0);
  if (!(rtwtr > 0 && rchdep > 0)) return 0;
  const qdin = rtwtr + rs.stor;
  if (qdin <= 0.01) {
    // no routing without water: everything stays in the reach
    rs.sedStor = sedin;
    return 0;
  }
  const peak = (r.chEqn === 1 ? r.prf : 1) * (rtwtr / 86400);
  let vc = rcharea < 0.01 ? 0.01 : peak / rcharea;
  if (vc > 5) vc = 5;
  const c = rs.chside;
  const pbed = rs.bottom;
  const sq = Math.sqrt(1 + c * c);
  const pbank = 2 * rchdep * sq;
  const rh = rcharea / (pbed + pbank);
  let fpratio = 0;
  let watdep = rchdep;
  if (rchdep > r.chD) {
    // water above bankfull: the share of the cross-section on the flood plain
    fpratio = Math.max(0, (rcharea - rs.areaBf - r.chW2 * (rchdep - r.chD)) / rcharea);
    watdep = r.chD;
  }
  // shear stress on bank and bed (Eaton and Millar 2004)
  const sfBank = Math.pow(10, -1.4026 * Math.log10(pbed / pbank + 1.5) + 2.247);
  const tou = 9800 * rchdep * r.chS2;
  const tBank = (tou * (sfBank / 100) * (topw + pbed)) / sq / (4 * rchdep);
  const tBed = tou * (1 - sfBank / 100) * (topw / (2 * pbed) + 0.5);
  // potential bank and bed erosion (t/day): one bank erodes (meandering)
  let bnkrte = Math.max(0, r.kdBnk * (tBank - r.tcBnk) * 1e-6) * r.chL2 * 1000 * (watdep * sq) * r.bnkBd * 86400;
  let degrte = Math.max(0, r.kdBed * (tBed - r.tcBed) * 1e-6) * r.chL2 * 1000 * pbed * r.bedBd * 86400;
  const bnkrt = bnkrte + degrte > 1e-6 ? Math.min(1, bnkrte / (bnkrte + degrte)) : 1;
  const bedrt = 1 - bnkrt;
  const depchPrev = rs.depch, depfpPrev = rs.depfp;
  const cych = transportCapacity(r.chEqn, r, vc, rchdep, rh, topw, pbed, qdin);
  const depnet = qdin * (cych - sedin / qdin);
  const dep = rs.sizeDep;
  let deg1 = 0;
  const ero = [0, 0, 0, 0, 0, 0];
  if (depnet <= 1e-6) {
    bnkrte = 0;
    degrte = 0;
  } else if (depnet >= rs.depch) {
    // all deposits re-entrained, the rest of the capacity erodes bank and bed
    const eff = depnet - rs.depch;
    if (eff * bnkrt <= bnkrte) bnkrte = eff * bnkrt;
    if (eff * bedrt <= degrte) degrte = eff * bedrt;
    deg1 = rs.depch;
    for (let k = 0; k < NSIZE; k++) {
      ero[k] = dep[k]! + bnkrte * r.bnkFr[k]! + degrte * r.bedFr[k]!;
      dep[k] = 0;
    }
    rs.depch = 0;
  } else {
    // part of the deposits re-entrained: clay, silt, small aggregates, sand, large aggregates, gravel
    bnkrte = 0;
    degrte = 0;
    rs.depch -= depnet;
    deg1 = depnet;
    let remain = depnet;
    for (const k of [SIZE.CLA, SIZE.SIL, SIZE.SAG, SIZE.SAN, SIZE.LAG, SIZE.GRA]) {
      const take = Math.min(dep[k]!, remain);
      dep[k] -= take;
      ero[k] = take;
      remain -= take;
      if (remain <= 0) break;
    }
  }
  if (rs.depch < 1e-6) {
    rs.depch = 0;
    dep.fill(0);
  }
  // deposition of each class (Einstein): the fraction settling over the reach length
  let depTot = 0;
  for (let k = 0; k < NSIZE; k++) {
    const x = Math.min(20, (1.055 * 1000 * r.chL2 * FALL[k]!) / (vc * rchdep));
    const d = cls[k]! * Math.min(1 - Math.exp(-x), 1);
    // silt and clay settle on the flood plain in proportion to the water there
    const fp = k === SIZE.SIL || k === SIZE.CLA ? d * fpratio : 0;
    rs.depfp += fp;
    dep[k] += d - fp;
    rs.depch += d - fp;
    depTot += d;
    cls[k] += ero[k]! - d;
    if (cls[k]! < 0) cls[k] = 0;
  }
  sedin = sedin + degrte + bnkrte + deg1 - depTot;
  if (sedin < 1e-6) {
    sedin = 0;
    cls.fill(0);
  }
  const outfract = Math.min(1, rtwtr / qdin);
  let sedrch = sedin * outfract;
  if (sedrch < 1e-6) sedrch = 0;
  let fineOut = 0; // silt and clay leaving: the suspended sediment of output.sed
  for (let k = 0; k < NSIZE; k++) {
    const out = sedrch > 0 ? cls[k]! * outfract : 0;
    if (sizeOut) sizeOut[k] = out;
    if (k === SIZE.SIL || k === SIZE.CLA) fineOut += out;
    cls[k] -= out;
  }
  rs.sedStor = sedin - sedrch;
  if (rs.sedStor < 1e-6) {
    rs.sedStor = 0;
    cls.fill(0);
  }
  // output.sed: erosion of the day, deposits made today (rtsed2: the growth of the deposits)
  result.bnk = bnkrte;
  result.bed = degrte;
  result.dep = Math.max(0, rs.depch - depchPrev);
  result.fpdep = Math.max(0, rs.depfp - depfpPrev);
  result.tss = (fineOut / rtwtr) * 1e6;
  return sedrch;
}

