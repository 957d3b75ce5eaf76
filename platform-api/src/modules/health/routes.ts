import Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';

export function register(router: Router, deps: AppDeps): void {
  router.get('/health', async (ctx) => {
    const db = await deps.db
      .raw('select 1 as ok')
      .then(() => true)
      .catch(() => false);
    const queue = await deps.queue.healthy().catch(() => false);
    ctx.status = db && queue ? 200 : 503;
    ctx.body = { ok: db && queue, db, queue, queueDriver: deps.queue.kind, version: deps.config.version };
  });
}
