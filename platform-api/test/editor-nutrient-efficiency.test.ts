// Nutrient efficiency (editors/nutrient-efficiency) through the API on the demo dataset's project
// (LREW, 134 HRUs, 2003–2007 daily): the page's call (spec 2 §3 'items (name, value), descriptions
// keyed by land use name, autoEffLanduses, changes'), the values 0 to 2 in the spec's words, and
// AUTO_EFF written into the auto-fertilization operation of the land use's HRUs (.mgt) at run time.
// LREW auto-fertilizes one land use, low-density residential (URLD, 20 HRUs; AUTO_EFF 0 there, which
// SWAT reads as 1.3).
import { parseMgt } from '@headwater/swat/txtinout/index.ts';
import type { AutoFertilizationOperation } from '@headwater/swat/txtinout/types.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { report, runScenario, total, units, type RunFiles } from './editor-runs.ts';
import type { TestApp } from './helpers.ts';
import { lrewFixture, type LrewFixture } from './scenario-fixtures.ts';

let f: LrewFixture;
let app: TestApp;
let admin: string;
let urld: number[];

beforeAll(async () => {
  f = await lrewFixture({ hrus: 134 });
  ({ app, admin } = f);
  urld = ((await app.request(`/api/hruselection/matching/${f.projectId}`, { token: admin, body: { applyToAll: false, subbasins: [], landuses: ['URLD'] } })).body as { id: number }[]).map((r) => r.id);
  expect(urld).toHaveLength(20);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const url = (id: number) => `/api/scenarios/general/nutrientefficiency/${id}`;

describe('the nutrient efficiency call', () => {
  it("answers the auto-fertilized land uses; saves values 0 to 2 in the spec's words; reverts", async () => {
    const id = await f.createScenario({ name: 'Nutrient efficiency' });
    const none = (await app.request(url(id), { token: admin })).body;
    expect(none).toMatchObject({ items: [{ name: 'URLD', value: 0 }], autoEffLanduses: ['URLD'], changes: { hasChanges: false, modID: null } });
    expect(none.descriptions).toMatchObject({ URLD: 'Residential-Low Density', AGRL: 'Agricultural Land-Generic' });
    const range = await app.request(url(id), { token: admin, body: [{ name: 'URLD', value: 2.5 }] });
    expect([range.status, range.body]).toEqual([400, { errors: { 'items.0.value': ['Must be between 0 and 2'] } }]);
    const empty = await app.request(url(id), { token: admin, body: [{ name: 'URLD', value: null }] });
    expect(empty.body).toEqual({ errors: { 'items.0.value': ['Must be a number'] } });
    const other = await app.request(url(id), { token: admin, body: [{ name: 'AGRL', value: 1 }] });
    expect(other.body).toEqual({ errors: { items: ['Not an auto-fertilized land use of this project: AGRL'] } });
    // the spec's body is the list of items; the page sends { items }
    expect((await app.request(url(id), { token: admin, body: [{ name: 'URLD', value: 1.8 }] })).body).toEqual({ value: true });
    expect((await app.request(url(id), { token: admin })).body).toMatchObject({ items: [{ name: 'URLD', value: 1.8 }], changes: { hasChanges: true } });
    expect((await app.request(`/api/scenarios/${id}`, { token: admin })).body.scenario.modTables).toEqual(['AutoEff']);
    expect((await app.request(url(id), { token: admin, body: { items: [{ name: 'URLD', value: 0 }] } })).status).toBe(200);
    expect((await app.request(url(id), { token: admin })).body.changes.hasChanges).toBe(false);
  });
});

describe('a run with a nutrient efficiency change', () => {
  /** a scenario printing the URLD HRUs */
  const scenario = async (name: string) => {
    const id = await f.createScenario({ name });
    expect((await app.request(`/api/scenarios/print/hruprint/${id}`, { token: admin, body: { hrus: urld } })).status).toBe(200);
    return id;
  };
  let base: RunFiles;
  let changed: RunFiles;
  /** the numbers of the printed URLD HRUs */
  let printed: number[];
  beforeAll(async () => {
    const baseId = await scenario('Without changes');
    printed = ((await app.request(`/api/scenarios/print/hruprint/${baseId}`, { token: admin })).body.selected as { number: number }[]).map((h) => h.number);
    base = await runScenario(f, baseId);
    const id = await scenario('URLD AUTO_EFF 1.8');
    expect((await app.request(url(id), { token: admin, body: [{ name: 'URLD', value: 1.8 }] })).status).toBe(200);
    changed = await runScenario(f, id);
  }, 300_000);

  it("writes AUTO_EFF 1.8 into the URLD HRUs' auto-fertilization and nowhere else", () => {
    const mgts = (run: RunFiles) => {
      const fig = run.text('fig.fig');
      const subs = [...fig.matchAll(/(\d{9})\.sub/g)].map((m) => m[1]!);
      return subs.flatMap((stem) => {
        const sub = run.text(`${stem}.sub`);
        return [...sub.matchAll(/(\d{9})\.mgt/g)].map((m) => parseMgt(run.text(`${m[1]}.mgt`)));
      });
    };
    const before = mgts(base);
    const after = mgts(changed);
    expect(after).toHaveLength(134);
    let urldHrus = 0;
    after.forEach((mgt, i) => {
      const auto = mgt.operations.filter((o): o is AutoFertilizationOperation => o.op === 11);
      if (/Luse:URLD/.test(mgt.title)) {
        urldHrus++;
        expect(auto.map((o) => o.AUTO_EFF)).toEqual([1.8]);
        expect(before[i]!.operations.filter((o): o is AutoFertilizationOperation => o.op === 11).map((o) => o.AUTO_EFF)).toEqual([0]);
      } else expect(mgt).toEqual(before[i]);
    });
    expect(urldHrus).toBe(20);
    expect(units(changed.hru)).toEqual(printed);
  });

  // SWAT2012 uses AUTO_EFF for the nitrogen target of auto-fertilization (harvkillop.f / harvestop.f:
  // tnyld = (1 - rwt) * bio_ms * pltfr_n * auto_eff; sched_mgt.f: 1.3 when not above 0), and so does
  // the built-in engine (swat/src/engine/mgt.ts): a higher efficiency, a higher target.
  it('more auto-fertilized nitrogen in the URLD HRUs (NAUTO)', () => {
    const nauto = [total(base.hru, 'NAUTOkg/ha'), total(changed.hru, 'NAUTOkg/ha')];
    report('AutoEff', 'URLD AUTO_EFF 0 (1.3) → 1.8', 'NAUTO of the 20 URLD HRUs, sum of daily output.hru', nauto[0]!, nauto[1]!, ' kg/ha');
    expect(nauto[1]!).toBeGreaterThan(nauto[0]!);
  });
});
