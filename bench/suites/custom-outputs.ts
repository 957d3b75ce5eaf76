// Output tools (issue 14), through the API and a worker on real PostgreSQL + Redis:
//   - SWAT Check of a synthetic 2,500-HRU scenario, 10 printed years daily (goal ≤ 2 s): the call
//     GET scenarios/output/swatcheck/{id}/0 with an empty cache (the check on the worker), and the
//     @headwater/swat check alone;
//   - a flood frequency request (Bulletin 17B, and 17C/EMA) and a baseflow separation request over
//     every subbasin of a synthetic 2,000-subbasin watershed, 30 years daily (goal ≤ 60 s each on
//     the workers): submit → complete.
// The 2,000-subbasin run goes through the platform's own pieces (assembleScenario, the built-in
// engine, loadOutputs) with one change: file.cio prints only FLOW_OUT of output.rch and PRECIP and
// WYLD of output.sub (SWAT's print lists, IPDVAR/IPDVAS) — the full 46-column daily output.rch of
// 2,000 reaches over 30 years would be ~12 GB of text; the tools read only FLOW_OUTcms.
// Sizes: CUSTOM_BENCH_SUBBASINS (2000), CUSTOM_BENCH_YEARS (30); CUSTOM_BENCH_KEEP=<dir> keeps a copy
// of the SWAT Check scenario's files there (for profiling); CUSTOM_BENCH_PARTS=check|requests runs one half.
import { cpSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSynthetic } from '../../datasets/src/synthetic.ts';
import { loadDatasetDir } from '../../platform-api/src/modules/datasets/loader.ts';
import { customOutputsDir } from '../../platform-api/src/modules/custom-outputs/service.ts';
import { Scenario } from '../../platform-api/src/modules/scenarios/models.ts';
import { assembleScenario, writeScenarioInputs } from '../../platform-api/src/modules/scenarios/run/build.ts';
import { runBuiltin } from '../../platform-api/src/modules/scenarios/run/engines.ts';
import { scenarioFolders } from '../../platform-api/src/modules/scenarios/run/job.ts';
import { loadOutputs } from '../../platform-api/src/modules/scenarios/run/outputs.ts';
import { startProcessing } from '../../platform-api/src/jobs/processors.ts';
import { startTestApp, type TestApp } from '../../platform-api/test/helpers.ts';
import { checkRun } from '../../plugins/swat-check/server/index.ts';

async function poll<T>(get: () => Promise<T>, done: (v: T) => boolean, ms = 1_800_000, every = 50): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, every));
  }
}

async function projectOf(app: TestApp, token: string, datasetId: number, endName: string, hrus: number): Promise<number> {
  const map = await app.request(`/api/maps/subbasin/name/${datasetId}/${endName}`, { token });
  const created = await app.request('/api/projects', { token, body: { datasetID: datasetId, endID: map.body.downstreamID, startIDs: [], name: `Bench ${endName} ${hrus}` } });
  if (created.status !== 200) throw new Error(JSON.stringify(created.body));
  const id = created.body.id as number;
  await poll(() => app.request(`/api/projects/${id}`, { token }), (r) => r.body.status.isCreated || r.body.status.hasError);
  await app.request('/api/projects/hrus', { token, body: { projectID: id, method: 'target', targetThreshold: hrus } });
  const set = await poll(() => app.request(`/api/projects/${id}`, { token }), (r) => r.body.status.hasSetHrus || r.body.status.hasError);
  if (set.body.status.hasError) throw new Error(set.body.status.exceptionMessage);
  return id;
}

async function createScenario(app: TestApp, token: string, projectId: number, name: string, start: string, end: string, skipYears: number): Promise<number> {
  const o = (await app.request(`/api/scenarios/options/${projectId}`, { token })).body;
  const s = await app.request('/api/scenarios', {
    token,
    body: { projectID: projectId, name, weatherDatasetID: o.defaultWeatherDataset, swatVersionID: o.defaultSWATVersion, printSetting: 1, skipYears, startingSimulationDate: start, endingSimulationDate: end },
  });
  if (s.status !== 200) throw new Error(JSON.stringify(s.body));
  return s.body.id as number;
}

