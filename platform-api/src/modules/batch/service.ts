// Batch project runs (spec 3 §2.4, §3, §4, §5, §7): options, the CSV upload, creation (a parent
// job, job.ts), the list, the view, abort and delete, and the downloads. Every call checks the
// BatchProjects feature, the ApiUser role and an API key (api-clients/service.ts); a batch is
// its owner's alone (404 for anyone else, as for one that does not exist).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { InputError, NotFoundError, type FieldErrors } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import type { GridSpec } from '../../db/grid.ts';
import { requireBatchAccess } from '../api-clients/service.ts';
import { Dataset, LandUseCode, Subbasin } from '../datasets/models.ts';
import { publicDatasetGroups, readableDataset } from '../datasets/service.ts';
import { checkTierDataset, checkTierForCreation, tierOf } from '../projects/access.ts';
import { geoJsonOf } from '../projects/downloads.ts';
import { Project } from '../projects/models.ts';
import { deleteProject } from '../projects/service.ts';
import { watershedCounts, watershedSubbasinIds } from '../projects/watershed.ts';
import { ClimateChangeScenario, ClimateChangeTimePeriod, Scenario, SwatVersion } from '../scenarios/models.ts';
import { PRINT_SETTINGS, checkScenarioForm, filesUrl, isoDate } from '../scenarios/service.ts';
import type { User } from '../users/models.ts';
import { CSV_MESSAGES, parseBatchCsv } from './csv.ts';
import { ApiRequest, ApiRequestProject, type BatchSettings } from './models.ts';

export const BATCH_QUEUE = 'batch-start';
export const BATCH_PROJECT_QUEUE = 'batch-project';
export type BatchJob = { requestId: number };
export type BatchProjectJob = { requestId: number; rowId: number };

export const BATCH_STATUS_EVENT = 'batch-status';
export const batchRoom = (id: number) => `batch:${id}`;

export const BATCH_MESSAGES = {
  name: 'Must contain at least one letter or number',
  dataset: 'Please select a dataset.',
  required: 'Required',
  csvOnly: 'Please upload a .csv file.',
  noSubbasins: 'Please upload a CSV file with at least one subbasin.',
  aborted: 'Batch run aborted.',
  running: 'The batch is running. Abort it first, then delete it.',
  queued: 'Waiting in the queue to start the batch...',
  notFoundSubbasin: (row: number, name: string) => `Row ${row}: there is no subbasin '${name}' in the dataset.`,
  notFoundStart: (row: number, name: string) => `Row ${row}: there is no starting subbasin '${name}' in the dataset.`,
  tooBig: (row: number, msg: string) => `Row ${row}: ${msg}`,
} as const;

/** spec 3 §9 Batch defaults (the server's: HRU method 'area' in km², threshold 0.5). */
export const BATCH_DEFAULTS = {
  useSubbasinAsNames: true,
  skipYears: 2,
  printSetting: 0,
  setHruMethod: 'area',
  setHruUnits: 'area',
  targetThreshold: 0.5,
  noOutputProcessing: true,
  noModelRun: false,
  writeSwatEditor: false,
  deleteProjectsWhenDone: false,
} as const;

export const HRU_METHODS = [
  { value: 'area', text: 'Area threshold (remove HRUs smaller than the threshold)' },
  { value: 'target', text: 'Target number of HRUs' },
];
export const HRU_UNITS = [
  { value: 'area', text: 'Area (sq. km.)' },
  { value: 'percent', text: 'Percent of each subbasin' },
];

// ─── options ──────────────────────────────────────────────────────────────────────────────

async function ownDatasets(user: User) {
  const own = await Dataset.query().modify('ownedBy', user).where({ isActive: true, isUserSubmitted: true }).orderBy([{ column: 'optionOrder' }, { column: 'name' }]);
  return own.map((d) => ({ value: d.id, text: d.name }));
}

