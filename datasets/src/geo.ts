// Small planar geometry helpers on GeoJSON lon/lat coordinates: bounding boxes, areas
// (spherical approximation for km²), a point inside a polygon, point-in-polygon, and the
// outline (dissolve) of polygons that share exact edges (raster-derived subbasins, grids).
export type Position = [number, number];
export type Ring = Position[];
export type Polygon = { type: 'Polygon'; coordinates: Ring[] };
export type MultiPolygon = { type: 'MultiPolygon'; coordinates: Ring[][] };
export type LineString = { type: 'LineString'; coordinates: Position[] };
export type MultiLineString = { type: 'MultiLineString'; coordinates: Position[][] };
export type Geometry = Polygon | MultiPolygon | LineString | MultiLineString | { type: string; coordinates: unknown };
export type Feature<G = Geometry, P = Record<string, unknown>> = { type: 'Feature'; properties: P; geometry: G };
export type FeatureCollection<G = Geometry, P = Record<string, unknown>> = { type: 'FeatureCollection'; features: Feature<G, P>[] };
export type BBox = { minLon: number; minLat: number; maxLon: number; maxLat: number };

export function polygonsOf(g: Geometry): Ring[][] {
  if (g.type === 'Polygon') return [(g as Polygon).coordinates];
  if (g.type === 'MultiPolygon') return (g as MultiPolygon).coordinates;
  return [];
}

export function bboxOf(g: Geometry, into?: BBox): BBox {
  const b = into ?? { minLon: Infinity, minLat: Infinity, maxLon: -Infinity, maxLat: -Infinity };
  const visit = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number') {
      const [x, y] = c as Position;
      if (x < b.minLon) b.minLon = x;
      if (x > b.maxLon) b.maxLon = x;
      if (y < b.minLat) b.minLat = y;
      if (y > b.maxLat) b.maxLat = y;
    } else if (Array.isArray(c)) for (const e of c) visit(e);
  };
  visit(g.coordinates);
  return b;
}

/** Signed shoelace area of a ring in degrees² (positive counter-clockwise). */
export function ringAreaDeg(r: Ring): number {
  let s = 0;
  for (let i = 0, j = r.length - 1; i < r.length; j = i++) s += (r[j]![0] - r[i]![0]) * (r[j]![1] + r[i]![1]);
  return s / 2;
}

const R = 6371.0088; // km
/** Area of a ring in km² on the sphere (the formula of Chamberlain & Duquette, as turf uses). */
export function ringAreaKm2(r: Ring): number {
  let s = 0;
  const n = r.length;
  if (n < 3) return 0;
  for (let i = 0; i < n; i++) {
    const p1 = r[i]!;
    const p2 = r[(i + 1) % n]!;
    const p3 = r[(i + 2) % n]!;
    s += (rad(p3[0]) - rad(p1[0])) * Math.sin(rad(p2[1]));
  }
  return Math.abs((s * R * R) / 2);
}
const rad = (d: number) => (d * Math.PI) / 180;

export function areaKm2(g: Geometry): number {
  let a = 0;
  for (const poly of polygonsOf(g)) poly.forEach((ring, i) => (a += i === 0 ? ringAreaKm2(ring) : -ringAreaKm2(ring)));
  return a;
}

export function lineLengthKm(g: Geometry): number {
  const lines = g.type === 'LineString' ? [(g as LineString).coordinates] : g.type === 'MultiLineString' ? (g as MultiLineString).coordinates : [];
  let km = 0;
  for (const l of lines) for (let i = 1; i < l.length; i++) km += haversineKm(l[i - 1]!, l[i]!);
  return km;
}

