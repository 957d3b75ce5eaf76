// The calibration pages over a stubbed API shaped like the contract (routes 1–8): the form's
// prefilled values, its rules and the body it sends, the server's 400 shown at its fields, the
// CSV read in the browser, the list's states (live progress by the status poll, abort, delete),
// the not-run notice, and the results page (best set, fit, p/r-factor, dotty plots, the 95PPU
// hydrograph, downloads, a scenario and an option from the best set). The machine is shared:
// the longer tests get a generous time ceiling, never a timing check.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPages, reply, serve } from '@headwater/plugin-sdk/testing';
import plugin from '../src/plugin.tsx';
import { CALIBRATION_MESSAGES, calibrationRequestProblems, defaultPeriods, parseObservedCsv, simulationWindow, type CalibrationPageData, type CalibrationResult, type CalibrationSummary } from '../src/request.ts';

// The status hub: the test pushes events to the listeners the pages attach.
const hub = vi.hoisted(() => ({ listeners: new Map<string, Set<(payload: unknown) => void>>() }));
vi.mock('socket.io-client', () => ({
  io: () => ({
    on(event: string, f: (payload: unknown) => void) {
      if (!hub.listeners.has(event)) hub.listeners.set(event, new Set());
      hub.listeners.get(event)!.add(f);
    },
    off(event: string, f: (payload: unknown) => void) {
      hub.listeners.get(event)?.delete(f);
    },
    emit() {},
    connect() {},
    disconnect() {},
    connected: false,
  }),
}));
const push = (payload: Record<string, unknown>) => act(() => hub.listeners.get('calibration-status')?.forEach((f) => f(payload)));
const listening = () => waitFor(() => expect(hub.listeners.get('calibration-status')?.size ?? 0).toBeGreaterThan(0));
// ApexCharts draws with SVG measurements jsdom lacks: the chart's props are what is checked.
type ChartProps = { type: string; series: { name: string; type?: string; data: unknown[] }[]; options: { title?: { text?: string } } };
const charts: ChartProps[] = [];
vi.mock('react-apexcharts', () => ({
  default: (props: ChartProps) => {
    charts.push(props);
    return <div data-testid="chart">{props.series.map((s) => s.name).join(' / ')}</div>;
  },
}));

const scenario = (over: Record<string, unknown> = {}, status: Record<string, unknown> = {}) => ({
  scenario: { id: 5, projectID: 7, name: 'Baseline', hasRun: true, printSetting: 1, printSettingID: 1, startingSimulationDate: '2001-01-01', endingSimulationDate: '2012-12-31', skipYears: 2, runSettings: {}, ...over },
  status: { isRunning: false, hasRun: true, hasError: false, ...status },
  project: { id: 7, name: 'Little River' },
});
const summary = (over: Partial<CalibrationSummary> = {}): CalibrationSummary => ({
  id: 9,
  name: 'First try',
  algorithm: 'SUFI2',
  objective: 'NSE',
  status: 'complete',
  progress: 100,
  statusMessage: '',
  runsDone: 10,
  runsTotal: 10,
  bestObjective: 0.61,
  runsAtOnce: 0,
  createdAt: '2026-11-20T10:00:00Z',
  finishedAt: '2026-11-20T10:03:00Z',
  ...over,
});
const CATALOGUE: CalibrationPageData['parameters'] = [
  { variable: 'CN2', file: 'mgt', label: 'Curve number II', units: '', defaultType: '%', defaultMin: -25, defaultMax: 15, limits: [35, 98], perLanduse: true, perSubbasin: true },
  { variable: 'ALPHA_BF', file: 'gw', label: 'Baseflow recession constant', units: '1/day', defaultType: 'V', defaultMin: 0.01, defaultMax: 1, limits: [0, 1], perLanduse: false, perSubbasin: true },
];
const pageData = (requests: CalibrationSummary[] = [], over: Partial<CalibrationPageData> = {}): CalibrationPageData => ({
  scenario: { id: 5, name: 'Baseline', hasRun: true, isRunning: false },
  simulation: { start: '2001-01-01', end: '2012-12-31', warmupYears: 2 },
  reaches: [1, 2, 3, 4].map((n) => ({ number: n, name: String(n) })),
  gauges: [{ id: 11, name: 'Gauge J', reach: 4, variable: 'FLOW_OUT', units: 'm3/s', firstDate: '1995-01-01', lastDate: '2012-12-31', days: 6575 }],
  parameters: CATALOGUE,
  landUses: [
    { code: 'AGRR', name: 'Agricultural land, row crops' },
    { code: 'FRSD', name: 'Forest, deciduous' },
  ],
  requests,
  ...over,
});
const PAGE = 'scenarios/output/calibration/5';
const URL = '/projects/7/scenarios/5/output/calibration';

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('hw.auth_token', 'tok');
  charts.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const set = (id: string, v: string) => fireEvent.change(screen.getByTestId(id), { target: { value: v } });
