// @vitest-environment jsdom
// The pothole page as a user sees it: nine number inputs starting at SWAT's 0, an out-of-range
// value named in the spec's words, only the changed variables sent as numbers for all HRUs.
import { renderPages, serve } from '@headwater/plugin-sdk/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import plugin from '../src/plugin.tsx';
import { POTHOLE_VARIABLES } from '../src/schema.ts';

vi.mock('../../../plugin-sdk/src/live.ts', () => ({ useLiveStatus: () => undefined }));
afterEach(() => vi.unstubAllGlobals());

describe('pothole page', { timeout: 30_000 }, () => {
  it('sends only the changed variables, as numbers', async () => {
    const calls = serve({
      'scenarios/7': { scenario: { id: 7, projectID: 5, name: 'Default', modTables: [] }, status: { isRunning: false }, project: { id: 5, name: 'Little River' } },
      'scenarios/getmods/7/Potholes': [],
      'hruselection/subbasins/5': [{ id: 101, name: '1', number: 1 }],
      'POST scenarios/subbasin/save/7/Potholes': { value: true, id: 1 },
    });
    renderPages('/projects/5/scenarios/7/potholes', plugin);
    const input = (name: string) => screen.findByLabelText(new RegExp(`^${name}(\\s|$)`), { selector: 'input' }, { timeout: 20_000 }) as Promise<HTMLInputElement>;
    for (const v of POTHOLE_VARIABLES) expect((await input(v.name)).value, v.name).toBe('0');
    fireEvent.change(await input('POT_FR'), { target: { value: '1.5' } });
    expect((await screen.findAllByText('Must be between 0 and 1')).length).toBeGreaterThan(0);
    fireEvent.change(await input('POT_FR'), { target: { value: '0.3' } });
    fireEvent.change(await input('POT_VOLX'), { target: { value: '50' } });
    fireEvent.click(screen.getByLabelText('Apply to all HRUs'));
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ applyToAll: true, subbasins: [], landuses: [], soils: [], slopes: [], modificationObject: { POT_FR: 0.3, POT_VOLX: 50 } }]);
  });
});
