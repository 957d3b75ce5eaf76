// Expected Moments Algorithm (EMA; Cohn, Lane & Baier 1997; Bulletin 17C, England et al.
// 2018) for log-Pearson type III with censored and interval data: historic peaks with
// perception thresholds, years known only to lie below a threshold, low outliers
// recoded as "less than" the low-outlier threshold.
//
// Each year is an interval [lower, upper] on the flow (lower = upper: an exact flow;
// lower = 0: "less than upper"). EMA iterates: given the current moments (M, S, G), the
// censored years contribute the conditional expectations of X, (X−M)², (X−M)³ of the P3
// distribution on their interval; exact values contribute themselves, with the bias
// correction factors n/(n−1) and n²/((n−1)(n−2)) on the exact part (n: see
// EmaBiasCorrection). Iteration stops when the moments no longer change.
//
// The conditional moments use the integration-by-parts recurrence of the gamma density
// f (y·f(y))' = (α − y) f(y), which gives the truncated central moments without
// cancellation:  M_k = (k−1)(M_{k−1} + α M_{k−2}) − [(y−α)^{k−1} y f(y)]_c^d.

import { gammaP, lnGamma, normalCdf, pearson3K } from './special.ts';
import { multipleGrubbsBeck } from './mgbt.ts';
import type { MgbtResult } from './mgbt.ts';
import { grubbsBeckK, stationSkewMse, weightedSkew } from './b17b.ts';
import type { FrequencyCurve, Quantile, SkewOption } from './b17b.ts';

/** A year of record for EMA: the flow lies in [lower, upper] (lower = 0 and upper = threshold: censored). */
export interface EmaInterval {
  year: number;
  lower: number;
  upper: number;
}

/** Perception threshold: in these years a flow at or above `lower` would have been recorded. */
export interface PerceptionThreshold {
  startYear: number;
  endYear: number;
  lower: number;
  upper?: number;
}

export interface EmaPeak {
  year: number;
  flow: number;
}

/**
 * Bias correction of S² and G: 'cohn1997' applies n_e/(n_e−1) and n_e²/((n_e−1)(n_e−2))
 * with n_e the number of exact observations (Cohn et al. 1997; what PeakfqSA 0.997
 * computes — the default, checked against its output); 'griffis2004' uses n = all years
 * (Griffis et al. 2004).
 */
export type EmaBiasCorrection = 'cohn1997' | 'griffis2004';

export interface EmaOptions {
  biasCorrection?: EmaBiasCorrection;
  generalizedSkew?: number;
  generalizedSkewMse?: number;
  /** Default 'weighted' with a generalized skew and MSE, 'generalized' with a skew alone, else 'station'. */
  skewOption?: SkewOption;
  /**
   * Perception thresholds (default: every year from the first to the last peak with a
   * threshold of 0, i.e. a systematic record). Years inside a threshold period without a
   * peak are "less than" the threshold.
   */
  thresholds?: readonly PerceptionThreshold[];
  /**
   * Low-outlier threshold (flow): peaks below it become "less than" it. Default: the
   * threshold of the multiple Grubbs–Beck test (`lowOutlierTest`).
   */
  lowOutlierThreshold?: number;
  /**
   * 'mgbt' (default, Bulletin 17C): multiple Grubbs–Beck test on the systematic peaks
   * (years whose perception threshold is 0); 'none': no low-outlier test.
   */
  lowOutlierTest?: 'mgbt' | 'none';
  aeps?: number[];
  returnPeriods?: number[];
}

export interface EmaResult {
  method: 'EMA';
  /** Low-outlier threshold applied (0: none) and the peaks below it (censored as "less than"). */
  lowOutlierThreshold: number;
  lowOutliers: EmaPeak[];
  /** Multiple Grubbs–Beck test details when it was run. */
  mgbt: MgbtResult | null;
  /** Years in the analysis (exact + censored). */
  n: number;
  exact: number;
  censored: number;
  intervals: EmaInterval[];
  /** At-site EMA moments (log10). */
  atSite: FrequencyCurve;
  /** B17B-formula MSE of the at-site skew with the full period length. */
  atSiteSkewMse: number;
  generalizedSkew: number | null;
  weightedSkew: number | null;
  skewOption: SkewOption;
  /** Final moments (skew per option; M and S re-estimated by EMA with that skew). */
  curve: FrequencyCurve;
  iterations: number;
  frequencies: Quantile[];
  quantiles: Quantile[];
}


