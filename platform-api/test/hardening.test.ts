// Hostile input and auth attacks (issue 23, findings 1–5), each against the running app:
// multipart bodies cut short, without or with the wrong boundary, or abandoned mid-file (400, no
// temporary file left, the process alive); NUL bytes, numbers past int4, 1 MB strings, deep JSON
// (400 in the spec's shape); X-Forwarded-For believed only from TRUSTED_PROXIES; login throttling
// by (user name, address), exact under concurrency; registration that tells nobody which accounts
// exist; security headers; 404 for projects the caller may not see; pending users refused on maps.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import Koa from 'koa';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES } from '@headwater/plugin-sdk/schema';
import { INPUT_MESSAGES, UPLOAD_MESSAGES, type InputError } from '@headwater/plugin-sdk/server';
import { CONTENT_SECURITY_POLICY, documentPolicy, securityHeaders } from '../src/http/headers.ts';
import { serveStatic } from '../src/http/static.ts';
import { startProcessing } from '../src/jobs/processors.ts';
import { receiveUpload } from '../src/modules/plugins/uploads.ts';
import { createUser } from '../src/modules/users/service.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { waitForMail } from './mail-helpers.ts';

let app: TestApp;
let admin: string;
let alice: string; // Registered, owns a project
let bob: string; // Registered, another user
let pending: string; // signed in, not approved
let projectId = 0;
const PASSWORD = 'Correct-horse-1';

async function user(userName: string, roles: string[]): Promise<string> {
  await createUser({ userName, email: `${userName}@example.org`, password: PASSWORD, roles: roles as never, emailConfirmed: true, mfaExempt: true });
  return app.login(userName, PASSWORD);
}

/** A raw HTTP/1.1 request over a socket: what fetch cannot send (a body cut short, a client gone). */
function raw(request: string, opts: { endAfterMs?: number } = {}): Promise<{ status: number; text: string }> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let data = '';
    socket.on('data', (d) => (data += d.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0), text: data }));
    socket.write(request);
    // never half-closed: Node drops a request whose client shut its side (Connection: close ends it)
    if (opts.endAfterMs !== undefined) setTimeout(() => socket.destroy(), opts.endAfterMs);
  });
}

function multipart(path: string, token: string, body: string, contentType = 'multipart/form-data; boundary=b', length = Buffer.byteLength(body)): string {
  return `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n${body}`;
}

const tmpFiles = () => {
  const dir = join(app.config.filesDir, 'tmp', 'uploads');
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).filter((f) => !String(f).endsWith('/')) : [];
};

async function alive(): Promise<void> {
  expect((await app.request('/api/health')).status).toBeLessThan(500);
}

