// Datasets: the system dataset selectors (datasets/*) and uploaded project datasets
// (importdatasets/*, spec 3 §7; the service is imports.ts), plus the administrator's review of
// public requests (admin/datasets/share/{id}, admin/datasets/publicrequests).
import type Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { currentUser, requireAdmin, requireRegistered, requireUser } from '../../http/auth.ts';
import { sendGrid } from '../../http/grid.ts';
import { intParam, parseBody } from '../../http/validate.ts';
import { registerRoomAuthorizer } from '../../status/hub.ts';
import * as datasets from './service.ts';
import * as imports from './imports.ts';

const valueSchema = z.object({ value: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ message: 'Must be text' })) });

export function register(router: Router, deps: AppDeps): void {
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

  // ─── uploaded project datasets ──────────────────────────────────────────
  registerRoomAuthorizer('dataset-import', (user, roomId) => /^\d+$/.test(roomId) && imports.mayWatchImport(user, Number(roomId)));

  router.get('/importdatasets', requireRegistered, async (ctx) => {
    await sendGrid(ctx, deps.db, imports.importRowsQuery(deps.db, currentUser(ctx)), imports.IMPORT_GRID, { csvName: 'datasets.csv' });
  });
  router.get('/importdatasets/options', requireRegistered, async (ctx) => {
    ctx.body = await imports.importOptions(currentUser(ctx));
  });
  router.post('/importdatasets/upload', requireRegistered, async (ctx) => {
    ctx.body = await imports.uploadDataset(deps, currentUser(ctx), ctx.req);
  });
  router.post('/importdatasets', requireRegistered, async (ctx) => {
    ctx.body = await imports.createImport(deps, currentUser(ctx), (ctx.request.body ?? {}) as imports.CreateForm);
  });
  router.patch('/importdatasets/groupshare/:groupId/:id', requireRegistered, async (ctx) => {
    ctx.body = await imports.groupShare(currentUser(ctx), intParam(ctx.params.groupId), intParam(ctx.params.id));
  });
  router.patch('/importdatasets/groupunshare/:groupId/:id', requireRegistered, async (ctx) => {
    ctx.body = await imports.groupUnshare(currentUser(ctx), intParam(ctx.params.groupId), intParam(ctx.params.id));
  });
  router.patch('/importdatasets/deactivate/:id', requireRegistered, async (ctx) => {
    ctx.body = await imports.setActive(currentUser(ctx), intParam(ctx.params.id), false);
  });
  router.patch('/importdatasets/activate/:id', requireRegistered, async (ctx) => {
    ctx.body = await imports.setActive(currentUser(ctx), intParam(ctx.params.id), true);
  });
  router.put('/importdatasets/publicshare/:id', requireRegistered, async (ctx) => {
    const b = parseBody(valueSchema, ctx.request.body);
    ctx.body = await imports.requestPublic(currentUser(ctx), intParam(ctx.params.id), b.value);
  });
  router.get('/importdatasets/:id', requireRegistered, async (ctx) => {
    ctx.body = await imports.importDetail(currentUser(ctx), intParam(ctx.params.id));
  });
  router.put('/importdatasets/:id', requireRegistered, async (ctx) => {
    ctx.body = await imports.updateImport(currentUser(ctx), intParam(ctx.params.id), (ctx.request.body ?? {}) as imports.EditForm);
  });
  router.delete('/importdatasets/:id', requireRegistered, async (ctx) => {
    ctx.body = await imports.deleteImport(deps, currentUser(ctx), intParam(ctx.params.id));
  });

  // ─── the administrator's review of public requests ──────────────────────
  router.get('/admin/datasets/publicrequests', requireAdmin, async (ctx) => {
    ctx.body = await imports.publicRequests();
  });
  router.put('/admin/datasets/share/:id', requireAdmin, async (ctx) => {
    ctx.body = await imports.adminShare(currentUser(ctx), intParam(ctx.params.id), (ctx.request.body ?? {}) as Record<string, unknown>);
  });
}
