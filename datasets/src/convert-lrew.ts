// Converts the Little River Experimental Watershed (ArcSWAT 2012 project in
// ../shared/data/lrew_swat2012) ONCE into the shipped dataset format under datasets/lrew/.
// The product never reads ../shared: it loads what this script wrote (and git keeps).
//
//   node datasets/src/convert-lrew.ts [source dir] [--out datasets/lrew]
//
// Reads: TxtInOut/ (@headwater/swat readTxtInOut) and shapes/{sub,riv}.geojson (WGS84).
// Weather is cut to the project's simulation period, 2000-01-01..2012-12-31. The gauge's whole
// observed daily discharge record (obs/obs_q_gaugeJ.csv, 1968–2012) goes to observed.csv.gz.
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readTxtInOut } from '@headwater/swat/txtinout/index.ts';
import {
  areaKm2,
  bboxOf,
  dissolve,
  rewind,
  round,
  type Feature,
  type FeatureCollection,
  type Geometry,
  type Position,
} from './geo.ts';
import {
  formatFeatureCollection,
  formatHruCsv,
  formatWeatherCsv,
  writeText,
  type DatasetDescriptor,
  type HruRow,
  type ObservedDescriptor,
  type RegionProps,
  type StationDescriptor,
  type StreamProps,
  type SubbasinProps,
  type SwatInputs,
} from './format.ts';

