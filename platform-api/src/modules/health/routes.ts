import Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { health } from './service.ts';

export function register(router: Router, deps: AppDeps): void {
  router.get('/health', async (ctx) => {
    const body = await health(deps);
    ctx.status = body.ok ? 200 : 503;
    ctx.body = body;
  });
}
