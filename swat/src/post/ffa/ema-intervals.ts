// Confidence intervals of EMA (Bulletin 17C) flood quantiles, after Cohn, Lane & Stedinger (2001,
// WRR 37(6)) with the two-level Gaussian quadrature of T. A. Cohn (2012–2013) that USGS PeakFQ 7
// uses (its `var_emab`): the method, written afresh from the published description and the
// structure of PeakFQ's EMA routines.
//
//  1. Covariance of the sample non-central moments (E X, E X², E X³) of the log flows under the
//     fitted P3, for the record's censoring pattern (years below the low-outlier threshold are
//     "less than" it): multinomial counts of the censored/observed regions, the spread within the
//     observed region, and the EMA fixed point's sensitivity to the moments it imputes.
//  2. The covariance S of the fitted (M, S², G) that, propagated through a 2×2×2 Gaussian
//     quadrature (normal nodes for M and G, gamma nodes for S²), reproduces that covariance of
//     the non-central moments (Newton iterations from the first-order delta method).
//  3. For each probability: the quantile Y_p at the 8 nodes around the estimate, and for each node
//     the standard deviation of Y_p over the 8 nodes around it; their variances and covariance give
//     Var[Ŷ_p], the regression β of the standard error on Ŷ_p and the degrees of freedom
//     ν = ½ Var[Ŷ_p] / Var[ŝ − βŶ_p]; the interval is Ŷ_p + √Var · t/(1 − βt) for t = ∓ the
//     Student-t quantile of ν degrees of freedom (Cohn et al. 2001 'adjusted' intervals).
//  4. Skews within ±0.0632 are interpolated between the results at ±0.0632; limits are made
//     monotone outward from the median, as PeakFQ does.
//
// Checked against PeakFQ 7.1's EMA run of USGS 04031500 (38 systematic peaks, station skew):
// the variances of the log-quantile estimates within 3 %, the 95 % limits within 1 % from the
// 0.9 to the 0.1 exceedance probability and within 7 % in the far tails (see the test); the
// remaining differences come from implementation details of PeakFQ's quadrature not published.
import { gammaP, pearson3K } from './special.ts';
import { incompleteBeta } from './mgbt.ts';
import type { EmaResult } from './ema.ts';

/** Mean, variance and skew of the log10 flows. */
type Mc = [number, number, number];
type M3 = number[][];

const SKEW_MIN = 0.06324555;
const SKEW_MAX = 1.41;
const NU_MIN = 5;
const C_MIN = 0.5;

export interface EmaIntervalOptions {
  /** Two-sided coverage (default 0.95). */
  level?: number;
  /** Exceedance probabilities (default: the result's `frequencies`). */
  aeps?: readonly number[];
  /** Frequency factor K(aep, skew); default the exact `pearson3K` (a tabulated one is faster). */
  frequencyFactor?: (aep: number, skew: number) => number;
}

export interface EmaInterval95 {
  aep: number;
  /** Variance of the log10 quantile estimate. */
  variance: number;
  lower: number;
  upper: number;
}

// ─── P3 moments ─────────────────────────────────────────────────────────────────────────

const ORDER = 6;

/** Raw moments E[X^k], k = 0..6, of a P3 with mean 0, variance v and skew g (closed form). */
function fullMoments(v: number, g: number): number[] {
  const a = 4 / (g * g);
  const b = (Math.sqrt(v) * g) / 2;
  // central moments of Gamma(a, 1)
  const c = [1, 0, a, 2 * a, 3 * a * a + 6 * a, 20 * a * a + 24 * a, 15 * a ** 3 + 130 * a * a + 120 * a];
  return c.map((m, k) => m * b ** k);
}

