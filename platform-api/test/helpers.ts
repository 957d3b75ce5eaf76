// Integration tests run against real PostgreSQL and real Redis: every test file gets a
// throwaway database (dropped afterwards) and its own Redis key prefix.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { loadConfig, type Config } from '../src/config.ts';
import { seed } from '../src/db/seed.ts';
import { createRuntime, type Runtime } from '../src/runtime.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import type { AppDeps } from '../src/deps.ts';

export const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
export const ADMIN_PASSWORD = 'Admin-pass-123';

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.href;
}

export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `hw_test_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: withDatabase(ADMIN_URL, name),
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export type TestApp = {
  url: string;
  deps: AppDeps;
  runtime: Runtime;
  server: RunningServer;
  config: Config;
  /** fetch against the test server, JSON in and out. */
  request(path: string, init?: { method?: string; body?: unknown; token?: string; raw?: string; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  login(userName?: string, password?: string): Promise<string>;
  close(): Promise<void>;
};

/** A second, ordinary user made by the administrator (201 expected), signed in: its token. */
export async function otherUser(app: TestApp, adminToken: string, userName = 'bob', password = 'Correct-horse-1'): Promise<string> {
  const created = await app.request('/api/admin/users', {
    token: adminToken,
    body: { firstName: 'Bob', lastName: 'Other', email: `${userName}@example.org`, userName, password, country: 'United States', state: 'Texas', organizationCategory: 'University or college', affiliation: 'Elsewhere', reasonForUse: 'Testing' },
  });
  if (created.status !== 201) throw new Error(`user ${userName} not created: ${created.status} ${JSON.stringify(created.body)}`);
  return app.login(userName, password);
}

export async function startTestApp(opts: { fetcher?: AppDeps['fetcher']; memoryQueue?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'hw-test-'));
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: database.url, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...opts.env }), port: 0, host: '127.0.0.1' };
  const runtime = await createRuntime(config, {
    log: pino({ level: 'silent' }),
    redisUrl: opts.memoryQueue ? null : REDIS_URL,
    queuePrefix: `hwt${randomBytes(4).toString('hex')}`,
    fetcher: opts.fetcher,
  });
  await seed(runtime.deps.db, { ADMIN_USER: 'admin', ADMIN_PASSWORD, ADMIN_EMAIL: 'admin@example.org' });
  const server = await startServer(runtime.deps, 0, '127.0.0.1');
  const app: TestApp = {
    url: server.url,
    deps: runtime.deps,
    runtime,
    server,
    config,
    async request(path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.token) headers.Authorization = `Bearer ${init.token}`;
      let body: string | undefined = init.raw;
      if (init.body !== undefined) {
        body = JSON.stringify(init.body);
        headers['Content-Type'] = 'application/json';
      } else if (init.raw !== undefined) headers['Content-Type'] ??= 'application/json';
      const res = await fetch(server.url + path, { method: init.method ?? (body !== undefined ? 'POST' : 'GET'), headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async login(userName = 'admin', password = ADMIN_PASSWORD) {
      const res = await app.request('/api/auth/login', { body: { userName, password } });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.auth_token as string;
    },
    async close() {
      await server.close();
      await runtime.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return app;
}
