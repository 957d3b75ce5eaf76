// The errorreports calls (spec 1 §7, spec 2 §7): submit (a project's, a scenario's, or general
// feedback), the user's own list (grid, /feedback), a project's reports (grid), one report.
// The admin calls (spec 3 §7 'Error reports'; administrators and partial administrators): the
// grid, one report, the update, and the delete — at DELETE admin/errorreports/{id} rather than the
// spec's DELETE errorreports/{id}, so every admin-only call sits under admin/ (the access matrix
// classifies the errorreports/{id} routes as project-scoped).
import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { currentUser, requireAdmin, requireRegistered } from '../../http/auth.ts';
import { sendGrid } from '../../http/grid.ts';
import { intParam } from '../../http/validate.ts';
import * as admin from './admin.ts';
import * as reports from './service.ts';

export function register(router: Router, deps: AppDeps): void {
  router.post('/errorreports', requireRegistered, async (ctx) => {
    const b = ctx.request.body;
    const form = b && typeof b === 'object' && !Array.isArray(b) ? (b as reports.ErrorReportForm) : {};
    ctx.body = await reports.submitErrorReport(deps, currentUser(ctx), form);
  });
  router.get('/errorreports', requireRegistered, async (ctx) => {
    const { query } = reports.feedbackRowsQuery(deps, currentUser(ctx));
    await sendGrid(ctx, deps.db, query, reports.FEEDBACK_GRID, { csvName: 'feedback.csv', map: (r) => ({ ...r, projectID: r.projectId, scenarioID: r.scenarioId }) });
  });
  router.get('/errorreports/project/:projectID', requireRegistered, async (ctx) => {
    const { query } = await reports.errorReportRowsQuery(deps, currentUser(ctx), intParam(ctx.params.projectID));
    await sendGrid(ctx, deps.db, query, reports.ERROR_REPORT_GRID, { csvName: 'error-reports.csv' });
  });
  router.get('/errorreports/:id', requireRegistered, async (ctx) => {
    ctx.body = await reports.getErrorReport(currentUser(ctx), intParam(ctx.params.id));
  });

  // ─── admin ──────────────────────────────────────────────────────────────
  router.get('/admin/errorreports', requireAdmin, async (ctx) => {
    const { query } = admin.adminErrorRowsQuery(deps, typeof ctx.query.status === 'string' ? ctx.query.status : undefined);
    await sendGrid(ctx, deps.db, query, admin.ADMIN_ERROR_GRID, { csvName: 'error-reports.csv', map: (r) => ({ ...r, projectID: r.projectId, scenarioID: r.scenarioId }) });
  });
  router.get('/admin/errorreports/:id', requireAdmin, async (ctx) => {
    ctx.body = await admin.adminErrorReport(intParam(ctx.params.id));
  });
  router.put('/admin/errorreports/:id', requireAdmin, async (ctx) => {
    const b = ctx.request.body;
    const form = b && typeof b === 'object' && !Array.isArray(b) ? (b as admin.AdminErrorForm) : {};
    ctx.body = await admin.updateErrorReport(deps, currentUser(ctx), intParam(ctx.params.id), form);
  });
  router.delete('/admin/errorreports/:id', requireAdmin, async (ctx) => {
    ctx.body = await admin.deleteErrorReport(intParam(ctx.params.id));
  });
}
