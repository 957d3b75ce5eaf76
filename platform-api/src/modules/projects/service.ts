// Projects (spec 1 §2–§7): list, create (a job), view, rename, copy (a job), delete, clear
// error, HRU setting (a job) and reset, the HRU table, metadata, map, downloads and exports.
// Every call goes through `projectFor` (access.ts): only the owner reaches a project.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { defaultTargetHrus, HruSettingsError, isWaterOrWetland, THRESHOLD_MESSAGE, type HruMethod, type HruUnits } from '@headwater/swat/hru/index.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, notFound, validationError } from '../../http/errors.ts';
import { toCsv, type GridColumn, type GridSpec } from '../../http/grid.ts';
import { Notification } from '../accounts/models.ts';
import { Dataset, LandUseCode } from '../datasets/models.ts';
import { readableDataset } from '../datasets/service.ts';
import type { User } from '../users/models.ts';
import { NAME_MESSAGES, checkProjectName, checkTierDataset, checkTierForCreation, projectFor, tierOf } from './access.ts';
import { Project } from './models.ts';
import { SCENARIO_COUNT_SQL, scenarioState } from './scenarios-link.ts';
import { isBusy, statusOf } from './status.ts';
import { watershedCounts, watershedSubbasinIds } from './watershed.ts';

export const QUEUES = { create: 'project-create', copy: 'project-copy', setHrus: 'project-set-hrus', zip: 'project-zip' } as const;
export type ProjectJob = { projectId: number; sourceId?: number };

/** Over this many subbasins, maps leave the streams out (spec 1 §9). */
export const MAX_SUBBASINS_FOR_STREAMS = 2000;
export const BUSY_MESSAGE = 'The project is busy. Please wait for the current task to finish.';
export const HAS_SCENARIOS_MESSAGE = 'HRUs cannot be changed once the project has scenarios. Delete all scenarios or create a new project.';

export function projectDir(deps: Pick<AppDeps, 'config'>, id: number): string {
  return join(deps.config.filesDir, 'projects', String(id));
}

// ─── lists ──────────────────────────────────────────────────────────────────────────────

export const PROJECT_GRID: GridSpec = {
  columns: [
    { field: 'id', header: 'ID', filter: false, csv: false },
    { field: 'name', header: 'Name' },
    { field: 'lastModifiedDate', header: 'Last Modified', filter: false },
    { field: 'dataset', header: 'Dataset' },
    { field: 'endingSubbasin', header: 'Downstream ID' },
    { field: 'numSubbasins', header: 'Subbasins' },
    { field: 'numHrus', header: 'HRUs' },
    { field: 'totalArea', header: 'Total Area (sq km)', filter: false },
    { field: 'numScenarios', header: 'Scenarios', filter: false },
  ],
  defaultSort: 'lastModifiedDate_desc',
  defaultPerPage: 10,
};

/**
 * The rows of the user's projects grid (a query for grid.ts). Wrapped in an object: an async
 * function returning a knex builder would run it (builders are thenables).
 */
export async function projectRowsQuery(db: Knex, user: User): Promise<{ query: Knex.QueryBuilder }> {
  const query = db
    .select(
      'p.id',
      'p.name',
      'p.lastModifiedDate',
      db.raw('coalesce(d.name, ?) as dataset', ['']),
      'p.datasetId',
      'p.endingSubbasin',
      'p.numSubbasins',
      'p.numHrus',
      'p.totalArea',
      db.raw(`${SCENARIO_COUNT_SQL} as num_scenarios`),
      'p.isCreating',
      'p.isCopying',
      'p.isSettingHrus',
      'p.isZipping',
      'p.hasError',
    )
    .from('projects as p')
    .leftJoin('datasets as d', 'd.id', 'p.datasetId')
    .where('p.userId', user.id);
  return { query };
}

