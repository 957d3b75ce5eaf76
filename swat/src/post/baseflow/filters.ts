// Baseflow separation by recursive digital filters.
//
// Eckhardt (2005), Hydrological Processes 19:507-515, two-parameter filter:
//   b_t = ((1 − BFImax)·a·b_{t−1} + (1 − a)·BFImax·Q_t) / (1 − a·BFImax),  b_t ≤ Q_t
// with a the recession constant (filter parameter) and BFImax the maximum baseflow index.
//
// Lyne & Hollick (1979) one-parameter filter as standardised by Ladson et al. (2013),
// Australasian Journal of Water Resources 17(1): a forward pass, then (passes − 1)/2
// backward–forward pairs, on the series extended at both ends by reflecting `reflect`
// values to limit warm-up effects. Quickflow f_t = α·f_{t−1} + (1 + α)/2·(y_t − y_{t−1});
// baseflow = y − f where f > 0, else y.

export type EckhardtInitial = 'first-flow' | 'zero-state' | number;

export interface EckhardtOptions {
  /** Filter parameter (recession constant) a, 0..1 (default 0.98). */
  a?: number;
  /** Maximum baseflow index BFImax, 0..1 (default 0.8). */
  bfiMax?: number;
  /**
   * Baseflow of the first day: 'first-flow' (b₁ = Q₁, default), 'zero-state'
   * (b₀ = 0, so b₁ = (1 − a)·BFImax·Q₁/(1 − a·BFImax)), or a number.
   */
  initial?: EckhardtInitial;
  /**
   * Fraction of the flow above which the day's baseflow is set equal to the flow (default 1,
   * i.e. the usual b ≤ Q constraint). The IRSTEA/hydrodiy variant uses 0.95.
   */
  threshold?: number;
  /**
   * Where the constraint applies: 'state' (default; the constrained value feeds the next
   * day, as in Eckhardt 2005) or 'output' (the recursion runs unconstrained and only the
   * reported value is constrained, as in the IRSTEA/hydrodiy implementation).
   */
  constrain?: 'state' | 'output';
}

export interface LyneHollickOptions {
  /** Filter parameter α, 0 ≤ α < 1 (default 0.925; Ladson et al. recommend 0.98 for daily data). */
  alpha?: number;
  /** Number of passes, odd ≥ 1 (default 3: forward, backward, forward). */
  passes?: number;
  /** Number of values reflected at each end (default 30). */
  reflect?: number;
}

export function validateUnitInterval(name: string, v: number): void {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1) {
    throw new RangeError(`${name} must be a number between 0 and 1 (got ${v})`);
  }
}

/** Filter parameter from a recession time constant: a = exp(−Δt/τ) (same time unit). */
export function filterParameterFromTimeConstant(tau: number, dt = 1): number {
  if (!(tau > 0)) throw new RangeError(`time constant must be positive (got ${tau})`);
  return Math.exp(-dt / tau);
}

function checkFlows(flows: readonly number[]): void {
  for (let i = 0; i < flows.length; i++) {
    const q = flows[i]!;
    if (!Number.isFinite(q) || q < 0) throw new RangeError(`flow #${i + 1} must be a finite non-negative number (got ${q})`);
  }
}

/** Eckhardt filter on a gap-free series of flows. */
export function eckhardt(flows: readonly number[], options: EckhardtOptions = {}): number[] {
  const a = options.a ?? 0.98;
  const bfiMax = options.bfiMax ?? 0.8;
  const threshold = options.threshold ?? 1;
  const constrain = options.constrain ?? 'state';
  validateUnitInterval('Filter parameter', a);
  validateUnitInterval('BFI max', bfiMax);
  validateUnitInterval('threshold', threshold);
  checkFlows(flows);
  const n = flows.length;
  const out = new Array<number>(n);
  if (n === 0) return out;
  const c1 = (1 - bfiMax) * a;
  const c2 = (1 - a) * bfiMax;
  const c3 = 1 - a * bfiMax;
  const limit = (b: number, q: number): number => (b > threshold * q ? q : b);
  const init = options.initial ?? 'first-flow';
  let state: number;
  if (init === 'first-flow') state = flows[0]!;
  else if (init === 'zero-state') state = c3 > 0 ? (c2 * flows[0]!) / c3 : 0;
  else {
    if (!Number.isFinite(init) || init < 0) throw new RangeError(`initial baseflow must be a non-negative number (got ${init})`);
    state = init;
  }
  out[0] = limit(state, flows[0]!);
  if (constrain === 'state') state = out[0];
  for (let t = 1; t < n; t++) {
    const q = flows[t]!;
    // a·BFImax = 1 (a = BFImax = 1) makes the filter degenerate: baseflow stays constant.
    const b = c3 > 0 ? (c1 * state + c2 * q) / c3 : state;
    const reported = limit(b, q);
    out[t] = reported;
    state = constrain === 'state' ? reported : b;
  }
  return out;
}

