// The `dataset-import` job (spec 3 §4 Uploaded dataset import: running with progress, error, ready):
// reads the unpacked upload (the TxtInOut, the shapes), converts it (convert.ts) and loads it with
// the one loader in one transaction, so a failure leaves no part of a dataset. Progress is kept on
// the import row and pushed to room `dataset-import:{id}` as `dataset-import-status`
// { importID, progress, statusMessage }. The upload folder is removed when the import is ready and
// when the upload itself had problems (re-running cannot help); after an unexpected failure (a
// server fault, not the user's files) it stays, so the 'Re-run failed imports' special job can
// queue the import again; deleting the import removes it.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { readTxtInOut } from '@headwater/swat/txtinout/index.ts';
import { describeDatabase, readProjectShapes, type SwatDatabaseSummary } from '@headwater/swat/import/index.ts';
import type { Knex } from 'knex';
import type { AppDeps } from '../../../deps.ts';
import type { Handler } from '../../../jobs/queue.ts';
import { loadDatasetFiles } from '../loader.ts';
import { DatasetImport } from '../models.ts';
import { IMPORT_QUEUE, IMPORT_STATUS_EVENT, importRoom, uploadDir } from '../imports.ts';
import { convertProject, ImportProblems } from './convert.ts';

export type ImportStep = (percent: number, message: string) => void;

/** An unpacked SWAT project folder → a dataset: the TxtInOut folder plus optional shapes folder
 * (the bench and the CLI call this too). Returns the dataset id and what was found. */
export async function importProjectFolder(
  db: Knex,
  txtInOut: string,
  shapesDir: string | undefined,
  meta: { key: string; name: string; description: string; attribution: string; endingSubbasinName?: string | null; kind: string },
  options: { upload?: { userId: number; importId: number }; onProgress?: ImportStep } = {},
) {
  const step = options.onProgress ?? (() => {});
  step(5, 'Reading the SWAT input files...');
  let project;
  try {
    project = await readTxtInOut(txtInOut);
  } catch (err) {
    throw new ImportProblems([(err as Error).message]);
  }
  step(30, shapesDir ? 'Reading the subbasin and stream shapes...' : 'Drawing the routing schematic (no shapes in the upload)...');
  let shapes;
  try {
    shapes = shapesDir ? await readProjectShapes(shapesDir) : undefined;
  } catch (err) {
    throw new ImportProblems([`Shapes: ${(err as Error).message}`]);
  }
  step(35, 'Converting the project...');
  const { files, summary } = convertProject(project, shapes, meta);
  project = undefined; // the parsed TxtInOut is no longer needed: let it go before the load
  step(40, `Writing ${summary.subbasins.toLocaleString('en-US')} subbasins and ${summary.hrus.toLocaleString('en-US')} HRUs...`);
  const result = await loadDatasetFiles(db, files, { key: meta.key, name: meta.name, upload: options.upload, replace: true, onProgress: (p, m) => step(40 + p * 0.58, m) });
  return { ...result, summary };
}

