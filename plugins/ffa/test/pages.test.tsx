// The flood frequency pages over a stubbed API: the request list in its three states, the form
// (subbasins, method, generalized skew) and its success message, the gates of spec 2 §8, delete;
// the results page with the curve on a probability axis, the quantile table and diagnostics of
// results computed by the server half's own analysis.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTPUT_MESSAGES, type CustomOutputRequest } from '@headwater/plugin-sdk';
import { renderPages, serve } from '@headwater/plugin-sdk/testing';
import plugin from '../src/plugin.tsx';
import { analyseSubbasin, summaryRow } from '../server/analysis.ts';
import { axisZ, logTicks, normalQuantile } from '../src/probability.ts';

vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, off() {}, emit() {}, connect() {}, disconnect() {}, connected: false }) }));

// USGS 04031500, 1945–1982 (Bulletin 17B checks of @headwater/swat)
const FLOWS = [1140, 1860, 1030, 518, 1350, 1750, 2600, 2670, 1230, 1680, 1060, 648, 1540, 762, 559, 3520, 1040, 662, 975, 1070, 1620, 1000, 1410, 812, 1220, 1610, 1700, 1260, 1050, 1390, 1470, 1140, 589, 1180, 1620, 852, 965, 1650];
const PEAKS = FLOWS.map((flow, i) => ({ year: 1945 + i, flow, date: `${1945 + i}-04-15` }));

const scenario = (over: Record<string, unknown> = {}) => ({
  scenario: { id: 5, projectID: 7, name: 'Baseline', hasRun: true, printSetting: 1, printSettingID: 1, startingSimulationDate: '2000-01-01', endingSimulationDate: '2012-12-31', skipYears: 2, runSettings: {}, ...over },
  status: { isRunning: false, hasRun: true, hasError: false },
  project: { id: 7, name: 'Little River' },
});
const SUBBASINS = [1, 2, 3, 4, 5, 6, 7].map((n) => ({ id: 100 + n, name: `S${n}`, number: n }));
const request = (over: Partial<CustomOutputRequest>): CustomOutputRequest => ({
  id: 1,
  tool: 'ffa',
  status: 'complete',
  statusMessage: 'Your files are ready.',
  progress: 100,
  downloadLink: '/api/exports/customoutput/1',
  outputType: 'RCH',
  applyToAll: true,
  subbasins: [],
  subbasinIDs: [],
  lastModifiedDate: '2026-11-20T10:00:00Z',
  options: { method: 'b17b' },
  ...over,
});
const page = (requests: CustomOutputRequest[], over: Record<string, unknown> = {}) => ({ printSetting: 1, numYears: 11, noOutputProcessing: false, requests, subbasins: SUBBASINS, ...over });
const PATH = '/projects/7/scenarios/5/output/ffa';

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('hw.auth_token', 'tok');
});
afterEach(() => vi.unstubAllGlobals());

