// The project jobs the workers run (spec 1 §4): create, copy, set HRUs, zip. Each reports
// progress on the project (status.ts) and, on failure, keeps the error on the project until
// Clear Error. Work is done in batches outside one long transaction, so progress can be stored
// between batches (PGlite has one connection); a failed create or copy removes its partial rows.
import { cpSync, createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import yazl from 'yazl';
import { setHrus, type HruInput } from '@headwater/swat/hru/index.ts';
import type { AppDeps } from '../../deps.ts';
import type { Handler, JobContext } from '../../jobs/queue.ts';
import { Project } from './models.ts';
import { geoJsonOf, watershedCsv, WATERSHED_CSVS } from './downloads.ts';
import { QUEUES, projectDir, type ProjectJob } from './service.ts';
import { reportProjectError, reportProjectProgress } from './status.ts';
import { copyHrus, copySubbasins, pgArray, projectTotals, watershedSubbasinIds } from './watershed.ts';

class ProjectGone extends Error {}

async function load(id: number): Promise<Project> {
  const p = await Project.query().findById(id);
  if (!p) throw new ProjectGone(`project ${id} was deleted`);
  return p;
}

function guarded(deps: AppDeps, run: (deps: AppDeps, job: JobContext<ProjectJob>) => Promise<void>): Handler<ProjectJob, void> {
  return async (job) => {
    try {
      await run(deps, job);
    } catch (err) {
      if (err instanceof ProjectGone || !(await Project.query().findById(job.data.projectId))) return; // deleted meanwhile: nothing to report
      await reportProjectError(deps, job.data.projectId, err);
    }
  };
}

// ─── create ─────────────────────────────────────────────────────────────────────────────

async function createJob(deps: AppDeps, job: JobContext<ProjectJob>): Promise<void> {
  const id = job.data.projectId;
  const p = await load(id);
  const db = deps.db;
  await reportProjectProgress(deps, id, 1, 'Finding the watershed...');
  try {
    await db('project_hrus').where('projectId', id).delete();
    await db('project_subbasins').where('projectId', id).delete();
    const ids = await watershedSubbasinIds(db, p.datasetId!, p.endingSubbasinId!, p.startingSubbasinIds);
    if (!ids.length) throw new Error('The ending subbasin is no longer in the dataset.');
    await copySubbasins(db, id, p.endingSubbasinId!, ids, p.startingSubbasinIds);
    await reportProjectProgress(deps, id, 5, `Copying ${ids.length.toLocaleString('en-US')} subbasins...`);
    // HRUs in batches of subbasins, about 20 steps of progress.
    const n = ids.length;
    const step = Math.max(1, Math.ceil(n / 20));
    for (let from = 1; from <= n; from += step) {
      await load(id);
      const [{ c }] = (await db('project_hrus').count({ c: '*' }).where('projectId', id)) as { c: string }[];
      await copyHrus(db, id, from, Math.min(n, from + step - 1), Number(c));
      const done = Math.min(n, from + step - 1);
      await reportProjectProgress(deps, id, 5 + (90 * done) / n, `Copying HRUs: ${done.toLocaleString('en-US')} of ${n.toLocaleString('en-US')} subbasins...`);
    }
    await db.raw('analyze project_hrus').catch(() => {}); // fresh planner statistics after a bulk insert
    const totals = await projectTotals(db, id);
    await Project.query().patch({ ...totals, lastModifiedDate: new Date() }).where('id', id);
  } catch (err) {
    await db('project_hrus').where('projectId', id).delete().catch(() => {});
    await db('project_subbasins').where('projectId', id).delete().catch(() => {});
    throw err;
  }
  await reportProjectProgress(deps, id, 100, 'Project created.', { isCreating: false, isCreated: true, hasError: false });
}

// ─── copy ───────────────────────────────────────────────────────────────────────────────

async function copyJob(deps: AppDeps, job: JobContext<ProjectJob>): Promise<void> {
  const id = job.data.projectId;
  const sourceId = job.data.sourceId!;
  await load(id);
  const db = deps.db;
  await reportProjectProgress(deps, id, 1, 'Copying the project...');
  try {
    await db.raw(
      `insert into project_subbasins (project_id, subbasin_id, number, dataset_number, name, downstream_subbasin_id, downstream_name,
                                      area, land_area, cumulative_area, elevation, num_hrus, is_downstream, is_starting)
       select ?, subbasin_id, number, dataset_number, name, downstream_subbasin_id, downstream_name,
              area, land_area, cumulative_area, elevation, num_hrus, is_downstream, is_starting
         from project_subbasins where project_id = ?`,
      [id, sourceId],
    );
    const [{ max }] = (await db('project_subbasins').max({ max: 'number' }).where('projectId', id)) as { max: number | null }[];
    const n = Number(max ?? 0);
    const step = Math.max(1, Math.ceil(n / 20));
    for (let from = 1; from <= n; from += step) {
      await load(id);
      const to = Math.min(n, from + step - 1);
      await db.raw(
        `insert into project_hrus (project_id, hru_id, subbasin_id, subbasin, subbasin_name, number, landuse, soil, slope_class, slope, slope_length,
                                   original_area, original_fraction, area, fraction, cn2, ov_n, sort_order, removed)
         select ?, hru_id, subbasin_id, subbasin, subbasin_name, number, landuse, soil, slope_class, slope, slope_length,
                original_area, original_fraction, area, fraction, cn2, ov_n, sort_order, removed
           from project_hrus where project_id = ? and subbasin between ? and ?`,
        [id, sourceId, from, to],
      );
      await reportProjectProgress(deps, id, 5 + (85 * to) / n, `Copying HRUs: ${to.toLocaleString('en-US')} of ${n.toLocaleString('en-US')} subbasins...`);
    }
    const docs = join(projectDir(deps, sourceId), 'documents');
    if (existsSync(docs)) cpSync(docs, join(projectDir(deps, id), 'documents'), { recursive: true });
    const totals = await projectTotals(db, id);
    await Project.query().patch({ ...totals, lastModifiedDate: new Date() }).where('id', id);
  } catch (err) {
    await db('project_hrus').where('projectId', id).delete().catch(() => {});
    await db('project_subbasins').where('projectId', id).delete().catch(() => {});
    throw err;
  }
  await reportProjectProgress(deps, id, 100, 'Project copied.', { isCreating: false, isCopying: false, isCreated: true, hasError: false });
}

// ─── set HRUs ───────────────────────────────────────────────────────────────────────────

const UPDATE_BATCH = 25_000;

async function setHrusJob(deps: AppDeps, job: JobContext<ProjectJob>): Promise<void> {
  const id = job.data.projectId;
  const p = await load(id);
  const db = deps.db;
  await reportProjectProgress(deps, id, 2, 'Reading HRUs...');
  const rows = (await db('project_hrus').select('id', 'subbasin', 'landuse', 'soil', 'slopeClass', 'originalArea', 'originalFraction').where('projectId', id).orderBy('id')) as {
    id: string | number;
    subbasin: number;
    landuse: string;
    soil: string;
    slopeClass: string;
    originalArea: number;
    originalFraction: number;
  }[];
  const hrus: HruInput[] = rows.map((r) => ({ id: Number(r.id), subbasin: r.subbasin, landuse: r.landuse, soil: r.soil, slopeClass: r.slopeClass, area: r.originalArea, fraction: r.originalFraction }));
  await reportProjectProgress(deps, id, 15, `Setting HRUs for ${hrus.length.toLocaleString('en-US')} HRUs...`);
  const result = setHrus(hrus, {
    method: p.method!,
    targetThreshold: p.targetThreshold ?? undefined,
    landuseThreshold: p.landuseThreshold ?? undefined,
    soilThreshold: p.soilThreshold ?? undefined,
    slopeThreshold: p.slopeThreshold ?? undefined,
    units: p.units ?? 'km2',
    exemptLanduse: p.exemptLanduse,
    noAreaRedistribution: p.noAreaRedistribution,
  });
  for (let start = 0; start < hrus.length; start += UPDATE_BATCH) {
    await load(id);
    const end = Math.min(hrus.length, start + UPDATE_BATCH);
    const ids: number[] = [];
    const areas: string[] = [];
    const fractions: string[] = [];
    const removed: string[] = [];
    for (let i = start; i < end; i++) {
      ids.push(hrus[i]!.id);
      areas.push(String(result.area[i]));
      fractions.push(String(result.fraction[i]));
      removed.push(result.kept[i] ? 'f' : 't');
    }
    await db.raw(
      `update project_hrus h set area = u.area, fraction = u.fraction, removed = u.removed
         from unnest(?::bigint[], ?::float8[], ?::float8[], ?::bool[]) as u(id, area, fraction, removed)
        where h.id = u.id and h.project_id = ?`,
      [pgArray(ids), `{${areas.join(',')}}`, `{${fractions.join(',')}}`, `{${removed.join(',')}}`, id],
    );
    await reportProjectProgress(deps, id, 20 + (75 * end) / hrus.length, `Saving HRUs: ${end.toLocaleString('en-US')} of ${hrus.length.toLocaleString('en-US')}...`);
  }
  await db.raw('analyze project_hrus').catch(() => {}); // fresh planner statistics after a bulk update
  const removedLanduse = new Set(result.originalGroups.landuse.map((g) => g.name));
  for (const g of result.trimmedGroups.landuse) removedLanduse.delete(g.name);
  const trimmedLanduseArea = result.originalGroups.landuse.filter((g) => removedLanduse.has(g.name)).reduce((s, g) => s + g.area, 0);
  await Project.query()
    .patch({ numHrus: result.numHrus, originalGroups: result.originalGroups, trimmedGroups: result.trimmedGroups, trimmedLanduseArea, lastModifiedDate: new Date() })
    .where('id', id);
  await reportProjectProgress(deps, id, 100, `HRUs set: ${result.numHrus.toLocaleString('en-US')} of ${result.numOriginalHrus.toLocaleString('en-US')} HRUs kept.`, {
    isSettingHrus: false,
    hasSetHrus: true,
    hasError: false,
  });
}

// ─── zip ────────────────────────────────────────────────────────────────────────────────

class ZipAborted extends Error {}

function safeFileName(name: string): string {
  return name.replace(/[^\p{L}\p{N}._ -]+/gu, '_').trim().slice(0, 80) || 'project';
}

async function zipJob(deps: AppDeps, job: JobContext<ProjectJob>): Promise<void> {
  const id = job.data.projectId;
  const p = await load(id);
  const db = deps.db;
  const dir = projectDir(deps, id);
  const zipDir = join(dir, 'zip');
  mkdirSync(zipDir, { recursive: true });
  const tmp = join(zipDir, `.building-${job.id}.zip`);
  const checkAbort = async () => {
    const now = await load(id);
    if (now.zipAbort || !now.isZipping) throw new ZipAborted();
  };
  try {
    await checkAbort();
    await reportProjectProgress(deps, id, 2, 'Zipping the project...');
    const zip = new yazl.ZipFile();
    const done = new Promise<void>((resolve, reject) => {
      const out = createWriteStream(tmp);
      out.on('finish', () => resolve());
      out.on('error', reject);
      zip.outputStream.on('error', reject);
      zip.outputStream.pipe(out);
    });
    const base = safeFileName(p.name);
    const info = { ...p, zipAbort: undefined, progressPercent: undefined, progressMessage: undefined };
    zip.addBuffer(Buffer.from(JSON.stringify(info, null, 2)), `${base}/project.json`);
    let step = 0;
    const steps = WATERSHED_CSVS.length + (p.zipIncludeGis ? 2 : 0) + 1;
    for (const kind of WATERSHED_CSVS) {
      await checkAbort();
      zip.addBuffer(Buffer.from(await watershedCsv(db, id, kind)), `${base}/watershed/${kind}.csv`);
      await reportProjectProgress(deps, id, 5 + (80 * ++step) / steps, `Zipping the project: ${kind}.csv...`);
    }
    if (p.zipIncludeGis) {
      for (const layer of ['subbasins', 'streams']) {
        await checkAbort();
        zip.addBuffer(Buffer.from(JSON.stringify(await geoJsonOf(db, id, layer))), `${base}/gis/${layer}.geojson`);
        await reportProjectProgress(deps, id, 5 + (80 * ++step) / steps, `Zipping the project: ${layer}.geojson...`);
      }
    }
    const docs = join(dir, 'documents');
    if (existsSync(docs)) for (const f of readdirSync(docs)) zip.addFile(join(docs, f), `${base}/documents/${f}`);
    // the SWAT inputs and outputs of every scenario that has run (its scenario files)
    const ran = (await db('scenarios').where({ projectId: id, hasFiles: true }).orderBy('id').select('id', 'name')) as { id: number; name: string }[];
    const used = new Set<string>();
    for (const s of ran) {
      const folder = join(deps.config.filesDir, 'scenarios', String(s.id), 'TxtInOut');
      if (!existsSync(folder)) continue;
      let name = safeFileName(s.name);
      if (used.has(name)) name = `${name}-${s.id}`;
      used.add(name);
      for (const f of readdirSync(folder).sort()) zip.addFile(join(folder, f), `${base}/scenarios/${name}/TxtInOut/${f}`);
    }
    zip.end();
    await done;
    await checkAbort();
    const name = `${base}.zip`;
    for (const f of readdirSync(zipDir)) if (!f.startsWith('.building-')) rmSync(join(zipDir, f), { force: true });
    renameSync(tmp, join(zipDir, name));
    await Project.query().patch({ zipFile: name, zipCreatedOn: new Date() }).where('id', id);
    await reportProjectProgress(deps, id, 100, 'Project zipped.', { isZipping: false });
  } catch (err) {
    rmSync(tmp, { force: true });
    if (err instanceof ZipAborted) return; // cancelled: abortzip already reported it
    throw err;
  }
}

export function projectProcessors(deps: AppDeps): Record<string, Handler<unknown, unknown>> {
  return {
    [QUEUES.create]: guarded(deps, createJob) as Handler<unknown, unknown>,
    [QUEUES.copy]: guarded(deps, copyJob) as Handler<unknown, unknown>,
    [QUEUES.setHrus]: guarded(deps, setHrusJob) as Handler<unknown, unknown>,
    [QUEUES.zip]: guarded(deps, zipJob) as Handler<unknown, unknown>,
  };
}
