// Flood frequency analysis after Bulletin 17B (IACWD 1982): log-Pearson type III fitted by
// the method of moments on log10 of the annual peaks, with
//   - station skew and its mean square error (B17B eq. 6),
//   - weighted skew from a generalized (regional) skew and its MSE (eq. 5),
//   - Grubbs–Beck (1972) one-sided 10 % high and low outlier tests (Appendix 4),
//   - the conditional probability adjustment for zero flows and low outliers (Appendix 5),
//   - high outliers retained in the systematic record when no historic information is
//     available (section V.A.4: "If useful historic information is not available to
//     adjust for high outliers, then they should be retained as part of the systematic
//     record"),
//   - exact Pearson type III frequency factors (see special.ts),
//   - approximate confidence limits of Appendix 9 (non-central t approximation).
// Checked against USGS PeakFQ 7.1 (B17B mode) output in the tests.

import { normalQuantile, pearson3K } from './special.ts';

/** One annual peak. */
export interface AnnualPeak {
  year: number;
  flow: number;
}

export type SkewOption = 'weighted' | 'station' | 'generalized';

export interface B17bOptions {
  /** Generalized (regional) skew, e.g. from Plate I of B17B or a regional study. */
  generalizedSkew?: number;
  /** Mean square error of the generalized skew (B17B Plate I: 0.302 = 0.55²). */
  generalizedSkewMse?: number;
  /** Which skew defines the final curve. Default: 'weighted' when a generalized skew is given, else 'station'. */
  skewOption?: SkewOption;
  /** Exceedance probabilities to report (default: PeakFQ's list). */
  aeps?: number[];
  /** Return periods (years) to report as `quantiles` (default 1.5, 2, 5, 10, 25, 50, 100, 200, 500). */
  returnPeriods?: number[];
  /** Gage base discharge: peaks at or below it are treated like zero flows (default 0). */
  gageBase?: number;
  /** User-supplied low outlier threshold (flow); replaces the Grubbs–Beck low-outlier criterion. */
  lowOutlierThreshold?: number;
  /** User-supplied high outlier threshold (flow); replaces the Grubbs–Beck high-outlier criterion. */
  highOutlierThreshold?: number;
  /**
   * Round the final skew to the nearest tenth, as when frequency factors are read from the
   * 0.1-step tables of B17B Appendix 3 (the Bulletin's worked examples). Default false:
   * exact factors at the computed skew (as PeakFQ).
   */
  roundSkew?: boolean;
  /**
   * Level of each one-sided confidence limit of Appendix 9 (default 0.95: the 5 % lower and
   * 95 % upper limits, which PeakFQ prints as its "95% confidence intervals").
   */
  confidenceLevel?: number;
}

export interface Quantile {
  /** Return period in years (1/aep). */
  returnPeriod: number;
  /** Annual exceedance probability. */
  aep: number;
  /** Flow estimate (same unit as the peaks). */
  flow: number;
  /** Flow with the station (systematic record) skew instead of the final skew. */
  systematicFlow?: number;
  /** Lower and upper one-sided confidence limits (Appendix 9), when computable. */
  lower?: number;
  upper?: number;
}

export interface FrequencyCurve {
  /** Mean of log10 flows. */
  mean: number;
  /** Standard deviation of log10 flows. */
  std: number;
  /** Skew of log10 flows used for the curve. */
  skew: number;
}

