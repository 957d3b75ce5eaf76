import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditorPage } from '../src/editor/EditorPage.tsx';
import { singleSaveValues, withDefaultHelp } from '../src/editor/single.ts';
import type { EditorSchema } from '../src/editor/types.ts';
import { defineTestEditor, renderWithProviders, reply, serveApi, type Call, type TestEditor } from './editorHarness.tsx';

// The live status hub is not part of these tests.
vi.mock('../src/live.ts', () => ({ useLiveStatus: () => undefined }));
afterEach(() => vi.unstubAllGlobals());

// A one-setting table of three variables in two tabs, one of them a select list.
const schema: EditorSchema = {
  type: 'object',
  required: ['LAG', 'RATE', 'METHOD'],
  properties: {
    LAG: { type: 'number', title: 'LAG', description: 'Runoff lag.' },
    RATE: { type: 'number', title: 'RATE' },
    METHOD: { type: 'number', title: 'METHOD', description: 'How it is computed.', oneOf: [{ const: 0, title: 'Simple' }, { const: 1, title: 'Detailed' }] },
  },
};
const basin: TestEditor = {
  id: 'basin-test',
  modTable: 'Bsn',
  title: 'Basin variables',
  selection: 'none',
  mode: 'single',
  url: 'scenarios/general/bsn/{scenarioID}',
  schema,
  uiSchema: {
    'ui:options': { tabs: [{ key: 'one', title: 'Water', fields: ['LAG', 'METHOD'] }, { key: 'two', title: 'Reaches', fields: ['RATE'] }] },
    LAG: { 'ui:help': 'Units: days' },
  },
};

function serve(opts: { running?: boolean; save?: unknown } = {}) {
  // RATE was changed before (5, the dataset has 1)
  let item: Record<string, number> = { LAG: 4, RATE: 5, METHOD: 1 };
  const defaults = { LAG: 4, RATE: 1, METHOD: 1 };
  return serveApi({
    'GET scenarios/7': { scenario: { id: 7, projectID: 5, name: 'Default', modTables: ['Bsn'] }, status: { isRunning: !!opts.running }, project: { id: 5, name: 'Little River' } },
    'GET scenarios/general/bsn/7': () => ({ item, default: defaults, definitions: {}, changes: { hasChanges: item.RATE !== 1 || item.LAG !== 4, modID: 3 } }),
    'POST scenarios/general/bsn/7': opts.save ?? ((c: Call) => ((item = { ...defaults, ...(c.body as Record<string, number>) }), { value: true })),
    'DELETE scenarios/deletemodtype/7/Bsn': () => ((item = { ...defaults }), { value: true, deleted: 1 }),
  });
}

function renderEditor() {
  const def = defineTestEditor(basin);
  return renderWithProviders(<EditorPage editor={def.editor} params={{ id: '5', scenarioID: '7' }} path="/projects/5/scenarios/7/basin-test" />);
}

const findInput = (label: RegExp) => screen.findByLabelText(label, { selector: 'input' }, { timeout: 5000 }) as Promise<HTMLInputElement>;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

