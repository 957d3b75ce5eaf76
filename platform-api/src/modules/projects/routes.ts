// The projects calls of spec 1 §7 (projects/..., hruselection/hrus, exports/geojson). Every
// call needs an approved user; the services check that the user may reach the project.
import { createReadStream, statSync } from 'node:fs';
import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { currentUser, requireRegistered } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { sendCsv, sendGrid } from '../../http/grid.ts';
import { intParam, parseBody } from '../../http/validate.ts';
import { registerRoomAuthorizer } from '../../status/hub.ts';
import { mayWatchProject } from './access.ts';
import { deleteDocument, documentPath, listDocuments, uploadDocuments } from './documents.ts';
import * as downloads from './downloads.ts';
import * as hrus from './hrus.ts';
import * as projects from './service.ts';

const id = z.coerce.number().int().nonnegative();
const optionalNumber = z.preprocess((v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v) : v), z.number().nullable()).optional();

const createSchema = z.object({
  datasetID: id,
  endID: id,
  startIDs: z.preprocess((v) => (v == null ? [] : typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(id)).default([]),
  name: z.unknown(),
  cacheID: z.unknown().optional(),
});

const valueSchema = z.object({ value: z.unknown() });

const hruSchema = z.object({
  projectID: id,
  method: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(['target', 'area', 'percent'], { message: 'Choose a method: target, area or percent.' })),
  targetThreshold: optionalNumber,
  areaThreshold: optionalNumber,
  landuseThreshold: optionalNumber,
  soilThreshold: optionalNumber,
  slopeThreshold: optionalNumber,
  exemptLanduse: z.array(z.string()).nullable().optional(),
  noAreaRedistribution: z.array(z.string()).nullable().optional(),
  units: z.union([z.string(), z.number()]).nullable().optional(),
});

const zipSchema = z.object({ value: z.unknown().optional() });