async function recentProjects(deps: AppDeps, user: User, limit: number) {
  const rows = (await (await projectRowsQuery(deps.db, user)).query.orderBy('p.lastModifiedDate', 'desc').orderBy('p.id', 'desc').limit(limit)) as Record<string, unknown>[];
  const out = [];
  for (const r of rows) {
    const p = await Project.query().findById(r.id as number);
    const scenarios = (await scenarioState(deps.db, r.id as number)).scenarios;
    out.push({
      ...r,
      totalLandArea: p?.totalLandArea ?? 0,
      bounds: p && p.minLon !== null ? [p.minLon, p.minLat, p.maxLon, p.maxLat] : null,
      map: `/api/projects/map/${r.id}`,
      scenarios: scenarios.sort((a, b) => +(b.lastModifiedDate ?? 0) - +(a.lastModifiedDate ?? 0)).slice(0, 3),
    });
  }
  return out;
}

async function hasAccessToUploads(user: User): Promise<boolean> {
  const tier = await tierOf(user);
  return user.isAdmin || (tier?.datasetUploadLimit ?? 0) > 0;
}

export async function dashboard(deps: AppDeps, user: User) {
  const notifications = await Notification.query().where('userId', user.id).orderBy('notificationDate', 'desc').limit(50);
  return {
    projects: await recentProjects(deps, user, 10),
    notifications: notifications.map((n) => ({ id: n.id, title: n.title, details: n.details, url: n.url, urlText: n.urlText, notificationDate: n.notificationDate })),
    hasAccessToUploads: await hasAccessToUploads(user),
  };
}

export async function recentActivity(deps: AppDeps, user: User) {
  return {
    projects: await recentProjects(deps, user, 6),
    hasGroups: false, // groups arrive with their issue
    hasAccessToUploads: await hasAccessToUploads(user),
    groupInvites: [],
    isImporting: false,
  };
}

// ─── one project ────────────────────────────────────────────────────────────────────────

function csvUrls(id: number) {
  return {
    subbasinsCsv: `/api/projects/csv/${id}/subbasins`,
    hrusOriginalCsv: `/api/projects/csv/${id}/hrus-original`,
    hrusTrimmedCsv: `/api/projects/csv/${id}/hrus-trimmed`,
  };
}

async function projectJson(deps: AppDeps, p: Project) {
  const dataset = p.datasetId ? await Dataset.query().findById(p.datasetId) : undefined;
  const scen = await scenarioState(deps.db, p.id);
  const starting = p.startingSubbasinIds.length
    ? ((await deps.db('project_subbasins').select('subbasinId as id', 'name').where({ projectId: p.id, isStarting: true }).orderBy('number')) as { id: number; name: string }[])
    : [];
  return {
    id: p.id,
    name: p.name,
    numSubbasins: p.numSubbasins,
    numHrus: p.numHrus,
    numOriginalHrus: p.numOriginalHrus,
    totalArea: p.totalArea,
    totalLandArea: p.totalLandArea,
    dataset: dataset?.name ?? '',
    datasetID: p.datasetId,
    endingSubbasin: p.endingSubbasin,
    scenarios: scen.scenarios,
    groups: [] as { value: number; text: string }[],
    ...csvUrls(p.id),
    hasScenarios: scen.numScenarios > 0,
    modTables: [] as string[],
    currentScenarioName: null,
    currentScenarioZipFile: null,
    map: `/api/projects/map/${p.id}`,
    isRegional: p.isRegional,
    method: p.method,
    units: p.units,
    targetThreshold: p.targetThreshold,
    landuseThreshold: p.landuseThreshold,
    soilThreshold: p.soilThreshold,
    slopeThreshold: p.slopeThreshold,
    exemptLanduse: p.exemptLanduse,
    noAreaRedistribution: p.noAreaRedistribution,
    trimmedLanduseArea: p.trimmedLanduseArea,
    originalGroups: p.originalGroups,
    trimmedGroups: p.trimmedGroups,
    charts: null,
    startingSubbasins: starting,
    lastModifiedDate: p.lastModifiedDate,
    createdAt: p.createdAt,
  };
}

function progressOf(p: Project) {
  return { percent: p.progressPercent, message: p.progressMessage };
}

export async function getProject(deps: AppDeps, user: User, id: number) {
  const p = await projectFor(user, id);
  const tier = await tierOf(user);
  return {
    project: await projectJson(deps, p),
    tier: tier ? { id: tier.id, name: tier.name, subbasinLimit: tier.subbasinLimit, hruLimit: tier.hruLimit, datasets: tier.datasets } : null,
    status: statusOf(p),
    groupOptions: [] as { value: number; text: string }[],
    progress: progressOf(p),
  };
}