/** Truncated standardized moments E[Z^k | lo < Z < hi], k = 0..3 (k = 0: probability), for a P3 of skew g. */
export function truncatedP3Moments(lo: number, hi: number, g: number): [number, number, number, number] {
  if (Math.abs(g) < 1e-6) return truncatedNormalMoments(lo, hi);
  const alpha = 4 / (g * g);
  const sa = Math.sqrt(alpha);
  // Z = s (Y − α)/√α with s = sign(g): Y = α + s √α Z
  const s = g > 0 ? 1 : -1;
  let c = alpha + s * sa * (s > 0 ? lo : hi);
  let d = alpha + s * sa * (s > 0 ? hi : lo);
  c = Math.max(0, c);
  d = Math.max(0, d);
  const lg = lnGamma(alpha);
  // y·f(y) and its boundary values (0 at y = 0 and y = ∞)
  const yf = (y: number) => (y <= 0 || !Number.isFinite(y) ? 0 : Math.exp(alpha * Math.log(y) - y - lg));
  const P = (y: number) => (y <= 0 ? 0 : y === Infinity ? 1 : gammaP(alpha, y));
  const m0 = P(d) - P(c);
  if (!(m0 > 1e-300)) {
    // interval outside the support or of zero probability: use its nearest point
    const zEdge = Math.abs(c - alpha) < Math.abs(d - alpha) ? (s * (c - alpha)) / sa : (s * (d - alpha)) / sa;
    return [0, zEdge, zEdge * zEdge, zEdge ** 3];
  }
  const yfc = yf(c);
  const yfd = yf(d);
  const bnd = (k: number) => (Number.isFinite(d) ? (d - alpha) ** k * yfd : 0) - (c - alpha) ** k * yfc;
  const M1 = -bnd(0);
  const M2 = M1 + alpha * m0 - bnd(1);
  const M3 = 2 * (M2 + alpha * M1) - bnd(2);
  return [m0, (s * M1) / (sa * m0), M2 / (alpha * m0), (s * M3) / (alpha * sa * m0)];
}

function truncatedNormalMoments(lo: number, hi: number): [number, number, number, number] {
  const phi = (z: number) => (Number.isFinite(z) ? Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI) : 0);
  const m0 = (hi === Infinity ? 1 : normalCdf(hi)) - (lo === -Infinity ? 0 : normalCdf(lo));
  if (!(m0 > 1e-300)) {
    const z = Number.isFinite(lo) ? lo : hi;
    return [0, z, z * z, z ** 3];
  }
  const b = (k: number) => (Number.isFinite(hi) ? hi ** k * phi(hi) : 0) - (Number.isFinite(lo) ? lo ** k * phi(lo) : 0);
  const M1 = -b(0);
  const M2 = m0 - b(1);
  const M3 = 2 * M1 - b(2);
  return [m0, M1 / m0, M2 / m0, M3 / m0];
}

/** Years of record as EMA intervals from peaks and perception thresholds. */
export function emaIntervals(peaks: readonly EmaPeak[], thresholds?: readonly PerceptionThreshold[], lowOutlierThreshold?: number): EmaInterval[] {
  const byYear = new Map<number, number>();
  for (const p of peaks) {
    if (!Number.isFinite(p.flow)) throw new RangeError(`peak of year ${p.year} is not a number`);
    if (byYear.has(p.year)) throw new RangeError(`year ${p.year} has more than one peak`);
    byYear.set(p.year, p.flow);
  }
  const years = [...byYear.keys()];
  const th: PerceptionThreshold[] = thresholds && thresholds.length > 0
    ? [...thresholds]
    : [{ startYear: Math.min(...years), endYear: Math.max(...years), lower: 0 }];
  const out: EmaInterval[] = [];
  const seen = new Set<number>();
  for (const t of th) {
    if (t.endYear < t.startYear) throw new RangeError(`threshold period ${t.startYear}-${t.endYear} ends before it starts`);
    for (let y = t.startYear; y <= t.endYear; y++) {
      if (seen.has(y)) throw new RangeError(`year ${y} is in more than one perception threshold`);
      seen.add(y);
      const q = byYear.get(y);
      const upper = t.upper ?? Infinity;
      if (q === undefined) {
        if (t.lower > 0) out.push({ year: y, lower: 0, upper: t.lower });
        continue;
      }
      if (lowOutlierThreshold !== undefined && q < lowOutlierThreshold) out.push({ year: y, lower: 0, upper: lowOutlierThreshold });
      else if (q < t.lower) out.push({ year: y, lower: 0, upper: t.lower });
      else if (q > upper) out.push({ year: y, lower: upper, upper: Infinity });
      else out.push({ year: y, lower: q, upper: q });
    }
  }
  for (const y of years) if (!seen.has(y)) throw new RangeError(`peak of year ${y} lies outside the perception thresholds`);
  return out.sort((a, b) => a.year - b.year);
}