export function haversineKm(a: Position, b: Position): number {
  const dLat = rad(b[1] - a[1]);
  const dLon = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

function inRing(x: number, y: number, r: Ring): boolean {
  let inside = false;
  for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
    const xi = r[i]![0], yi = r[i]![1], xj = r[j]![0], yj = r[j]![1];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether the point (lon, lat) is inside the polygon (holes excluded). */
export function pointInGeometry(lon: number, lat: number, g: Geometry): boolean {
  for (const poly of polygonsOf(g)) {
    if (!poly[0] || !inRing(lon, lat, poly[0])) continue;
    let inHole = false;
    for (let k = 1; k < poly.length; k++) if (inRing(lon, lat, poly[k]!)) inHole = true;
    if (!inHole) return true;
  }
  return false;
}

/** A point inside the (largest) polygon: the middle of the widest interior run of a horizontal
 * scan line through the polygon's area-weighted centre (the centroid itself may fall outside a
 * concave subbasin). Used as the end of routing connections on the map. */
export function labelPoint(g: Geometry): Position {
  const polys = polygonsOf(g);
  let best: Ring[] | undefined;
  let bestA = -1;
  for (const p of polys) {
    const a = Math.abs(ringAreaDeg(p[0]!));
    if (a > bestA) (bestA = a), (best = p);
  }
  if (!best) return [0, 0];
  const outer = best[0]!;
  // area-weighted centroid of the outer ring
  let cx = 0, cy = 0, a2 = 0;
  for (let i = 0, j = outer.length - 1; i < outer.length; j = i++) {
    const f = outer[j]![0] * outer[i]![1] - outer[i]![0] * outer[j]![1];
    cx += (outer[j]![0] + outer[i]![0]) * f;
    cy += (outer[j]![1] + outer[i]![1]) * f;
    a2 += f;
  }
  if (a2 !== 0) (cx /= 3 * a2), (cy /= 3 * a2);
  if (pointInGeometry(cx, cy, { type: 'Polygon', coordinates: best })) return [cx, cy];
  // scan line at cy (nudged off vertices): the widest inside interval
  const b = bboxOf({ type: 'Polygon', coordinates: best });
  for (const t of [0.5, 0.37, 0.63, 0.25, 0.75, 0.12, 0.88]) {
    const y = a2 !== 0 && t === 0.5 ? cy + (b.maxLat - b.minLat) * 1e-7 : b.minLat + (b.maxLat - b.minLat) * t + (b.maxLat - b.minLat) * 1e-7;
    const xs: number[] = [];
    for (const ring of best)
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const yi = ring[i]![1], yj = ring[j]![1];
        if (yi > y !== yj > y) xs.push(ring[i]![0] + ((y - yi) * (ring[j]![0] - ring[i]![0])) / (yj - yi));
      }
    xs.sort((p, q) => p - q);
    let bestW = -1, mx = 0;
    for (let k = 0; k + 1 < xs.length; k += 2) if (xs[k + 1]! - xs[k]! > bestW) (bestW = xs[k + 1]! - xs[k]!), (mx = (xs[k]! + xs[k + 1]!) / 2);
    if (bestW > 0) return [mx, y];
  }
  return outer[0]!;
}

/** The outline of polygons that tile a region with exactly shared edges: directed edges that
 * appear in both directions (interior boundaries) cancel, the rest chain into rings. Returns
 * undefined when the edges do not close into rings (edges not shared exactly), so callers can
 * fall back to the polygons themselves. */
export function dissolve(geoms: Geometry[]): Polygon | MultiPolygon | undefined {
  const key = (p: Position) => `${p[0]},${p[1]}`;
  const edges = new Map<string, [Position, Position]>();
  for (const g of geoms)
    for (const poly of polygonsOf(g))
      for (const ring0 of poly) {
        // orient: every ring counter-clockwise for outers, clockwise for holes is not needed —
        // we orient all outer rings CCW and holes CW so interior edges run opposite ways
        const ring = ring0;
        for (let i = 0; i + 1 < ring.length; i++) {
          const a = ring[i]!, b = ring[i + 1]!;
          if (a[0] === b[0] && a[1] === b[1]) continue;
          const fwd = `${key(a)}>${key(b)}`;
          const rev = `${key(b)}>${key(a)}`;
          if (edges.has(rev)) edges.delete(rev);
          else edges.set(fwd, [a, b]);
        }
      }
  const from = new Map<string, [Position, Position][]>();
  for (const e of edges.values()) {
    const k = key(e[0]);
    const l = from.get(k);
    if (l) l.push(e);
    else from.set(k, [e]);
  }
  const rings: Ring[] = [];
  let remaining = edges.size;
  while (remaining > 0) {
    let start: [Position, Position] | undefined;
    for (const l of from.values()) if (l.length) {
      start = l.pop();
      break;
    }
    if (!start) break;
    remaining--;
    const ring: Ring = [start[0], start[1]];
    let cur = start[1];
    for (;;) {
      if (key(cur) === key(ring[0]!)) break;
      const l = from.get(key(cur));
      const next = l?.pop();
      if (!next) return undefined; // open chain: edges were not shared exactly
      remaining--;
      ring.push(next[1]);
      cur = next[1];
    }
    rings.push(simplifyCollinear(ring));
  }
  // outers are the rings oriented like the input outers (GeoJSON RFC 7946: CCW); holes opposite
  const outers = rings.filter((r) => ringAreaDeg(r) > 0);
  const holes = rings.filter((r) => ringAreaDeg(r) <= 0);
  if (!outers.length) {
    // input rings were clockwise: flip the meaning
    return dissolve(geoms.map(reverseRings));
  }
  const polys: Ring[][] = outers.map((o) => [o]);
  for (const h of holes) {
    const p = polys.find((pp) => inRing(h[0]![0], h[0]![1], pp[0]!));
    if (p) p.push(h);
  }
  return polys.length === 1 ? { type: 'Polygon', coordinates: polys[0]! } : { type: 'MultiPolygon', coordinates: polys };
}

function reverseRings(g: Geometry): Geometry {
  return { type: 'MultiPolygon', coordinates: polygonsOf(g).map((p) => p.map((r) => [...r].reverse())) };
}

function simplifyCollinear(ring: Ring): Ring {
  const out: Ring = [];
  const n = ring.length - 1; // closed
  for (let i = 0; i < n; i++) {
    const p = ring[(i - 1 + n) % n]!, c = ring[i]!, q = ring[(i + 1) % n]!;
    const cross = (c[0] - p[0]) * (q[1] - c[1]) - (c[1] - p[1]) * (q[0] - c[0]);
    if (Math.abs(cross) > 1e-18) out.push(c);
  }
  out.push(out[0]!);
  return out;
}

/** Rings counter-clockwise for outers and clockwise for holes (RFC 7946). */
export function rewind(g: Geometry): Geometry {
  const fix = (poly: Ring[]) => poly.map((r, i) => ((ringAreaDeg(r) > 0) === (i === 0) ? r : [...r].reverse()));
  if (g.type === 'Polygon') return { type: 'Polygon', coordinates: fix((g as Polygon).coordinates) };
  if (g.type === 'MultiPolygon') return { type: 'MultiPolygon', coordinates: (g as MultiPolygon).coordinates.map(fix) };
  return g;
}

export function round(x: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
}
