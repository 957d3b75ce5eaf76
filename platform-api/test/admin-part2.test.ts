// Administrator area part 2 (issue 20) through the API: who may call each call (anonymous, a
// user, a partial administrator, an administrator — refused by the server, not only hidden);
// the projects and scenarios grids, CSV exports, the copy to another user and the audit of
// support access; weather datasets read from station files on the server (checked by file and
// line, kept inside DATA_DIR/weather) and offered to scenarios; SWAT executables uploaded and a
// disabled version left out; offline mode and API connectivity in effect; the job queue page's
// calls on Bee-Queue; a special job with its progress.
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPcp, formatTmp } from '@headwater/swat/txtinout/index.ts';
import { startProcessing } from '../src/jobs/processors.ts';
import { API_DISABLED_MESSAGE, OFFLINE_MESSAGE } from '../src/modules/site/gate.ts';
import { signedHeaders } from '../src/modules/api-clients/keys.ts';
import { COPY_NAME_REQUIRED } from '../src/modules/admin-projects/service.ts';
import { startTestApp, type TestApp } from './helpers.ts';

let app: TestApp;
const PASSWORD = 'Correct-horse-1';
type Who = 'anonymous' | 'user' | 'partial' | 'admin';
const tokens = {} as Record<Exclude<Who, 'anonymous'>, string>;
let datasetId: number;
let ursulaProject: number;

const call = (who: Who, path: string, init: { method?: string; body?: unknown } = {}) => app.request(`/api/${path}`, { ...init, token: who === 'anonymous' ? undefined : tokens[who] });

async function userWithToken(userName: string): Promise<string> {
  const created = await app.request('/api/admin/users', {
    token: tokens.admin,
    body: { firstName: userName, lastName: 'Tester', email: `${userName}@example.org`, userName, password: PASSWORD, country: 'United States', state: 'Texas', organizationCategory: 'University or college', affiliation: 'Lab', reasonForUse: 'Testing' },
  });
  expect(created.status).toBe(201);
  return app.login(userName, PASSWORD);
}

async function poll<T>(what: string, get: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function upload(who: Who, name: string, content: string | Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([content as BlobPart]), name);
  const res = await fetch(`${app.url}/api/admin/swatversions/upload`, { method: 'POST', headers: who === 'anonymous' ? {} : { Authorization: `Bearer ${tokens[who]}` }, body: form });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
}

const audit = (action: string, entityId: number, entity = 'project') => app.deps.db('admin_audit_log').where({ entity, action, entityId });

