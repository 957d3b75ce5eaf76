// The output maps' server half (spec 2 §7): `GET scenarios/output/mapoptions/{id}` and
// `POST scenarios/output/map/{id}`. The form rules of spec 2 §5 'Output map' are checked here;
// every subbasin's value comes from the platform's outputs service (req.platform.outputs), which
// checks the user's access to every scenario it reads. One map per scenario (this one, then the
// compared ones) on a shared colour range, and, with one comparison, the difference map.
import { InputError, definePluginServer, idParam, type OutputStatistic, type OutputTypeId, type OutputUnitSystem, type OutputValues, type PlatformServices } from '@headwater/plugin-sdk/server';
import { OUTPUT_MESSAGES, SCENARIO_MESSAGES } from '@headwater/plugin-sdk/schema';
import pkg from '../package.json' with { type: 'json' };
import { DIFFERENCES, type Difference, type MapOptions, type MapResponse, type MapSelection, type ScenarioMap } from '../src/types.ts';

export const MAX_COMPARISONS = 3;
const PRINT_DAILY = 1;

export async function mapOptions(platform: PlatformServices, scenarioId: number): Promise<MapOptions> {
  const c = await platform.outputs.catalogue(scenarioId);
  return {
    outputTypes: { types: c.types, parameters: c.parameters, units: c.units, defaultUnits: c.defaultUnits },
    statistics: c.statistics.map,
    scenarios: c.scenarios,
    map: c.map,
    noOutputProcessing: c.noOutputProcessing,
    printSetting: c.printSetting,
    printSettingName: c.printSettingName,
    printedHrus: c.printedHrus,
    info: c.info,
  };
}

/** The selection, checked against spec 2 §5 'Output map' (the spec's messages). */
/** A selection that passed the checks. */
export type CheckedSelection = { statistic: OutputStatistic; outputType: OutputTypeId; parameter: string; compareScenarios: number[]; units: OutputUnitSystem; difference: Difference };

export function checkSelection(body: unknown): CheckedSelection {
  const b = (body ?? {}) as Partial<MapSelection>;
  const units = b.units === 0 || b.units === 1 ? b.units : null;
  if (!b.outputType || !b.statistic || !b.parameter || typeof b.parameter !== 'string' || units === null) throw new InputError(OUTPUT_MESSAGES.completeForm);
  const compareScenarios = [...new Set(Array.isArray(b.compareScenarios) ? b.compareScenarios.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [])];
  if (compareScenarios.length > MAX_COMPARISONS) throw new InputError(OUTPUT_MESSAGES.compareAtMost3);
  const difference: Difference = (DIFFERENCES as readonly string[]).includes(String(b.difference)) ? (b.difference as Difference) : 'none';
  if (difference !== 'none' && compareScenarios.length !== 1) throw new InputError(OUTPUT_MESSAGES.differenceOneComparison);
  return { statistic: b.statistic as OutputStatistic, outputType: b.outputType as OutputTypeId, parameter: b.parameter, compareScenarios, units, difference };
}

const finite = (xs: (number | null)[]) => xs.filter((x): x is number => x !== null && Number.isFinite(x));
const extent = (xs: (number | null)[]): [number | null, number | null] => {
  const f = finite(xs);
  return f.length ? [Math.min(...f), Math.max(...f)] : [null, null];
};

function scenarioMap(v: OutputValues, outputType: string, range: [number | null, number | null]): ScenarioMap {
  const [min, max] = extent(v.values.map((x) => x.value));
  return {
    scenarioID: v.scenarioId,
    scenario: v.scenarioName,
    mapTitle: `${v.scenarioName}: ${v.variable}, ${v.statisticLabel}`,
    legendTitle: v.units ? `${v.variable} (${v.units})` : v.variable,
    mapData: v.values.map((x) => ({ id: x.subbasinID, name: x.subbasin, number: x.number, value: x.value })),
    mapDataValuesName: 'value',
    units: v.units,
    minValue: min,
    maxValue: max,
    allowLogAxis: range[0] !== null && range[0] > 0,
    axisMin: range[0],
    axisMax: range[1],
    layer: outputType === 'OutputRch' ? 'streams' : 'subbasins',
  };
}

