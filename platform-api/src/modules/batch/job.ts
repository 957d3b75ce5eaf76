// The batch engine (issue 21): a batch is a parent job (`batch-start`) that hands its CSV rows
// to child jobs (`batch-project`), one per project, on every worker, at the owner's tier priority.
// The owner's tier concurrency is a window: the parent schedules that many rows, and each child
// that ends schedules the next, so a batch never runs more projects at once than its owner may
// run scenarios. A child creates its project, sets its HRUs, creates its one scenario and runs
// it, by calling the platform's own project and run handlers in line (the same code as the
// pages' jobs). Every step is recorded on the row first, so a child retried after a lost worker
// (Bee-Queue stall detection) continues where the last attempt stopped and loses no project.
import { mkdirSync } from 'node:fs';
import type { AppDeps } from '../../deps.ts';
import type { Handler, JobContext, Priority } from '../../jobs/queue.ts';
import { isWaterOrWetland } from '@headwater/swat/hru/index.ts';
import { Subbasin } from '../datasets/models.ts';
import { tierOf } from '../projects/access.ts';
import { projectProcessors } from '../projects/jobs.ts';
import { Project, ProjectHru } from '../projects/models.ts';
import { QUEUES } from '../projects/service.ts';
import { watershedCounts, watershedSubbasinIds } from '../projects/watershed.ts';
import { Scenario } from '../scenarios/models.ts';
import { RUN_QUEUE, QUEUED_MESSAGE, DEFAULT_SCENARIO_NAME } from '../scenarios/service.ts';
import { scenarioProcessors } from '../scenarios/run/job.ts';
import { User } from '../users/models.ts';
import { ApiRequest, ApiRequestProject, type BatchSettings } from './models.ts';
import { finishIfDone, publishBatchProgress } from './progress.ts';
import { BATCH_PROJECT_QUEUE, BATCH_QUEUE, batchDir, type BatchJob, type BatchProjectJob } from './service.ts';

class BatchAborted extends Error {}

/** Claims the next queued row of the batch and queues its child job; false when none is left. */
export async function scheduleNext(deps: AppDeps, requestId: number, priority: Priority): Promise<boolean> {
  const claimed = (
    await deps.db.raw(
      `update api_request_projects set status = 'Scheduled', status_message = 'Waiting for a worker...'
        where id = (select id from api_request_projects where request_id = ? and status = 'Queued' order by row_number limit 1 for update skip locked)
        returning id`,
      [requestId],
    )
  ).rows as { id: number }[];
  if (!claimed.length) return false;
  await deps.queue.queue<BatchProjectJob>(BATCH_PROJECT_QUEUE).add({ requestId, rowId: claimed[0]!.id }, { priority, retries: 2, backoffMs: 2000 });
  return true;
}

async function startBatch(deps: AppDeps, job: JobContext<BatchJob>): Promise<void> {
  const id = job.data.requestId;
  const r = await ApiRequest.query().findById(id);
  if (!r || !r.isRunning) return;
  mkdirSync(batchDir(deps, id), { recursive: true });
  if (r.isAborting) return finishIfDone(deps, id);
  await ApiRequest.query().patch({ status: 'Running', startRunDate: r.startRunDate ?? new Date(), statusMessage: 'Starting the batch...', lastModifiedDate: new Date() }).where('id', id);
  const user = await User.query().findById(r.userId);
  const tier = user ? await tierOf(user) : undefined;
  const window = tier && tier.concurrencyLimit > 0 ? tier.concurrencyLimit : r.numProjects;
  // a retried parent: the rows in flight keep their place in the window
  const inFlight = Number(((await deps.db('api_request_projects').where({ requestId: id, isDone: false }).whereNot('status', 'Queued').count({ n: '*' }).first()) as { n: string }).n);
  for (let i = inFlight; i < window; i++) if (!(await scheduleNext(deps, id, job.priority))) break;
  await publishBatchProgress(deps, id);
  await finishIfDone(deps, id);
}

type Step = { status: string; progress: number; message: string };

async function setRow(deps: AppDeps, row: ApiRequestProject, step: Step, extra: Partial<ApiRequestProject> = {}): Promise<void> {
  // never after the row ended (a progress tick still in flight when the run finished)
  await ApiRequestProject.query().patch({ status: step.status, progress: step.progress, statusMessage: step.message, ...extra }).where({ id: row.id, isDone: false });
  await publishBatchProgress(deps, row.requestId);
}

