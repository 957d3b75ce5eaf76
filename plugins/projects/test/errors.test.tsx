// The project's feedback and error reports (spec 1 §2 errors, create, :reportID; spec 2 §3, §9)
// and the Submit Error Report action of the project error view (spec 1 §4).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, renderPages, serve, workspacePlugins } from '@headwater/plugin-sdk/testing';
import plugin from '../src/plugin.tsx';
import { ProjectViewPage } from '../src/pages/ProjectViewPage.tsx';

vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, off() {}, emit() {}, connect() {}, disconnect() {}, connected: false }) }));
vi.mock('../../../plugin-sdk/src/map/WatershedMap.tsx', () => ({ default: () => <div data-testid="watershed-map" /> }));

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const PROJECT = {
  project: { id: 7, name: 'LREW', numSubbasins: 3, numHrus: 134, numOriginalHrus: 134, totalArea: 21.96, scenarios: [] },
  tier: { subbasinLimit: 0, hruLimit: 0 },
  status: { isCreated: true },
};
const IN_ERROR = { ...PROJECT, status: { hasError: true, statusMessage: 'Project creation failed.', exceptionMessage: 'Error: no subbasins' } };
/** The report the tests below write about IN_ERROR. */
const CREATION_REPORT = { projectID: 7, scenarioID: null, title: 'Creation fails', message: 'Project creation failed.', exception: 'Error: no subbasins', userComments: 'Every time.' };
const ROWS = {
  items: [
    { id: 12, title: 'Run fails', scenario: 'Baseline', scenarioId: 4, status: 'Working', dateSubmitted: '2026-11-21T09:00:00' },
    { id: 11, title: 'Slow map', scenario: '', scenarioId: null, status: 'Submitted', dateSubmitted: '2026-11-20T10:00:00' },
  ],
  total: 2,
};
/** The projects plugin as the shell mounts it: the error report pages route to one another. */
const PAGES = plugin;
const change = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('error report list /projects/:id/errors', () => {
  it('lists the reports 50 a page, newest first, with title links, scenario, status and date', async () => {
    const calls = serve({ 'projects/7': PROJECT, plugins: workspacePlugins(), 'errorreports/project/7': ROWS });
    renderPages('/projects/7/errors', PAGES);
    const link = await screen.findByTestId('report-link-12');
    expect(link.textContent).toBe('Run fails');
    expect(link.getAttribute('href')).toBe('/projects/7/errors/12');
    expect(calls.some((c) => c.url === 'errorreports/project/7?sort=dateSubmitted_desc&page=1&perPage=50')).toBe(true);
    const row = link.closest('tr')!;
    expect(within(row).getByText('Baseline').getAttribute('href')).toBe('/projects/7/scenarios/4');
    expect(within(row).getByText('Working')).toBeTruthy();
    expect(within(row).getByText('Nov 21, 2026, 9:00 AM')).toBeTruthy();
    expect(screen.getByText('Slow map')).toBeTruthy();
    expect(screen.getByTestId('report-create').getAttribute('href')).toBe('/projects/7/errors/create');
    expect(screen.getByTestId('crumb-project').getAttribute('href')).toBe('/projects/7');
  });

  it('shows a new report at once, though the shell keeps lists 30 s', async () => {
    let rows = { items: [] as typeof ROWS.items, total: 0 };
    serve({
      'projects/7': PROJECT,
      plugins: workspacePlugins({ except: ['scenarios'] }),
      'errorreports/project/7': () => rows,
      'POST errorreports': () => {
        rows = ROWS;
        return { id: 12 };
      },
    });
    renderPages('/projects/7/errors', PAGES, { staleTime: 30_000 });
    expect(await screen.findByText("You don't have any error reports yet.")).toBeTruthy();
    fireEvent.click(screen.getByTestId('report-create'));
    change('report-title', 'Run fails');
    change('report-comments', 'It fails at the start.');
    fireEvent.click(screen.getByTestId('report-submit'));
    expect((await screen.findByRole('status')).textContent).toBe('Error report submitted.');
    expect(await screen.findByTestId('report-link-12')).toBeTruthy();
  });

  it('says so when there are none', async () => {
    serve({ 'projects/7': PROJECT, plugins: workspacePlugins({ except: ['scenarios'] }), 'errorreports/project/7': { items: [], total: 0 } });
    renderPages('/projects/7/errors', PAGES);
    expect(await screen.findByText("You don't have any error reports yet.")).toBeTruthy();
  });
});

