// The calibration call the platform answers itself: the CSV downloads (`?access_token`, spec 1
// §7, as the custom output downloads). The request calls are the plugin's server half
// (plugins/calibration-runs/server), behind its feature flag.
import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { currentUser, requireRegistered } from '../../http/auth.ts';
import { intParam } from '../../http/validate.ts';
import { exportFile } from './service.ts';

export function register(router: Router, deps: AppDeps): void {
  router.get('/exports/calibration/:requestId/:file', requireRegistered, async (ctx) => {
    const { name, text } = await exportFile(deps, currentUser(ctx), intParam(ctx.params.requestId), String(ctx.params.file));
    ctx.set('Content-Disposition', `attachment; filename="${name}"`);
    ctx.type = 'text/csv';
    ctx.body = text;
  });
}
