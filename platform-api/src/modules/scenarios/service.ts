// Scenarios (spec 2 §2–§9): options, the form (create, edit), view, grid, copy, delete, run
// requests with the tier checks, abort and clear error. The run itself is the `scenario-run`
// job (run/job.ts); saved changes are mods.ts; error reports their own module. Every call goes
// through `scenarioFor`/`projectFor` with its action: whoever may view, edit or run the project
// (the owner, members of a group it is shared with, administrators) may do so with its scenarios.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps.ts';
import { InputError, NotAllowedError, NotFoundError, type FieldErrors } from '@headwater/plugin-sdk/server';
import type { GridSpec } from '../../db/grid.ts';
import { Dataset, WeatherDataset } from '../datasets/models.ts';
import { NAME_MESSAGES, mayWatchProject, projectFor, projectNameErrors, tierOf, type ProjectAction } from '../projects/access.ts';
import { Project, type Viewer } from '../projects/models.ts';
import { isBusy } from '../projects/status.ts';
import type { Tier } from '../tiers/models.ts';
import type { User } from '../users/models.ts';
import { ClimateChangeScenario, ClimateChangeTimePeriod, Scenario, ScenarioModification, SwatVersion, type RunSettings } from './models.ts';
import { SCENARIO_STATUS_EVENT, reportScenarioProgress, scenarioRoom } from './status.ts';
import { climateNoDataMessage, factorsOf } from './run/climate-change.ts';
import { EDITOR_TABLES_ACCESS_MESSAGE, EDITOR_TABLES_FILE } from './run/editor-tables.ts';

export const RUN_QUEUE = 'scenario-run';
export type RunJob = { scenarioId: number };

/** SWAT's IPRINT codes, daily first (the default). */
export const PRINT_SETTINGS = [
  { id: 1, name: 'Daily' },
  { id: 0, name: 'Monthly' },
  { id: 2, name: 'Yearly' },
] as const;
export const DEFAULT_PRINT_SETTING = 1;
export const DEFAULT_SKIP_YEARS = 2;
export const DEFAULT_SCENARIO_NAME = 'Default';
export const QUEUED_MESSAGE = 'In the queue, preparing to run...';
export const RUNNING_MESSAGE = 'This scenario is running. Please wait for the run to finish or abort it.';
export const RUN_BLOCKED = 'Unable to run your scenario at this time.';
export const COPY_NAME_REQUIRED = 'Please provide a name for the new scenario.';
export const END_BEFORE_START = 'Simulation end date must be greater than starting date.';

export function scenarioDir(deps: Pick<AppDeps, 'config'>, id: number): string {
  return join(deps.config.filesDir, 'scenarios', String(id));
}

/** A date column as YYYY-MM-DD (pg hands `date` over as a local-midnight Date). */
export function isoDate(v: Date | string | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.slice(0, 10);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${v.getFullYear()}-${p(v.getMonth() + 1)}-${p(v.getDate())}`;
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}
const validDate = (s: unknown): s is string => typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

// ─── access ─────────────────────────────────────────────────────────────────────────────

/** The scenario and its project, when the user may do `action` with the project: 404 when there is
 * none or the user may not see its project, 403 when they see it but may not do this. */
export async function scenarioFor(user: Viewer, id: number, action: ProjectAction = 'view', trx?: Knex.Transaction): Promise<{ scenario: Scenario; project: Project }> {
  const scenario = await Scenario.query(trx).findById(id);
  if (!scenario) throw new NotFoundError();
  const project = await projectFor(user, scenario.projectId, action, trx);
  return { scenario, project };
}

/** Whether the user may join the scenario's live-status room (who may view its project). */
export async function mayWatchScenario(user: Viewer, id: number): Promise<boolean> {
  const scenario = await Scenario.query().findById(id).select('projectId');
  return !!scenario && (await mayWatchProject(user, scenario.projectId));
}

// ─── tiers ──────────────────────────────────────────────────────────────────────────────

const fmt = (n: number) => (n === 0 ? 'unlimited' : n.toLocaleString('en-US'));

/** Whether the project fits the user's tier (subbasins, HRUs, dataset). Admins skip the dataset list. */
export function tierLimits(user: User, tier: Tier | undefined, project: Project): { withinLimits: boolean; message: string } {
  if (!tier) return { withinLimits: true, message: '' };
  const problems: string[] = [];
  if (tier.subbasinLimit > 0 && project.numSubbasins > tier.subbasinLimit) problems.push(`${project.numSubbasins.toLocaleString('en-US')} subbasins`);
  if (tier.hruLimit > 0 && project.numHrus > tier.hruLimit) problems.push(`${project.numHrus.toLocaleString('en-US')} HRUs`);
  if (problems.length) {
    return {
      withinLimits: false,
      message: `Your account is limited to ${fmt(tier.subbasinLimit)} subbasins and ${fmt(tier.hruLimit)} HRUs per project; this project has ${problems.join(' and ')}. Reduce the project's HRUs or change your account tier to create and run scenarios.`,
    };
  }
  const isAdmin = user.isAdmin || user.roles?.includes('PartialAdmin');
  if (!isAdmin && project.datasetId !== null && tier.datasets.length > 0 && !tier.datasets.includes(project.datasetId)) {
    return { withinLimits: false, message: 'Your account tier does not include the dataset of this project. Change your account tier to create and run scenarios.' };
  }
  return { withinLimits: true, message: '' };
}