beforeAll(async () => {
  app = await startTestApp({ memoryQueue: true });
  app.config.mfaRequired = false;
  app.config.captchaProvider = 'none';
  startProcessing(app.deps, 1); // mails are delivered by the queue
  admin = await app.login();
  alice = await user('alice', ['Registered']);
  bob = await user('bob', ['Registered']);
  pending = await user('penny', ['Pending']);
  const aliceId = (await app.deps.db('users').where('user_name', 'alice').first()).id;
  [{ id: projectId }] = await app.deps.db('projects').insert({ userId: aliceId, name: 'Alice project' }).returning('id');
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('multipart uploads (finding 1, 4)', () => {
  const path = () => `/api/projects/documents/${projectId}`;

  it('answers a body cut before its closing boundary with 400 and keeps serving', async () => {
    const body = '--b\r\nContent-Disposition: form-data; name="file"; filename="t.pdf"\r\n\r\nabc';
    const res = await raw(multipart(path(), alice, body));
    expect(res.status).toBe(400);
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
    await alive();
    expect(tmpFiles()).toEqual([]);
  });

  it('answers a missing or wrong boundary with 400', async () => {
    const body = '--b\r\nContent-Disposition: form-data; name="file"; filename="t.pdf"\r\n\r\nabc\r\n--b--\r\n';
    expect((await raw(multipart(path(), alice, body, 'multipart/form-data'))).status).toBe(400);
    expect((await raw(multipart(path(), alice, body, 'multipart/form-data; boundary=zzz'))).status).toBe(400);
    expect((await raw(multipart(path(), alice, 'garbage', 'multipart/form-data; boundary=b'))).status).toBe(400);
    await alive();
    expect(tmpFiles()).toEqual([]);
  });

  it('removes the temporary file of an upload the client abandons mid-file', async () => {
    const head = '--b\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n\r\n';
    // announces 5 MB, sends 200 kB, goes away once the server is writing the temporary file
    const gone = raw(multipart(path(), alice, head + 'x'.repeat(200_000), 'multipart/form-data; boundary=b', 5_000_000), { endAfterMs: 5000 });
    let until = Date.now() + 4000;
    while (!tmpFiles().length && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(tmpFiles().length).toBeGreaterThan(0);
    await gone;
    until = Date.now() + 5000;
    while (tmpFiles().length && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(tmpFiles()).toEqual([]);
    await alive();
  });

  it('stops an upload that outlasts its time limit: 400, temporary file removed, handle closed', async () => {
    const tmpRoot = mkdtempSync(join(tmpdir(), 'hw-upload-'));
    const answered: { status: number; body: unknown }[] = [];
    const server = createServer((req, res) => {
      receiveUpload(req, { maxBytes: 1_000_000, timeoutMs: 300 }, tmpRoot)
        .then((u) => {
          u.cleanup();
          res.writeHead(200).end();
        })
        .catch((err: InputError) => {
          answered.push({ status: 400, body: err.fields });
          res.writeHead(400).end();
        });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      const { port } = server.address() as { port: number };
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => {});
      socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="slow.csv"\r\n\r\nabc`);
      const until = Date.now() + 5000;
      while (!answered.length && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      socket.destroy();
      expect(answered).toEqual([{ status: 400, body: { file: [UPLOAD_MESSAGES.timeout] } }]);
      await new Promise((r) => setTimeout(r, 100));
      expect(readdirSync(tmpRoot, { recursive: true })).toEqual([]);
    } finally {
      server.closeAllConnections();
      server.close();
      rmSync(tmpRoot, { recursive: true, force: true });
    }
  });

  it('still stores a well-formed upload', async () => {
    const body = '--b\r\nContent-Disposition: form-data; name="file"; filename="t.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--b--\r\n';
    const res = await raw(multipart(path(), alice, body));
    expect(res.status).toBe(200);
    expect(res.text).toContain('t.pdf');
    expect(tmpFiles()).toEqual([]);
  });
});

describe('malformed input (finding 2)', () => {
  it('refuses NUL bytes in a body, a query and a path', async () => {
    const body = await app.request('/api/account/profile', { token: alice, body: { firstName: 'A\u0000B' } });
    expect(body.status).toBe(400);
    expect(body.body).toEqual({ errors: { firstName: [INPUT_MESSAGES.nul] } });
    const query = await app.request('/api/projects?filter=%00', { token: alice });
    expect(query.status).toBe(400);
    expect((await app.request('/api/projects/documents/1/%00', { token: alice })).status).toBe(404);
  });

  it('refuses ids and pages beyond int4 without a 500', async () => {
    for (const id of ['2147483648', '1e20', '-1', 'NaN', '99999999999999999999']) {
      expect((await app.request(`/api/projects/${id}`, { token: alice })).status, id).toBe(404);
    }
    expect((await app.request('/api/projects?page=2147483648&perPage=1e20', { token: alice })).status).toBe(200);
    const big = await app.request('/api/scenarios', { token: alice, body: { projectID: 1e20, weatherDatasetID: 2147483648 } });
    expect(big.status).toBeGreaterThanOrEqual(400);
    expect(big.status).toBeLessThan(500);
  });

  it('refuses 5,000-deep JSON and non-finite numbers before any handler', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const res = await app.request('/api/account/profile', { token: alice, raw: deep });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { '': [INPUT_MESSAGES.tooDeep] } });
    const inf = await app.request('/api/account/profile', { token: alice, raw: '{"units": 1e400}' });
    expect(inf.status).toBe(400);
    expect(inf.body.errors.units).toEqual([INPUT_MESSAGES.number]);
  });

  it('refuses a 1 MB user name on login before any query, and 1 MB profile values', async () => {
    const login = await app.request('/api/auth/login', { body: { userName: 'u'.repeat(1_000_000), password: 'x' } });
    expect(login.status).toBe(400);
    expect(login.body.errors).toBeDefined();
    const profile = await app.request('/api/account/profile', { token: alice, body: { firstName: 'x'.repeat(1_000_000) } });
    expect(profile.status).toBe(400);
    const tier = await app.request('/api/account/tierrequest', { token: alice, body: { value: 'x'.repeat(20_000), time: '1 year' } });
    expect(tier.status).toBe(400);
    expect(await app.deps.db('tier_requests').count('* as n').first()).toMatchObject({ n: '0' });
    const longName = await app.request('/api/account/profile', { token: alice, body: { firstName: 'x'.repeat(500), lastName: 'L', country: 'Canada', organizationCategory: 'University or college', affiliation: 'A', reasonForUse: 'R', units: 0 } });
    expect(longName.status).toBe(400);
    expect(longName.body.errors.firstName).toEqual(['Must be at most 100 characters.']);
  });

  it('answers broken JSON with 400', async () => {
    const res = await app.request('/api/auth/login', { raw: '{"userName": "a", ' });
    expect(res.status).toBe(400);
  });
});

describe('login throttling and proxies (finding 3)', () => {
  // every test here comes from 127.0.0.1: start each with no counts (the address-wide row too)
  beforeEach(async () => {
    await app.deps.db('login_failures').delete();
  });

  it('ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
    app.config.loginMaxFailures = 3;
    try {
      await user('forger', ['Registered']);
      for (let i = 0; i < 3; i++) {
        const r = await app.request('/api/auth/login', { body: { userName: 'forger', password: `wrong-${i}` }, headers: { 'X-Forwarded-For': `10.0.0.${i}` } });
        expect(r.status).toBe(400);
      }
      // a fresh forged address does not give a fresh allowance
      const r = await app.request('/api/auth/login', { body: { userName: 'forger', password: PASSWORD }, headers: { 'X-Forwarded-For': '10.9.9.9' } });
      expect(r.status).toBe(429);
      expect(r.body).toMatch(/^Too many failed login attempts\./);
    } finally {
      app.config.loginMaxFailures = 5;
    }
  });

  it('counts concurrent wrong passwords exactly: the allowance, then 429', async () => {
    await user('racer', ['Registered']);
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => app.request('/api/auth/login', { body: { userName: 'racer', password: `wrong-${i}` } })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(app.config.loginMaxFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - app.config.loginMaxFailures);
    const row = await app.deps.db('login_failures').where({ userKey: 'u:racer' }).first();
    expect(row.failures).toBe(app.config.loginMaxFailures);
  });

  it('keys the throttle by (user name, address): the owner elsewhere is not locked out; a behind-proxy address is the client', async () => {
    // Behind a trusted proxy (this test client): the X-Forwarded-For address is the client.
    const { createApp } = await import('../src/app.ts');
    const proxied = createServer(createApp({ ...app.deps, config: { ...app.deps.config, trustedProxies: '127.0.0.1/8, ::1' } }).callback());
    await new Promise<void>((r) => proxied.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(proxied.address() as { port: number }).port}`;
    const login = (password: string, from: string) =>
      fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `${from}, 127.0.0.1` }, body: JSON.stringify({ userName: 'owner', password }) });
    try {
      await user('owner', ['Registered']);
      for (let i = 0; i < app.config.loginMaxFailures; i++) expect((await login(`wrong-${i}`, '203.0.113.7')).status).toBe(400);
      expect((await login(PASSWORD, '203.0.113.7')).status).toBe(429); // the attacker's address is locked
      expect((await login(PASSWORD, '198.51.100.20')).status).toBe(200); // the owner's is not
      const keys = await app.deps.db('login_failures').where({ userKey: 'u:owner' }).select('address');
      expect(keys.map((k) => k.address)).toEqual(['203.0.113.7']);
    } finally {
      proxied.closeAllConnections();
      await new Promise((r) => proxied.close(r));
    }
  });

  it('lengthens the lock after each failure past it', async () => {
    app.config.loginMaxFailures = 2;
    app.config.loginLockSeconds = 3600;
    try {
      await user('grower', ['Registered']);
      for (let i = 0; i < 2; i++) await app.request('/api/auth/login', { body: { userName: 'grower', password: 'nope-nope-1' } });
      const first = await app.deps.db('login_failures').where({ userKey: 'u:grower' }).first();
      const firstLock = new Date(first.lockedUntil).getTime() - new Date(first.lastAttempt).getTime();
      expect(Math.round(firstLock / 1000)).toBe(60);
      // the lock runs out (moved into the past), one more failure: twice as long
      await app.deps.db('login_failures').where({ userKey: 'u:grower' }).update({ lockedUntil: new Date(Date.now() - 1000) });
      expect((await app.request('/api/auth/login', { body: { userName: 'grower', password: 'nope-nope-1' } })).status).toBe(400);
      const second = await app.deps.db('login_failures').where({ userKey: 'u:grower' }).first();
      expect(Math.round((new Date(second.lockedUntil).getTime() - new Date(second.lastAttempt).getTime()) / 1000)).toBe(120);
    } finally {
      app.config.loginMaxFailures = 5;
      app.config.loginLockSeconds = 900;
    }
  });

  it('registration answers the same whether the user name or e-mail exists, and tells the owner', async () => {
    const form = (userName: string, email: string) => ({
      firstName: 'Eve',
      lastName: 'Prober',
      email,
      compareEmail: email,
      userName,
      password: PASSWORD,
      comparePassword: PASSWORD,
      country: 'Canada',
      organizationCategory: 'University or college',
      affiliation: 'Probe Inc',
      reasonForUse: 'Enumeration',
    });
    const fresh = await app.request('/api/account/register', { body: form('brandnew', 'brandnew@example.org') });
    const takenName = await app.request('/api/account/register', { body: form('BOB', 'someone-else@example.org') });
    const takenMail = await app.request('/api/account/register', { body: form('another', 'ALICE@example.org') });
    expect(fresh.status).toBe(201);
    expect(takenName.status).toBe(201);
    expect(takenMail.status).toBe(201);
    expect(takenName.body).toEqual(fresh.body);
    expect(takenMail.body).toEqual({ message: ACCOUNT_MESSAGES.registered });
    expect(await app.deps.db('users').whereIn('user_name', ['another', 'BOB']).count('* as n').first()).toMatchObject({ n: '0' });
    const outbox = app.config.mailOutboxDir;
    await waitForMail(outbox, (m) => m.to === 'bob@example.org' && /tried to register with your user name/.test(m.subject));
    await waitForMail(outbox, (m) => m.to === 'alice@example.org' && /tried to register with your email address/.test(m.subject));
  });
});

describe('headers, 404s, pending users (finding 5)', () => {
  it('sends the security headers on API answers, errors and everything else', async () => {
    for (const path of ['/api/health', '/api/projects/999', '/api/nothing-here', '/plugins/none/x.js']) {
      const res = await fetch(app.url + path);
      expect(res.headers.get('content-security-policy'), path).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it("serves the shell's page with a fresh nonce on each of its scripts and the document policy", async () => {
    const shellDir = mkdtempSync(join(tmpdir(), 'hw-shell-'));
    writeFileSync(join(shellDir, 'index.html'), '<!doctype html><html><head><script defer src="/main.js"></script></head><body><SCRIPT src="/x.js"></SCRIPT></body></html>');
    const koa = new Koa();
    koa.use(securityHeaders());
    koa.use(serveStatic({ shellDir, pluginDirs: () => new Map() }));
    const server = createServer(koa.callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const pages = await Promise.all(['/', '/projects/12', '/index.html'].map((p) => fetch(base + p)));
      const nonces = new Set<string>();
      for (const res of pages) {
        const csp = res.headers.get('content-security-policy')!;
        const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
        nonces.add(nonce);
        expect(csp).toBe(documentPolicy(nonce));
        expect(csp).toContain("'strict-dynamic'");
        expect(csp).toContain("frame-ancestors 'none'");
        const html = await res.text();
        expect(html.match(/<script nonce="([^"]+)"/gi)).toHaveLength(2);
        expect([...html.matchAll(/nonce="([^"]+)"/g)].every((m) => m[1] === nonce)).toBe(true);
        expect(res.headers.get('x-frame-options')).toBe('DENY');
      }
      expect(nonces.size).toBe(3);
    } finally {
      server.close();
      rmSync(shellDir, { recursive: true, force: true });
    }
  });

  it("answers another user's project exactly as a missing one (404)", async () => {
    const theirs = await app.request(`/api/projects/${projectId}`, { token: bob });
    const missing = await app.request('/api/projects/2147483000', { token: bob });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    expect(theirs.body).toBe(MESSAGES.notFound);
    expect((await app.request(`/api/projects/documents/${projectId}`, { token: bob })).status).toBe(404);
    expect((await app.request(`/api/projects/${projectId}`, { token: alice })).status).toBe(200);
  });

  it('refuses pending users on the maps calls', async () => {
    for (const path of ['/api/maps/calibrated-watersheds', '/api/maps/coords/1/35/-98', '/api/subbasins/find/1/abc']) {
      expect((await app.request(path, { token: pending })).status, path).toBe(403);
      expect((await app.request(path)).status, path).toBe(401);
    }
    expect((await app.request('/api/maps/calibrated-watersheds', { token: alice })).status).toBe(200);
  });
});
