// Custom output requests (spec 2 §3, §4, §7): the CE-QUAL-W2, flood frequency and baseflow
// separation tools share one request model, one queue job (`custom-output`, job.ts) and one live
// channel (room `scenario:{id}`, event `custom-output-status`). Every call checks that the user
// may open the request's scenario (scenarioFor). Files live in
// FILES_DIR/scenarios/{id}/custom-outputs/{requestId}/{files,results}/ and go with the
// scenario's outputs: a new run, the outputs' expiry (keepMonths) or the scenario's deletion.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { CUSTOM_OUTPUT_EVENT, CUSTOM_OUTPUT_MESSAGES, type CustomOutputEvent, type CustomOutputPageData, type CustomOutputRequest } from '@headwater/plugin-sdk/schema';
import { OUTPUT_MESSAGES } from '@headwater/plugin-sdk/schema';
import { InputError, NotFoundError } from '@headwater/plugin-sdk/server';
import type { CustomOutputSubmission, StoredOutputAxes, StoredOutputKind, StoredOutputPeriod, StoredOutputs } from '@headwater/plugin-sdk/server';
import type { Knex } from 'knex';
import type { AppDeps } from '../../deps.ts';
import type { User } from '../users/models.ts';
import { Scenario } from '../scenarios/models.ts';
import { isoDate, scenarioDir, scenarioFor } from '../scenarios/service.ts';
import { scenarioRoom } from '../scenarios/status.ts';
import { CustomOutputRequestRow } from './models.ts';

export const CUSTOM_OUTPUT_QUEUE = 'custom-output';
/** SWAT IPRINT of daily output. */
const PRINT_DAILY = 1;

// ─── places ─────────────────────────────────────────────────────────────────────────────

/** Everything the custom outputs of a scenario keep: request folders and the compute cache. */
export function customOutputsDir(deps: Pick<AppDeps, 'config'>, scenarioId: number): string {
  return join(scenarioDir(deps, scenarioId), 'custom-outputs');
}
export function requestDirs(deps: Pick<AppDeps, 'config'>, scenarioId: number, requestId: number): { root: string; files: string; results: string } {
  const root = join(customOutputsDir(deps, scenarioId), String(requestId));
  return { root, files: join(root, 'files'), results: join(root, 'results') };
}
/** The scenario files (the TxtInOut folder of the last successful run). */
function runDir(deps: Pick<AppDeps, 'config'>, scenarioId: number): string {
  return join(scenarioDir(deps, scenarioId), 'TxtInOut');
}

// ─── scenario facts ─────────────────────────────────────────────────────────────────────

/** Simulated years: the simulation's calendar years less the warm-up years (as the pages count them). */
export function simulatedYearsOf(scenario: Pick<Scenario, 'startingSimulationDate' | 'endingSimulationDate' | 'skipYears'>): number {
  const start = isoDate(scenario.startingSimulationDate);
  const end = isoDate(scenario.endingSimulationDate);
  if (!start || !end) return 0;
  return Number(end.slice(0, 4)) - Number(start.slice(0, 4)) + 1 - Number(scenario.skipYears ?? 0);
}

const noOutputProcessing = (s: Scenario) => !!(s.runSettings?.noOutputProcessing || s.runSettings?.noModelRun);

/** Why a request cannot be made on this scenario now (spec 2 §5, §8), or null. */
export function requestGate(scenario: Scenario, requires: CustomOutputSubmission['requires'] = {}): string | null {
  if (scenario.isRunning) return CUSTOM_OUTPUT_MESSAGES.scenarioRunning;
  if (!scenario.hasRun) return OUTPUT_MESSAGES.notRun;
  if (noOutputProcessing(scenario)) return OUTPUT_MESSAGES.outputProcessingSkipped;
  if (requires.daily && Number(scenario.printSetting) !== PRINT_DAILY) return OUTPUT_MESSAGES.needsDaily;
  if (requires.moreYearsThan !== undefined && simulatedYearsOf(scenario) <= requires.moreYearsThan) return OUTPUT_MESSAGES.tooFewYears;
  return null;
}

export type ProjectSubbasin = { id: number; name: string; number: number };

export async function projectSubbasins(db: Knex, projectId: number): Promise<ProjectSubbasin[]> {
  const rows = (await db('project_subbasins').where('projectId', projectId).orderBy('number').select('subbasinId', 'name', 'number')) as { subbasinId: number; name: string; number: number }[];
  return rows.map((r) => ({ id: r.subbasinId, name: r.name, number: r.number }));
}