function attachment(ctx: Context, path: string, name: string, type = 'application/octet-stream'): void {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) throw notFound();
  ctx.set('Content-Disposition', `attachment; filename="${name.replace(/["\\\r\n]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  ctx.type = type;
  ctx.length = st.size;
  ctx.body = createReadStream(path);
}

/**
 * For the `projects/{id}` patterns: one middleware, so a non-numeric segment passes on to the
 * next matching route (other modules' `projects/...` calls) instead of answering here.
 */
function numeric(names: string[], handler: (ctx: Context) => Promise<void>) {
  return async (ctx: Context, next: Next) => {
    if (!names.every((n) => /^\d+$/.test(String(ctx.params[n] ?? '')))) return next();
    await requireRegistered(ctx, async () => handler(ctx));
  };
}

export function register(router: Router, deps: AppDeps): void {
  // Live status: only those who may open the project join its room.
  registerRoomAuthorizer('project', async (user, roomId) => {
    return /^\d+$/.test(roomId) && mayWatchProject(user, Number(roomId));
  });

  router.get('/projects/dashboard', requireRegistered, async (ctx) => {
    ctx.body = await projects.dashboard(deps, currentUser(ctx));
  });

  router.get('/projects/recent-activity', requireRegistered, async (ctx) => {
    ctx.body = await projects.recentActivity(deps, currentUser(ctx));
  });

  router.get('/projects', requireRegistered, async (ctx) => {
    const { query } = projects.projectRowsQuery(deps.db, currentUser(ctx));
    await sendGrid(ctx, deps.db, query, projects.PROJECT_GRID, { csvName: 'projects.csv' });
  });

  router.post('/projects', requireRegistered, async (ctx) => {
    const body = parseBody(createSchema, ctx.request.body);
    ctx.body = await projects.createProject(deps, currentUser(ctx), { ...body, name: body.name as string });
  });

  router.get('/projects/basic-info/:id', requireRegistered, async (ctx) => {
    ctx.body = await projects.basicInfo(currentUser(ctx), intParam(ctx.params.id));
  });

  router.post('/projects/copy/:id', requireRegistered, async (ctx) => {
    const { value } = parseBody(valueSchema, ctx.request.body);
    ctx.body = await projects.copyProject(deps, currentUser(ctx), intParam(ctx.params.id), value);
  });

  router.get('/projects/clearerror/:id', requireRegistered, async (ctx) => {
    ctx.body = await projects.clearError(currentUser(ctx), intParam(ctx.params.id));
  });

  router.get('/projects/abortzip/:id', requireRegistered, async (ctx) => {
    ctx.body = await downloads.abortZip(deps, currentUser(ctx), intParam(ctx.params.id));
  });

  // HRUs
  router.get('/projects/hrus/:id', requireRegistered, async (ctx) => {
    ctx.body = await hrus.hruPage(deps, currentUser(ctx), intParam(ctx.params.id));
  });

  router.post('/projects/hrus', requireRegistered, async (ctx) => {
    const form = parseBody(hruSchema, ctx.request.body);
    ctx.body = await hrus.submitHrus(deps, currentUser(ctx), form as hrus.HruForm);
  });

  router.patch('/projects/hrus/reset/:id', requireRegistered, async (ctx) => {
    ctx.body = await hrus.resetHrus(deps, currentUser(ctx), intParam(ctx.params.id));
  });

  router.get('/hruselection/hrus/:id', requireRegistered, async (ctx) => {
    const original = ['1', 'true'].includes(String(ctx.query.original ?? ''));
    const { query, total } = await hrus.hruRowsQuery(deps, currentUser(ctx), intParam(ctx.params.id), original);
    await sendGrid(ctx, deps.db, query, hrus.HRU_GRID, { csvName: `hrus-${ctx.params.id}.csv`, map: hrus.hruRow, knownTotal: total });
  });

  // Documents
  router.get('/projects/documents/:id', requireRegistered, async (ctx) => {
    ctx.body = await listDocuments(deps, currentUser(ctx), intParam(ctx.params.id));
  });

  router.post('/projects/documents/:id', requireRegistered, async (ctx) => {
    ctx.body = await uploadDocuments(deps, currentUser(ctx), intParam(ctx.params.id), ctx.req);
  });

  router.get('/projects/documents/:id/:fileName', requireRegistered, async (ctx) => {
    const path = await documentPath(deps, currentUser(ctx), intParam(ctx.params.id), ctx.params.fileName!);
    attachment(ctx, path, ctx.params.fileName!);
  });

  router.delete('/projects/documents/:id/:fileName', requireRegistered, async (ctx) => {
    await deleteDocument(deps, currentUser(ctx), intParam(ctx.params.id), ctx.params.fileName!);
    ctx.body = { value: true };
  });

  // Metadata, map, downloads, exports
  router.get('/projects/metadata/:id', requireRegistered, async (ctx) => {
    ctx.body = await projects.metadata(deps, currentUser(ctx), intParam(ctx.params.id));
  });

  router.get('/projects/map/:id', requireRegistered, async (ctx) => {
    ctx.body = await projects.projectMap(deps, currentUser(ctx), intParam(ctx.params.id));
  });

  router.get('/projects/downloads/:id', requireRegistered, async (ctx) => {
    ctx.body = await downloads.downloads(deps, currentUser(ctx), intParam(ctx.params.id));
  });

  router.put('/projects/zip/:id', requireRegistered, async (ctx) => {
    const { value } = parseBody(zipSchema, ctx.request.body ?? {});
    ctx.body = await downloads.requestZip(deps, currentUser(ctx), intParam(ctx.params.id), value === true || value === 'true');
  });

  router.get('/projects/zipfile/:id', requireRegistered, async (ctx) => {
    const file = await downloads.zipFilePath(deps, currentUser(ctx), intParam(ctx.params.id));
    attachment(ctx, file.path, file.name, 'application/zip');
  });

  router.get('/projects/csv/:id/:kind', requireRegistered, async (ctx) => {
    const pid = intParam(ctx.params.id);
    const kind = ctx.params.kind!;
    sendCsv(ctx, `project-${pid}-${kind}.csv`, await downloads.projectCsv(deps, currentUser(ctx), pid, kind));
  });

  router.get('/exports/geojson/:projectID/:layer', requireRegistered, async (ctx) => {
    const layer = String(ctx.params.layer).replace(/\.geojson$/, '');
    const geojson = await downloads.geoJsonLayer(deps, currentUser(ctx), intParam(ctx.params.projectID), layer);
    ctx.set('Content-Disposition', `attachment; filename="${layer}.geojson"`);
    ctx.type = 'application/geo+json';
    ctx.body = JSON.stringify(geojson);
  });

  // The project itself (registered last: its patterns are the most general).
  router.get(
    '/projects/:id',
    numeric(['id'], async (ctx) => {
      ctx.body = await projects.getProject(deps, currentUser(ctx), intParam(ctx.params.id));
    }),
  );

  router.get(
    '/projects/:id/:scenarioID',
    numeric(['id', 'scenarioID'], async (ctx) => {
      ctx.body = await projects.getProject(deps, currentUser(ctx), intParam(ctx.params.id));
    }),
  );

  router.put(
    '/projects/:id',
    numeric(['id'], async (ctx) => {
      const { value } = parseBody(valueSchema, ctx.request.body);
      ctx.body = await projects.renameProject(currentUser(ctx), intParam(ctx.params.id), value);
    }),
  );

  router.delete(
    '/projects/:id',
    numeric(['id'], async (ctx) => {
      await projects.deleteProject(deps, currentUser(ctx), intParam(ctx.params.id));
      ctx.body = { value: true };
    }),
  );
}
