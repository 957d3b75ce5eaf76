import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../test/fixtures.ts';
import { baseflowIndex, eckhardt, filterParameterFromTimeConstant, lyneHollick } from './filters.ts';
import { separateBaseflow } from './separate.ts';

const bass = readFileSync(fixturePath('reference', 'BassRiver@Loch.csv'), 'utf8')
  .split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '').map(Number);

function readEckhardtFixture() {
  const rows = readFileSync(fixturePath('reference', 'baseflow_RDF_EC.csv'), 'utf8')
    .split(/\r?\n/).filter((l) => l && !l.startsWith('#') && !l.startsWith('""'));
  return rows.map((l) => {
    const [, date, q, qb] = l.split(',');
    return { date: date!, q: Number(q), qb: Number(qb) };
  });
}

describe('Lyne–Hollick (Ladson et al. 2013)', () => {
  it('Bass River at Loch: BFI 0.1965759 (α 0.98, 3 passes, 30-value reflection)', () => {
    expect(bass).toHaveLength(67);
    const b = lyneHollick(bass, { alpha: 0.98, passes: 3, reflect: 30 });
    expect(b).toHaveLength(67);
    expect(baseflowIndex(bass, b)).toBeCloseTo(0.1965759, 7);
    for (let i = 0; i < b.length; i++) {
      expect(b[i]!).toBeGreaterThanOrEqual(0);
      expect(b[i]!).toBeLessThanOrEqual(bass[i]! + 1e-9);
    }
  });

  it('the dated wrapper gives the same BFI', () => {
    const series = bass.map((flow, i) => ({ date: new Date(Date.UTC(2000, 0, 1 + i)).toISOString().slice(0, 10), flow }));
    const r = separateBaseflow(series, { method: 'lyne-hollick', alpha: 0.98 });
    expect(r.bfi).toBeCloseTo(0.1965759, 7);
    expect(r.segments).toBe(1);
  });

  it('validates parameters', () => {
    expect(() => lyneHollick(bass, { alpha: 1 })).toThrow(/Filter parameter/);
    expect(() => lyneHollick(bass, { passes: 2 })).toThrow(/odd/);
    expect(() => lyneHollick(bass.slice(0, 30))).toThrow(/longer/);
  });
});

describe('Eckhardt', () => {
  const fx = readEckhardtFixture();

  it('reproduces the IRSTEA fixture (τ = 100 h, BFImax 0.80, threshold 0.95) for all 1,096 days', () => {
    expect(fx).toHaveLength(1096);
    const a = filterParameterFromTimeConstant(100, 24);
    const b = eckhardt(fx.map((r) => r.q), { a, bfiMax: 0.8, threshold: 0.95, initial: 'zero-state', constrain: 'output' });
    let maxErr = 0;
    for (let i = 0; i < fx.length; i++) maxErr = Math.max(maxErr, Math.abs(b[i]! - fx[i]!.qb));
    expect(maxErr).toBeLessThan(1e-9);
    expect(baseflowIndex(fx.map((r) => r.q), b)).toBeCloseTo(baseflowIndex(fx.map((r) => r.q), fx.map((r) => r.qb)), 10);
  });

  it('standard form: b ≤ Q, steady state BFImax·Q, defaults 0.98 / 0.8', () => {
    const constant = new Array(2000).fill(10);
    const b = eckhardt(constant, { initial: 0 });
    expect(b[1999]!).toBeCloseTo(8, 6); // BFImax · Q
    const flows = [5, 50, 20, 10, 8, 6, 5, 4, 40, 4, 3, 3];
    const e = eckhardt(flows);
    expect(e[0]).toBe(5);
    for (let i = 0; i < flows.length; i++) expect(e[i]!).toBeLessThanOrEqual(flows[i]!);
    // one step by hand: b1 = ((1−0.8)·0.98·5 + (1−0.98)·0.8·50)/(1−0.98·0.8)
    expect(e[1]!).toBeCloseTo((0.2 * 0.98 * 5 + 0.02 * 0.8 * 50) / (1 - 0.784), 12);
  });

  it('validates a and BFImax between 0 and 1', () => {
    expect(() => eckhardt([1, 2], { a: 1.2 })).toThrow(/between 0 and 1/);
    expect(() => eckhardt([1, 2], { bfiMax: -0.1 })).toThrow(/BFI max/);
    expect(() => eckhardt([1, -2])).toThrow(/non-negative/);
  });

  it('restarts the filter after gaps and missing values', () => {
    const s = [
      { date: '2001-01-01', flow: 3 }, { date: '2001-01-02', flow: 9 }, { date: '2001-01-03', flow: NaN },
      { date: '2001-01-04', flow: 6 }, { date: '2001-01-06', flow: 4 }, { date: '2001-01-07', flow: 5 },
    ];
    const r = separateBaseflow(s, { method: 'eckhardt' });
    expect(r.segments).toBe(3);
    expect(r.days[2]!.baseflow).toBeNull();
    expect(r.days[3]!.baseflow).toBe(6); // restart: b = Q on the first day of a run
    expect(r.days[4]!.baseflow).toBe(4);
    expect(() => separateBaseflow([{ date: '2001-01-02', flow: 1 }, { date: '2001-01-01', flow: 1 }], { method: 'eckhardt' })).toThrow(/increase/);
  });
});