// ─── rows as the pages list them ────────────────────────────────────────────────────────

export function downloadLink(requestId: number): string {
  return `/api/exports/customoutput/${requestId}`;
}

export function listed(row: CustomOutputRequestRow, subbasins: ProjectSubbasin[]): CustomOutputRequest {
  const byId = new Map(subbasins.map((s) => [s.id, s.name]));
  const ids = row.applyToAll ? [] : (row.subbasins ?? []);
  const out: CustomOutputRequest = {
    id: row.id,
    tool: row.tool,
    status: row.status,
    statusMessage: row.statusMessage,
    progress: row.progress,
    downloadLink: row.status === 'complete' ? downloadLink(row.id) : null,
    outputType: row.outputType,
    applyToAll: row.applyToAll,
    subbasins: ids.map((id) => byId.get(id) ?? String(id)),
    subbasinIDs: ids,
    lastModifiedDate: new Date(row.lastModifiedDate).toISOString(),
    options: row.options ?? {},
  };
  if (row.tool === 'baseflow' || row.filterParameter !== null) {
    out.filterParameter = row.filterParameter ?? undefined;
    out.bfiMax = row.bfiMax ?? undefined;
  }
  return out;
}

export async function publishRequest(deps: Pick<AppDeps, 'bus'>, row: Pick<CustomOutputRequestRow, 'id' | 'scenarioId' | 'tool' | 'status' | 'progress' | 'statusMessage'>, deleted = false): Promise<void> {
  const payload: CustomOutputEvent = {
    scenarioID: row.scenarioId,
    requestID: row.id,
    tool: row.tool,
    status: deleted ? 'deleted' : row.status,
    progress: row.progress,
    statusMessage: row.statusMessage,
  };
  await deps.bus.publish(scenarioRoom(row.scenarioId), CUSTOM_OUTPUT_EVENT, payload);
}

// ─── calls ──────────────────────────────────────────────────────────────────────────────

export async function pageData(deps: AppDeps, user: User, scenarioId: number, tool: string): Promise<CustomOutputPageData> {
  const { scenario, project } = await scenarioFor(user, scenarioId);
  const subbasins = await projectSubbasins(deps.db, project.id);
  const rows = await CustomOutputRequestRow.query().where({ scenarioId, tool }).orderBy('lastModifiedDate', 'desc').orderBy('id', 'desc');
  return {
    printSetting: Number(scenario.printSetting),
    numYears: simulatedYearsOf(scenario),
    noOutputProcessing: noOutputProcessing(scenario),
    requests: rows.map((r) => listed(r, subbasins)),
    subbasins,
  };
}

export async function submitRequest(deps: AppDeps, user: User, scenarioId: number, s: CustomOutputSubmission): Promise<{ value: true; id: number }> {
  const { scenario, project } = await scenarioFor(user, scenarioId);
  const gate = requestGate(scenario, s.requires);
  if (gate) throw new InputError(gate);
  const subbasins = await projectSubbasins(deps.db, project.id);
  let ids: number[] = [];
  if (!s.applyToAll) {
    const known = new Set(subbasins.map((x) => x.id));
    ids = [...new Set((s.subbasins ?? []).map(Number))];
    if (ids.length === 0) throw new InputError({ subbasins: [CUSTOM_OUTPUT_MESSAGES.selectSubbasins] });
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw new InputError({ subbasins: [`Subbasin ${unknown.join(', ')} is not in this project.`] });
  }
  const row = await CustomOutputRequestRow.query().insertAndFetch({
    scenarioId,
    userId: user.id,
    tool: s.tool,
    status: 'running',
    statusMessage: CUSTOM_OUTPUT_MESSAGES.queued,
    progress: 0,
    outputType: s.outputType,
    applyToAll: !!s.applyToAll,
    subbasins: ids,
    filterParameter: s.filterParameter ?? null,
    bfiMax: s.bfiMax ?? null,
    options: s.options ?? {},
    lastModifiedDate: new Date(),
  });
  try {
    await deps.queue.queue(CUSTOM_OUTPUT_QUEUE).add({ requestId: row.id }, { timeoutMs: 3 * 3600_000 });
  } catch (err) {
    // no queue: the request is an error at once rather than running forever
    await CustomOutputRequestRow.query().patch({ status: 'error', statusMessage: CUSTOM_OUTPUT_MESSAGES.failed, exceptionMessage: String((err as Error)?.message ?? err) }).where('id', row.id);
    throw err;
  }
  await publishRequest(deps, row);
  return { value: true, id: row.id };
}

