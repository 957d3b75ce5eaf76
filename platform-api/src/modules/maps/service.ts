// Watershed selection (spec 1 §3 map result, §7 maps/ and subbasins/ calls).
//
// - The watershed of an ending subbasin is it and everything draining to it, found with ONE
//   recursive CTE over (dataset_id, downstream_id). Starting subbasins cut the walk: a starting
//   subbasin is part of the watershed, what drains into it is not (the project starts there).
// - Nearby-only subbasins (isNearbyOnly: true) are shown for context, not part of the
//   watershed: the subbasins cut off directly above a starting subbasin, and the subbasin the
//   ending subbasin drains to. They are not counted in numSubbasins/numHrus and cannot be
//   picked as starting subbasins.
// - The HRU count is one aggregate over the watershed's subbasins (num_hrus, counted by the
//   loader from the HRU table; a dataset's HRUs never change after loading).
// - The GeoJSON is spliced from the stored jsonb text (no parse/serialise of 2,000 polygons):
//   the service returns the answer as a JSON string, the routes send it as is.
// - No subbasin at the point / of that name: the empty map result (numSubbasins 0, empty
//   FeatureCollections, downstreamID null) with HTTP 200; the create page then says 'Please
//   select a subbasin within the study area.' An unknown or unreadable dataset is a 404.
import type { Knex } from 'knex';
import { NotFoundError } from '@headwater/plugin-sdk/server';
import { pointInGeometry, type Geometry } from '@headwater/datasets/src/geo.ts';
import { calibrationDetail, datasetFor, readableDataset } from '../datasets/service.ts';
import type { User } from '../users/models.ts';

export type Bounds = { minLat: number; maxLat: number; minLon: number; maxLon: number };
export type Connection = { fromName: string; toName: string; fromID: number; toID: number; lineCoordinates: [number, number][] };
/** The map result without its GeoJSON (what project creation needs). */
export type WatershedSummary = {
  datasetId: number;
  endId: number;
  startIds: number[];
  subbasinIds: number[];
  nearbyIds: number[];
  numSubbasins: number;
  numHrus: number;
  totalArea: number;
  totalLandArea: number;
  downstreamSubbasin: string;
  bounds: Bounds;
};

export const EMPTY_FC = '{"type":"FeatureCollection","features":[]}';

/** The empty answer: no subbasin there. */
export function emptyMapResult(): Record<string, unknown> {
  return {
    id: null,
    subbasinsGeoJson: { type: 'FeatureCollection', features: [] },
    streamsGeoJson: { type: 'FeatureCollection', features: [] },
    downstreamSubbasin: null,
    downstreamID: null,
    bounds: null,
    numSubbasins: 0,
    numHrus: 0,
    totalArea: 0,
    totalLandArea: 0,
    connections: [],
    startIDs: [],
  };
}

/** A Postgres array literal as one text parameter (same on pg and PGlite). */
function pgIntArray(values: readonly number[]): string {
  return `{${values.map((v) => String(Math.trunc(Number(v)))).join(',')}}`;
}

type Row = {
  id: number;
  name: string;
  downstream_id: number | null;
  area: number;
  land_area: number;
  cumulative_area: number;
  elevation: number | null;
  label_lon: number;
  label_lat: number;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
  stream_length: number | null;
  g: string;
  st: string | null;
  nearby: boolean;
  hru_total: number;
};

function rowsOf(res: { rows?: unknown[] } | unknown[]): Record<string, unknown>[] {
  return (Array.isArray(res) ? res : (res.rows ?? [])) as Record<string, unknown>[];
}

/** snake_case or camelCase (the knex instance may camelise raw rows) */
function pick(r: Record<string, unknown>, snake: string): unknown {
  if (snake in r) return r[snake];
  return r[snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())];
}