/** GET api-requests/batchoptions. */
export async function batchOptions(user: User) {
  await requireBatchAccess(user);
  const datasets = await publicDatasetGroups();
  const first = datasets[0]?.options[0];
  return {
    datasets,
    userDatasets: await ownDatasets(user),
    printSettings: PRINT_SETTINGS.map((p) => ({ value: p.id, text: p.name })),
    hruMethods: HRU_METHODS,
    hruUnits: HRU_UNITS,
    defaultDataset: first ? (first as { value: number }).value : null,
    defaultWetlands: ['WATR', 'WETF', 'WETL', 'WETN'],
    defaultSetHruMethod: BATCH_DEFAULTS.setHruMethod,
    defaultSetHruUnits: BATCH_DEFAULTS.setHruUnits,
    defaults: BATCH_DEFAULTS,
  };
}

type WeatherRow = { id: number; name: string; startDate: Date; endDate: Date; cmipVersion: number | null; isDefault: boolean };

/** GET api-requests/batchdatasetoptions/{datasetId}: what the scenario of each project may use. */
export async function batchDatasetOptions(deps: AppDeps, user: User, datasetId: number) {
  await requireBatchAccess(user);
  const dataset = await readableDataset(datasetId, user);
  if (!dataset) throw new NotFoundError();
  const rows = (await deps.db('weather_datasets as w')
    .join('dataset_weather_datasets as dw', 'dw.weatherDatasetId', 'w.id')
    .where({ 'dw.datasetId': datasetId, 'w.isActive': true })
    .orderBy([{ column: 'w.sortOrder' }, { column: 'w.name' }])
    .select('w.id', 'w.name', 'w.startDate', 'w.endDate', 'w.cmipVersion', 'dw.isDefault')) as WeatherRow[];
  const groups = new Map<string, unknown[]>();
  for (const r of rows) {
    const label = r.cmipVersion ? `Climate model weather (CMIP${r.cmipVersion})` : 'Observed weather';
    groups.set(label, [...(groups.get(label) ?? []), { id: r.id, name: r.name, startDate: isoDate(r.startDate), endDate: isoDate(r.endDate), cmipVersion: r.cmipVersion }]);
  }
  const versions = await SwatVersion.query().where('isDisabled', false).orderBy([{ column: 'sortOrder' }, { column: 'name' }]);
  const siteDefault = versions.find((v) => v.isDefault)?.id ?? versions[0]?.id ?? null;
  const dsDefault = dataset.defaultSwatVersionId && versions.some((v) => v.id === dataset.defaultSwatVersionId) ? dataset.defaultSwatVersionId : null;
  const allowed = dataset.allowOnlyDefaultSwatVersion && dsDefault ? versions.filter((v) => v.id === dsDefault) : versions;
  const climate = await ClimateChangeScenario.query().orderBy([{ column: 'sortOrder' }, { column: 'name' }]);
  const periods = await ClimateChangeTimePeriod.query().orderBy([{ column: 'sortOrder' }, { column: 'startDate' }]);
  const landuses = await LandUseCode.query().where('datasetId', datasetId).orderBy('code');
  return {
    climateChangeScenarios: climate.map((c) => ({ id: c.id, name: c.name, cmipVersion: c.cmipVersion })),
    climateChangeTimePeriods: periods.map((p) => ({ id: p.id, name: p.name, cmipVersion: p.cmipVersion, startDate: isoDate(p.startDate), endDate: isoDate(p.endDate) })),
    swatVersions: allowed.map((v) => ({ id: v.id, name: v.name })),
    weatherDatasets: [...groups].map(([label, options]) => ({ label, options })),
    defaultSwatVersion: dsDefault ?? siteDefault,
    defaultWeatherDataset: rows.find((r) => r.isDefault)?.id ?? rows[0]?.id ?? null,
    landuses: landuses.map((l) => ({ value: l.code, text: `${l.code} - ${l.name}` })),
  };
}

// ─── upload, create ───────────────────────────────────────────────────────────────────────

