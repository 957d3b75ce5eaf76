// Synthetic watersheds for scale tests, written in the shipped dataset format (README.md).
//
//   npm run dataset:synthetic -- --subbasins 2000 --hrus 150000 [--out dir] [--seed n]
//                                [--years 2000-2012] [--key k] [--name text]
//
// - Subbasins tile a grid of ~100 km² cells (jagged edges, exactly shared between neighbours:
//   valid, non-overlapping polygons whose union is the outline).
// - Routing: a random spanning tree of the grid's 4-neighbour graph grown from ONE outlet (the
//   middle of the bottom row): connected, acyclic, every subbasin drains to a neighbour.
//   Streams run from each subbasin's centre to the middle of the edge it drains across.
// - HRUs: `--hrus` in total, at least one per subbasin; distinct (land use, soil, slope class)
//   combinations with SWAT land-use codes and soils (hydrologic groups A–D) in regional
//   proportions; fractions sum to 1 per subbasin; CN2 from the land use and the soil's group
//   (ArcSWAT's table), OV_N from the land use, slope length from the slope (ArcSWAT's classes).
// - Weather: precipitation/temperature stations every ~7×7 cells, one solar/humidity/wind
//   station per ~400 subbasins, daily series (a wet/dry Markov chain, seasonal temperatures).
// - SWAT parameters: soil (.sol) and management (.mgt) templates and dataset defaults come from
//   the shipped LREW dataset; subbasins carry only what differs (SUB_KM, gauges, channel).
// - Deterministic: the same options and seed give byte-identical files.
//
// The platform loads a generated folder (this package imports nothing of the platform):
// `node platform-api/src/cli/load-dataset.ts --synthetic ...` generates and loads in one go;
// the bench calls `writeSynthetic` and the loader itself.
import { readFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { areaKm2, dissolve, labelPoint, round, type Feature, type Geometry, type Position, type Ring } from './geo.ts';
import {
  formatFeatureCollection,
  formatHruCsv,
  formatWeatherCsv,
  writeText,
  type DatasetDescriptor,
  type HruRow,
  type StationDescriptor,
  type StreamProps,
  type SubbasinProps,
  type SwatInputs,
} from './format.ts';
import { seededRandom } from '@headwater/swat/hru/synthetic.ts';

export type SyntheticOptions = {
  subbasins: number;
  hrus: number;
  seed?: number;
  /** first and last year of the weather (default 2000–2012, as LREW) */
  years?: [number, number];
  key?: string;
  name?: string;
  /** regions besides 'Whole watershed' (regional project runs): the outlet's largest upstream
   * branches, one region each, and — with 2 or more — one region of the two largest together
   * (two outlets). Default 0. */
  regions?: number;
};

/** A deterministic value in [0,1) from integers (for shared vertices: both neighbours agree). */
function hash01(seed: number, a: number, b: number, c = 0): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(a + 0x632be5ab, 0xc2b2ae35) ^ Math.imul(b + 0x1b873593, 0x27d4eb2f) ^ Math.imul(c + 0x165667b1, 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

export const LAND_USES: { code: string; name: string; share: number; cn2: [number, number, number, number]; ovN: number; template: string; isWater?: boolean }[] = [
  { code: 'AGRL', name: 'Agricultural Land-Generic', share: 0.1, cn2: [67, 77, 83, 87], ovN: 0.14, template: 'AGRL' },
  { code: 'CORN', name: 'Corn', share: 0.12, cn2: [67, 78, 85, 89], ovN: 0.14, template: 'AGRL' },
  { code: 'SOYB', name: 'Soybean', share: 0.1, cn2: [67, 78, 85, 89], ovN: 0.14, template: 'AGRL' },
  { code: 'PAST', name: 'Pasture', share: 0.12, cn2: [49, 69, 79, 84], ovN: 0.15, template: 'PAST' },
  { code: 'HAY', name: 'Hay', share: 0.05, cn2: [31, 59, 72, 79], ovN: 0.15, template: 'PAST' },
  { code: 'FRSD', name: 'Forest-Deciduous', share: 0.15, cn2: [45, 66, 77, 83], ovN: 0.1, template: 'FRSD' },
  { code: 'FRSE', name: 'Forest-Evergreen', share: 0.08, cn2: [25, 55, 70, 77], ovN: 0.1, template: 'FRSE' },
  { code: 'FRST', name: 'Forest-Mixed', share: 0.05, cn2: [36, 60, 73, 79], ovN: 0.1, template: 'FRSD' },
  { code: 'RNGE', name: 'Range-Grasses', share: 0.05, cn2: [49, 69, 79, 84], ovN: 0.15, template: 'PAST' },
  { code: 'URLD', name: 'Residential-Low Density', share: 0.05, cn2: [31, 59, 72, 79], ovN: 0.1, template: 'URLD' },
  { code: 'URMD', name: 'Residential-Medium Density', share: 0.02, cn2: [31, 59, 72, 79], ovN: 0.1, template: 'URLD' },
  { code: 'UIDU', name: 'Industrial', share: 0.01, cn2: [31, 59, 72, 79], ovN: 0.1, template: 'URLD' },
  { code: 'WATR', name: 'Water', share: 0.02, cn2: [92, 92, 92, 92], ovN: 0.01, template: 'WATR', isWater: true },
  { code: 'WETF', name: 'Wetlands-Forested', share: 0.03, cn2: [45, 66, 77, 83], ovN: 0.05, template: 'WETF' },
  { code: 'WETN', name: 'Wetlands-Non-Forested', share: 0.02, cn2: [49, 69, 79, 84], ovN: 0.05, template: 'WETF' },
];
const GROUPS = ['A', 'B', 'C', 'D'] as const;
const GROUP_SHARE = [0.1, 0.4, 0.3, 0.2];
const TEXTURES: Record<string, string[]> = { A: ['S', 'LS'], B: ['SL', 'LS-SCL', 'L'], C: ['SIL', 'SCL', 'CL'], D: ['C', 'SIC', 'SICL'] };
const SLOPE_CLASSES: { name: string; min: number; max: number; share: number }[] = [
  { name: '0-2', min: 0.002, max: 0.02, share: 0.45 },
  { name: '2-8', min: 0.02, max: 0.08, share: 0.4 },
  { name: '8-9999', min: 0.08, max: 0.3, share: 0.15 },
];

/** ArcSWAT's slope length (SLSUBBSN, m) by slope (m/m). */
export function slopeLength(slope: number): number {
  if (slope <= 0.01) return 121.951;
  if (slope <= 0.02) return 91.463;
  if (slope <= 0.03) return 60.976;
  if (slope <= 0.05) return 24.39;
  if (slope <= 0.08) return 18.293;
  if (slope <= 0.09) return 15.244;
  if (slope <= 0.1) return 12.195;
  if (slope <= 0.12) return 9.146;
  return 6.098;
}

export function cn2For(landuse: string, group: string): number {
  const lu = LAND_USES.find((l) => l.code === landuse);
  if (!lu) throw new Error(`unknown land use ${landuse}`);
  return lu.cn2[GROUPS.indexOf(group as (typeof GROUPS)[number])]!;
}

function pickWeighted(r: () => number, weights: number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  let x = r() * total;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i]!;
    if (x < 0) return i;
  }
  return weights.length - 1;
}

