import { validateChange } from '@headwater/plugin-sdk/editor/validate.ts';
import { SUBBASIN_SAVE_URL } from '@headwater/plugin-sdk';
import { describe, expect, it } from 'vitest';
import pkg from '../package.json' with { type: 'json' };
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

  it('gives the server the zero message too (platform-api reads a field\'s own `messages`)', () => {
    const value = schema.properties!.value as { messages?: Record<string, string> };
    expect(value.messages).toEqual({ not: ZERO });
  });

  it('serves its page at the route, selects HRUs and saves through the subbasin call', () => {
    expect(Object.keys(plugin.pages)).toEqual(pkg.headwater.routes.map((r) => r.path));
    expect(plugin.editor).toMatchObject({ modTable: pkg.headwater.modTable, selection: 'hru', saveUrl: SUBBASIN_SAVE_URL, route: '/projects/:id/scenarios/:scenarioID/curve-number' });
    expect(SUBBASIN_SAVE_URL).toBe('scenarios/subbasin/save/{scenarioID}/{modTable}');
  });
});
