// In-stream water quality of a reach-day, as SWAT2012 does it after routing the water and the
// sediment (route.f): basins.bsn IWQ 1 the QUAL2E kinetics of watqual.f (SWAT2012 Theoretical
// Documentation chapter 7:3), IWQ 0 noqual.f (the same mixing, no transformation).
//
// The reach keeps a concentration of each constituent (mg/L; algae mg alg/L). Each day the
// inflow's concentrations are mixed with those of the water stored at the start of the day; the
// mix is transformed over the fraction of the day the water spends in the reach (travel time /
// 24 h, at most 1) and becomes the reach's concentration; the outflow carries that concentration
// (SWAT's rtout.f: load = concentration × outflow). Below 0.01 m³/s of outflow (or without
// inflow) every concentration is set to 0 and nothing leaves, as in SWAT.
import { C } from './vars.ts';

/** Constituents kept in a reach (concentrations, mg/L). */
export const WQ = { ALG: 0, ORGN: 1, NH4: 2, NO2: 3, NO3: 4, ORGP: 5, SOLP: 6, CBOD: 7, DOX: 8 } as const;
export const NWQ = 9;
export const WQ_NAMES = ['algae', 'organic N', 'ammonium', 'nitrite', 'nitrate', 'organic P', 'soluble P', 'CBOD', 'dissolved oxygen'];

/** The basin's QUAL2E constants (the .wwq file named in basins.bsn, readwwq.f; SWAT's defaults
 * for values absent or ≤ 0). */
export interface WwqParams {
  igropt: number; ai0: number; ai1: number; ai2: number; ai3: number; ai4: number; ai5: number; ai6: number;
  mumax: number; rhoq: number; tfact: number; kL: number; kN: number; kP: number;
  lambda0: number; lambda1: number; lambda2: number; pN: number; chlaSubco: number;
}

/** A reach's QUAL2E rates at 20 °C (its .swq file, readswq.f; defaults for values ≤ 0, RK3 none). */
export interface SwqParams {
  rs1: number; rs2: number; rs3: number; rs4: number; rs5: number;
  rk1: number; rk2: number; rk3: number; rk4: number;
  bc1: number; bc2: number; bc3: number; bc4: number;
}

/** readwwq.f: a value ≤ 0 takes SWAT's default; K_L is read in kJ/(m²·min) and used in MJ/(m²·h). */
export function wwqParams(v: Record<string, number | undefined>): WwqParams {
  const d = (k: string, def: number) => {
    const x = v[k];
    return typeof x === 'number' && Number.isFinite(x) && x > 0 ? x : def;
  };
  return {
    igropt: Math.trunc(d('IGROPT', 2)), ai0: d('AI0', 50), ai1: d('AI1', 0.08), ai2: d('AI2', 0.015), ai3: d('AI3', 1.6), ai4: d('AI4', 2),
    ai5: d('AI5', 3.5), ai6: d('AI6', 1.07), mumax: d('MUMAX', 2), rhoq: d('RHOQ', 2.5), tfact: d('TFACT', 0.3), kL: d('K_L', 0.75) * 1e-3 * 60,
    kN: d('K_N', 0.02), kP: d('K_P', 0.025), lambda0: d('LAMBDA0', 1), lambda1: d('LAMBDA1', 0.03), lambda2: d('LAMBDA2', 0.054),
    pN: d('P_N', 0.5), chlaSubco: d('CHLA_SUBCO', 40),
  };
}

/** readswq.f's defaults. */
export function swqParams(v: Record<string, unknown> | undefined): SwqParams {
  const d = (k: string, def: number) => {
    const x = v?.[k];
    return typeof x === 'number' && Number.isFinite(x) && x > 0 ? x : def;
  };
  return {
    rs1: d('RS1', 1), rs2: d('RS2', 0.05), rs3: d('RS3', 0.5), rs4: d('RS4', 0.05), rs5: d('RS5', 0.05),
    rk1: d('RK1', 1.71), rk2: d('RK2', 1), rk3: d('RK3', 0), rk4: d('RK4', 2),
    bc1: d('BC1', 0.55), bc2: d('BC2', 1.1), bc3: d('BC3', 0.21), bc4: d('BC4', 0.35),
  };
}