export type SyntheticDataset = {
  descriptor: DatasetDescriptor;
  subbasins: Feature<Geometry, SubbasinProps>[];
  streams: Feature<Geometry, StreamProps>[];
  outline: Geometry;
  hrus: HruRow[];
  swat: SwatInputs;
  weatherCsv: string;
};

const CELL = 0.1; // degrees: ~100 km² at 35°N
const ORIGIN: Position = [-92.0, 33.0];

export function generateSynthetic(opts: SyntheticOptions): SyntheticDataset {
  const n = Math.max(1, Math.floor(opts.subbasins));
  const totalHrus = Math.max(n, Math.floor(opts.hrus));
  const seed = opts.seed ?? 1;
  const r = seededRandom(seed);
  const cols = Math.ceil(Math.sqrt(n));
  const rows = Math.ceil(n / cols);
  const cellOf = (i: number) => ({ c: i % cols, r: Math.floor(i / cols) });
  const index = (c: number, rr: number) => (c >= 0 && c < cols && rr >= 0 && rr < rows && rr * cols + c < n ? rr * cols + c : -1);

  // --- routing: random spanning tree from the outlet (Prim with random priorities) ----------
  const outlet = index(Math.floor(Math.min(cols, n) / 2), 0);
  const down = new Int32Array(n).fill(-2);
  down[outlet] = -1;
  const heap: { p: number; i: number; from: number }[] = [];
  const push = (x: { p: number; i: number; from: number }) => {
    heap.push(x);
    let k = heap.length - 1;
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if (heap[parent]!.p <= heap[k]!.p) break;
      [heap[parent], heap[k]] = [heap[k]!, heap[parent]!];
      k = parent;
    }
  };
  const pop = () => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length) {
      heap[0] = last;
      let k = 0;
      for (;;) {
        const a = 2 * k + 1, b = a + 1;
        let m = k;
        if (a < heap.length && heap[a]!.p < heap[m]!.p) m = a;
        if (b < heap.length && heap[b]!.p < heap[m]!.p) m = b;
        if (m === k) break;
        [heap[m], heap[k]] = [heap[k]!, heap[m]!];
        k = m;
      }
    }
    return top;
  };
  const neighbours = (i: number) => {
    const { c, r: rr } = cellOf(i);
    return [index(c - 1, rr), index(c + 1, rr), index(c, rr - 1), index(c, rr + 1)].filter((j) => j >= 0);
  };
  for (const j of neighbours(outlet)) push({ p: r(), i: j, from: outlet });
  while (heap.length) {
    const { i, from } = pop();
    if (down[i] !== -2) continue;
    down[i] = from;
    // prefer growing upward (away from the outlet row): drainage looks like a basin
    for (const j of neighbours(i)) if (down[j] === -2) push({ p: r() + (cellOf(j).r < cellOf(i).r ? 0.3 : 0), i: j, from: i });
  }
  // depth from the outlet (for elevations)
  const depth = new Int32Array(n).fill(-1);
  const depthOf = (i: number): number => {
    if (depth[i]! >= 0) return depth[i]!;
    const path: number[] = [];
    let k = i;
    while (k >= 0 && depth[k]! < 0) (path.push(k), (k = down[k]!));
    let d = k >= 0 ? depth[k]! : -1;
    for (let p = path.length - 1; p >= 0; p--) depth[path[p]!] = ++d;
    return depth[i]!;
  };

  // --- geometry: jittered grid vertices, edges with 3 jittered interior points -------------
  const vertex = (vc: number, vr: number): Position => [
    round(ORIGIN[0] + (vc + (hash01(seed, vc, vr, 1) - 0.5) * 0.24) * CELL, 6),
    round(ORIGIN[1] + (vr + (hash01(seed, vc, vr, 2) - 0.5) * 0.24) * CELL, 6),
  ];
  // points of the edge from vertex a to vertex b (exclusive of both), stable for both cells
  const edgePoints = (a: [number, number], b: [number, number]): Position[] => {
    const forward = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
    const [p, q] = forward ? [a, b] : [b, a];
    const P = vertex(p[0], p[1]);
    const Q = vertex(q[0], q[1]);
    const dx = Q[0] - P[0], dy = Q[1] - P[1];
    const len = Math.hypot(dx, dy);
    const nx = -dy / len, ny = dx / len;
    const pts: Position[] = [];
    for (let k = 1; k <= 3; k++) {
      const t = k / 4;
      const off = (hash01(seed, p[0] * 2 + q[0] * 3, p[1] * 5 + q[1] * 7, 10 + k) - 0.5) * 0.16 * CELL;
      pts.push([round(P[0] + dx * t + nx * off, 6), round(P[1] + dy * t + ny * off, 6)]);
    }
    return forward ? pts : pts.reverse();
  };
  const cellRing = (i: number): Ring => {
    const { c, r: rr } = cellOf(i);
    const corners: [number, number][] = [
      [c, rr],
      [c + 1, rr],
      [c + 1, rr + 1],
      [c, rr + 1],
    ];
    const ring: Ring = [];
    for (let k = 0; k < 4; k++) {
      const a = corners[k]!, b = corners[(k + 1) % 4]!;
      ring.push(vertex(a[0], a[1]), ...edgePoints(a, b));
    }
    ring.push(ring[0]!);
    return ring;
  };
  // the middle point of the edge between cells i and j (where i drains into j)
  const sharedEdgeMiddle = (i: number, j: number): Position => {
    const a = cellOf(i), b = cellOf(j);
    let e: [[number, number], [number, number]];
    if (b.c === a.c + 1) e = [[a.c + 1, a.r], [a.c + 1, a.r + 1]];
    else if (b.c === a.c - 1) e = [[a.c, a.r], [a.c, a.r + 1]];
    else if (b.r === a.r + 1) e = [[a.c, a.r + 1], [a.c + 1, a.r + 1]];
    else e = [[a.c, a.r], [a.c + 1, a.r]];
    return edgePoints(e[0], e[1])[1]!;
  };

  // --- soils: 4 per 100 subbasins (at least 12), hydrologic groups in regional shares --------
  const numSoils = Math.max(12, Math.min(400, Math.ceil(n / 25)));
  const soils = Array.from({ length: numSoils }, (_, k) => {
    const g = GROUPS[pickWeighted(r, GROUP_SHARE)]!;
    const tx = TEXTURES[g]!;
    return { name: `SYN${String(k + 1).padStart(3, '0')}`, hydGroup: g, texture: tx[Math.floor(r() * tx.length)]! };
  });

  // --- weather stations ---------------------------------------------------------------------
  const stationStep = 7;
  const pcpStations: { name: string; lon: number; lat: number; elev: number }[] = [];
  for (let sr = 0; sr < rows; sr += stationStep)
    for (let sc = 0; sc < cols; sc += stationStep) {
      const lon = ORIGIN[0] + (sc + Math.min(stationStep, cols - sc) / 2) * CELL;
      const lat = ORIGIN[1] + (sr + Math.min(stationStep, rows - sr) / 2) * CELL;
      pcpStations.push({ name: `SYNP${pcpStations.length + 1}`, lon: round(lon, 4), lat: round(lat, 4), elev: 0 });
    }
  const numOther = Math.max(1, Math.ceil(n / 400));
  const nearest = (lon: number, lat: number, list: { lon: number; lat: number }[]) => {
    let best = 0, bd = Infinity;
    list.forEach((s, k) => {
      const d = (s.lon - lon) ** 2 + (s.lat - lat) ** 2;
      if (d < bd) (bd = d), (best = k);
    });
    return best;
  };
  const otherStations = pcpStations.filter((_, k) => k % Math.max(1, Math.ceil(pcpStations.length / numOther)) === 0);

  // --- subbasins --------------------------------------------------------------------------
  const subbasins: Feature<Geometry, SubbasinProps>[] = [];
  const streams: Feature<Geometry, StreamProps>[] = [];
  const swat: SwatInputs = { dataset: {}, subbasins: {}, hrus: {}, soils: {}, landUses: {} };
  const names = Array.from({ length: n }, (_, i) => '0701' + String(i + 1).padStart(8, '0'));
  const areas = new Float64Array(n);
  const centres: Position[] = [];
  for (let i = 0; i < n; i++) {
    const geometry: Geometry = { type: 'Polygon', coordinates: [cellRing(i)] };
    const area = round(areaKm2(geometry), 6);
    areas[i] = area;
    const lp = labelPoint(geometry);
    centres.push([round(lp[0], 6), round(lp[1], 6)]);
    const elevation = round(80 + depthOf(i) * 2.5 + hash01(seed, i, 0, 3) * 15, 2);
    subbasins.push({ type: 'Feature', properties: { number: i + 1, name: names[i]!, downstream: down[i]! >= 0 ? names[down[i]!]! : null, area, elevation }, geometry });
  }
  for (let i = 0; i < n; i++) {
    const end: Position = down[i]! >= 0 ? sharedEdgeMiddle(i, down[i]!) : (() => {
      const { c, r: rr } = cellOf(i);
      return edgePoints([c, rr], [c + 1, rr])[1]!; // the outlet leaves through its bottom edge
    })();
    const line = { type: 'LineString', coordinates: [centres[i]!, end] } as Geometry;
    streams.push({ type: 'Feature', properties: { subbasin: names[i]! }, geometry: line });
    const [lon, lat] = centres[i]!;
    const g = nearest(lon, lat, pcpStations) + 1;
    const o = nearest(lon, lat, otherStations) + 1;
    const chLen = round(Math.hypot((end[0] - lon) * 94, (end[1] - lat) * 111), 3); // km at ~33°N
    swat.subbasins[names[i]!] = {
      sub: { SUB_KM: areas[i], SUB_LAT: lat, SUB_ELEV: subbasins[i]!.properties.elevation, IRGAGE: g, ITGAGE: g, ISGAGE: o, IHGAGE: o, IWGAGE: o, CH_L1: chLen },
      rte: { CH_L2: chLen, CH_W2: round(2 + Math.sqrt(areas[i]!) * 0.8, 3), CH_D: round(0.3 + Math.sqrt(areas[i]!) * 0.05, 3), CH_S2: round(0.001 + hash01(seed, i, 0, 4) * 0.004, 5) },
    };
  }

  // --- HRUs: counts per subbasin, then distinct (land use, soil, slope) combinations ---------
  const weights = Array.from({ length: n }, (_, i) => Math.exp((hash01(seed, i, 0, 5) - 0.5) * 1.2));
  const wsum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.max(1, Math.floor((w / wsum) * totalHrus)));
  let assigned = counts.reduce((a, b) => a + b, 0);
  for (let k = 0; assigned < totalHrus; k = (k + 1) % n) (counts[k]!++, assigned++);
  for (let k = 0; assigned > totalHrus; k = (k + 1) % n) if (counts[k]! > 1) (counts[k]!--, assigned--);

  const hrus: HruRow[] = new Array(totalHrus);
  let h = 0;
  const luShares = LAND_USES.map((l) => l.share);
  for (let i = 0; i < n; i++) {
    const k = counts[i]!;
    // local land-use mix: the regional shares, perturbed per subbasin
    const luW = luShares.map((s, j) => s * Math.exp((hash01(seed, i, j, 6) - 0.5) * 2));
    // local soils: enough for k distinct combinations
    const soilsHere = Math.min(numSoils, Math.max(4, Math.ceil(k / (LAND_USES.length * SLOPE_CLASSES.length)) + 3));
    const soilIdx: number[] = [];
    const start = Math.floor(hash01(seed, i, 0, 7) * numSoils);
    for (let s = 0; s < soilsHere; s++) soilIdx.push((start + s * 7) % numSoils);
    const uniqueSoils = [...new Set(soilIdx)];
    const soilW = uniqueSoils.map((_, s) => Math.exp(-s * 0.35));
    // every combination with its weight, then k drawn without replacement (Efraimidis–Spirakis)
    const combos: { lu: number; so: number; sl: number; key: number }[] = [];
    for (let a = 0; a < LAND_USES.length; a++)
      for (let b = 0; b < uniqueSoils.length; b++)
        for (let c = 0; c < SLOPE_CLASSES.length; c++) {
          const w = luW[a]! * soilW[b]! * SLOPE_CLASSES[c]!.share;
          combos.push({ lu: a, so: b, sl: c, key: Math.pow(r(), 1 / w) });
        }
    combos.sort((x, y) => y.key - x.key);
    const chosen = combos.slice(0, k);
    // fractions: each land use present gets its local share, split between its soil × slope
    // combinations by their weights with noise; the last fraction closes the sum exactly
    const within = chosen.map((cb) => soilW[cb.so]! * SLOPE_CLASSES[cb.sl]!.share * (0.2 + r()));
    const luTotal = new Map<number, number>();
    chosen.forEach((cb, m) => luTotal.set(cb.lu, (luTotal.get(cb.lu) ?? 0) + within[m]!));
    let luSum = 0;
    for (const a of luTotal.keys()) luSum += luW[a]!;
    const fw = chosen.map((cb, m) => (luW[cb.lu]! / luSum) * (within[m]! / luTotal.get(cb.lu)!));
    const fs = fw.reduce((a, b) => a + b, 0);
    let acc = 0;
    chosen.forEach((cb, m) => {
      const fraction = m === chosen.length - 1 ? round(1 - acc, 12) : round(fw[m]! / fs, 12);
      acc += fraction;
      const lu = LAND_USES[cb.lu]!;
      const soil = soils[uniqueSoils[cb.so]!]!;
      const sc = SLOPE_CLASSES[cb.sl]!;
      const slope = round(sc.min + r() * (sc.max - sc.min), 4);
      hrus[h++] = {
        subbasin: names[i]!,
        number: m + 1,
        gisId: `${String(i + 1).padStart(5, '0')}${String(m + 1).padStart(4, '0')}`,
        landuse: lu.code,
        soil: soil.name,
        slopeClass: sc.name,
        slope,
        slopeLength: slopeLength(slope),
        area: round(fraction * areas[i]!, 9),
        fraction,
        cn2: lu.cn2[GROUPS.indexOf(soil.hydGroup as (typeof GROUPS)[number])]!,
        ovN: lu.ovN,
      };
    });
  }

  // --- SWAT templates from the shipped LREW dataset ------------------------------------------
  const lrew = JSON.parse(gunzipSync(readFileSync(join(import.meta.dirname, '..', 'lrew', 'swat.json.gz'))).toString('utf8')) as SwatInputs;
  const lrewDescriptor = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'lrew', 'dataset.json'), 'utf8')) as DatasetDescriptor;
  swat.dataset = { ...lrew.dataset };
  delete (swat.dataset as Record<string, unknown>).fig; // routing is the subbasins' own
  const lrewSoilByGroup = new Map<string, Record<string, unknown>>();
  for (const s of lrewDescriptor.soils ?? []) if (!lrewSoilByGroup.has(s.hydGroup)) lrewSoilByGroup.set(s.hydGroup, lrew.soils[s.name]!);
  for (const s of soils) {
    const t = (lrewSoilByGroup.get(s.hydGroup) ?? Object.values(lrew.soils)[0]!) as { sol: Record<string, unknown> };
    swat.soils[s.name] = { sol: { ...t.sol, SNAM: s.name, HYDGRP: s.hydGroup, TEXTURE: s.texture } };
  }
  const plants = ((lrew.dataset.databases as { plant?: { ICNUM: number; CPNM: string }[] } | undefined)?.plant ?? []) as { ICNUM: number; CPNM: string }[];
  for (const lu of LAND_USES) {
    const t = lrew.landUses[lu.template] as { mgt: Record<string, unknown> & { operations?: Record<string, unknown>[] } } | undefined;
    if (!t) continue;
    const plant = plants.find((p) => p.CPNM?.trim() === lu.code);
    const mgt = { ...t.mgt };
    if (plant && lu.template !== lu.code) {
      if (mgt.PLANT_ID) mgt.PLANT_ID = plant.ICNUM;
      mgt.operations = (t.mgt.operations ?? []).map((op) => (op.op === 1 ? { ...op, PLANT_ID: plant.ICNUM } : op));
    }
    swat.landUses[lu.code] = { mgt };
  }

  // --- weather --------------------------------------------------------------------------------
  const [y0, y1] = opts.years ?? [2000, 2012];
  const startDate = `${y0}-01-01`;
  const numDays = Math.round((Date.UTC(y1 + 1, 0, 1) - Date.UTC(y0, 0, 1)) / 86_400_000);
  const wr = seededRandom(seed * 7919 + 17);
  const doyOf = (d: number) => {
    const date = new Date(Date.UTC(y0, 0, 1) + d * 86_400_000);
    return (date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000 + 1;
  };
  const season = Float64Array.from({ length: numDays }, (_, d) => Math.sin((2 * Math.PI * (doyOf(d) - 105)) / 365.25));
  const stations: StationDescriptor[] = [];
  const columns: { name: string; values: ArrayLike<number>; decimals: number }[] = [];
  pcpStations.forEach((s, k) => {
    const col = `pcp1.pcp#${k + 1}`;
    const v = new Float64Array(numDays);
    let wet = false;
    for (let d = 0; d < numDays; d++) {
      wet = wr() < (wet ? 0.5 : 0.25 - 0.05 * season[d]!);
      v[d] = wet ? round(-Math.log(1 - wr()) * 10, 1) : 0;
    }
    stations.push({ variable: 'pcp', file: 'pcp1.pcp', gage: k + 1, name: s.name, lat: s.lat, lon: s.lon, elevation: 100, columns: [col] });
    columns.push({ name: col, values: v, decimals: 1 });
  });
  pcpStations.forEach((s, k) => {
    const cols2 = [`tmp1.tmp#${k + 1}:max`, `tmp1.tmp#${k + 1}:min`];
    const tmax = new Float64Array(numDays);
    const tmin = new Float64Array(numDays);
    for (let d = 0; d < numDays; d++) {
      tmax[d] = round(24 + 9 * season[d]! + (wr() - 0.5) * 6, 1);
      tmin[d] = round(tmax[d]! - 9 - wr() * 4, 1);
    }
    stations.push({ variable: 'tmp', file: 'tmp1.tmp', gage: k + 1, name: s.name.replace('SYNP', 'SYNT'), lat: s.lat, lon: s.lon, elevation: 100, columns: cols2 });
    columns.push({ name: cols2[0]!, values: tmax, decimals: 1 }, { name: cols2[1]!, values: tmin, decimals: 1 });
  });
  for (const [variable, file, gen] of [
    ['slr', 'slr.slr', (d: number) => round(Math.max(1, 17 + 8 * season[d]! + (wr() - 0.5) * 8), 3)],
    ['hmd', 'hmd.hmd', (d: number) => round(Math.min(1, Math.max(0.2, 0.72 + 0.05 * season[d]! + (wr() - 0.5) * 0.2)), 3)],
    ['wnd', 'wnd.wnd', () => round(Math.max(0.2, 3 + (wr() - 0.5) * 3), 3)],
  ] as const) {
    otherStations.forEach((s, k) => {
      const col = `${file}#${k + 1}`;
      const v = Float64Array.from({ length: numDays }, (_, d) => gen(d));
      stations.push({ variable, file, gage: k + 1, name: `${variable}${k + 1}`, lat: s.lat, lon: s.lon, elevation: null, columns: [col] });
      columns.push({ name: col, values: v, decimals: 3 });
    });
  }

  const outline = dissolve(subbasins.map((f) => f.geometry));
  if (!outline) throw new Error('synthetic polygons do not tile (bug)');
  const lons = subbasins.flatMap((f) => (f.geometry.coordinates as Position[][])[0]!.map((p) => p[0]));
  const lats = subbasins.flatMap((f) => (f.geometry.coordinates as Position[][])[0]!.map((p) => p[1]));
  const totalKm2 = areas.reduce((a, b) => a + b, 0);
  const key = opts.key ?? `synthetic-${n}-${totalHrus}-s${seed}`;
  const descriptor: DatasetDescriptor = {
    key,
    name: opts.name ?? `Synthetic watershed (${n} subbasins, ${totalHrus} HRUs)`,
    description: `Generated by datasets/src/synthetic.ts (seed ${seed}): ${n} subbasins on a grid, one outlet, ${totalHrus} HRUs, weather ${y0}–${y1}. For scale tests; not a real place.`,
    attribution: 'Synthetic data (Headwater generator); SWAT templates from the LREW dataset (USDA-ARS).',
    version: '1',
    optionGroup: 'Synthetic datasets',
    optionOrder: 100,
    loadByDefault: false,
    bounds: { minLat: round(Math.min(...lats), 4), maxLat: round(Math.max(...lats), 4), minLon: round(Math.min(...lons), 4), maxLon: round(Math.max(...lons), 4) },
    minCn2: null,
    maxCn2: null,
    iclusHruThreshold: null,
    defaultHruThreshold: null,
    endingSubbasin: names[outlet]!,
    landUses: LAND_USES.map((l) => ({ code: l.code, name: l.name, isWater: !!l.isWater })),
    soils,
    weather: [{ key: 'weather', name: `Synthetic weather ${y0}–${y1}`, startDate, endDate: `${y1}-12-31`, file: 'weather.csv', stations }],
    calibrations: [
      {
        group: 'Synthetic gauges',
        groupKey: 'synthetic',
        name: `Synthetic outlet gauge (${n} subbasins)`,
        description: 'A gauge at the outlet of the generated watershed.',
        endingSubbasin: names[outlet]!,
        startingSubbasins: [],
        sites: [{ number: `SYN${seed}`, name: 'Synthetic outlet gauge', isUsgsSite: false, lat: centres[outlet]![1], lon: centres[outlet]![0], data: [{ name: 'Drainage area', value: `${totalKm2.toFixed(1)} km²` }] }],
      },
    ],
    counts: { subbasins: n, hrus: totalHrus, areaKm2: round(totalKm2, 3) },
  };
  return { descriptor, subbasins, streams, outline, hrus, swat, weatherCsv: formatWeatherCsv(startDate, columns) };
}