async function synthetic(app: TestApp, work: string, opts: { subbasins: number; hrus: number; years: [number, number]; key: string }): Promise<{ datasetId: number; outlet: string }> {
  const dir = join(work, opts.key);
  writeSynthetic(dir, { subbasins: opts.subbasins, hrus: opts.hrus, seed: 11, years: opts.years, key: opts.key, name: `Synthetic ${opts.key}` });
  const loaded = await loadDatasetDir(app.deps.db, dir, { replace: true });
  rmSync(dir, { recursive: true, force: true });
  const outlet = (await app.deps.db('subbasins').where({ datasetId: loaded.datasetId }).whereNull('downstreamId').first('name')).name as string;
  return { datasetId: loaded.datasetId, outlet };
}

/** A request from submit to complete, as the page sees it. */
async function timedRequest(app: TestApp, token: string, path: string, scenarioId: number, body: unknown): Promise<{ seconds: number; request: any }> {
  const t0 = performance.now();
  const res = await app.request(`/api/scenarios/output/${path}/${scenarioId}`, { token, body });
  if (res.status !== 200) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
  const id = res.body.id as number;
  const page = await poll(
    () => app.request(`/api/scenarios/output/${path}/${scenarioId}`, { token }),
    (r) => r.body.requests.find((x: any) => x.id === id)?.status !== 'running',
    1_800_000,
    100,
  );
  const request = page.body.requests.find((x: any) => x.id === id);
  if (request.status !== 'complete') throw new Error(`${path} request: ${request.statusMessage}`);
  return { seconds: (performance.now() - t0) / 1000, request };
}

