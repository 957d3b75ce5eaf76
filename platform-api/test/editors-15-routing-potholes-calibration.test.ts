// The sediment routing, pothole and calibration editors (issue 15) through the API on a project
// of the demo dataset (LREW, all 134 HRUs): their server halves are loaded from the workspace,
// bad values get the spec's messages, changes are saved through the spec's calls and listed, and
// scenarios with and without each change are run on the workers with the built-in engine: CH_EQN
// changes the outlet's SED_OUT, a pothole fraction lowers SURQ, and the dataset's calibration
// option brings daily flow at gauge J closer to the observed one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseRchTable } from '@headwater/swat/output/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { report, runScenario, type RunFiles } from './editor-runs.ts';
import type { TestApp } from './helpers.ts';
import { lrewFixture, type LrewFixture } from './scenario-fixtures.ts';

const ALL = { applyToAll: true, subbasins: [], landuses: [], soils: [], slopes: [] };
let f: LrewFixture;
let app: TestApp;
let admin: string;
let baseline: RunFiles;

const post = (path: string, body: unknown) => app.request(`/api${path}`, { token: admin, body });
const get = (path: string, signedIn = true) => app.request(`/api${path}`, { token: signedIn ? admin : undefined });
const outletSed = (r: RunFiles) => {
  const rch = parseRchTable(r.text('output.rch'));
  let sum = 0;
  for (let i = 0; i < rch.rowCount; i++) if (rch.period[i] === 'day' && rch.unit[i] === 3) sum += rch.columns.SED_OUTtons![i]!;
  return sum;
};

beforeAll(async () => {
  f = await lrewFixture({ hrus: 134 });
  ({ app, admin } = f);
}, 180_000);

afterAll(async () => {
  await app?.close();
});

describe('the three editors are loaded from the workspace', () => {
  it('registers RteChEqn, Potholes and Calibration with their pages', async () => {
    const byId = (id: string) => app.deps.pluginServers.find((s) => s.id === id);
    expect(byId('sediment-routing')?.editor?.modTable).toBe('RteChEqn');
    expect(byId('potholes')?.editor?.modTable).toBe('Potholes');
    expect(byId('calibration')?.editor?.modTable).toBe('Calibration');
    const plugins = (await get('/plugins')).body as { id: string; routes: { path: string }[] }[];
    for (const id of ['sediment-routing', 'potholes', 'calibration']) expect(plugins.find((p) => p.id === id)?.routes.map((r) => r.path)).toEqual([`/projects/:id/scenarios/:scenarioID/${id}`]);
  });

  it('runs the baseline (2003–2007, 2 warm-up years)', async () => {
    baseline = await runScenario(f, await f.createScenario({ name: 'Baseline' }));
    expect(baseline.std['SURFACE RUNOFF Q']).toBeGreaterThan(0);
  }, 240_000);
});