/** A request the user may see, with its scenario. */
async function requestFor(user: User, requestId: number): Promise<{ row: CustomOutputRequestRow; scenario: Scenario; projectId: number }> {
  const row = await CustomOutputRequestRow.query().findById(requestId);
  if (!row) throw new NotFoundError();
  const { scenario, project } = await scenarioFor(user, row.scenarioId);
  return { row, scenario, projectId: project.id };
}

export async function getRequest(deps: AppDeps, user: User, requestId: number): Promise<CustomOutputRequest> {
  const { row, projectId } = await requestFor(user, requestId);
  return listed(row, await projectSubbasins(deps.db, projectId));
}

/** Deletes a request and its files. A running request is deleted too: its job stops at its
 * next progress report (the page offers delete only once a request stopped running, spec 2 §4). */
export async function deleteRequest(deps: AppDeps, user: User, requestId: number): Promise<{ value: true }> {
  const { row } = await requestFor(user, requestId);
  await CustomOutputRequestRow.query().deleteById(row.id);
  rmSync(requestDirs(deps, row.scenarioId, row.id).root, { recursive: true, force: true });
  await publishRequest(deps, row, true);
  return { value: true };
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;

/** A file of a request (results first, then the download's files), or null. */
export async function readRequestFile(deps: AppDeps, user: User, requestId: number, name: string): Promise<Buffer | null> {
  const { row } = await requestFor(user, requestId);
  if (!SAFE_NAME.test(name)) return null;
  const dirs = requestDirs(deps, row.scenarioId, row.id);
  for (const dir of [dirs.results, dirs.files]) {
    const p = join(dir, name);
    if (statSync(p, { throwIfNoEntry: false })?.isFile()) return readFileSync(p);
  }
  return null;
}

const safeName = (s: string) => s.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 60) || 'scenario';

/** The download of a complete request: a zip of its files (streamed), or one of them. */
export async function requestDownload(deps: AppDeps, user: User, requestId: number, file?: string): Promise<{ stream: Readable | Buffer; name: string; type: string }> {
  const { row, scenario } = await requestFor(user, requestId);
  if (row.status !== 'complete') throw new InputError(CUSTOM_OUTPUT_MESSAGES.notComplete);
  const dirs = requestDirs(deps, row.scenarioId, row.id);
  if (!statSync(dirs.files, { throwIfNoEntry: false })?.isDirectory()) throw new NotFoundError();
  if (file !== undefined) {
    const p = join(dirs.files, file);
    if (!SAFE_NAME.test(file) || !statSync(p, { throwIfNoEntry: false })?.isFile()) throw new NotFoundError();
    return { stream: readFileSync(p), name: file, type: file.endsWith('.csv') ? 'text/csv' : 'application/octet-stream' };
  }
  const zip = new yazl.ZipFile();
  const prefix = `${row.tool}-${row.id}`;
  for (const name of readdirSync(dirs.files).sort()) zip.addFile(join(dirs.files, name), `${prefix}/${name}`, { compress: true, compressionLevel: 6 });
  zip.end();
  return { stream: zip.outputStream as unknown as Readable, name: `${safeName(scenario.name)}-${prefix}.zip`, type: 'application/zip' };
}

/** Removes every request of a scenario and its files (the outputs they were made from are gone or replaced). */
export async function clearCustomOutputs(deps: Pick<AppDeps, 'config' | 'bus'>, scenarioId: number): Promise<number> {
  const rows = await CustomOutputRequestRow.query().where('scenarioId', scenarioId);
  await CustomOutputRequestRow.query().delete().where('scenarioId', scenarioId);
  rmSync(customOutputsDir(deps, scenarioId), { recursive: true, force: true });
  for (const row of rows) await publishRequest(deps, row, true);
  return rows.length;
}

// ─── stored outputs ─────────────────────────────────────────────────────────────────────