interface Moments {
  mean: number;
  std: number;
  skew: number;
}

/** EMA moments of log10 intervals; `fixedSkew` holds G fixed (generalized skew). */
function emaMoments(intervals: readonly EmaInterval[], fixedSkew: number | null, biasCorrection: EmaBiasCorrection): { m: Moments; iterations: number } {
  const exact: number[] = [];
  const cens: [number, number][] = [];
  for (const iv of intervals) {
    if (iv.lower === iv.upper) {
      if (!(iv.lower > 0)) throw new RangeError(`EMA needs positive flows (year ${iv.year}: ${iv.lower}); give zero flows as "less than" a small threshold`);
      exact.push(Math.log10(iv.lower));
    } else cens.push([iv.lower > 0 ? Math.log10(iv.lower) : -Infinity, iv.upper === Infinity ? Infinity : Math.log10(iv.upper)]);
  }
  const n = exact.length + cens.length;
  if (exact.length < 3) throw new RangeError(`EMA needs at least 3 exact peaks (got ${exact.length})`);
  const nb = biasCorrection === 'cohn1997' ? exact.length : n;
  const c2 = nb / (nb - 1);
  const c3 = (nb * nb) / ((nb - 1) * (nb - 2));
  // start from the exact observations
  let mean = exact.reduce((a, b) => a + b, 0) / exact.length;
  let s2 = exact.reduce((a, x) => a + (x - mean) ** 2, 0) / (exact.length - 1);
  let skew = fixedSkew ?? (exact.length > 2
    ? (exact.length * exact.reduce((a, x) => a + (x - mean) ** 3, 0)) / ((exact.length - 1) * (exact.length - 2) * s2 ** 1.5)
    : 0);
  let it = 0;
  for (it = 1; it <= 2000; it++) {
    const sd = Math.sqrt(s2);
    const cm = cens.map(([a, b]) => truncatedP3Moments((a - mean) / sd, (b - mean) / sd, skew));
    let sum = exact.reduce((a, b) => a + b, 0);
    for (const m of cm) sum += mean + sd * m[1];
    const newMean = sum / n;
    const delta = (newMean - mean) / sd;
    let e2 = 0;
    let e3 = 0;
    for (const x of exact) {
      e2 += (x - newMean) ** 2;
      e3 += (x - newMean) ** 3;
    }
    let k2 = 0;
    let k3 = 0;
    for (const m of cm) {
      // E[(Z − δ)^2], E[(Z − δ)^3]
      k2 += m[2] - 2 * delta * m[1] + delta * delta;
      k3 += m[3] - 3 * delta * m[2] + 3 * delta * delta * m[1] - delta ** 3;
    }
    const newS2 = (c2 * e2 + s2 * k2) / n;
    let newSkew = fixedSkew ?? (c3 * e3 + s2 * sd * k3) / (n * newS2 ** 1.5);
    if (fixedSkew === null && cens.length > 0) newSkew = Math.max(newSkew, -1.41);
    const change = Math.abs(newMean - mean) + Math.abs(Math.sqrt(newS2) - sd) + Math.abs(newSkew - skew);
    mean = newMean;
    s2 = newS2;
    skew = newSkew;
    if (change < 1e-12) break;
  }
  return { m: { mean, std: Math.sqrt(s2), skew }, iterations: it };
}