beforeAll(async () => {
  app = await startTestApp();
  app.config.mfaRequired = false;
  app.config.captchaProvider = 'none';
  startProcessing(app.deps, 1);
  tokens.admin = await app.login();
  tokens.user = await userWithToken('ursula');
  tokens.partial = await userWithToken('pat');
  await app.deps.db('users').where('userName', 'pat').update({ roles: JSON.stringify(['Registered', 'PartialAdmin']) });
  tokens.partial = await app.login('pat', PASSWORD);
  const lists = (await call('user', 'datasets/publiclist')).body as { options: { value: number; text: string }[] }[];
  datasetId = lists.flatMap((g) => g.options).find((o) => /Little River/.test(o.text))!.value;
  const owner = await app.deps.db('users').where('userName', 'ursula').first('id');
  const [p] = await app.deps.db('projects').insert({ userId: owner.id, name: 'Ursula watershed', isCreated: true, datasetId, numSubbasins: 3, numHrus: 40, endingSubbasin: '7', hasSetHrus: true }).returning('id');
  ursulaProject = p.id;
  await app.deps.db('scenarios').insert({ projectId: p.id, userId: owner.id, name: 'Baseline U', startingSimulationDate: '2000-01-01', endingSimulationDate: '2001-12-31' });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('who may call the part 2 admin calls', () => {
  // [method, path, body, full administrators only]
  const CALLS: [string, string, unknown, boolean][] = [
    ['GET', 'admin/projects', undefined, false],
    ['GET', 'admin/exports/projects', undefined, false],
    ['GET', 'admin/projects/scenarios', undefined, false],
    ['GET', 'admin/exports/scenarios', undefined, false],
    ['GET', 'admin/users/find/urs', undefined, false],
    ['GET', 'admin/weather', undefined, false],
    ['GET', 'admin/weather/options', undefined, false],
    ['GET', 'admin/swatversions', undefined, false],
    ['GET', 'admin/swatversions/files', undefined, false],
    ['GET', 'admin/websitetext', undefined, true],
    ['GET', 'admin/websitesettings', undefined, true],
    ['GET', 'admin/websitetextpage/Help', undefined, true],
    ['GET', 'admin/jobs', undefined, true],
    ['GET', 'admin/jobs/mail/failed', undefined, true],
    ['GET', 'admin/special-jobs', undefined, true],
  ];
  for (const [method, path, body, fullOnly] of CALLS) {
    it(`${method} ${path}: anonymous 401, user 403, partial administrator ${fullOnly ? '403' : 'allowed'}, administrator allowed`, async () => {
      const init = { method, ...(body !== undefined ? { body } : {}) };
      expect((await call('anonymous', path, init)).status).toBe(401);
      expect((await call('user', path, init)).status).toBe(403);
      expect((await call('partial', path, init)).status).toBe(fullOnly ? 403 : 200);
      expect((await call('admin', path, init)).status).toBe(200);
    });
  }

  it('the calls that change things refuse users, and partial administrators where full administrators only', async () => {
    expect((await call('user', `admin/projects/copy/${ursulaProject}`, { body: { name: 'x' } })).status).toBe(403);
    expect((await call('user', 'admin/weather', { body: {} })).status).toBe(403);
    expect((await upload('user', 'swat-x', '#!/bin/sh\n')).status).toBe(403);
    expect((await upload('anonymous', 'swat-x', '#!/bin/sh\n')).status).toBe(401);
    expect((await call('partial', 'admin/special-jobs/dashboard-statistics', { body: {} })).status).toBe(403);
    expect((await call('partial', 'admin/websitesettings', { body: { isOffline: true } })).status).toBe(403);
    expect((await call('partial', 'admin/websitetextpage/Help', { body: { value: '<p>x</p>' } })).status).toBe(403);
    expect((await call('partial', 'admin/jobs/mail/retry/default/1', { body: {} })).status).toBe(403);
    expect((await call('partial', 'admin/jobs/mail/default/1', { method: 'DELETE' })).status).toBe(403);
  });
});

describe('projects and scenarios', () => {
  it('grids every user\'s projects with the spec\'s row fields, filter and CSV export', async () => {
    const res = await call('partial', 'admin/projects?filter=Ursula');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0]).toMatchObject({ id: ursulaProject, name: 'Ursula watershed', userName: 'ursula', dataset: expect.stringMatching(/Little River/), endingSubbasin: '7', numSubbasins: 3, numHrus: 40, numScenarios: 1 });
    const csv = await call('admin', 'admin/exports/projects');
    expect(csv.headers.get('content-type')).toMatch(/csv/);
    expect(String(csv.body).split('\n')[0]).toContain('Ending subbasin');
    expect(String(csv.body)).toContain('Ursula watershed');
    const sc = await call('admin', 'admin/projects/scenarios?filter=Baseline U');
    expect(sc.body.items[0]).toMatchObject({ name: 'Baseline U', project: 'Ursula watershed', projectID: ursulaProject, userName: 'ursula', hasRun: false, startingSimulationDate: '2000-01-01', endingSimulationDate: '2001-12-31' });
    expect(String((await call('admin', 'admin/exports/scenarios')).body)).toContain('Baseline U');
  });

  it('finds user names for the typeahead', async () => {
    expect((await call('admin', 'admin/users/find/URS')).body).toEqual(['ursula']);
    expect((await call('admin', 'admin/users/find/zzz')).body).toEqual([]);
  });

  it('copies a project to another user, with the spec\'s message for a missing name', async () => {
    const blank = await call('admin', `admin/projects/copy/${ursulaProject}`, { body: { name: ' ', userName: 'pat' } });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.name).toEqual([COPY_NAME_REQUIRED]);
    const nobody = await call('admin', `admin/projects/copy/${ursulaProject}`, { body: { name: 'For nobody', userName: 'no-such-user' } });
    expect(nobody.status).toBe(400);
    expect((await call('admin', 'admin/projects/copy/2147480000', { body: { name: 'x' } })).status).toBe(404);
    const res = await call('partial', `admin/projects/copy/${ursulaProject}`, { body: { name: 'Ursula watershed (Copy)', userName: 'pat' } });
    expect(res.status).toBe(200);
    const copy = await app.deps.db('projects').where('id', res.body.id).first('userId', 'name', 'copiedFromId');
    const pat = await app.deps.db('users').where('userName', 'pat').first('id');
    expect(copy).toMatchObject({ userId: pat.id, name: 'Ursula watershed (Copy)', copiedFromId: ursulaProject });
    expect(await audit('copy', res.body.id)).toHaveLength(1);
    // blank owner keeps the same user
    const same = await call('admin', `admin/projects/copy/${ursulaProject}`, { body: { name: 'Same owner' } });
    const ursula = await app.deps.db('users').where('userName', 'ursula').first('id');
    expect((await app.deps.db('projects').where('id', same.body.id).first('userId')).userId).toBe(ursula.id);
  });

  it('records an administrator opening someone else\'s project (once an hour each), not the owner', async () => {
    expect((await call('user', `projects/${ursulaProject}`)).status).toBe(200);
    expect((await call('admin', `projects/${ursulaProject}`)).status).toBe(200);
    expect((await call('admin', `projects/${ursulaProject}`)).status).toBe(200);
    const scenario = await app.deps.db('scenarios').where('projectId', ursulaProject).first('id');
    expect((await call('partial', `scenarios/${scenario.id}`)).status).toBe(200);
    const rows = await audit('support-access', ursulaProject);
    expect(rows.map((r: { actorName: string }) => r.actorName).sort()).toEqual(['admin', 'pat']);
  });
});

