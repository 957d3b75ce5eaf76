// Reading the stored outputs of a run unit by unit (output tools' producers on the workers).
// The outputs are stored as Float32; SWAT prints its values with 4–6 significant digits
// (`E12.4`, `F10.3`), which Float32 keeps exactly enough that the shortest decimal giving back
// the same Float32 IS the printed value: `storedValue` restores it, so a tool reading the
// database sees the very numbers a tool reading output.rch sees.
import type { StoredOutputAxes, StoredOutputKind, StoredOutputPeriod, StoredOutputs } from './custom-outputs.ts';

const POW10 = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

/** m·10^k correctly rounded (one exact operation while m < 2^53 and |k| ≤ 22). */
function scaled(m: number, k: number): number {
  return k >= 0 ? (k <= 22 ? m * POW10[k]! : Number(`${m}e${k}`)) : -k <= 22 ? m / POW10[-k]! : Number(`${m}e${k}`);
}

/** The shortest decimal that rounds to this Float32 (the printed value), as a double. */
export function storedValue(x: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  // fast path: 5 or 6 significant digits (SWAT's E12.4 and most F10.3 values) — distinct
  // decimals of up to 6 digits are distinct Float32s, so a candidate that rounds back to x is
  // the shortest decimal (with trailing zeros), and m·10^k is its correctly rounded double
  const a = Math.abs(x);
  const e = Math.floor(Math.log10(a));
  for (const digits of [5, 6]) {
    const k = e - digits + 1;
    const m = Math.round(k >= 0 ? a / scaled(1, k) : a * scaled(1, -k));
    for (const mm of [m, m - 1, m + 1]) {
      const d = scaled(mm, k);
      if (Math.fround(x < 0 ? -d : d) === x) return x < 0 ? -d : d;
    }
  }
  for (let p = 1; p < 10; p++) {
    const d = Number(x.toPrecision(p));
    if (Math.fround(d) === x) return d;
  }
  return x;
}

/** A stored day (yyyymmdd) as 'YYYY-MM-DD'. */
export function dayString(t: number): string {
  const y = Math.floor(t / 10000);
  const m = Math.floor(t / 100) % 100;
  const d = t % 100;
  return `${y}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

export type UnitSeries = {
  /** The unit's number (reach/subbasin). */
  unit: number;
  /** Position in the request's unit list. */
  index: number;
  /** The unit's stored Float32 values, one per time of `axes.times` (NaN: no row). */
  values: Float32Array;
};

/**
 * Calls `each` with the series of `variable` of every unit in `units` (in that order), reading
 * the stored matrix in blocks of about `blockBytes`; `onBlock(done)` after each block (progress).
 * A unit without stored output is reported as a RangeError naming it.
 */
export async function forEachUnitSeries(
  outputs: StoredOutputs,
  where: { kind: StoredOutputKind; period: StoredOutputPeriod; variable: string },
  units: readonly number[],
  each: (s: UnitSeries, axes: StoredOutputAxes) => void | Promise<void>,
  opts: { blockBytes?: number; onBlock?: (done: number) => Promise<void> | void } = {},
): Promise<StoredOutputAxes> {
  const axes = await outputs.axes(where.kind, where.period);
  if (!axes) throw new RangeError(`The ${where.period === 'day' ? 'daily' : where.period} output of output.${where.kind} is not stored for this scenario.`);
  const position = new Map(axes.units.map((u, i) => [u, i]));
  const missing = units.filter((u) => !position.has(u));
  if (missing.length) throw new RangeError(`output.${where.kind} has no rows for ${missing.length === 1 ? 'unit' : 'units'} ${missing.slice(0, 10).join(', ')}.`);
  const nt = axes.times.length;
  const perBlock = Math.max(1, Math.floor((opts.blockBytes ?? 8_000_000) / Math.max(1, nt * 4)));
  // read runs of consecutive stored positions, at most `perBlock` units at a time
  const order = units.map((u, index) => ({ u, index, pos: position.get(u)! }));
  const sorted = [...order].sort((a, b) => a.pos - b.pos);
  let done = 0;
  for (let i = 0; i < sorted.length; ) {
    const first = sorted[i]!.pos;
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1]!.pos - first < perBlock) j++;
    const count = sorted[j]!.pos - first + 1;
    const block = await outputs.block(where.kind, where.period, where.variable, first, count);
    for (let k = i; k <= j; k++) {
      const { u, index, pos } = sorted[k]!;
      await each({ unit: u, index, values: block.subarray((pos - first) * nt, (pos - first + 1) * nt) }, axes);
      done++;
    }
    await opts.onBlock?.(done);
    i = j + 1;
  }
  return axes;
}
