// @vitest-environment jsdom
// The Output Charts page as a user sees it, over a stubbed API answering what platform-api answers
// (platform-api/test/outputs.test.ts checks those): the frame's gating, the form and its spec
// messages, the selection sent, the chart with its y-axis switch, the fit table and the CSV.
import { renderAt, serve, reply, type Call } from '@headwater/plugin-sdk/testing';
import { OUTPUT_MESSAGES } from '@headwater/plugin-sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import plugin from '../src/plugin.tsx';
import type { ChartOptions, ChartResponse } from '../src/types.ts';

vi.mock('../../../plugin-sdk/src/live.ts', () => ({ useLiveStatus: () => undefined }));
// ApexCharts draws SVG with layout jsdom has not: the stand-in lists what it was given.
vi.mock('react-apexcharts', () => ({
  default: (p: { series: { name: string; type: string; data: unknown[] }[]; options: { yaxis: { logarithmic?: boolean }[] | { logarithmic?: boolean } } }) => (
    <ul data-testid="apex" data-log={String(Array.isArray(p.options.yaxis) ? p.options.yaxis[0]?.logarithmic : p.options.yaxis.logarithmic)}>
      {p.series.map((s) => (
        <li key={s.name}>{`${s.name}:${s.type}:${s.data.length}`}</li>
      ))}
    </ul>
  ),
}));
// OpenLayers needs a canvas: the stand-in draws a button per subbasin.
vi.mock('../../../plugin-sdk/src/map/WatershedMap.tsx', () => ({
  default: (p: { subbasins?: { features: { properties: { id: number; name: string } }[] }; onClick?: (c: unknown) => void }) => (
    <div data-testid="map-stand-in">
      {p.subbasins?.features.map((f) => (
        <button key={f.properties.id} onClick={() => p.onClick?.({ lat: 0, lng: 0, subbasin: f.properties })}>{`map-subbasin-${f.properties.name}`}</button>
      ))}
    </div>
  ),
}));

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const ROUTE = '/projects/:id/scenarios/:scenarioID/output/charts';
const scenario = (status: Record<string, unknown> = {}) => ({
  scenario: { id: 7, projectID: 5, name: 'Baseline', hasRun: true, printSettingID: 1, printSetting: 'Daily', skipYears: 2, startingSimulationDate: '2003-01-01', endingSimulationDate: '2007-12-31', runSettings: {} },
  status: { isRunning: false, hasRun: true, ...status },
  project: { id: 5, name: 'Little River' },
});
const OPTIONS: ChartOptions = {
  outputTypes: {
    types: [
      { value: 'OutputRch', text: 'Reach (output.rch)' },
      { value: 'OutputSub', text: 'Subbasin (output.sub)' },
      { value: 'OutputHru', text: 'HRU (output.hru)' },
    ],
    parameters: {
      OutputRch: [{ variable: 'FLOW_OUT', description: 'Average daily streamflow out of the reach', units: 'm³/s', englishUnits: 'ft³/s' }],
      OutputSub: [
        { variable: 'SURQ', description: 'Surface runoff contribution to streamflow', units: 'mm', englishUnits: 'in' },
        { variable: 'PRECIP', description: 'Total precipitation on the subbasin', units: 'mm', englishUnits: 'in' },
      ],
      OutputHru: [{ variable: 'ET', description: 'Actual evapotranspiration', units: 'mm', englishUnits: 'in' }],
    },
    units: [
      { value: 0, text: 'Metric' },
      { value: 1, text: 'English' },
    ],
    defaultUnits: 0,
  },
  statistics: [
    { value: 'daily', text: 'Daily time series' },
    { value: 'annual', text: 'Annual time series (totals or means)' },
    { value: 'flowDuration', text: 'Flow duration curve' },
  ],
  scenarios: [
    { value: 8, text: 'CN2 +10%' },
    { value: 9, text: 'Monthly' },
    { value: 10, text: 'Yearly' },
    { value: 11, text: 'Fourth' },
  ],
  map: { geoJsonUrls: { subbasins: '/api/exports/geojson/5/subbasins' }, connections: [], watershedBounds: null },
  subbasins: [
    { id: 101, name: '1', number: 1 },
    { id: 102, name: '2', number: 2 },
    { id: 103, name: '3', number: 3 },
  ],
  printedHrus: [{ id: 900, subbasinID: 101, subbasin: '1', landuse: 'FRSD', soil: 'TIFTON', slopeClass: '0-2' }],
  observed: [{ subbasinID: 103, subbasin: '3', outputType: 'OutputRch', variable: 'FLOW_OUT', name: 'Observed daily discharge', site: 'gauge J', units: 'm³/s', startDate: '1968-01-01', endDate: '2012-12-31' }],
  noOutputProcessing: false,
  printSetting: 1,
  printSettingName: 'Daily',
  info: '',
  chartTypes: [
    { value: 'line', text: 'Line' },
    { value: 'area', text: 'Area' },
    { value: 'scatter', text: 'Scatter' },
    { value: 'column', text: 'Column' },
    { value: 'spline', text: 'Spline' },
  ],
  yAxisOptions: [
    { value: 'left', text: 'Left axis' },
    { value: 'right', text: 'Right axis' },
  ],
  flowDurationParameters: ['FLOW_OUT', 'FLOW_IN'],
};
const D = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);
const CHART: ChartResponse = {
  title: 'Reach 3: Daily time series',
  subtitle: 'FLOW_OUT — Average daily streamflow out of the reach',
  xAxis: { type: 'datetime', title: 'Date' },
  yAxis: [{ title: 'FLOW_OUT (m³/s)', parameter: 'FLOW_OUT', units: 'm³/s', opposite: false, logarithmic: false }],
  series: [
    { name: 'Baseline', scenarioID: 7, scenario: 'Baseline', parameter: 'FLOW_OUT', type: 'line', yAxis: 0, data: [[D(2005, 1, 1), 0.5], [D(2005, 1, 2), 0]] },
    { name: 'CN2 +10%', scenarioID: 8, scenario: 'CN2 +10%', parameter: 'FLOW_OUT', type: 'line', yAxis: 0, data: [[D(2005, 1, 1), 0.6], [D(2005, 1, 2), 0.1]] },
    { name: 'Observed daily discharge', scenarioID: null, scenario: 'gauge J', parameter: 'FLOW_OUT', type: 'line', yAxis: 0, observed: true, data: [[D(2005, 1, 1), 0.4], [D(2005, 1, 2), 0.2]] },
  ],
  statistics: [
    { scenarioID: 7, scenario: 'Baseline', parameter: 'FLOW_OUT', observed: 'Observed daily discharge, gauge J', nse: 0.51234, kge: 0.6, pbias: -12.5, n: 2, start: '2005-01-01', end: '2005-01-02' },
    { scenarioID: 8, scenario: 'CN2 +10%', parameter: 'FLOW_OUT', observed: 'Observed daily discharge, gauge J', nse: 0.4, kge: 0.55, pbias: -30, n: 2, start: '2005-01-01', end: '2005-01-02' },
  ],
  info: [],
};

