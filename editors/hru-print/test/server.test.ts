// HRUs to print: 1 to 20 HRUs in the spec's words; the page's call (the selection in effect, by
// default the project's first 20 HRUs, which a run prints without a change); the POST's checks; and
// `apply` writing the chosen HRUs' numbers into file.cio's print list (IPDHRU).
import { InputError, validateChange, type PlatformServices, type ProjectHru } from '@headwater/plugin-sdk/server';
import { applyContext, tinyProject } from '@headwater/plugin-sdk/server/testing';
import { formatCio, parseCio } from '@headwater/swat/txtinout/index.ts';
import { describe, expect, it } from 'vitest';
import server from '../server/index.ts';
import plugin from '../src/plugin.tsx';
import { describeHruPrint, schema, type HruPrintChange } from '../src/schema.ts';

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('the schema', () => {
  it("takes 1 to 20 HRUs, in the spec's words", () => {
    expect(validateChange(schema, { hrus: [5, 7] })).toEqual({});
    expect(validateChange(schema, { hrus: range(1, 21) })).toEqual({ hrus: ['Please select only 20 HRUs at most.'] });
    expect(validateChange(schema, { hrus: [] })).toEqual({ hrus: ['Please select at least one HRU.'] });
    expect(validateChange(schema, { hrus: ['a'] }, { partial: true })).toEqual({ 'hrus.0': ['Must be a number'] });
    expect(describeHruPrint({ hrus: [1, 2, 3] })).toBe('3 HRUs');
  });

  it('is a one-setting page with the HRU picker', () => {
    expect(plugin.editor).toMatchObject({ mode: 'single', url: 'scenarios/print/hruprint/{scenarioID}', route: '/projects/:id/scenarios/:scenarioID/hru-print' });
    expect(plugin.editor.uiSchema).toMatchObject({ hrus: { 'ui:field': 'hruPicker' } });
  });
});

/** A project of 45 HRUs (ids 501..545) and its HruPrint changes, in memory. */
function platform(initial: number[][] = []) {
  const hrus: ProjectHru[] = range(0, 45).map((i) => ({ id: 501 + i, number: i + 1, subbasin: String(1 + Math.floor(i / 15)), subbasinNumber: 1 + Math.floor(i / 15), subbasinId: 100 + Math.floor(i / 15), landuse: 'AGRL', soil: 'S', slopeClass: '0-9999', slope: 0.02, slopeLength: 90, area: 1, fraction: 0.1 }));
  let mods = initial.map((ids, i) => ({ id: i + 1, modificationObject: { hrus: ids } }));
  const calls: string[] = [];
  const services = {
    scenarios: {
      hrus: async () => hrus,
      getMods: async () => mods,
      replaceMods: async (_s: number, _t: string, body: { modificationObject: { hrus: number[] } }) => {
        calls.push(`replace ${body.modificationObject.hrus.join(',')}`);
        mods = [{ id: 9, modificationObject: body.modificationObject }];
        return { value: true, id: 9 };
      },
      deleteModType: async () => {
        calls.push('delete');
        mods = [];
        return { value: true, deleted: 1 };
      },
    },
  } as unknown as PlatformServices;
  return { services, calls, mods: () => mods };
}
const handler = (method: string) => server.routes!.find((r) => r.method === method && r.path === '/scenarios/print/hruprint/:scenarioID')!.handler;
const get = (p: ReturnType<typeof platform>) => handler('GET')({ params: { scenarioID: '7' }, query: {}, body: undefined, platform: p.services }) as Promise<any>;
const post = (p: ReturnType<typeof platform>, body: unknown) => handler('POST')({ params: { scenarioID: '7' }, query: {}, body, platform: p.services }) as Promise<any>;

describe('the page call', () => {
  it('answers the first 20 HRUs without a selection, and the saved ones with it', async () => {
    const none = await get(platform());
    expect(none).toMatchObject({ item: { hrus: range(501, 20) }, default: { hrus: range(501, 20) }, hasMods: false, changes: { hasChanges: false } });
    expect(none.selected.map((r: ProjectHru) => r.id)).toEqual(range(501, 20));
    expect(none.selected[0]).toMatchObject({ subbasin: '1', landuse: 'AGRL', soil: 'S', slopeClass: '0-9999', slope: 0.02, slopeLength: 90, area: 1, fraction: 0.1 });
    // a saved id of an HRU the project no longer has is left out
    const saved = await get(platform([[540, 502, 999]]));
    expect(saved).toMatchObject({ item: { hrus: [540, 502] }, hasMods: true, changes: { hasChanges: true, modID: 1 } });
    expect(saved.selected.map((r: ProjectHru) => r.id)).toEqual([502, 540]);
  });

  it('keeps a selection in HRU order, refuses others, and removes it when it is the default', async () => {
    const p = platform();
    await post(p, { hrus: [540, 502, 521] });
    expect(p.calls).toEqual(['replace 502,521,540']);
    const tooMany = await post(p, { hrus: range(501, 21) }).catch((e) => e);
    expect(tooMany).toBeInstanceOf(InputError);
    expect(tooMany.fields).toEqual({ hrus: ['Please select only 20 HRUs at most.'] });
    const foreign = await post(p, { hrus: [502, 7] }).catch((e) => e);
    expect(foreign.fields).toEqual({ hrus: ['Not an HRU of this project: 7'] });
    await post(p, { hrus: range(501, 20).reverse() });
    expect(p.calls.at(-1)).toBe('delete');
  });
});

describe('apply', () => {
  it("writes the chosen HRUs' numbers into file.cio, in order", async () => {
    const project = tinyProject();
    // without a selection a run prints the project's first 20 HRUs
    expect(project.cio.IPDHRU).toEqual(range(1, 20));
    // the test context's HRU ids are the HRUs' numbers; a run's are the project HRU ids
    await server.editor.apply(applyContext<HruPrintChange>(project, [{ modificationObject: { hrus: [41, 3, 5, 999] } }]));
    expect(project.cio.IPDHRU).toEqual([3, 5, 41, ...Array(17).fill(0)]);
    expect(parseCio(formatCio(project.cio)).IPDHRU).toEqual(project.cio.IPDHRU);
  });

  it('maps the platform ids to numbers', async () => {
    const project = tinyProject();
    await server.editor.apply(applyContext<HruPrintChange>(project, [{ modificationObject: { hrus: [7010, 7040] } }], { hruId: (_s, i) => 7000 + i }));
    expect(project.cio.IPDHRU.slice(0, 3)).toEqual([11, 41, 0]);
  });

  it('keeps the default without a change, or when no chosen HRU is left', async () => {
    const project = tinyProject();
    await server.editor.apply(applyContext<HruPrintChange>(project, []));
    expect(project.cio.IPDHRU).toEqual(range(1, 20));
    await server.editor.apply(applyContext<HruPrintChange>(project, [{ modificationObject: { hrus: [999] } }]));
    expect(project.cio.IPDHRU).toEqual(range(1, 20));
  });
});
