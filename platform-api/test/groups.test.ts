// Groups through the API (issue 17; spec 3 §2.1, §4–§7, spec 1 Share and Group Projects):
// every groups call, invitations as a live notification and a mail (and one that waits for an
// account), sharing and unsharing, member removal and group deletion, with who may do what.
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MESSAGES } from '@headwater/plugin-sdk/schema';
import { MESSAGES } from '../src/http/errors.ts';
import { startProcessing } from '../src/jobs/processors.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { linkIn, waitForMail } from './mail-helpers.ts';

let app: TestApp;
let admin: string;
const PASSWORD = 'Correct-horse-1';
const seen = new Set<string>();
const sockets: Socket[] = [];
const tokens: Record<string, string> = {};
let projectId: number;
let groupId: number;

function person(userName: string) {
  return {
    firstName: userName[0]!.toUpperCase() + userName.slice(1),
    lastName: 'Tester',
    email: `${userName}@example.org`,
    userName,
    password: PASSWORD,
    country: 'United States',
    state: 'Texas',
    organizationCategory: 'University or college',
    affiliation: 'Watershed Lab',
    reasonForUse: 'Testing groups',
  };
}

async function userWithToken(userName: string): Promise<string> {
  const created = await app.request('/api/admin/users', { token: admin, body: person(userName) });
  expect(created.status).toBe(201);
  return app.login(userName, PASSWORD);
}

const call = (token: string | undefined, path: string, init: { method?: string; body?: unknown } = {}) => app.request(`/api/${path}`, { ...init, token });
const mailTo = (to: string, subject: RegExp) => waitForMail(app.config.mailOutboxDir, (m) => m.to === to && subject.test(m.subject), seen);

function connect(token?: string): Promise<Socket> {
  const s = io(app.url, { path: '/status-hub', transports: ['websocket'], auth: { token }, reconnection: false });
  sockets.push(s);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}
const join = (s: Socket, room: string) => new Promise<boolean>((r) => s.emit('join', room, r));

beforeAll(async () => {
  app = await startTestApp();
  app.config.mfaRequired = false;
  app.config.captchaProvider = 'none';
  startProcessing(app.deps, 1);
  admin = await app.login();
  for (const n of ['olive', 'mike', 'sam', 'ann']) tokens[n] = await userWithToken(n);
  const groups = (await call(admin, 'datasets/publiclist')).body as { options: { value: number; text: string }[] }[];
  const datasetId = groups.flatMap((g) => g.options).find((o) => /Little River/.test(o.text))!.value;
  const map = await call(tokens.olive, `maps/subbasin/name/${datasetId}/3`);
  const created = await call(tokens.olive, 'projects', { body: { datasetID: datasetId, endID: map.body.downstreamID, startIDs: [], name: "Olive's watershed" } });
  expect(created.status).toBe(200);
  projectId = created.body.id;
  const until = Date.now() + 60_000;
  while (!(await call(tokens.olive, `projects/${projectId}`)).body.status?.isCreated) {
    if (Date.now() > until) throw new Error('project not created');
    await new Promise((r) => setTimeout(r, 100));
  }
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app?.close();
});