/** POST api-requests/uploadbatch: the CSV's projects, or every problem with its line. */
export async function uploadBatch(user: User, fileName: string, text: string) {
  await requireBatchAccess(user);
  if (!/\.csv$/i.test(fileName)) throw new InputError({ exception: [BATCH_MESSAGES.csvOnly] });
  const parsed = parseBatchCsv(text);
  if (parsed.errors.length) throw new InputError({ exception: parsed.errors });
  return { projectSubbasins: parsed.projectSubbasins, name: fileName.replace(/\.csv$/i, '').split(/[\\/]/).pop() ?? '' };
}

export type CreateBatchBody = { name?: unknown; batch?: Record<string, unknown> };

const bool = (v: unknown, d: boolean) => (v === undefined || v === null ? d : v === true || v === 'true' || v === 1);
const list = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : []).map((s) => s.trim()).filter(Boolean); // spec 3 §5: comma-split, trimmed, empties dropped

/** POST api-requests/createbatch: checks everything a project and its scenario would, then queues the batch. */
export async function createBatch(deps: AppDeps, user: User, body: CreateBatchBody): Promise<{ id: number }> {
  await requireBatchAccess(user);
  const b = body.batch ?? {};
  const errors: FieldErrors = {};
  const add = (f: string, m: string) => (errors[f] ??= []).push(m);
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!/[\p{L}\p{N}]/u.test(name)) add('name', BATCH_MESSAGES.name);
  else if (name.length >= 100) add('name', 'Must be fewer than 100 characters');
  const datasetId = Number(b.datasetID);
  const dataset = Number.isInteger(datasetId) && datasetId > 0 ? await readableDataset(datasetId, user) : undefined;
  if (!dataset) add('datasetID', BATCH_MESSAGES.dataset);
  const rows = Array.isArray(b.projectSubbasins) ? (b.projectSubbasins as { endingSubbasin?: unknown; startingSubbasins?: unknown }[]) : [];
  const projectSubbasins = rows
    .map((r) => ({ endingSubbasin: String(r?.endingSubbasin ?? '').trim(), startingSubbasins: list(r?.startingSubbasins) }))
    .filter((r) => r.endingSubbasin);
  if (!projectSubbasins.length) add('projectSubbasins', BATCH_MESSAGES.noSubbasins);
  const method = String(b.setHruMethod ?? BATCH_DEFAULTS.setHruMethod);
  if (!HRU_METHODS.some((m) => m.value === method)) add('setHruMethod', 'Choose an HRU method from the list.');
  const units = String(b.setHruUnits ?? BATCH_DEFAULTS.setHruUnits).toLowerCase() === 'percent' ? 'percent' : 'area';
  const threshold = b.targetThreshold === undefined || b.targetThreshold === null || b.targetThreshold === '' ? BATCH_DEFAULTS.targetThreshold : Number(b.targetThreshold);
  if (!Number.isFinite(threshold) || threshold <= 0) add('targetThreshold', 'The threshold must be a number greater than 0.');
  if (method === 'area' && units === 'percent' && threshold > 100) add('targetThreshold', 'The threshold must be from 0 to 100 percent.');
  let scenario: Awaited<ReturnType<typeof checkScenarioForm>> | undefined;
  if (dataset) {
    try {
      scenario = await checkScenarioForm(deps, { datasetId: dataset.id } as Project, {
        name: 'Default',
        weatherDatasetID: b.weatherDatasetID,
        climateChangeScenarioID: b.climateChangeScenarioID,
        climateChangeTimePeriodID: b.climateChangeTimePeriodID,
        startingSimulationDate: b.startingSimulationDate,
        endingSimulationDate: b.endingSimulationDate,
        skipYears: b.skipYears ?? BATCH_DEFAULTS.skipYears,
        printSetting: b.printSetting ?? BATCH_DEFAULTS.printSetting,
        swatVersionID: b.swatVersionID,
      });
    } catch (err) {
      if (err instanceof InputError && err.fields) for (const [f, ms] of Object.entries(err.fields)) for (const m of ms) add(f, m);
      else throw err;
    }
  }
  // deleting the projects would take their scenario files (the downloads) with them: not offered yet
  if (bool(b.deleteProjectsWhenDone, false)) add('deleteProjectsWhenDone', 'Deleting the projects when the batch is done is not available: delete the batch instead, which removes its projects.');
  if (Object.keys(errors).length) throw new InputError(errors);
  const tier = await tierOf(user);
  checkTierDataset(user, tier, dataset!.id);
  const single = bool(b.setAsSingleSubbasinProjects, false);
  // every row's watershed must exist and fit the tier, before anything is queued
  const rowErrors: string[] = [];
  const byName = new Map<string, number>();
  const names = [...new Set(projectSubbasins.flatMap((r) => [r.endingSubbasin, ...(single ? [] : r.startingSubbasins)]))];
  for (let i = 0; i < names.length; i += 1000) {
    const found = await Subbasin.query().select('id', 'name').where('datasetId', dataset!.id).whereIn('name', names.slice(i, i + 1000));
    for (const s of found) byName.set(s.name, s.id);
  }
  for (const [i, r] of projectSubbasins.entries()) {
    const endId = byName.get(r.endingSubbasin);
    if (endId === undefined) {
      rowErrors.push(BATCH_MESSAGES.notFoundSubbasin(i + 1, r.endingSubbasin));
      continue;
    }
    const missing = single ? undefined : r.startingSubbasins.find((s) => !byName.has(s));
    if (missing) {
      rowErrors.push(BATCH_MESSAGES.notFoundStart(i + 1, missing));
      continue;
    }
    if (tier && (tier.subbasinLimit > 0 || tier.hruLimit > 0)) {
      const ids = await watershedSubbasinIds(deps.db, dataset!.id, endId, single ? [endId] : r.startingSubbasins.map((s) => byName.get(s)!));
      try {
        checkTierForCreation(tier, (await watershedCounts(deps.db, ids)).numSubbasins);
      } catch (err) {
        rowErrors.push(BATCH_MESSAGES.tooBig(i + 1, (err as Error).message));
      }
    }
  }
  if (rowErrors.length) throw new InputError({ projectSubbasins: rowErrors });
  const settings: BatchSettings = {
    datasetID: dataset!.id,
    projectSubbasins: single ? projectSubbasins.map((r) => ({ endingSubbasin: r.endingSubbasin, startingSubbasins: [] })) : projectSubbasins,
    setAsSingleSubbasinProjects: single,
    useSubbasinAsNames: bool(b.useSubbasinAsNames, BATCH_DEFAULTS.useSubbasinAsNames),
    startingSimulationDate: scenario!.startingSimulationDate,
    endingSimulationDate: scenario!.endingSimulationDate,
    skipYears: scenario!.skipYears,
    printSetting: scenario!.printSetting,
    setHruMethod: method as BatchSettings['setHruMethod'],
    setHruUnits: units,
    exemptLanduse: list(b.exemptLanduse),
    noAreaRedistribution: list(b.noAreaRedistribution),
    targetThreshold: threshold,
    weatherDatasetID: scenario!.weatherDatasetId,
    climateChangeScenarioID: scenario!.climateChangeScenarioId,
    climateChangeTimePeriodID: scenario!.climateChangeTimePeriodId,
    swatVersionID: scenario!.swatVersionId,
    noOutputProcessing: bool(b.noOutputProcessing, BATCH_DEFAULTS.noOutputProcessing),
    noModelRun: bool(b.noModelRun, BATCH_DEFAULTS.noModelRun),
    writeSwatEditor: bool(b.writeSwatEditor, BATCH_DEFAULTS.writeSwatEditor),
    deleteProjectsWhenDone: bool(b.deleteProjectsWhenDone, BATCH_DEFAULTS.deleteProjectsWhenDone),
  };
  const now = new Date();
  const request = await deps.db.transaction(async (trx) => {
    const r = await ApiRequest.query(trx).insertAndFetch({
      userId: user.id,
      requestType: 'Batch',
      name,
      status: 'Queued',
      statusMessage: BATCH_MESSAGES.queued,
      isRunning: true,
      settings,
      numProjects: settings.projectSubbasins.length,
      lastModifiedDate: now,
    });
    const all = settings.projectSubbasins.map((p, i) => ({ requestId: r.id, rowNumber: i + 1, endingSubbasin: p.endingSubbasin, startingSubbasins: JSON.stringify(p.startingSubbasins) }));
    for (let i = 0; i < all.length; i += 500) await trx('api_request_projects').insert(all.slice(i, i + 500));
    return r;
  });
  await deps.queue.queue<BatchJob>(BATCH_QUEUE).add({ requestId: request.id }, { priority: tier?.queuePriority ?? 'default', retries: 2 });
  return { id: request.id };
}

