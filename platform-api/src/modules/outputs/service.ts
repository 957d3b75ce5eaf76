// The outputs API's service (README.md): what a scenario's last run printed, statistics of one
// unit (charts) or of every subbasin (maps) over the stored Float32 matrices, and the dataset's
// observed series with the fit of the model to them. Every function checks the user's access to
// the scenario (scenarioFor: owner today, group members once groups exist).
import { InputError, NotFoundError } from '@headwater/plugin-sdk/server';
import type { FitStatistics, ObservedSeries, OutputCatalogue, OutputScenario, OutputSeries, OutputStatistic, OutputTypeId, OutputUnitSystem, OutputValues, SeriesRequest, ValuesRequest } from '@headwater/plugin-sdk/server';
import { OUTPUT_MESSAGES, SCENARIO_MESSAGES } from '@headwater/plugin-sdk/schema';
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps.ts';
import { projectMap } from '../projects/service.ts';
import type { Project } from '../projects/models.ts';
import type { Scenario } from '../scenarios/models.ts';
import { PRINT_SETTINGS, isoDate, scenarioFor } from '../scenarios/service.ts';
import type { User } from '../users/models.ts';
import { OUTPUT_TYPES, UNIT_SYSTEMS, convert, convertValue, kindOf, unitsLabel, variablesOf, type OutputKind, type ResolvedVariable } from './catalogue.ts';
import { matrixValues, outputSets, unitValues, type HruUnit, type OutputSet } from './store.ts';
import {
  aggregate,
  averageAnnual,
  averageMonthly,
  daysInYear,
  fitStatistics,
  flowDuration,
  monthlyBoxplot,
  ratioSeries,
  seriesOf,
  timeMs,
  type PeriodKind,
  type Series,
} from './stats.ts';

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MONTH_SHORT = MONTHS.map((m) => m.slice(0, 3));

const CHART_STATISTICS: { value: OutputStatistic; text: string; needs: PeriodKind[] }[] = [
  { value: 'daily', text: 'Daily time series', needs: ['day'] },
  { value: 'monthly', text: 'Monthly time series', needs: ['day', 'month'] },
  { value: 'annual', text: 'Annual time series (totals or means)', needs: ['day', 'month', 'year'] },
  { value: 'averageMonthly', text: 'Average of each month', needs: ['day', 'month'] },
  { value: 'boxplot', text: 'Monthly boxplot', needs: ['day', 'month'] },
  { value: 'averageAnnual', text: 'Average annual', needs: ['day', 'month', 'year'] },
  { value: 'flowDuration', text: 'Flow duration curve', needs: ['day', 'month'] },
];
export const FLOW_DURATION_VARIABLES = new Set(['FLOW_OUT', 'FLOW_IN']);

/** The label of a statistic (charts and maps). */
export function statisticLabel(s: OutputStatistic): string {
  const chart = CHART_STATISTICS.find((c) => c.value === s);
  if (chart) return chart.text;
  const m = /^month:(\d+)$/.exec(s);
  if (m) return `Average ${MONTHS[Number(m[1]) - 1]}`;
  const y = /^year:(\d+)$/.exec(s);
  if (y) return `Year ${y[1]}`;
  return String(s);
}

// ─── loading, with the access check ──────────────────────────────────────────────────────

type Loaded = { scenario: Scenario; project: Project; sets: OutputSet[] };

/** What one request has read already (a chart reads each scenario for the checks, then its
 * series): the platform services of a request hold one (platform.ts). */
export type RequestCache = { loads: Map<number, Promise<Loaded>>; hrus: Map<number, Promise<PrintedHru[]>> };
export const requestCache = (): RequestCache => ({ loads: new Map(), hrus: new Map() });

function load(deps: AppDeps, user: User, id: number, cache?: RequestCache): Promise<Loaded> {
  if (!cache) return loadNow(deps, user, id);
  let l = cache.loads.get(id);
  if (!l) cache.loads.set(id, (l = loadNow(deps, user, id)));
  return l;
}

async function loadNow(deps: AppDeps, user: User, id: number): Promise<Loaded> {
  const { scenario, project } = await scenarioFor(user, id);
  const version = `${scenario.lastRunDate ? new Date(scenario.lastRunDate).getTime() : 0}:${scenario.hasRun}`;
  const sets = scenario.hasRun ? await outputSets(deps.db, scenario.id, version) : [];
  return { scenario, project, sets };
}

