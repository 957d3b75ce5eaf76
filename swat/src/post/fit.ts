// Goodness of fit of a simulated series against an observed one: the product's fit statistics
// (the outputs API's charts and the calibration runs share them). Pure.

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

export type Fit = { nse: number; kge: number; pbias: number; r: number; alpha: number; beta: number; n: number };

/**
 * Goodness of fit of simulated against observed values over the pairs where both exist:
 * - NSE = 1 − Σ(o − s)² / Σ(o − ō)² (Nash & Sutcliffe 1970);
 * - KGE = 1 − √((r − 1)² + (α − 1)² + (β − 1)²), α = σs/σo, β = μs/μo (Gupta et al. 2009);
 * - PBIAS = 100 · Σ(o − s) / Σo, positive when the model underestimates (Moriasi et al. 2007).
 */
export function fitStatistics(sim: ArrayLike<number>, obs: ArrayLike<number>): Fit | null {
  const { s, o } = finitePairs(sim, obs);
  const n = s.length;
  if (n < 2) return null;
  const ms = mean(s), mo = mean(o);
  let sse = 0, sso = 0, sss = 0, sp = 0, diff = 0, sumO = 0;
  for (let i = 0; i < n; i++) {
    sse += (o[i]! - s[i]!) ** 2;
    sso += (o[i]! - mo) ** 2;
    sss += (s[i]! - ms) ** 2;
    sp += (o[i]! - mo) * (s[i]! - ms);
    diff += o[i]! - s[i]!;
    sumO += o[i]!;
  }
  const nse = sso > 0 ? 1 - sse / sso : NaN;
  const r = sso > 0 && sss > 0 ? sp / Math.sqrt(sso * sss) : NaN;
  // population standard deviations (the ratio is the same with n − 1)
  const alpha = sso > 0 ? Math.sqrt(sss / n) / Math.sqrt(sso / n) : NaN;
  const beta = mo !== 0 ? ms / mo : NaN;
  const kge = 1 - Math.sqrt((r - 1) ** 2 + (alpha - 1) ** 2 + (beta - 1) ** 2);
  const pbias = sumO !== 0 ? (100 * diff) / sumO : NaN;
  return { nse, kge, pbias, r, alpha, beta, n };
}

/** The days both series have a value for (a missing observation or simulation is not finite). */
export function finitePairs(sim: ArrayLike<number>, obs: ArrayLike<number>): { s: number[]; o: number[] } {
  const s: number[] = [];
  const o: number[] = [];
  for (let i = 0; i < Math.min(sim.length, obs.length); i++) {
    const a = sim[i]!, b = obs[i]!;
    if (Number.isFinite(a) && Number.isFinite(b)) {
      s.push(a);
      o.push(b);
    }
  }
  return { s, o };
}
