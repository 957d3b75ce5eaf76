import { SUBBASIN_SAVE_URL } from '@headwater/plugin-sdk';
import { validateChange } from '@headwater/plugin-sdk/server';
import { describe, expect, it } from 'vitest';
import plugin from '../src/plugin.tsx';
import { schema } from '../src/schema.ts';

// Spec 2 §5, verbatim (its '10' included).
const ZERO = 'A value of zero will result in no change. Please enter a number greater or less than 10.';

describe('curve-number editor', () => {
  it('accepts a change within -10 to 10, ends included', () => {
    for (const value of [5, -10, 10, 0.5, -3.25]) expect(validateChange(schema, { value }), String(value)).toEqual({});
  });

  it('names a missing, out-of-range or zero value in the spec wording', () => {
    expect(validateChange(schema, {})).toEqual({ value: ['Required'] });
    expect(validateChange(schema, { value: 11 })).toEqual({ value: ['Must be between -10 and 10'] });
    expect(validateChange(schema, { value: -10.5 })).toEqual({ value: ['Must be between -10 and 10'] });
    expect(validateChange(schema, { value: 0 })).toEqual({ value: [ZERO] });
  });

  it('says the same when platform-api checks a saved change (only the sent fields)', () => {
    expect(validateChange(schema, { value: 0 }, { partial: true })).toEqual({ value: [ZERO] });
    expect(validateChange(schema, { value: 11 }, { partial: true })).toEqual({ value: ['Must be between -10 and 10'] });
    expect(validateChange(schema, {}, { partial: true })).toEqual({});
  });

  it('serves its page at the route, selects HRUs and saves through the subbasin call', () => {
    expect(plugin.editor).toMatchObject({ modTable: 'Cn2Percent', selection: 'hru', saveUrl: SUBBASIN_SAVE_URL, route: '/projects/:id/scenarios/:scenarioID/curve-number' });
    expect(SUBBASIN_SAVE_URL).toBe('scenarios/subbasin/save/{scenarioID}/{modTable}');
  });
});
