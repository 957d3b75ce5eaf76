// @vitest-environment jsdom
// The SDK's records editors (mode 'records': fertilizers, urban types): the pure rules of the list
// (filter, 20 per page, 3 decimals, columns), the list page (changed records marked, each leading
// to its page, Remove Changes for all) and a record's page (the values in effect, each default under
// it, the changed and non-default values posted to the record's url, Remove Changes of that record).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineEditor } from '../src/editor/defineEditor.tsx';
import { filterRecords, formatDecimals, pageOf, recordColumns, type RecordItem } from '../src/editor/records.ts';
import type { EditorSchema } from '../src/editor/types.ts';
import { renderPages, reply, serve, type Call } from '../src/testing.tsx';

vi.mock('../src/live.ts', () => ({ useLiveStatus: () => undefined }));
afterEach(() => vi.unstubAllGlobals());

const schema: EditorSchema = {
  type: 'object',
  required: ['FMINN', 'FMINP'],
  additionalProperties: false,
  properties: {
    FMINN: { type: 'number', title: 'FMINN', description: 'Mineral N fraction' },
    FMINP: { type: 'number', title: 'FMINP' },
    IFNUM: { type: 'integer', title: 'Number', readOnly: true },
  },
};

const pkg = {
  version: '0.0.0',
  headwater: {
    id: 'fert-test',
    kind: 'editor',
    title: 'Fertilizer test',
    sdk: '^1',
    modTable: 'Fert',
    slug: 'fert',
    routes: [{ name: 'FertTestEdit', path: '/projects/:id/scenarios/:scenarioID/fert/:fertID', title: 'Fertilizer', access: 'user' }],
  },
};
const plugin = defineEditor(pkg, {
  schema,
  uiSchema: { IFNUM: { 'ui:widget': 'hidden' } },
  selection: 'none',
  mode: 'records',
  url: 'scenarios/general/fert/{scenarioID}/{fertID}',
  records: { listUrl: 'scenarios/general/ferts/{scenarioID}', route: 'FertTestEdit', param: 'fertID', noun: 'fertilizer' },
});

const items: RecordItem[] = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, name: i === 0 ? 'Elem-N' : `F-${i + 1}`, description: i === 0 ? 'Elemental Nitrogen' : `Fertilizer ${i + 1}`, FMINN: i === 0 ? 1 : i / 100, FMINP: 0, isModified: i === 2 }));

describe('the list rules', () => {
  it('filters by number, name or description, in any case, every word', () => {
    expect(filterRecords(items, 'elem').map((r) => r.id)).toEqual([1]);
    expect(filterRecords(items, 'nitrogen ELEMENTAL').map((r) => r.id)).toEqual([1]);
    expect(filterRecords(items, '45').map((r) => r.id)).toEqual([45]);
    expect(filterRecords(items, '  ')).toHaveLength(45);
    expect(filterRecords([{ id: 1, name: 'x', code: 'URLD' }], 'urld', ['code'])).toHaveLength(1);
  });

  it('pages by 20, keeping the page in range', () => {
    expect(pageOf(items, 1)).toMatchObject({ pages: 3, page: 1 });
    expect(pageOf(items, 3).rows.map((r) => r.id)).toEqual([41, 42, 43, 44, 45]);
    expect(pageOf(items, 9).page).toBe(3);
    expect(pageOf([], 1)).toEqual({ rows: [], pages: 1, page: 1 });
  });

  it('shows numbers to 3 decimals and the numeric columns of the schema', () => {
    expect([formatDecimals(0.5), formatDecimals(1), formatDecimals(0.12345), formatDecimals(undefined), formatDecimals('URLD')]).toEqual(['0.500', '1.000', '0.123', '', 'URLD']);
    expect(recordColumns(schema, {})).toEqual([
      { key: 'FMINN', title: 'FMINN' },
      { key: 'FMINP', title: 'FMINP' },
    ]);
    expect(recordColumns(schema, { columns: ['FMINP'] })).toEqual([{ key: 'FMINP', title: 'FMINP' }]);
  });

  it('refuses a records editor without its list, route or url parameter', () => {
    const base = { schema, selection: 'none' as const, mode: 'records' as const, url: 'scenarios/general/fert/{scenarioID}/{fertID}' };
    expect(() => defineEditor(pkg, { ...base })).toThrow("mode 'records' needs records: { listUrl, route, param }");
    expect(() => defineEditor(pkg, { ...base, url: 'scenarios/general/fert/{scenarioID}', records: { listUrl: 'x/{scenarioID}', route: 'FertTestEdit', param: 'fertID' } })).toThrow('url must hold {fertID}');
    expect(() => defineEditor(pkg, { ...base, records: { listUrl: 'x/{scenarioID}', route: 'Nope', param: 'fertID' } })).toThrow("records.route 'Nope' is not a route");
    expect(plugin.editor.records!.path).toBe('/projects/:id/scenarios/:scenarioID/fert/:fertID');
    expect(Object.keys(plugin.pages).sort()).toEqual(['FertTestEdit', 'FertTestEditor']);
  });
});

