// The admin pages of issue 19 (first half) over a stubbed API: the users grid (50 a page, CSV
// export), the user detail's tabs (Delete hidden for pending users; password, codes and delete
// left out for an administrator's account the viewer may not manage), profile and tier saving,
// the lock, denying a pending user with a reason, and the tier form.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES } from '@headwater/plugin-sdk';
import { renderPages, serve } from '@headwater/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import plugin from '../src/plugin.tsx';

vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, off() {}, emit() {}, connect() {}, disconnect() {}, connected: false }) }));
vi.mock('react-apexcharts', () => ({ default: ({ series }: { series: { name: string; data: number[] }[] }) => <div data-testid="apex">{series.map((s) => `${s.name}:${s.data.join(',')}`).join(' | ')}</div> }));

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const USER = {
  id: 7,
  userName: 'tom',
  email: 'tom@example.org',
  firstName: 'Tom',
  lastName: 'Tester',
  affiliation: 'Lab',
  organizationCategory: 'Individual',
  reasonForUse: 'Rivers',
  country: 'United States',
  state: 'Texas',
  units: 0,
  tierID: 1,
  tierExpiration: null,
  roles: ['Registered'],
  emailConfirmed: true,
  isLockedOut: false,
  lockoutEndDate: null,
  lastLoginDate: '2026-11-20T10:00:00Z',
  registrationDate: '2026-11-01T10:00:00Z',
};
const detail = (extra: Record<string, unknown> = {}, user: Record<string, unknown> = {}) => ({
  user: { ...USER, ...user },
  isPending: false,
  hasApiAccess: false,
  isAdminAccount: false,
  canManage: true,
  canGrantAdmin: false,
  numProjects: 2,
  statistics: { title: 'Activity over the last 12 months', categories: ['2026-10', '2026-11'], series: [{ name: 'Projects created', data: [1, 1] }] },
  tiers: [
    { value: 1, text: 'Tier I', isDefault: true },
    { value: 2, text: 'Tier II', isDefault: false },
  ],
  location: { countries: ['Canada', 'United States'], states: ['Texas'], organizationCategories: ['Individual'] },
  auditLog: [{ id: 1, date: '2026-11-21T10:00:00Z', actor: 'pat', action: 'lock', details: 'Locked the account for 30 days (until 2026-12-21)' }],
  ...extra,
});
const tabs = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('/admin/users', () => {
  it('asks for 50 users a page sorted by user name, links each to its page, and exports CSV', async () => {
    const calls = serve({ 'admin/users': { items: [{ ...USER, roles: 'Registered', tier: 'Tier I' }], total: 1 } });
    renderPages('/admin/users', plugin);
    expect((await screen.findByTestId('user-link-tom')).getAttribute('href')).toBe('/admin/users/7');
    expect(calls.some((c) => c.url === 'admin/users?sort=userName&page=1&perPage=50')).toBe(true);
    expect(screen.getByText('Export CSV').getAttribute('href')).toContain('admin/exports/users');
  });
});

