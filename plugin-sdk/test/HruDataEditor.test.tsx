// The one-HRU editor page (mode 'hru-data': general management, operations): Get data without an
// HRU says the spec's message; with one, the form starts from the HRU's values; Save sends the
// change for the HRUs of the apply selector (the picked HRU by default) and is blocked by the
// editor's own rule; Select another HRU goes back to the pick.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditorPage } from '../src/editor/EditorPage.tsx';
import { defineTestEditor, renderWithProviders, serveApi, type TestEditor } from './editorHarness.tsx';

vi.mock('../src/live.ts', () => ({ useLiveStatus: () => undefined }));
afterEach(() => vi.unstubAllGlobals());

const editor: TestEditor = {
  id: 'one-hru',
  modTable: 'Mgt1',
  title: 'General management',
  selection: 'single-hru',
  mode: 'hru-data',
  url: 'scenarios/mgt/general/{scenarioID}/{subbasinName}/{landuse}/{soil}/{slope}',
  schema: { type: 'object', properties: { USLE_P: { type: 'number', title: 'USLE_P', minimum: 0, maximum: 1 } } },
  validate: (v) => (v.USLE_P === 0.3 ? 'Not 0.3, please.' : null),
};

function serve() {
  return serveApi({
    'GET scenarios/7': { scenario: { id: 7, projectID: 5, name: 'Default', modTables: [] }, status: { isRunning: false }, project: { id: 5, name: 'Little River' } },
    'GET scenarios/getmods/7/Mgt1': [],
    'GET hruselection/subbasins/5': [{ id: 101, name: '1' }],
    'POST hruselection/landuse/5': [{ name: 'AGRL' }],
    'POST hruselection/soils/5': [{ name: 'LREW03' }],
    'POST hruselection/slopes/5': [{ name: '0-9999' }],
    'GET scenarios/mgt/general/7/1/AGRL/LREW03/0-9999': { item: { USLE_P: 1 }, defaults: { USLE_P: 1 } },
    'POST scenarios/savemods/7/Mgt1': { value: true, id: 1 },
  });
}

async function pick(scope: HTMLElement, label: string, option: string) {
  const input = within(scope).getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
  await waitFor(() => expect(input.disabled).toBe(false));
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the one-HRU editor page', () => {
  it('gets one HRU\'s data, applies the change to the picked HRU, and is blocked by the editor\'s rule', async () => {
    const calls = serve();
    const def = defineTestEditor(editor);
    renderWithProviders(<EditorPage editor={def.editor} params={{ id: '5', scenarioID: '7' }} path="/projects/5/scenarios/7/one-hru" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Get data' }));
    expect(await screen.findByText('Please select an HRU and try again.')).toBeTruthy();
    const area = screen.getByTestId('hru-pick');
    await pick(area, 'Subbasins', '1');
    await pick(area, 'Land uses', 'AGRL');
    await pick(area, 'Soils', 'LREW03');
    await pick(area, 'Slopes', '0-9999');
    fireEvent.click(screen.getByRole('button', { name: 'Get data' }));
    expect(await screen.findByTestId('hru-picked')).toBeTruthy();
    const input = (await screen.findByLabelText(/USLE_P/, { selector: 'input' }, { timeout: 5000 })) as HTMLInputElement;
    expect(input.value).toBe('1');
    const save = () => within(screen.getByTestId('editor-actions')).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save().disabled).toBe(true);
    fireEvent.change(input, { target: { value: '0.3' } });
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    expect(await screen.findByText('Not 0.3, please.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '0.5' } });
    fireEvent.click(save());
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.path.startsWith('scenarios/savemods')).map((c) => c.body)).toEqual([
      { applyToAll: false, subbasins: [101], landuses: ['AGRL'], soils: ['LREW03'], slopes: ['0-9999'], modificationObject: { USLE_P: 0.5 } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Select another HRU' }));
    expect(await screen.findByTestId('hru-pick')).toBeTruthy();
  }, 30_000);
});
