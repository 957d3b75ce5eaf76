// Annual maximum series from a daily flow series, by calendar year (January–December)
// or by water year (October–September, named after the calendar year in which it ends,
// as in USGS practice).

import type { AnnualPeak } from './b17b.ts';

export interface DailyValue {
  /** ISO date 'YYYY-MM-DD'. */
  date: string;
  value: number;
}

export type YearType = 'calendar' | 'water';

export interface AnnualMaximaOptions {
  yearType?: YearType;
  /**
   * Minimum number of valid (finite) days for a year to be kept (default 1). Use e.g. 365
   * to drop incomplete first/last years of a record.
   */
  minDays?: number;
}

export interface AnnualMaximum extends AnnualPeak {
  /** Date of the (first) maximum. */
  date: string;
  /** Number of valid days in the year. */
  days: number;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Year of a date under the given convention. */
export function yearOf(date: string, yearType: YearType): number {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`invalid date '${date}' (expected YYYY-MM-DD)`);
  const y = Number(m[1]);
  const mo = Number(m[2]);
  return yearType === 'water' && mo >= 10 ? y + 1 : y;
}

/** Annual maxima of a daily series; non-finite values are skipped. Sorted by year. */
export function annualMaxima(series: readonly DailyValue[], options: AnnualMaximaOptions = {}): AnnualMaximum[] {
  const yearType = options.yearType ?? 'calendar';
  const minDays = options.minDays ?? 1;
  const byYear = new Map<number, AnnualMaximum>();
  for (const d of series) {
    const year = yearOf(d.date, yearType);
    if (!Number.isFinite(d.value)) continue;
    const cur = byYear.get(year);
    if (!cur) byYear.set(year, { year, flow: d.value, date: d.date, days: 1 });
    else {
      cur.days++;
      if (d.value > cur.flow) {
        cur.flow = d.value;
        cur.date = d.date;
      }
    }
  }
  return [...byYear.values()].filter((a) => a.days >= minDays).sort((a, b) => a.year - b.year);
}
