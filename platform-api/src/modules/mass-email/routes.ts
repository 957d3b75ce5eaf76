// POST admin/users/emailusers (subject, body, bccSender; spec 3 §7 'Categories and email') and
// the progress of one sending, GET admin/users/emailusers/{id}, and the latest sent, GET
// admin/users/emailusers: full administrators only (§6).
// The live channel `massemail:{id}` is open to full administrators only.
import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { currentUser, requireFullAdmin } from '../../http/auth.ts';
import { intParam } from '../../http/validate.ts';
import { registerRoomAuthorizer } from '../../status/hub.ts';
import { massEmailStatus, recentMassEmails, sendToAllUsers, type MassEmailForm } from './service.ts';

export function register(router: Router, deps: AppDeps): void {
  registerRoomAuthorizer('massemail', (user) => !!user?.hasRole('Admin'));
  router.post('/admin/users/emailusers', requireFullAdmin, async (ctx) => {
    const b = ctx.request.body;
    const form = b && typeof b === 'object' && !Array.isArray(b) ? (b as MassEmailForm) : {};
    ctx.body = await sendToAllUsers(deps, currentUser(ctx), form);
  });
  router.get('/admin/users/emailusers', requireFullAdmin, async (ctx) => {
    ctx.body = await recentMassEmails(currentUser(ctx));
  });
  router.get('/admin/users/emailusers/:id', requireFullAdmin, async (ctx) => {
    ctx.body = await massEmailStatus(currentUser(ctx), intParam(ctx.params.id));
  });
}