// ─── list, view ───────────────────────────────────────────────────────────────────────────

export const REQUEST_GRID: GridSpec = {
  columns: [
    { field: 'id', header: 'ID', filter: false },
    { field: 'requestType', header: 'Type' },
    { field: 'name', header: 'Name' },
    { field: 'status', header: 'Status' },
    { field: 'lastModifiedDate', header: 'Last modified', filter: false },
    { field: 'createdDate', header: 'Created', filter: false },
  ],
  defaultSort: 'lastModifiedDate_desc',
  defaultPerPage: 50,
};

/** The rows of a user's API requests (their batch list, or the admin's user detail). */
export function requestRowsQuery(db: Knex, userId: number, type?: 'Batch' | 'Regional'): { query: Knex.QueryBuilder } {
  const q = db('api_requests').select('id', 'requestType', 'name', 'status', 'lastModifiedDate', db.raw('created_at as created_date'), 'projectId').where('userId', userId);
  if (type) q.where('requestType', type);
  return { query: q };
}

export async function batchRowsQuery(deps: AppDeps, user: User) {
  await requireBatchAccess(user);
  return requestRowsQuery(deps.db, user.id, 'Batch');
}

/** The user's own batch, or 404 (another user's batch does not exist for them). */
export async function batchFor(user: User, id: number): Promise<ApiRequest> {
  const r = await ApiRequest.query().findById(id).modify('ownedBy', user).where('requestType', 'Batch');
  if (!r) throw new NotFoundError();
  return r;
}

