// The Koa application: API under /api (errors in the spec's shapes), the shell and the
// plugins' remote files from the same origin.
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import compress from 'koa-compress';
import type { AppDeps } from './deps.ts';
import { authenticate } from './http/auth.ts';
import { clientAddress, parseTrustedProxies, securityHeaders } from './http/headers.ts';
import { checkInput, JSON_LIMIT } from './http/input.ts';
import { errorMiddleware, serialiseJsonOnce } from './http/middleware.ts';
import { serveStatic } from './http/static.ts';
import { MODULES } from './modules/index.ts';
import { mountPluginServers } from './modules/plugins/mount.ts';
import { siteGate } from './modules/site/gate.ts';

/** The API's route table: every module's calls and every plugin server half's, under /api
 * (tests enumerate its `stack`: test/access-matrix.test.ts). */
export function apiRouter(deps: AppDeps): Router {
  const api = new Router({ prefix: '/api' });
  for (const register of Object.values(MODULES)) register(api, deps);
  mountPluginServers(api, deps.pluginServers, deps);
  return api;
}

export function createApp(deps: AppDeps): Koa {
  // Proxy headers are believed only from TRUSTED_PROXIES (clientAddress sets ctx.ip): Koa's own
  // `proxy` would take X-Forwarded-For from anyone.
  const app = new Koa({ proxy: false });
  const trusted = parseTrustedProxies(deps.config.trustedProxies);
  // A browser that goes away mid-response is not a server error: log the rest, once, via pino.
  const GONE = new Set(['EPIPE', 'ECONNRESET', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);
  app.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code && GONE.has(err.code)) return;
    deps.log.error({ err }, 'unhandled request error');
  });
  const api = apiRouter(deps);

  app.use(securityHeaders());
  app.use(clientAddress(trusted));
  app.use(async (ctx, next) => {
    const started = performance.now();
    await next();
    if (ctx.path.startsWith('/api')) {
      deps.log.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) }, 'request');
    }
  });
  app.use(errorMiddleware(deps.log));
  // Small answers go as they are: setting up a gzip stream cost more CPU than the few hundred
  // bytes it saved (a tenth of GET projects/{id} under load; bench/suites/api.ts).
  app.use(compress({ threshold: 4096 }));
  app.use(serialiseJsonOnce());
  const pluginDirs = new Map(deps.workspacePlugins.map((p) => [p.manifest.id, p.distDir]));
  app.use(serveStatic({ shellDir: deps.config.shellDir, pluginDirs: () => pluginDirs }));
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: JSON_LIMIT, encoding: 'utf-8' }));
  // every body, query and path within bounds before anyone reads it (http/input.ts)
  app.use(checkInput());
  app.use(authenticate(deps.tokens));
  // offline mode and API connectivity (website settings) take effect here (modules/site/gate.ts)
  app.use(siteGate());
  app.use(api.routes());
  app.use(api.allowedMethods({ throw: false }));
  return app;
}
