// Speed for thousands of subbasins of equal record length, without changing a single answer:
//
// - The multiple Grubbs–Beck test compares p-values with α (0.005 outward, 0.10 inward). A
//   p-value is an integral over the order statistic's distribution, ~50 ms each — 15 of them per
//   30-year subbasin. For a record length n and a rank r the p-value increases with ω, so
//   "p < α" is "ω < ω_crit(n, r, α)": a bracket of the critical ω (0.005 wide) is found once per
//   (n, r, α) and kept, and the exact p-value is computed only for an ω inside it. The decisions, hence the
//   low-outlier threshold and every EMA quantile, are those of `multipleGrubbsBeck` (tested).
// - The EMA confidence intervals evaluate the P3 frequency factor at ~70 parameter nodes per
//   probability: K(p, g) is tabulated once per request over the skew (step 0.01, cubic
//   interpolation, error < 1e-8) for the request's probabilities.
import { mgbtPValue } from '@headwater/swat/post/ffa/mgbt.ts';
import { pearson3K } from '@headwater/swat/post/ffa/special.ts';

const ALPHA_OUT = 0.005;
const ALPHA_IN = 0.1;

/** Known brackets of the critical ω: p(lo) < α ≤ p(hi). */
const critical = new Map<string, { lo: number; hi: number }>();

/** A bracket [lo, hi] of the ω with mgbtPValue(n, r, ω) = α, at most `width` wide: started from
 * the neighbouring rank's (the critical ω changes little from rank to rank), then Illinois false
 * position. Kept for the worker's life. */
export function criticalBracket(n: number, r: number, alpha: number, width = 0.005): { lo: number; hi: number } {
  const key = `${n}/${r}/${alpha}`;
  const known = critical.get(key);
  if (known) return known;
  const f = (eta: number) => mgbtPValue(n, r, eta) - alpha;
  const near = critical.get(`${n}/${r - 1}/${alpha}`);
  let x = near ? (near.lo + near.hi) / 2 : alpha < 0.05 ? -3 : -2;
  let fx = f(x);
  let step = near ? 0.05 : 0.5;
  let a: number;
  let fa: number;
  let b: number;
  let fb: number;
  if (fx < 0) {
    a = x;
    fa = fx;
    for (;;) {
      b = a + step;
      fb = f(b);
      if (fb >= 0 || b > 40) break;
      a = b;
      fa = fb;
      step *= 2;
    }
  } else {
    b = x;
    fb = fx;
    for (;;) {
      a = b - step;
      fa = f(a);
      if (fa < 0 || a < -40) break;
      b = a;
      fb = fa;
      step *= 2;
    }
  }
  let side = 0;
  for (let i = 0; i < 60 && b - a > width; i++) {
    let c = (a * fb - b * fa) / (fb - fa);
    if (!(c > a && c < b)) c = (a + b) / 2;
    const fc = f(c);
    if (fc < 0) {
      a = c;
      fa = fc;
      if (side === -1) fb /= 2;
      side = -1;
    } else {
      b = c;
      fb = fc;
      if (side === 1) fa /= 2;
      side = 1;
    }
  }
  const bracket = { lo: a, hi: b };
  critical.set(key, bracket);
  return bracket;
}

/** The critical ω (the middle of its bracket). */
export function criticalOmega(n: number, r: number, alpha: number): number {
  const { lo, hi } = criticalBracket(n, r, alpha);
  return (lo + hi) / 2;
}

/** p(n, r, ω) < α, exactly as the p-value would say: decided by the bracket, and by the p-value
 * itself for an ω inside it. */
function significant(n: number, r: number, omega: number, alpha: number): boolean {
  const { lo, hi } = criticalBracket(n, r, alpha);
  if (omega < lo) return true;
  if (omega >= hi) return false;
  return mgbtPValue(n, r, omega) < alpha;
}

export type FastMgbt = {
  lowOutliers: number;
  /** The smallest flow kept (0: no low outliers). */
  threshold: number;
  /** ω of the n/2 smallest values and the critical ω of the outward sweep (α 0.005). */
  statistics: { flow: number; omega: number; critical: number }[];
};

/** The multiple Grubbs–Beck test of `multipleGrubbsBeck` (@headwater/swat), same decisions. */
export function fastMultipleGrubbsBeck(flows: readonly number[]): FastMgbt {
  const sorted = [...flows].sort((a, b) => a - b);
  const z = sorted.map((q) => Math.log10(Math.max(1e-8, q)));
  const n = z.length;
  if (n < 10) throw new RangeError(`the multiple Grubbs–Beck test needs at least 10 values (got ${n})`);
  const n2 = Math.floor(n / 2);
  const statistics: FastMgbt['statistics'] = [];
  let j1 = 0;
  let j2 = 0;
  for (let i = 1; i <= n2; i++) {
    const rest = z.slice(i);
    const mean = rest.reduce((s, v) => s + v, 0) / rest.length;
    const sd = Math.sqrt(rest.reduce((s, v) => s + (v - mean) ** 2, 0) / (rest.length - 1));
    const omega = (z[i - 1]! - mean) / sd;
    statistics.push({ flow: sorted[i - 1]!, omega, critical: criticalOmega(n, i, ALPHA_OUT) });
    if (significant(n, i, omega, ALPHA_OUT)) {
      j1 = i;
      j2 = i;
    }
    if (j2 === i - 1 && significant(n, i, omega, ALPHA_IN)) j2 = i;
  }
  const k = Math.max(j1, j2);
  return { lowOutliers: k, threshold: k > 0 ? sorted[k]! : 0, statistics };
}

/** K(aep, g) tabulated over g ∈ [−4, 4] (step 0.01, Catmull–Rom) for the given probabilities;
 * exact outside the table or for other probabilities. */
export function tabulatedFrequencyFactor(aeps: readonly number[]): (aep: number, g: number) => number {
  const lo = -4;
  const step = 0.01;
  const size = 801;
  const tables = new Map<number, Float64Array>();
  for (const p of aeps) {
    const t = new Float64Array(size + 2);
    for (let i = -1; i <= size; i++) t[i + 1] = pearson3K(p, lo + i * step);
    tables.set(p, t);
  }
  return (aep, g) => {
    const t = tables.get(aep);
    const x = (g - lo) / step;
    const i = Math.floor(x);
    if (!t || i < 0 || i >= size - 1) return pearson3K(aep, g);
    const u = x - i;
    const p0 = t[i]!;
    const p1 = t[i + 1]!;
    const p2 = t[i + 2]!;
    const p3 = t[i + 3]!;
    return p1 + 0.5 * u * (p2 - p0 + u * (2 * p0 - 5 * p1 + 4 * p2 - p3 + u * (3 * (p1 - p2) + p3 - p0)));
  };
}
