// HRUs to print (editors/hru-print) through the API on the demo dataset's project (LREW, 134 HRUs,
// 2003–2007 daily): the page's call (spec 2 §7 'GET scenarios/print/hruprint/{id}': without a
// selection the project's first 20 HRUs, which a run prints), the selection checked in the spec's
// words (1 to 20 HRUs of this project), written into file.cio's print list at run time — and the run
// prints exactly those HRUs in output.hru, which the output charts then offer.
import { parseCio } from '@headwater/swat/txtinout/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario, units } from './editor-runs.ts';
import type { TestApp } from './helpers.ts';
import { lrewFixture, type LrewFixture } from './scenario-fixtures.ts';

let f: LrewFixture;
let app: TestApp;
let admin: string;
type Row = { id: number; number: number; subbasin: string; landuse: string; soil: string; slopeClass: string; slope: number; slopeLength: number; area: number; fraction: number };
let all: Row[];

beforeAll(async () => {
  f = await lrewFixture({ hrus: 134 });
  ({ app, admin } = f);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('the HRUs to print call', () => {
  it('answers the first 20 HRUs without a selection; saves 1 to 20 HRUs of the project; removes the selection', async () => {
    const id = await f.createScenario({ name: 'HRUs to print' });
    const none = (await app.request(`/api/scenarios/print/hruprint/${id}`, { token: admin })).body;
    expect(none).toMatchObject({ hasMods: false, changes: { hasChanges: false } });
    expect(none.selected.map((r: Row) => r.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(Object.keys(none.selected[0]).sort()).toEqual(['area', 'fraction', 'id', 'landuse', 'number', 'slope', 'slopeClass', 'slopeLength', 'soil', 'subbasin', 'subbasinId', 'subbasinNumber'].sort());
    // every HRU of the project, as the filter 'all HRUs' matches them
    all = (await app.request(`/api/hruselection/matching/${f.projectId}`, { token: admin, body: { applyToAll: true } })).body;
    expect(all).toHaveLength(134);
    const tooMany = await app.request(`/api/scenarios/print/hruprint/${id}`, { token: admin, body: { hrus: all.slice(0, 21).map((r) => r.id) } });
    expect([tooMany.status, tooMany.body]).toEqual([400, { errors: { hrus: ['Please select only 20 HRUs at most.'] } }]);
    const empty = await app.request(`/api/scenarios/print/hruprint/${id}`, { token: admin, body: { hrus: [] } });
    expect(empty.body).toEqual({ errors: { hrus: ['Please select at least one HRU.'] } });
    const foreign = await app.request(`/api/scenarios/print/hruprint/${id}`, { token: admin, body: { hrus: [all[0]!.id, 99999999] } });
    expect(foreign.body).toEqual({ errors: { hrus: ['Not an HRU of this project: 99999999'] } });
    const chosen = [all[100]!.id, all[50]!.id];
    expect((await app.request(`/api/scenarios/print/hruprint/${id}`, { token: admin, body: { hrus: chosen } })).body).toEqual({ value: true });
    const saved = (await app.request(`/api/scenarios/print/hruprint/${id}`, { token: admin })).body;
    expect(saved).toMatchObject({ hasMods: true, item: { hrus: [all[50]!.id, all[100]!.id] } });
    expect(saved.selected.map((r: Row) => r.id)).toEqual([all[50]!.id, all[100]!.id]);
    expect((await app.request(`/api/scenarios/${id}`, { token: admin })).body.scenario.modTables).toEqual(['HruPrint']);
    // Remove Selection: back to the default
    expect((await app.request(`/api/scenarios/deletemodtype/${id}/HruPrint`, { token: admin, method: 'DELETE' })).status).toBe(200);
    expect((await app.request(`/api/scenarios/print/hruprint/${id}`, { token: admin })).body.hasMods).toBe(false);
  });
});

describe('runs', () => {
  it('prints the first 20 HRUs without a selection', async () => {
    const base = await runScenario(f, await f.createScenario({ name: 'Default HRUs' }));
    expect(parseCio(base.text('file.cio')).IPDHRU).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(units(base.hru)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  }, 200_000);

  it('prints exactly the chosen HRUs, and the output charts offer them', async () => {
    const id = await f.createScenario({ name: 'Five HRUs' });
    const picked = [all[133]!, all[41]!, all[90]!, all[3]!, all[60]!];
    expect((await app.request(`/api/scenarios/print/hruprint/${id}`, { token: admin, body: { hrus: picked.map((r) => r.id) } })).status).toBe(200);
    const selected = (await app.request(`/api/scenarios/print/hruprint/${id}`, { token: admin })).body.selected as Row[];
    const numbers = selected.map((r) => r.number);
    expect(numbers).toEqual([4, 42, 61, 91, 134]);
    const run = await runScenario(f, id);
    expect(parseCio(run.text('file.cio')).IPDHRU).toEqual([...numbers, ...Array(15).fill(0)]);
    expect(units(run.hru)).toEqual(numbers);
    // each printed row is the HRU chosen: its subbasin and its area
    for (const row of selected) {
      const i = [...run.hru.unit].findIndex((u, k) => u === row.number && run.hru.period[k] === 'day');
      expect(run.hru.sub![i], `HRU ${row.number}`).toBe(Number(row.subbasin));
      expect(run.hru.area[i], `HRU ${row.number}`).toBeCloseTo(row.area, 3);
    }
    expect(selected.map((r) => r.id).sort()).toEqual(picked.map((r) => r.id).sort());
    const options = (await app.request(`/api/scenarios/output/chartoptions/${id}`, { token: admin })).body;
    expect(options.printedHrus).toHaveLength(5);
    console.info(`EFFECT | HruPrint | 5 HRUs chosen (numbers ${numbers.join(', ')}) | HRUs in output.hru | 20 (1–20) → ${units(run.hru).length} (${units(run.hru).join(', ')}) | exact`);
  }, 200_000);
});
