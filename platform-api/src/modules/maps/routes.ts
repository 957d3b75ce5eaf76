// maps/ and subbasins/ calls of spec 1 §7 (watershed selection on the create page). Behaviour
// and the empty answer are described in service.ts. Every call is for approved users (Registered
// or an administrator): a pending account cannot use the dashboard (spec 1 §4), nor its calls.
import { promisify } from 'node:util';
import { gzip as gzipCb } from 'node:zlib';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps.ts';
import { requireRegistered } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { intParam } from '../../http/validate.ts';
import { calibratedWatersheds } from '../datasets/service.ts';
import { calibratedWatershedMap, findSubbasinsIn, mapAtPoint, mapById, mapByName, type MapAnswer } from './service.ts';

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

/** A map answer: the JSON text as is, or the empty result object. */
async function sendMap(ctx: Context, answer: MapAnswer): Promise<void> {
  if (typeof answer === 'string') await sendJson(ctx, answer);
  else ctx.body = answer;
}

export function register(router: Router, deps: AppDeps): void {
  const db = () => deps.db;
  router.get('/maps/coords/:datasetID/:lat/:lng', requireRegistered, async (ctx) => {
    const datasetId = intParam(ctx.params.datasetID);
    const lat = coordinate(ctx.params.lat, 90);
    const lng = coordinate(ctx.params.lng, 180);
    await sendMap(ctx, await mapAtPoint(db(), ctx.state.user, datasetId, lat, lng));
  });

  router.get('/maps/subbasin/name/:datasetID/:name', requireRegistered, async (ctx) => {
    await sendMap(ctx, await mapByName(db(), ctx.state.user, intParam(ctx.params.datasetID), String(ctx.params.name ?? '')));
  });

  const byId = async (ctx: Context) => {
    await sendMap(ctx, await mapById(db(), ctx.state.user, intParam(ctx.params.endID), idList(ctx.params.startIDs)));
  };
  router.get('/maps/subbasin/id/:endID', requireRegistered, byId);
  router.get('/maps/subbasin/id/:endID/:startIDs', requireRegistered, byId);

  router.get('/subbasins/find/:datasetID/:text', requireRegistered, async (ctx) => {
    ctx.body = await findSubbasinsIn(db(), ctx.state.user, intParam(ctx.params.datasetID), String(ctx.params.text ?? ''));
  });

  router.get('/maps/calibrated-watersheds', requireRegistered, async (ctx) => {
    ctx.body = await calibratedWatersheds(ctx.state.user);
  });

  // One calibrated watershed: its map result (GeoJSON of the calibrated watershed) with the
  // calibration's gauge sites.
  router.get('/maps/calibrated-watersheds/:groupID', requireRegistered, async (ctx) => {
    await sendJson(ctx, await calibratedWatershedMap(db(), ctx.state.user, intParam(ctx.params.groupID)));
  });
}
