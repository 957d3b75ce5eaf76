// SUFI-2 (Sequential Uncertainty Fitting, Abbaspour et al. 2004, 2007): iterations of a Latin
// hypercube over the current parameter ranges; after each iteration the ranges narrow around the
// behavioural runs; the 95 % prediction uncertainty band (95PPU) is the 2.5th and 97.5th
// percentiles of the behavioural runs' simulated values of each day, judged by the p-factor
// (share of observed days inside the band) and the r-factor (mean band width / σ of observed).
import type { Range } from './lhs.ts';

/** A finished run as the algorithms see it: its parameter values and score (higher is better;
 * null when the run failed or its fit is undefined). */
export type ScoredRun = { values: number[]; score: number | null; withinBound: boolean };

/**
 * The behavioural runs of an iteration (their indices): the runs that meet the PBIAS bound (all
 * scored runs when none does), best first, the best quarter of them and at least 2.
 * SWAT-CUP leaves the threshold to the user; a fixed share keeps the band and the update defined
 * for any objective value.
 */
export function behavioural(runs: readonly ScoredRun[]): number[] {
  const scored = runs.map((r, i) => ({ r, i })).filter((x) => x.r.score !== null && Number.isFinite(x.r.score));
  const within = scored.filter((x) => x.r.withinBound);
  const pool = (within.length ? within : scored).sort((a, b) => b.r.score! - a.r.score! || a.i - b.i);
  const keep = Math.min(pool.length, Math.max(2, Math.ceil(pool.length / 4)));
  return pool.slice(0, keep).map((x) => x.i);
}

/** The p-th quantile (0..1) of sorted values, linear between order statistics. */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/**
 * The next ranges, SUFI-2's update rule (Abbaspour et al. 2004, eq. 9–10): with b_lower and
 * b_upper the 2.5th and 97.5th percentiles of a parameter over the behavioural runs (widened to
 * hold the best run) and b_min, b_max the current range,
 *   b'_min = b_lower − max((b_lower − b_min)/2, (b_max − b_upper)/2)
 *   b'_max = b_upper + max((b_lower − b_min)/2, (b_max − b_upper)/2)
 * so the new range is centred on the good region and at most as wide as the old one; it is then
 * kept inside the request's initial range (the user's bounds, the catalogue's physical limits).
 */
export function sufi2Ranges(current: readonly Range[], initial: readonly Range[], runs: readonly ScoredRun[], best: readonly number[] | null): Range[] {
  const good = behavioural(runs);
  if (good.length < 2) return current.map((r) => [r[0], r[1]]);
  return current.map(([bmin, bmax], j) => {
    const v = good.map((i) => runs[i]!.values[j]!).sort((a, b) => a - b);
    let lower = quantileSorted(v, 0.025);
    let upper = quantileSorted(v, 0.975);
    if (best) {
      lower = Math.min(lower, best[j]!);
      upper = Math.max(upper, best[j]!);
    }
    const half = Math.max((lower - bmin) / 2, (bmax - upper) / 2);
    const [lo0, hi0] = initial[j]!;
    const lo = Math.max(lo0, lower - half);
    const hi = Math.min(hi0, upper + half);
    return hi > lo ? [lo, hi] : [Math.max(lo0, lower), Math.min(hi0, upper)];
  });
}

/** The 95PPU band: per day the 2.5th and 97.5th percentiles of the given runs' values. */
export function ppu95(series: readonly ArrayLike<number>[], days: number): { lower: Float64Array; upper: Float64Array } {
  const lower = new Float64Array(days).fill(NaN);
  const upper = new Float64Array(days).fill(NaN);
  const col = new Float64Array(series.length);
  for (let d = 0; d < days; d++) {
    let n = 0;
    for (const s of series) {
      const v = s[d]!;
      if (Number.isFinite(v)) col[n++] = v;
    }
    if (n === 0) continue;
    const sorted = col.subarray(0, n).sort();
    lower[d] = quantileSorted(sorted, 0.025);
    upper[d] = quantileSorted(sorted, 0.975);
  }
  return { lower, upper };
}

/** p-factor and r-factor of a band over the observed days (NaN observed days left out). */
export function bandFactors(observed: ArrayLike<number>, lower: ArrayLike<number>, upper: ArrayLike<number>, from = 0, to = observed.length): { pFactor: number; rFactor: number } {
  let n = 0, inside = 0, width = 0, sum = 0, sum2 = 0;
  for (let d = from; d < to; d++) {
    const o = observed[d]!, lo = lower[d]!, hi = upper[d]!;
    if (!Number.isFinite(o) || !Number.isFinite(lo) || !Number.isFinite(hi)) continue;
    n++;
    if (o >= lo && o <= hi) inside++;
    width += hi - lo;
    sum += o;
    sum2 += o * o;
  }
  if (n === 0) return { pFactor: NaN, rFactor: NaN };
  const sd = Math.sqrt(Math.max(0, sum2 / n - (sum / n) ** 2));
  return { pFactor: inside / n, rFactor: sd > 0 ? width / n / sd : NaN };
}