const inline = <T>(job: JobContext<unknown>, data: T): JobContext<T> => ({ id: job.id, queue: job.queue, priority: job.priority, data, reportProgress: async () => {} });

async function checkAbort(requestId: number): Promise<void> {
  const r = await ApiRequest.query().findById(requestId).select('isAborting');
  if (!r || r.isAborting) throw new BatchAborted();
}

/** One CSV row: project, HRUs, scenario, run. */
async function buildRow(deps: AppDeps, request: ApiRequest, rowId: number, job: JobContext<BatchProjectJob>): Promise<void> {
  const s = request.settings as BatchSettings;
  let row = (await ApiRequestProject.query().findById(rowId))!;
  await ApiRequestProject.query().patch({ attempts: row.attempts + 1 }).where('id', rowId);
  // 1. the project row
  if (!row.projectId) {
    const names = [row.endingSubbasin, ...row.startingSubbasins];
    const found = new Map((await Subbasin.query().select('id', 'name').where('datasetId', s.datasetID).whereIn('name', names)).map((x) => [x.name, x.id]));
    const endId = found.get(row.endingSubbasin);
    if (!endId) throw new Error(`There is no subbasin '${row.endingSubbasin}' in the dataset.`);
    const startIds = s.setAsSingleSubbasinProjects ? [endId] : row.startingSubbasins.map((n) => found.get(n)).filter((x): x is number => !!x);
    const ids = await watershedSubbasinIds(deps.db, s.datasetID, endId, startIds);
    const { numSubbasins, numHrus } = await watershedCounts(deps.db, ids);
    const projectId = await deps.db.transaction(async (trx) => {
      const p = await Project.query(trx).insert({
        userId: request.userId,
        datasetId: s.datasetID,
        name: (s.useSubbasinAsNames ? row.endingSubbasin : `${request.name} ${row.rowNumber}`).slice(0, 99),
        endingSubbasinId: endId,
        endingSubbasin: row.endingSubbasin,
        // a single-subbasin project starts where it ends: the walk up stops at once
        startingSubbasinIds: s.setAsSingleSubbasinProjects ? [endId] : startIds.filter((x) => x !== endId && ids.includes(x)),
        numSubbasins,
        numHrus,
        numOriginalHrus: numHrus,
        exemptLanduse: [],
        noAreaRedistribution: [],
        isCreating: true,
        statusMessage: 'Creating the project for a batch run...',
        progressMessage: 'Creating the project for a batch run...',
        lastModifiedDate: new Date(),
      });
      await ApiRequestProject.query(trx).patch({ projectId: p.id }).where('id', rowId);
      return p.id;
    });
    row = (await ApiRequestProject.query().findById(rowId))!;
    void projectId;
  }
  const projectHandlers = projectProcessors(deps);
  const load = async () => {
    const p = await Project.query().findById(row.projectId!);
    if (!p) throw new Error('The project was deleted.');
    if (p.hasError) throw new Error(p.exceptionMessage || 'The project could not be made.');
    return p;
  };
  let p = await load();
  if (!p.isCreated) {
    await setRow(deps, row, { status: 'Creating', progress: 2, message: 'Creating the project...' });
    await Project.query().patch({ isCreating: true, hasError: false }).where('id', p.id);
    await projectHandlers[QUEUES.create]!(inline(job, { projectId: p.id }));
    p = await load();
  }
  await checkAbort(request.id);
  // 2. HRUs
  if (!p.hasSetHrus) {
    await setRow(deps, row, { status: 'Setting HRUs', progress: 15, message: 'Setting HRUs...' });
    let threshold = s.targetThreshold;
    if (s.setHruMethod === 'target') threshold = Math.max(Math.min(p.numSubbasins, p.numOriginalHrus), Math.min(p.numOriginalHrus, Math.round(threshold)));
    let exempt = s.exemptLanduse;
    if (!exempt.length) exempt = (await ProjectHru.query().distinct('landuse').where('projectId', p.id)).map((h) => h.landuse).filter(isWaterOrWetland);
    await Project.query()
      .patch({
        method: s.setHruMethod,
        units: s.setHruUnits === 'percent' ? 'percent' : 'km2',
        targetThreshold: threshold,
        landuseThreshold: null,
        soilThreshold: null,
        slopeThreshold: null,
        exemptLanduse: exempt,
        noAreaRedistribution: s.noAreaRedistribution,
        isSettingHrus: true,
        hasError: false,
      })
      .where('id', p.id);
    await projectHandlers[QUEUES.setHrus]!(inline(job, { projectId: p.id }));
    p = await load();
  }
  await checkAbort(request.id);
  // 3. the scenario
  if (!row.scenarioId) {
    const sc = await Scenario.query().insertAndFetch({
      projectId: p.id,
      userId: request.userId,
      name: DEFAULT_SCENARIO_NAME,
      weatherDatasetId: s.weatherDatasetID,
      climateChangeScenarioId: s.climateChangeScenarioID,
      climateChangeTimePeriodId: s.climateChangeTimePeriodID,
      startingSimulationDate: s.startingSimulationDate,
      endingSimulationDate: s.endingSimulationDate,
      skipYears: s.skipYears,
      printSetting: s.printSetting,
      swatVersionId: s.swatVersionID,
      lastModifiedDate: new Date(),
      runSettings: {},
    });
    await ApiRequestProject.query().patch({ scenarioId: sc.id }).where('id', rowId);
    row = (await ApiRequestProject.query().findById(rowId))!;
  }
  // 4. the run
  let sc = await Scenario.query().findById(row.scenarioId!);
  if (!sc) throw new Error('The scenario was deleted.');
  if (!sc.hasRun) {
    await setRow(deps, row, { status: 'Running', progress: 30, message: QUEUED_MESSAGE });
    await Scenario.query()
      .patch({
        isRunning: true,
        hasError: false,
        abortRequested: false,
        statusMessage: QUEUED_MESSAGE,
        exceptionMessage: '',
        currentProgress: 0,
        startRunDate: new Date(),
        runUserId: request.userId,
        runSettings: { writeSwatEditor: s.writeSwatEditor, writeSwatEditorAsSqlite: false, noModelRun: s.noModelRun, noOutputProcessing: s.noModelRun || s.noOutputProcessing, sendEmailNotification: false },
        jobId: job.id,
        lastModifiedDate: new Date(),
      })
      .where('id', sc.id);
    const scenarioId = sc.id;
    // the run's progress, once a second, into the row and the batch
    const timer = setInterval(() => {
      void (async () => {
        const now = await Scenario.query().findById(scenarioId).select('currentProgress', 'statusMessage');
        if (now) await setRow(deps, row, { status: 'Running', progress: 30 + 0.7 * now.currentProgress, message: now.statusMessage });
      })().catch(() => {});
    }, 1000);
    timer.unref();
    try {
      await scenarioProcessors(deps)[RUN_QUEUE]!(inline(job, { scenarioId }));
    } finally {
      clearInterval(timer);
    }
    sc = (await Scenario.query().findById(scenarioId))!;
    if (!sc) throw new Error('The scenario was deleted.');
    if (sc.hasError) throw new Error(sc.exceptionMessage || sc.statusMessage);
    if (!sc.hasRun) throw new BatchAborted();
  }
}

