// Batch project runs (issue 21): the CSV (good and bad files), the options and the create rules,
// a batch of 3 single-subbasin projects of the demo dataset end to end on the workers (parent
// and child jobs, live progress, downloads), abort mid-batch (projects kept), delete (projects
// gone), and the access rules (feature, role and key; another user's batch is 404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcessing } from '../src/jobs/processors.ts';
import { CSV_MESSAGES, parseBatchCsv } from '../src/modules/batch/csv.ts';
import { User } from '../src/modules/users/models.ts';
import { startTestApp, type TestApp } from './helpers.ts';

const PASSWORD = 'Correct-horse-1';
let app: TestApp;
let admin: string;
let bea: string;
let carl: string;
let datasetId: number;
let weatherId: number;
let versionId: number;

const call = (token: string, path: string, init: { method?: string; body?: unknown } = {}) => app.request(`/api/${path}`, { ...init, token });

async function makeUser(userName: string, features: string[], apiKey: boolean): Promise<string> {
  const created = await app.request('/api/admin/users', {
    token: admin,
    body: { firstName: userName, lastName: 'Tester', email: `${userName}@example.org`, userName, password: PASSWORD, country: 'United States', state: 'Texas', organizationCategory: 'University or college', affiliation: 'Lab', reasonForUse: 'Batch runs' },
  });
  expect(created.status).toBe(201);
  const user = (await User.query().findOne({ userName }))!;
  await User.query().patch({ featureAccess: features }).where('id', user.id);
  if (apiKey) expect((await call(admin, `admin/users/apiAccess/${user.id}`, { method: 'POST' })).status).toBe(200);
  return app.login(userName, PASSWORD);
}

const batchBody = (name: string, rows: string[], extra: Record<string, unknown> = {}) => ({
  name,
  batch: {
    datasetID: datasetId,
    projectSubbasins: rows.map((r) => ({ endingSubbasin: r, startingSubbasins: [] })),
    setAsSingleSubbasinProjects: true,
    startingSimulationDate: '2003-01-01',
    endingSimulationDate: '2004-12-31',
    skipYears: 1,
    printSetting: 0,
    weatherDatasetID: weatherId,
    swatVersionID: versionId,
    ...extra,
  },
});