const INTERVAL_TEXT: Record<number, string> = { 1: 'hour', 24: 'day' };

/**
 * Whether the user may run a scenario now (spec 2 §6, spec 3 tier): the tier's subbasin/HRU and
 * dataset limits, at most `taskLimit` runs per `taskLimitInterval` hours and `concurrencyLimit`
 * runs at once (0 = unlimited). `runLimit` says why not.
 */
export async function canRun(db: Knex, user: User, project: Project, scenario?: Scenario): Promise<{ canRun: boolean; runLimit: string }> {
  if (scenario?.isRunning) return { canRun: false, runLimit: RUNNING_MESSAGE };
  if (!project.hasSetHrus) return { canRun: false, runLimit: 'Set the HRUs of the project before running scenarios.' };
  if (isBusy(project)) return { canRun: false, runLimit: 'The project is busy. Please wait for the current task to finish.' };
  const tier = await tierOf(user);
  const limits = tierLimits(user, tier, project);
  if (!limits.withinLimits) return { canRun: false, runLimit: limits.message };
  if (!tier) return { canRun: true, runLimit: '' };
  // the tier counts the runs the user started, in any project (a group member's runs of a shared
  // project count against the member's tier); runs from before runners were kept count for the owner
  const mine = () => Scenario.query(db).modify('runBy', user);
  if (tier.concurrencyLimit > 0) {
    const n = await mine().where('isRunning', true).resultSize();
    if (n >= tier.concurrencyLimit) {
      return { canRun: false, runLimit: `Your account may run ${fmt(tier.concurrencyLimit)} scenario${tier.concurrencyLimit === 1 ? '' : 's'} at a time. Please wait for a run to finish.` };
    }
  }
  if (tier.taskLimit > 0) {
    const hours = tier.taskLimitInterval > 0 ? tier.taskLimitInterval : 24;
    const since = new Date(Date.now() - hours * 3600_000);
    const n = await mine().where('startRunDate', '>=', since).resultSize();
    if (n >= tier.taskLimit) {
      const per = INTERVAL_TEXT[hours] ?? `${hours} hours`;
      return { canRun: false, runLimit: `Your account may run ${fmt(tier.taskLimit)} scenario${tier.taskLimit === 1 ? '' : 's'} per ${per}. Please try again later or change your account tier.` };
    }
  }
  return { canRun: true, runLimit: '' };
}

// ─── options and the form ───────────────────────────────────────────────────────────────

type WeatherOption = { id: number; name: string; startDate: string; endDate: string; cmipVersion: number | null };

