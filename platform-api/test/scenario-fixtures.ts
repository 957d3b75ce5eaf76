// What every scenario and editor API test needs: the test app with a worker, the admin, a
// project of the demo dataset (LREW) with its HRUs set, scenarios created and run, and the
// scenario files downloaded and unpacked.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { startProcessing } from '../src/jobs/processors.ts';
import { startTestApp, type TestApp } from './helpers.ts';

export type LrewFixture = {
  app: TestApp;
  admin: string;
  projectId: number;
  weatherId: number;
  builtinId: number;
  /** polls GET projects/{id} until `done` (or an error) */
  waitProject(id: number, done: (body: any) => boolean, ms?: number): Promise<any>;
  /** polls GET scenarios/{id} until it is not running */
  waitRun(id: number, ms?: number): Promise<any>;
  /** POST scenarios (2003–2007, daily, 2 warm-up years unless `body` says otherwise) → id */
  createScenario(body: Record<string, unknown>): Promise<number>;
  /** runs a scenario and waits for the end; throws on a run error */
  run(id: number, request?: Record<string, unknown>): Promise<any>;
  /** a zip download (`?access_token`), unpacked: { status, files by name } */
  download(path: string, token?: string): Promise<{ status: number; files: Record<string, Uint8Array> }>;
  /** the scenario files of a run, unpacked into `dir` (TxtInOut/ prefix removed) */
  scenarioFiles(id: number, dir: string): Promise<string>;
};

/** Starts the app (worker included), logs the admin in and creates the LREW project with `hrus` HRUs set (134 = all). */
export async function lrewFixture(opts: { hrus?: number } = {}): Promise<LrewFixture> {
  const app = await startTestApp();
  app.config.mfaRequired = false;
  startProcessing(app.deps, 1);
  const admin = await app.login();
  const poll = async (path: string, done: (b: any) => boolean, ms: number) => {
    const until = Date.now() + ms;
    for (;;) {
      const res = await app.request(path, { token: admin });
      if (res.status === 200 && done(res.body)) return res.body;
      if (Date.now() > until) throw new Error(`timed out waiting on ${path}: ${JSON.stringify(res.body?.status)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const f: LrewFixture = {
    app,
    admin,
    projectId: 0,
    weatherId: 0,
    builtinId: 0,
    waitProject: (id, done, ms = 60_000) => poll(`/api/projects/${id}`, (b) => done(b) || b.status.hasError, ms),
    waitRun: (id, ms = 180_000) => poll(`/api/scenarios/${id}`, (b) => !b.status.isRunning, ms),
    async createScenario(body) {
      const res = await app.request('/api/scenarios', {
        token: admin,
        body: { projectID: f.projectId, weatherDatasetID: f.weatherId, swatVersionID: f.builtinId, printSetting: 1, skipYears: 2, startingSimulationDate: '2003-01-01', endingSimulationDate: '2007-12-31', ...body },
      });
      if (res.status !== 200) throw new Error(`POST scenarios: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id;
    },
    async run(id, request = {}) {
      const res = await app.request(`/api/scenarios/run/${id}`, { token: admin, body: request });
      if (res.status !== 200) throw new Error(`POST scenarios/run: ${res.status} ${JSON.stringify(res.body)}`);
      const done = await f.waitRun(id);
      if (done.status.hasError) throw new Error(`run failed: ${done.status.exceptionMessage}`);
      return done;
    },
    async download(path, token = admin) {
      const res = await fetch(`${app.url}${path}?access_token=${token}`);
      if (res.status !== 200) return { status: res.status, files: {} };
      return { status: 200, files: unzipSync(new Uint8Array(await res.arrayBuffer())) };
    },
    async scenarioFiles(id, dir) {
      const { status, files } = await f.download(`/api/exports/scenario/${id}`);
      if (status !== 200) throw new Error(`scenario files: ${status}`);
      mkdirSync(dir, { recursive: true });
      for (const [name, bytes] of Object.entries(files)) if (!name.endsWith('/')) writeFileSync(join(dir, name.replace(/^TxtInOut\//, '')), bytes);
      return dir;
    },
  };
  const groups = (await app.request('/api/datasets/publiclist', { token: admin })).body as { options: { value: number; text: string }[] }[];
  const datasetId = groups.flatMap((g) => g.options).find((o) => /Little River/.test(o.text))!.value;
  const map = await app.request(`/api/maps/subbasin/name/${datasetId}/3`, { token: admin });
  const project = await app.request('/api/projects', { token: admin, body: { datasetID: datasetId, endID: map.body.downstreamID, startIDs: [], name: 'Little River' } });
  f.projectId = project.body.id;
  await f.waitProject(f.projectId, (b) => b.status.isCreated);
  if (opts.hrus !== undefined) {
    await app.request('/api/projects/hrus', { token: admin, body: { projectID: f.projectId, method: 'target', targetThreshold: opts.hrus } });
    await f.waitProject(f.projectId, (b) => b.status.hasSetHrus);
    const o = (await app.request(`/api/scenarios/options/${f.projectId}`, { token: admin })).body;
    f.weatherId = o.defaultWeatherDataset;
    f.builtinId = o.defaultSWATVersion;
  }
  return f;
}
