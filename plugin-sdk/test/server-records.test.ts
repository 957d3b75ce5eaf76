// @vitest-environment node
// The server side of the SDK's additions for issue 15's editors: the records mode of
// defineEditorServer (GET of the list, GET and POST of one record, one change per record, removed
// when the record is back at the dataset's values), settings compared by content (lists), the
// one-setting answer's `extra` seeing the setting, and applyContext's HRU ids.
import { applyContext, tinyProject } from '../src/server/testing.ts';
import { describe, expect, it } from 'vitest';
import { changedSettings, defineEditorServer, InputError, NotFoundError, recordChanges, sameSetting, type PlatformServices } from '../src/server/index.ts';

const schema = {
  type: 'object',
  required: ['FMINN', 'FMINP'],
  additionalProperties: false,
  properties: { FMINN: { type: 'number', title: 'FMINN' }, FMINP: { type: 'number', title: 'FMINP' }, IFNUM: { type: 'integer', minimum: 1 } },
};
const pkg = { headwater: { id: 'fert-test', kind: 'editor', modTable: 'Fert' } };

type Mod = { id: number; modificationObject: Record<string, unknown> };

/** The change store of one scenario (7), in memory, as the platform's services see it. */
function platform() {
  let next = 1;
  let mods: Mod[] = [];
  const listed = () => mods.map((m) => ({ ...m, modType: 'Fert', applyToAll: true, value: '', subbasins: [], subbasinIDs: [], landuses: [], soils: [], slopes: [], months: [], lastModifiedDate: '' }));
  const services = {
    scenarios: {
      datasetInputs: async () => ({ cio: {}, bsn: {}, databases: { fert: [{ IFNUM: 1, FERTNM: 'Elem-N', FMINN: 1, FMINP: 0 }, { IFNUM: 2, FERTNM: 'Elem-P', FMINN: 0, FMINP: 1 }] } }),
      getMods: async () => listed(),
      deleteMod: async (_s: number, id: number) => ((mods = mods.filter((m) => m.id !== id)), { value: true as const }),
      replaceSomeMods: async (_s: number, _t: string, only: number[], body: { modificationObject?: unknown }) => {
        mods = mods.filter((m) => !only.includes(m.id));
        mods.push({ id: next++, modificationObject: body.modificationObject as Record<string, unknown> });
        return { value: true as const, id: next - 1 };
      },
    },
  } as unknown as PlatformServices;
  return { services, mods: () => mods };
}

const server = defineEditorServer(pkg, {
  schema,
  apply: () => {},
  records: {
    listUrl: 'scenarios/general/ferts/{scenarioID}',
    url: 'scenarios/general/fert/{scenarioID}/{fertID}',
    param: 'fertID',
    key: 'IFNUM',
    records: (inputs) =>
      (inputs.databases.fert as { IFNUM: number; FERTNM: string; FMINN: number; FMINP: number }[]).map((f) => ({ id: f.IFNUM, name: f.FERTNM, description: `${f.FERTNM} fertilizer`, values: { FMINN: f.FMINN, FMINP: f.FMINP }, info: { FERTNM: f.FERTNM } })),
  },
});
const route = (method: string, path: string) => server.routes!.find((r) => r.method === method && r.path === path)!;
const call = (method: string, path: string, params: Record<string, string>, p: ReturnType<typeof platform>, body?: unknown) =>
  route(method, path).handler({ params, query: {}, body, platform: p.services }) as Promise<any>;
const LIST = '/scenarios/general/ferts/:scenarioID';
const ONE = '/scenarios/general/fert/:scenarioID/:fertID';

