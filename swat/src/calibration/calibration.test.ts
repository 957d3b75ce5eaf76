import { describe, expect, it } from 'vitest';
import { advance, latinHypercube, mulberry32, optimise, startState, streamRng, type AlgorithmSettings } from './index.ts';
import { bandFactors, behavioural, ppu95, sufi2Ranges } from './sufi2.ts';
import { ddsCandidates } from './dds.ts';
import { calibrationFit, scoreOf } from './objectives.ts';
import { applyMods, CALIBRATION_PARAMETERS, LIMITS } from './index.ts';

// a shifted sphere in 2-D with its optimum (score 0) at (0.3, −1.2) inside [−5, 5]²
const OPT = [0.3, -1.2];
const sphere = (x: number[]) => -((x[0]! - OPT[0]!) ** 2 + (x[1]! - OPT[1]!) ** 2);
// Rosenbrock 2-D, optimum 0 at (1, 1) in [−2, 2]²
const rosenbrock = (x: number[]) => -((1 - x[0]!) ** 2 + 100 * (x[1]! - x[0]! ** 2) ** 2);

describe('Latin hypercube', () => {
  it('puts exactly one point in each stratum of every parameter', () => {
    const n = 50;
    const ranges: [number, number][] = [[0, 1], [-10, 30], [5, 6]];
    const pts = latinHypercube(n, ranges, mulberry32(3));
    expect(pts).toHaveLength(n);
    ranges.forEach(([lo, hi], j) => {
      const strata = pts.map((p) => Math.floor(((p[j]! - lo) / (hi - lo)) * n)).sort((a, b) => a - b);
      expect(strata).toEqual(Array.from({ length: n }, (_, i) => i));
    });
  });
  it('is the same for the same seed and differs for another', () => {
    const r: [number, number][] = [[0, 1], [0, 1]];
    expect(latinHypercube(10, r, streamRng(7, 1))).toEqual(latinHypercube(10, r, streamRng(7, 1)));
    expect(latinHypercube(10, r, streamRng(7, 1))).not.toEqual(latinHypercube(10, r, streamRng(8, 1)));
    expect(latinHypercube(10, r, streamRng(7, 1))).not.toEqual(latinHypercube(10, r, streamRng(7, 2)));
  });
});

