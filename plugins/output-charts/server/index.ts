// The output charts' server half (spec 2 §7): `GET scenarios/output/chartoptions/{id}` and
// `POST scenarios/output/chart/{id}`. The form rules of spec 2 §5 'Output chart' are checked
// here; the numbers come from the platform's outputs service (req.platform.outputs), which checks
// the user's access to every scenario it reads.
import { InputError, definePluginServer, idParam, type OutputScenario, type OutputSeries, type OutputStatistic, type OutputTypeId, type OutputUnitSystem, type PlatformServices, type SeriesRequest } from '@headwater/plugin-sdk/server';
import { OUTPUT_MESSAGES, SCENARIO_MESSAGES } from '@headwater/plugin-sdk/schema';

/** SWAT's IPRINT of daily printing. */
const PRINT_DAILY = 1;
import pkg from '../package.json' with { type: 'json' };
import { CHART_TYPES, CHART_TYPE_LABELS, DAY_MS, Y_AXES, type ChartFit, type ChartOptions, type ChartResponse, type ChartSelection, type ChartSeries, type ChartType, type YAxisSide } from '../src/types.ts';

const FLOW_DURATION = ['FLOW_OUT', 'FLOW_IN'];
export const MAX_COMPARISONS = 3;

export async function chartOptions(platform: PlatformServices, scenarioId: number): Promise<ChartOptions> {
  const c = await platform.outputs.catalogue(scenarioId);
  return {
    outputTypes: { types: c.types, parameters: c.parameters, units: c.units, defaultUnits: c.defaultUnits },
    statistics: c.statistics.chart,
    scenarios: c.scenarios,
    map: c.map,
    subbasins: c.subbasins,
    printedHrus: c.printedHrus,
    observed: c.observed,
    noOutputProcessing: c.noOutputProcessing,
    printSetting: c.printSetting,
    printSettingName: c.printSettingName,
    info: c.info,
    chartTypes: CHART_TYPES.map((t) => ({ value: t, text: CHART_TYPE_LABELS[t] })),
    yAxisOptions: [
      { value: 'left', text: 'Left axis' },
      { value: 'right', text: 'Right axis' },
    ],
    flowDurationParameters: FLOW_DURATION,
  };
}

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter((n) => Number.isInteger(n) && n > 0) : []);

/** The selection, checked against spec 2 §5 'Output chart' (the spec's messages). */
/** A selection that passed the checks. */
export type CheckedSelection = {
  subbasin: { id: number; name?: string };
  statistic: OutputStatistic;
  outputType: OutputTypeId;
  parameters: string[];
  chartTypes: ChartType[];
  yAxis: YAxisSide[];
  compareScenarios: number[];
  hru: number | null;
  units: OutputUnitSystem;
  observed: boolean;
};

export function checkSelection(body: unknown): CheckedSelection {
  const b = (body ?? {}) as Partial<ChartSelection>;
  const subbasinId = Number(b.subbasin?.id);
  const parameters = Array.isArray(b.parameters) ? b.parameters.filter((p): p is string => typeof p === 'string' && p.length > 0) : [];
  const units = b.units === 0 || b.units === 1 ? b.units : null;
  if (!b.outputType || !b.statistic || !Number.isInteger(subbasinId) || subbasinId <= 0 || !parameters.length || units === null) throw new InputError(OUTPUT_MESSAGES.completeForm);
  const hru = b.hru === undefined || b.hru === null || (b.hru as unknown) === '' ? null : Number(b.hru);
  if (b.outputType === 'OutputHru' && (hru === null || !Number.isInteger(hru))) throw new InputError(OUTPUT_MESSAGES.completeForm);
  const compareScenarios = [...new Set(ids(b.compareScenarios))];
  if (compareScenarios.length > MAX_COMPARISONS) throw new InputError(OUTPUT_MESSAGES.compareAtMost3);
  const chartTypes = parameters.map((_, i) => (CHART_TYPES as readonly string[]).includes(String(b.chartTypes?.[i])) ? (b.chartTypes![i] as ChartType) : 'line');
  const yAxis = parameters.map((_, i) => ((Y_AXES as readonly string[]).includes(String(b.yAxis?.[i])) ? (b.yAxis![i] as YAxisSide) : 'left'));
  return { subbasin: { id: subbasinId, name: b.subbasin?.name }, statistic: b.statistic as OutputStatistic, outputType: b.outputType as OutputTypeId, parameters, chartTypes, yAxis, compareScenarios, hru: b.outputType === 'OutputHru' ? hru : null, units, observed: !!b.observed };
}

/** A time series of consecutive days (sent compact: its first day and the values). */
function consecutiveDays(s: OutputSeries): boolean {
  if (s.shape !== 'time' || s.period !== 'day' || s.x.length < 2) return false;
  for (let i = 1; i < s.x.length; i++) if (s.x[i]! - s.x[i - 1]! !== DAY_MS) return false;
  return true;
}

