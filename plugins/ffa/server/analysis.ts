// Flood frequency analysis of one subbasin: the annual maxima of its reach's daily flow
// (FLOW_OUTcms of output.rch, calendar years), fitted with Bulletin 17B or Bulletin 17C's EMA by
// @headwater/swat — the same functions `hw-swat ffa` runs, so a request's quantiles equal
// `hw-swat ffa --input peaks_<n>.csv` on its own annual peaks.
import { bulletin17b, emaAnalysis, type AnnualPeak, type B17bResult, type EmaResult } from '@headwater/swat/post/ffa/index.ts';
import { emaConfidenceIntervals } from '@headwater/swat/post/ffa/ema-intervals.ts';
import { fastMultipleGrubbsBeck } from './fast.ts';
import { FFA_RETURN_PERIODS, type FfaMethod } from '@headwater/plugin-sdk/schema';

/** Exceedance probabilities of the drawn frequency curve (PeakFQ's list plus a few between). */
export const CURVE_AEPS = [0.995, 0.99, 0.98, 0.95, 0.9, 0.8, 0.7, 0.6667, 0.6, 0.5, 0.4292, 0.4, 0.3, 0.2, 0.1, 0.05, 0.04, 0.02, 0.01, 0.005, 0.002];

/** The probabilities of the confidence intervals: the curve's and the quantile table's (1/T). */
export const CI_AEPS = [...new Set([...CURVE_AEPS, ...FFA_RETURN_PERIODS.map((t) => 1 / t)])];

export type FfaOptions = { method: FfaMethod; generalizedSkew?: number; generalizedSkewMse?: number };

export type AnnualPeakOfDay = AnnualPeak & { date: string };

export type FfaQuantile = { returnPeriod: number; aep: number; flow: number; lower: number | null; upper: number | null };

export type FfaSubbasinResult = {
  number: number;
  name: string;
  method: string;
  years: number;
  firstYear: number | null;
  lastYear: number | null;
  /** Annual peaks with their Weibull plotting position (AEP = rank / (n + 1)). */
  peaks: (AnnualPeakOfDay & { aep: number; outlier: 'low' | 'high' | 'zero' | null })[];
  stats: {
    mean: number;
    std: number;
    stationSkew: number;
    stationSkewMse: number;
    generalizedSkew: number | null;
    weightedSkew: number | null;
    skew: number;
    skewOption: string;
  } | null;
  outliers: {
    lowThreshold: number;
    highThreshold: number | null;
    low: AnnualPeak[];
    high: AnnualPeak[];
    zeroFlows: AnnualPeak[];
    conditionalAdjustment: boolean;
    /** Bulletin 17C: the multiple Grubbs–Beck test of the smallest half of the peaks — each
     * one's ω and the critical ω of the outward sweep (α 0.005). */
    mgbt: { flow: number; omega: number; critical: number }[] | null;
  } | null;
  quantiles: FfaQuantile[];
  curve: { aep: number; flow: number; lower: number | null; upper: number | null }[];
  /** Why no curve could be fitted (too few positive peaks...). */
  error: string | null;
};

/** Annual maxima by calendar year of one unit's daily values (as `annualMaxima` of @headwater/swat:
 * the first day of the maximum, non-finite days skipped). Days are compared by `raw(i)` and the
 * maximum reported as `decode(raw)`: with stored Float32 values, `storedValue` is increasing, so
 * comparing the Float32s picks the same day and only 365 values a year need decoding. */
export function annualPeaks(times: readonly number[], raw: (i: number) => number, decode: (v: number) => number = (v) => v): AnnualPeakOfDay[] {
  const out: AnnualPeakOfDay[] = [];
  let year = -1;
  let best = -Infinity;
  let bestDay = -1;
  const flush = () => {
    if (bestDay >= 0) {
      const t = times[bestDay]!;
      const m = Math.floor(t / 100) % 100;
      const d = t % 100;
      out.push({ year, flow: decode(raw(bestDay)), date: `${year}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}` });
    }
  };
  for (let i = 0; i < times.length; i++) {
    const y = Math.floor(times[i]! / 10000);
    if (y !== year) {
      flush();
      year = y;
      best = -Infinity;
      bestDay = -1;
    }
    const v = raw(i);
    if (Number.isFinite(v) && v > best) {
      best = v;
      bestDay = i;
    }
  }
  flush();
  return out.sort((a, b) => a.year - b.year);
}

