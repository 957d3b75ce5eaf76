// A worker process: runs job processors against the shared PostgreSQL and Redis. Start any
// number of them, on any number of machines, with the same DATABASE_URL and REDIS_URL.
//
// Lifetime (issue 23): a worker forked by the API (main.ts) exits when its parent does — the IPC
// channel disconnects when the parent dies, even by SIGKILL, and the parent's pid is watched as a
// second signal — so no orphan outlives the API and a restart never runs more than WORKERS.
// SIGTERM: take no new jobs, give running ones back to the queue (Bee-Queue's stall detection
// hands an active job whose worker stopped renewing it to the next worker; the run starts again
// from its inputs) and exit within STOP_DEADLINE_MS.
import { loadConfig } from './config.ts';
import { startProcessing } from './jobs/processors.ts';
import { createRuntime } from './runtime.ts';

const STOP_DEADLINE_MS = 8000;
/** Without its parent nothing waits for this worker: its active jobs go back to the queue by stall
 * detection whatever it does, so it closes briefly and goes (a run yields only between simulated
 * years, and on a loaded machine the graceful close took most of the 8 s). */
const ORPHAN_DEADLINE_MS = 1500;

const config = loadConfig();
if (!config.databaseUrl || !config.redisUrl) {
  process.stderr.write('worker: DATABASE_URL and REDIS_URL are required (PGlite and the in-process queue run jobs inside the API process)\n');
  process.exit(2);
}
const runtime = await createRuntime(config, { migrate: false });
const { log } = runtime.deps;
const concurrency = Number(process.env.WORKER_CONCURRENCY ?? 2);
const queues = startProcessing(runtime.deps, concurrency);
log.info({ queues, concurrency, pid: process.pid }, 'worker ready');

let stopping = false;
const stop = async (why: string, deadlineMs = STOP_DEADLINE_MS) => {
  if (stopping) return;
  stopping = true;
  log.info({ why, pid: process.pid }, 'worker stopping');
  setTimeout(() => process.exit(0), deadlineMs).unref();
  try {
    // stops taking jobs; active ones are left to the queue (stall detection re-queues them)
    await runtime.close();
  } catch (err) {
    log.warn({ err }, 'worker: closing failed');
  }
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

// The parent API process went away (forked with IPC): go too.
if (process.send) {
  process.on('disconnect', () => void stop('parent exited', ORPHAN_DEADLINE_MS));
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void stop('parent exited', ORPHAN_DEADLINE_MS);
  }, 1000).unref();
}

// An error no job caught must not take the worker's other jobs with it: logged, loudly.
process.on('uncaughtException', (err) => log.error({ err }, 'worker: uncaught exception'));
process.on('unhandledRejection', (err) => log.error({ err }, 'worker: unhandled rejection'));