describe('creating and reading groups', () => {
  it('needs a name and a description', async () => {
    for (const body of [{}, { name: 'Only a name' }, { name: '  ', description: 'x' }]) {
      const res = await call(tokens.olive, 'groups', { body });
      expect(res.status).toBe(400);
      expect(res.body).toBe(GROUP_MESSAGES.nameAndDescription);
    }
    const long = await call(tokens.olive, 'groups', { body: { name: 'x'.repeat(100), description: 'd' } });
    expect(long.body).toEqual({ errors: { name: [GROUP_MESSAGES.nameTooLong] } });
  });

  it('creates a group owned by its creator, its first member and admin', async () => {
    const res = await call(tokens.olive, 'groups', { body: { name: ' Little River team ', description: ' Modellers of the Little River ' } });
    expect(res.status).toBe(200);
    groupId = res.body.id;
    const grid = await call(tokens.olive, 'groups?sort=name&page=1&perPage=20');
    expect(grid.body).toEqual({ total: 1, items: [{ id: groupId, name: 'Little River team', description: 'Modellers of the Little River', numProjects: 0, numMembers: 1, numInvitedUsers: 0, isAdmin: true, isOwner: true }] });
    const view = await call(tokens.olive, `groups/${groupId}`);
    expect(view.body).toMatchObject({ id: groupId, name: 'Little River team', isAdmin: true, isOwner: true, owner: 'olive', siteName: expect.any(String), invitedUsers: [], numMembers: 1, numProjects: 0 });
    const members = await call(tokens.olive, `groups/members/${groupId}`);
    expect(members.body.items).toEqual([{ id: expect.any(Number), userName: 'olive', email: 'olive@example.org', firstName: 'Olive', lastName: 'Tester', affiliation: 'Watershed Lab', isAdmin: true, isOwner: true }]);
    // others are not members: their list is empty and the group is not there for them
    expect((await call(tokens.sam, 'groups')).body).toEqual({ items: [], total: 0 });
    for (const path of [`groups/${groupId}`, `groups/members/${groupId}`, `groups/projects/${groupId}`]) {
      expect((await call(tokens.sam, path)).status, path).toBe(404);
      expect((await call(undefined, path)).status, path).toBe(401);
    }
    expect((await call(tokens.olive, 'groups/999999')).status).toBe(404);
    expect((await call(tokens.olive, 'groups/abc')).status).toBe(404);
  });

  it('lets a group admin edit the name and description', async () => {
    expect((await call(tokens.sam, `groups/${groupId}`, { method: 'PUT', body: { name: 'Mine', description: 'Mine' } })).status).toBe(404);
    expect((await call(tokens.olive, `groups/${groupId}`, { method: 'PUT', body: { name: 'LR team', description: '' } })).body).toBe(GROUP_MESSAGES.nameAndDescription);
    const ok = await call(tokens.olive, `groups/${groupId}`, { method: 'PUT', body: { name: 'LR team', description: 'Little River modellers' } });
    expect(ok.body).toEqual({ id: groupId, name: 'LR team', description: 'Little River modellers' });
  });
});

