// Multiple Grubbs–Beck low-outlier test (MGBT; Cohn et al. 2013, Water Resources
// Research 49(8); Bulletin 17C). For the k-th smallest log flow the statistic is
//   ω_k = (x_(k) − mean(x_(k+1..n))) / sd(x_(k+1..n))
// and its p-value under normality integrates, over the distribution of the k-th order
// statistic (p_k ~ Beta(k, n+1−k), z_k = Φ⁻¹(p_k)), a non-central t probability built
// from the moments of the n−k larger values (a normal sample truncated at z_k), with the
// mean made orthogonal to the standard deviation ("orthoT").
// Decision (B17C): outward sweep from the median at α = 0.005 gives j1; inward sweep from
// the smallest observation at α = 0.10 extends consecutive outliers: k_low = max.

import { lnGamma, normalCdf, normalQuantile } from './special.ts';

/** Regularized incomplete beta I_x(a, b) (continued fraction, modified Lentz). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const lbt = lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log1p(-x);
  const bt = Math.exp(lbt);
  if (x < (a + 1) / (a + b + 2)) return (bt * betaCf(x, a, b)) / a;
  return 1 - (bt * betaCf(1 - x, b, a)) / b;
}

function betaCf(x: number, a: number, b: number): number {
  const TINY = 1e-300;
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 10000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/**
 * Cumulative distribution of the non-central t with ν (real, > 0) degrees of freedom and
 * non-centrality δ: the Poisson-mixture series of incomplete beta functions (Lenth 1989,
 * AS 243), weights in log space, incomplete betas by their recurrence in the first argument.
 */
export function noncentralTCdf(t: number, nu: number, delta: number): number {
  if (!(nu > 0)) throw new RangeError(`degrees of freedom must be positive (got ${nu})`);
  if (t < 0) return 1 - noncentralTCdf(-t, nu, -delta);
  const base = normalCdf(-delta);
  if (t === 0) return base;
  const x = (t * t) / (t * t + nu);
  const b = nu / 2;
  const lambda = (delta * delta) / 2;
  const lnLambda = lambda > 0 ? Math.log(lambda) : -Infinity;
  // I_x(j + 1/2, b) and I_x(j + 1, b) by upward recurrence I(a+1) = I(a) − g(a)
  let aP = 0.5;
  let aQ = 1;
  let iP = incompleteBeta(x, aP, b);
  let iQ = incompleteBeta(x, aQ, b);
  const lnX = Math.log(x);
  const ln1mX = Math.log1p(-x);
  const lnG = (a: number) => a * lnX + b * ln1mX - Math.log(a) - (lnGamma(a) + lnGamma(b) - lnGamma(a + b));
  let sum = 0;
  const jMax = Math.ceil(lambda + 12 * Math.sqrt(lambda + 1) + 60);
  const sign = delta >= 0 ? 1 : -1;
  const lnAbsDelta = delta !== 0 ? Math.log(Math.abs(delta)) : -Infinity;
  for (let j = 0; j <= jMax; j++) {
    const lnP = -lambda + (j > 0 ? j * lnLambda : 0) - lnGamma(j + 1);
    const lnQ = delta !== 0 ? -lambda + (j > 0 ? j * lnLambda : 0) - lnGamma(j + 1.5) + lnAbsDelta - 0.5 * Math.LN2 : -Infinity;
    sum += Math.exp(lnP) * iP + sign * Math.exp(lnQ) * iQ;
    iP = Math.max(0, iP - Math.exp(lnG(aP)));
    iQ = Math.max(0, iQ - Math.exp(lnG(aQ)));
    aP += 1;
    aQ += 1;
  }
  return Math.min(1, Math.max(0, base + sum / 2));
}

/** Density of Beta(a, b). */
function betaDensity(p: number, a: number, b: number): number {
  if (p <= 0 || p >= 1) return 0;
  return Math.exp((a - 1) * Math.log(p) + (b - 1) * Math.log1p(-p) - (lnGamma(a) + lnGamma(b) - lnGamma(a + b)));
}

