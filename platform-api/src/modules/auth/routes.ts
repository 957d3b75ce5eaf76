import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { currentUser } from '../../http/auth.ts';
import { HttpError, MESSAGES } from '../../http/errors.ts';
import { parseBody } from '../../http/validate.ts';
import { checkPassword, findByUserName } from '../users/service.ts';
import { User } from '../users/models.ts';

const loginBody = z.object({
  userName: z.string({ error: 'Required' }).trim().min(1, 'Required'),
  password: z.string({ error: 'Required' }).min(1, 'Required'),
  deviceToken: z.string().nullish(),
});

export function register(router: Router, deps: AppDeps): void {
  // POST auth/login (spec 1 §7): auth_token, identity, multiFactorValidated. The multi-factor
  // step and remembered devices arrive with the accounts module; until then every valid
  // login is fully validated.
  router.post('/auth/login', async (ctx) => {
    const { userName, password } = parseBody(loginBody, ctx.request.body);
    const user = await findByUserName(userName);
    if (!user || !(await checkPassword(user, password)) || user.isLockedOut) {
      throw new HttpError(400, MESSAGES.unauthorized);
    }
    await User.query().patch({ lastLoginDate: new Date() }).where('id', user.id);
    const token = await deps.tokens.issue(user);
    ctx.body = { auth_token: token, identity: { ...user.toSessionUser(), token }, multiFactorValidated: true };
  });

  router.get('/auth/check', async (ctx) => {
    const user = currentUser(ctx);
    ctx.body = user.toSessionUser();
  });

  // Tokens are stateless: logging out everywhere bumps the token version.
  router.post('/auth/logout-all', async (ctx) => {
    const user = currentUser(ctx);
    await User.query().patch({ tokenVersion: user.tokenVersion + 1 }).where('id', user.id);
    ctx.status = 204;
  });
}