const skewOptionsOf = (o: FfaOptions) =>
  o.generalizedSkew !== undefined && o.generalizedSkewMse !== undefined ? { generalizedSkew: o.generalizedSkew, generalizedSkewMse: o.generalizedSkewMse, skewOption: 'weighted' as const } : {};

/** Speed-ups of a request over many subbasins (fast.ts): the same answers. */
export type FfaSpeed = { frequencyFactor?: (aep: number, skew: number) => number };

/** Fits the curve of one subbasin's peaks; a subbasin that cannot be fitted gets `error`. */
export function analyseSubbasin(number: number, name: string, peaks: AnnualPeakOfDay[], options: FfaOptions, speed: FfaSpeed = {}): FfaSubbasinResult {
  const n = peaks.length;
  const ranked = [...peaks].sort((a, b) => b.flow - a.flow || a.year - b.year);
  const aepOf = new Map(ranked.map((p, i) => [p.year, (i + 1) / (n + 1)]));
  const base: FfaSubbasinResult = {
    number,
    name,
    method: options.method === 'ema' ? 'Bulletin 17C (EMA)' : 'Bulletin 17B',
    years: n,
    firstYear: peaks[0]?.year ?? null,
    lastYear: peaks[n - 1]?.year ?? null,
    peaks: peaks.map((p) => ({ ...p, aep: aepOf.get(p.year)!, outlier: p.flow <= 0 ? 'zero' : null })),
    stats: null,
    outliers: null,
    quantiles: [],
    curve: [],
    error: null,
  };
  const input = peaks.map((p) => ({ year: p.year, flow: p.flow }));
  try {
    if (options.method === 'ema') return { ...base, ...fromEma(input, options, base, speed) };
    return { ...base, ...fromB17b(input, options, base) };
  } catch (err) {
    if (err instanceof RangeError) return { ...base, error: err.message };
    throw err;
  }
}

function markOutliers(base: FfaSubbasinResult, low: AnnualPeak[], high: AnnualPeak[]): FfaSubbasinResult['peaks'] {
  const lows = new Set(low.map((p) => p.year));
  const highs = new Set(high.map((p) => p.year));
  return base.peaks.map((p) => ({ ...p, outlier: p.outlier ?? (lows.has(p.year) ? 'low' : highs.has(p.year) ? 'high' : null) }));
}

function fromB17b(peaks: AnnualPeak[], options: FfaOptions, base: FfaSubbasinResult): Partial<FfaSubbasinResult> {
  const r: B17bResult = bulletin17b(peaks, { ...skewOptionsOf(options), returnPeriods: [...FFA_RETURN_PERIODS], aeps: CURVE_AEPS });
  return {
    peaks: markOutliers(base, r.lowOutliers, r.highOutliers),
    stats: { mean: r.mean, std: r.std, stationSkew: r.stationSkew, stationSkewMse: r.stationSkewMse, generalizedSkew: r.generalizedSkew, weightedSkew: r.weightedSkew, skew: r.curve.skew, skewOption: r.skewOption },
    outliers: {
      lowThreshold: r.lowOutlierThreshold,
      highThreshold: r.highOutlierThreshold,
      low: r.lowOutliers,
      high: r.highOutliers,
      zeroFlows: r.zeroFlows,
      conditionalAdjustment: r.conditionalAdjustment !== null,
      mgbt: null,
    },
    quantiles: r.quantiles.map((q) => ({ returnPeriod: q.returnPeriod, aep: q.aep, flow: q.flow, lower: q.lower ?? null, upper: q.upper ?? null })),
    curve: r.frequencies.map((q) => ({ aep: q.aep, flow: q.flow, lower: q.lower ?? null, upper: q.upper ?? null })),
  };
}