async function weatherOptions(db: Knex, datasetId: number | null): Promise<{ groups: { label: string; options: WeatherOption[] }[]; all: WeatherOption[]; defaultId: number | null }> {
  if (datasetId === null) return { groups: [], all: [], defaultId: null };
  const rows = (await db('weather_datasets as w')
    .join('dataset_weather_datasets as dw', 'dw.weatherDatasetId', 'w.id')
    .where({ 'dw.datasetId': datasetId, 'w.isActive': true })
    .orderBy([{ column: 'w.sortOrder' }, { column: 'w.name' }])
    .select('w.id', 'w.name', 'w.startDate', 'w.endDate', 'w.cmipVersion', 'dw.isDefault')) as { id: number; name: string; startDate: Date; endDate: Date; cmipVersion: number | null; isDefault: boolean }[];
  const all = rows.map((r) => ({ id: r.id, name: r.name, startDate: isoDate(r.startDate)!, endDate: isoDate(r.endDate)!, cmipVersion: r.cmipVersion }));
  const groups = new Map<string, WeatherOption[]>();
  for (const o of all) {
    const label = o.cmipVersion ? `Climate model weather (CMIP${o.cmipVersion})` : 'Observed weather';
    groups.set(label, [...(groups.get(label) ?? []), o]);
  }
  return { groups: [...groups].map(([label, options]) => ({ label, options })), all, defaultId: rows.find((r) => r.isDefault)?.id ?? rows[0]?.id ?? null };
}

async function swatVersionOptions(dataset: Dataset | undefined): Promise<{ options: { id: number; name: string }[]; defaultId: number | null }> {
  const rows = await SwatVersion.query().where('isDisabled', false).orderBy([{ column: 'sortOrder' }, { column: 'name' }]);
  const siteDefault = rows.find((r) => r.isDefault)?.id ?? rows[0]?.id ?? null;
  const datasetDefault = dataset?.defaultSwatVersionId && rows.some((r) => r.id === dataset.defaultSwatVersionId) ? dataset.defaultSwatVersionId : null;
  const only = dataset?.allowOnlyDefaultSwatVersion && datasetDefault ? rows.filter((r) => r.id === datasetDefault) : rows;
  return { options: only.map((r) => ({ id: r.id, name: r.name })), defaultId: datasetDefault ?? siteDefault };
}

/** Start at the weather's first day, end five years minus a day later, capped at its last day. */
export function defaultPeriod(w: { startDate: string; endDate: string } | undefined): { start: string | null; end: string | null } {
  if (!w) return { start: null, end: null };
  const end = addDays(addYears(w.startDate, 5), -1);
  return { start: w.startDate, end: end > w.endDate ? w.endDate : end };
}

export async function scenarioOptions(deps: AppDeps, user: User, projectId: number) {
  const project = await projectFor(user, projectId);
  const dataset = project.datasetId ? await Dataset.query().findById(project.datasetId) : undefined;
  const weather = await weatherOptions(deps.db, project.datasetId);
  const versions = await swatVersionOptions(dataset);
  const climate = await ClimateChangeScenario.query().orderBy([{ column: 'sortOrder' }, { column: 'name' }]);
  const periods = await ClimateChangeTimePeriod.query().orderBy([{ column: 'sortOrder' }, { column: 'startDate' }]);
  const [{ n }] = (await Scenario.query().where('projectId', projectId).count({ n: '*' })) as unknown as { n: string }[];
  const period = defaultPeriod(weather.all.find((w) => w.id === weather.defaultId));
  const tier = await tierOf(user);
  return {
    weatherDatasets: weather.groups,
    climateChangeScenarios: climate.map((c) => ({ id: c.id, name: c.name, cmipVersion: c.cmipVersion })),
    climateChangeTimePeriods: periods.map((p) => ({ id: p.id, name: p.name, cmipVersion: p.cmipVersion, startDate: isoDate(p.startDate), endDate: isoDate(p.endDate) })),
    printSettings: PRINT_SETTINGS,
    swatVersions: versions.options,
    defaultWeatherDataset: weather.defaultId,
    defaultSWATVersion: versions.defaultId,
    defaultPrintSetting: DEFAULT_PRINT_SETTING,
    defaultSkipYears: DEFAULT_SKIP_YEARS,
    defaultName: Number(n) === 0 ? DEFAULT_SCENARIO_NAME : '',
    defaultStartDate: period.start,
    defaultEndDate: period.end,
    tierLimits: tierLimits(user, tier, project),
    hasSetHrus: project.hasSetHrus,
  };
}

