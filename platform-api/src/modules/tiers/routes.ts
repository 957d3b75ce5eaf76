import Router from '@koa/router';
import { listPublicTiers } from './service.ts';

export function register(router: Router): void {
  router.get('/account/alltiers', async (ctx) => {
    ctx.body = await listPublicTiers();
  });
}
