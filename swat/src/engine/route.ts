// Channel routing of a day (rtday.f variable storage, rtmusk.f Muskingum, rtsed.f sediment)
// and point-source inputs of fig.fig (recday/recmon/recyear/reccnst).
import type { Basin, PointSource, Reach } from './project.ts';

export interface ReachState {
  r: Reach;
  stor: number; // m3
  nut: Float64Array; // nutrient mass stored with the water (kg), by constituent
  sedStor: number; // t
  depch: number; // t deposited on the channel bed (re-entrained first)
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
  return { r, stor: 0, nut: new Float64Array(5), sedStor: 0, depch: 0, flwinPrev: 0, flwoutPrev: 0, chside, bottom: b, areaBf: bf.a, maxrt: bf.q, k10: bf.tt, k13: low.tt };
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

/** Channel routing of one day: variable storage (rtday.f) or Muskingum (rtmusk.f), losses, sediment (rtsed.f, CH_EQN 0). */
export interface RouteResult { out: number; evap: number; tloss: number; sedOut: number }
const result: RouteResult = { out: 0, evap: 0, tloss: 0, sedOut: 0 };

/** (The returned object is reused by the next call.) */
export function routeReach(rs: ReachState, wtrin: number, sedin0: number, petDay: number, b: Basin, mon: number): RouteResult {
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
  } else if (rtwtr > 0 && rchdep > 0) {
    rs.sedStor += sedin0;
  }
  result.out = rtwtr;
  result.evap = evap;
  result.tloss = tloss;
  result.sedOut = sedOut;
  return result;
}

