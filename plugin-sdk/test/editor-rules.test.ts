import validator from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { changedFields, fillPath, formatListCell, hasChanges, schemaDefaults } from '../src/editor/changes.ts';
import { SUBBASIN_SAVE_URL } from '../src/editor/defineEditor.tsx';
import { EDITOR_MESSAGES } from '../src/editor/messages.ts';
import { emptySelection, isSelectionValid, saveBody, selectionProblem } from '../src/editor/selection.ts';
import { createTransformErrors, propertyPath, transformErrors, validateChange } from '../src/editor/validateChange.ts';
import type { EditorSchema, HruSelection } from '../src/editor/types.ts';
import { defineTestEditor, editorPackage } from './editorHarness.tsx';
import { defineEditor } from '../src/editor/defineEditor.tsx';

const cn2: EditorSchema = {
  type: 'object',
  required: ['value'],
  properties: { value: { type: 'number', title: 'CN2 percent change', minimum: -10, maximum: 10, not: { const: 0 } } },
};
const wgn: EditorSchema = {
  type: 'object',
  required: ['RAINHHMX', 'TMPMX'],
  properties: {
    RAINHHMX: { type: 'number', minimum: -100, maximum: 100, default: 0 },
    TMPMX: { type: 'number', minimum: -100, maximum: 100, default: 0 },
    POT_FR: { type: 'number', minimum: 0, errorMessage: { minimum: 'No negative fractions.' } },
    HEAT: { type: 'number', maximum: 5 },
    SED: { type: 'number', minimum: 0, maximum: 10, messages: { maximum: 'Too much sediment.' } },
  },
};

/** Validates with the same ajv validator the form uses, then maps the errors. */
function messages(schema: EditorSchema, formData: Record<string, unknown>): Record<string, string[]> {
  const { errors } = validator.validateFormData(formData, schema, undefined, createTransformErrors(schema));
  const out: Record<string, string[]> = {};
  for (const e of errors) (out[e.property ?? ''] ??= []).push(e.message ?? '');
  return out;
}

describe('transformErrors', () => {
  it("says 'Required' for a missing value", () => {
    expect(messages(cn2, {})).toEqual({ value: ['Required'] });
  });

  it("says 'Must be between {min} and {max}' on either side of the range", () => {
    expect(messages(cn2, { value: 11 })).toEqual({ '.value': ['Must be between -10 and 10'] });
    expect(messages(cn2, { value: -10.5 })).toEqual({ '.value': ['Must be between -10 and 10'] });
    expect(messages(wgn, { RAINHHMX: 101, TMPMX: -100 })).toEqual({ '.RAINHHMX': ['Must be between -100 and 100'] });
  });

  it('blocks zero with the curve number message (not: {const: 0})', () => {
    expect(messages(cn2, { value: 0 })).toEqual({ '.value': ['A value of zero will result in no change. Please enter a number greater or less than 10.'] });
  });

  it('uses the schema messages / errorMessage keywords, and one-sided limits', () => {
    expect(messages(wgn, { RAINHHMX: 0, TMPMX: 0, POT_FR: -1, HEAT: 6, SED: 11 })).toEqual({
      '.POT_FR': ['No negative fractions.'],
      '.HEAT': ['Must be at most 5'],
      '.SED': ['Too much sediment.'],
    });
  });

  it('calls a half-typed number not a number, and updates the stack too', () => {
    const [e] = transformErrors([{ name: 'type', property: '.value', params: { type: 'number' }, message: 'must be number', stack: '.value must be number' }], cn2);
    expect(e).toMatchObject({ message: 'Must be a number', stack: 'Must be a number' });
  });

  it('reads property paths in both notations', () => {
    expect(propertyPath(".a.b['first-name'].0")).toEqual(['a', 'b', 'first-name', '0']);
    expect(propertyPath('value')).toEqual(['value']);
  });
});

