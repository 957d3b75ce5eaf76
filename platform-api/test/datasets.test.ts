// Datasets and watershed selection through the API (spec 1 §3 map result, §7 datasets/, maps/,
// subbasins/): the demo dataset (LREW) as the seed loads it from datasets/lrew.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSynthetic } from '@headwater/datasets/src/synthetic.ts';
import { cumulativeAreas, loadDatasetDir } from '../src/modules/datasets/loader.ts';
import { seed } from '../src/db/seed.ts';

let app: TestApp;
let admin: string;
let datasetId: number;
type Feature = { properties: Record<string, any>; geometry: { type: string; coordinates: any } };

beforeAll(async () => {
  app = await startTestApp({ memoryQueue: true });
  admin = await app.login();
  const groups = (await app.request('/api/datasets/publiclist')).body;
  datasetId = groups[0].options.find((o: { text: string }) => o.text.includes('Little River')).value;
});
afterAll(async () => app?.close());

const get = (path: string, token = admin) => app.request(`/api${path}`, { token });

describe('the demo dataset', () => {
  it('is listed in publiclist with its attribution, bounds and default ending subbasin', async () => {
    const groups = (await app.request('/api/datasets/publiclist')).body;
    expect(groups[0].label).toBe('System datasets');
    const lrew = groups[0].options.find((o: { value: number }) => o.value === datasetId);
    expect(lrew.text).toContain('Little River');
    expect(lrew.attribution).toContain('Bosch et al. 2007');
    expect(lrew.endingSubbasin).toBe('3');
    expect(lrew.bounds.minLon).toBeLessThan(-83.75);
    expect(lrew.bounds.maxLat).toBeGreaterThan(31.73);
  });

  it('is loaded with 3 subbasins, 134 HRUs, soils, weather 2000–2012 and a calibrated watershed', async () => {
    const db = app.deps.db;
    const d = await db('datasets').where({ id: datasetId }).first();
    expect(d).toMatchObject({ key: 'lrew', numSubbasins: 3, numHrus: 134 });
    expect(d.attribution).toContain('SWATdata');
    expect(d.swat.bsn).toBeTruthy();
    expect(Number((await db('hrus').where({ datasetId }).count('* as n').first())!.n)).toBe(134);
    const soils = await db('soils').where({ datasetId });
    expect(soils.length).toBe(9);
    expect(soils.every((s: { swat: { sol: { layers: unknown[] } } }) => s.swat.sol.layers.length > 0)).toBe(true);
    const subs = await db('subbasins').where({ datasetId }).orderBy('number');
    expect(subs.map((s: { name: string }) => s.name)).toEqual(['1', '2', '3']);
    const total = subs.reduce((a: number, s: { area: number }) => a + s.area, 0);
    expect(total).toBeCloseTo(21.96, 2);
    expect(subs[2].cumulativeArea).toBeCloseTo(total, 9);
    expect(subs[0].downstreamId).toBe(subs[2].id);
    const w = await db('weather_datasets').where({ datasetId }).first();
    expect(w.startDate instanceof Date ? w.startDate.toISOString().slice(0, 10) : String(w.startDate)).toContain('2000-01-01');
    const stations = await db('weather_stations').where({ weatherDatasetId: w.id });
    expect(stations.map((s: { variable: string }) => s.variable).sort()).toEqual(['hmd', 'pcp', 'pcp', 'pcp', 'slr', 'tmp', 'wnd']);
    const pcp = stations.find((s: { variable: string }) => s.variable === 'pcp');
    expect(pcp.numDays).toBe(4749); // 2000-01-01 .. 2012-12-31
    expect(pcp.series.length).toBe(4749 * 4);
  });

  it('seeds idempotently and quickly when already loaded', async () => {
    const t = performance.now();
    await seed(app.deps.db, { ADMIN_USER: 'admin', ADMIN_PASSWORD: 'x' });
    expect(performance.now() - t).toBeLessThan(2000);
    expect((await app.deps.db('datasets').where({ key: 'lrew' })).length).toBe(1);
    expect(Number((await app.deps.db('subbasins').count('* as n').first())!.n)).toBe(3);
  });

  it('gives land-use codes and the outline with regions', async () => {
    const codes = (await app.request(`/api/datasets/cropcodes?id=${datasetId}`)).body;
    expect(codes.map((c: { code: string }) => c.code)).toEqual(['AGRL', 'FRSD', 'FRSE', 'PAST', 'URLD', 'WATR', 'WETF']);
    const res = await get(`/datasets/outlinegeojson/${datasetId}`);
    expect(res.status).toBe(200);
    expect(res.body.outline.type).toBe('FeatureCollection');
    expect(res.body.outline.features[0].geometry.type).toBe('Polygon');
    expect(res.body.regions.features.length).toBe(1);
    expect((await get('/datasets/outlinegeojson/9999')).status).toBe(404);
    expect((await app.request(`/api/datasets/outlinegeojson/${datasetId}`)).status).toBe(401);
  });
});

