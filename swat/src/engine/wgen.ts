// SWAT2012's weather generator, seeded as SWAT seeds it (SWAT2012 Theoretical Documentation,
// chapter 1:3; the order of random draws follows rev 637):
// - nine seeds of the Park–Miller generator (one per process: wet/dry day, radiation,
//   precipitation, USLE index, wind, half-hour rainfall, humidity, max and min temperature),
//   the same fixed values for every HRU; IGEN > 0 draws new seeds for the first HRU and
//   shuffles which seed serves which process;
// - weather is generated once a day per subbasin with the seeds of the subbasin's first HRU
//   (all HRUs of a subbasin share it);
// - wet/dry days by a first-order Markov chain (PR_W1 after a dry day, PR_W2 after a wet day,
//   "wet" meaning at least 0.1 mm the day before), amounts by the skewed normal (IDIST 0,
//   scaled by the correction factor computed from 1,000 draws per month when the .wgn is
//   read) or the exponential distribution (IDIST 1, REXP);
// - max/min temperature and radiation from three serially and cross-correlated normal
//   residuals (the 3×3 A and B matrices of Matalas), with the wet-day shifts of the monthly
//   means (temperature lower by half the amplitude, radiation halved on wet days);
// - humidity from a triangular distribution around the monthly mean (dew point or relative
//   humidity in the .wgn), raised on wet days; wind speed from a modified exponential.
// Monthly statistics are corrected as SWAT's readwgn does (PR_W from PCPD when inconsistent,
// PCPD from PR_W otherwise, skew at least 0.2, smoothed half-hour maxima for the peak-rate
// fraction AMP_R).
import type { Wgn } from './project.ts';
import { DAYS_IN_MONTH, ee } from './weather.ts';

/** SWAT's default seeds (processes 1–9), and the seed that draws new ones when IGEN > 0. */
export const DEFAULT_SEEDS = [748932582, 1985072130, 1631331038, 67377721, 366304404, 1094585182, 1767585417, 1980520317, 392682216];
const SEED_RESEED = 64298628;

/** Process numbers (SWAT's idg positions). */
export const P = { WETDRY: 1, SLR: 2, PCP: 3, USLE: 4, WND: 5, HHR: 6, RH: 7, TMX: 8, TMN: 9 } as const;

/** Park–Miller minimal standard generator on `s[k]` (SWAT aunif): advances the seed, returns (0,1). */
export function aunif(s: number[] | Float64Array, k: number): number {
  let x = s[k];
  const q = Math.floor(x / 127773);
  x = 16807 * (x - q * 127773) - q * 2836;
  if (x < 0) x += 2147483647;
  s[k] = x;
  return x * 4.656612875e-10;
}

/** Standard normal deviate from two uniforms (SWAT dstn1, Box–Muller). */
export function dstn1(rn1: number, rn2: number): number {
  return Math.sqrt(-2 * Math.log(rn1)) * Math.cos(6.283185 * rn2);
}

/** Triangular distribution between at1 and at3 with mode at2, rescaled to mean at2 (SWAT atri). */
export function atri(at1: number, at2: number, at3: number, s: number[] | Float64Array, k: number): number {
  const u3 = at2 - at1;
  const rn = aunif(s, k);
  const y = 2 / (at3 - at1);
  const b2 = at3 - at2;
  const b1 = rn / y;
  const x1 = (y * u3) / 2;
  let r: number;
  if (rn <= x1) {
    const xx = 2 * b1 * u3;
    r = (xx <= 0 ? 0 : Math.sqrt(xx)) + at1;
  } else {
    const xx = b2 * b2 - 2 * b2 * (b1 - 0.5 * u3);
    r = at3 - (xx <= 0 ? 0 : Math.sqrt(xx));
  }
  const amn = (at3 + at2 + at1) / 3;
  r = (r * at2) / amn;
  if (r >= 1) r = 0.99;
  if (r <= 0) r = 0.001;
  return r;
}