/** Removes the parameter rows the form starts with. */
function removeParameters() {
  for (const b of screen.queryAllByTestId(/^parameter-[A-Z0-9_]+-remove$/)) fireEvent.click(b);
}
async function choose(testid: string, option: string | RegExp) {
  fireEvent.click(screen.getByTestId(testid));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the rules the form and the server share', () => {
  const ctx = pageData();
  const good = {
    name: 'Try',
    observed: { gaugeID: 11 },
    reach: 4,
    calibrationPeriod: { start: '2003-01-01', end: '2007-12-31' },
    validationPeriod: { start: '2008-01-01', end: '2012-12-31' },
    objective: 'NSE',
    pbiasBound: 15,
    algorithm: 'SUFI2',
    runsPerIteration: 5,
    iterations: 2,
    seed: 1,
    parameters: [{ variable: 'CN2', file: 'mgt', type: '%', min: -25, max: 15, landuses: ['AGRR'] }],
  };
  it('accepts a good body and names each bad field', () => {
    expect(calibrationRequestProblems(good, ctx)).toEqual({});
    const bad = calibrationRequestProblems(
      {
        ...good,
        name: ' ',
        observed: { gaugeID: 99 },
        reach: 12,
        calibrationPeriod: { start: '2002-01-01', end: '2007-12-31' },
        validationPeriod: { start: '2007-06-01', end: '2012-12-31' },
        objective: 'R2',
        pbiasBound: 0,
        algorithm: 'DDS',
        runsPerIteration: 1,
        iterations: 101,
        seed: -1,
        parameters: [
          { variable: 'CN2', file: 'mgt', type: 'V', min: 20, max: 90 },
          { variable: 'ALPHA_BF', file: 'gw', type: 'V', min: 0.5, max: 0.5, landuses: ['AGRR'] },
          { variable: 'XYZ', file: 'bsn', type: 'V', min: 0, max: 1 },
        ],
      },
      ctx,
    );
    expect(bad).toEqual({
      name: [CALIBRATION_MESSAGES.name],
      observed: [CALIBRATION_MESSAGES.gauge],
      reach: [CALIBRATION_MESSAGES.reach],
      calibrationPeriod: [CALIBRATION_MESSAGES.period('2003-01-01', '2012-12-31')],
      objective: [CALIBRATION_MESSAGES.objective],
      pbiasBound: [CALIBRATION_MESSAGES.pbiasBound],
      runsPerIteration: [CALIBRATION_MESSAGES.runsPerIteration],
      iterations: [CALIBRATION_MESSAGES.iterations('DDS')],
      seed: [CALIBRATION_MESSAGES.seed],
      parameters: [CALIBRATION_MESSAGES.parameterLimits('CN2', 35, 98), CALIBRATION_MESSAGES.parameterRange('ALPHA_BF'), CALIBRATION_MESSAGES.parameterLanduses('ALPHA_BF'), CALIBRATION_MESSAGES.parameterUnknown('XYZ')],
    });
    // Overlapping periods; the same variable twice; no parameters.
    expect(calibrationRequestProblems({ ...good, validationPeriod: { start: '2007-06-01', end: '2012-12-31' } }, ctx)).toEqual({ validationPeriod: [CALIBRATION_MESSAGES.overlap] });
    expect(calibrationRequestProblems({ ...good, parameters: [good.parameters[0], { ...good.parameters[0] }] }, ctx)).toEqual({ parameters: [CALIBRATION_MESSAGES.parameterTwice('CN2')] });
    expect(calibrationRequestProblems({ ...good, parameters: [] }, ctx)).toEqual({ parameters: [CALIBRATION_MESSAGES.parametersCount] });
  });
  it('reads a CSV of observed values, skipping a header, and checks its days and units', () => {
    expect(parseObservedCsv('date,flow\n2004-01-01,1.5\n2004-01-02,\n2004-01-03,2')).toEqual({ dates: ['2004-01-01', '2004-01-02', '2004-01-03'], values: [1.5, null, 2] });
    expect(parseObservedCsv('2004-01-01,1\n2004-13-01,2')).toEqual({ error: CALIBRATION_MESSAGES.csvRow(2) });
    expect(parseObservedCsv('date,flow\n')).toEqual({ error: CALIBRATION_MESSAGES.csvEmpty });
    expect(calibrationRequestProblems({ ...good, observed: { csv: '2015-01-01,1', units: 'm3/s' } }, ctx)).toEqual({ observed: [CALIBRATION_MESSAGES.observedOutside] });
    expect(calibrationRequestProblems({ ...good, observed: { csv: '2004-01-01,1', units: 'l/s' } }, ctx)).toEqual({ observed: [CALIBRATION_MESSAGES.csvUnits] });
  });
  it('prefills the periods: the simulation after warm-up, split in halves by years', () => {
    const w = simulationWindow(ctx.simulation);
    expect(w).toEqual({ start: '2003-01-01', end: '2012-12-31' });
    expect(defaultPeriods(w)).toEqual({ calibration: { start: '2003-01-01', end: '2007-12-31' }, validation: { start: '2008-01-01', end: '2012-12-31' } });
    expect(defaultPeriods(w, { firstDate: '2006-01-01', lastDate: '2009-12-31' })).toEqual({ calibration: { start: '2006-01-01', end: '2007-12-31' }, validation: { start: '2008-01-01', end: '2009-12-31' } });
    expect(defaultPeriods({ start: '2003-03-01', end: '2003-03-10' })).toEqual({ calibration: { start: '2003-03-01', end: '2003-03-05' }, validation: { start: '2003-03-06', end: '2003-03-10' } });
  });
});

