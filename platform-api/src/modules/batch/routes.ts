// Batch project runs (spec 3 §7 'Advanced features'): every call needs a user (a token or a
// signed request); the service checks BatchProjects, ApiUser and an API key, and ownership.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { sendCsv, sendGrid } from '../../http/grid.ts';
import { intParam, parseBody } from '../../http/validate.ts';
import { registerRoomAuthorizer } from '../../status/hub.ts';
import { receiveUpload } from '../plugins/uploads.ts';
import { ApiRequest } from './models.ts';
import * as batch from './service.ts';
import { documentRoute } from '../api-clients/openapi.ts';

/** spec 3 §9: .csv only, 1000 MB, one hour. */
export const CSV_UPLOAD = { maxBytes: 1000 * 1024 * 1024, maxFiles: 1, timeoutMs: 3_600_000 };

/** JSON form of the CSV upload, for scripts (signed requests carry JSON bodies). */
export const uploadJsonSchema = z.object({ fileName: z.string({ message: 'Required' }).min(1, 'Required'), content: z.string({ message: 'Required' }) });

export const projectSubbasinsSchema = z.object({ endingSubbasin: z.string(), startingSubbasins: z.array(z.string()).optional() });
export const createBatchSchema = z.object({
  name: z.string().describe('Batch name: at least one letter or number'),
  batch: z.object({
    datasetID: z.number().int(),
    projectSubbasins: z.array(projectSubbasinsSchema).min(1),
    setAsSingleSubbasinProjects: z.boolean().optional(),
    useSubbasinAsNames: z.boolean().optional(),
    startingSimulationDate: z.string().describe('YYYY-MM-DD'),
    endingSimulationDate: z.string().describe('YYYY-MM-DD'),
    skipYears: z.number().int().optional(),
    printSetting: z.number().int().optional().describe('1 daily, 0 monthly, 2 yearly'),
    setHruMethod: z.enum(['area', 'target']).optional(),
    setHruUnits: z.enum(['area', 'percent']).optional(),
    exemptLanduse: z.union([z.array(z.string()), z.string()]).optional(),
    noAreaRedistribution: z.union([z.array(z.string()), z.string()]).optional(),
    targetThreshold: z.number().optional(),
    weatherDatasetID: z.number().int(),
    climateChangeScenarioID: z.number().int().nullable().optional(),
    climateChangeTimePeriodID: z.number().int().nullable().optional(),
    swatVersionID: z.number().int(),
    noOutputProcessing: z.boolean().optional(),
    noModelRun: z.boolean().optional(),
    writeSwatEditor: z.boolean().optional(),
    deleteProjectsWhenDone: z.boolean().optional(),
  }),
});
/** The route checks only the shape loosely (the service words every problem in the spec's terms). */
const looseCreate = z.object({ name: z.unknown().optional(), batch: z.record(z.string(), z.unknown()).optional() });

export function register(router: Router, deps: AppDeps): void {
  registerRoomAuthorizer('batch', async (user, roomId) => {
    const id = Number(roomId);
    return !!user && Number.isInteger(id) && !!(await ApiRequest.query().findById(id).modify('ownedBy', user).select('id'));
  });

  documentRoute('get', '/api-requests/batchoptions', { summary: 'Batch options: datasets, print settings, HRU methods and units, defaults', tag: 'Batch' });
  router.get('/api-requests/batchoptions', requireUser, async (ctx) => {
    ctx.body = await batch.batchOptions(currentUser(ctx));
  });
  documentRoute('get', '/api-requests/batchdatasetoptions/{datasetId}', { summary: "A dataset's weather, climate change and SWAT version options", tag: 'Batch' });
  router.get('/api-requests/batchdatasetoptions/:datasetId', requireUser, async (ctx) => {
    ctx.body = await batch.batchDatasetOptions(deps, currentUser(ctx), intParam(ctx.params.datasetId));
  });
  documentRoute('get', '/api-requests/batch', { summary: "The user's batch requests (grid: sort, page, perPage, filter; 50 per page)", tag: 'Batch' });
  router.get('/api-requests/batch', requireUser, async (ctx) => {
    const { query } = await batch.batchRowsQuery(deps, currentUser(ctx));
    await sendGrid(ctx, deps.db, query, batch.REQUEST_GRID, { csvName: 'batch-requests.csv' });
  });
  documentRoute('post', '/api-requests/uploadbatch', {
    summary: 'Reads a batch CSV (Ending_Subbasin, optional Starting_Subbasins): multipart with one .csv file, or JSON { fileName, content }',
    tag: 'Batch',
    body: uploadJsonSchema,
  });
  router.post('/api-requests/uploadbatch', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    if (ctx.is('application/json')) {
      const { fileName, content } = parseBody(uploadJsonSchema, ctx.request.body);
      ctx.body = await batch.uploadBatch(user, fileName, content);
      return;
    }
    const upload = await receiveUpload(ctx.req, CSV_UPLOAD, join(deps.config.filesDir, 'tmp', 'uploads'));
    try {
      const file = upload.files[0];
      ctx.body = await batch.uploadBatch(user, file?.name ?? '', file ? readFileSync(file.path, 'utf8') : '');
    } finally {
      upload.cleanup();
    }
  });
  documentRoute('post', '/api-requests/createbatch', { summary: 'Creates and queues a batch; answers { id }', tag: 'Batch', body: createBatchSchema });
  router.post('/api-requests/createbatch', requireUser, async (ctx) => {
    const body = parseBody(looseCreate, ctx.request.body);
    ctx.body = await batch.createBatch(deps, currentUser(ctx), body);
  });
  documentRoute('get', '/api-requests/batch/{id}', { summary: 'The batch view: status, settings, projects with their scenario downloads', tag: 'Batch' });
  router.get('/api-requests/batch/:id', requireUser, async (ctx) => {
    ctx.body = await batch.getBatch(deps, currentUser(ctx), intParam(ctx.params.id));
  });
  documentRoute('get', '/api-requests/abortbatch/{id}', { summary: 'Aborts a running batch (projects and files are kept)', tag: 'Batch' });
  router.get('/api-requests/abortbatch/:id', requireUser, async (ctx) => {
    ctx.body = await batch.abortBatch(deps, currentUser(ctx), intParam(ctx.params.id));
  });
  documentRoute('delete', '/api-requests/deletebatch/{id}', { summary: 'Deletes a batch that is not running, with its files and projects', tag: 'Batch' });
  router.delete('/api-requests/deletebatch/:id', requireUser, async (ctx) => {
    ctx.body = await batch.deleteBatch(deps, currentUser(ctx), intParam(ctx.params.id));
  });
  documentRoute('get', '/api-requests/batchgeojson/{id}', { summary: "Every batch project's subbasins (GeoJSON)", tag: 'Batch' });
  router.get('/api-requests/batchgeojson/:id', requireUser, async (ctx) => {
    const id = intParam(ctx.params.id);
    const body = await batch.batchGeoJson(deps, currentUser(ctx), id);
    ctx.set('Content-Disposition', `attachment; filename="batch-${id}.geojson"`);
    ctx.type = 'application/geo+json';
    ctx.body = JSON.stringify(body);
  });
  documentRoute('get', '/api-requests/batchareas/{id}', { summary: 'Cumulative areas of the batch projects (CSV)', tag: 'Batch' });
  router.get('/api-requests/batchareas/:id', requireUser, async (ctx) => {
    const id = intParam(ctx.params.id);
    sendCsv(ctx, `batch-${id}-cumulative-areas.csv`, await batch.batchCumulativeAreas(deps, currentUser(ctx), id));
  });
}