function toRow(r: Record<string, unknown>): Row {
  const n = (k: string) => Number(pick(r, k));
  const nn = (k: string) => (pick(r, k) === null || pick(r, k) === undefined ? null : Number(pick(r, k)));
  return {
    id: n('id'),
    name: String(r.name),
    downstream_id: nn('downstream_id'),
    area: n('area'),
    land_area: n('land_area'),
    cumulative_area: n('cumulative_area'),
    elevation: nn('elevation'),
    label_lon: n('label_lon'),
    label_lat: n('label_lat'),
    min_lon: n('min_lon'),
    min_lat: n('min_lat'),
    max_lon: n('max_lon'),
    max_lat: n('max_lat'),
    stream_length: nn('stream_length'),
    g: String(r.g),
    st: (r.st as string | null) ?? null,
    nearby: !!r.nearby,
    hru_total: n('hru_total'),
  };
}

/** The watershed above `endId`, cut at `startIds`, with its nearby-only subbasins. */
async function watershedRows(db: Knex, endId: number, startIds: readonly number[]): Promise<Row[]> {
  const starts = pgIntArray(startIds);
  const res = await db.raw(
    `with recursive up(id) as (
        select id from subbasins where id = ?
        union all
        select s.id from subbasins s join up on s.downstream_id = up.id
         where not (up.id = any(?::int[]))
     ),
     cut(id) as (
        select s.id from subbasins s
         where s.downstream_id = any(?::int[]) and s.downstream_id in (select id from up) and s.id not in (select id from up)
        union
        select downstream_id from subbasins where id = ? and downstream_id is not null
     ),
     hc(n) as (select coalesce(sum(num_hrus), 0)::int from subbasins where id in (select id from up))
     select s.id, s.name, s.downstream_id, s.area, s.land_area, s.cumulative_area, s.elevation, s.label_lon, s.label_lat,
            s.min_lon, s.min_lat, s.max_lon, s.max_lat, s.stream_length, s.geometry::text as g, s.streams::text as st,
            (s.id not in (select id from up)) as nearby, (select n from hc) as hru_total
       from subbasins s
      where s.id in (select id from up) or s.id in (select id from cut)
      order by s.sort_order, s.id`,
    [endId, starts, starts, endId],
  );
  return rowsOf(res).map(toRow);
}

function summarize(datasetId: number, endId: number, startIds: number[], rows: Row[]): WatershedSummary | undefined {
  const inside = rows.filter((r) => !r.nearby);
  const end = inside.find((r) => r.id === endId);
  if (!end) return undefined;
  const b: Bounds = { minLat: Infinity, maxLat: -Infinity, minLon: Infinity, maxLon: -Infinity };
  let area = 0;
  let land = 0;
  for (const r of inside) {
    if (r.min_lat < b.minLat) b.minLat = r.min_lat;
    if (r.max_lat > b.maxLat) b.maxLat = r.max_lat;
    if (r.min_lon < b.minLon) b.minLon = r.min_lon;
    if (r.max_lon > b.maxLon) b.maxLon = r.max_lon;
    area += r.area;
    land += r.land_area;
  }
  const insideIds = new Set(inside.map((r) => r.id));
  return {
    datasetId,
    endId,
    startIds: startIds.filter((id) => insideIds.has(id)),
    subbasinIds: inside.map((r) => r.id),
    nearbyIds: rows.filter((r) => r.nearby).map((r) => r.id),
    numSubbasins: inside.length,
    numHrus: rows[0]?.hru_total ?? 0,
    totalArea: area,
    totalLandArea: land,
    downstreamSubbasin: end.name,
    bounds: b,
  };
}

