// The output map's calls (spec 2 §3 'Map options', 'Map selection', 'Map response'; §7
// scenarios/output/mapoptions and scenarios/output/map), shared by the page and the server half.
import type { OutputCatalogue, OutputOption, OutputStatistic, OutputTypeId, OutputUnitSystem } from '@headwater/plugin-sdk/server';

export type MapOptions = {
  outputTypes: { types: OutputOption<OutputTypeId>[]; parameters: OutputCatalogue['parameters']; units: OutputOption<OutputUnitSystem>[]; defaultUnits: OutputUnitSystem };
  statistics: OutputOption<OutputStatistic>[];
  scenarios: OutputOption<number>[];
  map: OutputCatalogue['map'];
  noOutputProcessing: boolean;
  printSetting: number;
  printSettingName: string;
  printedHrus: OutputCatalogue['printedHrus'];
  info: string;
};

/** Beyond the spec: with one comparison scenario, a map of (compared − this) or of the percent change. */
export const DIFFERENCES = ['none', 'absolute', 'percent'] as const;
export type Difference = (typeof DIFFERENCES)[number];

export type MapSelection = {
  statistic: OutputStatistic | '';
  outputType: OutputTypeId | '';
  parameter: string;
  compareScenarios?: number[];
  units: OutputUnitSystem | null;
  difference?: Difference;
};

/** One subbasin's value; `mapDataValuesName` names the value's key. */
export type MapDatum = { id: number; name: string; number: number; value: number | null };

export type ScenarioMap = {
  scenarioID: number | null;
  scenario: string;
  mapTitle: string;
  legendTitle: string;
  mapData: MapDatum[];
  mapDataValuesName: 'value';
  units: string;
  /** this map's extremes */
  minValue: number | null;
  maxValue: number | null;
  /** a logarithmic colour scale is possible (every value above 0) */
  allowLogAxis: boolean;
  /** the colour scale's range, shared by the compared maps so that colours compare */
  axisMin: number | null;
  axisMax: number | null;
  /** OutputRch: the reaches (streams) carry the values too */
  layer: 'subbasins' | 'streams';
  /** the difference map: a diverging scale centred on zero */
  diverging?: boolean;
};

export type MapResponse = { scenarioMaps: ScenarioMap[]; differenceMap?: ScenarioMap; info: string[] };