function fromEma(peaks: AnnualPeak[], options: FfaOptions, base: FfaSubbasinResult, speed: FfaSpeed): Partial<FfaSubbasinResult> {
  const rps = [...FFA_RETURN_PERIODS];
  // the multiple Grubbs–Beck test as emaAnalysis runs it (every year systematic, 10 or more),
  // with the same decisions but without a p-value integral per rank
  const mgbt = peaks.length >= 10 ? fastMultipleGrubbsBeck(peaks.map((p) => p.flow)) : null;
  const lowOutliers = mgbt && mgbt.threshold > 0 ? { lowOutlierThreshold: mgbt.threshold } : { lowOutlierTest: 'none' as const };
  const r: EmaResult = emaAnalysis(peaks, { ...skewOptionsOf(options), ...lowOutliers, returnPeriods: rps, aeps: CURVE_AEPS });
  const ci = emaConfidenceIntervals(r, { aeps: CI_AEPS, generalizedSkewMse: options.generalizedSkewMse, frequencyFactor: speed.frequencyFactor });
  const interval = (aep: number) => ci.find((c) => Math.abs(c.aep - aep) < 1e-12) ?? null;
  return {
    peaks: markOutliers(base, r.lowOutliers, []),
    stats: {
      mean: r.curve.mean,
      std: r.curve.std,
      stationSkew: r.atSite.skew,
      stationSkewMse: r.atSiteSkewMse,
      generalizedSkew: r.generalizedSkew,
      weightedSkew: r.weightedSkew,
      skew: r.curve.skew,
      skewOption: r.skewOption,
    },
    outliers: {
      lowThreshold: r.lowOutlierThreshold,
      highThreshold: null,
      low: r.lowOutliers,
      high: [],
      zeroFlows: peaks.filter((p) => p.flow <= 0),
      conditionalAdjustment: false,
      mgbt: mgbt ? mgbt.statistics : null,
    },
    quantiles: r.quantiles.map((q) => ({ returnPeriod: q.returnPeriod, aep: q.aep, flow: q.flow, lower: interval(q.aep)?.lower ?? null, upper: interval(q.aep)?.upper ?? null })),
    curve: r.frequencies.map((q) => ({ aep: q.aep, flow: q.flow, lower: interval(q.aep)?.lower ?? null, upper: interval(q.aep)?.upper ?? null })),
  };
}

// ─── files ──────────────────────────────────────────────────────────────────────────────

/** Numbers in the CSV files: the full double (what `hw-swat ffa --json` prints), blank for none. */
const num = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '' : String(v));
const csvText = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** `hw-swat ffa` input: `year,peak`. */
export function peaksCsv(r: FfaSubbasinResult): string {
  return ['year,peak', ...r.peaks.map((p) => `${p.year},${num(p.flow)}`)].join('\n') + '\n';
}

export function quantilesCsv(r: FfaSubbasinResult): string {
  return ['returnPeriod,aep,flow_cms,lower_cms,upper_cms', ...r.quantiles.map((q) => `${q.returnPeriod},${num(q.aep)},${num(q.flow)},${num(q.lower)},${num(q.upper)}`)].join('\n') + '\n';
}

export const SUMMARY_HEADER = [
  'subbasin',
  'reach',
  'method',
  'years',
  'log_mean',
  'log_std',
  'station_skew',
  'weighted_skew',
  'skew',
  'low_outlier_threshold_cms',
  'low_outliers',
  'high_outlier_threshold_cms',
  'high_outliers',
  ...FFA_RETURN_PERIODS.map((t) => `Q${t}_cms`),
  'note',
];

export function summaryLine(r: FfaSubbasinResult): string {
  const q = (t: number) => num(r.quantiles.find((x) => x.returnPeriod === t)?.flow);
  return [
    csvText(r.name),
    r.number,
    csvText(r.method),
    r.years,
    num(r.stats?.mean),
    num(r.stats?.std),
    num(r.stats?.stationSkew),
    num(r.stats?.weightedSkew),
    num(r.stats?.skew),
    num(r.outliers?.lowThreshold),
    r.outliers?.low.length ?? '',
    num(r.outliers?.highThreshold),
    r.outliers?.high.length ?? '',
    ...FFA_RETURN_PERIODS.map(q),
    csvText(r.error ?? ''),
  ].join(',');
}

/** A compact row of the results page's table. */
export type FfaSummaryRow = { number: number; name: string; years: number; skew: number | null; quantiles: { returnPeriod: number; flow: number }[]; lowOutliers: number; highOutliers: number; error: string | null };

export function summaryRow(r: FfaSubbasinResult): FfaSummaryRow {
  return {
    number: r.number,
    name: r.name,
    years: r.years,
    skew: r.stats?.skew ?? null,
    quantiles: r.quantiles.map((q) => ({ returnPeriod: q.returnPeriod, flow: q.flow })),
    lowOutliers: r.outliers?.low.length ?? 0,
    highOutliers: r.outliers?.high.length ?? 0,
    error: r.error,
  };
}