/** Outputs may be read: the scenario ran, is not running, and its outputs were loaded. */
function readable(l: Loaded): void {
  if (l.scenario.isRunning) throw new InputError(OUTPUT_MESSAGES.pageRunning);
  if (!l.scenario.hasRun) throw new InputError(OUTPUT_MESSAGES.notRun);
  if (l.scenario.runSettings?.noOutputProcessing || !l.sets.length) throw new InputError(OUTPUT_MESSAGES.outputProcessingSkipped);
}

/** The finest period stored for a file: what the print setting printed. */
function baseSet(sets: OutputSet[], kind: OutputKind): OutputSet | undefined {
  for (const p of ['day', 'month', 'year'] as const) {
    const s = sets.find((x) => x.kind === kind && x.period === p);
    if (s) return s;
  }
  return undefined;
}
const setOf = (sets: OutputSet[], kind: OutputKind, period: PeriodKind) => sets.find((x) => x.kind === kind && x.period === period);

function typeOf(outputType: string): { kind: OutputKind; type: OutputTypeId } {
  const kind = kindOf(outputType);
  if (!kind) throw new InputError(OUTPUT_MESSAGES.completeForm);
  return { kind, type: outputType as OutputTypeId };
}

function resolve(sets: OutputSet[], kind: OutputKind, variable: string): { base: OutputSet; def: ResolvedVariable } {
  const base = baseSet(sets, kind);
  if (!base) throw new InputError(OUTPUT_MESSAGES.notPrinted);
  const def = variablesOf(kind, base.variables, base.period === 'day').find((v) => v.variable === variable);
  if (!def) throw new InputError(OUTPUT_MESSAGES.notPrinted);
  return { base, def };
}

const unitSystem = (u: unknown): OutputUnitSystem => (Number(u) === 1 ? 1 : 0);

// ─── the project's subbasins and printed HRUs ─────────────────────────────────────────────

type ProjectSubbasin = { id: number; name: string; number: number };

async function projectSubbasins(db: Knex, projectId: number): Promise<ProjectSubbasin[]> {
  const rows = (await db('project_subbasins').where('projectId', projectId).orderBy('number').select('subbasinId', 'name', 'number')) as { subbasinId: number; name: string; number: number }[];
  return rows.map((r) => ({ id: r.subbasinId, name: r.name, number: r.number }));
}

type PrintedHru = OutputCatalogue['printedHrus'][number] & { gis: string; number: number };

/** The HRUs of output.hru as project HRUs: the run writes HRU k of subbasin s (project HRUs in
 * subbasin order, then sort order) as GIS code sssss kkkk (scenarios/run/build.ts). Only the
 * subbasins with a printed HRU (20 at most) are read. */
async function printedHrus(db: Knex, projectId: number, set: OutputSet | undefined): Promise<PrintedHru[]> {
  if (!set?.units.length) return [];
  const numbers = [...new Set((set.units as HruUnit[]).map((u) => Number(u.gis.slice(0, 5))))];
  const [rows, subs] = await Promise.all([
    db('project_hrus').where({ projectId, removed: false }).whereIn('subbasin', numbers).orderBy([{ column: 'subbasin' }, { column: 'sortOrder' }]).select('id', 'subbasin', 'landuse', 'soil', 'slopeClass') as Promise<
      { id: number; subbasin: number; landuse: string; soil: string; slopeClass: string }[]
    >,
    db('project_subbasins').where('projectId', projectId).whereIn('number', numbers).select('subbasinId', 'name', 'number') as Promise<{ subbasinId: number; name: string; number: number }[]>,
  ]);
  const bySub = new Map<number, typeof rows>();
  for (const r of rows) bySub.set(r.subbasin, [...(bySub.get(r.subbasin) ?? []), r]);
  const subByNumber = new Map(subs.map((x) => [x.number, x]));
  const out: PrintedHru[] = [];
  for (const u of set.units as HruUnit[]) {
    const sub = Number(u.gis.slice(0, 5));
    const k = Number(u.gis.slice(5));
    const h = bySub.get(sub)?.[k - 1];
    const sb = subByNumber.get(sub);
    if (!h || !sb) continue;
    out.push({ id: Number(h.id), subbasinID: sb.subbasinId, subbasin: sb.name, landuse: h.landuse, soil: h.soil, slopeClass: h.slopeClass, gis: u.gis, number: u.unit });
  }
  return out;
}