const here = import.meta.dirname;
const args = process.argv.slice(2);
const outIdx = args.indexOf('--out');
const out = resolve(outIdx >= 0 ? args[outIdx + 1]! : join(here, '..', 'lrew'));
const src = resolve(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--out') ?? join(here, '..', '..', '..', 'shared', 'data', 'lrew_swat2012'));
const START = 2000001;
const END = 2012366;

/** Parsed TxtInOut objects without their `layout` (the writer uses ArcSWAT 2012's layout). */
function strip<T>(v: T): T {
  if (Array.isArray(v)) return v.map(strip) as T;
  if (ArrayBuffer.isView(v)) return Array.from(v as unknown as ArrayLike<number>) as T;
  if (v && typeof v === 'object') {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (k !== 'layout' && x !== undefined) o[k] = strip(x);
    return o as T;
  }
  return v;
}

function yyyydddToIso(d: number): string {
  const y = Math.floor(d / 1000);
  const doy = d % 1000;
  return new Date(Date.UTC(y, 0, doy)).toISOString().slice(0, 10);
}

const existing = JSON.parse(readFileSync(join(here, '..', 'lrew', 'dataset.json'), 'utf8')) as DatasetDescriptor;
const project = await readTxtInOut(join(src, 'TxtInOut'));
if (project.warnings.length) console.warn('TxtInOut warnings:', project.warnings);

type ShapeFC = { features: { properties: Record<string, number | string>; geometry: Geometry }[] };
const subShapes = JSON.parse(readFileSync(join(src, 'shapes', 'sub.geojson'), 'utf8')) as ShapeFC;
const rivShapes = JSON.parse(readFileSync(join(src, 'shapes', 'riv.geojson'), 'utf8')) as ShapeFC;

// routing from the stream network (SubbasinR: the subbasin a reach drains to, 0 = outlet),
// checked against fig.fig below through the HRU-free route/add commands
const downstreamOf = new Map<number, number>();
for (const f of rivShapes.features) downstreamOf.set(Number(f.properties.Subbasin), Number(f.properties.SubbasinR));

const swat: SwatInputs = { dataset: {}, subbasins: {}, hrus: {}, soils: {}, landUses: {} };
const hrus: HruRow[] = [];
const subFeatures: Feature<Geometry, SubbasinProps>[] = [];
const landUseArea = new Map<string, number>();
const soils = new Map<string, { name: string; hydGroup: string; texture: string }>();

for (const s of project.subbasins) {
  const name = String(s.number);
  const shape = subShapes.features.find((f) => Number(f.properties.Subbasin) === s.number);
  if (!shape) throw new Error(`no shape for subbasin ${s.number}`);
  const down = downstreamOf.get(s.number) ?? 0;
  const geometry = rewind(shape.geometry);
  const shapeKm2 = areaKm2(geometry);
  if (Math.abs(shapeKm2 - s.sub.SUB_KM) / s.sub.SUB_KM > 0.02) console.warn(`subbasin ${name}: polygon ${shapeKm2.toFixed(3)} km² vs SUB_KM ${s.sub.SUB_KM}`);
  subFeatures.push({
    type: 'Feature',
    properties: { number: s.number, name, downstream: down ? String(down) : null, area: s.sub.SUB_KM, elevation: s.sub.SUB_ELEV },
    geometry,
  });
  const reach = project.reaches.find((r) => r.number === s.number);
  swat.subbasins[name] = strip({ sub: s.sub, wgn: s.wgn, pnd: s.pnd, wus: s.wus, rte: reach?.rte, swq: reach?.swq }) as Record<string, unknown>;
  s.hrus.forEach((h, i) => {
    const title = h.hru?.title ?? '';
    const landuse = /Luse:\s*(\S+)/.exec(title)?.[1] ?? 'AGRL';
    const soil = h.sol?.SNAM ?? /Soil:\s*(\S+)/.exec(title)?.[1] ?? '';
    const slopeClass = /Slope:\s*(\S+)/.exec(title)?.[1] ?? '';
    const gisId = h.files.hru.replace(/\.hru$/i, '');
    const fraction = h.hru!.HRU_FR;
    const area = fraction * s.sub.SUB_KM;
    hrus.push({
      subbasin: name,
      number: i + 1,
      gisId,
      landuse,
      soil,
      slopeClass,
      slope: h.hru!.HRU_SLP,
      slopeLength: h.hru!.SLSUBBSN,
      area: round(area, 9),
      fraction,
      cn2: h.mgt!.CN2,
      ovN: h.hru!.OV_N,
    });
    landUseArea.set(landuse, (landUseArea.get(landuse) ?? 0) + area);
    if (h.sol && !soils.has(soil)) {
      soils.set(soil, { name: soil, hydGroup: h.sol.HYDGRP, texture: h.sol.TEXTURE });
      const { title: _t, ...sol } = strip(h.sol) as unknown as Record<string, unknown>;
      swat.soils[soil] = { sol };
    }
    if (!swat.landUses[landuse] && h.mgt) {
      // the management template of this land use (its first HRU): used by generated datasets
      const { title: _t, ...mgt } = strip(h.mgt) as unknown as Record<string, unknown>;
      swat.landUses[landuse] = { mgt };
    }
    const sdrName = h.files.sdr || gisId + '.sdr';
    const sdr = project.otherFiles[sdrName] ?? project.otherFiles[Object.keys(project.otherFiles).find((k) => k.toLowerCase() === sdrName.toLowerCase()) ?? ''];
    swat.hrus[gisId] = strip({ hru: h.hru, mgt: h.mgt, chm: h.chm, gw: h.gw, sep: h.sep, sdr }) as Record<string, unknown>;
  });
}

// check the routing against fig.fig: every subbasin but the outlet drains somewhere
const outlets = subFeatures.filter((f) => f.properties.downstream === null);
if (outlets.length !== 1) throw new Error(`expected one outlet, got ${outlets.length}`);

const otherFiles: Record<string, string> = {};
for (const [k, v] of Object.entries(project.otherFiles)) if (!/\.sdr$/i.test(k)) otherFiles[k] = v;
swat.dataset = strip({ cio: project.cio, bsn: project.bsn, fig: project.fig, databases: project.databases, otherFiles }) as SwatInputs['dataset'];
// defaults for parts an HRU or subbasin lacks (generated datasets): LREW's first ones
const h0 = swat.hrus[hrus[0]!.gisId]!;
const s0 = swat.subbasins['1']!;
swat.dataset.defaults = { hru: h0.hru, gw: h0.gw, chm: h0.chm, sep: h0.sep, sdr: h0.sdr, sub: s0.sub, wgn: s0.wgn, pnd: s0.pnd, wus: s0.wus, rte: s0.rte, swq: s0.swq };

const streamFeatures: Feature<Geometry, StreamProps>[] = rivShapes.features.map((f) => ({
  type: 'Feature',
  properties: { subbasin: String(f.properties.Subbasin) },
  geometry: f.geometry,
}));

const outlineGeom = dissolve(subFeatures.map((f) => f.geometry)) ?? { type: 'MultiPolygon', coordinates: subFeatures.flatMap((f) => (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : (f.geometry.coordinates as Position[][][]))) };
const outline: FeatureCollection = {
  type: 'FeatureCollection',
  features: [{ type: 'Feature', properties: { name: existing.name }, geometry: outlineGeom as Geometry }],
};
const b = bboxOf(outlineGeom as Geometry);
const totalKm2 = project.subbasins.reduce((a, s) => a + s.sub.SUB_KM, 0);
const outletName = outlets[0]!.properties.name;
const regions: FeatureCollection<Geometry, RegionProps> = {
  type: 'FeatureCollection',
  features: [{ type: 'Feature', properties: { name: 'Little River at gauge J', endingSubbasins: [outletName] }, geometry: outlineGeom as Geometry }],
};

// weather: the stations of file.cio's files, 2000..2012
const w = project.weather!;
const stations: StationDescriptor[] = [];
const columns: { name: string; values: ArrayLike<number>; decimals: number }[] = [];
let firstDate = '';
let numDays = 0;
const cut = (dates: Int32Array, values: Float64Array): Float64Array => {
  const i0 = dates.indexOf(START);
  const i1 = dates.indexOf(END);
  if (i0 < 0 || i1 < 0) throw new Error('weather does not cover 2000..2012');
  if (!firstDate) (firstDate = yyyydddToIso(START)), (numDays = i1 - i0 + 1);
  if (i1 - i0 + 1 !== numDays) throw new Error('weather files differ in length');
  return values.slice(i0, i1 + 1);
};
for (const [file, pcp] of Object.entries(w.pcp)) {
  pcp.stations.forEach((st, k) => {
    const col = `${file}#${k + 1}`;
    stations.push({ variable: 'pcp', file, gage: k + 1, name: st.name, lat: st.lat, lon: st.long, elevation: st.elev, columns: [col] });
    columns.push({ name: col, values: cut(pcp.dates, pcp.pcp[k]!), decimals: 1 });
  });
}
for (const [file, tmp] of Object.entries(w.tmp)) {
  tmp.stations.forEach((st, k) => {
    const cols = [`${file}#${k + 1}:max`, `${file}#${k + 1}:min`];
    stations.push({ variable: 'tmp', file, gage: k + 1, name: st.name, lat: st.lat, lon: st.long, elevation: st.elev, columns: cols });
    columns.push({ name: cols[0]!, values: cut(tmp.dates, tmp.tmax[k]!), decimals: 1 });
    columns.push({ name: cols[1]!, values: cut(tmp.dates, tmp.tmin[k]!), decimals: 1 });
  });
}
for (const variable of ['slr', 'hmd', 'wnd'] as const) {
  const series = w[variable];
  const file = variable === 'slr' ? project.cio.SLRFILE : variable === 'hmd' ? project.cio.RHFILE : project.cio.WNDFILE;
  if (!series) continue;
  series.values.forEach((v, k) => {
    const col = `${file}#${k + 1}`;
    stations.push({ variable, file, gage: k + 1, name: `${variable}${k + 1}`, lat: null, lon: null, elevation: null, columns: [col] });
    columns.push({ name: col, values: cut(series.dates, v), decimals: 3 });
  });
}

// the gauge at the outlet: the downstream end of the outlet's reach
const outletStream = rivShapes.features.find((f) => String(f.properties.Subbasin) === outletName)!;
const coords = outletStream.geometry.coordinates as Position[];
const gauge = coords[coords.length - 1]!;
const obsPath = join(src, 'obs', 'obs_q_gaugeJ.csv');
const data: { name: string; value: string }[] = [{ name: 'Drainage area', value: `${totalKm2.toFixed(2)} km²` }];
const observed: ObservedDescriptor[] = [];
let observedCsv: string | undefined;
if (existsSync(obsPath)) {
  const rows = readFileSync(obsPath, 'utf8').trim().split(/\r?\n/).slice(1).map((l) => l.split(','));
  // consecutive days, as the format wants (the record has no gap: checked here)
  rows.forEach((r, i) => {
    const expected = new Date(Date.parse(`${rows[0]![0]}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    if (r[0] !== expected) throw new Error(`obs_q_gaugeJ.csv: ${r[0]} where ${expected} was expected`);
  });
  const column = 'J:FLOW_OUT';
  observedCsv = `date,${column}\n` + rows.map((r) => `${r[0]},${r[1] !== '' && Number.isFinite(Number(r[1])) ? r[1] : ''}`).join('\n') + '\n';
  observed.push({ variable: 'FLOW_OUT', outputType: 'OutputRch', name: 'Observed daily discharge', units: 'm³/s', file: 'observed.csv', column, source: 'USDA-ARS Southeast Watershed Research Laboratory' });
  const inPeriod = rows.filter((r) => r[0]! >= '2000-01-01' && r[0]! <= '2012-12-31' && r[1] !== '' && Number.isFinite(Number(r[1])));
  const mean = inPeriod.reduce((a, r) => a + Number(r[1]), 0) / inPeriod.length;
  data.push(
    { name: 'Observed daily discharge', value: `${rows[0]![0]} to ${rows[rows.length - 1]![0]} (${rows.length} days)` },
    { name: 'Mean discharge 2000–2012', value: `${mean.toFixed(3)} m³/s` },
    { name: 'Source', value: 'USDA-ARS Southeast Watershed Research Laboratory' },
  );
}

const landUseNames = new Map(existing.landUses.map((l) => [l.code, l.name]));
const descriptor: DatasetDescriptor = {
  key: existing.key,
  name: existing.name,
  description: existing.description,
  attribution: existing.attribution,
  version: existing.version,
  optionGroup: existing.optionGroup,
  optionOrder: existing.optionOrder,
  loadByDefault: existing.loadByDefault,
  bounds: { minLat: round(b.minLat - 0.005, 3), maxLat: round(b.maxLat + 0.005, 3), minLon: round(b.minLon - 0.005, 3), maxLon: round(b.maxLon + 0.005, 3) },
  minCn2: null,
  maxCn2: null,
  iclusHruThreshold: null,
  defaultHruThreshold: null,
  endingSubbasin: outletName,
  landUses: [...landUseArea.keys()].sort().map((code) => ({ code, name: landUseNames.get(code) ?? code, isWater: code === 'WATR' })),
  soils: [...soils.values()].sort((a, z) => a.name.localeCompare(z.name)),
  weather: [
    {
      key: 'lrew-observed',
      name: 'LREW observed weather 2000–2012',
      startDate: firstDate,
      endDate: yyyydddToIso(END),
      file: 'weather.csv',
      stations,
    },
  ],
  calibrations: [
    {
      group: 'USDA-ARS experimental watersheds',
      groupKey: 'usda-ars',
      name: 'Little River at gauge J (GA)',
      description: 'Little River Experimental Watershed above gauge J, with observed daily discharge.',
      endingSubbasin: outletName,
      startingSubbasins: [],
      sites: [{ number: 'J', name: 'Little River Experimental Watershed, gauge J', isUsgsSite: false, lat: gauge[1], lon: gauge[0], data, ...(observed.length ? { observed } : {}) }],
    },
  ],
  counts: { subbasins: subFeatures.length, hrus: hrus.length, areaKm2: round(totalKm2, 4) },
};

writeText(out, 'dataset.json', JSON.stringify(descriptor, null, 2) + '\n');
writeText(out, 'subbasins.geojson', formatFeatureCollection({ type: 'FeatureCollection', features: subFeatures }));
writeText(out, 'streams.geojson', formatFeatureCollection({ type: 'FeatureCollection', features: streamFeatures }));
writeText(out, 'outline.geojson', formatFeatureCollection(outline));
writeText(out, 'regions.geojson', formatFeatureCollection(regions));
writeText(out, 'hrus.csv', formatHruCsv(hrus));
writeText(out, 'swat.json', JSON.stringify(swat), true);
writeText(out, 'weather.csv', formatWeatherCsv(firstDate, columns));
if (observedCsv) writeText(out, 'observed.csv', observedCsv, true);
console.log(`wrote ${out}: ${subFeatures.length} subbasins, ${hrus.length} HRUs, ${totalKm2.toFixed(2)} km², ${stations.length} weather series × ${numDays} days, outline ${outlineGeom.type}`);
