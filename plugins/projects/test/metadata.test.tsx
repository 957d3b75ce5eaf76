// The metadata page /projects/:id/metadata (spec 1 §5): the scenario rows and the input
// modifications the server answers (projects/metadata/{id}) shown as tables, one row each.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, serve, workspacePlugins } from '@headwater/plugin-sdk/testing';
import { MetadataPage } from '../src/pages/MetadataPage.tsx';

vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, off() {}, emit() {}, connect() {}, disconnect() {}, connected: false }) }));

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const PROJECT = {
  project: { id: 7, name: 'LREW', numSubbasins: 3, numHrus: 134, numOriginalHrus: 134, totalArea: 21.96, scenarios: [] },
  tier: { subbasinLimit: 0, hruLimit: 0 },
  status: { isCreated: true },
};
const METADATA = {
  watershed: [{ name: 'Project name', value: 'LREW' }],
  hrus: [{ name: 'HRUs (current)', value: 134 }],
  originalGroups: { landuse: [], soil: [], slope: [] },
  trimmedGroups: { landuse: [], soil: [], slope: [] },
  scenarios: [
    { name: 'Baseline', weatherDataset: 'LREW observed', climateChange: null, start: '2003-01-01', end: '2007-12-31', skipYears: 2, printSetting: 'Daily', swatVersion: 'Headwater engine' },
    { name: 'Warmer', weatherDataset: 'LREW observed', climateChange: 'Delta +2 °C, 2003-2007', start: '2003-01-01', end: '2007-12-31', skipYears: 1, printSetting: 'Monthly', swatVersion: 'Headwater engine' },
  ],
  modifications: [{ scenario: 'Warmer', table: 'ClimateSensitivity', subbasins: '2', landuses: 'All', soils: 'All', slopes: 'All', months: '6, 7', values: 'Rainfall +20%; temperature +3 °C' }],
};

describe('metadata /projects/:id/metadata', () => {
  it('shows every scenario row and input modification the server answers', async () => {
    serve({ 'projects/7': PROJECT, 'projects/metadata/7': METADATA, plugins: workspacePlugins({ only: ['projects'] }) });
    renderAt('/projects/7/metadata', '/projects/:id/metadata', <MetadataPage params={{ id: '7' }} path="/projects/7/metadata" />);
    const scenarios = await screen.findByTestId('metadata-scenarios');
    const rows = within(scenarios).getAllByRole('row');
    expect(rows).toHaveLength(3); // header + 2
    expect(rows[0]!.textContent).toContain('Weather Dataset');
    expect(rows[1]!.textContent).toContain('Baseline');
    expect(rows[1]!.textContent).toContain('2003-01-01');
    expect(rows[2]!.textContent).toContain('Monthly');
    expect(rows[2]!.textContent).toContain('Delta +2 °C, 2003-2007');
    const mods = screen.getByTestId('metadata-modifications');
    expect(within(mods).getAllByRole('row')).toHaveLength(2);
    expect(mods.textContent).toContain('ClimateSensitivity');
    expect(mods.textContent).toContain('Rainfall +20%; temperature +3 °C');
    expect(mods.textContent).not.toContain('None.');
  });
});