export async function basicInfo(user: User, id: number) {
  const p = await projectFor(user, id);
  const dataset = p.datasetId ? await Dataset.query().findById(p.datasetId) : undefined;
  return {
    id: p.id,
    name: p.name,
    dataset: dataset?.name ?? '',
    datasetID: p.datasetId,
    endingSubbasin: p.endingSubbasin,
    numSubbasins: p.numSubbasins,
    numHrus: p.numHrus,
    numOriginalHrus: p.numOriginalHrus,
    totalArea: p.totalArea,
    totalLandArea: p.totalLandArea,
    isRegional: p.isRegional,
    hasSetHrus: p.hasSetHrus,
    status: statusOf(p),
  };
}

// ─── create, copy, rename, delete, clear error ──────────────────────────────────────────

export type CreateInput = { datasetID: number; endID: number; startIDs: number[]; name: string; cacheID?: unknown };

export async function createProject(deps: AppDeps, user: User, input: CreateInput): Promise<{ id: number }> {
  const name = checkProjectName(input.name, 'name');
  const dataset = await readableDataset(input.datasetID, user);
  if (!dataset) throw validationError({ datasetID: ['Please select a dataset.'] });
  const tier = await tierOf(user);
  checkTierDataset(user, tier, dataset.id);
  const ids = await watershedSubbasinIds(deps.db, dataset.id, input.endID, input.startIDs);
  if (!ids.length) throw validationError({ endID: ['Please select a subbasin within the study area.'] });
  const { numSubbasins, numHrus } = await watershedCounts(deps.db, ids);
  checkTierForCreation(tier, numSubbasins);
  const end = (await deps.db('subbasins').select('name').where('id', input.endID).first()) as { name: string };
  const starts = input.startIDs.filter((s) => ids.includes(s) && s !== input.endID);
  const project = await Project.query().insert({
    userId: user.id,
    datasetId: dataset.id,
    name,
    endingSubbasinId: input.endID,
    endingSubbasin: end.name,
    startingSubbasinIds: starts,
    numSubbasins,
    numHrus,
    numOriginalHrus: numHrus,
    exemptLanduse: [],
    noAreaRedistribution: [],
    isCreating: true,
    statusMessage: 'Waiting in the queue to create the project...',
    progressMessage: 'Waiting in the queue to create the project...',
    lastModifiedDate: new Date(),
  });
  await deps.queue.queue<ProjectJob>(QUEUES.create).add({ projectId: project.id }, { priority: tier?.queuePriority ?? 'default' });
  return { id: project.id };
}

export async function copyProject(deps: AppDeps, user: User, id: number, value: unknown): Promise<{ id: number }> {
  const source = await projectFor(user, id);
  const name = checkProjectName(value, 'value', NAME_MESSAGES.copyRequired);
  if (isBusy(source) || !source.isCreated) throw badRequest(BUSY_MESSAGE);
  const tier = await tierOf(user);
  const copy = await Project.query().insert({
    userId: user.id,
    datasetId: source.datasetId,
    name,
    endingSubbasinId: source.endingSubbasinId,
    endingSubbasin: source.endingSubbasin,
    startingSubbasinIds: source.startingSubbasinIds,
    numSubbasins: source.numSubbasins,
    numHrus: source.numHrus,
    numOriginalHrus: source.numOriginalHrus,
    totalArea: source.totalArea,
    totalLandArea: source.totalLandArea,
    isRegional: source.isRegional,
    minLon: source.minLon,
    minLat: source.minLat,
    maxLon: source.maxLon,
    maxLat: source.maxLat,
    method: source.method,
    units: source.units,
    targetThreshold: source.targetThreshold,
    landuseThreshold: source.landuseThreshold,
    soilThreshold: source.soilThreshold,
    slopeThreshold: source.slopeThreshold,
    exemptLanduse: source.exemptLanduse,
    noAreaRedistribution: source.noAreaRedistribution,
    trimmedLanduseArea: source.trimmedLanduseArea,
    originalGroups: source.originalGroups,
    trimmedGroups: source.trimmedGroups,
    hasSetHrus: source.hasSetHrus,
    isCopying: true,
    isCreating: true,
    copiedFromId: source.id,
    statusMessage: 'Waiting in the queue to copy the project...',
    progressMessage: 'Waiting in the queue to copy the project...',
    lastModifiedDate: new Date(),
  });
  await deps.queue.queue<ProjectJob>(QUEUES.copy).add({ projectId: copy.id, sourceId: source.id }, { priority: tier?.queuePriority ?? 'default' });
  return { id: copy.id };
}

