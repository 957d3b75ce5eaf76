// API clients and signed requests (issue 21): an administrator grants API access (keys shown
// once, the ApiUser role), a script signs its requests with them (good, wrong signature,
// replayed, expired, revoked key), and the OpenAPI document at /api/docs lists the routes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedHeaders } from '../src/modules/api-clients/keys.ts';
import { SIGNED_MESSAGES } from '../src/modules/api-clients/signed.ts';
import { User } from '../src/modules/users/models.ts';
import { startTestApp, type TestApp } from './helpers.ts';

let app: TestApp;
let admin: string;
let userId: number;
let keys: { sharedKey: string; secretKey: string };
const PASSWORD = 'Correct-horse-1';

/** A signed fetch: the body is sent exactly as signed. */
async function signed(path: string, init: { method?: string; body?: unknown; timestamp?: string; secret?: string; sharedKey?: string; headers?: Record<string, string> } = {}) {
  const url = new URL(app.url + path);
  const method = init.method ?? (init.body !== undefined ? 'POST' : 'GET');
  const body = init.body !== undefined ? JSON.stringify(init.body) : '';
  const query = Object.fromEntries(url.searchParams);
  const headers = {
    ...signedHeaders(init.sharedKey ?? keys.sharedKey, init.secret ?? keys.secretKey, { method, path: url.pathname, query, body, timestamp: init.timestamp }),
    ...(body ? { 'Content-Type': 'application/json' } : {}),
    ...init.headers,
  };
  const res = await fetch(url, { method, headers, body: body || undefined });
  const text = await res.text();
  return { status: res.status, body: (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text, headers };
}

// The shell's page as a build leaves it: the test must not depend on `npm run build` having run.
const shellDir = mkdtempSync(join(tmpdir(), 'hw-shell-'));
writeFileSync(join(shellDir, 'index.html'), '<!doctype html><html><head><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>');

beforeAll(async () => {
  app = await startTestApp({ env: { SHELL_DIR: shellDir } });
  app.config.mfaRequired = false;
  admin = await app.login();
  const created = await app.request('/api/admin/users', {
    token: admin,
    body: { firstName: 'Ada', lastName: 'Script', email: 'ada@example.org', userName: 'ada', password: PASSWORD, country: 'United States', state: 'Texas', organizationCategory: 'University or college', affiliation: 'Lab', reasonForUse: 'Batch runs' },
  });
  expect(created.status).toBe(201);
  userId = (await User.query().findOne({ userName: 'ada' }))!.id;
}, 60_000);

afterAll(async () => {
  await app?.close();
  rmSync(shellDir, { recursive: true, force: true });
});

describe('API access granted by an administrator', () => {
  it('is refused to a non-administrator', async () => {
    const ada = await app.login('ada', PASSWORD);
    expect((await app.request(`/api/admin/users/apiAccess/${userId}`, { token: ada, method: 'POST' })).status).toBe(403);
    expect((await app.request(`/api/admin/users/apiAccess/${userId}`, { method: 'POST' })).status).toBe(401);
  });

  it('answers the keys once and adds the ApiUser role; only a hash of the secret is stored', async () => {
    const res = await app.request(`/api/admin/users/apiAccess/${userId}`, { token: admin, method: 'POST' });
    expect(res.status).toBe(200);
    keys = res.body;
    expect(keys.sharedKey).toMatch(/^hw_[0-9a-f]{24}$/);
    expect(keys.secretKey.length).toBeGreaterThan(30);
    expect((await User.query().findById(userId))!.roles).toContain('ApiUser');
    const rows = await app.deps.db('api_clients').where('userId', userId);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(keys.secretKey);
    const info = await app.request(`/api/admin/users/apiAccess/${userId}`, { token: admin });
    expect(info.body.hasApiAccess).toBe(true);
    expect(JSON.stringify(info.body)).not.toContain(keys.secretKey);
  });

  it('a missing user is 404', async () => {
    expect((await app.request('/api/admin/users/apiAccess/999999', { token: admin, method: 'POST' })).status).toBe(404);
  });
});

describe('signed requests', () => {
  it('a good signature acts as the key holder, with their roles and features', async () => {
    let res = await signed('/api/api-requests/access');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isApiUser: true, hasApiKey: true, batchProjects: false, regionalProjects: false });
    const set = await app.request(`/api/admin/users/features/${userId}`, { token: admin, body: { value: ['BatchProjects', 'RegionalProjects'] } });
    expect(set.body).toEqual({ featureAccess: ['BatchProjects', 'RegionalProjects'] });
    expect((await app.request(`/api/admin/users/features/${userId}`, { token: admin, body: { value: ['Flying'] } })).status).toBe(400);
    res = await signed('/api/api-requests/access?x=1&a=2');
    expect(res.body).toMatchObject({ batchProjects: true, regionalProjects: true });
    // a JSON body is signed too (a request the service answers with its own validation)
    res = await signed('/api/api-requests/createbatch', { body: { name: '' } });
    expect(res.status).toBe(400);
    expect(res.body.errors.name).toEqual(['Must contain at least one letter or number']);
  });

  it('a wrong signature, a wrong secret or a tampered body is 401', async () => {
    let res = await signed('/api/api-requests/access', { secret: 'not-the-secret' });
    expect(res.status).toBe(401);
    expect(res.body).toBe(SIGNED_MESSAGES.badSignature);
    // signed for one path, sent to another
    const ts = String(Math.floor(Date.now() / 1000));
    const h = signedHeaders(keys.sharedKey, keys.secretKey, { method: 'GET', path: '/api/api-requests/access', query: {}, body: '', timestamp: ts });
    const other = await fetch(`${app.url}/api/api-requests/batch`, { headers: h });
    expect(other.status).toBe(401);
    // body changed after signing
    const sig = signedHeaders(keys.sharedKey, keys.secretKey, { method: 'POST', path: '/api/api-requests/createbatch', query: {}, body: '{"name":"a"}' });
    const r2 = await fetch(`${app.url}/api/api-requests/createbatch`, { method: 'POST', headers: { ...sig, 'Content-Type': 'application/json' }, body: '{"name":"b"}' });
    expect(r2.status).toBe(401);
    expect(await r2.text()).toBe(SIGNED_MESSAGES.badSignature);
  });

  it('two identical requests in the same second are two requests (each its own nonce)', async () => {
    const ts = String(Math.floor(Date.now() / 1000));
    for (let i = 0; i < 3; i++) expect((await signed('/api/api-requests/access', { timestamp: ts })).status).toBe(200);
  });

  it('a replayed request is refused', async () => {
    const ts = String(Math.floor(Date.now() / 1000));
    const h = signedHeaders(keys.sharedKey, keys.secretKey, { method: 'GET', path: '/api/api-requests/access', query: {}, body: '', timestamp: ts });
    const first = await fetch(`${app.url}/api/api-requests/access`, { headers: h });
    expect(first.status).toBe(200);
    const again = await fetch(`${app.url}/api/api-requests/access`, { headers: h });
    expect(again.status).toBe(401);
    expect(await again.text()).toBe(SIGNED_MESSAGES.replayed);
  });

  it('an expired (or future) timestamp is refused', async () => {
    const old = String(Math.floor(Date.now() / 1000) - 301);
    let res = await signed('/api/api-requests/access', { timestamp: old });
    expect(res.status).toBe(401);
    expect(res.body).toBe(SIGNED_MESSAGES.expired);
    res = await signed('/api/api-requests/access', { timestamp: String(Math.floor(Date.now() / 1000) + 400) });
    expect(res.status).toBe(401);
  });

  it('an unknown key or missing headers are refused, never treated as anonymous', async () => {
    let res = await signed('/api/api-requests/access', { sharedKey: 'hw_000000000000000000000000' });
    expect(res.status).toBe(401);
    expect(res.body).toBe(SIGNED_MESSAGES.badKey);
    const bare = await fetch(`${app.url}/api/api-requests/access`, { headers: { 'X-Api-Key': keys.sharedKey } });
    expect(bare.status).toBe(401);
    expect(await bare.text()).toBe(SIGNED_MESSAGES.missing);
  });

  it('a revoked key is refused; a new grant gives a new key and the old stays refused', async () => {
    const del = await app.request(`/api/admin/users/deleteApiAccess/${userId}`, { token: admin, method: 'DELETE' });
    expect(del.status).toBe(200);
    expect((await User.query().findById(userId))!.roles).not.toContain('ApiUser');
    let res = await signed('/api/api-requests/access');
    expect(res.status).toBe(401);
    expect(res.body).toBe(SIGNED_MESSAGES.badKey);
    const old = keys;
    keys = (await app.request(`/api/admin/users/apiAccess/${userId}`, { token: admin, method: 'POST' })).body;
    expect(keys.sharedKey).not.toBe(old.sharedKey);
    expect((await signed('/api/api-requests/access')).status).toBe(200);
    expect((await signed('/api/api-requests/access', { sharedKey: old.sharedKey, secret: old.secretKey })).status).toBe(401);
  });

  it("lists the user's API requests for them and for the administrator", async () => {
    const mine = await signed('/api/api-requests');
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ items: [], total: 0 });
    const forAdmin = await app.request(`/api/admin/users/apirequests/${userId}`, { token: admin });
    expect(forAdmin.status).toBe(200);
    expect(forAdmin.body.total).toBe(0);
  });
});

