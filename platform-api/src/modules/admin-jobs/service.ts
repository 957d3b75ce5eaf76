// The job queue page and the special administrative jobs (issue 20; spec 3 §2.3 'Full
// administrators only: job queue ..., Special Administrative Jobs'). Full administrators only
// (the routes check it). The queue calls work on both drivers (Bee-Queue on Redis, in-process).
import { InputError, NotFoundError } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import { PRIORITIES, INSPECTED_STATES, type JobState, type Priority } from '../../jobs/queue.ts';
import { platformProcessors } from '../../jobs/processors.ts';
import type { User } from '../users/models.ts';
import { record } from '../admin-users/audit.ts';

export const SPECIAL_QUEUE = 'admin-special-job';
export const SPECIAL_ROOM = 'adminspecialjobs';
export const SPECIAL_EVENT = 'special-job-status';
/** Jobs listed per queue and state on the page. */
export const JOBS_LIMIT = 100;

export const SPECIAL_JOBS = {
  'prune-outputs': { title: 'Prune expired outputs now', description: 'Removes the outputs of scenarios last run longer ago than the configured number of months (done hourly anyway).' },
  'dashboard-statistics': { title: 'Recompute dashboard statistics', description: 'Computes the administration dashboard figures and chart again and stores them.' },
  'vacuum-analyze': { title: 'Vacuum and analyse the database', description: 'Reclaims space of deleted rows and refreshes the planner statistics of every table (VACUUM ANALYZE).' },
  'rerun-imports': { title: 'Re-run failed imports', description: 'Queues again every uploaded dataset import in the error state whose upload is still on the server, and restarts the regional (HUC2) imports that ended in an error; says for each one that cannot be why.' },
  'geometry-caches': { title: 'Rebuild dataset geometry caches', description: "Recomputes every subbasin's bounding box from its polygon (the prefilter of the map's point search)." },
} as const;
export type SpecialKind = keyof typeof SPECIAL_JOBS;
export type SpecialJobData = { runId: number; kind: SpecialKind };

/** The queues a worker serves: the platform's and the plugin server halves'. */
export function queueNames(deps: AppDeps): string[] {
  return Object.keys(platformProcessors(deps)).sort();
}

function knownQueue(deps: AppDeps, name: string): string {
  if (!queueNames(deps).includes(name)) throw new NotFoundError();
  return name;
}

/** GET admin/jobs: every queue with its counts. */
export async function queueOverview(deps: AppDeps) {
  const queues = [];
  for (const name of queueNames(deps)) queues.push({ name, counts: await deps.queue.queue(name).counts() });
  return { driver: deps.queue.kind, queues };
}

/** GET admin/jobs/{queue}/{state}: up to 100 jobs. */
export async function queueJobs(deps: AppDeps, name: string, state: string) {
  if (!(INSPECTED_STATES as readonly string[]).includes(state)) throw new NotFoundError();
  return deps.queue.queue(knownQueue(deps, name)).jobs(state as JobState, JOBS_LIMIT);
}

function priorityOf(p: string): Priority {
  if (!(PRIORITIES as readonly string[]).includes(p)) throw new NotFoundError();
  return p as Priority;
}

export async function retryJob(deps: AppDeps, admin: User, name: string, priority: string, id: string) {
  const ok = await deps.queue.queue(knownQueue(deps, name)).retry(priorityOf(priority), id);
  if (!ok) throw new NotFoundError();
  await record(undefined, admin, 'job', { id: 0, name: `${name}:${priority}:${id}` }, 'retry');
  return { value: true };
}

export async function removeJob(deps: AppDeps, admin: User, name: string, priority: string, id: string) {
  const ok = await deps.queue.queue(knownQueue(deps, name)).remove(priorityOf(priority), id);
  if (!ok) throw new InputError('That job is running or no longer in the queue.');
  await record(undefined, admin, 'job', { id: 0, name: `${name}:${priority}:${id}` }, 'remove');
  return { value: true };
}

type RunRow = { id: number; kind: string; status: string; progress: number; message: string; startedBy: string; createdAt: Date; finishedAt: Date | null };
export const runView = (r: RunRow) => ({ id: r.id, kind: r.kind, title: SPECIAL_JOBS[r.kind as SpecialKind]?.title ?? r.kind, status: r.status, progress: r.progress, message: r.message, startedBy: r.startedBy, createdAt: r.createdAt, finishedAt: r.finishedAt });

/** GET admin/special-jobs: the jobs one may start and the last 50 runs. */
export async function specialJobs(deps: Pick<AppDeps, 'db'>) {
  const runs = (await deps.db('admin_special_jobs').orderBy('id', 'desc').limit(50)) as RunRow[];
  return { jobs: Object.entries(SPECIAL_JOBS).map(([kind, j]) => ({ kind, ...j })), runs: runs.map(runView) };
}

/** POST admin/special-jobs/{kind}: records the run and queues it; one run of a kind at a time. */
export async function startSpecialJob(deps: AppDeps, admin: User, kind: string) {
  if (!(kind in SPECIAL_JOBS)) throw new NotFoundError();
  const busy = await deps.db('admin_special_jobs').where({ kind }).whereIn('status', ['waiting', 'running']).first('id');
  if (busy) throw new InputError('This job is already waiting or running.');
  const run = await deps.db.transaction(async (trx) => {
    const [row] = (await trx('admin_special_jobs').insert({ kind, status: 'waiting', progress: 0, message: 'Waiting in the queue...', startedById: admin.id, startedBy: admin.userName }).returning('*')) as RunRow[];
    await record(trx, admin, 'job', { id: row!.id, name: kind }, 'start');
    return row!;
  });
  await deps.bus.publish(SPECIAL_ROOM, SPECIAL_EVENT, runView(run));
  await deps.queue.queue<SpecialJobData>(SPECIAL_QUEUE).add({ runId: run.id, kind: kind as SpecialKind });
  return runView(run);
}
