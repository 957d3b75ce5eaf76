// The admin pages of issue 20 over a stubbed API: the weather create form (required fields,
// problems in the station files listed by file and line, then the list after a create), the SWAT
// versions grid (the built-in engine shown honestly, Yes/No columns) and the copy dialog's
// message for a missing name (nothing sent).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPages, reply, serve } from '@headwater/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import plugin from '../src/plugin.tsx';

vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, off() {}, emit() {}, connect() {}, disconnect() {}, connected: false }) }));

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const CHOICES = { datasets: [{ value: 1, text: 'Little River (demo)' }], fileFormats: [{ value: 1, text: "The product's own format" }, { value: 2, text: 'SWAT' }, { value: 3, text: 'Original' }] };

describe('/admin/datasets/weather/create', () => {
  it('checks the required fields, lists station-file problems by file and line, then goes to the list', async () => {
    let attempt = 0;
    const calls = serve({
      'admin/weather/options': CHOICES,
      'admin/weather': { items: [], total: 0 },
      'POST admin/weather': () => (++attempt === 1 ? reply(400, { errors: { pathToFiles: ["pcp1.pcp: line 10: value 1 ('x.x') is not a number.", 'Tmp1.Tmp: line 7: expected day 2000003, found 2000004; days must follow one another.'] } }) : { id: 9 }),
    });
    renderPages('/admin/datasets/weather/create', plugin);
    expect(await screen.findByRole('heading', { name: 'Create a new weather dataset' })).toBeTruthy();
    expect(screen.getByText(/must already be on the server/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('weather-save'));
    expect(await screen.findByText('Please fix the errors below and try again.')).toBeTruthy();
    expect(screen.getAllByText('Required').length).toBe(4);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('weather-name'), { target: { value: 'Observed 2000-2001' } });
    fireEvent.change(screen.getByTestId('weather-path'), { target: { value: 'observed' } });
    fireEvent.change(screen.getByTestId('weather-start'), { target: { value: '2000-01-01' } });
    fireEvent.change(screen.getByTestId('weather-end'), { target: { value: '2001-12-31' } });
    fireEvent.click(screen.getByTestId('weather-save'));
    const list = await screen.findByTestId('weather-file-errors');
    expect(within(list).getByText("pcp1.pcp: line 10: value 1 ('x.x') is not a number.")).toBeTruthy();
    expect(within(list).getByText(/Tmp1\.Tmp: line 7/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('weather-save'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/datasets/weather'));
    const sent = calls.filter((c) => c.method === 'POST').pop()!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ name: 'Observed 2000-2001', pathToFiles: 'observed', startDate: '2000-01-01', endDate: '2001-12-31', fileFormat: 2, isActive: true, sortOrder: 0, cmipVersion: null, datasetIDs: [1] });
  });
});

describe('/admin/datasets/swatversions', () => {
  it('shows every version with Yes/No flags and the built-in engine as built into the server', async () => {
    serve({
      'admin/swatversions/files': [{ name: 'swat2012.exe', size: 4096, modified: '2026-11-20T10:00:00Z' }],
      'admin/swatversions': {
        items: [
          { id: 1, name: 'Headwater engine (SWAT2012 rev 637 compatible)', releaseFileName: 'builtin:headwater', debugFileName: '', isDefault: true, isDisabled: false },
          { id: 2, name: 'SWAT2012 rev 681', releaseFileName: 'swat2012.exe', debugFileName: 'swat2012_debug.exe', isDefault: false, isDisabled: true },
        ],
        total: 2,
      },
    });
    renderPages('/admin/datasets/swatversions', plugin);
    const builtIn = (await screen.findByText('Headwater engine (SWAT2012 rev 637 compatible)')).closest('tr')!;
    expect(within(builtIn).getByText('Built into the server')).toBeTruthy();
    expect(within(builtIn).getAllByRole('cell').map((c) => c.textContent).slice(-2)).toEqual(['Yes', 'No']);
    const exe = screen.getByText('SWAT2012 rev 681').closest('tr')!;
    expect(within(exe).getAllByRole('cell').map((c) => c.textContent).slice(-2)).toEqual(['No', 'Yes']);
    expect((await screen.findByTestId('executable-files')).textContent).toContain('swat2012.exe');
  });
});

describe('/admin/projects', () => {
  it('copies a selected project: a blank name gives the spec\'s message and sends nothing', async () => {
    const calls = serve({ 'admin/projects': { items: [{ id: 5, name: 'Upper basin', userName: 'ursula', lastModifiedDate: '2026-11-20T10:00:00Z', dataset: 'Little River', endingSubbasin: '7', numSubbasins: 3, numHrus: 40, totalArea: 12.5, numScenarios: 2 }], total: 1 } });
    renderPages('/admin/projects', plugin);
    fireEvent.click(await screen.findByTestId('select-project-5'));
    fireEvent.click(screen.getByTestId('copy-project'));
    const name = (await screen.findByTestId('copy-name')) as HTMLInputElement;
    expect(name.value).toBe('Upper basin (Copy)');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(screen.getByTestId('copy-submit'));
    expect(await screen.findByText('Please provide a name for the new scenario.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
