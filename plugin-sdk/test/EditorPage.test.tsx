import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUBBASIN_SAVE_URL } from '../src/editor/defineEditor.tsx';
import { EditorPage } from '../src/editor/EditorPage.tsx';
import type { ScenarioResponse } from '../src/editor/types.ts';
import { defineTestEditor, renderWithProviders, reply, serveApi, type Call, type TestEditor } from './editorHarness.tsx';

// The live status hub is not part of these tests.
vi.mock('../src/live.ts', () => ({ useLiveStatus: () => undefined }));
afterEach(() => vi.unstubAllGlobals());

const curveNumber: TestEditor = {
  id: 'curve-number',
  modTable: 'Cn2Percent',
  title: 'Curve number',
  selection: 'subbasin',
  saveUrl: SUBBASIN_SAVE_URL,
  schema: {
    type: 'object',
    required: ['value'],
    properties: { value: { type: 'number', title: 'CN2 percent change', minimum: -10, maximum: 10, not: { const: 0 } } },
  },
};

const wgn: TestEditor = {
  id: 'wgn',
  slug: 'weather-generator',
  modTable: 'Wgn',
  title: 'Weather generator',
  selection: 'none',
  schema: {
    type: 'object',
    required: ['RAINHHMX', 'TMPMX', 'TMPMN'],
    properties: {
      RAINHHMX: { type: 'number', title: 'RAINHHMX', minimum: -100, maximum: 100, default: 0 },
      TMPMX: { type: 'number', title: 'TMPMX', minimum: -100, maximum: 100, default: 0 },
      TMPMN: { type: 'number', title: 'TMPMN', minimum: -100, maximum: 100, default: 0 },
    },
  },
};

function scenario(isRunning = false, projectID = 5): ScenarioResponse {
  return {
    scenario: { id: 7, projectID, name: 'Default', modTables: [] },
    status: { isRunning },
    project: { id: projectID, name: 'Little River' },
  };
}

function serve(opts: { running?: boolean; mods?: unknown[]; save?: unknown; modTable?: string } = {}) {
  let mods = opts.mods ?? [];
  const modTable = opts.modTable ?? 'Cn2Percent';
  const calls = serveApi({
    'GET scenarios/7': scenario(opts.running),
    [`GET scenarios/getmods/7/${modTable}`]: () => mods,
    'GET hruselection/subbasins/5': [{ id: 101, name: '1' }],
    [`POST scenarios/subbasin/save/7/${modTable}`]: opts.save ?? (() => ((mods = [{ id: 1, value: '5%', applyToAll: true, subbasins: [] }]), { value: true, id: 1 })),
    [`POST scenarios/savemods/7/${modTable}`]: opts.save ?? { value: true, id: 1 },
    [`DELETE scenarios/deletemodtype/7/${modTable}`]: () => ((mods = []), { value: true }),
  });
  return calls;
}

function renderEditor(options: TestEditor) {
  const def = defineTestEditor(options);
  return renderWithProviders(<EditorPage editor={def.editor} params={{ id: '5', scenarioID: '7' }} path={`/projects/5/scenarios/7/${def.editor.slug}`} />);
}

/** The form comes in a lazily loaded chunk: the first one of a run takes a moment. */
const findInput = (label: RegExp) => screen.findByLabelText(label, { selector: 'input' }, { timeout: 5000 }) as Promise<HTMLInputElement>;
/** rjsf-mantine shows a field's error on its input (and keeps a hidden copy for aria). */
const findFieldError = async (text: string) => (await screen.findAllByText(text)).length > 0;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const saves = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path.includes('save'));