export async function renameProject(user: User, id: number, value: unknown) {
  const p = await projectFor(user, id);
  const name = checkProjectName(value, 'value', NAME_MESSAGES.renameRequired);
  await Project.query().patch({ name, lastModifiedDate: new Date() }).where('id', p.id);
  return { id: p.id, value: name, name };
}

export async function deleteProject(deps: AppDeps, user: User, id: number): Promise<void> {
  const p = await projectFor(user, id);
  const scen = await scenarioState(deps.db, p.id);
  if (scen.isRunningScenarios) throw badRequest('The project has scenarios running. Please wait for them to finish or cancel them first.');
  await Project.query().deleteById(p.id);
  rmSync(projectDir(deps, p.id), { recursive: true, force: true });
}

export async function clearError(user: User, id: number) {
  const p = await projectFor(user, id);
  await Project.query().patch({ hasError: false, exceptionMessage: '', statusMessage: '', progressMessage: '', progressPercent: 0 }).where('id', p.id);
  return { value: true };
}

// ─── HRUs ───────────────────────────────────────────────────────────────────────────────

export async function hruPage(deps: AppDeps, user: User, id: number) {
  const p = await projectFor(user, id);
  const dataset = p.datasetId ? await Dataset.query().findById(p.datasetId) : undefined;
  const present = (await deps.db('project_hrus').distinct('landuse').where('projectId', p.id).orderBy('landuse')) as { landuse: string }[];
  const names = new Map((p.datasetId ? await LandUseCode.query().where('datasetId', p.datasetId) : []).map((c) => [c.code.toUpperCase(), c]));
  const cropCodes = present.map(({ landuse }) => ({ code: landuse, name: names.get(landuse.toUpperCase())?.name ?? landuse }));
  const defaultWetlands = present.map((r) => r.landuse).filter((code) => names.get(code.toUpperCase())?.isWater || isWaterOrWetland(code));
  return {
    project: await projectJson(deps, p),
    status: statusOf(p),
    progress: progressOf(p),
    cropCodes,
    defaultWetlands,
    iclusHruThreshold: dataset?.iclusHruThreshold ?? null,
    defaultHruThreshold: dataset?.defaultHruThreshold ?? 1,
    defaultTargetThreshold: defaultTargetHrus(p.numOriginalHrus, p.numSubbasins),
  };
}

export type HruForm = {
  projectID: number;
  method: HruMethod;
  targetThreshold?: number | null;
  areaThreshold?: number | null;
  landuseThreshold?: number | null;
  soilThreshold?: number | null;
  slopeThreshold?: number | null;
  exemptLanduse?: string[] | null;
  noAreaRedistribution?: string[] | null;
  units?: string | null;
};

/** 'percent' (or '%'); anything else is km². */
export function unitsOf(units: string | null | undefined): HruUnits {
  return units && /^(percent|%|pct|1)$/i.test(String(units)) ? 'percent' : 'km2';
}

function checkHruForm(p: Project, form: HruForm) {
  const errors: Record<string, string[]> = {};
  const positive = (field: keyof HruForm, v: number | null | undefined) => {
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) (errors[field] ??= []).push(THRESHOLD_MESSAGE);
    return v ?? 0;
  };
  const units = unitsOf(form.units);
  const threshold = form.method === 'area' ? (form.areaThreshold ?? form.targetThreshold) : form.targetThreshold;
  if (form.method === 'target') {
    const t = positive('targetThreshold', threshold);
    const min = Math.min(p.numSubbasins, p.numOriginalHrus);
    if (!errors.targetThreshold && (!Number.isInteger(t) || t < min || t > p.numOriginalHrus)) {
      errors.targetThreshold = [`The target number of HRUs must be a whole number from ${min} to ${p.numOriginalHrus}.`];
    }
  } else if (form.method === 'area') {
    const t = positive('targetThreshold', threshold);
    const max = units === 'percent' ? 100 : p.totalLandArea || p.totalArea;
    if (!errors.targetThreshold && t > max) errors.targetThreshold = [units === 'percent' ? 'The threshold must be from 0 to 100 percent.' : `The threshold must be from 0 to the total land area (${max.toFixed(2)} km²).`];
  } else {
    for (const f of ['landuseThreshold', 'soilThreshold', 'slopeThreshold'] as const) {
      const t = positive(f, form[f]);
      if (!errors[f] && t > 100) errors[f] = ['The threshold must be from 0 to 100 percent.'];
    }
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return { units, threshold: threshold ?? null };
}

