// The scenario calls of spec 2 §7 (scenarios/..., projects/scenarios/..., hruselection/...,
// exports/scenario, admin/swatversions). Every call needs an approved user; services check access.
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { currentUser, requireAdmin, requireRegistered } from '../../http/auth.ts';
import { sendGrid } from '../../http/grid.ts';
import { intParam, parseBody } from '../../http/validate.ts';
import { registerRoomAuthorizer } from '../../status/hub.ts';
import { scenarioEditorTables, scenarioFilesZip } from './files.ts';
import * as mods from './mods.ts';
import * as scenarios from './service.ts';
import * as versions from './versions.ts';

const bool = z.preprocess((v) => v === true || v === 'true' || v === 1, z.boolean()).optional();
const runSchema = z.object({
  createEditorTables: bool,
  sendEmailNotification: bool,
  skipOutputProcessing: bool,
  includeModflow: bool,
  skipModelRun: bool,
  writeEditorTablesAsSqlite: bool,
});
const changeSchema = z.object({
  applyToAll: bool,
  subbasins: z.array(z.unknown()).nullable().optional(),
  landuses: z.array(z.unknown()).nullable().optional(),
  soils: z.array(z.unknown()).nullable().optional(),
  slopes: z.array(z.unknown()).nullable().optional(),
  months: z.array(z.unknown()).nullable().optional(),
  Months: z.array(z.unknown()).nullable().optional(),
  modificationObject: z.unknown(),
});
const valueSchema = z.object({ value: z.unknown() });

function body(ctx: Context): Record<string, unknown> {
  const b = ctx.request.body;
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
}

function changeBody(ctx: Context): mods.ChangeBody {
  const b = parseBody(changeSchema, ctx.request.body);
  // months may come in the change (Wgn, ClimateSensitivity: modificationObject.Months) or beside it
  const m = b.modificationObject as { Months?: unknown } | undefined;
  const months = (b.months ?? b.Months ?? (Array.isArray(m?.Months) ? m!.Months : undefined)) as unknown[] | undefined;
  return { ...b, applyToAll: b.applyToAll ?? false, months } as mods.ChangeBody;
}