// Gauss–Legendre nodes on [-1, 1] (20 points), for the moments of a region.
const GL = (() => {
  const n = 20;
  const x: number[] = [];
  const w: number[] = [];
  for (let i = 1; i <= n; i++) {
    let z = Math.cos((Math.PI * (i - 0.25)) / (n + 0.5));
    let pp = 0;
    for (let it = 0; it < 100; it++) {
      let p1 = 1;
      let p2 = 0;
      for (let j = 1; j <= n; j++) {
        const p3 = p2;
        p2 = p1;
        p1 = ((2 * j - 1) * z * p2 - (j - 1) * p3) / j;
      }
      pp = (n * (z * p1 - p2)) / (z * z - 1);
      const z1 = z;
      z = z1 - p1 / pp;
      if (Math.abs(z - z1) < 1e-15) break;
    }
    x.push(z);
    w.push(2 / ((1 - z * z) * pp * pp));
  }
  return { x, w };
})();

function lnGammaShape(a: number): number {
  // Stirling with corrections (a ≥ 2 here: skew ≤ 1.41)
  const x = a;
  return (x - 0.5) * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI) + 1 / (12 * x) - 1 / (360 * x ** 3) + 1 / (1260 * x ** 5);
}

/** P3 (mean 0, variance v, skew g) as X = τ + βY, Y ~ Gamma(α, 1). */
function p3(v: number, g: number) {
  const alpha = 4 / (g * g);
  const beta = (Math.sqrt(v) * g) / 2;
  return { alpha, beta, tau: -alpha * beta };
}

/** P(X < x). */
function cdf(v: number, g: number, x: number): number {
  if (x === -Infinity) return 0;
  if (x === Infinity) return 1;
  const { alpha, beta, tau } = p3(v, g);
  const y = (x - tau) / beta;
  return beta > 0 ? gammaP(alpha, Math.max(0, y)) : 1 - gammaP(alpha, Math.max(0, y));
}

/** Probability and conditional raw moments E[X^k | lo < X < hi], k = 0..6, by quadrature in the
 * standardized variable (no cancellation for large gamma shapes). */
function regionMoments(v: number, g: number, lo: number, hi: number): { p: number; m: number[] } {
  const p = cdf(v, g, hi) - cdf(v, g, lo);
  const s = Math.sqrt(v);
  const { alpha } = p3(v, g);
  const sa = Math.sqrt(alpha);
  const sign = g > 0 ? 1 : -1;
  // X = s·Z, Z standardized; Y = α + sign·√α·Z ≥ 0 ⇒ sign·Z ≥ −√α
  let zlo = lo === -Infinity ? -Infinity : lo / s;
  let zhi = hi === Infinity ? Infinity : hi / s;
  if (sign > 0) zlo = Math.max(zlo, -sa);
  else zhi = Math.min(zhi, sa);
  zlo = Math.max(zlo, -40);
  zhi = Math.min(zhi, 40);
  const m = new Array<number>(ORDER + 1).fill(0);
  if (!(p > 1e-300) || !(zhi > zlo)) return { p: Math.max(0, p), m: m.map((_, k) => (k === 0 ? 1 : (Number.isFinite(lo) ? lo : hi) ** k)) };
  const lnNorm = Math.log(sa) - lnGammaShape(alpha);
  const density = (z: number) => {
    const y = alpha + sign * sa * z;
    return y <= 0 ? 0 : Math.exp(lnNorm + (alpha - 1) * Math.log(y) - y);
  };
  const panels = 24;
  const h = (zhi - zlo) / panels;
  for (let k = 0; k < panels; k++) {
    const c = zlo + (k + 0.5) * h;
    for (let i = 0; i < GL.x.length; i++) {
      const z = c + (GL.x[i]! * h) / 2;
      const f = (GL.w[i]! * h * density(z)) / 2;
      let zk = 1;
      for (let j = 0; j <= ORDER; j++) {
        m[j]! += f * zk;
        zk *= z;
      }
    }
  }
  const mass = m[0]!;
  return { p, m: m.map((x, k) => (x / mass) * s ** k) };
}

// ─── matrices ───────────────────────────────────────────────────────────────────────────

