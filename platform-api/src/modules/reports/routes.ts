// The reports calls (spec 3 §7): GET admin/reports (grid, 50 a page, newest first), POST
// admin/reports (name holds the type, datasetID), DELETE admin/reports/{id}; and, for the page,
// GET admin/reports/options (types and datasets) and GET admin/reports/download/{id} (the CSV;
// the link carries ?access_token). Administrators and partial administrators; the live channel
// `adminreports` is theirs too.
import { createReadStream } from 'node:fs';
import type Router from '@koa/router';
import type { AppDeps } from '../../deps.ts';
import { currentUser, requireAdmin } from '../../http/auth.ts';
import { sendGrid } from '../../http/grid.ts';
import { intParam } from '../../http/validate.ts';
import { registerRoomAuthorizer } from '../../status/hub.ts';
import * as reports from './service.ts';

export function register(router: Router, deps: AppDeps): void {
  registerRoomAuthorizer(reports.REPORT_ROOM, (user) => !!user?.isAdmin);
  router.get('/admin/reports', requireAdmin, async (ctx) => {
    const { query } = reports.reportRowsQuery(deps);
    await sendGrid(ctx, deps.db, query, reports.REPORT_GRID, { csvName: 'reports.csv', map: (r) => ({ ...r, datasetID: r.datasetId }) });
  });
  router.get('/admin/reports/options', requireAdmin, async (ctx) => {
    ctx.body = await reports.reportOptions(currentUser(ctx));
  });
  router.post('/admin/reports', requireAdmin, async (ctx) => {
    const b = ctx.request.body;
    const form = b && typeof b === 'object' && !Array.isArray(b) ? (b as { name?: unknown; datasetID?: unknown }) : {};
    ctx.body = await reports.createReport(deps, currentUser(ctx), form);
  });
  router.get('/admin/reports/download/:id', requireAdmin, async (ctx) => {
    const file = await reports.reportDownload(deps, intParam(ctx.params.id));
    ctx.set('Content-Disposition', `attachment; filename="${file.fileName}"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = createReadStream(file.path);
  });
  router.delete('/admin/reports/:id', requireAdmin, async (ctx) => {
    ctx.body = await reports.deleteReport(deps, intParam(ctx.params.id));
  });
}
