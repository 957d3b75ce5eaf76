// The advanced pages over a stubbed API: the side menu gated by the server's access answer, the
// batch create form (Submit disabled until the CSV yields a subbasin; the payload), the batch view
// in its states, and the regional page's no-regions message and create.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPages, serve } from '@headwater/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import plugin from '../src/plugin.tsx';
import { NO_REGIONS } from '../src/RegionalPage.tsx';
import { V1_TEXT } from '../src/MigrationPages.tsx';

vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, off() {}, emit() {}, connect() {}, disconnect() {}, connected: false }) }));

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const where = () => screen.getByTestId('location').textContent;
const ACCESS = { batchProjects: true, regionalProjects: true, isApiUser: true, hasApiKey: true };
const OPTIONS = {
  datasets: [{ label: 'System datasets', options: [{ value: 1, text: 'Little River' }] }],
  userDatasets: [{ value: 9, text: 'My upload' }],
  printSettings: [{ value: 1, text: 'Daily' }, { value: 0, text: 'Monthly' }, { value: 2, text: 'Yearly' }],
  hruMethods: [{ value: 'area', text: 'Area threshold' }, { value: 'target', text: 'Target number of HRUs' }],
  hruUnits: [{ value: 'area', text: 'Area (sq. km.)' }, { value: 'percent', text: 'Percent of each subbasin' }],
  defaultDataset: 1,
  defaultWetlands: ['WATR'],
  defaultSetHruMethod: 'area',
  defaultSetHruUnits: 'area',
  defaults: { useSubbasinAsNames: true, skipYears: 2, printSetting: 0, targetThreshold: 0.5, noOutputProcessing: true, noModelRun: false, writeSwatEditor: false },
};
const DS_OPTIONS = {
  weatherDatasets: [{ label: 'Observed weather', options: [{ id: 3, name: 'LREW gauges', startDate: '2000-01-01', endDate: '2012-12-31' }] }],
  climateChangeScenarios: [],
  climateChangeTimePeriods: [],
  swatVersions: [{ id: 2, name: 'Built-in' }],
  defaultSwatVersion: 2,
  defaultWeatherDataset: 3,
};

describe('the /api side menu', () => {
  it('shows only what the server says the user may use', async () => {
    serve({
      'api-requests/access': { ...ACCESS, batchProjects: false },
      'api-requests': { items: [{ id: 3, requestType: 'Regional', name: 'Whole river', status: 'Completed', lastModifiedDate: '2026-11-25T08:00:00Z', createdDate: '2026-11-25T08:00:00Z', projectId: 12 }], total: 1 },
    });
    renderPages('/api', plugin);
    expect((await screen.findByText('Whole river')).closest('a')!.getAttribute('href')).toBe('/projects/12'); // the user's API requests
    expect(await screen.findByText('Regional project runs')).toBeTruthy();
    expect(screen.queryByText('Batch project runs', { selector: 'a *, a' })).toBeNull();
    expect(screen.getByText(/need the BatchProjects feature/)).toBeTruthy();
  });
});

describe('create a batch request', () => {
  it('keeps Submit disabled until the CSV yields a subbasin, then sends the spec payload and opens the batch', async () => {
    const calls = serve({
      'api-requests/access': ACCESS,
      'api-requests/batchoptions': OPTIONS,
      'api-requests/batchdatasetoptions': DS_OPTIONS,
      'POST api-requests/uploadbatch': { name: 'outlets', projectSubbasins: [{ endingSubbasin: '01', startingSubbasins: [] }, { endingSubbasin: '3', startingSubbasins: ['1', '2'] }] },
      'POST api-requests/createbatch': { id: 5 },
      'api-requests/batch': { id: 5 },
    });
    renderPages('/api/batch/create', plugin);
    const submit = await screen.findByTestId('batch-submit');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(calls.some((c) => c.url === 'api-requests/batchdatasetoptions/1')).toBe(true));
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['Ending_Subbasin\n01\n'], 'outlets.csv', { type: 'text/csv' })] } });
    expect((await screen.findByTestId('batch-csv-count')).textContent).toBe('outlets.csv: 2 projects');
    expect(screen.getByText('01')).toBeTruthy(); // leading zero kept
    await waitFor(() => expect((screen.getByTestId('batch-name') as HTMLInputElement).value).toBe('outlets'));
    await waitFor(() => expect((screen.getByTestId('batch-submit') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('batch-submit'));
    await waitFor(() => expect(where()).toBe('/api/batch/5'));
    const sent = calls.find((c) => c.url === 'api-requests/createbatch')!.body as any;
    expect(sent.name).toBe('outlets');
    expect(sent.batch).toMatchObject({ datasetID: 1, weatherDatasetID: 3, swatVersionID: 2, skipYears: 2, printSetting: 0, setHruMethod: 'area', setHruUnits: 'area', targetThreshold: 0.5, useSubbasinAsNames: true, noOutputProcessing: true, startingSimulationDate: '2000-01-01', endingSimulationDate: '2004-12-31' });
    expect(sent.batch.projectSubbasins).toHaveLength(2);
  }, 20_000); // a long form under jsdom: slow on a busy machine
});