export async function chart(platform: PlatformServices, scenarioId: number, body: unknown): Promise<ChartResponse> {
  const sel = checkSelection(body);
  // this scenario and the compared ones, read at once; compared ones must be of this project, with
  // outputs, and for HRU charts have printed the same HRUs
  const [own, ...others] = await Promise.all([scenarioId, ...sel.compareScenarios.filter((id) => id !== scenarioId)].map((id) => platform.outputs.scenario(id)));
  const hrusOf = (s: OutputScenario) => s.printedHrus.map((h) => h.id).sort((x, y) => x - y).join(',');
  const compared: OutputScenario[] = [];
  for (const c of others) {
    if (c.projectId !== own.projectId) throw new InputError(OUTPUT_MESSAGES.invalidScenario);
    if (c.isRunning) throw new InputError(OUTPUT_MESSAGES.comparisonRunning(c.name));
    if (!c.hasOutputs) throw new InputError(OUTPUT_MESSAGES.comparisonNoOutputs(c.name));
    if (sel.outputType === 'OutputHru' && hrusOf(c) !== hrusOf(own)) throw new InputError(OUTPUT_MESSAGES.sameHrus);
    compared.push(c);
  }
  if (sel.outputType === 'OutputHru' && !own.printedHrus.some((h) => h.id === sel.hru && h.subbasinID === sel.subbasin.id)) throw new InputError(OUTPUT_MESSAGES.noPrintedHrus);
  if (sel.statistic === 'flowDuration' && !(sel.outputType === 'OutputRch' && sel.parameters.every((p) => FLOW_DURATION.includes(p)))) throw new InputError(OUTPUT_MESSAGES.flowDurationFlowOnly);

  const scenarioIds = [scenarioId, ...compared.map((c) => c.id)];
  const request = (parameter: string): SeriesRequest => ({
    outputType: sel.outputType,
    variable: parameter,
    statistic: sel.statistic,
    units: sel.units,
    subbasinID: sel.subbasin.id,
    ...(sel.hru !== null ? { hruID: sel.hru } : {}),
  });
  // every scenario × parameter at once (each is one small read)
  const results = await Promise.all(sel.parameters.map((p) => Promise.all(scenarioIds.map((id) => platform.outputs.series(id, request(p))))));
  const wantsObserved = sel.observed && own.observed.some((o) => o.subbasinID === sel.subbasin.id && o.outputType === sel.outputType && sel.parameters.includes(o.variable));
  const observed = wantsObserved
    ? await Promise.all(sel.parameters.map((p) => (own.observed.some((o) => o.subbasinID === sel.subbasin.id && o.variable === p) ? Promise.all(scenarioIds.map((id) => platform.outputs.observed(id, request(p)))) : Promise.resolve(null))))
    : sel.parameters.map(() => null);

  const first = results[0]![0]!;
  const box = first.shape === 'box';
  const xType: ChartResponse['xAxis']['type'] = first.shape === 'time' ? 'datetime' : first.shape === 'exceedance' ? 'numeric' : 'category';
  const xTitle = first.shape === 'time' ? 'Date' : first.shape === 'exceedance' ? 'Exceedance probability (%)' : sel.statistic === 'averageAnnual' ? '' : 'Month';
  const yAxis: ChartResponse['yAxis'] = sel.parameters.map((p, i) => {
    const s = results[i]![0]!;
    return { title: s.units ? `${p} (${s.units})` : p, parameter: p, units: s.units, opposite: sel.yAxis[i] === 'right', logarithmic: sel.statistic === 'flowDuration' };
  });
  const many = sel.parameters.length > 1;
  const seriesOf = (s: OutputSeries, i: number, name: string, scenarioID: number | null, extra: Partial<ChartSeries> = {}): ChartSeries => ({
    name,
    scenarioID,
    scenario: s.scenarioName,
    parameter: sel.parameters[i]!,
    // one value per scenario: a column (a line of one point draws nothing)
    type: box ? 'boxPlot' : sel.statistic === 'averageAnnual' ? 'column' : sel.chartTypes[i]!,
    yAxis: i,
    ...(consecutiveDays(s)
      ? { data: [], start: s.x[0]!, values: s.y }
      : {
          data: box
            ? s.categories!.map((x, k) => ({ x, y: s.box![k] ?? null }))
            : sel.statistic === 'averageAnnual'
              ? [[0, s.y[0] ?? null]]
              : s.x.map((x, k) => [x, s.y[k] ?? null] as [number, number | null]),
        }),
    ...extra,
  });
  const series: ChartSeries[] = [];
  const statistics: ChartFit[] = [];
  sel.parameters.forEach((p, i) => {
    results[i]!.forEach((s) => series.push(seriesOf(s, i, many ? `${s.scenarioName} · ${p}` : s.scenarioName, s.scenarioId)));
    const obs = observed[i];
    if (obs?.[0]) {
      const o = obs[0];
      series.push(seriesOf(o.series, i, many ? `${o.name} · ${p}` : o.name, null, { observed: true, scenario: o.site }));
      obs.forEach((x, k) => {
        if (x?.fit) statistics.push({ scenarioID: scenarioIds[k]!, scenario: results[i]![k]!.scenarioName, parameter: p, observed: `${x.name}, ${x.site}`, ...x.fit });
      });
    }
  });
  const info: string[] = [];
  if (own.printSetting !== PRINT_DAILY) info.push(SCENARIO_MESSAGES.printSettingInfo);
  if (sel.observed && !wantsObserved) info.push(OUTPUT_MESSAGES.noObserved);
  return {
    title: `${first.unitLabel}: ${first.statisticLabel}`,
    subtitle: sel.parameters.map((p, i) => `${p} — ${results[i]![0]!.description}`).join('; '),
    xAxis: { type: xType, title: xTitle },
    yAxis,
    series,
    ...(first.categories ? { xAxisCategories: sel.statistic === 'averageAnnual' ? ['Average annual'] : first.categories } : {}),
    statistics,
    info,
  };
}

export default definePluginServer({
  id: pkg.headwater.id,
  routes: [
    {
      method: 'GET',
      path: '/scenarios/output/chartoptions/:scenarioID',
      access: 'user',
      handler: ({ params, platform }) => chartOptions(platform, idParam(params.scenarioID)),
    },
    {
      method: 'POST',
      path: '/scenarios/output/chart/:scenarioID',
      access: 'user',
      handler: ({ params, platform, body }) => chart(platform, idParam(params.scenarioID), body),
    },
  ],
});
