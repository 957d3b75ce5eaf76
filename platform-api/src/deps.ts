import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { TokenService } from './http/auth.ts';
import type { QueueDriver } from './jobs/queue.ts';
import type { StatusBus } from './status/bus.ts';
import type { WorkspacePlugin } from './modules/plugins/discovery.ts';
import type { PluginServer } from '@headwater/plugin-sdk/server';
import type { Fetcher } from './modules/plugins/service.ts';

/** Everything a module's routes may use; built once per process by main.ts or a test. */
export type AppDeps = {
  config: Config;
  db: Db;
  log: Logger;
  tokens: TokenService;
  queue: QueueDriver;
  bus: StatusBus;
  workspacePlugins: WorkspacePlugin[];
  pluginServers: PluginServer[];
  fetcher: Fetcher;
};