describe('isSelectionValid', () => {
  const sel = (p: Partial<HruSelection>): HruSelection => ({ ...emptySelection(), ...p });
  const full = sel({ subbasins: [1], landuses: ['AGRL'], soils: ['TX047'], slopes: ['0-2'] });

  it('none: always', () => {
    expect(isSelectionValid('none', emptySelection())).toBe(true);
  });

  it('hru: apply to all, or all four lists', () => {
    expect(isSelectionValid('hru', emptySelection())).toBe(false);
    expect(isSelectionValid('hru', sel({ applyToAll: true }))).toBe(true);
    expect(isSelectionValid('hru', full)).toBe(true);
    for (const missing of ['subbasins', 'landuses', 'soils', 'slopes'] as const) {
      expect(isSelectionValid('hru', { ...full, [missing]: [] }), missing).toBe(false);
    }
    expect(selectionProblem('hru', sel({ subbasins: [1] }))).toBe('Select at least one subbasin, land use, soil, and slope.');
  });

  it('subbasin: apply to all or one subbasin', () => {
    expect(isSelectionValid('subbasin', emptySelection())).toBe(false);
    expect(selectionProblem('subbasin', emptySelection())).toBe('Select at least one subbasin');
    expect(isSelectionValid('subbasin', sel({ subbasins: [3] }))).toBe(true);
    expect(isSelectionValid('subbasin', sel({ applyToAll: true }))).toBe(true);
  });

  it('subbasin-months: a subbasin (or all) plus months', () => {
    expect(isSelectionValid('subbasin-months', sel({ subbasins: [3] }))).toBe(false);
    expect(selectionProblem('subbasin-months', sel({ subbasins: [3] }))).toBe(EDITOR_MESSAGES.selectMonth);
    expect(selectionProblem('subbasin-months', sel({ months: [1] }))).toBe('Select at least one subbasin');
    expect(isSelectionValid('subbasin-months', sel({ subbasins: [3], months: [1, 2] }))).toBe(true);
    expect(isSelectionValid('subbasin-months', sel({ applyToAll: true, months: [12] }))).toBe(true);
    expect(isSelectionValid('subbasin-months', sel({ applyToAll: true }))).toBe(false);
  });

  it('single-hru: exactly one of each, never apply to all', () => {
    expect(isSelectionValid('single-hru', full)).toBe(true);
    expect(isSelectionValid('single-hru', { ...full, soils: ['A', 'B'] })).toBe(false);
    expect(isSelectionValid('single-hru', sel({ applyToAll: true }))).toBe(false);
    expect(selectionProblem('single-hru', emptySelection())).toBe('Please select an HRU and try again.');
  });
});

describe('saveBody', () => {
  const s: HruSelection = { applyToAll: false, subbasins: [4, 2], landuses: ['AGRL'], soils: ['X'], slopes: ['0-2'], months: [3, 1] };
  it('sends the generic body; apply to all sends empty lists', () => {
    expect(saveBody('hru', s, { value: 5 })).toEqual({ applyToAll: false, subbasins: [4, 2], landuses: ['AGRL'], soils: ['X'], slopes: ['0-2'], modificationObject: { value: 5 } });
    expect(saveBody('hru', { ...s, applyToAll: true }, {})).toMatchObject({ applyToAll: true, subbasins: [], landuses: [], soils: [], slopes: [] });
    expect(saveBody('none', s, {})).toMatchObject({ applyToAll: true, subbasins: [] });
  });
  it('subbasin modes send subbasins only; months only for subbasin-months', () => {
    expect(saveBody('subbasin', s, {})).toEqual({ applyToAll: false, subbasins: [4, 2], landuses: [], soils: [], slopes: [], modificationObject: {} });
    expect(saveBody('subbasin-months', s, {}).months).toEqual([1, 3]);
  });
});

describe('changedFields', () => {
  it('keeps only the fields that differ, numbers as numbers', () => {
    const initial = { RAINHHMX: 0, TMPMX: 0, name: 'a' };
    expect(changedFields(initial, { RAINHHMX: 0, TMPMX: '2.5', name: 'a' }, wgn)).toEqual({ dirty: true, values: { TMPMX: 2.5 } });
    expect(changedFields(initial, { ...initial }, wgn)).toEqual({ dirty: false, values: {} });
  });
  it('a cleared field makes the form dirty but is not sent', () => {
    expect(changedFields({ RAINHHMX: 0 }, { RAINHHMX: undefined }, wgn)).toEqual({ dirty: true, values: {} });
  });
  it('reads schema defaults', () => {
    expect(schemaDefaults(wgn)).toEqual({ RAINHHMX: 0, TMPMX: 0 });
  });
});

describe('table and scenario helpers', () => {
  it("formats list cells: 'All' when empty, 5 items then '(...)'", () => {
    expect(formatListCell([])).toBe('All');
    expect(formatListCell(undefined)).toBe('All');
    expect(formatListCell(['a', 'b'], true)).toBe('All');
    expect(formatListCell([1, 2, 3, 4, 5])).toBe('1, 2, 3, 4, 5');
    expect(formatListCell([1, 2, 3, 4, 5, 6, 7])).toBe('1, 2, 3, 4, 5 (...)');
  });
  it('hasChanges reads scenario.modTables', () => {
    expect(hasChanges({ modTables: ['Wgn', 'Cn2Percent'] }, 'Cn2Percent')).toBe(true);
    expect(hasChanges({ modTables: [] }, 'Cn2Percent')).toBe(false);
    expect(hasChanges(undefined, 'Bsn')).toBe(false);
  });
  it('fills save path templates', () => {
    expect(fillPath(SUBBASIN_SAVE_URL, { scenarioID: 7, modTable: 'Cn2Percent' })).toBe('scenarios/subbasin/save/7/Cn2Percent');
  });
});

