// Projects through the API as the admin on the demo dataset (LREW, 3 subbasins, 134 HRUs):
// create (a job), set HRUs (a job), rename, copy, delete, documents, zip, downloads, exports,
// live status, and the authorization matrix with a second user on every project route.
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/http/errors.ts';
import { parseGridQuery, toCsv } from '../src/http/grid.ts';
import { startProcessing } from '../src/jobs/processors.ts';
import { startTestApp, type TestApp } from './helpers.ts';

let app: TestApp;
let admin: string;
let other: string;
let datasetId: number;
let projectId: number;
const sockets: Socket[] = [];
const PASSWORD = 'Correct-horse-1';

beforeAll(async () => {
  app = await startTestApp();
  app.config.mfaRequired = false;
  startProcessing(app.deps, 1);
  admin = await app.login();
  const created = await app.request('/api/admin/users', {
    token: admin,
    body: {
      firstName: 'Bob',
      lastName: 'Other',
      email: 'bob@example.org',
      userName: 'bob',
      password: PASSWORD,
      country: 'United States',
      state: 'Texas',
      organizationCategory: 'University or college',
      affiliation: 'Elsewhere',
      reasonForUse: 'Testing',
    },
  });
  expect(created.status).toBe(201);
  other = await app.login('bob', PASSWORD);
  const groups = (await app.request('/api/datasets/publiclist', { token: admin })).body as { options: { value: number; text: string }[] }[];
  datasetId = groups.flatMap((g) => g.options).find((o) => /Little River/.test(o.text))!.value;
}, 60_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app?.close();
});

