// Special functions for flood frequency analysis: log-gamma, the regularized incomplete
// gamma function and its inverse, the standard normal distribution and the exact
// Pearson type III frequency factor K(p, g).
//
// All in double precision; accuracy ~1e-13 relative or better in the ranges used by
// Bulletin 17B (skews −9..9, exceedance probabilities 1e-6..1−1e-6).

const LANCZOS_G = 7;
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
  -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
  1.5056327351493116e-7,
];

/** Natural log of the gamma function, x > 0 (Lanczos approximation, g = 7, n = 9). */
export function lnGamma(x: number): number {
  if (!(x > 0)) throw new RangeError(`lnGamma: x must be > 0 (got ${x})`);
  if (x < 0.5) {
    // reflection: Γ(x)Γ(1−x) = π / sin(πx)
    return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  }
  const z = x - 1;
  let a = LANCZOS[0]!;
  const t = z + LANCZOS_G + 0.5;
  for (let i = 1; i < LANCZOS.length; i++) a += LANCZOS[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

const EPS = 1e-16;
const TINY = 1e-300;

/** log of the prefactor x^a e^−x / Γ(a) used by both incomplete-gamma expansions. */
function logPrefactor(a: number, x: number): number {
  return a * Math.log(x) - x - lnGamma(a);
}

/** Series for P(a, x), valid (fast) for x < a + 1. */
function gammaPSeries(a: number, x: number): number {
  let ap = a;
  let del = 1 / a;
  let sum = del;
  for (let n = 0; n < 100000; n++) {
    ap += 1;
    del *= x / ap;
    sum += del;
    if (Math.abs(del) < Math.abs(sum) * EPS) break;
  }
  return sum * Math.exp(logPrefactor(a, x));
}

/** Continued fraction for Q(a, x) (modified Lentz), valid for x ≥ a + 1. */
function gammaQContinuedFraction(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 100000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) break;
  }
  return Math.exp(logPrefactor(a, x)) * h;
}

/** Regularized lower incomplete gamma P(a, x) = γ(a, x)/Γ(a). */
export function gammaP(a: number, x: number): number {
  if (!(a > 0)) throw new RangeError(`gammaP: a must be > 0 (got ${a})`);
  if (x <= 0) return 0;
  if (x === Infinity) return 1;
  return x < a + 1 ? gammaPSeries(a, x) : 1 - gammaQContinuedFraction(a, x);
}

/** Regularized upper incomplete gamma Q(a, x) = 1 − P(a, x), computed without cancellation. */
export function gammaQ(a: number, x: number): number {
  if (!(a > 0)) throw new RangeError(`gammaQ: a must be > 0 (got ${a})`);
  if (x <= 0) return 1;
  if (x === Infinity) return 0;
  return x < a + 1 ? 1 - gammaPSeries(a, x) : gammaQContinuedFraction(a, x);
}

/** Density of the standard gamma distribution with shape a. */
function gammaDensity(a: number, x: number): number {
  if (x <= 0) return 0;
  return Math.exp((a - 1) * Math.log(x) - x - lnGamma(a));
}

/** Complementary error function via erfc(x) = Q(1/2, x²) for x ≥ 0. */
export function erfc(x: number): number {
  if (x >= 0) return gammaQ(0.5, x * x);
  return 1 + gammaP(0.5, x * x);
}

/** Standard normal cumulative distribution Φ(z). */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

/** Standard normal upper tail 1 − Φ(z), accurate in the far tail. */
export function normalSf(z: number): number {
  return 0.5 * erfc(z / Math.SQRT2);
}

// Acklam's rational approximation (relative error 1.15e-9) as a starting point,
// refined by Halley steps on the exact Φ.
const A1 = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
const B1 = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
const C1 = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
const D1 = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];

/** Standard normal quantile Φ⁻¹(p), 0 < p < 1. */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) {
    if (p === 0) return -Infinity;
    if (p === 1) return Infinity;
    throw new RangeError(`normalQuantile: p must be in (0, 1) (got ${p})`);
  }
  const plow = 0.02425;
  let x: number;
  if (p < plow) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = (((((C1[0]! * q + C1[1]!) * q + C1[2]!) * q + C1[3]!) * q + C1[4]!) * q + C1[5]!) /
      ((((D1[0]! * q + D1[1]!) * q + D1[2]!) * q + D1[3]!) * q + 1);
  } else if (p <= 1 - plow) {
    const q = p - 0.5;
    const r = q * q;
    x = ((((((A1[0]! * r + A1[1]!) * r + A1[2]!) * r + A1[3]!) * r + A1[4]!) * r + A1[5]!) * q) /
      (((((B1[0]! * r + B1[1]!) * r + B1[2]!) * r + B1[3]!) * r + B1[4]!) * r + 1);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x = -(((((C1[0]! * q + C1[1]!) * q + C1[2]!) * q + C1[3]!) * q + C1[4]!) * q + C1[5]!) /
      ((((D1[0]! * q + D1[1]!) * q + D1[2]!) * q + D1[3]!) * q + 1);
  }
  // Halley refinement; work on the smaller tail to keep precision.
  for (let i = 0; i < 3; i++) {
    const e = p < 0.5 ? normalCdf(x) - p : (1 - p) - normalSf(x);
    const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
    const step = u / (1 + (x * u) / 2);
    x -= step;
    if (Math.abs(step) < 1e-15 * Math.max(1, Math.abs(x))) break;
  }
  return x;
}