// temperature corrections of the rates (watqual.f's thetas)
const TH_GRA = 1.047, TH_RHO = 1.047, TH_RS1 = 1.024, TH_RS2 = 1.074, TH_RS3 = 1.074, TH_RS4 = 1.024, TH_RS5 = 1.024;
const TH_BC1 = 1.083, TH_BC2 = 1.047, TH_BC3 = 1.047, TH_BC4 = 1.047, TH_RK1 = 1.047, TH_RK2 = 1.024, TH_RK3 = 1.024, TH_RK4 = 1.06;
/** A concentration may not grow above this multiple of the day's mixed concentration (watqual.f). */
const DCOEF = 3;

const NP = 13;

/** Dissolved oxygen saturation (mg/L) at a water temperature (°C), QUAL2E equation III-29. */
export function oxygenSaturation(wtmp: number): number {
  const t = wtmp + 273.15;
  const t2 = t * t;
  const s = Math.exp(-139.3441 + 1.575701e5 / t - 6.642308e7 / t2 + 1.2438e10 / (t2 * t) - 8.621949e11 / (t2 * t2));
  return s < 1e-6 ? 0 : s;
}

/** The water-quality state and rates of every reach (struct of arrays, by reach index). */
export class ReachQuality {
  readonly nr: number;
  readonly iwq: number;
  readonly w: WwqParams;
  /** concentrations (mg/L), reach i at i·NWQ */
  readonly conc: Float64Array;
  private readonly p: Float64Array;
  /** the day's water temperature of each reach (rtout.f's, °C) */
  readonly wtmp: Float64Array;
  private readonly cin = new Float64Array(NWQ);
  private readonly mx = new Float64Array(NWQ);

  constructor(iwq: number, w: WwqParams, swq: SwqParams[]) {
    this.nr = swq.length;
    this.iwq = iwq;
    this.w = w;
    this.conc = new Float64Array(this.nr * NWQ);
    this.p = new Float64Array(this.nr * NP);
    this.wtmp = new Float64Array(this.nr);
    for (let i = 0; i < this.nr; i++) {
      const s = swq[i]!;
      const o = i * NP;
      const a = this.p;
      a[o] = s.rs1; a[o + 1] = s.rs2; a[o + 2] = s.rs3; a[o + 3] = s.rs4; a[o + 4] = s.rs5;
      a[o + 5] = s.rk1; a[o + 6] = s.rk2; a[o + 7] = s.rk3; a[o + 8] = s.rk4;
      a[o + 9] = s.bc1; a[o + 10] = s.bc2; a[o + 11] = s.bc3; a[o + 12] = s.bc4;
    }
  }