export function datasetImportProcessors(deps: AppDeps): Record<string, Handler<{ importId: number }, void>> {
  return {
    [IMPORT_QUEUE]: async (job) => {
      const id = job.data.importId;
      const imp = await DatasetImport.query().findById(id);
      if (!imp || imp.status !== 'running') return; // deleted meanwhile
      const dir = uploadDir(deps, imp.uploadDirectory);
      let last = -1;
      let pending: Promise<unknown> = Promise.resolve();
      let keepUpload = false;
      // the bus only while the load's transaction holds the connection; the row between steps
      const publish = (percent: number, message: string) => {
        const p = Math.max(1, Math.min(99, Math.round(percent)));
        if (p === last) return;
        last = p;
        pending = pending.then(() => deps.bus.publish(importRoom(id), IMPORT_STATUS_EVENT, { importID: id, progress: p, statusMessage: message })).catch(() => {});
        void job.reportProgress({ percent: p, message }).catch(() => {});
      };
      const store = async (percent: number, message: string) => {
        publish(percent, message);
        await DatasetImport.query().patch({ progressPercent: Math.round(percent), progressMessage: message }).where('id', id);
      };
      try {
        await store(2, 'Starting the import...');
        // the SWAT Editor databases read at upload: logged and shown; the TxtInOut is what is imported
        const databases = ((imp.summary as { databases?: SwatDatabaseSummary[] } | null)?.databases ?? []);
        for (const d of databases) {
          deps.log.info({ importId: id, database: d.file, tables: d.tables.length, swatTables: d.swatTables, error: d.error }, 'dataset import: SWAT Editor database');
          await store(3, `SWAT Editor database ${describeDatabase(d)}`);
        }
        const result = await importProjectFolder(
          deps.db,
          join(dir, imp.txtinoutPath),
          imp.shapesPath !== null ? join(dir, imp.shapesPath) : undefined,
          { key: `upload-${id}`, name: imp.name, description: imp.description, attribution: imp.attribution, endingSubbasinName: imp.endingSubbasinName, kind: imp.kind },
          { upload: { userId: imp.userId, importId: id }, onProgress: (p, m) => publish(p, m) },
        );
        await pending;
        if (imp.existingDatasetId) await inheritFromBase(deps.db, result.datasetId, imp.existingDatasetId, result.summary.weatherStations > 0);
        // a product-based upload (site administrators): offered with the product's datasets once shared
        if (imp.isHawqsBased) await deps.db('datasets').where('id', result.datasetId).update({ optionGroup: 'Product-based datasets' });
        await DatasetImport.query()
          .patch({ status: 'ready', isRunning: false, hasError: false, progressPercent: 100, progressMessage: 'Import complete.', datasetId: result.datasetId, summary: { ...result.summary, databases } })
          .where('id', id);
        await deps.bus.publish(importRoom(id), IMPORT_STATUS_EVENT, { importID: id, progress: 100, statusMessage: 'Import complete.' });
      } catch (err) {
        await pending;
        const message = err instanceof ImportProblems ? err.message : `The import failed: ${(err as Error).message ?? String(err)}`;
        if (!(err instanceof ImportProblems)) deps.log.error({ err, importId: id }, 'dataset import failed');
        keepUpload = !(err instanceof ImportProblems);
        await DatasetImport.query()
          .patch({ status: 'error', isRunning: false, hasError: true, exceptionMessage: message, progressPercent: 100, progressMessage: 'An error occurred in the import' })
          .where('id', id)
          .catch(() => {});
        await deps.bus.publish(importRoom(id), IMPORT_STATUS_EVENT, { importID: id, progress: 100, statusMessage: 'An error occurred in the import', hasError: true, exceptionMessage: message }).catch(() => {});
      } finally {
        if (!keepUpload) rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The dataset the upload is based on (spec 3 §2.2 'a choice of an existing dataset to base it
 * on'): the new dataset takes its SWAT version settings, curve number limits and HRU threshold,
 * and its weather datasets as further choices (the default when the upload brought no weather). */
export async function inheritFromBase(db: Knex, datasetId: number, baseId: number, hasOwnWeather: boolean): Promise<void> {
  const base = await db('datasets').where('id', baseId).first();
  if (!base) return;
  await db.transaction(async (trx) => {
    await trx('datasets').where('id', datasetId).update({
      defaultSwatVersionId: base.defaultSwatVersionId,
      allowOnlyDefaultSwatVersion: base.allowOnlyDefaultSwatVersion,
      minCn2: base.minCn2,
      maxCn2: base.maxCn2,
      defaultHruThreshold: base.defaultHruThreshold,
    });
    const links = await trx('dataset_weather_datasets').where('datasetId', baseId);
    let first = !hasOwnWeather;
    for (const l of links) {
      await trx('dataset_weather_datasets').insert({ datasetId, weatherDatasetId: l.weatherDatasetId, isDefault: first && l.isDefault }).onConflict(['dataset_id', 'weather_dataset_id']).ignore();
      if (l.isDefault) first = false;
    }
  });
}
