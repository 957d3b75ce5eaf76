import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../test/fixtures.ts';
import { bulletin17b, grubbsBeckK, stationSkewMse, weightedSkew } from './b17b.ts';
import { pearson3K } from './special.ts';

interface PrtRow { aep: number; b17b: string; systematic: string; lower: string; upper: string }

/** Parse a PeakFQ B17B .PRT: the input listing, the header figures and the frequency table. */
function parsePrt(text: string) {
  const lines = text.split(/\r?\n/);
  const peaks: { year: number; flow: number }[] = [];
  const listStart = lines.findIndex((l) => /I N P U T\s+D A T A\s+L I S T I N G/.test(l));
  for (let i = listStart + 1; i < lines.length; i++) {
    const m = /^\s+(\d{4})\s+(-?[\d.]+)\s*$/.exec(lines[i]!);
    if (m) peaks.push({ year: Number(m[1]), flow: Number(m[2]) });
    else if (peaks.length > 0 && /Explanation/.test(lines[i]!)) break;
  }
  const num = (re: RegExp) => Number(re.exec(text)![1]);
  const genSkew = num(/Generalized skew\s+=\s+(-?[\d.]+)/);
  const genSe = num(/Standard error\s+=\s+(-?[\d.]+)/);
  const genMse = num(/Mean Square error\s+=\s+(-?[\d.]+)/);
  const sysRow = /SYSTEMATIC RECORD\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(-?[\d.]+)/.exec(text)!;
  const b17Row = /BULL\.17B ESTIMATE\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(-?[\d.]+)/.exec(text)!;
  const mse = num(/MSE OF AT-SITE SKEW\s+([\d.]+)/);
  const low = num(/LOW OUTLIERS WERE DETECTED BELOW CRITERION\.\s+([\d.]+)/);
  const high = num(/EXCEEDED HHBASE\.\s+([\d.]+)/);
  const rows: PrtRow[] = [];
  const tStart = lines.findIndex((l) => /^PROBABILITY ESTIMATE/.test(l));
  for (let i = tStart + 1; i < lines.length; i++) {
    const m = /^\s+(0\.\d{4})\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*$/.exec(lines[i]!);
    if (m) rows.push({ aep: Number(m[1]), b17b: m[2]!, systematic: m[3]!, lower: m[5]!, upper: m[6]! });
    else if (rows.length > 0) break;
  }
  return { peaks, genSkew, genSe, genMse, sys: sysRow.slice(3).map(Number), b17: b17Row.slice(3).map(Number), mse, low, high, rows };
}

/** Half a unit of the last printed digit ("1001." → 0.5, "412.3" → 0.05). */
function halfUnit(printed: string): number {
  const dot = printed.indexOf('.');
  const decimals = dot < 0 ? 0 : printed.length - dot - 1;
  return 0.5 * 10 ** -decimals;
}

