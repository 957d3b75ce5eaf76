// Projects (spec 1 §2–§7): list, create (a job), view, rename, copy (a job), delete, clear
// error, metadata and map. HRUs are hrus.ts, downloads and exports downloads.ts, documents
// documents.ts. Every call reaches its project through `projectFor` (access.ts) with the action
// it needs (view, edit, share, delete: owner, group members, administrators); the user's lists
// are their own projects (`ownedBy`; projects shared with their groups are groups/projects).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { raw } from 'objection';
import { InputError } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import { camelRow, preparedRows } from '../../db/index.ts';
import { Notification } from '../accounts/models.ts';
import { Dataset, Subbasin } from '../datasets/models.ts';
import { readableDataset } from '../datasets/service.ts';
import { hasGroups, pendingInvites, projectGroups, shareOptions } from '../groups/service.ts';
import type { User } from '../users/models.ts';
import { IS_MEMBER_SQL, NAME_MESSAGES, authorize, checkProjectName, checkTierDataset, checkTierForCreation, permissionsOf, projectFor, tierOf } from './access.ts';
import { Project, ProjectSubbasin } from './models.ts';
import { scenarioMetadata } from '../scenarios/metadata.ts';
import { SCENARIO_COUNT_SQL, scenarioState, type ScenarioState } from './scenarios-link.ts';
import { isBusy, progressOf, statusOf } from './status.ts';
import { watershedCounts, watershedSubbasinIds } from './watershed.ts';
import { isImportingV1 } from '../migration-v1/service.ts';

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

export { PROJECT_GRID } from './grid.ts';

/**
 * The rows of the user's projects grid (a knex query for the grid helpers). Wrapped in an
 * object: a knex builder is a thenable, and returning one from an async function would run it.
 */
export function projectRowsQuery(db: Knex, user: User): { query: Knex.QueryBuilder } {
  const query = Project.query(db)
    .alias('p')
    .select(
      'p.id',
      'p.name',
      'p.lastModifiedDate',
      raw('coalesce(d.name, ?) as dataset', ['']),
      'p.datasetId',
      'p.endingSubbasin',
      'p.numSubbasins',
      'p.numHrus',
      'p.totalArea',
      raw(`${SCENARIO_COUNT_SQL} as num_scenarios`),
      'p.isCreating',
      'p.isCopying',
      'p.isSettingHrus',
      'p.isZipping',
      'p.hasError',
    )
    .leftJoin('datasets as d', 'd.id', 'p.datasetId')
    .modify('ownedBy', user)
    .toKnexQuery();
  return { query };
}

