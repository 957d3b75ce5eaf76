import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SavedChangesTable } from '../src/editor/SavedChangesTable.tsx';
import type { SavedChange } from '../src/editor/types.ts';
import { renderWithProviders, serveApi } from './editorHarness.tsx';

afterEach(() => vi.unstubAllGlobals());

const changes: SavedChange[] = [
  { id: 11, applyToAll: true, value: '5%', subbasins: [], landuses: [], soils: [], slopes: [], lastModifiedDate: '2026-03-02T10:00:00Z', modificationObject: { value: 5 } },
  {
    id: 12,
    applyToAll: false,
    value: '-3%',
    subbasins: ['1', '2', '3', '4', '5', '6', '7'],
    landuses: ['AGRL', 'FRSD'],
    soils: [],
    slopes: ['0-2'],
    months: [1, 2],
    lastModifiedDate: '2026-03-03T10:00:00Z',
    modificationObject: { value: -3 },
  },
];

describe('SavedChangesTable', () => {
  it("shows 'All' for empty lists and at most 5 items then '(...)'", () => {
    serveApi({});
    renderWithProviders(<SavedChangesTable changes={changes} />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['View', 'Value', 'Subbasins', 'Land use', 'Soils', 'Slopes', 'Added date', 'Delete']);
    const first = within(screen.getByTestId('change-11')).getAllByRole('cell').map((c) => c.textContent);
    expect(first.slice(1, 6)).toEqual(['5%', 'All', 'All', 'All', 'All']);
    const second = within(screen.getByTestId('change-12')).getAllByRole('cell').map((c) => c.textContent);
    expect(second.slice(1, 6)).toEqual(['-3%', '1, 2, 3, 4, 5 (...)', 'AGRL, FRSD', 'All', '0-2']);
  });

  it('opens one change in full', async () => {
    serveApi({});
    renderWithProviders(<SavedChangesTable changes={changes} describeChange={(c) => `CN2 ${String(c.value)}`} />);
    fireEvent.click(screen.getByLabelText('View change 12'));
    const view = await screen.findByTestId('change-view');
    expect(within(view).getByText('1, 2, 3, 4, 5, 6, 7')).toBeTruthy();
    expect(within(view).getByText('January, February')).toBeTruthy();
    expect(within(view).getByText('CN2 -3%')).toBeTruthy();
    expect(within(screen.getByTestId('change-values')).getByText('-3')).toBeTruthy();
  });

  it('asks before deleting, then deletes and reloads', async () => {
    const calls = serveApi({ 'DELETE scenarios/deletemod/12': { value: true } });
    const onDeleted = vi.fn();
    renderWithProviders(<SavedChangesTable changes={changes} onDeleted={onDeleted} />);
    fireEvent.click(screen.getByLabelText('Delete change 12'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Remove this change\?/)).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(12));
    expect(calls).toEqual([{ method: 'DELETE', path: 'scenarios/deletemod/12', body: undefined }]);
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const calls = serveApi({});
    renderWithProviders(<SavedChangesTable changes={changes} />);
    fireEvent.click(screen.getByLabelText('Delete change 11'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toHaveLength(0);
  });

  it('says so when there are no changes', () => {
    serveApi({});
    renderWithProviders(<SavedChangesTable changes={[]} />);
    expect(screen.getByTestId('saved-changes-empty').textContent).toBe('No changes saved yet.');
  });
});
