// What the platform offers the output tools' server halves for reading a scenario's outputs
// (`req.platform.outputs`, platform-api modules/outputs): the variables a run printed with their
// descriptions and units, statistics over the stored output matrices, and the dataset's observed
// data with the fit of the model to it. Every call checks that the request's user may reach the
// scenario (and the compared scenarios); errors are domain errors in the spec's wording.

/** The spec's output types (spec 2 §3 'Map options' outputTypes). */
export type OutputTypeId = 'OutputRch' | 'OutputSub' | 'OutputHru';

/** 0 metric, 1 English (the account's units preference is the default). */
export type OutputUnitSystem = 0 | 1;

/** Statistics of charts: the printed time series (daily, monthly, annual), the average of each
 * month over the years, the monthly boxplot, the average annual value and the flow duration
 * curve. Statistics of maps: the average annual value, the average of one month ('month:7'),
 * the value of one year ('year:2005'). */
export type OutputStatistic = 'daily' | 'monthly' | 'annual' | 'averageMonthly' | 'boxplot' | 'averageAnnual' | 'flowDuration' | `month:${number}` | `year:${number}`;

export type OutputParameter = {
  variable: string;
  description: string;
  /** metric units */
  units: string;
  englishUnits: string;
};

export type OutputOption<T = string | number> = { value: T; text: string };

export type OutputCatalogue = {
  scenario: { id: number; name: string; projectId: number; hasRun: boolean; isRunning: boolean; lastRunDate: string | null };
  /** SWAT's IPRINT of the run: 0 monthly, 1 daily, 2 yearly */
  printSetting: number;
  printSettingName: string;
  noOutputProcessing: boolean;
  /** The output types the run printed. */
  types: OutputOption<OutputTypeId>[];
  parameters: Partial<Record<OutputTypeId, OutputParameter[]>>;
  units: OutputOption<OutputUnitSystem>[];
  defaultUnits: OutputUnitSystem;
  /** Statistics the print setting allows, for charts and for maps. */
  statistics: { chart: OutputOption<OutputStatistic>[]; map: OutputOption<OutputStatistic>[] };
  /** Printed years. */
  years: number[];
  /** Spec 2 §8 info when the print setting limits some statistics, else ''. */
  info: string;
  /** The project's subbasins (id: the dataset subbasin id, as the map's features; number: SWAT's). */
  subbasins: { id: number; name: string; number: number }[];
  /** The HRUs output.hru has (id: the project HRU id). */
  printedHrus: { id: number; subbasinID: number; subbasin: string; landuse: string; soil: string; slopeClass: string }[];
  /** Other scenarios of the project whose outputs can be compared. */
  scenarios: OutputOption<number>[];
  /** Observed series of the dataset's gauges at the project's reaches. */
  observed: { subbasinID: number; subbasin: string; outputType: OutputTypeId; variable: string; name: string; site: string; units: string; startDate: string; endDate: string }[];
  /** The project map (GET projects/map): GeoJSON urls, routing connections, bounds. */
  map: { geoJsonUrls: { subbasins?: string; streams?: string }; connections: { fromID?: number; fromName: string }[]; watershedBounds: (number | null)[] | null };
};

/** One unit of one output type: a subbasin (OutputRch: its reach) by dataset subbasin id, or an
 * HRU by project HRU id. */
export type OutputUnitRef = { subbasinID?: number; hruID?: number };

export type SeriesRequest = OutputUnitRef & { outputType: OutputTypeId; variable: string; statistic: OutputStatistic; units: OutputUnitSystem };

/**
 * A unit's values under a statistic, ready to draw:
 * - `time`: x = epoch ms of each day, month or year start (UTC);
 * - `category`: x = indexes of `categories` (months Jan–Dec, or the scenario for average annual);
 * - `exceedance`: x = exceedance probability in percent (flow duration curve);
 * - `box`: `box[i]` = [min, Q1, median, Q3, max] of category i (null: no value).
 * Missing values are null.
 */
export type OutputSeries = {
  scenarioId: number;
  scenarioName: string;
  variable: string;
  description: string;
  units: string;
  /** 'Reach 3', 'Subbasin 2', 'HRU 1 (subbasin 1, FRSD, ...)' */
  unitLabel: string;
  statistic: OutputStatistic;
  statisticLabel: string;
  /** the time base of a time series (and of the values behind a flow duration curve) */
  period?: 'day' | 'month' | 'year';
  shape: 'time' | 'category' | 'exceedance' | 'box';
  x: number[];
  y: (number | null)[];
  categories?: string[];
  box?: ([number, number, number, number, number] | null)[];
};

export type ValuesRequest = { outputType: OutputTypeId; variable: string; statistic: OutputStatistic; units: OutputUnitSystem };

/** Every subbasin's value (OutputRch: its reach's; OutputHru: the area-weighted mean of the
 * subbasin's printed HRUs, null without any). */
export type OutputValues = {
  scenarioId: number;
  scenarioName: string;
  variable: string;
  description: string;
  units: string;
  statistic: OutputStatistic;
  statisticLabel: string;
  values: { subbasinID: number; subbasin: string; number: number; value: number | null }[];
};

export type FitStatistics = { nse: number | null; kge: number | null; pbias: number | null; n: number; start: string; end: string };

/** The observed series at a reach, on the scenario's time base (or its flow duration curve),
 * and the fit of the scenario to it over the common period. */
export type ObservedSeries = {
  name: string;
  site: string;
  series: OutputSeries;
  fit: FitStatistics | null;
};

/** A scenario as the output tools check it before reading its outputs (cheaper than the catalogue). */
export type OutputScenario = {
  id: number;
  name: string;
  projectId: number;
  isRunning: boolean;
  hasRun: boolean;
  /** outputs were loaded from its last run */
  hasOutputs: boolean;
  /** SWAT's IPRINT of the run: 0 monthly, 1 daily, 2 yearly */
  printSetting: number;
  /** the project HRUs its output.hru has */
  printedHrus: { id: number; subbasinID: number }[];
  /** the observed series at its reaches */
  observed: { subbasinID: number; outputType: OutputTypeId; variable: string }[];
};

export type OutputServices = {
  /** What the scenario's outputs hold and what may be asked of them. */
  catalogue(scenarioId: number): Promise<OutputCatalogue>;
  scenario(scenarioId: number): Promise<OutputScenario>;
  series(scenarioId: number, request: SeriesRequest): Promise<OutputSeries>;
  values(scenarioId: number, request: ValuesRequest): Promise<OutputValues>;
  /** Null when the dataset has no observed series for that reach and variable. */
  observed(scenarioId: number, request: SeriesRequest): Promise<ObservedSeries | null>;
};
