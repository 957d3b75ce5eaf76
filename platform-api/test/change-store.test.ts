// The generic change store (spec 2 §7 'Generic change handling') through the API on a project of
// the demo dataset: a change is stored only for a modification table an enabled editor
// registers (400 otherwise, instead of a change no run would ever apply); a change is checked by
// the SDK's one validation (validateChange: the form's messages, `not` included); and replacing
// a table's change (one-setting editors: basin variables) is one transaction — a failed insert
// leaves the old change in place.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.ts';
import { lrewFixture, type LrewFixture } from './scenario-fixtures.ts';

const ALL = { applyToAll: true, subbasins: [], landuses: [], soils: [], slopes: [] };
const ZERO = 'A value of zero will result in no change. Please enter a number greater or less than 10.';

let f: LrewFixture;
let app: TestApp;
let admin: string;
let scenarioId: number;

beforeAll(async () => {
  f = await lrewFixture({ hrus: 20 });
  ({ app, admin } = f);
  scenarioId = await f.createScenario({ name: 'Changes' });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const save = (modType: string, body: unknown, path = 'savemods') => app.request(`/api/scenarios/${path}/${scenarioId}/${modType}`, { token: admin, body });
const listed = async (modType: string) => (await app.request(`/api/scenarios/getmods/${scenarioId}/${modType}`, { token: admin })).body as { id: number; modificationObject: Record<string, unknown> }[];

describe('tables without an editor', () => {
  it('refuses a change for a table no editor registers with 400, on both save calls, and stores nothing', async () => {
    for (const path of ['savemods', 'subbasin/save']) {
      const res = await save('NoSuchTable', { ...ALL, modificationObject: { value: 5 } }, path);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toBe("No enabled editor saves changes to the table 'NoSuchTable'.");
    }
    expect(await listed('NoSuchTable')).toEqual([]);
    expect((await app.request(`/api/scenarios/${scenarioId}`, { token: admin })).body.scenario.modTables).toEqual([]);
  });

  it('refuses a change for the table of a disabled editor, and takes it again once enabled', async () => {
    const off = await app.request('/api/admin/plugins/curve-number', { method: 'PUT', body: { enabled: false }, token: admin });
    expect(off.status).toBe(200);
    try {
      const res = await save('Cn2Percent', { ...ALL, modificationObject: { value: 5 } }, 'subbasin/save');
      expect(res.status).toBe(400);
      expect(res.body).toBe("No enabled editor saves changes to the table 'Cn2Percent'.");
    } finally {
      await app.request('/api/admin/plugins/curve-number', { method: 'PUT', body: { enabled: true }, token: admin });
    }
    const res = await save('Cn2Percent', { ...ALL, modificationObject: { value: 5 } }, 'subbasin/save');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await app.request(`/api/scenarios/deletemodtype/${scenarioId}/Cn2Percent`, { token: admin, method: 'DELETE' })).body).toEqual({ value: true, deleted: 1 });
  });

  it('asks for a sign-in before anything else', async () => {
    expect((await app.request(`/api/scenarios/savemods/${scenarioId}/NoSuchTable`, { body: { ...ALL, modificationObject: {} } })).status).toBe(401);
  });
});

describe('the check of a change', () => {
  it('answers with the form\'s messages: `not: { const: 0 }` says the spec\'s zero message without a workaround in the schema', async () => {
    const zero = await save('Cn2Percent', { ...ALL, modificationObject: { value: 0 } }, 'subbasin/save');
    expect(zero.status).toBe(400);
    expect(zero.body).toEqual({ errors: { value: [ZERO] } });
    const far = await save('Cn2Percent', { ...ALL, modificationObject: { value: 11 } }, 'subbasin/save');
    expect(far.body).toEqual({ errors: { value: ['Must be between -10 and 10'] } });
    expect(await listed('Cn2Percent')).toEqual([]);
  });
});

describe('replacing a change (one-setting tables)', () => {
  const bsn = (body: unknown) => app.request(`/api/scenarios/general/bsn/${scenarioId}`, { token: admin, body });

  it('deletes the old change and inserts the new one in one transaction: a failed insert keeps the old change', async () => {
    expect((await bsn({ SURLAG: 1 })).status).toBe(200);
    const before = await listed('Bsn');
    expect(before).toHaveLength(1);
    expect(before[0]!.modificationObject).toEqual({ SURLAG: 1 });

    // The database refuses one valid value (a trigger), after the replace deleted the old change.
    const db = app.deps.db;
    await db.raw(`create function hw_test_refuse_surlag() returns trigger language plpgsql as $$
      begin
        if new.mod_type = 'Bsn' and (new.modification_object->>'SURLAG')::numeric = 13 then raise exception 'refused by the test'; end if;
        return new;
      end $$`);
    await db.raw('create trigger hw_test_refuse_surlag before insert on scenario_modifications for each row execute function hw_test_refuse_surlag()');
    try {
      const failed = await bsn({ SURLAG: 13 });
      expect(failed.status).toBe(500);
      expect(await listed('Bsn')).toEqual(before);
      expect((await app.request(`/api/scenarios/general/bsn/${scenarioId}`, { token: admin })).body.item.SURLAG).toBe(1);
    } finally {
      await db.raw('drop trigger hw_test_refuse_surlag on scenario_modifications');
      await db.raw('drop function hw_test_refuse_surlag()');
    }

    expect((await bsn({ SURLAG: 2 })).status).toBe(200);
    const after = await listed('Bsn');
    expect(after).toHaveLength(1);
    expect(after[0]!.modificationObject).toEqual({ SURLAG: 2 });
    expect(after[0]!.id).not.toBe(before[0]!.id);
  });
});
