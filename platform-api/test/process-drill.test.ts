// The kill/restart drill (issue 23, Processes): the API started as a child process (`node
// src/main.ts`, as `npm start` does) on a throwaway database with WORKERS=2 worker processes.
//
//   - exactly WORKERS workers run, and again after a worker is killed (it is replaced once);
//   - a worker killed (SIGKILL) mid-run: the run is handed to another worker and finishes;
//   - SIGTERM to the API mid-run: it exits within 10 s and its workers with it; started again,
//     the run finishes;
//   - the API killed outright (SIGKILL): its workers notice and exit by themselves (no orphan,
//     so the next start runs exactly WORKERS again); started again, the run finishes;
//   - every run finishes once, with the right status (hasRun, no error) and the same outputs as
//     an undisturbed run (no duplicate rows).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, REDIS_URL } from './helpers.ts';

const MAIN = join(import.meta.dirname, '..', 'src', 'main.ts');
const ADMIN_PASSWORD = 'Drill-pass-123';
const WORKERS = 2;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let env: NodeJS.ProcessEnv;
let api: { child: ChildProcess; url: string; output: string[] } | undefined;
let token = '';
const ids = { project: 0, weather: 0, version: 0 };
/** What the drill measured (printed at the end): how long each step took, in ms. */
const timings: Record<string, number> = {};
const since = (t: number) => Date.now() - t;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Starts the API (node src/main.ts) and waits for its 'is running at' line. */
async function startApi(): Promise<{ child: ChildProcess; url: string; output: string[] }> {
  const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API did not start:\n${output.join('')}`)), 60_000);
    const onData = (d: Buffer) => {
      output.push(d.toString());
      const m = /is running at (http:\/\/\S+)/.exec(output.join(''));
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    child.on('exit', (code) => reject(new Error(`the API exited (${code}):\n${output.join('')}`)));
  });
  return { child, url, output };
}

/** The API's worker processes (its children). */
function workerPids(pid: number): number[] {
  const r = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  return r.stdout.split('\n').map((s) => Number(s.trim())).filter((n) => n > 0);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: string, get: () => Promise<T> | T, done: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    let v: T | undefined;
    try {
      v = await get();
      if (done(v)) return v;
    } catch {
      /* the API may be restarting */
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}\n${api?.output.slice(-20).join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function call(path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(api!.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text };
}

async function login(): Promise<void> {
  const res = await fetch(api!.url + '/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ userName: 'admin', password: ADMIN_PASSWORD }) });
  token = ((await res.json()) as { auth_token: string }).auth_token;
}

async function exitWithin(child: ChildProcess, ms: number): Promise<number> {
  const started = Date.now();
  if (child.exitCode !== null || child.signalCode !== null) return 0;
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`still running after ${ms} ms`)), ms);
    child.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
  });
  return Date.now() - started;
}

// The whole 13 years, daily: the engine got fast enough that a 5-year run could end between two
// looks of the drill, which must catch it mid-run.
async function newScenario(name: string): Promise<number> {
  const res = await call('/api/scenarios', { projectID: ids.project, weatherDatasetID: ids.weather, swatVersionID: ids.version, name, printSetting: 1, skipYears: 1, startingSimulationDate: '2000-01-01', endingSimulationDate: '2012-12-31' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

const scenario = (id: number) => call(`/api/scenarios/${id}`).then((r) => r.body);

async function startRun(id: number): Promise<void> {
  expect((await call(`/api/scenarios/run/${id}`, {})).status).toBe(200);
  // mid-run: the engine is simulating (past writing the inputs)
  await until(`scenario ${id} mid-run`, () => scenario(id), (b) => b.status?.isRunning && b.status.currentProgress >= 15 && b.status.currentProgress < 80, 120_000);
}

async function finished(id: number): Promise<any> {
  const b = await until(`scenario ${id} to finish`, () => scenario(id), (s) => s.status && !s.status.isRunning, 240_000);
  return b;
}

async function outputRows(id: number): Promise<{ sets: number; series: number }> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: database.url });
  await c.connect();
  try {
    const sets = await c.query('select count(*)::int as n from scenario_output_sets where scenario_id = $1', [id]);
    const series = await c.query('select count(*)::int as n from scenario_output_series where scenario_id = $1', [id]);
    return { sets: sets.rows[0].n, series: series.rows[0].n };
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'hw-drill-'));
  env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    REDIS_URL,
    QUEUE_PREFIX: `hwd${randomBytes(4).toString('hex')}`,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WORKERS: String(WORKERS),
    ADMIN_USER: 'admin',
    ADMIN_PASSWORD,
    ADMIN_EMAIL: 'admin@example.org',
    MFA_REQUIRED: 'false',
    LOG_LEVEL: 'warn',
  };
  api = await startApi();
  await login();
  // the demo dataset's Little River project, all HRUs
  const groups = (await call('/api/datasets/publiclist')).body as { options: { value: number; text: string }[] }[];
  const datasetId = groups.flatMap((g) => g.options).find((o) => /Little River/.test(o.text))!.value;
  const map = await call(`/api/maps/subbasin/name/${datasetId}/3`);
  const project = await call('/api/projects', { datasetID: datasetId, endID: map.body.downstreamID, startIDs: [], name: 'Drill' });
  ids.project = project.body.id;
  await until('the project', () => call(`/api/projects/${ids.project}`).then((r) => r.body), (b) => b.status?.isCreated, 120_000);
  await call('/api/projects/hrus', { projectID: ids.project, method: 'target', targetThreshold: 134 });
  await until('the HRUs', () => call(`/api/projects/${ids.project}`).then((r) => r.body), (b) => b.status?.hasSetHrus, 120_000);
  const o = (await call(`/api/scenarios/options/${ids.project}`)).body;
  ids.weather = o.defaultWeatherDataset;
  ids.version = o.defaultSWATVersion;
}, 240_000);

afterAll(async () => {
  if (api && api.child.exitCode === null) {
    api.child.kill('SIGTERM');
    await exitWithin(api.child, 12_000).catch(() => api!.child.kill('SIGKILL'));
  }
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('process drill: workers, kills and restarts', () => {
  let baseline: { sets: number; series: number };

  it(`runs exactly WORKERS (${WORKERS}) workers, and an undisturbed run as the baseline`, async () => {
    await until('the workers', () => workerPids(api!.child.pid!), (p) => p.length === WORKERS);
    const id = await newScenario('Undisturbed');
    await startRun(id);
    const t = Date.now();
    const done = await finished(id);
    timings.undisturbedRest = since(t);
    expect(done.status, `${JSON.stringify(done.status)}\n${api!.output.slice(-30).join('')}`).toMatchObject({ isRunning: false, hasRun: true, hasError: false });
    baseline = await outputRows(id);
    expect(baseline.series).toBeGreaterThan(0);
  }, 300_000);

  it('hands the run of a killed worker to another; the killed worker is replaced once', async () => {
    const id = await newScenario('Worker killed');
    await startRun(id);
    const before = workerPids(api!.child.pid!);
    expect(before).toHaveLength(WORKERS);
    const t = Date.now();
    for (const pid of before) process.kill(pid, 'SIGKILL'); // whichever holds the run dies
    const after = await until('replacement workers', () => workerPids(api!.child.pid!), (p) => p.length === WORKERS && p.every((x) => !before.includes(x)));
    timings.workersReplaced = since(t);
    const done = await finished(id);
    timings.finishedAfterWorkerKill = since(t);
    expect(done.status, `${JSON.stringify(done.status)}\n${api!.output.slice(-30).join('')}`).toMatchObject({ isRunning: false, hasRun: true, hasError: false });
    expect(await outputRows(id), `${JSON.stringify(done.status)}\n${api!.output.slice(-30).join('')}`).toEqual(baseline);
    expect(workerPids(api!.child.pid!).sort()).toEqual(after.sort()); // no extra worker appeared
  }, 300_000);

  it('SIGTERM mid-run: the API and its workers exit within 10 s; restarted, the run finishes once', async () => {
    const id = await newScenario('API restarted');
    await startRun(id);
    const workers = workerPids(api!.child.pid!);
    let t = Date.now();
    api!.child.kill('SIGTERM');
    const ms = await exitWithin(api!.child, 10_000);
    timings.sigtermExit = ms;
    expect(ms).toBeLessThanOrEqual(10_000);
    expect(api!.child.exitCode).toBe(0);
    await until('the workers to exit', () => workers.filter(alive), (l) => l.length === 0, 5000);
    t = Date.now();
    api = await startApi();
    await login();
    timings.restart = since(t);
    await until('the workers', () => workerPids(api!.child.pid!), (p) => p.length === WORKERS);
    t = Date.now();
    await until('the run to be taken up again', () => scenario(id), (b) => !b.status?.isRunning || b.status.currentProgress < 15, 120_000);
    timings.takenUpAfterRestart = since(t);
    const done = await finished(id);
    timings.finishedAfterRestart = since(t);
    expect(done.status, `${JSON.stringify(done.status)}\n${api!.output.slice(-30).join('')}`).toMatchObject({ isRunning: false, hasRun: true, hasError: false });
    expect(await outputRows(id), `${JSON.stringify(done.status)}\n${api!.output.slice(-30).join('')}`).toEqual(baseline);
  }, 300_000);

  it('the API killed outright: its workers exit by themselves; restarted, exactly WORKERS and the run finishes', async () => {
    const id = await newScenario('API killed');
    await startRun(id);
    const workers = workerPids(api!.child.pid!);
    const t = Date.now();
    api!.child.kill('SIGKILL');
    await exitWithin(api!.child, 5000);
    await until('orphaned workers to exit', () => workers.filter(alive), (l) => l.length === 0, 10_000);
    timings.orphansGone = since(t);
    api = await startApi();
    await login();
    await until('the workers', () => workerPids(api!.child.pid!), (p) => p.length === WORKERS);
    const done = await finished(id);
    timings.finishedAfterApiKill = since(t);
    expect(done.status, `${JSON.stringify(done.status)}\n${api!.output.slice(-30).join('')}`).toMatchObject({ isRunning: false, hasRun: true, hasError: false });
    expect(await outputRows(id), `${JSON.stringify(done.status)}\n${api!.output.slice(-30).join('')}`).toEqual(baseline);
    console.log(`process drill (ms): ${JSON.stringify(timings)}`);
  }, 300_000);
});