describe('Bulletin 17B against PeakFQ 7.1 (station 04031500)', () => {
  const prt = parsePrt(readFileSync(fixturePath('reference', 'PK04031500_B17B_PeakFQ71.PRT'), 'latin1'));
  // PeakFQ takes the standard error of the generalized skew (0.550) and prints its square
  // rounded (0.303); the unrounded MSE is 0.55² = 0.3025.
  const r = bulletin17b(prt.peaks, { generalizedSkew: prt.genSkew, generalizedSkewMse: prt.genSe ** 2, aeps: prt.rows.map((x) => x.aep) });

  it('parses the PRT (38 peaks, 15 probabilities)', () => {
    expect(prt.peaks).toHaveLength(38);
    expect(prt.rows).toHaveLength(15);
  });

  it('log-space moments, station skew, its MSE and the weighted skew match', () => {
    expect(r.n).toBe(38);
    expect(r.mean).toBeCloseTo(prt.sys[0]!, 4);
    expect(r.std).toBeCloseTo(prt.sys[1]!, 4);
    expect(Math.abs(r.stationSkew - prt.sys[2]!)).toBeLessThanOrEqual(0.0005);
    expect(Math.abs(r.stationSkewMse - prt.mse)).toBeLessThanOrEqual(0.00005);
    expect(Math.abs(r.weightedSkew! - prt.b17[2]!)).toBeLessThanOrEqual(0.0005);
    expect(r.curve.skew).toBe(r.weightedSkew);
  });

  it('Grubbs–Beck thresholds match (no outliers)', () => {
    expect(Math.abs(r.lowOutlierThreshold - prt.low)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(r.highOutlierThreshold - prt.high)).toBeLessThanOrEqual(0.05);
    expect(r.lowOutliers).toEqual([]);
    expect(r.highOutliers).toEqual([]);
    expect(r.conditionalAdjustment).toBeNull();
  });

  // Tolerance: half a unit of the last printed digit (the value rounds to the printed one),
  // plus a relative slack for PeakFQ's single-precision arithmetic: 1e-5 for the B17B
  // column (the 0.95 quantile computes to 603.052, printed 603.0), 5e-5 for the systematic
  // column, which PeakFQ 7.1 computes with its EMA code (0.4292: 1289.47, printed 1290.).
  it('every printed B17B quantile matches within print precision', () => {
    for (let i = 0; i < prt.rows.length; i++) {
      const row = prt.rows[i]!;
      const q = r.frequencies[i]!;
      expect(q.aep).toBe(row.aep);
      const printed = Number(row.b17b);
      expect(Math.abs(q.flow - printed), `B17B at ${row.aep}: ${q.flow} vs ${row.b17b}`).toBeLessThanOrEqual(halfUnit(row.b17b) + 1e-5 * printed);
    }
  });

  it('every printed systematic-record quantile (station skew) matches within print precision', () => {
    for (let i = 0; i < prt.rows.length; i++) {
      const row = prt.rows[i]!;
      const printed = Number(row.systematic);
      const q = r.frequencies[i]!;
      expect(Math.abs(q.systematicFlow! - printed), `systematic at ${row.aep}: ${q.systematicFlow} vs ${row.systematic}`).toBeLessThanOrEqual(halfUnit(row.systematic) + 5e-5 * printed);
    }
  });

  // PeakFQ prints the limits to 4 significant digits ("1123.0"); slack 2e-4 relative.
  it('Appendix 9 confidence limits (one-sided 95 %) match PeakFQ to 4 significant digits', () => {
    const sig4 = (v: number) => 0.5 * 10 ** (Math.floor(Math.log10(v)) - 3);
    for (let i = 0; i < prt.rows.length; i++) {
      const row = prt.rows[i]!;
      const q = r.frequencies[i]!;
      for (const [got, printed] of [[q.lower!, Number(row.lower)], [q.upper!, Number(row.upper)]] as const) {
        expect(Math.abs(got - printed), `limit at ${row.aep}: ${got} vs ${printed}`).toBeLessThanOrEqual(sig4(printed) + 2e-4 * printed);
      }
    }
  });

  it('reports the spec return periods', () => {
    const t = r.quantiles.map((q) => q.returnPeriod);
    for (const rp of [2, 10, 25, 50, 100, 200]) expect(t).toContain(rp);
    const q100 = r.quantiles.find((q) => q.returnPeriod === 100)!;
    expect(q100.aep).toBeCloseTo(0.01, 12);
    expect(Math.abs(q100.flow - 3315)).toBeLessThanOrEqual(0.5);
  });
});

// Bulletin 17B Appendix 12, Example 1: Fishkill Creek at Beacon, NY (USGS 01373500),
// annual peaks 1945-1968 (cfs). Published: log mean 3.3684, SD 0.2456, skew 0.730 (0.7 with
// the Appendix 3 tables), Q(0.99) = 841 and Q(0.01) = 11,500 cfs (SOURCES.md).
const FISHKILL = [2290, 1470, 2220, 2970, 3020, 1210, 2490, 3170, 3220, 1760, 8800, 8280, 1310, 2500, 1960, 2140, 4340, 3060, 1780, 1380, 980, 1040, 1580, 3630];