const r6 = (x: number) => Math.round(x * 1e6) / 1e6;
const r4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** The map result as a JSON string (GeoJSON spliced from the stored text). */
function mapResultJson(summary: WatershedSummary, rows: Row[], extra: Record<string, unknown> = {}): string {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const subFeatures: string[] = [];
  const streamFeatures: string[] = [];
  const connections: Connection[] = [];
  for (const r of rows) {
    const props = {
      id: r.id,
      name: r.name,
      streams: r.stream_length === null ? 0 : r4(r.stream_length),
      area: r6(r.area),
      landArea: r6(r.land_area),
      cumulativeArea: r6(r.cumulative_area),
      elevation: r.elevation === null ? null : Math.round(r.elevation * 100) / 100,
      isDownstream: r.id === summary.endId,
      isNearbyOnly: r.nearby,
      isStarting: summary.startIds.includes(r.id),
      downstreamID: r.id === summary.endId ? null : r.downstream_id,
    };
    subFeatures.push(`{"type":"Feature","id":${r.id},"properties":${JSON.stringify(props)},"geometry":${r.g}}`);
    if (r.st && !r.nearby) streamFeatures.push(`{"type":"Feature","id":${r.id},"properties":{"id":${r.id},"name":${JSON.stringify(r.name)}},"geometry":${r.st}}`);
    if (!r.nearby && r.id !== summary.endId && r.downstream_id !== null) {
      const to = byId.get(r.downstream_id);
      if (to && !to.nearby)
        connections.push({
          fromName: r.name,
          toName: to.name,
          fromID: r.id,
          toID: to.id,
          lineCoordinates: [
            [r6(r.label_lon), r6(r.label_lat)],
            [r6(to.label_lon), r6(to.label_lat)],
          ],
        });
    }
  }
  const head = {
    id: watershedKey(summary),
    datasetID: summary.datasetId,
    downstreamSubbasin: summary.downstreamSubbasin,
    downstreamID: summary.endId,
    startIDs: summary.startIds,
    bounds: summary.bounds,
    numSubbasins: summary.numSubbasins,
    numHrus: summary.numHrus,
    totalArea: summary.totalArea,
    totalLandArea: summary.totalLandArea,
    connections,
    ...extra,
  };
  const h = JSON.stringify(head);
  return (
    h.slice(0, -1) +
    `,"subbasinsGeoJson":{"type":"FeatureCollection","features":[${subFeatures.join(',')}]}` +
    `,"streamsGeoJson":{"type":"FeatureCollection","features":[${streamFeatures.join(',')}]}}`
  );
}

/** The `id` of a map result: the watershed it stands for ('e{end}' or 'e{end}-s{starts}'),
 * usable as the create payload's cacheID. */
export function watershedKey(s: Pick<WatershedSummary, 'endId' | 'startIds'>): string {
  const starts = [...s.startIds].sort((a, b) => a - b);
  return starts.length ? `e${s.endId}-s${starts.join('.')}` : `e${s.endId}`;
}

/** The subbasin a point falls in, or undefined. Bounding boxes prefilter in SQL; the polygon
 * test runs here (no PostGIS in PGlite). */
export async function subbasinAt(db: Knex, datasetId: number, lat: number, lng: number): Promise<{ id: number; name: string } | undefined> {
  const res = await db.raw(
    `select id, name, geometry::text as g from subbasins
      where dataset_id = ? and min_lon <= ? and max_lon >= ? and min_lat <= ? and max_lat >= ?
      order by area`,
    [datasetId, lng, lng, lat, lat],
  );
  for (const r of rowsOf(res)) {
    if (pointInGeometry(lng, lat, JSON.parse(String(r.g)) as Geometry)) return { id: Number(r.id), name: String(r.name) };
  }
  return undefined;
}

export async function subbasinByName(db: Knex, datasetId: number, name: string): Promise<{ id: number; datasetId: number; name: string } | undefined> {
  const trimmed = name.trim();
  let row = await db('subbasins').where({ datasetId, name: trimmed }).first('id', 'datasetId', 'name');
  // typed without the leading zeros of a HUC code, or in another case
  if (!row) row = await db('subbasins').where({ datasetId }).whereRaw('lower(name) = lower(?)', [trimmed]).first('id', 'datasetId', 'name');
  return row ? { id: Number(row.id), datasetId: Number(row.datasetId), name: String(row.name) } : undefined;
}

export async function subbasinById(db: Knex, id: number): Promise<{ id: number; datasetId: number; name: string } | undefined> {
  const row = await db('subbasins').where({ id }).first('id', 'datasetId', 'name');
  return row ? { id: Number(row.id), datasetId: Number(row.datasetId), name: String(row.name) } : undefined;
}

/** The watershed's ids and totals (for project creation: no GeoJSON). Starting subbasins
 * outside the watershed are ignored. */
