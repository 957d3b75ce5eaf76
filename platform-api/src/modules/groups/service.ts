// Groups (spec 3 §2.1, §4–§7; spec 1 the Group Projects tab, Share): the user's groups and
// invitations, the group view and its three tables, create/edit/delete, invitations by e-mail
// (a notification pushed live and a mail; an address with no account waits for one), member
// admin rights and removal, and sharing projects with groups.
//
// Who may do what with a group:
//   view                         members; (partial) administrators (the admin area)
//   edit, invite, delete invites,
//   grant/revoke admin, remove   group admins (the owner is always one)
//   delete the group             the owner; (partial) administrators (the admin area)
// A group the caller may not view answers 404 like one that does not exist.
import type { Knex } from 'knex';
import { GROUP_MESSAGES, groupFormProblem, inviteEmailProblem } from '@headwater/plugin-sdk/schema';
import { InputError, NotAllowedError, NotFoundError } from '@headwater/plugin-sdk/server';
import type { AppDeps } from '../../deps.ts';
import type { GridSpec } from '../../db/grid.ts';
import { queueMail } from '../../mail/job.ts';
import { publishAccessChanged } from '../../status/hub.ts';
import { notify } from '../accounts/service.ts';
import { PROJECT_PERMISSIONS, projectFor, projectRole } from '../projects/access.ts';
import type { Project, Viewer } from '../projects/models.ts';
import { PROJECT_GRID } from '../projects/grid.ts';
import { SCENARIO_COUNT_SQL } from '../projects/scenarios-link.ts';
import { SiteText } from '../site/models.ts';
import { User } from '../users/models.ts';
import { invitationMail } from './mails.ts';
import { Group, GroupInvite, GroupMember, GroupProject, memberGroupIds } from './models.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'queue' | 'bus' | 'log' | 'tokens' | 'workspacePlugins'>;

async function siteName(trx?: Knex.Transaction): Promise<string> {
  return (await SiteText.query(trx).findById('siteName'))?.value || 'Headwater';
}

/** The path a workspace plugin declares for a route name (mails and notifications link to pages). */
function routePath(deps: Pick<AppDeps, 'workspacePlugins'>, name: string, fallback: string): string {
  for (const p of deps.workspacePlugins) {
    const r = p.manifest.routes.find((x) => x.name === name);
    if (r) return r.path;
  }
  return fallback;
}

const invitesPath = (deps: Deps) => routePath(deps, 'GroupInvites', '/groups/invites');

// ─── access ─────────────────────────────────────────────────────────────────────────────

export type GroupNeed = 'view' | 'manage' | 'delete';
type GroupAccess = { group: Group; member: GroupMember | undefined; isOwner: boolean; isGroupAdmin: boolean };

/** The group, when the user may do `need` with it: 404 when they may not see it, 403 when they see it but may not. */
export async function groupFor(user: User, id: number, need: GroupNeed, trx?: Knex.Transaction): Promise<GroupAccess> {
  const group = await Group.query(trx).findById(id);
  const member = group ? await GroupMember.query(trx).findById([id, user.id]) : undefined;
  if (!group || (!member && !user.isAdmin)) throw new NotFoundError();
  const isOwner = group.ownerId === user.id;
  const isGroupAdmin = isOwner || !!member?.isAdmin;
  if (need === 'manage' && !isGroupAdmin) throw new NotAllowedError();
  if (need === 'delete' && !isOwner && !user.isAdmin) throw new NotAllowedError();
  return { group, member, isOwner, isGroupAdmin };
}

function checkGroupForm(input: { name?: unknown; description?: unknown }): { name: string; description: string } {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  const description = typeof input.description === 'string' ? input.description.trim() : '';
  const p = groupFormProblem(name, description);
  if (p.message) throw new InputError(p.message);
  const errors: Record<string, string[]> = {};
  if (p.name) errors.name = [p.name];
  if (p.description) errors.description = [p.description];
  if (Object.keys(errors).length) throw new InputError(errors);
  return { name, description };
}

// ─── lists ──────────────────────────────────────────────────────────────────────────────

