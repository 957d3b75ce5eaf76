// The datasets pages (spec 3 §2.2) over a stubbed API: the list's tier notices and grid, the
// create form (the outlet asked only when the upload did not reveal one; the product-based option
// for site administrators only), and the dataset page while importing, after an error, and ready.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DATASET_MESSAGES } from '@headwater/plugin-sdk';
import { renderPages, serve } from '@headwater/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import plugin from '../src/plugin.tsx';

vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, off() {}, emit() {}, connect() {}, disconnect() {}, connected: false }) }));

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const OPTIONS = { hasAccess: true, reachedLimit: false, uploadLimit: 4, tierUploadLimit: 5, datasets: [{ label: 'System datasets', options: [{ value: 1, text: 'Little River' }] }], userDatasets: [], canDoHawqsBased: false };
const ROW = { id: 9, name: 'My LREW', description: 'd', importedDate: '2026-11-25T08:00:00Z', status: 'ready', accessibility: 'User', isActive: true, numSubbasins: 3, numHrus: 134, numProjects: 0, newDatasetID: 12 };
const DETAIL = {
  id: 9,
  name: 'My LREW',
  description: 'd',
  attribution: '',
  importedDate: '2026-11-25T08:00:00Z',
  isActive: true,
  state: 'ready',
  status: { isRunning: false, hasError: false, exceptionMessage: null, progress: { percent: 100, message: 'Import complete.' } },
  defaultSWATVersionID: null,
  allowOnlyDefaultSWATVersion: false,
  accessibility: 'User',
  groups: [],
  newDatasetID: 12,
  hasProjects: false,
  numProjects: 0,
  isPublic: false,
  publicRequest: null,
  kind: 'arcswat',
  isHawqsBased: false,
  uploadedFileName: 'LREW.zip',
  hasSwatMdb: false,
  isSqlite: false,
  endingSubbasinName: '3',
  summary: { subbasins: 3, hrus: 134, areaKm2: 21.96, weatherStations: 8, weatherDays: 4749, schematic: false, projection: 'Albers', reservoirs: 0, pointSources: 0 },
  numSubbasins: 3,
  numHrus: 134,
  swatVersions: [{ value: 1, text: 'Built-in engine' }],
};

describe('/datasets', () => {
  it('lists the uploads, 20 a page, with the uploads left', async () => {
    const calls = serve({ 'importdatasets/options': OPTIONS, importdatasets: { items: [ROW], total: 1 } });
    renderPages('/datasets', plugin);
    expect((await screen.findByTestId('dataset-link-9')).getAttribute('href')).toBe('/datasets/9');
    expect(screen.getByTestId('notice-upload-limit').textContent).toBe(DATASET_MESSAGES.uploadLimit(4));
    expect(calls.some((c) => c.url === 'importdatasets?sort=importedDate_desc&page=1&perPage=20')).toBe(true);
    expect(screen.getByTestId('upload-project').getAttribute('href')).toBe('/datasets/create');
  });
  it('a tier without uploads: the notice, no upload button', async () => {
    serve({ 'importdatasets/options': { ...OPTIONS, hasAccess: false, uploadLimit: 0 }, importdatasets: { items: [], total: 0 } });
    renderPages('/datasets', plugin);
    expect((await screen.findByTestId('notice-no-access')).textContent).toContain(DATASET_MESSAGES.noAccess);
    expect(screen.queryByTestId('upload-project')).toBeNull();
  });
  it('the limit reached: its notice', async () => {
    serve({ 'importdatasets/options': { ...OPTIONS, reachedLimit: true, uploadLimit: 0 }, importdatasets: { items: [], total: 0 } });
    renderPages('/datasets', plugin);
    expect((await screen.findByTestId('notice-limit-reached')).textContent).toBe(DATASET_MESSAGES.reachedLimit);
  });
});

describe('/datasets/create', () => {
  it('checks the fields and the file before sending; no product-based option for users', async () => {
    serve({ 'importdatasets/options': OPTIONS });
    renderPages('/datasets/create', plugin);
    await screen.findByTestId('dataset-name');
    expect(screen.queryByTestId('dataset-hawqs-based')).toBeNull();
    expect((screen.getByTestId('dataset-create') as HTMLButtonElement).disabled).toBe(true);
  });
  it('offers the product-based option to site administrators', async () => {
    serve({ 'importdatasets/options': { ...OPTIONS, canDoHawqsBased: true } });
    renderPages('/datasets/create', plugin);
    expect(await screen.findByTestId('dataset-hawqs-based')).toBeTruthy();
  });
});

describe('/datasets/:id', () => {
  it('while importing: the progress', async () => {
    serve({ 'importdatasets/9': { ...DETAIL, state: 'running', status: { isRunning: true, hasError: false, exceptionMessage: null, progress: { percent: 40, message: 'Writing HRUs: 5,000 of 134' } } } });
    renderPages('/datasets/9', plugin);
    expect((await screen.findByTestId('import-running')).textContent).toContain('40%');
  });
  it('after an error: the message and removal', async () => {
    const calls = serve({ 'importdatasets/9': { ...DETAIL, state: 'error', newDatasetID: null, status: { isRunning: false, hasError: true, exceptionMessage: '000020000.sub: the subbasin file named by the project is missing from the upload', progress: { percent: 100, message: '' } } }, importdatasets: { items: [], total: 0 }, 'importdatasets/options': OPTIONS, 'DELETE importdatasets/9': { id: 9 } });
    renderPages('/datasets/9', plugin);
    expect((await screen.findByTestId('import-exception')).textContent).toContain('000020000.sub');
    fireEvent.click(screen.getByTestId('remove-import'));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === 'importdatasets/9')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/datasets'));
  });
  it('ready: counts, public request needs reasons', async () => {
    const calls = serve({ 'importdatasets/9': DETAIL, groups: { items: [], total: 0 }, 'PUT importdatasets/publicshare/9': { id: 9 } });
    renderPages('/datasets/9', plugin);
    expect((await screen.findByTestId('dataset-counts')).textContent).toContain('3 subbasins, 134 HRUs');
    fireEvent.click(screen.getByLabelText('Public'));
    fireEvent.click(await screen.findByTestId('request-public'));
    expect(await screen.findByText(DATASET_MESSAGES.required)).toBeTruthy();
    fireEvent.change(screen.getByTestId('public-reasons'), { target: { value: 'For every Georgia modeller' } });
    fireEvent.click(screen.getByTestId('request-public'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT' && c.url === 'importdatasets/publicshare/9')?.body).toEqual({ value: 'For every Georgia modeller' }));
  });
});