describe('the calibration form', () => {
  it('prefills gauge, reach and periods, marks the problems, fills parameters from the catalogue and sends the body of route 2', async () => {
    const calls = serve({ 'scenarios/5': scenario(), [PAGE]: pageData(), [`POST ${PAGE}`]: { id: 12 } });
    renderPages(URL, plugin);
    await screen.findByTestId('calibration-submit');
    expect(input('observed-gauge').value).toContain('Gauge J');
    expect(input('calibration-reach').value).toBe('4');
    expect([input('calibration-period-start').value, input('calibration-period-end').value]).toEqual(['2003-01-01', '2007-12-31']);
    expect([input('validation-period-start').value, input('validation-period-end').value]).toEqual(['2008-01-01', '2012-12-31']);
    // the flow calibration that meets the goals on the demo: DDS, 30 × 10 runs, |PBIAS| ≤ 15 %,
    // seed 7, the flow parameters the catalogue has
    expect(input('calibration-algorithm').value).toBe('DDS');
    expect(screen.getByTestId('algorithm-help').textContent).toContain('Dynamically dimensioned search');
    expect([input('calibration-pbias').value, input('calibration-seed').value]).toEqual(['15', '7']);
    expect(screen.getByTestId('calibration-total').textContent).toBe('300 runs in all');
    expect(screen.getAllByTestId(/^parameter-[A-Z0-9_]+$/).map((e) => e.dataset.testid)).toEqual(['parameter-CN2', 'parameter-ALPHA_BF']);
    removeParameters();
    await choose('calibration-algorithm', 'SUFI-2');
    expect(screen.getByTestId('algorithm-help').textContent).toContain('95PPU');

    fireEvent.click(screen.getByTestId('calibration-submit'));
    expect(await screen.findByText(CALIBRATION_MESSAGES.name)).toBeTruthy();
    expect(screen.getByTestId('parameters-error').textContent).toBe(CALIBRATION_MESSAGES.parametersCount);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    set('calibration-name', 'CN2 and ALPHA_BF');
    await choose('parameter-add', /^CN2/);
    await choose('parameter-add', /^ALPHA_BF/);
    expect([input('parameter-CN2-min').value, input('parameter-CN2-max').value]).toEqual(['-25', '15']);
    expect(input('parameter-CN2-type').value).toContain('%');
    // Another change type has no catalogue range: min and max start empty and are required.
    await choose('parameter-CN2-type', /^V —/);
    expect(input('parameter-CN2-min').value).toBe('');
    expect(await screen.findByText(CALIBRATION_MESSAGES.parameterRange('CN2'))).toBeTruthy();
    await choose('parameter-CN2-type', /^% —/);
    await waitFor(() => expect(screen.queryByTestId('parameters-error')).toBeNull());
    set('calibration-period-start', '2001-01-01');
    expect(await screen.findByTestId('calibration-period-error')).toBeTruthy();
    set('calibration-period-start', '2003-01-01');
    await choose('calibration-algorithm', 'DDS');
    expect(screen.getByTestId('algorithm-help').textContent).toContain('Dynamically dimensioned search');
    await choose('calibration-algorithm', 'SUFI-2');
    set('calibration-runs-per-iteration', '5');
    set('calibration-iterations', '2');
    set('calibration-pbias', '15');
    await waitFor(() => expect(screen.getByTestId('calibration-total').textContent).toBe('10 runs in all'));
    fireEvent.click(screen.getByTestId('parameter-ALPHA_BF-remove'));
    await choose('parameter-add', /^ALPHA_BF/);

    fireEvent.click(screen.getByTestId('calibration-submit'));
    expect(await screen.findByText('Your calibration has started.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'CN2 and ALPHA_BF',
      observed: { gaugeID: 11 },
      reach: 4,
      calibrationPeriod: { start: '2003-01-01', end: '2007-12-31' },
      validationPeriod: { start: '2008-01-01', end: '2012-12-31' },
      objective: 'NSE',
      pbiasBound: 15,
      algorithm: 'SUFI2',
      runsPerIteration: 5,
      iterations: 2,
      seed: 7,
      parameters: [
        { variable: 'CN2', file: 'mgt', type: '%', min: -25, max: 15 },
        { variable: 'ALPHA_BF', file: 'gw', type: 'V', min: 0.01, max: 1 },
      ],
    });
    // The list is reloaded after the request started.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url === PAGE).length).toBe(2));
  }, 30_000);

  it("shows the server's 400 errors at their fields", async () => {
    serve({
      'scenarios/5': scenario(),
      [PAGE]: pageData(),
      [`POST ${PAGE}`]: reply(400, { errors: { name: ['A calibration of this scenario already has this name.'], parameters: ['CN2: the range leaves SWAT limits.'] } }),
    });
    renderPages(URL, plugin);
    await screen.findByTestId('calibration-submit');
    set('calibration-name', 'Again');
    removeParameters();
    await choose('parameter-add', /^CN2/);
    fireEvent.click(screen.getByTestId('calibration-submit'));
    expect(await screen.findByText('A calibration of this scenario already has this name.')).toBeTruthy();
    expect(screen.getByTestId('parameters-error').textContent).toBe('CN2: the range leaves SWAT limits.');
  }, 30_000);

  it('reads an uploaded CSV in the browser and sends it as text with its units', async () => {
    const calls = serve({ 'scenarios/5': scenario(), [PAGE]: pageData([], { gauges: [] }), [`POST ${PAGE}`]: { id: 13 } });
    renderPages(URL, plugin);
    await screen.findByTestId('calibration-submit');
    fireEvent.click(screen.getByRole('radio', { name: 'A CSV file' }));
    const csv = 'date,flow\n2004-01-01,1.5\n2004-01-02,2.5\n2009-01-01,3\n';
    fireEvent.change(screen.getByTestId('observed-file'), { target: { files: [new File([csv], 'gauge.csv', { type: 'text/csv' })] } });
    expect((await screen.findByTestId('observed-summary')).textContent).toBe('gauge.csv: 3 days, 2004-01-01 to 2009-01-01.');
    // The periods follow the file's days.
    expect([input('calibration-period-start').value, input('validation-period-end').value]).toEqual(['2004-01-01', '2009-01-01']);
    await choose('observed-units', 'cfs');
    await choose('calibration-reach', '2');
    set('calibration-name', 'From a file');
    removeParameters();
    await choose('parameter-add', /^ALPHA_BF/);
    fireEvent.click(screen.getByTestId('calibration-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')!.body;
    expect(body.observed).toEqual({ csv, units: 'cfs' });
    expect(body.reach).toBe(2);

    fireEvent.change(screen.getByTestId('observed-file'), { target: { files: [new File(['2004-01-01,x'], 'bad.csv')] } });
    expect((await screen.findByTestId('observed-error')).textContent).toBe(CALIBRATION_MESSAGES.csvRow(1));
  }, 30_000);

  it('asks for a run first when the scenario has not run', async () => {
    serve({ 'scenarios/5': scenario({ hasRun: false }, { hasRun: false }), [PAGE]: pageData() });
    renderPages(URL, plugin);
    expect((await screen.findByTestId('output-gate')).textContent).toBe(CALIBRATION_MESSAGES.notRun);
    expect(screen.queryByTestId('calibration-submit')).toBeNull();
  });
});

describe('the request list', () => {
  it('shows each state; a running request moves with the status poll and can be aborted; a stopped one deleted', async () => {
    let runsDone = 3;
    const calls = serve({
      'scenarios/5': scenario(),
      [PAGE]: pageData([summary({ id: 9, status: 'running', runsDone: 3, bestObjective: 0.2, runsAtOnce: 1, finishedAt: null }), summary({ id: 8, name: 'Old', status: 'error', statusMessage: 'A worker failed.', runsAtOnce: 1 })]),
      'scenarios/output/calibration/request/9/status': () => summary({ id: 9, status: 'running', runsDone, bestObjective: 0.4, runsAtOnce: 1, finishedAt: null }),
      'POST scenarios/output/calibration/request/9/abort': { value: true },
      'DELETE scenarios/output/calibration/request/8': { value: true },
    });
    renderPages(URL, plugin);
    const running = await screen.findByTestId('calibration-9');
    expect(running.getAttribute('data-status')).toBe('running');
    // The first poll answers at once.
    await waitFor(() => expect(within(running).getByTestId('calibration-runs').textContent).toBe('3 / 10 runs · best NSE 0.400'));
    const failed = screen.getByTestId('calibration-8');
    expect(failed.textContent).toContain('A worker failed.');
    // the tier's window is said while the request runs, not after
    expect(within(running).getByTestId('calibration-window').textContent).toBe("One run at a time (your account tier's limit).");
    expect(within(failed).queryByTestId('calibration-window')).toBeNull();
    expect(within(failed).queryByTestId('calibration-abort')).toBeNull();
    expect(within(running).queryByTestId('calibration-delete')).toBeNull();
    expect(within(running).getByTestId('calibration-open').getAttribute('href')).toBe('/projects/7/scenarios/5/output/calibration/9');

    runsDone = 6;
    await waitFor(() => expect(within(running).getByTestId('calibration-runs').textContent).toBe('6 / 10 runs · best NSE 0.400'), { timeout: 8000 });

    fireEvent.click(within(running).getByTestId('calibration-abort'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === 'scenarios/output/calibration/request/9/abort')).toBe(true));

    fireEvent.click(within(failed).getByTestId('calibration-delete'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === 'scenarios/output/calibration/request/8')).toBe(true));
  }, 30_000);

  it('moves with the pushed events; an older poll answer does not move the bar back; the end reloads the list', async () => {
    let finished = false;
    const calls = serve({
      'scenarios/5': scenario(),
      [PAGE]: () => pageData([summary(finished ? {} : { status: 'running', runsDone: 3, bestObjective: 0.2, finishedAt: null })]),
      'scenarios/output/calibration/request/9/status': summary({ status: 'running', runsDone: 3, bestObjective: 0.2, finishedAt: null }),
    });
    renderPages(URL, plugin);
    const row = await screen.findByTestId('calibration-9');
    await listening();
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/status'))).toBe(true));
    await push({ ...summary({ status: 'running', runsDone: 7, bestObjective: 0.5, finishedAt: null }), scenarioID: 5, ranges: [[-20, 5]] });
    expect(within(row).getByTestId('calibration-runs').textContent).toBe('7 / 10 runs · best NSE 0.500');
    // Another scenario's event is not this list's.
    await push({ ...summary({ status: 'running', runsDone: 9, finishedAt: null }), scenarioID: 6 });
    expect(within(row).getByTestId('calibration-runs').textContent).toBe('7 / 10 runs · best NSE 0.500');
    finished = true;
    await push({ ...summary(), scenarioID: 5 });
    await waitFor(() => expect(screen.getByTestId('calibration-9').getAttribute('data-status')).toBe('complete'));
    await waitFor(() => expect(calls.filter((c) => c.url === PAGE).length).toBe(2));
    expect(within(screen.getByTestId('calibration-9')).getByTestId('calibration-delete')).toBeTruthy();
  }, 30_000);

  it('says when there are no requests', async () => {
    serve({ 'scenarios/5': scenario(), [PAGE]: pageData([]) });
    renderPages(URL, plugin);
    expect(await screen.findByText("You don't have any calibration requests yet.")).toBeTruthy();
  });
});

