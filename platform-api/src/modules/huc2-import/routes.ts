// The regional (HUC2) import calls (spec 3 §7 'Regional imports'): full administrators only
// (spec 3 §2.3); the live event goes to room 'importhuc2', which only they may join.
import type Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { currentUser, requireFullAdmin } from '../../http/auth.ts';
import { intParam, parseBody } from '../../http/validate.ts';
import { registerRoomAuthorizer } from '../../status/hub.ts';
import * as huc2 from './service.ts';

const enabledBody = z.object({ value: z.boolean({ message: 'Must be true or false' }) });

export function register(router: Router, deps: AppDeps): void {
  registerRoomAuthorizer(huc2.HUC2_ROOM, (user) => !!user?.hasRole?.('Admin'));
  router.get('/admin/importHuc2', requireFullAdmin, async (ctx) => {
    ctx.body = await huc2.overview(deps);
  });
  router.post('/admin/importHuc2/enabled', requireFullAdmin, async (ctx) => {
    ctx.body = await huc2.setEnabled(currentUser(ctx), parseBody(enabledBody, ctx.request.body ?? {}).value);
  });
  router.post('/admin/importHuc2/soils', requireFullAdmin, async (ctx) => {
    ctx.body = await huc2.startSoils(deps, currentUser(ctx));
  });
  router.post('/admin/importHuc2/all', requireFullAdmin, async (ctx) => {
    ctx.body = await huc2.startAll(deps, currentUser(ctx));
  });
  router.post('/admin/importHuc2/abort/:id', requireFullAdmin, async (ctx) => {
    ctx.body = await huc2.abortImport(deps, currentUser(ctx), intParam(ctx.params.id));
  });
  router.post('/admin/importHuc2/:id', requireFullAdmin, async (ctx) => {
    ctx.body = await huc2.startImport(deps, currentUser(ctx), intParam(ctx.params.id));
  });
}