/** Read access to a scenario's loaded outputs (migration 005: Float32 LE matrices [unit][time]). */
export function storedOutputs(db: Knex, scenarioId: number): StoredOutputs {
  const cache = new Map<string, StoredOutputAxes | null>();
  const axes = async (kind: StoredOutputKind, period: StoredOutputPeriod): Promise<StoredOutputAxes | null> => {
    const key = `${kind}/${period}`;
    if (cache.has(key)) return cache.get(key)!;
    const set = (await db('scenario_output_sets').where({ scenarioId, kind, period }).first('variables', 'units', 'times', 'areas')) as
      | { variables: string[]; units: (number | { unit: number })[]; times: number[]; areas: number[] | null }
      | undefined;
    const value = set
      ? { variables: set.variables, units: set.units.map((u) => (typeof u === 'number' ? u : u.unit)), times: set.times, areas: set.areas ?? [] }
      : null;
    cache.set(key, value);
    return value;
  };
  return {
    axes,
    async block(kind, period, variable, from, count) {
      const a = await axes(kind, period);
      if (!a) throw new RangeError(`no ${period} output of output.${kind} is stored for this scenario`);
      if (!a.variables.includes(variable)) throw new RangeError(`${variable} is not in the stored output.${kind}`);
      const nt = a.times.length;
      const n = Math.max(0, Math.min(count, a.units.length - from));
      if (n === 0 || nt === 0) return new Float32Array(0);
      const row = (await db.raw(`select substring(data from ? for ?) as slice from scenario_output_series where scenario_id = ? and kind = ? and period = ? and variable = ?`, [from * nt * 4 + 1, n * nt * 4, scenarioId, kind, period, variable])).rows[0] as
        | { slice: Uint8Array }
        | undefined;
      if (!row) throw new RangeError(`${variable} of output.${kind} is not stored for this scenario`);
      const b = row.slice; // a Buffer on pg, a Uint8Array on PGlite
      return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
    },
  };
}

// ─── computations on the workers (SWAT Check) ───────────────────────────────────────────

type Waiter = (outcome: { ok: true; result: unknown } | { ok: false; message: string }) => void;
/** Jobs awaited by this process, by job id; each queue's events are listened to once. */
const waiters = new Map<string, Waiter>();
const watched = new WeakMap<object, Set<string>>();

function watch(queues: AppDeps['queue'], name: string): void {
  let names = watched.get(queues);
  if (!names) watched.set(queues, (names = new Set()));
  if (names.has(name)) return;
  names.add(name);
  const q = queues.queue(name);
  q.on('succeeded', (jobId, result) => waiters.get(jobId)?.({ ok: true, result }));
  q.on('failed', (jobId, message) => waiters.get(jobId)?.({ ok: false, message }));
}

/** Listens to the queues of the plugins' jobs from the start, so the first answer is not missed. */
export function watchPluginQueues(deps: AppDeps): void {
  for (const server of deps.pluginServers) for (const name of Object.keys(server.jobs ?? {})) watch(deps.queue, name);
}

/** Runs `queue`'s job on the workers for a scenario whose outputs may be read, and answers its result. */
export async function computeOnWorkers<T>(deps: AppDeps, user: User, scenarioId: number, queue: string, data: Record<string, unknown>, timeoutMs = 300_000): Promise<T> {
  const { scenario } = await scenarioFor(user, scenarioId);
  const gate = requestGate(scenario);
  if (gate) throw new InputError(gate);
  const files = runDir(deps, scenarioId);
  if (!existsSync(files)) throw new NotFoundError();
  const cacheDir = join(customOutputsDir(deps, scenarioId), 'cache', queue.replace(/[^a-z0-9-]/gi, '_'));
  mkdirSync(cacheDir, { recursive: true });
  watch(deps.queue, queue);
  const id = `${queue}-${randomUUID()}`;
  try {
    return await new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${queue}: no answer from the workers in ${timeoutMs / 1000} s`)), timeoutMs);
      timer.unref();
      waiters.set(id, (outcome) => {
        clearTimeout(timer);
        if (outcome.ok) resolve(outcome.result as T);
        else reject(new InputError(outcome.message));
      });
      const lastRunDate = scenario.lastRunDate ? new Date(scenario.lastRunDate).toISOString() : null;
      deps.queue
        .queue(queue)
        .add({ ...data, scenarioId, runDir: files, cacheDir, lastRunDate }, { id, timeoutMs })
        .catch((err: unknown) => {
          clearTimeout(timer);
          reject(err);
        });
    });
  } finally {
    waiters.delete(id);
  }
}