describe('EditorPage', () => {
  it('keeps Save disabled until the form changes and the selection is valid, then saves, says so and resets', async () => {
    const calls = serve();
    renderEditor(curveNumber);
    const input = await findInput(/CN2 percent change/);
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to the scenario view' }).getAttribute('href')).toBe('/projects/5/scenarios/7');

    fireEvent.change(input, { target: { value: '5' } });
    // Changed, but no subbasin chosen yet.
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Apply to all subbasins'));
    await waitFor(() => expect(saveButton().disabled).toBe(false));

    fireEvent.click(saveButton());
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    expect(saves(calls)).toEqual([
      {
        method: 'POST',
        path: 'scenarios/subbasin/save/7/Cn2Percent',
        body: { applyToAll: true, subbasins: [], landuses: [], soils: [], slopes: [], modificationObject: { value: 5 } },
      },
    ]);
    // The list is reloaded and shows the new change; the form is back to its initial state.
    expect(await screen.findByText('5%')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(/CN2 percent change/, { selector: 'input' }) as HTMLInputElement).value).toBe(''));
    expect(saveButton().disabled).toBe(true);
    expect(calls.filter((c) => c.path === 'scenarios/getmods/7/Cn2Percent').length).toBeGreaterThanOrEqual(2);
  });

  it('sends only the changed fields, as numbers', async () => {
    const calls = serve({ modTable: 'Wgn' });
    renderEditor(wgn);
    const tmpmx = await findInput(/TMPMX/);
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(tmpmx, { target: { value: '2.5' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await screen.findByText('Changes saved.');
    expect(saves(calls)[0]!.body).toEqual({ applyToAll: true, subbasins: [], landuses: [], soils: [], slopes: [], modificationObject: { TMPMX: 2.5 } });
  });

  it('blocks zero with the curve number message and does not save an invalid form', async () => {
    const calls = serve();
    renderEditor(curveNumber);
    const input = await findInput(/CN2 percent change/);
    fireEvent.click(screen.getByLabelText('Apply to all subbasins'));
    fireEvent.change(input, { target: { value: '0' } });
    expect(await findFieldError('A value of zero will result in no change. Please enter a number greater or less than 10.')).toBe(true);
    fireEvent.change(input, { target: { value: '12' } });
    expect(await findFieldError('Must be between -10 and 10')).toBe(true);
    fireEvent.click(saveButton());
    expect(await screen.findByText('Please fix the errors below and try again.')).toBeTruthy();
    expect(saves(calls)).toEqual([]);
  });

  it('shows the server errors of a failed save', async () => {
    serve({ save: reply(400, { errors: { value: ['The value is not allowed.'] } }) });
    renderEditor(curveNumber);
    fireEvent.change(await findInput(/CN2 percent change/), { target: { value: '4' } });
    fireEvent.click(screen.getByLabelText('Apply to all subbasins'));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect((await screen.findByTestId('error-list')).textContent).toBe('The value is not allowed.');
    expect(screen.queryByText('Changes saved.')).toBeNull();
  });

  it('shows the running notice instead of the form while the scenario runs', async () => {
    serve({ running: true });
    renderEditor(curveNumber);
    expect((await screen.findByTestId('page-running')).textContent).toContain('This scenario is running. Its inputs cannot be changed until the run ends.');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the scenario view' })).toBeTruthy();
  });

  it('removes all changes after confirmation', async () => {
    const calls = serve({ mods: [{ id: 3, value: '2%', applyToAll: true, subbasins: [], lastModifiedDate: '2026-03-02T10:00:00Z' }] });
    renderEditor(curveNumber);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Changes' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === 'scenarios/deletemodtype/7/Cn2Percent')).toBe(true));
    expect(await screen.findByTestId('saved-changes-empty')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove Changes' })).toBeNull();
  });

  it('shows the login prompt on a 401', async () => {
    serveApi({ 'GET scenarios/7': reply(401, 'Unauthorized'), 'GET scenarios/getmods/7/Cn2Percent': reply(401, 'Unauthorized') });
    renderEditor(curveNumber);
    expect((await screen.findByTestId('login-prompt')).textContent).toContain('Please log in to continue');
  });

  it('rejects a scenario of another project', async () => {
    serveApi({ 'GET scenarios/7': scenario(false, 9), 'GET scenarios/getmods/7/Cn2Percent': [] });
    renderEditor(curveNumber);
    expect(await screen.findByText('Invalid scenario ID for this project. Please check the URL in your browser.')).toBeTruthy();
  });
});