export async function submitHrus(deps: AppDeps, user: User, form: HruForm) {
  const p = await projectFor(user, form.projectID);
  if (isBusy(p) || !p.isCreated) throw badRequest(BUSY_MESSAGE);
  if ((await scenarioState(deps.db, p.id)).numScenarios > 0) throw badRequest(HAS_SCENARIOS_MESSAGE);
  const { units, threshold } = checkHruForm(p, form);
  const dataset = p.datasetId ? await Dataset.query().findById(p.datasetId) : undefined;
  const iclus = dataset?.iclusHruThreshold != null;
  let exempt = (form.exemptLanduse ?? []).map(String);
  if (iclus || form.exemptLanduse == null) {
    // Water and wetlands by default; ICLUS datasets lock the exemptions to them (spec 1 §5).
    const present = (await deps.db('project_hrus').distinct('landuse').where('projectId', p.id)) as { landuse: string }[];
    exempt = present.map((r) => r.landuse).filter(isWaterOrWetland);
  }
  const tier = await tierOf(user);
  await Project.query()
    .patch({
      method: form.method,
      units,
      targetThreshold: form.method === 'percent' ? null : threshold,
      landuseThreshold: form.method === 'percent' ? (form.landuseThreshold ?? null) : null,
      soilThreshold: form.method === 'percent' ? (form.soilThreshold ?? null) : null,
      slopeThreshold: form.method === 'percent' ? (form.slopeThreshold ?? null) : null,
      exemptLanduse: exempt,
      noAreaRedistribution: (form.noAreaRedistribution ?? []).map(String),
      isSettingHrus: true,
      hasError: false,
      exceptionMessage: '',
      progressPercent: 0,
      statusMessage: 'Waiting in the queue to set HRUs...',
      progressMessage: 'Waiting in the queue to set HRUs...',
      lastModifiedDate: new Date(),
    })
    .where('id', p.id);
  await deps.queue.queue<ProjectJob>(QUEUES.setHrus).add({ projectId: p.id }, { priority: tier?.queuePriority ?? 'default' });
  return { value: true };
}

export async function resetHrus(deps: AppDeps, user: User, id: number) {
  const p = await projectFor(user, id);
  if (isBusy(p)) throw badRequest(BUSY_MESSAGE);
  if ((await scenarioState(deps.db, p.id)).numScenarios > 0) throw badRequest(HAS_SCENARIOS_MESSAGE);
  await deps.db.transaction(async (trx) => {
    await trx('project_hrus').update({ area: trx.ref('original_area'), fraction: trx.ref('original_fraction'), removed: false }).where('projectId', p.id);
    await Project.query(trx)
      .patch({
        method: null,
        units: null,
        targetThreshold: null,
        landuseThreshold: null,
        soilThreshold: null,
        slopeThreshold: null,
        exemptLanduse: [],
        noAreaRedistribution: [],
        trimmedLanduseArea: null,
        trimmedGroups: null,
        hasSetHrus: false,
        numHrus: p.numOriginalHrus,
        lastModifiedDate: new Date(),
      })
      .where('id', p.id);
  });
  return { value: true };
}

export const HRU_GRID: GridSpec = {
  columns: [
    { field: 'id', filter: false, csv: false },
    { field: 'sortOrder', filter: false, csv: false },
    { field: 'subbasin', header: 'Subbasin' },
    { field: 'landuse', header: 'Land Use' },
    { field: 'soil', header: 'Soil' },
    { field: 'slopeClass', header: 'Slope Class' },
    { field: 'slope', header: 'Slope', filter: false },
    { field: 'slopeLength', header: 'Slope Length', filter: false },
    { field: 'area', header: 'Area', filter: false },
    { field: 'fraction', header: 'Fraction', filter: false },
    { field: 'cn2', header: 'CN2', filter: false },
    { field: 'ov_n', header: 'OV_N', filter: false },
  ],
  defaultSort: 'sortOrder',
  tieBreaker: 'sortOrder', // unique within a project
  defaultPerPage: 100,
  maxPerPage: 5000,
};

