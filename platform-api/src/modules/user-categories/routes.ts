// GET and POST admin/users/categories (spec 3 §7 'Categories and email'): administrators and
// partial administrators. The body of the POST is the whole ordered list, an array of strings.
import type Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { requireAdmin } from '../../http/auth.ts';
import { parseBody } from '../../http/validate.ts';
import { listCategories, saveCategories } from './service.ts';

const listSchema = z.array(z.unknown(), { message: 'Expected a list of categories' });

export function register(router: Router, _deps: AppDeps): void {
  router.get('/admin/users/categories', requireAdmin, async (ctx) => {
    ctx.body = await listCategories();
  });
  router.post('/admin/users/categories', requireAdmin, async (ctx) => {
    ctx.body = await saveCategories(parseBody(listSchema, ctx.request.body));
  });
}
