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
  const spawnWorker = (i: number) => {
    const child = fork(entry, [], { env: { ...process.env, REDIS_URL: redisUrl, WORKER_INDEX: String(i) }, stdio: 'inherit' });
    workers[i] = child;
    child.on('exit', (code) => {
      if (!stopping) {
        deps.log.warn({ worker: i, code }, 'worker exited; restarting');
        setTimeout(() => spawnWorker(i), 1000).unref();
      }
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

async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  deps.log.info({ signal }, 'shutting down');
  for (const w of workers) w.kill('SIGTERM');
  await http.close();
  await runtime.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