/** The printed HRUs of a loaded scenario, read once per request. */
function printedOf(deps: AppDeps, l: Loaded, cache?: RequestCache): Promise<PrintedHru[]> {
  if (!cache) return printedHrus(deps.db, l.project.id, baseSet(l.sets, 'hru'));
  let h = cache.hrus.get(l.scenario.id);
  if (!h) cache.hrus.set(l.scenario.id, (h = printedHrus(deps.db, l.project.id, baseSet(l.sets, 'hru'))));
  return h;
}

/** The observed series at the project's reaches: those of the calibrations ending at one of its subbasins. */
async function observedRows(db: Knex, project: Project) {
  if (!project.datasetId) return [];
  return (await db('calibration_site_series as ss')
    .join('calibration_sites as cs', 'cs.id', 'ss.siteId')
    .join('calibrations as c', 'c.id', 'cs.calibrationId')
    .join('project_subbasins as ps', function () {
      this.on('ps.subbasinId', '=', 'c.endingSubbasinId').andOn('ps.projectId', '=', db.raw('?', [project.id]));
    })
    .where('c.datasetId', project.datasetId)
    .orderBy('ss.id')
    .select('ss.id', 'ss.variable', 'ss.outputType', 'ss.name', 'ss.units', 'ss.startDate', 'ss.numDays', 'cs.name as site', 'c.endingSubbasinId', 'ps.name as subbasin')) as {
    id: number;
    variable: string;
    outputType: OutputTypeId;
    name: string;
    units: string;
    startDate: Date | string;
    numDays: number;
    site: string;
    endingSubbasinId: number;
    subbasin: string;
  }[];
}

const isoDay = (d: Date | string) => isoDate(d)!;
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

// ─── catalogue ────────────────────────────────────────────────────────────────────────────

export async function catalogue(deps: AppDeps, user: User, id: number, cache?: RequestCache): Promise<OutputCatalogue> {
  const l = await load(deps, user, id, cache);
  const { scenario, project, sets } = l;
  const db = deps.db;
  const [subs, hrus, othersRows, observedAll, m] = await Promise.all([
    projectSubbasins(db, project.id),
    printedOf(deps, l, cache),
    db('scenarios as s')
      .where('s.projectId', project.id)
      .whereNot('s.id', scenario.id)
      .where('s.hasRun', true)
      .whereExists(db('scenario_output_sets as o').whereRaw('o.scenario_id = s.id').select(db.raw('1')))
      .orderBy('s.name')
      .select('s.id', 's.name') as Promise<{ id: number; name: string }[]>,
    observedRows(db, project),
    projectMap(deps, user, project.id),
  ]);
  const types = OUTPUT_TYPES.filter((t) => baseSet(sets, t.kind));
  const parameters: OutputCatalogue['parameters'] = {};
  for (const t of types) {
    const base = baseSet(sets, t.kind)!;
    parameters[t.value] = variablesOf(t.kind, base.variables, base.period === 'day').map((d) => ({ variable: d.variable, description: d.description, units: d.unit.metric, englishUnits: d.unit.english }));
  }
  const periods = new Set(sets.map((s) => s.period));
  const finest: PeriodKind | undefined = periods.has('day') ? 'day' : periods.has('month') ? 'month' : periods.has('year') ? 'year' : undefined;
  const anyBase = types.length ? baseSet(sets, types[0]!.kind) : undefined;
  const years = anyBase ? [...new Set(anyBase.times.map((t) => (anyBase.period === 'day' ? Math.floor(t / 10000) : anyBase.period === 'month' ? Math.floor(t / 100) : t)))] : [];
  const chart = finest ? CHART_STATISTICS.filter((c) => c.needs.includes(finest)).map(({ value, text }) => ({ value, text })) : [];
  const map: { value: OutputStatistic; text: string }[] = finest
    ? [
        { value: 'averageAnnual', text: statisticLabel('averageAnnual') },
        ...(finest !== 'year' ? MONTHS.map((_, i) => ({ value: `month:${i + 1}` as OutputStatistic, text: statisticLabel(`month:${i + 1}`) })) : []),
        ...years.map((y) => ({ value: `year:${y}` as OutputStatistic, text: statisticLabel(`year:${y}`) })),
      ]
    : [];
  const others = othersRows;
  const observed = observedAll
    .filter((o) => parameters[o.outputType]?.some((p) => p.variable === o.variable))
    .map((o) => {
      const start = isoDay(o.startDate);
      return { subbasinID: o.endingSubbasinId, subbasin: o.subbasin, outputType: o.outputType, variable: o.variable, name: o.name, site: o.site, units: o.units, startDate: start, endDate: addDays(start, o.numDays - 1) };
    });
  return {
    scenario: { id: scenario.id, name: scenario.name, projectId: project.id, hasRun: scenario.hasRun, isRunning: scenario.isRunning, lastRunDate: scenario.lastRunDate ? new Date(scenario.lastRunDate).toISOString() : null },
    printSetting: scenario.printSetting,
    printSettingName: PRINT_SETTINGS.find((p) => p.id === scenario.printSetting)?.name ?? '',
    noOutputProcessing: !!scenario.runSettings?.noOutputProcessing,
    types: types.map((t) => ({ value: t.value, text: t.text })),
    parameters,
    units: UNIT_SYSTEMS.map((u) => ({ value: u.value, text: u.text })),
    defaultUnits: unitSystem(user.units),
    statistics: { chart, map },
    years,
    info: finest && finest !== 'day' ? SCENARIO_MESSAGES.printSettingInfo : '',
    subbasins: subs,
    printedHrus: hrus.map(({ gis: _gis, number: _n, ...h }) => h),
    scenarios: others.map((o) => ({ value: o.id, text: o.name })),
    observed,
    // spec 2 §3: connections with fromID and fromName (the routing lines stay with the project map)
    map: { geoJsonUrls: m.geoJsonUrls, connections: m.connections.map((c) => ({ fromID: c.fromID, fromName: c.fromName })), watershedBounds: m.watershedBounds },
  };
}

