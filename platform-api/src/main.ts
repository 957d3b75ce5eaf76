// `npm start`: migrate, seed, serve the whole product on one origin, start the workers.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureDirs, loadConfig } from './config.ts';
import { seed } from './db/seed.ts';
import { startProcessing } from './jobs/processors.ts';
import { createRuntime } from './runtime.ts';
import { startServer } from './server.ts';

const started = performance.now();
const config = loadConfig();
ensureDirs(config);
const runtime = await createRuntime(config);
const { deps } = runtime;
const admin = await seed(deps.db);
const http = await startServer(deps);

// Workers: separate processes when they can reach the same database and Redis (PostgreSQL +
// Redis). PGlite is one process's database, so with it the jobs run in this process.
const workers: ChildProcess[] = [];
let stopping = false;
const separateWorkers = deps.queue.kind === 'redis' && !!config.databaseUrl;
if (separateWorkers) {
  const entry = fileURLToPath(new URL('./worker.ts', import.meta.url));
  const redisUrl = runtime.redis?.url ?? config.redisUrl!;
  // Exactly WORKERS processes: slot i holds one child; a replacement is forked only after the
  // slot's child has exited (workers exit with this process: worker.ts watches the IPC channel).
  const spawnWorker = (i: number) => {
    if (stopping) return;
    const child = fork(entry, [], { env: { ...process.env, REDIS_URL: redisUrl, WORKER_INDEX: String(i) }, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
    workers[i] = child;
    child.on('error', (err) => deps.log.error({ err, worker: i }, 'worker process error'));
    child.on('exit', (code, signal) => {
      if (workers[i] !== child || stopping) return;
      deps.log.warn({ worker: i, code, signal }, 'worker exited; restarting');
      setTimeout(() => spawnWorker(i), 1000).unref();
    });
  };
  for (let i = 0; i < Math.max(1, config.workers); i++) spawnWorker(i);
} else {
  startProcessing(deps, 2);
}

const lines = [
  '',
  `  Headwater ${config.version} is running at ${http.url}`,
  `  ready in ${((performance.now() - started) / 1000).toFixed(1)} s · database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir}/db)`} · queue: ${deps.queue.kind}${separateWorkers ? ` · ${workers.length} worker process(es)` : ' (jobs in this process)'}`,
  admin.adminPassword
    ? `  administrator: ${admin.adminUser} / ${admin.adminPassword}   (generated now and shown only this once)`
    : admin.created
      ? `  administrator: ${admin.adminUser} (password from ADMIN_PASSWORD)`
      : `  administrator: ${admin.adminUser} (existing account)`,
  '',
];
process.stdout.write(lines.join('\n') + '\n');

/** SIGTERM/SIGINT: stop accepting connections, stop the workers (each hands its running jobs back
 * to the queue, worker.ts), close the database and queue, and be gone within 10 s whatever hangs. */
const STOP_DEADLINE_MS = 9500;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  deps.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    deps.log.warn('shutdown took too long; exiting');
    process.exit(1);
  }, STOP_DEADLINE_MS).unref();
  const exited = workers.filter((w) => w && w.exitCode === null && w.signalCode === null).map((w) => new Promise<void>((r) => w.once('exit', () => r())));
  for (const w of workers) w?.kill('SIGTERM');
  try {
    await http.close();
    await Promise.all(exited);
    await runtime.close();
  } catch (err) {
    deps.log.warn({ err }, 'shutdown: closing failed');
  }
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// A request's error is answered by the error middleware; anything that still escapes (a stream
// error event nobody handled, a rejected promise nobody awaited) must not end the process and
// every request with it — but it is a bug: logged at error level with its stack.
process.on('uncaughtException', (err) => deps.log.error({ err }, 'uncaught exception (the process keeps serving)'));
process.on('unhandledRejection', (err) => deps.log.error({ err }, 'unhandled rejection (the process keeps serving)'));