/** The HRU table rows of a project (current HRUs; the original ones with `original`). */
export async function hruRowsQuery(deps: AppDeps, user: User, id: number, original: boolean): Promise<{ query: Knex.QueryBuilder; total: number }> {
  const p = await projectFor(user, id);
  // The project row keeps both counts (the jobs set them), so an unfiltered page needs no count.
  return { query: hruRowsOf(deps.db, p.id, original), total: original ? p.numOriginalHrus : p.numHrus };
}

export function hruRowsOf(db: Knex, projectId: number, original: boolean): Knex.QueryBuilder {
  const q = db
    .select('id', 'sortOrder', 'subbasin', 'subbasinName', 'landuse', 'soil', 'slopeClass', 'slope', 'slopeLength', 'cn2', db.raw('ov_n as ov_n'), 'hruId')
    .select(original ? db.raw('original_area as area, original_fraction as fraction') : db.raw('area, fraction'))
    .from('project_hrus')
    .where('projectId', projectId);
  if (!original) q.where('removed', false);
  return q;
}

/** Rows of the grid arrive camelCased; the spec's HRU row names OV_N `ov_n`. */
export function hruRow(r: Record<string, unknown>): Record<string, unknown> {
  const { ovN, ...rest } = r as { ovN?: unknown };
  return { ...rest, ov_n: ovN ?? (r as { ov_n?: unknown }).ov_n };
}

const HRU_CSV_COLUMNS: GridColumn[] = [{ field: 'sortOrder', header: 'HRU' }, { field: 'subbasinName', header: 'Subbasin Name' }, ...HRU_GRID.columns.filter((c) => c.csv !== false)];

export const SUBBASIN_COLUMNS: GridColumn[] = [
  { field: 'number', header: 'Subbasin' },
  { field: 'name', header: 'Name' },
  { field: 'downstreamName', header: 'Downstream' },
  { field: 'area', header: 'Area (sq km)' },
  { field: 'landArea', header: 'Land Area (sq km)' },
  { field: 'elevation', header: 'Elevation (m)' },
  { field: 'numHrus', header: 'HRUs' },
];

export async function subbasinRows(deps: AppDeps, user: User, id: number) {
  const p = await projectFor(user, id);
  return subbasinRowsOf(deps.db, p.id);
}

export async function subbasinRowsOf(db: Knex, projectId: number) {
  const kept = db('project_hrus').count('*').where('projectId', projectId).where('removed', false).whereRaw('project_hrus.subbasin = project_subbasins.number');
  const rows = (await db('project_subbasins')
    .select('number', 'name', 'downstreamName', 'area', 'landArea', 'elevation', kept.as('numHrus'))
    .where('projectId', projectId)
    .orderBy('number')) as Record<string, unknown>[];
  return rows.map((r) => ({ ...r, numHrus: Number(r.numHrus) }));
}

/** The three watershed CSVs (downloads page, project view, the zip). */
export async function watershedCsv(db: Knex, projectId: number, kind: string): Promise<string> {
  if (kind === 'subbasins') return toCsv(await subbasinRowsOf(db, projectId), SUBBASIN_COLUMNS);
  if (kind === 'hrus-original' || kind === 'hrus-trimmed') {
    const rows = (await hruRowsOf(db, projectId, kind === 'hrus-original').orderBy('sortOrder')) as Record<string, unknown>[];
    return toCsv(rows.map(hruRow), HRU_CSV_COLUMNS);
  }
  throw notFound();
}

export const WATERSHED_CSVS = ['subbasins', 'hrus-original', 'hrus-trimmed'] as const;

export function hruSettingsErrorToHttp(err: unknown): never {
  if (err instanceof HruSettingsError) throw validationError({ [err.field]: [err.message] });
  throw err;
}

// ─── metadata, map, downloads ───────────────────────────────────────────────────────────

