// The admin pages of issue 19 (second half) over a stubbed API: the dashboard's figures and
// refresh, the user categories (add, ignore empties and duplicates, remove; each change saves the
// whole list), the error report update, and the report form (no dataset for User Statistics).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPages, reply, serve } from '@headwater/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import plugin from '../src/plugin.tsx';

vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, off() {}, emit() {}, connect() {}, disconnect() {}, connected: false }) }));
// ApexCharts draws on SVG APIs jsdom lacks: the chart module is replaced by its data
vi.mock('react-apexcharts', () => ({ default: ({ series }: { series: { name: string; data: number[] }[] }) => <div data-testid="apex">{series.map((s) => `${s.name}:${s.data.join(',')}`).join(' | ')}</div> }));

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const DASHBOARD = {
  numUsers: 12,
  numProjects: 30,
  numScenarios: 75,
  numScenariosRunning: 2,
  avgProjectsPerUser: 2.5,
  avgHrusPerProject: 140.2,
  avgScenariosPerProject: 2.5,
  avgScenarioRunTime: 3.25,
  computedAt: '2026-11-20T10:00:00Z',
  buildDate: null,
  statisticsTimeChart: { title: 'Activity', categories: ['2026-10', '2026-11'], series: [{ name: 'New users', data: [3, 4] }] },
};

describe('/admin', () => {
  it('shows the cached figures and the chart; Refresh asks the server to recompute', async () => {
    const calls = serve({ 'admin/dashboard': (c: { url: string }) => (c.url.includes('refresh=true') ? { ...DASHBOARD, numUsers: 13 } : DASHBOARD) });
    renderPages('/admin', plugin);
    expect((await screen.findByTestId('dashboard-numUsers-value')).textContent).toBe('12');
    expect(screen.getByTestId('dashboard-avgScenarioRunTime').textContent).toMatch(/3\.25\s*minutes/);
    expect((await screen.findByTestId('apex')).textContent).toBe('New users:3,4');
    fireEvent.click(screen.getByTestId('dashboard-refresh'));
    await waitFor(() => expect(screen.getByTestId('dashboard-numUsers-value').textContent).toBe('13'));
    expect(calls.some((c) => c.url === 'admin/dashboard?refresh=true')).toBe(true);
  });
});