/** The scenario, its printed HRUs and observed series: what a tool checks before reading. */
export async function scenarioSummary(deps: AppDeps, user: User, id: number, cache?: RequestCache): Promise<OutputScenario> {
  const l = await load(deps, user, id, cache);
  const { scenario, project, sets } = l;
  const printed = new Set(OUTPUT_TYPES.filter((t) => baseSet(sets, t.kind)).map((t) => t.value));
  const [hrus, observedAll] = await Promise.all([printedOf(deps, l, cache), observedRows(deps.db, project)]);
  const observed = observedAll.filter((o) => printed.has(o.outputType));
  return {
    id: scenario.id,
    name: scenario.name,
    projectId: project.id,
    isRunning: scenario.isRunning,
    hasRun: scenario.hasRun,
    hasOutputs: sets.length > 0 && !scenario.runSettings?.noOutputProcessing,
    printSetting: scenario.printSetting,
    printedHrus: hrus.map((h) => ({ id: h.id, subbasinID: h.subbasinID })),
    observed: observed.map((o) => ({ subbasinID: o.endingSubbasinId, outputType: o.outputType, variable: o.variable })),
  };
}

// ─── one unit's series ────────────────────────────────────────────────────────────────────

type UnitSource = { unitLabel: string; key: number | string; area?: number };

async function unitOf(deps: AppDeps, l: Loaded, kind: OutputKind, req: { subbasinID?: number; hruID?: number }, cache?: RequestCache): Promise<UnitSource> {
  if (kind === 'hru') {
    if (req.hruID === undefined || req.hruID === null) throw new InputError(OUTPUT_MESSAGES.completeForm);
    const hru = (await printedOf(deps, l, cache)).find((h) => h.id === Number(req.hruID));
    if (!hru) throw new InputError(OUTPUT_MESSAGES.noPrintedHrus);
    return { unitLabel: `HRU ${hru.number} (subbasin ${hru.subbasin}, ${hru.landuse}, ${hru.soil}, ${hru.slopeClass})`, key: hru.gis };
  }
  if (req.subbasinID === undefined || req.subbasinID === null || !Number.isInteger(Number(req.subbasinID))) throw new InputError(OUTPUT_MESSAGES.completeForm);
  const sub = (await deps.db('project_subbasins').where({ projectId: l.project.id, subbasinId: Number(req.subbasinID) }).first('name', 'number')) as { name: string; number: number } | undefined;
  if (!sub) throw new NotFoundError();
  return { unitLabel: `${kind === 'rch' ? 'Reach' : 'Subbasin'} ${sub.name}`, key: sub.number };
}