describe('defineEditor', () => {
  it('exposes one page at the editor route its package.json implies', () => {
    const def = defineTestEditor({ id: 'wgn', slug: 'weather-generator', modTable: 'Wgn', title: 'Weather generator', schema: wgn, selection: 'subbasin-months' });
    expect(def.id).toBe('wgn');
    expect(Object.keys(def.pages)).toEqual(['WgnEditor']);
    expect(def.manifest.routes).toEqual([{ name: 'WgnEditor', path: '/projects/:id/scenarios/:scenarioID/weather-generator', title: 'Weather generator', access: 'user' }]);
    expect(def.editor).toMatchObject({ modTable: 'Wgn', title: 'Weather generator', routeName: 'WgnEditor', route: '/projects/:id/scenarios/:scenarioID/weather-generator', saveUrl: 'scenarios/savemods/{scenarioID}/{modTable}' });
  });
  it('binds the pages of extra routes by name', () => {
    const pkg = editorPackage({ id: 'fert', modTable: 'Fert', title: 'Fertilizer' });
    const withRoute = { ...pkg, headwater: { ...pkg.headwater, routes: [{ name: 'FertEdit', path: '/projects/:id/scenarios/:scenarioID/fert/:fertID', title: 'Fertilizer', access: 'user' }] } };
    const Edit = () => null;
    expect(Object.keys(defineEditor(withRoute, { schema: wgn, selection: 'none', pages: { FertEdit: Edit } }).pages).sort()).toEqual(['FertEdit', 'FertEditor']);
    expect(() => defineEditor(withRoute, { schema: wgn, selection: 'none' })).toThrow(/no page for route FertEdit/);
  });
  it('refuses a bad definition', () => {
    expect(() => defineTestEditor({ id: 'x', modTable: '', title: '', schema: wgn, selection: 'all' as never })).toThrow(/id must be.*modTable is required.*title is required.*selection 'all'/);
    expect(() => defineEditor({ headwater: { id: 'page-x', kind: 'page', title: 'X', sdk: '^1', routes: [] } }, { schema: wgn, selection: 'none' })).toThrow(/kind must be 'editor'/);
  });
});

describe('validateChange (the one validation of a change: form, server halves, platform-api)', () => {
  it('says the same as the form, keyed by field', () => {
    expect(validateChange(cn2, {})).toEqual({ value: ['Required'] });
    expect(validateChange(cn2, { value: 11 })).toEqual({ value: ['Must be between -10 and 10'] });
    expect(validateChange(cn2, { value: 0 })).toEqual({ value: [EDITOR_MESSAGES.zeroNoChange] });
    expect(validateChange(wgn, { RAINHHMX: 0, TMPMX: 0, POT_FR: -1, HEAT: 6, SED: 11 })).toEqual({ POT_FR: ['No negative fractions.'], HEAT: ['Must be at most 5'], SED: ['Too much sediment.'] });
  });
  it('checks a partial change (only the changed fields): no Required, the rest applies — `not` included', () => {
    expect(validateChange(cn2, {}, { partial: true })).toEqual({});
    expect(validateChange(cn2, { value: 0 }, { partial: true })).toEqual({ value: [EDITOR_MESSAGES.zeroNoChange] });
    expect(validateChange(wgn, { TMPMX: 101 }, { partial: true })).toEqual({ TMPMX: ['Must be between -100 and 100'] });
  });
  it('names wrong types, unknown keys and a change that is not an object', () => {
    expect(validateChange(wgn, { RAINHHMX: '5' }, { partial: true })).toEqual({ RAINHHMX: ['Must be a number'] });
    expect(validateChange(wgn, { RAINHHMX: Number.NaN }, { partial: true })).toEqual({ RAINHHMX: ['Must be a number'] });
    const closed: EditorSchema = { type: 'object', additionalProperties: false, properties: { A: { type: 'string' } } };
    expect(validateChange(closed, { A: 1, B: 2 }, { partial: true })).toEqual({ A: ['Must be text'], B: [EDITOR_MESSAGES.unknownField] });
    expect(validateChange(closed, [1], { partial: true })).toEqual({ modificationObject: ['Must be an object'] });
  });
  it('says each message once per field (a list: every option fails)', () => {
    const list: EditorSchema = { type: 'object', properties: { M: { type: 'number', oneOf: [{ const: 0 }, { const: 1 }], messages: { oneOf: 'Pick one.', const: 'Pick one.' } } } };
    expect(validateChange(list, { M: 3 })).toEqual({ M: ['Pick one.'] });
  });
});