export type ScenarioForm = {
  name: unknown;
  weatherDatasetID: unknown;
  climateChangeScenarioID?: unknown;
  climateChangeTimePeriodID?: unknown;
  startingSimulationDate: unknown;
  endingSimulationDate: unknown;
  skipYears: unknown;
  printSetting: unknown;
  swatVersionID: unknown;
};

type CheckedForm = {
  name: string;
  weatherDatasetId: number;
  climateChangeScenarioId: number | null;
  climateChangeTimePeriodId: number | null;
  startingSimulationDate: string;
  endingSimulationDate: string;
  skipYears: number;
  printSetting: number;
  swatVersionId: number;
};

const blank = (v: unknown) => v === undefined || v === null || v === '';
/** A form value as a whole number: null when blank, NaN when not a whole number. */
export const asInt = (v: unknown): number | null => {
  if (blank(v)) return null;
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) ? n : NaN;
};

/** Checks the scenario form (spec 2 §5); every problem by field, in the spec's wording. */
export async function checkScenarioForm(deps: AppDeps, project: Project, form: ScenarioForm): Promise<CheckedForm> {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const name = typeof form.name === 'string' ? form.name.trim() : '';
  for (const e of projectNameErrors(name, NAME_MESSAGES.required)) add('name', e);

  const weather = await weatherOptions(deps.db, project.datasetId);
  const wid = asInt(form.weatherDatasetID);
  const w = weather.all.find((o) => o.id === wid);
  if (wid === null) add('weatherDatasetID', 'Required');
  else if (!w) add('weatherDatasetID', 'Choose a weather dataset of this project\'s dataset.');

  const cid = asInt(form.climateChangeScenarioID);
  const pid = asInt(form.climateChangeTimePeriodID);
  let bounds = w ? { start: w.startDate, end: w.endDate } : null;
  if (cid !== null) {
    const c = Number.isNaN(cid) ? undefined : await ClimateChangeScenario.query().findById(cid);
    if (!c) add('climateChangeScenarioID', 'Choose a climate change scenario from the list.');
    if (pid === null) add('climateChangeTimePeriodID', 'Required');
  }
  if (pid !== null) {
    const p = Number.isNaN(pid) ? undefined : await ClimateChangeTimePeriod.query().findById(pid);
    if (!p) add('climateChangeTimePeriodID', 'Choose a climate change time period from the list.');
    else {
      if (cid === null) add('climateChangeScenarioID', 'Required');
      bounds = { start: isoDate(p.startDate)!, end: isoDate(p.endDate)! };
    }
  }

  const start = form.startingSimulationDate;
  const end = form.endingSimulationDate;
  if (blank(start)) add('startingSimulationDate', 'Required');
  else if (!validDate(start)) add('startingSimulationDate', 'Enter a date as YYYY-MM-DD.');
  if (blank(end)) add('endingSimulationDate', 'Required');
  else if (!validDate(end)) add('endingSimulationDate', 'Enter a date as YYYY-MM-DD.');
  if (validDate(start) && validDate(end)) {
    if (end <= start) add('endingSimulationDate', END_BEFORE_START);
    if (bounds) {
      if (start < bounds.start || start > bounds.end) add('startingSimulationDate', `Must be between ${bounds.start} and ${bounds.end}`);
      if (end < bounds.start || end > bounds.end) add('endingSimulationDate', `Must be between ${bounds.start} and ${bounds.end}`);
    }
  }

  const skip = asInt(form.skipYears);
  if (skip === null) add('skipYears', 'Required');
  else if (Number.isNaN(skip) || skip < 0) add('skipYears', 'Must be a whole number of years, 0 or more.');
  else if (validDate(start) && validDate(end) && skip >= Number(end.slice(0, 4)) - Number(start.slice(0, 4)) + 1) {
    add('skipYears', 'Warm-up years must be fewer than the simulated years.');
  }

  const print = asInt(form.printSetting);
  if (print === null) add('printSetting', 'Required');
  else if (!PRINT_SETTINGS.some((p) => p.id === print)) add('printSetting', 'Choose a print setting from the list.');

  const dataset = project.datasetId ? await Dataset.query().findById(project.datasetId) : undefined;
  const versions = await swatVersionOptions(dataset);
  const vid = asInt(form.swatVersionID);
  if (vid === null) add('swatVersionID', 'Required');
  else if (!versions.options.some((o) => o.id === vid)) add('swatVersionID', 'Choose a SWAT version from the list.');

  if (Object.keys(errors).length) throw new InputError(errors);
  return {
    name,
    weatherDatasetId: wid!,
    climateChangeScenarioId: cid,
    climateChangeTimePeriodId: pid,
    startingSimulationDate: start as string,
    endingSimulationDate: end as string,
    skipYears: skip!,
    printSetting: print!,
    swatVersionId: vid!,
  };
}