export function register(router: Router, deps: AppDeps): void {
  registerRoomAuthorizer('scenario', async (user, roomId) => {
    return /^\d+$/.test(roomId) && scenarios.mayWatchScenario(user, Number(roomId));
  });

  // ─── scenarios ──────────────────────────────────────────────────────────
  router.get('/scenarios/options/:projectID', requireRegistered, async (ctx) => {
    ctx.body = await scenarios.scenarioOptions(deps, currentUser(ctx), intParam(ctx.params.projectID));
  });
  router.post('/scenarios', requireRegistered, async (ctx) => {
    const b = body(ctx);
    const projectId = Number(b.projectID);
    if (!Number.isInteger(projectId) || projectId <= 0) ctx.throw(400, 'projectID is required.');
    ctx.body = await scenarios.createScenario(deps, currentUser(ctx), projectId, b as scenarios.ScenarioForm);
  });
  router.put('/scenarios/:id', requireRegistered, async (ctx) => {
    ctx.body = await scenarios.updateScenario(deps, currentUser(ctx), intParam(ctx.params.id), body(ctx) as scenarios.ScenarioForm);
  });
  router.get('/scenarios/abort/:id', requireRegistered, async (ctx) => {
    ctx.body = await scenarios.abortRun(deps, currentUser(ctx), intParam(ctx.params.id));
  });
  router.get('/scenarios/clearerror/:id', requireRegistered, async (ctx) => {
    ctx.body = await scenarios.clearScenarioError(deps, currentUser(ctx), intParam(ctx.params.id));
  });
  router.post('/scenarios/run/:id', requireRegistered, async (ctx) => {
    ctx.body = await scenarios.requestRun(deps, currentUser(ctx), intParam(ctx.params.id), parseBody(runSchema, ctx.request.body));
  });
  router.post('/scenarios/copy/:id', requireRegistered, async (ctx) => {
    const { value } = parseBody(valueSchema, ctx.request.body);
    ctx.body = await scenarios.copyScenario(deps, currentUser(ctx), intParam(ctx.params.id), value);
  });
  router.get('/projects/scenarios/listall/:id', requireRegistered, async (ctx) => {
    ctx.body = await scenarios.listAll(currentUser(ctx), intParam(ctx.params.id));
  });
  router.get('/projects/scenarios/:id', requireRegistered, async (ctx) => {
    const { query } = await scenarios.scenarioRowsQuery(deps, currentUser(ctx), intParam(ctx.params.id));
    await sendGrid(ctx, deps.db, query, scenarios.SCENARIO_GRID, { csvName: 'scenarios.csv' });
  });

  // ─── saved changes ──────────────────────────────────────────────────────
  router.get('/scenarios/getmods/:id/:modType', requireRegistered, async (ctx) => {
    ctx.body = await mods.getMods(deps, currentUser(ctx), intParam(ctx.params.id), ctx.params.modType!);
  });
  router.post('/scenarios/savemods/:id/:modType', requireRegistered, async (ctx) => {
    ctx.body = await mods.saveMod(deps, currentUser(ctx), intParam(ctx.params.id), ctx.params.modType!, changeBody(ctx));
  });
  router.post('/scenarios/subbasin/save/:id/:modType', requireRegistered, async (ctx) => {
    ctx.body = await mods.saveMod(deps, currentUser(ctx), intParam(ctx.params.id), ctx.params.modType!, changeBody(ctx));
  });
  router.delete('/scenarios/deletemod/:modID', requireRegistered, async (ctx) => {
    ctx.body = await mods.deleteMod(deps, currentUser(ctx), intParam(ctx.params.modID));
  });
  router.delete('/scenarios/deletemodtype/:id/:type', requireRegistered, async (ctx) => {
    ctx.body = await mods.deleteModType(deps, currentUser(ctx), intParam(ctx.params.id), ctx.params.type!);
  });

  // ─── HRU selection ──────────────────────────────────────────────────────
  router.get('/hruselection/subbasins/:projectID', requireRegistered, async (ctx) => {
    ctx.body = await mods.selectionSubbasins(deps, currentUser(ctx), intParam(ctx.params.projectID));
  });
  router.post('/hruselection/landuse/:projectID', requireRegistered, async (ctx) => {
    ctx.body = await mods.selectionLanduses(deps, currentUser(ctx), intParam(ctx.params.projectID), ctx.request.body);
  });
  router.post('/hruselection/soils/:projectID', requireRegistered, async (ctx) => {
    ctx.body = await mods.selectionSoils(deps, currentUser(ctx), intParam(ctx.params.projectID), body(ctx));
  });
  router.post('/hruselection/slopes/:projectID', requireRegistered, async (ctx) => {
    ctx.body = await mods.selectionSlopes(deps, currentUser(ctx), intParam(ctx.params.projectID), body(ctx));
  });
  router.post('/hruselection/matching/:projectID', requireRegistered, async (ctx) => {
    ctx.body = await mods.selectionMatching(deps, currentUser(ctx), intParam(ctx.params.projectID), body(ctx));
  });

  // ─── scenario files ─────────────────────────────────────────────────────
  for (const [path, debug] of [['/exports/scenario/:id', false], ['/exports/scenario-debug/:id', true]] as const) {
    router.get(path, requireRegistered, async (ctx) => {
      const { stream, name } = await scenarioFilesZip(deps, currentUser(ctx), intParam(ctx.params.id), debug);
      ctx.set('Content-Disposition', `attachment; filename="${name}"`);
      ctx.type = 'application/zip';
      ctx.body = stream;
    });
  }

  // 'Create SWAT Editor input tables': the run's tables as one SQLite file
  router.get('/exports/scenario-editor-tables/:id', requireRegistered, async (ctx) => {
    const { stream, name } = await scenarioEditorTables(deps, currentUser(ctx), intParam(ctx.params.id));
    ctx.set('Content-Disposition', `attachment; filename="${name}"`);
    ctx.type = 'application/vnd.sqlite3';
    ctx.body = stream;
  });

  // scenario view last: `scenarios/{id}` must not shadow the calls above
  router.get('/scenarios/:id', requireRegistered, async (ctx) => {
    ctx.body = await scenarios.getScenario(deps, currentUser(ctx), intParam(ctx.params.id));
  });
  router.delete('/scenarios/:id', requireRegistered, async (ctx) => {
    ctx.body = await scenarios.deleteScenario(deps, currentUser(ctx), intParam(ctx.params.id));
  });

  // ─── SWAT versions (spec 3 §7; the admin pages come with the admin issue) ─
  router.get('/admin/swatversions', requireAdmin, async (ctx) => {
    await sendGrid(ctx, deps.db, versions.versionRows(deps), versions.VERSION_GRID, { csvName: 'swat-versions.csv' });
  });
  router.post('/admin/swatversions/upload', requireAdmin, async (ctx) => {
    ctx.body = await versions.uploadExecutables(deps, currentUser(ctx), ctx.req);
  });
  router.get('/admin/swatversions/files', requireAdmin, async (ctx) => {
    ctx.body = versions.executableFiles(deps);
  });
  router.post('/admin/swatversions', requireAdmin, async (ctx) => {
    ctx.body = await versions.saveVersion(deps, null, body(ctx));
  });
  router.get('/admin/swatversions/:id', requireAdmin, async (ctx) => {
    ctx.body = await versions.getVersion(intParam(ctx.params.id));
  });
  router.put('/admin/swatversions/:id', requireAdmin, async (ctx) => {
    ctx.body = await versions.saveVersion(deps, intParam(ctx.params.id), body(ctx));
  });
  router.delete('/admin/swatversions/:id', requireAdmin, async (ctx) => {
    ctx.body = await versions.deleteVersion(currentUser(ctx), intParam(ctx.params.id));
  });
}