describe('invitations', () => {
  it('checks the address (name holds it) and invites: a live notification and a mail', async () => {
    expect((await call(tokens.olive, `groups/invite/${groupId}`, { method: 'PUT', body: { name: '', description: '' } })).body).toEqual({ errors: { name: [GROUP_MESSAGES.required] } });
    expect((await call(tokens.olive, `groups/invite/${groupId}`, { method: 'PUT', body: { name: 'not-an-address' } })).body).toEqual({ errors: { name: [GROUP_MESSAGES.invalidEmail] } });
    expect((await call(tokens.sam, `groups/invite/${groupId}`, { method: 'PUT', body: { name: 'sam@example.org' } })).status).toBe(404);

    const mike = await connect(tokens.mike);
    expect(await join(mike, 'user:mike')).toBe(true);
    const pushed = new Promise((r) => mike.once('user-notification-status-changed', r));
    const res = await call(tokens.olive, `groups/invite/${groupId}`, { method: 'PUT', body: { name: ' Mike@Example.org ', description: 'Join us for the calibration work.' } });
    expect(res.status).toBe(200);
    expect(res.body.id).toEqual(expect.any(Number));
    expect(await pushed).toMatchObject({ userName: 'mike' });
    const bell = (await call(tokens.mike, 'account/notifications')).body as { title: string; url: string; urlText: string }[];
    expect(bell[0]).toMatchObject({ title: 'Invitation to join the group LR team', url: '/groups/invites', urlText: 'View group invitations' });
    const mail = await mailTo('Mike@Example.org', /invitation to join the group LR team/);
    expect(mail.text).toContain('olive invited you to join the group LR team');
    expect(mail.text).toContain('Message from olive: Join us for the calibration work.');
    expect(linkIn(mail, '/groups/invites')).toBe('/groups/invites');

    const again = await call(tokens.olive, `groups/invite/${groupId}`, { method: 'PUT', body: { name: 'mike@example.org' } });
    expect(again.body).toEqual({ errors: { name: [GROUP_MESSAGES.alreadyInvited] } });
    const view = (await call(tokens.olive, `groups/${groupId}`)).body;
    expect(view.invitedUsers).toEqual([{ id: res.body.id, email: 'Mike@Example.org', userName: 'mike', invitedOn: expect.any(String), invitedBy: 'olive', message: 'Join us for the calibration work.' }]);
    expect((await call(tokens.olive, 'groups')).body.items[0].numInvitedUsers).toBe(1);
  });

  it('lists the invitee\'s pending invitations; accept makes a member, reject does not', async () => {
    const other = (await call(tokens.ann, 'groups', { body: { name: 'Ann group', description: 'Another group' } })).body.id as number;
    await call(tokens.ann, `groups/invite/${other}`, { method: 'PUT', body: { name: 'mike@example.org' } });
    const invites = (await call(tokens.mike, 'groups/invites')).body as { id: number; groupID: number }[];
    expect(invites).toEqual([
      { id: expect.any(Number), groupID: other, group: 'Ann group', groupDescription: 'Another group', invitedOn: expect.any(String), invitedBy: 'ann', message: '' },
      { id: expect.any(Number), groupID: groupId, group: 'LR team', groupDescription: 'Little River modellers', invitedOn: expect.any(String), invitedBy: 'olive', message: 'Join us for the calibration work.' },
    ]);
    expect((await call(tokens.mike, 'projects/recent-activity')).body).toMatchObject({ hasGroups: false, groupInvites: [{ groupID: other }, { groupID: groupId }] });
    // nobody else answers them
    expect((await call(tokens.sam, `groups/accept/${invites[1]!.id}`, { method: 'PATCH' })).status).toBe(404);
    expect((await call(tokens.mike, `groups/reject/${invites[0]!.id}`, { method: 'PATCH' })).body).toEqual({ value: true });
    expect((await call(tokens.mike, `groups/${other}`)).status).toBe(404);
    expect((await call(tokens.mike, `groups/accept/${invites[1]!.id}`, { method: 'PATCH' })).body).toEqual({ value: true, id: groupId });
    expect((await call(tokens.mike, `groups/accept/${invites[1]!.id}`, { method: 'PATCH' })).status).toBe(404); // answered already
    expect((await call(tokens.mike, 'groups/invites')).body).toEqual([]);
    expect((await call(tokens.mike, `groups/${groupId}`)).body).toMatchObject({ isAdmin: false, isOwner: false });
    const members = (await call(tokens.mike, `groups/members/${groupId}?sort=userName`)).body.items as { userName: string; isAdmin: boolean; isOwner: boolean }[];
    expect(members.map((m) => [m.userName, m.isAdmin, m.isOwner])).toEqual([['mike', false, false], ['olive', true, true]]);
    expect((await call(tokens.mike, 'projects/recent-activity')).body).toMatchObject({ hasGroups: true, groupInvites: [] });
    expect((await call(tokens.olive, `groups/${groupId}`)).body.invitedUsers).toEqual([]);
  });

  it('lets a group admin delete an invitation; a member may not manage the group', async () => {
    const res = await call(tokens.olive, `groups/invite/${groupId}`, { method: 'PUT', body: { name: 'sam@example.org' } });
    const invite = res.body.id as number;
    expect((await call(tokens.sam, 'groups/invites')).body).toHaveLength(1);
    // mike is a member, not a group admin
    expect((await call(tokens.mike, `groups/invite/${invite}`, { method: 'DELETE' })).status).toBe(403);
    expect((await call(tokens.mike, `groups/invite/${groupId}`, { method: 'PUT', body: { name: 'x@example.org' } })).status).toBe(403);
    expect((await call(tokens.mike, `groups/${groupId}`, { method: 'PUT', body: { name: 'a', description: 'b' } })).status).toBe(403);
    expect((await call(tokens.mike, `groups/setadmin/${groupId}`, { method: 'PATCH', body: { name: 'mike', value: true } })).status).toBe(403);
    expect((await call(tokens.sam, `groups/invite/${invite}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(tokens.olive, `groups/invite/${invite}`, { method: 'DELETE' })).body).toEqual({ value: true });
    expect((await call(tokens.sam, 'groups/invites')).body).toEqual([]);
    expect((await call(tokens.sam, `groups/accept/${invite}`, { method: 'PATCH' })).status).toBe(404);
    expect((await call(tokens.olive, `groups/invite/${invite}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('invites an address with no account to register; the invitation waits for the confirmed account', async () => {
    const res = await call(tokens.olive, `groups/invite/${groupId}`, { method: 'PUT', body: { name: 'newcomer@example.org', description: 'Welcome!' } });
    expect(res.status).toBe(200);
    const mail = await mailTo('newcomer@example.org', /invitation to join the group LR team/);
    expect(mail.text).toContain('Register with this address and confirm it');
    expect(linkIn(mail, '/account/register')).toBe('/account/register');
    expect((await call(tokens.olive, `groups/${groupId}`)).body.invitedUsers[0]).toMatchObject({ email: 'newcomer@example.org', userName: null });

    // they register (self-service: confirmation mail, then approval)
    const reg = await app.request('/api/account/register', { body: { ...person('newcomer'), compareEmail: 'newcomer@example.org', comparePassword: PASSWORD } });
    expect(reg.status).toBe(201);
    const link = linkIn(await mailTo('newcomer@example.org', /confirm your email/), '/account/confirm/');
    const [, , , userId, code] = link.split('/');
    expect((await app.request(`/api/account/confirm?userId=${userId}&code=${code}`)).status).toBe(200);
    expect((await app.request(`/api/admin/users/approve?id=${userId}`, { token: admin })).status).toBe(200);
    const token = await app.login('newcomer', PASSWORD);
    const bell = (await call(token, 'account/notifications')).body as { title: string; url: string }[];
    expect(bell.map((n) => n.title)).toContain('Invitation to join the group LR team');
    const invites = (await call(token, 'groups/invites')).body as { id: number; message: string }[];
    expect(invites).toMatchObject([{ group: 'LR team', invitedBy: 'olive', message: 'Welcome!' }]);
    expect((await call(token, `groups/accept/${invites[0]!.id}`, { method: 'PATCH' })).status).toBe(200);
    expect((await call(tokens.olive, `groups/${groupId}`)).body.numMembers).toBe(3);
    tokens.newcomer = token;
  });

  it('refuses to invite a member again', async () => {
    const res = await call(tokens.olive, `groups/invite/${groupId}`, { method: 'PUT', body: { name: 'MIKE@example.org' } });
    expect(res.body).toEqual({ errors: { name: [GROUP_MESSAGES.alreadyMember] } });
  });
});

describe('sharing projects', () => {
  it('lets only the owner share, and only with a group they are a member of', async () => {
    expect((await call(tokens.mike, `projects/${projectId}`)).status).toBe(404);
    expect((await call(tokens.mike, `groups/share/${groupId}/${projectId}`, { method: 'PATCH' })).status).toBe(404);
    const annGroup = (await call(tokens.ann, 'groups', { body: { name: 'Not olive', description: 'x' } })).body.id as number;
    expect((await call(tokens.olive, `groups/share/${annGroup}/${projectId}`, { method: 'PATCH' })).body).toBe(GROUP_MESSAGES.shareNotMember);
    expect((await call(tokens.olive, `groups/share/999999/${projectId}`, { method: 'PATCH' })).body).toBe(GROUP_MESSAGES.shareNotMember);
    const before = (await call(tokens.olive, `projects/${projectId}`)).body;
    expect(before.project.groups).toEqual([]);
    expect(before.groupOptions).toEqual([{ value: groupId, text: 'LR team' }]);
    expect(before.permissions).toEqual({ role: 'owner', view: true, edit: true, run: true, share: true, delete: true });

    const shared = await call(tokens.olive, `groups/share/${groupId}/${projectId}`, { method: 'PATCH' });
    expect(shared.body).toEqual({ value: groupId, text: 'LR team' });
    const after = (await call(tokens.olive, `projects/${projectId}`)).body;
    expect(after.project.groups).toEqual([{ value: groupId, text: 'LR team' }]);
    expect(after.groupOptions).toEqual([]);
    expect((await call(tokens.olive, `groups/share/${groupId}/${projectId}`, { method: 'PATCH' })).status).toBe(200); // twice is once
    expect((await call(tokens.olive, 'groups')).body.items[0].numProjects).toBe(1);
  });

  it('shows the shared project to members: view, edit and run, not share or delete', async () => {
    const view = await call(tokens.mike, `projects/${projectId}`);
    expect(view.status).toBe(200);
    expect(view.body.permissions).toEqual({ role: 'member', view: true, edit: true, run: true, share: false, delete: false });
    expect(view.body.groupOptions).toEqual([]);
    expect(view.body.project.groups).toEqual([{ value: groupId, text: 'LR team' }]);
    expect((await call(tokens.mike, `projects/${projectId}`, { method: 'DELETE' })).status).toBe(403);
    expect((await call(tokens.mike, `groups/share/${groupId}/${projectId}`, { method: 'PATCH' })).status).toBe(403);
    expect((await call(tokens.mike, `projects/${projectId}`, { method: 'PUT', body: { value: "Olive's watershed (shared)" } })).status).toBe(200);
    // their own grid is their own projects; the group's are under groups/projects
    expect((await call(tokens.mike, 'projects')).body.total).toBe(0);
    const mine = await call(tokens.mike, 'groups/projects?sort=lastModifiedDate_desc&page=1&perPage=10');
    expect(mine.body).toMatchObject({ total: 1, items: [{ id: projectId, name: "Olive's watershed (shared)", project: "Olive's watershed (shared)", group: 'LR team', groupID: groupId, userName: 'olive', numSubbasins: 3, numScenarios: 0, dataset: expect.stringMatching(/Little River/) }] });
    const groupProjects = await call(tokens.mike, `groups/projects/${groupId}`);
    expect(groupProjects.body).toMatchObject({ total: 1, items: [{ id: projectId, userName: 'olive', endingSubbasin: expect.any(String), numHrus: expect.any(Number), totalArea: expect.any(Number) }] });
    expect((await call(tokens.sam, 'groups/projects')).body).toEqual({ items: [], total: 0 });
    expect((await call(tokens.sam, `projects/${projectId}`)).status).toBe(404);
    // the live-status room: members join it, others do not
    expect(await join(await connect(tokens.mike), `project:${projectId}`)).toBe(true);
    expect(await join(await connect(tokens.sam), `project:${projectId}`)).toBe(false);
    // CSV export of the group projects
    const csv = await fetch(`${app.url}/api/groups/projects?format=csv&access_token=${tokens.mike}`);
    expect((await csv.text()).split('\r\n')[0]).toBe('Group,Project,Belongs to,Last Modified,Dataset,Downstream ID,Subbasins,HRUs,Total Area (sq km),Scenarios');
  });

  it('lets the owner or a group admin unshare; plain members may not', async () => {
    expect((await call(tokens.newcomer, `groups/unshare/${groupId}/${projectId}`, { method: 'PATCH' })).status).toBe(403);
    expect((await call(tokens.olive, `groups/setadmin/${groupId}`, { method: 'PATCH', body: { name: 'newcomer', value: true } })).body).toEqual({ value: true });
    expect((await call(tokens.newcomer, `groups/unshare/${groupId}/${projectId}`, { method: 'PATCH' })).body).toEqual({ value: groupId, text: 'LR team' });
    expect((await call(tokens.mike, `projects/${projectId}`)).status).toBe(404);
    expect((await call(tokens.olive, `groups/unshare/${groupId}/${projectId}`, { method: 'PATCH' })).body).toBe(GROUP_MESSAGES.shareNotShared);
    expect((await call(tokens.olive, `groups/share/${groupId}/${projectId}`, { method: 'PATCH' })).status).toBe(200);
    expect((await call(tokens.mike, `projects/${projectId}`)).status).toBe(200);
  });
});

describe('members', () => {
  it('grants and revokes admin rights; the owner stays an admin', async () => {
    expect((await call(tokens.olive, `groups/setadmin/${groupId}`, { method: 'PATCH', body: { name: 'mike', value: true } })).body).toEqual({ value: true });
    expect((await call(tokens.mike, `groups/${groupId}`)).body.isAdmin).toBe(true);
    expect((await call(tokens.mike, 'groups')).body.items[0]).toMatchObject({ isAdmin: true, isOwner: false });
    expect((await call(tokens.mike, `groups/setadmin/${groupId}`, { method: 'PATCH', body: { name: 'olive', value: false } })).body).toEqual({ errors: { name: [GROUP_MESSAGES.ownerIsAdmin] } });
    expect((await call(tokens.mike, `groups/setadmin/${groupId}`, { method: 'PATCH', body: { name: 'sam', value: true } })).body).toEqual({ errors: { value: [GROUP_MESSAGES.notMember] } });
    expect((await call(tokens.olive, `groups/setadmin/${groupId}`, { method: 'PATCH', body: { name: 'mike', value: 'false' } })).body).toEqual({ value: true });
    expect((await call(tokens.mike, `groups/${groupId}`)).body.isAdmin).toBe(false);
  });

  it('removes a member (not the owner): the group\'s projects disappear for them at once, live rooms too', async () => {
    // mike shares a project of his own first: it leaves the group with him
    const mikes = (await app.deps.db('projects').insert({ user_id: (await app.deps.db('users').where('user_name', 'mike').first()).id, name: 'Mike project', is_created: true }).returning('id'))[0].id as number;
    expect((await call(tokens.mike, `groups/share/${groupId}/${mikes}`, { method: 'PATCH' })).status).toBe(200);
    expect((await call(tokens.olive, `projects/${mikes}`)).status).toBe(200);

    expect((await call(tokens.mike, `groups/removemember/${groupId}`, { method: 'PATCH', body: { value: 'olive' } })).status).toBe(403);
    expect((await call(tokens.olive, `groups/removemember/${groupId}`, { method: 'PATCH', body: { value: 'olive' } })).body).toEqual({ errors: { value: [GROUP_MESSAGES.ownerStays] } });
    expect((await call(tokens.olive, `groups/removemember/${groupId}`, { method: 'PATCH', body: { value: 'sam' } })).body).toEqual({ errors: { value: [GROUP_MESSAGES.notMember] } });

    const socket = await connect(tokens.mike);
    expect(await join(socket, `project:${projectId}`)).toBe(true);
    let leaked = false;
    socket.on('project-status', () => (leaked = true));

    expect((await call(tokens.olive, `groups/removemember/${groupId}`, { method: 'PATCH', body: { value: 'Mike' } })).body).toEqual({ value: true });
    expect((await call(tokens.mike, `projects/${projectId}`)).status).toBe(404);
    expect((await call(tokens.mike, `groups/${groupId}`)).status).toBe(404);
    expect((await call(tokens.mike, 'groups/projects')).body.total).toBe(0);
    expect((await call(tokens.olive, `projects/${mikes}`)).status).toBe(404);
    expect((await call(tokens.mike, `projects/${mikes}`)).status).toBe(200);
    // the hub made mike's socket leave the room: a progress push no longer reaches it
    await new Promise((r) => setTimeout(r, 200));
    await app.deps.bus.publish(`project:${projectId}`, 'project-status', { projectID: projectId, progress: 50 });
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).toBe(false);
    expect(await join(socket, `project:${projectId}`)).toBe(false);
  });
});

describe('deleting a group', () => {
  it('is for the owner (and administrators); the projects stay with their creators', async () => {
    expect((await call(tokens.newcomer, `groups/${groupId}`, { method: 'DELETE' })).status).toBe(403); // a group admin, not the owner
    expect((await call(tokens.sam, `groups/${groupId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(tokens.newcomer, `projects/${projectId}`)).status).toBe(200);
    expect((await call(tokens.olive, `groups/${groupId}`, { method: 'DELETE' })).body).toEqual({ value: true });
    expect((await call(tokens.olive, `groups/${groupId}`)).status).toBe(404);
    expect((await call(tokens.newcomer, `projects/${projectId}`)).status).toBe(404);
    expect((await call(tokens.olive, `projects/${projectId}`)).status).toBe(200);
    expect((await call(tokens.olive, 'groups')).body.total).toBe(0);
  });

  it('lets administrators open and delete any group (the admin area)', async () => {
    const id = (await call(tokens.ann, 'groups', { body: { name: 'To be removed', description: 'x' } })).body.id as number;
    expect((await call(admin, `groups/${id}`)).body).toMatchObject({ name: 'To be removed', isAdmin: false, isOwner: false });
    expect((await call(admin, `groups/members/${id}`)).body.total).toBe(1);
    expect((await call(admin, `groups/${id}`, { method: 'PUT', body: { name: 'a', description: 'b' } })).status).toBe(403);
    expect((await call(admin, `groups/${id}`, { method: 'DELETE' })).body).toEqual({ value: true });
    expect((await call(tokens.ann, `groups/${id}`)).status).toBe(404);
  });
});