/** Integrand of the MGBT p-value at order-statistic probability p_r. */
function pEta(pr: number, n: number, r: number, eta: number): number {
  const n2 = n - r;
  const zr = normalQuantile(pr);
  const h = Math.exp(-0.5 * zr * zr) / Math.sqrt(2 * Math.PI) / Math.max(1e-10, 1 - pr);
  // raw moments of a standard normal truncated below at zr
  const ex1 = h;
  const ex2 = 1 + h * zr;
  const ex3 = 2 * ex1 + h * zr * zr;
  const ex4 = 3 * ex2 + h * zr ** 3;
  const muM = ex1;
  const muS2 = ex2 - ex1 * ex1;
  const varM = muS2 / n2;
  const varS2 = (ex4 - 4 * ex3 * ex1 + 6 * ex2 * ex1 * ex1 - 3 * ex1 ** 4 - muS2 * muS2) / (n2 - 1);
  const covMS2 = (ex3 - 3 * ex2 * ex1 + 2 * ex1 ** 3) / Math.sqrt(n2 * (n2 - 1));
  const muS = Math.sqrt(muS2) - varS2 / (8 * muS2 ** 1.5);
  const covMS = covMS2 / (2 * Math.sqrt(muS2));
  const varS = muS2 - muS * muS;
  const lam = covMS / varS;
  const etaP = eta + lam;
  const muMP = muM - lam * muS;
  const varMP = varM - (covMS * covMS) / varS;
  const df = (2 * muS2 * muS2) / varS2;
  const ncp = (muMP - zr) / Math.sqrt(varMP);
  const q = -Math.sqrt(muS2 / varMP) * etaP;
  return 1 - noncentralTCdf(q, df, ncp);
}

function adaptiveSimpson(f: (x: number) => number, a: number, b: number, tol: number): number {
  const fa = f(a);
  const fb = f(b);
  const m = (a + b) / 2;
  const fm = f(m);
  const whole = ((b - a) / 6) * (fa + 4 * fm + fb);
  const rec = (a0: number, b0: number, fa0: number, fb0: number, fm0: number, w: number, eps: number, depth: number): number => {
    const m0 = (a0 + b0) / 2;
    const lm = (a0 + m0) / 2;
    const rm = (m0 + b0) / 2;
    const flm = f(lm);
    const frm = f(rm);
    const left = ((m0 - a0) / 6) * (fa0 + 4 * flm + fm0);
    const right = ((b0 - m0) / 6) * (fm0 + 4 * frm + fb0);
    if (depth <= 0 || Math.abs(left + right - w) <= 15 * eps) return left + right + (left + right - w) / 15;
    return rec(a0, m0, fa0, fm0, flm, left, eps / 2, depth - 1) + rec(m0, b0, fm0, fb0, frm, right, eps / 2, depth - 1);
  };
  return rec(a, b, fa, fb, fm, whole, tol, 40);
}

/** p-value of the r-th smallest of n standardized as eta = (x_(r) − mean of the larger)/sd of the larger. */
export function mgbtPValue(n: number, r: number, eta: number): number {
  if (!(n >= 3 && r >= 1 && r <= n - 2)) throw new RangeError(`invalid MGBT sample (n ${n}, r ${r})`);
  const a = r;
  const b = n + 1 - r;
  const mean = a / (a + b);
  const sd = Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1)));
  const lo = Math.max(1e-12, mean - 14 * sd);
  const hi = Math.min(1 - 1e-12, mean + 14 * sd);
  const v = adaptiveSimpson((p) => pEta(p, n, r, eta) * betaDensity(p, a, b), lo, hi, 1e-9);
  return Math.min(1, Math.max(0, v));
}

export interface MgbtResult {
  /** Number of low outliers. */
  lowOutliers: number;
  /** Low-outlier threshold: the smallest flow kept (0 when none). */
  threshold: number;
  /** ω statistics and p-values of the n/2 smallest values (ascending). */
  statistics: { flow: number; omega: number; pValue: number }[];
}

/** Multiple Grubbs–Beck test of a sample of flows (zeros count as the smallest values). */
export function multipleGrubbsBeck(flows: readonly number[], alphaOut = 0.005, alphaZeroIn = 0.1): MgbtResult {
  const sorted = [...flows].sort((a, b) => a - b);
  const z = sorted.map((q) => Math.log10(Math.max(1e-8, q)));
  const n = z.length;
  if (n < 10) throw new RangeError(`the multiple Grubbs–Beck test needs at least 10 values (got ${n})`);
  const n2 = Math.floor(n / 2);
  const statistics: MgbtResult['statistics'] = [];
  let j1 = 0;
  let j2 = 0;
  for (let i = 1; i <= n2; i++) {
    const rest = z.slice(i);
    const mean = rest.reduce((s, v) => s + v, 0) / rest.length;
    const sd = Math.sqrt(rest.reduce((s, v) => s + (v - mean) ** 2, 0) / (rest.length - 1));
    const omega = (z[i - 1]! - mean) / sd;
    const p = mgbtPValue(n, i, omega);
    statistics.push({ flow: sorted[i - 1]!, omega, pValue: p });
    if (p < alphaOut) {
      j1 = i;
      j2 = i;
    }
    if (p < alphaZeroIn && j2 === i - 1) j2 = i;
  }
  const k = Math.max(j1, j2);
  return { lowOutliers: k, threshold: k > 0 ? sorted[k]! : 0, statistics };
}