describe('watershed selection', () => {
  it('maps/subbasin/name/{dataset}/3 gives the 3-subbasin watershed with 134 HRUs and the spec fields', async () => {
    const res = await get(`/maps/subbasin/name/${datasetId}/3`);
    expect(res.status).toBe(200);
    const r = res.body;
    for (const k of ['subbasinsGeoJson', 'streamsGeoJson', 'downstreamSubbasin', 'downstreamID', 'bounds', 'numSubbasins', 'numHrus', 'connections', 'id'])
      expect(r, k).toHaveProperty(k);
    expect(r.numSubbasins).toBe(3);
    expect(r.numHrus).toBe(134);
    expect(r.downstreamSubbasin).toBe('3');
    expect(r.subbasinsGeoJson.type).toBe('FeatureCollection');
    const fs: Feature[] = r.subbasinsGeoJson.features;
    expect(fs.length).toBe(3);
    for (const f of fs) {
      for (const k of ['id', 'name', 'streams', 'area', 'landArea', 'cumulativeArea', 'elevation', 'isDownstream', 'isNearbyOnly']) expect(f.properties, k).toHaveProperty(k);
      expect(f.geometry.type).toBe('Polygon');
      expect(f.properties.isNearbyOnly).toBe(false);
    }
    const down = fs.find((f) => f.properties.isDownstream)!;
    expect(down.properties.name).toBe('3');
    expect(down.properties.id).toBe(r.downstreamID);
    expect(down.properties.cumulativeArea).toBeCloseTo(21.9627, 3);
    expect(r.streamsGeoJson.features.length).toBe(3);
    expect(r.connections.map((c: { fromName: string; toName: string }) => `${c.fromName}>${c.toName}`).sort()).toEqual(['1>3', '2>3']);
    expect(r.connections[0].lineCoordinates).toHaveLength(2);
    expect(r.bounds.minLon).toBeLessThan(r.bounds.maxLon);
  });

  it('coords inside subbasin 1 give subbasin 1 (its watershed is itself, 3 nearby)', async () => {
    // the label point of subbasin 1 lies inside it (computed by the loader)
    const s1 = await app.deps.db('subbasins').where({ datasetId, name: '1' }).first();
    const res = await get(`/maps/coords/${datasetId}/${s1.labelLat}/${s1.labelLon}`);
    expect(res.status).toBe(200);
    expect(res.body.numSubbasins).toBe(1);
    expect(res.body.downstreamSubbasin).toBe('1');
    expect(res.body.numHrus).toBe(41);
    const fs: Feature[] = res.body.subbasinsGeoJson.features;
    // the subbasin it drains to is shown as nearby only
    expect(fs.map((f) => [f.properties.name, f.properties.isNearbyOnly]).sort()).toEqual([
      ['1', false],
      ['3', true],
    ]);
    expect(res.body.connections).toEqual([]);
  });

  it('coords outside the study area give the empty answer', async () => {
    const res = await get(`/maps/coords/${datasetId}/40.0/-100.0`);
    expect(res.status).toBe(200);
    expect(res.body.numSubbasins).toBe(0);
    expect(res.body.downstreamID).toBeNull();
    expect(res.body.subbasinsGeoJson.features).toEqual([]);
    expect((await get(`/maps/subbasin/name/${datasetId}/no-such`)).body.numSubbasins).toBe(0);
    expect((await get(`/maps/coords/${datasetId}/abc/1`)).status).toBe(404);
    expect((await get(`/maps/coords/9999/31.7/-83.7`)).status).toBe(404);
  });

  it('starting subbasins: the ending subbasin is always in, starting ones are kept', async () => {
    const subs = await app.deps.db('subbasins').where({ datasetId }).orderBy('number');
    const [s1, s2, s3] = subs;
    const full = await get(`/maps/subbasin/id/${s3.id}`);
    expect(full.body.numSubbasins).toBe(3);
    // starting at 3 itself is ignored (the ending subbasin is always in)
    const cut = await get(`/maps/subbasin/id/${s3.id}/${s3.id}`);
    expect(cut.body.numSubbasins).toBe(3);
    const res = await get(`/maps/subbasin/id/${s1.id}/${s1.id}`);
    expect(res.body.numSubbasins).toBe(1);
    // LREW has two levels: starting at 1 and 2 keeps all three (a starting subbasin is part of
    // the watershed; what drains into it is not — the deeper cut is tested on a generated dataset)
    const both = await get(`/maps/subbasin/id/${s3.id}/${s1.id},${s2.id}`);
    expect(both.body.numSubbasins).toBe(3);
    expect(both.body.startIDs.sort()).toEqual([s1.id, s2.id].sort());
    expect((await get(`/maps/subbasin/id/999999`)).status).toBe(404);
    expect((await get(`/maps/subbasin/id/${s3.id}/x`)).status).toBe(404);
  });

  it('typeahead matches by prefix, at most 100', async () => {
    const res = await get(`/subbasins/find/${datasetId}/3`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: expect.any(Number), name: '3' }]);
    expect((await get(`/subbasins/find/${datasetId}/%25`)).body).toEqual([]);
    expect((await get(`/subbasins/find/${datasetId}/9`)).body).toEqual([]);
  });

  it('calibrated watersheds: groups, gauge points, and the watershed of one', async () => {
    const res = await get('/maps/calibrated-watersheds');
    expect(res.status).toBe(200);
    expect(res.body.groups[0].options[0]).toMatchObject({ text: expect.stringContaining('gauge J'), datasetID: datasetId });
    expect(res.body.locationPoints[0]).toMatchObject({ number: 'J', isUsgsSite: false });
    const id = res.body.groups[0].options[0].value;
    const one = await get(`/maps/calibrated-watersheds/${id}`);
    expect(one.body.numSubbasins).toBe(3);
    expect(one.body.watershed.locationSites[0].number).toBe('J');
    expect((await get('/maps/calibrated-watersheds/9999')).status).toBe(404);
  });

  it('needs a signed-in user', async () => {
    expect((await app.request(`/api/maps/subbasin/name/${datasetId}/3`)).status).toBe(401);
    expect((await app.request(`/api/subbasins/find/${datasetId}/3`)).status).toBe(401);
    expect((await app.request('/api/datasets/user')).status).toBe(401);
  });
});

