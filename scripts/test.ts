// `npm test`: every test — unit and integration tests (vitest, on real PostgreSQL and Redis),
// then the browser tests (Playwright in Debian Chromium against the whole running product).
// Ends with one line `N passed, N failed[, N skipped]` over all of them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureChromium, ensurePostgres, ensureRedis, freePort, ServiceError } from './test-services.ts';

const root = join(import.meta.dirname, '..');
const out = join(root, 'test-results');
mkdirSync(out, { recursive: true });
const args = process.argv.slice(2);
const only = args.find((a) => ['unit', 'e2e'].includes(a));
// `npm test -- e2e groups.spec.ts --no-build` runs only the named browser specs on the current
// build; `npm test -- unit platform-api/test/x.test.ts` only the named vitest files.
const filters = args.filter((a) => !['unit', 'e2e', '--no-build'].includes(a));
const skipBuild = args.includes('--no-build');

// PostgreSQL and Redis as configured (DATABASE_URL, REDIS_URL, else the standard local ports),
// or private ones started for this run; Chromium when the browser tests run
// (scripts/test-services.ts). Each says in one line what it did or what is missing.
let databaseUrl: string;
let redisUrl: string;
try {
  databaseUrl = await ensurePostgres(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  redisUrl = await ensureRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  if (only !== 'unit') ensureChromium();
} catch (err) {
  if (!(err instanceof ServiceError)) throw err;
  process.stderr.write(`npm test: ${err.message}\n`);
  process.exit(1);
}

async function adminQuery(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.href;
}

const node = process.execPath;
const env = { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, NODE_ENV: 'test' };
type Tally = { passed: number; failed: number; skipped: number };
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

function run(label: string, argv: string[]): number {
  process.stdout.write(`\n── ${label}\n`);
  const r = spawnSync(node, argv, { cwd: root, env, stdio: 'inherit' });
  return r.status ?? 1;
}

if (only !== 'e2e') {
  const file = join(out, 'vitest.json');
  const code = run('unit and integration tests (vitest)', [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...filters]);
  if (code !== 0) exitCode = code;
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
    total.passed += r.numPassedTests;
    total.failed += r.numFailedTests;
    total.skipped += r.numPendingTests + r.numTodoTests;
  } else exitCode ||= 1;
}

if (only !== 'unit') {
  let code = skipBuild ? 0 : run('build (shell and plugins)', [join(root, 'scripts/build.ts')]);
  if (code === 0) {
    const file = join(out, 'playwright.json');
    rmSync(file, { force: true });
    // The browser tests get their own database, data folder and port.
    const e2eDb = `hw_e2e_${process.pid}`;
    await adminQuery(`create database ${e2eDb}`);
    const dataDir = mkdtempSync(join(tmpdir(), 'hw-e2e-'));
    process.stdout.write('\n── browser tests (Playwright, Chromium)\n');
    code = spawnSync(node, [join(root, 'node_modules/@playwright/test/cli.js'), 'test', '-c', join(root, 'e2e/playwright.config.ts'), ...filters], {
      cwd: root,
      env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: file, E2E_DATABASE_URL: withDatabase(databaseUrl, e2eDb), E2E_DATA_DIR: dataDir, E2E_PORT: String(await freePort()) },
      stdio: 'inherit',
    }).status ?? 1;
    await adminQuery(`drop database if exists ${e2eDb} with (force)`).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    if (existsSync(file)) {
      const r = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
      total.passed += r.stats.expected + r.stats.flaky;
      total.failed += r.stats.unexpected;
      total.skipped += r.stats.skipped;
    } else total.failed += 1;
  } else total.failed += 1;
  if (code !== 0) exitCode ||= code;
}

if (total.passed + total.failed === 0) exitCode ||= 1; // a run that executed no test is a failure
process.stdout.write(`\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}\n`);
process.exit(exitCode || (total.failed ? 1 : 0));
