// The SDK's controls for issue 15's one-setting editors, on a one-setting page over a stubbed API:
// the checklist with its 'n of 20' counter (HRU variables to print), the value table with apply to
// all (nutrient efficiency) and the HRU picker (HRUs to print: the saved selection with Remove
// Selection, or the filter, Get Matching HRUs and 50 rows a page with the first 20 preselected).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditorPage } from '../src/editor/EditorPage.tsx';
import type { EditorSchema } from '../src/editor/types.ts';
import { defineTestEditor, renderWithProviders, serveApi, type Call, type TestEditor } from './editorHarness.tsx';

vi.mock('../src/live.ts', () => ({ useLiveStatus: () => undefined }));
afterEach(() => vi.unstubAllGlobals());

const scenario = { scenario: { id: 7, projectID: 5, name: 'Default', modTables: [] }, status: { isRunning: false }, project: { id: 5, name: 'Little River' } };
const render = (editor: TestEditor) => {
  const def = defineTestEditor(editor);
  return renderWithProviders(<EditorPage editor={def.editor} params={{ id: '5', scenarioID: '7' }} path={`/projects/5/scenarios/7/${editor.id}`} />);
};
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && !c.path.startsWith('hruselection'));

// ─── checklist ──────────────────────────────────────────────────────────────────────────

const names = Array.from({ length: 24 }, (_, i) => `V${i + 1}`);
const checklist: TestEditor = {
  id: 'vars-test',
  modTable: 'HruVars',
  title: 'Variables',
  selection: 'none',
  mode: 'single',
  url: 'scenarios/print/vars/{scenarioID}',
  schema: {
    type: 'object',
    required: ['variables'],
    properties: {
      variables: {
        type: 'array',
        title: 'HRU variables',
        items: { type: 'string', oneOf: names.map((n) => ({ const: n, title: `Variable ${n}` })) },
        uniqueItems: true,
        minItems: 1,
        maxItems: 20,
        messages: { minItems: 'Please select at least one variable.', maxItems: 'Please select only 20 variables at most.' },
      },
    },
  } as EditorSchema,
  uiSchema: { variables: { 'ui:widget': 'checklist' } },
};

describe('checklist', () => {
  it("counts the chosen out of 20, says the spec's messages, offers the defaults back and sends the list", async () => {
    const calls = serveApi({
      'GET scenarios/7': scenario,
      'GET scenarios/print/vars/7': { item: { variables: names.slice(0, 19) }, default: { variables: names.slice(0, 2) }, changes: { hasChanges: false } },
      'POST scenarios/print/vars/7': { value: true },
    });
    render(checklist);
    const group = await screen.findByRole('group', { name: 'HRU variables' }, { timeout: 10_000 });
    expect(within(group).getByTestId('checklist-count').textContent).toBe('19 of 20 selected');
    expect(within(group).getByText('Variable V3')).toBeTruthy();
    // a list default is not written under the field as 'Default: …'
    expect(screen.queryByText(/^Default: /)).toBeNull();
    fireEvent.click(within(group).getByRole('checkbox', { name: /^V20/ }));
    await waitFor(() => expect(within(group).getByTestId('checklist-count').textContent).toBe('20 of 20 selected'));
    fireEvent.click(within(group).getByRole('checkbox', { name: /^V21/ }));
    expect((await screen.findAllByText('Please select only 20 variables at most.')).length).toBeGreaterThan(0);
    fireEvent.click(within(group).getByRole('button', { name: 'Clear' }));
    expect((await screen.findAllByText('Please select at least one variable.')).length).toBeGreaterThan(0);
    fireEvent.click(within(group).getByRole('button', { name: 'Default selection' }));
    await waitFor(() => expect(within(group).getByTestId('checklist-count').textContent).toBe('2 of 20 selected'));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    expect(posts(calls).map((c) => [c.path, c.body])).toEqual([['scenarios/print/vars/7', { variables: ['V1', 'V2'] }]]);
  }, 30_000);
});

// ─── valueTable ─────────────────────────────────────────────────────────────────────────

const table = (emptyText = 'Nothing auto-fertilized.'): TestEditor => ({
  id: 'eff-test',
  modTable: 'AutoEff',
  title: 'Efficiency',
  selection: 'none',
  mode: 'single',
  url: 'scenarios/general/eff/{scenarioID}',
  schema: {
    type: 'object',
    required: ['items'],
    properties: {
      items: {
        type: 'array',
        title: 'Nutrient efficiency',
        items: { type: 'object', required: ['name', 'value'], properties: { name: { type: 'string' }, value: { type: 'number', title: 'Efficiency', minimum: 0, maximum: 2 } } },
      },
    },
  } as EditorSchema,
  uiSchema: { items: { 'ui:field': 'valueTable', 'ui:options': { emptyText, nameTitle: 'Land use' } } },
});