describe('error report form /projects/:id/errors/create', () => {
  it('requires title and comments, posts the report and shows it submitted on the list', async () => {
    const calls = serve({ 'projects/7': PROJECT, plugins: workspacePlugins({ except: ['scenarios'] }), 'POST errorreports': { id: 13 }, 'errorreports/project/7': ROWS });
    renderPages('/projects/7/errors/create', PAGES);
    fireEvent.click(await screen.findByTestId('report-submit'));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    // A project not in error: nothing to send along, nothing to clear.
    expect(screen.queryByTestId('report-clear-error')).toBeNull();
    expect(screen.queryByTestId('report-exception')).toBeNull();
    change('report-title', 'A question');
    change('report-comments', 'How are HRUs counted?');
    fireEvent.click(screen.getByTestId('report-submit'));
    expect((await screen.findByRole('status')).textContent).toBe('Error report submitted.');
    expect(screen.getByTestId('location').textContent).toBe('/projects/7/errors');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ projectID: 7, scenarioID: null, title: 'A question', message: '', exception: '', userComments: 'How are HRUs counted?', clearError: false });
    expect(await screen.findByTestId('report-link-12')).toBeTruthy();
  });

  it('sends a project’s error along and may clear it', async () => {
    let project: object = IN_ERROR;
    const calls = serve({
      'projects/7': () => project,
      plugins: workspacePlugins({ except: ['scenarios'] }),
      'POST errorreports': () => {
        project = PROJECT;
        return { id: 14 };
      },
      'errorreports/project/7': ROWS,
    });
    renderPages('/projects/7/errors/create', PAGES);
    expect((await screen.findByTestId('report-message')).textContent).toBe('Project creation failed.');
    expect(screen.getByTestId('report-exception').textContent).toBe('Error: no subbasins');
    // The form shows the error itself: no second error view (with its own report button) above it.
    expect(screen.queryByTestId('project-error')).toBeNull();
    change('report-title', 'Creation fails');
    change('report-comments', 'Every time.');
    fireEvent.click(screen.getByTestId('report-clear-error'));
    fireEvent.click(screen.getByTestId('report-submit'));
    expect((await screen.findByRole('status')).textContent).toBe('Error report submitted.');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ ...CREATION_REPORT, clearError: true });
    await waitFor(() => expect(calls.filter((c) => c.url === 'projects/7').length).toBeGreaterThan(1));
    expect(screen.queryByTestId('project-error')).toBeNull();
  });

  it('goes back to the list on Cancel', async () => {
    serve({ 'projects/7': PROJECT, plugins: workspacePlugins({ except: ['scenarios'] }), 'errorreports/project/7': ROWS });
    renderPages('/projects/7/errors/create', PAGES);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('location').textContent).toBe('/projects/7/errors');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('one error report /projects/:id/errors/:reportID', () => {
  it('shows the report read only, with its scenario', async () => {
    serve({
      'projects/7': PROJECT,
      plugins: workspacePlugins(),
      'errorreports/12': { id: 12, projectID: 7, scenarioID: 4, title: 'Run fails', message: 'The model run failed.', exception: 'Error: file.cio not found', userComments: 'It fails at the start.', status: 'Resolved', dateSubmitted: '2026-11-21T09:00:00' },
      'projects/scenarios/listall/7': [{ id: 4, name: 'Baseline', hasRun: false, isRunning: false }],
    });
    renderPages('/projects/7/errors/12', PAGES);
    expect((await screen.findByTestId('report-view-title')).textContent).toBe('Run fails');
    expect(screen.getByTestId('report-view-status').textContent).toBe('Resolved');
    expect(screen.getByTestId('report-view-submitted').textContent).toBe('Nov 21, 2026, 9:00 AM');
    expect(screen.getByTestId('report-view-comments').textContent).toBe('It fails at the start.');
    expect(screen.getByTestId('report-view-message').textContent).toBe('The model run failed.');
    expect(screen.getByTestId('report-view-exception').textContent).toBe('Error: file.cio not found');
    await waitFor(() => expect(within(screen.getByTestId('report-view-scenario')).getByText('Baseline').getAttribute('href')).toBe('/projects/7/scenarios/4'));
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('refuses a report of another project, and a missing one', async () => {
    serve({ 'projects/7': PROJECT, plugins: workspacePlugins({ except: ['scenarios'] }), 'errorreports/12': { id: 12, projectID: 8, scenarioID: null, title: 'Other', message: '', exception: '', userComments: 'x', status: 'Submitted', dateSubmitted: '2026-11-21T09:00:00' } });
    const r = renderPages('/projects/7/errors/12', PAGES);
    expect((await screen.findByTestId('error-list')).textContent).toContain('Requested data not found.');
    expect(screen.queryByText('Other')).toBeNull();
    r.unmount();
    serve({ 'projects/7': PROJECT, plugins: workspacePlugins({ except: ['scenarios'] }) });
    renderPages('/projects/7/errors/99', PAGES);
    expect((await screen.findByTestId('error-list')).textContent).toContain('Requested data not found.');
  });
});

describe('project view', () => {
  it('links the error reports from the Data menu and the tier warning to the account’s tier tab', async () => {
    serve({ 'projects/7': { ...PROJECT, tier: { subbasinLimit: 250, hruLimit: 100 } }, plugins: workspacePlugins({ except: ['scenarios'] }), 'datasets/websitetext': {}, 'projects/map/7': {} });
    renderAt('/projects/7', '/projects/:id', <ProjectViewPage params={{ id: '7' }} path="/projects/7" />);
    expect(within(await screen.findByTestId('tier-warning')).getByTestId('tier-link').getAttribute('href')).toBe('/account?tab=tiers');
    fireEvent.click(screen.getByTestId('menu-data'));
    const item = await screen.findByTestId('menu-errors');
    expect(item.textContent).toBe('Feedback and error reports');
    expect(item.getAttribute('href')).toBe('/projects/7/errors');
  });

  it('submits an error report from the project error view', async () => {
    const calls = serve({ 'projects/7': IN_ERROR, plugins: workspacePlugins({ except: ['scenarios'] }), 'datasets/websitetext': {}, 'projects/map/7': {}, 'POST errorreports': { id: 15 } });
    renderAt('/projects/7', '/projects/:id', <ProjectViewPage params={{ id: '7' }} path="/projects/7" />);
    const view = await screen.findByTestId('project-error');
    expect(within(view).getByTestId('clear-error')).toBeTruthy();
    fireEvent.click(within(view).getByTestId('report-open'));
    fireEvent.click(await screen.findByTestId('report-submit'));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    change('report-title', 'Creation fails');
    change('report-comments', 'Every time.');
    fireEvent.click(screen.getByTestId('report-submit'));
    expect((await screen.findByRole('status')).textContent).toBe('Error report submitted.');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ ...CREATION_REPORT, clearError: false });
    expect(screen.getByTestId('project-error')).toBeTruthy();
  });
});
