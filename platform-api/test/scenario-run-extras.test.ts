// Issue 23, no control that does nothing — on the demo dataset's project (LREW, 134 HRUs,
// 2003–2007 daily):
// - 'Create SWAT Editor input tables' writes the run's inputs as a SQLite SWAT Editor project
//   database, offered in the scenario's downloads; the file is opened and checked table by table
//   against the run's TxtInOut. Access (.mdb) is refused with 'not available, use SQLite'.
// - the project metadata page's scenario rows and input modifications are the real ones.
// - a climate-change scenario chosen for a run changes its precipitation and temperature by the
//   scenario's monthly factors (a fixture scenario: January rain −50 %, other months +10 %,
//   temperature +2 °C, July +4 °C); one without climate data is refused, never ignored.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { operationsByYear, parseGw, parseHru, parseMgt, parsePcp, parseSol, parseSub, parseTmp, parseWgn, readTxtInOut } from '@headwater/swat/txtinout/index.ts';
import { readOutputStd } from '@headwater/swat/output/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.ts';
import { lrewFixture, type LrewFixture } from './scenario-fixtures.ts';

let f: LrewFixture;
let app: TestApp;
let admin: string;
const work = mkdtempSync(join(tmpdir(), 'hw-run-extras-'));
const ACCESS = 'SWAT Editor input tables in Access format (.mdb) are not available on this server: use SQLite.';

