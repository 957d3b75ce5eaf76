// Subbasin and stream shapefiles of an ArcSWAT / QSWAT project folder (Watershed/Shapes:
// subs1.shp and riv1.shp; other exports: sub.shp, riv.shp), in any projection its .prj names,
// read with the `shapefile` package and reprojected to WGS84 lon/lat with proj4.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as shapefile from 'shapefile';
import proj4 from 'proj4';

type Position = [number, number];
export type ShapeFeature = { properties: Record<string, unknown>; geometry: { type: string; coordinates: unknown } };
export type ProjectShapes = { subbasins: ShapeFeature[]; streams: ShapeFeature[]; projection: string };

const SUB_NAMES = ['subs1.shp', 'sub.shp', 'subbasins.shp', 'subs.shp'];
const RIV_NAMES = ['riv1.shp', 'riv.shp', 'rivs1.shp', 'streams.shp', 'reaches.shp'];

/** Finds the subbasin shapefile in `dir` (case-insensitive names): its path and the stream one's. */
export function findShapefiles(dir: string): { sub: string; riv?: string } | undefined {
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir);
  const find = (names: string[]) => {
    for (const n of names) {
      const f = files.find((x) => x.toLowerCase() === n);
      if (f) return join(dir, f);
    }
    return undefined;
  };
  const sub = find(SUB_NAMES);
  return sub ? { sub, riv: find(RIV_NAMES) } : undefined;
}

function sibling(path: string, ext: string): string | undefined {
  const stem = path.slice(0, -4);
  for (const e of [ext, ext.toUpperCase()]) if (existsSync(stem + e)) return stem + e;
  return undefined;
}

/** Reads a shapefile (with its .dbf) and reprojects it to WGS84 by its .prj (none: taken as lon/lat). */
export async function readShapefile(path: string): Promise<{ features: ShapeFeature[]; projection: string }> {
  const dbf = sibling(path, '.dbf');
  const prjPath = sibling(path, '.prj');
  const prj = prjPath ? readFileSync(prjPath, 'utf8').trim() : '';
  let transform: ((p: Position) => Position) | undefined;
  if (prj && !/^GEOGCS\[/i.test(prj)) {
    let conv: proj4.Converter;
    try {
      conv = proj4(prj, 'WGS84');
    } catch (err) {
      throw new Error(`${prjPath!.split(/[\\/]/).pop()}: the projection is not understood (${(err as Error).message ?? err})`);
    }
    transform = (p) => conv.forward([p[0], p[1]]) as Position;
  }
  const collection = await shapefile.read(path, dbf, { encoding: 'latin1' });
  const features = collection.features.map((f) => ({
    properties: (f.properties ?? {}) as Record<string, unknown>,
    geometry: transform && f.geometry ? { type: f.geometry.type, coordinates: mapCoords((f.geometry as { coordinates: unknown }).coordinates, transform) } : (f.geometry as ShapeFeature['geometry']),
  }));
  return { features, projection: prj ? (/^\w+\["([^"]+)"/.exec(prj)?.[1] ?? 'custom') : 'WGS84 (no .prj)' };
}

function mapCoords(c: unknown, f: (p: Position) => Position): unknown {
  if (Array.isArray(c) && typeof c[0] === 'number') return f(c as Position);
  return (c as unknown[]).map((x) => mapCoords(x, f));
}

/** The subbasin number of a shape: ArcSWAT/QSWAT's `Subbasin` field (any case). */
export function subbasinField(props: Record<string, unknown>, names = ['subbasin', 'subbasin_', 'sub', 'polygonid']): number | undefined {
  for (const [k, v] of Object.entries(props)) if (names.includes(k.toLowerCase()) && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

/** Both shapefiles of a project folder's Shapes directory. */
export async function readProjectShapes(dir: string): Promise<ProjectShapes | undefined> {
  const found = findShapefiles(dir);
  if (!found) return undefined;
  const sub = await readShapefile(found.sub);
  const riv = found.riv ? await readShapefile(found.riv) : { features: [] };
  return { subbasins: sub.features, streams: riv.features, projection: sub.projection };
}
