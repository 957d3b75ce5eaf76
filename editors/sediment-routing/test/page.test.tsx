// @vitest-environment jsdom
// The sediment routing page as a user sees it: pick a channel equation, all subbasins, Save sends
// the CH_EQN code as a number through the subbasin call. The API is a stubbed fetch.
import { renderAt, serve } from '@headwater/plugin-sdk/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import plugin from '../src/plugin.tsx';

vi.mock('../../../plugin-sdk/src/live.ts', () => ({ useLiveStatus: () => undefined }));
afterEach(() => vi.unstubAllGlobals());

describe('sediment routing page', { timeout: 30_000 }, () => {
  it('saves the chosen CH_EQN for all subbasins', async () => {
    const calls = serve({
      'scenarios/7': { scenario: { id: 7, projectID: 5, name: 'Default', modTables: [] }, status: { isRunning: false }, project: { id: 5, name: 'Little River' } },
      'scenarios/getmods/7/RteChEqn': [],
      'hruselection/subbasins/5': [{ id: 1, name: '1' }, { id: 2, name: '2' }, { id: 3, name: '3' }],
      'POST scenarios/subbasin/save/7/RteChEqn': { value: true, id: 1 },
    });
    const Page = plugin.pages[plugin.editor.routeName]!;
    renderAt('/projects/5/scenarios/7/sediment-routing', plugin.editor.route, <Page params={{ id: '5', scenarioID: '7' }} path="/projects/5/scenarios/7/sediment-routing" />);
    const select = (await screen.findByRole('textbox', { name: /Channel sediment routing method/ }, { timeout: 8000 }).catch(() => screen.findByLabelText(/Channel sediment routing method/, { selector: 'input' }))) as HTMLInputElement;
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: '2 Kodatie' }));
    await waitFor(() => expect(select.value).toBe('2 Kodatie'));
    // a real browser blurs the select when the checkbox is clicked
    fireEvent.blur(select);
    fireEvent.click(screen.getByLabelText('Apply to all subbasins'));
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ applyToAll: true, subbasins: [], landuses: [], soils: [], slopes: [], modificationObject: { value: 2 } }]);
  });
});