export function batchDir(deps: Pick<AppDeps, 'config'>, id: number): string {
  return join(deps.config.filesDir, 'batches', String(id));
}

/** '1 hour 2 minutes 5 seconds' */
export function formatRuntime(seconds: number | null): string {
  if (seconds === null) return '';
  const s = Math.max(0, Math.round(seconds));
  const parts: string[] = [];
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h) parts.push(`${h} hour${h === 1 ? '' : 's'}`);
  if (m) parts.push(`${m} minute${m === 1 ? '' : 's'}`);
  if (sec || !parts.length) parts.push(`${sec} second${sec === 1 ? '' : 's'}`);
  return parts.join(' ');
}

export const downloadUrls = (id: number) => ({ geojsonDownload: `/api/api-requests/batchgeojson/${id}`, cumulativeAreasDownload: `/api/api-requests/batchareas/${id}` });

/** GET api-requests/batch/{id}: the batch view (spec 3 §3 Batch view response). */
export async function getBatch(deps: AppDeps, user: User, id: number) {
  await requireBatchAccess(user);
  const r = await batchFor(user, id);
  const s = r.settings as BatchSettings;
  const [dataset, weather, version, climate, period] = await Promise.all([
    Dataset.query().findById(s.datasetID),
    deps.db('weather_datasets').where('id', s.weatherDatasetID).first('name'),
    SwatVersion.query().findById(s.swatVersionID),
    s.climateChangeScenarioID ? ClimateChangeScenario.query().findById(s.climateChangeScenarioID) : undefined,
    s.climateChangeTimePeriodID ? ClimateChangeTimePeriod.query().findById(s.climateChangeTimePeriodID) : undefined,
  ]);
  const rows = await ApiRequestProject.query().where('requestId', id).orderBy('rowNumber');
  const scenarios = new Map((await Scenario.query().findByIds(rows.map((p) => p.scenarioId).filter((x): x is number => !!x))).map((sc) => [sc.id, sc]));
  const runtime = r.runtime ?? (r.startRunDate && r.isRunning ? (Date.now() - new Date(r.startRunDate).getTime()) / 1000 : null);
  return {
    id: r.id,
    name: r.name,
    status: {
      status: r.status,
      hasError: r.hasError,
      statusMessage: r.statusMessage,
      exceptionMessage: r.exceptionMessage,
      isRunning: r.isRunning,
      currentProgress: Math.round(r.currentProgress),
      hasRun: r.hasRun,
      runtime: formatRuntime(runtime),
      runtimeSeconds: runtime,
      isAborting: r.isAborting,
      isAborted: r.isAborted,
      startRunDate: r.startRunDate,
      numProjects: r.numProjects,
      numDone: r.numDone,
    },
    batch: {
      dataset: dataset?.name ?? '',
      datasetID: s.datasetID,
      setAsSingleSubbasinProjects: s.setAsSingleSubbasinProjects,
      useSubbasinAsNames: s.useSubbasinAsNames,
      setHruMethod: s.setHruMethod,
      targetThreshold: s.targetThreshold,
      setHruUnits: s.setHruUnits,
      ExemptLanduse: s.exemptLanduse,
      NoAreaRedistribution: s.noAreaRedistribution,
      weatherDataset: (weather as { name?: string } | undefined)?.name ?? '',
      climateChangeScenario: climate?.name ?? '',
      climateChangeTimePeriod: period?.name ?? '',
      startingSimulationDate: s.startingSimulationDate,
      endingSimulationDate: s.endingSimulationDate,
      skipYears: s.skipYears,
      printSetting: PRINT_SETTINGS.find((p) => p.id === s.printSetting)?.name ?? String(s.printSetting),
      swatVersion: version?.name ?? '',
      noModelRun: s.noModelRun,
      noOutputProcessing: s.noOutputProcessing,
      writeSwatEditor: s.writeSwatEditor,
      deleteProjectsWhenDone: s.deleteProjectsWhenDone,
      serverPath: `batches/${r.id}`,
      ...(r.hasRun ? downloadUrls(r.id) : { geojsonDownload: null, cumulativeAreasDownload: null }),
    },
    projects: rows.map((p) => {
      const sc = p.scenarioId ? scenarios.get(p.scenarioId) : undefined;
      return {
        id: p.projectId,
        rowNumber: p.rowNumber,
        endingSubbasin: p.endingSubbasin,
        startingSubbasins: p.startingSubbasins,
        status: p.status,
        statusMessage: p.statusMessage,
        progress: Math.round(p.progress),
        scenarios: sc
          ? [{ id: sc.id, hasRun: sc.hasRun, runtime: sc.runtime, download: sc.hasFiles ? filesUrl(sc.id) : null, statusMessage: sc.hasError ? sc.exceptionMessage || sc.statusMessage : sc.statusMessage }]
          : [],
      };
    }),
  };
}