export async function metadata(deps: AppDeps, user: User, id: number) {
  const p = await projectFor(user, id);
  const dataset = p.datasetId ? await Dataset.query().findById(p.datasetId) : undefined;
  const scen = await scenarioState(deps.db, p.id);
  const methodText = p.method === 'target' ? 'Target number of HRUs' : p.method === 'area' ? 'Area threshold' : p.method === 'percent' ? 'Land use, soil and slope percent thresholds' : 'Not set';
  return {
    watershed: [
      { name: 'Project name', value: p.name },
      { name: 'Dataset', value: dataset?.name ?? '' },
      { name: 'Ending subbasin', value: p.endingSubbasin },
      { name: 'Subbasins', value: p.numSubbasins },
      { name: 'Total area (sq km)', value: p.totalArea },
      { name: 'Land area (sq km)', value: p.totalLandArea },
      { name: 'Created', value: p.createdAt },
      { name: 'Last modified', value: p.lastModifiedDate },
    ],
    hrus: [
      { name: 'HRUs (original)', value: p.numOriginalHrus },
      { name: 'HRUs (current)', value: p.numHrus },
      { name: 'Method', value: methodText },
      ...(p.method === 'target' ? [{ name: 'Target HRUs', value: p.targetThreshold }] : []),
      ...(p.method === 'area' ? [{ name: `Area threshold (${p.units === 'percent' ? 'percent' : 'sq km'})`, value: p.targetThreshold }] : []),
      ...(p.method === 'percent'
        ? [
            { name: 'Land use threshold (%)', value: p.landuseThreshold },
            { name: 'Soil threshold (%)', value: p.soilThreshold },
            { name: 'Slope threshold (%)', value: p.slopeThreshold },
          ]
        : []),
      { name: 'Exempt land uses', value: p.exemptLanduse.join(', ') },
      { name: 'No area redistribution', value: p.noAreaRedistribution.join(', ') },
    ],
    originalGroups: p.originalGroups,
    trimmedGroups: p.trimmedGroups,
    scenarios: scen.scenarios.map((s) => ({ name: s.name, weatherDataset: null, start: null, end: null, skipYears: null, printSetting: null, swatVersion: null })),
    modifications: [] as unknown[],
  };
}

export async function projectMap(deps: AppDeps, user: User, id: number) {
  const p = await projectFor(user, id);
  const rows = (await deps.db('project_subbasins as ps')
    .join('subbasins as s', 's.id', 'ps.subbasinId')
    .leftJoin('subbasins as d', 'd.id', 'ps.downstreamSubbasinId')
    .select('ps.subbasinId', 'ps.name', 'ps.downstreamName', 's.labelLon', 's.labelLat', 'd.labelLon as dLon', 'd.labelLat as dLat', 'd.id as downstreamId')
    .where('ps.projectId', p.id)
    .orderBy('ps.number')) as Record<string, number & string>[];
  const index = new Map(rows.map((r, i) => [r.subbasinId, i]));
  const connections = rows
    .filter((r) => r.downstreamId != null && index.has(r.downstreamId))
    .map((r) => ({ fromID: r.subbasinId, fromIndex: index.get(r.subbasinId), fromName: r.name, toName: r.downstreamName, lineCoordinates: [[r.labelLon, r.labelLat], [r.dLon, r.dLat]] }));
  const showStreams = !p.isRegional && p.numSubbasins < MAX_SUBBASINS_FOR_STREAMS;
  return {
    watershedBounds: p.minLon !== null ? [p.minLon, p.minLat, p.maxLon, p.maxLat] : null,
    connections,
    geoJsonUrls: { subbasins: `/api/exports/geojson/${p.id}/subbasins`, ...(showStreams ? { streams: `/api/exports/geojson/${p.id}/streams` } : {}) },
    extraLayers: [] as unknown[],
    defaultUnits: user.units,
  };
}

export const GEOJSON_LAYERS = ['subbasins', 'streams'] as const;

/** A GIS layer of the project as a GeoJSON FeatureCollection. */
export async function geoJsonLayer(deps: AppDeps, user: User, id: number, layer: string) {
  const p = await projectFor(user, id);
  return geoJsonOf(deps.db, p.id, layer);
}

