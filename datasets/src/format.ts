// The shipped dataset format: one folder per dataset (datasets/README.md describes every file).
// Written by convert-lrew.ts and synthetic.ts, read by the platform's loader (seed).
//
//   dataset.json          descriptor: names, attribution, bounds, land uses, soils, weather
//                         stations, calibrations, defaults
//   subbasins.geojson     one Polygon per subbasin: number, name, downstream (name | null),
//                         area (km²), elevation (m)
//   streams.geojson       one LineString per reach: subbasin (name)
//   outline.geojson       the study area (FeatureCollection)
//   regions.geojson       regions (FeatureCollection; name, endingSubbasins)
//   hrus.csv              the HRU table (subbasin name, number, gisId, landuse, soil,
//                         slopeClass, slope, slopeLength, area km², fraction, cn2, ovN)
//   swat.json             SWAT inputs (TxtInOut objects without layout): dataset (cio, bsn,
//                         databases, otherFiles, defaults), subbasins by name, hrus by gisId,
//                         soils by name, landUses by code
//   weather.csv           daily weather: date, then one column per station series
//   observed.csv          observed daily data of the gauges (calibration sites): date, then
//                         one column per site series (`J:FLOW_OUT`); empty cells are missing
//
// Any file may be gzipped (`name.gz`); readers take the plain or the .gz file.
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import type { FeatureCollection, Geometry } from './geo.ts';

export type WeatherVariable = 'pcp' | 'tmp' | 'slr' | 'hmd' | 'wnd';

export type StationDescriptor = {
  variable: WeatherVariable;
  /** SWAT file the station is a column of (pcp1.pcp, tmp1.tmp, slr.slr, ...) */
  file: string;
  /** 1-based column (gage number) */
  gage: number;
  name: string;
  lat: number | null;
  lon: number | null;
  elevation: number | null;
  /** weather.csv columns: one, or [tmax, tmin] for temperature */
  columns: string[];
};

export type WeatherDescriptor = {
  key: string;
  name: string;
  startDate: string; // YYYY-MM-DD
  endDate: string;
  file: string; // weather.csv
  stations: StationDescriptor[];
};

export type CalibrationDescriptor = {
  group: string;
  groupKey: string;
  name: string;
  description: string;
  endingSubbasin: string;
  startingSubbasins: string[];
  sites: { number: string; name: string; isUsgsSite: boolean; lat: number; lon: number; data: { name: string; value: string }[]; observed?: ObservedDescriptor[] }[];
  /** The calibration option of this watershed (the Calibration editor offers it): SWAT input
   * changes (type V value, A amount added, % percentage of baseline) with where they come from
   * and their goodness of fit; editors/calibration/src/mods.ts `CalibrationOption`. */
  option?: { name: string; description?: string; source?: string; fit?: Record<string, unknown>; mods: { file: string; variable: string; type: 'V' | 'A' | '%'; value: number; landuses?: string[]; subbasins?: number[] }[] };
};

/** An observed daily series of a gauge: a column of `file` (observed.csv), compared with the
 * model's `variable` of the output type (FLOW_OUT of the reach the calibration ends at). */
export type ObservedDescriptor = {
  variable: string;
  outputType: 'OutputRch';
  name: string;
  /** metric units of the values (m³/s for FLOW_OUT) */
  units: string;
  file: string;
  column: string;
  source: string;
};

export type DatasetDescriptor = {
  key: string;
  name: string;
  description: string;
  attribution: string;
  version: string;
  optionGroup: string;
  optionOrder: number;
  loadByDefault: boolean;
  bounds: { minLat: number; maxLat: number; minLon: number; maxLon: number };
  minCn2?: number | null;
  maxCn2?: number | null;
  iclusHruThreshold?: number | null;
  defaultHruThreshold?: number | null;
  /** name of the ending subbasin selected by default */
  endingSubbasin?: string | null;
  landUses: { code: string; name: string; plantName?: string; isWater?: boolean }[];
  soils?: { name: string; hydGroup: string; texture: string }[];
  weather?: WeatherDescriptor[];
  calibrations?: CalibrationDescriptor[];
  /** counts, for the README and quick checks */
  counts?: { subbasins: number; hrus: number; areaKm2: number };
};

export type SubbasinProps = { number: number; name: string; downstream: string | null; area: number; elevation: number | null };
export type StreamProps = { subbasin: string };
export type RegionProps = { name: string; endingSubbasins: string[] };

