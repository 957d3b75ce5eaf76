// General management's own behaviour: the schema's conditional rules (spec 2 §5), what a save
// sends, and what `apply` writes into the .mgt files. (Its route, table and server half are
// checked for every editor by plugin-sdk/test/editors.contract.test.tsx.)
import { validateChange } from '@headwater/plugin-sdk/server';
import { applyContext, tinyProject } from '@headwater/plugin-sdk/server/testing';
import { describe, expect, it } from 'vitest';
import server, { applyToMgt, formLists, generalValues } from '../server/index.ts';
import { describeMgt1, schema, toModificationObject, visibleFields, type Mgt1Change } from '../src/schema.ts';

const whole: Mgt1Change = { PLANT_ID: 0, IGRO: 0, BIOMIX: 0.2, CurveNumberEditMethod: 1, CN2: 77, USLE_P: 1, BIO_MIN: 0, FILTERW: 0, URBLU: 0, IRRSC: 0, DDRAIN: 0, TDRAIN: 0, GDRAIN: 0, DEP_IMP: 6000 };

describe('the general management schema', () => {
  it('takes a whole form and requires the initial plant values only with a crop (spec 2 §5)', () => {
    expect(validateChange(schema, whole)).toEqual({});
    expect(validateChange(schema, { ...whole, PLANT_ID: 66 })).toEqual({ LAI_INIT: ['Required'], BIO_INIT: ['Required'], PHU_PLT: ['Required'] });
    expect(validateChange(schema, { ...whole, PLANT_ID: 66, LAI_INIT: 0, BIO_INIT: 0, PHU_PLT: 1500 })).toEqual({});
  });

  it('requires the urban method with an urban land type, the source fields with a source in the watershed', () => {
    expect(validateChange(schema, { ...whole, URBLU: 2 })).toEqual({ IURBAN: ['Required'] });
    expect(validateChange(schema, { ...whole, IRRSC: 3 })).toEqual({ IRRNO: ['Required'], FLOWMIN: ['Required'], DIVMAX: ['Required'], FLOWFR: ['Required'] });
    // spec 2 §9: 0 and 5 need no source location
    expect(validateChange(schema, { ...whole, IRRSC: 5 })).toEqual({});
  });

  it('sets CN2 or adjusts it by -10 to 10 percent', () => {
    expect(validateChange(schema, { ...whole, CN2: 99 })).toEqual({ CN2: ['Must be between 35 and 98'] });
    const { CN2: _, ...noCn } = whole;
    expect(validateChange(schema, { ...noCn, CurveNumberEditMethod: 2 })).toEqual({ CN2Adjust: ['Required'] });
    expect(validateChange(schema, { ...noCn, CurveNumberEditMethod: 2, CN2Adjust: 12 })).toEqual({ CN2Adjust: ['Must be between -10 and 10'] });
    expect(validateChange(schema, { CN2Adjust: 0 }, { partial: true })).toEqual({ CN2Adjust: ['A value of zero will result in no change. Please enter a number greater or less than 10.'] });
    // as saved: only changed values
    expect(validateChange(schema, { DDRAIN: 1000 }, { partial: true })).toEqual({});
    expect(validateChange(schema, { BIOMIX: 2 }, { partial: true })).toEqual({ BIOMIX: ['Must be between 0 and 1'] });
  });

  it('shows the fields of spec 2 §5', () => {
    expect(visibleFields(whole).has('LAI_INIT')).toBe(false);
    expect(visibleFields({ ...whole, PLANT_ID: 3 }).has('LAI_INIT')).toBe(true);
    expect(visibleFields({ ...whole, IRRSC: 5 }).has('IRRNO')).toBe(false);
    expect(visibleFields({ ...whole, IRRSC: 1 }).has('IRRNO')).toBe(true);
    expect(visibleFields({ ...whole, IRRSC: 1 }).has('FLOWFR')).toBe(true);
    expect(visibleFields({ ...whole, URBLU: 1 }).has('IURBAN')).toBe(true);
    expect(visibleFields({ ...whole, CurveNumberEditMethod: 2 }).has('CN2')).toBe(false);
  });

  it('sends a section together, the curve number with its method', () => {
    expect(toModificationObject({ DDRAIN: 1000 }, { ...whole, DDRAIN: 1000, TDRAIN: 24, GDRAIN: 48, DEP_IMP: 1500 })).toEqual({ DDRAIN: 1000, TDRAIN: 24, GDRAIN: 48, DEP_IMP: 1500 });
    expect(toModificationObject({ USLE_P: 0.5 }, { ...whole, USLE_P: 0.5 })).toEqual({ USLE_P: 0.5 });
    expect(toModificationObject({ CurveNumberEditMethod: 2, CN2Adjust: -5 }, { ...whole, CurveNumberEditMethod: 2, CN2Adjust: -5 })).toEqual({ CurveNumberEditMethod: 2, CN2Adjust: -5 });
    expect(toModificationObject({ PLANT_ID: 66 }, { ...whole, PLANT_ID: 66, LAI_INIT: 0.5, BIO_INIT: 100, PHU_PLT: 1400 })).toEqual({ PLANT_ID: 66, LAI_INIT: 0.5, BIO_INIT: 100, PHU_PLT: 1400, IGRO: 1 });
    expect(describeMgt1({ CurveNumberEditMethod: 2, CN2Adjust: -5, DDRAIN: 1000 })).toBe('CN2 -5%, DDRAIN 1000');
  });
});