const mul = (a: M3, b: M3): M3 => a.map((r) => b[0]!.map((_, j) => r.reduce((s, x, k) => s + x * b[k]![j]!, 0)));
const tr = (a: M3): M3 => a[0]!.map((_, j) => a.map((r) => r[j]!));
function inv3(a: M3): M3 {
  const [[a0, a1, a2], [b0, b1, b2], [c0, c1, c2]] = a as [[number, number, number], [number, number, number], [number, number, number]];
  const det = a0 * (b1 * c2 - b2 * c1) - a1 * (b0 * c2 - b2 * c0) + a2 * (b0 * c1 - b1 * c0);
  return [
    [(b1 * c2 - b2 * c1) / det, (a2 * c1 - a1 * c2) / det, (a1 * b2 - a2 * b1) / det],
    [(b2 * c0 - b0 * c2) / det, (a0 * c2 - a2 * c0) / det, (a2 * b0 - a0 * b2) / det],
    [(b0 * c1 - b1 * c0) / det, (a1 * c0 - a0 * c1) / det, (a0 * b1 - a1 * b0) / det],
  ];
}
/** Lower Cholesky factor; null when not positive definite. */
function chol(a: M3): M3 | null {
  const l = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (let i = 0; i < 3; i++)
    for (let j = 0; j <= i; j++) {
      let s = a[i]![j]!;
      for (let k = 0; k < j; k++) s -= l[i]![k]! * l[j]![k]!;
      if (i === j) {
        if (!(s > 0)) {
          if (s > -1e-14 * Math.abs(a[i]![i]!) || a[i]![i] === 0) {
            l[i]![i] = 0;
            continue;
          }
          return null;
        }
        l[i]![i] = Math.sqrt(s);
      } else l[i]![j] = l[j]![j]! > 0 ? s / l[j]![j]! : 0;
    }
  return l;
}
const triIn = (s: M3) => [s[0]![0]!, s[1]![0]!, s[2]![0]!, s[1]![1]!, s[1]![2]!, s[2]![2]!];
const triOut = (t: number[]): M3 => [
  [t[0]!, t[1]!, t[2]!],
  [t[1]!, t[3]!, t[4]!],
  [t[2]!, t[4]!, t[5]!],
];

// ─── covariance of the moments ──────────────────────────────────────────────────────────

/** A censoring pattern: `n` years observed exactly when the flow (log) is within [lo, hi). */
export type CensoringPattern = { n: number; lo: number; hi: number }[];

const clampSkew = (g: number) => Math.sign(g || 1) * Math.min(SKEW_MAX, Math.max(SKEW_MIN, Math.abs(g)));

/** Non-central moments (E X, E X², E X³) of (M, S², G). */
const m2mn = (mc: Mc): number[] => [mc[0], mc[1] + mc[0] ** 2, mc[2] * mc[1] ** 1.5 + 3 * mc[0] * mc[1] + mc[0] ** 3];
/** (M, S², G) of the non-central moments. */
function mn2m(mn: number[]): Mc {
  const [m1, m2, m3] = mn as [number, number, number];
  const v = m2 - m1 * m1;
  return [m1, v, (m3 - 3 * m1 * m2 + 2 * m1 ** 3) / v ** 1.5];
}

/** Conditional moments of a region as functions of the non-central moments (for the EMA fixed point's sensitivity). */
function regionMomentsOfMn(mn: number[], lo: number, hi: number): number[] {
  const mc = mn2m(mn);
  const g = clampSkew(mc[2]);
  const r = regionMoments(mc[1], g, lo - mc[0], hi - mc[0]);
  // back to the original location
  const out: number[] = [];
  for (let k = 1; k <= 3; k++) {
    let s = 0;
    for (let j = 0; j <= k; j++) s += binom(k, j) * mc[0] ** (k - j) * r.m[j]!;
    out.push(s);
  }
  return out;
}
function binom(n: number, k: number): number {
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return r;
}

