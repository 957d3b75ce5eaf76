// The CE-QUAL-W2 page over a stubbed API: the request list (output type, the subbasin cell),
// the form (RCH or SUB, all or chosen subbasins), the monthly algae fraction dialog with the
// spec's defaults and its checks, and the request body.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CEQUAL_ALGAE_FRACTIONS, OUTPUT_MESSAGES, type CustomOutputRequest } from '@headwater/plugin-sdk';
import { renderPages, serve } from '@headwater/plugin-sdk/testing';
import plugin from '../src/plugin.tsx';

vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, off() {}, emit() {}, connect() {}, disconnect() {}, connected: false }) }));

const scenario = (over: Record<string, unknown> = {}) => ({
  scenario: { id: 5, projectID: 7, name: 'Baseline', hasRun: true, printSetting: 1, printSettingID: 1, startingSimulationDate: '2000-01-01', endingSimulationDate: '2012-12-31', skipYears: 2, runSettings: {}, ...over },
  status: { isRunning: false, hasRun: true, hasError: false },
  project: { id: 7, name: 'Little River' },
});
const SUBBASINS = [1, 2, 3].map((n) => ({ id: 100 + n, name: String(n), number: n }));
const request = (over: Partial<CustomOutputRequest>): CustomOutputRequest => ({
  id: 6,
  tool: 'ce-qual',
  status: 'complete',
  statusMessage: 'Your files are ready.',
  progress: 100,
  downloadLink: '/api/exports/customoutput/6',
  outputType: 'SUB',
  applyToAll: false,
  subbasins: ['1', '3'],
  subbasinIDs: [101, 103],
  lastModifiedDate: '2026-11-20T10:00:00Z',
  options: {},
  ...over,
});
const PATH = '/projects/7/scenarios/5/output/ce-qual';

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('hw.auth_token', 'tok');
});
afterEach(() => vi.unstubAllGlobals());

describe('CE-QUAL-W2 file generation', () => {
  it('lists requests with their output type and download, and submits SUB files of chosen subbasins with edited algae fractions', async () => {
    const calls = serve({ 'scenarios/5': scenario(), 'scenarios/output/cequal/5': { printSetting: 1, numYears: 11, noOutputProcessing: false, requests: [request({})], subbasins: SUBBASINS }, 'POST scenarios/output/cequal/5': { value: true, id: 7 } });
    renderPages(PATH, plugin);
    const row = await screen.findByTestId('request-6');
    expect(row.textContent).toContain('SUB');
    expect(row.textContent).toContain('1, 3');
    expect(within(row).getByTestId('request-download').getAttribute('href')).toBe('/api/exports/customoutput/6?access_token=tok');

    fireEvent.click(screen.getByTestId('output-type-SUB'));
    fireEvent.click(screen.getByTestId('all-subbasins'));
    fireEvent.click(screen.getByTestId('subbasin-select'));
    fireEvent.click(await screen.findByRole('option', { name: '2' }));

    fireEvent.click(screen.getByTestId('algae-open'));
    const table = await screen.findByTestId('algae-table');
    const inputs = within(table).getAllByRole('textbox') as HTMLInputElement[];
    expect(inputs).toHaveLength(36);
    expect(inputs.map((i) => Number(i.value))).toEqual(CEQUAL_ALGAE_FRACTIONS.flat());
    // June becomes 0.2 / 0.4 / 0.5: no longer adds up to 1, then 0.2 / 0.4 / 0.4
    fireEvent.change(screen.getByLabelText('June algae 1'), { target: { value: '0.2' } });
    fireEvent.change(screen.getByLabelText('June algae 2'), { target: { value: '0.4' } });
    expect(await screen.findByText('The fractions of June must add up to 1.')).toBeTruthy();
    expect((screen.getByTestId('algae-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('June algae 3'), { target: { value: '0.4' } });
    await waitFor(() => expect((screen.getByTestId('algae-save') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('algae-save'));
    await waitFor(() => expect(screen.queryByTestId('algae-table')).toBeNull());
    expect(screen.getByText('Your own fractions')).toBeTruthy();

    fireEvent.click(screen.getByTestId('submit-request'));
    expect(await screen.findByText(OUTPUT_MESSAGES.requestSubmitted)).toBeTruthy();
    const body = calls.find((c) => c.method === 'POST')!.body;
    expect(body).toMatchObject({ outputType: 'SUB', applyToAll: false, subbasins: [102] });
    const expected = CEQUAL_ALGAE_FRACTIONS.map((m) => [...m]);
    expected[5] = [0.2, 0.4, 0.4];
    expect(body.algaeFractions).toEqual(expected);
  });

  it('shows the feature gate of a monthly run', async () => {
    serve({ 'scenarios/5': scenario({ printSetting: 0, printSettingID: 0 }) });
    renderPages(PATH, plugin);
    expect((await screen.findByTestId('output-gate')).textContent).toBe(OUTPUT_MESSAGES.needsDaily);
  });

  it("shows 'This feature is not enabled...' when the API answers it", async () => {
    serve({ 'scenarios/5': scenario(), 'scenarios/output/cequal/5': { __reply: true, status: 400, body: OUTPUT_MESSAGES.featureDisabled } });
    renderPages(PATH, plugin);
    expect((await screen.findByTestId('error-list')).textContent).toBe(OUTPUT_MESSAGES.featureDisabled);
  });
});
