// The `custom-output` job: makes one request's files on a worker with the producer of the tool
// that asked (a plugin server half's `customOutput`). Progress goes to the request row and to room
// `scenario:{id}` as `custom-output-status` (at most about twice a second, and every whole
// percent); a request deleted meanwhile stops the job at its next progress report and its
// folder goes.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CUSTOM_OUTPUT_MESSAGES } from '@headwater/plugin-sdk/schema';
import { CustomOutputCancelled, isDomainError, type CustomOutputJob } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import type { Handler, JobContext } from '../../jobs/queue.ts';
import { Scenario } from '../scenarios/models.ts';
import { scenarioDir } from '../scenarios/service.ts';
import { CustomOutputRequestRow, type RequestStatus } from './models.ts';
import { CUSTOM_OUTPUT_QUEUE, projectSubbasins, publishRequest, requestDirs, storedOutputs } from './service.ts';

type Patch = { status?: RequestStatus; progress?: number; statusMessage?: string; exceptionMessage?: string };

/** Writes the row and pushes the change; false when the row is gone (deleted). */
async function update(deps: AppDeps, id: number, patch: Patch): Promise<boolean> {
  const rows = (await CustomOutputRequestRow.query()
    .patch({ ...patch, lastModifiedDate: new Date() })
    .where('id', id)
    .returning(['id', 'scenarioId', 'tool', 'status', 'progress', 'statusMessage'])) as unknown as CustomOutputRequestRow[];
  const row = rows[0];
  if (!row) return false;
  await publishRequest(deps, row);
  return true;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

export async function runCustomOutput(deps: AppDeps, job: JobContext<{ requestId: number }>): Promise<void> {
  const row = await CustomOutputRequestRow.query().findById(job.data.requestId);
  if (!row || row.status !== 'running') return; // deleted, or done already (a retried job)
  const dirs = requestDirs(deps, row.scenarioId, row.id);
  const fail = async (message: string, exception: string) => {
    if (!(await update(deps, row.id, { status: 'error', statusMessage: message, exceptionMessage: exception }))) rmSync(dirs.root, { recursive: true, force: true });
  };
  const scenario = await Scenario.query().findById(row.scenarioId);
  if (!scenario) return;
  const producer = deps.pluginServers.find((s) => s.id === row.tool)?.customOutput;
  if (!producer) return fail(CUSTOM_OUTPUT_MESSAGES.failed, `no server half of '${row.tool}' makes requests on this site`);

  rmSync(dirs.root, { recursive: true, force: true });
  mkdirSync(dirs.files, { recursive: true });
  mkdirSync(dirs.results, { recursive: true });

  const subbasins = await projectSubbasins(deps.db, scenario.projectId);
  const chosen = new Set(row.subbasins);
  const units = subbasins.filter((s) => row.applyToAll || chosen.has(s.id)).map((s) => ({ number: s.number, name: s.name }));

  let last = { at: 0, percent: -1 };
  const progress = async (fraction: number, message: string) => {
    const percent = Math.max(0, Math.min(99, Math.floor(fraction * 100)));
    const now = Date.now();
    // a new percent twice a second (or a jump of 5), and at least every 2 s to notice a deletion
    const due = (percent !== last.percent && (now - last.at >= 500 || percent - last.percent >= 5)) || now - last.at >= 2000;
    if (!due) return;
    last = { at: now, percent };
    if (!(await update(deps, row.id, { progress: percent, statusMessage: message }))) throw new CustomOutputCancelled();
  };

  const context: CustomOutputJob = {
    requestId: row.id,
    scenarioId: row.scenarioId,
    tool: row.tool,
    outputType: row.outputType,
    applyToAll: row.applyToAll,
    units,
    ...(row.filterParameter !== null ? { filterParameter: row.filterParameter } : {}),
    ...(row.bfiMax !== null ? { bfiMax: row.bfiMax } : {}),
    options: row.options ?? {},
    runDir: join(scenarioDir(deps, row.scenarioId), 'TxtInOut'),
    filesDir: dirs.files,
    resultsDir: dirs.results,
    outputs: storedOutputs(deps.db, row.scenarioId),
    progress,
  };
  try {
    if (!(await update(deps, row.id, { progress: 0, statusMessage: CUSTOM_OUTPUT_MESSAGES.running }))) throw new CustomOutputCancelled();
    const result = await producer(context);
    if (!(await update(deps, row.id, { status: 'complete', progress: 100, statusMessage: result?.message ?? CUSTOM_OUTPUT_MESSAGES.complete }))) throw new CustomOutputCancelled();
  } catch (err) {
    if (err instanceof CustomOutputCancelled || (err as { kind?: string })?.kind === 'customOutputCancelled') {
      rmSync(dirs.root, { recursive: true, force: true });
      return;
    }
    // the tool's own wording for what it could not do (RangeError of the model kit, a domain
    // error); anything else is logged and answered with the generic message
    const known = err instanceof RangeError || isDomainError(err);
    if (!known) deps.log.error({ err, requestId: row.id }, 'custom output request failed');
    rmSync(dirs.files, { recursive: true, force: true });
    await fail(known ? errorText(err) : CUSTOM_OUTPUT_MESSAGES.failed, errorText(err));
  }
}

export function customOutputProcessors(deps: AppDeps): Record<string, Handler<unknown, unknown>> {
  return { [CUSTOM_OUTPUT_QUEUE]: ((job: JobContext<{ requestId: number }>) => runCustomOutput(deps, job)) as Handler<unknown, unknown> };
}
