// The calibration call the platform answers itself: the CSV downloads (`?access_token`, spec 1
// §7, as the custom output downloads). The request calls are the plugin's server half
// (plugins/calibration-runs/server), behind its feature flag.
import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { currentUser, requireRegistered } from '../../http/auth.ts';
import { intParam } from '../../http/validate.ts';
import { exportFile } from './service.ts';
import { CALIBRATION_QUEUE, type RunJob } from './service.ts';

export function register(router: Router, deps: AppDeps): void {
  watchFailedRuns(deps);
  router.get('/exports/calibration/:requestId/:file', requireRegistered, async (ctx) => {
    const { name, text } = await exportFile(deps, currentUser(ctx), intParam(ctx.params.requestId), String(ctx.params.file));
    ctx.set('Content-Disposition', `attachment; filename="${name}"`);
    ctx.type = 'text/csv';
    ctx.body = text;
  });
}

const watchedQueues = new WeakSet<object>();
/** Listens (once per queue set; the engine's modules load only when a run failed) for run jobs that failed for good: `cal-{request}-{n}`. */
export function watchFailedRuns(deps: AppDeps): void {
  if (watchedQueues.has(deps.queue)) return;
  watchedQueues.add(deps.queue);
  deps.queue.queue<RunJob>(CALIBRATION_QUEUE).on('failed', (jobId, message) => {
    const m = /^cal-(\d+)-(\d+)$/.exec(jobId);
    if (!m) return;
    import('./job.ts')
      .then(({ storeFailedRun }) => storeFailedRun(deps, Number(m[1]), Number(m[2]), message))
      .catch((err) => deps.log.error({ err, jobId }, 'calibration: a failed run could not be stored'));
  });
}