/** Covariance of the EMA non-central moment estimators (PeakFQ's var_mom), for mean 0. */
function momentCovariance(pattern: CensoringPattern, v: number, g0: number): M3 {
  const g = clampSkew(g0);
  const mc: Mc = [0, v, g];
  const zero = () => [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const vbt = zero();
  const vct = zero();
  const dt = zero();
  let nt = 0;
  for (const { n, lo, hi } of pattern) {
    nt += n;
    const below = lo === -Infinity ? null : regionMoments(v, g, -Infinity, lo);
    const above = hi === Infinity ? null : regionMoments(v, g, hi, Infinity);
    const inside = lo === -Infinity && hi === Infinity ? { p: 1, m: fullMoments(v, g) } : regionMoments(v, g, lo, hi);
    const p1 = below?.p ?? 0;
    const p3 = above?.p ?? 0;
    const p2 = Math.max(0, 1 - p1 - p3);
    const mu = [1, 2, 3].map((j) => [below?.m[j] ?? 0, inside.m[j]!, above?.m[j] ?? 0]);
    const vn = [
      [n * p1 * (1 - p1), -n * p1 * p2, -n * p1 * p3],
      [-n * p1 * p2, n * p2 * (1 - p2), -n * p2 * p3],
      [-n * p1 * p3, -n * p2 * p3, n * p3 * (1 - p3)],
    ];
    const vb = mul(mul(mu, vn), tr(mu));
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) {
        vbt[i]![j]! += vb[i]![j]!;
        vct[i]![j]! += n * p2 * (inside.m[i + j + 2]! - inside.m[i + 1]! * inside.m[j + 1]!);
      }
    // the fixed point: imputed moments of the censored regions move with the moments
    const mn = m2mn(mc);
    for (const [p, a, b] of [
      [p1, -Infinity, lo],
      [p3, hi, Infinity],
    ] as [number, number, number][]) {
      if (!(p > 1e-6)) continue;
      for (let j = 0; j < 3; j++) {
        const h = 1e-5 * Math.max(1e-3, Math.abs(mn[j]!)) + 1e-7 * v ** ((j + 1) / 2);
        const up = [...mn];
        const dn = [...mn];
        up[j]! += h;
        dn[j]! -= h;
        const fu = regionMomentsOfMn(up, a, b);
        const fd = regionMomentsOfMn(dn, a, b);
        for (let k = 0; k < 3; k++) dt[k]![j]! += (n * p * (fu[k]! - fd[k]!)) / (2 * h);
      }
    }
  }
  const ainv = dt.map((r, i) => r.map((x, j) => (i === j ? 1 : 0) - x / nt));
  const a = inv3(ainv);
  const s = vbt.map((r, i) => r.map((x, j) => x + vct[i]![j]!));
  return mul(mul(a, s), tr(a)).map((r) => r.map((x) => x / (nt * nt)));
}

/** First-order covariance of (M, S², G) from that of the non-central moments (mn2m_var). */
function firstOrder(mn: number[], smn: M3): M3 {
  const [m1, m2, m3] = mn as [number, number, number];
  const v = m2 - m1 * m1;
  const c = 2 * m1 ** 3 - 3 * m1 * m2 + m3;
  const df = [
    [1, 0, 0],
    [-2 * m1, 1, 0],
    [(6 * m1 * m1 - 3 * m2) / v ** 1.5 + (3 * m1 * c) / v ** 2.5, (-3 * m1) / v ** 1.5 - (3 * c) / (2 * v ** 2.5), v ** -1.5],
  ];
  return mul(mul(df, smn), tr(df));
}

type Node = { mc: Mc; w: number };

