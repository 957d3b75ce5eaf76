// The custom output calls the platform answers itself (the tools' own calls are their plugins'
// server halves): deleting a request (spec 2 §7) and its downloads (`?access_token`, spec 1 §7).
import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { currentUser, requireRegistered } from '../../http/auth.ts';
import { intParam } from '../../http/validate.ts';
import { deleteRequest, requestDownload, watchPluginQueues } from './service.ts';

export function register(router: Router, deps: AppDeps): void {
  watchPluginQueues(deps);
  router.delete('/scenarios/output/deletecustomoutputrequest/:requestId', requireRegistered, async (ctx) => {
    ctx.body = await deleteRequest(deps, currentUser(ctx), intParam(ctx.params.requestId));
  });
  router.get('/exports/customoutput/:requestId', requireRegistered, async (ctx) => {
    const { stream, name, type } = await requestDownload(deps, currentUser(ctx), intParam(ctx.params.requestId));
    ctx.set('Content-Disposition', `attachment; filename="${name}"`);
    ctx.type = type;
    ctx.body = stream;
  });
  router.get('/exports/customoutput/:requestId/:file', requireRegistered, async (ctx) => {
    const { stream, name, type } = await requestDownload(deps, currentUser(ctx), intParam(ctx.params.requestId), String(ctx.params.file));
    ctx.set('Content-Disposition', `attachment; filename="${name}"`);
    ctx.type = type;
    ctx.body = stream;
  });
}