type Reader = (column: string) => Promise<Float32Array | null>;

/** A unit's series of a variable in one set; a ratio variable keeps its two columns' series. */
type Source = { series: Series; num?: Series; den?: Series };

async function readSource(deps: AppDeps, l: Loaded, set: OutputSet, def: ResolvedVariable, key: number | string, reader?: Reader): Promise<Source> {
  const idx = set.index.get(key);
  if (idx === undefined) throw new InputError(OUTPUT_MESSAGES.notPrinted);
  const read = reader ?? ((column: string) => unitValues(deps.db, l.scenario.id, set, column, idx));
  if (def.ratio) {
    const [a, b] = await Promise.all([read(def.ratio.numerator), read(def.ratio.denominator)]);
    if (!a || !b) throw new InputError(OUTPUT_MESSAGES.notPrinted);
    const num = seriesOf(set.times, a, set.period);
    const den = seriesOf(set.times, b, set.period);
    return { series: ratioSeries(num, den, def.ratio.factor, set.period), num, den };
  }
  const v = await read(def.column!);
  if (!v) throw new InputError(OUTPUT_MESSAGES.notPrinted);
  return { series: seriesOf(set.times, v, set.period) };
}

/** What the statistics are computed from: the printed series, its months, its years, and the
 * whole period's average annual value. */
type Bases = { base: Series; period: PeriodKind; monthly: () => Promise<Series>; annual: () => Promise<Series>; averageAnnual: () => Promise<number> };

type BaseOptions = {
  /** how another set of the same file is read for this unit (maps read whole matrices) */
  readerOf?: (set: OutputSet) => Reader;
  /** observed data: a month or year with a missing day has no value */
  strict?: boolean;
};

function bases(deps: AppDeps, l: Loaded, kind: OutputKind, base: OutputSet, def: ResolvedVariable, src: Source, key: number | string, opts: BaseOptions = {}): Bases {
  const { series } = src;
  const to = (period: 'month' | 'year') =>
    def.ratio && src.num && src.den ? ratioSeries(src.num, src.den, def.ratio.factor, base.period, period) : aggregate(series, base.period, period, def.agg, opts.strict);
  const b: Bases = {
    base: series,
    period: base.period,
    monthly: async () => {
      if (base.period === 'month') return series;
      if (base.period !== 'day') throw new InputError(OUTPUT_MESSAGES.statisticUnavailable);
      return to('month');
    },
    annual: async () => {
      if (base.period === 'year') return series;
      if (base.period === 'day' || opts.strict) return to('year');
      // monthly printing: SWAT's own yearly rows, each standing for the months printed that year
      const yearly = setOf(l.sets, kind, 'year');
      if (!yearly || !yearly.index.has(key)) return to('year');
      const covered = new Map<number, number>();
      series.times.forEach((t, i) => covered.set(Math.floor(t / 100), (covered.get(Math.floor(t / 100)) ?? 0) + series.days[i]!));
      const y = (await readSource(deps, l, yearly, def, key, opts.readerOf?.(yearly))).series;
      return { ...y, days: y.times.map((t) => covered.get(t) ?? daysInYear(t)) };
    },
    averageAnnual: async () => {
      if (def.ratio && src.num && src.den) {
        // a flow-weighted concentration over the whole period: Σ loads / Σ flows
        let num = 0, den = 0;
        src.num.values.forEach((v, i) => {
          const d = src.den!.values[i]!;
          if (Number.isFinite(v) && Number.isFinite(d)) {
            num += v;
            den += d;
          }
        });
        return den > 0 ? (num / den) * def.ratio.factor : NaN;
      }
      return averageAnnual(await b.annual(), def.agg);
    },
  };
  return b;
}

const nullable = (v: number) => (Number.isFinite(v) ? v : null);
const round = (v: number) => (Number.isFinite(v) ? Number(v.toPrecision(7)) : null);

function timeSeriesOut(s: Series, period: PeriodKind, def: ResolvedVariable, units: OutputUnitSystem): { x: number[]; y: (number | null)[] } {
  const values = convert(Float64Array.from(s.values), def, units);
  return { x: s.times.map((t) => timeMs(t, period)), y: Array.from(values, round) };
}

