// The fertilizer editor's own behaviour: its schema in the spec's words (every variable required
// and numeric, the range shown but not enforced), the records it lists (the demo dataset's
// fert.dat), and `apply` writing a fertilizer's values into fert.dat. (Route, table, pages and the
// three calls: plugin-sdk/test/editors.contract.test.tsx.)
import { validateChange } from '@headwater/plugin-sdk/server';
import { applyContext, tinyProject } from '@headwater/plugin-sdk/server/testing';
import { formatFertDat, parseFertDat } from '@headwater/swat/txtinout/index.ts';
import { describe, expect, it } from 'vitest';
import server, { fertRecords } from '../server/index.ts';
import plugin from '../src/plugin.tsx';
import { describeFert, fertName, schema, uiSchema, type FertChange } from '../src/schema.ts';

const FIELDS = ['FMINN', 'FMINP', 'FORGN', 'FORGP', 'FNH3N'];

describe('fertilizer schema', () => {
  it('has the spec variables, each required and numeric, the range shown but not enforced', () => {
    const all = Object.fromEntries(FIELDS.map((f) => [f, 0.5]));
    expect(validateChange(schema, all)).toEqual({});
    expect(validateChange(schema, { ...all, FMINN: 1.5, FORGN: -1 })).toEqual({});
    expect(validateChange(schema, {})).toEqual(Object.fromEntries(FIELDS.map((f) => [f, ['Required']])));
    expect(validateChange(schema, { FMINN: '0.5', FOO: 1 }, { partial: true })).toEqual({ FMINN: ['Must be a number'], FOO: ['Unknown variable'] });
    expect(uiSchema.FMINN['ui:help']).toBe('Units: kg min-N/kg fertilizer · Range: 0 to 1');
  });

  it('names the fertilizers as the SWAT database does', () => {
    expect(fertName('Elem-N')).toBe('Elemental Nitrogen');
    expect(fertName('ANH-NH3')).toBe('Anhydrous Ammonia');
    expect(fertName('DAIRY-FR')).toBe('Dairy - Fresh Manure');
    expect(fertName('28-10-10')).toBe('Fertilizer 28-10-10 (N-P2O5-K2O, percent)');
    expect(fertName('CUSTOM')).toBe('CUSTOM');
  });

  it('lists its records 20 a page with 3 decimals, each on its own page (FertEdit)', () => {
    expect(plugin.editor).toMatchObject({ mode: 'records', selection: 'none', url: 'scenarios/general/fert/{scenarioID}/{fertID}' });
    expect(plugin.editor.records).toMatchObject({ listUrl: 'scenarios/general/ferts/{scenarioID}', route: 'FertEdit', param: 'fertID', path: '/projects/:id/scenarios/:scenarioID/fert/:fertID' });
    expect(plugin.editor.records!.perPage ?? 20).toBe(20);
    expect(plugin.editor.records!.decimals ?? 3).toBe(3);
  });

  it('describes a saved change', () => {
    expect(describeFert({ IFNUM: 2, FMINN: 0.5, FORGP: 0.1 })).toBe('Fertilizer 2: FMINN 0.5; FORGP 0.1');
    expect(server.editor.describe!({})).toBe('Fertilizer ?');
  });
});

describe('records and apply on the demo dataset', () => {
  it("lists the 54 fertilizers of the demo dataset's fert.dat with their values", () => {
    const records = fertRecords(tinyProject().databases!.fert);
    expect(records).toHaveLength(54);
    expect(records[0]).toEqual({
      id: 1,
      name: 'Elem-N',
      description: 'Elemental Nitrogen',
      values: { FMINN: 1, FMINP: 0, FORGN: 0, FORGP: 0, FNH3N: 0 },
      info: { FERTNM: 'Elem-N', FERTNAME: 'Elemental Nitrogen' },
    });
    expect(records[43]!.name).toBe('DAIRY-FR');
  });

  it('writes a change into its fertilizer only, the later change winning, and fert.dat carries it', async () => {
    const project = tinyProject();
    const before = structuredClone(project.databases!.fert);
    await server.editor.apply(
      applyContext<FertChange>(project, [
        { modificationObject: { IFNUM: 2, FMINN: 0.3, FORGN: 0.05 } },
        { modificationObject: { IFNUM: 2, FMINN: 0.5 } },
        // a fertilizer the dataset does not have: nothing to write
        { modificationObject: { IFNUM: 99, FMINN: 0.5 } },
      ]),
    );
    const fert = project.databases!.fert;
    expect(fert[1]).toEqual({ ...before[1], FMINN: 0.5, FORGN: 0.05 });
    expect(fert.filter((_, i) => i !== 1)).toEqual(before.filter((_, i) => i !== 1));
    const back = parseFertDat(formatFertDat(fert));
    expect(back[1]).toMatchObject({ IFNUM: 2, FERTNM: 'Elem-P', FMINN: 0.5, FMINP: 1, FORGN: 0.05 });
  });

  it('writes nothing without changes', async () => {
    const project = tinyProject();
    const before = structuredClone(project.databases);
    await server.editor.apply(applyContext<FertChange>(project, []));
    expect(project.databases).toEqual(before);
  });
});
