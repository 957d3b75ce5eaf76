import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../test/fixtures.ts';
import { emaAnalysis, emaIntervals, truncatedP3Moments } from './ema.ts';
import { bulletin17b } from './b17b.ts';

/** Peaks and thresholds of a PeakfqSA specification file (TestCase02.spc). */
function parseSpc(text: string) {
  const peaks = [...text.matchAll(/^Q\s+(\d{4})\s+([\d.]+)/gm)].map((m) => ({ year: Number(m[1]), flow: Number(m[2]) }));
  const thresholds = [...text.matchAll(/^THRESHOLD\s+(\d{4})\s+(\d{4})\s+([\d.]+)/gm)].map((m) => ({ startYear: Number(m[1]), endYear: Number(m[2]), lower: Number(m[3]) }));
  const genSkew = Number(/^GENSKEW\s+(-?[\d.]+)/m.exec(text)![1]);
  return { peaks, thresholds, genSkew };
}

function parseOut(text: string) {
  const num = (re: RegExp) => Number(re.exec(text)![1]);
  const atSite = /EMA, At-Site Data, w\/o Reg. Info\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)/.exec(text)!.slice(1).map(Number);
  const withReg = /EMA w\/ Reg. Info & B17B MSE\(G\)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)/.exec(text)!.slice(1).map(Number);
  const rows = [...text.matchAll(/^EMA-Q\s+([\d.]+)\s+([\d.]+)\s+[\d.]+\s+([\d.]+)/gm)].map((m) => ({ aep: Number(m[1]), ema: m[2]!, atSite: m[3]! }));
  return { atSite, withReg, rows, b17bMse: num(/B17B Est. of MSE\[G_atsite\]\s+([\d.]+)/) };
}

describe('EMA against PeakfqSA 0.997 (Big Sandy River at Bruceton, historic peaks 1897-1929 above 18,500 cfs)', () => {
  const spc = parseSpc(readFileSync(fixturePath('reference', 'TestCase02.spc'), 'latin1'));
  const out = parseOut(readFileSync(fixturePath('reference', 'TestCase02_PeakfqSA.out'), 'latin1'));
  const r = emaAnalysis(spc.peaks, { thresholds: spc.thresholds, generalizedSkew: spc.genSkew, skewOption: 'generalized', aeps: out.rows.map((x) => x.aep) });

  it('data representation: 77 years, 47 exact, 30 censored below 18,500 cfs', () => {
    expect(r.n).toBe(77);
    expect(r.exact).toBe(47);
    expect(r.censored).toBe(30);
    expect(r.intervals.find((i) => i.year === 1898)).toEqual({ year: 1898, lower: 0, upper: 18500 });
  });

  it('at-site and generalized-skew moments', () => {
    expect(r.atSite.mean).toBeCloseTo(out.atSite[0]!, 6);
    expect(r.atSite.std).toBeCloseTo(out.atSite[1]!, 6);
    expect(r.atSite.skew).toBeCloseTo(out.atSite[2]!, 6);
    expect(r.curve.mean).toBeCloseTo(out.withReg[0]!, 6);
    expect(r.curve.std).toBeCloseTo(out.withReg[1]!, 6);
    expect(r.curve.skew).toBe(-0.5);
    expect(r.atSiteSkewMse).toBeCloseTo(out.b17bMse, 6);
  });

  // Printed to 2 decimals: within half a unit (+1e-6 relative) for AEP ≥ 0.005; in the far
  // tail (0.002 … 0.0001) PeakfqSA's frequency factors differ from exact ones by ≤ 3e-5.
  it('every printed EMA and at-site quantile (32 probabilities) matches', () => {
    expect(out.rows).toHaveLength(32);
    out.rows.forEach((row, i) => {
      const q = r.frequencies[i]!;
      for (const [got, printed, what] of [[q.flow, Number(row.ema), 'EMA'], [q.systematicFlow!, Number(row.atSite), 'at-site']] as const) {
        const tol = row.aep >= 0.005 ? 0.005 + 1e-6 * printed : 3e-5 * printed;
        expect(Math.abs(got - printed), `${what} at ${row.aep}: ${got} vs ${printed}`).toBeLessThanOrEqual(tol);
      }
    });
  });
});

