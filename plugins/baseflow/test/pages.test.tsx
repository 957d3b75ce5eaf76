// The baseflow separation pages over a stubbed API: the form's defaults, the spec's two
// messages, the suggested BFI max values, the request body and the success message; the results
// page with the BFI of each subbasin and a hydrograph of total flow and baseflow.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTPUT_MESSAGES, type CustomOutputRequest } from '@headwater/plugin-sdk';
import { renderPages, serve } from '@headwater/plugin-sdk/testing';
import plugin from '../src/plugin.tsx';

vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, off() {}, emit() {}, connect() {}, disconnect() {}, connected: false }) }));
// ApexCharts draws with SVG measurements jsdom lacks: the chart's props are what is checked.
const charts: { series: { name: string; data: [number, number | null][] }[] }[] = [];
vi.mock('react-apexcharts', () => ({
  default: (props: { series: { name: string; data: [number, number | null][] }[] }) => {
    charts.push(props);
    return <div data-testid="chart">{props.series.map((s) => s.name).join(' / ')}</div>;
  },
}));

const scenario = (over: Record<string, unknown> = {}) => ({
  scenario: { id: 5, projectID: 7, name: 'Baseline', hasRun: true, printSetting: 1, printSettingID: 1, startingSimulationDate: '2000-01-01', endingSimulationDate: '2012-12-31', skipYears: 2, runSettings: {}, ...over },
  status: { isRunning: false, hasRun: true, hasError: false },
  project: { id: 7, name: 'Little River' },
});
const SUBBASINS = [1, 2, 3].map((n) => ({ id: 100 + n, name: String(n), number: n }));
const request = (over: Partial<CustomOutputRequest>): CustomOutputRequest => ({
  id: 4,
  tool: 'baseflow',
  status: 'complete',
  statusMessage: 'Your files are ready.',
  progress: 100,
  downloadLink: '/api/exports/customoutput/4',
  outputType: 'RCH',
  applyToAll: true,
  subbasins: [],
  subbasinIDs: [],
  lastModifiedDate: '2026-11-20T10:00:00Z',
  options: {},
  filterParameter: 0.98,
  bfiMax: 0.8,
  ...over,
});
const page = (requests: CustomOutputRequest[]) => ({ printSetting: 1, numYears: 11, noOutputProcessing: false, requests, subbasins: SUBBASINS });

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('hw.auth_token', 'tok');
  charts.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

const value = (id: string) => (screen.getByTestId(id) as HTMLInputElement).value;
const set = (id: string, v: string) => fireEvent.change(screen.getByTestId(id), { target: { value: v } });

