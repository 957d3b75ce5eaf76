// The climate sensitivity editor (editors/climate-sensitivity) through the API on the demo dataset's
// project (LREW, 134 HRUs, 2003–2007 daily, 2 warm-up years): changes are saved for subbasins and
// months and checked in the spec's words (spec 2 §5: rainfall -100..100 %, temperature -20..20 °C),
// written into the .sub files' RFINC/TMPINC at run time, and their effect on the built-in engine's
// outputs is measured against a scenario without them: RFINC +20 % → PRECIP +20 % and more water
// yield; TMPINC +3 °C → more PET.
import { parseSub } from '@headwater/swat/txtinout/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pct, report, runScenario, total, type RunFiles } from './editor-runs.ts';
import type { TestApp } from './helpers.ts';
import { lrewFixture, type LrewFixture } from './scenario-fixtures.ts';

let f: LrewFixture;
let app: TestApp;
let admin: string;
let subbasins: { id: number; name: string; number: number }[];
const subFile = (n: number) => `${String(n).padStart(5, '0')}0000.sub`;
const save = (scenarioId: number, body: Record<string, unknown>) =>
  app.request(`/api/scenarios/savemods/${scenarioId}/ClimateSensitivity`, { token: admin, body: { landuses: [], soils: [], slopes: [], ...body } });

beforeAll(async () => {
  f = await lrewFixture({ hrus: 134 });
  ({ app, admin } = f);
  subbasins = (await app.request(`/api/hruselection/subbasins/${f.projectId}`, { token: admin })).body;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('saving climate sensitivity changes', () => {
  it("saves a change for subbasins and months, lists it, and refuses values out of range in the spec's words", async () => {
    const id = await f.createScenario({ name: 'Saving' });
    const saved = await save(id, { applyToAll: false, subbasins: [subbasins[1]!.id], months: [6, 7], modificationObject: { RFINC: 20, TMPINC: 3 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const list = (await app.request(`/api/scenarios/getmods/${id}/ClimateSensitivity`, { token: admin })).body;
    expect(list).toEqual([expect.objectContaining({ id: saved.body.id, subbasins: ['2'], months: [6, 7], value: 'Rainfall +20%; temperature +3 °C', modificationObject: { RFINC: 20, TMPINC: 3 } })]);
    expect((await app.request(`/api/scenarios/${id}`, { token: admin })).body.scenario.modTables).toEqual(['ClimateSensitivity']);
    const out = await save(id, { applyToAll: true, months: [1], modificationObject: { RFINC: 150, TMPINC: -25 } });
    expect([out.status, out.body]).toEqual([400, { errors: { RFINC: ['Must be between -100 and 100'], TMPINC: ['Must be between -20 and 20'] } }]);
    const text = await save(id, { applyToAll: true, months: [1], modificationObject: { RFINC: '5' } });
    expect(text.body).toEqual({ errors: { RFINC: ['Must be a number'] } });
    // Remove Changes: every change of the table
    expect((await app.request(`/api/scenarios/deletemodtype/${id}/ClimateSensitivity`, { token: admin, method: 'DELETE' })).body).toEqual({ value: true, deleted: 1 });
  });
});

describe('a run with climate sensitivity changes', () => {
  let base: RunFiles;
  beforeAll(async () => {
    base = await runScenario(f, await f.createScenario({ name: 'Without changes' }));
  }, 200_000);

  it('RFINC +20 % in every month and subbasin: PRECIP +20 %, more water yield', async () => {
    const id = await f.createScenario({ name: 'Rainfall +20%' });
    const all = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    expect((await save(id, { applyToAll: true, months: all, modificationObject: { RFINC: 20 } })).status).toBe(200);
    const changed = await runScenario(f, id);
    for (const s of subbasins) {
      const sub = parseSub(changed.text(subFile(s.number)));
      expect(sub.RFINC, `subbasin ${s.name}`).toEqual(Array(12).fill(20));
      expect(sub.TMPINC).toEqual(Array(12).fill(0));
    }
    const precip = [total(base.sub, 'PRECIPmm'), total(changed.sub, 'PRECIPmm')];
    const wyld = [total(base.sub, 'WYLDmm'), total(changed.sub, 'WYLDmm')];
    report('ClimateSensitivity', 'RFINC +20 % (all months, all subbasins)', 'PRECIP, sum of daily output.sub', precip[0]!, precip[1]!, ' mm');
    report('ClimateSensitivity', 'RFINC +20 % (all months, all subbasins)', 'WYLD, sum of daily output.sub', wyld[0]!, wyld[1]!, ' mm');
    report('ClimateSensitivity', 'RFINC +20 % (all months, all subbasins)', 'output.std TOTAL WATER YLD', base.std['TOTAL WATER YLD']!, changed.std['TOTAL WATER YLD']!, ' mm');
    // +20 % of every day's rain (output.sub prints 3 decimals a day)
    expect(pct(precip[1]!, precip[0]!)).toBeCloseTo(20, 1);
    expect(wyld[1]!).toBeGreaterThan(wyld[0]! * 1.2);
    expect(changed.std['TOTAL WATER YLD']!).toBeGreaterThan(base.std['TOTAL WATER YLD']!);
  }, 200_000);

  it('TMPINC +3 °C in June–August of subbasin 3: more PET there and then, the other subbasins untouched', async () => {
    const id = await f.createScenario({ name: 'Temperature +3 °C in summer, subbasin 3' });
    const three = subbasins.find((s) => s.name === '3')!;
    expect((await save(id, { applyToAll: false, subbasins: [three.id], months: [6, 7, 8], modificationObject: { RFINC: 0, TMPINC: 3 } })).status).toBe(200);
    const changed = await runScenario(f, id);
    expect(parseSub(changed.text(subFile(3))).TMPINC).toEqual([0, 0, 0, 0, 0, 3, 3, 3, 0, 0, 0, 0]);
    expect(parseSub(changed.text(subFile(1))).TMPINC).toEqual(Array(12).fill(0));
    const of = (t: RunFiles['sub'], unit: number) => (i: number) => t.unit[i] === unit;
    const pet3 = [total(base.sub, 'PETmm', of(base.sub, 3)), total(changed.sub, 'PETmm', of(changed.sub, 3))];
    report('ClimateSensitivity', 'TMPINC +3 °C (Jun–Aug, subbasin 3)', 'PET of subbasin 3, sum of daily output.sub', pet3[0]!, pet3[1]!, ' mm');
    expect(pet3[1]!).toBeGreaterThan(pet3[0]!);
    for (const unit of [1, 2]) expect(total(changed.sub, 'PETmm', of(changed.sub, unit)), `subbasin ${unit}`).toBe(total(base.sub, 'PETmm', of(base.sub, unit)));
    // the rain is not touched (RFINC 0)
    expect(total(changed.sub, 'PRECIPmm')).toBe(total(base.sub, 'PRECIPmm'));
  }, 200_000);
});