describe('value table', () => {
  it('shows a value per row with its description, applies one value to all, and refuses one out of range', async () => {
    const calls = serveApi({
      'GET scenarios/7': scenario,
      'GET scenarios/general/eff/7': {
        item: { items: [{ name: 'URLD', value: 0 }, { name: 'AGRL', value: 1 }] },
        default: { items: [{ name: 'URLD', value: 0 }, { name: 'AGRL', value: 1 }] },
        descriptions: { URLD: 'Residential-Low Density', AGRL: 'Agricultural Land-Generic' },
        changes: { hasChanges: false },
      },
      'POST scenarios/general/eff/7': { value: true },
    });
    render(table());
    const group = await screen.findByRole('group', { name: 'Nutrient efficiency' }, { timeout: 10_000 });
    expect(within(group).getByText('Residential-Low Density')).toBeTruthy();
    expect(within(group).getByRole('columnheader', { name: 'Land use' })).toBeTruthy();
    fireEvent.change(within(group).getByLabelText('Efficiency of URLD'), { target: { value: '2.5' } });
    expect((await within(group).findAllByText('Must be between 0 and 2')).length).toBeGreaterThan(0);
    fireEvent.change(within(group).getByLabelText('Efficiency: apply to all'), { target: { value: '1.5' } });
    fireEvent.click(within(group).getByRole('button', { name: 'Apply to all' }));
    await waitFor(() => expect((within(group).getByLabelText('Efficiency of AGRL') as HTMLInputElement).value).toBe('1.5'));
    await waitFor(() => expect(screen.queryAllByText('Must be between 0 and 2')).toHaveLength(0));
    fireEvent.click(saveButton());
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    expect(posts(calls).map((c) => c.body)).toEqual([{ items: [{ name: 'URLD', value: 1.5 }, { name: 'AGRL', value: 1.5 }] }]);
  }, 30_000);

  it('says so when there is no row', async () => {
    serveApi({ 'GET scenarios/7': scenario, 'GET scenarios/general/eff/7': { item: { items: [] }, default: { items: [] }, changes: { hasChanges: false } } });
    render(table('No land use of this project is auto-fertilized.'));
    expect((await screen.findByTestId('value-table-empty', {}, { timeout: 10_000 })).textContent).toBe('No land use of this project is auto-fertilized.');
  });
});

// ─── hruPicker ──────────────────────────────────────────────────────────────────────────

const picker: TestEditor = {
  id: 'print-test',
  modTable: 'HruPrint',
  title: 'Printed HRUs',
  selection: 'none',
  mode: 'single',
  url: 'scenarios/print/hrus/{scenarioID}',
  schema: {
    type: 'object',
    required: ['hrus'],
    properties: { hrus: { type: 'array', title: 'HRUs to print', items: { type: 'integer' }, uniqueItems: true, minItems: 1, maxItems: 20, messages: { maxItems: 'Please select only 20 HRUs at most.' } } },
  } as EditorSchema,
  uiSchema: { hrus: { 'ui:field': 'hruPicker' } },
};
const rows = Array.from({ length: 60 }, (_, i) => ({ id: 1000 + i, subbasin: String(1 + Math.floor(i / 30)), landuse: i % 2 ? 'AGRL' : 'PAST', soil: 'LREW03', slopeClass: '0-9999', slope: 0.03, slopeLength: 91.463, area: 0.1 + i / 100, fraction: 0.01 }));

describe('HRU picker', () => {
  it('gets the matching HRUs, 50 a page with the first 20 selected, highlights them, and sends the ids', async () => {
    const calls = serveApi({
      'GET scenarios/7': scenario,
      'GET scenarios/print/hrus/7': { item: { hrus: [1000] }, default: { hrus: [1000] }, hasMods: false, selected: [rows[0]], changes: { hasChanges: false } },
      'GET hruselection/subbasins/5': [{ id: 101, name: '1', number: 1 }],
      'POST hruselection/matching/5': rows,
      'POST scenarios/print/hrus/7': { value: true },
    });
    render(picker);
    const group = await screen.findByRole('group', { name: 'HRUs to print' }, { timeout: 10_000 });
    const get = within(group).getByRole('button', { name: 'Get Matching HRUs' }) as HTMLButtonElement;
    // spec 2 §5: all HRUs or at least one subbasin first
    expect(get.disabled).toBe(true);
    fireEvent.click(within(group).getByLabelText('Apply to all HRUs'));
    await waitFor(() => expect(get.disabled).toBe(false));
    fireEvent.click(get);
    const results = await within(group).findByTestId('hru-matches');
    expect(within(results).getAllByRole('row')).toHaveLength(51);
    expect(results.querySelectorAll('tr[data-selected="true"]')).toHaveLength(20);
    expect(within(group).getByTestId('hru-selected-count').textContent).toBe('20 of 20 selected');
    expect(calls.find((c) => c.path === 'hruselection/matching/5')!.body).toEqual({ applyToAll: true, subbasins: [], landuses: [], soils: [], slopes: [] });
    // a 21st is said in the spec's words
    fireEvent.click(within(results).getByRole('checkbox', { name: /^HRU 1025:/ }));
    // shown by the picker itself, above its table
    await waitFor(() => expect(within(group).getAllByTestId('error-list').map((e) => e.textContent)).toContain('Please select only 20 HRUs at most.'));
    fireEvent.click(within(results).getByRole('checkbox', { name: /^HRU 1000:/ }));
    await waitFor(() => expect(within(group).getByTestId('hru-selected-count').textContent).toBe('20 of 20 selected'));
    fireEvent.click(saveButton());
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    const sent = posts(calls)[0]!.body as { hrus: number[] };
    expect(sent.hrus).toHaveLength(20);
    expect(sent.hrus).toContain(1025);
    expect(sent.hrus).not.toContain(1000);
  }, 30_000);

  it('shows a saved selection with Remove Selection instead of the filter', async () => {
    const calls = serveApi({
      'GET scenarios/7': scenario,
      'GET scenarios/print/hrus/7': { item: { hrus: [1003, 1004] }, default: { hrus: [1000] }, hasMods: true, selected: [rows[3], rows[4]], changes: { hasChanges: true, modID: 9 } },
      'GET hruselection/subbasins/5': [{ id: 101, name: '1', number: 1 }],
      'DELETE scenarios/deletemodtype/7/HruPrint': { value: true, deleted: 1 },
    });
    render(picker);
    const saved = await screen.findByTestId('hru-print-selection', {}, { timeout: 10_000 });
    expect(within(saved).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Get Matching HRUs' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Selection' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === 'scenarios/deletemodtype/7/HruPrint')).toBe(true));
  }, 30_000);
});