const fit = (nse: number) => ({ NSE: nse, KGE: 0.7, PBIAS: -8.25, RSR: 0.62, LNSE: 0.5, days: 1826 });
const RESULT: CalibrationResult = {
  request: {
    ...summary(),
    settings: {
      name: 'First try',
      observed: { gaugeID: 11 },
      reach: 4,
      calibrationPeriod: { start: '2003-01-01', end: '2007-12-31' },
      validationPeriod: { start: '2008-01-01', end: '2012-12-31' },
      objective: 'NSE',
      pbiasBound: null,
      algorithm: 'SUFI2',
      runsPerIteration: 5,
      iterations: 2,
      seed: 1,
      parameters: [],
    },
  },
  parameters: [
    { variable: 'CN2', file: 'mgt', type: '%', min: -25, max: 15 },
    { variable: 'ALPHA_BF', file: 'gw', type: 'V', min: 0.01, max: 1 },
  ],
  runs: [
    { n: 1, iteration: 1, values: [-10, 0.2], objective: 0.3, calibration: fit(0.3), validation: fit(0.25) },
    { n: 2, iteration: 1, values: [-20, 0.5], objective: 0.61, calibration: fit(0.61), validation: fit(0.64) },
    { n: 3, iteration: 2, values: [5, 0.9], objective: null, calibration: null, validation: null, error: 'The run failed.' },
  ],
  best: { n: 2, values: [-20, 0.5], mods: [], calibration: fit(0.61), validation: fit(0.64) },
  iterations: [
    { iteration: 1, ranges: [[-25, 15], [0.01, 1]], pFactor: 0.71, rFactor: 1.2, best: 0.61 },
    { iteration: 2, ranges: [[-24, -2], [0.2, 0.8]], pFactor: 0.55, rFactor: 0.8, best: 0.61 },
  ],
  hydrograph: { firstDate: '2003-01-01', observed: [1, null, 3], best: [1.1, 2, 2.8], lower: [0.5, 1, 2], upper: [2, 3, 4] },
};
const RESULT_URL = '/projects/7/scenarios/5/output/calibration/9';

