// The admin dataset pages and the HUC2 import page over a stubbed API: Save stays disabled until
// the settings change, a blank name is refused on the client (nothing sent), a valid change sends
// every setting with the outline parsed; the import page shows the flag's notice, a region's
// Import, and the soils import, each calling its endpoint.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPages, serve } from '@headwater/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import plugin from '../src/plugin.tsx';

vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, off() {}, emit() {}, connect() {}, disconnect() {}, connected: false }) }));

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const OUTLINE = { type: 'FeatureCollection', features: [] };
const DETAIL = {
  dataset: {
    id: 5, isActive: true, name: 'Little River', description: 'Demo', attribution: 'SEWRL', version: '1', loadByDefault: true, minLat: 31.4, maxLat: 31.8, minLon: -83.8, maxLon: -83.4,
    minCn2: null, maxCn2: null, isUserSubmitted: false, optionOrder: 1, optionGroup: 'System datasets', restrictSelection: false, restrictionMessage: '', defaultSWATVersionID: 1,
    allowOnlyDefaultSWATVersion: false, allowGisApiAccess: false, allowApiAccess: false, includeModflow: false, outline: JSON.stringify(OUTLINE), iclusHruThreshold: null,
    useSharedWeatherDirectoryForIclus: false, defaultHruThreshold: null, allowSqliteEditorTables: false, configPath: '', weatherPath: '', calibrationPageText: '', hideFromHelpTable: false,
    useNonAgLanduseSetting: false, createdOn: '2026-11-01T00:00:00Z', userName: '', userID: null, accessibility: 'Public', isPublic: true, groupIDs: [], tierIDs: [],
    counts: { subbasins: 3, hrus: 134, projects: 2 }, importID: null, importStatus: null, publicRequest: null,
  },
  groups: [],
  tiers: [{ value: 1, text: 'Tier I' }],
  swatVersions: [{ value: 1, text: 'Headwater engine', disabled: false }],
  calibrations: [{ id: 1, name: 'Little River at gauge J', group: 'USGS gauges', endingSubbasin: '3', hasOption: true, numSites: 1 }],
  weather: { options: [{ value: 2, text: 'Observed', isActive: true, startDate: '2000-01-01', endDate: '2012-12-31' }], datasets: [{ id: 2, isDefault: true }] },
};

describe('/admin/datasets/{id}', () => {
  it('keeps Save disabled until a change, refuses a blank name on the client, then sends every setting', async () => {
    const calls = serve({ 'admin/datasets/5': DETAIL, 'PUT admin/datasets/5': { id: 5, isActive: true } });
    renderPages('/admin/datasets/5?tab=settings', plugin);
    const save = await screen.findByTestId('save-dataset-settings');
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: '' } });
    expect((save as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText('Please fix the errors below and try again.')).toBeTruthy();
    expect(screen.getByText('Required')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Little River (edited)' } });
    fireEvent.click(save);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const sent = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ name: 'Little River (edited)', version: '1', minLat: 31.4, optionOrder: 1, isActive: true, defaultSWATVersionID: 1, outline: OUTLINE });
  });

  it('shows the public request banner while the request is Submitted', async () => {
    serve({ 'admin/datasets/5': { ...DETAIL, dataset: { ...DETAIL.dataset, userID: 7, userName: 'uma', isUserSubmitted: true, publicRequest: { status: 'Submitted', userMessage: 'For my class' } } } });
    renderPages('/admin/datasets/5', plugin);
    expect((await screen.findByTestId('public-request-banner')).textContent).toContain('For my class');
    expect(screen.getByTestId('dataset-calibrations').textContent).toContain('Little River at gauge J');
  });
});

describe('/admin/import-huc-v2', () => {
  it('shows the notice while the flag is off', async () => {
    serve({ 'admin/importHuc2': { enabled: false, regions: [], imports: {}, soils: { count: 0, progress: 0, isRunning: false, hasError: false, statusMessage: '' } } });
    renderPages('/admin/import-huc-v2', plugin);
    expect(await screen.findByText(/Regional \(HUC2\) imports are turned off/)).toBeTruthy();
  });

  it('starts a region and the soils import', async () => {
    const calls = serve({
      'admin/importHuc2': {
        enabled: true,
        regions: [{ name: '03', resolutions: [{ value: 12, text: 'HUC12', id: 4 }] }],
        imports: { 4: { id: 4, region: '03', digits: 12, datasetID: null, importedDate: null, importTime: null, status: { isRunning: false, hasError: false, exceptionMessage: '', isComplete: false, isAborting: false }, progress: { percent: 0, message: '' } } },
        soils: { count: 0, progress: 0, isRunning: false, hasError: false, statusMessage: '' },
      },
      'POST admin/importHuc2/4': { id: 4, progress: 1, statusMessage: 'Starting import...' },
      'POST admin/importHuc2/soils': { progress: 1, statusMessage: 'Starting import...' },
    });
    renderPages('/admin/import-huc-v2', plugin);
    fireEvent.click(await screen.findByTestId('huc2-start-4'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.startsWith('admin/importHuc2/4'))).toBe(true));
    fireEvent.click(await screen.findByTestId('huc2-soils-start'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.startsWith('admin/importHuc2/soils'))).toBe(true));
  });
});
