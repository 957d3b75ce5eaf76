// Scenarios through the API as the admin on a project of the demo dataset (LREW): options and
// the form rules, the grid, a full run on the workers with the real engine, the scenario files
// (re-run with hw-swat: the same outputs), the whole-period run against SWAT's own inputs, the
// change store, HRU selection, tier run limits, abort, copy, delete, error reports, an
// administrator's SWAT executable, and the access matrix with a second user.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { unzipSync } from 'fflate';
import { lrewFixture, type LrewFixture } from './scenario-fixtures.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSimulation } from '@headwater/swat/engine/index.ts';
import { readOutputStd } from '@headwater/swat/output/index.ts';
import type { TestApp } from './helpers.ts';
import { fixtureProject } from '@headwater/swat/test-fixtures';
import { applyChanges, assembleScenario, formatScenarioInputs } from '../src/modules/scenarios/run/build.ts';
import { Scenario, ScenarioModification } from '../src/modules/scenarios/models.ts';
import { editorServers } from '../src/modules/scenarios/mods.ts';

const LREW_TXTINOUT = fixtureProject('lrew_swat2012');
const PASSWORD = 'Correct-horse-1';

let f: LrewFixture;
let app: TestApp;
let admin: string;
let other: string;
let projectId: number;
let scenarioId: number;
const work = mkdtempSync(join(tmpdir(), 'hw-scenario-test-'));
const waitProject = (id: number, done: (b: any) => boolean) => f.waitProject(id, done);
const waitRun = (id: number) => f.waitRun(id);
const download = (path: string, token?: string) => f.download(path, token);
const extract = (files: Record<string, Uint8Array>, dir: string) => {
  mkdirSync(dir, { recursive: true });
  for (const [name, bytes] of Object.entries(files)) if (!name.endsWith('/')) writeFileSync(join(dir, name.replace(/^TxtInOut\//, '')), bytes);
};
const createScenario = (body: Record<string, unknown>) => f.createScenario(body);
/** A scenario's input files as a run formats them (the texts its engine reads). */
const scenarioInputs = async (id: number) => {
  const built = await assembleScenario(app.deps.db, (await Scenario.query().findById(id))!);
  await applyChanges(built, await ScenarioModification.query().where('scenarioId', id).orderBy('id'), editorServers(app.deps));
  return formatScenarioInputs(built);
};

let weatherId: number;
let builtinId: number;

beforeAll(async () => {
  f = await lrewFixture();
  ({ app, admin, projectId } = f);
  app.config.swatExecutablesDir = join(work, 'exe');
  const created = await app.request('/api/admin/users', {
    token: admin,
    body: { firstName: 'Bob', lastName: 'Other', email: 'bob@example.org', userName: 'bob', password: PASSWORD, country: 'United States', state: 'Texas', organizationCategory: 'University or college', affiliation: 'Elsewhere', reasonForUse: 'Testing' },
  });
  expect(created.status).toBe(201);
  other = await app.login('bob', PASSWORD);
  // the change store takes changes only for a table an enabled editor registers: ClimateSensitivity
  // is the workspace's climate sensitivity editor (editors/climate-sensitivity)
}, 120_000);

afterAll(async () => {
  await app?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('before HRUs are set', () => {
  it('offers the options but refuses creation', async () => {
    const o = await app.request(`/api/scenarios/options/${projectId}`, { token: admin });
    expect(o.status).toBe(200);
    expect(o.body.hasSetHrus).toBe(false);
    const res = await app.request('/api/scenarios', { token: admin, body: { projectID: projectId, name: 'Early' } });
    expect(res.status).toBe(400);
    expect(res.body).toBe('Please set the HRUs of this project before creating scenarios.');
  });

  it('sets every HRU (target = the original count keeps all 134)', async () => {
    const res = await app.request('/api/projects/hrus', { token: admin, body: { projectID: projectId, method: 'target', targetThreshold: 134 } });
    expect(res.status).toBe(200);
    const done = await waitProject(projectId, (b) => b.status.hasSetHrus);
    expect(done.project.numHrus).toBe(134);
  });
});

describe('the scenario form', () => {
  it('answers the options with the spec defaults', async () => {
    const o = (await app.request(`/api/scenarios/options/${projectId}`, { token: admin })).body;
    expect(o.defaultName).toBe('Default');
    expect(o.defaultPrintSetting).toBe(1);
    expect(o.defaultSkipYears).toBe(2);
    expect(o.printSettings).toEqual([{ id: 1, name: 'Daily' }, { id: 0, name: 'Monthly' }, { id: 2, name: 'Yearly' }]);
    const weather = o.weatherDatasets.flatMap((g: any) => g.options);
    expect(weather).toHaveLength(1);
    expect(weather[0]).toMatchObject({ startDate: '2000-01-01', endDate: '2012-12-31', cmipVersion: null });
    weatherId = weather[0].id;
    f.weatherId = weatherId;
    expect(o.defaultWeatherDataset).toBe(weatherId);
    // five years minus a day from the weather's first day
    expect(o.defaultStartDate).toBe('2000-01-01');
    expect(o.defaultEndDate).toBe('2004-12-31');
    expect(o.swatVersions[0].name).toBe('Headwater engine (SWAT2012 rev 637 compatible)');
    builtinId = o.defaultSWATVersion;
    f.builtinId = builtinId;
    expect(o.tierLimits).toEqual({ withinLimits: true, message: '' });
    expect(o.climateChangeScenarios).toEqual([]);
  });

  it('checks the form with the spec messages', async () => {
    const bad = await app.request('/api/scenarios', {
      token: admin,
      body: { projectID: projectId, name: '  ', weatherDatasetID: weatherId, startingSimulationDate: '2005-01-01', endingSimulationDate: '2004-01-01', skipYears: '', printSetting: 7, swatVersionID: 99999 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      name: ['Required'],
      endingSimulationDate: ['Simulation end date must be greater than starting date.'],
      skipYears: ['Required'],
      printSetting: ['Choose a print setting from the list.'],
      swatVersionID: ['Choose a SWAT version from the list.'],
    });
    const outside = await app.request('/api/scenarios', {
      token: admin,
      body: { projectID: projectId, name: 'Outside', weatherDatasetID: weatherId, startingSimulationDate: '1999-01-01', endingSimulationDate: '2013-06-01', skipYears: 2, printSetting: 1, swatVersionID: builtinId },
    });
    expect(outside.body.errors.startingSimulationDate).toEqual(['Must be between 2000-01-01 and 2012-12-31']);
    expect(outside.body.errors.endingSimulationDate).toEqual(['Must be between 2000-01-01 and 2012-12-31']);
    const warmup = await app.request('/api/scenarios', {
      token: admin,
      body: { projectID: projectId, name: 'Warm', weatherDatasetID: weatherId, startingSimulationDate: '2003-01-01', endingSimulationDate: '2004-12-31', skipYears: 2, printSetting: 1, swatVersionID: builtinId },
    });
    expect(warmup.body.errors.skipYears).toEqual(['Warm-up years must be fewer than the simulated years.']);
  });

  it('creates the Default scenario (2003–2007, daily, 2 warm-up years) and lists it', async () => {
    scenarioId = await createScenario({ name: 'Default', startingSimulationDate: '2003-01-01', endingSimulationDate: '2007-12-31' });
    const view = await app.request(`/api/scenarios/${scenarioId}`, { token: admin });
    expect(view.status).toBe(200);
    expect(view.body.scenario).toMatchObject({ projectID: projectId, name: 'Default', startingSimulationDate: '2003-01-01', endingSimulationDate: '2007-12-31', printSettingID: 1, printSetting: 'Daily', skipYears: 2, hasRun: false, modTables: [] });
    expect(view.body.status).toMatchObject({ isRunning: false, hasRun: false, canRun: true, runLimit: '', zipFile: null });
    expect(view.body.scenario.runtimeEstimate).toBeGreaterThan(0);
    const grid = await app.request(`/api/projects/scenarios/${projectId}?sort=lastModifiedDate_desc&page=1&perPage=10`, { token: admin });
    expect(grid.body.total).toBe(1);
    expect(grid.body.items[0]).toMatchObject({ id: scenarioId, name: 'Default', hasRun: false, isRunning: false, printSetting: 'Daily', startingSimulationDate: '2003-01-01' });
    const all = await app.request(`/api/projects/scenarios/listall/${projectId}`, { token: admin });
    expect(all.body).toEqual([{ id: scenarioId, name: 'Default', hasRun: false, isRunning: false }]);
    expect((await app.request(`/api/scenarios/options/${projectId}`, { token: admin })).body.defaultName).toBe('');
    // HRUs are locked now
    const reset = await app.request(`/api/projects/hrus/reset/${projectId}`, { token: admin, method: 'PATCH' });
    expect(reset.status).toBe(400);
  });
});

describe('a run on the workers', () => {
  it('runs the scenario with live progress and loads its outputs', async () => {
    const res = await app.request(`/api/scenarios/run/${scenarioId}`, { token: admin, body: { sendEmailNotification: false } });
    expect(res.status).toBe(200);
    const queued = (await app.request(`/api/scenarios/${scenarioId}`, { token: admin })).body;
    expect(queued.status.isRunning || queued.status.hasRun).toBe(true);
    const done = await waitRun(scenarioId);
    expect(done.status.exceptionMessage).toBe('');
    expect(done.status).toMatchObject({ isRunning: false, hasError: false, hasRun: true, currentProgress: 100, statusMessage: 'Scenario run completed.' });
    expect(done.status.zipFile).toBe(`/api/exports/scenario/${scenarioId}`);
    expect(done.status.runtime).toBeGreaterThan(0);
    expect(done.status.lastRunDate).toBeTruthy();
    // outputs: 3 reaches and 3 subbasins × the printed days 2005–2007, the first HRU
    const sets = await app.deps.db('scenario_output_sets').where('scenarioId', scenarioId).orderBy('kind');
    expect(sets.map((s: any) => `${s.kind}:${s.period}`)).toEqual(['hru:day', 'rch:day', 'sub:day']);
    const rch = sets.find((s: any) => s.kind === 'rch')!;
    expect(rch.units).toEqual([1, 2, 3]);
    expect(rch.times[0]).toBe(20050101);
    expect(rch.times.at(-1)).toBe(20071231);
    expect(rch.numRows).toBe(3 * 1095);
    const flow = await app.deps.db('scenario_output_series').where({ scenarioId, kind: 'rch', period: 'day', variable: 'FLOW_OUTcms' }).first();
    expect(flow.data.length).toBe(3 * 1095 * 4);
  });

  it('serves the scenario files, and hw-swat run on them gives the same outputs', async () => {
    const { status, files } = await download(`/api/exports/scenario/${scenarioId}`);
    expect(status).toBe(200);
    const names = Object.keys(files).map((n) => n.replace(/^TxtInOut\//, ''));
    for (const f of ['file.cio', 'fig.fig', 'basins.bsn', 'pcp1.pcp', 'tmp1.tmp', '000010001.hru', '000030000.rte', 'output.std', 'output.rch', 'output.sub', 'output.hru']) expect(names).toContain(f);
    // the engine simulated the inputs from memory while they were written: the download holds
    // every one of those texts, byte for byte, and no other input file
    const inputs = await scenarioInputs(scenarioId);
    // besides them: the run's logs and the engine's outputs (output.*, watout.dat of fig.fig's saveconc)
    const runFiles = new Set(['headwater-run.log', 'headwater-engine.log', 'watout.dat']);
    const inZip = names.filter((n) => !n.startsWith('output.') && !runFiles.has(n)).sort();
    expect(inZip).toEqual([...inputs.keys()].sort());
    for (const [name, text] of inputs) expect(Buffer.from(files[`TxtInOut/${name}`]!).toString('latin1'), name).toBe(text);
    const dir = join(work, 'rerun');
    extract(files, dir);
    const cio = readFileSync(join(dir, 'file.cio'), 'latin1');
    expect(cio).toMatch(/\s5\s+\| NBYR/);
    expect(cio).toMatch(/2003\s+\| IYR/);
    expect(cio).toMatch(/\s2\s+\| NYSKIP/);
    const before = Object.fromEntries(['output.rch', 'output.sub', 'output.hru', 'output.std'].map((f) => [f, readFileSync(join(dir, f), 'latin1')]));
    for (const f of Object.keys(before)) rmSync(join(dir, f));
    await runSimulation(dir);
    for (const f of Object.keys(before)) expect(readFileSync(join(dir, f), 'latin1'), f).toBe(before[f]);
  }, 120_000);

  it('puts the scenario files in the project zip', async () => {
    expect((await app.request(`/api/projects/zip/${projectId}`, { method: 'PUT', token: admin, body: { value: false } })).status).toBe(200);
    const done = await waitProject(projectId, (b) => !b.status.isZipping);
    expect(done.status.hasError).toBe(false);
    const d = (await app.request(`/api/projects/downloads/${projectId}`, { token: admin })).body;
    const res = await fetch(`${app.url}${d.zipFile.url}?access_token=${admin}`);
    const names = Object.keys(unzipSync(new Uint8Array(await res.arrayBuffer())));
    expect(names).toContain('Little River/scenarios/Default/TxtInOut/file.cio');
    expect(names).toContain('Little River/scenarios/Default/TxtInOut/output.std');
  }, 60_000);

  it('matches the engine on SWAT\'s own LREW inputs over the whole period', async () => {
    // the dataset converted from the ArcSWAT project, written back through a project and a
    // scenario with the original settings (2000–2012, 3 warm-up years, daily), must simulate
    // the same watershed: average annual basin values equal to the original's
    const id = await createScenario({ name: 'Whole period', startingSimulationDate: '2000-01-01', endingSimulationDate: '2012-12-31', skipYears: 3 });
    await app.request(`/api/scenarios/run/${id}`, { token: admin, body: {} });
    const done = await waitRun(id);
    expect(done.status.hasRun).toBe(true);
    const ours = join(work, 'whole');
    extract((await download(`/api/exports/scenario/${id}`)).files, ours);
    const original = join(work, 'original');
    mkdirSync(original);
    for (const f of readdirSync(LREW_TXTINOUT)) if (!f.startsWith('output.')) writeFileSync(join(original, f), readFileSync(join(LREW_TXTINOUT, f)));
    const ref = await runSimulation(original);
    const mine = (await readOutputStd(join(ours, 'output.std'))).aveAnnualBasin;
    for (const key of ['PRECIP', 'SURFACE RUNOFF Q', 'LATERAL SOIL Q', 'GROUNDWATER (SHAL AQ) Q', 'ET', 'TOTAL SEDIMENT LOADING']) {
      const want = ref.aveAnnualBasin[key];
      expect(want, key).toBeDefined();
      // output.std prints one decimal: the printed value lies within half its last digit of the
      // unrounded one (a value on a rounding edge, 643.7500 printed 643.7, is still the same)
      expect(Math.abs(mine[key]! - want!), key).toBeLessThanOrEqual(0.05 + 1e-3);
    }
    await app.request(`/api/scenarios/${id}`, { token: admin, method: 'DELETE' });
  }, 180_000);
});

describe('saved changes and HRU selection', () => {
  it('lists the selection cascade of the project', async () => {
    const subs = (await app.request(`/api/hruselection/subbasins/${projectId}`, { token: admin })).body;
    expect(subs.map((s: any) => s.name)).toEqual(['1', '2', '3']);
    const lu = (await app.request(`/api/hruselection/landuse/${projectId}`, { token: admin, body: [subs[0].id] })).body;
    expect(lu.length).toBeGreaterThan(0);
    expect(lu[0]).toHaveProperty('description');
    const soils = (await app.request(`/api/hruselection/soils/${projectId}`, { token: admin, body: { subbasins: [subs[0].id], landuse: [lu[0].name] } })).body;
    expect(soils.length).toBeGreaterThan(0);
    const slopes = (await app.request(`/api/hruselection/slopes/${projectId}`, { token: admin, body: { subbasins: [subs[0].id], landuse: [lu[0].name], soils: [soils[0].name] } })).body;
    expect(slopes.length).toBeGreaterThan(0);
    const rows = (await app.request(`/api/hruselection/matching/${projectId}`, { token: admin, body: { subbasins: [subs[0].id], landuses: [lu[0].name], soils: [soils[0].name], slopes: [slopes[0].name] } })).body;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ subbasin: '1', landuse: lu[0].name, soil: soils[0].name, slopeClass: slopes[0].name });
    const all = (await app.request(`/api/hruselection/matching/${projectId}`, { token: admin, body: { applyToAll: true } })).body;
    expect(all).toHaveLength(134);
  });

  it('saves, lists and removes changes; the scenario shows its modTables', async () => {
    const subs = (await app.request(`/api/hruselection/subbasins/${projectId}`, { token: admin })).body;
    const saved = await app.request(`/api/scenarios/savemods/${scenarioId}/ClimateSensitivity`, {
      token: admin,
      body: { applyToAll: false, subbasins: [subs[1].id], landuses: [], soils: [], slopes: [], modificationObject: { RFINC: 10, Months: [6, 7] } },
    });
    expect(saved.status).toBe(200);
    const list = (await app.request(`/api/scenarios/getmods/${scenarioId}/ClimateSensitivity`, { token: admin })).body;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: saved.body.id, subbasins: ['2'], months: [6, 7], value: 'Rainfall +10%' });
    const view = (await app.request(`/api/scenarios/${scenarioId}`, { token: admin })).body;
    expect(view.scenario.modTables).toEqual(['ClimateSensitivity']);
    const badMonths = await app.request(`/api/scenarios/savemods/${scenarioId}/ClimateSensitivity`, { token: admin, body: { applyToAll: true, months: [13], modificationObject: { RFINC: 1 } } });
    expect(badMonths.status).toBe(400);
    expect(badMonths.body.errors.months).toEqual(['Months are numbered 1 to 12']);
    const foreign = await app.request(`/api/scenarios/savemods/${scenarioId}/ClimateSensitivity`, { token: admin, body: { subbasins: [999999], modificationObject: { RFINC: 1 } } });
    expect(foreign.status).toBe(400);
    await app.request(`/api/scenarios/savemods/${scenarioId}/ClimateSensitivity`, { token: admin, body: { applyToAll: true, modificationObject: { RFINC: 5 } } });
    expect((await app.request(`/api/scenarios/deletemod/${saved.body.id}`, { token: admin, method: 'DELETE' })).status).toBe(200);
    expect((await app.request(`/api/scenarios/getmods/${scenarioId}/ClimateSensitivity`, { token: admin })).body).toHaveLength(1);
    const gone = await app.request(`/api/scenarios/deletemodtype/${scenarioId}/ClimateSensitivity`, { token: admin, method: 'DELETE' });
    expect(gone.body).toEqual({ value: true, deleted: 1 });
    expect((await app.request(`/api/scenarios/${scenarioId}`, { token: admin })).body.scenario.modTables).toEqual([]);
  });
});

describe('run control', () => {
  it('aborts a queued run: it never starts and leaves no files', async () => {
    const a = await createScenario({ name: 'Long', startingSimulationDate: '2000-01-01', endingSimulationDate: '2012-12-31' });
    const b = await createScenario({ name: 'Queued', startingSimulationDate: '2000-01-01', endingSimulationDate: '2012-12-31' });
    await app.request(`/api/scenarios/run/${a}`, { token: admin, body: {} });
    await app.request(`/api/scenarios/run/${b}`, { token: admin, body: {} });
    const twice = await app.request(`/api/scenarios/run/${b}`, { token: admin, body: {} });
    expect(twice.status).toBe(400);
    expect(twice.body).toMatch(/^Unable to run your scenario at this time\. /);
    expect((await app.request(`/api/scenarios/abort/${b}`, { token: admin })).body).toEqual({ value: true });
    const after = await waitRun(b);
    expect(after.status).toMatchObject({ isRunning: false, hasRun: false, hasError: false, zipFile: null });
    await waitRun(a);
    for (const id of [a, b]) await app.request(`/api/scenarios/${id}`, { token: admin, method: 'DELETE' });
  }, 120_000);

  it('applies the tier run limit per interval, with the runLimit text', async () => {
    await app.deps.db('tiers').update({ task_limit: 1, task_limit_interval: 24 });
    try {
      const view = (await app.request(`/api/scenarios/${scenarioId}`, { token: other })).status;
      expect(view).toBe(404); // another user's scenario is not there for them (issue 17)
      const s = (await app.request(`/api/scenarios/${scenarioId}`, { token: admin })).body;
      // the admin already ran scenarios today
      expect(s.status.canRun).toBe(false);
      expect(s.status.runLimit).toBe('Your account may run 1 scenario per day. Please try again later or change your account tier.');
      const res = await app.request(`/api/scenarios/run/${scenarioId}`, { token: admin, body: {} });
      expect(res.status).toBe(400);
      expect(res.body).toBe(`Unable to run your scenario at this time. ${s.status.runLimit}`);
    } finally {
      await app.deps.db('tiers').update({ task_limit: 0 });
    }
  });

  it('runs an administrator\'s SWAT executable in the folder, the same way', async () => {
    const exeDir = app.config.swatExecutablesDir;
    mkdirSync(exeDir, { recursive: true });
    const cli = resolve(import.meta.dirname, '../../swat/bin/hw-swat');
    writeFileSync(join(exeDir, 'swat2012-test'), `#!/bin/sh\nexec "${process.execPath}" "${cli}" run .\n`);
    chmodSync(join(exeDir, 'swat2012-test'), 0o755);
    const v = await app.request('/api/admin/swatversions', { token: admin, body: { name: 'Test executable', releaseFileName: 'swat2012-test', debugFileName: 'swat2012-test' } });
    expect(v.status).toBe(200);
    const outside = await app.request('/api/admin/swatversions', { token: admin, body: { name: 'Bad', releaseFileName: '../x', debugFileName: 'x' } });
    expect(outside.status).toBe(400);
    const id = await createScenario({ name: 'Executable', startingSimulationDate: '2003-01-01', endingSimulationDate: '2005-12-31', swatVersionID: v.body.id, skipYears: 1 });
    await app.request(`/api/scenarios/run/${id}`, { token: admin, body: {} });
    const done = await waitRun(id);
    expect(done.status.exceptionMessage).toBe('');
    expect(done.status.hasRun).toBe(true);
    expect(done.scenario.swatVersion).toBe('Test executable');
    const sets = await app.deps.db('scenario_output_sets').where('scenarioId', id);
    expect(sets.length).toBe(3);
    await app.request(`/api/scenarios/${id}`, { token: admin, method: 'DELETE' });
  }, 120_000);

  it('keeps a failed run\'s error, its debug files, and clears it', async () => {
    const exeDir = app.config.swatExecutablesDir;
    writeFileSync(join(exeDir, 'broken'), '#!/bin/sh\necho "  Executing year   1"\necho "ERROR: reading basins.bsn" >&2\nexit 3\n');
    chmodSync(join(exeDir, 'broken'), 0o755);
    const v = await app.request('/api/admin/swatversions', { token: admin, body: { name: 'Broken', releaseFileName: 'broken', debugFileName: 'broken' } });
    const id = await createScenario({ name: 'Fails', startingSimulationDate: '2003-01-01', endingSimulationDate: '2005-12-31', swatVersionID: v.body.id, skipYears: 1 });
    await app.request(`/api/scenarios/run/${id}`, { token: admin, body: {} });
    const done = await waitRun(id);
    expect(done.status).toMatchObject({ hasError: true, hasRun: false, statusMessage: 'An error occurred while running your scenario.', debugFile: `/api/exports/scenario-debug/${id}` });
    expect(done.status.exceptionMessage).toMatch(/SWAT stopped \(exit code 3\)[\s\S]*ERROR: reading basins.bsn/);
    const debug = await download(`/api/exports/scenario-debug/${id}`);
    expect(Object.keys(debug.files)).toContain('TxtInOut/headwater-run.log');
    // the debug files hold every input file the run wrote
    for (const name of (await scenarioInputs(id)).keys()) expect(Object.keys(debug.files), name).toContain(`TxtInOut/${name}`);
    const report = await app.request('/api/errorreports', { token: admin, body: { projectID: projectId, scenarioID: id, title: '', userComments: '' } });
    expect(report.body.errors).toEqual({ title: ['Required'], userComments: ['Required'] });
    const sent = await app.request('/api/errorreports', { token: admin, body: { projectID: projectId, scenarioID: id, title: 'Run fails', message: done.status.statusMessage, exception: done.status.exceptionMessage, userComments: 'It stops at once.', clearError: true } });
    expect(sent.status).toBe(200);
    const cleared = (await app.request(`/api/scenarios/${id}`, { token: admin })).body;
    expect(cleared.status).toMatchObject({ hasError: false, statusMessage: '', exceptionMessage: '' });
    const reports = (await app.request(`/api/errorreports/project/${projectId}`, { token: admin })).body;
    expect(reports.items[0]).toMatchObject({ title: 'Run fails', scenario: 'Fails', status: 'Submitted' });
    expect((await app.request(`/api/errorreports/${sent.body.id}`, { token: other })).status).toBe(404);
    await app.request(`/api/scenarios/${id}`, { token: admin, method: 'DELETE' });
  }, 120_000);
});

describe('copy, delete and access', () => {
  it('copies a scenario with its changes (name required) and deletes it', async () => {
    await app.request(`/api/scenarios/savemods/${scenarioId}/Cn2Percent`, { token: admin, body: { applyToAll: true, modificationObject: { value: 5 } } });
    const noName = await app.request(`/api/scenarios/copy/${scenarioId}`, { token: admin, body: { value: ' ' } });
    expect(noName.status).toBe(400);
    expect(noName.body.errors.value).toEqual(['Please provide a name for the new scenario.']);
    const copy = await app.request(`/api/scenarios/copy/${scenarioId}`, { token: admin, body: { value: 'Copy of Default' } });
    expect(copy.status).toBe(200);
    const view = (await app.request(`/api/scenarios/${copy.body.id}`, { token: admin })).body;
    expect(view.scenario).toMatchObject({ name: 'Copy of Default', hasRun: false, modTables: ['Cn2Percent'], startingSimulationDate: '2003-01-01' });
    expect((await app.request(`/api/scenarios/${copy.body.id}`, { token: admin, method: 'DELETE' })).body).toEqual({ value: true });
    expect((await app.request(`/api/scenarios/${copy.body.id}`, { token: admin })).status).toBe(404);
  });

  // 404, as for a scenario that does not exist (issue 17; 403 before groups).
  it('refuses another user on every scenario call', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/scenarios/options/${projectId}`],
      ['GET', `/api/scenarios/${scenarioId}`],
      ['PUT', `/api/scenarios/${scenarioId}`, { name: 'x' }],
      ['DELETE', `/api/scenarios/${scenarioId}`],
      ['GET', `/api/projects/scenarios/${projectId}`],
      ['GET', `/api/projects/scenarios/listall/${projectId}`],
      ['POST', `/api/scenarios/run/${scenarioId}`, {}],
      ['GET', `/api/scenarios/abort/${scenarioId}`],
      ['GET', `/api/scenarios/clearerror/${scenarioId}`],
      ['POST', `/api/scenarios/copy/${scenarioId}`, { value: 'Mine' }],
      ['GET', `/api/scenarios/getmods/${scenarioId}/ClimateSensitivity`],
      ['POST', `/api/scenarios/savemods/${scenarioId}/ClimateSensitivity`, { applyToAll: true, modificationObject: {} }],
      ['DELETE', `/api/scenarios/deletemodtype/${scenarioId}/ClimateSensitivity`],
      ['GET', `/api/hruselection/subbasins/${projectId}`],
      ['POST', `/api/hruselection/landuse/${projectId}`, []],
      ['POST', `/api/hruselection/matching/${projectId}`, { applyToAll: true }],
      ['GET', `/api/errorreports/project/${projectId}`],
      ['POST', '/api/scenarios', { projectID: projectId, name: 'x' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await app.request(path, { token: other, method, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await app.request(path, { method, body })).status, `${method} ${path} without a token`).toBe(401);
    }
    expect((await download(`/api/exports/scenario/${scenarioId}`, other)).status).toBe(404);
    expect((await app.request('/api/scenarios/999999', { token: admin })).status).toBe(404);
  });
});
