import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/http/errors.ts';
import { startTestApp, type TestApp } from './helpers.ts';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.login();
});
afterAll(async () => app?.close());

describe('health and errors', () => {
  it('reports database and queue health with the version', async () => {
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, db: true, queue: true, queueDriver: 'redis', version: '0.1.0' });
  });

  it('answers unknown API routes with 404 and the spec wording', async () => {
    const res = await app.request('/api/no/such/route');
    expect(res.status).toBe(404);
    expect(res.body).toBe(MESSAGES.notFound);
  });

  it('answers malformed JSON with 400, never 500', async () => {
    for (const raw of ['{bad', '[1,', '"just a string"', '{"userName": }']) {
      const res = await app.request('/api/auth/login', { raw });
      expect(res.status, raw).toBe(400);
      expect(typeof res.body).toBe('string');
    }
  });

  it('returns validation errors as an errors map', async () => {
    const res = await app.request('/api/auth/login', { body: { userName: '', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { userName: ['Required'], password: ['Required'] } });
  });

  it('never leaks SQL: a bad id in a query string is a 404', async () => {
    const res = await app.request('/api/datasets/cropcodes?id=1;drop%20table%20users');
    expect(res.status).toBe(404);
  });
});

describe('auth', () => {
  it('logs the seeded admin in with the spec response shape', async () => {
    const res = await app.request('/api/auth/login', { body: { userName: 'ADMIN', password: 'Admin-pass-123', deviceToken: null } });
    expect(res.status).toBe(200);
    expect(res.body.multiFactorValidated).toBe(true);
    expect(typeof res.body.auth_token).toBe('string');
    expect(res.body.identity).toMatchObject({ userName: 'admin', email: 'admin@example.org', emailConfirmed: true, roles: ['Registered', 'Admin'] });
    expect(res.body.identity.passwordHash).toBeUndefined();
  });

  it('refuses a wrong password with the credentials message', async () => {
    const res = await app.request('/api/auth/login', { body: { userName: 'admin', password: 'wrong-password-1!' } });
    expect(res.status).toBe(400);
    expect(res.body).toBe(MESSAGES.unauthorized);
  });

  it('checks a token and refuses a missing or forged one', async () => {
    expect((await app.request('/api/auth/check', { token: admin })).body.userName).toBe('admin');
    const none = await app.request('/api/auth/check');
    expect(none.status).toBe(401);
    expect(none.body).toBe(MESSAGES.unauthorized);
    expect((await app.request('/api/auth/check', { token: admin.slice(0, -3) + 'abc' })).status).toBe(401);
  });

  it('accepts the token as access_token for links', async () => {
    const res = await app.request(`/api/auth/check?access_token=${encodeURIComponent(admin)}`);
    expect(res.status).toBe(200);
  });
});

describe('site text, tiers and datasets', () => {
  it('serves the website text and public settings', async () => {
    const res = await app.request('/api/datasets/websitetext');
    expect(res.status).toBe(200);
    expect(res.body.siteText.siteName).toBe('Headwater');
    expect(res.body.siteText.homePageIntro).toContain('SWAT');
    expect(res.body.siteSettings).toMatchObject({ useCustomHelpPage: false, enableAlertNotification: false });
    expect(res.body.siteSettings.apiConnectivityEnabled).toBeUndefined();
  });

  it('lists the seeded tiers with Tier I as default', async () => {
    const res = await app.request('/api/account/alltiers');
    expect(res.body.map((t: { name: string }) => t.name)).toEqual(['Tier I', 'Tier II', 'Tier III']);
    expect(res.body[0].isDefault).toBe(true);
    expect(res.body[2].subbasinLimit).toBe(0);
  });

  it('lists the demo dataset and its land uses', async () => {
    const groups = (await app.request('/api/datasets/publiclist')).body;
    expect(groups[0].label).toBe('System datasets');
    const lrew = groups[0].options.find((o: { text: string }) => o.text.startsWith('Little River'));
    expect(lrew.attribution).toContain('Bosch et al. 2007');
    const codes = (await app.request(`/api/datasets/cropcodes?id=${lrew.value}`)).body;
    expect(codes.map((c: { code: string }) => c.code)).toEqual(['AGRL', 'FRSD', 'FRSE', 'PAST', 'URLD', 'WATR', 'WETF']);
    expect((await app.request('/api/datasets/cropcodes?id=9999')).status).toBe(404);
  });

  it('lets only full admins edit the website text, with validation', async () => {
    expect((await app.request('/api/admin/websitetext', { body: { siteName: 'X' } })).status).toBe(401);
    const bad = await app.request('/api/admin/websitetext', { body: { siteName: ' ' }, token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ errors: { siteName: ['Required'] } });
    const ok = await app.request('/api/admin/websitetext', { body: { siteName: 'Headwater', footer: '<p>Footer</p>' }, token: admin });
    expect(ok.status).toBe(200);
    expect((await app.request('/api/datasets/websitetext')).body.siteText.footer).toBe('<p>Footer</p>');
  });

  it('keeps page texts for the help page', async () => {
    await app.request('/api/admin/websitetextpage/Help', { body: { value: '<p>Custom help</p>' }, token: admin });
    expect((await app.request('/api/datasets/websitetextpage/Help')).body).toEqual({ text: '<p>Custom help</p>' });
    expect((await app.request('/api/datasets/websitetextpage/Nope')).status).toBe(404);
  });
});
