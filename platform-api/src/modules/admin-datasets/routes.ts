// The administrators' dataset calls (spec 3 §7 'Admin datasets'): Admin or PartialAdmin, delete
// Admin only (spec 3 §6: delete buttons for datasets are the Admin role's). PUT
// admin/datasets/share/{id} and GET admin/datasets/publicrequests are the datasets module's.
import type Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { currentUser, requireAdmin, requireFullAdmin } from '../../http/auth.ts';
import { sendGrid } from '../../http/grid.ts';
import { intParam, parseBody } from '../../http/validate.ts';
import * as admin from './service.ts';

const REQUIRED = 'Required';
const blankToNull = (v: unknown) => (v === '' || v === undefined || v === null ? null : v);
const bool = z.preprocess((v) => v === true || v === 'true', z.boolean());
const text = () => z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string());
// a blank required number is 'Required' (z.coerce would make it 0)
const toNumber = (v: unknown) => (v === '' || v === undefined || v === null ? undefined : typeof v === 'string' ? Number(v) : v);
const requiredNumber = () => z.preprocess(toNumber, z.number({ message: REQUIRED }));
const coordinate = requiredNumber().pipe(z.number().min(-180, 'Must be between -180 and 180').max(180, 'Must be between -180 and 180'));
const optionalNumber = z.preprocess(blankToNull, z.coerce.number({ message: 'Must be a number' }).nullable());
const optionalId = z.preprocess(blankToNull, z.coerce.number().int().nullable());

// spec 3 §5 'Admin dataset settings': name required; version required; the bounds required within ±180; optionOrder required; blank CN limits: unrestricted.
const settingsSchema = z.object({
  isActive: bool,
  name: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ message: REQUIRED }).min(1, REQUIRED)),
  // lengths (name 50, description 200, attribution 100) are the service's: a shipped value
  // longer than the limit may stay as it is
  description: text(),
  attribution: text(),
  version: z.preprocess((v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v), z.string({ message: REQUIRED }).min(1, REQUIRED)),
  loadByDefault: bool,
  minLat: coordinate,
  maxLat: coordinate,
  minLon: coordinate,
  maxLon: coordinate,
  minCn2: optionalNumber,
  maxCn2: optionalNumber,
  isUserSubmitted: bool,
  optionOrder: requiredNumber().pipe(z.number().int('Must be a whole number')),
  optionGroup: text(),
  restrictSelection: bool,
  restrictionMessage: text(),
  defaultSWATVersionID: optionalId,
  allowOnlyDefaultSWATVersion: bool,
  allowGisApiAccess: bool,
  allowApiAccess: bool,
  includeModflow: bool,
  // GeoJSON: the page sends the parsed object (a whole outline is longer than the API's
  // 10,000-character limit for one string); text is accepted too. Blank: no outline.
  outline: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.union([z.string(), z.record(z.string(), z.unknown())])),
  iclusHruThreshold: optionalNumber,
  useSharedWeatherDirectoryForIclus: bool,
  defaultHruThreshold: optionalNumber,
  allowSqliteEditorTables: bool,
  configPath: text(),
  weatherPath: text(),
  calibrationPageText: text(),
  hideFromHelpTable: bool,
  useNonAgLanduseSetting: bool,
});

const weatherSchema = z.object({
  weatherDatasets: z.array(z.coerce.number().int()).default([]),
  defaultWeatherDatasetID: optionalId.default(null),
});

export function register(router: Router, deps: AppDeps): void {
  router.get('/admin/datasets', requireAdmin, async (ctx) => {
    await sendGrid(ctx, deps.db, admin.datasetRows(deps), admin.DATASET_GRID, { csvName: 'datasets.csv' });
  });
  router.get('/admin/datasets/:id', requireAdmin, async (ctx) => {
    ctx.body = await admin.datasetDetail(deps, intParam(ctx.params.id));
  });
  router.put('/admin/datasets/weather/:id', requireAdmin, async (ctx) => {
    const b = parseBody(weatherSchema, ctx.request.body ?? {});
    ctx.body = await admin.setWeather(deps, currentUser(ctx), intParam(ctx.params.id), b.weatherDatasets, b.defaultWeatherDatasetID ?? null);
  });
  router.put('/admin/datasets/:id', requireAdmin, async (ctx) => {
    const b = parseBody(settingsSchema, ctx.request.body ?? {});
    ctx.body = await admin.updateDataset(deps, currentUser(ctx), intParam(ctx.params.id), b as admin.DatasetSettings);
  });
  router.delete('/admin/datasets/:id', requireFullAdmin, async (ctx) => {
    ctx.body = await admin.deleteDataset(deps, currentUser(ctx), intParam(ctx.params.id));
  });
}