/**
 * Inverse of the regularized incomplete gamma function: the x with P(a, x) = p.
 * `upper` gives q = 1 − p directly instead (for precision in the upper tail).
 * Safeguarded Newton iteration inside a shrinking bracket.
 */
export function gammaQuantile(a: number, p: number, upper = false): number {
  if (!(a > 0)) throw new RangeError(`gammaQuantile: a must be > 0 (got ${a})`);
  const pl = upper ? 1 - p : p; // lower-tail probability (only for the start)
  const q = upper ? p : 1 - p;
  if (!(p >= 0 && p <= 1)) throw new RangeError(`gammaQuantile: probability must be in [0, 1] (got ${p})`);
  if (pl <= 0) return 0;
  if (q <= 0) return Infinity;
  const useUpper = q < pl; // solve on the smaller tail
  const target = useUpper ? q : pl;
  const f = (x: number): number => (useUpper ? target - gammaQ(a, x) : gammaP(a, x) - target); // increasing in x

  // Starting value: Wilson–Hilferty, or the small-a approximations of Numerical Recipes.
  let x: number;
  const z = normalQuantile(pl);
  if (a > 1) {
    const t = 1 / (9 * a);
    x = a * Math.pow(Math.max(1 - t + z * Math.sqrt(t), 1e-3), 3);
  } else {
    const t = 1 - a * (0.253 + a * 0.12);
    if (pl < t) x = Math.pow(pl / t, 1 / a);
    else x = 1 - Math.log(1 - (pl - t) / (1 - t));
  }
  if (!(x > 0) || !Number.isFinite(x)) x = a;

  // Bracket.
  let lo = 0;
  let hi = x;
  while (f(hi) < 0) {
    lo = hi;
    hi = hi * 2 + 1;
    if (hi > 1e300) break;
  }
  if (f(x) < 0) lo = Math.max(lo, x);
  for (let i = 0; i < 200; i++) {
    const fx = f(x);
    if (fx === 0) return x;
    if (fx < 0) lo = Math.max(lo, x);
    else hi = Math.min(hi, x);
    const dens = gammaDensity(a, x);
    let next = dens > 0 ? x - fx / dens : NaN;
    if (!(next > lo && next < hi)) next = lo > 0 ? Math.sqrt(lo * hi) : (lo + hi) / 2;
    if (lo === 0 && !(next > 0)) next = hi / 2;
    if (Math.abs(next - x) <= 1e-15 * Math.abs(x) || hi - lo <= 1e-15 * hi) return next;
    x = next;
  }
  return x;
}

/**
 * Exact Pearson type III frequency factor: the standardized quantile K with
 * exceedance probability `aep` for a distribution of mean 0, standard deviation 1
 * and skew coefficient `skew`. Computed from the inverse of the gamma distribution
 * (not the Wilson–Hilferty approximation): with α = 4/g²,
 *   g > 0: K = (γ⁻¹(1 − aep; α) − α)/√α,   g < 0: K = (α − γ⁻¹(aep; α))/√α.
 * For |g| < 1e-3 the gamma shape α exceeds 4e6 and the series of Kite (1977) in
 * k = g/6 (error far below 1e-9 there) is used instead; at g = 0 K is the normal deviate.
 */
export function pearson3K(aep: number, skew: number): number {
  if (!(aep > 0 && aep < 1)) throw new RangeError(`exceedance probability must be in (0, 1) (got ${aep})`);
  if (!Number.isFinite(skew)) throw new RangeError(`skew must be finite (got ${skew})`);
  const z = normalQuantile(1 - aep);
  if (Math.abs(skew) < 1e-3) {
    const k = skew / 6;
    const z2 = z * z;
    return z + (z2 - 1) * k + ((z2 * z - 6 * z) * k * k) / 3 - (z2 - 1) * k ** 3 + z * k ** 4 + k ** 5 / 3;
  }
  const alpha = 4 / (skew * skew);
  const sa = Math.sqrt(alpha);
  if (skew > 0) {
    // upper tail of X is the upper tail of the gamma variable
    const y = gammaQuantile(alpha, aep, true);
    return (y - alpha) / sa;
  }
  // negative skew: upper tail of X is the lower tail of the gamma variable
  const y = gammaQuantile(alpha, aep, false);
  return (alpha - y) / sa;
}
