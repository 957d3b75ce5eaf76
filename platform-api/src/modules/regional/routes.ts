// Regional project runs (spec 3 §7): options, a dataset's regions, create (answers the project id).
import type Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { intParam, parseBody } from '../../http/validate.ts';
import { documentRoute } from '../api-clients/openapi.ts';
import * as regional from './service.ts';

export const createRegionalSchema = z.object({
  datasetID: z.number().int(),
  regionID: z.number().int(),
  projectName: z.string().describe('Fewer than 100 characters, with a letter or number'),
});
const loose = z.object({ datasetID: z.unknown().optional(), regionID: z.unknown().optional(), projectName: z.unknown().optional() });

export function register(router: Router, deps: AppDeps): void {
  documentRoute('get', '/api-requests/regionaloptions', { summary: 'Datasets for regional projects', tag: 'Regional' });
  router.get('/api-requests/regionaloptions', requireUser, async (ctx) => {
    ctx.body = await regional.regionalOptions(currentUser(ctx));
  });
  documentRoute('get', '/api-requests/datasetregionoptions/{datasetId}', { summary: "A dataset's regions { regions: [{ value, text }] }", tag: 'Regional' });
  router.get('/api-requests/datasetregionoptions/:datasetId', requireUser, async (ctx) => {
    ctx.body = await regional.datasetRegionOptions(currentUser(ctx), intParam(ctx.params.datasetId));
  });
  documentRoute('post', '/api-requests/createregionalproject', { summary: 'Creates a project covering a whole region; answers { id } (the project)', tag: 'Regional', body: createRegionalSchema });
  router.post('/api-requests/createregionalproject', requireUser, async (ctx) => {
    ctx.body = await regional.createRegionalProject(deps, currentUser(ctx), parseBody(loose, ctx.request.body));
  });
}