const VIEW = {
  id: 5,
  name: 'Outlets',
  status: { status: 'Completed', hasError: false, statusMessage: 'Batch run completed in 5 seconds', exceptionMessage: '', isRunning: false, currentProgress: 100, hasRun: true, runtime: '5 seconds', isAborting: false, isAborted: false, startRunDate: '2026-11-25T08:00:00Z', numProjects: 1, numDone: 1 },
  batch: { dataset: 'Little River', setAsSingleSubbasinProjects: true, serverPath: 'batches/5', geojsonDownload: '/api/api-requests/batchgeojson/5', cumulativeAreasDownload: '/api/api-requests/batchareas/5' },
  projects: [{ id: 7, rowNumber: 1, endingSubbasin: '01', startingSubbasins: [], status: 'Completed', statusMessage: 'Completed.', progress: 100, scenarios: [{ id: 8, hasRun: true, runtime: 3, download: '/api/exports/scenario/8', statusMessage: '' }] }],
};

describe('the batch view', () => {
  it('completed: the runtime and the downloads; delete is offered', async () => {
    serve({ 'api-requests/access': ACCESS, 'api-requests/batch/5': VIEW });
    renderPages('/api/batch/5', plugin);
    expect((await screen.findByTestId('batch-completed')).textContent).toContain('Batch run completed in 5 seconds');
    expect(screen.getByText('GeoJson').getAttribute('href')).toContain('/api/api-requests/batchgeojson/5');
    expect(screen.getByText('Cumulative Areas')).toBeTruthy();
    expect(screen.getByText('Scenario files').getAttribute('href')).toContain('/api/exports/scenario/8');
    expect(screen.getByTestId('batch-delete')).toBeTruthy();
    expect(screen.queryByTestId('batch-abort')).toBeNull();
  });

  it('running: the progress and Abort (no Delete); aborted: the message', async () => {
    serve({ 'api-requests/access': ACCESS, 'api-requests/batch/5': { ...VIEW, status: { ...VIEW.status, isRunning: true, hasRun: false, currentProgress: 40, statusMessage: 'Running: 0 of 1 projects finished.' } } });
    const { unmount } = renderPages('/api/batch/5', plugin);
    expect(await screen.findByTestId('batch-running')).toBeTruthy();
    expect(screen.getByTestId('batch-abort')).toBeTruthy();
    expect(screen.queryByTestId('batch-delete')).toBeNull();
    unmount();
    serve({ 'api-requests/access': ACCESS, 'api-requests/batch/5': { ...VIEW, status: { ...VIEW.status, hasRun: false, isAborted: true, status: 'Aborted' } } });
    renderPages('/api/batch/5', plugin);
    expect((await screen.findByTestId('batch-aborted')).textContent).toBe('Batch run aborted.');
  });
});