// ─── abort, delete ────────────────────────────────────────────────────────────────────────

/** GET api-requests/abortbatch/{id}: queued projects never start, running runs stop; the projects and files stay. */
export async function abortBatch(deps: AppDeps, user: User, id: number) {
  await requireBatchAccess(user);
  const r = await batchFor(user, id);
  if (!r.isRunning) return { value: true };
  await ApiRequest.query().patch({ isAborting: true, status: 'Aborting', statusMessage: 'Aborting please wait...', lastModifiedDate: new Date() }).where('id', id);
  const scenarioIds = (await ApiRequestProject.query().where('requestId', id).whereNotNull('scenarioId').select('scenarioId')).map((p) => p.scenarioId!);
  if (scenarioIds.length) await Scenario.query().patch({ abortRequested: true, statusMessage: 'Aborting...' }).whereIn('id', scenarioIds).where('isRunning', true);
  await deps.bus.publish(batchRoom(id), BATCH_STATUS_EVENT, { requestID: id, progress: Math.round(r.currentProgress), statusMessage: 'Aborting please wait...' });
  // a batch with nothing left in flight ends now (the last child ends it otherwise)
  const { finishIfDone } = await import('./progress.ts');
  await finishIfDone(deps, id);
  return { value: true };
}

/** DELETE api-requests/deletebatch/{id}: the batch, its files and its projects (not while running). */
export async function deleteBatch(deps: AppDeps, user: User, id: number) {
  await requireBatchAccess(user);
  const r = await batchFor(user, id);
  if (r.isRunning) throw new InputError(BATCH_MESSAGES.running);
  const projectIds = (await ApiRequestProject.query().where('requestId', id).whereNotNull('projectId').select('projectId')).map((p) => p.projectId!);
  for (const pid of projectIds) {
    try {
      await deleteProject(deps, user, pid);
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err; // already deleted by its owner
    }
  }
  await ApiRequest.query().deleteById(id);
  rmSync(batchDir(deps, id), { recursive: true, force: true });
  return { value: true };
}

