// The Koa application: API under /api (errors in the spec's shapes), the shell and the
// plugins' remote files from the same origin.
import { join } from 'node:path';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import compress from 'koa-compress';
import type { AppDeps } from './deps.ts';
import { authenticate } from './http/auth.ts';
import { errorMiddleware } from './http/middleware.ts';
import { serveStatic } from './http/static.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { datasetRoutes } from './modules/datasets/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { mountPluginServers } from './modules/plugins/mount.ts';
import { pluginRoutes } from './modules/plugins/routes.ts';
import { siteRoutes } from './modules/site/routes.ts';
import { tierRoutes } from './modules/tiers/routes.ts';

export function createApp(deps: AppDeps): Koa {
  const app = new Koa({ proxy: true });
  const api = new Router({ prefix: '/api' });

  healthRoutes(api, deps);
  authRoutes(api, deps);
  pluginRoutes(api, deps);
  siteRoutes(api, deps);
  tierRoutes(api);
  datasetRoutes(api);
  mountPluginServers(api, deps.pluginServers);

  app.use(async (ctx, next) => {
    const started = performance.now();
    await next();
    if (ctx.path.startsWith('/api')) {
      deps.log.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) }, 'request');
    }
  });
  app.use(errorMiddleware(deps.log));
  app.use(compress({ threshold: 1024 }));
  const pluginDirs = new Map(deps.workspacePlugins.map((p) => [p.manifest.id, p.distDir]));
  app.use(serveStatic({ shellDir: join(deps.config.staticRoot, 'shell', 'dist'), pluginDirs: () => pluginDirs }));
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '5mb', encoding: 'utf-8' }));
  app.use(authenticate(deps.tokens));
  app.use(api.routes());
  app.use(api.allowedMethods({ throw: false }));
  return app;
}