describe('Bulletin 17B worked example (Fishkill Creek)', () => {
  const peaks = FISHKILL.map((flow, i) => ({ year: 1945 + i, flow }));
  it('statistics and outlier tests as published', () => {
    const r = bulletin17b(peaks);
    expect(r.mean).toBeCloseTo(3.3684, 4);
    expect(r.std).toBeCloseTo(0.2456, 4);
    expect(r.stationSkew).toBeCloseTo(0.730, 3);
    expect(r.grubbsBeckK).toBe(2.467);
    expect(r.lowOutliers).toEqual([]);
    expect(r.highOutliers).toEqual([]);
  });
  it('with the skew rounded to 0.7 as with the tables: 841 and 11,500 cfs', () => {
    const r = bulletin17b(peaks, { roundSkew: true, aeps: [0.99, 0.01] });
    expect(r.curve.skew).toBe(0.7);
    expect(Math.round(r.frequencies[0]!.flow)).toBe(841);
    expect(Math.round(r.frequencies[1]!.flow / 100) * 100).toBe(11500);
  });
  it('with a generalized skew of 0.6 (Plate I, MSE 0.302): weighted skew 0.668', () => {
    const r = bulletin17b(peaks, { generalizedSkew: 0.6, generalizedSkewMse: 0.302 });
    expect(r.stationSkewMse).toBeCloseTo(0.2774, 4);
    expect(r.weightedSkew!).toBeCloseTo((0.302 * 0.730 + 0.2774 * 0.6) / (0.302 + 0.2774), 3);
    const q100 = r.quantiles.find((q) => q.returnPeriod === 100)!.flow;
    expect(Math.abs(q100 / 11500 - 1)).toBeLessThan(0.02); // exact factors at 0.668 vs the table at 0.7
  });
});

