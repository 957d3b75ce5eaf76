// Dataset figures on the synthetic 2,000-subbasin / 150,000-HRU watershed: generation, load
// into a throwaway PostgreSQL database, and watershed selection of the outlet (upstream walk +
// GeoJSON) through the service and through the HTTP API of a started server.
//
// Needs PostgreSQL (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres,
// allowed to create databases). The server is started with the throwaway database and
// REDIS_URL unset-able: it uses whatever the platform picks (see README).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { writeSynthetic } from '../../datasets/src/synthetic.ts';
import { createDb, migrate } from '../../platform-api/src/db/index.ts';
import { loadDatasetDir } from '../../platform-api/src/modules/datasets/loader.ts';
import { subbasinByName, watershedMapJson } from '../../platform-api/src/modules/maps/service.ts';
import { freePort } from '../lib/server.ts';

const root = join(import.meta.dirname, '..', '..');
const SUBBASINS = Number(process.env.BENCH_SUBBASINS ?? 2000);
const HRUS = Number(process.env.BENCH_HRUS ?? 150_000);
const RUNS = 15;

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.href;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['platform-api/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WORKERS: '0' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start in 120 s');
    try {
      if ((await fetch(url + '/api/health')).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

export default async function datasets(): Promise<Record<string, string | number>> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `hw_bench_ds_${Date.now().toString(36)}`;
  const dir = mkdtempSync(join(tmpdir(), 'hw-bench-ds-'));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const figures: Record<string, string | number> = { subbasins: SUBBASINS, hrus: HRUS };
  let server: { url: string; child: ChildProcess } | undefined;
  const db = createDb({ databaseUrl: url, dataDir: '' });
  try {
    let t = performance.now();
    const { dataset } = writeSynthetic(dir, { subbasins: SUBBASINS, hrus: HRUS, seed: 1 });
    figures['generate (s)'] = +((performance.now() - t) / 1000).toFixed(2);

    await migrate(db);
    t = performance.now();
    const loaded = await loadDatasetDir(db, dir);
    figures['load into PostgreSQL (s)'] = +((performance.now() - t) / 1000).toFixed(2);
    const outlet = dataset.descriptor.endingSubbasin!;

    // service: name lookup + recursive CTE + GeoJSON text
    const svc: number[] = [];
    let bytes = 0;
    let count = 0;
    for (let k = 0; k < RUNS; k++) {
      t = performance.now();
      const s = await subbasinByName(db, loaded.datasetId, outlet);
      const json = await watershedMapJson(db, s!.id);
      svc.push(performance.now() - t);
      bytes = json!.length;
      if (k === 0) count = JSON.parse(json!).numSubbasins;
    }
    figures['selection of the outlet, service, median (ms)'] = +median(svc).toFixed(1);
    figures['selection of the outlet, service, p95 (ms)'] = +p95(svc).toFixed(1);
    figures['map result size (MB)'] = +(bytes / 1e6).toFixed(2);
    figures['subbasins in the outlet watershed'] = count;

    // HTTP: a started server on the same database, as the admin
    server = await startServer({ DATABASE_URL: url, ADMIN_USER: 'admin', ADMIN_PASSWORD: 'Bench-pass-123!', MFA_REQUIRED: 'false', DATA_DIR: join(dir, 'data') });
    const login = await fetch(server.url + '/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ userName: 'admin', password: 'Bench-pass-123!' }) });
    const token = ((await login.json()) as { auth_token: string }).auth_token;
    const http: number[] = [];
    let numHrus = 0;
    // the first request after start (cold JIT, pool) is reported on its own
    t = performance.now();
    await (await fetch(`${server.url}/api/maps/subbasin/name/${loaded.datasetId}/${outlet}`, { headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'gzip' } })).json();
    figures['selection of the outlet, HTTP, first request after start (ms)'] = +(performance.now() - t).toFixed(1);
    for (let k = 0; k < RUNS; k++) {
      t = performance.now();
      const res = await fetch(`${server.url}/api/maps/subbasin/name/${loaded.datasetId}/${outlet}`, { headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'gzip' } });
      const body = (await res.json()) as { numHrus: number };
      http.push(performance.now() - t);
      numHrus = body.numHrus;
    }
    figures['selection of the outlet, HTTP (gzip), median (ms)'] = +median(http).toFixed(1);
    figures['selection of the outlet, HTTP (gzip), p95 (ms)'] = +p95(http).toFixed(1);
    figures['HRUs in the outlet watershed'] = numHrus;
    const find: number[] = [];
    for (let k = 0; k < RUNS; k++) {
      t = performance.now();
      await (await fetch(`${server.url}/api/subbasins/find/${loaded.datasetId}/0701`, { headers: { Authorization: `Bearer ${token}` } })).json();
      find.push(performance.now() - t);
    }
    figures['typeahead (100 matches), HTTP, median (ms)'] = +median(find).toFixed(1);
    figures['goal: selection (ms)'] = 300;
    return figures;
  } finally {
    if (server) await stop(server.child);
    await db.destroy();
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
    rmSync(dir, { recursive: true, force: true });
  }
}