describe('EMA building blocks', () => {
  it('without censoring EMA equals the B17B sample moments (station 04031500)', () => {
    const prt = readFileSync(fixturePath('reference', 'PK04031500_B17B_PeakFQ71.PRT'), 'latin1');
    const listing = prt.slice(prt.indexOf('I N P U T   D A T A   L I S T I N G'), prt.indexOf('Explanation'));
    const peaks = [...listing.matchAll(/^\s+(\d{4})\s+([\d.]+)\s*$/gm)].map((m) => ({ year: Number(m[1]), flow: Number(m[2]) }));
    const e = emaAnalysis(peaks);
    const b = bulletin17b(peaks);
    expect(e.censored).toBe(0);
    expect(e.curve.mean).toBeCloseTo(b.mean, 12);
    expect(e.curve.std).toBeCloseTo(b.std, 12);
    expect(e.curve.skew).toBeCloseTo(b.stationSkew, 12);
  });

  it('truncated P3 moments: whole range gives the moments; near-zero skew tends to the normal', () => {
    const [p, m1, m2, m3] = truncatedP3Moments(-Infinity, Infinity, 0.8);
    expect(p).toBeCloseTo(1, 12);
    expect(m1).toBeCloseTo(0, 10);
    expect(m2).toBeCloseTo(1, 10);
    expect(m3).toBeCloseTo(0.8, 10);
    const a = truncatedP3Moments(-1, 1, 1e-4);
    const b = truncatedP3Moments(-1, 1, 0);
    for (let k = 0; k < 4; k++) expect(a[k]!).toBeCloseTo(b[k]!, 4);
    // upper tail of a standard normal: E[Z | Z > 0] = √(2/π)
    expect(truncatedP3Moments(0, Infinity, 0)[1]).toBeCloseTo(Math.sqrt(2 / Math.PI), 12);
  });

  it('intervals: missing years below a threshold are censored; peaks outside thresholds are refused', () => {
    const iv = emaIntervals([{ year: 2001, flow: 50 }, { year: 2003, flow: 10 }], [{ startYear: 2000, endYear: 2003, lower: 20 }]);
    expect(iv).toEqual([
      { year: 2000, lower: 0, upper: 20 },
      { year: 2001, lower: 50, upper: 50 },
      { year: 2002, lower: 0, upper: 20 },
      { year: 2003, lower: 0, upper: 20 },
    ]);
    expect(() => emaIntervals([{ year: 1990, flow: 5 }], [{ startYear: 2000, endYear: 2003, lower: 0 }])).toThrow(/outside/);
  });
});

describe('multiple Grubbs–Beck test', () => {
  const spc = parseSpc(readFileSync(fixturePath('reference', 'TestCase02.spc'), 'latin1'));
  const systematic = spc.peaks.filter((p) => p.year >= 1930).map((p) => p.flow);

  it('p-value of the smallest systematic peak of the Big Sandy (PeakfqSA: Q = 1200, p = 0.3725)', async () => {
    const { multipleGrubbsBeck } = await import('./mgbt.ts');
    const r = multipleGrubbsBeck(systematic);
    expect(r.statistics[0]!.flow).toBe(1200);
    expect(Math.abs(r.statistics[0]!.pValue - 0.3725)).toBeLessThan(0.001);
    expect(r.lowOutliers).toBe(0);
  });

  it('non-central t CDF agrees with direct integration of its definition', async () => {
    const { noncentralTCdf } = await import('./mgbt.ts');
    // P(T ≤ t) = ∫ Φ(t·√(v/ν) − δ) f_χ²ν(v) dv, Simpson on a fine grid
    const { normalCdf, lnGamma } = await import('./special.ts');
    const direct = (t: number, nu: number, d: number) => {
      const N = 20000;
      const vmax = nu + 60 * Math.sqrt(2 * nu) + 100;
      const h = vmax / N;
      let s = 0;
      for (let i = 1; i <= N; i++) {
        const v = i * h;
        const f = Math.exp((nu / 2 - 1) * Math.log(v) - v / 2 - (nu / 2) * Math.LN2 - lnGamma(nu / 2)) * normalCdf(t * Math.sqrt(v / nu) - d);
        s += (i === N ? 1 : i % 2 ? 4 : 2) * f;
      }
      return (s * h) / 3;
    };
    for (const [t, nu, d] of [[-1, 20, 2], [1.5, 7.3, -0.5], [15, 30, 18], [-3, 12.5, -2]] as const) {
      expect(noncentralTCdf(t, nu, d)).toBeCloseTo(direct(t, nu, d), 7);
    }
  });

  it('finds a planted low outlier and EMA censors it', () => {
    const peaks = [...systematic, 400].map((flow, i) => ({ year: 1900 + i, flow }));
    const r = emaAnalysis(peaks);
    expect(r.mgbt!.lowOutliers).toBe(1);
    expect(r.mgbt!.statistics[0]!.pValue).toBeLessThan(0.005); // outward sweep
    expect(r.lowOutliers.map((p) => p.flow)).toEqual([400]);
    expect(r.lowOutlierThreshold).toBe(1200);
    expect(r.censored).toBe(1);
    expect(r.intervals.find((i) => i.lower === 0)).toMatchObject({ lower: 0, upper: 1200 });
  });

  it('inward sweep: consecutive smallest values with p < 0.10 are outliers too', async () => {
    const { multipleGrubbsBeck } = await import('./mgbt.ts');
    const r = multipleGrubbsBeck([...systematic, 40, 55]);
    const p = r.statistics.map((s) => s.pValue);
    let k = 0;
    while (k < p.length && p[k]! < 0.1) k++;
    expect(k).toBeGreaterThanOrEqual(2);
    expect(r.lowOutliers).toBe(Math.max(k, p.map((v, i) => (v < 0.005 ? i + 1 : 0)).reduce((a, b) => Math.max(a, b), 0)));
    expect(r.threshold).toBe([...systematic, 40, 55].sort((a, b) => a - b)[r.lowOutliers]);
  });
});
