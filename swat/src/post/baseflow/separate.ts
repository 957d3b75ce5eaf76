// Baseflow separation of a dated daily series: splits the record into gap-free runs of
// consecutive days (missing dates or non-finite flows end a run), filters each run and
// reports the daily baseflow and the baseflow index of the whole record.

import { baseflowIndex, eckhardt, lyneHollick } from './filters.ts';
import type { EckhardtOptions, LyneHollickOptions } from './filters.ts';

export type BaseflowMethod = 'eckhardt' | 'lyne-hollick';

export interface DailyFlow {
  /** ISO date 'YYYY-MM-DD'. */
  date: string;
  /** Flow (any unit); NaN marks a missing value. */
  flow: number;
}

export interface BaseflowDay {
  date: string;
  flow: number;
  /** Baseflow, or null where no value could be computed (missing flow, run too short). */
  baseflow: number | null;
}

export interface BaseflowResult {
  method: BaseflowMethod;
  /** Baseflow index: total baseflow / total flow over the days with a baseflow. */
  bfi: number;
  days: BaseflowDay[];
  /** Number of gap-free runs filtered. */
  segments: number;
}

export type SeparationOptions =
  | ({ method: 'eckhardt' } & EckhardtOptions)
  | ({ method: 'lyne-hollick' } & LyneHollickOptions);

const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`invalid date '${date}' (expected YYYY-MM-DD)`);
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(t);
  if (d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) {
    throw new RangeError(`invalid date '${date}'`);
  }
  return t / DAY_MS;
}

/** Separate baseflow from a daily series with the Eckhardt or Lyne–Hollick filter. */
export function separateBaseflow(series: readonly DailyFlow[], options: SeparationOptions): BaseflowResult {
  if (series.length === 0) throw new RangeError('the flow series is empty');
  const days: BaseflowDay[] = series.map((d) => ({ date: d.date, flow: d.flow, baseflow: null }));
  for (const d of series) {
    if (Number.isFinite(d.flow) && d.flow < 0) throw new RangeError(`negative flow on ${d.date} (${d.flow})`);
  }
  const dayNums = series.map((d) => dayNumber(d.date));
  for (let i = 1; i < dayNums.length; i++) {
    if (dayNums[i]! <= dayNums[i - 1]!) throw new RangeError(`dates must increase: ${series[i]!.date} follows ${series[i - 1]!.date}`);
  }
  let segments = 0;
  let start = -1;
  const flush = (end: number): void => {
    if (start < 0) return;
    const flows = series.slice(start, end).map((d) => d.flow);
    let base: number[] | null = null;
    if (options.method === 'eckhardt') base = eckhardt(flows, options);
    else if (flows.length > (options.reflect ?? 30)) base = lyneHollick(flows, options);
    if (base) {
      segments++;
      for (let i = 0; i < base.length; i++) days[start + i]!.baseflow = base[i]!;
    }
    start = -1;
  };
  for (let i = 0; i < series.length; i++) {
    const ok = Number.isFinite(series[i]!.flow);
    const contiguous = i > 0 && dayNums[i]! - dayNums[i - 1]! === 1;
    if (!ok) {
      flush(i);
      continue;
    }
    if (start >= 0 && !contiguous) flush(i);
    if (start < 0) start = i;
  }
  flush(series.length);
  if (segments === 0) {
    throw new RangeError(options.method === 'lyne-hollick'
      ? `no run of consecutive valid days longer than ${options.reflect ?? 30} values`
      : 'no valid flows');
  }
  const bfi = baseflowIndex(days.map((d) => (d.baseflow === null ? NaN : d.flow)), days.map((d) => d.baseflow ?? NaN));
  return { method: options.method, bfi, days, segments };
}