export const GROUP_GRID: GridSpec = {
  columns: [
    { field: 'id', header: 'ID', filter: false, csv: false },
    { field: 'name', header: 'Name' },
    { field: 'description', header: 'Description' },
    { field: 'numProjects', header: 'Projects', filter: false },
    { field: 'numMembers', header: 'Members', filter: false },
    { field: 'numInvitedUsers', header: 'Invited users', filter: false },
    { field: 'isAdmin', header: 'Admin', filter: false },
    { field: 'isOwner', header: 'Owner', filter: false },
  ],
  defaultSort: 'name',
  defaultPerPage: 20,
};

/** GET groups: the groups the user is a member of (a knex query for the grid helpers). */
export function groupRowsQuery(db: Knex, user: User): { query: Knex.QueryBuilder } {
  const query = db('groups as g')
    .join('group_members as me', (j) => j.on('me.groupId', 'g.id').andOnVal('me.userId', user.id))
    .select(
      'g.id',
      'g.name',
      'g.description',
      db.raw('(select count(*)::int from group_projects gp where gp.group_id = g.id) as num_projects'),
      db.raw('(select count(*)::int from group_members gm where gm.group_id = g.id) as num_members'),
      db.raw(`(select count(*)::int from group_invites gi where gi.group_id = g.id and gi.status = 'pending') as num_invited_users`),
      db.raw('(me.is_admin or g.owner_id = me.user_id) as is_admin'),
      db.raw('(g.owner_id = me.user_id) as is_owner'),
    );
  return { query };
}

function inviteJson(i: GroupInvite & { groupName?: string; groupDescription?: string; invitedByName?: string | null }) {
  return {
    id: i.id,
    groupID: i.groupId,
    group: i.groupName ?? i.group?.name ?? '',
    groupDescription: i.groupDescription ?? i.group?.description ?? '',
    invitedOn: i.invitedOn,
    invitedBy: i.invitedByName ?? i.invitedBy?.userName ?? '',
    message: i.message,
  };
}

/** GET groups/invites: the user's pending invitations, newest first (spec 3 §3 Invite). */
export async function pendingInvites(user: User) {
  const rows = await GroupInvite.query().modify('pendingFor', user).withGraphFetched('[group, invitedBy]').orderBy('invitedOn', 'desc').orderBy('id', 'desc');
  return rows.map(inviteJson);
}

/** Whether the user is a member of any group (the dashboard's Group Projects tab). */
export async function hasGroups(user: Pick<User, 'id'>): Promise<boolean> {
  return !!(await GroupMember.query().where('userId', user.id).first());
}

/** Spec 1: the group-projects table is the projects table with the project's group-side
 * columns (the project link, its owner) ahead of the same columns. */
export const GROUP_PROJECT_GRID: GridSpec = {
  ...PROJECT_GRID,
  columns: [
    { field: 'id', header: 'ID', filter: false, csv: false },
    { field: 'name', header: 'Project' },
    { field: 'project', header: 'Project', filter: false, csv: false },
    { field: 'userName', header: 'Belongs to' },
    ...PROJECT_GRID.columns.filter((c) => c.field !== 'id' && c.field !== 'name'),
  ],
};

function projectColumns(db: Knex) {
  return [
    'p.id',
    'p.name',
    db.raw('p.name as project'),
    'u.userName',
    'p.lastModifiedDate',
    db.raw(`coalesce(d.name, '') as dataset`),
    'p.endingSubbasin',
    'p.numSubbasins',
    'p.numHrus',
    'p.totalArea',
    db.raw(`${SCENARIO_COUNT_SQL} as num_scenarios`),
  ];
}

/** GET groups/projects/{id}: the projects shared with a group (members and administrators). */
export async function groupProjectsQuery(deps: Pick<AppDeps, 'db'>, user: User, id: number): Promise<{ query: Knex.QueryBuilder }> {
  await groupFor(user, id, 'view');
  const db = deps.db;
  const query = db('group_projects as gp')
    .join('projects as p', 'p.id', 'gp.projectId')
    .join('users as u', 'u.id', 'p.userId')
    .leftJoin('datasets as d', 'd.id', 'p.datasetId')
    .select(...projectColumns(db))
    .where('gp.groupId', id);
  return { query };
}

export const USER_GROUP_PROJECT_GRID: GridSpec = {
  columns: [
    { field: 'rowKey', header: 'Key', filter: false, csv: false },
    { field: 'group', header: 'Group' },
    { field: 'groupId', header: 'Group ID', filter: false, csv: false },
    ...GROUP_PROJECT_GRID.columns,
  ],
  defaultSort: 'lastModifiedDate_desc',
  defaultPerPage: 10,
  tieBreaker: 'rowKey',
};

