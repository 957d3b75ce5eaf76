// Dynamically dimensioned search (Tolson & Shoemaker 2007), batched: the search perturbs the
// best set found so far in a randomly chosen subset of the parameters, the subset shrinking as
// the budget is spent (each parameter is perturbed with probability 1 − ln(i)/ln(m) at
// evaluation i of m), the perturbation normal with σ = r·(range), r = 0.2, reflected at the
// bounds. "Batched DDS": k candidates are drawn from the same best set at once so that they run
// in parallel on the workers; the best set is updated when the batch is complete. With k = 1 it
// is Tolson & Shoemaker's sequential DDS.
import type { Range } from './lhs.ts';
import { normal, type Rng } from './random.ts';

export const DDS_R = 0.2;

/** One DDS perturbation of `x` in `bounds`, reflecting at the bounds (Tolson & Shoemaker: a
 * value reflected beyond the other bound is set to the bound it left). */
function perturb(x: number, [lo, hi]: Range, rng: Rng): number {
  let v = x + DDS_R * (hi - lo) * normal(rng);
  if (v < lo) {
    v = lo + (lo - v);
    if (v > hi) v = lo;
  } else if (v > hi) {
    v = hi - (v - hi);
    if (v < lo) v = hi;
  }
  return v;
}

/**
 * k candidates from the best set: candidate j is evaluation `first + j` (1-based) of a budget of
 * `total` evaluations.
 */
export function ddsCandidates(best: readonly number[], bounds: readonly Range[], k: number, first: number, total: number, rng: Rng): number[][] {
  const out: number[][] = [];
  for (let j = 0; j < k; j++) {
    const i = first + j;
    const p = total > 1 ? Math.max(0, 1 - Math.log(i) / Math.log(total)) : 0;
    const cand = [...best];
    let any = false;
    for (let d = 0; d < bounds.length; d++) {
      if (rng() < p) {
        cand[d] = perturb(cand[d]!, bounds[d]!, rng);
        any = true;
      }
    }
    if (!any) {
      const d = Math.min(bounds.length - 1, Math.floor(rng() * bounds.length));
      cand[d] = perturb(cand[d]!, bounds[d]!, rng);
    }
    out.push(cand);
  }
  return out;
}