/** The seeds of the run (SWAT gcycl): the process → seed slot permutation and the seeds of
 * HRU 1 (different from the others only when IGEN > 0). Slots 1..9; slot 10 is the half-hour
 * rainfall seed. */
export interface SeedPlan {
  idg: number[]; // 1-based: idg[p] = seed slot of process p
  first: number[]; // seeds of HRU 1 (index 1..10)
  other: number[]; // seeds of every other HRU
}

export function seedPlan(igen: number): SeedPlan {
  const idg = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  const other = [0, ...DEFAULT_SEEDS, 0];
  const first = other.slice();
  if (igen !== 0) {
    const r = [SEED_RESEED];
    for (let j = 1; j <= 9; j++) {
      const rn = aunif(r, 0);
      const ii = Math.trunc(100 * igen * rn);
      for (let k = 0; k < ii; k++) aunif(r, 0);
      first[j] = r[0];
    }
    for (let j = 9; j >= 1; j--) {
      const ii = idg[j];
      const rn = aunif(r, 0);
      const k = Math.trunc(j * rn + 1);
      idg[j] = idg[k];
      idg[k] = ii;
    }
  }
  first[10] = first[idg[6]];
  other[10] = other[idg[6]];
  return { idg, first, other };
}

/** Monthly generator statistics of a .wgn, corrected as SWAT's readwgn does. */
export interface WgnStats {
  prW1: Float64Array; prW2: Float64Array; prW3: Float64Array;
  pcpMean: Float64Array; pcpStd: Float64Array; pcpSkw: Float64Array; pcf: Float64Array;
  /** fraction of daily rain falling in the maximum half hour, mean (peak-rate alpha) */
  ampR: Float64Array;
  /** 1 when the .wgn's DEWPT row holds relative humidity (all 12 values in 0..1) */
  irelh: number;
  wgn: Wgn;
}

export function wgnStats(w: Wgn, opts: { idist: number; adjPkr: number; leapFirstYear: boolean; pcpSeed: number }): WgnStats {
  const z = () => new Float64Array(12);
  const prW1 = z(), prW2 = z(), prW3 = z(), pcpMean = z(), pcpStd = z(), pcpSkw = z(), pcf = z(), ampR = z();
  const pcpd = z();
  let irelh = 1;
  for (let m = 0; m < 12; m++) if (w.dewpt[m] > 1 || w.dewpt[m] < 0) irelh = 0;
  const hh = w.rainhhmx;
  const hhsm = z();
  for (let m = 0; m < 12; m++) hhsm[m] = (hh[(m + 11) % 12] + hh[m] + hh[(m + 1) % 12]) / 3;
  for (let m = 0; m < 12; m++) {
    const mdays = DAYS_IN_MONTH[m] + (m === 1 && opts.leapFirstYear ? 1 : 0);
    let p1 = w.prW1[m], p2 = w.prW2[m], d = w.pcpd[m];
    if (p2 <= p1 || p1 <= 0) {
      if (d < 0.1) d = 0.1;
      p1 = (0.75 * d) / mdays;
      p2 = 0.25 + p1;
    } else d = (mdays * p1) / (1 - p2 + p1);
    if (d <= 0) d = 0.001;
    prW1[m] = p1;
    prW2[m] = p2;
    pcpd[m] = d;
    prW3[m] = d / mdays;
    pcpMean[m] = w.pcpmm[m] / d;
    pcpStd[m] = w.pcpstd[m];
    pcpSkw[m] = w.pcpskw[m] < 0.2 ? 0.2 : w.pcpskw[m];
  }
  // precipitation correction factor: mean of 1,000 skewed draws per month against the mean
  const xr = [opts.pcpSeed];
  let rndm1 = aunif(xr, 0);
  const rainYrs = w.rainYrs < 1 ? 10 : w.rainYrs;
  for (let m = 0; m < 12; m++) {
    if (opts.idist === 0) {
      const r6 = pcpSkw[m] / 6;
      let sum = 0;
      for (let j = 0; j < 1000; j++) {
        const rnm2 = aunif(xr, 0);
        let xlv = (dstn1(rndm1, rnm2) - r6) * r6 + 1;
        rndm1 = rnm2;
        xlv = ((xlv * xlv * xlv - 1) * 2) / pcpSkw[m];
        let pcp = xlv * pcpStd[m] + pcpMean[m];
        if (pcp < 0.01) pcp = 0.01;
        sum += pcp;
      }
      pcf[m] = sum > 0 ? (1000 * pcpMean[m]) / sum : 1;
    } else pcf[m] = 1;
    const x1 = 0.5 / rainYrs;
    const x2 = x1 / pcpd[m];
    const x3 = hhsm[m] / Math.log(x2);
    let a = pcpMean[m] > 1e-4 ? opts.adjPkr * (1 - Math.exp(x3 / pcpMean[m])) : 0.95;
    if (!(a >= 0.1)) a = 0.1;
    if (a > 0.95) a = 0.95;
    ampR[m] = a;
  }
  return { prW1, prW2, prW3, pcpMean, pcpStd, pcpSkw, pcf, ampR, irelh, wgn: w };
}