export async function createScenario(deps: AppDeps, user: User, projectId: number, form: ScenarioForm): Promise<{ id: number }> {
  const project = await projectFor(user, projectId, 'edit');
  if (!project.hasSetHrus) throw new InputError('Please set the HRUs of this project before creating scenarios.');
  const limits = tierLimits(user, await tierOf(user), project);
  if (!limits.withinLimits) throw new NotAllowedError(limits.message);
  const f = await checkScenarioForm(deps, project, form);
  const now = new Date();
  const s = await Scenario.query().insertAndFetch({ projectId, userId: user.id, ...f, lastModifiedDate: now, runSettings: {} });
  await touchProject(deps.db, projectId);
  return { id: s.id };
}

export async function updateScenario(deps: AppDeps, user: User, id: number, form: ScenarioForm): Promise<{ id: number }> {
  const { scenario, project } = await scenarioFor(user, id, 'edit');
  if (scenario.isRunning) throw new InputError(RUNNING_MESSAGE);
  const f = await checkScenarioForm(deps, project, form);
  await Scenario.query().patch({ ...f, lastModifiedDate: new Date() }).where('id', id);
  await touchProject(deps.db, project.id);
  return { id };
}

async function touchProject(db: Knex, projectId: number): Promise<void> {
  await Project.query(db).patch({ lastModifiedDate: new Date() }).where('id', projectId);
}

// ─── view, lists ────────────────────────────────────────────────────────────────────────

export function filesUrl(id: number): string {
  return `/api/exports/scenario/${id}`;
}
export function editorTablesUrl(id: number): string {
  return `/api/exports/scenario-editor-tables/${id}`;
}
export function debugFilesUrl(id: number): string {
  return `/api/exports/scenario-debug/${id}`;
}