beforeAll(async () => {
  f = await lrewFixture({ hrus: 134 });
  ({ app, admin } = f);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/** Runs the scenario without the model (the inputs are written, as for a model run) and returns
 * the folder its files were unpacked into. */
async function writeInputs(id: number, request: Record<string, unknown> = {}): Promise<string> {
  await f.run(id, { skipModelRun: true, ...request });
  return f.scenarioFiles(id, join(work, String(id)));
}

describe('SWAT Editor input tables', () => {
  it('refuses Access format in so many words, and writes the tables as SQLite into the scenario downloads', async () => {
    const id = await f.createScenario({ name: 'Editor tables' });
    const access = await app.request(`/api/scenarios/run/${id}`, { token: admin, body: { createEditorTables: true, writeEditorTablesAsSqlite: false } });
    expect([access.status, access.body]).toEqual([400, { errors: { writeEditorTablesAsSqlite: [ACCESS] } }]);
    expect((await app.request(`/api/scenarios/${id}`, { token: admin })).body.status.isRunning).toBe(false);

    const dir = await writeInputs(id, { createEditorTables: true, writeEditorTablesAsSqlite: true });
    const view = (await app.request(`/api/scenarios/${id}`, { token: admin })).body;
    expect(view.scenario.canDownloadSqlite).toBe(true);
    expect(view.scenario.runSettings).toMatchObject({ writeSwatEditor: true, writeSwatEditorAsSqlite: true });
    expect(view.status.editorTablesFile).toBe(`/api/exports/scenario-editor-tables/${id}`);
    const res = await fetch(`${app.url}${view.status.editorTablesFile}?access_token=${admin}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/SWAT2012\.sqlite"$/);
    const file = join(work, `tables-${id}.sqlite`);
    writeFileSync(file, new Uint8Array(await res.arrayBuffer()));

    const db = new DatabaseSync(file, { readOnly: true });
    try {
      const tables = (db.prepare("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[]).map((r) => r.name);
      expect(tables).toEqual(['bsn', 'chm', 'gw', 'hru', 'mgt1', 'mgt2', 'pnd', 'rte', 'sep', 'sol', 'sub', 'swq', 'wgn', 'wus']);
      const count = (t: string) => (db.prepare(`select count(*) as n from ${t}`).get() as { n: number }).n;
      const project = await readTxtInOut(dir, { weather: false });
      const hrus = project.subbasins.flatMap((s) => s.hrus.map((h, i) => ({ s, h, n: i + 1 })));
      expect(hrus).toHaveLength(134);
      expect({ bsn: count('bsn'), sub: count('sub'), rte: count('rte'), wgn: count('wgn'), hru: count('hru'), mgt1: count('mgt1'), sol: count('sol'), gw: count('gw') }).toEqual({
        bsn: 1, sub: 3, rte: 3, wgn: 3, hru: 134, mgt1: 134, sol: 134, gw: 134,
      });
      // mgt2: one row per scheduled operation of every .mgt file (year markers are not rows)
      const text = (name: string) => new TextDecoder('latin1').decode(new Uint8Array(readFileSync(join(dir, name))));
      let ops = 0;
      for (const { h } of hrus) ops += operationsByYear(parseMgt(text(h.files.mgt))).flat().length;
      expect(count('mgt2')).toBe(ops);

      // values, file by file, against the TxtInOut the run wrote
      const row = (t: string, sub: number, hru?: number) =>
        db.prepare(`select * from ${t} where SUBBASIN = ?${hru ? ' and HRU = ?' : ''}`).get(...(hru ? [sub, hru] : [sub])) as Record<string, number | string>;
      for (const { s, h, n } of hrus.filter((_, i) => i % 17 === 0)) {
        const hru = parseHru(text(h.files.hru));
        const r = row('hru', s.number, n);
        expect(r.HRU_FR).toBeCloseTo(hru.HRU_FR, 7);
        expect(r.SLSUBBSN).toBeCloseTo(hru.SLSUBBSN, 5);
        expect(r.OV_N).toBeCloseTo(hru.OV_N, 5);
        expect(r.ESCO).toBeCloseTo(hru.ESCO, 5);
        expect(r.LANDUSE).toMatch(/^[A-Z]{4}$/);
        const mgt = parseMgt(text(h.files.mgt));
        const m1 = row('mgt1', s.number, n);
        expect([m1.CN2, m1.IGRO, m1.NROT]).toEqual([mgt.CN2, mgt.IGRO, mgt.NROT]);
        const sol = parseSol(text(h.files.sol));
        const so = row('sol', s.number, n);
        expect([so.SNAM, so.NLAYERS, so.HYDGRP]).toEqual([sol.SNAM.trim(), sol.layers.length, sol.HYDGRP.trim()]);
        sol.layers.forEach((l, k) => {
          expect(so[`SOL_Z${k + 1}`]).toBeCloseTo(l.SOL_Z, 5);
          expect(so[`SOL_AWC${k + 1}`]).toBeCloseTo(l.SOL_AWC, 5);
        });
        expect(row('gw', s.number, n).GW_DELAY).toBeCloseTo(parseGw(text(h.files.gw)).GW_DELAY, 5);
      }
      for (const s of project.subbasins) {
        const sub = parseSub(text(s.file));
        const r = row('sub', s.number);
        expect(r.SUB_KM).toBeCloseTo(sub.SUB_KM, 5);
        expect(Array.from({ length: 12 }, (_, k) => r[`RFINC${k + 1}`])).toEqual(sub.RFINC);
        const wgn = parseWgn(text(s.sub.WGNFILE as unknown as string));
        const w = row('wgn', s.number);
        expect(Array.from({ length: 12 }, (_, k) => w[`TMPMX${k + 1}`])).toEqual(wgn.TMPMX);
      }
      // one plant operation in full, with its crop name from plant.dat
      const plant = db.prepare('select * from mgt2 where MGT_OP = 1 limit 1').get() as Record<string, number | string> | undefined;
      if (plant) {
        expect(typeof plant.CROP).toBe('string');
        expect(plant.PLANT_ID).toBeGreaterThan(0);
      }
    } finally {
      db.close();
    }
  });

  it('writes no tables when not asked, and answers 404 for them', async () => {
    const id = await f.createScenario({ name: 'No editor tables' });
    await writeInputs(id);
    const view = (await app.request(`/api/scenarios/${id}`, { token: admin })).body;
    expect([view.scenario.canDownloadSqlite, view.status.editorTablesFile]).toEqual([false, null]);
    expect((await fetch(`${app.url}/api/exports/scenario-editor-tables/${id}?access_token=${admin}`)).status).toBe(404);
  });
});

describe('project metadata', () => {
  it('lists the real scenario rows and their input modifications', async () => {
    const id = await f.createScenario({ name: 'Metadata', printSetting: 0, skipYears: 1 });
    const subbasins = (await app.request(`/api/hruselection/subbasins/${f.projectId}`, { token: admin })).body as { id: number; name: string }[];
    const saved = await app.request(`/api/scenarios/savemods/${id}/ClimateSensitivity`, {
      token: admin,
      body: { applyToAll: false, subbasins: [subbasins[1]!.id], landuses: [], soils: [], slopes: [], months: [6, 7], modificationObject: { RFINC: 20, TMPINC: 3 } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const view = (await app.request(`/api/scenarios/${id}`, { token: admin })).body.scenario;
    const meta = (await app.request(`/api/projects/metadata/${f.projectId}`, { token: admin })).body;
    expect(meta.scenarios).toContainEqual({
      name: 'Metadata',
      weatherDataset: view.weatherDataset,
      climateChange: null,
      start: '2003-01-01',
      end: '2007-12-31',
      skipYears: 1,
      printSetting: 'Monthly',
      swatVersion: view.swatVersion,
    });
    expect(meta.scenarios.every((s: Record<string, unknown>) => s.start && s.end && s.printSetting && s.weatherDataset)).toBe(true);
    expect(meta.modifications).toContainEqual({
      scenario: 'Metadata',
      table: 'ClimateSensitivity',
      subbasins: subbasins[1]!.name,
      landuses: 'All',
      soils: 'All',
      slopes: 'All',
      months: '6, 7',
      values: 'Rainfall +20%; temperature +3 °C',
    });
  });
});

describe('climate change scenarios', () => {
  const JAN_RAIN = -50;
  const RAIN = 10;
  const WARMING = 2;
  const JULY_WARMING = 4;
  let climateId = 0;
  let emptyId = 0;
  let periodId = 0;
  beforeAll(async () => {
    const db = app.deps.db;
    const factors = {
      precipitationPercent: [JAN_RAIN, ...Array(11).fill(RAIN)],
      temperatureChange: [...Array(6).fill(WARMING), JULY_WARMING, ...Array(5).fill(WARMING)],
    };
    [{ id: climateId }] = await db('climate_change_scenarios').insert({ name: 'Fixture delta change', cmipVersion: 6, sortOrder: 1, changeFactors: JSON.stringify(factors) }).returning('id');
    [{ id: emptyId }] = await db('climate_change_scenarios').insert({ name: 'No data here', cmipVersion: 6, sortOrder: 2 }).returning('id');
    [{ id: periodId }] = await db('climate_change_time_periods').insert({ name: '2003-2007', cmipVersion: 6, startDate: '2003-01-01', endDate: '2007-12-31', sortOrder: 1 }).returning('id');
  });

  it('changes the run\'s precipitation and temperature by the scenario\'s monthly factors', async () => {
    // both run the model: the engine reads the changed weather (output.std below)
    const base = await writeInputs(await f.createScenario({ name: 'Observed climate' }), { skipModelRun: false });
    const id = await f.createScenario({ name: 'Changed climate', climateChangeScenarioID: climateId, climateChangeTimePeriodID: periodId });
    const changed = await writeInputs(id, { skipModelRun: false });
    const read = (dir: string, name: string) => new TextDecoder('latin1').decode(new Uint8Array(readFileSync(join(dir, name))));
    const cio = (await readTxtInOut(base, { weather: false, hrus: false })).cio;
    const pcpName = (cio.RFILE as string[]).find((n) => n.trim())!.trim();
    const tmpName = (cio.TFILE as string[]).find((n) => n.trim())!.trim();
    const [p0, p1] = [parsePcp(read(base, pcpName)), parsePcp(read(changed, pcpName))];
    const [t0, t1] = [parseTmp(read(base, tmpName)), parseTmp(read(changed, tmpName))];
    expect(Array.from(p1.dates)).toEqual(Array.from(p0.dates));
    const month = (yyyyddd: number) => new Date(Date.UTC(Math.floor(yyyyddd / 1000), 0, yyyyddd % 1000)).getUTCMonth() + 1;
    let rainDays = 0;
    const totals = { jan: [0, 0], other: [0, 0] };
    for (let s = 0; s < p0.pcp.length; s++) {
      for (let i = 0; i < p0.dates.length; i++) {
        const a = p0.pcp[s]![i]!;
        const b = p1.pcp[s]![i]!;
        if (a < 0) {
          expect(b).toBe(a); // missing stays missing
          continue;
        }
        const factor = 1 + (month(p0.dates[i]!) === 1 ? JAN_RAIN : RAIN) / 100;
        expect(Math.abs(b - a * factor), `station ${s + 1}, ${p0.dates[i]}`).toBeLessThanOrEqual(0.051); // f5.1: 0.1 mm
        const k = month(p0.dates[i]!) === 1 ? 'jan' : 'other';
        totals[k][0] += a;
        totals[k][1] += b;
        if (a > 0) rainDays++;
      }
    }
    expect(rainDays).toBeGreaterThan(100);
    expect(totals.jan[1] / totals.jan[0]).toBeCloseTo(0.5, 2);
    expect(totals.other[1] / totals.other[0]).toBeCloseTo(1.1, 2);
    expect(t0.tmax.length).toBeGreaterThan(0);
    for (let s = 0; s < t0.tmax.length; s++) {
      for (let i = 0; i < t0.dates.length; i++) {
        const dt = month(t0.dates[i]!) === 7 ? JULY_WARMING : WARMING;
        if (t0.tmax[s]![i]! > -99) expect(t1.tmax[s]![i]! - t0.tmax[s]![i]!).toBeCloseTo(dt, 1);
        if (t0.tmin[s]![i]! > -99) expect(t1.tmin[s]![i]! - t0.tmin[s]![i]!).toBeCloseTo(dt, 1);
      }
    }
    // the model saw it: basin precipitation between −50 % and +10 %, more evaporative demand
    const std = async (dir: string) => (await readOutputStd(join(dir, 'output.std'))).aveAnnualBasin;
    const [s0, s1] = [await std(base), await std(changed)];
    expect(s1.PRECIP! / s0.PRECIP!).toBeGreaterThan(0.9);
    expect(s1.PRECIP! / s0.PRECIP!).toBeLessThan(1.1);
    expect(s1.PRECIP).not.toBe(s0.PRECIP);
    expect(s1.PET!).toBeGreaterThan(s0.PET!);
    console.info(`CLIMATE | PRECIP ${s0.PRECIP} → ${s1.PRECIP} mm | PET ${s0.PET} → ${s1.PET} mm | ET ${s0.ET} → ${s1.ET} mm`);
    const log = read(changed, 'headwater-run.log');
    expect(log).toMatch(/climate change 'Fixture delta change': \d+ precipitation and \d+ temperature values changed/);
    const meta = (await app.request(`/api/projects/metadata/${f.projectId}`, { token: admin })).body;
    expect(meta.scenarios).toContainEqual(expect.objectContaining({ name: 'Changed climate', climateChange: 'Fixture delta change, 2003-2007' }));
   }, 300_000);

  it('refuses a run with a climate change scenario that has no climate data', async () => {
    const id = await f.createScenario({ name: 'No climate data', climateChangeScenarioID: emptyId, climateChangeTimePeriodID: periodId });
    const res = await app.request(`/api/scenarios/run/${id}`, { token: admin, body: {} });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("The climate change scenario 'No data here' has no climate data on this server, so a run cannot use it. Edit the scenario and choose no climate change scenario.");
    expect((await app.request(`/api/scenarios/${id}`, { token: admin })).body.status.isRunning).toBe(false);
  });
});
