import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HruSelector } from '../src/editor/HruSelector.tsx';
import type { HruSelection } from '../src/editor/types.ts';
import { renderWithProviders, serveApi, type Call } from './editorHarness.tsx';

afterEach(() => vi.unstubAllGlobals());

const subbasins = [
  { id: 101, name: '1', number: 1 },
  { id: 102, name: '2', number: 2 },
];

function hruApi() {
  return serveApi({
    'GET hruselection/subbasins/5': subbasins,
    'POST hruselection/landuse/5': ({ body }: Call) => ((body as { subbasins: number[] }).subbasins.includes(102) ? [{ name: 'AGRL', description: 'Agricultural land' }, { name: 'FRSD' }] : [{ name: 'FRSD' }]),
    'POST hruselection/soils/5': [{ name: 'TX047' }, { name: 'TX236' }],
    'POST hruselection/slopes/5': [{ name: '0-2' }, { name: '2-9999' }],
  });
}

/** Picks an option of a Mantine (Multi)Select by its label. */
async function pick(label: string, option: string) {
  const input = await screen.findByLabelText(label, { selector: 'input' });
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const last = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls.at(-1)![0] as HruSelection;

describe('HruSelector', () => {
  it('loads land uses, soils and slopes in cascade and emits each selection', async () => {
    const calls = hruApi();
    const onChange = vi.fn();
    renderWithProviders(<HruSelector projectID={5} mode="hru" onChange={onChange} />);
    await pick('Subbasins', '2');
    expect(last(onChange)).toEqual({ applyToAll: false, subbasins: [102], landuses: [], soils: [], slopes: [], months: [] });
    expect(onChange.mock.calls.at(-1)![1]).toEqual({ subbasinNames: ['2'] });
    await waitFor(() => expect(calls.find((c) => c.path === 'hruselection/landuse/5')?.body).toEqual({ subbasins: [102] }));

    await pick('Land uses', 'AGRL (Agricultural land)');
    expect(last(onChange).landuses).toEqual(['AGRL']);
    await waitFor(() => expect(calls.find((c) => c.path === 'hruselection/soils/5')?.body).toEqual({ subbasins: [102], landuse: ['AGRL'] }));

    await pick('Soils', 'TX047');
    await waitFor(() => expect(calls.find((c) => c.path === 'hruselection/slopes/5')?.body).toEqual({ subbasins: [102], landuse: ['AGRL'], soils: ['TX047'] }));
    await pick('Slopes', '0-2');
    expect(last(onChange)).toEqual({ applyToAll: false, subbasins: [102], landuses: ['AGRL'], soils: ['TX047'], slopes: ['0-2'], months: [] });
  });

  it('drops a land use the new subbasins no longer offer, and what hung on it', async () => {
    hruApi();
    const onChange = vi.fn();
    renderWithProviders(
      <HruSelector projectID={5} mode="hru" defaultValue={{ applyToAll: false, subbasins: [102], landuses: ['AGRL'], soils: ['TX047'], slopes: ['0-2'], months: [] }} onChange={onChange} />,
    );
    // Remove subbasin 2 and choose 1: subbasin 1 has no AGRL.
    await pick('Subbasins', '1');
    await pick('Subbasins', '2');
    await waitFor(() => expect(last(onChange)).toEqual({ applyToAll: false, subbasins: [101], landuses: [], soils: [], slopes: [], months: [] }));
  });

  it("'apply to all' hides the lists; subbasin mode shows subbasins only", async () => {
    const calls = hruApi();
    const onChange = vi.fn();
    renderWithProviders(<HruSelector projectID={5} mode="subbasin" onChange={onChange} />);
    expect(await screen.findByLabelText('Subbasins', { selector: 'input' })).toBeTruthy();
    expect(screen.queryByLabelText('Land uses', { selector: 'input' })).toBeNull();
    fireEvent.click(screen.getByLabelText('Apply to all subbasins'));
    expect(last(onChange).applyToAll).toBe(true);
    expect(screen.queryByLabelText('Subbasins', { selector: 'input' })).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('subbasin-months offers January to December', async () => {
    hruApi();
    const onChange = vi.fn();
    renderWithProviders(<HruSelector projectID={5} mode="subbasin-months" onChange={onChange} />);
    fireEvent.click(await screen.findByLabelText('March'));
    fireEvent.click(screen.getByLabelText('January'));
    expect(last(onChange).months).toEqual([1, 3]);
    fireEvent.click(screen.getByText('Select all months'));
    expect(last(onChange).months).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(screen.getByLabelText('December')).toBeTruthy();
  });

  it('single-hru picks exactly one of each and has no apply-to-all', async () => {
    hruApi();
    const onChange = vi.fn();
    renderWithProviders(<HruSelector projectID={5} mode="single-hru" onChange={onChange} />);
    await pick('Subbasins', '1');
    await pick('Subbasins', '2');
    expect(last(onChange).subbasins).toEqual([102]);
    expect(screen.queryByLabelText(/Apply to all/)).toBeNull();
  });
});
