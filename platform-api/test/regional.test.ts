// Regional project runs (issue 21): the demo dataset's region (the whole Little River watershed
// at gauge J), a project covering every subbasin of it, made on a worker and recorded as an API
// request; the spec's messages; the RegionalProjects feature enforced by the server.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSynthetic } from '@headwater/datasets/src/synthetic.ts';
import { loadDatasetDir } from '../src/modules/datasets/loader.ts';
import { startProcessing } from '../src/jobs/processors.ts';
import { REGIONAL_MESSAGES } from '../src/modules/regional/service.ts';
import { DatasetRegion } from '../src/modules/datasets/models.ts';
import { User } from '../src/modules/users/models.ts';
import { startTestApp, type TestApp } from './helpers.ts';

const PASSWORD = 'Correct-horse-1';
let app: TestApp;
let admin: string;
let rita: string;
let datasetId: number;

const call = (token: string, path: string, init: { method?: string; body?: unknown } = {}) => app.request(`/api/${path}`, { ...init, token });

beforeAll(async () => {
  app = await startTestApp();
  app.config.mfaRequired = false;
  startProcessing(app.deps, 1);
  admin = await app.login();
  const created = await call(admin, 'admin/users', {
    body: { firstName: 'Rita', lastName: 'Region', email: 'rita@example.org', userName: 'rita', password: PASSWORD, country: 'United States', state: 'Texas', organizationCategory: 'University or college', affiliation: 'Lab', reasonForUse: 'Regional runs' },
  });
  expect(created.status).toBe(201);
  rita = await app.login('rita', PASSWORD);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('regional projects', () => {
  it('need the RegionalProjects feature', async () => {
    const res = await call(rita, 'api-requests/regionaloptions');
    expect(res.status).toBe(403);
    await User.query().patch({ featureAccess: ['RegionalProjects'] }).where('userName', 'rita');
    const ok = await call(rita, 'api-requests/regionaloptions');
    expect(ok.status).toBe(200);
    datasetId = ok.body.datasets.flatMap((g: any) => g.options).find((o: any) => /Little River/.test(o.text)).value;
  });

  it("lists the demo dataset's region", async () => {
    const res = await call(rita, `api-requests/datasetregionoptions/${datasetId}`);
    expect(res.status).toBe(200);
    expect(res.body.regions).toEqual([{ value: expect.any(Number), text: 'Little River at gauge J' }]);
  });

  it("words the form's problems as the spec does", async () => {
    const res = await call(rita, 'api-requests/createregionalproject', { body: { datasetID: datasetId, regionID: null, projectName: 'x'.repeat(100) } });
    expect(res.status).toBe(400);
    expect(res.body.errors.projectName).toEqual([REGIONAL_MESSAGES.tooLong]);
    expect(res.body.errors.regionID).toEqual([REGIONAL_MESSAGES.region]);
    const blank = await call(rita, 'api-requests/createregionalproject', { body: { projectName: '--' } });
    expect(blank.body.errors).toMatchObject({ datasetID: ['Please select a dataset.'], projectName: [REGIONAL_MESSAGES.letterOrNumber] });
  });

  it('answers the no-regions message for a dataset without regions', async () => {
    const regions = await DatasetRegion.query().where('datasetId', datasetId);
    await DatasetRegion.query().delete().where('datasetId', datasetId);
    const res = await call(rita, `api-requests/datasetregionoptions/${datasetId}`);
    expect(res.body).toEqual({ regions: [], message: REGIONAL_MESSAGES.noRegions });
    const create = await call(rita, 'api-requests/createregionalproject', { body: { datasetID: datasetId, regionID: 1, projectName: 'None' } });
    expect(create.body.errors.regionID).toEqual([REGIONAL_MESSAGES.noRegions]);
    for (const r of regions) await DatasetRegion.query().insert({ ...r });
  });

  it('creates a project covering every subbasin of the region, then it runs like any project', async () => {
    const region = (await call(rita, `api-requests/datasetregionoptions/${datasetId}`)).body.regions[0].value;
    const res = await call(rita, 'api-requests/createregionalproject', { body: { datasetID: datasetId, regionID: region, projectName: 'Whole Little River' } });
    expect(res.status).toBe(200);
    const id = res.body.id;
    const until = Date.now() + 60_000;
    let p: any;
    do {
      await new Promise((r) => setTimeout(r, 200));
      p = (await call(rita, `projects/${id}`)).body;
    } while (!p.status.isCreated && !p.status.hasError && Date.now() < until);
    expect(p.status.isCreated).toBe(true);
    expect(p.project).toMatchObject({ name: 'Whole Little River', isRegional: true, numSubbasins: 3, endingSubbasin: '3' });
    expect(p.project.numHrus).toBe(134);
    const requests = await call(rita, 'api-requests');
    expect(requests.body.items[0]).toMatchObject({ requestType: 'Regional', name: 'Whole Little River', status: 'Completed', projectId: id });
    // HRUs, a scenario and a run: the regional project is a project
    expect((await call(rita, 'projects/hrus', { body: { projectID: id, method: 'target', targetThreshold: 20 } })).status).toBe(200);
    do {
      await new Promise((r) => setTimeout(r, 200));
      p = (await call(rita, `projects/${id}`)).body;
    } while (!p.status.hasSetHrus && Date.now() < until);
    const o = (await call(rita, `scenarios/options/${id}`)).body;
    const sc = await call(rita, 'scenarios', { body: { projectID: id, name: 'Default', weatherDatasetID: o.defaultWeatherDataset, swatVersionID: o.defaultSWATVersion, printSetting: 0, skipYears: 1, startingSimulationDate: '2003-01-01', endingSimulationDate: '2004-12-31' } });
    expect(sc.status).toBe(200);
    expect((await call(rita, `scenarios/run/${sc.body.id}`, { body: {} })).status).toBe(200);
    let s: any;
    do {
      await new Promise((r) => setTimeout(r, 200));
      s = (await call(rita, `scenarios/${sc.body.id}`)).body;
    } while (s.status.isRunning && Date.now() < until);
    expect(s.status).toMatchObject({ hasRun: true, hasError: false });
  }, 120_000);

  it('a region with several outlets makes one project with several watershed outlets, which runs', async () => {
    const base = (await DatasetRegion.query().where('datasetId', datasetId).first())!;
    const two = await DatasetRegion.query().insert({ datasetId, name: 'Headwaters 1 and 2', geometry: base.geometry, endingSubbasinNames: ['1', '2'], sortOrder: 2 });
    const res = await call(rita, 'api-requests/createregionalproject', { body: { datasetID: datasetId, regionID: two.id, projectName: 'Two outlets' } });
    expect(res.status).toBe(200);
    const id = res.body.id;
    const until = Date.now() + 60_000;
    let p: any;
    do {
      await new Promise((r) => setTimeout(r, 200));
      p = (await call(rita, `projects/${id}`)).body;
    } while (!p.status.isCreated && !p.status.hasError && Date.now() < until);
    expect(p.project).toMatchObject({ numSubbasins: 2, endingSubbasin: '1, 2', isRegional: true });
    const outlets = await app.deps.db('project_subbasins').where({ projectId: id, isDownstream: true }).select('name', 'downstreamSubbasinId');
    expect(outlets.map((o: any) => o.name).sort()).toEqual(['1', '2']);
    expect(outlets.every((o: any) => o.downstreamSubbasinId === null)).toBe(true);
    expect((await call(rita, 'projects/hrus', { body: { projectID: id, method: 'target', targetThreshold: 10 } })).status).toBe(200);
    do {
      await new Promise((r) => setTimeout(r, 200));
      p = (await call(rita, `projects/${id}`)).body;
    } while (!p.status.hasSetHrus && Date.now() < until);
    const o = (await call(rita, `scenarios/options/${id}`)).body;
    const sc = await call(rita, 'scenarios', { body: { projectID: id, name: 'Default', weatherDatasetID: o.defaultWeatherDataset, swatVersionID: o.defaultSWATVersion, printSetting: 0, skipYears: 1, startingSimulationDate: '2003-01-01', endingSimulationDate: '2004-12-31' } });
    expect((await call(rita, `scenarios/run/${sc.body.id}`, { body: {} })).status).toBe(200);
    let s: any;
    do {
      await new Promise((r) => setTimeout(r, 200));
      s = (await call(rita, `scenarios/${sc.body.id}`)).body;
    } while (s.status.isRunning && Date.now() < until);
    expect(s.status).toMatchObject({ hasRun: true, hasError: false });
    // outputs of both outlets' reaches
    const rows = await app.deps.db('scenario_output_sets').where('scenarioId', sc.body.id).count({ n: '*' }).first();
    expect(Number((rows as any).n)).toBeGreaterThan(0);
  }, 120_000);

  it('the synthetic generator makes several regions, one with two outlets, and such a region becomes one project', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hw-regions-'));
    try {
      writeSynthetic(dir, { subbasins: 60, hrus: 240, seed: 7, key: 'synthetic-regions', name: 'Synthetic regions', regions: 2 });
      const fc = JSON.parse(gunzipSync(readFileSync(join(dir, 'regions.geojson.gz'))).toString('utf8'));
      const names = fc.features.map((f: any) => f.properties.name);
      expect(names[0]).toBe('Whole watershed');
      expect(names).toContain('Branches 1 and 2');
      expect(fc.features.find((f: any) => f.properties.name === 'Branches 1 and 2').properties.endingSubbasins).toHaveLength(2);
      const loaded = await loadDatasetDir(app.deps.db, dir);
      const regions = (await call(admin, `api-requests/datasetregionoptions/${loaded.datasetId}`)).status;
      expect(regions).toBe(403); // the administrator lacks the feature: features are per user
      const list = (await call(rita, `api-requests/datasetregionoptions/${loaded.datasetId}`)).body.regions as { value: number; text: string }[];
      expect(list.map((r) => r.text)).toEqual(expect.arrayContaining(['Whole watershed', 'Branches 1 and 2']));
      const both = list.find((r) => r.text === 'Branches 1 and 2')!;
      const res = await call(rita, 'api-requests/createregionalproject', { body: { datasetID: loaded.datasetId, regionID: both.value, projectName: 'Two branches' } });
      expect(res.status).toBe(200);
      const until = Date.now() + 60_000;
      let p: any;
      do {
        await new Promise((r) => setTimeout(r, 200));
        p = (await call(rita, `projects/${res.body.id}`)).body;
      } while (!p.status.isCreated && !p.status.hasError && Date.now() < until);
      const outlets = await app.deps.db('project_subbasins').where({ projectId: res.body.id, isDownstream: true }).count({ n: '*' }).first();
      expect(Number((outlets as any).n)).toBe(2);
      const b1 = list.find((r) => r.text.startsWith('Branch 1 '))!;
      const one = await app.deps.db('dataset_regions').where('id', b1.value).first();
      expect(p.project.numSubbasins).toBeGreaterThan(0);
      expect(one.endingSubbasinNames).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
