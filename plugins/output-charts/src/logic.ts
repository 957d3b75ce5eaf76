// The chart page's rules, React-free: the form's checks (spec 2 §5 'Output chart'), the chart
// response as ApexCharts options, and the CSV of the drawn data.
import { OUTPUT_MESSAGES } from '@headwater/plugin-sdk';
import { DAY_MS, type ChartResponse, type ChartSelection, type ChartSeries, type ChartType } from './types.ts';

export const MAX_COMPARISONS = 3;

/** The form's state: one row per parameter. */
export type ParameterRow = { parameter: string; chartType: ChartType; yAxis: 'left' | 'right' };

export type ChartForm = {
  outputType: string;
  statistic: string;
  subbasinId: number | null;
  hru: number | null;
  rows: ParameterRow[];
  units: 0 | 1;
  compare: number[];
  observed: boolean;
};

/** The spec's message for a form that cannot be sent, or null. */
export function formProblem(f: ChartForm): string | null {
  if (f.compare.length > MAX_COMPARISONS) return OUTPUT_MESSAGES.compareAtMost3;
  const rows = f.rows.filter((r) => r.parameter);
  if (!f.outputType || !f.statistic || f.subbasinId === null || !rows.length) return OUTPUT_MESSAGES.completeForm;
  if (f.outputType === 'OutputHru' && f.hru === null) return OUTPUT_MESSAGES.completeForm;
  return null;
}

export function selectionOf(f: ChartForm, subbasinName?: string): ChartSelection {
  const rows = f.rows.filter((r) => r.parameter);
  return {
    subbasin: f.subbasinId === null ? null : { id: f.subbasinId, ...(subbasinName ? { name: subbasinName } : {}) },
    statistic: f.statistic as ChartSelection['statistic'],
    outputType: f.outputType as ChartSelection['outputType'],
    parameters: rows.map((r) => r.parameter),
    chartTypes: rows.map((r) => r.chartType),
    yAxis: rows.map((r) => r.yAxis),
    compareScenarios: f.compare,
    hru: f.outputType === 'OutputHru' ? f.hru : null,
    units: f.units,
    observed: f.observed,
  };
}

/** The response with every series as [x, y] pairs (compact daily series expanded). */
export function expandChart(c: ChartResponse): ChartResponse {
  return {
    ...c,
    series: c.series.map((s) => (s.values && s.start !== undefined ? { ...s, data: s.values.map((y, i) => [s.start! + i * DAY_MS, y] as [number, number | null]), values: undefined, start: undefined } : s)),
  };
}

// ─── ApexCharts ────────────────────────────────────────────────────────────────────────────

const APEX_TYPE: Record<ChartType | 'boxPlot', string> = { line: 'line', spline: 'line', area: 'area', column: 'bar', scatter: 'scatter', boxPlot: 'boxPlot' };
const OBSERVED_COLOUR = '#222222';
const PALETTE = ['#1c7ed6', '#e8590c', '#2f9e44', '#ae3ec9', '#f08c00', '#0c8599', '#c2255c', '#5c7cfa'];

type Pair = [number, number | null];

/** A value a logarithmic axis can draw (above zero), else a gap. */
const forLog = (v: number | null, log: boolean) => (v === null || (log && v <= 0) ? null : v);

export type ApexSetup = { type: string; series: Record<string, unknown>[]; options: Record<string, unknown> };

/** The chart response as ApexCharts series and options (`log`: the y-axis scale switch). */
export function apexSetup(c: ChartResponse, log: boolean): ApexSetup {
  const box = c.series.some((s) => s.type === 'boxPlot');
  const categories = c.xAxis.type === 'category';
  const series = c.series.map((s) => {
    const data = box
      ? (s.data as { x: string; y: number[] | null }[]).map((d) => ({ x: d.x, y: d.y ?? [] }))
      : categories
        ? (s.data as Pair[]).map((d) => forLog(d[1], log))
        : (s.data as Pair[]).map((d) => [d[0], forLog(d[1], log)]);
    return { name: s.name, type: APEX_TYPE[s.type], data };
  });
  const colours = c.series.map((s, i) => (s.observed ? OBSERVED_COLOUR : PALETTE[i % PALETTE.length]!));
  const seriesOfAxis = (i: number) => c.series.filter((s) => s.yAxis === i).map((s) => s.name);
  const yaxis = c.yAxis.map((y, i) => ({
    seriesName: seriesOfAxis(i),
    opposite: y.opposite,
    logarithmic: log,
    title: { text: y.title },
    decimalsInFloat: 3,
    labels: { formatter: (v: number) => formatNumber(v) },
  }));
  const many = c.series.length > 0 && c.series.some((s) => s.type !== 'boxPlot');
  const options: Record<string, unknown> = {
    chart: {
      id: 'output-chart',
      type: box ? 'boxPlot' : 'line',
      animations: { enabled: false },
      zoom: { enabled: !categories, type: 'x', autoScaleYaxis: true },
      toolbar: { show: true, tools: { download: false, selection: false, zoom: !categories, zoomin: !categories, zoomout: !categories, pan: !categories, reset: !categories }, autoSelected: 'zoom' },
    },
    colors: colours,
    stroke: { width: c.series.map((s) => (s.type === 'scatter' || s.type === 'column' || s.type === 'boxPlot' ? (s.type === 'boxPlot' ? 1 : 0) : s.observed ? 1.5 : 2)), curve: c.series.map((s) => (s.type === 'spline' ? 'smooth' : 'straight')) },
    markers: { size: c.series.map((s) => (s.type === 'scatter' ? 3 : 0)) },
    fill: { opacity: c.series.map((s) => (s.type === 'area' ? 0.25 : 1)) },
    dataLabels: { enabled: false },
    legend: { show: many || c.series.length > 1, position: 'top' },
    title: { text: c.title, align: 'left' },
    subtitle: { text: c.subtitle, align: 'left' },
    xaxis: categories
      ? { type: 'category', categories: c.xAxisCategories ?? [], title: { text: c.xAxis.title } }
      : c.xAxis.type === 'datetime'
        ? { type: 'datetime', title: { text: c.xAxis.title }, labels: { datetimeUTC: true } }
        : { type: 'numeric', min: 0, max: 100, tickAmount: 10, title: { text: c.xAxis.title }, labels: { formatter: (v: number) => `${Math.round(v)}` } },
    yaxis: box ? { logarithmic: log, title: { text: c.yAxis[0]?.title ?? '' }, labels: { formatter: (v: number) => formatNumber(v) } } : yaxis,
    tooltip: { shared: !box && !categories ? false : true, x: c.xAxis.type === 'datetime' ? { format: 'yyyy-MM-dd' } : {} },
    plotOptions: { bar: { columnWidth: '70%' } },
  };
  return { type: box ? 'boxPlot' : 'line', series, options };
}