/** GET groups/projects: the projects shared with any group of the user (the dashboard's Group Projects tab). */
export function userGroupProjectsQuery(db: Knex, user: User): { query: Knex.QueryBuilder } {
  const query = db('group_projects as gp')
    .join('groups as g', 'g.id', 'gp.groupId')
    .join('projects as p', 'p.id', 'gp.projectId')
    .join('users as u', 'u.id', 'p.userId')
    .leftJoin('datasets as d', 'd.id', 'p.datasetId')
    .select(db.raw(`(g.id::text || ':' || p.id::text) as row_key`), db.raw('g.name as "group"'), 'g.id as groupId', ...projectColumns(db))
    .whereIn('gp.groupId', memberGroupIds(user.id).toKnexQuery());
  return { query };
}

export const MEMBER_GRID: GridSpec = {
  columns: [
    { field: 'id', header: 'ID', filter: false, csv: false },
    { field: 'userName', header: 'User name' },
    { field: 'email', header: 'Email' },
    { field: 'firstName', header: 'First name' },
    { field: 'lastName', header: 'Last name' },
    { field: 'affiliation', header: 'Affiliation' },
    { field: 'isAdmin', header: 'Admin', filter: false },
    { field: 'isOwner', header: 'Owner', filter: false },
  ],
  defaultSort: 'userName',
  defaultPerPage: 10,
};

/** GET groups/members/{id}: the group's members (spec 3 §2.1 member table). */
export async function groupMembersQuery(deps: Pick<AppDeps, 'db'>, user: User, id: number): Promise<{ query: Knex.QueryBuilder }> {
  await groupFor(user, id, 'view');
  const db = deps.db;
  const query = db('group_members as m')
    .join('users as u', 'u.id', 'm.userId')
    .join('groups as g', 'g.id', 'm.groupId')
    .select('u.id', 'u.userName', 'u.email', 'u.firstName', 'u.lastName', 'u.affiliation', db.raw('(m.is_admin or g.owner_id = u.id) as is_admin'), db.raw('(g.owner_id = u.id) as is_owner'))
    .where('m.groupId', id);
  return { query };
}

// ─── one group ──────────────────────────────────────────────────────────────────────────

/** GET groups/{id} (spec 3 §3 Group): name, description, the caller's rights, the pending invitations. */
export async function getGroup(user: User, id: number) {
  const { group, isOwner, isGroupAdmin } = await groupFor(user, id, 'view');
  const invites = await GroupInvite.query()
    .where({ groupId: id, status: 'pending' })
    .withGraphFetched('[invitedBy, user]')
    .orderBy('invitedOn', 'desc')
    .orderBy('id', 'desc');
  const owner = await User.query().findById(group.ownerId).select('userName');
  const [{ projects, members }] = (await Group.knex().raw(
    'select (select count(*)::int from group_projects where group_id = ?) as projects, (select count(*)::int from group_members where group_id = ?) as members',
    [id, id],
  )).rows as { projects: number; members: number }[];
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    isAdmin: isGroupAdmin,
    isOwner,
    siteName: await siteName(),
    owner: owner?.userName ?? '',
    createdOn: group.createdAt,
    numProjects: projects,
    numMembers: members,
    invitedUsers: invites.map((i) => ({
      id: i.id,
      email: i.email,
      userName: (i as GroupInvite & { user?: User | null }).user?.userName ?? null,
      invitedOn: i.invitedOn,
      invitedBy: i.invitedBy?.userName ?? '',
      message: i.message,
    })),
  };
}

/** POST groups {name, description} → { id }: the creator owns it and is its first member and admin. */
export async function createGroup(deps: Deps, user: User, input: { name?: unknown; description?: unknown }): Promise<{ id: number }> {
  const form = checkGroupForm(input);
  const group = await deps.db.transaction(async (trx) => {
    const g = await Group.query(trx).insertAndFetch({ ...form, ownerId: user.id });
    await GroupMember.query(trx).insert({ groupId: g.id, userId: user.id, isAdmin: true, joinedOn: new Date() });
    return g;
  });
  return { id: group.id };
}