// ─── downloads ────────────────────────────────────────────────────────────────────────────

/** Every batch project's subbasins as one GeoJSON FeatureCollection (property batchProject: the CSV row). */
export async function batchGeoJson(deps: AppDeps, user: User, id: number) {
  await requireBatchAccess(user);
  await batchFor(user, id);
  const rows = await ApiRequestProject.query().where('requestId', id).whereNotNull('projectId').orderBy('rowNumber');
  const features: unknown[] = [];
  for (const r of rows) {
    const fc = (await geoJsonOf(deps.db, r.projectId!, 'subbasins')) as { features: { properties: Record<string, unknown> }[] };
    for (const f of fc.features) features.push({ ...f, properties: { ...f.properties, batchRow: r.rowNumber, projectID: r.projectId, projectEndingSubbasin: r.endingSubbasin } });
  }
  return { type: 'FeatureCollection', features };
}

/** One line per batch project: its outlet, cumulative (drainage) area and counts (CSV). */
export async function batchCumulativeAreas(deps: AppDeps, user: User, id: number): Promise<string> {
  await requireBatchAccess(user);
  await batchFor(user, id);
  return cumulativeAreasCsv(deps.db, id);
}

export async function cumulativeAreasCsv(db: Knex, id: number): Promise<string> {
  const rows = (await db('api_request_projects as r')
    .leftJoin('projects as p', 'p.id', 'r.projectId')
    .leftJoin('project_subbasins as ps', (j) => j.on('ps.projectId', '=', 'r.projectId').andOn('ps.isDownstream', '=', db.raw('true')))
    .where('r.requestId', id)
    .orderBy('r.rowNumber')
    .select('r.rowNumber', 'r.endingSubbasin', 'r.startingSubbasins', 'r.projectId', 'p.numSubbasins', 'p.numHrus', 'p.totalArea', 'ps.cumulativeArea', 'r.status')) as Record<string, unknown>[];
  const esc = (v: unknown) => {
    const s = v === null || v === undefined ? '' : Array.isArray(v) ? v.join(',') : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = ['Row,Ending_Subbasin,Starting_Subbasins,ProjectID,Subbasins,HRUs,Project_Area_km2,Cumulative_Area_km2,Status'];
  for (const r of rows) lines.push([r.rowNumber, r.endingSubbasin, r.startingSubbasins, r.projectId, r.numSubbasins, r.numHrus, r.totalArea, r.cumulativeArea, r.status].map(esc).join(','));
  return `${lines.join('\n')}\n`;
}

export { CSV_MESSAGES };
