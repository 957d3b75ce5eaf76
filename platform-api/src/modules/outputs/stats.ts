// The statistics of the outputs API, as pure functions over one unit's series (no database, no
// HTTP): aggregation of a printed series to months and years by the variable's rule (totals,
// means, end-of-period states...), average annual, average of each month over the years, the
// monthly boxplot, the flow duration curve, and the goodness of fit of a simulated series
// against an observed one (NSE, KGE, PBIAS). Times are SWAT's stored codes: day yyyymmdd,
// month yyyymm, year yyyy.

/** How a variable's values over a period make the period's value (as SWAT prints them):
 * `sum` totals (mm, kg, t), `mean` day-weighted means (m³/s, concentrations, temperatures),
 * `last` the state at the period's end (soil water), `first` at its start, `max` the period's
 * maximum (biomass, LAI). */
export type Aggregation = 'sum' | 'mean' | 'last' | 'first' | 'max';

export type PeriodKind = 'day' | 'month' | 'year';

/** A series: values by time code, and for each value the number of days it stands for. */
export type Series = { times: number[]; values: Float64Array; days: number[] };

export const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
export const daysInYear = (y: number) => (isLeap(y) ? 366 : 365);
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export const daysInMonth = (y: number, m: number) => (m === 2 && isLeap(y) ? 29 : MONTH_DAYS[m - 1]!);

export const yearOf = (time: number, period: PeriodKind) => (period === 'day' ? Math.floor(time / 10000) : period === 'month' ? Math.floor(time / 100) : time);
export const monthOf = (time: number, period: PeriodKind) => (period === 'day' ? Math.floor(time / 100) % 100 : period === 'month' ? time % 100 : 0);

/** Days a stored value stands for: 1 for a day, the month's days, the year's days. */
export function periodDays(time: number, period: PeriodKind): number {
  if (period === 'day') return 1;
  if (period === 'month') return daysInMonth(Math.floor(time / 100), time % 100);
  return daysInYear(time);
}

/** A stored series as a Series (NaN kept: a unit without a row at that time). */
export function seriesOf(times: number[], values: ArrayLike<number>, period: PeriodKind): Series {
  return { times: [...times], values: Float64Array.from(values as ArrayLike<number>), days: times.map((t) => periodDays(t, period)) };
}

/** The epoch milliseconds (UTC) of a time code's first day. */
export function timeMs(time: number, period: PeriodKind): number {
  if (period === 'day') return Date.UTC(Math.floor(time / 10000), (Math.floor(time / 100) % 100) - 1, time % 100);
  if (period === 'month') return Date.UTC(Math.floor(time / 100), (time % 100) - 1, 1);
  return Date.UTC(time, 0, 1);
}

/** Aggregates a series to months or years with the variable's rule. A group whose values are
 * all missing (`strict`: any of them) is missing; `days` of a group is the sum of its members'. */
export function aggregate(s: Series, from: PeriodKind, to: 'month' | 'year', agg: Aggregation, strict = false): Series {
  const key = (t: number) => (to === 'year' ? yearOf(t, from) : yearOf(t, from) * 100 + monthOf(t, from));
  const times: number[] = [];
  const out: number[] = [];
  const days: number[] = [];
  let i = 0;
  while (i < s.times.length) {
    const k = key(s.times[i]!);
    let sum = 0, weighted = 0, weight = 0, n = 0, first = NaN, last = NaN, max = -Infinity, d = 0, missing = 0;
    for (; i < s.times.length && key(s.times[i]!) === k; i++) {
      const v = s.values[i]!;
      d += s.days[i]!;
      if (Number.isNaN(v)) {
        missing++;
        continue;
      }
      n++;
      sum += v;
      weighted += v * s.days[i]!;
      weight += s.days[i]!;
      if (Number.isNaN(first)) first = v;
      last = v;
      if (v > max) max = v;
    }
    times.push(k);
    days.push(d);
    if (n === 0 || (strict && missing > 0)) out.push(NaN);
    else if (agg === 'sum') out.push(sum);
    else if (agg === 'mean') out.push(weighted / weight);
    else if (agg === 'first') out.push(first);
    else if (agg === 'last') out.push(last);
    else out.push(max);
  }
  return { times, values: Float64Array.from(out), days };
}