/** Regions of the outlet's largest upstream branches (a branch: a subbasin draining into the
 * outlet and everything above it), and one of the two largest together (several outlets). */
function branchRegions(ds: SyntheticDataset, count: number): Feature<Geometry, { name: string; endingSubbasins: string[] }>[] {
  if (count <= 0) return [];
  const outlet = ds.descriptor.endingSubbasin;
  const above = new Map<string, string[]>();
  for (const f of ds.subbasins) if (f.properties.downstream) above.set(f.properties.downstream, [...(above.get(f.properties.downstream) ?? []), f.properties.name]);
  const branch = (top: string) => {
    const names: string[] = [];
    for (const stack = [top]; stack.length; ) {
      const n = stack.pop()!;
      names.push(n);
      stack.push(...(above.get(n) ?? []));
    }
    return names;
  };
  const geometryOf = new Map(ds.subbasins.map((f) => [f.properties.name, f.geometry]));
  const branches = (above.get(outlet!) ?? []).map((top) => ({ top, names: branch(top) })).sort((a, b) => b.names.length - a.names.length || (a.top < b.top ? -1 : 1));
  const region = (name: string, parts: typeof branches) => {
    const geometry = dissolve(parts.flatMap((b) => b.names.map((n) => geometryOf.get(n)!)));
    return geometry ? [{ type: 'Feature' as const, properties: { name, endingSubbasins: parts.map((b) => b.top) }, geometry }] : [];
  };
  const out = branches.slice(0, count).flatMap((b, i) => region(`Branch ${i + 1} (above subbasin ${b.top})`, [b]));
  if (count >= 2 && branches.length >= 2) out.push(...region('Branches 1 and 2', branches.slice(0, 2)));
  return out;
}