describe('weather datasets from station files on the server', () => {
  const days = 731; // 2000-01-01 .. 2001-12-31
  const dates = Int32Array.from({ length: days }, (_, i) => (i < 366 ? 2000 * 1000 + i + 1 : 2001 * 1000 + i - 365));
  let counts: { pcp: number; tmp: number };

  function writeStations(folder: string, opts: { badLine?: number } = {}) {
    const dir = join(app.config.dataDir, 'weather', folder);
    mkdirSync(dir, { recursive: true });
    const stations = (n: number) => Array.from({ length: n }, (_, k) => ({ name: `st${k + 1}`, lat: 35 + k / 10, long: -83.5, elev: 100 + k }));
    const pcp = formatPcp({ stations: stations(counts.pcp), dates, pcp: Array.from({ length: counts.pcp }, (_, k) => Float64Array.from({ length: days }, (_, i) => ((i + k) % 7 === 0 ? 12.5 : 0))) });
    const tmp = formatTmp({ stations: stations(counts.tmp), dates, tmax: Array.from({ length: counts.tmp }, () => Float64Array.from({ length: days }, (_, i) => 20 + 10 * Math.sin(i / 58))), tmin: Array.from({ length: counts.tmp }, () => Float64Array.from({ length: days }, (_, i) => 8 + 10 * Math.sin(i / 58))) });
    let lines = pcp.split('\r\n');
    if (opts.badLine) lines[opts.badLine - 1] = lines[opts.badLine - 1]!.slice(0, 7) + '  x.x' + lines[opts.badLine - 1]!.slice(12);
    writeFileSync(join(dir, 'pcp1.pcp'), lines.join('\r\n'));
    writeFileSync(join(dir, 'Tmp1.Tmp'), tmp);
    return dir;
  }

  const form = (pathToFiles: string, extra: Record<string, unknown> = {}) => ({ name: `Test weather ${pathToFiles}`, pathToFiles, startDate: '2000-01-01', endDate: '2001-12-31', fileFormat: 2, isActive: true, sortOrder: 5, datasetIDs: [datasetId], ...extra });

  beforeAll(async () => {
    const rows = (await app.deps.db('weather_stations as s').join('dataset_weather_datasets as dw', 'dw.weatherDatasetId', 's.weatherDatasetId').where({ 'dw.datasetId': datasetId, 'dw.isDefault': true }).select('s.variable').count({ n: '*' }).groupBy('s.variable')) as { variable: string; n: string }[];
    counts = { pcp: Number(rows.find((r) => r.variable === 'pcp')?.n ?? 1), tmp: Number(rows.find((r) => r.variable === 'tmp')?.n ?? 1) };
  });

  it('checks the form with the spec\'s messages', async () => {
    const res = await call('admin', 'admin/weather', { body: {} });
    expect(res.status).toBe(400);
    for (const f of ['name', 'pathToFiles', 'startDate', 'endDate', 'fileFormat', 'isActive', 'sortOrder']) expect(res.body.errors[f], f).toEqual(['Required']);
  });

  it('never reads outside the main weather directory', async () => {
    for (const path of ['../../etc', '/etc', 'a/../../..']) {
      const res = await call('admin', 'admin/weather', { body: form(path) });
      expect(res.status, path).toBe(400);
      expect(res.body.errors.pathToFiles[0]).toMatch(/inside the main weather directory/);
    }
    expect((await call('admin', 'admin/weather', { body: form('missing-folder') })).body.errors.pathToFiles).toEqual(['The folder does not exist on the server.']);
  });

  it('reports a bad value by file and line', async () => {
    writeStations('broken', { badLine: 10 });
    const res = await call('admin', 'admin/weather', { body: form('broken') });
    expect(res.status).toBe(400);
    expect(res.body.errors.pathToFiles).toEqual(["pcp1.pcp: line 10: value 1 ('x.x') is not a number."]);
    const outside = await call('admin', 'admin/weather', { body: form('broken-dates', { endDate: '2003-12-31' }) });
    expect(outside.status).toBe(400);
  });

  let weatherId: number;
  it('creates a weather dataset that scenarios of the linked dataset can choose, edits and deletes it', async () => {
    writeStations('test-observed');
    const res = await call('partial', 'admin/weather', { body: form('test-observed') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    weatherId = res.body.id;
    const stations = await app.deps.db('weather_stations').where('weatherDatasetId', weatherId).select('variable', 'numDays', 'startDate');
    expect(stations.filter((s: { variable: string }) => s.variable === 'pcp')).toHaveLength(counts.pcp);
    expect(stations.filter((s: { variable: string }) => s.variable === 'tmp')).toHaveLength(counts.tmp);
    expect(stations[0].numDays).toBe(days);
    const got = await call('admin', `admin/weather/${weatherId}`);
    expect(got.body).toMatchObject({ name: 'Test weather test-observed', startDate: '2000-01-01', endDate: '2001-12-31', fileFormat: 2, hasPcp: true, hasTmp: true, hasSlr: false, nrtot: counts.pcp, datasetIDs: [datasetId] });
    const grid = await call('admin', 'admin/weather?filter=test-observed');
    expect(grid.body.items).toEqual([expect.objectContaining({ id: weatherId, startDate: '2000-01-01', endDate: '2001-12-31', sortOrder: 5 })]);
    // offered to the owner's scenarios of a project on that dataset
    const options = await call('user', `scenarios/options/${ursulaProject}`);
    const offered = (options.body.weatherDatasets as { options: { id: number }[] }[]).flatMap((g) => g.options).map((o) => o.id);
    expect(offered).toContain(weatherId);
    const saved = await call('user', 'scenarios', { body: { projectID: ursulaProject, name: 'On new weather', weatherDatasetID: weatherId, swatVersionID: options.body.defaultSWATVersion, printSetting: 1, skipYears: 1, startingSimulationDate: '2000-01-01', endingSimulationDate: '2001-12-31' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // edit: inactive leaves the choices
    const edited = await call('admin', `admin/weather/${weatherId}`, { method: 'PUT', body: form('test-observed', { isActive: false, name: 'Renamed weather' }) });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.name).toBe('Renamed weather');
    const after = await call('user', `scenarios/options/${ursulaProject}`);
    expect((after.body.weatherDatasets as { options: { id: number }[] }[]).flatMap((g) => g.options).map((o) => o.id)).not.toContain(weatherId);
    // delete: Admin only
    expect((await call('partial', `admin/weather/${weatherId}`, { method: 'DELETE' })).status).toBe(403);
    expect((await call('admin', `admin/weather/${weatherId}`, { method: 'DELETE' })).status).toBe(200);
    expect((await call('admin', `admin/weather/${weatherId}`)).status).toBe(404);
    expect(await audit('create', weatherId, 'weather')).toHaveLength(1);
    expect(await audit('delete', weatherId, 'weather')).toHaveLength(1);
  });
});

describe('SWAT executables and versions', () => {
  it('takes executables only, overwrites the same name, and a disabled version is not offered', async () => {
    expect((await upload('admin', 'notes.txt', 'hello')).status).toBe(400);
    const notProgram = await upload('admin', 'swat.exe', 'plain text');
    expect(notProgram.status).toBe(400);
    expect(notProgram.body.errors.file[0]).toMatch(/not an executable/);
    const ok = await upload('partial', 'swat-test', '#!/bin/sh\necho one\n');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const path = join(app.config.swatExecutablesDir, 'swat-test');
    expect(statSync(path).mode & 0o111).not.toBe(0);
    await upload('admin', 'swat-test', '#!/bin/sh\necho two\n');
    expect(existsSync(path)).toBe(true);
    const files = (await call('admin', 'admin/swatversions/files')).body as { name: string }[];
    expect(files.map((f) => f.name)).toEqual(['swat-test']);
    const created = await call('admin', 'admin/swatversions', { body: { name: 'Test SWAT', releaseFileName: 'swat-test', debugFileName: 'swat-test', isDefault: false, isDisabled: true } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const options = await call('user', `scenarios/options/${ursulaProject}`);
    expect((options.body.swatVersions as { id: number }[]).map((v) => v.id)).not.toContain(created.body.id);
    const refused = await call('user', 'scenarios', { body: { projectID: ursulaProject, name: 'Disabled version', weatherDatasetID: options.body.defaultWeatherDataset, swatVersionID: created.body.id, printSetting: 1, skipYears: 1, startingSimulationDate: '2000-01-01', endingSimulationDate: '2001-12-31' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.swatVersionID).toBeDefined();
  });
});

describe('offline mode and API connectivity', () => {
  it('answers 503 to everyone but administrators while offline, and keeps sign-in open', async () => {
    const settings = (await call('admin', 'admin/websitesettings')).body;
    expect((await call('admin', 'admin/websitesettings', { body: { ...settings, isOffline: true } })).status).toBe(200);
    const refused = await call('user', 'projects');
    expect(refused.status).toBe(503);
    expect(refused.body).toBe(OFFLINE_MESSAGE);
    expect((await call('anonymous', 'datasets/publiclist')).status).toBe(503);
    expect((await call('partial', 'projects')).status).toBe(200);
    expect((await call('admin', 'projects')).status).toBe(200);
    const site = await call('anonymous', 'datasets/websitetext');
    expect(site.status).toBe(200);
    expect(site.body.siteSettings.isOffline).toBe(true);
    expect(await app.login()).toBeTruthy();
    await call('admin', 'admin/websitesettings', { body: { ...settings, isOffline: false } });
    expect((await call('user', 'projects')).status).toBe(200);
  });
});

describe('API connectivity', () => {
  it('refuses requests signed with API keys while turned off, and only those', async () => {
    const ursula = await app.deps.db('users').where('userName', 'ursula').first('id');
    const keys = (await call('admin', `admin/users/apiAccess/${ursula.id}`, { method: 'POST' })).body as { sharedKey: string; secretKey: string };
    const signed = async () => {
      const headers = signedHeaders(keys.sharedKey, keys.secretKey, { method: 'GET', path: '/api/api-requests/access', query: {}, body: '' });
      const res = await fetch(`${app.url}/api/api-requests/access`, { headers });
      return { status: res.status, body: await res.text() };
    };
    expect((await signed()).status).toBe(200);
    const settings = (await call('admin', 'admin/websitesettings')).body;
    await call('admin', 'admin/websitesettings', { body: { ...settings, apiConnectivityEnabled: false } });
    expect(await signed()).toEqual({ status: 503, body: API_DISABLED_MESSAGE });
    expect((await call('user', 'api-requests/access')).status).toBe(200); // the site's own pages keep working
    await call('admin', 'admin/websitesettings', { body: { ...settings, apiConnectivityEnabled: true } });
    expect((await signed()).status).toBe(200);
  });
});

describe('the job queue and special jobs', () => {
  it('lists the queues with counts, a failed job to retry and remove (Bee-Queue)', async () => {
    const overview = await call('admin', 'admin/jobs');
    expect(overview.body.driver).toBe('redis');
    const names = (overview.body.queues as { name: string }[]).map((q) => q.name);
    expect(names).toEqual(expect.arrayContaining(['scenario-run', 'admin-special-job']));
    // a job that fails: a special job of an unknown kind
    const { id } = await app.deps.queue.queue('admin-special-job').add({ runId: 0, kind: 'nope' });
    const failed = await poll('the failed job', () => call('admin', 'admin/jobs/admin-special-job/failed').then((r) => r.body as { id: string; priority: string; error: string }[]), (l) => l.some((j) => j.id === id));
    expect(failed.find((j) => j.id === id)!.error).toMatch(/Unknown special job/);
    expect((await call('admin', `admin/jobs/admin-special-job/retry/default/${id}`, { body: {} })).status).toBe(200);
    await poll('failed again', () => call('admin', 'admin/jobs/admin-special-job/failed').then((r) => r.body as { id: string }[]), (l) => l.some((j) => j.id === id));
    expect((await call('admin', `admin/jobs/admin-special-job/default/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect(((await call('admin', 'admin/jobs/admin-special-job/failed')).body as { id: string }[]).some((j) => j.id === id)).toBe(false);
    expect((await call('admin', 'admin/jobs/no-such-queue/failed')).status).toBe(404);
    expect((await call('admin', 'admin/jobs/admin-special-job/nonsense')).status).toBe(404);
  });

  it('runs a special job on the queue to completion with its progress kept', async () => {
    for (const kind of ['dashboard-statistics', 'geometry-caches', 'vacuum-analyze', 'prune-outputs']) {
      const started = await call('admin', `admin/special-jobs/${kind}`, { body: {} });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const run = await poll(kind, () => call('admin', 'admin/special-jobs').then((r) => (r.body.runs as { id: number; status: string; progress: number; message: string }[]).find((x) => x.id === started.body.id)!), (r) => r.status === 'complete' || r.status === 'error', 60_000);
      expect(run, JSON.stringify(run)).toMatchObject({ status: 'complete', progress: 100 });
    }
    expect((await call('admin', 'admin/special-jobs/unknown', { body: {} })).status).toBe(404);
  }, 120_000);
});

describe('the in-process queue driver behind the job queue page', () => {
  it('lists waiting and failed jobs, retries a failed one and removes one', async () => {
    const { MemoryQueueDriver } = await import('../src/jobs/queue.ts');
    const q = new MemoryQueueDriver().queue<{ fail: boolean }>('test');
    const first = await q.add({ fail: true });
    const second = await q.add({ fail: false }, { priority: 'highest' });
    expect((await q.jobs('waiting', 10)).map((j) => j.id).sort()).toEqual([first.id, second.id].sort());
    expect(await q.remove('highest', second.id)).toBe(true);
    let attempts = 0;
    q.process(1, async (job) => {
      attempts++;
      if (job.data.fail) throw new Error('broken on purpose');
    });
    await poll('the failure', () => q.jobs('failed', 10), (l) => l.length === 1);
    expect((await q.jobs('failed', 10))[0]).toMatchObject({ id: first.id, priority: 'default', error: 'broken on purpose' });
    expect(await q.retry('default', first.id)).toBe(true);
    await poll('the second failure', async () => attempts, (n) => n === 2);
    await poll('failed again', () => q.jobs('failed', 10), (l) => l.length === 1);
    expect(await q.remove('default', first.id)).toBe(true);
    expect(await q.jobs('failed', 10)).toEqual([]);
    expect(await q.retry('default', 'nope')).toBe(false);
    expect((await q.counts()).failed).toBe(0);
  });
});