/** PUT groups/{id} {name, description} (group admins). */
export async function updateGroup(user: User, id: number, input: { name?: unknown; description?: unknown }) {
  await groupFor(user, id, 'manage');
  const form = checkGroupForm(input);
  await Group.query().patch(form).where('id', id);
  return { id, ...form };
}

/** DELETE groups/{id} (the owner; administrators): memberships, invitations and shares go; projects stay with their creators. */
export async function deleteGroup(deps: Deps, user: User, id: number): Promise<{ value: true }> {
  await groupFor(user, id, 'delete');
  const members = await deps.db.transaction(async (trx) => {
    const ids = (await GroupMember.query(trx).where('groupId', id).select('userId')).map((m) => m.userId);
    await Group.query(trx).deleteById(id);
    return ids;
  });
  await publishAccessChanged(deps.bus, members);
  return { value: true };
}

// ─── invitations ────────────────────────────────────────────────────────────────────────

/** Tells an invitee with an account: a bell notification (pushed live on `user:{name}`). */
async function notifyInvitee(deps: Deps, invitee: Pick<User, 'id' | 'userName'>, groupName: string, invitedBy: string): Promise<void> {
  await notify(deps, invitee, {
    title: `Invitation to join the group ${groupName}`,
    details: `${invitedBy} invited you to join the group ${groupName}.`,
    url: invitesPath(deps),
    urlText: 'View group invitations',
  });
}

/** PUT groups/invite/{id} {name: e-mail, description: message} (group admins) → { id } of the invitation. */
export async function inviteToGroup(deps: Deps, user: User, groupId: number, input: { email: string; message: string }): Promise<{ id: number }> {
  const { group } = await groupFor(user, groupId, 'manage');
  const email = input.email.trim();
  const problem = inviteEmailProblem(email);
  if (problem) throw new InputError({ name: [problem] });
  const message = input.message.trim().slice(0, 2000);
  const { invite, invitee } = await deps.db.transaction(async (trx) => {
    const invitee = await User.query(trx).whereRaw('lower(email) = lower(?)', [email]).first();
    if (invitee && (await GroupMember.query(trx).findById([groupId, invitee.id]))) throw new InputError({ name: [GROUP_MESSAGES.alreadyMember] });
    const pending = await GroupInvite.query(trx).where({ groupId, status: 'pending' }).whereRaw('lower(email) = lower(?)', [email]).first();
    if (pending) throw new InputError({ name: [GROUP_MESSAGES.alreadyInvited] });
    const invite = await GroupInvite.query(trx).insertAndFetch({ groupId, email, userId: invitee?.id ?? null, invitedById: user.id, message, status: 'pending', invitedOn: new Date() });
    return { invite, invitee };
  });
  if (invitee) await notifyInvitee(deps, invitee, group.name, user.userName);
  const site = await siteName();
  const path = invitee ? invitesPath(deps) : routePath(deps, 'AccountRegister', '/account/register');
  await queueMail(deps, invitationMail(deps.config, { email, groupName: group.name, groupDescription: group.description, invitedBy: user.userName, message }, site, { path, hasAccount: !!invitee }));
  return { id: invite.id };
}

/** DELETE groups/invite/{id} (group admins of the invitation's group). */
export async function deleteInvite(user: User, inviteId: number): Promise<{ value: true }> {
  const invite = await GroupInvite.query().findById(inviteId);
  if (!invite || invite.status !== 'pending') throw new NotFoundError();
  await groupFor(user, invite.groupId, 'manage');
  await GroupInvite.query().deleteById(inviteId);
  return { value: true };
}

/** The invitation, when it is addressed to the user and pending (404 otherwise). */
async function myInvite(user: User, inviteId: number, trx?: Knex.Transaction): Promise<GroupInvite> {
  const invite = await GroupInvite.query(trx).findById(inviteId).modify('pendingFor', user);
  if (!invite) throw new NotFoundError();
  return invite;
}

/** PATCH groups/accept/{id}: the user becomes a member (spec 3 §4). */
export async function acceptInvite(deps: Deps, user: User, inviteId: number): Promise<{ value: true; id: number }> {
  const groupId = await deps.db.transaction(async (trx) => {
    const invite = await myInvite(user, inviteId, trx);
    const claimed = await GroupInvite.query(trx).patch({ status: 'accepted', userId: user.id, respondedOn: new Date() }).where({ id: invite.id, status: 'pending' });
    if (!claimed) throw new InputError(GROUP_MESSAGES.inviteGone);
    await trx.raw('insert into group_members (group_id, user_id, is_admin, joined_on) values (?, ?, false, now()) on conflict do nothing', [invite.groupId, user.id]);
    // other pending invitations of the same address to this group are answered by this one
    await GroupInvite.query(trx).patch({ status: 'accepted', userId: user.id, respondedOn: new Date() }).where({ groupId: invite.groupId, status: 'pending' }).modify('pendingFor', user);
    return invite.groupId;
  });
  return { value: true, id: groupId };
}

