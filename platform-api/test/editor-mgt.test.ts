// General management (Mgt1) and operations management (Mgt2) through the API on a project of the
// demo dataset (LREW, all 134 HRUs): one HRU's data (spec 2 §7 mgt/general, mgt/operations,
// mgt/operationslists), saving changes for a selection of HRUs, the operations CSV export and
// import (bad rows by line and column; a refused file saves nothing), and the effects of the
// changes in the outputs of scenarios run with the built-in engine (2003–2007, daily, 2 warm-up
// years): removing the cropland's fertilizer lowers the NO3 yield; irrigation raises ET in the
// driest year; tile drains move water from surface runoff and lateral flow into tile flow.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutputStd } from '@headwater/swat/output/index.ts';
import { readTxtInOut } from '@headwater/swat/txtinout/index.ts';
import { sortOperations, type OperationRow } from '../../editors/mgt-operations/src/operations.ts';
import type { TestApp } from './helpers.ts';
import { lrewFixture, type LrewFixture } from './scenario-fixtures.ts';

let f: LrewFixture;
let app: TestApp;
let admin: string;
const work = mkdtempSync(join(tmpdir(), 'hw-mgt-test-'));
type Hru = { id: number; subbasin: string; subbasinId: number; landuse: string; soil: string; slopeClass: string };
let hrus: Hru[] = [];
const cropland = () => hrus.filter((h) => h.landuse === 'AGRL');
const hruPath = (h: Hru) => `${encodeURIComponent(h.subbasin)}/${h.landuse}/${encodeURIComponent(h.soil)}/${encodeURIComponent(h.slopeClass)}`;
const one = (h: Hru) => ({ applyToAll: false, subbasins: [h.subbasinId], landuses: [h.landuse], soils: [h.soil], slopes: [h.slopeClass] });
const get = (path: string) => app.request(`/api/${path}`, { token: admin });
const post = (path: string, body: unknown) => app.request(`/api/${path}`, { token: admin, body });

/** A multipart upload of one file (as the page's UploadArea sends it). */
async function upload(path: string, name: string, data: string, fields: Record<string, string> = {}, token: string | null = admin) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('file', new Blob([data]), name);
  const res = await fetch(`${app.url}/api/${path}`, { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {}, body: fd });
  const text = await res.text();
  return { status: res.status, body: (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text };
}

type Outputs = { aa: Record<string, number>; nutrients: Record<string, number>; years: Map<number, Record<string, number>> };
async function outputsOf(id: number): Promise<Outputs> {
  const dir = await f.scenarioFiles(id, join(work, String(id)));
  const std = await readOutputStd(join(dir, 'output.std'));
  return { aa: std.aveAnnualBasin, nutrients: std.aveAnnualNutrients, years: new Map(std.annualSummaries.map((y) => [y.year ?? y.simulationYear, y.values])) };
}
const no3Yield = (o: Outputs) => (o.nutrients['NO3 YIELD (SQ)'] ?? 0) + (o.nutrients['NO3 YIELD (LAT)'] ?? 0);

/** The effects measured, printed at the end (the table). */
const effects: string[] = [];

beforeAll(async () => {
  f = await lrewFixture({ hrus: 134 });
  ({ app, admin } = f);
  hrus = (await post(`hruselection/matching/${f.projectId}`, { applyToAll: true, subbasins: [], landuses: [], soils: [], slopes: [] })).body;
  expect(hrus).toHaveLength(134);
}, 120_000);

