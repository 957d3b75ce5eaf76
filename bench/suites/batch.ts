// Batch project runs (issue 21): a batch of 50 single-subbasin projects on the synthetic
// 2,000-subbasin watershed, 5 simulated years each, end to end (parent job, 50 child jobs: create,
// HRUs, scenario, run with the built-in engine) — wall time from createbatch to 'completed' with
// 1 and with 2 worker processes (one job at a time each: WORKER_CONCURRENCY=1). The real server
// (`platform-api/src/main.ts`) on a throwaway PostgreSQL database and the test Redis; the user
// has the BatchProjects feature, the ApiUser role and an API key, on the tier with the highest
// concurrency limit (the batch's window: Tier III, 5).
//
//   npm run bench -- batch     (BENCH_SUBBASINS, BENCH_HRUS, BENCH_BATCH, BENCH_WORKERS=1,2)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { writeSynthetic } from '../../datasets/src/synthetic.ts';
import { createDb, migrate } from '../../platform-api/src/db/index.ts';
import { loadDatasetDir } from '../../platform-api/src/modules/datasets/loader.ts';
import { withServer } from '../lib/server.ts';

const SUBBASINS = Number(process.env.BENCH_SUBBASINS ?? 2000);
const HRUS = Number(process.env.BENCH_HRUS ?? 150_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 50);
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);

async function json(url: string, init: { token?: string; body?: unknown; method?: string } = {}): Promise<any> {
  const res = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

export default async function batch(): Promise<Record<string, string | number>> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `hw_bench_batch_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  const dir = mkdtempSync(join(tmpdir(), 'hw-bench-batch-ds-'));
  const figures: Record<string, string | number> = { subbasins: SUBBASINS, hrus: HRUS, 'projects per batch': BATCH, 'simulated years': 5 };
  const db = createDb({ databaseUrl: u.href, dataDir: '' });
  try {
    writeSynthetic(dir, { subbasins: SUBBASINS, hrus: HRUS, seed: 1, key: 'synthetic-batch', name: 'Synthetic watershed' });
    await migrate(db);
    const loaded = await loadDatasetDir(db, dir);
    // 50 subbasins spread over the watershed
    const names = (await db('subbasins').where('datasetId', loaded.datasetId).orderBy('number').select('name')).map((r: { name: string }) => r.name);
    const step = Math.max(1, Math.floor(names.length / BATCH));
    const chosen = names.filter((_: string, i: number) => i % step === 0).slice(0, BATCH);
    for (const workers of WORKERS) {
      const seconds = await withServer({ name: 'batch', dbUrl: u.href, workers }, async (base) => {
        const token = (await json(base + '/api/auth/login', { body: { userName: 'admin', password: 'Bench-pass-123' } })).auth_token as string;
        const me = await db('users').where('userName', 'admin').first('id');
        // a tier whose concurrency lets the batch use every worker (the window is the tier's concurrencyLimit)
        const tier = await db('tiers').orderBy('concurrencyLimit', 'desc').first('id', 'name', 'concurrencyLimit');
        await db('users').where('id', me.id).update({ tierId: tier.id });
        figures['tier (concurrency limit)'] = `${tier.name} (${tier.concurrencyLimit})`;
        await json(`${base}/api/admin/users/features/${me.id}`, { token, body: { value: ['BatchProjects'] } });
        await json(`${base}/api/admin/users/apiAccess/${me.id}`, { token, body: {} });
        const dso = await json(`${base}/api/api-requests/batchdatasetoptions/${loaded.datasetId}`, { token });
        const started = performance.now();
        const { id } = await json(`${base}/api/api-requests/createbatch`, {
          token,
          body: {
            name: `Bench ${BATCH} projects, ${workers} worker(s)`,
            batch: {
              datasetID: loaded.datasetId,
              projectSubbasins: chosen.map((n: string) => ({ endingSubbasin: n })),
              setAsSingleSubbasinProjects: true,
              startingSimulationDate: '2001-01-01',
              endingSimulationDate: '2005-12-31',
              skipYears: 1,
              printSetting: 0,
              weatherDatasetID: dso.defaultWeatherDataset,
              swatVersionID: dso.defaultSwatVersion,
            },
          },
        });
        for (;;) {
          const b = await json(`${base}/api/api-requests/batch/${id}`, { token });
          if (!b.status.isRunning) {
            const bad = b.projects.filter((p: { status: string }) => p.status !== 'Completed');
            if (bad.length) throw new Error(`${bad.length} projects did not complete: ${bad[0].statusMessage}`);
            break;
          }
          await new Promise((r) => setTimeout(r, 500));
        }
        return (performance.now() - started) / 1000;
      });
      figures[`wall time, ${workers} worker process(es) (s)`] = +seconds.toFixed(1);
      figures[`projects per minute, ${workers} worker process(es)`] = +((BATCH / seconds) * 60).toFixed(1);
    }
  } finally {
    await db.destroy().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
  }
  return figures;
}
