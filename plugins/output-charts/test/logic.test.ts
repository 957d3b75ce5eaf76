// The chart's rules without React: the form's spec messages, the response as ApexCharts options
// (one y-axis per parameter, the logarithmic switch), and the CSV of every chart shape.
import { OUTPUT_MESSAGES } from '@headwater/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { apexSetup, chartCsv, dateLabel, expandChart, fileName, formProblem, selectionOf, type ChartForm } from '../src/logic.ts';
import type { ChartResponse } from '../src/types.ts';

const form = (p: Partial<ChartForm> = {}): ChartForm => ({ outputType: 'OutputRch', statistic: 'daily', subbasinId: 3, hru: null, rows: [{ parameter: 'FLOW_OUT', chartType: 'line', yAxis: 'left' }], units: 0, compare: [], observed: false, ...p });

describe('the form', () => {
  it('answers the spec\'s messages (spec 2 §5 Output chart)', () => {
    expect(formProblem(form())).toBeNull();
    expect(formProblem(form({ subbasinId: null }))).toBe(OUTPUT_MESSAGES.completeForm);
    expect(formProblem(form({ rows: [{ parameter: '', chartType: 'line', yAxis: 'left' }] }))).toBe(OUTPUT_MESSAGES.completeForm);
    expect(formProblem(form({ statistic: '' }))).toBe(OUTPUT_MESSAGES.completeForm);
    expect(formProblem(form({ outputType: 'OutputHru' }))).toBe(OUTPUT_MESSAGES.completeForm);
    expect(formProblem(form({ outputType: 'OutputHru', hru: 4 }))).toBeNull();
    expect(formProblem(form({ compare: [1, 2, 3, 4] }))).toBe(OUTPUT_MESSAGES.compareAtMost3);
  });

  it('sends only the filled parameter rows, each with its chart type and axis', () => {
    const s = selectionOf(form({ rows: [{ parameter: 'FLOW_OUT', chartType: 'area', yAxis: 'left' }, { parameter: '', chartType: 'line', yAxis: 'left' }, { parameter: 'SED_OUT', chartType: 'column', yAxis: 'right' }], hru: 9 }), '3');
    expect(s).toEqual({ subbasin: { id: 3, name: '3' }, statistic: 'daily', outputType: 'OutputRch', parameters: ['FLOW_OUT', 'SED_OUT'], chartTypes: ['area', 'column'], yAxis: ['left', 'right'], compareScenarios: [], hru: null, units: 0, observed: false });
  });
});

const D = (y: number, m: number, d = 1) => Date.UTC(y, m - 1, d);
const TIME: ChartResponse = {
  title: 'Subbasin 2: Monthly time series',
  subtitle: '',
  xAxis: { type: 'datetime', title: 'Date' },
  yAxis: [
    { title: 'PRECIP (mm)', parameter: 'PRECIP', units: 'mm', opposite: false, logarithmic: false },
    { title: 'SURQ (mm)', parameter: 'SURQ', units: 'mm', opposite: true, logarithmic: false },
  ],
  series: [
    { name: 'Baseline · PRECIP', scenarioID: 7, scenario: 'Baseline', parameter: 'PRECIP', type: 'column', yAxis: 0, data: [[D(2005, 1), 80], [D(2005, 2), 0]] },
    { name: 'Baseline · SURQ', scenarioID: 7, scenario: 'Baseline', parameter: 'SURQ', type: 'spline', yAxis: 1, data: [[D(2005, 1), 12.5], [D(2005, 2), null]] },
  ],
  statistics: [],
  info: [],
};

