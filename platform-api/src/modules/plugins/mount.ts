// Mounts the server halves of workspace plugins under /api. Every route first checks the
// plugin's flag: a disabled plugin's API answers the spec's 'This feature is not enabled...'.
import type Router from '@koa/router';
import type { Context } from 'koa';
import { join } from 'node:path';
import { FeatureDisabledError, idParam, isFileResponse, NotSignedInError, PluginHttpError, type PluginServer, type ServerRoute } from '@headwater/plugin-sdk/server';
import { requireAdmin, requireFullAdmin, requireRegistered } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { platformServices } from '../scenarios/platform.ts';
import { scenarioFor } from '../scenarios/service.ts';
import type { User } from '../users/models.ts';
import { enabledPluginSettings } from './service.ts';
import { receiveUpload } from './uploads.ts';

const guards = { public: [], user: [requireRegistered], admin: [requireAdmin], fullAdmin: [requireFullAdmin] } as const;

export function mountPluginServers(router: Router, servers: PluginServer[], deps: AppDeps): void {
  for (const server of servers) {
    for (const route of server.routes ?? []) mountRoute(router, server.id, route, deps);
  }
}

function mountRoute(router: Router, pluginId: string, route: ServerRoute, deps: AppDeps): void {
  const enabled = async (ctx: Context, next: () => Promise<unknown>) => {
    const state = await enabledPluginSettings(pluginId);
    if (!state) throw new FeatureDisabledError();
    ctx.state.pluginSettings = state;
    await next();
  };
  const handler = async (ctx: Context) => {
    const user = ctx.state.user as User | undefined;
    // a route that takes files for a scenario: nobody's body is read before the scenario is theirs
    // to change (the answer is then the one every route gives: 401, 403 or 404)
    if (route.upload && ctx.params?.scenarioID !== undefined) {
      if (!user) throw new NotSignedInError();
      await scenarioFor(user, idParam(ctx.params.scenarioID), 'edit');
    }
    // a route that takes files: the multipart body into temporary files, removed whatever happens
    const upload = route.upload ? await receiveUpload(ctx.req, route.upload, join(deps.config.filesDir, 'tmp', 'uploads')) : undefined;
    try {
      const result = await route.handler({
        params: ctx.params as Record<string, string>,
        query: ctx.query as Record<string, string | string[] | undefined>,
        body: upload ? upload.fields : (ctx.request as { body?: unknown }).body,
        user: user && { id: user.id, userName: user.userName, roles: user.roles, isAdmin: user.isAdmin },
        platform: platformServices(deps, user),
        settings: ctx.state.pluginSettings?.settings,
        secrets: ctx.state.pluginSettings?.secrets,
        ...(upload ? { files: upload.files } : {}),
      });
      if (result === undefined) ctx.status = 204;
      else if (isFileResponse(result)) {
        // a download: an attachment with the route's file name
        ctx.set('Content-Disposition', `attachment; filename="${result.fileName.replace(/["\\\r\n]/g, '_')}"`);
        ctx.type = result.contentType;
        ctx.body = result.body;
      } else ctx.body = result;
    } catch (err) {
      if (err instanceof PluginHttpError) throw new HttpError(err.status, err.body);
      throw err;
    } finally {
      upload?.cleanup();
    }
  };
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  router[method](route.path, enabled, ...guards[route.access ?? 'user'], handler);
}