function lhPass(y: readonly number[], alpha: number, backward: boolean, firstQuick: number): number[] {
  const n = y.length;
  const f = new Array<number>(n);
  const base = new Array<number>(n);
  const c = 0.5 * (1 + alpha);
  if (!backward) {
    f[0] = firstQuick;
    for (let i = 1; i < n; i++) f[i] = alpha * f[i - 1]! + c * (y[i]! - y[i - 1]!);
  } else {
    f[n - 1] = firstQuick;
    for (let i = n - 2; i >= 0; i--) f[i] = alpha * f[i + 1]! + c * (y[i]! - y[i + 1]!);
  }
  for (let i = 0; i < n; i++) base[i] = f[i]! > 0 ? y[i]! - f[i]! : y[i]!;
  return base;
}

/**
 * Lyne–Hollick filter (Ladson et al. 2013) on a gap-free series; returns the daily
 * baseflow (negative values set to zero). The series must be longer than `reflect`.
 */
export function lyneHollick(flows: readonly number[], options: LyneHollickOptions = {}): number[] {
  const alpha = options.alpha ?? 0.925;
  const passes = options.passes ?? 3;
  const reflect = options.reflect ?? 30;
  if (!(typeof alpha === 'number' && alpha >= 0 && alpha < 1)) throw new RangeError(`Filter parameter must be a number from 0 to below 1 (got ${alpha})`);
  if (!Number.isInteger(passes) || passes < 1 || passes % 2 === 0) throw new RangeError(`passes must be an odd whole number ≥ 1 (got ${passes})`);
  if (!Number.isInteger(reflect) || reflect < 0) throw new RangeError(`reflect must be a whole number ≥ 0 (got ${reflect})`);
  checkFlows(flows);
  const n = flows.length;
  if (n === 0) return [];
  if (n <= reflect) throw new RangeError(`the series (${n} values) must be longer than the number of reflected values (${reflect})`);
  // Reflection: y[reflect] … y[1] | y | y[n−2] … y[n−1−reflect]  (0-based).
  const ext: number[] = [];
  for (let i = reflect; i >= 1; i--) ext.push(flows[i]!);
  for (const q of flows) ext.push(q);
  for (let i = n - 2; i >= n - 1 - reflect; i--) ext.push(flows[i]!);
  // First (forward) pass starts with quickflow = first flow, the following passes with
  // quickflow = the first value they meet of the previous pass's baseflow (Ladson et al.).
  let base = lhPass(ext, alpha, false, ext[0]!);
  for (let k = 0; k < (passes - 1) / 2; k++) {
    base = lhPass(base, alpha, true, base[base.length - 1]!);
    base = lhPass(base, alpha, false, base[0]!);
  }
  return base.slice(reflect, reflect + n).map((b) => (b < 0 ? 0 : b));
}

/** Baseflow index Σ baseflow / Σ flow over days where both are finite. */
export function baseflowIndex(flows: readonly number[], baseflow: readonly number[]): number {
  let sq = 0;
  let sb = 0;
  for (let i = 0; i < flows.length; i++) {
    const q = flows[i]!;
    const b = baseflow[i];
    if (b === undefined || !Number.isFinite(q) || !Number.isFinite(b)) continue;
    sq += q;
    sb += b;
  }
  return sq > 0 ? sb / sq : NaN;
}