async function recentProjects(deps: AppDeps, user: User, limit: number) {
  const rows = (await projectRowsQuery(deps.db, user).query.orderBy('p.lastModifiedDate', 'desc').orderBy('p.id', 'desc').limit(limit)) as Record<string, unknown>[];
  const projects = new Map((rows.length ? await Project.query().findByIds(rows.map((r) => r.id as number)) : []).map((p) => [p.id, p]));
  const out = [];
  for (const r of rows) {
    const p = projects.get(r.id as number);
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
  const notifications = await Notification.query().modify('accessibleBy', user).orderBy('notificationDate', 'desc').limit(50);
  return {
    projects: await recentProjects(deps, user, 10),
    notifications: notifications.map((n) => ({ id: n.id, title: n.title, details: n.details, url: n.url, urlText: n.urlText, notificationDate: n.notificationDate })),
    hasAccessToUploads: await hasAccessToUploads(user),
  };
}

export async function recentActivity(deps: AppDeps, user: User) {
  return {
    projects: await recentProjects(deps, user, 6),
    hasGroups: await hasGroups(user),
    hasAccessToUploads: await hasAccessToUploads(user),
    groupInvites: await pendingInvites(user),
    isImporting: await isImportingV1(deps, user), // version-1 projects importing: the dashboard's banner
  };
}

// ─── one project ────────────────────────────────────────────────────────────────────────

/** The watershed CSVs of a project (downloads.ts answers them). */
export function csvUrls(id: number) {
  return {
    subbasinsCsv: `/api/projects/csv/${id}/subbasins`,
    hrusOriginalCsv: `/api/projects/csv/${id}/hrus-original`,
    hrusTrimmedCsv: `/api/projects/csv/${id}/hrus-trimmed`,
  };
}

/**
 * A dataset's name. Only the name: a dataset row also holds its SWAT inputs and outline as JSON
 * (hundreds of kilobytes), and reading the whole row on every project page was most of that
 * call's cost (bench/suites/api.ts).
 */
export async function datasetName(datasetId: number | null | undefined): Promise<string> {
  if (!datasetId) return '';
  const row = await Dataset.query().findById(datasetId).select('name');
  return row?.name ?? '';
}

/** A project as its pages read it (GET projects/{id}, the HRU page). */
export async function projectJson(deps: AppDeps, p: Project, known?: Pick<PageExtras, 'dataset' | 'scenarios'>) {
  // independent reads side by side: a page's answer waits for the slowest, not for the sum
  const [dataset, scen, starting] = await Promise.all([
    known ? known.dataset : datasetName(p.datasetId),
    known ? known.scenarios : scenarioState(deps.db, p.id),
    p.startingSubbasinIds.length
      ? ProjectSubbasin.query().select('subbasinId', 'name').where({ projectId: p.id, isStarting: true }).orderBy('number').then((rows) => rows.map((s) => ({ id: s.subbasinId, name: s.name })))
      : [],
  ]);
  return {
    id: p.id,
    name: p.name,
    numSubbasins: p.numSubbasins,
    numHrus: p.numHrus,
    numOriginalHrus: p.numOriginalHrus,
    totalArea: p.totalArea,
    totalLandArea: p.totalLandArea,
    dataset,
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

export async function getProject(deps: AppDeps, user: User, id: number) {
  // The project page polls this call while a job runs, so it is ONE round trip (bench/suites/
  // api.ts): the project with the user's group membership (for the access rule, applied by
  // `authorize` exactly as projectFor does), the dataset's name, the scenarios, the user's tier
  // and whether any group is involved. The groups' own queries run only when the project is
  // shared or the user is in a group (their rules stay in the groups service).
  const page = await projectPage(deps.db, user, id);
  const role = await authorize(user, page.project, 'view', undefined, { member: page.member });
  const p = page.project!;
  const permissions = permissionsOf(role);
  const extras = page.extras;
  const tier = extras.tier;
  const [groups, groupOptions] = await Promise.all([
    extras.shared ? projectGroups(user, p) : [],
    extras.inGroups && permissions.share ? shareOptions(user, p) : [],
  ]);
  return {
    project: { ...(await projectJson(deps, p, extras)), groups },
    tier: tier ? { id: tier.id, name: tier.name, subbasinLimit: tier.subbasinLimit, hruLimit: tier.hruLimit, datasets: tier.datasets } : null,
    status: statusOf(p),
    /** the groups the user may share it with (the owner's groups it is not shared with yet) */
    groupOptions,
    /** what the user may do with it (owner, group member, administrator): the pages show only what works */
    permissions,
    progress: progressOf(p),
  };
}

type PageExtras = {
  dataset: string;
  scenarios: ScenarioState;
  shared: boolean;
  inGroups: boolean;
  tier: { id: number; name: string; subbasinLimit: number; hruLimit: number; datasets: number[] } | null;
};

const TIER_JSON = "json_build_object('id', id, 'name', name, 'subbasinLimit', subbasin_limit, 'hruLimit', hru_limit, 'datasets', datasets)";
/** A timestamp as epoch milliseconds in JSON (exact for timestamptz; pg's own Date parsing keeps milliseconds too). */
const ms = (column: string) => `floor(extract(epoch from ${column}) * 1000)`;
/** The project page's query (bindings: user id twice, the user's tier id, the project id). */
const PROJECT_PAGE_SQL = `select p.*,
    ${IS_MEMBER_SQL} as hw_member,
    (select name from datasets d where d.id = p.dataset_id) as hw_dataset,
    exists (select 1 from group_projects gp where gp.project_id = p.id) as hw_shared,
    exists (select 1 from group_members gm where gm.user_id = ?) as hw_in_groups,
    coalesce((select ${TIER_JSON} from tiers where id = ?), (select ${TIER_JSON} from tiers where is_default limit 1)) as hw_tier,
    (select coalesce(json_agg(json_build_array(s.id, s.name, s.has_run, s.is_running, ${ms('s.last_run_date')}, ${ms('s.last_modified_date')}) order by s.id), '[]')
       from scenarios s where s.project_id = p.id) as hw_scenarios
  from projects p where p.id = ?`;

type PageFacts = {
  hw_member: boolean;
  hw_dataset: string | null;
  hw_shared: boolean;
  hw_in_groups: boolean;
  hw_tier: PageExtras['tier'];
  hw_scenarios: [number, string, boolean, boolean, number | null, number | null][];
};

/** The project page's reads in one query (a prepared statement): the project row, IS_MEMBER_SQL
 * and the small extras. `project` is undefined when no project has this id. */
async function projectPage(db: Knex, user: User, id: number): Promise<{ project: Project | undefined; member: boolean; extras: PageExtras }> {
  const [row] = await preparedRows<Record<string, unknown> & PageFacts>(db, 'project-page', PROJECT_PAGE_SQL, [user.id, user.id, tierIdOf(user), id]);
  const extras: PageExtras = { dataset: '', scenarios: { numScenarios: 0, isRunningScenarios: false, scenarios: [] }, shared: false, inGroups: false, tier: null };
  if (!row) return { project: undefined, member: false, extras };
  // the page's facts are not the project's: never part of the model
  const { hw_member, hw_dataset, hw_shared, hw_in_groups, hw_tier, hw_scenarios, ...columns } = row;
  const scenarios = hw_scenarios.map(([sid, name, hasRun, isRunning, lastRun, lastModified]) => ({
    id: sid,
    name,
    hasRun,
    isRunning,
    lastRunDate: lastRun === null ? null : new Date(lastRun),
    lastModifiedDate: lastModified === null ? null : new Date(lastModified),
  }));
  Object.assign(extras, {
    dataset: hw_dataset ?? '',
    scenarios: { numScenarios: scenarios.length, isRunningScenarios: scenarios.some((s) => s.isRunning), scenarios },
    shared: hw_shared,
    inGroups: hw_in_groups,
    tier: hw_tier ?? null,
  });
  return { project: Project.fromDatabaseJson(camelRow(columns)), member: hw_member, extras };
}

/** The user's own tier while it has not expired, else null (the default tier then): as tierOf. */
function tierIdOf(user: User): number | null {
  const expired = user.tierExpiration && new Date(user.tierExpiration).getTime() < Date.now();
  return user.tierId && !expired ? user.tierId : null;
}

export async function basicInfo(user: User, id: number) {
  const p = await projectFor(user, id);
  return {
    id: p.id,
    name: p.name,
    dataset: await datasetName(p.datasetId),
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
  if (!dataset) throw new InputError({ datasetID: ['Please select a dataset.'] });
  const tier = await tierOf(user);
  checkTierDataset(user, tier, dataset.id);
  const ids = await watershedSubbasinIds(deps.db, dataset.id, input.endID, input.startIDs);
  if (!ids.length) throw new InputError({ endID: ['Please select a subbasin within the study area.'] });
  const { numSubbasins, numHrus } = await watershedCounts(deps.db, ids);
  checkTierForCreation(tier, numSubbasins);
  const end = (await Subbasin.query().findById(input.endID).select('name'))!;
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
  if (isBusy(source) || !source.isCreated) throw new InputError(BUSY_MESSAGE);
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
  const p = await projectFor(user, id, 'edit');
  const name = checkProjectName(value, 'value', NAME_MESSAGES.renameRequired);
  await Project.query().patch({ name, lastModifiedDate: new Date() }).where('id', p.id);
  return { id: p.id, value: name, name };
}

export async function deleteProject(deps: AppDeps, user: User, id: number): Promise<void> {
  const p = await projectFor(user, id, 'delete');
  const scen = await scenarioState(deps.db, p.id);
  if (scen.isRunningScenarios) throw new InputError('The project has scenarios running. Please wait for them to finish or cancel them first.');
  await Project.query().deleteById(p.id);
  rmSync(projectDir(deps, p.id), { recursive: true, force: true });
}

export async function clearError(user: User, id: number) {
  const p = await projectFor(user, id, 'edit');
  await Project.query().patch({ hasError: false, exceptionMessage: '', statusMessage: '', progressMessage: '', progressPercent: 0 }).where('id', p.id);
  return { value: true };
}

// ─── metadata, map ──────────────────────────────────────────────────────────────────────

export async function metadata(deps: AppDeps, user: User, id: number) {
  const p = await projectFor(user, id);
  const dataset = { name: await datasetName(p.datasetId) };
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
    // the scenario rows and their saved input modifications (scenarios/metadata.ts)
    ...(await scenarioMetadata(deps, p.id)),
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
