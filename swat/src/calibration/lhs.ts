// Latin hypercube sampling (McKay et al. 1979): n points in a box; each parameter's range is cut
// into n equal strata and every stratum holds exactly one point, the strata paired at random.
import type { Rng } from './random.ts';

export type Range = [min: number, max: number];

/** n points (each one value per range) of a Latin hypercube over `ranges`. */
export function latinHypercube(n: number, ranges: readonly Range[], rng: Rng): number[][] {
  const points = Array.from({ length: n }, () => new Array<number>(ranges.length).fill(0));
  ranges.forEach(([lo, hi], j) => {
    // a random permutation of the strata (Fisher–Yates), one uniform draw inside each
    const strata = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const k = Math.floor(rng() * (i + 1));
      [strata[i], strata[k]] = [strata[k]!, strata[i]!];
    }
    for (let i = 0; i < n; i++) points[i]![j] = lo + ((strata[i]! + rng()) / n) * (hi - lo);
  });
  return points;
}