describe('records server mode', () => {
  it('declares the list GET and the record GET and POST', () => {
    expect(server.routes!.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${LIST}`, `GET ${ONE}`, `POST ${ONE}`]);
    expect(() => defineEditorServer(pkg, { schema, apply: () => {}, records: { listUrl: 'a/{scenarioID}', url: 'b/{scenarioID}/{x}', param: 'x', key: 'NOPE', records: () => [] } })).toThrow("records.key 'NOPE' is not a property of the schema");
  });

  it('keeps one change per record: the values that differ, under the record key; back at the defaults, none', async () => {
    const p = platform();
    expect(await call('GET', LIST, { scenarioID: '7' }, p)).toEqual({
      items: [
        { id: 1, name: 'Elem-N', description: 'Elem-N fertilizer', FERTNM: 'Elem-N', FMINN: 1, FMINP: 0, isModified: false },
        { id: 2, name: 'Elem-P', description: 'Elem-P fertilizer', FERTNM: 'Elem-P', FMINN: 0, FMINP: 1, isModified: false },
      ],
      hasChanges: false,
    });
    // the body's record key is not the client's to choose: the url's record is
    await call('POST', ONE, { scenarioID: '7', fertID: '2' }, p, { FMINN: 0.5, FMINP: 1, IFNUM: 1 });
    expect(p.mods()).toEqual([{ id: 1, modificationObject: { IFNUM: 2, FMINN: 0.5 } }]);
    await call('POST', ONE, { scenarioID: '7', fertID: '1' }, p, { FMINP: 0.2 });
    // a second save of a record replaces its change only
    await call('POST', ONE, { scenarioID: '7', fertID: '2' }, p, { FMINN: 0.25, FMINP: 0.9 });
    expect(p.mods()).toEqual([
      { id: 2, modificationObject: { IFNUM: 1, FMINP: 0.2 } },
      { id: 3, modificationObject: { IFNUM: 2, FMINN: 0.25, FMINP: 0.9 } },
    ]);
    const one = await call('GET', ONE, { scenarioID: '7', fertID: '2' }, p);
    expect(one).toEqual({ item: { FMINN: 0.25, FMINP: 0.9 }, default: { FMINN: 0, FMINP: 1 }, record: { id: 2, name: 'Elem-P', description: 'Elem-P fertilizer', FERTNM: 'Elem-P' }, changes: { hasChanges: true, modID: 3 } });
    expect((await call('GET', LIST, { scenarioID: '7' }, p)).items.map((i: any) => [i.id, i.FMINN, i.isModified])).toEqual([
      [1, 1, true],
      [2, 0.25, true],
    ]);
    // every value back at the dataset's: the record's change goes
    await call('POST', ONE, { scenarioID: '7', fertID: '2' }, p, { FMINN: 0, FMINP: 1 });
    expect(p.mods()).toEqual([{ id: 2, modificationObject: { IFNUM: 1, FMINP: 0.2 } }]);
  });

  it("answers an unknown record with 404 and bad values in the spec's words", async () => {
    const p = platform();
    await expect(call('GET', ONE, { scenarioID: '7', fertID: '9' }, p)).rejects.toBeInstanceOf(NotFoundError);
    await expect(call('GET', ONE, { scenarioID: '7', fertID: 'x' }, p)).rejects.toBeInstanceOf(NotFoundError);
    const err = await call('POST', ONE, { scenarioID: '7', fertID: '1' }, p, { FMINN: '', FMINP: 'a', X: 1 }).catch((e) => e);
    expect(err).toBeInstanceOf(InputError);
    expect(err.fields).toEqual({ FMINN: ['Required'], FMINP: ['Must be a number'], X: ['Unknown variable'] });
  });

  it('groups changes by record', () => {
    const m = (id: number, IFNUM: unknown) => ({ id, modificationObject: { IFNUM } });
    expect([...recordChanges([m(1, 2), m(2, 1), m(3, 2), m(4, 'x')], 'IFNUM')].map(([k, v]) => [k, v.map((c) => c.id)])).toEqual([
      [2, [1, 3]],
      [1, [2]],
    ]);
  });
});

describe('settings compared by content', () => {
  it('sees lists and objects equal by their content', () => {
    expect(sameSetting([1, 2], [1, 2])).toBe(true);
    expect(sameSetting([1, 2], [2, 1])).toBe(false);
    expect(sameSetting({ a: [1] }, { a: [1] })).toBe(true);
    expect(sameSetting(0.5, 0.5)).toBe(true);
    expect(sameSetting(Number.NaN, Number.NaN)).toBe(true);
    expect(sameSetting([1], { 0: 1 })).toBe(false);
  });

  it('keeps a list only when it differs from the default', () => {
    const list = { type: 'object', properties: { names: { type: 'array', items: { type: 'string' }, maxItems: 2 } } };
    expect(changedSettings(list, { names: ['A', 'B'] }, { names: ['A', 'B'] })).toEqual({});
    expect(changedSettings(list, { names: ['B'] }, { names: ['A', 'B'] })).toEqual({ names: ['B'] });
  });

  it("gives a one-setting answer's extra the setting", async () => {
    const s = defineEditorServer(pkg, {
      schema: { type: 'object', properties: { names: { type: 'array', items: { type: 'string' } } } },
      apply: () => {},
      single: { url: 'scenarios/print/x/{scenarioID}', defaults: () => ({ names: ['A'] }), extra: (_p, setting) => ({ selected: setting.item.names, hasMods: setting.hasChanges }) },
    });
    const p = { scenarios: { datasetInputs: async () => ({}), getMods: async () => [{ id: 4, modificationObject: { names: ['B'] } }] } } as unknown as PlatformServices;
    const out = (await s.routes![0]!.handler({ params: { scenarioID: '7' }, query: {}, body: undefined, platform: p })) as Record<string, unknown>;
    expect(out).toMatchObject({ item: { names: ['B'] }, default: { names: ['A'] }, selected: ['B'], hasMods: true, changes: { hasChanges: true, modID: 4 } });
  });
});

describe('applyContext', () => {
  it("tells the HRUs' ids: by default their numbers in the project", () => {
    const project = tinyProject();
    const ctx = applyContext(project, []);
    const s = project.subbasins[0]!;
    expect([ctx.hruId!(s, 0), ctx.hruId!(s, 40)]).toEqual([1, 41]);
    expect(applyContext(project, [], { hruId: (_s, i) => 100 + i }).hruId!(s, 2)).toBe(102);
  });
});
