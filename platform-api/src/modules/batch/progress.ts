// A batch's progress is the mean of its projects' (each 0–100: created 15, HRUs set 30, then
// its scenario run). Stored on the request and pushed to room `batch:{id}` as `batch-status`
// { requestID, progress, statusMessage } (spec 3 §7 Live status). The last project to finish
// ends the batch: completed, or aborted when an abort was asked.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppDeps } from '../../deps.ts';
import { ApiRequest, ApiRequestProject } from './models.ts';
import { BATCH_MESSAGES, BATCH_STATUS_EVENT, batchDir, batchRoom, cumulativeAreasCsv, formatRuntime } from './service.ts';

type Deps = Pick<AppDeps, 'db' | 'bus' | 'config'>;

/** Recomputes the batch's progress from its projects and pushes it. */
export async function publishBatchProgress(deps: Deps, requestId: number, message?: string): Promise<void> {
  const row = (await deps.db('api_request_projects').where('requestId', requestId).first(deps.db.raw('coalesce(avg(progress), 0)::float8 as p'), deps.db.raw('count(*) filter (where is_done)::int as done'), deps.db.raw('count(*)::int as n'))) as { p: number; done: number; n: number };
  const r = await ApiRequest.query().findById(requestId);
  if (!r || !r.isRunning) return;
  const statusMessage = message ?? (r.isAborting ? 'Aborting please wait...' : `Running: ${row.done} of ${row.n} projects finished.`);
  const progress = Math.min(99, row.p); // 100 only when the batch has ended
  await ApiRequest.query().patch({ currentProgress: progress, numDone: row.done, statusMessage, lastModifiedDate: new Date() }).where('id', requestId).where('isRunning', true);
  await deps.bus.publish(batchRoom(requestId), BATCH_STATUS_EVENT, { requestID: requestId, progress: Math.round(progress), statusMessage });
}

/** Ends the batch when no project is left in flight (queued projects of an aborted batch count as done). */
export async function finishIfDone(deps: Deps, requestId: number): Promise<void> {
  const r = await ApiRequest.query().findById(requestId);
  if (!r || !r.isRunning) return;
  if (r.isAborting) {
    // projects that never started will not: they are skipped now
    await ApiRequestProject.query().patch({ isDone: true, status: 'Aborted', statusMessage: 'Not started: the batch was aborted.' }).where({ requestId, isDone: false }).whereIn('status', ['Queued', 'Scheduled']);
  }
  const left = (await deps.db('api_request_projects').where({ requestId, isDone: false }).count({ n: '*' }).first()) as { n: string };
  if (Number(left.n) > 0) return;
  const runtime = r.startRunDate ? (Date.now() - new Date(r.startRunDate).getTime()) / 1000 : 0;
  const errors = (await deps.db('api_request_projects').where({ requestId, status: 'Error' }).count({ n: '*' }).first()) as { n: string };
  const aborted = r.isAborting;
  const statusMessage = aborted ? BATCH_MESSAGES.aborted : Number(errors.n) > 0 ? `Batch run completed in ${formatRuntime(runtime)}; ${errors.n} of ${r.numProjects} projects had errors.` : `Batch run completed in ${formatRuntime(runtime)}`;
  const done = await ApiRequest.query()
    .patch({
      isRunning: false,
      isAborting: false,
      isAborted: aborted,
      hasRun: !aborted,
      status: aborted ? 'Aborted' : 'Completed',
      statusMessage,
      currentProgress: 100,
      numDone: r.numProjects,
      runtime,
      lastModifiedDate: new Date(),
    })
    .where({ id: requestId, isRunning: true });
  if (!done) return; // another worker ended it
  // the progress file of the batch folder (kept by abort, removed by delete)
  try {
    const dir = batchDir(deps, requestId);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'projects.csv'), await cumulativeAreasCsv(deps.db, requestId));
  } catch {
    /* the summary file is a convenience: the view answers the same */
  }
  await deps.bus.publish(batchRoom(requestId), BATCH_STATUS_EVENT, { requestID: requestId, progress: 100, statusMessage });
}
