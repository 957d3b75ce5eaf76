// The server half's analysis: its fast multiple Grubbs–Beck test makes the decisions of
// @headwater/swat's `multipleGrubbsBeck`, so an EMA request equals `emaAnalysis` (= hw-swat ffa
// --method ema); the tabulated frequency factor; annual peaks as `annualMaxima` takes them.
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { annualMaxima, emaAnalysis, multipleGrubbsBeck, pearson3K } from '@headwater/swat/post/ffa/index.ts';
import { analyseSubbasin, annualPeaks, CURVE_AEPS } from '../server/analysis.ts';
import { criticalBracket, criticalOmega, fastMultipleGrubbsBeck, tabulatedFrequencyFactor } from '../server/fast.ts';
import { mgbtPValue } from '@headwater/swat/post/ffa/mgbt.ts';

let seed = 7;
const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
/** Log-normal peaks with a few very small years (low outliers) now and then. */
const sample = (n: number, lows: number) => Array.from({ length: n }, (_, i) => ({ year: 2000 + i, flow: Math.exp(3 + rnd() * 1.5) * (i < lows ? 0.01 : 1), date: `${2000 + i}-05-01` }));

describe('the fast multiple Grubbs–Beck test', () => {
  it('brackets the critical ω where the p-value is α', () => {
    const { lo, hi } = criticalBracket(12, 2, 0.005);
    expect(hi - lo).toBeLessThanOrEqual(0.005);
    expect(mgbtPValue(12, 2, lo)).toBeLessThan(0.005);
    expect(mgbtPValue(12, 2, hi)).toBeGreaterThanOrEqual(0.005);
    expect(criticalOmega(12, 2, 0.005)).toBe((lo + hi) / 2);
  }, 120_000);

  it('makes the decisions of multipleGrubbsBeck', () => {
    for (const lows of [0, 1, 3]) {
      const flows = sample(12, lows).map((p) => p.flow);
      const exact = multipleGrubbsBeck(flows);
      const fast = fastMultipleGrubbsBeck(flows);
      expect(fast.lowOutliers, `lows ${lows}`).toBe(exact.lowOutliers);
      expect(fast.threshold).toBe(exact.threshold);
      expect(fast.statistics.map((s) => s.omega)).toEqual(exact.statistics.map((s) => s.omega));
    }
  }, 300_000);

  it('so an EMA request gives the quantiles of emaAnalysis', () => {
    const peaks = sample(12, 2);
    const r = analyseSubbasin(4, 'S4', peaks, { method: 'ema' });
    const lib = emaAnalysis(peaks.map(({ year, flow }) => ({ year, flow })), { returnPeriods: [1.5, 2, 5, 10, 25, 50, 100, 200, 500] });
    expect(r.quantiles.map((q) => q.flow)).toEqual(lib.quantiles.map((q) => q.flow));
    expect(r.outliers!.lowThreshold).toBe(lib.lowOutlierThreshold);
    // with 17C confidence intervals around each quantile
    for (const q of r.quantiles) expect(q.lower! < q.flow && q.flow < q.upper!).toBe(true);
  }, 120_000);
});

describe('the tabulated frequency factor', () => {
  it('agrees with pearson3K within 1e-7 over the skews of the table', () => {
    const k = tabulatedFrequencyFactor(CURVE_AEPS);
    let worst = 0;
    for (const p of [0.995, 0.5, 0.01, 0.002]) for (let g = -3.957; g < 3.95; g += 0.0713) worst = Math.max(worst, Math.abs(k(p, g) - pearson3K(p, g)));
    expect(worst).toBeLessThan(1e-7);
    expect(k(0.01, 5)).toBe(pearson3K(0.01, 5));
  });
});

describe('annual peaks', () => {
  it('are annualMaxima of the daily values by calendar year', () => {
    const times: number[] = [];
    const values: number[] = [];
    for (let y = 2001; y <= 2004; y++)
      for (let m = 1; m <= 12; m++)
        for (let d = 1; d <= 28; d += 9) {
          times.push(y * 10000 + m * 100 + d);
          values.push(Math.round(rnd() * 1000) / 10);
        }
    values[5] = NaN;
    const daily = times.map((t, i) => ({ date: `${Math.floor(t / 10000)}-${String(Math.floor(t / 100) % 100).padStart(2, '0')}-${String(t % 100).padStart(2, '0')}`, value: values[i]! }));
    const lib = annualMaxima(daily).map(({ year, flow, date }) => ({ year, flow, date }));
    expect(annualPeaks(times, (i) => values[i]!)).toEqual(lib);
  });
});