describe('regional project runs', () => {
  it('says when the dataset has no regions, and creates a project that then opens', async () => {
    const calls = serve({
      'api-requests/access': ACCESS,
      'api-requests/regionaloptions': { datasets: OPTIONS.datasets, userDatasets: [], defaultDataset: 1 },
      'api-requests/datasetregionoptions/1': { regions: [{ value: 4, text: 'Little River at gauge J' }], message: null },
      'POST api-requests/createregionalproject': { id: 12, requestId: 2 },
    });
    renderPages('/api/regional', plugin);
    await waitFor(() => expect(calls.some((c) => c.url === 'api-requests/datasetregionoptions/1')).toBe(true));
    fireEvent.change(screen.getByTestId('regional-name'), { target: { value: 'x'.repeat(100) } });
    await waitFor(() => expect((screen.getByTestId('regional-create') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('regional-create'));
    expect(await screen.findByText('Must be fewer than 100 characters')).toBeTruthy();
    fireEvent.change(screen.getByTestId('regional-name'), { target: { value: 'Whole river' } });
    fireEvent.click(screen.getByTestId('regional-create'));
    await waitFor(() => expect(calls.some((c) => c.url === 'api-requests/createregionalproject')).toBe(true));
    expect(calls.find((c) => c.url === 'api-requests/createregionalproject')!.body).toEqual({ datasetID: 1, regionID: 4, projectName: 'Whole river' });
  });

  it('no regions', async () => {
    serve({
      'api-requests/access': ACCESS,
      'api-requests/regionaloptions': { datasets: OPTIONS.datasets, userDatasets: [], defaultDataset: 1 },
      'api-requests/datasetregionoptions/1': { regions: [], message: NO_REGIONS },
    });
    renderPages('/api/regional', plugin);
    expect((await screen.findByTestId('regional-no-regions')).textContent).toBe(NO_REGIONS);
  });
});

describe('migration from version 1', () => {
  it('/v1/check: a user name or an email is needed; then the code is sent', async () => {
    const calls = serve({ 'POST version1/checkuser': { value: true } });
    renderPages('/v1/check', plugin);
    fireEvent.click(await screen.findByTestId('v1-check'));
    expect(await screen.findByText(V1_TEXT.checkRequired)).toBeTruthy();
    fireEvent.change(screen.getByTestId('v1-username'), { target: { value: 'olduser' } });
    fireEvent.click(screen.getByTestId('v1-check'));
    expect((await screen.findByTestId('v1-sent')).textContent).toBe(V1_TEXT.sent);
    expect(calls.find((c) => c.url === 'version1/checkuser')!.body).toEqual({ userName: 'olduser', email: '' });
  });

  it('/v1/verify/{code}: the code from the route, the form prefilled (email read-only), the projects to import', async () => {
    const calls = serve({
      'POST version1/verify': { firstName: 'Olga', lastName: 'Older', email: 'old@example.org', userName: 'olduser', affiliation: 'Lab', reasonForUse: 'Studies', organizationCategory: 'Other', country: 'Canada', state: '', projects: [{ id: 201, name: 'Little River (v1)' }, { id: 202, name: 'Headwater (v1)' }], location: { countries: ['Canada', 'United States'], states: ['Georgia'], organizationCategories: ['Other'] } },
      'POST version1/register': { value: true, importing: true },
    });
    renderPages('/v1/verify/ABCD2345', plugin);
    expect((await screen.findByTestId('v1-code') as HTMLInputElement).value).toBe('ABCD2345');
    fireEvent.change(screen.getByTestId('v1-verify-email'), { target: { value: 'old@example.org' } });
    fireEvent.click(screen.getByTestId('v1-verify'));
    expect(((await screen.findByTestId('v1-form-username')) as HTMLInputElement).value).toBe('olduser');
    expect((screen.getByDisplayValue('old@example.org') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByText(V1_TEXT.notImported)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Headwater (v1)'));
    fireEvent.change(screen.getByTestId('v1-password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByTestId('v1-register'));
    expect((await screen.findByTestId('error-list')).textContent).toContain(`Password: ${V1_TEXT.password}`);
    fireEvent.change(screen.getByTestId('v1-password'), { target: { value: 'Correct-horse-1' } });
    fireEvent.change(screen.getByTestId('v1-compare-password'), { target: { value: 'Correct-horse-1' } });
    fireEvent.click(screen.getByTestId('v1-register'));
    expect((await screen.findByTestId('v1-done')).textContent).toBe(V1_TEXT.done);
    const sent = calls.find((c) => c.url === 'version1/register')!.body as any;
    expect(sent).toMatchObject({ code: 'ABCD2345', email: 'old@example.org', userName: 'olduser', country: 'Canada', state: null, importAllProjects: false, projectsToImport: [201] });
  }, 20_000);
});
