// The `v1-import` job: the chosen version-1 projects become projects of the new account — the
// same watershed (dataset by key, outlet and starting subbasins by name), its HRU setting, and
// its scenarios (not run: the user runs them). Land use updates, point sources and print
// variables are not imported (spec 3 §2.5), nor other scenario changes today. A project whose
// dataset or subbasin this site lacks is skipped and named in the notification. The project
// steps are the platform's own handlers, called in line (as the batch engine does).
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps.ts';
import type { Handler, JobContext } from '../../jobs/queue.ts';
import { queueMail } from '../../mail/job.ts';
import { notify, siteName } from '../accounts/service.ts';
import { Dataset, Subbasin } from '../datasets/models.ts';
import { projectProcessors } from '../projects/jobs.ts';
import { Project } from '../projects/models.ts';
import { QUEUES } from '../projects/service.ts';
import { watershedCounts, watershedSubbasinIds } from '../projects/watershed.ts';
import { Scenario, SwatVersion } from '../scenarios/models.ts';
import { User } from '../users/models.ts';
import { V1_IMPORT_QUEUE, type V1ImportJob } from './service.ts';
import { v1Database, v1Scenarios, type V1Project } from './source.ts';

const inline = <T>(job: JobContext<unknown>, data: T): JobContext<T> => ({ id: job.id, queue: job.queue, priority: job.priority, data, reportProgress: async () => {} });

async function defaultWeather(db: Knex, datasetId: number): Promise<number | null> {
  const row = (await db('dataset_weather_datasets as dw').join('weather_datasets as w', 'w.id', 'dw.weatherDatasetId').where({ 'dw.datasetId': datasetId, 'w.isActive': true }).orderBy([{ column: 'dw.isDefault', order: 'desc' }, { column: 'w.sortOrder' }]).first('w.id')) as { id: number } | undefined;
  return row?.id ?? null;
}

/** One version-1 project; throws with the reason it cannot be imported. */
async function importProject(deps: AppDeps, job: JobContext<V1ImportJob>, user: User, p: V1Project): Promise<number> {
  const dataset = await Dataset.query().findOne({ key: p.datasetKey });
  if (!dataset) throw new Error(`its dataset '${p.datasetKey}' is not on this site`);
  const names = [p.endingSubbasin, ...p.startingSubbasins.split(',').map((s) => s.trim()).filter(Boolean)];
  const found = new Map((await Subbasin.query().select('id', 'name').where('datasetId', dataset.id).whereIn('name', names)).map((s) => [s.name, s.id]));
  const endId = found.get(p.endingSubbasin);
  if (!endId) throw new Error(`its ending subbasin '${p.endingSubbasin}' is not in the dataset`);
  const startIds = names.slice(1).map((n) => found.get(n)).filter((x): x is number => !!x);
  const ids = await watershedSubbasinIds(deps.db, dataset.id, endId, startIds);
  const { numSubbasins, numHrus } = await watershedCounts(deps.db, ids);
  const project = await Project.query().insert({
    userId: user.id,
    datasetId: dataset.id,
    name: p.name.slice(0, 99),
    endingSubbasinId: endId,
    endingSubbasin: p.endingSubbasin,
    startingSubbasinIds: startIds.filter((x) => ids.includes(x)),
    numSubbasins,
    numHrus,
    numOriginalHrus: numHrus,
    exemptLanduse: [],
    noAreaRedistribution: [],
    isCreating: true,
    statusMessage: 'Importing the project from version 1...',
    progressMessage: 'Importing the project from version 1...',
    lastModifiedDate: new Date(),
  });
  const handlers = projectProcessors(deps);
  await handlers[QUEUES.create]!(inline(job, { projectId: project.id }));
  let now = (await Project.query().findById(project.id))!;
  if (now.hasError) throw new Error(now.exceptionMessage);
  if (p.hruMethod === 'area' || p.hruMethod === 'target') {
    const threshold = p.hruMethod === 'target' ? Math.max(Math.min(now.numSubbasins, now.numOriginalHrus), Math.min(now.numOriginalHrus, Math.round(p.hruThreshold ?? now.numOriginalHrus))) : (p.hruThreshold ?? 1);
    await Project.query().patch({ method: p.hruMethod, units: p.hruUnits === 'percent' ? 'percent' : 'km2', targetThreshold: threshold, isSettingHrus: true }).where('id', project.id);
    await handlers[QUEUES.setHrus]!(inline(job, { projectId: project.id }));
    now = (await Project.query().findById(project.id))!;
    if (now.hasError) throw new Error(now.exceptionMessage);
  }
  const scenarios = await v1Scenarios(v1Database()!, p.id);
  if (scenarios.length && now.hasSetHrus) {
    const weather = await defaultWeather(deps.db, dataset.id);
    const version = dataset.defaultSwatVersionId ?? (await SwatVersion.query().where({ isDefault: true, isDisabled: false }).first())?.id ?? null;
    for (const s of scenarios) {
      await Scenario.query().insert({
        projectId: project.id,
        userId: user.id,
        name: s.name.slice(0, 99),
        weatherDatasetId: weather,
        startingSimulationDate: s.startDate,
        endingSimulationDate: s.endDate,
        skipYears: s.skipYears,
        printSetting: [0, 1, 2].includes(s.printSetting) ? s.printSetting : 1,
        swatVersionId: version,
        lastModifiedDate: new Date(),
        runSettings: {},
      });
    }
  }
  return project.id;
}

