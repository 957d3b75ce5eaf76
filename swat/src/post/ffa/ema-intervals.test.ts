import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../test/fixtures.ts';
import { emaAnalysis } from './ema.ts';
import { emaConfidenceIntervals } from './ema-intervals.ts';
import { pearson3K } from './special.ts';

/** The EMA table of a PeakFQ 7 run: AEP, estimate, variance of the estimate, 95 % limits. */
function parsePrt(text: string) {
  return [...text.matchAll(/^\s+(0\.\d{4})\s+([\d.]+)\s+([\d.]+)\s+(0\.\d{4})\s+([\d.]+)\s+([\d.]+)\s*$/gm)].map((m) => ({
    aep: Number(m[1]),
    flow: Number(m[2]),
    variance: Number(m[4]),
    lower: Number(m[5]),
    upper: Number(m[6]),
  }));
}
const peaksOf = (text: string) =>
  [...text.matchAll(/^\s{5}(\d{4})\s{5}\s*([\d.]+)\s*$/gm)].map((m) => ({ year: Number(m[1]), flow: Number(m[2]) }));

describe('EMA confidence intervals against PeakFQ 7.1 (USGS 04031500, 38 systematic peaks, station skew)', () => {
  const text = readFileSync(fixturePath('reference', 'PK04031500_EMA_PeakFQ71.PRT'), 'latin1');
  const table = parsePrt(text);
  const peaks = peaksOf(text);
  const r = emaAnalysis(peaks, { aeps: table.map((t) => t.aep) });
  const ci = emaConfidenceIntervals(r);

  it('reads the reference', () => {
    expect(peaks).toHaveLength(38);
    expect(table).toHaveLength(15);
    expect(r.lowOutliers).toHaveLength(0);
  });

  it('gives the variance of each log-quantile estimate within 3 %', () => {
    for (const [i, t] of table.entries()) expect(Math.abs(ci[i]!.variance / t.variance - 1), `AEP ${t.aep}`).toBeLessThan(0.03 + 0.00005 / t.variance);
  });

  it('gives the 95 % limits within 1 % from the 0.9 to the 0.1 exceedance probability, and within 7 % beyond', () => {
    for (const [i, t] of table.entries()) {
      const tol = t.aep <= 0.9 && t.aep >= 0.1 ? 0.01 : 0.07;
      expect(Math.abs(ci[i]!.lower / t.lower - 1), `lower at ${t.aep}`).toBeLessThan(tol);
      expect(Math.abs(ci[i]!.upper / t.upper - 1), `upper at ${t.aep}`).toBeLessThan(tol);
    }
  });

  it('brackets the estimate, widening towards the tails', () => {
    for (const [i, f] of r.frequencies.entries()) expect(ci[i]!.lower < f.flow && f.flow < ci[i]!.upper).toBe(true);
    const width = ci.map((c) => Math.log10(c.upper / c.lower));
    expect(width[0]!).toBeGreaterThan(width[6]!);
    expect(width.at(-1)!).toBeGreaterThan(width[6]!);
  });

  it('takes a tabulated frequency factor, and low outliers as censored years', () => {
    const tab = emaConfidenceIntervals(r, { frequencyFactor: (p, g) => pearson3K(p, g) });
    expect(tab).toEqual(ci);
    const withLow = emaAnalysis(peaks, { lowOutlierThreshold: 600, aeps: [0.5, 0.01] });
    expect(withLow.lowOutliers.length).toBe(3);
    const c = emaConfidenceIntervals(withLow);
    expect(c[0]!.lower).toBeLessThan(withLow.frequencies[0]!.flow);
    expect(c[1]!.upper).toBeGreaterThan(withLow.frequencies[1]!.flow);
    expect(Number.isFinite(c[1]!.variance)).toBe(true);
  });

  it('weights the skew variance with a generalized skew, and refuses historic thresholds', () => {
    const w = emaAnalysis(peaks, { generalizedSkew: -0.117, generalizedSkewMse: 0.302, aeps: [0.01] });
    const c = emaConfidenceIntervals(w, { generalizedSkewMse: 0.302 });
    expect(c[0]!.variance).toBeLessThan(ci[table.findIndex((t) => t.aep === 0.01)]!.variance);
    const hist = emaAnalysis(peaks, { thresholds: [{ startYear: 1900, endYear: 1944, lower: 4000 }, { startYear: 1945, endYear: 1982, lower: 0 }], aeps: [0.01] });
    expect(() => emaConfidenceIntervals(hist)).toThrow(/systematic/);
  });
});
