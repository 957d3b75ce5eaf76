// Migration from version 1 (spec 3 §7 'Migration'): check and verify carry no token; register
// creates the account. Throttled like the other public account calls? Check mails a code to the
// version-1 address only, so it tells nothing to whoever calls it but whether the account exists.
import type Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { parseBody, trimStrings } from '../../http/validate.ts';
import * as v1 from './service.ts';

const text = z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ message: 'Must be text' }));
const checkSchema = z.object({ userName: text.optional(), email: text.optional() });
const verifySchema = z.object({ email: text, code: text });
const registerSchema = z.looseObject({ email: text, code: text, importAllProjects: z.boolean().optional(), projectsToImport: z.array(z.union([z.number(), z.string()])).optional() });

export function register(router: Router, deps: AppDeps): void {
  router.post('/version1/checkuser', async (ctx) => {
    ctx.body = await v1.checkUser(deps, parseBody(checkSchema, trimStrings(ctx.request.body)));
  });
  router.post('/version1/verify', async (ctx) => {
    ctx.body = await v1.verify(deps, parseBody(verifySchema, trimStrings(ctx.request.body)));
  });
  router.post('/version1/register', async (ctx) => {
    ctx.body = await v1.register(deps, parseBody(registerSchema, trimStrings(ctx.request.body)) as v1.RegisterBody);
  });
  router.get('/version1/available', async (ctx) => {
    ctx.body = { available: v1.isAvailable() };
  });
}
