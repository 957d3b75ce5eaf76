// The administrators' datasets (spec 3 §2.3 Datasets, §3 Admin dataset, §4 dataset active state,
// §5 admin dataset settings, §7 Admin datasets): the grid of every dataset (system and uploaded),
// one dataset's detail (settings, sharing, counts, import status, public request, the weather
// datasets offered with it), its settings, its weather datasets, delete. Sharing and the review
// of public requests are the datasets module's `adminShare` (PUT admin/datasets/share/{id}),
// which notifies the requester; this module does not duplicate it.
//
// Every change records one audit entry in the same transaction (admin-users/audit.ts).
import type { Knex } from 'knex';
import { ConflictError, InputError, NotFoundError } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import type { GridSpec } from '../../db/grid.ts';
import type { User } from '../users/models.ts';
import { record } from '../admin-users/audit.ts';
import type { AuditEntity } from '../admin-users/models.ts';
import { Dataset } from '../datasets/models.ts';

/** The audit log's entity for datasets (the column is free text; the union type is the admin-users module's). */
const DATASET_ENTITY: AuditEntity = 'dataset';

export const DATASET_GRID: GridSpec = {
  columns: [
    { field: 'id', header: 'ID', filter: false },
    { field: 'name', header: 'Name' },
    { field: 'isActive', header: 'Active', filter: false },
    { field: 'version', header: 'Version' },
    { field: 'accessibility', header: 'Accessibility' },
    { field: 'isUserSubmitted', header: 'User submitted', filter: false },
    { field: 'userName', header: 'Created by' },
    { field: 'optionGroup', header: 'Option group' },
    { field: 'optionOrder', header: 'Option order', filter: false },
    { field: 'numSubbasins', header: 'Subbasins', filter: false },
    { field: 'numHrus', header: 'HRUs', filter: false },
    { field: 'numProjects', header: 'Projects', filter: false },
    { field: 'publicRequest', header: 'Public request' },
    { field: 'createdOn', header: 'Created on', filter: false },
  ],
  defaultSort: 'optionOrder',
  defaultPerPage: 50,
};

/** GET admin/datasets: every dataset, whatever its owner, sharing or state. */
export function datasetRows(deps: Pick<AppDeps, 'db'>): Knex.QueryBuilder {
  const db = deps.db;
  return db
    .from(
      db('datasets as d')
        .leftJoin('users as u', 'u.id', 'd.userId')
        .select('d.id', 'd.name', 'd.isActive', 'd.version', 'd.accessibility', 'd.isUserSubmitted', 'd.optionGroup', 'd.optionOrder', 'd.numSubbasins', 'd.numHrus')
        .select(db.raw(`coalesce(u.user_name, '') as user_name`), db.raw('d.created_at as created_on'))
        .select(db.raw(`coalesce(d.public_request->>'status', '') as public_request`))
        .select(db.raw('(select count(*)::int from projects p where p.dataset_id = d.id) as num_projects'))
        .as('x'),
    )
    .select('*');
}

/** The settings an administrator edits (spec 3 §3 Admin dataset, editable part). */
export type DatasetSettings = {
  isActive: boolean;
  name: string;
  description: string;
  attribution: string;
  version: string;
  loadByDefault: boolean;
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
  minCn2: number | null;
  maxCn2: number | null;
  isUserSubmitted: boolean;
  optionOrder: number;
  optionGroup: string;
  restrictSelection: boolean;
  restrictionMessage: string;
  defaultSWATVersionID: number | null;
  allowOnlyDefaultSWATVersion: boolean;
  allowGisApiAccess: boolean;
  allowApiAccess: boolean;
  includeModflow: boolean;
  outline: string | Record<string, unknown>;
  iclusHruThreshold: number | null;
  useSharedWeatherDirectoryForIclus: boolean;
  defaultHruThreshold: number | null;
  allowSqliteEditorTables: boolean;
  configPath: string;
  weatherPath: string;
  calibrationPageText: string;
  hideFromHelpTable: boolean;
  useNonAgLanduseSetting: boolean;
};