/** Computes a statistic from the bases. */
async function statisticOf(b: Bases, def: ResolvedVariable, statistic: OutputStatistic, units: OutputUnitSystem, categoryName: string): Promise<Pick<OutputSeries, 'shape' | 'x' | 'y' | 'categories' | 'box' | 'period'>> {
  const conv = (x: number) => round(convertValue(x, def, units));
  switch (statistic) {
    case 'daily':
      if (b.period !== 'day') throw new InputError(OUTPUT_MESSAGES.statisticUnavailable);
      return { shape: 'time', period: 'day', ...timeSeriesOut(b.base, 'day', def, units) };
    case 'monthly':
      return { shape: 'time', period: 'month', ...timeSeriesOut(await b.monthly(), 'month', def, units) };
    case 'annual':
      return { shape: 'time', period: 'year', ...timeSeriesOut(await b.annual(), 'year', def, units) };
    case 'averageMonthly': {
      const avg = averageMonthly(await b.monthly());
      return { shape: 'category', categories: MONTH_SHORT, x: MONTH_SHORT.map((_, i) => i), y: avg.map(conv) };
    }
    case 'boxplot': {
      const box = monthlyBoxplot(await b.monthly());
      return { shape: 'box', categories: MONTH_SHORT, x: MONTH_SHORT.map((_, i) => i), y: box.map((q) => (q ? conv(q[2]) : null)), box: box.map((q) => (q ? (q.map((x) => conv(x) ?? 0) as [number, number, number, number, number]) : null)) };
    }
    case 'averageAnnual':
      return { shape: 'category', categories: [categoryName], x: [0], y: [conv(await b.averageAnnual())] };
    case 'flowDuration': {
      if (b.period === 'year') throw new InputError(OUTPUT_MESSAGES.statisticUnavailable);
      const fdc = flowDuration(convert(Float64Array.from(b.base.values), def, units));
      return { shape: 'exceedance', period: b.period, x: fdc.exceedance.map((p) => round(p) ?? 0), y: fdc.values.map(round) };
    }
    default:
      throw new InputError(OUTPUT_MESSAGES.statisticUnavailable);
  }
}

function checkStatistic(statistic: OutputStatistic, outputType: OutputTypeId, variable: string): void {
  if (!CHART_STATISTICS.some((c) => c.value === statistic)) throw new InputError(OUTPUT_MESSAGES.completeForm);
  if (statistic === 'flowDuration' && !(outputType === 'OutputRch' && FLOW_DURATION_VARIABLES.has(variable))) throw new InputError(OUTPUT_MESSAGES.flowDurationFlowOnly);
}

export async function series(deps: AppDeps, user: User, id: number, req: SeriesRequest, cache?: RequestCache): Promise<OutputSeries> {
  const l = await load(deps, user, id, cache);
  readable(l);
  const { kind, type } = typeOf(req.outputType);
  checkStatistic(req.statistic, type, req.variable);
  const { base, def } = resolve(l.sets, kind, req.variable);
  const unit = await unitOf(deps, l, kind, req, cache);
  const units = unitSystem(req.units);
  const src = await readSource(deps, l, base, def, unit.key);
  const out = await statisticOf(bases(deps, l, kind, base, def, src, unit.key), def, req.statistic, units, l.scenario.name);
  return {
    scenarioId: l.scenario.id,
    scenarioName: l.scenario.name,
    variable: def.variable,
    description: def.description,
    units: unitsLabel(def, units),
    unitLabel: unit.unitLabel,
    statistic: req.statistic,
    statisticLabel: statisticLabel(req.statistic),
    ...out,
  };
}

// ─── every subbasin's value (maps) ────────────────────────────────────────────────────────

function mapStatistic(s: OutputStatistic, years: number[], finest: PeriodKind): { kind: 'averageAnnual' } | { kind: 'month'; month: number } | { kind: 'year'; year: number } {
  if (s === 'averageAnnual') return { kind: 'averageAnnual' };
  const m = /^month:(\d+)$/.exec(String(s));
  if (m && Number(m[1]) >= 1 && Number(m[1]) <= 12) {
    if (finest === 'year') throw new InputError(OUTPUT_MESSAGES.statisticUnavailable);
    return { kind: 'month', month: Number(m[1]) };
  }
  const y = /^year:(\d+)$/.exec(String(s));
  if (y && years.includes(Number(y[1]))) return { kind: 'year', year: Number(y[1]) };
  throw new InputError(OUTPUT_MESSAGES.completeForm);
}

