// The form schema: every variable required and numeric, ranges shown but not enforced
// (spec 2 §5), select lists as oneOf; the page in one-setting mode. (Route, manifest and the
// server half's table: plugin-sdk/test/editors.contract.test.ts, for every editor.)
import { validateChange } from '@headwater/plugin-sdk/server';
import { describe, expect, it } from 'vitest';
import { BSN_VARIABLES } from '../src/definitions.ts';
import plugin from '../src/plugin.tsx';
import { NOT_IN_LIST, schema, uiSchema } from '../src/schema.ts';

const documented = Object.fromEntries(BSN_VARIABLES.map((v) => [v.name, v.default]));

describe('bsn schema', () => {
  it('accepts the documented values, and values outside the shown range', () => {
    expect(validateChange(schema, documented)).toEqual({});
    // SURLAG's range is 0.05 to 24: displayed, not enforced
    expect(validateChange(schema, { ...documented, SURLAG: 100, ESCO: -3 })).toEqual({});
    for (const v of BSN_VARIABLES) expect(schema.properties![v.name]).not.toHaveProperty('minimum');
  });

  it('says Required for every empty variable', () => {
    const errors = validateChange(schema, {});
    expect(Object.keys(errors).sort()).toEqual(BSN_VARIABLES.map((v) => v.name).sort());
    expect(new Set(Object.values(errors).flat())).toEqual(new Set(['Required']));
  });

  it('accepts only the listed codes of a select variable', () => {
    expect(validateChange(schema, { ...documented, IPET: 2 })).toEqual({});
    // ajv fails each option's `const` and the `oneOf`: every message is the list one
    const errors = validateChange(schema, { ...documented, IPET: 3 });
    expect(Object.keys(errors)).toEqual(['IPET']);
    expect(new Set(errors.IPET)).toEqual(new Set([NOT_IN_LIST]));
    expect(schema.properties!.IRTE).toMatchObject({ type: 'number', oneOf: [{ const: 0, title: 'Variable Storage' }, { const: 1, title: 'Muskingum' }] });
  });

  it('lays the fields out in the four tabs, with units and range under each', () => {
    const tabs = (uiSchema['ui:options'] as { tabs: { title: string; fields: string[] }[] }).tabs;
    expect(tabs.map((t) => t.title)).toEqual(['Water Balance', 'Surface Runoff', 'Nutrient Cycling', 'Reaches']);
    expect(tabs.flatMap((t) => t.fields).sort()).toEqual(BSN_VARIABLES.map((v) => v.name).sort());
    expect(uiSchema.SURLAG['ui:help']).toBe('Units: days · Range: 0.05 to 24');
    expect(uiSchema.ESCO['ui:help']).toBe('Range: 0 to 1');
  });

  it('serves a one-setting page for the Bsn table', () => {
    expect(plugin.editor).toMatchObject({ modTable: 'Bsn', selection: 'none', mode: 'single', url: 'scenarios/general/bsn/{scenarioID}' });
  });
});