/** PATCH groups/reject/{id}. */
export async function rejectInvite(user: User, inviteId: number): Promise<{ value: true }> {
  const invite = await myInvite(user, inviteId);
  await GroupInvite.query().patch({ status: 'rejected', userId: user.id, respondedOn: new Date() }).where({ id: invite.id, status: 'pending' });
  return { value: true };
}

/**
 * An address was just confirmed (registration, an administrator's account, an e-mail change):
 * the invitations that waited for it become the account's, each with its notification.
 */
export async function claimInvitations(deps: Deps, user: Pick<User, 'id' | 'userName' | 'email'>): Promise<number> {
  const claimed = await GroupInvite.query()
    .patch({ userId: user.id })
    .where('status', 'pending')
    .whereNull('userId')
    .whereRaw('lower(email) = lower(?)', [user.email])
    .returning('*');
  for (const invite of claimed as unknown as GroupInvite[]) {
    const [group, by] = await Promise.all([Group.query().findById(invite.groupId), invite.invitedById ? User.query().findById(invite.invitedById) : undefined]);
    if (group) await notifyInvitee(deps, user, group.name, by?.userName ?? '');
  }
  return (claimed as unknown as GroupInvite[]).length;
}

// ─── members ────────────────────────────────────────────────────────────────────────────

async function memberByName(groupId: number, userName: string, trx: Knex.Transaction): Promise<{ user: User; member: GroupMember }> {
  const target = await User.query(trx).whereRaw('lower(user_name) = lower(?)', [userName.trim()]).first();
  const member = target ? await GroupMember.query(trx).findById([groupId, target.id]) : undefined;
  if (!target || !member) throw new InputError({ value: [GROUP_MESSAGES.notMember] });
  return { user: target, member };
}

/**
 * PATCH groups/removemember/{id} {value: userName} (group admins). The owner cannot be removed.
 * The removed member's own projects leave the group with them (what they shared was shared as a
 * member), and they lose the group's projects at once — their open live-status rooms too.
 */
export async function removeMember(deps: Deps, user: User, groupId: number, userName: string): Promise<{ value: true }> {
  const { group } = await groupFor(user, groupId, 'manage');
  const removed = await deps.db.transaction(async (trx) => {
    const { user: target } = await memberByName(groupId, userName, trx);
    if (target.id === group.ownerId) throw new InputError({ value: [GROUP_MESSAGES.ownerStays] });
    await GroupMember.query(trx).deleteById([groupId, target.id]);
    await GroupProject.query(trx).where('groupId', groupId).whereIn('projectId', (q) => q.select('id').from('projects').where('userId', target.id)).delete();
    return target;
  });
  await publishAccessChanged(deps.bus, [removed.id, ...(await memberIds(groupId))]);
  return { value: true };
}

/** PATCH groups/setadmin/{id} {name: userName, value: true|false} (group admins). The owner stays an admin. */
export async function setAdmin(deps: Deps, user: User, groupId: number, userName: string, value: boolean): Promise<{ value: true }> {
  const { group } = await groupFor(user, groupId, 'manage');
  await deps.db.transaction(async (trx) => {
    const { user: target } = await memberByName(groupId, userName, trx);
    if (target.id === group.ownerId && !value) throw new InputError({ name: [GROUP_MESSAGES.ownerIsAdmin] });
    await GroupMember.query(trx).patch({ isAdmin: value }).where({ groupId, userId: target.id });
  });
  return { value: true };
}

async function memberIds(groupId: number): Promise<number[]> {
  return (await GroupMember.query().where('groupId', groupId).select('userId')).map((m) => m.userId);
}

// ─── sharing ────────────────────────────────────────────────────────────────────────────