describe('/admin/users/{id}', () => {
  it('shows every tab for a manageable user, the chart and the audit log; saves the tier', async () => {
    const calls = serve({ 'admin/users/7': detail(), 'POST admin/users/7': USER, 'admin/users/apiAccess/7': { hasApiAccess: false, clients: [] } });
    renderPages('/admin/users/7', plugin);
    await screen.findByTestId('admin-profile-form');
    expect(tabs()).toEqual(['Profile', 'Projects (2)', 'Usage statistics', 'Reset password', 'Access codes', 'API access', 'Delete account', 'Audit log']);
    const form = screen.getByTestId('admin-profile-form');
    const save = within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(within(form).getByTestId('tier-select'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText(/Tier expiration/), { target: { value: '2030-01-31' } });
    fireEvent.click(save);
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.url === 'admin/users/7')?.body).toMatchObject({ tierID: 2, tierExpiration: '2030-01-31', units: 0, email: 'tom@example.org' }));
    expect(await screen.findByText('Changes saved.')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Usage statistics' }));
    expect((await screen.findByTestId('apex')).textContent).toBe('Projects created:1,1');
    fireEvent.click(screen.getByRole('tab', { name: 'Audit log' }));
    expect((await screen.findByTestId('audit-log')).textContent).toContain('Locked the account for 30 days');
  });

  it('checks the profile on the client with the spec messages', async () => {
    const calls = serve({ 'admin/users/7': detail() });
    renderPages('/admin/users/7', plugin);
    const form = await screen.findByTestId('admin-profile-form');
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: 'not-an-address' } });
    fireEvent.change(within(form).getByLabelText(/^First name/), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(ACCOUNT_MESSAGES.invalidEmail)).toBeTruthy();
    expect(within(form).getByText(ACCOUNT_MESSAGES.required)).toBeTruthy();
    expect(within(form).getByText(ACCOUNT_MESSAGES.fixErrors)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('locks for 30 days and unlocks with -1', async () => {
    let locked = false;
    const calls = serve({
      'admin/users/7': () => detail({}, locked ? { isLockedOut: true, lockoutEndDate: '2026-12-21T10:00:00Z' } : {}),
      'admin/users/setlock/7': (c: { url: string }) => ((locked = c.url.endsWith('/30')), { isLockedOut: locked }),
    });
    renderPages('/admin/users/7', plugin);
    fireEvent.click(await screen.findByRole('button', { name: 'Lock for 30 days' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Unlock' }));
    await screen.findByRole('button', { name: 'Lock for 30 days' });
    expect(calls.filter((c) => c.url.startsWith('admin/users/setlock/')).map((c) => c.url)).toEqual(['admin/users/setlock/7/30', 'admin/users/setlock/7/-1']);
  });

  it('hides Delete account for a pending user and offers approval', async () => {
    serve({ 'admin/users/7': detail({ isPending: true }, { roles: ['Pending'] }) });
    renderPages('/admin/users/7', plugin);
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(tabs()).not.toContain('Delete account');
    expect(screen.getByText('Pending')).toBeTruthy();
  });

  it("leaves out password, codes and delete on an administrator's account the viewer may not manage", async () => {
    serve({ 'admin/users/7': detail({ isAdminAccount: true, canManage: false }, { roles: ['Registered', 'Admin'] }) });
    renderPages('/admin/users/7', plugin);
    await screen.findByTestId('admin-profile-form');
    expect(tabs()).toEqual(['Profile', 'Projects (2)', 'Usage statistics', 'API access', 'Audit log']);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Lock for 30 days' })).toBeNull();
    expect((screen.getByTestId('role-select') as HTMLSelectElement).disabled).toBe(true);
  });

  it('needs DELETE typed before deleting', async () => {
    const calls = serve({ 'admin/users/7': detail(), 'DELETE account/delete': null, 'admin/users': { items: [], total: 0 } });
    renderPages('/admin/users/7?tab=delete', plugin);
    const button = await screen.findByRole('button', { name: 'Delete account' });
    fireEvent.change(screen.getByTestId('delete-confirm'), { target: { value: 'delete' } });
    fireEvent.click(button);
    expect(await screen.findByText(ACCOUNT_MESSAGES.typeDelete)).toBeTruthy();
    fireEvent.change(screen.getByTestId('delete-confirm'), { target: { value: 'DELETE' } });
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/users'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === 'account/delete?userId=7')).toBe(true);
  });
});

describe('/admin/users/pending', () => {
  it('denies with a reason', async () => {
    const calls = serve({ 'admin/users/pending': [{ ...USER, roles: ['Pending'] }], 'POST admin/users/deny/7': { message: 'ok' } });
    renderPages('/admin/users/pending', plugin);
    const row = await screen.findByTestId('pending-tom');
    fireEvent.click(within(row).getByRole('button', { name: 'Deny' }));
    fireEvent.change(await screen.findByLabelText('Reason'), { target: { value: 'Not a modeller.' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Deny' }).at(-1)!);
    await waitFor(() => expect(calls.find((c) => c.url === 'admin/users/deny/7')?.body).toEqual({ value: 'Not a modeller.' }));
    expect(await screen.findByText('tom denied.')).toBeTruthy();
  });
});

describe('/admin/users/tiers/{id}', () => {
  it('edits the HRU limit and sends every Tier field', async () => {
    const tier = { id: 3, name: 'Classroom', description: '', isDefault: false, hideFromDisplay: true, subbasinLimit: 20, hruLimit: 300, taskLimit: 5, taskLimitInterval: 1, concurrencyLimit: 1, queuePriority: 'middle', datasetUploadLimit: 0, datasets: [], featureList: ['batchProjects'], sortOrder: 4 };
    const calls = serve({ 'admin/tiers/3': { tier, numUsers: 2, datasets: [{ value: 1, text: 'Little River', isUserSubmitted: false }], features: ['batchProjects', 'regionalProjects'], auditLog: [] }, 'PUT admin/tiers/3': tier });
    renderPages('/admin/users/tiers/3', plugin);
    const form = await screen.findByTestId('tier-form');
    expect(tabs()).toEqual(['Settings', 'Users (2)']);
    fireEvent.change(within(form).getByLabelText(/Max. HRUs/), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...tier, id: undefined, hruLimit: 2 }));
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
  });
});