/**
 * EMA flood frequency analysis. Peaks are annual peaks with years; thresholds give the
 * historic period. Skew: station (at-site EMA), generalized (fixed), or weighted with the
 * B17B MSE of the at-site skew computed with the full period length (as PeakfqSA reports
 * 'B17B Est. of MSE[G_atsite]').
 */
export function emaAnalysis(peaks: readonly EmaPeak[], options: EmaOptions = {}): EmaResult {
  let lowThreshold = options.lowOutlierThreshold;
  let mgbt: MgbtResult | null = null;
  if (lowThreshold === undefined && (options.lowOutlierTest ?? 'mgbt') === 'mgbt') {
    const systematic = peaks.filter((p) => {
      const t = options.thresholds?.find((th) => p.year >= th.startYear && p.year <= th.endYear);
      return !t || t.lower <= 0;
    });
    if (systematic.length >= 10) {
      mgbt = multipleGrubbsBeck(systematic.map((p) => p.flow));
      lowThreshold = mgbt.threshold > 0 ? mgbt.threshold : undefined;
    }
  }
  const intervals = emaIntervals(peaks, options.thresholds, lowThreshold);
  const gen = options.generalizedSkew ?? null;
  const genMse = options.generalizedSkewMse ?? null;
  const skewOption: SkewOption = options.skewOption ?? (gen !== null ? (genMse !== null ? 'weighted' : 'generalized') : 'station');
  if (skewOption !== 'station' && gen === null) throw new RangeError(`skew option '${skewOption}' needs a generalized skew`);
  if (skewOption === 'weighted' && !(genMse !== null && genMse > 0)) throw new RangeError('weighted skew needs the MSE of the generalized skew');
  const bc = options.biasCorrection ?? 'cohn1997';
  const at = emaMoments(intervals, null, bc);
  const n = intervals.length;
  const mse = stationSkewMse(at.m.skew, n);
  const weighted = gen !== null && genMse !== null && genMse > 0 ? weightedSkew(at.m.skew, mse, gen, genMse) : null;
  let final = at;
  if (skewOption === 'generalized') final = emaMoments(intervals, gen, bc);
  else if (skewOption === 'weighted') final = emaMoments(intervals, weighted, bc);
  const curve: FrequencyCurve = { mean: final.m.mean, std: final.m.std, skew: final.m.skew };
  const atSite: FrequencyCurve = { mean: at.m.mean, std: at.m.std, skew: at.m.skew };
  const flow = (c: FrequencyCurve, p: number) => 10 ** (c.mean + pearson3K(p, c.skew) * c.std);
  const q = (aep: number, returnPeriod: number): Quantile => ({ returnPeriod, aep, flow: flow(curve, aep), systematicFlow: flow(atSite, aep) });
  const aeps = options.aeps ?? [0.995, 0.99, 0.95, 0.9, 0.8, 0.6667, 0.5, 0.4292, 0.2, 0.1, 0.04, 0.02, 0.01, 0.005, 0.002];
  const rps = options.returnPeriods ?? [1.5, 2, 5, 10, 25, 50, 100, 200, 500];
  for (const p of aeps) if (!(p > 0 && p < 1)) throw new RangeError(`exceedance probability must be between 0 and 1 exclusive (got ${p})`);
  return {
    method: 'EMA',
    lowOutlierThreshold: lowThreshold ?? 0,
    lowOutliers: lowThreshold !== undefined ? peaks.filter((p) => p.flow < lowThreshold!) : [],
    mgbt,
    n,
    exact: intervals.filter((i) => i.lower === i.upper).length,
    censored: intervals.filter((i) => i.lower !== i.upper).length,
    intervals,
    atSite,
    atSiteSkewMse: mse,
    generalizedSkew: gen,
    weightedSkew: weighted,
    skewOption,
    curve,
    iterations: final.iterations,
    frequencies: aeps.map((p) => q(p, 1 / p)),
    quantiles: rps.map((t) => q(1 / t, t)),
  };
}

/** Standard Grubbs–Beck low-outlier threshold of the exact peaks (B17B 10 % test), for use with EMA. */
export function grubbsBeckLowThreshold(flows: readonly number[]): number {
  const x = flows.filter((q) => q > 0).map(Math.log10);
  const n = x.length;
  const mean = x.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(x.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1));
  return 10 ** (mean - grubbsBeckK(n) * sd);
}