  /** Reach i's day: inflow loads in `hc` at `ic` (kg, C order), outflow loads written at `oc`.
   * `wtrin` inflow, `rchwtr` water stored at the start of the day, `rtwtr` outflow (m³);
   * `rchdep` depth (m), `rttime` travel time (h); `tmpav` the air temperature SWAT takes for the
   * reach (°C), `slr` radiation (MJ/m²) and `dayl` day length (h) of its subbasin. */
  day(i: number, hc: Float64Array, ic: number, oc: number, wtrin: number, rchwtr: number, rtwtr: number, rchdep: number, rttime: number,
    tmpav: number, slr: number, dayl: number): void {
    const s = this.conc;
    const o = i * NWQ;
    this.wtmp[i] = 5 + 0.75 * tmpav;
    const q = this.iwq === 1;
    if (!(rtwtr / 86400 > 0.01 && wtrin > (q ? 1e-4 : 0.01))) {
      // no flow: every concentration 0, nothing leaves (watqual.f / noqual.f)
      for (let k = 0; k < NWQ; k++) s[o + k] = 0;
      hc[oc + C.ORGN] = 0; hc[oc + C.ORGP] = 0; hc[oc + C.NO3] = 0; hc[oc + C.MINP] = 0;
      hc[oc + C.NH4] = 0; hc[oc + C.NO2] = 0; hc[oc + C.CHLA] = 0; hc[oc + C.CBOD] = 0; hc[oc + C.DISOX] = 0;
      return;
    }
    const w = this.w;
    // inflow concentrations (mg/L); chlorophyll-a as algal biomass (QUAL2E III-1)
    const f = wtrin > 0.001 ? 1000 / wtrin : 0;
    const chlIn = hc[ic + C.CHLA]! < 1e-6 && !q ? 0 : hc[ic + C.CHLA]! * f;
    const algIn = (1000 * chlIn) / w.ai0;
    const cbodIn = !q && hc[ic + C.CBOD]! < 1e-6 ? 0 : hc[ic + C.CBOD]! * f;
    const doxIn = !q && hc[ic + C.DISOX]! < 1e-6 ? 0 : hc[ic + C.DISOX]! * f;
    if (q) {
      if (s[o + WQ.CBOD]! < 1e-6) s[o + WQ.CBOD] = 1e-6;
    } else {
      for (let k = 0; k < NWQ; k++) if (s[o + k]! < 1e-6) s[o + k] = 0;
    }
    // the mix of the inflow and the water stored at the start of the day
    const cin = this.cin, mx = this.mx;
    cin[WQ.ALG] = algIn; cin[WQ.ORGN] = hc[ic + C.ORGN]! * f; cin[WQ.NH4] = hc[ic + C.NH4]! * f; cin[WQ.NO2] = hc[ic + C.NO2]! * f;
    cin[WQ.NO3] = hc[ic + C.NO3]! * f; cin[WQ.ORGP] = hc[ic + C.ORGP]! * f; cin[WQ.SOLP] = hc[ic + C.MINP]! * f; cin[WQ.CBOD] = cbodIn;
    cin[WQ.DOX] = doxIn;
    const tot = wtrin + rchwtr;
    for (let k = 0; k < NWQ; k++) mx[k] = (cin[k]! * wtrin + s[o + k]! * rchwtr) / tot;
    const alg = mx[WQ.ALG]!;
    let orgn = mx[WQ.ORGN]!, nh3 = mx[WQ.NH4]!, no2 = mx[WQ.NO2]!, no3 = mx[WQ.NO3]!, orgp = mx[WQ.ORGP]!, solp = mx[WQ.SOLP]!;
    let cbod = mx[WQ.CBOD]!, o2 = mx[WQ.DOX]!;
    if (!q) {
      // noqual.f: carried, not transformed
      s[o + WQ.ALG] = alg < 1e-6 ? 0 : alg;
      s[o + WQ.ORGN] = orgn < 1e-6 ? 0 : orgn;
      s[o + WQ.NH4] = nh3 < 1e-6 ? 0 : nh3;
      s[o + WQ.NO2] = no2 < 1e-6 ? 0 : no2;
      s[o + WQ.NO3] = no3 < 1e-6 ? 0 : no3;
      s[o + WQ.ORGP] = orgp < 1e-6 ? 0 : orgp;
      s[o + WQ.SOLP] = solp < 1e-6 ? 0 : solp;
      s[o + WQ.CBOD] = cbod < 1e-6 ? 0 : cbod;
      s[o + WQ.DOX] = o2 < 1e-6 ? 0 : o2;
      this.out(o, hc, oc, rtwtr);
      return;
    }
    if (orgn < 1e-6) orgn = 0;
    if (nh3 < 1e-6) nh3 = 0;
    if (no2 < 1e-6) no2 = 0;
    if (no3 < 1e-6) no3 = 0;
    if (orgp < 1e-6) orgp = 0;
    if (solp < 1e-6) solp = 0;
    if (cbod < 1e-6) cbod = 0;
    if (o2 < 1e-6) o2 = 0;
    // water temperature from the air's (Stefan and Preudhomme 1993)
    let wtmp = this.wtmp[i]!;
    if (wtmp <= 0) wtmp = 0.1;
    const dt = wtmp - 20;
    const soxy = oxygenSaturation(wtmp);
    // nitrification slowed by low oxygen (QUAL2E III-21)
    if (o2 <= 0.001) o2 = 0.001;
    if (o2 > 30) o2 = 30;
    const cordo = 1 - Math.exp(-0.6 * o2);
    const p = this.p;
    const po = i * NP;
    const bc1 = p[po + 9]! * cordo * Math.pow(TH_BC1, dt);
    const bc2 = p[po + 10]! * cordo * Math.pow(TH_BC2, dt);
    const bc3 = p[po + 11]! * Math.pow(TH_BC3, dt);
    const bc4 = p[po + 12]! * Math.pow(TH_BC4, dt);
    let tday = rttime / 24;
    if (tday > 1) tday = 1;
    // algal growth: light extinction (self-shading, III-12; SWAT then keeps it at LAMBDA0), N and P
    // limitation (III-13, III-14), daylight-average light (III-8, option 2) and its attenuation
    // over the depth (III-7b)
    const chl = w.ai0 * alg;
    let lambda = chl > 1e-6 ? w.lambda0 + w.lambda1 * chl + w.lambda2 * Math.pow(chl, 0.66667) : w.lambda0;
    if (lambda > w.lambda0) lambda = w.lambda0;
    const cinn = nh3 + no3;
    const fnn = cinn / (cinn + w.kN);
    const fpp = solp / (solp + w.kP);
    const algi = dayl > 0 ? (slr * w.tfact) / dayl : 0;
    const fl1 = (1 / (lambda * rchdep)) * Math.log((w.kL + algi) / (w.kL + algi * Math.exp(-lambda * rchdep)));
    const fll = 0.92 * (dayl / 24) * fl1;
    let gra = 0;
    if (w.igropt === 1) gra = w.mumax * fll * fnn * fpp;
    else if (w.igropt === 2) gra = w.mumax * fll * Math.min(fnn, fpp);
    else if (w.igropt === 3) gra = fnn > 1e-6 && fpp > 1e-6 ? (w.mumax * fll * 2) / (1 / fnn + 1 / fpp) : 0;
    const graT = gra * Math.pow(TH_GRA, dt);
    const rhoT = w.rhoq * Math.pow(TH_RHO, dt);
    // algae (III-2) and chlorophyll-a
    let a = alg + (graT * alg - rhoT * alg - (p[po]! * Math.pow(TH_RS1, dt) / rchdep) * alg) * tday;
    if (a < 1e-6) a = 0;
    if (a > 5000) a = 5000;
    if (a > DCOEF * alg) a = DCOEF * alg;
    // CBOD (III-26)
    const rk1 = p[po + 5]! * Math.pow(TH_RK1, dt);
    let bod = cbod - (rk1 * cbod + p[po + 7]! * Math.pow(TH_RK3, dt) * cbod) * tday;
    if (bod < 1e-6) bod = 0;
    if (bod > DCOEF * cbod) bod = DCOEF * cbod;
    // dissolved oxygen (III-28): reaeration, algal production and respiration, CBOD, sediment
    // demand, nitrification
    let dox = o2 + (p[po + 6]! * Math.pow(TH_RK2, dt) * (soxy - o2) + (w.ai3 * graT - w.ai4 * rhoT) * alg - rk1 * cbod
      - (p[po + 8]! * Math.pow(TH_RK4, dt)) / (rchdep * 1000) - w.ai5 * bc1 * nh3 - w.ai6 * bc2 * no2) * tday;
    if (dox < 1e-6) dox = 0;
    if (dox > DCOEF * o2) dox = DCOEF * o2;
    // nitrogen: organic N (III-16), ammonium (III-17, algal uptake split by III-18), nitrite
    // (III-19), nitrate (III-20)
    let on = orgn + (w.ai1 * rhoT * alg - bc3 * orgn - p[po + 3]! * Math.pow(TH_RS4, dt) * orgn) * tday;
    if (on < 1e-6) on = 0;
    if (on > DCOEF * orgn) on = DCOEF * orgn;
    const f1 = (w.pN * nh3) / (w.pN * nh3 + (1 - w.pN) * no3 + 1e-6);
    let nh4 = nh3 + (bc3 * orgn - bc1 * nh3 + (p[po + 2]! * Math.pow(TH_RS3, dt)) / (rchdep * 1000) - f1 * w.ai1 * alg * graT) * tday;
    if (nh4 < 1e-6) nh4 = 0;
    if (nh3 > 0 && nh4 > DCOEF * nh3) nh4 = DCOEF * nh3;
    let ni = no2 + (bc1 * nh3 - bc2 * no2) * tday;
    if (ni < 1e-6) ni = 0;
    if (no2 > 0 && ni > DCOEF * no2) ni = DCOEF * no2;
    let na = no3 + (bc2 * no2 - (1 - f1) * w.ai1 * alg * graT) * tday;
    if (na > DCOEF * no3) na = DCOEF * no3;
    if (na < 1e-6) na = 0;
    // phosphorus: organic P (III-24), dissolved P (III-25)
    let op = orgp + (w.ai2 * rhoT * alg - bc4 * orgp - p[po + 4]! * Math.pow(TH_RS5, dt) * orgp) * tday;
    if (op < 1e-6) op = 0;
    if (op > DCOEF * orgp) op = DCOEF * orgp;
    let sp = solp + (bc4 * orgp + (p[po + 1]! * Math.pow(TH_RS2, dt)) / (rchdep * 1000) - w.ai2 * graT * alg) * tday;
    if (sp < 1e-6) sp = 0;
    if (sp > DCOEF * solp) sp = DCOEF * solp;
    s[o + WQ.ALG] = a; s[o + WQ.ORGN] = on; s[o + WQ.NH4] = nh4; s[o + WQ.NO2] = ni; s[o + WQ.NO3] = na;
    s[o + WQ.ORGP] = op; s[o + WQ.SOLP] = sp; s[o + WQ.CBOD] = bod; s[o + WQ.DOX] = dox;
    this.out(o, hc, oc, rtwtr);
  }