describe('/admin/users/categories', () => {
  it('adds, ignores empty and duplicate entries (clearing the input), removes; each change saves the list', async () => {
    let list = ['Federal government', 'Individual'];
    const calls = serve({
      'admin/users/categories': () => list,
      'POST admin/users/categories': (c: { body: string[] }) => (list = c.body),
    });
    renderPages('/admin/users/categories', plugin);
    await screen.findByText('Federal government');
    const input = screen.getByTestId('category-input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('category-add'));
    fireEvent.change(input, { target: { value: 'individual' } });
    fireEvent.click(screen.getByTestId('category-add'));
    expect(input.value).toBe('');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(input, { target: { value: ' Watershed council ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual(['Federal government', 'Individual', 'Watershed council']));
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Individual' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual(['Federal government', 'Watershed council']));
    expect(screen.getAllByTestId('category-item').map((e) => e.textContent?.replace(/⠿|Remove/g, '').trim())).toEqual(['Federal government', 'Watershed council']);
  });
});

const REPORT = {
  id: 4,
  title: 'Run fails',
  message: '',
  exception: 'Traceback',
  userComments: 'It stopped at 40%.',
  status: 'Submitted',
  developerComments: '',
  resolvedBy: null,
  resolvedDate: null,
  dateSubmitted: '2026-11-21T10:00:00Z',
  userID: 9,
  userName: 'ursula',
  userEmail: 'ursula@example.org',
  project: 'LREW',
  projectID: 7,
  scenario: null,
  scenarioID: null,
  emailedUserAt: null,
  ccEmail: '',
};

describe('/admin/errors/{id}', () => {
  it('saves status, reply, e-mail and cc, and shows the resolution', async () => {
    const calls = serve({
      'admin/errorreports/4': REPORT,
      'PUT admin/errorreports/4': (c: { body: Record<string, unknown> }) => ({ ...REPORT, ...c.body, resolvedBy: 'admin', resolvedDate: '2026-11-22T10:00:00Z' }),
    });
    renderPages('/admin/errors/4', plugin);
    expect((await screen.findByTestId('admin-error-comments')).textContent).toBe('It stopped at 40%.');
    expect(screen.getByText('LREW').getAttribute('href')).toBe('/projects/7');
    fireEvent.change(screen.getByTestId('admin-error-developer-comments'), { target: { value: 'Fixed.' } });
    fireEvent.click(screen.getByTestId('admin-error-email-user'));
    fireEvent.change(screen.getByLabelText('Send a copy to (cc)'), { target: { value: 'support@example.org' } });
    fireEvent.click(screen.getByTestId('admin-error-save'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ id: 4, status: 'Submitted', developerComments: 'Fixed.', emailUser: true, ccEmail: 'support@example.org' }));
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
  });

  it('lists the reports 50 a page, and narrows to one status', async () => {
    const calls = serve({ 'admin/errorreports': { items: [{ ...REPORT, project: '', projectID: null, scenario: '' }], total: 1 } });
    renderPages('/admin/errors', plugin);
    expect((await screen.findByTestId('admin-error-4')).getAttribute('href')).toBe('/admin/errors/4');
    expect(screen.getByText('General feedback')).toBeTruthy();
    expect(calls.some((c) => c.url === 'admin/errorreports?sort=dateSubmitted_desc&page=1&perPage=50')).toBe(true);
    fireEvent.click(within(screen.getByTestId('admin-errors-status')).getByText('Resolved'));
    await waitFor(() => expect(calls.some((c) => /^admin\/errorreports\?.*status=Resolved/.test(c.url))).toBe(true));
  });
});

describe('/admin/reports', () => {
  it('sends the type without a dataset for User Statistics, and shows server errors', async () => {
    const calls = serve({
      'admin/reports/options': { types: [{ name: 'User Statistics', needsDataset: false, description: 'Users by category.' }, { name: 'Tier Usage', needsDataset: true, description: 'Tiers.' }], datasets: [{ value: 1, text: 'Little River' }] },
      'admin/reports': { items: [{ id: 2, name: 'User Statistics', reportType: 'User Statistics', dataset: '', datasetID: null, status: 'complete', statusMessage: '', createdDate: '2026-11-22T10:00:00Z', fileName: 'user-statistics-2.csv', rowCount: 3, createdBy: 'admin' }], total: 1 },
      'POST admin/reports': (c: { body: { name: string | null } }) => (c.body.name ? { id: 3 } : reply(400, { errors: { name: ['Required'] } })),
    });
    renderPages('/admin/reports', plugin);
    const file = await screen.findByTestId('report-file-2');
    expect(file.getAttribute('href')).toMatch(/^\/api\/admin\/reports\/download\/2/);
    fireEvent.click(screen.getByTestId('report-create'));
    expect(await screen.findAllByText('Required')).not.toHaveLength(0);
    fireEvent.click(screen.getByTestId('report-type'));
    fireEvent.click(await screen.findByRole('option', { name: 'User Statistics' }));
    expect((screen.getByTestId('report-dataset') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('report-create'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ name: 'User Statistics', datasetID: null }));
  });
});

describe('/admin/users/email', () => {
  it('sends subject, body and the bcc choice, and shows the server’s field errors', async () => {
    const calls = serve({
      'POST admin/users/emailusers': reply(400, { errors: { body: ['Required'] } }),
      'admin/users/emailusers': [{ id: 1, subject: 'Welcome', status: 'complete', total: 5, sent: 5, progress: 100, statusMessage: '', sender: 'admin', bccSender: false, createdAt: '2026-11-20T10:00:00Z' }],
    });
    renderPages('/admin/users/email', plugin);
    expect(await screen.findByTestId('email-body')).toBeTruthy(); // the rich-text editor is drawn
    fireEvent.change(screen.getByTestId('email-subject'), { target: { value: ' Maintenance ' } });
    fireEvent.click(screen.getByTestId('email-send'));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ subject: 'Maintenance', body: '', bccSender: true }));
    expect(await screen.findAllByText('Required')).not.toHaveLength(0);
    // what was sent before, and by whom
    const history = await screen.findByTestId('email-history');
    expect(within(history).getByText('Welcome')).toBeTruthy();
    expect(within(history).getByText('5 of 5')).toBeTruthy();
  });
});