export function formatNumber(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '';
  const a = Math.abs(v);
  if (a !== 0 && (a >= 1e6 || a < 1e-3)) return v.toExponential(2);
  return String(Number(v.toPrecision(4)));
}

// ─── CSV ────────────────────────────────────────────────────────────────────────────────────

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const row = (cells: unknown[]) => cells.map(csvCell).join(',');

/** The date of a time-series x value as its period prints it. */
export function dateLabel(ms: number, statistic: string): string {
  const iso = new Date(ms).toISOString();
  return statistic === 'annual' ? iso.slice(0, 4) : statistic === 'monthly' ? iso.slice(0, 7) : iso.slice(0, 10);
}

const unitsOf = (c: ChartResponse, s: ChartSeries) => c.yAxis[s.yAxis]?.units;
const header = (c: ChartResponse, s: ChartSeries) => (unitsOf(c, s) ? `${s.name} (${unitsOf(c, s)})` : s.name);

/** The chart's data as CSV: one column per series (a boxplot: five per series). */
export function chartCsv(c: ChartResponse, statistic: string): string {
  const lines: string[] = [];
  if (c.series.some((s) => s.type === 'boxPlot')) {
    lines.push(row(['Month', ...c.series.flatMap((s) => ['min', 'Q1', 'median', 'Q3', 'max'].map((q) => `${header(c, s)} ${q}`))]));
    (c.xAxisCategories ?? []).forEach((m, i) => lines.push(row([m, ...c.series.flatMap((s): (number | string)[] => (s.data as { y: number[] | null }[])[i]?.y ?? ['', '', '', '', ''])])));
  } else if (c.xAxis.type === 'category') {
    lines.push(row([c.xAxis.title || 'Statistic', ...c.series.map((s) => header(c, s))]));
    (c.xAxisCategories ?? []).forEach((cat, i) => lines.push(row([cat, ...c.series.map((s) => (s.data as Pair[])[i]?.[1])])));
  } else if (c.xAxis.type === 'numeric') {
    // flow duration curves: each series has its own exceedance probabilities
    lines.push(row(c.series.flatMap((s) => [`${s.name}: exceedance probability (%)`, header(c, s)])));
    const n = Math.max(...c.series.map((s) => s.data.length));
    for (let i = 0; i < n; i++) lines.push(row(c.series.flatMap((s) => (s.data as Pair[])[i] ?? ['', ''])));
  } else {
    const xs = [...new Set(c.series.flatMap((s) => (s.data as Pair[]).map((d) => d[0])))].sort((a, b) => a - b);
    const byX = c.series.map((s) => new Map((s.data as Pair[]).map((d) => [d[0], d[1]])));
    lines.push(row(['Date', ...c.series.map((s) => header(c, s))]));
    for (const x of xs) lines.push(row([dateLabel(x, statistic), ...byX.map((m) => m.get(x))]));
  }
  if (c.statistics.length) {
    lines.push('');
    lines.push(row(['Scenario', 'Parameter', 'Observed', 'NSE', 'KGE', 'PBIAS (%)', 'Days or periods', 'From', 'To']));
    for (const f of c.statistics) lines.push(row([f.scenario, f.parameter, f.observed, f.nse, f.kge, f.pbias, f.n, f.start, f.end]));
  }
  return lines.join('\n') + '\n';
}

/** A file name from the chart title. */
export function fileName(title: string, ext: string): string {
  return `${title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'chart'}.${ext}`;
}
