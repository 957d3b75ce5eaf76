// maps/ and subbasins/ calls of spec 1 §7 (watershed selection on the create page). Behaviour
// and the empty answer are described in service.ts.
import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps.ts';
import { requireUser } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { intParam } from '../../http/validate.ts';
import { calibratedWatersheds, calibrationDetail, readableDataset } from '../datasets/service.ts';
import { emptyMapResult, findSubbasins, subbasinAt, subbasinById, subbasinByName, watershedMapJson } from './service.ts';

const gzip = promisify(gzipCb);

/** Sends a JSON text; a large one gzipped at level 1 here (off the event loop): the app-wide
 * compression's default level costs ~10× more time on a 2 MB map result for ~15 % fewer bytes. */
async function sendJson(ctx: Context, json: string): Promise<void> {
  ctx.type = 'application/json';
  ctx.vary('Accept-Encoding');
  if (json.length > 64 * 1024 && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.compress = false;
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = await gzip(json, { level: 1 });
  } else ctx.body = json;
}

function coordinate(value: string | undefined, limit: number): number {
  const n = Number(value);
  if (!Number.isFinite(n) || Math.abs(n) > limit) throw notFound();
  return n;
}

/** "12,15" -> [12, 15]; empty or "-" -> [] */
function idList(value: string | undefined): number[] {
  if (!value || value === '-' || value === 'null' || value === 'undefined') return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => intParam(s));
}

async function dataset(ctx: Context) {
  const d = await readableDataset(intParam(ctx.params.datasetID), ctx.state.user);
  if (!d) throw notFound();
  return d;
}

export function register(router: Router, deps: AppDeps): void {
  const db = () => deps.db;
  router.get('/maps/coords/:datasetID/:lat/:lng', requireUser, async (ctx) => {
    const d = await dataset(ctx);
    const lat = coordinate(ctx.params.lat, 90);
    const lng = coordinate(ctx.params.lng, 180);
    const hit = await subbasinAt(db(), d.id, lat, lng);
    const json = hit && (await watershedMapJson(db(), hit.id));
    if (json) await sendJson(ctx, json);
    else ctx.body = emptyMapResult();
  });

  router.get('/maps/subbasin/name/:datasetID/:name', requireUser, async (ctx) => {
    const d = await dataset(ctx);
    const hit = await subbasinByName(db(), d.id, String(ctx.params.name ?? ''));
    const json = hit && (await watershedMapJson(db(), hit.id));
    if (json) await sendJson(ctx, json);
    else ctx.body = emptyMapResult();
  });

  const byId = async (ctx: Context) => {
    const end = await subbasinById(db(), intParam(ctx.params.endID));
    if (!end || !(await readableDataset(end.datasetId, ctx.state.user))) throw notFound();
    const json = await watershedMapJson(db(), end.id, idList(ctx.params.startIDs));
    if (json) await sendJson(ctx, json);
    else ctx.body = emptyMapResult();
  };
  router.get('/maps/subbasin/id/:endID', requireUser, byId);
  router.get('/maps/subbasin/id/:endID/:startIDs', requireUser, byId);

  router.get('/subbasins/find/:datasetID/:text', requireUser, async (ctx) => {
    const d = await dataset(ctx);
    ctx.body = await findSubbasins(db(), d.id, String(ctx.params.text ?? ''), 100);
  });

  router.get('/maps/calibrated-watersheds', requireUser, async (ctx) => {
    ctx.body = await calibratedWatersheds(ctx.state.user);
  });

  // One calibrated watershed: its map result (GeoJSON of the calibrated watershed) with the
  // calibration's gauge sites.
  router.get('/maps/calibrated-watersheds/:groupID', requireUser, async (ctx) => {
    const detail = await calibrationDetail(intParam(ctx.params.groupID), ctx.state.user);
    if (!detail) throw notFound();
    const c = detail.calibration;
    const json = await watershedMapJson(db(), c.endingSubbasinId, c.startingSubbasinIds, { watershed: detail.watershed, calibrationID: c.id });
    if (!json) throw notFound();
    await sendJson(ctx, json);
  });
}