/** Correction of the exponential distribution (IDIST 1): 10,000 draws (SWAT readfile). */
export function exponentialCorrection(rexp: number, seed: number): number {
  const r = [seed];
  let sum = 0;
  for (let j = 0; j < 10000; j++) sum += Math.pow(-Math.log(aunif(r, 0)), rexp);
  return sum > 0 ? 10100 / sum : 1;
}

const A = [0.567, 0.086, -0.002, 0.253, 0.504, -0.05, -0.006, -0.039, 0.244]; // row-major a(n,l)
const B = [0.781, 0, 0, 0.328, 0.637, 0, 0.238, -0.341, 0.873];

/** The generator state of one subbasin (its first HRU's seeds in SWAT). */
export class WeatherGen {
  readonly s: number[];
  readonly idg: number[];
  rnd2: number; rnd3: number; rnd8: number; rnd9: number;
  /** prior day wet (2) or dry (1), from precipitation ≥ 0.1 mm */
  npcp = 1;
  private old0 = 0; private old1 = 0; private old2 = 0;
  cur0 = 0; cur1 = 0; cur2 = 0;
  readonly st: WgnStats;
  private readonly idist: number;
  private readonly rexp: number;
  private readonly rcor: number;

  constructor(plan: SeedPlan, firstHru: boolean, st: WgnStats, idist: number, rexp: number, rcor: number) {
    this.s = (firstHru ? plan.first : plan.other).slice();
    this.idg = plan.idg;
    const g = this.idg;
    this.rnd2 = aunif(this.s, g[P.SLR]);
    this.rnd3 = aunif(this.s, g[P.PCP]);
    this.rnd8 = aunif(this.s, g[P.TMX]);
    this.rnd9 = aunif(this.s, g[P.TMN]);
    this.st = st;
    this.idist = idist;
    this.rexp = rexp;
    this.rcor = rcor;
  }

  /** Daily precipitation (mm) — SWAT pgen. */
  pcp(mon: number): number {
    const st = this.st;
    const vv = aunif(this.s, this.idg[P.WETDRY]);
    const pw = this.npcp === 1 ? st.prW1[mon] : st.prW2[mon];
    if (vv > pw) return 0;
    const v8 = aunif(this.s, this.idg[P.PCP]);
    let p: number;
    if (this.idist === 0) {
      const skw = st.pcpSkw[mon];
      const r6 = skw / 6;
      let xlv = (dstn1(this.rnd3, v8) - r6) * r6 + 1;
      xlv = ((xlv * xlv * xlv - 1) * 2) / skw;
      this.rnd3 = v8;
      p = (xlv * st.pcpStd[mon] + st.pcpMean[mon]) * st.pcf[mon];
    } else p = Math.pow(-Math.log(v8), this.rexp) * st.pcpMean[mon] * this.rcor;
    return p < 0.1 ? 0.1 : p;
  }

