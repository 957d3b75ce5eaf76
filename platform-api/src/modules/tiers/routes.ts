// The public tier list (spec 1 Help, account page) and the administrators' tier calls of
// spec 3 §7 'Tiers'. Any administrator reads, creates and edits tiers; deletion is for full
// administrators (spec 3 §6: delete buttons for tiers are shown only to the Admin role).
import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { currentUser, requireAdmin, requireFullAdmin } from '../../http/auth.ts';
import { sendGrid } from '../../http/grid.ts';
import { intParam } from '../../http/validate.ts';
import * as tiers from './service.ts';

export function register(router: Router, deps: AppDeps): void {
  router.get('/account/alltiers', async (ctx) => {
    ctx.body = await tiers.listPublicTiers();
  });

  router.get('/admin/tiers', requireAdmin, async (ctx) => {
    await sendGrid(ctx, deps.db, tiers.tierRowsQuery(deps.db), tiers.TIER_GRID, { csvName: 'tiers.csv' });
  });
  router.get('/admin/tiers/datasets', requireAdmin, async (ctx) => {
    ctx.body = await tiers.datasetOptions();
  });
  router.get('/admin/tiers/users/:id', requireAdmin, async (ctx) => {
    const { query } = await tiers.tierUsersQuery(deps.db, intParam(ctx.params.id));
    await sendGrid(ctx, deps.db, query, tiers.TIER_USER_GRID, { csvName: 'tier-users.csv' });
  });
  router.get('/admin/tiers/:id', requireAdmin, async (ctx) => {
    ctx.body = await tiers.getTier(intParam(ctx.params.id));
  });
  router.post('/admin/tiers', requireAdmin, async (ctx) => {
    ctx.body = await tiers.createTier(deps.db, currentUser(ctx), ctx.request.body);
  });
  router.put('/admin/tiers/:id', requireAdmin, async (ctx) => {
    ctx.body = await tiers.updateTier(deps.db, currentUser(ctx), intParam(ctx.params.id), ctx.request.body);
  });
  router.delete('/admin/tiers/:id', requireFullAdmin, async (ctx) => {
    await tiers.deleteTier(deps.db, currentUser(ctx), intParam(ctx.params.id));
    ctx.status = 204;
  });
}
