// An uploaded SWAT project → the shipped dataset format (datasets/README.md), in memory, for the
// one loader (loader.ts `loadDatasetFiles`). The same conversion the demo dataset went through
// (datasets/src/convert-lrew.ts): every HRU's and subbasin's SWAT inputs parsed and kept without
// their layout, the soils' .sol, the land uses' management templates, file.cio, basins.bsn,
// fig.fig, the databases and the other files; weather cut to file.cio's simulation period, so a
// project made from it runs the same years the uploaded TxtInOut runs.
//
// Geometry: the project's subbasin and stream shapefiles reprojected to WGS84, or, without shapes,
// a schematic of the routing network from fig.fig (labelled `schematic` on every feature and in
// the outline's name). Areas are SWAT's SUB_KM either way.
import type { SwatProject } from '@headwater/swat/txtinout/types.ts';
import { routingOf, routingSchematic, subbasinField, type ProjectShapes } from '@headwater/swat/import/index.ts';
import { bboxOf, dissolve, rewind, round, type Feature, type FeatureCollection, type Geometry, type Position } from '@headwater/datasets/src/geo.ts';
import { formatWeatherCsv, type DatasetFiles, type DatasetDescriptor, type HruRow, type RegionProps, type StationDescriptor, type StreamProps, type SubbasinProps, type SwatInputs } from '@headwater/datasets/src/format.ts';

export const SCHEMATIC_LABEL = 'Routing schematic (the upload has no subbasin shapes)';

/** Problems found in the upload: each names the file (and line where known). */
export class ImportProblems extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.slice(0, 20).join('\n') + (problems.length > 20 ? `\n… and ${problems.length - 20} more` : ''));
    this.problems = problems;
  }
}

export type ConvertMeta = { key: string; name: string; description: string; attribution: string; endingSubbasinName?: string | null; kind: string };
export type ConvertSummary = { subbasins: number; hrus: number; areaKm2: number; weatherStations: number; weatherDays: number; schematic: boolean; projection: string | null; reservoirs: number; pointSources: number };

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
  return new Date(Date.UTC(Math.floor(d / 1000), 0, d % 1000)).toISOString().slice(0, 10);
}

function daysInYear(y: number): number {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 366 : 365;
}

