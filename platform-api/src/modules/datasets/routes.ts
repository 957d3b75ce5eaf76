import Router from '@koa/router';
import { currentUser, requireUser } from '../../http/auth.ts';
import { intParam } from '../../http/validate.ts';
import * as datasets from './service.ts';

export function register(router: Router): void {
  router.get('/datasets/publiclist', async (ctx) => {
    ctx.body = await datasets.publicDatasetGroups();
  });

  router.get('/datasets/cropcodes', async (ctx) => {
    ctx.body = await datasets.cropCodes(intParam(String(ctx.query.id ?? '')), ctx.state.user);
  });

  router.get('/datasets/user', requireUser, async (ctx) => {
    ctx.body = await datasets.userDatasets(currentUser(ctx));
  });

  router.get('/datasets/outlinegeojson/:id', requireUser, async (ctx) => {
    ctx.body = await datasets.outlineGeoJson(intParam(ctx.params.id), ctx.state.user);
  });
}
