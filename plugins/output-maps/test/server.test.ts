// The maps' server half without a database: the form rules of spec 2 §5 'Output map', the shared
// colour range of compared maps and the difference map (the values come from the platform's
// outputs service, stubbed here; the real one is checked in platform-api/test/outputs.test.ts).
import { OUTPUT_MESSAGES } from '@headwater/plugin-sdk';
import type { OutputScenario, OutputValues, PlatformServices, ValuesRequest } from '@headwater/plugin-sdk/server';
import { describe, expect, it } from 'vitest';
import server, { checkSelection, differenceValues, map } from '../server/index.ts';

const scenario = (id: number, p: Partial<OutputScenario> = {}): OutputScenario => ({ id, name: `S${id}`, projectId: 5, isRunning: false, hasRun: true, hasOutputs: true, printSetting: 1, printedHrus: [], observed: [], ...p });
const VALUES: Record<number, (number | null)[]> = { 7: [10, 20, 0], 8: [15, 10, 5] };
const values = (id: number, r: ValuesRequest): OutputValues => ({
  scenarioId: id,
  scenarioName: `S${id}`,
  variable: r.variable,
  description: 'Surface runoff',
  units: 'mm',
  statistic: r.statistic,
  statisticLabel: 'Average annual',
  values: VALUES[id]!.map((value, i) => ({ subbasinID: 101 + i, subbasin: String(i + 1), number: i + 1, value })),
});
const platform = (scenarios: Record<number, OutputScenario>) =>
  ({ outputs: { scenario: async (id: number) => scenarios[id]!, values: async (id: number, r: ValuesRequest) => values(id, r) } }) as unknown as PlatformServices;
const body = (p: Record<string, unknown> = {}) => ({ statistic: 'averageAnnual', outputType: 'OutputSub', parameter: 'SURQ', units: 0, ...p });

describe('the map selection', () => {
  it('answers the spec\'s messages', () => {
    for (const b of [{}, body({ parameter: '' }), body({ units: null }), body({ statistic: '' }), body({ outputType: undefined })]) expect(() => checkSelection(b)).toThrow(OUTPUT_MESSAGES.completeForm);
    expect(() => checkSelection(body({ compareScenarios: [1, 2, 3, 4] }))).toThrow(OUTPUT_MESSAGES.compareAtMost3);
    expect(() => checkSelection(body({ difference: 'absolute' }))).toThrow(OUTPUT_MESSAGES.differenceOneComparison);
    expect(checkSelection(body({ difference: 'other' })).difference).toBe('none');
    expect(server.routes!.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /scenarios/output/mapoptions/:scenarioID', 'POST /scenarios/output/map/:scenarioID']);
  });
});

describe('the maps', () => {
  it('one map per scenario on one colour range, and the difference map on a diverging one', async () => {
    const r = await map(platform({ 7: scenario(7), 8: scenario(8) }), 7, body({ compareScenarios: [8], difference: 'absolute' }));
    expect(r.scenarioMaps.map((m) => [m.scenario, m.minValue, m.maxValue, m.axisMin, m.axisMax, m.allowLogAxis])).toEqual([
      ['S7', 0, 20, 0, 20, false],
      ['S8', 5, 15, 0, 20, false],
    ]);
    expect(r.scenarioMaps[0]).toMatchObject({ mapTitle: 'S7: SURQ, Average annual', legendTitle: 'SURQ (mm)', mapDataValuesName: 'value', layer: 'subbasins' });
    expect(r.differenceMap).toMatchObject({ diverging: true, axisMin: -10, axisMax: 10, units: 'mm', legendTitle: 'Difference in SURQ (mm)' });
    expect(r.differenceMap!.mapData.map((d) => d.value)).toEqual([5, -10, 5]);
    const pct = await map(platform({ 7: scenario(7), 8: scenario(8) }), 7, body({ compareScenarios: [8], difference: 'percent' }));
    // no percent change from zero
    expect(pct.differenceMap!.mapData.map((d) => d.value)).toEqual([50, -50, null]);
    const reach = await map(platform({ 7: scenario(7) }), 7, body({ outputType: 'OutputRch', parameter: 'FLOW_OUT' }));
    expect(reach.scenarioMaps[0]!.layer).toBe('streams');
  });

  it('refuses comparisons outside the project, without outputs or running', async () => {
    await expect(map(platform({ 7: scenario(7), 8: scenario(8, { projectId: 9 }) }), 7, body({ compareScenarios: [8] }))).rejects.toThrow(OUTPUT_MESSAGES.invalidScenario);
    await expect(map(platform({ 7: scenario(7), 8: scenario(8, { hasOutputs: false }) }), 7, body({ compareScenarios: [8] }))).rejects.toThrow(OUTPUT_MESSAGES.comparisonNoOutputs('S8'));
    await expect(map(platform({ 7: scenario(7), 8: scenario(8, { isRunning: true }) }), 7, body({ compareScenarios: [8] }))).rejects.toThrow(OUTPUT_MESSAGES.comparisonRunning('S8'));
  });

  it('differences by subbasin', () => {
    const v = (xs: (number | null)[]) => values(7, { outputType: 'OutputSub', variable: 'SURQ', statistic: 'averageAnnual', units: 0 }) && { ...values(7, { outputType: 'OutputSub', variable: 'SURQ', statistic: 'averageAnnual', units: 0 }), values: xs.map((value, i) => ({ subbasinID: 101 + i, subbasin: String(i + 1), number: i + 1, value })) };
    expect(differenceValues(v([1, null, 4]), v([3, 2, null]), 'absolute')).toEqual([2, null, null]);
  });
});