export function convertProject(project: SwatProject, shapes: ProjectShapes | undefined, meta: ConvertMeta): { files: DatasetFiles; summary: ConvertSummary } {
  const problems: string[] = project.warnings.map((w) => w.replace(/^missing (\w+) file (.+)$/, (_m, what, file) => `${file}: the ${what} file named by the project is missing from the upload`));
  if (!project.subbasins.length) problems.push('fig.fig: no subbasin commands: the project has no subbasins');
  const routing = routingOf(project.fig);

  // geometry by subbasin number
  const shapeOf = new Map<number, Geometry>();
  const streamsOf = new Map<number, Geometry[]>();
  if (shapes) {
    shapes.subbasins.forEach((f, i) => {
      const n = subbasinField(f.properties);
      if (n === undefined) problems.push(`subbasin shapefile: feature ${i + 1} has no Subbasin field`);
      else if (f.geometry) shapeOf.set(n, rewind(f.geometry as Geometry));
    });
    for (const f of shapes.streams) {
      const n = subbasinField(f.properties);
      if (n !== undefined && f.geometry) streamsOf.set(n, [...(streamsOf.get(n) ?? []), f.geometry as Geometry]);
    }
    for (const s of project.subbasins) if (!shapeOf.has(s.number)) problems.push(`subbasin shapefile: no shape for subbasin ${s.number} (fig.fig line ${routing.lineOf.get(s.number) ?? '?'})`);
  }
  // without shapes: the schematic, centred on the stations
  const stations = Object.values(project.weather?.pcp ?? {}).flatMap((p) => p.stations).filter((s) => Number.isFinite(s.lat) && Number.isFinite(s.long) && (s.lat !== 0 || s.long !== 0));
  const centre: Position = stations.length ? [stations.reduce((a, s) => a + s.long, 0) / stations.length, stations.reduce((a, s) => a + s.lat, 0) / stations.length] : [0, 0];
  const schematic = shapes ? undefined : new Map(routingSchematic(routing, centre).map((f) => [f.number, f]));
  if (problems.length) throw new ImportProblems(problems);

  const swat: SwatInputs = { dataset: {}, subbasins: {}, hrus: {}, soils: {}, landUses: {} };
  const hrus: HruRow[] = [];
  const subFeatures: Feature<Geometry, SubbasinProps>[] = [];
  const streamFeatures: Feature<Geometry, StreamProps>[] = [];
  const landUseArea = new Map<string, number>();
  const soils = new Map<string, { name: string; hydGroup: string; texture: string }>();
  const sdrFiles = new Map(Object.keys(project.otherFiles).map((k) => [k.toLowerCase(), k]));

  for (const s of project.subbasins) {
    const name = String(s.number);
    const down = routing.downstream.get(s.number);
    const sch = schematic?.get(s.number);
    const geometry: Geometry = sch ? { type: 'Polygon', coordinates: sch.polygon } : shapeOf.get(s.number)!;
    subFeatures.push({
      type: 'Feature',
      properties: { number: s.number, name, downstream: down !== undefined ? String(down) : null, area: s.sub.SUB_KM, elevation: s.sub.SUB_ELEV ?? null, ...(sch ? { schematic: true } : {}) } as SubbasinProps,
      geometry,
    });
    for (const g of sch ? [{ type: 'LineString', coordinates: sch.stream } as Geometry] : (streamsOf.get(s.number) ?? [])) {
      streamFeatures.push({ type: 'Feature', properties: { subbasin: name }, geometry: g });
    }
    const reach = project.reaches.find((r) => r.number === s.number);
    swat.subbasins[name] = strip({ sub: s.sub, wgn: s.wgn, pnd: s.pnd, wus: s.wus, rte: reach?.rte, swq: reach?.swq }) as Record<string, unknown>;
    s.hrus.forEach((h, i) => {
      const where = `${s.file}, HRU ${i + 1}`;
      if (!h.hru) throw new ImportProblems([`${h.files.hru || where}: the HRU file could not be read`]);
      if (!h.mgt) throw new ImportProblems([`${h.files.mgt || where}: the management file could not be read`]);
      const title = h.hru.title ?? '';
      const landuse = /Luse:\s*(\S+)/i.exec(title)?.[1] ?? /Luse:\s*(\S+)/i.exec(h.mgt.title ?? '')?.[1] ?? 'AGRL';
      const soil = h.sol?.SNAM?.trim() || /Soil:\s*(\S+)/i.exec(title)?.[1] || '';
      const slopeClass = /Slope:?\s*(\S+)/i.exec(title)?.[1] ?? '';
      const gisId = h.files.hru.replace(/\.hru$/i, '');
      const fraction = h.hru.HRU_FR;
      const area = fraction * s.sub.SUB_KM;
      hrus.push({ subbasin: name, number: i + 1, gisId, landuse, soil, slopeClass, slope: h.hru.HRU_SLP, slopeLength: h.hru.SLSUBBSN, area: round(area, 9), fraction, cn2: h.mgt.CN2, ovN: h.hru.OV_N });
      landUseArea.set(landuse, (landUseArea.get(landuse) ?? 0) + area);
      if (h.sol && !soils.has(soil)) {
        soils.set(soil, { name: soil, hydGroup: h.sol.HYDGRP, texture: h.sol.TEXTURE });
        const { title: _t, ...sol } = strip(h.sol) as unknown as Record<string, unknown>;
        swat.soils[soil] = { sol };
      }
      if (!swat.landUses[landuse]) {
        const { title: _t, ...mgt } = strip(h.mgt) as unknown as Record<string, unknown>;
        swat.landUses[landuse] = { mgt };
      }
      const sdrName = (h.files.sdr || gisId + '.sdr').toLowerCase();
      const sdr = project.otherFiles[sdrFiles.get(sdrName) ?? ''];
      swat.hrus[gisId] = strip({ hru: h.hru, mgt: h.mgt, chm: h.chm, gw: h.gw, sep: h.sep, sdr }) as Record<string, unknown>;
    });
  }

  const outletNames = subFeatures.filter((f) => f.properties.downstream === null).map((f) => f.properties.name);
  const endingSubbasin = meta.endingSubbasinName ?? (outletNames.length === 1 ? outletNames[0]! : null);
  if (meta.endingSubbasinName && !subFeatures.some((f) => f.properties.name === meta.endingSubbasinName)) {
    throw new ImportProblems([`The outlet subbasin ${meta.endingSubbasinName} is not a subbasin of the project (fig.fig has ${subFeatures.length}).`]);
  }

  const otherFiles: Record<string, string> = {};
  for (const [k, v] of Object.entries(project.otherFiles)) if (!/\.sdr$/i.test(k)) otherFiles[k] = v;
  swat.dataset = strip({ cio: project.cio, bsn: project.bsn, fig: project.fig, databases: project.databases, otherFiles }) as SwatInputs['dataset'];
  const h0 = swat.hrus[hrus[0]!.gisId]!;
  const s0 = swat.subbasins[subFeatures[0]!.properties.name]!;
  swat.dataset.defaults = { hru: h0.hru, gw: h0.gw, chm: h0.chm, sep: h0.sep, sdr: h0.sdr, sub: s0.sub, wgn: s0.wgn, pnd: s0.pnd, wus: s0.wus, rte: s0.rte, swq: s0.swq };

  const outlineGeom =
    (schematic ? undefined : dissolve(subFeatures.map((f) => f.geometry))) ??
    ({ type: 'MultiPolygon', coordinates: subFeatures.flatMap((f) => (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : (f.geometry.coordinates as Position[][][]))) } as Geometry);
  const outline: FeatureCollection = { type: 'FeatureCollection', features: [{ type: 'Feature', properties: { name: schematic ? `${meta.name}: ${SCHEMATIC_LABEL}` : meta.name, ...(schematic ? { schematic: true } : {}) }, geometry: outlineGeom as Geometry }] };
  const b = bboxOf(outlineGeom as Geometry);
  const totalKm2 = project.subbasins.reduce((a, s) => a + s.sub.SUB_KM, 0);
  const regions: FeatureCollection<Geometry, RegionProps> = {
    type: 'FeatureCollection',
    features: endingSubbasin ? [{ type: 'Feature', properties: { name: meta.name, endingSubbasins: [endingSubbasin] }, geometry: outlineGeom as Geometry }] : [],
  };

  // weather: the stations of file.cio's files over the simulation period
  const cio = project.cio as unknown as { IYR: number; NBYR: number; IDAF: number; IDAL: number; SLRFILE: string; RHFILE: string; WNDFILE: string };
  const first = cio.IYR * 1000 + Math.max(1, cio.IDAF || 1);
  const lastYear = cio.IYR + Math.max(1, cio.NBYR) - 1;
  const last = lastYear * 1000 + (cio.IDAL > 0 ? Math.min(cio.IDAL, daysInYear(lastYear)) : daysInYear(lastYear));
  const w = project.weather;
  const stationRows: StationDescriptor[] = [];
  const columns: { name: string; values: ArrayLike<number>; decimals: number }[] = [];
  let numDays = 0;
  const weatherProblems: string[] = [];
  const cut = (file: string, dates: Int32Array, values: Float64Array): Float64Array | undefined => {
    const i0 = dates.indexOf(first);
    const i1 = dates.indexOf(last);
    if (i0 < 0 || i1 < 0) {
      weatherProblems.push(`${file}: the weather does not cover the simulation period of file.cio (${yyyydddToIso(first)} to ${yyyydddToIso(last)})`);
      return undefined;
    }
    if (!numDays) numDays = i1 - i0 + 1;
    if (i1 - i0 + 1 !== numDays) {
      weatherProblems.push(`${file}: days are missing in the simulation period (${i1 - i0 + 1} rows for ${numDays} days)`);
      return undefined;
    }
    return values.slice(i0, i1 + 1);
  };
  for (const [file, pcp] of Object.entries(w?.pcp ?? {})) {
    pcp.stations.forEach((st, k) => {
      const col = `${file}#${k + 1}`;
      const v = cut(file, pcp.dates, pcp.pcp[k]!);
      if (!v) return;
      stationRows.push({ variable: 'pcp', file, gage: k + 1, name: st.name, lat: st.lat, lon: st.long, elevation: st.elev, columns: [col] });
      columns.push({ name: col, values: v, decimals: 1 });
    });
  }
  for (const [file, tmp] of Object.entries(w?.tmp ?? {})) {
    tmp.stations.forEach((st, k) => {
      const cols = [`${file}#${k + 1}:max`, `${file}#${k + 1}:min`];
      const max = cut(file, tmp.dates, tmp.tmax[k]!);
      const min = cut(file, tmp.dates, tmp.tmin[k]!);
      if (!max || !min) return;
      stationRows.push({ variable: 'tmp', file, gage: k + 1, name: st.name, lat: st.lat, lon: st.long, elevation: st.elev, columns: cols });
      columns.push({ name: cols[0]!, values: max, decimals: 1 }, { name: cols[1]!, values: min, decimals: 1 });
    });
  }
  for (const variable of ['slr', 'hmd', 'wnd'] as const) {
    const series = w?.[variable];
    const file = variable === 'slr' ? cio.SLRFILE : variable === 'hmd' ? cio.RHFILE : cio.WNDFILE;
    if (!series) continue;
    series.values.forEach((v, k) => {
      const col = `${file}#${k + 1}`;
      const values = cut(file, series.dates, v);
      if (!values) return;
      stationRows.push({ variable, file, gage: k + 1, name: `${variable}${k + 1}`, lat: null, lon: null, elevation: null, columns: [col] });
      columns.push({ name: col, values, decimals: 3 });
    });
  }
  if (weatherProblems.length) throw new ImportProblems(weatherProblems);

  const plantNames = new Map<string, string>();
  const dbs = project.databases as unknown as { plant?: { CPNM: string; description?: string }[]; urban?: { URBNAME?: string; URBFLNM?: string }[] } | undefined;
  for (const p of dbs?.plant ?? []) if (p.description) plantNames.set(p.CPNM.trim(), p.description.trim());
  const descriptor: DatasetDescriptor = {
    key: meta.key,
    name: meta.name,
    description: meta.description,
    attribution: meta.attribution,
    version: '1',
    optionGroup: 'User-submitted datasets',
    optionOrder: 0,
    loadByDefault: false,
    bounds: { minLat: round(b.minLat - 0.005, 3), maxLat: round(b.maxLat + 0.005, 3), minLon: round(b.minLon - 0.005, 3), maxLon: round(b.maxLon + 0.005, 3) },
    minCn2: null,
    maxCn2: null,
    iclusHruThreshold: null,
    defaultHruThreshold: null,
    endingSubbasin,
    landUses: [...landUseArea.keys()].sort().map((code) => ({ code, name: plantNames.get(code) ?? code, isWater: code === 'WATR' })),
    soils: [...soils.values()].sort((a, z) => a.name.localeCompare(z.name)),
    weather: stationRows.length
      ? [{ key: 'weather', name: `${meta.name} weather ${yyyydddToIso(first).slice(0, 4)}–${String(lastYear)}`, startDate: yyyydddToIso(first), endDate: yyyydddToIso(last), file: 'weather.csv', stations: stationRows }]
      : [],
    calibrations: [],
    counts: { subbasins: subFeatures.length, hrus: hrus.length, areaKm2: round(totalKm2, 4) },
  };
  const weatherCsv: Record<string, string> = stationRows.length ? { weather: formatWeatherCsv(yyyydddToIso(first), columns) } : {};
  const reservoirs = project.fig.commands.filter((c) => c.icode === 3).length;
  const pointSources = project.fig.commands.filter((c) => [6, 7, 8, 10, 11].includes(c.icode)).length;
  return {
    files: { descriptor, subbasins: { type: 'FeatureCollection', features: subFeatures }, streams: { type: 'FeatureCollection', features: streamFeatures }, outline, regions, hrus, swat, weatherCsv, observedCsv: {} },
    summary: { subbasins: subFeatures.length, hrus: hrus.length, areaKm2: round(totalKm2, 4), weatherStations: stationRows.length, weatherDays: numDays, schematic: !!schematic, projection: shapes?.projection ?? null, reservoirs, pointSources },
  };
}