async function waitBatch(token: string, id: number, done: (b: any) => boolean = (b) => !b.status.isRunning, ms = 240_000) {
  const until = Date.now() + ms;
  for (;;) {
    const res = await call(token, `api-requests/batch/${id}`);
    if (res.status === 200 && done(res.body)) return res.body;
    if (Date.now() > until) throw new Error(`batch ${id}: ${JSON.stringify(res.body?.status)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  app = await startTestApp();
  app.config.mfaRequired = false;
  startProcessing(app.deps, 2);
  admin = await app.login();
  bea = await makeUser('bea', ['BatchProjects'], true);
  carl = await makeUser('carl', ['BatchProjects'], false);
  const options = await call(bea, 'api-requests/batchoptions');
  expect(options.status).toBe(200);
  datasetId = options.body.datasets.flatMap((g: any) => g.options).find((o: any) => /Little River/.test(o.text)).value;
  const ds = await call(bea, `api-requests/batchdatasetoptions/${datasetId}`);
  expect(ds.status).toBe(200);
  weatherId = ds.body.defaultWeatherDataset;
  versionId = ds.body.defaultSwatVersion;
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('the batch CSV', () => {
  it('reads Ending_Subbasin and Starting_Subbasins, keeping leading zeros', () => {
    const parsed = parseBatchCsv('Ending_Subbasin,Starting_Subbasins\r\n0101,"0102, 0103"\n3,\n\n007,\n');
    expect(parsed.errors).toEqual([]);
    expect(parsed.projectSubbasins).toEqual([
      { endingSubbasin: '0101', startingSubbasins: ['0102', '0103'] },
      { endingSubbasin: '3', startingSubbasins: [] },
      { endingSubbasin: '007', startingSubbasins: [] },
    ]);
    expect(parseBatchCsv('\uFEFFname,ending_subbasin\nA,12\n').projectSubbasins).toEqual([{ endingSubbasin: '12', startingSubbasins: [] }]);
  });

  it('lists every problem with its line number', () => {
    expect(parseBatchCsv('').errors).toEqual([CSV_MESSAGES.empty]);
    expect(parseBatchCsv('Outlet\n1\n').errors).toEqual([CSV_MESSAGES.noEnding]);
    expect(parseBatchCsv('Ending_Subbasin\n').errors).toEqual([CSV_MESSAGES.noRows]);
    expect(parseBatchCsv('Ending_Subbasin,Starting_Subbasins\n1,\n,2\n1,\n4,5,6\n').errors).toEqual([CSV_MESSAGES.blankEnding(3), CSV_MESSAGES.duplicate(4, '1', 2), CSV_MESSAGES.columns(5, 3, 2)]);
    expect(parseBatchCsv('Ending_Subbasin,Starting_Subbasins\n1,"2,3\n').errors).toEqual([CSV_MESSAGES.unclosed(2)]);
  });

  it('is uploaded as a file (multipart) or as JSON; a non-CSV file or a bad one answers errors.exception', async () => {
    const form = new FormData();
    form.append('file', new Blob(['Ending_Subbasin\n01\n2\n'], { type: 'text/csv' }), 'my batch.csv');
    const res = await fetch(`${app.url}/api/api-requests/uploadbatch`, { method: 'POST', headers: { Authorization: `Bearer ${bea}` }, body: form });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'my batch', projectSubbasins: [{ endingSubbasin: '01', startingSubbasins: [] }, { endingSubbasin: '2', startingSubbasins: [] }] });
    const json = await call(bea, 'api-requests/uploadbatch', { body: { fileName: 'x.csv', content: 'Ending_Subbasin,Starting_Subbasins\n\n,2\n' } });
    expect(json.status).toBe(400);
    expect(json.body.errors.exception).toEqual([CSV_MESSAGES.blankEnding(3)]);
    const txt = await call(bea, 'api-requests/uploadbatch', { body: { fileName: 'x.txt', content: 'Ending_Subbasin\n1\n' } });
    expect(txt.body.errors.exception).toEqual(['Please upload a .csv file.']);
  });
});

describe('access', () => {
  it('needs the BatchProjects feature, the ApiUser role and an API key', async () => {
    expect((await call(carl, 'api-requests/batchoptions')).status).toBe(403); // no key
    expect((await call(carl, 'api-requests/access')).body).toMatchObject({ batchProjects: false, hasApiKey: false });
    expect((await call(admin, 'api-requests/batchoptions')).status).toBe(403); // no feature
    expect((await app.request('/api/api-requests/batchoptions')).status).toBe(401);
  });
});

describe('create', () => {
  it('words every problem as the spec does', async () => {
    const res = await call(bea, 'api-requests/createbatch', { body: { name: '  --  ', batch: { projectSubbasins: [] } } });
    expect(res.status).toBe(400);
    expect(res.body.errors.name).toEqual(['Must contain at least one letter or number']);
    expect(res.body.errors.datasetID).toEqual(['Please select a dataset.']);
    expect(res.body.errors.projectSubbasins).toBeDefined();
    const bad = await call(bea, 'api-requests/createbatch', { body: batchBody('Bad', ['1', '99']) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.projectSubbasins).toEqual(["Row 2: there is no subbasin '99' in the dataset."]);
    const dates = await call(bea, 'api-requests/createbatch', { body: batchBody('Dates', ['1'], { endingSimulationDate: '2002-01-01' }) });
    expect(dates.body.errors.endingSimulationDate).toBeDefined();
  });
});

describe('a batch of 3 projects', () => {
  let id: number;
  it('runs every project on the workers and offers the downloads', async () => {
    const res = await call(bea, 'api-requests/createbatch', { body: batchBody('Three outlets', ['1', '2', '3']) });
    expect(res.status).toBe(200);
    id = res.body.id;
    const running = await waitBatch(bea, id, (b) => b.status.isRunning && b.status.startRunDate !== null);
    expect(running.projects).toHaveLength(3);
    const done = await waitBatch(bea, id);
    expect(done.status).toMatchObject({ hasRun: true, hasError: false, isRunning: false, currentProgress: 100, numDone: 3 });
    expect(done.status.statusMessage).toMatch(/^Batch run completed in \d+ (second|minute)/);
    expect(done.batch).toMatchObject({ dataset: expect.stringMatching(/Little River/), setAsSingleSubbasinProjects: true, skipYears: 1, printSetting: 'Monthly' });
    for (const p of done.projects) {
      expect(p.status).toBe('Completed');
      expect(p.scenarios).toHaveLength(1);
      expect(p.scenarios[0]).toMatchObject({ hasRun: true });
      const project = await call(bea, `projects/${p.id}`);
      expect(project.body.project).toMatchObject({ numSubbasins: 1, endingSubbasin: p.endingSubbasin, name: p.endingSubbasin });
      expect(project.body.status.hasSetHrus).toBe(true);
    }
    const zip = await fetch(`${app.url}${done.projects[0].scenarios[0].download}?access_token=${bea}`);
    expect(zip.status).toBe(200);
    const geo = await fetch(`${app.url}${done.batch.geojsonDownload}?access_token=${bea}`);
    expect(geo.status).toBe(200);
    const fc = JSON.parse(await geo.text());
    expect(fc.features).toHaveLength(3);
    const areas = await fetch(`${app.url}${done.batch.cumulativeAreasDownload}?access_token=${bea}`).then((r) => r.text());
    expect(areas.trim().split('\n')).toHaveLength(4);
    // listed for the user (50 per page, last modified first) and for the administrator
    const list = await call(bea, 'api-requests/batch');
    expect(list.body.items[0]).toMatchObject({ id, name: 'Three outlets', status: 'Completed' });
    expect((await call(admin, `admin/users/apirequests/${(await User.query().findOne({ userName: 'bea' }))!.id}`)).body.total).toBe(1);
  }, 300_000);

  it("is nobody else's: 404 for another user, even an administrator", async () => {
    expect((await call(carl, `api-requests/batch/${id}`)).status).toBe(403); // carl cannot use batches at all
    const dana = await makeUser('dana', ['BatchProjects'], true);
    expect((await call(dana, `api-requests/batch/${id}`)).status).toBe(404);
    expect((await call(dana, `api-requests/deletebatch/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(dana, `api-requests/abortbatch/${id}`)).status).toBe(404);
  });

  it('delete removes the batch and its projects', async () => {
    const before = await call(bea, `api-requests/batch/${id}`);
    const projectIds = before.body.projects.map((p: any) => p.id);
    const del = await call(bea, `api-requests/deletebatch/${id}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect((await call(bea, `api-requests/batch/${id}`)).status).toBe(404);
    for (const pid of projectIds) expect((await call(bea, `projects/${pid}`)).status).toBe(404);
  });
});

describe('abort mid-batch', () => {
  it('stops what is queued and running, keeps the projects, and cannot be deleted while running', async () => {
    const rows = [{ endingSubbasin: '1' }, { endingSubbasin: '2' }, { endingSubbasin: '3' }, { endingSubbasin: '3', startingSubbasins: ['1'] }, { endingSubbasin: '3', startingSubbasins: ['2'] }, { endingSubbasin: '3', startingSubbasins: ['1', '2'] }];
    const body = batchBody('To abort', []);
    const res = await call(bea, 'api-requests/createbatch', { body: { ...body, batch: { ...body.batch, setAsSingleSubbasinProjects: false, projectSubbasins: rows } } });
    expect(res.status).toBe(200);
    const id = res.body.id;
    await waitBatch(bea, id, (b) => b.projects.some((p: any) => p.id !== null));
    expect((await call(bea, `api-requests/deletebatch/${id}`, { method: 'DELETE' })).status).toBe(400);
    expect((await call(bea, `api-requests/abortbatch/${id}`)).status).toBe(200);
    const done = await waitBatch(bea, id);
    expect(done.status).toMatchObject({ isAborted: true, hasRun: false, isRunning: false, statusMessage: 'Batch run aborted.' });
    expect(done.projects.some((p: any) => p.status === 'Aborted')).toBe(true);
    // the projects made so far are kept
    for (const p of done.projects.filter((x: any) => x.id)) expect((await call(bea, `projects/${p.id}`)).status).toBe(200);
  }, 300_000);
});

describe('a worker lost mid-batch', () => {
  it('loses no project: the retried child resumes from what the lost attempt recorded', async () => {
    // a second app whose queue nobody consumes: the jobs are run here by hand, as a worker would
    const { batchProcessors } = await import('../src/modules/batch/job.ts');
    const { ApiRequestProject } = await import('../src/modules/batch/models.ts');
    const solo = await startTestApp();
    try {
      solo.config.mfaRequired = false;
      const adminToken = await solo.login();
      const created = await solo.request('/api/admin/users', {
        token: adminToken,
        body: { firstName: 'Eve', lastName: 'Tester', email: 'eve@example.org', userName: 'eve', password: PASSWORD, country: 'United States', state: 'Texas', organizationCategory: 'University or college', affiliation: 'Lab', reasonForUse: 'Batch runs' },
      });
      expect(created.status).toBe(201);
      const eveId = (await User.query().findOne({ userName: 'eve' }))!.id;
      await solo.request(`/api/admin/users/features/${eveId}`, { token: adminToken, body: { value: ['BatchProjects'] } });
      await solo.request(`/api/admin/users/apiAccess/${eveId}`, { token: adminToken, method: 'POST' });
      const eve = await solo.login('eve', PASSWORD);
      const ds = (await solo.request(`/api/api-requests/batchdatasetoptions/${datasetId}`, { token: eve })).body;
      const body = batchBody('Resumed', ['2']);
      const res = await solo.request('/api/api-requests/createbatch', { token: eve, body: { ...body, batch: { ...body.batch, weatherDatasetID: ds.defaultWeatherDataset, swatVersionID: ds.defaultSwatVersion } } });
      expect(res.status).toBe(200);
      const id = res.body.id;
      const jobs = batchProcessors(solo.deps);
      const ctx = <T>(data: T) => ({ id: 'test', queue: 'test', priority: 'default' as const, data, reportProgress: async () => {} });
      await jobs['batch-start']!(ctx({ requestId: id }));
      const row = (await ApiRequestProject.query().where('requestId', id).first())!;
      expect(row.status).toBe('Scheduled');
      // the lost attempt got as far as the project (made and created), then its worker died
      const map = await solo.request(`/api/maps/subbasin/name/${datasetId}/2`, { token: eve });
      const made = await solo.request('/api/projects', { token: eve, body: { datasetID: datasetId, endID: map.body.downstreamID, startIDs: [map.body.downstreamID], name: '2' } });
      const { projectProcessors } = await import('../src/modules/projects/jobs.ts');
      await projectProcessors(solo.deps)['project-create']!(ctx({ projectId: made.body.id }));
      await ApiRequestProject.query().patch({ projectId: made.body.id, status: 'Creating', attempts: 1 }).where('id', row.id);
      // the retried child
      await jobs['batch-project']!(ctx({ requestId: id, rowId: row.id }));
      const after = (await ApiRequestProject.query().findById(row.id))!;
      expect(after).toMatchObject({ projectId: made.body.id, status: 'Completed', isDone: true, attempts: 2 });
      expect(await solo.deps.db('projects').where('userId', eveId).count({ n: '*' }).first()).toEqual({ n: '1' }); // no second project
      const view = (await solo.request(`/api/api-requests/batch/${id}`, { token: eve })).body;
      expect(view.status).toMatchObject({ hasRun: true, isRunning: false });
      expect(view.projects[0].scenarios[0].hasRun).toBe(true);
      // a third delivery of the same job (a stall detected late) changes nothing
      await jobs['batch-project']!(ctx({ requestId: id, rowId: row.id }));
      expect((await ApiRequestProject.query().findById(row.id))!.attempts).toBe(2);
    } finally {
      await solo.close();
    }
  }, 120_000);
});
