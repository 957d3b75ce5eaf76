// Loads a dataset folder in the shipped format (datasets/README.md) into the dataset tables:
// the demo dataset at every start (seed.ts: quick when already loaded), generated datasets
// for the bench (`node datasets/src/synthetic.ts --load`).
//
// Derived at load, so the files cannot disagree with the tables: cumulative (upstream) area,
// land area (area less open water), HRU counts, bounding boxes and label points of the
// polygons, stream geometry and length per subbasin.
//
// Rows go in as one JSON parameter per chunk expanded by jsonb_to_recordset: 150,000 HRUs in a
// few seconds on PostgreSQL and on PGlite (no COPY there).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { readDatasetDir, datasetFingerprint, parseObservedCsv, parseWeatherCsv, type DatasetDescriptor, type DatasetFiles, type ObservedDescriptor } from '@headwater/datasets/src/format.ts';
import { areaKm2, bboxOf, labelPoint, lineLengthKm, type Geometry, type Position } from '@headwater/datasets/src/geo.ts';

export type LoadResult = { datasetId: number; loaded: boolean; subbasins: number; hrus: number; ms: number };
export type LoadOptions = {
  /** Replace the subbasins, HRUs and the rest when the files changed (ids change: only for
   * datasets no project uses, such as the bench's). Default: load only when not loaded yet. */
  replace?: boolean;
  /** Override the descriptor's key (several generated datasets in one database). */
  key?: string;
  /** Override the name. */
  name?: string;
  /** An uploaded project (spec 3 §2.2): owned by the user, visible to them only until shared. */
  upload?: { userId: number; importId: number };
  /** Progress of the load (percent of the rows written), for the import's live status. */
  onProgress?: (percent: number, message: string) => void;
};

const CHUNK = 5000;

/** Loads the dataset in `dir` unless the same files are loaded already. */
export async function loadDatasetDir(db: Knex, dir: string, options: LoadOptions = {}): Promise<LoadResult> {
  const started = performance.now();
  const hash = datasetFingerprint(dir);
  const key = options.key ?? readDescriptorKey(dir);
  const existing = await db('datasets').where({ key }).first();
  if (existing && existing.numSubbasins > 0 && (existing.contentHash === hash || !options.replace)) {
    if (existing.contentHash !== hash) await addMissingObservedSeries(db, existing.id, dir);
    return { datasetId: existing.id, loaded: false, subbasins: existing.numSubbasins, hrus: existing.numHrus, ms: performance.now() - started };
  }
  const files = readDatasetDir(dir);
  return loadDatasetFiles(db, files, { ...options, key, hash, started });
}

/** The observed daily series of a gauge (observed.csv columns) into calibration_site_series
 * (migration 008_outputs.ts): Float32 little-endian, NaN for a day without a value. */
async function insertObservedSeries(trx: Knex, siteId: number, observed: ObservedDescriptor[], csv: Record<string, string>): Promise<void> {
  for (const o of observed) {
    const text = csv[o.file];
    if (text === undefined) throw new Error(`observed series ${o.column}: no file ${o.file}`);
    const parsed = parseObservedCsv(text);
    const values = parsed.columns.get(o.column);
    if (!values) throw new Error(`observed series: ${o.file} has no column ${o.column}`);
    await trx('calibration_site_series').insert({
      siteId,
      variable: o.variable,
      outputType: o.outputType,
      name: o.name,
      units: o.units,
      startDate: parsed.startDate,
      numDays: parsed.numDays,
      series: Buffer.from(values.buffer, values.byteOffset, values.byteLength),
      source: o.source,
    });
  }
}

/** A dataset loaded before its files carried observed data (a reload would change its ids):
 * its gauges' observed series are added, matched by calibration name and site number. */