describe('apply', () => {
  it('writes the tile drain and the curve number of the selected HRUs only', async () => {
    const project = tinyProject();
    const before = structuredClone(project);
    await server.editor.apply(
      applyContext<Mgt1Change>(project, [
        { landuses: ['AGRL'], modificationObject: { DDRAIN: 1000, TDRAIN: 24, GDRAIN: 48, DEP_IMP: 1500 } },
        { landuses: ['AGRL'], modificationObject: { CurveNumberEditMethod: 2, CN2Adjust: -10 } },
      ]),
    );
    const hrus = project.subbasins[0]!.hrus;
    let agrl = 0;
    hrus.forEach((h, i) => {
      const was = before.subbasins[0]!.hrus[i]!.mgt!;
      if (/Luse:AGRL/.test(h.mgt!.title)) {
        agrl++;
        expect(h.mgt!).toMatchObject({ DDRAIN: 1000, TDRAIN: 24, GDRAIN: 48 });
        expect(h.hru!.DEP_IMP).toBe(1500);
        expect(h.mgt!.CN2).toBeCloseTo(Math.round(was.CN2 * 0.9 * 100) / 100, 6);
        expect(h.mgt!.operations).toEqual(was.operations);
      } else {
        expect(h.mgt).toEqual(was);
        expect(h.hru).toEqual(before.subbasins[0]!.hrus[i]!.hru);
      }
    });
    expect(agrl).toBe(6);
  });

  it('plants a crop at the start or none, keeps values within SWAT\'s ranges', () => {
    const mgt = structuredClone(tinyProject().subbasins[0]!.hrus[0]!.mgt!);
    applyToMgt(mgt, { PLANT_ID: 66, LAI_INIT: 0.5, BIO_INIT: 200, PHU_PLT: 1400 });
    expect(mgt).toMatchObject({ IGRO: 1, PLANT_ID: 66, LAI_INIT: 0.5, BIO_INIT: 200, PHU_PLT: 1400 });
    applyToMgt(mgt, { PLANT_ID: 0 });
    expect(mgt).toMatchObject({ IGRO: 0, PLANT_ID: 0, LAI_INIT: 0, BIO_INIT: 0, PHU_PLT: 0 });
    applyToMgt(mgt, { CurveNumberEditMethod: 1, CN2: 98 });
    applyToMgt(mgt, { CurveNumberEditMethod: 2, CN2Adjust: 10 });
    expect(mgt.CN2).toBe(98);
    applyToMgt(mgt, { IRRSC: 3, IRRNO: 1, FLOWMIN: 0, DIVMAX: 0, FLOWFR: 1 });
    applyToMgt(mgt, { IRRSC: 5 });
    expect(mgt).toMatchObject({ IRRSC: 5, IRRNO: 0, FLOWFR: 0 });
    expect(generalValues(mgt)).toMatchObject({ CurveNumberEditMethod: 1, IRRSC: 5, CN2: 98 });
  });

  it('answers values the form takes as they are: every HRU of the demo validates as a whole form', () => {
    for (const h of tinyProject().subbasins[0]!.hrus) expect(validateChange(schema, generalValues(h.mgt!, h.hru as never)), h.mgt!.title).toEqual({});
  });

  it('lists the dataset\'s plants and urban types', () => {
    const lists = formLists({ databases: { plant: [{ ICNUM: 66, CPNM: 'PNUT' }], urban: [{ IUNUM: 2, URBNAME: 'URMD', URBFLNM: 'Residential-Medium Density', URBCN2: 98 }] } });
    expect(lists.plantList).toEqual([{ value: 0, text: 'No crop growing' }, { value: 66, text: 'PNUT (66)' }]);
    expect(lists.urbanList[1]).toEqual({ value: 2, text: 'URMD - Residential-Medium Density (2)', cn2: 98 });
    expect(lists.irrscList.map((o) => o.value)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
