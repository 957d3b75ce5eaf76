// The account/ calls of spec 1 §7 and the administrators' user approval of spec 3 §7.
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '@headwater/plugin-sdk/schema';
import type { AppDeps } from '../../deps.ts';
import { currentUser, requireUser, tokenFrom } from '../../http/auth.ts';
import { intParam, parseBody } from '../../http/validate.ts';
import type { User } from '../users/models.ts';
import { captchaConfig } from './captcha.ts';
import { locationData } from './location.ts';
import * as svc from './service.ts';
import * as adminUsers from '../admin-users/service.ts';

const text = (msg = ACCOUNT_MESSAGES.required) => z.string({ error: msg }).trim().min(1, msg);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

function query(ctx: Context, name: string): string {
  const v = ctx.query[name];
  return typeof v === 'string' ? v : '';
}

export function register(router: Router, deps: AppDeps): void {
  router.get('/account/locationdata', async (ctx) => {
    ctx.body = await locationData();
  });

  // The register form's captcha: provider, and a fresh proof-of-work challenge for altcha.
  router.get('/account/captcha', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await captchaConfig(deps.config);
  });

  router.post('/account/register', async (ctx) => {
    await svc.registerUser(deps, ctx.request.body, { remoteIp: ctx.ip });
    ctx.status = 201;
    ctx.body = { message: ACCOUNT_MESSAGES.registered };
  });

  router.get('/account/confirm', async (ctx) => {
    await svc.confirmAccount(deps, intParam(query(ctx, 'userId')), query(ctx, 'code'));
    ctx.body = { message: ACCOUNT_MESSAGES.emailConfirmed };
  });

  // A signed-in user, or the limited token a login with an unconfirmed e-mail returns.
  router.post('/account/resendconfirmation', async (ctx) => {
    await svc.resendConfirmationFor(deps, ctx.state.user as User | undefined, tokenFrom(ctx));
    ctx.body = { message: ACCOUNT_MESSAGES.confirmationResent };
  });

  router.post('/account/forgotpassword', async (ctx) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const email = str(body.email).trim();
    if (!email) throw parseBody(z.object({ email: text() }), body);
    await svc.forgotPassword(deps, email);
    ctx.body = { message: ACCOUNT_MESSAGES.forgotPasswordSent };
  });

  router.post('/account/resetpassword', async (ctx) => {
    const b = (ctx.request.body ?? {}) as Record<string, unknown>;
    await svc.resetPassword(deps, { code: str(b.code), userName: str(b.userName).trim(), password: str(b.password), comparePassword: typeof b.comparePassword === 'string' ? b.comparePassword : undefined });
    ctx.body = { message: ACCOUNT_MESSAGES.resetDone };
  });

  router.get('/account/confirmEmailChange', async (ctx) => {
    await svc.confirmEmailChange(deps, intParam(query(ctx, 'userId')), query(ctx, 'code'), query(ctx, 'newEmail'));
    ctx.body = { message: ACCOUNT_MESSAGES.emailChanged };
  });

  // ── signed in (also before approval: a pending user keeps their profile up to date) ──
  router.get('/account/profile', requireUser, async (ctx) => {
    ctx.body = await svc.getProfile(currentUser(ctx));
  });

  router.post('/account/profile', requireUser, async (ctx) => {
    ctx.body = await svc.updateProfile(deps, currentUser(ctx), ctx.request.body);
  });

  router.post('/account/changeemail', requireUser, async (ctx) => {
    const b = (ctx.request.body ?? {}) as Record<string, unknown>;
    await svc.requestEmailChange(deps, currentUser(ctx), str(b.value), typeof b.compareEmail === 'string' ? b.compareEmail : undefined);
    ctx.body = { message: ACCOUNT_MESSAGES.emailChangeSent };
  });

  router.post('/account/changepassword', requireUser, async (ctx) => {
    const b = (ctx.request.body ?? {}) as Record<string, unknown>;
    ctx.body = await svc.changePassword(deps, currentUser(ctx), { oldPassword: str(b.oldPassword), newPassword: str(b.newPassword), comparePassword: typeof b.comparePassword === 'string' ? b.comparePassword : undefined });
  });

  router.delete('/account/delete', requireUser, async (ctx) => {
    const userId = query(ctx, 'userId');
    const target = userId ? intParam(userId) : undefined;
    // Another user's account: the administrators' deletion (spec 3 §6, recorded in the audit log).
    if (target !== undefined && target !== currentUser(ctx).id) await adminUsers.deleteUser(deps, currentUser(ctx), target);
    else await svc.deleteAccount(deps, currentUser(ctx), target);
    ctx.status = 204;
  });

  router.post('/account/tierrequest', requireUser, async (ctx) => {
    const b = (ctx.request.body ?? {}) as Record<string, unknown>;
    await svc.requestTier(deps, currentUser(ctx), { value: str(b.value), time: str(b.time) });
    ctx.body = { message: ACCOUNT_MESSAGES.tierRequestSent };
  });

  router.get('/account/notifications', requireUser, async (ctx) => {
    ctx.body = await svc.listNotifications(currentUser(ctx));
  });

  router.delete('/account/notifications', requireUser, async (ctx) => {
    await svc.clearNotifications(deps, currentUser(ctx));
    ctx.status = 204;
  });

  router.get('/account/notification/:id', requireUser, async (ctx) => {
    ctx.body = await svc.openNotification(deps, currentUser(ctx), intParam(ctx.params.id));
  });

  router.delete('/account/notification/:id', requireUser, async (ctx) => {
    await svc.deleteNotification(deps, currentUser(ctx), intParam(ctx.params.id));
    ctx.status = 204;
  });
  // The administrators' calls (admin/users/pending, approve, POST admin/users) are in
  // modules/admin-users with the rest of the admin area's user management.
}