export async function watershedSummary(db: Knex, endId: number, startIds: readonly number[] = []): Promise<WatershedSummary | undefined> {
  const end = await subbasinById(db, endId);
  if (!end) return undefined;
  const starts = [...new Set(startIds.filter((s) => s !== endId))];
  const rows = await watershedRows(db, endId, starts);
  return summarize(end.datasetId, endId, starts, rows);
}

/** The map result (JSON text) of the watershed above `endId`, or undefined when there is no
 * such subbasin. */
export async function watershedMapJson(db: Knex, endId: number, startIds: readonly number[] = [], extra: Record<string, unknown> = {}): Promise<string | undefined> {
  const end = await subbasinById(db, endId);
  if (!end) return undefined;
  const starts = [...new Set(startIds.filter((s) => s !== endId))];
  const rows = await watershedRows(db, endId, starts);
  const summary = summarize(end.datasetId, endId, starts, rows);
  return summary ? mapResultJson(summary, rows, extra) : undefined;
}

/** Typeahead: subbasins whose name starts with `text` (case-insensitive), shortest names
 * first, at most `limit` (spec: 100). */
export async function findSubbasins(db: Knex, datasetId: number, text: string, limit = 100): Promise<{ id: number; name: string }[]> {
  const t = text.trim().toLowerCase();
  if (!t) return [];
  const pattern = t.replace(/[\\%_]/g, (c) => '\\' + c) + '%';
  const rows = await db('subbasins')
    .where({ datasetId })
    .whereRaw(`lower(name) like ?`, [pattern])
    .orderByRaw('length(name), name')
    .limit(Math.min(100, Math.max(1, limit)))
    .select('id', 'name');
  return rows.map((r: { id: number; name: string }) => ({ id: Number(r.id), name: String(r.name) }));
}

// ─── the calls (a dataset the user may read, or NotFoundError) ────────────────────────────
// A map answer is the map result's JSON text, or the empty map result (an object) when no
// subbasin is there.

export type MapAnswer = string | Record<string, unknown>;

/** GET maps/coords/{datasetID}/{lat}/{lng} */
export async function mapAtPoint(db: Knex, user: User | undefined, datasetId: number, lat: number, lng: number): Promise<MapAnswer> {
  const d = await datasetFor(datasetId, user);
  const hit = await subbasinAt(db, d.id, lat, lng);
  return (hit && (await watershedMapJson(db, hit.id))) || emptyMapResult();
}

/** GET maps/subbasin/name/{datasetID}/{name} */
export async function mapByName(db: Knex, user: User | undefined, datasetId: number, name: string): Promise<MapAnswer> {
  const d = await datasetFor(datasetId, user);
  const hit = await subbasinByName(db, d.id, name);
  return (hit && (await watershedMapJson(db, hit.id))) || emptyMapResult();
}

/** GET maps/subbasin/id/{endID}[/{startIDs}] */
export async function mapById(db: Knex, user: User | undefined, endId: number, startIds: number[]): Promise<MapAnswer> {
  const end = await subbasinById(db, endId);
  if (!end || !(await readableDataset(end.datasetId, user))) throw new NotFoundError();
  return (await watershedMapJson(db, end.id, startIds)) || emptyMapResult();
}

/** GET subbasins/find/{datasetID}/{text} */
export async function findSubbasinsIn(db: Knex, user: User | undefined, datasetId: number, text: string): Promise<{ id: number; name: string }[]> {
  const d = await datasetFor(datasetId, user);
  return findSubbasins(db, d.id, text, 100);
}

/** GET maps/calibrated-watersheds/{groupID}: the calibrated watershed's map result with the calibration's gauge sites. */
export async function calibratedWatershedMap(db: Knex, user: User | undefined, id: number): Promise<string> {
  const detail = await calibrationDetail(id, user);
  if (!detail) throw new NotFoundError();
  const c = detail.calibration;
  const json = await watershedMapJson(db, c.endingSubbasinId, c.startingSubbasinIds, { watershed: detail.watershed, calibrationID: c.id });
  if (!json) throw new NotFoundError();
  return json;
}
