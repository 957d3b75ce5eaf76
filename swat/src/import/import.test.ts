// Reading uploaded projects: the routing network from fig.fig (LREW: 1 → 3, 2 → 3; the HAWQS
// export's reservoirs and point sources on the way), the schematic without shapes, the Albers
// shapefiles of LREW reprojected by their .prj, and what an unpacked upload is.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, fixtureProject } from '../../test/fixtures.ts';
import { parseFig } from '../txtinout/fig.ts';
import { detectUpload, readProjectShapes, routingOf, routingSchematic, subbasinField } from './index.ts';

const lrew = fixtureProject('lrew_swat2012');
const hawqs = join(FIXTURES, 'hawqs_huc0701_rev670', 'TxtInOut');
const work = mkdtempSync(join(tmpdir(), 'hw-import-'));
afterAll(() => {
  rmSync(lrew, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

describe('routing from fig.fig', () => {
  it('LREW: subbasins 1 and 2 drain to 3, the outlet', () => {
    const r = routingOf(parseFig(readFileSync(join(lrew, 'fig.fig'), 'latin1')));
    expect(Object.fromEntries(r.downstream)).toEqual({ 1: 3, 2: 3 });
    expect(r.outlets).toEqual([3]);
    expect(r.subbasins).toEqual([1, 2, 3]);
    expect(r.lineOf.get(1)).toBe(1);
  });
  it('HAWQS: through point sources (reccnst + add) and reservoirs (routres), one outlet', () => {
    const r = routingOf(parseFig(readFileSync(join(hawqs, 'fig.fig'), 'latin1')));
    expect(r.subbasins).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // reach 2 goes through reservoir 1 into reach 1 (fig.fig: route 2 → routres → add → route 1)
    expect(r.downstream.get(2)).toBe(1);
    expect(r.outlets).toHaveLength(1);
    expect(r.subbasins.filter((n) => !r.downstream.has(n))).toEqual(r.outlets);
  });
});

describe('the schematic', () => {
  it('one square per subbasin, each above the one it drains to, streams towards it', () => {
    const r = routingOf(parseFig(readFileSync(join(lrew, 'fig.fig'), 'latin1')));
    const s = routingSchematic(r, [-83.6, 31.6]);
    expect(s.map((f) => f.number)).toEqual([1, 2, 3]);
    const y = (n: number) => s.find((f) => f.number === n)!.centre[1];
    expect(y(1)).toBeGreaterThan(y(3));
    expect(y(2)).toBeGreaterThan(y(3));
    for (const f of s) expect(f.polygon[0]).toHaveLength(5);
    const one = s.find((f) => f.number === 1)!;
    expect(one.stream[1]![1]).toBeLessThan(one.centre[1]); // towards subbasin 3, below
  });
});

describe('shapefiles', () => {
  it('LREW subbasins and streams in Albers, reprojected to WGS84 by their .prj', async () => {
    const shapes = await readProjectShapes(join(FIXTURES, 'lrew_swat2012_shapes'));
    expect(shapes!.projection).toBe('NAD_1983_Contiguous_USA_Albers');
    expect(shapes!.subbasins.map((f) => subbasinField(f.properties)).sort()).toEqual([1, 2, 3]);
    expect(shapes!.streams).toHaveLength(3);
    const ring = (shapes!.subbasins[0]!.geometry.coordinates as number[][][])[0]!;
    for (const [lon, lat] of ring) {
      expect(lon).toBeGreaterThan(-83.8);
      expect(lon).toBeLessThan(-83.4);
      expect(lat).toBeGreaterThan(31.4);
      expect(lat).toBeLessThan(31.8);
    }
  });
});

describe('what an upload is', () => {
  it('an ArcSWAT project folder, a bare TxtInOut, a HAWQS export; databases noticed', () => {
    const arc = join(work, 'arc');
    cpSync(lrew, join(arc, 'Proj', 'Scenarios', 'Default', 'TxtInOut'), { recursive: true });
    cpSync(join(FIXTURES, 'lrew_swat2012_shapes'), join(arc, 'Proj', 'Watershed', 'Shapes'), { recursive: true });
    writeFileSync(join(arc, 'Proj', 'Proj.mdb'), 'Standard Jet DB');
    mkdirSync(join(arc, 'Proj', 'Scenarios', 'Old', 'TxtInOut'), { recursive: true });
    writeFileSync(join(arc, 'Proj', 'Scenarios', 'Old', 'TxtInOut', 'file.cio'), 'old copy');
    expect(detectUpload(arc)).toMatchObject({ kind: 'arcswat', txtInOut: 'Proj/Scenarios/Default/TxtInOut', shapes: 'Proj/Watershed/Shapes', hasEndingSubKey: true, endingSubbasinName: '3', hasSwatMdb: true, projectMdbName: 'Proj.mdb', isSqlite: false });

    const bare = join(work, 'bare');
    cpSync(lrew, bare, { recursive: true });
    writeFileSync(join(bare, 'project.sqlite'), Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(100)]));
    expect(detectUpload(bare)).toMatchObject({ kind: 'txtinout', txtInOut: '', shapes: undefined, isSqlite: true, projectMdbName: 'project.sqlite' });

    expect(detectUpload(join(hawqs, '..'))).toMatchObject({ kind: 'hawqs', txtInOut: 'TxtInOut', hasEndingSubKey: true });
    expect(() => detectUpload(join(FIXTURES, 'lrew_swat2012_shapes'))).toThrow(/no TxtInOut folder with a file.cio/);
  });
});