export default async function customOutputs(): Promise<Record<string, string | number>> {
  const figures: Record<string, string | number> = {};
  const app = await startTestApp();
  const work = mkdtempSync(join(tmpdir(), 'hw-bench-custom-'));
  try {
    app.config.mfaRequired = false;
    startProcessing(app.deps, 1);
    const token = await app.login();

    const parts = (process.env.CUSTOM_BENCH_PARTS ?? 'check,requests').split(',');
    // ── SWAT Check: 2,500 HRUs, 10 printed years (2001–2012 with 2 warm-up years), daily ──
    if (parts.includes('check')) {
      const { datasetId, outlet } = await synthetic(app, work, { subbasins: 40, hrus: 2500, years: [2000, 2012], key: 'bench-check-2500' });
      const projectId = await projectOf(app, token, datasetId, outlet, 2500);
      const id = await createScenario(app, token, projectId, 'Check', '2001-01-01', '2012-12-31', 2);
      const t0 = performance.now();
      await app.request(`/api/scenarios/run/${id}`, { token, body: {} });
      const done = await poll(() => app.request(`/api/scenarios/${id}`, { token }), (r) => !r.body.status.isRunning);
      if (!done.body.status.hasRun) throw new Error(done.body.status.exceptionMessage);
      const p = (await app.request(`/api/projects/${projectId}`, { token })).body.project;
      figures['SWAT Check scenario (subbasins / HRUs / printed years)'] = `${p.numSubbasins} / ${p.numHrus} / 10 (run took ${((performance.now() - t0) / 1000).toFixed(1)} s)`;
      const calls: number[] = [];
      for (let i = 0; i < 3; i++) {
        rmSync(join(customOutputsDir(app.deps, id), 'cache'), { recursive: true, force: true });
        const t = performance.now();
        const res = await app.request(`/api/scenarios/output/swatcheck/${id}/0`, { token });
        if (res.status !== 200) throw new Error(JSON.stringify(res.body));
        calls.push((performance.now() - t) / 1000);
      }
      const t = performance.now();
      await app.request(`/api/scenarios/output/swatcheck/${id}/0`, { token });
      const cached = (performance.now() - t) / 1000;
      const lib: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t1 = performance.now();
        checkRun(scenarioFolders(app.deps, id).files, 0);
        lib.push((performance.now() - t1) / 1000);
      }
      if (process.env.CUSTOM_BENCH_KEEP) cpSync(scenarioFolders(app.deps, id).files, process.env.CUSTOM_BENCH_KEEP, { recursive: true });
      const sub = (await app.request(`/api/hruselection/subbasins/${projectId}`, { token })).body[5];
      const ts = performance.now();
      await app.request(`/api/scenarios/output/swatcheck/${id}/${sub.id}`, { token });
      figures['SWAT Check, whole watershed, cold: GET swatcheck, output files parsed on the worker (s)'] = calls[0]!.toFixed(2);
      figures['SWAT Check, whole watershed, result cache cleared, inputs kept on the worker: best of 2 (s)'] = Math.min(...calls.slice(1)).toFixed(2);
      figures['SWAT Check: @headwater/swat loadCheckInputs + swatCheck alone, best of 3 (s)'] = Math.min(...lib).toFixed(2);
      figures['SWAT Check: one subbasin after the watershed (inputs kept on the worker) (s)'] = ((performance.now() - ts) / 1000).toFixed(2);
      figures['SWAT Check: the same call again (cached result) (s)'] = cached.toFixed(3);
    }

    // ── FFA and baseflow: 2,000 subbasins × 30 years daily ──
    if (parts.includes('requests')) {
      // a watershed of this size is beyond the seeded tiers' limits: the bench lifts them
      await app.deps.db('tiers').update({ subbasinLimit: 0, hruLimit: 0 });
      const n = Number(process.env.CUSTOM_BENCH_SUBBASINS ?? 2000);
      const years = Number(process.env.CUSTOM_BENCH_YEARS ?? 30);
      const first = 2012 - years + 1;
      const { datasetId, outlet } = await synthetic(app, work, { subbasins: n, hrus: n, years: [first, 2012], key: `bench-ffa-${n}` });
      const projectId = await projectOf(app, token, datasetId, outlet, n);
      const id = await createScenario(app, token, projectId, 'Long', `${first}-01-01`, '2012-12-31', 0);
      const scenario = await Scenario.query().findById(id);
      const folders = scenarioFolders(app.deps, id);
      mkdirSync(folders.run, { recursive: true });
      const t0 = performance.now();
      const built = await assembleScenario(app.deps.db, scenario!);
      const cio = built.project.cio as unknown as { IPDVAR: number[]; IPDVAS: number[] };
      cio.IPDVAR = [2, ...Array(19).fill(0)]; // FLOW_OUTcms
      cio.IPDVAS = [1, 9, ...Array(13).fill(0)]; // PRECIPmm, WYLDmm
      await writeScenarioInputs(built, folders.run);
      const t1 = performance.now();
      const engine = await runBuiltin({ dir: folders.run, onProgress: () => {}, shouldStop: () => false, timeoutSeconds: 86_400 });
      const t2 = performance.now();
      const load = await loadOutputs(app.deps.db, id, folders.run);
      renameSync(folders.run, folders.files);
      await Scenario.query().patch({ hasRun: true, hasFiles: true, isRunning: false, lastRunDate: new Date(), runSettings: { writeSwatEditor: false, writeSwatEditorAsSqlite: false, noModelRun: false, noOutputProcessing: false } }).where('id', id);
      const p = (await app.request(`/api/projects/${projectId}`, { token })).body.project;
      figures['FFA/baseflow scenario (subbasins / HRUs / years daily)'] = `${p.numSubbasins} / ${p.numHrus} / ${years}`;
      figures['  its run: inputs / engine / outputs parsed + loaded (s)'] = `${((t1 - t0) / 1000).toFixed(1)} / ${((t2 - t1) / 1000).toFixed(1)} / ${(load.parseSeconds + load.loadSeconds).toFixed(1)} (${Math.round(engine.hruDaysPerSecond).toLocaleString('en-US')} HRU-days/s, ${load.rows.toLocaleString('en-US')} output rows)`;

      const b17b = await timedRequest(app, token, 'ffa', id, { applyToAll: true, method: 'b17b' });
      figures[`FFA Bulletin 17B, all ${n} subbasins × ${years} years: submit → complete (s)`] = b17b.seconds.toFixed(1);
      const ema = await timedRequest(app, token, 'ffa', id, { applyToAll: true, method: 'ema' });
      figures[`FFA Bulletin 17C (EMA), all ${n} subbasins × ${years} years: submit → complete (s)`] = ema.seconds.toFixed(1);
      const bf = await timedRequest(app, token, 'baseflowseparation', id, { applyToAll: true, filterParameter: 0.98, bfiMax: 0.8 });
      figures[`Baseflow separation, all ${n} subbasins × ${years} years: submit → complete (s)`] = bf.seconds.toFixed(1);
      const zip = performance.now();
      const res = await fetch(`${app.url}${bf.request.downloadLink}?access_token=${token}`);
      const bytes = (await res.arrayBuffer()).byteLength;
      figures['  baseflow download (zip of the daily CSVs, streamed): size / time'] = `${(bytes / 1e6).toFixed(0)} MB / ${((performance.now() - zip) / 1000).toFixed(1)} s`;
    }
  } finally {
    await app.close();
    rmSync(work, { recursive: true, force: true });
  }
  return figures;
}
