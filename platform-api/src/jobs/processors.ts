// Every job processor a worker runs: the platform's own and those of plugin server halves.
// A worker subscribes to each queue with the configured concurrency.
import type { AppDeps } from '../deps.ts';
import type { Handler } from './queue.ts';
import { sendMailJob, MAIL_QUEUE } from '../mail/job.ts';
import { customOutputProcessors } from '../modules/custom-outputs/job.ts';
import { calibrationProcessors } from '../modules/calibration-runs/job.ts';
import { datasetImportProcessors } from '../modules/datasets/import/job.ts';
import { massEmailProcessors } from '../modules/mass-email/job.ts';
import { projectProcessors } from '../modules/projects/jobs.ts';
import { batchProcessors } from '../modules/batch/job.ts';
import { regionalProcessors } from '../modules/regional/job.ts';
import { migrationV1Processors } from '../modules/migration-v1/job.ts';
import { reportProcessors } from '../modules/reports/job.ts';
import { pruneExpiredOutputs } from '../modules/scenarios/files.ts';
import { scenarioProcessors } from '../modules/scenarios/run/job.ts';
import { specialJobProcessors } from '../modules/admin-jobs/job.ts';
import { huc2Processors } from '../modules/huc2-import/job.ts';

export function platformProcessors(deps: AppDeps): Record<string, Handler<unknown, unknown>> {
  const processors: Record<string, Handler<unknown, unknown>> = {
    [MAIL_QUEUE]: sendMailJob(deps) as Handler<unknown, unknown>,
    ...projectProcessors(deps),
    ...scenarioProcessors(deps),
    ...customOutputProcessors(deps),
    ...calibrationProcessors(deps),
    ...(datasetImportProcessors(deps) as Record<string, Handler<unknown, unknown>>),
    ...(massEmailProcessors(deps) as Record<string, Handler<unknown, unknown>>),
    ...(reportProcessors(deps) as Record<string, Handler<unknown, unknown>>),
    ...batchProcessors(deps),
    ...regionalProcessors(deps),
    ...migrationV1Processors(deps),
    ...specialJobProcessors(deps),
    ...huc2Processors(deps),
  };
  for (const server of deps.pluginServers) {
    for (const [queue, processor] of Object.entries(server.jobs ?? {})) {
      if (processors[queue]) throw new Error(`two processors for queue '${queue}'`);
      processors[queue] = processor as Handler<unknown, unknown>;
    }
  }
  return processors;
}

export function startProcessing(deps: AppDeps, concurrency: number): string[] {
  const processors = platformProcessors(deps);
  for (const [name, handler] of Object.entries(processors)) deps.queue.queue(name).process(concurrency, handler);
  // outputs past their keepMonths go, hourly (every worker may do it: the deletes are idempotent)
  const prune = () => void pruneExpiredOutputs(deps).catch((err) => deps.log.warn({ err }, 'pruning expired outputs failed'));
  setTimeout(prune, 60_000).unref();
  setInterval(prune, 3600_000).unref();
  return Object.keys(processors);
}
