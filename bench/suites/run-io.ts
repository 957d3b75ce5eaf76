// A scenario run's file work (issue 23, Speed), on real PostgreSQL + Redis:
//   - writing a 2,500-HRU scenario's inputs (read from the database, assembled, saved changes
//     applied, TxtInOut written: the run job's "inputs written" step), goal ≤ 1 s;
//   - output loading, files → PostgreSQL (parse output.rch/.sub/.hru and store the matrices:
//     the run job's last step), goal ≥ 500,000 rows/s end to end, on a 13-year daily run's
//     files (40 reaches, 40 subbasins, the 20 printed HRUs) written in SWAT's own formats.
// Each is timed 3 times and the best is reported (the machine is shared: upper bounds).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOutputWriter, defaultColumns } from '@headwater/swat/output/index.ts';
import { writeSynthetic } from '../../datasets/src/synthetic.ts';
import { loadDatasetDir } from '../../platform-api/src/modules/datasets/loader.ts';
import { loadOutputs } from '../../platform-api/src/modules/scenarios/run/outputs.ts';
import { applyChanges, assembleScenario, writeScenarioInputs } from '../../platform-api/src/modules/scenarios/run/build.ts';
import { Scenario, ScenarioModification } from '../../platform-api/src/modules/scenarios/models.ts';
import { editorServers } from '../../platform-api/src/modules/scenarios/mods.ts';
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
  if (created.status !== 200) throw new Error(JSON.stringify(created.body));
  const id = created.body.id as number;
  await poll(() => app.request(`/api/projects/${id}`, { token }), (r) => r.body.status.isCreated || r.body.status.hasError);
  await app.request('/api/projects/hrus', { token, body: { projectID: id, method: 'target', targetThreshold: hrus } });
  const set = await poll(() => app.request(`/api/projects/${id}`, { token }), (r) => (r.body.status.hasSetHrus && !r.body.status.isSettingHrus) || r.body.status.hasError);
  if (set.body.status.hasError) throw new Error(set.body.status.exceptionMessage);
  return id;
}

/** SWAT-format output files of a daily run (IPRINT 1, julian days), as the engine prints them. */
async function writeOutputs(dir: string, startYear: number, years: number, reaches: number, hrus: number): Promise<void> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'file.cio'), [`${years} | NBYR`, `${startYear} | IYR`, '1 | IDAF', '365 | IDAL', '1 | IPRINT', '0 | NYSKIP', '0 | ICALEN', ''].join('\n'));
  let seed = 17;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (const kind of ['rch', 'sub', 'hru'] as const) {
    const w = createOutputWriter(kind, join(dir, `output.${kind}`), { iprint: 1, icalen: 0 });
    const n = defaultColumns(kind, 637).length;
    const units = kind === 'hru' ? hrus : reaches;
    for (let y = startYear; y < startYear + years; y++) {
      const days = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 366 : 365;
      for (let d = 1; d <= days; d++) {
        for (let u = 1; u <= units; u++) {
          const values = new Float64Array(n);
          for (let i = 0; i < n; i++) values[i] = rnd() * 10 ** Math.floor(rnd() * 6 - 2);
          const sub = kind === 'hru' ? 1 + ((u - 1) % reaches) : u;
          await w.writeRow({ unit: u, gis: kind === 'hru' ? `${String(sub).padStart(5, '0')}${String(u).padStart(4, '0')}` : u, lulc: 'AGRL', sub, mgt: 1, period: 'day', year: y, julianDay: d, area: 12.5 + u, values });
        }
      }
    }
    await w.close();
  }
}