export async function values(deps: AppDeps, user: User, id: number, req: ValuesRequest, cache?: RequestCache): Promise<OutputValues> {
  const l = await load(deps, user, id, cache);
  readable(l);
  const { kind } = typeOf(req.outputType);
  const { base, def } = resolve(l.sets, kind, req.variable);
  const units = unitSystem(req.units);
  const years = [...new Set(base.times.map((t) => (base.period === 'day' ? Math.floor(t / 10000) : base.period === 'month' ? Math.floor(t / 100) : t)))];
  const stat = mapStatistic(req.statistic, years, base.period);
  const subs = await projectSubbasins(deps.db, l.project.id);

  // whole matrices, read once per (set, column), then sliced per unit
  const matrices = new Map<string, Promise<Float32Array | null>>();
  const reader = (set: OutputSet) => {
    const nt = set.times.length;
    return (key: number | string) => async (column: string) => {
      const k = `${set.period}:${column}`;
      let m = matrices.get(k);
      if (!m) matrices.set(k, (m = matrixValues(deps.db, l.scenario.id, set, column)));
      const all = await m;
      const idx = set.index.get(key);
      return all && idx !== undefined ? all.subarray(idx * nt, (idx + 1) * nt) : null;
    };
  };
  const valueOf = async (key: number | string): Promise<number> => {
    if (!base.index.has(key)) return NaN;
    const readerOf = (set: OutputSet) => reader(set)(key);
    const src = await readSource(deps, l, base, def, key, readerOf(base));
    const b = bases(deps, l, kind, base, def, src, key, { readerOf });
    if (stat.kind === 'averageAnnual') return b.averageAnnual();
    if (stat.kind === 'month') return averageMonthly(await b.monthly())[stat.month - 1]!;
    const a = await b.annual();
    const i = a.times.indexOf(stat.year);
    return i >= 0 ? a.values[i]! : NaN;
  };

  let out: { sub: ProjectSubbasin; value: number }[];
  if (kind === 'hru') {
    const hrus = await printedOf(deps, l, cache);
    const perSub = new Map<number, { sum: number; area: number }>();
    for (const h of hrus) {
      const v = await valueOf(h.gis);
      const area = base.areas[base.index.get(h.gis)!] ?? 1;
      if (!Number.isFinite(v)) continue;
      const acc = perSub.get(h.subbasinID) ?? { sum: 0, area: 0 };
      acc.sum += v * area;
      acc.area += area;
      perSub.set(h.subbasinID, acc);
    }
    out = subs.map((sub) => {
      const acc = perSub.get(sub.id);
      return { sub, value: acc && acc.area > 0 ? acc.sum / acc.area : NaN };
    });
  } else {
    out = [];
    for (const sub of subs) out.push({ sub, value: await valueOf(sub.number) });
  }
  return {
    scenarioId: l.scenario.id,
    scenarioName: l.scenario.name,
    variable: def.variable,
    description: def.description,
    units: unitsLabel(def, units),
    statistic: req.statistic,
    statisticLabel: statisticLabel(req.statistic),
    values: out.map(({ sub, value }) => ({ subbasinID: sub.id, subbasin: sub.name, number: sub.number, value: round(convertValue(value, def, units)) })),
  };
}

// ─── observed data ────────────────────────────────────────────────────────────────────────

const codeIso = (t: number, period: PeriodKind) =>
  period === 'day' ? `${Math.floor(t / 10000)}-${String(Math.floor(t / 100) % 100).padStart(2, '0')}-${String(t % 100).padStart(2, '0')}` : period === 'month' ? `${Math.floor(t / 100)}-${String(t % 100).padStart(2, '0')}` : String(t);

/** The observed daily values on the days of `times` (a day code series): NaN where none. */
function observedOnDays(start: string, values: Float32Array, times: number[]): Float64Array {
  const t0 = Date.parse(`${start}T00:00:00Z`);
  return Float64Array.from(times, (t) => {
    const i = Math.round((timeMs(t, 'day') - t0) / 86_400_000);
    return i >= 0 && i < values.length ? values[i]! : NaN;
  });
}