/** The 2×2×2 quadrature around (M, S², G) with covariance S (PeakFQ's gridmake). */
function grid(mc: Mc, s: M3): Node[] | null {
  const l = chol(s);
  if (!l) return null;
  const t1: [number, number][] = [
    [-1, 0.5],
    [1, 0.5],
  ];
  // two gamma nodes for S² (mean 0, variance 1, skew 2/√α after standardizing), α = S⁴/Var[S²]
  const alpha = s[1]![1]! > 0 ? (mc[1] * mc[1]) / s[1]![1]! : Infinity;
  const gam = Number.isFinite(alpha) ? 2 / Math.sqrt(alpha) : 0;
  const r = Math.sqrt(gam * gam + 4);
  const x1 = (gam - r) / 2;
  const x2 = (gam + r) / 2;
  const t2: [number, number][] = [
    [x1, x2 / (x2 - x1)],
    [x2, -x1 / (x2 - x1)],
  ];
  const nodes: Node[] = [];
  for (const c of t1)
    for (const b of t2)
      for (const a of t1) {
        const z = [a[0], b[0], c[0]];
        const d = [0, 1, 2].map((i) => l[i]!.reduce((sum, x, k) => sum + x * z[k]!, 0));
        nodes.push({ mc: [mc[0] + d[0]!, mc[1] + d[1]!, mc[2] + d[2]!], w: a[1] * b[1] * c[1] });
      }
  return nodes;
}

function covw(x: number[], y: number[], w: number[]): number {
  let mx = 0;
  let my = 0;
  for (let i = 0; i < x.length; i++) {
    mx += w[i]! * x[i]!;
    my += w[i]! * y[i]!;
  }
  let s = 0;
  for (let i = 0; i < x.length; i++) s += w[i]! * (x[i]! - mx) * (y[i]! - my);
  return s;
}

/** Covariance of the non-central moments implied by the quadrature of (M, S², G) with covariance s. */
function quadratureMomentCov(mc: Mc, s: M3): M3 | null {
  const nodes = grid(mc, s);
  if (!nodes) return null;
  const mn = nodes.map((n) => m2mn(n.mc));
  const w = nodes.map((n) => n.w);
  return [0, 1, 2].map((i) => [0, 1, 2].map((j) => covw(mn.map((v) => v[i]!), mn.map((v) => v[j]!), w)));
}

