// HRU variables to print: the options are output.hru's variables in SWAT's order (their codes
// file.cio takes), 1 to 20 in the spec's words, a default selection of 20, and `apply` writing the
// chosen codes into file.cio's HRU variable list (IPDVAB).
import { validateChange, type PlatformServices } from '@headwater/plugin-sdk/server';
import { applyContext, tinyProject } from '@headwater/plugin-sdk/server/testing';
import { defaultColumns } from '@headwater/swat/output/columns.ts';
import { formatCio, parseCio } from '@headwater/swat/txtinout/index.ts';
import { describe, expect, it } from 'vitest';
import server, { printCodes } from '../server/index.ts';
import plugin from '../src/plugin.tsx';
import { DEFAULT_SELECTION, describeHruVars, HRU_VARIABLES, schema, variableCode, type HruVarsChange } from '../src/schema.ts';

describe('the options', () => {
  it("are output.hru's variables in SWAT2012 rev 637's order (the built-in engine's), each described", () => {
    expect(HRU_VARIABLES.map((v) => v.column)).toEqual(defaultColumns('hru', 637));
    for (const v of HRU_VARIABLES) expect(v.description.length, v.name).toBeGreaterThan(3);
    expect(new Set(HRU_VARIABLES.map((v) => v.name)).size).toBe(HRU_VARIABLES.length);
    expect([variableCode('PRECIP'), variableCode('ET'), variableCode('SURQ_GEN'), variableCode('YLD'), variableCode('NOPE')]).toEqual([1, 6, 17, 66, undefined]);
  });

  it('start from a default selection of 20 known variables', () => {
    expect(DEFAULT_SELECTION).toHaveLength(20);
    for (const name of DEFAULT_SELECTION) expect(variableCode(name), name).toBeDefined();
  });
});

describe('the schema', () => {
  it("takes 1 to 20 known variables, in the spec's words", () => {
    expect(validateChange(schema, { variables: ['PRECIP', 'ET'] })).toEqual({});
    expect(validateChange(schema, { variables: DEFAULT_SELECTION })).toEqual({});
    expect(validateChange(schema, { variables: HRU_VARIABLES.slice(0, 21).map((v) => v.name) })).toEqual({ variables: ['Please select only 20 variables at most.'] });
    expect(validateChange(schema, { variables: [] })).toEqual({ variables: ['Please select at least one variable.'] });
    expect(validateChange(schema, {})).toEqual({ variables: ['Please select at least one variable.'] });
    expect(validateChange(schema, { variables: ['PRECIP', 'RAIN'] })).toEqual({ 'variables.1': ['Not an HRU output variable.'] });
  });

  it('is a one-setting page with the checklist', () => {
    expect(plugin.editor).toMatchObject({ mode: 'single', selection: 'none', url: 'scenarios/print/hruvars/{scenarioID}', route: '/projects/:id/scenarios/:scenarioID/hru-vars' });
    expect(plugin.editor.uiSchema).toMatchObject({ variables: { 'ui:widget': 'checklist' } });
    expect(describeHruVars({ variables: ['ET', 'PRECIP'] })).toBe('PRECIP, ET');
  });
});

describe('the page call', () => {
  it("answers the spec's response: hasMods, options, selected, defaultSelection (and the one-setting item)", async () => {
    const get = server.routes!.find((r) => r.method === 'GET')!;
    expect(get.path).toBe('/scenarios/print/hruvars/:scenarioID');
    const platform = (mods: unknown[]) => ({ scenarios: { datasetInputs: async () => ({}), getMods: async () => mods } }) as unknown as PlatformServices;
    const none = (await get.handler({ params: { scenarioID: '7' }, query: {}, body: undefined, platform: platform([]) })) as Record<string, any>;
    expect(none).toMatchObject({ hasMods: false, selected: DEFAULT_SELECTION, defaultSelection: DEFAULT_SELECTION, item: { variables: DEFAULT_SELECTION }, changes: { hasChanges: false } });
    expect(none.options).toHaveLength(78);
    expect(none.options[0]).toEqual({ name: 'PRECIP', description: 'Precipitation (mm)' });
    const saved = (await get.handler({ params: { scenarioID: '7' }, query: {}, body: undefined, platform: platform([{ id: 3, modificationObject: { variables: ['ET'] } }]) })) as Record<string, any>;
    expect(saved).toMatchObject({ hasMods: true, selected: ['ET'], item: { variables: ['ET'] }, changes: { hasChanges: true, modID: 3 } });
  });
});

describe('apply', () => {
  it("writes the chosen variables' codes, in SWAT's order, into file.cio", async () => {
    expect(printCodes(['YLD', 'PRECIP', 'ET', 'PRECIP', 'NOPE'])).toEqual([1, 6, 66, ...Array(17).fill(0)]);
    const project = tinyProject();
    expect(project.cio.IPDVAB).toEqual(Array(20).fill(0));
    await server.editor.apply(applyContext<HruVarsChange>(project, [{ modificationObject: { variables: ['PET'] } }, { modificationObject: { variables: ['SURQ_GEN', 'PRECIP', 'WYLD'] } }]));
    expect(project.cio.IPDVAB).toEqual([1, 17, 22, ...Array(17).fill(0)]);
    expect(parseCio(formatCio(project.cio)).IPDVAB).toEqual(project.cio.IPDVAB);
  });

  it('leaves file.cio printing every variable without a change', async () => {
    const project = tinyProject();
    await server.editor.apply(applyContext<HruVarsChange>(project, []));
    expect(project.cio.IPDVAB).toEqual(Array(20).fill(0));
  });
});
