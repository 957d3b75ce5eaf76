// Regional project runs (spec 3 §2.4, §3, §5, §7): a project covering every subbasin of one of
// a dataset's regions — the watersheds of all the region's outlets (a region may have several:
// the project then has several watershed outlets). Needs the RegionalProjects feature. The
// project is made by the `regional-project` job (job.ts) and recorded as an API request.
import { InputError, NotFoundError, type FieldErrors } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import { requireRegionalAccess } from '../api-clients/service.ts';
import { ApiRequest } from '../batch/models.ts';
import { Dataset, DatasetRegion, Subbasin } from '../datasets/models.ts';
import { publicDatasetGroups, readableDataset } from '../datasets/service.ts';
import { checkTierDataset, checkTierForCreation, tierOf } from '../projects/access.ts';
import { Project } from '../projects/models.ts';
import { watershedCounts, watershedSubbasinIds } from '../projects/watershed.ts';
import type { User } from '../users/models.ts';

export const REGIONAL_QUEUE = 'regional-project';
export type RegionalJob = { projectId: number; regionId: number; requestId: number };

export const REGIONAL_MESSAGES = {
  noRegions: 'There are no regions configured for the selected dataset. Please contact the developer if it is needed.',
  dataset: 'Please select a dataset.',
  region: 'Please select a region.',
  required: 'Required',
  tooLong: 'Must be fewer than 100 characters',
  letterOrNumber: 'Must contain at least one letter or number',
} as const;

/** GET api-requests/regionaloptions */
export async function regionalOptions(user: User) {
  await requireRegionalAccess(user);
  const datasets = await publicDatasetGroups();
  const own = await Dataset.query().modify('ownedBy', user).where({ isActive: true, isUserSubmitted: true }).orderBy('name');
  const first = datasets[0]?.options[0] as { value: number } | undefined;
  return { datasets, userDatasets: own.map((d) => ({ value: d.id, text: d.name })), defaultDataset: first?.value ?? null };
}

/** GET api-requests/datasetregionoptions/{datasetId} */
export async function datasetRegionOptions(user: User, datasetId: number) {
  await requireRegionalAccess(user);
  if (!(await readableDataset(datasetId, user))) throw new NotFoundError();
  const regions = await DatasetRegion.query().where('datasetId', datasetId).orderBy([{ column: 'sortOrder' }, { column: 'name' }]);
  return { regions: regions.map((r) => ({ value: r.id, text: r.name })), message: regions.length ? null : REGIONAL_MESSAGES.noRegions };
}

/** The subbasins of a region: the union of its outlets' watersheds. */
export async function regionSubbasins(deps: Pick<AppDeps, 'db'>, region: DatasetRegion): Promise<{ outletIds: number[]; ids: number[] }> {
  const outlets = await Subbasin.query().select('id', 'name').where('datasetId', region.datasetId).whereIn('name', region.endingSubbasinNames);
  const ids = new Set<number>();
  for (const o of outlets) for (const id of await watershedSubbasinIds(deps.db, region.datasetId, o.id, [])) ids.add(id);
  // an outlet inside another outlet's watershed is not an outlet of the project
  const outletIds = outlets.map((o) => o.id);
  return { outletIds, ids: [...ids] };
}

export type RegionalBody = { datasetID?: unknown; regionID?: unknown; projectName?: unknown };

/** POST api-requests/createregionalproject: answers the new project's id (the page opens it). */
export async function createRegionalProject(deps: AppDeps, user: User, body: RegionalBody): Promise<{ id: number; requestId: number }> {
  await requireRegionalAccess(user);
  const errors: FieldErrors = {};
  const add = (f: string, m: string) => (errors[f] ??= []).push(m);
  const datasetId = Number(body.datasetID);
  const dataset = Number.isInteger(datasetId) && datasetId > 0 ? await readableDataset(datasetId, user) : undefined;
  if (!dataset) add('datasetID', REGIONAL_MESSAGES.dataset);
  const regionId = Number(body.regionID);
  const region = dataset && Number.isInteger(regionId) && regionId > 0 ? await DatasetRegion.query().findById(regionId).where('datasetId', dataset.id) : undefined;
  if (dataset && !region) {
    const any = await DatasetRegion.query().where('datasetId', dataset.id).first();
    add('regionID', any ? REGIONAL_MESSAGES.region : REGIONAL_MESSAGES.noRegions);
  }
  const name = typeof body.projectName === 'string' ? body.projectName.trim() : '';
  if (!name) add('projectName', REGIONAL_MESSAGES.required);
  else if (name.length >= 100) add('projectName', REGIONAL_MESSAGES.tooLong);
  else if (!/[\p{L}\p{N}]/u.test(name)) add('projectName', REGIONAL_MESSAGES.letterOrNumber);
  if (Object.keys(errors).length) throw new InputError(errors);
  const tier = await tierOf(user);
  checkTierDataset(user, tier, dataset!.id);
  const { outletIds, ids } = await regionSubbasins(deps, region!);
  if (!outletIds.length || !ids.length) throw new InputError({ regionID: ['The region has no subbasins in the dataset.'] });
  const { numSubbasins, numHrus } = await watershedCounts(deps.db, ids);
  checkTierForCreation(tier, numSubbasins);
  const outletNames = (await Subbasin.query().select('name').whereIn('id', outletIds).orderBy('name')).map((s) => s.name);
  const { project, request } = await deps.db.transaction(async (trx) => {
    const project = await Project.query(trx).insert({
      userId: user.id,
      datasetId: dataset!.id,
      name,
      endingSubbasinId: outletIds[0]!,
      endingSubbasin: outletNames.join(', '),
      startingSubbasinIds: [],
      numSubbasins,
      numHrus,
      numOriginalHrus: numHrus,
      exemptLanduse: [],
      noAreaRedistribution: [],
      isRegional: true,
      isCreating: true,
      statusMessage: 'Waiting in the queue to create the project...',
      progressMessage: 'Waiting in the queue to create the project...',
      lastModifiedDate: new Date(),
    });
    const request = await ApiRequest.query(trx).insert({
      userId: user.id,
      requestType: 'Regional',
      name,
      status: 'Running',
      statusMessage: 'Creating the regional project...',
      isRunning: true,
      settings: { datasetID: dataset!.id, regionID: region!.id, region: region!.name, outlets: outletNames },
      numProjects: 1,
      projectId: project.id,
      startRunDate: new Date(),
      lastModifiedDate: new Date(),
    });
    return { project, request };
  });
  await deps.queue.queue<RegionalJob>(REGIONAL_QUEUE).add({ projectId: project.id, regionId: region!.id, requestId: request.id }, { priority: tier?.queuePriority ?? 'default', retries: 1 });
  return { id: project.id, requestId: request.id };
}