function solve6(a: number[][], b: number[]): number[] {
  const m = a.map((r, i) => [...r, b[i]!]);
  for (let c = 0; c < 6; c++) {
    let p = c;
    for (let r = c + 1; r < 6; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = 0; r < 6; r++) {
      if (r === c || m[c]![c] === 0) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= 6; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((r, i) => (r[i] === 0 ? 0 : r[6]! / r[i]!));
}

/** Covariance of (M, S², G) consistent with the quadrature (PeakFQ's mn2mvarb). */
function parameterCovariance(v: number, g: number, smn: M3): M3 {
  const mc: Mc = [0, v, g];
  const mn = m2mn(mc);
  let s = firstOrder(mn, smn);
  const sd = Math.sqrt(v);
  const scale = [2, 3, 1, 4, 2, 0];
  const target = triIn(smn);
  for (let it = 0; it < 100; it++) {
    const x = triIn(s);
    const cur = quadratureMomentCov(mc, s);
    if (!cur) break;
    const jac = [0, 1, 2, 3, 4, 5].map(() => new Array<number>(6).fill(0));
    let ok = true;
    for (let i = 0; i < 6 && ok; i++) {
      const h = 1e-4 * sd ** scale[i]!;
      const up = [...x];
      const dn = [...x];
      up[i]! += h;
      dn[i]! -= h;
      const fu = quadratureMomentCov(mc, triOut(up));
      const fd = quadratureMomentCov(mc, triOut(dn));
      if (!fu || !fd) ok = false;
      else {
        const a = triIn(fu);
        const b = triIn(fd);
        for (let j = 0; j < 6; j++) jac[j]![i] = (a[j]! - b[j]!) / (2 * h);
      }
    }
    if (!ok) break;
    const c = triIn(cur);
    let d = solve6(
      jac,
      target.map((t, i) => t - c[i]!),
    );
    let k = 0;
    for (; k < 60; k++) {
      const next = triOut(x.map((xi, i) => xi + d[i]!));
      if (chol(next) && next[0]![0]! > 0 && next[1]![1]! > 0 && next[2]![2]! > 0) {
        s = next;
        break;
      }
      d = d.map((di) => di / 2);
    }
    if (k === 60) break;
    if (k === 0 && d[5]! ** 2 <= 1e-8 * Math.max(1e-12, s[2]![2]! ** 2)) break;
  }
  return s;
}

/** PeakFQ's regmoms: the covariance of the fitted parameters, with the regional skew's weight. */
function regionalCovariance(pattern: CensoringPattern, mc: Mc, skew: SkewWeighting): M3 {
  const v = mc[1];
  const g = Math.max(-1.5, Math.min(1.5, mc[2]));
  const shifted = pattern.map((p) => ({ n: p.n, lo: p.lo - mc[0], hi: p.hi - mc[0] }));
  const s = parameterCovariance(v, g, momentCovariance(shifted, v, g));
  let w = 1;
  let extra = 0;
  if (skew.kind === 'weighted') {
    w = skew.mse / (skew.atSiteMse + skew.mse);
    extra = (1 - w) ** 2 * skew.mse;
  } else if (skew.kind === 'generalized') {
    w = 0;
    extra = skew.mse;
  }
  s[0]![2] = s[2]![0] = w * s[0]![2]!;
  s[1]![2] = s[2]![1] = w * s[1]![2]!;
  s[2]![2] = w * w * s[2]![2]! + extra;
  return s;
}

type SkewWeighting = { kind: 'station' } | { kind: 'weighted'; mse: number; atSiteMse: number } | { kind: 'generalized'; mse: number };

/** Student-t quantile (p > 0.5): the t with P(T ≤ t) = p, from 1 − P = ½ I_{ν/(ν+t²)}(ν/2, ½). */
function tQuantile(p: number, nu: number): number {
  const tail = 1 - p;
  let lo = 0;
  let hi = 1;
  while (0.5 * incompleteBeta(nu / (nu + hi * hi), nu / 2, 0.5) > tail && hi < 1e8) hi *= 2;
  for (let i = 0; i < 100 && hi - lo > 1e-12 * hi; i++) {
    const m = (lo + hi) / 2;
    if (0.5 * incompleteBeta(nu / (nu + m * m), nu / 2, 0.5) > tail) lo = m;
    else hi = m;
  }
  return (lo + hi) / 2;
}

/** Intervals at one curve (M, S², G) — PeakFQ's var_emab and ci_ema_m3b. */
function intervalsAt(mc: Mc, pattern: CensoringPattern, skew: SkewWeighting, aeps: readonly number[], level: number, k: (aep: number, g: number) => number) {
  const s = regionalCovariance(pattern, mc, skew);
  const first = grid(mc, s);
  if (!first) throw new RangeError('the covariance of the EMA moments is not positive definite');
  const second = first.map((n) => grid(n.mc, regionalCovariance(pattern, n.mc, skew)) ?? [n]);
  const q = (p: number, m: Mc) => m[0] + Math.sqrt(Math.max(0, m[1])) * k(p, m[2]);
  const w1 = first.map((n) => n.w);
  const tCache = new Map<number, number>();
  return aeps.map((p) => {
    const qp1 = first.map((n) => q(p, n.mc));
    const sp1 = second.map((nodes) => {
      const qs = nodes.map((n) => q(p, n.mc));
      return Math.sqrt(Math.max(0, covw(qs, qs, nodes.map((n) => n.w))));
    });
    const c11 = covw(qp1, qp1, w1);
    const c12 = covw(qp1, sp1, w1);
    const c22 = covw(sp1, sp1, w1);
    const beta = c11 > 0 ? c12 / c11 : 0;
    const resid = c22 - (c11 > 0 ? (c12 * c12) / c11 : 0);
    let nu = resid > 0 ? (0.5 * c11) / resid : 1e6;
    if (!(nu > NU_MIN)) nu = NU_MIN;
    nu = Math.min(nu, 1e6);
    const key = Math.round(nu * 1e6);
    let t = tCache.get(key);
    if (t === undefined) tCache.set(key, (t = tQuantile((1 + level) / 2, nu)));
    const yp = q(p, mc);
    const sd = Math.sqrt(c11);
    return { aep: p, yp, variance: c11, lo: yp - (sd * t) / Math.max(C_MIN, 1 + beta * t), hi: yp + (sd * t) / Math.max(C_MIN, 1 - beta * t) };
  });
}

/**
 * Confidence intervals of an EMA analysis's quantiles (Bulletin 17C). The censoring pattern is
 * the systematic record with the low-outlier threshold of the result (years below it are "less
 * than" it); analyses with other perception thresholds are refused.
 */
export function emaConfidenceIntervals(r: EmaResult, options: EmaIntervalOptions & { generalizedSkewMse?: number } = {}): EmaInterval95[] {
  const level = options.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new RangeError(`confidence level must be between 0 and 1 (got ${level})`);
  const k = options.frequencyFactor ?? pearson3K;
  const aeps = options.aeps ?? r.frequencies.map((f) => f.aep);
  const lowLog = r.lowOutlierThreshold > 0 ? Math.log10(r.lowOutlierThreshold) : -Infinity;
  for (const i of r.intervals) {
    const exact = i.lower === i.upper;
    const lessThanLow = i.lower === 0 && r.lowOutlierThreshold > 0 && Math.abs(i.upper - r.lowOutlierThreshold) <= 1e-9 * r.lowOutlierThreshold;
    if (!exact && !lessThanLow) throw new RangeError('confidence intervals are computed for systematic records (with low outliers) only');
  }
  const pattern: CensoringPattern = [{ n: r.n, lo: lowLog, hi: Infinity }];
  let skew: SkewWeighting = { kind: 'station' };
  if (r.skewOption === 'weighted') skew = { kind: 'weighted', mse: options.generalizedSkewMse ?? NaN, atSiteMse: r.atSiteSkewMse };
  else if (r.skewOption === 'generalized') skew = { kind: 'generalized', mse: options.generalizedSkewMse ?? 0 };
  if (skew.kind !== 'station' && !Number.isFinite(skew.mse)) throw new RangeError('the weighted skew needs the mean square error of the generalized skew');
  const mc: Mc = [r.curve.mean, r.curve.std ** 2, r.curve.skew];
  let rows: { aep: number; variance: number; lo: number; hi: number }[];
  if (Math.abs(mc[2]) > SKEW_MIN) rows = intervalsAt(mc, pattern, skew, aeps, level, k);
  else {
    // near zero skew: interpolate between ±SKEW_MIN (the mean and variance kept)
    const neg = intervalsAt([mc[0], mc[1], -SKEW_MIN], pattern, skew, aeps, level, k);
    const pos = intervalsAt([mc[0], mc[1], SKEW_MIN], pattern, skew, aeps, level, k);
    const wt = (mc[2] + SKEW_MIN) / (2 * SKEW_MIN);
    rows = neg.map((a, i) => ({ aep: a.aep, variance: (1 - wt) * a.variance + wt * pos[i]!.variance, lo: (1 - wt) * a.lo + wt * pos[i]!.lo, hi: (1 - wt) * a.hi + wt * pos[i]!.hi }));
  }
  // monotone outward from the median (PeakFQ's small-sample correction)
  const order = rows.map((_, i) => i).sort((a, b) => rows[b]!.aep - rows[a]!.aep); // non-exceedance ascending
  const lo = order.map((i) => rows[i]!.lo);
  const hi = order.map((i) => rows[i]!.hi);
  const mid = order.findIndex((i) => rows[i]!.aep <= 0.5);
  for (let i = mid - 1; i >= 0; i--) {
    lo[i] = Math.min(lo[i]!, lo[i + 1]!);
    hi[i] = Math.min(hi[i]!, hi[i + 1]!);
  }
  for (let i = Math.max(mid + 1, 1); i < order.length; i++) {
    lo[i] = Math.max(lo[i]!, lo[i - 1]!);
    hi[i] = Math.max(hi[i]!, hi[i - 1]!);
  }
  const out = new Array<EmaInterval95>(rows.length);
  order.forEach((i, j) => (out[i] = { aep: rows[i]!.aep, variance: rows[i]!.variance, lower: 10 ** lo[j]!, upper: 10 ** hi[j]! }));
  return out;
}