async function addMissingObservedSeries(db: Knex, datasetId: number, dir: string): Promise<void> {
  const descriptor = JSON.parse(readFileSync(join(dir, 'dataset.json'), 'utf8')) as DatasetDescriptor;
  const wanted = (descriptor.calibrations ?? []).flatMap((c) => c.sites.filter((s) => s.observed?.length).map((s) => ({ calibration: c.name, site: s })));
  if (!wanted.length) return;
  const files = readDatasetDir(dir);
  await db.transaction(async (trx) => {
    for (const { calibration, site } of wanted) {
      const row = (await trx('calibration_sites as cs')
        .join('calibrations as c', 'c.id', 'cs.calibrationId')
        .where({ 'c.datasetId': datasetId, 'c.name': calibration, 'cs.number': site.number })
        .first('cs.id')) as { id: number } | undefined;
      if (!row || (await trx('calibration_site_series').where('siteId', row.id).first('id'))) continue;
      await insertObservedSeries(trx, row.id, site.observed!, files.observedCsv);
    }
  });
}

function readDescriptorKey(dir: string): string {
  return (JSON.parse(readFileSync(join(dir, 'dataset.json'), 'utf8')) as { key: string }).key;
}

export async function loadDatasetFiles(
  db: Knex,
  files: DatasetFiles,
  options: LoadOptions & { hash?: string; started?: number } = {},
): Promise<LoadResult> {
  const started = options.started ?? performance.now();
  const d = files.descriptor;
  const key = options.key ?? d.key;

  // --- derived subbasin values -------------------------------------------------------------
  const subs = files.subbasins.features;
  const byName = new Map<string, number>(); // name -> index
  subs.forEach((f, i) => {
    if (byName.has(f.properties.name)) throw new Error(`subbasin name ${f.properties.name} appears twice`);
    byName.set(f.properties.name, i);
  });
  const down = subs.map((f) => {
    const n = f.properties.downstream;
    if (n === null || n === undefined || n === '') return -1;
    const j = byName.get(String(n));
    if (j === undefined) throw new Error(`subbasin ${f.properties.name} drains to unknown subbasin ${n}`);
    return j;
  });
  const waterCodes = new Set(d.landUses.filter((l) => l.isWater).map((l) => l.code));
  const numHrus = new Array<number>(subs.length).fill(0);
  const waterArea = new Array<number>(subs.length).fill(0);
  for (const h of files.hrus) {
    const j = byName.get(h.subbasin);
    if (j === undefined) throw new Error(`HRU ${h.gisId} in unknown subbasin ${h.subbasin}`);
    numHrus[j]!++;
    if (waterCodes.has(h.landuse)) waterArea[j]! += h.area;
  }
  const area = subs.map((f) => (Number.isFinite(f.properties.area) ? f.properties.area : areaKm2(f.geometry)));
  // cumulative area: children before parents (topological order from the leaves)
  const cumulative = cumulativeAreas(area, down);
  const streams = new Map<string, Position[][]>();
  for (const s of files.streams.features) {
    const g = s.geometry as Geometry;
    const lines = g.type === 'LineString' ? [g.coordinates as Position[]] : g.type === 'MultiLineString' ? (g.coordinates as Position[][]) : [];
    const l = streams.get(s.properties.subbasin);
    if (l) l.push(...lines);
    else streams.set(s.properties.subbasin, [...lines]);
  }

  return db.transaction(async (trx) => {
    // --- the dataset row -------------------------------------------------------------------
    let existing = await trx('datasets').where({ key }).first();
    // a row seeded before datasets had keys (the demo dataset of the foundation seed)
    if (!existing && !options.key) existing = await trx('datasets').whereNull('key').where({ name: options.name ?? d.name }).first();
    const row = {
      key,
      name: options.name ?? d.name,
      description: d.description,
      attribution: d.attribution,
      version: d.version,
      optionGroup: d.optionGroup,
      optionOrder: d.optionOrder,
      loadByDefault: d.loadByDefault,
      accessibility: options.upload ? 'User' : 'Public',
      isActive: true,
      isUserSubmitted: !!options.upload,
      ...(options.upload ? { userId: options.upload.userId, importId: options.upload.importId } : {}),
      minLat: d.bounds.minLat,
      maxLat: d.bounds.maxLat,
      minLon: d.bounds.minLon,
      maxLon: d.bounds.maxLon,
      minCn2: d.minCn2 ?? null,
      maxCn2: d.maxCn2 ?? null,
      iclusHruThreshold: d.iclusHruThreshold ?? null,
      defaultHruThreshold: d.defaultHruThreshold ?? null,
      endingSubbasin: d.endingSubbasin ?? null,
      outline: JSON.stringify(files.outline),
      swat: JSON.stringify(files.swat.dataset ?? {}),
      numSubbasins: subs.length,
      numHrus: files.hrus.length,
      contentHash: options.hash ?? null,
      updatedAt: new Date(),
    };
    let datasetId: number;
    if (existing) {
      datasetId = existing.id;
      await trx('datasets').where({ id: datasetId }).update(row);
      // replace the dataset's children (cascades to HRUs, calibrations, regions)
      await trx('subbasins').where({ datasetId }).delete();
      await trx('soils').where({ datasetId }).delete();
      await trx('land_use_codes').where({ datasetId }).delete();
      await trx('dataset_regions').where({ datasetId }).delete();
      await trx('weather_datasets').where({ datasetId }).delete();
    } else {
      [{ id: datasetId }] = await trx('datasets').insert(row).returning('id');
    }

    // --- land uses and soils ---------------------------------------------------------------
    if (d.landUses.length)
      await trx('land_use_codes').insert(
        d.landUses.map((l, i) => ({
          datasetId,
          code: l.code,
          name: l.name,
          plantName: l.plantName ?? '',
          isWater: !!l.isWater,
          sortOrder: i,
          swat: files.swat.landUses?.[l.code] ? JSON.stringify(files.swat.landUses[l.code]) : null,
        })),
      );
    const soilRows = (d.soils ?? []).map((s) => ({
      datasetId,
      name: s.name,
      hydGroup: s.hydGroup,
      texture: s.texture,
      swat: files.swat.soils?.[s.name] ? JSON.stringify(files.swat.soils[s.name]) : null,
    }));
    for (let i = 0; i < soilRows.length; i += 1000) await trx('soils').insert(soilRows.slice(i, i + 1000));

    // --- subbasins -------------------------------------------------------------------------
    const subRecords = subs.map((f, i) => {
      const g = f.geometry as Geometry;
      const b = bboxOf(g);
      const lp = labelPoint(g);
      const lines = streams.get(f.properties.name);
      const streamGeom = lines?.length ? (lines.length === 1 ? { type: 'LineString', coordinates: lines[0] } : { type: 'MultiLineString', coordinates: lines }) : null;
      return {
        dataset_id: datasetId,
        number: f.properties.number ?? i + 1,
        name: f.properties.name,
        area: area[i],
        land_area: Math.max(0, area[i]! - waterArea[i]!),
        cumulative_area: cumulative[i],
        elevation: f.properties.elevation ?? null,
        num_hrus: numHrus[i],
        sort_order: i,
        min_lon: b.minLon,
        min_lat: b.minLat,
        max_lon: b.maxLon,
        max_lat: b.maxLat,
        label_lon: lp[0],
        label_lat: lp[1],
        geometry: g,
        streams: streamGeom,
        stream_length: streamGeom ? lineLengthKm(streamGeom as Geometry) : null,
        swat: files.swat.subbasins?.[f.properties.name] ?? null,
      };
    });
    const idOf = new Array<number>(subs.length);
    for (let i = 0; i < subRecords.length; i += CHUNK) {
      const chunk = subRecords.slice(i, i + CHUNK);
      const res = await trx.raw(
        `insert into subbasins (dataset_id, number, name, area, land_area, cumulative_area, elevation, num_hrus, sort_order,
           min_lon, min_lat, max_lon, max_lat, label_lon, label_lat, geometry, streams, stream_length, swat)
         select dataset_id, number, name, area, land_area, cumulative_area, elevation, num_hrus, sort_order,
           min_lon, min_lat, max_lon, max_lat, label_lon, label_lat, geometry, streams, stream_length, swat
         from jsonb_to_recordset(?::jsonb) as x(dataset_id int, number int, name text, area float8, land_area float8,
           cumulative_area float8, elevation float8, num_hrus int, sort_order int, min_lon float8, min_lat float8,
           max_lon float8, max_lat float8, label_lon float8, label_lat float8, geometry jsonb, streams jsonb,
           stream_length float8, swat jsonb)
         returning id, sort_order`,
        [JSON.stringify(chunk)],
      );
      for (const r of res.rows as { id: number; sort_order: number }[]) idOf[r.sort_order] = r.id;
      options.onProgress?.((10 * Math.min(subRecords.length, i + CHUNK)) / subRecords.length, `Writing subbasins: ${Math.min(subRecords.length, i + CHUNK).toLocaleString('en-US')} of ${subRecords.length.toLocaleString('en-US')}...`);
    }
    const links = down.map((j, i) => (j >= 0 ? { id: idOf[i], down: idOf[j] } : null)).filter(Boolean);
    for (let i = 0; i < links.length; i += CHUNK) {
      await trx.raw(
        `update subbasins s set downstream_id = x.down from jsonb_to_recordset(?::jsonb) as x(id int, down int) where s.id = x.id`,
        [JSON.stringify(links.slice(i, i + CHUNK))],
      );
    }

    // --- HRUs ------------------------------------------------------------------------------
    const swatHrus = files.swat.hrus ?? {};
    for (let i = 0; i < files.hrus.length; i += CHUNK) {
      const chunk = files.hrus.slice(i, i + CHUNK).map((h, k) => ({
        s: idOf[byName.get(h.subbasin)!],
        n: h.number,
        g: h.gisId,
        lu: h.landuse,
        so: h.soil,
        sc: h.slopeClass,
        sl: h.slope,
        sll: h.slopeLength,
        a: h.area,
        f: h.fraction,
        cn: h.cn2,
        ov: h.ovN,
        o: i + k,
        w: swatHrus[h.gisId] ?? null,
      }));
      await trx.raw(
        `insert into hrus (dataset_id, subbasin_id, number, gis_id, landuse, soil, slope_class, slope, slope_length, area, fraction, cn2, ov_n, sort_order, swat)
         select ?, s, n, g, lu, so, sc, sl, sll, a, f, cn, ov, o, w
         from jsonb_to_recordset(?::jsonb) as x(s int, n int, g text, lu text, so text, sc text, sl float8, sll float8, a float8, f float8, cn float8, ov float8, o int, w jsonb)`,
        [datasetId, JSON.stringify(chunk)],
      );
      const done = Math.min(files.hrus.length, i + CHUNK);
      options.onProgress?.(10 + (80 * done) / files.hrus.length, `Writing HRUs: ${done.toLocaleString('en-US')} of ${files.hrus.length.toLocaleString('en-US')}...`);
    }
    options.onProgress?.(90, 'Writing weather...');

    // --- weather ---------------------------------------------------------------------------
    let first = true;
    for (const w of d.weather ?? []) {
      const csv = parseWeatherCsv(files.weatherCsv[w.key]!);
      const wkey = options.key ? `${options.key}:${w.key}` : w.key;
      const has = (v: string) => w.stations.some((s) => s.variable === v);
      const count = (v: string) => w.stations.filter((s) => s.variable === v).length;
      const wrow = {
        key: wkey,
        name: w.name,
        pathToFiles: '',
        startDate: w.startDate,
        endDate: w.endDate,
        fileFormat: 2,
        sortOrder: 0,
        isActive: true,
        hasPcp: has('pcp'),
        hasTmp: has('tmp'),
        hasHmd: has('hmd'),
        hasSlr: has('slr'),
        hasWnd: has('wnd'),
        nrgage: count('pcp'),
        nrtot: count('pcp'),
        nrgfil: new Set(w.stations.filter((s) => s.variable === 'pcp').map((s) => s.file)).size,
        ntgage: count('tmp'),
        nttot: count('tmp'),
        ntgfil: new Set(w.stations.filter((s) => s.variable === 'tmp').map((s) => s.file)).size,
        nstot: count('slr'),
        nhtot: count('hmd'),
        nwtot: count('wnd'),
        datasetId,
        updatedAt: new Date(),
      };
      await trx('weather_datasets').where({ key: wkey }).delete();
      const [{ id: weatherDatasetId }] = await trx('weather_datasets').insert(wrow).returning('id');
      const stationRows = w.stations.map((s) => {
        const parts = s.columns.map((c) => {
          const col = csv.columns.get(c);
          if (!col) throw new Error(`weather column ${c} missing`);
          return col;
        });
        const buf = Buffer.alloc(parts.reduce((a, p) => a + p.length, 0) * 4);
        let off = 0;
        for (const p of parts) for (let i = 0; i < p.length; i++, off += 4) buf.writeFloatLE(p[i]!, off);
        return { weatherDatasetId, variable: s.variable, file: s.file, gage: s.gage, name: s.name, lat: s.lat, lon: s.lon, elevation: s.elevation, startDate: csv.startDate, numDays: csv.numDays, series: buf };
      });
      for (let i = 0; i < stationRows.length; i += 200) await trx('weather_stations').insert(stationRows.slice(i, i + 200));
      await trx('dataset_weather_datasets').insert({ datasetId, weatherDatasetId, isDefault: first });
      first = false;
    }

    // --- calibrations and regions ----------------------------------------------------------
    for (const c of d.calibrations ?? []) {
      const gkey = options.key ? `${options.key}:${c.groupKey}` : c.groupKey;
      let group = await trx('calibration_groups').where({ key: gkey }).first();
      if (!group) [group] = await trx('calibration_groups').insert({ key: gkey, name: c.group }).returning('*');
      const end = byName.get(c.endingSubbasin);
      if (end === undefined) throw new Error(`calibration ${c.name}: unknown ending subbasin ${c.endingSubbasin}`);
      const [{ id: calibrationId }] = await trx('calibrations')
        .insert({
          groupId: group.id,
          datasetId,
          name: c.name,
          description: c.description,
          endingSubbasinId: idOf[end],
          startingSubbasinIds: JSON.stringify(c.startingSubbasins.map((n) => idOf[byName.get(n)!]).filter((x) => x !== undefined)),
          // the dataset's calibration option (editors/calibration), when it ships one
          parameters: c.option ? JSON.stringify(c.option) : null,
        })
        .returning('id');
      for (const { observed, ...site } of c.sites) {
        const [{ id: siteId }] = await trx('calibration_sites').insert({ calibrationId, ...site, data: JSON.stringify(site.data) }).returning('id');
        if (observed?.length) await insertObservedSeries(trx, siteId, observed, files.observedCsv);
      }
    }
    const regionRows = files.regions.features.map((f, i) => ({
      datasetId,
      name: f.properties.name,
      geometry: JSON.stringify(f.geometry),
      endingSubbasinNames: JSON.stringify(f.properties.endingSubbasins ?? []),
      sortOrder: i,
    }));
    if (regionRows.length) await trx('dataset_regions').insert(regionRows);

    // planner statistics for the walk and the HRU queries (a fresh table has none: the
    // recursive CTE would scan instead of using the downstream index)
    await trx.raw('analyze subbasins');
    await trx.raw('analyze hrus');
    return { datasetId, loaded: true, subbasins: subs.length, hrus: files.hrus.length, ms: performance.now() - started };
  });
}

/** Area of each subbasin plus everything upstream of it. `down[i]` is the index of the
 * subbasin i drains to, -1 for an outlet. Throws on a routing cycle. */
export function cumulativeAreas(area: number[], down: number[]): number[] {
  const n = area.length;
  const indeg = new Array<number>(n).fill(0);
  for (const j of down) if (j >= 0) indeg[j]!++;
  const acc = area.slice();
  const queue: number[] = [];
  for (let i = 0; i < n; i++) if (indeg[i] === 0) queue.push(i);
  let seen = 0;
  while (queue.length) {
    const i = queue.pop()!;
    seen++;
    const j = down[i]!;
    if (j >= 0) {
      acc[j]! += acc[i]!;
      if (--indeg[j]! === 0) queue.push(j);
    }
  }
  if (seen !== n) throw new Error('the routing has a cycle');
  return acc;
}
