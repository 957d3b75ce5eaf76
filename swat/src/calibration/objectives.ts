// The objectives of a calibration: the product's fit statistics (post/fit.ts: NSE, KGE of Gupta
// et al. 2009, PBIAS = 100·Σ(o − s)/Σo, positive when the model underestimates, Moriasi et al.
// 2007) with RSR and the NSE of log flows. All are to be maximised except PBIAS and RSR.
import { finitePairs, fitStatistics } from '../post/fit.ts';

export type Objective = 'NSE' | 'KGE' | 'LNSE';
export const OBJECTIVES: readonly Objective[] = ['NSE', 'KGE', 'LNSE'];

/** A run's fit over a period; NaN where a statistic is undefined (a constant observed series). */
export type CalibrationFit = { NSE: number; KGE: number; PBIAS: number; RSR: number; LNSE: number; days: number };

/**
 * Fit of simulated against observed values over the days where both exist:
 * - NSE, KGE, PBIAS as the outputs API computes them (fitStatistics);
 * - RSR = RMSE / σobs = √(Σ(o − s)²) / √(Σ(o − ō)²) (Moriasi et al. 2007);
 * - LNSE = NSE of ln(Q + ε) with ε = 1 % of the mean observed flow of the period, so days of
 *   zero flow have a finite logarithm (the usual choice; Pushpalatha et al. 2012 use mean/100).
 */
export function calibrationFit(sim: ArrayLike<number>, obs: ArrayLike<number>): CalibrationFit | null {
  const f = fitStatistics(sim, obs);
  if (!f) return null;
  const { s, o } = finitePairs(sim, obs);
  const n = o.length;
  const mo = o.reduce((a, x) => a + x, 0) / n;
  let sse = 0, sso = 0;
  for (let i = 0; i < n; i++) {
    sse += (o[i]! - s[i]!) ** 2;
    sso += (o[i]! - mo) ** 2;
  }
  const rsr = sso > 0 ? Math.sqrt(sse) / Math.sqrt(sso) : NaN;
  const eps = 0.01 * mo;
  let lnse = NaN;
  if (eps > 0 && s.every((x) => x + eps > 0) && o.every((x) => x + eps > 0)) {
    const lo = o.map((x) => Math.log(x + eps));
    const ls = s.map((x) => Math.log(x + eps));
    const ml = lo.reduce((a, x) => a + x, 0) / n;
    let e = 0, d = 0;
    for (let i = 0; i < n; i++) {
      e += (lo[i]! - ls[i]!) ** 2;
      d += (lo[i]! - ml) ** 2;
    }
    lnse = d > 0 ? 1 - e / d : NaN;
  }
  return { NSE: f.nse, KGE: f.kge, PBIAS: f.pbias, RSR: rsr, LNSE: lnse, days: n };
}

/**
 * The score a run is ranked by (higher is better) and whether it is admissible: the objective;
 * with a PBIAS bound, a run whose |PBIAS| exceeds it is penalised by (|PBIAS| − bound)/100 (so
 * 10 points of bias beyond the bound cost 0.1 of NSE) and is not behavioural.
 */
export function scoreOf(fit: CalibrationFit | null, objective: Objective, pbiasBound: number | null): { score: number | null; withinBound: boolean } {
  if (!fit) return { score: null, withinBound: false };
  const v = fit[objective];
  if (!Number.isFinite(v)) return { score: null, withinBound: false };
  const excess = pbiasBound === null || !Number.isFinite(fit.PBIAS) ? 0 : Math.max(0, Math.abs(fit.PBIAS) - pbiasBound);
  return { score: v - excess / 100, withinBound: excess === 0 && (pbiasBound === null || Number.isFinite(fit.PBIAS)) };
}
