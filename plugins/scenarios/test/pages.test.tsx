import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expandManifest } from '@headwater/plugin-sdk/schema';
import { renderAt, reply, serve, workspacePlugins } from '@headwater/plugin-sdk/testing';
import { CreateScenarioPage } from '../src/pages/CreateScenarioPage.tsx';
import { ScenarioListPage } from '../src/pages/ScenarioListPage.tsx';
import { ScenarioViewPage } from '../src/pages/ScenarioViewPage.tsx';
import { OPTIONS, PROJECT, scenarioResponse } from './fixtures.ts';

// No live status hub in unit tests.
vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, off() {}, emit() {}, connect() {}, disconnect() {}, connected: false }) }));

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('hw.auth_token', 'tok');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const change = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

const ROWS = {
  items: [
    { id: 4, name: 'Baseline', hasRun: true, isRunning: false, lastRunDate: '2026-11-20T10:00:00Z', lastModifiedDate: '2026-11-19T10:00:00Z' },
    { id: 5, name: 'Wetter', hasRun: false, isRunning: true, lastRunDate: null, lastModifiedDate: '2026-11-21T09:00:00Z' },
  ],
  total: 2,
};

describe('scenario list', () => {
  it('shows the grid 10 a page by last modified date, and deletes a scenario after confirmation', async () => {
    let rows = ROWS;
    const calls = serve({
      'projects/7': PROJECT,
      'scenarios/options/7': OPTIONS,
      'projects/scenarios/7': () => rows,
      'DELETE scenarios/4': () => {
        rows = { items: [ROWS.items[1]!], total: 1 };
        return { value: true };
      },
    });
    renderAt('/projects/7/scenarios', '/projects/:id/scenarios', <ScenarioListPage params={{ id: '7' }} path="/projects/7/scenarios" />);
    const link = await screen.findByTestId('scenario-link-4');
    expect(link.getAttribute('href')).toBe('/projects/7/scenarios/4');
    expect(calls.some((c) => c.url === 'projects/scenarios/7?sort=lastModifiedDate_desc&page=1&perPage=10')).toBe(true);
    const baseline = link.closest('tr')!;
    expect(baseline.textContent).toContain('Yes');
    expect(baseline.textContent).toMatch(/Last run Nov 20, 2026/);
    const wetter = screen.getByTestId('scenario-link-5').closest('tr')!;
    expect(within(wetter).getByTestId('running-5')).toBeTruthy();
    expect(wetter.textContent).toMatch(/Modified Nov 21, 2026/);
    expect((screen.getByTestId('delete-5') as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByTestId('create-scenario')).toBeTruthy();

    fireEvent.click(screen.getByTestId('delete-4'));
    expect(await screen.findByText(/Are you sure you want to delete the scenario Baseline\?/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === 'scenarios/4')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('scenario-link-4')).toBeNull());
  });

  it('hides creation outside the tier limits, with the warning and the tier link', async () => {
    const message = 'Your account is limited to 2 subbasins and 100 HRUs per project.';
    serve({ 'projects/7': PROJECT, 'scenarios/options/7': { ...OPTIONS, tierLimits: { withinLimits: false, message } }, 'projects/scenarios/7': ROWS });
    renderAt('/projects/7/scenarios', '/projects/:id/scenarios', <ScenarioListPage params={{ id: '7' }} path="/projects/7/scenarios" />);
    const warning = await screen.findByTestId('tier-warning');
    expect(warning.textContent).toContain(message);
    expect(within(warning).getByTestId('tier-link').getAttribute('href')).toBe('/account?tab=tiers');
    await screen.findByTestId('scenario-link-4');
    expect(screen.queryByTestId('create-scenario')).toBeNull();
  });
});

