// Platform figures: server start to first page, the shell's initial JavaScript (gzipped, as
// served), navigation to a plugin route until rendered, and GET /api/plugins under load.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import pg from 'pg';
import { freePort } from '../lib/server.ts';

const root = join(import.meta.dirname, '..', '..');

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; ms: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['platform-api/src/main.ts'], { cwd: root, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url + '/');
      if (res.ok && (await res.text()).includes('<div id="root">')) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return { url, child, ms: performance.now() - started };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function load(url: string, clients: number, total: number) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total) {
        next++;
        const t = performance.now();
        const res = await fetch(url);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`status ${res.status}`);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), rps: total / seconds };
}

export default async function platform(): Promise<Record<string, string | number>> {
  const figures: Record<string, string | number> = {};
  const buildStart = performance.now();
  const build = spawn(process.execPath, ['scripts/build.ts'], { cwd: root, stdio: 'ignore' });
  await new Promise((r) => build.once('exit', r));
  figures['build shell + plugins (s)'] = ((performance.now() - buildStart) / 1000).toFixed(1);

  // The `npm start` default: PGlite in a fresh data folder, so migrations and seeding run.
  const dataDir = mkdtempSync(join(tmpdir(), 'hw-bench-'));
  const cold = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench-pass-123' });
  figures['cold start to first page, fresh PGlite data (s)'] = (cold.ms / 1000).toFixed(2);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    // The goal is stated gzipped: Chromium would be served zstd (koa-compress prefers it).
    await page.setExtraHTTPHeaders({ 'accept-encoding': 'gzip' });
    // Every script of the first page, in the order asked for. The shell's initial JavaScript is
    // what it asks for before the first plugin file: the HTML's script and the chunks the entry
    // needs to draw the frame. After that come the home plugin's files and the shared chunks
    // (libraries provided by the shell) the plugin asks for.
    let asked = 0;
    let firstPlugin = Infinity;
    const order = new Map<unknown, number>();
    page.on('request', (req) => {
      order.set(req, asked);
      if (req.url().includes('/plugins/') && asked < firstPlugin) firstPlugin = asked;
      asked++;
    });
    const js: { url: string; at: number; bytes: Promise<number> }[] = [];
    page.on('requestfinished', (req) => {
      if (req.resourceType() === 'script') js.push({ url: req.url(), at: order.get(req)!, bytes: req.sizes().then((s) => s.responseBodySize) });
    });
    await page.goto(cold.url + '/', { waitUntil: 'networkidle' });
    await page.getByTestId('home-intro').waitFor();
    const sizes = await Promise.all(js.map((j) => j.bytes));
    const sum = (keep: (j: (typeof js)[number]) => boolean) => sizes.filter((_, i) => keep(js[i]!)).reduce((a, b) => a + b, 0);
    const shellBytes = sum((j) => !j.url.includes('/plugins/') && j.at < firstPlugin);
    const sharedBytes = sum((j) => !j.url.includes('/plugins/') && j.at > firstPlugin);
    const pluginBytes = sum((j) => j.url.includes('/plugins/'));
    figures['shell initial JS, gzipped as served (KB): scripts before the first plugin file'] = (shellBytes / 1024).toFixed(1);
    figures['shared chunks the home plugin asks for, gzipped (KB)'] = (sharedBytes / 1024).toFixed(1);
    figures['home plugin JS on first page, gzipped (KB)'] = (pluginBytes / 1024).toFixed(1);
    figures['first page JS in all, gzipped (KB)'] = ((shellBytes + sharedBytes + pluginBytes) / 1024).toFixed(1);
    figures['first page JS requests'] = js.length;

    // Navigation to a plugin route (help: its remote is not loaded yet), until rendered.
    let t = performance.now();
    await page.getByTestId('nav-help').click();
    await page.getByTestId('tiers-table').getByText('Tier III').waitFor();
    figures['navigate to /help, remote not yet loaded (ms)'] = Math.round(performance.now() - t);
    await page.getByTestId('nav-home').click();
    await page.getByTestId('home-intro').waitFor();
    t = performance.now();
    await page.getByTestId('nav-help').click();
    await page.getByTestId('tiers-table').getByText('Tier III').waitFor();
    figures['navigate to /help again, remote cached (ms)'] = Math.round(performance.now() - t);
  } finally {
    await browser.close();
  }

  await load(cold.url + '/api/plugins', 10, 200); // warm-up
  const pglite = await load(cold.url + '/api/plugins', 50, 3000);
  figures['GET /api/plugins, 50 clients, PGlite: p50 / p95 / p99 (ms)'] = `${pglite.p50.toFixed(1)} / ${pglite.p95.toFixed(1)} / ${pglite.p99.toFixed(1)}`;
  figures['GET /api/plugins, 50 clients, PGlite: requests/s'] = Math.round(pglite.rps);
  await stop(cold.child);
  rmSync(dataDir, { recursive: true, force: true });

  // The same on PostgreSQL (the production shape), when one is reachable.
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `hw_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    const dir = mkdtempSync(join(tmpdir(), 'hw-bench-'));
    const warm = await startServer({ DATA_DIR: dir, DATABASE_URL: u.href, ADMIN_PASSWORD: 'Bench-pass-123', QUEUE_PREFIX: `hwbench${process.pid}` });
    figures['cold start to first page, fresh PostgreSQL database (s)'] = (warm.ms / 1000).toFixed(2);
    await load(warm.url + '/api/plugins', 10, 200);
    const postgres = await load(warm.url + '/api/plugins', 50, 3000);
    figures['GET /api/plugins, 50 clients, PostgreSQL: p50 / p95 / p99 (ms)'] = `${postgres.p50.toFixed(1)} / ${postgres.p95.toFixed(1)} / ${postgres.p99.toFixed(1)}`;
    figures['GET /api/plugins, 50 clients, PostgreSQL: requests/s'] = Math.round(postgres.rps);
    await stop(warm.child);
    rmSync(dir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${dbName} with (force)`);
  } catch (err) {
    figures['PostgreSQL figures'] = `skipped: ${(err as Error).message}`;
  } finally {
    await admin.end().catch(() => {});
  }
  return figures;
}
