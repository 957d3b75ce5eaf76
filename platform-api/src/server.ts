// Starts the HTTP server (API, shell, plugin files) with the status hub on one port.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import type { AppDeps } from './deps.ts';
import { StatusHub } from './status/hub.ts';

export type RunningServer = { server: Server; hub: StatusHub; url: string; close(): Promise<void> };

export async function startServer(deps: AppDeps, port = deps.config.port, host = deps.config.host): Promise<RunningServer> {
  const app = createApp(deps);
  const server = createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  const hub = new StatusHub(server, deps.tokens, deps.bus);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const addr = server.address() as AddressInfo;
  const url = `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${addr.port}`;
  return {
    server,
    hub,
    url,
    async close() {
      await hub.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
