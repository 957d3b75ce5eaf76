// A worker process: runs job processors against the shared PostgreSQL and Redis. Start any
// number of them, on any number of machines, with the same DATABASE_URL and REDIS_URL.
import { loadConfig } from './config.ts';
import { startProcessing } from './jobs/processors.ts';
import { createRuntime } from './runtime.ts';

const config = loadConfig();
if (!config.databaseUrl || !config.redisUrl) {
  process.stderr.write('worker: DATABASE_URL and REDIS_URL are required (PGlite and the in-process queue run jobs inside the API process)\n');
  process.exit(2);
}
const runtime = await createRuntime(config, { migrate: false });
const concurrency = Number(process.env.WORKER_CONCURRENCY ?? 2);
const queues = startProcessing(runtime.deps, concurrency);
runtime.deps.log.info({ queues, concurrency, pid: process.pid }, 'worker ready');

const stop = async () => {
  await runtime.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
