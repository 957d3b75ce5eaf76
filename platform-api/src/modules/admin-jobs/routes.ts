// The job queue and special jobs calls (issue 20): full administrators only (spec 3 §6).
import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { currentUser, requireFullAdmin } from '../../http/auth.ts';
import { registerRoomAuthorizer } from '../../status/hub.ts';
import * as jobs from './service.ts';

export function register(router: Router, deps: AppDeps): void {
  registerRoomAuthorizer(jobs.SPECIAL_ROOM, (user) => !!user?.hasRole?.('Admin'));
  router.get('/admin/jobs', requireFullAdmin, async (ctx) => {
    ctx.body = await jobs.queueOverview(deps);
  });
  router.get('/admin/jobs/:queue/:state', requireFullAdmin, async (ctx) => {
    ctx.body = await jobs.queueJobs(deps, ctx.params.queue!, ctx.params.state!);
  });
  router.post('/admin/jobs/:queue/retry/:priority/:id', requireFullAdmin, async (ctx) => {
    ctx.body = await jobs.retryJob(deps, currentUser(ctx), ctx.params.queue!, ctx.params.priority!, ctx.params.id!);
  });
  router.delete('/admin/jobs/:queue/:priority/:id', requireFullAdmin, async (ctx) => {
    ctx.body = await jobs.removeJob(deps, currentUser(ctx), ctx.params.queue!, ctx.params.priority!, ctx.params.id!);
  });
  router.get('/admin/special-jobs', requireFullAdmin, async (ctx) => {
    ctx.body = await jobs.specialJobs(deps);
  });
  router.post('/admin/special-jobs/:kind', requireFullAdmin, async (ctx) => {
    ctx.body = await jobs.startSpecialJob(deps, currentUser(ctx), ctx.params.kind!);
  });
}
