// GET health: whether the database and the queue answer (a load balancer's probe).
import type { AppDeps } from '../../deps.ts';

export async function health(deps: Pick<AppDeps, 'db' | 'queue' | 'config'>) {
  const db = await deps.db
    .raw('select 1 as ok')
    .then(() => true)
    .catch(() => false);
  const queue = await deps.queue.healthy().catch(() => false);
  return { ok: db && queue, db, queue, queueDriver: deps.queue.kind, version: deps.config.version };
}