async function datasetOr404(id: number, trx?: Knex.Transaction): Promise<Dataset> {
  const d = await Dataset.query(trx).findById(id);
  if (!d) throw new NotFoundError();
  return d;
}

function view(d: Dataset, extra: { userName: string; groupIDs: number[]; tierIDs: number[]; numProjects: number; importStatus: unknown }) {
  return {
    id: d.id,
    isActive: d.isActive,
    name: d.name,
    description: d.description,
    attribution: d.attribution,
    version: d.version,
    loadByDefault: d.loadByDefault,
    minLat: d.minLat,
    maxLat: d.maxLat,
    minLon: d.minLon,
    maxLon: d.maxLon,
    minCn2: d.minCn2,
    maxCn2: d.maxCn2,
    isUserSubmitted: d.isUserSubmitted,
    optionOrder: d.optionOrder,
    optionGroup: d.optionGroup,
    restrictSelection: d.restrictSelection,
    restrictionMessage: d.restrictionMessage,
    defaultSWATVersionID: d.defaultSwatVersionId,
    allowOnlyDefaultSWATVersion: d.allowOnlyDefaultSwatVersion,
    allowGisApiAccess: d.allowGisApiAccess,
    allowApiAccess: d.allowApiAccess,
    includeModflow: d.includeModflow,
    outline: d.outline ? JSON.stringify(d.outline) : '',
    iclusHruThreshold: d.iclusHruThreshold,
    useSharedWeatherDirectoryForIclus: d.useSharedWeatherDirectoryForIclus,
    defaultHruThreshold: d.defaultHruThreshold,
    allowSqliteEditorTables: d.allowSqliteEditorTables,
    configPath: d.configPath,
    weatherPath: d.weatherPath,
    calibrationPageText: d.calibrationPageText,
    hideFromHelpTable: d.hideFromHelpTable,
    useNonAgLanduseSetting: d.useNonAgLanduseSetting,
    // read-only
    createdOn: (d as unknown as { createdAt: Date }).createdAt,
    userName: extra.userName,
    userID: d.userId,
    accessibility: d.accessibility,
    isPublic: d.accessibility === 'Public',
    groupIDs: extra.groupIDs,
    tierIDs: extra.tierIDs,
    counts: { subbasins: d.numSubbasins, hrus: d.numHrus, projects: extra.numProjects },
    importID: d.importId,
    importStatus: extra.importStatus,
    publicRequest: d.publicRequest,
  };
}