/** Generates and writes a dataset folder; large files are gzipped. Returns the folder. */
export function writeSynthetic(dir: string, opts: SyntheticOptions): { dir: string; dataset: SyntheticDataset } {
  const ds = generateSynthetic(opts);
  mkdirSync(dir, { recursive: true });
  writeText(dir, 'dataset.json', JSON.stringify(ds.descriptor, null, 2) + '\n');
  writeText(dir, 'subbasins.geojson', formatFeatureCollection({ type: 'FeatureCollection', features: ds.subbasins }), true);
  writeText(dir, 'streams.geojson', formatFeatureCollection({ type: 'FeatureCollection', features: ds.streams }), true);
  const outline = { type: 'FeatureCollection' as const, features: [{ type: 'Feature' as const, properties: { name: ds.descriptor.name }, geometry: ds.outline }] };
  writeText(dir, 'outline.geojson', formatFeatureCollection(outline), true);
  writeText(dir, 'regions.geojson', formatFeatureCollection({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { name: 'Whole watershed', endingSubbasins: [ds.descriptor.endingSubbasin] }, geometry: ds.outline }, ...branchRegions(ds, opts.regions ?? 0)] }), true);
  writeText(dir, 'hrus.csv', formatHruCsv(ds.hrus), true);
  writeText(dir, 'swat.json', JSON.stringify(ds.swat), true);
  writeText(dir, 'weather.csv', ds.weatherCsv, true);
  return { dir, dataset: ds };
}