/** PATCH groups/share/{groupID}/{projectID} → { value, text }: the project's owner shares it with a group they are a member of. */
export async function shareProject(user: User, groupId: number, projectId: number): Promise<{ value: number; text: string }> {
  const project = await projectFor(user, projectId, 'share');
  const group = await Group.query().findById(groupId);
  if (!group || !(await GroupMember.query().findById([groupId, user.id]))) throw new InputError(GROUP_MESSAGES.shareNotMember);
  await GroupProject.knex().raw('insert into group_projects (group_id, project_id, shared_by_id, shared_on) values (?, ?, ?, now()) on conflict do nothing', [groupId, project.id, user.id]);
  return { value: group.id, text: group.name };
}

/**
 * PATCH groups/unshare/{groupID}/{projectID} → { value, text }: the project's owner, or an
 * admin of the group (taking a project out of their group). The group's members lose it at once.
 */
export async function unshareProject(deps: Deps, user: User, groupId: number, projectId: number): Promise<{ value: number; text: string }> {
  const project = await projectFor(user, projectId, 'view');
  const role = await projectRole(user, project);
  const group = await Group.query().findById(groupId);
  const member = group ? await GroupMember.query().findById([groupId, user.id]) : undefined;
  const groupAdmin = !!group && (group.ownerId === user.id || !!member?.isAdmin);
  if (!(role && PROJECT_PERMISSIONS.share.includes(role)) && !groupAdmin) throw new NotAllowedError();
  const n = await GroupProject.query().where({ groupId, projectId: project.id }).delete();
  if (!group || !n) throw new InputError(GROUP_MESSAGES.shareNotShared);
  await publishAccessChanged(deps.bus, await memberIds(groupId));
  return { value: group.id, text: group.name };
}

/** The groups a project is shared with that the viewer may see (members: theirs; administrators: all). */
export async function projectGroups(user: Viewer, project: Pick<Project, 'id'>): Promise<{ value: number; text: string }[]> {
  if (!user) return [];
  const q = Group.query().select('groups.id', 'groups.name').whereIn('groups.id', GroupProject.query().select('groupId').where('projectId', project.id)).orderBy('groups.name');
  if (!user.isAdmin) q.modify('memberOf', user);
  return (await q).map((g) => ({ value: g.id, text: g.name }));
}

/** The groups the user may share the project with (their groups it is not shared with yet); none unless they may share it. */
export async function shareOptions(user: Viewer, project: Pick<Project, 'id' | 'userId'>): Promise<{ value: number; text: string }[]> {
  const role = user ? await projectRole(user, project) : null;
  if (!user || !role || !PROJECT_PERMISSIONS.share.includes(role)) return [];
  const groups = await Group.query()
    .select('groups.id', 'groups.name')
    .modify('memberOf', user)
    .whereNotIn('groups.id', GroupProject.query().select('groupId').where('projectId', project.id))
    .orderBy('groups.name');
  return groups.map((g) => ({ value: g.id, text: g.name }));
}

// ─── the admin area's groups list (spec 3 §2.3 AdminGroups) ─────────────────────────────

export const ADMIN_GROUP_GRID: GridSpec = {
  columns: [
    { field: 'id', header: 'ID', filter: false, csv: false },
    { field: 'name', header: 'Name' },
    { field: 'description', header: 'Description' },
    { field: 'numProjects', header: 'Projects', filter: false },
    { field: 'numMembers', header: 'Members', filter: false },
    { field: 'numInvitations', header: 'Invitations', filter: false },
    { field: 'createdOn', header: 'Created on', filter: false },
    { field: 'createdBy', header: 'Created by' },
  ],
  defaultSort: 'name',
  defaultPerPage: 50,
};

/** GET admin/users/groups: every group of the site (administrators; the route checks the role). */
export function adminGroupRowsQuery(db: Knex): Knex.QueryBuilder {
  return db('groups as g')
    .leftJoin('users as o', 'o.id', 'g.ownerId')
    .select(
      'g.id',
      'g.name',
      'g.description',
      db.raw('(select count(*)::int from group_projects gp where gp.group_id = g.id) as num_projects'),
      db.raw('(select count(*)::int from group_members gm where gm.group_id = g.id) as num_members'),
      db.raw(`(select count(*)::int from group_invites gi where gi.group_id = g.id and gi.status = 'pending') as num_invitations`),
      db.raw('g.created_at as created_on'),
      db.raw(`coalesce(o.user_name, '') as created_by`),
    );
}