async function importJob(deps: AppDeps, job: JobContext<V1ImportJob>): Promise<void> {
  const row = (await deps.db('v1_migrations').where('id', job.data.migrationId).first()) as { id: number; userId: number | null; projectsToImport: number[]; isImporting: boolean; v1UserId: string } | undefined;
  if (!row?.userId || !row.isImporting) return;
  const user = await User.query().findById(row.userId);
  const source = v1Database();
  if (!user || !source) return;
  const wanted = new Set(row.projectsToImport.map(Number));
  const projects = ((await source('v1_projects')
    .select('id', 'user_id as userId', 'name', 'dataset_key as datasetKey', 'ending_subbasin as endingSubbasin', 'starting_subbasins as startingSubbasins', 'hru_method as hruMethod', 'hru_units as hruUnits', 'hru_threshold as hruThreshold')
    .where('user_id', Number(row.v1UserId))
    .orderBy('id')) as V1Project[]).filter((p) => wanted.has(p.id));
  // a retried job: projects imported by the first attempt are not imported twice
  const done = new Set(((await Project.query().where('userId', user.id).select('name')) as { name: string }[]).map((p) => p.name));
  const skipped: string[] = [];
  let imported = 0;
  for (const p of projects) {
    if (done.has(p.name.slice(0, 99))) {
      imported++;
      continue;
    }
    try {
      await importProject(deps, job, user, p);
      imported++;
    } catch (err) {
      skipped.push(`${p.name}: ${err instanceof Error ? err.message : String(err)}`);
    }
    await deps.db('v1_migrations').where('id', row.id).update({ numImported: imported });
  }
  await deps.db('v1_migrations').where('id', row.id).update({ isImporting: false, numImported: imported, importError: skipped.join('\n'), importedAt: new Date(), updatedAt: new Date() });
  const site = await siteName();
  const details = `${imported} of ${projects.length} project${projects.length === 1 ? '' : 's'} imported from version 1.${skipped.length ? ` Not imported: ${skipped.join('; ')}.` : ''} Land use updates, point sources and print variables are not imported.`;
  await notify(deps, user, { title: 'Your version 1 projects are imported', details, url: '/projects', urlText: 'My projects' });
  await queueMail(deps, { to: user.email, subject: `Your version 1 projects are in ${site}`, text: `Hello ${user.firstName || user.userName},\n\n${details}\n\n${deps.config.publicUrl}/projects\n` });
}

export function migrationV1Processors(deps: AppDeps): Record<string, Handler<unknown, unknown>> {
  return { [V1_IMPORT_QUEUE]: ((job: JobContext<V1ImportJob>) => importJob(deps, job)) as Handler<unknown, unknown> };
}
