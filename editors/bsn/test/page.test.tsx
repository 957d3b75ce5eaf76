// @vitest-environment jsdom
// The basin variables page as a user sees it, on the SDK's one-setting page: the four tabs,
// each field's description, units, range and default, Save only after a change, the changed
// and non-default values sent as numbers, 'Changes saved.'. The API is a stubbed fetch
// answering what platform-api answers (platform-api/test/editor-bsn.test.ts checks those).
import { renderAt, serve } from '@headwater/plugin-sdk/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BSN_VARIABLES, definitionsByTab } from '../src/definitions.ts';
import plugin from '../src/plugin.tsx';

vi.mock('../../../plugin-sdk/src/live.ts', () => ({ useLiveStatus: () => undefined }));
afterEach(() => vi.unstubAllGlobals());

// LREW's basins.bsn values (the dataset); the scenario has IPET 2 saved already.
const DATASET = Object.fromEntries(BSN_VARIABLES.map((v) => [v.name, v.default]));
Object.assign(DATASET, { SURLAG: 4, IPET: 1, IWQ: 1, RCN: 0 });

function api() {
  let item: Record<string, number> = { ...DATASET, IPET: 2 };
  return serve({
    'scenarios/7': { scenario: { id: 7, projectID: 5, name: 'Default', modTables: ['Bsn'] }, status: { isRunning: false }, project: { id: 5, name: 'Little River' } },
    'scenarios/general/bsn/7': () => ({ item, default: DATASET, definitions: definitionsByTab(), changes: { hasChanges: true, modID: 1 } }),
    'POST scenarios/general/bsn/7': (c: { body: object }) => ((item = { ...DATASET, ...(c.body as Record<string, number>) }), { value: true }),
  });
}

function renderPage() {
  const Page = plugin.pages.BsnEditor!;
  return renderAt('/projects/5/scenarios/7/bsn', plugin.editor.route, <Page params={{ id: '5', scenarioID: '7' }} path="/projects/5/scenarios/7/bsn" />);
}

const input = (name: string, timeout = 1000) => screen.findByLabelText(new RegExp(`^${name}`), { selector: 'input' }, { timeout }) as Promise<HTMLInputElement>;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

// 31 fields under jsdom: the first render and each change take a few seconds.
describe('basin variables page', { timeout: 30_000 }, () => {
  it('shows the four tabs and every variable with its description, units, range and default', async () => {
    api();
    renderPage();
    expect((await input('SURLAG', 8000)).value).toBe('4');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Water Balance', 'Surface Runoff', 'Nutrient Cycling', 'Reaches']);
    for (const v of BSN_VARIABLES) expect(screen.getAllByText(v.description).length, v.name).toBeGreaterThan(0);
    expect(screen.getByText('Units: days · Range: 0.05 to 24 · Default: 4')).toBeTruthy();
    expect(screen.getByText('Units: °C · Range: -5 to 5 · Default: 1')).toBeTruthy();
    expect(screen.getByText('Range: 0 to 2 · Default: Penman/Monteith')).toBeTruthy();
    // IPET's saved Hargreaves is the value in effect
    expect((await input('IPET')).value).toBe('Hargreaves');
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Remove Changes' })).toBeTruthy();
  });

  it('saves SURLAG 0.5 with the saved IPET, as numbers, and says so', async () => {
    const calls = api();
    renderPage();
    fireEvent.change(await input('SURLAG', 8000), { target: { value: '0.5' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map(({ method, url, body }) => ({ method, url, body }))).toEqual([{ method: 'POST', url: 'scenarios/general/bsn/7', body: { IPET: 2, SURLAG: 0.5 } }]);
  });
});