/** GET admin/datasets/{id}: the detail response of spec 3 §3 (dataset, groups, tiers, swatVersions, weather). */
export async function datasetDetail(deps: Pick<AppDeps, 'db'>, id: number) {
  const db = deps.db;
  const d = await datasetOr404(id);
  const [owner, groupRows, tierRows, [{ n }], imp, allGroups, allTiers, versions, weatherAll, weatherLinked] = await Promise.all([
    d.userId ? db('users').where('id', d.userId).first('userName') : undefined,
    db('dataset_groups').where('datasetId', id).select('groupId'),
    db('dataset_tiers').where('datasetId', id).select('tierId'),
    db('projects').where('datasetId', id).count({ n: '*' }) as Promise<{ n: string }[]>,
    db('dataset_imports').where('datasetId', id).first(),
    db('groups').orderBy('name').select('id', 'name'),
    db('tiers').orderBy('name').select('id', 'name'),
    db('swat_versions').orderBy('name').select('id', 'name', 'isDisabled'),
    db('weather_datasets').orderBy([{ column: 'sortOrder' }, { column: 'name' }]).select('id', 'name', 'isActive', 'startDate', 'endDate'),
    db('dataset_weather_datasets').where('datasetId', id).select('weatherDatasetId', 'isDefault'),
  ]);
  // the calibrated watersheds of the dataset (loaded from its files; the calibration editor offers
  // each one's option to scenarios): shown read-only on the Overview tab
  const calibrations = (await db('calibrations as c')
    .join('calibration_groups as g', 'g.id', 'c.groupId')
    .join('subbasins as s', 's.id', 'c.endingSubbasinId')
    .where('c.datasetId', id)
    .orderBy([{ column: 'c.sortOrder' }, { column: 'c.id' }])
    .select('c.id', 'c.name', 'g.name as group', 's.name as endingSubbasin', db.raw('c.parameters is not null as has_option'))
    .select(db.raw('(select count(*)::int from calibration_sites cs where cs.calibration_id = c.id) as num_sites'))) as { id: number; name: string; group: string; endingSubbasin: string; hasOption: boolean; numSites: number }[];
  const importStatus = imp
    ? { isRunning: !!imp.isRunning, hasError: !!imp.hasError, exceptionMessage: imp.exceptionMessage ?? '', progress: { percent: imp.progressPercent ?? 0, message: imp.progressMessage ?? '' } }
    : null;
  return {
    dataset: view(d, { userName: owner?.userName ?? '', groupIDs: groupRows.map((r) => r.groupId), tierIDs: tierRows.map((r) => r.tierId), numProjects: Number(n), importStatus }),
    groups: allGroups.map((g) => ({ value: g.id, text: g.name })),
    tiers: allTiers.map((t) => ({ value: t.id, text: t.name })),
    calibrations,
    swatVersions: versions.map((v) => ({ value: v.id, text: v.name, disabled: !!v.isDisabled })),
    weather: {
      options: weatherAll.map((w) => ({ value: w.id, text: w.name, isActive: w.isActive, startDate: w.startDate, endDate: w.endDate })),
      datasets: weatherLinked.map((w) => ({ id: w.weatherDatasetId, isDefault: w.isDefault })),
    },
  };
}

/** PUT admin/datasets/{id}: every setting (validated by the route); activating and deactivating
 * is the isActive field (inactive datasets leave the choices for new projects, spec 3 §4). */
export async function updateDataset(deps: Pick<AppDeps, 'db'>, admin: User, id: number, s: DatasetSettings) {
  const current = await datasetOr404(id);
  // spec 3 §5 / §9: name 50, description 200, attribution 100 characters. A value left as it was
  // passes: the shipped LREW attribution (236 characters, its full citation) must not block saving
  // the other settings.
  const tooLong: Record<string, string[]> = {};
  for (const [field, max] of [['name', 50], ['description', 200], ['attribution', 100]] as const) {
    const v = field === 'name' ? s.name.trim() : s[field];
    if (v.length > max && v !== current[field]) tooLong[field] = [`Must be at most ${max} characters`];
  }
  if (Object.keys(tooLong).length) throw new InputError(tooLong);
  if (s.minLat > s.maxLat) throw new InputError({ maxLat: ['Must not be less than the minimum latitude.'] });
  if (s.minLon > s.maxLon) throw new InputError({ maxLon: ['Must not be less than the minimum longitude.'] });
  if (s.minCn2 !== null && s.maxCn2 !== null && s.minCn2 > s.maxCn2) throw new InputError({ maxCn2: ['Must not be less than the minimum curve number.'] });
  let outline: unknown = typeof s.outline === 'string' ? null : s.outline;
  if (typeof s.outline === 'string' && s.outline.trim()) {
    try {
      outline = JSON.parse(s.outline);
    } catch {
      throw new InputError({ outline: ['Must be GeoJSON text.'] });
    }
  }
  if (outline !== null) {
    if (!outline || typeof outline !== 'object' || (outline as { type?: unknown }).type !== 'FeatureCollection') throw new InputError({ outline: ['Must be a GeoJSON FeatureCollection.'] });
  }
  if (s.defaultSWATVersionID !== null && !(await deps.db('swat_versions').where('id', s.defaultSWATVersionID).first('id'))) {
    throw new InputError({ defaultSWATVersionID: ['No such SWAT version.'] });
  }
  return deps.db.transaction(async (trx) => {
    const d = await datasetOr404(id, trx);
    const patch = {
      isActive: s.isActive,
      name: s.name.trim(),
      description: s.description,
      attribution: s.attribution,
      version: s.version.trim(),
      loadByDefault: s.loadByDefault,
      minLat: s.minLat,
      maxLat: s.maxLat,
      minLon: s.minLon,
      maxLon: s.maxLon,
      minCn2: s.minCn2,
      maxCn2: s.maxCn2,
      isUserSubmitted: s.isUserSubmitted,
      optionOrder: s.optionOrder,
      optionGroup: s.optionGroup,
      restrictSelection: s.restrictSelection,
      restrictionMessage: s.restrictionMessage,
      defaultSwatVersionId: s.defaultSWATVersionID,
      allowOnlyDefaultSwatVersion: s.allowOnlyDefaultSWATVersion,
      allowGisApiAccess: s.allowGisApiAccess,
      allowApiAccess: s.allowApiAccess,
      includeModflow: s.includeModflow,
      outline: outline ? JSON.stringify(outline) : null,
      iclusHruThreshold: s.iclusHruThreshold,
      useSharedWeatherDirectoryForIclus: s.useSharedWeatherDirectoryForIclus,
      defaultHruThreshold: s.defaultHruThreshold,
      allowSqliteEditorTables: s.allowSqliteEditorTables,
      configPath: s.configPath,
      weatherPath: s.weatherPath,
      calibrationPageText: s.calibrationPageText,
      hideFromHelpTable: s.hideFromHelpTable,
      useNonAgLanduseSetting: s.useNonAgLanduseSetting,
      updatedAt: new Date(),
    };
    await trx('datasets').where('id', id).update(patch);
    const changed = d.isActive !== s.isActive ? (s.isActive ? 'activate' : 'deactivate') : 'update';
    await record(trx, admin, DATASET_ENTITY, { id, name: patch.name }, changed);
    return { id, isActive: s.isActive };
  });
}