/** The observed series at the reach on the scenario's time base, and the fit of the scenario. */
export async function observed(deps: AppDeps, user: User, id: number, req: SeriesRequest, cache?: RequestCache): Promise<ObservedSeries | null> {
  const l = await load(deps, user, id, cache);
  readable(l);
  const { kind, type } = typeOf(req.outputType);
  checkStatistic(req.statistic, type, req.variable);
  if (kind !== 'rch') return null;
  const row = (await observedRows(deps.db, l.project)).find((o) => o.endingSubbasinId === Number(req.subbasinID) && o.variable === req.variable && o.outputType === type);
  if (!row) return null;
  const { base, def } = resolve(l.sets, kind, req.variable);
  const unit = await unitOf(deps, l, kind, req, cache);
  const units = unitSystem(req.units);
  const data = (await deps.db('calibration_site_series').where('id', row.id).first('series')) as { series: Uint8Array };
  const obsDaily = new Float32Array(data.series.buffer.slice(data.series.byteOffset, data.series.byteOffset + data.series.byteLength));
  const start = isoDay(row.startDate);

  // the observed values over the scenario's printed days, aggregated as the model's
  const sim = await readSource(deps, l, base, def, unit.key);
  const times = sim.series.times;
  const firstDay = base.period === 'day' ? times[0]! : base.period === 'month' ? times[0]! * 100 + 1 : times[0]! * 10000 + 101;
  const lastT = times[times.length - 1]!;
  const lastMs = base.period === 'day' ? timeMs(lastT, 'day') : base.period === 'month' ? Date.UTC(Math.floor(lastT / 100), lastT % 100, 0) : Date.UTC(lastT, 11, 31);
  const days: number[] = [];
  for (let ms = timeMs(firstDay, 'day'); ms <= lastMs; ms += 86_400_000) {
    const d = new Date(ms);
    days.push(d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate());
  }
  const obsDays: Series = { times: days, values: observedOnDays(start, obsDaily, days), days: days.map(() => 1) };
  // a month or year with a missing day has no observed value
  const obsBase = base.period === 'day' ? obsDays : aggregate(obsDays, 'day', base.period as 'month' | 'year', def.agg, true);
  const byTime = new Map(obsBase.times.map((t, i) => [t, obsBase.values[i]!]));
  const aligned: Series = { times: [...times], values: Float64Array.from(times, (t) => byTime.get(t) ?? NaN), days: [...sim.series.days] };
  if (!aligned.values.some((v) => Number.isFinite(v))) return null;
  const obsDef = { ...def, ratio: undefined } as ResolvedVariable;
  const obsB = bases(deps, l, kind, base, obsDef, { series: aligned }, unit.key, { strict: true });
  const out = await statisticOf(obsB, obsDef, req.statistic, units, row.name);

  // the fit, on the chart's time base (the printed series for the other statistics)
  const simB = bases(deps, l, kind, base, def, sim, unit.key);
  const [simFit, obsFit, period] =
    req.statistic === 'monthly' && base.period !== 'month'
      ? [await simB.monthly(), await obsB.monthly(), 'month' as const]
      : req.statistic === 'annual' && base.period !== 'year'
        ? [await simB.annual(), await obsB.annual(), 'year' as const]
        : [sim.series, aligned, base.period];
  const fit = fitStatistics(convert(Float64Array.from(simFit.values), def, units), convert(Float64Array.from(obsFit.values), def, units));
  let fitOut: FitStatistics | null = null;
  if (fit) {
    const both = simFit.times.filter((_, i) => Number.isFinite(simFit.values[i]!) && Number.isFinite(obsFit.values[i]!));
    fitOut = { nse: nullable(fit.nse), kge: nullable(fit.kge), pbias: nullable(fit.pbias), n: fit.n, start: codeIso(both[0]!, period), end: codeIso(both[both.length - 1]!, period) };
  }
  return {
    name: row.name,
    site: row.site,
    fit: fitOut,
    series: {
      scenarioId: l.scenario.id,
      scenarioName: l.scenario.name,
      variable: def.variable,
      description: row.name,
      units: unitsLabel(def, units),
      unitLabel: unit.unitLabel,
      statistic: req.statistic,
      statisticLabel: statisticLabel(req.statistic),
      ...out,
    },
  };
}