describe('the baseflow form', () => {
  it('starts at 0.98 and 0.8, checks both with the spec messages, offers the suggested BFI max values, and submits', async () => {
    const calls = serve({ 'scenarios/5': scenario(), 'scenarios/output/baseflowseparation/5': page([request({})]), 'POST scenarios/output/baseflowseparation/5': { value: true, id: 5 } });
    renderPages('/projects/7/scenarios/5/output/baseflowseparation', plugin);
    const submit = (await screen.findByTestId('submit-request')) as HTMLButtonElement;
    expect(value('filter-parameter')).toBe('0.98');
    expect(value('bfi-max')).toBe('0.8');
    const row = screen.getByTestId('request-4');
    expect(row.textContent).toContain('0.98');
    expect(within(row).getByTestId('request-results').getAttribute('href')).toBe('/projects/7/scenarios/5/output/baseflowseparation/4');

    set('filter-parameter', '');
    expect((await screen.findByTestId('baseflow-problem')).textContent).toBe(OUTPUT_MESSAGES.baseflowRequired);
    expect(submit.disabled).toBe(true);
    set('filter-parameter', '1.5');
    await waitFor(() => expect(screen.getByTestId('baseflow-problem').textContent).toBe(OUTPUT_MESSAGES.baseflowRange));
    set('filter-parameter', '0.95');
    await waitFor(() => expect(screen.queryByTestId('baseflow-problem')).toBeNull());
    expect(screen.getByTestId('bfi-suggestion-0.8').textContent).toBe('0.8 — Perennial streams, porous aquifers');
    expect(screen.getByTestId('bfi-suggestion-0.5').textContent).toBe('0.5 — Ephemeral streams, porous aquifers');
    expect(screen.getByTestId('bfi-suggestion-0.25').textContent).toBe('0.25 — Perennial streams, hard rock aquifers');
    fireEvent.click(screen.getByTestId('bfi-suggestion-0.25'));
    await waitFor(() => expect(value('bfi-max')).toBe('0.25'));
    fireEvent.click(screen.getByTestId('all-subbasins'));
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('subbasin-select'));
    fireEvent.click(await screen.findByRole('option', { name: '3' }));
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(await screen.findByText(OUTPUT_MESSAGES.requestSubmitted)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ applyToAll: false, subbasins: [103], filterParameter: 0.95, bfiMax: 0.25 });
  });

  it("shows the server's answer to a refused request", async () => {
    serve({
      'scenarios/5': scenario(),
      'scenarios/output/baseflowseparation/5': page([]),
      'POST scenarios/output/baseflowseparation/5': { __reply: true, status: 400, body: OUTPUT_MESSAGES.tooFewYears },
    });
    renderPages('/projects/7/scenarios/5/output/baseflowseparation', plugin);
    fireEvent.click(await screen.findByTestId('submit-request'));
    expect((await screen.findByTestId('error-list')).textContent).toBe(OUTPUT_MESSAGES.tooFewYears);
  });
});

describe('the baseflow results', () => {
  it('lists the BFI of each subbasin and draws the chosen hydrograph', async () => {
    const rows = SUBBASINS.map((s, i) => ({ number: s.number, name: s.name, bfi: 0.5 + i / 10, days: 4, meanFlow: 2, meanBaseflow: 1 }));
    const calls = serve({
      'scenarios/5': scenario(),
      'scenarios/output/baseflowresult/4': { request: request({}), summary: { filterParameter: 0.98, bfiMax: 0.8, firstDate: '2002-01-01', days: 4, rows } },
      'scenarios/output/baseflowresult/4/1': { subbasin: rows[0], firstDate: '2002-01-01', flow: [1, 2, 4, 3], baseflow: [1, 1.1, 1.3, 1.4] },
      'scenarios/output/baseflowresult/4/2': { subbasin: rows[1], firstDate: '2002-01-01', flow: [5, 6, 7, 8], baseflow: [4, 4, 4, 4] },
    });
    renderPages('/projects/7/scenarios/5/output/baseflowseparation/4', plugin);
    const table = await screen.findByTestId('bfi-table');
    expect(within(table).getAllByRole('row').slice(1).map((r) => r.firstChild!.textContent)).toEqual(['1', '2', '3']);
    expect(screen.getByTestId('bfi-2').textContent).toContain('0.6000');
    expect((await screen.findByTestId('chart')).textContent).toBe('Total flow / Baseflow');
    expect(charts.at(-1)!.series[0]!.data).toEqual([
      [Date.UTC(2002, 0, 1), 1],
      [Date.UTC(2002, 0, 2), 2],
      [Date.UTC(2002, 0, 3), 4],
      [Date.UTC(2002, 0, 4), 3],
    ]);
    fireEvent.click(screen.getByTestId('bfi-2'));
    await waitFor(() => expect(calls.some((c) => c.url === 'scenarios/output/baseflowresult/4/2')).toBe(true));
    await waitFor(() => expect(charts.at(-1)!.series[1]!.data[0]).toEqual([Date.UTC(2002, 0, 1), 4]));
    expect(screen.getByTestId('download-daily').getAttribute('href')).toBe('/api/exports/customoutput/4/baseflow_2.csv?access_token=tok');
    expect(screen.getByTestId('download-bfi').getAttribute('href')).toBe('/api/exports/customoutput/4/bfi_summary.csv?access_token=tok');
  });
});