function api(opts: { running?: boolean; unauthorized?: boolean } = {}) {
  let record = { FMINN: 1, FMINP: 0 };
  let modified = false;
  return serve({
    'scenarios/7': { scenario: { id: 7, projectID: 5, name: 'Default', modTables: ['Fert'] }, status: { isRunning: !!opts.running }, project: { id: 5, name: 'Little River' } },
    'scenarios/general/ferts/7': opts.unauthorized ? reply(401, 'Authorization has been denied for this request.') : () => ({ items: items.map((i) => (i.id === 1 ? { ...i, ...record, isModified: modified } : i)), hasChanges: true }),
    'scenarios/general/fert/7/1': () => ({ item: record, default: { FMINN: 1, FMINP: 0 }, record: { id: 1, name: 'Elem-N', description: 'Elemental Nitrogen' }, changes: { hasChanges: modified, modID: modified ? 12 : null } }),
    'POST scenarios/general/fert/7/1': (c: Call) => ((record = { FMINN: 1, FMINP: 0, ...(c.body as object) }), (modified = true), { value: true }),
    'DELETE scenarios/deletemod/12': () => ((record = { FMINN: 1, FMINP: 0 }), (modified = false), { value: true }),
    'DELETE scenarios/deletemodtype/7/Fert': { value: true, deleted: 2 },
  });
}

describe('the list page', () => {
  it('lists 20 records a page to 3 decimals, marks the changed ones, filters, and pages', async () => {
    api();
    renderPages('/projects/5/scenarios/7/fert', plugin);
    expect(await screen.findByText('Elem-N')).toBeTruthy();
    const table = screen.getByTestId('records');
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getAllByText('1.000').length).toBeGreaterThan(0);
    expect(screen.getByTestId('record-modified-3')).toBeTruthy();
    expect(screen.getByTestId('records-count').textContent).toBe('1–20 of 45');
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('F-45')).toBeTruthy();
    expect(screen.getByTestId('records-count').textContent).toBe('41–45 of 45');
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'elemental' } });
    await waitFor(() => expect(within(screen.getByTestId('records')).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Edit Elem-N' }).getAttribute('href')).toBe('/projects/5/scenarios/7/fert/1');
    // nothing to save on the list; Remove Changes reverts every record
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Changes' })).toBeTruthy();
  });

  it('shows the login prompt when the list answers 401', async () => {
    api({ unauthorized: true });
    renderPages('/projects/5/scenarios/7/fert', plugin);
    expect(await screen.findByTestId('login-prompt')).toBeTruthy();
  });

  it('shows the running notice instead of the list while the scenario runs', async () => {
    api({ running: true });
    renderPages('/projects/5/scenarios/7/fert', plugin);
    expect(await screen.findByTestId('page-running')).toBeTruthy();
    expect(screen.queryByTestId('records')).toBeNull();
  });
});

describe("a record's page", () => {
  it('edits the values in effect with their defaults, posts the changed ones, then Remove Changes reverts the record only', async () => {
    const calls = api();
    renderPages('/projects/5/scenarios/7/fert/1', plugin);
    expect(await screen.findByRole('heading', { name: 'Elem-N (1)' })).toBeTruthy();
    expect(screen.getByText('Elemental Nitrogen')).toBeTruthy();
    const fminn = (await screen.findByLabelText(/^FMINN/, { selector: 'input' }, { timeout: 5000 })) as HTMLInputElement;
    expect(fminn.value).toBe('1');
    expect(screen.getByText('Default: 1')).toBeTruthy();
    const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save().disabled).toBe(true);
    fireEvent.change(fminn, { target: { value: '0.5' } });
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([['scenarios/general/fert/7/1', { FMINN: 0.5 }]]);
    // the record has its change now: Remove Changes deletes that change, not the table
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Changes' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("Remove the changes of this record? Its values revert to the dataset's.");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === 'scenarios/deletemod/12')).toBe(true));
    expect(calls.some((c) => c.url.startsWith('scenarios/deletemodtype'))).toBe(false);
    expect(screen.getByRole('link', { name: 'Back to the fertilizer list' }).getAttribute('href')).toBe('/projects/5/scenarios/7/fert');
  }, 30_000);
});