describe('the request list', () => {
  it('shows running, error and complete requests with the spec cells, and deletes after confirmation', async () => {
    let requests = [
      request({ id: 3, status: 'running', progress: 40, statusMessage: 'Analysed 2 of 5 subbasins...', downloadLink: null, applyToAll: false, subbasins: ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'] }),
      request({ id: 2, status: 'error', statusMessage: 'output.rch has no rows for unit 9.', downloadLink: null, applyToAll: false, subbasins: ['S2'] }),
      request({ id: 1, options: { method: 'ema' } }),
    ];
    const calls = serve({
      'scenarios/5': scenario(),
      'scenarios/output/ffa/5': () => page(requests),
      'DELETE scenarios/output/deletecustomoutputrequest/2': () => {
        requests = requests.filter((r) => r.id !== 2);
        return { value: true };
      },
    });
    renderPages(PATH, plugin);
    const running = await screen.findByTestId('request-3');
    expect(within(running).getByTestId('request-running').textContent).toContain('40% Analysed 2 of 5 subbasins...');
    expect(running.textContent).toContain('S1, S2, S3, S4, S5, ...');
    expect(within(running).queryByRole('button', { name: 'Delete request' })).toBeNull();
    expect(screen.getByTestId('refresh-progress')).toBeTruthy();
    const failed = screen.getByTestId('request-2');
    expect(within(failed).getByTestId('request-error').textContent).toBe('⚠Error output.rch has no rows for unit 9.');
    const done = screen.getByTestId('request-1');
    expect(done.textContent).toContain('All');
    expect(done.textContent).toContain('Bulletin 17C (EMA)');
    expect(within(done).getByTestId('request-download').getAttribute('href')).toBe('/api/exports/customoutput/1?access_token=tok');
    expect(within(done).getByTestId('request-results').getAttribute('href')).toBe('/projects/7/scenarios/5/output/ffa/1');

    fireEvent.click(within(failed).getByRole('button', { name: 'Delete request' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('request-2')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === 'scenarios/output/deletecustomoutputrequest/2')).toBe(true);
    const before = calls.filter((c) => c.url === 'scenarios/output/ffa/5').length;
    fireEvent.click(screen.getByTestId('refresh-progress'));
    await waitFor(() => expect(calls.filter((c) => c.url === 'scenarios/output/ffa/5').length).toBe(before + 1));
  });
});

describe('the request form', () => {
  it('submits chosen subbasins with the method and a weighted skew, and shows the success message', async () => {
    const calls = serve({ 'scenarios/5': scenario(), 'scenarios/output/ffa/5': page([]), 'POST scenarios/output/ffa/5': { value: true, id: 9 } });
    renderPages(PATH, plugin);
    const submit = (await screen.findByTestId('submit-request')) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    fireEvent.click(screen.getByTestId('all-subbasins'));
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('subbasin-select'));
    fireEvent.click(await screen.findByRole('option', { name: 'S2' }));
    expect(submit.disabled).toBe(false);
    fireEvent.click(screen.getByTestId('method-ema'));
    fireEvent.click(screen.getByTestId('use-generalized-skew'));
    expect(submit.disabled).toBe(true);
    expect(screen.getByText('Give the generalized skew and its mean square error together, or neither.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('generalized-skew'), { target: { value: '-0.1' } });
    fireEvent.change(screen.getByTestId('generalized-skew-mse'), { target: { value: '0.302' } });
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    expect(await screen.findByText(OUTPUT_MESSAGES.requestSubmitted)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ applyToAll: false, subbasins: [102], method: 'ema', generalizedSkew: -0.1, generalizedSkewMse: 0.302 });
  });

  it('recommends 10 years when fewer are simulated', async () => {
    serve({ 'scenarios/5': scenario({ startingSimulationDate: '2003-01-01', endingSimulationDate: '2008-12-31', skipYears: 1 }), 'scenarios/output/ffa/5': page([], { numYears: 5 }) });
    renderPages(PATH, plugin);
    expect((await screen.findByTestId('years-recommended')).textContent).toContain('At least 10 years is recommended.');
  });
});

describe('gates (spec 2 §8)', () => {
  const gate = async (over: Record<string, unknown>, message: string) => {
    serve({ 'scenarios/5': scenario(over), 'scenarios/output/ffa/5': page([]) });
    renderPages(PATH, plugin);
    expect((await screen.findByTestId('output-gate')).textContent).toBe(message);
    expect(screen.queryByTestId('submit-request')).toBeNull();
  };
  it('needs daily output', () => gate({ printSetting: 0, printSettingID: 0 }, OUTPUT_MESSAGES.needsDaily));
  it('needs more than 3 simulated years', () => gate({ startingSimulationDate: '2003-01-01', endingSimulationDate: '2006-12-31', skipYears: 1 }, OUTPUT_MESSAGES.tooFewYears));
  it('needs output processing', () => gate({ runSettings: { noOutputProcessing: true } }, OUTPUT_MESSAGES.outputProcessingSkipped));
});

describe('the results page', () => {
  const b17b = analyseSubbasin(3, 'S3', PEAKS, { method: 'b17b' });
  const ema = analyseSubbasin(3, 'S3', PEAKS, { method: 'ema' });

  it('lists each subbasin and shows one: peaks, the curve on a probability axis, quantiles, diagnostics, CSV links', async () => {
    const calls = serve({
      'scenarios/5': scenario(),
      'scenarios/output/ffaresult/1': { request: request({}), summary: { method: 'Bulletin 17B', rows: [summaryRow(b17b)] } },
      'scenarios/output/ffaresult/1/3': b17b,
    });
    renderPages('/projects/7/scenarios/5/output/ffa/1', plugin);
    const row = await screen.findByTestId('summary-3');
    expect(row.textContent).toContain('S3');
    const result = await screen.findByTestId('subbasin-result');
    expect(calls.some((c) => c.url === 'scenarios/output/ffaresult/1/3')).toBe(true);
    expect(within(result).getAllByTestId('peak')).toHaveLength(38);
    expect(within(result).getByTestId('curve').getAttribute('d')).toMatch(/^M/);
    const rows = within(screen.getByTestId('quantiles')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.firstChild!.textContent)).toEqual(['1.5', '2', '5', '10', '25', '50', '100', '200', '500']);
    const q100 = b17b.quantiles.find((q) => q.returnPeriod === 100)!;
    expect(rows[6]!.textContent).toContain(q100.flow.toLocaleString('en-US', { maximumSignificantDigits: 5 }));
    expect(screen.getByTestId('diagnostics').textContent).toContain('Station skew');
    expect(screen.getByTestId('download-quantiles').getAttribute('href')).toBe('/api/exports/customoutput/1/quantiles_3.csv?access_token=tok');
    expect(screen.getByTestId('download-peaks').getAttribute('href')).toBe('/api/exports/customoutput/1/peaks_3.csv?access_token=tok');
    expect(screen.getByTestId('download-all').getAttribute('href')).toBe('/api/exports/customoutput/1?access_token=tok');
  });

  it('shows the EMA confidence intervals and the multiple Grubbs–Beck test', async () => {
    serve({
      'scenarios/5': scenario(),
      'scenarios/output/ffaresult/1': { request: request({ options: { method: 'ema' } }), summary: { method: ema.method, rows: [summaryRow(ema)] } },
      'scenarios/output/ffaresult/1/3': ema,
    });
    renderPages('/projects/7/scenarios/5/output/ffa/1', plugin);
    await screen.findByTestId('subbasin-result');
    expect(screen.getByTestId('quantiles').textContent).toContain('95% confidence interval');
    expect(screen.getByTestId('mgbt').querySelectorAll('tbody tr').length).toBe(19);
  });
});

describe('the probability axis', () => {
  it('places exceedance probabilities at normal quantiles', () => {
    expect(normalQuantile(0.5)).toBeCloseTo(0, 12);
    expect(normalQuantile(0.99)).toBeCloseTo(2.326347874, 8);
    expect(normalQuantile(0.002)).toBeCloseTo(-2.878161739, 8);
    expect(axisZ(0.01)).toBeCloseTo(2.326347874, 8);
    expect(logTicks(3, 700)).toEqual([5, 10, 20, 50, 100, 200, 500]);
  });
});
