// Downloads and exports of a project (spec 1 §7, §9): the downloads page, the project zip (the
// `project-zip` job; abort; the file), the watershed CSVs and the GIS layers as GeoJSON.
import { join } from 'node:path';
import type { Knex } from 'knex';
import { InputError, NotFoundError } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import { toCsv } from '../../db/grid.ts';
import { Dataset } from '../datasets/models.ts';
import type { User } from '../users/models.ts';
import { projectFor, tierOf } from './access.ts';
import { HRU_CSV_COLUMNS, SUBBASIN_COLUMNS, hruRow, hruRowsOf, subbasinRowsOf } from './hrus.ts';
import { Project } from './models.ts';
import { scenarioState } from './scenarios-link.ts';
import { BUSY_MESSAGE, QUEUES, csvUrls, projectDir, type ProjectJob } from './service.ts';
import { PROJECT_STATUS_EVENT, isBusy, progressOf, projectRoom, statusOf } from './status.ts';

export const WATERSHED_CSVS = ['subbasins', 'hrus-original', 'hrus-trimmed'] as const;

/** The three watershed CSVs (downloads page, project view, the zip). */
export async function watershedCsv(db: Knex, projectId: number, kind: string): Promise<string> {
  if (kind === 'subbasins') return toCsv(await subbasinRowsOf(db, projectId), SUBBASIN_COLUMNS);
  if (kind === 'hrus-original' || kind === 'hrus-trimmed') {
    const rows = (await hruRowsOf(db, projectId, kind === 'hrus-original').orderBy('sortOrder')) as Record<string, unknown>[];
    return toCsv(rows.map(hruRow), HRU_CSV_COLUMNS);
  }
  throw new NotFoundError();
}

/** One watershed CSV of a project the user may open (GET projects/csv/{id}/{kind}). */
export async function projectCsv(deps: AppDeps, user: User, id: number, kind: string): Promise<string> {
  if (!(WATERSHED_CSVS as readonly string[]).includes(kind)) throw new NotFoundError();
  const p = await projectFor(user, id);
  return watershedCsv(deps.db, p.id, kind);
}

export const GEOJSON_LAYERS = ['subbasins', 'streams'] as const;

/** A GIS layer of the project as a GeoJSON FeatureCollection. */
export async function geoJsonLayer(deps: AppDeps, user: User, id: number, layer: string) {
  const p = await projectFor(user, id);
  return geoJsonOf(deps.db, p.id, layer);
}

export async function geoJsonOf(db: Knex, projectId: number, layer: string) {
  if (!(GEOJSON_LAYERS as readonly string[]).includes(layer)) throw new NotFoundError();
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
  const p = await projectFor(user, id, 'edit');
  if (isBusy(p) || !p.isCreated) throw new InputError(BUSY_MESSAGE);
  if ((await scenarioState(deps.db, p.id)).isRunningScenarios) throw new InputError('The project cannot be zipped while scenarios are running.');
  const tier = await tierOf(user);
  await Project.query()
    .patch({ isZipping: true, zipAbort: false, zipIncludeGis: includeGis, progressPercent: 0, statusMessage: 'Waiting in the queue to zip the project...', progressMessage: 'Waiting in the queue to zip the project...' })
    .where('id', p.id);
  await deps.queue.queue<ProjectJob>(QUEUES.zip).add({ projectId: p.id }, { priority: tier?.queuePriority ?? 'default' });
  return { value: true };
}

export async function abortZip(deps: AppDeps, user: User, id: number) {
  const p = await projectFor(user, id, 'edit');
  if (!p.isZipping) return { value: false };
  await Project.query().patch({ zipAbort: true, isZipping: false, progressPercent: 0, statusMessage: 'Zip cancelled.', progressMessage: 'Zip cancelled.' }).where('id', p.id);
  await deps.bus.publish(projectRoom(p.id), PROJECT_STATUS_EVENT, { projectID: p.id, progress: 0, statusMessage: 'Zip cancelled.', message: 'Zip cancelled.' });
  return { value: true };
}

export async function zipFilePath(deps: AppDeps, user: User, id: number): Promise<{ path: string; name: string }> {
  const p = await projectFor(user, id);
  if (!p.zipFile) throw new NotFoundError();
  return { path: join(projectDir(deps, p.id), 'zip', p.zipFile), name: p.zipFile };
}