/** Seconds a run of this project over this period takes, from the site's recent runs. */
export async function runtimeEstimate(db: Knex, numHrus: number, start: string, end: string): Promise<number> {
  const rows = (await db('scenarios').whereNotNull('runSummary').orderBy('lastRunDate', 'desc').limit(20).select('runSummary')) as { runSummary: { hruDaysPerSecond?: number; loadSeconds?: number; writeSeconds?: number } }[];
  const rates = rows.map((r) => r.runSummary?.hruDaysPerSecond ?? 0).filter((r) => r > 0).sort((a, b) => a - b);
  // the built-in engine's rate on the 2-core reference machine when the site has no run yet
  const rate = rates.length ? rates[Math.floor(rates.length / 2)]! : 150_000;
  const days = Math.max(1, (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 + 1);
  return Math.round((numHrus * days) / rate + 2 + numHrus / 500);
}

export async function getScenario(deps: AppDeps, user: User, id: number) {
  const { scenario: s, project: p } = await scenarioFor(user, id);
  const db = deps.db;
  const [weather, climate, period, version, dataset] = await Promise.all([
    s.weatherDatasetId ? WeatherDataset.query().findById(s.weatherDatasetId).select('name') : undefined,
    s.climateChangeScenarioId ? ClimateChangeScenario.query().findById(s.climateChangeScenarioId) : undefined,
    s.climateChangeTimePeriodId ? ClimateChangeTimePeriod.query().findById(s.climateChangeTimePeriodId) : undefined,
    s.swatVersionId ? SwatVersion.query().findById(s.swatVersionId) : undefined,
    p.datasetId ? Dataset.query().findById(p.datasetId) : undefined,
  ]);
  const modTables = (await ScenarioModification.query().where('scenarioId', id).distinct('modType').orderBy('modType')).map((r) => r.modType);
  const start = isoDate(s.startingSimulationDate)!;
  const end = isoDate(s.endingSimulationDate)!;
  const estimate = await runtimeEstimate(db, p.numHrus, start, end);
  const run = await canRun(db, user, p, s);
  const expires = s.lastRunDate ? new Date(s.lastRunDate) : null;
  if (expires) expires.setMonth(expires.getMonth() + deps.config.keepMonths);
  const rs = s.runSettings ?? {};
  // the last successful run wrote SWAT Editor tables (run/editor-tables.ts) into the scenario files
  const hasEditorTables = s.hasFiles && existsSync(join(scenarioDir(deps, s.id), 'TxtInOut', EDITOR_TABLES_FILE));
  return {
    scenario: {
      id: s.id,
      projectID: s.projectId,
      name: s.name,
      startingSimulationDate: start,
      endingSimulationDate: end,
      weatherDatasetID: s.weatherDatasetId,
      weatherDataset: weather?.name ?? '',
      climateChangeScenarioID: s.climateChangeScenarioId,
      climateChangeScenario: climate?.name ?? null,
      climateChangeTimePeriodID: s.climateChangeTimePeriodId,
      climateChangeTimePeriod: period?.name ?? null,
      swatVersionID: s.swatVersionId,
      swatVersion: version?.name ?? '',
      printSettingID: s.printSetting,
      printSetting: PRINT_SETTINGS.find((x) => x.id === s.printSetting)?.name ?? '',
      skipYears: s.skipYears,
      pathName: s.pathName,
      hasRun: s.hasRun,
      lastModifiedDate: s.lastModifiedDate,
      modTables,
      runSettings: {
        writeSwatEditor: !!rs.writeSwatEditor,
        writeSwatEditorAsSqlite: !!rs.writeSwatEditorAsSqlite,
        noModelRun: !!rs.noModelRun,
        noOutputProcessing: !!rs.noOutputProcessing,
      },
      runtimeEstimate: estimate,
      runtimeEstimateWithEditor: estimate,
      canDownloadSqlite: hasEditorTables,
      canIncludeModflow: false,
    },
    status: {
      isRunning: s.isRunning,
      hasError: s.hasError,
      hasRun: s.hasRun,
      canRun: run.canRun,
      runLimit: run.runLimit,
      statusMessage: s.statusMessage,
      exceptionMessage: s.exceptionMessage,
      currentProgress: s.currentProgress,
      startRunDate: s.startRunDate,
      lastRunDate: s.lastRunDate,
      runtime: s.runtime,
      zipFile: s.hasFiles ? filesUrl(s.id) : null,
      debugFile: s.hasDebugFiles ? debugFilesUrl(s.id) : null,
      editorTablesFile: hasEditorTables ? editorTablesUrl(s.id) : null,
      keepMonths: deps.config.keepMonths,
      outputsExpire: expires,
      createdDate: s.createdAt,
      lastModifiedDate: s.lastModifiedDate,
    },
    project: {
      id: p.id,
      name: p.name,
      datasetID: p.datasetId,
      dataset: dataset?.name ?? '',
      numSubbasins: p.numSubbasins,
      numHrus: p.numHrus,
      hasSetHrus: p.hasSetHrus,
    },
  };
}

export const SCENARIO_GRID: GridSpec = {
  columns: [
    { field: 'id', header: 'ID', filter: false, csv: false },
    { field: 'name', header: 'Name' },
    { field: 'hasRun', header: 'Has run', filter: false },
    { field: 'isRunning', header: 'Running', filter: false },
    { field: 'hasError', header: 'Error', filter: false, csv: false },
    { field: 'lastRunDate', header: 'Last run', filter: false },
    { field: 'lastModifiedDate', header: 'Last modified', filter: false },
    { field: 'weatherDataset', header: 'Weather dataset' },
    { field: 'startingSimulationDate', header: 'Start', filter: false },
    { field: 'endingSimulationDate', header: 'End', filter: false },
    { field: 'skipYears', header: 'Warm-up years', filter: false },
    { field: 'printSetting', header: 'Print setting', filter: false },
    { field: 'swatVersion', header: 'SWAT version' },
  ],
  defaultSort: 'lastModifiedDate_desc',
  defaultPerPage: 10,
};

export async function scenarioRowsQuery(deps: AppDeps, user: User, projectId: number): Promise<{ query: Knex.QueryBuilder }> {
  await projectFor(user, projectId);
  const db = deps.db;
  const printName = `case s.print_setting ${PRINT_SETTINGS.map((p) => `when ${p.id} then '${p.name}'`).join(' ')} else '' end`;
  const query = db
    .select(
      's.id',
      's.name',
      's.hasRun',
      's.isRunning',
      's.hasError',
      's.lastRunDate',
      's.lastModifiedDate',
      db.raw(`coalesce(w.name, '') as weather_dataset`),
      db.raw(`to_char(s.starting_simulation_date, 'YYYY-MM-DD') as starting_simulation_date`),
      db.raw(`to_char(s.ending_simulation_date, 'YYYY-MM-DD') as ending_simulation_date`),
      's.skipYears',
      db.raw(`${printName} as print_setting`),
      db.raw(`coalesce(v.name, '') as swat_version`),
    )
    .from('scenarios as s')
    .leftJoin('weather_datasets as w', 'w.id', 's.weatherDatasetId')
    .leftJoin('swat_versions as v', 'v.id', 's.swatVersionId')
    .where('s.projectId', projectId);
  return { query };
}

export async function listAll(user: User, projectId: number) {
  await projectFor(user, projectId);
  const rows = await Scenario.query().where('projectId', projectId).orderBy('name');
  return rows.map((s) => ({ id: s.id, name: s.name, hasRun: s.hasRun, isRunning: s.isRunning }));
}

// ─── copy, delete ───────────────────────────────────────────────────────────────────────

export async function copyScenario(deps: AppDeps, user: User, id: number, value: unknown): Promise<{ id: number }> {
  const { scenario: s, project } = await scenarioFor(user, id, 'edit');
  const name = typeof value === 'string' ? value.trim() : '';
  const errors = projectNameErrors(name, COPY_NAME_REQUIRED);
  if (errors.length) throw new InputError({ value: errors });
  const limits = tierLimits(user, await tierOf(user), project);
  if (!limits.withinLimits) throw new NotAllowedError(limits.message);
  const now = new Date();
  const copy = await deps.db.transaction(async (trx) => {
    const c = await Scenario.query(trx).insertAndFetch({
      projectId: s.projectId,
      userId: user.id,
      name,
      weatherDatasetId: s.weatherDatasetId,
      climateChangeScenarioId: s.climateChangeScenarioId,
      climateChangeTimePeriodId: s.climateChangeTimePeriodId,
      swatVersionId: s.swatVersionId,
      printSetting: s.printSetting,
      skipYears: s.skipYears,
      startingSimulationDate: isoDate(s.startingSimulationDate)!,
      endingSimulationDate: isoDate(s.endingSimulationDate)!,
      runSettings: {},
      lastModifiedDate: now,
    });
    await trx.raw(
      `insert into scenario_modifications (scenario_id, mod_type, apply_to_all, subbasins, landuses, soils, slopes, months, modification_object, last_modified_date)
       select ?, mod_type, apply_to_all, subbasins, landuses, soils, slopes, months, modification_object, now() from scenario_modifications where scenario_id = ? order by id`,
      [c.id, s.id],
    );
    return c;
  });
  await touchProject(deps.db, project.id);
  return { id: copy.id };
}

export async function deleteScenario(deps: AppDeps, user: User, id: number): Promise<{ value: true }> {
  const { scenario, project } = await scenarioFor(user, id, 'edit');
  if (scenario.isRunning) throw new InputError('This scenario is running. Abort the run before deleting it.');
  await Scenario.query().deleteById(id);
  rmSync(scenarioDir(deps, id), { recursive: true, force: true });
  await touchProject(deps.db, project.id);
  return { value: true };
}

// ─── run requests ───────────────────────────────────────────────────────────────────────

export type RunRequest = {
  createEditorTables?: boolean;
  sendEmailNotification?: boolean;
  skipOutputProcessing?: boolean;
  includeModflow?: boolean;
  skipModelRun?: boolean;
  writeEditorTablesAsSqlite?: boolean;
};

export async function requestRun(deps: AppDeps, user: User, id: number, req: RunRequest): Promise<{ value: true }> {
  const db = deps.db;
  const { scenario, project } = await scenarioFor(user, id, 'run');
  const check = await canRun(db, user, project, scenario);
  if (!check.canRun) throw new InputError(`${RUN_BLOCKED} ${check.runLimit}`);
  // Access (.mdb) editor tables cannot be written here: refused, not silently written as SQLite
  if (req.createEditorTables && !req.writeEditorTablesAsSqlite) throw new InputError({ writeEditorTablesAsSqlite: [EDITOR_TABLES_ACCESS_MESSAGE] });
  // a climate-change scenario is applied to the weather, or the run is refused (run/climate-change.ts)
  if (scenario.climateChangeScenarioId) {
    const climate = await ClimateChangeScenario.query().findById(scenario.climateChangeScenarioId);
    if (!climate || !factorsOf(climate)) throw new InputError(climateNoDataMessage(climate?.name ?? String(scenario.climateChangeScenarioId)));
  }
  const skipModelRun = !!req.skipModelRun;
  const runSettings: RunSettings = {
    writeSwatEditor: !!req.createEditorTables,
    writeSwatEditorAsSqlite: !!req.createEditorTables && !!req.writeEditorTablesAsSqlite,
    noModelRun: skipModelRun,
    noOutputProcessing: skipModelRun || !!req.skipOutputProcessing, // skipping the run skips output processing
    sendEmailNotification: !!req.sendEmailNotification,
  };
  // claim the scenario atomically: two requests at once start one run
  const claimed = await Scenario.query()
    .patch({
      isRunning: true,
      hasError: false,
      abortRequested: false,
      statusMessage: QUEUED_MESSAGE,
      exceptionMessage: '',
      currentProgress: 0,
      startRunDate: new Date(),
      runUserId: user.id,
      runSettings,
      lastModifiedDate: new Date(),
    })
    .where({ id, isRunning: false });
  if (!claimed) throw new InputError(`${RUN_BLOCKED} ${RUNNING_MESSAGE}`);
  const tier = await tierOf(user);
  try {
    const job = await deps.queue.queue<RunJob>(RUN_QUEUE).add({ scenarioId: id }, { priority: tier?.queuePriority ?? 'default', retries: 0 });
    await Scenario.query().patch({ jobId: job.id }).where('id', id);
  } catch (err) {
    await Scenario.query().patch({ isRunning: false, statusMessage: '' }).where('id', id);
    throw err;
  }
  await deps.bus.publish(scenarioRoom(id), SCENARIO_STATUS_EVENT, { scenarioID: id, projectID: project.id, progress: 0, message: QUEUED_MESSAGE, isRunning: true, hasRun: scenario.hasRun, hasError: false });
  return { value: true };
}

/** Abort (spec 2 §4): the worker stops at its next check and deletes the run files; a queued run never starts. */
export async function abortRun(deps: AppDeps, user: User, id: number): Promise<{ value: true }> {
  const { scenario, project } = await scenarioFor(user, id, 'run');
  if (!scenario.isRunning) return { value: true };
  await Scenario.query().patch({ abortRequested: true, statusMessage: 'Aborting...' }).where('id', id);
  await deps.bus.publish(scenarioRoom(id), SCENARIO_STATUS_EVENT, { scenarioID: id, projectID: project.id, progress: scenario.currentProgress, message: 'Aborting...', isRunning: true, hasRun: scenario.hasRun, hasError: false });
  return { value: true };
}

export async function clearScenarioError(deps: AppDeps, user: User, id: number): Promise<{ value: true }> {
  const { scenario } = await scenarioFor(user, id, 'edit');
  if (scenario.isRunning) throw new InputError(RUNNING_MESSAGE);
  await Scenario.query().patch({ hasError: false, statusMessage: '', exceptionMessage: '', currentProgress: 0 }).where('id', id);
  await reportScenarioProgress(deps, id, 0, '', {}, false);
  return { value: true };
}