export type HruRow = {
  subbasin: string;
  number: number;
  gisId: string;
  landuse: string;
  soil: string;
  slopeClass: string;
  slope: number;
  slopeLength: number;
  area: number;
  fraction: number;
  cn2: number;
  ovN: number;
};
export const HRU_COLUMNS = ['subbasin', 'number', 'gisId', 'landuse', 'soil', 'slopeClass', 'slope', 'slopeLength', 'area', 'fraction', 'cn2', 'ovN'] as const;

export type SwatInputs = {
  dataset: { cio?: unknown; bsn?: unknown; databases?: unknown; otherFiles?: Record<string, string>; defaults?: Record<string, unknown> };
  subbasins: Record<string, Record<string, unknown>>;
  hrus: Record<string, Record<string, unknown>>;
  soils: Record<string, Record<string, unknown>>;
  landUses: Record<string, Record<string, unknown>>;
};

export type DatasetFiles = {
  descriptor: DatasetDescriptor;
  subbasins: FeatureCollection<Geometry, SubbasinProps>;
  streams: FeatureCollection<Geometry, StreamProps>;
  outline: FeatureCollection;
  regions: FeatureCollection<Geometry, RegionProps>;
  hrus: HruRow[];
  swat: SwatInputs;
  /** weather.csv text per weather descriptor key (parsed by parseWeatherCsv) */
  weatherCsv: Record<string, string>;
  /** observed data files (observed.csv) by name (parsed by parseWeatherCsv: same layout) */
  observedCsv: Record<string, string>;
};

function readMaybeGz(dir: string, name: string): string | undefined {
  const plain = join(dir, name);
  if (existsSync(plain)) return readFileSync(plain, 'utf8');
  if (existsSync(plain + '.gz')) return gunzipSync(readFileSync(plain + '.gz')).toString('utf8');
  return undefined;
}

function required(dir: string, name: string): string {
  const t = readMaybeGz(dir, name);
  if (t === undefined) throw new Error(`dataset folder ${dir} has no ${name} (nor ${name}.gz)`);
  return t;
}

/** Reads a dataset folder in the shipped format. */
export function readDatasetDir(dir: string): DatasetFiles {
  const descriptor = JSON.parse(required(dir, 'dataset.json')) as DatasetDescriptor;
  const empty = '{"type":"FeatureCollection","features":[]}';
  const weatherCsv: Record<string, string> = {};
  for (const w of descriptor.weather ?? []) weatherCsv[w.key] = required(dir, w.file);
  const observedCsv: Record<string, string> = {};
  for (const c of descriptor.calibrations ?? []) for (const site of c.sites) for (const o of site.observed ?? []) observedCsv[o.file] ??= required(dir, o.file);
  return {
    descriptor,
    subbasins: JSON.parse(required(dir, 'subbasins.geojson')),
    streams: JSON.parse(readMaybeGz(dir, 'streams.geojson') ?? empty),
    outline: JSON.parse(readMaybeGz(dir, 'outline.geojson') ?? empty),
    regions: JSON.parse(readMaybeGz(dir, 'regions.geojson') ?? empty),
    hrus: parseHruCsv(required(dir, 'hrus.csv')),
    swat: JSON.parse(readMaybeGz(dir, 'swat.json') ?? '{"dataset":{},"subbasins":{},"hrus":{},"soils":{},"landUses":{}}'),
    weatherCsv,
    observedCsv,
  };
}

/** A short fingerprint of a dataset folder's files (the seed reloads a shipped dataset whose
 * files changed). */
export function datasetFingerprint(dir: string): string {
  const h = createHash('sha256');
  for (const name of ['dataset.json', 'subbasins.geojson', 'streams.geojson', 'outline.geojson', 'regions.geojson', 'hrus.csv', 'swat.json', 'weather.csv', 'observed.csv']) {
    for (const n of [name, name + '.gz']) {
      const p = join(dir, n);
      if (existsSync(p)) h.update(n).update(readFileSync(p));
    }
  }
  return h.digest('hex').slice(0, 32);
}