function parseArgs(argv: string[]) {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const subbasins = Number(get('subbasins') ?? 2000);
  const hrus = Number(get('hrus') ?? subbasins * 75);
  const seed = Number(get('seed') ?? 1);
  const years = get('years')?.split('-').map(Number) as [number, number] | undefined;
  if (!Number.isInteger(subbasins) || subbasins < 1 || !Number.isInteger(hrus) || hrus < subbasins || !Number.isInteger(seed))
    throw new Error('usage: synthetic.ts --subbasins N --hrus M (M >= N) [--seed n] [--out dir] [--years 2000-2012] [--key k] [--name text]');
  if (argv.includes('--load')) throw new Error('--load moved to the platform: DATABASE_URL=... node platform-api/src/cli/load-dataset.ts --synthetic --subbasins N --hrus M [...] (or load-dataset.ts <dir>)');
  return { subbasins, hrus, seed, years, out: get('out'), key: get('key'), name: get('name') };
}

if (import.meta.main) {
  let a: ReturnType<typeof parseArgs>;
  try {
    a = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const root = resolve(import.meta.dirname, '..', '..');
  const dir = resolve(a.out ?? join(root, 'data', 'datasets', `synthetic-${a.subbasins}-${a.hrus}-s${a.seed}`));
  const t0 = performance.now();
  const { dataset } = writeSynthetic(dir, { subbasins: a.subbasins, hrus: a.hrus, seed: a.seed, years: a.years, key: a.key, name: a.name });
  console.log(`wrote ${dir}: ${dataset.subbasins.length} subbasins, ${dataset.hrus.length} HRUs, ${dataset.descriptor.counts!.areaKm2} km², outlet ${dataset.descriptor.endingSubbasin} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}
