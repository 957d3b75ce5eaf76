// API clients (spec 3 §7 admin users: apiAccess, deleteApiAccess, apirequests), the /api
// dashboard's access (which side-menu entries the user gets, the rules the server applies), the
// user's own API requests, and the OpenAPI document at /api/docs.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { currentUser, requireAdmin, requireUser } from '../../http/auth.ts';
import { sendGrid } from '../../http/grid.ts';
import { documentPolicy } from '../../http/headers.ts';
import { intParam, parseBody } from '../../http/validate.ts';
import { REQUEST_GRID, requestRowsQuery } from '../batch/service.ts';
import { documentRoute, openApiDocument, openApiHtml } from './openapi.ts';
import { advancedAccess, apiClientInfo, grantApiAccess, revokeApiAccess, setFeatures } from './service.ts';
import { configureSignedRequests } from './signed.ts';

const featuresSchema = z.object({ value: z.array(z.string({ message: 'Must be text' }), { message: 'Must be a list' }) });

export function register(router: Router, deps: AppDeps): void {
  configureSignedRequests(deps.config.dataDir);

  router.post('/admin/users/apiAccess/:id', requireAdmin, async (ctx) => {
    ctx.body = await grantApiAccess(deps, currentUser(ctx), intParam(ctx.params.id));
  });
  router.get('/admin/users/apiAccess/:id', requireAdmin, async (ctx) => {
    ctx.body = await apiClientInfo(intParam(ctx.params.id));
  });
  router.delete('/admin/users/deleteApiAccess/:userID', requireAdmin, async (ctx) => {
    ctx.body = await revokeApiAccess(deps, currentUser(ctx), intParam(ctx.params.userID));
  });
  router.post('/admin/users/features/:id', requireAdmin, async (ctx) => {
    ctx.body = await setFeatures(deps, currentUser(ctx), intParam(ctx.params.id), parseBody(featuresSchema, ctx.request.body).value);
  });
  router.get('/admin/users/apirequests/:id', requireAdmin, async (ctx) => {
    const { query } = requestRowsQuery(deps.db, intParam(ctx.params.id));
    await sendGrid(ctx, deps.db, query, { ...REQUEST_GRID, defaultPerPage: 20 }, { csvName: 'api-requests.csv' });
  });

  documentRoute('get', '/api-requests/access', { summary: 'Which advanced features the user may use (batchProjects, regionalProjects)', tag: 'Advanced' });
  router.get('/api-requests/access', requireUser, async (ctx) => {
    ctx.body = await advancedAccess(currentUser(ctx));
  });
  documentRoute('get', '/api-requests', { summary: "The user's API requests, batch and regional (grid; 20 per page)", tag: 'Advanced' });
  router.get('/api-requests', requireUser, async (ctx) => {
    const { query } = requestRowsQuery(deps.db, currentUser(ctx).id);
    await sendGrid(ctx, deps.db, query, { ...REQUEST_GRID, defaultPerPage: 20 }, { csvName: 'api-requests.csv' });
  });

  // The advanced pages live under /api (spec 3 §2.4), the API's own prefix: a browser opening
  // one of them (a reload, a bookmark) gets the shell, whose router shows the page; any other
  // client gets the API's 404.
  router.get(['/', '/batch', '/batch/create', '/batch/:id', '/regional'], async (ctx) => {
    const shellIndex = join(deps.config.shellDir, 'index.html');
    if (ctx.accepts('json', 'html') !== 'html' || !existsSync(shellIndex)) return;
    // as http/static.ts serves the page: its scripts carry this answer's nonce, the page its policy
    const nonce = randomBytes(16).toString('base64');
    ctx.set('Content-Security-Policy', documentPolicy(nonce));
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = readFileSync(shellIndex, 'utf8').replace(/<script\b/gi, `<script nonce="${nonce}"`);
  });

  router.get('/docs/openapi.json', async (ctx) => {
    ctx.body = openApiDocument(router, `${deps.config.publicUrl}/api`);
  });
  router.get('/docs', async (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = openApiHtml(openApiDocument(router, `${deps.config.publicUrl}/api`));
  });
}