/** PUT admin/datasets/weather/{id}: the weather datasets offered with the dataset (the Weather
 * Options tab); `defaultWeatherDatasetID` (one of them) is preselected in scenarios. */
export async function setWeather(deps: Pick<AppDeps, 'db'>, admin: User, id: number, weatherDatasets: number[], defaultId: number | null) {
  const ids = [...new Set(weatherDatasets)];
  if (defaultId !== null && !ids.includes(defaultId)) throw new InputError({ defaultWeatherDatasetID: ['The default must be one of the selected weather datasets.'] });
  return deps.db.transaction(async (trx) => {
    const d = await datasetOr404(id, trx);
    const known = ids.length ? ((await trx('weather_datasets').whereIn('id', ids).select('id')) as { id: number }[]).map((r) => r.id) : [];
    if (known.length !== ids.length) throw new InputError({ weatherDatasets: ['No such weather dataset.'] });
    await trx('dataset_weather_datasets').where('datasetId', id).delete();
    if (ids.length) await trx('dataset_weather_datasets').insert(ids.map((w) => ({ datasetId: id, weatherDatasetId: w, isDefault: w === defaultId })));
    await record(trx, admin, DATASET_ENTITY, { id, name: d.name }, 'weather', ids.join(','));
    return { id, weatherDatasets: ids, defaultWeatherDatasetID: defaultId };
  });
}

/** DELETE admin/datasets/{id} (Admin only): refused while projects use it (they keep working
 * against their dataset; deactivate it instead). */
export async function deleteDataset(deps: Pick<AppDeps, 'db'>, admin: User, id: number) {
  return deps.db.transaction(async (trx) => {
    const d = await datasetOr404(id, trx);
    const [{ n }] = (await trx('projects').where('datasetId', id).count({ n: '*' })) as { n: string }[];
    if (Number(n) > 0) throw new ConflictError(`This dataset is used by ${n} project(s); deactivate it instead.`);
    await trx('dataset_imports').where('datasetId', id).update({ datasetId: null }).catch(() => undefined);
    await trx('datasets').where('id', id).delete();
    await record(trx, admin, DATASET_ENTITY, { id, name: d.name }, 'delete');
    return { id };
  });
}
