// The groups pages (spec 3 §2.1) over a stubbed API: the list with the pending-invitations count,
// the invitations (accept, reject), creation, and the group view as a group admin and as a member.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GROUP_MESSAGES, MESSAGES } from '@headwater/plugin-sdk';
import { renderPages, reply, serve } from '@headwater/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import plugin from '../src/plugin.tsx';

// No live status hub in unit tests.
vi.mock('socket.io-client', () => ({ io: () => ({ on() {}, off() {}, emit() {}, connect() {}, disconnect() {}, connected: false }) }));

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const INVITE = { id: 11, groupID: 4, group: 'Hydrology lab', groupDescription: 'Little River modellers', invitedOn: '2026-11-20T10:00:00Z', invitedBy: 'olga', message: 'Join us.' };
const GROUP = {
  id: 4,
  name: 'Hydrology lab',
  description: 'Little River modellers',
  isAdmin: true,
  isOwner: true,
  siteName: 'Headwater',
  owner: 'olga',
  createdOn: '2026-11-01T10:00:00Z',
  numProjects: 1,
  numMembers: 2,
  invitedUsers: [{ id: 12, email: 'sam@example.org', userName: null, invitedOn: '2026-11-21T10:00:00Z', invitedBy: 'olga', message: '' }],
};
const MEMBERS = {
  items: [
    { id: 1, userName: 'max', email: 'max@example.org', firstName: 'Max', lastName: 'M', affiliation: 'Lab', isAdmin: false, isOwner: false },
    { id: 2, userName: 'olga', email: 'olga@example.org', firstName: 'Olga', lastName: 'O', affiliation: 'Lab', isAdmin: true, isOwner: true },
  ],
  total: 2,
};
const PROJECTS = { items: [{ id: 7, name: 'LREW', project: 'LREW', userName: 'olga', lastModifiedDate: '2026-11-21T10:00:00Z', dataset: 'Little River', endingSubbasin: '3', numSubbasins: 3, numHrus: 60, totalArea: 21.96, numScenarios: 1 }], total: 1 };
const where = () => screen.getByTestId('location').textContent;

describe('my groups /groups', () => {
  it('lists the groups, 20 a page, with the pending invitations count', async () => {
    const calls = serve({
      groups: { items: [{ id: 4, name: 'Hydrology lab', description: 'x', numProjects: 1, numMembers: 2, numInvitedUsers: 1, isAdmin: true, isOwner: true }], total: 1 },
      'groups/invites': [INVITE],
    });
    renderPages('/groups', plugin);
    expect((await screen.findByTestId('group-link-4')).getAttribute('href')).toBe('/groups/4');
    expect(calls.some((c) => c.url === 'groups?sort=name&page=1&perPage=20')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('pending-count').textContent).toBe('1'));
    fireEvent.click(screen.getByTestId('pending-invitations'));
    await waitFor(() => expect(where()).toBe('/groups/invites'));
  });

  it('says when the user is in no group', async () => {
    serve({ groups: { items: [], total: 0 }, 'groups/invites': [] });
    renderPages('/groups', plugin);
    expect(await screen.findByText(GROUP_MESSAGES.noGroups)).toBeTruthy();
    expect(screen.getByTestId('create-group').getAttribute('href')).toBe('/groups/create');
  });
});

describe('invitations /groups/invites', () => {
  it('accepts an invitation and opens the group', async () => {
    const calls = serve({ 'groups/invites': [INVITE], 'PATCH groups/accept/11': { value: true, id: 4 }, 'groups/4': GROUP, 'groups/members/4': MEMBERS, 'groups/projects/4': PROJECTS });
    renderPages('/groups/invites', plugin);
    const row = await screen.findByTestId('invite-11');
    expect(row.textContent).toContain('Hydrology lab');
    expect(row.textContent).toContain('Little River modellers');
    expect(row.textContent).toContain('olga');
    expect(row.textContent).toContain('Join us.');
    fireEvent.click(screen.getByTestId('accept-11'));
    await waitFor(() => expect(where()).toBe('/groups/4'));
    expect(calls.some((c) => c.method === 'PATCH' && c.url === 'groups/accept/11')).toBe(true);
  });

  it('rejects one, and says when none is left', async () => {
    let answered = false;
    const calls = serve({
      'groups/invites': () => (answered ? [] : [INVITE]),
      'PATCH groups/reject/11': () => ((answered = true), { value: true }),
    });
    renderPages('/groups/invites', plugin);
    fireEvent.click(await screen.findByTestId('reject-11'));
    expect((await screen.findByTestId('invites-empty')).textContent).toBe(GROUP_MESSAGES.noInvites);
    expect(calls.some((c) => c.method === 'PATCH' && c.url === 'groups/reject/11')).toBe(true);
    expect(where()).toBe('/groups/invites');
  });
});

