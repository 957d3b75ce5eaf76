// The form's schema in the spec's words (spec 2 §5 'Weather generator', §9 ranges), the
// subbasin-and-months selection, what is sent, and the page's route.
import { changedFields, schemaDefaults } from '@headwater/plugin-sdk/schema';
import { saveBody, selectionProblem } from '@headwater/plugin-sdk/schema';
import { validateChange } from '@headwater/plugin-sdk/server';
import { describe, expect, it } from 'vitest';
import plugin from '../src/plugin.tsx';
import { describeChange, schema, WGN_FIELDS } from '../src/schema.ts';

// spec 2 §3, in its order
const SPEC_FIELDS = ['RAINHHMX', 'TMPMX', 'TMPMN', 'TMPSTDMX', 'TMPSTDMN', 'PCPMM', 'PCPSTD', 'PCPSKW', 'PR_W1', 'PR_W2', 'PCPD', 'SOLARAV', 'DEWPT', 'WNDAV'];
const zeros = () => Object.fromEntries(SPEC_FIELDS.map((k) => [k, 0]));

describe('weather generator schema', () => {
  it('has the 14 monthly fields of the spec, numbers from -100 to 100 starting at 0', () => {
    expect(WGN_FIELDS.map((f) => f.key)).toEqual(SPEC_FIELDS);
    expect(Object.keys(schema.properties!)).toEqual(SPEC_FIELDS);
    expect(schema.required).toEqual(SPEC_FIELDS);
    for (const key of SPEC_FIELDS) expect(schema.properties![key]).toMatchObject({ type: 'number', minimum: -100, maximum: 100, default: 0 });
    expect(schemaDefaults(schema)).toEqual(zeros());
  });

  it('says what a value means', () => {
    expect(schema.description).toMatch(/percent change \(-100 to 100\) of the subbasin’s weather generator \(\.wgn\) monthly statistic for the chosen months/);
    expect(schema.properties!.RAINHHMX).toMatchObject({ title: 'RAINHHMX (% change)', description: 'Maximum 0.5-hour rainfall, mm' });
    expect(schema.properties!.PR_W1).toMatchObject({ description: 'Probability of a wet day following a dry day' });
  });

  it('accepts changes within range, the bounds included', () => {
    expect(validateChange(schema, zeros())).toEqual({});
    expect(validateChange(schema, { ...zeros(), RAINHHMX: 50, TMPMN: -100, WNDAV: 100, PCPSKW: 2.5 })).toEqual({});
  });

  it("answers 'Required' for a cleared field and 'Must be between -100 and 100' out of range", () => {
    const { RAINHHMX: _cleared, ...rest } = zeros();
    expect(validateChange(schema, rest)).toEqual({ RAINHHMX: ['Required'] });
    expect(validateChange(schema, { ...zeros(), TMPMX: 100.5, PCPD: -101 })).toEqual({ TMPMX: ['Must be between -100 and 100'], PCPD: ['Must be between -100 and 100'] });
  });

  it('sends only the edited fields, as numbers', () => {
    const initial = schemaDefaults(schema);
    expect(changedFields(initial, { ...initial }, schema)).toEqual({ dirty: false, values: {} });
    expect(changedFields(initial, { ...initial, RAINHHMX: '50', TMPMX: -10 }, schema)).toEqual({ dirty: true, values: { RAINHHMX: 50, TMPMX: -10 } });
  });

  it('describes a saved change in the field order of the spec', () => {
    expect(describeChange({ TMPMX: -10, RAINHHMX: 50, Months: [6] })).toBe('RAINHHMX: +50%; TMPMX: -10%');
    expect(describeChange({ PR_W1: 12.5 })).toBe('PR_W1: +12.5%');
  });
});

describe('subbasin and month selection', () => {
  const none = { applyToAll: false, subbasins: [], landuses: [], soils: [], slopes: [], months: [] };

  it('needs at least one subbasin (or all) and one month', () => {
    expect(selectionProblem(plugin.editor.selection, none)).toBe('Select at least one subbasin');
    expect(selectionProblem(plugin.editor.selection, { ...none, subbasins: [7] })).toBe('Select at least one month');
    expect(selectionProblem(plugin.editor.selection, { ...none, applyToAll: true })).toBe('Select at least one month');
    expect(selectionProblem(plugin.editor.selection, { ...none, subbasins: [7], months: [6] })).toBeNull();
    expect(selectionProblem(plugin.editor.selection, { ...none, applyToAll: true, months: [1] })).toBeNull();
  });

  it('sends the months beside the change, in order, with subbasins only', () => {
    expect(saveBody(plugin.editor.selection, { ...none, subbasins: [7, 8], landuses: ['CORN'], months: [8, 6, 7] }, { RAINHHMX: 50 })).toEqual({
      applyToAll: false,
      subbasins: [7, 8],
      landuses: [],
      soils: [],
      slopes: [],
      months: [6, 7, 8],
      modificationObject: { RAINHHMX: 50 },
    });
  });
});

describe('the page', () => {
  it('serves .../weather-generator and writes the Wgn table', () => {
    expect(plugin.editor.route).toBe('/projects/:id/scenarios/:scenarioID/weather-generator');
    expect(plugin.editor.modTable).toBe('Wgn');
    expect(plugin.editor.saveUrl).toBe('scenarios/savemods/{scenarioID}/{modTable}');
  });
});
