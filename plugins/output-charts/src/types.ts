// The output chart's calls (spec 2 §3 'Chart selection', 'Chart response'; §7
// scenarios/output/chartoptions and scenarios/output/chart), shared by the page and the server half.
import type { OutputCatalogue, OutputOption, OutputStatistic, OutputTypeId, OutputUnitSystem } from '@headwater/plugin-sdk/server';

/** Spec 2 §9: line, area, scatter, column, spline (the boxplot is a statistic). */
export const CHART_TYPES = ['line', 'area', 'scatter', 'column', 'spline'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
export const CHART_TYPE_LABELS: Record<ChartType, string> = { line: 'Line', area: 'Area', scatter: 'Scatter', column: 'Column', spline: 'Spline' };

export const DAY_MS = 86_400_000;

/** Each parameter's y-axis: the left one or the right one. */
export const Y_AXES = ['left', 'right'] as const;
export type YAxisSide = (typeof Y_AXES)[number];

/** GET scenarios/output/chartoptions/{id} (spec 2 §3 'Map options' shapes, plus the chart's). */
export type ChartOptions = {
  outputTypes: { types: OutputOption<OutputTypeId>[]; parameters: OutputCatalogue['parameters']; units: OutputOption<OutputUnitSystem>[]; defaultUnits: OutputUnitSystem };
  statistics: OutputOption<OutputStatistic>[];
  scenarios: OutputOption<number>[];
  map: OutputCatalogue['map'];
  subbasins: OutputCatalogue['subbasins'];
  printedHrus: OutputCatalogue['printedHrus'];
  observed: OutputCatalogue['observed'];
  noOutputProcessing: boolean;
  printSetting: number;
  printSettingName: string;
  info: string;
  chartTypes: OutputOption<ChartType>[];
  yAxisOptions: OutputOption<YAxisSide>[];
  /** the variables a flow duration curve is drawn for (OutputRch) */
  flowDurationParameters: string[];
};

/** POST scenarios/output/chart/{id}. */
export type ChartSelection = {
  subbasin: { id: number; name?: string } | null;
  statistic: OutputStatistic | '';
  outputType: OutputTypeId | '';
  parameters: string[];
  /** per parameter */
  chartTypes?: ChartType[];
  /** per parameter */
  yAxis?: YAxisSide[];
  compareScenarios?: number[];
  hru?: number | null;
  units: OutputUnitSystem | null;
  /** overlay the dataset's observed series (and its NSE, KGE, PBIAS) where the reach has one */
  observed?: boolean;
};

export type ChartSeries = {
  name: string;
  scenarioID: number | null;
  scenario: string;
  parameter: string;
  /** the chart type, or 'boxPlot' */
  type: ChartType | 'boxPlot';
  /** index into the response's yAxis */
  yAxis: number;
  observed?: boolean;
  /** [x, y] pairs: x epoch ms (datetime), exceedance percent (numeric) or category index; a
   * boxplot's five numbers by category */
  data: [number, number | null][] | { x: string; y: [number, number, number, number, number] | null }[];
  /** A series of consecutive days comes compact — its first day (epoch ms) and one value a day
   * (`values`), `data` empty: 30 years of days are a third of the bytes. `expandChart` gives the pairs. */
  start?: number;
  values?: (number | null)[];
};

export type ChartFit = { scenarioID: number; scenario: string; parameter: string; observed: string; nse: number | null; kge: number | null; pbias: number | null; n: number; start: string; end: string };

export type ChartResponse = {
  title: string;
  subtitle: string;
  xAxis: { type: 'datetime' | 'category' | 'numeric'; title: string };
  yAxis: { title: string; parameter: string; units: string; opposite: boolean; logarithmic: boolean }[];
  series: ChartSeries[];
  /** categories of the boxplot, the average months and the average annual chart */
  xAxisCategories?: string[];
  /** NSE, KGE and PBIAS of each scenario against the observed series */
  statistics: ChartFit[];
  info: string[];
};