export interface B17bResult {
  /** Number of peaks in the record (all years, including zeros and low outliers). */
  n: number;
  /** Number of peaks used to compute the log-space moments (positive, above the low-outlier threshold). */
  nUsed: number;
  /** Peaks at or below the gage base (zero flows). */
  zeroFlows: AnnualPeak[];
  /** Log-space mean, standard deviation and station skew of the peaks used. */
  mean: number;
  std: number;
  stationSkew: number;
  /** B17B mean square error of the station skew. */
  stationSkewMse: number;
  generalizedSkew: number | null;
  generalizedSkewMse: number | null;
  /** Weighted skew (null when no generalized skew was given). */
  weightedSkew: number | null;
  skewOption: SkewOption;
  /** Grubbs–Beck critical value K_N for the sample size tested. */
  grubbsBeckK: number;
  /** Low and high outlier thresholds (flow). */
  lowOutlierThreshold: number;
  highOutlierThreshold: number;
  lowOutliers: AnnualPeak[];
  highOutliers: AnnualPeak[];
  /** Conditional probability adjustment (Appendix 5), when zero flows or low outliers were removed. */
  conditionalAdjustment: null | {
    /** Fraction of peaks above the truncation level, n/N. */
    probabilityAboveBase: number;
    /** Statistics of the truncated record. */
    truncated: FrequencyCurve;
    /** Synthetic statistics (from Q0.01, Q0.10, Q0.50 of the adjusted curve). */
    synthetic: FrequencyCurve;
  };
  /** Final frequency curve (log10 space). */
  curve: FrequencyCurve;
  /** Systematic-record curve: same moments with the station skew (PeakFQ's 'SYSTEMATIC RECORD' column). */
  systematicCurve: FrequencyCurve;
  /** Flows at the requested exceedance probabilities. */
  frequencies: Quantile[];
  /** Flows at the requested return periods. */
  quantiles: Quantile[];
}

/** PeakFQ's printed exceedance probabilities. */
export const PEAKFQ_AEPS = [0.995, 0.99, 0.95, 0.9, 0.8, 0.6667, 0.5, 0.4292, 0.2, 0.1, 0.04, 0.02, 0.01, 0.005, 0.002];
/** Return periods reported by default: the spec's 2, 10, 25, 50, 100, 200 years plus PeakFQ's 1.5, 5, 500. */
export const DEFAULT_RETURN_PERIODS = [1.5, 2, 5, 10, 25, 50, 100, 200, 500];

// Grubbs–Beck one-sided 10 % critical values K_N for normal samples, N = 3..100
// (Bulletin 17B Appendix 4 table; Grubbs and Beck 1972, Technometrics 14(4)).
const GB10: readonly number[] = [
  1.148, 1.425, 1.602, 1.729, 1.828, 1.909, 1.977, 2.036, 2.088, // N = 3-11
  2.134, 2.175, 2.213, 2.247, 2.279, 2.309, 2.335, 2.361, 2.385, 2.408, 2.429, // 12-22
  2.448, 2.467, 2.486, 2.502, 2.519, 2.534, 2.549, 2.563, 2.577, 2.591, 2.604, // 23-33
  2.616, 2.628, 2.639, 2.650, 2.661, 2.671, 2.682, 2.692, 2.700, 2.710, 2.719, // 34-44
  2.727, 2.736, 2.744, 2.753, 2.760, 2.768, 2.775, 2.783, 2.790, 2.798, 2.804, // 45-55
  2.811, 2.818, 2.824, 2.831, 2.837, 2.842, 2.849, 2.854, 2.860, 2.866, 2.871, // 56-66
  2.877, 2.883, 2.888, 2.893, 2.897, 2.903, 2.908, 2.912, 2.917, 2.922, 2.927, // 67-77
  2.931, 2.935, 2.940, 2.945, 2.949, 2.953, 2.957, 2.961, 2.966, 2.970, 2.973, // 78-88
  2.977, 2.981, 2.984, 2.989, 2.993, 2.996, 3.000, 3.003, 3.006, 3.011, 3.014, // 89-99
  3.017, // 100
];
// Anchor values used for N > 100: 3.078 at N = 120, 3.144 at N = 147 (B17B table);
// linear in between and beyond (N capped at 180), as in PeakFQ.
const GB10_120 = 3.078;
const GB10_147 = 3.144;

/**
 * Grubbs–Beck one-sided 10 % outlier criterion K_N (Bulletin 17B Appendix 4).
 * Tabulated for 3 ≤ N ≤ 100; for larger N interpolated linearly towards the tabulated
 * values at 120 and 147.
 */
export function grubbsBeckK(n: number): number {
  if (!(n >= 3)) throw new RangeError(`Grubbs–Beck test needs at least 3 peaks (got ${n})`);
  const N = Math.floor(n);
  if (N <= 100) return GB10[N - 3]!;
  const k100 = GB10[97]!;
  if (N <= 120) return k100 + 0.05 * (N - 100) * (GB10_120 - k100);
  const NN = Math.min(N, 180);
  return GB10_120 + ((GB10_147 - GB10_120) * (NN - 120)) / 27;
}