  /** rtout.f: the outflow's loads (kg) from the reach's concentrations. */
  private out(o: number, hc: Float64Array, oc: number, rtwtr: number): void {
    const s = this.conc;
    const k = rtwtr / 1000;
    hc[oc + C.ORGN] = s[o + WQ.ORGN]! * k;
    hc[oc + C.ORGP] = s[o + WQ.ORGP]! * k;
    hc[oc + C.NO3] = s[o + WQ.NO3]! * k;
    hc[oc + C.MINP] = s[o + WQ.SOLP]! * k;
    hc[oc + C.NH4] = s[o + WQ.NH4]! * k;
    hc[oc + C.NO2] = s[o + WQ.NO2]! * k;
    hc[oc + C.CHLA] = ((s[o + WQ.ALG]! * this.w.ai0) / 1000) * k;
    hc[oc + C.CBOD] = s[o + WQ.CBOD]! * k;
    hc[oc + C.DISOX] = s[o + WQ.DOX]! * k;
  }

  /** The first non-finite concentration: reach index and constituent, or null. */
  nonFinite(): { i: number; k: number; value: number } | null {
    const s = this.conc;
    for (let j = 0; j < s.length; j++) {
      if (s[j]! - s[j]! !== 0) return { i: Math.floor(j / NWQ), k: j % NWQ, value: s[j]! };
    }
    return null;
  }
}