async function waitFor(id: number, done: (b: any) => boolean, token = admin, ms = 30_000): Promise<any> {
  const until = Date.now() + ms;
  for (;;) {
    const res = await app.request(`/api/projects/${id}`, { token });
    if (res.status === 200 && (done(res.body) || res.body.status.hasError)) return res.body;
    if (Date.now() > until) throw new Error(`timed out: ${JSON.stringify(res.body?.status)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const idle = (b: any) => !b.status.isCreating && !b.status.isCopying && !b.status.isSettingHrus && !b.status.isZipping;

function connect(token?: string): Promise<Socket> {
  const s = io(app.url, { path: '/status-hub', transports: ['websocket'], auth: { token }, reconnection: false });
  sockets.push(s);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}
const join = (s: Socket, room: string) => new Promise<boolean>((r) => s.emit('join', room, r));

async function upload(id: number, files: { name: string; bytes: number | Buffer }[], token = admin) {
  const form = new FormData();
  for (const f of files) form.append('file', new Blob([new Uint8Array(typeof f.bytes === 'number' ? Buffer.alloc(f.bytes, 1) : f.bytes)]), f.name);
  const res = await fetch(`${app.url}/api/projects/documents/${id}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  return { status: res.status, body: text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text };
}

describe('creating the LREW project', () => {
  it('rejects bad names with the spec messages', async () => {
    const base = { datasetID: datasetId, endID: 1, startIDs: [] };
    const empty = await app.request('/api/projects', { token: admin, body: { ...base, name: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.name).toEqual(['Required']);
    const long = await app.request('/api/projects', { token: admin, body: { ...base, name: 'x'.repeat(100) } });
    expect(long.body.errors.name).toEqual(['Must be fewer than 100 characters']);
    const symbols = await app.request('/api/projects', { token: admin, body: { ...base, name: '---' } });
    expect(symbols.body.errors.name).toEqual(['Must contain at least one letter or number']);
  });

  it('creates the 3-subbasin watershed with 134 HRUs through a job, with live progress', async () => {
    const map = await app.request(`/api/maps/subbasin/name/${datasetId}/3`, { token: admin });
    expect(map.status).toBe(200);
    expect(map.body.numSubbasins).toBe(3);
    expect(map.body.numHrus).toBe(134);
    const created = await app.request('/api/projects/', {
      token: admin,
      body: { datasetID: datasetId, endID: map.body.downstreamID, startIDs: [], name: ' Little River - 3 ', cacheID: map.body.id ?? null },
    });
    expect(created.status).toBe(200);
    projectId = created.body.id;
    expect(projectId).toBeGreaterThan(0);

    const done = await waitFor(projectId, (b) => b.status.isCreated);
    expect(done.status).toMatchObject({ hasError: false, isCreating: false, isCreated: true, hasSetHrus: false });
    expect(done.progress).toEqual({ percent: 100, message: 'Project created.' });
    expect(done.project).toMatchObject({ name: 'Little River - 3', numSubbasins: 3, numHrus: 134, numOriginalHrus: 134, endingSubbasin: '3', datasetID: datasetId, hasScenarios: false });
    expect(done.project.dataset).toMatch(/Little River/);
    expect(done.project.totalArea).toBeCloseTo(21.96, 1);
    expect(done.tier).toMatchObject({ subbasinLimit: 250, hruLimit: 10_000 });
    expect(done.groupOptions).toEqual([]);
    // the scenario variant of the same call
    expect((await app.request(`/api/projects/${projectId}/0`, { token: admin })).body.project.id).toBe(projectId);
  });

  it('blocks a watershed over the tier subbasin limit', async () => {
    await app.deps.db('tiers').where('name', 'Tier I').update({ subbasin_limit: 2 });
    try {
      const map = await app.request(`/api/maps/subbasin/name/${datasetId}/3`, { token: admin });
      const res = await app.request('/api/projects', { token: admin, body: { datasetID: datasetId, endID: map.body.downstreamID, startIDs: [], name: 'Too big' } });
      expect(res.status).toBe(400);
      expect(res.body).toBe('Your account is limited to 2 subbasins and 10,000 HRUs per project. Please select a smaller watershed.');
    } finally {
      await app.deps.db('tiers').where('name', 'Tier I').update({ subbasin_limit: 250 });
    }
  });

  it('rejects a subbasin outside the dataset', async () => {
    const res = await app.request('/api/projects', { token: admin, body: { datasetID: datasetId, endID: 999999, startIDs: [], name: 'Nowhere' } });
    expect(res.status).toBe(400);
    expect(res.body.errors.endID).toEqual(['Please select a subbasin within the study area.']);
  });
});

describe('the project pages', () => {
  it('lists projects in the grid (sorted, filtered, CSV) and on the dashboard', async () => {
    const grid = await app.request('/api/projects?sort=lastModifiedDate_desc&page=1&perPage=10', { token: admin });
    expect(grid.status).toBe(200);
    expect(grid.body.total).toBe(1);
    expect(grid.body.items[0]).toMatchObject({ id: projectId, name: 'Little River - 3', endingSubbasin: '3', numSubbasins: 3, numHrus: 134, numScenarios: 0 });
    expect((await app.request('/api/projects?filter=nothing-like-this', { token: admin })).body).toEqual({ items: [], total: 0 });
    expect((await app.request('/api/projects?filter=little', { token: admin })).body.total).toBe(1);
    const csv = await app.request(`/api/projects?format=csv&access_token=${admin}`);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe('Name,Last Modified,Dataset,Downstream ID,Subbasins,HRUs,Total Area (sq km),Scenarios');
    expect(csv.body).toContain('Little River - 3');
    // the other user sees none of them
    expect((await app.request('/api/projects', { token: other })).body).toEqual({ items: [], total: 0 });

    const dash = await app.request('/api/projects/dashboard', { token: admin });
    expect(dash.body.projects.map((p: { id: number }) => p.id)).toEqual([projectId]);
    expect(dash.body).toHaveProperty('notifications');
    expect(dash.body.hasAccessToUploads).toBe(true);
    const recent = await app.request('/api/projects/recent-activity', { token: admin });
    expect(recent.body).toMatchObject({ hasGroups: false, groupInvites: [], isImporting: false });
    expect(recent.body.projects[0]).toMatchObject({ id: projectId, numHrus: 134, scenarios: [] });
  });

  it('answers basic info, metadata, the map, the HRU page and the HRU table', async () => {
    expect((await app.request(`/api/projects/basic-info/${projectId}`, { token: admin })).body).toMatchObject({ id: projectId, numHrus: 134, numSubbasins: 3 });
    const meta = await app.request(`/api/projects/metadata/${projectId}`, { token: admin });
    expect(meta.body.watershed.find((r: { name: string }) => r.name === 'Subbasins').value).toBe(3);
    expect(meta.body.scenarios).toEqual([]);

    const map = await app.request(`/api/projects/map/${projectId}`, { token: admin });
    expect(map.body.connections).toHaveLength(2);
    expect(map.body.watershedBounds).toHaveLength(4);
    const geo = await app.request(`${map.body.geoJsonUrls.subbasins}?access_token=${admin}`);
    expect(geo.status).toBe(200);
    const fc = typeof geo.body === 'string' ? JSON.parse(geo.body) : geo.body;
    expect(fc.features).toHaveLength(3);
    expect(fc.features.filter((f: any) => f.properties.isDownstream)).toHaveLength(1);
    expect((await app.request(`/api/exports/geojson/${projectId}/streams?access_token=${admin}`)).status).toBe(200);
    expect((await app.request(`/api/exports/geojson/${projectId}/nothing?access_token=${admin}`)).status).toBe(404);

    const page = await app.request(`/api/projects/hrus/${projectId}`, { token: admin });
    expect(page.status).toBe(200);
    expect(page.body.cropCodes.length).toBeGreaterThan(1);
    expect(page.body.cropCodes[0]).toHaveProperty('name');
    expect(page.body.defaultWetlands.every((c: string) => /^(WATR|WET)/.test(c))).toBe(true);
    expect(page.body).toHaveProperty('defaultHruThreshold');
    expect(page.body).toHaveProperty('iclusHruThreshold');
    expect(page.body.defaultTargetThreshold).toBe(101);

    const hrus = await app.request(`/api/hruselection/hrus/${projectId}`, { token: admin });
    expect(hrus.body.total).toBe(134);
    expect(hrus.body.items).toHaveLength(100);
    expect(hrus.body.items[0]).toMatchObject({ sortOrder: 1, subbasin: 1 });
    expect(Object.keys(hrus.body.items[0])).toEqual(expect.arrayContaining(['subbasin', 'landuse', 'soil', 'slopeClass', 'slope', 'slopeLength', 'area', 'fraction', 'cn2', 'ov_n']));
    const byArea = await app.request(`/api/hruselection/hrus/${projectId}?sort=area_desc&perPage=5&page=2`, { token: admin });
    expect(byArea.body.items).toHaveLength(5);
    const all = (await app.request(`/api/hruselection/hrus/${projectId}?sort=area_desc&perPage=200`, { token: admin })).body.items.map((r: { area: number }) => r.area);
    expect(byArea.body.items.map((r: { area: number }) => r.area)).toEqual(all.slice(5, 10));
  });

  it('sets HRUs by target, conserving the total area, with live progress; then resets them', async () => {
    const before = (await app.request(`/api/hruselection/hrus/${projectId}?perPage=1000`, { token: admin })).body.items as { subbasin: number; area: number }[];
    const total = before.reduce((s, r) => s + r.area, 0);
    const socket = await connect(admin);
    expect(await join(socket, `project:${projectId}`)).toBe(true);
    const events: any[] = [];
    socket.on('project-status', (e) => events.push(e));

    expect((await app.request('/api/projects/hrus', { token: admin, body: { projectID: projectId, method: 'target', targetThreshold: 0 } })).body.errors.targetThreshold).toEqual([
      'You must enter a threshold greater than 0.',
    ]);
    expect((await app.request('/api/projects/hrus', { token: admin, body: { projectID: projectId, method: 'target', targetThreshold: 2 } })).status).toBe(400);
    const set = await app.request('/api/projects/hrus', { token: admin, body: { projectID: projectId, method: 'target', targetThreshold: 40, units: null } });
    expect(set.status).toBe(200);
    const done = await waitFor(projectId, (b) => b.status.hasSetHrus && !b.status.isSettingHrus);
    expect(done.status.hasError).toBe(false);
    expect(done.project).toMatchObject({ numHrus: 40, numOriginalHrus: 134, method: 'target', targetThreshold: 40 });
    expect(done.project.exemptLanduse.every((c: string) => /^(WATR|WET)/.test(c))).toBe(true);
    expect(done.project.trimmedGroups.landuse.length).toBeGreaterThan(0);

    const after = (await app.request(`/api/hruselection/hrus/${projectId}?perPage=1000`, { token: admin })).body;
    expect(after.total).toBe(40);
    const sum = (after.items as { area: number }[]).reduce((s, r) => s + r.area, 0);
    expect(Math.abs(sum - total)).toBeLessThan(1e-9);
    for (const sub of [1, 2, 3]) {
      const a = before.filter((r) => r.subbasin === sub).reduce((s, r) => s + r.area, 0);
      const b = (after.items as { subbasin: number; area: number }[]).filter((r) => r.subbasin === sub).reduce((s, r) => s + r.area, 0);
      expect(Math.abs(a - b)).toBeLessThan(1e-9);
    }
    const original = await app.request(`/api/hruselection/hrus/${projectId}?original=true`, { token: admin });
    expect(original.body.total).toBe(134);
    expect(events.at(-1)).toMatchObject({ projectID: projectId, progress: 100 });
    expect(events.length).toBeGreaterThan(1);

    const trimmedCsv = await app.request(`/api/projects/csv/${projectId}/hrus-trimmed?access_token=${admin}`);
    expect(trimmedCsv.body.trim().split('\r\n')).toHaveLength(41);
    const originalCsv = await app.request(`/api/projects/csv/${projectId}/hrus-original?access_token=${admin}`);
    expect(originalCsv.body.trim().split('\r\n')).toHaveLength(135);
    const subCsv = await app.request(`/api/projects/csv/${projectId}/subbasins?access_token=${admin}`);
    expect(subCsv.body.trim().split('\r\n')).toHaveLength(4);

    // area and percent methods
    expect((await app.request('/api/projects/hrus', { token: admin, body: { projectID: projectId, method: 'area', targetThreshold: 101, units: 'percent' } })).status).toBe(400);
    expect((await app.request('/api/projects/hrus', { token: admin, body: { projectID: projectId, method: 'area', targetThreshold: 0.1, units: 'km2' } })).status).toBe(200);
    const byArea = await waitFor(projectId, (b) => !b.status.isSettingHrus);
    expect(byArea.project.numHrus).toBeLessThan(134);
    expect((await app.request('/api/projects/hrus', { token: admin, body: { projectID: projectId, method: 'percent', landuseThreshold: 10, soilThreshold: 10, slopeThreshold: 10 } })).status).toBe(200);
    const byPercent = await waitFor(projectId, (b) => !b.status.isSettingHrus);
    expect(byPercent.project.method).toBe('percent');
    expect(byPercent.project.numHrus).toBeLessThan(134);

    const reset = await app.request(`/api/projects/hrus/reset/${projectId}`, { method: 'PATCH', token: admin });
    expect(reset.status).toBe(200);
    const r = (await app.request(`/api/projects/${projectId}`, { token: admin })).body;
    expect(r.status.hasSetHrus).toBe(false);
    expect(r.project).toMatchObject({ numHrus: 134, method: null });
    expect((await app.request(`/api/hruselection/hrus/${projectId}`, { token: admin })).body.total).toBe(134);
  });

  it('renames with the spec messages', async () => {
    expect((await app.request(`/api/projects/${projectId}`, { method: 'PUT', token: admin, body: { value: '' } })).body.errors.value).toEqual(['Please provide a name for the project.']);
    expect((await app.request(`/api/projects/${projectId}`, { method: 'PUT', token: admin, body: { value: '!!!' } })).body.errors.value).toEqual(['Must contain at least one letter or number']);
    const ok = await app.request(`/api/projects/${projectId}`, { method: 'PUT', token: admin, body: { value: 'Little River renamed' } });
    expect(ok.status).toBe(200);
    expect((await app.request(`/api/projects/basic-info/${projectId}`, { token: admin })).body.name).toBe('Little River renamed');
  });
});

describe('documents', () => {
  it('accepts the listed types, refuses others, oversize files and an 11th document, and deletes', async () => {
    const bad = await upload(projectId, [{ name: 'notes.txt', bytes: 10 }]);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.file[0]).toMatch(/notes\.txt: this file type is not accepted/);
    const big = await upload(projectId, [{ name: 'big.pdf', bytes: 50 * 1024 * 1024 + 1 }]);
    expect(big.status).toBe(400);
    expect(big.body.errors.file[0]).toMatch(/larger than 50 MB/);
    const dots = await upload(projectId, [{ name: '.hidden.pdf', bytes: 10 }]);
    expect(dots.status).toBe(400);

    const names = ['a.docx', 'b.xslx', 'c.xlsx', 'd.pptx', 'e.pdf', 'f.jpg', 'g.png', 'h.zip', 'i.7z', 'j.PDF'];
    const ok = await upload(projectId, names.map((name) => ({ name, bytes: 100 })));
    expect(ok.status).toBe(200);
    const list = await app.request(`/api/projects/documents/${projectId}`, { token: admin });
    expect(list.body.map((d: { fileName: string }) => d.fileName).sort()).toEqual([...names].sort());
    expect(list.body[0]).toHaveProperty('modified');
    const file = await app.request(`${list.body[0].fileUrl}?access_token=${admin}`);
    expect(file.status).toBe(200);

    const eleventh = await upload(projectId, [{ name: 'k.pdf', bytes: 10 }]);
    expect(eleventh.status).toBe(400);
    expect(eleventh.body.errors.file).toEqual(['A project can have at most 10 documents. Please delete one to upload more.']);
    // replacing one by the same name is fine
    expect((await upload(projectId, [{ name: 'e.pdf', bytes: 20 }])).status).toBe(200);

    expect((await app.request(`/api/projects/documents/${projectId}/e.pdf`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect((await app.request(`/api/projects/documents/${projectId}/e.pdf`, { method: 'DELETE', token: admin })).status).toBe(404);
    expect((await app.request(`/api/projects/documents/${projectId}`, { token: admin })).body).toHaveLength(9);
  });
});

describe('zip and downloads', () => {
  it('zips the project (with GIS data) and serves it', async () => {
    const before = await app.request(`/api/projects/downloads/${projectId}`, { token: admin });
    expect(before.body).toMatchObject({ status: { isZipping: false, isRunningScenarios: false }, zipFile: { exists: false }, hasSetHrus: false, pointSourceConstant: false });
    expect(before.body.geoJsonLayers.map((l: { layer: string }) => l.layer)).toEqual(['subbasins', 'streams']);
    expect(before.body.subbasinsCsv).toBe(`/api/projects/csv/${projectId}/subbasins`);
    expect((await app.request(`/api/projects/zip/${projectId}`, { method: 'PUT', token: admin, body: { value: true } })).status).toBe(200);
    const done = await waitFor(projectId, (b) => !b.status.isZipping);
    expect(done.status.hasError).toBe(false);
    const after = await app.request(`/api/projects/downloads/${projectId}`, { token: admin });
    expect(after.body.zipFile.exists).toBe(true);
    const res = await fetch(`${app.url}${after.body.zipFile.url}?access_token=${admin}`);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const text = bytes.toString('latin1');
    for (const entry of ['project.json', 'watershed/subbasins.csv', 'watershed/hrus-original.csv', 'watershed/hrus-trimmed.csv', 'gis/subbasins.geojson', 'documents/a.docx']) expect(text).toContain(entry);
  });

  it('cancels a zip with abortzip', async () => {
    // no worker picks the job up before the abort: stop processing by queuing behind nothing
    await app.deps.db('projects').where('id', projectId).update({ is_zipping: true, zip_abort: false });
    const res = await app.request(`/api/projects/abortzip/${projectId}`, { token: admin });
    expect(res.body).toEqual({ value: true });
    const p = (await app.request(`/api/projects/${projectId}`, { token: admin })).body;
    expect(p.status.isZipping).toBe(false);
    expect(p.status.statusMessage).toBe('Zip cancelled.');
  });
});

describe('copy, errors and delete', () => {
  let copyId: number;
  it('copies with the spec messages', async () => {
    expect((await app.request(`/api/projects/copy/${projectId}`, { token: admin, body: { value: ' ' } })).body.errors.value).toEqual(['Please provide a name for the new project.']);
    const res = await app.request(`/api/projects/copy/${projectId}`, { token: admin, body: { value: 'Little River renamed (Copy)' } });
    expect(res.status).toBe(200);
    copyId = res.body.id;
    const done = await waitFor(copyId, (b) => b.status.isCreated && !b.status.isCopying);
    expect(done.status.hasError).toBe(false);
    expect(done.project).toMatchObject({ name: 'Little River renamed (Copy)', numHrus: 134, numSubbasins: 3 });
    expect((await app.request(`/api/hruselection/hrus/${copyId}`, { token: admin })).body.total).toBe(134);
    expect((await app.request(`/api/projects/documents/${copyId}`, { token: admin })).body).toHaveLength(9);
  });

  it('keeps a job error on the project until Clear Error', async () => {
    await app.deps.db('projects').where('id', copyId).update({ method: 'target', target_threshold: 1, is_setting_hrus: true });
    await app.deps.queue.queue<{ projectId: number }>('project-set-hrus').add({ projectId: copyId });
    const failed = await waitFor(copyId, (b) => b.status.hasError);
    expect(failed.status).toMatchObject({ hasError: true, isSettingHrus: false, statusMessage: 'An error occurred in the project' });
    expect(failed.status.exceptionMessage).toMatch(/target number of HRUs/);
    expect((await app.request(`/api/projects/clearerror/${copyId}`, { token: admin })).status).toBe(200);
    expect((await app.request(`/api/projects/${copyId}`, { token: admin })).body.status).toMatchObject({ hasError: false, exceptionMessage: '' });
  });

  it('deletes', async () => {
    expect((await app.request(`/api/projects/${copyId}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect((await app.request(`/api/projects/${copyId}`, { token: admin })).status).toBe(404);
    expect((await app.request(`/api/projects/${copyId}`, { method: 'DELETE', token: admin })).status).toBe(404);
  });
});

describe('authorization', () => {
  const routes = (id: number): [string, string, unknown?][] => [
    ['GET', `/api/projects/${id}`],
    ['GET', `/api/projects/${id}/1`],
    ['GET', `/api/projects/basic-info/${id}`],
    ['POST', `/api/projects/copy/${id}`, { value: 'Stolen' }],
    ['PUT', `/api/projects/${id}`, { value: 'Stolen' }],
    ['GET', `/api/projects/clearerror/${id}`],
    ['GET', `/api/projects/abortzip/${id}`],
    ['GET', `/api/projects/hrus/${id}`],
    ['POST', '/api/projects/hrus', { projectID: id, method: 'target', targetThreshold: 10 }],
    ['PATCH', `/api/projects/hrus/reset/${id}`],
    ['GET', `/api/hruselection/hrus/${id}`],
    ['GET', `/api/projects/documents/${id}`],
    ['POST', `/api/projects/documents/${id}`, {}],
    ['GET', `/api/projects/documents/${id}/a.docx`],
    ['DELETE', `/api/projects/documents/${id}/a.docx`],
    ['GET', `/api/projects/metadata/${id}`],
    ['GET', `/api/projects/downloads/${id}`],
    ['PUT', `/api/projects/zip/${id}`, { value: false }],
    ['GET', `/api/projects/zipfile/${id}`],
    ['GET', `/api/projects/csv/${id}/subbasins`],
    ['GET', `/api/projects/csv/${id}/hrus-original`],
    ['GET', `/api/projects/csv/${id}/hrus-trimmed`],
    ['GET', `/api/exports/geojson/${id}/subbasins`],
    ['GET', `/api/exports/geojson/${id}/streams`],
    ['GET', `/api/projects/map/${id}`],
    ['DELETE', `/api/projects/${id}`],
  ];

  // Another user's project answers exactly as one that does not exist (issue 17: no leak of
  // which ids exist; it answered 403 before groups). test/access-matrix.test.ts covers every route.
  it('answers 401 without a token and 404 to another user on every project route', async () => {
    for (const [method, path, body] of routes(projectId)) {
      const anonymous = await app.request(path, { method, body });
      expect(anonymous.status, `${method} ${path} anonymous`).toBe(401);
      expect(anonymous.body).toBe(MESSAGES.unauthorized);
      const stranger = await app.request(path, { method, body, token: other });
      expect(stranger.status, `${method} ${path} other user`).toBe(404);
      expect(stranger.body).toBe(MESSAGES.notFound);
    }
    // and the project is untouched
    const p = await app.request(`/api/projects/${projectId}`, { token: admin });
    expect(p.status).toBe(200);
    expect(p.body.project.name).toBe('Little River renamed');
  });

  it('answers 404 for a project that does not exist', async () => {
    for (const [method, path, body] of routes(987654)) {
      const res = await app.request(path, { method, body, token: other });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });

  it('lets only the owner join the live status room', async () => {
    const mine = await connect(admin);
    expect(await join(mine, `project:${projectId}`)).toBe(true);
    const theirs = await connect(other);
    expect(await join(theirs, `project:${projectId}`)).toBe(false);
    const anonymous = await connect();
    expect(await join(anonymous, `project:${projectId}`)).toBe(false);
  });

  it('lets the owner delete the project', async () => {
    expect((await app.request(`/api/projects/${projectId}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect((await app.request('/api/projects', { token: admin })).body.total).toBe(0);
  });
});

describe('the grid helper (http/grid.ts)', () => {
  const spec = { columns: [{ field: 'name' }, { field: 'numHrus', sortable: true }, { field: 'secret', sortable: false, csv: false }], defaultSort: 'name_desc', defaultPerPage: 10, maxPerPage: 50 };
  it('parses sort, page, perPage, filter and the CSV variant, ignoring what it does not know', () => {
    expect(parseGridQuery({}, spec)).toEqual({ sortField: 'name', desc: true, page: 1, perPage: 10, filter: '', csv: false });
    expect(parseGridQuery({ sort: 'numHrus', page: '3', perPage: '500', filter: ' x ', format: 'csv' }, spec)).toEqual({ sortField: 'numHrus', desc: false, page: 3, perPage: 50, filter: 'x', csv: true });
    expect(parseGridQuery({ sort: 'secret_desc', page: '-1', perPage: 'abc' }, spec)).toMatchObject({ sortField: 'name', desc: true, page: 1, perPage: 10 });
    expect(parseGridQuery({ sort: 'drop table_desc' }, spec).sortField).toBe('name');
  });
  it('writes RFC 4180 CSV', () => {
    const csv = toCsv([{ name: 'a, "b"', numHrus: 3, secret: 'no' }, { name: null, numHrus: 0 }], [{ field: 'name', header: 'Name' }, { field: 'numHrus' }, { field: 'secret', csv: false }]);
    expect(csv).toBe('Name,numHrus\r\n"a, ""b""",3\r\n,0\r\n');
  });
});