/** Mean, standard deviation (n − 1) and skew coefficient (B17B eq. 4) of a sample. */
export function moments(x: readonly number[]): { mean: number; std: number; skew: number } {
  const n = x.length;
  if (n < 3) throw new RangeError(`at least 3 values are needed for the moments (got ${n})`);
  let sum = 0;
  for (const v of x) sum += v;
  const mean = sum / n;
  let s2 = 0;
  let s3 = 0;
  for (const v of x) {
    const d = v - mean;
    s2 += d * d;
    s3 += d * d * d;
  }
  const std = Math.sqrt(s2 / (n - 1));
  const skew = std > 0 ? (n * s3) / ((n - 1) * (n - 2) * std ** 3) : 0;
  return { mean, std, skew };
}

/**
 * Mean square error of the station skew, B17B eq. 6:
 *   MSE ≈ 10^(A − B log10(N/10)),
 *   A = −0.33 + 0.08|G| (|G| ≤ 0.90), −0.52 + 0.30|G| (|G| > 0.90),
 *   B = 0.94 − 0.26|G| (|G| ≤ 1.50), 0.55 (|G| > 1.50).
 */
export function stationSkewMse(skew: number, n: number): number {
  const g = Math.abs(skew);
  const A = g <= 0.9 ? -0.33 + 0.08 * g : -0.52 + 0.3 * g;
  const B = g <= 1.5 ? 0.94 - 0.26 * g : 0.55;
  return 10 ** (A - B * Math.log10(n / 10));
}

/** Weighted skew, B17B eq. 5: G_W = (MSE_Ḡ·G + MSE_G·Ḡ) / (MSE_Ḡ + MSE_G). */
export function weightedSkew(station: number, stationMse: number, generalized: number, generalizedMse: number): number {
  return (generalizedMse * station + stationMse * generalized) / (generalizedMse + stationMse);
}

function validateProbability(p: number): void {
  if (!(p > 0 && p < 1)) throw new RangeError(`exceedance probability must be between 0 and 1 exclusive (got ${p})`);
}

/** Flow of a log-Pearson III curve at an exceedance probability. */
export function lp3Flow(curve: FrequencyCurve, aep: number): number {
  validateProbability(aep);
  return 10 ** (curve.mean + pearson3K(aep, curve.skew) * curve.std);
}

/**
 * Approximate confidence limits of a quantile, B17B Appendix 9:
 * K_U,L = (K ± √(K² − ab))/a, a = 1 − z²/(2(N − 1)), b = K² − z²/N,
 * z the standard normal deviate of the one-sided level (1.645 for 0.95).
 */
export function confidenceLimits(curve: FrequencyCurve, aep: number, n: number, level = 0.95): { lower: number; upper: number } | null {
  if (!(level > 0.5 && level < 1)) throw new RangeError(`confidence level must be between 0.5 and 1 (got ${level})`);
  const z = normalQuantile(level);
  const K = pearson3K(aep, curve.skew);
  const a = 1 - (z * z) / (2 * (n - 1));
  const b = K * K - (z * z) / n;
  const disc = K * K - a * b;
  if (!(a > 0) || disc < 0) return null;
  const ku = (K + Math.sqrt(disc)) / a;
  const kl = (K - Math.sqrt(disc)) / a;
  return { lower: 10 ** (curve.mean + kl * curve.std), upper: 10 ** (curve.mean + ku * curve.std) };
}

function roundIf(skew: number, round: boolean | undefined): number {
  return round ? Math.round(skew * 10) / 10 : skew;
}

function chooseSkew(option: SkewOption, station: number, stationMse: number, gen: number | null, genMse: number | null): number {
  if (option === 'station') return station;
  if (gen === null) throw new RangeError(`skew option '${option}' needs a generalized skew`);
  if (option === 'generalized') return gen;
  if (genMse === null || !(genMse > 0)) throw new RangeError('weighted skew needs the mean square error of the generalized skew');
  return weightedSkew(station, stationMse, gen, genMse);
}

