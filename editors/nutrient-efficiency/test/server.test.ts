// Nutrient efficiency: values 0 to 2 in the spec's words; the land uses it offers (those whose
// management schedules auto-fertilization: URLD in the demo dataset); the page's call; and `apply`
// writing AUTO_EFF into the auto-fertilization operations of those land uses' HRUs.
import { InputError, validateChange, type PlatformServices, type ProjectLandUse } from '@headwater/plugin-sdk/server';
import { applyContext, hruKeys, tinyProject } from '@headwater/plugin-sdk/server/testing';
import { formatMgt, parseMgt } from '@headwater/swat/txtinout/index.ts';
import type { AutoFertilizationOperation, Mgt } from '@headwater/swat/txtinout/types.ts';
import { describe, expect, it } from 'vitest';
import server, { autoFertilized } from '../server/index.ts';
import plugin from '../src/plugin.tsx';
import { describeAutoEff, NO_AUTO_FERTILIZATION, schema, type AutoEffChange } from '../src/schema.ts';

const autoOps = (mgt: Mgt) => mgt.operations.filter((o): o is AutoFertilizationOperation => o.op === 11);

describe('the schema', () => {
  it("takes a value per land use from 0 to 2, in the spec's words", () => {
    expect(validateChange(schema, { items: [{ name: 'URLD', value: 1.5 }, { name: 'AGRL', value: 0 }] })).toEqual({});
    expect(validateChange(schema, { items: [{ name: 'URLD', value: 2.5 }] })).toEqual({ 'items.0.value': ['Must be between 0 and 2'] });
    expect(validateChange(schema, { items: [{ name: 'URLD' }] })).toEqual({ 'items.0.value': ['Required'] });
    expect(validateChange(schema, {})).toEqual({ items: ['Required'] });
    expect(describeAutoEff({ items: [{ name: 'URLD', value: 1.5 }] })).toBe('URLD 1.5');
  });

  it('is a one-setting page with the value table and the notice', () => {
    expect(plugin.editor).toMatchObject({ mode: 'single', url: 'scenarios/general/nutrientefficiency/{scenarioID}', route: '/projects/:id/scenarios/:scenarioID/nutrient-efficiency' });
    expect(plugin.editor.uiSchema).toMatchObject({ items: { 'ui:field': 'valueTable', 'ui:options': { emptyText: NO_AUTO_FERTILIZATION } } });
  });
});

/** The land uses of the demo dataset's subbasin 1 as the platform answers them. */
function landUses(): ProjectLandUse[] {
  const project = tinyProject();
  const out = new Map<string, ProjectLandUse>();
  for (const s of project.subbasins)
    for (const hru of s.hrus) {
      const { landuse } = hruKeys(hru);
      const lu = out.get(landuse) ?? { code: landuse, name: `${landuse} name`, hrus: 0, mgt: hru.mgt };
      lu.hrus++;
      out.set(landuse, lu);
    }
  return [...out.values()];
}

describe('the land uses', () => {
  it('are those auto-fertilized: URLD in the demo dataset, with the AUTO_EFF of its management (0: SWAT uses 1.3)', () => {
    expect(autoFertilized(landUses())).toEqual([{ name: 'URLD', description: 'URLD name', value: 0 }]);
    expect(autoFertilized([{ code: 'AGRL', name: 'Agriculture', hrus: 3 }])).toEqual([]);
  });
});

function platform(mods: { id: number; modificationObject: unknown }[] = []) {
  const calls: unknown[] = [];
  const services = {
    scenarios: {
      landUses: async () => landUses(),
      getMods: async () => mods,
      replaceMods: async (_s: number, _t: string, body: { modificationObject: unknown }) => (calls.push(body.modificationObject), { value: true, id: 5 }),
      deleteModType: async () => (calls.push('delete'), { value: true, deleted: 1 }),
    },
  } as unknown as PlatformServices;
  return { services, calls };
}
const handler = (method: string) => server.routes!.find((r) => r.method === method && r.path === '/scenarios/general/nutrientefficiency/:scenarioID')!.handler;

describe('the page call', () => {
  it("answers items, descriptions, autoEffLanduses and changes (spec 2 §3)", async () => {
    const out = (await handler('GET')({ params: { scenarioID: '7' }, query: {}, body: undefined, platform: platform([{ id: 4, modificationObject: { items: [{ name: 'URLD', value: 1.5 }] } }]).services })) as Record<string, any>;
    expect(out).toMatchObject({
      items: [{ name: 'URLD', value: 1.5 }],
      item: { items: [{ name: 'URLD', value: 1.5 }] },
      default: { items: [{ name: 'URLD', value: 0 }] },
      autoEffLanduses: ['URLD'],
      changes: { hasChanges: true, modID: 4 },
    });
    expect(out.descriptions).toMatchObject({ URLD: 'URLD name', AGRL: 'AGRL name' });
  });

  it('takes the list of items (or { items }), keeps the changed values, refuses others', async () => {
    const p = platform();
    const post = (body: unknown) => handler('POST')({ params: { scenarioID: '7' }, query: {}, body, platform: p.services });
    await post([{ name: 'URLD', value: 1.5 }]);
    await post({ items: [{ name: 'URLD', value: 0 }] });
    expect(p.calls).toEqual([{ items: [{ name: 'URLD', value: 1.5 }] }, 'delete']);
    const range = (await Promise.resolve(post([{ name: 'URLD', value: 3 }])).catch((e: unknown) => e)) as InputError;
    expect(range).toBeInstanceOf(InputError);
    expect(range.fields).toEqual({ 'items.0.value': ['Must be between 0 and 2'] });
    const other = (await Promise.resolve(post([{ name: 'AGRL', value: 1 }])).catch((e: unknown) => e)) as InputError;
    expect(other.fields).toEqual({ items: ['Not an auto-fertilized land use of this project: AGRL'] });
  });
});

describe('apply', () => {
  it("writes AUTO_EFF into the URLD HRUs' auto-fertilization, and the .mgt carries it", async () => {
    const project = tinyProject();
    const hrus = project.subbasins.flatMap((s) => s.hrus);
    const urld = hrus.filter((h) => hruKeys(h).landuse === 'URLD');
    expect(urld.length).toBeGreaterThan(0);
    const others = structuredClone(hrus.filter((h) => hruKeys(h).landuse !== 'URLD').map((h) => h.mgt));
    await server.editor.apply(applyContext<AutoEffChange>(project, [{ modificationObject: { items: [{ name: 'URLD', value: 1.5 }] } }]));
    for (const h of urld) {
      expect(autoOps(h.mgt!).map((o) => o.AUTO_EFF)).toEqual([1.5]);
      expect(autoOps(parseMgt(formatMgt(h.mgt!))).map((o) => o.AUTO_EFF)).toEqual([1.5]);
    }
    expect(hrus.filter((h) => hruKeys(h).landuse !== 'URLD').map((h) => h.mgt)).toEqual(others);
  });

  it('writes nothing without changes', async () => {
    const project = tinyProject();
    const before = structuredClone(project.subbasins);
    await server.editor.apply(applyContext<AutoEffChange>(project, []));
    expect(project.subbasins).toEqual(before);
  });
});
