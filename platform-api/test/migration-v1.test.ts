// Migration from version 1 (issue 21) on the fixture version-1 database (fixtures/v1): the login
// failure that names version 1, check (a code mailed to the version-1 address), verify (the
// registration form's data), register (an approved account) and the background import (two
// projects on the demo dataset, the third skipped: its dataset is not here) with the projects
// page banner while it runs, a notification and an e-mail when done.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcessing } from '../src/jobs/processors.ts';
import { V1_MESSAGES } from '../src/modules/migration-v1/service.ts';
import { closeV1Databases } from '../src/modules/migration-v1/source.ts';
import { createTestDatabase, startTestApp, type TestApp } from './helpers.ts';
import { waitForMail } from './mail-helpers.ts';

const PASSWORD = 'Correct-horse-1';
let app: TestApp;
let v1db: { url: string; drop(): Promise<void> };
let code: string;
const seen = new Set<string>();
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', 'v1', name), 'utf8');

beforeAll(async () => {
  v1db = await createTestDatabase();
  const c = new pg.Client({ connectionString: v1db.url });
  await c.connect();
  await c.query(fixture('schema.sql'));
  await c.query(fixture('data.sql'));
  await c.end();
  process.env.V1_DATABASE_URL = v1db.url;
  app = await startTestApp();
  app.config.mfaRequired = false;
  startProcessing(app.deps, 1);
}, 60_000);

afterAll(async () => {
  await closeV1Databases();
  await app?.close();
  await v1db?.drop();
  delete process.env.V1_DATABASE_URL;
});

describe('version 1 migration', () => {
  it("a version-1 user name that has not migrated fails to log in with wording naming 'version 1'", async () => {
    const res = await app.request('/api/auth/login', { body: { userName: 'OldUser', password: 'whatever-1!' } });
    expect(res.status).toBe(400);
    expect(res.body).toBe(V1_MESSAGES.login);
    expect(res.body).toContain('version 1');
    const unknown = await app.request('/api/auth/login', { body: { userName: 'nobody-at-all', password: 'whatever-1!' } });
    expect(unknown.body).not.toContain('version 1');
  });

  it('check: a user name or an email is needed; an unknown account is said so; a known one gets a code by email', async () => {
    const empty = await app.request('/api/version1/checkuser', { body: { userName: ' ', email: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.userName).toEqual([V1_MESSAGES.checkRequired]);
    const unknown = await app.request('/api/version1/checkuser', { body: { userName: 'nobody' } });
    expect(unknown.body).toBe(V1_MESSAGES.notFound);
    const ok = await app.request('/api/version1/checkuser', { body: { email: 'old.user@EXAMPLE.org' } });
    expect(ok.status).toBe(200);
    const mail = await waitForMail(app.config.mailOutboxDir, (m) => m.to === 'Old.User@example.org', seen);
    code = /code ([A-Z0-9]{8})/.exec(mail.text)![1]!;
    expect(mail.text).toContain(`/v1/verify/${code}`);
  });

  it('verify: code and email required, a wrong pair refused, the right one answers the registration data', async () => {
    const empty = await app.request('/api/version1/verify', { body: { email: 'not-an-email', code: '' } });
    expect(empty.body.errors).toEqual({ code: ['Required'], email: ['Please enter a valid email address'] });
    const wrong = await app.request('/api/version1/verify', { body: { email: 'other@example.org', code } });
    expect(wrong.body.errors.code).toEqual([V1_MESSAGES.badCode]);
    const res = await app.request('/api/version1/verify', { body: { email: 'old.user@example.org', code: code.toLowerCase() } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Olga', lastName: 'Older', email: 'Old.User@example.org', userName: 'olduser', affiliation: 'River Lab', reasonForUse: 'Watershed studies' });
    expect(res.body.projects).toEqual([
      { id: 201, name: 'Little River (v1)' },
      { id: 202, name: 'Headwater 1 (v1)' },
      { id: 203, name: 'Missouri basin (v1)' },
    ]);
    expect(res.body.location.countries).toContain('United States');
  });

  it('register: the form rules, then an approved account whose chosen projects import in the background', async () => {
    const form = { code, email: 'someone@else.org', firstName: ' Olga ', lastName: 'Older', userName: 'olduser', password: PASSWORD, comparePassword: PASSWORD, country: 'United States', state: 'Georgia', organizationCategory: 'University or college', affiliation: 'River Lab', reasonForUse: 'Watershed studies' };
    const wrongEmail = await app.request('/api/version1/register', { body: { ...form, projectsToImport: [201] } });
    expect(wrongEmail.status).toBe(400); // the email is the version-1 one
    const badPassword = await app.request('/api/version1/register', { body: { ...form, email: 'Old.User@example.org', password: 'short', comparePassword: 'other' } });
    expect(badPassword.status).toBe(400);
    expect(Object.keys(badPassword.body.errors)).toEqual(expect.arrayContaining(['password', 'comparePassword']));
    const res = await app.request('/api/version1/register', { body: { ...form, email: 'Old.User@example.org', projectsToImport: [201, 202, 204] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ value: true, importing: true });
    // the code is spent
    expect((await app.request('/api/version1/verify', { body: { email: 'Old.User@example.org', code } })).status).toBe(400);
    const token = await app.login('olduser', PASSWORD);
    // the banner shows while importing; then the two projects are on the projects page
    let recent = await app.request('/api/projects/recent-activity', { token });
    const until = Date.now() + 90_000;
    while (recent.body.isImporting && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      recent = await app.request('/api/projects/recent-activity', { token });
    }
    expect(recent.body.isImporting).toBe(false);
    // the banner's flag follows the import's state
    await app.deps.db('v1_migrations').whereNotNull('userId').update({ isImporting: true });
    expect((await app.request('/api/projects/recent-activity', { token })).body.isImporting).toBe(true);
    await app.deps.db('v1_migrations').whereNotNull('userId').update({ isImporting: false });
    const list = await app.request('/api/projects?sort=name&page=1&perPage=20', { token });
    expect(list.body.items.map((p: any) => p.name).sort()).toEqual(['Headwater 1 (v1)', 'Little River (v1)']); // 204 is another user's
    const little = list.body.items.find((p: any) => p.name === 'Little River (v1)');
    const project = await app.request(`/api/projects/${little.id}`, { token });
    expect(project.body.status).toMatchObject({ isCreated: true, hasSetHrus: true });
    expect(project.body.project.numHrus).toBe(40);
    expect(project.body.project.scenarios.map((s: any) => s.name).sort()).toEqual(['Baseline', 'No-till']);
    const notifications = await app.request('/api/projects/dashboard', { token });
    expect(notifications.body.notifications[0].title).toBe('Your version 1 projects are imported');
    await waitForMail(app.config.mailOutboxDir, (m) => m.to === 'Old.User@example.org' && /version 1 projects/.test(m.subject), seen);
    // migrated: the login is the ordinary one, and check says the account is set up
    expect((await app.request('/api/version1/checkuser', { body: { userName: 'olduser' } })).body).toBe(V1_MESSAGES.alreadyMigrated);
  }, 120_000);
});