/**
 * Bulletin 17B flood frequency analysis of annual peaks.
 * Peaks are used as given (one per year); zero or negative flows (at or below the
 * gage base) enter the conditional probability adjustment.
 */
export function bulletin17b(peaks: readonly AnnualPeak[], options: B17bOptions = {}): B17bResult {
  for (const p of peaks) {
    if (!Number.isFinite(p.flow)) throw new RangeError(`peak of year ${p.year} is not a number`);
    if (p.flow < 0) throw new RangeError(`peak of year ${p.year} is negative (${p.flow})`);
  }
  const gen = options.generalizedSkew ?? null;
  const genMse = options.generalizedSkewMse ?? null;
  if (gen !== null && !Number.isFinite(gen)) throw new RangeError('generalized skew must be a number');
  if (genMse !== null && !(genMse > 0)) throw new RangeError('generalized skew MSE must be a positive number');
  const skewOption: SkewOption = options.skewOption ?? (gen !== null ? 'weighted' : 'station');
  const gageBase = options.gageBase ?? 0;
  const confidence = options.confidenceLevel ?? 0.95;
  const aeps = options.aeps ?? PEAKFQ_AEPS;
  const returnPeriods = options.returnPeriods ?? DEFAULT_RETURN_PERIODS;
  for (const p of aeps) validateProbability(p);
  for (const t of returnPeriods) if (!(t > 1)) throw new RangeError(`return period must be greater than 1 year (got ${t})`);

  const N = peaks.length;
  const zeroFlows = peaks.filter((p) => p.flow <= gageBase || p.flow <= 0);
  const positive = peaks.filter((p) => p.flow > gageBase && p.flow > 0);
  if (positive.length < 3) throw new RangeError(`at least 3 positive annual peaks are needed (got ${positive.length})`);

  const logOf = (list: readonly AnnualPeak[]): number[] => list.map((p) => Math.log10(p.flow));
  const full = moments(logOf(positive));
  if (!(full.std > 0)) throw new RangeError('all positive peaks are equal: no frequency curve can be fitted');

  // --- Outlier tests (B17B V.A.4 / V.A.5 and Appendix 4) ---
  let kn = grubbsBeckK(positive.length);
  let lowThreshold: number;
  let highThreshold: number;
  let lowOutliers: AnnualPeak[];
  let retained: AnnualPeak[];
  let highOutliers: AnnualPeak[];
  if (full.skew < -0.4 && options.lowOutlierThreshold === undefined) {
    // low outliers first, then recompute and test for high outliers
    lowThreshold = 10 ** (full.mean - kn * full.std);
    lowOutliers = positive.filter((p) => p.flow < lowThreshold);
    retained = positive.filter((p) => p.flow >= lowThreshold);
    if (retained.length < 3) throw new RangeError('fewer than 3 peaks remain above the low-outlier threshold');
    const m2 = lowOutliers.length > 0 ? moments(logOf(retained)) : full;
    const kn2 = lowOutliers.length > 0 ? grubbsBeckK(retained.length) : kn;
    highThreshold = options.highOutlierThreshold ?? 10 ** (m2.mean + kn2 * m2.std);
    if (lowOutliers.length > 0) kn = kn2;
  } else {
    // |G| ≤ 0.4: both tests on the full sample; G > 0.4: high first — without historic
    // information high outliers are retained, so the low test uses the same statistics.
    lowThreshold = options.lowOutlierThreshold ?? 10 ** (full.mean - kn * full.std);
    highThreshold = options.highOutlierThreshold ?? 10 ** (full.mean + kn * full.std);
    lowOutliers = positive.filter((p) => p.flow < lowThreshold);
    retained = positive.filter((p) => p.flow >= lowThreshold);
  }
  if (options.lowOutlierThreshold !== undefined && full.skew < -0.4) {
    lowThreshold = options.lowOutlierThreshold;
    lowOutliers = positive.filter((p) => p.flow < lowThreshold);
    retained = positive.filter((p) => p.flow >= lowThreshold);
  }
  highOutliers = retained.filter((p) => p.flow > highThreshold);
  if (retained.length < 3) throw new RangeError('fewer than 3 peaks remain above the low-outlier threshold');

  const stats = lowOutliers.length > 0 ? moments(logOf(retained)) : full;
  const nUsed = retained.length;
  const stMse = stationSkewMse(stats.skew, nUsed);

  let conditionalAdjustment: B17bResult['conditionalAdjustment'] = null;
  let curve: FrequencyCurve;
  let systematicCurve: FrequencyCurve;
  let weighted: number | null = null;
  let reportedStationSkew = stats.skew;
  let reportedMse = stMse;

  if (lowOutliers.length + zeroFlows.length > 0) {
    // --- Conditional probability adjustment (Appendix 5) ---
    const pAbove = nUsed / N;
    const truncated: FrequencyCurve = { mean: stats.mean, std: stats.std, skew: stats.skew };
    const adjusted = (aep: number): number => {
      const pd = aep / pAbove;
      if (!(pd < 1)) {
        throw new RangeError(`conditional probability adjustment (B17B Appendix 5) not applicable: only ${nUsed} of ${N} peaks (${(pAbove * 100).toFixed(0)}%) lie above the zero-flow/low-outlier level, the ${aep} exceedance flow is below it`);
      }
      return lp3Flow(truncated, pd);
    };
    const q01 = adjusted(0.01);
    const q10 = adjusted(0.1);
    const q50 = adjusted(0.5);
    // synthetic statistics, B17B eqs. 5-1 to 5-3
    const gs = -2.5 + (3.12 * Math.log10(q01 / q10)) / Math.log10(q10 / q50);
    const k01 = pearson3K(0.01, gs);
    const k50 = pearson3K(0.5, gs);
    const ss = Math.log10(q01 / q50) / (k01 - k50);
    const xs = Math.log10(q50) - k50 * ss;
    const synthetic: FrequencyCurve = { mean: xs, std: ss, skew: gs };
    conditionalAdjustment = { probabilityAboveBase: pAbove, truncated, synthetic };
    // The synthetic skew takes the place of the station skew (MSE from the full record length N).
    reportedStationSkew = gs;
    reportedMse = stationSkewMse(gs, N);
    if (gen !== null && genMse !== null) weighted = weightedSkew(gs, reportedMse, gen, genMse);
    const skew = roundIf(chooseSkew(skewOption, gs, reportedMse, gen, genMse), options.roundSkew);
    curve = { mean: xs, std: ss, skew };
    systematicCurve = synthetic;
  } else {
    if (gen !== null && genMse !== null) weighted = weightedSkew(stats.skew, stMse, gen, genMse);
    const skew = roundIf(chooseSkew(skewOption, stats.skew, stMse, gen, genMse), options.roundSkew);
    curve = { mean: stats.mean, std: stats.std, skew };
    systematicCurve = { mean: stats.mean, std: stats.std, skew: stats.skew };
  }

  const at = (aep: number, returnPeriod: number): Quantile => {
    const q: Quantile = { returnPeriod, aep, flow: lp3Flow(curve, aep), systematicFlow: lp3Flow(systematicCurve, aep) };
    const cl = confidenceLimits(curve, aep, conditionalAdjustment ? N : nUsed, confidence);
    if (cl) {
      q.lower = cl.lower;
      q.upper = cl.upper;
    }
    return q;
  };

  return {
    n: N,
    nUsed,
    zeroFlows,
    mean: stats.mean,
    std: stats.std,
    stationSkew: reportedStationSkew,
    stationSkewMse: reportedMse,
    generalizedSkew: gen,
    generalizedSkewMse: genMse,
    weightedSkew: weighted,
    skewOption,
    grubbsBeckK: kn,
    lowOutlierThreshold: lowThreshold,
    highOutlierThreshold: highThreshold,
    lowOutliers,
    highOutliers,
    conditionalAdjustment,
    curve,
    systematicCurve,
    frequencies: aeps.map((aep) => at(aep, 1 / aep)),
    quantiles: returnPeriods.map((t) => at(1 / t, t)),
  };
}
