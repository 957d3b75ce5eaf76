// The outputs API's statistics (modules/outputs/stats.ts) against values worked out by hand.
import { describe, expect, it } from 'vitest';
import { aggregate, averageAnnual, averageMonthly, fitStatistics, flowDuration, monthlyBoxplot, quantile, ratioSeries, seriesOf } from '../src/modules/outputs/stats.ts';

describe('goodness of fit', () => {
  // obs 1 2 3 4, sim 2 2 3 5:
  //   ō = 2.5, Σ(o−ō)² = 2.25+0.25+0.25+2.25 = 5, Σ(o−s)² = 1+0+0+1 = 2      → NSE = 1 − 2/5 = 0.6
  //   Σ(o−s) = −2, Σo = 10                                                     → PBIAS = −20 %
  //   s̄ = 3 → β = 3/2.5 = 1.2; Σ(s−s̄)² = 1+1+0+4 = 6 → α = √(6/5) = 1.095445
  //   Σ(o−ō)(s−s̄) = 1.5+0.5+0+3 = 5 → r = 5/√(5·6) = 0.912871
  //   KGE = 1 − √((r−1)² + (α−1)² + (β−1)²) = 1 − √(0.0075915 + 0.0091097 + 0.04) = 0.761880
  it('NSE, KGE and PBIAS of a small series', () => {
    const f = fitStatistics([2, 2, 3, 5], [1, 2, 3, 4])!;
    expect(f.nse).toBeCloseTo(0.6, 10);
    expect(f.pbias).toBeCloseTo(-20, 10);
    expect(f.beta).toBeCloseTo(1.2, 10);
    expect(f.alpha).toBeCloseTo(1.095445, 6);
    expect(f.r).toBeCloseTo(0.912871, 6);
    expect(f.kge).toBeCloseTo(0.76188, 5);
    expect(f.n).toBe(4);
  });

  it('a perfect model scores NSE = KGE = 1 and PBIAS = 0; missing pairs are left out', () => {
    const f = fitStatistics([1, NaN, 3, 7, 2], [1, 5, 3, 7, NaN])!;
    expect([f.nse, f.kge, f.pbias, f.n]).toEqual([1, 1, 0, 3]);
    // the mean of the observations as the model: NSE 0
    expect(fitStatistics([2, 2, 2], [1, 2, 3])!.nse).toBe(0);
    // underestimating by half: PBIAS +50 %
    expect(fitStatistics([0.5, 1, 1.5], [1, 2, 3])!.pbias).toBeCloseTo(50, 10);
    expect(fitStatistics([1], [1])).toBeNull();
  });
});

describe('periods', () => {
  const days = [20030130, 20030131, 20030201, 20030202];
  const s = seriesOf(days, [1, 3, 10, NaN], 'day');
  it('sums, means, ends and maxima by month, a month with no value missing', () => {
    expect(Array.from(aggregate(s, 'day', 'month', 'sum').values)).toEqual([4, 10]);
    expect(Array.from(aggregate(s, 'day', 'month', 'mean').values)).toEqual([2, 10]);
    expect(Array.from(aggregate(s, 'day', 'month', 'last').values)).toEqual([3, 10]);
    expect(Array.from(aggregate(s, 'day', 'month', 'first').values)).toEqual([1, 10]);
    expect(Array.from(aggregate(s, 'day', 'month', 'max').values)).toEqual([3, 10]);
    expect(aggregate(s, 'day', 'month', 'sum').times).toEqual([200301, 200302]);
    // strict (observed data): February misses a day
    expect(Array.from(aggregate(s, 'day', 'month', 'mean', true).values)).toEqual([2, NaN]);
    const none = seriesOf([20030101], [NaN], 'day');
    expect(Array.from(aggregate(none, 'day', 'year', 'sum').values)).toEqual([NaN]);
  });

  it('monthly means weight the months by their days', () => {
    // 31 days at 1 and 28 days at 4: (31 + 112) / 59
    const m = seriesOf([200301, 200302], [1, 4], 'month');
    expect(aggregate(m, 'month', 'year', 'mean').values[0]).toBeCloseTo(143 / 59, 12);
  });

  it('average annual: totals over the years printed, partial years by their share', () => {
    const full = { times: [2003, 2004], values: Float64Array.from([100, 200]), days: [365, 366] };
    expect(averageAnnual(full, 'sum')).toBe(150);
    const part = { times: [2003, 2004, 2005], values: Float64Array.from([100, 200, 50]), days: [365, 366, 73] };
    expect(averageAnnual(part, 'sum')).toBeCloseTo(350 / 2.2, 12);
    // means by days: (1·365 + 2·366) / 731
    expect(averageAnnual({ ...full, values: Float64Array.from([1, 2]) }, 'mean')).toBeCloseTo(1097 / 731, 12);
    expect(averageAnnual({ ...full, values: Float64Array.from([10, 30]) }, 'last')).toBe(20);
  });

  it('flow-weighted concentrations: Σ load / Σ flow', () => {
    const num = seriesOf([20030101, 20030102], [86.4, 0], 'day');
    const den = seriesOf([20030101, 20030102], [1, 3], 'day');
    // 86.4 kg in one day of 1 m³/s (86,400 m³) is 1 mg/L; the month: 86.4 kg over 4 m³/s-days
    expect(Array.from(ratioSeries(num, den, 1000 / 86400, 'day').values)).toEqual([1, 0]);
    expect(ratioSeries(num, den, 1000 / 86400, 'day', 'month').values[0]).toBeCloseTo(0.25, 12);
  });
});

describe('monthly statistics and the flow duration curve', () => {
  const monthly = seriesOf([200301, 200302, 200401, 200402, 200501], [1, 10, 3, 20, 8], 'month');
  it('averages each month over the years', () => {
    const avg = averageMonthly(monthly);
    expect(avg[0]).toBe(4); // (1 + 3 + 8) / 3
    expect(avg[1]).toBe(15);
    expect(avg[2]).toBeNaN();
  });

  it('quartiles by linear interpolation (type 7)', () => {
    expect(quantile([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([7], 0.75)).toBe(7);
    // January 1, 3, 8: min 1, Q1 2, median 3, Q3 5.5, max 8
    expect(monthlyBoxplot(monthly)[0]).toEqual([1, 2, 3, 5.5, 8]);
    expect(monthlyBoxplot(monthly)[5]).toBeNull();
  });

  it('sorts flows high to low against 100·i/(n+1)', () => {
    expect(flowDuration([5, NaN, 1, 3])).toEqual({ exceedance: [25, 50, 75], values: [5, 3, 1] });
    const long = flowDuration(Array.from({ length: 10_000 }, (_, i) => i), 100);
    expect(long.values.length).toBe(100);
    expect([long.values[0], long.values[99]]).toEqual([9999, 0]);
  });
});
