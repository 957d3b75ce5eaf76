// The charts' server half without a database: the form rules of spec 2 §5 'Output chart' and how
// the chart is put together from the platform's outputs service (stubbed here; the real one is
// checked against a run's own files in platform-api/test/outputs.test.ts).
import { OUTPUT_MESSAGES } from '@headwater/plugin-sdk';
import type { ObservedSeries, OutputScenario, OutputSeries, PlatformServices, SeriesRequest } from '@headwater/plugin-sdk/server';
import { describe, expect, it } from 'vitest';
import server, { chart, checkSelection } from '../server/index.ts';

const scenario = (id: number, p: Partial<OutputScenario> = {}): OutputScenario => ({ id, name: `S${id}`, projectId: 5, isRunning: false, hasRun: true, hasOutputs: true, printSetting: 1, printedHrus: [{ id: 900, subbasinID: 101 }], observed: [{ subbasinID: 103, outputType: 'OutputRch', variable: 'FLOW_OUT' }], ...p });
const series = (id: number, r: SeriesRequest): OutputSeries => ({
  scenarioId: id,
  scenarioName: `S${id}`,
  variable: r.variable,
  description: 'Average daily streamflow out of the reach',
  units: 'm³/s',
  unitLabel: 'Reach 3',
  statistic: r.statistic,
  statisticLabel: 'Daily time series',
  shape: 'time',
  period: 'day',
  x: [0, 86_400_000],
  y: [id, id + 1],
});

function platform(scenarios: Record<number, OutputScenario>, calls: string[] = []): PlatformServices {
  const outputs: PlatformServices['outputs'] = {
    catalogue: async () => {
      throw new Error('not used');
    },
    scenario: async (id) => scenarios[id]!,
    series: async (id, r) => (calls.push(`series ${id} ${r.variable}`), series(id, r)),
    values: async () => {
      throw new Error('not used');
    },
    observed: async (id, r): Promise<ObservedSeries> => (calls.push(`observed ${id}`), { name: 'Observed daily discharge', site: 'gauge J', series: { ...series(id, r), y: [1, 1] }, fit: { nse: 0.5, kge: 0.4, pbias: 10, n: 2, start: '2005-01-01', end: '2005-01-02' } }),
  };
  return { outputs } as unknown as PlatformServices;
}

const body = (p: Record<string, unknown> = {}) => ({ subbasin: { id: 103 }, statistic: 'daily', outputType: 'OutputRch', parameters: ['FLOW_OUT'], units: 0, ...p });

describe('the chart selection', () => {
  it('answers "Please complete the form." for a missing field, and the comparison limit', () => {
    for (const b of [{}, body({ parameters: [] }), body({ subbasin: null }), body({ units: 2 }), body({ outputType: 'OutputHru' }), body({ statistic: '' })]) expect(() => checkSelection(b)).toThrow(OUTPUT_MESSAGES.completeForm);
    expect(() => checkSelection(body({ compareScenarios: [1, 2, 3, 4] }))).toThrow(OUTPUT_MESSAGES.compareAtMost3);
    expect(checkSelection(body({ chartTypes: ['pie'], yAxis: ['up'] }))).toMatchObject({ chartTypes: ['line'], yAxis: ['left'], hru: null, observed: false });
  });

  it('declares the spec\'s two calls', () => {
    expect(server.routes!.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /scenarios/output/chartoptions/:scenarioID', 'POST /scenarios/output/chart/:scenarioID']);
  });
});

describe('the chart', () => {
  it('draws one series per scenario, the observed series, and the fit of each scenario', async () => {
    const calls: string[] = [];
    const c = await chart(platform({ 7: scenario(7), 8: scenario(8) }, calls), 7, body({ compareScenarios: [8], observed: true }));
    expect(c.series.map((s) => [s.name, s.scenarioID, s.observed ?? false])).toEqual([
      ['S7', 7, false],
      ['S8', 8, false],
      ['Observed daily discharge', null, true],
    ]);
    // consecutive days come compact
    expect([c.series[0]!.data, c.series[0]!.start, c.series[0]!.values]).toEqual([[], 0, [7, 8]]);
    expect(c.statistics.map((s) => [s.scenarioID, s.nse])).toEqual([
      [7, 0.5],
      [8, 0.5],
    ]);
    expect(c.xAxis).toEqual({ type: 'datetime', title: 'Date' });
    expect(calls.sort()).toEqual(['observed 7', 'observed 8', 'series 7 FLOW_OUT', 'series 8 FLOW_OUT']);
  });

  it('refuses comparisons outside the project, without outputs, running, or with other printed HRUs', async () => {
    const p = platform({ 7: scenario(7), 8: scenario(8, { projectId: 6 }), 9: scenario(9, { hasOutputs: false }), 10: scenario(10, { isRunning: true }), 11: scenario(11, { printedHrus: [{ id: 901, subbasinID: 101 }] }) });
    await expect(chart(p, 7, body({ compareScenarios: [8] }))).rejects.toThrow(OUTPUT_MESSAGES.invalidScenario);
    await expect(chart(p, 7, body({ compareScenarios: [9] }))).rejects.toThrow(OUTPUT_MESSAGES.comparisonNoOutputs('S9'));
    await expect(chart(p, 7, body({ compareScenarios: [10] }))).rejects.toThrow(OUTPUT_MESSAGES.comparisonRunning('S10'));
    const hru = body({ outputType: 'OutputHru', parameters: ['ET'], subbasin: { id: 101 }, hru: 900 });
    await expect(chart(p, 7, { ...hru, compareScenarios: [11] })).rejects.toThrow(OUTPUT_MESSAGES.sameHrus);
    await expect(chart(p, 7, { ...hru, subbasin: { id: 102 } })).rejects.toThrow(OUTPUT_MESSAGES.noPrintedHrus);
    await expect(chart(p, 7, body({ statistic: 'flowDuration', outputType: 'OutputSub', parameters: ['SURQ'] }))).rejects.toThrow(OUTPUT_MESSAGES.flowDurationFlowOnly);
  });

  it('says when the reach has no observed data, and when the print setting limits statistics', async () => {
    const c = await chart(platform({ 7: scenario(7, { observed: [], printSetting: 0 }) }), 7, body({ observed: true }));
    expect(c.series).toHaveLength(1);
    expect(c.info).toEqual([expect.stringContaining('need daily output'), OUTPUT_MESSAGES.noObserved]);
  });
});
