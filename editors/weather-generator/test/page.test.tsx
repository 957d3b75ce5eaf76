// @vitest-environment jsdom
// The weather generator page as a user sees it, over a stubbed API answering what platform-api
// answers (platform-api/test/editor-weather-generator.test.ts checks those): the 14 fields at
// 0 with their meaning, the saved changes, subbasins and months to choose before Save, the
// spec's messages, and only the edited fields sent, the months beside them.
import { renderAt, serve, type Call } from '@headwater/plugin-sdk/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import plugin from '../src/plugin.tsx';
import { WGN_FIELDS } from '../src/schema.ts';

vi.mock('../../../plugin-sdk/src/live.ts', () => ({ useLiveStatus: () => undefined }));
afterEach(() => vi.unstubAllGlobals());

const ROUTE = plugin.editor.route;
const SAVED = { id: 3, modType: 'Wgn', applyToAll: false, value: 'RAINHHMX: +50%', subbasins: ['1', '2'], subbasinIDs: [101, 102], months: [6, 7, 8], modificationObject: { RAINHHMX: 50 }, lastModifiedDate: '2024-05-01T10:00:00Z' };

function api(): Call[] {
  return serve({
    'scenarios/7': { scenario: { id: 7, projectID: 5, name: 'Default', modTables: ['Wgn'] }, status: { isRunning: false }, project: { id: 5, name: 'Little River' } },
    'scenarios/getmods/7/Wgn': [SAVED],
    'hruselection/subbasins/5': [
      { id: 101, name: '1', number: 1 },
      { id: 102, name: '2', number: 2 },
    ],
    'POST scenarios/savemods/7/Wgn': { value: true, id: 4 },
  });
}

function renderPage() {
  const Page = plugin.pages.WeatherGeneratorEditor!;
  return renderAt('/projects/5/scenarios/7/weather-generator', ROUTE, <Page params={{ id: '5', scenarioID: '7' }} path="/projects/5/scenarios/7/weather-generator" />);
}

const input = (key: string, timeout = 10_000) => screen.findByLabelText(new RegExp(`^${key} \\(% change\\)`), { selector: 'input' }, { timeout }) as Promise<HTMLInputElement>;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('the weather generator page', () => {
  it('shows the 14 fields at 0 with their meaning, and the saved changes', async () => {
    api();
    renderPage();
    for (const f of WGN_FIELDS) expect((await input(f.key)).value, f.key).toBe('0');
    expect(screen.getByText(/percent change \(-100 to 100\) of the subbasin’s weather generator \(\.wgn\) monthly statistic for the chosen months/)).toBeTruthy();
    expect(screen.getByText('Maximum 0.5-hour rainfall, mm')).toBeTruthy();
    expect(screen.getByText('Probability of a wet day following a dry day')).toBeTruthy();
    expect(screen.getByText('RAINHHMX: +50%')).toBeTruthy();
    expect(screen.getByLabelText('June')).toBeTruthy();
  });

  it('saves only the edited fields once subbasins and months are chosen', async () => {
    const calls = api();
    renderPage();
    fireEvent.change(await input('TMPMX'), { target: { value: '-10' } });
    fireEvent.change(await input('PR_W2'), { target: { value: '12.5' } });
    // changed, but no subbasin and no month yet
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Apply to all subbasins'));
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('July'));
    fireEvent.click(screen.getByLabelText('June'));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map(({ auth: _auth, ...c }) => c)).toEqual([
      {
        method: 'POST',
        url: 'scenarios/savemods/7/Wgn',
        body: { applyToAll: true, subbasins: [], landuses: [], soils: [], slopes: [], months: [6, 7], modificationObject: { TMPMX: -10, PR_W2: 12.5 } },
      },
    ]);
  });

  it("says 'Must be between -100 and 100' and 'Required', and does not save", async () => {
    const calls = api();
    renderPage();
    fireEvent.change(await input('RAINHHMX'), { target: { value: '150' } });
    expect((await screen.findAllByText('Must be between -100 and 100')).length).toBeGreaterThan(0);
    expect(screen.queryAllByText('Required')).toHaveLength(0);
    fireEvent.change(await input('PCPMM'), { target: { value: '' } });
    expect((await screen.findAllByText('Required')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByLabelText('Apply to all subbasins'));
    fireEvent.click(screen.getByLabelText('August'));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByText('Please fix the errors below and try again.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