afterAll(async () => {
  if (effects.length) console.log(['', '| effect | baseline | changed |', '|---|---|---|', ...effects].join('\n'));
  await app?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('general management (Mgt1)', () => {
  let scenario: number;
  it('is loaded from the workspace with the spec\'s call', async () => {
    const server = app.deps.pluginServers.find((s) => s.id === 'mgt-general');
    expect(server?.editor?.modTable).toBe('Mgt1');
    expect(server?.routes?.map((r) => `${r.method} ${r.path}`)).toContain('GET /scenarios/mgt/general/:scenarioID/:subbasinName/:landuse/:soil/:slope');
    scenario = await f.createScenario({ name: 'Mgt1 checks' });
  });

  it('answers one HRU: the values in effect, the defaults, the lists', async () => {
    const h = cropland()[0]!;
    const res = await get(`scenarios/mgt/general/${scenario}/${hruPath(h)}`);
    expect(res.status).toBe(200);
    expect(res.body.item).toMatchObject({ CurveNumberEditMethod: 1, IRRSC: 0, DDRAIN: 0, DEP_IMP: 6000 });
    expect(res.body.defaults).toEqual(res.body.item);
    expect(res.body.hru).toMatchObject({ id: h.id, landuse: 'AGRL', soil: h.soil });
    expect(res.body.plantList[0]).toEqual({ value: 0, text: 'No crop growing' });
    expect(res.body.plantList.length).toBeGreaterThan(100);
    expect(res.body.irrscList.map((o: { value: number }) => o.value)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(res.body.info.HYD_GRP).toMatch(/^[A-D]/);
    expect((await get(`scenarios/mgt/general/${scenario}/1/NOPE/${encodeURIComponent(h.soil)}/x`)).status).toBe(404);
  });

  it('refuses values out of range in the spec\'s words and saves a change for a selection', async () => {
    const h = cropland()[0]!;
    const bad = await post(`scenarios/savemods/${scenario}/Mgt1`, { ...one(h), modificationObject: { BIOMIX: 2, CurveNumberEditMethod: 2, CN2Adjust: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ BIOMIX: ['Must be between 0 and 1'], CN2Adjust: ['A value of zero will result in no change. Please enter a number greater or less than 10.'] });
    const ok = await post(`scenarios/savemods/${scenario}/Mgt1`, { applyToAll: false, subbasins: [], landuses: ['AGRL'], soils: [], slopes: [], modificationObject: { DDRAIN: 900, TDRAIN: 24, GDRAIN: 24, DEP_IMP: 1500 } });
    expect(ok.status).toBe(200);
    const mods = (await get(`scenarios/getmods/${scenario}/Mgt1`)).body;
    expect(mods.map((m: { value: string }) => m.value)).toEqual(['DDRAIN 900, TDRAIN 24, GDRAIN 24, DEP_IMP 1500']);
    // the HRU's values in effect now hold the change; its defaults do not
    const after = (await get(`scenarios/mgt/general/${scenario}/${hruPath(h)}`)).body;
    expect(after.item).toMatchObject({ DDRAIN: 900, DEP_IMP: 1500 });
    expect(after.defaults).toMatchObject({ DDRAIN: 0, DEP_IMP: 6000 });
    expect(after.changes.hasChanges).toBe(true);
    const forest = hrus.find((x) => x.landuse === 'FRSE')!;
    expect((await get(`scenarios/mgt/general/${scenario}/${hruPath(forest)}`)).body.item.DDRAIN).toBe(0);
  });
});

describe('operations management (Mgt2)', () => {
  let scenario: number;
  it('answers the lists and one HRU\'s schedule', async () => {
    scenario = await f.createScenario({ name: 'Mgt2 checks' });
    const lists = (await get(`scenarios/mgt/operationslists/${scenario}`)).body;
    expect(lists.mods).toEqual([]);
    expect(lists.opList).toHaveLength(16);
    expect(lists.fertList.find((o: { value: number }) => o.value === 1)?.text).toBe('Elem-N (1)');
    const h = cropland()[0]!;
    const res = (await get(`scenarios/mgt/operations/${scenario}/${hruPath(h)}`)).body;
    expect(res.item.scheduleByHeatUnits).toBe(false);
    expect(res.item.operations.some((o: OperationRow) => o.MGT_OP === 3)).toBe(true);
    expect(res.defaults).toEqual(res.item);
  });

  it('exports the HRU\'s operations as CSV and imports them back; refuses a malformed file naming its rows', async () => {
    const h = cropland()[0]!;
    const ops = (await get(`scenarios/mgt/operations/${scenario}/${hruPath(h)}`)).body.item.operations as OperationRow[];
    const csv = await fetch(`${app.url}/api/exports/mgtoperations/${scenario}/${hruPath(h)}?access_token=${admin}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="operations-/);
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toMatch(/^YEAR,MONTH,DAY,HUSC,OP_NUM,MGT_OP,/);
    const back = await upload('scenarios/mgt/operationsupload', 'ops.csv', text, { scenarioID: String(scenario) });
    expect(back.status).toBe(200);
    expect(back.body).toEqual(ops);
    // spec 2 §5: .csv only; bad rows by line and column
    expect((await upload('scenarios/mgt/operationsupload', 'ops.txt', text)).body).toEqual({ errors: { file: ['Please upload a .csv file.'] } });
    const bad = await upload('scenarios/mgt/operationsupload', 'ops.csv', 'YEAR,MONTH,DAY,HUSC,OP_NUM,MGT_OP,FERT_ID,FRT_KG,FRT_SURFACE\n1,5,3,0,1,3,1,lots,0.2\n1,5,3,0,2,3,999,10,0.2\n', { scenarioID: String(scenario) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.file).toEqual(['ops.csv: line 2, column FRT_KG: Must be a number', 'ops.csv: line 3, column FERT_ID: No such fertilizer in this dataset: 999']);
    expect((await upload('scenarios/mgt/operationsupload', 'ops.csv', text, {}, null)).status).toBe(401);
    // nothing was saved by any of this
    expect((await get(`scenarios/getmods/${scenario}/Mgt2`)).body).toEqual([]);
  });

  it('refuses a schedule with zero heat units when scheduled by heat units (spec 2 §5)', async () => {
    const h = cropland()[0]!;
    const res = await post(`scenarios/savemods/${scenario}/Mgt2`, { ...one(h), modificationObject: { scheduleByHeatUnits: true, operations: [{ YEAR: 1, MONTH: 0, DAY: 0, HUSC: 0, OP_NUM: 1, MGT_OP: 8 }] } });
    expect(res.status).toBe(400);
    expect(res.body.errors['operations.0.HUSC']).toEqual(['Heat units cannot be zero if scheduling by heat units. Please edit the value for all rows before continuing.']);
  });

  it('applies one HRU\'s edited operations to all cropland HRUs: the written .mgt files hold them', async () => {
    const h = cropland()[0]!;
    const ops = (await get(`scenarios/mgt/operations/${scenario}/${hruPath(h)}`)).body.item.operations as OperationRow[];
    const edited = ops.map((o) => (o.MGT_OP === 3 ? { ...o, FRT_KG: Math.round(o.FRT_KG! * 50) / 100 } : o));
    const res = await post(`scenarios/savemods/${scenario}/Mgt2`, { applyToAll: false, subbasins: [], landuses: ['AGRL'], soils: [], slopes: [], modificationObject: { scheduleByHeatUnits: false, operations: edited } });
    expect(res.status).toBe(200);
    await f.run(scenario);
    const dir = await f.scenarioFiles(scenario, join(work, `ops-${scenario}`));
    const sp = await readTxtInOut(dir, { weather: false, databases: false });
    const agrl = sp.subbasins.flatMap((s) => s.hrus).filter((x) => /Luse:AGRL/.test(x.mgt!.title));
    expect(agrl).toHaveLength(cropland().length);
    const ferts = (x: (typeof agrl)[number]) => x.mgt!.operations.filter((o) => o.op === 3).map((o) => (o as { FRT_KG: number }).FRT_KG);
    for (const x of agrl) expect(ferts(x)).toEqual(edited.filter((o) => o.MGT_OP === 3).map((o) => o.FRT_KG));
  }, 240_000);
});

describe('the effects in the outputs (built-in engine, 2005–2007 printed)', () => {
  let base: Outputs;
  it('baseline', async () => {
    const id = await f.createScenario({ name: 'Baseline' });
    await f.run(id);
    base = await outputsOf(id);
    expect(base.aa['SURFACE RUNOFF Q']).toBeGreaterThan(0);
  }, 240_000);

  it('removing the fertilizer operations of the cropland lowers the NO3 yield', async () => {
    const id = await f.createScenario({ name: 'No fertilizer' });
    for (const h of cropland()) {
      const ops = (await get(`scenarios/mgt/operations/${id}/${hruPath(h)}`)).body.item.operations as OperationRow[];
      const res = await post(`scenarios/savemods/${id}/Mgt2`, { ...one(h), modificationObject: { scheduleByHeatUnits: false, operations: ops.filter((o) => o.MGT_OP !== 3) } });
      expect(res.status).toBe(200);
    }
    await f.run(id);
    const o = await outputsOf(id);
    effects.push(`| no fertilizer on the cropland (22 HRUs): N fertilizer applied, kg/ha | ${base.nutrients['N FERTILIZER APPLIED']!.toFixed(2)} | ${o.nutrients['N FERTILIZER APPLIED']!.toFixed(2)} |`);
    effects.push(`| no fertilizer: NO3 yield (surface + lateral), kg/ha | ${no3Yield(base).toFixed(3)} | ${no3Yield(o).toFixed(3)} |`);
    effects.push(`| no fertilizer: NO3 leached, kg/ha | ${base.nutrients['NO3 LEACHED']!.toFixed(2)} | ${o.nutrients['NO3 LEACHED']!.toFixed(2)} |`);
    expect(o.nutrients['N FERTILIZER APPLIED']).toBeLessThan(base.nutrients['N FERTILIZER APPLIED']!);
    expect(no3Yield(o)).toBeLessThan(no3Yield(base));
    expect(o.nutrients['NO3 LEACHED']).toBeLessThan(base.nutrients['NO3 LEACHED']!);
  }, 300_000);

  it('irrigating the cropland raises ET in the driest year', async () => {
    const [dry] = [...base.years.entries()].sort((a, b) => a[1].PREC! - b[1].PREC!)[0]!;
    const id = await f.createScenario({ name: 'Irrigated' });
    for (const h of cropland()) {
      const ops = (await get(`scenarios/mgt/operations/${id}/${hruPath(h)}`)).body.item.operations as OperationRow[];
      const years = Math.max(...ops.map((o) => o.YEAR));
      const irrigation: OperationRow[] = [];
      // 25 mm from a source outside the watershed every two weeks, May to August, every rotation year
      for (let y = 1; y <= years; y++) for (const [month, day] of [[5, 15], [6, 1], [6, 15], [7, 1], [7, 15], [8, 1], [8, 15]]) irrigation.push({ YEAR: y, MONTH: month!, DAY: day!, HUSC: 0, OP_NUM: 0, MGT_OP: 2, IRR_AMT: 25, IRR_SALT: 0, IRR_EFM: 1, IRR_SQ: 0, IRR_SC: 5, IRR_NO: 0 });
      const rows = sortOperations([...ops, ...irrigation], false).map((o, i) => ({ ...o, OP_NUM: i + 1 }));
      const res = await post(`scenarios/savemods/${id}/Mgt2`, { ...one(h), modificationObject: { scheduleByHeatUnits: false, operations: rows } });
      expect(res.status).toBe(200);
    }
    await f.run(id);
    const o = await outputsOf(id);
    effects.push(`| irrigation of the cropland, ${dry} (the driest printed year, ${base.years.get(dry)!.PREC!.toFixed(0)} mm): basin ET, mm | ${base.years.get(dry)!.ET!.toFixed(1)} | ${o.years.get(dry)!.ET!.toFixed(1)} |`);
    expect(o.years.get(dry)!.ET).toBeGreaterThan(base.years.get(dry)!.ET!);
    expect(o.aa.ET).toBeGreaterThan(base.aa.ET!);
  }, 300_000);

  it('tile drains on the cropland move water from surface runoff and lateral flow into tile flow', async () => {
    // SWAT's tile drains need the impervious layer that perches the water table: both scenarios have it
    const selection = { applyToAll: false, subbasins: [], landuses: ['AGRL'], soils: [], slopes: [] };
    const layer = await f.createScenario({ name: 'Impervious layer 1.5 m' });
    expect((await post(`scenarios/savemods/${layer}/Mgt1`, { ...selection, modificationObject: { DDRAIN: 0, TDRAIN: 0, GDRAIN: 0, DEP_IMP: 1500 } })).status).toBe(200);
    const tiled = await f.createScenario({ name: 'Tile drains' });
    expect((await post(`scenarios/savemods/${tiled}/Mgt1`, { ...selection, modificationObject: { DDRAIN: 900, TDRAIN: 24, GDRAIN: 24, DEP_IMP: 1500 } })).status).toBe(200);
    await f.run(layer);
    await f.run(tiled);
    const a = await outputsOf(layer);
    const b = await outputsOf(tiled);
    for (const k of ['TILE Q', 'SURFACE RUNOFF Q', 'LATERAL SOIL Q', 'TOTAL WATER YLD']) effects.push(`| tile drains on the cropland (DDRAIN 900 mm, DEP_IMP 1500 mm): ${k}, mm | ${a.aa[k]!.toFixed(2)} | ${b.aa[k]!.toFixed(2)} |`);
    expect(a.aa['TILE Q']).toBe(0);
    expect(b.aa['TILE Q']).toBeGreaterThan(5);
    expect(b.aa['SURFACE RUNOFF Q']).toBeLessThan(a.aa['SURFACE RUNOFF Q']!);
    expect(b.aa['LATERAL SOIL Q']).toBeLessThan(a.aa['LATERAL SOIL Q']!);
    // through the outputs the platform loaded: the subbasins' surface runoff (output maps)
    const map = async (id: number) => {
      const res = await post(`scenarios/output/map/${id}`, { outputType: 'OutputSub', statistic: 'averageAnnual', parameter: 'SURQ', units: 0, compareScenarios: [] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.scenarioMaps[0].mapData as { value: number }[];
    };
    const [ma, mb] = [await map(layer), await map(tiled)];
    expect(mb.reduce((s, x) => s + x.value, 0)).toBeLessThan(ma.reduce((s, x) => s + x.value, 0));
  }, 400_000);
});