describe('ApexCharts options', () => {
  it('one y-axis per parameter, its series bound by name; chart types; the logarithmic switch leaves out values ≤ 0', () => {
    const lin = apexSetup(TIME, false);
    expect(lin.series.map((s) => [s.name, s.type])).toEqual([
      ['Baseline · PRECIP', 'bar'],
      ['Baseline · SURQ', 'line'],
    ]);
    const y = lin.options.yaxis as { seriesName: string[]; opposite: boolean; logarithmic: boolean }[];
    expect(y.map((a) => [a.seriesName, a.opposite, a.logarithmic])).toEqual([
      [['Baseline · PRECIP'], false, false],
      [['Baseline · SURQ'], true, false],
    ]);
    expect((lin.options.stroke as { curve: string[] }).curve).toEqual(['straight', 'smooth']);
    expect(lin.series[0]!.data).toEqual([[D(2005, 1), 80], [D(2005, 2), 0]]);
    const log = apexSetup(TIME, true);
    expect(log.series[0]!.data).toEqual([[D(2005, 1), 80], [D(2005, 2), null]]);
    expect((log.options.yaxis as { logarithmic: boolean }[]).every((a) => a.logarithmic)).toBe(true);
    // zoom and pan on time series
    expect((lin.options.chart as { zoom: { enabled: boolean } }).zoom.enabled).toBe(true);
  });

  it('a boxplot', () => {
    const box: ChartResponse = { ...TIME, xAxis: { type: 'category', title: 'Month' }, yAxis: [TIME.yAxis[1]!], xAxisCategories: ['Jan', 'Feb'], series: [{ name: 'Baseline', scenarioID: 7, scenario: 'Baseline', parameter: 'SURQ', type: 'boxPlot', yAxis: 0, data: [{ x: 'Jan', y: [1, 2, 3, 4, 5] }, { x: 'Feb', y: null }] }] };
    const s = apexSetup(box, false);
    expect(s.type).toBe('boxPlot');
    expect(s.series[0]!.data).toEqual([{ x: 'Jan', y: [1, 2, 3, 4, 5] }, { x: 'Feb', y: [] }]);
    expect(chartCsv(box, 'boxplot')).toBe('Month,Baseline (mm) min,Baseline (mm) Q1,Baseline (mm) median,Baseline (mm) Q3,Baseline (mm) max\nJan,1,2,3,4,5\nFeb,,,,,\n');
  });
});

describe('compact daily series', () => {
  it('expand to [x, y] pairs, one a day from the first', () => {
    const c = expandChart({ ...TIME, series: [{ ...TIME.series[0]!, data: [], start: D(2005, 12, 31), values: [1, null, 3] }] });
    expect(c.series[0]!.data).toEqual([[D(2005, 12, 31), 1], [D(2006, 1, 1), null], [D(2006, 1, 2), 3]]);
    expect(c.series[0]!.values).toBeUndefined();
    // other series pass as they are
    expect(expandChart(TIME).series).toEqual(TIME.series);
  });
});

describe('CSV', () => {
  it('a time series: one row per date, the period\'s date format', () => {
    expect(chartCsv(TIME, 'monthly')).toBe('Date,Baseline · PRECIP (mm),Baseline · SURQ (mm)\n2005-01,80,12.5\n2005-02,0,\n');
    expect(dateLabel(D(2005, 3, 9), 'daily')).toBe('2005-03-09');
    expect(dateLabel(D(2005, 3, 9), 'annual')).toBe('2005');
  });

  it('a flow duration curve: each series with its exceedance probabilities', () => {
    const fdc: ChartResponse = { ...TIME, xAxis: { type: 'numeric', title: 'Exceedance probability (%)' }, yAxis: [{ title: 'FLOW_OUT (m³/s)', parameter: 'FLOW_OUT', units: 'm³/s', opposite: false, logarithmic: true }], series: [{ name: 'Baseline', scenarioID: 7, scenario: 'Baseline', parameter: 'FLOW_OUT', type: 'line', yAxis: 0, data: [[25, 5], [50, 3], [75, 1]] }] };
    expect(chartCsv(fdc, 'flowDuration')).toBe('Baseline: exceedance probability (%),Baseline (m³/s)\n25,5\n50,3\n75,1\n');
  });

  it('average monthly values, and a file name from the title', () => {
    const cat: ChartResponse = { ...TIME, xAxis: { type: 'category', title: 'Month' }, xAxisCategories: ['Jan', 'Feb'], series: [{ ...TIME.series[0]!, data: [[0, 1.5], [1, 2]] }] };
    expect(chartCsv(cat, 'averageMonthly')).toBe('Month,Baseline · PRECIP (mm)\nJan,1.5\nFeb,2\n');
    expect(fileName('Reach 3: Daily time series', 'csv')).toBe('reach-3-daily-time-series.csv');
  });
});
