// The synthetic-watershed generator: routing tree, HRU fractions and areas, geometry, weather,
// determinism, and a round trip through the shipped format.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaKm2, dissolve, pointInGeometry, ringAreaDeg, type Polygon } from '../src/geo.ts';
import { readDatasetDir, parseWeatherCsv } from '../src/format.ts';
import { cn2For, generateSynthetic, LAND_USES, slopeLength, writeSynthetic } from '../src/synthetic.ts';

const ds = generateSynthetic({ subbasins: 300, hrus: 12_000, seed: 7, years: [2000, 2001] });

describe('synthetic watershed', () => {
  it('has a connected routing tree with one outlet', () => {
    const names = new Set(ds.subbasins.map((f) => f.properties.name));
    expect(names.size).toBe(300);
    const outlets = ds.subbasins.filter((f) => f.properties.downstream === null);
    expect(outlets.length).toBe(1);
    expect(outlets[0]!.properties.name).toBe(ds.descriptor.endingSubbasin);
    const down = new Map(ds.subbasins.map((f) => [f.properties.name, f.properties.downstream]));
    // every subbasin reaches the outlet without a cycle
    for (const start of names) {
      let cur: string | null = start;
      const seen = new Set<string>();
      while (cur !== null) {
        expect(seen.has(cur), `cycle at ${cur}`).toBe(false);
        seen.add(cur);
        const next: string | null | undefined = down.get(cur);
        expect(next === null || names.has(next!)).toBe(true);
        cur = next ?? null;
      }
      expect([...seen].pop()).toBe(ds.descriptor.endingSubbasin);
    }
  });

  it('has HRU fractions summing to 1 and areas consistent with the subbasins', () => {
    expect(ds.hrus.length).toBe(12_000);
    const bySub = new Map<string, { f: number; a: number; n: number; combos: Set<string> }>();
    for (const h of ds.hrus) {
      const s = bySub.get(h.subbasin) ?? { f: 0, a: 0, n: 0, combos: new Set() };
      s.f += h.fraction;
      s.a += h.area;
      s.n++;
      s.combos.add(`${h.landuse}|${h.soil}|${h.slopeClass}`);
      bySub.set(h.subbasin, s);
      expect(h.fraction).toBeGreaterThan(0);
      expect(h.area).toBeGreaterThan(0);
    }
    expect(bySub.size).toBe(300); // every subbasin has at least one HRU
    for (const f of ds.subbasins) {
      const s = bySub.get(f.properties.name)!;
      expect(Math.abs(s.f - 1)).toBeLessThan(1e-9);
      expect(Math.abs(s.a - f.properties.area)).toBeLessThan(1e-6 * f.properties.area);
      expect(s.combos.size).toBe(s.n); // distinct land use × soil × slope class
      expect(Math.abs(areaKm2(f.geometry) - f.properties.area)).toBeLessThan(1e-5);
    }
  });

  it('uses SWAT land-use codes in plausible proportions, CN2 from land use and soil group, slope lengths', () => {
    const area = new Map<string, number>();
    let total = 0;
    for (const h of ds.hrus) {
      area.set(h.landuse, (area.get(h.landuse) ?? 0) + h.area);
      total += h.area;
    }
    for (const lu of LAND_USES) {
      const share = (area.get(lu.code) ?? 0) / total;
      expect(share, lu.code).toBeGreaterThan(lu.share / 4);
      expect(share, lu.code).toBeLessThan(lu.share * 4);
    }
    const soils = new Map(ds.descriptor.soils!.map((s) => [s.name, s.hydGroup]));
    expect(new Set(soils.values())).toEqual(new Set(['A', 'B', 'C', 'D']));
    for (const h of ds.hrus.slice(0, 2000)) {
      expect(h.cn2).toBe(cn2For(h.landuse, soils.get(h.soil)!));
      expect(h.slopeLength).toBe(slopeLength(h.slope));
      if (h.landuse === 'WATR') expect(h.ovN).toBe(0.01);
    }
    expect(cn2For('FRSE', 'A')).toBeLessThan(cn2For('FRSE', 'D'));
  });

  it('tiles valid, non-overlapping polygons whose union is one outline', () => {
    for (const f of ds.subbasins) {
      const ring = (f.geometry as Polygon).coordinates[0]!;
      expect(ringAreaDeg(ring)).toBeGreaterThan(0); // counter-clockwise (RFC 7946)
      // no self-intersection: no two non-adjacent edges cross
      for (let i = 0; i + 1 < ring.length; i++)
        for (let j = i + 2; j + 1 < ring.length; j++) {
          if (i === 0 && j === ring.length - 2) continue;
          expect(crosses(ring[i]!, ring[i + 1]!, ring[j]!, ring[j + 1]!), `${f.properties.name} edges ${i},${j}`).toBe(false);
        }
    }
    // the label point of each subbasin lies in it and in no other
    for (const f of ds.subbasins.slice(0, 60)) {
      const ring = (f.geometry as Polygon).coordinates[0]!;
      const cx = ring.reduce((a, p) => a + p[0], 0) / ring.length;
      const cy = ring.reduce((a, p) => a + p[1], 0) / ring.length;
      const hits = ds.subbasins.filter((g) => pointInGeometry(cx, cy, g.geometry));
      expect(hits.map((g) => g.properties.name)).toEqual([f.properties.name]);
    }
    const outline = dissolve(ds.subbasins.map((f) => f.geometry))!;
    expect(outline.type).toBe('Polygon');
    const total = ds.subbasins.reduce((a, f) => a + f.properties.area, 0);
    expect(areaKm2(outline)).toBeCloseTo(total, 3);
  });

  it('writes streams and weather for every subbasin and station', () => {
    expect(ds.streams.length).toBe(300);
    const w = parseWeatherCsv(ds.weatherCsv);
    expect(w.startDate).toBe('2000-01-01');
    expect(w.numDays).toBe(731);
    for (const s of ds.descriptor.weather![0]!.stations) for (const c of s.columns) expect(w.columns.get(c)?.length, c).toBe(731);
    const pcp = w.columns.get('pcp1.pcp#1')!;
    const wet = pcp.filter((v) => v > 0).length / pcp.length;
    expect(wet).toBeGreaterThan(0.15);
    expect(wet).toBeLessThan(0.5);
    const gauges = Object.values(ds.swat.subbasins).map((s) => (s.sub as { IRGAGE: number }).IRGAGE);
    const nPcp = ds.descriptor.weather![0]!.stations.filter((s) => s.variable === 'pcp').length;
    expect(gauges.every((g) => g >= 1 && g <= nPcp)).toBe(true);
  });

  it('is deterministic with a seed and differs between seeds', () => {
    const again = generateSynthetic({ subbasins: 300, hrus: 12_000, seed: 7, years: [2000, 2001] });
    expect(JSON.stringify(again.hrus)).toBe(JSON.stringify(ds.hrus));
    expect(JSON.stringify(again.subbasins)).toBe(JSON.stringify(ds.subbasins));
    expect(again.weatherCsv).toBe(ds.weatherCsv);
    const other = generateSynthetic({ subbasins: 300, hrus: 12_000, seed: 8, years: [2000, 2001] });
    expect(JSON.stringify(other.subbasins.map((f) => f.properties.downstream))).not.toBe(JSON.stringify(ds.subbasins.map((f) => f.properties.downstream)));
  });

  it('round-trips through the shipped format', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-syn-'));
    try {
      writeSynthetic(dir, { subbasins: 50, hrus: 400, seed: 3, years: [2000, 2000] });
      const files = readDatasetDir(dir);
      expect(files.subbasins.features.length).toBe(50);
      expect(files.hrus.length).toBe(400);
      expect(files.streams.features.length).toBe(50);
      expect(files.outline.features.length).toBe(1);
      expect(Object.keys(files.swat.soils).length).toBe(files.descriptor.soils!.length);
      expect(files.descriptor.counts).toMatchObject({ subbasins: 50, hrus: 400 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

function crosses(a: number[], b: number[], c: number[], d: number[]): boolean {
  const o = (p: number[], q: number[], r: number[]) => Math.sign((q[0]! - p[0]!) * (r[1]! - p[1]!) - (q[1]! - p[1]!) * (r[0]! - p[0]!));
  return o(a, b, c) * o(a, b, d) < 0 && o(c, d, a) * o(c, d, b) < 0;
}