describe('B17B building blocks', () => {
  it('station skew MSE formula (eq. 6) and weighting (eq. 5)', () => {
    // |G| > 0.9 and > 1.5 branches
    expect(stationSkewMse(1.2, 10)).toBeCloseTo(10 ** (-0.52 + 0.36), 12);
    expect(stationSkewMse(2, 100)).toBeCloseTo(10 ** (-0.52 + 0.6 - 0.55), 12);
    expect(weightedSkew(0.5, 0.1, -0.5, 0.3)).toBeCloseTo((0.3 * 0.5 - 0.1 * 0.5) / 0.4, 12);
  });

  it('Grubbs–Beck K_N from the B17B table', () => {
    expect(grubbsBeckK(10)).toBe(2.036);
    expect(grubbsBeckK(38)).toBe(2.661);
    expect(grubbsBeckK(100)).toBe(3.017);
    expect(grubbsBeckK(120)).toBeCloseTo(3.078, 12);
    expect(grubbsBeckK(110)).toBeGreaterThan(3.017);
    expect(() => grubbsBeckK(2)).toThrow();
  });

  it('exact Pearson III frequency factors match published tables (IACWD 1982 App. 3)', () => {
    // Appendix 3 values (3 decimals)
    expect(pearson3K(0.01, 1.0)).toBeCloseTo(3.023, 3);
    expect(pearson3K(0.01, -1.0)).toBeCloseTo(1.588, 3);
    expect(pearson3K(0.01, 2.0)).toBeCloseTo(3.605, 3);
    expect(pearson3K(0.5, 1.0)).toBeCloseTo(-0.164, 3);
    expect(pearson3K(0.002, 0)).toBeCloseTo(2.878, 3);
    expect(pearson3K(0.1, -0.5)).toBeCloseTo(1.216, 3);
  });

  it('frequency factors invert the Pearson III distribution over skews −9…9 and AEPs 1e-6…0.999999', async () => {
    const { gammaQ, gammaP, normalSf } = await import('./special.ts');
    for (const g of [-9, -3, -1.41, -0.5, -0.01, -0.0005, 0, 0.0005, 0.01, 0.144, 0.5, 1, 2.5, 9]) {
      let prev = Infinity;
      for (const p of [1e-6, 1e-4, 0.002, 0.01, 0.1, 0.4292, 0.5, 0.6667, 0.9, 0.99, 0.999999]) {
        const k = pearson3K(p, g);
        expect(k).toBeLessThanOrEqual(prev); // decreasing in the exceedance probability
        prev = k;
        // |g| = 9: the far tails sit on the distribution's bound (y ~ 1e-120 cannot be
        // recovered from K in double precision); checked for monotonicity only
        if (Math.abs(g) > 3) continue;
        let aep: number;
        if (Math.abs(g) < 1e-3) {
          // Kite series below |g| = 0.001: continuous with the exact factors at the switch
          expect(Math.abs(pearson3K(p, 0.000999999) - pearson3K(p, 0.001))).toBeLessThan(1e-6);
          expect(Math.abs(pearson3K(p, -0.000999999) - pearson3K(p, -0.001))).toBeLessThan(1e-6);
          if (g === 0) expect(normalSf(k)).toBeCloseTo(p, 12);
          continue;
        } else {
          const a = 4 / (g * g);
          const y = a + (g > 0 ? 1 : -1) * Math.sqrt(a) * k;
          if (y < 1e-6 * a) continue; // y cannot be recovered from K (bound of the support)
          aep = g > 0 ? gammaQ(a, y) : gammaP(a, y);
        }
        expect(Math.abs(aep / p - 1), `g ${g}, p ${p}`).toBeLessThan(1e-7);
      }
    }
  });

  it('detects a low outlier and applies the conditional probability adjustment', () => {
    const flows = [1140, 1860, 1030, 518, 1350, 1750, 2600, 2670, 1230, 1680, 1060, 648, 1540, 762, 559, 3520, 1040, 662, 975, 1070, 1620, 1000, 1410, 812, 1220, 1610, 1700, 1260, 1050, 1390, 1470, 1140, 589, 1180, 1620, 852, 965, 40];
    const peaks = flows.map((flow, i) => ({ year: 1945 + i, flow }));
    const r = bulletin17b(peaks, { generalizedSkew: -0.117, generalizedSkewMse: 0.303 });
    expect(r.lowOutliers.map((p) => p.flow)).toEqual([40]);
    expect(r.nUsed).toBe(37);
    expect(r.conditionalAdjustment).not.toBeNull();
    expect(r.conditionalAdjustment!.probabilityAboveBase).toBeCloseTo(37 / 38, 12);
    // the adjusted curve passes through the conditional flows it was synthesised from
    const { truncated, synthetic } = r.conditionalAdjustment!;
    const q01 = 10 ** (truncated.mean + pearson3K(0.01 / (37 / 38), truncated.skew) * truncated.std);
    expect(10 ** (synthetic.mean + pearson3K(0.01, synthetic.skew) * synthetic.std)).toBeCloseTo(q01, 6);
  });

  it('zero flows enter the conditional adjustment', () => {
    const flows = [0, 120, 300, 0, 450, 800, 90, 1500, 220, 610, 330, 75, 980, 410, 260, 150, 700, 520, 180, 2100];
    const r = bulletin17b(flows.map((flow, i) => ({ year: 2000 + i, flow })), { skewOption: 'station' });
    expect(r.zeroFlows).toHaveLength(2);
    expect(r.conditionalAdjustment!.probabilityAboveBase).toBeCloseTo(r.nUsed / 20, 12);
    const q = r.quantiles.map((x) => x.flow);
    for (let i = 1; i < q.length; i++) expect(q[i]!).toBeGreaterThan(q[i - 1]!);
  });

  it('rejects bad input', () => {
    expect(() => bulletin17b([{ year: 1, flow: 1 }, { year: 2, flow: 2 }])).toThrow(/at least 3/);
    expect(() => bulletin17b([1, 2, 3, 4].map((f, i) => ({ year: i, flow: f })), { skewOption: 'weighted' })).toThrow(/generalized skew/);
    expect(() => bulletin17b([1, 2, 3, 4].map((f, i) => ({ year: i, flow: f })), { aeps: [1.5] })).toThrow(/between 0 and 1/);
    expect(() => bulletin17b([-5, 3, 4, 5].map((f, i) => ({ year: i, flow: f })))).toThrow(/negative/);
    expect(() => bulletin17b([5, 5, 5, 5].map((f, i) => ({ year: i, flow: f })))).toThrow(/all positive peaks are equal/);
    expect(() => bulletin17b([0, 0, 0, 5, 7, 9].map((f, i) => ({ year: i, flow: f })))).toThrow(/not applicable/);
  });
});