describe('a generated dataset (120 subbasins)', () => {
  let dir: string;
  let synId: number;
  let byName: Map<string, { id: number; down: string | null }>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hw-syn-api-'));
    const { dataset } = writeSynthetic(dir, { subbasins: 120, hrus: 1500, seed: 11, years: [2000, 2000] });
    const res = await loadDatasetDir(app.deps.db, dir, { key: 'test-synthetic' });
    expect(res).toMatchObject({ loaded: true, subbasins: 120, hrus: 1500 });
    synId = res.datasetId;
    const rows = await app.deps.db('subbasins').where({ datasetId: synId }).select('id', 'name');
    const ids = new Map(rows.map((r: { id: number; name: string }) => [r.name, r.id]));
    byName = new Map(dataset.subbasins.map((f) => [f.properties.name, { id: ids.get(f.properties.name)!, down: f.properties.downstream }]));
    // loading again is a no-op
    expect((await loadDatasetDir(app.deps.db, dir, { key: 'test-synthetic' })).loaded).toBe(false);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const upstreamOf = (name: string, stops: Set<string> = new Set()): Set<string> => {
    const out = new Set([name]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const [n, s] of byName)
        if (!out.has(n) && s.down && out.has(s.down) && !stops.has(s.down)) {
          out.add(n);
          grew = true;
        }
    }
    return out;
  };

  it('selects the whole watershed from the outlet with every HRU', async () => {
    const outlet = [...byName].find(([, s]) => s.down === null)![0];
    const res = await get(`/maps/subbasin/name/${synId}/${outlet}`);
    expect(res.headers.get('content-encoding')).toBe('gzip'); // large map results are gzipped
    const r = res.body;
    expect(r.numSubbasins).toBe(120);
    expect(r.numHrus).toBe(1500);
    expect(r.connections.length).toBe(119);
    expect(r.subbasinsGeoJson.features.filter((f: Feature) => f.properties.isNearbyOnly)).toEqual([]);
  });

  it('starting subbasins cut the upstream walk; what they cut off is nearby only', async () => {
    const outlet = [...byName].find(([, s]) => s.down === null)![0];
    // a starting subbasin with at least two subbasins above it
    const start = [...byName.keys()].find((n) => n !== outlet && upstreamOf(n).size >= 3)!;
    const expected = upstreamOf(outlet, new Set([start]));
    const r = (await get(`/maps/subbasin/id/${byName.get(outlet)!.id}/${byName.get(start)!.id}`)).body;
    expect(r.numSubbasins).toBe(expected.size);
    expect(r.numSubbasins).toBe(120 - upstreamOf(start).size + 1);
    const fs: Feature[] = r.subbasinsGeoJson.features;
    const inside = fs.filter((f) => !f.properties.isNearbyOnly).map((f) => f.properties.name);
    expect(new Set(inside)).toEqual(expected);
    const nearby = fs.filter((f) => f.properties.isNearbyOnly).map((f) => f.properties.name).sort();
    const children = [...byName].filter(([, s]) => s.down === start).map(([n]) => n).sort();
    expect(nearby).toEqual(children);
    const hrus = await app.deps.db('hrus').whereIn('subbasinId', [...expected].map((n) => byName.get(n)!.id)).count('* as n').first();
    expect(r.numHrus).toBe(Number(hrus!.n));
  });

  it('the typeahead gives at most 100 matches, shortest names first', async () => {
    const all = (await get(`/subbasins/find/${synId}/0701`)).body;
    expect(all.length).toBe(100);
    const one = (await get(`/subbasins/find/${synId}/070100000012`)).body;
    expect(one.map((m: { name: string }) => m.name)).toEqual(['070100000012']);
    const some = (await get(`/subbasins/find/${synId}/07010000001`)).body;
    expect(some.map((m: { name: string }) => m.name)).toEqual(Array.from({ length: 10 }, (_, k) => `0701000000${10 + k}`));
  });

  it('finds the subbasin under a point with the polygon test', async () => {
    const s = await app.deps.db('subbasins').where({ datasetId: synId }).orderBy('id').offset(40).first();
    const r = (await get(`/maps/coords/${synId}/${s.labelLat}/${s.labelLon}`)).body;
    expect(r.downstreamSubbasin).toBe(s.name);
    expect((await get(`/maps/coords/${synId}/-10/10`)).body.numSubbasins).toBe(0);
  });
});