describe('sediment routing (RteChEqn)', () => {
  let id: number;
  it('refuses a missing or unknown CH_EQN in the spec\'s shape; 401 and 404 on its page call', async () => {
    id = await f.createScenario({ name: 'CH_EQN 1' });
    const none = await post(`/scenarios/subbasin/save/${id}/RteChEqn`, { ...ALL, modificationObject: {} });
    expect(none.status).toBe(400);
    const bad = await post(`/scenarios/subbasin/save/${id}/RteChEqn`, { ...ALL, modificationObject: { value: 7 } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ errors: { value: ['Choose a channel equation from the list.'] } });
    expect((await get(`/scenarios/subbasin/sedimentrouting/${id}`, false)).status).toBe(401);
    expect((await get('/scenarios/subbasin/sedimentrouting/999999')).status).toBe(404);
  });

  it('saves CH_EQN 1 for all subbasins, lists it, and the run writes it and changes SED_OUT', async () => {
    const saved = await post(`/scenarios/subbasin/save/${id}/RteChEqn`, { ...ALL, modificationObject: { value: 1 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const page = await get(`/scenarios/subbasin/sedimentrouting/${id}`);
    expect(page.body.mods).toEqual([expect.objectContaining({ modType: 'RteChEqn', value: '1 Bagnold by particle size', applyToAll: true })]);
    expect(page.body.options).toHaveLength(5);
    expect((await get(`/scenarios/${id}`)).body.scenario.modTables).toEqual(['RteChEqn']);
    const r = await runScenario(f, id);
    expect(r.text('000030000.rte')).toMatch(/^\s+1\s+\| CH_EQN/m);
    const a = outletSed(baseline);
    const b = outletSed(r);
    report('sediment-routing', 'CH_EQN 0 → 1 (all reaches)', 'outlet SED_OUT 2005–2007 (t)', a, b);
    // Einstein deposition of sand and aggregates over the reach: far less leaves the outlet
    expect(b).toBeLessThan(0.5 * a);
  }, 240_000);
});

describe('potholes (Potholes)', () => {
  let id: number;
  it('refuses an out-of-range variable in the spec\'s words', async () => {
    id = await f.createScenario({ name: 'Potholes' });
    const bad = await post(`/scenarios/subbasin/save/${id}/Potholes`, { ...ALL, modificationObject: { POT_FR: 2 } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ errors: { POT_FR: ['Must be between 0 and 1'] } });
    expect((await get(`/scenarios/subbasin/potholes/${id}`, false)).status).toBe(401);
    expect((await get('/scenarios/subbasin/potholes/999999')).status).toBe(404);
  });

  it('saves POT_FR 0.3 and POT_VOLX 50 on all HRUs: the .hru files say it and SURQ falls', async () => {
    const saved = await post(`/scenarios/subbasin/save/${id}/Potholes`, { ...ALL, modificationObject: { POT_FR: 0.3, POT_VOLX: 50 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const page = await get(`/scenarios/subbasin/potholes/${id}`);
    expect(page.body.mods).toEqual([expect.objectContaining({ modType: 'Potholes', value: 'POT_FR=0.3, POT_VOLX=50' })]);
    expect(page.body.definitions).toHaveLength(9);
    const r = await runScenario(f, id);
    expect(r.text('000010001.hru')).toMatch(/^\s+0\.300\s+\| POT_FR/m);
    const a = baseline.std['SURFACE RUNOFF Q']!;
    const b = r.std['SURFACE RUNOFF Q']!;
    report('potholes', 'POT_FR 0.3, POT_VOLX 50 (all HRUs)', 'average annual SURQ (mm)', a, b);
    report('potholes', 'POT_FR 0.3, POT_VOLX 50 (all HRUs)', 'average annual ET (mm)', baseline.std.ET!, r.std.ET!);
    expect(b).toBeLessThan(0.85 * a);
    expect(r.std.ET).toBeGreaterThan(baseline.std.ET!);
  }, 240_000);
});

describe('calibration', () => {
  let without: number;
  let withCal: number;
  let optionId: number;
  it('answers the dataset\'s option, its watershed, location point and page text', async () => {
    without = await f.createScenario({ name: 'Not calibrated', startingSimulationDate: '2008-01-01', endingSimulationDate: '2012-12-31' });
    withCal = await f.createScenario({ name: 'Calibrated', startingSimulationDate: '2008-01-01', endingSimulationDate: '2012-12-31' });
    const page = await get(`/scenarios/general/calibration/${withCal}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ ignoreCalibration: true, customCalibrationID: null, hasCalibrationData: true });
    expect(page.body.calibrationOptions).toHaveLength(1);
    optionId = page.body.calibrationOptions[0].value;
    const data = page.body.calibrationData[optionId];
    expect(data.mods.map((m: { variable: string }) => m.variable)).toEqual(['CN2', 'ESCO', 'ALPHA_BF', 'GW_DELAY', 'GWQMN', 'GW_REVAP', 'SURLAG', 'CH_K2']);
    expect(data.percentColumns).toEqual(['CN2']);
    expect(page.body.watersheds).toEqual([expect.objectContaining({ name: 'Little River at gauge J (GA)', hasOption: true })]);
    expect(page.body.locationPoints).toEqual([expect.objectContaining({ number: 'J' })]);
    expect((await get(`/scenarios/general/calibration/${withCal}`, false)).status).toBe(401);
    expect((await get('/scenarios/general/calibration/999999')).status).toBe(404);
  });

  it('refuses an option of no dataset of the scenario; saves the chosen one', async () => {
    const bad = await post(`/scenarios/general/calibration/${withCal}`, { ignoreCalibration: false, customCalibrationID: 999999 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.customCalibrationID).toEqual(['This calibration option does not belong to the dataset of this scenario.']);
    const ok = await post(`/scenarios/general/calibration/${withCal}`, { ignoreCalibration: false, customCalibrationID: optionId });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await get(`/scenarios/general/calibration/${withCal}`)).body).toMatchObject({ ignoreCalibration: false, customCalibrationID: optionId });
    expect((await get(`/scenarios/${withCal}`)).body.scenario.modTables).toEqual(['Calibration']);
  });

  it('brings daily flow at gauge J (2010–2012) toward the observed', async () => {
    const observed = new Map<string, number>();
    const csv = gunzipSync(readFileSync(join(import.meta.dirname, '../../datasets/lrew/observed.csv.gz'))).toString('utf8');
    for (const line of csv.split('\n').slice(1)) {
      const [d, v] = line.split(',');
      if (d && v) observed.set(d, Number(v));
    }
    const fit = (r: RunFiles) => {
      // file.cio gives the daily rows their year (IYR + NYSKIP)
      const rch = parseRchTable(r.text('output.rch'), { cio: r.text('file.cio') });
      const o: number[] = [];
      const s: number[] = [];
      for (let i = 0; i < rch.rowCount; i++) {
        if (rch.period[i] !== 'day' || rch.unit[i] !== 3) continue;
        const date = new Date(Date.UTC(rch.year[i]!, 0, rch.julianDay[i]!)).toISOString().slice(0, 10);
        const x = observed.get(date);
        if (x === undefined) continue;
        o.push(x);
        s.push(rch.columns.FLOW_OUTcms![i]!);
      }
      const mean = o.reduce((a, x) => a + x, 0) / o.length;
      const nse = 1 - o.reduce((a, x, i) => a + (s[i]! - x) ** 2, 0) / o.reduce((a, x) => a + (x - mean) ** 2, 0);
      const pbias = (100 * o.reduce((a, x, i) => a + (x - s[i]!), 0)) / o.reduce((a, x) => a + x, 0);
      return { nse, pbias, days: o.length };
    };
    const a = await runScenario(f, without);
    const b = await runScenario(f, withCal);
    // the option's changes are in the files they name
    expect(b.text('000010001.gw')).toMatch(/^\s+1\.7480\s+\| GW_DELAY/m);
    expect(b.text('basins.bsn')).toMatch(/^\s+0\.934\d*\s+\| SURLAG/m);
    const before = fit(a);
    const after = fit(b);
    expect(before.days).toBe(1096);
    report('calibration', 'ignore → DDS option (gauge J)', 'daily flow NSE 2010–2012', before.nse, after.nse);
    report('calibration', 'ignore → DDS option (gauge J)', 'daily flow PBIAS % 2010–2012', before.pbias, after.pbias);
    expect(after.nse).toBeGreaterThan(before.nse + 0.5);
    expect(Math.abs(after.pbias)).toBeLessThan(Math.abs(before.pbias));
  }, 360_000);

  it('ignoring calibration removes the choice', async () => {
    const r = await post(`/scenarios/general/calibration/${withCal}`, { ignoreCalibration: true });
    expect(r.status).toBe(200);
    expect((await get(`/scenarios/general/calibration/${withCal}`)).body).toMatchObject({ ignoreCalibration: true, customCalibrationID: null });
    expect((await get(`/scenarios/${withCal}`)).body.scenario.modTables).toEqual([]);
  });
});
