// The urban editor (editors/urban) through the API on the demo dataset's project (LREW, 134 HRUs,
// 2003–2007 daily, 2 warm-up years): the urban list and an urban type's page (spec 2 §7 'GET
// scenarios/general/urbans/{id}', 'GET and POST scenarios/general/urban/{id}/{urbanID}'), written into
// the scenario's urban.dat at run time, and the effect on the built-in engine's outputs against a
// scenario without it: a larger impervious fraction of LREW's low-density residential type (URLD,
// 20 HRUs, printed here through HRUs to print) → more surface runoff from those HRUs.
import { parseUrbanDat } from '@headwater/swat/txtinout/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { report, runScenario, total, units, type RunFiles } from './editor-runs.ts';
import type { TestApp } from './helpers.ts';
import { lrewFixture, type LrewFixture } from './scenario-fixtures.ts';

let f: LrewFixture;
let app: TestApp;
let admin: string;
/** the project HRU ids of LREW's URLD HRUs */
let urld: number[];

beforeAll(async () => {
  f = await lrewFixture({ hrus: 134 });
  ({ app, admin } = f);
  const subbasins = (await app.request(`/api/hruselection/subbasins/${f.projectId}`, { token: admin })).body as { id: number }[];
  const rows = (await app.request(`/api/hruselection/matching/${f.projectId}`, { token: admin, body: { applyToAll: false, subbasins: subbasins.map((s) => s.id), landuses: ['URLD'] } })).body as { id: number; landuse: string }[];
  urld = rows.map((r) => r.id);
  expect(urld).toHaveLength(20);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('the urban calls', () => {
  it("lists the urban types, edits one in the spec's words, and marks it changed", async () => {
    const id = await f.createScenario({ name: 'Urban types' });
    const list = (await app.request(`/api/scenarios/general/urbans/${id}`, { token: admin })).body;
    expect(list.items.map((i: { name: string }) => i.name)).toEqual(['URHD', 'URMD', 'URML', 'URLD', 'UCOM', 'UIDU', 'UTRN', 'UINS', 'URBN']);
    expect(list.items[3]).toMatchObject({ id: 4, name: 'URLD', description: 'Residential-Low Density', URBNAME: 'URLD', URBFLNM: 'Residential-Low Density', FIMP: 0.12, FCIMP: 0.1, URBCN2: 98, isModified: false });
    const bad = await app.request(`/api/scenarios/general/urban/${id}/4`, { token: admin, body: { FIMP: null, URBCN2: 'x' } });
    expect([bad.status, bad.body]).toEqual([400, { errors: { FIMP: ['Required'], URBCN2: ['Must be a number'] } }]);
    expect((await app.request(`/api/scenarios/general/urban/${id}/4`, { token: admin, body: { FIMP: 0.6, FCIMP: 0.5, URBCN2: 98 } })).body).toEqual({ value: true });
    const one = (await app.request(`/api/scenarios/general/urban/${id}/4`, { token: admin })).body;
    expect(one).toMatchObject({ item: { FIMP: 0.6, FCIMP: 0.5, URBCN2: 98 }, default: { FIMP: 0.12, FCIMP: 0.1 }, record: { id: 4, name: 'URLD' }, changes: { hasChanges: true } });
    expect((await app.request(`/api/scenarios/general/urbans/${id}`, { token: admin })).body.items[3].isModified).toBe(true);
    expect((await app.request(`/api/scenarios/getmods/${id}/Urban`, { token: admin })).body[0].value).toBe('Urban type 4: FIMP 0.6; FCIMP 0.5');
    // Remove Changes of the record page: DELETE scenarios/deletemod/{modID}
    expect((await app.request(`/api/scenarios/deletemod/${one.changes.modID}`, { token: admin, method: 'DELETE' })).status).toBe(200);
    expect((await app.request(`/api/scenarios/general/urbans/${id}`, { token: admin })).body.hasChanges).toBe(false);
  });
});

describe('a run with an urban change', () => {
  /** a scenario printing the URLD HRUs */
  const scenario = async (name: string) => {
    const id = await f.createScenario({ name });
    expect((await app.request(`/api/scenarios/print/hruprint/${id}`, { token: admin, body: { hrus: urld } })).status).toBe(200);
    return id;
  };
  let base: RunFiles;
  let printed: number[];
  beforeAll(async () => {
    const id = await scenario('Without changes');
    printed = ((await app.request(`/api/scenarios/print/hruprint/${id}`, { token: admin })).body.selected as { number: number }[]).map((h) => h.number);
    base = await runScenario(f, id);
  }, 200_000);

  it('URLD impervious 0.6, directly connected 0.5: urban.dat carries it, more surface runoff from the URLD HRUs', async () => {
    const id = await scenario('URLD more impervious');
    expect((await app.request(`/api/scenarios/general/urban/${id}/4`, { token: admin, body: { FIMP: 0.6, FCIMP: 0.5 } })).status).toBe(200);
    const changed = await runScenario(f, id);
    expect(parseUrbanDat(changed.text('urban.dat'))[3]).toMatchObject({ IUNUM: 4, URBNAME: 'URLD', FIMP: 0.6, FCIMP: 0.5 });
    expect(units(base.hru)).toEqual(printed);
    expect(units(changed.hru)).toEqual(printed);
    const surq = [total(base.hru, 'SURQ_GENmm'), total(changed.hru, 'SURQ_GENmm')];
    const wyld = [total(base.hru, 'WYLDmm'), total(changed.hru, 'WYLDmm')];
    report('Urban', 'URLD FIMP 0.12 → 0.6, FCIMP 0.1 → 0.5', 'SURQ_GEN of the 20 URLD HRUs, sum of daily output.hru', surq[0]!, surq[1]!, ' mm');
    report('Urban', 'URLD FIMP 0.12 → 0.6, FCIMP 0.1 → 0.5', 'WYLD of the 20 URLD HRUs, sum of daily output.hru', wyld[0]!, wyld[1]!, ' mm');
    expect(surq[1]!).toBeGreaterThan(surq[0]! * 1.1);
    for (const n of printed) {
      const of = (t: RunFiles['hru']) => (i: number) => t.unit[i] === n;
      expect(total(changed.hru, 'SURQ_GENmm', of(changed.hru)), `HRU ${n}`).toBeGreaterThan(total(base.hru, 'SURQ_GENmm', of(base.hru)));
    }
  }, 200_000);
});
