// GET admin/dashboard (`?refresh=true` recomputes the cached figures) and GET admin/database
// (spec 3 §7 'Admin users and misc'): administrators and partial administrators.
import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { requireAdmin } from '../../http/auth.ts';
import { databaseCounts, dashboard } from './service.ts';

export function register(router: Router, deps: AppDeps): void {
  router.get('/admin/dashboard', requireAdmin, async (ctx) => {
    ctx.body = await dashboard(deps, ctx.query.refresh === 'true' || ctx.query.refresh === '1');
  });
  router.get('/admin/database', requireAdmin, async (ctx) => {
    ctx.body = await databaseCounts(deps);
  });
}