describe('create scenario', () => {
  it('starts from the defaults, re-derives dates from the weather dataset, validates and creates', async () => {
    const calls = serve({ 'projects/7': PROJECT, 'scenarios/options/7': OPTIONS, 'POST scenarios': { id: 12 } });
    renderAt('/projects/7/scenarios/create', '/projects/:id/scenarios/create', <CreateScenarioPage params={{ id: '7' }} path="/projects/7/scenarios/create" />);
    await screen.findByTestId('scenario-form');
    expect(input('scenario-name').value).toBe('Default');
    expect(input('scenario-weather').value).toBe('1');
    expect(input('scenario-start').value).toBe('2003-01-01');
    expect(input('scenario-end').value).toBe('2007-12-31');
    expect(input('scenario-start').min).toBe('1997-01-01');
    expect(input('scenario-end').max).toBe('2020-12-31');
    expect(input('scenario-skip').value).toBe('2');
    expect(input('scenario-print').value).toBe('1');
    expect(input('scenario-swat').value).toBe('1');
    // The weather dataset's options come in their groups.
    expect(screen.getByTestId('scenario-weather').querySelectorAll('optgroup')).toHaveLength(2);
    // No climate change data of this dataset's CMIP version: the fields are hidden.
    expect(screen.queryByTestId('scenario-climate')).toBeNull();
    expect(screen.queryByTestId('print-setting-info')).toBeNull();

    change('scenario-weather', '2');
    expect(input('scenario-start').value).toBe('2018-01-01');
    expect(input('scenario-end').value).toBe('2020-06-30');
    change('scenario-weather', '3');
    expect(input('scenario-start').value).toBe('1980-01-01');
    expect(input('scenario-end').value).toBe('1984-12-31');
    expect(screen.getByTestId('scenario-climate').querySelectorAll('option')).toHaveLength(2); // None + RCP 4.5
    change('scenario-period', '20');
    expect(input('scenario-start').value).toBe('2040-01-01');
    expect(input('scenario-start').max).toBe('2069-12-31');
    change('scenario-period', '');
    change('scenario-weather', '1');
    expect(screen.queryByTestId('scenario-climate')).toBeNull();

    change('scenario-print', '0');
    expect(screen.getByTestId('print-setting-info').textContent).toMatch(/^Monthly or yearly output limits some outputs/);
    change('scenario-print', '1');

    change('scenario-name', '');
    change('scenario-start', '2003-01-01');
    change('scenario-end', '2002-12-31');
    fireEvent.click(screen.getByTestId('scenario-submit'));
    expect((await screen.findByTestId('error-list')).textContent).toBe('Please fix the errors below and try again.');
    expect(screen.getByText('Simulation end date must be greater than starting date.')).toBeTruthy();
    expect(screen.getByText('Required')).toBeTruthy();
    change('scenario-name', '--');
    expect(screen.getByText('Must contain at least one letter or number')).toBeTruthy();
    change('scenario-start', '1990-01-01');
    expect(screen.getByText('Must be between 1997-01-01 and 2020-12-31')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    change('scenario-name', 'Baseline');
    change('scenario-start', '2003-01-01');
    change('scenario-end', '2007-12-31');
    fireEvent.click(screen.getByTestId('scenario-submit'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/projects/7/scenarios/12'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      projectID: 7,
      name: 'Baseline',
      weatherDatasetID: 1,
      climateChangeScenarioID: null,
      climateChangeTimePeriodID: null,
      startingSimulationDate: '2003-01-01',
      endingSimulationDate: '2007-12-31',
      skipYears: 2,
      printSetting: 1,
      swatVersionID: 1,
    });
  });

  it('shows the server’s field errors by the field and in the error list', async () => {
    serve({ 'projects/7': PROJECT, 'scenarios/options/7': OPTIONS, 'POST scenarios': reply(400, { errors: { name: ['A scenario with this name already exists.'] } }) });
    renderAt('/projects/7/scenarios/create', '/projects/:id/scenarios/create', <CreateScenarioPage params={{ id: '7' }} path="/projects/7/scenarios/create" />);
    await screen.findByTestId('scenario-form');
    fireEvent.click(screen.getByTestId('scenario-submit'));
    expect((await screen.findByTestId('error-list')).textContent).toBe('A scenario with this name already exists.');
    expect(screen.getAllByText('A scenario with this name already exists.')).toHaveLength(2);
  });

  it('hides the form outside the tier limits', async () => {
    serve({ 'projects/7': PROJECT, 'scenarios/options/7': { ...OPTIONS, tierLimits: { withinLimits: false, message: 'Over your HRU limit.' } } });
    renderAt('/projects/7/scenarios/create', '/projects/:id/scenarios/create', <CreateScenarioPage params={{ id: '7' }} path="/projects/7/scenarios/create" />);
    expect((await screen.findByTestId('tier-warning')).textContent).toContain('Over your HRU limit.');
    expect(screen.queryByTestId('scenario-form')).toBeNull();
  });

  it('asks for the project’s HRUs first', async () => {
    serve({ 'projects/7': PROJECT, 'scenarios/options/7': { ...OPTIONS, hasSetHrus: false } });
    renderAt('/projects/7/scenarios/create', '/projects/:id/scenarios/create', <CreateScenarioPage params={{ id: '7' }} path="/projects/7/scenarios/create" />);
    const notice = await screen.findByTestId('hrus-not-set');
    expect(notice.textContent).toBe('Please set the HRUs of this project before creating scenarios. Set HRUs');
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/projects/7/hrus');
    expect(screen.queryByTestId('scenario-form')).toBeNull();
  });
});

const view = (path = '/projects/7/scenarios/4') =>
  renderAt(path, '/projects/:id/scenarios/:scenarioID', <ScenarioViewPage params={{ id: path.split('/')[2]!, scenarioID: path.split('/')[4]! }} path={path} />);

describe('scenario view', () => {
  it('refuses a scenario of another project', async () => {
    serve({ 'scenarios/4': scenarioResponse({ scenario: { projectID: 8 } }) });
    view();
    expect((await screen.findByTestId('error-list')).textContent).toBe('Invalid scenario ID for this project. Please check the URL in your browser.');
    expect(screen.queryByTestId('scenario-settings')).toBeNull();
  });

  it('shows the settings, and the run modal forces skipping output processing when the model run is skipped', async () => {
    let runs = 0;
    const calls = serve({
      'scenarios/4': () => scenarioResponse({ status: runs > 1 ? { isRunning: true, currentProgress: 0, statusMessage: 'In the queue, preparing to run...' } : {} }),
      // The first run answers 400 with a string body; the second starts the run.
      'POST scenarios/run/4': () => (++runs === 1 ? reply(400, 'Unable to run your scenario at this time. You may run 10 scenarios a day.') : { value: true }),
    });
    view();
    expect((await screen.findByTestId('setting-dates')).textContent).toBe('2003-01-01 to 2007-12-31');
    expect(screen.getByTestId('setting-weather').textContent).toBe('Little River gauges');
    expect(screen.getByTestId('setting-climate').textContent).toBe('None');
    expect(screen.getByTestId('setting-skip').textContent).toBe('2');
    expect(screen.getByTestId('setting-print').textContent).toBe('Daily');
    expect(screen.getByTestId('setting-last-run').textContent).toBe('Never');
    expect(screen.getByTestId('setting-estimate').textContent).toBe('42s (1m 15s with SWAT Editor tables)');
    expect(screen.queryByTestId('tab-outputs')).toBeNull();

    fireEvent.click(screen.getByTestId('run-open'));
    const skipModel = (await screen.findByTestId('run-skipModelRun')) as HTMLInputElement;
    const skipOutput = input('run-skipOutputProcessing');
    expect(skipOutput.checked).toBe(false);
    expect(screen.queryByTestId('run-writeEditorTablesAsSqlite')).toBeNull();
    fireEvent.click(skipModel);
    expect(skipOutput.checked).toBe(true);
    expect(skipOutput.disabled).toBe(true);
    fireEvent.click(skipModel);
    expect(skipOutput.disabled).toBe(false);
    fireEvent.click(input('run-createEditorTables'));
    expect(screen.getByTestId('run-estimate').textContent).toBe('Estimated run time: 1m 15s');
    // the tables are SQLite; Access (.mdb) is answered 'not available, use SQLite' and cannot be sent
    expect(input('run-writeEditorTablesAsSqlite').checked).toBe(true);
    expect(screen.queryByTestId('run-editor-access')).toBeNull();
    fireEvent.click(input('run-writeEditorTablesAsSqlite'));
    expect(screen.getByTestId('run-editor-access').textContent).toBe('SWAT Editor input tables in Access format (.mdb) are not available on this server: use SQLite.');
    expect((screen.getByTestId('run-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(input('run-writeEditorTablesAsSqlite'));
    expect(screen.queryByTestId('run-editor-access')).toBeNull();
    fireEvent.click(screen.getByTestId('run-submit'));
    expect((await screen.findByTestId('error-list')).textContent).toBe('Unable to run your scenario at this time. You may run 10 scenarios a day.');
    fireEvent.click(screen.getByTestId('run-submit'));
    // Started: the modal closes and the scenario shows its queued run.
    expect((await screen.findByTestId('scenario-running')).textContent).toContain('In the queue, preparing to run...');
    expect(screen.queryByTestId('run-submit')).toBeNull();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      createEditorTables: true,
      writeEditorTablesAsSqlite: true,
      sendEmailNotification: false,
      skipModelRun: false,
      skipOutputProcessing: true,
      includeModflow: false,
    });
    expect(screen.queryByTestId('edit-settings')).toBeNull();
  });

  it('does not offer Run when the scenario cannot run, and says why', async () => {
    serve({ 'scenarios/4': scenarioResponse({ status: { canRun: false, runLimit: 'Your tier allows 2 runs at a time.' } }) });
    view();
    const blocked = await screen.findByTestId('run-blocked');
    expect(blocked.textContent).toMatch(/^Unable to run your scenario at this time\. Your tier allows 2 runs at a time\./);
    expect(within(blocked).getByTestId('tier-link').getAttribute('href')).toBe('/account?tab=tiers');
    expect(screen.queryByTestId('run-open')).toBeNull();
    expect(screen.getByTestId('edit-settings')).toBeTruthy();
  });

  it('shows a running scenario’s progress with the elapsed time, refreshes and aborts', async () => {
    const start = new Date(Date.now() - 65_000).toISOString();
    let running = true;
    const calls = serve({
      'scenarios/4': () => scenarioResponse({ status: running ? { isRunning: true, currentProgress: 40, statusMessage: 'Running SWAT', startRunDate: start } : {} }),
      'scenarios/abort/4': () => {
        running = false;
        return { value: true };
      },
    });
    view();
    const progress = await screen.findByTestId('scenario-running');
    expect(progress.textContent).toContain('40% · Running SWAT');
    expect(progress.textContent).toMatch(/Elapsed time: 1m 0?[5-9]s/);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh now' }));
    await waitFor(() => expect(calls.filter((c) => c.url === 'scenarios/4').length).toBeGreaterThan(1));
    fireEvent.click(screen.getByTestId('abort-run'));
    expect(await screen.findByText(/Are you sure you want to abort this run\?/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Abort run' }).at(-1)!);
    await waitFor(() => expect(calls.some((c) => c.url === 'scenarios/abort/4')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('scenario-running')).toBeNull());
    expect(screen.getByTestId('run-open')).toBeTruthy();
  });

  it('offers the error view’s actions: debug files, an error report, Clear Error', async () => {
    let hasError = true;
    const status = () => (hasError ? { hasError: true, statusMessage: 'The model run failed.', exceptionMessage: 'Error: file.cio not found', debugFile: '/api/exports/scenario-debug/4' } : {});
    const calls = serve({
      'scenarios/4': () => scenarioResponse({ status: status() }),
      'POST errorreports': { id: 1 },
      'scenarios/clearerror/4': () => {
        hasError = false;
        return { value: true };
      },
    });
    view();
    const errorView = await screen.findByTestId('scenario-error');
    expect(screen.getByTestId('error-status-message').textContent).toBe('The model run failed.');
    expect(screen.getByTestId('error-exception').textContent).toBe('Error: file.cio not found');
    expect(within(errorView).getByTestId('debug-link').getAttribute('href')).toBe('/api/exports/scenario-debug/4?access_token=tok');

    fireEvent.click(screen.getByTestId('report-open'));
    fireEvent.click(await screen.findByTestId('report-submit'));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    change('report-title', 'Run fails');
    change('report-comments', 'It fails at the start.');
    fireEvent.click(screen.getByTestId('report-submit'));
    expect((await screen.findByRole('status')).textContent).toBe('Error report submitted.');
    expect(calls.find((c) => c.url === 'errorreports')!.body).toEqual({
      projectID: 7,
      scenarioID: 4,
      title: 'Run fails',
      message: 'The model run failed.',
      exception: 'Error: file.cio not found',
      userComments: 'It fails at the start.',
      clearError: false,
    });
    expect(screen.getByTestId('scenario-error')).toBeTruthy();

    fireEvent.click(screen.getByTestId('clear-error'));
    await waitFor(() => expect(calls.some((c) => c.url === 'scenarios/clearerror/4')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('scenario-error')).toBeNull());
  });

  it('lists the enabled editors with a check on customised tables, and the outputs with the download link', async () => {
    // As GET plugins lists them: an editor's or output tool's page is implied by its manifest.
    const plugin = (id: string, kind: 'editor' | 'output', modTable?: string) => ({ ...expandManifest({ id, kind, title: id, sdk: '^1', modTable }, '1'), entry: '', remote: '', settings: {} });
    serve({
      'scenarios/4': scenarioResponse({ scenario: { hasRun: true, modTables: ['Bsn'] }, status: { hasRun: true, lastRunDate: '2026-11-21T10:00:00Z', runtime: 95, zipFile: '/api/exports/scenario/4', editorTablesFile: '/api/exports/scenario-editor-tables/4' } }),
      plugins: [
        ...workspacePlugins({ only: ['projects', 'scenarios'] }),
        plugin('bsn', 'editor', 'Bsn'),
        plugin('curve-number', 'editor', 'Cn2Percent'),
        plugin('charts', 'output'),
      ],
    });
    view('/projects/7/scenarios/4?tab=inputs');
    const editors = await screen.findByTestId('editor-links');
    expect(within(editors).getByRole('link', { name: 'bsn' }).getAttribute('href')).toBe('/projects/7/scenarios/4/bsn');
    expect(within(editors).getByRole('link', { name: 'curve-number' }).getAttribute('href')).toBe('/projects/7/scenarios/4/curve-number');
    expect(screen.getByTestId('modtable-check-Bsn')).toBeTruthy();
    expect(screen.queryByTestId('modtable-check-Cn2Percent')).toBeNull();
    fireEvent.click(screen.getByTestId('tab-outputs'));
    expect(within(await screen.findByTestId('output-links')).getByRole('link', { name: 'charts' }).getAttribute('href')).toBe('/projects/7/scenarios/4/output/charts');
    expect(screen.getByTestId('download-scenario').getAttribute('href')).toBe('/api/exports/scenario/4?access_token=tok');
    // the run wrote SWAT Editor input tables: offered beside the scenario files
    expect(screen.getByTestId('download-editor-tables').getAttribute('href')).toBe('/api/exports/scenario-editor-tables/4?access_token=tok');
    fireEvent.click(screen.getByTestId('tab-overview'));
    expect((await screen.findByTestId('setting-runtime')).textContent).toBe('1m 35s');
  });

  it('says so when no editor plugins are enabled', async () => {
    serve({ 'scenarios/4': scenarioResponse(), plugins: workspacePlugins({ only: ['projects', 'scenarios'] }) });
    view('/projects/7/scenarios/4?tab=inputs');
    expect((await screen.findByTestId('no-editors')).textContent).toBe('No input editors are enabled on this site.');
  });

  it('copies a scenario under a required name and opens the copy', async () => {
    const calls = serve({ 'scenarios/4': scenarioResponse(), 'POST scenarios/copy/4': { id: 9 }, 'DELETE scenarios/4': { value: true } });
    view();
    fireEvent.click(await screen.findByTestId('copy-open'));
    expect(input('copy-name').value).toBe('Baseline (Copy)');
    change('copy-name', ' ');
    fireEvent.click(screen.getByTestId('copy-submit'));
    expect(await screen.findByText('Please provide a name for the new scenario.')).toBeTruthy();
    change('copy-name', 'Wetter');
    fireEvent.click(screen.getByTestId('copy-submit'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/projects/7/scenarios/9'));
    expect(calls.find((c) => c.url === 'scenarios/copy/4')!.body).toEqual({ value: 'Wetter' });
  });

  it('deletes after confirmation and goes back to the list', async () => {
    const calls = serve({ 'scenarios/4': scenarioResponse(), 'DELETE scenarios/4': { value: true } });
    view();
    fireEvent.click(await screen.findByTestId('delete-open'));
    expect(await screen.findByText(/Are you sure you want to delete the scenario Baseline\?/)).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/projects/7/scenarios'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === 'scenarios/4')).toBe(true);
  });

  it('edits the settings with the same form (PUT)', async () => {
    const calls = serve({ 'scenarios/4': scenarioResponse(), 'scenarios/options/7': OPTIONS, 'PUT scenarios/4': { id: 4 } });
    view();
    fireEvent.click(await screen.findByTestId('edit-settings'));
    await screen.findByTestId('scenario-form');
    expect(input('scenario-name').value).toBe('Baseline');
    change('scenario-skip', '1');
    fireEvent.click(screen.getByTestId('scenario-submit'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ name: 'Baseline', skipYears: 1, startingSimulationDate: '2003-01-01' }));
    await waitFor(() => expect(screen.queryByTestId('scenario-form')).toBeNull());
  });
});