function api(overrides: Record<string, unknown> = {}): Call[] {
  return serve({
    'scenarios/7': scenario(),
    'scenarios/output/chartoptions/7': OPTIONS,
    'POST scenarios/output/chart/7': CHART,
    'exports/geojson/5/subbasins': { type: 'FeatureCollection', features: OPTIONS.subbasins.map((s) => ({ type: 'Feature', properties: { id: s.id, name: s.name }, geometry: null })) },
    'datasets/websitetext': { siteSettings: {} },
    ...overrides,
  });
}

function renderPage() {
  const Page = plugin.pages.OutputChartsOutput!;
  return renderAt('/projects/5/scenarios/7/output/charts', ROUTE, <Page params={{ id: '5', scenarioID: '7' }} path="/projects/5/scenarios/7/output/charts" />);
}

async function pick(testId: string, option: string) {
  fireEvent.click(await screen.findByTestId(testId));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the Output Charts page', () => {
  it('is the output tool of its package.json: .../output/charts, listed in the scenario\'s Output Data tab', () => {
    expect(plugin.manifest.routes).toEqual([{ name: 'OutputChartsOutput', path: ROUTE, title: 'Output Charts', access: 'user' }]);
    expect(plugin.manifest.nav[0]).toMatchObject({ menu: 'scenario-outputs', label: 'Output Charts', route: 'OutputChartsOutput' });
  });

  it('asks to complete the form, then sends the selection and draws one series per scenario with the observed flow and its fit', async () => {
    const calls = api();
    renderPage();
    fireEvent.click(await screen.findByTestId('get-chart'));
    expect((await screen.findByTestId('error-list')).textContent).toBe(OUTPUT_MESSAGES.completeForm);
    await pick('chart-subbasin', 'Subbasin 3');
    await pick('chart-parameter-0', 'FLOW_OUT — Average daily streamflow out of the reach (m³/s)');
    await pick('chart-type-0', 'Spline');
    // the gauge at reach 3 is offered
    expect(((await screen.findByLabelText(/^Show observed data: Observed daily discharge at gauge J \(1968-01-01 to 2012-12-31\)/)) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('chart-compare'));
    fireEvent.click(await screen.findByRole('option', { name: 'CN2 +10%' }));
    fireEvent.click(screen.getByTestId('get-chart'));
    const apex = await screen.findByTestId('apex');
    expect(within(apex).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Baseline:line:2', 'CN2 +10%:line:2', 'Observed daily discharge:line:2']);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      subbasin: { id: 103, name: '3' },
      statistic: 'daily',
      outputType: 'OutputRch',
      parameters: ['FLOW_OUT'],
      chartTypes: ['spline'],
      yAxis: ['left'],
      compareScenarios: [8],
      hru: null,
      units: 0,
      observed: true,
    });
    const fit = screen.getByTestId('fit-statistics');
    expect(within(fit).getAllByTestId('fit-nse').map((c) => c.textContent)).toEqual(['0.5123', '0.4']);
    expect(within(fit).getAllByTestId('fit-pbias').map((c) => c.textContent)).toEqual(['-12.5', '-30']);

    // the y-axis switch
    expect(apex.getAttribute('data-log')).toBe('false');
    fireEvent.click(screen.getByText('Logarithmic'));
    await waitFor(() => expect(screen.getByTestId('apex').getAttribute('data-log')).toBe('true'));
    // a zero cannot be drawn on a logarithmic axis
    expect(screen.getByText('A logarithmic axis leaves out zero and negative values.')).toBeTruthy();

    // the chart's data as CSV
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:csv'), revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByTestId('download-csv'));
    expect(click).toHaveBeenCalled();
    const csv = await blobs[0]!.text();
    expect(csv.split('\n').slice(0, 3)).toEqual(['Date,Baseline (m³/s),CN2 +10% (m³/s),Observed daily discharge (m³/s)', '2005-01-01,0.5,0.6,0.4', '2005-01-02,0,0.1,0.2']);
    expect(csv).toContain('Baseline,FLOW_OUT,"Observed daily discharge, gauge J",0.51234,0.6,-12.5,2,2005-01-01,2005-01-02');
  });

  it('picks the subbasin on the map', async () => {
    api();
    renderPage();
    fireEvent.click(await screen.findByText('Map'));
    fireEvent.click(await screen.findByText('map-subbasin-2'));
    expect((await screen.findByTestId('chart-subbasin-chosen')).textContent).toBe('Subbasin 2');
  });

  it('refuses more than 3 comparison scenarios with the spec\'s message', async () => {
    api();
    renderPage();
    fireEvent.click(await screen.findByTestId('chart-compare'));
    for (const name of ['CN2 +10%', 'Monthly', 'Yearly', 'Fourth']) fireEvent.click(await screen.findByRole('option', { name }));
    expect(await screen.findByText(OUTPUT_MESSAGES.compareAtMost3)).toBeTruthy();
    expect((screen.getByTestId('get-chart') as HTMLButtonElement).disabled).toBe(true);
  });

  it('warns when the subbasin has no printed HRU and lists the HRUs the run printed', async () => {
    api();
    renderPage();
    await pick('chart-output-type', 'HRU (output.hru)');
    await pick('chart-subbasin', 'Subbasin 2');
    expect((await screen.findByTestId('no-printed-hrus')).textContent).toBe(OUTPUT_MESSAGES.noPrintedHrus);
    await pick('chart-hru', 'Subbasin 1: FRSD / TIFTON / 0-2');
    // choosing it moves to its subbasin
    await waitFor(() => expect(screen.queryByTestId('no-printed-hrus')).toBeNull());
  });

  it('shows the server\'s message', async () => {
    api({ 'POST scenarios/output/chart/7': reply(400, OUTPUT_MESSAGES.sameHrus) });
    renderPage();
    await pick('chart-subbasin', 'Subbasin 3');
    await pick('chart-parameter-0', 'FLOW_OUT — Average daily streamflow out of the reach (m³/s)');
    fireEvent.click(screen.getByTestId('get-chart'));
    expect((await screen.findByTestId('error-list')).textContent).toBe(OUTPUT_MESSAGES.sameHrus);
  });

  it('is gated: the running notice, skipped output processing, the login prompt', async () => {
    api({ 'scenarios/7': scenario({ isRunning: true }) });
    const first = renderPage();
    expect((await screen.findByTestId('page-running')).textContent).toContain(OUTPUT_MESSAGES.pageRunning);
    first.unmount();
    api({ 'scenarios/7': { ...scenario(), scenario: { ...scenario().scenario, runSettings: { noOutputProcessing: true } } } });
    const second = renderPage();
    expect((await screen.findByTestId('output-gate')).textContent).toBe(OUTPUT_MESSAGES.outputProcessingSkipped);
    second.unmount();
    api({ 'scenarios/7': reply(401, 'Unauthorized') });
    renderPage();
    expect(await screen.findByTestId('login-prompt')).toBeTruthy();
  });
});
