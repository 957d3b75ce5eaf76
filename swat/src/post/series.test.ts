import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../test/fixtures.ts';
import { loadRunOutputs } from './run-dir.ts';
import { annualMaximaOfUnit, dailySeries } from './series.ts';
import { separateBaseflow } from './baseflow/separate.ts';
import { bulletin17b } from './ffa/b17b.ts';

describe('daily series from SWAT output (LREW daily output.rch)', () => {
  const rch = loadRunOutputs(fixturePath('lrew_swat2012', 'outputs_rev637', 'daily'), { rch: true }).rch!;

  it('FLOW_OUTcms of reach 3, 2010-2012', () => {
    const s = dailySeries(rch, 3);
    expect(s).toHaveLength(1096);
    expect(s[0]).toEqual({ date: '2010-01-01', value: 0.5403 });
    expect(s[1095]!.date).toBe('2012-12-31');
  });

  it('annual maxima feed the flood frequency analysis; the series feeds baseflow separation', () => {
    const peaks = annualMaximaOfUnit(rch, 3);
    expect(peaks.map((p) => p.year)).toEqual([2010, 2011, 2012]);
    const flows = dailySeries(rch, 3);
    for (const p of peaks) {
      const max = Math.max(...flows.filter((d) => d.date.startsWith(String(p.year))).map((d) => d.value));
      expect(p.flow).toBe(max);
    }
    const r = bulletin17b(peaks, { aeps: [0.5] });
    expect(r.n).toBe(3);
    const bf = separateBaseflow(flows.map((d) => ({ date: d.date, flow: d.value })), { method: 'eckhardt' });
    expect(bf.bfi).toBeGreaterThan(0);
    expect(bf.bfi).toBeLessThan(0.8 + 1e-9);
  });

  it('refuses monthly output and unknown units', () => {
    const monthly = loadRunOutputs(fixturePath('lrew_swat2012', 'outputs_rev637', 'monthly'), { rch: true }).rch!;
    expect(() => dailySeries(monthly, 1)).toThrow(/daily/);
    expect(() => dailySeries(rch, 8)).toThrow(/no daily rows/);
  });
});