export function parseHruCsv(text: string): HruRow[] {
  const lines = text.split(/\r?\n/).filter((l) => l.length);
  const header = lines[0]!.split(',');
  const idx = HRU_COLUMNS.map((c) => header.indexOf(c));
  if (idx.some((i) => i < 0)) throw new Error(`hrus.csv lacks columns: ${HRU_COLUMNS.filter((_, k) => idx[k]! < 0).join(', ')}`);
  const rows: HruRow[] = new Array(lines.length - 1);
  for (let i = 1; i < lines.length; i++) {
    const f = lines[i]!.split(',');
    rows[i - 1] = {
      subbasin: f[idx[0]!]!,
      number: Number(f[idx[1]!]),
      gisId: f[idx[2]!]!,
      landuse: f[idx[3]!]!,
      soil: f[idx[4]!]!,
      slopeClass: f[idx[5]!]!,
      slope: Number(f[idx[6]!]),
      slopeLength: Number(f[idx[7]!]),
      area: Number(f[idx[8]!]),
      fraction: Number(f[idx[9]!]),
      cn2: Number(f[idx[10]!]),
      ovN: Number(f[idx[11]!]),
    };
  }
  return rows;
}

export function formatHruCsv(rows: HruRow[]): string {
  const out: string[] = [HRU_COLUMNS.join(',')];
  for (const r of rows) out.push(HRU_COLUMNS.map((c) => String(r[c])).join(','));
  return out.join('\n') + '\n';
}

/** weather.csv: `date` (YYYY-MM-DD) then the station columns; returns the columns as
 * Float32Arrays with the first date. Days must be consecutive. */
export function parseWeatherCsv(text: string): { startDate: string; numDays: number; columns: Map<string, Float32Array> } {
  const lines = text.split(/\r?\n/).filter((l) => l.length);
  const header = lines[0]!.split(',');
  const n = lines.length - 1;
  const cols = header.slice(1).map(() => new Float32Array(n));
  for (let i = 1; i < lines.length; i++) {
    const f = lines[i]!.split(',');
    for (let c = 1; c < header.length; c++) cols[c - 1]![i - 1] = Number(f[c]);
  }
  const startDate = lines[1]?.split(',')[0] ?? '';
  const map = new Map<string, Float32Array>();
  header.slice(1).forEach((h, k) => map.set(h, cols[k]!));
  return { startDate, numDays: n, columns: map };
}

/** observed.csv: like weather.csv (`date`, then one column per series, consecutive days), but
 * an empty cell is a day without a value (NaN). */
export function parseObservedCsv(text: string): { startDate: string; numDays: number; columns: Map<string, Float32Array> } {
  const lines = text.split(/\r?\n/).filter((l) => l.length);
  const header = lines[0]!.split(',');
  const n = lines.length - 1;
  const cols = header.slice(1).map(() => new Float32Array(n));
  for (let i = 1; i < lines.length; i++) {
    const f = lines[i]!.split(',');
    for (let c = 1; c < header.length; c++) cols[c - 1]![i - 1] = f[c] === undefined || f[c] === '' ? NaN : Number(f[c]);
  }
  const map = new Map<string, Float32Array>();
  header.slice(1).forEach((h, k) => map.set(h, cols[k]!));
  return { startDate: lines[1]?.split(',')[0] ?? '', numDays: n, columns: map };
}

export function formatWeatherCsv(startDate: string, columns: { name: string; values: ArrayLike<number>; decimals: number }[]): string {
  const n = columns[0]?.values.length ?? 0;
  const out: string[] = ['date,' + columns.map((c) => c.name).join(',')];
  const d0 = Date.parse(startDate + 'T00:00:00Z');
  for (let i = 0; i < n; i++) {
    const date = new Date(d0 + i * 86_400_000).toISOString().slice(0, 10);
    out.push(date + ',' + columns.map((c) => fmt(c.values[i]!, c.decimals)).join(','));
  }
  return out.join('\n') + '\n';
}

function fmt(v: number, decimals: number): string {
  const s = v.toFixed(decimals);
  // trim trailing zeros: 12.50 -> 12.5, 3.000 -> 3
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

export function writeText(dir: string, name: string, text: string, gzip = false): void {
  mkdirSync(dir, { recursive: true });
  if (gzip) writeFileSync(join(dir, name + '.gz'), gzipSync(Buffer.from(text), { level: 9 }));
  else writeFileSync(join(dir, name), text);
}

/** GeoJSON with one feature per line: diffable, and still valid JSON. */
export function formatFeatureCollection(fc: FeatureCollection<any, any>): string {
  if (!fc.features.length) return '{"type":"FeatureCollection","features":[]}\n';
  return '{"type":"FeatureCollection","features":[\n' + fc.features.map((f) => JSON.stringify(f)).join(',\n') + '\n]}\n';
}