describe('datasets/user', () => {
  it('gives the datasets and the limits of the user tier', async () => {
    const db = app.deps.db;
    const tier1 = await db('tiers').where({ name: 'Tier I' }).first();
    const tier2 = await db('tiers').where({ name: 'Tier II' }).first();
    await db('users').where({ userName: 'admin' }).update({ tierId: tier1.id });
    let res = await get('/datasets/user');
    expect(res.status).toBe(200);
    expect(res.body.datasets[0].options.some((o: { value: number }) => o.value === datasetId)).toBe(true);
    expect(res.body.userDatasets).toEqual([]);
    expect(res.body.limits).toEqual({ subbasinLimit: 250, hruLimit: 10_000, datasets: [] });
    await db('users').where({ userName: 'admin' }).update({ tierId: tier2.id });
    res = await get('/datasets/user');
    expect(res.body.limits).toMatchObject({ subbasinLimit: 2000, hruLimit: 50_000 });
    await db('users').where({ userName: 'admin' }).update({ tierId: tier1.id });
  });
});

describe('loader helpers', () => {
  it('accumulates upstream areas and rejects cycles', () => {
    // 0 -> 2, 1 -> 2, 2 -> 3 (outlet)
    expect(cumulativeAreas([1, 2, 3, 4], [2, 2, 3, -1])).toEqual([1, 2, 6, 10]);
    expect(() => cumulativeAreas([1, 1], [1, 0])).toThrow(/cycle/);
  });
});
