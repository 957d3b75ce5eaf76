// The data of the editor against spec 2 §3 'Basin variables' and the SWAT2012 basins.bsn.
import { BSN_SCHEMA } from '@headwater/swat/txtinout/schemas.ts';
import { describe, expect, it } from 'vitest';
import { BSN_BY_NAME, BSN_TABS, BSN_VARIABLES, bsnFileName, definitionsByTab, formatRange } from '../src/definitions.ts';

// spec 2 §3, verbatim
const SPEC_TABS = {
  waterBalance: ['SFTMP', 'SMTMP', 'SMFMX', 'SMFMN', 'TIMP', 'IPET', 'ESCO', 'EPCO'],
  surfaceRunoff: ['ICN', 'CNCOEF', 'ICRK', 'SURLAG'],
  nutrientCycling: ['RCN', 'CDN', 'SDNCO', 'NPERCO', 'PPERCO', 'PHOSKD', 'PSP'],
  reaches: ['IRTE', 'MSK_COL1', 'MSK_COL2', 'MSK_X', 'TRNSRCH', 'EVRCH', 'IDEG', 'PRF', 'SPCON', 'SPEXP', 'IWQ', 'ADJ_PKR'],
};
const SPEC_SELECTS = {
  IPET: [[0, 'Priestley-Taylor'], [1, 'Penman/Monteith'], [2, 'Hargreaves']],
  ICN: [[0, 'soil moisture'], [1, 'plant evapotranspiration']],
  ICRK: [[0, 'no crack flow'], [1, 'crack flow']],
  IRTE: [[0, 'Variable Storage'], [1, 'Muskingum']],
  IDEG: [[0, 'no channel update'], [1, 'update']],
  IWQ: [[0, 'no in-stream transformations'], [1, 'model them']],
};

describe('basin variable definitions', () => {
  it('has every variable of the spec table, each in exactly its tab, in the spec order', () => {
    expect(BSN_TABS.map((t) => t.key)).toEqual(Object.keys(SPEC_TABS));
    expect(BSN_TABS.map((t) => t.title)).toEqual(['Water Balance', 'Surface Runoff', 'Nutrient Cycling', 'Reaches']);
    for (const [tab, names] of Object.entries(SPEC_TABS)) expect(BSN_VARIABLES.filter((v) => v.tab === tab).map((v) => v.name), tab).toEqual(names);
    expect(BSN_VARIABLES).toHaveLength(31);
    expect(new Set(BSN_VARIABLES.map((v) => v.name)).size).toBe(31);
  });

  it('has the spec select lists exactly, and only those', () => {
    const selects = Object.fromEntries(BSN_VARIABLES.filter((v) => v.options).map((v) => [v.name, v.options!.map((o) => [o.value, o.label])]));
    expect(selects).toEqual(SPEC_SELECTS);
  });

  it('gives each variable a description, units, a range and a default inside it', () => {
    for (const v of BSN_VARIABLES) {
      expect(v.description.length, v.name).toBeGreaterThan(10);
      expect(typeof v.units, v.name).toBe('string');
      expect(v.minValue, v.name).toBeLessThanOrEqual(v.maxValue);
      expect(v.default, v.name).toBeGreaterThanOrEqual(v.minValue);
      expect(v.default, v.name).toBeLessThanOrEqual(v.maxValue);
      if (v.options) expect([v.minValue, v.maxValue], v.name).toEqual([v.options[0]!.value, v.options.at(-1)!.value]);
    }
    // SWAT2012 I/O documentation defaults of a few (SWAT's own fallbacks in readbsn too)
    expect([BSN_BY_NAME.get('SURLAG')!.default, BSN_BY_NAME.get('ESCO')!.default, BSN_BY_NAME.get('CDN')!.default, BSN_BY_NAME.get('MSK_COL1')!.default]).toEqual([4, 0.95, 1.4, 0.75]);
  });

  it('writes every variable to a basins.bsn parameter (MSK_COL1/2 are MSK_CO1/2 in the file)', () => {
    const params = new Set<string>(BSN_SCHEMA.filter((e): e is Exclude<typeof e, string> => typeof e !== 'string').map((e) => e[0]));
    for (const v of BSN_VARIABLES) expect(params.has(bsnFileName(v)), v.name).toBe(true);
    expect(bsnFileName(BSN_BY_NAME.get('MSK_COL1')!)).toBe('MSK_CO1');
    expect(bsnFileName(BSN_BY_NAME.get('MSK_COL2')!)).toBe('MSK_CO2');
  });

  it('shows the range as min to max, blank when equal', () => {
    expect(formatRange({ minValue: 0.05, maxValue: 24 })).toBe('0.05 to 24');
    expect(formatRange({ minValue: 3, maxValue: 3 })).toBe('');
  });

  it('answers the definitions by tab with description, units, minValue, maxValue, default', () => {
    const d = definitionsByTab();
    expect(Object.keys(d)).toEqual(Object.keys(SPEC_TABS));
    expect(d.surfaceRunoff.map((v) => v.name)).toEqual(SPEC_TABS.surfaceRunoff);
    expect(d.surfaceRunoff[3]).toEqual({ name: 'SURLAG', description: expect.any(String), units: 'days', minValue: 0.05, maxValue: 24, default: 4 });
    expect(d.waterBalance[5]!.options).toEqual([{ value: 0, label: 'Priestley-Taylor' }, { value: 1, label: 'Penman/Monteith' }, { value: 2, label: 'Hargreaves' }]);
  });
});