async function runBatchProject(deps: AppDeps, job: JobContext<BatchProjectJob>): Promise<void> {
  const { requestId, rowId } = job.data;
  const row = await ApiRequestProject.query().findById(rowId);
  if (!row || row.isDone) return;
  const request = await ApiRequest.query().findById(requestId);
  if (!request) return;
  let final: Step;
  try {
    if (request.isAborting) throw new BatchAborted();
    await buildRow(deps, request, rowId, job);
    final = { status: 'Completed', progress: 100, message: 'Completed.' };
  } catch (err) {
    if (err instanceof BatchAborted) final = { status: 'Aborted', progress: 100, message: 'Stopped: the batch was aborted.' };
    else {
      deps.log.warn({ err, requestId, rowId }, 'batch project failed');
      final = { status: 'Error', progress: 100, message: err instanceof Error ? err.message : String(err) };
    }
  }
  // ends once: a retried job finds the row done
  const ended = await ApiRequestProject.query().patch({ isDone: true, status: final.status, progress: final.progress, statusMessage: final.message }).where({ id: rowId, isDone: false });
  if (ended) {
    await publishBatchProgress(deps, requestId);
    const now = await ApiRequest.query().findById(requestId).select('isAborting');
    if (now && !now.isAborting) await scheduleNext(deps, requestId, job.priority);
  }
  await finishIfDone(deps, requestId);
}

export function batchProcessors(deps: AppDeps): Record<string, Handler<unknown, unknown>> {
  return {
    [BATCH_QUEUE]: ((job: JobContext<BatchJob>) => startBatch(deps, job)) as Handler<unknown, unknown>,
    [BATCH_PROJECT_QUEUE]: ((job: JobContext<BatchProjectJob>) => runBatchProject(deps, job)) as Handler<unknown, unknown>,
  };
}
