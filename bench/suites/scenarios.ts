// Scenario run figures (issue 7), end to end through the API and a worker on real PostgreSQL +
// Redis: run request → TxtInOut written → engine → outputs loaded → hasRun.
//   - the demo dataset (LREW, 134 HRUs) over 5 years, daily (goal ≤ 15 s);
//   - a synthetic 2,500-HRU project over 5 years, daily (goal ≤ 60 s);
//   - output loading: output rows (unit × time lines of output.rch/.sub/.hru) per second from
//     the files into PostgreSQL (goal ≥ 500,000), on a daily 20-year run of the synthetic project.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSynthetic } from '../../datasets/src/synthetic.ts';
import { loadDatasetDir } from '../../platform-api/src/modules/datasets/loader.ts';
import { loadOutputs } from '../../platform-api/src/modules/scenarios/run/outputs.ts';
import { scenarioFolders } from '../../platform-api/src/modules/scenarios/run/job.ts';
import { startProcessing } from '../../platform-api/src/jobs/processors.ts';
import { startTestApp, type TestApp } from '../../platform-api/test/helpers.ts';

async function poll<T>(get: () => Promise<T>, done: (v: T) => boolean, ms = 600_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function projectOf(app: TestApp, token: string, datasetId: number, endName: string, hrus: number): Promise<number> {
  const map = await app.request(`/api/maps/subbasin/name/${datasetId}/${endName}`, { token });
  const created = await app.request('/api/projects', { token, body: { datasetID: datasetId, endID: map.body.downstreamID, startIDs: [], name: `Bench ${endName}` } });
  const id = created.body.id as number;
  await poll(() => app.request(`/api/projects/${id}`, { token }), (r) => r.body.status.isCreated || r.body.status.hasError);
  await app.request('/api/projects/hrus', { token, body: { projectID: id, method: 'target', targetThreshold: hrus } });
  const set = await poll(() => app.request(`/api/projects/${id}`, { token }), (r) => r.body.status.hasSetHrus || r.body.status.hasError);
  if (set.body.status.hasError) throw new Error(set.body.status.exceptionMessage);
  return id;
}

const cpuOf = new Map<number, number>();

async function timedRun(app: TestApp, token: string, projectId: number, start: string, end: string): Promise<{ seconds: number; scenarioId: number; summary: any; cpu: number }> {
  const o = (await app.request(`/api/scenarios/options/${projectId}`, { token })).body;
  const s = await app.request('/api/scenarios', {
    token,
    body: { projectID: projectId, name: `${start}–${end}`, weatherDatasetID: o.defaultWeatherDataset, swatVersionID: o.defaultSWATVersion, printSetting: 1, skipYears: 2, startingSimulationDate: start, endingSimulationDate: end },
  });
  if (s.status !== 200) throw new Error(JSON.stringify(s.body));
  const id = s.body.id as number;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await app.request(`/api/scenarios/run/${id}`, { token, body: {} });
  const done = await poll(() => app.request(`/api/scenarios/${id}`, { token }), (r) => !r.body.status.isRunning, 900_000);
  const seconds = (performance.now() - t0) / 1000;
  // CPU of this process, the worker's threads included (PostgreSQL's not): what the machine's
  // other load does not inflate
  const c = process.cpuUsage(c0);
  cpuOf.set(id, (c.user + c.system) / 1e6);
  if (!done.body.status.hasRun) throw new Error(done.body.status.exceptionMessage);
  const summary = (await app.deps.db('scenarios').where('id', id).first('runSummary')).runSummary;
  return { seconds, scenarioId: id, summary, cpu: cpuOf.get(id)! };
}

export default async function scenarios(): Promise<Record<string, string | number>> {
  const figures: Record<string, string | number> = {};
  const app = await startTestApp();
  const work = mkdtempSync(join(tmpdir(), 'hw-bench-scenarios-'));
  try {
    app.config.mfaRequired = false;
    startProcessing(app.deps, 1);
    const token = await app.login();

    // the demo dataset, 5 years
    const groups = (await app.request('/api/datasets/publiclist', { token })).body as { options: { value: number; text: string }[] }[];
    const lrew = groups.flatMap((g) => g.options).find((o) => /Little River/.test(o.text))!.value;
    const lrewProject = await projectOf(app, token, lrew, '3', 134);
    const demo = await timedRun(app, token, lrewProject, '2003-01-01', '2007-12-31');
    figures['demo (LREW, 134 HRUs, 5 years daily): run request → outputs loaded (s)'] = demo.seconds.toFixed(2);
    figures['demo: CPU of the API + worker process over the run (s)'] = demo.cpu.toFixed(2);
    figures['demo: inputs ready / engine / outputs parsed + loaded (s)'] = `${demo.summary.writeSeconds.toFixed(2)} / ${demo.summary.engineSeconds.toFixed(2)} / ${(demo.summary.parseSeconds + demo.summary.loadSeconds).toFixed(2)}`;
    figures['demo: input files on disk (s after ready, alongside the engine)'] = (demo.summary.filesSeconds ?? 0).toFixed(2);

    // a synthetic 2,500-HRU project
    const dir = join(work, 'synthetic');
    const { dataset } = writeSynthetic(dir, { subbasins: 40, hrus: 2500, seed: 7, key: 'bench-2500', name: 'Synthetic 2,500 HRUs' });
    const loaded = await loadDatasetDir(app.deps.db, dir, { replace: true });
    const outlet = (await app.deps.db('subbasins').where({ datasetId: loaded.datasetId }).whereNull('downstreamId').first('name')).name as string;
    const synth = await projectOf(app, token, loaded.datasetId, outlet, 2500);
    const p = (await app.request(`/api/projects/${synth}`, { token })).body.project;
    figures['synthetic project (subbasins / HRUs)'] = `${p.numSubbasins} / ${p.numHrus}`;
    void dataset;
    const big = await timedRun(app, token, synth, '2003-01-01', '2007-12-31');
    figures['synthetic 2,500 HRUs, 5 years daily: run request → outputs loaded (s)'] = big.seconds.toFixed(2);
    figures['synthetic: CPU of the API + worker process over the run (s)'] = big.cpu.toFixed(2);
    figures['synthetic: inputs ready / engine / outputs parsed + loaded (s)'] = `${big.summary.writeSeconds.toFixed(2)} / ${big.summary.engineSeconds.toFixed(2)} / ${(big.summary.parseSeconds + big.summary.loadSeconds).toFixed(2)}`;
    figures['synthetic: input files on disk (s after ready, alongside the engine)'] = (big.summary.filesSeconds ?? 0).toFixed(2);
    figures['synthetic: engine HRU-days per second'] = Math.round(big.summary.hruDaysPerSecond).toLocaleString('en-US');

    // output loading alone, on a longer run's files (3 loads, best)
    const long = await timedRun(app, token, synth, '2000-01-01', '2012-12-31');
    const ls = long.summary;
    figures['13-year daily run, 2,500 HRUs: run request → outputs loaded (s)'] = long.seconds.toFixed(2);
    figures['13-year run: CPU of the API + worker process over the run (s)'] = long.cpu.toFixed(2);
    figures['13-year run: engine / output loading after the engine (parse left + store) (s)'] = `${ls.engineSeconds.toFixed(2)} / ${(ls.parseSeconds + ls.loadSeconds).toFixed(2)}`;
    figures['13-year run: output loading as the run does it, rows per second after the engine'] = Math.round(ls.outputRows / (ls.parseSeconds + ls.loadSeconds)).toLocaleString('en-US');
    // the file loader (an administrator's executable's outputs)
    const files = scenarioFolders(app.deps, long.scenarioId).files;
    let best = { rows: 0, total: Infinity, parse: 0, load: 0 };
    for (let i = 0; i < 3; i++) {
      const r = await loadOutputs(app.deps.db, long.scenarioId, files);
      const total = r.parseSeconds + r.loadSeconds;
      if (total < best.total) best = { rows: r.rows, total, parse: r.parseSeconds, load: r.loadSeconds };
    }
    figures['output loading: rows (13-year daily run, 2,500 HRUs)'] = best.rows.toLocaleString('en-US');
    figures['output loading: files → PostgreSQL, rows per second'] = Math.round(best.rows / best.total).toLocaleString('en-US');
    figures['output loading: parse / load into PostgreSQL (s)'] = `${best.parse.toFixed(2)} / ${best.load.toFixed(2)}`;
    figures['output loading: PostgreSQL step alone, rows per second'] = Math.round(best.rows / best.load).toLocaleString('en-US');
  } finally {
    await app.close();
    rmSync(work, { recursive: true, force: true });
  }
  return figures;
}
