// The fertilizer editor (editors/fert) through the API on the demo dataset's project (LREW, 134
// HRUs, 2003–2007 daily, 2 warm-up years): the fertilizer list and a fertilizer's page (spec 2 §7
// 'GET scenarios/general/ferts/{id}', 'GET and POST scenarios/general/fert/{id}/{fertID}'), the
// values checked in the spec's words, written into the scenario's fert.dat at run time, and their
// effect on the built-in engine's outputs against a scenario without them: a larger mineral N
// fraction of the fertilizer LREW's cropland gets (Elem-P, 12–19 kg/ha a year) → more N applied and
// more NO3 in surface runoff.
import { parseFertDat } from '@headwater/swat/txtinout/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pct, report, runScenario, total, type RunFiles } from './editor-runs.ts';
import type { TestApp } from './helpers.ts';
import { lrewFixture, type LrewFixture } from './scenario-fixtures.ts';

let f: LrewFixture;
let app: TestApp;
let admin: string;

beforeAll(async () => {
  f = await lrewFixture({ hrus: 134 });
  ({ app, admin } = f);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('the fertilizer calls', () => {
  it('lists the fertilizers, edits one, marks it changed, and reverts it', async () => {
    const id = await f.createScenario({ name: 'Fertilizers' });
    const list = await app.request(`/api/scenarios/general/ferts/${id}`, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.hasChanges).toBe(false);
    expect(list.body.items).toHaveLength(54);
    expect(list.body.items[1]).toEqual({ id: 2, name: 'Elem-P', description: 'Elemental Phosphorus', FERTNM: 'Elem-P', FERTNAME: 'Elemental Phosphorus', FMINN: 0, FMINP: 1, FORGN: 0, FORGP: 0, FNH3N: 0, isModified: false });
    const one = await app.request(`/api/scenarios/general/fert/${id}/2`, { token: admin });
    expect(one.body).toEqual({
      item: { FMINN: 0, FMINP: 1, FORGN: 0, FORGP: 0, FNH3N: 0 },
      default: { FMINN: 0, FMINP: 1, FORGN: 0, FORGP: 0, FNH3N: 0 },
      record: { id: 2, name: 'Elem-P', description: 'Elemental Phosphorus', FERTNM: 'Elem-P', FERTNAME: 'Elemental Phosphorus' },
      changes: { hasChanges: false, modID: null },
    });
    // spec 2 §5: every variable required and numeric; the range is shown, not enforced
    const bad = await app.request(`/api/scenarios/general/fert/${id}/2`, { token: admin, body: { FMINN: '', FMINP: 'x', FOO: 1 } });
    expect([bad.status, bad.body]).toEqual([400, { errors: { FMINN: ['Required'], FMINP: ['Must be a number'], FOO: ['Unknown variable'] } }]);
    expect((await app.request(`/api/scenarios/general/fert/${id}/99`, { token: admin })).status).toBe(404);
    expect((await app.request(`/api/scenarios/general/fert/${id}/2`, { token: admin, body: { FMINN: 0.5, FMINP: 1, FORGN: 1.5 } })).body).toEqual({ value: true });
    expect((await app.request(`/api/scenarios/general/fert/${id}/2`, { token: admin })).body).toMatchObject({ item: { FMINN: 0.5, FMINP: 1, FORGN: 1.5 }, changes: { hasChanges: true } });
    const after = (await app.request(`/api/scenarios/general/ferts/${id}`, { token: admin })).body;
    expect(after.hasChanges).toBe(true);
    expect(after.items.filter((i: { isModified: boolean }) => i.isModified).map((i: { id: number }) => i.id)).toEqual([2]);
    expect((await app.request(`/api/scenarios/${id}`, { token: admin })).body.scenario.modTables).toEqual(['Fert']);
    const mods = (await app.request(`/api/scenarios/getmods/${id}/Fert`, { token: admin })).body;
    expect(mods).toEqual([expect.objectContaining({ applyToAll: true, value: 'Fertilizer 2: FMINN 0.5; FORGN 1.5', modificationObject: { IFNUM: 2, FMINN: 0.5, FORGN: 1.5 } })]);
    // back at the dataset's values: the fertilizer's change goes
    expect((await app.request(`/api/scenarios/general/fert/${id}/2`, { token: admin, body: { FMINN: 0, FMINP: 1, FORGN: 0 } })).status).toBe(200);
    expect((await app.request(`/api/scenarios/general/ferts/${id}`, { token: admin })).body.hasChanges).toBe(false);
    expect((await app.request(`/api/scenarios/${id}`, { token: admin })).body.scenario.modTables).toEqual([]);
  });
});

describe('a run with a fertilizer change', () => {
  let base: RunFiles;
  beforeAll(async () => {
    base = await runScenario(f, await f.createScenario({ name: 'Without changes' }));
  }, 200_000);

  it('Elem-P with a mineral N fraction of 0.5: fert.dat carries it, more N applied and more NO3 in surface runoff', async () => {
    const id = await f.createScenario({ name: 'Elem-P FMINN 0.5' });
    expect((await app.request(`/api/scenarios/general/fert/${id}/2`, { token: admin, body: { FMINN: 0.5 } })).status).toBe(200);
    const changed = await runScenario(f, id);
    const fert = parseFertDat(changed.text('fert.dat'));
    expect(fert[1]).toMatchObject({ IFNUM: 2, FERTNM: 'Elem-P', FMINN: 0.5, FMINP: 1 });
    expect(fert.filter((x) => x.IFNUM !== 2)).toEqual(parseFertDat(base.text('fert.dat')).filter((x) => x.IFNUM !== 2));
    // the printed HRUs (the first 20 of the project, as HRUs to print says) include LREW's cropland;
    // output.hru names an HRU's crop, not its land use
    const printed = (await app.request(`/api/scenarios/print/hruprint/${id}`, { token: admin })).body.selected as { number: number; landuse: string }[];
    const cropland = new Set(printed.filter((h) => h.landuse === 'AGRL').map((h) => h.number));
    expect(cropland.size).toBeGreaterThan(0);
    const agrl = (t: RunFiles['hru']) => (i: number) => cropland.has(t.unit[i]!);
    const napp = [total(base.hru, 'N_APPkg/ha', agrl(base.hru)), total(changed.hru, 'N_APPkg/ha', agrl(changed.hru))];
    const nsurqHru = [total(base.hru, 'NSURQkg/ha', agrl(base.hru)), total(changed.hru, 'NSURQkg/ha', agrl(changed.hru))];
    const nsurq = [total(base.sub, 'NSURQkg/ha'), total(changed.sub, 'NSURQkg/ha')];
    report('Fert', 'Elem-P FMINN 0 → 0.5', 'N_APP of the printed AGRL HRUs, sum of daily output.hru', napp[0]!, napp[1]!, ' kg/ha');
    report('Fert', 'Elem-P FMINN 0 → 0.5', 'NSURQ of the printed AGRL HRUs, sum of daily output.hru', nsurqHru[0]!, nsurqHru[1]!, ' kg/ha');
    report('Fert', 'Elem-P FMINN 0 → 0.5', 'NSURQ of the subbasins, sum of daily output.sub', nsurq[0]!, nsurq[1]!, ' kg/ha');
    expect(napp[1]!).toBeGreaterThan(napp[0]!);
    expect(nsurqHru[1]!).toBeGreaterThan(nsurqHru[0]!);
    expect(nsurq[1]!).toBeGreaterThan(nsurq[0]!);
    // water barely moves (better-fed crops hold a little more of it)
    expect(Math.abs(pct(total(changed.sub, 'SURQmm'), total(base.sub, 'SURQmm')))).toBeLessThan(0.1);
  }, 200_000);
});