/** (compared − this), or the percent change 100 · (compared − this) / this (none where this is 0). */
export function differenceValues(base: OutputValues, other: OutputValues, kind: Exclude<Difference, 'none'>): (number | null)[] {
  const byId = new Map(other.values.map((x) => [x.subbasinID, x.value]));
  return base.values.map((x) => {
    const o = byId.get(x.subbasinID);
    if (x.value === null || o === null || o === undefined) return null;
    if (kind === 'absolute') return Number((o - x.value).toPrecision(7));
    return x.value === 0 ? null : Number(((100 * (o - x.value)) / x.value).toPrecision(7));
  });
}

export async function map(platform: PlatformServices, scenarioId: number, body: unknown): Promise<MapResponse> {
  const sel = checkSelection(body);
  const [own, ...others] = await Promise.all([scenarioId, ...sel.compareScenarios.filter((id) => id !== scenarioId)].map((id) => platform.outputs.scenario(id)));
  const compared = [];
  for (const c of others) {
    if (c.projectId !== own.projectId) throw new InputError(OUTPUT_MESSAGES.invalidScenario);
    if (c.isRunning) throw new InputError(OUTPUT_MESSAGES.comparisonRunning(c.name));
    if (!c.hasOutputs) throw new InputError(OUTPUT_MESSAGES.comparisonNoOutputs(c.name));
    compared.push(c);
  }
  const request = { outputType: sel.outputType, variable: sel.parameter, statistic: sel.statistic, units: sel.units } as const;
  const all = await Promise.all([scenarioId, ...compared.map((c) => c.id)].map((id) => platform.outputs.values(id, request)));
  const range = extent(all.flatMap((v) => v.values.map((x) => x.value)));
  const scenarioMaps = all.map((v) => scenarioMap(v, sel.outputType, range));
  let differenceMap: ScenarioMap | undefined;
  if (sel.difference !== 'none' && all.length === 2) {
    const [base, other] = all as [OutputValues, OutputValues];
    const values = differenceValues(base, other, sel.difference);
    const [min, max] = extent(values);
    const m = Math.max(Math.abs(min ?? 0), Math.abs(max ?? 0));
    const units = sel.difference === 'percent' ? '%' : base.units;
    differenceMap = {
      scenarioID: null,
      scenario: `${other.scenarioName} − ${base.scenarioName}`,
      mapTitle: sel.difference === 'percent' ? `Change from ${base.scenarioName} to ${other.scenarioName}: ${base.variable}, ${base.statisticLabel}` : `${other.scenarioName} − ${base.scenarioName}: ${base.variable}, ${base.statisticLabel}`,
      legendTitle: `${sel.difference === 'percent' ? 'Change in' : 'Difference in'} ${base.variable} (${units})`,
      mapData: base.values.map((x, i) => ({ id: x.subbasinID, name: x.subbasin, number: x.number, value: values[i] ?? null })),
      mapDataValuesName: 'value',
      units,
      minValue: min,
      maxValue: max,
      allowLogAxis: false,
      axisMin: min === null ? null : -m,
      axisMax: max === null ? null : m,
      layer: sel.outputType === 'OutputRch' ? 'streams' : 'subbasins',
      diverging: true,
    };
  }
  const info: string[] = [];
  if (own.printSetting !== PRINT_DAILY) info.push(SCENARIO_MESSAGES.printSettingInfo);
  if (sel.outputType === 'OutputHru') info.push('Each subbasin shows the area-weighted mean of its printed HRUs; subbasins without a printed HRU have no value.');
  return { scenarioMaps, ...(differenceMap ? { differenceMap } : {}), info };
}

export default definePluginServer({
  id: pkg.headwater.id,
  routes: [
    {
      method: 'GET',
      path: '/scenarios/output/mapoptions/:scenarioID',
      access: 'user',
      handler: ({ params, platform }) => mapOptions(platform, idParam(params.scenarioID)),
    },
    {
      method: 'POST',
      path: '/scenarios/output/map/:scenarioID',
      access: 'user',
      handler: ({ params, platform, body }) => map(platform, idParam(params.scenarioID), body),
    },
  ],
});
