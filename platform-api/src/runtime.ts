// Builds the process's dependencies (database, queue, status bus, tokens, plugins) once, for
// the API server, a worker, or a test — and closes them in reverse order.
import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';
import { bindModels, createDb, migrate } from './db/index.ts';
import type { AppDeps } from './deps.ts';
import { TokenService } from './http/auth.ts';
import { MemoryQueueDriver, RedisQueueDriver, type QueueDriver } from './jobs/queue.ts';
import { ping, redisServerOnPath, startLocalRedis, type RedisHandle } from './jobs/redis.ts';
import { discoverWorkspacePlugins, loadPluginServers } from './modules/plugins/discovery.ts';
import { invalidatePluginCache, syncWorkspacePlugins } from './modules/plugins/service.ts';
import { ensureAuthSecret } from './modules/settings/service.ts';
import { MemoryStatusBus, RedisStatusBus, type StatusBus } from './status/bus.ts';

export type Runtime = { deps: AppDeps; redis?: RedisHandle; close(): Promise<void> };

/** REDIS_URL, else a private redis-server, else none (memory driver). */
export async function resolveRedis(config: Config, log: Logger): Promise<{ url?: string; handle?: RedisHandle }> {
  if (config.queueDriver === 'memory') return {};
  if (config.redisUrl) {
    if (!(await ping(config.redisUrl))) log.warn({ url: config.redisUrl }, 'REDIS_URL does not answer yet; the queue will retry');
    return { url: config.redisUrl };
  }
  const binary = redisServerOnPath();
  if (binary) {
    const handle = await startLocalRedis(config.dataDir, binary);
    log.info({ url: handle.url }, 'started a local redis-server for the queue');
    return { url: handle.url, handle };
  }
  if (config.queueDriver === 'redis') throw new Error('QUEUE_DRIVER=redis but no REDIS_URL and no redis-server on PATH');
  log.warn('no Redis: jobs run in this process (in-process queue driver, development only)');
  return {};
}

export async function createRuntime(
  config: Config,
  opts: { migrate?: boolean; log?: Logger; redisUrl?: string | null; queuePrefix?: string; fetcher?: AppDeps['fetcher'] } = {},
): Promise<Runtime> {
  const log = opts.log ?? pino({ level: config.logLevel, base: undefined });
  const db = bindModels(createDb(config));
  if (opts.migrate !== false) {
    const done = await migrate(db);
    if (done.length) log.info({ migrations: done }, 'database migrated');
  }
  const tokens = new TokenService(await ensureAuthSecret(config.authSecret), config.tokenTtlHours);

  let redis: { url?: string; handle?: RedisHandle };
  if (opts.redisUrl === null) redis = {};
  else if (opts.redisUrl) redis = { url: opts.redisUrl };
  else redis = await resolveRedis(config, log);

  const queue: QueueDriver = redis.url ? new RedisQueueDriver({ redisUrl: redis.url, isWorker: true, prefix: opts.queuePrefix ?? config.queuePrefix }) : new MemoryQueueDriver();
  const bus: StatusBus = redis.url ? new RedisStatusBus(redis.url, opts.queuePrefix ?? config.queuePrefix) : new MemoryStatusBus();

  const workspacePlugins = discoverWorkspacePlugins(config.staticRoot);
  if (opts.migrate !== false) await db.transaction((trx) => syncWorkspacePlugins(workspacePlugins, trx));
  const pluginServers = await loadPluginServers(workspacePlugins);
  // Another API instance changed the registry: forget the cached plugin list here too.
  await bus.subscribe((e) => {
    if (e.event === 'plugins-changed') invalidatePluginCache();
  });

  const deps: AppDeps = {
    config,
    db,
    log,
    tokens,
    queue,
    bus,
    workspacePlugins,
    pluginServers,
    fetcher: opts.fetcher ?? ((url) => fetch(url, { signal: AbortSignal.timeout(5000) })),
  };
  return {
    deps,
    redis: redis.handle,
    async close() {
      await queue.close();
      await bus.close();
      await db.destroy();
      await redis.handle?.stop();
    },
  };
}
