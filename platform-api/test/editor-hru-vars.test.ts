// HRU variables to print (editors/hru-vars) through the API on the demo dataset's project (LREW,
// 134 HRUs, 2003–2007 daily): the page's call (spec 2 §3 'hasMods, options (name, description),
// selected, defaultSelection'), 1 to 20 variables in the spec's words, written into file.cio's HRU
// variable list at run time — and output.hru then holds exactly those variables.
import { parseCio } from '@headwater/swat/txtinout/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario } from './editor-runs.ts';
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

describe('the HRU variables call', () => {
  it("answers the options and the default selection; saves 1 to 20 variables in the spec's words; reverts", async () => {
    const id = await f.createScenario({ name: 'HRU variables' });
    const get = () => app.request(`/api/scenarios/print/hruvars/${id}`, { token: admin });
    const none = (await get()).body;
    expect(none).toMatchObject({ hasMods: false, changes: { hasChanges: false } });
    expect(none.options).toHaveLength(78);
    expect(none.options[0]).toEqual({ name: 'PRECIP', description: 'Precipitation (mm)' });
    expect(none.defaultSelection).toHaveLength(20);
    expect(none.selected).toEqual(none.defaultSelection);
    const names = none.options.map((o: { name: string }) => o.name) as string[];
    const post = (variables: unknown) => app.request(`/api/scenarios/print/hruvars/${id}`, { token: admin, body: { variables } });
    expect((await post(names.slice(0, 21))).body).toEqual({ errors: { variables: ['Please select only 20 variables at most.'] } });
    expect((await post([])).body).toEqual({ errors: { variables: ['Please select at least one variable.'] } });
    expect((await post(['PRECIP', 'RAIN'])).body).toEqual({ errors: { 'variables.1': ['Not an HRU output variable.'] } });
    expect((await post(['ET', 'PRECIP'])).body).toEqual({ value: true });
    expect((await get()).body).toMatchObject({ hasMods: true, selected: ['ET', 'PRECIP'], item: { variables: ['ET', 'PRECIP'] } });
    expect((await app.request(`/api/scenarios/getmods/${id}/HruVars`, { token: admin })).body[0].value).toBe('PRECIP, ET');
    // the default selection is no change
    expect((await post(none.defaultSelection)).status).toBe(200);
    expect((await get()).body.hasMods).toBe(false);
  });
});

describe('runs', () => {
  it('prints every HRU variable without a selection, exactly the chosen ones with it', async () => {
    const base = await runScenario(f, await f.createScenario({ name: 'All variables' }));
    expect(parseCio(base.text('file.cio')).IPDVAB).toEqual(Array(20).fill(0));
    expect(Object.keys(base.hru.columns)).toHaveLength(78);
    const id = await f.createScenario({ name: 'Four variables' });
    expect((await app.request(`/api/scenarios/print/hruvars/${id}`, { token: admin, body: { variables: ['WYLD', 'PRECIP', 'SURQ_GEN', 'ET'] } })).status).toBe(200);
    const run = await runScenario(f, id);
    expect(parseCio(run.text('file.cio')).IPDVAB).toEqual([1, 6, 17, 22, ...Array(16).fill(0)]);
    expect(Object.keys(run.hru.columns)).toEqual(['PRECIPmm', 'ETmm', 'SURQ_GENmm', 'WYLDmm']);
    // the same values as when every variable is printed
    for (const c of Object.keys(run.hru.columns)) expect(Array.from(run.hru.columns[c]!), c).toEqual(Array.from(base.hru.columns[c]!));
    console.info(`EFFECT | HruVars | PRECIP, ET, SURQ_GEN, WYLD chosen | output.hru columns | 78 → ${Object.keys(run.hru.columns).length} (${Object.keys(run.hru.columns).join(', ')}) | exact, same values`);
  }, 300_000);
});