describe('SUFI-2', () => {
  const settings: AlgorithmSettings = { algorithm: 'SUFI2', runsPerIteration: 50, iterations: 5, seed: 11, ranges: [[-5, 5], [-5, 5]] };
  // SUFI-2 narrows conservatively (the update keeps half the distance to the old bounds): it
  // brackets the optimum rather than pinpointing it
  it('narrows the ranges around the optimum of a shifted sphere within 250 evaluations', () => {
    const { best, states } = optimise(settings, sphere);
    expect(states).toHaveLength(5);
    const last = states.at(-1)!.ranges;
    last.forEach(([lo, hi], j) => {
      expect(lo).toBeLessThanOrEqual(OPT[j]!);
      expect(hi).toBeGreaterThanOrEqual(OPT[j]!);
      expect(hi - lo).toBeLessThan(10 * 0.4);
    });
    expect(Math.hypot(best!.values[0]! - OPT[0]!, best!.values[1]! - OPT[1]!)).toBeLessThan(0.4);
  });
  it('is deterministic by seed', () => {
    expect(optimise(settings, sphere).best).toEqual(optimise(settings, sphere).best);
    expect(optimise({ ...settings, seed: 12 }, sphere).best).not.toEqual(optimise(settings, sphere).best);
  });
  it("applies Abbaspour's update rule and keeps the new range inside the initial one", () => {
    // behavioural runs spread over [1, 2] of a current range [0, 10]
    const runs = Array.from({ length: 40 }, (_, i) => ({ values: [i < 10 ? 1 + i / 9 : 5 + (i % 5)], score: i < 10 ? 1 : 0, withinBound: true }));
    expect(behavioural(runs)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const [r] = sufi2Ranges([[0, 10]], [[0, 10]], runs, [1.5]);
    // lower ≈ 1.025, upper ≈ 1.975; half = max((1.025 − 0)/2, (10 − 1.975)/2) = 4.0125
    expect(r![0]).toBe(0);
    expect(r![1]).toBeCloseTo(1.975 + 4.0125, 6);
  });
  it('computes the 95PPU band, p-factor and r-factor', () => {
    const series = Array.from({ length: 41 }, (_, k) => Float32Array.from([k, 2 * k, 0]));
    const { lower, upper } = ppu95(series, 3);
    expect(lower[0]).toBeCloseTo(1, 6);
    expect(upper[0]).toBeCloseTo(39, 6);
    expect(lower[2]).toBe(0);
    const { pFactor, rFactor } = bandFactors([20, 100, 0], lower, upper);
    expect(pFactor).toBeCloseTo(2 / 3, 9);
    const sd = Math.sqrt((20 ** 2 + 100 ** 2) / 3 - (120 / 3) ** 2);
    expect(rFactor).toBeCloseTo((38 + 76 + 0) / 3 / sd, 6);
  });
});

describe('batched DDS', () => {
  it('finds the optimum of a shifted sphere within 200 evaluations (batches of 4)', () => {
    const { best } = optimise({ algorithm: 'DDS', runsPerIteration: 4, iterations: 50, seed: 5, ranges: [[-5, 5], [-5, 5]] }, sphere);
    expect(Math.hypot(best!.values[0]! - OPT[0]!, best!.values[1]! - OPT[1]!)).toBeLessThan(0.1);
  });
  it('gets into the Rosenbrock valley near its optimum within 1,000 evaluations (batches of 2), for three seeds', () => {
    for (const seed of [1, 2, 3]) {
      const { best } = optimise({ algorithm: 'DDS', runsPerIteration: 2, iterations: 500, seed, ranges: [[-2, 2], [-2, 2]] }, rosenbrock);
      expect(best!.score).toBeGreaterThan(-0.2);
    }
  });
  it('keeps candidates inside the bounds and perturbs fewer parameters as the budget goes', () => {
    const bounds: [number, number][] = Array.from({ length: 10 }, () => [0, 1]);
    const x = Array(10).fill(0.99);
    const early = ddsCandidates(x, bounds, 20, 2, 1000, mulberry32(1));
    const late = ddsCandidates(x, bounds, 200, 900, 1000, mulberry32(1));
    for (const c of [...early, ...late]) for (const v of c) expect(v >= 0 && v <= 1).toBe(true);
    const changed = (cs: number[][]) => cs.reduce((a, c) => a + c.filter((v, i) => v !== x[i]).length, 0) / cs.length;
    expect(changed(early)).toBeGreaterThan(5);
    expect(changed(late)).toBeLessThan(1.5);
  });
  it('is deterministic by seed and depends on the scores, not on the order runs finish in', () => {
    const s: AlgorithmSettings = { algorithm: 'DDS', runsPerIteration: 3, iterations: 3, seed: 9, ranges: [[0, 1]] };
    const a = startState(s);
    const runs = a.candidates.map((values, i) => ({ values, score: i, withinBound: true }));
    expect(advance(s, a, runs).next).toEqual(advance(s, startState(s), [...runs]).next);
    expect(advance(s, a, runs).best!.values).toEqual(a.candidates[2]);
  });
});

describe('objectives', () => {
  it('gives NSE, KGE, PBIAS, RSR and LNSE over the days both series have', () => {
    const obs = [1, 2, 3, 4, NaN, 6];
    const sim = [1.1, 1.9, 3.2, 3.7, 9, 6.3];
    const f = calibrationFit(sim, obs)!;
    expect(f.days).toBe(5);
    const o = [1, 2, 3, 4, 6], s = [1.1, 1.9, 3.2, 3.7, 6.3];
    const mo = 16 / 5;
    const sse = o.reduce((a, x, i) => a + (x - s[i]!) ** 2, 0);
    const sso = o.reduce((a, x) => a + (x - mo) ** 2, 0);
    expect(f.NSE).toBeCloseTo(1 - sse / sso, 12);
    expect(f.RSR).toBeCloseTo(Math.sqrt(sse / sso), 12);
    expect(f.PBIAS).toBeCloseTo((100 * (16 - 16.2)) / 16, 12);
    const eps = 0.01 * mo;
    const lo = o.map((x) => Math.log(x + eps)), ls = s.map((x) => Math.log(x + eps));
    const ml = lo.reduce((a, x) => a + x, 0) / 5;
    expect(f.LNSE).toBeCloseTo(1 - lo.reduce((a, x, i) => a + (x - ls[i]!) ** 2, 0) / lo.reduce((a, x) => a + (x - ml) ** 2, 0), 12);
  });
  it('penalises a run outside the PBIAS bound', () => {
    const fit = { NSE: 0.7, KGE: 0.6, PBIAS: -30, RSR: 0.5, LNSE: 0.4, days: 10 };
    expect(scoreOf(fit, 'NSE', null)).toEqual({ score: 0.7, withinBound: true });
    expect(scoreOf(fit, 'NSE', 25).score).toBeCloseTo(0.65, 12);
    expect(scoreOf(fit, 'KGE', 25).withinBound).toBe(false);
    expect(scoreOf(fit, 'LNSE', 30)).toEqual({ score: 0.4, withinBound: true });
  });
});

describe('catalogue', () => {
  it("holds every variable to SWAT's limits and names inputs the changes can set", () => {
    for (const c of CALIBRATION_PARAMETERS) expect(LIMITS[c.variable], c.variable).toEqual(c.limits);
    const project = { bsn: { SURLAG: 4 }, reaches: [], subbasins: [] } as never;
    expect(applyMods(project, [{ file: 'bsn', variable: 'SURLAG', type: 'V', value: 30 }], () => [])).toEqual([1]);
    expect((project as { bsn: { SURLAG: number } }).bsn.SURLAG).toBe(24);
  });
});