describe('the results page', () => {
  it('shows the best set, its fit, p/r-factor, a dotty plot per parameter, the 95PPU hydrograph and the downloads', async () => {
    serve({ 'scenarios/5': scenario(), 'scenarios/output/calibration/request/9': RESULT });
    renderPages(RESULT_URL, plugin);
    const best = await screen.findByTestId('best-table');
    expect(within(best).getByTestId('best-CN2').textContent).toContain('-20');
    expect(within(best).getByTestId('best-ALPHA_BF').textContent).toContain('0.5');
    expect(screen.getByTestId('fit-NSE').textContent).toBe('NSE0.6100.640');
    expect(screen.getByTestId('fit-PBIAS').textContent).toBe('PBIAS (%)-8.3-8.3');
    expect(screen.getByTestId('iteration-2').textContent).toContain('0.550.80');
    expect(screen.getByTestId('calibration-summary').textContent).toContain('10 / 10 runs · best NSE 0.610');

    await waitFor(() => expect(charts.filter((c) => c.type === 'scatter').length).toBeGreaterThanOrEqual(2));
    const dotty = charts.filter((c) => c.type === 'scatter').slice(-2);
    expect(dotty.map((c) => c.options.title?.text)).toEqual(['CN2 (% change)', 'ALPHA_BF (value)']);
    // The failed run has no objective: not plotted; the best run is its own series.
    expect(dotty[0]!.series).toEqual([
      { name: 'Runs', data: [[-10, 0.3]] },
      { name: 'Best run', data: [[-20, 0.61]] },
    ]);
    const hydro = charts.find((c) => c.type === 'rangeArea')!;
    expect(hydro.series.map((s) => [s.name, s.type])).toEqual([
      ['95PPU', 'rangeArea'],
      ['Observed', 'line'],
      ['Best run', 'line'],
    ]);
    expect(hydro.series[0]!.data[1]).toEqual({ x: Date.UTC(2003, 0, 2), y: [1, 3] });
    expect(hydro.series[1]!.data[1]).toEqual({ x: Date.UTC(2003, 0, 2), y: null });

    for (const [id, file] of [
      ['download-runs', 'runs.csv'],
      ['download-best', 'best.csv'],
      ['download-hydrograph', 'hydrograph.csv'],
    ]) expect(screen.getByTestId(id).getAttribute('href')).toBe(`/api/exports/calibration/9/${file}?access_token=tok`);
  });

  it('creates a scenario from the best set and goes to it; saves an option with a success alert; name errors at the name', async () => {
    let taken = true;
    const calls = serve({
      'scenarios/5': scenario(),
      'scenarios/output/calibration/request/9': RESULT,
      'POST scenarios/output/calibration/request/9/scenario': () => (taken ? reply(400, { errors: { name: ['A scenario of this project already has this name.'] } }) : { scenarioID: 31 }),
      'POST scenarios/output/calibration/request/9/option': { value: true, calibrationID: 4 },
    });
    renderPages(RESULT_URL, plugin);
    fireEvent.click(await screen.findByTestId('save-option'));
    set('name-dialog-input', 'LREW fitted');
    fireEvent.click(screen.getByTestId('name-dialog-submit'));
    expect(await screen.findByText("The best set is saved as the calibration option 'LREW fitted'. The Calibration editor offers it.")).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/option'))!.body).toEqual({ name: 'LREW fitted' });

    fireEvent.click(screen.getByTestId('create-scenario'));
    set('name-dialog-input', 'Baseline');
    fireEvent.click(screen.getByTestId('name-dialog-submit'));
    expect(await screen.findByText('A scenario of this project already has this name.')).toBeTruthy();
    taken = false;
    set('name-dialog-input', 'Calibrated');
    fireEvent.click(screen.getByTestId('name-dialog-submit'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/projects/7/scenarios/31'));
    expect(calls.filter((c) => c.url.endsWith('/scenario')).map((c) => c.body)).toEqual([{ name: 'Baseline' }, { name: 'Calibrated' }]);
  }, 30_000);

  it('while running shows the pushed progress and current ranges', async () => {
    serve({ 'scenarios/5': scenario(), 'scenarios/output/calibration/request/9': { ...RESULT, request: { ...RESULT.request, status: 'running', runsDone: 4, finishedAt: null } } });
    renderPages(RESULT_URL, plugin);
    await screen.findByTestId('calibration-summary');
    await listening();
    await push({ ...summary({ status: 'running', runsDone: 6, bestObjective: 0.63, finishedAt: null }), scenarioID: 5, ranges: [[-22, 3], [0.1, 0.7]] });
    expect(screen.getByTestId('calibration-summary').textContent).toContain('6 / 10 runs · best NSE 0.630');
    expect(screen.getByTestId('current-ranges').textContent).toBe('Current ranges: CN2 -22–3; ALPHA_BF 0.1–0.7');
    // Another request's event changes nothing.
    await push({ ...summary({ id: 10, status: 'running', runsDone: 9, finishedAt: null }), scenarioID: 5 });
    expect(screen.getByTestId('calibration-summary').textContent).toContain('6 / 10 runs');
  }, 30_000);

  it('while running: no best-set actions yet, and the whole answer reloads until it stops', async () => {
    let n = 0;
    const calls = serve({
      'scenarios/5': scenario(),
      'scenarios/output/calibration/request/9': () => (++n < 2 ? { ...RESULT, request: { ...RESULT.request, status: 'running', runsDone: 4, finishedAt: null }, best: null, hydrograph: null } : RESULT),
    });
    renderPages(RESULT_URL, plugin);
    expect((await screen.findByTestId('no-best')).textContent).toContain('The first runs are on their way');
    expect(screen.queryByTestId('create-scenario')).toBeNull();
    expect(await screen.findByTestId('best-table', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByTestId('create-scenario')).toBeTruthy();
    expect(calls.filter((c) => c.url === 'scenarios/output/calibration/request/9').length).toBe(2);
  }, 30_000);
});
