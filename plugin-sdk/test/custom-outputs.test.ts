// The rules the output tools' pages and server halves share (spec 2 §5, §9), and the reading of
// stored Float32 outputs back to the values SWAT printed.
import { describe, expect, it } from 'vitest';
import { algaeFractionProblems, baseflowParamsProblem, CEQUAL_ALGAE_FRACTIONS, requestSubbasinCell } from '../src/custom-outputs.ts';
import { MONTH_NAMES } from '../src/editor/messages.ts';
import { dayString, forEachUnitSeries, storedValue } from '../src/server/stored-series.ts';
import type { StoredOutputs } from '../src/server/custom-outputs.ts';

describe('request cells and form rules', () => {
  it("shows the first 5 subbasins then '...', or 'All'", () => {
    expect(requestSubbasinCell([])).toBe('All');
    expect(requestSubbasinCell(null)).toBe('All');
    expect(requestSubbasinCell(['1', '2', '3'])).toBe('1, 2, 3');
    expect(requestSubbasinCell(['1', '2', '3', '4', '5'])).toBe('1, 2, 3, 4, 5');
    expect(requestSubbasinCell(['1', '2', '3', '4', '5', '6'])).toBe('1, 2, 3, 4, 5, ...');
  });

  it('checks the filter parameter and BFI max with the two messages of spec 2 §5', () => {
    expect(baseflowParamsProblem(0.98, 0.8)).toBeNull();
    expect(baseflowParamsProblem('0', '1')).toBeNull();
    expect(baseflowParamsProblem('', 0.8)).toBe('Filter parameter and BFI max are required.');
    expect(baseflowParamsProblem(0.98, undefined)).toBe('Filter parameter and BFI max are required.');
    expect(baseflowParamsProblem(1.01, 0.8)).toBe('Filter parameter and BFI max must be a number between 0 and 1.');
    expect(baseflowParamsProblem(0.98, -0.1)).toBe('Filter parameter and BFI max must be a number between 0 and 1.');
    expect(baseflowParamsProblem('abc', 0.5)).toBe('Filter parameter and BFI max must be a number between 0 and 1.');
  });

  it('has the monthly algae fractions of spec 2 §9 and checks edited ones', () => {
    expect(CEQUAL_ALGAE_FRACTIONS[0]).toEqual([0.7, 0.2, 0.1]);
    expect(CEQUAL_ALGAE_FRACTIONS[6]).toEqual([0.1, 0.2, 0.7]);
    expect(algaeFractionProblems(CEQUAL_ALGAE_FRACTIONS, MONTH_NAMES)).toEqual([]);
    const edited = CEQUAL_ALGAE_FRACTIONS.map((m) => [...m]);
    edited[1] = [0.5, 0.5, 0.5];
    edited[2] = [1.5, -0.5, 0];
    expect(algaeFractionProblems(edited, MONTH_NAMES)).toEqual(['The fractions of February must add up to 1.', 'Each fraction must be a number between 0 and 1.']);
    expect(algaeFractionProblems([[1, 0, 0]], MONTH_NAMES)).toEqual(['Each fraction must be a number between 0 and 1.']);
  });
});

describe('stored outputs', () => {
  it('restores the printed decimals of Float32 values', () => {
    for (const printed of [12.345, 0.1234e-3, 1234.5, 0.00012, 98765, 3.14159, 1e-30, 0.2029]) expect(storedValue(Math.fround(printed))).toBe(printed);
    expect(storedValue(0)).toBe(0);
    expect(Number.isNaN(storedValue(NaN))).toBe(true);
    expect(dayString(20020105)).toBe('2002-01-05');
  });

  it('reads units in blocks of the stored matrix, in the order asked', async () => {
    const times = [20020101, 20020102, 20020103];
    const units = [1, 2, 3, 4, 5];
    const matrix = Float32Array.from(units.flatMap((u) => times.map((t) => u * 10 + (t % 10))));
    const calls: [number, number][] = [];
    const outputs: StoredOutputs = {
      axes: async () => ({ units, times, variables: ['FLOW_OUTcms'], areas: units.map(() => 1) }),
      block: async (_k, _p, _v, from, count) => {
        calls.push([from, count]);
        return matrix.slice(from * times.length, (from + count) * times.length);
      },
    };
    const seen: [number, number, number[]][] = [];
    const done: number[] = [];
    await forEachUnitSeries(outputs, { kind: 'rch', period: 'day', variable: 'FLOW_OUTcms' }, [4, 1, 2], (s) => void seen.push([s.unit, s.index, [...s.values]]), { blockBytes: 24, onBlock: (n) => void done.push(n) });
    expect(calls).toEqual([
      [0, 2],
      [3, 1],
    ]);
    expect(seen.sort((a, b) => a[1] - b[1])).toEqual([
      [4, 0, [41, 42, 43]],
      [1, 1, [11, 12, 13]],
      [2, 2, [21, 22, 23]],
    ]);
    expect(done).toEqual([2, 3]);
    await expect(forEachUnitSeries(outputs, { kind: 'rch', period: 'day', variable: 'FLOW_OUTcms' }, [9], () => {})).rejects.toThrow(/no rows for unit 9/);
  });
});