export async function geoJsonOf(db: Knex, projectId: number, layer: string) {
  if (!(GEOJSON_LAYERS as readonly string[]).includes(layer)) throw notFound();
  const rows = (await db('project_subbasins as ps')
    .join('subbasins as s', 's.id', 'ps.subbasinId')
    .select('ps.subbasinId', 'ps.number', 'ps.name', 'ps.area', 'ps.landArea', 'ps.cumulativeArea', 'ps.elevation', 'ps.isDownstream', 'ps.downstreamName', layer === 'streams' ? 's.streams as geometry' : 's.geometry')
    .where('ps.projectId', projectId)
    .orderBy('ps.number')) as Record<string, unknown>[];
  const features = rows
    .filter((r) => r.geometry)
    .map((r) => ({
      type: 'Feature' as const,
      id: r.subbasinId as number,
      properties: { id: r.subbasinId, number: r.number, name: r.name, area: r.area, landArea: r.landArea, cumulativeArea: r.cumulativeArea, elevation: r.elevation, isDownstream: r.isDownstream, isNearbyOnly: false, downstream: r.downstreamName },
      geometry: typeof r.geometry === 'string' ? JSON.parse(r.geometry) : r.geometry,
    }));
  return { type: 'FeatureCollection' as const, features };
}

export function zipUrl(id: number): string {
  return `/api/projects/zipfile/${id}`;
}

export async function downloads(deps: AppDeps, user: User, id: number) {
  const p = await projectFor(user, id);
  const scen = await scenarioState(deps.db, p.id);
  const dataset = p.datasetId ? await Dataset.query().findById(p.datasetId) : undefined;
  const exists = !!p.zipFile;
  return {
    status: { ...statusOf(p), isZipping: p.isZipping, isRunningScenarios: scen.isRunningScenarios },
    progress: progressOf(p),
    zipFile: { exists, createdOn: p.zipCreatedOn, url: exists ? zipUrl(p.id) : null, includesGisData: p.zipIncludeGis, canGetGisData: true, name: p.zipFile },
    geoJsonUrls: { subbasins: `/api/exports/geojson/${p.id}/subbasins`, streams: `/api/exports/geojson/${p.id}/streams` },
    geoJsonLayers: GEOJSON_LAYERS.map((layer) => ({ name: layer === 'subbasins' ? 'Subbasins' : 'Streams', layer, url: `/api/exports/geojson/${p.id}/${layer}` })),
    ...csvUrls(p.id),
    hasSetHrus: p.hasSetHrus,
    pointSourceConstant: false,
    dataset: dataset?.name ?? '',
  };
}

export async function requestZip(deps: AppDeps, user: User, id: number, includeGis: boolean) {
  const p = await projectFor(user, id);
  if (isBusy(p) || !p.isCreated) throw badRequest(BUSY_MESSAGE);
  if ((await scenarioState(deps.db, p.id)).isRunningScenarios) throw badRequest('The project cannot be zipped while scenarios are running.');
  const tier = await tierOf(user);
  await Project.query()
    .patch({ isZipping: true, zipAbort: false, zipIncludeGis: includeGis, progressPercent: 0, statusMessage: 'Waiting in the queue to zip the project...', progressMessage: 'Waiting in the queue to zip the project...' })
    .where('id', p.id);
  await deps.queue.queue<ProjectJob>(QUEUES.zip).add({ projectId: p.id }, { priority: tier?.queuePriority ?? 'default' });
  return { value: true };
}

export async function abortZip(deps: AppDeps, user: User, id: number) {
  const p = await projectFor(user, id);
  if (!p.isZipping) return { value: false };
  await Project.query().patch({ zipAbort: true, isZipping: false, progressPercent: 0, statusMessage: 'Zip cancelled.', progressMessage: 'Zip cancelled.' }).where('id', p.id);
  await deps.bus.publish(`project:${p.id}`, 'project-status', { projectID: p.id, progress: 0, statusMessage: 'Zip cancelled.', message: 'Zip cancelled.' });
  return { value: true };
}

export async function zipFilePath(deps: AppDeps, user: User, id: number): Promise<{ path: string; name: string }> {
  const p = await projectFor(user, id);
  if (!p.zipFile) throw notFound();
  return { path: join(projectDir(deps, p.id), 'zip', p.zipFile), name: p.zipFile };
}

