// The urban editor's own behaviour: its schema in the spec's words, the records it lists (the demo
// dataset's urban.dat) and `apply` writing an urban type's values into urban.dat.
import { validateChange } from '@headwater/plugin-sdk/server';
import { applyContext, tinyProject } from '@headwater/plugin-sdk/server/testing';
import { formatUrbanDat, parseUrbanDat } from '@headwater/swat/txtinout/index.ts';
import { describe, expect, it } from 'vitest';
import server, { urbanRecords } from '../server/index.ts';
import plugin from '../src/plugin.tsx';
import { describeUrban, schema, type UrbanChange } from '../src/schema.ts';

const FIELDS = ['FIMP', 'FCIMP', 'CURBDEN', 'URBCOEF', 'DIRTMX', 'THALF', 'TNCONC', 'TPCONC', 'TNO3CONC', 'URBCN2'];

describe('urban schema', () => {
  it('has the spec variables, each required and numeric, the range shown but not enforced', () => {
    const all = Object.fromEntries(FIELDS.map((f) => [f, 1]));
    expect(validateChange(schema, all)).toEqual({});
    expect(validateChange(schema, { ...all, FIMP: 2 })).toEqual({});
    expect(validateChange(schema, {})).toEqual(Object.fromEntries(FIELDS.map((f) => [f, ['Required']])));
    expect(validateChange(schema, { FCIMP: null }, { partial: true })).toEqual({ FCIMP: ['Must be a number'] });
  });

  it('lists its records on the spec pages', () => {
    expect(plugin.editor).toMatchObject({ mode: 'records', url: 'scenarios/general/urban/{scenarioID}/{urbanID}', route: '/projects/:id/scenarios/:scenarioID/urban' });
    expect(plugin.editor.records).toMatchObject({ listUrl: 'scenarios/general/urbans/{scenarioID}', route: 'UrbanEdit', param: 'urbanID', path: '/projects/:id/scenarios/:scenarioID/urban/:urbanID' });
    expect(describeUrban({ IUNUM: 4, FIMP: 0.3, FCIMP: 0.25 })).toBe('Urban type 4: FIMP 0.3; FCIMP 0.25');
  });
});

describe('records and apply on the demo dataset', () => {
  it("lists the 9 urban types of the demo dataset's urban.dat", () => {
    const records = urbanRecords(tinyProject().databases!.urban);
    expect(records.map((r) => r.name)).toEqual(['URHD', 'URMD', 'URML', 'URLD', 'UCOM', 'UIDU', 'UTRN', 'UINS', 'URBN']);
    expect(records[3]).toMatchObject({ id: 4, description: 'Residential-Low Density', values: { FIMP: 0.12, FCIMP: 0.1, URBCN2: 98 } });
  });

  it('writes a change into its urban type only, and urban.dat carries it', async () => {
    const project = tinyProject();
    const before = structuredClone(project.databases!.urban);
    await server.editor.apply(applyContext<UrbanChange>(project, [{ modificationObject: { IUNUM: 4, FIMP: 0.5, FCIMP: 0.45, TNCONC: 500 } }]));
    const urban = project.databases!.urban;
    expect(urban[3]).toEqual({ ...before[3], FIMP: 0.5, FCIMP: 0.45, TNCONC: 500 });
    expect(urban.filter((_, i) => i !== 3)).toEqual(before.filter((_, i) => i !== 3));
    expect(parseUrbanDat(formatUrbanDat(urban))[3]).toMatchObject({ IUNUM: 4, URBNAME: 'URLD', FIMP: 0.5, FCIMP: 0.45, TNCONC: 500 });
  });

  it('writes nothing without changes', async () => {
    const project = tinyProject();
    const before = structuredClone(project.databases);
    await server.editor.apply(applyContext<UrbanChange>(project, []));
    expect(project.databases).toEqual(before);
  });
});