  /** The day's correlated residuals of max temperature, min temperature, radiation — SWAT weatgn
   * (called once a day whether or not temperature is generated). */
  residuals(): void {
    const g = this.idg;
    let v = aunif(this.s, g[P.TMX]);
    const e0 = dstn1(this.rnd8, v);
    this.rnd8 = v;
    v = aunif(this.s, g[P.TMN]);
    const e1 = dstn1(this.rnd9, v);
    this.rnd9 = v;
    v = aunif(this.s, g[P.SLR]);
    const e2 = dstn1(this.rnd2, v);
    this.rnd2 = v;
    const o0 = this.old0, o1 = this.old1, o2 = this.old2;
    this.cur0 = B[0] * e0 + B[1] * e1 + B[2] * e2 + A[0] * o0 + A[1] * o1 + A[2] * o2;
    this.cur1 = B[3] * e0 + B[4] * e1 + B[5] * e2 + A[3] * o0 + A[4] * o1 + A[5] * o2;
    this.cur2 = B[6] * e0 + B[7] * e1 + B[8] * e2 + A[6] * o0 + A[7] * o1 + A[8] * o2;
    this.old0 = this.cur0;
    this.old1 = this.cur1;
    this.old2 = this.cur2;
  }

  /** Generated max and min temperature — SWAT tgen. */
  tmx = 0;
  tmn = 0;
  temperature(mon: number, pcp: number): void {
    const w = this.st.wgn;
    const tamp = (w.tmpmx[mon] - w.tmpmn[mon]) / 2;
    let txxm = w.tmpmx[mon] + tamp * this.st.prW3[mon];
    if (pcp > 0) txxm -= tamp;
    const tmxg = txxm + w.tmpstdmx[mon] * this.cur0;
    let tmng = w.tmpmn[mon] + w.tmpstdmn[mon] * this.cur1;
    if (tmng > tmxg) tmng = tmxg - 0.2 * Math.abs(tmxg);
    this.tmx = tmxg;
    this.tmn = tmng;
  }

  /** Generated solar radiation (MJ/m2) — SWAT slrgen. */
  radiation(mon: number, pcp: number, rmx: number): number {
    let rav = this.st.wgn.solarav[mon] / (1 - 0.5 * this.st.prW3[mon]);
    if (pcp > 0) rav *= 0.5;
    const ra = rav + (this.cur2 * (rmx - rav)) / 4;
    return ra <= 0 ? 0.05 * rmx : ra;
  }

  /** Generated relative humidity (fraction) — SWAT rhgen. */
  humidity(mon: number, pcp: number): number {
    const w = this.st.wgn;
    const tmean = (w.tmpmx[mon] + w.tmpmn[mon]) / 2;
    const rhmo = this.st.irelh === 1 ? w.dewpt[mon] : ee(w.dewpt[mon]) / ee(tmean);
    const yy = 0.9 * this.st.prW3[mon];
    let rhm = (rhmo - yy) / (1 - yy);
    if (rhm < 0.05) rhm = 0.5 * rhmo;
    if (pcp > 0) rhm = rhm * 0.1 + 0.9;
    const vv = rhm - 1;
    const uplm = rhm - vv * Math.exp(vv);
    const blm = rhm * (1 - Math.exp(-rhm));
    return atri(blm, rhm, uplm, this.s, this.idg[P.RH]);
  }

  /** Generated wind speed at 1.7 m (m/s) — SWAT wndgen. */
  wind(mon: number): number {
    const v6 = aunif(this.s, this.idg[P.WND]);
    return this.st.wgn.wndav[mon] * Math.pow(-Math.log(v6), 0.3);
  }
}
