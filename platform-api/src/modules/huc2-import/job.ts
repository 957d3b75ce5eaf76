// The `huc2-import` queue: loads one region (DATA_DIR/huc2/<region>/huc<digits>, the shipped
// dataset format) with the datasets loader in one transaction, reporting progress to the row
// and room 'importhuc2'; an abort asked for on the row (polled every half second — the API
// and the worker may be different processes) makes the next progress step throw, which rolls
// the transaction back. The soils import updates the soils of every imported region.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppDeps } from '../../deps.ts';
import type { Handler, JobContext } from '../../jobs/queue.ts';
import { loadDatasetDir } from '../datasets/loader.ts';
import { setSetting } from '../settings/service.ts';
import { datasetKey, HUC2_QUEUE, huc2Root, publishHuc2, soilsState, sourceDir, SOILS_SETTING, type Huc2Job } from './service.ts';

class Aborted extends Error {}

async function importRegion(deps: AppDeps, id: number): Promise<void> {
  const db = deps.db;
  const row = await db('huc2_imports').where('id', id).first();
  if (!row) return;
  const t0 = performance.now();
  let abort = false;
  let last = 0;
  const poll = setInterval(() => {
    void db('huc2_imports').where('id', id).first('abortRequested').then((r) => (abort = !!r?.abortRequested), () => undefined);
  }, 500);
  const report = (percent: number, message: string) => {
    if (abort) throw new Aborted('Import aborted.');
    const p = Math.max(1, Math.min(99, Math.round(percent)));
    if (p === last) return;
    last = p;
    void db('huc2_imports').where('id', id).update({ progress: p, statusMessage: message }).catch(() => undefined);
    void publishHuc2(deps, id, p, message).catch(() => undefined);
  };
  try {
    const dir = sourceDir(deps, row.region, `huc${row.digits}`);
    const key = datasetKey(row.region, row.digits);
    const existing = await db('datasets').where({ key }).first('id');
    if (existing) {
      const [{ n }] = (await db('projects').where('datasetId', existing.id).count({ n: '*' })) as { n: string }[];
      // a reload gives new subbasin and HRU ids: projects made from the dataset would lose theirs
      if (Number(n) > 0) throw new Error(`The dataset of this region is used by ${n} project(s); it cannot be re-imported.`);
    }
    report(2, 'Reading the source files...');
    const descriptor = JSON.parse(readFileSync(join(dir, 'dataset.json'), 'utf8')) as { name?: string };
    const res = await loadDatasetDir(db, dir, { key, replace: true, name: descriptor.name ?? `HUC2 region ${row.region} (HUC${row.digits})`, onProgress: (p, m) => report(2 + p * 0.97, m) });
    // an abort asked for after the last step comes too late: the dataset is loaded (committed)
    const seconds = (performance.now() - t0) / 1000;
    const message = res.loaded ? `Imported ${res.subbasins.toLocaleString('en-US')} subbasins and ${res.hrus.toLocaleString('en-US')} HRUs.` : 'The dataset was up to date.';
    await db('huc2_imports').where('id', id).update({ datasetId: res.datasetId, isRunning: false, abortRequested: false, isComplete: true, hasError: false, progress: 100, statusMessage: message, importedDate: new Date(), importTime: seconds });
    await publishHuc2(deps, id, 100, message);
  } catch (err) {
    const aborted = err instanceof Aborted;
    const message = aborted ? 'Import aborted.' : 'The import failed.';
    await db('huc2_imports').where('id', id).update({ isRunning: false, abortRequested: false, isComplete: false, hasError: !aborted, exceptionMessage: aborted ? '' : err instanceof Error ? err.message : String(err), progress: 0, statusMessage: message });
    await publishHuc2(deps, id, 0, message);
  } finally {
    clearInterval(poll);
  }
}

type SoilRecord = { name: string; hydGroup?: string; texture?: string; sol?: Record<string, unknown> };

async function importSoils(deps: AppDeps): Promise<void> {
  const db = deps.db;
  const state = await soilsState();
  const set = async (patch: Partial<typeof state>) => {
    Object.assign(state, patch);
    await setSetting(SOILS_SETTING, state);
    await publishHuc2(deps, 0, state.progress, state.statusMessage);
  };
  try {
    const file = JSON.parse(readFileSync(join(huc2Root(deps), 'soils', 'soils.json'), 'utf8')) as { soils?: SoilRecord[] };
    const soils = (file.soils ?? []).filter((s) => s && typeof s.name === 'string' && s.name);
    if (!soils.length) throw new Error('huc2/soils/soils.json lists no soils.');
    const datasets = (await db('huc2_imports').whereNotNull('datasetId').where('isComplete', true).select('datasetId')) as { datasetId: number }[];
    let done = 0;
    for (const { datasetId } of datasets) {
      await db.transaction(async (trx) => {
        for (const s of soils) {
          const swat = s.sol ? JSON.stringify({ sol: s.sol }) : null;
          await trx('soils')
            .insert({ datasetId, name: s.name, hydGroup: s.hydGroup ?? '', texture: s.texture ?? '', swat })
            .onConflict(['datasetId', 'name'])
            .merge(swat ? ['hydGroup', 'texture', 'swat'] : ['hydGroup', 'texture']);
        }
      });
      done++;
      await set({ progress: Math.max(1, Math.min(99, Math.round((100 * done) / datasets.length))), statusMessage: `Soils written to ${done} of ${datasets.length} regions...` });
    }
    await set({ isRunning: false, hasError: false, count: soils.length, progress: 100, statusMessage: `Imported ${soils.length} soils into ${datasets.length} regions.` });
  } catch (err) {
    await set({ isRunning: false, hasError: true, progress: 0, statusMessage: err instanceof Error ? err.message : String(err) });
  }
}

export function huc2Processors(deps: AppDeps): Record<string, Handler<unknown, unknown>> {
  return {
    [HUC2_QUEUE]: ((job: JobContext<Huc2Job>) => ('soils' in job.data ? importSoils(deps) : importRegion(deps, job.data.importId))) as Handler<unknown, unknown>,
  };
}
