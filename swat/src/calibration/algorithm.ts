// A calibration request as a state machine, shared by the platform's jobs and the tests: the
// state holds the current iteration's candidates; when every run of an iteration has a score,
// `advance` gives the next iteration (new ranges / next DDS batch) or says the request is done.
// Candidates depend only on the seed, the settings and the scores, never on which worker
// finished first, so the same seed gives the same runs.
import { ddsCandidates } from './dds.ts';
import { latinHypercube, type Range } from './lhs.ts';
import { streamRng } from './random.ts';
import { sufi2Ranges, type ScoredRun } from './sufi2.ts';

export type Algorithm = 'SUFI2' | 'DDS';
export const ALGORITHMS: readonly Algorithm[] = ['SUFI2', 'DDS'];

export type AlgorithmSettings = {
  algorithm: Algorithm;
  /** SUFI-2: runs per iteration; DDS: runs per batch */
  runsPerIteration: number;
  /** SUFI-2: iterations; DDS: batches */
  iterations: number;
  seed: number;
  /** the initial range of each parameter */
  ranges: Range[];
};

export type AlgorithmState = {
  /** 1-based */
  iteration: number;
  /** the ranges this iteration samples (SUFI-2); the initial ranges (DDS) */
  ranges: Range[];
  /** the parameter values of this iteration's runs, run n = (iteration − 1)·k + index + 1 */
  candidates: number[][];
  /** the best run so far */
  best: { values: number[]; score: number } | null;
};

export function totalRuns(s: Pick<AlgorithmSettings, 'runsPerIteration' | 'iterations'>): number {
  return s.runsPerIteration * s.iterations;
}

/** The run number of an iteration's candidate. */
export function runNumber(s: Pick<AlgorithmSettings, 'runsPerIteration'>, iteration: number, index: number): number {
  return (iteration - 1) * s.runsPerIteration + index + 1;
}

/** Iteration 1: a Latin hypercube over the initial ranges (for DDS, its initialisation: the best
 * of it is where the search starts; Tolson & Shoemaker start from a user set or random ones). */
export function startState(s: AlgorithmSettings): AlgorithmState {
  const ranges = s.ranges.map((r) => [r[0], r[1]] as Range);
  return { iteration: 1, ranges, candidates: latinHypercube(s.runsPerIteration, ranges, streamRng(s.seed, 1)), best: null };
}

/** The next state once every run of `state`'s iteration is scored (runs in candidate order), or
 * null when the request has run all its iterations. `best` is updated either way. */
export function advance(s: AlgorithmSettings, state: AlgorithmState, runs: readonly ScoredRun[]): { next: AlgorithmState | null; best: AlgorithmState['best'] } {
  let best = state.best;
  for (const r of runs) if (r.score !== null && Number.isFinite(r.score) && (!best || r.score > best.score)) best = { values: [...r.values], score: r.score };
  if (state.iteration >= s.iterations) return { next: null, best };
  const iteration = state.iteration + 1;
  const rng = streamRng(s.seed, iteration);
  if (s.algorithm === 'SUFI2') {
    const ranges = sufi2Ranges(state.ranges, s.ranges, runs, best?.values ?? null);
    return { next: { iteration, ranges, candidates: latinHypercube(s.runsPerIteration, ranges, rng), best }, best };
  }
  // DDS: perturb the best set (none scored yet: the middle of the ranges)
  const from = best?.values ?? s.ranges.map(([lo, hi]) => (lo + hi) / 2);
  const first = runNumber(s, iteration, 0);
  const candidates = ddsCandidates(from, s.ranges, s.runsPerIteration, first, totalRuns(s), rng);
  return { next: { iteration, ranges: state.ranges, candidates, best }, best };
}

/** Runs a whole request against a function (tests, scripts): `score` maps parameter values to a
 * score (higher is better). */
export function optimise(s: AlgorithmSettings, score: (values: number[]) => number): { best: { values: number[]; score: number } | null; states: AlgorithmState[] } {
  let state: AlgorithmState | null = startState(s);
  const states: AlgorithmState[] = [];
  let best: AlgorithmState['best'] = null;
  while (state) {
    states.push(state);
    const runs = state.candidates.map((values) => ({ values, score: score(values), withinBound: true }));
    const r = advance(s, state, runs);
    best = r.best;
    state = r.next;
  }
  return { best, states };
}