describe('the OpenAPI document', () => {
  it('is generated from the route table, with request bodies from the validation schemas', async () => {
    const res = await app.request('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const create = res.body.paths['/api/api-requests/createbatch'].post;
    expect(create.requestBody.content['application/json'].schema.properties.batch.required).toEqual(expect.arrayContaining(['datasetID', 'projectSubbasins', 'weatherDatasetID', 'swatVersionID']));
    expect(res.body.paths['/api/api-requests/batch/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path' });
    expect(res.body.paths['/api/projects/{id}']).toBeDefined(); // every module's routes, not only ours
    const page = await fetch(`${app.url}/api/docs`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('/api/api-requests/createbatch');
    expect(html).toContain('x-api-signature');
    expect(html).toContain('x-api-nonce');
  });
});

describe('the advanced pages under /api', () => {
  it("a browser's navigation gets the shell; an API client gets the API's 404", async () => {
    const html = await fetch(`${app.url}/api/batch/5`, { headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } });
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toContain('text/html');
    const nonce = /'nonce-([^']+)'/.exec(html.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy(); // the page's policy, not the API's 'none'
    expect(await html.text()).toContain(`<script nonce="${nonce}"`);
    for (const path of ['/api', '/api/batch', '/api/batch/create', '/api/regional']) expect((await fetch(app.url + path, { headers: { accept: 'text/html' } })).status).toBe(200);
    expect((await fetch(`${app.url}/api/batch/5`, { headers: { accept: 'application/json' } })).status).toBe(404);
  });
});

