import Router from '@koa/router';
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
}