describe('one-setting editor (mode single)', () => {
  it('starts from the values in effect in tabs, with each default shown, and no saved-changes list', async () => {
    const calls = serve();
    renderEditor();
    expect((await findInput(/^LAG/)).value).toBe('4');
    expect((screen.getByLabelText(/^RATE/, { selector: 'input' }) as HTMLInputElement).value).toBe('5');
    expect(screen.getByRole('tab', { name: 'Water' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Reaches' })).toBeTruthy();
    expect(screen.getByText('Units: days · Default: 4')).toBeTruthy();
    expect(screen.getByText('Default: 1')).toBeTruthy();
    expect(screen.getByText('Default: Detailed')).toBeTruthy();
    // a select shows its description like a number field (the SDK's SelectWidget)
    expect(screen.getByText('Runoff lag.')).toBeTruthy();
    expect(screen.getByText('How it is computed.')).toBeTruthy();
    expect(screen.queryByText('Saved changes')).toBeNull();
    expect(calls.some((c) => c.path.startsWith('scenarios/getmods'))).toBe(false);
    expect(saveButton().disabled).toBe(true);
  });

  it('sends the changed and the non-default values as numbers, says so and reloads', async () => {
    const calls = serve();
    renderEditor();
    fireEvent.change(await findInput(/^LAG/), { target: { value: '0.5' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    // LAG changed now; RATE changed before; METHOD at its default is not sent
    expect(posts(calls)).toEqual([{ method: 'POST', path: 'scenarios/general/bsn/7', body: { LAG: 0.5, RATE: 5 } }]);
    await waitFor(() => expect(calls.filter((c) => c.path === 'scenarios/general/bsn/7' && c.method === 'GET').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect((screen.getByLabelText(/^LAG/, { selector: 'input' }) as HTMLInputElement).value).toBe('0.5'));
    expect(saveButton().disabled).toBe(true);
  });

  it('keeps the open tab when the form starts again after a save', async () => {
    serve();
    renderEditor();
    await findInput(/^RATE/);
    fireEvent.click(screen.getByRole('tab', { name: 'Reaches' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Reaches' }).getAttribute('aria-selected')).toBe('true'));
    fireEvent.change(screen.getByLabelText(/^RATE/, { selector: 'input' }), { target: { value: '7' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(/^RATE/, { selector: 'input' }) as HTMLInputElement).value).toBe('7'));
    expect(screen.getByRole('tab', { name: 'Reaches' }).getAttribute('aria-selected')).toBe('true');
  });

  it('does not save an empty variable', async () => {
    const calls = serve();
    renderEditor();
    fireEvent.change(await findInput(/^RATE/), { target: { value: '' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByText('Please fix the errors below and try again.')).toBeTruthy();
    expect((await screen.findAllByText('Required')).length).toBeGreaterThan(0);
    expect(posts(calls)).toEqual([]);
  });

  it('shows the server errors of a failed save', async () => {
    serve({ save: reply(400, { errors: { LAG: ['Must be a number'] } }) });
    renderEditor();
    fireEvent.change(await findInput(/^LAG/), { target: { value: '2' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect((await screen.findByTestId('error-list')).textContent).toBe('Must be a number');
  });

  it('removes the change after confirmation: the defaults are back', async () => {
    const calls = serve();
    renderEditor();
    await findInput(/^RATE/);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Changes' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove Changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === 'scenarios/deletemodtype/7/Bsn')).toBe(true));
    await waitFor(() => expect((screen.getByLabelText(/^RATE/, { selector: 'input' }) as HTMLInputElement).value).toBe('1'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Changes' })).toBeNull());
  });

  it('shows the running notice instead of the form while the scenario runs', async () => {
    serve({ running: true });
    renderEditor();
    expect(await screen.findByTestId('page-running')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('one-setting rules', () => {
  it('sends changed or non-default values only, numbers as numbers', () => {
    expect(singleSaveValues(schema, { LAG: '2.5', RATE: 1, METHOD: 1 }, { LAG: '2.5' }, { LAG: 4, RATE: 1, METHOD: 1 })).toEqual({ LAG: 2.5 });
    // a value changed back to its default is sent (it was changed), a cleared one is not
    expect(singleSaveValues(schema, { LAG: 4, RATE: undefined, METHOD: 0 }, { LAG: 4 }, { LAG: 4, RATE: 1, METHOD: 1 })).toEqual({ LAG: 4, METHOD: 0 });
  });

  it('appends the default to the help, with the option title for a select', () => {
    const ui = withDefaultHelp(schema, { LAG: { 'ui:help': 'Units: days' } }, { LAG: 4, METHOD: 0 });
    expect(ui.LAG).toEqual({ 'ui:help': 'Units: days · Default: 4' });
    expect(ui.METHOD).toEqual({ 'ui:help': 'Default: Simple' });
    expect(ui.RATE).toBeUndefined();
  });

  it('needs a url and the none selection', () => {
    expect(() => defineTestEditor({ ...basin, url: undefined })).toThrow(/needs the url/);
    expect(() => defineTestEditor({ ...basin, selection: 'hru' })).toThrow(/selection 'none'/);
  });
});