describe('create /groups/create', () => {
  it('needs a name and a description, then opens the new group', async () => {
    const calls = serve({ 'POST groups': { id: 4 }, 'groups/4': GROUP, 'groups/members/4': MEMBERS, 'groups/projects/4': PROJECTS });
    renderPages('/groups/create', plugin);
    fireEvent.change(await screen.findByTestId('group-name'), { target: { value: 'Hydrology lab' } });
    fireEvent.click(screen.getByTestId('group-submit'));
    expect(await screen.findByText(GROUP_MESSAGES.nameAndDescription)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByTestId('group-description'), { target: { value: ' Little River modellers ' } });
    fireEvent.click(screen.getByTestId('group-submit'));
    await waitFor(() => expect(where()).toBe('/groups/4'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Hydrology lab', description: 'Little River modellers' });
  });
});

describe('the group view /groups/:id', () => {
  it('shows the three tables; a group admin invites by e-mail with a message', async () => {
    const calls = serve({ 'groups/4': GROUP, 'groups/members/4': MEMBERS, 'groups/projects/4': PROJECTS, 'PUT groups/invite/4': { id: 13 } });
    renderPages('/groups/4', plugin);
    expect((await screen.findByTestId('group-name-title')).textContent).toBe('Hydrology lab');
    expect((await screen.findByTestId('group-project-7')).getAttribute('href')).toBe('/projects/7');
    expect(calls.some((c) => c.url === 'groups/projects/4?sort=lastModifiedDate_desc&page=1&perPage=10')).toBe(true);
    expect(calls.some((c) => c.url === 'groups/members/4?sort=userName&page=1&perPage=10')).toBe(true);
    expect((await screen.findByTestId('invitation-12')).textContent).toContain('sam@example.org');
    fireEvent.change(screen.getByTestId('invite-email'), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByText(GROUP_MESSAGES.invalidEmail)).toBeTruthy();
    fireEvent.change(screen.getByTestId('invite-email'), { target: { value: 'ann@example.org' } });
    fireEvent.change(screen.getByTestId('invite-message'), { target: { value: 'Welcome!' } });
    fireEvent.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByText('An invitation was sent to ann@example.org.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ name: 'ann@example.org', description: 'Welcome!' });
  });

  it("shows the server's message for the address on the field", async () => {
    serve({ 'groups/4': GROUP, 'groups/members/4': MEMBERS, 'groups/projects/4': PROJECTS, 'PUT groups/invite/4': reply(400, { errors: { name: [GROUP_MESSAGES.alreadyMember] } }) });
    renderPages('/groups/4', plugin);
    fireEvent.change(await screen.findByTestId('invite-email'), { target: { value: 'max@example.org' } });
    fireEvent.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByText(GROUP_MESSAGES.alreadyMember)).toBeTruthy();
  });

  it('grants admin rights, removes a member after confirmation (never the owner) and deletes an invitation', async () => {
    const calls = serve({ 'groups/4': GROUP, 'groups/members/4': MEMBERS, 'groups/projects/4': PROJECTS, 'PATCH groups/setadmin/4': { value: true }, 'PATCH groups/removemember/4': { value: true }, 'DELETE groups/invite/12': { value: true } });
    renderPages('/groups/4', plugin);
    fireEvent.click(await screen.findByTestId('admin-max'));
    await waitFor(() => expect(calls.find((c) => c.url === 'groups/setadmin/4')?.body).toEqual({ name: 'max', value: true }));
    expect(screen.queryByTestId('remove-olga')).toBeNull();
    expect(screen.queryByTestId('admin-olga')).toBeNull();
    fireEvent.click(screen.getByTestId('remove-max'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Remove max from the group Hydrology lab?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.find((c) => c.url === 'groups/removemember/4')?.body).toEqual({ value: 'max' }));
    fireEvent.click(screen.getByTestId('delete-invitation-12'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === 'groups/invite/12')).toBe(true));
  });

  it('edits the name and description; the owner deletes the group', async () => {
    const calls = serve({ 'groups/4': GROUP, 'groups/members/4': MEMBERS, 'groups/projects/4': PROJECTS, 'PUT groups/4': { id: 4 }, 'DELETE groups/4': { value: true }, groups: { items: [], total: 0 }, 'groups/invites': [] });
    renderPages('/groups/4', plugin);
    fireEvent.click(await screen.findByTestId('group-edit'));
    fireEvent.change(await screen.findByTestId('group-description'), { target: { value: 'Modellers' } });
    fireEvent.click(screen.getByTestId('group-submit'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Hydrology lab', description: 'Modellers' }));
    fireEvent.click(screen.getByTestId('group-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('the projects stay with their creators');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(where()).toBe('/groups'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === 'groups/4')).toBe(true);
  });

  it('shows a plain member no management controls (the server refuses them)', async () => {
    serve({ 'groups/4': { ...GROUP, isAdmin: false, isOwner: false }, 'groups/members/4': MEMBERS, 'groups/projects/4': PROJECTS });
    renderPages('/groups/4', plugin);
    expect(await screen.findByTestId('group-project-7')).toBeTruthy();
    await screen.findByText('max@example.org');
    for (const id of ['invite-form', 'group-edit', 'group-delete', 'admin-max', 'remove-max', 'delete-invitation-12']) expect(screen.queryByTestId(id), id).toBeNull();
    expect(screen.getByTestId('invitation-12')).toBeTruthy();
  });

  it('says a group the user may not see is not found', async () => {
    serve({ 'groups/4': reply(404, MESSAGES.notFound) });
    renderPages('/groups/4', plugin);
    expect(await screen.findByText(MESSAGES.notFound)).toBeTruthy();
  });
});