export default async function runIo(): Promise<Record<string, string | number>> {
  const figures: Record<string, string | number> = {};
  const app = await startTestApp();
  const work = mkdtempSync(join(tmpdir(), 'hw-bench-run-io-'));
  try {
    app.config.mfaRequired = false;
    startProcessing(app.deps, 1);
    const token = await app.login();
    await app.deps.db('users').where('userName', 'admin').update({ tierId: app.deps.db('tiers').select('id').where('name', 'Tier III') });

    const dir = join(work, 'synthetic');
    writeSynthetic(dir, { subbasins: 40, hrus: 2500, seed: 7, key: 'bench-io-2500', name: 'Synthetic 2,500 HRUs' });
    const loaded = await loadDatasetDir(app.deps.db, dir, { replace: true });
    const outlet = (await app.deps.db('subbasins').where({ datasetId: loaded.datasetId }).whereNull('downstreamId').first('name')).name as string;
    const projectId = await projectOf(app, token, loaded.datasetId, outlet, 2500);
    const o = (await app.request(`/api/scenarios/options/${projectId}`, { token })).body;
    const s = await app.request('/api/scenarios', {
      token,
      body: { projectID: projectId, name: 'Inputs', weatherDatasetID: o.defaultWeatherDataset, swatVersionID: o.defaultSWATVersion, printSetting: 1, skipYears: 0, startingSimulationDate: '2000-01-01', endingSimulationDate: '2012-12-31' },
    });
    if (s.status !== 200) throw new Error(JSON.stringify(s.body));
    const scenarioId = s.body.id as number;
    // a saved change, so the editors' apply step is in the timing as it is in a real run
    await app.deps.db('scenario_modifications').insert({ scenarioId, modType: 'Cn2Percent', applyToAll: true, subbasins: JSON.stringify([]), landuses: JSON.stringify([]), soils: JSON.stringify([]), slopes: JSON.stringify([]), months: JSON.stringify([]), modificationObject: JSON.stringify({ value: 5 }) });

    // inputs: the run job's steps, as job.ts does them
    const writes: number[] = [];
    let hrus = 0;
    for (let i = 0; i < 3; i++) {
      const out = join(work, `run-${i}`);
      const t0 = performance.now();
      const scenario = (await Scenario.query().findById(scenarioId))!;
      const built = await assembleScenario(app.deps.db, scenario);
      const mods = await ScenarioModification.query().where('scenarioId', scenarioId).orderBy('id');
      await applyChanges(built, mods, editorServers(app.deps));
      await writeScenarioInputs(built, out);
      writes.push((performance.now() - t0) / 1000);
      hrus = built.project.subbasins.reduce((a, sb) => a + sb.hrus.length, 0);
      rmSync(out, { recursive: true, force: true });
    }
    figures['scenario inputs: HRUs written'] = hrus;
    figures['scenario inputs written, 2,500 HRUs, 13 years daily weather (s, best of 3)'] = Math.min(...writes).toFixed(2);
    figures['scenario inputs written: all rounds (s)'] = writes.map((w) => w.toFixed(2)).join(', ');

    // outputs: files → PostgreSQL
    const outDir = join(work, 'outputs');
    await writeOutputs(outDir, 2000, 13, 40, 20);
    let best = { rows: 0, total: Infinity, parse: 0, load: 0 };
    const rounds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const r = await loadOutputs(app.deps.db, scenarioId, outDir);
      const total = (performance.now() - t0) / 1000;
      rounds.push(Math.round(r.rows / total).toLocaleString('en-US'));
      if (total < best.total) best = { rows: r.rows, total, parse: r.parseSeconds, load: r.loadSeconds };
    }
    figures['output loading: rows (13-year daily, 40 reaches + 40 subbasins + 20 HRUs)'] = best.rows.toLocaleString('en-US');
    figures['output loading: files → PostgreSQL, rows per second (best of 3)'] = Math.round(best.rows / best.total).toLocaleString('en-US');
    figures['output loading: all rounds (rows/s)'] = rounds.join(', ');
    figures['output loading: parse / load into PostgreSQL (s)'] = `${best.parse.toFixed(2)} / ${best.load.toFixed(2)}`;
  } finally {
    await app.close();
    rmSync(work, { recursive: true, force: true });
  }
  return figures;
}
