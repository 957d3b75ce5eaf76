import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { currentUser, tokenFrom } from '../../http/auth.ts';
import { parseBody } from '../../http/validate.ts';
import { ACCOUNT_FIELD_LIMITS, ACCOUNT_MESSAGES } from '@headwater/plugin-sdk/schema';
import { confirmMfa, login, logoutEverywhere } from '../accounts/service.ts';
import { effectiveFeatures } from '../api-clients/service.ts';

const tooLong = (max: number) => `Must be at most ${max} characters.`;
// Lengths are checked here, before any query: a 1 MB user name once reached the throttle's index.
const loginBody = z.object({
  userName: z.string({ error: 'Required' }).trim().min(1, 'Required').max(ACCOUNT_FIELD_LIMITS.userName, tooLong(ACCOUNT_FIELD_LIMITS.userName)),
  password: z.string({ error: 'Required' }).min(1, 'Required').max(ACCOUNT_FIELD_LIMITS.password, tooLong(ACCOUNT_FIELD_LIMITS.password)),
  deviceToken: z.string().max(1000).nullish(),
});

const mfaBody = z.object({
  code: z.string({ error: ACCOUNT_MESSAGES.enterCode }).trim().regex(/^\d{6}$/, ACCOUNT_MESSAGES.enterCode),
  token: z.string({ error: 'Required' }).min(1, 'Required').max(4000),
  rememberDevice: z.boolean().optional().default(true),
});

export function register(router: Router, deps: AppDeps): void {
  // POST auth/login (spec 1 §7): auth_token, identity, multiFactorValidated. When the device
  // is not remembered the token is a short-lived pending one and a code is mailed.
  router.post('/auth/login', async (ctx) => {
    const body = parseBody(loginBody, ctx.request.body);
    ctx.body = await login(deps, body, ctx.ip);
  });

  // POST auth/confirmmfa {code, token}: the mailed six-digit code completes the login.
  router.post('/auth/confirmmfa', async (ctx) => {
    ctx.body = await confirmMfa(deps, parseBody(mfaBody, ctx.request.body));
  });

  router.get('/auth/check', async (ctx) => {
    const user = currentUser(ctx);
    ctx.body = { ...user.toSessionUser(), featureAccess: await effectiveFeatures(user) };
  });

  // Logout revokes this token (its id is kept until it would have expired).
  router.post('/auth/logout', async (ctx) => {
    const token = tokenFrom(ctx);
    if (token) await deps.tokens.revoke(token);
    ctx.status = 204;
  });

  // Tokens are stateless: logging out everywhere bumps the token version.
  router.post('/auth/logout-all', async (ctx) => {
    await logoutEverywhere(currentUser(ctx));
    ctx.status = 204;
  });
}
