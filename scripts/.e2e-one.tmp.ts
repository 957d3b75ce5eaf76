// Runs one Playwright spec as scripts/test.ts runs the browser tests (own database, data folder, port).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
const root = '/work/main';
const spec = process.argv[2]!;
const databaseUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
const q = async (sql: string) => { const c = new pg.Client({ connectionString: databaseUrl }); await c.connect(); try { await c.query(sql); } finally { await c.end(); } };
const port = await new Promise<number>((r) => { const s = createServer(); s.listen(0, () => { const p = (s.address() as AddressInfo).port; s.close(() => r(p)); }); });
const db = `hw_e2e_${process.pid}`;
await q(`create database ${db}`);
const dataDir = mkdtempSync(join(tmpdir(), 'hw-e2e-'));
const u = new URL(databaseUrl); u.pathname = `/${db}`;
const r = spawnSync(process.execPath, [join(root, 'node_modules/@playwright/test/cli.js'), 'test', '-c', join(root, 'e2e/playwright.config.ts'), spec], {
  cwd: root, stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: '/tmp/hw/pw.json', E2E_DATABASE_URL: u.href, E2E_DATA_DIR: dataDir, E2E_PORT: String(port) },
});
await q(`drop database if exists ${db} with (force)`).catch(() => {});
rmSync(dataDir, { recursive: true, force: true });
process.exit(r.status ?? 1);