/** A ratio variable (a flow-weighted concentration): Σ numerator / Σ denominator × factor over
 * each group, or per value when `to` is undefined. Zero denominators give missing values. */
export function ratioSeries(num: Series, den: Series, factor: number, from: PeriodKind, to?: 'month' | 'year'): Series {
  if (!to) {
    const values = num.values.map((v, i) => {
      const d = den.values[i]!;
      return d > 0 && Number.isFinite(v) ? (v / d) * factor : NaN;
    });
    return { times: [...num.times], values, days: [...num.days] };
  }
  const a = aggregate(num, from, to, 'sum');
  const b = aggregate(den, from, to, 'sum');
  return { times: a.times, values: a.values.map((v, i) => (b.values[i]! > 0 ? (v / b.values[i]!) * factor : NaN)), days: a.days };
}

/** The share of a year a group of `days` in `year` covers. */
const yearShare = (year: number, days: number) => days / daysInYear(year);

/**
 * Average annual value from annual values (`annual`, times = years, days = days covered):
 * totals divide by the simulated years (partial years count by the share of the year printed);
 * means are weighted by days; states and maxima are the mean of the annual values.
 */
export function averageAnnual(annual: Series, agg: Aggregation): number {
  let num = 0, den = 0;
  for (let i = 0; i < annual.times.length; i++) {
    const v = annual.values[i]!;
    if (Number.isNaN(v)) continue;
    if (agg === 'sum') {
      num += v;
      den += yearShare(annual.times[i]!, annual.days[i]!);
    } else if (agg === 'mean') {
      num += v * annual.days[i]!;
      den += annual.days[i]!;
    } else {
      num += v;
      den += 1;
    }
  }
  return den > 0 ? num / den : NaN;
}

/** The value of each calendar month (1–12) of a monthly series: the monthly values of that
 * month over the years (times yyyymm). */
export function monthGroups(monthly: Series): number[][] {
  const groups: number[][] = Array.from({ length: 12 }, () => []);
  monthly.times.forEach((t, i) => {
    const v = monthly.values[i]!;
    if (!Number.isNaN(v)) groups[(t % 100) - 1]!.push(v);
  });
  return groups;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

/** Average of each month over the years (12 values, NaN for a month never printed). */
export function averageMonthly(monthly: Series): number[] {
  return monthGroups(monthly).map(mean);
}

/** Quantile of sorted values, linear between order statistics (Hyndman & Fan type 7, as
 * spreadsheets and R's default). */
export function quantile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/** Five-number summary of each month's monthly values: [min, Q1, median, Q3, max]. */
export function monthlyBoxplot(monthly: Series): ([number, number, number, number, number] | null)[] {
  return monthGroups(monthly).map((xs) => {
    if (!xs.length) return null;
    const s = [...xs].sort((a, b) => a - b);
    return [s[0]!, quantile(s, 0.25), quantile(s, 0.5), quantile(s, 0.75), s[s.length - 1]!];
  });
}

/**
 * Flow duration curve: the values sorted from high to low against their exceedance probability
 * (percent of time a value is equalled or exceeded, Weibull plotting position 100·i/(n+1)).
 * Long series are thinned to at most `maxPoints` ranks (first and last kept).
 */
export function flowDuration(values: ArrayLike<number>, maxPoints = 2000): { exceedance: number[]; values: number[] } {
  const xs: number[] = [];
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i]!)) xs.push(values[i]!);
  xs.sort((a, b) => b - a);
  const n = xs.length;
  const exceedance: number[] = [];
  const out: number[] = [];
  if (!n) return { exceedance, values: out };
  const step = n > maxPoints ? (n - 1) / (maxPoints - 1) : 1;
  let last = -1;
  for (let k = 0; ; k++) {
    const i = Math.min(n - 1, Math.round(k * step));
    if (i !== last) {
      exceedance.push((100 * (i + 1)) / (n + 1));
      out.push(xs[i]!);
      last = i;
    }
    if (i >= n - 1) break;
  }
  return { exceedance, values: out };
}

// the goodness of fit lives in @headwater/swat (shared with the calibration runs); re-exported here
export { fitStatistics, type Fit } from '@headwater/swat/post/fit.ts';
