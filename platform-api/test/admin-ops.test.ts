// The administrator operations of issue 19 (second half) through the API: who may call each of
// them (anonymous, a user, a partial administrator, an administrator) — refused by the server,
// not only hidden; the dashboard and database counts against the tables; user categories and
// the registration list; admin reports written by the queue job with the right counts; the mass
// e-mail (one outbox message per user); and the error report status flow with its notification.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcessing } from '../src/jobs/processors.ts';
import { reportFile } from '../src/modules/reports/service.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { readOutbox, waitForMail } from './mail-helpers.ts';

let app: TestApp;
const PASSWORD = 'Correct-horse-1';
type Who = 'anonymous' | 'user' | 'partial' | 'admin';
const tokens = {} as Record<Exclude<Who, 'anonymous'>, string>;
let datasetId: number;
const seen = new Set<string>();

const call = (who: Who, path: string, init: { method?: string; body?: unknown } = {}) => app.request(`/api/${path}`, { ...init, token: who === 'anonymous' ? undefined : tokens[who] });

async function userWithToken(userName: string, extra: Record<string, string> = {}): Promise<string> {
  const created = await app.request('/api/admin/users', {
    token: tokens.admin,
    body: { firstName: userName, lastName: 'Tester', email: `${userName}@example.org`, userName, password: PASSWORD, country: 'United States', state: 'Texas', organizationCategory: 'University or college', affiliation: 'Lab', reasonForUse: 'Testing', ...extra },
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

/** A bare project row of `userName` on the demo dataset with `scenarios` scenarios, `run` of them run. */
async function projectWith(userName: string, name: string, scenarios: number, run: { count: number; seconds: number; at: Date }) {
  const db = app.deps.db;
  const owner = await db('users').where('userName', userName).first('id');
  const [p] = await db('projects').insert({ userId: owner.id, name, isCreated: true, datasetId, numSubbasins: 3, numHrus: 40 }).returning('id');
  for (let i = 0; i < scenarios; i++) {
    const ran = i < run.count;
    await db('scenarios').insert({
      projectId: p.id,
      userId: owner.id,
      name: `S${i}`,
      startingSimulationDate: '2000-01-01',
      endingSimulationDate: '2001-12-31',
      hasRun: ran,
      runtime: ran ? run.seconds : null,
      lastRunDate: ran ? run.at : null,
    });
  }
  return p.id as number;
}

beforeAll(async () => {
  app = await startTestApp();
  app.config.mfaRequired = false;
  app.config.captchaProvider = 'none';
  startProcessing(app.deps, 1);
  tokens.admin = await app.login();
  tokens.user = await userWithToken('ursula');
  tokens.partial = await userWithToken('pat', { country: 'Canada', state: '', organizationCategory: 'Federal government' });
  await app.deps.db('users').where('userName', 'pat').update({ roles: JSON.stringify(['Registered', 'PartialAdmin']) });
  tokens.partial = await app.login('pat', PASSWORD);
  const lists = (await call('user', 'datasets/publiclist')).body as { options: { value: number; text: string }[] }[];
  datasetId = lists.flatMap((g) => g.options).find((o) => /Little River/.test(o.text))!.value;
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('who may call the admin operations', () => {
  // [method, path, body, full administrators only]
  const CALLS: [string, string, unknown, boolean][] = [
    ['GET', 'admin/dashboard', undefined, false],
    ['GET', 'admin/dashboard?refresh=true', undefined, false],
    ['GET', 'admin/database', undefined, false],
    ['GET', 'admin/users/categories', undefined, false],
    ['GET', 'admin/reports', undefined, false],
    ['GET', 'admin/reports/options', undefined, false],
    ['GET', 'admin/errorreports', undefined, false],
    ['POST', 'admin/users/emailusers', { subject: '', body: '' }, true],
  ];
  for (const [method, path, body, fullOnly] of CALLS) {
    it(`${method} ${path}: anonymous 401, user 403, partial administrator ${fullOnly ? '403' : 'allowed'}, administrator allowed`, async () => {
      const init = { method, ...(body !== undefined ? { body } : {}) };
      expect((await call('anonymous', path, init)).status).toBe(401);
      expect((await call('user', path, init)).status).toBe(403);
      const partial = await call('partial', path, init);
      const admin = await call('admin', path, init);
      if (fullOnly) expect(partial.status).toBe(403);
      else expect(partial.status).toBe(200);
      // the mass e-mail's empty form is refused only after the role check: 400, not 403
      expect(admin.status).toBe(fullOnly ? 400 : 200);
    });
  }

  it('id-taking calls: anonymous 401, user 403, and 404 for an id that does not exist', async () => {
    for (const [method, path] of [
      ['GET', 'admin/errorreports/2147480000'],
      ['PUT', 'admin/errorreports/2147480000'],
      ['DELETE', 'admin/errorreports/2147480000'],
      ['GET', 'admin/reports/download/2147480000'],
      ['DELETE', 'admin/reports/2147480000'],
    ] as const) {
      const init = { method, ...(method === 'PUT' ? { body: { status: 'Working' } } : {}) };
      expect((await call('anonymous', path, init)).status, `${method} ${path}`).toBe(401);
      expect((await call('user', path, init)).status, `${method} ${path}`).toBe(403);
      expect((await call('partial', path, init)).status, `${method} ${path}`).toBe(404);
      expect((await call('admin', path, init)).status, `${method} ${path}`).toBe(404);
    }
    expect((await call('partial', 'admin/users/emailusers/1')).status).toBe(403);
    expect((await call('admin', 'admin/users/emailusers/2147480000')).status).toBe(404);
  });
});

describe('dashboard and database page', () => {
  it('counts and averages match the tables; cached until refreshed', async () => {
    await projectWith('ursula', 'Dash one', 2, { count: 2, seconds: 120, at: new Date() });
    await projectWith('ursula', 'Dash two', 1, { count: 1, seconds: 240, at: new Date() });
    const first = (await call('admin', 'admin/dashboard?refresh=true')).body;
    const db = app.deps.db;
    const n = async (t: string) => Number((await db(t).count({ n: '*' }))[0]!.n);
    const users = await n('users');
    const projects = await n('projects');
    const scenarios = await n('scenarios');
    expect(first).toMatchObject({ numUsers: users, numProjects: projects, numScenarios: scenarios, numScenariosRunning: 0 });
    expect(first.avgProjectsPerUser).toBeCloseTo(projects / users, 2);
    expect(first.avgScenariosPerProject).toBeCloseTo(scenarios / projects, 2);
    expect(first.avgHrusPerProject).toBeCloseTo(40, 1);
    expect(first.avgScenarioRunTime).toBeCloseTo((120 * 2 + 240) / 3 / 60, 2); // minutes
    expect(first.statisticsTimeChart.categories).toHaveLength(12);
    const runs = first.statisticsTimeChart.series.find((s: { name: string }) => s.name === 'Scenario runs');
    expect(runs.data.at(-1)).toBe(3);
    // cached: a new project is not counted until an administrator refreshes
    await projectWith('ursula', 'Dash three', 0, { count: 0, seconds: 0, at: new Date() });
    const cached = (await call('partial', 'admin/dashboard')).body;
    expect(cached.computedAt).toBe(first.computedAt);
    expect(cached.numProjects).toBe(projects);
    const fresh = (await call('partial', 'admin/dashboard?refresh=true')).body;
    expect(fresh.numProjects).toBe(projects + 1);
    expect(new Date(fresh.computedAt).getTime()).toBeGreaterThanOrEqual(new Date(first.computedAt).getTime());
  });

  it('the database page counts per dataset', async () => {
    const res = await call('partial', 'admin/database');
    const row = res.body.datasets.find((d: { id: number }) => d.id === datasetId);
    const db = app.deps.db;
    const count = async (q: ReturnType<typeof db>) => Number(((await q.count({ n: '*' })) as unknown as { n: string }[])[0]!.n);
    expect(row).toMatchObject({
      subbasins: await count(db('subbasins').where('datasetId', datasetId)),
      hrus: await count(db('hrus').where('datasetId', datasetId)),
      projects: await count(db('projects').where('datasetId', datasetId)),
      scenarios: await count(db('scenarios').join('projects', 'projects.id', 'scenarios.projectId').where('projects.datasetId', datasetId)),
      users: 1,
    });
    expect(row.subbasins).toBeGreaterThan(0);
    expect(res.body.totals.projects).toBeGreaterThanOrEqual(row.projects);
  });
});

describe('user categories', () => {
  it('a partial administrator adds, removes and reorders; the registration list follows', async () => {
    const before = (await call('partial', 'admin/users/categories')).body as string[];
    expect(before).toContain('University or college');
    const next = ['Watershed council', ...before.filter((c) => c !== 'Other').reverse(), '  ', 'watershed council'];
    const saved = await call('partial', 'admin/users/categories', { body: next });
    expect(saved.status).toBe(200);
    // empty and (case-insensitive) duplicate entries are ignored
    expect(saved.body).toEqual(['Watershed council', ...before.filter((c) => c !== 'Other').reverse()]);
    const location = (await call('anonymous', 'account/locationdata')).body;
    expect(location.organizationCategories).toEqual(saved.body);
    // a removed category is refused by registration-type forms
    const refused = await app.request('/api/admin/users', {
      token: tokens.admin,
      body: { firstName: 'O', lastName: 'T', email: 'other@example.org', userName: 'otto', password: PASSWORD, country: 'United States', state: 'Texas', organizationCategory: 'Other', affiliation: 'Lab', reasonForUse: 'Testing' },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/organizationCategory/);
    expect((await call('partial', 'admin/users/categories', { body: ['', ' '] })).status).toBe(400);
    expect((await call('partial', 'admin/users/categories', { body: { not: 'a list' } })).status).toBe(400);
    expect((await call('user', 'admin/users/categories', { body: ['Hacked'] })).status).toBe(403);
    expect((await call('admin', 'admin/users/categories')).body).toEqual(saved.body);
  });
});

describe('reports', () => {
  const waitDone = (id: number) =>
    poll(
      `report ${id}`,
      async () => ((await call('admin', 'admin/reports?perPage=100')).body.items as { id: number; status: string }[]).find((r) => r.id === id),
      (r) => !!r && r.status !== 'running',
    );
  const csvOf = async (id: number) => {
    const res = await app.request(`/api/admin/reports/download/${id}?access_token=${tokens.partial}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.csv"/);
    return (res.body as string).trim().split('\r\n').map((l) => l.split(','));
  };

  it('validates type and dataset (dataset not needed for User Statistics)', async () => {
    const none = await call('partial', 'admin/reports', { body: {} });
    expect(none.status).toBe(400);
    expect(none.body.errors.name).toEqual(['Required']);
    const noDataset = await call('partial', 'admin/reports', { body: { name: 'Projects and Scenarios' } });
    expect(noDataset.body.errors).toEqual({ datasetID: ['Required'] });
    const options = (await call('partial', 'admin/reports/options')).body;
    expect(options.types.map((t: { name: string }) => t.name)).toEqual(['User Statistics', 'Projects and Scenarios', 'Runs per Month', 'Tier Usage']);
    expect(options.datasets.some((d: { value: number }) => d.value === datasetId)).toBe(true);
  });

  it('User Statistics counts users by category and country', async () => {
    const created = await call('partial', 'admin/reports', { body: { name: 'User Statistics' } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'User Statistics', status: 'running', dataset: '' });
    const done = await waitDone(created.body.id);
    expect(done).toMatchObject({ status: 'complete', createdBy: 'pat' });
    const rows = await csvOf(created.body.id);
    expect(rows[0]).toEqual(['Category', 'Country', 'Users', 'Confirmed email']);
    const users = await app.deps.db('users').select('organizationCategory', 'country');
    const expected = new Map<string, number>();
    for (const u of users) {
      const k = `${u.organizationCategory || '(none)'}|${u.country || '(none)'}`;
      expected.set(k, (expected.get(k) ?? 0) + 1);
    }
    const got = new Map(rows.slice(1).map((r) => [`${r[0]}|${r[1]}`, Number(r[2])]));
    expect(got).toEqual(expected);
    expect(got.get('Federal government|Canada')).toBe(1);
  });

  it('Projects and Scenarios, Runs per Month and Tier Usage count the dataset', async () => {
    const before = await app.deps.db('projects').where('datasetId', datasetId).count({ n: '*' });
    const p = await projectWith('pat', 'Report watershed', 3, { count: 2, seconds: 90, at: new Date('2024-03-15T12:00:00Z') });
    const ids: Record<string, number> = {};
    for (const name of ['Projects and Scenarios', 'Runs per Month', 'Tier Usage']) {
      const res = await call('admin', 'admin/reports', { body: { name, datasetID: datasetId } });
      expect(res.status).toBe(200);
      expect(res.body.name).toMatch(new RegExp(`^${name} - .*Little River`));
      ids[name] = res.body.id;
    }
    for (const id of Object.values(ids)) expect((await waitDone(id))!.status).toBe('complete');

    const projects = await csvOf(ids['Projects and Scenarios']!);
    expect(projects.length - 1).toBe(Number(before[0]!.n) + 1);
    const mine = projects.find((r) => r[0] === String(p))!;
    expect(mine.slice(1, 3)).toEqual(['Report watershed', 'pat']);
    expect(mine.slice(-2)).toEqual(['3', '2']);

    const months = await csvOf(ids['Runs per Month']!);
    expect(months[0]).toEqual(['Month', 'Runs', 'Total run time (minutes)', 'Average run time (minutes)']);
    expect(months.find((r) => r[0] === '2024-03')).toEqual(['2024-03', '2', '3', '1.5']);

    const tiers = await csvOf(ids['Tier Usage']!);
    const users = await app.deps.db('users').whereNotNull('tierId').count({ n: '*' });
    expect(tiers.slice(1).reduce((a, r) => a + Number(r[2]), 0)).toBe(Number(users[0]!.n));
    const projectsOnDataset = await app.deps.db('projects').where('datasetId', datasetId).count({ n: '*' });
    const withTier = await app.deps.db('projects').join('users', 'users.id', 'projects.userId').where('projects.datasetId', datasetId).whereNotNull('users.tierId').count({ n: '*' });
    expect(tiers.slice(1).reduce((a, r) => a + Number(r[4]), 0)).toBe(Number(withTier[0]!.n));
    expect(Number(withTier[0]!.n)).toBe(Number(projectsOnDataset[0]!.n));
  });

  it('a deleted report and its file go', async () => {
    const created = await call('admin', 'admin/reports', { body: { name: 'User Statistics' } });
    await waitDone(created.body.id);
    const file = reportFile(app.deps, { id: created.body.id });
    expect(readFileSync(file, 'utf8')).toMatch(/^Category,Country/);
    expect((await call('partial', `admin/reports/${created.body.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await call('admin', `admin/reports/download/${created.body.id}`)).status).toBe(404);
    expect(() => readFileSync(file)).toThrow();
  });
});

describe('mass e-mail', () => {
  it('validates subject and body', async () => {
    const res = await call('admin', 'admin/users/emailusers', { body: { subject: ' ', body: '<p></p>' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ subject: ['Required'], body: ['Required'] });
  });

  it('a full administrator sends one message per user, in batches, with a copy to themselves', async () => {
    const outbox = app.config.mailOutboxDir;
    const before = new Set(readOutbox(outbox).map((m) => m.file));
    const res = await call('admin', 'admin/users/emailusers', {
      body: { subject: 'Maintenance on Sunday', body: '<p>The site is <strong>down</strong> on Sunday.</p><script>alert(1)</script><p onclick="x()">Thanks</p>', bccSender: true },
    });
    expect(res.status).toBe(200);
    const confirmed = (await app.deps.db('users').where('emailConfirmed', true).select('email')).map((u) => u.email as string);
    expect(res.body.total).toBe(confirmed.length);
    const status = await poll('the mass e-mail', () => call('admin', `admin/users/emailusers/${res.body.id}`).then((r) => r.body), (b) => b.status === 'complete');
    expect(status).toMatchObject({ sent: confirmed.length, total: confirmed.length, progress: 100 });
    const sent = readOutbox(outbox).filter((m) => !before.has(m.file) && m.subject === 'Maintenance on Sunday');
    expect(sent.map((m) => m.to).sort()).toEqual([...confirmed].sort());
    for (const m of sent) {
      expect(m.html).toBe('<p>The site is <strong>down</strong> on Sunday.</p><p>Thanks</p>');
      expect(m.text).toMatch(/The site is down on Sunday\.\s+Thanks/);
    }
    const copies = sent.filter((m) => (m as { bcc?: string }).bcc === 'admin@example.org');
    expect(copies).toHaveLength(1);
    // recorded: what was sent, by whom, how far (full administrators only)
    const history = await call('admin', 'admin/users/emailusers');
    expect(history.body[0]).toMatchObject({ id: res.body.id, subject: 'Maintenance on Sunday', sender: 'admin', status: 'complete', sent: confirmed.length, bccSender: true });
    expect((await call('partial', 'admin/users/emailusers')).status).toBe(403);
  });
});

describe('feedback and error reports', () => {
  it('Submitted → Working → Resolved: the user is notified, sees status and reply, and is e-mailed with a cc', async () => {
    const submitted = await call('user', 'errorreports', { body: { title: 'Chart is empty', userComments: 'The chart page shows nothing.' } });
    expect(submitted.status).toBe(200);
    const id = submitted.body.id as number;

    const grid = (await call('partial', 'admin/errorreports?filter=Chart is empty')).body;
    expect(grid.items).toEqual([expect.objectContaining({ id, title: 'Chart is empty', userName: 'ursula', status: 'Submitted', resolvedDate: null })]);
    expect((await call('partial', 'admin/errorreports?status=Resolved&filter=Chart is empty')).body.total).toBe(0);
    expect((await call('partial', `admin/errorreports/${id}`)).body).toMatchObject({ id, userName: 'ursula', userEmail: 'ursula@example.org', status: 'Submitted', developerComments: '' });

    // the user may not answer their own report
    expect((await call('user', `admin/errorreports/${id}`, { method: 'PUT', body: { status: 'Resolved' } })).status).toBe(403);
    expect((await call('partial', `admin/errorreports/${id}`, { method: 'PUT', body: { status: 'Closed' } })).body.errors.status).toBeDefined();

    const working = await call('partial', `admin/errorreports/${id}`, { method: 'PUT', body: { status: 'Working' } });
    expect(working.status).toBe(200);
    expect(working.body).toMatchObject({ status: 'Working', resolvedDate: null, resolvedBy: null });

    const resolved = await call('admin', `admin/errorreports/${id}`, {
      method: 'PUT',
      body: { id, title: 'Chart is empty', status: 'Resolved', developerComments: 'Fixed in the output reader.', resolvedBy: '', emailUser: true, ccEmail: 'support@example.org' },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'Resolved', developerComments: 'Fixed in the output reader.', resolvedBy: 'admin', ccEmail: 'support@example.org' });
    expect(resolved.body.resolvedDate).toBeTruthy();

    // what the user sees at /feedback/{id}
    const mine = (await call('user', `errorreports/${id}`)).body;
    expect(mine).toMatchObject({ status: 'Resolved', developerComments: 'Fixed in the output reader.', resolvedBy: 'admin' });
    const list = (await call('user', 'errorreports')).body.items;
    expect(list.find((r: { id: number }) => r.id === id)).toMatchObject({ status: 'Resolved', hasReply: true });

    const notes = (await call('user', 'account/notifications')).body as { title: string; url: string }[];
    expect(notes.filter((n) => n.url === `/feedback/${id}`).map((n) => n.title)).toEqual(expect.arrayContaining(['Your report "Chart is empty" is Working', 'Your report "Chart is empty" is Resolved']));

    const toUser = await waitForMail(app.config.mailOutboxDir, (m) => m.to === 'ursula@example.org' && /is Resolved/.test(m.subject), seen);
    expect(toUser.text).toMatch(/Fixed in the output reader\./);
    expect(toUser.text).toMatch(new RegExp(`/feedback/${id}`));
    await waitForMail(app.config.mailOutboxDir, (m) => m.to === 'support@example.org' && /is Resolved/.test(m.subject), seen);

    // a second save that changes nothing keeps the resolution date and sends no notification
    const again = await call('admin', `admin/errorreports/${id}`, { method: 'PUT', body: { status: 'Resolved', developerComments: 'Fixed in the output reader.' } });
    expect(again.body.resolvedDate).toBe(resolved.body.resolvedDate);
    const after = (await call('user', 'account/notifications')).body as { url: string }[];
    expect(after.filter((n) => n.url === `/feedback/${id}`)).toHaveLength(notes.filter((n) => n.url === `/feedback/${id}`).length);

    // delete: administrators only; gone for the user too
    expect((await call('user', `admin/errorreports/${id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await call('partial', `admin/errorreports/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await call('user', `errorreports/${id}`)).status).toBe(404);
  });
});
