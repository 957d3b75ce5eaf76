// The administrators' projects and scenarios calls (spec 3 §7 'Projects and scenarios'): every
// call needs Admin or PartialAdmin. Deleting goes through the owners' own calls
// (DELETE projects/{id}, DELETE scenarios/{id}), which let administrators delete.
import type Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { currentUser, requireAdmin } from '../../http/auth.ts';
import { sendGrid } from '../../http/grid.ts';
import { intParam, parseBody } from '../../http/validate.ts';
import * as admin from './service.ts';

const copyBody = z.object({ name: z.string().optional(), userName: z.string().optional() });

export function register(router: Router, deps: AppDeps): void {
  router.get('/admin/projects', requireAdmin, async (ctx) => {
    await sendGrid(ctx, deps.db, admin.projectRows(deps), admin.PROJECT_GRID, { csvName: 'projects.csv' });
  });
  router.get('/admin/exports/projects', requireAdmin, async (ctx) => {
    ctx.query = { ...ctx.query, format: 'csv' };
    await sendGrid(ctx, deps.db, admin.projectRows(deps), admin.PROJECT_GRID, { csvName: 'projects.csv' });
  });
  router.get('/admin/projects/scenarios', requireAdmin, async (ctx) => {
    await sendGrid(ctx, deps.db, admin.scenarioRows(deps), admin.SCENARIO_GRID, { csvName: 'scenarios.csv' });
  });
  router.get('/admin/exports/scenarios', requireAdmin, async (ctx) => {
    ctx.query = { ...ctx.query, format: 'csv' };
    await sendGrid(ctx, deps.db, admin.scenarioRows(deps), admin.SCENARIO_GRID, { csvName: 'scenarios.csv' });
  });
  router.post('/admin/projects/copy/:id', requireAdmin, async (ctx) => {
    const body = parseBody(copyBody, ctx.request.body ?? {});
    ctx.body = await admin.adminCopyProject(deps, currentUser(ctx), intParam(ctx.params.id), body);
  });
  router.get('/admin/users/find/:text', requireAdmin, async (ctx) => {
    ctx.body = await admin.findUserNames(deps, ctx.params.text ?? '');
  });
}
