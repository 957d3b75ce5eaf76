import Router from '@koa/router';
import { currentUser, requireUser } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { intParam } from '../../http/validate.ts';
import * as datasets from './service.ts';

export function register(router: Router): void {
  router.get('/datasets/publiclist', async (ctx) => {
    ctx.body = await datasets.publicDatasetGroups();
  });

  router.get('/datasets/cropcodes', async (ctx) => {
    const id = intParam(String(ctx.query.id ?? ''));
    if (!(await datasets.readableDataset(id, ctx.state.user))) throw notFound();
    ctx.body = await datasets.cropCodes(id);
  });

  router.get('/datasets/user', requireUser, async (ctx) => {
    ctx.body = await datasets.userDatasets(currentUser(ctx));
  });

  router.get('/datasets/outlinegeojson/:id', requireUser, async (ctx) => {
    const d = await datasets.readableDataset(intParam(ctx.params.id), ctx.state.user);
    if (!d) throw notFound();
    ctx.body = await datasets.outlineGeoJson(d);
  });
}
